"""``MatthewsCorrelation.score`` and its matrix form ``MatthewsCorrelation.score[cm]``.

The confusion family's calls, each with a ``zero_division`` drawn, and three scenarios of
their own: a truth or a prediction of one class (a zero denominator), weights making one
factor under the root negative (NaN) or both (a value past ±1), and a bad policy.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import labels as draw_labels, primitives
from equivalence.model import Call, Edge, Member
from equivalence.view import View
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import ConfusionMatrix, MatthewsCorrelation, ZeroDivision

__all__ = ["MEMBERS"]


def score_of_matrix(
    y_true: Any,
    y_pred: Any,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """``MatthewsCorrelation.score(cm=ConfusionMatrix.compute(...), zero_division=...)``."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return MatthewsCorrelation.score(cm=cm, zero_division=zero_division)


def _factors(v: View) -> list[float] | None:  # n² - p·p and n² - t·t
    if (cells := v.derived(draw_labels.cells_of)) is None:
        return None
    n = cells.sum()
    return [n * n - float(s @ s) for s in (cells.sum(axis=0), cells.sum(axis=1))]


def _undefined(policy: ZeroDivision) -> Edge:
    def holds(v: View) -> bool:
        return v["zero_division"] is policy and 0.0 in (v.derived(_factors) or ())

    return Edge(f"undefined_{policy.value}", f"a zero denominator under {policy!r}", holds)


def _bad(policy: Any) -> bool:  # a zero_division that is no policy
    return not isinstance(policy, ZeroDivision)


def _negative(count: int) -> Any:
    return lambda v: sum(x < 0 for x in v.derived(_factors) or [1.0]) == count


EDGES = (
    *draw_labels.COMMON_EDGES,
    *(_undefined(policy) for policy in ZeroDivision),
    Edge("negative_product", "one factor under the square root negative", _negative(1)),
    Edge("both_factors_negative", "both factors negative: a value past ±1", _negative(2)),
    Edge(
        "bad_zero_division", "a zero_division of another type", lambda v: _bad(v["zero_division"])
    ),
)

DIVERGENCES = (
    *draw_labels.COMMON_DIVERGENCES[:2],  # labels named twice, a fractional value in labels
    shared.empty_input(until="1.8", answered="0.0"),
    shared.non_finite_weight(
        until="1.8",
        answered="the correlation of the matrix after np.nan_to_num (a NaN weight counted 0, "
        "an infinite one the largest double, whose square overflows to NaN)",
    ),
    shared.all_zero_weight(until="1.9", answered="0.0, the undefined case"),
)


@st.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    policy = primitives.pick(draw, tuple(ZeroDivision))
    if scenario == "bad_zero_division":
        bad = primitives.pick(draw, (0, 1.0, math.nan, "warn", "zero", None, True))
        return draw_labels.keyword_call(draw, "valid", {"zero_division": bad})
    if scenario == "constant":
        truth, predicted, labels, weight = draw(draw_labels.label_calls("valid"))
        side = truth if draw(st.booleans()) else predicted
        side[:] = side[:1] * len(side)
        kwargs = {"zero_division": policy, "labels": labels, "sample_weight": weight}
        return Call((truth, predicted), {k: v for k, v in kwargs.items() if v is not None})
    if scenario == "negative_weights":
        # Row sums [2, -1] against column sums [1/2, 1/2] (one factor negative) or [2, -1]
        # (both), either way round, scaled, in any order.
        a, b = primitives.subset(draw, draw_labels.SPREAD, 2)
        rows = [(a, a, 1.0), (a, b, 1.0), (b, a, -0.5), (b, b, -0.5)]
        rows = primitives.permutation(
            draw, [(a, a, 2.0), (b, b, -1.0)] if draw(st.booleans()) else rows
        )
        scale, swap = primitives.pick(draw, (1.0, 0.5, 3.0)), draw(st.booleans())
        pairs = [(p, t) if swap else (t, p) for t, p, _ in rows]
        kwargs = {"zero_division": policy, "sample_weight": [w * scale for *_, w in rows]}
        return Call(tuple(list(side) for side in zip(*pairs, strict=True)), kwargs)
    return draw_labels.keyword_call(draw, scenario, {"zero_division": policy})


_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


def _oracle(v: View) -> float:
    """``matthews_corrcoef``; with ``labels`` or a policy other than ``ZERO``, its own steps
    on ``confusion_matrix(..., labels=labels)``, the policy's value where the product under
    the root is zero. A ``zero_division`` that is no policy is an argument it has not."""
    from sklearn.metrics import confusion_matrix, matthews_corrcoef

    policy, labels, weight = v["zero_division"], draw_labels.given_labels(v), v.unweighted
    if _bad(policy):
        raise TypeError("matthews_corrcoef() got an unexpected keyword argument 'zero_division'")
    if labels is None and policy is ZeroDivision.ZERO:
        return float(matthews_corrcoef(v["y_true"], v["y_pred"], sample_weight=weight))
    cm = confusion_matrix(v["y_true"], v["y_pred"], labels=labels, sample_weight=weight)
    t_sum, p_sum = cm.sum(axis=1, dtype=np.float64), cm.sum(axis=0, dtype=np.float64)
    n_samples = p_sum.sum()
    with np.errstate(all="ignore"):
        cov_ytyp = np.trace(cm, dtype=np.float64) * n_samples - np.dot(t_sum, p_sum)
        cov_ypyp = n_samples**2 - np.dot(p_sum, p_sum)
        cov_ypyp_ytyt = cov_ypyp * (n_samples**2 - np.dot(t_sum, t_sum))
        if cov_ypyp_ytyt != 0:
            return float(cov_ytyp / np.sqrt(cov_ypyp_ytyt))
    if policy is ZeroDivision.THROW:
        raise ZeroDivisionError("the Matthews correlation is undefined")
    return _VALUE[policy]


def _member(name: str, csharp: str, implementation: Any) -> Member:
    return Member(
        name=name,
        csharp=csharp,
        page="reference/metrics/classification/matthewscorrelation-score.md",
        implementation=implementation,
        oracle=_oracle,
        oracle_call="matthews_corrcoef(y_true, y_pred, sample_weight=sample_weight); with "
        "labels or a zero_division other than ZERO, its steps on confusion_matrix(y_true, "
        "y_pred, labels=labels, sample_weight=sample_weight)",
        since="1.3",
        scenarios=draw_labels.scenarios_of(
            _calls, ("constant", "negative_weights", "bad_zero_division")
        ),
        edges=EDGES,
        divergences=DIVERGENCES,
        refusals=(ArgumentError, UndefinedMetricError),
        example=Call(
            ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
            {"zero_division": ZeroDivision.ZERO, "labels": [1, 0], "sample_weight": [1.0, 2.0] * 4},
        ),
    )


_CSHARP = "MatthewsCorrelation.Score"
MEMBERS = (
    _member("MatthewsCorrelation.score", _CSHARP, MatthewsCorrelation.score),
    _member("MatthewsCorrelation.score[cm]", f"{_CSHARP}(ConfusionMatrix)", score_of_matrix),
)
