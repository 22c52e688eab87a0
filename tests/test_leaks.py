"""Leaks (issue 5): 100,000 calls of each public function -- valid and invalid input alternating, with the
argument kinds that take different paths (bytes, bytearray, memoryview, numpy; exceptions after a buffer was
acquired or a C++ buffer allocated) -- leave memory flat after a warm-up: Python allocations (tracemalloc) and
the process's resident set (/proc/self/statm).

PYRISTRETTO_LEAK_CALLS changes the number of calls (scripts/memcheck.sh runs thirty under valgrind,
where only valgrind's own leak report counts); the RSS bound is skipped under the sanitizers (ASan's
allocator keeps freed memory in quarantine)."""

import gc
import os
import pickle
import tracemalloc

import pytest

import pyristretto as pr

try:
    import numpy as np
except ImportError:  # numpy is a test dependency; without it the numpy variants use bytearray
    np = None

CALLS = int(os.environ.get("PYRISTRETTO_LEAK_CALLS", "100000"))
WARMUP = min(4000, CALLS)
CHECK_BOUNDS = "PYRISTRETTO_LEAK_CALLS" not in os.environ or CALLS >= 20000
SANITIZED = bool(os.environ.get("PYRISTRETTO_SANITIZED"))
RSS_BOUND = 1 << 20  # 1 MiB over 100,000 calls: a leak of >= 11 bytes per call fails
TRACED_BOUND = 64 << 10  # Python allocations: a single leaked object per call would be >= 2.8 MB

Q = pr.q
P = pr.base_mul(123456789)
R = pr.H
BAD = bytes.fromhex("f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")  # s >= p
BIT255 = P[:31] + bytes([P[31] | 0x80])
S = Q - 12345
BIG = -(2**700) + 5
PAGE = os.sysconf("SC_PAGE_SIZE")


def u8(raw):
    return np.frombuffer(raw, dtype=np.uint8).copy() if np is not None else bytearray(raw)


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


# name -> (valid call, invalid call); every invalid call must raise TypeError/ValueError/ZeroDivisionError.
CASES = {
    "sc_rand": (pr.sc_rand, lambda: pr.sc_add(1, None)),
    "sc_add": (lambda: pr.sc_add(S, BIG), lambda: pr.sc_add(S, "1")),
    "sc_sub": (lambda: pr.sc_sub(BIG, S), lambda: pr.sc_sub(1.5, S)),
    "sc_mul": (lambda: pr.sc_mul(S, S), lambda: pr.sc_mul(S, b"\x01")),
    "sc_neg": (lambda: pr.sc_neg(BIG), lambda: pr.sc_neg(None)),
    "sc_inv": (lambda: pr.sc_inv(S), lambda: pr.sc_inv(Q)),
    "sc_reduce": (lambda: pr.sc_reduce(bytearray(range(64))), lambda: pr.sc_reduce(memoryview(bytes(63)))),
    "from_bytes32": (lambda: pr.from_bytes32(memoryview(P)), lambda: pr.from_bytes32(bytearray(33))),
    "to_bytes32": (lambda: pr.to_bytes32(BIG), lambda: pr.to_bytes32("7")),
    "base_mul": (lambda: pr.base_mul(S), lambda: pr.base_mul(None)),
    "point_mul": (lambda: pr.point_mul(S, bytearray(P)), lambda: pr.point_mul(S, BAD)),
    "point_add": (lambda: pr.point_add(P, u8(R)), lambda: pr.point_add(P, BIT255)),
    "point_sub": (lambda: pr.point_sub(memoryview(P), R), lambda: pr.point_sub(u8(BAD), R)),
    "point_neg": (lambda: pr.point_neg(P), lambda: pr.point_neg(bytearray(31))),
    "point_sum": (lambda: pr.point_sum([P, bytearray(R), P]), lambda: pr.point_sum([P, R, BAD])),
    "point_sum_buffer": (lambda: pr.point_sum(u8(P + R)), lambda: pr.point_sum(P + R + b"\0")),
    "is_valid_point": (lambda: pr.is_valid_point(bytearray(P)), lambda: pr.is_valid_point(None)),
    "is_valid_point_false": (lambda: pr.is_valid_point(BAD), lambda: pr.is_valid_point(1.5)),
    "assert_valid_point": (lambda: pr.assert_valid_point("P", u8(P)), lambda: pr.assert_valid_point("P", BIT255)),
    "Hs": (lambda: pr.Hs(b"domain", P, S, bytearray(b"x" * 100)), lambda: pr.Hs(b"domain", P, None)),
    "Hp": (lambda: pr.Hp(b"domain", u8(P), BIG), lambda: pr.Hp(b"domain", 1.5)),
    "derive_generators": (lambda: pr.derive_generators(b"leaks", 2), lambda: pr.derive_generators(b"leaks", -1)),
    "expand_message_xmd": (
        lambda: pr.expand_message_xmd(b"msg", b"DST", 100),
        lambda: pr.expand_message_xmd(b"msg", b"DST", 0),
    ),
    "hash_to_group": (lambda: pr.hash_to_group(b"msg", b"DST" * 90), lambda: pr.hash_to_group(b"msg", b"")),
    "hash_to_scalar": (lambda: pr.hash_to_scalar(bytearray(b"m"), b"DST"), lambda: pr.hash_to_scalar("m", b"DST")),
    "msm": (lambda: pr.msm([S, BIG], [P, R]), lambda: pr.msm([S, S], [P, BAD])),
    "random_weights": (lambda: pr.random_weights(4), lambda: pr.random_weights(4, 253)),
    "select": (lambda: pr.select(pr.Scalar(S), pr.Scalar(1), 1), lambda: pr.select(pr.Scalar(S), pr.Scalar(1), 2)),
    "swap": (lambda: pr.swap(pr.Point(P), pr.Point(R), 1), lambda: pr.swap(pr.Point(P), pr.Scalar(1), 0)),
    "msm_buffer": (lambda: pr.msm([S], u8(P)), lambda: pr.msm([S, S], u8(P))),
    "msm_vartime": (lambda: pr.msm_vartime([S, 0], (P, R)), lambda: pr.msm_vartime([S, "x"], [P, R])),
    "msm_vartime_buffer": (lambda: pr.msm_vartime([7], P), lambda: pr.msm_vartime([S], BIT255)),
    "pedersen_commit": (lambda: pr.pedersen_commit(S, BIG), lambda: pr.pedersen_commit(S, None)),
    "set_threads": (lambda: pr.set_threads(pr._objects._get_threads()), lambda: pr.set_threads(-1)),
    "get_threads": (pr.get_threads, lambda: pr.set_threads(2.0)),
}


# The object layer: 100,000 creations of each kind of object (constructors, operator results, pickling),
# with failing constructions in between.
PT = pr.Point(P)
PR = pr.Point(R)
SC = pr.Scalar(S)
FB = pr.FixedBase(R)
SV = pr.ScalarVector([S, 2])
SV0 = pr.ScalarVector([S, 0])
PV = pr.PointVector([P, R])
FORGED = pickle.dumps(PT).replace(P, BIT255)  # unpickling validates: InvalidPointError
OBJECT_CASES = {
    "Point": (lambda: pr.Point(bytearray(P)), lambda: pr.Point(BAD)),
    "Point_ops": (lambda: -(PT + PR - PT), lambda: PT + P),
    "Point_mul": (lambda: SC * PT, lambda: PT * 1.5),
    "Point_constructors": (
        lambda: (
            pr.Point.random(),
            pr.Point.base_mul(SC),
            pr.Point.from_uniform_bytes(P + R),
            pr.Point.hash_to_group(b"m", b"DST"),
        ),
        lambda: pr.Point.from_uniform_bytes(P),
    ),
    "Point_encode": (lambda: (hash(PT + PR), repr(PT - PR), (PT + PR).to_bytes()), lambda: pr.Point(BIT255)),
    "Scalar": (lambda: pr.Scalar(BIG), lambda: pr.Scalar("1")),
    "Scalar_ops": (
        lambda: (SC * SC + 1 - SC, -SC, SC.invert(), int(SC), bytes(SC), SC == S),
        lambda: pr.Scalar(0).invert(),
    ),
    "Scalar_constructors": (
        lambda: (
            pr.Scalar.random(),
            pr.Scalar.from_bytes(bytes(32)),
            pr.Scalar.from_bytes_mod_order(P + R),
            pr.Scalar.hash_to_scalar(b"m", b"D"),
        ),
        lambda: pr.Scalar.from_bytes(BAD),
    ),
    "FixedBase_mul": (lambda: FB * SC, lambda: FB * None),
    "ScalarVector": (lambda: pr.ScalarVector([S, BIG, SC]), lambda: pr.ScalarVector([S, "1"])),
    "ScalarVector_ops": (
        lambda: (
            SV * SV + SV - SV * SC,
            SV.inner(SV),
            SV.sum(),
            SV.fold(S, 3),
            SV.batch_invert(),
            SV.batch_invert_vartime(),
            SV[1:],
            SV[0],
            pr.ScalarVector.concat(SV, SV),
            pr.ScalarVector.powers(SC, 4),
            SV == [S, 2],
            pr.ScalarVector.from_bytes(bytes(SV)),
            SC**-3,
            pr.msm(SV, [P, R]),
        ),
        lambda: SV0.batch_invert(),
    ),
    "PointVector_toolkit": (
        lambda: (
            PV * SC,
            PV.fold_vartime(S, 7),
            PV.scale_vartime(SV),
            pr.PointVector.concat(PV, PV),
            pr.PointVector.hash_to_group([b"a", b"b"], b"D"),
        ),
        lambda: PV.scale_vartime([1]),
    ),
    "pickle": (lambda: pickle.loads(pickle.dumps((PT, SC))), lambda: pickle.loads(FORGED)),
}


def test_every_public_function_is_covered():
    names = {n.split("_buffer")[0].split("_false")[0] for n in CASES}
    functions = {n for n in pr.__all__ if callable(getattr(pr, n)) and n[0].islower()}
    assert functions - {"get_include", "sodium_version", "backend"} <= names


def run(valid, invalid, calls):
    for _ in range(calls // 2):
        valid()
        try:
            invalid()
        except (TypeError, ValueError, ZeroDivisionError):
            pass
        else:
            raise AssertionError("the invalid call did not raise")


@pytest.mark.parametrize("name", list(CASES))
def test_memory_stays_flat(name):
    assert_flat(name, *CASES[name])


@pytest.mark.parametrize("name", list(OBJECT_CASES))
def test_objects_memory_stays_flat(name):
    assert_flat(name, *OBJECT_CASES[name])


def test_fixed_base_tables_are_freed():
    """Tables (~30 KiB each, C++ heap) are freed with their FixedBase: 2,000 of them would be 60 MB."""
    assert_flat("FixedBase", lambda: pr.FixedBase(P), lambda: pr.FixedBase(BAD), calls=min(CALLS, 4000))


def assert_flat(name, valid, invalid, calls=CALLS):
    run(valid, invalid, WARMUP)
    gc.collect()
    if not CHECK_BOUNDS:  # a short run for valgrind (scripts/memcheck.sh): its leak report is the check
        run(valid, invalid, calls)
        return
    tracemalloc.start()
    try:
        traced_before = tracemalloc.get_traced_memory()[0]
        rss_before = rss()
        run(valid, invalid, calls)
        gc.collect()
        traced_growth = tracemalloc.get_traced_memory()[0] - traced_before
        rss_growth = rss() - rss_before
    finally:
        tracemalloc.stop()
    assert traced_growth < TRACED_BOUND, f"{name}: Python allocations grew by {traced_growth} bytes over {calls} calls"
    if not SANITIZED:
        assert rss_growth < RSS_BOUND, f"{name}: RSS grew by {rss_growth} bytes over {calls} calls"
