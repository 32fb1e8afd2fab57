"""Seeded porting bugs of ``LikelihoodRatios.compute``."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

_HERE = "classification.likelihood_ratios"
bug, cells, only_two = (
    bugs_of("LikelihoodRatios.compute", f"{_HERE}:{where}")
    for where in ("LikelihoodRatios.compute", "_cells", "_only_two")
)
_CSHARP = ("(tp * support_neg) / (fp * support_pos)", "(tp / support_pos) / (1 - tn / support_neg)")
_HIGH = ("== positive, predicted[block] == positive", "== high, predicted[block] == high")
_DROPPED = ("weights=weight, minlength", "minlength")
_SWAPPED = ("if_no_positive if", "if_no_negative if")
_STRAY = ("if stray.any():", "if False:")

MUTANTS: tuple[Mutant, ...] = (
    cells("unweighted", "weights checked, then dropped", _DROPPED),
    cells("transposed", "truth and prediction swapped", ("actual, guessed =", "guessed, actual =")),
    bug("no_positive_replaced", "1.7's replacement without positives", ("support_pos == 0:", "0:")),
    bug("replacements_swapped", "LR+ takes undefined_negative", _SWAPPED),
    bug("csharp_arithmetic", "LR+ as sensitivity over 1 - specificity", _CSHARP),
    cells("greater_label_positive", "pos_label ignored: the greater label is positive", _HIGH),
    only_two("three_labels_accepted", "a third label counted negative", _STRAY),
)
