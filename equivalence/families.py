"""The family modules, named once for the three packages that hold one module a family.

A family's members are declared in ``equivalence.members.<family>`` (``MEMBERS``), its
exact evaluators in ``equivalence.exact.<family>`` (``EVALUATORS``) and its seeded bugs in
``equivalence.mutants.<family>`` (``MUTANTS``); a family need not have all three. A new
family is one name in :data:`FAMILIES`, in the order the registry lists its members.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

__all__ = ["FAMILIES", "HELPERS", "gather"]

FAMILIES = (
    "seed",
    "classification",
    "clustering",
    "confusion",
    "dcg",
    "kappa",
    "logerror",
    "mcc",
    "median",
    "probability",
    "ranking",
    "ratios",
    "report",
    "prf",
    "regression",
    "curves",
    "pinball",
    "variance",
    "labelranking",
    "deviance",
    "hinge",
    "reciprocal",
    "silhouette",
    "mutual",
    "dispersion",
    "multilabel",
    "curves2",
    "trapezoid",
    "calibration",
    "areas",
    "ap_matrix",
)
#: The modules of those packages that are not families: what the families share.
HELPERS = frozenset({"arith", "logarithm", "model", "patch", "seeded"})


def gather(package: str, attribute: str) -> list[Any]:
    """``attribute`` of every family module ``package`` holds, in :data:`FAMILIES` order."""
    found = []
    for family in FAMILIES:
        name = f"{package}.{family}"
        if importlib.util.find_spec(name) is not None:
            found.append(getattr(importlib.import_module(name), attribute))
    return found
