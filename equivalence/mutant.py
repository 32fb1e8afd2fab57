"""A seeded porting bug: a member's name and a one-step variation of the reference.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

from equivalence.patch import Patch, Variant

__all__ = [
    "OUTSIDE_LABELS_KEPT",
    "ZERO_SUM_DIVIDES",
    "Mutant",
    "Patch",
    "bugs_of",
    "flipped_default",
    "unweighted",
]


@dataclass(frozen=True)
class Mutant:
    """What a careful port might still get wrong, as a callable the harness must reject."""

    member: str
    name: str
    description: str
    implementation: Callable[..., Any]
    #: The first scikit-learn version on which the bug is told from scikit-learn: before
    #: it, scikit-learn itself answered as the bug does, under a declared divergence of
    #: that range (see :data:`equivalence.mutants.CAUGHT_SINCE`). Empty: every version.
    caught_since: str = ""
    #: Why the bug computes the contract's formula exactly as written and differs only in
    #: how it rounds (see :data:`equivalence.mutants.SAME_FORMULA`): the exact level catches
    #: it, the faithful level must let it pass. Empty: the faithful level catches it too.
    same_formula: str = ""


Change: TypeAlias = tuple[str, str] | Patch


def bugs_of(member: str, where: str) -> Callable[..., Mutant]:
    """A maker of ``member``'s seeded bugs: ``bug(name, description, *changes)``, each
    change an ``(old, new)`` snippet pair in ``where`` (see :class:`Patch`) or a
    :class:`Patch` elsewhere."""

    def bug(name: str, description: str, *changes: Change) -> Mutant:
        patches = tuple(c if isinstance(c, Patch) else Patch(where, *c) for c in changes)
        return Mutant(member, name, description, Variant(f"{member}:{name}", member, patches))

    return bug


#: The shared weighted mean divides by weights summing to zero instead of refusing them.
ZERO_SUM_DIVIDES = Patch(
    "_inputs:weighted_mean",
    'if total == 0.0:\n    raise ArgumentError("Weights sum to zero, can\'t be normalized", name)',
    "",
)


#: A member that reads rows lets a label outside ``[0, class_count)`` through, kept in
#: ``inside`` and read as class 0 (the bug then says what such a label scores).
OUTSIDE_LABELS_KEPT = (
    '_inputs.class_indices(truth, class_count, "y_true")',
    "inside = (truth >= 0) & (truth < class_count)\ntruth = np.where(inside, truth, 0)",
)


def flipped_default(flag: str, default: bool) -> tuple[str, str]:
    """The default of ``flag`` (``default`` in the reference) turned over."""
    return f"{flag}: bool = {default}", f"{flag}: bool = {not default}"


def unweighted(call: str) -> tuple[str, str]:
    """``call(..., weight)`` made ``call(..., None)``: the weights dropped from one step."""
    return f"{call}, weight)", f"{call}, None)"
