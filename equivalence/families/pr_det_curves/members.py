"""The precision-recall and DET curves: ``PrecisionRecallCurve.compute`` and
``DetCurve.compute``, on the threshold walk and the calls of :mod:`equivalence.draw.scores`.
scikit-learn is always asked with ``pos_label`` passed explicitly.

Measured on 1.3.2, 1.6.1, 1.7.2, 1.8.0 and 1.9.1: both curves refuse what ``roc_curve``
refuses and walk tied scores in reverse sample order before 1.8. ``precision_recall_curve``
has had ``drop_intermediate`` throughout and answers a recall of 1 (with a warning) when
no positive weight is seen. ``det_curve`` refuses a ``y_true`` that does not hold exactly
two labels; it gained its point at an infinite threshold and ``drop_intermediate`` in 1.7.

Every ``expected`` below is worked out with NumPy alone, never by calling lodestar.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, scores
from equivalence.draw.scores import Array
from equivalence.model import Call, Divergence, Edge, Member, VersionRange, distance
from equivalence.versions import sklearn_since
from equivalence.view import View
from lodestar.metrics import DetCurve, PrecisionRecallCurve

__all__ = ["DET_CURVE", "MEMBERS", "PRECISION_RECALL_CURVE"]

Expected = Callable[..., list[Array]]


def _steps(counts: Array) -> Array:
    """``drop_intermediate``'s rule for both curves: the ends, and every point whose count
    differs from either neighbour's."""
    keep: Array = np.ones(counts.size, dtype=bool)
    if counts.size > 2:
        keep[1:-1] = (np.diff(counts[:-1]) != 0) | (np.diff(counts[1:]) != 0)
    return keep


def _dropping(v: View, drop: bool | None) -> bool:
    return bool(v["drop_intermediate"] if drop is None else drop)


def pr_expected(v: View, reverse_ties: bool = False, drop: bool | None = None) -> list[Array]:
    fps, tps, thresholds = scores.walk(v, reverse_ties)
    keep = _steps(tps) if _dropping(v, drop) else slice(None)
    fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    with np.errstate(all="ignore"):
        precision = np.where(tps + fps != 0, tps / (tps + fps), 0.0)
        recall = np.ones(tps.size) if tps[-1] == 0 else tps / tps[-1]
    return [np.r_[precision[::-1], 1.0], np.r_[recall[::-1], 0.0], thresholds[::-1]]


def det_expected(
    v: View, reverse_ties: bool = False, drop: bool | None = None, infinite: bool = True
) -> list[Array]:
    """The DET curve; without ``infinite`` as before 1.7: no point at ``inf``."""
    fps, tps, thresholds = scores.walk(v, reverse_ties)
    if infinite:
        fps, tps, thresholds = np.r_[0.0, fps], np.r_[0.0, tps], np.r_[np.inf, thresholds]
    keep = _steps(tps) if _dropping(v, drop) else slice(None)
    fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    first = np.searchsorted(fps, fps[0], side="right") - 1
    cut = slice(first if first >= 0 else None, np.searchsorted(tps, tps[-1]) + 1)
    with np.errstate(all="ignore"):
        rates = [fps[cut][::-1] / fps[-1], (tps[-1] - tps)[cut][::-1] / tps[-1]]
    return [*rates, thresholds[cut][::-1]]


def _answers(v: View) -> bool:
    """Whether both curves answer: lodestar's checks pass (and, for the DET curve, the
    labels are two)."""
    return v.derived(scores.parts) is not None


def _two_labels(v: View) -> bool:
    return _answers(v) and v.truth is not None and np.unique(v.truth).size == 2


def _differs(expected: Expected, answers: Callable[[View], bool], **then: bool) -> Any:
    """Whether ``expected`` moves when ``then`` changes how it is worked out."""
    return lambda v: answers(v) and bool(distance(expected(v), expected(v, **then)))


def _tie_order(expected: Expected, answers: Callable[[View], bool]) -> Divergence:
    return Divergence(
        "tie_order",
        "value",
        "Tied scores are walked in sample order, as from 1.8 on; before 1.8 scikit-learn "
        "walked them in reverse sample order, so with weights a running sum inside a tie "
        "can round differently (and a point can be kept or dropped by drop_intermediate).",
        _differs(expected, lambda v: answers(v) and v.weight is not None, reverse_ties=True),
        expected,
        VersionRange(until="1.8"),
    )


def _oracle(function: str, project: Callable[[Any], Any], since: str = "") -> Any:
    """scikit-learn's ``function``, asked without ``drop_intermediate`` where it is
    ``False`` and the installed version predates ``since``, the release that added it."""

    def ask(v: View) -> list[Array]:
        import sklearn.metrics

        keywords = {"pos_label": v["pos_label"], "sample_weight": v.unweighted}
        if v["drop_intermediate"] is not False or not since or sklearn_since(since):
            keywords["drop_intermediate"] = v["drop_intermediate"]
        answer = getattr(sklearn.metrics, function)(*v.args[:2], **keywords)
        return [np.asarray(part, dtype=np.float64) for part in project(answer)]

    return ask


def _drops(expected: Expected, answers: Callable[[View], bool]) -> Edge:
    """The edge where ``drop_intermediate`` drops a point."""

    def holds(v: View) -> bool:
        if not answers(v) or v["drop_intermediate"] is not True:
            return False
        return bool(v.derived(expected)[2].size < expected(v, drop=False)[2].size)

    return Edge("count_dropped", "drop_intermediate drops a point", holds)


def _nothing_predicted(v: View) -> bool:
    fps, tps, _ = v.derived(scores.walk)
    return bool((fps + tps == 0).any())


def _on(answers: Callable[[View], bool], test: Callable[[View], bool]) -> Callable[[View], bool]:
    return lambda v: answers(v) and bool(test(v))


_CALLS = partial(scores.calls, flag="drop_intermediate")
_EXAMPLE = Call(
    ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
    {"pos_label": 1, "sample_weight": [1.0, 2.0, 1.0, 2.0], "drop_intermediate": True},
)
_SIGNATURE = "(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, "


def _member(name: str, function: str, expected: Expected, answers: Any, **rest: Any) -> Member:
    """A curve of the threshold walk with what both share: the calls, their edges, the
    tie order and the malformed ``pos_label``."""
    edges, divergences = rest.pop("edges"), rest.pop("divergences")
    return Member(
        name=name,
        csharp=name.replace(".compute", ".Compute"),
        page=f"reference/metrics/classification/{name.lower().replace('.', '-')}.md",
        implementation=rest.pop("implementation"),
        oracle_call=f"{function}{_SIGNATURE}drop_intermediate=drop_intermediate)",
        since="1.3",
        scenarios=blocks.scenarios(_CALLS, scores.SCENARIOS),
        edges=(*scores.EDGES, _drops(expected, answers), *edges),
        divergences=(_tie_order(expected, answers), *divergences, shared.malformed_pos_label()),
        roles={"drop_intermediate": "flag"},
        example=_EXAMPLE,
        **rest,
    )


PRECISION_RECALL_CURVE = _member(
    "PrecisionRecallCurve.compute",
    "precision_recall_curve",
    pr_expected,
    _answers,
    implementation=PrecisionRecallCurve.compute,
    oracle=_oracle("precision_recall_curve", lambda answer: answer),
    edges=(
        Edge(
            "recall_one", "no positive weight: recall 1", scores.on(lambda v, f, t, s: t[-1] == 0)
        ),
        Edge(
            "nothing_predicted",
            "the weight at a threshold cancels: precision 0",
            _on(_answers, _nothing_predicted),
        ),
    ),
    divergences=(),
    project=lambda curve: [curve.precision, curve.recall, curve.thresholds],
)

_OLD = partial(det_expected, reverse_ties=True, infinite=False)

DET_CURVE = _member(
    "DetCurve.compute",
    "det_curve",
    det_expected,
    _two_labels,
    implementation=DetCurve.compute,
    oracle=_oracle("det_curve", lambda answer: answer, since="1.7"),
    edges=(
        Edge(
            "one_label",
            "y_true holds one label: refused",
            lambda v: v.truth is not None and np.unique(v.truth).size == 1,
        ),
        Edge(
            "infinite_kept",
            "the point at inf is on the curve",
            _on(_two_labels, lambda v: v.derived(det_expected)[2][-1] == np.inf),
        ),
        Edge(
            "leading_cut",
            "points before the false positives move are cut",
            _on(
                _two_labels,
                lambda v: bool(v.derived(det_expected)[2][-1] < np.inf),
            ),
        ),
        Edge(
            "trailing_cut",
            "points after the false negatives reach zero are cut",
            _on(
                _two_labels, lambda v: v.derived(det_expected)[2][0] > v.derived(scores.walk)[2][-1]
            ),
        ),
    ),
    divergences=(
        Divergence(
            "no_infinite_point",
            "value",
            "The walk starts from a point at an infinite threshold, as from 1.7 on; before "
            "1.7 scikit-learn had none, so a curve whose highest score is a negative "
            "sample lacked its last point (false-positive rate 0, false-negative rate 1).",
            lambda v: _two_labels(v) and bool(distance(det_expected(v), _OLD(v))),
            det_expected,
            VersionRange(until="1.7"),
        ),
        Divergence(
            "drop_intermediate_added",
            "widening",
            "drop_intermediate=True is answered; scikit-learn before 1.7 has no such "
            "parameter and raises TypeError.",
            lambda v: v["drop_intermediate"] is True,
            det_expected,
            VersionRange(until="1.7"),
        ),
    ),
    project=lambda curve: [curve.false_positive_rate, curve.false_negative_rate, curve.thresholds],
)

MEMBERS = (PRECISION_RECALL_CURVE, DET_CURVE)
