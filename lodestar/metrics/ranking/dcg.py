"""``Dcg`` and ``Ndcg``: how much relevance a ranking puts near its top.

Both score rows of documents: each row holds the relevance of its documents and the
scores they were ranked by. The gains are linear, ``Σ relevance / log(rank + 1)``, and a
group of equal scores is averaged over every order it could be put in, unless
``ignore_ties`` asks for one fixed order (descending document index).

The arithmetic follows scikit-learn's step by step, so that the same input gives the same
bits: the discount is ``1 / (log(i + 2) / log(base))``; the fixed-order gain is one
matrix-vector product over the whole block; the averaged gain adds each tied group's
relevance in document order, divides by the group's size, multiplies by the group's share
of the discount (a difference of cumulative sums) and sums the groups of a row pairwise.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import ArgumentError, ArgumentOutOfRangeError, FloatArray

__all__ = ["Dcg", "Ndcg"]

# The averaged gain is computed a block of rows at a time, at most this many values each.
_BLOCK_ELEMENTS = 1 << 16

_ONE_DOCUMENT = "Computing NDCG is only meaningful when there is more than 1 document."
_NEGATIVE = "ndcg_score should not be used on negative y_true values."


class Dcg:
    """The mean discounted cumulative gain of ranked rows.

    The mirror of ``Lodestar.Metrics.Dcg`` and of ``sklearn.metrics.dcg_score``.
    """

    @staticmethod
    def score(
        y_true: Any,
        y_score: Any,
        label_count: int,
        k: int | None = None,
        log_base: float = 2.0,
        ignore_ties: bool = False,
        sample_weight: Any = None,
    ) -> float:
        """The mean over the rows of ``Σ relevance / log_base(rank + 1)``.

        Unbounded: the answer is in the units of the relevance, and a negative relevance
        or a base below 1 can make it negative. See
        ``docs/reference/metrics/ranking/dcg-score.md``.

        Raises:
            ArgumentOutOfRangeError: ``k`` is below 1; ``log_base`` is not in ``(0, inf)``.
            ArgumentError: ``label_count`` is below 2; ``y_true`` and ``y_score`` hold
                different numbers of values, or not a whole number of rows of
                ``label_count``; ``sample_weight`` is neither empty nor one value per row,
                or sums to zero; any value is NaN, infinite or not a number.
        """
        k, ignore_ties = _scalars(label_count, k, ignore_ties)
        base = _real(log_base, "log_base")
        relevance, scores = _blocks(y_true, y_score, label_count)
        weight = _inputs.weights(sample_weight, len(relevance))
        _check_k(k)
        if not 0.0 < base < math.inf:
            raise ArgumentOutOfRangeError(
                f"log_base is {base!r}; it must be in the range (0, inf).", "log_base", base
            )
        discount = _discounts(label_count, k, log_base)
        if ignore_ties:
            gains = _fixed_order_gains(relevance, scores, discount)
        else:
            gains = _tie_averaged_gains(relevance, scores, discount)
        return _inputs.weighted_mean(gains, weight)


class Ndcg:
    """The mean normalized discounted cumulative gain of ranked rows, in ``[0, 1]``.

    The mirror of ``Lodestar.Metrics.Ndcg`` and of ``sklearn.metrics.ndcg_score``.
    """

    @staticmethod
    def score(
        y_true: Any,
        y_score: Any,
        label_count: int,
        k: int | None = None,
        ignore_ties: bool = False,
        sample_weight: Any = None,
    ) -> float:
        """The mean over the rows of each row's gain divided by the gain of its best order.

        A row whose relevance is zero throughout has no best order to divide by and
        scores 0. See ``docs/reference/metrics/ranking/ndcg-score.md``.

        Raises:
            ArgumentOutOfRangeError: ``k`` is below 1.
            ArgumentError: ``label_count`` is below 2; ``y_true`` and ``y_score`` hold
                different numbers of values, or not a whole number of rows of
                ``label_count``; a relevance is negative; ``sample_weight`` is neither
                empty nor one value per row, or sums to zero; any value is NaN, infinite
                or not a number.
        """
        k, ignore_ties = _scalars(label_count, k, ignore_ties)
        relevance, scores = _blocks(y_true, y_score, label_count)
        if relevance.min() < 0:
            raise ArgumentError(_NEGATIVE, "y_true")
        weight = _inputs.weights(sample_weight, len(relevance))
        _check_k(k)
        discount = _discounts(label_count, k, 2)
        if ignore_ties:
            gains = _fixed_order_gains(relevance, scores, discount)
        else:
            gains = _tie_averaged_gains(relevance, scores, discount)
        ideal = _fixed_order_gains(relevance, relevance, discount)
        nothing_relevant = ideal == 0
        gains[nothing_relevant] = 0
        gains[~nothing_relevant] /= ideal[~nothing_relevant]
        return _inputs.weighted_mean(gains, weight)


# -- checking the arguments -------------------------------------------------------------


def _scalars(label_count: Any, k: Any, ignore_ties: Any) -> tuple[int | None, bool]:
    """The kinds of the scalar arguments, checked before any value is."""
    _inputs.count(label_count, "label_count", -(2**63), ArgumentError)
    if k is not None:
        k = _inputs.count(k, "k", -(2**63), ArgumentError)
    return k, _inputs.flag(ignore_ties, "ignore_ties")


def _real(value: Any, name: str) -> float:
    """A real number as NumPy reads one (a Python or NumPy int or float), not a boolean;
    its range is checked by the caller. Another kind of number (a Fraction, a Decimal) is
    refused, as NumPy's logarithm refuses it in scikit-learn."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"{name} is {value!r}; it must be a real number.", name)
    kind: Any = type(value)
    if not issubclass(kind, (int, float, np.integer, np.floating)):
        raise ArgumentError(
            f"{name} is {value!r}, a {type(value).__name__}; it must be an int or a float.", name
        )
    return float(value)


def _check_k(k: int | None) -> None:
    if k is not None and k < 1:
        raise ArgumentOutOfRangeError(
            f"k is {k}; it must be at least 1, or None for the whole row.", "k", k
        )


def _blocks(
    y_true: Any, y_score: Any, label_count: int, first: str = "y_true"
) -> tuple[FloatArray, FloatArray]:
    """Relevance and scores as two ``(rows, label_count)`` arrays of finite floats; the
    relevance argument is called ``first`` (``relevance`` in ``ReciprocalRank``)."""
    if label_count < 2:
        raise ArgumentError(f"{_ONE_DOCUMENT} Got {label_count} instead.", "label_count")
    relevance = _inputs._finite_floats(y_true, first)
    scores = _inputs._finite_floats(y_score, "y_score")
    if relevance.size != scores.size:
        raise ArgumentError(
            f"{first} holds {relevance.size} values and y_score holds {scores.size}; "
            "they must agree.",
            "y_score",
        )
    return _rows(relevance, label_count, first), _rows(scores, label_count, "y_score")


def _rows(values: FloatArray, label_count: int, name: str) -> FloatArray:
    """A flat row-major block cut into rows, or a 2-D block whose rows are the right length."""
    if values.ndim == 1:
        if values.size == 0 or values.size % label_count:
            raise ArgumentError(
                f"{name} holds {values.size} values, which is not a whole number of rows "
                f"of {label_count}.",
                name,
            )
        return values.reshape(-1, label_count)
    if values.ndim == 2 and values.shape[1] == label_count and values.shape[0] > 0:
        return values
    raise ArgumentError(
        f"{name} has shape {values.shape}, which is not one or more rows of {label_count}.",
        name,
    )


# -- the gains ----------------------------------------------------------------------------


def _discounts(label_count: int, k: int | None, log_base: float) -> FloatArray:
    """``1 / log_base(i + 2)`` for each position ``i``, zero from position ``k`` on.

    Written as scikit-learn writes it, ``1 / (log(i + 2) / log(base))``: two roundings,
    where ``log(base) / log(i + 2)`` would take one and can land an ULP away. A base of 1
    divides by a zero logarithm; the infinite quotient makes every discount 0.
    """
    with np.errstate(divide="ignore"):
        discount: FloatArray = 1 / (np.log(np.arange(label_count) + 2) / np.log(log_base))
    if k is not None:
        discount[k:] = 0
    return discount


def _fixed_order_gains(
    relevance: FloatArray, scores: FloatArray, discount: FloatArray
) -> FloatArray:
    """Each row's gain, its documents ranked by descending score, ties by descending index.

    The order is a stable ascending sort read backwards. The gains are one
    matrix-vector product over the whole block, as scikit-learn takes them: the block is
    not cut up, so that each row meets the same BLAS kernel it meets there.
    """
    if scores is relevance:
        # The best order: equal relevances are interchangeable, so the sorted values will
        # do, laid out as the ranked block would be.
        ranked = np.ascontiguousarray(np.sort(relevance, axis=1)[:, ::-1])
    else:
        order = np.argsort(scores, axis=1, kind="stable")[:, ::-1]
        ranked = relevance[np.arange(len(order))[:, np.newaxis], order]
    gains: FloatArray = discount.dot(ranked.T)
    return gains


def _tie_averaged_gains(
    relevance: FloatArray, scores: FloatArray, discount: FloatArray
) -> FloatArray:
    """Each row's gain, averaged over every order of each group of equal scores.

    Rows are independent here, so they are taken a block at a time: the temporaries stay
    small whatever the input's size, and the bits do not depend on the blocking.
    """
    rows, width = scores.shape
    cumulative = np.cumsum(discount)
    step = max(1, _BLOCK_ELEMENTS // width)
    gains = np.empty(rows)
    for start in range(0, rows, step):
        stop = start + step
        gains[start:stop] = _tie_averaged_block(
            relevance[start:stop], scores[start:stop], cumulative
        )
    return gains


def _tie_averaged_block(
    relevance: FloatArray, scores: FloatArray, cumulative_discount: FloatArray
) -> FloatArray:
    """:func:`_tie_averaged_gains` on one block of rows.

    A group occupying positions ``a`` to ``b`` contributes its mean relevance times the
    sum of the discounts of those positions, ``cumsum[b] - cumsum[a - 1]``. The steps are
    scikit-learn's, for all rows at once:

    * the relevance of a group is added up in document order, from zero (``np.add.at``);
    * divided by the group's size;
    * times the difference of the cumulative discounts at the group's last positions;
    * the groups of a row are summed by ``np.sum`` over exactly as many values as the row
      has groups (rows are taken together by their number of groups), so that the
      pairwise summation pairs the same terms.
    """
    rows, width = scores.shape
    # Any order of a tied group will do: a group is found by its values, its relevance is
    # added in document order and its discount depends on its positions only. The
    # default sort is the fast one.
    order = np.argsort(-scores, axis=1)
    ordered = np.take_along_axis(scores, order, axis=1)
    starts = np.ones((rows, width), dtype=np.bool_)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    group_at_position = np.cumsum(starts, axis=1) - 1
    group_count = group_at_position[:, -1] + 1

    # The group of every document, numbered across the whole block, in document order.
    group_of_document = np.empty((rows, width), dtype=np.int64)
    np.put_along_axis(group_of_document, order, group_at_position, axis=1)
    flat_group = (group_of_document + np.arange(rows)[:, np.newaxis] * width).ravel()
    mean = np.zeros(rows * width)
    np.add.at(mean, flat_group, relevance.ravel())
    sizes = np.bincount(flat_group, minlength=rows * width)
    used = sizes > 0
    mean[used] /= sizes[used]

    # The cumulative discount at the last position of each group, group j in column j.
    ends = np.ones((rows, width), dtype=np.bool_)
    ends[:, :-1] = starts[:, 1:]
    end_row, end_position = np.nonzero(ends)
    cumulative = np.zeros((rows, width))
    cumulative[end_row, group_at_position[end_row, end_position]] = cumulative_discount[
        end_position
    ]
    shares = cumulative.copy()
    shares[:, 1:] = cumulative[:, 1:] - cumulative[:, :-1]
    products = mean.reshape(rows, width) * shares

    gains = np.empty(rows)
    for groups in np.unique(group_count):
        members = np.flatnonzero(group_count == groups)
        gains[members] = np.ascontiguousarray(products[members, :groups]).sum(axis=1)
    return gains
