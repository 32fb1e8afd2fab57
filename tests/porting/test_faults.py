"""``check`` against ports that misbehave, one fault class each: it always ends, within a
bound, with exit status 1 and a message naming the fault, and nothing of the port is
left running. Usage errors exit 2 with one line; signals end the check and its port."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.porting._procs import running

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BAD = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'bad_port.py'))}"
GOOD = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'docs/_static/example_port.py'))}"
#: A generous bound on a whole check here (the port's timeout below is 2 s): a check
#: that has not ended by then hangs.
BOUND = 120

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def _left(pids: Path) -> list[int]:
    """The port's processes still running, given a moment for init to reap them."""
    noted = [int(p) for p in pids.read_text().split()] if pids.exists() else []
    for _ in range(100):
        alive = [pid for pid in noted if running(pid)]
        if not alive:
            return []
        time.sleep(0.05)
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    return alive


def _check(
    tmp_path: Path, command: str, *extra: str, member: str = "Accuracy.score"
) -> tuple[int, str, str, float]:
    env = {**os.environ, "BAD_PORT_PIDS": str(tmp_path / "pids")}
    argv = [sys.executable, "-m", "equivalence", "check", member, "--command", command]
    argv += ["--seed", "1", "--max-examples", "30", "--timeout", "2", *extra]
    started = time.monotonic()
    done = subprocess.run(
        argv,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=BOUND,
        start_new_session=True,
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("not-json", "answered a line that is not JSON"),
        ("not-utf8", "answered bytes that are not UTF-8"),
        ("bare-nan", 'the bare token NaN is not JSON; write it as the string "NaN"'),
        ("past-doubles", "the number 1e400 is past the doubles' range"),
        ("extra-line", "wrote a line that no request asked for"),
        ("missing", "gave no answer within 2 s"),
        ("form", "answered a value not in Accuracy.score's form: an array of 200000 items"),
        # exec: the shell (dash forks a child for it) would otherwise hold the pipe open
        ("exec-closed", "closed its standard output without answering, and kept running"),
        ("died", "ended (status 7) without answering"),
        ("hang", "gave no answer within 2 s"),
        ("child-holds-pipe", "gave no answer within 2 s"),
    ],
)
def test_a_misbehaving_port_fails_within_a_bound_and_leaves_nothing(
    tmp_path: Path, mode: str, says: str
) -> None:
    command = f"exec {BAD} {mode[5:]}" if mode.startswith("exec-") else f"{BAD} {mode}"
    status, out, err, seconds = _check(tmp_path, command)
    assert status == 1, (out, err)
    assert says in err, err
    assert 'request: {"member": "Accuracy.score"' in err
    assert len(err) < 5000  # what the port wrote is cut, not echoed whole
    assert seconds < BOUND
    assert _left(tmp_path / "pids") == []


def test_a_port_that_execs_and_hangs_is_killed(tmp_path: Path) -> None:
    status, _, err, _ = _check(tmp_path, f"exec {BAD} exec")
    assert status == 1 and "gave no answer within 2 s" in err
    assert _left(tmp_path / "pids") == []


def test_what_a_port_writes_is_escaped(tmp_path: Path) -> None:
    status, out, err, _ = _check(tmp_path, f"{BAD} escapes 1")
    assert status == 1
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "\\x1b[2J" in err
    # no line of the output is one the port forged
    assert "1 of 1 members conform." not in (out + err).splitlines()


def test_a_failing_verdict_is_the_exit_status_even_when_stdout_is_closed(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "BAD_PORT_PIDS": str(tmp_path / "pids")}
    command = (
        f"{shlex.quote(sys.executable)} -m equivalence check Accuracy.score --command "
        f"{shlex.quote(BAD + ' not-json')} --seed 1 --max-examples 30 --timeout 2 | head -1"
    )
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    assert done.returncode == 1, done.stderr
    assert _left(tmp_path / "pids") == []


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (("--timeout", "nan"), "give a finite number of seconds, above 0"),
        (("--timeout", "-1"), "give a finite number of seconds, above 0"),
        (("--timeout", "inf"), "give a finite number of seconds, above 0"),
        (("--shrink-seconds", "nan"), "give a finite number of seconds, 0 or more"),
        (("--max-examples", "0"), "--max-examples 0: give at least 1"),
        (("--json", "/proc/no/such/dir/report.json"), "--json"),
    ],
)
def test_a_bad_option_is_a_usage_error(tmp_path: Path, extra: tuple[str, ...], says: str) -> None:
    status, out, err, _ = _check(tmp_path, GOOD, *extra)
    assert status == 2, (out, err)
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("source", "says"),
    [
        ("import sys\nsys.exit(0)\n", "called sys.exit(0)"),
        ("def broken(:\n", "invalid syntax"),
        ("raise RuntimeError('no')\n", "raised RuntimeError: no"),
    ],
)
def test_an_implementation_that_does_not_import_is_a_usage_error(
    tmp_path: Path, source: str, says: str
) -> None:
    (tmp_path / "badmodule.py").write_text(source)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}
    argv = [sys.executable, "-m", "equivalence", "check", "Accuracy.score"]
    argv += ["--implementation", "badmodule:f", "--max-examples", "5"]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=BOUND)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert says in done.stderr and done.stderr.count("\n") == 1


def test_a_port_failure_still_writes_the_json_report(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    report.write_text('{"ok": true}')  # a stale report of an earlier run
    status, _, _, _ = _check(tmp_path, f"{BAD} not-json", "--json", str(report))
    assert status == 1
    written = json.loads(report.read_text())
    assert written["ok"] is False
    assert written["port_failure"]["fault"] == "not-json"


def _ended_by(process: subprocess.Popen[str], sig: int) -> tuple[int, str]:
    """Sends ``sig`` to ``process``, which must still be running, and returns its exit
    status and standard error. A process that has not ended within :data:`BOUND` fails
    the test with the stack of each of its threads (``PYTHONFAULTHANDLER``, on SIGABRT)."""
    assert process.poll() is None, f"ended before the signal: {process.communicate()}"
    process.send_signal(sig)
    try:
        _, err = process.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        try:
            _, err = process.communicate(timeout=30)
        finally:
            process.kill()
        raise AssertionError(f"still running {BOUND} s after the signal:\n{err}") from None
    finally:
        process.kill()
    return process.returncode, err


#: Execs its arguments with SIGINT at its default. A process started where SIGINT is
#: ignored (a job put in the background by a shell without job control, as some CI
#: runners start theirs) hands that on to its children, and a Python started so has no
#: KeyboardInterrupt: Ctrl-C would not reach the command under test, rightly, and the
#: tests that send it SIGINT would wait out its timeout. The process keeps its pid.
_SIGINT_RESTORED = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def _started(argv: list[str], **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _SIGINT_RESTORED, *argv],
        cwd=ROOT,
        env={**os.environ, "PYTHONFAULTHANDLER": "1", **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _signalled(tmp_path: Path, argv: list[str], sig: int) -> tuple[int, str]:
    """Starts ``argv``, waits until the port has been asked its first request and hangs
    on it, sends ``sig``, and returns the exit status and standard error."""
    process = _started(argv, BAD_PORT_PIDS=str(tmp_path / "pids"))
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not (tmp_path / "pids.asked").exists():
        time.sleep(0.05)
    assert (tmp_path / "pids.asked").exists(), "the port was never asked"
    return _ended_by(process, sig)


@pytest.mark.parametrize(
    ("sig", "status", "says"),
    [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")],
)
def test_a_signal_ends_check_and_its_port(tmp_path: Path, sig: int, status: int, says: str) -> None:
    argv = [
        sys.executable,
        "-m",
        "equivalence",
        "check",
        "Accuracy.score",
        "--command",
        f"{BAD} hang 1",
        "--timeout",
        "300",
        "--max-examples",
        "5",
    ]
    returned, err = _signalled(tmp_path, argv, sig)
    assert returned == status, err
    assert err.strip().splitlines()[-1] == f"python -m equivalence: {says}"
    assert _left(tmp_path / "pids") == []


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_run_and_its_workers(tmp_path: Path, sig: int) -> None:
    argv = [
        sys.executable,
        "-m",
        "equivalence",
        "run",
        "R2.score",
        "F1.score",
        "--jobs",
        "2",
        "--max-examples",  # a run that lasts until it is signalled
        "100000000",
        "--report",
        str(tmp_path / "r.json"),
    ]
    process = _started(argv)
    workers: list[int] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and len(workers) < 3:  # two workers and the tracker
        workers = _children(process.pid)
        time.sleep(0.2)
    time.sleep(2.0)
    returned, err = _ended_by(process, sig)
    assert returned == (143 if sig == signal.SIGTERM else 130), err
    assert err.count("\n") <= 2, err
    assert workers
    for _ in range(100):
        if not any(running(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert [pid for pid in workers if running(pid)] == []


def test_every_check_report_meets_its_schema(tmp_path: Path) -> None:
    import jsonschema

    schema = json.loads((ROOT / "equivalence/schemas/check-report.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    for command, status in ((GOOD, 0), (f"{BAD} not-json", 1), (f"{BAD} died 3", 1)):
        report = tmp_path / "report.json"
        returned, _, _, _ = _check(tmp_path, command, "--json", str(report))
        assert returned == status
        jsonschema.validate(json.loads(report.read_text()), schema)
