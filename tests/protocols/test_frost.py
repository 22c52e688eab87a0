"""RFC 9591 FROST(ristretto255, SHA-512): every field of the official vector, random t-of-n signing checked against
an independent reference (tests/helpers/reference.py: libsodium through pysodium, hashlib, Python integers), every
rejection the RFC asks for, tampered shares and signatures, batch verification."""

import hashlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from concurrency import run_concurrently
from readme_blocks import run_python_block
from pyristretto import Point, frost
from reference import Q
from vectors import load_json

VECTOR = load_json("rfc9591-frost-ristretto255-sha512.json")
CONTEXT = b"FROST-RISTRETTO255-SHA512-v1"


def _sc(hex_string):
    return int.from_bytes(bytes.fromhex(hex_string), "little")


def _enc(s):
    return (int(s) % Q).to_bytes(32, "little")  # an int or a Scalar (nonces)


# ---- independent reference --------------------------------------------------------------------------------
def ref_challenge(R, pk, msg):
    return int.from_bytes(hashlib.sha512(CONTEXT + b"chal" + bytes(R) + bytes(pk) + msg).digest(), "little") % Q


def ref_verify(msg, sig, pk):
    R, z = sig[:32], int.from_bytes(sig[32:], "little")
    return z < Q and ref.base_mul(z) == ref.point_add(R, ref.point_mul(ref_challenge(R, pk, msg), pk))


def ref_lagrange_at_zero(ids, i):
    num = den = 1
    for j in ids:
        if j != i:
            num, den = num * j % Q, den * (j - i) % Q
    return num * pow(den, -1, Q) % Q


def _sign_all(shares, group_pk, signers, msg):
    """A full signing session; returns (commitment_list, sig_shares, signature)."""
    sk = dict(shares)
    round_one = {i: frost.commit(sk[i]) for i in signers}
    commitment_list = [(i, *round_one[i][1]) for i in sorted(signers)]
    sig_shares = [frost.sign(i, sk[i], group_pk, round_one[i][0], msg, commitment_list) for i in sorted(signers)]
    return commitment_list, sig_shares, frost.aggregate(commitment_list, msg, group_pk, sig_shares)


# ---- the official vector ------------------------------------------------------------------------------------
def test_vector_every_field():
    cfg, inp = VECTOR["config"], VECTOR["inputs"]
    assert cfg["name"] == "FROST(ristretto255, SHA-512)"
    n, t = int(cfg["MAX_PARTICIPANTS"]), int(cfg["MIN_PARTICIPANTS"])
    secret = _sc(inp["group_secret_key"])
    coefficients = [_sc(c) for c in inp["share_polynomial_coefficients"]]

    shares, group_pk, vss_commitment = frost.trusted_dealer_keygen(secret, n, t, _test_coefficients=coefficients)
    assert type(group_pk) is Point and bytes(group_pk).hex() == inp["group_public_key"]
    assert [(i, _enc(s).hex()) for i, s in shares] == [
        (p["identifier"], p["participant_share"]) for p in inp["participant_shares"]
    ]
    assert frost.secret_share_shard(secret, coefficients, n) == shares
    assert vss_commitment == [ref.base_mul(secret)] + [ref.base_mul(c) for c in coefficients]
    assert all(frost.vss_verify(share, vss_commitment) for share in shares)
    derived_pk, public_shares = frost.derive_group_info(n, t, vss_commitment)
    assert derived_pk == group_pk
    assert public_shares == {i: ref.base_mul(s) for i, s in shares}

    msg = bytes.fromhex(inp["message"])
    sk = dict(shares)
    nonces, commitments = {}, {}
    for out in VECTOR["round_one_outputs"]["outputs"]:
        i = out["identifier"]
        randomness = (bytes.fromhex(out["hiding_nonce_randomness"]), bytes.fromhex(out["binding_nonce_randomness"]))
        assert frost.nonce_generate(sk[i], _test_random_bytes=randomness[0]) == _sc(out["hiding_nonce"])
        assert frost.nonce_generate(sk[i], _test_random_bytes=randomness[1]) == _sc(out["binding_nonce"])
        nonces[i], commitments[i] = frost.commit(sk[i], _test_random_bytes=randomness)
        assert (nonces[i].hiding, nonces[i].binding) == (_sc(out["hiding_nonce"]), _sc(out["binding_nonce"]))
        assert bytes(commitments[i][0]).hex() == out["hiding_nonce_commitment"]
        assert bytes(commitments[i][1]).hex() == out["binding_nonce_commitment"]

    participants = inp["participant_list"]
    assert [o["identifier"] for o in VECTOR["round_one_outputs"]["outputs"]] == participants
    commitment_list = [(i, *commitments[i]) for i in participants]
    encoded = frost.encode_group_commitment_list(commitment_list)
    assert encoded == b"".join(_enc(i) + bytes(h) + bytes(b) for i, h, b in commitment_list)
    binding_factors = frost.compute_binding_factors(group_pk, commitment_list, msg)
    for (i, factor), out in zip(binding_factors, VECTOR["round_one_outputs"]["outputs"]):
        rho_input = bytes(group_pk) + frost.H4(msg) + frost.H5(encoded) + _enc(i)
        assert rho_input.hex() == out["binding_factor_input"]
        assert frost.H1(rho_input) == factor
        assert (i, _enc(factor).hex()) == (out["identifier"], out["binding_factor"])

    sig_shares = [frost.sign(i, sk[i], group_pk, nonces[i], msg, commitment_list) for i in participants]
    assert [(i, _enc(s).hex()) for i, s in zip(participants, sig_shares)] == [
        (o["identifier"], o["sig_share"]) for o in VECTOR["round_two_outputs"]["outputs"]
    ]
    for i, share in zip(participants, sig_shares):
        assert frost.verify_signature_share(i, public_shares[i], share, commitment_list, group_pk, msg)
    signature = frost.aggregate(commitment_list, msg, group_pk, sig_shares, public_shares=public_shares)
    assert signature.hex() == VECTOR["final_output"]["sig"]
    group_commitment = frost.compute_group_commitment(commitment_list, binding_factors)
    assert signature[:32] == group_commitment
    assert frost.compute_challenge(group_commitment, group_pk, msg) == ref_challenge(
        bytes(group_commitment), bytes(group_pk), msg
    )
    assert frost.verify(msg, signature, group_pk) is True
    assert ref_verify(msg, signature, group_pk)


def test_hash_functions_match_rfc_definitions():
    m = b"some message"
    for name, tag in [("H1", b"rho"), ("H2", b"chal"), ("H3", b"nonce")]:
        want = int.from_bytes(hashlib.sha512(CONTEXT + tag + m).digest(), "little") % Q
        assert getattr(frost, name)(m) == want
    assert frost.H4(m) == hashlib.sha512(CONTEXT + b"msg" + m).digest()
    assert frost.H5(m) == hashlib.sha512(CONTEXT + b"com" + m).digest()


# ---- random t-of-n sessions --------------------------------------------------------------------------------
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(2, 6), msg=st.binary(max_size=100))
def test_random_threshold_signing(data, n, msg):
    t = data.draw(st.integers(2, n))
    secret = data.draw(st.integers(1, Q - 1))
    signers = sorted(data.draw(st.lists(st.integers(1, n), min_size=t, max_size=n, unique=True)))
    shares, group_pk, vss_commitment = frost.trusted_dealer_keygen(secret, n, t)
    assert group_pk == ref.base_mul(secret)
    # any t shares interpolate the secret (pure Python arithmetic)
    chosen = signers[:t]
    assert sum(ref_lagrange_at_zero(chosen, i) * int(dict(shares)[i]) for i in chosen) % Q == secret
    assert all(frost.derive_interpolating_value(chosen, i) == ref_lagrange_at_zero(chosen, i) for i in chosen)
    assert all(frost.vss_verify(s, vss_commitment) for s in shares)
    _, public_shares = frost.derive_group_info(n, t, vss_commitment)
    commitment_list, sig_shares, signature = _sign_all(shares, group_pk, signers, msg)
    for (i, _, _), share in zip(commitment_list, sig_shares):
        assert frost.verify_signature_share(i, public_shares[i], share, commitment_list, group_pk, msg)
    assert ref_verify(msg, signature, group_pk)
    assert frost.verify(msg, signature, group_pk) is True
    with pytest.raises(frost.InvalidSignatureError):
        frost.verify(msg + b"x", signature, group_pk)


def test_random_secret_key():
    shares, group_pk, vss_commitment = frost.trusted_dealer_keygen(None, 3, 2)
    assert vss_commitment[0] == group_pk
    lam = [ref_lagrange_at_zero([1, 2], i) for i in (1, 2)]
    assert ref.base_mul(sum(l * s for l, (_, s) in zip(lam, shares[:2]))) == group_pk
    assert frost.trusted_dealer_keygen(None, 3, 2)[1] != group_pk


# ---- verification and batches ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def signed():
    """Eight signatures under four group keys (2-of-3), and one signing session to tamper with."""
    rng = random.Random(9591)
    keys = [frost.trusted_dealer_keygen(rng.randrange(1, Q), 3, 2) for _ in range(4)]
    items = []
    for k in range(8):
        shares, group_pk, _ = keys[k % 4]
        msg = f"message {k}".encode()
        items.append((msg, _sign_all(shares, group_pk, [1, 3], msg)[2], group_pk))
    shares, group_pk, vss_commitment = keys[0]
    msg = b"tamper"
    sk = dict(shares)
    round_one = {i: frost.commit(sk[i]) for i in (1, 2)}
    commitment_list = [(i, *round_one[i][1]) for i in (1, 2)]
    return dict(
        items=items,
        shares=shares,
        group_pk=group_pk,
        vss=vss_commitment,
        msg=msg,
        sk=sk,
        round_one=round_one,
        commitment_list=commitment_list,
        public_shares=frost.derive_group_info(3, 2, vss_commitment)[1],
    )


def test_verify_batch(signed):
    msgs, sigs, pks = map(list, zip(*signed["items"]))
    assert all(ref_verify(m, s, p) for m, s, p in signed["items"])
    assert frost.verify_batch(msgs, sigs, pks) is True
    assert frost.verify_batch([], [], []) is True
    for k in range(len(sigs)):
        for bad in (
            sigs[k][:32] + _enc(int.from_bytes(sigs[k][32:], "little") + 1),  # z + 1
            ref.point_add(sigs[k][:32], ref.base_mul(1)) + sigs[k][32:],
        ):  # R + G
            with pytest.raises(frost.InvalidSignatureError) as caught:
                frost.verify_batch(msgs, sigs[:k] + [bad] + sigs[k + 1 :], pks)
            assert caught.value.index == k
    with pytest.raises(frost.InvalidSignatureError):
        frost.verify_batch(msgs[1:] + msgs[:1], sigs, pks)  # messages shifted
    with pytest.raises(frost.InvalidSignatureError):
        frost.verify_batch(msgs, sigs, pks[1:] + pks[:1])  # keys shifted
    # two wrong signatures whose errors would cancel without independent weights
    z0, z1 = int.from_bytes(sigs[0][32:], "little"), int.from_bytes(sigs[4][32:], "little")
    pair = [sigs[0][:32] + _enc(z0 + 1), sigs[4][:32] + _enc(z1 - 1)]
    with pytest.raises(frost.InvalidSignatureError) as caught:
        frost.verify_batch([msgs[0], msgs[4]], pair, [pks[0], pks[4]])
    assert caught.value.index == 0
    with pytest.raises(ValueError, match="equal lengths"):
        frost.verify_batch(msgs, sigs[:-1], pks)
    for bad_key in (bytes(32), b"\xff" * 32, bytes(pks[2])[:31]):  # identity, not an encoding, wrong length
        with pytest.raises(frost.InvalidCommitmentError, match=r"public_keys\[2\]"):
            frost.verify_batch(msgs, sigs, pks[:2] + [bad_key] + pks[3:])
    # one key signing many messages: its terms merge in the MSM
    shares, group_pk, _ = frost.trusted_dealer_keygen(None, 2, 2)
    one_key = [(m, _sign_all(shares, group_pk, [1, 2], m)[2]) for m in (b"a", b"b", b"c")]
    assert frost.verify_batch([m for m, _ in one_key], [s for _, s in one_key], [group_pk] * 3) is True
    with pytest.raises(frost.InvalidSignatureError) as caught:
        frost.verify_batch([b"a", b"c", b"b"], [s for _, s in one_key], [group_pk] * 3)
    assert caught.value.index == 1


def test_malformed_signatures_rejected(signed):
    msg, sig, pk = signed["items"][0]
    assert frost.verify(msg, sig, pk) is True
    malformed = [
        sig[:63],
        sig + b"\0",
        bytes(32) + sig[32:],  # length, identity R
        b"\xff" * 32 + sig[32:],  # R not an encoding
        sig[:32] + Q.to_bytes(32, "little"),  # z = q, not canonical
        sig[:32] + (int.from_bytes(sig[32:], "little") + Q).to_bytes(32, "little"),
    ]  # z + q
    for bad in malformed:
        with pytest.raises(frost.InvalidSignatureError):
            frost.verify(msg, bad, pk)
        with pytest.raises(frost.InvalidSignatureError) as caught:
            frost.verify_batch([msg, msg], [sig, bad], [pk, pk])
        assert caught.value.index == 1
    for index in (0, 17, 31, 32, 50):
        flipped = bytearray(sig)
        flipped[index] ^= 4
        with pytest.raises(frost.InvalidSignatureError):
            frost.verify(msg, bytes(flipped), pk)
    other_pk = signed["items"][1][2]
    with pytest.raises(frost.InvalidSignatureError):
        frost.verify(msg, sig, other_pk)
    for bad_key in (bytes(32), b"\xff" * 32, bytes(pk)[:31]):  # identity, not an encoding, wrong length
        for signature in (sig, sig[:63]):  # reported whether or not the signature is well formed
            with pytest.raises(frost.InvalidCommitmentError, match="group_public_key"):
                frost.verify(msg, signature, bad_key)
    with pytest.raises(TypeError):
        frost.verify(msg.decode(), sig, pk)


# ---- rejections -----------------------------------------------------------------------------------------
def test_commitment_list_rejections(signed):
    s = signed
    cl, pk, msg = s["commitment_list"], s["group_pk"], s["msg"]
    nonces = s["round_one"][1][0]
    (i1, h1, b1), (i2, h2, b2) = cl
    cases = [
        ([(i1, bytes(32), b1), (i2, h2, b2)], frost.InvalidCommitmentError, "hiding"),  # identity commitment
        ([(i1, h1, bytes(32)), (i2, h2, b2)], frost.InvalidCommitmentError, "binding"),
        ([(i1, b"\xff" * 32, b1), (i2, h2, b2)], frost.InvalidCommitmentError, "hiding"),  # not an encoding
        ([(i1, bytes(h1)[:31], b1), (i2, h2, b2)], frost.InvalidCommitmentError, "hiding"),
        ([(0, h1, b1), (i2, h2, b2)], frost.InvalidParameterError, "identifier"),  # identifier 0
        ([(Q, h1, b1), (i2, h2, b2)], frost.InvalidParameterError, "identifier"),
        ([(i2, h2, b2), (i1, h1, b1)], frost.InvalidParameterError, "sorted"),  # unsorted
        ([(i1, h1, b1), (i1, h2, b2)], frost.InvalidParameterError, "duplicates"),  # duplicate
        ([], frost.InvalidParameterError, "empty"),
    ]
    for bad, error, text in cases:
        with pytest.raises(error, match=text):
            frost.sign(1, s["sk"][1], pk, nonces, msg, bad)
        with pytest.raises(error, match=text):
            frost.aggregate(bad, msg, pk, [1] * len(bad))
        with pytest.raises(error, match=text):
            frost.compute_binding_factors(pk, bad, msg)
    factors = frost.compute_binding_factors(pk, cl, msg)
    assert frost.compute_group_commitment(cl, factors) == ref.point_add(
        ref.point_add(h1, ref.point_mul(factors[0][1], b1)), ref.point_add(h2, ref.point_mul(factors[1][1], b2))
    )
    with pytest.raises(frost.InvalidParameterError, match="identifiers differ"):
        frost.compute_group_commitment(cl, factors[::-1])
    with pytest.raises(TypeError, match="identifier, hiding, binding"):
        frost.encode_group_commitment_list([(1, h1)])
    for bad_identifier in (True, "1", 1.0):
        with pytest.raises(TypeError):
            frost.sign(bad_identifier, s["sk"][1], pk, nonces, msg, cl)
    assert not nonces._used  # nothing above consumed the nonces


def test_sign_rejections(signed):
    s = signed
    cl, pk, msg, sk = s["commitment_list"], s["group_pk"], s["msg"], s["sk"]
    with pytest.raises(frost.InvalidParameterError, match="not in the commitment list"):
        frost.sign(3, sk[3], pk, frost.commit(sk[3])[0], msg, cl)  # unknown identifier
    with pytest.raises(frost.InvalidParameterError, match="not those of these nonces"):
        frost.sign(1, sk[1], pk, s["round_one"][2][0], msg, cl)  # someone else's nonces
    with pytest.raises(TypeError, match="SigningNonces"):
        frost.sign(1, sk[1], pk, (1, 2), msg, cl)
    with pytest.raises(frost.InvalidCommitmentError, match="group_public_key"):
        frost.sign(1, sk[1], bytes(32), s["round_one"][1][0], msg, cl)
    nonces, commitments = frost.commit(sk[1])
    session = [(1, *commitments), cl[1]]
    share = frost.sign(1, sk[1], pk, nonces, msg, session)
    assert frost.verify_signature_share(1, s["public_shares"][1], share, session, pk, msg)
    with pytest.raises(frost.NonceReuseError):
        frost.sign(1, sk[1], pk, nonces, msg, session)
    assert "secret" in repr(nonces) and str(nonces.hiding) not in repr(nonces)


def test_tampered_signature_shares(signed):
    s = signed
    cl, pk, msg, sk = s["commitment_list"], s["group_pk"], s["msg"], s["sk"]
    shares = [frost.sign(i, sk[i], pk, s["round_one"][i][0], msg, cl) for i in (1, 2)]
    public = s["public_shares"]
    assert frost.verify_signature_share(2, public[2], shares[1], cl, pk, msg) is True
    assert frost.verify_signature_share(2, public[2], _enc(shares[1]), cl, pk, msg) is True
    assert frost.verify_signature_share(2, public[2], int(shares[1]), cl, pk, msg) is True
    for identifier, public_share, share, message in [
        (2, public[2], shares[1] + 1, msg),
        (2, public[1], shares[1], msg),  # wrong public share
        (1, public[1], shares[1], msg),  # wrong participant
        (2, public[2], shares[1], msg + b"!"),
    ]:
        with pytest.raises(frost.InvalidSignatureShareError) as caught:
            frost.verify_signature_share(identifier, public_share, share, cl, pk, message)
        assert caught.value.identifier == identifier
    with pytest.raises(frost.InvalidParameterError, match="not in the commitment list"):
        frost.verify_signature_share(3, public[3], shares[1], cl, pk, msg)
    with pytest.raises(ValueError, match="sig_share"):
        frost.verify_signature_share(2, public[2], Q, cl, pk, msg)
    with pytest.raises(frost.InvalidCommitmentError, match="public_share"):
        frost.verify_signature_share(2, bytes(32), shares[1], cl, pk, msg)
    good = frost.aggregate(cl, msg, pk, shares, public_shares=public)
    assert ref_verify(msg, good, pk)
    with pytest.raises(frost.InvalidSignatureShareError) as caught:
        frost.aggregate(cl, msg, pk, [shares[0], shares[1] + 5], public_shares=public)
    assert caught.value.identifier == 2
    # threshold given, no public shares: no check (the caller verifies)
    unchecked = frost.aggregate(cl, msg, pk, [shares[0], shares[1] + 5], min_participants=2)
    assert not ref_verify(msg, unchecked, pk)
    with pytest.raises(frost.InvalidSignatureError):
        frost.verify(msg, unchecked, pk)
    with pytest.raises(frost.AggregateError, match="does not verify"):  # threshold unknown: the signature checked
        frost.aggregate(cl, msg, pk, [shares[0], shares[1] + 5])
    with pytest.raises(frost.InvalidParameterError, match="one share per"):
        frost.aggregate(cl, msg, pk, shares[:1])
    with pytest.raises(frost.InvalidParameterError, match="no verification share"):
        frost.aggregate(cl, msg, pk, shares, public_shares={1: public[1]})


def test_tampered_secret_shares_fail_vss(signed):
    s = signed
    for i, share in s["shares"]:
        assert frost.vss_verify((i, share), s["vss"]) is True
        for bad in ((i, (int(share) + 1) % Q), (i % 3 + 1, share)):  # a wrong share, one under another id
            with pytest.raises(frost.InvalidShareError):
                frost.vss_verify(bad, s["vss"])
    tampered = [s["vss"][0], ref.point_add(s["vss"][1], ref.base_mul(1))]
    with pytest.raises(frost.InvalidShareError):
        frost.vss_verify(s["shares"][0], tampered)
    with pytest.raises(frost.InvalidParameterError):
        frost.vss_verify((0, s["shares"][0][1]), s["vss"])
    with pytest.raises(frost.InvalidCommitmentError, match=r"vss_commitment\[1\]"):
        frost.vss_verify(s["shares"][0], [s["vss"][0], bytes(32)])


def test_keygen_and_interpolation_rejections():
    for n, t in [(3, 1), (2, 3), (3, 0)]:
        with pytest.raises(frost.InvalidParameterError):
            frost.trusted_dealer_keygen(5, n, t)
    with pytest.raises(ValueError, match="secret_key"):
        frost.trusted_dealer_keygen(0, 3, 2)
    with pytest.raises(ValueError, match="_test_coefficients"):
        frost.trusted_dealer_keygen(5, 3, 2, _test_coefficients=[1, 2])
    with pytest.raises(frost.InvalidParameterError, match="exceeds"):
        frost.secret_share_shard(5, [1, 2, 3], 3)
    with pytest.raises(frost.InvalidParameterError, match="min_participants"):
        frost.derive_group_info(3, 3, [ref.base_mul(5), ref.base_mul(6)])
    with pytest.raises(frost.InvalidParameterError, match="not among"):
        frost.derive_interpolating_value([1, 2], 3)
    with pytest.raises(frost.InvalidParameterError, match="duplicates"):
        frost.derive_interpolating_value([1, 2, 2], 1)
    with pytest.raises(frost.InvalidParameterError):
        frost.derive_interpolating_value([0, 2], 2)
    with pytest.raises(ValueError, match="32 bytes"):
        frost.nonce_generate(5, _test_random_bytes=bytes(31))
    assert frost.polynomial_evaluate(3, [5, 7, 11]) == (5 + 7 * 3 + 11 * 9) % Q
    assert frost.polynomial_evaluate(_enc(3), [_enc(5), 7, _enc(11)]) == (5 + 7 * 3 + 11 * 9) % Q
    with pytest.raises(ValueError, match="coeffs"):
        frost.polynomial_evaluate(3, [Q.to_bytes(32, "little")])


def test_nonces_are_fresh():
    (n1, c1), (n2, c2) = frost.commit(12345), frost.commit(12345)
    assert (n1.hiding, n1.binding) != (n2.hiding, n2.binding) and c1 != c2
    assert c1 == (ref.base_mul(n1.hiding), ref.base_mul(n1.binding))
    rebuilt = frost.SigningNonces(_enc(n1.hiding), n1.binding)
    assert (rebuilt.hiding, rebuilt.binding, rebuilt.commitments) == (n1.hiding, n1.binding, c1)


def test_verification_from_8_threads(signed, fast_switching):
    msgs, sigs, pks = map(list, zip(*signed["items"]))

    def work(k):
        for _ in range(5):
            assert frost.verify_batch(msgs, sigs, pks) is True
            assert frost.verify(msgs[k], sigs[k], pks[k]) is True
            with pytest.raises(frost.InvalidSignatureError):
                frost.verify(msgs[k], sigs[(k + 1) % 8], pks[k])

    run_concurrently(work, 8)


def test_docs_example_runs_verbatim():
    namespace = run_python_block("# FROST threshold signatures", "docs/protocols/frost.md")
    assert sorted(namespace["signers"]) == [1, 3]
    assert ref_verify(namespace["msg"], namespace["signature"], namespace["group_pk"])


def test_identity_group_commitment_rejected(monkeypatch, signed):
    # with every binding factor 0 the group commitment is D_1 + D_2; D_2 = -D_1 makes it the identity, which
    # SerializeElement (and so the challenge) refuses
    s = signed
    monkeypatch.setattr(frost, "_h1", lambda m: frost.Scalar(0))
    D = ref.base_mul(11)
    bad = [(1, D, ref.base_mul(12)), (2, ref.point_sub(ref.IDENTITY_BYTES, D), ref.base_mul(13))]
    with pytest.raises(frost.InvalidCommitmentError, match="group commitment"):
        frost.aggregate(bad, s["msg"], s["group_pk"], [1, 2])
    with pytest.raises(frost.InvalidCommitmentError, match="group commitment"):
        frost.verify_signature_share(1, s["public_shares"][1], 1, bad, s["group_pk"], s["msg"])


def test_nonces_sign_once_across_threads(signed):
    s = signed
    nonces, commitments = frost.commit(s["sk"][1])
    session = [(1, *commitments), s["commitment_list"][1]]
    results = []

    def work(k):
        try:
            results.append(frost.sign(1, s["sk"][1], s["group_pk"], nonces, s["msg"], session))
        except frost.NonceReuseError:
            results.append("refused")

    run_concurrently(work, 8)
    assert sorted(results, key=str).count("refused") == 7
    share = next(r for r in results if r != "refused")
    assert frost.verify_signature_share(1, s["public_shares"][1], share, session, s["group_pk"], s["msg"])


def test_docs_objects_example_runs_verbatim():
    namespace = run_python_block("**Objects.** The module follows the", "docs/protocols/frost.md")
    assert all(ref_verify(m, sig, namespace["group_pk"]) for m, sig in zip(namespace["msgs"], namespace["signatures"]))


def test_points_and_scalars_as_arguments(signed):
    """Point and Scalar arguments give what their encodings and ints give; nonces and as_scalar shares are
    Scalars."""
    from pyristretto import Point, Scalar

    s = signed
    msgs, sigs, pks = map(list, zip(*s["items"]))
    points = [Point(pk) for pk in pks]
    assert frost.verify_batch(msgs, sigs, points) is True
    with pytest.raises(frost.InvalidSignatureError):
        frost.verify_batch(msgs, sigs[1:] + sigs[:1], points)
    assert [frost.verify(m, sig, P) for m, sig, P in zip(msgs, sigs, points)] == [True] * 8
    bad_r = sigs[0][:31] + bytes([sigs[0][31] ^ 0x80]) + sigs[0][32:]  # bit 255 set: not an encoding
    with pytest.raises(frost.InvalidSignatureError) as caught:
        frost.verify_batch(msgs, [bad_r] + sigs[1:], points)
    assert caught.value.index == 0
    with pytest.raises(frost.InvalidCommitmentError, match=r"public_keys\[2\]"):
        frost.verify_batch(msgs, sigs, points[:2] + [Point.identity()] + points[3:])
    with pytest.raises(frost.InvalidCommitmentError):
        frost.verify(msgs[0], sigs[0], Point.identity())
    cl, pk, msg, sk = s["commitment_list"], s["group_pk"], s["msg"], s["sk"]
    point_cl = [(i, Point(h), Point(b)) for i, h, b in cl]
    assert frost.compute_binding_factors(Point(pk), point_cl, msg) == frost.compute_binding_factors(pk, cl, msg)
    assert frost.encode_group_commitment_list(point_cl) == frost.encode_group_commitment_list(cl)
    nonces, commitments = frost.commit(Scalar(sk[1]))
    assert type(nonces.hiding) is Scalar and type(frost.nonce_generate(Scalar(5))) is Scalar
    shares, group_pk, vss = frost.trusted_dealer_keygen(Scalar(7), 3, 2, as_scalar=True)
    assert all(type(sk_i) is Scalar for _, sk_i in shares)
    assert frost.vss_verify(shares[0], [Point(c) for c in vss]) and group_pk == ref.base_mul(7)
    assert [(i, int(x)) for i, x in shares] == frost.secret_share_shard(7, [int(x) for x in [shares[0][1] - 7]], 3)


def test_verifier_with_tables(signed):
    from pyristretto import Point

    msgs, sigs, pks = map(list, zip(*signed["items"]))
    verifier = frost.Verifier(pks + [Point(pks[0])])
    assert len(verifier) == 4  # the four distinct group keys, each once
    assert verifier.verify_batch(msgs, sigs, pks) is True
    assert verifier.verify_batch(msgs, sigs, [Point(pk) for pk in pks]) is True
    assert verifier.verify_batch([], [], []) is True
    for bad in (sigs[1:] + sigs[:1], [sigs[0][:31] + b"\xff" + sigs[0][32:]] + sigs[1:], [sigs[0][:-1]] + sigs[1:]):
        with pytest.raises(frost.InvalidSignatureError) as caught:
            verifier.verify_batch(msgs, bad, pks)
        assert caught.value.index == 0
    assert [verifier.verify(m, s, pk) for m, s, pk in zip(msgs, sigs, pks)] == [True] * 8
    with pytest.raises(frost.InvalidSignatureError):
        verifier.verify(msgs[0], sigs[1], pks[0])
    with pytest.raises(frost.InvalidParameterError, match=r"public_keys\[1\]"):
        verifier.verify_batch(msgs[:2], sigs[:2], [pks[0], ref.base_mul(5)])
    with pytest.raises(frost.InvalidCommitmentError):
        frost.Verifier([bytes(32)])
    with pytest.raises(frost.InvalidCommitmentError, match=r"public_keys\[1\]"):
        frost.verify_batch(msgs[:2], sigs[:2], [pks[0], b"\xff" * 32])
