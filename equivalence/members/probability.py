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
import numbers
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import strategies as s
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
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


def _sklearn_at_least(major: int, minor: int) -> bool:
    import sklearn

    parts = sklearn.__version__.split(".")
    return (int(parts[0]), int(parts[1])) >= (major, minor)


def _unweighted(weight: Any) -> Any:
    return None if weight is not None and len(weight) == 0 else weight


def _probability() -> st.SearchStrategy[float]:
    """A probability: a coarse grid, any unit float, or one at either end of the clip."""
    return st.one_of(
        st.sampled_from(s.GRID),
        st.floats(0.0, 1.0),
        st.sampled_from(TINY + NEAR_ONE),
    )


# -- reading a call back ---------------------------------------------------------------


def _weight(call: Call) -> np.ndarray[Any, Any] | None:
    return s.weight_vector(call, 4)


def _negative_weight(call: Call) -> bool:
    return s.negative(_weight(call))


def _zero_sum_weight(call: Call) -> bool:
    return s.zero_sum(_weight(call))


def _all_zero_weight(call: Call) -> bool:
    return s.all_zero(_weight(call))


def _non_finite_weight(call: Call) -> bool:
    return s.non_finite(_weight(call))


def _proba(call: Call) -> np.ndarray[Any, Any] | None:
    return s.as_floats(call.args[1])


def _has_nan(call: Call) -> bool:
    proba, weight = _proba(call), _weight(call)
    return (proba is not None and bool(np.isnan(proba).any())) or (
        weight is not None and bool(np.isnan(weight).any())
    )


def _float32(call: Call) -> bool:
    """``y_proba`` arrives as a ``float32`` (or ``float16``) array."""
    block = call.args[1]
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


def _probability_outside(call: Call) -> bool:
    proba = _proba(call)
    return (
        proba is not None
        and proba.size > 0
        and bool(np.isfinite(proba).all())
        and bool(((proba < 0) | (proba > 1)).any())
    )


def _below_eps(call: Call) -> bool:
    """A probability strictly inside ``(0, eps)`` or ``(1 - eps, 1)``: the clip moves it."""
    proba = _proba(call)
    if proba is None or not bool(np.isfinite(proba).all()):
        return False
    return bool((((proba > 0) & (proba < EPS)) | ((proba > 1 - EPS) & (proba < 1))).any())


def _pos_label(call: Call) -> Any:
    return call.argument(2, "pos_label", 1)


def _valid_pos_label(call: Call) -> int | None:
    value = _pos_label(call)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        return None
    if isinstance(value, (float, np.floating)) and (
        not math.isfinite(float(value)) or float(value) != math.floor(float(value))
    ):
        return None
    return int(value)


def _malformed_pos_label(call: Call) -> bool:
    return _valid_pos_label(call) is None


def _distinct_labels(call: Call) -> int:
    truth = s.as_labels(call.args[0])
    return -1 if truth is None else len(np.unique(truth))


def _binary(call: Call) -> tuple[Any, Any, Any, int] | None:
    """A binary call lodestar answers: its labels, probabilities, weights and
    ``pos_label``, or ``None`` where lodestar refuses it."""
    truth = s.as_labels(call.args[0])
    proba = _proba(call)
    positive = _valid_pos_label(call)
    if truth is None or proba is None or positive is None or len(truth) == 0:
        return None
    if proba.ndim == 2 and proba.shape[1:] == (1,):
        proba = proba[:, 0]
    if proba.ndim != 1 or proba.size != len(truth) or not bool(np.isfinite(proba).all()):
        return None
    if bool(((proba < 0) | (proba > 1)).any()):
        return None
    weight = _weight(call)
    if weight is not None and (
        weight.ndim != 1 or weight.size != len(truth) or not bool(np.isfinite(weight).all())
    ):
        return None
    return truth, proba, weight, positive


def _perfect_binary(call: Call) -> bool:
    parts = _binary(call)
    if parts is None:
        return False
    truth, proba, _, positive = parts
    hit = truth == positive
    return bool(((hit & (proba == 1.0)) | (~hit & (proba == 0.0))).any())


def _certain_and_wrong_binary(call: Call) -> bool:
    parts = _binary(call)
    if parts is None:
        return False
    truth, proba, _, positive = parts
    hit = truth == positive
    return bool(((hit & (proba == 0.0)) | (~hit & (proba == 1.0))).any())


def _pos_label_not_greater(call: Call) -> bool:
    """Two labels in ``y_true`` and ``pos_label`` is not the greater one: scikit-learn's
    one-dimensional probability describes the greater one."""
    parts = _binary(call)
    if parts is None:
        return False
    truth, _, _, positive = parts
    labels = np.unique(truth)
    return len(labels) == 2 and positive != int(labels[-1])


def _single_class(call: Call) -> bool:
    return _binary(call) is not None and _distinct_labels(call) == 1


def _more_than_two_labels(call: Call) -> bool:
    return _binary(call) is not None and _distinct_labels(call) > 2


def _average(costs: np.ndarray[Any, Any], weight: Any, normalize: bool) -> float:
    """``numpy.average``, or the weighted sum, as scikit-learn's ``_average`` takes them."""
    if normalize:
        return float(np.average(costs, weights=weight))
    if weight is None:
        return float(np.sum(costs))
    return float(np.dot(costs, weight))


# -- LogLoss.score ----------------------------------------------------------------------


def _log_loss_oracle(call: Call) -> float:
    """``log_loss`` on the labels and the column as given; ``pos_label`` has no
    counterpart there (the column always describes the greater label of ``y_true``)."""
    from sklearn.metrics import log_loss

    return float(
        log_loss(
            call.args[0],
            call.args[1],
            normalize=call.argument(3, "normalize", True),
            sample_weight=_unweighted(call.argument(4, "sample_weight")),
        )
    )


def _log_loss_expected(call: Call) -> float:
    """Each sample costs ``-log`` of the clipped probability of its own label: ``p``
    for ``pos_label``, ``1 - p`` for any other; the mean, or the sum."""
    parts = _binary(call)
    assert parts is not None
    truth, proba, weight, positive = parts
    columns = np.clip(np.column_stack((1.0 - proba, proba)), EPS, 1.0 - EPS)
    own = columns[np.arange(len(truth)), (truth == positive).astype(np.intp)]
    return _average(-np.log(own), weight, bool(call.argument(3, "normalize", True)))


# -- BrierScore.score -------------------------------------------------------------------


def _brier_oracle(call: Call) -> float:
    """``brier_score_loss`` with ``pos_label`` passed explicitly (its default, 1, when
    the call leaves it out). Before 1.7 there is no ``scale_by_half``: the function
    always halves, so the unhalved score is asked as twice the halved one, an exact
    doubling."""
    from sklearn.metrics import brier_score_loss

    half = call.argument(3, "scale_by_half", True)
    keywords: dict[str, Any] = {
        "sample_weight": _unweighted(call.argument(4, "sample_weight")),
        "pos_label": _pos_label(call),
    }
    if _sklearn_at_least(1, 7):
        return float(brier_score_loss(call.args[0], call.args[1], scale_by_half=half, **keywords))
    halved = float(brier_score_loss(call.args[0], call.args[1], **keywords))
    return halved if half else 2.0 * halved


def _brier_expected(call: Call) -> float:
    """The two-column form scikit-learn computes from 1.7 on: the one-hot truth against
    ``[1 - p, p]``, squared and summed along the row, averaged, halved by default."""
    parts = _binary(call)
    assert parts is not None
    truth, proba, weight, positive = parts
    hit = (truth == positive).astype(np.float64)
    rows = np.column_stack((1.0 - hit, hit)) - np.column_stack((1.0 - proba, proba))
    score = float(np.average(np.sum(rows**2, axis=1), weights=weight))
    return score * 0.5 if call.argument(3, "scale_by_half", True) else score


def _one_column_differs(call: Call) -> bool:
    """The former one-column arithmetic, ``numpy.average((t - p) ** 2)`` (doubled when
    not halved), gives other bits than the two-column form. That happens where
    ``1 - (1 - p) != p`` on a sample that is not ``pos_label``, and where a tiny weight
    makes the products underflow, so the predicate computes both rather than guess."""
    parts = _binary(call)
    if parts is None:
        return False
    truth, proba, weight, positive = parts
    if weight is not None and float(weight.sum()) == 0.0:
        return False
    hit = (truth == positive).astype(np.float64)
    with np.errstate(all="ignore"):
        former = float(np.average((hit - proba) ** 2, weights=weight))
    if not call.argument(3, "scale_by_half", True):
        former *= 2.0
    return former != _brier_expected(call)


# -- the binary calls -------------------------------------------------------------------

BINARY_SCENARIOS = (
    "valid",
    "weighted",
    "zero_sum_weight",
    "perfect",
    "below_eps",
    "label_pairs",
    "single_class",
    "more_than_two_labels",
    "column",
    "float32",
    "empty",
    "length_mismatch",
    "above_one",
    "below_zero",
    "non_finite",
    "all_zero_weight",
    "malformed_pos_label",
    "wrong_weight_length",
)


@st.composite
def _binary_calls(draw: s.Draw, scenario: str, flag: str) -> Call:
    samples = 0 if scenario == "empty" else draw(st.integers(1, 8))
    low, high = (0, 1) if scenario in ("valid", "weighted") else draw(st.sampled_from(LABEL_PAIRS))
    if scenario == "valid" and draw(st.booleans()):
        low = -1
    truth: list[Any] = [draw(st.sampled_from([low, high])) for _ in range(samples)]
    positive: Any = high
    if scenario == "label_pairs":
        # Both labels present, and pos_label mostly not the greater of them.
        samples = max(samples, 2)
        truth = [low, high] + [draw(st.sampled_from([low, high])) for _ in range(samples - 2)]
        positive = draw(st.sampled_from([low, low, high + 1, 1, high]))
    if scenario in ("single_class", "more_than_two_labels"):
        positive = draw(st.sampled_from([low, high, high + 1, 1]))
    proba: list[float] = [draw(_probability()) for _ in range(samples)]
    if scenario == "perfect":
        wrong = draw(st.integers(-1, samples - 1))
        proba = [
            float((label == positive) != (index == wrong)) for index, label in enumerate(truth)
        ]
    if scenario == "below_eps":
        proba = [draw(st.sampled_from((0.0, 1.0, *TINY, *NEAR_ONE))) for _ in range(samples)]
    if scenario == "single_class":
        samples = max(samples, 2)
        truth = [draw(st.sampled_from([low, high]))] * samples
        proba = [draw(_probability()) for _ in range(samples)]
    if scenario == "more_than_two_labels":
        samples = max(samples, 3)
        truth = [low, high, high + 1 + draw(st.integers(0, 3))]
        truth += [draw(st.sampled_from(truth)) for _ in range(samples - 3)]
        proba = [draw(_probability()) for _ in range(samples)]
    weight: Any = None
    if scenario in ("valid", "weighted", "label_pairs", "column"):
        weight = (
            draw(s.valid_weights(samples)) if scenario != "valid" or draw(st.booleans()) else None
        )
    if scenario == "zero_sum_weight":
        samples = max(samples, 2)
        truth = [draw(st.sampled_from([low, high])) for _ in range(samples)]
        proba = [draw(_probability()) for _ in range(samples)]
        weight = draw(s.zero_sum_weights(samples))
    if scenario == "all_zero_weight":
        weight = [0.0] * samples
    if scenario == "wrong_weight_length":
        weight = draw(st.lists(st.floats(0, 2), min_size=samples + 1, max_size=samples + 2))
    if scenario == "length_mismatch":
        proba = [*proba, 0.5] if draw(st.booleans()) or not proba else proba[:-1]
    if scenario == "above_one":
        proba[s.some_index(draw, samples)] = draw(st.sampled_from([1.5, 1.0000000000000002]))
    if scenario == "below_zero":
        proba[s.some_index(draw, samples)] = draw(st.sampled_from([-0.25, -5e-324]))
    if scenario == "non_finite":
        bad = draw(st.sampled_from(s.NON_FINITE))
        if draw(st.booleans()):
            proba[s.some_index(draw, samples)] = bad
        else:
            weight = [1.0] * (samples - 1) + [bad]
    if scenario == "malformed_pos_label":
        positive = draw(st.sampled_from(MALFORMED_POS_LABELS))
    block: Any = proba
    if scenario == "column":
        block = np.array(proba, dtype=np.float64).reshape(samples, 1)
    if scenario == "float32":
        block = np.array(proba, dtype=np.float32)
    kwargs: dict[str, Any] = {"pos_label": positive, flag: draw(st.booleans())}
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep: tuple[str, ...] = ("sample_weight",)
    if positive != 1 or isinstance(positive, bool):
        keep += ("pos_label",)
    return Call((truth, block), s.with_defaults(draw, kwargs, keep))


def _binary_edges() -> tuple[Edge, ...]:
    return (
        Edge(
            "perfect", "a prediction of exactly 1 for pos_label or 0 for another", _perfect_binary
        ),
        Edge(
            "certain_and_wrong",
            "a prediction of exactly 0 for pos_label or 1 for another",
            _certain_and_wrong_binary,
        ),
        Edge("below_eps", "a probability inside (0, eps) or (1 - eps, 1)", _below_eps),
        Edge("single_class", "y_true holds one label only", _single_class),
        Edge("more_than_two_labels", "y_true holds three labels or more", _more_than_two_labels),
        Edge(
            "pos_label_not_greater",
            "two labels, pos_label not the greater",
            _pos_label_not_greater,
        ),
        Edge(
            "column",
            "y_proba given as one column",
            lambda c: np.ndim(c.args[1]) == 2,
        ),
        Edge("float32", "y_proba as a float32 array", _float32),
        Edge("negative_weight", "a weight below zero", _negative_weight),
        Edge("zero_sum_weight", "weights summing to exactly zero", _zero_sum_weight),
        Edge("all_zero_weight", "every weight zero", _all_zero_weight),
        Edge("probability_outside", "a probability outside [0, 1]", _probability_outside),
        Edge("nan", "NaN in the probabilities or the weights", _has_nan),
        Edge("non_finite_weight", "a NaN or infinite weight", _non_finite_weight),
        Edge("empty", "no sample", lambda c: len(c.args[0]) == 0),
        Edge(
            "length_mismatch",
            "y_true and y_proba of different lengths",
            lambda c: np.size(c.args[1]) != len(c.args[0]),
        ),
        Edge("malformed_pos_label", "pos_label not an integer", _malformed_pos_label),
    )


_BINARY_EXAMPLE = ([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3])
_BINARY_WEIGHTS = [1.0, 2.0, 1.0, 2.0]

_NON_FINITE_WEIGHT = Divergence(
    name="non_finite_weight",
    kind="narrowing",
    summary=(
        "A NaN or infinite weight is refused; scikit-learn before 1.8 answered NaN, and "
        "refuses it from 1.8 on."
    ),
    applies=_non_finite_weight,
    versions=VersionRange(until="1.8"),
)

_MALFORMED_POS_LABEL = Divergence(
    name="malformed_pos_label",
    kind="narrowing",
    summary=(
        "A pos_label that is not an integer (a fraction, a boolean, a string, NaN, None) "
        "is refused; scikit-learn compares the labels with it, or infers it, and answers."
    ),
    applies=_malformed_pos_label,
)


LOG_LOSS_SCORE = Member(
    name="LogLoss.score",
    csharp="LogLoss.Score",
    page="reference/metrics/classification/logloss-score.md",
    implementation=LogLoss.score,
    oracle=_log_loss_oracle,
    oracle_call="log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight)",
    since="1.3",
    scenarios={scenario: _binary_calls(scenario, "normalize") for scenario in BINARY_SCENARIOS},
    edges=(
        *_binary_edges(),
        Edge(
            "unnormalized", "normalize=False", lambda c: c.argument(3, "normalize", True) is False
        ),
    ),
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
        Divergence(
            name="probability_outside",
            kind="narrowing",
            summary=(
                "A probability outside [0, 1] is refused; before 1.7 log_loss clipped it "
                "into [eps, 1 - eps] and answered."
            ),
            applies=_probability_outside,
            versions=VersionRange(until="1.7"),
        ),
        _NON_FINITE_WEIGHT,
        Divergence(
            name="all_zero_weight",
            kind="narrowing",
            summary=(
                "Weights that are all zero are refused, as scikit-learn 1.9 refuses them; "
                "before 1.9, normalize=False answered 0.0."
            ),
            applies=_all_zero_weight,
            versions=VersionRange(until="1.9"),
        ),
        _MALFORMED_POS_LABEL,
    ),
    tolerance=Tolerance(ulps=0),
    example=Call(
        _BINARY_EXAMPLE, {"pos_label": 1, "normalize": True, "sample_weight": _BINARY_WEIGHTS}
    ),
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
        *_binary_edges(),
        Edge(
            "unhalved",
            "scale_by_half=False",
            lambda c: c.argument(3, "scale_by_half", True) is False,
        ),
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
    tolerance=Tolerance(ulps=0),
    example=Call(
        _BINARY_EXAMPLE,
        {"pos_label": 1, "scale_by_half": True, "sample_weight": _BINARY_WEIGHTS},
    ),
)


# -- LogLoss.multi_class ----------------------------------------------------------------


def _log_loss_multi_oracle(call: Call) -> float:
    """``log_loss`` on the matrix with ``labels=range(class_count)``. A flat block is
    reshaped to ``(n, class_count)`` in its own dtype, so that a ``float32`` block
    reaches scikit-learn as ``float32``."""
    from sklearn.metrics import log_loss

    truth, proba, classes = call.args[0], call.args[1], call.argument(2, "class_count")
    matrix = np.asarray(proba)
    if _is_count(classes) and classes > max(matrix.size, 2):
        # No row can hold that many classes (or there is no row): scikit-learn refuses,
        # and asking it would first build a labels list as long as class_count.
        raise ValueError(f"{matrix.size} values cannot hold rows of {classes} classes")
    if matrix.ndim == 1:
        matrix = matrix.reshape(len(truth), classes)
    return float(
        log_loss(
            truth,
            matrix,
            normalize=call.argument(3, "normalize", True),
            sample_weight=_unweighted(call.argument(4, "sample_weight")),
            labels=list(range(classes)),
        )
    )


def _is_count(value: Any) -> bool:
    """An integer class count, a NumPy integer included (it is valid input)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def _rows(call: Call) -> np.ndarray[Any, Any] | None:
    """The block as ``(n, class_count)`` finite rows, or ``None`` when it is not one."""
    truth = s.as_labels(call.args[0])
    block = _proba(call)
    classes = call.argument(2, "class_count")
    if truth is None or block is None or not _is_count(classes) or classes < 2:
        return None
    if block.ndim == 1 and block.size == len(truth) * classes:
        block = block.reshape(len(truth), classes)
    if block.ndim != 2 or block.shape != (len(truth), classes):
        return None
    return block if bool(np.isfinite(block).all()) else None


def _multi(call: Call) -> tuple[Any, Any, Any] | None:
    """A matrix call lodestar answers: labels, rows and weights, or ``None``."""
    truth = s.as_labels(call.args[0])
    rows = _rows(call)
    if truth is None or rows is None or len(truth) == 0:
        return None
    if bool(((rows < 0) | (rows > 1)).any()):
        return None
    if bool(((truth < 0) | (truth >= rows.shape[1])).any()):
        return None
    weight = _weight(call)
    if weight is not None and (weight.size != len(truth) or not bool(np.isfinite(weight).all())):
        return None
    return truth, rows, weight


def _multi_expected(call: Call) -> float:
    """``-log`` of the clipped probability of the true class, row as given."""
    parts = _multi(call)
    assert parts is not None
    truth, rows, weight = parts
    clipped = np.clip(rows, EPS, 1.0 - EPS)
    own = clipped[np.arange(len(truth)), truth]
    return _average(-np.log(own), weight, bool(call.argument(3, "normalize", True)))


def _renormalised_multi(call: Call) -> bool:
    """Some clipped row does not sum to exactly 1: before 1.5 it was divided by its sum."""
    parts = _multi(call)
    if parts is None:
        return False
    clipped = np.clip(parts[1], EPS, 1.0 - EPS)
    return bool((clipped.sum(axis=1) != 1.0).any())


def _not_summing_to_one(call: Call) -> bool:
    parts = _multi(call)
    return parts is not None and bool((np.abs(parts[1].sum(axis=1) - 1.0) > 1e-6).any())


def _own_column(call: Call) -> np.ndarray[Any, Any] | None:
    parts = _multi(call)
    if parts is None:
        return None
    truth, rows, _ = parts
    own: np.ndarray[Any, Any] = rows[np.arange(len(truth)), truth]
    return own


def _multi_label_out_of_range(call: Call) -> bool:
    truth = s.as_labels(call.args[0])
    classes = call.argument(2, "class_count")
    return (
        truth is not None and _is_count(classes) and bool(((truth < 0) | (truth >= classes)).any())
    )


def _multi_wrong_size(call: Call) -> bool:
    block = _proba(call)
    classes = call.argument(2, "class_count")
    return (
        block is not None
        and _is_count(classes)
        and classes >= 2
        and block.size != len(call.args[0]) * classes
    )


MULTI_SCENARIOS = (
    "valid",
    "weighted",
    "zero_sum_weight",
    "binary",
    "two_d",
    "float32",
    "perfect",
    "below_eps",
    "not_summing_to_one",
    "single_class",
    "empty",
    "label_out_of_range",
    "above_one",
    "below_zero",
    "non_finite",
    "wrong_size",
    "class_count_below_two",
    "all_zero_weight",
)


@st.composite
def _multi_calls(draw: s.Draw, scenario: str) -> Call:
    classes = 2 if scenario == "binary" else draw(s.class_counts(2, 6))
    samples = 0 if scenario == "empty" else draw(st.integers(1, 8))
    truth = draw(s.label_lists(samples, 0, classes - 1))
    rows = s.probability_matrix(draw, samples, classes)
    if scenario == "perfect":
        wrong = draw(st.integers(-1, samples - 1))
        rows = [[0.0] * classes for _ in range(samples)]
        for index, label in enumerate(truth):
            rows[index][(label + 1) % classes if index == wrong else label] = 1.0
    if scenario == "below_eps":
        values = st.sampled_from((0.0, 1.0, *TINY, *NEAR_ONE))
        rows = [[draw(values) for _ in range(classes)] for _ in range(samples)]
    if scenario == "not_summing_to_one" and samples:
        rows[0] = [0.5] * classes if classes > 2 else [0.25, 0.25]
    if scenario == "single_class":
        samples = max(samples, 2)
        truth = [draw(st.integers(0, classes - 1))] * samples
        rows = s.probability_matrix(draw, samples, classes)
    weight: Any = None
    if scenario in ("valid", "weighted", "binary", "two_d", "single_class"):
        weight = (
            draw(s.valid_weights(samples)) if scenario != "valid" or draw(st.booleans()) else None
        )
    if scenario == "zero_sum_weight":
        samples = max(samples, 2)
        truth = draw(s.label_lists(samples, 0, classes - 1))
        rows = s.probability_matrix(draw, samples, classes)
        weight = draw(s.zero_sum_weights(samples))
    if scenario == "all_zero_weight":
        weight = [0.0] * samples
    if scenario == "label_out_of_range":
        truth[s.some_index(draw, samples)] = draw(st.sampled_from([-1, classes, classes + 2]))
    if scenario == "above_one":
        rows[s.some_index(draw, samples)][s.some_index(draw, classes)] = draw(
            st.sampled_from([1.5, 1.0000000000000002])
        )
    if scenario == "below_zero":
        rows[s.some_index(draw, samples)][s.some_index(draw, classes)] = draw(
            st.sampled_from([-0.25, -5e-324])
        )
    if scenario == "non_finite":
        bad = draw(st.sampled_from(s.NON_FINITE))
        if draw(st.booleans()):
            rows[s.some_index(draw, samples)][s.some_index(draw, classes)] = bad
        else:
            weight = [1.0] * (samples - 1) + [bad]
    if scenario == "class_count_below_two":
        classes = draw(st.sampled_from([0, 1]))
        rows = [row[:classes] for row in rows]
        truth = [0] * samples
    block: Any = [value for row in rows for value in row]
    if scenario == "wrong_size":
        block = [*block, 0.0] if draw(st.booleans()) or not block else block[:-1]
    if scenario == "two_d":
        block = np.array(rows, dtype=np.float64).reshape(samples, classes)
    if scenario == "float32":
        block = np.array(rows, dtype=np.float32).reshape(samples, classes)
    kwargs: dict[str, Any] = {"normalize": draw(st.booleans())}
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, block, classes), s.with_defaults(draw, kwargs, ("sample_weight",)))


def _multi_perfect(call: Call) -> bool:
    own = _own_column(call)
    return own is not None and bool((own == 1.0).any())


def _multi_certain_and_wrong(call: Call) -> bool:
    own = _own_column(call)
    return own is not None and bool((own == 0.0).any())


LOG_LOSS_MULTI_CLASS = Member(
    name="LogLoss.multi_class",
    csharp="LogLoss.MultiClass",
    page="reference/metrics/classification/logloss-multiclass.md",
    implementation=LogLoss.multi_class,
    oracle=_log_loss_multi_oracle,
    oracle_call="log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight, "
    "labels=range(class_count))",
    since="1.3",
    scenarios={scenario: _multi_calls(scenario) for scenario in MULTI_SCENARIOS},
    edges=(
        Edge("binary", "class_count = 2", lambda c: c.argument(2, "class_count") == 2),
        Edge("perfect", "the true class given exactly 1", _multi_perfect),
        Edge("certain_and_wrong", "the true class given exactly 0", _multi_certain_and_wrong),
        Edge("below_eps", "a probability inside (0, eps) or (1 - eps, 1)", _below_eps),
        Edge(
            "not_summing_to_one", "a row whose probabilities do not sum to 1", _not_summing_to_one
        ),
        Edge(
            "single_class",
            "y_true holds one class only",
            lambda c: _multi(c) is not None and len(c.args[0]) > 1 and _distinct_labels(c) == 1,
        ),
        Edge("two_d", "the block given as a 2-D array", lambda c: np.ndim(c.args[1]) == 2),
        Edge("float32", "y_proba as a float32 array", _float32),
        Edge("negative_weight", "a weight below zero", _negative_weight),
        Edge("zero_sum_weight", "weights summing to exactly zero", _zero_sum_weight),
        Edge("all_zero_weight", "every weight zero", _all_zero_weight),
        Edge(
            "unnormalized", "normalize=False", lambda c: c.argument(3, "normalize", True) is False
        ),
        Edge("empty", "no sample", lambda c: len(c.args[0]) == 0),
        Edge("label_out_of_range", "a label outside [0, class_count)", _multi_label_out_of_range),
        Edge("probability_outside", "a probability outside [0, 1]", _probability_outside),
        Edge("nan", "NaN in the probabilities or the weights", _has_nan),
        Edge("wrong_size", "a block that is not n rows of class_count", _multi_wrong_size),
        Edge(
            "class_count_below_two",
            "class_count of 0 or 1",
            lambda c: c.argument(2, "class_count") in (0, 1),
        ),
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
        Divergence(
            name="probability_outside",
            kind="narrowing",
            summary=(
                "A probability outside [0, 1] is refused; before 1.7 log_loss clipped it "
                "into [eps, 1 - eps] and answered."
            ),
            applies=_probability_outside,
            versions=VersionRange(until="1.7"),
        ),
        Divergence(
            name="label_out_of_range",
            kind="narrowing",
            summary=(
                "A label outside [0, class_count) is refused; before 1.7 log_loss let a "
                "label missing from labels through, scoring it as a row of zeros (or, with "
                "two classes, as class 0)."
            ),
            applies=_multi_label_out_of_range,
            versions=VersionRange(until="1.7"),
        ),
        Divergence(
            name="non_finite_weight",
            kind="narrowing",
            summary=(
                "A NaN or infinite weight is refused; scikit-learn before 1.8 answered NaN, "
                "and refuses it from 1.8 on."
            ),
            applies=_non_finite_weight,
            versions=VersionRange(until="1.8"),
        ),
        Divergence(
            name="all_zero_weight",
            kind="narrowing",
            summary=(
                "Weights that are all zero are refused, as scikit-learn 1.9 refuses them; "
                "before 1.9, normalize=False answered 0.0."
            ),
            applies=_all_zero_weight,
            versions=VersionRange(until="1.9"),
        ),
    ),
    tolerance=Tolerance(ulps=0),
    example=Call(
        ([0, 1, 2, 1], [0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6, 0.3, 0.4, 0.3], 3),
        {"normalize": True, "sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)

MEMBERS = (BRIER_SCORE, LOG_LOSS_SCORE, LOG_LOSS_MULTI_CLASS)
