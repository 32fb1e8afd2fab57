"""The arithmetic shared by precision, recall, F-beta, Jaccard and the report, and the
one construction of ``Precision``, ``Recall``, ``F1`` and ``FBeta`` (:class:`Scores`).

Everything is read off a :class:`ConfusionMatrix`'s tallies, in scikit-learn's order
(1.9): the counts of ``multilabel_confusion_matrix`` (``tp``, ``fp = predicted - tp``,
``fn = true - tp``), then ``_prf_divide`` (a zero denominator takes the ``zero_division``
value, class by class), then the average (``_nanaverage`` for precision, recall and F,
``_average`` for Jaccard). The same operations in the same order give the same doubles.
"""

from __future__ import annotations

import enum
import inspect
import math
import numbers
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.confusion_matrix import (
    OMITTED,
    ConfusionMatrix,
    Tallies,
    matrix_form,
    matrix_tallies,
)
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = [
    "Metric",
    "Scores",
    "aggregate",
    "averaging",
    "beta_value",
    "counts",
    "divide",
    "matrix_of",
    "nan_average",
    "per_class",
    "policy",
    "pos_label_value",
    "required_beta",
    "scores",
]

Counts = npt.NDArray[Any]


class Metric(enum.Enum):
    """Which score of the family is computed."""

    PRECISION = "Precision"
    RECALL = "Recall"
    F = "F-score"
    JACCARD = "Jaccard"


# -- the arguments ----------------------------------------------------------------------


def policy(zero_division: Any) -> ZeroDivision:
    """``zero_division`` as a :class:`ZeroDivision`, refusing anything else."""
    if isinstance(zero_division, ZeroDivision):
        return zero_division
    shown = repr(zero_division)
    raise ArgumentError(
        f"zero_division is {shown if len(shown) <= 60 else shown[:57] + '...'}; it must be "
        "ZeroDivision.ZERO, ONE, NAN or THROW.",
        "zero_division",
    )


def averaging(average: Any) -> Averaging:
    """``average`` as an :class:`Averaging`: a member, or its value (``"macro"``)."""
    return _inputs.choice(
        Averaging, average, "average", " For one score per class, call per_class."
    )


def pos_label_value(pos_label: Any) -> int:
    """``pos_label`` as an ``int``: an integer label, not a bool."""
    if isinstance(pos_label, (bool, np.bool_)) or not isinstance(pos_label, numbers.Integral):
        raise ArgumentError(
            f"pos_label is {_inputs._show(pos_label)}; it must be an integer label.", "pos_label"
        )
    return int(pos_label)


def beta_value(beta: Any) -> float:
    """``beta`` as a finite ``float`` at least 0 whose square is finite: NaN, infinity,
    negatives and values past the square root of the largest double are refused."""
    if isinstance(beta, (bool, np.bool_)) or not isinstance(beta, numbers.Real):
        raise ArgumentError(f"beta is {_inputs._show(beta)}; it must be a number.", "beta")
    value = float(beta)
    if not math.isfinite(value) or value < 0.0:
        raise ArgumentOutOfRangeError(
            f"beta is {_inputs._show(value)}; it must be a finite number at least 0.",
            "beta",
            value,
        )
    if math.isinf(value * value):
        # beta enters squared: past about 1.34e154 the square is no double (scikit-learn's
        # beta ** 2 raises OverflowError there). Refused, as infinity is.
        raise ArgumentOutOfRangeError(
            f"beta is {_inputs._show(value)}; its square overflows a double, so it must be "
            f"at most {math.sqrt(sys.float_info.max):.17g}.",
            "beta",
            value,
        )
    return value


# -- counting ---------------------------------------------------------------------------


def counts(tallies: Tallies, positions: Any = None) -> tuple[Counts, Counts, Counts]:
    """``tp``, ``fp`` and ``fn`` of the labels at ``positions`` among the extended labels
    (the matrix's own labels when omitted), as scikit-learn's
    ``multilabel_confusion_matrix`` forms them: ``fp = predicted - tp``,
    ``fn = true - tp``. The counts stay integers when unweighted and some sample is
    right, as scikit-learn's do.
    """
    where = slice(0, tallies.size) if positions is None else positions
    tp = tallies.tp[where]
    pred_total = tallies.pred_total[where]
    true_total = tallies.true_total[where]
    if tp.dtype != pred_total.dtype:
        tp = tp.astype(np.float64)
    return tp, pred_total - tp, true_total - tp


def divide(numerator: Counts, denominator: Counts, zero: ZeroDivision, what: str) -> FloatArray:
    """``numerator / denominator``, with the policy's value where the denominator is 0:
    scikit-learn's ``_prf_divide``; ``THROW`` raises there instead."""
    missing = denominator == 0
    safe = denominator.astype(np.float64, copy=True)
    safe[missing] = 1.0
    result: FloatArray = numerator.astype(np.float64) / safe
    if missing.any():
        if zero is ZeroDivision.THROW:
            raise UndefinedMetricError(
                f"{what} is undefined: a denominator is zero (no sample contributes to it). "
                "Pass ZeroDivision.ZERO, ONE or NAN for a value instead."
            )
        result[missing] = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(zero, np.nan)
    return result


def scores(
    metric: Metric,
    tp: Counts,
    fp: Counts,
    fn: Counts,
    zero: ZeroDivision,
    beta: float = 1.0,
    micro: bool = False,
) -> FloatArray:
    """The score of each class, or with ``micro`` the one score of the summed counts."""
    if metric is Metric.JACCARD:
        numerator, denominator = tp, tp + fp + fn
        if micro:
            numerator, denominator = _summed(numerator), _summed(denominator)
        return divide(numerator, denominator, zero, metric.value)
    predicted, true = tp + fp, tp + fn
    if micro:
        tp, predicted, true = _summed(tp), _summed(predicted), _summed(true)
    if metric is Metric.PRECISION or (metric is Metric.F and beta == 0.0):
        return divide(tp, predicted, zero, Metric.PRECISION.value)
    if metric is Metric.RECALL or (metric is Metric.F and math.isinf(beta)):
        return divide(tp, true, zero, Metric.RECALL.value)
    beta2 = beta**2
    # F from the counts, never from the divided precision and recall. Near the largest beta
    # the weighted total overflows to infinity, as scikit-learn's does, and F is 0 there:
    # the same number, with no warning.
    with np.errstate(over="ignore"):
        both = beta2 * true.astype(np.float64) + predicted.astype(np.float64)
        return divide((1 + beta2) * tp.astype(np.float64), both, zero, metric.value)


def _summed(values: Counts) -> Counts:
    total: Counts = np.sum(values).reshape(1)
    return total


# -- averaging --------------------------------------------------------------------------


def nan_average(values: FloatArray, weights: Counts | None) -> float:
    """scikit-learn's ``_nanaverage``: the mean of the values that are not NaN, weighted
    when ``weights`` is given, unweighted when those weights sum to zero; NaN when every
    value is NaN."""
    missing = np.isnan(values)
    if values.size == 0 or missing.all():
        return float("nan")
    if weights is None:
        return float(np.nanmean(values))
    kept, kept_weights = values[~missing], weights[~missing]
    try:
        return float(np.average(kept, weights=kept_weights))
    except ZeroDivisionError:
        return float(np.average(kept))


def _plain_average(values: FloatArray, weights: Counts | None) -> float:
    """scikit-learn's ``_average`` as ``jaccard_score`` calls it: NaN is kept; supports
    that are all zero count as no weights; supports that sum to zero otherwise are
    refused."""
    if weights is None or not weights.any():
        return float(np.mean(values))
    total = np.sum(weights.astype(np.float64))
    if total == 0:
        raise ArgumentError(
            "The supports of the labels sum to zero (negative weights): the weighted "
            "average is undefined.",
            "average",
        )
    return float(np.sum(values * weights.astype(np.float64)) / total)


def per_class(cm: ConfusionMatrix, metric: Metric, zero: ZeroDivision, beta: float = 1.0) -> Any:
    """The score of each of the matrix's labels, in its order, as a new array."""
    tp, fp, fn = counts(matrix_tallies(cm))
    return scores(metric, tp, fp, fn, zero, beta)


def aggregate(
    cm: ConfusionMatrix,
    metric: Metric,
    average: Averaging,
    pos_label: int,
    zero: ZeroDivision,
    beta: float = 1.0,
) -> float:
    """One score: the ``pos_label`` class's, the micro score, or an average of the
    per-class scores."""
    tallies = matrix_tallies(cm)
    if average is Averaging.BINARY:
        position = _binary_position(tallies, pos_label)
        if position is None:  # one observed label, not pos_label: nothing counts
            tp = fp = fn = np.zeros(1, dtype=np.int64)
        else:
            tp, fp, fn = counts(tallies, [position])
        return float(scores(metric, tp, fp, fn, zero, beta)[0])
    tp, fp, fn = counts(tallies)
    if average is Averaging.MICRO:
        return float(scores(metric, tp, fp, fn, zero, beta, micro=True)[0])
    values = scores(metric, tp, fp, fn, zero, beta)
    weights = tp + fn if average is Averaging.WEIGHTED else None
    if metric is Metric.JACCARD:
        return _plain_average(values, weights)
    return nan_average(values, weights)


def _binary_position(tallies: Tallies, pos_label: int) -> int | None:
    """Where ``pos_label`` sits among the extended labels, decided as scikit-learn decides
    ``average="binary"``: on the labels observed in ``y_true`` and ``y_pred`` (at most
    two), whatever ``labels`` says. ``None`` when the one observed label is another."""
    observed = tallies.labels[tallies.observed]
    if len(observed) > 2:
        raise ArgumentError(
            f"average is Averaging.BINARY but the target has {len(observed)} labels, "
            f"{_inputs._show(observed.tolist())}; binary averaging needs two at most. Use "
            "MICRO, MACRO or WEIGHTED, or per_class.",
            "average",
        )
    hits = np.flatnonzero((tallies.labels == pos_label) & tallies.observed)
    if hits.size:
        return int(hits[0])
    if len(observed) == 2:
        raise ArgumentError(
            f"pos_label is {pos_label}; it must be one of the observed labels "
            f"{_inputs._show(observed.tolist())}.",
            "pos_label",
        )
    return None


# -- the two forms of every member -------------------------------------------------------


def matrix_of(
    member: str, cm: Any, y_true: Any, y_pred: Any, labels: Any, sample_weight: Any
) -> ConfusionMatrix:
    """The matrix a member reads: ``cm`` in the matrix form, else one counted from the
    labels (``ConfusionMatrix.compute``, with its checks)."""
    matrix = matrix_form(member, cm, y_true, y_pred, labels=labels, sample_weight=sample_weight)
    if matrix is None:
        return ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return matrix


def required_beta(member: str, beta: Any) -> float:
    """``beta``, which ``FBeta``'s members require in both forms."""
    if beta is OMITTED:
        raise TypeError(f"{member}() requires beta")
    return beta_value(beta)


# -- the members of Precision, Recall, F1 and FBeta ----------------------------------------

_DEFAULTS = {
    "average": Averaging.BINARY,
    "pos_label": 1,
    "zero_division": ZeroDivision.ZERO,
    "labels": None,
    "sample_weight": None,
}


def _signature(score: bool, beta: bool, matrix: bool) -> inspect.Signature:
    """The parameters of a member, in the C# order: the labels, ``beta`` where the type
    has it, ``average`` and ``pos_label`` for ``score``, then ``zero_division``,
    ``labels`` and ``sample_weight``; the matrix form's ``cm`` by keyword only, where
    the type has that form (the labels are then optional)."""
    names = ("y_true", "y_pred", *("beta",) * beta, *("average", "pos_label") * score)
    names += ("zero_division", "labels", "sample_weight")
    required = OMITTED if matrix else inspect.Parameter.empty
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    return inspect.Signature(
        [
            *(inspect.Parameter(n, kind, default=_DEFAULTS.get(n, required)) for n in names),
            *[inspect.Parameter("cm", inspect.Parameter.KEYWORD_ONLY, default=OMITTED)] * matrix,
        ],
        return_annotation=float if score else FloatArray,
    )


def _member(name: str, method: str, metric: Metric, beta: bool, matrix: bool) -> Any:
    """``name.method``: the arguments checked in the C# order, then one matrix read."""
    score = method == "score"
    signature = _signature(score, beta, matrix)

    def member(*args: Any, **kwargs: Any) -> Any:
        given = signature.bind(*args, **kwargs)
        given.apply_defaults()
        a = given.arguments
        zero = policy(a["zero_division"])
        if score:
            mode, positive = averaging(a["average"]), pos_label_value(a["pos_label"])
        factor = required_beta(name, a["beta"]) if beta else 1.0
        cm, y_true, y_pred = a.get("cm", OMITTED), a["y_true"], a["y_pred"]
        counted = matrix_of(f"{name}.{method}", cm, y_true, y_pred, a["labels"], a["sample_weight"])
        if score:
            return aggregate(counted, metric, mode, positive, zero, factor)
        return per_class(counted, metric, zero, factor)

    member.__signature__ = signature  # type: ignore[attr-defined]
    return member


_FORMS = """

Two forms, the two C# overloads: with ``y_true`` and ``y_pred`` the matrix is counted
first (``ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)``); with
``cm=`` an already counted matrix is read, and ``labels`` and ``sample_weight`` must
be left out. See ``docs/reference/metrics/classification/{page}.md``.

Raises:
"""
_LABEL_FORM = """

See ``docs/reference/metrics/classification/{page}.md``.

Raises:
"""
_SCORE_RAISES = """\
    ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty; a label
        is not an integer; ``labels`` lists a label twice, or none of its labels
        occurs in ``y_true``; ``sample_weight`` is neither empty nor one finite
        value per sample, or is zero throughout; ``average`` is ``BINARY`` and
        ``y_true`` and ``y_pred`` hold more than two labels, or two of which
        neither is ``pos_label``; ``pos_label`` is not an integer; ``zero_division``
        is not a :class:`ZeroDivision`{more}
    ArgumentOutOfRangeError: ``average`` is not an :class:`Averaging`.
{beta}    UndefinedMetricError: ``zero_division`` is ``THROW`` and a score it needs has
        a zero denominator.
"""
_MATRIX_RAISES = """.
        In the matrix form: ``cm`` is given with ``y_true``, ``y_pred``, ``labels``
        or ``sample_weight``, or is not a ``ConfusionMatrix``.
    ArgumentNullError: ``cm`` is ``None``.
    TypeError: neither ``cm`` nor both label arrays were given."""
_JACCARD_RAISES = """; ``average`` is ``WEIGHTED`` and the
        supports, not all zero, sum to zero."""
_EACH_RAISES = """\
    ArgumentError: as :meth:`score`, less the refusals of ``average`` and
        ``pos_label``.
{beta}    UndefinedMetricError: ``zero_division`` is ``THROW`` and some class's score has
        a zero denominator.
"""
_BETA_RAISES = """\
    ArgumentOutOfRangeError: ``beta`` is negative, NaN or infinite.
    TypeError: ``beta`` was not given.
"""


def _docs(formula: str, each: str, sklearn: str, page: str, beta: bool, matrix: bool) -> Any:
    """The docstrings of ``score`` and ``per_class``."""
    raised, forms = (_BETA_RAISES if beta else ""), (_FORMS if matrix else _LABEL_FORM)
    more = _MATRIX_RAISES if matrix else _JACCARD_RAISES
    return (
        formula + forms.format(page=f"{page}-score") + _SCORE_RAISES.format(beta=raised, more=more),
        f"The {each} of each class: ``{sklearn}(average=None)``, as a new\n``float64`` "
        "array in the order of the matrix's labels."
        + forms.format(page=f"{page}-perclass")
        + _EACH_RAISES.format(beta=raised),
    )


class Scores:
    """What ``Precision``, ``Recall``, ``F1``, ``FBeta`` and ``JaccardScore`` have in
    common: their two members, ``score`` and ``per_class``, in the label form and, but
    for ``JaccardScore``, the matrix form (``cm=``).

    A type states what it computes as class keywords: ``metric``, the one-line summary
    of its ``score`` (``formula``), what it calls one class's value (``each``), the
    scikit-learn function (``sklearn``), its page stem, whether ``beta`` is required, and
    whether it reads a counted matrix (``matrix``).
    """

    score: ClassVar[Callable[..., float]]
    per_class: ClassVar[Callable[..., FloatArray]]

    def __init_subclass__(
        cls,
        *,
        metric: Metric,
        formula: str,
        each: str,
        sklearn: str,
        page: str,
        beta: bool = False,
        matrix: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        docs = _docs(formula, each, sklearn, page, beta, matrix)
        for method, doc in zip(("score", "per_class"), docs, strict=True):
            function = _member(cls.__name__, method, metric, beta, matrix)
            function.__module__, function.__name__ = cls.__module__, method
            function.__qualname__, function.__doc__ = f"{cls.__name__}.{method}", doc
            setattr(cls, method, staticmethod(function))
