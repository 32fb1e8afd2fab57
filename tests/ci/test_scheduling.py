"""How the test suite spreads over xdist workers (``conftest.py``): a page's doctests, and the
tests of a module whose fixture is costly, on one worker; every other test on its own."""

from __future__ import annotations

import re
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parents[2]


def _scope(nodeid: str) -> str:
    return conftest._PagesWhole._split_scope(None, nodeid)  # type: ignore[arg-type]


def test_a_page_and_a_whole_module_are_one_unit_and_other_tests_their_own() -> None:
    assert _scope("docs/porting.md::line:12,column:1") == "docs/porting.md"
    for module in conftest.WHOLE_MODULES:
        assert (ROOT / module).is_file(), module
        assert _scope(f"{module}::test_a") == _scope(f"{module}::test_b[x]") == module
    other = "tests/porting/test_cli.py::test_a"
    assert _scope(other) == other


def test_every_module_with_a_costly_shared_fixture_runs_whole() -> None:
    # a module-scoped fixture that two or more tests ask for by name is made on every worker
    # that receives one of them: such a module runs whole (an autouse one that only records
    # does not count)
    shared = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        for name in re.findall(r'scope="(?:module|session)"\)\ndef (\w+)\(', text):
            if len(re.findall(rf"def test_\w+\([^)]*\b{name}\b", text)) >= 2:
                shared.append(str(path.relative_to(ROOT)))
    assert sorted(set(shared)) == sorted(conftest.WHOLE_MODULES)
