"""What the curve types share: read-only ``float64``
arrays, made by the type's ``compute`` only, shown by name in ``repr``."""

from __future__ import annotations

from typing import Any, ClassVar

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray
from lodestar.metrics.classification import _thresholds
from lodestar.metrics.classification.log_loss import positive_label

__all__ = ["Curve", "array", "walked"]


class Curve:
    """Read-only arrays; the subclass names them in ``_NAMES``, in order."""

    __slots__ = ("_arrays",)

    _NAMES: ClassVar[tuple[str, ...]]
    _arrays: tuple[FloatArray, ...]

    def __init__(self) -> None:
        kind = type(self).__name__
        raise TypeError(f"{kind} has no public constructor; call {kind}.compute.")

    @classmethod
    def _of(cls, *arrays: FloatArray) -> Any:
        curve = object.__new__(cls)
        for values in arrays:
            values.flags.writeable = False
        curve._arrays = arrays
        return curve

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={values.tolist()!r}"
            for name, values in zip(self._NAMES, self._arrays, strict=True)
        )
        return f"{type(self).__name__}({shown})"


def array(index: int, doc: str) -> Any:
    """The property reading the curve's array at ``index``."""

    def read(curve: Curve) -> FloatArray:
        return curve._arrays[index]

    return property(read, doc=doc)


def walked(
    y_true: Any, y_score: Any, pos_label: Any, sample_weight: Any, drop_intermediate: Any
) -> tuple[bool, _thresholds.Walk, IntArray]:
    """The arguments of a curve checked, and the threshold walk: whether to drop
    intermediate points, the walk, and the labels (every sample's, zero weights kept)."""
    positive = positive_label(pos_label)
    drop = _inputs.flag(drop_intermediate, "drop_intermediate")
    truth, score, weight = _thresholds.binary_scores(y_true, y_score, sample_weight)
    return drop, _thresholds.walk(truth, score, positive, weight), truth
