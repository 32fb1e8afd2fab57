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
import math
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from equivalence import profiles
from equivalence.bysample import samples_of as _samples, without_samples
from equivalence.large import with_large
from equivalence.model import Call, Member, shown

__all__ = ["UsageError", "add_commands", "read_expect", "replay_python", "shrink", "simplify"]


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
            import difflib

            spellings = [*REGISTRY, *(m.csharp for m in REGISTRY.values())]
            lowered = {s.lower(): s for s in spellings}
            close = difflib.get_close_matches(name, spellings, n=1, cutoff=0.75) or [
                lowered[c] for c in difflib.get_close_matches(name.lower(), lowered, n=1)
            ]
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise UsageError(
                f"no member called {name!r}; {hint}`python -m equivalence members` lists them"
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
    except SyntaxError as error:
        raise UsageError(
            f"--implementation {spec!r}: {error.filename}:{error.lineno}: {error.msg}"
        ) from None
    except SystemExit as error:
        raise UsageError(
            f"--implementation {spec!r}: importing {module_name} called sys.exit({error.code!r})"
        ) from None
    except Exception as error:
        raise UsageError(
            f"--implementation {spec!r}: importing {module_name} raised "
            f"{type(error).__name__}: {shown(str(error))}"
        ) from None
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


#: The kinds of failure an ``--expect`` entry can name (see ``docs/porting.md``).
KINDS = {
    "value": "both answer, and the answers differ beyond the bound",
    "narrowing": "the implementation refuses where scikit-learn answers",
    "widening": "the implementation answers where scikit-learn refuses",
    "raised": "the implementation raised an exception the member does not document",
    "modified": "the implementation changed its input",
    "divergence": "a declared divergence applies, and the implementation does not "
    "give the answer it declares (name it: divergence:NAME)",
}


@dataclass(frozen=True)
class Expected:
    """A difference a port declares in its ``--expect`` file: a member and a kind of
    failure (for ``divergence``, the declaration's name). A failing call of that member
    of that kind is excused; any other still fails."""

    member: str
    kind: str
    divergence: str | None = None
    reason: str = ""

    @property
    def key(self) -> str:
        return self.kind if self.divergence is None else f"divergence:{self.divergence}"


def failure_kind(verdict: Any) -> tuple[str, str | None]:
    """A failing verdict's kind (one of :data:`KINDS`) and, for ``divergence``, the
    declaration's name."""
    import re

    from equivalence.model import Value

    reason = verdict.reason
    if reason.endswith("modified its input"):
        return "modified", None
    if " raised " in reason and ", not one of: " in reason:
        return "raised", None
    named = re.match(r"divergence '([^']+)'", reason)
    if named:
        return "divergence", named.group(1)
    mine, theirs = verdict.lodestar, verdict.sklearn
    if isinstance(mine, Value):
        return ("value", None) if isinstance(theirs, Value) else ("widening", None)
    return "narrowing", None


def _failure_class(verdict: Any) -> tuple[str, str | None]:
    return failure_kind(verdict)


def _tolerating(expected: list[Expected]) -> Callable[[Any, Call], str | None]:
    """The ``tolerate`` of :func:`~equivalence.conformance.run_member` for these entries."""

    def tolerate(verdict: Any, call: Call) -> str | None:
        kind, name = failure_kind(verdict)
        for entry in expected:
            if entry.kind == kind and entry.divergence in (None, name):
                return entry.key
        return None

    return tolerate


def _entry(path: Path, where: str, fields: dict[str, Any]) -> Expected:
    from equivalence.members import member

    unknown = set(fields) - {"member", "kind", "divergence", "reason"}
    if unknown:
        raise UsageError(f"{path}{where}: unknown field {sorted(unknown)[0]!r}")
    name, kind = fields.get("member"), fields.get("kind")
    if not isinstance(name, str):
        raise UsageError(f"{path}{where}: no member named")
    try:
        declared = member(name)
    except KeyError:
        raise UsageError(f"{path}{where}: no member called {name!r}") from None
    divergence = fields.get("divergence")
    if isinstance(kind, str) and kind.startswith("divergence:"):
        kind, divergence = "divergence", kind.split(":", 1)[1]
    if kind not in KINDS:
        raise UsageError(
            f"{path}{where}: kind {kind!r} is none of {', '.join(KINDS)} (or divergence:NAME)"
        )
    if kind == "divergence":
        names = {d.name for d in declared.divergences}
        if divergence not in names:
            raise UsageError(
                f"{path}{where}: {declared.name} declares no divergence {divergence!r}"
            )
    elif divergence is not None:
        raise UsageError(f"{path}{where}: a divergence is named only with kind divergence")
    reason = fields.get("reason", "")
    if not isinstance(reason, str):
        raise UsageError(f"{path}{where}: reason is not a string")
    return Expected(declared.name, kind, divergence, reason)


def read_expect(path: Path) -> list[Expected]:
    """The entries of an ``--expect`` file, in either of its two forms (``docs/porting.md``;
    the JSON form's schema is ``equivalence/schemas/expect.schema.json``):

    * lines ``MEMBER KIND [reason ...]``, ``KIND`` one of :data:`KINDS` or
      ``divergence:NAME``; a line starting with ``#`` is a comment;
    * a JSON object ``{"expect": [{"member", "kind", "divergence"?, "reason"?}, ...]}``.
    """
    import json

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(
            f"--expect {str(path)!r}: {getattr(error, 'strerror', None) or error}"
        ) from None
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise UsageError(f"--expect {str(path)!r}: not JSON ({error})") from None
        entries = data.get("expect") if isinstance(data, dict) else None
        if not isinstance(entries, list) or set(data) - {"expect", "$schema"}:
            raise UsageError(f'--expect {str(path)!r}: expected {{"expect": [...]}}')
        return [
            _entry(path, f": entry {n}", e if isinstance(e, dict) else {"member": None})
            for n, e in enumerate(entries, 1)
        ]
    found = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) < 2:
            raise UsageError(f"{path}:{number}: expected `MEMBER KIND [reason]`, got {raw!r}")
        fields = {"member": parts[0], "kind": parts[1]}
        if len(parts) > 2:
            fields["reason"] = parts[2]
        found.append(_entry(path, f":{number}", fields))
    return found


# -- shrinking further -----------------------------------------------------------------

#: Seconds ``check`` spends making a failing call smaller, unless --shrink-seconds says.
SHRINK_SECONDS = 30.0


@dataclass
class Shrunk:
    """What :func:`simplify` came to: the smallest failing call found, how many
    candidates it judged, and whether it stopped for its time budget."""

    call: Call
    candidates: int = 0
    out_of_time: bool = False
    seconds: float = 0.0


def simplify(
    member: Member,
    call: Call,
    fails: Callable[[Call], bool],
    seconds: float | None = None,
) -> Call:
    """``call`` made smaller while ``fails`` still holds (see :func:`shrink`)."""
    return shrink(member, call, fails, seconds).call


def shrink(
    member: Member,
    call: Call,
    fails: Callable[[Call], bool],
    seconds: float | None = None,
) -> Shrunk:
    """``call`` made smaller while ``fails`` still holds, within ``seconds`` (none: no
    limit): keyword arguments left to their defaults, then samples dropped from every
    per-sample argument at once by halving (delta debugging: the first half, the second,
    then quarters, down to single samples), so that a call of ``n`` samples takes about
    ``log n`` rounds where one sample at a time took ``n``. Every candidate is smaller
    than the call before it, so the search ends. Hypothesis shrinks the drawing, not the
    call; this shrinks the call."""
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    done = Shrunk(call)

    def tried(candidate: Call | None) -> bool:
        if candidate is None:
            return False
        if deadline is not None and time.monotonic() > deadline:
            done.out_of_time = True
            return False
        done.candidates += 1
        return _fails(fails, candidate)

    changed = True
    while changed and not done.out_of_time:
        changed = False
        for name in list(done.call.kwargs):
            smaller = Call(done.call.args, {k: v for k, v in done.call.kwargs.items() if k != name})
            if tried(smaller):
                done.call, changed = smaller, True
        samples = _samples(member, done.call)
        chunk = max(1, samples // 2)
        while samples > 1 and not done.out_of_time:
            start, removed = 0, False
            while start < samples and not done.out_of_time:
                candidate = _try_drop(member, done.call, start, start + chunk)
                if tried(candidate):
                    assert candidate is not None
                    done.call, changed, removed = candidate, True, True
                    samples = _samples(member, done.call)
                    continue  # the same place now holds the samples after those dropped
                start += chunk
            if chunk == 1 and not removed:
                break
            chunk = max(1, chunk // 2) if not removed else max(1, min(chunk, samples // 2))
    done.seconds = time.monotonic() - started
    return done


def _try_drop(member: Member, call: Call, start: int, stop: int) -> Call | None:
    try:
        return without_samples(member, call, start, stop)
    except Exception:
        return None


def _fails(fails: Callable[..., bool], call: Call) -> bool:
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
    shrunk: Shrunk | None = None
    #: The calls the port skipped (protocol 2), by (member, why, issue).
    skips: dict[tuple[str, str, str | None], int] = field(default_factory=dict)
    #: Whether the pasted counterexample, run again as pasted, failed again.
    reproduces: bool | None = None
    file: str | None = None
    #: The port's own words for itself (protocol 2's start): name, language, version.
    identity: dict[str, str] | None = None

    @property
    def seen(self) -> set[Expected]:
        return {e for e in self.expected if self.result.outcomes.get(f"expected:{e.key}")}

    @property
    def ok(self) -> bool:
        return bool(self.result.ok)


def _supports_level() -> bool:
    from equivalence.conformance import run_member

    return "level" in inspect.signature(run_member).parameters


def _summary(checked: Checked, subject: str) -> str:
    result = checked.result
    status = result.status.upper()
    if checked.replayed and not result.ok:
        status = "FAILS ON A REPLAYED SAVED FAILURE"
    sent = result.outcomes.get("not sent", 0)
    lines = [
        f"{result.member}: {status}  ({result.examples} calls judged"
        + (f", {sent} not sent" if sent else "")
        + f", {result.seconds:.1f} s, {result.against})",
        f"  under test: {shown(subject)}",
    ]
    if checked.identity is not None:
        lines.append(f"  port:     {_identity_text(checked.identity)}")
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
    if result.unreached:
        lines.append(
            "  warning:  declared edges no call reached within the budget (not a failure "
            "without --require-edges): " + ", ".join(result.unreached)
        )
    for (_, why, issue), hits in sorted(checked.skips.items()):
        lines.append(
            f"  skipped:  {hits} calls: {shown(why)}" + (f" ({shown(issue)})" if issue else "")
        )
    for expected in checked.expected:
        hits = result.outcomes.get(f"expected:{expected.key}", 0)
        said = f"{hits} calls" if hits else "not seen"
        lines.append(
            f"  expected: {expected.key} ({said})"
            + (f": {shown(expected.reason)}" if expected.reason else "")
        )
    if result.failure:
        lines.append("  " + _relabelled(result.failure).replace("\n", "\n  "))
    return "\n".join(lines)


def _identity_text(identity: dict[str, str]) -> str:
    """A port's start, as the summary prints it: ``name version (language)``."""
    return f"{shown(identity['name'])} {shown(identity['version'])} ({shown(identity['language'])})"


def _identity(port: Any) -> dict[str, Any] | None:
    """What the report records of a port's start: its name, language and version, and the
    protocol it spoke; ``None`` for a port that made no start (protocol 1)."""
    start = None if port is None else port.identity
    if start is None:
        return None
    from equivalence.ports.process import IDENTITY

    return {**{key: start[key] for key in IDENTITY}, "protocol": 2}


# The runner's words for the side it asks; under check that side is the implementation.
_RELABELLED = (
    ("\n  lodestar:     ", "\n  under test:   "),
    ("lodestar and scikit-learn differ", "the implementation under test and scikit-learn differ"),
    ("applies, but lodestar gives", "applies, but the implementation under test gives"),
    ("lodestar raised", "the implementation under test raised"),
    ("lodestar modified its input", "the implementation under test modified its input"),
)


def _relabelled(text: str) -> str:
    for theirs, ours in _RELABELLED:
        text = text.replace(theirs, ours)
    return text


def _imports(call: Call) -> list[str]:
    """The import lines the rendered ``call`` needs besides the callable's own: NumPy,
    and the module of every enum it passes (``ZeroDivision.THROW``)."""
    import enum

    found: dict[str, set[str]] = {}
    numpy = False

    def visit(value: Any) -> None:
        nonlocal numpy
        if isinstance(value, enum.Enum):
            kind = type(value)
            module = kind.__module__
            if module.startswith("lodestar.metrics"):
                import lodestar.metrics

                if getattr(lodestar.metrics, kind.__name__, None) is kind:
                    module = "lodestar.metrics"
            found.setdefault(module, set()).add(kind.__name__)
        elif isinstance(value, np.ndarray):
            numpy = numpy or value.dtype.kind not in "iub"
        elif isinstance(value, (list, tuple)):
            for item in value:
                visit(item)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)

    for value in (*call.args, *call.kwargs.values()):
        visit(value)
    lines = ["import numpy as np"] if numpy else []
    lines += [
        f"from {module} import {', '.join(sorted(names))}"
        for module, names in sorted(found.items())
    ]
    return lines


def _snippet_python(spec: str, call: Call) -> str:
    module_name, _, attribute = spec.partition(":")
    head = attribute.split(".")[0]
    rendered = call.render(attribute)
    imports = [*_imports(call), f"from {module_name} import {head}"]
    return "\n".join([*imports, rendered])


class _Capture:
    """Stands for the callable in a replayed snippet: calling it records the call."""

    def __init__(self) -> None:
        self.call: Call | None = None

    def __getattr__(self, name: str) -> _Capture:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.call = Call(tuple(args), dict(kwargs))


def replay_python(snippet: str, spec: str) -> Call:
    """The call ``snippet`` makes, read back from its own text: its import lines run in
    a namespace of their own (the callable's replaced by a recorder), its last line
    evaluated there. What reproduces from the pasted text is what is judged."""
    *imports, line = snippet.split("\n")
    module_name, _, attribute = spec.partition(":")
    head = attribute.split(".")[0]
    namespace: dict[str, Any] = {}
    exec(
        "\n".join(i for i in imports if not i.startswith(f"from {module_name} import {head}")),
        namespace,
    )
    capture = _Capture()
    namespace[head] = capture
    eval(line, namespace)
    if capture.call is None:
        raise ValueError("the snippet makes no call")
    return capture.call


#: Past this many characters a request is pasted as a file, not as an echo.
ECHO_LIMIT = 100_000


def _snippet_command(
    command: str, member: Member, call: Call, protocol: int = 1
) -> tuple[str, str | None]:
    """The shell line that pipes the request into ``command``, and the file the request
    is written to when it is too long for a command line.

    Under protocol 1 the line echoes the bare request. Under protocol 2 it prints the start
    line, then the request with its ``seq`` (1, the first request after the start), so that
    a port that speaks protocol 2 alone reads what the check sent it."""
    import tempfile

    from equivalence.ports import wire

    request = wire.request(member, call)
    if protocol == 2:
        lines = [wire.dumps({"start": {"protocol": 2}}), wire.dumps({"seq": 1, **request})]
    else:
        lines = [wire.dumps(request)]
    if sum(map(len, lines)) <= ECHO_LIMIT:
        if protocol == 2:
            quoted = " ".join(shlex.quote(line) for line in lines)
            return f"printf '%s\\n' {quoted} | {command}", None
        return f"echo {shlex.quote(lines[0])} | {command}", None
    handle, path = tempfile.mkstemp(prefix="lodestar-counterexample-", suffix=".jsonl")
    with open(handle, "w", encoding="utf-8") as file:
        file.write("".join(line + "\n" for line in lines))
    return f"{command} < {shlex.quote(path)}", path


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


def _writable(path: Path, option: str) -> None:
    """Refuses (a usage error) a report path that cannot be written, before any work."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise UsageError(f"{option} {str(path)!r}: {error.strerror or error}") from None


def _check(arguments: argparse.Namespace) -> int:
    from hypothesis import settings

    from equivalence.versions import sklearn_version

    profile = arguments.profile or profiles.load()
    if arguments.profile:
        profiles.load()
        settings.load_profile(arguments.profile)
    chosen = members_named(arguments.member)
    expect = read_expect(arguments.expect) if arguments.expect else []
    if arguments.command is None and arguments.implementation is None:
        raise UsageError("name what to check: --implementation MODULE:CALLABLE or --command CMD")
    if arguments.max_examples is not None and arguments.max_examples < 1:
        raise UsageError(f"--max-examples {arguments.max_examples}: give at least 1")
    if arguments.json is not None:
        _writable(arguments.json, "--json")
        arguments.json.unlink(missing_ok=True)  # no stale report survives a failed check

    if arguments.seed is not None:
        settings.register_profile("check", settings(), database=None)
        settings.load_profile("check")

    port = None
    if arguments.command is not None:
        from equivalence.ports.process import Port

        port = Port(arguments.command, timeout=arguments.timeout, protocol=arguments.protocol)
        subject = f"the process `{arguments.command}`"
    else:
        function = load_callable(arguments.implementation)
        subject = arguments.implementation

    version = sklearn_version()
    level: dict[str, Any] = {}
    if _supports_level():
        level["level"] = "exact" if arguments.exact else "faithful"
    # Shrinking and replaying judge as the run did: at its level.
    judged = {"faithful": level.get("level") == "faithful"}
    checked: list[Checked] = []
    error: str | None = None
    asking: str | None = None
    try:
        with _full_precision():
            for declared in chosen:
                asking = declared.name
                item = _check_member(
                    declared,
                    arguments,
                    port,
                    None if port else function,
                    subject,
                    expect,
                    version,
                    level,
                    judged,
                )
                checked.append(item)
    except BaseException as raised:
        from equivalence.ports.process import PortFailure

        if not isinstance(raised, PortFailure):
            raise
        error = str(raised)
        print(f"check failed: {error}", file=sys.stderr, flush=True)
        status = 2 if raised.setup else 1
        if arguments.json is not None:
            failure = {"fault": raised.fault, "message": error, "member": asking}
            _write_report(arguments, checked, profile, subject, level, failure, _identity(port))
        return status
    finally:
        if port is not None:
            port.close()

    if arguments.json is not None:
        _write_report(arguments, checked, profile, subject, level, None, _identity(port))
    absent = sum(item.result.status == "not-implemented" for item in checked)
    passed = sum(item.ok for item in checked) - absent
    unseen = [e for item in checked for e in item.expected if e not in item.seen]
    tail = f", {absent} not implemented by the port" if absent else ""
    print(f"\n{passed} of {len(checked)} members conform{tail}.", flush=True)
    if unseen:
        said = ", ".join(f"{e.member} {e.key}" for e in unseen)
        print(
            f"--expect entries never seen: {said}"
            + (" (a failure under --strict)" if arguments.strict else "")
        )
    skipped = sum(sum(item.skips.values()) for item in checked)
    if skipped:
        print(
            f"{skipped} calls skipped by the port"
            + (" (a failure under --strict)" if arguments.strict else "")
        )
    if not all(item.ok for item in checked):
        return 1
    return 1 if (unseen or skipped) and arguments.strict else 0


def _write_report(
    arguments: argparse.Namespace,
    checked: list[Checked],
    profile: str,
    subject: str,
    level: dict[str, Any],
    failure: dict[str, Any] | None,
    identity: dict[str, Any] | None,
) -> None:
    """The ``--json`` report, written on every way out of a check that started: with the
    port's fault when it broke the protocol (``ok`` false), and the port's start (its
    name, language and version) when it made one."""
    from equivalence.render import report

    built = report.build([item.result for item in checked], profile)
    built["under_test"] = subject
    built["port"] = identity
    built["level"] = level.get("level", "exact")
    for item, entry in zip(checked, built["members"], strict=True):
        entry["seconds_under_test"] = entry.pop("seconds_lodestar")
        entry["failure"] = None if entry["failure"] is None else _relabelled(entry["failure"])
        entry["replayed"] = item.replayed
        entry["snippet"] = item.snippet
        entry["snippet_file"] = item.file
        entry["reproduces"] = item.reproduces
        if item.shrunk is not None:
            entry["shrunk"] = {
                "call": item.shrunk.call.render(item.result.member),
                "candidates": item.shrunk.candidates,
                "seconds": round(item.shrunk.seconds, 3),
                "out_of_time": item.shrunk.out_of_time,
            }
        entry["expected"] = [
            {
                "kind": e.kind,
                "divergence": e.divergence,
                "reason": e.reason,
                "seen": item.result.outcomes.get(f"expected:{e.key}", 0),
            }
            for e in item.expected
        ]
    for item, entry in zip(checked, built["members"], strict=True):
        entry["skipped"] = [
            {"why": why, "issue": issue, "calls": hits}
            for (_, why, issue), hits in sorted(item.skips.items())
        ]
    unseen = any(e not in item.seen for item in checked for e in item.expected)
    unseen = unseen or any(item.skips for item in checked)
    built["port_failure"] = failure
    built["ok"] = (
        failure is None and all(item.ok for item in checked) and not (unseen and arguments.strict)
    )
    try:
        report.write(built, arguments.json)
    except OSError as failure:
        print(f"check: could not write --json {str(arguments.json)!r}: {failure}", file=sys.stderr)


def _check_member(
    declared: Member,
    arguments: argparse.Namespace,
    port: Any,
    function: Callable[..., Any] | None,
    subject: str,
    expect: list[Expected],
    version: str,
    level: dict[str, Any],
    judged: dict[str, Any],
) -> Checked:
    """One member's check: the run (its first failing call printed at once), then the
    failing call shrunk within the budget, replayed as pasted and printed."""
    from equivalence.conformance import run_member

    if port is not None and not port.implements(declared):
        from equivalence.conformance import MemberResult

        skipped = MemberResult(
            declared.name, "not-implemented", version, level=level.get("level", "exact")
        )
        skipped.failure = None
        item = Checked(skipped)
        print(f"{declared.name}: NOT IMPLEMENTED  (the port's start names the members it answers)")
        return item
    implementation = port.implementation(declared) if port is not None else function
    assert implementation is not None
    declared = with_large(declared)  # a port is held to large calls too
    mine = [e for e in expect if e.member == declared.name]
    tolerate = _tolerating(mine) if mine else None
    result = run_member(
        declared,
        implementation=implementation,
        max_examples=arguments.max_examples,
        seed=arguments.seed,
        shrink=False,
        require_edges=arguments.require_edges,
        tolerate=tolerate,
        **level,
    )
    item = Checked(result, replayed=result.replayed, expected=mine)
    if port is not None:
        item.skips = {k: v for k, v in port.skips.items() if k[0] == declared.name}
        item.identity = port.identity
    print(_summary(item, subject), flush=True)
    if result.call is None:
        return item

    first = _verdict_of(declared, result.call, version, implementation, judged)
    same = _failure_class(first) if first is not None else None

    def failing(call: Call, under_test: Any = implementation) -> bool:
        verdict = _verdict_of(declared, call, version, under_test, judged)
        if verdict is None or verdict.ok:
            return False
        if tolerate is not None and tolerate(verdict, call) is not None:
            return False
        return same is None or _failure_class(verdict) == same

    def fails(call: Call) -> bool:
        return failing(call)

    budget = arguments.shrink_seconds
    print(f"\n  Shrinking the failing call (at most {budget:g} s) ...", flush=True)
    item.shrunk = shrink(declared, result.call, fails, budget)
    smallest = item.shrunk.call
    print(
        f"  {item.shrunk.candidates} smaller calls judged in {item.shrunk.seconds:.1f} s"
        + (
            "; the budget ran out, so a smaller call may fail too"
            if item.shrunk.out_of_time
            else ""
        ),
        flush=True,
    )
    # The pasted form is replayed, and printed only once it has failed again.
    for candidate in (smallest, result.call):
        snippet, path, reproduces = _pasted(declared, candidate, arguments, failing)
        if reproduces:
            item.snippet, item.file, item.reproduces = snippet, path, True
            verdict = _verdict_of(declared, candidate, version, implementation, judged)
            if verdict is not None and candidate is smallest and smallest is not result.call:
                print(
                    "  "
                    + _relabelled(_described(declared, candidate, verdict)).replace("\n", "\n  ")
                )
            print("\n  Counterexample, replayed as pasted and failing again:")
            print("    " + shown_block(snippet), flush=True)
            return item
    item.reproduces = False
    print(
        "\n  The counterexample did not fail again when replayed as it would be pasted: "
        "the implementation answers the same call differently from one time to the next, "
        "or the call's text does not carry it exactly.",
        flush=True,
    )
    return item


def shown_block(text: str) -> str:
    """A pasted block, each line made safe to print, indented under its heading."""
    return "\n    ".join(shown(line, 10**9) for line in text.split("\n"))


def _verdict_of(
    member: Member, call: Call, version: str, implementation: Any, judged: dict[str, Any]
) -> Any:
    from equivalence.faithful import judge_faithful
    from equivalence.model import Unsendable
    from equivalence.runner import judge

    judging = judge_faithful if judged.get("faithful") else judge
    try:
        return judging(member, call, version, implementation)
    except Unsendable:
        return None


def _described(member: Member, call: Call, verdict: Any) -> str:
    from equivalence.conformance import Mismatch

    return "smaller: " + str(Mismatch(member, call, verdict))


def _pasted(
    member: Member,
    call: Call,
    arguments: argparse.Namespace,
    failing: Callable[[Call, Any], bool],
) -> tuple[str, str | None, bool]:
    """The pasted form of ``call``, the file it needs, and whether it fails again when
    run as pasted: the snippet's text read back (``--implementation``) or the shell line
    run (``--command``), spoken to in the check's protocol and judged as the check judged
    it (a protocol 2 ``errored`` answer fails again as the crash it is)."""
    if arguments.implementation is not None:
        snippet = _snippet_python(arguments.implementation, call)
        try:
            again = replay_python(snippet, arguments.implementation)
        except Exception:
            return snippet, None, False
        return snippet, None, _fails(failing, again)
    from equivalence.ports.process import Port, PortFailure

    protocol = arguments.protocol
    snippet, path = _snippet_command(arguments.command, member, call, protocol)
    with Port(snippet, timeout=arguments.timeout, feed=False, protocol=protocol) as once:
        try:
            return snippet, path, bool(failing(call, _one_shot(once, member)))
        except PortFailure:
            return snippet, path, False


def _one_shot(port: Any, member: Member) -> Callable[..., Any]:
    """An implementation answering from ``port``, a process that answers one request:
    its first answer (or refusal) is kept and given again to any later ask."""
    answer = port.implementation(member)
    held: list[tuple[bool, Any]] = []

    def once(*args: Any, **kwargs: Any) -> Any:
        if not held:
            try:
                held.append((True, answer(*args, **kwargs)))
            except Exception as error:
                held.append((False, error))
        answered, value = held[0]
        if not answered:
            raise value
        return value

    once.__signature__ = inspect.signature(member.implementation)  # type: ignore[attr-defined]
    return once


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
    from equivalence.ports import vectors

    chosen = members_named(arguments.member)
    output = Path(arguments.output)
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"--output {str(output)!r}: {error.strerror or error}") from None
    if arguments.sklearn is not None:
        return _export_for_sklearn(arguments, chosen, output)
    if arguments.ill_conditioned:
        if arguments.page is not None:
            raise UsageError("--page measures the default files: leave out --ill-conditioned")
        output = output / "ill-conditioned"
    rows = []
    for declared in chosen:
        started = time.perf_counter()
        path, count, measured = vectors.export(
            declared,
            output,
            seed=arguments.seed,
            cases=arguments.cases,
            ill_conditioned=arguments.ill_conditioned,
        )
        if measured is not None:
            rows.append(measured)
        seconds = f"({time.perf_counter() - started:.1f} s)"
        if count == 0:
            print(f"{declared.name}: no ill-conditioned case {seconds}", flush=True)
            continue
        print(f"{path}: {count} cases {seconds}", flush=True)
    index = vectors.write_index(output)
    print(f"{index}: the files of {output}, their counts and digests", flush=True)
    if arguments.page is not None:
        page = Path(arguments.page)
        page.write_text(vectors.strength_page(rows), encoding="utf-8")
        print(f"{page}: what the files catch, by family and member", flush=True)
    return 0


def _export_for_sklearn(arguments: argparse.Namespace, chosen: list[Member], output: Path) -> int:
    """``vectors --sklearn X.Y``: the cases as the installed scikit-learn answers them."""
    from equivalence.ports import vectors
    from equivalence.versions import sklearn_version

    installed = sklearn_version()
    wanted = arguments.sklearn
    if ".".join(installed.split(".")[:2]) != wanted:
        raise UsageError(
            f"--sklearn {wanted}: the scikit-learn installed here is {installed}; export "
            f"inside that version's environment: nox -s \"vectors(sklearn='{wanted}')\""
        )
    if arguments.ill_conditioned or arguments.page is not None:
        raise UsageError(
            "--sklearn writes the default files alone: leave out --ill-conditioned and --page"
        )
    for declared in chosen:
        if not declared.has_oracle(installed) or declared.oracle_kind != "scikit-learn":
            why = (
                "scikit-learn does not implement it"
                if declared.oracle_kind != ("scikit-learn")
                else f"it appears in scikit-learn {declared.since}"
            )
            print(f"{declared.name}: not exported ({why})", flush=True)
            continue
        started = time.perf_counter()
        path, count, left_out = vectors.export_for(
            declared, output, installed, seed=arguments.seed, cases=arguments.cases
        )
        extra = f", {left_out} left out (a structured answer of its own)" if left_out else ""
        print(f"{path}: {count} cases{extra} ({time.perf_counter() - started:.1f} s)", flush=True)
    index = vectors.write_index(output)
    print(f"{index}: the files of {output}, their counts and digests", flush=True)
    return 0


# -- the parsers -----------------------------------------------------------------------


def _minor(text: str) -> str:
    """An argparse type: a scikit-learn minor, ``1.5``."""
    if re.fullmatch(r"[0-9]+\.[0-9]+", text) is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a scikit-learn minor such as 1.5")
    return text


def _seconds(above_zero: bool) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds, above zero or at least zero."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not math.isfinite(value) or value < 0 or (above_zero and value == 0):
            least = "above 0" if above_zero else "0 or more"
            raise argparse.ArgumentTypeError(f"{text!r}: give a finite number of seconds, {least}")
        return value

    return read


def add_commands(commands: Any) -> None:
    """Adds ``check``, ``members`` and ``vectors`` to ``python -m equivalence``."""
    from equivalence.ports.process import DEFAULT_TIMEOUT

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
        type=_seconds(above_zero=True),
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
        help="the port's own declared differences: lines `MEMBER KIND [reason]`, or the "
        "JSON form of docs/porting.md; a failing call of that member and kind is excused, "
        "any other still fails",
    )
    check_parser.add_argument(
        "--protocol",
        type=int,
        choices=(1, 2),
        default=1,
        help="the wire protocol of --command: 1 (a request line, an answer line) or 2 (a start "
        "exchange, then requests with a seq; answers may be skipped or errored)",
    )
    check_parser.add_argument(
        "--shrink-seconds",
        type=_seconds(above_zero=False),
        default=SHRINK_SECONDS,
        metavar="SECONDS",
        help="how long a failing call is made smaller before it is printed "
        f"(default {SHRINK_SECONDS:g}; 0 prints the call as found)",
    )
    check_parser.add_argument(
        "--require-edges",
        action="store_true",
        help="fail a member whose declared edges the budget did not reach (without it, "
        "they are a warning)",
    )
    check_parser.add_argument(
        "--strict",
        action="store_true",
        help="fail when an --expect entry is never seen, or the port skipped a call",
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
        help="export test vectors (lodestar-vectors/3) for ports that cannot run Python",
        description="Writes DIR/<member>.jsonl for each member (a header line, then one case "
        "a line), DIR/index.json and DIR/provenance.json. Two exports are byte-identical, on "
        "any CPU. See docs/porting.md.",
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
        help="how many calls to draw a member (default 400), which the cases are chosen from",
    )
    vectors_parser.add_argument(
        "--ill-conditioned",
        action="store_true",
        help="write the ill-conditioned cases alone (bounds wider than 1e-6 of the value), "
        "left out of the default files, into DIR/ill-conditioned/",
    )
    vectors_parser.add_argument(
        "--sklearn",
        metavar="X.Y",
        default=None,
        type=_minor,
        help="the same cases, expecting what scikit-learn X.Y answers, for a port that mirrors "
        "it; run inside that version's environment (nox -s \"vectors(sklearn='X.Y')\"). "
        "Default: the contract, lodestar's answers",
    )
    vectors_parser.add_argument(
        "--page",
        metavar="FILE",
        default=None,
        help="also write FILE, a Markdown page of what the files catch: cases, size, seeded "
        "bugs caught and ill-conditioned cases, by family and member "
        "(docs/vectors-strength.md, from an export of every member)",
    )
    vectors_parser.set_defaults(handler=export_vectors)
