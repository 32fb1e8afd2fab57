"""The exact reliability curve. The bin edges are the contract's own doubles
(``np.linspace``, or ``np.percentile`` of the probabilities) and a probability's bin is
a comparison with them, which rounds nothing; each fraction of positives is one quotient
of whole counts, and each mean a :func:`~equivalence.arith.total` of the bin's
probabilities over its count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import exact, total
from lodestar.metrics import BinStrategy, CalibrationCurve

__all__ = ["EVALUATORS"]


def calibration(
    y_true: Any,
    y_prob: Any,
    pos_label: int = 1,
    n_bins: int = 5,
    strategy: BinStrategy | str = BinStrategy.UNIFORM,
) -> list[list[Any]]:
    # lodestar's own checks refuse what the contract refuses
    CalibrationCurve.compute(y_true, y_prob, pos_label, n_bins, strategy)
    prob = np.asarray(y_prob, dtype=np.float64)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    if strategy in (BinStrategy.QUANTILE, "quantile"):
        edges = np.percentile(prob, edges * 100)
    ids = np.searchsorted(edges[1:-1], prob).tolist()
    hits = [int(label) == int(pos_label) for label in np.asarray(y_true).tolist()]
    fractions, means = [], []
    for at in sorted(set(ids)):
        members = [i for i, bin_id in enumerate(ids) if bin_id == at]
        count = exact(len(members))
        fractions.append(exact(sum(hits[i] for i in members)) / count)
        means.append(total(exact(prob[i]) for i in members) / count)
    return [fractions, means]


EVALUATORS: dict[str, Callable[..., Any]] = {"CalibrationCurve.compute": calibration}
