"""Every seeded bug as an importable callable, for ``check --implementation``:

    python -m equivalence check Accuracy.score \\
        --implementation equivalence.mutants.seeded:Accuracy__score__weights_dropped

An attribute is the member's name and the bug's, joined by ``__``, every other character
that is not a letter, a digit or ``_`` written as ``_`` (:func:`attribute`). The pasted
counterexample of such a check imports the same name, so it runs as it is printed. The
latency benchmark (``bench/check_latency.py``) and the replay test run through these.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from equivalence.mutant import Mutant

__all__ = ["attribute", "mutants"]


def attribute(mutant: Mutant) -> str:
    """The name this module gives ``mutant``."""
    return re.sub(r"\W", "_", f"{mutant.member}__{mutant.name}".replace(".", "__"))


@cache
def mutants() -> dict[str, Mutant]:
    """Every seeded bug, by :func:`attribute`."""
    from equivalence.mutants import MUTANTS

    return {attribute(mutant): mutant for mutant in MUTANTS}


def __getattr__(name: str) -> Any:
    found = mutants().get(name)
    if found is None:
        raise AttributeError(f"no seeded bug called {name!r}")
    return found.implementation
