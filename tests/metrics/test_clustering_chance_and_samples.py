from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
from sklearn.metrics import (
    adjusted_mutual_info_score,
    calinski_harabasz_score,
    davies_bouldin_score,
)

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import AdjustedMutualInformation, CalinskiHarabasz, DaviesBouldin
from lodestar.metrics.clustering import adjusted_mutual_information as ami
from lodestar.metrics.clustering._counting import contingency, labellings

SAMPLES = [1.0, 2.0, 1.5, 1.8, 5.0, 8.0, 8.0, 8.0, 1.0, 0.6, 9.0, 11.0]


def test_the_csharp_page_figures() -> None:
    assert AdjustedMutualInformation.score([0, 0, 1, 1], [2, 2, 0, 0]) == 1.0
    assert AdjustedMutualInformation.score([0, 0, 1, 1], [0, 1, 0, 1]) == pytest.approx(
        -0.5, abs=1e-12
    )
    assert abs(AdjustedMutualInformation.score([0, 0, 1, 1], [0, 1, 2, 3])) < 1e-12
    assert CalinskiHarabasz.score([0, 0, 1, 1, 0, 1], SAMPLES, 2) == pytest.approx(
        35.5865665415, rel=1e-10
    )
    assert CalinskiHarabasz.score([0, 1, 2, 0, 1, 2], SAMPLES, 2) == pytest.approx(
        2.74787357866, rel=1e-10
    )
    assert DaviesBouldin.score([0, 0, 1, 1, 0, 1], SAMPLES, 2) == pytest.approx(
        0.282698184030, rel=1e-10
    )
    assert DaviesBouldin.score([0, 1, 2, 0, 1, 2], SAMPLES, 2) == pytest.approx(
        1.27138345069, rel=1e-10
    )


def test_no_spread_and_coincident_centroids() -> None:
    assert CalinskiHarabasz.score([0, 0, 1, 1], [3.0] * 4, 1) == 1.0
    assert DaviesBouldin.score([0, 0, 1, 1], [3.0] * 4, 1) == 0.0
    # both clusters centred on 0, one of them spread: the pair drops out
    assert DaviesBouldin.score([0, 0, 1, 1, 2, 2], [-1.0, 1.0, -2.0, 2.0, 5.0, 6.0], 1) > 0


@pytest.mark.parametrize("score", [CalinskiHarabasz.score, DaviesBouldin.score])
def test_refusals(score) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ArgumentError, match="Number of labels is 1"):
        score([4, 4, 4], [1.0, 2.0, 3.0], 1)
    with pytest.raises(ArgumentError, match="Number of labels is 3"):
        score([1, 2, 3], [1.0, 2.0, 3.0], 1)
    with pytest.raises(ArgumentOutOfRangeError):
        score([0, 1, 0], [0.0, 0.0, 0.0], 0)
    with pytest.raises(ArgumentError, match="finite"):
        score([0, 1, 0], [0.0, math.inf, 0.0], 1)
    with pytest.raises(ArgumentError, match="not 3 samples of 2"):
        score([0, 1, 0], [0.0, 1.0, 0.0], 2)


def test_the_feature_matrix_as_rows_and_labels_far_apart() -> None:
    rows = np.reshape(SAMPLES, (6, 2))
    labels = [-(2**40), -(2**40), 2**40, 2**40, -(2**40), 2**40]
    for score, theirs in (
        (CalinskiHarabasz.score, calinski_harabasz_score),
        (DaviesBouldin.score, davies_bouldin_score),
    ):
        assert (
            score(labels, rows, 2) == score([0, 0, 1, 1, 0, 1], SAMPLES, 2) == theirs(rows, labels)
        )


def test_log_factorials_within_three_ulps() -> None:
    table = ami._log_factorials(5000)
    for k in [*range(60), 255, 256, 1000, 4999, 5000]:
        exact = float(mpmath.loggamma(k + 1))
        assert abs(table[k] - exact) <= 3 * math.ulp(exact) if exact else table[k] == 0.0


def test_the_blocks_and_the_window_change_no_term() -> None:
    rng = np.random.default_rng(7)
    truth, predicted = rng.integers(0, 30, 3000), rng.integers(0, 7, 3000)
    table = contingency(*labellings(truth, predicted))
    whole = ami.expected_mutual_information(table)
    original = ami._BLOCK_TERMS
    try:
        ami._BLOCK_TERMS = 7
        blocked = ami.expected_mutual_information(table)
    finally:
        ami._BLOCK_TERMS = original
    assert blocked == pytest.approx(whole, rel=1e-13)
    expected = adjusted_mutual_info_score(truth, predicted)
    assert AdjustedMutualInformation.score(truth, predicted) == pytest.approx(
        expected, rel=1e-9, abs=1e-12
    )


def test_davies_bouldin_refuses_a_cluster_mean_past_the_doubles_naming_features() -> None:
    import warnings

    with pytest.raises(ArgumentError, match="a cluster's mean overflows") as raised:
        DaviesBouldin.score([0, 1, 0], [1e308, 1e308, 1e308], 1)
    assert raised.value.param_name == "features"
    with pytest.raises(ValueError, match="infinity or a value too large"):
        davies_bouldin_score(np.array([[1e308], [1e308], [1e308]]), [0, 1, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # centroids finite, distances past the doubles
        assert math.isnan(DaviesBouldin.score([0, 1, 0], [1e200, 1e200, -1e200], 1))
