"""One parsed view of a call, built once per call, that every edge and divergence reads.

A :class:`View` is the :class:`~equivalence.model.Call` itself (so it is passed to both
sides unchanged) plus its arguments bound to the member's parameter names, defaults
applied, and read by role: the labels, the score or probability block, the weights, the
class count. Each reading is computed on first use and kept, so that fifteen predicates
asking "is some weight negative?" parse the weights once.

The runner builds the view with :func:`view_of`; a predicate written against a plain
``Call`` still works, since a view is one.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, overload

import numpy as np

from equivalence.arguments import malformed_arguments, role_of
from equivalence.model import Call

if TYPE_CHECKING:
    from equivalence.model import Divergence, Member

__all__ = [
    "Prepared",
    "TwoByTwo",
    "View",
    "as_floats",
    "as_labels",
    "is_count",
    "on",
    "parameters_of",
    "prepared",
    "rows_of",
    "view_of",
]

Array = np.ndarray[Any, Any]
T = TypeVar("T")


def as_labels(value: Any) -> Array | None:
    """Labels as ``int64``, or ``None`` when they are not a 1-D run of whole numbers."""
    try:
        array = np.asarray(value)
        if array.ndim != 1 or array.dtype.kind == "b":
            return None
        if array.size == 0:
            return np.zeros(0, dtype=np.int64)
        if array.dtype.kind in "iu":
            return array.astype(np.int64)
        floats = array.astype(np.float64)
        if not np.isfinite(floats).all() or (floats != np.floor(floats)).any():
            return None
        if (np.abs(floats) >= 2.0**63).any():
            return None
        return floats.astype(np.int64)
    except (TypeError, ValueError, OverflowError):
        return None


def _as_array(value: Any) -> Array | None:
    try:
        return np.asarray(value)
    except (TypeError, ValueError, OverflowError):
        return None


def as_floats(value: Any) -> Array | None:
    """A numeric argument as ``float64``, or ``None`` when it is not one."""
    if value is None:
        return None
    try:
        return np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        return None


def is_count(value: Any) -> bool:
    """Whether ``value`` is an integer (a NumPy one included), not a boolean: what a C#
    ``int`` holds."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


Signature = tuple[tuple[str, ...], dict[str, Any]]


def parameters_of(function: Callable[..., Any]) -> Signature:
    """A function's parameter names in order and their defaults (for a member's
    implementation, :func:`prepared` reads them once)."""
    parameters = inspect.signature(function).parameters
    names = tuple(parameters)
    defaults = {name: p.default for name, p in parameters.items() if p.default is not p.empty}
    return names, defaults


class TwoByTwo(NamedTuple):
    """The four cells of a binary problem whose positive label is ``pos``: sample counts,
    or sums of weights."""

    tn: Any
    fp: Any
    fn: Any
    tp: Any
    pos: Any


class cached_property(Generic[T]):
    """:func:`functools.cached_property` without the lock Python 3.11 takes on each first
    read: computed on first use, kept in the instance's ``__dict__``, where later reads
    find it without calling back here."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | cached_property[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


class _Roles(dict[str, str]):
    """A member's roles by parameter name, with its parameter names by role worked out
    once for all its calls."""

    by_role: dict[str, tuple[str, ...]]


@dataclass(frozen=True, eq=False)
class View(Call):
    """A call read through its member's signature and roles."""

    names: tuple[str, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)
    roles: Mapping[str, str] = field(default_factory=dict)

    # -- binding -------------------------------------------------------------------

    @cached_property
    def given(self) -> dict[str, Any]:
        """The arguments passed, by name (defaults not applied)."""
        bound = dict(zip(self.names, self.args, strict=False))
        bound.update(self.kwargs)
        return bound

    @cached_property
    def arguments(self) -> dict[str, Any]:
        """Every argument by name, the defaults applied where one was left out."""
        return {**self.defaults, **self.given}

    def __getitem__(self, name: str) -> Any:
        return self.arguments.get(name)

    def flag(self, name: str) -> bool | None:
        """A flag argument as a ``bool`` (a NumPy bool included), ``None`` when it is none."""
        value = self[name]
        return bool(value) if isinstance(value, (bool, np.bool_)) else None

    def named(self, role: str) -> list[str]:
        """The parameter names holding ``role``, in order."""
        if isinstance(self.roles, _Roles):
            return list(self.roles.by_role.get(role, ()))
        return [name for name in self.names if self.roles.get(name) == role]

    def derived(self, compute: Callable[[View], T]) -> T:
        """``compute(self)``, computed once per view: a family's own parsed reading."""
        cache: dict[Any, Any] = self.__dict__.setdefault("_derived", {})
        if compute not in cache:
            try:
                cache[compute] = compute(self)
            except (TypeError, ValueError, IndexError, OverflowError, ZeroDivisionError):
                cache[compute] = None
        return cache[compute]  # type: ignore[no-any-return]

    @cached_property
    def arrays(self) -> tuple[Array | None, ...]:
        """Each positional argument as NumPy reads it (its dtype kept), ``None`` where
        NumPy cannot: what predicates asking about shapes and dtypes read, once."""
        return tuple(_as_array(value) for value in self.args)

    def array(self, position: int) -> Array:
        """:attr:`arrays` at ``position``; a ``ValueError`` where NumPy cannot read it."""
        array = self.arrays[position]
        if array is None:
            raise ValueError(f"argument {position} is not an array")
        return array

    # -- labels ------------------------------------------------------------------------

    @cached_property
    def truth(self) -> Array | None:
        """The first labels argument (``y_true``) as ``int64``, ``None`` when malformed."""
        names = self.named("labels")
        return as_labels(self[names[0]]) if names else None

    @cached_property
    def predicted(self) -> Array | None:
        """The second labels argument (``y_pred``) as ``int64``, ``None`` when malformed."""
        names = self.named("labels")
        return as_labels(self[names[1]]) if len(names) > 1 else None

    @cached_property
    def samples(self) -> int:
        """How many samples the first labels argument holds (-1 when it has no length)."""
        names = self.named("labels")
        try:
            return len(self[names[0]]) if names else -1
        except TypeError:
            return -1

    @cached_property
    def empty(self) -> bool:
        """No sample: every labels argument has length 0."""
        names = self.named("labels")
        try:
            return bool(names) and all(len(self[name]) == 0 for name in names)
        except TypeError:
            return False

    @cached_property
    def observed(self) -> list[int]:
        """The labels of both labels arguments, ascending; none where either is malformed
        or their lengths differ."""
        truth, predicted = self.truth, self.predicted
        if truth is None or predicted is None or len(truth) != len(predicted):
            return []
        return sorted(set(truth.tolist()) | set(predicted.tolist()))

    def two_by_two(self, positive: Any) -> TwoByTwo | None:
        """The :class:`TwoByTwo` of ``positive``: the samples (or their weights, in order)
        by whether truth and prediction are ``positive``, added up by a plain loop. ``None``
        where the labels are malformed or of different lengths, or the weights are not
        finite or not one a sample."""
        truth, predicted, weight = self.truth, self.predicted, self.weight
        if truth is None or predicted is None or len(truth) != len(predicted):
            return None
        if weight is not None and (len(weight) != len(truth) or not self.finite_weight):
            return None
        cells: list[Any] = [0, 0, 0, 0] if weight is None else [0.0, 0.0, 0.0, 0.0]
        for index, (t, p) in enumerate(zip(truth.tolist(), predicted.tolist(), strict=True)):
            cells[2 * (t == positive) + (p == positive)] += 1 if weight is None else weight[index]
        tn, fp, fn, tp = cells
        return TwoByTwo(tn, fp, fn, tp, positive)

    # -- counts --------------------------------------------------------------------------

    @cached_property
    def classes(self) -> int | None:
        """``class_count`` (or ``label_count``) when it is an integer, else ``None``."""
        for name in ("class_count", "label_count"):
            if name in self.arguments:
                value = self.arguments[name]
                return int(value) if is_count(value) else None
        return None

    @cached_property
    def k(self) -> int | None:
        value: Any = self.arguments.get("k")
        return int(value) if is_count(value) else None

    # -- the number block -------------------------------------------------------------

    @cached_property
    def raw_block(self) -> Any:
        names = self.named("numbers")
        return self[names[0]] if names else None

    @cached_property
    def block(self) -> Array | None:
        """The score or probability block as ``float64``, as given (flat or 2-D)."""
        return as_floats(self.raw_block)

    @cached_property
    def two_d(self) -> bool:
        block = self.block  # its shape is the one NumPy reads from the block as given
        return (block.ndim if block is not None else np.ndim(self.raw_block)) == 2

    @cached_property
    def rows(self) -> Array | None:
        """The block as ``(samples, classes)``, or ``None`` when it is not one."""
        block, classes, truth = self.block, self.classes, self.truth
        if block is None or classes is None or classes < 1 or truth is None:
            return None
        if block.ndim == 2 and block.shape == (len(truth), classes):
            return block
        if block.ndim == 1 and block.size == len(truth) * classes:
            return block.reshape(len(truth), classes)
        return None

    @cached_property
    def finite_numbers(self) -> bool:
        """Every numeric argument (scores, probabilities, relevance) and weight is finite."""
        arrays = [as_floats(self[name]) for name in self.named("numbers")]
        return self.finite_weight and all(
            a is None or a.size == 0 or bool(np.isfinite(a).all()) for a in arrays
        )

    @cached_property
    def finite_block(self) -> bool:
        return self.block is not None and bool(np.isfinite(self.block).all())

    @cached_property
    def well_formed_rows(self) -> Array | None:
        """:attr:`rows` when finite, non-empty and every label a column index."""
        rows, truth = self.rows, self.truth
        if rows is None or truth is None or len(truth) == 0 or not self.finite_block:
            return None
        if not ((truth >= 0) & (truth < rows.shape[1])).all():
            return None
        return rows

    @cached_property
    def label_out_of_range(self) -> bool:
        """Some label lies outside ``[0, classes)``."""
        truth, classes = self.truth, self.classes
        return (
            truth is not None
            and classes is not None
            and bool(((truth < 0) | (truth >= classes)).any())
        )

    # -- weights --------------------------------------------------------------------------

    @cached_property
    def weight(self) -> Array | None:
        """``sample_weight`` as ``float64``; ``None`` when unweighted, empty or not numeric."""
        weight = as_floats(self.arguments.get("sample_weight"))
        return None if weight is None or weight.size == 0 else weight

    @cached_property
    def unweighted(self) -> Any:
        """``sample_weight`` as given, with an empty one read as ``None`` (scikit-learn's
        spelling of "every sample weighs 1")."""
        weight = self.arguments.get("sample_weight")
        return None if weight is not None and len(weight) == 0 else weight

    @cached_property
    def negative_weight(self) -> bool:
        return self.weight is not None and bool((self.weight < 0).any())

    @cached_property
    def finite_weight(self) -> bool:
        return self.weight is None or bool(np.isfinite(self.weight).all())

    @property
    def non_finite_weight(self) -> bool:
        return not self.finite_weight

    @cached_property
    def zero_sum_weight(self) -> bool:
        """Finite weights, not all zero, summing to exactly zero."""
        weight = self.weight
        return (
            weight is not None
            and self.finite_weight
            and bool(weight.any())
            and float(weight.sum()) == 0.0
        )

    @cached_property
    def all_zero_weight(self) -> bool:
        return self.weight is not None and not bool(self.weight.any())

    @cached_property
    def wrong_weight_length(self) -> bool:
        weight = self.weight
        return weight is not None and self.samples >= 0 and weight.size != self.samples

    # -- the malformed rule ----------------------------------------------------------------

    @cached_property
    def malformed(self) -> bool:
        """Some argument is malformed for its role (see :mod:`equivalence.arguments`)."""
        return malformed_arguments(self.given, self.roles)


def on(
    reading: Callable[[View], T | None], test: Callable[[T, View], Any]
) -> Callable[[View], bool]:
    """A predicate reading the call through ``reading`` (once per call, by
    :meth:`View.derived`): false where the reading is ``None``, else ``test(reading, view)``."""
    return lambda v: (value := v.derived(reading)) is not None and bool(test(value, v))


@dataclass(frozen=True, eq=False)
class Prepared:
    """What the harness reads off a member once, rather than once a call: its
    implementation's parameter names and defaults, the role of each argument, and, for
    each scikit-learn version asked about, its ULP tolerance, the divergences declared
    there and whether it agrees by magnitude. Kept on the member itself (see
    :func:`prepared`), so that it lives and dies with the declaration."""

    member: Member
    names: tuple[str, ...]
    defaults: dict[str, Any]
    roles: _Roles
    _versions: dict[str, tuple[int, list[Divergence], bool]] = field(default_factory=dict)

    def on_version(self, sklearn_version: str) -> tuple[int, list[Divergence], bool]:
        """``(ulps, divergences, by_magnitude)`` of the member on ``sklearn_version``."""
        found = self._versions.get(sklearn_version)
        if found is None:
            tolerance = self.member.tolerance
            found = self._versions[sklearn_version] = (
                tolerance.ulps_for(sklearn_version),
                self.member.divergences_for(sklearn_version),
                tolerance.by_magnitude(sklearn_version),
            )
        return found


def prepared(member: Member) -> Prepared:
    """``member``'s :class:`Prepared` reading, made on first use and kept in the member's
    ``__dict__`` (a frozen dataclass forbids assignment, not that); a copy of the member
    makes its own."""
    found = member.__dict__.get("_prepared")
    if found is None or found.member is not member:
        names, defaults = parameters_of(member.implementation)
        roles = _Roles()
        for name in names:
            role = role_of(member, name)
            if role is not None:
                roles[name] = role
        roles.by_role = {
            role: tuple(name for name in names if roles.get(name) == role)
            for role in set(roles.values())
        }
        found = member.__dict__["_prepared"] = Prepared(member, names, defaults, roles)
    return found


def view_of(member: Member, call: Call) -> View:
    """``call`` read through ``member``'s signature (a view is returned as it is)."""
    if isinstance(call, View):
        return call
    ready = prepared(member)
    return View(call.args, call.kwargs, ready.names, ready.defaults, ready.roles)


def rows_of(block: Array, samples: int, classes: Any) -> Array:
    """A flat block as ``samples`` rows of ``classes`` columns, the matrix scikit-learn is
    asked about. A negative count has no such matrix (NumPy would read ``-1`` as "infer
    it"), so the question cannot be put: scikit-learn is taken to refuse."""
    if isinstance(classes, (int, np.integer)) and not isinstance(classes, bool) and classes < 0:
        raise ValueError(f"no matrix has {classes} columns")
    return block.reshape(samples, classes)
