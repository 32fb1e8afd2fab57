from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import (
    coverage_error,
    label_ranking_average_precision_score,
    label_ranking_loss,
)

from lodestar.errors import ArgumentError
from lodestar.metrics import CoverageError, LabelRankingAveragePrecision, LabelRankingLoss
from lodestar.metrics.ranking import label_ranking

MEMBERS = (
    (CoverageError, coverage_error),
    (LabelRankingLoss, label_ranking_loss),
    (LabelRankingAveragePrecision, label_ranking_average_precision_score),
)
TRUTH = [True, False, False, False, False, True]
SCORES = [0.75, 0.5, 1.0, 1.0, 0.2, 0.1]


def test_the_worked_example_of_the_c_sharp_pages() -> None:
    assert CoverageError.score(TRUTH, SCORES, 3) == 2.5
    assert LabelRankingLoss.score(TRUTH, SCORES, 3) == 0.75
    assert LabelRankingAveragePrecision.score(TRUTH, SCORES, 3) == (1 / 2 + 1 / 3) / 2


def test_a_tie_is_the_worst_rank_and_a_whole_lost_pair() -> None:
    tied = [0.5, 0.5, 0.5]
    assert CoverageError.score([True, True, False], tied, 3) == 3.0
    assert LabelRankingLoss.score([True, True, False], tied, 3) == 1.0
    assert LabelRankingAveragePrecision.score([True, True, False], tied, 3) == 2 / 3


@pytest.mark.parametrize(
    ("relevant", "coverage", "loss", "precision"),
    [
        ([False] * 3, 0.0, 0.0, 1.0),
        ([True] * 3, 3.0, 0.0, 1.0),
    ],
)
def test_rows_with_nothing_or_everything_relevant(
    relevant: list[bool], coverage: float, loss: float, precision: float
) -> None:
    scores = [0.2, 0.9, 0.4]
    assert CoverageError.score(relevant, scores, 3) == coverage
    assert LabelRankingLoss.score(relevant, scores, 3) == loss
    assert LabelRankingAveragePrecision.score(relevant, scores, 3) == precision


def test_only_average_precision_takes_a_single_label_column() -> None:
    assert LabelRankingAveragePrecision.score([True, False], [0.7, 0.2], 1) == 1.0
    for member in (CoverageError, LabelRankingLoss):
        with pytest.raises(ArgumentError, match="binary format is not supported"):
            member.score([True, False], [0.7, 0.2], 1)
    for member, _ in MEMBERS:
        with pytest.raises(ArgumentError, match="at least 1 label"):
            member.score([True, False], [0.7, 0.2], 0)


def test_weights_summing_to_zero_divide_only_in_average_precision() -> None:
    assert LabelRankingAveragePrecision.score(TRUTH, SCORES, 3, [-1.0, 1.0]) == -math.inf
    assert LabelRankingAveragePrecision.score(TRUTH, SCORES, 3, [1.0, -1.0]) == math.inf
    assert math.isnan(LabelRankingAveragePrecision.score(TRUTH, SCORES, 3, [0.0, 0.0]))
    for member in (CoverageError, LabelRankingLoss):
        with pytest.raises(ArgumentError, match="Weights sum to zero"):
            member.score(TRUTH, SCORES, 3, [1.0, -1.0])


@pytest.mark.parametrize(
    "truth",
    [
        np.array(TRUTH),
        np.array(TRUTH, dtype=np.int64),
        np.array(TRUTH, dtype=np.float64),
        [int(t) for t in TRUTH],
        np.array(TRUTH).reshape(2, 3),
    ],
)
def test_a_label_matrix_is_booleans_or_zeros_and_ones(truth: object) -> None:
    for member, _ in MEMBERS:
        assert member.score(truth, SCORES, 3) == member.score(TRUTH, SCORES, 3)


@pytest.mark.parametrize("truth", [[2, 0, 0, 0, 0, 1], [0.5] * 6, ["1"] * 6, [-1, 0, 0, 0, 0, 1]])
def test_other_label_matrices_are_refused(truth: object) -> None:
    for member, _ in MEMBERS:
        with pytest.raises(ArgumentError, match="y_true"):
            member.score(truth, SCORES, 3)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_scores_and_weights_are_refused(bad: float) -> None:
    for member, _ in MEMBERS:
        with pytest.raises(ArgumentError, match="y_score"):
            member.score(TRUTH, [bad, *SCORES[1:]], 3)
        with pytest.raises(ArgumentError, match="sample_weight"):
            member.score(TRUTH, SCORES, 3, [1.0, bad])


def test_inputs_are_not_mutated() -> None:
    truth, scores, weight = np.array(TRUTH), np.array(SCORES), np.array([2.0, 3.0])
    for member, _ in MEMBERS:
        member.score(truth, scores, 3, weight)
    assert truth.tolist() == TRUTH and scores.tolist() == SCORES
    assert weight.tolist() == [2.0, 3.0]


@pytest.mark.parametrize(("rows", "width"), [(3000, 30), (40, 100)])
def test_the_bits_are_scikit_learns_across_blocks_and_wide_rows(rows: int, width: int) -> None:
    # More rows than one block takes, and rows of many relevant labels: the pairwise
    # mean of a row's precisions and the left-to-right total of the rows both matter.
    rng = np.random.default_rng(7)
    assert rows * width > label_ranking._BLOCK_ELEMENTS or width == 100
    truth = rng.random((rows, width)) < rng.random((rows, 1))
    scores = rng.integers(0, 8, (rows, width)) / 7 + rng.random((rows, width)) * (width == 100)
    weight = rng.random(rows) * 3
    for member, theirs in MEMBERS:
        for w in (None, weight):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = float(theirs(truth, scores, sample_weight=w))
            assert member.score(truth.ravel(), scores.ravel(), width, w) == expected
