"""Classification metrics."""

from lodestar.metrics.classification.accuracy import Accuracy
from lodestar.metrics.classification.auc import Auc
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.balanced_accuracy import BalancedAccuracy
from lodestar.metrics.classification.bin_strategy import BinStrategy
from lodestar.metrics.classification.brier_score import BrierScore
from lodestar.metrics.classification.calibration_curve import CalibrationCurve
from lodestar.metrics.classification.classification_report import (
    AverageRow,
    ClassificationReport,
    ClassRow,
    ZeroDivision,
)
from lodestar.metrics.classification.cohen_kappa import CohenKappa, KappaWeighting
from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix, Normalization
from lodestar.metrics.classification.det_curve import DetCurve
from lodestar.metrics.classification.f1 import F1
from lodestar.metrics.classification.f_beta import FBeta
from lodestar.metrics.classification.hamming_loss import HammingLoss
from lodestar.metrics.classification.hinge_loss import HingeLoss
from lodestar.metrics.classification.jaccard_score import JaccardScore
from lodestar.metrics.classification.likelihood_ratios import LikelihoodRatios
from lodestar.metrics.classification.log_loss import LogLoss
from lodestar.metrics.classification.matthews_correlation import MatthewsCorrelation
from lodestar.metrics.classification.multilabel_confusion_matrix import MultilabelConfusionMatrix
from lodestar.metrics.classification.precision import Precision
from lodestar.metrics.classification.precision_recall_curve import PrecisionRecallCurve
from lodestar.metrics.classification.recall import Recall
from lodestar.metrics.classification.roc_auc import MultiClassRocOptions, MultiClassStrategy, RocAuc
from lodestar.metrics.classification.roc_curve import RocCurve
from lodestar.metrics.classification.zero_one_loss import ZeroOneLoss

__all__ = [
    "F1",
    "Accuracy",
    "Auc",
    "AverageRow",
    "Averaging",
    "BalancedAccuracy",
    "BinStrategy",
    "BrierScore",
    "CalibrationCurve",
    "ClassRow",
    "ClassificationReport",
    "CohenKappa",
    "ConfusionMatrix",
    "DetCurve",
    "FBeta",
    "HammingLoss",
    "HingeLoss",
    "JaccardScore",
    "KappaWeighting",
    "LikelihoodRatios",
    "LogLoss",
    "MatthewsCorrelation",
    "MultiClassRocOptions",
    "MultiClassStrategy",
    "MultilabelConfusionMatrix",
    "Normalization",
    "Precision",
    "PrecisionRecallCurve",
    "Recall",
    "RocAuc",
    "RocCurve",
    "ZeroDivision",
    "ZeroOneLoss",
]
