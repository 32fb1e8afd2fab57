"""``JaccardScore``: intersection over union of the true and predicted members of a class."""

from __future__ import annotations

from typing import Any

from lodestar.metrics._inputs import FloatArray
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification._prf import Metric
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.confusion_matrix import OMITTED
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = ["JaccardScore"]


class JaccardScore:
    """The mirror of ``Lodestar.Metrics.JaccardScore`` and ``sklearn.metrics.jaccard_score``.

    Only the label form exists, as in C#: there is no ``cm=`` overload.
    The weighted average keeps NaN scores, as scikit-learn's ``_average`` does."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        average: Averaging | str = Averaging.BINARY,
        pos_label: int = 1,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> float:
        """The Jaccard index, ``tp / (tp + fp + fn)``, of ``pos_label`` or averaged.

        See ``docs/reference/metrics/classification/jaccardscore-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty; a label
                is not an integer; ``labels`` lists a label twice, or none of its labels
                occurs in ``y_true``; ``sample_weight`` is neither empty nor one finite
                value per sample, or is zero throughout; ``average`` is ``BINARY`` and
                ``y_true`` and ``y_pred`` hold more than two labels, or two of which
                neither is ``pos_label``; ``pos_label`` is not an integer; ``zero_division``
                is not a :class:`ZeroDivision`; ``average`` is ``WEIGHTED`` and the
                supports, not all zero, sum to zero.
            ArgumentOutOfRangeError: ``average`` is not an :class:`Averaging`.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and a score it needs has
                a zero denominator.
        """
        zero = _prf.policy(zero_division)
        mode = _prf.averaging(average)
        positive = _prf.pos_label_value(pos_label)
        matrix = _prf.matrix_of(
            "JaccardScore.score", OMITTED, y_true, y_pred, labels, sample_weight
        )
        return _prf.aggregate(matrix, Metric.JACCARD, mode, positive, zero)

    @staticmethod
    def per_class(
        y_true: Any,
        y_pred: Any,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> FloatArray:
        """The Jaccard index of each class: ``jaccard_score(average=None)``, as a new
        ``float64`` array in the order of the matrix's labels.

        See ``docs/reference/metrics/classification/jaccardscore-perclass.md``.

        Raises:
            ArgumentError: as :meth:`score`, less the refusals of ``average`` and
                ``pos_label``.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and some class's score has
                a zero denominator.
        """
        zero = _prf.policy(zero_division)
        matrix = _prf.matrix_of(
            "JaccardScore.per_class", OMITTED, y_true, y_pred, labels, sample_weight
        )
        result: FloatArray = _prf.per_class(matrix, Metric.JACCARD, zero)
        return result
