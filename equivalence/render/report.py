"""The JSON conformance report: versions, machine, registry digest, one entry per member."""

from __future__ import annotations

import json
import platform
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from equivalence.conformance import MemberResult
from equivalence.render import digest, machine
from equivalence.versions import sklearn_version

__all__ = ["build", "environment", "write"]


def environment() -> dict[str, str]:
    """The versions a report was produced with."""
    import hypothesis
    import numpy

    import lodestar

    return {
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "sklearn": sklearn_version(),
        "lodestar": lodestar.__version__,
        "hypothesis": hypothesis.__version__,
        "platform": platform.platform(),
    }


def build(
    results: Sequence[MemberResult],
    profile: str,
    *,
    jobs: int = 1,
    seconds: float | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """The report of one run: when, how, on what, against which declarations, and what
    each member came to.

    ``registry`` is the digest of the whole registry that produced the run (see
    :mod:`equivalence.render.digest`), and each member's ``declaration`` the digest of its own
    declaration, so that a report older than the registry is told apart from a fresh one.
    ``run`` gives the wall time, the number of worker processes and the seed the calls
    were drawn from (``None`` for a derandomised profile's fixed draws); only the timings
    and ``generated`` differ between a serial and a parallel run of the same members.
    """
    declarations = digest.member_digests()
    members = []
    for result in results:
        entry = result.to_json()
        entry["declaration"] = declarations.get(result.member)
        members.append(entry)
    return {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "profile": profile,
        "environment": environment(),
        "machine": machine.describe(),
        "registry": digest.registry_digest(),
        "run": {
            "jobs": jobs,
            "seconds": None if seconds is None else round(seconds, 3),
            "seed": seed,
        },
        "ok": all(result.ok for result in results),
        "members": members,
    }


def write(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
