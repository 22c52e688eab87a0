"""pyristretto.sigma.lizard: Lizard and the Elligator inverse against curve25519-dalek's known answers
(tests/vectors/lizard-ristretto255.json) and a pure-Python RFC 9496 MAP and Lizard (tests/helpers/ristretto_ref.py);
round trips on random data and points."""

import os

import numpy as np
import pytest

import ristretto_ref as rr
from pyristretto import InvalidPointError, Point
from pyristretto.sigma import elgamal as eg
from pyristretto.sigma.lizard import elligator_inverse, lizard_decode, lizard_encode, map_to_curve
from vectors import load_json

DATA = load_json("lizard-ristretto255.json")


@pytest.mark.parametrize("e", DATA["lizard_encode_decode"], ids=lambda e: e["data"])
def test_lizard_vectors(e):
    data = bytes.fromhex(e["data"])
    P = lizard_encode(data)
    assert bytes(P).hex() == e["encoded_point"] == rr.lizard_encode(data).hex()
    assert rr.lizard_field_element(data).hex() == e["field_element_bytes"]
    for Q in (P, Point(bytes(P)), bytes(P), P + Point.identity()):
        assert lizard_decode(Q) == bytes.fromhex(e["decodes_to"])
    slots = elligator_inverse(P)
    assert slots[e["field_element_inverse_slot"]].hex() == e["field_element_bytes"]
    assert sum(s is not None for s in slots) == e["num_elligator_inverses"]


@pytest.mark.parametrize("e", DATA["lizard_decode_none"], ids=lambda e: e["description"][:30])
def test_points_that_carry_no_data(e):
    assert lizard_decode(bytes.fromhex(e["point"])) is None


@pytest.mark.parametrize("e", DATA["elligator_map_sage"] + DATA["elligator_inverse"], ids=lambda e: e["input"][:16])
def test_map_and_its_inverse_vectors(e):
    fe = bytes.fromhex(e["input"])
    P = map_to_curve(fe)
    assert bytes(P).hex() == e["point"] == rr.map_to_curve(fe).hex()
    ours = elligator_inverse(P)
    # the same field elements as dalek's (its slots are for the map's own representative, ours for the decoded one)
    assert sorted(s.hex() for s in ours if s) == sorted(s for s in e["map_to_curve_inverse"] if s)
    canonical = ((int.from_bytes(fe, "little") & (2**255 - 1)) % rr.P).to_bytes(32, "little")  # what MAP reads
    assert canonical in ours
    assert_inverse_is_right(bytes(P), ours)


def assert_inverse_is_right(encoding, slots):
    """Each defined slot maps back to the point (pure-Python MAP); slots 0-7 are even, 8-15 their negatives."""
    for i, s in enumerate(slots):
        if s is None:
            assert slots[(i + 8) % 16] is None
            continue
        assert rr.map_to_curve(s) == encoding
        value = int.from_bytes(s, "little")
        assert value < rr.P and (value & 1 == 0 if i < 8 else (value & 1 == 1 or value == 0))
        assert int.from_bytes(slots[(i + 8) % 16], "little") == (-value) % rr.P


def test_random_round_trips():
    for _ in range(40):
        data = os.urandom(16)
        P = lizard_encode(bytearray(data))
        assert bytes(P) == rr.lizard_encode(data)
        assert lizard_decode(P) == data
        slots = elligator_inverse(P)
        assert_inverse_is_right(bytes(P), slots)
        assert rr.lizard_field_element(data) in slots[:8]
    found = 0
    for _ in range(40):
        P = Point.random()
        assert lizard_decode(P) is None  # about 2^-125 of points carry data
        slots = elligator_inverse(P)  # none defined for about 1 point in 256 (each slot pair: a square test)
        found += any(slots)
        assert_inverse_is_right(bytes(P), slots)
    assert found >= 35
    for _ in range(20):  # any field element is found among the inverses of its image
        fe = bytearray(os.urandom(32))
        fe[31] &= 0x7F
        value = int.from_bytes(fe, "little")
        if value >= rr.P:
            continue
        slots = elligator_inverse(map_to_curve(fe))
        assert bytes(fe) in slots


def test_identity_and_slot_order_of_decoded_points():
    slots = elligator_inverse(Point.identity())
    assert_inverse_is_right(bytes(32), slots)
    assert bytes(32) in slots
    P = Point.random()
    assert elligator_inverse(P) == elligator_inverse(P + Point.identity() + P - P) == elligator_inverse(bytes(P))


def test_elgamal_carries_data():
    key = eg.keygen()
    for _ in range(5):
        data = os.urandom(16)
        ct = eg.encrypt(key.public_key, lizard_encode(data))
        assert lizard_decode(eg.decrypt(key, ct.rerandomize(key.public_key))) == data


@pytest.mark.parametrize(
    "bad", [5, None, [1] * 16, "0123456789abcdef", np.zeros(16, dtype=np.int64)], ids=lambda b: type(b).__name__
)
def test_bad_input(bad):
    with pytest.raises(TypeError):
        lizard_encode(bad)
    with pytest.raises(TypeError):
        lizard_decode(bad)
    with pytest.raises(TypeError):
        elligator_inverse(bad)
    with pytest.raises(TypeError):
        map_to_curve(bad)
    with pytest.raises(ValueError):
        lizard_encode(b"\0" * 15)
    with pytest.raises(ValueError):
        map_to_curve(b"\0" * 33)
    with pytest.raises(InvalidPointError):
        lizard_decode(b"\xff" * 32)
    with pytest.raises(InvalidPointError):
        elligator_inverse(b"\xff" * 32)
