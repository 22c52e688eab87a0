"""CPace (draft-irtf-cfrg-cpace-21), CPACE-RISTR255-SHA512: every value of the draft's ristretto255 test vectors
(generator string, generator, messages, K, ISK in both modes, sid_output, scalar_mult_vfy's valid and invalid
points), the draft's string-function vectors, an independent reference (tests/helpers/pake_reference.py: pysodium,
hashlib) on random inputs, and bad input: every RFC 9496 invalid encoding and the identity abort."""

import random

import pytest

import pake_reference as pref
import reference as ref
from pyristretto import Point, Scalar, cpace
from vectors import load_json

V = load_json("cpace-ristretto255.json")
H = bytes.fromhex
P = {k: H(v) for k, v in V["protocol"].items()}
INVALID = [b for _, b in ref.invalid_encodings(ref.load_vectors())]


def test_generator_vector():
    g = V["generator"]
    assert (g["H"], g["H.s_in_bytes"], g["ZPAD length"]) == ("SHA-512", cpace.S_IN_BYTES, 100)
    assert H(g["DSI"]) == cpace.DSI
    gen = cpace.generator_string(cpace.DSI, H(g["PRS"]), H(g["CI"]), H(g["sid"]))
    assert gen == H(g["generator_string(G.DSI,PRS,CI,sid,H.s_in_bytes)"])
    import hashlib

    assert hashlib.sha512(gen).digest() == H(g["hash result"])
    assert bytes(cpace.calculate_generator(H(g["PRS"]), H(g["CI"]), H(g["sid"]))) == H(g["encoded generator g"])
    assert H(g["encoded generator g"]) == P["g"]


@pytest.mark.parametrize("mode", ["ir", "sy"])
def test_protocol_vector(mode):
    roles = (cpace.INITIATOR, cpace.RESPONDER) if mode == "ir" else (cpace.SYMMETRIC, cpace.SYMMETRIC)
    a = cpace.CPace(P["PRS"], ci=P["CI"], sid=P["sid"], ad=P["ADa"], role=roles[0], _test_scalar=P["ya"])
    b = cpace.CPace(P["PRS"], ci=P["CI"], sid=P["sid"], ad=P["ADb"], role=roles[1], _test_scalar=P["yb"])
    assert (a.message, b.message) == (P["Ya"], P["Yb"])
    isk = P["ISK_IR"] if mode == "ir" else P["ISK_SY"]
    assert b.finish(a.message, a.ad) == isk
    assert a.finish(b.message, b.ad) == isk
    sid_output = P["sid_output_ir"] if mode == "ir" else P["sid_output_oc"]
    assert a.sid_output == b.sid_output == sid_output


def test_intermediate_text_values():
    t = V["intermediate_text_values"]
    K = H(t["Test vector for secret points K"]["scalar_mult_vfy(ya,Yb)"])
    assert cpace.scalar_mult_vfy(P["ya"], P["Yb"]) == cpace.scalar_mult_vfy(P["yb"], P["Ya"]) == K == P["K"]
    ir = t["Test vector for ISK calculation initiator/responder"]
    assert cpace.transcript_ir(P["Ya"], P["ADa"], P["Yb"], P["ADb"]) == H(ir["transcript_ir(Ya,ADa,Yb,ADb)"])
    assert cpace.lv_cat(cpace.DSI_ISK, P["sid"], K) + cpace.transcript_ir(P["Ya"], P["ADa"], P["Yb"], P["ADb"]) == H(
        ir["lv_cat(DSI,sid,K)||transcript_ir(Ya,ADa,Yb,ADb)"]
    )
    oc = t["Test vector for ISK calculation parallel execution"]
    assert cpace.transcript_oc(P["Ya"], P["ADa"], P["Yb"], P["ADb"]) == H(oc["transcript_oc(Ya,ADa,Yb,ADb)"])
    assert cpace.transcript_oc(P["Yb"], P["ADb"], P["Ya"], P["ADa"]) == H(oc["transcript_oc(Ya,ADa,Yb,ADb)"])
    assert H(ir["DSI = G.DSI_ISK, b'CPaceRistretto255_ISK'"]) == cpace.DSI_ISK
    sid = t["Test vector for optional output of session id"]
    assert cpace.sid_output(cpace.transcript_ir(P["Ya"], P["ADa"], P["Yb"], P["ADb"])) == H(
        sid['H.hash(b"CPaceSidOutput" + transcript_ir(Ya,ADa, Yb,ADb))']
    )


def test_scalar_mult_vectors():
    valid = V["scalar_mult"]["valid"]
    assert cpace.scalar_mult_vfy(H(valid["s"]), H(valid["X"])) == H(valid["G.scalar_mult_vfy(s,X)"])
    assert bytes(Point(H(valid["X"])) * Scalar.from_bytes(H(valid["s"]))) == H(valid["G.scalar_mult(s,decode(X))"])
    assert len(V["scalar_mult"]["invalid_points"]) == 2
    for item in V["scalar_mult"]["invalid_points"]:
        assert cpace.scalar_mult_vfy(H(valid["s"]), H(item["encoding"])) == bytes(32)  # G.I: the caller aborts
        party = cpace.CPace(b"pw")
        with pytest.raises(cpace.CPaceError, match="peer_message"):
            party.finish(H(item["encoding"]))


def test_string_function_vectors():
    # draft-irtf-cfrg-cpace-21 appendix "CPace function definitions": prepend_len, lv_cat, o_cat, transcripts
    assert cpace.prepend_len(b"") == H("00")
    assert cpace.prepend_len(b"1234") == H("0431323334")
    assert cpace.prepend_len(bytes(range(127))) == H("7f") + bytes(range(127))
    assert cpace.prepend_len(bytes(range(128))) == H("8001") + bytes(range(128))
    assert cpace.lv_cat(b"1234", b"5", b"", b"678") == H("043132333401350003363738")
    assert cpace.o_cat(b"ABCD", b"BCD") == H("6f6342434441424344")
    assert cpace.o_cat(b"BCD", b"ABCDE") == H("6f634243444142434445")
    assert cpace.transcript_ir(b"123", b"PartyA", b"234", b"PartyB") == H(
        "03313233065061727479410332333406506172747942"
    )
    assert cpace.transcript_ir(b"3456", b"PartyA", b"2345", b"PartyB") == H(
        "043334353606506172747941043233343506506172747942"
    )
    assert cpace.transcript_oc(b"123", b"PartyA", b"234", b"PartyB") == H(
        "6f6303323334065061727479420331323306506172747941"
    )
    assert cpace.transcript_oc(b"3456", b"PartyA", b"2345", b"PartyB") == H(
        "6f63043334353606506172747941043233343506506172747942"
    )
    # the ordering of o_cat: a longer string with the other as its prefix is the larger one
    assert cpace.o_cat(b"\0", b"\0\0") == b"oc\0\0\0" and cpace.o_cat(b"\1", b"\0\0") == b"oc\1\0\0"


def test_leb128_lengths():
    rng = random.Random("cpace-leb128")
    for n in [0, 1, 127, 128, 255, 300, 16383, 16384, 70000] + [rng.randrange(200000) for _ in range(10)]:
        data = rng.randbytes(n)
        assert cpace.prepend_len(data) == pref.leb128_prepend(data)


def test_against_the_reference():
    rng = random.Random("cpace-diff")
    for k in range(20):
        prs, ci, sid = (
            rng.randbytes(rng.choice([0, 8, 100, 200])),
            rng.randbytes(rng.choice([0, 24])),
            rng.randbytes(rng.choice([0, 16])),
        )
        ada, adb = rng.randbytes(rng.choice([0, 3, 130])), rng.randbytes(rng.choice([0, 3]))
        ya, yb = rng.randrange(1, pref.Q), rng.randrange(1, pref.Q)
        symmetric = k % 2 == 1
        g = pref.cpace_generator(prs, ci, sid)
        assert bytes(cpace.calculate_generator(prs, ci, sid)) == g
        roles = (cpace.SYMMETRIC,) * 2 if symmetric else (cpace.INITIATOR, cpace.RESPONDER)
        a = cpace.CPace(prs, ci=ci, sid=sid, ad=ada, role=roles[0], _test_scalar=ya)
        b = cpace.CPace(prs, ci=ci, sid=sid, ad=adb, role=roles[1], _test_scalar=yb)
        Ya, Yb = ref.point_mul(ya, g), ref.point_mul(yb, g)
        assert (a.message, b.message) == (Ya, Yb)
        expected = pref.cpace_isk(sid, ref.point_mul(ya, Yb), Ya, ada, Yb, adb, symmetric)
        assert a.finish(b.message, adb) == b.finish(a.message, ada) == expected


def test_inputs_must_match():
    def run(a_kwargs, b_kwargs, a_prs=b"pw", b_prs=b"pw", peer_ads=(b"A", b"B")):
        a = cpace.CPace(a_prs, ad=b"A", role=cpace.INITIATOR, **a_kwargs)
        b = cpace.CPace(b_prs, ad=b"B", role=cpace.RESPONDER, **b_kwargs)
        return a.finish(b.message, peer_ads[1]), b.finish(a.message, peer_ads[0])

    ka, kb = run({}, {})
    assert ka == kb and len(ka) == 64
    for a_kwargs, b_kwargs in [({"ci": b"x"}, {}), ({"sid": b"1"}, {"sid": b"2"})]:
        ka, kb = run(a_kwargs, b_kwargs)
        assert ka != kb
    ka, kb = run({}, {}, b_prs=b"pW")
    assert ka != kb
    # B sees another ADa than A sent
    a = cpace.CPace(b"pw", ad=b"A", role=cpace.INITIATOR)
    b = cpace.CPace(b"pw", ad=b"B", role=cpace.RESPONDER)
    assert a.finish(b.message, b"B") != b.finish(a.message, b"A'")
    # both as initiators: their transcripts disagree
    a = cpace.CPace(b"pw", ad=b"A", role=cpace.INITIATOR)
    b = cpace.CPace(b"pw", ad=b"B", role=cpace.INITIATOR)
    assert a.finish(b.message, b"B") != b.finish(a.message, b"A")
    # symmetric: the same key whoever is called first, and fresh scalars each run
    a = cpace.CPace(b"pw", ad=b"A", role=cpace.SYMMETRIC)
    b = cpace.CPace(b"pw", ad=b"B", role=cpace.SYMMETRIC)
    assert a.message != cpace.CPace(b"pw", ad=b"A", role=cpace.SYMMETRIC).message
    assert b.finish(a.message, b"A") == a.finish(b.message, b"B")


def test_bad_input():
    for bad in INVALID + [bytes(32), b"", bytes(31), bytes(33)]:
        party = cpace.CPace(b"pw")
        with pytest.raises(cpace.CPaceError, match="peer_message"):
            party.finish(bad)
        with pytest.raises(ValueError, match="finished"):  # an aborted run stays aborted
            party.finish(cpace.CPace(b"pw").message)
        assert cpace.scalar_mult_vfy(5, bad) == bytes(32)
    party = cpace.CPace(b"pw")
    for bad in ["str", 5, None, [1]]:
        with pytest.raises(TypeError, match="peer_message"):
            party.finish(bad)
    with pytest.raises(TypeError, match="peer_ad"):
        party.finish(cpace.CPace(b"pw").message, "ad")
    assert len(party.finish(Point(cpace.CPace(b"pw").message))) == 64  # a Point is accepted too, and TypeErrors
    with pytest.raises(TypeError, match="prs"):  # did not end the run
        cpace.CPace("pw")
    with pytest.raises(TypeError, match="ci"):
        cpace.CPace(b"pw", ci=1)
    with pytest.raises(ValueError, match="role"):
        cpace.CPace(b"pw", role="client")
    with pytest.raises(ValueError, match="_test_scalar: must not be zero"):
        cpace.CPace(b"pw", _test_scalar=0)
    import pickle

    with pytest.raises(TypeError):
        pickle.dumps(cpace.CPace(b"pw"))
    assert "pw" not in repr(cpace.CPace(b"hunter2")) and "hunter2" not in repr(cpace.CPace(b"hunter2"))
