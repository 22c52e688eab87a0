"""Every known-answer vector in tests/vectors/ristretto255.json.

The file is read at collection time: if it is missing, collection fails (the suite fails, never skips).
"""

import hashlib

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from reference import IDENTITY_BYTES, Q

VECTORS = ref.load_vectors()
MULTIPLES = [bytes.fromhex(h) for h in VECTORS["rfc9496_multiples_of_generator"]["encodings"]]
INVALID = ref.invalid_encodings(VECTORS)
INVALID_IDS = [f"{cat}-{b.hex()[:8]}" for cat, b in INVALID]
XMD = VECTORS["rfc9380_expand_message_xmd_sha512"]
H2G = VECTORS["rfc9497_hash_to_group_ristretto255_sha512"]["cases"]
OWM = VECTORS["rfc9496_one_way_map"]["cases"]
COMPAT = VECTORS["pyristretto_0_1_0_compat"]


def test_vector_file_shape():
    assert len(MULTIPLES) == 16
    assert MULTIPLES[0] == IDENTITY_BYTES
    cats = VECTORS["rfc9496_invalid_encodings"]["cases"]
    assert any("bit 255" in c for c in cats)
    assert len(INVALID) >= 30
    assert len(XMD["cases"]) == 10 and len(H2G) == 2 and len(OWM) == 7


# ---------------------------------------------------------------------------------------------
# RFC 9496 A.1: multiples of the generator
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("k", range(16))
def test_generator_multiples(k):
    enc = MULTIPLES[k]
    assert pr.base_mul(k) == enc
    assert pr.base_mul(k + Q) == enc
    assert pr.base_mul(k - Q) == enc
    assert pr.base_mul(k + 2**300 * Q) == enc
    assert pr.point_mul(k, pr.G) == enc
    assert pr.point_mul(k, MULTIPLES[1]) == enc
    assert pr.msm([k], [pr.G]) == enc
    assert pr.msm_vartime([k], [pr.G]) == enc
    assert pr.pedersen_commit(k, 0) == enc
    assert pr.is_valid_point(enc) is True
    assert pr.assert_valid_point("enc", enc) is None
    assert pr.point_neg(enc) == pr.base_mul(-k) == ref.point_neg(enc)


def test_generator_multiples_add_chain():
    P = pr.IDENTITY
    for k in range(16):
        assert P == MULTIPLES[k], k
        P = pr.point_add(P, pr.G)
    # and back down with point_sub
    P = MULTIPLES[15]
    for k in range(15, -1, -1):
        assert P == MULTIPLES[k], k
        P = pr.point_sub(P, MULTIPLES[1])


def test_generator_multiples_sums():
    for a in range(16):
        for b in range(16 - a):
            assert pr.point_add(MULTIPLES[a], MULTIPLES[b]) == MULTIPLES[a + b]
            assert pr.point_sub(MULTIPLES[a + b], MULTIPLES[b]) == MULTIPLES[a]
    assert pr.point_sum(MULTIPLES[:6]) == MULTIPLES[15]  # 0+1+...+5 = 15
    assert pr.msm(list(range(1, 4)), MULTIPLES[1:4]) == MULTIPLES[14]  # 1+4+9
    assert pr.msm_vartime(list(range(1, 4)), b"".join(MULTIPLES[1:4])) == MULTIPLES[14]
    assert pr.msm([2, 3], [MULTIPLES[3], MULTIPLES[3]]) == MULTIPLES[15]


# ---------------------------------------------------------------------------------------------
# RFC 9496 A.2: invalid encodings, rejected by every function that takes a point
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cat,bad", INVALID, ids=INVALID_IDS)
def test_invalid_encoding_rejected_everywhere(cat, bad):
    assert not ref.is_valid(bad)
    G = pr.G
    assert pr.is_valid_point(bad) is False
    assert pr.is_valid_point(bytearray(bad)) is False
    assert pr.is_valid_point(np.frombuffer(bad, dtype=np.uint8).copy()) is False
    E = pr.InvalidPointError
    with pytest.raises(E, match=r"\bmy_point\b"):
        pr.assert_valid_point("my_point", bad)
    with pytest.raises(E, match=r"\bP\b"):
        pr.point_add(bad, G)
    with pytest.raises(E, match=r"\bQ\b"):
        pr.point_add(G, bad)
    with pytest.raises(E, match=r"\bP\b"):
        pr.point_sub(bad, G)
    with pytest.raises(E, match=r"\bQ\b"):
        pr.point_sub(G, bad)
    with pytest.raises(E, match=r"\bP\b"):
        pr.point_neg(bad)
    with pytest.raises(E, match=r"\bP\b"):
        pr.point_mul(5, bad)
    with pytest.raises(E, match=r"\bP\b"):
        pr.point_mul(0, bad)
    with pytest.raises(E, match=r"points\[2\]"):
        pr.point_sum([G, G, bad, G])
    with pytest.raises(E, match=r"points\[0\]"):
        pr.point_sum([bad])
    for f in (pr.msm, pr.msm_vartime):
        with pytest.raises(E, match=r"points\[3\]"):
            f([1, 2, 3, 4], [G, G, G, bad])
        with pytest.raises(E, match=r"points\[3\]"):
            f([1, 2, 3, 4], b"".join([G, G, G, bad]))
        with pytest.raises(E, match=r"points\[1\]"):
            f([1, 2], np.frombuffer(G + bad, dtype=np.uint8).reshape(2, 32).copy())
        with pytest.raises(E, match=r"points\[0\]"):
            f([0], [bad])  # a zero scalar does not excuse an invalid point
        with pytest.raises(E, match=r"points\[1\]"):
            f([1, 0], bytearray(G + bad))
    # InvalidPointError is both a ValueError and an AssertionError
    with pytest.raises(ValueError):
        pr.point_neg(bad)
    with pytest.raises(AssertionError):
        pr.assert_valid_point("P", bad)


# ---------------------------------------------------------------------------------------------
# RFC 9496 A.3: one-way map. Hp cannot take raw 64 bytes, so the vectors validate the reference
# (libsodium's from_hash), and Hp / hash_to_group are then tested against that reference.
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", OWM, ids=[c["label"][:20] for c in OWM])
def test_one_way_map_reference(case):
    inp = bytes.fromhex(case["input"])
    assert hashlib.sha512(case["label"].encode()).digest() == inp
    assert ref.from_hash(inp).hex() == case["output"]
    # pyristretto's Hp is the same map applied to a BLAKE2b-512 digest
    label = case["label"].encode()
    assert pr.Hp(label) == ref.from_hash(hashlib.blake2b(label, digest_size=64).digest())
    assert pr.hash_to_group(label, b"owm-dst") == ref.from_hash(ref.expand_message_xmd(label, b"owm-dst", 64))


def test_one_way_map_equivalent_inputs_reference():
    e = VECTORS["rfc9496_one_way_map_equivalent_inputs"]
    for h in e["inputs"]:
        assert ref.from_hash(bytes.fromhex(h)).hex() == e["output"]


# ---------------------------------------------------------------------------------------------
# RFC 9380 expand_message_xmd (SHA-512)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", XMD["cases"], ids=[f"{c['msg'][:8]}-{c['len_in_bytes']}" for c in XMD["cases"]])
def test_expand_message_xmd_vectors(case):
    from pyristretto import _objects

    msg, dst, n = case["msg"].encode(), XMD["dst"].encode(), case["len_in_bytes"]
    expected = bytes.fromhex(case["uniform_bytes"])
    assert ref.expand_message_xmd(msg, dst, n) == expected  # the reference itself
    got = _objects.expand_message_xmd(msg, dst, n)
    assert type(got) is bytes
    assert got == expected


# ---------------------------------------------------------------------------------------------
# RFC 9497 ristretto255-SHA512 HashToGroup
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", H2G, ids=[c["msg_hex"][:8] for c in H2G])
def test_hash_to_group_vectors(case):
    dst = ref.decode_dst(case["dst"])
    assert b"\x00" in dst and b"\\x00" not in dst
    msg = bytes.fromhex(case["msg_hex"])
    expected = bytes.fromhex(case["output"])
    assert ref.hash_to_group(msg, dst) == expected
    assert pr.hash_to_group(msg, dst) == expected
    assert pr.hash_to_group(bytearray(msg), memoryview(dst)) == expected


# ---------------------------------------------------------------------------------------------
# pyristretto 0.1.0 compatibility
# ---------------------------------------------------------------------------------------------
def _items(name):
    return [bytes.fromhex(h) for h in COMPAT[name]["items"]]


def test_compat_H():
    assert pr.H == bytes.fromhex(COMPAT["H"])
    assert pr.Hp(b"Ristretto255:H") == bytes.fromhex(COMPAT["H"])
    assert pr.pedersen_commit(0, 1) == bytes.fromhex(COMPAT["H"])


@pytest.mark.parametrize("name", ["Hs_domain", "Hs_domain_G_H"])
def test_compat_Hs(name):
    expected = int(COMPAT[name]["scalar_decimal"])
    items = _items(name)
    assert ref.Hs(*items) == expected
    assert pr.Hs(*items) == expected
    assert pr.Hs(b"".join(items)) == expected


def test_compat_Hs_with_constants():
    # Hs(b"domain", G, H) with the module constants
    assert pr.Hs(b"domain", pr.G, pr.H) == int(COMPAT["Hs_domain_G_H"]["scalar_decimal"])


def test_compat_Hp():
    expected = bytes.fromhex(COMPAT["Hp_domain_context"]["point"])
    items = _items("Hp_domain_context")
    assert ref.Hp(*items) == expected
    assert pr.Hp(*items) == expected
    assert pr.Hp(b"domain", b"context") == expected


def test_compat_derive_generators():
    d = COMPAT["derive_generators_G_4"]
    expected = [bytes.fromhex(h) for h in d["points"]]
    domain = bytes.fromhex(d["domain"])
    assert ref.derive_generators(domain, 4) == expected
    assert pr.derive_generators(domain, 4) == expected
    assert pr.derive_generators(b"G", 2) == expected[:2]
    for i in range(4):
        assert pr.Hp(domain, i.to_bytes(4, "little")) == expected[i]
