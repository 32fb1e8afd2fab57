"""``ReciprocalRank``: how far down its ranking each query's first relevant document lies.

scikit-learn has no counterpart. The definition is the C# library's, clause by clause:
a row's documents are ranked by descending score, ties by descending index (the order of
``Dcg.score`` with ``ignore_ties`` and of ``TopKAccuracy``); a document is relevant when
its relevance is not zero, whatever its size or sign; a row scores the reciprocal of the
rank of its first relevant document, or ``0`` when it has none; the result is the mean of
the rows' scores, added in row order as the C# loop adds them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import ArgumentError, FloatArray
from lodestar.metrics.ranking.dcg import _blocks

__all__ = ["ReciprocalRank"]


class ReciprocalRank:
    """The mirror of ``Lodestar.Metrics.ReciprocalRank``; no scikit-learn counterpart."""

    @staticmethod
    def score(relevance: Any, y_score: Any, label_count: int) -> float:
        """The mean over rows of ``1 / rank`` of the row's first relevant document.

        ``relevance`` and ``y_score`` are flat and row-major, ``label_count`` values a
        row, or 2-D with rows of ``label_count``. See
        ``docs/reference/metrics/ranking/reciprocalrank-score.md``.

        Raises:
            ArgumentError: ``label_count`` is below 2 or not an integer; ``relevance`` and
                ``y_score`` hold different numbers of values, none, or not a whole number
                of rows; any value is NaN or infinite.
        """
        _inputs.count(label_count, "label_count", -(2**63), ArgumentError)
        judged, scores = _blocks(relevance, y_score, label_count, "relevance")
        reciprocal = _first_relevant(judged != 0.0, scores)
        return float(np.cumsum(reciprocal)[-1] / len(reciprocal))


def _first_relevant(relevant: Any, scores: FloatArray) -> FloatArray:
    """Each row's ``1 / rank`` of its first relevant document in the ranking, or 0.

    No sort: the first relevant document is the relevant one of greatest score, of
    greatest index among those (ties rank by descending index), and its rank is one more
    than the documents of greater score plus those of equal score and greater index.
    """
    columns = np.arange(scores.shape[1])
    best = np.where(relevant, scores, -np.inf).max(axis=1, keepdims=True)
    at_best = relevant & (scores == best)
    last = np.where(at_best, columns, -1).max(axis=1, keepdims=True)
    above = (scores > best).sum(axis=1) + ((scores == best) & (columns > last)).sum(axis=1)
    reciprocal: FloatArray = np.where(last[:, 0] >= 0, 1.0 / (above + 1.0), 0.0)
    return reciprocal
