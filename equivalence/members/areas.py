"""The areas under a binary score's curves: ``RocAuc.score`` and
``AveragePrecision.score``, drawn as the curves are (:mod:`equivalence.scores`).

``roc_auc_score`` has no ``pos_label``: it is asked about ``y_true == pos_label`` when
``y_true`` holds two labels at most, and about ``y_true`` itself otherwise (where every
version refuses a single score column). Measured on 1.3.2 to 1.9.1: a single class was a
``ValueError`` before 1.6 and is NaN under a warning from 1.6; negative weights that make
the false positive rate go back are refused by ``auc`` in every version. Before 1.6
``average_precision_score`` returned its sum unclipped (``-0.0``, or below zero with
negative weights); from 1.6 it is ``max(0, sum)``. Ties are walked in reverse sample order
before 1.8, as for ``RocCurve.compute``.

Every ``expected`` below is worked out with NumPy alone from :func:`scores.walk`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np
from hypothesis import strategies as st

from equivalence import blocks, scores, shared
from equivalence.model import Call, Divergence, Edge, Member, VersionRange, distance
from equivalence.view import View
from lodestar.metrics import AveragePrecision, RocAuc

__all__ = ["AVERAGE_PRECISION", "MEMBERS", "ROC_AUC"]

_FLAG = "drop_intermediate"  # drawn by the shared strategy, then left out of the call
_SCENARIOS = scores.SCENARIOS.replace("bends ", "")


def _calls(scenario: str) -> st.SearchStrategy[Call]:
    drawn = scores.calls(scenario, flag=_FLAG)
    return drawn.map(lambda c: Call(c.args, {k: x for k, x in c.kwargs.items() if k != _FLAG}))


def _labels(v: View) -> int:
    return len(set(v.truth.tolist())) if v.truth is not None else 0


# -- RocAuc.score -----------------------------------------------------------------------


def auc_expected(v: View, reverse_ties: bool = False) -> float:
    """``auc(*roc_curve(...)[:2])`` in NumPy: the curve with its collinear points dropped,
    the rates, and the trapezoids summed pairwise (NaN where a class weighs nothing)."""
    fps, tps, _ = scores.walk(v, reverse_ties)
    if fps.size > 2:
        keep = np.r_[True, (np.diff(fps, 2) != 0) | (np.diff(tps, 2) != 0), True]
        fps, tps = fps[keep], tps[keep]
    x, y = (np.r_[0.0, c] / c[-1] if c[-1] > 0 else np.full(c.size + 1, np.nan) for c in (fps, tps))
    return float((np.diff(x) * (y[1:] + y[:-1]) / 2.0).sum())


def _roc_auc_oracle(v: View) -> float:
    from sklearn.metrics import roc_auc_score

    y_true = v["y_true"] if _labels(v) > 2 or v.truth is None else v.truth == v["pos_label"]
    return float(roc_auc_score(y_true, v["y_score"], sample_weight=v.unweighted))


def _goes_back(v: View) -> bool:
    if v.derived(scores.parts) is None or _labels(v) != 2:
        return False
    fps = v.derived(scores.walk)[0]
    return fps[-1] > 0 and bool((np.diff(np.r_[0.0, fps]) < 0).any())


def _single_class(v: View) -> bool:
    truth, positive = v.truth, shared.pos_label(v)
    if truth is None or positive is None or not truth.size:
        return False
    return not 0 < int((truth == positive).sum()) < truth.size


def _tie_order(expected: Callable[..., float]) -> Divergence:
    def differs(v: View) -> bool:
        if v.derived(scores.parts) is None or v.weight is None or _single_class(v):
            return False
        return bool(distance(expected(v), expected(v, reverse_ties=True)))

    return Divergence(
        "tie_order",
        "value",
        "Tied scores are walked in sample order, as from 1.8 on; before 1.8 scikit-learn "
        "walked them in reverse sample order, so with weights a running sum inside a tie "
        "can round differently.",
        differs,
        partial(expected, reverse_ties=True),
        VersionRange(until="1.8"),
    )


ROC_AUC = Member(
    name="RocAuc.score",
    csharp="RocAuc.Score",
    page="reference/metrics/classification/rocauc-score.md",
    implementation=RocAuc.score,
    oracle=_roc_auc_oracle,
    oracle_call="roc_auc_score(y_true == pos_label, y_score, sample_weight=sample_weight)",
    since="1.3",
    scenarios=blocks.scenarios(_calls, _SCENARIOS),
    edges=(
        *scores.EDGES,
        Edge("single_class", "one label, or pos_label absent: refused", _single_class),
        Edge("rate_goes_back", "negative weights turn the false positive rate back", _goes_back),
    ),
    divergences=(
        Divergence(
            "single_class",
            "narrowing",
            "y_true holding one label (or two without pos_label) is refused, as the C# page "
            "says and scikit-learn did before 1.6; from 1.6 it warns and answers NaN.",
            _single_class,
            versions=VersionRange(since="1.6"),
        ),
        _tie_order(auc_expected),
        shared.malformed_pos_label(),
    ),
    example=Call(
        ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
        {"pos_label": 1, "sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)


# -- AveragePrecision.score ---------------------------------------------------------------


def ap_expected(v: View, reverse_ties: bool = False, clipped: bool = True) -> float:
    """``average_precision_score`` in NumPy: the step sum over the reversed curve."""
    fps, tps, _ = scores.walk(v, reverse_ties)
    ps = tps + fps
    precision = np.divide(tps, ps, out=np.zeros_like(tps), where=ps != 0)
    recall = tps / tps[-1] if tps[-1] != 0 else np.ones_like(tps)
    total = float(-np.sum(np.diff(np.r_[recall[::-1], 0.0]) * precision[::-1]))
    return max(0.0, total) if clipped else total


def _ap_oracle(v: View) -> float:
    from sklearn.metrics import average_precision_score

    keywords = {"pos_label": v["pos_label"], "sample_weight": v.unweighted}
    return float(average_precision_score(v["y_true"], v["y_score"], **keywords))


def _pos_label_absent(v: View) -> bool:
    return _labels(v) == 2 and shared.pos_label(v) not in set(v.truth.tolist())  # type: ignore[union-attr]


def _unclipped(v: View) -> float:
    return ap_expected(v, reverse_ties=True, clipped=False)


def _clip_differs(v: View) -> bool:
    if v.derived(scores.parts) is None or _labels(v) > 2 or _pos_label_absent(v):
        return False
    return bool(distance(_unclipped(v), ap_expected(v)))


AVERAGE_PRECISION = Member(
    name="AveragePrecision.score",
    csharp="AveragePrecision.Score",
    page="reference/metrics/ranking/averageprecision-score.md",
    implementation=AveragePrecision.score,
    oracle=_ap_oracle,
    oracle_call="average_precision_score(y_true, y_score, pos_label=pos_label, "
    "sample_weight=sample_weight)",
    since="1.3",
    scenarios=blocks.scenarios(_calls, _SCENARIOS),
    edges=(
        *scores.EDGES,
        Edge("pos_label_absent", "two labels, neither pos_label: 0", _pos_label_absent),
        Edge("clipped", "a sum below zero, or NaN, clipped to 0", lambda v: _clip_differs(v)),
    ),
    divergences=(
        Divergence(
            "pos_label_absent",
            "widening",
            "Two labels neither of which is pos_label score 0, as no positive sample does; "
            "scikit-learn refuses pos_label as not a valid label.",
            _pos_label_absent,
            lambda v: 0.0,
        ),
        Divergence(
            "unclipped",
            "value",
            "The sum is clipped at zero (a negative sum or NaN answers 0), as from 1.6 on; "
            "before 1.6 scikit-learn returned it as summed.",
            _clip_differs,
            _unclipped,
            VersionRange(until="1.6"),
        ),
        _tie_order(ap_expected),
        shared.malformed_pos_label(),
    ),
    example=Call(
        ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
        {"pos_label": 1, "sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)

MEMBERS = (ROC_AUC, AVERAGE_PRECISION)
