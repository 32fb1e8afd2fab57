"""The shared regression walk on inputs past one chunk: the same bits as scikit-learn."""

from __future__ import annotations

import gc

import numpy as np
import pytest
import sklearn.metrics as sk

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError
from lodestar.metrics import (
    MaxError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    RootMeanSquaredError,
)
from lodestar.metrics.regression import _outputs

#: The bits are scikit-learn 1.9's summation order; 1.7 sums past a chunk otherwise.
SUMS_FROM_19 = pytest.mark.skipif(
    not sklearn_since("1.9"), reason="the bits are scikit-learn 1.9's summation order"
)


PAIRS = [
    (MeanSquaredError, sk.mean_squared_error),
    (RootMeanSquaredError, sk.root_mean_squared_error),
    (MeanAbsoluteError, sk.mean_absolute_error),
    (MeanAbsolutePercentageError, sk.mean_absolute_percentage_error),
]
# One output past a chunk, at a chunk's edge and off it (the pairwise tree's leaves), and
# several outputs over several chunks with a short last one.
SHAPES = [(3 * _outputs.CHUNK + 13, 1), (_outputs.CHUNK + 1, 1), (_outputs.CHUNK // 3 + 7, 7)]


@SUMS_FROM_19
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize(("ours", "theirs"), PAIRS, ids=lambda p: getattr(p, "__name__", ""))
def test_chunked_walk_has_scikit_learns_bits(ours, theirs, shape) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(shape[0])
    truth = rng.normal(size=shape) * rng.normal(size=shape) ** 2
    truth[::97] = 0.0  # the percentage's clamp
    predicted = truth + rng.normal(size=shape)
    weight = rng.random(shape[0]) - 0.25  # negative weights too
    flat_truth, flat_predicted = truth.ravel(), predicted.ravel()
    for w in (None, weight):
        expected = theirs(truth, predicted, sample_weight=w, multioutput="raw_values")
        got = ours.per_output(flat_truth, flat_predicted, shape[1], sample_weight=w)
        assert got.tolist() == expected.tolist()
        assert ours.score(truth, predicted, shape[1], w) == theirs(
            truth, predicted, sample_weight=w
        )


@pytest.mark.parametrize("shape", SHAPES)
def test_the_walk_leaves_no_cycle_behind(shape: tuple[int, int]) -> None:
    """A call's chunk buffer is freed when the call returns. (A walk that recursed through
    a closure calling itself was a reference cycle: each buffer then waited for the garbage
    collector, and the next call wrote to fresh pages, 2.7 times slower at 10^5 values.)"""
    truth, predicted = np.ones(shape), np.zeros(shape)
    weight = np.ones(shape[0])
    gc.collect()
    gc.disable()
    try:
        for ours, _ in PAIRS:
            ours.score(truth, predicted, shape[1])
            ours.per_output(truth, predicted, shape[1], sample_weight=weight)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_chunked_walk_refuses_what_the_small_one_refuses() -> None:
    size = 2 * _outputs.CHUNK
    truth, predicted = np.zeros(size), np.ones(size)
    weight = np.ones(size)
    weight[1::2] = -1.0
    with pytest.raises(ArgumentError, match="sum to zero"):
        MeanSquaredError.score(truth, predicted, sample_weight=weight)
    predicted[-1] = np.nan
    with pytest.raises(ArgumentError, match="y_pred holds nan"):
        MeanAbsoluteError.score(truth, predicted)
    with pytest.raises(ArgumentError, match="y_pred holds nan"):
        MaxError.score(truth, predicted)


def test_an_overflow_is_the_answer() -> None:
    size = _outputs.CHUNK + 5
    truth, predicted = np.full(size, 1e200), np.full(size, -1e200)
    assert MeanSquaredError.score(truth, predicted) == np.inf
    assert MaxError.score(truth, predicted) == 2e200


@SUMS_FROM_19
@pytest.mark.parametrize("shape", SHAPES)
def test_the_log_errors_past_a_chunk_have_scikit_learns_bits(shape) -> None:  # type: ignore[no-untyped-def]
    """The logarithms are taken a chunk of rows at a time: the same bits as scikit-learn's
    logarithms of whole blocks."""
    from lodestar.metrics import MeanSquaredLogError, RootMeanSquaredLogError

    rng = np.random.default_rng(shape[0] + 1)
    truth = np.abs(rng.normal(size=shape)) * 3.0
    truth[::89] = 0.0
    predicted = np.abs(truth + rng.normal(size=shape))
    weight = rng.random(shape[0])
    pairs = (
        (MeanSquaredLogError, sk.mean_squared_log_error),
        (RootMeanSquaredLogError, sk.root_mean_squared_log_error),
    )
    for ours, theirs in pairs:
        for w in (None, weight):
            expected = theirs(truth, predicted, sample_weight=w, multioutput="raw_values")
            got = ours.per_output(truth.ravel(), predicted.ravel(), shape[1], sample_weight=w)
            assert got.tolist() == expected.tolist()
            assert ours.score(truth, predicted, shape[1], w) == theirs(
                truth, predicted, sample_weight=w
            )
