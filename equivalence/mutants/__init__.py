"""Plausible porting bugs, each a one-step variation of the reference, that the harness
must catch.

Each :class:`Mutant` is what a careful port might still get wrong: a tie broken the
other way, a weight dropped from a count, a refusal forgotten, a default flipped. It is
written as a patch of ``lodestar``'s own source (see :mod:`equivalence.mutants.patch`):
the module, the snippet, its replacement, so that a bug differs from the reference in
exactly the step it names. The sensitivity test runs every one of them through the
harness with the CI budget and fails if any survives; a harness that cannot tell these
apart from the reference would pass anything.

Each module of this package holds one family's mutants in its ``MUTANTS``; a new module
is a family named in :data:`equivalence.families.FAMILIES`.
"""

from __future__ import annotations

from equivalence.families import gather
from equivalence.mutants.model import Mutant

__all__ = ["MUTANTS", "Mutant"]

MUTANTS: tuple[Mutant, ...] = tuple(
    mutant for mutants in gather("equivalence.mutants", "MUTANTS") for mutant in mutants
)
