"""``Auc.trapezoid``, the area under given points, against ``sklearn.metrics.auc``.

Measured on 1.3.2, 1.6.1 and 1.9.1: every version refuses fewer than two points, lengths
that differ and an ``x`` that both rises and falls, negates the area of an ``x`` that
never rises, and sums ``np.trapezoid``'s (``np.trapz``'s before NumPy 2) terms
``dx * (y[1:] + y[:-1]) / 2.0`` with ``np.add.reduce``. NaN and infinity are malformed
input here; scikit-learn answers NaN or an infinite area.

Every ``expected`` below is worked out with NumPy alone, never by calling lodestar.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.draw import primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View, as_floats
from lodestar.metrics import Auc

__all__ = ["AUC_TRAPEZOID", "MEMBERS"]

#: Coordinates whose differences and sums round, repeated so that x repeats.
VALUES = (0.0, 0.1, 0.2, 0.3, 0.7, 1.1, 3.0, -1.0, 1e-3, 2.5e-308)
NON_FINITE = (np.nan, np.inf, -np.inf)


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    size, order = primitives.integers(draw, (2, 40), (0, 2))
    size = order % 2 if scenario == "too_few" else size
    x = np.sort(draw(primitives.table(size, VALUES)))
    y = draw(primitives.table(size, VALUES))
    if scenario == "constant_x":
        x[:] = x[0] if size else 0.0
    if order == 1 or scenario == "decreasing":
        x = x[::-1]
    if scenario == "turning" and size > 2:
        x = np.r_[x[1:], x[0] - 1.0]
    if scenario == "length_mismatch":
        y = y[: primitives.between(draw, 0, size - 1)]
    if scenario == "non_finite":
        values = (x, y)[primitives.index(draw, 2)]
        values[primitives.index(draw, size)] = primitives.pick(draw, NON_FINITE)
    return Call((x.tolist(), y.tolist()))


def _points(v: View) -> tuple[Any, Any] | None:
    """``x`` and ``y`` as floats where lodestar answers, else ``None``."""
    x, y = as_floats(v.args[0]), as_floats(v.args[1])
    if x is None or y is None or x.ndim != 1 or x.shape != y.shape or x.size < 2:
        return None
    if not (np.isfinite(x).all() and np.isfinite(y).all()):
        return None
    dx = np.diff(x)
    return (x, y) if (dx >= 0).all() or (dx <= 0).all() else None


def _on(test: Any) -> Any:
    return lambda v: v.derived(_points) is not None and bool(test(*v.derived(_points)))


def _area(v: View) -> float:
    """The area in float64, as NumPy's trapezoid sums it."""
    x, y = v.derived(_points)  # type: ignore[misc]
    dx = np.diff(x)
    return (-1.0 if (dx < 0).any() else 1.0) * float((dx * (y[1:] + y[:-1]) / 2.0).sum())


def _float32(v: View) -> bool:
    narrow = any(isinstance(a, np.ndarray) and a.dtype == np.float32 for a in v.args[:2])
    return narrow and v.derived(_points) is not None


def _oracle(v: View) -> float:
    from sklearn.metrics import auc

    return float(auc(*v.args))


SCENARIOS = "valid decreasing constant_x turning too_few length_mismatch non_finite"

AUC_TRAPEZOID = Member(
    name="Auc.trapezoid",
    csharp="Auc.Trapezoid",
    page="reference/metrics/classification/auc-trapezoid.md",
    implementation=Auc.trapezoid,
    oracle=_oracle,
    oracle_call="auc(x, y)",
    since="1.3",
    scenarios={name: _calls(name) for name in SCENARIOS.split()},
    edges=(
        Edge("increasing", "x rises", _on(lambda x, y: (np.diff(x) > 0).any())),
        Edge("decreasing", "x falls: the area negated", _on(lambda x, y: (np.diff(x) < 0).any())),
        Edge("repeated_x", "two points share an x", _on(lambda x, y: (np.diff(x) == 0).any())),
        Edge("constant_x", "every x the same: area 0", _on(lambda x, y: (x == x[0]).all())),
        Edge("summed_in_blocks", "more than eight terms", _on(lambda x, y: x.size > 9)),
        Edge("turning", "x rises and falls: refused", lambda v: _turns(v)),
        Edge("fewer_than_two", "fewer than two points", lambda v: _size(v, 0) < 2),
        Edge("length_mismatch", "x and y differ in length", lambda v: _lengths_differ(v)),
        Edge("non_finite", "NaN or infinity in x or y", lambda v: _non_finite(v)),
    ),
    divergences=(
        Divergence(
            "float32_promoted",
            "value",
            "float32 coordinates are read as float64, as the C# double is; scikit-learn "
            "differences and sums them in float32.",
            _float32,
            _area,
        ),
    ),
    roles={"x": "numbers", "y": "numbers"},
    example=Call(([0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0])),
)


def _turns(v: View) -> bool:
    x = as_floats(v.args[0])
    return (
        x is not None
        and x.ndim == 1
        and x.size > 2
        and bool((np.diff(x) > 0).any() and (np.diff(x) < 0).any())
    )


def _size(v: View, position: int) -> int:
    values = as_floats(v.args[position])
    return -1 if values is None else int(values.size)


def _lengths_differ(v: View) -> bool:
    return _size(v, 0) != _size(v, 1)


def _non_finite(v: View) -> bool:
    x, y = as_floats(v.args[0]), as_floats(v.args[1])
    return any(a is not None and not np.isfinite(a).all() for a in (x, y))


MEMBERS = (AUC_TRAPEZOID,)
