"""Regression metrics."""

from lodestar.metrics.regression.d2_pinball import D2AbsoluteError, D2Pinball
from lodestar.metrics.regression.max_error import MaxError
from lodestar.metrics.regression.mean_absolute_error import MeanAbsoluteError
from lodestar.metrics.regression.mean_absolute_percentage_error import (
    MeanAbsolutePercentageError,
)
from lodestar.metrics.regression.mean_squared_error import MeanSquaredError
from lodestar.metrics.regression.pinball_loss import PinballLoss
from lodestar.metrics.regression.root_mean_squared_error import RootMeanSquaredError

__all__ = [
    "D2AbsoluteError",
    "D2Pinball",
    "MaxError",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanSquaredError",
    "PinballLoss",
    "RootMeanSquaredError",
]
