"""The boolean label-matrix role: two ``rows x label_count`` blocks and one weight a row.

A label matrix says, for each sample (a row) and each label (a column), whether the label
applies: the multilabel input of ``hamming_loss``, ``zero_one_loss``,
``multilabel_confusion_matrix`` and the label-ranking metrics. The blocks are drawn as
arrays in one draw of bytes each (a draw per entry, as
:func:`hypothesis.extra.numpy.arrays` makes, left too little of a run inside the
implementations): random bits, or one value throughout with a few entries set apart, a
third of the time each, so that all-zero and all-one rows are common; the edges a port
gets wrong are also forced by scenario.

The API:

* :class:`LabelMatrices`: one draw, ``y_true`` and ``y_pred`` as ``(rows, label_count)``
  boolean arrays, ``sample_weight`` (``None`` for unweighted) and ``label_count``;
  :meth:`LabelMatrices.flat` gives the blocks row-major, the C# form.
* :func:`label_matrices`: the strategy for one scenario, valid (:data:`VALID`) or not
  (:data:`INVALID`).
* :func:`blocks`, :func:`rows`: a call's blocks and row count read back through its
  :class:`~equivalence.view.View` (``None`` where malformed), and :data:`EDGES`, the edges
  of the role by name.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence.draw import primitives
from equivalence.model import Edge
from equivalence.view import View, is_count

__all__ = [
    "EDGES",
    "INVALID",
    "VALID",
    "LabelMatrices",
    "blocks",
    "label_matrices",
    "rows",
]

Array = np.ndarray[Any, Any]

#: The valid scenarios: any matrix, weighted, with all-zero or all-one rows, one label,
#: one row, weights summing to exactly zero.
VALID: tuple[str, ...] = ("valid", "weighted", "all_zero_rows", "all_one_rows", "one_label")
VALID += ("one_row", "zero_sum_weight")
#: The scenarios every member refuses (or scikit-learn treats apart): no row, blocks of
#: different shapes, a size that is not whole rows, ``label_count`` below 1, and the bad
#: weights of :data:`equivalence.draw.primitives.BAD_WEIGHTS`.
INVALID: tuple[str, ...] = ("empty", "shape_mismatch", "partial_row", "no_label")
INVALID += ("wrong_weight_length", "non_finite_weight", "all_zero_weight")


@dataclass(frozen=True)
class LabelMatrices:
    """One drawn label-matrix problem."""

    y_true: Array
    y_pred: Array
    sample_weight: list[float] | None
    label_count: int

    def flat(self) -> tuple[Array, Array]:
        """The two blocks row-major, as the C# overloads take them."""
        return self.y_true.reshape(-1), self.y_pred.reshape(-1)


@cache
def _block(rows: int, labels: int) -> st.SearchStrategy[Array]:
    """A ``rows x labels`` boolean block: any bits, or mostly ``False`` or mostly ``True``
    (one entry in eight set apart), read from one byte an entry and a last flavour byte."""
    size = rows * labels

    def build(codes: Array) -> Array:
        body, flavour = codes[:size], int(codes[size]) % 3 if size else 0
        bits = body % 2 == 1 if flavour == 0 else (body % 8 == 7) != (flavour == 2)
        block: Array = bits.reshape(rows, labels)
        return block

    return primitives.codes(size + 1).map(build)


@primitives.composite
def label_matrices(draw: primitives.Draw, scenario: str = "valid") -> LabelMatrices:
    """A :class:`LabelMatrices` for ``scenario`` (one of :data:`VALID` or :data:`INVALID`).

    The prediction copies some of the truth's rows, so that right rows are common."""
    count, samples, weighted = primitives.integers(draw, (2, 5), (1, 8), (0, 1))
    count = {"one_label": 1}.get(scenario, count)
    samples = {"one_row": 1, "empty": 0, "zero_sum_weight": max(samples, 2)}.get(scenario, samples)
    truth: Array = np.array(draw(_block(samples, count)))
    predicted: Array = np.array(draw(_block(samples, count)))
    copied = draw(primitives.codes(samples)) % 2 == 1
    predicted = np.where(copied[:, None], truth, predicted)
    if scenario in ("all_zero_rows", "all_one_rows"):
        value = scenario == "all_one_rows"
        truth[0], predicted[0] = value, value
        predicted[primitives.index(draw, samples)] = value
    weight: list[float] | None = None
    if scenario in ("weighted", "one_label", "one_row") or (scenario == "valid" and weighted):
        weight = draw(primitives.weights(samples))
    if scenario in ("zero_sum_weight", "wrong_weight_length") or scenario.endswith("_weight"):
        weight = draw(primitives.weights(samples, scenario))
    if scenario == "shape_mismatch":
        predicted = np.vstack([predicted, truth[:1]]) if primitives.flip(draw) else predicted[:-1]
    if scenario == "no_label":
        count = primitives.pick(draw, (0, -1))
    if scenario == "partial_row":
        # One entry more than whole rows: only the flat form can say so.
        truth = np.append(truth.reshape(-1), True)
        predicted = np.append(predicted.reshape(-1), False)
    return LabelMatrices(truth, predicted, weight, count)


# -- reading a call back --------------------------------------------------------------


def blocks(v: View) -> tuple[Array, Array] | None:
    """``y_true`` and ``y_pred`` as ``(rows, label_count)`` boolean arrays, or ``None`` when
    either is not boolean, not whole rows of ``label_count``, or their shapes differ."""
    return v.derived(_blocks)


def _blocks(v: View) -> tuple[Array, Array] | None:
    count = v["label_count"]
    if not is_count(count) or count < 1:
        return None
    read = []
    for name in ("y_true", "y_pred"):
        array = np.asarray(v[name])
        if array.dtype.kind != "b" or array.ndim not in (1, 2) or array.size % count:
            return None
        if array.ndim == 2 and array.shape[1] != count:
            return None
        read.append(array.reshape(-1, count))
    truth, predicted = read
    return (truth, predicted) if truth.shape == predicted.shape else None


def rows(v: View) -> int:
    """How many rows the call's blocks hold (-1 where they are malformed)."""
    parts = blocks(v)
    return -1 if parts is None else len(parts[0])


def _weight_per_row(v: View) -> bool:
    weight = v.weight
    return weight is not None and weight.size != rows(v) and rows(v) > 0


def _right_and_wrong(v: View) -> bool:
    parts = blocks(v)
    if parts is None:
        return False
    wrong = {int(n) for n in (parts[0] != parts[1]).sum(axis=1)}
    return {0, 1} <= wrong


def _rows_where(test: Any) -> Any:
    def holds(v: View) -> bool:
        parts = blocks(v)
        return parts is not None and bool(any(test(block).any() for block in parts))

    return holds


#: The role's edges by name.
EDGES: dict[str, Edge] = {
    edge.name: edge
    for edge in (
        Edge("all_zero_row", "a row with no label", _rows_where(lambda b: ~b.any(axis=1))),
        Edge("all_one_row", "a row with every label", _rows_where(lambda b: b.all(axis=1))),
        Edge("one_label", "label_count = 1", lambda v: v["label_count"] == 1),
        Edge("one_row", "a single row", lambda v: rows(v) == 1),
        Edge("no_row", "an empty matrix", lambda v: rows(v) == 0),
        Edge(
            "wrong_row_weights",
            "weights that are not one a row",
            _weight_per_row,
        ),
        Edge(
            "partial_row",
            "a block that is not a whole number of rows",
            lambda v: (
                is_count(v["label_count"])
                and v["label_count"] >= 1
                and np.size(v["y_true"]) % v["label_count"] != 0
            ),
        ),
        Edge(
            "shape_mismatch",
            "blocks of different shapes",
            lambda v: np.size(v["y_true"]) != np.size(v["y_pred"]),
        ),
        Edge(
            "no_label",
            "label_count below 1",
            lambda v: is_count(v["label_count"]) and v["label_count"] < 1,
        ),
        Edge(
            "right_and_wrong_rows",
            "a row all right next to a row with one label wrong",
            _right_and_wrong,
        ),
    )
}
