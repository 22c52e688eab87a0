"""pyristretto.sigma against issue 49's targets, side by side in one run with hand-written versions on the same
library (Transcript, Point, FixedBase, PointVector: what a user writes without pyristretto.sigma, with the zkp
crate's transcript layout, so that each side's proofs verify on the other) and with zksk (P-224 on OpenSSL,
through petlib) where it is installed. Run::

    taskset -c 1 python benchmarks/sigma.py [--repeats R] [--batch N]

One thread. Every case is timed in alternating rounds (each row's sides in the same round), the best of R rounds
(default 5) of loops of ~0.2 s each, in CPU time (``time.process_time``; the machine may be shared); the wall-clock
best is printed beside it. Every timed call's result is checked once before timing (verification raises on a bad
proof)."""

import argparse
import sys

import pyristretto
from pyristretto import FixedBase, Point, PointVector, Scalar, Transcript
from pyristretto.sigma import Or, Statement, elgamal, library
from pyristretto.sigma.dlog import DiscreteLogTable

from _cpu_timing import best_times

G = Point.generator()
H = Point(pyristretto.H)
ZKP = b"schnorrzkp/1.0/ristretto255"


# ---- hand-written proofs (the zkp crate's layout, on the library's objects) -----------------------------------
class HandWritten:
    """A linear statement proved and verified by hand: per equation a Point computation, transcript appends one by
    one, challenge, responses. equations: [(lhs name, [(secret index, base name)])]; fixed: {name: FixedBase}."""

    def __init__(self, label, secrets, points, equations, fixed):
        self.label, self.secrets, self.points, self.equations, self.fixed = label, secrets, points, equations, fixed

    def bind(self, t, public):
        t.append_message(b"dom-sep", ZKP)
        t.append_message(b"dom-sep", self.label)
        for s in self.secrets:
            t.append_message(b"scvar", s)
        for name in self.points:
            t.append_message(b"ptvar", name)
            t.append_point(b"val", public[name])

    def prove(self, witness, public):
        t = Transcript(b"bench")
        self.bind(t, public)
        builder = t.build_rng()
        for x in witness:
            builder.rekey_with_witness_bytes(b"", x)
        rng = builder.finalize()
        r = [rng.random_scalar() for _ in witness]
        for lhs, terms in self.equations:
            R = None
            for s, base in terms:
                term = self.fixed[base] * r[s] if base in self.fixed else public[base] * r[s]
                R = term if R is None else R + term
            t.append_message(b"blindcom", lhs)
            t.append_point(b"val", R)
        c = t.challenge_scalar(b"chal")
        return c, [ri + c * x for ri, x in zip(r, witness)]

    def verify(self, proof, public):
        c, z = proof
        t = Transcript(b"bench")
        self.bind(t, public)
        minus_c = -c
        for lhs, terms in self.equations:
            R = PointVector([public[b] for _, b in terms] + [public[lhs]]).msm_vartime(
                [z[s] for s, _ in terms] + [minus_c]
            )
            t.append_message(b"blindcom", lhs)
            t.append_point(b"val", R)
        if t.challenge_scalar(b"chal") != c:
            raise ValueError("hand-written proof does not verify")
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--batch", type=int, default=1000)
    args = ap.parse_args()
    pyristretto.set_threads(1)

    # DLEQ: A = x G, B = x H with G and H fixed
    dleq = library.dleq(G, H)
    x = Scalar.random()
    pub = {"A": x * G, "B": x * H}
    hw_dleq = HandWritten(
        dleq.label,
        [b"x"],
        [b"A", b"B", b"G", b"H"],
        [(b"A", [(0, b"G")]), (b"B", [(0, b"H")])],
        {b"G": FixedBase(G), b"H": FixedBase(H)},
    )
    hw_pub = {b"A": pub["A"], b"B": pub["B"], b"G": G, b"H": H}
    proof = dleq.prove({"x": x}, pub, Transcript(b"bench"))
    hw_proof = hw_dleq.prove([x], hw_pub)
    assert dleq.verify(proof, pub, Transcript(b"bench")) and hw_dleq.verify((proof.challenge, proof.responses), hw_pub)
    from pyristretto.sigma import CompactProof

    assert dleq.verify(CompactProof(hw_proof[0], hw_proof[1]), pub, Transcript(b"bench"))

    # batch of DLEQ proofs
    xs = [Scalar.random() for _ in range(args.batch)]
    publics = [{"A": v * G, "B": v * H} for v in xs]
    batch = [dleq.prove_batchable({"x": v}, p) for v, p in zip(xs, publics)]
    assert dleq.verify_batch(batch, publics)

    # 8 equations: four DLEQs (A_i = x_i G, B_i = x_i H_i), H_i public points
    Hs = [Point.random() for _ in range(4)]
    x8 = [Scalar.random() for _ in range(4)]
    text = ", ".join(f"A{i} = x{i} * G, B{i} = x{i} * H{i}" for i in range(4))
    eight = Statement("bench/eight", text, fixed={"G": G})
    pub8 = {
        **{f"A{i}": x8[i] * G for i in range(4)},
        **{f"B{i}": x8[i] * Hs[i] for i in range(4)},
        **{f"H{i}": Hs[i] for i in range(4)},
    }
    w8 = {f"x{i}": x8[i] for i in range(4)}
    points8 = [n.encode() for n in eight.points]
    equations8 = []
    for i in range(4):
        equations8 += [(f"A{i}".encode(), [(i, b"G")]), (f"B{i}".encode(), [(i, f"H{i}".encode())])]
    hw8 = HandWritten(eight.label, [f"x{i}".encode() for i in range(4)], points8, equations8, {b"G": FixedBase(G)})
    hw_pub8 = {n.encode(): (G if n == "G" else pub8[n]) for n in eight.points}
    p8 = eight.prove(w8, pub8, Transcript(b"bench"))
    assert eight.verify(p8, pub8, Transcript(b"bench")) and hw8.verify((p8.challenge, p8.responses), hw_pub8)
    hw_p8 = hw8.prove(x8, hw_pub8)
    assert eight.verify(CompactProof(hw_p8[0], hw_p8[1]), pub8, Transcript(b"bench"))

    # OR of two DLOGs against one DLOG
    dlog = library.dlog()
    or2 = Or(dlog.rename(A="A0"), dlog.rename(A="A1"))
    pub1 = {"A": x * G}
    pub_or = {"A0": Point.random(), "A1": x * G}
    p1, p_or = dlog.prove({"x": x}, pub1), or2.prove({"x": x}, pub_or, known=1)
    assert dlog.verify(p1, pub1) and or2.verify(p_or, pub_or)

    # the ElGamal bit (an OR of two Chaum-Pedersen statements)
    key = elgamal.keygen()
    r = Scalar.random()
    ct = elgamal.encrypt_int(key.public_key, 1, r)
    p_bit = elgamal.prove_bit(key.public_key, ct, 1, r)
    assert elgamal.verify_bit(key.public_key, ct, p_bit)

    rows = [
        (
            "DLEQ prove",
            lambda: dleq.prove({"x": x}, pub, Transcript(b"bench")),
            lambda: hw_dleq.prove([x], hw_pub),
            "hand",
            30,
        ),
        (
            "DLEQ verify",
            lambda: dleq.verify(proof, pub, Transcript(b"bench")),
            lambda: hw_dleq.verify(hw_proof, hw_pub),
            "hand",
            35,
        ),
        ("DLEQ verify batchable (1)", lambda: dleq.verify(batch[0], publics[0]), None, None, None),
        (
            f"DLEQ batch-verify {args.batch}, per proof",
            lambda: dleq.verify_batch(batch, publics),
            lambda: dleq.verify(proof, pub, Transcript(b"bench")),
            "single",
            None,
        ),
        (
            "8 equations prove",
            lambda: eight.prove(w8, pub8, Transcript(b"bench")),
            lambda: hw8.prove(x8, hw_pub8),
            "hand",
            None,
        ),
        (
            "8 equations verify",
            lambda: eight.verify(p8, pub8, Transcript(b"bench")),
            lambda: hw8.verify(hw_p8, hw_pub8),
            "hand",
            None,
        ),
        (
            "OR of 2 DLOGs prove",
            lambda: or2.prove({"x": x}, pub_or, known=1),
            lambda: dlog.prove({"x": x}, pub1),
            "DLOG",
            None,
        ),
        ("OR of 2 DLOGs verify", lambda: or2.verify(p_or, pub_or), lambda: dlog.verify(p1, pub1), "DLOG", None),
        ("ElGamal bit prove", lambda: elgamal.prove_bit(key.public_key, ct, 1, r), None, None, None),
        ("ElGamal bit verify", lambda: elgamal.verify_bit(key.public_key, ct, p_bit), None, None, None),
    ]
    rows += zksk_rows(x)
    values = list(range(args.batch))
    rows += [
        (
            f"ElGamal encrypt_ints {args.batch}, per value",
            lambda: elgamal.encrypt_ints(key.public_key, values),
            lambda: [elgamal.encrypt_int(key.public_key, v) for v in values],
            "one by one",
            None,
        ),
    ]
    per = {
        f"DLEQ batch-verify {args.batch}, per proof": args.batch,
        f"ElGamal encrypt_ints {args.batch}, per value": args.batch,
    }

    results = {name: [[float("inf")] * 2, [float("inf")] * 2] for name, *_ in rows}
    for _ in range(args.repeats):
        for name, ours, other, _, _ in rows:
            for k, f in enumerate((ours, other)):
                if f is None:
                    continue
                cpu, wall = best_times(f, 1)
                if name in per and (k == 0 or "encrypt" in name):
                    cpu, wall = cpu / per[name], wall / per[name]
                best = results[name][k]
                best[0], best[1] = min(best[0], cpu), min(best[1], wall)

    print(f"backend {pyristretto.backend()}, one thread, best of {args.repeats} rounds; us per call (CPU, wall)")
    print(f"{'':40} {'ours CPU':>9} {'wall':>8} {'other CPU':>10} {'wall':>8}  {'ratio':>6}  vs          target")
    for name, ours, other, against, target in rows:
        (oc, ow), (tc, tw) = results[name]
        ratio = f"{oc / tc:6.2f}" if other is not None else ""
        tgt = f"<= {target} us {'ok' if oc * 1e6 <= target else 'MISS'}" if target else ""
        print(
            f"{name:40} {oc * 1e6:9.1f} {ow * 1e6:8.1f} "
            + (f"{tc * 1e6:10.1f} {tw * 1e6:8.1f}  {ratio}  {against or '':10}  " if other else " " * 44)
            + tgt
        )
    batch_name = f"DLEQ batch-verify {args.batch}, per proof"
    (oc, _), (tc, _) = results[batch_name]
    print(f"batch-verify speed-up per proof over single verifies: {tc / oc:.1f}x (target >= 4x)")
    (oc, _), (tc, _) = results["8 equations prove"]
    (vc, _), (wc, _) = results["8 equations verify"]
    print(f"8 equations, ours / hand-written: prove {oc / tc:.2f}, verify {vc / wc:.2f} (target <= 1.2)")
    (oc, _), (tc, _) = results["OR of 2 DLOGs prove"]
    (vc, _), (wc, _) = results["OR of 2 DLOGs verify"]
    print(f"OR of 2 DLOGs / one DLOG: prove {oc / tc:.2f}, verify {vc / wc:.2f} (target <= 2.2)")
    table = DiscreteLogTable(1 << 20)
    tally = Point.base_mul(987_654)
    cpu, wall = best_times(lambda: table.solve(tally, 1 << 20), 3)
    print(
        f"tally of up to 2^20 votes from its point (2^20-step table, {table.nbytes >> 20} MiB): "
        f"{cpu * 1e6:.1f} us CPU, {wall * 1e6:.1f} us wall"
    )


def zksk_rows(x):
    """zksk's Schnorr (DLRep) and ElGamal-bit OR proofs on P-224, beside ours (when zksk and petlib import)."""
    try:
        from petlib.ec import EcGroup
        from zksk import DLRep, Secret
    except ImportError as e:  # zksk needs petlib (and attrs): pip install --no-deps zksk petlib; pip install attrs
        print(f"zksk not available ({e}): its rows are left out", file=sys.stderr)
        return []
    group = EcGroup()
    g, h = group.generator(), group.hash_to_point(b"h")
    xv = group.order().random()
    y = xv * g

    def schnorr_prove():
        return DLRep(y, Secret(value=xv) * g).prove()

    schnorr_nizk = schnorr_prove()

    def schnorr_verify():
        assert DLRep(y, Secret() * g).verify(schnorr_nizk)

    schnorr_verify()
    rv = group.order().random()
    A, B = rv * g, rv * h + g

    def bit_statement(value=None):
        r = Secret(value=value)
        return (DLRep(A, r * g) & DLRep(B, r * h)) | (DLRep(A, r * g) & DLRep(B - g, r * h))

    def bit_prove():
        st = bit_statement(rv)
        st.subproofs[0].set_simulated()
        return st.prove()

    bit_nizk = bit_prove()

    def bit_verify():
        assert bit_statement().verify(bit_nizk)

    bit_verify()
    dlog = library.dlog()
    pub = {"A": x * G}
    p = dlog.prove({"x": x}, pub)
    key = elgamal.keygen()
    r = Scalar.random()
    ct = elgamal.encrypt_int(key.public_key, 1, r)
    p_bit = elgamal.prove_bit(key.public_key, ct, 1, r)
    return [
        ("Schnorr prove (zksk)", lambda: dlog.prove({"x": x}, pub), schnorr_prove, "zksk", None),
        ("Schnorr verify (zksk)", lambda: dlog.verify(p, pub), schnorr_verify, "zksk", None),
        ("ElGamal bit OR prove (zksk)", lambda: elgamal.prove_bit(key.public_key, ct, 1, r), bit_prove, "zksk", None),
        (
            "ElGamal bit OR verify (zksk)",
            lambda: elgamal.verify_bit(key.public_key, ct, p_bit),
            bit_verify,
            "zksk",
            None,
        ),
    ]


if __name__ == "__main__":
    main()
