"""The precision/recall family: ``score`` and ``per_class`` of ``Precision``, ``Recall``,
``F1``, ``FBeta`` and ``JaccardScore``.

The ten members take the same arguments (``FBeta`` one more, ``beta``), so they share one
table: the label calls of the confusion-matrix family (subsets, supersets, far-apart and
absent labels, cancelling weights), to which each call adds ``zero_division``, and for a
``score`` ``average`` and ``pos_label``. What they share with ``ClassificationReport``
comes from :mod:`equivalence.draw.perclass`: the classes and counts of a call, read once, the
edges of a policy and of a label set, scikit-learn asked under a policy, and the
declarations of its label sets and of its F before 1.4. A member is the row of
:data:`FAMILY` it comes from.

``jaccard_score`` takes no ``zero_division=np.nan``: under ``ZeroDivision.NAN`` the oracle
takes scikit-learn's own steps on ``multilabel_confusion_matrix`` instead (the labels as
``_check_set_wise_labels`` decides them, ``tp / (tp + fp + fn)`` with NaN where the
denominator is zero, then ``_average``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import labels as draw_labels, perclass, primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import (
    F1,
    Averaging,
    ConfusionMatrix,
    FBeta,
    JaccardScore,
    Precision,
    Recall,
    ZeroDivision,
)

__all__ = ["FAMILY", "LABEL_FORMS", "MEMBERS"]


class Kind(NamedTuple):
    """One type of the family: its lodestar type, scikit-learn function and page stem."""

    type: Any
    sklearn: str
    page: str
    beta: bool = False


FAMILY = {
    "Precision": Kind(Precision, "precision_score", "precision"),
    "Recall": Kind(Recall, "recall_score", "recall"),
    "F1": Kind(F1, "f1_score", "f1"),
    "FBeta": Kind(FBeta, "fbeta_score", "fbeta", beta=True),
    "JaccardScore": Kind(JaccardScore, "jaccard_score", "jaccardscore"),
}

BETAS = (0.0, 0.5, 1.0, 2.0)


# -- the edges -------------------------------------------------------------------------------


def _average(v: View) -> Averaging | None:
    given = v["average"] if "average" in v.names else None
    if isinstance(given, Averaging):
        return given
    return Averaging(given) if given in {a.value for a in Averaging} else None


def _policy(v: View) -> Any:
    return v["zero_division"]


def _binary(v: View) -> bool:
    return "average" in v.names and _average(v) is Averaging.BINARY


def _observed(v: View) -> list[int] | None:
    classes = v.derived(perclass.classes)
    return None if classes is None else classes.present


def _binary_with(test: Callable[[list[int], bool], bool]) -> Callable[[View], bool]:
    """``average`` BINARY and ``test(observed labels, pos_label among them)``."""
    return lambda v: (
        _binary(v) and (seen := _observed(v)) is not None and test(seen, v["pos_label"] in seen)
    )


def _undefined(v: View) -> bool:
    return perclass.EDGES["undefined_score"].holds(v)


def _zero_support_total(v: View) -> bool:
    classes = v.derived(perclass.classes)
    weighted = _average(v) is Averaging.WEIGHTED
    return classes is not None and weighted and classes.counts[2].sum() == 0


def _beta(v: View) -> Any:
    return v["beta"] if "beta" in v.names else 1.0


def _policy_is(policy: ZeroDivision) -> Callable[[View], bool]:
    return lambda v: _policy(v) is policy


def _edges(kind: Kind, score: bool) -> tuple[Edge, ...]:
    policy = tuple(
        Edge(f"zero_division_{p.name.lower()}", f"zero_division {p!r}", _policy_is(p))
        for p in ZeroDivision
    )
    scored = (
        Edge(
            "binary",
            "average BINARY, two observed labels or fewer",
            _binary_with(lambda seen, _: len(seen) <= 2),
        ),
        Edge(
            "binary_multiclass",
            "average BINARY, three observed labels or more",
            _binary_with(lambda seen, _: len(seen) > 2),
        ),
        Edge(
            "binary_one_other_label",
            "average BINARY, one observed label, not pos_label",
            _binary_with(lambda seen, positive: len(seen) == 1 and not positive),
        ),
        Edge(
            "pos_label_unobserved",
            "average BINARY, two observed labels, neither pos_label",
            _binary_with(lambda seen, positive: len(seen) == 2 and not positive),
        ),
        Edge(
            "micro_label_subset",
            "average MICRO with labels leaving samples out",
            lambda v: _average(v) is Averaging.MICRO and draw_labels.drops_samples(v),
        ),
        Edge(
            "nan_average",
            "MACRO or WEIGHTED under NAN with an undefined class",
            lambda v: (
                _average(v) in (Averaging.MACRO, Averaging.WEIGHTED)
                and _policy(v) is ZeroDivision.NAN
                and _undefined(v)
            ),
        ),
        Edge("zero_support_total", "WEIGHTED with supports summing to zero", _zero_support_total),
    )
    betas = (
        Edge("beta_zero", "beta = 0: precision", lambda v: _beta(v) == 0),
        Edge("beta_inf", "beta = infinity: refused here", lambda v: _beta(v) == math.inf),
    )
    return (
        *draw_labels.COMMON_EDGES,
        *policy,
        Edge(
            "undefined_class", "a class or a sum with nothing predicted or nothing true", _undefined
        ),
        *(scored if score else ()),
        *(betas if kind.beta else ()),
    )


# -- the calls -----------------------------------------------------------------------------

_SCENARIOS = (
    *draw_labels.COMMON_SCENARIOS,
    "binary",
    "binary_one_label",
    "undefined",
    "zero_support",
)


@st.composite
def _calls(draw: primitives.Draw, scenario: str, kind: Kind, score: bool) -> Call:
    base = {"binary": "valid", "binary_one_label": "valid", "undefined": "labels_superset"}
    truth, predicted, labels, weight = draw(draw_labels.label_calls(base.get(scenario, scenario)))
    if scenario in ("binary", "binary_one_label") and truth:
        values = draw_labels.SPREAD if draw(st.booleans()) else (0, 1)
        chosen = primitives.subset(draw, values, 1 if scenario == "binary_one_label" else 2)
        truth = [chosen[hash(t) % len(chosen)] for t in truth]
        predicted = [chosen[hash(p) % len(chosen)] for p in predicted]
        labels = None
    if scenario == "zero_support":
        # Two classes whose supports cancel: a's weights positive, b's their negated total.
        a, b = primitives.subset(draw, draw_labels.SPREAD, 2)
        half = draw(primitives.weights(primitives.index(draw, 3) + 1, "positive"))
        truth = [a] * len(half) + [b]
        predicted = [primitives.pick(draw, (a, b)) for _ in truth]
        weight, labels = [*half, -sum(half)], None
    policies = tuple(ZeroDivision)[1:] if scenario == "undefined" else tuple(ZeroDivision)
    kwargs: dict[str, Any] = {"zero_division": primitives.pick(draw, policies)}
    if kind.beta:
        kwargs["beta"] = primitives.pick(draw, BETAS) if scenario != "beta_inf" else math.inf
    if score:
        kwargs["average"] = primitives.pick(draw, tuple(Averaging))
        if scenario in ("binary", "binary_one_label"):
            kwargs["average"] = Averaging.BINARY
        if scenario == "zero_support":
            kwargs["average"] = Averaging.WEIGHTED
        if scenario == "undefined":
            kwargs["average"] = primitives.pick(draw, (Averaging.MACRO, Averaging.WEIGHTED))
        if scenario == "labels_subset" and primitives.pick(draw, (False, True)):
            kwargs["average"] = Averaging.MICRO  # the micro row over a label subset
        seen = sorted({*truth, *predicted}) or [1]
        kwargs["pos_label"] = primitives.pick(draw, [*seen, 1, -7])
    if labels is not None:
        kwargs["labels"] = labels
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = (
        "labels",
        "sample_weight",
        "beta",
        *(("zero_division", "average") * (scenario == "undefined")),
    )
    return Call((truth, predicted), primitives.with_defaults(draw, kwargs, keep))


# -- the oracle ----------------------------------------------------------------------------


def _oracle(kind: Kind, score: bool) -> Callable[[View], Any]:
    def ask(v: View) -> Any:
        import sklearn.metrics as skm

        average = _average(v).value if score and _average(v) else None  # type: ignore[union-attr]
        asked = getattr(skm, kind.sklearn)
        if kind.sklearn == "jaccard_score" and _policy(v) is ZeroDivision.NAN:
            asked = _jaccard_nan
        names = ("labels", *("pos_label",) * score, *("beta",) * kind.beta)
        answer = perclass.ask(v, asked, *names, average=average)
        return float(answer) if score else np.asarray(answer, dtype=np.float64)

    return ask


def _jaccard_nan(
    y_true: Any,
    y_pred: Any,
    average: Any,
    labels: Any = None,
    sample_weight: Any = None,
    pos_label: Any = 1,
    zero_division: Any = None,
) -> Any:
    """``jaccard_score``'s own steps, with NaN for a zero denominator (which scikit-learn
    does not accept as ``zero_division``)."""
    from sklearn.metrics import multilabel_confusion_matrix
    from sklearn.metrics._classification import _check_set_wise_labels

    labels = _check_set_wise_labels(y_true, y_pred, average, labels, pos_label)
    mcm = multilabel_confusion_matrix(y_true, y_pred, sample_weight=sample_weight, labels=labels)
    numerator = mcm[:, 1, 1]
    denominator = mcm[:, 1, 1] + mcm[:, 0, 1] + mcm[:, 1, 0]
    if average == "micro":
        numerator, denominator = np.array([numerator.sum()]), np.array([denominator.sum()])
    with np.errstate(divide="ignore", invalid="ignore"):
        scores = np.where(
            denominator == 0, np.nan, numerator / np.where(denominator == 0, 1, denominator)
        )
    if average is None:
        return np.asarray(scores, dtype=np.float64)
    weights = mcm[:, 1, 0] + mcm[:, 1, 1] if average == "weighted" else None
    return float(
        np.average(scores, weights=weights if weights is not None and weights.any() else None)
    )


# -- the divergences -----------------------------------------------------------------------


def _divergences(kind: Kind, oracle: Callable[[View], Any]) -> tuple[Divergence, ...]:
    return (
        *(perclass.f_score_drift() if kind.sklearn in ("f1_score", "fbeta_score") else ()),
        *perclass.LABEL_SET_NARROWINGS,
        *perclass.empty_labels(oracle, narrowing=True),
        *(
            (
                Divergence(
                    "beta_infinite",
                    "narrowing",
                    "beta = infinity is refused, as C# refuses it; scikit-learn answers recall.",
                    lambda v: _beta(v) == math.inf,
                ),
                Divergence(
                    "beta_zero_throw",
                    "narrowing",
                    "beta = 0 under ZeroDivision.THROW refuses where precision is undefined; "
                    "scikit-learn's fbeta_score does not warn for precision, so it answers 0.",
                    lambda v: _beta(v) == 0 and _policy(v) is ZeroDivision.THROW,
                ),
            )
            if kind.beta
            else ()
        ),
        shared.empty_input(until="1.8", answered="the zero_division value"),
        shared.non_finite_weight(until="1.8", answered="NaN or a number built on infinity"),
        shared.all_zero_weight(until="1.9", answered="the zero_division value"),
    )


# -- the members ---------------------------------------------------------------------------


def _member(name: str, score: bool) -> Member:
    kind = FAMILY[name]
    method = "score" if score else "per_class"
    oracle = _oracle(kind, score)
    extra: dict[str, Any] = {"beta": 0.5} if kind.beta else {}
    if score:
        extra |= {"average": Averaging.MACRO, "pos_label": 1}
    return Member(
        name=f"{name}.{method}",
        csharp=f"{name}.{'Score' if score else 'PerClass'}",
        page=f"reference/metrics/classification/{kind.page}-{method.replace('_', '')}.md",
        implementation=getattr(kind.type, method),
        oracle=oracle,
        oracle_call=f"{kind.sklearn}(y_true, y_pred, {'beta=beta, ' if kind.beta else ''}"
        f"average={'average' if score else 'None'}, {'pos_label=pos_label, ' if score else ''}"
        "labels=labels, sample_weight=sample_weight, zero_division=zero_division)",
        since="1.3",
        scenarios={
            s: _calls(s, kind, score)
            for s in (*_SCENARIOS, *(("beta_inf",) if kind.beta else ()))
            if score or s not in ("binary", "binary_one_label", "zero_support")
        },
        edges=_edges(kind, score),
        divergences=_divergences(kind, oracle),
        refusals=(ArgumentError, UndefinedMetricError),
        # pos_label is one integer label: refused when malformed (None included), even
        # where the average makes scikit-learn ignore it
        roles={"pos_label": "label"} if score else {},
        example=Call(
            ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
            {
                **extra,
                "zero_division": ZeroDivision.ZERO,
                "labels": [1, 0],
                "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
            },
        ),
    )


# -- the matrix forms ------------------------------------------------------------------------
#
# ``score[cm]`` and ``per_class[cm]`` take the label form's calls: the matrix is counted
# from them (ConfusionMatrix.compute) and handed to the member by ``cm=``, and scikit-learn
# is asked about the samples it was counted from. Each form holds its type in its closure,
# where a seeded bug's private copy of the type takes its place (equivalence.patch.rebind).


def _matrix_forms(metric: Any) -> dict[tuple[bool, str], Callable[..., Any]]:
    """The four shapes of a matrix form of ``metric`` (F1, Precision, ...), by (whether
    the type takes ``beta``, the method): the label form's signature, the matrix counted
    from its samples."""

    def score(
        y_true: Any,
        y_pred: Any,
        average: Any = Averaging.BINARY,
        pos_label: Any = 1,
        zero_division: Any = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> float:
        cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        given = {"average": average, "pos_label": pos_label, "zero_division": zero_division}
        return float(metric.score(**given, cm=cm))

    def per_class(
        y_true: Any,
        y_pred: Any,
        zero_division: Any = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> Any:
        cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        return metric.per_class(zero_division=zero_division, cm=cm)

    def beta_score(
        y_true: Any,
        y_pred: Any,
        beta: Any,
        average: Any = Averaging.BINARY,
        pos_label: Any = 1,
        zero_division: Any = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> float:
        cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        given = {"average": average, "pos_label": pos_label, "zero_division": zero_division}
        return float(metric.score(beta=beta, **given, cm=cm))

    def beta_per_class(
        y_true: Any,
        y_pred: Any,
        beta: Any,
        zero_division: Any = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> Any:
        cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        return metric.per_class(beta=beta, zero_division=zero_division, cm=cm)

    return {
        (False, "score"): score,
        (False, "per_class"): per_class,
        (True, "score"): beta_score,
        (True, "per_class"): beta_per_class,
    }


def _of_matrix(label_form: Member) -> Member:
    """``label_form``'s matrix form: its calls, edges, declarations and oracle."""
    name, method = label_form.name.split(".")
    kind = FAMILY[name]
    function = _matrix_forms(kind.type)[kind.beta, method]
    function.__qualname__ = f"{name}.{method}[cm]"
    function.__doc__ = f"``{name}.{method}(cm=ConfusionMatrix.compute(...), ...)``."
    return replace(
        label_form,
        name=f"{label_form.name}[cm]",
        csharp=f"{label_form.csharp}(ConfusionMatrix)",
        implementation=function,
        oracle_call=f"{label_form.oracle_call}, on the samples the matrix was counted from",
    )


LABEL_FORMS = tuple(_member(name, score) for name in FAMILY for score in (True, False))
MEMBERS = (
    *LABEL_FORMS,
    *(_of_matrix(form) for form in LABEL_FORMS if not form.name.startswith("Jaccard")),
)
