"""A stable digest of what the registry declares, so that a report can say which
declarations produced it.

The digest covers what decides a run's outcome and counts: each member's names, oracle,
scenarios, edges, divergences (kinds, summaries, version ranges), tolerance, refusals,
and the names of its seeded bugs. It is computed from text and numbers only, never from
object identities or function addresses, so the same declarations give the same digest
in every process, on every machine.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from equivalence.members import REGISTRY
from equivalence.model import Member
from equivalence.mutants import MUTANTS

__all__ = ["declaration", "member_digest", "member_digests", "registry_digest"]

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _plain(value: Any) -> Any:
    """``value`` as JSON-ready data: a callable by its qualified name, a dataclass by its
    fields, anything else unknown by its ``repr`` with memory addresses removed."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, type) or callable(value):
        module = getattr(value, "__module__", "") or ""
        name = getattr(value, "__qualname__", None) or type(value).__qualname__
        return f"{module}.{name}"
    if dataclasses.is_dataclass(value):
        return {
            field.name: _plain(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(item) for item in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return _ADDRESS.sub("", repr(value))


def _seeded_bugs() -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for mutant in MUTANTS:
        names.setdefault(mutant.member, []).append(mutant.name)
    return {member: sorted(found) for member, found in names.items()}


def declaration(member: Member, seeded_bugs: Iterable[str] = ()) -> dict[str, Any]:
    """What of ``member``'s declaration the digest covers, as plain data (the kind of
    oracle only where it is not scikit-learn, so that adding the field moved no digest)."""
    kind = {} if member.oracle_kind == "scikit-learn" else {"oracle_kind": member.oracle_kind}
    return {
        **kind,
        "name": member.name,
        "csharp": member.csharp,
        "oracle_call": member.oracle_call,
        "since": member.since,
        "scenarios": list(member.scenarios),
        "edges": [[edge.name, edge.description] for edge in member.edges],
        "divergences": [
            [
                divergence.name,
                divergence.kind,
                divergence.summary,
                divergence.versions.since,
                divergence.versions.until,
            ]
            for divergence in member.divergences
        ],
        "tolerance": _plain(member.tolerance),
        "refusals": [error.__name__ for error in member.refusals],
        "seeded_bugs": sorted(seeded_bugs),
    }


def _hash(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def member_digest(member: Member, seeded_bugs: Iterable[str] = ()) -> str:
    """The digest of one member's declaration."""
    return _hash(declaration(member, seeded_bugs))


def member_digests(registry: Mapping[str, Member] | None = None) -> dict[str, str]:
    """Every member's digest, by name (the registry's unless another is given)."""
    if registry is None:
        registry = REGISTRY
    bugs = _seeded_bugs()
    return {name: member_digest(member, bugs.get(name, ())) for name, member in registry.items()}


def registry_digest(registry: Mapping[str, Member] | None = None) -> str:
    """The digest of the whole registry: of every member's digest, by name."""
    return _hash(sorted(member_digests(registry).items()))
