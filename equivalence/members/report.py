"""``ClassificationReport.compute`` and ``ClassificationReport.to_text``.

Both members take the same calls, ``(y_true, y_pred, target_names, zero_division,
labels, sample_weight)``, and ``to_text`` one more keyword, ``digits``. ``compute`` is
compared with ``classification_report(..., output_dict=True)`` through :func:`as_dict`,
which builds the dictionary from the report the way scikit-learn builds its own;
``to_text`` is compared with the printed table, string for string.
"""

from __future__ import annotations

import math
import numbers
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.model import (
    Call,
    Divergence,
    DivergenceKind,
    Edge,
    Member,
    VersionRange,
)
from equivalence.view import View, as_labels
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics.classification.classification_report import (
    MOST_DIGITS,
    ClassificationReport,
    ZeroDivision,
)

__all__ = ["COMPUTE", "MEMBERS", "TO_TEXT", "as_dict", "report_text"]

# Positions of the C# parameters in a call.
_NAMES, _ZERO_DIVISION, _LABELS, _WEIGHT, _DIGITS = 2, 3, 4, 5, 6


# -- the two callables under test -------------------------------------------------------


def report_text(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
    digits: Any = 2,
) -> str:
    """``ClassificationReport.compute(...).to_text(digits)``: what ``to_text`` is run as."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    return report.to_text(digits)


def as_dict(report: Any) -> dict[Any, Any]:
    """The report as ``classification_report(output_dict=True)`` lays it out.

    Built in scikit-learn's own order, so that what it does to colliding keys (two rows
    of the same name, a class named ``accuracy`` or ``macro avg``) happens here too.
    """

    def scores(row: Any) -> dict[str, float]:
        return {
            "precision": float(row.precision),
            "recall": float(row.recall),
            "f1-score": float(row.f1),
            "support": float(row.support),
        }

    result: dict[Any, Any] = {row.heading: scores(row) for row in report.classes}
    micro = report.micro_average
    if micro is None:
        result["accuracy"] = {"precision": float(report.accuracy)}
    else:
        result["micro avg"] = scores(micro)
    result["macro avg"] = scores(report.macro_average)
    result["weighted avg"] = scores(report.weighted_average)
    if "accuracy" in result:
        result["accuracy"] = result["accuracy"]["precision"]
    return result


# -- reading a call back (once per call, through View.derived) ------------------------


def _zero_division(v: View) -> Any:
    return v["zero_division"]


def _given_labels(v: View) -> Any:
    return v["labels"]


def _names(v: View) -> Any:
    return v["target_names"]


def _digits(v: View) -> Any:
    return v["digits"]


@dataclass(frozen=True)
class _Facts:
    """What a well-formed call holds, read independently of lodestar."""

    truth: np.ndarray[Any, Any]
    predicted: np.ndarray[Any, Any]
    present: list[int]
    labels: list[int] | None  # None when omitted or empty
    order: list[int]
    weight: np.ndarray[Any, Any] | None


def _facts(v: View) -> _Facts | None:
    truth, predicted = as_labels(v.args[0]), as_labels(v.args[1])
    if truth is None or predicted is None or len(truth) != len(predicted) or len(truth) == 0:
        return None
    given = _given_labels(v)
    labels = None
    if given is not None:
        parsed = as_labels(given)
        if parsed is None:
            return None
        labels = [int(v) for v in parsed] or None
    present = sorted({int(v) for v in truth} | {int(v) for v in predicted})
    weight = v.weight
    if weight is not None and (weight.size != len(truth) or not np.isfinite(weight).all()):
        return None
    return _Facts(truth, predicted, present, labels, labels or present, weight)


def _counts(facts: _Facts) -> tuple[np.ndarray[Any, Any], ...]:
    """True positives, predicted and true totals per label of the order, by bincount."""
    known = sorted(set(facts.present) | set(facts.order))
    index = {label: position for position, label in enumerate(known)}
    t = np.array([index[int(v)] for v in facts.truth])
    p = np.array([index[int(v)] for v in facts.predicted])
    w = facts.weight
    right = t == p
    tp = np.bincount(t[right], None if w is None else w[right], minlength=len(known))
    pred = np.bincount(p, w, minlength=len(known))
    true = np.bincount(t, w, minlength=len(known))
    chosen = [index[label] for label in facts.order]
    tp, pred, true = tp[chosen].astype(float), pred[chosen], true[chosen]
    return tp, tp + (pred - tp), tp + (true - tp)


def _labels_subset_drops(v: View) -> bool:
    facts = v.derived(_facts)
    return (
        facts is not None
        and facts.labels is not None
        and not set(facts.present) <= set(facts.labels)
    )


def _labels_strict_superset(v: View) -> bool:
    facts = v.derived(_facts)
    return facts is not None and facts.labels is not None and set(facts.labels) > set(facts.present)


def _non_contiguous(v: View) -> bool:
    facts = v.derived(_facts)
    return facts is not None and facts.order != list(range(min(facts.order), max(facts.order) + 1))


def _negative_labels(v: View) -> bool:
    facts = v.derived(_facts)
    return facts is not None and min(facts.order) < 0


def _never_predicted(v: View) -> bool:
    facts = v.derived(_facts)
    return facts is not None and bool(set(facts.order) - {int(v) for v in facts.predicted})


def _absent_from_truth(v: View) -> bool:
    facts = v.derived(_facts)
    return facts is not None and bool(set(facts.order) - {int(v) for v in facts.truth})


def _undefined_score(v: View) -> bool:
    """Some per-class or micro denominator is zero."""
    facts = v.derived(_facts)
    if facts is None:
        return False
    _tp, pred, true = _counts(facts)
    per_class = (pred == 0).any() or (true == 0).any() or ((pred + true) == 0).any()
    return bool(per_class) or pred.sum() == 0 or true.sum() == 0


def _nothing_correct(v: View) -> bool:
    facts = v.derived(_facts)
    return facts is not None and not bool((facts.truth == facts.predicted).any())


def _empty_labels(v: View) -> bool:
    given = _given_labels(v)
    return given is not None and len(given) == 0 and v.derived(_facts) is not None


def _duplicate_labels(v: View) -> bool:
    facts = v.derived(_facts)
    return (
        facts is not None
        and facts.labels is not None
        and len(set(facts.labels)) < len(facts.labels)
    )


def _labels_not_in_truth(v: View) -> bool:
    facts = v.derived(_facts)
    return (
        facts is not None
        and facts.labels is not None
        and not set(facts.labels) & {int(v) for v in facts.truth}
    )


def _fractional_labels_argument(v: View) -> bool:
    given = _given_labels(v)
    return given is not None and any(
        isinstance(v, float) and math.isfinite(v) and v != int(v) for v in given
    )


def _has_float(value: Any) -> bool:
    return value is not None and any(isinstance(v, float) for v in value)


def _float_labels(v: View) -> bool:
    return v.derived(_facts) is not None and any(
        _has_float(v) for v in (v.args[0], v.args[1], _given_labels(v))
    )


def _names_list(v: View) -> list[Any] | None:
    names = _names(v)
    return None if names is None else list(names)


def _target_names_length(v: View) -> bool:
    facts, names = v.derived(_facts), _names_list(v)
    return facts is not None and names is not None and len(names) != len(facts.order)


def _target_names_length_with_labels(v: View) -> bool:
    return _target_names_length(v) and _given_labels(v) is not None


def _target_names_not_strings(v: View) -> bool:
    names = _names_list(v)
    return names is not None and any(not isinstance(name, str) for name in names)


def _long_target_name(v: View) -> bool:
    names = _names_list(v)
    return (
        v.derived(_facts) is not None
        and names is not None
        and any(isinstance(n, str) and len(n) > 12 for n in names)
    )


_SKLEARN_SPELLINGS = ("warn", 0.0, 1.0, 0, 1)


def _zero_division_spelling(v: View) -> bool:
    value = _zero_division(v)
    if isinstance(value, ZeroDivision):
        return False
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, (str, int, float)) and any(
        type(value) is type(spelling) and value == spelling for spelling in _SKLEARN_SPELLINGS
    )


def _bad_zero_division(v: View) -> bool:
    return not isinstance(_zero_division(v), ZeroDivision)


def _policy_is(policy: ZeroDivision | None) -> Callable[[View], bool]:
    def holds(v: View) -> bool:
        if policy is None:
            return "zero_division" not in v.given
        return _zero_division(v) is policy and v.derived(_facts) is not None

    return holds


# -- the oracles ------------------------------------------------------------------------

_SKLEARN_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


def _sklearn_kwargs(v: View) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    names = _names(v)
    if names is not None:
        kwargs["target_names"] = names
    labels = _given_labels(v)
    if labels is not None:
        kwargs["labels"] = labels
    if v.unweighted is not None:
        kwargs["sample_weight"] = v.unweighted
    if "zero_division" in v.given:
        policy = _zero_division(v)
        if isinstance(policy, ZeroDivision):
            if policy is not ZeroDivision.THROW:
                kwargs["zero_division"] = _SKLEARN_VALUE[policy]
        else:
            kwargs["zero_division"] = policy
    return kwargs


def _ask_sklearn(v: View, **extra: Any) -> Any:
    """``classification_report`` on the call; under ``THROW`` its warning is the refusal."""
    from sklearn.exceptions import UndefinedMetricWarning
    from sklearn.metrics import classification_report

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if _zero_division(v) is ZeroDivision.THROW:
            warnings.simplefilter("error", UndefinedMetricWarning)
        return classification_report(v.args[0], v.args[1], **_sklearn_kwargs(v), **extra)


def _dict_oracle(v: View) -> Any:
    """``classification_report(..., output_dict=True)``.

    ``ZeroDivision.ZERO``, ``ONE`` and ``NAN`` are asked as ``0.0``, ``1.0`` and
    ``np.nan``; an omitted policy as scikit-learn's default ``"warn"``; ``THROW`` as
    ``"warn"`` with ``UndefinedMetricWarning`` raised as an error, so that scikit-learn
    refuses exactly where it would have warned. An empty ``sample_weight`` is asked as
    ``None``.
    """
    return _ask_sklearn(v, output_dict=True)


def _past_format_limit(v: View) -> bool:
    digits = _digits(v)
    return isinstance(digits, numbers.Integral) and int(digits) > MOST_DIGITS


def _text_oracle(v: View) -> Any:
    """``classification_report(..., digits=digits)``, the policy asked as for ``compute``.

    Past :data:`MOST_DIGITS` decimal places the table is not built (it would take
    gigabytes): scikit-learn is asked with ``digits=2``, which accepts or refuses the
    same arguments, and its answer stands for the table it would print.
    """
    if _past_format_limit(v):
        _ask_sklearn(v, digits=2)
        return f"<a table with {_digits(v)} decimal places>"
    extra = {"digits": _digits(v)} if "digits" in v.given else {}
    return _ask_sklearn(v, **extra)


def _with_integer_labels(v: View) -> View:
    """The same call with every whole-float label written as an integer."""

    def whole(values: Any) -> Any:
        if values is None:
            return None
        return [int(v) if isinstance(v, float) else v for v in values]

    kwargs = dict(v.kwargs)
    if "labels" in kwargs:
        kwargs["labels"] = whole(kwargs["labels"])
    return replace(v, args=(whole(v.args[0]), whole(v.args[1]), *v.args[2:]), kwargs=kwargs)


def _as_lodestar_reads_it(v: View) -> View:
    """The call as lodestar reads it: whole-float labels as integers, and ``labels=[]``
    left out. What scikit-learn answers to it is what lodestar must answer."""
    v = _with_integer_labels(v)
    if _given_labels(v) is not None and len(_given_labels(v)) == 0:
        kwargs = {key: value for key, value in v.kwargs.items() if key != "labels"}
        v = replace(v, kwargs=kwargs)
    return v


# -- drift in older scikit-learn versions -----------------------------------------------


def _old_f_score_differs(v: View) -> bool:
    """Before 1.4 F1 was ``2 p r / (p + r)`` with a near-zero mask (``np.isclose``); where
    that differs from ``2 tp / (true + pred)``, bit for bit, sign of zero included. Under
    ``THROW``: where only the F1 denominator is zero, which 1.3 never warned about."""
    facts = v.derived(_facts)
    policy = _zero_division(v)
    if facts is None or not isinstance(policy, ZeroDivision):
        return False
    value = _SKLEARN_VALUE.get(policy, 0.0)
    tp, pred, true = _counts(facts)
    for counts in (
        (tp, pred, true),
        (tp.sum(keepdims=True), pred.sum(keepdims=True), true.sum(keepdims=True)),
    ):
        t, p, r = (np.asarray(c, dtype=float) for c in counts)
        if policy is ZeroDivision.THROW and ((p + r == 0) & (p != 0) & (r != 0)).any():
            return True
        with np.errstate(all="ignore"):
            precision = np.where(p == 0, value, t / np.where(p == 0, 1, p))
            recall = np.where(r == 0, value, t / np.where(r == 0, 1, r))
            new = np.where(p + r == 0, value, 2 * t / np.where(p + r == 0, 1, p + r))
            denom = precision + recall
            mask = np.isclose(denom, 0) | np.isclose(p + r, 0)
            old = np.where(mask, value, 2 * precision * recall / np.where(mask, 1, denom))
        same = ((old == new) & (np.signbit(old) == np.signbit(new))) | (
            np.isnan(old) & np.isnan(new)
        )
        if not same.all():
            return True
    return False


# -- the calls --------------------------------------------------------------------------

_VALID = (
    *("valid", "labels_subset", "labels_superset", "absent_classes", "single", "weighted"),
    *("zero_sum_weight", "nothing_correct", "undefined_scores", "target_names", "float_labels"),
    *("empty_labels", "duplicate_labels", "labels_not_in_truth"),
)
_MALFORMED = (
    *("empty", "length_mismatch", "fractional_label", "fractional_labels_argument"),
    *("non_finite_weight", "all_zero_weight", "wrong_weight_length", "target_names_length"),
    *("target_names_not_strings", "bad_zero_division"),
)
COMPUTE_SCENARIOS = _VALID + _MALFORMED
TEXT_SCENARIOS = (
    *COMPUTE_SCENARIOS,
    "digits",
    "digits_large",
    "digits_past_format_limit",
    "digits_negative",
    "digits_not_an_integer",
)

_POLICIES: tuple[Any, ...] = (None, *ZeroDivision)
_NAME_TEXT = st.text(alphabet=st.sampled_from("abcXYZ _-.0é漢"), min_size=0, max_size=8)


@st.composite
def _universe(draw: r.Draw, size: int) -> list[int]:
    """``size`` distinct labels: contiguous, with gaps, negative, or past 2**32."""
    style = draw(st.sampled_from(("contiguous", "gaps", "negative", "large")))
    if style == "contiguous":
        start = draw(st.integers(0, 2))
        return list(range(start, start + size))
    pools = {"gaps": (0, 40), "negative": (-12, 3), "large": (2**40 - 4, 2**40 + 6)}
    low, high = pools[style]
    return sorted(draw(st.sets(st.integers(low, high), min_size=size, max_size=size)))


def _name(draw: r.Draw) -> str:
    if draw(st.integers(0, 3)) == 0:
        return "class " * int(draw(st.integers(3, 5)))
    return str(draw(_NAME_TEXT))


@st.composite
def _calls(draw: r.Draw, scenario: str, text: bool) -> Call:
    size = draw(st.integers(2 if scenario in ("nothing_correct", "labels_subset") else 1, 6))
    universe = draw(_universe(size))
    samples = 1 if scenario == "single" else draw(st.integers(1, 12))
    if scenario == "empty":
        samples = 0
    if scenario == "labels_subset":
        samples = max(samples, 2)
    truth: list[Any] = draw(r.table(samples, tuple(universe))).tolist()
    narrow = universe
    if scenario == "absent_classes" and len(universe) > 1:
        narrow = universe[: draw(st.integers(1, len(universe) - 1))]
    # Agreement is the interesting case: copy a third of the truth into the prediction.
    drawn, copied = draw(r.table(samples, tuple(narrow))).tolist(), draw(r.codes(samples))
    predicted: list[Any] = [
        t if c % 3 == 2 else p for t, p, c in zip(truth, drawn, copied, strict=True)
    ]
    if scenario == "nothing_correct":
        predicted = [r.pick(draw, [v for v in universe if v != t]) for t in truth]
    if scenario == "labels_subset":
        truth[0], truth[1] = universe[0], universe[1]

    present = sorted(set(truth) | set(predicted))
    extras = [v for v in (universe[-1] + 1, universe[0] - 3, 97) if v not in present]
    labels: Any = None
    if scenario == "valid" and draw(st.booleans()):
        pool = present + extras
        labels = r.subset(draw, pool)
    elif scenario == "labels_subset":
        kept = r.subset(draw, present, 1 + r.index(draw, len(present) - 1))
        labels = kept + r.subset(draw, extras, r.index(draw, min(len(extras), 2) + 1))
    elif scenario in ("labels_superset", "absent_classes", "undefined_scores"):
        labels = present + r.subset(draw, extras)
    elif scenario == "empty_labels":
        labels = []
    elif scenario == "duplicate_labels":
        labels = [*present, r.pick(draw, present)]
    elif scenario == "labels_not_in_truth":
        outside = [v for v in present + extras if v not in truth] or extras
        labels = r.subset(draw, outside)
    if labels is not None and len(labels) > 1:
        labels = r.permutation(draw, labels)
    order = list(labels) if labels else present

    names: Any = None
    if scenario == "target_names" or (scenario == "valid" and draw(st.booleans())):
        names = [_name(draw) for _ in order]
        if scenario == "target_names":
            names[r.index(draw, len(names))] = "a name longer than weighted avg"
    if scenario == "target_names_length":
        names = [_name(draw) for _ in range(len(order) + draw(st.sampled_from((-1, 1, 2))))]
        if not names:
            names = ["a", "b"]
        if draw(st.booleans()):
            labels = r.permutation(draw, present)
        else:
            names = [_name(draw) for _ in range(len(present) + 1)]
    if scenario == "target_names_not_strings":
        names = list(range(len(order)))

    weight: Any = None
    if scenario in ("valid", "weighted", "single", "undefined_scores", "labels_subset"):
        weight = draw(r.weights(samples)) if scenario == "weighted" or draw(st.booleans()) else None
    if scenario == "weighted" and draw(st.integers(0, 3)) == 0:
        magnitude = st.floats(1e-8, 1e17).map(lambda w: float(f"{w:.3g}"))
        weight = draw(st.lists(magnitude, min_size=samples, max_size=samples))
    if scenario == "zero_sum_weight":
        if samples < 2:
            truth, predicted = [*truth, truth[0]], [*predicted, universe[0]]
        weight = draw(r.weights(len(truth), "zero_sum"))
    if scenario in ("non_finite_weight", "all_zero_weight", "wrong_weight_length"):
        weight = draw(r.weights(samples, scenario))

    if scenario == "float_labels":
        truth = [float(v) for v in truth]
        if draw(st.booleans()):
            predicted = [float(v) for v in predicted]
        if draw(st.booleans()):
            labels = [float(v) for v in present]
    if scenario == "length_mismatch":
        predicted = [*predicted, universe[0]] if draw(st.booleans()) else predicted[:-1]
    if scenario == "fractional_labels_argument":
        labels = [*present, draw(st.sampled_from((0.5, -1.5, 2.25)))]
    if scenario == "fractional_label":
        truth[r.index(draw, samples)] = draw(st.sampled_from((0.5, 1.25, -2.5)))

    policy = draw(st.sampled_from(_POLICIES))
    if scenario == "bad_zero_division":
        policy = draw(st.sampled_from(("warn", 0.0, 1.0, math.nan, 0.5, 2, "zero", "nan")))

    kwargs: dict[str, Any] = {}
    if names is not None:
        kwargs["target_names"] = names
    if policy is not None:
        kwargs["zero_division"] = policy
    if labels is not None:
        kwargs["labels"] = labels
    if weight is not None:
        kwargs["sample_weight"] = weight
    if text:
        if scenario == "digits":
            kwargs["digits"] = draw(st.sampled_from((0, 1, 3, 4, 7, 12, np.int64(5))))
        elif scenario == "digits_large":
            kwargs["digits"] = draw(st.sampled_from((13, 16, 25, 40)))
        elif scenario == "digits_past_format_limit":
            kwargs["digits"] = draw(st.sampled_from((MOST_DIGITS + 1, 10**12)))
        elif scenario == "digits_negative":
            kwargs["digits"] = draw(st.sampled_from((-1, -3)))
        elif scenario == "digits_not_an_integer":
            kwargs["digits"] = draw(st.sampled_from((2.0, 2.5, "2", True, None)))
        elif draw(st.booleans()):
            kwargs["digits"] = draw(st.integers(0, 6))
    return Call((truth, predicted), kwargs)


# -- edges and divergences shared by both members -----------------------------------------


def _edges(text: bool) -> tuple[Edge, ...]:
    edges = (
        Edge("labels_subset_drops", "labels leave out an observed label", _labels_subset_drops),
        Edge(
            "labels_superset",
            "labels add a label that occurs nowhere",
            _labels_strict_superset,
        ),
        Edge("non_contiguous_labels", "labels with gaps between them", _non_contiguous),
        Edge("negative_labels", "a label below zero", _negative_labels),
        Edge("never_predicted", "a class that y_pred never holds", _never_predicted),
        Edge("absent_from_truth", "a class that y_true never holds", _absent_from_truth),
        Edge(
            "single_sample",
            "one sample",
            lambda v: v.derived(_facts) is not None and v.samples == 1,
        ),
        Edge("undefined_score", "some denominator is zero", _undefined_score),
        Edge("zero_division_default", "zero_division omitted", _policy_is(None)),
        Edge("zero_division_zero", "ZeroDivision.ZERO", _policy_is(ZeroDivision.ZERO)),
        Edge("zero_division_one", "ZeroDivision.ONE", _policy_is(ZeroDivision.ONE)),
        Edge("zero_division_nan", "ZeroDivision.NAN", _policy_is(ZeroDivision.NAN)),
        Edge(
            "zero_division_throw",
            "ZeroDivision.THROW with some denominator zero",
            lambda v: _policy_is(ZeroDivision.THROW)(v) and _undefined_score(v),
        ),
        *shared.edges("negative_weight", "zero_sum_weight"),
        Edge("nothing_correct", "no sample predicted right", _nothing_correct),
        Edge("long_target_name", "a target name longer than 'weighted avg'", _long_target_name),
        Edge("empty_labels", "labels=[]", _empty_labels),
        Edge("duplicate_labels", "a label listed twice", _duplicate_labels),
        Edge("labels_not_in_truth", "no given label occurs in y_true", _labels_not_in_truth),
        Edge("float_labels", "labels written as whole floats", _float_labels),
        *shared.edges("empty"),
        *shared.edges("length_mismatch", "fractional_label"),
        Edge(
            "fractional_labels_argument",
            "a fractional value in labels",
            _fractional_labels_argument,
        ),
        *shared.edges("non_finite_weight", "all_zero_weight", "wrong_weight_length"),
        Edge("target_names_length", "target_names of the wrong length", _target_names_length),
        Edge(
            "target_names_not_strings",
            "a target name that is not a string",
            _target_names_not_strings,
        ),
        Edge("bad_zero_division", "zero_division not a ZeroDivision member", _bad_zero_division),
    )
    if not text:
        return edges
    return (
        *edges,
        Edge("digits_zero", "digits = 0", lambda v: _digits(v) == 0 and _digits(v) is not False),
        Edge(
            "digits_large",
            "digits above 12, which widens the name column",
            lambda v: (
                isinstance(_digits(v), int)
                and not isinstance(_digits(v), bool)
                and 12 < _digits(v) <= MOST_DIGITS
            ),
        ),
        Edge("digits_past_format_limit", "digits above 999,999,999", _past_format_limit),
        Edge(
            "digits_negative",
            "digits below zero",
            lambda v: isinstance(_digits(v), int) and _digits(v) < 0,
        ),
        Edge(
            "digits_not_an_integer",
            "digits a float, a string, a bool or None",
            lambda v: (
                "digits" in v.given
                and (isinstance(_digits(v), bool) or not isinstance(_digits(v), int))
            ),
        ),
    )


def _divergences(text: bool) -> tuple[Divergence, ...]:
    """The declarations of one member, the version drifts first: the runner lets a call
    through under the first declaration of its kind that holds, and on an old
    scikit-learn a drift explains a difference that a later declaration's expected value
    (asked of that same old version) would not."""
    oracle = _text_oracle if text else _dict_oracle
    drift = (
        *(
            Divergence(
                name="f_score_from_precision_and_recall",
                kind=kind,
                summary=(
                    "Before 1.4 scikit-learn computed F1 as 2 p r / (p + r), masked with "
                    "np.isclose: it differs from 2 tp / (true + pred) in the last bits and in "
                    "the sign of a zero, is NaN where the NaN policy meets a class with no "
                    "true positive, and answers where true + pred is zero but neither is "
                    "(negative weights), which ZeroDivision.THROW refuses here."
                ),
                applies=_old_f_score_differs,
                versions=VersionRange(until="1.4"),
            )
            for kind in ("value", "narrowing")
        ),
        Divergence(
            name="superset_micro_row",
            kind="value",
            summary=(
                "Before 1.5 scikit-learn printed a micro avg row in place of the accuracy "
                "row whenever labels differed from the observed set, a superset included; "
                "from 1.5, as here, only when labels leave an observed label out."
            ),
            applies=_labels_strict_superset,
            versions=VersionRange(until="1.5"),
        ),
        # Empty input: before 1.8 the dictionary answers; the text never does (max() of
        # an empty sequence), so the text needs no declaration.
        *(
            ()
            if text
            else (
                shared.empty_input(
                    until="1.8", answered="a dictionary with an accuracy of 0.0 and NaN averages"
                ),
            )
        ),
        shared.non_finite_weight(until="1.8", answered="NaN rows"),
        shared.all_zero_weight(until="1.9", answered="a report of zeros"),
    )
    empty_summary = (
        "labels=[] means 'no label set given', as an empty span does in C#: the report "
        "covers the sorted union of both inputs. scikit-learn takes it as an empty label "
        "set: no class rows, a micro avg row of zero division, NaN macro and weighted "
        "averages; its text rendering raises (max() of an empty sequence), and so does its "
        "warning under ZeroDivision.THROW."
    )
    names_summary = (
        "Labels are integers: given as whole floats they are read as integers and the rows "
        "are headed '1', where scikit-learn heads them by the float, '1.0'."
    )
    # A value difference on scikit-learn 1.3 that comes from its F1 is let through by the
    # drift declared first; a widening has no such declaration, so before 1.4 the widening
    # of empty_labels holds without the value check (1.3's own answer carries its F1).
    empty_kinds: tuple[DivergenceKind, ...] = ("widening",) if text else ("value", "widening")
    declared = (
        *(
            Divergence(
                name="empty_labels",
                kind=kind,
                summary=empty_summary,
                applies=_empty_labels,
                expected=lambda v: oracle(_as_lodestar_reads_it(v)),
                versions=VersionRange(since="1.4") if kind == "widening" else VersionRange(),
            )
            for kind in empty_kinds
        ),
        Divergence(
            name="empty_labels",
            kind="widening",
            summary=empty_summary,
            applies=_empty_labels,
            versions=VersionRange(until="1.4"),
        ),
        Divergence(
            name="float_label_names",
            kind="value",
            summary=names_summary,
            applies=_float_labels,
            expected=lambda v: oracle(_as_lodestar_reads_it(v)),
        ),
        Divergence(
            name="duplicate_labels",
            kind="narrowing",
            summary=(
                "A label listed twice in labels is refused, as C# refuses it when it counts "
                "the matrix; scikit-learn prints the row twice (and its dictionary keeps one)."
            ),
            applies=_duplicate_labels,
        ),
        Divergence(
            name="labels_not_in_truth",
            kind="narrowing",
            summary=(
                "labels none of which occurs in y_true are refused, as C# and scikit-learn's "
                "confusion_matrix refuse them; classification_report answers with every "
                "support zero."
            ),
            applies=_labels_not_in_truth,
        ),
        Divergence(
            name="fractional_labels_argument",
            kind="narrowing",
            summary=(
                "A fractional value in labels is refused, as a fractional label is anywhere "
                "else; scikit-learn gives it a row of zeros."
            ),
            applies=_fractional_labels_argument,
        ),
        Divergence(
            name="target_names_length",
            kind="narrowing",
            summary=(
                "target_names must hold one name per label. With labels given, scikit-learn "
                "only warns about a mismatch and pairs names with rows as far as both go."
            ),
            applies=_target_names_length_with_labels,
        ),
        Divergence(
            name="zero_division_spelling",
            kind="narrowing",
            summary=(
                "zero_division takes a ZeroDivision member; scikit-learn's own spellings "
                "('warn', 0.0, 1.0, np.nan) are refused. ZERO is 'warn' (or 0.0) without "
                "the warning, ONE is 1.0, NAN is np.nan."
            ),
            applies=_zero_division_spelling,
        ),
    )
    if text:
        own = Divergence(
            name="digits_past_format_limit",
            kind="narrowing",
            summary=(
                "digits above 999,999,999 (where .NET's fixed-point format stops) is refused "
                "with ArgumentOutOfRangeError; scikit-learn would build a table of billions "
                "of characters."
            ),
            applies=_past_format_limit,
        )
    else:
        own = Divergence(
            name="target_names_not_strings",
            kind="narrowing",
            summary=(
                "Every target name must be a string; scikit-learn's dictionary keys rows by "
                "whatever it is given (its text rendering refuses too)."
            ),
            applies=_target_names_not_strings,
        )
    return (*drift, *declared, own)


COMPUTE = Member(
    name="ClassificationReport.compute",
    csharp="ClassificationReport.Compute",
    page="reference/metrics/classification/classificationreport-compute.md",
    implementation=ClassificationReport.compute,
    oracle=_dict_oracle,
    oracle_call=(
        "classification_report(y_true, y_pred, labels=labels, target_names=target_names, "
        "sample_weight=sample_weight, zero_division=zero_division, output_dict=True)"
    ),
    since="1.3",
    scenarios={scenario: _calls(scenario, False) for scenario in COMPUTE_SCENARIOS},
    edges=_edges(False),
    divergences=_divergences(False),
    refusals=(ArgumentError, UndefinedMetricError),
    project=as_dict,
    example=Call(
        ([0, 1, 2, 2, 1, 0], [0, 2, 2, 2, 1, 1]),
        {"sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0]},
    ),
)

TO_TEXT = Member(
    name="ClassificationReport.to_text",
    csharp="ClassificationReport.ToText",
    page="reference/metrics/classification/classificationreport-totext.md",
    implementation=report_text,
    oracle=_text_oracle,
    oracle_call=(
        "classification_report(y_true, y_pred, labels=labels, target_names=target_names, "
        "sample_weight=sample_weight, digits=digits, zero_division=zero_division)"
    ),
    since="1.3",
    scenarios={scenario: _calls(scenario, True) for scenario in TEXT_SCENARIOS},
    edges=_edges(True),
    divergences=_divergences(True),
    refusals=(ArgumentError, UndefinedMetricError),
    example=Call(
        ([0, 1, 2, 2, 1, 0], [0, 2, 2, 2, 1, 1]),
        {"sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0], "digits": 3},
    ),
)

MEMBERS = (COMPUTE, TO_TEXT)
