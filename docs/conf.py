"""Sphinx configuration for the Lodestar for Python documentation.

Build with ``sphinx-build -W -b html docs docs/_build/html``: every warning is an error.
The pages are MyST Markdown; their ``python`` fences are doctests that pytest runs
through Sybil (see the root ``conftest.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

from lodestar import __version__

project = "Lodestar for Python"
release = __version__
version = ".".join(__version__.split(".")[:2])

# version_notes: the scikit-learn versions a version-dependent example holds on, shown above
# it (the pages' skip comments say them to the doctests only).
extensions = ["myst_parser", "version_notes"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# deflist: the Parameters lists of the member pages; colon_fence: ":::" admonitions.
# Heading anchors let a page link to a section of another (``findings.md#...``); a link
# to an anchor that does not exist is a warning, so -W checks them.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
# The content takes the width the sidebars leave, and wide tables and code wrap.
html_static_path = ["_static"]
html_css_files = ["wide.css"]
html_title = "Lodestar for Python"
