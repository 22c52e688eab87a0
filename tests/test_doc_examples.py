"""Every ```python block of the README and of the documentation pages (docs/**/*.md) runs, each in a fresh
namespace, so no example in them goes stale; the README stays short. The topic tests check some blocks' results
further (tests/test_readme.py, test_oprf.py, test_frost.py, test_transcript.py, through readme_blocks)."""
import pytest

from readme_blocks import DOCS, README, ROOT, python_blocks

PAGES = [README, *sorted(DOCS.rglob("*.md"))]
PAGES = [p for p in PAGES if "_build" not in p.parts and "_generated" not in p.parts]
BLOCKS = [(page, line, source) for page in PAGES for line, source in python_blocks(page)]


def test_the_pages_are_there():
    # a sdist or a checkout without docs/ would otherwise run no block quietly
    names = {str(p.relative_to(ROOT)) for p in PAGES}
    assert {"README.md", "docs/index.md", "docs/objects.md", "docs/protocols/oprf.md"} <= names
    assert len(BLOCKS) >= 12, [f"{p.relative_to(ROOT)}:{line}" for p, line, _ in BLOCKS]


@pytest.mark.parametrize("page, line, source", BLOCKS,
                         ids=[f"{p.relative_to(ROOT)}:{line}" for p, line, _ in BLOCKS])
def test_python_block_runs(page, line, source):
    code = compile("\n" * (line - 1) + source, str(page), "exec")   # tracebacks point at the page's lines
    exec(code, {"__name__": "__doc_example__"})


def test_readme_is_at_most_12_kb():
    size = len(README.read_bytes())
    assert size <= 12 * 1024, f"README.md is {size} bytes: move the detail into docs/"
