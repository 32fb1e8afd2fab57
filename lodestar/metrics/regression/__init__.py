"""Regression metrics."""

from lodestar.metrics.regression.d2_pinball import D2AbsoluteError, D2Pinball
from lodestar.metrics.regression.deviance import (
    D2Tweedie,
    GammaDeviance,
    PoissonDeviance,
    TweedieDeviance,
)
from lodestar.metrics.regression.explained_variance import ExplainedVariance
from lodestar.metrics.regression.log_error import MeanSquaredLogError, RootMeanSquaredLogError
from lodestar.metrics.regression.max_error import MaxError
from lodestar.metrics.regression.mean_absolute_error import MeanAbsoluteError
from lodestar.metrics.regression.mean_absolute_percentage_error import (
    MeanAbsolutePercentageError,
)
from lodestar.metrics.regression.mean_squared_error import MeanSquaredError
from lodestar.metrics.regression.median_absolute_error import MedianAbsoluteError
from lodestar.metrics.regression.pinball_loss import PinballLoss
from lodestar.metrics.regression.r2 import R2
from lodestar.metrics.regression.root_mean_squared_error import RootMeanSquaredError

__all__ = [
    "R2",
    "D2AbsoluteError",
    "D2Pinball",
    "D2Tweedie",
    "ExplainedVariance",
    "GammaDeviance",
    "MaxError",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanSquaredError",
    "MeanSquaredLogError",
    "MedianAbsoluteError",
    "PinballLoss",
    "PoissonDeviance",
    "RootMeanSquaredError",
    "RootMeanSquaredLogError",
    "TweedieDeviance",
]
