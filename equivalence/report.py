"""The JSON conformance report: versions, and one entry per member."""

from __future__ import annotations

import json
import platform
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from equivalence.conformance import MemberResult

__all__ = ["build", "environment", "write"]


def environment() -> dict[str, str]:
    """The versions a report was produced with."""
    import hypothesis
    import numpy
    import sklearn

    import lodestar

    return {
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "sklearn": sklearn.__version__,
        "lodestar": lodestar.__version__,
        "hypothesis": hypothesis.__version__,
        "platform": platform.platform(),
    }


def build(results: Sequence[MemberResult], profile: str) -> dict[str, Any]:
    return {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "profile": profile,
        "environment": environment(),
        "ok": all(result.ok for result in results),
        "members": [result.to_json() for result in results],
    }


def write(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
