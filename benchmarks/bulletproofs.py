"""Bulletproofs range proofs (pyristretto.bulletproofs) against the issue's targets, in one thread. Run::

    taskset -c 1 python benchmarks/bulletproofs.py [--repeats R] [--profile WHAT]

Prints, for 64-bit values, prove and verify of one proof (m = 1), of an aggregated proof of m = 8 values, and
verify_batch of 64 single proofs (per proof), each the best of R runs (default 7) in CPU time
(``time.process_time``: the machine may be shared) and in wall-clock time, beside the targets and the Rust
crate's published figures (i7-7800X, AVX2 backend). The generators' tables are built before timing (a verifier
builds them once). ``--profile prove|verify|batch`` runs that case under cProfile instead and prints its top
functions. Every timed call's result is checked (verification raises on a bad proof)."""

import argparse
import cProfile
import pstats
import time

import pyristretto
from pyristretto import Scalar, Transcript
from pyristretto.bulletproofs import BulletproofGens, PedersenGens, RangeProof

# (name, target ms, the crate's published ms or None)
ROWS = [
    ("prove_single n=64", 4.0, 7.3),
    ("verify_single n=64", 0.6, 1.04),
    ("prove_multiple n=64 m=8", 25.0, None),
    ("verify_multiple n=64 m=8", 3.0, None),
    ("verify_batch 64 x n=64, per proof", 0.2, None),
]


def best_ms(f, repeats, inner=1, clock=time.process_time):
    best = float("inf")
    for _ in range(repeats):
        t = clock()
        for _ in range(inner):
            f()
        best = min(best, (clock() - t) / inner)
    return 1e3 * best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--profile", choices=["prove", "verify", "batch", "prove8", "verify8"])
    args = ap.parse_args()
    pyristretto.set_threads(1)
    pc, bp = PedersenGens(), BulletproofGens(64, 8)
    value, blinding = 1037578891, Scalar.random()
    proof, V = RangeProof.prove_single(bp, pc, Transcript(b"bench"), value, blinding, 64)
    values8 = [value + i for i in range(8)]
    blindings8 = [Scalar.random() for _ in range(8)]
    proof8, V8 = RangeProof.prove_multiple(bp, pc, Transcript(b"bench"), values8, blindings8, 64)
    singles = [RangeProof.prove_single(bp, pc, Transcript(b"bench"), i, Scalar.random(), 64) for i in range(64)]
    RangeProof.verify_single(bp, pc, Transcript(b"bench"), proof, V, 64)  # builds the tables
    RangeProof.verify_multiple(bp, pc, Transcript(b"bench"), proof8, V8, 64)

    cases = {
        "prove": lambda: RangeProof.prove_single(bp, pc, Transcript(b"bench"), value, blinding, 64),
        "verify": lambda: RangeProof.verify_single(bp, pc, Transcript(b"bench"), proof, V, 64),
        "prove8": lambda: RangeProof.prove_multiple(bp, pc, Transcript(b"bench"), values8, blindings8, 64),
        "verify8": lambda: RangeProof.verify_multiple(bp, pc, Transcript(b"bench"), proof8, V8, 64),
        "batch": lambda: RangeProof.verify_batch(bp, pc, [(p, Transcript(b"bench"), [c], 64) for p, c in singles]),
    }
    if args.profile:
        f = cases[args.profile]
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(20):
            f()
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(18)
        return
    runs = [("prove", 5), ("verify", 10), ("prove8", 1), ("verify8", 3), ("batch", 1)]
    cpu = [best_ms(cases[c], args.repeats, k) for c, k in runs]
    wall = [best_ms(cases[c], args.repeats, k, time.perf_counter) for c, k in runs]
    cpu[-1] /= 64
    wall[-1] /= 64
    print(f"backend {pyristretto.backend()}, one thread, best of {args.repeats} (CPU time; wall clock beside it)")
    print(f"{'':36} {'CPU ms':>8} {'wall ms':>8} {'target':>8} {'crate':>8}")
    for (name, target, crate), ms, w in zip(ROWS, cpu, wall):
        print(
            f"{name:36} {ms:8.3f} {w:8.3f} {target:8.2f} {crate if crate else '':>8} {'ok' if ms <= target else 'MISS'}"
        )


if __name__ == "__main__":
    main()
