"""Two labellings of the same samples: the role every agreement score of the clustering
family reads, with the edges it reaches.

A clustering score cares only which samples share a label, never what the label is, so
the calls lean on the partitions rather than on the values: the same partition under
other names, every sample alone, one cluster for everything, both at once (the two
partitions share no pair), and label values that are negative, far apart and past 32
bits, so that a port which truncates or offsets them merges clusters it must keep apart.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Edge
from equivalence.view import View

__all__ = ["EDGES", "ROLES", "SCENARIOS", "SPREAD", "calls", "partitions", "scenarios"]

#: The roles of the two labellings, whose names are not scikit-learn's ``y_true``.
ROLES = {"labels_true": "labels", "labels_pred": "labels"}

#: Label values far apart, negative and past 32 bits (where ``2**40`` and ``0`` agree).
SPREAD = (-(2**40), -1000, -7, -1, 0, 2, 3, 10, 2**31, 2**40, 2**40 + 3)

SCENARIOS = (
    *("agreeing", "independent", "renamed", "singletons", "one_cluster", "disjoint"),
    *("spread", "many", "single", "empty", "length_mismatch", "fractional_label"),
)


def _values(draw: primitives.Draw, count: int, spread: bool) -> list[int]:
    return primitives.subset(draw, SPREAD, count) if spread else list(range(count))


@st.composite
def calls(draw: primitives.Draw, scenario: str) -> Call:
    """``(labels_true, labels_pred)`` of one scenario."""
    samples, classes, clusters, spread, copied = primitives.integers(
        draw, (2, 10), (1, 5), (1, 5), (0, 1), (0, 3)
    )
    samples = {"single": 1, "empty": 0}.get(scenario, samples)
    if scenario == "many":
        samples, classes, clusters = 60, 6, 6
    wide = bool(spread) or scenario == "spread"
    true_values = _values(draw, classes, wide)
    pred_values = _values(draw, clusters, wide)
    truth: list[Any] = draw(primitives.table(samples, tuple(true_values))).tolist()
    predicted: list[Any] = draw(primitives.table(samples, tuple(pred_values))).tolist()
    # The same partition under other names: each true label renamed one to one.
    names = dict(zip(true_values, _values(draw, len(true_values), True), strict=True))
    renamed = [names[t] for t in truth]
    if scenario == "renamed":
        predicted = renamed
    elif scenario != "independent" and copied:  # agreement on some samples
        keep = draw(primitives.codes(samples))
        predicted = [
            n if c % 4 < copied else p for n, p, c in zip(renamed, predicted, keep, strict=True)
        ]
    alone = [v * 3 + 1 for v in primitives.permutation(draw, list(range(samples)))]
    if scenario in ("singletons", "disjoint"):
        predicted = alone
    if scenario in ("one_cluster", "disjoint"):
        truth = [true_values[0]] * samples
    if scenario in ("singletons", "one_cluster", "disjoint") and draw(st.booleans()):
        truth, predicted = predicted, truth
    if scenario == "length_mismatch":
        predicted = [*predicted, pred_values[0]] if draw(st.booleans()) else predicted[:-1]
    if scenario == "fractional_label":
        side = truth if draw(st.booleans()) else predicted
        side[primitives.index(draw, samples)] = primitives.pick(draw, (0.5, 1.25, -2.5))
    return Call((truth, predicted))


def scenarios() -> dict[str, st.SearchStrategy[Call]]:
    """Every scenario's strategy, by name."""
    return {scenario: calls(scenario) for scenario in SCENARIOS}


def partitions(v: View) -> tuple[list[frozenset[int]], list[frozenset[int]]] | None:
    """Each labelling as its blocks of sample positions, when both are well formed and
    of one length."""
    truth, predicted = v.truth, v.predicted
    if truth is None or predicted is None or len(truth) != len(predicted):
        return None

    def blocks(labels: Any) -> list[frozenset[int]]:
        found: dict[int, set[int]] = {}
        for position, label in enumerate(labels.tolist()):
            found.setdefault(label, set()).add(position)
        return [frozenset(block) for block in found.values()]

    return blocks(truth), blocks(predicted)


def _shape(test: Callable[[list[frozenset[int]], int], bool]) -> Callable[[View], bool]:
    """Some side, with two samples or more, whose blocks pass ``test``."""

    def holds(v: View) -> bool:
        parts = v.derived(partitions)
        return parts is not None and v.samples >= 2 and any(test(p, v.samples) for p in parts)

    return holds


def _renamed(v: View) -> bool:
    parts = v.derived(partitions)
    return (
        parts is not None
        and v.samples >= 2
        and set(parts[0]) == set(parts[1])
        and v.truth is not None
        and v.predicted is not None
        and bool((v.truth != v.predicted).any())
    )


def _no_shared_pair(v: View) -> bool:
    parts = v.derived(partitions)
    return parts is not None and v.samples >= 2 and sorted(len(p) for p in parts) == [1, v.samples]


def _labels(test: Callable[[int], bool]) -> Callable[[View], bool]:
    return lambda v: any(
        side is not None and any(test(x) for x in side.tolist()) for side in (v.truth, v.predicted)
    )


EDGES = (
    *shared.edges("empty", "single_sample", "length_mismatch", "fractional_label"),
    Edge("renamed", "the same partition under other label values", _renamed),
    Edge("singletons", "every sample alone on one side", _shape(lambda p, n: len(p) == n)),
    Edge("one_cluster", "one label for every sample on one side", _shape(lambda p, n: len(p) == 1)),
    Edge("no_shared_pair", "one side all together, the other all alone", _no_shared_pair),
    Edge("negative_label", "a label below zero", _labels(lambda x: x < 0)),
    Edge("wide_label", "a label past 32 bits", _labels(lambda x: abs(x) >= 2**31)),
)
