"""The score curves: ``RocCurve.compute``. scikit-learn is always asked with ``pos_label``
passed explicitly, which is also what lets ``y_true`` hold three labels or more.

Measured on 1.3.2, 1.6.1 and 1.9.1: every version refuses a NaN or infinite score or
weight, empty input and (1.9 in its own sentence, earlier with an ``IndexError``) weights
that are zero throughout; every version answers NaN throughout a rate whose class totals
zero or less. What moved is the order of tied scores: before 1.8 they were walked in
reverse sample order (a reversed ``mergesort``), from 1.8 in sample order (a stable
descending sort), so weighted running sums can round differently inside a tie.

Every ``expected`` below is worked out with NumPy alone, from the steps the newest
scikit-learn takes, never by calling lodestar.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, scores
from equivalence.model import Call, Divergence, Edge, Member, VersionRange, distance
from equivalence.view import View
from lodestar.metrics import RocCurve

__all__ = ["MEMBERS", "ROC_CURVE"]

from equivalence.draw.scores import Array


def roc_expected(v: View, reverse_ties: bool = False) -> list[Array]:
    fps, tps, thresholds = scores.walk(v, reverse_ties)
    if v["drop_intermediate"] and fps.size > 2:
        keep = np.r_[True, np.diff(fps, 2) != 0, True] | np.r_[True, np.diff(tps, 2) != 0, True]
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    fps, tps = np.r_[0.0, fps], np.r_[0.0, tps]
    rates = [c / c[-1] if c[-1] > 0 else np.full(c.shape, np.nan) for c in (fps, tps)]
    return [*rates, np.r_[np.inf, thresholds]]


def _roc_oracle(v: View) -> list[Array]:
    from sklearn.metrics import roc_curve

    keywords = {"pos_label": v["pos_label"], "sample_weight": v.unweighted}
    answer = roc_curve(*v.args[:2], drop_intermediate=v["drop_intermediate"], **keywords)
    return [np.asarray(part, dtype=np.float64) for part in answer]


def _tie_order_differs(v: View) -> bool:
    if v.derived(scores.parts) is None or v.weight is None:
        return False
    return bool(distance(roc_expected(v), roc_expected(v, reverse_ties=True)))


def _dropped(v: View) -> bool:
    if v.derived(scores.parts) is None or not v["drop_intermediate"]:
        return False
    return len(v.derived(roc_expected)[2]) < len(v.derived(scores.walk)[2]) + 1


ROC_CURVE = Member(
    name="RocCurve.compute",
    csharp="RocCurve.Compute",
    page="reference/metrics/classification/roccurve-compute.md",
    implementation=RocCurve.compute,
    oracle=_roc_oracle,
    oracle_call="roc_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, "
    "drop_intermediate=drop_intermediate)",
    since="1.3",
    scenarios=blocks.scenarios(partial(scores.calls, flag="drop_intermediate"), scores.SCENARIOS),
    edges=(
        *scores.EDGES,
        Edge("collinear_dropped", "drop_intermediate drops a point", _dropped),
    ),
    divergences=(
        Divergence(
            "tie_order",
            "value",
            "Tied scores are walked in sample order, as from 1.8 on; before 1.8 scikit-learn "
            "walked them in reverse sample order, so with weights a running sum inside a tie "
            "can round differently (and a point can be kept or dropped by drop_intermediate).",
            _tie_order_differs,
            roc_expected,
            VersionRange(until="1.8"),
        ),
        shared.malformed_pos_label(),
    ),
    project=lambda curve: [curve.false_positive_rate, curve.true_positive_rate, curve.thresholds],
    roles={"drop_intermediate": "flag"},
    example=Call(
        ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
        {"pos_label": 1, "sample_weight": [1.0, 2.0, 1.0, 2.0], "drop_intermediate": True},
    ),
)

MEMBERS = (ROC_CURVE,)
