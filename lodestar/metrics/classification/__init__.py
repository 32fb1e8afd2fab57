"""Classification metrics."""

from lodestar.metrics.classification.accuracy import Accuracy
from lodestar.metrics.classification.balanced_accuracy import BalancedAccuracy
from lodestar.metrics.classification.brier_score import BrierScore
from lodestar.metrics.classification.classification_report import (
    AverageRow,
    ClassificationReport,
    ClassRow,
    ZeroDivision,
)
from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix, Normalization
from lodestar.metrics.classification.likelihood_ratios import LikelihoodRatios
from lodestar.metrics.classification.log_loss import LogLoss

__all__ = [
    "Accuracy",
    "AverageRow",
    "BalancedAccuracy",
    "BrierScore",
    "ClassRow",
    "ClassificationReport",
    "ConfusionMatrix",
    "LikelihoodRatios",
    "LogLoss",
    "Normalization",
    "ZeroDivision",
]
