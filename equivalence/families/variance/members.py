"""``R2`` and ``ExplainedVariance``: ``score``, ``per_output`` and ``variance_weighted``.

The calls are the regression family's (:mod:`equivalence.draw.outputs`) with ``force_finite``
drawn, and for ``R2`` a ``zero_division``, plus scenarios of their own: one sample, a
truth that does not vary, and per-output variances that cancel under negative weights.
``zero_division`` has no scikit-learn parameter: ``r2_score`` warns and answers NaN on
fewer than two samples, and the oracle answers the policy's value there instead (a
``THROW`` as an :class:`~lodestar.errors.UndefinedMetricError`).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import replace
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import outputs, primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View, as_floats
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import R2, ExplainedVariance, ZeroDivision

__all__ = ["MEMBERS"]

POLICY_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


def _oracle(function: str, multioutput: str | None) -> Any:
    """``function(y_true, y_pred, sample_weight=, multioutput=, force_finite=)``, the
    undefined case of fewer than two samples answered by ``zero_division``."""

    def oracle(v: View) -> Any:
        import sklearn.metrics
        from sklearn.exceptions import UndefinedMetricWarning

        kwargs: dict[str, Any] = {"force_finite": v["force_finite"]}
        if v.unweighted is not None:
            kwargs["sample_weight"] = v.unweighted
        if multioutput is not None:
            kwargs["multioutput"] = multioutput
        elif (weights := v["output_weights"]) is not None and np.size(weights) > 0:
            kwargs["multioutput"] = weights
        count = v["output_count"]
        blocks = outputs.asked(v["y_true"], count), outputs.asked(v["y_pred"], count)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            warnings.simplefilter("error", UndefinedMetricWarning)
            try:
                return getattr(sklearn.metrics, function)(*blocks, **kwargs)
            except UndefinedMetricWarning:
                if v["zero_division"] is ZeroDivision.THROW:
                    raise UndefinedMetricError("fewer than two samples") from None
                return POLICY_VALUE.get(v["zero_division"], math.nan)

    return oracle


def _shape(v: View) -> tuple[int, int]:
    return v.derived(outputs.shape_of) or (-1, 0)


def _truth(v: View) -> Any:
    """The truth as ``(samples, outputs)``, when the call is well shaped and finite."""
    shape, truth = _shape(v), as_floats(v["y_true"])
    if shape[0] < 1 or truth is None or not np.isfinite(truth).all():
        return None
    return truth.reshape(shape)


def _constant_columns(v: View) -> Any:
    """Per output, whether the truth takes one value over two samples or more."""
    truth = v.derived(_truth)
    if truth is None or truth.shape[0] < 2:
        return None
    return (truth == truth[0]).all(axis=0)


def _variances(v: View) -> Any:
    """The weighted sums of squares of the truth per output, by scikit-learn's steps."""
    truth, weight = v.derived(_truth), v.weight
    if truth is None or truth.shape[0] < 2 or (weight is not None and weight.sum() == 0):
        return None
    if weight is not None and weight.size != truth.shape[0]:
        return None
    centred = truth - np.average(truth, axis=0, weights=weight)
    return np.sum((1.0 if weight is None else weight[:, None]) * centred**2, axis=0)


def _undefined_value(v: View) -> Any:
    """``PerOutput`` on fewer than two samples: the policy's value once per output."""
    return np.full(_shape(v)[1], POLICY_VALUE.get(v["zero_division"], math.nan))


def _one_sample(v: View) -> bool:
    return _shape(v)[0] == 1


def _policy_is(*policies: ZeroDivision) -> Any:
    return lambda v: _one_sample(v) and v["zero_division"] in policies


_EDGES = (
    Edge("one_sample", "a single sample", _one_sample),
    Edge(
        "constant_truth",
        "an output whose truth does not vary over two samples or more",
        lambda v: (c := v.derived(_constant_columns)) is not None and bool(c.any()),
    ),
    Edge(
        "unforced_constant",
        "a truth that does not vary, with force_finite=False",
        lambda v: (
            (c := v.derived(_constant_columns)) is not None
            and bool(c.any())
            and v["force_finite"] is False
        ),
    ),
    Edge(
        "uniform_bias",
        "a prediction off by the same non-zero amount on every sample",
        lambda v: (
            (t := v.derived(_truth)) is not None
            and t.shape[0] >= 2
            and (d := np.asarray(as_floats(v["y_pred"])).reshape(t.shape) - t)[0, 0] != 0
            and bool((d == d[0]).all())
        ),
    ),
    Edge("undefined_throw", "one sample under THROW", _policy_is(ZeroDivision.THROW)),
    Edge(
        "undefined_value",
        "one sample under ZERO or ONE",
        _policy_is(ZeroDivision.ZERO, ZeroDivision.ONE),
    ),
    Edge(
        "nothing_varies",
        "several outputs, none of whose truth varies",
        lambda v: (c := v.derived(_constant_columns)) is not None and c.size > 1 and bool(c.all()),
    ),
    Edge(
        "variances_cancel",
        "per-output variances that sum to zero without all being zero",
        lambda v: (
            (s := v.derived(_variances)) is not None
            and bool((s != 0).any())
            and float(s.sum()) == 0.0
        ),
    ),
)
EDGES = {e.name: e for e in _EDGES}

CANCELLING = ([0.0, 0.0], [2.0, 0.0], [1.0, 1.0])


@primitives.composite
def _cancelling(draw: primitives.Draw, with_outputs: bool, with_policy: bool) -> Call:
    """Two outputs whose weighted sums of squares are 2s² and -2s² under weights 1, 1, -1
    (scaled), so that weighting by variance divides by zero."""
    raw = primitives.raw_bytes(draw, 18)
    scale, offset = (1.0, 0.5, 4.0)[raw[0] % 3], (0.0, 3.0, -8.0)[raw[1] % 3]
    truth = np.asarray(CANCELLING)[:, [raw[2] % 2, 1 - raw[2] % 2]] * scale + offset
    nudge = np.asarray(outputs.NUDGES)[
        np.frombuffer(raw[12:], dtype=np.uint8) % len(outputs.NUDGES)
    ]
    d = outputs.Draft(
        "variances_cancel", "grid", truth, truth + nudge.reshape(3, 2), bool(raw[3] % 2)
    )
    d.raw = raw[:12]
    d.kwargs["sample_weight"] = [w * (1.0, 2.0, 0.25)[raw[4] % 3] for w in (1.0, 1.0, -1.0)]
    return outputs.finish(draw, _flags(d, with_policy), output_weights=with_outputs)


def _flags(d: outputs.Draft, with_policy: bool) -> outputs.Draft:
    """``force_finite`` (and ``zero_division``) read off the draft's last switch, each left
    out one time in three (five) so that the defaults are exercised."""
    switch = d.raw[11]
    if switch % 3:
        d.kwargs["force_finite"] = switch % 3 == 1
    if with_policy and switch // 3 % 5:
        d.kwargs["zero_division"] = tuple(ZeroDivision)[switch // 3 % 5 - 1]
    return d


def _adjust(scenario: str, with_policy: bool) -> Any:
    """Moves a draft into ``scenario`` and draws the flags."""

    def adjust(draw: primitives.Draw, d: outputs.Draft) -> outputs.Draft:
        if scenario == "one_sample" and d.samples:
            d.truth, d.predicted = d.truth[:1], d.predicted[:1]
        if scenario == "constant_truth" and d.samples:
            # every column or the first, predicted exactly or not: switches left over
            switch = d.raw[11] // 15
            truth = np.resize(d.truth, (max(d.samples, 2), d.outputs))
            columns = slice(None) if switch % 2 else slice(0, 1)
            truth[:, columns] = truth[0, columns]
            exact = switch // 2 % 2
            d.truth = truth
            d.predicted = truth.copy() if exact else np.resize(d.predicted, truth.shape)
        return _flags(d, with_policy)

    return adjust


OWN = ("one_sample", "constant_truth")


def _with_count(call: Call) -> Call:
    """The call with ``output_count`` passed, 1 where the draw left it out."""
    if "output_count" in call.kwargs:
        return call
    return Call(call.args, {"output_count": 1, **call.kwargs})


def _declare(
    name: str,
    implementation: Any,
    function: str,
    multioutput: str | None,
    divergences: tuple[Divergence, ...],
    edges: tuple[str, ...],
) -> Member:
    with_policy = name.startswith("R2.")
    with_outputs = name.endswith(".score")
    scenarios = [*OWN, *(["variances_cancel"] if multioutput == "variance_weighted" else [])]

    def extra(scenario: str) -> st.SearchStrategy[Call]:
        if scenario == "variances_cancel":
            return _cancelling(with_outputs, with_policy)
        return outputs.calls(
            scenario, output_weights=with_outputs, adjust=_adjust(scenario, with_policy)
        )

    declared = outputs.member(
        name,
        implementation,
        function,
        multioutput=multioutput,
        scenarios=scenarios,
        extra=extra,
        more_edges=tuple(EDGES[e] for e in edges),
        divergences=divergences,
        adjust=_adjust("", with_policy),
    )
    kept = tuple(d for d in declared.divergences if d.name != "single_output_weights")
    single = [d for d in declared.divergences if d.name == "single_output_weights"]
    kept += tuple(
        replace(d, expected=outputs._single_output_value(function, oracle=_oracle)) for d in single
    )
    call = f"{function}(y_true, y_pred, sample_weight=sample_weight, multioutput="
    call += f"{multioutput!r}" if multioutput else "output_weights"
    call += ", force_finite=force_finite)"
    if with_policy:
        call += "; on fewer than two samples, zero_division's value where it warns"
    scenarios_drawn = dict(declared.scenarios)
    if multioutput == "variance_weighted":  # output_count has no default there
        scenarios_drawn = {key: s.map(_with_count) for key, s in scenarios_drawn.items()}
    return replace(
        declared,
        scenarios=scenarios_drawn,
        oracle=_oracle(function, multioutput),
        oracle_call=call,
        divergences=kept,
        refusals=(ArgumentError, UndefinedMetricError) if with_policy else (ArgumentError,),
        roles={**declared.roles, "force_finite": "flag"},
    )


_ONE_SAMPLE_ZERO_WEIGHT = shared.all_zero_weight(until="1.9", answered="NaN on one sample")
_ONE_SAMPLE_ZERO_WEIGHT = replace(
    _ONE_SAMPLE_ZERO_WEIGHT, applies=lambda v: v.all_zero_weight and _one_sample(v)
)
_PER_OUTPUT_UNDEFINED = Divergence(
    "per_output_undefined",
    "value",
    "On fewer than two samples R2.per_output answers zero_division's value once per output "
    "(NaN by default); r2_score answers one scalar NaN before it reads multioutput.",
    _one_sample,
    expected=_undefined_value,
)
_UNDEFINED_BEFORE_OUTPUT_WEIGHTS = outputs.zero_sum_output_weights_one_sample(
    "Output weights summing to zero are refused up front; on fewer than two samples "
    "r2_score answers NaN before it would divide by them.",
    _one_sample,
)
_EV_EDGES: tuple[str, ...] = ("one_sample", "constant_truth", "unforced_constant", "uniform_bias")
_R2_EDGES = (*_EV_EDGES, "undefined_throw", "undefined_value")
_WEIGHTED_EDGES = ("nothing_varies", "variances_cancel")

MEMBERS = (
    _declare(
        "R2.score",
        R2.score,
        "r2_score",
        None,
        (_ONE_SAMPLE_ZERO_WEIGHT, _UNDEFINED_BEFORE_OUTPUT_WEIGHTS),
        _R2_EDGES,
    ),
    _declare(
        "R2.per_output",
        R2.per_output,
        "r2_score",
        "raw_values",
        (_ONE_SAMPLE_ZERO_WEIGHT, _PER_OUTPUT_UNDEFINED),
        _R2_EDGES,
    ),
    _declare(
        "R2.variance_weighted",
        R2.variance_weighted,
        "r2_score",
        "variance_weighted",
        (_ONE_SAMPLE_ZERO_WEIGHT,),
        _R2_EDGES + _WEIGHTED_EDGES,
    ),
    _declare(
        "ExplainedVariance.score",
        ExplainedVariance.score,
        "explained_variance_score",
        None,
        (),
        _EV_EDGES,
    ),
    _declare(
        "ExplainedVariance.per_output",
        ExplainedVariance.per_output,
        "explained_variance_score",
        "raw_values",
        (),
        _EV_EDGES,
    ),
    _declare(
        "ExplainedVariance.variance_weighted",
        ExplainedVariance.variance_weighted,
        "explained_variance_score",
        "variance_weighted",
        (),
        _EV_EDGES + _WEIGHTED_EDGES,
    ),
)
