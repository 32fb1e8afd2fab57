"""``FBeta``: precision and recall combined, recall weighing ``beta`` times as much."""

from __future__ import annotations

from lodestar.metrics.classification._prf import Metric, Scores

__all__ = ["FBeta"]


class FBeta(
    Scores,
    metric=Metric.F,
    formula="F-beta, ``(1 + b²) tp / (b² (tp + fn) + tp + fp)``, of ``pos_label`` or averaged.",
    each="F-beta score",
    sklearn="fbeta_score",
    page="fbeta",
    beta=True,
):
    """The mirror of ``Lodestar.Metrics.FBeta`` and ``sklearn.metrics.fbeta_score``.

    ``beta`` must be finite: scikit-learn's ``beta=inf`` (recall) is refused, as C# refuses
    it; ``beta=0`` gives precision."""
