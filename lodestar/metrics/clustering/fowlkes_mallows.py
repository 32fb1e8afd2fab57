"""``FowlkesMallows``: the geometric mean of pair precision and pair recall."""

from __future__ import annotations

import math
from typing import Any

from lodestar.metrics.clustering._counting import contingency, labellings, squares

__all__ = ["FowlkesMallows"]


class FowlkesMallows:
    """The mirror of ``Lodestar.Metrics.FowlkesMallows`` and of
    ``sklearn.metrics.fowlkes_mallows_score``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """``sqrt(tk/pk)·sqrt(tk/qk)``, with ``tk`` the ordered pairs of distinct samples
        together on both sides, ``pk`` those together in the clustering and ``qk`` in the
        truth; in ``[0, 1]``, and ``0.0`` when no pair is together on both sides (no
        sample and a single sample included). See
        ``docs/reference/metrics/clustering/fowlkesmallows-score.md``.

        Raises:
            ArgumentError: as :meth:`PairConfusionMatrix.compute` does.
        """
        table = contingency(*labellings(labels_true, labels_pred))
        n = table.samples
        tk = squares(table.cells) - n
        if tk == 0:
            return 0.0
        pk = squares(table.column_sums) - n
        qk = squares(table.row_sums) - n
        # each count rounded to a double, as NumPy divides two int64
        return math.sqrt(float(tk) / float(pk)) * math.sqrt(float(tk) / float(qk))
