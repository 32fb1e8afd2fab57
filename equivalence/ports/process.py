"""A port in another language, run as a process that speaks JSON lines.

:class:`Port` starts the command once, through the shell, in the current directory. For
each call it writes one request line to the process's standard input and reads one
response line from its standard output before sending the next (the format is in
:mod:`equivalence.ports.wire` and ``docs/porting.md``).

:meth:`Port.implementation` gives a Python callable with the member's signature, so
that the port plugs into :func:`equivalence.conformance.run_member` exactly as a Python
implementation does. A call JSON cannot carry raises :class:`~equivalence.ports.wire.Unsendable`
(the runner counts it as not asked). A process that dies, does not answer within the
timeout, or answers something that is not a response raises :class:`PortFailure`, a
``BaseException``: it is no answer to judge, so it ends the run instead of being
shrunk, and its message names the request.
"""

from __future__ import annotations

import collections
import contextlib
import inspect
import json
import math
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from equivalence.model import Call, Member, Unsendable
from equivalence.ports import wire
from equivalence.ports.wire import shown

__all__ = [
    "DEFAULT_TIMEOUT",
    "FAULTS",
    "IDENTITY",
    "Port",
    "PortFailure",
    "Unsendable",
    "end_process",
]

#: Seconds a port may take over one request before the check fails.
DEFAULT_TIMEOUT = 10.0
#: Seconds a port is given to end once its input is closed, before its group is killed.
GRACE = 1.0
#: The longest line read from a port (64 MiB): past it the port fails, with no more read.
MAX_LINE = 64 * 1024 * 1024

_EOF = object()

#: What protocol 2's start answer must name, each a string: the port's own words for itself.
IDENTITY = ("name", "language", "version")

_POSIX = os.name == "posix"

#: Every way a port can fail the protocol, as :attr:`PortFailure.fault` names it.
FAULTS = {
    "setup": "the command could not be run at all",
    "unread": "did not read a request within the timeout",
    "timeout": "gave no answer within the timeout (a missing line)",
    "closed": "closed its standard output and kept running",
    "died": "ended, with its exit status, before it answered",
    "extra-line": "wrote a line no request asked for (it is out of step)",
    "not-utf8": "wrote bytes that are not UTF-8",
    "too-long": f"wrote a line longer than {MAX_LINE:,} bytes",
    "not-json": "wrote a line that is not JSON",
    "not-object": "wrote JSON that is not an object",
    "not-a-double": "wrote NaN or an infinity as a bare token, or a number past the doubles",
    "form": "answered a value not in the member's form (an array for a number, ...)",
    "start": "answered protocol 2's start exchange with something else than its start, or "
    "with a start that does not name the port, its language and its version",
    "out-of-step": "answered with another seq than the request's (protocol 2)",
    "error-name": "answered an error that names no known exception",
    "neither": 'answered an object that is neither {"value"} nor {"error", "message"} (nor, '
    'under protocol 2, {"skipped", "issue"} or {"errored"} with strings)',
}


class PortFailure(BaseException):
    """The port process died, hung or broke the protocol; the message names the request.

    ``fault`` is one of :data:`FAULTS`. ``setup`` is true when the command could not be
    run at all (the shell's status 126 or 127 before the first answer): a setup error
    rather than a failing port.
    """

    def __init__(self, message: str, setup: bool = False, fault: str = "setup") -> None:
        super().__init__(message)
        self.setup = setup
        self.fault = "setup" if setup else fault


def _pump(stream: IO[bytes], sink: Callable[[Any], None]) -> None:
    """Feeds ``sink`` each line of ``stream`` (bytes, at most :data:`MAX_LINE` + 1 at a
    time), then :data:`_EOF`."""
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            sink(line)
            if len(line) > MAX_LINE:
                break  # nothing after a line this long is read
    except (OSError, ValueError):
        pass
    sink(_EOF)


def _peek(process: subprocess.Popen[bytes]) -> int | None:
    """The process's exit status (negative: the signal that ended it) if it has ended,
    without reaping it: while it is not reaped, its process group id stays its own, so
    the group can still be killed safely."""
    if process.returncode is not None:
        return process.returncode
    if not _POSIX or not hasattr(os, "waitid"):
        return process.poll()
    try:
        info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return process.poll()
    if info is None:
        return None
    if info.si_code == os.CLD_EXITED:
        return info.si_status
    return -info.si_status


def end_process(process: subprocess.Popen[Any], grace: float = GRACE) -> int | None:
    """Gives ``process`` ``grace`` seconds to end, then kills its whole process group
    (on POSIX) whether it ended or not, so that nothing it started (a child holding the
    pipes, a process it ``exec``-ed into) outlives it; reaps it and returns its status.

    The command runs through the shell, which may start the port as its child. Killing
    the shell alone would leave a hung port running, holding the pipes open. The group
    is killed before the leader is reaped, while its id cannot belong to anyone else.
    Every wait here is bounded."""
    deadline = time.monotonic() + grace
    while _peek(process) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    if process.returncode is None:  # not reaped: the group id is still its own
        if _POSIX:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
        else:
            with contextlib.suppress(OSError):
                process.kill()
    try:
        return process.wait(timeout=10)
    except subprocess.TimeoutExpired:  # unkillable (stuck in the kernel): give up on it
        return None


def _status_text(status: int | None) -> str:
    if status is None:
        return "still running"
    if status < 0:
        try:
            return f"killed by {signal.Signals(-status).name}"
        except ValueError:
            return f"killed by signal {-status}"
    return f"status {status}"


class _Writer:
    """Writes request lines from a thread of its own, so that a port that stops reading
    (its pipe full) cannot block the harness past the timeout."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._work: queue.Queue[bytes | None] = queue.Queue()
        self._done: queue.Queue[BaseException | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            data = self._work.get()
            if data is None:
                return
            try:
                self._stream.write(data)
                self._stream.flush()
            except (OSError, ValueError) as error:
                self._done.put(error)
            else:
                self._done.put(None)

    def write(self, data: bytes, timeout: float) -> BaseException | None:
        """Writes ``data``; the error met, or :class:`TimeoutError` past ``timeout``."""
        self._work.put(data)
        try:
            return self._done.get(timeout=timeout)
        except queue.Empty:
            return TimeoutError()

    def stop(self) -> None:
        self._work.put(None)


class Port:
    """One port process, started on first use and shared by every member asked of it.

    Every wait on it is bounded: a write or a read by ``timeout``, its end by
    :data:`GRACE` and then a kill of its whole process group."""

    def __init__(
        self,
        command: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        cwd: str | None = None,
        feed: bool = True,
        protocol: int = 1,
    ) -> None:
        if not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout > 0):
            raise ValueError(f"timeout is {timeout!r}; give a finite number of seconds above 0")
        self.command = command
        #: ``False`` for a command that carries its lines itself (a pasted
        #: ``echo ... | port``, or under protocol 2 ``printf ... | port`` with the start line
        #: and one request): nothing is written to it, its answers are read.
        self.feed = feed
        if protocol not in (1, 2):
            raise ValueError(f"protocol is {protocol!r}; this harness speaks 1 and 2")
        #: How many lines the command carries itself (the request, and under protocol 2 the
        #: start line before it): their answers may come before they are asked for.
        self._carried = 0 if feed else (2 if protocol == 2 else 1)
        #: 1: a request line, an answer line. 2: a start exchange first, then requests
        #: that carry a ``seq`` the answers echo, and ``skipped``/``errored`` answers.
        self.protocol = protocol
        #: The port's start answer (protocol 2): name, language, version, members.
        self.identity: dict[str, Any] | None = None
        self._seq = 0
        #: What the port skipped: (member, why, issue) and how often.
        self.skips: collections.Counter[tuple[str, str, str | None]] = collections.Counter()
        self.timeout = float(timeout)
        self.cwd = cwd or os.getcwd()
        self.requests = 0
        self.last_request: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._writer: _Writer | None = None
        self._lines: queue.Queue[Any] = queue.Queue()
        self._stderr: collections.deque[bytes] = collections.deque(maxlen=20)
        self._stdout_pump: threading.Thread | None = None
        self._stderr_pump: threading.Thread | None = None

    # -- the process -----------------------------------------------------------------

    def start(self) -> None:
        if self._process is not None:
            return
        try:
            self._process = subprocess.Popen(
                self.command,
                shell=True,
                cwd=self.cwd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                # Its own process group, so that closing it also ends what the shell started.
                start_new_session=_POSIX,
            )
        except OSError as error:
            raise PortFailure(f"could not start {self.command!r}: {error}", setup=True) from error
        assert self._process.stdout is not None and self._process.stderr is not None
        assert self._process.stdin is not None
        self._lines = queue.Queue()
        self._writer = _Writer(self._process.stdin)
        self._stdout_pump = threading.Thread(
            target=_pump, args=(self._process.stdout, self._lines.put), daemon=True
        )
        self._stdout_pump.start()
        self._stderr_pump = threading.Thread(
            target=_pump, args=(self._process.stderr, self._keep_stderr), daemon=True
        )
        self._stderr_pump.start()
        if self.protocol == 2:
            self._handshake()

    def _handshake(self) -> None:
        """Protocol 2's start exchange: what the port is (its name, language and version,
        each a string), and which members it answers."""
        line = wire.dumps({"start": {"protocol": 2}})
        response = self.exchange(line, started=True)
        start = response.get("start")
        if set(response) != {"start"} or not isinstance(start, dict):
            raise self._fail(
                "start", f"answered the start with {shown(json.dumps(response))}, not a start", line
            )
        if start.get("protocol") != 2:
            raise self._fail("start", f"speaks protocol {start.get('protocol')!r}, not 2", line)
        for key in IDENTITY:
            if not isinstance(start.get(key), str):
                said = "names no" if key not in start else f"gives {shown(repr(start[key]))} as its"
                raise self._fail("start", f"answered a start that {said} {key} (a string)", line)
        members = start.get("members", "all")
        if members != "all" and not (
            isinstance(members, list) and all(isinstance(m, str) for m in members)
        ):
            raise self._fail("start", f"named its members as {shown(repr(members))}", line)
        self.identity = start

    def implements(self, member: Member) -> bool:
        """Whether the port says it answers ``member`` (protocol 1: every member)."""
        self.start()
        if self.identity is None:
            return True
        members = self.identity.get("members", "all")
        return members == "all" or member.name in members or member.csharp in members

    def _keep_stderr(self, line: Any) -> None:
        if line is not _EOF:
            self._stderr.append(line[:4096])

    def close(self) -> None:
        """Closes the process's input, gives it :data:`GRACE` seconds to end, then kills
        its whole process group; every wait bounded."""
        process, self._process = self._process, None
        if process is None:
            return
        if self._writer is not None:
            self._writer.stop()
        with contextlib.suppress(OSError, ValueError):
            if process.stdin is not None:
                process.stdin.close()
        end_process(process)
        # The pumps end at the pipes' end of file, which the kill brings unless a
        # process outside the group holds them: then they are left to end on their own
        # (daemon threads), and their streams are not closed under them.
        for pump, stream in (
            (self._stdout_pump, process.stdout),
            (self._stderr_pump, process.stderr),
        ):
            if pump is not None:
                pump.join(timeout=1)
            if stream is not None and (pump is None or not pump.is_alive()):
                with contextlib.suppress(OSError, ValueError):
                    stream.close()

    def __enter__(self) -> Port:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _fail(self, fault: str, what: str, line: str) -> PortFailure:
        process = self._process
        status = _peek(process) if process is not None else None
        if status is not None and self._stderr_pump:
            self._stderr_pump.join(timeout=1)  # what it wrote before it ended
        stderr = b"".join(self._stderr).decode("utf-8", "replace").rstrip()
        text = f"the port {what}\n  request: {shown(line)}"
        if stderr:
            lines = [shown(part) for part in stderr.splitlines()[-20:]]
            text += "\n  its standard error ended with:\n    " + "\n    ".join(lines)
        setup = self.requests <= 1 and status in (126, 127)
        failure = PortFailure(text, setup=setup, fault=fault)
        self.close()  # a port that broke the protocol is asked nothing more
        return failure

    # -- one exchange ----------------------------------------------------------------

    def exchange(self, line: str, started: bool = False) -> dict[str, Any]:
        """Sends one request line and returns the response object."""
        if not started:
            self.start()
        process, writer = self._process, self._writer
        assert process is not None and writer is not None
        self.requests += 1
        self.last_request = line
        # A line already there answers no request of ours, unless the command carries its
        # lines itself (``feed=False``): then their answers may well come before this.
        if self.requests > self._carried:
            with contextlib.suppress(queue.Empty):
                early = self._lines.get_nowait()
                if early is not _EOF:
                    raise self._fail(
                        "extra-line",
                        "wrote a line that no request asked for, before this request was sent "
                        f"(two lines for one request?): {shown(_text(early))}",
                        line,
                    )
                self._lines.put(early)
        error = writer.write(line.encode("utf-8") + b"\n", self.timeout) if self.feed else None
        if isinstance(error, TimeoutError):
            raise self._fail("unread", f"did not read this request within {self.timeout:g} s", line)
        if error is not None:
            status = self._settled()
            raise self._fail(
                "died", f"ended ({_status_text(status)}) before it read this request", line
            )
        try:
            answer = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail("timeout", f"gave no answer within {self.timeout:g} s", line) from None
        if answer is _EOF:
            self._lines.put(_EOF)
            status = self._settled()
            if status is None:
                raise self._fail(
                    "closed",
                    "closed its standard output without answering, and kept running",
                    line,
                )
            raise self._fail("died", f"ended ({_status_text(status)}) without answering", line)
        if len(answer) > MAX_LINE:
            raise self._fail("too-long", f"answered a line longer than {MAX_LINE:,} bytes", line)
        try:
            text = answer.decode("utf-8")
        except UnicodeDecodeError as undecoded:
            raise self._fail(
                "not-utf8",
                f"answered bytes that are not UTF-8 ({undecoded.reason} at byte "
                f"{undecoded.start}): " + shown(repr(answer)),
                line,
            ) from None
        try:
            response = wire.loads(text)
        except wire.NotADouble as error:
            raise self._fail(
                "not-a-double",
                f"answered a number the wire does not read ({error}): {shown(text)}",
                line,
            ) from None
        except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
            raise self._fail(
                "not-json", f"answered a line that is not JSON ({error}): {shown(text)}", line
            ) from None
        if not isinstance(response, dict):
            raise self._fail(
                "not-object", f"answered {shown(text.strip())}, not a JSON object", line
            )
        return response

    def _settled(self) -> int | None:
        """The port's status once it has ended, waiting at most :data:`GRACE` seconds."""
        process = self._process
        if process is None:
            return None
        deadline = time.monotonic() + GRACE
        while (status := _peek(process)) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        return status

    def ask(self, member: Member, call: Call) -> Any:
        """The port's answer to ``call``: its value read in the member's form, or the
        ``lodestar.errors`` exception its error names, raised."""
        reason = wire.unsendable(member, call)
        if reason is not None:
            raise Unsendable(reason)
        request = wire.request(member, call)
        self.start()
        if self.identity is not None:
            self._seq += 1
            request = {"seq": self._seq, **request}
        line = wire.dumps(request)
        response = self.exchange(line)
        if self.identity is not None:
            seq = response.pop("seq", None)
            if seq != request["seq"]:
                raise self._fail(
                    "out-of-step",
                    f"answered seq {shown(repr(seq))} to the request of seq {request['seq']}",
                    line,
                )
            if "skipped" in response and set(response) <= {"skipped", "issue"}:
                why, issue = response["skipped"], response.get("issue")
                if not isinstance(why, str) or ("issue" in response and not isinstance(issue, str)):
                    raise self._fail(
                        "neither",
                        "answered a skip whose reason or issue is not a string: "
                        + shown(json.dumps(response)),
                        line,
                    )
                self.skips[(member.name, why, issue)] += 1
                raise wire.Skipped(why, issue)
            if set(response) == {"errored"}:
                if not isinstance(response["errored"], str):
                    raise self._fail(
                        "neither",
                        "answered an errored whose message is not a string: "
                        + shown(json.dumps(response)),
                        line,
                    )
                raise wire.PortErrored(shown(response["errored"], 2000))
        keys = set(response)
        if keys == {"value"}:
            try:
                return wire.decode_result(member, response["value"])
            except ValueError as error:
                raise self._fail(
                    "form",
                    f"answered a value not in {member.name}'s form: {shown(str(error))}",
                    line,
                ) from None
        if "error" in keys and keys <= {"error", "message"}:
            name, message = response["error"], response.get("message", "")
            if name not in wire.ERRORS:
                known = ", ".join(wire.ERRORS)
                raise self._fail(
                    "error-name",
                    f"answered the error {shown(repr(name))}, which is none of {known}",
                    line,
                )
            if not isinstance(message, str):
                raise self._fail(
                    "neither",
                    f"answered an error message that is not a string: {shown(repr(message))}",
                    line,
                )
            raise _refusal(wire.ERRORS[name], message)
        raise self._fail(
            "neither",
            'answered an object that is neither {"value": ...} nor {"error": ..., "message": ...}: '
            + shown(json.dumps(response)),
            line,
        )

    def implementation(self, member: Member) -> Callable[..., Any]:
        """A callable with ``member``'s Python signature that asks this port."""

        def port(*args: Any, **kwargs: Any) -> Any:
            return self.ask(member, Call(tuple(args), dict(kwargs)))

        port.__signature__ = inspect.signature(member.implementation)  # type: ignore[attr-defined]
        port.__name__ = port.__qualname__ = member.name.split(".")[-1].split("[")[0]
        port.__doc__ = f"{member.name} as answered by the process {self.command!r}."
        return port


def _refusal(error: type[Exception], message: str) -> Exception:
    """An instance of ``error`` carrying the port's message as it is."""
    message = shown(message, 2000)  # printed in reports: no control character reaches them
    instance = error.__new__(error)
    Exception.__init__(instance, message)
    instance.message = message  # type: ignore[attr-defined]
    instance.param_name = None  # type: ignore[attr-defined]
    instance.actual_value = None  # type: ignore[attr-defined]
    return instance


def _text(line: Any) -> str:
    return bytes(line).decode("utf-8", "replace")
