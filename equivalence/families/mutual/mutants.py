"""Seeded porting bugs of ``AdjustedMutualInformation.score``: one step of the chance
correction changed each."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

_AMI = bugs_of("AdjustedMutualInformation.score", "clustering.adjusted_mutual_information")
_EMI = "clustering.adjusted_mutual_information:expected_mutual_information"

MUTANTS: tuple[Mutant, ...] = (
    _AMI(
        "cells_only",
        "the expectation summed over the non-empty cells only",
        (
            "weight = np.outer(row_counts, column_counts).ravel()",
            "weight = np.zeros(a.size, dtype=np.int64)\n"
            "np.add.at(weight, np.searchsorted(row_sizes, rows[table.rows]) * column_sizes.size"
            " + np.searchsorted(column_sizes, columns[table.columns]), 1)",
        ),
    ),
    _AMI(
        "short_range",
        "nᵢⱼ stopping one short of min(a, b)",
        ("np.maximum(end - start + 1, 0)", "np.maximum(end - start, 0)"),
    ),
    _AMI(
        "stirling_short",
        "Stirling's series without its correction terms",
        ("+ _HALF_LOG_TWO_PI + series", "+ _HALF_LOG_TWO_PI"),
    ),
    _AMI(
        "narrow_window",
        "the counts cut at one standard deviation's reach, not at e⁻⁸⁰⁰",
        ("np.sqrt(400.0 * np.minimum(a, b)) + 1", "np.sqrt(np.minimum(a, b) / 4.0)"),
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
