"""``HingeLoss``: the hinge loss of a decision function.

A decision is a signed distance from a boundary (what ``decision_function`` returns), not
a label and not a probability. A sample whose decision is on its own side by a margin of
at least 1 costs nothing; below that it costs ``1 - margin``. The result is the weighted
mean of those costs, as ``sklearn.metrics.hinge_loss`` computes it: ``1 - margin``
clipped at zero, then ``numpy.average``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray
from lodestar.metrics.classification.log_loss import binary_inputs, positive_label

__all__ = ["HingeLoss", "decision_rows"]


class HingeLoss:
    """The mirror of ``Lodestar.Metrics.HingeLoss`` and ``sklearn.metrics.hinge_loss``."""

    @staticmethod
    def score(
        y_true: Any,
        pred_decision: Any,
        pos_label: int = 1,
        sample_weight: Any = None,
    ) -> float:
        """The binary hinge loss of one decision per sample, positive on ``pos_label``'s
        side of the boundary.

        A sample labelled ``pos_label`` has the margin ``d``, any other ``-d``; each costs
        ``max(0, 1 - margin)``, and the result is their weighted mean. See
        ``docs/reference/metrics/classification/hingeloss-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``pred_decision`` differ in length or are
                empty; ``pos_label`` or a label is not an integer; ``sample_weight`` is
                neither empty nor one value per sample, or sums to zero; any value is NaN
                or infinite.
        """
        positive = positive_label(pos_label)
        truth, decision, weight = binary_inputs(
            y_true, pred_decision, sample_weight, None, "pred_decision"
        )
        margin = np.where(truth == positive, decision, -decision)
        return _mean_cost(margin, weight)

    @staticmethod
    def multi_class(
        y_true: Any,
        pred_decision: Any,
        class_count: int,
        sample_weight: Any = None,
    ) -> float:
        """The multiclass hinge loss of Crammer and Singer: a sample's margin is its true
        class's decision less the greatest decision of the other classes.

        See ``docs/reference/metrics/classification/hingeloss-multiclass.md``.

        Raises:
            ArgumentOutOfRangeError: ``class_count`` is below 2.
            ArgumentError: ``pred_decision`` is not ``len(y_true)`` rows of
                ``class_count``; a label is outside ``[0, class_count)``; ``y_true`` is
                empty; ``sample_weight`` is neither empty nor one value per sample, or
                sums to zero; any value is NaN or infinite.
        """
        truth, rows, weight = decision_rows(y_true, pred_decision, class_count, sample_weight)
        return _mean_cost(_crammer_singer(rows, truth), weight)


def decision_rows(
    y_true: Any, pred_decision: Any, class_count: Any, sample_weight: Any
) -> tuple[IntArray, FloatArray, FloatArray | None]:
    """The labels, the ``(samples, class_count)`` decisions and the weights of
    :meth:`HingeLoss.multi_class`, checked in the C# library's order."""
    class_count = _inputs.count(class_count, "class_count", 2)
    truth = _inputs.labels(y_true, "y_true")
    rows = _inputs.score_rows(pred_decision, len(truth), class_count, "pred_decision")
    _inputs.class_indices(truth, class_count, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonempty(truth, "y_true")
    _inputs.nonzero_weights(weight)
    return truth, rows, weight


def _crammer_singer(rows: FloatArray, truth: IntArray) -> FloatArray:
    """Each row's own decision less the greatest of its others."""
    samples = np.arange(len(truth))
    own = rows[samples, truth]
    rivals = rows.copy()
    rivals[samples, truth] = -np.inf
    margin: FloatArray = own - rivals.max(axis=1)
    return margin


def _mean_cost(margin: FloatArray, weight: FloatArray | None) -> float:
    """``1 - margin`` clipped at zero, averaged as ``numpy.average`` does."""
    losses = np.maximum(1.0 - margin, 0.0)
    return _inputs.weighted_mean(losses, weight)
