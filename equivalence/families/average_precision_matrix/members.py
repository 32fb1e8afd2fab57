"""``AveragePrecision.per_label`` and ``.score[matrix]`` (the C# overload's parameters): a
boolean label matrix (:mod:`equivalence.draw.label_matrix`), scores from the tie-rich table
of :mod:`equivalence.draw.scores`, a weight a row. Measured on 1.3.2 to 1.9.1: all-zero
weights refused but under ``weighted`` (0); non-finite input refused; ``"samples"``
answered; each column is the binary member's computation. ``expected`` is NumPy over
:func:`scores.walk`."""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import label_matrix, primitives, scores
from equivalence.draw.scores import Array
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange, distance
from equivalence.view import View, is_count
from lodestar.metrics import AveragePrecision, Averaging

__all__ = ["MEMBERS", "PER_LABEL", "SCORE_OF_MATRIX", "score_of_matrix"]

_MODES = (Averaging.MACRO, Averaging.WEIGHTED, Averaging.MICRO)


def score_of_matrix(
    y_true: Any,
    y_score: Any,
    label_count: Any,
    averaging: Any = _MODES[0],
    sample_weight: Any = None,
) -> float:
    """``AveragePrecision.score`` of a label matrix, with the C# overload's parameters."""
    return AveragePrecision.score(
        y_true, y_score, sample_weight=sample_weight, label_count=label_count, averaging=averaging
    )


def _read(v: View) -> tuple[Array, Array]:
    """The two blocks as ``(rows, label_count)``, dtypes kept; ``ValueError`` if they are not."""
    count, blocks = v["label_count"], []
    for array in (np.asarray(v["y_true"]), np.asarray(v["y_score"])):
        if not is_count(count) or count < 1 or array.ndim not in (1, 2) or array.size % count:
            raise ValueError("not a whole number of rows of label_count")
        if array.ndim == 2 and array.shape[1] != count:
            raise ValueError("a 2-D block of another width")
        blocks.append(array.reshape(-1, count))
    return blocks[0], blocks[1]


def _parsed(v: View) -> tuple[Array, Array] | None:
    """The label matrix and the scores of a call lodestar answers (whatever the averaging)."""
    try:
        truth, block = _read(v)
    except ValueError:
        return None
    kinds, weight = (truth.dtype.kind, block.dtype.kind), v.weight
    bad = kinds[0] != "b" or kinds[1] not in "iuf" or truth.shape != block.shape or not truth.size
    bad = bad or (weight is not None and weight.size != len(truth)) or not v.finite_weight
    if bad or not np.isfinite(block).all() or v.all_zero_weight:
        return None
    return truth, block.astype(np.float64)


def parsed(v: View) -> tuple[Array, Array] | None:
    return v.derived(_parsed)


def _mode(v: View) -> Any:
    value = v.arguments.get("averaging", Averaging.MACRO)
    return Averaging(value) if value in {e.value for e in Averaging} else value


def _answered(v: View) -> bool:
    return parsed(v) is not None and _mode(v) in _MODES


def _column(
    v: View, hit: Array, score: Array, weight: Array | None, how: tuple[bool, bool]
) -> float:
    fps, tps, _ = scores.walk(v, how[0], (hit, score, weight))
    ps = tps + fps
    precision = np.divide(tps, ps, out=np.zeros_like(tps), where=ps != 0)
    recall = tps / tps[-1] if tps[-1] != 0 else np.ones_like(tps)
    total = float(-np.sum(np.diff(np.r_[recall[::-1], 0.0]) * precision[::-1]))
    return max(0.0, total) if how[1] else total


def per_label_expected(v: View, reverse_ties: bool = False, clipped: bool = True) -> Array:
    """``average_precision_score(..., average=None)`` in NumPy, column by column."""
    truth, block = parsed(v)  # type: ignore[misc]
    how = (reverse_ties, clipped)
    each = [_column(v, t, s, v.weight, how) for t, s in zip(truth.T, block.T, strict=True)]
    result: Array = np.array(each)
    return result


def _label_weights(v: View) -> Array:
    truth, weight = parsed(v)[0], v.weight  # type: ignore[index]
    totals: Array = truth.sum(0) if weight is None else (truth * weight[:, None]).sum(0)
    return totals


def score_expected(v: View, reverse_ties: bool = False, clipped: bool = True) -> float:
    """``_average_binary_score`` in NumPy: MICRO ravels (a row's weight repeated along it);
    one label is a binary problem; MACRO is the plain mean; WEIGHTED weighs each label by
    its positive weight, 0 when those total within 1e-8 (``numpy.isclose``)."""
    truth, block = parsed(v)  # type: ignore[misc]
    if _mode(v) is Averaging.MICRO or truth.shape[1] == 1:
        repeated = None if v.weight is None else np.repeat(v.weight, truth.shape[1])
        return _column(v, truth.ravel(), block.ravel(), repeated, (reverse_ties, clipped))
    each = per_label_expected(v, reverse_ties, clipped)
    if _mode(v) is not Averaging.WEIGHTED:
        return float(np.average(each))
    if _total_zero(v):
        return 0.0
    each[_label_weights(v) == 0] = 0
    return float(np.average(each, weights=_label_weights(v)))


def _total_zero(v: View) -> bool:
    return parsed(v)[0].shape[1] > 1 and bool(np.isclose(_label_weights(v).sum(), 0.0))  # type: ignore[index]


def _oracle(v: View) -> Any:
    """``average=None`` for ``per_label`` as scikit-learn answers it (see one_label_scalar)."""
    from sklearn.metrics import average_precision_score

    average = getattr(_mode(v), "value", _mode(v)) if "averaging" in v.arguments else None
    found = average_precision_score(*_read(v), average=average, sample_weight=v.unweighted)
    return np.asarray(found) if "averaging" not in v.arguments else np.asarray(found)[()]


_DRAWN = (*_MODES, "weighted")
_OTHER_MODES = (Averaging.BINARY, "binary", "samples", None, "Macro")
_OWN = ("ties", "all_equal", "no_positive_label", "rounding", "non_finite", "not_boolean")
SCENARIOS = (*label_matrix.VALID, *label_matrix.INVALID, *_OWN)


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str, averaged: bool) -> Call:
    base = scenario if scenario in SCENARIOS[: -len(_OWN)] else "valid"
    wanted = "weighted" if scenario == "rounding" else base
    drawn: label_matrix.LabelMatrices = draw(label_matrix.label_matrices(wanted))
    truth, shape = drawn.y_true.copy(), drawn.y_pred.shape  # the invalid scenarios spoil y_pred's
    block: Array = draw(primitives.table(int(np.prod(shape)), scores.SCORES)).astype(np.float64)
    block, weight = block.reshape(shape), drawn.sample_weight
    rows, count = (len(truth) if truth.ndim == 2 else 0), drawn.label_count
    if scenario == "ties" and rows >= 2:
        column = primitives.index(draw, count)
        truth[0, column], truth[1, column], block[1, column] = True, False, block[0, column]
    if scenario == "all_equal" and block.size:
        block[...] = block.flat[0]
    if scenario == "no_positive_label" and rows:
        truth[:, primitives.index(draw, count)] = False
    if scenario == "rounding":  # running sums that round, inside ties and across them
        weight = draw(primitives.table(rows, scores.ROUNDING)).tolist()
    if scenario == "one_label" and weight and primitives.flip(draw):  # within 1e-8 of zero in total
        weight = [w * 1e-10 for w in weight]
    if scenario == "non_finite" and block.size:
        bad = primitives.pick(draw, primitives.NON_FINITE)  # the value, then its cell
        block.flat[primitives.index(draw, block.size)] = bad
    y_true: Any = truth
    if scenario == "not_boolean":
        y_true = truth.astype(primitives.pick(draw, (np.int64, np.float64, np.uint8)))
    y_score: Any = block
    if primitives.flip(draw):  # the C# form: flat and row-major
        y_true, y_score = np.ravel(y_true), np.ravel(y_score)
    kwargs: dict[str, Any] = {}
    if averaged:
        kwargs["averaging"] = primitives.pick(draw, _OTHER_MODES if scenario == "other" else _DRAWN)
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = ("averaging", "sample_weight") if scenario != "valid" else ()
    return Call((y_true, y_score, count), primitives.with_defaults(draw, kwargs, keep))


def _on(test: Any) -> Any:
    return lambda v: (found := parsed(v)) is not None and bool(test(*found))


def _tie_across(truth: Array, block: Array) -> bool:
    """A positive and a negative of one column share a score."""
    return any(
        set(s[t].tolist()) & set(s[~t].tolist()) for t, s in zip(truth.T, block.T, strict=True)
    )


def _not_boolean(v: View) -> bool:
    return np.asarray(v["y_true"]).dtype.kind in "iuf"


def _wrong_weights(v: View) -> bool:
    count = v["label_count"]
    rows = np.size(v["y_true"]) // count if is_count(count) and count > 0 else 0
    return v.weight is not None and v.weight.size != rows > 0


EDGES = (
    Edge("tie_across", "a positive and a negative of one column tied", _on(_tie_across)),
    Edge(
        "all_equal", "every score the same", _on(lambda t, b: b.size > 1 and (b == b[0, 0]).all())
    ),
    Edge(
        "no_positive_label", "a label column with no positive", _on(lambda t, b: (~t.any(0)).any())
    ),
    Edge("one_label", "label_count = 1", _on(lambda t, b: t.shape[1] == 1)),
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight", "non_finite_weight"),
    Edge("no_row", "an empty matrix", lambda v: np.size(v["y_true"]) == 0),
    label_matrix.EDGES["partial_row"],
    label_matrix.EDGES["no_label"],
    Edge(
        "shape_mismatch",
        "matrices of different sizes",
        lambda v: v.array(0).size != v.array(1).size,
    ),
    Edge("wrong_row_weights", "weights that are not one a row", _wrong_weights),
    Edge("two_d", "the matrices given as 2-D arrays", lambda v: np.ndim(v["y_score"]) == 2),
    *shared.edges("non_finite"),
    Edge("not_boolean", "a label matrix of numbers", _not_boolean),
)
SCORE_EDGES = (
    Edge("weighted", "WEIGHTED, answered", lambda v: _answered(v) and _mode(v) is _MODES[1]),
    Edge("micro", "MICRO, answered", lambda v: _answered(v) and _mode(v) is _MODES[2]),
    Edge(
        "other_averaging", "BINARY, samples, None, not a member", lambda v: _mode(v) not in _MODES
    ),
    Edge(
        "labels_total_zero",
        "WEIGHTED over label weights totalling zero: 0",
        lambda v: _answered(v) and _mode(v) is _MODES[1] and _total_zero(v),
    ),
)


def _differs(expected: Any, clipped: bool) -> Any:
    """Where scikit-learn's older order (ties reversed, and unclipped) changes the answer."""

    def holds(v: View) -> bool:
        if not _answered(v) or (
            expected is score_expected and _mode(v) is _MODES[1] and _total_zero(v)
        ):
            return False
        return bool(distance(expected(v), expected(v, reverse_ties=True, clipped=clipped)))

    return holds


_UNTIL = {until: VersionRange(until=until) for until in ("1.6", "1.8")}


def _divergences(expected: Any) -> tuple[Divergence, ...]:
    old = "before {0} scikit-learn {1}, so the answer can differ; lodestar is as {0} on."
    ties = old.format("1.8", "walked ties in reverse sample order (a weighted sum rounds)")
    sums = old.format("1.6", "returned each column's sum unclipped (-0.0, or below zero)")
    return (
        Divergence("tie_order", "value", ties, _differs(expected, True), expected, _UNTIL["1.8"]),
        Divergence("unclipped", "value", sums, _differs(expected, False), expected, _UNTIL["1.6"]),
        Divergence(
            "not_boolean",
            "narrowing",
            "A label matrix of numbers is refused, as the C# bool span cannot hold one; "
            "scikit-learn reads a matrix of 0 and 1 as an indicator.",
            _not_boolean,
        ),
    )


def _member(name: str, implementation: Any, oracle: Any, average: str, **more: Any) -> Member:
    page = "perlabel" if name == "per_label" else "score"
    return Member(
        name=f"AveragePrecision.{name}",
        csharp=f"AveragePrecision.{'PerLabel' if page == 'perlabel' else 'Score'}",
        page=f"reference/metrics/ranking/averageprecision-{page}.md",
        implementation=implementation,
        oracle=oracle,
        oracle_call="average_precision_score(y_true.reshape(-1, label_count), "
        f"y_score.reshape(-1, label_count), average={average}, sample_weight=sample_weight)",
        since="1.3",
        tolerance=Tolerance(
            why="Measured 0: each column is the binary walk and step sum in scikit-learn's "
            "order; the averages are numpy.average's over the same column sums."
        ),
        roles={"y_true": "label matrix"},
        **more,
    )


_ONE = "With one label the answer is still an array, of one score, as the C# array is; "
_ONE += "average_precision_score(average=None) returns the scalar itself."
_EDGE = {edge.name: edge.holds for edge in EDGES}
_ONE_LABEL = Divergence("one_label_scalar", "value", _ONE, _EDGE["one_label"], per_label_expected)
_EXAMPLE = ([True, False, False, False, False, True], [0.75, 0.5, 1.0, 1.0, 0.2, 0.1], 3)
PER_LABEL = _member(
    "per_label",
    AveragePrecision.per_label,
    _oracle,
    "None",
    scenarios={s: _calls(s, False) for s in SCENARIOS},
    edges=EDGES,
    divergences=(*_divergences(per_label_expected), _ONE_LABEL),
    example=Call(_EXAMPLE, {"sample_weight": [1.0, 3.0]}),
)
SCORE_OF_MATRIX = _member(
    "score[matrix]",
    score_of_matrix,
    _oracle,
    "averaging",
    scenarios={s: _calls(s, True) for s in (*SCENARIOS, "other")},
    edges=(*EDGES, *SCORE_EDGES),
    divergences=(
        *_divergences(score_expected),
        Divergence(
            "all_zero_weight",
            "narrowing",
            "All-zero weights are refused under every averaging; under WEIGHTED scikit-learn "
            "answers 0 before it reads a score (the labels' weights total zero).",
            lambda v: v.all_zero_weight and _mode(v) is Averaging.WEIGHTED,
        ),
        Divergence(
            "samples_average",
            "narrowing",
            "averaging 'samples' is refused, as the C# Averaging has no such member; "
            "scikit-learn answers the mean of each row's average precision.",
            lambda v: _mode(v) == "samples",
        ),
        shared.none_refused("averaging", "Averaging", "given average=None, answers one per label"),
    ),
    example=Call(_EXAMPLE, {"averaging": Averaging.WEIGHTED, "sample_weight": [1.0, 3.0]}),
)
MEMBERS = (PER_LABEL, SCORE_OF_MATRIX)
