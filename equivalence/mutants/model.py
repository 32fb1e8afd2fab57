"""A seeded porting bug: a member's name and a wrong implementation of it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Mutant"]


@dataclass(frozen=True)
class Mutant:
    """What a careful port might still get wrong, as a callable the harness must reject."""

    member: str
    name: str
    description: str
    implementation: Callable[..., Any]
