"""The harness catches every seeded porting bug within the example budget.

A harness that lets one of these through would pass a broken port; so this test
fails if any mutant survives a run.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import settings

from equivalence.conformance import run_member
from equivalence.members import REGISTRY
from equivalence.mutants import MUTANTS
from equivalence.profiles import EXAMPLES
from equivalence.versions import sklearn_since


def test_every_member_has_at_least_five_mutants() -> None:
    counts = Counter(mutant.member for mutant in MUTANTS)
    assert set(counts) == set(REGISTRY), "a member without seeded bugs cannot prove the harness"
    assert min(counts.values()) >= 5, counts


#: The claim is "caught within the ci budget": the dev profile's smaller budget, with its
#: fixed draws, would let through a bug the ci budget catches (one_label_averaged of
#: AveragePrecision.score[matrix] among them), so no profile runs a mutant on less.
BUDGET = max(settings().max_examples, EXAMPLES["ci"])


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.member}:{m.name}")
def test_mutant_is_caught(mutant) -> None:  # type: ignore[no-untyped-def]
    member = REGISTRY[mutant.member]
    if mutant.caught_since and not sklearn_since(mutant.caught_since):
        pytest.skip(f"scikit-learn before {mutant.caught_since} answers as this bug does")
    build = getattr(mutant.implementation, "build", None)
    if build is not None:  # a patch that fails must fail here, not pass as a refusal
        build()
    result = run_member(
        member, implementation=mutant.implementation, shrink=False, max_examples=BUDGET
    )
    if result.status == "no-oracle":
        pytest.skip(result.failure or "no oracle on this scikit-learn")
    assert result.status == "fails", f"{mutant.name} ({mutant.description}) survived"
    assert result.counterexample, "a caught mutant must come with a counterexample"


def test_every_bug_caught_only_from_a_version_names_a_seeded_bug() -> None:
    from equivalence.mutants import CAUGHT_SINCE

    names = {(mutant.member, mutant.name) for mutant in MUTANTS}
    assert set(CAUGHT_SINCE) <= names, set(CAUGHT_SINCE) - names
