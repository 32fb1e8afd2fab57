"""``MeanSquaredLogError`` and ``RootMeanSquaredLogError``: ``score`` and ``per_output``.

The calls are the regression family's (:mod:`equivalence.draw.outputs`), their values folded
into ``[0, ∞)`` two times in three so that most calls lie in the domain, plus two scenarios
of their own: values near zero (where ``log(1 + y)`` would lose the low bits of ``y``) and
values near the largest double. scikit-learn refuses targets at or below -1 from 1.6 on,
and every negative target before.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence.draw import outputs, primitives
from equivalence.model import Call, Divergence, Edge, VersionRange
from equivalence.view import View
from lodestar.metrics import MeanSquaredLogError, RootMeanSquaredLogError

__all__ = ["MEMBERS"]

#: The values of the ``near_zero`` and ``huge`` scenarios.
NEAR_ZERO = (0.0, 1e-9, 2e-9, 3e-12, -1e-10, 5e-17)
HUGE = (1e306, 3e307, 1.7e308, 1.0, 0.0)


def _values(v: View) -> Any:
    truth, predicted = v.derived(outputs.blocks_of)
    if truth is None or predicted is None:
        return None
    found = np.concatenate([np.ravel(truth), np.ravel(predicted)])
    return found if np.isfinite(found).all() else None


def _some(test: Any) -> Any:
    return lambda v: (x := v.derived(_values)) is not None and x.size > 0 and bool(test(x).any())


def _negative_in_domain(v: View) -> bool:
    found = v.derived(_values)
    return found is not None and bool((found < 0).any()) and not bool((found <= -1).any())


EDGES = (
    Edge("at_or_below_minus_one", "a target at or below -1", _some(lambda x: x <= -1)),
    Edge("negative_in_domain", "a negative target above -1", _negative_in_domain),
    Edge("near_zero", "a target within 1e-8 of zero", _some(lambda x: (x != 0) & (abs(x) < 1e-8))),
    Edge("huge", "a target past 1e300", _some(lambda x: x > 1e300)),
)


def _adjust(scenario: str) -> Any:
    table = {"near_zero": NEAR_ZERO, "huge": HUGE}.get(scenario)

    def adjust(draw: primitives.Draw, d: outputs.Draft) -> outputs.Draft:
        if table is not None:
            codes = np.frombuffer(primitives.raw_bytes(draw, 2 * d.truth.size), dtype=np.uint8)
            picked = np.asarray(table)[codes % len(table)].reshape(2, *d.truth.shape)
            d.truth, d.predicted = picked[0], picked[1]
        elif d.raw[11] % 3:
            d.truth, d.predicted = np.abs(d.truth), np.abs(d.predicted)
        return d

    return adjust


def _negative_value(function: str, reduced: bool) -> Any:
    """What lodestar answers where scikit-learn before 1.6 refused a negative target:
    ``function`` (the mean squared error or its root) of the ``log1p`` of the blocks, per
    output, then averaged as ``numpy.average`` averages with the output weights."""

    def expected(v: View) -> Any:
        import sklearn.metrics

        count = v["output_count"]
        # float32 targets are read as doubles first, as lodestar reads them
        blocks = [
            np.log1p(np.asarray(outputs.asked(v[name], count), dtype=np.float64))
            for name in ("y_true", "y_pred")
        ]
        raw = getattr(sklearn.metrics, function)(
            *blocks, sample_weight=v.unweighted, multioutput="raw_values"
        )
        if not reduced:
            return raw
        weights = v["output_weights"]
        return float(np.average(raw, weights=weights if np.size(weights) else None))

    return expected


def _declare(type_name: str, method: str, function: str, since: str) -> Any:
    reduced = method == "score"
    implementation = getattr(
        {"MeanSquaredLogError": MeanSquaredLogError}.get(type_name, RootMeanSquaredLogError), method
    )
    inner = "mean_squared_error" if type_name.startswith("Mean") else "root_mean_squared_error"

    def extra(scenario: str) -> st.SearchStrategy[Call]:
        return outputs.calls(scenario, output_weights=reduced, adjust=_adjust(scenario))

    return outputs.member(
        f"{type_name}.{method}",
        implementation,
        function,
        since=since,
        multioutput=None if reduced else "raw_values",
        scenarios=("near_zero", "huge"),
        extra=extra,
        more_edges=EDGES,
        adjust=_adjust(""),
        example=Call(
            ([0.5, 1.0, 1.0, 2.0, 7.0, 6.0], [0.0, 2.0, 1.0, 2.0, 8.0, 5.0]),
            {"output_count": 2, "sample_weight": [1.0, 2.0, 0.5]}
            | ({"output_weights": [1.0, 3.0]} if reduced else {}),
        ),
        divergences=(
            Divergence(
                "negative_targets",
                "widening",
                "A negative target above -1 is scored, as scikit-learn scores it from 1.6 "
                "on; before 1.6 it refused every negative target.",
                _negative_in_domain,
                expected=_negative_value(inner, reduced),
                versions=VersionRange(until="1.6"),
            ),
            outputs.float32_targets(
                implementation,
                "float32 targets are read exactly as doubles, as the C# double spans hold "
                "them, and their log1p taken in float64; scikit-learn before 1.6 took it in "
                "float32.",
            ),
        ),
    )


MEMBERS = tuple(
    _declare(type_name, method, function, since)
    for type_name, function, since in (
        ("MeanSquaredLogError", "mean_squared_log_error", "1.3"),
        ("RootMeanSquaredLogError", "root_mean_squared_log_error", "1.4"),
    )
    for method in ("score", "per_output")
)
