"""pyristretto.sr25519's drop-in functions against py-sr25519-bindings (PyPI ``sr25519``, a PyO3 wrapper of the
schnorrkel crate): thousands of random cases both ways for every function, the known answers of
sr25519-substrate.json, and every class of bad input answered with the bindings' exception type and message."""

import os
import random

import numpy as np
import pytest
import sr25519 as theirs  # py-sr25519-bindings, the reference

import pyristretto.sr25519 as ours
from vectors import load_json

SUBSTRATE = load_json("sr25519-substrate.json")
N = 2000  # random cases per function


def h(s):
    return bytes.fromhex(s)


def rand_bytes(rng, n):
    return bytes(rng.getrandbits(8) for _ in range(n))


@pytest.fixture(scope="module")
def pairs():
    """Key pairs from N random seeds, made by the bindings."""
    r = random.Random("sr25519 pairs")
    seeds = [rand_bytes(r, 32) for _ in range(N)]
    return [(s, *theirs.pair_from_seed(s)) for s in seeds]


def test_pair_from_seed_equals_theirs(pairs):
    for seed, pub, sec in pairs:
        assert ours.pair_from_seed(seed) == (pub, sec)


def test_key_conversions_equal_theirs(pairs):
    for _, pub, sec in pairs:
        assert ours.public_from_secret_key(sec) == pub
        ed = theirs.convert_secret_key_to_ed25519(sec)
        assert ours.convert_secret_key_to_ed25519(sec) == ed
        assert ours.pair_from_ed25519_secret_key(ed) == theirs.pair_from_ed25519_secret_key(ed) == (pub, sec)


def test_random_ed25519_forms_equal_theirs(rng):
    # arbitrary 64 bytes as an Ed25519-form key: the division by 8 drops low bits, some keys are refused
    for _ in range(N):
        data = rand_bytes(rng, 64)
        try:
            expected = theirs.pair_from_ed25519_secret_key(data)
        except ValueError as exc:
            with pytest.raises(ValueError) as got:
                ours.pair_from_ed25519_secret_key(data)
            assert str(got.value) == str(exc)
        else:
            assert ours.pair_from_ed25519_secret_key(data) == expected


def test_signatures_verify_both_ways(pairs, rng):
    for i, (_, pub, sec) in enumerate(pairs):
        msg = rand_bytes(rng, rng.choice([0, 1, 32, 100, 300]))
        ours_sig = ours.sign((pub, sec), msg)
        theirs_sig = theirs.sign((pub, sec), msg)
        assert len(ours_sig) == 64 and ours_sig[63] & 0x80
        assert theirs.verify(ours_sig, msg, pub) is True
        assert ours.verify(theirs_sig, msg, pub) is True
        assert ours.verify(ours_sig, msg, pub) is True
        if i % 4 == 0:  # signatures are randomized, as the crate's
            assert ours.sign((pub, sec), msg) != ours_sig


def test_tampered_signatures_refused_by_both(pairs, rng):
    for _, pub, sec in pairs:
        msg = rand_bytes(rng, 16)
        sig = bytearray(ours.sign((pub, sec), msg))
        kind = rng.randrange(3)
        if kind == 0:  # a bit of the signature (R, s, or the marker)
            bit = rng.randrange(512)
            sig[bit // 8] ^= 1 << (bit % 8)
        elif kind == 1:  # the message
            msg = msg + b"\0"
        else:  # another key
            pub = theirs.pair_from_seed(rand_bytes(rng, 32))[0]
        sig = bytes(sig)
        try:
            expected = theirs.verify(sig, msg, pub)
        except ValueError as exc:
            with pytest.raises(ValueError) as got:
                ours.verify(sig, msg, pub)
            assert str(got.value) == str(exc)
        else:
            assert expected is False
            assert ours.verify(sig, msg, pub) is False


def test_soft_derivation_equals_theirs(pairs, rng):
    for _, pub, sec in pairs:
        cc, index = rand_bytes(rng, 32), rand_bytes(rng, rng.choice([0, 4, 32, 40]))
        expected = theirs.derive_pubkey((cc, pub), index)
        assert ours.derive_pubkey((cc, pub), index) == expected
        got = ours.derive_keypair((cc, pub, sec), index)
        want = theirs.derive_keypair((cc, pub, sec), index)
        assert got[:2] == want[:2] == expected
        assert got[2][:32] == want[2][:32]  # the key; the nonce is random (the crate's witness)
        assert got[2][32:] != want[2][32:]
        assert theirs.public_from_secret_key(got[2]) == got[1]
        assert theirs.verify(ours.sign((got[1], got[2]), b"child"), b"child", got[1])


def test_hard_derivation_equals_theirs(pairs, rng):
    for _, pub, sec in pairs:
        cc, index = rand_bytes(rng, 32), rand_bytes(rng, rng.choice([0, 4, 32, 40]))
        assert ours.hard_derive_keypair((cc, pub, sec), index) == theirs.hard_derive_keypair((cc, pub, sec), index)


def test_extended_tuples_may_be_longer():
    pub, sec = theirs.pair_from_seed(bytes(range(32)))
    cc = bytes(32)
    assert ours.derive_pubkey((cc, pub, sec), b"x") == theirs.derive_pubkey((cc, pub, sec), b"x")
    assert ours.hard_derive_keypair((cc, pub, sec, 5), b"x") == theirs.hard_derive_keypair((cc, pub, sec, 5), b"x")
    assert theirs.verify(ours.sign((pub, sec, "ignored"), b"m"), b"m", pub)


class SubBytes(bytes):
    pass


def test_bytes_subclasses_accepted_as_by_theirs():
    seed = SubBytes(bytes(range(32)))
    pub, sec = theirs.pair_from_seed(seed)
    assert ours.pair_from_seed(seed) == (pub, sec)
    assert theirs.verify(ours.sign((SubBytes(pub), SubBytes(sec)), SubBytes(b"m")), b"m", pub)


# ---- known answers ------------------------------------------------------------------------------------------


def test_sp_core_and_bindings_known_answers():
    for case in SUBSTRATE["sp_core_tests"] + SUBSTRATE["py_sr25519_bindings_tests"]:
        kind = case["kind"]
        if kind in ("seed_to_public", "seed_to_keypair"):
            pub, sec = ours.pair_from_seed(h(case["seed"]))
            assert pub.hex() == case["public_key"]
            assert sec.hex() == case["secret_key"]
            assert ours.convert_secret_key_to_ed25519(sec).hex() == case["secret_key_ed25519_form"]
        elif kind == "deprecated_signature_must_fail":  # schnorrkel 0.1.1 signatures: no marker
            with pytest.raises(ValueError, match="not marked as a schnorrkel signature"):
                ours.verify(h(case["signature"]), h(case["message"]), h(case["public_key"]))
        elif kind == "soft_derivation":
            ext = (h(case["chain_code"]), h(case["public_key"]))
            cc, pub = ours.derive_pubkey(ext, h(case["index"]))
            assert (cc.hex(), pub.hex()) == (case["child_chain_code"], case["child_public_key"])
            cc, pub, sec = ours.derive_keypair(ext + (h(case["secret_key"]),), h(case["index"]))
            assert (cc.hex(), pub.hex()) == (case["child_chain_code"], case["child_public_key"])
            assert sec[:32].hex() == case["child_secret_key_scalar"]
        elif kind == "hard_derivation":
            cc, pub, sec = ours.hard_derive_keypair(
                (h(case["chain_code"]), h(case["public_key"]), h(case["secret_key"])), h(case["index"])
            )
            assert (cc.hex(), pub.hex(), sec.hex()) == (
                case["child_chain_code"],
                case["child_public_key"],
                case["child_secret_key"],
            )
        elif kind == "ed25519_form_conversion":
            ed = h(case["secret_key_ed25519_form"])
            assert ours.pair_from_ed25519_secret_key(ed) == (h(case["public_key"]), h(case["secret_key"]))
            assert ours.convert_secret_key_to_ed25519(h(case["secret_key"])) == ed


def test_generated_known_answers():
    generated = SUBSTRATE["generated"]
    for case in generated["seed_to_keypair"]:
        pub, sec = ours.pair_from_seed(h(case["seed"]))
        assert (pub.hex(), sec.hex()) == (case["public_key"], case["secret_key"])
        assert ours.convert_secret_key_to_ed25519(sec).hex() == case["secret_key_ed25519_form"]
    for case in generated["signatures_verify"]:
        assert ours.verify(h(case["signature"]), h(case["message"]), h(case["public_key"])) is True
    for case in generated["signatures_tampered_must_fail"]:
        try:
            result = ours.verify(h(case["signature"]), h(case["message"]), h(case["public_key"]))
        except ValueError:
            result = False
        assert result is False
    assert len(generated["signatures_verify"]) >= 20 and len(generated["signatures_tampered_must_fail"]) >= 10


# ---- bad input: the bindings' exception, type and message ---------------------------------------------------

PUB, SEC = theirs.pair_from_seed(bytes(range(32)))
SIG = theirs.sign((PUB, SEC), b"m")
CC = bytes(32)
NOT_A_POINT = b"\xff" * 32
NOT_CANONICAL = b"\xff" * 32 + SEC[32:]
WRONG_TYPES = ["x" * 32, None, 5, [1] * 32, bytearray(32), memoryview(bytes(32)), np.zeros(32, np.uint8), 3.0]


def bad_calls():
    """(name, function name, args) of every class of bad input for each function."""
    calls = []
    for v in WRONG_TYPES + [b"\x01" * 31, b"\x01" * 33, b""]:
        calls.append(("seed", "pair_from_seed", (v,)))
    for fn in ("public_from_secret_key", "convert_secret_key_to_ed25519", "pair_from_ed25519_secret_key"):
        for v in WRONG_TYPES + [SEC[:63], SEC + b"\0", NOT_CANONICAL, b"\xff" * 64]:
            calls.append((f"secret {v!r:.20}", fn, (v,)))
    for kp in [
        [PUB, SEC],
        (PUB,),
        (),
        "ab",
        None,
        7,
        (bytearray(PUB), SEC),
        (PUB, bytearray(SEC)),
        (PUB[:31], SEC),
        (PUB, SEC[:63]),
        (PUB, NOT_CANONICAL),
        (NOT_A_POINT, SEC),
        (NOT_A_POINT, NOT_CANONICAL),
        (None, SEC),
        (PUB, "s"),
    ]:
        calls.append((f"keypair {kp!r:.30}", "sign", (kp, b"m")))
    for msg in ["m", None, bytearray(b"m"), memoryview(b"m"), 1, [1], np.frombuffer(b"m", np.uint8)]:
        calls.append((f"message {msg!r:.20}", "sign", ((PUB, SEC), msg)))
        calls.append((f"message {msg!r:.20}", "verify", (SIG, msg, PUB)))
        calls.append((f"id {msg!r:.20}", "derive_pubkey", ((CC, PUB), msg)))
        calls.append((f"id {msg!r:.20}", "derive_keypair", ((CC, PUB, SEC), msg)))
        calls.append((f"id {msg!r:.20}", "hard_derive_keypair", ((CC, PUB, SEC), msg)))
    no_marker = SIG[:63] + bytes([SIG[63] & 0x7F])
    big_s = SIG[:32] + b"\xff" * 32
    for sig in WRONG_TYPES + [SIG[:1], SIG + b"\0", no_marker, big_s, b"\0" * 64]:
        calls.append((f"signature {sig!r:.20}", "verify", (sig, b"m", PUB)))
    for pub in WRONG_TYPES + [PUB[:5], PUB + b"\0", NOT_A_POINT]:
        calls.append((f"pubkey {pub!r:.20}", "verify", (SIG, b"m", pub)))
        calls.append((f"pubkey {pub!r:.20}", "verify", (no_marker, b"m", pub)))
    for ext in [
        [CC, PUB],
        (CC,),
        (),
        None,
        "xy",
        (bytearray(CC), PUB),
        (CC, bytearray(PUB)),
        (CC[:3], PUB),
        (CC, PUB[:3]),
        (CC, NOT_A_POINT),
        (5, PUB),
    ]:
        calls.append((f"extended {ext!r:.30}", "derive_pubkey", (ext, b"x")))
    for ext in [
        [CC, PUB, SEC],
        (CC, PUB),
        (CC, PUB, bytearray(SEC)),
        (CC, PUB, SEC[:3]),
        (CC, NOT_A_POINT, SEC),
        (CC, PUB, NOT_CANONICAL),
        (CC, NOT_A_POINT, NOT_CANONICAL),
        (CC[:1], PUB, SEC),
    ]:
        calls.append((f"extended {ext!r:.30}", "derive_keypair", (ext, b"x")))
        calls.append((f"extended {ext!r:.30}", "hard_derive_keypair", (ext, b"x")))
    return calls


@pytest.mark.parametrize("what,function,args", bad_calls())
def test_bad_input_raises_as_theirs(what, function, args):
    try:
        expected = getattr(theirs, function)(*args)
    except Exception as exc:  # the bindings' exception: ours must be the same type with the same message
        with pytest.raises(type(exc)) as got:
            getattr(ours, function)(*args)
        assert type(got.value) is type(exc)
        assert str(got.value) == str(exc)
    else:  # accepted by the bindings (e.g. verify of a signature that fails): the same answer
        result = getattr(ours, function)(*args)
        if function == "derive_keypair":
            assert result[:2] == expected[:2] and result[2][:32] == expected[2][:32]
        elif function != "sign":
            assert result == expected


def test_keyword_arguments_as_theirs():
    assert ours.verify(signature=SIG, message=b"m", pubkey=PUB) is True
    assert theirs.verify(ours.sign(keypair=(PUB, SEC), message=b"m"), b"m", PUB)
    assert ours.pair_from_seed(seed=bytes(range(32))) == (PUB, SEC)
    assert ours.derive_pubkey(extended_pubkey=(CC, PUB), id=b"x") == theirs.derive_pubkey((CC, PUB), b"x")
    assert ours.hard_derive_keypair(extended_keypair=(CC, PUB, SEC), id=b"x") == theirs.hard_derive_keypair(
        (CC, PUB, SEC), b"x"
    )
    assert ours.derive_keypair(extended_keypair=(CC, PUB, SEC), id=b"x")[:2] == theirs.derive_pubkey((CC, PUB), b"x")
    for fn in ("public_from_secret_key", "convert_secret_key_to_ed25519"):
        assert getattr(ours, fn)(secret_key=SEC) == getattr(theirs, fn)(SEC)
    ed = theirs.convert_secret_key_to_ed25519(SEC)
    assert ours.pair_from_ed25519_secret_key(secret_key=ed) == (PUB, SEC)


def test_identity_public_key_accepted_as_by_theirs():
    # schnorrkel accepts the identity as a public key (nobody holds its secret: anyone can sign for it); the
    # drop-in keeps that, and both verify R = s G under it.
    zero = bytes(32)
    sig = theirs.sign((zero, SEC), b"m")
    assert ours.verify(sig, b"m", zero) == theirs.verify(sig, b"m", zero)
    assert theirs.verify(ours.sign((zero, SEC), b"m"), b"m", zero) == theirs.verify(sig, b"m", zero)


def test_public_key_cache_is_bounded():
    from pyristretto.sr25519 import compat

    for _ in range(compat._POINTS_MAX + 10):
        pub, sec = theirs.pair_from_seed(os.urandom(32))
        assert ours.verify(theirs.sign((pub, sec), b"m"), b"m", pub)
    assert len(compat._POINTS) <= compat._POINTS_MAX
