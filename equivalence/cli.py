"""``python -m equivalence check``, ``members`` and ``vectors``: the commands a porter runs.

* ``check MEMBER [MEMBER ...] --implementation MODULE:CALLABLE`` holds a Python callable
  to the members' calls and declarations; ``--command CMD`` holds a process speaking the
  JSON-lines protocol of ``docs/porting.md`` instead.
* ``members`` lists the members, with their C# names and pages.
* ``vectors [MEMBER ...] --output DIR`` writes the exported test vectors.

Exit status: 0 when every member conforms (or fails only as the ``--expect`` file says
it will), 1 when one does not, 2 for a usage or setup error (an unknown member, a module
that does not import, a command that cannot start).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from equivalence import profiles
from equivalence.model import Call, Member

__all__ = ["UsageError", "add_commands", "simplify"]


class UsageError(Exception):
    """A mistake in how the command was called or set up: one line, exit status 2."""


# -- resolving what was named ----------------------------------------------------------


def members_named(names: Sequence[str]) -> list[Member]:
    """The members called ``names`` (either spelling), or every member for none."""
    from equivalence.members import REGISTRY, member

    if not names:
        return list(REGISTRY.values())
    found = []
    for name in names:
        try:
            found.append(member(name))
        except KeyError:
            raise UsageError(
                f"no member called {name!r}; `python -m equivalence members` lists them"
            ) from None
    return found


def load_callable(spec: str) -> Callable[..., Any]:
    """``module:attribute.path`` imported, or a :class:`UsageError` saying why not."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise UsageError(f"--implementation {spec!r}: expected MODULE:CALLABLE")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise UsageError(f"--implementation {spec!r}: {error}") from None
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise UsageError(
                f"--implementation {spec!r}: {module_name} has no {attribute}"
            ) from None
    if not callable(target):
        raise UsageError(f"--implementation {spec!r} is not callable")
    return target  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Expected:
    """A difference a port declares in its ``--expect`` file."""

    member: str
    name: str
    reason: str


def read_expect(path: Path) -> list[Expected]:
    """The lines of an ``--expect`` file: ``MEMBER NAME [reason ...]``; a line starting
    with ``#`` is a comment."""
    from equivalence.members import member

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"--expect {str(path)!r}: {error.strerror}") from None
    found = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) < 2:
            raise UsageError(f"{path}:{number}: expected `MEMBER NAME [reason]`, got {raw!r}")
        try:
            declared = member(parts[0])
        except KeyError:
            raise UsageError(f"{path}:{number}: no member called {parts[0]!r}") from None
        found.append(Expected(declared.name, parts[1], parts[2] if len(parts) > 2 else ""))
    return found


# -- watching the implementation -------------------------------------------------------


@dataclass
class Watched:
    """The implementation under test, wrapped to remember the last call it was given
    (the minimal failing one, since Hypothesis replays it last)."""

    function: Callable[..., Any]
    last: Call | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from equivalence.wire import Unsendable

        self.last = Call(tuple(args), dict(kwargs))
        try:
            return self.function(*args, **kwargs)
        except Unsendable:
            self.last = None
            raise


@dataclass
class _Replays:
    """Watches Hypothesis's test cases (through its observability callbacks) for a
    failure found while replaying examples saved by an earlier run."""

    seen: bool = False

    def __call__(self, observation: Any) -> None:
        if (
            getattr(observation, "type", None) == "test_case"
            and getattr(observation, "status", None) == "failed"
            and str(getattr(observation, "how_generated", "")).startswith("during reuse")
        ):
            self.seen = True


def _may_replay() -> bool:
    """Whether the example database could hold a saved failure to replay.

    Watching for replays turns on Hypothesis's observability, which costs several times
    the run itself (measured: 24.4 s against 3.9 s for 600 calls), so it is turned on only
    when there is something to replay: a database, and one that is not empty.
    """
    from hypothesis import settings

    database = settings().database
    if database is None:
        return False
    folder = getattr(database, "path", None)
    if folder is None:
        return True
    return any(path.is_file() for path in Path(folder).rglob("*"))


@contextlib.contextmanager
def _watching(replays: _Replays) -> Iterator[None]:
    if not _may_replay():
        yield
        return
    try:
        from hypothesis.internal.observability import (
            add_observability_callback,
            remove_observability_callback,
        )
    except ImportError:  # a Hypothesis without it: replays go unlabelled
        yield
        return
    add_observability_callback(replays)
    try:
        yield
    finally:
        remove_observability_callback(replays)


# -- shrinking further -----------------------------------------------------------------


def _per_sample(value: Any, samples: int, width: int | None) -> str | None:
    """How ``value`` holds one entry per sample: ``rows``, ``flat`` (width per sample)."""
    if isinstance(value, (list, np.ndarray)):
        size = len(value)
        if size == samples and samples:
            return "rows"
        if width and size == samples * width and samples and np.ndim(value) == 1:
            return "flat"
    return None


def _without_sample(member: Member, call: Call, index: int) -> Call | None:
    from equivalence.wire import arguments

    bound = arguments(member, call)
    first = next(iter(bound.values()), None)
    if not isinstance(first, (list, np.ndarray)) or len(first) < 2:
        return None
    samples = len(first)
    width = next(
        (v for k, v in bound.items() if k in ("class_count", "label_count") and type(v) is int),
        None,
    )
    changed = dict(bound)
    for name, value in bound.items():
        form = _per_sample(value, samples, width)
        if form == "rows":
            kept = [item for position, item in enumerate(list(value)) if position != index]
            changed[name] = (
                np.array(kept, dtype=value.dtype) if isinstance(value, np.ndarray) else kept
            )
        elif form == "flat":
            assert width is not None
            items = list(value)
            del items[index * width : (index + 1) * width]
            changed[name] = (
                np.array(items, dtype=value.dtype) if isinstance(value, np.ndarray) else items
            )
    return _rebuild(member, call, changed)


def _rebuild(member: Member, call: Call, bound: dict[str, Any]) -> Call:
    names = list(inspect.signature(member.implementation).parameters)
    args = tuple(bound[name] for name in names[: len(call.args)])
    kwargs = {name: bound[name] for name in call.kwargs if name in bound}
    return Call(args, kwargs)


def simplify(member: Member, call: Call, fails: Callable[[Call], bool]) -> Call:
    """``call`` made smaller while ``fails`` still holds: keyword arguments left to their
    defaults, samples dropped (from every per-sample argument at once). Hypothesis
    shrinks the drawing, not the call; this shrinks the call."""
    changed = True
    while changed:
        changed = False
        for name in list(call.kwargs):
            smaller = Call(call.args, {k: v for k, v in call.kwargs.items() if k != name})
            if _fails(fails, smaller):
                call, changed = smaller, True
        index = 0
        while True:
            try:
                candidate = _without_sample(member, call, index)
            except Exception:
                candidate = None
            if candidate is None:
                break
            if _fails(fails, candidate):
                call, changed = candidate, True
                continue
            index += 1
            first = call.args[0] if call.args else None
            if not isinstance(first, (list, np.ndarray)) or index >= len(first):
                break
    return call


def _fails(fails: Callable[[Call], bool], call: Call) -> bool:
    try:
        return fails(call)
    except Exception:
        return False


# -- check -----------------------------------------------------------------------------


@dataclass
class Checked:
    """One member's check, as printed and written to ``--json``."""

    result: Any
    replayed: bool = False
    snippet: str | None = None
    expected: list[Expected] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.result.ok) or bool(self.expected)


def _supports_level() -> bool:
    from equivalence.conformance import run_member

    return "level" in inspect.signature(run_member).parameters


def _summary(checked: Checked, subject: str) -> str:
    result = checked.result
    status = result.status.upper()
    if checked.replayed and not result.ok:
        status = "FAILS ON A REPLAYED SAVED FAILURE"
    if checked.expected and not result.ok:
        status += " (expected by --expect: " + ", ".join(e.name for e in checked.expected) + ")"
    elif checked.expected:
        status += " (--expect declared " + ", ".join(e.name for e in checked.expected)
        status += ", not seen)"
    sent = result.outcomes.get("not sent", 0)
    lines = [
        f"{result.member}: {status}  ({result.examples} calls judged"
        + (f", {sent} not sent" if sent else "")
        + f", {result.seconds:.1f} s, {result.against})",
        f"  under test: {subject}",
    ]
    if checked.replayed and not result.ok:
        lines.append(
            "  (the failure was saved by an earlier run and replayed before new calls were"
            " drawn for its scenario, so the counts stop there; --seed draws afresh)"
        )
    outcomes = {k: v for k, v in result.outcomes.items() if k != "not sent"}
    if outcomes:
        lines.append("  outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    if result.edges:
        lines.append("  edges:    " + ", ".join(f"{k} {v}" for k, v in result.edges.items()))
    for expected in checked.expected:
        lines.append(
            f"  expected: {expected.name}" + (f": {expected.reason}" if expected.reason else "")
        )
    if result.failure:
        failure = result.failure
        for theirs, ours in _RELABELLED:
            failure = failure.replace(theirs, ours)
        lines.append("  " + failure.replace("\n", "\n  "))
    return "\n".join(lines)


# The runner's words for the side it asks; under check that side is the implementation.
_RELABELLED = (
    ("\n  lodestar:     ", "\n  under test:   "),
    ("lodestar and scikit-learn differ", "the implementation under test and scikit-learn differ"),
    ("applies, but lodestar gives", "applies, but the implementation under test gives"),
    ("lodestar raised", "the implementation under test raised"),
    ("lodestar modified its input", "the implementation under test modified its input"),
)


def _snippet_python(spec: str, call: Call) -> str:
    module_name, _, attribute = spec.partition(":")
    head = attribute.split(".")[0]
    rendered = call.render(attribute)
    needs_numpy = "np." in rendered
    imports = ("import numpy as np\n" if needs_numpy else "") + f"from {module_name} import {head}"
    return f"{imports}\n{rendered}"


def _snippet_command(command: str, member: Member, call: Call) -> str:
    from equivalence import wire

    line = wire.dumps(wire.request(member, call))
    return f"echo {shlex.quote(line)} | {command}"


@contextlib.contextmanager
def _full_precision() -> Iterator[None]:
    """Arrays printed with every digit their doubles need, and Hypothesis's own reports
    (a seed to add to a test that the user does not have) kept out of the output."""
    from hypothesis.reporting import with_reporter

    def ignore(text: object) -> None:
        return None

    with (
        np.printoptions(precision=17, floatmode="unique", threshold=sys.maxsize),
        with_reporter(ignore),
    ):
        yield


def check(arguments: argparse.Namespace) -> int:
    """The ``check`` command. The Hypothesis settings in force before it are in force
    after it, whatever profile, seed and database it ran with."""
    with profiles.restored():
        return _check(arguments)


def _check(arguments: argparse.Namespace) -> int:
    from hypothesis import settings

    from equivalence import report
    from equivalence.conformance import run_member
    from equivalence.runner import judge
    from equivalence.versions import sklearn_version

    profile = arguments.profile or profiles.load()
    if arguments.profile:
        profiles.load()
        settings.load_profile(arguments.profile)
    chosen = members_named(arguments.member)
    expect = read_expect(arguments.expect) if arguments.expect else []
    if arguments.command is None and arguments.implementation is None:
        raise UsageError("name what to check: --implementation MODULE:CALLABLE or --command CMD")

    if arguments.seed is not None:
        settings.register_profile("check", settings(), database=None)
        settings.load_profile("check")

    port = None
    if arguments.command is not None:
        from equivalence.process import Port

        port = Port(arguments.command, timeout=arguments.timeout)
        subject = f"the process `{arguments.command}`"
    else:
        function = load_callable(arguments.implementation)
        subject = arguments.implementation

    version = sklearn_version()
    level: dict[str, Any] = {}
    if _supports_level():
        level["level"] = "exact" if arguments.exact else "faithful"
    judged = level if "level" in inspect.signature(judge).parameters else {}
    checked: list[Checked] = []
    try:
        with _full_precision():
            for declared in chosen:
                if port is not None:
                    watched = Watched(port.implementation(declared))
                else:
                    watched = Watched(function)
                replays = _Replays()
                with _watching(replays):
                    result = run_member(
                        declared,
                        implementation=watched,
                        max_examples=arguments.max_examples,
                        seed=arguments.seed,
                        **level,
                    )
                item = Checked(result, replayed=replays.seen)
                item.expected = [e for e in expect if e.member == declared.name]
                if result.counterexample and watched.last is not None:

                    def fails(call: Call, member: Member = declared, impl: Any = watched) -> bool:
                        return not judge(member, call, version, impl, **judged).ok

                    smallest = simplify(declared, watched.last, fails)
                    if arguments.command is not None:
                        item.snippet = _snippet_command(arguments.command, declared, smallest)
                    else:
                        item.snippet = _snippet_python(arguments.implementation, smallest)
                print(_summary(item, subject), flush=True)
                if item.snippet:
                    print("\n  Minimal counterexample, ready to paste:")
                    print("    " + item.snippet.replace("\n", "\n    "), flush=True)
                checked.append(item)
    except BaseException as error:
        from equivalence.process import PortFailure

        if isinstance(error, PortFailure):
            print(f"check failed: {error}", file=sys.stderr)
            return 2 if error.setup else 1
        raise
    finally:
        if port is not None:
            port.close()

    if arguments.json is not None:
        built = report.build([item.result for item in checked], profile)
        built["under_test"] = subject
        built["level"] = level.get("level", "exact")
        for item, entry in zip(checked, built["members"], strict=True):
            entry["replayed"] = item.replayed
            entry["snippet"] = item.snippet
            entry["expected"] = [
                {"name": e.name, "reason": e.reason, "seen": not item.result.ok}
                for e in item.expected
            ]
        built["ok"] = all(item.ok for item in checked)
        report.write(built, arguments.json)
    passed = sum(item.result.ok for item in checked)
    expected = sum(1 for item in checked if item.expected and not item.result.ok)
    tail = f", {expected} fail as expected" if expected else ""
    print(f"\n{passed} of {len(checked)} members conform{tail}.")
    return 0 if all(item.ok for item in checked) else 1


# -- members ---------------------------------------------------------------------------


def list_members(arguments: argparse.Namespace) -> int:
    """The ``members`` command."""
    from equivalence.members import REGISTRY

    width = max(len(name) for name in REGISTRY)
    cwidth = max(len(m.csharp) for m in REGISTRY.values())
    for declared in REGISTRY.values():
        if arguments.names:
            print(declared.name)
        else:
            print(f"{declared.name:<{width}}  {declared.csharp:<{cwidth}}  docs/{declared.page}")
    return 0


# -- vectors ---------------------------------------------------------------------------


def export_vectors(arguments: argparse.Namespace) -> int:
    """The ``vectors`` command."""
    from equivalence import vectors

    chosen = members_named(arguments.member)
    output = Path(arguments.output)
    for declared in chosen:
        started = time.perf_counter()
        path, count = vectors.export(declared, output, seed=arguments.seed, cases=arguments.cases)
        print(f"{path}: {count} cases ({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


# -- the parsers -----------------------------------------------------------------------


def add_commands(commands: Any) -> None:
    """Adds ``check``, ``members`` and ``vectors`` to ``python -m equivalence``."""
    from equivalence.process import DEFAULT_TIMEOUT

    check_parser = commands.add_parser(
        "check",
        help="hold an implementation of one or more members to their calls and declarations",
        description=(
            "Holds an implementation (a Python callable, or a process speaking the JSON-lines "
            "protocol of docs/porting.md) to each member's calls and declarations. "
            "Exit status 0: conforms; 1: does not; 2: usage or setup error."
        ),
    )
    check_parser.add_argument(
        "member", nargs="+", help="members to check, in either spelling (TopKAccuracy.score)"
    )
    under_test = check_parser.add_mutually_exclusive_group(required=True)
    under_test.add_argument(
        "--implementation",
        metavar="MODULE:CALLABLE",
        help="a Python callable with the member's signature, e.g. mypackage.port:top_k",
    )
    under_test.add_argument(
        "--command",
        metavar="CMD",
        help="a command started once, through the shell, that answers one JSON request line "
        "with one JSON response line (see docs/porting.md)",
    )
    check_parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long --command may take over one request (default {DEFAULT_TIMEOUT:g})",
    )
    check_parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="draw every call from this seed; nothing saved by earlier runs is replayed",
    )
    check_parser.add_argument(
        "--profile",
        choices=sorted(profiles.EXAMPLES),
        default=None,
        help="the Hypothesis profile: dev (200 calls a member), ci (600, derandomised), "
        "thorough (3000); default: $HYPOTHESIS_PROFILE, else dev",
    )
    check_parser.add_argument(
        "--max-examples",
        type=int,
        default=None,
        metavar="N",
        help="calls per member, overriding the profile's budget",
    )
    check_parser.add_argument(
        "--json",
        type=Path,
        default=None,
        metavar="REPORT",
        help="also write a JSON report of the check to this file",
    )
    check_parser.add_argument(
        "--expect",
        type=Path,
        default=None,
        metavar="FILE",
        help="the port's own declared differences, one `MEMBER NAME [reason]` a line: "
        "such a member may fail, and is reported as expected to",
    )
    check_parser.add_argument(
        "--exact",
        action="store_true",
        help="hold the implementation to scikit-learn's bits on this machine, within each "
        "member's ULP tolerance, rather than to the faithful-port bound",
    )
    check_parser.set_defaults(handler=check)

    members_parser = commands.add_parser(
        "members", help="list the members: Python name, C# name, page"
    )
    members_parser.add_argument(
        "--names", action="store_true", help="print the Python names alone, one a line"
    )
    members_parser.set_defaults(handler=list_members)

    vectors_parser = commands.add_parser(
        "vectors",
        help="export test vectors (lodestar-vectors/1) for ports that cannot run Python",
        description="Writes DIR/<member>.jsonl for each member: a header line, then one case "
        "a line. Two exports are byte-identical, on any CPU. See docs/porting.md.",
    )
    vectors_parser.add_argument("member", nargs="*", help="members to export (default: all)")
    vectors_parser.add_argument(
        "--output", required=True, metavar="DIR", help="the folder to write the files into"
    )
    vectors_parser.add_argument(
        "--seed", type=int, default=None, help="the seed the cases are drawn from (default 0)"
    )
    vectors_parser.add_argument(
        "--cases",
        type=int,
        default=None,
        metavar="N",
        help="how many drawn cases a member (default 400), besides its example",
    )
    vectors_parser.set_defaults(handler=export_vectors)
