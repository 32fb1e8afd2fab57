"""Seeded porting bugs of ``R2`` and ``ExplainedVariance``: each one step of a member's
own computation, of the scoring and weighting they share (``_variance``), or of the
shared target walk (:data:`equivalence.families.regression.mutants.SHARED`)."""

from __future__ import annotations

from equivalence.families.regression.mutants import SHARED
from equivalence.mutant import Mutant, Patch, bugs_of

__all__ = ["MUTANTS", "named"]

_R2, _EV, _V = "regression.r2", "regression.explained_variance", "regression._variance"
_FINITE = "finite = _variance.force_finite_flag(force_finite)"

#: Every bug by name: what a port got wrong, and its patch.
BUGS: dict[str, tuple[str, Patch]] = {
    "one_sample_forced": (
        "one sample sent to force_finite, the two undefined cases merged",
        Patch(_R2, "if found.samples < 2:", "if found.samples < 1:"),
    ),
    "throw_as_nan": (
        "ZeroDivision.THROW answers NaN instead of raising",
        Patch(f"{_R2}:_undefined", "if policy is ZeroDivision.THROW:", "if False:"),
    ),
    "mean_unweighted": (
        "the truth centred on its unweighted mean",
        Patch(_R2, "mean = _outputs.column_means(truth, found)", "mean = truth.mean(axis=0)"),
    ),
    "not_centred": (
        "the residuals not centred on their mean: R² under another name",
        Patch(_EV, "np.subtract(out, shift, out=out)", "out += 0.0"),
    ),
    "one_sample_nan": (
        "R²'s rule copied: one sample answers NaN",
        Patch(
            _EV,
            _FINITE,
            f"{_FINITE}\nif found.samples < 2:\n"
            "    return np.full(found.outputs, np.nan), np.zeros(found.outputs)",
        ),
    ),
    "force_finite_ignored": (
        "force_finite=False clamps all the same",
        Patch(f"{_V}:scores", "if not force_finite:", "if False:"),
    ),
    "imperfect_constant_one": (
        "a truth that does not vary scores 1 even when mispredicted",
        Patch(f"{_V}:scores", "result[nonzero_numerator & ~nonzero_denominator] = 0.0", "pass"),
    ),
    "no_uniform_fallback": (
        "no plain mean when no output varies: the zero total refused",
        Patch(f"{_V}:by_variance", "if not (denominator != 0).any():", "if False:"),
    ),
    "cancelling_variances_averaged": (
        "variances summing to zero fall back to the plain mean (the C# reduction does)",
        Patch(
            f"{_V}:by_variance",
            "if total == 0.0:",
            "if total == 0.0:\n    return float(np.mean(per_output))\nif False:",
        ),
    ),
    "uniform_weighting": (
        "the outputs averaged, their variances not used",
        Patch(
            f"{_V}:by_variance",
            "np.multiply(per_output, denominator).sum() / total",
            "np.mean(per_output)",
        ),
    ),
}


def named(
    member: str, where: str, names: str, bugs: dict[str, tuple[str, Patch]]
) -> tuple[Mutant, ...]:
    """``member``'s bugs by name: each from ``bugs``, else the shared walk's."""
    bug = bugs_of(member, where)
    return tuple(
        bug(name, *(bugs[name] if name in bugs else SHARED[name])) for name in names.split()
    )


def _default(where: str, method: str, old: str, new: str) -> tuple[str, Patch]:
    return f"a default turned: {new}", Patch(f"{where}:{method}", old, new)


_UNFORCED = ("force_finite: bool = True", "force_finite: bool = False")
_ZERO = (
    "zero_division: ZeroDivision = ZeroDivision.NAN",
    "zero_division: ZeroDivision = ZeroDivision.ZERO",
)


def _bugs(member: str, names: str) -> tuple[Mutant, ...]:
    """``member``'s bugs, by name: its own, a shared walk's, or a default turned."""
    type_name, method = member.split(".")
    where = {"R2": _R2, "ExplainedVariance": _EV}[type_name]
    bug = bugs_of(member, where)
    found = []
    for name in names.split():
        if name in ("default_unforced", "default_zero"):
            old, new = _UNFORCED if name == "default_unforced" else _ZERO
            description, patch = _default(where, f"{type_name}.{method}", old, new)
        else:
            description, patch = BUGS[name] if name in BUGS else SHARED[name]
        found.append(bug(name, description, patch))
    return tuple(found)


_WEIGHTED = "no_uniform_fallback cancelling_variances_averaged uniform_weighting"
MUTANTS = (
    *_bugs(
        "R2.score",
        "one_sample_forced throw_as_nan default_zero default_unforced force_finite_ignored "
        "imperfect_constant_one unweighted output_weights_ignored",
    ),
    *_bugs(
        "R2.per_output",
        "one_sample_forced throw_as_nan default_zero force_finite_ignored mean_unweighted "
        "zero_sum_divides",
    ),
    *_bugs("R2.variance_weighted", f"{_WEIGHTED} one_sample_forced force_finite_ignored"),
    *_bugs(
        "ExplainedVariance.score",
        "not_centred one_sample_nan default_unforced force_finite_ignored unweighted "
        "output_weights_ignored",
    ),
    *_bugs(
        "ExplainedVariance.per_output",
        "not_centred one_sample_nan imperfect_constant_one unweighted zero_sum_divides",
    ),
    *_bugs("ExplainedVariance.variance_weighted", f"{_WEIGHTED} not_centred one_sample_nan"),
)
