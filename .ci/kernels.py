"""Choose the NumPy dispatch settings CI runs the docs and unit tests under, besides the default.

NumPy picks the SIMD code of ``log``, ``exp``, sorting and more at import, from what the CPU
offers; ``NPY_DISABLE_CPU_FEATURES`` turns the higher paths off. A figure that holds on one
path and not another is a figure that fails on some other machine, so CI runs the tests under
two more settings, chosen here from what the running CPU and NumPy build have:

* *one tier down*: the highest tier of dispatched features turned off (on an AVX-512 machine,
  the AVX2 path; on an AVX2 machine, the baseline; on ARM, ASIMD without SVE, ...);
* *baseline*: every dispatched feature turned off, leaving the build's baseline.

Each setting is tried in a fresh interpreter: a feature NumPy refuses to turn off (one its
build requires as baseline) is dropped from it, and a setting whose dispatch does not differ
from the default's or from the other's is dropped. One setting per line goes to stdout (none
on a CPU that offers nothing past the baseline); what was chosen and why goes to stderr.
Neither ``OPENBLAS_CORETYPE`` nor ``OPENBLAS_L2_SIZE`` is touched.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence

# A feature that starts a tier of its own (features are listed by NumPy from low to high).
TIER_STARTS = frozenset(
    {
        # x86-64: NumPy 2 groups by microarchitecture level, NumPy 1.26 by instruction set.
        "X86_V3",
        "X86_V4",
        "AVX",
        "AVX512F",
        # ARM
        "ASIMDHP",
        "SVE",
        # POWER, IBM Z, RISC-V, LoongArch
        "VSX2",
        "VSX3",
        "VSX4",
        "VXE",
        "VXE2",
        "RVV",
        "LSX",
    }
)

PROBE = (
    "import json\n"
    "try:\n"
    "    from numpy._core import _multiarray_umath as m\n"
    "except ImportError:\n"
    "    from numpy.core import _multiarray_umath as m\n"
    "print(json.dumps({'dispatch': list(m.__cpu_dispatch__), 'baseline': list(m.__cpu_baseline__),"
    " 'enabled': sorted(f for f in m.__cpu_dispatch__ if m.__cpu_features__.get(f))}))\n"
)


def tiers(enabled: Sequence[str]) -> list[list[str]]:
    """The enabled dispatch features, low to high, cut into tiers at :data:`TIER_STARTS`."""
    cut: list[list[str]] = []
    for feature in enabled:
        if not cut or feature in TIER_STARTS:
            cut.append([feature])
        else:
            cut[-1].append(feature)
    return cut


def candidates(enabled: Sequence[str]) -> list[list[str]]:
    """The features to turn off: the top tier, then all of them (duplicates removed).

    With a single tier of several features, *one tier down* turns off the top feature alone.
    """
    cut = tiers(enabled)
    if not cut:
        return []
    top = cut[-1] if len(cut) > 1 else [cut[-1][-1]]
    chosen = [top, list(enabled)]
    return [c for i, c in enumerate(chosen) if c not in chosen[:i]]


def probe(disabled: Sequence[str]) -> tuple[dict[str, list[str]] | None, str]:
    """Import NumPy under ``NPY_DISABLE_CPU_FEATURES=disabled``: its dispatch, or the error."""
    env = {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}
    if disabled:
        env["NPY_DISABLE_CPU_FEATURES"] = " ".join(disabled)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return None, done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"
    info: dict[str, list[str]] = json.loads(done.stdout)
    return info, ""


def refused(message: str, disabled: Sequence[str]) -> list[str]:
    """The features of ``disabled`` that NumPy's error names as impossible to turn off."""
    named = set(re.findall(r"'([A-Z0-9_]+)'", message))
    return [f for f in disabled if f in named]


def choose() -> list[str]:
    """The settings, each checked to import and to change the dispatch."""
    default, error = probe([])
    if default is None:
        raise SystemExit(f"NumPy does not import: {error}")
    enabled = [f for f in default["dispatch"] if f in default["enabled"]]
    log(f"baseline {' '.join(default['baseline']) or '-'}; dispatched {' '.join(enabled) or '-'}")
    seen = [tuple(default["enabled"])]
    chosen: list[str] = []
    for disabled in candidates(enabled):
        info, error = probe(disabled)
        while info is None:
            drop = refused(error, disabled)
            if not drop:
                log(f"skipped {' '.join(disabled)}: {error}")
                break
            log(f"NumPy will not turn off {' '.join(drop)} (baseline of this build)")
            disabled = [f for f in disabled if f not in drop]
            info, error = probe(disabled) if disabled else (None, "nothing left to turn off")
        if info is None:
            continue
        state = tuple(info["enabled"])
        if state in seen:
            log(f"skipped {' '.join(disabled)}: the dispatch does not change")
            continue
        seen.append(state)
        chosen.append(" ".join(disabled))
        left = " ".join(state) or "the baseline only"
        log(f"chosen: NPY_DISABLE_CPU_FEATURES={' '.join(disabled)!r} leaves {left}")
    if len(chosen) < 2:
        log(f"this CPU and NumPy build offer {len(chosen)} dispatch setting(s) besides the default")
    return chosen


def log(line: str) -> None:
    print(f"kernels: {line}", file=sys.stderr)


if __name__ == "__main__":
    for setting in choose():
        print(setting)
