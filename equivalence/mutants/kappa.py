"""Seeded porting bugs of ``CohenKappa.score`` (eight) and ``CohenKappa.score[cm]`` (the
same but the default, which its calls always give)."""

from __future__ import annotations

from equivalence.mutants.confusion import UNWEIGHTED
from equivalence.mutants.model import Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_KAPPA = "classification.cohen_kappa"
_SCORE = f"{_KAPPA}:CohenKappa.score"
_BUGS: tuple[tuple[str, str, tuple[tuple[str, str] | Patch, ...]], ...] = (
    (
        "expected_transposed",
        "outer(row sums, column sums): the orientation a reader reaches for",
        (("np.outer(column_sums, row_sums)", "np.outer(row_sums, column_sums)"),),
    ),
    ("unweighted", "sample weights validated, then dropped", (UNWEIGHTED,)),
    (
        "labels_sorted",
        "the caller's label order sorted, so positions are those of the sorted labels",
        (
            Patch(
                "classification.confusion_matrix", "order = requested", "order = np.sort(requested)"
            ),
        ),
    ),
    (
        "default_zero",
        "zero_division defaults to ZERO, the precision family's default",
        (
            (
                "zero_division: ZeroDivision = ZeroDivision.NAN",
                "zero_division: ZeroDivision = ZeroDivision.ZERO",
            ),
        ),
    ),
    (
        "no_total_guard",
        "no test of a zero total: 0/0 gives NaN whatever the policy",
        (("if total == 0:", "if False:"),),
    ),
    (
        "linear_squared",
        "LINEAR charges the square of the distance",
        (Patch(f"{_KAPPA}:_costs", "return np.abs(gap)", "return gap**2"),),
    ),
    (
        "throw_as_nan",
        "THROW answers NaN instead of raising",
        (Patch(f"{_KAPPA}:_undefined", "if policy is ZeroDivision.THROW:", "if False:"),),
    ),
    (
        "sums_in_sequence",
        "the disagreements added cell by cell, left to right (the C# loop)",
        (
            (
                "observed = np.sum(costs * cells)",
                "observed = sum((costs * cells).ravel().tolist())",
            ),
            (
                "chance = np.sum(costs * expected)",
                "chance = sum((costs * expected).ravel().tolist())",
            ),
        ),
    ),
)

MUTANTS: tuple[Mutant, ...] = tuple(
    bugs_of(member, _SCORE)(name, description, *changes)
    for member in ("CohenKappa.score", "CohenKappa.score[cm]")
    for name, description, changes in _BUGS
    # The matrix form is called with every argument given, so its default is the call's.
    if (member, name) != ("CohenKappa.score[cm]", "default_zero")
)
