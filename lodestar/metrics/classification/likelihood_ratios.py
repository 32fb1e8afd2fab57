"""``LikelihoodRatios``: how far a positive or a negative prediction moves the odds.

The two ratios are read off the four cells of a binary confusion matrix, counted by
``numpy.bincount`` over each sample's (truly positive, predicted positive) pair, a block of
samples at a time (with weights, one ``bincount`` over every block's codes, so that each cell
adds its weights in sample order). The arithmetic is scikit-learn's, step for step:
``LR+ = tp·(tn + fp) / (fp·(tp + fn))`` and ``LR- = fn·(tn + fp) / (tn·(tp + fn))``, so the
two give the same bits.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray

__all__ = ["LikelihoodRatios"]

_INT64 = np.iinfo(np.int64)


@final
class LikelihoodRatios:
    """The mirror of ``Lodestar.Metrics.LikelihoodRatios`` and of
    ``sklearn.metrics.class_likelihood_ratios``.

    Two named ratios: :attr:`positive` (``LR+``) and :attr:`negative` (``LR-``). Built by
    :meth:`compute` only, and immutable.
    """

    __slots__ = ("_negative", "_positive")

    _positive: float
    _negative: float

    def __init__(self) -> None:
        raise TypeError(
            "LikelihoodRatios has no public constructor; call LikelihoodRatios.compute."
        )

    @classmethod
    def _of(cls, positive: float, negative: float) -> LikelihoodRatios:
        ratios = object.__new__(cls)
        ratios._positive = float(positive)
        ratios._negative = float(negative)
        return ratios

    @property
    def positive(self) -> float:
        """``LR+``: sensitivity over one minus specificity. Above 1 when a positive
        prediction is evidence for the class."""
        return self._positive

    @property
    def negative(self) -> float:
        """``LR-``: one minus sensitivity, over specificity. Below 1 when a negative
        prediction is evidence against the class."""
        return self._negative

    def __repr__(self) -> str:
        return f"LikelihoodRatios(positive={self._positive!r}, negative={self._negative!r})"

    @staticmethod
    def compute(
        y_true: Any,
        y_pred: Any,
        pos_label: int = 1,
        undefined_positive: float = math.nan,
        undefined_negative: float = math.nan,
        sample_weight: Any = None,
    ) -> LikelihoodRatios:
        """Both ratios, from the true and the predicted labels.

        A sample is positive when its label is ``pos_label``, negative otherwise; at most
        two distinct labels may occur over both inputs. :attr:`positive` answers
        ``undefined_positive`` when no weight is predicted positive wrongly (``fp = 0``),
        :attr:`negative` answers ``undefined_negative`` when none is predicted negative
        rightly (``tn = 0``). When the positive class weighs nothing in the truth (no
        positive sample, or their weights cancel) both ratios are NaN, whatever the
        replacements. See
        ``docs/reference/metrics/classification/likelihoodratios-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length, are empty, or hold
                more than two distinct labels between them; a label is not an integer;
                ``pos_label`` is not an integer; a replacement is not a real number;
                ``sample_weight`` is neither empty nor one finite value per sample, or
                is zero throughout.
        """
        truth = _inputs.labels(y_true, "y_true")
        predicted = _inputs.labels(y_pred, "y_pred")
        _inputs.same_length(truth, "y_true", predicted, "y_pred")
        _inputs.nonempty(truth, "y_true")
        positive_label = _label(pos_label, "pos_label")
        if_no_positive = _replacement(undefined_positive, "undefined_positive")
        if_no_negative = _replacement(undefined_negative, "undefined_negative")
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.nonzero_weights(weight)

        # tn, fp, fn, tp: int64 counts without weights, float64 sums in sample order with.
        tn, fp, fn, tp = _cells(truth, predicted, positive_label, weight)

        with np.errstate(all="ignore"):
            support_pos = tp + fn
            support_neg = tn + fp
            if support_pos == 0:
                return LikelihoodRatios._of(math.nan, math.nan)
            positive = if_no_positive if fp == 0 else (tp * support_neg) / (fp * support_pos)
            negative = if_no_negative if tn == 0 else (fn * support_neg) / (tn * support_pos)
        return LikelihoodRatios._of(positive, negative)


def _label(value: Any, name: str) -> int:
    """One integer label: an ``int`` or a NumPy integer inside ``int64``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ArgumentError(f"{name} is {_inputs._show(value)}; it must be an integer.", name)
    label = int(value)
    if not _INT64.min <= label <= _INT64.max:
        raise ArgumentError(f"{name} is {label}, which is past int64.", name)
    return label


def _replacement(value: Any, name: str) -> float:
    """A replacement value: any real number, NaN and the infinities included."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"{name} is {_inputs._show(value)}; it must be a number.", name)
    return float(value)


# Samples are read this many at a time, so that the temporaries stay in cache.
_BLOCK = 1 << 16


def _cells(truth: IntArray, predicted: IntArray, positive: int, weight: FloatArray | None) -> Any:
    """``[tn, fp, fn, tp]``, after refusing more than two distinct labels over both inputs.

    Each sample's code is ``2·(truly positive) + (predicted positive)``, made a block at a
    time. Counts add up exactly in any order, so without weights each block is counted by
    its own ``bincount``; with weights the codes of every block go to one ``bincount``,
    which adds each cell's weights in sample order, as scikit-learn's sparse matrix does.
    """
    low = min(int(truth.min()), int(predicted.min()))
    high = max(int(truth.max()), int(predicted.max()))
    codes = np.empty(len(truth) if weight is not None else 0, dtype=np.intp)
    counts = np.zeros(4, dtype=np.int64)
    for start in range(0, len(truth), _BLOCK):
        block = slice(start, start + _BLOCK)
        actual, guessed = truth[block] == positive, predicted[block] == positive
        if low != high:
            _only_two(truth[block], low, high)
            _only_two(predicted[block], low, high)
        code = actual.astype(np.intp)
        code <<= 1
        code += guessed
        if weight is None:
            counts += np.bincount(code, minlength=4)
        else:
            codes[block] = code
    if weight is None:
        return counts
    return np.bincount(codes, weights=weight, minlength=4)


def _only_two(values: IntArray, low: int, high: int) -> None:
    """Refuses a value other than ``low`` and ``high``, in scikit-learn's sentence."""
    stray = (values != low) & (values != high)
    if stray.any():
        third = int(values[np.argmax(stray)])
        shown = ", ".join(str(label) for label in sorted({low, high, third}))
        raise ArgumentError(
            "class_likelihood_ratios only supports binary classification problems. "
            f"y_true and y_pred hold at least three labels: {shown}.",
            "y_true",
        )
