"""Seeded porting bugs of ``MedianAbsoluteError``: each one step of its median, weighted or
not, or of the shared target walk (:data:`equivalence.families.regression.mutants.SHARED`)."""

from __future__ import annotations

from equivalence.families.variance.mutants import named
from equivalence.mutant import Patch

__all__ = ["MUTANTS"]

_M = "regression.median_absolute_error"

#: Every bug by name: what a port got wrong, and its patch.
BUGS: dict[str, tuple[str, Patch]] = {
    "weights_dropped": (
        "sample weights validated, then the plain median taken",
        Patch(f"{_M}:_medians", "weight = found.weight", "weight = None"),
    ),
    "lower_only": (
        "the weighted median never averages: the lower order statistic (scikit-learn before 1.8)",
        Patch(f"{_M}:_settle", "if reached - half > EPSILON + bound:", "if True:"),
    ),
    "exact_half": (
        "the cumulative weight compared with the half exactly, without the epsilon",
        Patch(f"{_M}:_sorted", "if cdf[at] - half > EPSILON:", "if cdf[at] - half > 0:"),
    ),
    "zero_weight_neighbour": (
        "averaged with the next value even when it weighs nothing",
        Patch(f"{_M}:_settle", "(values > median) & (weight != 0)", "values > median"),
    ),
    "signed_residuals": (
        "the residuals not made absolute",
        Patch(
            f"{_M}:_medians",
            "np.abs(found.truth - found.predicted)",
            "found.truth - found.predicted",
        ),
    ),
    "lower_middle": (
        "the unweighted median takes the lower middle value on an even count",
        Patch(
            f"{_M}:_middle",
            "return float((parted[lower] + parted[lower + 1 :].min()) / 2)",
            "return float(parted[lower])",
        ),
    ),
}


_OWN = "weights_dropped lower_only exact_half zero_weight_neighbour signed_residuals lower_middle"
MUTANTS = (
    *named("MedianAbsoluteError.score", _M, f"{_OWN} output_weights_ignored", BUGS),
    *named("MedianAbsoluteError.per_output", _M, f"{_OWN} column_major", BUGS),
)
