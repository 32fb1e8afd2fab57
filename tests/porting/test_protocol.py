"""Protocol 2: the start exchange, the seq, skipped and errored answers; protocol 1 ports
work unchanged (the porting page's example port runs both ways)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from equivalence import cli
from equivalence.__main__ import main
from equivalence.members import REGISTRY
from equivalence.model import Call
from equivalence.ports.process import Port

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXAMPLE = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'docs/_static/example_port.py'))}"
PROTO = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'proto_port.py'))}"
TOPK = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'port_topk.py'))}"
BUDGET = ["--seed", "3", "--max-examples", "80", "--timeout", "20"]


def _proto(mode: str) -> list[str]:
    """``check Accuracy.score`` of the protocol-2 test port misbehaving as ``mode`` says."""
    return ["check", "Accuracy.score", "--command", f"{PROTO} {mode}", "--protocol", "2"]


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
    argv = _proto("wrong-seq")
    assert main([*argv, *BUDGET]) == 1
    assert "answered seq 2 to the request of seq 3" in capsys.readouterr().err


def test_a_start_answered_with_something_else_is_the_ports_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = _proto("bad-start")
    assert main([*argv, *BUDGET]) == 1
    assert "not a start" in capsys.readouterr().err


def test_skipped_calls_are_counted_listed_and_fail_under_strict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = _proto("skip-weighted")
    assert main([*argv, *BUDGET, "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert "calls: weights are not ported yet (https://example.invalid/7)" in out
    entry = json.loads(report.read_text())["members"][0]
    assert entry["skipped"][0]["why"] == "weights are not ported yet"
    assert entry["outcomes"]["skipped"] == entry["skipped"][0]["calls"] > 0
    assert main([*argv, *BUDGET, "--strict"]) == 1


def test_an_errored_answer_is_a_crash_not_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    argv = _proto("errored")
    assert main([*argv, *BUDGET]) == 1
    out = capsys.readouterr().out
    assert "raised PortErrored" in out and "IndexError in weights()" in out


def _run_pasted(snippet: str) -> list[dict[str, object]]:
    """What the pasted shell line prints, run by the shell as a porter would run it."""
    done = subprocess.run(
        snippet, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize(
    ("mode", "outcome", "answered"),
    [("drop-weights", "fail", "value"), ("errored", "errored", "errored")],
)
def test_a_protocol_2_ports_counterexample_replays_as_pasted(
    mode: str, outcome: str, answered: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # proto_port.py speaks protocol 2 alone: a bare request line ends it with status 3, so
    # a counterexample pasted as protocol 1's echo could never fail again.
    report = tmp_path / "report.json"
    argv = _proto(mode)
    assert main([*argv, *BUDGET, "--shrink-seconds", "10", "--json", str(report)]) == 1
    out = capsys.readouterr().out
    assert "Counterexample, replayed as pasted and failing again:" in out
    entry = json.loads(report.read_text())["members"][0]
    assert entry["reproduces"] is True
    assert entry["outcomes"][outcome] > 0
    snippet = entry["snippet"]
    assert snippet.startswith('printf \'%s\\n\' \'{"start": {"protocol": 2}}\' \'{"seq": 1, ')
    assert snippet.endswith(f"| {PROTO} {mode}") and snippet in out
    start, answer = _run_pasted(snippet)
    assert start["start"] == {
        "protocol": 2,
        "name": "proto",
        "language": "Python",
        "version": "0",
        "members": ["Accuracy.score"],
    }
    assert answer["seq"] == 1 and answered in answer


def test_a_protocol_1_counterexample_is_still_an_echoed_request(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = ["check", "TopKAccuracy.score", "--command", f"{TOPK} --bug ascending-ties"]
    assert main([*argv, *BUDGET, "--shrink-seconds", "10", "--json", str(report)]) == 1
    entry = json.loads(report.read_text())["members"][0]
    assert entry["reproduces"] is True
    assert entry["snippet"].startswith('echo \'{"member": "TopKAccuracy.score", ')
    assert "seq" not in entry["snippet"]
    [answer] = _run_pasted(entry["snippet"])
    assert set(answer) == {"value"}
    assert json.loads(report.read_text())["port"] is None


def test_the_ports_start_is_recorded_and_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = _proto("good")
    assert main([*argv, *BUDGET, "--json", str(report)]) == 0
    assert "\n  port:     proto 0 (Python)\n" in capsys.readouterr().out
    written = json.loads(report.read_text())
    assert written["port"] == {"name": "proto", "language": "Python", "version": "0", "protocol": 2}


def test_a_start_that_does_not_name_its_language_is_the_ports_fault(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = _proto("no-language")
    assert main([*argv, *BUDGET, "--json", str(report)]) == 1
    assert "the port answered a start that names no language" in capsys.readouterr().err
    written = json.loads(report.read_text())
    assert written["port_failure"]["fault"] == "start"
    assert written["port_failure"]["member"] == "Accuracy.score"
    assert written["port"] is None


def test_an_errored_answer_that_is_not_a_string_is_the_ports_fault(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = _proto("errored-object")
    assert main([*argv, *BUDGET, "--json", str(report)]) == 1
    assert "answered an errored whose message is not a string" in capsys.readouterr().err
    assert json.loads(report.read_text())["port_failure"]["fault"] == "neither"


def test_the_wire_schema_holds_what_the_reader_holds() -> None:
    import jsonschema

    schema = json.loads((ROOT / "equivalence/schemas/wire-response.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    start = {"protocol": 2, "name": "proto", "language": "Python", "version": "0"}
    jsonschema.validate({"start": start}, schema)
    jsonschema.validate({"seq": 1, "errored": "IndexError"}, schema)
    for key in ("name", "language", "version"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"start": {k: v for k, v in start.items() if k != key}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"seq": 1, "errored": {"trace": []}}, schema)


@pytest.mark.parametrize("limit", [cli.ECHO_LIMIT, 10])
def test_the_pasted_line_or_file_is_what_a_protocol_2_port_answers(
    monkeypatch: pytest.MonkeyPatch, limit: int
) -> None:
    # past the limit the two lines go to a file the pasted command reads
    monkeypatch.setattr(cli, "ECHO_LIMIT", limit)
    member = REGISTRY["Accuracy.score"]
    call = Call(([0, 1], [0, 0]), {})
    snippet, path = cli._snippet_command(f"{PROTO} good", member, call, 2)
    try:
        assert (path is None) == (limit > 1000)
        if path is not None:
            start, request = Path(path).read_text().splitlines()
            assert json.loads(start) == {"start": {"protocol": 2}}
            assert json.loads(request)["seq"] == 1
        with Port(snippet, feed=False, protocol=2, timeout=30) as port:
            assert port.ask(member, call) == 0.5
            assert port.identity is not None and port.identity["name"] == "proto"
    finally:
        if path is not None:
            Path(path).unlink()
