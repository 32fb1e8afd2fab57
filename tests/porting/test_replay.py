"""The counterexample ``check`` prints reproduces: for seeded bugs of 22 families, the pasted
snippet runs as printed (its own imports, in a namespace of its own), and the call it
makes fails again when judged as the check judged it."""

from __future__ import annotations

import pytest

from equivalence import cli
from equivalence.__main__ import main
from equivalence.faithful import judge_faithful
from equivalence.members import REGISTRY
from equivalence.mutants import MUTANTS
from equivalence.mutants.seeded import attribute
from equivalence.runner import ask
from equivalence.versions import sklearn_version


def _one_a_family() -> list[str]:
    from bench.check_latency import chosen

    found: dict[str, str] = {}
    for _, bug, family in chosen(every=False):
        found.setdefault(family, bug)
    return list(found.values())[:22]


BUGS = _one_a_family()


def test_the_replayed_bugs_span_twenty_families() -> None:
    assert len(BUGS) >= 20


@pytest.mark.parametrize("bug", BUGS)
def test_the_pasted_counterexample_reproduces(bug: str, capsys: pytest.CaptureFixture[str]) -> None:
    mutant = next(m for m in MUTANTS if attribute(m) == bug)
    member = REGISTRY[mutant.member]
    spec = f"equivalence.mutants.seeded:{bug}"
    argv = ["check", member.name, "--implementation", spec, "--profile", "ci"]
    assert main([*argv, "--shrink-seconds", "10"]) == 1
    out = capsys.readouterr().out
    assert "failing again:" in out, out
    block = out.split("failing again:\n")[1].split("\n\n")[0]
    snippet = "\n".join(line.removeprefix("    ") for line in block.splitlines())
    *imports, line = snippet.splitlines()
    namespace: dict[str, object] = {}
    exec("\n".join(imports), namespace)  # the snippet's own imports, as pasted
    try:
        eval(line, namespace)  # runs as printed: no name it needs is missing
    except NameError as error:
        raise AssertionError(f"the snippet does not run as pasted: {error}") from None
    except Exception:
        pass  # a refusal is an answer
    call = cli.replay_python(snippet, spec)
    verdict = judge_faithful(member, call, sklearn_version(), mutant.implementation)
    assert not verdict.ok, (snippet, verdict)
    assert ask(mutant.implementation, call) is not None
