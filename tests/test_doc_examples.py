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
    assert {
        "README.md",
        "docs/index.md",
        "docs/objects.md",
        "docs/protocols/oprf.md",
        "docs/protocols/opaque.md",
        "docs/protocols/cpace.md",
    } <= names
    assert len(BLOCKS) >= 12, [f"{p.relative_to(ROOT)}:{line}" for p, line, _ in BLOCKS]


@pytest.mark.parametrize("page, line, source", BLOCKS, ids=[f"{p.relative_to(ROOT)}:{line}" for p, line, _ in BLOCKS])
def test_python_block_runs(page, line, source):
    code = compile("\n" * (line - 1) + source, str(page), "exec")  # tracebacks point at the page's lines
    exec(code, {"__name__": "__doc_example__"})


def test_readme_is_at_most_12_kb():
    size = len(README.read_bytes())
    assert size <= 12 * 1024, f"README.md is {size} bytes: move the detail into docs/"


def _docstrings():
    """(name, docstring) of the modules the API reference renders, their functions, classes and methods."""
    import importlib
    import inspect

    for module_name in (
        "pyristretto",
        "pyristretto.oprf",
        "pyristretto.frost",
        "pyristretto.bulletproofs",
        "pyristretto.dask",
        "pyristretto.opaque",
        "pyristretto.cpace",
        "pyristretto.sr25519",
        "pyristretto.sr25519.keys",
        "pyristretto.sr25519.context",
        "pyristretto.sr25519.signing",
        "pyristretto.sr25519.batch",
        "pyristretto.sr25519.derivation",
        "pyristretto.sr25519.vrf",
        "pyristretto.sr25519.compat",
        "pyristretto.sr25519.errors",
        "pyristretto.sigma",
        "pyristretto.sigma.statements",
        "pyristretto.sigma.proofs",
        "pyristretto.sigma.library",
        "pyristretto.sigma.elgamal",
        "pyristretto.sigma.dlog",
        "pyristretto.sigma.lizard",
    ):
        module = importlib.import_module(module_name)
        yield module_name, module.__doc__ or ""
        for name, value in vars(module).items():
            if name.startswith("_") or not (inspect.isclass(value) or callable(value)):
                continue
            yield f"{module_name}.{name}", getattr(value, "__doc__", None) or ""
            if inspect.isclass(value):
                for attr, member in vars(value).items():
                    if not attr.startswith("_"):
                        yield f"{module_name}.{name}.{attr}", getattr(member, "__doc__", None) or ""


def test_docstrings_close_their_inline_literals():
    # reST ends ``literal`` only before a space or punctuation: ``Scalar``s runs on to the next `` and the API
    # reference (autodoc) shows the text between as code, with no warning to catch it
    bad = []
    for name, doc in _docstrings():
        parts = doc.split("``")
        bad += [f"{name}: ``{parts[k - 1]}``{parts[k][:8]}" for k in range(2, len(parts), 2) if parts[k][:1].isalnum()]
    assert not bad, bad
