"""The site at a laptop's width: at 1280 × 900, in headless Chromium, no table hides a column,
no code block (a signature, an exchange, a long call) is cut, and no page scrolls sideways.

The site is built afresh, and each page is loaded with a script of our own appended that
measures its layout and writes the figures into the page, which ``--dump-dom`` prints. Pages:
every page of the Conformance part (the generated tables among them) and a sample of member
pages, among them those whose signatures are longest. Without Chromium (``chromium`` or
``chromium-browser`` on the path) or the ``docs`` extra the test is skipped, unless
``LODESTAR_BROWSER_REQUIRED=1`` (set by ``.ci/run``, which installs Debian's ``chromium``):
then it fails.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
WIDTH, HEIGHT = 1280, 900

#: The Conformance and How-to parts of the site, and the front page.
PAGES = [
    "index",
    "equivalence",
    "conformance",
    "arithmetic",
    "bad-input",
    "findings",
    "performance",
    "porting",
    "vectors-strength",
    "ports",
    "harness",
    "howto-top-k",
]

#: Measures, for the page it is appended to: the columns of each table that end past the
#: right edge of the box the table is shown in (Furo lets a table scroll inside its
#: wrapper), the code blocks whose text is wider than the block, and whether the page is
#: wider than the window.
MEASURE = """
<script>
window.addEventListener("load", () => {
  const article = document.querySelector("article") || document.body;
  const tables = [];
  for (const table of article.querySelectorAll("table")) {
    const box = (table.parentElement || article).getBoundingClientRect();
    const right = Math.min(box.right, window.innerWidth);
    const row = table.querySelector("tr");
    const cells = row ? Array.from(row.children) : [];
    const hidden = cells.filter((c) => c.getBoundingClientRect().right > right + 1).length;
    tables.push({ columns: cells.length, hidden: hidden,
                  head: (row ? row.textContent : "").trim().slice(0, 60) });
  }
  const blocks = [];
  for (const pre of article.querySelectorAll("pre")) {
    if (pre.scrollWidth > pre.clientWidth + 1) {
      blocks.push(pre.textContent.split("\\n")[0].slice(0, 60));
    }
  }
  const result = document.createElement("div");
  result.id = "layout-figures";
  result.textContent = JSON.stringify({
    tables: tables, cut: blocks, wide: document.documentElement.scrollWidth > window.innerWidth + 1,
  });
  document.body.appendChild(result);
});
</script>
"""


#: What building the site takes: the ``docs`` extra.
_BUILDERS = ("sphinx", "myst_parser", "furo")


def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _member_pages() -> list[str]:
    """Every eighth member page, and the ten whose signature blocks hold the longest line."""
    pages = sorted((DOCS / "reference" / "metrics").glob("*/*-*.md"))

    def longest(page: Path) -> int:
        text = page.read_text(encoding="utf-8")
        block = text.split("## Signatures", 1)[-1].split("\n## ", 1)[0]
        return max((len(line) for line in block.splitlines()), default=0)

    chosen = set(pages[::8]) | set(sorted(pages, key=longest)[-10:])
    return [str(page.relative_to(DOCS).with_suffix("")) for page in sorted(chosen)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    lacking = [] if _browser() else ["chromium on the path"]
    lacking += [name for name in _BUILDERS if importlib.util.find_spec(name) is None]
    if lacking:
        if os.environ.get("LODESTAR_BROWSER_REQUIRED") == "1":
            pytest.fail(f"LODESTAR_BROWSER_REQUIRED=1, and no {', '.join(lacking)}")
        pytest.skip(f"no {', '.join(lacking)} (the docs extra builds the site)")
    built = os.environ.get("LODESTAR_SITE")
    if built:
        # a site just built from this checkout (CI builds it with -W before the tests)
        if not (Path(built) / "index.html").is_file():
            pytest.fail(f"LODESTAR_SITE={built} holds no built site (no index.html)")
        yield Path(built)
        return
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(DOCS), str(out)],
        check=True,
        timeout=900,
        capture_output=True,
    )
    yield out


def _measure(site: Path, page: str) -> dict[str, Any]:
    source = site / f"{page}.html"
    measured = source.with_name(f"{source.stem}.measured.html")
    text = source.read_text(encoding="utf-8")
    measured.write_text(text.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    browser = _browser()
    assert browser is not None
    done = subprocess.run(
        [
            browser,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            f"--window-size={WIDTH},{HEIGHT}",
            "--virtual-time-budget=10000",
            "--dump-dom",
            measured.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    found = re.search(r'<div id="layout-figures">(.*?)</div>', done.stdout, re.S)
    assert found, (
        f"{page}: no figures from chromium (status {done.returncode}): {done.stderr[-500:]}"
    )
    figures: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return figures


def test_no_page_hides_a_column_or_cuts_a_code_block_at_1280_px(site: Path) -> None:
    pages = PAGES + _member_pages()
    with ThreadPoolExecutor(max_workers=2) as pool:
        measured = dict(zip(pages, pool.map(lambda page: _measure(site, page), pages), strict=True))
    faults = []
    for page, figures in measured.items():
        for table in figures["tables"]:
            if table["hidden"]:
                faults.append(
                    f"{page}: {table['hidden']} of {table['columns']} columns hidden "
                    f"({table['head']!r})"
                )
        faults += [f"{page}: code block cut ({first!r})" for first in figures["cut"]]
        if figures["wide"]:
            faults.append(f"{page}: wider than the window")
    tables = sum(len(figures["tables"]) for figures in measured.values())
    assert tables > 50, f"only {tables} tables measured: the measuring script did not run"
    assert not faults, "\n".join(faults)


def test_the_measure_sees_a_hidden_column_a_cut_block_and_a_wide_page(tmp_path: Path) -> None:
    # what the site test would miss if its script measured nothing
    if _browser() is None:
        pytest.skip("no chromium on the path")
    cells = "".join(f"<td style='white-space:nowrap'>{f'column {i} ' * 8}</td>" for i in range(8))
    (tmp_path / "bad.html").write_text(
        "<html><body><article>"
        f"<div style='width:600px;overflow-x:auto'><table><tr>{cells}</tr></table></div>"
        f"<pre style='width:600px;overflow-x:auto;white-space:pre'>{'x' * 400}</pre>"
        "</article><div style='width:2000px'>wide</div></body></html>",
        encoding="utf-8",
    )
    figures = _measure(tmp_path, "bad")
    assert figures["tables"][0]["columns"] == 8 and figures["tables"][0]["hidden"] >= 6
    assert figures["cut"] == ["x" * 60]
    assert figures["wide"]
