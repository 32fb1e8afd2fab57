"""What ``check --json`` reports become for a port's readers: a conformance badge and the
ports page.

* :func:`badge`: a shields.io endpoint (``{"schemaVersion": 1, "label": ..., "message":
  ..., "color": ...}``) for one report: how many of the members checked conform, green
  when all do, yellow when none fails but the port skipped calls of some (they are counted
  apart: ``3/4, 1 skipped``), red when one fails or the port broke the protocol.
  ``python -m equivalence badge REPORT`` prints it.
* :func:`render`: ``docs/ports.md``, one row a port, member, profile and scikit-learn
  version (one report under ``reports/ports/`` holds a port's members under one profile
  and one scikit-learn), with the verdict, the calls skipped, and for a failing member a
  link to its counterexample; a port that broke the protocol has a row saying why.
  ``python -m equivalence ports reports/ports --output docs/ports.md``.
* :func:`stale`: the reports judged against other declarations than the current ones.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

__all__ = ["badge", "load", "render", "stale", "summary"]

#: The statuses of a member that conforms (with or without declared divergences applied).
CONFORMING = ("conforms", "conforms-declared")


def _skipped_calls(member: dict[str, Any]) -> int:
    return sum(int(skip.get("calls", 0)) for skip in member.get("skipped", []))


def _tally(report: dict[str, Any]) -> tuple[int, int, int]:
    """How many of the members checked conform with no call skipped, how many conform on
    the calls they answered but skipped some, and how many were checked (a member the
    port does not implement is not)."""
    checked = [m for m in report.get("members", []) if m.get("status") != "not-implemented"]
    conforming = [m for m in checked if m.get("status") in CONFORMING]
    skipping = sum(_skipped_calls(m) > 0 for m in conforming)
    return len(conforming) - skipping, skipping, len(checked)


def badge(report: dict[str, Any], label: str = "sklearn.metrics") -> dict[str, Any]:
    """The shields.io endpoint JSON of one ``check --json`` report."""
    passing, skipping, checked = _tally(report)
    failed = report.get("port_failure") is not None or passing + skipping < checked
    if report.get("port_failure") is not None:
        message = "port failed"
    elif checked == 0:  # nothing implemented is nothing shown to conform
        return {
            "schemaVersion": 1,
            "label": label,
            "message": "none implemented",
            "color": "lightgrey",
        }
    else:
        message = f"{passing}/{checked}" + (f", {skipping} skipped" if skipping else "")
    if failed:
        color = "red"
    elif skipping:
        color = "yellow"
    else:
        color = "green" if report.get("ok", False) else "red"
    return {"schemaVersion": 1, "label": label, "message": message, "color": color}


def load(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every report under ``folder`` (``*.json``), by file name."""
    return [
        (path.name, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(folder.glob("*.json"))
    ]


def stale(reports: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """A line for each report whose registry digest is not the current declarations'
    (:func:`equivalence.render.digest.registry_digest`), naming the report."""
    from equivalence.render.digest import registry_digest

    current = registry_digest()
    lines = []
    for name, report in reports:
        recorded = report.get("registry")
        if recorded is None:
            lines.append(f"{name}: the report records no registry digest")
        elif recorded != current:
            lines.append(f"{name}: registry {recorded}, the declarations' now {current}")
    return lines


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _slug(title: str) -> str:
    """The anchor GitHub and MyST give a heading of this text (code spans' text included):
    lower case, spaces as hyphens, every other character but letters, digits, ``_`` and
    ``-`` left out."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def _port(name: str, report: dict[str, Any]) -> tuple[str, str, str]:
    """The port's name (with its report), language and version: its start's words under
    protocol 2, the command under test otherwise."""
    identity = report.get("port")
    if identity:
        return (
            f"{_cell(identity['name'])} (`{name}`)",
            _cell(identity["language"]),
            _cell(identity["version"]),
        )
    return f"{_cell(str(report.get('under_test', '?')))} (`{name}`)", "not said", "not said"


def _skips(member: dict[str, Any]) -> str:
    parts = []
    for skip in member.get("skipped", []):
        issue = f", {skip['issue']}" if skip.get("issue") else ""
        parts.append(f"{skip['calls']} ({skip['why']}{issue})")
    return _cell("; ".join(parts)) if parts else "0"


def _heading(name: str, member: str) -> str:
    return f"`{name}`: `{member}`"


def _anchor(name: str, member: str) -> str:
    return _slug(f"{name}: {member}")


def _verdict(name: str, member: dict[str, Any]) -> str:
    status = member.get("status")
    if status == "not-implemented":
        return "not implemented (the port's start does not name it)"
    if status == "fails":
        target = "counterexample" if member.get("snippet") else "failing call"
        return f"fails: [{target}](#{_anchor(name, member['member'])})"
    if status in CONFORMING:
        if _skipped_calls(member):
            return "conforms on the calls it answered, skipped some"
        return "conforms"
    return _cell(str(status))


def _row(cells: tuple[str, str, str, str, str], member: str, verdict: str, skipped: str) -> str:
    """One row of the page: the port's name, language and version, the member, the profile
    and the scikit-learn version, the verdict and the skips."""
    port, language, version, profile, sklearn = cells
    return (
        f"| {port} | {language} | {version} | {member} | {profile} | {sklearn} | "
        f"{verdict} | {skipped} |"
    )


def render(reports: list[tuple[str, dict[str, Any]]]) -> str:
    """The Markdown of ``docs/ports.md``."""
    lines = [
        "# Ports",
        "",
        "<!-- Generated by `python -m equivalence ports reports/ports`; do not edit by hand. -->",
        "",
        "Each row is one member of one `check --json` report kept under `reports/ports/`: a",
        "port (named as its protocol 2 start names it, or by its command), a member, the",
        "profile it was checked under and the scikit-learn it was held to. A member whose",
        "calls the port skipped is not counted as conforming. A port's own CI can publish",
        "the same report as a badge with `python -m equivalence badge REPORT`;",
        "[Checking a port](porting.md#the-ports-page) says how these reports are made again.",
        "",
        "| Port | Language | Version | Member | Profile | scikit-learn | Verdict | Skipped calls |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    sections: list[str] = []
    for name, report in reports:
        port, language, version = _port(name, report)
        profile = _cell(str(report.get("profile", "?")))
        sklearn = _cell(str(report.get("environment", {}).get("sklearn", "?")))
        cells = (port, language, version, profile, sklearn)
        for member in report.get("members", []):
            lines.append(
                _row(cells, f"`{member['member']}`", _verdict(name, member), _skips(member))
            )
            if member.get("status") == "fails":
                shown = member.get("snippet") or member.get("counterexample") or ""
                sections += [
                    f"### {_heading(name, member['member'])}",
                    "",
                    "```text",
                    (member.get("failure") or "").strip(),
                    "```",
                    "",
                ]
                if shown:
                    said = "Replayed as pasted" if member.get("snippet") else "The failing call"
                    sections += [f"{said}:", "", "```text", shown.strip(), "```", ""]
        failure = report.get("port_failure")
        if failure:
            failed = failure.get("member")
            first = str(failure.get("message", "")).split("\n", 1)[0]
            anchor = _anchor(name, failed or "the port failed")
            said = _cell(f"the port failed ({failure.get('fault')}): {first}")
            named = f"`{failed}`" if failed else "(none named)"
            lines.append(_row(cells, named, f"{said} [more](#{anchor})", ""))
            sections += [
                f"### {_heading(name, failed or 'the port failed')}",
                "",
                "```text",
                str(failure.get("message", "")).strip(),
                "```",
                "",
            ]
    if sections:
        lines += ["", "## Counterexamples and failures", "", *sections]
    return "\n".join(lines).rstrip("\n") + "\n"


def summary(report: dict[str, Any]) -> str:
    """A job summary in Markdown of one ``check --json`` report: the verdict, the port's
    start, one row a member (its status, calls, skips), and each failing member's
    counterexample."""
    shown = badge(report)
    state = {"green": "", "yellow": " (calls skipped)"}.get(shown["color"], " (failing)")
    lines = [
        f"## sklearn.metrics conformance: {shown['message']}{state}",
        "",
        f"Under test: {_cell(str(report.get('under_test', '?')))}; profile "
        f"{report.get('profile', '?')}; scikit-learn "
        f"{report.get('environment', {}).get('sklearn', '?')}.",
        "",
    ]
    identity = report.get("port")
    if identity:
        lines += [
            f"Port: {_cell(identity['name'])} {_cell(identity['version'])} "
            f"({_cell(identity['language'])}), protocol {identity.get('protocol', 2)}.",
            "",
        ]
    failure = report.get("port_failure")
    if failure:
        during = f" while checking `{failure['member']}`" if failure.get("member") else ""
        lines += [
            f"**The port failed** ({failure['fault']}){during}:",
            "",
            "```text",
            str(failure["message"]),
            "```",
            "",
        ]
    lines += ["| Member | Status | Calls judged | Skipped |", "| --- | --- | --- | --- |"]
    for member in report.get("members", []):
        lines.append(
            f"| `{member['member']}` | {member['status']} | {member.get('examples', 0)} | "
            f"{_skipped_calls(member)} |"
        )
    for member in report.get("members", []):
        for skip in member.get("skipped", []):
            issue = f" ({skip['issue']})" if skip.get("issue") else ""
            lines.append(f"\n- `{member['member']}` skipped {skip['calls']}: {skip['why']}{issue}")
        if member.get("status") == "fails":
            lines += [
                "",
                f"### `{member['member']}`",
                "",
                "```text",
                (member.get("failure") or "").strip(),
                "```",
            ]
            if member.get("snippet"):
                lines += ["", "Reproduce:", "", "```sh", member["snippet"], "```"]
    return "\n".join(lines) + "\n"
