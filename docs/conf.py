"""Sphinx configuration: the pages are Markdown (MyST), the API reference comes from the docstrings.

Built by scripts/docs.sh (warnings are errors). pyristretto is imported from the environment Sphinx runs in (the
project's .venv has an editable install). The benchmark plots are drawn by scripts/docs.sh into docs/_generated/
(ignored by git) before Sphinx runs; performance.md shows them.
"""

import pyristretto

project = "pyristretto"
author = "the pyristretto authors"
copyright = "the pyristretto authors (MIT licence)"
release = version = pyristretto.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated"]

# MyST: anchors for the headings, so pages link to sections ([Threads](backends.md#threads))
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

# autodoc: the Cython functions carry their signatures as the first line of their docstrings (embedsignature in
# setup.py); autodoc reads it from there
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_docstring_signature = True

html_theme = "furo"
html_title = f"pyristretto {release}"
html_show_sourcelink = False
