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
    CohenKappa,
    ConfusionMatrix,
    FBeta,
    JaccardScore,
    KappaWeighting,
    LikelihoodRatios,
    LogLoss,
    MatthewsCorrelation,
    Normalization,
    Precision,
    Recall,
    ZeroDivision,
)
from lodestar.metrics.ranking import Dcg, Ndcg, TopKAccuracy
from lodestar.metrics.regression import R2, ExplainedVariance, MeanSquaredError

__all__ = [
    "F1",
    "R2",
    "Accuracy",
    "AverageRow",
    "Averaging",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "CohenKappa",
    "ConfusionMatrix",
    "Dcg",
    "ExplainedVariance",
    "FBeta",
    "JaccardScore",
    "KappaWeighting",
    "LikelihoodRatios",
    "LogLoss",
    "MatthewsCorrelation",
    "MeanSquaredError",
    "Ndcg",
    "Normalization",
    "Precision",
    "Recall",
    "TopKAccuracy",
    "ZeroDivision",
]
