"""Seeded porting bugs of ``CohenKappa.score`` (eight) and ``CohenKappa.score[cm]`` (the
same but the default, which its calls always give)."""

from __future__ import annotations

from equivalence.families.confusion.mutants import UNWEIGHTED
from equivalence.mutant import Change, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_KAPPA = "classification.cohen_kappa"
_BOTH = ("CohenKappa.score", "CohenKappa.score[cm]")


def _bug(
    name: str, description: str, *changes: Change, of: tuple[str, ...] = _BOTH
) -> list[Mutant]:
    return [
        bugs_of(member, f"{_KAPPA}:CohenKappa.score")(name, description, *changes) for member in of
    ]


MUTANTS: tuple[Mutant, ...] = (
    *_bug(
        "expected_transposed",
        "outer(row sums, column sums): the orientation a reader reaches for",
        ("np.outer(column_sums, row_sums)", "np.outer(row_sums, column_sums)"),
    ),
    *_bug("unweighted", "sample weights validated, then dropped", UNWEIGHTED),
    *_bug(
        "labels_sorted",
        "the caller's label order sorted, so positions are those of the sorted labels",
        Patch("classification.confusion_matrix", "order = requested", "order = np.sort(requested)"),
    ),
    # The matrix form's calls give every argument, so only the label form shows its default.
    *_bug(
        "default_zero",
        "zero_division defaults to ZERO, the precision family's default",
        (
            "zero_division: ZeroDivision = ZeroDivision.NAN",
            "zero_division: ZeroDivision = ZeroDivision.ZERO",
        ),
        of=_BOTH[:1],
    ),
    *_bug(
        "no_total_guard",
        "no test of a zero total: 0/0, NaN whatever the policy",
        ("if total == 0:", "if False:"),
    ),
    *_bug(
        "linear_squared",
        "LINEAR charges the square of the distance",
        Patch(f"{_KAPPA}:_costs", "return np.abs(gap)", "return gap**2"),
    ),
    *_bug(
        "throw_as_nan",
        "THROW answers NaN instead of raising",
        Patch(f"{_KAPPA}:_undefined", "if policy is ZeroDivision.THROW:", "if False:"),
    ),
    *_bug(
        "sums_in_sequence",
        "the disagreements added cell by cell, left to right (the C# loop)",
        ("observed = np.sum(costs * cells)", "observed = sum((costs * cells).ravel().tolist())"),
        ("chance = np.sum(costs * expected)", "chance = sum((costs * expected).ravel().tolist())"),
    ),
)
