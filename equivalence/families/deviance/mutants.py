"""Seeded porting bugs of the deviance members: each one step of the deviance kernel
(``_deviance``: the power's range, a regime's domain, a formula), of ``D2Tweedie``'s
baseline, or of the shared target walk (:data:`equivalence.families.regression.mutants.SHARED`)."""

from __future__ import annotations

from equivalence.families.variance.mutants import named
from equivalence.mutant import Patch

__all__ = ["MUTANTS"]

_K, _T = "regression._deviance", "regression.deviance"
_STRICT = "outside = block <= 0 if strict else block < 0"

#: Every bug by name: what a port got wrong, and its patch.
BUGS: dict[str, tuple[str, Patch]] = {
    "no_xlogy": (
        "y·log(y/ŷ) not taken as 0 at a zero truth: 0·log(0) is NaN",
        Patch(f"{_K}:_poisson", "np.copyto(out, 0.0, where=truth == 0)", "pass"),
    ),
    "zero_truth_refused": (
        "a zero truth refused in [1, 2) (the Poisson's domain taken as the gamma's)",
        Patch(
            f"{_K}:_allowed",
            'return "non-negative y and strictly positive y_pred", False, True',
            'return "non-negative y and strictly positive y_pred", True, True',
        ),
    ),
    "zero_truth_accepted": (
        "a zero truth scored from power 2 on (the domain's inequality not strict)",
        Patch(f"{_K}:require_domain", _STRICT, "outside = block < 0"),
    ),
    "zero_prediction_accepted": (
        "a zero prediction scored (only negative ones refused)",
        Patch(
            f"{_K}:require_domain",
            '"y_pred", True if positive_prediction else None',
            '"y_pred", False if positive_prediction else None',
        ),
    ),
    "power_between_scored": (
        "a power in (0, 1) scored by the general formula",
        Patch(f"{_K}:power_value", "if 0.0 < value < 1.0:", "if False:"),
    ),
    "gamma_ratio_inverted": (
        "the gamma's log(ŷ/y) taken as log(y/ŷ)",
        Patch(
            f"{_K}:_gamma",
            "np.divide(predicted, truth, out=out)",
            "np.divide(truth, predicted, out=out)",
        ),
    ),
    "no_clamp": (
        "a negative truth not clamped to 0 below power 0",
        Patch(f"{_K}:_powers", "np.where(truth > 0, truth, 0.0) if clamp else truth", "truth"),
    ),
    "half_deviance": (
        "the general regime's deviance not doubled",
        Patch(f"{_K}:_powers", "out *= 2.0", "pass"),
    ),
    "poisson_signs": (
        "the Poisson's -y + ŷ written +y - ŷ",
        Patch(f"{_K}:_poisson", "out -= truth\nout += predicted", "out += truth\nout -= predicted"),
    ),
    "default_power": (
        "a default turned: power 1 (the Poisson) for 0",
        Patch(f"{_T}:TweedieDeviance.score", "power: float = 0.0,", "power: float = 1.0,"),
    ),
    "baseline_unweighted": (
        "the baseline's mean taken without the weights",
        Patch(f"{_T}:D2Tweedie.score", "if weight is None:\n    average", "if True:\n    average"),
    ),
    "constant_truth_divides": (
        "a zero baseline deviance divided by (scikit-learn before 1.6)",
        Patch(f"{_T}:D2Tweedie.score", "if denominator == 0.0:", "if False:"),
    ),
    "baseline_median": (
        "the baseline the median of the truth, not its mean",
        Patch(f"{_T}:D2Tweedie.score", "average = np.mean(truth)", "average = np.median(truth)"),
    ),
    "ratio_inverted": (
        "1 - D₀/D for 1 - D/D₀",
        Patch(
            f"{_T}:D2Tweedie.score",
            "1.0 - numerator / denominator",
            "1.0 - denominator / numerator",
        ),
    ),
    "default_zero_division": (
        "a default turned: ZeroDivision.ZERO for NAN below two samples",
        Patch(
            f"{_T}:D2Tweedie.score",
            "zero_division: ZeroDivision = ZeroDivision.NAN",
            "zero_division: ZeroDivision = ZeroDivision.ZERO",
        ),
    ),
}

_WALK = "unweighted divided_by_count"
MUTANTS = (
    *named(
        "TweedieDeviance.score",
        _T,
        f"{_WALK} no_xlogy zero_truth_accepted power_between_scored no_clamp half_deviance "
        "default_power",
        BUGS,
    ),
    *named(
        "PoissonDeviance.score",
        _T,
        f"{_WALK} no_xlogy zero_truth_refused zero_prediction_accepted poisson_signs",
        BUGS,
    ),
    *named(
        "GammaDeviance.score",
        _T,
        f"{_WALK} zero_truth_accepted gamma_ratio_inverted zero_prediction_accepted",
        BUGS,
    ),
    *named(
        "D2Tweedie.score",
        _T,
        "unweighted baseline_unweighted constant_truth_divides baseline_median ratio_inverted "
        "default_zero_division power_between_scored",
        BUGS,
    ),
)
