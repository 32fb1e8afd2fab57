"""Protocol 2: the start exchange, the seq, skipped and errored answers; protocol 1 ports
work unchanged (the porting page's example port runs both ways)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from equivalence.__main__ import main

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXAMPLE = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'docs/_static/example_port.py'))}"
PROTO = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'proto_port.py'))}"
BUDGET = ["--seed", "3", "--max-examples", "80", "--timeout", "20"]


@pytest.mark.parametrize("protocol", ["1", "2"])
def test_the_example_port_conforms_under_both_protocols(
    protocol: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["check", "Accuracy.score", "--command", EXAMPLE, "--protocol", protocol, *BUDGET]
    assert main(argv) == 0
    assert "Accuracy.score: CONFORMS" in capsys.readouterr().out


def test_a_member_the_port_does_not_name_is_not_implemented_not_failed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["check", "Accuracy.score", "F1.score", "--command", EXAMPLE, "--protocol", "2"]
    assert main([*argv, *BUDGET]) == 0
    out = capsys.readouterr().out
    assert "F1.score: NOT IMPLEMENTED" in out
    assert "1 of 2 members conform, 1 not implemented by the port." in out


def test_an_answer_out_of_step_is_the_ports_fault(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "Accuracy.score", "--command", f"{PROTO} wrong-seq", "--protocol", "2"]
    assert main([*argv, *BUDGET]) == 1
    assert "answered seq 2 to the request of seq 3" in capsys.readouterr().err


def test_a_start_answered_with_something_else_is_the_ports_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["check", "Accuracy.score", "--command", f"{PROTO} bad-start", "--protocol", "2"]
    assert main([*argv, *BUDGET]) == 1
    assert "not a start" in capsys.readouterr().err


def test_skipped_calls_are_counted_listed_and_fail_under_strict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = ["check", "Accuracy.score", "--command", f"{PROTO} skip-weighted", "--protocol", "2"]
    assert main([*argv, *BUDGET, "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert "calls: weights are not ported yet (https://example.invalid/7)" in out
    entry = json.loads(report.read_text())["members"][0]
    assert entry["skipped"][0]["why"] == "weights are not ported yet"
    assert entry["outcomes"]["skipped"] == entry["skipped"][0]["calls"] > 0
    assert main([*argv, *BUDGET, "--strict"]) == 1


def test_an_errored_answer_is_a_crash_not_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "Accuracy.score", "--command", f"{PROTO} errored", "--protocol", "2"]
    assert main([*argv, *BUDGET]) == 1
    out = capsys.readouterr().out
    assert "raised PortErrored" in out and "IndexError in weights()" in out
