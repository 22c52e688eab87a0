"""pyristretto.dask on a real local cluster: two worker processes, one thread each.

Expected values come two ways: from the single-process functions (tested against libsodium elsewhere), and
independently from discrete logs: the points are base_mul(x) for known x, so a sum of points is base_mul of
a sum of ints mod q, and an msm is base_mul of a dot product mod q.
"""

import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import dask
import dask.array as da
import numpy as np
import psutil
import pytest
from dask.distributed import Client, LocalCluster, get_task_stream

import pyristretto as pr
import pyristretto.dask as prd

Q = pr.q
POOL_SIZE = 512


def running_children(exclude=()):
    """This process's descendants that are running (not zombies), except those in `exclude` and
    multiprocessing's resource tracker (started with the first worker, it lives as long as this process)."""
    found = set()
    for child in psutil.Process().children(recursive=True):
        try:
            if (
                child.pid not in exclude
                and child.status() != psutil.STATUS_ZOMBIE
                and "resource_tracker" not in " ".join(child.cmdline())
            ):
                found.add(child.pid)
        except psutil.NoSuchProcess:
            pass
    return found


@pytest.fixture(scope="module")
def client():
    """A LocalCluster of 2 worker processes, shut down afterwards; fails if any process it started outlives it."""
    before = running_children()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", host="127.0.0.1")
    client = Client(cluster)
    worker_pids = set(client.run(os.getpid).values())
    assert len(worker_pids) == 2 and worker_pids <= running_children(before)
    yield client
    client.close()
    cluster.close()
    deadline = time.monotonic() + 30
    while running_children(before):
        assert time.monotonic() < deadline, f"processes {running_children(before)} still running after close()"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def pool():
    """POOL_SIZE valid points with known discrete logs: (logs, (POOL_SIZE, 32) uint8 array)."""
    rng = np.random.default_rng(11)
    logs = [int.from_bytes(rng.bytes(32), "little") % Q for _ in range(POOL_SIZE)]
    logs[0] = 0  # the identity is a valid point
    points = np.frombuffer(b"".join(pr.base_mul(x) for x in logs), dtype=np.uint8).reshape(POOL_SIZE, 32)
    return logs, points


def ledger(pool, n, seed):
    """n rows drawn from the pool: (their logs, (n, 32) points, (n, 32) random scalar bytes)."""
    logs, points = pool
    rng = np.random.default_rng(seed)
    index = rng.integers(0, POOL_SIZE, n)
    scalars = rng.integers(0, 256, (n, 32), dtype=np.uint8)  # most >= q (top bits random), not reduced
    if n:
        scalars[0] = 0xFF  # 2^256 - 1
        scalars[n // 2] = np.frombuffer(Q.to_bytes(32, "little"), np.uint8)  # exactly q: 0
    return [logs[i] for i in index], points[index], scalars


def scalar_ints(scalars):
    return [int.from_bytes(row.tobytes(), "little") for row in scalars]


def chunked(array, chunks):
    return da.from_array(array, chunks=(chunks, 32))


# (n, chunks of the points, chunks of the scalars): uneven, empty and single-row chunks, n from 0 to 10^5
CASES = [
    (0, (0,), (0,)),
    (1, (1,), (1,)),
    (7, (3, 0, 4), (7,)),
    (1000, (1, 0, 499, 0, 0, 500), (250, 250, 250, 250)),
    (5000, (1700, 1700, 1600), (1000,) * 5),
    (100_000, (7919,) * 12 + (100_000 - 12 * 7919,), (100_000,)),
]
CASE_IDS = [f"n={n}-{len(c)}chunks" for n, c, _ in CASES]


@pytest.mark.parametrize("n,point_chunks,scalar_chunks", CASES, ids=CASE_IDS)
def test_point_sum(client, pool, n, point_chunks, scalar_chunks):
    logs, points, _ = ledger(pool, n, seed=n)
    expected = pr.point_sum(points)
    assert expected == pr.base_mul(sum(logs))
    assert prd.point_sum(chunked(points, point_chunks), split_every=2) == expected  # a deep tree
    if n < 10_000:
        assert prd.point_sum(chunked(points, point_chunks)) == expected
        assert prd.point_sum(points) == expected  # numpy in


# constant-time msm is ~2x slower: its largest case is 5000 (it runs the same distribution code)
MSM_CASES = [
    pytest.param(f, *case, id=f"{f}-{i}")
    for f in ["msm", "msm_vartime"]
    for case, i in zip(CASES, CASE_IDS)
    if f == "msm_vartime" or case[0] <= 5000
]


@pytest.mark.parametrize("fname,n,point_chunks,scalar_chunks", MSM_CASES)
def test_msm(client, pool, fname, n, point_chunks, scalar_chunks):
    logs, points, scalars = ledger(pool, n, seed=n + 1)
    ints = scalar_ints(scalars)
    expected = getattr(pr, fname)([s % Q for s in ints], points)
    assert expected == pr.base_mul(sum(s * x for s, x in zip(ints, logs)))
    f = getattr(prd, fname)
    # misaligned chunks (the scalars are rechunked to the points'); then, below 10^4 rows, aligned chunks, a
    # deep tree and numpy on either side
    assert f(chunked(scalars, scalar_chunks), chunked(points, point_chunks)) == expected
    if n < 10_000:
        assert f(chunked(scalars, point_chunks), chunked(points, point_chunks), split_every=3) == expected
        assert f(scalars, chunked(points, point_chunks)) == expected
        assert f(chunked(scalars, scalar_chunks), points) == expected
        assert f(scalars, points) == expected


def test_work_runs_in_both_workers(client, pool):
    _, points, scalars = ledger(pool, 4000, seed=5)
    with get_task_stream(client) as stream:
        assert prd.msm_vartime(chunked(scalars, 500), chunked(points, 500)) == pr.msm_vartime(scalars, points)
    chunk_tasks = [
        t
        for t in stream.data  # keys (name, 0, i): the chunks; (name, depth, j): the tree
        if isinstance(t["key"], tuple) and t["key"][0].startswith("pyristretto-msm-vartime-") and t["key"][1] == 0
    ]
    assert len(chunk_tasks) == 8
    workers = {t["worker"] for t in chunk_tasks}
    assert workers == set(client.scheduler_info()["workers"])


INVALID = {
    "all_ff": b"\xff" * 32,  # non-canonical
    "bit255": (pr.G[:31] + bytes([pr.G[31] | 0x80])),  # libsodium 1.0.18 accepts it; we must not
    "not_on_curve": bytes([2]) + bytes(31),  # canonical field element, not a group element
}


@pytest.mark.parametrize("bad", INVALID.values(), ids=INVALID.keys())
@pytest.mark.parametrize("fname", ["point_sum", "msm", "msm_vartime"])
def test_invalid_point_names_global_index(client, pool, fname, bad):
    assert not pr.is_valid_point(bad)
    _, points, scalars = ledger(pool, 3000, seed=3)
    points = points.copy()
    points[1234] = np.frombuffer(bad, np.uint8)  # in the middle of the third chunk of 500
    args = (chunked(points, 500),) if fname == "point_sum" else (chunked(scalars, 700), chunked(points, 500))
    with pytest.raises(pr.InvalidPointError, match=r"^points\[1234\] is not a valid"):
        getattr(prd, fname)(*args)
    with pytest.raises(pr.InvalidPointError, match=r"^points\[1234\] is not a valid"):
        getattr(pr, fname)(*(np.ascontiguousarray(a) for a in args))  # the same as one process says
    # several invalid points in several chunks: the first one is named, whichever chunk fails first
    points[2999] = points[501] = points[1234]
    with pytest.raises(pr.InvalidPointError, match=r"^points\[501\] "):
        getattr(prd, fname)(*args[:-1], chunked(points, 500))


@pytest.mark.parametrize("fname", ["msm", "msm_vartime"])
def test_mismatched_lengths(client, pool, fname):
    _, points, scalars = ledger(pool, 100, seed=4)
    f = getattr(prd, fname)
    for s, p in [
        (scalars[:99], points),
        (scalars, points[:99]),
        (scalars[:0], points),
        (chunked(scalars, 10), chunked(points[:50], 10)),
    ]:
        with pytest.raises(ValueError, match=rf"^{fname}: \d+ scalars but \d+ points$"):
            f(s, p)


@pytest.mark.parametrize("fname", ["point_sum", "msm", "msm_vartime"])
def test_bad_arrays(fname):
    """Checked on the client before any task is submitted (no cluster needed)."""
    good = np.zeros((4, 32), np.uint8)
    f = getattr(prd, fname)

    def call(array):
        return f(array) if fname == "point_sum" else f(good, array)

    for bad, error, message in [
        (np.zeros((4, 32), np.int64), TypeError, "dtype uint8"),
        (np.zeros((4, 31), np.uint8), ValueError, r"shape \(n, 32\)"),
        (np.zeros((4, 2, 32), np.uint8), ValueError, r"shape \(n, 32\)"),
        (np.zeros(128, np.uint8), ValueError, r"shape \(n, 32\)"),
        (da.zeros((4, 32), dtype=np.float32), TypeError, "dtype uint8"),
        ([bytes(32)] * 4, TypeError, "dask or numpy array"),
        (bytes(128), TypeError, "dask or numpy array"),
    ]:
        with pytest.raises(error, match=f"^points: .*{message}"):
            call(bad)
    unknown = da.from_array(good, chunks=(2, 32))
    unknown = unknown[unknown[:, 0] == 0]  # boolean indexing: chunk sizes unknown until computed
    with pytest.raises(ValueError, match="unknown chunk sizes"):
        call(unknown)
    with pytest.raises(ValueError, match="split_every"):
        f(good, split_every=1) if fname == "point_sum" else f(good, good, split_every=1)


def test_columns_in_several_chunks_and_lazy_results(client, pool):
    logs, points, scalars = ledger(pool, 300, seed=6)
    split_columns = da.from_array(points, chunks=(100, 8))  # rechunked to whole rows
    assert prd.point_sum(split_columns) == pr.base_mul(sum(logs))
    lazy_sum = prd.point_sum(chunked(points, 64), compute=False)
    lazy_msm = prd.msm_vartime(chunked(scalars, 64), chunked(points, 64), compute=False)
    assert dask.compute(lazy_sum, lazy_msm) == (pr.point_sum(points), pr.msm_vartime(scalars, points))


def test_partials_pickle():
    """What travels between processes: numpy blocks in, 32 bytes (or an int index) out."""
    points = np.frombuffer(pr.G * 3, np.uint8).reshape(3, 32)
    partial = pickle.loads(pickle.dumps(prd._chunk_partial("point_sum", 10, points)))
    assert partial == pr.base_mul(3)
    bad = points.copy()
    bad[1] = 0xFF
    assert pickle.loads(pickle.dumps(prd._chunk_partial("point_sum", 10, bad))) == 11
    error = pickle.loads(pickle.dumps(pr.InvalidPointError("points[11] is not a valid Ristretto255 point encoding")))
    assert isinstance(error, pr.InvalidPointError) and str(error).startswith("points[11]")


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_ledger_audit.py"


def run_example(*args, timeout=300):
    return subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=timeout)


def test_example_default_sizes():
    """The example as documented: its own local cluster, the default sizes, in seconds."""
    start = time.monotonic()
    done = run_example()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ledger: 10000 commitments in 10 chunks" in done.stdout
    assert "audit PASSED" in done.stdout
    print(f"example ran in {time.monotonic() - start:.1f} s")


def test_example_tampered_and_npy_files(client, tmp_path):
    """On the test cluster: through a folder of .npy files; one entry committing to another amount fails."""
    address = client.scheduler.address
    done = run_example("--scheduler", address, "--entries", "3000", "--chunk", "700", "--npy-dir", str(tmp_path))
    assert done.returncode == 0 and "audit PASSED" in done.stdout, done.stdout + done.stderr
    assert len(list(tmp_path.glob("*.npy"))) == 5  # 3000 rows in chunks of 700
    done = run_example("--scheduler", address, "--entries", "3000", "--chunk", "700", "--tamper", "1234")
    assert done.returncode == 1 and "audit FAILED" in done.stdout, done.stdout + done.stderr


# ---- sr25519 batch verification on the cluster ------------------------------------------------------------


@pytest.fixture(scope="module")
def sr25519_batch():
    """n = 600 signatures by py-sr25519-bindings (the reference) under 50 keys, as (n, 64), (n, 32) arrays and a list
    of messages of different lengths."""
    import sr25519 as theirs

    rng = np.random.default_rng(48)
    pairs = [theirs.pair_from_seed(rng.bytes(32)) for _ in range(50)]
    who = rng.integers(0, 50, 600)
    msgs = [rng.bytes(int(rng.integers(0, 90))) for _ in range(600)]
    sigs = [theirs.sign(pairs[w], m) for w, m in zip(who, msgs)]
    as_array = lambda rows, w: np.frombuffer(b"".join(rows), np.uint8).reshape(len(rows), w)  # noqa: E731
    return as_array(sigs, 64), msgs, as_array([pairs[w][0] for w in who], 32)


def test_sr25519_verify_batch_on_the_cluster(client, sr25519_batch):
    from pyristretto.sr25519 import BatchVerificationError

    sigs, msgs, keys = sr25519_batch
    dsigs = da.from_array(sigs, chunks=(128, 64))
    assert prd.sr25519_verify_batch(dsigs, msgs, keys) is True
    assert prd.sr25519_verify_batch(sigs, msgs, da.from_array(keys, chunks=(50, 32))) is True
    fixed = np.frombuffer(b"".join(m.ljust(90, b"\0") for m in msgs), np.uint8).reshape(600, 90)
    with pytest.raises(BatchVerificationError):  # the padded messages are other messages
        prd.sr25519_verify_batch(dsigs, fixed, keys)
    for bad in (0, 127, 128, 333, 599):  # a bad signature in every kind of place: named by its global row
        tampered = sigs.copy()
        tampered[bad, 40] ^= 1
        with pytest.raises(BatchVerificationError) as e:
            prd.sr25519_verify_batch(da.from_array(tampered, chunks=(128, 64)), msgs, keys)
        assert e.value.index == bad
    two = sigs.copy()
    two[[450, 200], 0] ^= 1
    with pytest.raises(BatchVerificationError) as e:
        prd.sr25519_verify_batch(da.from_array(two, chunks=(100, 64)), msgs, keys, split_every=2)
    assert e.value.index == 200  # the first of the whole array, across chunks and tree levels
    delayed = prd.sr25519_verify_batch(dsigs, msgs, keys, context=b"substrate", compute=False)
    assert delayed.compute() is True
    with pytest.raises(BatchVerificationError):
        prd.sr25519_verify_batch(dsigs, msgs, keys, context=b"other")
    assert prd.sr25519_verify_batch(sigs[:0], [], keys[:0]) is True


def test_sr25519_verify_batch_bad_arguments(sr25519_batch):
    sigs, msgs, keys = sr25519_batch
    with pytest.raises(TypeError):
        prd.sr25519_verify_batch(sigs.astype(np.int64), msgs, keys)
    with pytest.raises(ValueError):
        prd.sr25519_verify_batch(sigs[:, :63], msgs, keys)
    with pytest.raises(ValueError):
        prd.sr25519_verify_batch(sigs, msgs[:-1], keys)
    with pytest.raises(TypeError):
        prd.sr25519_verify_batch(sigs, msgs, keys, context="substrate")
    with pytest.raises(TypeError):
        prd.sr25519_verify_batch(list(sigs), msgs, keys)
