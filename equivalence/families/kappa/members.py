"""``CohenKappa.score`` and ``CohenKappa.score[cm]`` (the overload that reads a matrix).

The calls are the confusion family's (:mod:`equivalence.draw.labels`), labels and
weights included, with a weighting and a zero-division policy added, and three scenarios
of their own: a matrix holding no weight, one whose expected disagreement vanishes, and a
weighting that is none of the three. ``replace_undefined_by`` appears in scikit-learn 1.9;
before it, the default policy (NaN) is asked of ``cohen_kappa_score`` and the others are
answered from ``confusion_matrix`` by 1.9's own steps.
"""

from __future__ import annotations

import inspect
import math
import warnings
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import labels as draw_labels, primitives
from equivalence.model import Call, Divergence, Edge, Member, VersionRange
from equivalence.view import View
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import CohenKappa, ConfusionMatrix, KappaWeighting, ZeroDivision

__all__ = ["KAPPA", "KAPPA_OF_MATRIX", "MEMBERS"]


def kappa_of_matrix(
    y_true: Any,
    y_pred: Any,
    weighting: Any = KappaWeighting.NONE,
    zero_division: Any = ZeroDivision.NAN,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """``CohenKappa.score(cm=ConfusionMatrix.compute(...), weighting, zero_division)``."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return CohenKappa.score(cm=cm, weighting=weighting, zero_division=zero_division)


def _weights(v: View) -> Any:
    """``weighting`` as scikit-learn's ``weights``: a member's value, else as given."""
    given = v["weighting"]
    return given.value if isinstance(given, KappaWeighting) else given


WEIGHTS = (None, "linear", "quadratic")


def _kappa_steps(cells: Any, weights: Any) -> tuple[float, float, float]:
    """The total, the weighted observed and expected disagreement, by 1.9's steps."""
    gap = np.subtract.outer(np.arange(len(cells)), np.arange(len(cells))).astype(float)
    costs = {None: (gap != 0) * 1.0, "linear": np.abs(gap), "quadratic": gap**2}[weights]
    cells = np.asarray(cells, dtype=np.float64)
    total = cells.sum(axis=0).sum()
    expected = np.outer(cells.sum(axis=0), cells.sum(axis=1)) / (total or 1.0)
    return float(total), float(np.sum(costs * cells)), float(np.sum(costs * expected))


def _state(v: View) -> str | None:
    """``no_weight`` (a zero total), ``no_chance`` (1 - p_e = 0) or ``defined``."""
    cells, weights = v.derived(draw_labels.cells_of), _weights(v)
    if cells is None or weights not in WEIGHTS:
        return None
    total, _, chance = _kappa_steps(cells, weights)
    return "no_weight" if total == 0 else "no_chance" if chance == 0 else "defined"


def _oracle(v: View) -> float:
    """``cohen_kappa_score(y_true, y_pred, labels=, weights=, sample_weight=,
    replace_undefined_by=)``; ``THROW`` as NaN with its warning raised as an error."""
    from sklearn.exceptions import UndefinedMetricWarning
    from sklearn.metrics import cohen_kappa_score, confusion_matrix

    policy = v["zero_division"]
    value = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, math.nan)
    kwargs = {
        "labels": draw_labels.given_labels(v),
        "weights": _weights(v),
        "sample_weight": v.unweighted,
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if "replace_undefined_by" in inspect.signature(cohen_kappa_score).parameters:
            if policy is ZeroDivision.THROW:
                warnings.simplefilter("error", UndefinedMetricWarning)
            return float(cohen_kappa_score(*v.args[:2], **kwargs, replace_undefined_by=value))
        if policy is ZeroDivision.NAN:
            return float(cohen_kappa_score(*v.args[:2], **kwargs))
        if _weights(v) not in WEIGHTS:
            raise ValueError("weights must be None, 'linear' or 'quadratic'")
        cells = confusion_matrix(*v.args[:2], labels=kwargs["labels"], sample_weight=v.unweighted)
        steps = _kappa_steps(cells, _weights(v))
        if steps[0] == 0 or steps[2] == 0:
            if policy is ZeroDivision.THROW:
                raise UndefinedMetricError("undefined")
            return value
        return float(1 - steps[1] / steps[2])


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    weighting = primitives.pick(draw, (*KappaWeighting, None, "linear", "quadratic"))
    policy = primitives.pick(draw, tuple(ZeroDivision))
    if scenario == "bad_weighting":
        weighting = primitives.pick(draw, ("cubic", "Linear", 1, True))
    truth, predicted, labels, weight = draw(draw_labels.label_calls(scenario))
    if scenario == "no_weight":  # a subset that keeps no sample, or weights that cancel
        first, second = primitives.subset(draw, draw_labels.SPREAD, 2)
        if primitives.flip(draw):
            truth, predicted, labels, weight = [first, first], [second, second], [first], None
        else:
            truth, predicted = [first, first, second], [first, second, second]
            labels, weight = None, [1.0, 1.0, -2.0]
    if scenario == "no_chance":  # one label on both sides, or weights that cancel it
        first, second = primitives.subset(draw, draw_labels.SPREAD, 2)
        truth, predicted = [first, second, second, first], [first, second, first, second]
        weight = [1.0, -1.0, 1.0, 1.0] if primitives.flip(draw) else [1.0, 0.0, 0.0, 0.0]
    kwargs: dict[str, Any] = {"weighting": weighting, "zero_division": policy}
    kwargs.update({"labels": labels} if labels is not None else {})
    kwargs.update({"sample_weight": weight} if weight is not None else {})
    return Call(
        (truth, predicted), primitives.with_defaults(draw, kwargs, ("labels", "sample_weight"))
    )


def _by_position(v: View) -> bool:
    """A weighting whose distances between positions are not those between the labels."""
    order = v.derived(draw_labels.label_order)
    if order is None or _weights(v) not in WEIGHTS[1:]:
        return False
    values = np.asarray(order, dtype=float)
    gap = np.subtract.outer(np.arange(len(order)), np.arange(len(order)))
    return bool((np.abs(gap) != np.abs(np.subtract.outer(values, values))).any())


def _policy_on_undefined(*policies: ZeroDivision) -> Any:
    return lambda v: (
        v["zero_division"] in policies and v.derived(_state) in ("no_weight", "no_chance")
    )


def _state_is(state: str) -> Any:
    return lambda v: v.derived(_state) == state


EDGES = (
    *draw_labels.COMMON_EDGES,
    Edge("linear", "weighting LINEAR", lambda v: _weights(v) == "linear"),
    Edge("quadratic", "weighting QUADRATIC", lambda v: _weights(v) == "quadratic"),
    Edge("weighting_by_position", "label distances that are not position distances", _by_position),
    Edge(
        "orientation",
        "row sums that differ from the column sums",
        lambda v: (
            (m := v.derived(draw_labels.cells_of)) is not None
            and not np.array_equal(m.sum(0), m.sum(1))
        ),
    ),
    Edge("no_weight", "a matrix of zero total", _state_is("no_weight")),
    Edge("no_chance", "1 - p_e = 0: no expected disagreement", _state_is("no_chance")),
    Edge("undefined_throw", "undefined under THROW", _policy_on_undefined(ZeroDivision.THROW)),
    Edge(
        "undefined_value",
        "undefined under ZERO or ONE",
        _policy_on_undefined(ZeroDivision.ZERO, ZeroDivision.ONE),
    ),
    Edge("bad_weighting", "a weighting none of the three", lambda v: _weights(v) not in WEIGHTS),
)

DIVERGENCES = (
    *draw_labels.COMMON_DIVERGENCES[:2],
    shared.empty_input(until="1.8", answered="NaN"),
    shared.non_finite_weight(
        until="1.8", answered="kappa of the matrix through np.nan_to_num (NaN counted 0)"
    ),
    shared.all_zero_weight(until="1.9", answered="NaN"),
    Divergence(
        name="undefined_divided",
        kind="value",
        summary=(
            "Where the expected disagreement is zero and the observed one is not (weights "
            "that cancel), lodestar answers the policy's value, NaN by default; "
            "scikit-learn before 1.9 divides, 1 - x/0, an infinity."
        ),
        applies=_state_is("no_chance"),
        expected=lambda v: math.nan,
        versions=VersionRange(until="1.9"),
    ),
)

EXAMPLE = Call(
    ([1, 1, 2, 2, 3, 3, 1, 3], [1, 3, 2, 1, 3, 2, 1, 3]),
    {"weighting": KappaWeighting.LINEAR, "labels": [3, 1, 2], "sample_weight": [1.0, 2.0] * 4},
)
_SCENARIOS = (*draw_labels.COMMON_SCENARIOS, "no_weight", "no_chance", "bad_weighting")
_COMMON: dict[str, Any] = {
    "oracle": _oracle,
    "since": "1.3",
    "scenarios": {scenario: _calls(scenario) for scenario in _SCENARIOS},
    "edges": EDGES,
    "divergences": DIVERGENCES,
    "refusals": (ArgumentError, UndefinedMetricError),
    "example": EXAMPLE,
    "page": "reference/metrics/classification/cohenkappa-score.md",
}
KAPPA = Member(
    name="CohenKappa.score",
    csharp="CohenKappa.Score",
    implementation=CohenKappa.score,
    oracle_call="cohen_kappa_score(y_true, y_pred, labels=labels, weights=weighting, "
    "sample_weight=sample_weight, replace_undefined_by=zero_division) (1.9; before, "
    "zero_division other than NAN from confusion_matrix)",
    **_COMMON,
)
KAPPA_OF_MATRIX = Member(
    name="CohenKappa.score[cm]",
    csharp="CohenKappa.Score(ConfusionMatrix)",
    implementation=kappa_of_matrix,
    oracle_call="cohen_kappa_score on the same labels, as for CohenKappa.score",
    **_COMMON,
)

MEMBERS = (KAPPA, KAPPA_OF_MATRIX)
