from __future__ import annotations

import math

import numpy as np
import pytest

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import LogLoss
from lodestar.metrics.classification.log_loss import EPSILON

TRUTH = [0, 1, 1, 0]
CONFIDENCE = [0.1, 0.9, 0.8, 0.3]
CLASSES = [0, 1, 2, 1]
MATRIX = [0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6, 0.3, 0.4, 0.3]


def near(value: float, figure: float, ulps: int = 4, scale: float = 0.0) -> bool:
    """``value`` lies within ``ulps`` units in the last place of ``figure`` (or of ``scale``,
    the magnitude of the terms, where weights make them partly cancel).

    Every cost is a logarithm, whose last bit depends on the platform's ``log``: NumPy's
    AVX-512, AVX2 and baseline paths, and the C library's, do not always agree, and a
    weighted sum without normalisation goes through a BLAS dot product. The figures below
    are the C# pages' (measured with NumPy 2.4 on x86-64).
    """
    return abs(value - figure) <= ulps * math.ulp(max(abs(figure), scale))


# -- figures from the C# pages ------------------------------------------------------------


def test_binary_example() -> None:
    assert near(LogLoss.score(TRUTH, CONFIDENCE), 0.19763488164214868)


def test_certain_and_wrong_costs_minus_log_eps() -> None:
    assert near(LogLoss.score([1, 0], [0.0, 0.5]), 18.36840028483855)
    assert near(LogLoss.score([1, 0], [0.0, 0.5]), (-math.log(EPSILON) - math.log(0.5)) / 2)
    assert near(LogLoss.score([1], [0.0], normalize=False), -math.log(EPSILON))


def test_a_perfect_prediction_costs_eps() -> None:
    assert EPSILON == 2.220446049250313e-16
    # -log(1 - eps) = eps + eps**2 / 2 + ..., just above the midpoint of eps and the next
    # double: a correctly rounded log gives that next double, NumPy's AVX-512 log gives eps.
    either = (EPSILON, math.nextafter(EPSILON, 1.0))
    assert LogLoss.score([0, 1], [0.0, 1.0]) in either
    assert LogLoss.multi_class([0, 1, 2], np.eye(3), 3) in either


@pytest.mark.parametrize("tiny", [0.0, 5e-324, 1e-20, EPSILON / 2, EPSILON])
def test_everything_below_the_clip_scores_as_eps(tiny: float) -> None:
    assert near(LogLoss.score([1, 0], [tiny, 0.5]), 18.36840028483855)


def test_just_above_the_clip_scores_differently() -> None:
    assert near(LogLoss.score([1, 0], [1e-15, 0.5]), 17.615961787735316)


def test_multi_class_example_and_halved_rows() -> None:
    assert near(LogLoss.multi_class(CLASSES, MATRIX, 3), 0.5017337127232719)
    halved = [value / 2 for value in MATRIX]
    assert near(LogLoss.multi_class(CLASSES, halved, 3), 1.1948808932832173)


def test_rows_not_summing_to_one_are_scored_as_given() -> None:
    assert near(LogLoss.multi_class([0], [0.5, 0.5, 0.5], 3), math.log(2))


def test_only_the_true_column_counts() -> None:
    assert LogLoss.multi_class([0], [0.6, 0.4, 0.0], 3) == LogLoss.multi_class(
        [0], [0.6, 0.2, 0.2], 3
    )


# -- pos_label, normalize, weights --------------------------------------------------------


def test_pos_label_scores_the_complement() -> None:
    about_zero = LogLoss.score(TRUTH, CONFIDENCE, pos_label=0)
    assert about_zero == LogLoss.score(TRUTH, [1 - p for p in CONFIDENCE], pos_label=1)
    assert about_zero != LogLoss.score(TRUTH, CONFIDENCE)


def test_other_label_pairs() -> None:
    assert near(LogLoss.score([-1, 1, 1, -1], CONFIDENCE), 0.19763488164214868)
    assert near(LogLoss.score([1, 2, 2, 1], CONFIDENCE, pos_label=2), 0.19763488164214868)


def test_single_class_and_three_labels_are_scored() -> None:
    assert near(LogLoss.score([1, 1], [0.9, 0.8]), 0.164252033486018)
    # Every label but pos_label counts as the other class.
    assert LogLoss.score([0, 1, 2], [0.1, 0.9, 0.3]) == LogLoss.score([0, 1, 0], [0.1, 0.9, 0.3])


def test_normalize_false_is_the_sum() -> None:
    assert near(LogLoss.score(TRUTH, CONFIDENCE, normalize=False), 0.7905395265685947)


def test_weights() -> None:
    weighted = LogLoss.score(TRUTH, CONFIDENCE, sample_weight=[3, 1, 1, -1])
    assert near(weighted, 0.0719776675016956, scale=1.0)
    zero_sum = [1.0, 1.0, -1.0, -1.0]
    total = LogLoss.score(TRUTH, CONFIDENCE, normalize=False, sample_weight=zero_sum)
    assert near(total, -0.3690974639372896, scale=0.8)
    assert LogLoss.score(TRUTH, CONFIDENCE, sample_weight=[]) == LogLoss.score(TRUTH, CONFIDENCE)


def test_a_column_is_accepted() -> None:
    column = np.array(CONFIDENCE).reshape(4, 1)
    assert LogLoss.score(TRUTH, column) == LogLoss.score(TRUTH, CONFIDENCE)


def test_flat_and_two_dimensional_blocks_agree() -> None:
    assert LogLoss.multi_class(CLASSES, np.reshape(MATRIX, (4, 3)), 3) == LogLoss.multi_class(
        CLASSES, MATRIX, 3
    )


# -- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "name", "sentence"),
    [
        ({"y_proba": [0.1, 0.9, 0.8]}, ArgumentError, "y_proba", "y_true has 4 entries"),
        ({"y_true": [], "y_proba": []}, ArgumentError, "y_true", "empty"),
        (
            {"y_proba": [0.1, 1.5, 0.8, 0.3]},
            ArgumentError,
            "y_proba",
            "y_prob contains values greater than 1: 1.5",
        ),
        (
            {"y_proba": [-0.1, 0.9, 0.8, 0.3]},
            ArgumentError,
            "y_proba",
            "y_prob contains values lower than 0: -0.1",
        ),
        ({"y_proba": [math.nan, 0.9, 0.8, 0.3]}, ArgumentError, "y_proba", "finite"),
        ({"sample_weight": [1, 1, -1, -1]}, ArgumentError, "sample_weight", "sum to zero"),
        ({"sample_weight": [0, 0, 0, 0]}, ArgumentError, "sample_weight", "non-zero"),
        ({"sample_weight": [1, 1]}, ArgumentError, "sample_weight", "4 samples"),
        ({"sample_weight": [1, 1, 1, math.inf]}, ArgumentError, "sample_weight", "finite"),
        ({"pos_label": 0.5}, ArgumentError, "pos_label", "integer label"),
        ({"pos_label": True}, ArgumentError, "pos_label", "integer label"),
        ({"pos_label": "1"}, ArgumentError, "pos_label", "integer label"),
        ({"pos_label": None}, ArgumentError, "pos_label", "integer label"),
        ({"normalize": 1}, ArgumentError, "normalize", "True or False"),
        ({"y_true": [0, 1, 1, 0.5]}, ArgumentError, "y_true", "fractional"),
        ({"y_proba": np.ones((4, 2)) / 2}, ArgumentError, "y_proba", "one-dimensional"),
    ],
)
def test_score_refusals(kwargs, error, name, sentence) -> None:  # type: ignore[no-untyped-def]
    call = {"y_true": TRUTH, "y_proba": CONFIDENCE} | kwargs
    with pytest.raises(error) as raised:
        LogLoss.score(**call)
    assert type(raised.value) is error
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


def test_all_zero_weights_are_refused_even_for_the_sum() -> None:
    with pytest.raises(ArgumentError, match="non-zero"):
        LogLoss.score(TRUTH, CONFIDENCE, normalize=False, sample_weight=[0, 0, 0, 0])


def test_whole_float_pos_label_is_accepted() -> None:
    whole: float = 1.0
    assert LogLoss.score(TRUTH, CONFIDENCE, whole) == LogLoss.score(TRUTH, CONFIDENCE)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "error", "name", "sentence"),
    [
        ({"class_count": 1}, ArgumentOutOfRangeError, "class_count", "at least 2"),
        ({"class_count": 2.0}, ArgumentError, "class_count", "integer"),
        ({"y_proba": MATRIX[:-1]}, ArgumentError, "y_proba", "not 4 samples of 3"),
        ({"y_true": [0, 1, 3, 1]}, ArgumentError, "y_true", "class index"),
        ({"y_true": [0, 1, -1, 1]}, ArgumentError, "y_true", "class index"),
        (
            {"y_proba": [1.25, *MATRIX[1:]]},
            ArgumentError,
            "y_proba",
            "y_prob contains values greater than 1: 1.25",
        ),
        (
            {"y_proba": [-0.25, *MATRIX[1:]]},
            ArgumentError,
            "y_proba",
            "y_prob contains values lower than 0: -0.25",
        ),
        ({"y_true": [], "y_proba": []}, ArgumentError, "y_true", "empty"),
        ({"sample_weight": [1, 1, -1, -1]}, ArgumentError, "sample_weight", "sum to zero"),
        ({"sample_weight": [0, 0, 0, 0]}, ArgumentError, "sample_weight", "non-zero"),
        ({"normalize": "yes"}, ArgumentError, "normalize", "True or False"),
    ],
)
def test_multi_class_refusals(kwargs, error, name, sentence) -> None:  # type: ignore[no-untyped-def]
    call = {"y_true": CLASSES, "y_proba": MATRIX, "class_count": 3} | kwargs
    with pytest.raises(error) as raised:
        LogLoss.multi_class(**call)
    assert type(raised.value) is error
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


# -- hygiene ------------------------------------------------------------------------------


def test_inputs_are_not_modified() -> None:
    truth = np.array(TRUTH)
    proba = np.array([0.0, 1.0, 0.8, 1e-20])
    weight = np.array([1.0, 2.0, 3.0, 4.0])
    LogLoss.score(truth, proba, sample_weight=weight)
    assert truth.tolist() == TRUTH
    assert proba.tolist() == [0.0, 1.0, 0.8, 1e-20]
    assert weight.tolist() == [1, 2, 3, 4]
    matrix = np.reshape(MATRIX, (4, 3)).copy()
    LogLoss.multi_class(np.array(CLASSES), matrix, 3, sample_weight=weight)
    assert matrix.ravel().tolist() == MATRIX


def test_returns_a_python_float() -> None:
    assert type(LogLoss.score(TRUTH, CONFIDENCE, normalize=False)) is float
    assert type(LogLoss.multi_class(CLASSES, MATRIX, 3)) is float
