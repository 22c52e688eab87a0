"""Threads: concurrent calls agree with serial results; a bytearray mutated by another thread while it
is msm's points buffer never crashes the interpreter or yields an invalid point."""
import random
import threading
import time

import pytest

import pyristretto as pr
from concurrency import run_concurrently
import reference as ref
from reference import Q

N_THREADS = 8


def test_concurrent_calls_agree_with_serial(fast_switching):
    rng = random.Random(7)
    n = 64
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


def _scribble_run(fname, writer_ops, check, n_readers=3, calls=150):
    rng = random.Random(f"scribble-{fname}")
    n = 16
    A = [ref.random_point(rng) for _ in range(n)]
    B = [ref.random_point(rng) for _ in range(n)]
    buf = bytearray(b"".join(A))
    scalars = [rng.randrange(Q) for _ in range(n)]
    stop = threading.Event()
    f = getattr(pr, fname)
    outcomes = {"invalid": 0, "ok": 0}
    lock = threading.Lock()

    def writer():
        wr = random.Random(99)
        while not stop.is_set():
            writer_ops(wr, buf, A, B)

    def reader(k):
        for _ in range(calls):
            try:
                res = f(scalars, buf)
            except pr.InvalidPointError:
                with lock:
                    outcomes["invalid"] += 1
                continue
            check(res, scalars, A, B)
            with lock:
                outcomes["ok"] += 1

    w = threading.Thread(target=writer)
    w.start()
    try:
        run_concurrently(reader, n_readers)
    finally:
        stop.set()
        w.join(timeout=60)
    assert not w.is_alive()
    assert outcomes["ok"] + outcomes["invalid"] == n_readers * calls
    return outcomes


@pytest.mark.parametrize("fname", ["msm", "msm_vartime"])
def test_bytearray_scribbled_during_msm(fname, fast_switching):
    """Random byte writes and point-sized writes: every result is InvalidPointError or a valid point."""
    invalid = [b for _, b in ref.invalid_encodings(ref.load_vectors())]

    def ops(wr, buf, A, B):
        # each step: reset to A or B (one atomic slice write), then maybe one corruption
        buf[:] = b"".join(wr.choice([A, B]))
        r = wr.random()
        if r < 0.2:
            buf[wr.randrange(len(buf))] = wr.randrange(256)
        elif r < 0.4:
            k = wr.randrange(len(A))
            buf[32 * k:32 * k + 32] = wr.choice(invalid)
        elif r < 0.6:
            k = wr.randrange(len(A))
            buf[32 * k:32 * k + 32] = wr.choice(A + B)
        time.sleep(0)  # let the readers run between writes

    def check(res, scalars, A, B):
        assert type(res) is bytes and len(res) == 32
        assert ref.is_valid(res), res.hex()

    outcomes = _scribble_run(fname, ops, check)
    assert outcomes["invalid"] > 0 and outcomes["ok"] > 0, outcomes  # both paths were exercised


@pytest.mark.parametrize("fname", ["msm", "msm_vartime"])
def test_bytearray_swapped_atomically_during_msm(fname, fast_switching):
    """The writer swaps the whole buffer between two valid point sets with one slice assignment (atomic
    under the GIL). Inputs are copied with the GIL held, so each result is msm over A or over B,
    never over a torn mixture."""
    cache = {}

    def ops(wr, buf, A, B):
        buf[:] = b"".join(A)
        buf[:] = b"".join(B)

    def check(res, scalars, A, B):
        if "B" not in cache:
            a, b = ref.msm_loop(scalars, A), ref.msm_loop(scalars, B)
            cache.update(A=a, B=b)
        assert res in (cache["A"], cache["B"]), "result from a torn read of the points buffer"

    outcomes = _scribble_run(fname, ops, check, calls=100)
    assert outcomes["invalid"] == 0, "every state of the buffer held valid points only"
