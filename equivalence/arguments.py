"""What each argument of a member is (its *role*), and when a value is malformed for it.

This is the engine's reading of arguments: :mod:`equivalence.view` tags every argument
of a call with its role from here, and DESIGN's malformed-input rule is
:func:`malformed_arguments`. The ways to spoil a value of each role, the bad-input
scenario and its walk are above it, in :mod:`equivalence.malformed`. See
``docs/harness.md`` for the glossary.
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Mapping, Set as AbstractSet
from typing import Any, Literal

import numpy as np

from equivalence.model import Call, Member

__all__ = ["ROLES", "Role", "bound_arguments", "malformed_arguments", "role_of"]

Role = Literal["labels", "numbers", "weights", "count", "flag", "label", "label_list"]

#: The role of an argument, by its name. A member whose names say something else
#: declares ``Member.roles``.
ROLES: dict[str, Role] = {
    "y_true": "labels",
    "y_pred": "labels",
    # the labels to report on (None for those the data hold); a label of the data's kind
    "labels": "label_list",
    "y_score": "numbers",
    "y_proba": "numbers",
    "y_prob": "numbers",
    "sample_weight": "weights",
    "class_count": "count",
    "label_count": "count",
    "k": "count",
    "digits": "count",
    "normalize": "flag",
    "scale_by_half": "flag",
    "adjusted": "flag",
    "ignore_ties": "flag",
}


def role_of(member: Member, name: str) -> Role | None:
    """The role of ``member``'s argument ``name``: declared, or read off the name."""
    role = member.roles.get(name, ROLES.get(name))
    return role  # type: ignore[return-value]


def _bad_label(item: Any) -> bool:
    if isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, float, np.number)):
        return True
    if isinstance(item, (int, np.integer)):
        return not -(2**63) <= int(item) < 2**63
    number = float(item)
    return not math.isfinite(number) or number != math.floor(number)


def _unread_container(value: Any) -> bool:
    """A mapping, a set or a masked array: refused whatever it holds."""
    return isinstance(value, (Mapping, AbstractSet, np.ma.MaskedArray))


def _read(value: Any) -> np.ndarray[Any, Any] | None:
    """``value`` as an array; None where it is none, a container refused whatever it
    holds, or cannot be read as one."""
    if value is None or _unread_container(value):
        return None
    try:
        return np.asarray(value)
    except (ValueError, TypeError):
        return None


def _bad_labels(value: Any) -> bool:
    array = _read(value)
    if array is None:
        return True
    if array.ndim != 1 or array.dtype.kind in "bSUV":
        return True
    if array.dtype.kind == "O":
        return any(_bad_label(x) for x in array.tolist())
    if array.dtype.kind == "f":
        wide = array.astype(np.float64)
        return (
            not bool(np.isfinite(wide).all())
            or bool((wide != np.floor(wide)).any())
            or bool((np.abs(wide) >= 2.0**63).any())  # a whole float past int64
        )
    return False


def _bad_numbers(value: Any) -> bool:
    array = _read(value)
    if array is None:
        return True
    if array.dtype.kind not in "iuf":
        return array.size > 0
    return not bool(np.isfinite(array).all())


def _bad_count(value: Any) -> bool:
    return isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral)


def _bad_flag(value: Any) -> bool:
    return not isinstance(value, (bool, np.bool_))


def malformed_arguments(given: dict[str, Any], roles: dict[str, str] | Any) -> bool:
    """Whether some argument passed (by name, with its role) is malformed for its role."""
    for name, value in given.items():
        role = roles.get(name)
        if role == "labels" and _bad_labels(value):
            return True
        if role == "label_list" and value is not None and _bad_labels(value):
            return True
        if role in ("numbers",) and _bad_numbers(value):
            return True
        if role == "weights" and value is not None and (_bad_numbers(value) or np.ndim(value) > 1):
            return True
        if role == "count" and value is not None and _bad_count(value):
            return True
        if role == "label" and (value is None or _bad_count(value)):
            return True
        if role == "flag" and _bad_flag(value):
            return True
    return False


def bound_arguments(member: Member, call: Call) -> dict[str, Any]:
    """The call's arguments by Python parameter name, in the signature's order (what a
    port is sent, and what a per-sample split cuts)."""
    names = list(inspect.signature(member.implementation).parameters)
    if len(call.args) > len(names):
        raise TypeError(f"{member.name} takes {len(names)} arguments, the call passes more")
    bound = dict(zip(names, call.args, strict=False))
    for name, value in call.kwargs.items():
        if name in bound:
            raise TypeError(f"{member.name}: {name} passed twice")
        bound[name] = value
    return {name: bound[name] for name in names if name in bound} | {
        name: value for name, value in bound.items() if name not in names
    }
