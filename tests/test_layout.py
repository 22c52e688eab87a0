"""The package's rooms: the library imports neither the benchmark tool nor the protocols, and no module of the
package imports another in a circle."""

import ast
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pyristretto

PACKAGE = Path(pyristretto.__file__).resolve().parent


# The package's public modules and subpackages that are not protocols, and why; every other one is a protocol.
NOT_PROTOCOLS = {
    "bench": "the benchmark tool (python -m pyristretto bench)",
    "dask": "an integration that distributes the public functional API over a Dask cluster",
}
# What a protocol may import from the package besides the gateway: other protocols and its own subpackage.
GATEWAY = "pyristretto._group"


def protocols():
    """The protocols, found in the package itself: each public module (oprf.py) or subpackage (sr25519/) of
    pyristretto that NOT_PROTOCOLS does not name."""
    found = sorted(
        info.name
        for info in pkgutil.iter_modules([str(PACKAGE)])
        if not info.name.startswith("_") and info.name not in NOT_PROTOCOLS
    )
    assert {"oprf", "frost", "bulletproofs"} <= set(found), found  # the finder works
    return found


def test_importing_the_library_loads_no_tool_or_protocol():
    rooms = tuple(f"pyristretto.{name}" for name in protocols() + sorted(NOT_PROTOCOLS))
    code = f"import sys, pyristretto; print(' '.join(m for m in sys.modules if m.startswith({rooms!r})))"
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    assert loaded == []


def imported_package_modules(path):
    """The package modules a Python source imports, absolute and relative imports resolved: `from pyristretto
    import _group` is pyristretto._group, `from pyristretto._group import Point` is pyristretto._group, `import
    pyristretto as pr` is pyristretto."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1] if node.level else ())
            module = ".".join(filter(None, [base, node.module])) if node.level else node.module
            if module in ("pyristretto", ".".join(package)):  # names of a package: they may be its modules
                found |= {f"{module}.{alias.name}" for alias in node.names}
            else:
                found.add(module)
    return {m for m in found if m == "pyristretto" or m.startswith("pyristretto.")}


def test_protocols_reach_the_core_only_through_the_gateway():
    """Every module of every protocol imports from the package only pyristretto._group (which says which operations
    are constant-time), other protocols and its own subpackage: never pyristretto itself, _objects, _core or cpp."""
    names = protocols()
    allowed = [GATEWAY] + [f"pyristretto.{name}" for name in names]
    sources = [PACKAGE / f"{name}.py" for name in names if (PACKAGE / f"{name}.py").is_file()]
    sources += [path for name in names if (PACKAGE / name).is_dir() for path in (PACKAGE / name).rglob("*.py")]
    assert len(sources) >= len(names), sources
    for path in sources:
        bad = {m for m in imported_package_modules(path) if not any(m == a or m.startswith(a + ".") for a in allowed)}
        assert not bad, f"{path.relative_to(PACKAGE.parent)} reaches the core around {GATEWAY}: {sorted(bad)}"


def package_imports():
    """module name -> the package modules it imports (from the Python sources; the extension modules' imports
    are their .pyx/.pxi cimports and imports)."""
    graph = {}
    sources = list(PACKAGE.rglob("*.py")) + list(PACKAGE.glob("*.pyx")) + list(PACKAGE.glob("*.pxi"))
    assert sources, f"no sources beside {PACKAGE} (an installed copy without them cannot be checked)"
    for path in sources:
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        is_package = path.name == "__init__.py"
        text = path.read_text()
        if path.suffix in (".pyx", ".pxi"):  # Cython: keep the Python-syntax import lines only
            text = "\n".join(
                line for line in text.splitlines() if line.startswith(("import ", "from ")) and " cimport " not in line
            )
        found = set()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module
                found.add(module)
                found |= {f"{module}.{alias.name}" for alias in node.names}
        graph.setdefault(name.split(".pxi")[0], set()).update(m for m in found if m and m.startswith("pyristretto"))
    return graph


def test_no_import_circles():
    graph = package_imports()
    assert "pyristretto.bench.report" in graph and "pyristretto.bench.peers" in graph
    modules = set(graph)
    edges = {m: {t for t in targets if t in modules and t != m} for m, targets in graph.items()}
    # The package imports its own modules at its top: edges into "pyristretto" from its children are the
    # usual `import pyristretto as pr` of a tool, not a circle within the package's rooms.
    for m in edges:
        if m != "pyristretto":
            edges[m].discard("pyristretto")
    state = {}

    def visit(m, path):
        state[m] = "open"
        for t in sorted(edges[m]):
            assert state.get(t) != "open", "import circle: " + " -> ".join(path + [t])
            if t not in state:
                visit(t, path + [t])
        state[m] = "done"

    for m in sorted(edges):
        if m not in state:
            visit(m, [m])


def test_the_library_does_not_import_the_tool():
    graph = package_imports()
    for module, targets in graph.items():
        if not module.startswith("pyristretto.bench") and module != "pyristretto.__main__":
            assert not any(t.startswith("pyristretto.bench") for t in targets), (module, targets)


def elf_dynamic_symbols(path, flag):
    """The dynamic symbols of an ELF file: flag "--defined-only" or "--undefined-only" (nm -D)."""
    out = subprocess.run(["nm", "-D", flag, str(path)], check=True, capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def test_the_core_is_linked_once():
    """Only pyristretto._objects holds the C++ core and calls libsodium; pyristretto._core, the cimport-able entry
    points, reaches it through _objects' C-API. So C++ statics (fixed-base tables, the thread setting, the backend
    choice) exist once, and set_threads sets one place."""
    import shutil

    import pyristretto._core as core
    import pyristretto._objects as objects

    if not shutil.which("nm"):
        raise AssertionError("nm (binutils) is needed to read the extension modules' symbols")
    # _objects calls libsodium: through the dynamic symbols of a system build, or linked in, hidden, in a wheel
    # (then no libsodium symbol is visible from outside, and its version is the bundled one)
    sodium_calls = {s for s in elf_dynamic_symbols(objects.__file__, "--undefined-only") if s.startswith("sodium_")}
    assert sodium_calls or not {
        s for s in elf_dynamic_symbols(objects.__file__, "--defined-only") if s.startswith(("sodium_", "crypto_"))
    }
    assert pyristretto.sodium_version()
    core_needs = elf_dynamic_symbols(core.__file__, "--undefined-only")
    assert not {s for s in core_needs if s.startswith(("sodium_", "crypto_", "randombytes_"))}, core_needs
    # the core's code is in _objects alone: _core is a few entry points
    assert os.path.getsize(core.__file__) * 10 < os.path.getsize(objects.__file__)
    assert set(core.__pyx_capi__) == {
        "is_valid_point_raw",
        "base_mul_raw",
        "point_mul_raw",
        "point_add_raw",
        "msm_raw",
        "msm_vartime_raw",
        "point_sum_raw",
        "pedersen_commit_raw",
    }
    assert not [name for name in vars(core) if not name.startswith("__")], "pyristretto._core has Python names"
    # one thread setting: set through the package, read back from the one module that has it
    before = objects._get_threads()
    try:
        pyristretto.set_threads(5)
        assert objects._get_threads() == 5 and pyristretto.get_threads() == 5
    finally:
        pyristretto.set_threads(before)
