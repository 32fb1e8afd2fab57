"""The harness's import graph: no circle, and an engine that imports nothing above it.

The graph is read from the source (``ast``), so it holds every import a module can make:
at its top, inside a function, under ``if TYPE_CHECKING:`` (a module that names another
in its types depends on it, though the import never runs), and the parent packages an
import runs first. See ``docs/harness.md`` for the layers.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "equivalence"

#: The engine: what a member is, how a call is read, judged and run. It imports only
#: itself, the exact-arithmetic library and the table of exact evaluators.
ENGINE = frozenset(
    {
        "equivalence.model",
        "equivalence.versions",
        "equivalence.arguments",
        "equivalence.view",
        "equivalence.narrow",
        "equivalence.bysample",
        "equivalence.runner",
        "equivalence.faithful",
        "equivalence.conformance",
        "equivalence.large",
        "equivalence.profiles",
    }
)
#: What the engine may use besides itself: exact arithmetic and the exact evaluators,
#: gathered from the families' ``exact.py``.
BENEATH_THE_ENGINE = ("equivalence.arith", "equivalence.exact")


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


class _Imports(ast.NodeVisitor):
    """The ``equivalence`` modules one module imports, at its top and inside functions."""

    def __init__(self, name: str, is_package: bool, known: Iterable[str]) -> None:
        self.name, self.is_package, self.known = name, is_package, set(known)
        self.top: set[str] = set()
        self.local: set[str] = set()
        self._depth = 0

    def _base(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        package = self.name.split(".") if self.is_package else self.name.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        return ".".join([*package, *([node.module] if node.module else [])])

    def _add(self, targets: Iterable[str]) -> None:
        found = {t for t in targets if t.split(".")[0] == "equivalence"}
        for target in list(found):
            found.update(_parents(target))
        (self.local if self._depth else self.top).update(found - {self.name})

    def visit_Import(self, node: ast.Import) -> None:
        self._add(alias.name for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self._base(node)
        self._add(
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in self.known else base
            for alias in node.names
        )

    def visit_Call(self, node: ast.Call) -> None:
        """``gather("exact")`` (:mod:`equivalence.families`) imports every family's
        ``exact`` module by name: an edge to each, as a written import would be."""
        function = node.func
        name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")
        if name == "gather" and node.args and isinstance(node.args[0], ast.Constant):
            kind = node.args[0].value
            self._add(
                known
                for known in self.known
                if known.startswith("equivalence.families.") and known.endswith(f".{kind}")
            )
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]


def read_graph(package: Path = PACKAGE) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each module's imports of the package: (at its top, inside its functions)."""
    paths = {module_name(path, package): path for path in package.rglob("*.py")}
    top, local = {}, {}
    for name, path in paths.items():
        visitor = _Imports(name, path.name == "__init__.py", paths)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        top[name], local[name] = visitor.top & set(paths), visitor.local & set(paths)
    return top, local


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in graph:
                    continue
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph.get(target, ()))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def reach(graph: Mapping[str, Iterable[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


TOP, LOCAL = read_graph()
EVERY = {name: TOP[name] | LOCAL[name] for name in TOP}


def test_the_harness_imports_in_no_circle() -> None:
    assert circles(EVERY) == []


def test_the_engine_modules_all_exist() -> None:
    assert set(TOP) >= ENGINE, sorted(ENGINE - set(TOP))


@pytest.mark.parametrize("name", sorted(ENGINE))
def test_an_engine_module_imports_nothing_inside_a_function(name: str) -> None:
    assert not LOCAL[name], f"{name} imports {sorted(LOCAL[name])} inside a function"


@pytest.mark.parametrize("name", sorted(ENGINE))
def test_the_engine_reaches_nothing_above_it(name: str) -> None:
    above = sorted(t for t in reach(EVERY, name) if not _allowed_beneath(t))
    assert not above, f"{name} reaches {above}"


#: The layers of ``docs/harness.md``, lowest first: each module may import its own layer
#: and those beneath it. The packages' ``__init__`` modules that only name what they hold
#: (``equivalence``, ``equivalence.families`` and each family's) are beneath them all.
LAYERS = (
    "packages",
    "exact arithmetic",
    "engine",
    "shared declarations",
    "strategies",
    "declarations",
    "seeded bugs",
    "port side",
    "renderers",
    "commands",
)


def layer_of(name: str) -> str:
    """The layer of module ``name``, as ``docs/harness.md`` lists them."""
    parts = name.split(".")
    family_module = len(parts) == 4 and parts[1] == "families"
    if name in ("equivalence", "equivalence.families") or (
        len(parts) == 3 and parts[1] == "families"
    ):
        return "packages"
    if name in ("equivalence.arith", "equivalence.exact") or (
        family_module and parts[3] == "exact"
    ):
        return "exact arithmetic"
    if name in ENGINE:
        return "engine"
    if name in (
        "equivalence.shared",
        "equivalence.malformed",
        "equivalence.references",
        "equivalence.logarithm",
    ):
        return "shared declarations"
    if parts[1] == "draw":
        return "strategies"
    if name in ("equivalence.patch", "equivalence.mutant") or parts[1] == "mutants":
        return "seeded bugs"
    if family_module and parts[3] == "mutants":
        return "seeded bugs"
    if name == "equivalence.members" or family_module:
        return "declarations"
    if parts[1] == "ports":
        return "port side"
    if parts[1] == "render":
        return "renderers"
    if name in ("equivalence.cli", "equivalence.parallel", "equivalence.__main__"):
        return "commands"
    raise AssertionError(f"{name} is in no layer of docs/harness.md")


@pytest.mark.parametrize("name", sorted(EVERY))
def test_a_module_imports_only_its_layer_and_those_beneath(name: str) -> None:
    rank = LAYERS.index(layer_of(name))
    above = sorted(t for t in EVERY[name] if LAYERS.index(layer_of(t)) > rank)
    assert not above, f"{name} ({layer_of(name)}) imports {above}"


def test_the_page_lists_the_layers_in_this_order() -> None:
    page = (PACKAGE.parent / "docs" / "harness.md").read_text(encoding="utf-8")
    listed = re.findall(
        r"^\d+\. \*\*([^*]+?)\.?\*\*", page.split("## Layers")[1].split("\n## ")[0], re.M
    )
    assert [name.lower() for name in listed] == list(LAYERS[1:])


def _allowed_beneath(target: str) -> bool:
    if target in ENGINE or target in ("equivalence", "equivalence.families"):
        return True
    if target.startswith(BENEATH_THE_ENGINE):
        return True
    # a family's exact evaluators, and the family's package an import of them runs
    family = target.removeprefix("equivalence.families.")
    return family != target and (family.count(".") == 0 or family.endswith(".exact"))


def test_the_engine_loads_nothing_above_it_when_it_runs() -> None:
    """What the source says, checked against what a fresh process loads: importing the
    engine's modules loads no draw, declaration, family declaration or port module."""
    import subprocess
    import sys

    program = (
        "import importlib, sys\n"
        f"for name in {sorted(ENGINE)!r}: importlib.import_module(name)\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('equivalence')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=True,
        cwd=PACKAGE.parent,
        timeout=300,
    ).stdout.split()
    assert "equivalence.exact" in loaded
    assert sorted(m for m in loaded if not _allowed_beneath(m)) == []


# -- the checks can fail ------------------------------------------------------------------


def test_a_circle_through_a_function_local_or_typing_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "equivalence"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("from equivalence.second import thing\n")
    (package / "second.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from equivalence import third\n"
        "def thing():\n    from equivalence.first import other\n"
    )
    (package / "third.py").write_text("from . import first\n")
    top, local = read_graph(package)
    assert local["equivalence.second"] == {"equivalence.first", "equivalence"}
    assert top["equivalence.third"] == {"equivalence.first", "equivalence"}
    # an import for the types alone is an edge too: first -> second -> third -> first
    assert top["equivalence.second"] == {"equivalence.third", "equivalence"}
    assert circles(top) == [["equivalence.first", "equivalence.second", "equivalence.third"]]
    every = {name: top[name] | local[name] for name in top}
    assert circles(every) == [["equivalence.first", "equivalence.second", "equivalence.third"]]
    (package / "second.py").write_text("def thing():\n    from equivalence.first import other\n")
    top, local = read_graph(package)
    assert circles(top) == []
    every = {name: top[name] | local[name] for name in top}
    assert circles(every) == [["equivalence.first", "equivalence.second"]]


def test_gathering_a_kind_is_an_import_of_every_family_module_of_that_kind(
    tmp_path: Path,
) -> None:
    package = tmp_path / "equivalence"
    (package / "families" / "one").mkdir(parents=True)
    for path in ("__init__.py", "families/__init__.py", "families/one/__init__.py"):
        (package / path).write_text("")
    (package / "families/one/exact.py").write_text("from equivalence import engine\n")
    (package / "families/one/members.py").write_text("")
    (package / "engine.py").write_text(
        "from equivalence.families import gather\nEVALUATORS = gather('exact')\n"
    )
    top, _ = read_graph(package)
    assert "equivalence.families.one.exact" in top["equivalence.engine"]
    assert "equivalence.families.one.members" not in top["equivalence.engine"]
    assert circles(top) == [["equivalence.engine", "equivalence.families.one.exact"]]


def test_a_circle_of_three_and_a_clean_chain() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
