"""Seeded porting bugs of the mean-type regression members, each one step of the shared
target walk (:mod:`lodestar.metrics.regression._outputs`) or of a member's own term."""

from __future__ import annotations

from equivalence.mutants.model import Change, Mutant, Patch, bugs_of

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


def of(member: str, where: str, shared: str, *own: tuple[str, str, Change]) -> tuple[Mutant, ...]:
    """``member``'s bugs: the space-separated ``shared`` ones, then its ``own`` (a name, a
    description, a change in ``where``)."""
    bug = bugs_of(member, where)
    found = [bug(name, SHARED[name][0], SHARED[name][1]) for name in shared.split()]
    return (*found, *(bug(name, description, change) for name, description, change in own))


_SQUARE = "np.multiply(residual, residual, out=residual)"
_ABSOLUTE = (
    "absolute",
    "absolute residuals, not squared",
    (_SQUARE, "np.abs(residual, out=residual)"),
)
_MSE = "regression.mean_squared_error:_squared"
_PER = "unweighted zero_sum_divides divided_by_count column_major non_finite_scored"

MUTANTS = (
    *of(
        "MeanSquaredError.score",
        _MSE,
        "unweighted output_weights_ignored zero_sum_divides "
        "output_weights_by_count columns_unchecked",
        _ABSOLUTE,
    ),
    *of("MeanSquaredError.per_output", _MSE, _PER, _ABSOLUTE),
)
