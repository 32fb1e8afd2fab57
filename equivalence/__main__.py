"""Command line: ``python -m equivalence {run,check,members,vectors,table,matrix,edges}``.

* ``run``: every member (or those named) against the installed scikit-learn; prints a
  summary per member and writes the JSON report. Exit status 1 when any member fails.
* ``check``, ``members``, ``vectors``: the commands a porter runs, in
  :mod:`equivalence.cli`.
* ``table``: prints ``docs/equivalence.md`` (or writes it with ``--output``).
* ``matrix REPORTS``: renders ``docs/conformance.md`` from the per-cell reports.
* ``edges``: renders ``docs/bad-input.md``, every member's outcome per bad-input category.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from equivalence import cli, profiles

__all__ = ["main"]

DEFAULT_REPORT = Path("reports") / "conformance.json"


def _summary(result: Any) -> str:
    lines = [
        f"{result.member}: {result.status.upper()}  "
        f"({result.examples} examples, {result.seconds:.1f} s, largest distance "
        f"{result.max_ulps} ULP, scikit-learn {result.sklearn})"
    ]
    if result.outcomes:
        outcomes = ", ".join(f"{key} {hits}" for key, hits in sorted(result.outcomes.items()))
        lines.append(f"  outcomes: {outcomes}")
    if result.edges:
        edges = ", ".join(f"{name} {hits}" for name, hits in result.edges.items())
        lines.append(f"  edges:    {edges}")
    if result.failure:
        lines.append("  " + result.failure.replace("\n", "\n  "))
    return "\n".join(lines)


def _run(arguments: argparse.Namespace) -> int:
    from equivalence import report
    from equivalence.conformance import run_member

    profile = profiles.load()
    chosen = cli.members_named(arguments.member)
    results = []
    for declared in chosen:
        result = run_member(declared, max_examples=arguments.max_examples)
        print(_summary(result), flush=True)
        results.append(result)
    built = report.build(results, profile)
    report.write(built, arguments.report)
    passed = sum(result.ok for result in results)
    print(f"\n{passed} of {len(results)} members conform; report written to {arguments.report}")
    return 0 if built["ok"] else 1


def _table(arguments: argparse.Namespace) -> int:
    from equivalence.table import render

    text = render()
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _matrix(arguments: argparse.Namespace) -> int:
    from equivalence.matrix import load, render

    text = render(load(Path(arguments.reports)))
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _edges(arguments: argparse.Namespace) -> int:
    from equivalence.malformed import render

    text = render()
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m equivalence", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="run every member against scikit-learn")
    run.add_argument("member", nargs="*", help="members to run (default: all)")
    run.add_argument(
        "--max-examples", type=int, default=None, help="calls per member (default: the profile's)"
    )
    run.add_argument(
        "--report",
        type=Path,
        default=DEFAULT_REPORT,
        help=f"where the JSON report goes (default {DEFAULT_REPORT})",
    )
    run.set_defaults(handler=_run)

    cli.add_commands(commands)  # check, members, vectors

    table = commands.add_parser("table", help="render docs/equivalence.md")
    table.add_argument("--output", default=None, help="write here instead of to stdout")
    table.set_defaults(handler=_table)

    matrix = commands.add_parser("matrix", help="render docs/conformance.md from reports")
    matrix.add_argument("reports", help="the folder of per-cell JSON reports")
    matrix.add_argument("--output", default=None, help="write here instead of to stdout")
    matrix.set_defaults(handler=_matrix)

    edges = commands.add_parser("edges", help="render docs/bad-input.md")
    edges.add_argument("--output", default=None, help="write here instead of to stdout")
    edges.set_defaults(handler=_edges)

    arguments = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = arguments.handler
    try:
        return handler(arguments)
    except cli.UsageError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
