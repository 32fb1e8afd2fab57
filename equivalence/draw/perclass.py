"""What the members that score each class read off a call, declared once.

``ClassificationReport`` and the precision, recall, F and Jaccard members take the same
arguments, ``y_true``, ``y_pred``, ``labels``, ``sample_weight`` and ``zero_division``:
they score the classes of a label set (the labels given, or the sorted union of both
inputs) from three weighted counts per class, and divide under a ``ZeroDivision``
policy. This module draws their calls (:func:`calls`), reads the classes once per call
(:func:`classes`), names the edges of a label set and of a policy, translates the policy
for scikit-learn (:func:`ask`), and declares the refusal of scikit-learn's spellings of a
policy and the F-score drift of scikit-learn before 1.4.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Divergence, DivergenceKind, Edge, VersionRange
from equivalence.view import View, as_labels
from lodestar.metrics import ZeroDivision

__all__ = [
    "EDGES",
    "LABEL_SET_NARROWINGS",
    "SCENARIOS",
    "SKLEARN_VALUE",
    "ZERO_DIVISION_SPELLING",
    "Classes",
    "as_read",
    "ask",
    "calls",
    "classes",
    "edges",
    "empty_labels",
    "f_score_drift",
    "read_here",
    "well_formed",
]

Array = np.ndarray[Any, Any]

#: What scikit-learn calls each policy that it has.
SKLEARN_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


@dataclass(frozen=True, eq=False)
class Classes:
    """The classes a well-formed call scores, read independently of lodestar. ``labels``
    is ``None`` when omitted or empty (the C# empty span); ``order`` is the labels given,
    or the sorted union of both inputs."""

    truth: Array
    predicted: Array
    labels: list[int] | None
    weight: Array | None

    @cached_property
    def present(self) -> list[int]:
        return sorted({*self.truth.tolist(), *self.predicted.tolist()})

    @property
    def order(self) -> list[int]:
        return self.labels or self.present

    @cached_property
    def counts(self) -> tuple[Array, Array, Array]:
        """True positives, predicted and true totals per class of the order."""
        return self.counts_of(self.order)

    def counts_of(self, order: list[int]) -> tuple[Array, Array, Array]:
        """The counts of the classes ``order``, by bincount over every sample (the totals
        rebuilt as ``tp + (total - tp)``, as scikit-learn's matrices give them)."""
        known = sorted(set(self.present) | set(order))
        t, p = np.searchsorted(known, self.truth), np.searchsorted(known, self.predicted)
        w, right = self.weight, self.truth == self.predicted
        tp = np.bincount(t[right], None if w is None else w[right], minlength=len(known))
        pred = np.bincount(p, w, minlength=len(known))
        true = np.bincount(t, w, minlength=len(known))
        chosen = np.searchsorted(known, order)
        tp, pred, true = tp[chosen].astype(float), pred[chosen], true[chosen]
        return tp, tp + (pred - tp), tp + (true - tp)

    @property
    def undefined(self) -> bool:
        """Some per-class or micro denominator is zero."""
        _tp, pred, true = self.counts
        per_class = (pred == 0).any() or (true == 0).any() or ((pred + true) == 0).any()
        return bool(per_class) or pred.sum() == 0 or true.sum() == 0


def classes(v: View) -> Classes | None:
    """The call's :class:`Classes`; ``None`` when it is malformed or empty (read it
    through ``v.derived(classes)``, once per call)."""
    truth, predicted, given = v.truth, v.predicted, v["labels"]
    if truth is None or predicted is None or len(truth) != len(predicted) or not len(truth):
        return None
    labels = None if given is None else as_labels(given)
    if given is not None and labels is None:
        return None
    if v.weight is not None and (v.weight.size != len(truth) or not v.finite_weight):
        return None
    return Classes(truth, predicted, None if labels is None else labels.tolist() or None, v.weight)


def _on(reading: Callable[[Classes], Any]) -> Callable[[View], bool]:
    return lambda v: (c := v.derived(classes)) is not None and bool(reading(c))


def well_formed(v: View) -> bool:
    """Whether the call has :func:`classes`: well formed and not empty."""
    return v.derived(classes) is not None


def _sklearn_spelling(v: View) -> bool:
    """``zero_division`` spelled as scikit-learn spells a policy: 'warn', 0.0, 1.0 or NaN."""
    value = v["zero_division"]
    if isinstance(value, float) and math.isnan(value):
        return True
    return any(type(value) is type(s) and value == s for s in ("warn", 0.0, 1.0, 0, 1))


#: The policy is a ``ZeroDivision`` member: scikit-learn's spellings of it are refused.
ZERO_DIVISION_SPELLING = Divergence(
    "zero_division_spelling",
    "narrowing",
    "zero_division takes a ZeroDivision member; scikit-learn's own spellings ('warn', 0.0, "
    "1.0, np.nan) are refused. ZERO is 'warn' (or 0.0) without the warning, ONE is 1.0, NAN "
    "is np.nan.",
    _sklearn_spelling,
)


def _labels_given(v: View) -> Any:
    """The ``labels`` argument as passed, ``()`` when omitted."""
    return () if v["labels"] is None else v["labels"]


def _policy_is(policy: ZeroDivision | None) -> Callable[[View], bool]:
    if policy is None:
        return lambda v: "zero_division" not in v.given
    return lambda v: v["zero_division"] is policy and v.derived(classes) is not None


_undefined = _on(lambda c: c.undefined)

#: The edges of a label set, of a ``zero_division`` policy, and the shared ones of the
#: samples and the weights, by name.
EDGES: dict[str, Edge] = {
    edge.name: edge
    for edge in (
        Edge(
            "labels_subset_drops",
            "labels leave out an observed label",
            _on(lambda c: c.labels and not set(c.present) <= set(c.labels)),
        ),
        Edge(
            "labels_superset",
            "labels add a label that occurs nowhere",
            _on(lambda c: c.labels and set(c.labels) > set(c.present)),
        ),
        Edge(
            "non_contiguous_labels",
            "labels with gaps between them",
            _on(lambda c: c.order != list(range(min(c.order), max(c.order) + 1))),
        ),
        Edge("negative_labels", "a label below zero", _on(lambda c: min(c.order) < 0)),
        Edge(
            "never_predicted",
            "a class that y_pred never holds",
            _on(lambda c: set(c.order) - set(c.predicted.tolist())),
        ),
        Edge(
            "absent_from_truth",
            "a class that y_true never holds",
            _on(lambda c: set(c.order) - set(c.truth.tolist())),
        ),
        Edge("single_sample", "one sample", _on(lambda c: len(c.truth) == 1)),
        Edge("undefined_score", "some denominator is zero", _undefined),
        Edge("zero_division_default", "zero_division omitted", _policy_is(None)),
        *(
            Edge(f"zero_division_{p.name.lower()}", f"ZeroDivision.{p.name}", _policy_is(p))
            for p in (ZeroDivision.ZERO, ZeroDivision.ONE, ZeroDivision.NAN)
        ),
        Edge(
            "zero_division_throw",
            "ZeroDivision.THROW with some denominator zero",
            lambda v: _policy_is(ZeroDivision.THROW)(v) and _undefined(v),
        ),
        Edge(
            "nothing_correct",
            "no sample predicted right",
            _on(lambda c: not (c.truth == c.predicted).any()),
        ),
        Edge(
            "duplicate_labels",
            "a label listed twice",
            _on(lambda c: c.labels and len(set(c.labels)) < len(c.labels)),
        ),
        Edge(
            "labels_not_in_truth",
            "no given label occurs in y_true",
            _on(lambda c: c.labels and not set(c.labels) & set(c.truth.tolist())),
        ),
        Edge(
            "empty_labels",
            "labels=[]",
            lambda v: v["labels"] is not None and len(v["labels"]) == 0 and well_formed(v),
        ),
        Edge(
            "float_labels",
            "labels written as whole floats",
            lambda v: (
                well_formed(v)
                and any(isinstance(x, float) for a in (*v.args[:2], _labels_given(v)) for x in a)
            ),
        ),
        Edge(
            "fractional_labels_argument",
            "a fractional value in labels",
            lambda v: any(
                isinstance(x, float) and math.isfinite(x) and x != int(x) for x in _labels_given(v)
            ),
        ),
        Edge(
            "bad_zero_division",
            "zero_division not a ZeroDivision member",
            lambda v: not isinstance(v["zero_division"], ZeroDivision),
        ),
        *shared.edges("negative_weight", "zero_sum_weight", "empty", "length_mismatch"),
        *shared.edges("fractional_label", "non_finite_weight", "all_zero_weight"),
        *shared.edges("wrong_weight_length"),
    )
}


def edges(*names: str) -> tuple[Edge, ...]:
    """The edges called ``names``."""
    return tuple(EDGES[name] for name in names)


def as_read(v: View) -> View:
    """The call as lodestar reads it: whole-float labels as integers, and ``labels=[]``
    left out. What scikit-learn answers to it is what lodestar must answer."""

    def whole(values: Any) -> Any:
        return None if values is None else [int(x) if isinstance(x, float) else x for x in values]

    kwargs = {name: whole(x) if name == "labels" else x for name, x in v.kwargs.items()}
    if kwargs.get("labels") == []:
        del kwargs["labels"]
    return replace(v, args=(whole(v.args[0]), whole(v.args[1]), *v.args[2:]), kwargs=kwargs)


def ask(v: View, function: Callable[..., Any], *names: str, **kwargs: Any) -> Any:
    """``function(y_true, y_pred, **kwargs)``, the arguments ``names`` passed along where
    the call gives them, and the call's weights and policy asked as scikit-learn spells them.

    ``ZeroDivision.ZERO``, ``ONE`` and ``NAN`` are asked as ``0.0``, ``1.0`` and
    ``np.nan``; an omitted policy as scikit-learn's default ``"warn"``; ``THROW`` as
    ``"warn"`` with ``UndefinedMetricWarning`` raised as an error, so that scikit-learn
    refuses exactly where it would have warned; any other value as it is. An empty
    ``sample_weight`` is asked as ``None``.
    """
    from sklearn.exceptions import UndefinedMetricWarning

    policy = v["zero_division"]
    kwargs.update({name: v[name] for name in names if v[name] is not None})
    if v.unweighted is not None:
        kwargs["sample_weight"] = v.unweighted
    if "zero_division" in v.given and policy is not ZeroDivision.THROW:
        kwargs["zero_division"] = (
            SKLEARN_VALUE[policy] if isinstance(policy, ZeroDivision) else policy
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if policy is ZeroDivision.THROW:
            warnings.simplefilter("error", UndefinedMetricWarning)
        return function(*v.args[:2], **kwargs)


def _same(old: Array, new: Array) -> bool:
    """Equal bit for bit, the sign of a zero included (NaN equal to NaN)."""
    same = ((old == new) & (np.signbit(old) == np.signbit(new))) | (np.isnan(old) & np.isnan(new))
    return bool(same.all())


def _beta(v: View) -> float:
    """The call's ``beta``: 1 for the members that have none; NaN when it is no number."""
    beta = v["beta"] if "beta" in v.names else 1.0
    return (
        float(beta) if isinstance(beta, (int, float)) and not isinstance(beta, bool) else math.nan
    )


def _old_f_score_differs(v: View) -> bool:
    """Before 1.4, F was ``(1 + b²) p r / (b² p + r)`` with a near-zero mask
    (``np.isclose``); where that differs from ``(1 + b²) tp / (b² true + pred)``, bit for
    bit, sign of zero included, for some class of the labels or of the observed ones (the
    classes of ``BINARY``), or for their sums. Under ``THROW``: where only the F
    denominator is zero, about which 1.3 never warned. ``beta = 0`` is precision in both."""
    c, policy, beta = v.derived(classes), v["zero_division"], _beta(v)
    if c is None or not isinstance(policy, ZeroDivision) or not 0 < beta < math.inf:
        return False
    value, b2 = SKLEARN_VALUE.get(policy, 0.0), beta**2
    tp, pred, true = c.counts
    union = c.counts_of(sorted(set(c.order) | set(c.present)))
    for counts in (union, ([tp.sum()], [pred.sum()], [true.sum()])):
        hits, guessed, actual = (np.asarray(x, dtype=float) for x in counts)
        if (
            policy is ZeroDivision.THROW
            and ((b2 * actual + guessed == 0) & (guessed != 0) & (actual != 0)).any()
        ):
            return True
        with np.errstate(all="ignore"):
            precision = np.where(guessed == 0, value, hits / np.where(guessed == 0, 1, guessed))
            recall = np.where(actual == 0, value, hits / np.where(actual == 0, 1, actual))
            both = b2 * actual + guessed
            new = np.where(both == 0, value, (1 + b2) * hits / np.where(both == 0, 1, both))
            denom = b2 * precision + recall
            mask = np.isclose(denom, 0) | np.isclose(guessed + actual, 0)
            old = np.where(mask, value, (1 + b2) * precision * recall / np.where(mask, 1, denom))
        if not _same(old, new):
            return True
    return False


def f_score_drift() -> tuple[Divergence, ...]:
    """F before scikit-learn 1.4, as a value difference and as a narrowing."""
    summary = (
        "Before 1.4 scikit-learn computed F as (1 + b²) p r / (b² p + r) from the divided "
        "precision and recall, masked with np.isclose: it differs from (1 + b²) tp / (b² true "
        "+ pred) in the last bits and in the sign of a zero, is NaN where the NaN policy meets "
        "a class with no true positive, and answers where b² true + pred is zero but neither "
        "is (negative weights), which ZeroDivision.THROW refuses here."
    )
    return tuple(
        Divergence(
            "f_score_from_precision_and_recall",
            kind,
            summary,
            _old_f_score_differs,
            versions=VersionRange(until="1.4"),
        )
        for kind in ("value", "narrowing")
    )


# -- what a label set means here and to scikit-learn --------------------------------------

_LABEL_SET = {
    "duplicate_labels": "A label listed twice in labels is refused, as C# refuses it when it "
    "counts the matrix; scikit-learn answers: a score per occurrence, a report row printed "
    "twice (its dictionary keeps one), or labels ignored under BINARY.",
    "labels_not_in_truth": "labels none of which occurs in y_true are refused, as C# and "
    "scikit-learn's confusion_matrix refuse them; scikit-learn's scores answer the "
    "zero_division value, and its report a support of zero throughout.",
    "fractional_labels_argument": "A fractional value in labels is refused, as a fractional "
    "label is anywhere else; scikit-learn scores it as a class (a row of zeros in a report).",
    "empty_labels": "labels=[] means 'no label set given', as an empty span does in C#: the "
    "classes are the sorted union of both inputs. scikit-learn takes it as an empty label "
    "set: a score of the zero_division value or NaN; in a report no class rows, a micro avg "
    "row of zero division and NaN averages, and its text rendering raises (max() of an "
    "empty sequence), as does its warning under ZeroDivision.THROW.",
}

#: What lodestar refuses in a label set that scikit-learn scores.
LABEL_SET_NARROWINGS = tuple(
    Divergence(name, "narrowing", _LABEL_SET[name], EDGES[name].holds)
    for name in ("duplicate_labels", "labels_not_in_truth", "fractional_labels_argument")
)


def read_here(oracle: Callable[[View], Any]) -> Callable[[View], Any]:
    """What scikit-learn answers to the call as lodestar reads it (:func:`as_read`)."""
    return lambda v: oracle(as_read(v))


def empty_labels(
    oracle: Callable[[View], Any], value: bool = True, narrowing: bool = False
) -> tuple[Divergence, ...]:
    """``labels=[]`` read as no label set: a widening, and a value difference and a
    narrowing where asked, the value lodestar must give being :func:`read_here`. Before
    1.4 the widening holds without that check: scikit-learn 1.3's own answer to the call
    as read here carries its F (see :func:`f_score_drift`), and no drift declaration
    covers a widening."""

    def declared(kind: DivergenceKind, versions: VersionRange, checked: bool) -> Divergence:
        expected = read_here(oracle) if checked else None
        summary = _LABEL_SET["empty_labels"]
        return Divergence(
            "empty_labels", kind, summary, EDGES["empty_labels"].holds, expected, versions
        )

    return (
        *(declared("value", VersionRange(), True),) * value,
        declared("widening", VersionRange(since="1.4"), True),
        declared("widening", VersionRange(until="1.4"), False),
        *(declared("narrowing", VersionRange(), True),) * narrowing,
    )


# -- the calls -------------------------------------------------------------------------

#: The scenarios :func:`calls` knows: well-formed calls first, then malformed ones.
SCENARIOS = (
    *("valid", "labels_subset", "labels_superset", "absent_classes", "single", "weighted"),
    *("zero_sum_weight", "nothing_correct", "undefined_scores", "float_labels"),
    *("empty_labels", "duplicate_labels", "labels_not_in_truth"),
    *("empty", "length_mismatch", "fractional_label", "fractional_labels_argument"),
    *("non_finite_weight", "all_zero_weight", "wrong_weight_length", "bad_zero_division"),
)
_POLICIES: tuple[Any, ...] = (None, *ZeroDivision)
_SPELLINGS = ("warn", 0.0, 1.0, math.nan, 0.5, 2, "zero", "nan")
_WEIGHTS = ("zero_sum_weight", "non_finite_weight", "all_zero_weight", "wrong_weight_length")


@st.composite
def _universe(draw: primitives.Draw, size: int) -> list[int]:
    """``size`` distinct labels: contiguous, with gaps, negative, or past 2**32."""
    style = draw(st.sampled_from(("contiguous", "gaps", "negative", "large")))
    if style == "contiguous":
        start = draw(st.integers(0, 2))
        return list(range(start, start + size))
    low, high = {"gaps": (0, 40), "negative": (-12, 3), "large": (2**40 - 4, 2**40 + 6)}[style]
    return sorted(draw(st.sets(st.integers(low, high), min_size=size, max_size=size)))


@st.composite
def calls(draw: primitives.Draw, scenario: str) -> Call:
    """``(y_true, y_pred)`` and, by keyword, ``zero_division``, ``labels`` and
    ``sample_weight`` for ``scenario``; a scenario not in :data:`SCENARIOS` draws the
    samples and the policy alone."""
    at_least_two = scenario in ("nothing_correct", "labels_subset")
    universe = draw(_universe(draw(st.integers(2 if at_least_two else 1, 6))))
    least = 2 if scenario == "labels_subset" else 1
    samples: int = draw(st.integers(least, 12))
    samples = {"single": 1, "empty": 0}.get(scenario, samples)
    truth: list[Any] = draw(primitives.table(samples, tuple(universe))).tolist()
    narrow = universe[: 1 + primitives.index(draw, len(universe) - 1)]
    narrow = narrow if scenario == "absent_classes" else universe
    # Agreement is the interesting case: copy a third of the truth into the prediction.
    drawn, copied = (
        draw(primitives.table(samples, tuple(narrow))).tolist(),
        draw(primitives.codes(samples)),
    )
    predicted = [t if c % 3 == 2 else p for t, p, c in zip(truth, drawn, copied, strict=True)]
    if scenario == "nothing_correct":
        predicted = [primitives.pick(draw, [v for v in universe if v != t]) for t in truth]
    if scenario == "labels_subset":
        truth[0], truth[1] = universe[0], universe[1]

    present = sorted(set(truth) | set(predicted))
    extras = [v for v in (universe[-1] + 1, universe[0] - 3, 97) if v not in present]
    labels: Any = None
    if scenario == "valid" and draw(st.booleans()):
        labels = primitives.subset(draw, present + extras)
    elif scenario == "labels_subset":
        kept = primitives.subset(draw, present, 1 + primitives.index(draw, len(present) - 1))
        labels = kept + primitives.subset(
            draw, extras, primitives.index(draw, min(len(extras), 2) + 1)
        )
    elif scenario in ("labels_superset", "absent_classes", "undefined_scores"):
        labels = present + primitives.subset(draw, extras)
    elif scenario == "empty_labels":
        labels = []
    elif scenario == "duplicate_labels":
        labels = [*present, primitives.pick(draw, present)]
    elif scenario == "labels_not_in_truth":
        labels = primitives.subset(draw, [v for v in present + extras if v not in truth] or extras)
    elif scenario == "fractional_labels_argument":
        labels = [*present, draw(st.sampled_from((0.5, -1.5, 2.25)))]
    if labels is not None and len(labels) > 1:
        labels = primitives.permutation(draw, labels)

    weight: Any = None
    if scenario in ("valid", "weighted", "single", "undefined_scores", "labels_subset"):
        weight = (
            draw(primitives.weights(samples))
            if scenario == "weighted" or draw(st.booleans())
            else None
        )
    if scenario == "weighted" and draw(st.integers(0, 3)) == 0:
        magnitude = st.floats(1e-8, 1e17).map(lambda w: float(f"{w:.3g}"))
        weight = draw(st.lists(magnitude, min_size=samples, max_size=samples))
    if scenario == "zero_sum_weight" and samples < 2:
        truth, predicted = [*truth, truth[0]], [*predicted, universe[0]]
    if scenario in _WEIGHTS:
        weight = draw(primitives.weights(len(truth), scenario))

    if scenario == "float_labels":
        truth = [float(v) for v in truth]
        predicted = [float(v) for v in predicted] if draw(st.booleans()) else predicted
        labels = [float(v) for v in present] if draw(st.booleans()) else labels
    if scenario == "length_mismatch":
        predicted = [*predicted, universe[0]] if draw(st.booleans()) else predicted[:-1]
    if scenario == "fractional_label":
        truth[primitives.index(draw, samples)] = draw(st.sampled_from((0.5, 1.25, -2.5)))
    spellings = _SPELLINGS if scenario == "bad_zero_division" else _POLICIES
    given = {"zero_division": draw(st.sampled_from(spellings)), "labels": labels}
    kwargs = {name: x for name, x in (*given.items(), ("sample_weight", weight)) if x is not None}
    return Call((truth, predicted), kwargs)
