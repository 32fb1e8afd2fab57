"""``LikelihoodRatios.compute``. scikit-learn is asked with ``labels=[negative, pos_label]``
(the other label seen, or one no sample carries), the C# question, and from 1.7 with
``replace_undefined_by``: NaN when both replacements are, else ``{"LR+": .., "LR-": ..}``."""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import pairs
from equivalence.draw.labels import SPREAD
from equivalence.draw.primitives import Draw, index, integers, pick, table
from equivalence.model import Call, Divergence, Edge, Member, VersionRange
from equivalence.versions import sklearn_since
from equivalence.view import TwoByTwo, View, is_count, on
from lodestar.metrics import LikelihoodRatios

__all__ = ["COMPUTE", "MEMBERS"]

SCENARIOS = (
    *("valid", "weighted", "undefined", "out_of_range", "pos_label_absent", "single"),
    *("more_than_two", "cancelling_positive", "zero_sum_weight", "empty", "length_mismatch"),
    *("fractional_label", "non_finite_weight", "all_zero_weight", "wrong_weight_length"),
)
PAIRS = ((0, 1), (-1, 1), (1, 2), (-7, 2**40), (3, 10))  # with 1: the default pos_label
_WEIGHTED = dict.fromkeys(("valid", "undefined", "out_of_range"), ("none", "positive"))


def _cells(v: View) -> TwoByTwo | None:
    """The four cells of ``pos_label``; ``None`` where lodestar refuses."""
    pos = v["pos_label"]
    return v.two_by_two(int(pos)) if is_count(pos) and 0 < len(v.observed) <= 2 else None


def _instead(v: View) -> tuple[float, float]:
    return float(v["undefined_positive"]), float(v["undefined_negative"])


def expected(v: View) -> list[float]:
    """The contract's answer from :func:`_cells`, in scikit-learn's steps."""
    tn, fp, fn, tp = (np.float64(cell) for cell in (v.derived(_cells) or ())[:4])
    if tp + fn == 0:
        return [math.nan, math.nan]
    with np.errstate(all="ignore"):
        positive = _instead(v)[0] if fp == 0 else tp * (tn + fp) / (fp * (tp + fn))
        negative = _instead(v)[1] if tn == 0 else fn * (tn + fp) / (tn * (tp + fn))
    return [float(positive), float(negative)]


_on: Any = partial(on, _cells)  # a predicate on the cells, false where lodestar refuses
_no_positive = _on(lambda c, v: c.tp + c.fn == 0)


def _replaced(c: TwoByTwo, v: View) -> bool:
    up, un = (not math.isnan(value) for value in _instead(v))
    return c.tp + c.fn != 0 and ((c.fp == 0 and up) or (c.tn == 0 and un))


def _out_of_range(v: View) -> bool:
    up, un = _instead(v)
    return not (up >= 1 or up != up) or not (0 <= un <= 1 or un != un)


@st.composite
def _calls(draw: Draw, scenario: str) -> Call:
    samples, which, shape, flip = integers(draw, (2, 9), (0, len(PAIRS) - 1), (0, 4), (0, 1))
    low, high = PAIRS[which]
    pos, neg = (low, high) if flip else (high, low)
    truth, predicted = pairs.start(draw, scenario, samples, (neg, pos))
    if scenario == "undefined":  # fp = 0, tn = 0, no true positive, no true negative, none
        truth = {2: [neg] * len(truth), 3: [pos] * len(truth)}.get(shape, truth)
        fixed, both = {0: neg, 1: pos, 4: neg}.get(shape), zip(truth, predicted, strict=True)
        predicted = [p if fixed is None or (t != neg and shape != 4) else fixed for t, p in both]
    if scenario == "pos_label_absent":
        pos = draw(st.sampled_from([value for value in SPREAD if value not in (low, high)]))
    if scenario == "more_than_two" and truth:
        predicted[index(draw, len(truth))] = draw(st.sampled_from((high + 1, low - 5)))
    up, un = pick(draw, (math.nan, 1.0, 10.0, math.inf)), pick(draw, (math.nan, 1.0, 0.5, 0.0))
    if scenario == "out_of_range":
        bad = draw(st.sampled_from((0.5, 0.0, -1.0, 1.5, -0.5, math.inf)))
        up, un = (bad, un) if bad < 1 else (up, bad)
    kwargs: dict[str, Any] = {"pos_label": pos, "undefined_positive": up, "undefined_negative": un}
    if scenario == "cancelling_positive":
        kwargs["sample_weight"] = [2.5, -2.5, *draw(table(len(truth), (0.5, 1.0, 3.0))).tolist()]
        truth, predicted = [pos, pos, *truth], [pos, neg, *predicted]
    return pairs.finish(draw, scenario, (truth, predicted), kwargs, _WEIGHTED, neg)


def _oracle(v: View) -> list[float]:
    """With two labels seen, neither ``pos_label`` (every sample negative), both are asked
    as the first: scikit-learn's two labels leave room for one negative class."""
    from sklearn.metrics import class_likelihood_ratios

    y_true, y_pred, c = *v.args[:2], v.derived(_cells)
    kwargs: dict[str, Any] = {"sample_weight": v.unweighted}
    if c is not None:
        pos, others = c.pos, [label for label in v.observed if label != c.pos]
        if len(others) == 2:
            y_true, y_pred = (np.where(np.equal(y, others[1]), others[0], y) for y in v.args[:2])
        kwargs["labels"] = [others[0] if others else pos + (1 if pos < 0 else -1), pos]
    up, un = _instead(v)
    replace = np.nan if math.isnan(up) and math.isnan(un) else {"LR+": up, "LR-": un}
    new = sklearn_since("1.7")  # replace_undefined_by appeared, raise_warning went
    kwargs |= {"replace_undefined_by": replace} if new else {"raise_warning": False}
    return [float(value) for value in class_likelihood_ratios(y_true, y_pred, **kwargs)]


EDGES = (
    ("no_false_positive", "fp = 0: LR+ undefined", _on(lambda c, v: c.tp + c.fn and not c.fp)),
    ("no_true_negative", "tn = 0: LR- undefined", _on(lambda c, v: c.tp + c.fn and not c.tn)),
    ("no_positive_in_truth", "no true pos_label", _on(lambda c, v: c.pos not in v.truth)),
    ("no_negative_in_truth", "only true pos_label", _on(lambda c, v: (v.truth == c.pos).all())),
    ("nothing_predicted_positive", "tp + fp = 0", _on(lambda c, v: c.tp + c.fp == 0)),
    ("positive_weight_cancels", "tp + fn = 0, tp not", _on(lambda c, v: c.tp + c.fn == 0 != c.tp)),
    ("replaced", "an undefined ratio replaced by a number", _on(_replaced)),
    ("replacement_out_of_range", "LR+ below 1 or LR- outside [0, 1] asked for", _out_of_range),
    ("more_than_two_labels", "three labels or more", lambda v: len(v.observed) > 2),
    ("pos_label_default", "pos_label left out", lambda v: "pos_label" not in v.given),
    ("pos_label_absent", "pos_label not a label seen", _on(lambda c, v: c.pos not in v.observed)),
    ("pos_label_lower", "pos_label the lower of two", _on(lambda c, v: v.observed[:-1] == [c.pos])),
    ("single_label", "one label over both inputs", _on(lambda c, v: len(v.observed) == 1)),
)

_NO_POSITIVE = (
    "When the positive class weighs nothing in the truth both ratios are NaN, as the C# page "
    "says; scikit-learn warns that both are NaN but then, from 1.7, replaces LR+ where fp = 0 "
    "and LR- where tn = 0, and divides by zero when positive weights cancel."
)
_BEFORE_1_7 = (
    "An undefined ratio answers undefined_positive or undefined_negative; before 1.7 "
    "scikit-learn has no replace_undefined_by and answers NaN."
)
_TAKEN = (
    "Any replacement is taken, as by the C# doubles; scikit-learn refuses an LR+ "
    "replacement below 1 and an LR- one outside [0, 1]."
)
_OLD, _NEW = VersionRange(until="1.7"), VersionRange(since="1.7")

COMPUTE = Member(
    name="LikelihoodRatios.compute",
    csharp="LikelihoodRatios.Compute",
    page="reference/metrics/classification/likelihoodratios-compute.md",
    implementation=LikelihoodRatios.compute,
    oracle=_oracle,
    oracle_call="class_likelihood_ratios(y_true, y_pred, labels=[negative, pos_label], "
    "sample_weight=sample_weight, replace_undefined_by={'LR+': undefined_positive, "
    "'LR-': undefined_negative}) (np.nan when both are NaN; raise_warning=False before 1.7)",
    since="1.3",
    scenarios={scenario: _calls(scenario) for scenario in SCENARIOS},
    edges=(*(Edge(*edge) for edge in EDGES), *pairs.EDGES),
    divergences=(
        Divergence("no_positive_weight", "value", _NO_POSITIVE, _no_positive, expected),
        Divergence("replacement_before_1_7", "value", _BEFORE_1_7, _on(_replaced), expected, _OLD),
        Divergence("replacement_out_of_range", "widening", _TAKEN, _out_of_range, expected, _NEW),
        shared.none_refused("pos_label", "int", "asked without labels, answers"),
        shared.empty_input(until="1.8", answered="(NaN, NaN), or from 1.7 the replacements"),
        shared.non_finite_weight(until="1.8", answered="NaN or a number built on it"),
        shared.all_zero_weight(until="1.9", answered="(NaN, NaN), or from 1.7 the replacements"),
    ),
    project=lambda result: [float(result.positive), float(result.negative)],
    roles={"pos_label": "count"},
    example=Call(
        ([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1]),
        {"pos_label": 1, "sample_weight": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]},
    ),
)

MEMBERS = (COMPUTE,)
