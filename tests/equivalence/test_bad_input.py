"""Every member × every bad-input category: a documented answer or a documented refusal.

Never a bare ``TypeError``, ``IndexError``, ``KeyError`` or NumPy error from inside, never
a changed input, never a different answer from one call to the next or from one thread to
another.
"""

from __future__ import annotations

import copy
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from equivalence.malformed import base_call, cells
from equivalence.members import REGISTRY
from equivalence.model import Call, Refusal, Value, distance
from equivalence.render.bad_input_page import render, shown_on_every_machine
from equivalence.runner import ask, same_inputs

ROOT = Path(__file__).resolve().parents[2]

CELLS = [cell for member in REGISTRY.values() for cell in cells(member)]


@pytest.mark.parametrize(
    "cell", CELLS, ids=lambda c: f"{c.member.name}:{c.argument}:{c.category.name}"
)
def test_cell(cell) -> None:  # type: ignore[no-untyped-def]
    member = cell.member
    reusable = cell.category.reusable
    snapshot = copy.deepcopy((cell.call.args, dict(cell.call.kwargs))) if reusable else None
    outcome = ask(member.implementation, cell.call, member.project)

    if isinstance(outcome, Refusal):
        assert issubclass(outcome.error, member.refusals), outcome.describe()
        assert "(Parameter '" in outcome.message, (
            f"the refusal names no argument: {outcome.message}"
        )
        if cell.category.role != "count":
            assert f"(Parameter '{cell.argument}')" in outcome.message, outcome.message
    if cell.category.expect == "refuse":
        assert isinstance(outcome, Refusal), f"answered {outcome.describe()}; expected a refusal"
    if cell.category.expect == "same":
        assert isinstance(outcome, Value), outcome.describe()
        reference = ask(member.implementation, cell.reference, member.project)
        assert isinstance(reference, Value), reference.describe()
        assert distance(outcome.value, reference.value) == 0, (outcome.value, reference.value)

    if reusable:
        assert same_inputs(snapshot, (cell.call.args, dict(cell.call.kwargs))), "input modified"
        again = ask(member.implementation, cell.call, member.project)
        if isinstance(outcome, Value):
            assert isinstance(again, Value) and distance(again.value, outcome.value) == 0
        else:
            assert again == outcome


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_threads_calling_at_once_agree(name: str) -> None:
    member = REGISTRY[name]
    call = base_call(member)
    alone = ask(member.implementation, call, member.project)
    assert isinstance(alone, Value), alone.describe()
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(
            pool.map(lambda _: ask(member.implementation, call, member.project), range(32))
        )
    assert all(isinstance(r, Value) and distance(r.value, alone.value) == 0 for r in results)


def test_every_member_has_cells_in_every_role_it_takes() -> None:
    for member in REGISTRY.values():
        roles = {cell.category.role for cell in cells(member)}
        assert {"labels", "numbers"} & roles or "count" in roles, member.name


def test_the_committed_page_is_a_fresh_render() -> None:
    committed = (ROOT / "docs" / "bad-input.md").read_text(encoding="utf-8")
    assert committed == render(), "run: python -m equivalence edges --output docs/bad-input.md"


def test_every_answer_on_the_page_is_shown_the_same_on_every_machine() -> None:
    # The page is rendered on one machine and compared on every other. A figure shown to 12
    # digits cannot change unless a platform's answer moves by more than 16 ULP, or the
    # figure sits within 16 ULP of a rounding boundary of its shown digits: this fails there.
    for cell in CELLS:
        outcome = ask(cell.member.implementation, cell.call, cell.member.project)
        if isinstance(outcome, Value) and isinstance(outcome.value, float):
            assert shown_on_every_machine(outcome.value), (cell.member.name, outcome.value)


def test_two_dimensional_weights_are_malformed() -> None:
    # scikit-learn 1.3 and 1.4 answer top_k_accuracy_score(..., normalize=False) with
    # sample_weight=[[0.0]] (np.dot takes it); a weight array is one-dimensional.
    from equivalence.arguments import malformed_arguments

    roles = {"sample_weight": "weights"}
    assert malformed_arguments({"sample_weight": [[0.0]]}, roles)
    assert not malformed_arguments({"sample_weight": [0.0, 1.0]}, roles)


def test_a_label_list_past_int64_is_malformed_and_none_is_not() -> None:
    from equivalence.malformed import is_malformed

    member = REGISTRY["Precision.per_class"]
    for labels, malformed in (
        ([0.0, 5e299], True),
        ([0, 2**63], True),
        ([0.5], True),
        (None, False),
        ([0, 2**62], False),
        ([], False),
    ):
        call = Call(([0, 1], [0, 1]), {"labels": labels})
        assert is_malformed(member, call) is malformed, labels
