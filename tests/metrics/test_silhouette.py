from __future__ import annotations

import math
import re
import tracemalloc

import numpy as np
import pytest
from sklearn.metrics import pairwise_distances, silhouette_samples, silhouette_score

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import Silhouette
from lodestar.metrics.clustering import silhouette

_SENTENCE = "Valid values are 2 to n_samples - 1 (inclusive)"


def _blobs(seed: int, n: int, d: int, clusters: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, clusters, n)
    return labels, rng.normal(size=(n, d)) + 3.0 * labels[:, None]


def test_the_csharp_pages_figures() -> None:
    labels = [0, 0, 1, 1, 1]
    score = Silhouette.score(labels, [0.0, 0.0, 0.1, 0.1, 5.0, 5.0, 5.1, 5.2, 5.0, 4.9], 2)
    assert math.isclose(score, 0.97385946041, abs_tol=1e-11)
    stranger = Silhouette.per_sample(labels, [0.0, 0.0, 0.2, 0.1, 4.0, 4.0, 4.2, 3.9, 0.1, 0.3], 2)
    assert math.isclose(stranger[4], -0.95016326483, abs_tol=1e-11)
    alone = Silhouette.per_sample_from_distances([0, 0, 1], [0, 1, 9, 1, 0, 9, 9, 9, 0])
    assert alone.tolist() == [8 / 9, 8 / 9, 0.0]


@pytest.mark.parametrize("seed", range(4))
def test_the_same_doubles_as_scikit_learn(seed: int) -> None:
    labels, points = _blobs(seed, 40 + 7 * seed, 1 + seed, 2 + seed)
    assert np.array_equal(
        Silhouette.per_sample(labels, points.ravel(), points.shape[1]),
        silhouette_samples(points, labels),
    )
    assert Silhouette.score(labels, points, points.shape[1]) == silhouette_score(points, labels)
    matrix = pairwise_distances(points)
    assert np.array_equal(
        Silhouette.per_sample_from_distances(labels, matrix),
        silhouette_samples(matrix, labels, metric="precomputed"),
    )


def test_blocks_of_rows_give_the_scores_of_one_block(monkeypatch: pytest.MonkeyPatch) -> None:
    labels, points = _blobs(7, 300, 3, 4)
    matrix = pairwise_distances(points)
    whole = Silhouette.per_sample_from_distances(labels, matrix)
    monkeypatch.setattr(silhouette, "BLOCK_BYTES", 8 * 300 * 7)  # blocks of 7 rows
    assert np.array_equal(Silhouette.per_sample_from_distances(labels, matrix), whole)
    features = Silhouette.per_sample(labels, points, 3)
    assert np.allclose(features, silhouette_samples(points, labels), rtol=0, atol=1e-12)


def test_a_singleton_and_duplicate_points_score_zero() -> None:
    assert Silhouette.per_sample([0, 0, 1], [0.0, 1.0, 9.0], 1)[2] == 0.0
    assert (
        Silhouette.per_sample([0, 0, 1, 1], [[2.0], [2.0], [2.0], [2.0]], 1).tolist() == [0.0] * 4
    )


@pytest.mark.parametrize(("labels", "count"), [([0, 0, 0], 1), ([0, 1, 2], 3), ([], 0)])
def test_the_label_count_outside_two_to_n_minus_one_is_refused(
    labels: list[int], count: int
) -> None:
    with pytest.raises(ArgumentError, match=re.escape(f"Number of labels is {count}. {_SENTENCE}")):
        Silhouette.score(labels, [0.0] * len(labels), 1)
    with pytest.raises(ArgumentError, match=f"Number of labels is {count}"):
        Silhouette.score_from_distances(labels, np.zeros((len(labels), len(labels))))


def test_malformed_blocks_are_refused() -> None:
    with pytest.raises(ArgumentOutOfRangeError):
        Silhouette.score([0, 0, 1, 1], [0.0, 1.0, 2.0, 3.0], 0)
    with pytest.raises(ArgumentError, match="features holds 3 values"):
        Silhouette.score([0, 0, 1, 1], [0.0, 1.0, 2.0], 1)
    with pytest.raises(ArgumentError, match="every value must be finite"):
        Silhouette.score([0, 0, 1, 1], [0.0, 1.0, math.inf, 3.0], 1)
    with pytest.raises(ArgumentError, match="distances holds nan"):
        Silhouette.score_from_distances([0, 0, 1], [0, 1, 9, 1, 0, math.nan, 9, 9, 0])
    with pytest.raises(ArgumentError, match="distances"):
        Silhouette.score_from_distances([0, 0, 1], [0.0] * 8)


def test_the_matrix_is_read_by_rows_and_not_checked_to_be_a_metric() -> None:
    matrix = np.array([[0.0, 1.0, 9.0], [3.0, 0.0, 9.0], [9.0, 9.0, 0.0]])
    assert Silhouette.per_sample_from_distances([0, 0, 1], matrix).tolist() == [8 / 9, 2 / 3, 0.0]
    assert Silhouette.score_from_distances([0, 0, 1], -matrix) == 0.0
    matrix[0, 0] = 1.0
    assert Silhouette.per_sample_from_distances([0, 0, 1], matrix)[0] == 7 / 9


def test_twenty_thousand_samples_stay_inside_256_mib() -> None:
    labels, points = _blobs(1, 20_000, 10, 8)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        Silhouette.score(labels, points, 10)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak <= 256 * 2**20, peak / 2**20


def test_features_whose_distances_overflow_are_refused_naming_features() -> None:
    import warnings

    huge = [[1e300, 0.0], [0.0, 1e300], [1e300, 1e300]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for member in (Silhouette.score, Silhouette.per_sample):
            with pytest.raises(ArgumentError, match="features are too large") as raised:
                member([0, 0, 1], huge, 2)
            assert raised.value.param_name == "features"
