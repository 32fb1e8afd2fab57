"""Ranking metrics."""

from lodestar.metrics.ranking.average_precision import AveragePrecision
from lodestar.metrics.ranking.dcg import Dcg, Ndcg
from lodestar.metrics.ranking.top_k_accuracy import TopKAccuracy

__all__ = ["AveragePrecision", "Dcg", "Ndcg", "TopKAccuracy"]
