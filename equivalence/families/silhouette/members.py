"""The four members of ``Silhouette``: ``score`` and ``per_sample`` from the samples
themselves (euclidean), ``score_from_distances`` and ``per_sample_from_distances`` from
a matrix scikit-learn is handed as ``metric='precomputed'``.

The samples come from :mod:`equivalence.draw.features`. The matrices are those samples'
euclidean distances (taken as differences, not as scikit-learn's expansion), then
spoiled the ways a caller's matrix can be: a non-zero diagonal, an asymmetric pair, a
negative entry, whole numbers, a non-finite entry, a size that is not ``n²``.

scikit-learn runs the same steps on every version from 1.3 to 1.9, and refuses a
diagonal entry past ``100·eps`` and a negative distance on all of them; the C# contract
checks neither ("nothing checks that the matrix is a metric"), so both are widenings,
answered by the C# formula, worked out here by a plain loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import features, primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View, as_floats, rows_of
from lodestar.metrics import Silhouette

__all__ = ["MEMBERS", "plain_scores"]

_PAGES = "reference/metrics/clustering/silhouette-"
_EPS = float(np.finfo(np.float64).eps)
_ROLES = {"labels": "labels", "distances": "numbers"}
_GROUPS = {**features.GROUPS, "bad_block": ("non_finite", "wrong_size")}
_SCENARIOS = (*features.SCENARIOS, "diagonal", "asymmetric", "negative", "integer")


def euclidean(points: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The distances as square roots of summed squared differences."""
    difference = points[:, None, :] - points[None, :, :]
    distances: np.ndarray[Any, Any] = np.sqrt((difference * difference).sum(axis=2))
    return distances


@primitives.composite
def _matrix_calls(draw: primitives.Draw, scenario: str) -> Call:
    """``(labels, distances)`` of one scenario."""
    scenario = features.concrete(draw, scenario, _GROUPS)
    base = (
        scenario
        if scenario in (*features.FLAVOURS, "singleton", "many", *features.GROUPS["label_count"])
        else "grid"
    )
    labels, points = draw(features.block(base))
    matrix = euclidean(points)
    n = len(labels)
    i, j = primitives.index(draw, n), (primitives.index(draw, n - 1) + 1) % n
    if scenario == "diagonal":  # one past scikit-learn's tolerance of 100·eps, or one inside
        matrix[i, i] = primitives.pick(draw, (0.5, 1e-12, 1e-14, 3.0))
    if scenario == "asymmetric":
        matrix[i, j] += primitives.pick(draw, (1.0, 0.25, 7.0))
    if scenario == "negative":  # one entry, or every one (a similarity passed by mistake)
        matrix[i, j] = -primitives.pick(draw, (1.0, 0.5, 1e-3))
        matrix = -matrix if primitives.flip(draw) else matrix
    if scenario == "non_finite":
        matrix[i, j] = primitives.pick(draw, primitives.NON_FINITE)
    given: Any = np.round(matrix).astype(np.int64) if scenario == "integer" else matrix
    given = given if primitives.flip(draw) else given.ravel()
    if scenario == "wrong_size":
        given = matrix.ravel()[: -1 - primitives.index(draw, n)]
    if scenario == "length_mismatch":
        labels = labels[:-1] if primitives.flip(draw) else [*labels, labels[0]]
    if scenario == "fractional_label":
        labels[i] = primitives.pick(draw, (0.5, -2.25))
    if scenario == "empty":
        labels, given = [], []
    return Call((labels, given))


def _square(v: View) -> np.ndarray[Any, Any] | None:
    """The matrix as ``n × n`` doubles, when it is one for the labels given."""
    values, labels = as_floats(v["distances"]), v.truth
    if values is None or labels is None or values.size != len(labels) ** 2 or values.ndim > 2:
        return None
    return values.reshape(len(labels), len(labels))


def _on_matrix(test: Callable[[np.ndarray[Any, Any]], Any]) -> Callable[[View], bool]:
    def holds(v: View) -> bool:
        matrix = v.derived(_square)
        return matrix is not None and bool(np.isfinite(matrix).all()) and bool(test(matrix))

    return holds


def _off_diagonal(m: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return m[~np.eye(len(m), dtype=bool)]


_DIAGONAL = _on_matrix(lambda m: (np.abs(np.diag(m)) > 100 * _EPS).any())
_NEGATIVE = _on_matrix(lambda m: (m < 0).any())
_DISTANCE_EDGES = (
    *shared.edges("fractional_label", "non_finite", "two_d", "empty"),
    *(
        e
        for e in features.EDGES
        if e.name in ("one_label", "every_sample_alone", "singleton_cluster")
    ),
    Edge("nonzero_diagonal", "a diagonal entry past 100·eps", _DIAGONAL),
    Edge(
        "tiny_diagonal",
        "a non-zero diagonal entry within 100·eps",
        _on_matrix(lambda m: ((np.diag(m) != 0) & (np.abs(np.diag(m)) <= 100 * _EPS)).any()),
    ),
    Edge("asymmetric", "d(i, j) ≠ d(j, i)", _on_matrix(lambda m: (m != m.T).any())),
    Edge("negative_distance", "a distance below zero", _NEGATIVE),
    Edge(
        "repeated_point",
        "two samples at distance 0",
        _on_matrix(lambda m: (_off_diagonal(m) == 0).any()),
    ),
    Edge(
        "integer_matrix",
        "the matrix as whole numbers",
        lambda v: isinstance(v["distances"], np.ndarray) and v["distances"].dtype.kind == "i",
    ),
    Edge(
        "wrong_size",
        "a matrix that is not n × n",
        lambda v: (
            v.truth is not None
            and (values := as_floats(v["distances"])) is not None
            and int(np.sqrt(values.size)) ** 2 != values.size
        ),
    ),
    Edge(
        "length_mismatch",
        "an m × m matrix for n labels",
        lambda v: (
            v.truth is not None
            and (values := as_floats(v["distances"])) is not None
            and values.size != len(v.truth) ** 2
            and int(np.sqrt(values.size)) ** 2 == values.size
        ),
    ),
)


def plain_scores(labels: list[int], matrix: list[list[float]]) -> list[float]:
    """The C# formula by a plain loop: each row's distances added in sample order, the
    own cluster's total over its size less one, the nearest other cluster's mean, and
    ``(b - a) / max(a, b)``; ``0`` for a cluster of one or a scale at or below zero."""
    sizes = {label: labels.count(label) for label in labels}
    scores = []
    for i, own in enumerate(labels):
        totals = dict.fromkeys(sizes, 0.0)
        for j, label in enumerate(labels):
            totals[label] += matrix[i][j]
        if sizes[own] == 1:
            scores.append(0.0)
            continue
        inside = totals[own] / (sizes[own] - 1)
        nearest = min(totals[c] / sizes[c] for c in sizes if c != own)
        scale = max(inside, nearest)
        scores.append((nearest - inside) / scale if scale > 0 else 0.0)
    return scores


def _plain(mean: bool) -> Callable[[View], Any]:
    def expected(v: View) -> Any:
        matrix = v.derived(_square)
        assert matrix is not None and v.truth is not None
        scores = np.array(plain_scores(v.truth.tolist(), matrix.tolist()))
        return float(np.mean(scores)) if mean else scores

    return expected


def _float32(name: str) -> Callable[[View], bool]:
    return lambda v: isinstance(v[name], np.ndarray) and v[name].dtype == np.float32


def _as_doubles(implementation: Callable[..., Any]) -> Callable[[View], Any]:
    """lodestar's answer to the same call with the float32 block read as float64."""
    return lambda v: implementation(v.args[0], np.asarray(v.args[1], np.float64), *v.args[2:])


def _float32_divergence(name: str, implementation: Callable[..., Any]) -> Divergence:
    return Divergence(
        f"float32_{name}",
        "value",
        f"{name} given as float32 are read exactly as doubles, as the C# double spans hold "
        "them, and scored in float64; scikit-learn keeps float32 and computes the "
        "distances and their sums in float32, on every version from 1.3 to 1.9.",
        _float32(name),
        expected=_as_doubles(implementation),
    )


def _refused_by_sklearn(
    name: str, what: str, applies: Callable[[View], bool], mean: bool
) -> Divergence:
    return Divergence(
        name,
        "widening",
        f"{what} is scored by the C# formula, which checks no metric property; "
        "scikit-learn refuses it on every version from 1.3 to 1.9.",
        applies,
        expected=_plain(mean),
    )


def _distances_overflow(v: View) -> bool:
    """Features whose euclidean distances, taken as lodestar and scikit-learn take them
    (``|x|² - 2·x·y + |y|²``), are not all finite."""
    try:
        labels = v["labels"]
        points = rows_of(
            np.asarray(v["features"], dtype=np.float64), len(labels), v["feature_count"]
        )
    except (TypeError, ValueError):
        return False
    if not np.isfinite(points).all():
        return False
    with np.errstate(over="ignore", invalid="ignore"):
        norms = np.einsum("ij,ij->i", points, points)
        block = -2.0 * (points @ points.T) + norms[:, None] + norms[None, :]
    return not bool(np.isfinite(block).all())


_FEATURES_OVERFLOW = Divergence(
    "distances_overflow",
    "narrowing",
    "Features whose euclidean distances overflow a double (squared norms past 1.8e308) are "
    "refused, naming features; scikit-learn answers a number computed from the infinite "
    "distances (0.0 for every sample in the measured case).",
    _distances_overflow,
)


def _oracle(function: str, precomputed: bool, read: Callable[[Any], Any]) -> Callable[[View], Any]:
    def oracle(v: View) -> Any:
        import sklearn.metrics

        labels = v["labels"]
        values = np.asarray(v["distances"] if precomputed else v["features"])
        n = len(labels)
        block = np.ascontiguousarray(rows_of(values, n, n if precomputed else v["feature_count"]))
        metric = "precomputed" if precomputed else "euclidean"
        return read(getattr(sklearn.metrics, function)(block, labels, metric=metric))

    return oracle


def _member(method: str, implementation: Callable[..., Any]) -> Member:
    precomputed = method.endswith("from_distances")
    mean = method.startswith("score")
    function = "silhouette_score" if mean else "silhouette_samples"
    metric = "'precomputed'" if precomputed else "'euclidean'"
    block = "D" if precomputed else "X"
    name = "distances" if precomputed else "features"
    divergences = [_float32_divergence(name, implementation)]
    if not precomputed:
        divergences.append(_FEATURES_OVERFLOW)
    if precomputed:
        divergences += [
            _refused_by_sklearn(
                "nonzero_diagonal", "A diagonal entry past 100·eps", _DIAGONAL, mean
            ),
            _refused_by_sklearn("negative_distance", "A negative distance", _NEGATIVE, mean),
        ]
    example = [0, 0, 1, 1, 1]
    points = [[0.0, 0.0], [0.1, 0.1], [5.0, 5.0], [5.1, 5.2], [5.0, 4.9]]
    return Member(
        name=f"Silhouette.{method}",
        csharp="Silhouette." + "".join(part.title() for part in method.split("_")),
        page=_PAGES + method.replace("_", "") + ".md",
        implementation=implementation,
        oracle=_oracle(function, precomputed, float if mean else np.asarray),
        oracle_call=f"{function}({block}, labels, metric={metric})"
        + ("" if not mean else "; sample_size and random_state are not offered"),
        since="1.3",
        scenarios=(
            {s: _matrix_calls(s) for s in _SCENARIOS} if precomputed else features.scenarios()
        ),
        edges=_DISTANCE_EDGES if precomputed else features.EDGES,
        divergences=tuple(divergences),
        roles=_ROLES if precomputed else features.ROLES,
        example=Call(
            (example, euclidean(np.array(points)).ravel().tolist())
            if precomputed
            else (example, [x for p in points for x in p], 2)
        ),
    )


MEMBERS = tuple(
    _member(method, getattr(Silhouette, method))
    for method in ("score", "per_sample", "score_from_distances", "per_sample_from_distances")
)
