"""The classification family: ``Accuracy.score``, ``BrierScore.multi_class``."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import strategies as s
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
from lodestar.metrics import Accuracy, BrierScore

__all__ = ["ACCURACY", "BRIER_MULTI_CLASS", "MEMBERS"]


def _unweighted(weight: Any) -> Any:
    return None if weight is not None and len(weight) == 0 else weight


def _negative_weight(position: int) -> Any:
    return lambda call: s.negative(s.weight_vector(call, position))


def _zero_sum_weight(position: int) -> Any:
    return lambda call: s.zero_sum(s.weight_vector(call, position))


def _non_finite_weight(position: int) -> Any:
    return lambda call: s.non_finite(s.weight_vector(call, position))


# -- Accuracy.score ----------------------------------------------------------------


def _accuracy_oracle(call: Call) -> float:
    from sklearn.metrics import accuracy_score

    return float(
        accuracy_score(
            call.args[0],
            call.args[1],
            normalize=call.argument(2, "normalize", True),
            sample_weight=_unweighted(call.argument(3, "sample_weight")),
        )
    )


ACCURACY_SCENARIOS = (
    "valid",
    "weighted",
    "zero_sum_weight",
    "single",
    "float_labels",
    "empty",
    "length_mismatch",
    "fractional_label",
    "non_finite_weight",
    "all_zero_weight",
    "wrong_weight_length",
)


@st.composite
def _accuracy_calls(draw: s.Draw, scenario: str) -> Call:
    samples = 1 if scenario == "single" else draw(st.integers(1, 10))
    if scenario == "empty":
        samples = 0
    low, high = draw(st.sampled_from([(0, 1), (0, 4), (-3, 3), (-1000, 1000), (2**40, 2**40 + 3)]))
    truth: list[Any] = draw(s.label_lists(samples, low, high))
    predicted: list[Any] = draw(s.label_lists(samples, low, high))
    # Agreement is the interesting case: copy some of the truth into the prediction.
    for index in range(samples):
        if draw(st.booleans()):
            predicted[index] = truth[index]
    weight: Any = None
    if scenario in ("valid", "weighted", "single"):
        weight = (
            draw(s.valid_weights(samples)) if scenario != "valid" or draw(st.booleans()) else None
        )
    if scenario == "zero_sum_weight":
        samples = max(samples, 2)
        truth = draw(s.label_lists(samples, low, high))
        predicted = list(truth)
        predicted[0] = truth[0] + 1
        weight = draw(s.zero_sum_weights(samples))
    if scenario == "float_labels":
        truth = [float(value) for value in truth]
    if scenario == "length_mismatch":
        predicted = [*predicted, low] if draw(st.booleans()) or not predicted else predicted[:-1]
    if scenario == "fractional_label":
        truth[s.some_index(draw, samples)] = draw(st.sampled_from([0.5, 1.25, -2.5]))
    if scenario == "non_finite_weight":
        weight = [1.0] * (samples - 1) + [draw(st.sampled_from(s.NON_FINITE))]
    if scenario == "all_zero_weight":
        weight = [0.0] * samples
    if scenario == "wrong_weight_length":
        weight = draw(st.lists(st.floats(0, 2), min_size=samples + 1, max_size=samples + 2))
    kwargs: dict[str, Any] = {"normalize": draw(st.booleans())}
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, predicted), s.with_defaults(draw, kwargs, ("sample_weight",)))


def _all_zero_weight(call: Call) -> bool:
    return s.all_zero(s.weight_vector(call, 3))


def _accuracy_empty(call: Call) -> bool:
    return len(call.args[0]) == 0 and len(call.args[1]) == 0


ACCURACY = Member(
    name="Accuracy.score",
    csharp="Accuracy.Score",
    page="reference/metrics/classification/accuracy-score.md",
    implementation=Accuracy.score,
    oracle=_accuracy_oracle,
    oracle_call="accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)",
    since="1.3",
    scenarios={scenario: _accuracy_calls(scenario) for scenario in ACCURACY_SCENARIOS},
    edges=(
        Edge("negative_weight", "a weight below zero", _negative_weight(3)),
        Edge("zero_sum_weight", "weights summing to exactly zero", _zero_sum_weight(3)),
        Edge("single_sample", "one sample", lambda c: len(c.args[0]) == 1),
        Edge(
            "negative_labels",
            "labels below zero",
            lambda c: any(isinstance(v, int) and v < 0 for v in c.args[0]),
        ),
        Edge("empty", "no sample", _accuracy_empty),
        Edge(
            "length_mismatch",
            "y_true and y_pred of different lengths",
            lambda c: len(c.args[0]) != len(c.args[1]),
        ),
        Edge(
            "fractional_label",
            "a label with a fractional part",
            lambda c: any(isinstance(v, float) and v != int(v) for v in c.args[0]),
        ),
        Edge(
            "whole_float_labels",
            "labels given as whole floats",
            lambda c: (
                bool(c.args[0]) and all(isinstance(v, float) and v == int(v) for v in c.args[0])
            ),
        ),
        Edge("non_finite_weight", "a NaN or infinite weight", _non_finite_weight(3)),
        Edge("all_zero_weight", "every weight zero", _all_zero_weight),
    ),
    divergences=(
        Divergence(
            name="empty_input",
            kind="narrowing",
            summary="Empty input is refused; scikit-learn before 1.8 answered NaN.",
            applies=_accuracy_empty,
            versions=VersionRange(until="1.8"),
        ),
        Divergence(
            name="non_finite_weight",
            kind="narrowing",
            summary=(
                "A NaN or infinite weight is refused; scikit-learn before 1.8 answered NaN "
                "or a number built on infinity."
            ),
            applies=_non_finite_weight(3),
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
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {"normalize": True, "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0]},
    ),
)


# -- BrierScore.multi_class -----------------------------------------------------------


def _brier_oracle(call: Call) -> float:
    """``brier_score_loss`` on the matrix, ``labels=range(class_count)``, the scale explicit."""
    from sklearn.metrics import brier_score_loss

    truth, proba, classes = call.args[0], call.args[1], call.argument(2, "class_count")
    matrix = np.asarray(proba, dtype=np.float64)
    if matrix.ndim == 1:
        matrix = matrix.reshape(len(truth), classes)
    return float(
        brier_score_loss(
            truth,
            matrix,
            sample_weight=_unweighted(call.argument(4, "sample_weight")),
            labels=list(range(classes)),
            scale_by_half=call.argument(3, "scale_by_half", False),
        )
    )


BRIER_SCENARIOS = (
    "valid",
    "weighted",
    "zero_sum_weight",
    "binary",
    "two_d",
    "not_summing_to_one",
    "empty",
    "label_out_of_range",
    "above_one",
    "below_zero",
    "non_finite",
    "wrong_size",
    "class_count_below_two",
)


@st.composite
def _brier_calls(draw: s.Draw, scenario: str) -> Call:
    classes = 2 if scenario == "binary" else draw(s.class_counts(2, 6))
    samples = 0 if scenario == "empty" else draw(st.integers(1, 8))
    truth = draw(s.label_lists(samples, 0, classes - 1))
    rows = s.probability_matrix(draw, samples, classes)
    if scenario == "not_summing_to_one" and samples:
        rows[0] = [0.5] * classes if classes > 2 else [0.25, 0.25]
    weight: Any = None
    if scenario in ("valid", "weighted", "binary", "two_d"):
        weight = (
            draw(s.valid_weights(samples)) if scenario != "valid" or draw(st.booleans()) else None
        )
    if scenario == "zero_sum_weight":
        samples = max(samples, 2)
        truth = draw(s.label_lists(samples, 0, classes - 1))
        rows = s.probability_matrix(draw, samples, classes)
        weight = draw(s.zero_sum_weights(samples))
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
    kwargs: dict[str, Any] = {"scale_by_half": draw(st.booleans())}
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, block, classes), s.with_defaults(draw, kwargs, ("sample_weight",)))


def _brier_block(call: Call) -> np.ndarray[Any, Any] | None:
    return s.as_floats(call.args[1])


def _brier_label_out_of_range(call: Call) -> bool:
    truth = s.as_labels(call.args[0])
    classes = call.argument(2, "class_count")
    return (
        truth is not None
        and isinstance(classes, int)
        and bool(((truth < 0) | (truth >= classes)).any())
    )


def _probability_outside(call: Call) -> bool:
    block = _brier_block(call)
    return block is not None and block.size > 0 and bool(((block < 0) | (block > 1)).any())


def _not_summing_to_one(call: Call) -> bool:
    block = _brier_block(call)
    classes = call.argument(2, "class_count")
    truth = call.args[0]
    if (
        block is None
        or not isinstance(classes, int)
        or classes < 2
        or block.size != len(truth) * classes
    ):
        return False
    if not np.isfinite(block).all():
        return False
    sums = block.reshape(len(truth), classes).sum(axis=1)
    return bool((np.abs(sums - 1.0) > 1e-6).any())


def _brier_wrong_size(call: Call) -> bool:
    block = _brier_block(call)
    classes = call.argument(2, "class_count")
    return (
        block is not None
        and isinstance(classes, int)
        and classes >= 2
        and block.size != len(call.args[0]) * classes
    )


BRIER_MULTI_CLASS = Member(
    name="BrierScore.multi_class",
    csharp="BrierScore.MultiClass",
    page="reference/metrics/classification/brierscore-multiclass.md",
    implementation=BrierScore.multi_class,
    oracle=_brier_oracle,
    oracle_call="brier_score_loss(y_true, y_proba, sample_weight=sample_weight, "
    "labels=range(class_count), scale_by_half=scale_by_half)",
    since="1.7",
    scenarios={scenario: _brier_calls(scenario) for scenario in BRIER_SCENARIOS},
    edges=(
        Edge(
            "binary",
            "class_count = 2, where 'auto' would halve",
            lambda c: c.argument(2, "class_count") == 2,
        ),
        Edge("negative_weight", "a weight below zero", _negative_weight(4)),
        Edge("zero_sum_weight", "weights summing to exactly zero", _zero_sum_weight(4)),
        Edge(
            "not_summing_to_one", "a row whose probabilities do not sum to 1", _not_summing_to_one
        ),
        Edge("two_d", "the block given as a 2-D array", lambda c: np.ndim(c.args[1]) == 2),
        Edge("empty", "no sample", lambda c: len(c.args[0]) == 0),
        Edge("label_out_of_range", "a label outside [0, class_count)", _brier_label_out_of_range),
        Edge("probability_outside", "a probability outside [0, 1]", _probability_outside),
        Edge(
            "non_finite",
            "NaN or infinity in probabilities or weights",
            lambda c: (
                (_brier_block(c) is not None and not bool(np.isfinite(_brier_block(c)).all()))  # type: ignore[arg-type]
                or _non_finite_weight(4)(c)
            ),
        ),
        Edge("wrong_size", "a block that is not n rows of class_count", _brier_wrong_size),
        Edge(
            "class_count_below_two",
            "class_count of 0 or 1",
            lambda c: c.argument(2, "class_count") in (0, 1),
        ),
    ),
    divergences=(
        Divergence(
            name="single_column",
            kind="narrowing",
            summary=(
                "class_count = 1 is refused (ArgumentOutOfRangeError); scikit-learn reads a "
                "one-column matrix as the positive-class probability of a binary problem "
                "and answers."
            ),
            applies=lambda c: c.argument(2, "class_count") == 1,
        ),
        Divergence(
            name="non_finite_weight",
            kind="narrowing",
            summary=(
                "A NaN or infinite weight is refused; scikit-learn 1.7 answered NaN or a "
                "number built on infinity."
            ),
            applies=_non_finite_weight(4),
            versions=VersionRange(until="1.8"),
        ),
    ),
    tolerance=Tolerance(ulps=0),
    example=Call(
        ([0, 1, 2, 1], [0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6, 0.3, 0.4, 0.3], 3),
        {"scale_by_half": False, "sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)

MEMBERS = (ACCURACY, BRIER_MULTI_CLASS)
