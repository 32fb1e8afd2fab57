"""The shared readings and drawing of label-pair calls: the labels seen, the two-by-two
cells of a positive label, predicates on a reading, and the shared scenarios."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from equivalence import shared
from equivalence.draw import pairs
from equivalence.members import REGISTRY
from equivalence.model import Call
from equivalence.view import TwoByTwo, View, is_count, on, view_of

RATIOS = REGISTRY["LikelihoodRatios.compute"]


def _view(*args: Any, **kwargs: Any) -> View:
    return view_of(RATIOS, Call(args, kwargs))


def test_observed_is_the_sorted_union_of_both_inputs() -> None:
    assert _view([3, -1, 3], [7, 3, 3]).observed == [-1, 3, 7]
    assert _view([0, 1], [0]).observed == []  # lengths differ
    assert _view([0, 0.5], [0, 1]).observed == []  # a fractional label


def test_two_by_two_counts_or_adds_weights_in_order() -> None:
    view = _view([1, 1, 0, 0, 1], [1, 0, 1, 0, 1])
    assert view.two_by_two(1) == TwoByTwo(tn=1, fp=1, fn=1, tp=2, pos=1)
    assert view.two_by_two(0) == TwoByTwo(tn=2, fp=1, fn=1, tp=1, pos=0)
    weighted = _view([1, 1, 0], [1, 0, 0], sample_weight=[0.5, 2.0, -1.0])
    assert weighted.two_by_two(1) == (-1.0, 0.0, 2.0, 0.5, 1)


@pytest.mark.parametrize(
    "args, kwargs",
    [
        (([0, 1], [0]), {}),
        (([0, 1], [0, 1]), {"sample_weight": [1.0]}),
        (([0, 1], [0, 1]), {"sample_weight": [1.0, float("nan")]}),
        (([0, 2.5], [0, 1]), {}),
    ],
)
def test_two_by_two_is_none_on_what_cannot_be_counted(args: Any, kwargs: Any) -> None:
    assert _view(*args, **kwargs).two_by_two(1) is None


def test_on_is_false_where_the_reading_is_none() -> None:
    seen: list[int] = []

    def reading(v: View) -> int | None:
        seen.append(1)
        return len(v.observed) or None

    holds = on(reading, lambda count, v: count == 2)
    assert holds(_view([0, 1], [1, 1])) and not holds(_view([0, 0], [0, 0]))
    assert not holds(_view([0], [0, 1]))
    view = _view([0, 1], [0, 1])
    assert holds(view) and holds(view) and len(seen) == 4  # read once per view


def test_is_count_takes_integers_not_booleans() -> None:
    import numpy as np

    assert is_count(3) and is_count(np.int64(-2))
    assert not is_count(True) and not is_count(np.bool_(True)) and not is_count(1.0)


def test_none_refused_reads_like_its_declaration() -> None:
    divergence = shared.none_refused("pos_label", "int", "asked without labels, answers")
    assert divergence.name == "pos_label_none" and divergence.kind == "narrowing"
    assert divergence.summary == (
        "pos_label=None is refused, as the C# int cannot be null; scikit-learn, asked "
        "without labels, answers."
    )
    assert divergence.applies(_view([0], [0], pos_label=None))
    assert not divergence.applies(_view([0], [0], pos_label=0))


@st.composite
def _finished(draw: Any, scenario: str) -> tuple[list[Any], list[Any], Call]:
    truth, predicted = pairs.start(draw, scenario, 4, (5, 9))
    labels = (list(truth), list(predicted))
    weights = {"valid": ("positive",)}
    return truth, predicted, pairs.finish(draw, scenario, labels, {"pos_label": 9}, weights, 7)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_the_shared_scenarios_mean_what_they_say(data: st.DataObject) -> None:
    truth, predicted, call = data.draw(_finished("valid"))
    assert len(truth) == 4 and set(truth) | set(predicted) <= {5, 9}
    weight = call.kwargs.get("sample_weight")
    assert weight is None or (len(weight) == 4 and all(w >= 0 for w in weight))
    assert len(data.draw(_finished("single"))[0]) == 1
    assert data.draw(_finished("empty"))[2].args == ([], [])
    *_, mismatched = data.draw(_finished("length_mismatch"))
    assert abs(len(mismatched.args[0]) - len(mismatched.args[1])) == 1
    *_, fractional = data.draw(_finished("fractional_label"))
    assert any(value in pairs.FRACTIONS for value in fractional.args[0])
    for scenario in ("zero_sum_weight", "non_finite_weight", "all_zero_weight"):
        *_, spoiled = data.draw(_finished(scenario))
        assert getattr(_view(*spoiled.args, **spoiled.kwargs), scenario)
    *_, unweighted = data.draw(_finished("undefined"))  # not one this member weights
    assert "sample_weight" not in unweighted.kwargs
