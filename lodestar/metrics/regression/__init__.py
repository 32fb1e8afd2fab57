"""Regression metrics."""

from lodestar.metrics.regression.explained_variance import ExplainedVariance
from lodestar.metrics.regression.mean_squared_error import MeanSquaredError
from lodestar.metrics.regression.r2 import R2

__all__ = ["R2", "ExplainedVariance", "MeanSquaredError"]
