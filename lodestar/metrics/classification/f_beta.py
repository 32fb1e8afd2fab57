"""``FBeta``: precision and recall combined, recall weighing ``beta`` times as much."""

from __future__ import annotations

from typing import Any

from lodestar.metrics._inputs import FloatArray
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification._prf import Metric
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.confusion_matrix import OMITTED
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = ["FBeta"]


class FBeta:
    """The mirror of ``Lodestar.Metrics.FBeta`` and ``sklearn.metrics.fbeta_score``.

    ``beta`` must be finite: scikit-learn's ``beta=inf`` (recall) is refused, as C# refuses
    it; ``beta=0`` gives precision."""

    @staticmethod
    def score(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        beta: Any = OMITTED,
        average: Averaging | str = Averaging.BINARY,
        pos_label: int = 1,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> float:
        """F-beta, ``(1 + b²) tp / (b² (tp + fn) + tp + fp)``, of ``pos_label`` or averaged.

        Two forms, the two C# overloads: with ``y_true`` and ``y_pred`` the matrix is counted
        first (``ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)``); with
        ``cm=`` an already counted matrix is read, and ``labels`` and ``sample_weight`` must
        be left out. See ``docs/reference/metrics/classification/fbeta-score.md``.

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
            ArgumentOutOfRangeError: ``beta`` is negative, NaN or infinite.
            TypeError: ``beta`` was not given.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and a score it needs has
                a zero denominator.
        """
        zero = _prf.policy(zero_division)
        mode = _prf.averaging(average)
        positive = _prf.pos_label_value(pos_label)
        factor = _prf.required_beta("FBeta", beta)
        matrix = _prf.matrix_of("FBeta.score", cm, y_true, y_pred, labels, sample_weight)
        return _prf.aggregate(matrix, Metric.F, mode, positive, zero, factor)

    @staticmethod
    def per_class(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        beta: Any = OMITTED,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> FloatArray:
        """The F-beta score of each class: ``fbeta_score(average=None)``, as a new
        ``float64`` array in the order of the matrix's labels.

        Two forms, the two C# overloads: with ``y_true`` and ``y_pred`` the matrix is counted
        first (``ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)``); with
        ``cm=`` an already counted matrix is read, and ``labels`` and ``sample_weight`` must
        be left out. See ``docs/reference/metrics/classification/fbeta-perclass.md``.

        Raises:
            ArgumentError: as :meth:`score`, less the refusals of ``average`` and
                ``pos_label``.
            ArgumentOutOfRangeError: ``beta`` is negative, NaN or infinite.
            TypeError: ``beta`` was not given.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and some class's score has
                a zero denominator.
        """
        zero = _prf.policy(zero_division)
        factor = _prf.required_beta("FBeta", beta)
        matrix = _prf.matrix_of("FBeta.per_class", cm, y_true, y_pred, labels, sample_weight)
        result: FloatArray = _prf.per_class(matrix, Metric.F, zero, factor)
        return result
