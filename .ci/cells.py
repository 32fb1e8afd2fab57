"""The conformance cells, read from ``nox -l --json`` on standard input.

    nox -l --json -k conformance | python .ci/cells.py            # one session a line
    nox -l --json -k conformance | python .ci/cells.py --github   # a GitHub Actions matrix

One session name a line suits ``xargs -d '\\n' -P N -I{} nox -s {}``. ``--github`` prints
``{"include": [{"session": ..., "python": ..., "report": ...}, ...]}`` on one line, for
``strategy.matrix``: ``python`` is the cell's Python (``3.10``), for the job to set up, and
``report`` the cell's report name, ``reports/matrix/<report>.json``
(``noxfile.report_path``). The standard library only, so that it runs before anything
is installed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def cells(listing: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Every ``conformance`` session in nox's listing, with the report it writes."""
    found = []
    for entry in listing:
        if entry.get("name") != "conformance":
            continue
        spec = entry["call_spec"]
        # nox takes the ``python`` parameter as the cell's interpreter (a path on this
        # machine); ``python_version`` is the Python it is.
        python = spec["python_version"]
        found.append(
            {
                "session": entry["session"],
                "python": python,
                "report": f"python-{python}-sklearn-{spec['sklearn']}-numpy-{spec['numpy']}",
            }
        )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--github", action="store_true", help="print a GitHub Actions matrix")
    arguments = parser.parse_args(argv)
    found = cells(json.load(sys.stdin))
    if not found:
        print("no conformance session in the listing", file=sys.stderr)
        return 1
    if arguments.github:
        print(json.dumps({"include": found}, separators=(",", ":")))
    else:
        print("\n".join(cell["session"] for cell in found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
