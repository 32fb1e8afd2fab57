"""The exact agreement scores of two labellings, counted here without lodestar's table.

The pair counts are whole numbers, exact in any order below ``2**53``: a faithful port
gives them exactly. The Rand index is one quotient of two of them; the adjusted Rand
index ``2·(tp·tn - fn·fp) / ((tp + fn)·(fn + tn) + (tp + fp)·(fp + tn))`` carries the
bounds of its products, differences and quotient (:mod:`equivalence.arith`),
which matter once ``n⁴`` passes ``2**53``. The mutual information carries a logarithm
per cell; a term that the double's epsilon separates from zero only by rounding may be
kept or zeroed, so its magnitude is added to the bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import Approx, Exactly, exact, total
from equivalence.families.mcc.exact import square_root
from lodestar.metrics.clustering._counting import labellings

__all__ = ["EVALUATORS"]

_EPSILON = float(np.finfo(np.float64).eps)
_FIELDS = ("different_in_both", "same_in_predicted_only", "same_in_true_only", "same_in_both")


def contingency_table(
    labels_true: Any, labels_pred: Any
) -> tuple[int, Counter[Any], Counter[Any], Counter[Any]]:
    truth, predicted = (side.tolist() for side in labellings(labels_true, labels_pred))
    return (
        len(truth),
        Counter(zip(truth, predicted, strict=True)),
        Counter(truth),
        Counter(predicted),
    )


def _pairs(labels_true: Any, labels_pred: Any) -> tuple[int, int, int, int]:
    n, cells, rows, columns = contingency_table(labels_true, labels_pred)
    both = sum(c * c for c in cells.values())
    true_sq, pred_sq = (sum(c * c for c in side.values()) for side in (rows, columns))
    return n * n - true_sq - pred_sq + both, pred_sq - both, true_sq - both, both - n


def compute(labels_true: Any, labels_pred: Any) -> dict[str, Exactly]:
    counts = _pairs(labels_true, labels_pred)
    return {name: Exactly(float(c)) for name, c in zip(_FIELDS, counts, strict=True)}


def to_array(labels_true: Any, labels_pred: Any) -> list[list[Exactly]]:
    tn, fp, fn, tp = (Exactly(float(c)) for c in _pairs(labels_true, labels_pred))
    return [[tn, fp], [fn, tp]]


def rand(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    tn, fp, fn, tp = _pairs(labels_true, labels_pred)
    if fp == 0 and fn == 0:
        return Exactly(1.0)
    return exact(tn + tp) / exact(tn + fp + fn + tp)


def adjusted_rand(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    counts = _pairs(labels_true, labels_pred)
    if counts[1] == 0 and counts[2] == 0:
        return Exactly(1.0)
    tn, fp, fn, tp = (exact(c) for c in counts)
    return 2 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))


def information_of_cells(
    n: int, cells: Counter[Any], rows: Counter[Any], columns: Counter[Any]
) -> Approx:
    """The mutual information, ``0`` held exactly for one label on a side."""
    if len(rows) <= 1 or len(columns) <= 1:
        return exact(0)
    log_n = exact(n).log()
    terms = []
    for (t, p), count in cells.items():
        share = exact(count) / exact(n)
        outer = -(exact(rows[t]) * exact(columns[p])).log() + log_n + log_n
        term = share * (exact(count).log() - log_n) + share * outer
        size = abs(float(term.exact))
        if size + term.error < _EPSILON:  # zeroed however it rounds
            continue
        if size - term.error < _EPSILON:  # rounding decides: kept or zeroed
            term = Approx(term.exact, term.error + size)
        terms.append(term)
    return total(terms).clip(0.0, float("inf")) if terms else exact(0)


def entropy(counts: Counter[Any], n: int) -> Approx:
    if len(counts) <= 1:
        return exact(0)
    log_n = exact(n).log()
    return -total((exact(c) / exact(n)) * (exact(c).log() - log_n) for c in counts.values())


def _held(value: Approx) -> Approx | Exactly:
    """A value no rounding touches as the constant it is."""
    return Exactly(float(value.exact)) if value.error == 0 else value


def mutual_information(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    return _held(information_of_cells(*contingency_table(labels_true, labels_pred)))


def _homogeneity_completeness(labels_true: Any, labels_pred: Any) -> tuple[Approx, Approx]:
    n, cells, rows, columns = contingency_table(labels_true, labels_pred)
    if n == 0:
        return exact(1), exact(1)
    information = information_of_cells(n, cells, rows, columns)
    return tuple(  # type: ignore[return-value]
        information / h if len(side) > 1 else exact(1)
        for side, h in ((rows, entropy(rows, n)), (columns, entropy(columns, n)))
    )


def homogeneity(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    return _held(_homogeneity_completeness(labels_true, labels_pred)[0])


def completeness(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    return _held(_homogeneity_completeness(labels_true, labels_pred)[1])


def v_measure(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    h, c = _homogeneity_completeness(labels_true, labels_pred)
    if h.exact == 0 and c.exact == 0 and h.error == 0 and c.error == 0:
        return Exactly(0.0)
    return _held(2 * h * c / (h + c))


def normalized(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    n, cells, rows, columns = contingency_table(labels_true, labels_pred)
    if len(rows) == len(columns) <= 1:
        return Exactly(1.0)
    information = information_of_cells(n, cells, rows, columns)
    if information.exact == 0 and information.error == 0:
        return Exactly(0.0)
    return _held(information / ((entropy(rows, n) + entropy(columns, n)) / 2))


def fowlkes_mallows(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    n, cells, rows, columns = contingency_table(labels_true, labels_pred)
    tk = sum(c * c for c in cells.values()) - n
    if tk == 0:
        return Exactly(0.0)
    pk, qk = (sum(c * c for c in side.values()) - n for side in (columns, rows))
    return _held(square_root(exact(tk) / exact(pk)) * square_root(exact(tk) / exact(qk)))


EVALUATORS: dict[str, Callable[..., Any]] = {
    "PairConfusionMatrix.compute": compute,
    "PairConfusionMatrix.to_array": to_array,
    "RandIndex.score": rand,
    "AdjustedRand.score": adjusted_rand,
    "MutualInformation.score": mutual_information,
    "Homogeneity.score": homogeneity,
    "Completeness.score": completeness,
    "VMeasure.score": v_measure,
    "NormalizedMutualInformation.score": normalized,
    "FowlkesMallows.score": fowlkes_mallows,
}
