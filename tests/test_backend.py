"""The run-time backend choice (PYRISTRETTO_BACKEND, pyristretto.backend()) and agreement between the backends.

The whole suite runs on whichever backend is in use; CI runs it a second time with PYRISTRETTO_BACKEND=portable.
The tests here compare the two backends directly, each in its own process (the choice is made once per process).
"""

import json
import os
import platform
import subprocess
import sys

import pytest

import pyristretto


def cpu_flags():
    """The feature flags /proc/cpuinfo lists (Linux on x86-64; elsewhere none)."""
    if platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64"):
        return set()
    with open("/proc/cpuinfo") as f:
        return set(next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), []))


def cpu_has_ifma():
    """True when the CPU has the features the IFMA backend needs."""
    return {"avx512f", "avx512ifma", "avx512vl"} <= cpu_flags()


def cpu_has_avx2():
    """True when the CPU has AVX2 (the AVX2 backend)."""
    return "avx2" in cpu_flags()


def best_backend():
    """What an unset PYRISTRETTO_BACKEND chooses: IFMA, else AVX2, else portable."""
    return "ifma" if cpu_has_ifma() else "avx2" if cpu_has_avx2() else "portable"


def run_python(code, backend):
    """Runs code in a fresh interpreter with PYRISTRETTO_BACKEND=backend (None: unset); returns its stdout."""
    env = dict(os.environ)
    env.pop("PYRISTRETTO_BACKEND", None)
    if backend is not None:
        env["PYRISTRETTO_BACKEND"] = backend
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(pyristretto.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, env.get("PYTHONPATH")]))
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_backend_in_use_matches_the_environment_and_the_cpu():
    wanted = os.environ.get("PYRISTRETTO_BACKEND", "")
    if wanted in ("portable", "avx2", "ifma"):
        # a pass that asked for a backend must get it (one asked for on a CPU without it fails here, loudly)
        assert pyristretto.backend() == wanted
    else:
        assert pyristretto.backend() == best_backend()


@pytest.mark.parametrize(
    "setting, expected",
    [
        ("portable", "portable"),
        ("", best_backend()),
        (None, best_backend()),
        ("ifma", best_backend()),
        ("avx2", "avx2" if cpu_has_avx2() else "portable"),
    ],
)
def test_environment_variable_selects_the_backend(setting, expected):
    assert run_python("import pyristretto; print(pyristretto.backend())", setting).strip() == expected


@pytest.mark.parametrize("setting", ["portable", "avx2", None])
def test_the_backend_chosen_at_import_stays(setting):
    """The import chooses the backend (the core is linked once, into pyristretto._objects), so a change to the
    environment afterwards moves nothing, not even code that runs the core for the first time after it."""
    code = """
import os
import pyristretto
os.environ["PYRISTRETTO_BACKEND"] = "ifma" if pyristretto.backend() == "portable" else "portable"
v = pyristretto.PointVector([pyristretto.G] * 3)  # the object layer's first use of the core
print(pyristretto.backend(), pyristretto._objects.backend(), v.sum() == pyristretto.Point(pyristretto.G) * 3)
"""
    expected = {"portable": "portable", "avx2": "avx2" if cpu_has_avx2() else "portable"}.get(setting, best_backend())
    assert run_python(code, setting).split() == [expected, expected, "True"]


def test_main_prints_the_backend():
    out = run_python(
        "from pyristretto.__main__ import main; import sys; sys.argv = ['x']; "
        "import pyristretto.__main__ as m; m.speed_table = lambda: ('', True); main([])",
        "portable",
    )
    assert ", backend portable" in out.splitlines()[0]


# Decoding is where the backends differ (msm_vartime, point_sum and is_valid_point decode through it). The same
# inputs -- valid points, RFC 9496 invalid encodings, random bytes -- must give byte-identical answers.
CROSS_BACKEND = r"""
import json, random, pyristretto as pr
rng = random.Random(1234)
points = [pr.base_mul(rng.randrange(pr.q)) for _ in range(300)]
scalars_bad = [rng.randrange(pr.q) for _ in range(301)]
scalars = [rng.randrange(pr.q) for _ in range(300)]
randoms = [bytes(rng.randrange(256) for _ in range(32)) for _ in range(3000)]
evens = [bytes([r[0] & 0xfe]) + r[1:31] + bytes([r[31] & 0x7f]) for r in randoms]
invalid = INVALID
out = {
    "valid": [pr.is_valid_point(p) for p in randoms + evens + invalid + points],
    "msm_vartime": [pr.msm_vartime(scalars[:n], points[:n]).hex() for n in (1, 4, 5, 7, 8, 9, 64, 128, 129, 300)],
    "point_sum": [pr.point_sum(points[:n]).hex() for n in (1, 15, 16, 17, 300)],
}
# The constant-time MSMs (on IFMA: the eight-lane Straus from 3 points), with edge scalars 0, 1, q - 1, q and
# 2^256 - 1 (as 32 bytes: ints must be < q) and identity points mixed in.
edge_points = [pr.IDENTITY if i % 5 == 2 else p for i, p in enumerate(points)]
raw = b"".join([(0).to_bytes(32, "little"), (1).to_bytes(32, "little"), (pr.q - 1).to_bytes(32, "little"),
                pr.q.to_bytes(32, "little"), bytes([255]) * 32]
               + [rng.randrange(pr.q).to_bytes(32, "little") for _ in range(295)])
sizes = (1, 2, 3, 4, 5, 8, 9, 64, 72, 73, 300)  # 72 / 73: the IFMA constant-time Straus switch
out["msm"] = [pr.msm(scalars[:n], points[:n]).hex() for n in sizes]
out["msm_edge"] = [pr.msm(raw[:32 * n], edge_points[:n]).hex() for n in sizes]
out["msm_vartime_edge"] = [pr.msm_vartime(raw[:32 * n], edge_points[:n]).hex() for n in sizes]
out["PointVector.msm"] = [pr.PointVector(edge_points[:n]).msm(raw[:32 * n]).to_bytes().hex() for n in sizes]
out["MSMTable.msm"] = [pr.MSMTable(edge_points[:n]).msm(raw[:32 * n]).to_bytes().hex() for n in sizes]
# Point * s and point_mul (on IFMA: the four-lane one-point code) on edge scalars (0, 1, q - 1, q, q + 1,
# 2^255 - 1, 2^256 - 1: ints are reduced) and points (the identity, P and -P).
mul_scalars = [0, 1, pr.q - 1, pr.q, pr.q + 1, 2**255 - 1, 2**256 - 1] + [rng.randrange(pr.q) for _ in range(5)]
mul_points = [pr.IDENTITY, points[0], pr.point_neg(points[0]), points[1]]
out["point_mul"] = [pr.point_mul(s, P).hex() for s in mul_scalars for P in mul_points]
out["Point*s"] = [(pr.Point(P) * s).to_bytes().hex() for s in mul_scalars for P in mul_points]
out["mul_cases"] = [[s, P.hex()] for s in mul_scalars for P in mul_points]
def error(f):
    try:
        f()
    except pr.InvalidPointError as exc:
        return str(exc)
    return None
bad = points[:40] + [bytes.fromhex(invalid[3])] + points[40:]
valid_evens = [e for e in evens if pr.is_valid_point(e)]
out["errors"] = [error(lambda: pr.msm_vartime(scalars_bad, bad)), error(lambda: pr.point_sum(bad))]
out["evens_sum"] = pr.point_sum(valid_evens).hex()
print(json.dumps(out))
"""


def test_backends_agree_on_decoding_and_msm(vectors, ref):
    invalid = [encoding for _, encoding in ref.invalid_encodings(vectors)]
    assert len(invalid) >= 30
    code = CROSS_BACKEND.replace("INVALID", repr(invalid)).replace("bytes.fromhex(invalid[3])", "invalid[3]")
    portable = json.loads(run_python(code, "portable"))
    default = json.loads(run_python(code, None))
    assert portable == default
    if cpu_has_avx2():
        assert json.loads(run_python(code, "avx2")) == portable
    assert portable["msm_edge"] == portable["PointVector.msm"] == portable["MSMTable.msm"]
    assert portable["msm_edge"] == portable["msm_vartime_edge"]
    assert portable["msm"][-1] != portable["msm"][-2]
    assert sum(portable["valid"]) > 300  # the valid points and about an eighth of the even random bytes
    assert all(portable["errors"])
    assert portable["point_mul"] == portable["Point*s"]
    assert portable["point_mul"] == [ref.point_mul(s, bytes.fromhex(P)).hex() for s, P in portable["mul_cases"]]


# What the AVX2 backend runs on its lanes (P * s, the constant-time and vartime Straus behind msm, msm_vartime below
# the Pippenger switch, the four-lane Pippenger above it, point_sum and PointVector.sum, PointVector.msm / msm_vartime
# / scale and the two-point check a·A + b·G), for every n from 0 to 300 (across the Straus/Pippenger switch and the
# threading threshold) and past the Pippenger's last window change and kMsmBlock, with the edge scalars 0, 1, q - 1,
# q, 2^255 - 1 and 2^256 - 1 (raw bytes) and the identity, P and -P and duplicates among the points.
CROSS_AVX2 = r"""
import json, random, pyristretto as pr
pr.set_threads(1)
rng = random.Random(99)
base = [pr.Point(pr.base_mul(rng.randrange(1, pr.q))) for _ in range(40)]
points = []
for i in range(4100):
    points.append(pr.Point(pr.IDENTITY) if i % 11 == 4 else -points[-1] if i % 11 == 7 else base[i % 40])
edges = [0, 1, pr.q - 1, pr.q, 2**255 - 1, 2**256 - 1]
raw = b"".join((edges[i % 6] if i < 6 or i % 9 == 0 else rng.randrange(pr.q)).to_bytes(32, "little")
               for i in range(4100))
enc = [p.to_bytes() for p in points]
out = {"msm": [], "msm_vartime": [], "PointVector.msm": [], "PointVector.msm_vartime": []}
for n in range(301):
    s, v = raw[:32 * n], pr.PointVector(points[:n])
    out["msm"].append(pr.msm(s, enc[:n]).hex())
    out["msm_vartime"].append(pr.msm_vartime(s, enc[:n]).hex())
    out["PointVector.msm"].append(v.msm(s).to_bytes().hex())
    out["PointVector.msm_vartime"].append(v.msm_vartime(s).to_bytes().hex())
    out.setdefault("point_sum", []).append(pr.point_sum(enc[:n]).hex())
    out.setdefault("PointVector.sum", []).append(v.sum().to_bytes().hex())
for n in (639, 640, 895, 896, 4095, 4096, 4097, 4100):  # the AVX2 Pippenger's last windows and kMsmBlock
    s, v = raw[:32 * n], pr.PointVector(points[:n])
    out["msm_vartime"].append(pr.msm_vartime(s, enc[:n]).hex())
    out["PointVector.msm_vartime"].append(v.msm_vartime(s).to_bytes().hex())
    out["point_sum"].append(pr.point_sum(enc[:n]).hex())
    out["PointVector.sum"].append(v.sum().to_bytes().hex())
scalars = [pr.Scalar(e % pr.q) for e in edges] + [pr.Scalar(rng.randrange(pr.q)) for _ in range(20)]
out["P*s"] = [(p * s).to_bytes().hex() for p in points[:12] for s in scalars]
out["point_mul"] = [pr.point_mul(s, p.to_bytes()).hex() for p in points[:12] if p != pr.Point(pr.IDENTITY)
                    for s in scalars[:8]]
out["scale"] = pr.PointVector(points[:26]).scale(scalars).to_bytes().hex()
G = pr.Point(pr.G)
out["double_base"] = [pr.PointVector([A, G]).msm_vartime([a, b]).to_bytes().hex()
                      for A in points[:12] for a, b in zip(scalars, reversed(scalars))]
print(json.dumps(out))
"""


@pytest.mark.skipif(not cpu_has_avx2(), reason="this CPU has no AVX2")
def test_avx2_backend_agrees_with_portable_on_every_n():
    portable = json.loads(run_python(CROSS_AVX2, "portable"))
    avx2 = json.loads(run_python(CROSS_AVX2, "avx2"))
    assert run_python("import pyristretto; print(pyristretto.backend())", "avx2").strip() == "avx2"
    for key in portable:
        assert avx2[key] == portable[key], key
    assert portable["msm"] == portable["PointVector.msm"] == portable["msm_vartime"][:301]
    assert portable["msm_vartime"] == portable["PointVector.msm_vartime"]
    assert portable["point_sum"] == portable["PointVector.sum"]
    assert len(set(portable["msm"])) > 200  # mostly distinct sums (identity points, zero scalars repeat some)


# What the AVX2 backend runs on its lanes in batches (avx2/batch.cpp): PointVector(encodings) (with an invalid
# encoding of each class at every position: the first invalid index in the error), to_bytes() of computed points
# and hash_to_group, at every length 0..20 and 63..65 (four-group steps of 16 points or 8 inputs, one-group tails,
# the portable last ones).
CROSS_AVX2_BATCH = r"""
import json, random, pyristretto as pr
pr.set_threads(1)
rng = random.Random(7)
pts = [pr.Point(pr.base_mul(rng.randrange(1, pr.q))) if i % 9 != 5 else pr.Point(pr.IDENTITY) for i in range(65)]
enc = [p.to_bytes() for p in pts]
p_ = 2**255 - 19
bad = [(p_).to_bytes(32, "little"), (p_ + 1).to_bytes(32, "little"), (2**255 - 1).to_bytes(32, "little"),
       bytes(enc[0][:31]) + bytes([enc[0][31] | 0x80]), bytes([enc[0][0] ^ 1]) + enc[0][1:], (2).to_bytes(32, "little")]
out = {"decode": [], "errors": [], "encode": [], "hash_to_group": []}
for n in list(range(21)) + [63, 64, 65]:
    out["decode"].append(pr.PointVector(b"".join(enc[:n])).to_bytes() == b"".join(enc[:n]))
    for at in (range(n) if n <= 20 else (0, 15, 16, 33, n - 1)):
        e = enc[:n]
        e[at] = bad[(at + n) % len(bad)]
        try:
            pr.PointVector(b"".join(e))
            out["errors"].append(None)
        except ValueError as exc:
            out["errors"].append(str(exc))
    V, W = pr.PointVector(pts[:n]), pr.PointVector([pts[(i + 7) % 65] for i in range(n)])
    out["encode"].append((V + W).to_bytes().hex())
    out["hash_to_group"].append(pr.PointVector.hash_to_group([b"m%d" % i for i in range(n)], b"dst").to_bytes().hex())
print(json.dumps(out))
"""


@pytest.mark.skipif(not cpu_has_avx2(), reason="this CPU has no AVX2")
def test_avx2_batches_agree_with_portable():
    portable = json.loads(run_python(CROSS_AVX2_BATCH, "portable"))
    avx2 = json.loads(run_python(CROSS_AVX2_BATCH, "avx2"))
    for key in portable:
        assert avx2[key] == portable[key], key
    assert all(portable["errors"]) and len(portable["errors"]) == 210 + 15
    assert all(portable["decode"])
