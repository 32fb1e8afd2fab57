"""``AdjustedMutualInformation.score``: the mutual information corrected for chance.

It takes the two labellings every agreement score takes (:mod:`equivalence.draw.partitions`
draws them and names their edges). Its own edges are the cases where the correction
degenerates: the expected mutual information equal to the entropies (every sample alone
on both sides, where the denominator vanishes and scikit-learn pushes it to the double's
epsilon), and agreement below chance.

scikit-learn takes the expected mutual information's log-factorials from SciPy's
``gammaln`` and the C library's ``lgamma`` and adds its terms one by one; lodestar takes
``math.lgamma`` and NumPy's pairwise sum. ``mi - emi`` and ``h - emi`` cancel, so no
fixed ULP count covers the answer near chance level: past the measured ULPs an answer
agrees when both sides lie within the faithful bound of the exact result
(:mod:`equivalence.families.mutual.exact`).
"""

from __future__ import annotations

from typing import Any

from equivalence.draw import partitions
from equivalence.model import (
    Call,
    Divergence,
    Edge,
    Member,
    Tolerance,
    VersionRange,
    VersionTolerance,
)
from equivalence.view import View
from lodestar.metrics import AdjustedMutualInformation

__all__ = ["MEMBERS"]


def _oracle(v: View) -> Any:
    from sklearn.metrics import adjusted_mutual_info_score

    return float(
        adjusted_mutual_info_score(v["labels_true"], v["labels_pred"], average_method="arithmetic")
    )


def _all_alone(v: View) -> bool:
    """Every sample alone on both sides, two samples or more: ``h = mi = emi``."""
    parts = v.derived(partitions.partitions)
    return parts is not None and v.samples >= 2 and all(len(x) == v.samples for x in parts)


def _below_chance(v: View) -> bool:
    """Fewer pairs together in both than the two cluster-size profiles give by chance."""
    parts = v.derived(partitions.partitions)
    if parts is None or v.samples < 2:
        return False
    n = v.samples
    both = sum(len(a & b) * (len(a & b) - 1) for a in parts[0] for b in parts[1])
    true_pairs, pred_pairs = (sum(len(x) * (len(x) - 1) for x in side) for side in parts)
    return both * n * (n - 1) < true_pairs * pred_pairs


_OLD_NUMERATOR = Divergence(
    name="all_alone_on_both_sides",
    kind="value",
    summary="Every sample alone on both sides (two or more) scores as scikit-learn 1.7 on "
    "does, where the numerator mi - emi is pushed to the double's epsilon as the "
    "denominator is (1.0 when both round to 0); scikit-learn 1.3 to 1.6 push only the "
    "denominator and answer the rounding residue of mi - emi over epsilon (0.0 for two "
    "samples).",
    applies=_all_alone,
    versions=VersionRange(until="1.7"),
)

_TOLERANCE = Tolerance(
    ulps=0,
    by_version=(
        VersionTolerance(
            versions=VersionRange(),
            ulps=64,
            magnitude=True,
            operation="scipy.special.gammaln and the C library's lgamma, terms added one by one",
            measured=(
                "up to 64 ULP where the answer is far from chance level; near it mi - emi "
                "cancels and the distance is unbounded in ULPs, held to the exact result's "
                "bound (log-factorials within 4 ULP: math.lgamma measured at 3, gammaln at 2 "
                "against mpmath up to 2·10⁶)"
            ),
        ),
    ),
    why="math.lgamma for the log-factorials, NumPy's pairwise sum for the terms",
)

MEMBERS = (
    Member(
        name="AdjustedMutualInformation.score",
        csharp="AdjustedMutualInformation.Score",
        page="reference/metrics/clustering/adjustedmutualinformation-score.md",
        implementation=AdjustedMutualInformation.score,
        oracle=_oracle,
        oracle_call=(
            'adjusted_mutual_info_score(labels_true, labels_pred, average_method="arithmetic")'
        ),
        since="1.3",
        scenarios=partitions.scenarios(),
        edges=(
            *partitions.EDGES,
            Edge("all_alone_on_both_sides", "every sample alone on both sides", _all_alone),
            Edge("below_chance", "fewer pairs together in both than chance gives", _below_chance),
        ),
        divergences=(_OLD_NUMERATOR,),
        tolerance=_TOLERANCE,
        roles=partitions.ROLES,
        example=Call(([0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2])),
    ),
)
