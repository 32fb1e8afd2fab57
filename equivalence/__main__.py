"""Command line: ``python -m equivalence {run,check,members,vectors,table,matrix,edges,...}``.

* ``run``: every member (or those named) against the installed scikit-learn; prints a
  summary per member and writes the JSON report. Exit status 1 when any member fails.
  ``--jobs N`` runs the members in N worker processes (default: one per core).
* ``check``, ``members``, ``vectors``: the commands a porter runs, in
  :mod:`equivalence.cli`; ``check`` holds another implementation at the *faithful*
  level (within the float64 error bound of the exactly computed result) or, with
  ``--exact``, to scikit-learn's own answer on this machine.
* ``table``: prints ``docs/equivalence.md`` (or writes it with ``--output``).
* ``matrix REPORTS``: renders ``docs/conformance.md`` from the per-cell reports.
* ``edges``: renders ``docs/bad-input.md``, every member's outcome per bad-input category.
* ``badge REPORT``: a shields.io endpoint JSON of a ``check --json`` report; ``ports
  REPORTS``: renders ``docs/ports.md`` from such reports (:mod:`equivalence.render.badges`).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from hypothesis import settings

from equivalence import cli, profiles

__all__ = ["main"]

DEFAULT_REPORT = Path("reports") / "conformance.json"


def _summary(result: Any) -> str:
    lines = [
        f"{result.member}: {result.status.upper()}  "
        f"({result.examples} examples, {result.seconds:.1f} s, largest distance "
        f"{result.max_ulps} ULP, {result.against})"
    ]
    if result.seconds:
        lines.append(
            f"  time:     lodestar {result.seconds_lodestar:.2f} s, {result.oracle} "
            f"{result.seconds_oracle:.2f} s: {result.implementation_share:.0%} of the run "
            "inside the implementations"
        )
    lines += _agreement_summary(result)
    if result.outcomes:
        outcomes = ", ".join(f"{key} {hits}" for key, hits in sorted(result.outcomes.items()))
        lines.append(f"  outcomes: {outcomes}")
    if result.edges:
        edges = ", ".join(f"{name} {hits}" for name, hits in result.edges.items())
        lines.append(f"  edges:    {edges}")
    if result.failure:
        lines.append("  " + result.failure.replace("\n", "\n  "))
    return "\n".join(lines)


def _agreement_summary(result: Any) -> list[str]:
    """The faithful level's line: the bounds met and the largest distance seen."""
    if result.faithful is None:
        return []
    figures = result.faithful.to_json()
    return [
        f"  faithful: bound {figures['bound_typical']} ULP typical, "
        f"{figures['bound_largest']} largest; largest distance {figures['largest_error']} ULP "
        f"({figures['largest_error_over_bound']} of its bound); "
        f"rounding-dependent refusals {figures['rounding_dependent_refusals']}; "
        f"compared with scikit-learn {figures['compared_with_scikit_learn']}"
    ]


def _run(arguments: argparse.Namespace) -> int:
    """The ``run`` command. The Hypothesis settings in force before it are in force after
    it, whatever profile it ran with."""
    with profiles.restored():
        return _run_members(arguments)


def _run_members(arguments: argparse.Namespace) -> int:
    from equivalence.parallel import default_jobs, run_members
    from equivalence.render import report

    profile = profiles.load(arguments.profile)
    seed = arguments.seed
    if seed is None and not settings().derandomize:
        # An exploring run draws from a seed of its own, printed with the summary, so
        # that whatever it finds can be drawn again with --seed.
        seed = random.SystemRandom().randrange(2**32)
    chosen = cli.members_named(arguments.member)
    jobs = arguments.jobs if arguments.jobs is not None else default_jobs()
    if jobs < 1:
        raise SystemExit(f"--jobs {jobs}: give at least 1")
    started = time.perf_counter()
    results = []
    names = [declared.name for declared in chosen]
    for result in run_members(
        names,
        jobs=jobs,
        profile=profile,
        max_examples=arguments.max_examples,
        level="faithful" if arguments.faithful else "exact",
        seed=seed,
    ):
        print(_summary(result), flush=True)
        results.append(result)
    seconds = time.perf_counter() - started
    built = report.build(results, profile, jobs=min(jobs, len(names)), seconds=seconds, seed=seed)
    report.write(built, arguments.report)
    passed = sum(result.ok for result in results)
    drawn = "derandomised" if seed is None else f"seed {seed}"
    print(
        f"\n{passed} of {len(results)} members conform in {seconds:.1f} s "
        f"({built['run']['jobs']} {'job' if built['run']['jobs'] == 1 else 'jobs'}, "
        f"profile {profile}, {drawn}); report written to {arguments.report}"
    )
    if seed is not None:
        named = "".join(f" {name}" for name in arguments.member)
        print(
            "the same calls again: "
            f"python -m equivalence run{named} --profile {profile} --seed {seed}"
        )
    return 0 if built["ok"] else 1


def _table(arguments: argparse.Namespace) -> int:
    from equivalence.render.table import render

    text = render()
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _matrix(arguments: argparse.Namespace) -> int:
    from equivalence.render.applies import rewrite
    from equivalence.render.matrix import load, render

    reports = load(Path(arguments.reports))
    text = render(reports)
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if arguments.pages is not None:
        # The member pages' "Applies to" lines say what the same reports say.
        for page in rewrite(arguments.pages, reports):
            print(f"rewrote the applies-to lines of {arguments.pages / page}")
    return 0


def _edges(arguments: argparse.Namespace) -> int:
    from equivalence.render.bad_input_page import render

    text = render()
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (exit status 2), naming the word
    that was mistyped and, where one is close, what was meant."""

    #: The command line being parsed, for naming an unknown option in any error.
    words: Sequence[str] = ()

    def error(self, message: str) -> NoReturn:
        words = re.findall(r"(?:unrecognized arguments|invalid choice): '?([^' ,]+)", message)
        known = [o for action in self._actions for o in action.option_strings]
        elsewhere: dict[str, list[str]] = {}  # an option of another command: which
        for action in self._actions:
            choices = getattr(action, "choices", None) or ()
            known += [str(choice) for choice in choices]  # --protocol's are numbers
            if isinstance(choices, dict):  # the subcommands: the chosen one's options
                chosen = next((w for w in self.words if w in choices), None)
                for name, sub in choices.items():
                    options = [o for a in sub._actions for o in a.option_strings]
                    if chosen is None or name == chosen:
                        known += options
                    else:
                        for option in options:
                            elsewhere.setdefault(option, []).append(name)
        unknown = [
            w.split("=")[0]
            for w in self.words
            if w.startswith("--") and w.split("=")[0] not in known and w not in words
        ]
        if unknown and "unrecognized arguments" not in message:
            message += f"; unknown option {unknown[0]}"
            words.append(unknown[0])
        for word in words:
            close = [c for c in difflib.get_close_matches(word, known, n=2) if c != word]
            if word in elsewhere:
                message += f" ({word} is an option of {', '.join(elsewhere[word])})"
            elif close:
                message += f" (did you mean {close[0]}?)"
        self.exit(2, f"{self.prog}: error: {message}\n")


def _badge(arguments: argparse.Namespace) -> int:
    import json

    from equivalence.render.badges import badge

    try:
        report = json.loads(Path(arguments.report).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise cli.UsageError(f"{arguments.report}: {error}") from None
    print(json.dumps(badge(report, arguments.label)))
    return 0


def _summary_command(arguments: argparse.Namespace) -> int:
    import json

    from equivalence.render.badges import summary

    try:
        report = json.loads(Path(arguments.report).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise cli.UsageError(f"{arguments.report}: {error}") from None
    sys.stdout.write(summary(report))
    return 0


def _ports(arguments: argparse.Namespace) -> int:
    from equivalence.render.badges import load, render

    text = render(load(Path(arguments.reports)))
    if arguments.output:
        Path(arguments.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m equivalence", description=__doc__.split("\n")[0].replace("``", "")
    )
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="run every member against scikit-learn")
    run.add_argument("member", nargs="*", help="members to run (default: all)")
    run.add_argument(
        "--max-examples", type=int, default=None, help="calls per member (default: the profile's)"
    )
    run.add_argument(
        "--seed",
        type=int,
        default=None,
        help="draw every call from this seed; nothing saved by earlier runs is replayed "
        "(default: a fresh seed for the dev and thorough profiles, printed at the end; "
        "the ci profile's fixed draws)",
    )
    run.add_argument(
        "--profile",
        choices=sorted(profiles.EXAMPLES),
        default=None,
        help="the Hypothesis profile: dev (200 calls a member), ci (600, derandomised), "
        "thorough (3000); default: HYPOTHESIS_PROFILE, or dev",
    )
    run.add_argument(
        "--report",
        type=Path,
        default=DEFAULT_REPORT,
        help=f"where the JSON report goes (default {DEFAULT_REPORT})",
    )
    run.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help="members run in this many worker processes (default: the number of cores)",
    )
    run.add_argument(
        "--faithful",
        action="store_true",
        help="hold lodestar to the exact result within its float64 error bound instead of "
        "to scikit-learn's answer, and report the bounds met",
    )
    run.set_defaults(handler=_run)

    cli.add_commands(commands)  # check, members, vectors

    table = commands.add_parser("table", help="render docs/equivalence.md")
    table.add_argument("--output", default=None, help="write here instead of to stdout")
    table.set_defaults(handler=_table)

    matrix = commands.add_parser("matrix", help="render docs/conformance.md from reports")
    matrix.add_argument("reports", help="the folder of per-cell JSON reports")
    matrix.add_argument("--output", default=None, help="write here instead of to stdout")
    matrix.add_argument(
        "--pages",
        type=Path,
        default=None,
        metavar="DOCS",
        help="also rewrite the applies-to lines of the member pages under DOCS",
    )
    matrix.set_defaults(handler=_matrix)

    edges = commands.add_parser("edges", help="render docs/bad-input.md")
    edges.add_argument("--output", default=None, help="write here instead of to stdout")
    edges.set_defaults(handler=_edges)

    _Parser.words = list(sys.argv[1:] if argv is None else argv)
    badge = commands.add_parser("badge", help="a shields.io endpoint JSON of a check --json report")
    badge.add_argument("report", help="the report check --json wrote")
    badge.add_argument("--label", default="sklearn.metrics", help="the badge's label")
    badge.set_defaults(handler=_badge)

    summary = commands.add_parser("summary", help="a Markdown job summary of a check --json report")
    summary.add_argument("report", help="the report check --json wrote")
    summary.set_defaults(handler=_summary_command)

    ports = commands.add_parser("ports", help="render docs/ports.md from check --json reports")
    ports.add_argument("reports", help="the folder of reports (reports/ports)")
    ports.add_argument("--output", default=None, help="write here instead of to stdout")
    ports.set_defaults(handler=_ports)

    arguments = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = arguments.handler
    try:
        return handler(arguments)
    except cli.UsageError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2


class Terminated(BaseException):
    """SIGTERM, raised in the main thread so that every ``finally`` runs: a port's
    process group is killed and the workers of ``run`` are ended before the exit."""


def _terminated(signum: int, frame: Any) -> None:
    raise Terminated


class _Unbroken(io.TextIOBase):
    """Standard output that survives its reader going away (``check ... | head -1``):
    after the first broken pipe, what is written goes nowhere, the command runs to its
    end, and its exit status is still its verdict."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self._broken = False

    def _gone(self) -> None:
        self._broken = True
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), self._stream.fileno())

    def write(self, text: str) -> int:
        if not self._broken:
            try:
                self._stream.write(text)
            except BrokenPipeError:
                self._gone()
        return len(text)

    def flush(self) -> None:
        if not self._broken:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._gone()

    def fileno(self) -> int:
        return int(self._stream.fileno())

    def isatty(self) -> bool:
        return bool(self._stream.isatty())


def run_command(argv: Sequence[str] | None = None) -> int:
    """:func:`main` as the process runs it: SIGTERM ends it as Ctrl-C does, through every
    ``finally`` (exit status 143, Ctrl-C 130, one line each on standard error); a reader
    that stops early changes nothing of the exit status."""
    sys.stdout = _Unbroken(sys.stdout)
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        return main(argv)
    except KeyboardInterrupt:
        print("python -m equivalence: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("python -m equivalence: terminated", file=sys.stderr)
        return 143
    finally:
        signal.signal(signal.SIGTERM, previous)
        with contextlib.suppress(Exception):
            sys.stdout.flush()


if __name__ == "__main__":
    raise SystemExit(run_command())
