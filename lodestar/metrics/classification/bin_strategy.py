"""``BinStrategy``: where ``CalibrationCurve`` takes its bin edges from."""

from __future__ import annotations

import enum

__all__ = ["BinStrategy"]


class BinStrategy(enum.Enum):
    """How ``CalibrationCurve.compute`` cuts ``[0, 1]`` into bins:
    ``Lodestar.Metrics.BinStrategy``. The values are scikit-learn's ``strategy=`` strings,
    and ``compute`` accepts a member or its value."""

    #: Bins of equal width, the edges ``np.linspace(0, 1, n_bins + 1)``: the default.
    UNIFORM = "uniform"
    #: The edges are the probabilities' percentiles at ``np.linspace(0, 1, n_bins + 1)``
    #: (``np.percentile``'s linear interpolation), so each bin holds about as many samples.
    QUANTILE = "quantile"

    def __repr__(self) -> str:
        return f"BinStrategy.{self.name}"
