"""Issue 17, item 3: the API traps a new user fell into (equality across the two layers, hidden re-encoding,
error names, sum(), expand_message_xmd, Scalar(bytes)). Expected values from tests/helpers/reference.py (libsodium
through pysodium) and the RFC 9380 vectors."""

import gc
import pickle
import random
import tracemalloc

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from pyristretto import Point, PointVector, Scalar, oprf
from pyristretto import _objects

Q = ref.Q
RNG = random.Random(17)


def points(n, seed):
    return [Point.base_mul(ref.Q - 7 * seed - 3 * i - 1) for i in range(n)]


# ---------------------------------------------------------------------------------------------
# Silent False across the layers: a Point equals its encoding, with a hash that agrees
# ---------------------------------------------------------------------------------------------
def test_point_equals_its_encoding():
    P, R = points(2, 1)
    enc = ref.point_mul(Q - 1, ref.base_mul(1))  # -G by libsodium
    assert Point(enc) == enc and enc == Point(enc) and -Point.generator() == enc
    for form in (bytes(P), bytearray(bytes(P)), memoryview(bytes(P)), memoryview(bytearray(bytes(P)))):
        assert P == form and form == P and not (P != form) and not (form != P)
    strided = memoryview(bytes(a for b in bytes(P) for a in (b, 0)))[::2]  # not contiguous, same bytes
    assert P == strided


def test_two_layers_agree():
    s = [ref.random_scalar(RNG) for _ in range(5)]
    V = PointVector(points(5, 2))
    assert V.msm_vartime(s) == pr.msm_vartime(s, V)  # the user's comparison (it was False)
    assert V.msm(s) == pr.msm(s, list(V)) and pr.msm(s, V.to_bytes()) == V.msm(s)
    assert V.sum() == pr.point_sum(V) == ref.point_sum([bytes(P) for P in V])
    assert Point.base_mul(s[0]) == pr.base_mul(s[0]) == ref.base_mul(s[0])
    assert V[0] + V[1] == pr.point_add(V[0], V[1]) and pr.point_neg(V[2]) == -V[2]


def test_point_not_equal_to_other_bytes():
    P, R = points(2, 3)
    identity = Point.identity()
    p_bytes = (2**255 - 19).to_bytes(32, "little")  # the field element p: a non-canonical encoding of zero
    assert not pr.is_valid_point(p_bytes)
    for other in (bytes(R), bytes(P)[:31], bytes(P) + b"\0", b"", bytes(64), bytearray(bytes(R))):
        assert P != other and other != P and not (P == other) and not (other == P)
    assert identity == bytes(32) and identity != p_bytes and p_bytes != identity
    assert P != memoryview(bytes(P)).cast("I")  # items wider than a byte: no encoding
    released = memoryview(bytes(P))
    released.release()
    assert (P == released) is False


def test_point_hash_agrees_with_its_encoding():
    P, R = points(2, 4)
    assert hash(P) == hash(bytes(P)) == hash(memoryview(bytes(P)))
    assert len({P, bytes(P)}) == 1 and len({P, bytes(P), R, bytes(R)}) == 2
    assert {bytes(P): "p"}[P] == "p" and {P: "p"}[bytes(P)] == "p"
    assert bytes(P) in {P} and P in {bytes(P)} and P in [bytes(R), bytes(P)]


def test_scalar_stays_unhashable():
    # A Scalar equals every int congruent to it mod q: no hash can agree with that, so none is offered (a Point
    # equals exactly one bytes value, its canonical encoding, so it can hash as that encoding).
    assert Scalar(5) == 5 == Scalar(5 + Q) and Scalar(5) == 5 + Q
    with pytest.raises(TypeError):
        hash(Scalar(5))


# ---------------------------------------------------------------------------------------------
# PointVector compares contents
# ---------------------------------------------------------------------------------------------
def test_point_vector_equality():
    pts = points(4, 5)
    V, W = PointVector(pts), PointVector([bytes(P) for P in pts])
    assert V is not W and V == W and not (V != W)
    assert V == PointVector(V.to_bytes()) == V[:] == pickle.loads(pickle.dumps(V))
    assert V != V[:3] and V != V[::-1] and V != PointVector(pts[:3] + [-pts[3]])
    assert PointVector([]) == PointVector(b"") and PointVector([]) != V
    assert V + W == PointVector([P + P for P in pts]) and (V - W) == PointVector([Point.identity()] * 4)


def test_point_vector_equals_lists_and_tuples_of_points():
    pts = points(3, 6)
    V = PointVector(pts)
    enc = [bytes(P) for P in pts]
    for same in (pts, tuple(pts), enc, tuple(enc), [pts[0], enc[1], bytearray(enc[2])], list(V)):
        assert V == same and same == V and not (V != same) and not (same != V)
    for other in (
        pts[:2],
        pts + pts[:1],
        pts[::-1],
        [pts[0], pts[1], enc[0]],
        [pts[0], pts[1], None],
        [pts[0], pts[1], 3],
        [pts[0], pts[1], enc[2][:31]],
        [],
        (),
    ):
        assert V != other and other != V and not (V == other)
    for other in (V.to_bytes(), None, 3, "V", set(pts), iter(pts)):  # no elements to compare: not equal
        assert (V == other) is False and (V != other) is True
    assert PointVector([]) == [] == PointVector(b"")


def test_point_vector_hash():
    pts = points(3, 7)
    V = PointVector(pts)
    assert hash(V) == hash(tuple(pts)) == hash(tuple(bytes(P) for P in pts)) == hash(PointVector(V.to_bytes()))
    assert len({V, PointVector(pts), tuple(pts)}) == 1
    assert {V: 1}[PointVector(list(reversed(pts))[::-1])] == 1
    assert hash(PointVector([])) == hash(())


# ---------------------------------------------------------------------------------------------
# Hidden re-encoding: a list of Points is used decoded; PointVector.to_bytes is cached
# ---------------------------------------------------------------------------------------------
def fresh_points(n):
    """Points whose encoding has never been computed (a group-law result caches none)."""
    G = Point.generator()
    out, P = [], G
    for _ in range(n):
        P = P + G
        out.append(P)
    return out


@pytest.mark.parametrize(
    "call",
    [
        lambda pts: pr.point_sum(pts),
        lambda pts: pr.msm([3] * len(pts), pts),
        lambda pts: pr.msm_vartime(list(range(len(pts))), pts),
    ],
    ids=["point_sum", "msm", "msm_vartime"],
)
def test_points_in_a_list_are_not_encoded_again(call):
    # Encoding a Point caches its encoding, a 32-byte bytes object the Point keeps: re-encoding each Point of the
    # list left n of them behind, visible to tracemalloc. Reading the decoded points leaves none.
    n = 200
    pts = fresh_points(n)
    call(pts[:2])  # warm-up: any one-off allocation
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        call(pts)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 8 * n, f"{kept} bytes kept for {n} points: their encodings were computed"
    assert bytes(pr.point_sum(pts)) == ref.point_sum([bytes(P) for P in pts])


@pytest.mark.parametrize("block", [1, 3, 7, 32768])
def test_mixed_lists_of_points_and_encodings(block):
    # Blocks of Points only, of encodings only, and mixed; results against libsodium, errors by global index.
    pts = points(17, 8)
    enc = [bytes(P) for P in pts]
    forms = [P if i % 5 < 2 else (enc[i] if i % 5 < 4 else bytearray(enc[i])) for i, P in enumerate(pts)]
    scalars = [ref.random_scalar(RNG) for _ in pts]
    expected_msm = ref.msm_loop(scalars, enc)
    previous = _objects._set_arg_block(block)
    try:
        for items in (forms, pts, enc, tuple(forms)):
            assert pr.point_sum(items) == ref.point_sum(enc)
            assert pr.msm(scalars, items) == expected_msm == pr.msm_vartime(scalars, items)
            assert PointVector(items) == pts
        for bad in (5, 11, 16):
            broken = list(forms)
            broken[bad] = bytes(31) + b"\x80"
            for call in (
                lambda: pr.point_sum(broken),
                lambda: pr.msm(scalars, broken),
                lambda: pr.msm_vartime(scalars, broken),
                lambda: PointVector(broken),
            ):
                with pytest.raises(pr.InvalidPointError, match=rf"points\[{bad}\]"):
                    call()
    finally:
        _objects._set_arg_block(previous)


def test_point_vector_to_bytes_is_cached():
    pts = points(5, 9)
    V = PointVector(pts)
    b = V.to_bytes()
    assert b == b"".join(bytes(P) for P in pts) == ref_join(pts)
    assert V.to_bytes() is b and bytes(V) is b
    assert np.frombuffer(b, np.uint8).reshape(-1, 32).shape == (5, 32)


def ref_join(pts):
    return b"".join(ref.point_mul(1, bytes(P)) for P in pts)


def test_point_vector_cache_follows_init():
    # to_bytes() before __init__ raises (tests/test_python_layer_safety.py) and caches nothing that could survive
    # the one __init__ that fills the vector.
    V = PointVector.__new__(PointVector)
    with pytest.raises(ValueError, match="not initialised"):
        V.to_bytes()
    pts = points(2, 10)
    V.__init__(pts)
    assert V.to_bytes() == b"".join(bytes(P) for P in pts) and V == pts


# ---------------------------------------------------------------------------------------------
# Smaller traps
# ---------------------------------------------------------------------------------------------
def test_sum_of_points_needs_no_start():
    pts = points(4, 11)
    assert sum(pts) == pts[0] + pts[1] + pts[2] + pts[3] == ref.point_sum([bytes(P) for P in pts])
    assert sum(P for P in pts[:1]) is pts[0] and 0 + pts[0] is pts[0]
    assert sum(PointVector(pts)) == PointVector(pts).sum()
    for bad in (1, -1, False, 0.0, Scalar(0), None):
        with pytest.raises(TypeError):
            bad + pts[0]
    with pytest.raises(TypeError):
        pts[0] + 0  # only 0 + P, for sum()


def test_expand_message_xmd_is_exported():
    xmd = ref.load_vectors()["rfc9380_expand_message_xmd_sha512"]
    assert "expand_message_xmd" in pr.__all__ and pr.expand_message_xmd is pr._objects.expand_message_xmd
    for case in xmd["cases"]:
        got = pr.expand_message_xmd(case["msg"].encode(), xmd["dst"].encode(), case["len_in_bytes"])
        assert got == bytes.fromhex(case["uniform_bytes"])


@pytest.mark.parametrize("value", [bytes(32), bytearray(32), memoryview(bytes(64)), np.zeros(32, np.uint8)])
def test_scalar_of_bytes_points_to_from_bytes(value):
    with pytest.raises(TypeError, match=r"Scalar\.from_bytes"):
        Scalar(value)
    assert Scalar(np.int64(5)) == 5 and Scalar(Scalar(7)) == 7  # int-likes still work
    with pytest.raises(TypeError, match="expected an int or a Scalar, got str"):
        Scalar("5")


BAD_ELEMENTS = [
    (bytes(31) + b"\x80", oprf.DeserializeError),
    (bytes(32), oprf.DeserializeError),
    ("not bytes", TypeError),
]


@pytest.mark.parametrize("bad, error", BAD_ELEMENTS)
def test_single_blind_evaluate_names_its_argument(bad, error):
    calls = [
        lambda: oprf.OPRFServer(5).blind_evaluate(bad),
        lambda: oprf.VOPRFServer(5).blind_evaluate(bad),
        lambda: oprf.POPRFServer(5).blind_evaluate(bad, b"info"),
    ]
    for call in calls:
        with pytest.raises(error, match=r"^blinded_element: ") as info:
            call()
        assert "[0]" not in str(info.value)
    with pytest.raises(error, match=r"^blinded_elements\[1\]: "):  # the batch still names the index
        oprf.OPRFServer(5).blind_evaluate_batch([pr.G, bad])


@pytest.mark.parametrize("bad, error", BAD_ELEMENTS)
def test_single_finalize_names_its_arguments(bad, error):
    good, blind = pr.G, 3
    with pytest.raises(error, match=r"^evaluated_element: "):
        oprf.OPRFClient().finalize(b"in", blind, bad)
    with pytest.raises(error, match=r"^evaluated_element: "):
        oprf.VOPRFClient(pr.G).finalize(b"in", blind, bad, good, bytes(64))
    with pytest.raises(error, match=r"^blinded_element: "):
        oprf.VOPRFClient(pr.G).finalize(b"in", blind, good, bad, bytes(64))
    with pytest.raises(error, match=r"^blinded_element: "):
        oprf.POPRFClient(pr.G).finalize(b"in", blind, good, bad, bytes(64), b"info")
    with pytest.raises(ValueError, match=r"^blind: "):
        oprf.OPRFClient().finalize(b"in", 0, good)
    with pytest.raises(TypeError, match=r"^input: "):
        oprf.OPRFClient().finalize("in", blind, good)
    with pytest.raises(error, match=r"^evaluated_elements\[0\]: "):  # the batch still names the index
        oprf.OPRFClient().finalize_batch([b"in"], [blind], [bad])
