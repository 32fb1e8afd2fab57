"""``python -m bench.check_latency``: how long ``check`` takes to print a counterexample
that reproduces, over the seeded bugs, run as a porter runs it.

Each measurement is a fresh ``python -m equivalence check MEMBER --implementation
equivalence.mutants.seeded:BUG --profile ci`` process (the profile under which every
seeded bug is caught, and the default shrinking budget), timed from its start to two
lines of its output: the first failing call (the member's summary line) and the
counterexample, once replayed as pasted and failing again. Two run at a time, as on a
two-core CI machine. By default one bug a member (its first that the faithful level
tells from the contract); ``--all`` runs every such bug.

The figures go into the block of ``docs/performance.md`` between its
``check-latency`` markers (``--output`` names another page); ``--json`` keeps the raw
figures. The goals (median at most 10 s, worst at most 60 s) are stated against what
is measured, never asserted in a test: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"
START, END = "<!-- check-latency:start -->", "<!-- check-latency:end -->"
MEDIAN_GOAL, WORST_GOAL = 10.0, 60.0
#: A measurement that has not printed its counterexample by then is stopped, and counted
#: at this many seconds, as missed.
LIMIT = 180.0


@dataclass
class Measured:
    member: str
    bug: str
    family: str
    first: float | None  # seconds to the first failing call printed
    reproduced: float | None  # seconds to the replayed counterexample printed
    status: int | None
    out_of_time: bool  # the shrinking budget ran out


def measure(member: str, attribute: str, seed: int | None) -> Measured:
    argv = [
        sys.executable,
        "-m",
        "equivalence",
        "check",
        member,
        "--implementation",
        f"equivalence.mutants.seeded:{attribute}",
        "--profile",
        "ci",
    ]
    if seed is not None:
        argv += ["--seed", str(seed)]
    started = time.monotonic()
    first = reproduced = None
    out_of_time = False
    process = subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    timer = threading.Timer(LIMIT, process.kill)
    timer.start()
    try:
        assert process.stdout is not None
        for line in process.stdout:
            now = time.monotonic() - started
            if first is None and line.startswith(f"{member}: "):
                first = now
            if "the budget ran out" in line:
                out_of_time = True
            if reproduced is None and "replayed as pasted and failing again" in line:
                reproduced = now
        status = process.wait()
    finally:
        timer.cancel()
    return Measured(member, attribute, "", first, reproduced, status, out_of_time)


def chosen(every: bool) -> list[tuple[str, str, str]]:
    from equivalence.mutants import MUTANTS
    from equivalence.mutants.seeded import attribute

    seen: set[str] = set()
    found = []
    for mutant in MUTANTS:
        # a bug that computes the contract's formula in another order is no bug at the
        # faithful level check holds a port to; one an older scikit-learn shares neither
        if mutant.same_formula or mutant.caught_since:
            continue
        if not every and mutant.member in seen:
            continue
        seen.add(mutant.member)
        found.append((mutant.member, attribute(mutant), _module_family(mutant)))
    return found


def _module_family(mutant: object) -> str:
    """The family (``equivalence.families.<family>``) whose ``mutants.py`` declares ``mutant``."""
    import importlib

    from equivalence.families import FAMILIES

    for family in FAMILIES:
        try:
            module = importlib.import_module(f"equivalence.families.{family}.mutants")
        except ImportError:
            continue
        if mutant in getattr(module, "MUTANTS", ()):
            return family
    return "?"


def _at_a_time(jobs: int) -> str:
    return "one at a time" if jobs == 1 else f"{jobs} at a time on two cores"


def render(rows: Sequence[Measured], jobs: int = 2) -> str:
    times = [r.reproduced if r.reproduced is not None else LIMIT for r in rows]
    missed = [r for r in rows if r.reproduced is None]
    median, worst = statistics.median(times), max(times)
    lines = [
        START,
        "",
        "## Time to a counterexample",
        "",
        f"`python -m bench.check_latency` runs `check --implementation` on {len(rows)} "
        "seeded bugs (the first of each member), each a fresh process under the `ci` "
        f"profile and the default shrinking budget, {_at_a_time(jobs)}, and times the printed "
        "counterexample that was replayed as pasted and failed again.",
        "",
        f"- median {median:.1f} s (goal at most {MEDIAN_GOAL:g} s), worst {worst:.1f} s "
        f"(goal at most {WORST_GOAL:g} s); {len(missed)} without a reproducing "
        f"counterexample within {LIMIT:g} s.",
        "",
        "| family | bugs | first failing call, median | counterexample, median | worst |",
        "| --- | --- | --- | --- | --- |",
    ]
    by_family: dict[str, list[Measured]] = defaultdict(list)
    for row in rows:
        by_family[row.family].append(row)
    for family, group in sorted(by_family.items()):
        firsts = [r.first for r in group if r.first is not None]
        done = [r.reproduced if r.reproduced is not None else LIMIT for r in group]
        lines.append(
            f"| {family} | {len(group)} | "
            f"{statistics.median(firsts):.1f} s | {statistics.median(done):.1f} s | "
            f"{max(done):.1f} s |"
            if firsts
            else f"| {family} | {len(group)} | – | – | – |"
        )
    lines += [
        "",
        "Per member (the bug, then seconds to the first failing call and to the counterexample):",
        "",
        "| member | bug | first | counterexample |",
        "| --- | --- | --- | --- |",
    ]
    for row in rows:
        bug = row.bug.split("__")[-1]
        found = "–" if row.first is None else f"{row.first:.1f} s"
        shown = "missed" if row.reproduced is None else f"{row.reproduced:.1f} s"
        lines.append(f"| `{row.member}` | `{bug}` | {found} | {shown} |")
    lines += ["", END]
    return "\n".join(lines) + "\n"


#: Where the block goes on a page that has none yet: before this heading, else at the end.
BEFORE = "## Method"


def place(text: str, block: str) -> str:
    """``text`` with ``block`` in place of its check-latency block, or, where it has none,
    before its method section (at the end when it has none either)."""
    if START in text and END in text:
        head, rest = text.split(START, 1)
        after = rest.split(END, 1)[1].lstrip("\n")
        return head + block + ("\n" + after if after else "")
    if f"\n{BEFORE}\n" in text:
        head, rest = text.split(f"\n{BEFORE}\n", 1)
        return head.rstrip("\n") + "\n\n" + block + "\n" + BEFORE + "\n" + rest
    return text.rstrip("\n") + "\n\n" + block


def kept(text: str) -> str | None:
    """The check-latency block of a page, markers included, or None."""
    if START not in text or END not in text:
        return None
    return START + text.split(START, 1)[1].split(END, 1)[0] + END + "\n"


def write(page: Path, block: str) -> None:
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    page.write_text(place(text, block), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.check_latency", description=__doc__.split("\n")[0].replace("``", "")
    )
    parser.add_argument("--all", action="store_true", help="every seeded bug, not one a member")
    parser.add_argument("--members", nargs="+", default=None, help="only these members")
    parser.add_argument("--jobs", type=int, default=2, help="measurements at a time (default 2)")
    parser.add_argument(
        "--seed", type=int, default=None, help="the seed each check draws from (default: ci's)"
    )
    parser.add_argument(
        "--output", type=Path, default=PAGE, help="the page to write the block into"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the raw figures here")
    arguments = parser.parse_args(argv)
    work = [w for w in chosen(arguments.all) if not arguments.members or w[0] in arguments.members]
    rows: list[Measured] = []
    with ThreadPoolExecutor(arguments.jobs) as pool:
        futures = [
            (family, pool.submit(measure, member, bug, arguments.seed))
            for member, bug, family in work
        ]
        for family, future in futures:
            row = future.result()
            row.family = family
            rows.append(row)
            print(
                f"{row.member:<45} {row.first or 0:6.1f} s {row.reproduced or float('nan'):6.1f} s",
                flush=True,
            )
    block = render(rows, arguments.jobs)
    write(arguments.output, block)
    if arguments.json is not None:
        arguments.json.write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n")
    print(block)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
