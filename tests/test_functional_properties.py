"""Group-law and scalar-field properties with hypothesis (points are built with libsodium)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyristretto as pr
import reference as ref
from reference import EDGE_SCALARS, IDENTITY_BYTES, Q

CI = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(
    st.integers(min_value=0, max_value=Q - 1),
    st.integers(min_value=-(2**1000), max_value=2**1000),
    st.sampled_from(EDGE_SCALARS),
)
points = st.one_of(
    st.binary(min_size=64, max_size=64).map(ref.from_hash),
    st.integers(min_value=0, max_value=Q - 1).map(ref.base_mul),
    st.sampled_from([IDENTITY_BYTES, ref.base_mul(1), ref.base_mul(-1), ref.H_BYTES]),
)


@CI
@given(points, points, points)
def test_add_associative(P, Q_, R):
    assert pr.point_add(pr.point_add(P, Q_), R) == pr.point_add(P, pr.point_add(Q_, R))
    assert pr.point_sum([P, Q_, R]) == pr.point_add(pr.point_add(P, Q_), R)


@CI
@given(points, points)
def test_add_commutative(P, Q_):
    assert pr.point_add(P, Q_) == pr.point_add(Q_, P)
    assert pr.point_add(P, Q_) == ref.point_add(P, Q_)


@CI
@given(scalars, scalars, points)
def test_distributive_over_scalar_add(a, b, P):
    lhs = pr.point_mul(a + b, P)
    assert lhs == pr.point_add(pr.point_mul(a, P), pr.point_mul(b, P))
    assert lhs == pr.point_mul(pr.sc_add(a, b), P)
    assert lhs == pr.msm([a, b], [P, P]) == pr.msm_vartime([a, b], [P, P])


@CI
@given(scalars, points, points)
def test_distributive_over_point_add(a, P, Q_):
    assert pr.point_mul(a, pr.point_add(P, Q_)) == pr.point_add(pr.point_mul(a, P), pr.point_mul(a, Q_))
    assert pr.point_mul(a, pr.point_sub(P, Q_)) == pr.point_sub(pr.point_mul(a, P), pr.point_mul(a, Q_))


@CI
@given(scalars, scalars, points)
def test_scalar_mul_compatible(a, b, P):
    assert pr.point_mul(a * b, P) == pr.point_mul(a, pr.point_mul(b, P))
    assert pr.point_mul(pr.sc_mul(a, b), P) == pr.point_mul(b, pr.point_mul(a, P))


@CI
@given(points)
def test_order_q_python_ints(P):
    """With Python ints the argument conversion reduces q and q + 1 first, so C++ sees 0 and 1 here; the raw bytes
    of q, q + 1, q - 1 and 2^256 - 1 reach the C++ core in test_cimport.py::test_order_q_raw_bytes and in
    cpp/tests/test_msm.cpp (unreduced_scalar)."""
    assert pr.point_mul(Q, P) == IDENTITY_BYTES
    assert pr.point_mul(Q + 1, P) == P
    assert pr.point_mul(Q - 1, P) == pr.point_neg(P)


@CI
@given(points)
def test_inverse(P):
    assert pr.point_sub(P, P) == IDENTITY_BYTES
    assert pr.point_add(P, pr.point_neg(P)) == IDENTITY_BYTES
    assert pr.point_add(P, IDENTITY_BYTES) == P
    assert pr.point_neg(pr.point_neg(P)) == P


@CI
@given(scalars)
def test_base_mul_is_point_mul_G(a):
    assert pr.base_mul(a) == pr.point_mul(a, pr.G) == ref.base_mul(a)


@CI
@given(scalars, scalars, points, points)
def test_msm_linear(a, b, P, Q_):
    expected = pr.point_add(pr.point_mul(a, P), pr.point_mul(b, Q_))
    assert pr.msm([a, b], [P, Q_]) == expected
    assert pr.msm_vartime([a, b], P + Q_) == expected


@CI
@given(scalars, scalars)
def test_pedersen_linear(a, b):
    assert pr.pedersen_commit(a, b) == pr.point_add(pr.base_mul(a), pr.point_mul(b, pr.H))


@CI
@given(scalars, scalars, scalars)
def test_scalar_field(a, b, c):
    assert pr.sc_add(pr.sc_sub(a, b), b) == a % Q
    assert pr.sc_add(a, pr.sc_neg(a)) == 0
    assert pr.sc_mul(a, pr.sc_add(b, c)) == pr.sc_add(pr.sc_mul(a, b), pr.sc_mul(a, c))
    if a % Q:
        assert pr.sc_mul(a, pr.sc_inv(a)) == 1
    assert pr.from_bytes32(pr.to_bytes32(a)) == a % Q


@CI
@given(st.lists(st.one_of(st.binary(max_size=80), st.integers(min_value=-(2**300), max_value=2**300)), max_size=6))
def test_hashes(items):
    assert pr.Hs(*items) == ref.Hs(*items)
    assert pr.Hp(*items) == ref.Hp(*items)


@CI
@given(st.binary(max_size=300), st.binary(min_size=1, max_size=300))
def test_hash_to(msg, dst):
    assert pr.hash_to_group(msg, dst) == ref.hash_to_group(msg, dst)
    assert pr.hash_to_scalar(msg, dst) == ref.hash_to_scalar(msg, dst)


@CI
@given(st.binary(min_size=32, max_size=32))
def test_is_valid_point_random(b):
    assert pr.is_valid_point(b) is ref.is_valid(b)
