"""``TopKAccuracy``: is the true class among the ``k`` highest scores?"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import BoolArray, FloatArray, IntArray

__all__ = ["TopKAccuracy"]

# Rows are ranked a block at a time. The block is read from memory once, by the check
# for NaN and infinity, and every later pass over it finds it in cache; no temporary
# grows with the input. 2**19 values are 4 MiB of float64.
_BLOCK_ELEMENTS = 1 << 19

# Below this many classes, a block is ranked a column at a time (see _narrow_hits), in
# blocks of this many values: each column pass reads the block again, so it is kept to
# 512 KiB, and the per-row temporaries with it.
_NARROW_ROWS = 16
_NARROW_BLOCK_ELEMENTS = 1 << 16

# From this many classes on, a row is compared with its own score a row at a time (see
# _against_own).
_WIDE_ROWS = 256

# A row of flags this wide or narrower is counted eight flags to a 64-bit word (see
# _row_counts): each byte of a sum of 255 words stays below 256.
_WORD_COUNTED = 8 * 255

_BYTE_PAIRS = np.uint64(0x00FF00FF00FF00FF)
_ADD_LANES = np.uint64(0x0001000100010001)
_EIGHT = np.uint64(8)
_TOP_LANE = np.uint64(48)


class TopKAccuracy:
    """How often the true class is among the ``k`` highest-scoring classes.

    The mirror of ``Lodestar.Metrics.TopKAccuracy`` and of
    ``sklearn.metrics.top_k_accuracy_score``.
    """

    @staticmethod
    def score(
        y_true: Any,
        y_score: Any,
        class_count: int,
        k: int = 2,
        normalize: bool = True,
        sample_weight: Any = None,
    ) -> float:
        """The fraction (or, with ``normalize=False``, the weight) of samples whose true
        class ranks among the ``k`` highest scores of its row.

        Equal scores rank in descending index order, the order scikit-learn's stable
        sort gives. See ``docs/reference/metrics/ranking/topkaccuracy-score.md``.

        Raises:
            ArgumentOutOfRangeError: ``k`` is below 1.
            ArgumentError: ``class_count`` is below 2; ``y_true`` is empty; ``y_score``
                is not ``len(y_true)`` rows of ``class_count``; a label is outside
                ``[0, class_count)``; ``sample_weight`` is neither empty nor one value
                per sample, or sums to zero while ``normalize`` is true; any value is
                NaN, infinite or not a number of the expected kind.
        """
        k = _inputs.count(k, "k", 1)
        class_count = _inputs.count(class_count, "class_count", 2, _inputs.ArgumentError)
        normalize = _inputs.flag(normalize, "normalize")
        truth = _inputs.labels(y_true, "y_true")
        _inputs.nonempty(truth, "y_true")
        try:
            rows = _inputs.score_rows(y_score, len(truth), class_count, "y_score", finite=False)
            weight = _inputs.weights(sample_weight, len(truth))
            _inputs.class_indices(truth, class_count, "y_true")
        except _inputs.ArgumentError:
            # A NaN or infinite score is refused before the block's shape, the weights
            # and the labels are looked at. _hits checks the scores block by block, too
            # late for that order, so an error here checks them whole first.
            _inputs.score_rows(y_score, len(truth), class_count, "y_score")
            raise

        hits = _hits(truth, rows, k)
        if normalize:
            return _inputs.weighted_mean(hits, weight)
        return _inputs.weighted_total(hits, weight)


def _hits(truth: IntArray, rows: FloatArray, k: int) -> BoolArray:
    """Whether each row ranks its true class among its ``k`` highest scores, refusing
    NaN and infinity on the way.

    The rank of the true class ``t`` is ``#{j: s_j > s_t} + #{j > t: s_j = s_t}``: every
    strictly higher score, plus every equal score at a higher index (descending index
    order on ties). No row is sorted. Two counts bound the rank: the strict count
    ``#{j: s_j > s_t}`` from below and ``#{j != t: s_j >= s_t}`` from above, and they
    agree on a row with no tie. Either one settles most rows in a single comparison:
    the strict count every row it puts at ``k`` or beyond (a miss), the other every row
    it puts below ``k`` (a hit). A block starts with the count that settled more rows of
    the block before (misses dominate on random scores, hits on a good classifier's);
    the rows it leaves open get the other count, and the tie count by index only where
    the answer still depends on it.
    """
    samples, classes = rows.shape
    if k >= classes:
        _inputs.require_finite(rows, "y_score")
        return np.ones(samples, dtype=np.bool_)
    if classes < _NARROW_ROWS:
        return _narrow_hits(truth, rows, k)
    hits = np.empty(samples, dtype=np.bool_)
    step = max(1, _BLOCK_ELEMENTS // classes)
    positions = np.arange(min(step, samples))
    flags = np.empty((len(positions), classes), dtype=np.bool_)
    after = _after(classes)
    hits_first = False
    for start in range(0, samples, step):
        block = rows[start : start + step]
        count = len(block)
        _require_finite_block(block)
        true_class = truth[start : start + step]
        own = block[positions[:count], true_class]
        above = flags[:count]
        block_hits = hits[start : start + count]
        if hits_first:
            # The other scores at or above the true class's (the count includes the true
            # class itself): fewer than k, a hit; the rest need the strict count.
            _against_own(np.greater_equal, block, own, above)
            np.less(_row_counts(above), k + 1, out=block_hits)
            undecided = np.flatnonzero(~block_hits)
            if undecided.size:
                scores = block[undecided]
                strict = _row_counts(_against_own(np.greater, scores, own[undecided]))
                tied = np.flatnonzero(strict < k)
                if tied.size:
                    settled = undecided[tied]
                    rank = strict[tied] + _ties_after(
                        scores[tied], own[settled], true_class[settled], after
                    )
                    block_hits[settled] = rank < k
        else:
            # The strict count: k or more, a miss; fewer, a hit unless ties push it out.
            _against_own(np.greater, block, own, above)
            strict = _row_counts(above)
            np.less(strict, k, out=block_hits)
            tied = np.flatnonzero(block_hits)
            if tied.size:
                rank = strict[tied] + _ties_after(block[tied], own[tied], true_class[tied], after)
                block_hits[tied] = rank < k
        hits_first = 2 * np.count_nonzero(block_hits) > count
    return hits


def _narrow_hits(truth: IntArray, rows: FloatArray, k: int) -> BoolArray:
    """:func:`_hits` for rows of a few classes, a column at a time.

    Each column adds the rows whose score there ranks above the true class's: a higher
    score, or from the column after the true class on, an equal one. Comparing with the
    next float below the true class's score turns the second rule into the first.
    """
    samples, classes = rows.shape
    hits = np.empty(samples, dtype=np.bool_)
    step = max(1, _NARROW_BLOCK_ELEMENTS // classes)
    positions = np.arange(min(step, samples))
    for start in range(0, samples, step):
        block = rows[start : start + step]
        count = len(block)
        _require_finite_block(block)
        true_class = truth[start : start + step]
        own = block[positions[:count], true_class]
        with np.errstate(over="ignore"):
            lower = np.nextafter(own, -np.inf)
        threshold = own.copy()
        rank = np.zeros(count, dtype=np.uint8)
        for column in range(classes):
            if column:
                np.copyto(threshold, lower, where=true_class == column - 1)
            rank += block[:, column] > threshold
        np.less(rank, k, out=hits[start : start + count])
    return hits


def _ties_after(
    rows: FloatArray, own: FloatArray, true_class: IntArray, after: BoolArray
) -> IntArray:
    """How many scores of each row equal the true class's at a higher index."""
    equal = _against_own(np.equal, rows, own)
    equal &= after[after.shape[1] - 1 - true_class]
    return _row_counts(equal)


def _after(classes: int) -> BoolArray:
    """A ``classes × classes`` view whose row ``classes - 1 - t`` flags the columns after
    ``t``, made of ``2 * classes - 1`` booleans (a sliding window over a step)."""
    step = np.zeros(2 * classes - 1, dtype=np.bool_)
    step[classes:] = True
    return sliding_window_view(step, classes)


def _require_finite_block(block: FloatArray) -> None:
    """Refuses NaN and infinity in ``block`` in one reduction: a sum is finite when every
    term is, and only a sum that is not (an overflow, or a bad value) is looked into."""
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(block, axis=None)
    if not np.isfinite(total):
        _inputs.require_finite(block, "y_score")


def _against_own(
    compare: np.ufunc, rows: FloatArray, own: FloatArray, out: BoolArray | None = None
) -> BoolArray:
    """``compare(rows, own[:, None])``: each row against its own value.

    On wide rows NumPy's buffered iterator would join several rows into one stretch and
    copy the broadcast column into a buffer first, which costs two to three times the
    comparison; a buffer smaller than two rows keeps it to one row per inner loop.
    """
    column = own[:, None]
    if rows.shape[1] < _WIDE_ROWS:
        result: BoolArray = compare(rows, column, out=out)
        return result
    saved = np.setbufsize(16)
    try:
        result = compare(rows, column, out=out)
    finally:
        np.setbufsize(saved)
    return result


def _row_counts(flags: BoolArray) -> IntArray:
    """How many flags of each row are set.

    A contiguous row whose width is a multiple of 8 (and at most ``_WORD_COUNTED``) is
    summed as 64-bit words, which adds eight byte-wide counters at once; the eight bytes
    of each sum are then added in pairs by masks and the four pairs by one multiplication.
    """
    width = flags.shape[1]
    if width % 8 or width > _WORD_COUNTED or not flags.flags.c_contiguous:
        counts: IntArray = np.add.reduce(flags.view(np.uint8), axis=1, dtype=np.intp)
        return counts
    words = np.add.reduce(flags.view(np.uint64), axis=1)
    pairs = (words & _BYTE_PAIRS) + ((words >> _EIGHT) & _BYTE_PAIRS)
    counts = ((pairs * _ADD_LANES) >> _TOP_LANE).astype(np.intp)
    return counts
