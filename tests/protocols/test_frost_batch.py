"""FROST batch verification in one C++ call (``pyristretto._group.schnorr_verify_batch``) and nonce generation in
the core (``hash_to_scalar_with_secret``), checked against an independent reference: Schnorr signatures made and
checked with libsodium (tests/helpers/reference.py) and hashlib, never with pyristretto.

FROST signatures are plain Schnorr signatures ``R || z`` with ``z*G == R + H2(R || PK || msg)*PK``, so the
reference signs directly with a random key and nonce: 64 signatures under 64 different keys and under one key
cost a few milliseconds, and every tamper can be tried at every position of both batches."""

import hashlib
import random

import pytest

import reference as ref
from pyristretto import Point, Scalar, frost
from pyristretto import _group as grp
from reference import Q

CONTEXT = b"FROST-RISTRETTO255-SHA512-v1"
IDENTITY = bytes(32)
N = 64


def ref_challenge(R, pk, msg):
    return int.from_bytes(hashlib.sha512(CONTEXT + b"chal" + R + pk + msg).digest(), "little") % Q


def ref_verify(msg, sig, pk):
    """RFC 9591 verify, on libsodium: malformed signatures (length, z >= q, R the identity or not an encoding)
    are invalid."""
    if len(sig) != 64:
        return False
    R, z = sig[:32], int.from_bytes(sig[32:], "little")
    if z >= Q or R == IDENTITY or not ref.is_valid(R):
        return False
    c = ref_challenge(R, pk, msg)
    if z == 0:  # libsodium's base_mul refuses a zero result
        return ref.point_add(R, ref.point_mul(c, pk)) == IDENTITY
    return ref.base_mul(z) == ref.point_add(R, ref.point_mul(c, pk))


def ref_sign(rng, x, msg):
    pk = ref.base_mul(x)
    k = rng.randrange(1, Q)
    R = ref.base_mul(k)
    return R + ((k + ref_challenge(R, pk, msg) * x) % Q).to_bytes(32, "little")


def failing_index(verify_batch, *args):
    """None when verify_batch(*args) returns True (it never returns False), else the index its InvalidSignatureError
    carries."""
    try:
        assert verify_batch(*args) is True
    except frost.InvalidSignatureError as e:
        assert e.index is not None
        return e.index
    return None


def _z(sig):
    return int.from_bytes(sig[32:64], "little")


def _with_z(sig, z):
    return sig[:32] + z.to_bytes(32, "little")


# Each tamper maps (msg, sig, pk, other_pk) to a tampered (msg, sig, pk) that RFC 9591 rejects.
TAMPERS = {
    "z + 1": lambda m, s, pk, o: (m, _with_z(s, (_z(s) + 1) % Q), pk),
    "R + G": lambda m, s, pk, o: (m, ref.point_add(s[:32], ref.base_mul(1)) + s[32:], pk),
    "R not an encoding": lambda m, s, pk, o: (m, b"\xff" * 32 + s[32:], pk),
    "R with bit 255": lambda m, s, pk, o: (m, s[:31] + bytes([s[31] | 0x80]) + s[32:], pk),
    "R the identity": lambda m, s, pk, o: (m, IDENTITY + s[32:], pk),
    "z = q": lambda m, s, pk, o: (m, _with_z(s, Q), pk),
    "z + q": lambda m, s, pk, o: (m, _with_z(s, _z(s) + Q), pk),
    "z = 2^256 - 1": lambda m, s, pk, o: (m, _with_z(s, 2**256 - 1), pk),
    "63 bytes": lambda m, s, pk, o: (m, s[:63], pk),
    "65 bytes": lambda m, s, pk, o: (m, s + b"\0", pk),
    "other message": lambda m, s, pk, o: (m + b"!", s, pk),
    "other key": lambda m, s, pk, o: (m, s, o),
}


def _batch(rng, n_keys):
    keys = [rng.randrange(1, Q) for _ in range(n_keys)]
    msgs, sigs, pks = [], [], []
    for i in range(N):
        msg = rng.randbytes(rng.randrange(0, 200))
        x = keys[i % n_keys]
        msgs.append(msg)
        sigs.append(ref_sign(rng, x, msg))
        pks.append(ref.base_mul(x))
    return msgs, sigs, pks


@pytest.fixture(scope="module", params=[N, 1], ids=["64-keys", "one-key"])
def batch(request):
    return _batch(random.Random(f"frost batch {request.param}"), request.param)


OTHER_KEY = ref.base_mul(12345)


def test_valid_batches(batch):
    msgs, sigs, pks = batch
    assert all(ref_verify(m, s, pk) for m, s, pk in zip(msgs, sigs, pks))
    assert frost.verify_batch(msgs, sigs, pks) is True
    assert frost.verify_batch(msgs, sigs, [Point(pk) for pk in pks]) is True
    assert frost.verify_batch([bytearray(m) for m in msgs], [memoryview(s) for s in sigs], pks) is True
    assert frost.Verifier(pks).verify_batch(msgs, sigs, pks) is True
    for k in (1, 2, 7, 8, 9, 63):  # prefixes: every length class of the eight-lane decoder
        assert frost.verify_batch(msgs[:k], sigs[:k], pks[:k]) is True


@pytest.mark.parametrize("tamper", sorted(TAMPERS))
def test_tampered_at_each_position(batch, tamper):
    msgs, sigs, pks = batch
    verifier = frost.Verifier(pks + [OTHER_KEY])
    for k in range(N):
        m, s, pk = TAMPERS[tamper](msgs[k], sigs[k], pks[k], OTHER_KEY)
        assert ref_verify(m, s, pk) is False, (tamper, k)  # the reference agrees it is invalid
        args = (msgs[:k] + [m] + msgs[k + 1 :], sigs[:k] + [s] + sigs[k + 1 :], pks[:k] + [pk] + pks[k + 1 :])
        assert failing_index(frost.verify_batch, *args) == k, (tamper, k)
        if k % 8 == 0:  # the single verification and the table path, at a few positions
            with pytest.raises(frost.InvalidSignatureError):
                frost.verify(m, s, pk)
            assert failing_index(verifier.verify_batch, *args) == k, (tamper, k)


def test_random_mixed_batches_match_reference():
    rng = random.Random(20260)
    msgs, sigs, pks = _batch(rng, 16)
    names = sorted(TAMPERS)
    for _ in range(40):
        size = rng.randrange(1, N + 1)
        picked = rng.sample(range(N), size)
        batch = [(msgs[i], sigs[i], pks[i]) for i in picked]
        for j in rng.sample(range(size), rng.choice([0, 0, 1, 2])):
            batch[j] = TAMPERS[rng.choice(names)](*batch[j], OTHER_KEY)
        expected = next((j for j, item in enumerate(batch) if not ref_verify(*item)), None)
        assert failing_index(frost.verify_batch, *map(list, zip(*batch))) == expected


def test_one_invalid_signature_is_always_caught():
    """The weights are fresh for every call: an invalid signature never slips through in repeated batches."""
    rng = random.Random(7)
    msgs, sigs, pks = _batch(rng, 4)
    sigs[5] = _with_z(sigs[5], (_z(sigs[5]) + 1) % Q)
    assert all(failing_index(frost.verify_batch, msgs, sigs, pks) == 5 for _ in range(200))


def test_cancelling_errors_need_independent_weights():
    """z_0 + d and z_1 - d under one key cancel in the plain sum; distinct weights catch it."""
    rng = random.Random(8)
    x = rng.randrange(1, Q)
    pk = ref.base_mul(x)
    msgs = [b"a", b"b"]
    sigs = [ref_sign(rng, x, m) for m in msgs]
    d = rng.randrange(1, Q)
    bad = [_with_z(sigs[0], (_z(sigs[0]) + d) % Q), _with_z(sigs[1], (_z(sigs[1]) - d) % Q)]
    assert failing_index(frost.verify_batch, msgs, bad, [pk, pk]) == 0
    assert failing_index(frost.Verifier([pk]).verify_batch, msgs, bad, [pk, pk]) == 0


def test_empty_batches():
    assert frost.verify_batch([], [], []) is True
    assert frost.Verifier([OTHER_KEY]).verify_batch([], [], []) is True
    assert grp.schnorr_verify_batch(CONTEXT + b"chal", [], [], [], []) is True


def test_key_errors(batch):
    msgs, sigs, pks = batch
    for bad_key in (IDENTITY, b"\xff" * 32, pks[3][:31], pks[3] + b"\0", Point.identity()):
        with pytest.raises(frost.InvalidCommitmentError, match=r"public_keys\[3\]"):
            frost.verify_batch(msgs, sigs, pks[:3] + [bad_key] + pks[4:])
    # an invalid key is reported even beside a malformed signature
    with pytest.raises(frost.InvalidCommitmentError, match=r"public_keys\[3\]"):
        frost.verify_batch(msgs, [sigs[0][:63]] + sigs[1:], pks[:3] + [b"\xff" * 32] + pks[4:])
    with pytest.raises(TypeError, match=r"signatures\[2\]"):
        frost.verify_batch(msgs, sigs[:2] + ["not bytes"] + sigs[3:], pks)
    with pytest.raises(TypeError, match=r"messages\[1\]"):
        frost.verify_batch([msgs[0], 5] + msgs[2:], sigs, pks)
    with pytest.raises(ValueError, match="equal lengths"):
        frost.verify_batch(msgs, sigs[:-1], pks)


def test_schnorr_verify_batch_arguments():
    rng = random.Random(9)
    msgs, sigs, pks = _batch(rng, 2)
    prefix = CONTEXT + b"chal"
    keys, slots = pks[:2], [i % 2 for i in range(N)]
    assert grp.schnorr_verify_batch(prefix, msgs, sigs, slots, keys) is True
    assert grp.schnorr_verify_batch(prefix, msgs, sigs, slots, [Point(k) for k in keys]) is True
    assert grp.schnorr_verify_batch(prefix, msgs, sigs, slots, [keys[0], Point(keys[1])]) is True
    assert grp.schnorr_verify_batch(prefix, msgs, sigs, [1 - s for s in slots], keys) is False
    assert grp.schnorr_verify_batch(b"other prefix", msgs, sigs, slots, keys) is False
    table = grp.MSMTable([Point.generator()] + [Point(k) for k in keys])
    assert grp.schnorr_verify_batch(prefix, msgs, sigs, slots, [Point(k) for k in keys], table) is True
    with pytest.raises(grp.InvalidPointError, match=r"keys\[1\]"):
        grp.schnorr_verify_batch(prefix, msgs, sigs, slots, [keys[0], b"\xff" * 32])
    with pytest.raises(ValueError, match=r"key_slots\[3\]"):
        grp.schnorr_verify_batch(prefix, msgs, sigs, slots[:3] + [2] + slots[4:], keys)
    with pytest.raises(ValueError, match="equal lengths"):
        grp.schnorr_verify_batch(prefix, msgs[1:], sigs, slots, keys)
    with pytest.raises(TypeError, match=r"messages\[0\]"):
        grp.schnorr_verify_batch(prefix, [bytearray(msgs[0])] + msgs[1:], sigs, slots, keys)
    with pytest.raises(ValueError, match="bases"):
        grp.schnorr_verify_batch(prefix, msgs, sigs, slots, [Point(keys[0])], table)
    with pytest.raises(TypeError, match="Point"):
        grp.schnorr_verify_batch(prefix, msgs, sigs, slots, keys, table)
    with pytest.raises(TypeError, match="MSMTable"):
        grp.schnorr_verify_batch(prefix, msgs, sigs, slots, keys, object())


# ---- nonce generation in the core --------------------------------------------------------------------------
def _ref_h3(random_bytes, secret):
    digest = hashlib.sha512(CONTEXT + b"nonce" + random_bytes + secret.to_bytes(32, "little")).digest()
    return int.from_bytes(digest, "little") % Q


def test_nonce_generate_matches_hashlib():
    rng = random.Random(10)
    for secret in [0, 1, Q - 1] + [rng.randrange(Q) for _ in range(40)]:
        random_bytes = rng.randbytes(32)
        want = _ref_h3(random_bytes, secret)
        assert frost.nonce_generate(secret, _test_random_bytes=random_bytes) == want
        assert frost.nonce_generate(Scalar(secret), _test_random_bytes=bytearray(random_bytes)) == want
        assert frost.nonce_generate(secret.to_bytes(32, "little"), _test_random_bytes=random_bytes) == want
        assert frost.H3(random_bytes + secret.to_bytes(32, "little")) == want


def test_hash_to_scalar_with_secret_any_lengths():
    rng = random.Random(11)
    secret = rng.randrange(Q)
    for length in (0, 1, 31, 32, 33, 111, 112, 128, 300):
        prefix, data = rng.randbytes(rng.randrange(0, 150)), rng.randbytes(length)
        want = hashlib.sha512(prefix + data + secret.to_bytes(32, "little")).digest()
        assert grp.hash_to_scalar_with_secret(prefix, data, Scalar(secret)) == int.from_bytes(want, "little") % Q
    fresh = {int(grp.hash_to_scalar_with_secret(b"p", None, Scalar(secret))) for _ in range(20)}
    assert len(fresh) == 20  # None draws new random bytes every time
    with pytest.raises(TypeError):
        grp.hash_to_scalar_with_secret(b"p", None, secret)  # a Scalar only: no int path for the secret


def test_nonce_generation_does_not_use_hashlib(monkeypatch):
    """The secret share no longer goes through hashlib (a Python bytes object); H1, H2, H4 and H5 still may."""
    sha512 = hashlib.sha512

    def refuse(data=b""):
        if CONTEXT + b"nonce" in bytes(data):
            raise AssertionError("nonce hashing reached hashlib")
        return sha512(data)

    want = _ref_h3(bytes(32), 7)
    monkeypatch.setattr(frost.hashlib, "sha512", refuse)
    nonces, commitments = frost.commit(12345)
    assert frost.nonce_generate(7, _test_random_bytes=bytes(32)) == want
    monkeypatch.undo()
    assert commitments == (ref.base_mul(int(nonces.hiding)), ref.base_mul(int(nonces.binding)))
