"""Shows, above each example that only some scikit-learn versions answer so, which versions.

The pages keep such examples between Sybil's ``<!-- skip: start if(SKLEARN ..., reason="...")
-->`` and ``<!-- skip: end -->`` comments, so that the doctests skip them on the other
versions. A comment is invisible on the rendered page; this extension reads the condition of
each start comment and puts a visible line above the example: the versions it holds on, and
the reason where the reason says more than the versions.

Four conditions are read: ``SKLEARN < (a, b)`` (a.b and later), ``SKLEARN >= (a, b)``
(before a.b), ``SKLEARN != (a, b)`` (a.b only) and ``SKLEARN not in ((a, b), (c, d), ...)``
(those versions only). Any other condition on ``SKLEARN`` stops the build, naming the page and
the line, so that no such example is shown without its versions.
"""

from __future__ import annotations

import ast
import html
import re
from typing import Any

START = re.compile(r"^<!-- skip: start if\((?P<condition>.*)\) -->$")

__all__ = ["START", "annotate", "note", "setup", "versions"]


def _version(node: ast.expr) -> str:
    value = ast.literal_eval(node)
    if not (isinstance(value, tuple) and value and all(isinstance(n, int) for n in value)):
        raise ValueError(f"{ast.unparse(node)} is not a version tuple")
    return ".".join(map(str, value))


def versions(condition: str) -> tuple[str, str]:
    """The versions an example guarded by ``condition`` holds on, and the reason given:
    ``'SKLEARN < (1, 9), reason="x"'`` gives ``("scikit-learn 1.9 and later", "x")``."""
    call = ast.parse(f"f({condition})", mode="eval").body
    assert isinstance(call, ast.Call)
    if len(call.args) != 1 or [k.arg for k in call.keywords] != ["reason"]:
        raise ValueError(f"expected a condition and a reason: {condition}")
    reason = ast.literal_eval(call.keywords[0].value)
    test = call.args[0]
    if not (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "SKLEARN"
        and len(test.ops) == 1
    ):
        raise ValueError(f"not a condition on SKLEARN alone: {ast.unparse(test)}")
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, ast.Lt):
        shown = f"scikit-learn {_version(right)} and later"
    elif isinstance(op, ast.GtE):
        shown = f"scikit-learn before {_version(right)}"
    elif isinstance(op, ast.NotEq):
        shown = f"scikit-learn {_version(right)} only"
    elif isinstance(op, ast.NotIn) and isinstance(right, ast.Tuple):
        named = [_version(element) for element in right.elts]
        shown = f"scikit-learn {', '.join(named[:-1])} and {named[-1]} only"
    else:
        raise ValueError(f"no visible form for {ast.unparse(test)}")
    return shown, str(reason)


def note(condition: str) -> str:
    """The visible line (raw HTML, one paragraph) for one start comment."""
    shown, reason = versions(condition)
    said = reason.strip()
    lowered = said.lower()
    label = shown.removesuffix(" only")
    if lowered.startswith(label.lower()):
        said = said[len(label) :].lstrip(" ;:,").strip()
    elif lowered.startswith(label.lower().replace("scikit-learn ", "")):
        said = said[len(label) - len("scikit-learn ") :].lstrip(" ;:,").strip()
    tail = f' <span class="version-note-why">{html.escape(said)}</span>' if said else ""
    return (
        f'<p class="version-note"><span class="version-note-versions">{html.escape(shown)}'
        f"</span>{tail}</p>"
    )


def annotate(text: str, where: str = "") -> tuple[str, int]:
    """``text`` with a visible line after each start comment, and how many were added."""
    lines, added = [], 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        lines.append(line)
        found = START.match(line.strip())
        if found is None or "SKLEARN" not in found["condition"]:
            continue
        try:
            shown = note(found["condition"])
        except (ValueError, SyntaxError) as error:
            raise ValueError(f"{where}:{number}: {error}") from None
        lines.append(f"\n{shown}\n\n")
        added += 1
    return "".join(lines), added


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    source[0], _ = annotate(source[0], f"docs/{docname}.md")


def setup(app: Any) -> dict[str, Any]:
    app.connect("source-read", _source_read)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
