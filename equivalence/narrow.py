"""Narrow floats (``float32``, ``float16``) for every member: how they are drawn, and
what lodestar declares about them.

lodestar reads a narrow float array exactly as the doubles it holds, as the C# double
spans hold them, and computes in float64 throughout: its answer to a call with narrow
arrays is its answer to the same call with those arrays widened to float64, bit for bit.
scikit-learn keeps the narrow dtype through whichever of its steps NumPy, SciPy and its
own code leave it in (a sum, a distance, a rank, a logarithm), on versions that change
from release to release; so its answer is rounded as float32 or float16 computes it, it
may refuse a dtype a step does not take (``scipy.sparse`` refuses float16), or, where
the narrow arithmetic overflows or underflows, answer where the doubles are refused.

Three things follow, attached to every member by :mod:`equivalence.members`:

* :func:`narrowed_calls`, a scenario of every conformance run: a valid call with some or
  all of its float arguments narrowed to float32 or float16, so that every cell of the
  matrix holds every member to its declaration on narrow input;
* :func:`divergences`, the three declarations, each holding lodestar to its answer on
  the widened call: ``narrow_floats`` (both answer, with other numbers),
  ``narrow_floats_refused`` (scikit-learn refuses the narrow arrays but answers their
  doubles) and ``narrow_floats_answered`` (scikit-learn answers the narrow arrays but
  refuses their doubles, as lodestar does);
* :func:`widened`, the call those declarations compare with.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence.model import Call, Divergence, Member
from equivalence.view import View, view_of

__all__ = ["NARROW", "divergences", "has_narrow", "narrowed_calls", "widened"]

#: The float dtypes narrower than a double.
NARROW = (np.dtype(np.float16), np.dtype(np.float32))


def _is_narrow(value: Any) -> bool:
    return isinstance(value, np.ndarray) and value.dtype in NARROW


def has_narrow(call: Call) -> bool:
    """Whether some argument of ``call`` is a float32 or float16 array."""
    return any(map(_is_narrow, call.args)) or any(map(_is_narrow, call.kwargs.values()))


def _widen(value: Any) -> Any:
    return value.astype(np.float64) if _is_narrow(value) else value


def widened(call: Call) -> Call:
    """``call`` with every float32 or float16 array replaced by its exact float64 copy."""
    return Call(
        tuple(_widen(value) for value in call.args),
        {name: _widen(value) for name, value in call.kwargs.items()},
    )


def _float_valued(value: Any) -> bool:
    """Whether ``value`` is an array, list or tuple of floats that NumPy reads as such."""
    if isinstance(value, np.ndarray):
        return value.dtype.kind == "f" and value.size > 0
    if not isinstance(value, (list, tuple)) or not value:
        return False
    try:
        array = np.asarray(value)
    except (ValueError, TypeError):
        return False
    return array.dtype.kind == "f" and array.size > 0


def narrowed_calls(base: st.SearchStrategy[Call]) -> st.SearchStrategy[Call]:
    """Calls from ``base`` with every float argument, or one of them, given as a float32
    or float16 array (the same values rounded to that dtype)."""

    @st.composite
    def narrow(draw: Any) -> Call:
        call: Call = draw(base)
        keys: list[int | str] = [i for i, v in enumerate(call.args) if _float_valued(v)]
        keys += [k for k, v in call.kwargs.items() if _float_valued(v)]
        if not keys:
            return call
        dtype = draw(st.sampled_from(NARROW))
        if len(keys) > 1 and not draw(st.booleans()):
            keys = [draw(st.sampled_from(keys))]
        args, kwargs = list(call.args), dict(call.kwargs)
        with np.errstate(all="ignore"):  # float16 overflows past 65504: then it is inf
            for key in keys:
                if isinstance(key, int):
                    args[key] = np.asarray(args[key], dtype=dtype)
                else:
                    kwargs[key] = np.asarray(kwargs[key], dtype=dtype)
        return Call(tuple(args), kwargs)

    return narrow()


def _lodestar_widened(member: Member) -> Callable[[View], Any]:
    """lodestar's answer to the call with its narrow arrays widened, as the run compares
    it (projected as the member's answers are)."""

    def expected(v: View) -> Any:
        wide = widened(v)
        result = member.implementation(*wide.args, **wide.kwargs)
        return member.project(result) if member.project is not None else result

    return expected


def _oracle_answers_widened(member: Member) -> Callable[[View], bool]:
    """Whether scikit-learn answers the call once its narrow arrays are widened (asked
    here, not through the judge, which imports this module)."""

    def answers(v: View) -> bool:
        wide = view_of(member, widened(v))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                member.oracle(wide)
            except Exception:
                return False
        return True

    return answers


READ_EXACTLY = (
    "float32 and float16 arrays are read exactly as the doubles they hold, as the C# "
    "double spans hold them, and everything is computed in float64: the answer is the "
    "answer to the same call with those arrays widened to float64."
)


def divergences(member: Member) -> tuple[Divergence, ...]:
    """The declarations every member carries for narrow float input (see the module's
    docstring); each holds lodestar to its answer on the widened call."""
    answers = _oracle_answers_widened(member)
    expected = _lodestar_widened(member)
    return (
        Divergence(
            "narrow_floats",
            "value",
            f"{READ_EXACTLY} scikit-learn keeps the narrow dtype through some of its "
            "steps (which ones, and from which version, the member's page says), so its "
            "answer is rounded as float32 or float16 computes it.",
            has_narrow,
            expected=expected,
        ),
        Divergence(
            "narrow_floats_refused",
            "widening",
            f"{READ_EXACTLY} scikit-learn refuses some narrow arrays whose doubles it "
            "answers: a step that does not take the dtype (scipy.sparse refuses float16), "
            "or narrow arithmetic that overflows or divides by zero.",
            lambda v: has_narrow(v) and answers(v),
            expected=expected,
        ),
        Divergence(
            "narrow_floats_answered",
            "narrowing",
            f"{READ_EXACTLY} Where the doubles are refused, so are the narrow arrays; "
            "scikit-learn, computing in the narrow dtype, may answer them (a sum of "
            "weights that is zero in float64 but not once rounded, say).",
            lambda v: has_narrow(v) and not answers(v),
        ),
    )
