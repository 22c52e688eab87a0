"""The multi-point entry points over a matrix of thread counts and sizes around the argument block (issue 17,
item 1): run as a script by tests/test_thread_counts.py, in a subprocess under glibc's malloc checker (or under
AddressSanitizer in scripts/sanitize.sh), so that a write past a heap block aborts the run instead of passing
silently.

    python tests/helpers/thread_matrix.py [--block B] ENTRY=K1,K2,...[:SIZE,...] [ENTRY=...]

For each ENTRY and each thread count K (pyristretto.set_threads(K)), the sizes n = B - 1, B, B + 1, B + K and
2B + 1 (B: the argument block, default pyristretto._objects' ARG_BLOCK; --block sets it with _set_arg_block), or
those named after the colon (SIZES' keys: "B+1,B+K" runs only the two that a second, short feed follows).
The points repeat with period 3 (P, 2P, 3P for P = 7G) and the scalars with period 5, so every expected value has
a closed form, computed with libsodium (tests/helpers/reference.py): sum s_i c_i P for the sums, and the 15 distinct
products for scale. Prints "ok <cases>" when every case agrees."""

import argparse
import functools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyristretto as pr  # noqa: E402
import reference as ref  # noqa: E402
from reference import Q  # noqa: E402

MULTIPLES = (1, 2, 3)  # point i is MULTIPLES[i % 3] * P
SCALARS = (Q - 1, Q // 3 + 12345, 2**128 + 7, 5, Q // 2 - 99)  # scalar i is SCALARS[i % 5]
BASE = 7  # P = 7G
PERIOD = 15
COEFF = [SCALARS[i % 5] * MULTIPLES[i % 3] * BASE % Q for i in range(PERIOD)]  # point i's term: COEFF[i % 15] G
POINTS = [ref.base_mul(m * BASE) for m in MULTIPLES]
TERMS = [ref.base_mul(c) for c in COEFF]  # scale's outputs, libsodium's base multiplication


def periodic(items, n):
    """items repeated to length n (a list)."""
    return (list(items) * (n // len(items) + 1))[:n]


def closed_form(n, with_scalars):
    """libsodium's c G for c = sum over i < n of (s_i if with_scalars else 1) * MULTIPLES[i % 3] * BASE mod q."""
    full, rest = divmod(n, PERIOD)
    if with_scalars:
        c = full * sum(COEFF) + sum(COEFF[:rest])
    else:
        per = [MULTIPLES[i % 3] * BASE for i in range(PERIOD)]
        c = full * sum(per) + sum(per[:rest])
    return ref.base_mul(c % Q)


class Inputs:
    """The arguments for size n and their expected results, each built on first use."""

    def __init__(self, n):
        self.n = n

    @functools.cached_property
    def encoded(self):
        return b"".join(periodic(POINTS, self.n))

    @functools.cached_property
    def listed(self):
        return periodic(POINTS, self.n)

    @functools.cached_property
    def scalars(self):
        return periodic(SCALARS, self.n)

    @functools.cached_property
    def sum(self):
        return closed_form(self.n, False)

    @functools.cached_property
    def msm(self):
        return closed_form(self.n, True)

    @functools.cached_property
    def scaled(self):
        return b"".join(periodic(TERMS, self.n))


# name -> (the call on the inputs, the expected bytes on the inputs); built per thread count (PointVector and
# MSMTable construction split over the threads too).
ENTRIES = {
    "point_sum_bytes": (lambda a: pr.point_sum(a.encoded), lambda a: a.sum),
    "point_sum_list": (lambda a: pr.point_sum(a.listed), lambda a: a.sum),
    "msm_bytes": (lambda a: pr.msm(a.scalars, a.encoded), lambda a: a.msm),
    "msm_list": (lambda a: pr.msm(a.scalars, a.listed), lambda a: a.msm),
    "msm_vartime_bytes": (lambda a: pr.msm_vartime(a.scalars, a.encoded), lambda a: a.msm),
    "msm_vartime_list": (lambda a: pr.msm_vartime(a.scalars, a.listed), lambda a: a.msm),
    "vector_sum": (lambda a: bytes(pr.PointVector(a.encoded).sum()), lambda a: a.sum),
    "vector_msm": (lambda a: bytes(pr.PointVector(a.encoded).msm(a.scalars)), lambda a: a.msm),
    "vector_msm_vartime": (lambda a: bytes(pr.PointVector(a.encoded).msm_vartime(a.scalars)), lambda a: a.msm),
    "vector_scale": (lambda a: pr.PointVector(a.encoded).scale(a.scalars).to_bytes(), lambda a: a.scaled),
    "table_msm": (lambda a: bytes(pr.MSMTable(a.encoded).msm(a.scalars)), lambda a: a.msm),
    "table_msm_vartime": (lambda a: bytes(pr.MSMTable(a.encoded).msm_vartime(a.scalars)), lambda a: a.msm),
}


SIZES = {
    "B-1": lambda b, k: b - 1,
    "B": lambda b, k: b,
    "B+1": lambda b, k: b + 1,
    "B+K": lambda b, k: b + k,
    "2B+1": lambda b, k: 2 * b + 1,
}


def sizes(block, k, names=tuple(SIZES)):
    return sorted({SIZES[name](block, k) for name in names} - {0})


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--block", type=int, default=0, help="the argument block (default: the module's)")
    parser.add_argument("runs", nargs="+", help="ENTRY=K1,K2,...[:SIZE,...]")
    args = parser.parse_args(argv)
    block = args.block or pr._objects._set_arg_block(1)
    pr._objects._set_arg_block(block)
    runs = []
    for run in args.runs:
        name, _, spec = run.partition("=")
        counts, _, size_names = spec.partition(":")
        size_names = tuple(size_names.split(",")) if size_names else tuple(SIZES)
        if name not in ENTRIES or not set(size_names) <= set(SIZES):
            parser.error(f"bad run {run!r}: entries {', '.join(ENTRIES)}; sizes {', '.join(SIZES)}")
        runs.append((name, [int(k) for k in counts.split(",")], size_names))
    fixed = {
        n: Inputs(n) for n in sizes(block, 0, ("B-1", "B", "B+1", "2B+1"))
    }  # the sizes every thread count runs, kept
    cases = 0
    for name, counts, size_names in runs:
        call, expected = ENTRIES[name]
        for k in counts:
            pr.set_threads(k)
            for n in sizes(block, k, size_names):
                a = fixed.get(n) or Inputs(n)
                got = call(a)
                if got != expected(a):
                    sys.exit(f"{name}: wrong result at {k} threads, n = {n}")
                cases += 1
    print("ok", cases)


if __name__ == "__main__":
    main(sys.argv[1:])
