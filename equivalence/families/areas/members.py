"""The areas under a binary score's curves: ``RocAuc.score`` and
``AveragePrecision.score``, drawn as the curves are (:mod:`equivalence.draw.scores`).

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

import enum
from collections.abc import Callable

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import blocks, primitives, scores
from equivalence.draw.scores import Array
from equivalence.model import Call, Divergence, Edge, Member, VersionRange, distance
from equivalence.view import View
from lodestar.metrics import AveragePrecision, Averaging, MultiClassStrategy, RocAuc

__all__ = ["AVERAGE_PRECISION", "MEMBERS", "ROC_AUC", "ROC_AUC_MULTI_CLASS"]

_FLAG = "drop_intermediate"  # drawn by the shared strategy, then left out of the call
_SCENARIOS = scores.SCENARIOS.replace("bends ", "")


def _calls(scenario: str) -> st.SearchStrategy[Call]:
    drawn = scores.calls(scenario, flag=_FLAG)
    return drawn.map(lambda c: Call(c.args, {k: x for k, x in c.kwargs.items() if k != _FLAG}))


def _labels(v: View) -> int:
    return len(set(v.truth.tolist())) if v.truth is not None else 0


# -- RocAuc.score -----------------------------------------------------------------------


def _area(fps: Array, tps: Array) -> float:
    """``auc(*roc_curve(...)[:2])`` in NumPy: the curve with its collinear points dropped,
    the rates, and the trapezoids summed pairwise (NaN where a class weighs nothing)."""
    if fps.size > 2:
        keep = np.r_[True, (np.diff(fps, 2) != 0) | (np.diff(tps, 2) != 0), True]
        fps, tps = fps[keep], tps[keep]
    x, y = (np.r_[0.0, c] / c[-1] if c[-1] > 0 else np.full(c.size + 1, np.nan) for c in (fps, tps))
    return float((np.diff(x) * (y[1:] + y[:-1]) / 2.0).sum())


def auc_expected(v: View, reverse_ties: bool = False) -> float:
    return _area(*scores.walk(v, reverse_ties)[:2])


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
        expected,
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
            ap_expected,
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


# -- RocAuc.multi_class -------------------------------------------------------------------

_OVO, _WEIGHTED = MultiClassStrategy.ONE_VS_ONE, Averaging.WEIGHTED
_LABELS = (-3, 0, 2, 5, 7, 2**40)


def _setting(v: View, name: str, kind: type[enum.Enum]) -> object:
    value = v[name]
    return kind(value) if isinstance(value, str) and value in {e.value for e in kind} else value


def _weights_of_classes(hits: Array, weight: Array | None) -> Array:
    totals: Array = hits.sum(axis=0) if weight is None else (hits * weight[:, None]).sum(axis=0)
    return totals


def multi_expected(v: View, reverse_ties: bool = False) -> float:
    """``roc_auc_score(multi_class=...)`` in NumPy, on a call lodestar answers."""
    truth, rows, weight = v.truth, blocks.matrix(v, np.float64), v.weight
    assert truth is not None
    labels = v["labels"] if v["labels"] is not None and len(v["labels"]) else None
    classes = np.unique(truth) if labels is None else np.asarray(labels)
    hits = truth[:, None] == classes[None, :]
    weighted = _setting(v, "average", Averaging) is _WEIGHTED

    def area(hit: Array, score: Array, w: Array | None) -> float:
        return _area(*scores.walk(v, reverse_ties, (hit, score, w))[:2])

    if _setting(v, "strategy", MultiClassStrategy) is _OVO:
        pairs, share = [], []
        for a in range(classes.size):
            for b in range(a + 1, classes.size):
                both = hits[:, a] | hits[:, b]
                two = (area(hits[both, c], rows[both, c], None) for c in (a, b))
                pairs.append(sum(two) / 2)
                share.append(np.average(both))
        return float(np.average(pairs, weights=share if weighted else None))
    totals = _weights_of_classes(hits, weight)
    if weighted and abs(totals.sum()) <= 1e-08:
        return 0.0
    each = np.array([area(hits[:, c], rows[:, c], weight) for c in range(classes.size)])
    if not weighted:
        return float(np.average(each))
    each[totals == 0] = 0
    return float(np.average(each, weights=totals))


def _multi_oracle(v: View) -> float:
    from sklearn.metrics import roc_auc_score

    strategy, average = (
        _setting(v, n, e) for n, e in (("strategy", MultiClassStrategy), ("average", Averaging))
    )
    keywords = {
        "multi_class": getattr(strategy, "value", strategy),
        "average": "macro" if average is None else getattr(average, "value", average),
        "labels": v["labels"] if v["labels"] is not None and len(v["labels"]) else None,
        "sample_weight": v.unweighted,
    }
    return float(roc_auc_score(v["y_true"], blocks.matrix(v), **keywords))


@primitives.composite
def _multi_calls(draw: primitives.Draw, scenario: str) -> Call:
    d = blocks.start(draw, scenario, primitives.probability_rows, _FLAG, (2, 5))
    del d.kwargs[_FLAG]
    k = 2 if scenario == "binary" else d.classes
    if scenario not in ("empty", "single_class") and d.samples < k:
        d.truth = [*range(k), *d.truth]
        d.rows = np.vstack(
            (np.array(draw(primitives.probability_rows(k, k))).reshape(k, k), d.rows)
        )
    elif scenario not in ("empty", "single_class"):
        d.truth[:k] = primitives.permutation(draw, list(range(k)))
    if scenario != "not_summing_to_one":  # probabilities, so that most calls are answered
        totals = d.rows.sum(axis=1, keepdims=True)
        with np.errstate(all="ignore"):
            d.rows = np.where(totals > 0, d.rows / totals, 1.0 / k)
    labels = sorted(primitives.subset(draw, _LABELS, k))
    if scenario.startswith("label"):
        d.truth = [labels[t] for t in d.truth]
        d.kwargs["labels"] = labels
    if scenario == "labels_unsorted":
        d.kwargs["labels"] = labels[::-1] if primitives.flip(draw) else [labels[0], *labels[:-1]]
    if scenario == "label_missing":
        d.truth[primitives.index(draw, d.samples)] = primitives.pick(draw, (-1, 1, 3, 2**40 + 1))
    if scenario == "label_absent":
        d.truth = [labels[1] if t == labels[0] else t for t in d.truth]
    weighted = scenario in ("weighted", "zero_sum_weight", "all_zero_weight", "non_finite")
    d.kwargs["strategy"] = primitives.pick(draw, (*MultiClassStrategy, "ovr", "ovo"))
    if weighted and primitives.flip(draw):
        d.kwargs["strategy"] = MultiClassStrategy.ONE_VS_REST
    d.kwargs["average"] = primitives.pick(draw, (Averaging.MACRO, _WEIGHTED, None, "weighted"))
    if scenario == "other_average":
        d.kwargs["average"] = primitives.pick(
            draw, (Averaging.MICRO, Averaging.BINARY, "micro", "samples")
        )
    d.kwargs["max_degree_of_parallelism"] = -1 if scenario == "negative_parallelism" else 4
    return blocks.finish(draw, d, ("valid", "weighted", "binary", "two_d"))


def _ovr_with(test: Callable[[View], bool]) -> Callable[[View], bool]:
    return lambda v: _setting(v, "strategy", MultiClassStrategy) is not _OVO and test(v)


def _answered(v: View) -> bool:
    try:
        RocAuc.multi_class(*v.args, **v.kwargs)
    except ValueError:
        return False
    return True


def _class_absent(v: View) -> bool:
    """Fewer distinct labels in ``y_true`` than classes (those of ``labels`` included)."""
    truth, count = v.truth, v["class_count"]
    if truth is None or not truth.size or not isinstance(count, int) or count < 2:
        return False
    return len(set(truth.tolist())) < count


def _multi_tie_differs(v: View) -> bool:
    return (
        v.weight is not None
        and _answered(v)
        and bool(distance(multi_expected(v), multi_expected(v, reverse_ties=True)))
    )


ROC_AUC_MULTI_CLASS = Member(
    name="RocAuc.multi_class",
    csharp="RocAuc.MultiClass",
    page="reference/metrics/classification/rocauc-multiclass.md",
    implementation=RocAuc.multi_class,
    oracle=_multi_oracle,
    oracle_call="roc_auc_score(y_true, y_score.reshape(-1, class_count), multi_class=strategy, "
    "average=average, labels=labels, sample_weight=sample_weight)",
    since="1.3",
    scenarios=blocks.scenarios(
        _multi_calls,
        "valid weighted binary two_d labels labels_unsorted label_missing label_absent "
        "other_average negative_parallelism not_summing_to_one zero_sum_weight all_zero_weight "
        "non_finite wrong_size class_count_below_two empty single_class",
    ),
    edges=(
        Edge(
            "one_vs_one",
            "strategy ONE_VS_ONE, answered",
            lambda v: _answered(v) and not _ovr_with(lambda _: True)(v),
        ),
        Edge(
            "weighted_average",
            "average WEIGHTED, answered",
            lambda v: _answered(v) and _setting(v, "average", Averaging) is _WEIGHTED,
        ),
        Edge(
            "labels_given",
            "labels given, answered",
            lambda v: _answered(v) and v["labels"] is not None,
        ),
        Edge("class_absent", "a class with no sample in y_true", _class_absent),
        blocks.BINARY,
        blocks.NOT_SUMMING_TO_ONE,
        *shared.edges("two_d", "negative_weight", "zero_sum_weight", "all_zero_weight", "empty"),
        *shared.edges("non_finite", "wrong_size", "class_count_below_two"),
    ),
    divergences=(
        Divergence(
            "two_classes",
            "widening",
            "class_count = 2 is answered (both strategies give the mean of the two columns' "
            "areas); scikit-learn reads two labels as a binary problem and refuses a 2-column "
            "y_score.",
            lambda v: v.classes == 2 and _answered(v),
            multi_expected,
        ),
        Divergence(
            "class_absent",
            "narrowing",
            "A class with no sample in y_true is refused, as its area is undefined; given "
            "labels, scikit-learn leaves it out of the one-vs-one pairs and from 1.6 scores "
            "it NaN one-vs-rest (0 under the weighted average); with two columns it answers "
            "NaN for a single class.",
            _class_absent,
        ),
        Divergence(
            "all_zero_weight",
            "narrowing",
            "Weights that are all zero are refused; under the weighted average scikit-learn "
            "answers 0 before it looks at them (the classes' weights total zero).",
            lambda v: v.all_zero_weight,
        ),
        Divergence(
            "class_count_below_two",
            "narrowing",
            "class_count below 2 is refused (ArgumentOutOfRangeError); scikit-learn reads a "
            "single column as a binary score, or answers NaN for a single class.",
            lambda v: isinstance(v["class_count"], int) and v["class_count"] < 2,
        ),
        Divergence(
            "micro_average",
            "narrowing",
            "average MICRO is refused, as the C# library offers MACRO and WEIGHTED only; "
            "scikit-learn answers it one-vs-rest.",
            lambda v: _setting(v, "average", Averaging) is Averaging.MICRO,
        ),
        Divergence(
            "negative_parallelism",
            "narrowing",
            "max_degree_of_parallelism below 0 is refused; scikit-learn has no such argument.",
            lambda v: (
                isinstance(v["max_degree_of_parallelism"], int)
                and v["max_degree_of_parallelism"] < 0
            ),
        ),
        Divergence(
            "tie_order",
            "value",
            "Tied scores are walked in sample order, as from 1.8 on; before 1.8 a weighted "
            "running sum inside a tie could round differently.",
            _multi_tie_differs,
            multi_expected,
            VersionRange(until="1.8"),
        ),
    ),
    example=Call(
        (
            [0, 1, 2, 2, 2, 1],
            [
                0.6,
                0.3,
                0.1,
                0.3,
                0.5,
                0.2,
                0.2,
                0.5,
                0.3,
                0.1,
                0.2,
                0.7,
                0.4,
                0.4,
                0.2,
                0.2,
                0.3,
                0.5,
            ],
            3,
        ),
        {
            "strategy": MultiClassStrategy.ONE_VS_REST,
            "average": Averaging.MACRO,
            "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 1.0],
        },
    ),
)

MEMBERS = (ROC_AUC, AVERAGE_PRECISION, ROC_AUC_MULTI_CLASS)
