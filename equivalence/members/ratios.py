"""``LikelihoodRatios.compute``. scikit-learn is asked with ``labels=[negative, pos_label]``
(the other label seen, or one no sample carries), the C# question, and from 1.7 with
``replace_undefined_by``: NaN when both replacements are, else ``{"LR+": .., "LR-": ..}``."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.members.confusion import SPREAD
from equivalence.model import Call, Divergence, Edge, Member, VersionRange
from equivalence.view import View
from lodestar.metrics import LikelihoodRatios

__all__ = ["COMPUTE", "MEMBERS"]

NAN = math.nan
SCENARIOS = (
    *("valid", "weighted", "undefined", "out_of_range", "pos_label_absent", "single"),
    *("more_than_two", "cancelling_positive", "zero_sum_weight", "empty", "length_mismatch"),
    *("fractional_label", "non_finite_weight", "all_zero_weight", "wrong_weight_length"),
)
PAIRS = ((0, 1), (-1, 1), (1, 2), (-7, 2**40), (3, 10))  # with 1: the default pos_label


class Cells(NamedTuple):
    """The four cells, ``pos_label``, and the labels of both inputs, ascending."""

    tn: Any
    fp: Any
    fn: Any
    tp: Any
    pos: int
    seen: list[int]


def _seen(v: View) -> list[int]:
    """The labels of both inputs, ascending; none where they are malformed."""
    truth, predicted = v.truth, v.predicted
    if truth is None or predicted is None or len(truth) != len(predicted):
        return []
    return sorted(set(truth.tolist()) | set(predicted.tolist()))


def _cells(v: View) -> Cells | None:
    """The four cells added up by a plain loop; ``None`` where lodestar refuses."""
    pos, seen, weight = v["pos_label"], v.derived(_seen), v.weight
    whole = isinstance(pos, (int, np.integer)) and not isinstance(pos, bool)
    if not whole or not 0 < len(seen) <= 2 or v.truth is None or v.predicted is None:
        return None
    if weight is not None and (len(weight) != v.samples or not v.finite_weight):
        return None
    cells: list[Any] = [0, 0, 0, 0] if weight is None else [0.0, 0.0, 0.0, 0.0]
    for index, (t, p) in enumerate(zip(v.truth.tolist(), v.predicted.tolist(), strict=True)):
        cells[2 * (t == pos) + (p == pos)] += 1 if weight is None else weight[index]
    tn, fp, fn, tp = cells
    return Cells(tn, fp, fn, tp, int(pos), seen)


def _instead(v: View) -> tuple[float, float]:
    return float(v["undefined_positive"]), float(v["undefined_negative"])


def expected(v: View) -> list[float]:
    """The contract's answer from :func:`_cells`, in scikit-learn's steps."""
    tn, fp, fn, tp = (np.float64(cell) for cell in (v.derived(_cells) or ())[:4])
    if tp + fn == 0:
        return [NAN, NAN]
    with np.errstate(all="ignore"):
        positive = _instead(v)[0] if fp == 0 else tp * (tn + fp) / (fp * (tp + fn))
        negative = _instead(v)[1] if tn == 0 else fn * (tn + fp) / (tn * (tp + fn))
    return [float(positive), float(negative)]


def _on(test: Any) -> Any:
    """A predicate on the cells and the view, false where lodestar refuses."""
    return lambda v: (c := v.derived(_cells)) is not None and bool(test(c, v))


def _replaced(c: Cells, v: View) -> bool:
    up, un = (not math.isnan(value) for value in _instead(v))
    return c.tp + c.fn != 0 and ((c.fp == 0 and up) or (c.tn == 0 and un))


def _out_of_range(v: View) -> bool:
    up, un = _instead(v)
    return not (up >= 1 or up != up) or not (0 <= un <= 1 or un != un)


@st.composite
def _calls(draw: r.Draw, scenario: str) -> Call:
    samples, which, shape, flip = r.integers(draw, (2, 9), (0, len(PAIRS) - 1), (0, 4), (0, 1))
    samples = {"single": 1, "empty": 0}.get(scenario, samples)
    low, high = PAIRS[which]
    pos, neg = (low, high) if flip else (high, low)
    truth: list[Any] = draw(r.table(samples, (neg, pos))).tolist()
    guess, copied = draw(r.table(samples, (neg, pos))).tolist(), draw(r.codes(samples))
    predicted = [t if c % 3 else g for t, g, c in zip(truth, guess, copied, strict=True)]
    if scenario == "undefined":  # fp = 0, tn = 0, no true positive, no true negative, none
        truth = {2: [neg] * samples, 3: [pos] * samples}.get(shape, truth)
        fixed = {0: neg, 1: pos}.get(shape)
        pairs = zip(truth, predicted, strict=True)
        predicted = [fixed if t == neg and fixed is not None else p for t, p in pairs]
        predicted = [neg] * samples if shape == 4 else predicted
    if scenario == "pos_label_absent":
        pos = draw(st.sampled_from([value for value in SPREAD if value not in (low, high)]))
    if scenario == "more_than_two" and samples:
        predicted[r.index(draw, samples)] = draw(st.sampled_from((high + 1, low - 5)))
    if scenario == "cancelling_positive":
        truth, predicted = [pos, pos, *truth], [pos, neg, *predicted]
    kinds: dict[str, tuple[str, ...]] = {"weighted": ()}
    kinds |= {s: (s,) for s in SCENARIOS if s.endswith(("_weight", "_length"))}
    kinds |= {s: ("none", "positive") for s in ("valid", "undefined", "out_of_range")}
    weight = draw(r.weights(len(truth), *kinds[scenario])) if scenario in kinds else None
    if scenario == "cancelling_positive":
        weight = [2.5, -2.5, *draw(r.table(len(truth) - 2, (0.5, 1.0, 3.0))).tolist()]
    if scenario == "length_mismatch":
        predicted = [*predicted, neg] if flip else predicted[:-1]
    if scenario == "fractional_label" and samples:
        truth[r.index(draw, samples)] = draw(st.sampled_from((0.5, 1.25)))
    up = draw(st.sampled_from((NAN, 1.0, 10.0, math.inf)))
    un = draw(st.sampled_from((NAN, 1.0, 0.5, 0.0)))
    if scenario == "out_of_range":
        bad = draw(st.sampled_from((0.5, 0.0, -1.0, 1.5, -0.5, math.inf)))
        up, un = (bad, un) if bad < 1 else (up, bad)
    kwargs = {"pos_label": pos, "undefined_positive": up, "undefined_negative": un}
    kwargs |= {} if weight is None else {"sample_weight": weight}
    return Call((truth, predicted), r.with_defaults(draw, kwargs, ("sample_weight",)))


def _oracle(v: View) -> list[float]:
    """With two labels seen, neither ``pos_label`` (every sample negative), both are asked
    as the first: scikit-learn's two labels leave room for one negative class."""
    from sklearn.metrics import class_likelihood_ratios

    y_true, y_pred, c = *v.args[:2], v.derived(_cells)
    kwargs: dict[str, Any] = {"sample_weight": v.unweighted}
    if c is not None:
        others = [label for label in c.seen if label != c.pos]
        if len(others) == 2:
            y_true, y_pred = (
                np.where(np.equal(y, others[1]), others[0], y) for y in (y_true, y_pred)
            )
        kwargs["labels"] = [others[0] if others else c.pos + (1 if c.pos < 0 else -1), c.pos]
    up, un = _instead(v)
    replace = np.nan if math.isnan(up) and math.isnan(un) else {"LR+": up, "LR-": un}
    import sklearn

    new = tuple(int(p) for p in sklearn.__version__.split(".")[:2]) >= (
        1,
        7,
    )  # replace_undefined_by appeared, raise_warning went
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
    ("more_than_two_labels", "three labels or more", lambda v: len(v.derived(_seen)) > 2),
    ("pos_label_default", "pos_label left out", lambda v: "pos_label" not in v.given),
    ("pos_label_absent", "pos_label not a label seen", _on(lambda c, v: c.pos not in c.seen)),
    ("pos_label_lower", "pos_label the lower of two", _on(lambda c, v: c.seen[:-1] == [c.pos])),
    ("single_label", "one label over both inputs", _on(lambda c, v: len(c.seen) == 1)),
)

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
    edges=(
        *(Edge(*edge) for edge in EDGES),
        *shared.edges("negative_weight", "zero_sum_weight", "empty", "single_sample"),
        *shared.edges("length_mismatch", "fractional_label", "non_finite_weight"),
        *shared.edges("all_zero_weight", "wrong_weight_length"),
    ),
    divergences=(
        Divergence(
            "no_positive_weight",
            "value",
            "When the positive class weighs nothing in the truth both ratios are NaN, as the C# "
            "page says; scikit-learn warns that both are NaN but then, from 1.7, replaces LR+ "
            "where fp = 0 and LR- where tn = 0, and divides by zero when positive weights cancel.",
            _on(lambda c, v: c.tp + c.fn == 0),
            expected,
        ),
        Divergence(
            "replacement_before_1_7",
            "value",
            "An undefined ratio answers undefined_positive or undefined_negative; before 1.7 "
            "scikit-learn has no replace_undefined_by and answers NaN.",
            _on(_replaced),
            expected,
            VersionRange(until="1.7"),
        ),
        Divergence(
            "replacement_out_of_range",
            "widening",
            "Any replacement is taken, as by the C# doubles; scikit-learn refuses an LR+ "
            "replacement below 1 and an LR- one outside [0, 1].",
            _out_of_range,
            expected,
            VersionRange(since="1.7"),
        ),
        Divergence(
            "pos_label_none",
            "narrowing",
            "pos_label=None is refused, as the C# int cannot be null; scikit-learn, asked "
            "without labels, answers.",
            lambda v: v["pos_label"] is None,
        ),
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
