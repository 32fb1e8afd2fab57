"""The scikit-learn line of each member page's "Applies to", generated from the matrix.

A page may not claim fewer or other versions than the conformance grid shows, so the line
is not written by hand: ``python -m equivalence matrix`` rewrites it, between the markers
:data:`BEGIN` and :data:`END`, on every member page, and a test fails when a committed
page differs from what the committed reports say.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from equivalence.members import REGISTRY
from equivalence.versions import version_key

__all__ = ["BEGIN", "END", "block", "pages", "rewrite"]

BEGIN = "<!-- applies-to: generated from reports/matrix by `nox -s matrix`; do not edit -->"
END = "<!-- /applies-to -->"


def _versions(values: set[str]) -> str:
    ordered = sorted(values, key=version_key)
    if len(ordered) == 1:
        return ordered[0]
    if len(ordered) == 2:
        return f"{ordered[0]} and {ordered[1]}"
    return f"{ordered[0]} to {ordered[-1]}"


def _line(member: str, reports: list[dict[str, Any]], matrix_link: str, named: bool) -> str:
    asked: list[dict[str, str]] = []
    failed: list[str] = []
    without: set[str] = set()
    for report in reports:
        env = report["environment"]
        entry = next((e for e in report["members"] if e["member"] == member), None)
        if entry is None:
            continue
        if entry["status"] == "no-oracle":
            without.add(env["sklearn"])
            continue
        asked.append(env)
        if entry["status"] == "fails":
            failed.append(f"{env['sklearn']} with NumPy {env['numpy']} on Python {env['python']}")
    head = f"- scikit-learn, `{member}`:" if named else "- scikit-learn:"
    if REGISTRY[member].oracle_kind == "reference":
        head = head.replace("scikit-learn", "plain-loop reference (no scikit-learn counterpart)")
        if not asked:
            return f"{head} not yet run in the [conformance matrix]({matrix_link})."
    if not asked:
        return f"{head} no cell of the [conformance matrix]({matrix_link}) could ask it."
    text = (
        f"{head} checked on {len(asked)} of the {len(reports)} cells of the "
        f"[conformance matrix]({matrix_link}), scikit-learn "
        f"{_versions({env['sklearn'] for env in asked})} with NumPy "
        f"{_versions({env['numpy'] for env in asked})}"
    )
    if without:
        text += f"; scikit-learn {_versions(without)} cannot be asked"
    if failed:
        text += "; it fails on " + ", ".join(failed) + "."
    else:
        text += "; it conforms on every one."
    return text


def pages() -> dict[str, list[str]]:
    """Each member page (its path under ``docs/``) and the members it documents."""
    owners: dict[str, list[str]] = defaultdict(list)
    for member in sorted(REGISTRY.values(), key=lambda m: m.name):
        owners[member.page].append(member.name)
    return dict(owners)


def block(page: str, reports: list[dict[str, Any]]) -> str:
    """The generated lines, markers included, for the page at ``page`` (under ``docs/``)."""
    members = pages()[page]
    link = Path(os.path.relpath("conformance.md", start=str(Path(page).parent))).as_posix()
    lines = [_line(name, reports, link, named=len(members) > 1) for name in members]
    return "\n".join([BEGIN, *lines, END])


def rewrite(docs: Path, reports: list[dict[str, Any]]) -> list[str]:
    """Rewrites the block on every member page; returns the pages that changed."""
    changed = []
    for page in pages():
        path = docs / page
        text = path.read_text(encoding="utf-8")
        if BEGIN not in text:
            raise ValueError(f"{page} has no generated applies-to block ({BEGIN})")
        start, end = text.index(BEGIN), text.index(END) + len(END)
        fresh = text[:start] + block(page, reports) + text[end:]
        if fresh != text:
            path.write_text(fresh, encoding="utf-8")
            changed.append(page)
    return changed
