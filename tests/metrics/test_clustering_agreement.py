from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import (
    adjusted_rand_score,
    completeness_score,
    fowlkes_mallows_score,
    homogeneity_score,
    mutual_info_score,
    normalized_mutual_info_score,
    rand_score,
    v_measure_score,
)
from sklearn.metrics.cluster import pair_confusion_matrix

from lodestar.errors import ArgumentError
from lodestar.metrics import clustering as lc
from lodestar.metrics.clustering import _counting

SCORES = [
    (lc.RandIndex.score, rand_score),
    (lc.AdjustedRand.score, adjusted_rand_score),
    (lc.MutualInformation.score, mutual_info_score),
]


def test_the_pair_counts_of_the_csharp_pages() -> None:
    assert tuple(lc.PairConfusionMatrix.compute([0, 0, 1, 1], [1, 1, 0, 0])) == (8, 0, 0, 4)
    assert lc.PairConfusionMatrix.compute([0, 0, 1, 2], [0, 0, 1, 1]).same_in_predicted_only == 2
    assert lc.PairConfusionMatrix.compute([0, 0, 1, 1], [0, 1, 2, 3]).same_in_true_only == 4


def test_the_counts_add_up_to_ordered_pairs_of_distinct_samples() -> None:
    rng = np.random.default_rng(3)
    truth, predicted = rng.integers(0, 4, 50), rng.integers(0, 6, 50)
    assert sum(lc.PairConfusionMatrix.compute(truth, predicted)) == 50 * 49


def test_the_array_is_scikit_learns_layout() -> None:
    grid = lc.PairConfusionMatrix.compute([0, 0, 1, 2], [0, 0, 1, 1]).to_array()
    assert grid.dtype == np.int64
    assert grid.tolist() == pair_confusion_matrix([0, 0, 1, 2], [0, 0, 1, 1]).tolist()


@pytest.mark.parametrize(("ours", "theirs"), SCORES)
def test_every_path_of_the_count_gives_scikit_learns_bits(ours, theirs) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(7)
    for low, high, size in ((0, 5, 200), (-(2**40), 2**40, 300), (0, 4000, 3000)):
        truth = rng.integers(low, high, size)  # a presence table, then a sort
        predicted = rng.integers(low, high, size) if high > 5 else rng.integers(0, 7, size)
        assert ours(truth, predicted) == theirs(truth, predicted)


@pytest.mark.parametrize(("ours", "theirs"), SCORES)
def test_renaming_the_clusters_changes_nothing(ours, theirs) -> None:  # type: ignore[no-untyped-def]
    truth, predicted = [0, 0, 1, 1, 2, 2, 2], [1, 1, 1, 0, 0, 2, 2]
    renamed = [{0: 2**40, 1: -7, 2: 3}[p] for p in predicted]
    assert ours(truth, predicted) == ours(truth, renamed) == theirs(truth, renamed)


def test_no_sample_and_one_sample() -> None:
    for labels in ([], [4]):
        assert lc.RandIndex.score(labels, labels[::-1]) == 1.0
        assert lc.AdjustedRand.score(labels, labels) == 1.0
        assert lc.MutualInformation.score(labels, labels) == 0.0
    with pytest.raises(ValueError, match="math domain error"):
        mutual_info_score([], [])  # scikit-learn fails where lodestar answers 0.0


def test_independent_labellings() -> None:
    assert lc.AdjustedRand.score([0, 0, 1, 1], [0, 1, 0, 1]) == -0.5
    assert lc.RandIndex.score([0, 0, 1, 1], [0, 1, 0, 1]) == 1 / 3
    assert lc.MutualInformation.score([0, 0, 1, 1], [0, 1, 0, 1]) == 0.0


def test_the_mutual_information_is_ln_2_within_its_logarithms() -> None:
    assert math.isclose(
        lc.MutualInformation.score([0, 0, 1, 1], [0, 1, 2, 3]), math.log(2), rel_tol=1e-15
    )


@pytest.mark.parametrize("bad", [[0.5, 1.0], [True, False], ["a", "b"], [math.nan, 1.0]])
def test_malformed_labels_are_refused_on_both_sides(bad: list[object]) -> None:
    for score in (lc.RandIndex.score, lc.AdjustedRand.score, lc.MutualInformation.score):
        with pytest.raises(ArgumentError, match="labels_true"):
            score(bad, [0, 1])
        with pytest.raises(ArgumentError, match="labels_pred"):
            score([0, 1], bad)


def test_lengths_must_agree() -> None:
    with pytest.raises(ArgumentError, match="labels_true has 2 entries and labels_pred has 3"):
        lc.PairConfusionMatrix.compute([0, 1], [0, 1, 1])


def test_past_int64_pair_counts_the_input_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    assert (_counting.MAX_SAMPLES - 1) ** 2 <= 2**63 - 1 < _counting.MAX_SAMPLES**2
    monkeypatch.setattr(_counting, "MAX_SAMPLES", 4)
    with pytest.raises(ArgumentError, match="overflow int64"):
        lc.PairConfusionMatrix.compute([0, 1, 2, 3], [0, 1, 2, 3])
    assert lc.PairConfusionMatrix.compute([0, 1, 2], [0, 1, 2]).different_in_both == 6


def test_the_inputs_are_left_as_they_were() -> None:
    truth, predicted = np.array([3, 1, 3, 2]), np.array([0, 0, 1, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lc.AdjustedRand.score(truth, predicted)
        lc.MutualInformation.score(truth, predicted)
    assert truth.tolist() == [3, 1, 3, 2] and predicted.tolist() == [0, 0, 1, 1]


ENTROPY_SCORES = [
    (lc.Homogeneity.score, homogeneity_score),
    (lc.Completeness.score, completeness_score),
    (lc.VMeasure.score, v_measure_score),
    (lc.NormalizedMutualInformation.score, normalized_mutual_info_score),
    (lc.FowlkesMallows.score, fowlkes_mallows_score),
]


@pytest.mark.parametrize(("ours", "theirs"), ENTROPY_SCORES)
def test_the_entropy_scores_give_scikit_learns_bits(ours, theirs) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(11)
    for low, high, size in ((0, 5, 200), (-(2**40), 2**40, 300), (0, 4000, 3000)):
        truth, predicted = rng.integers(low, high, size), rng.integers(0, 7, size)
        assert ours(truth, predicted) == theirs(truth, predicted)
        assert ours(predicted, truth) == theirs(predicted, truth)


def test_split_and_merged_read_in_opposite_directions() -> None:
    truth, split = [0, 0, 0, 1, 1, 1], [0, 0, 1, 2, 2, 2]
    assert lc.Homogeneity.score(truth, split) == 1.0
    assert lc.Completeness.score(split, truth) == 1.0
    assert lc.Completeness.score(truth, split) == lc.Homogeneity.score(split, truth) < 1.0


def test_no_sample_and_one_sample_of_the_entropy_scores() -> None:
    for labels in ([], [4]):
        for score in (lc.Homogeneity.score, lc.Completeness.score, lc.VMeasure.score):
            assert score(labels, labels) == 1.0
        assert lc.NormalizedMutualInformation.score(labels, labels) == 1.0
        assert lc.FowlkesMallows.score(labels, labels) == 0.0  # no pair shared


def test_the_v_measure_and_the_normalized_information_agree_but_for_rounding() -> None:
    # one quantity by two roundings: the last bit may differ (it does on x86-64)
    for truth, predicted in (([0, 1, 1], [1, 2, 0]), ([0, 0, 0, 1, 1, 1], [0, 0, 1, 2, 2, 2])):
        v = lc.VMeasure.score(truth, predicted)
        nmi = lc.NormalizedMutualInformation.score(truth, predicted)
        assert abs(v - nmi) <= 2 * math.ulp(nmi)
