"""Seeded porting bugs of ``HingeLoss.score`` and ``HingeLoss.multi_class``: the hinge at
0 rather than 1, squared, or unclipped; the positive side inferred as scikit-learn infers
it, or the sign turned over; the own class left among the rivals, or the second-best
decision taken for the best rival; weights dropped, a zero sum divided by."""

from __future__ import annotations

from equivalence.mutant import (
    OUTSIDE_LABELS_KEPT,
    ZERO_SUM_DIVIDES,
    Mutant,
    Patch,
    bugs_of,
    unweighted,
)

__all__ = ["MUTANTS"]

_HINGE = "classification.hinge_loss"
score = bugs_of("HingeLoss.score", f"{_HINGE}:HingeLoss.score")
multi = bugs_of("HingeLoss.multi_class", f"{_HINGE}:HingeLoss.multi_class")
_COST = "np.maximum(1.0 - margin, 0.0)"
_RIVALS = f"{_HINGE}:_crammer_singer"

#: The bugs of the step both members share, the cost of a margin and its mean.
SHARED = (
    ("hinge_at_zero", "the margin of 1 forgotten", (_COST, "np.maximum(-margin, 0.0)")),
    ("squared", "the squared hinge", (_COST, f"{_COST} ** 2")),
    ("unclipped", "1 - margin not clipped at zero", (_COST, "1.0 - margin")),
    ("weights_dropped", "weights dropped from the mean", unweighted("weighted_mean(losses")),
)

MUTANTS: tuple[Mutant, ...] = (
    *(
        bug(name, description, Patch(f"{_HINGE}:_mean_cost", *change))
        for bug in (score, multi)
        for name, description, change in SHARED
    ),
    score("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    multi("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    score(
        "greater_label", "the greater label on the positive side", ("== positive", "== truth.max()")
    ),
    score(
        "sign_flipped",
        "pos_label on the negative side",
        ("decision, -decision", "-decision, decision"),
    ),
    multi(
        "own_among_rivals",
        "the own class left among the rivals",
        Patch(_RIVALS, "rivals[samples, truth] = -np.inf", "pass"),
    ),
    multi(
        "second_best",
        "the best rival taken as the second-greatest decision of the row",
        Patch(_RIVALS, "rivals.max(axis=1)", "np.partition(rows, -2, axis=1)[:, -2]"),
    ),
    multi(
        "outside_label_scored",
        "a label outside the rows scored as class 0",
        Patch(f"{_HINGE}:decision_rows", *OUTSIDE_LABELS_KEPT),
    ),
)
