"""``ReciprocalRank.score``, held to a plain-loop reference: scikit-learn has no mean
reciprocal rank, so the oracle is :func:`equivalence.references.reciprocal_rank`, written
from the C# definition in pure Python loops and asked in every matrix cell.

The C# definition, clause by clause: rows ranked by descending score, ties by descending
index (``Internal/Ranking.cs``'s ``Descending``); a document is relevant when its
relevance is not zero, whatever its size or sign; a row scores ``1 / rank`` of its first
relevant document, and ``0`` when it has none, kept in the mean. The edges below reach
each clause; the seeded bugs turn each one.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Edge, Member
from equivalence.references import reciprocal_rank
from equivalence.view import View, on
from lodestar.metrics import ReciprocalRank

__all__ = ["MEMBERS", "RECIPROCAL_RANK"]

#: Relevance as drawn: mostly zero, binary, graded, negative, tiny, a signed zero.
RELEVANCE = (0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 2.0, 3.0, -1.0, 0.5, -0.0, 1e-300)
#: Scores of the tied scenario: three values, so that most rows tie.
TIED = (0.0, 0.5, 1.0)
#: Scores of the many-row scenarios: 101 values, ties among them now and then.
SPREAD = tuple(i / 100 for i in range(-50, 51))
#: The scenarios that draw many rows, and ties among them.
BULK = ("bulk", "bulk_tied", "binary", "nothing_relevant_row", "two_d")
SCENARIOS = (
    "valid bulk bulk_tied tied binary nothing_relevant_row nothing_relevant two_d single_row empty "
    "length_mismatch partial_row label_count_below_two non_finite"
)


def _rows(v: View) -> tuple[Any, Any] | None:
    """Relevance and scores as ``(rows, label_count)`` arrays where lodestar answers."""
    count, arrays = v.classes or 0, v.arrays[:2]
    if count < 2 or any(a is None or a.dtype.kind not in "iuf" for a in arrays):
        return None
    judged, scores = (np.asarray(a, dtype=np.float64) for a in arrays)
    if judged.size != scores.size or not judged.size or judged.size % count:
        return None
    finite = np.isfinite(judged).all() and np.isfinite(scores).all()
    return (judged.reshape(-1, count) != 0, scores.reshape(-1, count)) if finite else None


def _tie_decides(rows: tuple[Any, Any], _: View) -> bool:
    """An irrelevant document scores as much as the best-scored relevant one of its row."""
    relevant, scores = rows
    best = np.where(relevant, scores, -np.inf).max(axis=1, keepdims=True)
    return bool((~relevant & (scores == best)).any())


def _partial_row(v: View) -> bool:
    flat, count = v.arrays[0], v.classes or 0
    return count >= 2 and flat is not None and flat.ndim == 1 and bool(flat.size % count)


def _judged(test: Any) -> Any:
    return on(_rows, lambda _, v: test(np.asarray(v.arrays[0], dtype=np.float64)))


EDGES = (
    Edge(
        "tie_decides",
        "an irrelevant document tied with the first relevant",
        on(_rows, _tie_decides),
    ),
    Edge(
        "graded", "a relevance other than 0 and 1", _judged(lambda a: ((a != 0) & (a != 1)).any())
    ),
    Edge("negative_relevance", "a relevance below zero", _judged(lambda a: (a < 0).any())),
    Edge(
        "nothing_relevant_row",
        "a row with nothing relevant beside one with something",
        on(_rows, lambda x, _: x[0].any(axis=1).any() and not x[0].any(axis=1).all()),
    ),
    Edge("nothing_relevant", "nothing relevant in any row", on(_rows, lambda x, _: not x[0].any())),
    *shared.edges("two_d", "length_mismatch", "non_finite"),
    Edge("empty", "no value", lambda v: v.arrays[0] is not None and v.arrays[0].size == 0),
    Edge("single_row", "one row", on(_rows, lambda x, _: len(x[1]) == 1)),
    Edge("partial_row", "values that are not a whole number of rows", _partial_row),
    Edge(
        "label_count_below_two",
        "label_count below 2",
        lambda v: v.classes is not None and v.classes < 2,
    ),
)


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    width, rows = primitives.integers(draw, (2, 6), (1, 5))
    if scenario in BULK:  # many rows of many documents: what a search log holds
        width, rows = primitives.integers(draw, (8, 24), (200, 600))
    rows = {"empty": 0, "single_row": 1}.get(scenario, rows)
    size = rows * width
    relevance = draw(primitives.table(size, RELEVANCE)).reshape(rows, width)
    if scenario in ("tied", "bulk_tied", *BULK):  # a byte a score: many rows draw cheaply
        table = TIED if "tied" in scenario else SPREAD
        scores = draw(primitives.table(size, table)).reshape(rows, width)
    else:
        scores = np.array(draw(primitives.score_rows(rows, width)), dtype=np.float64).reshape(
            rows, width
        )
    if scenario == "binary":
        relevance = (relevance != 0).astype(np.float64)
    if scenario == "nothing_relevant_row" and rows:
        relevance[primitives.index(draw, rows)] = 0.0
    if scenario == "nothing_relevant":
        relevance[:] = 0.0
    if scenario == "non_finite":
        target = relevance if primitives.flip(draw) else scores
        target.flat[primitives.index(draw, size)] = primitives.pick(draw, primitives.NON_FINITE)
    count: Any = primitives.pick(draw, (0, 1, -1)) if scenario == "label_count_below_two" else width
    if scenario == "two_d":
        return Call((relevance, scores, count))
    if scenario in BULK:  # flat arrays, the C# spans' form
        return Call((relevance.ravel(), scores.ravel(), count))
    judged, ranked = relevance.ravel().tolist(), scores.ravel().tolist()
    if scenario == "length_mismatch":
        ranked = ranked[:-1] if primitives.flip(draw) else [*ranked, 0.5]
    if scenario == "partial_row":
        judged, ranked = [*judged, 1.0], [*ranked, 0.5]
    return Call((judged, ranked, count))


RECIPROCAL_RANK = Member(
    name="ReciprocalRank.score",
    csharp="ReciprocalRank.Score",
    page="reference/metrics/ranking/reciprocalrank-score.md",
    implementation=ReciprocalRank.score,
    oracle=lambda v: reciprocal_rank(*v.args, **v.kwargs),
    oracle_call="reciprocal_rank(relevance, y_score, label_count)",
    oracle_kind="reference",
    since="",
    scenarios={name: _calls(name) for name in SCENARIOS.split()},
    edges=EDGES,
    roles={"relevance": "numbers", "y_score": "numbers"},
    example=Call(([0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [0.9, 0.5, 0.4, 0.1] * 2, 4)),
)

MEMBERS = (RECIPROCAL_RANK,)
