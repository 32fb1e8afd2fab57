"""Seeded porting bugs of ``Silhouette``.

The four members share one computation, so each of its bugs is held against every
member that reaches the step it changes: the own cluster's mean, the nearest other
cluster, the scale, the label-count bound; the euclidean steps against the two members
that take samples, the reading of the matrix and the rule for a scale below zero against
the two that take distances.
"""

from __future__ import annotations

from equivalence.mutant import Change, Mutant, bugs_of

__all__ = ["MUTANTS"]

_MODULE = "clustering.silhouette"
_FEATURES = ("Silhouette.score", "Silhouette.per_sample")
_DISTANCES = ("Silhouette.score_from_distances", "Silhouette.per_sample_from_distances")

_SHARED: tuple[tuple[str, str, Change], ...] = (
    (
        "inside_over_size",
        "the own cluster's total over its size, not its size less one",
        ("inside /= (sizes - 1)[codes]", "inside /= sizes[codes]"),
    ),
    (
        "nearest_includes_own",
        "the own cluster left among the candidates for the nearest",
        ("totals[at, own] = np.inf", "pass"),
    ),
    (
        "scale_is_nearest",
        "the scale is b, not max(a, b)",
        ("np.maximum(inside, nearest)", "nearest"),
    ),
    (
        "every_sample_alone_scored",
        "n labels for n samples let through",
        ("if not 1 < count < samples:", "if not 1 < count <= samples:"),
    ),
)
_OWN: dict[tuple[str, ...], tuple[tuple[str, str, Change], ...]] = {
    _FEATURES: (
        (
            "squared",
            "squared distances: the square root left out",
            ("np.sqrt(block, out=block)", "pass"),
        ),
        (
            "no_clip",
            "a negative squared distance from the expansion not raised to 0",
            ("np.maximum(block, 0.0, out=block)", "np.abs(block, out=block)"),
        ),
    ),
    _DISTANCES: (
        (
            "columns",
            "the matrix read by columns, d(j, i) for d(i, j)",
            ("matrix[start:stop]", "matrix.T[start:stop]"),
        ),
        (
            "negative_scale_scored",
            "a scale below zero divides rather than scoring 0",
            ("alone | (scale <= 0.0)", "alone | (scale == 0.0)"),
        ),
    ),
}

MUTANTS: tuple[Mutant, ...] = tuple(
    bugs_of(member, _MODULE)(*bug)
    for members, own in _OWN.items()
    for member in members
    for bug in (*_SHARED, *own)
)
