"""A block of samples and their cluster labels: the role every internal-validity score
of the clustering family reads (silhouette, Calinski–Harabasz, Davies–Bouldin), with the
edges it reaches.

The block is ``n × d`` finite doubles, drawn as one array (one run of bytes, as every
role of :mod:`equivalence.draw.primitives` is) in one of several flavours, each leaning on what
breaks a port: a coarse grid (ties between distances, and whole points repeated), any
float of moderate size, points repeated outright, every cluster shifted far from the
others, and one large offset added to every point (``1e8`` next to spreads of one: the
expansion ``‖x‖² - 2x·y + ‖y‖²`` cancels there, a difference of squares does not).

The calls take the C# order ``(labels, features, feature_count)``; the block is passed
flat and row-major (the C# form) or as a 2-D array, half the time each. The scenarios
cover the label counts these scores refuse (one label, a label per sample), a cluster of
one sample, malformed blocks (NaN, infinity, a size that is not ``n × feature_count``, a
feature count below one) and labels of another length.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Edge
from equivalence.view import View, as_floats, is_count

Array = np.ndarray[Any, Any]

__all__ = [
    "EDGES",
    "FLAVOURS",
    "GROUPS",
    "NAMES",
    "OFFSETS",
    "ROLES",
    "SCENARIOS",
    "block",
    "calls",
    "cluster_labels",
    "concrete",
    "matrix",
    "scenarios",
]

#: The roles of the arguments, by the C# names in snake_case.
ROLES = {"labels": "labels", "features": "numbers", "feature_count": "count"}

#: Coarse values: distances tie, and points repeat.
GRID = (0.0, 1.0, -1.0, 0.5, 2.0, 3.0)
#: Large offsets, against which the spread of the points is small.
OFFSETS = (1e8, -3e6, 2.0**30, 1e5)
#: Cluster names: signed, far apart, one past 32 bits.
NAMES = (0, 1, -7, 1000, 2**40, -1000, 5)
#: How a block is drawn.
FLAVOURS = ("grid", "floats", "repeated", "apart", "offset")

#: The refused cases, a scenario each group: drawn one of them at a time, so that the
#: example budget goes mostly to the calls both sides answer.
GROUPS = {
    "label_count": ("one_label", "every_sample_alone"),
    "bad_block": ("non_finite", "wrong_size", "bad_feature_count"),
    "bad_labels": ("length_mismatch", "fractional_label", "empty"),
}
SCENARIOS = ("grid", "floats", "repeated", "apart", "offset", "singleton", "many", *GROUPS)


def concrete(
    draw: primitives.Draw, scenario: str, groups: dict[str, tuple[str, ...]] = GROUPS
) -> str:
    """The scenario itself, or one case of its group."""
    return primitives.pick(draw, groups[scenario]) if scenario in groups else scenario


def matrix(draw: primitives.Draw, samples: int, features: int, flavour: str) -> Array:
    """``samples × features`` finite doubles of one flavour (see the module's text), each
    array one draw of bytes (:mod:`equivalence.draw.primitives`); ``apart`` is drawn as the grid
    and shifted by the caller, cluster by cluster."""
    size = samples * features
    if flavour in ("grid", "apart"):
        values = draw(primitives.table(size, GRID))
    elif flavour == "floats":
        values = (2.0 * draw(primitives.unit_floats(size)) - 1.0) * 1e3
    elif flavour == "repeated":  # three distinct points, each given several times
        distinct = ((2.0 * draw(primitives.unit_floats(3 * features)) - 1.0) * 1e3).reshape(
            3, features
        )
        repeated: Array = distinct[draw(primitives.codes(samples)) % np.uint64(3)]
        return repeated
    elif flavour == "offset":
        values = 2.0 * draw(primitives.unit_floats(size)) - 1.0 + primitives.pick(draw, OFFSETS)
    else:
        raise ValueError(f"no flavour {flavour!r}")
    block_: Array = np.asarray(values, dtype=np.float64).reshape(samples, features)
    return block_


def cluster_labels(draw: primitives.Draw, samples: int, clusters: int) -> list[int]:
    """``samples`` labels naming ``clusters`` clusters, each used at least once, as
    signed, spread-out integers, in a drawn order."""
    names = primitives.subset(draw, NAMES, clusters)
    rest = (draw(primitives.codes(samples - clusters)) % clusters).tolist()
    return primitives.permutation(draw, [*names, *(names[c] for c in rest)])


@primitives.composite
def block(draw: primitives.Draw, scenario: str) -> tuple[list[int], Array]:
    """Labels and a well-formed ``n × d`` block of one scenario (before any spoiling)."""
    # read from the call's bytes, not a draw of their own: the draw costs what the call does
    samples, features, clusters = (
        primitives.between(draw, *span) for span in ((3, 20), (1, 4), (2, 4))
    )
    if scenario == "many":
        samples, clusters = 48, 5
    clusters = min(clusters, samples - 1)
    if scenario == "one_label":
        clusters = 1
    flavour = scenario if scenario in FLAVOURS else primitives.pick(draw, FLAVOURS)
    points = matrix(draw, samples, features, flavour)
    if scenario == "every_sample_alone":
        labels = list(range(samples))
    else:
        labels = cluster_labels(draw, samples, clusters)
    if scenario == "singleton":  # one sample alone in a cluster of its own
        labels[primitives.index(draw, samples)] = 10**6
    if flavour == "apart":
        shift = {name: 50.0 * rank for rank, name in enumerate(sorted(set(labels)))}
        points = points + np.array([shift[name] for name in labels])[:, None]
    return labels, points


@primitives.composite
def calls(draw: primitives.Draw, scenario: str) -> Call:
    """``(labels, features, feature_count)`` of one scenario."""
    scenario = concrete(draw, scenario)
    labels, points = draw(block(scenario))
    samples, features = points.shape
    if scenario == "empty":
        return Call(([], [] if primitives.flip(draw) else np.zeros((0, features)), features))
    count = features
    if scenario == "non_finite":
        points = points.copy()
        points[primitives.index(draw, samples), primitives.index(draw, features)] = primitives.pick(
            draw, primitives.NON_FINITE
        )
    given: Any = points if primitives.flip(draw) else points.ravel()
    if scenario == "wrong_size":
        given = points.ravel()[: -1 - primitives.index(draw, features)]
    if scenario == "bad_feature_count":
        count = primitives.pick(draw, (0, -1, features + 1))
        given = points.ravel()
    if scenario == "length_mismatch":
        labels = labels[:-1] if primitives.flip(draw) else [*labels, labels[0]]
    if scenario == "fractional_label":
        labels = [*labels]
        labels[primitives.index(draw, samples)] = primitives.pick(draw, (0.5, -2.25))
    return Call((labels, given, count))


def scenarios() -> dict[str, st.SearchStrategy[Call]]:
    """Every scenario's strategy, by name."""
    return {scenario: calls(scenario) for scenario in SCENARIOS}


def points(v: View) -> np.ndarray[Any, Any] | None:
    """The block as ``n × feature_count`` doubles, when it is one and the labels match."""
    values, count, labels = as_floats(v["features"]), v["feature_count"], v.truth
    if values is None or labels is None or not is_count(count) or count < 1:
        return None
    if values.size != len(labels) * count or values.ndim not in (1, 2):
        return None
    if values.ndim == 2 and values.shape[1] != count:
        return None
    return values.reshape(len(labels), count)


def label_count(v: View) -> int | None:
    """How many distinct labels there are, when the labels are well formed."""
    return None if v.truth is None else len(set(v.truth.tolist()))


def _sizes(v: View) -> list[int]:
    truth = v.truth
    return [] if truth is None else np.unique(truth, return_counts=True)[1].tolist()


def _repeated(v: View) -> bool:
    block_ = v.derived(points)
    return block_ is not None and len(np.unique(block_, axis=0)) < len(block_)


def _offset(v: View) -> bool:
    block_ = v.derived(points)
    if block_ is None or not np.isfinite(block_).all() or block_.size == 0:
        return False
    spread = float(np.ptp(block_, axis=0).max())
    return float(np.abs(block_).min()) > 1e4 * max(spread, 1.0)


def _mismatch(v: View) -> bool:
    values, count, labels = as_floats(v["features"]), v["feature_count"], v.truth
    if values is None or labels is None or not is_count(count) or count < 1:
        return False
    return bool(values.size % count == 0 and values.size // count != len(labels))


EDGES = (
    *shared.edges("fractional_label", "non_finite", "two_d", "empty"),
    Edge("length_mismatch", "a block of more or fewer samples than labels", _mismatch),
    Edge("one_label", "every sample in one cluster", lambda v: label_count(v) == 1),
    Edge(
        "every_sample_alone",
        "as many clusters as samples",
        lambda v: v.samples >= 2 and label_count(v) == v.samples,
    ),
    Edge(
        "singleton_cluster",
        "a cluster of one sample among larger ones",
        lambda v: 1 in _sizes(v) and max(_sizes(v)) > 1,
    ),
    Edge("repeated_point", "the same point given twice", _repeated),
    Edge("large_offset", "points far from the origin next to their spread", _offset),
    Edge(
        "bad_feature_count",
        "a feature count below one",
        lambda v: is_count(v["feature_count"]) and v["feature_count"] < 1,
    ),
    Edge(
        "wrong_size",
        "a block that is not n × feature_count",
        lambda v: (
            v.truth is not None
            and v.derived(points) is None
            and is_count(v["feature_count"])
            and v["feature_count"] >= 1
            and as_floats(v["features"]) is not None
        ),
    ),
)
