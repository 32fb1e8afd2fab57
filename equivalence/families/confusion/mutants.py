"""Seeded porting bugs of the confusion-matrix members.

``ConfusionMatrix.compute``, ``ConfusionMatrix.to_array``, ``Accuracy.score[cm]``,
``BalancedAccuracy.score`` and ``BalancedAccuracy.score[cm]``. A bug that needs what the
matrix does not keep (the samples the labels dropped, the sample counts behind the
weights) has ``compute`` keep it in one more slot, which the bug then reads.
"""

from __future__ import annotations

from equivalence.mutant import Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_CM = "classification.confusion_matrix"
_COMPUTE = f"{_CM}:ConfusionMatrix.compute"
compute = bugs_of("ConfusionMatrix.compute", _COMPUTE)
to_array = bugs_of("ConfusionMatrix.to_array", f"{_CM}:ConfusionMatrix.to_array")
accuracy = bugs_of("Accuracy.score[cm]", "classification.accuracy:Accuracy.score")

_CELLS = "cells = _count(true_code, pred_code, len(order), weight)"
_COUNT = "return ConfusionMatrix._of(cells, order, tallies)"
_MATRIX = "matrix = ConfusionMatrix._of(cells, order, tallies)"


def _keeping(assignment: str) -> Patch:
    """``compute`` sets one more attribute of the matrix before returning it."""
    return Patch(_COMPUTE, _COUNT, f"{_MATRIX}\n{assignment}\nreturn matrix")


def _slot(name: str) -> Patch:
    """One more slot in ``ConfusionMatrix``, for what a bug has ``compute`` keep."""
    slots = '__slots__ = ("_cells", "_labels", "_tallies", "_total")'
    return Patch(f"{_CM}:ConfusionMatrix", slots, slots.replace('"_total"', f'"_total", "{name}"'))


UNWEIGHTED = Patch(_COMPUTE, _CELLS, _CELLS.replace("weight)", "None)"))
TOTAL_OF_EVERY_SAMPLE = _keeping(
    "matrix._total = float(len(truth) if weight is None else weight.sum())"
)
SUPPORT_OF_EVERY_SAMPLE = (
    _slot("_support"),
    _keeping(
        "matrix._support = np.bincount(true_code, weights=weight, minlength=len(order) + 1)"
        "[: len(order)]"
    ),
)
_RECALL = "recall = np.diagonal(cells) / cells.sum(axis=1)"
_BALANCED: tuple[tuple[str, str, tuple[tuple[str, str] | Patch, ...]], ...] = (
    (
        "undefined_as_zero",
        "a class with no true sample scores 0",
        (
            (
                "kept = recall[~np.isnan(recall)]",
                "kept = np.nan_to_num(recall, nan=0.0, posinf=np.inf, neginf=-np.inf)",
            ),
        ),
    ),
    (
        "chance_over_every_label",
        "adjusted divides by every label, not the classes kept",
        (("chance = 1 / kept.size", "chance = 1 / recall.size"),),
    ),
    ("unweighted", "weights validated, then dropped", (UNWEIGHTED,)),
    (
        "support_over_every_sample",
        "recall over the class's weight before the labels dropped samples",
        (*SUPPORT_OF_EVERY_SAMPLE, (_RECALL, "recall = np.diagonal(cells) / matrix._support")),
    ),
    (
        "drops_cancelling_rows",
        "a row whose weights cancel is dropped (the C# rule)",
        (
            (
                _RECALL,
                "sums = cells.sum(axis=1)\n"
                "recall = np.where(sums != 0, np.diagonal(cells) / sums, np.nan)",
            ),
        ),
    ),
    (
        "one_class_is_zero",
        "one kept class adjusts to 0",
        (
            (
                "score = (score - chance) / (1 - chance)",
                "score = (score - chance) / (1 - chance) if kept.size > 1 else 0.0",
            ),
        ),
    ),
)

MUTANTS: tuple[Mutant, ...] = (
    compute(
        "transposed",
        "rows are predictions",
        ("_count(true_code, pred_code,", "_count(pred_code, true_code,"),
    ),
    compute(
        "sorts_given_labels",
        "the caller's label order sorted",
        ("order = requested", "order = np.sort(requested)"),
    ),
    compute("unweighted", "weights dropped", UNWEIGHTED),
    compute(
        "total_counts_every_sample", "total weight includes dropped samples", TOTAL_OF_EVERY_SAMPLE
    ),
    compute(
        "no_truth_check",
        "labels absent from y_true not refused",
        ("if not (true_code < len(order)).any():", "if False:"),
    ),
    compute(
        "union_of_truth",
        "classes taken from y_true alone",
        (
            "order, true_code, pred_code = _sorted_union(truth, predicted)",
            "order = np.unique(truth)\n"
            "true_code, pred_code = _positions(order, truth), _positions(order, predicted)",
        ),
    ),
    compute(
        "values_as_indices",
        "label values used as positions",
        (
            _CELLS,
            "true_code, pred_code = (\n"
            "    np.where((c >= 0) & (c < len(order)), c, len(order)) for c in (truth, predicted)\n"
            f")\n{_CELLS}",
        ),
    ),
    to_array(
        "axes_swapped",
        "'true' and 'pred' swapped",
        ("cells / cells.sum(axis=1, keepdims=True)", "cells / cells.sum(axis=0, keepdims=True)"),
        ("cells / cells.sum(axis=0, keepdims=True)", "cells / cells.sum(axis=1, keepdims=True)"),
    ),
    to_array("nan_rows", "no nan_to_num", ("np.nan_to_num(scaled, copy=False)", "scaled")),
    to_array(
        "zero_for_cancelling_sums",
        "x/0 gives 0 (the C# rule)",
        (
            "np.nan_to_num(scaled, copy=False)",
            "np.nan_to_num(scaled, copy=False, posinf=0.0, neginf=0.0)",
        ),
    ),
    to_array(
        "all_over_samples",
        "'all' divides by the number of samples",
        _keeping("matrix._total = float(len(truth))"),
        ("scaled = cells / cells.sum()", "scaled = cells / self._total"),
    ),
    to_array(
        "rows_over_all_samples",
        "'true' divides by the class weight before dropping",
        *SUPPORT_OF_EVERY_SAMPLE,
        (
            "scaled = cells / cells.sum(axis=1, keepdims=True)",
            "scaled = cells / self._support[:, None]",
        ),
    ),
    to_array(
        "any_mode_is_raw",
        "an unknown mode returns raw cells",
        Patch(
            f"{_CM}:_normalization",
            "raise ArgumentOutOfRangeError(",
            "return Normalization.NONE\nraise ArgumentOutOfRangeError(",
        ),
    ),
    accuracy("over_every_sample", "the total includes dropped samples", TOTAL_OF_EVERY_SAMPLE),
    accuracy(
        "ignores_labels",
        "scores every sample, as the span form",
        Patch(
            _COMPUTE,
            _CELLS,
            f"order, true_code, pred_code = _sorted_union(truth, predicted)\n{_CELLS}",
        ),
    ),
    accuracy(
        "count_unweighted",
        "normalize=False counts samples",
        _slot("_counts"),
        _keeping(
            "matrix._counts = float(np.trace(_count(true_code, pred_code, len(order), None)))"
        ),
        ("return diagonal\n", "return matrix._counts\n"),
    ),
    accuracy(
        "zero_total_divides",
        "a zero total divided (the C# code)",
        (
            "if matrix.total_weight == 0.0:\n"
            '    raise ArgumentError("Weights sum to zero, can\'t be normalized", "cm")\n'
            "return diagonal / matrix.total_weight",
            "return float(np.float64(diagonal) / matrix.total_weight)",
        ),
    ),
    accuracy(
        "diagonal_by_value",
        "the diagonal read at label values",
        (
            "diagonal = float(np.trace(matrix_cells(matrix)))",
            "diagonal = float(\n"
            "    sum(matrix[v, v] for v in matrix.labels if 0 <= v < len(matrix.labels))\n"
            ")",
        ),
    ),
    *(
        bugs_of(member, "classification.balanced_accuracy:BalancedAccuracy.score")(
            name, description, *changes
        )
        for member in ("BalancedAccuracy.score", "BalancedAccuracy.score[cm]")
        for name, description, changes in _BALANCED
    ),
)
