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
    RocCurve,
    ZeroDivision,
)
from lodestar.metrics.clustering import (
    AdjustedRand,
    Completeness,
    FowlkesMallows,
    Homogeneity,
    MutualInformation,
    NormalizedMutualInformation,
    PairConfusionMatrix,
    RandIndex,
    VMeasure,
)
from lodestar.metrics.ranking import Dcg, Ndcg, TopKAccuracy
from lodestar.metrics.regression import (
    R2,
    D2AbsoluteError,
    D2Pinball,
    ExplainedVariance,
    MaxError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogError,
    MedianAbsoluteError,
    PinballLoss,
    RootMeanSquaredError,
    RootMeanSquaredLogError,
)

__all__ = [
    "F1",
    "R2",
    "Accuracy",
    "AdjustedRand",
    "AverageRow",
    "Averaging",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "CohenKappa",
    "Completeness",
    "ConfusionMatrix",
    "D2AbsoluteError",
    "D2Pinball",
    "Dcg",
    "ExplainedVariance",
    "FBeta",
    "FowlkesMallows",
    "Homogeneity",
    "JaccardScore",
    "KappaWeighting",
    "LikelihoodRatios",
    "LogLoss",
    "MatthewsCorrelation",
    "MaxError",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanSquaredError",
    "MeanSquaredLogError",
    "MedianAbsoluteError",
    "MutualInformation",
    "Ndcg",
    "Normalization",
    "NormalizedMutualInformation",
    "PairConfusionMatrix",
    "PinballLoss",
    "Precision",
    "RandIndex",
    "Recall",
    "RocCurve",
    "RootMeanSquaredError",
    "RootMeanSquaredLogError",
    "TopKAccuracy",
    "VMeasure",
    "ZeroDivision",
]

from lodestar.metrics.classification import HingeLoss

__all__ += ["HingeLoss"]

from lodestar.metrics.ranking import ReciprocalRank

__all__ += ["ReciprocalRank"]
