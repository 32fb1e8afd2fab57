"""The badge endpoint and the ports page, from check --json reports."""

from __future__ import annotations

from pathlib import Path

from equivalence.render.badges import badge, load, render

ROOT = Path(__file__).resolve().parents[2]


def _report(statuses: list[str], ok: bool, failure: object = None) -> dict[str, object]:
    members = [
        {"member": f"M{i}.score", "status": s, "snippet": "echo x"} for i, s in enumerate(statuses)
    ]
    return {
        "members": members,
        "ok": ok,
        "port_failure": failure,
        "profile": "ci",
        "under_test": "the process `p`",
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


def test_the_ports_page_is_what_the_reports_render() -> None:
    page = (ROOT / "docs" / "ports.md").read_text(encoding="utf-8")
    assert page == render(load(ROOT / "reports" / "ports")), (
        "run: python -m equivalence ports reports/ports --output docs/ports.md"
    )
    assert "| conforms |" in render([("a.json", _report(["conforms"], True))])
    failing = render([("b.json", _report(["fails"], False))])
    assert "## Counterexamples" in failing and "echo x" in failing
