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
from lodestar.metrics.clustering import (
    AdjustedRand,
    MutualInformation,
    PairConfusionMatrix,
    RandIndex,
)
from lodestar.metrics.ranking import Dcg, Ndcg, TopKAccuracy

__all__ = [
    "F1",
    "Accuracy",
    "AdjustedRand",
    "AverageRow",
    "Averaging",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "CohenKappa",
    "ConfusionMatrix",
    "Dcg",
    "FBeta",
    "JaccardScore",
    "KappaWeighting",
    "LikelihoodRatios",
    "LogLoss",
    "MatthewsCorrelation",
    "MutualInformation",
    "Ndcg",
    "Normalization",
    "PairConfusionMatrix",
    "Precision",
    "RandIndex",
    "Recall",
    "TopKAccuracy",
    "ZeroDivision",
]
