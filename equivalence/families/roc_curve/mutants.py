"""Seeded porting bugs of ``RocCurve.compute`` and the threshold walk it shares."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

walk, ties, counted, rate, bends, roc = (
    bugs_of("RocCurve.compute", f"classification.{where}")
    for where in (
        *("_thresholds:walk", "_thresholds:_last_of_each_tie", "_thresholds:_counted"),
        *("_thresholds:rate", "_thresholds:bends", "roc_curve"),
    )
)
_FIRST = (
    "np.append(np.flatnonzero(np.diff(ordered)), ordered.size - 1)",
    "np.append(0, np.flatnonzero(np.diff(ordered)) + 1)",
)
_ABOVE = (
    "np.searchsorted(positives, thresholds)",
    'np.searchsorted(positives, thresholds, "right")',
)
_ASCENDING_TIES = ('np.argsort(-score, kind="stable")', 'np.argsort(score, kind="stable")[::-1]')
_CSHARP_BEND = (
    "(np.diff(first, 2) != 0) | (np.diff(second, 2) != 0)",
    "(first[2:] - 2.0 * first[1:-1] + first[:-2] != 0)"
    " | (second[2:] - 2.0 * second[1:-1] + second[:-2] != 0)",
)

MUTANTS: tuple[Mutant, ...] = (
    walk(
        "zero_weight_kept",
        "samples of zero weight kept as thresholds",
        ("not weight.all()", "False"),
    ),
    walk("ties_reversed", "tied scores walked in reverse sample order", _ASCENDING_TIES),
    ties("first_of_tie", "a tie read at its first sample", _FIRST),
    counted("strictly_above", "positives counted strictly above each threshold", _ABOVE),
    walk(
        "unweighted_fps",
        "false positives counted, weights dropped",
        ("(1.0 - ordered_hit) * ordered_weight", "(1.0 - ordered_hit)"),
    ),
    rate(
        "zero_total_only", "NaN only where the total is exactly zero", ("total <= 0", "total == 0")
    ),
    bends(
        "one_count_bends", "a bend in the true positives only", (" | (np.diff(second, 2) != 0)", "")
    ),
    bends("csharp_second_difference", "x[i+1] - 2x[i] + x[i-1] for np.diff(x, 2)", _CSHARP_BEND),
    roc(
        "origin_not_nan",
        "the prepended origin kept at 0 when a rate is NaN",
        (
            "fps, tps = np.concatenate(([0.0], fps)), np.concatenate(([0.0], tps))",
            "fps, tps = fps, tps",
        ),
        (
            "fpr, tpr = _thresholds.rate(fps, fps[-1]), _thresholds.rate(tps, tps[-1])",
            "fpr, tpr = (np.r_[0.0, _thresholds.rate(c, c[-1])] for c in (fps, tps))",
        ),
    ),
)
