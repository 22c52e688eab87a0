"""The object layer with hypothesis: group laws on Points, field laws on Scalars, and agreement with the
functional API (points are built with libsodium, tests/helpers/reference.py); shared objects used from 8 threads."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyristretto as pr
import reference as ref
from concurrency import run_concurrently
from pyristretto import FixedBase, Point, Scalar
from reference import EDGE_SCALARS, IDENTITY_BYTES, Q

CI = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

ints = st.one_of(
    st.integers(min_value=0, max_value=Q - 1),
    st.integers(min_value=-(2**600), max_value=2**600),
    st.sampled_from(EDGE_SCALARS),
)
scalars = ints.map(Scalar)
points = st.one_of(
    st.binary(min_size=64, max_size=64).map(ref.from_hash),
    st.integers(min_value=0, max_value=Q - 1).map(ref.base_mul),
    st.sampled_from([IDENTITY_BYTES, ref.base_mul(1), ref.base_mul(-1), ref.H_BYTES]),
).map(Point)


@CI
@given(points, points, points)
def test_group_laws(P, R, S):
    O = Point.identity()
    assert (P + R) + S == P + (R + S)
    assert P + R == R + P
    assert P + O == P and O + P == P
    assert P + (-P) == O and P - P == O and -(-P) == P
    assert P - R == P + (-R)
    assert bytes((P + R) - R) == bytes(P)


@CI
@given(ints, ints, points, points)
def test_scalar_multiplication_laws(a, b, P, R):
    A, B = Scalar(a), Scalar(b)
    assert (a + b) * P == a * P + b * P == (A + B) * P
    assert a * (P + R) == a * P + a * R
    assert (A * B) * P == A * (B * P) == (a * b) * P
    assert A * P == P * a and bytes(A * P) == ref.point_mul(a, bytes(P))
    assert FixedBase(P) * A == A * P
    assert 1 * P == P and (0 * P).is_identity() and (-1) * P == -P


@CI
@given(scalars, scalars, scalars)
def test_field_laws(A, B, C):
    assert (A + B) + C == A + (B + C) and A + B == B + A
    assert (A * B) * C == A * (B * C) and A * B == B * A
    assert A * (B + C) == A * B + A * C
    assert A + 0 == A and A * 1 == A and A - A == 0 and A + (-A) == 0
    assert int(A - B) == (int(A) - int(B)) % Q
    if A:
        assert A * A.invert() == 1 and A.invert().invert() == A


@CI
@given(ints, ints, points, points)
def test_objects_agree_with_functional_api(a, b, P, R):
    p, r = bytes(P), bytes(R)
    assert bytes(P + R) == pr.point_add(p, r) and bytes(P - R) == pr.point_sub(p, r)
    assert bytes(a * P) == pr.point_mul(a, p) and bytes(Point.base_mul(a)) == pr.base_mul(a)
    assert int(Scalar(a) * Scalar(b)) == pr.sc_mul(a, b) and int(Scalar(a) + b) == pr.sc_add(a, b)
    assert pr.msm([Scalar(a), b], [P, r]) == bytes(a * P + b * R)


def test_shared_objects_from_eight_threads(fast_switching):
    """Immutable objects shared by 8 threads (multiplications release the GIL) give the serial results."""
    P, R = Point.from_uniform_bytes(bytes(range(64))), Point.hash_to_group(b"threads", b"DST")
    s, t = Scalar.hash_to_scalar(b"s", b"DST"), Scalar(-12345)
    B = FixedBase(R)

    def compute():
        return [
            bytes(P + R),
            bytes(s * P),
            bytes(P * t),
            bytes(B * s),
            bytes(t * B),
            bytes(Point.base_mul(s)),
            int(s * t + s),
            int(s.invert()),
            bytes(s * P - t * R),
            hash(P),
            P == R,
            bytes(-R),
        ]

    serial = compute()
    assert serial[1] == ref.point_mul(int(s), bytes(P)) and serial[3] == ref.point_mul(int(s), bytes(R))
    assert serial[5] == ref.base_mul(int(s)) and serial[2] == ref.point_mul(-12345, bytes(P))

    def work(k):
        for _ in range(40):
            assert compute() == serial

    run_concurrently(work, 8)
