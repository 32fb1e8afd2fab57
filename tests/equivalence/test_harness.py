"""The harness end to end: runs, edges, the report, the table, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import strategies as st

from equivalence.__main__ import main
from equivalence.conformance import run_member
from equivalence.members import REGISTRY
from equivalence.model import Call, Edge, Member
from equivalence.render.table import render

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_table_is_a_fresh_render() -> None:
    committed = (ROOT / "docs" / "equivalence.md").read_text(encoding="utf-8")
    assert committed == render(), "run: python -m equivalence table --output docs/equivalence.md"


def test_every_member_has_a_page_at_its_declared_path() -> None:
    for member in REGISTRY.values():
        assert (ROOT / "docs" / member.page).is_file(), member.page


def test_every_divergence_is_explained_on_its_page() -> None:
    for member in REGISTRY.values():
        page = (ROOT / "docs" / member.page).read_text(encoding="utf-8")
        for divergence in member.divergences:
            assert f"`{divergence.name}`" in page, (member.name, divergence.name)


def _toy(calls: st.SearchStrategy[Call], edge: Edge) -> Member:
    """A member whose two sides always agree, with one declared edge."""
    return Member(
        name="Toy.one",
        csharp="Toy.One",
        page="toy.md",
        implementation=lambda x: 1.0,
        oracle=lambda call: 1.0,
        oracle_call="one(x)",
        since="0.1",
        scenarios={"only": calls},
        edges=(edge,),
    )


def test_an_edge_never_reached_fails_the_run() -> None:
    toy = _toy(st.just(Call((0,))), Edge("never", "no call reaches it", lambda c: False))
    result = run_member(toy, max_examples=5)
    assert result.status == "fails"
    assert result.missing_edges == ["never"]


def test_a_rare_edge_is_reached_past_the_budget_before_the_run_fails() -> None:
    """An edge first reached after the budget is spent makes the run draw its share again,
    up to TOP_UP more times; the run conforms and counts every call it judged."""
    from equivalence.conformance import TOP_UP

    def toy(reached_after: int) -> Member:
        seen = [0]

        def late(call: Call) -> bool:
            seen[0] += 1
            return seen[0] > reached_after

        calls = st.integers(0, 9).map(lambda i: Call((i,)))
        return _toy(calls, Edge("late", "reached only after the first calls", late))

    result = run_member(toy(reached_after=12), max_examples=5)
    assert result.status == "conforms", result.failure
    assert result.examples > 12 and result.edges["late"] >= 1
    # never within the budget and every top-up: the run fails for it
    result = run_member(toy(reached_after=10**9), max_examples=5)
    assert result.status == "fails" and result.missing_edges == ["late"]
    assert 5 * TOP_UP <= result.examples <= 5 * (TOP_UP + 1) + 2


def test_a_member_newer_than_the_installed_scikit_learn_has_no_oracle() -> None:
    result = run_member(REGISTRY["BrierScore.multi_class"], version="1.6.1", max_examples=5)
    assert result.status == "no-oracle" and result.ok


def wrong_top_k(y_true, y_score, class_count, k=2, normalize=True, sample_weight=None):  # type: ignore[no-untyped-def]
    """Ranks ties by ascending index: the harness must reject it."""
    from equivalence.mutants import MUTANTS

    (ascending,) = [
        m for m in MUTANTS if (m.member, m.name) == ("TopKAccuracy.score", "ascending_ties")
    ]
    return ascending.implementation(y_true, y_score, class_count, k, normalize, sample_weight)


def test_check_rejects_a_wrong_implementation_with_a_counterexample(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "check",
            "TopKAccuracy.score",
            "--implementation",
            f"{__name__}:wrong_top_k",
            "--max-examples",
            "300",
            "--seed",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "FAILS" in out and "failing again:" in out and "TopKAccuracy.score(" in out


def test_check_accepts_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "check",
            "Accuracy.Score",
            "--implementation",
            "lodestar.metrics:Accuracy.score",
            "--max-examples",
            "60",
            "--seed",
            "1",
        ]
    )
    assert status == 0, capsys.readouterr().out


def test_run_writes_a_report_with_the_versions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.json"
    argv = ["run", "Accuracy.score", "--max-examples", "60", "--seed", "1"]
    status = main([*argv, "--report", str(report)])
    assert status == 0, capsys.readouterr().out
    data = json.loads(report.read_text())
    assert set(data["environment"]) >= {"python", "numpy", "sklearn", "lodestar"}
    (entry,) = data["members"]
    assert entry["member"] == "Accuracy.score" and entry["examples"] > 0
    assert entry["max_ulps"] == 0 and not entry["missing_edges"]


class _Example:
    """Stands for Hypothesis's example data: ``draw`` hands out the queued calls, each
    adding its ``cost`` to ``length``."""

    def __init__(self, calls: list[Call], cost: int) -> None:
        self.queue, self.cost, self.length = list(calls), cost, 0

    def draw(self, strategy: object) -> Call:
        self.length += self.cost
        return self.queue.pop(0)


def _calls(*firsts: int) -> list[Call]:
    return [Call(([first, 1], [1, 1]), {}) for first in firsts]


def test_a_batch_skips_a_repeated_call_and_ends_at_a_second_in_a_row() -> None:
    from equivalence.conformance import batch

    example = _Example(_calls(1, 1, 2, 2, 2, 3), cost=10)
    kept = batch(example.draw, st.nothing(), 32)
    assert [call.args[0][0] for call in kept] == [1, 2]
    assert example.queue == _calls(3)  # the second repeat in a row ended it


def test_a_batch_stops_before_its_biggest_call_would_overrun_the_example() -> None:
    from equivalence.conformance import BATCH_BYTES, batch

    cost = BATCH_BYTES // 4 + 1  # room for three such calls, not four
    example = _Example(_calls(*range(10)), cost=cost)
    assert len(batch(example.draw, st.nothing(), 32)) == 3


def test_without_the_example_size_a_batch_stops_at_the_values_it_holds() -> None:
    from equivalence.conformance import BATCH_VALUES, batch

    counter = iter(range(10**6))

    def draw(strategy: object) -> Call:  # a plain function: no example to read
        return _calls(next(counter))[0]

    assert len(batch(draw, st.nothing(), 10**4)) == BATCH_VALUES // 4  # four values a call
