"""Seeded porting bugs of ``MatthewsCorrelation.score`` and its matrix form. None swaps the
axes: a matrix and its transpose take the same float operations, so that port is right."""

from __future__ import annotations

from equivalence.families.confusion.mutants import TOTAL_OF_EVERY_SAMPLE, UNWEIGHTED
from equivalence.mutant import Change, bugs_of

__all__ = ["MUTANTS"]

_ROOT = "return float(covariance / np.sqrt(spread))"
_COMPUTE = "ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)"
_DEFAULT = "zero_division: ZeroDivision = ZeroDivision."
_NO_GUARD = ("if spread < 0:", "if False:")
_MAGNITUDE = (_ROOT, _ROOT.replace("(spread)", "(abs(spread))"))
_TOTAL = ("total = pred_sum.sum()", "total = matrix.total_weight")
_NO_THROW = ("if policy is ZeroDivision.THROW:", "if False:")

BUGS: tuple[tuple[str, str, tuple[Change, ...]], ...] = (
    ("unweighted", "weights validated, then dropped", (UNWEIGHTED,)),
    ("undefined_is_zero", "zero_division ignored", (("_SUBSTITUTE[policy]", "0.0"),)),
    ("throw_as_zero", "THROW answers 0", (_NO_THROW, ("[policy]", ".get(policy, 0)"))),
    ("negative_as_undefined", "a negative product taken as 0", (("== 0:", "<= 0:"),)),
    ("root_of_magnitude", "the root of |product|, never NaN", (_NO_GUARD, _MAGNITUDE)),
    ("total_over_every_sample", "n counts dropped samples", (TOTAL_OF_EVERY_SAMPLE, _TOTAL)),
    # The matrix form's wrapper counts the matrix and passes the policy itself.
    ("default_nan", "zero_division defaults to NAN", ((f"{_DEFAULT}ZERO", f"{_DEFAULT}NAN"),)),
    ("labels_ignored", "every label counted", ((_COMPUTE, _COMPUTE.replace("labels,", "None,")),)),
)

MUTANTS = tuple(
    bugs_of(member, "classification.matthews_correlation:MatthewsCorrelation.score")(
        name, description, *changes
    )
    for member, count in (("MatthewsCorrelation.score", 8), ("MatthewsCorrelation.score[cm]", 6))
    for name, description, changes in BUGS[:count]
)
