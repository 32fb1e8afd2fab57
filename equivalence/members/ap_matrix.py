"""The average precision of a label matrix: ``AveragePrecision.per_label`` and the matrix
overload of ``AveragePrecision.score`` (``AveragePrecision.score[matrix]``).

Both take a boolean label matrix (:mod:`equivalence.labelmatrix`) beside a score matrix of
the same shape, flat and row-major with ``label_count`` or 2-D, and one weight a row. The
scores are drawn from the short table of :mod:`equivalence.scores`, so that ties inside a
column are the rule. The matrix overload is called through a wrapper with the C#
parameters in their order, ``label_count`` third and ``averaging`` fourth.

Measured on 1.3.2 to 1.9.1 (``_average_binary_score`` is the same computation in every
version): weights that are all zero are refused by every averaging but ``weighted``, which
answers 0 before it reads a score (an ``IndexError`` before 1.9, scikit-learn's own
sentence from 1.9); a NaN or infinite weight or score is refused throughout;
``average="samples"`` is answered (the C# ``Averaging`` has no such member). Each column
is the binary average precision, so the binary member's version differences carry over:
the sum unclipped before 1.6, ties walked in reverse sample order before 1.8.

Every ``expected`` below is worked out with NumPy alone from :func:`scores.walk`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence import labelmatrix as lm
from equivalence import roles as r
from equivalence import scores, shared
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange, distance
from equivalence.scores import Array
from equivalence.view import View, is_count
from lodestar.metrics import AveragePrecision, Averaging

__all__ = ["MEMBERS", "PER_LABEL", "SCORE_OF_MATRIX", "score_of_matrix"]


def score_of_matrix(
    y_true: Any,
    y_score: Any,
    label_count: Any,
    averaging: Any = Averaging.MACRO,
    sample_weight: Any = None,
) -> float:
    """``AveragePrecision.score(y_true, y_score, sample_weight=..., label_count=...,
    averaging=...)``: the C# matrix overload's parameters, in its order."""
    return AveragePrecision.score(
        y_true, y_score, sample_weight=sample_weight, label_count=label_count, averaging=averaging
    )


# -- reading a call back ------------------------------------------------------------------


def _block(value: Any, count: int) -> Array:
    array = np.asarray(value)
    if array.ndim == 2 and array.shape[1] == count:
        return array
    if array.ndim == 1 and array.size % count == 0:
        return array.reshape(-1, count)
    raise ValueError("not a whole number of rows of label_count")


def _read(v: View) -> tuple[Array, Array]:
    """``y_true`` and ``y_score`` as ``(rows, label_count)`` arrays, dtypes kept (raises
    where they are not whole rows of a valid ``label_count``)."""
    count = v["label_count"]
    if not is_count(count) or count < 1:
        raise ValueError("label_count is not a count of at least 1")
    return _block(v["y_true"], count), _block(v["y_score"], count)


def _parsed(v: View) -> tuple[Array, Array] | None:
    """The boolean label matrix and the float scores of a call lodestar answers (the
    averaging aside); ``None`` where it refuses them."""
    try:
        truth, block = _read(v)
    except ValueError:
        return None
    if truth.dtype.kind != "b" or block.dtype.kind not in "iuf" or truth.shape != block.shape:
        return None
    if not truth.size or not np.isfinite(block).all():
        return None
    weight = v.weight
    if weight is not None and (weight.size != len(truth) or not np.isfinite(weight).all()):
        return None
    if v.all_zero_weight:
        return None
    return truth, block.astype(np.float64)


def parsed(v: View) -> tuple[Array, Array] | None:
    return v.derived(_parsed)


def _setting(v: View) -> Any:
    value = v["averaging"]
    if isinstance(value, str) and value in {e.value for e in Averaging}:
        return Averaging(value)
    return value


# -- the expected answers -------------------------------------------------------------------


def _step_sum(fps: Array, tps: Array, clipped: bool) -> float:
    ps = tps + fps
    precision = np.divide(tps, ps, out=np.zeros_like(tps), where=ps != 0)
    recall = tps / tps[-1] if tps[-1] != 0 else np.ones_like(tps)
    total = float(-np.sum(np.diff(np.r_[recall[::-1], 0.0]) * precision[::-1]))
    return max(0.0, total) if clipped else total


def _column(
    v: View, hit: Array, score: Array, weight: Array | None, how: tuple[bool, bool]
) -> float:
    reverse_ties, clipped = how
    fps, tps, _ = scores.walk(v, reverse_ties, (hit, score, weight))
    return _step_sum(fps, tps, clipped)


def per_label_expected(v: View, reverse_ties: bool = False, clipped: bool = True) -> Array:
    """``average_precision_score(..., average=None)`` in NumPy, column by column."""
    truth, block = parsed(v)  # type: ignore[misc]
    how = (reverse_ties, clipped)
    return np.array(
        [_column(v, truth[:, c], block[:, c], v.weight, how) for c in range(truth.shape[1])]
    )


def score_expected(v: View, reverse_ties: bool = False, clipped: bool = True) -> float:
    """``average_precision_score(..., average=...)`` in NumPy, as ``_average_binary_score``
    averages: MICRO ravels (each row's weight repeated along it), MACRO is the plain mean,
    WEIGHTED weighs each label by its positive weight, 0 when those total within 1e-8."""
    truth, block = parsed(v)  # type: ignore[misc]
    weight, mode = v.weight, _setting(v)
    if mode is Averaging.MICRO or truth.shape[1] == 1:  # one label: a binary problem
        repeated = None if weight is None else np.repeat(weight, truth.shape[1])
        how = (reverse_ties, clipped)
        return _column(v, truth.reshape(-1), block.reshape(-1), repeated, how)
    each = per_label_expected(v, reverse_ties, clipped)
    if mode is not Averaging.WEIGHTED:
        return float(np.average(each))
    totals = truth.sum(axis=0) if weight is None else (truth * weight[:, None]).sum(axis=0)
    if np.isclose(totals.sum(), 0.0):
        return 0.0
    each[totals == 0] = 0
    return float(np.average(each, weights=totals))


# -- the oracles --------------------------------------------------------------------------


def _per_label_oracle(v: View) -> Array:
    """scikit-learn's ``average=None``; one label is a binary problem to it, answered as
    a scalar, read here as the one score of the one label."""
    from sklearn.metrics import average_precision_score

    truth, block = _read(v)
    result = average_precision_score(truth, block, average=None, sample_weight=v.unweighted)
    return np.atleast_1d(np.asarray(result, dtype=np.float64))


def _score_oracle(v: View) -> Any:
    from sklearn.metrics import average_precision_score

    truth, block = _read(v)
    mode = _setting(v)
    average = mode.value if isinstance(mode, Averaging) else mode
    result = average_precision_score(truth, block, average=average, sample_weight=v.unweighted)
    return result if isinstance(result, np.ndarray) else float(result)


# -- the calls ------------------------------------------------------------------------------

_AVERAGES = (Averaging.MACRO, Averaging.WEIGHTED, Averaging.MICRO, "macro", "weighted", "micro")
_OTHER_AVERAGES = (Averaging.BINARY, "binary", "samples", None, "Macro")
#: The scenarios of :mod:`equivalence.labelmatrix` and the member's own.
_OWN = ("ties", "all_equal", "no_positive_label", "rounding", "non_finite", "not_boolean")
SCENARIOS = (*lm.VALID, *lm.INVALID, *_OWN)


@r.composite
def _calls(draw: r.Draw, scenario: str, averaged: bool) -> Call:
    base = scenario if scenario in lm.VALID + lm.INVALID else "valid"
    base = "weighted" if scenario == "rounding" else base
    drawn: lm.LabelMatrices = draw(lm.label_matrices(base))
    truth: Array = drawn.y_true.copy()
    # The scores take the prediction's shape, which the invalid scenarios spoil.
    shape = drawn.y_pred.shape
    block: Array = np.array(draw(r.table(int(np.prod(shape)), scores.SCORES)), dtype=np.float64)
    block = block.reshape(shape)
    rows = len(truth) if truth.ndim == 2 else 0
    count = drawn.label_count
    weight = drawn.sample_weight
    if scenario == "ties" and rows >= 2:
        column = r.index(draw, count)
        truth[0, column], truth[1, column] = True, False
        block[1, column] = block[0, column]
    if scenario == "all_equal" and block.size:
        block[...] = block.flat[0]
    if scenario == "no_positive_label" and rows:
        truth[:, r.index(draw, count)] = False
    if scenario == "rounding":  # running sums that round, inside ties and across them
        weight = draw(r.table(rows, scores.ROUNDING)).tolist()
    if scenario == "non_finite" and block.size:
        block.flat[r.index(draw, block.size)] = r.pick(draw, r.NON_FINITE)
    y_true: Any = truth
    if scenario == "not_boolean":
        y_true = truth.astype(r.pick(draw, (np.int64, np.float64, np.uint8)))
    y_score: Any = block
    if r.flip(draw):  # the C# form: flat and row-major
        y_true, y_score = np.ravel(y_true), np.ravel(y_score)
    kwargs: dict[str, Any] = {}
    if averaged:
        others = scenario == "other_averaging"
        kwargs["averaging"] = r.pick(draw, _OTHER_AVERAGES if others else _AVERAGES)
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = ("averaging",) if scenario == "other_averaging" else ()
    if scenario in ("rounding", "zero_sum_weight") or scenario.endswith("_weight"):
        keep = (*keep, "sample_weight")
    return Call((y_true, y_score, count), r.with_defaults(draw, kwargs, keep))


# -- edges and divergences ------------------------------------------------------------------


def _on(test: Any) -> Any:
    return lambda v: (found := parsed(v)) is not None and bool(test(*found))


def _tie_across(truth: Array, block: Array) -> bool:
    """A positive and a negative of one column share a score."""
    for c in range(truth.shape[1]):
        if set(block[truth[:, c], c].tolist()) & set(block[~truth[:, c], c].tolist()):
            return True
    return False


def _answered(v: View) -> bool:
    return parsed(v) is not None and _setting(v) in (
        Averaging.MACRO,
        Averaging.WEIGHTED,
        Averaging.MICRO,
    )


def _mode_is(mode: Averaging) -> Any:
    return lambda v: _answered(v) and _setting(v) is mode


def _not_boolean(v: View) -> bool:
    return np.asarray(v["y_true"]).dtype.kind in "iuf"


EDGES = (
    Edge("tie_across", "a positive and a negative of one column tied", _on(_tie_across)),
    Edge(
        "all_equal",
        "every score the same",
        _on(lambda t, b: b.size > 1 and bool((b == b.flat[0]).all())),
    ),
    Edge(
        "no_positive_label",
        "a label column with no positive: it scores 0",
        _on(lambda t, b: (~t.any(axis=0)).any()),
    ),
    Edge(
        "every_positive_label", "a label column all positive", _on(lambda t, b: t.all(axis=0).any())
    ),
    Edge("one_label", "label_count = 1", _on(lambda t, b: t.shape[1] == 1)),
    Edge("one_row", "a single row", _on(lambda t, b: len(t) == 1)),
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight", "non_finite_weight"),
    Edge("no_row", "an empty matrix", lambda v: np.size(v["y_true"]) == 0),
    lm.EDGES["partial_row"],
    lm.EDGES["no_label"],
    Edge(
        "shape_mismatch",
        "the two matrices of different sizes",
        lambda v: np.size(v["y_true"]) != np.size(v["y_score"]),
    ),
    Edge("wrong_row_weights", "weights that are not one a row", lambda v: _wrong_weights(v)),
    Edge("two_d", "the matrices given as 2-D arrays", lambda v: np.ndim(v["y_score"]) == 2),
    *shared.edges("non_finite"),
    Edge("not_boolean", "a label matrix of numbers", _not_boolean),
)


def _wrong_weights(v: View) -> bool:
    try:
        truth, _ = _read(v)
    except ValueError:
        return False
    weight = v.weight
    return weight is not None and weight.size != len(truth) and len(truth) > 0


SCORE_EDGES = (
    Edge("weighted_average", "averaging WEIGHTED, answered", _mode_is(Averaging.WEIGHTED)),
    Edge("micro_average", "averaging MICRO, answered", _mode_is(Averaging.MICRO)),
    Edge(
        "other_averaging",
        "averaging BINARY, samples, None or not a member",
        lambda v: _setting(v) not in (Averaging.MACRO, Averaging.WEIGHTED, Averaging.MICRO),
    ),
    Edge(
        "labels_total_zero",
        "WEIGHTED over labels whose positive weight totals zero: 0",
        lambda v: _mode_is(Averaging.WEIGHTED)(v) and _labels_total_zero(v),
    ),
)


def _labels_total_zero(v: View) -> bool:
    truth, _ = parsed(v)  # type: ignore[misc]
    weight = v.weight
    if truth.shape[1] == 1:
        return False
    totals = truth.sum(axis=0) if weight is None else (truth * weight[:, None]).sum(axis=0)
    return bool(np.isclose(totals.sum(), 0.0))


def _differs(expected: Any, reverse_ties: bool, clipped: bool) -> Any:
    def holds(v: View) -> bool:
        if parsed(v) is None:
            return False
        if expected is score_expected and not _answered(v):
            return False
        if expected is score_expected and _mode_is(Averaging.WEIGHTED)(v) and _labels_total_zero(v):
            return False
        mine = expected(v)
        theirs = expected(v, reverse_ties=reverse_ties, clipped=clipped)
        return bool(distance(mine, theirs))

    return holds


def _divergences(expected: Any) -> tuple[Divergence, ...]:
    return (
        Divergence(
            "tie_order",
            "value",
            "Tied scores are walked in sample order, as from 1.8 on; before 1.8 scikit-learn "
            "walked them in reverse sample order, so with weights a running sum inside a tie "
            "can round differently.",
            _differs(expected, True, True),
            expected,
            VersionRange(until="1.8"),
        ),
        Divergence(
            "unclipped",
            "value",
            "Each column's sum is clipped at zero (a negative sum answers 0), as from 1.6 on; "
            "before 1.6 scikit-learn returned it as summed (-0.0, or below zero with negative "
            "weights).",
            _differs(expected, True, False),
            expected,
            VersionRange(until="1.6"),
        ),
        Divergence(
            "not_boolean",
            "narrowing",
            "A label matrix of numbers is refused, as the C# bool span cannot hold one; "
            "scikit-learn reads a matrix of 0 and 1 as an indicator and answers.",
            _not_boolean,
        ),
    )


_TOLERANCE = Tolerance(
    ulps=0,
    why="Measured 0: each column is the binary walk and step sum, in scikit-learn's order; "
    "the averages are numpy.average's, and the labels' weights the same column sums.",
)
_EXAMPLE_ARGS = ([True, False, False, False, False, True], [0.75, 0.5, 1.0, 1.0, 0.2, 0.1], 3)

PER_LABEL = Member(
    name="AveragePrecision.per_label",
    csharp="AveragePrecision.PerLabel",
    page="reference/metrics/ranking/averageprecision-perlabel.md",
    implementation=AveragePrecision.per_label,
    oracle=_per_label_oracle,
    oracle_call="average_precision_score(y_true.reshape(-1, label_count), "
    "y_score.reshape(-1, label_count), average=None, sample_weight=sample_weight)",
    since="1.3",
    scenarios={s: _calls(s, False) for s in SCENARIOS},
    edges=EDGES,
    divergences=_divergences(per_label_expected),
    tolerance=_TOLERANCE,
    roles={"y_true": "label matrix"},
    example=Call(_EXAMPLE_ARGS, {"sample_weight": [1.0, 3.0]}),
)

SCORE_OF_MATRIX = Member(
    name="AveragePrecision.score[matrix]",
    csharp="AveragePrecision.Score",
    page="reference/metrics/ranking/averageprecision-score.md",
    implementation=score_of_matrix,
    oracle=_score_oracle,
    oracle_call="average_precision_score(y_true.reshape(-1, label_count), "
    "y_score.reshape(-1, label_count), average=averaging, sample_weight=sample_weight)",
    since="1.3",
    scenarios={s: _calls(s, True) for s in (*SCENARIOS, "other_averaging")},
    edges=(*EDGES, *SCORE_EDGES),
    divergences=(
        *_divergences(score_expected),
        Divergence(
            "all_zero_weight",
            "narrowing",
            "Weights that are all zero are refused under every averaging; under WEIGHTED "
            "scikit-learn answers 0 before it reads a score (the labels' weights total zero).",
            lambda v: v.all_zero_weight and _setting(v) is Averaging.WEIGHTED,
        ),
        Divergence(
            "samples_average",
            "narrowing",
            "averaging 'samples' is refused, as the C# Averaging has no such member; "
            "scikit-learn answers the mean over the rows of each row's average precision.",
            lambda v: _setting(v) == "samples",
        ),
        shared.none_refused(
            "averaging", "Averaging", "asked with average=None, answers one score per label"
        ),
    ),
    tolerance=_TOLERANCE,
    roles={"y_true": "label matrix"},
    example=Call(_EXAMPLE_ARGS, {"averaging": Averaging.WEIGHTED, "sample_weight": [1.0, 3.0]}),
)

MEMBERS = (PER_LABEL, SCORE_OF_MATRIX)
