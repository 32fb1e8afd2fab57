"""``Auc``: the trapezoidal area under a curve given as its points."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs

__all__ = ["Auc"]


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
        xs = _inputs._finite_floats(x, "x")
        ys = _inputs._finite_floats(y, "y")
        _inputs._one_dimensional(xs, "x")
        _inputs._one_dimensional(ys, "y")
        _inputs.same_length(xs, "x", ys, "y")
        if xs.size < 2:
            raise ArgumentError(
                f"At least 2 points are needed to compute the area; x holds {xs.size}.", "x"
            )
        dx = np.diff(xs)
        direction = 1.0
        if (dx < 0).any():
            if not (dx <= 0).all():
                raise ArgumentError("x is neither increasing nor decreasing.", "x")
            direction = -1.0
        return direction * float((dx * (ys[1:] + ys[:-1]) / 2.0).sum())
