"""Point and FixedBase (the object layer): differential against libsodium (pysodium, tests/helpers/reference.py) and the
functional API, on random and edge inputs; Ristretto equality across representatives; pickling; mixed types."""

import copy
import pickle

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from pyristretto import FixedBase, InvalidPointError, Point, Scalar
from reference import DIFF_CASES, EDGE_SCALARS, IDENTITY_BYTES, Q, random_scalar
from test_functional_points import random_test_point  # random one-way-map, known-log, identity, G and -G points

CASES = max(200, DIFF_CASES // 10)  # each case makes several objects and several libsodium calls
G_BYTES = ref.base_mul(1)


# ---------------------------------------------------------------------------------------------
# construction
# ---------------------------------------------------------------------------------------------
def test_from_every_bytes_like(rng):
    raw = ref.random_point(rng)
    spread = bytes(b for c in raw for b in (c, 0xFF))  # raw at the even offsets: strided views of it are raw
    for data in (
        raw,
        bytearray(raw),
        memoryview(raw),
        np.frombuffer(raw, np.uint8).copy(),
        np.frombuffer(spread, np.uint8)[::2],
        memoryview(spread)[::2],
    ):
        P = Point(data)
        assert type(P.to_bytes()) is bytes and P.to_bytes() == raw and bytes(P) == raw
    assert Point(Point(raw)) == Point(raw) and bytes(Point(Point(raw))) == raw


def test_invalid_point_error_is_one_class():
    from pyristretto import _objects

    assert pr.InvalidPointError is _objects.InvalidPointError
    with pytest.raises(pr.InvalidPointError):
        pr.point_add(pr.G, bytes(31) + b"\x80")  # raised by the functional API, caught as the package's class


def test_every_invalid_encoding_raises_naming_data(vectors):
    invalid = ref.invalid_encodings(vectors)
    assert len(invalid) >= 10
    for category, data in invalid:
        with pytest.raises(InvalidPointError, match="^data "):
            Point(data)
        with pytest.raises(InvalidPointError, match="^P "):
            FixedBase(data)


@pytest.mark.parametrize("length", [0, 31, 33, 64])
def test_wrong_length_is_invalid_point(length):
    with pytest.raises(InvalidPointError, match="data: expected 32 bytes"):
        Point(bytes(length))


@pytest.mark.parametrize("bad", [None, 1, 1.5, "a" * 32, [0] * 32, Scalar(1)])
def test_non_bytes_is_type_error(bad):
    with pytest.raises(TypeError):
        Point(bad)
    with pytest.raises(TypeError):
        FixedBase(bad)


def test_constants_and_constructors(rng, vectors):
    assert bytes(Point.identity()) == IDENTITY_BYTES and Point.identity().is_identity()
    assert bytes(Point.generator()) == G_BYTES == pr.G
    multiples = vectors["rfc9496_multiples_of_generator"]["encodings"]
    for k, hexed in enumerate(multiples):
        assert bytes(Point.base_mul(k)) == bytes.fromhex(hexed)
        assert bytes(k * Point.generator()) == bytes.fromhex(hexed)
    for s in EDGE_SCALARS:
        expected = ref.base_mul(s)
        assert bytes(Point.base_mul(s)) == expected
        assert bytes(Point.base_mul(Scalar(s))) == expected
    for _ in range(CASES):
        s = random_scalar(rng)
        assert bytes(Point.base_mul(s)) == ref.base_mul(s)


def test_random_points_are_valid_and_distinct():
    points = [Point.random() for _ in range(200)]
    assert len({bytes(P) for P in points}) == 200
    assert all(ref.is_valid(bytes(P)) for P in points)


def test_from_uniform_bytes(rng):
    for _ in range(CASES):
        u = rng.randbytes(64)
        assert bytes(Point.from_uniform_bytes(u)) == ref.from_hash(u)
        assert Point.from_uniform_bytes(bytearray(u)) == Point(ref.from_hash(u))
    for length in (0, 32, 63, 65):
        with pytest.raises(ValueError, match="b: expected 64 bytes"):
            Point.from_uniform_bytes(bytes(length))


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda msg, dst: bytes(Point.hash_to_group(msg, dst)), lambda msg, dst: ref.hash_to_group(msg, dst)),
        (lambda msg, dst: int(Scalar.hash_to_scalar(msg, dst)), lambda msg, dst: ref.hash_to_scalar(msg, dst)),
    ],
    ids=["Point.hash_to_group", "Scalar.hash_to_scalar"],
)
def test_hashing_constructors(rng, make, expected):
    for k in range(CASES // 4):
        msg, dst = rng.randbytes(k % 50), b"DST-" + rng.randbytes(k % 300)  # long dst: the oversize rule
        assert make(msg, dst) == expected(msg, dst)
    with pytest.raises(ValueError):
        make(b"m", b"")
    with pytest.raises(TypeError):
        make("m", b"dst")


# ---------------------------------------------------------------------------------------------
# group law, differential
# ---------------------------------------------------------------------------------------------
def test_operations_differential(rng, pool):
    for _ in range(CASES):
        p, r = random_test_point(rng, pool), random_test_point(rng, pool)
        s = random_scalar(rng)
        P, R = Point(p), Point(r)
        assert bytes(P + R) == ref.point_add(p, r)
        assert bytes(P - R) == ref.point_sub(p, r)
        assert bytes(-P) == ref.point_neg(p)
        expected = ref.point_mul(s, p)
        assert bytes(s * P) == expected and bytes(P * s) == expected
        assert bytes(Scalar(s) * P) == expected and bytes(P * Scalar(s)) == expected


def test_addition_edge_cases_and_chains(rng, pool):
    """P + Q and P - Q (one four-lane addition on the vector backends) on the identity, P and -P, doubling, mapped
    points (any of the eight Edwards representatives) and long chains, each result fed back in (its limbs are
    what the next addition reads)."""
    identity, g = Point.identity(), Point.generator()
    operands = [identity, g, -g, Point(pool.points[0]), Point.from_uniform_bytes(rng.randbytes(64))]
    for P in operands:
        for R in operands + [P, -P]:
            p, r = bytes(P), bytes(R)
            assert bytes(P + R) == ref.point_add(p, r) and bytes(P - R) == ref.point_sub(p, r)
    assert (g - g).is_identity() and (g + (-g)).is_identity() and g + identity == g and identity - g == -g
    chain = Point.from_uniform_bytes(rng.randbytes(64))
    expected = bytes(chain)
    for k in range(300):  # doublings, additions and subtractions of the running result
        step = Point(random_test_point(rng, pool))
        if k % 3 == 0:
            chain, expected = chain + chain, ref.point_add(expected, expected)
        elif k % 3 == 1:
            chain, expected = chain + step, ref.point_add(expected, bytes(step))
        else:
            chain, expected = step - chain, ref.point_sub(bytes(step), expected)
        assert bytes(chain) == expected


def test_edge_scalars_times_points(pool):
    for s in EDGE_SCALARS:
        for p in pool.points[:4]:
            assert bytes(s * Point(p)) == ref.point_mul(s, p)
            assert bytes(FixedBase(p) * s) == ref.point_mul(s, p)
    assert (Q * Point.random()).is_identity()
    assert (0 * Point.random()).is_identity()
    assert bytes(np.int64(-3) * Point.generator()) == ref.base_mul(-3)


def test_ristretto_equality_across_representatives(rng):
    for _ in range(CASES // 4):
        P, Q_ = Point.random(), Point.random()
        R = (P + Q_) - Q_  # the same element, other projective coordinates
        assert R == P and not (R != P) and hash(R) == hash(P) and bytes(R) == bytes(P)
        assert {P: 1}[R] == 1
        # the one-way map yields any of the 8 Edwards representatives of its element; the decoder yields one
        u = rng.randbytes(64)
        mapped, decoded = Point.from_uniform_bytes(u), Point(ref.from_hash(u))
        assert mapped == decoded and hash(mapped) == hash(decoded)
        assert (mapped - decoded).is_identity()
        assert P != Q_ and (P - Q_) != Point.identity()


def test_is_identity():
    P = Point.random()
    assert (P - P).is_identity() and (P + -P).is_identity() and Point(bytes(32)).is_identity()
    assert not P.is_identity() and not Point.generator().is_identity()


def test_comparisons_with_other_types_never_raise():
    P = Point.generator()
    # (P == pr.G, its own encoding, is True: tests/test_api_traps.py)
    for other in (pr.H, pr.G[:31], pr.G + b"\0", None, 1, Scalar(1), "G", FixedBase(P)):
        assert (P == other) is False and (other == P) is False
        assert (P != other) is True and (other != P) is True


def test_repr_hash_pickle_copy():
    P = Point.random()
    assert repr(P) == f"Point('{bytes(P).hex()}')"
    assert Point(bytes.fromhex(repr(P)[7:-2])) == P  # the repr shows the hex; a str is no point (TypeError)
    assert hash(P) == hash(bytes(P))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        R = pickle.loads(pickle.dumps(P, protocol))
        assert type(R) is Point and R == P and bytes(R) == bytes(P)
    assert copy.copy(P) is P and copy.deepcopy(P) is P


def test_pickle_revalidates():
    forged = pickle.dumps(Point.generator()).replace(pr.G, bytes(31) + b"\x80")
    with pytest.raises(InvalidPointError):
        pickle.loads(forged)


def test_points_are_immutable():
    P = Point.random()
    with pytest.raises(AttributeError):
        P.pt = None
    with pytest.raises(AttributeError):
        P.x = 1


def test_mixed_types_raise_type_error():
    P = Point.random()
    s = Scalar(3)
    for bad in (
        lambda: P + bytes(P),
        lambda: P - bytearray(P),
        lambda: bytes(P) + P,
        lambda: P + 1,
        lambda: 1 + P,
        lambda: P - 1,
        lambda: P + s,
        lambda: s + P,
        lambda: s - P,
        lambda: P - s,
        lambda: P * P,
        lambda: P * 1.5,
        lambda: P * "3",
        lambda: P * None,
        lambda: P * bytes(P),
        lambda: P @ P,
        lambda: -FixedBase(P),
        lambda: FixedBase(P) * P,
        lambda: P * FixedBase(P),
        lambda: FixedBase(P) + P,
    ):
        with pytest.raises(TypeError):
            bad()
    with pytest.raises(TypeError, match=r"Point\(b\)"):
        P + bytes(P)


# ---------------------------------------------------------------------------------------------
# the functional API takes Points (and Scalars)
# ---------------------------------------------------------------------------------------------
def test_functional_api_accepts_points(rng, pool):
    for _ in range(CASES // 4):
        p, r = random_test_point(rng, pool), random_test_point(rng, pool)
        s, t = random_scalar(rng), random_scalar(rng)
        P, R = Point(p), Point(r)
        assert pr.point_add(P, R) == pr.point_add(p, R) == pr.point_add(P, r) == ref.point_add(p, r)
        assert pr.point_sub(P, R) == pr.point_sub(p, R) == ref.point_sub(p, r)
        assert pr.point_neg(P) == ref.point_neg(p)
        assert pr.point_mul(s, P) == pr.point_mul(Scalar(s), P) == ref.point_mul(s, p)
        assert pr.point_sum([P, r, R]) == ref.point_sum([p, r, r])
        assert pr.msm([s, Scalar(t)], [P, R]) == pr.msm_vartime([Scalar(s), t], [p, R]) == ref.msm_loop([s, t], [p, r])
        assert pr.is_valid_point(P) and pr.assert_valid_point("P", P) is None
        assert pr.Hs(b"x", P, Scalar(s)) == ref.Hs(b"x", p, s) and pr.Hp(P, s) == ref.Hp(p, s)
    with pytest.raises(InvalidPointError, match="^Q "):
        pr.point_add(Point.random(), bytes(31) + b"\x80")
    with pytest.raises(InvalidPointError, match="^P "):
        pr.point_sub(bytes(31) + b"\x80", Point.random())
    with pytest.raises(InvalidPointError, match=r"points\[1\]"):
        pr.msm([1, 2], [Point.random(), bytes(31) + b"\x80"])


# ---------------------------------------------------------------------------------------------
# FixedBase
# ---------------------------------------------------------------------------------------------
def test_fixed_base_differential(rng, pool):
    bases = [random_test_point(rng, pool) for _ in range(8)] + [IDENTITY_BYTES, G_BYTES]
    tables = [FixedBase(p) for p in bases]
    for _ in range(CASES):
        i = rng.randrange(len(bases))
        s = random_scalar(rng)
        expected = ref.point_mul(s, bases[i])
        B = tables[i]
        assert bytes(B * s) == expected and bytes(s * B) == expected
        assert bytes(B.mul(s)) == expected and bytes(B * Scalar(s)) == expected and bytes(Scalar(s) * B) == expected


def test_fixed_base_of_point_and_of_g():
    P = Point.random()
    B = FixedBase(P)
    assert B.point is P and FixedBase(bytes(P)).point == P
    assert repr(B) == f"FixedBase({P!r})"
    assert FixedBase(pr.G) * 5 == Point.base_mul(5) == FixedBase(Point.generator()).mul(5)
    R = pickle.loads(pickle.dumps(B))
    assert type(R) is FixedBase and R.point == P and R * 7 == B * 7
    with pytest.raises(TypeError):
        B.mul(1.5)
    with pytest.raises(TypeError):
        B.__init__(P)  # immutable: the table cannot be replaced under a running multiplication
    with pytest.raises(AttributeError):
        B.point = P


def test_init_cannot_change_a_live_point_or_scalar():
    """Points and Scalars are shared (Point.identity() is one object, points are dict keys, Cython code reads them
    without the GIL): calling __init__ again must leave them as they are."""
    identity = Point.identity()
    identity.__init__(pr.G)
    assert Point.identity().is_identity() and bytes(Point.identity()) == IDENTITY_BYTES
    assert not Point.generator().is_identity()
    P = Point.random()
    before = bytes(P)
    P.__init__(pr.H)
    assert bytes(P) == before and P == Point(before) and hash(P) == hash(Point(before))
    s = Scalar(5)
    s.__init__(7)
    assert s == 5 and int(s) == 5
    with pytest.raises(TypeError):
        Point(pr.G, pr.H)
    with pytest.raises(TypeError):
        Scalar(1, 2)
    assert Point.__new__(Point).is_identity() and Scalar.__new__(Scalar) == 0  # the internal fast paths


def test_recycled_points_never_show_an_old_encoding():
    """Point objects are reused (a freelist): a new Point in a freed one's memory must not keep its cached encoding
    or hash. Points with cached encodings are freed, then sums (libsodium's encodings expected), the internal
    identity and decoded points are made in their place, each checked before and after its own encoding."""
    rng_points = [Point.base_mul(k) for k in range(3, 200)]
    for P in rng_points:
        hash(P)  # fills each cache
    del P
    rng_points.clear()  # the objects go back to the freelist
    G = Point.generator()
    for k in range(1, 130):
        S = G + Point.base_mul(k)  # (k + 1) G, recycled memory
        want = ref.base_mul(k + 1)
        assert hash(S) == hash(want) and bytes(S) == want and S.to_bytes() == want, k
        I = Point.__new__(Point)
        assert bytes(I) == IDENTITY_BYTES and I.is_identity()
        D = Point(want)
        assert bytes(D) == want and repr(D) == f"Point('{want.hex()}')"
