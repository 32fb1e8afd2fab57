"""The table of benchmarked members: one :class:`Case` per member (or per input variant).

A case names the member, builds its inputs for a size ``n`` and a class count, and binds
three calls on those inputs: lodestar's member, its scikit-learn counterpart, and the
floor, one NumPy reduction over each input array (row by row over a matrix, the way the
members read it). A metric that looks at every value cannot cost less than the floor.

A binder imports what it calls, so a member whose module does not import is reported as
unavailable instead of stopping the run. Adding a member is adding one :class:`Case`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "CASES",
    "CLASS_COUNTS",
    "DCG_MAX_ROWS",
    "DCG_MAX_SCORES",
    "FULL_SIZES",
    "IMAGENET",
    "LABEL_CLASSES",
    "MAX_SCORES",
    "QUICK_MAX_SCORES",
    "QUICK_SIZES",
    "Case",
    "Cell",
    "Inputs",
    "cells",
]

#: Sample counts of a full run.
FULL_SIZES = (1_000, 100_000, 1_000_000)
#: Sample counts of ``--quick``.
QUICK_SIZES = (1_000, 10_000)
#: Class counts for the members that take a score or probability matrix.
CLASS_COUNTS = (2, 10, 1_000)
#: Classes drawn for the members that take label vectors.
LABEL_CLASSES = 10
#: At most this many values in one matrix of the grid (80 MB of float64): at 1 000 classes
#: the largest ``n`` is 10 000. The ImageNet-shaped case below is added on its own.
MAX_SCORES = 10_000_000
#: The same cap under ``--quick``.
QUICK_MAX_SCORES = 1_000_000
#: The caps for ``Dcg`` and ``Ndcg``: scikit-learn averages tied scores row by row in a
#: Python loop (about 0.1 ms a row), so 10⁶ rows would take minutes a call.
DCG_MAX_SCORES = 1_000_000
DCG_MAX_ROWS = 100_000

Inputs = Mapping[str, Any]
Bound = Callable[[], Any]
Binder = Callable[[Inputs], Bound]
Builder = Callable[[np.random.Generator, int, int], dict[str, Any]]


@dataclass(frozen=True)
class Cell:
    """One size: ``n`` samples (rows) of ``classes`` classes."""

    n: int
    classes: int


@dataclass(frozen=True)
class Case:
    """One member on one kind of input.

    ``matrix`` says the inputs hold ``n × classes`` values, so ``max_values`` (by
    default :data:`MAX_SCORES`) caps them; ``max_rows`` caps ``n`` whatever the class
    count. ``classes`` are the class counts of the grid.
    ``only`` replaces the grid by the listed cells; ``extra`` adds cells to a full run
    (the targets' sizes).
    """

    member: str
    build: Builder
    lodestar: Binder
    sklearn: Binder
    floor: Binder
    sklearn_call: str
    floor_call: str
    variant: str = ""
    classes: tuple[int, ...] = (LABEL_CLASSES,)
    matrix: bool = False
    only: tuple[Cell, ...] = ()
    extra: tuple[Cell, ...] = field(default=())
    max_values: int = MAX_SCORES
    max_rows: int | None = None

    @property
    def name(self) -> str:
        """The member, and the variant in brackets when there is one."""
        return f"{self.member} ({self.variant})" if self.variant else self.member


def cells(case: Case, quick: bool) -> list[Cell]:
    """The sizes ``case`` runs at, smallest first.

    A matrix bigger than the cap is cut to the cap's number of rows (so at 1 000
    classes the sizes past 10 000 all become 10 000, run once).
    """
    if case.only:
        return [] if quick else list(case.only)
    sizes = QUICK_SIZES if quick else FULL_SIZES
    cap = min(case.max_values, QUICK_MAX_SCORES) if quick else case.max_values
    found: list[Cell] = []
    for classes in case.classes:
        for n in sizes:
            rows = min(n, cap // classes) if case.matrix else n
            if case.max_rows is not None:
                rows = min(rows, case.max_rows)
            cell = Cell(rows, classes)
            if cell not in found:
                found.append(cell)
    if not quick:
        found += [cell for cell in case.extra if cell not in found]
    return sorted(found, key=lambda cell: (cell.classes, cell.n))


# -- inputs ---------------------------------------------------------------------------------


def _labels(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """True and predicted labels; the prediction is right about 70 % of the time."""
    y_true = rng.integers(0, classes, n)
    y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, classes, n))
    return {"y_true": y_true, "y_pred": y_pred, "classes": classes}


def _binary(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Labels 0 and 1 and the probability of label 1, strictly inside ``(0, 1)``."""
    y_true = rng.integers(0, 2, n)
    y_proba = np.clip(0.35 * y_true + 0.65 * rng.random(n), 1e-6, 1 - 1e-6)
    return {"y_true": y_true, "y_proba": y_proba, "classes": 2}


def _scores(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Continuous scores in ``[0, 1)``: no two equal in practice."""
    return {
        "y_true": rng.integers(0, classes, n),
        "y_score": rng.random((n, classes)),
        "classes": classes,
        "k": _k(classes),
        "labels": np.arange(classes),
    }


def _tied_scores(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Scores drawn from ``{0, 1/4, 1/2, 3/4}``: every row is full of ties."""
    inputs = _scores(rng, n, classes)
    inputs["y_score"] = rng.integers(0, 4, (n, classes)) / 4
    return inputs


def _probabilities(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Rows of probabilities summing to 1 (up to rounding), and true labels."""
    proba = rng.random((n, classes)) + 1e-3
    proba /= proba.sum(axis=1, keepdims=True)
    return {
        "y_true": rng.integers(0, classes, n),
        "y_proba": proba,
        "classes": classes,
        "labels": np.arange(classes),
    }


def _relevance(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Graded relevance in ``{0, 1, 2, 3}`` and continuous scores, ``n`` rows of
    ``classes`` documents."""
    return {
        "y_true": rng.integers(0, 4, (n, classes)).astype(np.float64),
        "y_score": rng.random((n, classes)),
        "classes": classes,
    }


def _k(classes: int) -> int:
    """``k = 5``, ImageNet's, or 1 where there are too few classes for 5 to mean anything."""
    return 5 if classes > 5 else 1


# -- floors: one reduction over each input array --------------------------------------------


def _labels_floor(x: Inputs) -> Bound:
    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: (np.max(y_true), np.max(y_pred))


def _binary_floor(x: Inputs) -> Bound:
    y_true, y_proba = x["y_true"], x["y_proba"]
    return lambda: (np.max(y_true), np.max(y_proba))


def _scores_floor(x: Inputs) -> Bound:
    y_true, y_score = x["y_true"], x["y_score"]
    return lambda: (np.max(y_true), np.max(y_score, axis=1))


def _proba_floor(x: Inputs) -> Bound:
    y_true, y_proba = x["y_true"], x["y_proba"]
    return lambda: (np.max(y_true), np.max(y_proba, axis=1))


def _relevance_floor(x: Inputs) -> Bound:
    y_true, y_score = x["y_true"], x["y_score"]
    return lambda: (np.max(y_true, axis=1), np.max(y_score, axis=1))


_LABELS_FLOOR = "np.max(y_true), np.max(y_pred)"
_BINARY_FLOOR = "np.max(y_true), np.max(y_proba)"
_SCORES_FLOOR = "np.max(y_true), np.max(y_score, axis=1)"
_PROBA_FLOOR = "np.max(y_true), np.max(y_proba, axis=1)"
_RELEVANCE_FLOOR = "np.max(y_true, axis=1), np.max(y_score, axis=1)"


# -- lodestar ---------------------------------------------------------------------------------


def _accuracy(x: Inputs) -> Bound:
    from lodestar.metrics.classification.accuracy import Accuracy

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: Accuracy.score(y_true, y_pred)


def _accuracy_of_matrix(x: Inputs) -> Bound:
    from lodestar.metrics.classification.accuracy import Accuracy
    from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: Accuracy.score(cm=ConfusionMatrix.compute(y_true, y_pred))


def _balanced_accuracy(x: Inputs) -> Bound:
    from lodestar.metrics.classification.balanced_accuracy import BalancedAccuracy

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: BalancedAccuracy.score(y_true, y_pred)


def _balanced_accuracy_of_matrix(x: Inputs) -> Bound:
    from lodestar.metrics.classification.balanced_accuracy import BalancedAccuracy
    from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: BalancedAccuracy.score(cm=ConfusionMatrix.compute(y_true, y_pred))


def _cohen_kappa(x: Inputs) -> Bound:
    from lodestar.metrics.classification.cohen_kappa import CohenKappa

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: CohenKappa.score(y_true, y_pred)


def _cohen_kappa_of_matrix(x: Inputs) -> Bound:
    from lodestar.metrics.classification.cohen_kappa import CohenKappa
    from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: CohenKappa.score(cm=ConfusionMatrix.compute(y_true, y_pred))


def _mcc(x: Inputs) -> Bound:
    from lodestar.metrics.classification.matthews_correlation import MatthewsCorrelation

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: MatthewsCorrelation.score(y_true, y_pred)


def _mcc_of_matrix(x: Inputs) -> Bound:
    from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix
    from lodestar.metrics.classification.matthews_correlation import MatthewsCorrelation

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: MatthewsCorrelation.score(cm=ConfusionMatrix.compute(y_true, y_pred))


def _likelihood_ratios(x: Inputs) -> Bound:
    from lodestar.metrics.classification.likelihood_ratios import LikelihoodRatios

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: LikelihoodRatios.compute(y_true, y_pred)


def _confusion_matrix(x: Inputs) -> Bound:
    from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: ConfusionMatrix.compute(y_true, y_pred)


def _confusion_array(x: Inputs) -> Bound:
    from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: ConfusionMatrix.compute(y_true, y_pred).to_array("true")


def _report(x: Inputs) -> Bound:
    from lodestar.metrics.classification.classification_report import ClassificationReport

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: ClassificationReport.compute(y_true, y_pred)


def _report_text(x: Inputs) -> Bound:
    from lodestar.metrics.classification.classification_report import ClassificationReport

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: ClassificationReport.compute(y_true, y_pred).to_text()


def _brier(x: Inputs) -> Bound:
    from lodestar.metrics.classification.brier_score import BrierScore

    y_true, y_proba = x["y_true"], x["y_proba"]
    return lambda: BrierScore.score(y_true, y_proba)


def _brier_multi(x: Inputs) -> Bound:
    from lodestar.metrics.classification.brier_score import BrierScore

    y_true, y_proba, classes = x["y_true"], x["y_proba"], x["classes"]
    return lambda: BrierScore.multi_class(y_true, y_proba, classes)


def _log_loss(x: Inputs) -> Bound:
    from lodestar.metrics.classification.log_loss import LogLoss

    y_true, y_proba = x["y_true"], x["y_proba"]
    return lambda: LogLoss.score(y_true, y_proba)


def _log_loss_multi(x: Inputs) -> Bound:
    from lodestar.metrics.classification.log_loss import LogLoss

    y_true, y_proba, classes = x["y_true"], x["y_proba"], x["classes"]
    return lambda: LogLoss.multi_class(y_true, y_proba, classes)


def _top_k(x: Inputs) -> Bound:
    from lodestar.metrics.ranking.top_k_accuracy import TopKAccuracy

    y_true, y_score, classes, k = x["y_true"], x["y_score"], x["classes"], x["k"]
    return lambda: TopKAccuracy.score(y_true, y_score, classes, k=k)


def _dcg(x: Inputs) -> Bound:
    from lodestar.metrics.ranking.dcg import Dcg

    y_true, y_score, classes = x["y_true"], x["y_score"], x["classes"]
    return lambda: Dcg.score(y_true, y_score, classes)


def _ndcg(x: Inputs) -> Bound:
    from lodestar.metrics.ranking.dcg import Ndcg

    y_true, y_score, classes = x["y_true"], x["y_score"], x["classes"]
    return lambda: Ndcg.score(y_true, y_score, classes)


# -- scikit-learn -----------------------------------------------------------------------------


def _sk_accuracy(x: Inputs) -> Bound:
    from sklearn.metrics import accuracy_score

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: accuracy_score(y_true, y_pred)


def _sk_accuracy_of_matrix(x: Inputs) -> Bound:
    from sklearn.metrics import confusion_matrix

    y_true, y_pred = x["y_true"], x["y_pred"]

    def call() -> float:
        cm = confusion_matrix(y_true, y_pred)
        return float(np.trace(cm) / cm.sum())

    return call


def _sk_mcc(x: Inputs) -> Bound:
    from sklearn.metrics import matthews_corrcoef

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: matthews_corrcoef(y_true, y_pred)


def _sk_balanced_accuracy(x: Inputs) -> Bound:
    from sklearn.metrics import balanced_accuracy_score

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: balanced_accuracy_score(y_true, y_pred)


def _sk_cohen_kappa(x: Inputs) -> Bound:
    from sklearn.metrics import cohen_kappa_score

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: cohen_kappa_score(y_true, y_pred)


def _sk_likelihood_ratios(x: Inputs) -> Bound:
    from sklearn.metrics import class_likelihood_ratios

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: class_likelihood_ratios(y_true, y_pred)


def _sk_confusion_matrix(x: Inputs) -> Bound:
    from sklearn.metrics import confusion_matrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: confusion_matrix(y_true, y_pred)


def _sk_confusion_array(x: Inputs) -> Bound:
    from sklearn.metrics import confusion_matrix

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: confusion_matrix(y_true, y_pred, normalize="true")


def _sk_report(x: Inputs) -> Bound:
    from sklearn.metrics import classification_report

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: classification_report(y_true, y_pred, zero_division=0.0, output_dict=True)


def _sk_report_text(x: Inputs) -> Bound:
    from sklearn.metrics import classification_report

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: classification_report(y_true, y_pred, zero_division=0.0)


def _sk_brier(x: Inputs) -> Bound:
    from sklearn.metrics import brier_score_loss

    y_true, y_proba = x["y_true"], x["y_proba"]
    return lambda: brier_score_loss(y_true, y_proba)


def _sk_brier_multi(x: Inputs) -> Bound:
    from sklearn.metrics import brier_score_loss

    y_true, y_proba, labels = x["y_true"], x["y_proba"], x["labels"]
    return lambda: brier_score_loss(y_true, y_proba, labels=labels, scale_by_half=False)


def _sk_log_loss(x: Inputs) -> Bound:
    from sklearn.metrics import log_loss

    y_true, y_proba = x["y_true"], x["y_proba"]
    return lambda: log_loss(y_true, y_proba)


def _sk_log_loss_multi(x: Inputs) -> Bound:
    from sklearn.metrics import log_loss

    y_true, y_proba, labels = x["y_true"], x["y_proba"], x["labels"]
    return lambda: log_loss(y_true, y_proba, labels=labels)


def _sk_top_k(x: Inputs) -> Bound:
    from sklearn.metrics import top_k_accuracy_score

    y_true, y_score, k, labels = x["y_true"], x["y_score"], x["k"], x["labels"]
    if x["classes"] == 2:
        # scikit-learn takes a binary problem as the score of the greater label alone.
        column = y_score[:, 1]
        return lambda: top_k_accuracy_score(y_true, column, k=k, labels=labels)
    return lambda: top_k_accuracy_score(y_true, y_score, k=k, labels=labels)


def _sk_dcg(x: Inputs) -> Bound:
    from sklearn.metrics import dcg_score

    y_true, y_score = x["y_true"], x["y_score"]
    return lambda: dcg_score(y_true, y_score)


def _sk_ndcg(x: Inputs) -> Bound:
    from sklearn.metrics import ndcg_score

    y_true, y_score = x["y_true"], x["y_score"]
    return lambda: ndcg_score(y_true, y_score)


#: ImageNet validation's shape: 50 000 images, 1 000 classes (and ``k = 5``).
IMAGENET = Cell(50_000, 1_000)

# -- the precision/recall family: macro average and per class, on the label inputs --------

_PRF = {
    "Precision": "precision_score",
    "Recall": "recall_score",
    "F1": "f1_score",
    "FBeta": "fbeta_score",
    "JaccardScore": "jaccard_score",
}


def _prf_case(name: str, method: str) -> Case:
    """``name.method`` against its scikit-learn function, macro-averaged for ``score``."""
    function = _PRF[name]
    extra: dict[str, Any] = {"beta": 2.0} if name == "FBeta" else {}
    average = "macro" if method == "score" else None

    def ours(x: Inputs) -> Bound:
        import lodestar.metrics

        member = getattr(getattr(lodestar.metrics, name), method)
        y_true, y_pred = x["y_true"], x["y_pred"]
        if method == "score":
            return lambda: member(y_true, y_pred, average="macro", **extra)
        return lambda: member(y_true, y_pred, **extra)

    def theirs(x: Inputs) -> Bound:
        import sklearn.metrics

        call = getattr(sklearn.metrics, function)
        y_true, y_pred = x["y_true"], x["y_pred"]
        return lambda: call(y_true, y_pred, average=average, zero_division=0.0, **extra)

    shown = ", beta=2.0" if extra else ""
    return Case(
        f"{name}.{method}",
        _labels,
        ours,
        theirs,
        _labels_floor,
        f"{function}(y_true, y_pred{shown}, average={average!r}, zero_division=0.0)",
        _LABELS_FLOOR,
    )


_PRF_CASES = tuple(_prf_case(name, method) for name in _PRF for method in ("score", "per_class"))


#: The clustering family's agreement members, each with its scikit-learn function (in
#: ``sklearn.metrics.cluster``): two labellings of 10 and of 1 000 clusters.
_CLUSTERING = (
    ("PairConfusionMatrix.compute", "pair_confusion_matrix"),
    ("PairConfusionMatrix.to_array", "pair_confusion_matrix"),
    ("RandIndex.score", "rand_score"),
    ("AdjustedRand.score", "adjusted_rand_score"),
    ("MutualInformation.score", "mutual_info_score"),
    ("Homogeneity.score", "homogeneity_score"),
    ("Completeness.score", "completeness_score"),
    ("VMeasure.score", "v_measure_score"),
    ("NormalizedMutualInformation.score", "normalized_mutual_info_score"),
    ("FowlkesMallows.score", "fowlkes_mallows_score"),
)


def _clustering_case(member: str, function: str) -> Case:
    kind, method = member.split(".")

    def ours(x: Inputs) -> Bound:
        import lodestar.metrics

        y_true, y_pred = x["y_true"], x["y_pred"]
        if method == "to_array":
            compute = lodestar.metrics.PairConfusionMatrix.compute
            return lambda: compute(y_true, y_pred).to_array()
        call = getattr(getattr(lodestar.metrics, kind), method)
        return lambda: call(y_true, y_pred)

    def theirs(x: Inputs) -> Bound:
        import sklearn.metrics.cluster

        call = getattr(sklearn.metrics.cluster, function)
        y_true, y_pred = x["y_true"], x["y_pred"]
        return lambda: call(y_true, y_pred)

    return Case(
        member,
        _labels,
        ours,
        theirs,
        _labels_floor,
        f"{function}(labels_true, labels_pred)",
        _LABELS_FLOOR,
        classes=(LABEL_CLASSES, 1_000),
    )


_CLUSTERING_CASES = tuple(_clustering_case(member, function) for member, function in _CLUSTERING)


CASES: tuple[Case, ...] = (
    Case(
        "Accuracy.score",
        _labels,
        _accuracy,
        _sk_accuracy,
        _labels_floor,
        "accuracy_score(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "Accuracy.score[cm]",
        _labels,
        _accuracy_of_matrix,
        _sk_accuracy_of_matrix,
        _labels_floor,
        "cm = confusion_matrix(y_true, y_pred); np.trace(cm) / cm.sum()",
        _LABELS_FLOOR,
    ),
    Case(
        "BalancedAccuracy.score",
        _labels,
        _balanced_accuracy,
        _sk_balanced_accuracy,
        _labels_floor,
        "balanced_accuracy_score(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "BalancedAccuracy.score[cm]",
        _labels,
        _balanced_accuracy_of_matrix,
        _sk_balanced_accuracy,
        _labels_floor,
        "balanced_accuracy_score(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "CohenKappa.score",
        _labels,
        _cohen_kappa,
        _sk_cohen_kappa,
        _labels_floor,
        "cohen_kappa_score(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "CohenKappa.score[cm]",
        _labels,
        _cohen_kappa_of_matrix,
        _sk_cohen_kappa,
        _labels_floor,
        "cohen_kappa_score(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "MatthewsCorrelation.score",
        _labels,
        _mcc,
        _sk_mcc,
        _labels_floor,
        "matthews_corrcoef(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "MatthewsCorrelation.score[cm]",
        _labels,
        _mcc_of_matrix,
        _sk_mcc,
        _labels_floor,
        "matthews_corrcoef(y_true, y_pred)",
        _LABELS_FLOOR,
    ),
    Case(
        "ConfusionMatrix.compute",
        _labels,
        _confusion_matrix,
        _sk_confusion_matrix,
        _labels_floor,
        "confusion_matrix(y_true, y_pred)",
        _LABELS_FLOOR,
        extra=(Cell(10_000_000, LABEL_CLASSES),),
    ),
    Case(
        "ConfusionMatrix.to_array",
        _labels,
        _confusion_array,
        _sk_confusion_array,
        _labels_floor,
        'confusion_matrix(y_true, y_pred, normalize="true")',
        _LABELS_FLOOR,
    ),
    Case(
        "ClassificationReport.compute",
        _labels,
        _report,
        _sk_report,
        _labels_floor,
        "classification_report(y_true, y_pred, zero_division=0.0, output_dict=True)",
        _LABELS_FLOOR,
    ),
    Case(
        "ClassificationReport.to_text",
        _labels,
        _report_text,
        _sk_report_text,
        _labels_floor,
        "classification_report(y_true, y_pred, zero_division=0.0)",
        _LABELS_FLOOR,
    ),
    *_PRF_CASES,
    Case(
        "LikelihoodRatios.compute",
        _labels,
        _likelihood_ratios,
        _sk_likelihood_ratios,
        _labels_floor,
        "class_likelihood_ratios(y_true, y_pred)",
        _LABELS_FLOOR,
        classes=(2,),
    ),
    Case(
        "BrierScore.score",
        _binary,
        _brier,
        _sk_brier,
        _binary_floor,
        "brier_score_loss(y_true, y_proba)",
        _BINARY_FLOOR,
        classes=(2,),
    ),
    Case(
        "LogLoss.score",
        _binary,
        _log_loss,
        _sk_log_loss,
        _binary_floor,
        "log_loss(y_true, y_proba)",
        _BINARY_FLOOR,
        classes=(2,),
    ),
    Case(
        "BrierScore.multi_class",
        _probabilities,
        _brier_multi,
        _sk_brier_multi,
        _proba_floor,
        "brier_score_loss(y_true, y_proba, labels=labels, scale_by_half=False)",
        _PROBA_FLOOR,
        classes=CLASS_COUNTS,
        matrix=True,
    ),
    Case(
        "LogLoss.multi_class",
        _probabilities,
        _log_loss_multi,
        _sk_log_loss_multi,
        _proba_floor,
        "log_loss(y_true, y_proba, labels=labels)",
        _PROBA_FLOOR,
        classes=CLASS_COUNTS,
        matrix=True,
    ),
    Case(
        "TopKAccuracy.score",
        _scores,
        _top_k,
        _sk_top_k,
        _scores_floor,
        "top_k_accuracy_score(y_true, y_score, k=k, labels=labels), y_score[:, 1] at 2 classes",
        _SCORES_FLOOR,
        variant="continuous",
        classes=CLASS_COUNTS,
        matrix=True,
        extra=(IMAGENET,),
    ),
    Case(
        "TopKAccuracy.score",
        _tied_scores,
        _top_k,
        _sk_top_k,
        _scores_floor,
        "top_k_accuracy_score(y_true, y_score, k=k, labels=labels)",
        _SCORES_FLOOR,
        variant="ties",
        classes=(IMAGENET.classes,),
        matrix=True,
        only=(IMAGENET,),
    ),
    Case(
        "Dcg.score",
        _relevance,
        _dcg,
        _sk_dcg,
        _relevance_floor,
        "dcg_score(y_true, y_score)",
        _RELEVANCE_FLOOR,
        classes=CLASS_COUNTS,
        matrix=True,
        max_values=DCG_MAX_SCORES,
        max_rows=DCG_MAX_ROWS,
    ),
    Case(
        "Ndcg.score",
        _relevance,
        _ndcg,
        _sk_ndcg,
        _relevance_floor,
        "ndcg_score(y_true, y_score)",
        _RELEVANCE_FLOOR,
        classes=CLASS_COUNTS,
        matrix=True,
        max_values=DCG_MAX_SCORES,
        max_rows=DCG_MAX_ROWS,
    ),
    *_CLUSTERING_CASES,
)
