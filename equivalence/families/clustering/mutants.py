"""Seeded porting bugs of the clustering family's agreement scores.

The counting is shared, so its two bugs (a table whose cell index takes the wrong stride,
labels cut to 32 bits) are held against every member, and the pair counts' bugs against
every member that reads them; the rest change one step of one member. None renames
clusters in another order: every score is blind to it, so that port is right.
"""

from __future__ import annotations

from equivalence.mutant import Change, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_PAIRS = "clustering.pair_confusion_matrix:PairConfusionMatrix.compute"
#: Each member: its module, and how many of the pair counts' bugs reach it.
_MEMBERS = {
    "PairConfusionMatrix.compute": ("clustering.pair_confusion_matrix", 3),
    "PairConfusionMatrix.to_array": ("clustering.pair_confusion_matrix", 3),
    "RandIndex.score": ("clustering.rand_index", 1),
    "AdjustedRand.score": ("clustering.adjusted_rand", 1),
    "MutualInformation.score": ("clustering.mutual_information", 0),
    "Homogeneity.score": ("clustering.homogeneity", 0),
    "Completeness.score": ("clustering.completeness", 0),
    "VMeasure.score": ("clustering.v_measure", 0),
    "NormalizedMutualInformation.score": ("clustering.normalized_mutual_information", 0),
    "FowlkesMallows.score": ("clustering.fowlkes_mallows", 0),
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
_FM = bugs_of("FowlkesMallows.score", "clustering.fowlkes_mallows")
_NMI = bugs_of("NormalizedMutualInformation.score", "clustering.normalized_mutual_information")
_V = bugs_of("VMeasure.score", "clustering.v_measure")
_HC = "clustering.homogeneity:homogeneity_completeness"
_ENTROPY = "clustering._counting:entropy"


def _both(name: str, description: str, change: Change, *members: str) -> tuple[Mutant, ...]:
    """One bug of the shared homogeneity step, held against each of ``members``."""
    return tuple(bugs_of(member, _HC)(name, description, change) for member in members)


_SCORES = ("Homogeneity.score", "Completeness.score", "VMeasure.score")
_ENTROPIES = (*_SCORES, "NormalizedMutualInformation.score")

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
    *_both(
        "entropies_swapped",
        "each score over the other side's entropy",
        (
            "of_truth, of_clusters = entropy(table.row_sums), entropy(table.column_sums)",
            "of_clusters, of_truth = entropy(table.row_sums), entropy(table.column_sums)",
        ),
        *_SCORES[:2],  # the V-measure is symmetric in the two: that port is right
    ),
    *_both(
        "zero_entropy_is_zero",
        "one label on a side scores 0, not 1",
        ("if of_truth else 1.0", "if of_truth else 0.0"),
        "Homogeneity.score",
        "VMeasure.score",
    ),
    _both(
        "zero_entropy_is_zero",
        "one cluster scores 0, not 1",
        ("if of_clusters else 1.0", "if of_clusters else 0.0"),
        "Completeness.score",
    )[0],
    *_both("empty_is_zero", "no sample scores 0", ("return 1.0, 1.0", "return 0.0, 0.0"), *_SCORES),
    *(
        bugs_of(member, _ENTROPY)(
            "entropy_of_share",
            "log(c/n) for log c - log n",
            ("(np.log(shares) - math.log(total))", "np.log(shares / total)"),
        )
        for member in _ENTROPIES
    ),
    *(
        bugs_of(member, _ENTROPY)(
            "entropy_in_bits",
            "entropies in bits, the information in nats",
            ("return float(-np.sum(", "return 1 / math.log(2) * float(-np.sum("),
        )
        for member in _ENTROPIES
    ),
    _V("no_guard", "0/0 where both are 0", ("if homogeneity + completeness == 0.0:", "if False:")),
    _V(
        "geometric",
        "the geometric mean of the two",
        (
            "2.0 * homogeneity * completeness / (1.0 * homogeneity + completeness)",
            "(homogeneity * completeness) ** 0.5",
        ),
    ),
    _NMI(
        "mean_is_max",
        "the larger entropy for the mean",
        (
            "(entropy(table.row_sums) + entropy(table.column_sums)) / 2.0",
            "max(entropy(table.row_sums), entropy(table.column_sums))",
        ),
    ),
    _NMI(
        "one_label_each_is_zero",
        "one label each scores 0",
        ("if classes == clusters and classes <= 1:", "if False:"),
    ),
    _FM(
        "no_pair_is_one",
        "no shared pair scores 1",
        ("if tk == 0:\n    return 0.0", "if tk == 0:\n    return 1.0"),
    ),
    _FM(
        "self_pairs",
        "each sample paired with itself",
        ("tk = squares(table.cells) - n", "tk = squares(table.cells)"),
    ),
    _FM(
        "pk_from_rows",
        "both factors over the truth's pairs",
        ("pk = squares(table.column_sums) - n", "pk = squares(table.row_sums) - n"),
    ),
    _FM(
        "over_root_of_product",
        "tk / sqrt(pk·qk), one rounding fewer",
        (
            "math.sqrt(float(tk) / float(pk)) * math.sqrt(float(tk) / float(qk))",
            "float(tk) / math.sqrt(float(pk) * float(qk))",
        ),
    ),
)
