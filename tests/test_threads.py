"""Threads: the thread setting (set_threads / get_threads / PYRISTRETTO_THREADS) and the CPU count behind its
default; results equal for every thread count; concurrent calls agree with serial results; a bytearray mutated
by another thread while it is msm's points buffer never crashes the interpreter and gives the result of a state
the writer produced; the lazily built fixed-base tables fit a 64 KiB thread stack."""

import os
import random
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import pyristretto as pr
from concurrency import run_concurrently, thread_setting
import reference as ref
from reference import Q

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(pr.__file__)))


def run_python(code, env_extra=(), timeout=300):
    env = {k: v for k, v in os.environ.items() if k != "PYRISTRETTO_THREADS"}
    env["PYTHONPATH"] = PACKAGE_ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout, env=env
    )


# ---- the setting -----------------------------------------------------------------------------------------------


def test_set_get_round_trip():
    with thread_setting(1):
        for k in (1, 2, 3, 7, 64):
            pr.set_threads(k)
            assert pr.get_threads() == k
            # every extension module linking the C++ core holds its own copy: all of them follow
            assert pr._objects._get_threads() == k
        pr.set_threads(1000)  # accepted; at most 64 threads are used
        assert pr.get_threads() == 64
        pr.set_threads(0)  # automatic: the CPUs this process may run on
        assert pr._objects._get_threads() == 0
        assert pr.get_threads() == min(pr._objects._available_cpus(), 64)


def test_worker_split_follows_the_setting():
    """The threaded split starts at 128 points with at least 64 points per thread, up to the setting."""
    with thread_setting(3):
        assert [pr._objects._worker_count(n) for n in (0, 127, 128, 191, 192, 300, 10**6)] == [1, 1, 2, 2, 3, 3, 3]
    with thread_setting(1):
        assert pr._objects._worker_count(10**6) == 1


def test_decoding_work_counts_half_on_ifma():
    """Decoding costs about a quarter as much on the IFMA backend, so the decode-dominated splits (point_sum,
    msm_vartime, PointVector construction) count half the points there: they thread from 256 points, not 128."""
    halved = pr.backend() == "ifma"
    sizes = (0, 1, 255, 256, 257, 10**6)
    assert [pr._objects._decode_work(n) for n in sizes] == [n // 2 if halved else n for n in sizes]
    with thread_setting(3):
        assert pr._objects._worker_count(pr._objects._decode_work(255 if halved else 127)) == 1
        assert pr._objects._worker_count(pr._objects._decode_work(256 if halved else 128)) == 2


def test_plain_sums_count_a_fraction_of_their_points():
    """A plain sum of decoded points (PointVector.sum) is a run of additions, much cheaper per point than a decode,
    and cheaper again on the IFMA backend's eight lanes: it threads from 4096 points, or 16384 on IFMA."""
    divisor = 128 if pr.backend() == "ifma" else 32
    sizes = (0, 1, 4095, 4096, 16383, 16384, 10**6)
    assert [pr._objects._sum_work(n) for n in sizes] == [n // divisor for n in sizes]
    with thread_setting(3):
        assert pr._objects._worker_count(pr._objects._sum_work(128 * divisor - 1)) == 1
        assert pr._objects._worker_count(pr._objects._sum_work(128 * divisor)) == 2


@pytest.mark.parametrize("bad", [-1, -(2**40), 2**32, 2**64])
def test_set_threads_rejects_bad_counts(bad):
    before = pr._objects._get_threads()
    with pytest.raises(ValueError, match="k: expected 0"):
        pr.set_threads(bad)
    assert pr._objects._get_threads() == before


@pytest.mark.parametrize("bad", [1.0, "2", None, b"\x02", True])
def test_set_threads_rejects_non_ints(bad):
    before = pr._objects._get_threads()
    with pytest.raises(TypeError, match="k: expected an int"):
        pr.set_threads(bad)
    assert pr._objects._get_threads() == before


def cgroup_quota_cpus():
    """The strictest CPU quota on this process's cgroup v2 path (cpu.max up to the root), else cgroup v1's; 0: none."""
    limits = []
    with open("/proc/self/cgroup") as f:
        group = next((line[3:].strip().rstrip("/") for line in f if line.startswith("0::")), "")
    while True:
        path = f"/sys/fs/cgroup{group}/cpu.max"
        if os.path.exists(path):
            with open(path) as f:
                quota, _, period = f.read().partition(" ")
            if quota != "max" and int(quota) > 0:
                limits.append(-(-int(quota) // int(period)))
        if not group:
            break
        group = group.rsplit("/", 1)[0]
    if not limits and os.path.exists("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"):
        with open("/sys/fs/cgroup/cpu/cpu.cfs_quota_us") as q, open("/sys/fs/cgroup/cpu/cpu.cfs_period_us") as p:
            quota, period = int(q.read()), int(p.read())
        if quota > 0:
            limits.append(-(-quota // period))
    return min(limits, default=0)


def test_available_cpus_is_the_affinity_mask_within_the_quota():
    """The automatic count is len(os.sched_getaffinity(0)), or a stricter cgroup CPU quota (rounded up); a
    subprocess pinned to one CPU sees 1."""
    quota = cgroup_quota_cpus()
    affinity = len(os.sched_getaffinity(0))
    assert pr._objects._available_cpus() == (min(affinity, quota) if quota else affinity)
    pinned = run_python("""
        import os
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        import pyristretto as pr
        print(pr._objects._available_cpus(), pr.get_threads())
    """)
    assert pinned.returncode == 0, pinned.stderr
    assert pinned.stdout.split() == ["1", "1"]


@pytest.mark.parametrize(
    "text,cpus",
    [
        (b"max 100000", 0),
        (b"max 100000\n", 0),
        (b"200000 100000\n", 2),
        (b"150000 100000", 2),
        (b"50000 100000", 1),
        (b"100000 100000", 1),
        (b"6400000 100000", 64),
        (b"", 0),
        (b"garbage", 0),
        (b"0 100000", 0),
        (b"100000 0", 0),
    ],
)
def test_cgroup_v2_cpu_max_parsing(text, cpus):
    assert pr._objects._cpu_max_limit(text) == cpus


@pytest.mark.parametrize("value,expected", [("1", 1), ("3", 3), (" 2 ", 2), ("0", None), ("", None)])
def test_environment_variable_read_at_import(value, expected):
    proc = run_python(
        """
        import pyristretto as pr
        print(pr._objects._get_threads(), pr.get_threads(), pr._objects._available_cpus())
    """,
        {"PYRISTRETTO_THREADS": value},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    setting, effective, cpus = map(int, proc.stdout.split())
    if expected is None:
        assert (setting, effective) == (0, min(cpus, 64))
    else:
        assert (setting, effective) == (expected, expected)


@pytest.mark.parametrize("value", ["-1", "two", "1.5"])
def test_bad_environment_variable_warns_and_keeps_the_default(value):
    proc = run_python(
        """
        import warnings
        warnings.simplefilter("always")
        import pyristretto as pr
        print(pr._objects._get_threads())
    """,
        {"PYRISTRETTO_THREADS": value},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["0"]
    assert "RuntimeWarning" in proc.stderr and "PYRISTRETTO_THREADS" in proc.stderr


@pytest.mark.parametrize("n", [127, 128, 200, 300, 1000, 3100])
def test_results_equal_for_every_thread_count(n):
    """Thread counts up to 48, more than most machines running the suite have (set_threads accepts them): at
    3100 points 12, 24 and 48 threads each get their own split."""
    rng = random.Random(n)
    scalars = [rng.randrange(Q) if i % 5 else rng.choice([0, 1, Q - 1]) for i in range(n)]
    points = [ref.random_point(rng) for _ in range(n)]
    flat = b"".join(points)
    want_msm = ref.msm_loop(scalars, points)
    want_sum = ref.point_sum(points)
    for k in (1, 2, 3, 8, 12, 24, 48, 0):
        with thread_setting(k):
            assert pr._objects._worker_count(n) == (1 if n < 128 or k == 1 else min(k or pr.get_threads(), n // 64))
            assert pr.msm(scalars, flat) == want_msm, k
            assert pr.msm_vartime(scalars, points) == want_msm, k
            assert pr.point_sum(flat) == want_sum, k


def smallest_thread_stack():
    """The smallest thread stack this CPython accepts (threading.stack_size raises ValueError below it): 32 KiB up
    to 3.14, 52 KiB on 3.15 (53248 bytes on x86_64 Linux; it grew with the interpreter's stack-overflow guard)."""
    for size in range(32768, 1 << 20, 4096):
        try:
            threading.stack_size(size)
        except ValueError:
            continue
        threading.stack_size(0)
        return size
    raise AssertionError("threading.stack_size accepts no size up to 1 MiB")


SMALLEST_STACK = smallest_thread_stack()


def test_the_smallest_stack_is_small():
    """The small-stack tests below run on the smallest stack Python allows, which must stay small for them to mean
    anything: 32 KiB up to 3.14 (what the old fixed-base build overflowed), at most 64 KiB on later versions."""
    assert SMALLEST_STACK == 32768 if sys.version_info < (3, 15) else SMALLEST_STACK < 65536


# AddressSanitizer gives every temporary its own stack slot with redzones: the IFMA comb's frame grows from 4.3 KB
# (-O3) to 124 KB (-O1 with ASan; g++ -fstack-usage), past these stacks. They are about the normal build; the
# sanitizer's portable pass still runs the test.
@pytest.mark.skipif(
    bool(os.environ.get("PYRISTRETTO_SANITIZED")) and pr.backend() == "ifma",
    reason="ASan inflates the IFMA comb's stack frame (4.3 KB -> 124 KB) past the small stacks",
)
@pytest.mark.parametrize("stack", [65536, SMALLEST_STACK])
def test_fixed_base_tables_built_on_a_small_thread_stack(stack):
    """The first pedersen_commit in a fresh process builds both fixed-base tables on the calling thread; here that
    thread has a 64 KiB stack, and Python's smallest (32 KiB up to 3.14: the one the old ~51 KB of temporaries
    overflowed with a segmentation fault, 64 KiB happened to hold them; 52 KiB on 3.15), and then runs the comb (on
    IFMA, 8 KB of stack at most). The expected commitment comes from libsodium."""
    proc = run_python(
        """
        import hashlib, threading
        import pysodium
        import pyristretto as pr  # computes G and H only; the tables are built lazily

        Q = 2**252 + 27742317777372353535851937790883648493
        H = pysodium.crypto_core_ristretto255_from_hash(hashlib.blake2b(b"Ristretto255:H", digest_size=64).digest())
        a, b = Q // 3 + 12345, Q - 12345
        want = pysodium.crypto_core_ristretto255_add(
            pysodium.crypto_scalarmult_ristretto255_base(a.to_bytes(32, "little")),
            pysodium.crypto_scalarmult_ristretto255(b.to_bytes(32, "little"), H))
        got = []
        threading.stack_size(STACK)
        t = threading.Thread(target=lambda: got.append(pr.pedersen_commit(a, b)))
        t.start()
        t.join()
        assert got == [want], got
        print("ok")
    """.replace("STACK", str(stack))
    )
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr[-3000:]}"
    assert proc.stdout.split() == ["ok"]


@pytest.mark.skipif(
    bool(os.environ.get("PYRISTRETTO_SANITIZED")),
    reason="the sanitizers' redzones multiply stack frames: the small stack is about the normal build",
)
@pytest.mark.parametrize("n", [24, 64, 200, 500])
def test_multi_point_calls_on_a_small_thread_stack(n):
    """The constant-time and public-scalar sums, on the object layer too, PointVector.scale, Point and FixedBase *
    ScalarVector (a comb table built in C++), hash_to_group and derive_generators (eight-lane on IFMA), in a thread
    with Python's smallest stack (32 KiB up to 3.14): on the IFMA backend MSMTable.msm once overflowed it (the
    eight-lane table build kept a 15 KB frame).
    n = 24: three groups of eight lanes, Straus; 64, 200 and 500: the IFMA Pippenger (from 48 points, windows of 4,
    6 and 8 bits), the portable one (from 128) and, at 200 and 500, the threaded split and MSMTable's narrower
    and Pippenger paths. One fresh process, so the calls run first in that thread; the expected sum is libsodium's
    loop."""
    proc = run_python(
        """
        import threading
        import pysodium
        import pyristretto as pr

        n = COUNT
        points = [pysodium.crypto_core_ristretto255_from_hash((i + 1).to_bytes(2, "little") * 32) for i in range(n)]
        scalars = [(pr.q // (i + 2)) * 7 % pr.q + i for i in range(n)]
        want = bytes(32)
        for s, p in zip(scalars, points):
            want = pysodium.crypto_core_ristretto255_add(
                want, pysodium.crypto_scalarmult_ristretto255(s.to_bytes(32, "little"), p))
        got = {}
        def calls():
            got["msm"] = pr.msm(scalars, points)
            got["msm_vartime"] = pr.msm_vartime(scalars, points)
            got["PointVector.msm"] = bytes(pr.PointVector(points).msm(scalars))
            got["MSMTable.msm"] = bytes(pr.MSMTable(points).msm(scalars))
            got["MSMTable.msm_vartime"] = bytes(pr.MSMTable(points).msm_vartime(scalars))
            got["FixedBase"] = bytes(pr.FixedBase(points[0]) * scalars[0])
            v = pr.ScalarVector(scalars)
            multiples["Point * ScalarVector"] = (pr.Point(points[0]) * v).to_bytes()  # a comb table built in C++
            multiples["FixedBase * ScalarVector"] = (pr.FixedBase(points[0]) * v).to_bytes()
            got["scale"] = pr.PointVector(points).scale(scalars).to_bytes()  # the batched inversion's frames
            got["sums"] = (pr.PointVector(points) + pr.PointVector(points)).to_bytes()  # eight-lane encoding
            maps["hash_to_group"] = pr.PointVector.hash_to_group(points, b"DST").to_bytes()  # eight-lane maps
            maps["derive_generators"] = pr.PointVector.derive_generators(b"dom", n).to_bytes()
        maps, multiples = {}, {}
        threading.stack_size(STACK)
        t = threading.Thread(target=calls)
        t.start()
        t.join()
        first = pysodium.crypto_scalarmult_ristretto255(scalars[0].to_bytes(32, "little"), points[0])
        assert got.pop("FixedBase") == first, "FixedBase"
        times_first = b"".join(pysodium.crypto_scalarmult_ristretto255(s.to_bytes(32, "little"), points[0])
                               for s in scalars)
        assert multiples == dict.fromkeys(["Point * ScalarVector", "FixedBase * ScalarVector"], times_first)
        products = [pysodium.crypto_scalarmult_ristretto255(s.to_bytes(32, "little"), p)
                    for s, p in zip(scalars, points)]
        assert got.pop("scale") == b"".join(products), "PointVector.scale"
        assert got.pop("sums") == b"".join(pysodium.crypto_core_ristretto255_add(p, p) for p in points), "to_bytes"
        assert got == dict.fromkeys(got, want) and len(got) == 5, got
        assert maps == {"hash_to_group": b"".join(pr.hash_to_group(p, b"DST") for p in points),
                        "derive_generators": b"".join(pr.derive_generators(b"dom", n))}, "the one-way maps"
        print("ok", pr.backend())
    """.replace("COUNT", str(n)).replace("STACK", str(SMALLEST_STACK))
    )
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr[-3000:]}"
    assert proc.stdout.split() == ["ok", pr.backend()]


# ---- concurrent calls ------------------------------------------------------------------------------------------

N_THREADS = 8


@pytest.mark.parametrize("n, threads", [(64, 3), (128, 3), (300, 3), (300, 12), (1600, 24)])
def test_concurrent_calls_agree_with_serial(fast_switching, n, threads):
    """Sizes below the threaded split (128 points), at it and past twice it, with 3 threads allowed; and 12 and 24
    threads, more than the machine's CPUs (1600 points: 24 threads of 66 or 67 points)."""
    with thread_setting(threads):
        assert pr._objects._worker_count(n) == (1 if n < 128 else min(threads, n // 64))
        concurrent_calls_agree_with_serial(n)


def concurrent_calls_agree_with_serial(n):
    rng = random.Random(7)
    scalars = [rng.randrange(Q) for _ in range(n)]
    scalars_vt = [s if i % 3 else 0 for i, s in enumerate(scalars)]
    points = [ref.random_point(rng) for _ in range(n)]
    buf = b"".join(points)
    domain = b"thread-domain"
    amounts = [(rng.randrange(Q), rng.randrange(Q)) for _ in range(8)]

    serial = {
        "msm": pr.msm(scalars, points),
        "msm_vartime": pr.msm_vartime(scalars_vt, points),
        "derive": pr.derive_generators(domain, 40),
        "pedersen": [pr.pedersen_commit(a, b) for a, b in amounts],
        "hs": pr.Hs(domain, *points[:4]),
    }
    # the serial results themselves are right (libsodium)
    assert serial["msm"] == ref.msm_loop(scalars, points)
    assert serial["msm_vartime"] == ref.msm_loop(scalars_vt, points)
    assert serial["derive"] == ref.derive_generators(domain, 40)
    assert serial["pedersen"] == [ref.pedersen_commit(a, b) for a, b in amounts]

    def work(k):
        for it in range(12):
            assert pr.msm(scalars, points) == serial["msm"]
            assert pr.msm(scalars, buf) == serial["msm"]
            assert pr.msm_vartime(scalars_vt, points) == serial["msm_vartime"]
            assert pr.msm_vartime(scalars_vt, buf) == serial["msm_vartime"]
            assert pr.derive_generators(domain, 40) == serial["derive"]
            a, b = amounts[(k + it) % len(amounts)]
            assert pr.pedersen_commit(a, b) == serial["pedersen"][(k + it) % len(amounts)]
            assert pr.Hs(domain, *points[:4]) == serial["hs"]

    run_concurrently(work, N_THREADS)


def _scribble_run(fname, writer_ops, n, n_readers=3, calls=150, until_both=False):
    """Readers call fname(scalars, buf) while a writer mutates buf; returns the scalars, the point sets A and B, the
    writer's log and the readers' results (a point, or None for InvalidPointError). With until_both, the readers
    go on past `calls` (for up to a minute) until both outcomes have occurred: on a loaded machine the writer may
    get too few turns during the first calls."""
    rng = random.Random(f"scribble-{fname}-{n}")
    A = [ref.random_point(rng) for _ in range(n)]
    B = [ref.random_point(rng) for _ in range(n)]
    buf = bytearray(b"".join(A))
    scalars = [rng.randrange(Q) for _ in range(n)]
    stop = threading.Event()
    f = getattr(pr, fname)
    results = []
    log = set()
    lock = threading.Lock()

    def writer():
        wr = random.Random(99)
        while not stop.is_set():
            writer_ops(wr, buf, A, B, log)

    def both_seen():
        with lock:
            return None in results and any(r is not None for r in results)

    def reader(k):
        deadline = time.monotonic() + 60
        done = 0
        while done < calls or (until_both and not both_seen() and time.monotonic() < deadline):
            try:
                res = f(scalars, buf)
            except pr.InvalidPointError:
                res = None
            with lock:
                results.append(res)
            done += 1

    w = threading.Thread(target=writer)
    w.start()
    try:
        with thread_setting(3):  # n >= 128: the decoding and the sums run split over threads
            run_concurrently(reader, n_readers)
    finally:
        stop.set()
        w.join(timeout=60)
    assert not w.is_alive()
    assert len(results) >= n_readers * calls
    return scalars, A, B, log, results


@pytest.mark.parametrize("n", [16, 256])
@pytest.mark.parametrize("fname", ["msm", "msm_vartime"])
def test_bytearray_scribbled_during_msm(fname, n, fast_switching):
    """Random byte writes and point-sized writes. Each writer step resets the buffer to A or B, then maybe changes
    one 32-byte slot k to some Y (logged as (k, Y)). The inputs are copied with the GIL held, so every result is
    InvalidPointError or exactly the sum over a state the writer produced: sum(A or B) + s_k (Y - P_k), computed
    here with libsodium for every logged (k, Y) -- never a torn mixture or any other valid point."""
    invalid = [b for _, b in ref.invalid_encodings(ref.load_vectors())]

    def ops(wr, buf, A, B, log):
        buf[:] = b"".join(wr.choice([A, B]))
        r = wr.random()
        k = wr.randrange(len(A))
        if r < 0.2:
            buf[32 * k + wr.randrange(32)] = wr.randrange(256)
        elif r < 0.4:
            buf[32 * k : 32 * k + 32] = wr.choice(invalid)
        elif r < 0.6:
            buf[32 * k : 32 * k + 32] = wr.choice(A + B)
        if r < 0.6:
            log.add((k, bytes(buf[32 * k : 32 * k + 32])))
        time.sleep(0)  # let the readers run between writes

    scalars, A, B, log, results = _scribble_run(fname, ops, n, until_both=True)
    assert None in results and any(r is not None for r in results), "both outcomes were exercised"
    possible = set()
    for base in (A, B):
        total = ref.msm_loop(scalars, base)
        possible.add(total)
        for k, Y in log:
            if ref.is_valid(Y):
                change = ref.point_sub(ref.point_mul(scalars[k], Y), ref.point_mul(scalars[k], base[k]))
                possible.add(ref.point_add(total, change))
    for res in results:
        assert res is None or res in possible, f"{res.hex()} is the sum over no state of the buffer"


@pytest.mark.parametrize("n", [16, 256])
@pytest.mark.parametrize("fname", ["msm", "msm_vartime"])
def test_bytearray_swapped_atomically_during_msm(fname, n, fast_switching):
    """The writer swaps the whole buffer between two valid point sets with one slice assignment (atomic
    under the GIL). Inputs are copied with the GIL held, so each result is msm over A or over B,
    never over a torn mixture."""

    def ops(wr, buf, A, B, log):
        buf[:] = b"".join(A)
        buf[:] = b"".join(B)

    scalars, A, B, log, results = _scribble_run(fname, ops, n, calls=100)
    assert None not in results, "every state of the buffer held valid points only"
    want = {ref.msm_loop(scalars, A), ref.msm_loop(scalars, B)}
    for res in results:
        assert res in want, "result from a torn read of the points buffer"
