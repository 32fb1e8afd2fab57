"""Every seeded bug is caught at the faithful level too, and how far past its bound.

The exact level compares with scikit-learn's own doubles, so it catches a bug that
moves an answer by one ULP; the faithful level lets a port be off by its error bound,
so a seeded bug must land past that bound (or change a refusal or a structure) to be
caught. The test records, per member, the smallest distance-over-bound any seeded bug
produced on the call that caught it, in ``reports/faithful-sensitivity.json``
(``null``: every catch was a refusal or structure, not a value past a bound).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import settings

from equivalence.conformance import run_member
from equivalence.members import REGISTRY
from equivalence.mutants import MUTANTS
from equivalence.profiles import EXAMPLES
from equivalence.versions import sklearn_since

RECORD = Path("reports") / "faithful-sensitivity.json"

_SEEN: dict[str, dict[str, float | None]] = {}


@pytest.fixture(scope="module", autouse=True)
def _record() -> object:
    yield None
    if not _SEEN:
        return
    smallest = {
        member: min((r for r in ratios.values() if r is not None), default=None)
        for member, ratios in sorted(_SEEN.items())
    }
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    RECORD.write_text(
        json.dumps({"smallest_error_over_bound": smallest, "mutants": _SEEN}, indent=2) + "\n",
        encoding="utf-8",
    )


#: The claim is "caught within the ci budget": the dev profile's smaller budget, with its
#: fixed draws, would let through a bug the ci budget catches (one_label_averaged of
#: AveragePrecision.score[matrix] among them), so no profile runs a mutant on less.
BUDGET = max(settings().max_examples, EXAMPLES["ci"])


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.member}:{m.name}")
def test_mutant_is_caught_at_the_faithful_level(mutant) -> None:  # type: ignore[no-untyped-def]
    member = REGISTRY[mutant.member]
    if mutant.caught_since and not sklearn_since(mutant.caught_since):
        pytest.skip(f"scikit-learn before {mutant.caught_since} answers as this bug does")
    result = run_member(
        member,
        implementation=mutant.implementation,
        shrink=False,
        level="faithful",
        max_examples=BUDGET,
    )
    if result.status == "no-oracle":
        pytest.skip(result.failure or "no oracle on this scikit-learn")
    if mutant.same_formula:
        assert result.ok, f"{mutant.name} computes the contract's formula: {result.failure}"
        return
    assert result.status == "fails", f"{mutant.name} ({mutant.description}) survived"
    assert result.faithful is not None
    ratio = result.faithful.caught_ratio
    _SEEN.setdefault(mutant.member, {})[mutant.name] = (
        None if ratio is None or math.isinf(ratio) else round(ratio, 3)
    )


def test_every_same_formula_bug_names_a_seeded_bug() -> None:
    from equivalence.mutants import SAME_FORMULA

    names = {(mutant.member, mutant.name) for mutant in MUTANTS}
    assert set(SAME_FORMULA) <= names, set(SAME_FORMULA) - names
