"""The definition of ``ReciprocalRank.score``, clause by clause, as the C# tests pin it,
on lodestar and on the harness's plain-loop reference alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from equivalence.references import reciprocal_rank
from lodestar.errors import ArgumentError
from lodestar.metrics import ReciprocalRank

SIDES: list[Callable[..., Any]] = [ReciprocalRank.score, reciprocal_rank]
SCORES = [0.9, 0.5, 0.4, 0.1]


@pytest.fixture(params=SIDES, ids=["lodestar", "reference"])
def score(request: pytest.FixtureRequest) -> Callable[..., Any]:
    function: Callable[..., Any] = request.param
    return function


def test_the_page_example(score: Callable[..., Any]) -> None:
    assert score([0, 1, 0, 0, 1, 0, 0, 0], SCORES * 2, 4) == 0.75


def test_the_first_relevant_document_counts(score: Callable[..., Any]) -> None:
    assert score([1.0, 0.0, 1.0, 0.0], SCORES, 4) == 1.0


def test_the_rank_is_reciprocal(score: Callable[..., Any]) -> None:
    assert score([0.0, 0.0, 1.0, 0.0], SCORES, 4) == 1 / 3


def test_a_query_with_nothing_relevant_counts_zero(score: Callable[..., Any]) -> None:
    assert score([1, 0, 0, 0, 0, 0], [0.9, 0.5, 0.1] * 2, 3) == 0.5
    assert score([0, 0, 0, 0], SCORES, 2) == 0.0


def test_any_non_zero_relevance_counts(score: Callable[..., Any]) -> None:
    for grade in (1.0, 3.0, -1.0, 0.5, 1e-300):
        assert score([0.0, grade, 0.0], [0.9, 0.5, 0.1], 3) == 0.5
    assert score([-0.0, 1.0, 0.0], [0.9, 0.5, 0.1], 3) == 0.5


def test_ties_rank_the_greater_index_first(score: Callable[..., Any]) -> None:
    assert score([1, 0, 0], [0.5, 0.5, 0.5], 3) == 1 / 3
    assert score([0, 0, 1], [0.5, 0.5, 0.5], 3) == 1.0
    assert score([0, 1, 0], [0.5, 0.5, 0.5], 3) == 0.5
    assert score([0, 1, 0], [0.0, -0.0, 0.0], 3) == 0.5


def test_two_d_blocks_are_rows(score: Callable[..., Any]) -> None:
    assert score(np.array([[0, 1], [1, 0]]), np.array([[0.2, 0.1], [0.3, 0.4]]), 2) == 0.5


@pytest.mark.parametrize(
    ("relevance", "scores", "count"),
    [
        ([1.0], [0.5], 1),
        ([1.0, 0.0], [0.5, 0.5], 0),
        ([], [], 2),
        ([1.0, 0.0, 0.0], [0.5, 0.5, 0.5], 2),
        ([1.0, 0.0], [0.5], 2),
        ([float("nan"), 0.0], [0.5, 0.4], 2),
        ([1.0, 0.0], [float("inf"), 0.4], 2),
    ],
)
def test_refusals(relevance: Any, scores: Any, count: int) -> None:
    with pytest.raises(ArgumentError):
        ReciprocalRank.score(relevance, scores, count)
    with pytest.raises(ValueError):
        reciprocal_rank(relevance, scores, count)


def test_the_rows_are_added_in_order() -> None:
    # Three rows scoring 1, 1/3 and 1/3: the C# loop adds left to right.
    relevance = [1, 0, 0, 0, 0, 1, 0, 0, 1]
    scores = [0.9, 0.5, 0.1] * 3
    expected = ((1.0 + 1 / 3) + 1 / 3) / 3
    assert (
        ReciprocalRank.score(relevance, scores, 3)
        == expected
        == reciprocal_rank(relevance, scores, 3)
    )
