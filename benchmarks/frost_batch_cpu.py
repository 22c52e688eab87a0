"""FROST ``verify_batch`` of 64 signatures against 64 single ``frost.verify`` calls, on both backends in one run,
in CPU time (``time.process_time``: the CPU of every thread of the process, so a threaded MSM is not flattered by
a free second core) beside wall-clock time. Run::

    python benchmarks/frost_batch_cpu.py [--repeats R] [--threads T]

Each backend (``PYRISTRETTO_BACKEND=portable``, then the default: ``ifma`` when the CPU has it) runs in a fresh
interpreter on the same signatures (64 distinct group keys, and one key for all 64), keys passed as 32-byte encodings;
each figure is the best of R repetitions of a loop long enough to take ~0.2 s. ``--threads`` sets
``PYRISTRETTO_THREADS`` for the children (default: unset, i.e. automatic). Every timed call's result is checked."""

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _cpu_timing import best_times  # noqa: E402


def child(data_path, repeats):
    from pyristretto import backend, frost

    with open(data_path, "rb") as f:
        data = pickle.load(f)
    out = {"backend": backend()}
    for case, (msgs, sigs, pks) in data.items():
        ops = {
            "batch": lambda: frost.verify_batch(msgs, sigs, pks),
            "singles": lambda: all([frost.verify(m, s, pk) for m, s, pk in zip(msgs, sigs, pks)]),
            "verifier": lambda v=frost.Verifier(pks): v.verify_batch(msgs, sigs, pks),
        }
        for name, op in ops.items():
            assert op() is True
            out[f"{case} {name}"] = best_times(op, repeats)
    print(json.dumps(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", default=None)
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.repeats)
    from test_protocols import _frost_signatures

    data = {"64 keys": _frost_signatures(64), "1 key": _frost_signatures(1)}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "signatures.pickle"
        path.write_bytes(pickle.dumps(data))
        env = dict(os.environ)
        if args.threads is not None:
            env["PYRISTRETTO_THREADS"] = args.threads
        print(
            f"PYRISTRETTO_THREADS={env.get('PYRISTRETTO_THREADS', '(unset)')}, best of {args.repeats}, "
            "per call: CPU ms (wall ms)"
        )
        seen = set()
        for wanted in ("portable", None):  # None: the default backend
            env.pop("PYRISTRETTO_BACKEND", None)
            if wanted:
                env["PYRISTRETTO_BACKEND"] = wanted
            result = json.loads(
                subprocess.run(
                    [sys.executable, __file__, "--child", str(path), "--repeats", str(args.repeats)],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
            )
            name = result["backend"]
            if name in seen:
                continue  # the default is the portable backend on this CPU
            seen.add(name)
            for case in data:
                singles = result[f"{case} singles"]
                line = [f"{name:8} {case:7}: 64 x verify {1e3 * singles[0]:.3f} ({1e3 * singles[1]:.3f})"]
                for op in ("batch", "verifier"):
                    cpu, wall = result[f"{case} {op}"]
                    line.append(
                        f"{op} {1e3 * cpu:.3f} ({1e3 * wall:.3f}) = {singles[0] / cpu:.2f}x ({singles[1] / wall:.2f}x)"
                    )
                print("; ".join(line))


if __name__ == "__main__":
    main()
