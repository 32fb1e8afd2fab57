"""Seeded porting bugs of ``AdjustedMutualInformation.score``: one step of the chance
correction changed each."""

from __future__ import annotations

from equivalence.mutants.model import Mutant, bugs_of

__all__ = ["MUTANTS"]

_AMI = bugs_of("AdjustedMutualInformation.score", "clustering.adjusted_mutual_information")
_EMI = "clustering.adjusted_mutual_information:expected_mutual_information"

MUTANTS: tuple[Mutant, ...] = (
    _AMI(
        "cells_only",
        "the expectation summed over the non-empty cells only",
        (
            "a, b = np.repeat(rows, columns.size), np.tile(columns, rows.size)",
            "a, b = rows[table.rows], columns[table.columns]",
        ),
    ),
    _AMI(
        "short_range",
        "nᵢⱼ stopping one short of min(a, b)",
        ("np.minimum(a, b) - start + 1", "np.minimum(a, b) - start"),
    ),
    _AMI(
        "running_log_sum",
        "log-factorials from a running sum of float32 logarithms",
        (
            "np.fromiter(map(math.lgamma, range(1, samples + 2)), np.float64, samples + 1)",
            "np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, samples + 1, "
            "dtype=np.float32)), dtype=np.float32))).astype(np.float64)",
        ),
    ),
    _AMI(
        "factorial_of_n_once",
        "log n! added where it is subtracted",
        ("- (factorial[nij] + factorial[n])", "- (factorial[nij] - factorial[n])"),
    ),
    _AMI(
        "mean_is_max",
        "the larger entropy for the mean",
        (
            "(entropy(table.row_sums) + entropy(table.column_sums)) / 2.0",
            "max(entropy(table.row_sums), entropy(table.column_sums))",
        ),
    ),
    _AMI(
        "one_side_one_label_is_one",
        "one label on one side scores as on both",
        ("if classes == clusters and classes <= 1:", "if min(classes, clusters) <= 1:"),
    ),
    _AMI(
        "normalized",
        "no expectation subtracted",
        ("expected = expected_mutual_information(table)", "expected = 0.0"),
    ),
)
