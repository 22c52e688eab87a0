"""Builds pyristretto's C++17 extensions against a system libsodium (>= 1.0.18): pyristretto._objects, with the C++ core
linked in (once), and pyristretto._core, the cimport-able entry points, which reach the core through _objects' C-API.

libsodium is looked for in this order:
1. the environment: SODIUM_PREFIX (a prefix with include/ and lib/), or SODIUM_INCLUDE_DIR and
   SODIUM_LIBRARY_DIR given explicitly;
2. pkg-config (`pkg-config libsodium`; set PKG_CONFIG_PATH for a private install);
3. the active conda environment ($CONDA_PREFIX), then the usual prefixes (/usr/local, /usr, /opt/homebrew,
   /opt/local).

SODIUM_STATIC_PREFIX=/prefix links the static libsodium /prefix/lib/libsodium.a (built from position-independent
code with hidden symbols: scripts/build_sodium.sh) into each extension module instead, for the wheels: the finder
above is not used, the module needs no libsodium at run time, and a version script exports PyInit_<module> alone
(nothing of libsodium or of a statically linked C++ runtime can clash with another copy in the process).

PYRISTRETTO_SANITIZE=address,undefined builds with those sanitizers (for testing the extension).

PYRISTRETTO_CORE_CACHE=/dir keeps the C++ core's object files there, keyed by what goes into them (core_cache_key),
for builds that compile the same core again (the core includes nothing of Python): scripts/build_wheels.sh builds
one wheel per interpreter with the same options, and CI builds the sdist with the same compiler and options as the
checkout.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

try:
    from setuptools.modified import newer_group
except ImportError:  # setuptools < 69
    from distutils.dep_util import newer_group

ROOT = Path(__file__).resolve().parent
CPP = ROOT / "cpp"
MIN_SODIUM = (1, 0, 18)
CPP_SOURCES = [
    "sodium",
    "hash",
    "field",
    "edwards",
    "ristretto",
    "scalar",
    "points",
    "threads",
    "msm_algorithms",
    "msm",
    "fixed_base",
    "backend",
    "point_vector",
    "msm_table",
    "batch_check",
    "frost",
    "sigma",
    "lizard",
    "dlog",
    "keccak",
    "transcript",
    "scalar_vector",
    "scratch",
    "sr25519",
    # the backends (backend.cpp chooses one): portable/ on every CPU, avx2/ and ifma/ where the CPU has them
    "portable/straus",
    "portable/pippenger",
    "portable/batch",
    "portable/fixed_base",
    "portable/msm_table",
    "avx2/straus",
    "avx2/msm_table",
    "avx2/batch",
    "avx2/pippenger",
    "avx2/fixed_base",
    "ifma/field",
    "ifma/decode",
    "ifma/encode",
    "ifma/straus",
    "ifma/pippenger",
    "ifma/fixed_base",
    "ifma/fold",
    "ifma/scalar_mul",
    "ifma/scalar8",
    "ifma/straus_vartime",
    "ifma/one_way_map",
    "ifma/msm_table",
]
CORE_SOURCE_FILES = [f"cpp/src/{name}.cpp" for name in CPP_SOURCES]
CORE_MODULE = "pyristretto._objects"  # the one extension module that links the C++ core
INSTALL_HELP = """libsodium >= 1.0.18 (with its headers) was not found.
Install it:   Debian/Ubuntu: apt-get install libsodium-dev pkg-config
              macOS:         brew install libsodium
              Fedora/RHEL:   dnf install libsodium-devel
or point to it: SODIUM_PREFIX=/path/to/prefix, or SODIUM_INCLUDE_DIR=... SODIUM_LIBRARY_DIR=...,
or PKG_CONFIG_PATH=/path/to/prefix/lib/pkgconfig."""


def sodium_version(include_dir):
    """The version in include_dir/sodium/version.h as a tuple, or None when there is no such header."""
    header = Path(include_dir) / "sodium" / "version.h"
    if not header.is_file():
        return None
    found = re.search(r'SODIUM_VERSION_STRING\s+"(\d+)\.(\d+)\.(\d+)', header.read_text())
    return tuple(int(x) for x in found.groups()) if found else None


def parse_version(text):
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def from_environment():
    prefix = os.environ.get("SODIUM_PREFIX")
    include = os.environ.get("SODIUM_INCLUDE_DIR") or (prefix and os.path.join(prefix, "include"))
    libdir = os.environ.get("SODIUM_LIBRARY_DIR") or (prefix and os.path.join(prefix, "lib"))
    if not (include or libdir):
        return None
    if not (include and libdir):
        sys.exit("pyristretto: set both SODIUM_INCLUDE_DIR and SODIUM_LIBRARY_DIR (or SODIUM_PREFIX)")
    version = sodium_version(include)
    if version is None:
        sys.exit(f"pyristretto: no sodium/version.h under {include} (from the environment).\n" + INSTALL_HELP)
    return [include], [libdir], version, "the environment"


def from_pkg_config():
    pkg_config = shutil.which("pkg-config")
    if not pkg_config:
        return None

    def ask(flag):
        return subprocess.run([pkg_config, flag, "libsodium"], check=True, capture_output=True, text=True).stdout

    try:
        version = parse_version(ask("--modversion"))
        includes = [flag[2:] for flag in ask("--cflags-only-I").split()]
        libdirs = [flag[2:] for flag in ask("--libs-only-L").split()]
    except subprocess.CalledProcessError:
        return None
    return includes, libdirs, version, "pkg-config"


USUAL_PREFIXES = ["/usr/local", "/usr", "/opt/homebrew", "/opt/local"]


def from_usual_prefixes():
    prefixes = list(USUAL_PREFIXES)
    if os.environ.get("CONDA_PREFIX"):
        prefixes.insert(0, os.environ["CONDA_PREFIX"])
    for prefix in prefixes:
        include = os.path.join(prefix, "include")
        version = sodium_version(include)
        if version:
            # Default directories stay off the command line: an explicit -I/usr/include breaks libstdc++.
            default = prefix == "/usr"
            return [] if default else [include], [] if default else [os.path.join(prefix, "lib")], version, prefix
    return None


def find_sodium():
    """(include_dirs, library_dirs) of a libsodium >= 1.0.18; exits with instructions if there is none."""
    for finder in (from_environment, from_pkg_config, from_usual_prefixes):
        found = finder()
        if found:
            includes, libdirs, version, source = found
            if version < MIN_SODIUM:
                sys.exit(
                    f"pyristretto: libsodium {'.'.join(map(str, version))} (found via {source}) is too old.\n"
                    + INSTALL_HELP
                )
            return includes, libdirs
    sys.exit("pyristretto: " + INSTALL_HELP)


def static_sodium():
    """(include_dir, archive) of the static libsodium named by SODIUM_STATIC_PREFIX, or None when it is not set;
    exits with the reason if the prefix lacks the header or the archive, or holds a libsodium older than 1.0.18."""
    prefix = os.environ.get("SODIUM_STATIC_PREFIX")
    if not prefix:
        return None
    include, archive = os.path.join(prefix, "include"), os.path.join(prefix, "lib", "libsodium.a")
    version = sodium_version(include)
    if version is None or not os.path.isfile(archive):
        sys.exit(
            f"pyristretto: SODIUM_STATIC_PREFIX={prefix} needs include/sodium/version.h and lib/libsodium.a "
            "(scripts/build_sodium.sh builds them)"
        )
    if version < MIN_SODIUM:
        sys.exit(
            f"pyristretto: libsodium {'.'.join(map(str, version))} (SODIUM_STATIC_PREFIX) is too old.\n" + INSTALL_HELP
        )
    return include, archive


def compile_flags():
    flags = ["-std=c++17", "-O3", "-fvisibility=hidden"]
    link = []
    sanitizers = os.environ.get("PYRISTRETTO_SANITIZE", "").strip()
    if sanitizers:
        # -g1 (line tables, function names: all a sanitizer report shows): with full -g, g++ 12 took 8x longer
        # on the IFMA files under ASan+UBSan (ifma/encode.cpp: 67 s against 8 s)
        flags += [f"-fsanitize={sanitizers}", "-fno-omit-frame-pointer", "-fno-sanitize-recover=all", "-O1", "-g1"]
        link += [f"-fsanitize={sanitizers}"]
    return flags, link


def core_cache_key(compiler_args, compile_args, include_dirs, macros, files, root):
    """The key of the core's objects in PYRISTRETTO_CORE_CACHE: the compiler's command line without its warning
    options (-W...: they change no code), the extra arguments, include directories and macros, and the name
    (relative to the tree's root: a copy of the tree has the same key) and content of every file given (the core's
    sources and headers)."""
    h = hashlib.sha256()
    compiler = [arg for arg in compiler_args if not arg.startswith("-W")]
    h.update(repr((compiler, list(compile_args), list(include_dirs), list(macros))).encode())
    for path in sorted(Path(root, f).resolve() for f in files):
        h.update(str(path.relative_to(Path(root).resolve())).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


class build_py_with_headers(build_py):
    """Ships the C++ headers inside the package (pyristretto/include) for downstream cimport builds."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "pyristretto" / "include" / "pyristretto"
        target.mkdir(parents=True, exist_ok=True)
        for header in (CPP / "include" / "pyristretto").glob("*.hpp"):
            shutil.copy2(header, target / header.name)


class build_ext_core_once(build_ext):
    """Compiles the C++ core's files side by side on every CPU and links the objects into the one extension that
    holds the core (CORE_MODULE; the core files are in its `depends`, so a change to any of them rebuilds it)."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extensions(self):
        for ext in self.extensions if static_sodium() else []:  # (cythonize copies extensions: no flag on them)
            ext.extra_link_args = ext.extra_link_args + [f"-Wl,--version-script={self.version_script(ext)}"]
        stale = self.force or any(
            newer_group(list(ext.sources) + list(ext.depends), self.get_ext_fullpath(ext.name), "newer")
            for ext in self.extensions
        )
        if stale:
            [ext] = [ext for ext in self.extensions if ext.name == CORE_MODULE]
            objects = self.compile_core(ext)
            ext.extra_objects = objects + [o for o in ext.extra_objects if o not in objects]
        super().build_extensions()

    def version_script(self, ext):
        """Writes (into build_temp) the linker version script that exports the module's PyInit_ function alone."""
        path = Path(self.build_temp) / f"{ext.name}.map"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{{ global: PyInit_{ext.name.rsplit('.', 1)[-1]}; local: *; }};\n")
        return path

    def compile_core(self, ext):
        headers = [d for d in ext.depends if d.endswith(".hpp")]
        cache = os.environ.get("PYRISTRETTO_CORE_CACHE")
        if cache:
            compiler = getattr(self.compiler, "compiler_so_cxx", None) or self.compiler.compiler_so
            # The tree's own include directory by its place in the tree: a copy of the same sources (the sdist's)
            # has the same key.
            include_dirs = [os.path.relpath(d, ROOT) if Path(d).is_relative_to(ROOT) else d for d in ext.include_dirs]
            key = core_cache_key(
                compiler + ["-g" if self.debug else "-g0"],
                ext.extra_compile_args,
                include_dirs,
                self.compiler.macros,
                CORE_SOURCE_FILES + headers,
                ROOT,
            )
            cache = Path(cache) / key

        def compile_one(source):
            [obj] = self.compiler.object_filenames([source], output_dir=self.build_temp)
            kept = cache / Path(obj).relative_to(self.build_temp) if cache else None
            if kept and kept.is_file():
                Path(obj).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(kept, obj)
            elif self.force or newer_group([source] + headers, obj, "newer"):  # else up to date from a build before
                self.compiler.compile(
                    [source],
                    output_dir=self.build_temp,
                    include_dirs=ext.include_dirs,
                    debug=self.debug,
                    extra_postargs=ext.extra_compile_args,
                )
                if kept:  # written under another name first: a file in the cache is always complete
                    kept.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(obj, f"{kept}.part")
                    os.replace(f"{kept}.part", kept)
            return [obj]

        # The AVX-512 files take longest to compile: start them first.
        sources = sorted(CORE_SOURCE_FILES, key=lambda path: "ifma" not in path)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            compiled = dict(zip(sources, pool.map(compile_one, sources)))
        return [obj for source in CORE_SOURCE_FILES for obj in compiled[source]]


def extensions():
    # Cython is imported here so that `setup.py --version` and metadata queries work without it.
    from Cython.Build import cythonize

    flags, link = compile_flags()
    static = static_sodium()
    if static:  # the wheels: libsodium inside each module, hidden (its SODIUM_EXPORT off: SODIUM_STATIC)
        include_dirs, library_dirs, libraries, archives = [static[0]], [], [], [static[1]]
        flags = flags + ["-DSODIUM_STATIC=1"]
    else:
        (include_dirs, library_dirs), libraries, archives = find_sodium(), ["sodium"], []
    headers = sorted(str(path.relative_to(ROOT)) for path in (CPP / "include").rglob("*.hpp"))

    def extension(module, with_core):
        # Only _objects links the core (its C++ statics, G's and H's fixed-base tables, the thread setting and the
        # backend choice, then exist once); _core calls it through _objects' C-API, with nothing to link.
        return Extension(
            module,
            sources=[module.replace(".", "/") + ".pyx"],
            depends=(CORE_SOURCE_FILES if with_core else []) + headers,
            language="c++",
            include_dirs=[str(CPP / "include")] + include_dirs,
            library_dirs=library_dirs if with_core else [],
            runtime_library_dirs=library_dirs if with_core and sys.platform != "win32" else [],
            libraries=libraries if with_core else [],
            extra_objects=archives if with_core else [],
            extra_compile_args=flags,
            extra_link_args=link,
        )

    modules = [extension(CORE_MODULE, True), extension("pyristretto._core", False)]
    return cythonize(modules, language_level=3, compiler_directives={"embedsignature": True})


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it to check the finder
    setup(ext_modules=extensions(), cmdclass={"build_py": build_py_with_headers, "build_ext": build_ext_core_once})
