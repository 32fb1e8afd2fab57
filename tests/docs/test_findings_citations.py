"""The C# lines that ``docs/findings.md`` cites hold what the findings say they hold.

Every citation is read from the page itself: each link to a file of CyrilB1531/lodestar with a
line anchor (``…/blob/2483f1a/<path>#L<a>-L<b>``), and each bare ```File.cs:a-b``` in the prose.
``findings_citations.json`` beside this file holds, for each cited ``<path>:<a>-<b>``, the text the
cited lines must contain (``expect``, an identifier or a short expression the finding names) and
the SHA-256 of the cited lines (lines ``a`` to ``b`` of the file at the commit, joined with
``\\n``, UTF-8, no final newline). No C# source is kept in this repository.

Without the C# source the tests still check that the table has an entry for every citation of the
page and none for a citation the page no longer makes, that every link pins the commit, and that a
link reading ``File.cs:a-b`` points at that file and those lines. With the source (the environment
variable ``LODESTAR_CSHARP_GIT`` naming a clone of CyrilB1531/lodestar, bare or not, that holds the
commit) they also read each cited range with ``git show <commit>:<path>`` and check that it exists,
that it contains ``expect`` and that its digest is the table's.

A new citation: add the finding, then run this file as a script with ``LODESTAR_CSHARP_GIT`` set.
It prints the table with the digests of the cited lines and ``"expect": null`` where an entry is
missing; fill those in by reading the lines.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "findings.md"
TABLE = Path(__file__).with_name("findings_citations.json")
COMMIT = "2483f1a"
REPOSITORY = "https://github.com/CyrilB1531/lodestar/blob/"
SOURCE_VARIABLE = "LODESTAR_CSHARP_GIT"

# A link into the C# repository; the line anchor is optional (a link to a whole page cites no
# lines).
LINK = re.compile(
    r"\[(?P<text>[^\]]*)\]\(" + re.escape(REPOSITORY) + r"(?P<commit>[0-9a-f]+)/(?P<path>[^)#\s]+)"
    r"(?:#L(?P<first>\d+)(?:-L(?P<last>\d+))?)?\)"
)
# A link text or a bare mention of the form `Internal/Ranking.cs:192-206`.
MENTION = re.compile(r"(?P<path>[\w./-]+\.(?:cs|md)):(?P<first>\d+)(?:-(?P<last>\d+))?")
BARE = re.compile(r"`" + MENTION.pattern + r"`")


class Citation(NamedTuple):
    path: str
    first: int
    last: int

    @property
    def key(self) -> str:
        lines = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.path}:{lines}"


class Link(NamedTuple):
    line: int
    text: str
    commit: str
    citation: Citation | None


def _links(page: str) -> list[Link]:
    found = []
    for number, line in enumerate(page.splitlines(), start=1):
        for match in LINK.finditer(line):
            citation = None
            if match["first"]:
                first = int(match["first"])
                last = int(match["last"] or first)
                citation = Citation(match["path"], first, last)
            found.append(Link(number, match["text"], match["commit"], citation))
    return found


def _bare_mentions(page: str) -> list[tuple[int, str, Citation]]:
    """Mentions such as ```Accuracy.cs:41``` outside a link: the path is the one a link reading
    the same file resolves to, else ``src/Lodestar.Metrics/<path>``."""
    resolved = {}
    for link in _links(page):
        shown = MENTION.fullmatch(link.text.strip("`"))
        if shown is not None and link.citation is not None:
            resolved[shown["path"]] = link.citation.path
    found = []
    for number, line in enumerate(page.splitlines(), start=1):
        for match in BARE.finditer(LINK.sub("", line)):
            path = resolved.get(match["path"], f"src/Lodestar.Metrics/{match['path']}")
            first = int(match["first"])
            found.append((number, match[0], Citation(path, first, int(match["last"] or first))))
    return found


def citations(page: str) -> list[Citation]:
    """Every cited range of the page, once each, in the order of first appearance."""
    cited = [link.citation for link in _links(page) if link.citation is not None]
    cited += [citation for _, _, citation in _bare_mentions(page)]
    return list(dict.fromkeys(cited))


def _page() -> str:
    return PAGE.read_text(encoding="utf-8")


def _table() -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, str]] = json.loads(TABLE.read_text(encoding="utf-8"))["citations"]
    return table


def test_the_page_cites_lines() -> None:
    assert len(citations(_page())) > 200


def test_every_citation_has_an_entry_and_every_entry_a_citation() -> None:
    cited = {citation.key for citation in citations(_page())}
    table = set(_table())
    assert not cited - table, f"citations of docs/findings.md with no entry in {TABLE.name}"
    assert not table - cited, f"entries of {TABLE.name} that docs/findings.md no longer cites"


def test_every_entry_names_what_it_expects() -> None:
    for key, entry in _table().items():
        assert set(entry) == {"expect", "sha256"}, key
        assert entry["expect"], key
        assert re.fullmatch(r"[0-9a-f]{64}", entry["sha256"]), key


def test_every_link_pins_the_commit() -> None:
    unpinned = [(link.line, link.commit) for link in _links(_page()) if link.commit != COMMIT]
    assert not unpinned


def test_a_link_reading_a_range_points_at_it() -> None:
    wrong = []
    for link in _links(_page()):
        shown = MENTION.fullmatch(link.text.strip("`"))
        if shown is None:
            continue
        first = int(shown["first"])
        said = (shown["path"], first, int(shown["last"] or first))
        cited = link.citation
        if cited is None or not (
            (cited.path == said[0] or cited.path.endswith("/" + said[0]))
            and (cited.first, cited.last) == said[1:]
        ):
            wrong.append((link.line, link.text, cited))
    assert not wrong


def test_a_bare_mention_names_a_cited_file() -> None:
    linked = {c.path for link in _links(_page()) if (c := link.citation) is not None}
    unknown = [(n, text) for n, text, c in _bare_mentions(_page()) if c.path not in linked]
    assert not unknown


def _git() -> list[str]:
    """The git command reading the C# clone, or a skip saying why there is none."""
    where = os.environ.get(SOURCE_VARIABLE)
    if not where:
        pytest.skip(
            f"the C# source is not available: set {SOURCE_VARIABLE} to a clone of "
            f"CyrilB1531/lodestar (bare or not) that holds commit {COMMIT}"
        )
    return _git_for(where)


@functools.cache
def _git_for(where: str) -> list[str]:
    place = Path(where)
    git = ["git", f"--git-dir={place}"] if (place / "objects").is_dir() else ["git", "-C", where]
    probe = subprocess.run(
        [*git, "rev-parse", "--verify", "--quiet", f"{COMMIT}^{{commit}}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(f"the C# source is not available: {where} ({SOURCE_VARIABLE}) lacks {COMMIT}")
    return git


@functools.cache
def _source_lines(git: tuple[str, ...], path: str) -> list[str] | None:
    shown = subprocess.run(
        [*git, "show", f"{COMMIT}:{path}"], capture_output=True, text=True, check=False
    )
    return shown.stdout.splitlines() if shown.returncode == 0 else None


def _cited_text(git: list[str], citation: Citation) -> str | None:
    lines = _source_lines(tuple(git), citation.path)
    if lines is None or not 1 <= citation.first <= citation.last <= len(lines):
        return None
    return "\n".join(lines[citation.first - 1 : citation.last])


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("citation", citations(_page()), ids=lambda c: c.key)
def test_the_cited_lines_hold_what_the_finding_names(citation: Citation) -> None:
    git = _git()
    entry = _table().get(citation.key)
    assert entry is not None, f"{citation.key} has no entry in {TABLE.name}"
    text = _cited_text(git, citation)
    assert text is not None, f"{citation.path} at {COMMIT} has no lines {citation.key}"
    assert entry["expect"] in text, f"{citation.key} does not contain {entry['expect']!r}"
    assert digest(text) == entry["sha256"], f"{citation.key}: the cited lines are not the table's"


def main() -> int:
    """Print the table for the page's citations, digests from the C# source, ``expect`` kept."""
    where = os.environ.get(SOURCE_VARIABLE)
    if not where:
        print(f"set {SOURCE_VARIABLE} to a clone of CyrilB1531/lodestar", file=sys.stderr)
        return 2
    git = _git_for(where)
    known = _table() if TABLE.exists() else {}
    table: dict[str, dict[str, str | None]] = {}
    for citation in sorted(citations(_page())):
        text = _cited_text(git, citation)
        if text is None:
            print(f"no lines {citation.key} at {COMMIT}", file=sys.stderr)
            return 1
        expect = known.get(citation.key, {}).get("expect")
        table[citation.key] = {"expect": expect, "sha256": digest(text)}
    body = {"commit": COMMIT, "citations": table}
    print(json.dumps(body, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
