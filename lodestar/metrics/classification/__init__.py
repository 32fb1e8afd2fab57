"""Classification metrics."""

from lodestar.metrics.classification.accuracy import Accuracy
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.balanced_accuracy import BalancedAccuracy
from lodestar.metrics.classification.brier_score import BrierScore
from lodestar.metrics.classification.classification_report import (
    AverageRow,
    ClassificationReport,
    ClassRow,
    ZeroDivision,
)
from lodestar.metrics.classification.cohen_kappa import CohenKappa, KappaWeighting
from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix, Normalization
from lodestar.metrics.classification.f1 import F1
from lodestar.metrics.classification.f_beta import FBeta
from lodestar.metrics.classification.jaccard_score import JaccardScore
from lodestar.metrics.classification.likelihood_ratios import LikelihoodRatios
from lodestar.metrics.classification.log_loss import LogLoss
from lodestar.metrics.classification.matthews_correlation import MatthewsCorrelation
from lodestar.metrics.classification.precision import Precision
from lodestar.metrics.classification.recall import Recall
from lodestar.metrics.classification.roc_auc import MultiClassRocOptions, MultiClassStrategy, RocAuc
from lodestar.metrics.classification.roc_curve import RocCurve

__all__ = [
    "F1",
    "Accuracy",
    "AverageRow",
    "Averaging",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "CohenKappa",
    "ConfusionMatrix",
    "FBeta",
    "JaccardScore",
    "KappaWeighting",
    "LikelihoodRatios",
    "LogLoss",
    "MatthewsCorrelation",
    "MultiClassRocOptions",
    "MultiClassStrategy",
    "Normalization",
    "Precision",
    "Recall",
    "RocAuc",
    "RocCurve",
    "ZeroDivision",
]
