"""The mean-type regression members: ``MeanSquaredError``. Everything they share (the
target blocks, the oracle, the edges and divergences) is :mod:`equivalence.outputs`'s."""

from __future__ import annotations

from equivalence import outputs as o
from lodestar.metrics import MeanSquaredError

__all__ = ["MEMBERS"]

MEMBERS = (
    o.member("MeanSquaredError.score", MeanSquaredError.score, "mean_squared_error"),
    o.member(
        "MeanSquaredError.per_output",
        MeanSquaredError.per_output,
        "mean_squared_error",
        multioutput="raw_values",
    ),
)
