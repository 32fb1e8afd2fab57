"""How many lines of the harness each member costs: its declaration and its seeded bugs.

A family's ``members.py`` (``equivalence/families/<family>/``) is split evenly over the
members it declares; its ``mutants.py`` is split over members in proportion to how many of
its bugs name each; a helper of declarations that declares no member (:data:`HELPERS`) is
split over the members of the modules that import it.
Every line counts, docstrings included. Shared machinery (roles, view, blocks, perclass,
shared divergences, the patch engine) is not charged to any member.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["HELPERS", "LIMIT", "lines_per_member"]

#: The most lines one member may cost.
LIMIT = 200

_ROOT = Path(__file__).parent.parent  # the equivalence package


def _source(module: str) -> str:
    return _ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py").read_text(encoding="utf-8")


def _lines(module: str) -> int:
    return len(_source(module).splitlines())


#: Helpers of the declarations of several members, charged to the families that use them.
HELPERS = ("equivalence.logarithm",)


def _modules(kind: str) -> list[str]:
    found = sorted(
        f"equivalence.families.{path.parent.name}.{kind}"
        for path in (_ROOT / "families").glob(f"*/{kind}.py")
    )
    return [*found, *HELPERS] if kind == "members" else found


def lines_per_member() -> dict[str, float]:
    """Lines charged to each registered member, by the rule above."""
    share: dict[str, float] = defaultdict(float)
    families = {m: getattr(importlib.import_module(m), "MEMBERS", ()) for m in _modules("members")}
    for module, members in families.items():
        if not members:  # a helper module: charged to the families that import it
            stem = module.rsplit(".", 1)[1]  # imported by its module name
            users = [
                member
                for other, declared in families.items()
                if declared and re.search(rf"\b{stem}\b", _source(other))
                for member in declared
            ]
            members = tuple(users)
        for member in members:
            share[member.name] += _lines(module) / len(members)
    for module in _modules("mutants"):
        bugs = getattr(importlib.import_module(module), "MUTANTS", ())
        counts = Counter(bug.member for bug in bugs)
        for name, count in counts.items():
            share[name] += _lines(module) * count / len(bugs)
    return dict(sorted(share.items()))
