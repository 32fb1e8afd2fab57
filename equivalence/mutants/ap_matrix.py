"""Seeded porting bugs of ``AveragePrecision.per_label`` and the label-matrix form of
``AveragePrecision.score``."""

from __future__ import annotations

from equivalence.mutants.model import Mutant, bugs_of

__all__ = ["MUTANTS"]

_WHERE = "ranking.average_precision"
read, column, each = (
    bugs_of("AveragePrecision.per_label", f"{_WHERE}:{where}")
    for where in ("_matrices", "_column", "_per_label")
)
combined, averaging = (
    bugs_of("AveragePrecision.score[matrix]", f"{_WHERE}:{where}")
    for where in ("_combined", "_matrix_averaging")
)

MUTANTS: tuple[Mutant, ...] = (
    read(
        "column_major_scores",
        "the flat score matrix read column by column (index label * rows + row)",
        ("scores = flat.reshape(-1, count)", "scores = flat.reshape(count, -1).T"),
    ),
    read(
        "one_label_refused",
        "label_count = 1 refused, as coverage and the ranking loss refuse it",
        (
            '_inputs.count(label_count, "label_count", 1,',
            '_inputs.count(label_count, "label_count", 2,',
        ),
    ),
    column(
        "negatives_positive",
        "each column scored with False as the positive label",
        ("truth.view(np.int8), scores, 1, weight", "truth.view(np.int8), scores, 0, weight"),
    ),
    column(
        "no_positive_nan",
        "a label no sample carries scored NaN instead of 0",
        (
            "return step_sum(",
            "if not truth.any():\n    return float('nan')\nreturn step_sum(",
        ),
    ),
    each(
        "columns_unweighted",
        "the row weights left out of each column's walk",
        ("_column(truth[:, c], scores[:, c], weight)", "_column(truth[:, c], scores[:, c], None)"),
    ),
    combined(
        "micro_weights_tiled",
        "MICRO repeats the weight vector once a label (tile) instead of each weight along its row",
        ("np.repeat(weight, truth.shape[1])", "np.tile(weight, truth.shape[1])"),
    ),
    combined(
        "one_label_averaged",
        "a single label averaged like many (the weighted mean of one value rounds; 0 when its "
        "weight cancels)",
        ("if mode is Averaging.MICRO or truth.shape[1] == 1:", "if mode is Averaging.MICRO:"),
    ),
    combined(
        "support_unweighted",
        "WEIGHTED weighs each label by its count of positives, the row weights left out",
        ("np.sum(truth, axis=0)\nif weight is None", "np.sum(truth, axis=0)\nif True"),
    ),
    combined(
        "macro_over_present_labels",
        "MACRO takes the mean over the labels some sample carries only",
        (
            "return float(np.average(_per_label(truth, scores, weight)))",
            "present = truth.any(axis=0)\n"
            "if not present.any():\n    return 0.0\n"
            "return float(np.average(_per_label(truth, scores, weight)[present]))",
        ),
    ),
    combined(
        "cancelling_totals_divided",
        "WEIGHTED divides by labels' weights that total exactly zero instead of answering 0",
        ("if abs(totals.sum()) <= 1e-08:\n    return 0.0", ""),
    ),
    averaging(
        "binary_accepted",
        "averaging BINARY accepted over a matrix (read as WEIGHTED)",
        ("if mode is Averaging.BINARY:", "if False:"),
    ),
)
