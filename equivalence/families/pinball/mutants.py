"""Seeded porting bugs of ``PinballLoss``, ``D2Pinball`` and ``D2AbsoluteError``: the two
rates swapped or ignored, ``alpha`` let through, the baseline taken by another quantile
method or without its weights, the zero-denominator rule of the C# code, the policy
below two samples forgotten."""

from __future__ import annotations

from equivalence.families.regression.mutants import of
from equivalence.mutant import Patch

__all__ = ["MUTANTS"]

_LOSS = "regression.pinball_loss"
_D2 = "regression.d2_pinball"
_QUANTILE = "regression._quantile:quantiles"
_SCORE = "unweighted output_weights_ignored zero_sum_divides"
_OVER, _UNDER = "over = residual * (alpha - 1.0)", "np.multiply(residual, alpha, out=residual)"
_ALPHA = "if not 0.0 <= value <= 1.0:"

SWAPPED = (
    "swapped",
    "a shortfall charged 1 - alpha and an overshoot alpha",
    Patch(f"{_LOSS}:losses", _OVER, "over = residual * -alpha"),
    Patch(f"{_LOSS}:losses", _UNDER, "np.multiply(residual, 1.0 - alpha, out=residual)"),
)
HALF_ABSOLUTE = (
    "half_absolute",
    "alpha ignored: half the absolute residual",
    Patch(f"{_LOSS}:losses", _OVER, "over = residual * -0.5"),
    Patch(f"{_LOSS}:losses", _UNDER, "np.multiply(residual, 0.5, out=residual)"),
)
UNAVERAGED = (
    "unaveraged",
    "the baseline by the inverted CDF, never averaging two order statistics",
    Patch(_QUANTILE, "np.where(cdf[columns, found] - target > EPSILON, low, averaged)", "low"),
)
LINEAR = (
    "linear_percentile",
    "the unweighted baseline by numpy.percentile's linear interpolation (before 1.9)",
    Patch(
        _QUANTILE,
        "order = np.argsort(truth, axis=0)",
        "if weight is None:\n    return np.percentile(truth, alpha * 100, axis=0)\n"
        "order = np.argsort(truth, axis=0)",
    ),
)
_ZERO_RULE = "scores[(numerator != 0) & (denominator == 0)] = 0.0"
CONSTANT_IS_ZERO = (
    "constant_is_zero",
    "a zero baseline answers 0 even for a perfect prediction (the C# D2Quantile)",
    Patch(f"{_D2}:_scores", _ZERO_RULE, "scores[denominator == 0] = 0.0"),
)
MEAN_BASELINE = (
    "mean_baseline",
    "the baseline predicts the weighted mean, as R² does",
    Patch(
        f"{_D2}:_scores",
        "constant = quantiles(found.truth, found.weight, quantile)",
        "constant = np.average(found.truth, axis=0, weights=found.weight)",
    ),
)
BASELINE_UNWEIGHTED = (
    "baseline_unweighted",
    "the baseline quantile taken without the weights",
    Patch(_QUANTILE, "if weight is None:", "if True:"),
)
_FEW = 'too_few_samples(policy, found.outputs, "D² pinball")'
POLICY_IGNORED = (
    "policy_ignored",
    "zero_division ignored: NaN below two samples",
    Patch(f"{_D2}:_per_output", _FEW, _FEW.replace("policy", "ZeroDivision.NAN")),
)
ONE_SAMPLE_SCORED = (
    "one_sample_scored",
    "one sample scored by the formula",
    Patch(f"{_D2}:_per_output", "if found.samples < 2:", "if found.samples < 1:"),
)
UNMASKED = (
    "unmasked",
    "a zero baseline divides",
    Patch(
        f"{_D2}:_scores", "valid = (numerator != 0) & (denominator != 0)", "valid = numerator != 0"
    ),
    Patch(f"{_D2}:_scores", _ZERO_RULE, "pass"),
)

MUTANTS = (
    *of(
        "PinballLoss.score",
        _LOSS,
        _SCORE,
        SWAPPED,
        ("minimum", "the smaller of the two products", ("np.maximum(", "np.minimum(")),
        ("alpha_unchecked", "alpha outside [0, 1] scored", (_ALPHA, "if value != value:")),
    ),
    *of(
        "PinballLoss.per_output",
        _LOSS,
        "unweighted divided_by_count column_major",
        HALF_ABSOLUTE,
        (
            "nan_alpha_accepted",
            "alpha checked as alpha < 0 or alpha > 1, which NaN passes",
            (_ALPHA, "if value < 0.0 or value > 1.0:"),
        ),
    ),
    *of(
        "D2Pinball.score",
        _D2,
        "unweighted output_weights_ignored",
        UNAVERAGED,
        SWAPPED,
        CONSTANT_IS_ZERO,
        MEAN_BASELINE,
    ),
    *of(
        "D2Pinball.per_output",
        _D2,
        "unweighted",
        LINEAR,
        POLICY_IGNORED,
        ONE_SAMPLE_SCORED,
        BASELINE_UNWEIGHTED,
        UNMASKED,
    ),
    *of(
        "D2AbsoluteError.score",
        _D2,
        "unweighted output_weights_ignored",
        CONSTANT_IS_ZERO,
        UNMASKED,
        MEAN_BASELINE,
    ),
    *of(
        "D2AbsoluteError.per_output",
        _D2,
        "unweighted",
        UNAVERAGED,
        POLICY_IGNORED,
        BASELINE_UNWEIGHTED,
        ONE_SAMPLE_SCORED,
    ),
)
