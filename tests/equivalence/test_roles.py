"""The role strategies: shapes, ranges, the edge values they must keep forcing, and how
they shrink."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import find, given, settings, strategies as st

from equivalence.draw import primitives

FEW = settings(max_examples=60, deadline=None, database=None)


@FEW
@given(st.integers(0, 12), st.sampled_from(primitives.LABEL_RANGES), st.data())
def test_labels_are_ints_within_their_range(size: int, bounds: Any, data: st.DataObject) -> None:
    low, high = bounds
    labels = data.draw(primitives.labels(size, low, high))
    assert len(labels) == size
    assert all(type(label) is int and low <= label <= high for label in labels)


@FEW
@given(st.integers(0, 8), st.integers(1, 6), st.data())
def test_score_rows_have_the_asked_shape(samples: int, classes: int, data: st.DataObject) -> None:
    rows = data.draw(primitives.score_rows(samples, classes))
    assert np.asarray(rows, dtype=float).reshape(samples, classes).shape == (samples, classes)
    assert all(math.isfinite(value) for row in rows for value in row)


@FEW
@given(st.integers(1, 8), st.integers(2, 6), st.data())
def test_probability_rows_stay_in_the_unit_interval(
    samples: int, classes: int, data: st.DataObject
) -> None:
    rows = np.asarray(
        data.draw(primitives.probability_rows(samples, classes, (1e-300, 1.0 - 2**-53)))
    )
    assert rows.shape == (samples, classes)
    assert ((rows >= 0) & (rows <= 1)).all()


def test_probability_rows_are_sometimes_normalised_and_sometimes_not() -> None:
    def sums(rows: Any) -> Any:
        return np.asarray(rows).sum(axis=1)

    find(primitives.probability_rows(3, 3), lambda rows: np.allclose(sums(rows), 1.0))
    find(primitives.probability_rows(3, 3), lambda rows: not np.allclose(sums(rows), 1.0))


def test_grid_values_make_ties_common() -> None:
    tied = find(
        primitives.score_rows(1, 4),
        lambda rows: len(set(rows[0])) < 4 and rows[0][0] != 0.0,
        settings=settings(database=None),
    )
    assert len(set(tied[0])) < 4


def test_unit_floats_round_when_taken_from_one() -> None:
    """Drawn with every mantissa bit: ``1 - (1 - p) != p`` must be reachable."""
    find(primitives.unit_floats(4), lambda values: bool(((1.0 - (1.0 - values)) != values).any()))
    values = find(primitives.unit_floats(64), lambda values: True)
    assert ((values > 0) & (values < 1)).all()


@FEW
@given(st.integers(2, 10), st.data())
def test_zero_sum_weights_sum_to_exactly_zero(samples: int, data: st.DataObject) -> None:
    weights = data.draw(primitives.weights(samples, "zero_sum"))
    assert len(weights) == samples
    assert math.fsum(weights) == 0.0 and sum(weights) == 0.0
    assert any(weights)


@FEW
@given(st.integers(1, 10), st.data())
def test_the_bad_weights_are_what_they_say(samples: int, data: st.DataObject) -> None:
    wrong = data.draw(primitives.weights(samples, "wrong_weight_length"))
    assert len(wrong) != samples
    bad = data.draw(primitives.weights(samples, "non_finite"))
    assert len(bad) == samples and not math.isfinite(bad[-1])
    assert data.draw(primitives.weights(samples, "all_zero")) == [0.0] * samples


@FEW
@given(st.integers(1, 10), st.data())
def test_valid_weights_have_the_samples_length_or_none(samples: int, data: st.DataObject) -> None:
    weights = data.draw(primitives.weights(samples))
    assert weights is None or weights == [] or len(weights) == samples
    assert weights is None or all(math.isfinite(w) for w in weights)


def test_every_valid_weight_kind_is_drawn() -> None:
    find(primitives.weights(4), lambda w: w is None)
    find(primitives.weights(4), lambda w: w == [])
    find(primitives.weights(4), lambda w: bool(w) and min(w) < 0 and sum(w) != 0)
    find(primitives.weights(4), lambda w: bool(w) and any(w) and sum(w) == 0)
    find(primitives.weights(4), lambda w: bool(w) and any(0 < x != int(x) for x in w))


def test_a_table_shrinks_to_its_first_value() -> None:
    assert find(primitives.table(5, (7, 8, 9)), lambda values: True).tolist() == [7] * 5
    assert find(primitives.labels(3, 2**40, 2**40 + 3), lambda labels: True) == [2**40] * 3


def test_a_table_keeps_the_type_of_its_values() -> None:
    ints = find(primitives.table(2, (0, 1)), lambda values: True)
    floats = find(primitives.table(2, (0.0, 1.0)), lambda values: True)
    assert ints.dtype.kind == "i" and floats.dtype.kind == "f"


@FEW
@given(st.lists(st.integers(), min_size=1, max_size=8, unique=True), st.data())
def test_permutations_and_subsets_keep_their_items(items: list[int], data: st.DataObject) -> None:
    order = data.draw(st.composite(lambda draw: primitives.permutation(draw, items))())
    assert sorted(order) == sorted(items)
    chosen = data.draw(st.composite(lambda draw: primitives.subset(draw, items))())
    assert chosen and len(set(chosen)) == len(chosen) and set(chosen) <= set(items)
    assert data.draw(st.composite(lambda draw: primitives.pick(draw, items))()) in items


def test_with_defaults_leaves_out_optional_arguments_but_keeps_the_ones_named() -> None:
    kwargs = {"k": 2, "normalize": True, "sample_weight": [1.0]}

    def drawn(keep: tuple[str, ...]) -> Any:
        return st.composite(lambda draw: primitives.with_defaults(draw, kwargs, keep))()

    find(drawn(()), lambda chosen: chosen == {})
    find(drawn(()), lambda chosen: chosen == kwargs)
    assert "sample_weight" in find(drawn(("sample_weight",)), lambda chosen: True)


class _Counting:
    """A ``draw`` that hands out fixed bytes, :data:`~equivalence.draw.primitives.CHUNK` at a time
    as the integer a reader draws, and counts the draws made of it."""

    def __init__(self, raw: bytes) -> None:
        self.raw, self.draws = raw, 0

    def __call__(self, strategy: Any) -> int:
        self.draws += 1
        chunk, self.raw = self.raw[: primitives.CHUNK], self.raw[primitives.CHUNK :]
        return int.from_bytes(chunk.ljust(primitives.CHUNK, b"\0"), "big")


def test_a_reader_reads_each_role_from_the_next_bytes() -> None:
    raw = bytes(range(7, 250, 3))
    reader = primitives.Reader(_Counting(raw))
    assert reader(primitives.labels(5, -3, 3)) == [-3 + value % 7 for value in raw[:5]]
    assert reader(primitives.codes(2, 2)).tolist() == [raw[5] + 256 * raw[6], raw[7] + 256 * raw[8]]
    assert reader(primitives.table(3, ("a", "b"))).tolist() == [
        "ab"[value % 2] for value in raw[9:12]
    ]
    assert primitives.pick(reader, "xyz") == "xyz"[raw[12] % 3] and reader.at == 13
    assert find(primitives.labels(5, -3, 3), lambda _: True) == primitives.Reader(
        _Counting(bytes(9))
    )(primitives.labels(5, -3, 3))  # zero bytes read as the strategy's simplest value


def test_a_reader_reads_one_draw_for_a_whole_call_and_draws_more_when_it_runs_out() -> None:
    @primitives.composite
    def call(draw: primitives.Draw, size: int) -> tuple[Any, ...]:
        return (
            draw(primitives.labels(size, 0, 4)),
            primitives.pick(draw, "abc"),
            primitives.flip(draw),
            draw(primitives.codes(size)),
        )

    small = _Counting(bytes(range(256)))
    primitives._READS[call(4)](primitives.Reader(small))
    assert small.draws == 1
    large = _Counting(bytes(range(256)))
    labels, *_ = primitives._READS[call(100)](primitives.Reader(large))
    assert large.draws == 2 and labels == [value % 5 for value in range(100)]


def test_a_composite_strategy_draws_as_hypothesis_strategies_do() -> None:
    @primitives.composite
    def pair(draw: primitives.Draw) -> tuple[int, bool]:
        return primitives.between(draw, 3, 9), primitives.flip(draw)

    assert pair() is pair()  # kept, one strategy for each set of arguments
    assert find(pair(), lambda _: True) == (3, False)
    assert find(pair(), lambda value: value[0] == 9 and value[1]) == (9, True)
