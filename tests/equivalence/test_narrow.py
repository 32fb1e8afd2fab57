"""Narrow floats: lodestar reads float32 and float16 arrays exactly as doubles, and the
harness holds every member, and any port, to that."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings, strategies as st

from equivalence.faithful import judge_faithful
from equivalence.members import REGISTRY
from equivalence.model import Call
from equivalence.narrow import has_narrow, narrowed_calls, widened
from equivalence.runner import judge
from equivalence.versions import sklearn_version
from lodestar.metrics import MeanSquaredError, ZeroDivision

NAMES = ("narrow_floats", "narrow_floats_refused", "narrow_floats_answered")


def test_every_member_draws_narrow_calls_and_declares_them() -> None:
    for member in REGISTRY.values():
        assert "narrow" in member.scenarios, member.name
        declared = [d.name for d in member.divergences]
        assert all(name in declared for name in NAMES), member.name


def test_widening_is_exact_and_leaves_the_rest_alone() -> None:
    narrow = np.array([0.1, 1e-7, 3.5], dtype=np.float32)
    call = Call((narrow, [1, 2]), {"sample_weight": np.array([0.5], dtype=np.float16)})
    wide = widened(call)
    assert not has_narrow(wide) and has_narrow(call)
    assert wide.args[0].dtype == np.float64 and (wide.args[0] == narrow).all()
    assert wide.args[1] == [1, 2]
    assert wide.kwargs["sample_weight"].tolist() == [0.5]


@settings(max_examples=30, derandomize=True, database=None)
@given(st.data())
def test_the_narrow_scenario_narrows_float_arguments(data: st.DataObject) -> None:
    base = st.just(Call(([0.1, 0.2, 0.3], [0.3, 0.1, 0.2]), {"sample_weight": [1.0, 2.0, 3.0]}))
    call = data.draw(narrowed_calls(base))
    assert has_narrow(call)
    narrowed = [v for v in (*call.args, *call.kwargs.values()) if isinstance(v, np.ndarray)]
    assert len({v.dtype for v in narrowed}) == 1  # one dtype a call


def _float32_port(y_true: Any, y_pred: Any, **kwargs: Any) -> float:
    """A port that computes in the dtype it was given, as scikit-learn does."""
    if isinstance(y_true, np.ndarray) and y_true.dtype == np.float32:
        return float(np.mean((y_true - y_pred) ** 2, dtype=np.float32))
    return MeanSquaredError.score(y_true, y_pred, **kwargs)


def test_a_port_that_computes_in_float32_is_caught_and_lodestar_is_not() -> None:
    truth = np.array([0.1, 0.7, 0.3], dtype=np.float32)
    predicted = np.array([0.2, 0.5, 0.9], dtype=np.float32)
    call = Call((truth, predicted))
    member = REGISTRY["MeanSquaredError.score"]
    ours = judge(member, call, sklearn_version())
    assert ours.ok and ours.divergence == "narrow_floats", ours.reason
    # scikit-learn's own float32 answer agrees with scikit-learn, but not with the
    # contract: check's default level holds it to the exact result of the doubles
    theirs = judge_faithful(member, call, sklearn_version(), _float32_port)
    assert not theirs.ok and "not faithful" in theirs.reason, theirs.reason
    assert judge_faithful(member, call, sklearn_version()).ok
    # lodestar's answer is its answer to the doubles, bit for bit
    assert MeanSquaredError.score(truth, predicted) == MeanSquaredError.score(
        truth.astype(np.float64), predicted.astype(np.float64)
    )


def test_what_is_declared_of_the_doubles_is_declared_of_the_narrow_call() -> None:
    # the predicate of fractional_labels_argument reads Python floats; a float16 array
    # holding 0.5 is the same label set, and the same declaration lets it through
    labels = np.array([0.0, 0.5], dtype=np.float16)
    call = Call(([0], [0]), {"zero_division": ZeroDivision.ZERO, "labels": labels})
    verdict = judge(REGISTRY["Precision.per_class"], call, sklearn_version())
    assert verdict.ok and verdict.divergence == "fractional_labels_argument", verdict.reason
