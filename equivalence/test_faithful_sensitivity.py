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

#: Seeded bugs that compute the contract's formula exactly as written and differ only in
#: how it rounds: a faithful port may do the same, so only the exact level catches them.
#: They must pass the faithful level (their answers within the bound), which is checked.
SAME_FORMULA = {
    ("LogLoss.score", "log1p_complement"): "-log1p(-p) is -log(1 - p) without rounding 1 - p",
    ("BrierScore.score", "one_column"): "(t - p)**2 is ((1-t) - (1-p))**2 + (t - p)**2, halved",
    ("D2AbsoluteError.per_output", "unaveraged"): "the pinball loss is flat between the two "
    "order statistics: the lower one's baseline loss is the averaged one's, exactly",
    **{
        (median, "exact_half"): "the epsilon beside the half matters only where rounding decides"
        for median in ("MedianAbsoluteError.score", "MedianAbsoluteError.per_output")
    },
    **{
        (kappa, bug): why
        for kappa in ("CohenKappa.score", "CohenKappa.score[cm]")
        for bug, why in (
            ("expected_transposed", "symmetric costs: the same terms, summed in another order"),
            ("sums_in_sequence", "the same terms, summed left to right"),
        )
    },
    ("RocCurve.compute", "ties_reversed"): "the same running sums, added in reverse inside a tie",
    ("RocCurve.compute", "csharp_second_difference"): "(c - b) - (b - a) evaluated as c - 2b + a",
    ("MutualInformation.score", "log_of_share"): "log(nij/n) is log nij - log n, rounded once more",
    **{
        (score, "entropy_of_share"): "log(c/n) is log c - log n, rounded once more"
        for score in (
            "Homogeneity.score",
            "Completeness.score",
            "VMeasure.score",
            "NormalizedMutualInformation.score",
        )
    },
    ("FowlkesMallows.score", "over_root_of_product"): "sqrt(tk/pk)·sqrt(tk/qk) is tk/sqrt(pk·qk)",
    **{
        (silhouette, "no_clip"): "a squared distance the expansion rounds below zero is within "
        "its bound of the exact value, whether raised to 0 or turned over"
        for silhouette in ("Silhouette.score", "Silhouette.per_sample")
    },
    ("DaviesBouldin.score", "direct_differences"): "Σ(x - y)² is ‖x‖² - 2·x·y + ‖y‖²",
    ("Auc.trapezoid", "summed_in_sequence"): "the same terms, summed left to right",
    ("RocAuc.score", "every_point_kept"): "a collinear point adds a trapezoid of the same area",
    **{
        (member, "wrong_over_total"): "the wrong weight over the total is the loss's formula; "
        "one minus the accuracy is another rounding of it"
        for member in ("ZeroOneLoss.score", "ZeroOneLoss.score[matrix]")
    },
}
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
    if (mutant.member, mutant.name) in SAME_FORMULA:
        assert result.ok, f"{mutant.name} computes the contract's formula: {result.failure}"
        return
    assert result.status == "fails", f"{mutant.name} ({mutant.description}) survived"
    assert result.faithful is not None
    ratio = result.faithful.caught_ratio
    _SEEN.setdefault(mutant.member, {})[mutant.name] = (
        None if ratio is None or math.isinf(ratio) else round(ratio, 3)
    )
