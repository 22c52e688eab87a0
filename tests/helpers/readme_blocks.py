"""Running a code block of the README or of a documentation page verbatim (for the topic tests)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def python_blocks(path):
    """Every ```python block of a Markdown file, as (line number of its first line, source)."""
    text = path.read_text()
    return [
        (text.count("\n", 0, m.start(1)) + 1, m.group(1))
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M)
    ]


def run_python_block(heading, source=README):
    """Executes the first ```python block after the heading (or text) that starts with `heading` in `source` (the
    README, or a path relative to the repository: "docs/objects.md"); returns its namespace. A missing heading or
    block fails the test."""
    path = ROOT / source
    match = re.search(re.escape(heading) + r".*?```python\n(.*?)```", path.read_text(), re.S)
    assert match, f"no python block under {heading!r} in {path.relative_to(ROOT)}"
    namespace = {}
    exec(compile(match.group(1), str(path), "exec"), namespace)
    return namespace
