"""``JaccardScore``: intersection over union of the true and predicted members of a class."""

from __future__ import annotations

from lodestar.metrics.classification._prf import Metric, Scores

__all__ = ["JaccardScore"]


class JaccardScore(
    Scores,
    metric=Metric.JACCARD,
    formula="The Jaccard index, ``tp / (tp + fp + fn)``, of ``pos_label`` or averaged.",
    each="Jaccard index",
    sklearn="jaccard_score",
    page="jaccardscore",
    matrix=False,
):
    """The mirror of ``Lodestar.Metrics.JaccardScore`` and ``sklearn.metrics.jaccard_score``.

    Only the label form exists, as in C#: there is no ``cm=`` overload.
    The weighted average keeps NaN scores, as scikit-learn's ``_average`` does."""
