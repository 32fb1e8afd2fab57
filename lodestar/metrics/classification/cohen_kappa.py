"""``CohenKappa``: agreement between two raters, with the agreement chance would give removed.

The score is read off a :class:`~lodestar.metrics.ConfusionMatrix` (counted here from the
labels, or passed in), with the steps and the order of operations of
``sklearn.metrics.cohen_kappa_score`` (1.9), so that the result is the same double.
"""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import _inputs
from lodestar.metrics.classification.confusion_matrix import (
    OMITTED,
    ConfusionMatrix,
    matrix_form,
)
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = ["CohenKappa", "KappaWeighting"]


class KappaWeighting(enum.Enum):
    """What a disagreement between two classes costs: ``Lodestar.Metrics.KappaWeighting``.

    The values are those of ``cohen_kappa_score(weights=...)``, and
    :meth:`CohenKappa.score` accepts a member or its value. The cost is a distance between
    the two classes' *positions* in the label order, never between their values. ``None``
    is a Python keyword, so the members are in capitals.
    """

    #: Every disagreement costs 1, agreement 0: ``weights=None``.
    NONE = None
    #: The distance between the two positions, ``|i - j|``: ``weights="linear"``.
    LINEAR = "linear"
    #: The square of that distance, ``(i - j)²``: ``weights="quadratic"``.
    QUADRATIC = "quadratic"


class CohenKappa:
    """The mirror of ``Lodestar.Metrics.CohenKappa`` and of
    ``sklearn.metrics.cohen_kappa_score``."""

    @staticmethod
    def score(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        weighting: KappaWeighting | str | None = KappaWeighting.NONE,
        zero_division: ZeroDivision = ZeroDivision.NAN,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> float:
        """Cohen's kappa, ``1 - Σ w·observed / Σ w·expected``.

        Two forms, the two C# overloads: ``score(y_true, y_pred, weighting,
        zero_division, labels, sample_weight)`` counts the matrix with
        :meth:`~lodestar.metrics.ConfusionMatrix.compute` and reads it;
        ``score(cm=matrix, weighting=..., zero_division=...)`` reads a matrix already
        counted. Only the classes of the matrix count: a sample a label subset dropped
        weighs in nowhere, not even in the total.

        The expected matrix is ``outer(column sums, row sums) / total``, scikit-learn's
        orientation. Where the total is zero, or the weighted expected disagreement is,
        kappa is undefined and ``zero_division`` gives the answer (NaN by default, as
        scikit-learn's ``replace_undefined_by``). See
        ``docs/reference/metrics/classification/cohenkappa-score.md``.

        Raises:
            ArgumentOutOfRangeError: ``weighting`` is not a :class:`KappaWeighting` nor
                one of ``None``, ``"linear"``, ``"quadratic"``.
            ArgumentError: ``zero_division`` is not a :class:`ZeroDivision`; as
                :meth:`ConfusionMatrix.compute` does for the label form; in the matrix
                form, ``cm`` is given with an argument of the label form or is not a
                ``ConfusionMatrix``.
            ArgumentNullError: ``cm`` is ``None``.
            UndefinedMetricError: kappa is undefined and ``zero_division`` is
                ``ZeroDivision.THROW``.
            TypeError: neither ``cm`` nor both label arrays were given.
        """
        mode = _weighting(weighting)
        policy = _policy(zero_division)
        matrix = matrix_form(
            "CohenKappa.score", cm, y_true, y_pred, labels=labels, sample_weight=sample_weight
        )
        if matrix is None:
            matrix = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        cells = matrix.to_array()
        column_sums = cells.sum(axis=0)
        row_sums = cells.sum(axis=1)
        total = column_sums.sum()
        if total == 0:
            return _undefined(policy, "the matrix holds no weight")
        expected = np.outer(column_sums, row_sums) / total
        costs = _costs(mode, len(cells))
        observed = np.sum(costs * cells)
        chance = np.sum(costs * expected)
        if chance == 0:
            return _undefined(policy, "the expected disagreement is zero")
        return float(1 - observed / chance)


def _weighting(value: Any) -> KappaWeighting:
    if isinstance(value, KappaWeighting):
        return value
    if value is None or (isinstance(value, str) and value in ("linear", "quadratic")):
        return KappaWeighting(value)
    raise ArgumentOutOfRangeError(
        f"weighting is {_inputs._show(value)}; it must be a KappaWeighting (NONE, LINEAR, "
        "QUADRATIC) or one of None, 'linear', 'quadratic'.",
        "weighting",
        value,
    )


def _policy(value: Any) -> ZeroDivision:
    if isinstance(value, ZeroDivision):
        return value
    raise ArgumentError(
        f"zero_division is {_inputs._show(value)}; it must be ZeroDivision.ZERO, ONE, NAN "
        "or THROW.",
        "zero_division",
    )


def _costs(mode: KappaWeighting, size: int) -> Any:
    """The ``size × size`` cost of each (true, predicted) pair of positions."""
    position = np.arange(size, dtype=np.float64)
    gap = position[None, :] - position[:, None]
    if mode is KappaWeighting.LINEAR:
        return np.abs(gap)
    if mode is KappaWeighting.QUADRATIC:
        return gap**2
    return (gap != 0).astype(np.float64)


def _undefined(policy: ZeroDivision, why: str) -> float:
    if policy is ZeroDivision.THROW:
        raise UndefinedMetricError(
            f"Cohen's kappa is undefined here: {why}. "
            "Pass ZeroDivision.ZERO, ONE or NAN for a value instead."
        )
    return {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, float("nan"))
