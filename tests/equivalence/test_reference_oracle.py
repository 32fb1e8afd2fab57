"""A member scikit-learn does not implement is held to a plain-loop reference: the
registry says which kind of oracle holds each member, and every page that lists members
says it too."""

from __future__ import annotations

import ast
from pathlib import Path

from equivalence import references
from equivalence.members import REGISTRY
from equivalence.render.digest import declaration
from equivalence.render.matrix import load, render
from equivalence.render.table import render as render_table

ROOT = Path(__file__).resolve().parents[2]


def test_only_reciprocal_rank_is_held_to_a_reference() -> None:
    kinds = {name: member.oracle_kind for name, member in REGISTRY.items()}
    assert {name for name, kind in kinds.items() if kind == "reference"} == {"ReciprocalRank.score"}
    assert set(kinds.values()) == {"scikit-learn", "reference"}


def test_a_reference_is_asked_on_every_version() -> None:
    member = REGISTRY["ReciprocalRank.score"]
    assert all(member.has_oracle(version) for version in ("0.24.2", "1.3.2", "1.9.1", "9.0"))
    assert not REGISTRY["HingeLoss.score"].has_oracle("1.2.2")


def test_the_reference_shares_nothing_with_lodestar() -> None:
    tree = ast.parse(Path(references.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    } | {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }
    assert not imported & {"lodestar", "numpy", "equivalence"}, imported


def test_the_kind_enters_the_digest_only_where_it_is_a_reference() -> None:
    assert declaration(REGISTRY["ReciprocalRank.score"])["oracle_kind"] == "reference"
    assert "oracle_kind" not in declaration(REGISTRY["HingeLoss.score"])


def test_the_table_and_the_matrix_say_which_kind_holds() -> None:
    row = next(line for line in render_table().splitlines() if "`ReciprocalRank.Score`" in line)
    assert "no counterpart; reference `reciprocal_rank(" in row
    reports = load(ROOT / "reports" / "matrix")
    for report in reports:
        entry = dict(report["members"][0], member="ReciprocalRank.score", status="conforms")
        report["members"].append(entry)
    page = render(reports)
    assert "| `ReciprocalRank.score` (reference) |" in page
    assert "| `HingeLoss.score` (reference)" not in page
    assert "plain-loop reference" in page
