"""Proves that an installed pyristretto wheel carries its own libsodium and never uses the system's.

Run by check_dist.sh with the fresh virtualenv's interpreter, from outside the source tree. For every extension
module in the package (found by globbing, so a new module is checked without editing this file):

1. `readelf -d`: no NEEDED entry names a plain `libsodium.so.*` (the system's soname); one names the copy that
   auditwheel put in `pyristretto.libs/` under a hashed name, and the RUNPATH points there ($ORIGIN-relative).
2. `ldd`: the dynamic loader resolves libsodium to that bundled file, inside the virtualenv.
3. After importing every one of those modules, the process maps the bundled
   libsodium and no other, and `pyristretto.sodium_version()` is the version string of the bundled file.

Exits non-zero with the reason on the first failure; prints the evidence (NEEDED lines, ldd lines) otherwise.
"""
import ctypes
import glob
import importlib
import os
import re
import subprocess
import sys

import pyristretto

package = os.path.dirname(os.path.abspath(pyristretto.__file__))
libs = os.path.join(os.path.dirname(package), "pyristretto.libs")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


bundled = glob.glob(os.path.join(libs, "libsodium*.so*"))
check(len(bundled) == 1, f"expected one libsodium in {libs}, found {bundled}")
bundled_path = os.path.realpath(bundled[0]) if bundled else None

modules = sorted(glob.glob(os.path.join(package, "**", "*.so"), recursive=True))
check(modules, f"no extension module under {package}")
for module in modules:
    name = os.path.relpath(module, os.path.dirname(package))
    dynamic = run("readelf", "-d", module)
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    runpath = re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[([^\]]+)\]", dynamic)
    print(f"{name}: NEEDED {', '.join(needed)}; RUNPATH {', '.join(runpath) or '(none)'}")
    sodium = [lib for lib in needed if lib.startswith("libsodium")]
    check(not [lib for lib in sodium if re.fullmatch(r"libsodium\.so(\.\d+)*", lib)],
          f"{name} needs the system's libsodium soname: {sodium}")
    check(bundled_path and [os.path.basename(bundled_path)] == sodium,
          f"{name} does not need the bundled libsodium: NEEDED {sodium}, bundled {bundled_path}")
    check(any("$ORIGIN" in p and "pyristretto.libs" in p for p in runpath), f"{name}: RUNPATH {runpath}")
    resolved = re.findall(r"^\s*(libsodium\S*) => (\S+)", run("ldd", module), re.M)
    print(f"{name}: ldd " + "; ".join(f"{lib} => {path}" for lib, path in resolved))
    check(bundled_path and [os.path.realpath(path) for _, path in resolved] == [bundled_path],
          f"{name}: libsodium resolves to {resolved}, not to the bundled {bundled_path}")

for module in modules:
    importlib.import_module(os.path.relpath(module, os.path.dirname(package)).split(".")[0].replace("/", "."))
with open("/proc/self/maps") as maps:
    mapped = {line.split()[-1] for line in maps if "libsodium" in line}
print("mapped after import:", ", ".join(sorted(mapped)))
check(bundled_path and {os.path.realpath(p) for p in mapped} == {bundled_path},
      f"the process maps {mapped}, expected only {bundled_path}")
if bundled_path:
    bundled_lib = ctypes.CDLL(bundled_path)  # already loaded: the same handle, nothing new is mapped
    bundled_lib.sodium_version_string.restype = ctypes.c_char_p
    carried = bundled_lib.sodium_version_string().decode()
    print(f"sodium_version() = {pyristretto.sodium_version()}; the bundled file says {carried}")
    check(pyristretto.sodium_version() == carried, "sodium_version() is not the bundled libsodium's")

if failures:
    sys.exit("bundled libsodium check FAILED:\n  " + "\n  ".join(failures))
print("bundled libsodium: OK")
