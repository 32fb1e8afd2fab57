"""A port in another language, run as a process that speaks JSON lines.

:class:`Port` starts the command once, through the shell, in the current directory. For
each call it writes one request line to the process's standard input and reads one
response line from its standard output before sending the next (the format is in
:mod:`equivalence.wire` and ``docs/porting.md``).

:meth:`Port.implementation` gives a Python callable with the member's signature, so
that the port plugs into :func:`equivalence.conformance.run_member` exactly as a Python
implementation does. A call JSON cannot carry raises :class:`~equivalence.wire.Unsendable`
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
import os
import queue
import signal
import subprocess
import threading
from collections.abc import Callable
from typing import IO, Any

from equivalence import wire
from equivalence.model import Call, Member
from equivalence.wire import Unsendable

__all__ = ["DEFAULT_TIMEOUT", "Port", "PortFailure", "Unsendable"]

#: Seconds a port may take over one request before the check fails.
DEFAULT_TIMEOUT = 10.0

_EOF = object()

_POSIX = os.name == "posix"


class PortFailure(BaseException):
    """The port process died, hung or broke the protocol; the message names the request.

    ``setup`` is true when the command could not be run at all (the shell's status 126
    or 127 before the first answer): a setup error rather than a failing port.
    """

    def __init__(self, message: str, setup: bool = False) -> None:
        super().__init__(message)
        self.setup = setup


def _pump(stream: IO[str], sink: Callable[[Any], None]) -> None:
    try:
        for line in stream:
            sink(line)
    except (OSError, ValueError):
        pass
    sink(_EOF)


def _kill(process: subprocess.Popen[str]) -> None:
    """Kills the port's whole process group (on POSIX), not only the shell.

    The command runs through the shell, which may start the port as its child (``dash``
    does for ``python -c ...``). Killing the shell alone would leave a hung port running,
    holding the pipes open, so that closing them would wait for it to end.
    """
    if process.returncode is not None:
        return  # already reaped: its process group id may belong to another by now
    if _POSIX:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    else:
        process.kill()


class Port:
    """One port process, started on first use and shared by every member asked of it."""

    def __init__(
        self, command: str, *, timeout: float = DEFAULT_TIMEOUT, cwd: str | None = None
    ) -> None:
        self.command = command
        self.timeout = timeout
        self.cwd = cwd or os.getcwd()
        self.requests = 0
        self.last_request: str | None = None
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[Any] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
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
                text=True,
                encoding="utf-8",
                bufsize=1,
                # Its own process group, so that closing it also ends what the shell started.
                start_new_session=_POSIX,
            )
        except OSError as error:
            raise PortFailure(f"could not start {self.command!r}: {error}") from error
        assert self._process.stdout is not None and self._process.stderr is not None
        self._stdout_pump = threading.Thread(
            target=_pump, args=(self._process.stdout, self._lines.put), daemon=True
        )
        self._stdout_pump.start()
        self._stderr_pump = threading.Thread(
            target=_pump, args=(self._process.stderr, self._keep_stderr), daemon=True
        )
        self._stderr_pump.start()

    def _keep_stderr(self, line: Any) -> None:
        if line is not _EOF:
            self._stderr.append(line)

    def close(self) -> None:
        """Closes the process's input, waits a moment for it to end, then kills it."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            _kill(process)
            process.wait()
        # The pumps end at the pipes' end of file; then the pipes can be closed.
        for pump in (self._stdout_pump, self._stderr_pump):
            if pump is not None:
                pump.join(timeout=1)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()

    def __enter__(self) -> Port:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _fail(self, what: str, line: str) -> PortFailure:
        process = self._process
        status = process.poll() if process is not None else None
        if status is not None and self._stderr_pump:
            self._stderr_pump.join(timeout=1)  # what it wrote before it ended
        stderr = "".join(self._stderr).rstrip()
        text = f"the port {what}\n  request: {line}"
        if stderr:
            text += "\n  its standard error ended with:\n    " + stderr.replace("\n", "\n    ")
        return PortFailure(text, setup=self.requests <= 1 and status in (126, 127))

    # -- one exchange ----------------------------------------------------------------

    def exchange(self, line: str) -> dict[str, Any]:
        """Sends one request line and returns the response object."""
        self.start()
        process = self._process
        assert process is not None and process.stdin is not None
        self.requests += 1
        self.last_request = line
        try:
            process.stdin.write(line + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail(
                f"exited (status {process.poll()}) before it read this request", line
            ) from None
        try:
            answer = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail(f"gave no answer within {self.timeout:g} s", line) from None
        if answer is _EOF:
            status = process.wait()
            raise self._fail(f"exited (status {status}) without answering", line)
        try:
            response = json.loads(answer)
        except json.JSONDecodeError as error:
            raise self._fail(
                f"answered a line that is not JSON ({error}): {answer!r}", line
            ) from None
        if not isinstance(response, dict):
            raise self._fail(f"answered {answer.strip()!r}, not a JSON object", line)
        return response

    def ask(self, member: Member, call: Call) -> Any:
        """The port's answer to ``call``: its value read in the member's form, or the
        ``lodestar.errors`` exception its error names, raised."""
        reason = wire.unsendable(member, call)
        if reason is not None:
            raise Unsendable(reason)
        line = wire.dumps(wire.request(member, call))
        response = self.exchange(line)
        keys = set(response)
        if keys == {"value"}:
            try:
                return wire.decode_result(member, response["value"])
            except ValueError as error:
                raise self._fail(
                    f"answered a value not in {member.name}'s form: {error}", line
                ) from None
        if "error" in keys and keys <= {"error", "message"}:
            name, message = response["error"], response.get("message", "")
            if name not in wire.ERRORS:
                known = ", ".join(wire.ERRORS)
                raise self._fail(f"answered the error {name!r}, which is none of {known}", line)
            if not isinstance(message, str):
                raise self._fail(
                    f"answered an error message that is not a string: {message!r}", line
                )
            raise _refusal(wire.ERRORS[name], message)
        raise self._fail(
            'answered an object that is neither {"value": ...} nor {"error": ..., "message": ...}: '
            + json.dumps(response)[:500],
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
    instance = error.__new__(error)
    Exception.__init__(instance, message)
    instance.message = message  # type: ignore[attr-defined]
    instance.param_name = None  # type: ignore[attr-defined]
    instance.actual_value = None  # type: ignore[attr-defined]
    return instance
