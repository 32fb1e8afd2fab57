"""A call read sample by sample: how many samples it holds, and the same call with some
of them dropped (``check``'s shrinking) or every one repeated (the ``large`` scenario).

A call's samples are the entries of its first argument (a label matrix or a regression's
targets written out flat hold ``label_count`` or ``output_count`` entries a sample). Every
other argument of that length whose role can hold a sample's entry (labels, numbers, sample
weights) is per sample (``rows``); a flat argument of ``class_count``, ``label_count``,
``output_count`` or ``feature_count`` entries a sample (a score block or features written
out flat) is per sample too (``flat``). Everything else (a count, a flag, a list of labels
to report on, output weights) is left as it is, whatever its length.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np

from equivalence.arguments import bound_arguments, role_of
from equivalence.model import Call, Member

__all__ = ["per_sample", "samples_of", "tiled", "without_samples"]

#: The roles of the arguments that can hold an entry a sample: labels, numbers (scores,
#: targets), weights (``sample_weight``; ``output_weights`` holds one an output) and label
#: matrices. A list of labels to report on, a count or a flag never does, whatever its length.
_SAMPLE_ROLES = ("labels", "numbers", "weights", "label matrix", "label_matrix")
#: The counts that say the first argument itself is written out flat, that many entries a
#: sample: a label matrix or relevance block (``label_count``), a regression's targets
#: (``output_count``). With ``class_count`` the first argument holds one label a sample
#: and the score block beside it is the flat one.
_FLAT_FIRST = ("label_count", "output_count")


def _length(value: Any) -> int | None:
    """The number of entries of a list or an array of at least one dimension, else None
    (a 0-d array, a malformed argument, has no length)."""
    if isinstance(value, list) or (isinstance(value, np.ndarray) and value.ndim > 0):
        return len(value)
    return None


def _per_sample(value: Any, samples: int, width: int | None) -> str | None:
    """How ``value`` holds one entry per sample: ``rows``, ``flat`` (width per sample)."""
    size = _length(value)
    if size is not None:
        if size == samples and samples:
            return "rows"
        if width and size == samples * width and samples and np.ndim(value) == 1:
            return "flat"
    return None


def samples_of(member: Member, call: Call) -> int:
    """How many samples ``call`` holds: the length of its first argument (0 if none), or,
    where that argument is written out flat with ``label_count`` or ``output_count``
    entries a sample (a label matrix, a regression's targets), its length over that count."""
    return _samples(bound_arguments(member, call))


def _flat(value: Any) -> bool:
    """Whether ``value`` is a list or array of one dimension (entries that are not lists)."""
    if isinstance(value, np.ndarray):
        return value.ndim == 1
    return isinstance(value, list) and not any(isinstance(item, list) for item in value)


def _samples(bound: dict[str, Any]) -> int:
    first = next(iter(bound.values()), None)
    size = _length(first) or 0
    for name in _FLAT_FIRST:
        width = bound.get(name)
        if type(width) is int and width > 1 and _flat(first) and size % width == 0:
            return size // width
    return size


def _width(bound: dict[str, Any]) -> int | None:
    names = ("class_count", "label_count", "output_count", "feature_count")
    return next((v for k, v in bound.items() if k in names and type(v) is int and v > 0), None)


def _rebuild(member: Member, call: Call, bound: dict[str, Any]) -> Call:
    names = list(inspect.signature(member.implementation).parameters)
    args = tuple(bound[name] for name in names[: len(call.args)])
    kwargs = {name: bound[name] for name in call.kwargs if name in bound}
    return Call(args, kwargs)


def _as_before(value: Any, items: list[Any], form: str) -> Any:
    if not isinstance(value, np.ndarray):
        return items
    array = np.array(items, dtype=value.dtype)
    return array.reshape((-1, *value.shape[1:])) if form == "rows" else array


def _per_sample_arguments(
    member: Member, call: Call
) -> tuple[dict[str, Any], int, int | None, list[tuple[str, Any, str]]]:
    """The call's arguments by name, its samples, the flat width of a sample, and the
    arguments that hold one entry a sample, each with its form (``rows``, ``flat``)."""
    bound = bound_arguments(member, call)
    samples = _samples(bound)
    width = _width(bound)
    found = []
    for name, value in bound.items():
        if role_of(member, name) not in _SAMPLE_ROLES or name == "output_weights":
            continue
        form = _per_sample(value, samples, width)
        if form is not None:
            found.append((name, value, form))
    return bound, samples, width, found


def per_sample(member: Member, call: Call) -> list[str]:
    """The names of ``call``'s arguments that hold one entry a sample (in the order of
    the member's signature): those :func:`tiled` repeats."""
    return [name for name, _, _ in _per_sample_arguments(member, call)[3]]


def without_samples(member: Member, call: Call, start: int, stop: int) -> Call | None:
    """``call`` with samples ``start`` to ``stop`` (excluded) dropped from every
    per-sample argument at once; ``None`` when that would leave no sample or drop none."""
    bound, samples, width, per_sample = _per_sample_arguments(member, call)
    start, stop = max(0, start), min(samples, stop)
    if samples < 2 or stop <= start or stop - start >= samples:
        return None
    changed = dict(bound)
    for name, value, form in per_sample:
        items = list(value)
        if form == "rows":
            del items[start:stop]
        else:
            assert width is not None
            del items[start * width : stop * width]
        changed[name] = _as_before(value, items, form)
    return _rebuild(member, call, changed)


def tiled(member: Member, call: Call, copies: int) -> Call | None:
    """``call`` with its samples repeated ``copies`` times over, in order, in every
    per-sample argument at once; ``None`` when it holds no sample."""
    bound, samples, _, per_sample = _per_sample_arguments(member, call)
    if samples < 1 or copies < 1:
        return None
    changed = dict(bound)
    for name, value, _ in per_sample:
        if isinstance(value, np.ndarray):
            changed[name] = np.concatenate([value] * copies)
        else:
            changed[name] = list(value) * copies
    return _rebuild(member, call, changed)
