"""The agreement scores of the clustering family: ``PairConfusionMatrix.compute`` and
``.to_array``, and the ``score`` of ``RandIndex``, ``AdjustedRand``, ``MutualInformation``,
``Homogeneity``, ``Completeness``, ``VMeasure``, ``NormalizedMutualInformation`` and
``FowlkesMallows``.

Every member takes the same two labellings (:mod:`equivalence.draw.partitions` draws them and
names their edges), and scikit-learn answers each on every version from 1.3 to 1.9 with
the same arithmetic, so the members differ only in their oracle, their own edges and,
for the mutual information, the empty input that scikit-learn fails on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.draw import partitions
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View
from lodestar.metrics import PairConfusionMatrix, clustering

__all__ = ["MEMBERS"]

_PAGES = "reference/metrics/clustering/"
_FIELDS = ("different_in_both", "same_in_predicted_only", "same_in_true_only", "same_in_both")


def to_array(labels_true: Any, labels_pred: Any) -> Any:
    """``PairConfusionMatrix.compute(...).to_array()``."""
    return PairConfusionMatrix.compute(labels_true, labels_pred).to_array()


def _fields(pairs: PairConfusionMatrix) -> dict[str, int]:
    return {name: getattr(pairs, name) for name in _FIELDS}


def _asking(function: str, read: Callable[[Any], Any] = float) -> Callable[[View], Any]:
    """The oracle that calls ``sklearn.metrics.cluster.<function>`` on both labellings."""

    def oracle(v: View) -> Any:
        import sklearn.metrics.cluster

        return read(getattr(sklearn.metrics.cluster, function)(v["labels_true"], v["labels_pred"]))

    return oracle


def _named(cells: Any) -> dict[str, int]:  # scikit-learn's 2×2 array, by field name
    return dict(zip(_FIELDS, np.asarray(cells).ravel().tolist(), strict=True))


def _pairs(v: View) -> tuple[int, ...] | None:
    """The four pair counts, from the blocks of both partitions (no lodestar code)."""
    parts = v.derived(partitions.partitions)
    if parts is None:
        return None
    n = v.samples
    both = sum(len(a & b) ** 2 for a in parts[0] for b in parts[1])
    true_sq, pred_sq = (sum(len(block) ** 2 for block in side) for side in parts)
    return (n * n - true_sq - pred_sq + both, pred_sq - both, true_sq - both, both - n)


def _below_chance(v: View) -> bool:
    pairs = v.derived(_pairs)
    return pairs is not None and pairs[3] * pairs[0] < pairs[1] * pairs[2]


_EMPTY_MI = Divergence(
    name="empty_input",
    kind="widening",
    summary="Empty input scores 0.0, as one class or one cluster does; scikit-learn fails "
    "on it with 'math domain error', a logarithm of the empty table's zero total, on every "
    "version from 1.3 to 1.9.",
    applies=lambda v: v.empty,
    expected=lambda v: 0.0,
)


def _member(
    name: str,
    implementation: Callable[..., Any],
    oracle: Callable[[View], Any],
    oracle_call: str,
    edges: tuple[Edge, ...] = (),
    divergences: tuple[Divergence, ...] = (),
    project: Callable[[Any], Any] | None = None,
) -> Member:
    kind, member = name.split(".")
    return Member(
        name=name,
        csharp=f"{kind}.{member[0].upper()}{member[1:].replace('_a', 'A')}",
        page=f"{_PAGES}{kind.lower()}-{member.replace('_', '')}.md",
        implementation=implementation,
        oracle=oracle,
        oracle_call=oracle_call,
        since="1.3",
        scenarios=partitions.scenarios(),
        edges=(*partitions.EDGES, *edges),
        divergences=divergences,
        project=project,
        roles=partitions.ROLES,
        example=Call(([0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2])),
    )


_PCM = "pair_confusion_matrix(labels_true, labels_pred)"
MEMBERS = (
    _member(
        "PairConfusionMatrix.compute",
        PairConfusionMatrix.compute,
        _asking("pair_confusion_matrix", _named),
        f"{_PCM}, its cells [[0, 0], [0, 1], [1, 0], [1, 1]] read as the four fields",
        project=_fields,
    ),
    _member(
        "PairConfusionMatrix.to_array",
        to_array,
        _asking("pair_confusion_matrix", np.asarray),
        _PCM,
    ),
    _member(
        "RandIndex.score",
        clustering.RandIndex.score,
        _asking("rand_score"),
        "rand_score(labels_true, labels_pred)",
    ),
    _member(
        "AdjustedRand.score",
        clustering.AdjustedRand.score,
        _asking("adjusted_rand_score"),
        "adjusted_rand_score(labels_true, labels_pred)",
        edges=(Edge("below_chance", "fewer agreeing pairs than chance gives", _below_chance),),
    ),
    _member(
        "MutualInformation.score",
        clustering.MutualInformation.score,
        _asking("mutual_info_score"),
        "mutual_info_score(labels_true, labels_pred)",
        divergences=(_EMPTY_MI,),
    ),
    *(
        _member(
            f"{kind.__name__}.score",
            kind.score,
            _asking(function),
            f"{function}(labels_true, labels_pred)",
        )
        for kind, function in (
            (clustering.Homogeneity, "homogeneity_score"),
            (clustering.Completeness, "completeness_score"),
            (clustering.VMeasure, "v_measure_score"),
            (clustering.NormalizedMutualInformation, "normalized_mutual_info_score"),
            (clustering.FowlkesMallows, "fowlkes_mallows_score"),
        )
    ),
)
