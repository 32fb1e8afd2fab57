"""Every declared member, gathered into :data:`REGISTRY` by name.

A member's declaration sits in its family's folder, ``equivalence/families/<family>/``,
with its exact evaluator and its seeded bugs; a new family is one folder and one name in
:data:`equivalence.families.FAMILIES`. ``docs/harness.md`` lists every step of adding a
member, inside the harness and out.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from equivalence import narrow
from equivalence.families import gather
from equivalence.malformed import malformed_calls, malformed_narrowing
from equivalence.model import Member

__all__ = ["REGISTRY", "member"]


def _with_bad_input(declared: Member) -> Member:
    """Every member also runs the shared bad-input and narrow-float scenarios and carries
    the shared declarations that malformed input is refused (see
    :mod:`equivalence.malformed`) and that narrow floats are read exactly as doubles (see
    :mod:`equivalence.narrow`)."""
    valid = st.one_of(*declared.scenarios.values())
    scenarios = {
        **declared.scenarios,
        "malformed": malformed_calls(declared, valid),
        "narrow": narrow.narrowed_calls(valid),
    }
    divergences = (
        *declared.divergences,
        malformed_narrowing(declared),
        *narrow.divergences(declared),
    )
    return replace(declared, scenarios=scenarios, divergences=divergences)


REGISTRY: dict[str, Member] = {
    declared.name: _with_bad_input(declared)
    for members in gather("members")
    for declared in members
}


def member(name: str) -> Member:
    """The member called ``name`` (Python or C# spelling)."""
    for declared in REGISTRY.values():
        if name in (declared.name, declared.csharp):
            return declared
    known = ", ".join(sorted(REGISTRY))
    raise KeyError(f"no member called {name!r}; the registry holds: {known}")
