"""pyristretto.bulletproofs: the Rust bulletproofs crate's own proofs verify (tests/vectors, made by the crate
1.0.0, its deserialize_and_verify regression set) and no tampering of them does; our proofs round-trip for every
n and m up to 16; the wire format's parsing rules; batch verification; threads sharing generators."""

import copy
import os
import pickle

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pyristretto import Point, PointVector, Scalar, ScalarVector, Transcript
from pyristretto.bulletproofs import BulletproofGens, InnerProductProof, PedersenGens, ProofError, RangeProof, q

from concurrency import run_concurrently
from vectors import load_json

KATS = load_json("merlin-strobe-vectors.json")["bulletproofs_kats"]
VERIFY = KATS["range_proof_verify_kats"][0]
LABEL = VERIFY["transcript_label"]["label"].encode()
COMMITMENTS = [bytes.fromhex(h) for h in VERIFY["value_commitments_hex"]]
CASES = [(c["n"], c["m"], bytes.fromhex(c["proof_hex"])) for c in VERIFY["cases"]]
CASE_IDS = [f"n{n}-m{m}" for n, m, _ in CASES]

B_BLINDING = Point(bytes.fromhex(KATS["pedersen_gens"]["B_blinding_hex"]))
PC = PedersenGens()
BP = BulletproofGens(64, 16)  # the crate's vectors use (64, 8): a larger capacity gives the same generators


def verify(proof, commitments, n, label=LABEL, bp=BP):
    RangeProof.verify_multiple(bp, PC, Transcript(label), proof, commitments, n)


def test_pedersen_gens_are_the_crates():
    pg = KATS["pedersen_gens"]
    assert PC.B.to_bytes().hex() == pg["B_hex"]
    assert PC.B_blinding.to_bytes().hex() == pg["B_blinding_hex"]


def test_the_kats_cover_every_size():
    assert len(CASES) == 12 and {n for n, _, _ in CASES} == {8, 16, 32, 64} and {m for _, m, _ in CASES} == {1, 2, 4, 8}


@pytest.mark.parametrize("n,m,proof", CASES, ids=CASE_IDS)
def test_crate_proofs_verify_and_reencode(n, m, proof):
    p = RangeProof.from_bytes(proof)
    assert p.to_bytes() == proof and len(proof) == 32 * (9 + 2 * (n * m).bit_length() - 2)
    verify(p, COMMITMENTS[:m], n)
    verify(proof, [Point(V) for V in COMMITMENTS[:m]], n, bp=BulletproofGens(64, 8))  # bytes and Points


def test_generator_capacity_does_not_change_the_generators():
    small = BulletproofGens(8, 2)
    assert small.G_vec[1] == BP.G_vec[1][:8] and small.H_vec[0] == BP.H_vec[0][:8]
    with pytest.raises(ProofError, match="gens_capacity"):
        verify(CASES[3][2], COMMITMENTS[:1], 16, bp=small)
    with pytest.raises(ProofError, match="party_capacity"):
        verify(CASES[1][2], COMMITMENTS[:4], 8, bp=small)


@pytest.mark.parametrize("n,m,proof", CASES, ids=CASE_IDS)
def test_every_flipped_element_fails(n, m, proof):
    for offset in range(0, len(proof), 32):
        bad = bytearray(proof)
        bad[offset + 5] ^= 0x40
        with pytest.raises(ProofError):
            verify(bytes(bad), COMMITMENTS[:m], n)


@pytest.mark.parametrize("n,m,proof", CASES[::3], ids=CASE_IDS[::3])
def test_wrong_statement_fails(n, m, proof):
    for other in (8, 16, 32, 64):
        if other != n:
            with pytest.raises(ProofError):
                verify(proof, COMMITMENTS[:m], other)
    for bad_n in (0, 7, 128, 63):
        with pytest.raises(ProofError, match="bitsize"):
            verify(proof, COMMITMENTS[:m], bad_n)
    for other_m in (m // 2, m * 2, m + 1):
        with pytest.raises(ProofError):
            verify(proof, COMMITMENTS[:other_m] if other_m <= 8 else COMMITMENTS * 2, n)
    with pytest.raises(ProofError):
        verify(proof, COMMITMENTS[:m], n, label=LABEL + b"!")
    wrong = list(COMMITMENTS[:m])
    wrong[-1] = COMMITMENTS[m] if m < 8 else COMMITMENTS[0]
    with pytest.raises(ProofError, match="equation"):
        verify(proof, wrong, n)
    with pytest.raises(ProofError, match="equation"):  # the all-zero V is accepted as a point (as the crate does)
        verify(proof, [bytes(32)] + COMMITMENTS[1:m], n)
    with pytest.raises(ProofError, match="valid encoding"):
        verify(proof, [b"\xff" * 32] + COMMITMENTS[1:m], n)


@pytest.mark.parametrize("n,m,proof", CASES[::4], ids=CASE_IDS[::4])
def test_bit_255_and_non_canonical_scalars_are_refused(n, m, proof):
    ipp_end = len(proof)
    for offset, name in [
        (128, "t_x"),
        (160, "t_x_blinding"),
        (192, "e_blinding"),
        (ipp_end - 64, "a"),
        (ipp_end - 32, "b"),
    ]:
        bad = bytearray(proof)
        bad[offset + 31] |= 0x80
        with pytest.raises(ProofError, match="canonical"):
            RangeProof.from_bytes(bytes(bad))
        value = int.from_bytes(proof[offset : offset + 32], "little")
        if value + q < 2**256:  # the same value plus q: < 2^256 but not reduced
            bad[offset : offset + 32] = (value + q).to_bytes(32, "little")
            with pytest.raises(ProofError, match=name):
                RangeProof.from_bytes(bytes(bad))


@pytest.mark.parametrize("n,m,proof", CASES[::4], ids=CASE_IDS[::4])
def test_identity_and_invalid_points_are_refused(n, m, proof):
    names = ["A", "S", "T_1", "T_2"]
    rounds = (len(proof) // 32 - 9) // 2
    offsets = [32 * i for i in range(4)] + [224 + 32 * i for i in range(2 * rounds)]
    names += [("L", "R")[i % 2] for i in range(2 * rounds)]
    for offset, name in zip(offsets, names):
        bad = bytearray(proof)
        bad[offset : offset + 32] = bytes(32)
        with pytest.raises(ProofError, match=f"{name} is the identity"):
            verify(bytes(bad), COMMITMENTS[:m], n)
        bad[offset + 31] = proof[offset + 31] | 0x80  # bit 255: not a valid encoding
        bad[offset : offset + 31] = proof[offset : offset + 31]
        with pytest.raises(ProofError, match="valid encoding"):
            verify(bytes(bad), COMMITMENTS[:m], n)


def test_wire_format_lengths():
    proof = CASES[0][2]
    for length in (0, 31, 33, 192, len(proof) - 1, len(proof) + 1):
        with pytest.raises(ProofError):
            RangeProof.from_bytes(proof[:length] if length <= len(proof) else proof + b"\0")
    with pytest.raises(ProofError, match="too short"):
        RangeProof.from_bytes(proof[:192])
    with pytest.raises(ProofError, match="elements"):
        RangeProof.from_bytes(proof[:224])  # an empty inner-product proof
    with pytest.raises(ProofError, match="elements"):
        RangeProof.from_bytes(proof[: 224 + 96])  # three IPP elements
    zero_rounds = RangeProof.from_bytes(proof[:224] + proof[-64:])  # parses (as in the crate), fails to verify
    with pytest.raises(ProofError, match="rounds"):
        verify(zero_rounds, COMMITMENTS[:2], 8)
    with pytest.raises(ProofError, match="too many rounds"):
        InnerProductProof.from_bytes(bytes(32 * 66))
    assert len(InnerProductProof.from_bytes(bytes(32 * 64)).L_vec) == 31
    with pytest.raises(ProofError, match="rounds"):  # a proof with one more round
        verify(proof[:224] + proof[224:288] + proof[224:], COMMITMENTS[:2], 8)


# ---- our proofs --------------------------------------------------------------------------------------------

SIZES = [(n, m) for n in (8, 16, 32, 64) for m in (1, 2, 4, 8, 16)]


@pytest.mark.parametrize("n,m", SIZES, ids=[f"n{n}-m{m}" for n, m in SIZES])
def test_round_trip(n, m):
    edges = [0, 1, (1 << n) - 1]
    values = (edges + [int.from_bytes(os.urandom(8), "little") % (1 << n) for _ in range(m)])[:m]
    blindings = [Scalar.random() for _ in range(m)]
    if m > 1:
        blindings[1] = 0  # an int blinding, and zero: V = v*B
    proof, commitments = RangeProof.prove_multiple(BP, PC, Transcript(b"round trip"), values, blindings, n)
    assert commitments == [PC.commit(v, r).to_bytes() for v, r in zip(values, blindings)]
    data = proof.to_bytes()
    assert len(data) == 32 * (9 + 2 * (n * m).bit_length() - 2)
    assert RangeProof.from_bytes(data) == proof
    RangeProof.verify_multiple(BP, PC, Transcript(b"round trip"), data, commitments, n)
    with pytest.raises(ProofError):
        RangeProof.verify_multiple(
            BP,
            PC,
            Transcript(b"round trip"),
            data,
            commitments[::-1] if m > 1 else [PC.commit(values[0] + 1, blindings[0])],
            n,
        )


def test_prove_single():
    proof, V = RangeProof.prove_single(BP, PC, Transcript(b"single"), 2**64 - 1, 12345, 64)
    assert V == PC.commit(2**64 - 1, 12345).to_bytes()
    RangeProof.verify_single(BP, PC, Transcript(b"single"), proof, V, 64)
    RangeProof.verify_single(BP, PC, Transcript(b"single"), proof, Point(V), 64)
    with pytest.raises(ProofError):
        RangeProof.verify_single(BP, PC, Transcript(b"single"), proof, V, 32)


@pytest.mark.parametrize("n", [8, 16, 32, 64])
def test_values_out_of_range_are_refused(n):
    for value in (1 << n, -1, 2**64 + 5):
        with pytest.raises(ValueError, match="outside"):
            RangeProof.prove_single(BP, PC, Transcript(b"x"), value, 1, n)
    with pytest.raises(ValueError, match="outside"):
        RangeProof.prove_multiple(BP, PC, Transcript(b"x"), [0, 1 << n], [1, 2], n)


def test_bad_prover_arguments():
    with pytest.raises(ProofError, match="bitsize"):
        RangeProof.prove_single(BP, PC, Transcript(b"x"), 1, 1, 12)
    with pytest.raises(ProofError, match="aggregation"):
        RangeProof.prove_multiple(BP, PC, Transcript(b"x"), [1, 2, 3], [1, 2, 3], 8)
    with pytest.raises(ProofError, match="aggregation"):
        RangeProof.prove_multiple(BP, PC, Transcript(b"x"), [], [], 8)
    with pytest.raises(ProofError, match="party_capacity"):
        RangeProof.prove_multiple(BulletproofGens(8, 1), PC, Transcript(b"x"), [1, 2], [1, 2], 8)
    with pytest.raises(ValueError, match="blindings"):
        RangeProof.prove_multiple(BP, PC, Transcript(b"x"), [1, 2], [1], 8)
    with pytest.raises(TypeError):
        RangeProof.prove_single(BP, PC, Transcript(b"x"), 1.0, 1, 8)
    with pytest.raises(TypeError):
        RangeProof.prove_single(BP, PC, Transcript(b"x"), 1, 1.0, 8)


def test_inner_product_proof_alone():
    G, H = BP.G_vec[0][:8], BP.H_vec[0][:8]
    a = [Scalar.random() for _ in range(8)]
    b = [Scalar.random() for _ in range(8)]
    y_inv = [pow(3, -i, q) for i in range(8)]
    Q = Point.random()
    P = G.msm(a) + H.msm([int(x) * f for x, f in zip(b, y_inv)]) + Q * sum(int(x) * int(y) for x, y in zip(a, b))
    ipp = InnerProductProof.create(Transcript(b"ipp"), Q, y_inv, G, H, a, b)
    assert InnerProductProof.from_bytes(ipp.to_bytes()) == ipp and len(ipp.to_bytes()) == 32 * 8
    ipp.verify(Transcript(b"ipp"), P, Q, y_inv, G, H)
    with pytest.raises(ProofError, match="equation"):
        ipp.verify(Transcript(b"ipp"), P + Q, Q, y_inv, G, H)


def test_verification_scalars_match_their_definition():
    # the crate's s_i = prod_k u_k^(+1 if bit (lg_n-1-k) of i is set else -1), checked through s_i^2 and 1/s_i
    n, m, data = CASES[1]  # n = 8, m = 4: 5 rounds
    proof = RangeProof.from_bytes(data)
    t = Transcript(LABEL)
    t.append_message(b"dom-sep", b"rangeproof v1")
    t.append_u64(b"n", n)
    t.append_u64(b"m", m)
    for V in COMMITMENTS[:m]:
        t.append_message(b"V", V)
    for label, value in [
        (b"A", proof.A),
        (b"S", proof.S),
        (b"y", None),
        (b"z", None),
        (b"T_1", proof.T_1),
        (b"T_2", proof.T_2),
        (b"x", None),
        (b"t_x", proof.t_x),
        (b"t_x_blinding", proof.t_x_blinding),
        (b"e_blinding", proof.e_blinding),
        (b"w", None),
    ]:
        if value is None:
            t.challenge_scalar(label)
        elif isinstance(value, Scalar):
            t.append_scalar(label, value)
        else:
            t.append_point(label, value)
    u_sq, u_inv_sq, s = proof.ipp_proof.verification_scalars(n * m, t)
    u_sq, u_inv_sq, s = [int(x) for x in u_sq], [int(x) for x in u_inv_sq], [int(x) for x in s]
    lg = len(u_sq)
    assert lg == 5 and all(u * v % q == 1 for u, v in zip(u_sq, u_inv_sq))
    for i in range(n * m):
        expected = 1
        for k in range(lg):
            expected = expected * (u_sq[k] if i >> (lg - 1 - k) & 1 else u_inv_sq[k]) % q
        assert s[i] * s[i] % q == expected and s[i] * s[n * m - 1 - i] % q == 1


# ---- the wire format (hypothesis) --------------------------------------------------------------------------

canonical = st.integers(0, q - 1)
# valid encodings (the identity among them): an invalid one is refused when a proof is built (test_issue_44.py)
encodings = st.one_of(
    st.just(bytes(32)), st.binary(min_size=64, max_size=64).map(lambda b: Point.from_uniform_bytes(b).to_bytes())
)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10).flatmap(
        lambda k: st.tuples(
            st.lists(encodings, min_size=4 + 2 * k, max_size=4 + 2 * k), st.lists(canonical, min_size=5, max_size=5)
        )
    )
)
def test_wire_format_round_trips(parts):
    points, scalars = parts
    k = (len(points) - 4) // 2
    ipp = InnerProductProof(points[4::2][:k], points[5::2][:k], scalars[3], scalars[4])
    proof = RangeProof(*points[:4], *scalars[:3], ipp)
    data = proof.to_bytes()
    assert len(data) == 32 * (9 + 2 * k)
    again = RangeProof.from_bytes(data)
    assert again == proof and again.to_bytes() == data
    assert (again.A, again.S, again.T_1, again.T_2) == tuple(points[:4])
    assert again.ipp_proof.L_vec == ipp.L_vec and again.ipp_proof.R_vec == ipp.R_vec
    assert (again.t_x, again.t_x_blinding, again.e_blinding, again.ipp_proof.a, again.ipp_proof.b) == tuple(scalars)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=32 * 14))
def test_parsing_arbitrary_bytes_round_trips_or_refuses(data):
    try:
        proof = RangeProof.from_bytes(data)
    except ProofError:
        return
    assert proof.to_bytes() == data


# ---- batch verification ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def batch():
    """Eight proofs of mixed n and m (ours and the crate's) with their transcript labels."""
    items = []
    for i, (n, m) in enumerate([(64, 1), (8, 2), (32, 1), (16, 4), (64, 1), (8, 1)]):
        label = b"batch %d" % i
        proof, V = RangeProof.prove_multiple(BP, PC, Transcript(label), list(range(m)), [i + 1] * m, n)
        items.append((proof, label, V, n))
    items += [(CASES[2][2], LABEL, COMMITMENTS[:8], 8), (CASES[9][2], LABEL, COMMITMENTS[:1], 64)]
    return items


def fresh(items):
    return [(proof, Transcript(label), V, n) for proof, label, V, n in items]


def test_batch_of_good_proofs(batch):
    RangeProof.verify_batch(BP, PC, fresh(batch))
    RangeProof.verify_batch(BP, PC, fresh(batch[:1]))
    RangeProof.verify_batch(BP, PC, [])
    RangeProof.verify_batch(BP, PC, [(p, Transcript(LABEL), COMMITMENTS[:m], n) for n, m, p in CASES])


def test_batch_finds_the_bad_proof_at_every_position(batch):
    for i in range(len(batch)):
        for kind in ("label", "commitment", "bytes"):
            items = list(batch)
            proof, label, V, n = items[i]
            if kind == "label":
                items[i] = (proof, label + b"?", V, n)
            elif kind == "commitment":
                items[i] = (proof, label, [PC.commit(7, 7).to_bytes()] + list(V[1:]), n)
            else:
                data = bytearray(bytes(proof))
                data[-40] ^= 1  # the IPP's a: still canonical
                items[i] = (bytes(data), label, V, n)
            with pytest.raises(ProofError) as info:
                RangeProof.verify_batch(BP, PC, fresh(items))
            assert info.value.index == i, (i, kind)


def test_batch_refuses_malformed_items(batch):
    items = fresh(batch)
    items[2] = (items[2][0], items[2][1], items[2][2], 12)
    with pytest.raises(ProofError, match="bitsize") as info:
        RangeProof.verify_batch(BP, PC, items)
    assert info.value.index == 2
    with pytest.raises(TypeError, match="items"):
        RangeProof.verify_batch(BP, PC, [(1, 2)])
    with pytest.raises(TypeError, match="not a Transcript"):
        RangeProof.verify_batch(BP, PC, [(batch[0][0], batch[0][1], batch[0][2], batch[0][3])])


def test_threads_share_generators(batch):
    gens = BulletproofGens(64, 8)  # tables built by the threads themselves, concurrently

    def body(k):
        for proof, label, V, n in batch[k % len(batch) :][:3]:
            RangeProof.verify_multiple(gens, PC, Transcript(label), proof, V, n)
        proof, _, V, n = batch[k % len(batch)]
        with pytest.raises(ProofError):
            RangeProof.verify_multiple(gens, PC, Transcript(b"wrong"), proof, V, n)

    run_concurrently(body, 8)


def test_docs_example():
    from readme_blocks import run_python_block

    ns = run_python_block("# Bulletproofs range proofs", "docs/protocols/bulletproofs.md")
    assert len(ns["wire"]) == 32 * (9 + 2 * 7) and ns["rejected"] == "the verification equation does not hold"
    # the commitments open to the amounts (computed independently of the module: v*G + r*B_blinding)
    for C, (v, r) in zip(ns["output_commitments"], ns["outputs"]):
        assert C == (Point.base_mul(v) + B_BLINDING * r).to_bytes()
    assert sum(v for v, _ in ns["inputs"]) == sum(v for v, _ in ns["outputs"])


def test_readme_example():
    from readme_blocks import run_python_block

    ns = run_python_block("## Range proofs (Bulletproofs)")
    for C, (v, r) in zip(ns["C_out"], ns["outputs"]):
        assert C == (Point.base_mul(v) + B_BLINDING * r).to_bytes()
    # the balance check the block makes fails for an unbalanced transfer (one more coin to Bob)
    t = Transcript(b"balance")
    t.append_point(b"R", ns["R"])
    assert ns["pc"].B_blinding * ns["s"] != ns["R"] + (ns["E"] - Point.generator()) * t.challenge_scalar(b"c")


# ---- issue 44: wrong types, proofs built directly, the crate's calling form, one type per kind of value --------


def _zero_proof(label=b"zero"):
    """A proof for the commitment to 0 with blinding 0: the identity, which 32 zero bytes encode."""
    proof, V = RangeProof.prove_single(BP, PC, Transcript(label), 0, 0, 8)
    assert V == Point.identity()
    return proof


@pytest.mark.parametrize(
    "bad",
    [
        32,
        0,
        [0] * 32,
        (0,) * 32,
        "0" * 32,
        None,
        1.5,
        np.zeros(32, dtype=np.int64),
        np.zeros(4, dtype=np.uint64),
        np.zeros((2, 16), dtype=np.uint8),
        Scalar(0),
    ],
    ids=lambda b: type(b).__name__,
)
def test_a_commitment_of_the_wrong_type_is_a_type_error(bad):
    # bytes(32) is 32 zero bytes, the identity: the commitment to 0 with blinding 0, which anyone can prove. A
    # commitment given as 32 (or [0] * 32) went through bytes(x) and this proof verified.
    proof = _zero_proof()
    with pytest.raises(TypeError, match="commitment"):
        proof.verify_single(BP, PC, Transcript(b"zero"), bad, 8)
    with pytest.raises(TypeError, match=r"commitments\[0\]"):
        RangeProof.verify_multiple(BP, PC, Transcript(b"zero"), proof, [bad], 8)
    with pytest.raises(TypeError, match=r"commitments\[0\]"):
        RangeProof.verify_batch(BP, PC, [(proof, Transcript(b"zero"), [bad], 8)])
    assert proof.verify_single(BP, PC, Transcript(b"zero"), bytes(32), 8) is True  # the real encoding verifies
    assert proof.verify_single(BP, PC, Transcript(b"zero"), np.zeros(32, dtype=np.uint8), 8) is True


@pytest.mark.parametrize("bad", [bytes(31), bytes(33), b"\xff" * 32])
def test_a_commitment_of_the_wrong_length_or_invalid_is_a_proof_error(bad):
    with pytest.raises(ProofError, match="commitment"):
        _zero_proof().verify_single(BP, PC, Transcript(b"zero"), bad, 8)


@pytest.mark.parametrize(
    "bad", [5, [0] * 672, "00" * 336, None, 1.5, np.zeros(84, dtype=np.int64)], ids=lambda b: type(b).__name__
)
def test_a_proof_of_the_wrong_type_is_a_type_error(bad):
    for parse in (RangeProof.from_bytes, InnerProductProof.from_bytes):
        with pytest.raises(TypeError, match="data"):
            parse(bad)
    with pytest.raises(TypeError, match="proof"):
        RangeProof.verify_single(BP, PC, Transcript(b"x"), bad, PC.commit(1, 1), 8)


def _fields(proof):
    return [proof.A, proof.S, proof.T_1, proof.T_2, proof.t_x, proof.t_x_blinding, proof.e_blinding]


def test_proofs_built_directly_are_validated():
    proof = RangeProof.from_bytes(CASES[0][2])
    ipp = proof.ipp_proof
    assert RangeProof(*_fields(proof), ipp) == proof  # the fields of a valid proof make it again
    assert RangeProof(*(bytes(x) for x in _fields(proof)), ipp) == proof  # and so do their encodings
    assert InnerProductProof(list(ipp.L_vec), PointVector(ipp.R_vec), int(ipp.a), bytes(ipp.b)) == ipp
    for k, name in enumerate(["t_x", "t_x_blinding", "e_blinding"]):
        for bad in (q, q + int(_fields(proof)[4 + k]), 2**256 - 1, -1, (q + 1).to_bytes(32, "little")):
            fields = _fields(proof)
            fields[4 + k] = bad
            with pytest.raises(ProofError, match=name):
                RangeProof(*fields, ipp)
    for bad in (q, -1, b"\xff" * 32):
        with pytest.raises(ProofError, match="canonical"):
            InnerProductProof(ipp.L_vec, ipp.R_vec, bad, ipp.b)
        with pytest.raises(ProofError, match="canonical"):
            InnerProductProof(ipp.L_vec, ipp.R_vec, ipp.a, bad)
    with pytest.raises(ProofError, match="R points"):  # zip truncated, then the MSM raised a ValueError
        InnerProductProof(ipp.L_vec, ipp.R_vec[:-1], ipp.a, ipp.b)
    with pytest.raises(ProofError, match="too many rounds"):
        InnerProductProof([Point.identity()] * 32, [Point.identity()] * 32, 0, 0)
    for k, name in enumerate(["A", "S", "T_1", "T_2"]):
        for bad, error in (
            (32, TypeError),
            ([0] * 32, TypeError),
            ("A" * 32, TypeError),
            (None, TypeError),
            (b"\xff" * 32, ProofError),
            (bytes(31), ProofError),
        ):
            fields = _fields(proof)
            fields[k] = bad
            with pytest.raises(error, match=name):
                RangeProof(*fields, ipp)
    for bad, error in (
        (32, TypeError),
        ("x", TypeError),
        ([b"\xff" * 32] * len(ipp.R_vec), ProofError),
        ([32] * len(ipp.R_vec), TypeError),
        (b"".join(bytes(R) for R in ipp.R_vec), TypeError),
    ):
        with pytest.raises(error, match="R_vec"):
            InnerProductProof(ipp.L_vec, bad, ipp.a, ipp.b)
    for bad in (ipp.to_bytes(), None, proof):
        with pytest.raises(TypeError, match="ipp_proof"):
            RangeProof(*_fields(proof), bad)
    for bad in (1.5, "1", None, [1]):
        with pytest.raises(TypeError, match="t_x"):
            RangeProof(*_fields(proof)[:4], bad, *_fields(proof)[5:], ipp)


def test_proofs_are_immutable():
    proof = RangeProof.from_bytes(CASES[0][2])
    with pytest.raises(AttributeError):
        proof.A = bytes(32)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        proof.ipp_proof.L_vec = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del proof.t_x
    assert type(proof.ipp_proof.L_vec) is tuple
    for obj in (proof, proof.ipp_proof):  # pickled and copied as their wire format, validated again
        assert pickle.loads(pickle.dumps(obj)) == obj and copy.copy(obj) == obj and copy.deepcopy(obj) == obj


def test_the_crates_calling_form():
    # proof.verify_single(bp_gens, pc_gens, transcript, commitment, n) raised "missing ... argument: 'n'"
    proof, V = RangeProof.prove_single(BP, PC, Transcript(b"form"), 1234, Scalar.random(), 16)
    assert proof.verify_single(BP, PC, Transcript(b"form"), V, 16) is True
    assert proof.verify_single(BP, PC, Transcript(b"form"), commitment=V, n=16) is True
    assert RangeProof.verify_single(BP, PC, Transcript(b"form"), proof, V, 16) is True
    assert RangeProof.verify_single(BP, PC, Transcript(b"form"), proof.to_bytes(), V, 16) is True
    with pytest.raises(ProofError, match="equation"):
        proof.verify_single(BP, PC, Transcript(b"form"), PC.commit(1235, 0), 16)
    proofs, Vs = RangeProof.prove_multiple(BP, PC, Transcript(b"forms"), [1, 2], [3, 4], 8)
    assert proofs.verify_multiple(BP, PC, Transcript(b"forms"), Vs, 8) is True
    assert RangeProof.verify_multiple(BP, PC, Transcript(b"forms"), proofs, tuple(Vs), 8) is True
    assert RangeProof.verify_multiple(BP, PC, Transcript(b"forms"), proofs, PointVector(Vs), 8) is True
    assert RangeProof.verify_batch(BP, PC, [(proofs, Transcript(b"forms"), Vs, 8)]) is True
    assert RangeProof.verify_batch(BP, PC, []) is True
    assert "crate's form" in RangeProof.verify_single.__doc__ and "crate's form" in proof.verify_single.__doc__


def test_one_type_per_kind_of_value():
    values = [Scalar(5), 7, np.uint16(9), Scalar(2**32 - 1)]  # Scalar values as commit takes them
    blindings = [Scalar.random(), 11, Scalar(12).to_bytes(), np.int64(13)]
    proof, V = RangeProof.prove_multiple(BP, PC, Transcript(b"types"), values, blindings, 32)
    assert all(type(C) is Point for C in V)
    assert V == [PC.commit(v, r) for v, r in zip(values, blindings)]
    assert sum(V) == PC.commit(
        5 + 7 + 9 + 2**32 - 1, sum(Scalar(b) if not isinstance(b, bytes) else Scalar.from_bytes(b) for b in blindings)
    )
    assert V[0] + V[1] - V[1] == V[0]  # Point + commitment: a TypeError when commitments were bytes
    assert all(type(P) is Point for P in (proof.A, proof.S, proof.T_1, proof.T_2, *proof.ipp_proof.L_vec))
    assert all(
        type(x) is Scalar
        for x in (proof.t_x, proof.t_x_blinding, proof.e_blinding, proof.ipp_proof.a, proof.ipp_proof.b)
    )
    single, C = RangeProof.prove_single(BP, PC, Transcript(b"one"), Scalar(200), Scalar(3), 8)
    assert type(C) is Point and C == PC.commit(200, 3)
    for out_of_range in (Scalar(256), Scalar(-1), 256, -1):
        with pytest.raises(ValueError, match="outside"):
            RangeProof.prove_single(BP, PC, Transcript(b"one"), out_of_range, 3, 8)
    for bad in ([1], "1", b"\x01", 1.0, None):
        with pytest.raises(TypeError, match="values"):
            RangeProof.prove_single(BP, PC, Transcript(b"one"), bad, 3, 8)
    for bad in (b"\x01" * 2, "ab", 5):
        with pytest.raises(TypeError, match="values"):
            RangeProof.prove_multiple(BP, PC, Transcript(b"one"), bad, [1, 2], 8)


def test_counts_and_sizes_take_numpy_integers():
    gens = BulletproofGens(np.int64(16), np.uint8(2))
    assert gens.gens_capacity == 16 and type(gens.gens_capacity) is int and len(gens.G(np.int32(8), np.int8(2))) == 16
    proof, V = RangeProof.prove_single(gens, PC, Transcript(b"np"), 3, 4, np.int64(16))
    assert proof.verify_single(gens, PC, Transcript(b"np"), V, np.uint64(16)) is True
    for bad in (16.0, "16", None, True):
        with pytest.raises(TypeError, match="n"):
            proof.verify_single(gens, PC, Transcript(b"np"), V, bad)
    with pytest.raises(TypeError, match="gens_capacity"):
        BulletproofGens(16.0, 1)
    with pytest.raises(ValueError, match="capacities"):
        gens.G(32, 1)


def test_inner_product_proof_takes_lists_of_points_and_returns_true():
    n = 8
    G, H = list(BP.G_vec[0][:n]), tuple(BP.H_vec[0][:n])  # a list and a tuple where PointVectors are hinted
    a, b = ScalarVector.random(n), [Scalar.random() for _ in range(n)]
    factors = ScalarVector.powers(Scalar(3).invert(), n)
    Q = Point.random()
    P = PointVector(G).msm(a) + PointVector(H).msm(factors * b) + Q * a.inner(b)
    ipp = InnerProductProof.create(Transcript(b"ipp"), Q, factors, G, H, a, b)  # leaked a list + PointVector error
    assert type(ipp.a) is Scalar and all(type(L) is Point for L in ipp.L_vec + ipp.R_vec)
    assert ipp.verify(Transcript(b"ipp"), P, Q, list(factors), G, H) is True
    assert ipp.verify(Transcript(b"ipp"), bytes(P), bytes(Q), factors, PointVector(G), PointVector(H)) is True
    with pytest.raises(TypeError, match="P"):
        ipp.verify(Transcript(b"ipp"), 32, Q, factors, G, H)
    with pytest.raises(TypeError, match="transcript"):
        InnerProductProof.create(b"ipp", Q, factors, G, H, a, b)
    with pytest.raises(TypeError, match=r"G\[1\]"):
        InnerProductProof.create(Transcript(b"ipp"), Q, factors, [G[0], 5] + G[2:], H, a, b)


def test_inner_product_proof_appends_its_own_domain_separator():
    # the user of issue 44 appended "ipp v1" and n before create, as the crate's callers do not: create and verify
    # append them themselves, and the docstrings say so
    n = 4
    G, H = BP.G_vec[0][:n], BP.H_vec[0][:n]
    a, b = ScalarVector.random(n), ScalarVector.random(n)
    Q = Point.random()
    P = G.msm(a) + H.msm(b) + Q * a.inner(b)
    ones = [1] * n
    twice = Transcript(b"ipp")
    twice.append_message(b"dom-sep", b"ipp v1")
    twice.append_u64(b"n", n)
    ipp = InnerProductProof.create(twice, Q, ones, G, H, a, b)
    with pytest.raises(ProofError, match="equation"):
        ipp.verify(Transcript(b"ipp"), P, Q, ones, G, H)
    mirror = Transcript(b"ipp")  # create's transcript, replayed: the domain separator and n first, then the rounds
    ipp2 = InnerProductProof.create(mirror, Q, ones, G, H, a, b)
    assert ipp2.verify(Transcript(b"ipp"), P, Q, ones, G, H) is True
    again = Transcript(b"ipp")
    again.append_message(b"dom-sep", b"ipp v1")
    again.append_u64(b"n", n)
    for L, R in zip(ipp2.L_vec, ipp2.R_vec):
        again.append_message(b"L", bytes(L))
        again.append_message(b"R", bytes(R))
        again.challenge_bytes(b"u", 64)
    assert mirror.challenge_bytes(b"end", 16) == again.challenge_bytes(b"end", 16)
    for method in (InnerProductProof.create, InnerProductProof.verify, InnerProductProof.verification_scalars):
        assert "domain separator" in " ".join(method.__doc__.split())
