"""``ZeroDivision``: what a score with a zero denominator becomes."""

from __future__ import annotations

import enum

__all__ = ["ZeroDivision"]


class ZeroDivision(enum.Enum):
    """What a score whose denominator is zero becomes: ``Lodestar.Metrics.ZeroDivision``.

    ``ZERO`` is scikit-learn's ``zero_division="warn"`` (or ``0.0``) without the warning,
    ``ONE`` is ``1.0`` and ``NAN`` is ``np.nan``. ``THROW`` has no scikit-learn value: it
    raises :class:`~lodestar.errors.UndefinedMetricError` exactly where scikit-learn's
    default would warn.
    """

    ZERO = "zero"
    ONE = "one"
    NAN = "nan"
    THROW = "throw"

    def __repr__(self) -> str:
        return f"ZeroDivision.{self.name}"
