"""Seeded porting bugs of ``PrecisionRecallCurve.compute`` and ``DetCurve.compute``."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of, flipped_default

__all__ = ["MUTANTS"]

pr, steps, det = (
    bugs_of(member, f"classification.{where}")
    for member, where in (
        ("PrecisionRecallCurve.compute", "precision_recall_curve:PrecisionRecallCurve.compute"),
        ("PrecisionRecallCurve.compute", "precision_recall_curve:count_steps"),
        ("DetCurve.compute", "det_curve"),
    )
)
_PREPENDED = (
    ("np.concatenate(([0.0], points.true_positives))", "points.true_positives"),
    ("np.concatenate(([0.0], points.false_positives))", "points.false_positives"),
    ("np.concatenate(([np.inf], points.thresholds))", "points.thresholds"),
)

MUTANTS: tuple[Mutant, ...] = (
    pr(
        "recall_nan_without_positives",
        "no positive weight divides by zero instead of answering recall 1",
        ("np.ones(tps.size) if tps[-1] == 0 else tps / tps[-1]", "tps / tps[-1]"),
    ),
    pr(
        "precision_nan_where_nothing_weighs",
        "a threshold whose weight is zero divides instead of answering 0",
        ("np.where(predicted != 0, tps / predicted, 0.0)", "tps / predicted"),
    ),
    pr(
        "final_point_recall_one",
        "the last point put at recall 1 instead of 0",
        ("np.append(recall[::-1], 0.0)", "np.append(recall[::-1], 1.0)"),
    ),
    pr(
        "roc_drop_rule",
        "drop_intermediate drops where neither count bends, as the ROC curve does",
        ("keep = count_steps(tps)", "keep = _thresholds.bends(fps, tps)"),
    ),
    pr(
        "drop_by_default",
        "drop_intermediate on by default",
        flipped_default("drop_intermediate", False),
    ),
    steps(
        "drop_inside_both",
        "a point kept only when its count moves on both sides",
        ("step[:-1] | step[1:]", "step[:-1] & step[1:]"),
    ),
    det(
        "no_infinite_point",
        "no point at an infinite threshold, as before scikit-learn 1.7",
        *_PREPENDED,
    ),
    det(
        "trailing_run_kept",
        "the cut ends at the last point of the final true-positive count, not the first",
        ("np.searchsorted(tps, tps[-1])", 'np.searchsorted(tps, tps[-1], side="right")'),
    ),
    det(
        "leading_run_kept",
        "the cut starts at the first point, zero false positives or not",
        ('np.searchsorted(fps, fps[0], side="right")', 'np.searchsorted(fps, fps[0], side="left")'),
    ),
    det(
        "miss_rate_from_hit_rate",
        "the false-negative rate taken as one minus the true-positive rate",
        ("(tps[-1] - tps)[cut][::-1] / tps[-1]", "1.0 - tps[cut][::-1] / tps[-1]"),
    ),
    det(
        "more_labels_answered",
        "a y_true of three labels answered rather than refused",
        ("if distinct != 2:", "if distinct < 2:"),
    ),
    det(
        "drop_by_default",
        "drop_intermediate on by default",
        flipped_default("drop_intermediate", False),
    ),
)
