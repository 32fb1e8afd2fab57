"""Seeded porting bugs of ``MeanSquaredLogError`` and ``RootMeanSquaredLogError``: each one
step of their own (the domain, the logarithm, the root) or of the shared target walk
(:data:`equivalence.families.regression.mutants.SHARED`)."""

from __future__ import annotations

from equivalence.families.variance.mutants import named
from equivalence.mutant import Patch

__all__ = ["MUTANTS"]

_L = "regression.log_error"
_LOG = "np.log1p(truth), np.log1p(predicted)"

#: Every bug by name: what a port got wrong, and its patch.
BUGS: dict[str, tuple[str, Patch]] = {
    "log_of_one_plus": (
        "log(1 + y) for log1p: the low bits of a small y lost in the addition",
        Patch(f"{_L}:logged_squared", _LOG, "np.log(1.0 + truth), np.log(1.0 + predicted)"),
    ),
    "negatives_refused": (
        "every negative target refused (scikit-learn before 1.6)",
        Patch(f"{_L}:_in_domain", "if (block <= -1).any():", "if (block < 0).any():"),
    ),
    "absolute": (
        "the log residuals made absolute, not squared",
        Patch(
            f"{_L}:logged_squared",
            "np.multiply(out, out, out=out)",
            "np.abs(out, out=out)",
        ),
    ),
    "natural_of_truth_only": (
        "the prediction not logged",
        Patch(f"{_L}:logged_squared", _LOG, "np.log1p(truth), predicted"),
    ),
    "root_of_mean": (
        "the root taken of the averaged squared error, not per output",
        Patch(
            f"{_L}:_rooted",
            'logged_squared_errors(_in_domain(found, "Root Mean Squared Logarithmic Error"))',
            'logged_squared_errors(_in_domain(found, "Root Mean Squared Logarithmic Error"))'
            ".mean() + 0 * logged_squared_errors(found)",
        ),
    ),
}


_OWN = "log_of_one_plus negatives_refused absolute natural_of_truth_only"
MUTANTS = (
    *named("MeanSquaredLogError.score", _L, f"{_OWN} unweighted output_weights_ignored", BUGS),
    *named("MeanSquaredLogError.per_output", _L, f"{_OWN} column_major", BUGS),
    *named(
        "RootMeanSquaredLogError.score", _L, f"{_OWN} root_of_mean output_weights_ignored", BUGS
    ),
    *named("RootMeanSquaredLogError.per_output", _L, f"{_OWN} unweighted", BUGS),
)
