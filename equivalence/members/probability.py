"""The probability scores: ``BrierScore.score``, ``LogLoss.score``, ``LogLoss.multi_class``.

``BrierScore.multi_class`` is declared with the classification family.

Three things decide most of what differs here, and each moved across scikit-learn
versions (all measured on 1.3.2, 1.4.2, 1.5.2, 1.6.1, 1.7.2, 1.8.0 and 1.9.1):

* ``log_loss`` divided every clipped matrix row by its sum before 1.5, so a row that
  does not sum to one (and, in the last bits, a clipped one that does) scored
  differently; a binary row ``[1 - c, c]`` always sums to exactly 1, so one probability
  per sample was never affected;
* ``log_loss`` clipped probabilities outside ``[0, 1]`` and scored labels missing from
  ``labels`` before 1.7, where it now refuses both;
* ``brier_score_loss`` squared one column, ``(t - p) ** 2``, before 1.7, and sums both
  columns from 1.7 on, ``((1 - t) - (1 - p)) ** 2 + (t - p) ** 2``, which differs in
  the last bits wherever ``1 - (1 - p) != p``.

And one that has not moved: scikit-learn computes in ``float32`` when handed
``float32`` probabilities (``log_loss`` then clips at ``float32``'s epsilon), where
lodestar reads them exactly into ``float64``.

Every ``expected`` below is worked out with NumPy alone, from the formula the newest
scikit-learn uses, never by calling lodestar.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.members.logarithm import LOG_LOSS_TOLERANCE
from equivalence.model import Call, Divergence, Edge, Member, VersionRange
from equivalence.view import View, rows_of
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
#: The scenarios that change one thing about a valid call, in both families.
OUTSIDE = {"above_one": (1.5, 1.0000000000000002), "below_zero": (-0.25, -5e-324)}


def _sklearn_at_least(major: int, minor: int) -> bool:
    import sklearn

    parts = sklearn.__version__.split(".")
    return (int(parts[0]), int(parts[1])) >= (major, minor)


def _average(costs: np.ndarray[Any, Any], weight: Any, normalize: bool) -> float:
    """``numpy.average``, or the weighted sum, as scikit-learn's ``_average`` takes them."""
    if normalize:
        return float(np.average(costs, weights=weight))
    return float(np.sum(costs) if weight is None else np.dot(costs, weight))


# -- readings shared by the three members ------------------------------------------------


def _float32(v: View) -> bool:
    """``y_proba`` arrives as a ``float32`` (or ``float16``) array."""
    block = v.raw_block
    return isinstance(block, np.ndarray) and block.dtype in (np.float32, np.float16)


def _float32_divergence(
    expected: Any, rest: str, versions: VersionRange | None = None
) -> Divergence:
    return Divergence(
        name="float32_input",
        kind="value",
        summary=(
            "y_proba given as float32 is read exactly into float64 and scored there; "
            f"scikit-learn keeps the float32 array, {rest}"
        ),
        applies=_float32,
        expected=expected,
        versions=versions or VersionRange(),
    )


_LOG_LOSS_FLOAT32 = (
    "clips it at float32's epsilon (1.1920929e-07, so a perfect prediction costs about "
    "1.19e-07) and, from 1.9 on, takes the logarithms in float32 too."
)


def _probability_outside(v: View) -> bool:
    block = v.block
    return (
        v.finite_block
        and block is not None
        and block.size > 0
        and bool(((block < 0) | (block > 1)).any())
    )


def _below_eps(v: View) -> bool:
    """A probability strictly inside ``(0, eps)`` or ``(1 - eps, 1)``: the clip moves it."""
    p = v.block
    return (
        v.finite_block
        and p is not None
        and bool((((p > 0) & (p < EPS)) | ((p > 1 - EPS) & (p < 1))).any())
    )


def _has_nan(v: View) -> bool:
    return any(a is not None and bool(np.isnan(a).any()) for a in (v.block, v.weight))


def _distinct_labels(v: View) -> int:
    return -1 if v.truth is None else len(np.unique(v.truth))


# -- the binary members: one probability per sample ------------------------------------------


def _pos_label(v: View) -> int | None:
    """``pos_label`` when it is an integer label, else ``None``."""
    value = v["pos_label"]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        return None
    number = float(value)
    if not math.isfinite(number) or number != math.floor(number):
        return None
    return int(value)


def _binary(v: View) -> tuple[Any, Any, Any, int] | None:
    """A binary call lodestar answers: its labels, probabilities, weights and
    ``pos_label``, or ``None`` where lodestar refuses it."""
    truth, proba, positive, weight = v.truth, v.block, _pos_label(v), v.weight
    if truth is None or proba is None or positive is None or len(truth) == 0:
        return None
    if proba.ndim == 2 and proba.shape[1:] == (1,):
        proba = proba[:, 0]
    if proba.ndim != 1 or proba.size != len(truth) or not v.finite_block:
        return None
    if bool(((proba < 0) | (proba > 1)).any()) or not v.finite_weight:
        return None
    if weight is not None and (weight.ndim != 1 or weight.size != len(truth)):
        return None
    return truth, proba, weight, positive


def _certain(right: bool) -> Any:
    """Some prediction is certain (0 or 1) and ``right`` (or wrong)."""

    def holds(v: View) -> bool:
        parts = v.derived(_binary)
        if parts is None:
            return False
        truth, proba, _, positive = parts
        hit = truth == positive
        sure = 1.0 if right else 0.0
        return bool(((hit & (proba == sure)) | (~hit & (proba == 1.0 - sure))).any())

    return holds


def _pos_label_not_greater(v: View) -> bool:
    """Two labels in ``y_true`` and ``pos_label`` is not the greater one: scikit-learn's
    one-dimensional probability describes the greater one."""
    parts = v.derived(_binary)
    if parts is None:
        return False
    labels = np.unique(parts[0])
    return len(labels) == 2 and parts[3] != int(labels[-1])


def _single_class(v: View) -> bool:
    return v.derived(_binary) is not None and _distinct_labels(v) == 1


def _more_than_two_labels(v: View) -> bool:
    return v.derived(_binary) is not None and _distinct_labels(v) > 2


def _log_loss_oracle(v: View) -> float:
    """``log_loss`` on the labels and the column as given; ``pos_label`` has no
    counterpart there (the column always describes the greater label of ``y_true``)."""
    from sklearn.metrics import log_loss

    return float(log_loss(*v.args[:2], normalize=v["normalize"], sample_weight=v.unweighted))


def _log_loss_expected(v: View) -> float:
    """Each sample costs ``-log`` of the clipped probability of its own label: ``p``
    for ``pos_label``, ``1 - p`` for any other; the mean, or the sum."""
    parts = v.derived(_binary)
    assert parts is not None
    truth, proba, weight, positive = parts
    columns = np.clip(np.column_stack((1.0 - proba, proba)), EPS, 1.0 - EPS)
    own = columns[np.arange(len(truth)), (truth == positive).astype(np.intp)]
    return _average(-np.log(own), weight, bool(v["normalize"]))


def _brier_oracle(v: View) -> float:
    """``brier_score_loss`` with ``pos_label`` passed explicitly (its default, 1, when
    the call leaves it out). Before 1.7 there is no ``scale_by_half``: the function
    always halves, so the unhalved score is asked as twice the halved one, an exact
    doubling."""
    from sklearn.metrics import brier_score_loss

    half = v["scale_by_half"]
    keywords: dict[str, Any] = {"sample_weight": v.unweighted, "pos_label": v["pos_label"]}
    if _sklearn_at_least(1, 7):
        return float(brier_score_loss(*v.args[:2], scale_by_half=half, **keywords))
    halved = float(brier_score_loss(*v.args[:2], **keywords))
    return halved if half else 2.0 * halved


def _brier_expected(v: View) -> float:
    """The two-column form scikit-learn computes from 1.7 on: the one-hot truth against
    ``[1 - p, p]``, squared and summed along the row, averaged, halved by default."""
    parts = v.derived(_binary)
    assert parts is not None
    truth, proba, weight, positive = parts
    hit = (truth == positive).astype(np.float64)
    rows = np.column_stack((1.0 - hit, hit)) - np.column_stack((1.0 - proba, proba))
    score = float(np.average(np.sum(rows**2, axis=1), weights=weight))
    return score * 0.5 if v["scale_by_half"] else score


def _one_column_differs(v: View) -> bool:
    """The former one-column arithmetic, ``numpy.average((t - p) ** 2)`` (doubled when
    not halved), gives other bits than the two-column form. That happens where
    ``1 - (1 - p) != p`` on a sample that is not ``pos_label``, and where a tiny weight
    makes the products underflow, so the predicate computes both rather than guess."""
    parts = v.derived(_binary)
    if parts is None:
        return False
    truth, proba, weight, positive = parts
    if weight is not None and float(weight.sum()) == 0.0:
        return False
    hit = (truth == positive).astype(np.float64)
    with np.errstate(all="ignore"):
        former = float(np.average((hit - proba) ** 2, weights=weight))
    return (former if v["scale_by_half"] else 2.0 * former) != _brier_expected(v)


@st.composite
def _binary_calls(draw: r.Draw, scenario: str, flag: str) -> Call:
    samples, pair, signed, setting = r.integers(draw, (1, 8), (0, 5), (0, 1), (0, 1))
    least = {"label_pairs": 2, "single_class": 2, "zero_sum_weight": 2, "more_than_two_labels": 3}
    samples = 0 if scenario == "empty" else max(samples, least.get(scenario, 0))
    low, high = (0, 1) if scenario in ("valid", "weighted") else LABEL_PAIRS[pair]
    low = -1 if scenario == "valid" and signed else low
    truth: list[Any] = [(low, high)[c % 2] for c in draw(r.codes(samples)).tolist()]
    positive: Any = high
    if scenario == "label_pairs":
        # Both labels present, and pos_label mostly not the greater of them.
        truth[:2] = [low, high]
        positive = draw(st.sampled_from((low, low, high + 1, 1, high)))
    if scenario in ("single_class", "more_than_two_labels"):
        positive = draw(st.sampled_from((low, high, high + 1, 1)))
    if scenario == "single_class":
        truth = [truth[0]] * samples
    if scenario == "more_than_two_labels":
        third = high + 1 + draw(st.integers(0, 3))
        truth = [
            low,
            high,
            third,
            *([low, high, third][c % 3] for c in draw(r.codes(samples - 3)).tolist()),
        ]
    proba: list[Any] = draw(r.probabilities(samples, TINY + NEAR_ONE)).tolist()
    if scenario == "perfect":
        wrong = draw(st.integers(-1, samples - 1))
        proba = [float((label == positive) != (i == wrong)) for i, label in enumerate(truth)]
    if scenario == "below_eps":
        proba = draw(r.table(samples, (0.0, 1.0, *TINY, *NEAR_ONE))).tolist()
    weight: Any = None
    if scenario in ("valid", "weighted", "label_pairs", "column"):
        weight = draw(
            r.weights(samples, *(("none", "none") if scenario == "valid" else ()), *r.VALID_WEIGHTS)
        )
    if scenario in ("zero_sum_weight", "all_zero_weight"):
        weight = draw(r.weights(samples, scenario))
    if scenario == "wrong_weight_length":
        weight = draw(r.weights(samples, "wrong_length"))
    if scenario == "length_mismatch":
        proba = [*proba, 0.5] if draw(st.booleans()) or not proba else proba[:-1]
    if scenario in OUTSIDE:
        proba[r.index(draw, samples)] = draw(st.sampled_from(OUTSIDE[scenario]))
    if scenario == "non_finite":
        if draw(st.booleans()):
            proba[r.index(draw, samples)] = draw(st.sampled_from(r.NON_FINITE))
        else:
            weight = draw(r.weights(samples, "non_finite"))
    if scenario == "malformed_pos_label":
        positive = draw(st.sampled_from(MALFORMED_POS_LABELS))
    block: Any = proba
    if scenario in ("column", "float32"):
        block = np.array(proba, dtype=np.float64 if scenario == "column" else np.float32)
        block = block.reshape(samples, 1) if scenario == "column" else block
    kwargs: dict[str, Any] = {"pos_label": positive, flag: bool(setting)}
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = (
        ("sample_weight", "pos_label")
        if positive != 1 or isinstance(positive, bool)
        else ("sample_weight",)
    )
    return Call((truth, block), r.with_defaults(draw, kwargs, keep))


BINARY_SCENARIOS = (
    *("valid", "weighted", "zero_sum_weight", "perfect", "below_eps", "label_pairs"),
    *("single_class", "more_than_two_labels", "column", "float32", "empty"),
    *("length_mismatch", "above_one", "below_zero", "non_finite", "all_zero_weight"),
    *("malformed_pos_label", "wrong_weight_length"),
)

BINARY_EDGES = (
    Edge("perfect", "a prediction of exactly 1 for pos_label or 0 for another", _certain(True)),
    Edge(
        "certain_and_wrong",
        "a prediction of exactly 0 for pos_label or 1 for another",
        _certain(False),
    ),
    Edge("below_eps", "a probability inside (0, eps) or (1 - eps, 1)", _below_eps),
    Edge("single_class", "y_true holds one label only", _single_class),
    Edge("more_than_two_labels", "y_true holds three labels or more", _more_than_two_labels),
    Edge("pos_label_not_greater", "two labels, pos_label not the greater", _pos_label_not_greater),
    Edge("column", "y_proba given as one column", lambda v: v.two_d),
    Edge("float32", "y_proba as a float32 array", _float32),
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight"),
    *shared.edges("probability_outside"),
    Edge("nan", "NaN in the probabilities or the weights", _has_nan),
    *shared.edges("non_finite_weight", "empty"),
    *shared.edges("length_mismatch"),
    Edge("malformed_pos_label", "pos_label not an integer", lambda v: _pos_label(v) is None),
)

_EXAMPLE = ([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3])
_WEIGHTS = [1.0, 2.0, 1.0, 2.0]
_NON_FINITE_WEIGHT = shared.non_finite_weight(until="1.8", answered="NaN")
_MALFORMED_POS_LABEL = Divergence(
    name="malformed_pos_label",
    kind="narrowing",
    summary=(
        "A pos_label that is not an integer (a fraction, a boolean, a string, NaN, None) "
        "is refused; scikit-learn compares the labels with it, or infers it, and answers."
    ),
    applies=lambda v: _pos_label(v) is None,
)
_PROBABILITY_OUTSIDE = Divergence(
    name="probability_outside",
    kind="narrowing",
    summary=(
        "A probability outside [0, 1] is refused; before 1.7 log_loss clipped it "
        "into [eps, 1 - eps] and answered."
    ),
    applies=_probability_outside,
    versions=VersionRange(until="1.7"),
)
_ALL_ZERO_WEIGHT = shared.all_zero_weight(until="1.9", answered="0.0 with normalize=False")


LOG_LOSS_SCORE = Member(
    name="LogLoss.score",
    csharp="LogLoss.Score",
    page="reference/metrics/classification/logloss-score.md",
    implementation=LogLoss.score,
    oracle=_log_loss_oracle,
    oracle_call="log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight)",
    since="1.3",
    scenarios={scenario: _binary_calls(scenario, "normalize") for scenario in BINARY_SCENARIOS},
    edges=(*BINARY_EDGES, *shared.edges("unnormalized")),
    divergences=(
        Divergence(
            name="pos_label",
            kind="value",
            summary=(
                "pos_label names the label the probability is about; log_loss has no such "
                "parameter and reads the column as the probability of the greater label of "
                "y_true. Where y_true holds two labels and pos_label is not the greater, the "
                "two score different questions."
            ),
            applies=_pos_label_not_greater,
            expected=_log_loss_expected,
        ),
        Divergence(
            name="single_class",
            kind="widening",
            summary=(
                "y_true holding one label only is scored; log_loss refuses it unless told "
                "the labels."
            ),
            applies=_single_class,
            expected=_log_loss_expected,
        ),
        Divergence(
            name="more_than_two_labels",
            kind="widening",
            summary=(
                "y_true holding three labels or more is scored, every label other than "
                "pos_label counting as the negative class; log_loss refuses a column against "
                "more than two classes."
            ),
            applies=_more_than_two_labels,
            expected=_log_loss_expected,
        ),
        _float32_divergence(_log_loss_expected, _LOG_LOSS_FLOAT32),
        _PROBABILITY_OUTSIDE,
        _NON_FINITE_WEIGHT,
        _ALL_ZERO_WEIGHT,
        _MALFORMED_POS_LABEL,
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
    scenarios={scenario: _binary_calls(scenario, "scale_by_half") for scenario in BINARY_SCENARIOS},
    edges=(
        *BINARY_EDGES,
        Edge("unhalved", "scale_by_half=False", lambda v: v.flag("scale_by_half") is False),
    ),
    divergences=(
        Divergence(
            name="more_than_two_labels",
            kind="widening",
            summary=(
                "y_true holding three labels or more is scored, every label other than "
                "pos_label counting as the negative class; brier_score_loss refuses a "
                "multiclass target given one probability per sample."
            ),
            applies=_more_than_two_labels,
            expected=_brier_expected,
        ),
        Divergence(
            name="one_column_arithmetic",
            kind="value",
            summary=(
                "Before 1.7, brier_score_loss averaged (t - p) ** 2; from 1.7 it sums both "
                "columns, ((1 - t) - (1 - p)) ** 2 + (t - p) ** 2, and halves. The two round "
                "differently wherever 1 - (1 - p) != p on a sample that is not pos_label, and "
                "where a tiny weight makes the products underflow."
            ),
            applies=_one_column_differs,
            expected=_brier_expected,
            versions=VersionRange(until="1.7"),
        ),
        _float32_divergence(
            _brier_expected,
            "so 1 - p is rounded to float32 (and, from 1.8 on, where the labels are cast to "
            "its dtype, the whole distance is computed in float32). Before 1.7 the values "
            "were promoted to float64 first.",
            VersionRange(since="1.7"),
        ),
        _NON_FINITE_WEIGHT,
        _MALFORMED_POS_LABEL,
    ),
    example=Call(_EXAMPLE, {"pos_label": 1, "scale_by_half": True, "sample_weight": _WEIGHTS}),
)


# -- LogLoss.multi_class: a row of probabilities per sample ---------------------------------


def _log_loss_multi_oracle(v: View) -> float:
    """``log_loss`` on the matrix with ``labels=range(class_count)``. A flat block is
    reshaped to ``(n, class_count)`` in its own dtype, so that a ``float32`` block
    reaches scikit-learn as ``float32``."""
    from sklearn.metrics import log_loss

    truth, classes = v.args[0], v["class_count"]
    matrix = np.asarray(v.raw_block)
    if v.classes is not None and v.classes > max(matrix.size, 2):
        # No row can hold that many classes (or there is no row): scikit-learn refuses,
        # and asking it would first build a labels list as long as class_count.
        raise ValueError(f"{matrix.size} values cannot hold rows of {classes} classes")
    if matrix.ndim == 1:
        matrix = rows_of(matrix, len(truth), classes)
    return float(
        log_loss(
            truth,
            matrix,
            normalize=v["normalize"],
            sample_weight=v.unweighted,
            labels=list(range(classes)),
        )
    )


def _multi(v: View) -> tuple[Any, Any, Any] | None:
    """A matrix call lodestar answers: labels, rows and weights, or ``None``."""
    rows, truth, weight = v.well_formed_rows, v.truth, v.weight
    if (
        rows is None
        or truth is None
        or (v.classes or 0) < 2
        or bool(((rows < 0) | (rows > 1)).any())
    ):
        return None
    if weight is not None and (weight.size != len(truth) or not v.finite_weight):
        return None
    return truth, rows, weight


def _multi_expected(v: View) -> float:
    """``-log`` of the clipped probability of the true class, row as given."""
    parts = v.derived(_multi)
    assert parts is not None
    truth, rows, weight = parts
    own = np.clip(rows, EPS, 1.0 - EPS)[np.arange(len(truth)), truth]
    return _average(-np.log(own), weight, bool(v["normalize"]))


def _renormalised_multi(v: View) -> bool:
    """Some clipped row does not sum to exactly 1: before 1.5 it was divided by its sum."""
    parts = v.derived(_multi)
    return parts is not None and bool((np.clip(parts[1], EPS, 1.0 - EPS).sum(axis=1) != 1.0).any())


def _own_is(value: float) -> Any:
    def holds(v: View) -> bool:
        parts = v.derived(_multi)
        return parts is not None and bool(
            (parts[1][np.arange(len(parts[0])), parts[0]] == value).any()
        )

    return holds


@st.composite
def _multi_calls(draw: r.Draw, scenario: str) -> Call:
    classes, samples, normalize = r.integers(draw, (2, 6), (1, 8), (0, 1))
    classes = 2 if scenario == "binary" else classes
    samples = 0 if scenario == "empty" else samples
    samples = max(samples, 2) if scenario in ("single_class", "zero_sum_weight") else samples
    truth = draw(r.labels(samples, 0, classes - 1))
    rows = draw(r.probability_rows(samples, classes, TINY + NEAR_ONE))
    if scenario == "perfect":
        wrong = draw(st.integers(-1, samples - 1))
        rows = [[0.0] * classes for _ in range(samples)]
        for index, label in enumerate(truth):
            rows[index][(label + 1) % classes if index == wrong else label] = 1.0
    if scenario == "below_eps":
        rows = (
            draw(r.table(samples * classes, (0.0, 1.0, *TINY, *NEAR_ONE)))
            .reshape(samples, classes)
            .tolist()
        )
    if scenario == "not_summing_to_one" and samples:
        rows[0] = [0.5] * classes if classes > 2 else [0.25, 0.25]
    if scenario == "single_class":
        truth = [truth[0]] * samples
    weight: Any = None
    if scenario in ("valid", "weighted", "binary", "two_d", "single_class"):
        weight = draw(
            r.weights(samples, *(("none", "none") if scenario == "valid" else ()), *r.VALID_WEIGHTS)
        )
    if scenario in ("zero_sum_weight", "all_zero_weight"):
        weight = draw(r.weights(samples, scenario))
    if scenario == "label_out_of_range":
        truth[r.index(draw, samples)] = draw(st.sampled_from((-1, classes, classes + 2)))
    if scenario in OUTSIDE:
        rows[r.index(draw, samples)][r.index(draw, classes)] = draw(
            st.sampled_from(OUTSIDE[scenario])
        )
    if scenario == "non_finite":
        if draw(st.booleans()):
            rows[r.index(draw, samples)][r.index(draw, classes)] = draw(
                st.sampled_from(r.NON_FINITE)
            )
        else:
            weight = draw(r.weights(samples, "non_finite"))
    if scenario == "class_count_below_two":
        classes = draw(st.sampled_from((0, 1)))
        rows, truth = [row[:classes] for row in rows], [0] * samples
    block: Any = r.flat(rows)
    if scenario == "wrong_size":
        block = [*block, 0.0] if draw(st.booleans()) or not block else block[:-1]
    if scenario in ("two_d", "float32"):
        block = np.array(rows, dtype=np.float64 if scenario == "two_d" else np.float32).reshape(
            samples, classes
        )
    kwargs: dict[str, Any] = {"normalize": bool(normalize)}
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, block, classes), r.with_defaults(draw, kwargs, ("sample_weight",)))


LOG_LOSS_MULTI_CLASS = Member(
    name="LogLoss.multi_class",
    csharp="LogLoss.MultiClass",
    page="reference/metrics/classification/logloss-multiclass.md",
    implementation=LogLoss.multi_class,
    oracle=_log_loss_multi_oracle,
    oracle_call="log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight, "
    "labels=range(class_count))",
    since="1.3",
    scenarios={
        scenario: _multi_calls(scenario)
        for scenario in (
            *("valid", "weighted", "zero_sum_weight", "binary", "two_d", "float32", "perfect"),
            *("below_eps", "not_summing_to_one", "single_class", "empty", "label_out_of_range"),
            *("above_one", "below_zero", "non_finite", "wrong_size", "class_count_below_two"),
            "all_zero_weight",
        )
    },
    edges=(
        Edge("binary", "class_count = 2", lambda v: v["class_count"] == 2),
        Edge("perfect", "the true class given exactly 1", _own_is(1.0)),
        Edge("certain_and_wrong", "the true class given exactly 0", _own_is(0.0)),
        Edge("below_eps", "a probability inside (0, eps) or (1 - eps, 1)", _below_eps),
        Edge(
            "not_summing_to_one",
            "a row whose probabilities do not sum to 1",
            lambda v: (
                (parts := v.derived(_multi)) is not None
                and bool((np.abs(parts[1].sum(axis=1) - 1.0) > 1e-6).any())
            ),
        ),
        Edge(
            "single_class",
            "y_true holds one class only",
            lambda v: v.derived(_multi) is not None and v.samples > 1 and _distinct_labels(v) == 1,
        ),
        *shared.edges("two_d"),
        Edge("float32", "y_proba as a float32 array", _float32),
        *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight"),
        *shared.edges("unnormalized"),
        *shared.edges("empty", "label_out_of_range"),
        *shared.edges("probability_outside"),
        Edge("nan", "NaN in the probabilities or the weights", _has_nan),
        *shared.edges("wrong_size"),
        *shared.edges("class_count_below_two"),
    ),
    divergences=(
        Divergence(
            name="renormalised_rows",
            kind="value",
            summary=(
                "Before 1.5, log_loss clipped the matrix and then divided every row by its "
                "sum: a row that does not sum to one scored as if rescaled, and a clipped "
                "one-hot row (summing to 1 + eps) differed in the last bits."
            ),
            applies=_renormalised_multi,
            expected=_multi_expected,
            versions=VersionRange(until="1.5"),
        ),
        _float32_divergence(_multi_expected, _LOG_LOSS_FLOAT32),
        _PROBABILITY_OUTSIDE,
        Divergence(
            name="label_out_of_range",
            kind="narrowing",
            summary=(
                "A label outside [0, class_count) is refused; before 1.7 log_loss let a "
                "label missing from labels through, scoring it as a row of zeros (or, with "
                "two classes, as class 0)."
            ),
            applies=lambda v: v.label_out_of_range,
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
