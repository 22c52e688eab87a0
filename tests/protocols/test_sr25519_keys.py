"""pyristretto.sr25519's objects: keys in both expansion modes, signing and verification under any context or
transcript against py-sr25519-bindings and a pure-Python reference of the signature equation, the secrets' handling
(no pickling, no repr, explicit to_bytes only), and every class of bad input with a clear exception."""

import copy
import pickle

import numpy as np
import pytest
import sr25519 as theirs

import reference as ref
from pyristretto import InvalidPointError, Point, Transcript
from pyristretto import _group as grp
from pyristretto.sr25519 import (
    ExpansionMode,
    Keypair,
    MiniSecretKey,
    PublicKey,
    SecretKey,
    SignatureError,
    SigningContext,
    signing_context,
)
from pyristretto.sr25519 import signing

Q = 2**252 + 27742317777372353535851937790883648493


def ref_verify(pub, sig, transcript):
    """The verification equation in Python on libsodium (tests/helpers/reference.py) and the Transcript: the marker,
    s < q, and encode(s G - k A) == R."""
    if len(sig) != 64 or not sig[63] & 0x80:
        return False
    s = int.from_bytes(sig[32:63] + bytes([sig[63] & 0x7F]), "little")
    if s >= Q:
        return False
    t = transcript.clone()
    t.append_message(b"proto-name", b"Schnorr-sig")
    t.append_message(b"sign:pk", pub)
    t.append_message(b"sign:R", sig[:32])
    k = int(t.challenge_scalar(b"sign:c"))
    lhs = ref.base_mul(s) if s else bytes(32)
    rhs = ref.point_mul(k, pub) if k else bytes(32)
    return ref.point_sub(lhs, rhs) == sig[:32]


def test_expansion_modes_and_conversions(rng):
    for _ in range(200):
        seed = bytes(rng.getrandbits(8) for _ in range(32))
        mini = MiniSecretKey(seed)
        kp = mini.expand_to_keypair()
        assert (kp.public.to_bytes(), kp.secret.to_bytes()) == theirs.pair_from_seed(seed)
        assert mini.expand(ExpansionMode.ED25519) == kp.secret
        uniform = mini.expand(ExpansionMode.UNIFORM)
        t = Transcript(b"ExpandSecretKeys")
        t.append_message(b"mini", seed)
        key = t.challenge_scalar(b"sk")
        assert uniform.to_bytes() == key.to_bytes() + t.challenge_bytes(b"no", 32)
        assert uniform.to_public().to_bytes() == bytes(Point.base_mul(key))
        assert mini.expand_to_public(ExpansionMode.UNIFORM) == uniform.to_public()
        assert SecretKey.from_ed25519_bytes(kp.secret.to_ed25519_bytes()) == kp.secret
        assert SecretKey(kp.secret.to_bytes()).to_bytes() == kp.secret.to_bytes()
        assert Keypair.from_bytes(kp.to_bytes()).to_bytes() == kp.to_bytes()
        assert Keypair.from_half_ed25519_bytes(kp.to_half_ed25519_bytes()).to_bytes() == kp.to_bytes()
        ed_key = int.from_bytes(kp.secret.to_ed25519_bytes()[:32], "little")
        assert ed_key == 8 * int.from_bytes(kp.secret.to_bytes()[:32], "little")


def test_generate():
    a, b = Keypair.generate(), Keypair.generate()
    assert a.public != b.public
    assert a.secret.to_public() == a.public
    assert int.from_bytes(a.secret.to_bytes()[:32], "little") < Q
    assert MiniSecretKey.generate() != MiniSecretKey.generate()


def test_sign_verify_contexts_and_transcripts(rng):
    kp = Keypair.from_uri("//Alice")
    for i in range(200):
        msg = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 100)))
        ctx = rng.choice([b"substrate", b"", b"ctx" * 20, bytearray(b"other")])
        sig = kp.sign(msg, ctx)
        assert kp.public.verify(msg, sig, ctx) is True
        assert ref_verify(kp.public.to_bytes(), sig, SigningContext(bytes(ctx)).bytes(msg))
        if ctx == b"substrate":
            assert theirs.verify(sig, msg, kp.public.to_bytes())
        sig2 = kp.sign(memoryview(msg), SigningContext(bytes(ctx)))
        assert signing.verify(kp.public.to_bytes(), bytearray(msg), bytearray(sig2), signing_context(bytes(ctx)))
        with pytest.raises(SignatureError) as e:
            kp.public.verify(msg + b"x", sig, ctx)
        assert e.value.reason == "equation"
    t = Transcript(b"my protocol")
    t.append_u64(b"round", 7)
    sig = kp.sign(t)
    assert kp.verify(t, sig) and ref_verify(kp.public.to_bytes(), sig, t)
    # a Transcript as the context: the message is appended to it as sign-bytes
    ctx_t = Transcript(b"SigningContext")
    ctx_t.append_message(b"", b"substrate")
    assert theirs.verify(kp.sign(b"m", ctx_t), b"m", kp.public.to_bytes())


def test_rng_injection_and_randomized_signatures():
    kp = Keypair.from_uri("//Bob")
    a = kp.sign(b"m", rng=bytes(32))
    assert kp.sign(b"m", rng=bytes(32)) == a
    assert kp.sign(b"m", rng=lambda n: bytes(n)) == a
    assert kp.sign(b"m") != kp.sign(b"m")
    assert kp.sign(b"m", rng=b"\1" * 32) != a
    with pytest.raises(ValueError):
        kp.sign(b"m", rng=bytes(31))
    with pytest.raises(TypeError):
        kp.sign(b"m", rng=5)
    # the witness: the transcript RNG keyed with the nonce, finalized with the given bytes
    t = SigningContext().bytes(b"m")
    t.append_message(b"proto-name", b"Schnorr-sig")
    t.append_message(b"sign:pk", kp.public.to_bytes())
    r = t.build_rng().rekey_with_witness_bytes(b"signing", kp.secret.to_bytes()[32:]).finalize(bytes(32))
    assert a[:32] == bytes(Point.base_mul(r.random_scalar()))


def test_secret_key_sign_with_given_public():
    kp = Keypair.from_uri("//Alice")
    assert kp.public.verify(b"m", kp.secret.sign(b"m", kp.public))
    other = Keypair.from_uri("//Bob").public
    with pytest.raises(SignatureError):  # a public key that is not the secret's: the signature cannot verify
        other.verify(b"m", kp.secret.sign(b"m", other))


def test_secrets_stay_hidden():
    kp = Keypair.from_uri("//Alice")
    mini = MiniSecretKey(bytes(range(32)))
    for secret in (kp, kp.secret, mini, kp.secret._secret, mini._mini):
        text = repr(secret)
        assert kp.secret.to_bytes().hex()[:16] not in text and "000102" not in text
        with pytest.raises(TypeError):
            pickle.dumps(secret)
    for secret in (kp.secret._secret, mini._mini):
        with pytest.raises(TypeError):
            copy.copy(secret)
        with pytest.raises(TypeError):
            type(secret)()
    assert copy.copy(kp) is kp and copy.deepcopy(kp.secret) is kp.secret
    assert pickle.loads(pickle.dumps(kp.public)) == kp.public  # public keys pickle
    assert hash(kp.public) == hash(PublicKey(kp.public.to_bytes()))
    with pytest.raises(TypeError):
        hash(kp.secret)
    assert not hasattr(kp.secret, "__dict__")


def test_equality():
    a = MiniSecretKey(bytes(32)).expand()
    b = SecretKey(a.to_bytes()[:32] + bytes(32))  # same key, another nonce: equal, as the crate's
    assert a == b and a != SecretKey.generate()
    assert MiniSecretKey(bytes(32)) == MiniSecretKey(bytearray(32))
    assert (a == 5) is False


def test_bad_keys():
    not_canonical = b"\xff" * 32 + bytes(32)
    with pytest.raises(SignatureError) as e:
        SecretKey(not_canonical)
    assert e.value.reason == "scalar_format"
    q_bytes = Q.to_bytes(32, "little") + bytes(32)
    with pytest.raises(SignatureError):
        SecretKey(q_bytes)
    assert SecretKey((Q - 1).to_bytes(32, "little") + bytes(32))
    with pytest.raises(SignatureError) as e:
        SecretKey.from_ed25519_bytes(b"\xff" * 64)
    assert e.value.reason == "invalid_key"
    for wrong in ["x" * 32, None, 5, [0] * 32, 1.5, np.zeros(32, np.uint64)]:
        with pytest.raises(TypeError):
            MiniSecretKey(wrong)
        with pytest.raises(TypeError):
            SecretKey(wrong)
        with pytest.raises(TypeError):
            PublicKey(wrong)
        with pytest.raises(TypeError):
            Keypair.from_bytes(wrong)
    assert MiniSecretKey(np.zeros(32, np.uint8)) == MiniSecretKey(bytes(32))  # a uint8 array is bytes-like
    for n in (0, 31, 33):
        with pytest.raises(ValueError):
            MiniSecretKey(bytes(n))
        with pytest.raises(ValueError):
            SecretKey(bytes(n + 32))
        with pytest.raises(InvalidPointError):
            PublicKey(bytes(n))
    with pytest.raises(InvalidPointError):
        PublicKey(b"\xff" * 32)
    with pytest.raises(SignatureError):
        Keypair.from_bytes(bytes(95))
    with pytest.raises(TypeError):
        Keypair(b"\0" * 64)
    with pytest.raises(TypeError):
        MiniSecretKey(bytes(32)).expand("ed25519")
    assert PublicKey(bytes(32)).point.is_identity()  # accepted, as schnorrkel accepts it


def test_bad_signatures_and_messages():
    kp = Keypair.from_uri("//Alice")
    sig = kp.sign(b"m")
    cases = [
        (sig[:63], "length"),
        (sig + b"\0", "length"),
        (sig[:63] + bytes([sig[63] & 0x7F]), "not_marked"),
        (sig[:32] + b"\xff" * 32, "scalar_format"),
        (sig[:32] + Q.to_bytes(32, "little")[:31] + bytes([Q.to_bytes(32, "little")[31] | 0x80]), "scalar_format"),
        (b"\xff" * 32 + sig[32:], "equation"),
        (bytes(32) + sig[32:], "equation"),
    ]
    for bad, reason in cases:
        with pytest.raises(SignatureError) as e:
            kp.public.verify(b"m", bad)
        assert e.value.reason == reason, bad.hex()
    for wrong in ["x" * 64, None, 5, [0] * 64, np.zeros(64, np.uint32)]:
        with pytest.raises(TypeError):
            kp.public.verify(b"m", wrong)
    for wrong in ["m", None, 5, [1], 1.0, np.zeros(3, np.int64)]:
        with pytest.raises(TypeError):
            kp.sign(wrong)
        with pytest.raises(TypeError):
            kp.public.verify(wrong, sig)
    for wrong in ["substrate", 5, None, [b"substrate"]]:
        with pytest.raises(TypeError):
            kp.sign(b"m", wrong)
    with pytest.raises(TypeError):
        signing.sign((kp.public, kp.secret), b"m")
    with pytest.raises(TypeError):
        signing.verify(5, b"m", sig)
    with pytest.raises(InvalidPointError):
        signing.verify(b"\xff" * 32, b"m", sig)
    with pytest.raises(TypeError):
        SigningContext("substrate")
    # s < 2^252 with the top nibble clear is accepted unreduced by the crate's check_scalar: only values >= q fail
    assert grp.sr25519_parse_signature(bytes(32) + (2**252 - 1).to_bytes(32, "little")[:31] + b"\x8f") == grp.SR_VALID


def test_numpy_message_of_bytes_is_bytes_like():
    kp = Keypair.from_uri("//Alice")
    msg = np.frombuffer(b"hello", np.uint8)
    assert kp.public.verify(b"hello", kp.sign(msg))


def test_random_messages_against_reference(rng):
    keys = [Keypair.from_seed(bytes(rng.getrandbits(8) for _ in range(32))) for _ in range(20)]
    for i in range(300):
        kp = keys[i % 20]
        msg = bytes(rng.getrandbits(8) for _ in range(rng.randrange(300)))
        sig = kp.sign(msg)
        assert ref_verify(kp.public.to_bytes(), sig, SigningContext().bytes(msg))
        assert theirs.verify(sig, msg, kp.public.to_bytes())
        bad = bytearray(sig)
        bad[rng.randrange(63)] ^= 1 << rng.randrange(8)
        expected = ref_verify(kp.public.to_bytes(), bytes(bad), SigningContext().bytes(msg))
        try:
            got = kp.public.verify(msg, bytes(bad))
        except SignatureError:
            got = False
        assert got is expected is False


def test_witness_randomness_is_fresh_after_fork():
    # the core hands out the CSPRNG's bytes from a per-thread block: a forked child must not reuse the parent's
    # (the same key signing the same message in both would then give the same signature)
    import os

    kp = Keypair.from_uri("//Alice")
    kp.sign(b"fill the block")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its signature to the parent, then out without running the parent's atexit handlers
        try:
            os.write(write, kp.sign(b"same message"))
        finally:
            os._exit(0)
    os.close(write)
    child = b""
    while len(child) < 64:
        chunk = os.read(read, 64 - len(child))
        if not chunk:
            break
        child += chunk
    os.close(read)
    os.waitpid(pid, 0)
    mine = kp.sign(b"same message")
    assert len(child) == 64 and kp.public.verify(b"same message", child)
    assert child != mine
