"""Seeded bugs as source patches of the reference: one step of ``lodestar`` changed.

A :class:`Patch` names a module of ``lodestar`` (optionally one function or class in it),
an exact snippet of its source and what replaces it. A :class:`Variant` applies its
patches to fresh copies of the modules and hands back the member's callable from them:

* every snippet must occur exactly once where the patch says (the whole module, or the
  one definition it names), or the variant refuses to build, naming the bug, so that a
  refactor of ``lodestar`` cannot silently turn a bug back into the reference;
* the patched modules, and every module of ``lodestar`` that imports one of them, are
  compiled into private module objects, in dependency order, their imports of each other
  resolved to the private copies. Nothing in ``sys.modules`` changes: the reference stays
  what every other caller sees, and variants can be built and run from several threads;
* enumerations are the reference's own objects in every copy (a copy does not define
  them again), so that ``ZeroDivision.ZERO`` or ``Normalization.TRUE`` passed by a
  caller is recognised by the patched code;
* the member's callable is the reference's with its references swapped for the private
  copies: a ``lodestar`` function or method is looked up by name in its private module;
  a harness wrapper (``ConfusionMatrix.compute(...).to_array(...)``) is rebound to
  globals, and to closure cells, in which each ``lodestar`` object is its private
  counterpart.

A snippet of several lines is written with its first line unindented and the others
indented relative to it; the replacement likewise, and it is indented to the column the
snippet was found at.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import ast
import builtins
import enum
import functools
import importlib
import importlib.util
import inspect
import itertools
import pkgutil
import threading
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import lodestar
from equivalence.members import REGISTRY

__all__ = ["Patch", "PatchError", "Variant"]


class PatchError(Exception):
    """A seeded bug whose patch no longer applies to the reference, or cannot be built."""


@dataclass(frozen=True)
class Patch:
    """Replace ``old`` by ``new`` in ``where``: ``"ranking.top_k_accuracy"`` (a module of
    ``lodestar.metrics``, or ``lodestar.``-rooted as ``"lodestar.errors"``), optionally
    narrowed to one definition, ``"ranking.top_k_accuracy:TopKAccuracy.score"``."""

    where: str
    old: str
    new: str

    @property
    def module(self) -> str:
        name = self.where.partition(":")[0]
        return name if name.startswith("lodestar") else f"lodestar.metrics.{name}"

    @property
    def scope(self) -> str:
        return self.where.partition(":")[2]


# -- the reference's modules ----------------------------------------------------------


@functools.cache
def _modules() -> dict[str, str]:
    """Every plain (non-package) module of ``lodestar``, by name, with its source."""
    found: dict[str, str] = {}
    for info in pkgutil.walk_packages(lodestar.__path__, "lodestar."):
        if not info.ispkg:
            found[info.name] = inspect.getsource(importlib.import_module(info.name))
    return found


def _imported(tree: ast.Module, package: str) -> Iterator[str]:
    """The absolute names a module's import statements ask for, submodules included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = importlib.util.resolve_name("." * node.level + base, package)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


@functools.cache
def _dependencies() -> dict[str, frozenset[str]]:
    """For each module of ``lodestar``, the modules of ``lodestar`` it imports."""
    sources = _modules()
    return {
        name: frozenset(
            imported
            for imported in _imported(ast.parse(source), name.rpartition(".")[0])
            if imported in sources and imported != name
        )
        for name, source in sources.items()
    }


def _rebuilt(patched: set[str]) -> list[str]:
    """The patched modules and every module importing one, dependencies first."""
    needs = _dependencies()
    order: list[str] = []

    def visit(name: str) -> bool:
        """Whether ``name`` must be rebuilt; appends it to ``order`` once its needs are."""
        if name in order:
            return True
        rebuild = [visit(dependency) for dependency in sorted(needs[name])]
        if name in patched or any(rebuild):
            order.append(name)
            return True
        return False

    for name in sorted(needs):
        visit(name)
    return order


# -- applying the snippets ------------------------------------------------------------


def _indented(text: str, column: int) -> str:
    """``text`` with every line after the first indented by ``column`` spaces."""
    first, *rest = text.split("\n")
    return "\n".join([first, *(" " * column + line if line else line for line in rest)])


def _span(source: str, tree: ast.Module, scope: str) -> tuple[int, int]:
    """Where in ``source`` the definition ``scope`` (``Class.method``) lies."""
    if not scope:
        return 0, len(source)
    body: list[ast.stmt] = tree.body
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | None = None
    for part in scope.split("."):
        node = None
        for child in body:
            definition = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
            if isinstance(child, definition) and child.name == part:
                node = child
        if node is None:
            raise PatchError(f"no definition {scope!r}")
        body = node.body
    assert node is not None and node.end_lineno is not None
    lines = source.splitlines(keepends=True)
    first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
    start = sum(len(line) for line in lines[: first - 1])
    return start, start + sum(len(line) for line in lines[first - 1 : node.end_lineno])


def _locate(source: str, tree: ast.Module, patch: Patch) -> tuple[int, int, str]:
    """The one place ``patch.old`` occurs in its scope: start, end, and the replacement."""
    low, high = _span(source, tree, patch.scope)
    first = patch.old.split("\n")[0]
    found: list[tuple[int, int, str]] = []
    position = source.find(first, low, high)
    while position >= 0:
        column = position - (source.rfind("\n", 0, position) + 1)
        old = _indented(patch.old, column)
        if source.startswith(old, position) and position + len(old) <= high:
            found.append((position, position + len(old), _indented(patch.new, column)))
        position = source.find(first, position + 1, high)
    if len(found) != 1:
        raise PatchError(
            f"{patch.where}: the snippet {patch.old!r} occurs {len(found)} times, not once"
        )
    return found[0]


def patched_source(module: str, patches: list[Patch]) -> str:
    """``module``'s source with every patch applied (each located in the reference)."""
    source = _modules()[module]
    tree = ast.parse(source)
    places = sorted(_locate(source, tree, patch) for patch in patches)
    for (_, end, _), (start, _, _) in itertools.pairwise(places):
        if start < end:
            raise PatchError(f"{module}: two snippets overlap")
    for start, end, new in reversed(places):
        source = source[:start] + new + source[end:]
    return source


# -- building the private copies ------------------------------------------------------


def _shared_enums(module: str, tree: ast.Module) -> dict[str, Any]:
    """Removes the enumerations from ``tree`` and returns the reference's own, by name.

    Refuses a patch that changes an enumeration: the copies share the reference's.
    """
    real = importlib.import_module(module)
    reference = {
        node.name: ast.dump(node)
        for node in ast.parse(_modules()[module]).body
        if isinstance(node, ast.ClassDef)
    }
    shared: dict[str, Any] = {}
    kept: list[ast.stmt] = []
    for node in tree.body:
        value = getattr(real, node.name, None) if isinstance(node, ast.ClassDef) else None
        if isinstance(value, type) and issubclass(value, enum.Enum):
            assert isinstance(node, ast.ClassDef)
            if reference.get(node.name) != ast.dump(node):
                raise PatchError(f"{module}: a patch changes the enumeration {node.name}")
            shared[node.name] = value
        else:
            kept.append(node)
    tree.body = kept
    return shared


@functools.cache
def _reference_code(module: str) -> tuple[types.CodeType, Mapping[str, Any]]:
    """The compiled reference of a module rebuilt only because it imports a patched one."""
    tree = ast.parse(_modules()[module])
    shared = _shared_enums(module, tree)
    return compile(tree, inspect.getfile(importlib.import_module(module)), "exec"), shared


def _importer(private: Mapping[str, types.ModuleType]) -> Callable[..., Any]:
    """``__import__`` resolving the private copies first, then the real modules."""

    def importing(
        name: str,
        globals: Mapping[str, Any] | None = None,
        locals: Mapping[str, Any] | None = None,
        fromlist: tuple[str, ...] | list[str] | None = (),
        level: int = 0,
    ) -> Any:
        if level:
            package = (globals or {}).get("__package__") or ""
            name = importlib.util.resolve_name("." * level + name, package)
        if not fromlist:
            if any(copy == name or copy.startswith(name + ".") for copy in private):
                raise PatchError(f"'import {name}' cannot reach the patched copies")
            return builtins.__import__(name, globals, locals, fromlist, 0)
        if name in private:
            return private[name]
        package_module = builtins.__import__(name, globals, locals, fromlist, 0)
        if not any(f"{name}.{item}" in private for item in fromlist):
            return package_module
        return types.SimpleNamespace(
            **{
                item: private.get(f"{name}.{item}") or getattr(package_module, item)
                for item in fromlist
            }
        )

    return importing


def build(label: str, patches: tuple[Patch, ...]) -> dict[str, types.ModuleType]:
    """Private copies of the patched modules and of every module importing one."""
    by_module: dict[str, list[Patch]] = {}
    for patch in patches:
        if patch.module not in _modules():
            raise PatchError(f"{label}: {patch.module} is not a module of lodestar")
        by_module.setdefault(patch.module, []).append(patch)
    private: dict[str, types.ModuleType] = {}
    namespace_builtins = {**vars(builtins), "__import__": _importer(private)}
    for name in _rebuilt(set(by_module)):
        shared: Mapping[str, Any]
        if name in by_module:
            try:
                tree = ast.parse(patched_source(name, by_module[name]))
                shared = _shared_enums(name, tree)
                code = compile(tree, f"<{label}: {name}, patched>", "exec", dont_inherit=True)
            except (PatchError, SyntaxError) as error:
                raise PatchError(f"{label}: {error}") from None
        else:
            code, shared = _reference_code(name)
        module = types.ModuleType(name)
        vars(module).update(
            shared, __builtins__=namespace_builtins, __package__=name.rpartition(".")[0]
        )
        exec(code, vars(module))
        private[name] = module
    return private


def _counterpart(value: Any, private: Mapping[str, types.ModuleType]) -> Any:
    """``value``'s counterpart in the private copies, or ``value`` when it has none."""
    if isinstance(value, types.ModuleType):
        return private.get(value.__name__, value)
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if not isinstance(module, str) or module not in private or not isinstance(qualname, str):
        return value
    real: Any = importlib.import_module(module)
    copy: Any = private[module]
    for part in qualname.split("."):
        real, copy = getattr(real, part, None), getattr(copy, part, None)
    return copy if real is value and copy is not None else value


def rebind(function: Callable[..., Any], private: Mapping[str, types.ModuleType]) -> Any:
    """``function`` running on the private copies (see the module's docstring)."""
    counterpart = _counterpart(function, private)
    if counterpart is not function:
        return counterpart
    if isinstance(function, types.FunctionType):
        swapped = {name: _counterpart(value, private) for name, value in vars_of(function)}
        held = [_held(cell) for cell in function.__closure__ or ()]
        cells = [_counterpart(value, private) if full else value for full, value in held]
        if any(swapped[name] is not value for name, value in vars_of(function)) or any(
            new is not old for new, (_, old) in zip(cells, held, strict=True)
        ):
            closure = tuple(
                types.CellType(new) if full else cell
                for new, (full, _), cell in zip(
                    cells, held, function.__closure__ or (), strict=True
                )
            )
            rebound = types.FunctionType(
                function.__code__,
                {**function.__globals__, **swapped},
                function.__name__,
                function.__defaults__,
                closure or None,
            )
            rebound.__kwdefaults__ = function.__kwdefaults__
            rebound.__annotations__ = function.__annotations__
            rebound.__qualname__ = function.__qualname__
            rebound.__doc__ = function.__doc__
            return rebound
    raise PatchError(f"{function!r} reaches none of the patched modules")


def _held(cell: types.CellType) -> tuple[bool, Any]:
    """Whether a closure's cell holds a value yet, and the value."""
    try:
        return True, cell.cell_contents
    except ValueError:  # a name bound later in the enclosing function
        return False, None


def vars_of(function: types.FunctionType) -> list[tuple[str, Any]]:
    """The globals ``function`` reads, in its own code and in the code nested in it."""
    names: set[str] = set()
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes.extend(const for const in code.co_consts if isinstance(const, types.CodeType))
    return [(name, value) for name, value in function.__globals__.items() if name in names]


class Variant:
    """The member's callable built from patched copies of the reference.

    Built on first use (or by :meth:`build`), once, under a lock.
    """

    def __init__(self, label: str, member: str, patches: tuple[Patch, ...]) -> None:
        self.label = label
        self.member = member
        self.patches = patches
        self._lock = threading.Lock()
        self._built: Callable[..., Any] | None = None

    def build(self) -> Callable[..., Any]:
        """The patched callable; :class:`PatchError`, naming the bug, if a patch fails."""
        with self._lock:
            if self._built is None:
                private = build(self.label, self.patches)
                try:
                    self._built = rebind(REGISTRY[self.member].implementation, private)
                except PatchError as error:
                    raise PatchError(f"{self.label}: {error}") from None
            return self._built

    def sources(self) -> dict[str, tuple[str, str]]:
        """Each patched module's reference source and patched source."""
        modules = sorted({patch.module for patch in self.patches})
        try:
            return {
                name: (
                    _modules()[name],
                    patched_source(name, [p for p in self.patches if p.module == name]),
                )
                for name in modules
            }
        except (PatchError, KeyError) as error:
            raise PatchError(f"{self.label}: {error}") from None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.build()(*args, **kwargs)

    @property
    def __signature__(self) -> inspect.Signature:
        """The patched callable's signature: the member's, a default perhaps changed."""
        return inspect.signature(self.build())

    def __repr__(self) -> str:
        return f"<seeded bug {self.label}>"
