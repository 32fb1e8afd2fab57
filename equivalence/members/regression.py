"""The mean-type regression members and ``MaxError``. Everything they share (the target
blocks, the oracle, the edges and divergences) is :mod:`equivalence.outputs`'s; a member
here names its scikit-learn function and what is its own."""

from __future__ import annotations

import numpy as np

from equivalence import outputs as o
from equivalence.model import Edge
from equivalence.view import View
from lodestar.metrics import (
    MaxError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    RootMeanSquaredError,
)

__all__ = ["MEMBERS"]


def _near_zero_truth(v: View) -> bool:  # a truth the percentage clamps: |y| below 2**-52
    truth = v.derived(o.blocks_of)[0]
    return truth is not None and bool((np.abs(truth) < np.finfo(np.float64).eps).any())


ZERO_TRUTH = Edge("zero_truth", "a true value of magnitude below 2**-52", _near_zero_truth)
RAW = "raw_values"

MEMBERS = (
    o.member("MeanSquaredError.score", MeanSquaredError.score, "mean_squared_error"),
    o.member(
        "MeanSquaredError.per_output",
        MeanSquaredError.per_output,
        "mean_squared_error",
        multioutput=RAW,
    ),
    o.member(
        "RootMeanSquaredError.score",
        RootMeanSquaredError.score,
        "root_mean_squared_error",
        since="1.4",
        single_output_refused=False,
    ),
    o.member(
        "RootMeanSquaredError.per_output",
        RootMeanSquaredError.per_output,
        "root_mean_squared_error",
        since="1.4",
        multioutput=RAW,
    ),
    o.member("MeanAbsoluteError.score", MeanAbsoluteError.score, "mean_absolute_error"),
    o.member(
        "MeanAbsoluteError.per_output",
        MeanAbsoluteError.per_output,
        "mean_absolute_error",
        multioutput=RAW,
    ),
    o.member("MaxError.score", MaxError.score, "max_error"),
    o.member(
        "MeanAbsolutePercentageError.score",
        MeanAbsolutePercentageError.score,
        "mean_absolute_percentage_error",
        more_edges=(ZERO_TRUTH,),
    ),
    o.member(
        "MeanAbsolutePercentageError.per_output",
        MeanAbsolutePercentageError.per_output,
        "mean_absolute_percentage_error",
        multioutput=RAW,
        more_edges=(ZERO_TRUTH,),
    ),
)
