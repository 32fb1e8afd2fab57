"""Every seeded bug is a patch of the reference that still applies and changes its code.

Cheap (no Hypothesis run): a refactor of ``lodestar`` that moves or rewrites a patched
snippet fails here, naming the bug, instead of quietly turning it into the reference.
"""

from __future__ import annotations

import ast
import inspect
import math
import sys
import threading
from collections import Counter

import numpy as np
import pytest

from equivalence.members import REGISTRY
from equivalence.mutant import ZERO_SUM_DIVIDES
from equivalence.mutants import MUTANTS, Mutant
from equivalence.patch import Patch, PatchError, Variant
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import Accuracy, ClassificationReport, ZeroDivision


def _variant(*patches: Patch, member: str = "Accuracy.score") -> Variant:
    return Variant(f"{member}:probe", member, patches)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.member}:{m.name}")
def test_the_patch_applies_and_changes_the_code(mutant: Mutant) -> None:
    variant = mutant.implementation
    assert isinstance(variant, Variant), "a seeded bug is a patch of the reference"
    for module, (reference, patched) in variant.sources().items():
        assert ast.dump(ast.parse(patched)) != ast.dump(ast.parse(reference)), (
            f"{variant.label} leaves the code of {module} as it is"
        )
    assert variant.build() is not REGISTRY[mutant.member].implementation
    parameters = inspect.signature(REGISTRY[mutant.member].implementation).parameters
    assert list(inspect.signature(variant).parameters) == list(parameters)


def test_every_bug_has_a_distinct_name_and_a_one_line_description() -> None:
    names = Counter((mutant.member, mutant.name) for mutant in MUTANTS)
    assert max(names.values()) == 1, [name for name, count in names.items() if count > 1]
    assert all(m.description and "\n" not in m.description for m in MUTANTS)
    assert {mutant.member for mutant in MUTANTS} <= set(REGISTRY)


def test_a_snippet_not_found_fails_naming_the_bug() -> None:
    variant = _variant(Patch("classification.accuracy", "correct = truth != predicted", "x"))
    with pytest.raises(PatchError, match=r"Accuracy\.score:probe: .* occurs 0 times"):
        variant.sources()
    with pytest.raises(PatchError, match=r"Accuracy\.score:probe"):
        variant.build()


def test_a_snippet_found_twice_fails_and_a_scope_narrows_it() -> None:
    twice = "return score * 0.5 if scale_by_half else score"
    with pytest.raises(PatchError, match="occurs 2 times"):
        _variant(Patch("classification.brier_score", twice, "x")).sources()
    scoped = Patch("classification.brier_score:BrierScore.multi_class", twice, "return 0.0")
    built = _variant(scoped, member="BrierScore.multi_class").build()
    assert built([0, 1], [0.5, 0.5, 0.5, 0.5], 2) == 0.0


def test_a_broken_replacement_or_a_missing_definition_fails() -> None:
    with pytest.raises(PatchError, match="probe"):
        _variant(Patch("classification.accuracy", "correct = truth == predicted", "(")).build()
    with pytest.raises(PatchError, match="no definition"):
        _variant(Patch("classification.accuracy:Accuracy.count", "x", "y")).sources()


def test_the_reference_is_left_as_it_was() -> None:
    before = dict(sys.modules)
    divides = _variant(ZERO_SUM_DIVIDES).build()
    with np.errstate(divide="ignore"):
        assert divides([0, 1], [0, 0], sample_weight=[1.0, -1.0]) == math.inf
    assert sys.modules == before
    with pytest.raises(ArgumentError, match="sum to zero"):
        Accuracy.score([0, 1], [0, 1], sample_weight=[1.0, -1.0])


def test_enumerations_are_the_references_own() -> None:
    ignores = next(m for m in MUTANTS if m.name == "throw_ignored").implementation
    with pytest.raises(UndefinedMetricError):
        ClassificationReport.compute([0, 0], [1, 1], zero_division=ZeroDivision.THROW)
    assert ignores([0, 0], [1, 1], zero_division=ZeroDivision.THROW).accuracy == 0.0
    with pytest.raises(PatchError, match="enumeration ZeroDivision"):
        _variant(
            Patch("classification.zero_division:ZeroDivision", 'ONE = "one"', 'ONE = "1"'),
            member="ClassificationReport.compute",
        ).build()


def test_a_variant_is_built_once_whatever_the_threads() -> None:
    variant = _variant(ZERO_SUM_DIVIDES)
    built: list[object] = []
    threads = [threading.Thread(target=lambda: built.append(variant.build())) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(built) == 4 and all(function is built[0] for function in built)
