"""A port in another process, held to two members through the JSON-lines protocol.

``port_topk.py`` imports neither lodestar nor the harness: it stands for a port in
another language. It conforms; its copy with a tie-order bug is rejected with a
counterexample; a process that dies, hangs or breaks the protocol fails the check with
a message naming the request.
"""

from __future__ import annotations

import inspect
import os
import shlex
import signal
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import strategies as st

from equivalence import view
from equivalence.__main__ import main
from equivalence.conformance import run_member
from equivalence.members import REGISTRY
from equivalence.model import Call, Divergence, Edge, Member, Unsendable
from equivalence.ports.process import Port, PortFailure
from equivalence.runner import judge
from tests.porting._procs import running

HERE = Path(__file__).resolve().parent
PORT = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'port_topk.py'))}"
BUGGY = f"{PORT} --bug ascending-ties"
MEMBERS = ("TopKAccuracy.score", "Accuracy.score")

#: Whether the faithful level (a port against the exact result within a bound) exists.
FAITHFUL = "level" in inspect.signature(run_member).parameters


def _whole_weights_only(function: Any) -> Any:
    """At the exact level a port that sums left to right matches scikit-learn's bits only
    where every sum is exact: weights absent, or whole numbers of moderate size. Other
    calls are not asked (the runner's treatment of :class:`Unsendable`)."""

    def limited(*args: Any, **kwargs: Any) -> Any:
        weight = kwargs.get("sample_weight", args[5] if len(args) > 5 else None)
        if weight is not None:
            try:
                values = np.asarray(weight, dtype=np.float64)
            except (TypeError, ValueError):
                values = np.zeros(0)
            finite = values[np.isfinite(values)]
            if ((finite != np.round(finite)) | (np.abs(finite) > 2**20)).any():
                raise Unsendable("a left-to-right sum of these weights is not exact")
        return function(*args, **kwargs)

    limited.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
    return limited


@pytest.mark.parametrize("name", MEMBERS)
def test_a_port_in_another_process_conforms(name: str) -> None:
    member = REGISTRY[name]
    with Port(PORT) as port:
        implementation = port.implementation(member)
        if FAITHFUL:
            faithful: dict[str, Any] = {"level": "faithful"}
            result = run_member(member, implementation=implementation, max_examples=150, **faithful)
        else:
            result = run_member(
                member, implementation=_whole_weights_only(implementation), max_examples=150
            )
        assert port.requests >= 100
    assert result.ok, result.failure
    assert not result.missing_edges


def test_the_copy_with_a_tie_order_bug_is_rejected_with_a_counterexample(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        ["check", "TopKAccuracy.score", "--command", BUGGY, "--seed", "3", "--max-examples", "100"]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "TopKAccuracy.score: FAILS" in out
    assert "under test: the process" in out
    snippet = out.split("failing again:")[1].split("\n\n")[0].strip()
    assert snippet.startswith('echo \'{"member": "TopKAccuracy.score"')
    assert snippet.endswith("--bug ascending-ties")
    # The request line is one the buggy port answers differently from the good one.
    line = snippet.split("echo '")[1].split("' |")[0]
    with Port(PORT) as good, Port(BUGGY) as bad:
        assert good.exchange(line) != bad.exchange(line)


def test_a_port_that_raises_unsendable_is_not_judged() -> None:
    member = REGISTRY["Accuracy.score"]

    def never(*args: Any, **kwargs: Any) -> float:
        raise Unsendable("not this one")

    never.__signature__ = inspect.signature(member.implementation)  # type: ignore[attr-defined]
    with pytest.raises(Unsendable):
        judge(member, Call(([0], [0])), "1.9.1", never)
    result = run_member(member, implementation=never, max_examples=20)
    assert result.examples == 0
    assert result.outcomes["not sent"] > 0


def _exchange_with(command: str, timeout: float = 5.0) -> str:
    member = REGISTRY["Accuracy.score"]
    with Port(command, timeout=timeout) as port, pytest.raises(PortFailure) as failure:
        port.ask(member, Call(([0, 1], [0, 1])))
    return str(failure.value)


@pytest.mark.parametrize(
    ("script", "says"),
    [
        ("import sys; sys.exit(3)", "ended (status 3)"),
        ("import sys; sys.stdin.readline(); sys.stderr.write('boom'); sys.exit(4)", "boom"),
        ("import time; time.sleep(30)", "no answer within 0.5 s"),
        ("import sys; sys.stdin.readline(); print('not json', flush=True)", "not JSON"),
        ("import sys; sys.stdin.readline(); print('[1]', flush=True)", "not a JSON object"),
        ('import sys; sys.stdin.readline(); print(\'{"value": "x"}\', flush=True)', "form"),
        (
            'import sys; sys.stdin.readline(); print(\'{"error": "Oops"}\', flush=True)',
            "'Oops'",
        ),
        ("import sys; sys.stdin.readline(); print('{\"answer\": 1}', flush=True)", "neither"),
    ],
)
def test_a_port_that_dies_hangs_or_breaks_the_protocol_fails_naming_the_request(
    script: str, says: str
) -> None:
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(script)}"
    # the ports that answer are given a bound no loaded machine's start-up comes near
    message = _exchange_with(command, timeout=0.5 if "sleep" in script else 60.0)
    assert says in message
    assert 'request: {"member": "Accuracy.score"' in message


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_hung_port_started_by_the_shell_is_ended_with_it(tmp_path: Path) -> None:
    # The shell runs the port as its child. Killing the shell alone would leave the port
    # running and holding the pipes, and closing them would wait for it (here 600 s).
    pid_file = tmp_path / "pid"
    script = (
        f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(600)"
    )
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(script)}"
    said: list[str] = []
    # 5 s: the port starts and writes its pid well within it, even on a loaded machine
    exchange = threading.Thread(
        target=lambda: said.append(_exchange_with(command, timeout=5.0)), daemon=True
    )
    exchange.start()
    exchange.join(timeout=120)
    assert pid_file.exists(), f"the port did not start within 5 s: {said}"
    pid = int(pid_file.read_text())
    try:
        assert not exchange.is_alive(), "closing the hung port waited for it"
        assert "no answer within 5 s" in said[0]
        for _ in range(100):  # init reaps the orphan's zombie in its own time
            if not running(pid):
                break
            time.sleep(0.05)
        assert not running(pid), f"the port (pid {pid}) outlived its Port"
    finally:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


def test_a_broken_port_fails_check_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    command = f"{shlex.quote(sys.executable)} -c 'import sys; sys.exit(0)'"
    assert main(["check", "Accuracy.score", "--command", command, "--max-examples", "5"]) == 1
    assert "request:" in capsys.readouterr().err


def test_a_command_that_cannot_run_is_a_setup_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "Accuracy.score", "--command", "no-such-port-command-here"]) == 2
    err = capsys.readouterr().err
    assert "not found" in err and "request:" in err


def test_an_error_answer_is_raised_as_the_lodestar_type() -> None:
    member = REGISTRY["TopKAccuracy.score"]
    with Port(PORT) as port:
        implementation = port.implementation(member)
        with pytest.raises(Exception) as refused:
            implementation([0], [0.5, 0.5], 2, k=0)
        assert type(refused.value).__name__ == "ArgumentOutOfRangeError"
        assert "k is 0" in str(refused.value)
        assert implementation([1], [[0.25, 0.75]], 2, k=1) == 1.0


def _toy(edges: tuple[Edge, ...], divergences: tuple[Divergence, ...] = ()) -> Member:
    return Member(
        name="Toy.one",
        csharp="Toy.One",
        page="toy.md",
        implementation=lambda y_true: 1.0,
        oracle=lambda call: 1.0,
        oracle_call="one(y_true)",
        since="0.1",
        scenarios={"only": st.just(Call(([1e300],)))},
        edges=edges,
        divergences=divergences,
    )


def test_predicates_that_cast_a_huge_float_to_int_warn_nothing() -> None:
    # A whole float past int64 is no label: reading it must not cast it (NumPy's "invalid
    # value encountered in cast", which used to leak into `run` from edge predicates).
    huge = Edge("labels", "labels read back", lambda c: view.as_labels(c.args[0]) is None)
    anywhere = Divergence("any", "value", "anything", lambda c: view.as_labels(c.args[0]) is None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run_member(_toy((huge,)), max_examples=3)
        verdict = judge(_toy((), (anywhere,)), Call(([1e300],)), "1.9.1", lambda y_true: 2.0)
    assert result.ok and result.edges == {"labels": result.examples}
    assert verdict.ok and verdict.divergence == "any"
    assert [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)] == []


def test_an_edge_only_calls_not_sent_reach_is_not_required() -> None:
    member = _toy((Edge("float32", "float32 labels", lambda c: True),))

    def port(y_true: Any) -> float:
        raise Unsendable("float32 array")

    result = run_member(member, implementation=port, max_examples=3)
    assert result.ok and result.edges == {}
    assert result.outcomes["edge only in calls not sent:float32"] == 1


def test_a_pasted_command_s_answer_may_come_before_it_is_asked() -> None:
    # `echo REQUEST | port` carries its request: its answer is often read before the
    # harness asks (a fast port, a loaded machine) and is that request's answer, not a
    # line out of step. A second ask of it still meets what is left (nothing: it ended).
    with Port("echo '{\"value\": 0.25}'", feed=False, timeout=30) as port:
        port.start()
        deadline = time.monotonic() + 30
        while port._lines.empty() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not port._lines.empty(), "the command wrote nothing within 30 s"
        assert port.exchange('{"member": "MaxError.score"}') == {"value": 0.25}
        with pytest.raises(PortFailure, match="without answering"):
            port.exchange('{"member": "MaxError.score"}')
    # a fed port's early line is still a fault
    with Port("echo '{\"value\": 0.25}'; cat > /dev/null", timeout=30) as port:
        port.start()
        deadline = time.monotonic() + 30
        while port._lines.empty() and time.monotonic() < deadline:
            time.sleep(0.01)
        with pytest.raises(PortFailure, match="no request asked for"):
            port.exchange('{"member": "MaxError.score"}')
