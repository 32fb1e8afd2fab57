"""The members whose calls carry labels, a block of numbers and weights: how their calls
are drawn and how scikit-learn is asked about them.

A member's strategy starts a :class:`Draft` (the labels, a block of ``classes`` columns,
the flag), changes what its own scenarios change, and :func:`finish` applies the
scenarios these members share and writes the :class:`~equivalence.model.Call`: weights
of each kind, a label outside the classes, a value outside ``[0, 1]``, a NaN or infinity,
a class count below two, a block of the wrong size, a 2-D or ``float32`` block. A
scenario means the same thing in every member that names it.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence.draw import primitives
from equivalence.model import Call, Edge
from equivalence.view import View, rows_of

__all__ = [
    "BINARY",
    "NOT_SUMMING_TO_ONE",
    "Draft",
    "asked",
    "finish",
    "matrix",
    "scenarios",
    "start",
    "weights",
]

Array = np.ndarray[Any, Any]

#: The least number of samples a scenario needs.
LEAST_SAMPLES = {
    "zero_sum_weight": 2,
    "single_class": 2,
    "label_pairs": 2,
    "more_than_two_labels": 3,
}
#: The values one cell takes in the scenarios that put it outside ``[0, 1]``.
OUTSIDE = {"above_one": (1.5, 1.0000000000000002), "below_zero": (-0.25, -5e-324)}
#: The scenarios whose weights are drawn as their name says.
NAMED_WEIGHTS = ("zero_sum_weight", "all_zero_weight", "non_finite_weight", "wrong_weight_length")


@dataclass
class Draft:
    """A call being drawn: ``truth``, ``rows`` (``samples x classes``) and the keyword
    arguments, of which ``keep`` are never left out. ``class_count`` says whether the call
    passes the number of columns (a binary member takes one value per sample and no count)."""

    scenario: str
    classes: int
    truth: list[Any]
    rows: Array
    kwargs: dict[str, Any]
    class_count: bool = True
    keep: tuple[str, ...] = ("sample_weight",)

    @property
    def samples(self) -> int:
        return len(self.truth)


def scenarios(
    calls: Callable[[str], st.SearchStrategy[Call]], names: str
) -> dict[str, st.SearchStrategy[Call]]:
    """``calls(name)`` for each of the space-separated scenario ``names``, in order."""
    return {name: calls(name) for name in names.split()}


def start(
    draw: primitives.Draw,
    scenario: str,
    rows: Callable[[int, int], st.SearchStrategy[Any]],
    flag: str,
    classes: tuple[int, int] = (2, 6),
    labels: int = 0,
) -> Draft:
    """Sizes, labels in ``[0, labels or classes)``, rows from ``rows(samples, classes)``
    and ``flag``, drawn at once; ``binary`` has two classes, ``empty`` no sample."""
    count, samples, setting = primitives.integers(draw, classes, (1, 8), (0, 1))
    count = 2 if scenario == "binary" else count
    samples = 0 if scenario == "empty" else max(samples, LEAST_SAMPLES.get(scenario, 0))
    truth = draw(primitives.labels(samples, 0, (labels or count) - 1))
    block = np.array(draw(rows(samples, count)), dtype=np.float64).reshape(samples, count)
    return Draft(scenario, count, truth, block, {flag: bool(setting)})


def weights(draw: primitives.Draw, scenario: str, samples: int, weighted: tuple[str, ...]) -> Any:
    """The weights of ``scenario``: as named, of every valid kind in the ``weighted``
    scenarios (``valid`` leaving them out more often), else none."""
    if scenario in NAMED_WEIGHTS:
        return draw(primitives.weights(samples, scenario))
    if scenario in weighted:
        fewer = ("none", "none", *primitives.VALID_WEIGHTS) if scenario == "valid" else ()
        return draw(primitives.weights(samples, *fewer))
    return None


def finish(draw: primitives.Draw, d: Draft, weighted: tuple[str, ...]) -> Call:
    """The shared scenarios applied to ``d``, and the call it makes."""
    s, samples, rows = d.scenario, d.samples, d.rows
    weight = weights(draw, s, samples, weighted)
    if s == "not_summing_to_one" and samples:
        rows[0] = 0.5 if d.classes > 2 else 0.25
    if s == "single_class":
        d.truth = [d.truth[0]] * samples
    if s == "label_out_of_range":
        d.truth[primitives.index(draw, samples)] = primitives.pick(
            draw, (-1, d.classes, d.classes + 2)
        )
    if s in OUTSIDE or s == "non_finite":
        if s != "non_finite" or primitives.flip(draw):
            cell = (primitives.index(draw, samples), primitives.index(draw, d.classes))
            rows[cell] = primitives.pick(draw, OUTSIDE.get(s, primitives.NON_FINITE))
        else:
            weight = draw(primitives.weights(samples, "non_finite"))
    if s == "class_count_below_two":
        d.classes = primitives.pick(draw, (0, 1))
        rows, d.truth = rows[:, : d.classes], [0] * samples
    block: Any = rows.ravel().tolist()
    if s in ("wrong_size", "length_mismatch"):
        block = [*block, 0.5] if primitives.flip(draw) or not block else block[:-1]
    if s in ("two_d", "column", "float32"):
        block = np.array(rows, dtype=np.float32 if s == "float32" else np.float64)
        block = block if d.class_count or s == "column" else block.ravel()
    kwargs = dict(d.kwargs)
    if weight is not None:
        kwargs["sample_weight"] = weight
    args = (d.truth, block, d.classes) if d.class_count else (d.truth, block)
    return Call(args, primitives.with_defaults(draw, kwargs, d.keep))


def matrix(v: View, dtype: Any = None) -> Array:
    """The block as the ``(samples, class_count)`` matrix scikit-learn is asked about
    with ``labels=range(class_count)``. Where no row can hold that many classes (or there
    is no row) scikit-learn refuses; asking it would first build a labels list as long
    as ``class_count``, so the question is not put."""
    block = np.asarray(v.raw_block, dtype=dtype)
    if v.classes is not None and v.classes > max(block.size, 2):
        raise ValueError(f"{block.size} values cannot hold rows of {v.classes} classes")
    return rows_of(block, len(v.args[0]), v["class_count"]) if block.ndim == 1 else block


def asked(v: View, *passed: str) -> dict[str, Any]:
    """The keywords every matrix question carries, the weights and
    ``labels=range(class_count)``, and the arguments ``passed`` as the call gives them."""
    keywords = {name: v[name] for name in passed}
    return {**keywords, "sample_weight": v.unweighted, "labels": list(range(v["class_count"]))}


def _not_summing_to_one(v: View) -> bool:
    rows = v.well_formed_rows
    return (
        rows is not None
        and rows.shape[1] >= 2
        and bool((np.abs(rows.sum(axis=1) - 1.0) > 1e-6).any())
    )


NOT_SUMMING_TO_ONE = Edge(
    "not_summing_to_one", "a row whose probabilities do not sum to 1", _not_summing_to_one
)
BINARY = Edge(
    "binary", "class_count = 2", lambda v: v.classes == 2 and v.well_formed_rows is not None
)
