from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import Accuracy, TopKAccuracy

TRUTH = [0, 1, 2, 2]
SCORES = [0.7, 0.2, 0.1, 0.3, 0.5, 0.2, 0.2, 0.3, 0.5, 0.5, 0.3, 0.2]


def test_seed_example_fraction_and_count() -> None:
    assert TopKAccuracy.score(TRUTH, SCORES, 3, k=2) == 0.75
    assert TopKAccuracy.score(TRUTH, SCORES, 3, k=2, normalize=False) == 3.0


def test_weighted_count_is_the_weight_of_the_hits() -> None:
    assert TopKAccuracy.score(TRUTH, SCORES, 3, normalize=False, sample_weight=[1, 2, 4, 8]) == 7.0


def test_zero_sum_weights_count_but_refuse_the_fraction() -> None:
    weights = [1, 1, 1, -3]
    assert TopKAccuracy.score(TRUTH, SCORES, 3, normalize=False, sample_weight=weights) == 3.0
    with pytest.raises(ArgumentError, match="Weights sum to zero"):
        TopKAccuracy.score(TRUTH, SCORES, 3, sample_weight=weights)


def test_flat_and_two_dimensional_blocks_agree() -> None:
    block = np.array(SCORES).reshape(4, 3)
    assert TopKAccuracy.score(TRUTH, block, 3, k=1) == TopKAccuracy.score(TRUTH, SCORES, 3, k=1)


@pytest.mark.parametrize(("truth", "expected"), [([0], 0.0), ([1], 1.0), ([2], 1.0)])
def test_ties_rank_in_descending_index_order(truth: list[int], expected: float) -> None:
    assert TopKAccuracy.score(truth, [0.5, 0.5, 0.5], 3, k=2) == expected


def test_k_at_or_past_class_count_is_a_hit_everywhere() -> None:
    assert TopKAccuracy.score(TRUTH, SCORES, 3, k=3) == 1.0
    assert TopKAccuracy.score(TRUTH, SCORES, 3, k=50) == 1.0


@pytest.mark.parametrize(
    ("kwargs", "error", "name"),
    [
        ({"k": 0}, ArgumentOutOfRangeError, "k"),
        ({"class_count": 1}, ArgumentError, "class_count"),
        ({"y_true": []}, ArgumentError, "y_true"),
        ({"y_score": SCORES[:-1]}, ArgumentError, "y_score"),
        ({"y_true": [0, 1, 3, 2]}, ArgumentError, "y_true"),
        ({"y_true": [0, 1, -1, 2]}, ArgumentError, "y_true"),
        ({"sample_weight": [1.0, 2.0]}, ArgumentError, "sample_weight"),
        ({"sample_weight": [1.0, 2.0, float("nan"), 1.0]}, ArgumentError, "sample_weight"),
        ({"y_score": [float("inf"), *SCORES[1:]]}, ArgumentError, "y_score"),
        ({"y_true": [0, 1, 2.5, 2]}, ArgumentError, "y_true"),
        ({"k": 2.0}, ArgumentError, "k"),
        ({"normalize": 1}, ArgumentError, "normalize"),
    ],
)
def test_refusals_name_the_argument(kwargs: dict, error: type, name: str) -> None:  # type: ignore[type-arg]
    call = {"y_true": TRUTH, "y_score": SCORES, "class_count": 3} | kwargs
    with pytest.raises(error) as raised:
        TopKAccuracy.score(**call)
    assert type(raised.value) is error
    assert raised.value.param_name == name
    assert f"(Parameter '{name}')" in str(raised.value)


def test_k_below_one_is_out_of_range_before_anything_else() -> None:
    with pytest.raises(ArgumentOutOfRangeError) as raised:
        TopKAccuracy.score([], [], 0, k=0)
    assert raised.value.actual_value == 0


def test_large_blocks_cross_the_chunk_boundary() -> None:
    rng = np.random.default_rng(0)
    scores = rng.integers(0, 4, size=(5000, 40)).astype(float) / 4
    truth = rng.integers(0, 40, size=5000)
    own = scores[np.arange(5000), truth][:, None]
    rank = (scores > own).sum(1) + ((scores == own) & (np.arange(40) > truth[:, None])).sum(1)
    assert TopKAccuracy.score(truth, scores, 40, k=5) == float(np.mean(rank < 5))


@given(
    st.integers(2, 6).flatmap(
        lambda c: st.tuples(
            st.just(c),
            st.lists(
                st.tuples(
                    st.integers(0, c - 1),
                    st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=c, max_size=c),
                ),
                min_size=1,
                max_size=10,
            ),
        )
    )
)
def test_k_one_is_accuracy_on_the_arg_max_under_the_same_tie_rule(case) -> None:  # type: ignore[no-untyped-def]
    classes, rows = case
    truth = [t for t, _ in rows]
    block = np.array([r for _, r in rows])
    # The arg-max under descending index order on ties: the last index of the maximum.
    arg_max = classes - 1 - np.argmax(block[:, ::-1], axis=1)
    assert TopKAccuracy.score(truth, block, classes, k=1) == Accuracy.score(truth, arg_max)


def test_inputs_are_not_modified() -> None:
    truth = np.array(TRUTH)
    scores = np.array(SCORES)
    weight = np.array([1.0, 2.0, 3.0, 4.0])
    TopKAccuracy.score(truth, scores, 3, sample_weight=weight)
    assert truth.tolist() == TRUTH and scores.tolist() == SCORES and weight.tolist() == [1, 2, 3, 4]


def test_returns_a_python_float() -> None:
    assert type(TopKAccuracy.score(TRUTH, SCORES, 3, normalize=False)) is float
