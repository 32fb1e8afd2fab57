"""``check`` made for people: options, labels, snippets, replays, ``--expect``, exit codes."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import hypothesis.core
import numpy as np
import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

from equivalence import cli
from equivalence.__main__ import main
from equivalence.members import REGISTRY
from equivalence.model import Call
from lodestar.metrics import ConfusionMatrix

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PORT = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'port_topk.py'))}"
BUGGY = f"{PORT} --bug ascending-ties"
EXAMPLE = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'docs/_static/example_port.py'))}"


def off_by_one_ulp(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """``ConfusionMatrix.to_array`` with every non-zero cell one unit in the last place up."""
    cells = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight).to_array(normalization)
    return np.where(cells != 0, np.nextafter(cells, np.inf), cells)


def test_members_lists_every_member(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["members", "--names"]) == 0
    assert capsys.readouterr().out.split() == list(REGISTRY)
    assert main(["members"]) == 0
    assert "TopKAccuracy.Score" in capsys.readouterr().out


def test_every_option_has_help_text() -> None:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    cli.add_commands(commands)
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, (name, action.dest)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["check", "Nope.score", "--command", "true"], "no member called 'Nope.score'"),
        (["check", "Accuracy.score", "--implementation", "no_such_module:f"], "No module named"),
        (["check", "Accuracy.score", "--implementation", "json:no_such"], "json has no no_such"),
        (["check", "Accuracy.score", "--implementation", "json"], "expected MODULE:CALLABLE"),
        (["vectors", "Nope.score", "--output", "/tmp/unused"], "no member called"),
        (["run", "Nope.score"], "no member called"),
    ],
)
def test_a_usage_error_is_one_line_and_exit_status_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["check", "Accuracy.score", "--implementaton", "x"], "did you mean --implementation?"),
        (["run", "Accuracy.score", "--json", "x"], "(--json is an option of check"),
        (["rnu"], "did you mean run?"),
        (["run", "--jbos", "2"], "did you mean --jobs?"),
        (["check", "Accuracy.score", "--command", "x", "--protocol", "3"], "invalid choice: 3"),
    ],
)
def test_a_mistyped_word_is_named_with_what_was_meant(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err


def test_a_mistyped_member_is_named_with_what_was_meant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "F1.scor", "--command", "true"]) == 2
    assert "no member called 'F1.scor'; did you mean 'F1.score'?" in capsys.readouterr().err


def test_a_python_counterexample_imports_and_calls_the_users_function_at_full_precision(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    spec = f"{__name__}:off_by_one_ulp"
    report = tmp_path / "report.json"
    argv = ["check", "ConfusionMatrix.to_array", "--implementation", spec, "--seed", "1"]
    assert main([*argv, "--max-examples", "40", "--json", str(report)]) == 1
    out = capsys.readouterr().out
    assert f"under test: {spec}" in out and "lodestar:" not in out
    snippet = out.split("failing again:")[1].split("\n\n")[0]
    lines = [line.strip() for line in snippet.strip().splitlines()]
    assert lines[-2] == f"from {__name__} import off_by_one_ulp"
    assert lines[-1].startswith("off_by_one_ulp(")
    # the one-ULP difference is visible in the printed arrays
    under_test = out.split("under test:   ")[1].split("\n")[0]
    assert "000000000000002" in under_test or "99999999999999" in under_test
    written = json.loads(report.read_text())
    assert written["ok"] is False and written["under_test"] == spec
    assert written["members"][0]["snippet"].endswith(lines[-1])


def overwrites_its_labels(
    y_true: Any = None, y_pred: Any = None, normalize: bool = True, sample_weight: Any = None
) -> float:
    """``Accuracy.score`` that writes 777 over the first true label it was given."""
    from lodestar.metrics import Accuracy

    answer = Accuracy.score(y_true, y_pred, normalize, sample_weight)
    if isinstance(y_true, np.ndarray) and y_true.size and y_true.flags.writeable:
        y_true.flat[0] = 777
    elif isinstance(y_true, list) and y_true:
        y_true[0] = 777
    return answer


def test_a_mutating_implementation_is_shown_what_it_was_given_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    argv = ["check", "Accuracy.score", "--implementation", f"{__name__}:overwrites_its_labels"]
    assert main([*argv, "--seed", "3", "--max-examples", "60", "--json", str(report)]) == 1
    out = capsys.readouterr().out
    assert "modified its input" in out and "777" not in out
    assert "failing again:" in out
    written = json.loads(report.read_text())["members"][0]
    assert written["reproduces"] is True and "777" not in written["snippet"]


def test_a_correct_implementation_never_fails_for_its_budget(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """At one example a scenario, topped up as ``run`` tops up, F1's rarer edges stay
    unreached: a warning in the text and the JSON, a failure only with --require-edges."""
    report = tmp_path / "report.json"
    argv = ["check", "F1.score", "--implementation", "lodestar.metrics:F1.score"]
    argv += ["--seed", "1", "--max-examples", "1", "--json", str(report)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "warning:  declared edges no call reached within the budget" in out
    unreached = json.loads(report.read_text())["members"][0]["unreached_edges"]
    assert unreached and all(edge in out for edge in unreached)
    assert main([*argv, "--require-edges"]) == 1
    assert "declared edges never exercised" in capsys.readouterr().out


def test_the_counterexample_is_shrunk_to_what_matters() -> None:
    member = REGISTRY["TopKAccuracy.score"]
    call = Call(
        ([0, 1, 0, 2], [0.0, 0.0, 0.0, 0.1, 0.9, 0.0, 0.0, 0.0, 0.0, 0.2, 0.2, 0.6], 3),
        {"k": 1, "sample_weight": [0.0, 1.0, 0.0, 1.0], "normalize": True},
    )

    def tie_matters(candidate: Call) -> bool:
        truth, scores = candidate.args[0], candidate.args[1]
        return (
            any(scores[3 * row : 3 * row + 3] == [0.0, 0.0, 0.0] for row in range(len(truth)))
            and candidate.kwargs.get("k") == 1
        )

    smallest = cli.simplify(member, call, tie_matters)
    assert smallest == Call(([0], [0.0, 0.0, 0.0], 3), {"k": 1})


@pytest.mark.parametrize(
    ("fails", "left", "at_most"),
    [
        (lambda call: True, 1, 40),  # every smaller call fails, the last sample's too
        (lambda call: 77_777 in call.args[0], 1, 64),
        (lambda call: 5 in call.args[0] and 99_990 in call.args[0], 2, 200),
    ],
)
def test_shrinking_halves_and_ends(fails: Any, left: int, at_most: int) -> None:
    """Delta debugging over 100 000 samples: a few dozen candidates (log n rounds, not
    one a sample), and an end even where every candidate fails."""
    n = 100_000
    call = Call((list(range(n)), list(range(n))), {"sample_weight": [1.0] * n})
    shrunk = cli.shrink(REGISTRY["Accuracy.score"], call, fails, seconds=None)
    assert len(shrunk.call.args[0]) == left and shrunk.call.kwargs == {}
    assert shrunk.candidates <= at_most and not shrunk.out_of_time


def test_shrinking_stops_at_its_budget() -> None:
    n = 2_000
    call = Call((list(range(n)), list(range(n))), {})
    shrunk = cli.shrink(REGISTRY["Accuracy.score"], call, lambda call: True, seconds=0.0)
    assert shrunk.out_of_time and shrunk.call == call


def test_a_replayed_saved_failure_is_labelled_as_a_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def load() -> str:  # the dev profile, saving failures under tmp_path
        database = DirectoryBasedExampleDatabase(tmp_path)
        settings.register_profile("dev-here", settings.get_profile("dev"), database=database)
        settings.load_profile("dev-here")
        return "dev"

    monkeypatch.setattr(cli.profiles, "load", load)
    # Both runs draw from one seed, as pytest's --hypothesis-seed makes them: the scenarios
    # before the failing one pass alike, and the second run reaches the failing scenario
    # and replays its saved failure first.
    monkeypatch.setattr(hypothesis.core, "global_force_seed", 7)
    argv = ["check", "TopKAccuracy.score", "--command", BUGGY, "--max-examples", "100"]
    assert main(argv) == 1
    assert "REPLAYED" not in capsys.readouterr().out
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "TopKAccuracy.score: FAILS ON A REPLAYED SAVED FAILURE" in out
    assert "failing again:" in out


def test_a_failure_the_port_declares_is_excused_and_no_other(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    expect = tmp_path / "expected.txt"
    expect.write_text(
        "# this port's known differences\nTopKAccuracy.Score  value  ascending ties, #41\n"
    )
    argv = ["check", "TopKAccuracy.score", "--command", BUGGY, "--seed", "3"]
    assert main([*argv, "--max-examples", "100", "--expect", str(expect)]) == 0
    out = capsys.readouterr().out
    assert "TopKAccuracy.score: CONFORMS" in out
    assert "expected: value (" in out and "calls): ascending ties, #41" in out
    # An entry of another kind excuses nothing: the same port fails.
    expect.write_text("TopKAccuracy.score  narrowing\n")
    assert main([*argv, "--max-examples", "100", "--expect", str(expect)]) == 1
    out = capsys.readouterr().out
    assert "TopKAccuracy.score: FAILS" in out and "expected: narrowing (not seen)" in out


def test_an_expected_difference_not_seen_is_said_so_and_fails_under_strict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    expect = tmp_path / "expected.json"
    expect.write_text(json.dumps({"expect": [{"member": "Accuracy.score", "kind": "value"}]}))
    argv = ["check", "Accuracy.score", "--command", EXAMPLE, "--seed", "2", "--max-examples", "60"]
    assert main([*argv, "--expect", str(expect)]) == 0
    out = capsys.readouterr().out
    assert "expected: value (not seen)" in out
    assert "--expect entries never seen: Accuracy.score value" in out
    assert main([*argv, "--expect", str(expect), "--strict"]) == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Accuracy.score\n", "expected `MEMBER KIND [reason]`"),
        ("Accuracy.score tie_order\n", "kind 'tie_order' is none of"),
        ("Accuracy.score divergence:nope\n", "declares no divergence 'nope'"),
        ("Nope.score value\n", "no member called 'Nope.score'"),
        ('{"expect": [{"member": "Accuracy.score"}]}', "kind None is none of"),
        ('{"expect": 3}', 'expected {"expect": [...]}'),
    ],
)
def test_a_bad_expect_file_is_a_usage_error(
    text: str, says: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    expect = tmp_path / "expected.txt"
    expect.write_text(text)
    argv = ["check", "Accuracy.score", "--command", EXAMPLE, "--expect", str(expect)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_the_example_port_on_the_porting_page_conforms(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["check", "Accuracy.score", "--command", EXAMPLE, "--seed", "5", "--max-examples", "150"]
    assert main(argv) == 0, capsys.readouterr().out
    assert "Accuracy.score: CONFORMS" in capsys.readouterr().out


def test_the_expect_schema_ships_and_agrees_with_the_reader(tmp_path: Path) -> None:
    import jsonschema

    schema = json.loads((ROOT / "equivalence/schemas/expect.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert set(schema["properties"]["expect"]["items"]["properties"]["kind"]["enum"]) == set(
        cli.KINDS
    )
    good = {"expect": [{"member": "Accuracy.score", "kind": "value", "reason": "#4"}]}
    bad = {"expect": [{"member": "Accuracy.score", "kind": "divergence"}]}
    jsonschema.validate(good, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)
    # the page's example validates and reads
    page = (ROOT / "docs/porting.md").read_text()
    example = json.loads('{"expect"' + page.split('```json\n{"expect"')[1].split("\n```")[0])
    jsonschema.validate(example, schema)
    path = tmp_path / "expect.json"
    path.write_text(json.dumps(example))
    assert [e.key for e in cli.read_expect(path)] == ["value"]
