"""Regression metrics."""

from lodestar.metrics.regression.mean_squared_error import MeanSquaredError

__all__ = ["MeanSquaredError"]
