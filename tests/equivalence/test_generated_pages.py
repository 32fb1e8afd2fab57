"""The generated pages stay readable: no line past the limit, every divergence defined once."""

from __future__ import annotations

from pathlib import Path

import pytest

from equivalence.members import REGISTRY
from equivalence.render.table import LONGEST_LINE, render, slug

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ["equivalence.md", "conformance.md", "bad-input.md", "performance.md"]


@pytest.mark.parametrize("page", GENERATED)
def test_no_generated_line_is_too_long(page: str) -> None:
    lines = (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines()
    longest = max(range(len(lines)), key=lambda index: len(lines[index]))
    assert len(lines[longest]) <= LONGEST_LINE, (
        f"docs/{page}, line {longest + 1}: {len(lines[longest])} characters"
    )


def test_every_member_row_links_to_its_definitions() -> None:
    text = render()
    for member in REGISTRY.values():
        if member.divergences:
            assert f"](#{slug(f'`{member.name}`')})" in text, member.name
            assert f"### `{member.name}`" in text, member.name
            for divergence in member.divergences:
                assert f"- **`{divergence.name}`**" in text, (member.name, divergence.name)


@pytest.mark.parametrize("page", GENERATED)
def test_no_heading_is_repeated_on_a_generated_page(page: str) -> None:
    # the "On this page" list shows each heading once: a divergence shared in several
    # wordings is one heading, its wordings listed under it
    lines = (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines()
    headings = [line for line in lines if line.startswith("#")]
    repeated = sorted({line for line in headings if headings.count(line) > 1})
    assert not repeated, f"docs/{page}: {repeated}"
    if page == "equivalence.md":
        assert "### `all_zero_weight`" in headings
        assert not [line for line in headings if " of " in line and line.endswith(")")]


def test_slug_matches_the_headings_anchor_rule() -> None:
    assert slug("`Accuracy.score[cm]`") == "accuracyscorecm"
    assert slug("`all_zero_weight` (1 of 3)") == "all_zero_weight-1-of-3"


def test_every_page_states_the_versions_the_matrix_shows() -> None:
    from equivalence.render.applies import block, pages
    from equivalence.render.matrix import load

    reports = load(ROOT / "reports" / "matrix")
    assert reports, "reports/matrix holds no report"
    for page in pages():
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        assert block(page, reports) in text, (
            f"docs/{page}: its applies-to lines differ from reports/matrix; "
            "run: nox -s matrix (python -m equivalence matrix reports/matrix "
            "--output docs/conformance.md --pages docs)"
        )
