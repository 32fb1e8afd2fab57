from __future__ import annotations

import pkgutil

import pytest

import equivalence.exact
import equivalence.members
import equivalence.mutants
from equivalence.families import FAMILIES, HELPERS, gather


@pytest.mark.parametrize(
    ("package", "attribute"),
    [
        (equivalence.members, "MEMBERS"),
        (equivalence.exact, "EVALUATORS"),
        (equivalence.mutants, "MUTANTS"),
    ],
)
def test_every_family_module_is_gathered(package: object, attribute: str) -> None:
    modules = {info.name for info in pkgutil.iter_modules(package.__path__)}  # type: ignore[attr-defined]
    assert modules - HELPERS <= set(FAMILIES), "a family module missing from FAMILIES"
    gathered = gather(package.__name__, attribute)  # type: ignore[attr-defined]
    assert len(gathered) == len(modules - HELPERS)


def test_no_two_families_declare_the_same_name() -> None:
    evaluators = gather("equivalence.exact", "EVALUATORS")
    names = [name for family in evaluators for name in family]
    assert len(names) == len(set(names)) == len(equivalence.exact.EVALUATORS)
    members = [m.name for family in gather("equivalence.members", "MEMBERS") for m in family]
    assert len(members) == len(set(members)) == len(equivalence.members.REGISTRY)
