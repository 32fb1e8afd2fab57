"""``Averaging``: how a per-class score becomes one number."""

from __future__ import annotations

import enum

__all__ = ["Averaging"]


class Averaging(enum.Enum):
    """How ``Precision.score``, ``Recall.score``, ``F1.score``, ``FBeta.score`` and
    ``JaccardScore.score`` reduce their per-class scores: ``Lodestar.Metrics.Averaging``.

    The values are scikit-learn's ``average=`` strings, and every ``score`` accepts a
    member or its value. scikit-learn's ``average=None`` is not a member: it changes what
    comes back (one score per class), so it is the separate ``per_class`` member.
    """

    #: The score of the class ``pos_label`` alone: ``average="binary"``. The observed
    #: labels (those of ``y_true`` and ``y_pred``) must be two at most.
    BINARY = "binary"
    #: One score from the counts summed over the classes: ``average="micro"``.
    MICRO = "micro"
    #: The plain mean of the per-class scores: ``average="macro"``.
    MACRO = "macro"
    #: The mean of the per-class scores weighted by each class's support:
    #: ``average="weighted"``.
    WEIGHTED = "weighted"

    def __repr__(self) -> str:
        return f"Averaging.{self.name}"
