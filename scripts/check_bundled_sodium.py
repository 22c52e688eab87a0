"""Proves that an installed pyristretto wheel carries libsodium 1.0.20 inside its extension modules, privately.

Run by check_dist.sh (x86_64, in the fresh virtualenv) and check_wheel_aarch64.sh (under qemu-user, with the arm64
CPython), from outside the source tree, before anything else loads a libsodium. For every extension module in the
package (found by globbing, so a new module is checked without editing this file), from `readelf` (binutils'
readelf reads any architecture's ELF; under qemu it runs natively on the host):

1. the dynamic section: NEEDED names only glibc's libraries (libc, libm, libpthread, libdl, librt, the loader):
   no libsodium (it is linked in statically), no C++ runtime (zig links libc++ statically), no RUNPATH;
2. the symbol versions the module needs (`readelf --version-info`): glibc's only, none newer than GLIBC_2.17
   (manylinux2014), and no GLIBCXX_/CXXABI_/GCC_ version at all;
3. the exported symbols (defined, non-local dynamic symbols): PyInit_<module> and nothing else, so nothing of
   libsodium or libc++ can interpose on, or be interposed by, another copy in the process.

Then it imports every module: the process maps no libsodium file at all, and `pyristretto.sodium_version()`
reports 1.0.20 (the bundled copy; a system libsodium is 1.0.18 on the project's machines).

Exits non-zero with the reasons on failure; prints the evidence otherwise.
"""

import glob
import importlib
import os
import re
import subprocess
import sys

import pyristretto

EXPECTED_SODIUM = "1.0.20"
GLIBC_MAX = (2, 17)
ALLOWED_NEEDED = re.compile(r"(libc|libm|libpthread|libdl|librt)\.so\.\d+|ld-linux-(x86-64|aarch64)\.so\.\d+")

package = os.path.dirname(os.path.abspath(pyristretto.__file__))
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True, text=True).stdout


modules = sorted(glob.glob(os.path.join(package, "**", "*.so"), recursive=True))
check(modules, f"no extension module under {package}")
for module in modules:
    name = os.path.relpath(module, os.path.dirname(package))
    dynamic = readelf("-d", module)
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    print(f"{name}: NEEDED {', '.join(needed)}")
    check(all(ALLOWED_NEEDED.fullmatch(lib) for lib in needed), f"{name} needs more than glibc: {needed}")
    check(not re.search(r"\((RUNPATH|RPATH)\)", dynamic), f"{name} has a RUNPATH: nothing to find beside it")

    # The version-needs section ("Version needs section '.gnu.version_r'"): "Name: GLIBC_2.14  Flags: ..." lines.
    versions = set(re.findall(r"Name: (\S+)\s+Flags", readelf("--version-info", module)))
    glibc = sorted((tuple(int(x) for x in v.split("_", 1)[1].split(".")) for v in versions if v.startswith("GLIBC_")))
    print(f"{name}: symbol versions {', '.join(sorted(versions))}")
    check(glibc and glibc[-1] <= GLIBC_MAX, f"{name} needs glibc {glibc[-1] if glibc else '?'} > 2.17")
    check(all(v.startswith("GLIBC_") for v in versions), f"{name} needs non-glibc versions: {sorted(versions)}")

    # --dyn-syms rows: Num: Value Size Type Bind Vis Ndx Name; defined ones have a section index, not UND.
    exported = []
    for row in readelf("--dyn-syms", module).splitlines():
        fields = row.split()
        if (
            len(fields) >= 8
            and fields[0].endswith(":")
            and fields[4] in ("GLOBAL", "WEAK", "UNIQUE")
            and fields[6] != "UND"
        ):
            exported.append(fields[7].split("@")[0])
    print(f"{name}: exports {', '.join(exported)}")
    init = "PyInit_" + os.path.basename(module).split(".")[0]
    check(exported == [init], f"{name} exports more than {init}: {exported}")

for module in modules:
    importlib.import_module(os.path.relpath(module, os.path.dirname(package)).split(".")[0].replace("/", "."))
with open("/proc/self/maps") as maps:
    mapped = {line.split()[-1] for line in maps if "libsodium" in line}
print("libsodium files mapped after import:", ", ".join(sorted(mapped)) or "none")
check(not mapped, f"the process maps a libsodium file: {mapped}")
print(f"sodium_version() = {pyristretto.sodium_version()}")
check(pyristretto.sodium_version() == EXPECTED_SODIUM, f"sodium_version() is not {EXPECTED_SODIUM}")

if failures:
    sys.exit("bundled libsodium check FAILED:\n  " + "\n  ".join(failures))
print(f"libsodium {EXPECTED_SODIUM} inside, private: OK")
