"""Batch encoding (issue 19, item 3): PointVector.to_bytes() of computed points (eight square roots at once on the
IFMA lanes) and the encodings that scale, scale_vartime and V * s fill in as they compute (the halves R = (s/2) P,
doubled, encoded from R with one batched inversion). Expected values from libsodium (tests/helpers/reference.py) and the
one-point portable encoder (Point.to_bytes), on identity, P and -P, duplicates, zero scalars (identity results
inside the batched inversion), every n from 0 to 70 and around the blocks (the IFMA groups of eight, the
portable inversion chunks of 256 and the lanes' 32 groups, the scale blocks of 256) and thread splits. The C++ side
(every E[4] representative of the halves, projective scaling, 1000 points) is cpp/tests/test_encode.cpp."""

import random

import pytest

import pyristretto as pr
import reference as ref
from concurrency import thread_setting
from reference import Q

SIZES = list(range(0, 71)) + [127, 128, 129, 255, 256, 257, 263, 300]
POOL = 300


def _pool():
    rng = random.Random(20261201)
    g = pr.Point.generator()
    p = g * rng.randrange(1, Q)
    pts, scs = [], []
    for i in range(POOL):
        kind = i % 6
        pts.append([pr.Point.identity(), p, -p, g * rng.randrange(Q), p, g][kind])  # p repeats: duplicates
        s = rng.randrange(Q)
        scs.append([0, 1, Q - 1, s, s | 1, s & ~1][(i // 6 + i) % 6])  # zero, one, q - 1, odd and even
    return pts, scs


PTS, SCS = _pool()
EXPECT = [ref.point_mul(s, bytes(p)) for s, p in zip(SCS, PTS)]  # libsodium's products


@pytest.mark.parametrize("method", ["scale", "scale_vartime"])
def test_scale_encodings_equal_libsodium(method):
    v = pr.PointVector(PTS)
    for n in SIZES:
        w = getattr(v[:n], method)(SCS[:n])
        enc = w.to_bytes()  # the cache scale filled
        assert enc == b"".join(EXPECT[:n]), n
        # The points themselves (not the cache): Ristretto equality with libsodium's, and the one-point encoder.
        assert w == pr.PointVector(EXPECT[:n]), n
        assert [bytes(q) for q in w] == EXPECT[:n], n


def test_mul_by_one_scalar_encodings():
    v = pr.PointVector(PTS)
    s = Q // 3 + 5
    expect = [ref.point_mul(s, bytes(p)) for p in PTS]
    for n in (0, 1, 7, 8, 9, 64, 65, 257, 300):
        assert (v[:n] * s).to_bytes() == b"".join(expect[:n]), n
        assert (pr.Scalar(s) * v[:n]).to_bytes() == b"".join(expect[:n]), n
        zero = v[:n] * 0  # every half the identity: every factor of the batch replaced by 1
        assert zero.to_bytes() == bytes(32 * n) and zero == [pr.Point.identity()] * n, n


def test_to_bytes_of_computed_vectors():
    """Sums and differences (representatives with Z != 1) encoded by ristretto_encode_many."""
    rng = random.Random(5)
    g = pr.Point.generator()
    a = [g * rng.randrange(Q) for _ in range(POOL)]
    b = PTS
    va, vb = pr.PointVector(a), pr.PointVector(b)
    sums = [ref.point_add(bytes(x), bytes(y)) for x, y in zip(a, b)]
    diffs = [ref.point_sub(bytes(x), bytes(y)) for x, y in zip(a, b)]
    for n in SIZES:
        assert (va[:n] + vb[:n]).to_bytes() == b"".join(sums[:n]), n
        assert (va[:n] - vb[:n]).to_bytes() == b"".join(diffs[:n]), n
    h = pr.PointVector.hash_to_group([b"m%d" % i for i in range(20)], b"dst")
    assert h.to_bytes() == b"".join(bytes(pr.Point.hash_to_group(b"m%d" % i, b"dst")) for i in range(20))


def test_rfc9496_multiples(vectors):
    """The RFC's encodings of 0 G .. 15 G, from scale (one batch with an identity result) and from sums."""
    mult = [bytes.fromhex(h) for h in vectors["rfc9496_multiples_of_generator"]["encodings"]]
    g = pr.Point.generator()
    assert pr.PointVector([g] * len(mult)).scale(range(len(mult))).to_bytes() == b"".join(mult)
    assert (pr.PointVector([g] * len(mult)) * 1).to_bytes() == mult[1] * len(mult)
    running = pr.PointVector(mult[:-1]) + pr.PointVector([g] * (len(mult) - 1))  # (i + 1) G, Z != 1
    assert running.to_bytes() == b"".join(mult[1:])


@pytest.mark.parametrize("threads", [12, 24, 48])
def test_scale_encodings_over_threads(threads):
    """Thread splits whose chunks (n k / workers) are not multiples of eight; periodic inputs, libsodium expected."""
    period_pts, period_sc = PTS[:15], SCS[:15]
    prods = EXPECT[:15]
    with thread_setting(threads):
        for n in (64 * threads - 1, 64 * threads + 13):
            v = pr.PointVector([period_pts[i % 15] for i in range(n)])
            w = v.scale([period_sc[i % 15] for i in range(n)])
            assert w.to_bytes() == b"".join(prods[i % 15] for i in range(n)), n
