"""The speed and memory targets, each checked against the rows of one run."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bench.cases import IMAGENET, LABEL_CLASSES, Cell
from bench.run import Row

__all__ = ["TARGETS", "Target", "Verdict", "misses"]


@dataclass(frozen=True)
class Verdict:
    """The figure measured, and whether it meets the target (``None``: not measured)."""

    measured: str
    holds: bool | None


@dataclass(frozen=True)
class Target:
    text: str
    check: Callable[[Sequence[Row]], Verdict]


def _find(rows: Sequence[Row], name: str, cell: Cell) -> Row | None:
    for row in rows:
        if row.case.name == name and row.cell == cell and row.error is None:
            return row
    return None


def _speedup_at_least(name: str, cell: Cell, least: float) -> Callable[[Sequence[Row]], Verdict]:
    def check(rows: Sequence[Row]) -> Verdict:
        row = _find(rows, name, cell)
        if row is None or row.speedup is None:
            return Verdict("not measured in this run", None)
        return Verdict(f"{row.speedup:.1f}× faster", row.speedup >= least)

    return check


def _floor_at_most(name: str, cell: Cell, most: float) -> Callable[[Sequence[Row]], Verdict]:
    def check(rows: Sequence[Row]) -> Verdict:
        row = _find(rows, name, cell)
        if row is None or row.over_floor is None:
            return Verdict("not measured in this run", None)
        return Verdict(f"{row.over_floor:.2f}× the floor", row.over_floor <= most)

    return check


def _memory_at_most(name: str, cell: Cell, share: float) -> Callable[[Sequence[Row]], Verdict]:
    def check(rows: Sequence[Row]) -> Verdict:
        row = _find(rows, name, cell)
        if row is None or row.memory_share is None or row.memory is None:
            return Verdict("not measured in this run", None)
        return Verdict(
            f"{row.memory_share:.2%} ({row.memory / 2**20:.2f} MiB of "
            f"{row.input_bytes / 2**20:.0f} MiB)",
            row.memory_share <= share,
        )

    return check


def misses(rows: Sequence[Row]) -> list[Row]:
    """The rows where lodestar is slower than scikit-learn, slowest first."""
    slower = [row for row in rows if row.speedup is not None and row.speedup < 1]
    return sorted(slower, key=lambda row: row.speedup or 0.0)


def _never_slower(rows: Sequence[Row]) -> Verdict:
    timed = [row for row in rows if row.speedup is not None]
    if not timed:
        return Verdict("not measured in this run", None)
    slow = misses(timed)
    worst = min(timed, key=lambda row: row.speedup or 0.0)
    where = f"{worst.case.name} at n = {worst.cell.n:,}, {worst.cell.classes} classes"
    if slow:
        return Verdict(
            f"{len(slow)} of {len(timed)} sizes slower; the worst {worst.speedup:.2f}× ({where})",
            False,
        )
    return Verdict(f"all {len(timed)} sizes; the closest {worst.speedup:.2f}× ({where})", True)


_TOP_K = "TopKAccuracy.score (continuous)"
_TOP_K_TIES = "TopKAccuracy.score (ties)"
_MATRIX = "ConfusionMatrix.compute"

TARGETS: tuple[Target, ...] = (
    Target(
        "`TopKAccuracy.score`, 50 000 × 1 000, k = 5: at least 40× faster than "
        "`top_k_accuracy_score`",
        _speedup_at_least(_TOP_K, IMAGENET, 40),
    ),
    Target(
        "`TopKAccuracy.score`, 50 000 × 1 000, k = 5, continuous scores: at most 3× the floor",
        _floor_at_most(_TOP_K, IMAGENET, 3),
    ),
    Target(
        "`TopKAccuracy.score`, 50 000 × 1 000, k = 5, scores from {0, ¼, ½, ¾}: at most "
        "5× the floor",
        _floor_at_most(_TOP_K_TIES, IMAGENET, 5),
    ),
    Target(
        "`TopKAccuracy.score`, 50 000 × 1 000: extra memory at most 5 % of the input",
        _memory_at_most(_TOP_K, IMAGENET, 0.05),
    ),
    Target(
        "`ConfusionMatrix.compute`, 10⁶ samples, 10 classes: at least 5× faster than "
        "`confusion_matrix`",
        _speedup_at_least(_MATRIX, Cell(1_000_000, LABEL_CLASSES), 5),
    ),
    Target(
        "`ConfusionMatrix.compute`, 10⁷ samples, 10 classes: at least 5× faster than "
        "`confusion_matrix`",
        _speedup_at_least(_MATRIX, Cell(10_000_000, LABEL_CLASSES), 5),
    ),
    Target(
        "`CohenKappa.score`, 10⁶ samples, 10 classes: at least 5× faster than `cohen_kappa_score`",
        _speedup_at_least("CohenKappa.score", Cell(1_000_000, LABEL_CLASSES), 5),
    ),
    Target(
        "`MeanSquaredError.score`, 10⁶ samples, 1 output: at least 3× faster than "
        "`mean_squared_error`",
        _speedup_at_least("MeanSquaredError.score", Cell(1_000_000, 1), 3),
    ),
    Target(
        "`MeanSquaredError.score`, 10⁵ samples, 10 outputs: at least 3× faster than "
        "`mean_squared_error`",
        _speedup_at_least("MeanSquaredError.score", Cell(100_000, 10), 3),
    ),
    *(
        Target(
            f"`{name}`, 10⁶ samples, 10 clusters: at least 3× faster than scikit-learn",
            _speedup_at_least(name, Cell(1_000_000, LABEL_CLASSES), 3),
        )
        for name in (
            "RandIndex.score",
            "AdjustedRand.score",
            "MutualInformation.score",
            "Homogeneity.score",
            "Completeness.score",
            "VMeasure.score",
            "NormalizedMutualInformation.score",
            "FowlkesMallows.score",
        )
    ),
    Target("Every member, every size: never slower than scikit-learn", _never_slower),
)

TARGETS = (
    *TARGETS,
    *(
        Target(
            f"`{name}`, 10⁴ rows × 100 labels: at least 2× faster than scikit-learn",
            _speedup_at_least(name, Cell(10_000, 100), 2),
        )
        for name in (
            "CoverageError.score",
            "LabelRankingLoss.score",
            "LabelRankingAveragePrecision.score",
        )
    ),
)
