"""The benchmark's own code at tiny sizes: every case runs, the page renders.

Nothing here asserts a time: a timing assertion would fail on a busy machine and say
nothing about the code.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench import check_latency, render
from bench.__main__ import available, main, selected, uncovered
from bench.cases import CASES, IMAGENET, MAX_SCORES, QUICK_MAX_SCORES, Case, Cell, cells
from bench.run import Row, input_bytes, run_cell
from bench.targets import TARGETS
from bench.timing import measure, peak_memory
from equivalence.members import REGISTRY
from equivalence.references import reciprocal_rank

TINY = 40


def _tiny(case: Case) -> Cell:
    return Cell(TINY, min(case.classes))


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    usable, _ = available(CASES)
    return [run_cell(case, _tiny(case), repeats=3, sample_seconds=0.001) for case in usable]


def test_every_registry_member_has_a_case() -> None:
    assert uncovered() == []


def test_every_case_runs_at_a_tiny_size(rows: list[Row]) -> None:
    assert rows, "no member imported"
    for row in rows:
        assert row.error is None, f"{row.case.name}: {row.error}"
        sides = {"lodestar", "floor"} | ({"scikit-learn"} if row.case.sklearn else set())
        assert set(row.timings) == sides
        assert all(len(timing.samples) >= 3 for timing in row.timings.values())
        if row.case.sklearn is None:  # timed alone: a member held to a plain-loop reference
            assert REGISTRY[row.case.member].oracle_kind == "reference"
            assert row.speedup is None
        else:
            assert row.speedup is not None and row.speedup > 0
        assert row.over_floor is not None and row.over_floor > 0
        assert row.memory is not None and row.memory >= 0


def test_lodestar_and_scikit_learn_answer_the_same_question() -> None:
    """At a tiny size both sides give the same number, so the bench times like for like
    (the binary top-k case aside: scikit-learn thresholds one column there)."""
    for case in available(CASES)[0]:
        cell = Cell(TINY, max(3, min(case.classes))) if case.matrix else _tiny(case)
        inputs = case.build(np.random.default_rng(1), cell.n, cell.classes)
        if case.sklearn is None:  # no scikit-learn counterpart: the plain-loop reference
            ours = case.lodestar(inputs)()
            theirs = reciprocal_rank(inputs["relevance"], inputs["y_score"], inputs["classes"])
            assert case.member == "ReciprocalRank.score" and ours == theirs
            continue
        ours, theirs = case.lodestar(inputs)(), case.sklearn(inputs)()
        if isinstance(ours, float):
            assert ours == pytest.approx(float(theirs), rel=1e-12), case.name


def test_the_grid_respects_the_caps_and_the_extra_sizes() -> None:
    for case in CASES:
        for quick in (True, False):
            found = cells(case, quick)
            assert found == sorted(set(found), key=lambda cell: (cell.classes, cell.n))
            cap = min(case.max_values, QUICK_MAX_SCORES) if quick else case.max_values
            for cell in found:
                if case.matrix and cell not in case.only and cell not in case.extra:
                    assert cell.n * cell.classes <= cap
                if case.max_rows is not None:
                    assert cell.n <= case.max_rows
        if case.only:
            assert cells(case, quick=True) == []
    top_k = [case for case in CASES if case.member == "TopKAccuracy.score"]
    assert all(IMAGENET in cells(case, quick=False) for case in top_k)
    assert MAX_SCORES >= QUICK_MAX_SCORES


def test_members_are_chosen_by_pattern() -> None:
    assert {case.member for case in selected(["topk*"])} == {"TopKAccuracy.score"}
    assert [case.name for case in selected(["Accuracy.score"])] == ["Accuracy.score"]
    assert selected(None) == list(CASES)
    assert selected(["nothing"]) == []


def test_measure_takes_the_samples_asked_for() -> None:
    timings = measure({"a": lambda: sum(range(10)), "b": lambda: None}, repeats=4)
    assert all(len(timing.samples) == 4 for timing in timings.values())
    assert all(timing.low <= timing.median <= timing.high for timing in timings.values())


def test_peak_memory_sees_a_numpy_allocation() -> None:
    assert peak_memory(lambda: np.ones(1 << 20)) >= 8 << 20


def test_input_bytes_counts_the_arrays() -> None:
    inputs = {"y_true": np.zeros(10, np.int64), "y_score": np.zeros((10, 3)), "classes": 3}
    assert input_bytes(inputs) == 80 + 240


def test_the_page_names_every_target_and_member(rows: list[Row]) -> None:
    machine = {"CPU": "test"}
    run = {"Command": "python -m bench"}
    text = render.page(rows, machine, run, {}, [], None)
    for target in TARGETS:
        assert target.text in text
    for row in rows:
        assert row.case.name in text
    assert "](" not in text.split("## Method")[0].split("## Every member")[1]
    assert ">>>" not in text  # the page is collected by Sybil; nothing in it may run
    assert render.terminal_table(rows).count("\n") == len(rows) + 1


def test_the_plot_is_drawn(rows: list[Row], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "plot.png"
    # a few panels (all of them take half a minute), one of a member with no scikit-learn
    # counterpart among them: its panel has no such line
    alone = [row for row in rows if "scikit-learn" not in row.timings and row.error is None]
    paired = [row for row in rows if "scikit-learn" in row.timings]
    assert alone and paired
    render.plot([*alone[:1], *paired[:3]], path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_writes_a_page(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    arguments = ["--quick", "--members", "Accuracy.score", "--repeats", "3", "--output", str(page)]
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        arguments.append("--no-plot")
    assert main(arguments) == 0
    text = page.read_text(encoding="utf-8")
    assert "# Performance" in text and "Accuracy.score" in text
    if "--no-plot" not in arguments:
        assert (tmp_path / "_static" / "performance.png").exists()
    # the time-to-counterexample block, measured apart, survives a new rendering
    block = f"{check_latency.START}\n\n## Time to a counterexample\n\n{check_latency.END}\n"
    page.write_text(check_latency.place(text, block), encoding="utf-8")
    assert main(arguments) == 0
    again = page.read_text(encoding="utf-8")
    assert check_latency.kept(again) == block
    assert again.index(check_latency.END) < again.index(f"\n{check_latency.BEFORE}\n")


def test_the_latency_block_goes_before_the_method_or_at_the_end() -> None:
    block = f"{check_latency.START}\nnew\n{check_latency.END}\n"
    page = "# P\n\n## Rows\n\nr\n\n## Method\n\nm\n"
    placed = check_latency.place(page, block)
    assert placed == f"# P\n\n## Rows\n\nr\n\n{block}\n## Method\n\nm\n"
    assert check_latency.place(placed, block) == placed
    newer = block.replace("new", "newer")
    assert check_latency.kept(check_latency.place(placed, newer)) == newer
    assert check_latency.place("# P\n", block) == f"# P\n\n{block}"
    assert check_latency.kept("# P\n") is None
