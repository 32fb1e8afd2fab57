"""Role-based Hypothesis strategies, shared by every family: labels, score rows,
probability rows, weights.

Each array is drawn in one go, as a run of bytes that indexes a table of values (or, for
"any float", eight bytes read as a fraction): one draw per array rather than one per
element, which is what made the harness spend its time drawing. Bytes shrink toward
zero, so a counterexample shrinks toward the first entry of each table (0, the grid's
0.0, weight 1).

The tables lean toward the inputs that break ports: a coarse grid so that ties are the
rule, whole-number weights that sum to exactly zero, probabilities one step outside
``[0, 1]``, labels near ``2**40``.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

import numpy as np
from hypothesis import strategies as st

__all__ = [
    "BAD_WEIGHTS",
    "GRID",
    "LABEL_RANGES",
    "NON_FINITE",
    "VALID_WEIGHTS",
    "Draw",
    "Reader",
    "all_zero_weights",
    "between",
    "codes",
    "composite",
    "flat",
    "flip",
    "fractions",
    "index",
    "integers",
    "labels",
    "non_finite_weights",
    "permutation",
    "pick",
    "probabilities",
    "probability_rows",
    "raw_bytes",
    "read_weights",
    "score_rows",
    "subset",
    "table",
    "unit_floats",
    "weight_bytes",
    "weights",
    "with_defaults",
    "wrong_length_weights",
    "zero_sum_weights",
]

Draw = Callable[[st.SearchStrategy[Any]], Any]
T = TypeVar("T")
Array = np.ndarray[Any, Any]

#: A coarse grid: drawing from it makes ties the rule rather than the exception.
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
NON_FINITE = (math.nan, math.inf, -math.inf)
#: Label ranges a problem is written with: small, signed, wide, and past 2**32.
LABEL_RANGES = ((0, 1), (0, 4), (-3, 3), (-1000, 1000), (2**40, 2**40 + 3))


@cache
def _bytes(count: int) -> st.SearchStrategy[bytes]:
    """Exactly ``count`` bytes: the one primitive draw every role is built on."""
    return st.binary(min_size=count, max_size=count)


def _codes(raw: bytes, width: int = 1) -> Array:
    """Bytes read as unsigned integers of ``width`` bytes, as ``uint64``."""
    return np.frombuffer(raw, dtype=f"<u{width}").astype(np.uint64)


def raw_bytes(draw: Draw, count: int) -> bytes:
    """``count`` bytes in one draw, for a role that reads a whole call out of them."""
    return _raw(draw, count)


def _raw(draw: Draw, count: int) -> bytes:
    """``count`` bytes, drawn directly (no mapping: the cheapest draw there is), or read
    from a :class:`Reader`."""
    if isinstance(draw, Reader):
        return draw.take(count)
    raw: bytes = draw(_bytes(count))
    return raw


#: How to read each role strategy (and each :func:`composite` strategy) from a
#: :class:`Reader`.
_READS: dict[st.SearchStrategy[Any], Callable[[Reader], Any]] = {}
#: A reader draws its bytes as one integer of at least this many bytes, read most
#: significant byte first (so that, as a byte string does, it shrinks from the front).
#: Hypothesis draws a byte string a byte at a time, about a microsecond each, and an
#: integer this wide at once, uniformly: past 2**1024 its bounds are outside the
#: distribution it draws smaller integers from.
CHUNK = 129


@cache
def _wide(count: int) -> st.SearchStrategy[int]:
    return st.integers(0, 256**count - 1)


def _chunk(draw: Draw, count: int) -> bytes:
    """At least ``count`` bytes (:data:`CHUNK` or more), in one draw."""
    count = max(count, CHUNK)
    value: int = draw(_wide(count))
    return value.to_bytes(count, "big")


def _role(
    count: int, read: Callable[[bytes], T], by_reader: Callable[[Reader], T] | None = None
) -> st.SearchStrategy[T]:
    """The strategy reading ``count`` bytes with ``read``, known to :class:`Reader`
    (which reads it with ``by_reader`` where the role reads fewer bytes from a reader)."""
    strategy = _bytes(count).map(read)
    _READS[strategy] = by_reader or (lambda reader: read(reader.take(count)))
    return strategy


class Reader:
    """A call's bytes, drawn once and read in turn by its roles and choices.

    Hypothesis spends far more on a draw than on the bytes it holds (its bookkeeping
    for one draw costs what a hundred bytes do), so a call whose labels, values, weights
    and switches are each a draw spends its time drawing. A reader is called as ``draw``
    is, with the role strategies of this module and the strategies :func:`composite`
    makes; :func:`index`, :func:`pick`, :func:`flip`, :func:`integers`,
    :func:`permutation`, :func:`subset` and :func:`with_defaults` take it in place of
    ``draw``. Each reads the bytes its strategy would draw, and gives the value that
    strategy gives from them, out of one run of bytes, drawn further when a call reads
    past it. Any other strategy is drawn as it is."""

    def __init__(self, draw: Draw) -> None:
        self.draw, self.raw, self.at = draw, _chunk(draw, CHUNK), 0

    def take(self, count: int) -> bytes:
        """The next ``count`` bytes (drawing more when the run is spent)."""
        end = self.at + count
        if end > len(self.raw):
            self.raw += _chunk(self.draw, end - len(self.raw))
        chunk, self.at = self.raw[self.at : end], end
        return chunk

    def __call__(self, strategy: st.SearchStrategy[T]) -> T:
        read = _READS.get(strategy)
        value: T = self.draw(strategy) if read is None else read(self)
        return value


def composite(function: Callable[..., T]) -> Callable[..., st.SearchStrategy[T]]:
    """:func:`hypothesis.strategies.composite` for a function drawing through a
    :class:`Reader`: one draw a call (or none, drawn by a reader, which lends its own
    bytes). Its strategies are kept, one for each set of arguments."""

    def through_reader(draw: Draw, *args: Any, **kwargs: Any) -> T:
        return function(draw if isinstance(draw, Reader) else Reader(draw), *args, **kwargs)

    build = st.composite(through_reader)

    @cache
    def strategy(*args: Any, **kwargs: Any) -> st.SearchStrategy[T]:
        made: st.SearchStrategy[T] = build(*args, **kwargs)
        _READS[made] = lambda reader: function(reader, *args, **kwargs)
        return made

    return strategy


@cache
def codes(size: int, width: int = 1) -> st.SearchStrategy[Array]:
    """``size`` unsigned integers of ``width`` bytes (1, 2, 4 or 8), in one draw."""
    return _role(size * width, lambda raw: _codes(raw, width))


def _fractions(raw: Array) -> Array:
    """Eight-byte codes as floats in ``(0, 1)`` with every mantissa bit drawn: 52 bits of
    mantissa and a binade from ``[1/2, 1)`` down to ``[2**-62, 2**-61)``, mostly one of
    the first twelve. (A fraction on a ``2**-53`` grid would make ``1 - p`` always exact,
    and hide every bug that rounds it.)"""
    mantissa = (raw & np.uint64(2**52 - 1)).astype(np.float64) * 2.0**-52
    top = (raw >> np.uint64(52)).astype(np.int64)
    binade = np.where(top < 3500, 1 + top % 12, 13 + top % 50)
    fractions: Array = np.ldexp(1.0 + mantissa, -binade)
    return fractions


def fractions(raw: bytes) -> Array:
    """Bytes read eight at a time as floats in ``(0, 1)``, as :func:`unit_floats` draws
    them, for a role that reads several arrays out of one draw."""
    return _fractions(_codes(raw, 8))


@cache
def unit_floats(size: int) -> st.SearchStrategy[Array]:
    """``size`` floats in ``[0, 1)``, any of them."""
    return _role(8 * size, lambda raw: _fractions(_codes(raw, 8)))


def table(size: int, values: Sequence[Any]) -> st.SearchStrategy[Array]:
    """``size`` entries of ``values``, the first one the simplest."""
    return _table(size, tuple(values), tuple(type(value) for value in values))


@cache
def _table(
    size: int, values: tuple[Any, ...], _types: tuple[type, ...]
) -> st.SearchStrategy[Array]:
    # The types are part of the key: (0, 1) and (0.0, 1.0) are equal tuples.
    lookup = np.asarray(values)
    return _role(size, lambda raw: lookup[_codes(raw) % np.uint64(len(lookup))])


@cache
def labels(size: int, low: int, high: int) -> st.SearchStrategy[list[int]]:
    """``size`` whole-number labels in ``[low, high]``, as a list of ``int``."""
    span = high - low + 1
    width = 1 if span <= 256 else 2 if span <= 65536 else 8

    def build(raw: bytes) -> list[int]:
        return [low + int(v) for v in (_codes(raw, width) % np.uint64(span)).tolist()]

    return _role(size * width, build)


def index(draw: Draw, size: int) -> int:
    """A position in a run of ``size`` (0 when it is empty)."""
    if isinstance(draw, Reader):
        return int.from_bytes(draw.take(1 if size <= 256 else 4), "little") % max(size, 1)
    return int(draw(st.integers(0, max(size - 1, 0))))


def integers(draw: Draw, *bounds: tuple[int, int]) -> list[int]:
    """One integer in each ``(low, high)`` range, inclusive, all in a single draw (each
    shrinking to its ``low``): the sizes and switches of a call, drawn at once."""
    # A reader's sizes are a draw of their own, so that a call shrinks to fewer samples
    # while the values it reads keep their bytes.
    raw = _codes(_raw(draw.draw if isinstance(draw, Reader) else draw, 2 * len(bounds)), 2).tolist()
    return [low + int(c) % (high - low + 1) for c, (low, high) in zip(raw, bounds, strict=True)]


def between(draw: Draw, low: int, high: int) -> int:
    """An integer in ``[low, high]`` (``low`` when shrunk)."""
    return low + index(draw, high - low + 1)


def flip(draw: Draw) -> bool:
    """A coin (``False`` when shrunk)."""
    return bool(_raw(draw, 1)[0] & 1)


def pick(draw: Draw, items: Sequence[T]) -> T:
    """One of ``items`` (the first when shrunk), without building a strategy for them."""
    return items[index(draw, len(items))]


def _order(raw: bytes, items: Sequence[T]) -> list[T]:
    order = np.argsort(np.frombuffer(raw, dtype=np.uint8), kind="stable")
    return [items[i] for i in order.tolist()]


def permutation(draw: Draw, items: Sequence[T]) -> list[T]:
    """``items`` in an order drawn in one go (their own order when shrunk)."""
    return _order(_raw(draw, len(items)), items)


def subset(draw: Draw, items: Sequence[T], size: int | None = None) -> list[T]:
    """Distinct ``items``, in a drawn order: ``size`` of them, or at least one (the
    order and, when ``size`` is not given, how many: one draw)."""
    if size is not None:
        return permutation(draw, items)[:size]
    raw = _raw(draw, len(items) + 1)
    return _order(raw[:-1], items)[: 1 + _flavour(raw, max(len(items), 1))]


# -- score and probability rows ----------------------------------------------------------
#
# Where a role comes in flavours (grid, unit or wide scores; normalised rows or not; the
# kinds of weights), the flavour is read from the last byte of the role's one draw and
# the values from the bytes before it, so that zero bytes give the first flavour and its
# first table entry. The last, not the first: when a call shrinks to fewer samples, the
# shrinker cuts a draw grown too long from either end, and cutting from the front then
# keeps both the flavour and the values of the last samples.


def _flavour(raw: bytes, count: int) -> int:
    return raw[-1] % count if raw else 0


@cache
def score_rows(samples: int, classes: int) -> st.SearchStrategy[list[list[float]]]:
    """A ``samples x classes`` block: grid values (ties), unit floats, or wide floats,
    a third of the time each."""
    size = samples * classes
    grid = np.asarray(GRID, dtype=np.float64)

    def build(raw: bytes) -> list[list[float]]:
        return values(_flavour(raw, 3), raw[:-1])

    def values(flavour: int, body: bytes) -> list[list[float]]:
        if flavour == 0:
            values = grid[_codes(body[:size]) % np.uint64(len(grid))]
        else:
            values = _fractions(_codes(body, 8))
            if flavour == 2:
                values = (2.0 * values - 1.0) * 1e6
        rows: list[list[float]] = values.reshape(samples, classes).tolist()
        return rows

    def by_reader(reader: Reader) -> list[list[float]]:
        """The flavour first, then only the bytes it reads: one a grid value."""
        flavour = _flavour(reader.take(1), 3)
        return values(flavour, reader.take(size if flavour == 0 else 8 * size))

    return _role(1 + 8 * size, build, by_reader)


def _probabilities(raw: bytes, lookup: Array) -> Array:
    codes_ = _codes(raw, 8)
    chosen = lookup[(codes_ >> np.uint64(2)) % np.uint64(len(lookup))]
    values: Array = np.where(codes_ % np.uint64(4) == 3, _fractions(codes_), chosen)
    return values


@cache
def probabilities(size: int, extra: Sequence[float] = ()) -> st.SearchStrategy[Array]:
    """``size`` probabilities in ``[0, 1]``: grid values, ``extra`` ones (the ends of a
    clip), or any unit float, one in four."""
    lookup = np.asarray((*GRID, *extra), dtype=np.float64)
    return _role(8 * size, lambda raw: _probabilities(raw, lookup))


@cache
def probability_rows(
    samples: int, classes: int, extra: Sequence[float] = ()
) -> st.SearchStrategy[list[list[float]]]:
    """Rows in ``[0, 1]``: normalised to sum to 1, or left as drawn (not summing to 1),
    half the time each."""
    lookup = np.asarray((*GRID, *extra), dtype=np.float64)

    def build(raw: bytes) -> list[list[float]]:
        rows = _probabilities(raw[:-1], lookup).reshape(samples, classes)
        if _flavour(raw, 2):
            totals = rows.sum(axis=1, keepdims=True)
            with np.errstate(all="ignore"):
                scaled = np.minimum(1.0, rows / totals)
            rows = np.where(totals > 0, scaled, rows)
        result: list[list[float]] = rows.tolist()
        return result

    return _role(1 + 8 * samples * classes, build)


def flat(rows: list[list[Any]]) -> list[Any]:
    """A block written row-major, the C# form."""
    return [value for row in rows for value in row]


# -- weights ---------------------------------------------------------------------------


def _zero_sum(raw: bytes, samples: int) -> list[float]:
    head = [v % 9 - 4 for v in raw[: max(samples, 2) - 1]]
    if not any(head):
        head[0] = 1
    return [float(v) for v in head] + [float(-sum(head))]


def _positive(raw: bytes, samples: int) -> list[float]:
    """Weights in ``[0, 10]``: whole numbers or any float, zero among them."""
    codes_ = _codes(raw[: 8 * samples], 8)
    whole = (codes_ >> np.uint64(2)) % np.uint64(11)
    values: list[float] = np.where(
        codes_ % np.uint64(2) == 0, whole, 10.0 * _fractions(codes_)
    ).tolist()
    return values


def _signed(raw: bytes, samples: int) -> list[float]:
    values: list[float] = (20.0 * _fractions(_codes(raw[: 8 * samples], 8)) - 10.0).tolist()
    return values


def _integral(raw: bytes, samples: int) -> list[float]:
    return [float(v % 11 - 5) for v in raw[:samples]]


def _wrong_length(raw: bytes, samples: int) -> list[float]:
    lengths = [n for n in range(1, samples + 4) if n != samples]
    length = lengths[_flavour(raw, len(lengths))]
    return _positive(raw[:-1], length)


def _non_finite(raw: bytes, samples: int) -> list[float]:
    return [1.0] * max(samples - 1, 0) + [NON_FINITE[_flavour(raw, len(NON_FINITE))]]


#: Each kind of weights: how many bytes it reads, and how it reads them.
_WEIGHTS: dict[str, tuple[Callable[[int], int], Callable[[bytes, int], list[float] | None]]] = {
    "none": (lambda samples: 0, lambda raw, samples: None),
    "empty": (lambda samples: 0, lambda raw, samples: []),
    "positive": (lambda samples: 8 * samples, _positive),
    "signed": (lambda samples: 8 * samples, _signed),
    "integral": (lambda samples: samples, _integral),
    "zero_sum": (lambda samples: max(samples, 2) - 1, _zero_sum),
    "wrong_length": (lambda samples: 1 + 8 * (samples + 3), _wrong_length),
    "non_finite": (lambda samples: 1, _non_finite),
    "all_zero": (lambda samples: 0, lambda raw, samples: [0.0] * max(samples, 1)),
}

#: The valid kinds of weights: unweighted, empty (every sample weighs 1), positive,
#: signed, whole numbers, summing to exactly zero.
VALID_WEIGHTS = ("none", "empty", "positive", "signed", "integral", "zero_sum")
#: The kinds every member refuses or treats apart.
BAD_WEIGHTS = ("wrong_length", "non_finite", "all_zero")


@cache
def _weights(samples: int, kinds: tuple[str, ...]) -> st.SearchStrategy[list[float] | None]:
    """One draw for weights of any of ``kinds``: the bytes the kind reads, then a last
    byte choosing the kind (when there is a choice)."""
    if not kinds:
        return st.nothing()
    readers = [_WEIGHTS[kind][1] for kind in kinds]
    if len(kinds) == 1:
        (read,) = readers
        return _role(_WEIGHTS[kinds[0]][0](samples), lambda raw: read(raw, samples))
    count = max(_WEIGHTS[kind][0](samples) for kind in kinds)

    def build(raw: bytes) -> list[float] | None:
        return readers[_flavour(raw, len(readers))](raw[:-1], samples)

    return _role(1 + count, build)


def read_weights(raw: bytes, samples: int, kind: str) -> list[float] | None:
    """Weights of ``kind`` for ``samples`` read out of ``raw`` (at least
    :func:`weight_bytes` of them), as :func:`weights` would draw them."""
    return _WEIGHTS[kind][1](raw, samples)


def weight_bytes(samples: int, kind: str) -> int:
    """How many bytes :func:`read_weights` reads for ``kind``."""
    return _WEIGHTS[kind][0](samples)


def zero_sum_weights(samples: int) -> st.SearchStrategy[list[float]]:
    """Whole-number weights summing to exactly zero, at least one of them not zero."""
    return _weights(samples, ("zero_sum",))  # type: ignore[return-value]


def wrong_length_weights(samples: int) -> st.SearchStrategy[list[float]]:
    return _weights(samples, ("wrong_length",))  # type: ignore[return-value]


def non_finite_weights(samples: int) -> st.SearchStrategy[list[float]]:
    return _weights(samples, ("non_finite",))  # type: ignore[return-value]


def all_zero_weights(samples: int) -> st.SearchStrategy[list[float]]:
    return _weights(samples, ("all_zero",))  # type: ignore[return-value]


@cache
def weights(samples: int, *kinds: str) -> st.SearchStrategy[list[float] | None]:
    """Weights of the ``kinds`` named (every valid kind when none is), each as likely;
    a kind may be named as its scenario is (``zero_sum_weight``, ``wrong_weight_length``).
    A kind named twice is twice as likely."""
    # A scenario's name will do: "zero_sum_weight", "wrong_weight_length", ...
    named = [k.removesuffix("_weight").replace("wrong_weight_", "wrong_") for k in kinds]
    chosen = [k for k in named or VALID_WEIGHTS if k != "zero_sum" or samples >= 2]
    return _weights(samples, tuple(chosen))


def with_defaults(draw: Draw, kwargs: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """Leaves out each optional argument (other than those in ``keep``) one time in three,
    so that the member's defaults are exercised and not only the values passed."""
    left_out = _raw(draw, len(kwargs))  # one draw for every argument
    return {
        key: value
        for (key, value), code in zip(kwargs.items(), left_out, strict=True)
        if key in keep or code % 3 != 2
    }
