"""Every public metric type of Lodestar.Metrics, under its C# name.

Members are static methods in snake_case: ``TopKAccuracy.score``,
``BrierScore.multi_class``, ``Accuracy.score``.
"""

from lodestar.metrics.classification import (
    Accuracy,
    AverageRow,
    BalancedAccuracy,
    BrierScore,
    ClassificationReport,
    ClassRow,
    ConfusionMatrix,
    LikelihoodRatios,
    LogLoss,
    Normalization,
    ZeroDivision,
)
from lodestar.metrics.ranking import Dcg, Ndcg, TopKAccuracy

__all__ = [
    "Accuracy",
    "AverageRow",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "ConfusionMatrix",
    "Dcg",
    "LikelihoodRatios",
    "LogLoss",
    "Ndcg",
    "Normalization",
    "TopKAccuracy",
    "ZeroDivision",
]
