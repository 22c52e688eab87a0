"""Issue 44's multiples of one point, side by side in one run: FixedBase * ScalarVector (one call into C++: the comb
for every scalar, threads for large n) against a Python loop of FixedBase * s, and Point * ScalarVector against a
loop of P * s, at n = 1, 16, 256 and 4096. Pinned to one CPU, one thread:

    PYRISTRETTO_THREADS=1 taskset -c 1 python benchmarks/multiples.py

Unpinned (threads from 64 scalars on the comb), the one call gains the threads too. Each figure is the best of
several repeats of CPU time (time.process_time: waiting for a busy CPU does not count) and of wall time."""

import os
import time
import timeit

import pyristretto as pr
from pyristretto import FixedBase, Point, ScalarVector

SIZES = (1, 16, 256, 4096)


def best(f, number, repeat=7):
    cpu = min(timeit.repeat(f, number=number, repeat=repeat, timer=time.process_time)) / number
    wall = min(timeit.repeat(f, number=number, repeat=repeat)) / number
    return cpu, wall


def main():
    P = Point.hash_to_group(b"base", b"benchmarks/multiples.py")
    B = FixedBase(P)
    print(f"backend {pr.backend()}, threads {pr.get_threads()}, CPUs {sorted(os.sched_getaffinity(0))}")
    print(
        f"{'operation':26} {'n':>5} {'one call, CPU (wall)':>24} {'loop, CPU (wall)':>24} {'speed-up, CPU (wall)':>21}"
    )
    for n in SIZES:
        v = ScalarVector.random(n)
        items = list(v)
        number = max(1, 2048 // n)
        rows = [
            ("FixedBase * ScalarVector", lambda: B * v, lambda: [B * s for s in items]),
            ("Point * ScalarVector", lambda: P * v, lambda: [P * s for s in items]),
        ]
        for name, call, loop in rows:
            assert call() == loop()
            (c_cpu, c_wall), (l_cpu, l_wall) = best(call, number), best(loop, number)
            print(
                f"{name:26} {n:5} {c_cpu * 1e6:11.1f} ({c_wall * 1e6:9.1f}) us {l_cpu * 1e6:11.1f} "
                f"({l_wall * 1e6:9.1f}) us {l_cpu / c_cpu:10.2f}x ({l_wall / c_wall:.2f}x)"
            )


if __name__ == "__main__":
    main()
