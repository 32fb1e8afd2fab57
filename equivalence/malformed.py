"""Bad input, by category, for every member: what each argument is, and how to spoil it.

A member's arguments are sorted into *roles* by their names (``y_true`` holds labels,
``sample_weight`` weights, ``k`` a count, …; a member whose names mislead declares
``roles``; the table and the malformed rule are :mod:`equivalence.arguments`). Each role
has its categories: ways to spoil a valid value (NaN, a fractional
label, a count given as a string, …) and ways to pass the same values in another form
(a read-only array, a Fortran-ordered block, ``float32``, a generator, …).

Three things use this table, so a new member gets all of them by declaring nothing:

* :func:`malformed_calls`, an extra scenario of every conformance run, so that the
  harness holds each category against scikit-learn;
* :func:`malformed_narrowing`, the declaration every member carries for the DESIGN rule
  that malformed input is refused even where scikit-learn answers a number;
* :func:`cells`, which the bad-input test walks and ``python -m equivalence edges``
  renders into ``docs/bad-input.md`` (:mod:`equivalence.render.bad_input_page`).

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st

from equivalence.arguments import Role, role_of
from equivalence.model import Call, Divergence, Member
from equivalence.view import prepared, view_of

__all__ = [
    "CATEGORIES",
    "Category",
    "Cell",
    "base_call",
    "cells",
    "is_malformed",
    "malformed_calls",
    "malformed_narrowing",
    "parameters",
    "with_argument",
]

#: What a category promises about lodestar's outcome.
#: ``refuse``: an ArgumentError naming the argument; ``same``: the answer of the valid call
#: (the same values in another form); ``either``: an answer or a documented refusal.
Expectation = Literal["refuse", "same", "either"]


@dataclass(frozen=True)
class Category:
    name: str
    role: Role
    expect: Expectation
    spoil: Callable[[Any], Any]
    #: The valid values the spoiled call must agree with, when ``expect`` is ``same``.
    equivalent: Callable[[Any], Any] | None = None
    #: Whether the spoiled value can be handed to both sides (a generator cannot).
    reusable: bool = True


def _items(value: Any) -> list[Any]:
    return np.asarray(value).tolist() if isinstance(value, np.ndarray) else list(value)


def _replace_first(value: Any, item: Any) -> list[Any]:
    items = _items(value)
    return [item, *items[1:]] if items else [item]


def _readonly(value: Any) -> np.ndarray[Any, Any]:
    array = np.array(value)
    array.flags.writeable = False
    return array


def _strided(value: Any) -> np.ndarray[Any, Any]:
    """The same values as a non-contiguous view (every other column of a wider block)."""
    array = np.asarray(value)
    wide = np.repeat(array, 2, axis=array.ndim - 1)
    return wide[..., ::2]


def _as_float32_values(value: Any) -> np.ndarray[Any, Any]:
    return np.asarray(value, dtype=np.float32).astype(np.float64)


def _float32(value: Any) -> np.ndarray[Any, Any]:
    return np.asarray(value, dtype=np.float32)


def _int8(value: Any) -> np.ndarray[Any, Any]:
    return np.asarray(value, dtype=np.int8)


def _generator(value: Any) -> Iterator[Any]:
    return (item for item in _items(value))


def _mapping(value: Any) -> dict[int, Any]:
    """The values keyed by position: a ``dict`` that NumPy would read as its keys."""
    return dict(enumerate(_items(value)))


def _set(value: Any) -> set[Any]:
    return set(_items(value))


def _masked(value: Any) -> np.ndarray[Any, Any]:
    """The values with the first one masked, as a masked array."""
    array = np.asarray(value)
    mask = np.zeros(array.shape, dtype=bool)
    mask.flat[0] = True
    return np.ma.masked_array(array, mask=mask)


def _series(value: Any) -> Any:
    """The values as a pandas Series (pandas is a test dependency, not lodestar's)."""
    import pandas

    return pandas.Series(np.asarray(value))


def _frame(value: Any) -> Any:
    """The values twice over, as a two-column pandas DataFrame: a shape that no vector
    argument takes (NumPy reads it as a matrix, iteration as its column labels)."""
    import pandas

    items = _items(value)
    return pandas.DataFrame({0: items, 1: items})


def _flattened(form: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``form`` applied to the values read flat (a score block row-major)."""
    return lambda value: form(np.ravel(value))


#: Containers refused whatever they hold: lodestar would read them otherwise than as the
#: sequence of values they seem to be (see lodestar.metrics._inputs).
_REFUSED_CONTAINERS: list[tuple[str, Callable[[Any], Any]]] = [
    ("a mapping", _mapping),
    ("a set", _set),
    ("a masked array", _masked),
    ("a two-column frame", _frame),
]


_COMMON_FORMS: list[tuple[str, Callable[[Any], Any]]] = [
    ("a list", _items),
    ("a tuple", lambda v: tuple(_items(v))),
    ("a read-only array", _readonly),
    ("a non-contiguous view", _strided),
]

CATEGORIES: tuple[Category, ...] = (
    # -- labels --------------------------------------------------------------------
    Category("whole floats", "labels", "same", lambda v: [float(x) for x in _items(v)], _items),
    Category("int8", "labels", "same", _int8, _items),
    *(Category(name, "labels", "same", form, _items) for name, form in _COMMON_FORMS),
    Category("a generator", "labels", "same", _generator, _items, reusable=False),
    # walked, not drawn: parts of the faithful level still compare arguments as sequences
    Category("a pandas Series", "labels", "same", _series, _items, reusable=False),
    *(Category(name, "labels", "refuse", form) for name, form in _REFUSED_CONTAINERS),
    Category("a fractional label", "labels", "refuse", lambda v: _replace_first(v, 0.5)),
    Category("NaN", "labels", "refuse", lambda v: _replace_first(v, math.nan)),
    Category("booleans", "labels", "refuse", lambda v: [bool(x) for x in _items(v)]),
    Category("strings", "labels", "refuse", lambda v: [str(x) for x in _items(v)]),
    Category("None in the labels", "labels", "refuse", lambda v: _replace_first(v, None)),
    Category("None", "labels", "refuse", lambda v: None),
    Category("a nested sequence", "labels", "refuse", lambda v: _replace_first(v, [0, 1])),
    Category("2-D", "labels", "refuse", lambda v: [[x] for x in _items(v)]),
    Category("a 0-d scalar", "labels", "refuse", lambda v: np.asarray(_items(v)[0])),
    Category("past int64", "labels", "refuse", lambda v: _replace_first(v, 2**64)),
    # -- numbers (scores, probabilities, relevance) -------------------------------------
    Category("NaN", "numbers", "refuse", lambda v: _replace_first(np.ravel(v), math.nan)),
    Category("+inf", "numbers", "refuse", lambda v: _replace_first(np.ravel(v), math.inf)),
    Category("-inf", "numbers", "refuse", lambda v: _replace_first(np.ravel(v), -math.inf)),
    Category("booleans", "numbers", "refuse", lambda v: np.ravel(v) != 0),
    Category("strings", "numbers", "refuse", lambda v: [str(x) for x in np.ravel(v).tolist()]),
    Category("None", "numbers", "refuse", lambda v: None),
    Category(
        "float32", "numbers", "same", lambda v: np.asarray(v, dtype=np.float32), _as_float32_values
    ),
    *(Category(name, "numbers", "same", form, _items) for name, form in _COMMON_FORMS),
    Category("a generator", "numbers", "same", _generator, _items, reusable=False),
    Category(
        "a pandas Series", "numbers", "same", lambda v: _series(np.ravel(v)), _items, reusable=False
    ),
    *(
        Category(name, "numbers", "refuse", _flattened(form))
        for name, form in _REFUSED_CONTAINERS
        if name != "a two-column frame"  # a score block may be two-dimensional
    ),
    # -- weights -------------------------------------------------------------------
    Category("NaN", "weights", "refuse", lambda v: _replace_first(v, math.nan)),
    Category("+inf", "weights", "refuse", lambda v: _replace_first(v, math.inf)),
    Category("-inf", "weights", "refuse", lambda v: _replace_first(v, -math.inf)),
    Category("one too many", "weights", "refuse", lambda v: [*_items(v), 1.0]),
    Category("one too few", "weights", "refuse", lambda v: _items(v)[:-1]),
    Category("2-D", "weights", "refuse", lambda v: [[x] for x in _items(v)]),
    Category("strings", "weights", "refuse", lambda v: [str(x) for x in _items(v)]),
    Category(
        "float32", "weights", "same", lambda v: np.asarray(v, dtype=np.float32), _as_float32_values
    ),
    Category(
        "int8",
        "weights",
        "same",
        lambda v: np.asarray(v, dtype=np.int8),
        lambda v: np.asarray(v, dtype=np.int8).tolist(),
    ),
    *(Category(name, "weights", "same", form, _items) for name, form in _COMMON_FORMS),
    Category("a pandas Series", "weights", "same", _series, _items, reusable=False),
    *(Category(name, "weights", "refuse", form) for name, form in _REFUSED_CONTAINERS),
    # -- counts (class_count, k, digits) -------------------------------------------
    Category("a whole float", "count", "refuse", lambda v: float(v)),
    Category("a bool", "count", "refuse", lambda v: True),
    Category("a string", "count", "refuse", lambda v: str(v)),
    Category("None", "count", "refuse", lambda v: None),
    Category("zero", "count", "either", lambda v: 0),
    Category("negative", "count", "either", lambda v: -1),
    Category("far larger than the data", "count", "either", lambda v: 100_000),
    Category("a NumPy integer", "count", "same", lambda v: np.int64(v), lambda v: v),
    # -- flags -----------------------------------------------------------------------
    Category("an integer", "flag", "refuse", lambda v: int(v)),
    Category("a string", "flag", "refuse", lambda v: str(v)),
    Category("None", "flag", "refuse", lambda v: None),
    Category("a NumPy bool", "flag", "same", lambda v: np.bool_(v), lambda v: v),
)

#: A single integer label (``pos_label``) is read as a count is, and None is refused too.
CATEGORIES += tuple(dataclasses.replace(c, role="label") for c in CATEGORIES if c.role == "count")


def parameters(member: Member) -> list[str]:
    """The implementation's parameter names, in order (read once a member)."""
    return list(prepared(member).names)


def _arguments(member: Member, call: Call) -> dict[str, Any]:
    names = parameters(member)
    bound = dict(zip(names, call.args, strict=False))
    bound.update(call.kwargs)
    return bound


def with_argument(member: Member, call: Call, name: str, value: Any) -> Call:
    """``call`` with the argument ``name`` set to ``value``, passed by keyword if it was."""
    names = parameters(member)
    position = names.index(name)
    if position < len(call.args):
        args = list(call.args)
        args[position] = value
        return Call(tuple(args), dict(call.kwargs))
    return Call(call.args, {**call.kwargs, name: value})


def is_malformed(member: Member, call: Call) -> bool:
    """Whether some argument of ``call`` is malformed for its role (DESIGN's rule)."""
    return view_of(member, call).malformed


def malformed_narrowing(member: Member) -> Divergence:
    """The declaration that malformed input is refused even where scikit-learn answers."""
    return Divergence(
        name="malformed_input",
        kind="narrowing",
        summary=(
            "Malformed input (NaN or infinity where a number is expected; a fractional, "
            "boolean, string or missing label; a ragged or wrongly shaped array; a count "
            "that is not an integer; a flag that is not a bool) is refused with "
            "ArgumentError, even where scikit-learn answers."
        ),
        applies=lambda view: view.malformed,
    )


# -- the conformance scenario ------------------------------------------------------------


def _spoilable(member: Member, call: Call) -> list[tuple[str, Category]]:
    found = []
    for name, value in _arguments(member, call).items():
        role = role_of(member, name)
        if role is None or (value is None and role == "weights"):
            continue
        found += [(name, c) for c in CATEGORIES if c.role == role and c.reusable]
    return found


def malformed_calls(member: Member, base: st.SearchStrategy[Call]) -> st.SearchStrategy[Call]:
    """Calls from ``base`` with one argument spoiled by one category."""

    @st.composite
    def spoil(draw: Any) -> Call:
        call: Call = draw(base)
        options = _spoilable(member, call)
        if not options:
            return call
        name, category = draw(st.sampled_from(options))
        try:
            value = category.spoil(_arguments(member, call)[name])
        except Exception:
            return call
        return with_argument(member, call, name, value)

    return spoil()


# -- the walk: member × argument × category -------------------------------------------


@dataclass(frozen=True)
class Cell:
    member: Member
    argument: str
    category: Category
    base: Call
    call: Call
    #: The valid call the spoiled one must agree with when the category expects ``same``.
    reference: Call | None


def base_call(member: Member) -> Call:
    """A valid call of ``member``: its declared ``example``, which the walk spoils one
    argument at a time."""
    if member.example is None:
        raise LookupError(f"{member.name} declares no example call (Member.example)")
    return member.example


def cells(member: Member) -> list[Cell]:
    """Every (argument, category) cell of ``member``, built on its example call."""
    base = base_call(member)
    arguments = _arguments(member, base)
    found = []
    for name in parameters(member):
        role = role_of(member, name)
        if role is None or name not in arguments or arguments[name] is None:
            continue
        for category in CATEGORIES:
            if category.role != role:
                continue
            try:
                value = category.spoil(arguments[name])
            except (ValueError, TypeError, OverflowError, IndexError, ImportError):
                continue  # the category cannot be built from this value (int8 past 127, ...)
            reference = None
            if category.equivalent is not None:
                reference = with_argument(member, base, name, category.equivalent(arguments[name]))
            found.append(
                Cell(
                    member,
                    name,
                    category,
                    base,
                    with_argument(member, base, name, value),
                    reference,
                )
            )
    return found
