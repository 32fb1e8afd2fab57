"""Seeded porting bugs of ``MeanSquaredLogError`` and ``RootMeanSquaredLogError``: each one
step of their own (the domain, the logarithm, the root) or of the shared target walk
(:data:`equivalence.mutants.regression.SHARED`)."""

from __future__ import annotations

from equivalence.mutants.model import Mutant, Patch, bugs_of
from equivalence.mutants.regression import SHARED

__all__ = ["MUTANTS"]

_L = "regression.log_error"
_LOG = "np.log1p(found.truth), np.log1p(found.predicted)"

#: Every bug by name: what a port got wrong, and its patch.
BUGS: dict[str, tuple[str, Patch]] = {
    "log_of_one_plus": (
        "log(1 + y) for log1p: the low bits of a small y lost in the addition",
        Patch(f"{_L}:_logged", _LOG, "np.log(1.0 + found.truth), np.log(1.0 + found.predicted)"),
    ),
    "negatives_refused": (
        "every negative target refused (scikit-learn before 1.6)",
        Patch(f"{_L}:_logged", "if (block <= -1).any():", "if (block < 0).any():"),
    ),
    "absolute": (
        "the log residuals made absolute, not squared",
        Patch(
            "regression.mean_squared_error:squared_errors",
            "np.multiply(residual, residual, out=residual)",
            "np.abs(residual, out=residual)",
        ),
    ),
    "natural_of_truth_only": (
        "the prediction not logged",
        Patch(f"{_L}:_logged", _LOG, "np.log1p(found.truth), found.predicted"),
    ),
    "root_of_mean": (
        "the root taken of the averaged squared error, not per output",
        Patch(
            f"{_L}:_rooted",
            'squared_errors(_logged(found, "Root Mean Squared Logarithmic Error"))',
            'squared_errors(_logged(found, "Root Mean Squared Logarithmic Error")).mean()'
            " + 0 * squared_errors(found)",
        ),
    ),
}


def _bugs(member: str, names: str) -> tuple[Mutant, ...]:
    bug = bugs_of(member, _L)
    return tuple(
        bug(name, *(BUGS[name] if name in BUGS else SHARED[name])) for name in names.split()
    )


_OWN = "log_of_one_plus negatives_refused absolute natural_of_truth_only"
MUTANTS = (
    *_bugs("MeanSquaredLogError.score", f"{_OWN} unweighted output_weights_ignored"),
    *_bugs("MeanSquaredLogError.per_output", f"{_OWN} column_major"),
    *_bugs("RootMeanSquaredLogError.score", f"{_OWN} root_of_mean output_weights_ignored"),
    *_bugs("RootMeanSquaredLogError.per_output", f"{_OWN} unweighted"),
)
