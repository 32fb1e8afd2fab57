"""The members whose calls carry labels, one score per sample and weights (the curves
and areas of a binary score): the threshold walk their expected answers are built from,
how their calls are drawn, and the edges the shared scenarios reach.

:func:`walk` is scikit-learn's ``confusion_matrix_at_thresholds`` in NumPy alone, never
lodestar: samples of zero weight set aside, a stable descending sort, the running sums
read at the last sample of each tie. A scenario means the same thing in every member that
names it; ``flag`` is the member's boolean argument, set by ``bends``.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import blocks, primitives
from equivalence.model import Call, Edge
from equivalence.view import View

__all__ = ["EDGES", "SCENARIOS", "Array", "calls", "on", "parts", "walk"]

#: Scores drawn from a short table, so that ties are the rule rather than the exception.
SCORES = (0.5, 0.25, 0.75, 0.0, -0.0, 1.0, 0.1, 0.2, 0.3, 0.7, -3.0, 1e30, 5e-324)
#: Weights whose running sums round, so that their order and the second difference matter.
ROUNDING = (0.1, 0.2, 0.3, 0.7, 1.1, 3.0)
LABEL_PAIRS = ((0, 1), (-1, 1), (1, 2), (3, 7), (2**40, 2**40 + 1))

Array = np.ndarray[Any, Any]


def parts(v: View) -> tuple[Array, Array, Array | None] | None:
    """Whether each sample is ``pos_label``, its score and its weight, on a call lodestar
    answers; ``None`` where it refuses."""
    truth, score, weight, positive = v.truth, v.block, v.weight, shared.pos_label(v)
    if truth is None or score is None or positive is None or not len(truth):
        return None
    if score.shape != truth.shape or not v.finite_numbers or v.all_zero_weight:
        return None
    if weight is not None and weight.shape != truth.shape:
        return None
    return truth == positive, score, weight


def walk(
    v: View, reverse_ties: bool = False, found: tuple[Array, Array, Array | None] | None = None
) -> tuple[Array, Array, Array]:
    """The counts at each distinct score, samples of zero weight set aside: in sample
    order inside a tie (1.8 and later), or in reverse (``reverse_ties``, before 1.8).
    ``found`` walks other :func:`parts` than the call's (one class of several)."""
    hit, score, weight = v.derived(parts) if found is None else found  # type: ignore[misc]
    if weight is not None:
        hit, score, weight = hit[weight != 0], score[weight != 0], weight[weight != 0]
    order = np.argsort(score, kind="mergesort")[::-1] if reverse_ties else None
    order = np.argsort(-score, kind="stable") if order is None else order
    ordered, hit = score[order], hit[order].astype(np.float64)
    last = np.r_[np.flatnonzero(np.diff(ordered)), ordered.size - 1]
    w = 1.0 if weight is None else weight[order]
    tps = np.cumsum(hit * w)[last]
    fps = 1.0 + last - tps if weight is None else np.cumsum((1.0 - hit) * w)[last]
    return fps, tps, ordered[last]


def on(test: Any) -> Any:
    """A predicate on the walk of a call lodestar answers (false where it refuses)."""
    return lambda v: v.derived(parts) is not None and bool(test(v, *v.derived(walk)))


@st.composite
def calls(draw: primitives.Draw, scenario: str, flag: str) -> Call:
    d = blocks.start(draw, scenario, lambda n, _: primitives.table(n, SCORES), flag, (1, 1), 2)
    pair, choice = primitives.integers(draw, (0, len(LABEL_PAIRS) - 1), (0, 3))
    low, high = LABEL_PAIRS[pair]
    truth: list[Any] = [(low, high)[c % 2] for c in d.truth]
    positive: Any = (high, high, low, high + 1)[choice] if scenario != "valid" else high
    if scenario == "all_equal":
        d.rows[:] = d.rows[0, 0] if d.samples else 0.5
    if scenario == "collinear":
        d.rows[:, 0] = np.arange(d.samples, dtype=np.float64)
    if scenario == "more_than_two_labels":
        truth = [low, high, high + 1 + draw(st.integers(0, 3)), *truth[3:]]
    if scenario == "malformed_pos_label":
        positive = primitives.pick(draw, (0.5, True, "1", None))
    if scenario == "zero_weight" and d.samples:
        d.kwargs["sample_weight"] = [
            0.0,
            *draw(primitives.table(d.samples - 1, (0.5, 1.0, 3.0))).tolist(),
        ]
    if scenario in ("rounding", "bends"):  # running sums that round, in ties and across points
        d.kwargs["sample_weight"] = draw(primitives.table(d.samples, ROUNDING)).tolist()
    if scenario == "bends":  # one class, a point a sample: each second difference tested
        truth, positive, d.kwargs[flag] = [high] * d.samples, high, True
        d.rows[:, 0] = np.arange(d.samples, dtype=np.float64)
    d.truth, d.kwargs, d.class_count = truth, {"pos_label": positive, **d.kwargs}, False
    d.keep = ("sample_weight", "pos_label")
    weighted = ("valid", "weighted", "all_equal", "collinear", "more_than_two_labels")
    return blocks.finish(draw, d, () if "sample_weight" in d.kwargs else weighted)


SCENARIOS = (
    "valid weighted rounding bends all_equal collinear more_than_two_labels zero_weight "
    "single_class zero_sum_weight empty length_mismatch non_finite all_zero_weight float32 "
    "malformed_pos_label wrong_weight_length"
)
_EDGES = (
    ("tie_across_classes", "a tied score shared by both classes", lambda v: _tied_across(v)),
    ("all_equal", "every score the same", on(lambda v, f, t, s: s.size == 1 < v.samples)),
    ("no_negative", "no other label weighed: fpr NaN", on(lambda v, f, t, s: f[-1] <= 0)),
    ("no_positive", "pos_label not weighed: tpr NaN", on(lambda v, f, t, s: t[-1] <= 0)),
    ("pos_label_lower", "pos_label the lower of two labels", lambda v: _lower(v)),
    ("more_than_two_labels", "three labels or more", lambda v: len(set(v["y_true"])) > 2),
    ("zero_weight", "a sample weighing 0, set aside", lambda v: _zero_weight(v)),
)


def _tied_across(v: View) -> bool:
    found = v.derived(parts)
    if found is None:
        return False
    hit, score, _ = found
    order = np.lexsort((hit, score))
    return bool(((np.diff(score[order]) == 0) & (np.diff(hit[order]) != 0)).any())


def _lower(v: View) -> bool:
    truth = v.truth if v.derived(parts) is not None else None
    return (
        truth is not None and len(set(truth.tolist())) == 2 and shared.pos_label(v) == truth.min()
    )


def _zero_weight(v: View) -> bool:
    return v.derived(parts) is not None and v.weight is not None and bool((v.weight == 0).any())


#: The edges the shared scenarios reach, those read off the walk and the shared ones.
EDGES = (
    *(Edge(*edge) for edge in _EDGES),
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight", "empty"),
    *shared.edges("non_finite", "non_finite_weight", "length_mismatch"),
    *shared.edges("malformed_pos_label", "wrong_weight_length", "single_sample"),
)
