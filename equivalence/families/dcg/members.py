"""The discounted-gain members, ``Dcg.score`` and ``Ndcg.score``, declared once for both.

Both take the relevance and the scores of rows of documents, flat and row-major with a
``label_count`` (the C# form) or as 2-D arrays; the calls carry either form, pass ``y_true``,
``y_score`` and ``label_count`` by position and the rest by keyword (``Ndcg.score`` has no
``log_base``). Predicates read the rows once, through ``View.derived``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
from equivalence.view import View
from lodestar.metrics import Dcg, Ndcg

__all__ = ["DCG", "MEMBERS", "NDCG"]

Rows = np.ndarray[Any, Any]


def as_rows(value: Any, width: int | None) -> Rows:
    """A flat or 2-D argument as rows of ``width``, its dtype kept; or a ``ValueError``."""
    array = np.asarray(value)
    if (width or 0) < 1 or array.ndim not in (1, 2) or array.shape[1:] not in ((), (width,)):
        raise ValueError(f"shape {array.shape} is not rows of {width!r}")
    return array.reshape(-1, width or 0)  # a ValueError too where the size is no multiple


def _parsed(v: View) -> tuple[Rows, Rows] | None:
    """Relevance and scores as float rows, or ``None`` (or a raise, which ``View.derived``
    reads as ``None``) where lodestar refuses them for their shape or values."""
    if (v.classes or 0) < 2:
        return None
    truth, ranked = (as_rows(v.array(i), v.classes) for i in (0, 1))
    if {truth.dtype.kind, ranked.dtype.kind} - set("iuf") or truth.shape != ranked.shape:
        return None
    truth, ranked = truth.astype(np.float64), ranked.astype(np.float64)
    finite = np.isfinite(truth).all() and np.isfinite(ranked).all()
    return (truth, ranked) if truth.size and finite else None


def _rows_are(test: Callable[[Rows, Rows, View], Any]) -> Callable[[View], bool]:
    """Holds where the rows parse and ``test(relevance, scores, view)`` holds."""
    return lambda v: (parsed := v.derived(_parsed)) is not None and bool(test(*parsed, v))


def _ties(v: View) -> Rows:
    """Column ``i``: whether the scores at positions ``i`` and ``i + 1`` of a row, in
    descending order, are equal (the two belong to one group of equal scores)."""
    parsed = v.derived(_parsed)
    ordered = np.zeros((0, 1)) if parsed is None else -np.sort(-parsed[1], axis=1)
    ties: Rows = ordered[:, 1:] == ordered[:, :-1]
    return ties


def _tie_within_k(v: View) -> bool:
    """A group of equal scores lies wholly among the first ``k`` positions (all, without k)."""
    ends = v.derived(_ties).copy()  # a tie that the next position does not continue
    ends[:, :-1] &= ~ends[:, 1:]
    limit = ends.shape[1] if v["k"] is None else (v.k or 0) - 1
    return bool(ends[:, : max(limit, 0)].any())


def _tie_across_k(v: View) -> bool:
    """The positions ``k - 1`` and ``k`` tie: a group counts in part."""
    k, ties = v.k or 0, v.derived(_ties)
    return 1 <= k <= ties.shape[1] and bool(ties[:, k - 1].any())


def _ties_ignored(v: View) -> bool:
    return v.flag("ignore_ties") is True and bool(v.derived(_ties).any())


def _log_base_is(test: Callable[[float], bool]) -> Callable[[View], bool]:
    """Holds where the rows parse and ``log_base``, a number (not a boolean), passes ``test``."""
    return _rows_are(lambda _t, _s, v: not isinstance(v["log_base"], bool) and test(v["log_base"]))


def _boolean_relevance(v: View) -> bool:
    return bool(v.array(0).dtype.kind == "b")


def _boolean_argument(v: View) -> bool:
    return isinstance(v["k"], (bool, np.bool_)) or isinstance(v["log_base"], (bool, np.bool_))


def wrong_size(v: View) -> bool:
    if (v.classes or 0) < 2 or all(v.array(i).size == 0 for i in (0, 1)):
        return False
    try:
        return bool(as_rows(v.array(0), v.classes).shape != as_rows(v.array(1), v.classes).shape)
    except ValueError:
        return True


_negative_relevance = _rows_are(lambda truth, *_: (truth < 0).any())
_all_zero_row = _rows_are(lambda truth, *_: (truth == 0).all(axis=1).any())
_wide_row = _rows_are(lambda truth, *_: truth.shape[1] > 16)
_integers = _rows_are(lambda _t, _s, v: v.array(0).dtype.kind == "i")
_wrong_weight_length = _rows_are(lambda t, _, v: v.weight is not None and len(t) != v.weight.size)
_log_base_below_one = _log_base_is(lambda base: 0 < base < 1)
_log_base_extreme = _log_base_is(lambda base: base < 1e-300 or base > 1e300)
_log_base_refused = _log_base_is(lambda base: not 0 < base < math.inf)


def _oracle(v: View, fixed_order: bool = False) -> float:
    """``dcg_score`` (``ndcg_score`` for the member without ``log_base``) on the two blocks
    as ``(rows, label_count)`` arrays, their dtype kept (integer relevance stays integer, as
    scikit-learn would receive it). A 2-D block of another width is refused: it is not the
    question the call asks.

    ``fixed_order`` gives the answer under the ``ignore_ties`` rule without lodestar: each
    row's scores become untied ranks in the rule's order (descending score, ties by
    descending document index), from a plain sort of ``(score, index)`` pairs; on them
    scikit-learn's unstable sort has only that order to find, and the arithmetic is its own.
    """
    from sklearn.metrics import dcg_score, ndcg_score

    truth, scores = (as_rows(value, v.classes) for value in v.args[:2])
    if fixed_order:
        ranks = np.empty(scores.shape)
        for row, values in enumerate(scores.tolist()):
            order = sorted(range(len(values)), key=lambda j: (values[j], j))
            ranks[row, order] = np.arange(1, len(values) + 1)
        scores = ranks
    names = [name for name in ("k", "log_base", "ignore_ties") if name in v.names]
    function = dcg_score if "log_base" in v.names else ndcg_score
    return float(function(truth, scores, sample_weight=v.weight, **{n: v[n] for n in names}))


SHARED_SCENARIOS = (
    *("valid", "binary_relevance", "tie_within_k", "tie_across_k", "ignore_ties_tied"),
    *("all_zero_relevance", "single_row", "wide_rows", "k_at_or_past_count", "k_below_one"),
    *("k_malformed", "boolean_argument", "negative_relevance", "weighted", "zero_sum_weight"),
    *("two_d", "empty", "wrong_size", "label_count_below_two", "wrong_weight_length"),
    *("non_finite", "boolean_relevance"),
)
REFUSED_BASES = (0, 0.0, -0.0, -1, -2.5, math.nan, math.inf, -math.inf, True, False)
#: The values a scenario gives one argument. The bases inside ``(0, inf)`` are where a
#: port goes wrong: 1 (every discount zero), just above 1, below 1 (negative discounts),
#: the smallest and largest doubles.
ARGUMENTS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "k_below_one": ("k", (0, -1, -5)),
    "k_malformed": ("k", (2.0, 1.5, "2", False)),
    "log_base_one": ("log_base", (1, 1.0)),
    "log_base_below_one": ("log_base", (0.5, 0.9999999999999999, 1e-10, 0.25)),
    "log_base_extreme": ("log_base", (5e-324, 1e-300, 1e308, 1.7976931348623157e308)),
    "log_base_refused": ("log_base", REFUSED_BASES),
}
LOG_BASE_SCENARIOS = tuple(s for s in ARGUMENTS if s.startswith("log_base"))
#: Relevance grades by kind; "floats" is any float in (0, 100).
GRADES = {"binary": (0, 1), "grades": (0, 1, 2, 3, 4), "halves": (0.0, 0.5, 1.0, 2.5, 3.0)}
#: The kinds of weights a scenario draws ("weighted": every valid kind).
WEIGHTS = {"zero_sum_weight": ("zero_sum", "all_zero"), "wrong_weight_length": ("wrong_length",)}
#: The range of the row count, where a scenario needs its own (wide rows: 17 to 40 wide,
#: a few of them: more would overrun the bytes Hypothesis gives an example).
ROWS = {"wide_rows": (1, 4), "single_row": (1, 1), "empty": (0, 0), "zero_sum_weight": (2, 6)}


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str, normalized: bool) -> Call:
    widths, heights = (17, 40) if scenario == "wide_rows" else (2, 6), ROWS.get(scenario, (1, 6))
    width, rows, kind_at, cut, k_at, base_at, ties, weighted, integral = primitives.integers(
        draw, widths, heights, (0, 3), (0, 1), (1, 40), (0, 5), (0, 1), (0, 1), (0, 1)
    )
    kind = "binary" if scenario == "binary_relevance" else (*GRADES, "floats")[kind_at]
    size, grades = rows * width, GRADES.get(kind)
    drawn = (
        draw(primitives.table(size, grades))
        if grades
        else 100.0 * draw(primitives.unit_floats(size))
    )
    relevance: list[list[Any]] = drawn.reshape(rows, width).tolist()
    scores: list[list[Any]] = draw(primitives.score_rows(rows, width))
    if scenario == "binary_relevance" and integral:
        scores = draw(primitives.table(size, (0, 1, 2, 3))).reshape(rows, width).tolist()
    kwargs: dict[str, Any] = {"k": 1 + (k_at - 1) % width if cut else None}
    if not normalized:
        kwargs["log_base"] = (2, 2.0, 10, math.e, 1.0000000000000002, 3.5)[base_at]
    kwargs["ignore_ties"] = bool(ties) and not scenario.startswith("tie_")
    if weighted:
        kwargs["sample_weight"] = draw(primitives.weights(rows))
    kept: dict[str, Any] = {}  # the arguments the scenario sets: passed, never left out
    if scenario in (*WEIGHTS, "weighted"):
        kept["sample_weight"] = draw(primitives.weights(rows, *WEIGHTS.get(scenario, ())))
    if scenario in ARGUMENTS:
        name, values = ARGUMENTS[scenario]
        kept[name] = primitives.pick(draw, values)
    label_count: Any = width
    if scenario in ("tie_within_k", "tie_across_k"):  # row 0: equal scores from first to last
        first, last = sorted(primitives.subset(draw, range(width), 2))
        ladder = [1.0] * first + [0.5] * (last - first + 1) + [0.25] * (width - last - 1)
        scores[0] = primitives.permutation(draw, ladder)
        if scenario == "tie_across_k":
            kept["k"] = first + 1 + primitives.index(draw, last - first)
        else:  # the whole row, or a cut past the group
            kwargs["k"] = last + 1 + primitives.index(draw, width - last) if cut else None
    if scenario == "ignore_ties_tied":
        kept["ignore_ties"] = True
        first, second = primitives.subset(draw, range(width), 2)
        scores[0][second] = scores[0][first]
    if scenario == "all_zero_relevance":
        for row in range(rows) if primitives.flip(draw) else [primitives.index(draw, rows)]:
            relevance[row] = [0 if kind in ("binary", "grades") else 0.0] * width
    if scenario == "k_at_or_past_count":
        kept["k"] = width + primitives.pick(draw, (0, 1, 5, 1000))
    if scenario == "boolean_argument":
        kept["k" if normalized or primitives.flip(draw) else "log_base"] = True
    if scenario == "negative_relevance":
        cell = primitives.index(draw, width)
        relevance[primitives.index(draw, rows)][cell] = primitives.pick(draw, (-1, -0.5, -3.0))
    if scenario == "non_finite":  # in the relevance, the scores or the weights
        bad, where = primitives.pick(draw, primitives.NON_FINITE), primitives.index(draw, 3)
        if where == 2:
            kept["sample_weight"] = [1.0] * (rows - 1) + [bad]
        else:
            at = primitives.index(draw, rows), primitives.index(draw, width)
            (relevance, scores)[where][at[0]][at[1]] = bad
    if scenario == "label_count_below_two":
        label_count = primitives.index(draw, 2)
        relevance, scores = ([row[:label_count] for row in b] for b in (relevance, scores))
    truth: Any = primitives.flat(relevance)
    block: Any = primitives.flat(scores)
    if scenario == "wrong_size":  # both long, the scores short, the relevance long, 2-D
        how = primitives.index(draw, 4)
        truth, block = (
            ([*truth, 1], [*block, 0.5]),
            (truth, block[:-1]),
            ([*truth, *truth[:1]], block),
            (np.array(relevance, dtype=np.float64), np.array(scores)),
        )[how]
        if how == 3:  # of another width
            label_count = width + primitives.pick(draw, (-1, 1))
    if scenario == "two_d" or (scenario == "wide_rows" and primitives.flip(draw)):
        truth = np.array(relevance, dtype=np.float64 if kind in ("halves", "floats") else np.int64)
        block = np.array(scores, dtype=np.float64)
        block = block if primitives.flip(draw) else np.ravel(block)
    if scenario == "boolean_relevance":
        truth = np.array([bool(value) for value in truth], dtype=np.bool_)
    given = primitives.with_defaults(draw, {**kwargs, **kept}, tuple(kept))
    return Call((truth, block, label_count), given)


EDGES = (
    Edge("tie_within_k", "a group of equal scores wholly inside the top k", _tie_within_k),
    Edge("tie_across_k", "a group of equal scores straddling the k cut", _tie_across_k),
    Edge("ignore_ties_with_ties", "ignore_ties=True on a row with equal scores", _ties_ignored),
    Edge("all_zero_relevance", "a row whose relevance is zero throughout", _all_zero_row),
    Edge("single_row", "one row", _rows_are(lambda truth, *_: len(truth) == 1)),
    Edge("wide_row", "more than 16 documents a row, past NumPy's small-sort threshold", _wide_row),
    Edge("integer_relevance", "integer relevance, which scikit-learn keeps as integers", _integers),
    Edge("k_at_count", "k equal to label_count", _rows_are(lambda t, _, v: v.k == t.shape[1])),
    Edge("k_past_count", "k above label_count", _rows_are(lambda t, _, v: (v.k or 0) > t.shape[1])),
    Edge("k_below_one", "k below 1", lambda v: v.k is not None and v.k < 1),
    Edge("negative_relevance", "a relevance below zero", _negative_relevance),
    *shared.edges("negative_weight", "zero_sum_weight"),
    Edge("two_d", "a block given as a 2-D array", lambda v: v.two_d),
    Edge("empty", "no document at all", lambda v: all(v.array(i).size == 0 for i in (0, 1))),
    Edge("wrong_size", "blocks that are not equal rows of label_count", wrong_size),
    Edge("label_count_below_two", "label_count of 0 or 1", lambda v: v["label_count"] in (0, 1)),
    Edge("wrong_weight_length", "a weight vector of the wrong length", _wrong_weight_length),
    *shared.edges("non_finite"),
    Edge("boolean_relevance", "relevance given as booleans", _boolean_relevance),
    Edge("boolean_argument", "k or log_base given as a boolean", _boolean_argument),
)
LOG_BASE_EDGES = (
    Edge("log_base_one", "log_base = 1, every discount zero", _log_base_is(lambda b: b == 1)),
    Edge("log_base_below_one", "log_base in (0, 1), negative discounts", _log_base_below_one),
    Edge("log_base_extreme", "log_base at the smallest or largest doubles", _log_base_extreme),
    Edge(
        "log_base_refused",
        "log_base outside (0, inf): zero, negative, NaN or infinite",
        _log_base_refused,
    ),
)
DIVERGENCES = (
    Divergence(
        "ignore_ties_order",
        "value",
        "With ignore_ties=True, equal scores rank by descending document index; scikit-learn "
        "ranks them with NumPy's default, unstable sort, whose order depends on the NumPy "
        "build and the row's width, so on a row with ties the two can give different numbers.",
        _ties_ignored,
        expected=lambda v: _oracle(v, fixed_order=True),
    ),
    shared.non_finite_weight(answered="NaN, without checking the weights"),
    Divergence(
        "boolean_relevance",
        "narrowing",
        "Relevance given as booleans is refused, as a non-number; scikit-learn reads it as 0 "
        "and 1.",
        _boolean_relevance,
    ),
    Divergence(
        "boolean_argument",
        "narrowing",
        "A boolean k or log_base is refused; scikit-learn reads True as 1 (and answers) and "
        "False as 0.",
        _boolean_argument,
    ),
)
NEGATIVE_RELEVANCE = Divergence(
    "negative_relevance",
    "narrowing",
    "A negative relevance is refused with scikit-learn's sentence; before 1.4 scikit-learn "
    "only warned (FutureWarning) and answered, possibly below 0.",
    _negative_relevance,
    versions=VersionRange(until="1.4"),
)


def _member(kind: Any, normalized: bool) -> Member:
    """The declaration of ``Dcg.score``, or of ``Ndcg.score``: normalised, no ``log_base``."""
    name, log_base = kind.__name__, {} if normalized else {"log_base": 2.0}
    scenarios = SHARED_SCENARIOS + (() if normalized else LOG_BASE_SCENARIOS)
    keyword, rows = "log_base=log_base, " * (not normalized), "reshape(-1, label_count)"
    return Member(
        name=f"{name}.score",
        csharp=f"{name}.Score",
        page=f"reference/metrics/ranking/{name.lower()}-score.md",
        implementation=kind.score,
        oracle=_oracle,
        oracle_call=f"{name.lower()}_score(y_true.{rows}, y_score.{rows}, k=k, {keyword}"
        "sample_weight=sample_weight, ignore_ties=ignore_ties)",
        since="1.3",
        scenarios={scenario: _calls(scenario, normalized) for scenario in scenarios},
        edges=EDGES if normalized else (*EDGES, *LOG_BASE_EDGES),
        divergences=(*DIVERGENCES, NEGATIVE_RELEVANCE) if normalized else DIVERGENCES,
        # Measured 0 over tens of thousands of calls on scikit-learn 1.3 to 1.9 (NumPy 1.26 to
        # 2.4): the tie-averaged gain takes scikit-learn's operations in its order, for all rows
        # at once; the untied gain is the same matrix-vector product over the same block; NDCG's
        # two halves and their ratio are scikit-learn's operations on the same arrays.
        tolerance=Tolerance(ulps=0),
        roles={"y_true": "numbers"},
        example=Call(
            ([3, 2, 1, 0, 3, 2, 1, 0], [0.9, 0.5, 0.5, 0.1, 0.1, 0.4, 0.5, 0.9], 4),
            {**log_base, "ignore_ties": False, "sample_weight": [1.0, 3.0]},
        ),
    )


DCG, NDCG = _member(Dcg, normalized=False), _member(Ndcg, normalized=True)
MEMBERS = (DCG, NDCG)
