"""The fast paths of the dispersion scores and of ``Auc.trapezoid``: labels ranked by a
count or by a sort, ranks narrow or wide, the area formed step by step, NaN and infinity
looked for only when the result is not finite. Each path gives scikit-learn's number to
the bit and the refusals keep their order."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import auc, calinski_harabasz_score, davies_bouldin_score

from lodestar.errors import ArgumentError
from lodestar.metrics import Auc, CalinskiHarabasz, DaviesBouldin
from lodestar.metrics.classification import auc as auc_module

_SCORES = ((CalinskiHarabasz.score, calinski_harabasz_score),)
_BOTH = (*_SCORES, (DaviesBouldin.score, davies_bouldin_score))


def _sample(seed: int, n: int, k: int, width: int, scale: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    labels = np.concatenate((np.arange(k), rng.integers(0, k, n - k))) * scale - 3
    return labels, rng.normal(size=(n, width)) + labels[:, np.newaxis] % 5


@pytest.mark.parametrize(("ours", "theirs"), _BOTH)
@pytest.mark.parametrize(
    ("k", "width", "scale"),
    [
        (2, 1, 1),  # one feature: the means add pairwise
        (7, 3, 1),  # ranks by count, 8 bits
        (300, 2, 1),  # ranks by count, 16 bits
        (5, 4, 2**40),  # labels too far apart to count: ranked by a sort
    ],
)
def test_every_ranking_path_gives_scikit_learns_bits(
    ours: object, theirs: object, k: int, width: int, scale: int
) -> None:
    labels, features = _sample(k, 3000, k, width, scale)
    assert ours(labels, features, width) == theirs(features, labels)  # type: ignore[operator]


def test_more_clusters_than_16_bits_hold() -> None:
    labels, features = _sample(1, 70_000, 66_000, 2)
    ours = CalinskiHarabasz.score(labels, features, 2)
    assert ours == calinski_harabasz_score(features, labels)


@pytest.mark.parametrize(("ours", "theirs"), _BOTH)
def test_the_features_are_not_written(ours: object, theirs: object) -> None:
    labels, features = _sample(2, 500, 4, 3)
    kept = features.copy()
    ours(labels, features, 3)  # type: ignore[operator]
    assert np.array_equal(features, kept)


@pytest.mark.parametrize(("ours", "theirs"), _BOTH)
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_a_non_finite_feature_is_refused_wherever_it_is(
    ours: object, theirs: object, bad: float
) -> None:
    labels, features = _sample(3, 400, 4, 3)
    features[399, 2] = bad
    with pytest.raises(ArgumentError, match=f"features holds {bad}; every value must be finite"):
        ours(labels, features, 3)  # type: ignore[operator]


@pytest.mark.parametrize(("ours", "theirs"), _BOTH)
def test_a_non_finite_feature_is_refused_before_the_labels_or_the_size(
    ours: object, theirs: object
) -> None:
    with pytest.raises(ArgumentError, match="features holds nan"):
        ours([0, 1, 2], [0.0, np.nan, 1.0], 1)  # type: ignore[operator]
    with pytest.raises(ArgumentError, match="features holds inf"):
        ours([0, 1, 1], [0.0, np.inf, 1.0, 2.0], 1)  # type: ignore[operator]


@pytest.mark.parametrize(("ours", "theirs"), _BOTH)
def test_finite_features_whose_squares_overflow_are_not_refused(
    ours: object, theirs: object
) -> None:
    features = np.array([1e300, -1e300, 1e300, 2.0])
    with np.errstate(all="ignore"):
        ours_value = ours([0, 0, 1, 1], features, 1)  # type: ignore[operator]
        theirs_value = theirs(features.reshape(-1, 1), [0, 0, 1, 1])  # type: ignore[operator]
    assert np.array_equal(ours_value, theirs_value, equal_nan=True)


def test_the_area_over_many_steps_is_scikit_learns_to_the_bit() -> None:
    rng = np.random.default_rng(4)
    for n in (2, auc_module._STEP, auc_module._STEP + 1, auc_module._STEP + 2, 3 * 10**5):
        x = np.sort(np.round(rng.random(n), 3))
        y = rng.normal(size=n)
        assert Auc.trapezoid(x, y) == auc(x, y)
        assert Auc.trapezoid(x[::-1], y[::-1]) == auc(x[::-1], y[::-1])


def test_a_turn_in_a_later_step_is_refused() -> None:
    x = np.arange(auc_module._STEP * 2 + 5, dtype=float)
    x[-1] = 0.0
    with pytest.raises(ArgumentError, match="neither increasing nor decreasing"):
        Auc.trapezoid(x, np.ones_like(x))
    with pytest.raises(ArgumentError, match="neither increasing nor decreasing"):
        Auc.trapezoid(x[::-1], np.ones_like(x))


@pytest.mark.parametrize("where", [0, auc_module._STEP + 3])
def test_non_finite_points_are_refused_in_any_step(where: int) -> None:
    x = np.arange(auc_module._STEP * 2, dtype=float)
    y = np.ones_like(x)
    y[where] = np.inf
    with pytest.raises(ArgumentError, match="y holds inf"):
        Auc.trapezoid(x, y)
    x[where] = np.nan
    with pytest.raises(ArgumentError, match="x holds nan"):
        Auc.trapezoid(x, y)


def test_non_finite_x_is_refused_before_any_other_refusal() -> None:
    for y in (["a", 2, 3], [1, 2], [[1, 2, 3]]):
        with pytest.raises(ArgumentError, match="x holds nan"):
            Auc.trapezoid([0.0, np.nan, 1.0], y)
    with pytest.raises(ArgumentError, match="x holds nan"):
        Auc.trapezoid([np.nan], [1.0])
    with pytest.raises(ArgumentError, match="x holds inf"):
        Auc.trapezoid([0.0, np.inf, 1.0], [1.0, 2.0, 3.0])
    with pytest.raises(ArgumentError, match="y holds nan"):
        Auc.trapezoid([2.0, 1.0, 0.0, 1.0], [1.0, 2.0, np.nan, 0.0])
