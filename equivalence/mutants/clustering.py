"""Seeded porting bugs of the clustering family's agreement scores.

The counting is shared, so two of its bugs (a table whose cell index takes the wrong
stride, labels cut to 32 bits) are held against every member; the rest change one step
of one member. None renames clusters in another order: every score is blind to it, so
that port is right.
"""

from __future__ import annotations

from equivalence.mutants.model import Change, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_COUNTING = "clustering._counting"
_PAIRS = "clustering.pair_confusion_matrix:PairConfusionMatrix.compute"
_ALL = (
    "PairConfusionMatrix.compute",
    "PairConfusionMatrix.to_array",
    "RandIndex.score",
    "AdjustedRand.score",
    "MutualInformation.score",
)
_BUGS: tuple[tuple[tuple[str, ...], str, str, Change], ...] = (
    # -- the counting, under every member
    (
        _ALL,
        "cell_stride",
        "a cell's index strides by the classes, not the clusters",
        Patch(f"{_COUNTING}:contingency", "true_rank * clusters", "true_rank * classes"),
    ),
    (
        _ALL,
        "labels_int32",
        "labels cut to 32 bits, as a port on int spans would",
        Patch(
            f"{_COUNTING}:labellings",
            "return truth, predicted",
            "return truth.astype(np.int32), predicted.astype(np.int32)",
        ),
    ),
    # -- the pair counts, under the members that read them
    (
        _ALL[:4],
        "self_pairs",
        "each sample paired with itself",
        Patch(_PAIRS, "same_in_both=both - n", "same_in_both=both"),
    ),
    (
        _ALL[:2],
        "rows_for_columns",
        "the predicted side's squares taken over the rows",
        Patch(_PAIRS, "squares(table.column_sums) - both", "squares(table.row_sums) - both"),
    ),
    (
        _ALL[:2],
        "n_times_n_minus_one",
        "the pairs apart in both counted from n·(n - 1)",
        Patch(_PAIRS, "n * n - predicted_only", "n * (n - 1) - predicted_only"),
    ),
    (
        _ALL[1:2],
        "transposed",
        "the array's off-diagonal cells swapped",
        Patch(
            "clustering.pair_confusion_matrix:PairConfusionMatrix.to_array",
            "[self.different_in_both, self.same_in_predicted_only]",
            "[self.different_in_both, self.same_in_true_only]",
        ),
    ),
    (
        _ALL[:1],
        "unordered",
        "each unordered pair counted once",
        Patch(_PAIRS, "same_in_both=both - n", "same_in_both=(both - n) // 2"),
    ),
    # -- the Rand index
    (
        _ALL[2:3],
        "agreed_together_only",
        "only the pairs together in both agree",
        Patch(
            "clustering.rand_index",
            "agreed = pairs.different_in_both + pairs.same_in_both",
            "agreed = pairs.same_in_both",
        ),
    ),
    (
        _ALL[2:3],
        "no_pair_is_zero",
        "no pair at all divides 0 by 0",
        Patch("clustering.rand_index", "if agreed == total:", "if agreed == total != 0:"),
    ),
    # -- the adjusted Rand index
    (
        _ALL[3:4],
        "no_early_one",
        "no answer before the formula: 0/0 on no pair",
        Patch("clustering.adjusted_rand", "if fn == 0 and fp == 0:", "if False:"),
    ),
    (
        _ALL[3:4],
        "cross_term",
        "fn·fn for fn·fp in the numerator",
        Patch("clustering.adjusted_rand", "tp * tn - fn * fp", "tp * tn - fn * fn"),
    ),
    (
        _ALL[3:4],
        "denominator_paired",
        "the denominator's factors paired the other way",
        Patch("clustering.adjusted_rand", "(tp + fn) * (fn + tn)", "(tp + fn) * (fp + tn)"),
    ),
    # -- the mutual information
    (
        _ALL[4:],
        "bits",
        "the result in bits, not nats",
        Patch(
            "clustering.mutual_information",
            "return max(float(terms.sum()), 0.0)",
            "return max(float(terms.sum()) / math.log(2), 0.0)",
        ),
    ),
    (
        _ALL[4:],
        "empty_fails",
        "empty input reaches the logarithm of 0",
        Patch(
            "clustering.mutual_information",
            "size <= 1 or table.column_sums.size <= 1",
            "size == 1 or table.column_sums.size == 1",
        ),
    ),
    (
        _ALL[4:],
        "log_of_share",
        "log(nᵢⱼ/n) where scikit-learn takes log nᵢⱼ - log n",
        Patch(
            "clustering.mutual_information", "(np.log(table.cells) - log_total)", "np.log(share)"
        ),
    ),
    (
        _ALL[4:],
        "outer_by_rows",
        "the column total read at the cell's row",
        Patch(
            "clustering.mutual_information",
            "table.column_sums[table.columns]",
            "table.column_sums[np.minimum(table.rows, table.column_sums.size - 1)]",
        ),
    ),
)

MUTANTS: tuple[Mutant, ...] = tuple(
    bugs_of(member, "clustering")(name, description, change)
    for members, name, description, change in _BUGS
    for member in members
)
