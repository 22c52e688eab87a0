"""Instruction counts of the protocol benchmarks (benchmarks/test_protocols.py) under valgrind's callgrind:
reproducible on a noisy machine, where wall-clock ratios are not. Run::

    python benchmarks/protocols_callgrind.py [N]

Each operation runs N times in a fresh interpreter under callgrind, on inputs made beforehand outside valgrind
(64 VOPRF blinded elements; 64 FROST signatures under 64 distinct group keys and under one key); the count of a
run calling an empty lambda N times is subtracted, so a figure is instructions per call, Python overhead included;
the ratio is the baseline's count divided by the operation's (above 1: the operation is cheaper).
``PYRISTRETTO_PROTOCOLS`` names another package holding ``frost`` and ``oprf`` modules to count instead (e.g. a
copy of an older version), with the same inputs."""

import os
import pickle
import sys
import tempfile
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from objects_callgrind import counts_per_call, print_table  # noqa: E402

SCRIPT = textwrap.dedent("""
    import importlib, os, pickle, sys
    import pyristretto as pr
    from pyristretto import Point
    package = os.environ.get("PYRISTRETTO_PROTOCOLS", "pyristretto")
    frost = importlib.import_module(package + ".frost")
    oprf = importlib.import_module(package + ".oprf")
    with open(sys.argv[3], "rb") as f:
        data = pickle.load(f)
    sk, blinded = data["voprf"]
    server = oprf.VOPRFServer(sk)
    many, one = data["frost-64-keys"], data["frost-1-key"]
    many_points = (*many[:2], [Point(k) for k in many[2]])
    one_points = (*one[:2], [Point(k) for k in one[2]])
    verifier = frost.Verifier(many[2]) if hasattr(frost, "Verifier") else None
    ops = {
        "voprf blind_evaluate_batch(64) + proof": lambda: server.blind_evaluate_batch(blinded),
        "64 x point_mul(int, bytes)": lambda: [pr.point_mul(sk, b) for b in blinded],
        "verify_batch, 64 keys as bytes": lambda: frost.verify_batch(*many),
        "64 x verify, 64 keys as bytes": lambda: [frost.verify(*a) for a in zip(*many)],
        "verify_batch, 64 keys as Points": lambda: frost.verify_batch(*many_points),
        "64 x verify, 64 keys as Points": lambda: [frost.verify(*a) for a in zip(*many_points)],
        "verify_batch, one key as bytes": lambda: frost.verify_batch(*one),
        "Verifier.verify_batch, 64 keys": lambda: verifier.verify_batch(*many_points),
        "64 x verify, one key as bytes": lambda: [frost.verify(*a) for a in zip(*one)],
    }
    f = ops.get(sys.argv[1], lambda: None)
    for _ in range(int(sys.argv[2])):
        f()
""")
PAIRS = [
    ("voprf blind_evaluate_batch(64) + proof", "64 x point_mul(int, bytes)"),
    ("verify_batch, 64 keys as bytes", "64 x verify, 64 keys as bytes"),
    ("verify_batch, 64 keys as Points", "64 x verify, 64 keys as Points"),
    ("verify_batch, 64 keys as Points", "64 x verify, 64 keys as bytes"),
    ("Verifier.verify_batch, 64 keys", "64 x verify, 64 keys as Points"),
    ("verify_batch, one key as bytes", "64 x verify, one key as bytes"),
]


def inputs() -> dict:
    from test_protocols import N, _frost_signatures
    from pyristretto import oprf

    sk, pk = oprf.derive_key_pair(b"\x42" * 32, b"bench", oprf.MODE_VOPRF)
    _, blinded = oprf.VOPRFClient(pk).blind_batch([f"input {i}".encode() for i in range(N)])
    return {
        "voprf": (int(sk), [bytes(b) for b in blinded]),
        "frost-64-keys": _frost_signatures(64),
        "frost-1-key": _frost_signatures(1),
    }


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as tmp:
        script, data = Path(tmp) / "ops.py", Path(tmp) / "inputs.pickle"
        script.write_text(SCRIPT)
        data.write_bytes(pickle.dumps(inputs()))
        per_call = counts_per_call(script, PAIRS, n, str(data))
    print(f"instruction counts ({os.environ.get('PYRISTRETTO_PROTOCOLS', 'pyristretto')}), N = {n}")
    print_table(per_call, PAIRS)


if __name__ == "__main__":
    main()
