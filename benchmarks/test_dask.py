"""pyristretto.dask against the single-process functions (issue 11).

    python benchmarks/test_dask.py               # n = 2^20: the table of docs/dask.md
    python benchmarks/test_dask.py --log2n 16    # quicker
    python -m pytest benchmarks/test_dask.py     # a small run that checks the results, no timing assertions

For each of point_sum and msm_vartime, on the same data, in one run:
  * the single-process function with its default C++ threads (one per core), and pinned to one core;
  * pyristretto.dask on a LocalCluster of 1 and of 2 worker processes, one thread each, every worker pinned to
    its own core (the C++ core starts one thread per core of the machine: pinned, a worker computes on one core,
    as a one-core machine would), the data already in the workers' memory (persisted), chunks of 2^16 rows;
  * the overhead per chunk: point_sum of 2^16 rows in 16 to 4096 chunks on the 2 workers; the slope of time
    against the number of chunks is what one more task costs.
Times are the best of --repeats runs of every variant in turns, so that load from other processes hits
every variant alike (both clusters stay up; the idle one costs nothing).

The points: 4096 distinct ones from derive_generators, tiled to n rows (decoding and adding cost the same for
repeated points: no algorithm here looks for repeats). The scalars: random 32-byte rows (reduced mod q in C++).
"""

import argparse
import contextlib
import os
import sys
import time

import numpy as np

import pyristretto as pr

DISTINCT = 4096
CHUNK_ROWS = 1 << 16


def make_data(n, seed=2026):
    distinct = np.frombuffer(b"".join(pr.derive_generators(b"dask benchmark", DISTINCT)), np.uint8)
    points = np.tile(distinct.reshape(DISTINCT, 32), (-(-n // DISTINCT), 1))[:n].copy()
    scalars = np.random.default_rng(seed).integers(0, 256, (n, 32), dtype=np.uint8)
    return scalars, points


def pin(cores):
    """Pins every thread of this process (and so the threads it starts later) to `cores`."""
    for tid in os.listdir("/proc/self/task"):
        try:
            os.sched_setaffinity(int(tid), cores)
        except OSError:  # a thread that has just ended
            pass
    return sorted(os.sched_getaffinity(0))


class Cluster:
    """A LocalCluster of `workers` processes (one thread each), worker i pinned to core `first + i` (mod cores).

    Not the default client: `with cluster.use():` routes computations to it, so that two clusters can be
    measured in turns."""

    def __init__(self, workers, first=0):
        from dask.distributed import Client, LocalCluster

        self.cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1"
        )
        self.client = Client(self.cluster, set_as_default=False)
        cores = sorted(os.sched_getaffinity(0))
        for i, address in enumerate(sorted(self.client.scheduler_info()["workers"])):
            self.client.run(pin, {cores[(first + i) % len(cores)]}, workers=[address])

    @contextlib.contextmanager
    def use(self):
        import dask

        with self.client.as_current(), dask.config.set(scheduler=self.client.get):
            yield

    def persist(self, *arrays):
        """The arrays computed into the workers' memory (so that timings leave out moving them there)."""
        from dask.distributed import wait

        with self.use():
            persisted = self.client.persist(list(arrays))
            wait(persisted)
        return persisted

    def close(self):
        self.client.close()
        self.cluster.close()


def timed(call, cluster=None, cores=None):
    """(seconds, result) of one call, on `cluster`, or in this process pinned to `cores`."""
    context = cluster.use() if cluster else contextlib.nullcontext()
    restore = os.sched_getaffinity(0)
    if cores:
        pin(cores)
    try:
        with context:
            start = time.perf_counter()
            result = call()
            return time.perf_counter() - start, result
    finally:
        if cores:
            pin(restore)


def measure(log2n, repeats, out=sys.stdout):
    """Runs every variant `repeats` times in turns; prints and returns the best times."""
    import dask.array as da
    import pyristretto.dask as prd

    n = 1 << log2n
    scalars, points = make_data(n)
    cores = sorted(os.sched_getaffinity(0))
    chunk_rows = min(CHUNK_ROWS, n)
    clusters = {1: Cluster(1, first=0), 2: Cluster(2, first=0)}
    try:
        data = {
            w: c.persist(
                da.from_array(scalars, chunks=(chunk_rows, 32)), da.from_array(points, chunks=(chunk_rows, 32))
            )
            for w, c in clusters.items()
        }
        small = points[:chunk_rows]
        overhead_counts = [k for k in (16, 256, 1024, 4096) if k <= len(small)]
        small_data = {
            k: clusters[2].persist(da.from_array(small, chunks=(len(small) // k, 32)))[0] for k in overhead_counts
        }
        variants = {  # label -> (cluster or None, cores or None, {function: call})
            f"single process, {len(cores)} C++ threads": (
                None,
                None,
                {"point_sum": lambda: pr.point_sum(points), "msm_vartime": lambda: pr.msm_vartime(scalars, points)},
            ),
            "single process, 1 core": (
                None,
                {cores[0]},
                {"point_sum": lambda: pr.point_sum(points), "msm_vartime": lambda: pr.msm_vartime(scalars, points)},
            ),
        }
        for w, cluster in clusters.items():
            s, p = data[w]
            variants[f"dask, {w} worker{'s' * (w > 1)} x 1 core"] = (
                cluster,
                None,
                {"point_sum": lambda p=p: prd.point_sum(p), "msm_vartime": lambda s=s, p=p: prd.msm_vartime(s, p)},
            )
        rows = {label: {} for label in variants}
        overhead = {}
        expected = {
            "point_sum": pr.point_sum(points),
            "msm_vartime": pr.msm_vartime(scalars, points),
            "small": pr.point_sum(small),
        }
        for _ in range(repeats):  # in turns, so that load from other processes hits every variant alike
            for label, (cluster, pinned, calls) in variants.items():
                for name, call in calls.items():
                    seconds, result = timed(call, cluster, pinned)
                    assert result == expected[name], f"{label} {name}: wrong result"
                    rows[label][name] = min(seconds, rows[label].get(name, float("inf")))
            for k in overhead_counts:
                seconds, result = timed(lambda: prd.point_sum(small_data[k]), clusters[2])
                assert result == expected["small"]
                overhead[k] = min(seconds, overhead.get(k, float("inf")))
    finally:
        for cluster in clusters.values():
            cluster.close()

    counts = np.array(list(overhead), float)
    slope = float(np.polyfit(counts, np.array(list(overhead.values())), 1)[0]) if len(counts) > 1 else float("nan")
    print(
        f"pyristretto {pr.__version__}, n = 2^{log2n} = {n}, {len(cores)} cores, "
        f"load average {os.getloadavg()[0]:.1f}, best of {repeats}, chunks of {chunk_rows} rows",
        file=out,
    )
    base = rows["single process, 1 core"]
    print(f"{'':36s} {'point_sum':>18s} {'msm_vartime':>18s}", file=out)
    for label, times in rows.items():
        cells = [f"{times[f]:7.2f} s ({base[f] / times[f]:4.2f}x)" for f in ("point_sum", "msm_vartime")]
        print(f"{label:36s} " + " ".join(f"{c:>18s}" for c in cells), file=out)
    print("(x: speed relative to the single process on 1 core)", file=out)
    print(
        f"overhead per chunk (2 workers, point_sum of {len(small)} rows): "
        + ", ".join(f"{k} chunks {t * 1e3:.0f} ms" for k, t in overhead.items())
        + f"; slope {slope * 1e3:.2f} ms per extra chunk",
        file=out,
    )
    return rows, {"times": overhead, "slope": slope}


def test_dask_benchmark_small():
    """The benchmark's code on a small n: every variant agrees with the single-process function."""
    rows, overhead = measure(log2n=10, repeats=1)
    assert len(rows) == 4 and list(overhead["times"]) == [16, 256, 1024]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--log2n", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    measure(arguments.log2n, arguments.repeats)
