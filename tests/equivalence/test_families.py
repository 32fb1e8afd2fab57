from __future__ import annotations

import pkgutil

import pytest

import equivalence.exact
import equivalence.families
import equivalence.members
import equivalence.mutants
from equivalence.families import FAMILIES, KINDS, gather


def test_every_family_folder_is_gathered() -> None:
    folders = {
        info.name for info in pkgutil.iter_modules(equivalence.families.__path__) if info.ispkg
    }
    assert folders == set(FAMILIES), "a family folder missing from FAMILIES, or the reverse"
    assert len(gather("members")) == len(FAMILIES), "a family declares no member"


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_folder_holds_only_its_three_modules(family: str) -> None:
    package = f"equivalence.families.{family}"
    path = [str(equivalence.families.__path__[0]) + "/" + family]
    modules = {info.name for info in pkgutil.iter_modules(path, package + ".")}
    assert {name.rsplit(".", 1)[1] for name in modules} <= set(KINDS)


def test_no_two_families_declare_the_same_name() -> None:
    evaluators = gather("exact")
    names = [name for family in evaluators for name in family]
    assert len(names) == len(set(names)) == len(equivalence.exact.EVALUATORS)
    members = [m.name for family in gather("members") for m in family]
    assert len(members) == len(set(members)) == len(equivalence.members.REGISTRY)
    bugs = [(b.member, b.name) for family in gather("mutants") for b in family]
    assert len(bugs) == len(set(bugs)) == len(equivalence.mutants.MUTANTS)
