"""sr25519 batch verification (pyristretto.sr25519.verify_batch / verify_each) against single verification by
py-sr25519-bindings: one bad signature at every position (every kind of bad), duplicated keys and signatures,
mixed contexts and whole transcripts, invalid keys, threads, and the weights' freshness."""

import random
import threading

import pytest
import sr25519 as theirs

import pyristretto
from pyristretto import Transcript
from pyristretto.sr25519 import BatchVerificationError, Keypair, PublicKey, SigningContext, verify_batch, verify_each

N = 48


@pytest.fixture(scope="module")
def batch():
    r = random.Random("sr25519 batch")
    pairs = [theirs.pair_from_seed(bytes(r.getrandbits(8) for _ in range(32))) for _ in range(N)]
    msgs = [bytes(r.getrandbits(8) for _ in range(r.randrange(0, 80))) for _ in range(N)]
    sigs = [theirs.sign(p, m) for p, m in zip(pairs, msgs)]
    return sigs, msgs, [p[0] for p in pairs]


def tamper(sig, kind):
    b = bytearray(sig)
    if kind == "R":
        b[3] ^= 0x10
    elif kind == "s":
        b[40] ^= 0x01
    elif kind == "marker":
        b[63] &= 0x7F
    elif kind == "scalar":
        b[32:63] = b"\xff" * 31
        b[63] = 0xFF
    elif kind == "R-invalid":
        b[:32] = b"\xff" * 32
    return bytes(b)


def test_valid_batches(batch):
    sigs, msgs, keys = batch
    assert verify_batch(sigs, msgs, keys) is True
    assert verify_batch(sigs, msgs, [PublicKey(k) for k in keys]) is True
    assert verify_batch(sigs, msgs, [PublicKey(k).point for k in keys], b"substrate") is True
    assert verify_each(sigs, msgs, keys) == [True] * N
    assert verify_batch([], [], []) is True and verify_each([], [], []) == []
    assert verify_batch(sigs[:1], msgs[:1], keys[:1]) is True


@pytest.mark.parametrize("kind", ["R", "s", "marker", "scalar", "R-invalid", "message", "key"])
def test_one_bad_signature_at_every_position(batch, kind):
    sigs, msgs, keys = batch
    reasons = {"marker": "not_marked", "scalar": "scalar_format"}
    for bad in range(N):
        s, m, k = list(sigs), list(msgs), list(keys)
        if kind == "message":
            m[bad] = m[bad] + b"!"
        elif kind == "key":
            k[bad] = keys[(bad + 1) % N]
        else:
            s[bad] = tamper(s[bad], kind)
        assert theirs_verify(s[bad], m[bad], k[bad]) is False
        with pytest.raises(BatchVerificationError) as e:
            verify_batch(s, m, k)
        assert e.value.index == bad
        assert e.value.reason == reasons.get(kind, "equation")
        expected = [True] * N
        expected[bad] = False
        assert verify_each(s, m, k) == expected


def theirs_verify(sig, msg, pub):
    try:
        return theirs.verify(sig, msg, pub)
    except ValueError:
        return False


def test_several_bad_signatures(batch, rng):
    sigs, msgs, keys = batch
    for _ in range(20):
        bad = set(rng.sample(range(N), rng.randrange(2, 10)))
        s = [
            tamper(sig, rng.choice(["R", "s", "marker", "scalar", "R-invalid"])) if i in bad else sig
            for i, sig in enumerate(sigs)
        ]
        assert verify_each(s, msgs, keys) == [theirs_verify(*x) for x in zip(s, msgs, keys)]
        assert verify_each(s, msgs, keys) == [i not in bad for i in range(N)]
        with pytest.raises(BatchVerificationError) as e:
            verify_batch(s, msgs, keys)
        assert e.value.index == min(bad)


def test_duplicates(batch):
    sigs, msgs, keys = batch
    # one key for everything, signatures repeated, a message signed twice
    kp = Keypair.from_uri("//Alice")
    ms = [b"a", b"b", b"a", b"c"] * 8
    ss = [kp.sign(m) for m in ms]
    ss[2] = ss[0]
    assert verify_batch(ss, ms, [kp.public] * len(ms)) is True
    s = sigs + sigs
    assert verify_batch(s, msgs + msgs, keys + keys) is True
    bad = list(s)
    bad[N + 5] = tamper(bad[N + 5], "s")
    with pytest.raises(BatchVerificationError) as e:
        verify_batch(bad, msgs + msgs, keys + keys)
    assert e.value.index == N + 5
    # a duplicate pair of bad items that cancel out would need the same weight twice: fresh weights never do
    x = tamper(sigs[0], "s")
    with pytest.raises(BatchVerificationError):
        verify_batch([x, x], [msgs[0]] * 2, [keys[0]] * 2)


def test_mixed_contexts_and_transcripts():
    kps = [Keypair.from_uri(f"//b{i}") for i in range(10)]
    contexts = [b"substrate", b"other", SigningContext(b"third"), b"", b"substrate"] * 2
    msgs = [f"m{i}".encode() for i in range(10)]
    sigs = [kp.sign(m, c) for kp, m, c in zip(kps, msgs, contexts)]
    keys = [kp.public for kp in kps]
    assert verify_batch(sigs, msgs, keys, contexts) is True
    with pytest.raises(BatchVerificationError) as e:
        verify_batch(sigs, msgs, keys)  # all under b"substrate": those with another context fail
    assert e.value.index == 1
    assert verify_each(sigs, msgs, keys) == [c in (b"substrate",) for c in contexts]
    # whole transcripts in the messages' places, mixed with messages
    ts = []
    for i, kp in enumerate(kps):
        t = Transcript(b"my-protocol")
        t.append_message(b"round", bytes([i]))
        ts.append(t)
    mixed = [ts[i] if i % 2 else msgs[i] for i in range(10)]
    sigs2 = [kp.sign(m) for kp, m in zip(kps, mixed)]
    assert verify_batch(sigs2, mixed, keys) is True
    assert verify_each(sigs2, mixed, keys) == [True] * 10
    swapped = list(mixed)
    swapped[3] = ts[5]
    with pytest.raises(BatchVerificationError) as e:
        verify_batch(sigs2, swapped, keys)
    assert e.value.index == 3
    t0 = Transcript(b"x")
    before = t0.clone().challenge_bytes(b"c", 8)
    kps[0].sign(t0)
    verify_batch([kps[0].sign(t0)], [t0], [keys[0]])
    assert t0.challenge_bytes(b"c", 8) == before  # the caller's transcripts are not changed


def test_invalid_public_key_named(batch):
    sigs, msgs, keys = batch
    k = list(keys)
    k[7] = b"\xff" * 32
    with pytest.raises(BatchVerificationError) as e:
        verify_batch(sigs, msgs, k)
    assert e.value.index == 7 and e.value.reason == "point_decompression"
    expected = [True] * N
    expected[7] = False
    assert verify_each(sigs, msgs, k) == expected


def test_bad_types_and_lengths(batch):
    sigs, msgs, keys = batch
    with pytest.raises(ValueError):
        verify_batch(sigs, msgs[:-1], keys)
    with pytest.raises(ValueError):
        verify_batch(sigs, msgs, keys, [b"substrate"] * (N - 1))
    for bad in ["x" * 64, None, 5, [1] * 64]:
        s = list(sigs)
        s[2] = bad
        with pytest.raises(TypeError, match=r"signatures\[2\]"):
            verify_batch(s, msgs, keys)
        with pytest.raises(TypeError):
            verify_each(s, msgs, keys)
        k = list(keys)
        k[4] = bad
        with pytest.raises(TypeError, match=r"public_keys\[4\]"):
            verify_batch(sigs, msgs, k)
        m = list(msgs)
        m[6] = bad
        with pytest.raises(TypeError, match=r"messages\[6\]"):
            verify_batch(sigs, m, keys)
        with pytest.raises(TypeError, match=r"messages\[6\]"):
            verify_batch(sigs, m, keys, [b"substrate"] * N)
    s = list(sigs)
    s[9] = s[9][:63]
    with pytest.raises(BatchVerificationError) as e:
        verify_batch(s, msgs, keys)
    assert e.value.index == 9 and e.value.reason == "length"
    assert verify_each(s, msgs, keys)[9] is False
    for bad_context in ["substrate", 5, None]:
        with pytest.raises(TypeError):
            verify_batch(sigs, msgs, keys, bad_context)


def test_threads_and_gil_release(batch):
    sigs, msgs, keys = batch
    big_sigs, big_msgs, big_keys = sigs * 22, msgs * 22, keys * 22  # 1056: the challenges and MSM on threads
    old = pyristretto.get_threads()
    try:
        for threads in (1, 2, 4):
            pyristretto.set_threads(threads)
            assert verify_batch(big_sigs, big_msgs, big_keys) is True
            bad = list(big_sigs)
            bad[1000] = tamper(bad[1000], "s")
            with pytest.raises(BatchVerificationError) as e:
                verify_batch(bad, big_msgs, big_keys)
            assert e.value.index == 1000
    finally:
        pyristretto.set_threads(old)
    results = []

    def worker(i):
        s = list(big_sigs)
        if i % 2:
            s[i] = tamper(s[i], "R")
        try:
            results.append((i, verify_batch(s, big_msgs, big_keys)))
        except BatchVerificationError as exc:
            results.append((i, exc.index))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [(i, i if i % 2 else True) for i in range(6)]
