from __future__ import annotations

import math

import numpy as np
import pytest

from lodestar.errors import ArgumentError
from lodestar.metrics import HammingLoss, MultilabelConfusionMatrix, Recall, ZeroOneLoss

TRUTH = [True, False, True, False, True, True]
PREDICTED = [True, False, False, True, True, True]


def test_hamming_counts_labels_and_zero_one_rows() -> None:
    assert HammingLoss.score(TRUTH, PREDICTED, label_count=3) == 1 / 3
    assert ZeroOneLoss.score(TRUTH, PREDICTED, label_count=3) == 1.0
    assert HammingLoss.score([0, 1, 2, 1], [0, 2, 2, 1]) == 0.25
    assert ZeroOneLoss.score([0, 1, 2, 1], [0, 2, 2, 1], normalize=False) == 1.0


def test_flat_and_two_d_blocks_agree() -> None:
    flat = HammingLoss.score(TRUTH, PREDICTED, [1.0, 3.0], label_count=3)
    square = HammingLoss.score(
        np.reshape(TRUTH, (2, 3)), np.reshape(PREDICTED, (2, 3)), [1.0, 3.0], label_count=3
    )
    assert flat == square


def test_zero_one_unnormalised_is_a_weight() -> None:
    assert ZeroOneLoss.score([0, 1, 2, 1], [0, 2, 2, 1], False, [1, 2, 3, 4]) == 2.0


def test_hamming_matrix_of_cancelling_weights_is_nan() -> None:
    assert math.isnan(HammingLoss.score(TRUTH, PREDICTED, [1.0, -1.0], label_count=3))


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: HammingLoss.score(TRUTH, PREDICTED[:3], label_count=3), "y_pred"),
        (lambda: HammingLoss.score(TRUTH, PREDICTED, label_count=4), "y_true"),
        (lambda: HammingLoss.score(TRUTH, PREDICTED, label_count=0), "label_count"),
        (lambda: ZeroOneLoss.score([1, 0, 1, 0, 1, 1], PREDICTED, label_count=3), "y_true"),
        (lambda: ZeroOneLoss.score([], [], label_count=2), "y_true"),
        (
            lambda: HammingLoss.score([True], [False], label_count=1, sample_weight=[0.0]),
            "sample_weight",
        ),
        (lambda: HammingLoss.score([0, 1], [1, 1], sample_weight=[1.0, -1.0]), "sample_weight"),
        (lambda: MultilabelConfusionMatrix.compute([0, 1], [1, 1], samplewise=True), "samplewise"),
        (
            lambda: MultilabelConfusionMatrix.compute(TRUTH, PREDICTED, [0], label_count=3),
            "labels",
        ),
    ],
)
def test_refusals_name_the_argument(call, name) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ArgumentError) as raised:
        call()
    assert raised.value.param_name == name


def test_stack_entries_are_binary_matrices() -> None:
    stack = MultilabelConfusionMatrix.compute([0, 1, 1, 0], [0, 1, 0, 0])
    assert len(stack) == 2
    assert stack[1].labels == (0, 1)
    assert stack[1].to_array().tolist() == [[2.0, 0.0], [1.0, 1.0]]
    assert stack[-1].to_array().tolist() == stack[1].to_array().tolist()
    assert Recall.score(cm=stack[1]) == 0.5
    assert stack.to_array().shape == (2, 2, 2)
    with pytest.raises(IndexError):
        stack[2]


def test_samplewise_weighs_each_label_by_its_row() -> None:
    stack = MultilabelConfusionMatrix.compute(
        TRUTH, PREDICTED, sample_weight=[1.0, 2.0], label_count=3, samplewise=True
    )
    assert [entry.total_weight for entry in stack] == [3.0, 6.0]
    assert stack[1].to_array().tolist() == [[0.0, 2.0], [0.0, 4.0]]


def test_labels_choose_order_and_repeat() -> None:
    stack = MultilabelConfusionMatrix.compute([0, 1, 2, 1], [0, 2, 2, 1], labels=[2, 0, 2, 7])
    cells = [entry.to_array().tolist() for entry in stack]
    assert cells[0] == cells[2] == [[2.0, 1.0], [0.0, 1.0]]
    assert cells[3] == [[4.0, 0.0], [0.0, 0.0]]


def test_inputs_are_not_written() -> None:
    truth = np.reshape(TRUTH, (2, 3))
    weight = np.array([1.0, 2.0])
    MultilabelConfusionMatrix.compute(truth, truth, sample_weight=weight, label_count=3)
    assert truth.flags.writeable and weight.tolist() == [1.0, 2.0]
