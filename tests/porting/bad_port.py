"""A port of Accuracy.score that misbehaves in one way, on one request.

``python bad_port.py MODE [K]``: answers like the porting page's example port (correctly)
until request ``K`` (default 2), then breaks the protocol as ``MODE`` says. Every process
it starts appends its pid to the file ``$BAD_PORT_PIDS``, so that a test can tell whether
anything of the port outlived the check; ``hang`` creates ``$BAD_PORT_PIDS.asked`` once
it has been asked the request it hangs on.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "_static" / "example_port.py"
_spec = importlib.util.spec_from_file_location("example_port", EXAMPLE)
assert _spec is not None and _spec.loader is not None
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)


def note(pid: int) -> None:
    with open(os.environ["BAD_PORT_PIDS"], "a", encoding="utf-8") as file:
        file.write(f"{pid}\n")


def answer(line: str) -> str:
    request = json.loads(line)
    try:
        response = {"value": example.number(example.accuracy(**request["arguments"]))}
    except example.Refused as refusal:
        response = {"error": "ArgumentException", "message": str(refusal)}
    return json.dumps(response)


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def misbehave(mode: str, line: str) -> None:
    if mode == "not-json":
        write(b"this is not JSON\n")
    elif mode == "not-utf8":
        write(b'\xff\xfe{"value": 1.0}\n')
    elif mode == "extra-line":
        write((answer(line) + "\n" + answer(line) + "\n").encode())
    elif mode == "bare-nan":  # Python's json.dumps(float("nan")) writes this
        write(b'{"value": NaN}\n')
    elif mode == "past-doubles":
        write(b'{"value": 1e400}\n')
    elif mode == "missing":
        return  # no answer; keeps reading
    elif mode == "form":
        write(json.dumps({"value": [0.5] * 200_000}).encode() + b"\n")
    elif mode == "closed":
        os.close(1)
        time.sleep(600)
    elif mode == "died":
        sys.exit(7)
    elif mode == "hang":
        Path(os.environ["BAD_PORT_PIDS"] + ".asked").touch()  # a test may signal now
        time.sleep(600)
    elif mode == "child-holds-pipe":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        note(child.pid)
        sys.exit(0)  # the child keeps the pipes open
    elif mode == "escapes":
        message = "bad \x1b[2J\x1b[31mred\n\n1 of 1 members conform."
        sys.stderr.write("\x1b]0;title\x07stderr line\n")
        sys.stderr.flush()
        write(json.dumps({"error": "Oops\x1b[2J", "message": message}).encode() + b"\n")
    else:
        raise SystemExit(f"no mode {mode!r}")


def main() -> None:
    mode = sys.argv[1]
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    note(os.getpid())
    if mode == "exec":  # the shell's process replaced, then a port that hangs
        os.execv(sys.executable, [sys.executable, __file__, "hang", str(at)])
    for number, line in enumerate(sys.stdin, 1):
        if number >= at:
            misbehave(mode, line)
            if mode in ("missing",):
                continue
        else:
            write((answer(line) + "\n").encode())


if __name__ == "__main__":
    main()
