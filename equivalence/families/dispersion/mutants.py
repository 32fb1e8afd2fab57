"""Seeded porting bugs of ``CalinskiHarabasz.score`` and ``DaviesBouldin.score``: the
shared reading of the clusters, and one step of each score."""

from __future__ import annotations

from equivalence.mutant import Change, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_MEMBERS = {
    "CalinskiHarabasz.score": "clustering.calinski_harabasz",
    "DaviesBouldin.score": "clustering.davies_bouldin",
}
_READ = "clustering._samples:clusters"
_SHARED: tuple[tuple[str, str, Change], ...] = (
    (
        "n_clusters_allowed",
        "a cluster per sample let through",
        Patch(_READ, "if not 1 < distinct.size < samples:", "if not 1 < distinct.size <= samples:"),
    ),
    (
        "labels_int32",
        "labels cut to 32 bits, as a port on int spans would",
        Patch(
            _READ,
            'ranks = _inputs.labels(labels, "labels")',
            'ranks = _inputs.labels(labels, "labels").astype(np.int32)',
        ),
    ),
)
_CH = bugs_of("CalinskiHarabasz.score", _MEMBERS["CalinskiHarabasz.score"])
_DB = bugs_of("DaviesBouldin.score", _MEMBERS["DaviesBouldin.score"])

MUTANTS: tuple[Mutant, ...] = (
    *(bugs_of(member, where)(*bug) for member, where in _MEMBERS.items() for bug in _SHARED),
    _CH(
        "unsized",
        "each centroid's distance not weighted by its cluster's size",
        ("block.shape[0] * ", ""),
    ),
    _CH("zero_within_infinite", "no spread divides", ("if within == 0.0:\n    return 1.0", "")),
    _CH(
        "degrees_swapped",
        "the degrees of freedom swapped",
        (
            "(samples - count) / (within * (count - 1.0))",
            "(count - 1.0) / (within * (samples - count))",
        ),
    ),
    _CH(
        "mean_of_centroids",
        "the overall mean taken over the centroids",
        (
            "mean = np.mean(matrix, axis=0)",
            "mean = np.mean([np.mean(b, axis=0) for b in blocks], axis=0)",
        ),
    ),
    _CH(
        "root_dispersion",
        "distances, not squared distances, inside",
        (
            "within += total(np.square(block, out=block), axis=None)",
            "within += total(np.abs(block, out=block), axis=None)",
        ),
    ),
    _DB(
        "coincident_infinite",
        "coinciding centroids divide by zero",
        ("apart[apart == 0] = np.inf", "apart[apart == 0] = 0.0"),
    ),
    _DB(
        "mean_not_max",
        "each cluster's mean ratio, not its worst",
        (
            "np.max((spread[:, np.newaxis] + spread) / apart, axis=1)",
            "np.mean((spread[:, np.newaxis] + spread) / apart, axis=1)",
        ),
    ),
    _DB(
        "squared_spread",
        "the mean squared distance from the centroid",
        (
            "spread[k] = np.mean(distances(block, centroids[k][np.newaxis, :]))",
            "spread[k] = np.mean(distances(block, centroids[k][np.newaxis, :]) ** 2)",
        ),
    ),
    _DB(
        "spread_over_all",
        "each spread averaged over all the samples, not its cluster's",
        (
            "spread[k] = np.mean(distances(block, centroids[k][np.newaxis, :]))",
            "spread[k] = np.sum(distances(block, centroids[k][np.newaxis, :])) / len(labels)",
        ),
    ),
    _DB(
        "direct_differences",
        "distances from the differences, not scikit-learn's expansion",
        (
            "result: FloatArray = np.asarray(-2 * (rows @ theirs.T), dtype=np.float64)\n"
            "result += squared\nresult += their_squared",
            "result: FloatArray = ((rows[:, None, :] - theirs[None, :, :]) ** 2).sum(axis=2)",
        ),
    ),
)
