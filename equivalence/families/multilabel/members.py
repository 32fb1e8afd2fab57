"""The multilabel family: ``HammingLoss.score``, ``ZeroOneLoss.score`` and
``MultilabelConfusionMatrix.compute``, each in its two forms (the two C# overloads).

The single-label forms draw their calls as ``Accuracy.score`` and
``ConfusionMatrix.compute`` do; the label-matrix forms (``[matrix]``) draw two boolean
blocks from :mod:`equivalence.draw.label_matrix` and are called through a wrapper with the
C# overload's parameters, ``label_count`` third. A matrix entry of
``MultilabelConfusionMatrix`` is compared on its cells, ``[[tn, fp], [fn, tp]]``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import label_matrix, labels as draw_labels, primitives
from equivalence.families.classification import members as classification
from equivalence.families.confusion import members as confusion
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
from lodestar.metrics import HammingLoss, MultilabelConfusionMatrix, ZeroOneLoss

__all__ = [
    "HAMMING",
    "HAMMING_OF_MATRIX",
    "MEMBERS",
    "STACK",
    "STACK_OF_MATRIX",
    "ZERO_ONE",
    "ZERO_ONE_OF_MATRIX",
]

# -- the implementations under test: the matrix overloads, label_count third ------------


def hamming_of_matrix(
    y_true: Any, y_pred: Any, label_count: Any, sample_weight: Any = None
) -> float:
    """``HammingLoss.score(y_true, y_pred, sample_weight, label_count=label_count)``."""
    return HammingLoss.score(y_true, y_pred, sample_weight, label_count=label_count)


def zero_one_of_matrix(
    y_true: Any, y_pred: Any, label_count: Any, normalize: Any = True, sample_weight: Any = None
) -> float:
    """``ZeroOneLoss.score(y_true, y_pred, normalize, sample_weight, label_count=...)``."""
    return ZeroOneLoss.score(y_true, y_pred, normalize, sample_weight, label_count=label_count)


def stack_of_matrix(
    y_true: Any, y_pred: Any, label_count: Any, samplewise: Any = False, sample_weight: Any = None
) -> Any:
    """``MultilabelConfusionMatrix.compute(y_true, y_pred, sample_weight=...,
    label_count=..., samplewise=...)``."""
    return MultilabelConfusionMatrix.compute(
        y_true, y_pred, sample_weight=sample_weight, label_count=label_count, samplewise=samplewise
    )


def stack_cells(stack: Any) -> Any:
    """What a stack is compared on: its entries' cells, one ``2 x 2`` block each."""
    return np.array([entry.to_array() for entry in stack], dtype=np.float64).reshape(-1, 2, 2)


# -- the matrix calls and oracles ---------------------------------------------------------


@primitives.composite
def _matrix_calls(draw: primitives.Draw, scenario: str, flag: str | None) -> Call:
    drawn: label_matrix.LabelMatrices = draw(label_matrix.label_matrices(scenario))
    truth, predicted = drawn.flat() if primitives.flip(draw) else (drawn.y_true, drawn.y_pred)
    kwargs: dict[str, Any] = {} if flag is None else {flag: primitives.flip(draw)}
    if drawn.sample_weight is not None:
        kwargs["sample_weight"] = drawn.sample_weight
    return Call((truth, predicted, drawn.label_count), primitives.with_defaults(draw, kwargs))


def _blocks(v: View) -> tuple[Any, Any]:
    """The two blocks as scikit-learn's 2-D indicator matrices (refused when malformed)."""
    parts = label_matrix.blocks(v)
    if parts is None:
        raise ValueError("not two label matrices of label_count columns")
    return parts


def _hamming_matrix_oracle(v: View) -> float:
    from sklearn.metrics import hamming_loss

    return float(hamming_loss(*_blocks(v), sample_weight=v.unweighted))


def _zero_one_matrix_oracle(v: View) -> float:
    from sklearn.metrics import zero_one_loss

    return float(zero_one_loss(*_blocks(v), normalize=v["normalize"], sample_weight=v.unweighted))


def _one_label(v: View) -> bool:
    return v["label_count"] == 1 and label_matrix.blocks(v) is not None


def _stack_matrix_oracle(v: View) -> Any:
    """``multilabel_confusion_matrix`` on the blocks; one label is a binary problem to
    scikit-learn, asked with ``labels=[1]`` for the matrix of the label."""
    from sklearn.metrics import multilabel_confusion_matrix

    truth, predicted = _blocks(v)
    if _one_label(v) and not v.flag("samplewise"):
        truth, predicted = truth.reshape(-1).astype(int), predicted.reshape(-1).astype(int)
        return multilabel_confusion_matrix(
            truth, predicted, labels=[1], sample_weight=v.unweighted
        ).astype(np.float64)
    return multilabel_confusion_matrix(
        truth, predicted, sample_weight=v.unweighted, samplewise=v["samplewise"]
    ).astype(np.float64)


def _one_row_per_entry(v: View) -> Any:
    """Samplewise over one label: each row's own 2x2 matrix, its cells weighing its weight."""
    truth, predicted = (block.reshape(-1) for block in _blocks(v))
    weight = np.ones(len(truth)) if v.weight is None else v.weight
    cells = [truth < predicted, truth > predicted, truth & predicted]
    fp, fn, tp = (np.where(cell, weight, 0.0) for cell in cells)
    return np.stack([weight - tp - fp - fn, fp, fn, tp], axis=1).reshape(-1, 2, 2)


_MATRIX_EDGES = (
    *label_matrix.EDGES.values(),
    *shared.edges("negative_weight", "zero_sum_weight", "non_finite_weight", "all_zero_weight"),
)
_MATRIX_DIVERGENCES = (
    shared._refused(
        "empty_input",
        "Empty input",
        "1.8",
        "NaN or an empty stack",
        lambda v: label_matrix.rows(v) == 0,
    ),
    shared.non_finite_weight(until="1.8"),
)
_MATRIX_EXAMPLE = ([True, False, True, False, True, True], [True, False, False, True, True, True])


def _matrix_member(name: str, **fields: Any) -> Member:
    flag = fields.pop("flag", None)
    return Member(
        name=f"{name}[matrix]",
        csharp=f"{name.replace('.score', '.Score').replace('.compute', '.Compute')}(bool)",
        since="1.3",
        scenarios={s: _matrix_calls(s, flag) for s in (*label_matrix.VALID, *label_matrix.INVALID)},
        roles={"y_true": "label matrix", "y_pred": "label matrix"},
        **fields,
    )


HAMMING_OF_MATRIX = _matrix_member(
    "HammingLoss.score",
    page="reference/metrics/classification/hammingloss-score.md",
    implementation=hamming_of_matrix,
    oracle=_hamming_matrix_oracle,
    oracle_call="hamming_loss(y_true, y_pred, sample_weight=sample_weight), the blocks 2-D",
    edges=_MATRIX_EDGES,
    divergences=(
        *_MATRIX_DIVERGENCES,
        shared.all_zero_weight(until="1.9", answered="NaN"),
    ),
    example=Call((*_MATRIX_EXAMPLE, 3), {"sample_weight": [1.0, 2.0]}),
)

ZERO_ONE_OF_MATRIX = _matrix_member(
    "ZeroOneLoss.score",
    flag="normalize",
    page="reference/metrics/classification/zerooneloss-score.md",
    implementation=zero_one_of_matrix,
    oracle=_zero_one_matrix_oracle,
    oracle_call="zero_one_loss(y_true, y_pred, normalize=normalize, "
    "sample_weight=sample_weight), the blocks 2-D",
    edges=(*_MATRIX_EDGES, *shared.edges("unnormalized")),
    divergences=(
        *_MATRIX_DIVERGENCES,
        shared.all_zero_weight(until="1.9", answered="0.0 with normalize=False"),
        shared.float32_weight_total(zero_one_of_matrix),
    ),
    example=Call((*_MATRIX_EXAMPLE, 3), {"normalize": True, "sample_weight": [1.0, 2.0]}),
)

#: scikit-learn before 1.6 adds the weights for ``tn`` with Python's ``sum``, one by one,
#: where 1.6 and later take NumPy's pairwise ``sum``: with weights that cancel, the
#: subtractions that follow amplify the difference past any fixed count of ULPs.
_OLD_TOTAL = Tolerance(
    by_version=(
        VersionTolerance(
            VersionRange(until="1.6"),
            ulps=0,
            magnitude=True,
            operation="the total weight added with Python's sum, in sample order",
            measured="up to 4 ULPs on positive weights, more where they cancel "
            "(scikit-learn 1.3 and 1.5, NumPy 1.26 and 2)",
        ),
    ),
    why="the same bincounts and subtractions as scikit-learn 1.6 and later",
)

STACK_OF_MATRIX = _matrix_member(
    "MultilabelConfusionMatrix.compute",
    flag="samplewise",
    page="reference/metrics/classification/multilabelconfusionmatrix-compute.md",
    implementation=stack_of_matrix,
    oracle=_stack_matrix_oracle,
    oracle_call="multilabel_confusion_matrix(y_true, y_pred, sample_weight=sample_weight, "
    "samplewise=samplewise), the blocks 2-D; labels=[1] on one label",
    edges=(
        *_MATRIX_EDGES,
        Edge("samplewise", "samplewise=True", lambda v: v.flag("samplewise") is True),
    ),
    divergences=(
        *_MATRIX_DIVERGENCES,
        shared.all_zero_weight(until="1.9", answered="a stack of zero matrices"),
        Divergence(
            "samplewise_one_label",
            "widening",
            "samplewise over a matrix of one label answers one 2x2 matrix a row; "
            "scikit-learn reads a one-column matrix as single-label input and refuses "
            "samplewise there.",
            lambda v: _one_label(v) and v.flag("samplewise") is True,
            expected=_one_row_per_entry,
        ),
    ),
    tolerance=_OLD_TOTAL,
    project=stack_cells,
    example=Call((*_MATRIX_EXAMPLE, 3), {"samplewise": False, "sample_weight": [1.0, 2.0]}),
)


# -- the single-label forms ------------------------------------------------------------


def _hamming_oracle(v: View) -> float:
    from sklearn.metrics import hamming_loss

    return float(hamming_loss(*v.args[:2], sample_weight=v.unweighted))


def _zero_one_oracle(v: View) -> float:
    from sklearn.metrics import zero_one_loss

    return float(zero_one_loss(*v.args[:2], normalize=v["normalize"], sample_weight=v.unweighted))


def _stack_oracle(v: View) -> Any:
    from sklearn.metrics import multilabel_confusion_matrix

    labels = draw_labels.given_labels(v)
    return multilabel_confusion_matrix(
        *v.args[:2], labels=labels, sample_weight=v.unweighted
    ).astype(np.float64)


def _without_normalize(call: Call) -> Call:
    return Call(call.args, {k: v for k, v in call.kwargs.items() if k != "normalize"})


def _single_label(name: str, implementation: Any, **changes: Any) -> Member:
    """A label form declared as ``Accuracy.score`` is, but for what ``changes`` says."""
    page = name.split(".")[0].lower()
    return replace(
        classification.ACCURACY,
        name=name,
        csharp=name.replace(".score", ".Score"),
        page=f"reference/metrics/classification/{page}-score.md",
        implementation=implementation,
        **changes,
    )


HAMMING = _single_label(
    "HammingLoss.score",
    HammingLoss.score,
    oracle=_hamming_oracle,
    oracle_call="hamming_loss(y_true, y_pred, sample_weight=sample_weight)",
    scenarios={
        name: strategy.map(_without_normalize)
        for name, strategy in classification.ACCURACY.scenarios.items()
    },
    divergences=(shared.empty_input(until="1.8"), shared.non_finite_weight(until="1.8")),
    example=Call(([0, 1, 2, 1], [0, 2, 2, 1]), {"sample_weight": [1.0, 2.0, 3.0, 4.0]}),
)

ZERO_ONE = _single_label(
    "ZeroOneLoss.score",
    ZeroOneLoss.score,
    oracle=_zero_one_oracle,
    oracle_call="zero_one_loss(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)",
    divergences=(
        *classification.ACCURACY.divergences[:3],
        shared.float32_weight_total(ZeroOneLoss.score),
    ),
    example=Call(
        ([0, 1, 2, 1], [0, 2, 2, 1]), {"normalize": False, "sample_weight": [1.0, 2.0, 3.0, 4.0]}
    ),
)

STACK = replace(
    confusion.COMPUTE,
    name="MultilabelConfusionMatrix.compute",
    csharp="MultilabelConfusionMatrix.Compute",
    page="reference/metrics/classification/multilabelconfusionmatrix-compute.md",
    implementation=MultilabelConfusionMatrix.compute,
    oracle=_stack_oracle,
    oracle_call="multilabel_confusion_matrix(y_true, y_pred, labels=labels, "
    "sample_weight=sample_weight)",
    edges=tuple(e for e in draw_labels.COMMON_EDGES if e.name != "zero_sum_row"),
    divergences=(
        *draw_labels.COMMON_DIVERGENCES[1:2],
        shared.empty_input(until="1.8", answered="an empty stack"),
        shared.non_finite_weight(until="1.8", answered="NaN cells"),
        shared.all_zero_weight(until="1.9", answered="a stack of zero matrices"),
    ),
    tolerance=_OLD_TOTAL,
    project=stack_cells,
    example=Call(
        ([0, 1, 2, 1], [0, 2, 2, 1]), {"labels": [2, 0], "sample_weight": [1.0, 2.0, 3.0, 4.0]}
    ),
)

MEMBERS = (HAMMING, HAMMING_OF_MATRIX, ZERO_ONE, ZERO_ONE_OF_MATRIX, STACK, STACK_OF_MATRIX)
