from __future__ import annotations

import math

import numpy as np
import pytest

from equivalence.model import Call, VersionRange, ulp_distance


@pytest.mark.parametrize(
    ("first", "second", "distance"),
    [
        (1.0, 1.0, 0),
        (0.0, -0.0, 0),
        (1.0, math.nextafter(1.0, 2.0), 1),
        (-1.0, math.nextafter(-1.0, -2.0), 1),
        (5e-324, -5e-324, 2),
        (math.nan, math.nan, 0),
        (math.nan, 1.0, 2**64),
        (math.inf, math.inf, 0),
    ],
)
def test_ulp_distance(first: float, second: float, distance: int) -> None:
    assert ulp_distance(first, second) == distance
    assert ulp_distance(second, first) == distance


@pytest.mark.parametrize(
    ("versions", "version", "inside"),
    [
        (VersionRange(), "1.3.2", True),
        (VersionRange(since="1.7"), "1.6.1", False),
        (VersionRange(since="1.7"), "1.7.0", True),
        (VersionRange(since="1.7"), "1.10.0", True),
        (VersionRange(until="1.8"), "1.8.0rc1", True),
        (VersionRange(until="1.8"), "1.8.0", False),
        (VersionRange(until="1.8"), "1.7.2", True),
    ],
)
def test_version_range(versions: VersionRange, version: str, inside: bool) -> None:
    assert versions.contains(version) is inside


def test_render_gives_source_that_rebuilds_the_call() -> None:
    call = Call(
        ([0, 1], np.array([[0.5, float("nan")], [float("inf"), -0.0]]), 2),
        {"k": 1, "sample_weight": [1.0, -3.0]},
    )
    text = call.render("f")
    captured = {}

    def f(*args, **kwargs):  # type: ignore[no-untyped-def]
        captured["args"], captured["kwargs"] = args, kwargs

    eval(text, {"f": f, "np": np})
    rebuilt = captured["args"][1]
    assert np.array_equal(rebuilt, call.args[1], equal_nan=True)
    assert captured["kwargs"] == {"k": 1, "sample_weight": [1.0, -3.0]}


def test_distance_over_structures() -> None:
    from equivalence.model import FAR, distance

    one_up = math.nextafter(0.5, 1.0)
    assert distance(np.array([[1.0, 0.5]]), np.array([[1.0, one_up]])) == 1
    assert distance(np.array([1, 2]), np.array([1.0, 2.0])) == 0
    assert distance(np.array([1.0]), np.array([1.0, 2.0])) == FAR
    assert distance({"a": [0.5, "x"]}, {"a": [one_up, "x"]}) == 1
    assert distance({"a": 1.0}, {"b": 1.0}) == FAR
    assert distance("text", "text ") == FAR
    assert distance([float("nan")], [float("nan")]) == 0
    assert distance(np.array([float("nan")]), np.array([1.0])) == FAR
    assert distance(True, 1.0) == FAR
