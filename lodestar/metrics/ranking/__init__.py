"""Ranking metrics."""

from lodestar.metrics.ranking.average_precision import AveragePrecision
from lodestar.metrics.ranking.dcg import Dcg, Ndcg
from lodestar.metrics.ranking.top_k_accuracy import TopKAccuracy

__all__ = ["Dcg", "Ndcg", "TopKAccuracy"]

from lodestar.metrics.ranking.label_ranking import (
    CoverageError,
    LabelRankingAveragePrecision,
    LabelRankingLoss,
)

__all__ += ["CoverageError", "LabelRankingAveragePrecision", "LabelRankingLoss"]
from lodestar.metrics.ranking.reciprocal_rank import ReciprocalRank

__all__ += ["ReciprocalRank"]
__all__ = ["AveragePrecision", "Dcg", "Ndcg", "TopKAccuracy"]
