"""The badge endpoint, the ports page and the job summary, from check --json reports; the
committed port reports judged against the current declarations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from equivalence.render.badges import badge, load, render, stale, summary
from equivalence.render.digest import registry_digest

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "make them again as docs/porting.md says (The ports page)"


def _report(
    statuses: list[str],
    ok: bool,
    failure: object = None,
    skipped: dict[int, int] | None = None,
    port: object = None,
) -> dict[str, Any]:
    members = [
        {
            "member": f"M{i}.score",
            "status": s,
            "snippet": "echo x",
            "failure": "undeclared value",
            "skipped": [
                {"why": "weights later", "issue": "https://example.invalid/7", "calls": calls}
            ]
            if (calls := (skipped or {}).get(i))
            else [],
        }
        for i, s in enumerate(statuses)
    ]
    return {
        "members": members,
        "ok": ok,
        "port_failure": failure,
        "profile": "ci",
        "under_test": "the process `p`",
        "port": port,
        "environment": {"sklearn": "1.9.1"},
    }


def test_the_badge_counts_the_members_checked_and_is_red_on_any_failure() -> None:
    assert badge(_report(["conforms", "conforms-declared", "not-implemented"], True)) == {
        "schemaVersion": 1,
        "label": "sklearn.metrics",
        "message": "2/2",
        "color": "green",
    }
    assert badge(_report(["conforms", "fails"], False))["message"] == "1/2"
    assert badge(_report(["conforms", "fails"], False))["color"] == "red"
    assert badge(_report([], False, {"fault": "died", "message": "x"}))["message"] == "port failed"


def test_a_member_whose_calls_were_skipped_is_counted_apart_not_as_conforming() -> None:
    everything_skipped = _report(["conforms"], True, skipped={0: 80})
    assert badge(everything_skipped) == {
        "schemaVersion": 1,
        "label": "sklearn.metrics",
        "message": "0/1, 1 skipped",
        "color": "yellow",
    }
    some = _report(["conforms", "conforms", "conforms-declared", "conforms"], True, skipped={3: 2})
    assert badge(some)["message"] == "3/4, 1 skipped"
    assert badge(some)["color"] == "yellow"
    # a failure is red whatever else was skipped
    failing = _report(["fails", "conforms"], False, skipped={1: 2})
    assert (badge(failing)["message"], badge(failing)["color"]) == ("0/2, 1 skipped", "red")
    assert "0/1, 1 skipped (calls skipped)" in summary(everything_skipped)


def test_a_port_that_implements_none_of_the_members_checked_is_not_green() -> None:
    report = {
        "ok": True,
        "port_failure": None,
        "members": [{"member": "F1.score", "status": "not-implemented"}],
    }
    assert badge(report) == {
        "schemaVersion": 1,
        "label": "sklearn.metrics",
        "message": "none implemented",
        "color": "lightgrey",
    }


def test_the_ports_page_gives_a_row_a_member_with_its_verdict_and_skips() -> None:
    identity = {"name": "myport", "language": "Rust", "version": "0.3.1", "protocol": 2}
    page = render(
        [
            ("a.json", _report(["conforms", "conforms"], True, skipped={1: 80}, port=identity)),
            ("b.json", _report(["fails", "not-implemented"], False)),
        ]
    )
    rows = [line for line in page.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows[1:] == [
        "| myport (`a.json`) | Rust | 0.3.1 | `M0.score` | ci | 1.9.1 | conforms | 0 |",
        "| myport (`a.json`) | Rust | 0.3.1 | `M1.score` | ci | 1.9.1 | conforms on the calls "
        "it answered, skipped some | 80 (weights later, https://example.invalid/7) |",
        "| the process `p` (`b.json`) | not said | not said | `M0.score` | ci | 1.9.1 | "
        "fails: [counterexample](#bjson-m0score) | 0 |",
        "| the process `p` (`b.json`) | not said | not said | `M1.score` | ci | 1.9.1 | "
        "not implemented (the port's start does not name it) | 0 |",
    ]
    # the link leads to the heading of that anchor (GitHub's and MyST's slug of its text)
    assert "### `b.json`: `M0.score`\n\n```text\nundeclared value\n```" in page
    assert "Replayed as pasted:\n\n```text\necho x\n```" in page


def test_a_port_that_failed_has_a_row_saying_why() -> None:
    failure = {
        "fault": "start",
        "message": "the port answered a start that names no language (a string)\n  request: x",
        "member": "M1.score",
    }
    page = render([("c.json", _report(["conforms"], False, failure))])
    assert (
        "| `M1.score` | ci | 1.9.1 | the port failed (start): the port answered a start that "
        "names no language (a string) [more](#cjson-m1score) |  |"
    ) in page
    assert "### `c.json`: `M1.score`\n\n```text\nthe port answered a start" in page
    assert badge(_report(["conforms"], False, failure))["color"] == "red"


def test_the_ports_page_is_what_the_reports_render() -> None:
    page = (ROOT / "docs" / "ports.md").read_text(encoding="utf-8")
    assert page == render(load(ROOT / "reports" / "ports")), (
        "run: python -m equivalence ports reports/ports --output docs/ports.md"
    )


def test_every_committed_port_report_meets_the_schema_and_names_its_port() -> None:
    schema = json.loads((ROOT / "equivalence/schemas/check-report.schema.json").read_text())
    reports = load(ROOT / "reports" / "ports")
    assert reports, "reports/ports/ holds no report"
    for name, report in reports:
        jsonschema.validate(report, schema)
        assert report["port"] is not None, f"{name}: the port made no start (protocol 2)"


def test_every_committed_port_report_was_judged_against_the_current_registry() -> None:
    outdated = stale(load(ROOT / "reports" / "ports"))
    assert not outdated, (
        "reports/ports/ is older than the declarations: "
        + REGENERATE
        + ".\n  "
        + "\n  ".join(outdated)
    )


def test_stale_names_the_report_whose_registry_is_not_the_current_one() -> None:
    current = _report(["conforms"], True)
    current["registry"] = registry_digest()
    older = {**current, "registry": "0" * 16}
    unrecorded = _report(["conforms"], True)
    assert stale([("now.json", current)]) == []
    assert stale([("now.json", current), ("old.json", older), ("none.json", unrecorded)]) == [
        f"old.json: registry 0000000000000000, the declarations' now {registry_digest()}",
        "none.json: the report records no registry digest",
    ]
