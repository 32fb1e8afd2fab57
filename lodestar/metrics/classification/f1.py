"""``F1``: the harmonic mean of precision and recall, from the counts."""

from __future__ import annotations

from lodestar.metrics.classification._prf import Metric, Scores

__all__ = ["F1"]


class F1(
    Scores,
    metric=Metric.F,
    formula="F1, ``2 tp / (2 tp + fp + fn)``, of ``pos_label`` or averaged over the classes.",
    each="F1 score",
    sklearn="f1_score",
    page="f1",
):
    """The mirror of ``Lodestar.Metrics.F1`` and ``sklearn.metrics.f1_score``."""
