"""``python -m bench``: time every member, print the ratios, render docs/performance.md.

A full run (no ``--quick``, no ``--members``) writes the page and the plot; a partial one
prints only, unless ``--output`` is given.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench import check_latency, machine, render
from bench.cases import CASES, Case, cells
from bench.run import Row, run_cell
from bench.targets import TARGETS

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"
PLOT = ROOT / "docs" / "_static" / "performance.png"


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Time each lodestar member against scikit-learn and one NumPy pass.",
    )
    parser.add_argument(
        "--quick", action="store_true", help="small sizes only (n up to 10 000); seconds"
    )
    parser.add_argument(
        "--members",
        nargs="+",
        metavar="NAME",
        help="only these members; shell patterns allowed, e.g. 'TopK*' or 'ConfusionMatrix.*'",
    )
    parser.add_argument(
        "--repeats", type=int, default=5, help="samples per call (default 5; at least 3)"
    )
    parser.add_argument(
        "--output",
        type=Path,
        help=f"write the page here (a full run writes {PAGE.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--plot", type=Path, help="the plot's path (default: _static/ next to the page)"
    )
    parser.add_argument("--no-plot", action="store_true", help="do not draw the plot")
    arguments = parser.parse_args(argv)
    if arguments.repeats < 3:
        parser.error("--repeats must be at least 3")
    return arguments


def selected(patterns: Sequence[str] | None) -> list[Case]:
    """The cases whose member (or name with variant) matches one of ``patterns``."""
    if not patterns:
        return list(CASES)
    return [
        case
        for case in CASES
        if any(
            fnmatch.fnmatchcase(case.member.lower(), pattern.lower())
            or fnmatch.fnmatchcase(case.name.lower(), pattern.lower())
            for pattern in patterns
        )
    ]


def available(cases: Sequence[Case]) -> tuple[list[Case], dict[str, str]]:
    """The cases whose lodestar member imports and whose question the installed scikit-learn
    can be asked (the registry's ``since``), and the reason for each that is left out."""
    import numpy as np

    usable: list[Case] = []
    missing: dict[str, str] = {}
    for case in cases:
        unanswered = _no_oracle(case.member)
        if unanswered:
            missing[case.name] = unanswered
            continue
        probe = case.build(np.random.default_rng(0), 8, max(2, min(case.classes)))
        try:
            case.lodestar(probe)
        except ImportError as error:
            missing[case.name] = f"{type(error).__name__}: {error}"
            continue
        usable.append(case)
    return usable, missing


def _no_oracle(member: str) -> str:
    """Why the installed scikit-learn cannot answer ``member``'s question, or ``""``."""
    try:
        from equivalence.members import REGISTRY
        from equivalence.versions import sklearn_version

        version = sklearn_version()
    except Exception:  # the registry is optional here
        return ""
    declared = REGISTRY.get(member)
    if declared is None or declared.has_oracle(version):
        return ""
    return f"scikit-learn {version} has no oracle (from {declared.since} on)"


def uncovered() -> list[str]:
    """Registry members with no case (empty when the registry does not import)."""
    try:
        from equivalence.members import REGISTRY
    except Exception:  # the registry is optional here
        return []
    covered = {case.member for case in CASES}
    return sorted(name for name in REGISTRY if name not in covered)


def _progress(row: Row) -> str:
    cell = f"{row.case.name} at n = {row.cell.n:,}, {row.cell.classes} classes"
    if row.error is not None:
        return f"{cell}: failed: {row.error}"
    memory = "" if row.memory is None else f", lodestar's peak {row.memory / 2**20:,.1f} MiB"
    return (
        f"{cell}: lodestar {render.seconds(row.lodestar)}, scikit-learn "
        f"{render.seconds(row.sklearn)}, floor {render.seconds(row.floor)}{memory}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    arguments = _arguments(argv)
    cases = selected(arguments.members)
    if not cases:
        print("no member matches", " ".join(arguments.members or ()), file=sys.stderr)
        return 2
    cases, missing = available(cases)
    full = not arguments.quick and not arguments.members
    output: Path | None = arguments.output or (PAGE if full else None)
    draw = output is not None and not arguments.no_plot
    plot_path: Path = arguments.plot or (
        output.parent / "_static" / f"{output.stem}.png" if output is not None else PLOT
    )

    load_before = machine.load_average()
    began = time.perf_counter()
    rows: list[Row] = []
    for case in cases:
        for cell in cells(case, arguments.quick):
            row = run_cell(case, cell, repeats=arguments.repeats)
            rows.append(row)
            print(_progress(row), flush=True)
    elapsed = time.perf_counter() - began

    print()
    print(render.terminal_table(rows))
    print()
    for target in TARGETS:
        verdict = target.check(rows)
        state = {None: "not run", True: "holds", False: "MISSED"}[verdict.holds]
        print(f"[{state}] {target.text}: {verdict.measured}")
    for name, reason in missing.items():
        print(f"[unavailable] {name}: {reason}")
    for name in uncovered():
        print(f"[no case] {name}")

    if output is not None:
        drawn: str | None = None
        if draw:
            try:
                render.plot(rows, plot_path)
                drawn = render.relative(plot_path, output.parent)
            except ImportError:
                print("matplotlib is not installed: the page has no plot", file=sys.stderr)
        run = {
            "Command": " ".join(["python -m bench", *argv]),
            "Load average (1 min)": f"{load_before} before, {machine.load_average()} after",
            "Duration": f"{elapsed / 60:.1f} min",
        }
        text = render.page(
            rows, machine.describe(), run, missing, uncovered(), drawn, arguments.repeats
        )
        # The time-to-counterexample block is measured apart (bench.check_latency): keep it.
        block = check_latency.kept(output.read_text(encoding="utf-8")) if output.exists() else None
        if block is not None:
            text = check_latency.place(text, block)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
        print(f"wrote {output}" + (f" and {plot_path}" if drawn else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
