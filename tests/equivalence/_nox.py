"""The noxfile as a module, for the tests of the matrix and of the workflow."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def noxfile() -> ModuleType:
    """The noxfile, imported once a process (nox registers its sessions at import)."""
    if "noxfile" not in sys.modules:
        spec = importlib.util.spec_from_file_location("noxfile", ROOT / "noxfile.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["noxfile"] = module
        spec.loader.exec_module(module)
    return sys.modules["noxfile"]
