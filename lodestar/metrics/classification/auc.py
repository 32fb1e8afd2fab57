"""``Auc``: the trapezoidal area under a curve given as its points."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray

__all__ = ["Auc"]

#: Points per step of the one pass over the curve: the strips of a step are formed while
#: its coordinates are in cache.
_STEP = 1 << 15


def _refuse(error: ArgumentError, *checked: tuple[FloatArray, str]) -> ArgumentError:
    """``error``, unless one of the arrays read so far holds NaN or infinity: that refusal
    comes first, as it would had every value been checked on reading."""
    for values, name in checked:
        _inputs.require_finite(values, name)
    return error


@final
class Auc:
    """The mirror of ``Lodestar.Metrics.Auc`` and of ``sklearn.metrics.auc``."""

    def __init__(self) -> None:
        raise TypeError("Auc is a static class; call Auc.trapezoid.")

    @staticmethod
    def trapezoid(x: Any, y: Any) -> float:
        """The area under the points ``(x[i], y[i])`` by the trapezoidal rule.

        ``x`` may run either way: when it never rises (and falls somewhere) the area is
        negated, so a curve given right to left has the area of the same curve given left
        to right. The sum is NumPy's: ``(np.diff(x) * (y[1:] + y[:-1]) / 2.0).sum()``.
        See ``docs/reference/metrics/classification/auc-trapezoid.md``.

        Raises:
            ArgumentError: ``x`` or ``y`` is not one-dimensional, holds NaN, infinity or
                something that is not a number; they differ in length; fewer than two
                points are given; ``x`` both rises and falls.
        """
        # NaN and infinity are looked for only when the area is not finite (any of them
        # makes it NaN or infinite) or when another refusal is due, which they precede.
        xs = _inputs._finite_floats(x, "x", finite=False)
        try:
            ys = _inputs._finite_floats(y, "y", finite=False)
        except ArgumentError as error:
            raise _refuse(error, (xs, "x")) from None
        try:
            _inputs._one_dimensional(xs, "x")
            _inputs._one_dimensional(ys, "y")
            _inputs.same_length(xs, "x", ys, "y")
            if xs.size < 2:
                raise ArgumentError(
                    f"At least 2 points are needed to compute the area; x holds {xs.size}.", "x"
                )
        except ArgumentError as error:
            raise _refuse(error, (xs, "x"), (ys, "y")) from None
        # One pass: each step's widths dx, whether x rises or falls there, and its terms
        # dx * (y[i + 1] + y[i]) / 2.0, the products and quotients NumPy forms; the terms
        # are then added by one np.sum over all of them, as np.trapezoid adds them.
        strips = xs.size - 1
        terms = np.empty(strips)
        dx = np.empty(min(strips, _STEP))
        rises = falls = False
        with np.errstate(invalid="ignore"):  # NaN or infinity: refused below
            for start in range(0, strips, _STEP):
                stop = min(start + _STEP, strips)
                step, part = dx[: stop - start], terms[start:stop]
                np.subtract(xs[start + 1 : stop + 1], xs[start:stop], out=step)
                falls |= bool(step.min() < 0)
                rises |= bool(step.max() > 0)
                np.add(ys[start + 1 : stop + 1], ys[start:stop], out=part)
                part *= step
                part /= 2.0
        direction = 1.0
        if falls:
            if rises:
                raise _refuse(
                    ArgumentError("x is neither increasing nor decreasing.", "x"),
                    (xs, "x"),
                    (ys, "y"),
                )
            direction = -1.0
        with np.errstate(invalid="ignore"):
            area = direction * float(terms.sum())
        if not np.isfinite(area):
            _inputs.require_finite(xs, "x")
            _inputs.require_finite(ys, "y")
        return area
