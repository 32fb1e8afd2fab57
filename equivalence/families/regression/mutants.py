"""Seeded porting bugs of the mean-type regression members, each one step of the shared
target walk (:mod:`lodestar.metrics.regression._outputs`) or of a member's own term."""

from __future__ import annotations

from typing import Any

from equivalence.mutant import Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_MEANS, _BLOCK = "regression._outputs:column_means", "regression._outputs:_block"
_REDUCE = "regression._outputs:reduce"
_ZERO_SUM = 'raise ArgumentError("Weights sum to zero, can\'t be normalized", "sample_weight")'

#: The shared bugs: a name, what a port got wrong, and its patch.
SHARED: dict[str, tuple[str, Patch]] = {
    "unweighted": (
        "sample weights dropped",
        Patch(_MEANS, "weight = found.weight", "weight = None"),
    ),
    "zero_sum_divides": (
        "weights summing to zero divide (the C# walk does)",
        Patch(_MEANS, _ZERO_SUM, "pass"),
    ),
    "divided_by_count": (
        "the weighted sum divided by the number of samples",
        Patch(_MEANS, "/ total", "/ len(weight)"),
    ),
    "column_major": (
        "a flat block read column by column",
        Patch(_BLOCK, "floats.reshape(-1, outputs)", "floats.reshape(outputs, -1).T"),
    ),
    "non_finite_scored": (
        "NaN and infinity in the targets scored",
        Patch(_MEANS, "refuse_non_finite(found)", "pass"),
    ),
    "columns_unchecked": (
        "a 2-D block of other than output_count columns scored",
        Patch(_BLOCK, "if floats.shape[1] != outputs:", "if False:"),
    ),
    "output_weights_ignored": (
        "output weights ignored: a plain mean",
        Patch(_REDUCE, "if output_weights is None:", "if True:"),
    ),
    "output_weights_by_count": (
        "the weighted output sum divided by the number of outputs",
        Patch(_REDUCE, "/ weights.sum()", "/ weights.size"),
    ),
}


def of(member: str, where: str, shared: str, *own: tuple[Any, ...]) -> tuple[Mutant, ...]:
    """``member``'s bugs: the space-separated ``shared`` ones, then its ``own`` (a name, a
    description, then changes in ``where``)."""
    bug = bugs_of(member, where)
    found = [bug(name, SHARED[name][0], SHARED[name][1]) for name in shared.split()]
    return (*found, *(bug(name, description, *changes) for name, description, *changes in own))


_SQUARE = "np.multiply(out, out, out=out)"
_MSE = "regression.mean_squared_error:squared"
_RMSE = "regression.root_mean_squared_error"
_MAE = "regression.mean_absolute_error:_term"
_MAPE = "regression.mean_absolute_percentage_error"
_MAX = "regression.max_error:MaxError.score"
_ROOTS_SCORE = "_outputs.score(_roots, y_true, y_pred, output_count, sample_weight, output_weights)"
_PER = "unweighted zero_sum_divides divided_by_count column_major non_finite_scored"
_SCORE = "unweighted output_weights_ignored zero_sum_divides output_weights_by_count"
_ABS = "np.abs(out, out=out)"
_CLAMP = "np.maximum(np.abs(truth), EPSILON)"
_DIVIDE = f"np.divide(out, {_CLAMP}, out=out)"
_WORST = "np.max(np.abs(found.truth - found.predicted))"

MUTANTS = (
    *of(
        "MeanSquaredError.score",
        _MSE,
        f"{_SCORE} columns_unchecked",
        ("absolute", "absolute residuals, not squared", (_SQUARE, _ABS)),
    ),
    *of(
        "MeanSquaredError.per_output",
        _MSE,
        _PER,
        ("absolute", "absolute residuals, not squared", (_SQUARE, _ABS)),
    ),
    *of(
        "RootMeanSquaredError.score",
        _RMSE,
        _SCORE,
        (
            "root_per_value",
            "the root of each squared residual averaged: the mean absolute error",
            (
                "np.sqrt(squared_errors(found))",
                "_outputs.term_means(\n"
                "    lambda t, p, out: np.abs(np.subtract(t, p, out=out), out=out), found\n"
                ")",
            ),
        ),
    ),
    *of(
        "RootMeanSquaredError.per_output",
        _RMSE,
        _PER,
        (
            "unrooted",
            "the mean squared error, not rooted",
            ("np.sqrt(squared_errors(found))", "squared_errors(found)"),
        ),
    ),
    *of(
        "MeanAbsoluteError.score",
        _MAE,
        _SCORE,
        ("signed", "signed residuals averaged", (_ABS, "pass")),
    ),
    *of(
        "MeanAbsoluteError.per_output",
        _MAE,
        _PER,
        ("squared", "squared residuals averaged", (_ABS, _SQUARE)),
    ),
    *of(
        "MeanAbsolutePercentageError.score",
        _MAPE,
        _SCORE,
        ("unclamped", "a zero truth divides by zero", (_CLAMP, "np.abs(found.truth)")),
    ),
    *of(
        "MeanAbsolutePercentageError.per_output",
        _MAPE,
        _PER,
        (
            "relative_to_prediction",
            "divided by the prediction",
            (_CLAMP, _CLAMP.replace("truth", "predicted")),
        ),
        (
            "percent",
            "a percentage, not a fraction",
            (_DIVIDE, f"{_DIVIDE}\nnp.multiply(out, 100.0, out=out)"),
        ),
        (
            "float32_epsilon",
            "clamped at float32's epsilon",
            ("EPSILON)", "np.finfo(np.float32).eps)"),
        ),
    ),
    *of(
        "MaxError.score",
        _MAX,
        "columns_unchecked",
        (
            "truncates",
            "blocks of different lengths paired up to the shorter",
            Patch("regression._outputs:targets", "if truth.shape != predicted.shape:", "if False:"),
            (
                _WORST,
                "np.max(np.abs(found.truth[: len(found.predicted)] - "
                "found.predicted[: len(found.truth)]))",
            ),
        ),
        (
            "signed",
            "the largest signed residual",
            (_WORST, "np.max(found.truth - found.predicted)"),
        ),
        ("smallest", "the smallest residual", (_WORST, _WORST.replace("np.max", "np.min"))),
        (
            "empty_is_zero",
            "empty input answers 0, as a loop from 0 would",
            Patch("regression._outputs:targets", "if truth.size == 0:", "if False:"),
            (_WORST, _WORST.replace("predicted)", "predicted), initial=0.0")),
        ),
        (
            "non_finite_scored",
            "NaN and infinity scored",
            ("_outputs.refuse_non_finite(found)", "pass"),
        ),
    ),
)
