"""Every public metric type of Lodestar.Metrics, under its C# name.

Members are static methods in snake_case: ``TopKAccuracy.score``,
``BrierScore.multi_class``, ``Accuracy.score``.
"""

from lodestar.metrics.classification import Accuracy, BrierScore
from lodestar.metrics.ranking import TopKAccuracy

__all__ = ["Accuracy", "BrierScore", "TopKAccuracy"]
