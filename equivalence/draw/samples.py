"""A clustering of its own samples: one label per sample and the samples' feature matrix,
the role the variance ratio and the Davies-Bouldin index read, with the edges it reaches.

The calls lean on what those scores divide by: clusters with no spread (every sample of a
cluster at one point), clusters whose centroids coincide (each cluster mirrored about one
point), clusters of one sample, a label count at either end of ``[2, n - 1]`` and one step
past it, and coordinates near ``10⁸`` with a spread of a few units, where the squared
distances that scikit-learn expands as ``‖x‖² - 2·x·y + ‖y‖²`` cancel. The matrix is
given flat and row-major with ``feature_count`` (the C# form) or, in one scenario, as
rows.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import primitives
from equivalence.draw.features import ROLES
from equivalence.model import Call, Edge
from equivalence.view import View, as_floats

__all__ = ["EDGES", "ROLES", "SCENARIOS", "calls", "clustering", "oracle", "scenarios"]

#: Coordinates: a coarse grid (ties and duplicates are the rule), signed and fractional.
_GRID = (0.0, 1.0, -1.0, 0.5, 2.0, -3.25, 7.0, 1000.0)
_VALUES = (-(2**40), -7, -1, 0, 2, 3, 10, 2**31, 2**40)

SCENARIOS = (
    *("spread", "no_spread", "mirrored", "alone", "far", "rows"),
    *("count_outside", "tiny", "wrong_size", "fractional_label"),
)


@st.composite
def calls(draw: primitives.Draw, scenario: str) -> Call:
    """``(labels, features, feature_count)`` of one scenario."""
    samples, width, count, spread = primitives.integers(draw, (3, 12), (1, 3), (2, 11), (0, 1))
    if scenario == "tiny":  # one sample or none
        samples %= 2
    count = max(1, min(count, samples - 1))
    if scenario == "count_outside":  # one label, or every sample a label of its own
        count = samples if spread else 1
    elif scenario == "alone":
        count = samples - 1
    names = (
        primitives.subset(draw, _VALUES, count)
        if spread and count <= len(_VALUES)
        else [*range(count)]
    )
    # Every cluster holds a sample (the first ``count`` positions, then rotated); the
    # rest are drawn.
    codes = draw(primitives.codes(samples)).tolist()
    turn = codes[0] % samples if samples else 0
    picked = [i if i < count else c % count for i, c in enumerate(codes)]
    labels: list[Any] = [names[i] for i in picked[turn:] + picked[:turn]]
    points = (
        draw(primitives.table(samples * width, _GRID)).reshape(samples, width) if samples else None
    )
    rows = np.zeros((samples, width)) if points is None else points
    if scenario == "no_spread":  # each cluster at one point of its own or a shared one
        rows = rows[[names.index(label) % samples for label in labels]]
    if scenario == "mirrored":  # each cluster's samples in pairs about the origin
        rows = np.array([(-1) ** i * rows[i // 2] for i in range(samples)])
        labels = [labels[i - i % 2] for i in range(samples)]
    if scenario == "far":
        rows = rows + 1e8
    features: Any = rows.tolist() if scenario == "rows" else rows.reshape(-1).tolist()
    if scenario == "wrong_size":
        features = [*features, 1.0] if draw(st.booleans()) else features[:-1]
    if scenario == "fractional_label" and samples:
        labels[primitives.index(draw, samples)] = primitives.pick(draw, (0.5, -2.5))
    return Call((labels, features, width))


def scenarios() -> dict[str, st.SearchStrategy[Call]]:
    """Every scenario's strategy, by name."""
    return {scenario: calls(scenario) for scenario in SCENARIOS}


def oracle(function: str) -> Any:
    """The oracle that calls ``sklearn.metrics.<function>(X, labels)``, ``X`` the
    features read as ``len(labels)`` rows of ``feature_count``."""

    def ask(v: View) -> float:
        import sklearn.metrics

        width = v["feature_count"]
        if isinstance(width, int) and width < 1:  # no matrix has such rows
            raise ValueError(f"feature_count is {width}")
        rows = np.reshape(v["features"], (len(v["labels"]), width))
        return float(getattr(sklearn.metrics, function)(rows, v["labels"]))

    return ask


def clustering(v: View) -> tuple[list[int], list[tuple[float, ...]]] | None:
    """The labels and the rows, when well formed and scorable: finite
    features of the right size and a label count in ``[2, n - 1]``."""
    labels, block, width = v.truth, as_floats(v["features"]), v["feature_count"]
    if labels is None or block is None or not isinstance(width, int) or width < 1:
        return None
    if block.size != len(labels) * width or not np.isfinite(block).all():
        return None
    if not 1 < len(set(labels.tolist())) < len(labels):
        return None
    rows = [tuple(row) for row in block.reshape(len(labels), width).tolist()]
    return labels.tolist(), rows


def groups(v: View) -> list[list[tuple[float, ...]]]:
    """Each cluster's rows, in ascending label order (none when not scorable)."""
    parsed = v.derived(clustering)
    if parsed is None:
        return []
    labels, rows = parsed
    return [
        [row for label, row in zip(labels, rows, strict=True) if label == k]
        for k in sorted(set(labels))
    ]


def centroid(rows: list[tuple[float, ...]]) -> tuple[Fraction, ...]:
    """The exact mean of ``rows``."""
    return tuple(
        sum(map(Fraction, column), Fraction(0)) / len(rows) for column in zip(*rows, strict=True)
    )


def _count(test: Any) -> Any:
    def holds(v: View) -> bool:
        labels = v.truth
        return (
            labels is not None and len(labels) >= 2 and test(len(set(labels.tolist())), len(labels))
        )

    return holds


def _coincide(v: View) -> bool:
    found = [centroid(rows) for rows in v.derived(groups)]
    return len(set(found)) < len(found)


def _wrong_size(v: View) -> bool:
    labels, block, width = v.truth, as_floats(v["features"]), v["feature_count"]
    if labels is None or block is None or not isinstance(width, int) or width < 1:
        return False
    return block.size != len(labels) * width


def _labels(v: View, test: Any) -> bool:
    return v.truth is not None and any(test(x) for x in v.truth.tolist())


EDGES = (
    *shared.edges("empty", "single_sample", "fractional_label", "non_finite"),
    Edge("wrong_size", "features not len(labels) × feature_count values", _wrong_size),
    Edge("one_label", "one label for every sample", _count(lambda k, n: k == 1)),
    Edge("all_alone", "every sample a cluster of its own", _count(lambda k, n: k == n)),
    Edge("n_minus_one", "n - 1 clusters, the most scored", _count(lambda k, n: k == n - 1 > 1)),
    Edge(
        "no_spread",
        "every cluster at one point",
        lambda v: bool(v.derived(groups)) and all(len(set(g)) == 1 for g in v.derived(groups)),
    ),
    Edge("coincident_centroids", "two clusters with one centroid", _coincide),
    Edge("alone", "a cluster of one sample", lambda v: any(len(g) == 1 for g in v.derived(groups))),
    Edge(
        "far",
        "coordinates past 10⁶",
        lambda v: any(abs(x) > 1e6 for g in v.derived(groups) for row in g for x in row),
    ),
    Edge("rows", "features given as rows", lambda v: np.ndim(v["features"]) == 2),
    Edge("negative_label", "a label below zero", lambda v: _labels(v, lambda x: x < 0)),
    Edge("wide_label", "a label past 32 bits", lambda v: _labels(v, lambda x: abs(x) >= 2**31)),
)
