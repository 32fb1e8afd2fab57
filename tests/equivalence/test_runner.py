"""The verdict rules, on a toy member whose oracle is a plain function."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import strategies as st

from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
from equivalence.runner import judge
from lodestar.errors import ArgumentError


def _oracle(call: Call) -> float:
    (x,) = call.args
    if x < 0:
        raise ValueError("negative")
    return float(x) / 3


def _member(**overrides: Any) -> Member:
    fields: dict[str, Any] = {
        "name": "Toy.third",
        "csharp": "Toy.Third",
        "page": "toy.md",
        "implementation": lambda x: x / 3,
        "oracle": _oracle,
        "oracle_call": "third(x)",
        "since": "1.0",
        "scenarios": {"any": st.just(Call((1,)))},
        "edges": (Edge("any", "always", lambda c: True),),
    }
    fields.update(overrides)
    return Member(**fields)


def _refusing(x: float) -> float:
    if x < 0:
        raise ArgumentError("x is negative", "x")
    return x / 3


def test_equal_numbers_pass_and_report_the_distance() -> None:
    verdict = judge(_member(), Call((1.0,)), "1.9")
    assert verdict.ok and verdict.ulps == 0


def test_a_number_one_ulp_off_fails_at_zero_tolerance_and_passes_at_one() -> None:
    off = lambda x: math.nextafter(x / 3, 1.0)  # noqa: E731
    assert not judge(_member(implementation=off), Call((1.0,)), "1.9").ok
    verdict = judge(_member(implementation=off, tolerance=Tolerance(1)), Call((1.0,)), "1.9")
    assert verdict.ok and verdict.ulps == 1


def test_both_refusing_passes_only_with_a_documented_type() -> None:
    assert judge(_member(implementation=_refusing), Call((-1.0,)), "1.9").ok

    def bare(x: float) -> float:
        raise TypeError("bare")

    verdict = judge(_member(implementation=bare), Call((-1.0,)), "1.9")
    assert not verdict.ok and "TypeError" in verdict.reason


def test_undeclared_widening_fails_and_a_declared_one_passes() -> None:
    assert not judge(_member(), Call((-3.0,)), "1.9").ok
    widening = Divergence("negatives", "widening", "answers on negatives", lambda c: c.args[0] < 0)
    verdict = judge(_member(divergences=(widening,)), Call((-3.0,)), "1.9")
    assert verdict.ok and verdict.divergence == "negatives"


def test_a_declared_value_must_be_the_one_lodestar_gives() -> None:
    right = Divergence("neg", "widening", "", lambda c: c.args[0] < 0, expected=lambda c: -1.0)
    wrong = Divergence("neg", "widening", "", lambda c: c.args[0] < 0, expected=lambda c: 0.0)
    assert judge(_member(divergences=(right,)), Call((-3.0,)), "1.9").ok
    assert not judge(_member(divergences=(wrong,)), Call((-3.0,)), "1.9").ok


def test_a_divergence_holds_only_on_its_versions() -> None:
    narrowing = Divergence(
        "old", "narrowing", "", lambda c: True, versions=VersionRange(until="1.8")
    )
    member = _member(implementation=_refusing, oracle=lambda c: 0.0, divergences=(narrowing,))
    assert judge(member, Call((-1.0,)), "1.7.2").ok
    assert not judge(member, Call((-1.0,)), "1.8.0").ok


def test_a_narrowing_does_not_excuse_a_value_difference() -> None:
    narrowing = Divergence("n", "narrowing", "", lambda c: True)
    member = _member(implementation=lambda x: 0.0, divergences=(narrowing,))
    assert not judge(member, Call((1.0,)), "1.9").ok


def test_modifying_an_input_fails() -> None:
    def mutating(values: list[float]) -> float:
        values[0] = 0.0
        return 0.0

    member = _member(implementation=mutating, oracle=lambda c: 0.0)
    verdict = judge(member, Call(([1.0],)), "1.9")
    assert not verdict.ok and "modified" in verdict.reason


def test_a_mutating_implementation_changes_neither_the_call_nor_the_oracles_question() -> None:
    """The implementation is handed a replica: the call stays what was drawn, so the
    same call judged again (shrinking, the pasted replay) fails again, and scikit-learn
    is asked what was drawn, not what the implementation left behind."""
    seen: list[list[float]] = []

    def mutating(values: list[float]) -> float:
        values[0] = 777.0
        return 1.0

    def oracle(call: Any) -> float:
        seen.append(list(call.args[0]))
        return 1.0

    member = _member(implementation=mutating, oracle=oracle)
    call = Call(([0.0],))
    for _ in range(2):
        verdict = judge(member, call, "1.9")
        assert not verdict.ok and "modified" in verdict.reason
        assert verdict.given == Call(([0.0],), {})
    assert call == Call(([0.0],)) and seen == [[0.0], [0.0]]


def test_a_replica_reads_as_the_original_in_every_form() -> None:
    import numpy as np

    from equivalence.runner import replica, same_inputs

    block = np.arange(12.0).reshape(3, 4)
    read_only = np.arange(3)
    read_only.flags.writeable = False
    forms = [
        np.asfortranarray(block),
        read_only,
        np.repeat(block, 2, axis=1)[:, ::2],  # a strided view
        np.ma.masked_array([1.0, 2.0], mask=[True, False]),
        [np.arange(3), (1, 2.5)],
    ]
    for value in forms:
        copied = replica(value)
        assert same_inputs(value, copied)
        for original, twin in zip(
            value if isinstance(value, list) else [value],
            copied if isinstance(copied, list) else [copied],
            strict=True,
        ):
            if isinstance(original, np.ndarray):
                assert type(twin) is type(original) and not np.shares_memory(original, twin)
                for flag in ("C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE"):
                    assert twin.flags[flag] == original.flags[flag], (flag, original)


def test_a_broken_divergence_predicate_does_not_excuse_anything() -> None:
    def broken(call: Call) -> bool:
        raise RuntimeError

    member = _member(divergences=(Divergence("b", "widening", "", broken),))
    assert not judge(member, Call((-3.0,)), "1.9").ok


def test_both_judges_ask_both_sides_through_one_step() -> None:
    from equivalence.faithful import FaithfulVerdict
    from equivalence.runner import ask_both
    from equivalence.view import view_of

    def mutating(values: list[float]) -> float:
        values[0] = 0.0
        return 0.0

    def raising(values: list[float]) -> float:
        raise KeyError("not a documented refusal")

    call = Call(([1.0],))
    for implementation, breach in ((mutating, "modified its input"), (raising, "raised KeyError")):
        member = _member(implementation=implementation, oracle=lambda c: 0.0)
        answers = ask_both(member, view_of(member, call), side="the port")
        assert answers.breach is not None and answers.breach.startswith(f"the port {breach}")
        assert answers.seconds_lodestar >= 0.0 and answers.seconds_oracle >= 0.0
        verdict = answers.verdict(FaithfulVerdict, False, answers.breach, ratio=2.0)
        assert isinstance(verdict, FaithfulVerdict) and verdict.ratio == 2.0
        assert verdict.lodestar is answers.mine and verdict.sklearn is answers.theirs
    good = ask_both(_member(), view_of(_member(), Call((3.0,))))
    assert good.breach is None and good.mine == good.theirs


def test_same_inputs_tells_containers_apart_without_raising() -> None:
    import numpy as np
    import pandas

    from equivalence.runner import same_inputs

    assert not same_inputs({0: 1, 1: 2}, [1, 2]) and not same_inputs([1, 2], {0: 1, 1: 2})
    frame = pandas.DataFrame({0: [1, 2], 1: [1, 2]})
    assert not same_inputs(3, frame) and not same_inputs(frame, 3) and same_inputs(frame, frame)
    series = pandas.Series([0.5, 1.0])
    assert same_inputs(series, series.copy())
    assert not same_inputs(series, pandas.Series([0.5, 2.0]))
    masked = np.ma.masked_array([1, 2], mask=[True, False])
    assert not same_inputs(masked, np.ma.masked_array([1, 2], mask=[False, False]))
