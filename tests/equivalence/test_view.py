"""The parsed view of a call: binding, role readings, caching, and the runner's use of it."""

from __future__ import annotations

import copy
import dataclasses
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import strategies as st

from equivalence.malformed import is_malformed
from equivalence.members import REGISTRY
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.runner import judge
from equivalence.view import View, as_labels, prepared, view_of

TOP_K = REGISTRY["TopKAccuracy.score"]
ACCURACY = REGISTRY["Accuracy.score"]


def _top_k(*args: Any, **kwargs: Any) -> View:
    return view_of(TOP_K, Call(args, kwargs))


def test_arguments_are_bound_by_name_with_the_defaults_applied() -> None:
    view = _top_k([0, 1], [0.2, 0.8, 0.6, 0.4], 2, normalize=False)
    assert view.given == {
        "y_true": [0, 1],
        "y_score": [0.2, 0.8, 0.6, 0.4],
        "class_count": 2,
        "normalize": False,
    }
    assert view["k"] == 2 and view["normalize"] is False and view["sample_weight"] is None
    assert view.k == 2 and view.classes == 2 and view.samples == 2


def test_a_view_is_the_call_and_renders_as_one() -> None:
    call = Call(([0, 1], [0.2, 0.8, 0.6, 0.4], 2), {"k": 1})
    view = view_of(TOP_K, call)
    assert isinstance(view, Call)
    assert view.args == call.args and view.kwargs == call.kwargs
    assert view.render("f") == call.render("f")
    assert view_of(TOP_K, view) is view


def test_a_flat_block_is_read_as_rows_and_a_wrong_size_as_none() -> None:
    flat = _top_k([0, 2], [0.1, 0.2, 0.7, 0.5, 0.3, 0.2], 3)
    assert flat.rows is not None and flat.rows.shape == (2, 3)
    assert flat.rows[1].tolist() == [0.5, 0.3, 0.2]
    two_d = _top_k([0, 2], np.array([[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]]), 3)
    assert two_d.two_d and two_d.rows is not None and two_d.rows.shape == (2, 3)
    assert _top_k([0, 2], [0.1, 0.2, 0.7, 0.5, 0.3], 3).rows is None
    assert _top_k([0, 3], [0.1, 0.2, 0.7, 0.5, 0.3, 0.2], 3).label_out_of_range
    assert _top_k([0, 3], [0.1, 0.2, 0.7, 0.5, 0.3, 0.2], 3).well_formed_rows is None
    assert _top_k([0, 1], [0.1, math.nan, 0.7, 0.5, 0.3, 0.2], 3).well_formed_rows is None


@pytest.mark.parametrize(
    ("weight", "negative", "zero_sum", "all_zero", "non_finite"),
    [
        (None, False, False, False, False),
        ([], False, False, False, False),
        ([1.0, 2.0, 3.0], False, False, False, False),
        ([1.0, -2.0, 3.0], True, False, False, False),
        ([2.0, -3.0, 1.0], True, True, False, False),
        ([0.0, 0.0, 0.0], False, False, True, False),
        ([1.0, math.inf, 1.0], False, False, False, True),
        ([math.nan, 0.0, 0.0], False, False, False, True),
    ],
)
def test_weights_are_read_once_into_their_categories(
    weight: Any, negative: bool, zero_sum: bool, all_zero: bool, non_finite: bool
) -> None:
    view = view_of(ACCURACY, Call(([0, 1, 1], [0, 1, 0]), {"sample_weight": weight}))
    assert view.weight is None or view.weight.dtype == np.float64
    assert view.negative_weight is negative
    assert view.zero_sum_weight is zero_sum
    assert view.all_zero_weight is all_zero
    assert view.non_finite_weight is non_finite
    assert view.unweighted is (None if weight in (None, []) else weight)
    assert not view.wrong_weight_length


def test_a_weight_vector_of_another_length_is_seen() -> None:
    view = view_of(ACCURACY, Call(([0, 1, 1], [0, 1, 0]), {"sample_weight": [1.0, 1.0]}))
    assert view.wrong_weight_length


def test_empty_means_every_label_argument_is_empty() -> None:
    assert view_of(ACCURACY, Call(([], []))).empty
    assert not view_of(ACCURACY, Call(([], [1]))).empty
    assert not view_of(ACCURACY, Call(([1], [1]))).empty


def test_labels_read_as_integers_only_when_they_are_whole_numbers() -> None:
    assert as_labels([1.0, 2.0, -3.0]) is not None
    assert as_labels([1, 2, 2**40]).tolist() == [1, 2, 2**40]  # type: ignore[union-attr]
    for bad in ([0.5, 1.0], [True, False], [[1], [2]], [math.nan], [2.0**64]):
        assert as_labels(bad) is None, bad


def test_a_flag_reads_numpy_bools_and_nothing_else() -> None:
    assert _top_k([0], [0.5, 0.5], 2, normalize=np.True_).flag("normalize") is True
    assert _top_k([0], [0.5, 0.5], 2, normalize=False).flag("normalize") is False
    assert _top_k([0], [0.5, 0.5], 2, normalize=1).flag("normalize") is None


def test_malformed_agrees_with_the_bad_input_rule() -> None:
    calls = [
        Call(([0, 1], [0.2, 0.8, 0.6, 0.4], 2)),
        Call(([0, 0.5], [0.2, 0.8, 0.6, 0.4], 2)),
        Call(([0, 1], [0.2, math.nan, 0.6, 0.4], 2)),
        Call(([0, 1], [0.2, 0.8, 0.6, 0.4], 2.0)),
        Call(([0, 1], [0.2, 0.8, 0.6, 0.4], 2), {"normalize": 1}),
        Call(([0, 1], [0.2, 0.8, 0.6, 0.4], 2), {"sample_weight": [1.0, math.inf]}),
    ]
    found = [view_of(TOP_K, call).malformed for call in calls]
    assert found == [False, True, True, True, True, True]
    assert found == [is_malformed(TOP_K, call) for call in calls]


def test_a_derived_reading_is_computed_once_per_view() -> None:
    seen: list[View] = []

    def reading(view: View) -> int:
        seen.append(view)
        return len(seen)

    view = _top_k([0, 1], [0.2, 0.8, 0.6, 0.4], 2)
    assert view.derived(reading) == 1 and view.derived(reading) == 1
    assert _top_k([0, 1], [0.2, 0.8, 0.6, 0.4], 2).derived(reading) == 2


def test_a_derived_reading_that_cannot_be_made_is_none() -> None:
    view = _top_k([0, 1], [0.2, 0.8, 0.6, 0.4], 2)
    assert view.derived(lambda v: [][v.samples]) is None


def test_the_runner_hands_every_predicate_and_the_oracle_one_view() -> None:
    received: list[Any] = []

    def record(kind: str, answer: Any) -> Any:
        def inner(view: Any) -> Any:
            received.append((kind, view))
            return answer

        return inner

    member = Member(
        name="Toy.half",
        csharp="Toy.Half",
        page="toy.md",
        implementation=lambda y_true, y_pred: 1.0,
        oracle=record("oracle", 2.0),
        oracle_call="half(y_true, y_pred)",
        since="1.0",
        scenarios={"any": st.just(Call(([1], [1])))},
        edges=(Edge("any", "always", lambda v: True),),
        divergences=(
            Divergence(
                "differs", "value", "always", record("applies", True), record("expected", 1)
            ),
        ),
    )
    verdict = judge(member, Call(([1], [1])), "1.9")
    assert verdict.ok and verdict.divergence == "differs"
    kinds = [kind for kind, _ in received]
    assert kinds == ["oracle", "applies", "expected"]
    views = [view for _, view in received]
    assert all(isinstance(view, View) for view in views)
    assert views[0] is views[1] is views[2]


def test_a_negative_class_count_has_no_matrix_to_ask_about() -> None:
    import numpy as np
    import pytest

    from equivalence.members import REGISTRY
    from equivalence.model import Call
    from equivalence.runner import judge
    from equivalence.view import rows_of

    with pytest.raises(ValueError, match="-1 columns"):
        rows_of(np.zeros(1), 1, -1)
    assert rows_of(np.zeros(4), 2, 2).shape == (2, 2)
    # NumPy would read -1 as "infer it" and ask scikit-learn about one column, which it
    # answers: lodestar's refusal of class_count = -1 must meet a refusal.
    for name in ("BrierScore.multi_class", "LogLoss.multi_class"):
        call = Call(([0], [0.0], -1))
        assert judge(REGISTRY[name], call, "1.9.1").ok, name


def test_a_member_is_prepared_once_and_a_changed_copy_anew() -> None:
    first = prepared(ACCURACY)
    assert prepared(ACCURACY) is first
    assert first.names[:2] == ("y_true", "y_pred") and first.roles["sample_weight"] == "weights"
    assert first.on_version("1.9.1") is first.on_version("1.9.1")
    # a replaced declaration (another tolerance, other divergences) is read afresh
    looser = dataclasses.replace(
        ACCURACY, tolerance=dataclasses.replace(ACCURACY.tolerance, ulps=7)
    )
    assert prepared(looser) is not first and prepared(looser).on_version("1.9.1")[0] == 7
    # so is a copy, which carries the original's reading in its __dict__
    duplicate = copy.copy(ACCURACY)
    assert prepared(duplicate).member is duplicate and prepared(ACCURACY) is first
