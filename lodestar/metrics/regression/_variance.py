"""What ``R2`` and ``ExplainedVariance`` share: turning a numerator and a variance per
output into scores, and the two reductions over outputs.

Both divide a residual quantity by the truth's variance, output by output, and both take
``force_finite`` for a truth that does not vary. The steps are those of scikit-learn's
``_assemble_fraction_of_explained_deviance`` (1.9), in its order, so that a score carries
the bits scikit-learn's does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics.regression import _outputs

__all__ = [
    "by_variance",
    "column_sums",
    "force_finite_flag",
    "parts_are_finite",
    "scores",
    "weighted_means",
]

FloatArray = npt.NDArray[np.float64]
#: A per-value quantity, written for the rows ``rows`` into ``out``.
Term = Callable[[slice, FloatArray], object]

#: Rows a block when several columns are summed: the temporaries stay in cache.
BLOCK_ROWS = 4096


def column_sums(found: _outputs.Targets, term: Term) -> FloatArray:
    """The column sums of ``term``, each value times its row's weight when there are
    weights, in NumPy's order for the whole block: pairwise down a single column, and row
    after row down several columns.

    Several columns are summed a block of rows at a time, each block's sum seeded with the
    sums so far (the row above the block), which is the same sequence of additions as
    one sum over the whole block, so the bits are NumPy's.
    """
    samples, outputs = found.samples, found.outputs
    column = None if found.weight is None else found.weight[:, np.newaxis]
    step = samples if outputs == 1 else BLOCK_ROWS
    buffer = np.empty((min(samples, step) + 1, outputs))
    sums: FloatArray | None = None
    with np.errstate(invalid="ignore", over="ignore"):  # non-finite input: refused later
        for start in range(0, samples, step):
            rows = slice(start, min(start + step, samples))
            count = rows.stop - rows.start
            values = buffer[1 : count + 1]
            term(rows, values)
            if column is not None:
                np.multiply(column[rows], values, out=values)
            if sums is None:
                sums = values.sum(axis=0)
            else:
                buffer[0] = sums
                sums = buffer[: count + 1].sum(axis=0)
    assert sums is not None
    return sums


def weighted_means(found: _outputs.Targets, term: Term) -> FloatArray:
    """``numpy.average(term, axis=0, weights=sample_weight)``: :func:`column_sums` over
    the number of samples, or over the sum of the weights (already known not to be zero)."""
    sums = column_sums(found, term)
    total = found.samples if found.weight is None else found.weight[:, np.newaxis].sum(axis=0)
    means: FloatArray = sums / total
    return means


def parts_are_finite(found: _outputs.Targets, *parts: FloatArray) -> None:
    """Sends the blocks to the non-finite refusal when a part is not finite.

    A non-finite value in a block makes a numerator or a variance NaN or infinite, while
    the score itself can still be finite (``force_finite`` turns a zero variance into 0),
    so the parts are what is tested. Finite blocks whose squares overflow pass the scan
    and go on, as scikit-learn does.
    """
    if not all(np.isfinite(part).all() for part in parts):
        _outputs.refuse_non_finite(found)


def scores(numerator: FloatArray, denominator: FloatArray, force_finite: bool) -> FloatArray:
    """One score per output, ``1 - numerator / denominator``.

    Without ``force_finite`` the division is IEEE's: a zero variance gives NaN over a zero
    numerator and an infinity over any other. With it, a zero numerator scores 1 and a
    zero variance under a non-zero numerator scores 0.
    """
    if not force_finite:
        with np.errstate(divide="ignore", invalid="ignore"):
            raw: FloatArray = 1 - (numerator / denominator)
        return raw
    nonzero_denominator = denominator != 0
    nonzero_numerator = numerator != 0
    result = np.ones(numerator.shape[0])
    valid = nonzero_denominator & nonzero_numerator
    result[valid] = 1 - (numerator[valid] / denominator[valid])
    result[nonzero_numerator & ~nonzero_denominator] = 0.0
    return result


def by_variance(per_output: FloatArray, denominator: FloatArray) -> float:
    """The scores averaged with the variances as weights; their plain mean when every
    variance is zero. Variances that are not all zero but sum to zero (negative sample
    weights) are refused, as ``numpy.average`` refuses them."""
    with np.errstate(invalid="ignore", over="ignore"):
        if not (denominator != 0).any():
            return float(np.mean(per_output))
        total = denominator.sum()
    if total == 0.0:
        raise ArgumentError(
            "The outputs' variances sum to zero and cannot weight the scores.",
            "sample_weight",
        )
    with np.errstate(invalid="ignore", over="ignore"):
        return float(np.multiply(per_output, denominator).sum() / total)


def force_finite_flag(value: Any) -> bool:
    """``force_finite``, a boolean."""
    return _inputs.flag(value, "force_finite")
