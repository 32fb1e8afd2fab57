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

from dataclasses import replace

from equivalence.families import gather
from equivalence.mutants.model import Mutant

__all__ = ["CAUGHT_SINCE", "MUTANTS", "Mutant"]

#: Bugs that an older scikit-learn shares, by (member, bug): the first version that tells
#: them apart, and why. Before it the run conforms under the declaration of that range,
#: which names no number of its own (measured on scikit-learn 1.7.2).
CAUGHT_SINCE: dict[tuple[str, str], tuple[str, str]] = {
    **{
        (member, bug): ("1.8", "the weighted median averages two order statistics from 1.8")
        for member in ("MedianAbsoluteError.score", "MedianAbsoluteError.per_output")
        for bug in ("lower_only", "weights_dropped", "exact_half", "zero_weight_neighbour")
    },
    ("D2Pinball.score", "unaveraged"): ("1.9", "the averaged baseline (quantile_method)"),
    ("D2Pinball.per_output", "linear_percentile"): (
        "1.9",
        "numpy.percentile's baseline before 1.9 (quantile_method)",
    ),
    ("RocCurve.compute", "ties_reversed"): ("1.8", "ties walked in reverse before 1.8"),
    ("HammingLoss.score", "empty_answers"): ("1.8", "empty input answered before 1.8"),
}

MUTANTS: tuple[Mutant, ...] = tuple(
    replace(mutant, caught_since=CAUGHT_SINCE.get((mutant.member, mutant.name), ("",))[0])
    for mutants in gather("equivalence.mutants", "MUTANTS")
    for mutant in mutants
)
