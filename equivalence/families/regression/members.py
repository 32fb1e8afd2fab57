"""The mean-type regression members and ``MaxError``. Everything they share (the target
blocks, the oracle, the edges and divergences) is :mod:`equivalence.draw.outputs`'s; a member
here names its scikit-learn function and what is its own."""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.draw import outputs
from equivalence.model import Edge, Member
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
    truth = v.derived(outputs.blocks_of)[0]
    return truth is not None and bool((np.abs(truth) < np.finfo(np.float64).eps).any())


ZERO_TRUTH = Edge("zero_truth", "a true value of magnitude below 2**-52", _near_zero_truth)


def _pair(kind: type, function: str, **options: Any) -> tuple[Member, Member]:
    """``kind.score`` and ``kind.per_output`` against ``function``; ``options`` go to both
    but ``single_output_refused``, which concerns output weights (``score``'s alone)."""
    name = kind.__name__
    per_output = {k: v for k, v in options.items() if k != "single_output_refused"}
    return (
        outputs.member(f"{name}.score", kind.score, function, **options),  # type: ignore[attr-defined]
        outputs.member(
            f"{name}.per_output",
            kind.per_output,  # type: ignore[attr-defined]
            function,
            multioutput="raw_values",
            **per_output,
        ),
    )


MEMBERS = (
    *_pair(MeanSquaredError, "mean_squared_error"),
    *_pair(
        RootMeanSquaredError, "root_mean_squared_error", since="1.4", single_output_refused=False
    ),
    *_pair(MeanAbsoluteError, "mean_absolute_error"),
    outputs.member("MaxError.score", MaxError.score, "max_error"),
    *_pair(MeanAbsolutePercentageError, "mean_absolute_percentage_error", more_edges=(ZERO_TRUTH,)),
)
