"""``Precision``: of the weight predicted into a class, the share truly of it."""

from __future__ import annotations

from typing import Any

from lodestar.metrics._inputs import FloatArray
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification._prf import Metric
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.confusion_matrix import OMITTED
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = ["Precision"]


class Precision:
    """The mirror of ``Lodestar.Metrics.Precision`` and ``sklearn.metrics.precision_score``."""

    @staticmethod
    def score(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        average: Averaging | str = Averaging.BINARY,
        pos_label: int = 1,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> float:
        """Precision, ``tp / (tp + fp)``, of ``pos_label`` or averaged over the classes.

        Two forms, the two C# overloads: with ``y_true`` and ``y_pred`` the matrix is counted
        first (``ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)``); with
        ``cm=`` an already counted matrix is read, and ``labels`` and ``sample_weight`` must
        be left out. See ``docs/reference/metrics/classification/precision-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty; a label
                is not an integer; ``labels`` lists a label twice, or none of its labels
                occurs in ``y_true``; ``sample_weight`` is neither empty nor one finite
                value per sample, or is zero throughout; ``average`` is ``BINARY`` and
                ``y_true`` and ``y_pred`` hold more than two labels, or two of which
                neither is ``pos_label``; ``pos_label`` is not an integer; ``zero_division``
                is not a :class:`ZeroDivision`.
                In the matrix form: ``cm`` is given with ``y_true``, ``y_pred``, ``labels``
                or ``sample_weight``, or is not a ``ConfusionMatrix``.
            ArgumentNullError: ``cm`` is ``None``.
            TypeError: neither ``cm`` nor both label arrays were given.
            ArgumentOutOfRangeError: ``average`` is not an :class:`Averaging`.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and a score it needs has
                a zero denominator.
        """
        zero = _prf.policy(zero_division)
        mode = _prf.averaging(average)
        positive = _prf.pos_label_value(pos_label)
        matrix = _prf.matrix_of("Precision.score", cm, y_true, y_pred, labels, sample_weight)
        return _prf.aggregate(matrix, Metric.PRECISION, mode, positive, zero)

    @staticmethod
    def per_class(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> FloatArray:
        """The precision of each class: ``precision_score(average=None)``, as a new
        ``float64`` array in the order of the matrix's labels.

        Two forms, the two C# overloads: with ``y_true`` and ``y_pred`` the matrix is counted
        first (``ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)``); with
        ``cm=`` an already counted matrix is read, and ``labels`` and ``sample_weight`` must
        be left out. See ``docs/reference/metrics/classification/precision-perclass.md``.

        Raises:
            ArgumentError: as :meth:`score`, less the refusals of ``average`` and
                ``pos_label``.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and some class's score has
                a zero denominator.
        """
        zero = _prf.policy(zero_division)
        matrix = _prf.matrix_of("Precision.per_class", cm, y_true, y_pred, labels, sample_weight)
        result: FloatArray = _prf.per_class(matrix, Metric.PRECISION, zero)
        return result
