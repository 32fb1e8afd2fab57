"""``Recall``: of the weight truly in a class, the share predicted into it."""

from __future__ import annotations

from lodestar.metrics.classification._prf import Metric, Scores

__all__ = ["Recall"]


class Recall(
    Scores,
    metric=Metric.RECALL,
    formula="Recall, ``tp / (tp + fn)``, of ``pos_label`` or averaged over the classes.",
    each="recall",
    sklearn="recall_score",
    page="recall",
):
    """The mirror of ``Lodestar.Metrics.Recall`` and ``sklearn.metrics.recall_score``."""
