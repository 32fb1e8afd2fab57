"""``MedianAbsoluteError.score`` and ``.per_output``.

The calls are the regression family's (:mod:`equivalence.draw.outputs`), plus two scenarios of
the weighted median's own: uniform fractional weights (``[0.7] * n``, where the running
sum lands a few units in the last place off the half and scikit-learn's epsilon decides
between one order statistic and two), and whole weights with zeros, where the cumulative
weight lands exactly on the half next to a value of zero weight. scikit-learn takes the
*averaged* weighted median from 1.8 on; before, the lower one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import outputs, primitives
from equivalence.model import Call, Divergence, Edge, VersionRange
from equivalence.view import View, as_floats
from lodestar.metrics import MedianAbsoluteError

__all__ = ["MEMBERS"]


def _weighted_columns(v: View) -> Any:
    """The absolute residuals as ``(samples, outputs)`` and the weights, for a finite,
    well-shaped weighted call; else ``None``."""
    shape, weight = v.derived(outputs.shape_of), v.weight
    truth, predicted = (as_floats(v[name]) for name in ("y_true", "y_pred"))
    if shape is None or weight is None or weight.size != shape[0] or truth is None:
        return None
    if predicted is None or not (np.isfinite(truth).all() and np.isfinite(predicted).all()):
        return None
    return np.abs(truth - predicted).reshape(shape), weight


def _lands_on_half(v: View) -> bool:
    """Whole weights whose cumulative sum, in residual order, meets half the total."""
    found = v.derived(_weighted_columns)
    if found is None or (found[1] != np.floor(found[1])).any() or (found[1] < 0).any():
        return False
    residual, weight = found
    cumulative = np.cumsum(weight[np.argsort(residual[:, 0], kind="stable")])
    return bool(cumulative[-1] > 0 and (cumulative[:-1] == cumulative[-1] / 2).any())


EDGES = (
    Edge(
        "even_count",
        "an even number of samples, unweighted: two middle values",
        lambda v: v.weight is None and (v.derived(outputs.shape_of) or (1, 0))[0] % 2 == 0,
    ),
    Edge("half_reached", "whole weights reaching exactly half the total", _lands_on_half),
    Edge(
        "uniform_fraction",
        "every weight the same fraction",
        lambda v: (
            (w := v.weight) is not None
            and w.size > 1
            and bool((w == w[0]).all())
            and w[0] != np.floor(w[0])
        ),
    ),
    Edge(
        "zero_weight",
        "a zero weight among others",
        lambda v: (w := v.weight) is not None and bool((w == 0).any() and w.any()),
    ),
)


def _adjust(scenario: str) -> Any:
    def adjust(draw: primitives.Draw, d: outputs.Draft) -> outputs.Draft:
        samples = max(d.samples, 1)
        if scenario == "uniform_fraction":
            d.kwargs["sample_weight"] = [(0.7, 0.1, 0.3, 1 / 3)[d.raw[11] % 4]] * samples
        if scenario == "half_reached":
            picks = np.frombuffer(primitives.raw_bytes(draw, samples), dtype=np.uint8)
            d.kwargs["sample_weight"] = [float(x) for x in picks % 3]
            if not any(d.kwargs["sample_weight"]):
                d.kwargs["sample_weight"][0] = 2.0
        return d

    return adjust


def _weighted(v: View) -> bool:
    return v.weight is not None


DIVERGENCES = (
    shared.all_zero_weight(until="1.9", answered="a weighted percentile of zero weights"),
    Divergence(
        "weighted_median_lower",
        "value",
        "With sample weights, the median is the averaged inverted CDF, as scikit-learn "
        "takes it from 1.8 on: the mean of two order statistics where the cumulative weight "
        "lands on the half within one machine epsilon. Before 1.8 scikit-learn took the "
        "lower of the two.",
        _weighted,
        versions=VersionRange(until="1.8"),
    ),
    Divergence(
        "zero_weight_last",
        "value",
        "Where the value after the half has zero weight and the next value of non-zero "
        "weight is the last of all, the two are averaged, as scikit-learn 1.9 does; 1.8 "
        "took the first value alone there.",
        lambda v: v.weight is not None and bool(np.any(v.weight == 0)),
        versions=VersionRange(since="1.8", until="1.9"),
    ),
)


#: Before 1.8 the one value scikit-learn is asked for is the lower median, not lodestar's.
_SINGLE_OUTPUT_LOWER = Divergence(
    "single_output_weights_lower",
    "widening",
    "Output weights for a single output are accepted (see single_output_weights); before "
    "1.8 the weighted value they weight is not scikit-learn's lower median but the averaged "
    "one (see weighted_median_lower).",
    lambda v: _weighted(v) and outputs.EDGES["single_output_weights"].holds(v),
    versions=VersionRange(until="1.8"),
)


def _declare(name: str, multioutput: str | None) -> Any:
    implementation = getattr(MedianAbsoluteError, name.split(".")[1])
    own = ("uniform_fraction", "half_reached")
    with_outputs = multioutput is None

    def extra(scenario: str) -> st.SearchStrategy[Call]:
        return outputs.calls(scenario, output_weights=with_outputs, adjust=_adjust(scenario))

    return outputs.member(
        name,
        implementation,
        "median_absolute_error",
        multioutput=multioutput,
        scenarios=own,
        extra=extra,
        more_edges=EDGES,
        divergences=(*DIVERGENCES, *((_SINGLE_OUTPUT_LOWER,) if with_outputs else ())),
    )


MEMBERS = (
    _declare("MedianAbsoluteError.score", None),
    _declare("MedianAbsoluteError.per_output", "raw_values"),
)
