"""The registry digest: the same for the same declarations, in any process; different
as soon as a declaration that decides a run changes."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from equivalence.members import REGISTRY
from equivalence.model import Edge, Tolerance, VersionRange
from equivalence.render.digest import member_digest, member_digests, registry_digest

ROOT = Path(__file__).resolve().parents[2]
NAME = "TopKAccuracy.score"


def test_another_process_with_another_hash_seed_gives_the_same_digest() -> None:
    code = "from equivalence.render.digest import registry_digest; print(registry_digest())"
    digests = set()
    for seed in ("1", "2"):
        completed = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(completed.stdout.strip())
    assert digests == {registry_digest()}


def test_every_member_has_its_own_digest() -> None:
    digests = member_digests()
    assert set(digests) == set(REGISTRY)
    assert len(set(digests.values())) == len(digests)


def _changed(**changes: object) -> dict[str, object]:
    return {**REGISTRY, NAME: replace(REGISTRY[NAME], **changes)}


def test_the_same_declaration_with_other_function_objects_keeps_its_digest() -> None:
    member = REGISTRY[NAME]
    edges = [Edge(edge.name, edge.description, lambda call: False) for edge in member.edges]
    assert registry_digest(_changed(edges=edges)) == registry_digest()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    ["edge description", "edge dropped", "divergence range", "tolerance", "scenario", "oracle"],
)
def test_a_changed_declaration_changes_the_digest(change: str) -> None:
    member = REGISTRY[NAME]
    first = member.edges[0]
    divergence = member.divergences[0]
    changes = {
        "edge description": {
            "edges": [replace(first, description=first.description + "!"), *member.edges[1:]]
        },
        "edge dropped": {"edges": member.edges[1:]},
        "divergence range": {
            "divergences": [
                replace(divergence, versions=VersionRange(until="9.9")),
                *member.divergences[1:],
            ]
        },
        "tolerance": {"tolerance": Tolerance(ulps=1)},
        "scenario": {
            "scenarios": {**member.scenarios, "extra": next(iter(member.scenarios.values()))}
        },
        "oracle": {"oracle_call": member.oracle_call + " "},
    }[change]
    assert registry_digest(_changed(**changes)) != registry_digest()  # type: ignore[arg-type]
    assert member_digests(_changed(**changes))[NAME] != member_digests()[NAME]  # type: ignore[arg-type]


def test_a_seeded_bug_more_changes_the_member_digest() -> None:
    member = REGISTRY[NAME]
    assert member_digest(member, ["one"]) != member_digest(member, ["one", "two"])
    assert member_digest(member, ["two", "one"]) == member_digest(member, ["one", "two"])
