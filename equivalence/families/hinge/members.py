"""The hinge losses: ``HingeLoss.score`` and ``HingeLoss.multi_class``.

``hinge_loss`` has not moved from scikit-learn 1.3.2 to 1.9.1 on these calls (each
scenario measured on every cell of the matrix). What differs is what ``pos_label`` and
``class_count`` say: scikit-learn infers the positive class (the greater label, through a
``LabelBinarizer`` that maps a lone label to the negative side), and asks a two-column
matrix as a one-column problem. Every ``expected`` below is worked out with NumPy alone
from scikit-learn's formula, never by calling lodestar.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View, on
from lodestar.metrics import HingeLoss

__all__ = ["HINGE_MULTI_CLASS", "HINGE_SCORE", "MEMBERS"]

#: Decisions that put a margin at exactly 1, 0 or -1, and ties.
DECISIONS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0)
#: Pairs of labels a binary problem is written with.
LABEL_PAIRS = ((-1, 1), (0, 1), (1, 2), (3, 7), (2**40, 2**40 + 1))
_ROLES = {"pred_decision": "numbers"}


@primitives.composite
def decisions(draw: primitives.Draw, samples: int, classes: int) -> list[list[float]]:
    """Decisions from :data:`DECISIONS` half the time, else score rows moved to ``[-2, 2]``
    (or to ``±4e6``, the wide ones)."""
    if primitives.flip(draw):
        table: list[list[float]] = (
            draw(primitives.table(samples * classes, DECISIONS)).reshape(samples, classes).tolist()
        )
        return table
    rows: list[list[float]] = (
        4.0 * np.array(draw(primitives.score_rows(samples, classes))) - 2.0
    ).tolist()
    return rows


def _cost(margin: Any, v: View) -> float:
    """scikit-learn's steps: ``1 - margin`` clipped at zero, ``numpy.average``."""
    return float(np.average(np.clip(1.0 - margin, 0, None), weights=v.weight))


def _binary(v: View) -> tuple[Any, Any] | None:
    """A binary call lodestar answers: which samples carry ``pos_label``, and the
    decisions; ``None`` where lodestar refuses the call."""
    truth, block, positive, weight = v.truth, v.block, shared.pos_label(v), v.weight
    if truth is None or block is None or positive is None or not len(truth):
        return None
    block = block[:, 0] if block.ndim == 2 and block.shape[1:] == (1,) else block
    if block.shape != truth.shape or not v.finite_block or v.non_finite_weight:
        return None
    if weight is not None and weight.shape != truth.shape:
        return None
    return truth == positive, block


def _margin(binary: tuple[Any, Any]) -> Any:
    hit, decision = binary
    return np.where(hit, decision, -decision)


def _score_expected(v: View) -> float:
    return _cost(_margin(v.derived(_binary)), v)  # type: ignore[arg-type]


def _labels(v: View) -> int:
    return (
        len(set(v.truth.tolist())) if v.derived(_binary) is not None and v.truth is not None else 0
    )


def _pos_label_not_greater(v: View) -> bool:
    return _labels(v) == 2 and shared.pos_label(v) != v.truth.max()  # type: ignore[union-attr]


def _lone_positive(v: View) -> bool:
    """One label only, and it is ``pos_label``: scikit-learn puts it on the negative side."""
    return _labels(v) == 1 and bool(v.derived(_binary)[0].all())  # type: ignore[index]


_NOT_GREATER = "two labels, pos_label not the greater"
SCORE_EDGES = (
    Edge("margin_one", "a margin of exactly 1", on(_binary, lambda b, _: (_margin(b) == 1).any())),
    Edge("wrong_side", "a margin below 0", on(_binary, lambda b, _: (_margin(b) < 0).any())),
    Edge("single_class", "y_true holds one label, pos_label", _lone_positive),
    Edge("more_than_two_labels", "y_true holds three labels or more", lambda v: _labels(v) > 2),
    Edge("pos_label_not_greater", _NOT_GREATER, _pos_label_not_greater),
    Edge("column", "pred_decision given as one column", lambda v: v.two_d),
    *shared.edges("negative_weight", "zero_sum_weight", "all_zero_weight", "non_finite"),
    *shared.edges("non_finite_weight", "empty", "length_mismatch", "malformed_pos_label"),
)


def _score_oracle(v: View) -> float:
    """``hinge_loss`` on the labels and the decisions as given: it has no ``pos_label``."""
    from sklearn.metrics import hinge_loss

    return float(hinge_loss(*v.args[:2], sample_weight=v.unweighted))


@primitives.composite
def _score_calls(draw: primitives.Draw, scenario: str) -> Call:
    d = blocks.start(draw, scenario, decisions, "-", (1, 1), labels=6)
    pair = LABEL_PAIRS[primitives.between(draw, 0, len(LABEL_PAIRS) - 1)]
    low, high = pair if scenario != "weighted" else (-1, 1)
    truth: list[Any] = [(low, high)[c % 2] for c in d.truth]
    positive: Any = high
    if scenario == "label_pairs":  # both labels, pos_label mostly not the greater
        truth[:2] = [low, high]
        positive = primitives.pick(draw, (low, low, high + 1, high))
    if scenario == "single_class":
        positive = primitives.pick(draw, (low, high))
    if scenario == "more_than_two_labels":
        truth = [low, high, high + 1, *truth[3:]]
    if scenario == "margin_one":
        d.rows[:, 0] = [1.0 if label == positive else -1.0 for label in truth]
    if scenario == "malformed_pos_label":
        positive = primitives.pick(draw, (0.5, True, "1", float("nan"), None))
    d.truth, d.kwargs, d.class_count = truth, {"pos_label": positive}, False
    d.keep = ("sample_weight", "pos_label") if positive != 1 or positive is True else d.keep
    return blocks.finish(draw, d, ("valid", "weighted", "label_pairs", "column"))


_NON_FINITE_WEIGHT = shared.non_finite_weight(answered="NaN")

HINGE_SCORE = Member(
    name="HingeLoss.score",
    csharp="HingeLoss.Score",
    page="reference/metrics/classification/hingeloss-score.md",
    implementation=HingeLoss.score,
    oracle=_score_oracle,
    oracle_call="hinge_loss(y_true, pred_decision, sample_weight=sample_weight)",
    since="1.3",
    scenarios=blocks.scenarios(
        _score_calls,
        "valid weighted zero_sum_weight margin_one label_pairs single_class more_than_two_labels "
        "column empty length_mismatch non_finite all_zero_weight malformed_pos_label "
        "wrong_weight_length",
    ),
    edges=SCORE_EDGES,
    divergences=(
        Divergence(
            "pos_label",
            "value",
            "pos_label names the label on the positive side of the boundary; hinge_loss "
            "has no such parameter and puts the greater label of y_true there. Where y_true "
            "holds two labels and pos_label is not the greater, every margin changes sign.",
            _pos_label_not_greater,
            _score_expected,
        ),
        Divergence(
            "single_class",
            "value",
            "y_true holding pos_label alone is scored against the positive side; "
            "hinge_loss's LabelBinarizer, with nothing to contrast, maps the lone label "
            "to -1 and scores every margin with the wrong sign (the page's 1.65 for 0.35).",
            _lone_positive,
            _score_expected,
        ),
        Divergence(
            "more_than_two_labels",
            "widening",
            "y_true holding three labels or more is scored, every label other than "
            "pos_label on the negative side; hinge_loss refuses one decision per sample "
            "for a multiclass target.",
            lambda v: _labels(v) > 2,
            _score_expected,
        ),
        _NON_FINITE_WEIGHT,
        Divergence(
            "malformed_pos_label",
            "narrowing",
            "A pos_label that is not an integer (a fraction, a boolean, a string, NaN, "
            "None) is refused; hinge_loss has no pos_label and answers.",
            lambda v: shared.pos_label(v) is None,
        ),
    ),
    roles=_ROLES,
    example=Call(
        ([-1, 1, 1, -1], [-0.5, 1.2, 0.3, 0.8]),
        {"pos_label": 1, "sample_weight": [1.0, 2.0, 3.0, 4.0]},
    ),
)


def _margins(v: View) -> Any:
    """Each row's own decision less its best rival, on a call lodestar answers."""
    rows, truth = v.well_formed_rows, v.truth
    if rows is None or truth is None or (v.classes or 0) < 2 or v.non_finite_weight:
        return None
    if v.weight is not None and v.weight.size != len(truth):
        return None
    own = rows[np.arange(len(truth)), truth]
    rivals = np.where(np.eye(rows.shape[1], dtype=bool)[truth], -np.inf, rows)
    return own, rivals


def _multi_expected(v: View) -> float:
    own, rivals = v.derived(_margins)
    return _cost(own - rivals.max(axis=1), v)


def _multi_oracle(v: View) -> float:
    """``hinge_loss`` with ``labels=range(class_count)``. With two labels it takes one
    decision per sample, so a two-column block is asked as its second column less its
    first: the same margins, each the same double."""
    from sklearn.metrics import hinge_loss

    block, keywords = blocks.matrix(v), blocks.asked(v)
    if v.classes == 2:
        block = block[:, 1] - block[:, 0]
    return float(hinge_loss(v.args[0], block, **keywords))


def _tied_rivals(margins: Any, _: View) -> bool:
    own, rivals = margins
    best = rivals.max(axis=1, keepdims=True)
    return bool(((rivals == best).sum(axis=1) > 1).any() or (own == best[:, 0]).any())


@primitives.composite
def _multi_calls(draw: primitives.Draw, scenario: str) -> Call:
    d = blocks.start(draw, scenario, decisions, "-")
    if scenario == "margin_one" and d.samples:
        d.rows[0] = 0.0
        d.rows[0, d.truth[0]] = 1.0
    if scenario == "tied_rivals" and d.samples and d.classes > 2:
        d.rows[0, :] = d.rows[0, (d.truth[0] + 1) % d.classes]
    d.kwargs = {}
    return blocks.finish(draw, d, ("valid", "weighted", "binary", "two_d", "single_class"))


def _two_class(test: Any) -> Any:
    return lambda v: v.classes == 2 and v.truth is not None and len(v.truth) and test(v.truth)


HINGE_MULTI_CLASS = Member(
    name="HingeLoss.multi_class",
    csharp="HingeLoss.MultiClass",
    page="reference/metrics/classification/hingeloss-multiclass.md",
    implementation=HingeLoss.multi_class,
    oracle=_multi_oracle,
    oracle_call="hinge_loss(y_true, pred_decision, labels=range(class_count), "
    "sample_weight=sample_weight)",
    since="1.3",
    scenarios=blocks.scenarios(
        _multi_calls,
        "valid weighted zero_sum_weight binary two_d margin_one tied_rivals single_class empty "
        "label_out_of_range non_finite wrong_size class_count_below_two all_zero_weight",
    ),
    edges=(
        blocks.BINARY,
        Edge(
            "margin_one",
            "a margin of exactly 1",
            on(_margins, lambda m, _: (m[0] - m[1].max(axis=1) == 1).any()),
        ),
        Edge(
            "tied_rivals",
            "the best rival tied with another or with the own class",
            on(_margins, _tied_rivals),
        ),
        Edge(
            "single_class",
            "y_true holds one class only",
            on(_margins, lambda m, v: len(set(np.asarray(v.truth).tolist())) == 1 < v.samples),
        ),
        *shared.edges("two_d", "negative_weight", "zero_sum_weight", "all_zero_weight"),
        *shared.edges("empty", "label_out_of_range", "non_finite", "non_finite_weight"),
        *shared.edges("wrong_size", "class_count_below_two"),
    ),
    divergences=(
        Divergence(
            "two_classes_all_one",
            "value",
            "With two classes and every label 1, hinge_loss (asked with the difference "
            "column) maps the lone label to -1 and scores every margin with the wrong sign.",
            _two_class(lambda truth: (truth == 1).all()),
            _multi_expected,
        ),
        Divergence(
            "two_classes_label_outside",
            "narrowing",
            "With two classes a label outside [0, 2) is refused; hinge_loss with two labels "
            "takes the binary path, which does not compare y_true with labels, and answers.",
            _two_class(lambda truth: ((truth < 0) | (truth > 1)).any()),
        ),
        Divergence(
            "class_count_below_two",
            "narrowing",
            "class_count of 0 or 1 is refused, as the C# library refuses it; hinge_loss "
            "asked with fewer than two labels takes the binary path and answers.",
            lambda v: v["class_count"] in (0, 1),
        ),
        _NON_FINITE_WEIGHT,
    ),
    roles=_ROLES,
    example=Call(
        ([0, 1, 2, 1], [1.2, 0.3, -0.5, 0.1, 0.9, 0.2, 0.4, 0.2, 0.7, 0.3, 0.1, 0.6], 3),
        {"sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)

MEMBERS = (HINGE_SCORE, HINGE_MULTI_CLASS)
