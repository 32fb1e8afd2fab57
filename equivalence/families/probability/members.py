"""The probability scores: ``BrierScore.score``, ``LogLoss.score``, ``LogLoss.multi_class``
(``BrierScore.multi_class`` is declared with the classification family).

Most of what differs here moved across scikit-learn versions, each measured on 1.3.2, 1.4.2,
1.5.2, 1.6.1, 1.7.2, 1.8.0 and 1.9.1 and declared below with its range: ``log_loss``
divided each clipped row by its sum before 1.5 (a binary row ``[1 - c, c]`` sums to
exactly 1, so one probability per sample was never affected), and before 1.7 clipped a
probability outside ``[0, 1]`` and scored a label missing from ``labels``;
``brier_score_loss`` squared one column before 1.7. One has not moved: handed
``float32`` probabilities, scikit-learn computes in ``float32``.

Every ``expected`` below is worked out with NumPy alone, from the formula the newest
scikit-learn uses, never by calling lodestar.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, primitives
from equivalence.logarithm import LOG_LOSS_TOLERANCE
from equivalence.model import Call, Divergence, Edge, Member, Predicate, VersionRange
from equivalence.versions import sklearn_since
from equivalence.view import View
from lodestar.metrics import BrierScore, LogLoss

__all__ = ["BRIER_SCORE", "LOG_LOSS_MULTI_CLASS", "LOG_LOSS_SCORE", "MEMBERS"]

EPS = float(np.finfo(np.float64).eps)

#: Probabilities at and below the clip: each of them scores as ``eps`` does.
TINY = (5e-324, 1e-300, 1e-20, 1e-17, EPS / 2, EPS, 2 * EPS, 1e-15)
#: Probabilities at and above ``1 - eps``: each of them scores as ``1 - eps`` does.
NEAR_ONE = (1.0 - EPS / 2, 1.0 - EPS, 1.0 - 2 * EPS, 1.0 - 1e-15)
#: Pairs of labels a binary problem is written with.
LABEL_PAIRS = ((0, 1), (-1, 1), (1, 2), (0, 2), (3, 7), (2**40, 2**40 + 1))
#: A ``pos_label`` that is not an integer label.
MALFORMED_POS_LABELS = (0.5, True, False, "1", math.nan, None)


def _own(v: View) -> Any:
    """The probability given to each sample's own label on a call lodestar answers: ``p``
    for ``pos_label`` and ``1 - p`` for any other label, or the row's entry for the true
    class; ``None`` where lodestar refuses the call."""
    if "pos_label" in v.names:
        return None if (b := v.derived(_binary)) is None else np.where(b[0], b[1], 1.0 - b[1])
    rows, truth = v.well_formed_rows, v.truth
    if rows is None or truth is None or (v.classes or 0) < 2 or ((rows < 0) | (rows > 1)).any():
        return None
    if v.weight is not None and (v.weight.size != len(truth) or v.non_finite_weight):
        return None
    return rows[np.arange(len(truth)), truth]


def _log_loss_oracle(v: View) -> float:
    """``log_loss`` on the labels and the column as given: ``pos_label`` has no
    counterpart there (the column always describes the greater label of ``y_true``).
    A matrix is asked with ``labels=range(class_count)``, a flat one reshaped to
    ``(n, class_count)`` in its own dtype, so that a ``float32`` block reaches
    scikit-learn as ``float32``."""
    from sklearn.metrics import log_loss

    if "class_count" not in v.names:
        return float(log_loss(*v.args[:2], normalize=v["normalize"], sample_weight=v.unweighted))
    return float(log_loss(v.args[0], blocks.matrix(v), **blocks.asked(v, "normalize")))


def _log_loss_expected(v: View) -> float:
    """Each sample costs ``-log`` of the probability of its own label (the row as given),
    clipped into ``[eps, 1 - eps]``; ``numpy.average``, or the weighted sum, as
    scikit-learn's ``_average`` takes them."""
    costs, weight = -np.log(np.clip(v.derived(_own), EPS, 1.0 - EPS)), v.weight
    if v["normalize"]:
        return float(np.average(costs, weights=weight))
    return float(np.sum(costs) if weight is None else np.dot(costs, weight))


def _edge_values(draw: primitives.Draw, d: blocks.Draft) -> None:
    """``below_eps``: every probability 0, 1 or one the clip moves."""
    if d.scenario == "below_eps":
        d.rows[:] = draw(primitives.table(d.rows.size, (0.0, 1.0, *TINY, *NEAR_ONE))).reshape(
            d.rows.shape
        )


#: ``y_proba`` arrives as a ``float32`` (or ``float16``) array.
FLOAT32 = Edge(
    "float32",
    "y_proba as a float32 array",
    lambda v: isinstance(b := v.raw_block, np.ndarray) and b.dtype in (np.float32, np.float16),
)


def _float32_divergence(expected: Any, rest: str, since: str = "") -> Divergence:
    summary = (
        "y_proba given as float32 is read exactly into float64 and scored there; "
        f"scikit-learn keeps the float32 array, {rest}"
    )
    return Divergence(
        "float32_input", "value", summary, FLOAT32.holds, expected, VersionRange(since)
    )


_LOG_LOSS_FLOAT32 = (
    "clips it at float32's epsilon (1.1920929e-07, so a perfect prediction costs about "
    "1.19e-07) and, from 1.9 on, takes the logarithms in float32 too."
)


def _below_eps(v: View) -> bool:
    """A probability strictly inside ``(0, eps)`` or ``(1 - eps, 1)``: the clip moves it."""
    p = v.block if v.finite_block else None
    return p is not None and bool((((p > 0) & (p < EPS)) | ((p > 1 - EPS) & (p < 1))).any())


BELOW_EPS = Edge("below_eps", "a probability inside (0, eps) or (1 - eps, 1)", _below_eps)
NAN = Edge(
    "nan",
    "NaN in the probabilities or the weights",
    lambda v: any(a is not None and bool(np.isnan(a).any()) for a in (v.block, v.weight)),
)


def _binary(v: View) -> tuple[Any, Any] | None:
    """A binary call lodestar answers: which samples carry ``pos_label``, and the
    probabilities; ``None`` where lodestar refuses the call."""
    truth, proba, positive, weight = v.truth, v.block, shared.pos_label(v), v.weight
    if truth is None or proba is None or positive is None or not len(truth) or v.non_finite_weight:
        return None
    proba = proba[:, 0] if proba.ndim == 2 and proba.shape[1:] == (1,) else proba
    if proba.shape != truth.shape or not v.finite_block or ((proba < 0) | (proba > 1)).any():
        return None
    if weight is not None and weight.shape != truth.shape:
        return None
    return truth == positive, proba


def _certain(right: bool) -> Predicate:
    """Some prediction is certain (0 or 1) and ``right`` (or wrong)."""
    return lambda v: (b := v.derived(_binary)) is not None and bool((b[1] == (b[0] == right)).any())


def _pos_label_not_greater(v: View) -> bool:
    """Two labels in ``y_true`` and ``pos_label`` is not the greater one: scikit-learn's
    one-dimensional probability describes the greater one."""
    truth = v.truth if v.derived(_binary) is not None else None
    return truth is not None and len(np.unique(truth)) == 2 and shared.pos_label(v) != truth.max()


def _labels(test: Callable[[int, int], bool]) -> Predicate:
    """A call lodestar answers whose counts of distinct labels and of samples pass ``test``."""
    return lambda v: v.derived(_own) is not None and test(len(np.unique(v["y_true"])), v.samples)


_single_class = _labels(lambda labels, _: labels == 1)
_more_than_two_labels = _labels(lambda labels, _: labels > 2)
_one_class_of_many = _labels(lambda labels, samples: labels == 1 < samples)


def _brier_oracle(v: View) -> float:
    """``brier_score_loss`` with ``pos_label`` passed explicitly (its default, 1, when
    the call leaves it out). Before 1.7 there is no ``scale_by_half``: the function
    always halves, so the unhalved score is asked as twice the halved one, an exact
    doubling."""
    from sklearn.metrics import brier_score_loss

    keywords: dict[str, Any] = {"sample_weight": v.unweighted, "pos_label": v["pos_label"]}
    if sklearn_since("1.7"):
        keywords["scale_by_half"] = v["scale_by_half"]
    score = float(brier_score_loss(*v.args[:2], **keywords))
    return score if "scale_by_half" in keywords or v["scale_by_half"] else 2.0 * score


def _brier_expected(v: View) -> float:
    """The two-column form scikit-learn computes from 1.7 on: the one-hot truth against
    ``[1 - p, p]``, squared and summed along the row, averaged, halved by default."""
    hit, proba = v.derived(_binary)  # type: ignore[misc]
    distances = ((1.0 - hit) - (1.0 - proba)) ** 2 + (hit - proba) ** 2
    score = float(np.average(distances, weights=v.weight))
    return score * 0.5 if v["scale_by_half"] else score


def _one_column_differs(v: View) -> bool:
    """The former one-column arithmetic, ``numpy.average((t - p) ** 2)`` (doubled when
    not halved), gives other bits than the two-column form. That happens where
    ``1 - (1 - p) != p`` on a sample that is not ``pos_label``, and where a tiny weight
    makes the products underflow, so the predicate computes both rather than guess."""
    parts = v.derived(_binary)
    if parts is None or v.zero_sum_weight or v.all_zero_weight:
        return False
    with np.errstate(all="ignore"):
        former = float(np.average((parts[0] - parts[1]) ** 2, weights=v.weight))
    return (former if v["scale_by_half"] else 2.0 * former) != _brier_expected(v)


@primitives.composite
def _binary_calls(draw: primitives.Draw, scenario: str, flag: str) -> Call:
    probabilities = partial(primitives.probabilities, extra=TINY + NEAR_ONE)
    d = blocks.start(draw, scenario, lambda n, _: probabilities(n), flag, (1, 1), labels=6)
    # valid: (0, 1) or (-1, 1); weighted: (0, 1); the others: any pair.
    pair = primitives.between(draw, 0, len(LABEL_PAIRS) - 1)
    low, high = LABEL_PAIRS[pair % {"valid": 2, "weighted": 1}.get(scenario, len(LABEL_PAIRS))]
    truth: list[Any] = [(low, high)[c % 2] for c in d.truth]
    positive: Any = high
    if scenario == "label_pairs":
        # Both labels present, and pos_label mostly not the greater of them.
        truth[:2] = [low, high]
        positive = primitives.pick(draw, (low, low, high + 1, 1, high))
    if scenario in ("single_class", "more_than_two_labels"):
        positive = primitives.pick(draw, (low, high, high + 1, 1))
    if scenario == "more_than_two_labels":
        third = high + 1 + primitives.between(draw, 0, 3)
        truth = [low, high, third, *([low, high, third][c % 3] for c in d.truth[3:])]
    if scenario == "perfect":
        wrong = primitives.between(draw, -1, len(truth) - 1)
        d.rows[:, 0] = [(label == positive) != (i == wrong) for i, label in enumerate(truth)]
    _edge_values(draw, d)
    if scenario == "malformed_pos_label":
        positive = primitives.pick(draw, MALFORMED_POS_LABELS)
    d.truth, d.kwargs, d.class_count = truth, {"pos_label": positive, **d.kwargs}, False
    if positive != 1 or isinstance(positive, bool):
        d.keep = ("sample_weight", "pos_label")
    return blocks.finish(draw, d, ("valid", "weighted", "label_pairs", "column"))


BINARY_SCENARIOS = (
    "valid weighted zero_sum_weight perfect below_eps label_pairs single_class "
    "more_than_two_labels column float32 empty length_mismatch above_one below_zero "
    "non_finite all_zero_weight malformed_pos_label wrong_weight_length"
)

BINARY_EDGES = (
    Edge("perfect", "a prediction of exactly 1 for pos_label or 0 for another", _certain(True)),
    Edge(
        "certain_and_wrong",
        "a prediction of exactly 0 for pos_label or 1 for another",
        _certain(False),
    ),
    BELOW_EPS,
    Edge("single_class", "y_true holds one label only", _single_class),
    Edge("more_than_two_labels", "y_true holds three labels or more", _more_than_two_labels),
    Edge("pos_label_not_greater", "two labels, pos_label not the greater", _pos_label_not_greater),
    Edge("column", "y_proba given as one column", lambda v: v.two_d),
    FLOAT32,
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight", "probability_outside"),
    NAN,
    *shared.edges("non_finite_weight", "empty", "length_mismatch", "malformed_pos_label"),
)


def _more_than_two(expected: Any, refusal: str) -> Divergence:
    return Divergence(
        "more_than_two_labels",
        "widening",
        "y_true holding three labels or more is scored, every label other than pos_label "
        f"counting as the negative class; {refusal}",
        _more_than_two_labels,
        expected,
    )


_EXAMPLE = ([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3])
_WEIGHTS = [1.0, 2.0, 1.0, 2.0]
_NON_FINITE_WEIGHT = shared.non_finite_weight(until="1.8", answered="NaN")
_PROBABILITY_OUTSIDE = Divergence(
    "probability_outside",
    "narrowing",
    "A probability outside [0, 1] is refused; before 1.7 log_loss clipped it "
    "into [eps, 1 - eps] and answered.",
    shared.EDGES["probability_outside"].holds,
    versions=VersionRange(until="1.7"),
)
_ALL_ZERO_WEIGHT = shared.all_zero_weight(until="1.9", answered="0.0 with normalize=False")
_UNHALVED = Edge("unhalved", "scale_by_half=False", lambda v: v.flag("scale_by_half") is False)


LOG_LOSS_SCORE = Member(
    name="LogLoss.score",
    csharp="LogLoss.Score",
    page="reference/metrics/classification/logloss-score.md",
    implementation=LogLoss.score,
    oracle=_log_loss_oracle,
    oracle_call="log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight)",
    since="1.3",
    scenarios=blocks.scenarios(partial(_binary_calls, flag="normalize"), BINARY_SCENARIOS),
    edges=(*BINARY_EDGES, *shared.edges("unnormalized")),
    divergences=(
        Divergence(
            "pos_label",
            "value",
            "pos_label names the label the probability is about; log_loss has no such "
            "parameter and reads the column as the probability of the greater label of "
            "y_true. Where y_true holds two labels and pos_label is not the greater, the "
            "two score different questions.",
            _pos_label_not_greater,
            _log_loss_expected,
        ),
        Divergence(
            "single_class",
            "widening",
            "y_true holding one label only is scored; log_loss refuses it unless told the labels.",
            _single_class,
            _log_loss_expected,
        ),
        _more_than_two(
            _log_loss_expected, "log_loss refuses a column against more than two classes."
        ),
        _float32_divergence(_log_loss_expected, _LOG_LOSS_FLOAT32),
        _PROBABILITY_OUTSIDE,
        _NON_FINITE_WEIGHT,
        _ALL_ZERO_WEIGHT,
        shared.malformed_pos_label(),
    ),
    tolerance=LOG_LOSS_TOLERANCE,
    example=Call(_EXAMPLE, {"pos_label": 1, "normalize": True, "sample_weight": _WEIGHTS}),
)


BRIER_SCORE = Member(
    name="BrierScore.score",
    csharp="BrierScore.Score",
    page="reference/metrics/classification/brierscore-score.md",
    implementation=BrierScore.score,
    oracle=_brier_oracle,
    oracle_call="brier_score_loss(y_true, y_proba, sample_weight=sample_weight, "
    "pos_label=pos_label, scale_by_half=scale_by_half)",
    since="1.3",
    scenarios=blocks.scenarios(partial(_binary_calls, flag="scale_by_half"), BINARY_SCENARIOS),
    edges=(*BINARY_EDGES, _UNHALVED),
    divergences=(
        _more_than_two(
            _brier_expected,
            "brier_score_loss refuses a multiclass target given one probability per sample.",
        ),
        Divergence(
            "one_column_arithmetic",
            "value",
            "Before 1.7, brier_score_loss averaged (t - p) ** 2; from 1.7 it sums both "
            "columns, ((1 - t) - (1 - p)) ** 2 + (t - p) ** 2, and halves. The two round "
            "differently wherever 1 - (1 - p) != p on a sample that is not pos_label, and "
            "where a tiny weight makes the products underflow.",
            _one_column_differs,
            _brier_expected,
            VersionRange(until="1.7"),
        ),
        _float32_divergence(
            _brier_expected,
            "so 1 - p is rounded to float32 (and, from 1.8 on, where the labels are cast to "
            "its dtype, the whole distance is computed in float32). Before 1.7 the values "
            "were promoted to float64 first.",
            "1.7",
        ),
        _NON_FINITE_WEIGHT,
        shared.malformed_pos_label(),
    ),
    example=Call(_EXAMPLE, {"pos_label": 1, "scale_by_half": True, "sample_weight": _WEIGHTS}),
)


def _renormalised_multi(v: View) -> bool:
    """Some clipped row does not sum to exactly 1: before 1.5 it was divided by its sum."""
    rows = v.well_formed_rows if v.derived(_own) is not None else None
    return rows is not None and bool((np.clip(rows, EPS, 1.0 - EPS).sum(axis=1) != 1.0).any())


def _own_is(value: float) -> Predicate:
    return lambda v: (own := v.derived(_own)) is not None and bool((own == value).any())


@primitives.composite
def _multi_calls(draw: primitives.Draw, scenario: str) -> Call:
    rows = partial(primitives.probability_rows, extra=TINY + NEAR_ONE)
    d = blocks.start(draw, scenario, rows, "normalize")
    if scenario == "perfect":
        wrong = primitives.between(draw, -1, d.samples - 1)
        d.rows[:] = 0.0
        for index, label in enumerate(d.truth):
            d.rows[index, (label + 1) % d.classes if index == wrong else label] = 1.0
    _edge_values(draw, d)
    return blocks.finish(draw, d, ("valid", "weighted", "binary", "two_d", "single_class"))


LOG_LOSS_MULTI_CLASS = Member(
    name="LogLoss.multi_class",
    csharp="LogLoss.MultiClass",
    page="reference/metrics/classification/logloss-multiclass.md",
    implementation=LogLoss.multi_class,
    oracle=_log_loss_oracle,
    oracle_call="log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight, "
    "labels=range(class_count))",
    since="1.3",
    scenarios=blocks.scenarios(
        _multi_calls,
        "valid weighted zero_sum_weight binary two_d float32 perfect below_eps not_summing_to_one "
        "single_class empty label_out_of_range above_one below_zero non_finite wrong_size "
        "class_count_below_two all_zero_weight",
    ),
    edges=(
        blocks.BINARY,
        Edge("perfect", "the true class given exactly 1", _own_is(1.0)),
        Edge("certain_and_wrong", "the true class given exactly 0", _own_is(0.0)),
        BELOW_EPS,
        blocks.NOT_SUMMING_TO_ONE,
        Edge("single_class", "y_true holds one class only", _one_class_of_many),
        *shared.edges("two_d"),
        FLOAT32,
        *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight", "unnormalized"),
        *shared.edges("empty", "label_out_of_range", "probability_outside"),
        NAN,
        *shared.edges("wrong_size", "class_count_below_two"),
    ),
    divergences=(
        Divergence(
            "renormalised_rows",
            "value",
            "Before 1.5, log_loss clipped the matrix and then divided every row by its "
            "sum: a row that does not sum to one scored as if rescaled, and a clipped "
            "one-hot row (summing to 1 + eps) differed in the last bits.",
            _renormalised_multi,
            _log_loss_expected,
            VersionRange(until="1.5"),
        ),
        _float32_divergence(_log_loss_expected, _LOG_LOSS_FLOAT32),
        _PROBABILITY_OUTSIDE,
        Divergence(
            "label_out_of_range",
            "narrowing",
            "A label outside [0, class_count) is refused; before 1.7 log_loss let a "
            "label missing from labels through, scoring it as a row of zeros (or, with "
            "two classes, as class 0).",
            lambda v: v.label_out_of_range,
            versions=VersionRange(until="1.7"),
        ),
        _NON_FINITE_WEIGHT,
        _ALL_ZERO_WEIGHT,
    ),
    tolerance=LOG_LOSS_TOLERANCE,
    example=Call(
        ([0, 1, 2, 1], [0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6, 0.3, 0.4, 0.3], 3),
        {"normalize": True, "sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)

MEMBERS = (BRIER_SCORE, LOG_LOSS_SCORE, LOG_LOSS_MULTI_CLASS)
