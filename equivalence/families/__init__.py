"""The families of members, one folder each: what one family declares, computes exactly
and gets wrong on purpose, side by side.

``equivalence/families/<family>/`` holds ``members.py`` (the declarations, ``MEMBERS``),
``exact.py`` (the exact evaluators, ``EVALUATORS``) and ``mutants.py`` (the seeded bugs,
``MUTANTS``); a family need not have all three. :data:`equivalence.members.REGISTRY`,
:data:`equivalence.exact.EVALUATORS` and :data:`equivalence.mutants.MUTANTS` gather them
through :func:`gather`. A new family is one folder and one name in :data:`FAMILIES`, in the
order the registry lists its members. See ``docs/harness.md`` for the add-a-member checklist.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

__all__ = ["FAMILIES", "KINDS", "gather"]

FAMILIES = (
    "classification",
    "clustering",
    "confusion",
    "dcg",
    "kappa",
    "logerror",
    "mcc",
    "median",
    "probability",
    "top_k",
    "ratios",
    "report",
    "prf",
    "regression",
    "roc_curve",
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
    "pr_det_curves",
    "trapezoid",
    "calibration",
    "areas",
    "average_precision_matrix",
)
#: The modules a family folder may hold, and the name each gives what it declares.
KINDS = {"members": "MEMBERS", "exact": "EVALUATORS", "mutants": "MUTANTS"}


def gather(kind: str) -> list[Any]:
    """What every family's ``kind`` module (``members``, ``exact`` or ``mutants``)
    declares, in :data:`FAMILIES` order."""
    found = []
    for family in FAMILIES:
        name = f"{__name__}.{family}.{kind}"
        if importlib.util.find_spec(name) is not None:
            found.append(getattr(importlib.import_module(name), KINDS[kind]))
    return found
