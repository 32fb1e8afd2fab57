"""check holds a port to calls past 65,536 samples too (the ``large`` scenario it adds to
every member): a port whose counts live in 32-bit integers, correct on every small call,
fails one."""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import pytest

from equivalence import large
from equivalence.bysample import samples_of
from equivalence.conformance import run_member
from equivalence.members import REGISTRY
from lodestar.metrics import MatthewsCorrelation


def mcc_with_32_bit_counts(*args: Any, **kwargs: Any) -> float:
    """MatthewsCorrelation.score, its unweighted counts and their products in int32 (where
    ``labels``, if given, names every label of the data; the answer does not depend on
    their order)."""
    answer = MatthewsCorrelation.score(*args, **kwargs)
    bound = SIGNATURE.bind(*args, **kwargs).arguments
    plain = all(bound.get(name) is None for name in ("sample_weight", "cm"))
    if not plain or not np.isfinite(answer):
        return answer
    truth = np.asarray(bound["y_true"]).astype(np.int64)
    predicted = np.asarray(bound["y_pred"]).astype(np.int64)
    classes = np.union1d(truth, predicted)
    if bound.get("labels") is not None:
        named = np.unique(np.asarray(bound["labels"]).astype(np.int64))
        if not np.isin(classes, named).all():
            return answer
        classes = named
    cells = np.zeros((len(classes), len(classes)), dtype=np.int32)
    np.add.at(cells, (np.searchsorted(classes, truth), np.searchsorted(classes, predicted)), 1)
    with np.errstate(all="ignore"):
        t, p = cells.sum(axis=1, dtype=np.int32), cells.sum(axis=0, dtype=np.int32)
        c, s = np.int32(np.trace(cells)), np.int32(cells.sum())
        cov_tp = c * s - np.dot(t, p)
        cov_pp = s * s - np.dot(p, p)
        cov_tt = s * s - np.dot(t, t)
        if cov_tt == 0 or cov_pp == 0:
            return answer  # the zero-division rule, as the reference applies it
        return float(cov_tp / np.sqrt(float(cov_tt) * float(cov_pp)))


SIGNATURE = inspect.signature(MatthewsCorrelation.score)
mcc_with_32_bit_counts.__signature__ = SIGNATURE  # type: ignore[attr-defined]


def test_check_adds_large_calls_to_every_member_but_the_named_ones() -> None:
    for member in REGISTRY.values():
        held = large.with_large(member)
        assert ("large" in held.scenarios) is (member.name not in large.SMALL_ONLY)
        assert "large" not in member.scenarios  # lodestar's own runs: not yet


def test_a_large_call_holds_past_65536_samples() -> None:
    from hypothesis import given, settings

    member = large.with_large(REGISTRY["MatthewsCorrelation.score"])
    seen: list[int] = []

    @settings(max_examples=5, database=None, deadline=None)
    @given(member.scenarios["large"])
    def draw(call: Any) -> None:
        seen.append(samples_of(member, call))

    draw()
    assert min(seen) >= large.SAMPLES > 2**16


def test_a_port_with_32_bit_counts_is_told_apart_on_a_large_call_only() -> None:
    from hypothesis import find, settings

    from equivalence.faithful import judge_faithful
    from equivalence.versions import sklearn_version

    member = large.with_large(REGISTRY["MatthewsCorrelation.score"])
    version = sklearn_version()
    small = run_member(
        member, implementation=mcc_with_32_bit_counts, level="faithful", max_examples=300, seed=4
    )
    small_failure = small.failure or ""
    assert small.ok or small_failure.startswith("[scenario large]"), small_failure

    def plain(call: Any) -> bool:
        return not call.kwargs.get("sample_weight") and call.kwargs.get("labels") is None

    call = find(
        member.scenarios["large"],
        lambda c: plain(c) and len(set(c.args[0])) > 1,
        settings=settings(database=None, deadline=None, max_examples=200),
    )
    verdict = judge_faithful(member, call, version, mcc_with_32_bit_counts)
    assert not verdict.ok, verdict
    assert judge_faithful(member, call, version).ok  # the reference passes the same call


def test_a_call_whose_first_argument_has_no_length_holds_no_samples() -> None:
    # the malformed scenario passes 0-d arrays, scalars and None as the first argument:
    # judging such a call must not fail before either side is asked
    from equivalence.model import Call

    member = REGISTRY["Accuracy.score"]
    for first in (np.array(0), np.float64(1.5), None, 3, [], np.zeros((0, 2))):
        assert samples_of(member, Call((first, [0, 1]), {})) == 0
    assert samples_of(member, Call(([0, 1, 1], [0, 1]), {})) == 3
    assert samples_of(member, Call((np.zeros((4, 2)), [0, 1]), {})) == 4


def test_repeating_a_valid_call_keeps_every_per_sample_argument_in_step() -> None:
    # a flat first argument (a label matrix of label_count columns, a regression's targets of
    # output_count) holds several entries a sample; its sample weights, features or score
    # block are repeated with it, and nothing per label or per output is
    import warnings

    from equivalence.arguments import role_of
    from equivalence.bysample import per_sample, tiled

    for member in REGISTRY.values():
        if member.example is None or member.name in large.SMALL_ONLY:
            continue
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            member.implementation(*member.example.args, **member.example.kwargs)
            bigger = tiled(member, member.example, 3)
            assert bigger is not None, member.name
            member.implementation(*bigger.args, **bigger.kwargs)  # refused if out of step
        assert samples_of(member, bigger) == 3 * samples_of(member, member.example)
        named = per_sample(member, member.example)
        assert "output_weights" not in named, member.name
        roles = {name: role_of(member, name) for name in named}
        assert not {"label_list", "count", "flag", "label", None} & set(roles.values()), roles


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_member_with_samples_has_large_count_vectors_judged_on_the_call_they_make(
    name: str,
) -> None:
    from equivalence.ports import vectors

    member = REGISTRY[name]
    calls = vectors.large_calls(member)
    if member.name in large.SMALL_ONLY:
        assert not calls
        return
    assert calls
    for small, times in calls:
        built = vectors.large_case(member, small, times)
        assert built is not None  # lodestar answers the large call
        assert list(built) == list(vectors.LARGE_KEYS)
        assert samples_of(member, small) * times >= large.SAMPLES > 2**16
        assert "value" in built["expect"], built["expect"]
        assert not vectors.is_ill_conditioned(built), built["expect"]
        # the example's weights where it has some, and none: a port's integer counts
        assert "sample_weight" not in built["arguments"] or small is member.example
