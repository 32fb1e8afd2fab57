"""``LogLoss``: the cross-entropy of a probabilistic prediction.

Every probability is clipped into ``[eps, 1 - eps]``, ``eps`` being the machine epsilon
of ``float64``, before its logarithm is taken: that is what scikit-learn does from 1.5
on (and, with its default ``eps='auto'``, before), and what the C# library does. A
perfect prediction therefore costs ``eps`` rather than ``0``, and a zero given to the
class that occurred costs ``-log(eps)`` rather than infinity.

The module also holds the checks the two binary members (``LogLoss.score`` and
``BrierScore.score``) share: a positive label, and one probability per sample.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray

__all__ = ["EPSILON", "LogLoss"]

#: ``np.finfo(np.float64).eps``, the clip bound: ``2.220446049250313e-16``.
EPSILON = float(np.finfo(np.float64).eps)

_INT64 = np.iinfo(np.int64)


class LogLoss:
    """The mirror of ``Lodestar.Metrics.LogLoss`` and ``sklearn.metrics.log_loss``."""

    @staticmethod
    def score(
        y_true: Any,
        y_proba: Any,
        pos_label: int = 1,
        normalize: bool = True,
        sample_weight: Any = None,
    ) -> float:
        """The binary log loss of one probability per sample, the probability that the
        sample's label is ``pos_label``.

        A sample whose label is ``pos_label`` costs ``-log(p)``; any other costs
        ``-log(1 - p)``, each probability clipped into ``[eps, 1 - eps]`` first. The
        result is the weighted mean of those costs, or their weighted sum when
        ``normalize`` is false. See
        ``docs/reference/metrics/classification/logloss-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_proba`` differ in length or are empty; a
                probability is outside ``[0, 1]``; ``pos_label`` or a label is not an
                integer; ``sample_weight`` is neither empty nor one value per sample, is
                zero throughout, or sums to zero while ``normalize`` is true; any value
                is NaN or infinite.
        """
        positive = positive_label(pos_label)
        normalize = _inputs.flag(normalize, "normalize")
        truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "lower than")
        chosen = np.where(truth == positive, proba, 1.0 - proba)
        return _finish(_costs(chosen), weight, normalize)

    @staticmethod
    def multi_class(
        y_true: Any,
        y_proba: Any,
        class_count: int,
        normalize: bool = True,
        sample_weight: Any = None,
    ) -> float:
        """The log loss of a probability matrix: each sample costs ``-log`` of the
        probability its row gives the true class, clipped into ``[eps, 1 - eps]``.

        Only the true class's column is read, and a row is scored as given even when
        it does not sum to one. See
        ``docs/reference/metrics/classification/logloss-multiclass.md``.

        Raises:
            ArgumentOutOfRangeError: ``class_count`` is below 2.
            ArgumentError: ``y_proba`` is not ``len(y_true)`` rows of ``class_count``; a
                label is outside ``[0, class_count)``; a probability is outside
                ``[0, 1]``; ``y_true`` is empty; ``sample_weight`` is neither empty nor
                one value per sample, is zero throughout, or sums to zero while
                ``normalize`` is true; any value is NaN or infinite.
        """
        class_count = _inputs.count(class_count, "class_count", 2)
        normalize = _inputs.flag(normalize, "normalize")
        truth = _inputs.labels(y_true, "y_true")
        rows = _inputs.probability_rows(y_proba, len(truth), class_count, "y_proba", "lower than")
        _inputs.class_indices(truth, class_count, "y_true")
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.nonempty(truth, "y_true")
        _inputs.nonzero_weights(weight)
        chosen = rows[np.arange(len(truth)), truth]
        return _finish(_costs(chosen), weight, normalize)


def _costs(chosen: FloatArray) -> FloatArray:
    """``-log`` of each probability after the clip, as scikit-learn's ``xlogy`` gives it."""
    clipped = np.clip(chosen, EPSILON, 1.0 - EPSILON)
    costs: FloatArray = -np.log(clipped)
    return costs


def _finish(costs: FloatArray, weight: FloatArray | None, normalize: bool) -> float:
    if normalize:
        return _inputs.weighted_mean(costs, weight)
    return _inputs.weighted_total(costs, weight)


# -- the checks of the binary members ---------------------------------------------------


def positive_label(value: Any, name: str = "pos_label") -> int:
    """The label a binary probability is about: an integer, or a float holding one.

    Booleans, fractions, NaN, infinity, strings and integers past ``int64`` are refused.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"{name} is {value!r}; it must be an integer label.", name)
    if isinstance(value, numbers.Integral):
        whole = int(value)
    else:
        real = float(value)
        if not np.isfinite(real) or real != np.floor(real):
            raise ArgumentError(f"{name} is {real!r}; it must be an integer label.", name)
        whole = int(real)
    if not _INT64.min <= whole <= _INT64.max:
        raise ArgumentError(f"{name} is {whole}, which is past int64.", name)
    return whole


def binary_inputs(
    y_true: Any, y_proba: Any, sample_weight: Any, lower_word: str | None, name: str = "y_proba"
) -> tuple[IntArray, FloatArray, FloatArray | None]:
    """Labels, one probability per sample and the weights of a binary member, checked.

    ``y_proba`` is one-dimensional, or a single column as ``predict_proba(...)[:, [1]]``
    gives it. A probability outside ``[0, 1]`` is refused in scikit-learn's sentence,
    whose lower bound reads ``lower_word`` ("lower than" for ``log_loss``, "less than"
    for ``brier_score_loss``). With ``lower_word`` ``None`` the values are any finite
    numbers (a decision function's, named ``name``), not probabilities.
    """
    truth = _inputs.labels(y_true, "y_true")
    proba = _inputs._finite_floats(y_proba, name)
    if proba.ndim == 2 and proba.shape[1] == 1:
        proba = proba[:, 0]
    if proba.ndim != 1:
        raise ArgumentError(f"{name} must be one-dimensional; it has shape {proba.shape}.", name)
    _inputs.same_length(truth, "y_true", proba, name)
    if lower_word is not None:
        proba = _inputs.probability_rows(proba, len(truth), 1, name, lower_word)[:, 0]
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonempty(truth, "y_true")
    _inputs.nonzero_weights(weight)
    return truth, proba, weight
