"""The label-matrix role draws what each scenario promises, and reads a call back."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from equivalence.draw import label_matrix
from equivalence.families.multilabel.members import HAMMING_OF_MATRIX
from equivalence.model import Call
from equivalence.view import view_of


def _check(scenario: str, drawn: label_matrix.LabelMatrices) -> None:
    truth, predicted = drawn.y_true, drawn.y_pred
    if scenario in label_matrix.VALID:
        assert truth.dtype == np.bool_ and truth.shape == predicted.shape
        assert truth.shape[1] == drawn.label_count >= 1 and len(truth) >= 1
        weight = drawn.sample_weight
        assert weight is None or len(weight) in (0, len(truth))  # empty: unweighted
    if scenario == "all_zero_rows":
        assert not truth[0].any() and not predicted[0].any()
    if scenario == "all_one_rows":
        assert truth[0].all() and predicted[0].all()
    if scenario == "one_label":
        assert drawn.label_count == 1
    if scenario == "one_row":
        assert len(truth) == 1
    if scenario == "zero_sum_weight":
        assert drawn.sample_weight is not None and sum(drawn.sample_weight) == 0.0
    if scenario == "empty":
        assert truth.size == 0
    if scenario == "no_label":
        assert drawn.label_count < 1
    if scenario == "partial_row":
        assert truth.ndim == 1 and truth.size % drawn.label_count != 0
    if scenario == "shape_mismatch":
        assert truth.shape != predicted.shape
    if scenario == "wrong_weight_length":
        assert drawn.sample_weight is not None and len(drawn.sample_weight) != len(truth)


@pytest.mark.parametrize("scenario", (*label_matrix.VALID, *label_matrix.INVALID))
def test_each_scenario_draws_what_it_names(scenario: str) -> None:
    @settings(max_examples=15, database=None)
    @given(label_matrix.label_matrices(scenario))
    def check(drawn: label_matrix.LabelMatrices) -> None:
        _check(scenario, drawn)

    check()


def test_a_call_is_read_back_flat_or_two_d() -> None:
    truth = np.array([[True, False], [False, False]])
    for given_as in (truth, truth.reshape(-1)):
        view = view_of(HAMMING_OF_MATRIX, Call((given_as, given_as, 2), {}))
        assert label_matrix.rows(view) == 2
        assert label_matrix.EDGES["all_zero_row"].holds(view)
        assert not label_matrix.EDGES["all_one_row"].holds(view)
    assert label_matrix.rows(view_of(HAMMING_OF_MATRIX, Call((truth, truth[:1], 2), {}))) == -1
    assert label_matrix.rows(view_of(HAMMING_OF_MATRIX, Call(([1, 0], [1, 0], 2), {}))) == -1
