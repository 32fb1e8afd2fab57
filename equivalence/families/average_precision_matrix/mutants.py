"""Seeded porting bugs of ``AveragePrecision.per_label`` and of the label-matrix form of
``AveragePrecision.score``."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

_AT = "ranking.average_precision:"
read, column, each = (
    bugs_of("AveragePrecision.per_label", _AT + f) for f in ("_matrices", "_column", "_per_label")
)
mixed, mode = (
    bugs_of("AveragePrecision.score[matrix]", _AT + f) for f in ("_combined", "_matrix_averaging")
)
_MACRO = "return float(np.average(_per_label(truth, scores, weight)))"
_PRESENT = "present = truth.any(axis=0)\nif not present.any():\n    return 0.0\n"

MUTANTS: tuple[Mutant, ...] = (
    read(
        "column_major_scores",
        "flat scores read column by column",
        ("flat.reshape(-1, count)", "flat.reshape(count, -1).T"),
    ),
    read(
        "one_label_refused", "label_count = 1 refused", ('"label_count", 1,', '"label_count", 2,')
    ),
    column(
        "negatives_positive",
        "False taken as the positive label",
        ("scores, 1, weight", "scores, 0, weight"),
    ),
    column(
        "no_positive_nan",
        "a label with no positive scored NaN",
        ("return step_sum(", "if not truth.any():\n    return float('nan')\nreturn step_sum("),
    ),
    each(
        "columns_unweighted",
        "the row weights left out of each column",
        ("scores[:, c], weight)", "scores[:, c], None)"),
    ),
    mixed(
        "micro_weights_tiled",
        "MICRO tiles the weights instead of repeating each along its row",
        ("np.repeat(", "np.tile("),
    ),
    mixed(
        "one_label_averaged",
        "a single label averaged like many (the C# path)",
        (" or truth.shape[1] == 1:", ":"),
    ),
    mixed(
        "support_unweighted",
        "WEIGHTED weighs the labels by their count of positives",
        ("if weight is None\n", "if True\n"),
    ),
    mixed(
        "macro_over_present_labels",
        "MACRO over the labels some sample carries",
        (_MACRO, _PRESENT + _MACRO.replace("))", ")[present])")),
    ),
    mode(
        "binary_accepted",
        "averaging BINARY accepted over a matrix",
        ("if mode is Averaging.BINARY:", "if False:"),
    ),
)
