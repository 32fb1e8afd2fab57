"""``docs/harness.md`` states what the harness is: its table of lines counted in each part,
and the constants its account of a member's run names, are counted and read again here."""

from __future__ import annotations

import re
from pathlib import Path

from equivalence import conformance, large

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "equivalence"
PAGE = (ROOT / "docs" / "harness.md").read_text(encoding="utf-8")

#: Each row of the page's table, by the words it starts with, and the files it counts.
PARTS = {
    "`families/`": lambda: PACKAGE.joinpath("families").rglob("*.py"),
    "top-level modules": lambda: PACKAGE.glob("*.py"),
    "`draw/`": lambda: PACKAGE.joinpath("draw").rglob("*.py"),
    "`ports/`": lambda: PACKAGE.joinpath("ports").rglob("*.py"),
    "`render/`": lambda: PACKAGE.joinpath("render").rglob("*.py"),
    "`members/`": lambda: [
        path
        for folder in ("members", "exact", "mutants")
        for path in PACKAGE.joinpath(folder).rglob("*.py")
    ],
    "**all**": lambda: PACKAGE.rglob("*.py"),
}


def _counted(paths: object) -> tuple[int, int]:
    files = sorted(set(paths))  # type: ignore[call-overload]
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)
    return len(files), lines


def _rows() -> dict[str, tuple[int, int]]:
    rows: dict[str, tuple[int, int]] = {}
    for line in PAGE.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].isdigit():
            rows[cells[0]] = (int(cells[1]), int(cells[2].replace(",", "")))
    return rows


def test_the_table_of_lines_is_what_the_package_holds() -> None:
    rows = _rows()
    assert len(rows) == len(PARTS), rows
    for start, paths in PARTS.items():
        (label,) = [label for label in rows if label.startswith(start)]
        assert rows[label] == _counted(paths()), label
    parts = [rows[label] for label in rows if not label.startswith("**all**")]
    assert tuple(map(sum, zip(*parts, strict=True))) == rows["**all**"]


def test_the_constants_the_run_is_told_with_are_the_code_s() -> None:
    named = {
        "BATCH": conformance.BATCH,
        "ROUNDS": conformance.ROUNDS,
        "TOP_UP": conformance.TOP_UP,
    }
    for name, value in named.items():
        assert re.search(rf"`{name}` \({value}\)", PAGE), name
    assert "`large.CALLS`" in PAGE and large.CALLS >= 1
    for step in ("cover", "search", "judge_batch", "conforms", "finish"):
        assert callable(getattr(conformance._MemberRun, step)), step
