"""The quantile members: ``PinballLoss``, ``D2Pinball`` and ``D2AbsoluteError``, each
``score`` and ``per_output``. The target blocks, oracle and shared declarations are
:mod:`equivalence.draw.outputs`'s; this module adds the quantile ``alpha``, the
``zero_division`` policy and what moved across scikit-learn versions.

Measured on 1.3.2 to 1.9.1: ``d2_pinball_score`` took its baseline with
``numpy.percentile`` (linear interpolation) when unweighted and with the inverted CDF
(no averaging) when weighted until 1.9, which takes the averaged inverted CDF in both
cases. Where the two constants differ, the scores differ (the pinball loss is flat
between the two order statistics only where the averaged CDF lands exactly on the
target). Below two samples ``d2_pinball_score`` warns and returns one NaN, also for
``raw_values``.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import replace
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import outputs, primitives
from equivalence.model import Divergence, Edge, Member, VersionRange
from equivalence.versions import sklearn_since
from equivalence.view import View
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import D2AbsoluteError, D2Pinball, PinballLoss, ZeroDivision

__all__ = ["MEMBERS"]

EPS = float(np.finfo(np.float64).eps)
#: Quantiles: the ends, the middle (where a baseline averages two order statistics most
#: often), and some whose ``100·alpha / 100`` is not ``alpha``.
ALPHAS = (0.5, 0.0, 1.0, 0.25, 0.5, 0.1, 0.75, 0.07, 0.5, 0.3, 0.99, 1 / 3, 0.58, 0.25, 0.9, 0.2)
#: Quantiles refused on both sides (NaN, which a check written ``alpha < 0 or alpha > 1``
#: lets through, twice as often).
BAD_ALPHAS = (math.nan, -0.1, 1.1, math.nan, math.inf, -math.inf, -5e-324, 1.0000000000000002)
_POLICY_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}


def _adjust(alpha: bool, policy: bool, output_weights: bool) -> Any:
    """What each draft gets: a quantile (now and then one outside ``[0, 1]``); for
    the D² members a ``zero_division`` policy, and for ``constant_column`` a truth that
    never varies in one column (predicted exactly, or not)."""

    def adjust(draw: primitives.Draw, d: outputs.Draft) -> outputs.Draft:
        code, spoil, where = d.raw[11], d.raw[8], d.raw[9]  # switches finish leaves alone
        if alpha:  # one call in eight or so asks for a quantile outside [0, 1]
            bad = code % 64 < len(BAD_ALPHAS)
            d.kwargs["alpha"] = BAD_ALPHAS[code % 64] if bad else ALPHAS[code % len(ALPHAS)]
        if policy:
            d.kwargs["zero_division"] = tuple(ZeroDivision)[code // 64]
        if d.scenario == "constant_column" and d.samples:
            column = where % d.outputs
            d.truth[:, column] = d.truth[0, column]
            if spoil % 2:
                d.predicted[:, column] = d.truth[:, column]
        if output_weights and d.samples < 2 and d.scenario != "bad_shape":
            # scikit-learn refuses one output's weights before it looks at the samples
            d.kwargs.setdefault("output_weights", None)
        return d

    return adjust


def _alpha(v: View) -> Any:
    alpha = v["alpha"]
    return 0.5 if alpha is None else alpha


# -- reading a call ----------------------------------------------------------------------


def _blocks(v: View) -> tuple[Any, Any, Any] | None:
    """The truth and prediction as ``(samples, outputs)`` and the weights, on a call
    lodestar answers; else ``None``."""
    shape = v.derived(outputs.shape_of)
    if shape is None or shape[0] == 0 or v.non_finite_weight or v.wrong_weight_length:
        return None
    truth, predicted = (outputs.asked(b, shape[1]) for b in v.derived(outputs.blocks_of))
    if not (np.isfinite(truth).all() and np.isfinite(predicted).all()):
        return None
    return truth, predicted, v.weight


def _quantile(column: Any, weight: Any, alpha: float, average: bool) -> float:
    """The weighted quantile as scikit-learn's ``_weighted_percentile`` takes it: the
    inverted CDF, or (``average``) the averaged inverted CDF of 1.9."""
    order = np.argsort(column)
    cdf = np.cumsum(weight[order])
    target = (alpha * 100 / 100) * cdf[-1]
    target = np.nextafter(target, target + 1) if target == 0 else target
    last = len(column) - 1
    at = min(int(np.searchsorted(cdf, target)), last)
    if not average or cdf[at] - target > EPS:
        return float(column[order[at]])
    after = min(at + 1, last)
    if weight[order[after]] == 0:
        following = int(np.searchsorted(cdf, cdf[at], side="right"))
        after = at if following > last else following
    return float((column[order[at]] + column[order[after]]) / 2)


def _constants(v: View, average: bool) -> list[float] | None:
    """Each column's baseline constant, as 1.9 (``average``) or as the versions before
    it took it (``numpy.percentile`` unweighted, the inverted CDF weighted)."""
    parts, alpha = v.derived(_blocks), _alpha(v)
    if parts is None or parts[0].shape[0] < 2 or not 0 <= alpha <= 1:
        return None
    truth, _, weight = parts
    if weight is None and not average:
        return [float(x) for x in np.percentile(truth, alpha * 100, axis=0)]
    if not average:
        return _inverted_cdf(truth, weight, alpha)
    weight = np.ones(truth.shape[0]) if weight is None else weight
    return [_quantile(column, weight, alpha, average) for column in truth.T]


def _inverted_cdf(truth: Any, weight: Any, alpha: float) -> list[float]:
    """Each column's weighted quantile as ``_weighted_percentile`` took it before 1.9,
    step for step: one unstable sort of the whole block along its samples, then a
    search of each column's running total. With weights of both signs the total is not
    monotone, and which of two tied values sorts first moves the search, so only the
    same operations on the same block land where scikit-learn's did. The sort is
    NumPy's default (unstable: its tie order is NumPy's and the CPU's), except on 1.7,
    whose array-API ``argsort`` is stable by default."""
    block = np.ascontiguousarray(truth, dtype=np.float64)
    weights = np.tile(np.asarray(weight, dtype=np.float64), (block.shape[1], 1)).T
    stable = sklearn_since("1.7") and not sklearn_since("1.8")
    order = np.argsort(block, axis=0, kind="stable" if stable else None)
    cdf = np.cumsum(np.take_along_axis(weights, order, axis=0).T, axis=1)
    targets = (alpha * 100) / 100 * cdf[..., -1]
    zero = targets == 0
    targets[zero] = np.nextafter(targets[zero], targets[zero] + 1)
    found = np.stack([np.searchsorted(cdf[j], targets[j]) for j in range(cdf.shape[0])])
    found = np.clip(found, 0, block.shape[0] - 1)
    columns = np.arange(block.shape[1])
    return [float(x) for x in block[order[found, columns], columns]]


def _loss_zero(which: int, zero: bool) -> Any:
    """Some column whose model loss (``which`` 0) or baseline loss (1) is zero (or not)."""

    def holds(v: View) -> bool:
        parts, constants = v.derived(_blocks), v.derived(_new_constants)
        if constants is None:
            return False
        truth, predicted, _ = parts  # type: ignore[misc]
        against = (predicted, np.asarray(constants))[which]
        return bool(((np.abs(truth - against).sum(axis=0) == 0) == zero).any())

    return holds


def _new_constants(v: View) -> list[float] | None:
    return _constants(v, average=True)


def _old_constants_differ(v: View) -> bool:
    new = v.derived(_new_constants)
    return new is not None and new != _constants(v, average=False)


def _averaged(v: View) -> bool:
    parts, alpha = v.derived(_blocks), _alpha(v)
    new = v.derived(_new_constants)
    if new is None or parts is None:
        return False
    weight = np.ones(parts[0].shape[0]) if parts[2] is None else parts[2]
    return new != [_quantile(c, weight, alpha, False) for c in parts[0].T]


def _single_sample(v: View) -> bool:
    return v.derived(_blocks) is not None and v.derived(outputs.shape_of)[0] == 1  # type: ignore[index]


def _policy_oracle(base: Any) -> Any:
    """scikit-learn's answer, its warning below two samples read as ``zero_division``
    says: its value, or (``THROW``) a refusal."""

    def oracle(v: View) -> Any:
        from sklearn.exceptions import UndefinedMetricWarning

        with warnings.catch_warnings():
            warnings.simplefilter("error", UndefinedMetricWarning)
            try:
                return base(v)
            except UndefinedMetricWarning:
                if v["zero_division"] is ZeroDivision.THROW:
                    raise UndefinedMetricError("fewer than two samples") from None
                return _POLICY_VALUE.get(v["zero_division"], math.nan)

    return oracle


_ALPHA_EDGES = (
    Edge("alpha_zero", "alpha = 0", lambda v: v["alpha"] == 0),
    Edge("alpha_one", "alpha = 1", lambda v: v["alpha"] == 1),
    Edge("alpha_outside", "alpha outside [0, 1], NaN included", lambda v: not 0 <= v["alpha"] <= 1),
)
_D2_EDGES = (
    Edge("single_sample", "one sample", _single_sample),
    Edge(
        "undefined_throw",
        "one sample under ZeroDivision.THROW",
        lambda v: _single_sample(v) and v["zero_division"] is ZeroDivision.THROW,
    ),
    Edge("perfect", "a column predicted exactly", _loss_zero(0, True)),
    Edge("constant_column", "a column whose baseline loss is 0", _loss_zero(1, True)),
    Edge("averaged_quantile", "a baseline averaging two order statistics", _averaged),
    Edge(
        "old_quantile_differs",
        "a baseline the versions before 1.9 took otherwise",
        _old_constants_differ,
    ),
)
_OLD_QUANTILE = Divergence(
    "quantile_method",
    "value",
    "The baseline is the weighted quantile by the averaged inverted CDF, as scikit-learn "
    "1.9 takes it; before 1.9 d2_pinball_score took numpy.percentile's linear "
    "interpolation when unweighted and the inverted CDF (the lower order statistic) when "
    "weighted, and scores with another constant differ.",
    _old_constants_differ,
    versions=VersionRange(until="1.9"),
)


_OLD_QUANTILE_ONE_OUTPUT = Divergence(
    "quantile_method_one_output",
    "widening",
    "Output weights for a single output are accepted (see single_output_weights); before "
    "1.9 the value they weight is scikit-learn's with the baseline of quantile_method.",
    lambda v: outputs.EDGES["single_output_weights"].holds(v) and _old_constants_differ(v),
    versions=VersionRange(until="1.9"),
)
_ALL_ZERO_WEIGHT = shared.all_zero_weight(until="1.9", answered="NaN below two samples")


def _one_nan_per_output(v: View) -> Any:
    return np.full(v.derived(outputs.shape_of)[1], _POLICY_VALUE.get(v["zero_division"], math.nan))  # type: ignore[index]


_SINGLE_SAMPLE_ARRAY = Divergence(
    "single_sample_per_output",
    "value",
    "Below two samples per_output answers one value per output (NaN by default); "
    "d2_pinball_score answers a single NaN even for raw_values.",
    _single_sample,
    expected=_one_nan_per_output,
)


_ZERO_SUM_OUTPUT_WEIGHTS_ONE_SAMPLE = outputs.zero_sum_output_weights_one_sample(
    "Output weights summing to zero are refused up front, as everywhere; on fewer than "
    "two samples d2_pinball_score answers NaN before it reads multioutput.",
    _single_sample,
)


def _member(name: str, implementation: Any, function: str, d2: bool) -> Member:
    per_output = name.endswith("per_output")
    takes_alpha = "D2AbsoluteError" not in name
    adjust = _adjust(takes_alpha, d2, not per_output)
    scenarios = ["constant_column"] if d2 else []
    declared = outputs.member(
        name,
        implementation,
        function,
        multioutput="raw_values" if per_output else None,
        scenarios=scenarios,
        extra=lambda s: outputs.calls(s, output_weights=not per_output, adjust=adjust),
        more_edges=(*(_ALPHA_EDGES if takes_alpha else ()), *(_D2_EDGES if d2 else ())),
        divergences=(
            (_OLD_QUANTILE, _ALL_ZERO_WEIGHT)
            + (
                (_SINGLE_SAMPLE_ARRAY,)
                if per_output
                else (_OLD_QUANTILE_ONE_OUTPUT, _ZERO_SUM_OUTPUT_WEIGHTS_ONE_SAMPLE)
            )
            if d2
            else ()
        ),
        adjust=adjust,
        passes=("alpha",) if takes_alpha else (),
    )
    return with_policy(declared) if d2 else declared


def with_policy(declared: Member) -> Member:
    """``declared`` asking scikit-learn through :func:`_policy_oracle`, and refusing with
    ``UndefinedMetricError`` too."""
    return replace(
        declared,
        oracle=_policy_oracle(declared.oracle),
        refusals=(ArgumentError, UndefinedMetricError),
    )


MEMBERS = (
    _member("PinballLoss.score", PinballLoss.score, "mean_pinball_loss", False),
    _member("PinballLoss.per_output", PinballLoss.per_output, "mean_pinball_loss", False),
    _member("D2AbsoluteError.score", D2AbsoluteError.score, "d2_absolute_error_score", True),
    _member(
        "D2AbsoluteError.per_output", D2AbsoluteError.per_output, "d2_absolute_error_score", True
    ),
    _member("D2Pinball.score", D2Pinball.score, "d2_pinball_score", True),
    _member("D2Pinball.per_output", D2Pinball.per_output, "d2_pinball_score", True),
)
