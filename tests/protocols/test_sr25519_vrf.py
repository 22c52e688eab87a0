"""schnorrkel's VRF (Kusama layout) against schnorrkel-vrf.json, made with the crate itself: every case's input
point, pre-output, make_bytes, proof and batchable proof (verify-only: proofs are randomized), the tampered cases,
the variants (non-Kusama DLEQ, malleable input, extra transcript, Merlin transcript input, several inputs under one
proof) and sp-core's VRF tests; then round trips, batches and bad input."""

import hashlib

import pytest

from pyristretto import Point, Transcript
from pyristretto.sr25519 import (
    BatchVerificationError,
    ExpansionMode,
    Keypair,
    MiniSecretKey,
    PublicKey,
    SecretKey,
    SignatureError,
    SigningContext,
    VRFInOut,
    attach_input_hash,
    dleq_prove,
    dleq_verify,
    dleq_verify_batch,
    shorten_dleq,
    vrf_hash,
    vrf_sign,
    vrf_verify,
    vrf_verify_batch,
    vrfs_merge,
    vrfs_verify,
)
from vectors import load_json

VRF = load_json("schnorrkel-vrf.json")


def h(s):
    return bytes.fromhex(s)


def keypair(case):
    return Keypair(SecretKey(h(case["secret_key"])), PublicKey(h(case["public_key"])))


def test_keypairs_both_modes():
    for case in VRF["keypairs"]:
        mode = ExpansionMode.ED25519 if case["expansion_mode"] == "Ed25519" else ExpansionMode.UNIFORM
        kp = MiniSecretKey(h(case["mini_secret"])).expand_to_keypair(mode)
        assert kp.secret.to_bytes().hex() == case["secret_key"]
        assert kp.secret.to_ed25519_bytes().hex() == case["secret_key_ed25519_form"]
        assert kp.public.to_bytes().hex() == case["public_key"]
    assert {c["expansion_mode"] for c in VRF["keypairs"]} == {"Ed25519", "Uniform"}


def test_vrf_sign_cases():
    for case in VRF["vrf_sign"]:
        kp, ctx, msg = keypair(case), h(case["signing_context_hex"]), h(case["message"])
        # deterministic parts: input point, pre-output, output bytes
        io = kp.vrf_create_hash(msg, ctx)
        assert bytes(io.input).hex() == case["vrf_input"]
        assert io.to_preout().hex() == case["vrf_preout"]
        assert io.make_bytes(b"test-context", 32).hex() == case["make_bytes_32_test_context"]
        assert io.make_bytes(b"test-context", 16).hex() == case["make_bytes_16_test_context"]
        # the crate's proofs verify here, and give back the crate's batchable proof
        io2, batchable = kp.public.vrf_verify(msg, h(case["vrf_preout"]), h(case["proof"]), ctx)
        assert io2 == io and batchable.hex() == case["proof_batchable"]
        assert shorten_dleq(kp.public, io, h(case["proof_batchable"])).hex() == case["proof"]
        # ours verify, with the same input and output
        io3, proof, batchable3 = kp.vrf_sign(msg, ctx)
        assert io3 == io
        assert vrf_verify(kp.public, msg, io3.preout, proof, ctx)[1] == batchable3
        assert shorten_dleq(kp.public, io3, batchable3) == proof


def test_vrf_verify_fail_cases():
    for case in VRF["vrf_verify_fail"]:
        with pytest.raises(SignatureError):
            vrf_verify(
                h(case["public_key"]),
                h(case["message"]),
                h(case["vrf_preout"]),
                h(case["proof"]),
                case["signing_context"].encode(),
            )
    assert len(VRF["vrf_verify_fail"]) >= 16


def _transcript(label, appends):
    t = Transcript(h(label) if all(c in "0123456789abcdef" for c in label) else label.encode())
    for k, v in appends:
        t.append_message(h(k), h(v))
    return t


def test_vrf_variants():
    seen = set()
    for case in VRF["vrf_variants"]:
        kp = keypair_of_index(case)
        variant = case["variant"]
        seen.add(variant)
        ctx = case.get("signing_context", "substrate").encode()
        if variant == "non_kusama_dleq":
            msg = h(case["message"])
            io = kp.vrf_create_hash(msg, ctx)
            assert bytes(io.input).hex() == case["vrf_input"] and io.preout.hex() == case["vrf_preout"]
            assert io.make_bytes(b"test-context").hex() == case["make_bytes_32_test_context"]
            assert dleq_verify(kp.public, io, h(case["proof"]), kusama=False).hex() == case["proof_batchable"]
            with pytest.raises(SignatureError):
                dleq_verify(kp.public, io, h(case["proof"]), kusama=True)
            proof, batchable = dleq_prove(kp, io, kusama=False)
            assert dleq_verify(kp.public, io, proof, kusama=False) == batchable
        elif variant == "malleable_input":
            msg = h(case["message"])
            io, batchable = kp.public.vrf_verify(msg, h(case["vrf_preout"]), h(case["proof"]), ctx, malleable=True)
            assert bytes(io.input).hex() == case["vrf_input"] and batchable.hex() == case["proof_batchable"]
            assert io.make_bytes(b"test-context").hex() == case["make_bytes_32_test_context"]
            with pytest.raises(SignatureError):
                kp.public.vrf_verify(msg, h(case["vrf_preout"]), h(case["proof"]), ctx)
            assert vrf_hash(kp.public, msg, ctx, malleable=True) == io.input
        elif variant == "sign_extra":
            msg = h(case["message"])
            extra = Transcript(case["extra_transcript_label"].encode())
            extra.append_message(case["extra_append_label"].encode(), h(case["extra_append_message"]))
            io, batchable = vrf_verify(kp.public, msg, h(case["vrf_preout"]), h(case["proof"]), ctx, extra=extra)
            assert batchable.hex() == case["proof_batchable"] and bytes(io.input).hex() == case["vrf_input"]
            with pytest.raises(SignatureError):
                vrf_verify(kp.public, msg, h(case["vrf_preout"]), h(case["proof"]), ctx)
            io2, proof, _ = kp.vrf_sign(msg, ctx, extra=extra)
            assert vrf_verify(kp.public, msg, io2.preout, proof, ctx, extra=extra)[0] == io
        elif variant == "merlin_transcript_input":
            t = Transcript(case["transcript_label"].encode())
            for k, v in case["transcript_appends"]:
                t.append_message(h(k), h(v))
            io, batchable = kp.public.vrf_verify(t, h(case["vrf_preout"]), h(case["proof"]))
            assert bytes(io.input).hex() == case["vrf_input"] and batchable.hex() == case["proof_batchable"]
            assert io.make_bytes(b"test-context").hex() == case["make_bytes_32_test_context"]
            io2, proof, _ = kp.vrf_sign(t)
            assert io2 == io and kp.public.vrf_verify(t, io2.preout, proof)[0] == io
        elif variant == "vrfs_sign_multi_input":
            msgs = [h(m) for m in case["messages"]]
            ios = [kp.vrf_create_hash(m, ctx) for m in msgs]
            assert [bytes(io.input).hex() for io in ios] == case["vrf_inputs"]
            assert [io.preout.hex() for io in ios] == case["vrf_preouts"]
            got, batchable = vrfs_verify(kp.public, msgs, [h(o) for o in case["vrf_preouts"]], h(case["proof"]), ctx)
            assert got == ios and batchable.hex() == case["proof_batchable"]
            with pytest.raises(SignatureError):  # the outputs in another order
                vrfs_verify(kp.public, msgs, [h(o) for o in reversed(case["vrf_preouts"])], h(case["proof"]), ctx)
            ios2, proof, _ = kp.vrfs_sign(msgs, ctx)
            assert ios2 == ios and vrfs_verify(kp.public, msgs, [io.preout for io in ios2], proof, ctx)[0] == ios
    assert seen == {
        "non_kusama_dleq",
        "malleable_input",
        "sign_extra",
        "merlin_transcript_input",
        "vrfs_sign_multi_input",
    }


def keypair_of_index(case):
    """The case's key pair from the file's seed rule (mini secret SHA-256("schnorrkel-vrf-kat-seed-<i>")), checked
    against the listed key pairs where the file lists them and against the case's public key."""
    mini = hashlib.sha256(f"schnorrkel-vrf-kat-seed-{case['key_index']}".encode()).digest()
    mode = ExpansionMode.ED25519 if case["expansion_mode"] == "Ed25519" else ExpansionMode.UNIFORM
    kp = MiniSecretKey(mini).expand_to_keypair(mode)
    for k in VRF["keypairs"]:
        if k["key_index"] == case["key_index"] and k["expansion_mode"] == case["expansion_mode"]:
            assert k["mini_secret"] == mini.hex() and kp.secret.to_bytes().hex() == k["secret_key"]
    assert kp.public.to_bytes().hex() == case["public_key"]
    return kp


def test_sp_core_vrf():
    for case in VRF["sp_core_style_vrf"]:
        kp = Keypair.from_seed(h(case["seed"]))
        assert kp.public.to_bytes().hex() == case["public_key"]
        t = Transcript(case["input_transcript_label"].encode())
        for k, v in case["input_transcript_appends"]:
            t.append_message(h(k), h(v))
        extra = Transcript(case["extra_transcript"]["label"].encode())
        for k, v in case["extra_transcript"]["appends"]:
            extra.append_message(h(k), h(v))
        io, batchable = kp.public.vrf_verify(t, h(case["vrf_preout"]), h(case["proof"]), extra=extra)
        assert bytes(io.input).hex() == case["vrf_input"] and batchable.hex() == case["proof_batchable"]
        assert io.make_bytes(b"vrfbytes").hex() == case["make_bytes_32_vrfbytes"]


def test_schnorr_signatures_other_contexts():
    for case in VRF["schnorr_signatures"]:
        pk = PublicKey(h(case["public_key"]))
        assert pk.verify(h(case["message"]), h(case["signature"]), h(case["signing_context_hex"])) is True
        assert pk.verify(h(case["message"]), h(case["signature"]), SigningContext(h(case["signing_context_hex"])))
    for case in VRF["schnorr_signatures_fail"]:
        pk = PublicKey(h(case["public_key"]))
        with pytest.raises(SignatureError):
            pk.verify(h(case["message"]), h(case["signature"]), case["signing_context"].encode())


def test_ed25519_form_known_answer():
    case = VRF["ed25519_form_known_answer"]
    sk = SecretKey.from_ed25519_bytes(h(case["secret_key_ed25519_form"]))
    assert sk.to_bytes().hex() == case["secret_key"]
    assert sk.to_public().to_bytes().hex() == case["public_key"]
    kp = Keypair.from_half_ed25519_bytes(h(case["secret_key_ed25519_form"]) + h(case["public_key"]))
    assert kp.to_bytes().hex() == case["secret_key"] + case["public_key"]


# ---- beyond the vectors -------------------------------------------------------------------------------------


def test_rng_makes_proofs_deterministic():
    kp = Keypair.from_uri("//Alice")
    a = kp.vrf_sign(b"m", rng=bytes(32))
    b = kp.vrf_sign(b"m", rng=lambda n: bytes(n))
    c = kp.vrf_sign(b"m")
    assert a[1:] == b[1:] and a[1] != c[1] and a[0] == c[0]


def test_batch_of_vrfs():
    kps = [Keypair.from_uri(f"//v{i}") for i in range(12)]
    msgs = [f"slot {i}".encode() for i in range(12)]
    signed = [kp.vrf_sign(m) for kp, m in zip(kps, msgs)]
    preouts = [s[0].preout for s in signed]
    batchables = [s[2] for s in signed]
    ios = vrf_verify_batch(msgs, preouts, batchables, [kp.public for kp in kps])
    assert ios == [s[0] for s in signed]
    assert dleq_verify_batch(ios, batchables, [kp.public for kp in kps]) is True
    for bad in range(12):  # one bad proof at every position: named by its index
        tampered = list(batchables)
        tampered[bad] = tampered[bad][:40] + bytes([tampered[bad][40] ^ 1]) + tampered[bad][41:]
        with pytest.raises(BatchVerificationError) as e:
            vrf_verify_batch(msgs, preouts, tampered, [kp.public for kp in kps])
        assert e.value.index == bad
        wrong_msgs = list(msgs)
        wrong_msgs[bad] = b"other"
        with pytest.raises(BatchVerificationError) as e:
            vrf_verify_batch(wrong_msgs, preouts, batchables, [kp.public for kp in kps])
        assert e.value.index == bad
    bad_preouts = list(preouts)
    bad_preouts[3] = bytes(32)  # the identity: refused as a pre-output
    with pytest.raises(BatchVerificationError) as e:
        vrf_verify_batch(msgs, bad_preouts, batchables, [kp.public for kp in kps])
    assert e.value.index == 3 and e.value.reason == "point_decompression"
    assert vrf_verify_batch([], [], [], []) == []


def test_vrfs_merge_is_weighted_sum():
    kp = Keypair.from_uri("//Alice")
    ios = [kp.vrf_create_hash(m) for m in (b"a", b"b", b"c")]
    merged = vrfs_merge(kp.public, ios)
    assert merged == vrfs_merge(kp.public, ios, vartime=False)
    assert merged.output == kp.vrf_create_hash(b"a").output * 0 + merged.output  # a Point
    t = Transcript(b"MergeVRFs")
    t.append_message(b"vrf:pk", kp.public.to_bytes())
    for io in ios:
        io.commit(t)
    total_in = Point.identity()
    for io in ios:
        t0 = t.clone()
        io.commit(t0)
        total_in = total_in + io.input * int.from_bytes(t0.challenge_bytes(b"", 16), "little")
    assert merged.input == total_in
    with pytest.raises(ValueError):
        vrfs_merge(kp.public, [])


def test_vrf_bad_input():
    kp = Keypair.from_uri("//Alice")
    io, proof, batchable = kp.vrf_sign(b"m")
    for bad_preout, reason in [
        (bytes(32), "point_decompression"),
        (b"\xff" * 32, "point_decompression"),
        (io.preout[:31], "length"),
    ]:
        with pytest.raises(SignatureError) as e:
            vrf_verify(kp.public, b"m", bad_preout, proof)
        assert e.value.reason == reason
    for bad_proof, reason in [
        (proof[:63], "length"),
        (proof[:32] + b"\xff" * 32, "scalar_format"),
        (b"\xff" * 32 + proof[32:], "scalar_format"),
    ]:
        with pytest.raises(SignatureError) as e:
            vrf_verify(kp.public, b"m", io.preout, bad_proof)
        assert e.value.reason == reason
    for wrong in ["x" * 64, None, 5, [0] * 64]:
        with pytest.raises(TypeError):
            vrf_verify(kp.public, b"m", io.preout, wrong)
        with pytest.raises(TypeError):
            vrf_verify(kp.public, b"m", wrong, proof)
        with pytest.raises(TypeError):
            vrf_sign(kp, wrong if wrong is not None else 1)
    with pytest.raises(TypeError):
        vrf_sign(kp.public, b"m")
    with pytest.raises(TypeError):
        kp.vrf_sign(b"m", extra=b"VRF")
    with pytest.raises(TypeError):
        VRFInOut(bytes(io.input), io.output)
    assert attach_input_hash(kp.public, io.preout, b"m") == io
    with pytest.raises(SignatureError):
        shorten_dleq(kp.public, io, batchable[:64] + b"\xff" * 32)
