"""Renders ``docs/conformance.md`` from the per-cell reports ``nox -s conformance`` writes.

One column per cell (a scikit-learn version with a NumPy version on a Python version), one
row per member, the cells ordered by scikit-learn, then NumPy, then Python.
A cell reads ``conforms``, ``conforms under`` the declarations that fired, ``no oracle``,
or ``fails`` with a link to the counterexample below the grid. Below the grid, a table
per cell gives the versions, and another the machine (SIMD, BLAS) and registry digest.

:func:`stale` names every report that an older registry produced.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from equivalence.members import REGISTRY
from equivalence.model import VersionRange
from equivalence.render.digest import member_digests, registry_digest
from equivalence.render.machine import simd_summary
from equivalence.versions import minor, version_key

__all__ = ["REGENERATE", "load", "render", "stale"]

# How to bring every cell's report up to date: serially, or two cells at a time.
REGENERATE = (
    "re-run the matrix with `nox -k conformance` (or, two cells at a time, "
    "`nox -l --json -k conformance | python .ci/cells.py | "
    "xargs -d '\\n' -P 2 -I{} nox -s {} -- --jobs 1`), then `nox -s matrix`"
)


def load(folder: Path) -> list[dict[str, Any]]:
    """Every report in ``folder``, oldest scikit-learn first, then NumPy, then Python."""
    reports = [
        json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))
    ]
    return sorted(
        reports,
        key=lambda r: (
            version_key(r["environment"]["sklearn"]),
            version_key(r["environment"]["numpy"]),
            version_key(r["environment"]["python"]),
        ),
    )


def _column(report: dict[str, Any]) -> str:
    env = report["environment"]
    return f"{minor(env['sklearn'])}<br>{minor(env['numpy'])}<br>{minor(env['python'])}"


def _anchor(member: str, report: dict[str, Any]) -> str:
    env = report["environment"]
    text = f"fail-{member}-sklearn-{env['sklearn']}-numpy-{env['numpy']}-python-{env['python']}"
    return "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in text.lower())


#: The grid's marks, and what each means.
MARKS = {
    "conforms": ("✓", "conforms: every call gave the same answer on both sides"),
    "conforms-declared": (
        "✓\\*",
        "conforms, with some calls under declared divergences (listed by member below)",
    ),
    "no-oracle": ("·", "no oracle: that scikit-learn cannot be asked the question"),
    "fails": ("✗", "fails: an undeclared difference or an edge never reached (linked below)"),
    "not run": ("?", "not run in that cell"),
}


def _cell(entry: dict[str, Any] | None, report: dict[str, Any]) -> str:
    if entry is None:
        return MARKS["not run"][0]
    status = entry["status"]
    if status == "fails":
        return f"[{MARKS['fails'][0]}](#{_anchor(entry['member'], report)})"
    return MARKS[status][0]


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _within(here: set[tuple[str, str]], every: set[tuple[str, str]]) -> str:
    """Which of one scikit-learn minor's cells, ``every`` as (NumPy minor, Python minor),
    ``here`` names: by NumPy when the NumPy minors alone pick them out, by Python when
    the Pythons alone do, else (both do, or neither) each Python with its NumPy minors."""

    def ordered(values: set[str]) -> list[str]:
        return sorted(values, key=version_key)

    numpys, pythons = {np for np, _ in here}, {py for _, py in here}
    by_numpy = here == {cell for cell in every if cell[0] in numpys}
    by_python = here == {cell for cell in every if cell[1] in pythons}
    if by_numpy and not by_python:
        return f"NumPy {_and(ordered(numpys))} only"
    if by_python and not by_numpy:
        return f"Python {_and(ordered(pythons))} only"
    groups = [
        f"NumPy {_and(ordered({np for np, on in here if on == py}))} on Python {py}"
        for py in ordered(pythons)
    ]
    return "; ".join(groups) + " only"


def _place(where: list[dict[str, Any]], reports: list[dict[str, Any]]) -> str:
    """The cells in ``where`` as scikit-learn minors, runs of them joined ("1.3 to 1.7"),
    with the NumPy or Python minors named where only some of a minor's cells are in
    ("1.9 (NumPy 2.5 on Python 3.13 only)")."""

    def cells_of(group: list[dict[str, Any]], sk: str) -> set[tuple[str, str]]:
        return {
            (minor(r["environment"]["numpy"]), minor(r["environment"]["python"]))
            for r in group
            if minor(r["environment"]["sklearn"]) == sk
        }

    minors = list(dict.fromkeys(minor(r["environment"]["sklearn"]) for r in reports))
    labels: list[str | None] = []
    for sk in minors:
        here, every = cells_of(where, sk), cells_of(reports, sk)
        if not here:
            labels.append(None)
        elif here == every:
            labels.append(sk)
        else:
            labels.append(f"{sk} ({_within(here, every)})")
    parts: list[str] = []
    run: list[str] = []
    for sk, label in zip(minors, labels, strict=True):
        if label == sk:
            run.append(sk)
            continue
        if run:
            parts.append(run[0] if len(run) == 1 else f"{run[0]} to {run[-1]}")
            run = []
        if label is not None:
            parts.append(label)
    if run:
        parts.append(run[0] if len(run) == 1 else f"{run[0]} to {run[-1]}")
    return "scikit-learn " + ", ".join(parts)


def _fired(member: str, reports: list[dict[str, Any]]) -> list[str]:
    """For one member, each divergence that applied somewhere and the cells it applied in."""
    cells: dict[str, list[dict[str, Any]]] = {}
    for report in reports:
        entry = next((e for e in report["members"] if e["member"] == member), None)
        for name, hits in sorted((entry or {}).get("divergences", {}).items()):
            if hits:
                cells.setdefault(name, []).append(report)
    lines = []
    for name, where in sorted(cells.items()):
        lines_of = _place(where, reports)
        place = "every cell" if len(where) == len(reports) else lines_of
        lines.append(f"- `{name}`: {place}")
    return lines


def _name(report: dict[str, Any]) -> str:
    env = report["environment"]
    return f"scikit-learn {env['sklearn']} with NumPy {env['numpy']} on Python {env['python']}"


def stale(reports: list[dict[str, Any]]) -> list[str]:
    """One line per report that the current registry did not produce: which cell, and
    which members' declarations changed since (empty when every report is current)."""
    current = registry_digest()
    declarations = member_digests()
    lines = []
    for report in reports:
        recorded = report.get("registry")
        if recorded == current:
            continue
        if recorded is None:
            lines.append(f"{_name(report)}: the report records no registry digest")
            continue
        theirs = {entry["member"]: entry.get("declaration") for entry in report["members"]}
        changed = sorted(
            name
            for name in set(theirs) | set(declarations)
            if theirs.get(name) != declarations.get(name)
        )
        lines.append(
            f"{_name(report)}: registry {recorded}, now {current}; changed since: "
            + (", ".join(changed) or "the seeded bugs or the digest itself")
        )
    return lines


def _simd(machine: dict[str, Any]) -> str:
    simd = machine.get("simd", {})
    baseline = simd.get("baseline") or ["none"]
    text = f"{baseline[-1]} to {simd_summary(simd)}"
    overrides = machine.get("overrides", {})
    if "NPY_DISABLE_CPU_FEATURES" in overrides:
        text += f" (disabled: {overrides['NPY_DISABLE_CPU_FEATURES']})"
    return text


def _blas(machine: dict[str, Any]) -> str:
    parts = [
        f"{entry.get('loaded_by')}: {entry.get('library')} {entry.get('version')}, "
        f"{entry.get('core') or 'core unknown'}"
        for entry in machine.get("blas", [])
    ]
    overrides = machine.get("overrides", {})
    if "OPENBLAS_CORETYPE" in overrides:
        parts.append(f"OPENBLAS_CORETYPE={overrides['OPENBLAS_CORETYPE']}")
    return "; ".join(parts) or "none loaded"


def _machines(reports: list[dict[str, Any]]) -> list[str]:
    lines = [
        "## The machines",
        "",
        "What each cell ran on: the CPU architecture; NumPy's SIMD baseline and the highest",
        "target its dispatcher chose on that CPU; each BLAS loaded, with the core type",
        "OpenBLAS chose; and the digest of the registry the cell ran. The last bits of a",
        "`log`, an `exp` or a BLAS sum can depend on the first three.",
        "",
        "| scikit-learn | NumPy | Python | Arch | SIMD | BLAS | Registry |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for report in reports:
        env = report["environment"]
        machine = report.get("machine")
        if machine is None:
            described = ["not recorded"] * 3
        else:
            described = [machine.get("arch") or "unknown", _simd(machine), _blas(machine)]
        registry = f"`{report['registry']}`" if report.get("registry") else "not recorded"
        versions = f"| {env['sklearn']} | {env['numpy']} | {env['python']} | "
        lines.append(versions + " | ".join([*described, registry]) + " |")
    return lines


def _drift(oldest: str) -> list[str]:
    """Every behaviour the registry says changed between scikit-learn versions."""
    lines = [
        "## What changed between versions",
        "",
        "Generated from the registry: each member whose oracle appears in a later release, and",
        "each declared divergence that holds on some releases only. The grid above is what",
        "shows them to be true.",
        "",
        "| Member | Change | Versions | What |",
        "| --- | --- | --- | --- |",
    ]
    for member in sorted(REGISTRY.values(), key=lambda m: m.name):
        if not VersionRange(since=member.since).contains(oldest):
            lines.append(
                f"| `{member.name}` | oracle appears | scikit-learn {member.since} and later "
                f"| `{member.oracle_call}` has no answer before {member.since}. |"
            )
        for divergence in member.divergences:
            if divergence.versions == VersionRange():
                continue
            summary = divergence.summary.replace("|", "\\|")
            lines.append(
                f"| `{member.name}` | `{divergence.name}` ({divergence.kind}) "
                f"| {divergence.versions.describe()} | {summary} |"
            )
    return lines


#: Marks a member held to a plain-loop reference rather than to scikit-learn.
_REFERENCE_MARK = " (reference)"
_REFERENCE_NOTE = (
    "A member marked *(reference)* has no scikit-learn counterpart: every cell holds it to "
    "the harness's plain-loop reference (`equivalence/references.py`), so its column says "
    "how lodestar fares on that cell's NumPy and Python, not against that scikit-learn."
)


def _by_reference(member: str) -> bool:
    """Whether the registry holds ``member`` to a plain-loop reference."""
    declared = REGISTRY.get(member)
    return declared is not None and declared.oracle_kind == "reference"


def render(reports: list[dict[str, Any]]) -> str:
    members = sorted({entry["member"] for report in reports for entry in report["members"]})
    lines = [
        "# Conformance across versions",
        "",
        "<!-- Generated by `nox -s matrix` (`python -m equivalence matrix`); do not edit. -->",
        "",
        "Each column is one cell of the `nox -s conformance` matrix: the harness run against",
        "one scikit-learn minor (top) with one NumPy minor (middle) on one Python minor",
        "(bottom); the exact releases, the calls each cell ran and the machine it ran on are",
        "in the tables below the grid.",
        "",
    ]
    if not reports:
        return "\n".join([*lines, "No report has been rendered yet.", ""])
    lines += [f"- {mark}: {meaning}" for mark, meaning in MARKS.values()]
    lines.append("")
    header = "| Member | " + " | ".join(_column(r) for r in reports) + " |"
    lines += [header, "| --- |" + " :-: |" * len(reports)]
    for member in members:
        cells = []
        for report in reports:
            entry = next((e for e in report["members"] if e["member"] == member), None)
            cells.append(_cell(entry, report))
        lines.append(
            f"| `{member}`{_REFERENCE_MARK * _by_reference(member)} | " + " | ".join(cells) + " |"
        )
    if any(_by_reference(member) for member in members):
        lines += ["", _REFERENCE_NOTE]
    lines += [
        "",
        "## Divergences in force",
        "",
        "For each member, the declared divergences that applied to at least one call, and",
        "the cells (scikit-learn minor; NumPy and Python minors where only some of a",
        "scikit-learn minor's cells are meant) where they did. Each is defined in the",
        "[equivalence table](equivalence.md).",
    ]
    for member in members:
        fired = _fired(member, reports)
        if fired:
            lines += ["", f"`{member}`:", "", *fired]
    lines += [
        "",
        "## The cells",
        "",
        "| scikit-learn | NumPy | Python | Profile | Calls | Run on |",
    ]
    lines.append("| --- | --- | --- | --- | --- | --- |")
    for report in reports:
        env = report["environment"]
        calls = sum(entry["examples"] for entry in report["members"])
        lines.append(
            f"| {env['sklearn']} | {env['numpy']} | {env['python']} | {report['profile']} "
            f"| {calls} | {report['generated'][:10]} |"
        )
    lines += ["", *_machines(reports)]
    lines += ["", *_drift(reports[0]["environment"]["sklearn"])]
    failures = [
        (entry, report)
        for report in reports
        for entry in report["members"]
        if entry["status"] == "fails"
    ]
    if failures:
        lines += ["", "## Failures", ""]
        for entry, report in failures:
            env = report["environment"]
            lines += [
                f"({_anchor(entry['member'], report)})=",
                f"### {entry['member']} on scikit-learn {env['sklearn']}, NumPy {env['numpy']}, "
                f"Python {env['python']}",
                "",
                "```text",
                (entry["failure"] or "").strip(),
                "```",
                "",
            ]
    return "\n".join(lines).rstrip() + "\n"
