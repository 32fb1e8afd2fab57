"""The label-ranking members, ``CoverageError.score``, ``LabelRankingLoss.score`` and
``LabelRankingAveragePrecision.score``, declared once for the three.

Each takes a label matrix (booleans, or 0 and 1) and a score matrix of the same shape,
flat and row-major with a ``label_count`` (the C# form) or as 2-D arrays, and per-row
weights. The calls pass ``y_true``, ``y_score`` and ``label_count`` by position and the
weights by keyword; predicates read the two matrices once, through ``View.derived``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import primitives
from equivalence.families.dcg.members import as_rows, wrong_size
from equivalence.model import Call, Divergence, Edge, Member, Tolerance
from equivalence.view import View
from lodestar.metrics import CoverageError, LabelRankingAveragePrecision, LabelRankingLoss

__all__ = ["COVERAGE_ERROR", "LABEL_RANKING_AVERAGE_PRECISION", "LABEL_RANKING_LOSS", "MEMBERS"]

Rows = np.ndarray[Any, Any]


def _parsed(v: View) -> tuple[Rows, Rows] | None:
    """The relevance (as booleans) and the scores as rows, or ``None`` (or a raise, which
    ``View.derived`` reads as ``None``) where lodestar refuses them for shape or values."""
    truth, ranked = (as_rows(v.array(i), v.classes) for i in (0, 1))
    if truth.dtype.kind not in "biuf" or ranked.dtype.kind not in "iuf":
        return None
    if truth.shape != ranked.shape or not truth.size or not np.isfinite(ranked).all():
        return None
    return (truth != 0, ranked.astype(np.float64)) if _binary(v) else None


def _zeros_and_ones(v: View) -> bool:
    truth = v.array(0)
    return truth.dtype.kind == "b" or bool(((truth == 0) | (truth == 1)).all())


def _binary(v: View) -> bool:
    """The label matrix holds booleans, or numbers that are each 0 or 1 (read once)."""
    return bool(v.derived(_zeros_and_ones))


def _rows_are(test: Callable[[Rows, Rows], Any]) -> Callable[[View], bool]:
    """Holds where the matrices parse and ``test(relevant, scores)`` holds."""
    return lambda v: (parsed := v.derived(_parsed)) is not None and bool(test(*parsed))


def _relevant_counts(v: View) -> tuple[list[int], int] | None:
    """How many labels of each row are relevant, and the width (read once)."""
    parsed = v.derived(_parsed)
    return None if parsed is None else (parsed[0].sum(axis=1).tolist(), parsed[0].shape[1])


def _counts(test: Callable[[list[int], int], Any]) -> Callable[[View], bool]:
    """Holds where the matrices parse and ``test(relevant labels a row, width)`` holds."""
    return lambda v: (counts := v.derived(_relevant_counts)) is not None and bool(test(*counts))


def _tie_across(relevant: Rows, scores: Rows) -> bool:
    """A relevant and an irrelevant label of one row share a score."""
    rows = zip(relevant.tolist(), scores.tolist(), strict=True)
    return any(
        {s for t, s in zip(*row, strict=True) if t}
        & {s for t, s in zip(*row, strict=True) if not t}
        for row in rows
    )


def _not_binary(v: View) -> bool:
    truth = v.array(0)
    return truth.dtype.kind in "iuf" and not _binary(v)


def _weight_length_wrong(v: View) -> bool:
    parsed = v.derived(_parsed)
    return parsed is not None and v.weight is not None and v.weight.size != len(parsed[0])


def _oracle(function: str) -> Callable[[View], float]:
    """scikit-learn's ``function`` on the two matrices as ``(rows, label_count)`` arrays,
    their dtypes kept (a boolean or integer label matrix stays one). A 2-D block of
    another width is refused: it is not the question the call asks."""

    def ask(v: View) -> float:
        from sklearn import metrics

        truth, scores = (as_rows(value, v.classes) for value in v.args[:2])
        return float(getattr(metrics, function)(truth, scores, sample_weight=v.weight))

    return ask


#: The kinds of weights a scenario draws (any other: every valid kind); weights of the
#: wrong length are one kind of the weighted scenario's.
WEIGHTS = {
    "zero_sum_weight": ("zero_sum", "all_zero"),
    "weighted": (*primitives.VALID_WEIGHTS, *("wrong_length",) * 3),
}


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    widths = (17, 40) if scenario == "wide_rows" else (2, 6)
    rows_range = {"single_row": (1, 1), "wide_rows": (1, 3)}.get(scenario, (1, 6))
    width, rows, density, weighted = primitives.integers(draw, widths, rows_range, (0, 3), (0, 1))
    if scenario == "single_label":
        width = primitives.pick(draw, (1, 0, -1))
    size = rows * max(width, 0)
    cells = ((False,), (True,), (True, False), (True, True, False))[density]
    truth = draw(primitives.table(size, cells))
    relevant: list[list[Any]] = truth.reshape(rows, max(width, 0)).tolist()
    scores: list[list[Any]] = draw(primitives.score_rows(rows, max(width, 0)))
    kwargs: dict[str, Any] = {}
    if weighted or scenario in WEIGHTS:
        kinds = WEIGHTS.get(scenario, ())
        kwargs["sample_weight"] = draw(primitives.weights(rows, *kinds))
    if scenario == "tie_across" and rows and width >= 2:
        first, second = primitives.subset(draw, range(width), 2)
        relevant[0][first], relevant[0][second] = True, False
        scores[0][second] = scores[0][first]
    if scenario == "uninformative_rows":  # a row with nothing relevant, one with everything
        chosen = primitives.subset(draw, range(rows), 2)
        for row, value in zip(
            chosen, primitives.permutation(draw, (False, True))[: len(chosen)], strict=True
        ):
            relevant[row] = [value] * width
    if scenario == "non_finite":
        bad = primitives.pick(draw, primitives.NON_FINITE)
        if primitives.flip(draw):
            kwargs["sample_weight"] = [1.0] * (rows - 1) + [bad]
        else:
            scores[primitives.index(draw, rows)][primitives.index(draw, width)] = bad
    label_count: Any = width
    y_true: Any = np.array(primitives.flat(relevant), dtype=np.bool_)
    y_score: Any = primitives.flat(scores)
    if scenario in ("two_d", "wide_rows") and primitives.flip(draw):  # numbers 0 and 1
        y_true = y_true.astype(primitives.pick(draw, (np.int64, np.float64, np.uint8)))
    if scenario == "not_binary":
        y_true = y_true.astype(np.int64) * primitives.pick(draw, (2, -1, 3))
        y_true = y_true if y_true.any() else y_true - 1
    if scenario == "wrong_size":  # both long, the scores short, 2-D of another width, empty
        how = primitives.index(draw, 4)
        if how == 3:
            y_true, y_score = y_true[:0], []
        elif how == 0:
            y_true, y_score = np.append(y_true, True), [*y_score, 0.5]
        elif how == 1:
            y_score = y_score[:-1]
        else:
            y_true, label_count = (
                y_true.reshape(rows, width),
                width + primitives.pick(draw, (-1, 1)),
            )
    if scenario in ("two_d", "wide_rows") and primitives.flip(draw):
        y_true, y_score = y_true.reshape(rows, width), np.array(scores, dtype=np.float64)
        y_score = y_score if primitives.flip(draw) else np.ravel(y_score)
    kept = tuple(kwargs) if scenario != "valid" else ()
    return Call((y_true, y_score, label_count), primitives.with_defaults(draw, kwargs, kept))


SCENARIOS = (
    *("valid", "tie_across", "uninformative_rows", "single_row", "single_label", "wide_rows"),
    *("weighted", "zero_sum_weight", "two_d"),
    *("wrong_size", "non_finite", "not_binary"),
)
EDGES = (
    Edge(
        "tie_across", "a relevant and an irrelevant label of one row tied", _rows_are(_tie_across)
    ),
    Edge("nothing_relevant", "a row with no relevant label", _counts(lambda p, w: 0 in p)),
    Edge(
        "everything_relevant",
        "a row whose every label is relevant",
        _counts(lambda p, w: w in p),
    ),
    Edge("single_row", "one row", _rows_are(lambda truth, _: len(truth) == 1)),
    Edge("single_label", "label_count = 1", lambda v: v["label_count"] == 1),
    Edge("label_count_below_one", "label_count of 0 or below", lambda v: (v.classes or 1) < 1),
    Edge(
        "many_relevant",
        "eight or more relevant labels a row, summed pairwise",
        _counts(lambda p, w: max(p) >= 8),
    ),
    Edge(
        "integer_truth",
        "a label matrix of numbers 0 and 1",
        lambda v: _binary(v) and v.array(0).dtype.kind != "b",
    ),
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight"),
    Edge(
        "two_d",
        "a matrix given as a 2-D array",
        lambda v: any(v.array(i).ndim == 2 for i in (0, 1)),
    ),
    Edge("empty", "no label at all", lambda v: all(v.array(i).size == 0 for i in (0, 1))),
    Edge("wrong_size", "matrices that are not equal rows of label_count", wrong_size),
    Edge("wrong_weight_length", "a weight vector of the wrong length", _weight_length_wrong),
    *shared.edges("non_finite"),
    Edge("not_binary", "a label matrix holding a number other than 0 and 1", _not_binary),
)
DIVERGENCES = (
    shared.non_finite_weight(answered="NaN, without checking the weights"),
    Divergence(
        "not_binary",
        "narrowing",
        "A label matrix holding a number other than 0 and 1 is refused, as the C# bool span "
        "cannot hold one; scikit-learn reads an integer matrix of at most two values as an "
        "indicator (any non-zero value relevant) and answers.",
        _not_binary,
    ),
)


def _member(kind: Any, function: str, page: str) -> Member:
    name = kind.__name__
    return Member(
        name=f"{name}.score",
        csharp=f"{name}.Score",
        page=f"reference/metrics/ranking/{page}-score.md",
        implementation=kind.score,
        oracle=_oracle(function),
        oracle_call=f"{function}(y_true.reshape(-1, label_count), "
        "y_score.reshape(-1, label_count), sample_weight=sample_weight)",
        since="1.3",
        scenarios={scenario: _calls(scenario) for scenario in SCENARIOS},
        edges=EDGES,
        divergences=DIVERGENCES,
        # Measured 0: the ranks are integers, a row's value one division of two of them
        # (coverage and loss) or scikit-learn's pairwise mean over the row's relevant
        # labels in label order (average precision), and the mean over the rows is
        # numpy.average's, or the left-to-right total scikit-learn's loop makes.
        tolerance=Tolerance(ulps=0),
        roles={"y_true": "label_matrix"},
        example=Call(
            ([True, False, False, False, False, True], [0.75, 0.5, 1.0, 1.0, 0.2, 0.1], 3),
            {"sample_weight": [1.0, 3.0]},
        ),
    )


COVERAGE_ERROR = _member(CoverageError, "coverage_error", "coverageerror")
LABEL_RANKING_LOSS = _member(LabelRankingLoss, "label_ranking_loss", "labelrankingloss")
LABEL_RANKING_AVERAGE_PRECISION = _member(
    LabelRankingAveragePrecision,
    "label_ranking_average_precision_score",
    "labelrankingaverageprecision",
)
MEMBERS = (COVERAGE_ERROR, LABEL_RANKING_LOSS, LABEL_RANKING_AVERAGE_PRECISION)
