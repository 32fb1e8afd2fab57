"""How many lines of the harness each member costs: its declaration and its seeded bugs.

A family module under ``equivalence/members/`` is split evenly over the members it
declares; a module of seeded bugs under ``equivalence/mutants/`` is split over members in
proportion to how many of its bugs name each; a module of ``members`` that declares no
member (a family's helpers) is split over the members of the modules that import it.
Every line counts, docstrings included. Shared machinery (roles, view, blocks, perclass,
shared divergences, the patch engine) is not charged to any member.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["LIMIT", "lines_per_member"]

#: The most lines one member may cost.
LIMIT = 200

_ROOT = Path(__file__).parent


def _source(module: str) -> str:
    return _ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py").read_text(encoding="utf-8")


def _lines(module: str) -> int:
    return len(_source(module).splitlines())


def _modules(package: str) -> list[str]:
    folder = _ROOT / package
    return sorted(
        f"equivalence.{package}.{path.stem}"
        for path in folder.glob("*.py")
        if not path.stem.startswith("_")
    )


def lines_per_member() -> dict[str, float]:
    """Lines charged to each registered member, by the rule above."""
    share: dict[str, float] = defaultdict(float)
    families = {m: getattr(importlib.import_module(m), "MEMBERS", ()) for m in _modules("members")}
    for module, members in families.items():
        if not members:  # a helper module: charged to the families that import it
            stem = module.rsplit(".", 1)[1]
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
