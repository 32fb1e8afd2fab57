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
from dataclasses import dataclass, field, replace
from importlib import import_module
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
    "OUTPUT_COUNTS",
    "QUICK_MAX_SCORES",
    "QUICK_SIZES",
    "Case",
    "Cell",
    "Inputs",
    "cells",
    "regression_case",
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
    (the targets' sizes). ``sklearn`` is ``None`` for a member scikit-learn does not
    implement: lodestar is timed alone, against the floor.
    """

    member: str
    build: Builder
    lodestar: Binder
    sklearn: Binder | None
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


def _binary_scores(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Labels 0 and 1 and a score per sample, to three decimals: many ties, as in practice."""
    y_true = rng.integers(0, 2, n)
    y_score = np.round(0.3 * y_true + 0.7 * rng.random(n), 3)
    return {"y_true": y_true, "y_score": y_score, "classes": 2}


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


def _floor(*arrays: tuple[str, int | None]) -> tuple[Binder, str]:
    """The floor over ``arrays`` (an input's key and the axis of its maximum), and its text."""

    def bind(x: Inputs) -> Bound:
        bound = [(x[key], axis) for key, axis in arrays]
        return lambda: tuple(np.max(array, axis=axis) for array, axis in bound)

    shown = [
        f"np.max({key})" if axis is None else f"np.max({key}, axis={axis})" for key, axis in arrays
    ]
    return bind, ", ".join(shown)


_labels_floor, _LABELS_FLOOR = _floor(("y_true", None), ("y_pred", None))
_binary_floor, _BINARY_FLOOR = _floor(("y_true", None), ("y_proba", None))
_scores_floor, _SCORES_FLOOR = _floor(("y_true", None), ("y_score", 1))
_proba_floor, _PROBA_FLOOR = _floor(("y_true", None), ("y_proba", 1))
_relevance_floor, _RELEVANCE_FLOOR = _floor(("y_true", 1), ("y_score", 1))
_binary_scores_floor, _BINARY_SCORES_FLOOR = _floor(("y_true", None), ("y_score", None))


# -- the calls: a member or function bound to some of the inputs -----------------------------


def _bind(
    find: Callable[[], Callable[..., Any]],
    keys: tuple[str, ...],
    named: tuple[str, ...],
    fixed: dict[str, Any],
    then: Callable[[Any], Any] | None,
) -> Binder:
    """A binder calling ``find()`` with the inputs ``keys`` in order, the inputs ``named`` as
    keywords of their own names, and ``fixed``; ``then`` is applied to the answer inside the
    timed call."""

    def bind(x: Inputs) -> Bound:
        call = find()
        args = [x[key] for key in keys]
        kwargs = {key: x[key] for key in named} | fixed
        if then is None:
            return lambda: call(*args, **kwargs)
        return lambda: then(call(*args, **kwargs))

    return bind


def _find(module: str, path: str) -> Callable[[], Callable[..., Any]]:
    """Imports ``module`` and reads the dotted attribute ``path`` from it, when called."""

    def find() -> Callable[..., Any]:
        found: Any = import_module(module)
        for name in path.split("."):
            found = getattr(found, name)
        called: Callable[..., Any] = found
        return called

    return find


def _lodestar_member(path: str) -> Callable[[], Callable[..., Any]]:
    """lodestar's ``Type.member`` at ``"<module>.Type.member"`` under ``lodestar.metrics``."""
    module, owner, member = path.rsplit(".", 2)
    return _find(f"lodestar.metrics.{module}", f"{owner}.{member}")


def _ours(
    path: str,
    *keys: str,
    named: tuple[str, ...] = (),
    then: Callable[[Any], Any] | None = None,
    **fixed: Any,
) -> Binder:
    """lodestar's member at ``path`` (``"<module>.Type.member"`` under ``lodestar.metrics``)."""
    return _bind(_lodestar_member(path), keys, named, fixed, then)


def _ours_of_matrix(path: str) -> Binder:
    """lodestar's member at ``path`` given the confusion matrix, built inside the timed call."""
    matrix = _lodestar_member("classification.confusion_matrix.ConfusionMatrix.compute")
    member = _lodestar_member(path)

    def bind(x: Inputs) -> Bound:
        compute, call = matrix(), member()
        y_true, y_pred = x["y_true"], x["y_pred"]
        return lambda: call(cm=compute(y_true, y_pred))

    return bind


def _theirs(function: str, *keys: str, named: tuple[str, ...] = (), **fixed: Any) -> Binder:
    """scikit-learn's ``sklearn.metrics.<function>``."""
    return _bind(_find("sklearn.metrics", function), keys, named, fixed, None)


_PAIR = ("y_true", "y_pred")
_PROBA = ("y_true", "y_proba")
_RELEVANCE = ("y_true", "y_score")

_accuracy = _ours("classification.accuracy.Accuracy.score", *_PAIR)
_accuracy_of_matrix = _ours_of_matrix("classification.accuracy.Accuracy.score")
_balanced_accuracy = _ours("classification.balanced_accuracy.BalancedAccuracy.score", *_PAIR)
_balanced_accuracy_of_matrix = _ours_of_matrix(
    "classification.balanced_accuracy.BalancedAccuracy.score"
)
_cohen_kappa = _ours("classification.cohen_kappa.CohenKappa.score", *_PAIR)
_cohen_kappa_of_matrix = _ours_of_matrix("classification.cohen_kappa.CohenKappa.score")
_mcc = _ours("classification.matthews_correlation.MatthewsCorrelation.score", *_PAIR)
_mcc_of_matrix = _ours_of_matrix("classification.matthews_correlation.MatthewsCorrelation.score")
_roc_curve = _ours("classification.roc_curve.RocCurve.compute", *_RELEVANCE, pos_label=1)
_likelihood_ratios = _ours("classification.likelihood_ratios.LikelihoodRatios.compute", *_PAIR)
_confusion_matrix = _ours("classification.confusion_matrix.ConfusionMatrix.compute", *_PAIR)
_confusion_array = _ours(
    "classification.confusion_matrix.ConfusionMatrix.compute",
    *_PAIR,
    then=lambda cm: cm.to_array("true"),
)
_report = _ours("classification.classification_report.ClassificationReport.compute", *_PAIR)
_report_text = _ours(
    "classification.classification_report.ClassificationReport.compute",
    *_PAIR,
    then=lambda report: report.to_text(),
)
_brier = _ours("classification.brier_score.BrierScore.score", *_PROBA)
_brier_multi = _ours("classification.brier_score.BrierScore.multi_class", *_PROBA, "classes")
_log_loss = _ours("classification.log_loss.LogLoss.score", *_PROBA)
_log_loss_multi = _ours("classification.log_loss.LogLoss.multi_class", *_PROBA, "classes")
_top_k = _ours("ranking.top_k_accuracy.TopKAccuracy.score", *_RELEVANCE, "classes", named=("k",))
_dcg = _ours("ranking.dcg.Dcg.score", *_RELEVANCE, "classes")
_ndcg = _ours("ranking.dcg.Ndcg.score", *_RELEVANCE, "classes")


def _sk_accuracy_of_matrix(x: Inputs) -> Bound:
    from sklearn.metrics import confusion_matrix

    y_true, y_pred = x["y_true"], x["y_pred"]

    def call() -> float:
        cm = confusion_matrix(y_true, y_pred)
        return float(np.trace(cm) / cm.sum())

    return call


def _sk_top_k(x: Inputs) -> Bound:
    from sklearn.metrics import top_k_accuracy_score

    y_true, y_score, k, labels = x["y_true"], x["y_score"], x["k"], x["labels"]
    if x["classes"] == 2:
        # scikit-learn takes a binary problem as the score of the greater label alone.
        column = y_score[:, 1]
        return lambda: top_k_accuracy_score(y_true, column, k=k, labels=labels)
    return lambda: top_k_accuracy_score(y_true, y_score, k=k, labels=labels)


_sk_accuracy = _theirs("accuracy_score", *_PAIR)
_sk_mcc = _theirs("matthews_corrcoef", *_PAIR)
_sk_balanced_accuracy = _theirs("balanced_accuracy_score", *_PAIR)
_sk_cohen_kappa = _theirs("cohen_kappa_score", *_PAIR)
_sk_likelihood_ratios = _theirs("class_likelihood_ratios", *_PAIR)
_sk_confusion_matrix = _theirs("confusion_matrix", *_PAIR)
_sk_confusion_array = _theirs("confusion_matrix", *_PAIR, normalize="true")
_sk_report = _theirs("classification_report", *_PAIR, zero_division=0.0, output_dict=True)
_sk_report_text = _theirs("classification_report", *_PAIR, zero_division=0.0)
_sk_brier = _theirs("brier_score_loss", *_PROBA)
_sk_roc_curve = _theirs("roc_curve", *_RELEVANCE, pos_label=1)
_sk_brier_multi = _theirs("brier_score_loss", *_PROBA, named=("labels",), scale_by_half=False)
_sk_log_loss = _theirs("log_loss", *_PROBA)
_sk_log_loss_multi = _theirs("log_loss", *_PROBA, named=("labels",))
_sk_dcg = _theirs("dcg_score", *_RELEVANCE)
_sk_ndcg = _theirs("ndcg_score", *_RELEVANCE)


#: ImageNet validation's shape: 50 000 images, 1 000 classes (and ``k = 5``).
IMAGENET = Cell(50_000, 1_000)

# -- the precision/recall family: macro average and per class, on the label inputs --------

_PRF = {
    "Precision": ("precision", "precision_score"),
    "Recall": ("recall", "recall_score"),
    "F1": ("f1", "f1_score"),
    "FBeta": ("f_beta", "fbeta_score"),
    "JaccardScore": ("jaccard_score", "jaccard_score"),
}


def _prf_case(name: str, method: str) -> Case:
    """``name.method`` against its scikit-learn function, macro-averaged for ``score``."""
    module, function = _PRF[name]
    extra: dict[str, Any] = {"beta": 2.0} if name == "FBeta" else {}
    average = "macro" if method == "score" else None
    ours = extra | ({"average": "macro"} if method == "score" else {})
    shown = ", beta=2.0" if extra else ""
    return Case(
        f"{name}.{method}",
        _labels,
        _ours(f"classification.{module}.{name}.{method}", *_PAIR, **ours),
        _theirs(function, *_PAIR, average=average, zero_division=0.0, **extra),
        _labels_floor,
        f"{function}(y_true, y_pred{shown}, average={average!r}, zero_division=0.0)",
        _LABELS_FLOOR,
    )


_PRF_CASES = tuple(_prf_case(name, method) for name in _PRF for method in ("score", "per_class"))


# -- regression -------------------------------------------------------------------------------

#: Output counts of the regression members' grid (the "classes" of their cells).
OUTPUT_COUNTS = (1, 10)


def _targets(rng: np.random.Generator, n: int, outputs: int) -> dict[str, Any]:
    """Normal targets and predictions near them, ``n`` rows of ``outputs`` (flat at one
    output), and positive weights."""
    shape = (n, outputs) if outputs > 1 else (n,)
    y_true = rng.normal(size=shape)
    return {
        "y_true": y_true,
        "y_pred": y_true + 0.3 * rng.normal(size=shape),
        "sample_weight": rng.random(n),
        "classes": outputs,
    }


def _targets_floor(x: Inputs) -> Bound:
    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: (np.max(y_true), np.max(y_pred))


def regression_case(
    name: str, function: str, *, weighted: bool = False, variant: str = "", **fixed: Any
) -> Case:
    """``Type.member`` against ``sklearn.metrics.<function>`` on :func:`_targets`, with the
    sample weights when ``weighted``, and ``fixed`` keyword arguments on both sides
    (``multioutput`` is scikit-learn's alone). A member that takes ``output_count`` is
    given the rows' width; one that does not runs at one output only."""
    type_name, method = name.split(".")

    def ours(x: Inputs) -> Bound:
        import lodestar.metrics

        member = getattr(getattr(lodestar.metrics, type_name), method)
        y_true, y_pred = x["y_true"], x["y_pred"]
        kwargs = {k: v for k, v in fixed.items() if k != "multioutput"}
        if "output_count" in member.__code__.co_varnames:
            kwargs["output_count"] = x["classes"]
        if weighted:
            kwargs["sample_weight"] = x["sample_weight"]
        return lambda: member(y_true, y_pred, **kwargs)

    def theirs(x: Inputs) -> Bound:
        import sklearn.metrics

        call = getattr(sklearn.metrics, function)
        y_true, y_pred = x["y_true"], x["y_pred"]
        kwargs = dict(fixed)
        if weighted:
            kwargs["sample_weight"] = x["sample_weight"]
        return lambda: call(y_true, y_pred, **kwargs)

    shown = "".join(f", {k}={v!r}" for k, v in fixed.items())
    counted = function != "max_error"

    def flat(rng: np.random.Generator, n: int, outputs: int) -> dict[str, Any]:
        return _targets(rng, n * outputs, 1)  # one output: the values a row holds, in a line

    return Case(
        name,
        _targets if counted else flat,
        ours,
        theirs,
        _targets_floor,
        f"{function}(y_true, y_pred{', sample_weight=w' if weighted else ''}{shown})",
        "np.max(y_true), np.max(y_pred)",
        variant=variant,
        classes=OUTPUT_COUNTS if counted else (1,),
        matrix=True,
    )


_RAW: dict[str, Any] = {"multioutput": "raw_values"}
_REGRESSION_CASES = (
    regression_case("MeanSquaredError.score", "mean_squared_error"),
    regression_case(
        "MeanSquaredError.score", "mean_squared_error", weighted=True, variant="weighted"
    ),
    regression_case("MeanSquaredError.per_output", "mean_squared_error", **_RAW),
    regression_case("RootMeanSquaredError.score", "root_mean_squared_error"),
    regression_case("RootMeanSquaredError.per_output", "root_mean_squared_error", **_RAW),
    regression_case("MeanAbsoluteError.score", "mean_absolute_error"),
    regression_case(
        "MeanAbsoluteError.score", "mean_absolute_error", weighted=True, variant="weighted"
    ),
    regression_case("MeanAbsoluteError.per_output", "mean_absolute_error", **_RAW),
    regression_case("MaxError.score", "max_error"),
    regression_case("MeanAbsolutePercentageError.score", "mean_absolute_percentage_error"),
    regression_case(
        "MeanAbsolutePercentageError.per_output", "mean_absolute_percentage_error", **_RAW
    ),
    regression_case("PinballLoss.score", "mean_pinball_loss", alpha=0.9),
    regression_case(
        "PinballLoss.score", "mean_pinball_loss", weighted=True, variant="weighted", alpha=0.9
    ),
    regression_case("PinballLoss.per_output", "mean_pinball_loss", alpha=0.9, **_RAW),
    regression_case("D2Pinball.score", "d2_pinball_score", alpha=0.9),
    regression_case(
        "D2Pinball.score", "d2_pinball_score", weighted=True, variant="weighted", alpha=0.9
    ),
    regression_case("D2Pinball.per_output", "d2_pinball_score", alpha=0.9, **_RAW),
    regression_case("D2AbsoluteError.score", "d2_absolute_error_score"),
    regression_case("D2AbsoluteError.per_output", "d2_absolute_error_score", **_RAW),
)


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
    Case(
        "RocCurve.compute",
        _binary_scores,
        _roc_curve,
        _sk_roc_curve,
        _binary_scores_floor,
        "roc_curve(y_true, y_score, pos_label=1)",
        _BINARY_SCORES_FLOOR,
        classes=(2,),
    ),
    *_REGRESSION_CASES,
)


# -- R2 and ExplainedVariance: regression targets, ``classes`` read as outputs -------------


def _variance_targets(rng: np.random.Generator, n: int, outputs: int) -> dict[str, Any]:
    """Targets in ``[0, ∞)``, the domain every regression member shares."""
    truth = np.abs(rng.normal(size=(n, outputs)))
    noise = rng.normal(scale=0.5, size=(n, outputs))
    return {"y_true": truth, "y_pred": np.abs(truth + noise), "outputs": outputs}


def _variance_floor(x: Inputs) -> Bound:
    return lambda: (np.max(x["y_true"], axis=0), np.max(x["y_pred"], axis=0))


def _weighted_variance_targets(rng: np.random.Generator, n: int, outputs: int) -> dict[str, Any]:
    return {**_variance_targets(rng, n, outputs), "sample_weight": rng.random(n)}


def _variance_case(member: str, function: str, multioutput: str, weighted: bool = False) -> Case:
    """``member`` (``Type.method``) on ``(n, outputs)`` targets against ``function``."""
    type_name, method = member.split(".")

    def mine(x: Inputs) -> Bound:
        import lodestar.metrics

        call = getattr(getattr(lodestar.metrics, type_name), method)
        weight = x.get("sample_weight")
        return lambda: call(x["y_true"], x["y_pred"], x["outputs"], weight)

    def theirs(x: Inputs) -> Bound:
        import sklearn.metrics

        call = getattr(sklearn.metrics, function)
        weight = x.get("sample_weight")
        return lambda: call(x["y_true"], x["y_pred"], multioutput=multioutput, sample_weight=weight)

    return Case(
        member,
        _weighted_variance_targets if weighted else _variance_targets,
        mine,
        theirs,
        _variance_floor,
        f'{function}(y_true, y_pred, multioutput="{multioutput}"'
        + (", sample_weight=sample_weight)" if weighted else ")"),
        "np.max(y_true, axis=0), np.max(y_pred, axis=0)",
        variant="weighted" if weighted else "",
        classes=(1, 10),
        matrix=True,
    )


_VARIANCE_CASES = (
    tuple(
        _variance_case(f"{type_name}.{method}", function, multioutput)
        for type_name, function in (
            ("R2", "r2_score"),
            ("ExplainedVariance", "explained_variance_score"),
        )
        for method, multioutput in (
            ("score", "uniform_average"),
            ("per_output", "raw_values"),
            ("variance_weighted", "variance_weighted"),
        )
    )
    + tuple(
        _variance_case(
            f"MedianAbsoluteError.{method}", "median_absolute_error", multioutput, weighted
        )
        for method, multioutput in (("score", "uniform_average"), ("per_output", "raw_values"))
        for weighted in (False, True)
    )
    + tuple(
        _variance_case(f"{type_name}.{method}", function, multioutput)
        for type_name, function in (
            ("MeanSquaredLogError", "mean_squared_log_error"),
            ("RootMeanSquaredLogError", "root_mean_squared_log_error"),
        )
        for method, multioutput in (("score", "uniform_average"), ("per_output", "raw_values"))
    )
)


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


# -- the matrix forms of the precision/recall family and of the report ---------------------


def _prf_matrix_case(name: str, method: str) -> Case:
    """``name.method[cm]``: the matrix counted from the labels inside the timed call, then
    read, against the label form's scikit-learn call (scikit-learn reads no matrix)."""
    import dataclasses

    matrix = _lodestar_member("classification.confusion_matrix.ConfusionMatrix.compute")
    member = _lodestar_member(f"classification.{_PRF[name][0]}.{name}.{method}")
    extra: dict[str, Any] = {"beta": 2.0} if name == "FBeta" else {}
    if method == "score":
        extra["average"] = "macro"

    def ours(x: Inputs) -> Bound:
        compute, call = matrix(), member()
        y_true, y_pred = x["y_true"], x["y_pred"]
        return lambda: call(cm=compute(y_true, y_pred), **extra)

    label_form = _prf_case(name, method)
    return dataclasses.replace(label_form, member=f"{name}.{method}[cm]", lodestar=ours)


CASES = (
    *CASES,
    *(
        _prf_matrix_case(name, method)
        for name in _PRF
        if name != "JaccardScore"
        for method in ("score", "per_class")
    ),
    Case(
        "ClassificationReport.compute[cm]",
        _labels,
        _ours_of_matrix("classification.classification_report.ClassificationReport.compute"),
        _sk_report,
        _labels_floor,
        "classification_report(y_true, y_pred, zero_division=0.0, output_dict=True)",
        _LABELS_FLOOR,
    ),
    *_VARIANCE_CASES,
    *_CLUSTERING_CASES,
)


# -- the label-ranking members ------------------------------------------------------------

#: The label counts of the label-ranking members, and their row cap: scikit-learn's label
#: ranking loss and average precision loop over the rows in Python (about 0.7 ms a row
#: at 100 labels for the latter), so 10⁴ rows is what a call can take.
LABEL_RANKING_CLASSES = (2, 10, 100)
LABEL_RANKING_MAX_ROWS = 10_000


def _label_matrix(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """A boolean label matrix, about a third of the labels relevant, and scores on a grid
    of 100 values (so that rows have ties), ``n`` rows of ``classes`` labels."""
    return {
        "y_true": rng.random((n, classes)) < 1 / 3,
        "y_score": rng.integers(0, 100, (n, classes)) / 100,
        "classes": classes,
    }


def _label_ranking_case(name: str, function: str) -> Case:
    return Case(
        f"{name}.score",
        _label_matrix,
        _ours(f"ranking.label_ranking.{name}.score", *_RELEVANCE, "classes"),
        _theirs(function, *_RELEVANCE),
        _relevance_floor,
        f"{function}(y_true, y_score)",
        _RELEVANCE_FLOOR,
        classes=LABEL_RANKING_CLASSES,
        matrix=True,
        max_rows=LABEL_RANKING_MAX_ROWS,
    )


CASES = (
    *CASES,
    _label_ranking_case("CoverageError", "coverage_error"),
    _label_ranking_case("LabelRankingLoss", "label_ranking_loss"),
    _label_ranking_case("LabelRankingAveragePrecision", "label_ranking_average_precision_score"),
)


# -- the deviances ----------------------------------------------------------------------------


def _positive_targets(rng: np.random.Generator, n: int, outputs: int) -> dict[str, Any]:
    """Positive targets (gamma-distributed, every power's domain) and positive predictions
    near them, flat: the deviances take one output."""
    y_true = rng.gamma(2.0, size=n * outputs)
    return {
        "y_true": y_true,
        "y_pred": y_true * np.exp(0.3 * rng.normal(size=y_true.size)),
        "sample_weight": rng.random(y_true.size),
        "classes": 1,
    }


def _deviance_case(name: str, function: str, **options: Any) -> Case:
    """``regression_case`` on positive targets at one output."""
    case = regression_case(name, function, **options)
    return replace(case, build=_positive_targets, classes=(1,))


_DEVIANCE_CASES = (
    _deviance_case("TweedieDeviance.score", "mean_tweedie_deviance", power=1.5),
    _deviance_case("TweedieDeviance.score", "mean_tweedie_deviance", variant="power 3", power=3.0),
    _deviance_case("PoissonDeviance.score", "mean_poisson_deviance"),
    _deviance_case(
        "PoissonDeviance.score", "mean_poisson_deviance", weighted=True, variant="weighted"
    ),
    _deviance_case("GammaDeviance.score", "mean_gamma_deviance"),
    _deviance_case("D2Tweedie.score", "d2_tweedie_score", power=1.0),
    _deviance_case(
        "D2Tweedie.score", "d2_tweedie_score", weighted=True, variant="weighted", power=2.0
    ),
)
CASES = (*CASES, *_DEVIANCE_CASES)


# -- HingeLoss: decisions rather than probabilities ----------------------------------------


def _decisions(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Labels and normally spread decisions shifted toward the true class: one per sample
    for two classes, else one per class."""
    y_true = rng.integers(0, classes, n)
    if classes == 2:
        decision = rng.standard_normal(n) + (2.0 * y_true - 1.0)
    else:
        decision = rng.standard_normal((n, classes))
        decision[np.arange(n), y_true] += 1.0
    return {
        "y_true": y_true,
        "pred_decision": decision,
        "classes": classes,
        "labels": np.arange(classes),
    }


_DECISION = ("y_true", "pred_decision")
_decision_floor, _DECISION_FLOOR = _floor(("y_true", None), ("pred_decision", -1))

CASES = (
    *CASES,
    Case(
        "HingeLoss.score",
        _decisions,
        _ours("classification.hinge_loss.HingeLoss.score", *_DECISION),
        _theirs("hinge_loss", *_DECISION),
        _decision_floor,
        "hinge_loss(y_true, pred_decision)",
        _DECISION_FLOOR,
        classes=(2,),
    ),
    Case(
        "HingeLoss.multi_class",
        _decisions,
        _ours("classification.hinge_loss.HingeLoss.multi_class", *_DECISION, "classes"),
        _theirs("hinge_loss", *_DECISION, named=("labels",)),
        _decision_floor,
        "hinge_loss(y_true, pred_decision, labels=labels)",
        _DECISION_FLOOR,
        classes=(3, 10, 1_000),
        matrix=True,
    ),
)


# -- ReciprocalRank: no scikit-learn counterpart, timed against the floor alone --------------


def _judged(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Rows of ``classes`` documents, one in five relevant, and continuous scores."""
    return {
        "relevance": (rng.random((n, classes)) < 0.2).astype(np.float64),
        "y_score": rng.random((n, classes)),
        "classes": classes,
    }


_judged_floor, _JUDGED_FLOOR = _floor(("relevance", 1), ("y_score", 1))

CASES = (
    *CASES,
    Case(
        "ReciprocalRank.score",
        _judged,
        _ours("ranking.reciprocal_rank.ReciprocalRank.score", "relevance", "y_score", "classes"),
        None,
        _judged_floor,
        "none: no scikit-learn counterpart",
        _JUDGED_FLOOR,
        classes=(10, 100),
        matrix=True,
    ),
)


# -- the silhouette: samples of 10 features in 8 clusters, or their distance matrix ----------

#: Features a sample; the cell's ``classes`` is this count.
SILHOUETTE_FEATURES = 10


def _samples(rng: np.random.Generator, n: int, features: int) -> dict[str, Any]:
    return {
        "labels": rng.integers(0, 8, n),
        "features": rng.normal(size=(n, features)) + rng.integers(0, 3, (n, 1)),
    }


def _distances(rng: np.random.Generator, n: int, features: int) -> dict[str, Any]:
    from sklearn.metrics import pairwise_distances

    drawn = _samples(rng, n, features)
    return {"labels": drawn["labels"], "distances": pairwise_distances(drawn["features"])}


def _silhouette_case(method: str) -> Case:
    precomputed = method.endswith("from_distances")
    block = "distances" if precomputed else "features"
    function = "silhouette_score" if method.startswith("score") else "silhouette_samples"
    floor, floor_call = _floor(("labels", None), (block, 1))
    extra: dict[str, Any] = {} if precomputed else {"feature_count": SILHOUETTE_FEATURES}
    return Case(
        f"Silhouette.{method}",
        _distances if precomputed else _samples,
        _bind(
            _lodestar_member(f"clustering.silhouette.Silhouette.{method}"),
            ("labels", block),
            (),
            extra,
            None,
        ),
        _theirs(function, block, "labels", metric="precomputed" if precomputed else "euclidean"),
        floor,
        f"{function}({'D' if precomputed else 'X'}, labels, "
        f"metric={'precomputed' if precomputed else 'euclidean'!r})",
        floor_call,
        classes=(SILHOUETTE_FEATURES,),
        # n² distances: 20 000 samples of features (never held whole), a 5 000² matrix
        max_rows=5_000 if precomputed else 20_000,
        extra=() if precomputed else (Cell(5_000, SILHOUETTE_FEATURES),),
    )


CASES = (
    *CASES,
    *(
        _silhouette_case(method)
        for method in ("score", "per_sample", "score_from_distances", "per_sample_from_distances")
    ),
)


# -- the chance-corrected mutual information and the scores of a clustering's samples ------


#: ``AdjustedMutualInformation.score``: its expectation's sum grows with the cluster count,
#: so it runs at 2, 10 and 100 clusters.
def _ami_ours(x: Inputs) -> Bound:
    call = _lodestar_member(
        "clustering.adjusted_mutual_information.AdjustedMutualInformation.score"
    )()
    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: call(y_true, y_pred)


def _ami_theirs(x: Inputs) -> Bound:
    from sklearn.metrics import adjusted_mutual_info_score

    y_true, y_pred = x["y_true"], x["y_pred"]
    return lambda: adjusted_mutual_info_score(y_true, y_pred)


_AMI_CASE = Case(
    "AdjustedMutualInformation.score",
    _labels,
    _ami_ours,
    _ami_theirs,
    _labels_floor,
    "adjusted_mutual_info_score(labels_true, labels_pred)",
    _LABELS_FLOOR,
    classes=(2, LABEL_CLASSES, 100),
)

#: Features of this many dimensions for the scores of a clustering against its samples.
_FEATURES = 8


def _features(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """``n`` samples of :data:`_FEATURES` coordinates around ``classes`` centres, labelled
    by their centre; every label used at least once."""
    labels = np.concatenate(
        (np.arange(min(classes, n)), rng.integers(0, classes, n - min(classes, n)))
    )
    centres = rng.normal(size=(classes, _FEATURES)) * 5
    return {"labels": labels, "features": centres[labels] + rng.normal(size=(n, _FEATURES))}


def _dispersion_case(member: str, function: str) -> Case:
    kind = member.split(".")[0]
    module = {"CalinskiHarabasz": "calinski_harabasz", "DaviesBouldin": "davies_bouldin"}[kind]
    find = _lodestar_member(f"clustering.{module}.{member}")

    def ours(x: Inputs) -> Bound:
        call, labels, features = find(), x["labels"], x["features"]
        return lambda: call(labels, features, _FEATURES)

    def theirs(x: Inputs) -> Bound:
        import sklearn.metrics

        call, labels, features = getattr(sklearn.metrics, function), x["labels"], x["features"]
        return lambda: call(features, labels)

    floor, floor_call = _floor(("labels", None), ("features", 1))
    return Case(
        member,
        _features,
        ours,
        theirs,
        floor,
        f"{function}(X, labels)",
        floor_call,
        classes=(LABEL_CLASSES, 100),
    )


CASES = (
    *CASES,
    _AMI_CASE,
    _dispersion_case("CalinskiHarabasz.score", "calinski_harabasz_score"),
    _dispersion_case("DaviesBouldin.score", "davies_bouldin_score"),
)


# -- the multilabel members -------------------------------------------------------------------


def _label_matrices(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Two ``n × classes`` boolean label matrices, a label holding 30 % of the time and the
    prediction's labels each right about 90 % of the time."""
    y_true = rng.random((n, classes)) < 0.3
    y_pred = y_true ^ (rng.random((n, classes)) < 0.1)
    return {"y_true": y_true, "y_pred": y_pred, "label_count": classes, "classes": classes}


_matrix_floor, _MATRIX_FLOOR = _floor(("y_true", 1), ("y_pred", 1))
_MATRIX_COUNTS = (5, 100)
_MULTILABEL: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    ("HammingLoss.score", "hamming_loss", "hamming_loss", {}),
    ("ZeroOneLoss.score", "zero_one_loss", "zero_one_loss", {}),
    (
        "MultilabelConfusionMatrix.compute",
        "multilabel_confusion_matrix",
        "multilabel_confusion_matrix",
        {},
    ),
)


def _multilabel_cases() -> tuple[Case, ...]:
    """Each multilabel member over labels and over a label matrix (per row too, for the
    confusion matrices)."""
    found: list[Case] = []
    for member, module, function, fixed in _MULTILABEL:
        path = f"classification.{module}.{member}"
        found.append(
            Case(
                member,
                _labels,
                _ours(path, *_PAIR, **fixed),
                _theirs(function, *_PAIR),
                _labels_floor,
                f"{function}(y_true, y_pred)",
                _LABELS_FLOOR,
            )
        )
        found.append(
            Case(
                f"{member}[matrix]",
                _label_matrices,
                _ours(path, *_PAIR, named=("label_count",)),
                _theirs(function, *_PAIR),
                _matrix_floor,
                f"{function}(y_true, y_pred), two n × label_count boolean matrices",
                _MATRIX_FLOOR,
                classes=_MATRIX_COUNTS,
                matrix=True,
            )
        )
    found.append(
        Case(
            "MultilabelConfusionMatrix.compute[matrix]",
            _label_matrices,
            _ours(
                "classification.multilabel_confusion_matrix.MultilabelConfusionMatrix.compute",
                *_PAIR,
                named=("label_count",),
                samplewise=True,
            ),
            _theirs("multilabel_confusion_matrix", *_PAIR, samplewise=True),
            _matrix_floor,
            "multilabel_confusion_matrix(y_true, y_pred, samplewise=True)",
            _MATRIX_FLOOR,
            variant="samplewise",
            classes=_MATRIX_COUNTS,
            matrix=True,
        )
    )
    return tuple(found)


CASES = (*CASES, *_multilabel_cases())


# -- the other curves of a binary score, the trapezoid and the reliability curve ------------


def _curve_points(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """``n`` points of a rising curve, x to three decimals so that x repeats."""
    return {"x": np.sort(np.round(rng.random(n), 3)), "y": rng.random(n), "classes": 2}


def _calibration_inputs(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """Labels 0 and 1 and a probability per sample, to three decimals."""
    y_true = rng.integers(0, 2, n)
    return {"y_true": y_true, "y_prob": np.round(0.3 * y_true + 0.7 * rng.random(n), 3)}


def _sk_calibration(strategy: str) -> Binder:
    find = _find("sklearn.calibration", "calibration_curve")
    return _bind(find, ("y_true", "y_prob"), (), {"pos_label": 1, "strategy": strategy}, None)


_calibration = "classification.calibration_curve.CalibrationCurve.compute"

CASES = (
    *CASES,
    *(
        Case(
            f"{kind}.compute",
            _binary_scores,
            _ours(f"classification.{module}.{kind}.compute", *_RELEVANCE, pos_label=1),
            _theirs(function, *_RELEVANCE, pos_label=1),
            _binary_scores_floor,
            f"{function}(y_true, y_score, pos_label=1)",
            _BINARY_SCORES_FLOOR,
            classes=(2,),
        )
        for kind, module, function in (
            ("PrecisionRecallCurve", "precision_recall_curve", "precision_recall_curve"),
            ("DetCurve", "det_curve", "det_curve"),
        )
    ),
    Case(
        "Auc.trapezoid",
        _curve_points,
        _ours("classification.auc.Auc.trapezoid", "x", "y"),
        _theirs("auc", "x", "y"),
        _floor(("x", None), ("y", None))[0],
        "auc(x, y)",
        _floor(("x", None), ("y", None))[1],
        classes=(2,),
    ),
    *(
        Case(
            "CalibrationCurve.compute",
            _calibration_inputs,
            _ours(_calibration, "y_true", "y_prob", pos_label=1, strategy=strategy),
            _sk_calibration(strategy),
            _floor(("y_true", None), ("y_prob", None))[0],
            f"calibration_curve(y_true, y_prob, pos_label=1, strategy='{strategy}')",
            _floor(("y_true", None), ("y_prob", None))[1],
            variant=strategy,
            classes=(2,),
        )
        for strategy in ("uniform", "quantile")
    ),
)


# -- the areas under a score's curves ---------------------------------------------------------

_AREAS_CASES = (
    Case(
        "RocAuc.score",
        _binary_scores,
        _ours("classification.roc_auc.RocAuc.score", *_RELEVANCE, pos_label=1),
        _theirs("roc_auc_score", *_RELEVANCE),
        _binary_scores_floor,
        "roc_auc_score(y_true, y_score)",
        _BINARY_SCORES_FLOOR,
        classes=(2,),
    ),
    Case(
        "AveragePrecision.score",
        _binary_scores,
        _ours("ranking.average_precision.AveragePrecision.score", *_RELEVANCE, pos_label=1),
        _theirs("average_precision_score", *_RELEVANCE, pos_label=1),
        _binary_scores_floor,
        "average_precision_score(y_true, y_score, pos_label=1)",
        _BINARY_SCORES_FLOOR,
        classes=(2,),
    ),
    Case(
        "RocAuc.multi_class",
        _probabilities,
        _ours("classification.roc_auc.RocAuc.multi_class", *_PROBA, "classes"),
        _theirs("roc_auc_score", *_PROBA, multi_class="ovr"),
        _proba_floor,
        "roc_auc_score(y_true, y_proba, multi_class='ovr')",
        _PROBA_FLOOR,
        classes=(10,),
        matrix=True,
    ),
)

CASES = (*CASES, *_AREAS_CASES)


# -- the average precision of a label matrix -----------------------------------------------

#: The label counts of the label-matrix average precision, and its cap on the values.
AP_MATRIX_CLASSES = (10, 100)
AP_MATRIX_MAX_SCORES = 1_000_000


def _ap_label_matrix(rng: np.random.Generator, n: int, classes: int) -> dict[str, Any]:
    """:func:`_label_matrix`, with ``label_count`` to pass by keyword."""
    return {**_label_matrix(rng, n, classes), "label_count": classes}


def _ap_matrix_case(averaging: str | None) -> Case:
    path = "ranking.average_precision.AveragePrecision"
    if averaging is None:
        member, ours = (
            "AveragePrecision.per_label",
            _ours(f"{path}.per_label", *_RELEVANCE, "classes"),
        )
    else:
        ours = _ours(f"{path}.score", *_RELEVANCE, named=("label_count",), averaging=averaging)
        member = "AveragePrecision.score[matrix]"
    return Case(
        member,
        _ap_label_matrix,
        ours,
        _theirs("average_precision_score", *_RELEVANCE, average=averaging),
        _relevance_floor,
        f"average_precision_score(y_true, y_score, average={averaging!r})",
        _RELEVANCE_FLOOR,
        variant=averaging or "",
        classes=AP_MATRIX_CLASSES,
        matrix=True,
        max_values=AP_MATRIX_MAX_SCORES,
    )


CASES = (
    *CASES,
    *(_ap_matrix_case(averaging) for averaging in (None, "macro", "weighted", "micro")),
)
