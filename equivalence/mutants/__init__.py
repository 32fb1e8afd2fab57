"""Plausible porting bugs, each a one-step variation of the reference, that the harness
must catch.

Each :class:`Mutant` is what a careful port might still get wrong: a tie broken the
other way, a weight dropped from a count, a refusal forgotten, a default flipped. It is
written as a patch of ``lodestar``'s own source (see :mod:`equivalence.patch`):
the module, the snippet, its replacement, so that a bug differs from the reference in
exactly the step it names. The sensitivity test runs every one of them through the
harness with the CI budget and fails if any survives; a harness that cannot tell these
apart from the reference would pass anything.

Each family's ``equivalence/families/<family>/mutants.py`` holds its seeded bugs in its
``MUTANTS``; :data:`MUTANTS` gathers them in :data:`equivalence.families.FAMILIES` order
(see ``docs/harness.md``).
"""

from __future__ import annotations

from dataclasses import replace

from equivalence.families import gather
from equivalence.mutant import Mutant

__all__ = ["CAUGHT_SINCE", "MUTANTS", "SAME_FORMULA", "Mutant"]

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

#: Seeded bugs that compute the contract's formula exactly as written and differ only in
#: how it rounds: a faithful port may do the same, so only the exact level catches them.
#: They must pass the faithful level (their answers within the bound), which the faithful
#: sensitivity test checks. Each becomes its mutant's ``same_formula``.
SAME_FORMULA: dict[tuple[str, str], str] = {
    ("LogLoss.score", "log1p_complement"): "-log1p(-p) is -log(1 - p) without rounding 1 - p",
    ("BrierScore.score", "one_column"): "(t - p)**2 is ((1-t) - (1-p))**2 + (t - p)**2, halved",
    ("D2AbsoluteError.per_output", "unaveraged"): "the pinball loss is flat between the two "
    "order statistics: the lower one's baseline loss is the averaged one's, exactly",
    **{
        (median, "exact_half"): "the epsilon beside the half matters only where rounding decides"
        for median in ("MedianAbsoluteError.score", "MedianAbsoluteError.per_output")
    },
    **{
        (kappa, bug): why
        for kappa in ("CohenKappa.score", "CohenKappa.score[cm]")
        for bug, why in (
            ("expected_transposed", "symmetric costs: the same terms, summed in another order"),
            ("sums_in_sequence", "the same terms, summed left to right"),
        )
    },
    ("RocCurve.compute", "ties_reversed"): "the same running sums, added in reverse inside a tie",
    ("RocCurve.compute", "csharp_second_difference"): "(c - b) - (b - a) evaluated as c - 2b + a",
    ("MutualInformation.score", "log_of_share"): "log(nij/n) is log nij - log n, rounded once more",
    **{
        (score, "entropy_of_share"): "log(c/n) is log c - log n, rounded once more"
        for score in (
            "Homogeneity.score",
            "Completeness.score",
            "VMeasure.score",
            "NormalizedMutualInformation.score",
        )
    },
    ("FowlkesMallows.score", "over_root_of_product"): "sqrt(tk/pk)·sqrt(tk/qk) is tk/sqrt(pk·qk)",
    **{
        (silhouette, "no_clip"): "a squared distance the expansion rounds below zero is within "
        "its bound of the exact value, whether raised to 0 or turned over"
        for silhouette in ("Silhouette.score", "Silhouette.per_sample")
    },
    ("DaviesBouldin.score", "direct_differences"): "Σ(x - y)² is ‖x‖² - 2·x·y + ‖y‖²",
    ("Auc.trapezoid", "summed_in_sequence"): "the same terms, summed left to right",
    ("RocAuc.score", "every_point_kept"): "a collinear point adds a trapezoid of the same area",
    **{
        (member, "wrong_over_total"): "the wrong weight over the total is the loss's formula; "
        "one minus the accuracy is another rounding of it"
        for member in ("ZeroOneLoss.score", "ZeroOneLoss.score[matrix]")
    },
}

MUTANTS: tuple[Mutant, ...] = tuple(
    replace(
        mutant,
        caught_since=CAUGHT_SINCE.get((mutant.member, mutant.name), ("",))[0],
        same_formula=SAME_FORMULA.get((mutant.member, mutant.name), ""),
    )
    for mutants in gather("mutants")
    for mutant in mutants
)
