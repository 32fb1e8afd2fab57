"""``Precision``: of the weight predicted into a class, the share truly of it."""

from __future__ import annotations

from lodestar.metrics.classification._prf import Metric, Scores

__all__ = ["Precision"]


class Precision(
    Scores,
    metric=Metric.PRECISION,
    formula="Precision, ``tp / (tp + fp)``, of ``pos_label`` or averaged over the classes.",
    each="precision",
    sklearn="precision_score",
    page="precision",
):
    """The mirror of ``Lodestar.Metrics.Precision`` and ``sklearn.metrics.precision_score``."""
