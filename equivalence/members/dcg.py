"""The discounted-gain members: ``Dcg.score`` and ``Ndcg.score``.

Both take the relevance and the scores of rows of documents, flat and row-major with a
``label_count`` (the C# form) or as 2-D arrays, and the calls carry either form. The two
share one strategy; ``Ndcg.score`` has no ``log_base``, so its calls leave it out.

The calls pass ``y_true``, ``y_score`` and ``label_count`` by position and everything
else by keyword, under the lodestar name.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
from equivalence.view import View
from lodestar.metrics import Dcg, Ndcg

__all__ = ["DCG", "MEMBERS", "NDCG"]

Rows = np.ndarray[Any, Any]


# -- reading a call back (once per call, through View.derived) ------------------------


def _is_count(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _block(value: Any, label_count: Any) -> Rows:
    """A flat or 2-D argument as rows of ``label_count``, its dtype kept.

    Raises ``ValueError`` where the argument is not rows of ``label_count``: that is
    the question the C# form asks, and a block of another width is not an answer to it.
    """
    if not _is_count(label_count) or label_count < 1:
        raise ValueError(f"label_count {label_count!r} is not a document count")
    array = np.asarray(value)
    if array.ndim == 1:
        if array.size % label_count:
            raise ValueError(f"{array.size} values are not rows of {label_count}")
        return array.reshape(-1, label_count)
    if array.ndim != 2 or array.shape[1] != label_count:
        raise ValueError(f"shape {array.shape} is not rows of {label_count}")
    return array


def _parsed(v: View) -> tuple[Rows, Rows] | None:
    """Relevance and scores as float rows, or ``None`` when lodestar would refuse them
    for their shape or their values (k and log_base aside)."""
    label_count = v["label_count"]
    if not _is_count(label_count) or label_count < 2:
        return None
    try:
        relevance, scores = (_block(value, label_count) for value in v.args[:2])
    except (ValueError, TypeError):
        return None
    if relevance.dtype.kind not in "iuf" or scores.dtype.kind not in "iuf":
        return None
    if relevance.shape != scores.shape or relevance.size == 0:
        return None
    truth, ranked = relevance.astype(np.float64), scores.astype(np.float64)
    if not (np.isfinite(truth).all() and np.isfinite(ranked).all()):
        return None
    return truth, ranked


def _tied_groups(v: View) -> list[tuple[int, int]]:
    """Every group of two or more equal scores in a row, as the first and last position
    (0-based, in descending score order) it occupies."""
    parsed = v.derived(_parsed)
    groups = []
    for row in [] if parsed is None else parsed[1]:
        values, sizes = np.unique(row, return_counts=True)
        for value, size in zip(values, sizes, strict=True):
            if size > 1:
                first = int((row > value).sum())
                groups.append((first, first + int(size) - 1))
    return groups


def _tie_within_k(v: View) -> bool:
    """A group of equal scores lies wholly among the positions that count."""
    k = v["k"]
    if k is not None and not (_is_count(k) and k >= 1):
        return False
    limit = math.inf if k is None else int(k)
    return any(last < limit for _, last in v.derived(_tied_groups))


def _tie_across_k(v: View) -> bool:
    """A group of equal scores straddles the ``k`` cut (an integer below ``label_count``):
    some of it counts, some does not."""
    k, label_count = v["k"], v["label_count"]
    if not (_is_count(k) and _is_count(label_count) and 1 <= k < label_count):
        return False
    return any(first < k <= last for first, last in v.derived(_tied_groups))


def _rows_are(test: Callable[[Rows, Rows], Any]) -> Callable[[View], bool]:
    """Holds where the rows parse and ``test(relevance, scores)`` holds."""
    return lambda v: (parsed := v.derived(_parsed)) is not None and bool(test(*parsed))


def _k_is(test: Callable[[int, int], bool]) -> Callable[[View], bool]:
    """Holds where the rows parse, ``k`` is a count and ``test(k, label_count)`` holds."""
    return lambda v: (
        v.derived(_parsed) is not None and _is_count(v["k"]) and test(v["k"], v["label_count"])
    )


def _log_base_is(test: Callable[[float], bool]) -> Callable[[View], bool]:
    def holds(v: View) -> bool:
        base = v["log_base"]
        if isinstance(base, (bool, np.bool_)) or not isinstance(base, (int, float)):
            return False
        return v.derived(_parsed) is not None and test(float(base))

    return holds


def _negative_relevance(v: View) -> bool:
    return _rows_are(lambda truth, _: (truth < 0).any())(v)


def _boolean_relevance(v: View) -> bool:
    return np.asarray(v.args[0]).dtype.kind == "b"


def _boolean_argument(v: View) -> bool:
    """``k`` or ``log_base`` given as a boolean, which scikit-learn reads as 1 or 0."""
    return isinstance(v["k"], (bool, np.bool_)) or isinstance(v["log_base"], (bool, np.bool_))


def _wrong_size(v: View) -> bool:
    label_count = v["label_count"]
    if not _is_count(label_count) or label_count < 2:
        return False
    try:
        relevance, scores = np.asarray(v.args[0]), np.asarray(v.args[1])
    except ValueError:
        return True
    if relevance.size == 0 and scores.size == 0:
        return False
    try:
        return bool(_block(relevance, label_count).shape != _block(scores, label_count).shape)
    except ValueError:
        return True


def _ignore_ties_with_ties(v: View) -> bool:
    return v.flag("ignore_ties") is True and bool(v.derived(_tied_groups))


# -- the oracles ------------------------------------------------------------------------


def _sklearn_arguments(v: View, normalized: bool) -> dict[str, Any]:
    names = ("k", "ignore_ties") if normalized else ("k", "ignore_ties", "log_base")
    return {"sample_weight": v.weight, **{name: v[name] for name in names}}


def _oracle(normalized: bool) -> Callable[[View], float]:
    """``dcg_score`` (or ``ndcg_score``) on the two blocks as ``(rows, label_count)``
    arrays.

    A flat argument is reshaped to rows of ``label_count``, keeping its dtype (integer
    relevance stays integer, as scikit-learn would receive it); a 2-D argument of another
    width is refused here, since it is not the question the call asks. An empty weight
    vector means unweighted and is passed as ``None``.
    """

    def oracle(v: View) -> float:
        from sklearn.metrics import dcg_score, ndcg_score

        truth, scores = (_block(value, v["label_count"]) for value in v.args[:2])
        function = ndcg_score if normalized else dcg_score
        return float(function(truth, scores, **_sklearn_arguments(v, normalized)))

    return oracle


def _descending_index_ranks(scores: Rows) -> Rows:
    """Untied scores that order each row as the rule does: by descending score, equal
    scores by descending document index. Written as a plain loop over the documents."""
    ranks = np.empty(scores.shape, dtype=np.float64)
    for row, values in enumerate(scores.tolist()):
        order = sorted(range(len(values)), key=lambda j: (values[j], j), reverse=True)
        for position, document in enumerate(order):
            ranks[row, document] = len(values) - position
    return ranks


def _fixed_order_answer(normalized: bool) -> Callable[[View], float]:
    """The answer with ``ignore_ties`` under the descending-index rule, worked out
    without lodestar.

    The order is the plain loop of :func:`_descending_index_ranks`. The arithmetic is
    scikit-learn's own, asked with those ranks in place of the scores: they hold no tie,
    so its unstable sort has only one order to find, the rule's.
    """

    def expected(v: View) -> float:
        from sklearn.metrics import dcg_score, ndcg_score

        truth = _block(v.args[0], v["label_count"])
        ranks = _descending_index_ranks(_block(v.args[1], v["label_count"]).astype(np.float64))
        function = ndcg_score if normalized else dcg_score
        return float(function(truth, ranks, **_sklearn_arguments(v, normalized)))

    return expected


# -- the calls ------------------------------------------------------------------------

SHARED_SCENARIOS = (
    *("valid", "binary_relevance", "tie_within_k", "tie_across_k", "ignore_ties_tied"),
    *("all_zero_relevance", "single_row", "wide_rows", "k_at_or_past_count", "k_below_one"),
    *("k_malformed", "boolean_argument", "negative_relevance", "weighted", "zero_sum_weight"),
    *("two_d", "empty", "wrong_size", "label_count_below_two", "wrong_weight_length"),
    *("non_finite", "boolean_relevance"),
)
DCG_SCENARIOS = (
    *SHARED_SCENARIOS,
    "log_base_one",
    "log_base_below_one",
    "log_base_extreme",
    "log_base_refused",
)

#: Bases inside ``(0, inf)`` where a port goes wrong: 1 (every discount zero), just
#: above 1, below 1 (negative discounts), the smallest and largest doubles.
LOG_BASE_EDGES = {
    "log_base_one": (1, 1.0),
    "log_base_below_one": (0.5, 0.9999999999999999, 1e-10, 0.25),
    "log_base_extreme": (5e-324, 1e-300, 1e308, 1.7976931348623157e308),
}
LOG_BASE_REFUSED = (0, 0.0, -0.0, -1, -2.5, math.nan, math.inf, -math.inf, True, False)


#: Relevance grades by kind; "floats" is any float in (0, 100).
GRADES = {"binary": (0, 1), "grades": (0, 1, 2, 3, 4), "halves": (0.0, 0.5, 1.0, 2.5, 3.0)}


def _relevance(draw: r.Draw, rows: int, width: int, kind: str) -> list[list[Any]]:
    if kind in GRADES:
        values = draw(r.table(rows * width, GRADES[kind]))
    else:
        values = 100.0 * draw(r.unit_floats(rows * width))
    return values.reshape(rows, width).tolist()  # type: ignore[no-any-return]


def _place_ties(draw: r.Draw, width: int, k: int, across: bool) -> list[float]:
    """Scores for one row with a group of equal scores inside the top ``k`` or across it."""
    if across:
        above = draw(st.integers(0, k - 1))
        last = draw(st.integers(k, width - 1))
    else:
        above = draw(st.integers(0, max(0, k - 2)))
        last = draw(st.integers(above + 1, max(above + 1, k - 1)))
    order = r.permutation(draw, range(width))
    scores = [0.0] * width
    for position, document in enumerate(order):
        scores[document] = 1.0 if position < above else (0.5 if position <= last else 0.25)
    return scores


@st.composite
def _calls(draw: r.Draw, scenario: str, normalized: bool) -> Call:
    width, rows, kind_at, cut, k_at, base_at, ties, weighted, integral = r.integers(
        draw, (2, 6), (1, 6), (0, 3), (0, 1), (1, 40), (0, 5), (0, 1), (0, 1), (0, 1)
    )
    if scenario == "wide_rows":
        width, rows = r.integers(draw, (17, 40), (1, 40))
    rows = {"single_row": 1, "empty": 0}.get(scenario, rows)
    kind = (
        "binary"
        if scenario == "binary_relevance"
        else ("binary", "grades", "halves", "floats")[kind_at]
    )
    relevance: list[list[Any]] = _relevance(draw, rows, width, kind)
    scores: list[list[Any]] = draw(r.score_rows(rows, width))
    if scenario == "binary_relevance" and integral:
        scores = draw(r.table(rows * width, (0, 1, 2, 3))).reshape(rows, width).tolist()
    k: Any = 1 + (k_at - 1) % width if cut else None
    log_base: Any = (2, 2.0, 10, math.e, 1.0000000000000002, 3.5)[base_at]
    ignore_ties: Any = bool(ties)
    weight: Any = draw(r.weights(rows)) if weighted else None
    label_count: Any = width

    if scenario in ("tie_within_k", "tie_across_k"):
        if scenario == "tie_across_k":
            width = max(width, 3)
            k = draw(st.integers(1, width - 1))
        else:
            k = None if draw(st.booleans()) else draw(st.integers(2, width))
        label_count = width
        relevance = _relevance(draw, rows, width, kind)
        scores = draw(r.score_rows(rows, width))
        scores[0] = _place_ties(draw, width, width if k is None else k, scenario == "tie_across_k")
        ignore_ties = False
    if scenario == "ignore_ties_tied":
        ignore_ties = True
        first, second = r.subset(draw, range(width), 2)
        scores[0][second] = scores[0][first]
    if scenario == "all_zero_relevance":
        for row in range(rows) if draw(st.booleans()) else [r.index(draw, rows)]:
            relevance[row] = [0 if kind in ("binary", "grades") else 0.0] * width
    if scenario == "k_at_or_past_count":
        k = width + draw(st.sampled_from((0, 1, 5, 1000)))
    if scenario == "k_below_one":
        k = draw(st.sampled_from((0, -1, -5)))
    if scenario == "k_malformed":
        k = draw(st.sampled_from((2.0, 1.5, "2", False)))
    if scenario == "boolean_argument":
        if normalized or draw(st.booleans()):
            k = True
        else:
            log_base = True
    if scenario == "negative_relevance":
        cell = r.index(draw, width)
        relevance[r.index(draw, rows)][cell] = draw(st.sampled_from((-1, -0.5, -3.0)))
    if scenario == "weighted":
        weight = draw(r.weights(rows))
    if scenario == "zero_sum_weight":
        rows = max(rows, 2)
        relevance = _relevance(draw, rows, width, kind)
        scores = draw(r.score_rows(rows, width))
        weight = draw(r.weights(rows, "zero_sum", "all_zero"))
    if scenario == "wrong_weight_length":
        weight = draw(r.weights(rows, "wrong_length"))
    if scenario == "non_finite":
        bad = draw(st.sampled_from(r.NON_FINITE))
        where = draw(st.sampled_from(("relevance", "scores", "weight")))
        if where == "weight":
            weight = [1.0] * (rows - 1) + [bad]
        else:
            target = relevance if where == "relevance" else scores
            target[r.index(draw, rows)][r.index(draw, width)] = bad
    if scenario == "label_count_below_two":
        label_count = draw(st.sampled_from((0, 1)))
        relevance = [row[:label_count] for row in relevance]
        scores = [row[:label_count] for row in scores]
    if scenario in LOG_BASE_EDGES:
        log_base = draw(st.sampled_from(LOG_BASE_EDGES[scenario]))
    if scenario == "log_base_refused":
        log_base = draw(st.sampled_from(LOG_BASE_REFUSED))

    truth: Any = [value for row in relevance for value in row]
    block: Any = [value for row in scores for value in row]
    if scenario == "wrong_size":
        how = draw(st.sampled_from(("both_long", "score_short", "truth_long", "two_d_width")))
        if how == "both_long":
            truth, block = [*truth, 1], [*block, 0.5]
        elif how == "score_short":
            block = block[:-1]
        elif how == "truth_long":
            truth = [*truth, *truth[:1]]
        else:
            truth = np.array(relevance, dtype=np.float64)
            block = np.array(scores, dtype=np.float64)
            label_count = width + draw(st.sampled_from((-1, 1)))
    if scenario == "two_d" or (scenario == "wide_rows" and draw(st.booleans())):
        truth = np.array(relevance, dtype=np.float64 if kind in ("halves", "floats") else np.int64)
        block = (
            np.array(scores, dtype=np.float64)
            if draw(st.booleans())
            else np.ravel(np.array(scores, dtype=np.float64))
        )
    if scenario == "boolean_relevance":
        truth = np.array([bool(value) for value in truth], dtype=np.bool_)

    kwargs: dict[str, Any] = {"k": k}
    if not normalized:
        kwargs["log_base"] = log_base
    kwargs["ignore_ties"] = ignore_ties
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = {
        "tie_across_k": ("k",),
        "k_at_or_past_count": ("k",),
        "k_below_one": ("k",),
        "k_malformed": ("k",),
        "boolean_argument": ("k", "log_base"),
        "ignore_ties_tied": ("ignore_ties",),
        "log_base_one": ("log_base",),
        "log_base_below_one": ("log_base",),
        "log_base_extreme": ("log_base",),
        "log_base_refused": ("log_base",),
    }.get(scenario, ())
    if scenario in ("weighted", "zero_sum_weight", "wrong_weight_length", "non_finite"):
        keep = ("sample_weight",)
    return Call((truth, block, label_count), r.with_defaults(draw, kwargs, keep))


# -- the declarations -----------------------------------------------------------------


def _edges(normalized: bool) -> tuple[Edge, ...]:
    common = (
        Edge("tie_within_k", "a group of equal scores wholly inside the top k", _tie_within_k),
        Edge("tie_across_k", "a group of equal scores straddling the k cut", _tie_across_k),
        Edge(
            "ignore_ties_with_ties",
            "ignore_ties=True on a row with equal scores",
            _ignore_ties_with_ties,
        ),
        Edge(
            "all_zero_relevance",
            "a row whose relevance is zero throughout",
            _rows_are(lambda truth, _: (truth == 0).all(axis=1).any()),
        ),
        Edge(
            "single_row",
            "one row",
            _rows_are(lambda truth, _: len(truth) == 1),
        ),
        Edge(
            "wide_row",
            "more than 16 documents a row, past NumPy's small-sort threshold",
            _rows_are(lambda truth, _: truth.shape[1] > 16),
        ),
        Edge(
            "integer_relevance",
            "integer relevance, which scikit-learn keeps as integers",
            lambda v: v.derived(_parsed) is not None and np.asarray(v.args[0]).dtype.kind == "i",
        ),
        Edge("k_at_count", "k equal to label_count", _k_is(lambda k, count: k == count)),
        Edge("k_past_count", "k above label_count", _k_is(lambda k, count: k > count)),
        Edge("k_below_one", "k below 1", lambda v: _is_count(v["k"]) and v["k"] < 1),
        Edge("negative_relevance", "a relevance below zero", _negative_relevance),
        *shared.edges("negative_weight", "zero_sum_weight"),
        Edge("two_d", "a block given as a 2-D array", lambda v: v.two_d),
        Edge("empty", "no document at all", lambda v: all(np.size(a) == 0 for a in v.args[:2])),
        Edge("wrong_size", "blocks that are not equal rows of label_count", _wrong_size),
        Edge(
            "label_count_below_two",
            "label_count of 0 or 1",
            lambda v: v["label_count"] in (0, 1),
        ),
        Edge(
            "wrong_weight_length",
            "a weight vector of the wrong length",
            lambda v: _rows_are(lambda t, _: v.weight is not None and len(t) != len(v.weight))(v),
        ),
        *shared.edges("non_finite"),
        Edge("boolean_relevance", "relevance given as booleans", _boolean_relevance),
        Edge("boolean_argument", "k or log_base given as a boolean", _boolean_argument),
    )
    if normalized:
        return common
    return (
        *common,
        Edge("log_base_one", "log_base = 1, every discount zero", _log_base_is(lambda b: b == 1)),
        Edge(
            "log_base_below_one",
            "log_base in (0, 1), negative discounts",
            _log_base_is(lambda b: 0 < b < 1),
        ),
        Edge(
            "log_base_extreme",
            "log_base at the smallest or largest doubles",
            _log_base_is(lambda b: b < 1e-300 or b > 1e300),
        ),
        Edge(
            "log_base_refused",
            "log_base outside (0, inf): zero, negative, NaN or infinite",
            _log_base_is(lambda b: not 0 < b < math.inf),
        ),
    )


def _divergences(normalized: bool) -> tuple[Divergence, ...]:
    common = (
        Divergence(
            name="ignore_ties_order",
            kind="value",
            summary=(
                "With ignore_ties=True, equal scores rank by descending document index; "
                "scikit-learn ranks them with NumPy's default, unstable sort, whose order "
                "depends on the NumPy build and the row's width, so on a row with ties the "
                "two can give different numbers."
            ),
            applies=_ignore_ties_with_ties,
            expected=_fixed_order_answer(normalized),
        ),
        shared.non_finite_weight(answered="NaN, without checking the weights"),
        Divergence(
            name="boolean_relevance",
            kind="narrowing",
            summary=(
                "Relevance given as booleans is refused, as a non-number; scikit-learn "
                "reads it as 0 and 1."
            ),
            applies=_boolean_relevance,
        ),
        Divergence(
            name="boolean_argument",
            kind="narrowing",
            summary=(
                "A boolean k or log_base is refused; scikit-learn reads True as 1 (and "
                "answers) and False as 0."
            ),
            applies=_boolean_argument,
        ),
    )
    if not normalized:
        return common
    return (
        *common,
        Divergence(
            name="negative_relevance",
            kind="narrowing",
            summary=(
                "A negative relevance is refused with scikit-learn's sentence; before 1.4 "
                "scikit-learn only warned (FutureWarning) and answered, possibly below 0."
            ),
            applies=_negative_relevance,
            versions=VersionRange(until="1.4"),
        ),
    )


DCG = Member(
    name="Dcg.score",
    csharp="Dcg.Score",
    page="reference/metrics/ranking/dcg-score.md",
    implementation=Dcg.score,
    oracle=_oracle(normalized=False),
    oracle_call="dcg_score(y_true.reshape(-1, label_count), y_score.reshape(-1, label_count), "
    "k=k, log_base=log_base, sample_weight=sample_weight, ignore_ties=ignore_ties)",
    since="1.3",
    scenarios={scenario: _calls(scenario, False) for scenario in DCG_SCENARIOS},
    edges=_edges(False),
    divergences=_divergences(False),
    # Measured 0 over tens of thousands of calls on scikit-learn 1.3 to 1.9 (NumPy 1.26
    # to 2.4): the tie-averaged gain is computed for all rows at once, but by the same
    # operations in the same order as scikit-learn's row loop, and the untied gain is
    # the same matrix-vector product over the same block.
    tolerance=Tolerance(ulps=0),
    roles={"y_true": "numbers"},
    example=Call(
        ([3, 2, 1, 0, 3, 2, 1, 0], [0.9, 0.5, 0.5, 0.1, 0.1, 0.4, 0.5, 0.9], 4),
        {"log_base": 2.0, "ignore_ties": False, "sample_weight": [1.0, 3.0]},
    ),
)

NDCG = Member(
    name="Ndcg.score",
    csharp="Ndcg.Score",
    page="reference/metrics/ranking/ndcg-score.md",
    implementation=Ndcg.score,
    oracle=_oracle(normalized=True),
    oracle_call="ndcg_score(y_true.reshape(-1, label_count), y_score.reshape(-1, label_count), "
    "k=k, sample_weight=sample_weight, ignore_ties=ignore_ties)",
    since="1.3",
    scenarios={scenario: _calls(scenario, True) for scenario in SHARED_SCENARIOS},
    edges=_edges(True),
    divergences=_divergences(True),
    # Measured 0, as for Dcg.score: both halves of the ratio and the ratio itself are
    # scikit-learn's operations on the same arrays.
    tolerance=Tolerance(ulps=0),
    roles={"y_true": "numbers"},
    example=Call(
        ([3, 2, 1, 0, 3, 2, 1, 0], [0.9, 0.5, 0.5, 0.1, 0.1, 0.4, 0.5, 0.9], 4),
        {"ignore_ties": False, "sample_weight": [1.0, 3.0]},
    ),
)

MEMBERS = (DCG, NDCG)
