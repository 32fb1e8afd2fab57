"""What the regression members share: the target blocks, the weights, the two reductions.

A regression member reads ``y_true`` and ``y_pred`` either flat and row-major with
``output_count`` values a sample (the C# form), or as 2-D arrays of ``output_count``
columns. :func:`targets` turns both forms into ``(samples, output_count)`` blocks,
:func:`column_means` averages a per-value quantity down each output column, weighting the
samples (the rows), and :func:`reduce` turns the per-output array into one number,
a plain mean or a mean weighted by ``output_weights``.

The arithmetic is ``numpy.average``'s, in its order, so that a result carries the bits
scikit-learn's does: the column sums of the weighted values over the sum of the weights.
NaN and infinity in the targets are refused; to spare a pass over large inputs the
scan runs only when a result is not finite (every per-value quantity here turns a
non-finite input into a non-finite result), or up front where a member asks for it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs

__all__ = [
    "Kernel",
    "Targets",
    "column_means",
    "members",
    "of_term",
    "per_output",
    "reduce",
    "refuse_non_finite",
    "score",
    "targets",
    "term_means",
]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Targets:
    """The two blocks as ``(samples, outputs)`` arrays, and the weights of the rows
    (``None`` when every sample weighs 1)."""

    truth: FloatArray
    predicted: FloatArray
    weight: FloatArray | None

    @property
    def samples(self) -> int:
        return int(self.truth.shape[0])

    @property
    def outputs(self) -> int:
        return int(self.truth.shape[1])


def _block(value: Any, outputs: int, name: str) -> FloatArray:
    """One target block as ``(samples, outputs)``: flat row-major, or 2-D."""
    floats = _inputs._finite_floats(value, name, finite=False)
    if floats.ndim == 1:
        if floats.size % outputs:
            raise ArgumentError(
                f"{name} holds {floats.size} values, which is not a whole number of rows of "
                f"{outputs} outputs.",
                "output_count",
            )
        return floats.reshape(-1, outputs)
    if floats.ndim == 2:
        if floats.shape[1] != outputs:
            raise ArgumentError(
                f"{name} has {floats.shape[1]} columns where output_count is {outputs}.",
                "output_count",
            )
        return floats
    raise ArgumentError(
        f"{name} must be flat or two-dimensional; it has shape {floats.shape}.", name
    )


def targets(
    y_true: Any,
    y_pred: Any,
    output_count: Any,
    sample_weight: Any,
    output_weights: Any = None,
) -> Targets:
    """The checks every regression member makes, in one place.

    Refuses, with :class:`~lodestar.errors.ArgumentError`: blocks that are not numbers,
    of different sizes, empty, or not whole rows of ``output_count``; weights that are not
    finite, not one a sample, or zero throughout; ``output_weights`` that are not finite,
    not one an output, or sum to zero. An ``output_count`` below one raises
    :class:`~lodestar.errors.ArgumentOutOfRangeError`. NaN and infinity in the blocks are
    left to :func:`refuse_non_finite`.
    """
    outputs = _inputs.count(output_count, "output_count", 1)
    truth = _block(y_true, outputs, "y_true")
    predicted = _block(y_pred, outputs, "y_pred")
    if truth.shape != predicted.shape:
        raise ArgumentError(
            f"y_true holds {truth.size} values and y_pred holds {predicted.size}; they must agree.",
            "y_pred",
        )
    if truth.size == 0:
        raise ArgumentError("y_true and y_pred are empty; there is nothing to score.", "y_true")
    weight = _inputs.weights(sample_weight, truth.shape[0])
    _inputs.nonzero_weights(weight)
    if output_weights is not None:
        per_output = _inputs.weights(output_weights, outputs, "output_weights")
        if per_output is not None and per_output.sum() == 0.0:
            raise ArgumentError("Weights sum to zero, can't be normalized.", "output_weights")
    return Targets(truth, predicted, weight)


def refuse_non_finite(found: Targets) -> None:
    """Refuses NaN and infinity in either block, naming the first one met."""
    _inputs.require_finite(found.truth, "y_true")
    _inputs.require_finite(found.predicted, "y_pred")


def column_means(values: FloatArray, found: Targets) -> FloatArray:
    """The weighted mean of each column of ``values`` (one row a sample), as
    ``numpy.average(values, axis=0, weights=weight)`` computes it; refuses weights that
    sum to zero, as it does. A result that is not finite sends the blocks to
    :func:`refuse_non_finite`."""
    weight = found.weight
    if weight is None:
        means: FloatArray = np.mean(values, axis=0)
    else:
        column = weight[:, np.newaxis]
        total = column.sum(axis=0)
        if total[0] == 0.0:
            raise ArgumentError("Weights sum to zero, can't be normalized", "sample_weight")
        means = np.multiply(values, column).sum(axis=0) / total
    if not np.isfinite(means).all():
        refuse_non_finite(found)
    return means


#: A member's term: ``term(truth, predicted, out)`` writes the term of each value of
#: two blocks of rows into ``out``, of their shape.
Term = Callable[[FloatArray, FloatArray, FloatArray], object]

#: How many values a chunk of rows holds: its temporaries stay in the processor's cache.
CHUNK = 1 << 16


def term_means(term: Term, found: Targets) -> FloatArray:
    """:func:`column_means` of ``term``'s values, computed a chunk of rows at a time with
    ``numpy.average``'s bits: one output is summed by NumPy's pairwise sum, whose halves
    (split at ``n // 2`` rounded down to a multiple of 8) are taken apart down to a chunk
    and added back in the same tree; several outputs are summed row after row, each chunk
    continuing from the sums before it."""
    truth, predicted, weight = found.truth, found.predicted, found.weight
    samples, outputs = truth.shape
    if samples * outputs <= CHUNK:
        values = np.empty_like(truth)
        term(truth, predicted, values)
        return column_means(values, found)
    total = float(samples)
    if weight is not None:
        total = float(weight.sum())
        if total == 0.0:
            raise ArgumentError("Weights sum to zero, can't be normalized", "sample_weight")
    rows = max(1, CHUNK // outputs)
    if outputs == 1:
        column = _pairwise(term, truth[:, 0], predicted[:, 0], weight, rows)
        sums = np.array([column])
    else:
        buffer = np.empty((rows + 1, outputs))

        def chunk(start: int, stop: int) -> FloatArray:
            values = buffer[1 : 1 + stop - start]
            term(truth[start:stop], predicted[start:stop], values)
            if weight is not None:
                np.multiply(values, weight[start:stop, np.newaxis], out=values)
            return values

        sums = chunk(0, rows).sum(axis=0)
        for start in range(rows, samples, rows):
            stop = min(samples, start + rows)
            chunk(start, stop)
            buffer[0] = sums
            sums = buffer[: 1 + stop - start].sum(axis=0)
    means: FloatArray = sums / total
    if not np.isfinite(means).all():
        refuse_non_finite(found)
    return means


def _pairwise(
    term: Term, truth: FloatArray, predicted: FloatArray, weight: FloatArray | None, rows: int
) -> float:
    """NumPy's pairwise sum of ``term``'s (weighted) values of two columns, ``rows`` values
    at a time: the halves are split as NumPy splits them (at ``n // 2`` rounded down to a
    multiple of 8) until a piece fits in ``rows``, whose sum ``numpy.add.reduce`` takes."""
    return _tree(term, truth, predicted, weight, np.empty(rows), 0, truth.size)


def _tree(
    term: Term,
    truth: FloatArray,
    predicted: FloatArray,
    weight: FloatArray | None,
    buffer: FloatArray,
    start: int,
    count: int,
) -> float:
    """:func:`_pairwise` of the ``count`` values from ``start`` on. (A module function, not
    a closure: a closure calling itself is a reference cycle, which would keep each call's
    buffer alive until the garbage collector ran, and make the next call fault in fresh
    pages.)"""
    if count > buffer.size:
        half = count // 2
        half -= half % 8
        return _tree(term, truth, predicted, weight, buffer, start, half) + _tree(
            term, truth, predicted, weight, buffer, start + half, count - half
        )
    stop = start + count
    values = buffer[:count]
    term(truth[start:stop], predicted[start:stop], values)
    if weight is not None:
        np.multiply(values, weight[start:stop], out=values)
    return float(np.add.reduce(values))


def reduce(per_output: FloatArray, output_weights: Any) -> float:
    """One number from the per-output array: its mean, or with ``output_weights`` (already
    checked by :func:`targets`) their weighted mean, ``numpy.average``'s arithmetic."""
    if output_weights is None:
        return float(np.mean(per_output))
    weights = np.asarray(output_weights, dtype=np.float64)
    if weights.size == 0:
        return float(np.mean(per_output))
    return float(np.multiply(per_output, weights).sum() / weights.sum())


#: A member's own step: the per-output values of validated targets (its term averaged
#: down the columns with :func:`column_means`).
Kernel = Callable[[Targets], FloatArray]


def score(
    kernel: Kernel,
    y_true: Any,
    y_pred: Any,
    output_count: Any,
    sample_weight: Any,
    output_weights: Any,
) -> float:
    """A ``score``: the targets checked, ``kernel``'s per-output values, reduced."""
    found = targets(y_true, y_pred, output_count, sample_weight, output_weights)
    with np.errstate(all="ignore"):  # an overflow is the answer, not a warning
        return reduce(kernel(found), output_weights)


def per_output(
    kernel: Kernel, y_true: Any, y_pred: Any, output_count: Any, sample_weight: Any
) -> FloatArray:
    """A ``per_output``: the targets checked, ``kernel``'s per-output values."""
    found = targets(y_true, y_pred, output_count, sample_weight)
    with np.errstate(all="ignore"):
        return kernel(found)


def of_term(term: Term) -> Kernel:
    """The kernel that averages ``term`` down the columns (:func:`term_means`)."""
    return functools.partial(term_means, term)


def members(
    kernel: Kernel, type_name: str, module: str, what: str, refuses: str = ""
) -> tuple[Callable[..., float], Callable[..., FloatArray]]:
    """A mean-type type's ``score`` and ``per_output``, over ``kernel``: their signatures
    and refusals are the family's, only the kernel differs (``refuses`` words what its
    kernel refuses besides, as a clause ending the ``ArgumentError`` line). Each is named
    as a method of ``type_name`` in ``module``, where it is defined."""

    def score_(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        return score(kernel, y_true, y_pred, output_count, sample_weight, output_weights)

    def per_output_(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> FloatArray:
        return per_output(kernel, y_true, y_pred, output_count, sample_weight)

    page = f"docs/reference/metrics/regression/{type_name.lower()}"
    score_.__doc__ = f"""The {what} over every output: the per-output values averaged,
        or weighted by ``output_weights``. See ``{page}-score.md``.

        Raises:
            ArgumentError: as :func:`targets` refuses, or NaN or infinity in ``y_true`` or
                ``y_pred``{refuses}.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
    per_output_.__doc__ = f"""One {what} per output, in column order
        (``multioutput='raw_values'``). See ``{page}-peroutput.md``.

        Raises:
            ArgumentError: as ``score`` does, less what concerns ``output_weights``.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
    for function, method in ((score_, "score"), (per_output_, "per_output")):
        function.__name__, function.__module__ = method, module
        function.__qualname__ = f"{type_name}.{method}"
    return score_, per_output_
