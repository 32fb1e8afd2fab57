"""Seeded porting bugs of ``BrierScore.score``, ``LogLoss.score`` and ``LogLoss.multi_class``:
a clip bound from an older scikit-learn or half forgotten, a row renormalised, ``pos_label``
inferred as scikit-learn infers it, the pre-1.7 Brier arithmetic, a default flipped."""

from __future__ import annotations

from equivalence.mutant import (
    OUTSIDE_LABELS_KEPT,
    ZERO_SUM_DIVIDES,
    Patch,
    bugs_of,
    flipped_default,
    unweighted,
)

__all__ = ["MUTANTS"]

_LOG = "classification.log_loss"
log_loss = bugs_of("LogLoss.score", f"{_LOG}:LogLoss.score")
brier = bugs_of("BrierScore.score", "classification.brier_score:BrierScore.score")
multi = bugs_of("LogLoss.multi_class", f"{_LOG}:LogLoss.multi_class")

_CLIP = "np.clip(chosen, EPSILON, 1.0 - EPSILON)"
CLIP_1E15 = Patch(f"{_LOG}:_costs", _CLIP, "np.clip(chosen, 1e-15, 1 - 1e-15)")
BOTTOM_CLIP_ONLY = Patch(f"{_LOG}:_costs", _CLIP, "np.maximum(chosen, EPSILON)")
SUM_UNWEIGHTED = Patch(f"{_LOG}:_finish", *unweighted("total(costs"))
_COSTS = "return _finish(_costs(chosen), weight, normalize)"
_END = "return _finish(costs, weight, normalize)"
_HIT = "hit = (truth == positive)"
#: ``pos_label`` inferred as scikit-learn infers it: the greater label of ``y_true``.
GREATER = ("truth == positive", "truth == truth.max()")


MUTANTS = (
    log_loss("clip_1e15", "clipped at 1e-15", CLIP_1E15),
    log_loss("bottom_clip_only", "the top of the clip forgotten", BOTTOM_CLIP_ONLY),
    log_loss("greater_label", "pos_label inferred as the greater label", GREATER),
    log_loss(
        "log1p_complement",
        "-log1p(-p) for the other label",
        (
            _COSTS,
            "clipped = np.clip(proba, EPSILON, 1.0 - EPSILON)\n"
            f"costs = np.where(truth == positive, -np.log(clipped), -np.log1p(-clipped))\n{_END}",
        ),
    ),
    log_loss("sum_unweighted", "weights dropped from the sum", SUM_UNWEIGHTED),
    log_loss("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    brier(
        "unhalved_by_default",
        "scale_by_half defaults to False",
        flipped_default("scale_by_half", True),
    ),
    brier(
        "one_column",
        "the pre-1.7 arithmetic, one column squared, (t - p) ** 2",
        (
            "distances = np.square((1.0 - hit) - (1.0 - proba))\n"
            "distances += np.square(hit - proba)",
            "distances = 2.0 * np.square(hit - proba)",
        ),
    ),
    brier("greater_label", "pos_label inferred as the greater label", GREATER),
    brier(
        "clipped",
        "probabilities clipped to eps",
        (_HIT, f"eps = np.finfo(np.float64).eps\nproba = np.clip(proba, eps, 1.0 - eps)\n{_HIT}"),
    ),
    brier("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    brier("weights_ignored", "weights dropped", unweighted("weighted_mean(distances")),
    multi(
        "renormalises_rows",
        "rows clipped, then divided by their sum (scikit-learn before 1.5)",
        (
            f"chosen = rows[np.arange(len(truth)), truth]\n{_COSTS}",
            "clipped = np.clip(rows, EPSILON, 1.0 - EPSILON)\n"
            "rows = clipped / clipped.sum(axis=1, keepdims=True)\n"
            "return _finish(-np.log(rows[np.arange(len(truth)), truth]), weight, normalize)",
        ),
    ),
    multi("clip_1e15", "clipped at 1e-15", CLIP_1E15),
    multi(
        "every_column",
        "every column scored as binary cross-entropy",
        (
            _COSTS,
            "one_hot = np.eye(class_count, dtype=bool)[truth]\n"
            f"costs = np.where(one_hot, _costs(rows), _costs(1.0 - rows)).sum(axis=1)\n{_END}",
        ),
    ),
    multi(
        "outside_label_costs_nothing",
        "a label outside the rows costs 0",
        OUTSIDE_LABELS_KEPT,
        ("_finish(_costs(chosen),", "_finish(np.where(inside, _costs(chosen), 0.0),"),
    ),
    multi("sum_unweighted", "weights dropped from the sum", SUM_UNWEIGHTED),
    multi("bottom_clip_only", "the top of the clip forgotten", BOTTOM_CLIP_ONLY),
)
