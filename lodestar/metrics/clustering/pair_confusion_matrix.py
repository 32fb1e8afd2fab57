"""``PairConfusionMatrix``: how two labellings pair the samples up."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.metrics.clustering._counting import contingency, labellings, squares

__all__ = ["PairConfusionMatrix"]


@dataclass(frozen=True)
class PairConfusionMatrix:
    """The mirror of ``Lodestar.Metrics.PairConfusionMatrix`` and of
    ``sklearn.metrics.cluster.pair_confusion_matrix``.

    Four counts of ordered pairs of distinct samples: those both labellings split apart,
    those only ``labels_pred`` puts together, those only ``labels_true`` puts together,
    and those both put together. They add up to ``n·(n - 1)``. Like the C# record struct,
    it compares by value and unpacks in field order.
    """

    different_in_both: int
    same_in_predicted_only: int
    same_in_true_only: int
    same_in_both: int

    def __iter__(self) -> Iterator[int]:
        yield self.different_in_both
        yield self.same_in_predicted_only
        yield self.same_in_true_only
        yield self.same_in_both

    @staticmethod
    def compute(labels_true: Any, labels_pred: Any) -> PairConfusionMatrix:
        """Counts the ordered pairs of samples each labelling puts together or apart.

        With ``n`` samples, ``S`` the sum of the squared cells of the contingency table,
        and ``T`` and ``P`` the sums of its squared row and column totals:
        ``same_in_both = S - n``, ``same_in_predicted_only = P - S``,
        ``same_in_true_only = T - S`` and ``different_in_both = n² - P - T + S``, all
        exact integers. Empty input gives four zeros. See
        ``docs/reference/metrics/clustering/pairconfusionmatrix-compute.md``.

        Raises:
            ArgumentError: the two labellings differ in length; a label is not an
                integer (a fraction, NaN, a boolean, a string).
        """
        table = contingency(*labellings(labels_true, labels_pred))
        n = table.samples
        both = squares(table.cells)
        predicted_only = squares(table.column_sums) - both
        true_only = squares(table.row_sums) - both
        return PairConfusionMatrix(
            different_in_both=n * n - predicted_only - true_only - both,
            same_in_predicted_only=predicted_only,
            same_in_true_only=true_only,
            same_in_both=both - n,
        )

    def to_array(self) -> npt.NDArray[np.int64]:
        """``[[different_in_both, same_in_predicted_only], [same_in_true_only,
        same_in_both]]`` as a 2×2 ``int64`` array: scikit-learn's layout. See
        ``docs/reference/metrics/clustering/pairconfusionmatrix-toarray.md``."""
        return np.array(
            [
                [self.different_in_both, self.same_in_predicted_only],
                [self.same_in_true_only, self.same_in_both],
            ],
            dtype=np.int64,
        )
