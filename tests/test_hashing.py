"""Hs, Hp, derive_generators, hash_to_group, hash_to_scalar, expand_message_xmd vs hashlib + libsodium."""

import hashlib

import numpy as np
import pytest

import pyristretto as pr
import reference as ref
from reference import DIFF_CASES, Q, random_scalar


def random_item(rng):
    r = rng.random()
    if r < 0.45:
        return rng.randbytes(rng.randrange(0, 100))
    if r < 0.6:
        return rng.randbytes(32)
    if r < 0.7:
        return bytearray(rng.randbytes(rng.randrange(0, 70)))
    if r < 0.75:
        return memoryview(rng.randbytes(rng.randrange(0, 70)))
    if r < 0.8:
        return np.frombuffer(rng.randbytes(rng.randrange(1, 70)), dtype=np.uint8).copy()
    return random_scalar(rng)


def random_items(rng):
    return [random_item(rng) for _ in range(rng.randrange(0, 5))]


@pytest.mark.parametrize("name, result_type", [("Hs", int), ("Hp", bytes)])
def test_Hs_Hp_differential(rng, name, result_type):
    ours, reference = getattr(pr, name), getattr(ref, name)
    for _ in range(DIFF_CASES):
        items = random_items(rng)
        got = ours(*items)
        assert type(got) is result_type
        assert got == reference(*items)


def test_Hs_matches_libsodium_reduce(rng):
    # second opinion on the reduction: libsodium's wide reduction of the same BLAKE2b digest
    for _ in range(500):
        items = random_items(rng)
        assert pr.Hs(*items) == ref.ls_sc_reduce64(ref.concat_digest(*items))


def test_Hs_Hp_no_items():
    assert pr.Hs() == int.from_bytes(hashlib.blake2b(b"", digest_size=64).digest(), "little") % Q
    assert pr.Hp() == ref.from_hash(hashlib.blake2b(b"", digest_size=64).digest())


def test_Hs_int_items_encoded_as_to_bytes32():
    for i in [0, 1, -1, Q, Q - 1, 2**255, 2**1000, -(2**1000)]:
        enc = (i % Q).to_bytes(32, "little")
        assert pr.Hs(i) == ref.Hs(enc)
        assert pr.Hs(b"x", i, b"y") == ref.Hs(b"x" + enc + b"y")
        assert pr.Hp(b"x", i) == ref.Hp(b"x" + enc)


def test_Hs_concatenation_is_ambiguous():
    # documented 0.1.0 behaviour: the plain concatenation
    assert pr.Hs(b"ab", b"c") == pr.Hs(b"a", b"bc") == ref.Hs(b"abc")
    assert pr.Hp(b"ab", b"c") == pr.Hp(b"a", b"bc") == ref.Hp(b"abc")


def test_Hs_long_input(rng):
    big = rng.randbytes(1 << 20)
    assert pr.Hs(big, b"tail") == ref.Hs(big, b"tail")
    assert pr.Hp(big) == ref.Hp(big)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 33, 300])
def test_derive_generators(rng, n):
    for domain in [b"", b"G", b"pyristretto-test-domain", rng.randbytes(200)]:
        got = pr.derive_generators(domain, n)
        assert isinstance(got, list)
        assert all(type(p) is bytes for p in got)
        assert got == ref.derive_generators(domain, n)


def test_derive_generators_domain_buffer_types():
    d = b"domain-buffer"
    expected = ref.derive_generators(d, 4)
    assert pr.derive_generators(bytearray(d), 4) == expected
    assert pr.derive_generators(memoryview(d), 4) == expected
    assert pr.derive_generators(np.frombuffer(d, dtype=np.uint8).copy(), 4) == expected
    assert pr.derive_generators(d, np.int64(4)) == expected


def test_derive_generators_random(rng):
    total = 0
    while total < DIFF_CASES:
        domain = rng.randbytes(rng.randrange(0, 80))
        n = rng.randrange(0, 60)
        assert pr.derive_generators(domain, n) == ref.derive_generators(domain, n)
        total += max(n, 1)


def _dsts(rng):
    lengths = [1, 2, 17, 64, 128, 254, 255, 256, 257, 300, 1000]
    return [rng.randbytes(n) for n in lengths] + [
        b"QUUX-V01-CS02-with-expander-SHA512-256",
        b"HashToGroup-OPRFV1-\x00-ristretto255-SHA512",
        b"H" * 256,
    ]


@pytest.mark.parametrize("name, result_type", [("hash_to_group", bytes), ("hash_to_scalar", int)])
def test_hash_to_differential(rng, name, result_type):
    ours, reference = getattr(pr, name), getattr(ref, name)
    dsts = _dsts(rng)
    for i in range(2000):
        msg = rng.randbytes(rng.choice([0, 1, 31, 64, 127, 128, 129, 500, rng.randrange(0, 300)]))
        dst = dsts[i % len(dsts)] if i % 3 else rng.randbytes(rng.randrange(1, 400))
        got = ours(msg, dst)
        assert type(got) is result_type
        assert got == reference(msg, dst), (msg.hex(), dst.hex())


def test_hash_to_group_buffer_types():
    msg, dst = b"message", b"dst-for-buffer-types"
    expected_p = ref.hash_to_group(msg, dst)
    expected_s = ref.hash_to_scalar(msg, dst)
    for wrap in (bytes, bytearray, memoryview, lambda b: np.frombuffer(b, dtype=np.uint8).copy()):
        assert pr.hash_to_group(wrap(msg), wrap(dst)) == expected_p
        assert pr.hash_to_scalar(wrap(msg), wrap(dst)) == expected_s


def test_oversize_dst_rule():
    # RFC 9380 5.3.3: a DST longer than 255 bytes is replaced by SHA-512("H2C-OVERSIZE-DST-" || DST)
    long_dst = b"D" * 256
    short = hashlib.sha512(b"H2C-OVERSIZE-DST-" + long_dst).digest()
    assert pr.hash_to_group(b"abc", long_dst) == pr.hash_to_group(b"abc", short)
    assert pr.hash_to_scalar(b"abc", long_dst) == pr.hash_to_scalar(b"abc", short)
    assert pr.hash_to_group(b"abc", long_dst) == ref.hash_to_group(b"abc", short)
    # 255 bytes is used as is
    d255 = b"D" * 255
    assert pr.hash_to_group(b"abc", d255) == ref.from_hash(ref.expand_message_xmd(b"abc", d255, 64))
    assert pr.hash_to_group(b"abc", d255) != pr.hash_to_group(
        b"abc", hashlib.sha512(b"H2C-OVERSIZE-DST-" + d255).digest()
    )


# ---------------------------------------------------------------------------------------------
# _objects.expand_message_xmd
# ---------------------------------------------------------------------------------------------
def _xmd():
    from pyristretto import _objects

    return _objects.expand_message_xmd


def test_expand_message_xmd_differential(rng):
    xmd = _xmd()
    lens = [1, 2, 31, 32, 63, 64, 65, 127, 128, 129, 255, 256, 1000, 255 * 64 - 1, 255 * 64]
    for i in range(600):
        msg = rng.randbytes(rng.randrange(0, 300))
        dst = rng.randbytes(rng.choice([1, 38, 255, 256, rng.randrange(1, 600)]))
        n = lens[i % len(lens)] if i % 2 else rng.randrange(1, 255 * 64 + 1)
        got = xmd(msg, dst, n)
        assert type(got) is bytes
        assert got == ref.expand_message_xmd(msg, dst, n), (msg.hex(), dst.hex(), n)


def test_expand_message_xmd_oversize_dst():
    xmd = _xmd()
    for n_dst in (256, 257, 1000, 5000):
        dst = bytes(range(256)) * (n_dst // 256) + bytes(n_dst % 256)
        short = hashlib.sha512(b"H2C-OVERSIZE-DST-" + dst).digest()
        for n in (32, 64, 200):
            assert xmd(b"abc", dst, n) == xmd(b"abc", short, n) == ref.expand_message_xmd(b"abc", dst, n)


@pytest.mark.parametrize("n", [255 * 64 + 1, 65535, 65536])
def test_expand_message_xmd_too_long(n):
    with pytest.raises(ValueError):
        _xmd()(b"abc", b"dst", n)


def test_expand_message_xmd_huge_length():
    with pytest.raises((ValueError, OverflowError)):
        _xmd()(b"abc", b"dst", 2**40)


def test_expand_message_xmd_negative_length():
    with pytest.raises((ValueError, OverflowError)):
        _xmd()(b"abc", b"dst", -1)
