"""The deviance members: ``TweedieDeviance``, ``PoissonDeviance``, ``GammaDeviance`` and
``D2Tweedie``, each ``score`` of one output.

The calls are the regression family's (:mod:`equivalence.draw.outputs`), one output, with a
``power`` drawn for the two members that take one (now and then one that names no
distribution, or is not a finite number); seven calls in eight are then moved into the
power's domain (the truth made non-negative, sometimes positive, the prediction
positive), the eighth left as drawn, so that every regime's refusal is reached.

Measured on scikit-learn 1.3.2 to 1.9.1: every version refuses a power in ``(0, 1)`` and
a power that is not finite, and takes a boolean as the number it stands for; below two
samples ``d2_tweedie_score`` warns and answers NaN before it looks at the domain; on a
truth that never varies it divides by a zero deviance, answering an infinity or NaN
before 1.6 and raising ``ZeroDivisionError`` from 1.6 on. ``xlogy`` (the Poisson's
``y·log(y/ŷ)``) is SciPy's, whose logarithm is the C library's.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import outputs, primitives
from equivalence.families.pinball.members import with_policy
from equivalence.model import (
    Call,
    Divergence,
    Edge,
    Member,
    Tolerance,
    VersionRange,
    VersionTolerance,
)
from equivalence.view import View
from lodestar.errors import UndefinedMetricError
from lodestar.metrics import (
    D2Tweedie,
    GammaDeviance,
    PoissonDeviance,
    TweedieDeviance,
    ZeroDivision as Zd,
)

__all__ = ["MEMBERS"]

#: Powers of every regime, the fixed ones most often.
POWERS = (0.0, 1.0, 2.0, 1.5, 3.0, -1.0, 1.0, 2.0, 0.0, -0.5, 1.2, 2.5, 4.0, -2.5, 1.0, 1.9)
#: Powers whose domain holds a zero truth.
ZERO_POWERS = (1.0, 1.5, 1.2, 1.9, 1.0, 1.01)
#: Powers refused (or, for a boolean, taken by scikit-learn as 1 or 0).
BAD_POWERS = (0.5, math.nan, math.inf, -math.inf, 1 - 2**-53, 5e-324, True, False)


#: Relative nudges of the ``close`` scenario: an exact prediction, then ever closer ones.
CLOSE = (0.0, 2.0**-20, -(2.0**-30), 1e-8, 0.5, 2.0**-45, -1e-12)


def _close(v: View) -> bool:
    blocks = v.derived(_values)
    if blocks is None or not blocks[0].size:
        return False
    truth, predicted = blocks
    gap = np.abs(predicted - truth)
    return bool(((gap > 0) & (gap <= 1e-6 * np.abs(truth))).any())


def _power_of(fixed: float | None) -> Any:
    """How a member reads a call's power: the one given (0 by default), or ``fixed``."""
    if fixed is not None:
        return lambda v: fixed
    return lambda v: 0.0 if v["power"] is None else v["power"]


def _adjust(fixed: float | None, d2: bool) -> Any:
    """A power, a ``zero_division`` policy for D², a truth that never varies in the
    ``constant_truth`` scenario, and seven calls in eight moved into the domain (every
    call of ``in_domain``, ``close``, ``scaled`` and ``zero_truth``, with a power that names a
    distribution; there a truth below power 0 keeps its sign half the time, elsewhere one
    time in eight). ``zero_truth`` takes a power of ``[1, 2)`` and sets one truth to 0;
    ``scaled`` multiplies both sides by a power of ten."""

    def adjust(draw: primitives.Draw, d: outputs.Draft) -> outputs.Draft:
        # switches that one output without output weights leaves unread
        code, fold, policy = d.raw[11], d.raw[7], d.raw[10]
        if d.scenario != "several_outputs":  # one output, the weights one a row
            d.truth, d.predicted = d.truth[:, :1].copy(), d.predicted[:, :1].copy()
        inside = d.scenario in ("in_domain", "close", "zero_truth", "scaled")
        if fixed is None:
            bad = code % 32 < len(BAD_POWERS) and not inside
            d.kwargs["power"] = BAD_POWERS[code % 32] if bad else POWERS[code % len(POWERS)]
            if d.scenario == "zero_truth":
                d.kwargs["power"] = ZERO_POWERS[code % len(ZERO_POWERS)]
            if d.scenario != "zero_truth" and not bad and code % 8 == 7:
                d.kwargs["power"] = 0.0  # the default, more often than POWERS gives it
            if d.kwargs["power"] == 0 and code % 2:  # the default, unsaid
                del d.kwargs["power"]
        if d2 and policy % 8 < 4:  # else the default, unsaid
            d.kwargs["zero_division"] = tuple(Zd)[policy % 4]
        alone = d.samples == 1 and fold % 2 == 0  # one sample: half left as drawn
        if (fold % 8 and not alone) or inside:  # the truth keeps its sign now and then
            negative = _finite(power := d.kwargs.get("power", 0.0)) and power < 0
            keep = fold % 8 == 7 if not inside else negative and fold % 2 == 1
            d.truth = d.truth if keep else np.abs(d.truth)
            d.predicted = np.abs(d.predicted)
            d.predicted[d.predicted == 0] = 0.5
            power = d.kwargs.get("power", 0.0) if fixed is None else fixed
            if fold % 8 in (2, 3, 5) or (inside and _finite(power) and power >= 2):
                d.truth[d.truth == 0] = 2.0
            if fold % 8 == 3 and not inside and d.samples:  # one zero prediction
                d.predicted[0, 0] = 0.0
        if d.scenario == "scaled":  # both sides by one power of ten (the gamma ignores it)
            factor = 10.0 ** (fold % 13 - 6)
            d.truth, d.predicted = d.truth * factor, d.predicted * factor
        if d.scenario == "zero_truth" and d.samples:
            d.truth[fold % d.samples, 0] = 0.0
        if d.scenario == "constant_truth" and d.samples:
            d.truth[:] = d.truth[0, 0]
        if d.scenario == "close":  # a prediction a relative nudge off the truth
            nudges = np.asarray(CLOSE)[(np.arange(d.samples) * 3 + fold) % len(CLOSE)]
            scale = np.where(d.truth == 0, 1.0, np.abs(d.truth))
            d.predicted = np.abs(d.truth) + scale * nudges[:, np.newaxis]
        return d

    return adjust


def _values(v: View) -> tuple[Any, Any] | None:
    """The blocks, flat, of a call whose blocks are finite numbers of one shape."""
    shape = v.derived(outputs.shape_of)
    truth, predicted = v.derived(outputs.blocks_of)
    if shape is None or truth is None or predicted is None:
        return None
    if not (np.isfinite(truth).all() and np.isfinite(predicted).all()):
        return None
    return np.ravel(truth), np.ravel(predicted)


def _finite(power: Any) -> bool:
    return not isinstance(power, (bool, np.bool_)) and math.isfinite(power)


def _outside(power: Any, truth: Any, predicted: Any) -> bool:
    """Some value outside the domain of a power that names a distribution."""
    if power == 0 or 0 < power < 1:
        return False
    bad_truth = power >= 1 and bool((truth <= 0 if power >= 2 else truth < 0).any())
    return bad_truth or bool((predicted <= 0).any())


def _samples(v: View) -> int:
    shape = v.derived(outputs.shape_of)
    return -1 if shape is None else shape[0]


def _constant(v: View) -> bool:
    blocks = v.derived(_values)
    return blocks is not None and blocks[0].size > 1 and bool((blocks[0] == blocks[0][0]).all())


class _Reading:
    """The predicates of one member, reading its calls' power its way."""

    def __init__(self, fixed: float | None) -> None:
        self.fixed, self.power = fixed, _power_of(fixed)

    def regime(self, test: Any) -> Any:
        def holds(v: View) -> bool:
            power, blocks = self.power(v), v.derived(_values)
            return _finite(power) and blocks is not None and bool(test(power, *blocks))

        return holds

    def single_outside(self, v: View) -> bool:
        return _samples(v) == 1 and self.regime(_outside)(v)

    def edges(self, d2: bool) -> tuple[Edge, ...]:
        at = self.regime
        found = [
            Edge("outside_domain", "a value outside the power's domain", at(_outside)),
            Edge("close", "a prediction within a relative 1e-6 of a truth", _close),
            Edge(
                "non_positive_prediction",
                "a prediction at or below zero where the power asks for a positive one",
                at(lambda p, t, y: p != 0 and (y <= 0).any()),
            ),
        ]
        if self.fixed in (None, 1.0):
            found.append(
                Edge(
                    "zero_truth",
                    "a zero truth in the domain (xlogy at y = 0)",
                    at(lambda p, t, y: 1 <= p < 2 and (t == 0).any() and (t >= 0).all()),
                )
            )
        if self.fixed in (None, 2.0):
            found.append(
                Edge(
                    "zero_truth_refused",
                    "a zero truth from power 2 on",
                    at(lambda p, t, y: p >= 2 and (t == 0).any()),
                )
            )
        if self.fixed is None:
            found += [
                Edge(
                    "power_between",
                    "a power in (0, 1)",
                    lambda v: _finite(v["power"]) and 0 < v["power"] < 1,
                ),
                Edge(
                    "power_non_finite",
                    "a power that is NaN or infinite",
                    lambda v: not isinstance(v["power"], bool) and not _finite(self.power(v)),
                ),
                Edge("power_zero", "power 0: the squared error", at(lambda p, t, y: p == 0)),
                Edge(
                    "negative_truth_stable",
                    "a negative truth at a power below 0",
                    at(lambda p, t, y: p < 0 and (t < 0).any() and (y > 0).all()),
                ),
                Edge("compound", "a power in (1, 2)", at(lambda p, t, y: 1 < p < 2)),
                Edge("beyond_gamma", "a power above 2", at(lambda p, t, y: p > 2)),
            ]
        if d2:
            found += [
                Edge("constant_truth", "a truth that never varies", _constant),
                Edge("single_sample", "one sample", lambda v: _samples(v) == 1),
                Edge(
                    "undefined_throw",
                    "one sample under ZeroDivision.THROW",
                    lambda v: _samples(v) == 1 and v["zero_division"] is Zd.THROW,
                ),
                Edge("single_sample_outside", "one sample outside the domain", self.single_outside),
            ]
        return tuple(found)


BOOLEAN_POWER = Divergence(
    "boolean_power",
    "narrowing",
    "A boolean power is refused as malformed (the C# power is a double); scikit-learn "
    "takes True as 1 and False as 0.",
    lambda v: isinstance(v["power"], (bool, np.bool_)),
)


def _zero_baseline(v: View) -> bool:
    """The reference finds the baseline deviance zero: it refuses as undefined."""
    if _samples(v) < 2:
        return False
    try:
        D2Tweedie.score(*v.args, **v.kwargs)
    except UndefinedMetricError:
        return True
    except Exception:
        return False
    return False


def _zero_truth_at_log_power(power: Any, truth: Any, predicted: Any) -> bool:
    """Every truth 0 at a power whose deviance takes ``log(y / ŷ)``-like terms at a mean of 0."""
    return 1 <= power < 2 and bool((truth == 0).all())


def _d2_divergences(reading: _Reading) -> tuple[Divergence, ...]:
    return (
        Divergence(
            "single_sample_outside_domain",
            "narrowing",
            "One sample outside the power's domain is refused, the domain being checked "
            "first; d2_tweedie_score answers NaN (warning) below two samples before it looks.",
            reading.single_outside,
        ),
        Divergence(
            "constant_truth",
            "narrowing",
            "A baseline deviance of exactly zero (a truth that never varies, or one whose "
            "deviance from its mean rounds to zero) is refused with UndefinedMetricError, as "
            "scikit-learn 1.6 on raises ZeroDivisionError; before 1.6 it divided, answering "
            "an infinity or NaN.",
            _zero_baseline,
            versions=VersionRange(until="1.6"),
        ),
        Divergence(
            "zero_truth_baseline",
            "narrowing",
            "A truth of zeros throughout at a power from 1 up to 2 is refused with "
            "UndefinedMetricError (its mean, the baseline's prediction, is 0); scikit-learn "
            "1.6 answered NaN there, and raises ZeroDivisionError from 1.7 on.",
            lambda v: _zero_baseline(v) and reading.regime(_zero_truth_at_log_power)(v),
            versions=VersionRange(until="1.7"),
        ),
        Divergence(
            "single_sample_weight_length",
            "narrowing",
            "One sample with weights of another length is refused; before 1.7 "
            "d2_tweedie_score counted the samples before it checked the weights, and "
            "answered NaN.",
            lambda v: _samples(v) == 1 and v.weight is not None and v.weight.size != 1,
            versions=VersionRange(until="1.7"),
        ),
        shared.all_zero_weight(until="1.9", answered="NaN below two samples"),
    )


#: The Poisson's ``xlogy`` is SciPy's, on the C library's ``log``.
XLOGY = Tolerance(
    ulps=0,
    by_version=(
        VersionTolerance(
            versions=VersionRange(),
            ulps=0,
            magnitude=True,
            operation="scipy.special.xlogy: the C library's log (power 1)",
            measured=(
                "0 ULP where NumPy's log is the C library's (no AVX-512); with AVX-512 a "
                "one-ULP log difference is amplified by the cancellation in "
                "y·log(y/ŷ) - y + ŷ without a fixed limit, so held to the exact result's bound"
            ),
        ),
    ),
    why="the same NumPy operations in the same order, but for the Poisson's logarithm",
)


def _member(kind: type, function: str, fixed: float | None = None) -> Member:
    name = f"{kind.__name__}.score"
    takes_power, d2 = fixed is None, kind is D2Tweedie
    adjust, reading = _adjust(fixed, d2), _Reading(fixed)
    declared = outputs.member(
        name,
        kind.score,  # type: ignore[attr-defined]
        function,
        scenarios=(
            "in_domain",
            "close",
            "scaled",
            *(("zero_truth",) if fixed != 2 else ()),
            *(("constant_truth",) if d2 else ()),
        ),
        extra=lambda s: outputs.calls(s, counted=False, adjust=adjust),
        more_edges=reading.edges(d2),
        divergences=(
            outputs.float32_targets(
                kind.score,  # type: ignore[attr-defined]
                "float32 targets are read exactly as doubles, as the C# double spans hold "
                "them, and the deviance taken in float64; scikit-learn before 1.6 kept a "
                "float32 truth in float32, so its powers and logarithms lost the low bits.",
            ),
            *((BOOLEAN_POWER,) if takes_power else ()),
            *(_d2_divergences(reading) if d2 else ()),
        ),
        adjust=adjust,
        passes=("power",) if takes_power else (),
        example=Call(
            ([0.5, 1.0, 3.0], [1.0, 2.0, 2.5]),
            {"sample_weight": [1.0, 2.0, 0.5], **({"power": 1.5} if takes_power else {})},
        ),
        tolerance=outputs.EXACT if fixed == 2 else XLOGY,
    )
    return with_policy(declared) if d2 else declared


MEMBERS = (
    _member(TweedieDeviance, "mean_tweedie_deviance"),
    _member(PoissonDeviance, "mean_poisson_deviance", 1.0),
    _member(GammaDeviance, "mean_gamma_deviance", 2.0),
    _member(D2Tweedie, "d2_tweedie_score"),
)
