"""Ranking metrics."""

from lodestar.metrics.ranking.top_k_accuracy import TopKAccuracy

__all__ = ["TopKAccuracy"]
