"""Runs one :class:`~equivalence.model.Call` on both sides and returns a :class:`Verdict`.

The rules, in order:

1. Lodestar must leave its inputs as it found them.
2. A lodestar refusal must be one of the member's documented exception types.
3. Both answer and agree within the tolerance: pass.
4. Both refuse: pass.
5. Anything else passes only under a declared divergence of the matching kind whose
   predicate holds, and, where it names the number lodestar must give, only if lodestar
   gives it.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import copy
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import numpy as np

from equivalence.exact import compare, evaluator
from equivalence.model import (
    Call,
    Divergence,
    Member,
    Outcome,
    Refusal,
    Unsendable,
    Value,
    distance,
)
from equivalence.narrow import has_narrow, widened
from equivalence.view import View, prepared, view_of

__all__ = [
    "Answers",
    "Verdict",
    "as_doubles",
    "ask",
    "ask_both",
    "judge",
    "same_inputs",
    "snapshot",
]


@dataclass(frozen=True)
class Verdict:
    """What one call came to."""

    ok: bool
    reason: str
    lodestar: Outcome
    sklearn: Outcome
    divergence: str | None = None
    ulps: int | None = None
    seconds_lodestar: float = 0.0
    seconds_oracle: float = 0.0
    #: The call as it was before the implementation changed it (a breach of the first
    #: rule), so that a report shows what was given; ``None`` otherwise.
    given: Call | None = None

    @property
    def kind(self) -> str:
        """``value``, ``refusal``, or ``divergence:<name>`` for a passing verdict."""
        if self.divergence is not None:
            return f"divergence:{self.divergence}"
        return "value" if isinstance(self.lodestar, Value) else "refusal"


def _answer(result: Any) -> Any:
    """A scalar as a Python ``float``; anything structured as it is."""
    if isinstance(result, (str, dict, list, tuple, np.ndarray)):
        return result
    return float(result)


def ask(
    function: Callable[..., Any], call: Call, project: Callable[[Any], Any] | None = None
) -> Outcome:
    """Calls ``function`` with the call's arguments and records what came back."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            return _ask(function, call, project)


def _ask(
    function: Callable[..., Any], call: Call, project: Callable[[Any], Any] | None = None
) -> Outcome:
    """:func:`ask`, inside the caller's own ``catch_warnings`` and ``errstate``."""
    try:
        result = function(*call.args, **call.kwargs)
    except Unsendable:
        raise  # a port that cannot be asked this call: not an answer, not a refusal
    except SystemExit as error:  # sys.exit() inside it: an exception no member documents
        return Refusal(SystemExit, f"called sys.exit({error.code!r})")
    except Exception as error:
        return Refusal(type(error), str(error))
    try:
        return Value(project(result) if project is not None else _answer(result))
    except Exception as error:  # __float__ that raises, a shape that does not project, ...
        shown = _shown_result(result)
        return Refusal(
            TypeError, f"returned {shown}, which is not an answer: {type(error).__name__}: {error}"
        )


def _shown_result(result: Any) -> str:
    """``repr(result)``, cut to 200 characters, or its type where repr itself fails."""
    try:
        text = repr(result)
    except Exception:
        return f"a {type(result).__name__}"
    return text if len(text) <= 200 else f"{text[:90]} … [{len(text):,} characters] … {text[-90:]}"


#: Values that cannot change in place: a snapshot keeps them as they are.
_IMMUTABLE = frozenset({int, float, bool, complex, str, bytes, type(None)})


def snapshot(value: Any) -> Any:
    """A copy of an argument that no change to ``value`` can reach: what
    ``copy.deepcopy`` gives, made by hand for the lists, tuples, dicts, arrays and
    scalars a call holds (anything else is deep-copied)."""
    kind = type(value)
    if kind in _IMMUTABLE or isinstance(value, np.generic):
        return value
    if kind is list or kind is tuple:
        if _IMMUTABLE.issuperset(map(type, value)):
            return list(value) if kind is list else value
        items = [snapshot(item) for item in value]
        return items if kind is list else tuple(items)
    if kind is dict:
        return {key: snapshot(item) for key, item in value.items()}
    if kind is np.ndarray and value.dtype.kind != "O":
        return value.copy()
    return copy.deepcopy(value)


def replica(value: Any) -> Any:
    """A copy of an argument to hand to an implementation: nothing it does to the copy
    reaches ``value``, and it reads the same in every way a callee can tell, type,
    dtype, memory order, contiguity and write protection included (an array's
    ``copy()`` would give a writable C-ordered one). What is immutable is handed as it
    is; anything unknown is deep-copied."""
    kind = type(value)
    if kind in _IMMUTABLE or isinstance(value, np.generic):
        return value
    if kind is list or kind is tuple:
        items = [replica(item) for item in value]
        return items if kind is list else tuple(items)
    if kind is dict:
        return {key: replica(item) for key, item in value.items()}
    if kind is np.ndarray and value.dtype.kind != "O":
        if value.flags.c_contiguous or value.flags.f_contiguous:
            copied = value.copy(order="K")
        else:  # a strided view stays one: every other item of a block twice as wide
            wide = np.empty((*value.shape, 2), dtype=value.dtype)
            copied = wide[..., 0]
            copied[...] = value
        copied.flags.writeable = value.flags.writeable
        return copied
    return copy.deepcopy(value)


def same_inputs(before: Any, after: Any) -> bool:
    """Whether two argument snapshots are equal, NaN equal to NaN, dtype and shape included."""
    if isinstance(before, np.ndarray) or isinstance(after, np.ndarray):
        if not (isinstance(before, np.ndarray) and isinstance(after, np.ndarray)):
            return False
        return (
            before.dtype == after.dtype
            and before.shape == after.shape
            and bool(np.array_equal(before, after, equal_nan=before.dtype.kind in "fc"))
            and type(before) is type(after)
            and bool((np.ma.getmaskarray(before) == np.ma.getmaskarray(after)).all())
        )
    if isinstance(before, (list, tuple)):
        if type(before) is not type(after) or len(before) != len(after):
            return False
        types = list(map(type, before))
        if (
            _IMMUTABLE.issuperset(types)
            and types == list(map(type, after))
            and bool(before == after)
        ):
            return True  # scalars of the same types, equal (the same NaN object included)
        return all(same_inputs(a, b) for a, b in zip(before, after, strict=True))
    if isinstance(before, dict):
        return (
            isinstance(after, dict)
            and before.keys() == after.keys()
            and all(same_inputs(before[key], after[key]) for key in before)
        )
    if isinstance(before, float) and isinstance(after, float) and before != before:
        return after != after
    if type(before) is not type(after):
        return False
    if hasattr(before, "__array__") and not isinstance(before, np.generic):
        # a pandas Series or frame: its values as NumPy reads them
        return same_inputs(np.asarray(before), np.asarray(after))
    return bool(before == after)


def as_doubles(call: View) -> View | None:
    """``call`` with its float32 and float16 arrays widened to float64, or ``None`` when
    it holds none. lodestar reads a narrow array exactly as these doubles, so what is
    declared of the doubles is declared of the narrow call too (see
    :mod:`equivalence.narrow`): a declaration's predicate holds where it holds on either,
    and the number it names is worked out on the doubles."""
    if not has_narrow(call):
        return None
    wide = widened(call)
    return View(wide.args, wide.kwargs, call.names, call.defaults, call.roles)


def _holds(divergence: Divergence, call: View) -> bool:
    try:
        with np.errstate(all="ignore"):  # a predicate meeting NaN or a float past int64
            return bool(divergence.applies(call))
    except Exception:
        return False


def _matching(divergences: list[Divergence], kind: str, call: View) -> Divergence | None:
    """The first declaration of ``kind`` whose predicate holds on ``call``, or on its
    doubles where it holds narrow arrays (:func:`as_doubles`)."""
    wide = as_doubles(call)
    for divergence in divergences:
        if divergence.kind != kind:
            continue
        if _holds(divergence, call) or (wide is not None and _holds(divergence, wide)):
            return divergence
    return None


V = TypeVar("V", bound=Verdict)


@dataclass(frozen=True)
class Answers:
    """Both sides' outcomes on one call and the time each took; ``breach`` names the
    first two rules' failure (the inputs changed, an undocumented exception type), or is
    ``None``."""

    mine: Outcome
    theirs: Outcome
    seconds_lodestar: float
    seconds_oracle: float
    breach: str | None = None
    given: Call | None = None

    def verdict(self, kind: type[V], ok: bool, reason: str, **extra: Any) -> V:
        """A verdict of type ``kind`` on these answers, with their times."""
        times = {"seconds_lodestar": self.seconds_lodestar, "seconds_oracle": self.seconds_oracle}
        return kind(ok, reason, self.mine, self.theirs, **{**times, **extra})


def ask_both(
    member: Member,
    call: View,
    implementation: Callable[..., Any] | None = None,
    side: str = "lodestar",
) -> Answers:
    """Asks ``implementation`` (the member's own by default) and the oracle ``call``,
    each timed, and checks the first two rules; ``side`` names the implementation in a
    breach."""
    function = implementation or member.implementation
    before = (snapshot(call.args), snapshot(dict(call.kwargs)))
    # The implementation is handed a replica: what it changes reaches neither the call
    # (which shrinking and the pasted counterexample reuse) nor the oracle's question.
    handed = Call(replica(call.args), replica(dict(call.kwargs)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            started = time.perf_counter()
            mine = _ask(function, handed, member.project)
            asked = time.perf_counter()
            theirs = _ask(lambda *a, **k: member.oracle(call), call)
            seconds_lodestar, seconds_oracle = asked - started, time.perf_counter() - asked
    breach, given = None, None
    if not same_inputs(before, (handed.args, dict(handed.kwargs))):
        breach, given = f"{side} modified its input", Call(before[0], before[1])
    elif isinstance(mine, Refusal) and not issubclass(mine.error, member.refusals):
        allowed = ", ".join(error.__name__ for error in member.refusals)
        breach = f"{side} raised {mine.error.__name__}, not one of: {allowed}"
    return Answers(mine, theirs, seconds_lodestar, seconds_oracle, breach, given)


def judge(
    member: Member,
    call: Call,
    sklearn_version: str,
    implementation: Callable[..., Any] | None = None,
) -> Verdict:
    """Asks both sides ``call`` and applies the verdict rules."""
    call = view_of(member, call)
    answers = ask_both(member, call, implementation)
    mine, theirs = answers.mine, answers.theirs
    verdict = partial(answers.verdict, Verdict)
    if answers.breach is not None:
        return verdict(False, answers.breach, given=answers.given)

    ulps, declared, by_magnitude = prepared(member).on_version(sklearn_version)
    if isinstance(mine, Value) and isinstance(theirs, Value):
        gap = distance(mine.value, theirs.value)
        if gap <= ulps:
            return verdict(True, "both answer the same", ulps=gap)
        if by_magnitude and _both_within_bound(member, call, mine, theirs):
            return verdict(True, "both within the bound of the exact result", ulps=gap)
        return _under_divergence(declared, "value", call, mine, theirs, ulps, verdict)
    if isinstance(mine, Refusal) and isinstance(theirs, Refusal):
        return verdict(True, "both refuse")
    if isinstance(mine, Value):
        return _under_divergence(declared, "widening", call, mine, theirs, ulps, verdict)
    return _under_divergence(declared, "narrowing", call, mine, theirs, ulps, verdict)


def _under_divergence(
    declared: list[Divergence],
    kind: str,
    call: View,
    mine: Outcome,
    theirs: Outcome,
    ulps: int,
    verdict: Callable[..., Verdict],
) -> Verdict:
    divergence = _matching(declared, kind, call)
    if divergence is None:
        return verdict(False, f"undeclared {kind}: lodestar and scikit-learn differ")
    if divergence.expected is not None and isinstance(mine, Value):
        try:
            expected = _answer(divergence.expected(as_doubles(call) or call))
        except Exception as error:
            return verdict(
                False, f"divergence {divergence.name!r}: its expected value raised {error!r}"
            )
        if distance(mine.value, expected) > ulps:
            return verdict(
                False,
                f"divergence {divergence.name!r} applies, but lodestar gives {mine.value!r} "
                f"where the declaration expects {expected!r}",
            )
    return verdict(True, f"declared {kind} {divergence.name!r}", divergence=divergence.name)


def _both_within_bound(member: Member, call: Call, mine: Value, theirs: Value) -> bool:
    """Whether both answers lie within the faithful bound of the exact result."""
    evaluate = evaluator(member.name)
    if evaluate is None:
        return False
    try:
        expected = evaluate(*snapshot(call.args), **snapshot(dict(call.kwargs)))
    except Exception:
        return False
    return compare(mine.value, expected).ok and compare(theirs.value, expected).ok
