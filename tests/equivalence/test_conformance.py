"""Every registered member conforms to scikit-learn under its declarations."""

from __future__ import annotations

import pytest

from equivalence.conformance import run_member
from equivalence.members import REGISTRY


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_member_conforms(name: str) -> None:
    result = run_member(REGISTRY[name])
    assert result.ok, result.failure
    if result.status != "no-oracle":
        assert result.examples > 0
        assert not result.missing_edges
