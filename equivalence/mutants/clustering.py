"""Seeded porting bugs of the clustering family's agreement scores.

The counting is shared, so its two bugs (a table whose cell index takes the wrong stride,
labels cut to 32 bits) are held against every member, and the pair counts' bugs against
every member that reads them; the rest change one step of one member. None renames
clusters in another order: every score is blind to it, so that port is right.
"""

from __future__ import annotations

from equivalence.mutants.model import Change, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_PAIRS = "clustering.pair_confusion_matrix:PairConfusionMatrix.compute"
#: Each member: its module, and how many of the pair counts' bugs reach it.
_MEMBERS = {
    "PairConfusionMatrix.compute": ("clustering.pair_confusion_matrix", 3),
    "PairConfusionMatrix.to_array": ("clustering.pair_confusion_matrix", 3),
    "RandIndex.score": ("clustering.rand_index", 1),
    "AdjustedRand.score": ("clustering.adjusted_rand", 1),
    "MutualInformation.score": ("clustering.mutual_information", 0),
}
_COUNTING: tuple[tuple[str, str, Change], ...] = (
    (
        "cell_stride",
        "a cell's index strides by the classes, not the clusters",
        Patch("clustering._counting:contingency", "rank * clusters", "rank * classes"),
    ),
    (
        "labels_int32",
        "labels cut to 32 bits, as a port on int spans would",
        Patch(
            "clustering._counting:labellings",
            "return truth, predicted",
            "return truth.astype(np.int32), predicted.astype(np.int32)",
        ),
    ),
)
_SELF_PAIRS = Patch(_PAIRS, "same_in_both=both - n", "same_in_both=both")
_PAIR_BUGS: tuple[tuple[str, str, Change], ...] = (
    ("self_pairs", "each sample paired with itself", _SELF_PAIRS),
    (
        "rows_for_columns",
        "the predicted side's squares taken over the rows",
        Patch(_PAIRS, "squares(table.column_sums) - both", "squares(table.row_sums) - both"),
    ),
    (
        "n_times_n_minus_one",
        "the pairs apart in both counted from n·(n - 1)",
        Patch(_PAIRS, "n * n - predicted_only", "n * (n - 1) - predicted_only"),
    ),
)


def _own(member: str) -> tuple[Mutant, ...]:
    """``member``'s shared bugs: the counting's, and the pair counts' that reach it."""
    where, pairs = _MEMBERS[member]
    return tuple(bugs_of(member, where)(*entry) for entry in _COUNTING + _PAIR_BUGS[:pairs])


_COMPUTE = bugs_of("PairConfusionMatrix.compute", _PAIRS)
_TO_ARRAY = bugs_of("PairConfusionMatrix.to_array", "clustering.pair_confusion_matrix")
_RAND = bugs_of("RandIndex.score", "clustering.rand_index")
_ADJUSTED = bugs_of("AdjustedRand.score", "clustering.adjusted_rand")
_MI = bugs_of("MutualInformation.score", "clustering.mutual_information")

MUTANTS: tuple[Mutant, ...] = (
    *(mutant for member in _MEMBERS for mutant in _own(member)),
    _COMPUTE("unordered", "each unordered pair counted once", ("both - n", "(both - n) // 2")),
    _TO_ARRAY(
        "transposed",
        "the array's off-diagonal cells swapped",
        ("self.different_in_both, self.same_in_predicted_only", "0, self.same_in_true_only"),
    ),
    _RAND(
        "agreed_together_only",
        "only the pairs together in both agree",
        ("pairs.different_in_both + pairs.same_in_both", "pairs.same_in_both"),
    ),
    _RAND("no_pair_is_zero", "no pair at all divides 0 by 0", ("== total:", "== total != 0:")),
    _ADJUSTED("no_early_one", "0/0 on no pair", ("if fn == 0 and fp == 0:", "if False:")),
    _ADJUSTED("cross_term", "fn·fn for fn·fp in the numerator", ("- fn * fp)", "- fn * fn)")),
    _ADJUSTED(
        "denominator_paired",
        "the denominator's factors paired the other way",
        ("(tp + fn) * (fn + tn)", "(tp + fn) * (fp + tn)"),
    ),
    _MI("bits", "the result in bits, not nats", ("terms.sum())", "terms.sum()) / math.log(2)")),
    _MI(
        "empty_fails",
        "empty input reaches the logarithm of 0",
        ("size <= 1 or table.column_sums.size <= 1", "size == 1 or table.column_sums.size == 1"),
    ),
    _MI(
        "log_of_share",
        "log(nᵢⱼ/n) for log nᵢⱼ - log n",
        ("(np.log(table.cells) - log_total)", "np.log(share)"),
    ),
    _MI(
        "outer_by_rows",
        "the column total read at the cell's row",
        (
            "table.column_sums[table.columns]",
            "table.column_sums[np.minimum(table.rows, table.column_sums.size - 1)]",
        ),
    ),
)
