"""Ranking metrics."""

from lodestar.metrics.ranking.average_precision import AveragePrecision
from lodestar.metrics.ranking.dcg import Dcg, Ndcg
from lodestar.metrics.ranking.label_ranking import (
    CoverageError,
    LabelRankingAveragePrecision,
    LabelRankingLoss,
)
from lodestar.metrics.ranking.reciprocal_rank import ReciprocalRank
from lodestar.metrics.ranking.top_k_accuracy import TopKAccuracy

__all__ = [
    "AveragePrecision",
    "CoverageError",
    "Dcg",
    "LabelRankingAveragePrecision",
    "LabelRankingLoss",
    "Ndcg",
    "ReciprocalRank",
    "TopKAccuracy",
]
