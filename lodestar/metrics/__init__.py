"""Every public metric type of Lodestar.Metrics, under its C# name.

Members are static methods in snake_case: ``TopKAccuracy.score``,
``BrierScore.multi_class``, ``Accuracy.score``.
"""

from lodestar.metrics.classification import (
    F1,
    Accuracy,
    AverageRow,
    Averaging,
    BalancedAccuracy,
    BrierScore,
    ClassificationReport,
    ClassRow,
    ConfusionMatrix,
    FBeta,
    JaccardScore,
    LogLoss,
    Normalization,
    Precision,
    Recall,
    ZeroDivision,
)
from lodestar.metrics.ranking import Dcg, Ndcg, TopKAccuracy

__all__ = [
    "F1",
    "Accuracy",
    "AverageRow",
    "Averaging",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "ConfusionMatrix",
    "Dcg",
    "FBeta",
    "JaccardScore",
    "LogLoss",
    "Ndcg",
    "Normalization",
    "Precision",
    "Recall",
    "TopKAccuracy",
    "ZeroDivision",
]
