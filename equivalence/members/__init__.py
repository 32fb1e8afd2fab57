"""Every declared member, gathered into :data:`REGISTRY` by name.

A new member is one declaration in its family's module and one name in that module's
``MEMBERS``; nothing here changes.
"""

from __future__ import annotations

from equivalence.members import classification, confusion, dcg, probability, ranking, report
from equivalence.model import Member

__all__ = ["REGISTRY", "member"]

REGISTRY: dict[str, Member] = {
    declared.name: declared
    for family in (classification, confusion, dcg, probability, ranking, report)
    for declared in family.MEMBERS
}


def member(name: str) -> Member:
    """The member called ``name`` (Python or C# spelling)."""
    for declared in REGISTRY.values():
        if name in (declared.name, declared.csharp):
            return declared
    known = ", ".join(sorted(REGISTRY))
    raise KeyError(f"no member called {name!r}; the registry holds: {known}")
