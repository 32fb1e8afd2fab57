"""Every declared member, gathered into :data:`REGISTRY` by name.

A new member is one declaration in its family's module and one name in that module's
``MEMBERS``; a new family, one name in :data:`equivalence.families.FAMILIES`.
"""

from __future__ import annotations

from dataclasses import replace

from equivalence.families import gather
from equivalence.model import Member

__all__ = ["REGISTRY", "member"]


def _with_bad_input(declared: Member) -> Member:
    """Every member also runs the shared bad-input scenario and carries the shared
    declaration that malformed input is refused (see :mod:`equivalence.malformed`)."""
    from hypothesis import strategies as st

    from equivalence.malformed import malformed_calls, malformed_narrowing

    scenarios = {
        **declared.scenarios,
        "malformed": malformed_calls(declared, st.one_of(*declared.scenarios.values())),
    }
    divergences = (*declared.divergences, malformed_narrowing(declared))
    return replace(declared, scenarios=scenarios, divergences=divergences)


REGISTRY: dict[str, Member] = {
    declared.name: _with_bad_input(declared)
    for members in gather("equivalence.members", "MEMBERS")
    for declared in members
}


def member(name: str) -> Member:
    """The member called ``name`` (Python or C# spelling)."""
    for declared in REGISTRY.values():
        if name in (declared.name, declared.csharp):
            return declared
    known = ", ".join(sorted(REGISTRY))
    raise KeyError(f"no member called {name!r}; the registry holds: {known}")
