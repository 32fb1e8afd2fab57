from __future__ import annotations

import numpy as np
import pytest

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import ConfusionMatrix, Normalization

SPAM_TRUE = [1, 1, 1, 1, 0, 0, 0, 0]
SPAM_PRED = [1, 1, 0, 0, 1, 0, 0, 0]


def test_the_spam_filter_cells() -> None:
    cm = ConfusionMatrix.compute(SPAM_TRUE, SPAM_PRED)
    assert cm.labels == (0, 1)
    assert (cm[1, 0], cm[1, 1], cm[0, 1], cm[0, 0]) == (2.0, 2.0, 1.0, 3.0)
    assert cm.total_weight == 8.0
    assert isinstance(cm[0, 0], float) and isinstance(cm.total_weight, float)


def test_the_normalized_projections() -> None:
    cm = ConfusionMatrix.compute(SPAM_TRUE, SPAM_PRED)
    assert cm.to_array()[1, 1] == 2.0
    assert cm.to_array(Normalization.TRUE)[1, 1] == 0.5
    assert cm.to_array(Normalization.ALL)[0, 0] == 0.375
    assert cm.to_array(Normalization.PRED)[1, 1] == 2 / 3
    assert cm.to_array("true").tolist() == [[0.75, 0.25], [0.5, 0.5]]
    assert cm.to_array(None).tolist() == cm.to_array(Normalization.NONE).tolist()


def test_to_array_is_a_fresh_float_array() -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    array = cm.to_array()
    assert array.dtype == np.float64 and array.shape == (2, 2)
    array[0, 0] = 99.0
    assert cm[0, 0] == 1.0
    assert cm.to_array(Normalization.TRUE) is not cm.to_array(Normalization.TRUE)


def test_the_caller_order_is_kept_unsorted() -> None:
    cm = ConfusionMatrix.compute([0, 1, 2, 2], [0, 1, 2, 1], labels=[2, 0, 1])
    assert cm.labels == (2, 0, 1)
    assert cm[0, 0] == 1.0  # truly 2, predicted 2
    assert cm[0, 2] == 1.0  # truly 2, predicted 1


def test_labels_that_are_not_zero_based() -> None:
    cm = ConfusionMatrix.compute([-1, 42, 5, 42], [-1, 5, 5, 42])
    assert cm.labels == (-1, 5, 42)
    assert cm.total_weight == 4.0
    assert cm[2, 1] == 1.0


def test_wide_label_ranges_take_the_sorted_path() -> None:
    cm = ConfusionMatrix.compute([4_000_000, -3_000_000, 0], [0, 4_000_000, -3_000_000])
    assert cm.labels == (-3_000_000, 0, 4_000_000)
    cm = ConfusionMatrix.compute(
        [0, 5_000_000, 0, 5_000_000], [0, 5_000_000, 5_000_000, 0], labels=[5_000_000, 0]
    )
    assert cm.to_array().tolist() == [[1.0, 1.0], [1.0, 1.0]]
    cm = ConfusionMatrix.compute([2**40, -(2**62)], [2**40, 2**40])
    assert cm.labels == (-(2**62), 2**40)


def test_a_sample_outside_labels_is_counted_nowhere() -> None:
    cm = ConfusionMatrix.compute([0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 2, 2, 0], labels=[0, 1])
    assert cm.to_array().tolist() == [[1.0, 1.0], [0.0, 2.0]]
    assert cm.total_weight == 4.0


def test_labels_may_name_classes_no_sample_carries() -> None:
    cm = ConfusionMatrix.compute([0, 0], [0, 1], labels=[0, 1, 2])
    assert cm.to_array(Normalization.TRUE).tolist() == [
        [0.5, 0.5, 0.0],
        [0.0, 0.0, 0.0],
        [0.0, 0.0, 0.0],
    ]


def test_weights_are_summed_per_cell() -> None:
    cm = ConfusionMatrix.compute([0, 1, 1], [0, 0, 1], sample_weight=[1, 2, 3])
    assert cm.to_array().tolist() == [[1.0, 0.0], [2.0, 3.0]]
    assert ConfusionMatrix.compute([0, 1], [0, 1], sample_weight=[]).total_weight == 2.0


def test_a_cancelling_row_divides_as_scikit_learn_does() -> None:
    cm = ConfusionMatrix.compute([0, 0, 1], [0, 1, 1], sample_weight=[1.0, -1.0, 1.0])
    biggest = np.finfo(np.float64).max
    assert cm.to_array(Normalization.TRUE).tolist() == [[biggest, -biggest], [0.0, 1.0]]


def test_labels_given_empty_mean_omitted() -> None:
    assert ConfusionMatrix.compute([2, 0], [0, 0], labels=[]).labels == (0, 2)


def test_whole_floats_are_labels() -> None:
    assert ConfusionMatrix.compute([1.0, 2.0], [1, 2], labels=[2.0, 1.0]).labels == (2, 1)


@pytest.mark.parametrize(
    ("args", "kwargs", "name", "sentence"),
    [
        (([0, 1, 0], [0, 1]), {}, "y_pred", "they must agree"),
        (([], []), {}, "y_true", "empty"),
        (([0, 1, 0], [0, 1, 1]), {"sample_weight": [1.0, 2.0]}, "sample_weight", "3 samples"),
        (([0, 1, 0], [0, 1, 1]), {"labels": [0, 1, 0]}, "labels", "holds 0 more than once"),
        (([0, 0, 1], [0, 1, 1]), {"labels": [7, 8]}, "labels", "none of them occurs in y_true"),
        (([0, 0, 1], [0, 2, 1]), {"labels": [2]}, "labels", "none of them occurs in y_true"),
        (([0, 1], [0, 1]), {"labels": [0.5, 1]}, "labels", "fractional"),
        (([0, 1], [0, 1]), {"sample_weight": [0.0, 0.0]}, "sample_weight", "non-zero"),
        (([0, 1], [0, 1]), {"sample_weight": [1.0, float("nan")]}, "sample_weight", "finite"),
        (([0, 1.5], [0, 1]), {}, "y_true", "fractional"),
        (([True, False], [0, 1]), {}, "y_true", "booleans"),
    ],
)
def test_refusals(args, kwargs, name, sentence) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ArgumentError) as raised:
        ConfusionMatrix.compute(*args, **kwargs)
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


def test_duplicates_are_refused_on_the_sorted_path_too() -> None:
    with pytest.raises(ArgumentError, match="more than once"):
        ConfusionMatrix.compute([0, 5_000_000], [0, 5_000_000], labels=[0, 5_000_000, 0])


def test_zero_sum_weights_are_counted() -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1], sample_weight=[1.0, -1.0])
    assert cm.to_array().tolist() == [[1.0, 0.0], [0.0, -1.0]]
    assert cm.total_weight == 0.0


@pytest.mark.parametrize("mode", ["rows", "True", "", 1, True, "TRUE"])
def test_an_unknown_normalization_is_out_of_range(mode: object) -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    with pytest.raises(ArgumentOutOfRangeError) as raised:
        cm.to_array(mode)  # type: ignore[arg-type]
    assert raised.value.param_name == "normalization"
    assert raised.value.actual_value == mode


def test_indexing_is_by_position() -> None:
    cm = ConfusionMatrix.compute([3, 7], [3, 3])
    assert cm[1, 0] == 1.0  # truly 7, predicted 3
    with pytest.raises(IndexError):
        cm[2, 0]
    with pytest.raises(IndexError):
        cm[-1, 0]
    with pytest.raises(TypeError):
        cm[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        cm[True, 0]


def test_the_matrix_is_immutable_and_built_by_compute_only() -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    with pytest.raises(TypeError):
        ConfusionMatrix()
    with pytest.raises(AttributeError):
        cm.labels = (1, 0)  # type: ignore[misc]
    assert "labels=[0, 1]" in repr(cm)


def test_inputs_are_not_modified() -> None:
    y_true = np.array([2, 0, 2, 1])
    y_pred = np.array([2, 0, 1, 1])
    labels = np.array([2, 0])
    weight = np.array([1.0, 2.0, 3.0, 4.0])
    copies = [array.copy() for array in (y_true, y_pred, labels, weight)]
    ConfusionMatrix.compute(y_true, y_pred, labels, weight).to_array(Normalization.ALL)
    for array, copy in zip((y_true, y_pred, labels, weight), copies, strict=True):
        assert np.array_equal(array, copy) and array.flags.writeable


def test_matches_scikit_learn_bit_for_bit_on_weighted_cells() -> None:
    from sklearn.metrics import confusion_matrix

    rng = np.random.default_rng(7)
    y_true = rng.integers(-2, 4, size=500)
    y_pred = rng.integers(-2, 4, size=500)
    weight = rng.random(500) * 10 - 2
    labels = [3, -2, 0, 1]
    for mode in (None, "true", "pred", "all"):
        mine = ConfusionMatrix.compute(y_true, y_pred, labels, weight).to_array(mode)
        theirs = confusion_matrix(
            y_true, y_pred, labels=labels, sample_weight=weight, normalize=mode
        )
        assert np.array_equal(mine, theirs), mode


def test_many_distinct_labels_take_the_sparse_count_with_the_same_bits() -> None:
    from sklearn.metrics import confusion_matrix

    rng = np.random.default_rng(3)
    y_true = np.repeat(rng.integers(-(2**40), 2**40, size=2000), 3)
    y_pred = rng.permutation(y_true)
    weight = rng.random(len(y_true)) - 0.25
    cm = ConfusionMatrix.compute(y_true, y_pred, sample_weight=weight)
    theirs = confusion_matrix(y_true, y_pred, sample_weight=weight)
    assert len(cm.labels) ** 2 > 4 * len(y_true) + (1 << 20)
    assert np.array_equal(cm.to_array(), theirs)
    assert cm.total_weight == theirs.sum()
    unweighted = ConfusionMatrix.compute(y_true, y_pred)
    assert np.array_equal(unweighted.to_array(), confusion_matrix(y_true, y_pred))


def test_unweighted_counts_cross_the_block_boundary() -> None:
    rng = np.random.default_rng(7)
    truth = rng.integers(0, 10, 200_003)
    predicted = rng.integers(0, 10, 200_003)
    expected = np.zeros((10, 10))
    np.add.at(expected, (truth, predicted), 1.0)
    assert np.array_equal(ConfusionMatrix.compute(truth, predicted).to_array(), expected)
    sparse = np.where(truth == 3, 5, truth)  # a label missing from the range
    expected_sparse = np.zeros((10, 10))
    np.add.at(expected_sparse, (sparse, predicted), 1.0)
    result = ConfusionMatrix.compute(sparse, predicted)
    assert np.array_equal(result.to_array(), expected_sparse[np.ix_(result.labels, result.labels)])
