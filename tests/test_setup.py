"""setup.py finds libsodium: the environment first, then pkg-config, then the usual prefixes, else a clear stop."""

import importlib.util
from pathlib import Path

import pytest

SETUP_PY = Path(__file__).resolve().parents[1] / "setup.py"


@pytest.fixture
def setup_module(monkeypatch):
    for var in ("SODIUM_PREFIX", "SODIUM_INCLUDE_DIR", "SODIUM_LIBRARY_DIR", "CONDA_PREFIX", "SODIUM_STATIC_PREFIX"):
        monkeypatch.delenv(var, raising=False)
    spec = importlib.util.spec_from_file_location("pyristretto_setup", SETUP_PY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: defines the finder without building anything
    return module


def fake_prefix(root, version):
    (root / "include" / "sodium").mkdir(parents=True)
    (root / "lib").mkdir()
    (root / "include" / "sodium" / "version.h").write_text(f'#define SODIUM_VERSION_STRING "{version}"\n')
    return root


def test_environment_prefix_comes_first(setup_module, monkeypatch, tmp_path):
    prefix = fake_prefix(tmp_path / "sodium", "1.0.20")
    monkeypatch.setenv("SODIUM_PREFIX", str(prefix))
    assert setup_module.find_sodium() == ([str(prefix / "include")], [str(prefix / "lib")])


def test_explicit_directories(setup_module, monkeypatch, tmp_path):
    prefix = fake_prefix(tmp_path / "sodium", "1.0.18")
    monkeypatch.setenv("SODIUM_INCLUDE_DIR", str(prefix / "include"))
    monkeypatch.setenv("SODIUM_LIBRARY_DIR", str(prefix / "lib"))
    assert setup_module.find_sodium() == ([str(prefix / "include")], [str(prefix / "lib")])
    monkeypatch.delenv("SODIUM_LIBRARY_DIR")
    with pytest.raises(SystemExit, match="SODIUM_LIBRARY_DIR"):
        setup_module.find_sodium()


def test_too_old_libsodium_is_refused(setup_module, monkeypatch, tmp_path):
    monkeypatch.setenv("SODIUM_PREFIX", str(fake_prefix(tmp_path / "old", "1.0.17")))
    with pytest.raises(SystemExit, match=r"1\.0\.17.*too old"):
        setup_module.find_sodium()


def test_conda_environment_before_usual_prefixes(setup_module, monkeypatch, tmp_path):
    monkeypatch.setattr(setup_module.shutil, "which", lambda name: None)  # no pkg-config
    conda = fake_prefix(tmp_path / "conda", "1.0.20")
    usual = fake_prefix(tmp_path / "usr-local", "1.0.19")
    monkeypatch.setattr(setup_module, "USUAL_PREFIXES", [str(usual)])
    monkeypatch.setenv("CONDA_PREFIX", str(conda))
    assert setup_module.find_sodium() == ([str(conda / "include")], [str(conda / "lib")])


def test_pkg_config_finds_the_system_libsodium(setup_module):
    found = setup_module.from_pkg_config()
    assert found is not None, "pkg-config libsodium failed (CI installs libsodium-dev and pkg-config)"
    assert found[2] >= (1, 0, 18)


def test_usual_prefixes_then_a_clear_stop(setup_module, monkeypatch, tmp_path):
    monkeypatch.setattr(setup_module.shutil, "which", lambda name: None)  # no pkg-config
    prefix = fake_prefix(tmp_path / "usr-local", "1.0.19")
    monkeypatch.setattr(setup_module, "USUAL_PREFIXES", [str(tmp_path / "nothing"), str(prefix)])
    assert setup_module.find_sodium() == ([str(prefix / "include")], [str(prefix / "lib")])

    monkeypatch.setattr(setup_module, "USUAL_PREFIXES", [str(tmp_path / "nothing")])
    with pytest.raises(SystemExit) as stop:
        setup_module.find_sodium()
    message = str(stop.value)
    for hint in (
        "apt-get install libsodium-dev",
        "brew install libsodium",
        "dnf install libsodium-devel",
        "SODIUM_PREFIX",
        "PKG_CONFIG_PATH",
    ):
        assert hint in message


def test_static_libsodium_for_the_wheels(setup_module, monkeypatch, tmp_path):
    """SODIUM_STATIC_PREFIX (scripts/build_wheels.sh) names a static libsodium to link in; unset, the finder above
    runs as before; a prefix without the archive, or with a libsodium older than 1.0.18, stops with the reason."""
    assert setup_module.static_sodium() is None
    prefix = fake_prefix(tmp_path / "static", "1.0.20")
    monkeypatch.setenv("SODIUM_STATIC_PREFIX", str(prefix))
    with pytest.raises(SystemExit, match="lib/libsodium.a"):
        setup_module.static_sodium()
    (prefix / "lib" / "libsodium.a").write_bytes(b"!<arch>\n")
    assert setup_module.static_sodium() == (str(prefix / "include"), str(prefix / "lib" / "libsodium.a"))
    monkeypatch.setenv("SODIUM_STATIC_PREFIX", str(fake_prefix(tmp_path / "old", "1.0.17")))
    (tmp_path / "old" / "lib" / "libsodium.a").write_bytes(b"!<arch>\n")
    with pytest.raises(SystemExit, match=r"1\.0\.17.*too old"):
        setup_module.static_sodium()


def test_core_cache_key(setup_module, tmp_path):
    """PYRISTRETTO_CORE_CACHE's key (the wheels' shared core objects): the same for command lines that differ only in
    warning options and for a copy of the tree elsewhere (files named absolutely or relatively), different for any
    other option, argument, include directory, macro, file name or content."""
    tree, copy = tmp_path / "tree", tmp_path / "copy"
    for root in (tree, copy):
        (root / "cpp").mkdir(parents=True)
        (root / "cpp" / "a.cpp").write_text("int a;\n")
    key = setup_module.core_cache_key
    base = (["c++", "-Wall", "-O3", "-fwrapv"], ["-std=c++17"], ["cpp/include"], [], ["cpp/a.cpp"], tree)
    same = key(*base)
    assert key(*base[:4], [tree / "cpp" / "a.cpp"], tree) == same
    assert key(*base[:4], [copy / "cpp" / "a.cpp"], copy) == same
    assert key(["c++", "-Wno-unused-result", "-Wsign-compare", "-O3", "-fwrapv"], *base[1:]) == same
    assert key(["c++", "-O3", "-fno-strict-overflow"], *base[1:]) != same
    assert key(base[0], ["-std=c++17", "-DX"], *base[2:]) != same
    assert key(*base[:2], ["other/include"], *base[3:]) != same
    assert key(*base[:3], [("NDEBUG", None)], *base[4:]) != same
    (tree / "cpp" / "b.cpp").write_text("int a;\n")
    assert key(*base[:4], ["cpp/b.cpp"], tree) != same
    (tree / "cpp" / "a.cpp").write_text("int b;\n")
    assert key(*base) != same
