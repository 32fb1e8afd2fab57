"""Classification metrics."""

from lodestar.metrics.classification.accuracy import Accuracy
from lodestar.metrics.classification.brier_score import BrierScore

__all__ = ["Accuracy", "BrierScore"]
