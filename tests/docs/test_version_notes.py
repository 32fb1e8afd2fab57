"""Every example the doctests run on some scikit-learn versions only says which, on the page.

The pages guard such examples with Sybil's ``<!-- skip: start if(SKLEARN ..., reason=...) -->``
comments, which the rendered page does not show; ``docs/_ext/version_notes.py`` puts the
versions (and the reason) above each. These tests read every page through it, and check a
built page (with the browser test's site, when the docs extra is installed).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import version_notes  # noqa: E402

PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)
GUARDED = re.compile(r"^<!-- skip: start if\(SKLEARN", re.M)


@pytest.mark.parametrize(
    ("condition", "versions", "why"),
    [
        ('SKLEARN < (1, 9), reason="scikit-learn 1.9 and later"', "scikit-learn 1.9 and later", ""),
        ('SKLEARN >= (1, 8), reason="from 1.8 ties are walked in sample order"',
         "scikit-learn before 1.8", "from 1.8 ties are walked in sample order"),
        ('SKLEARN != (1, 7), reason="scikit-learn 1.7"', "scikit-learn 1.7 only", ""),
        ('SKLEARN not in ((1, 5), (1, 6)), reason="scikit-learn 1.5 and 1.6"',
         "scikit-learn 1.5 and 1.6 only", ""),
        ('SKLEARN < (1, 4), reason="scikit-learn 1.4 and later; 1.3 rounds it <down>"',
         "scikit-learn 1.4 and later", "1.3 rounds it &lt;down&gt;"),
    ],
)  # fmt: skip
def test_each_condition_reads_as_versions(condition: str, versions: str, why: str) -> None:
    shown = version_notes.note(condition)
    assert f'<span class="version-note-versions">{versions}</span>' in shown
    assert (f'<span class="version-note-why">{why}</span>' in shown) == bool(why)
    assert "version-note-why" in shown or not why


@pytest.mark.parametrize(
    "condition",
    [
        'SKLEARN <= (1, 9), reason="x"',  # no visible form for it
        "SKLEARN < (1, 9)",  # no reason
        'SKLEARN < "1.9", reason="x"',  # not a version tuple
        'NUMPY < (2, 0), reason="x"',  # not scikit-learn's version
    ],
)
def test_a_condition_it_cannot_show_stops_the_build_naming_the_line(condition: str) -> None:
    text = f"# A page\n\n<!-- skip: start if({condition}) -->\n"
    if not condition.startswith("SKLEARN"):
        assert version_notes.annotate(text, "docs/page.md") == (text, 0)
        return
    with pytest.raises(ValueError, match=r"^docs/page\.md:3: "):
        version_notes.annotate(text, "docs/page.md")


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_every_guarded_example_of_every_page_has_its_versions_shown(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    annotated, added = version_notes.annotate(text, str(page.relative_to(ROOT)))
    assert added == len(GUARDED.findall(text))
    assert annotated.count('<p class="version-note">') == added
    # nothing else of the page is changed: the doctests read the file, not the rendering
    assert re.sub(r'\n<p class="version-note">.*</p>\n\n', "", annotated) == text


def test_a_built_page_shows_them(tmp_path: Path) -> None:
    # one page built alone, with the site's extensions (its links to other pages dangle)
    if (
        importlib.util.find_spec("sphinx") is None
        or importlib.util.find_spec("myst_parser") is None
    ):
        pytest.skip("the docs extra builds the pages")
    page = DOCS / "reference/metrics/classification/logloss-multiclass.md"
    source = page.read_text(encoding="utf-8")
    project = tmp_path / "project"
    project.mkdir()
    (project / "index.md").write_text(source, encoding="utf-8")
    (project / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        'extensions = ["myst_parser", "version_notes"]\n'
        'myst_enable_extensions = ["colon_fence", "deflist"]\n',
        encoding="utf-8",
    )
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(project), str(tmp_path / "out")],
        check=True, timeout=600, capture_output=True,
    )  # fmt: skip
    built = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert built.count('<p class="version-note">') == len(GUARDED.findall(source)) > 0
    assert "before, each row was divided by its sum" in built
