"""A disjunctive Chaum-Pedersen proof (a Sigma-protocol OR proof) with a Merlin transcript: an ElGamal-encrypted
vote is 0 or 1, and the proof says which of the two it is to nobody.

The vote v in {0, 1} is encrypted as (A, B) = (r*G, r*H + v*G). For each branch j the statement is the
Chaum-Pedersen one, log_G(A) == log_H(B - j*G). The prover answers the true branch honestly and simulates the
other; the verifier's challenge, drawn from the transcript, must be the sum of the two branch challenges.

The prover never branches on v: the simulated branch's statement is picked with `select`, and the two branches
are put in their places with `swap`, both constant-time in the bit. (The Python int v itself is only read once,
by those calls.)

Run it: python examples/or_proof.py
"""
import pyristretto as pr
from pyristretto import Point, Scalar, Transcript, select, swap

G = Point.generator()
H = Point(pr.H)  # a second generator whose discrete log to G nobody knows


def statement(transcript, A, B):
    transcript.append_message(b"dom-sep", b"elgamal-bit-proof v1")
    transcript.append_point(b"A", A)
    transcript.append_point(b"B", B)


def encrypt_vote(v):
    """(A, B, r): the encryption of the bit v and its randomness r (secret)."""
    r = Scalar.random()
    return r * G, r * H + v * G, r


def prove_bit(A, B, v, r):
    """A proof that (A, B) encrypts 0 or 1 (v, r: the vote and its randomness)."""
    Y = [B, B - G]  # branch j claims log_G(A) == log_H(Y[j])
    w, c_sim, z_sim = Scalar.random(), Scalar.random(), Scalar.random()
    y_sim = select(Y[1], Y[0], v)  # the other branch's statement: Y[1 - v]
    real = (w * G, w * H)
    sim = (z_sim * G - c_sim * A, z_sim * H - c_sim * y_sim)
    (t0_g, t1_g), (t0_h, t1_h) = swap(real[0], sim[0], v), swap(real[1], sim[1], v)  # slot v holds the real one
    transcript = Transcript(b"or-proof example")
    statement(transcript, A, B)
    for label, T in ((b"T0G", t0_g), (b"T0H", t0_h), (b"T1G", t1_g), (b"T1H", t1_h)):
        transcript.append_point(label, T)
    c = transcript.challenge_scalar(b"c")
    c_real = c - c_sim
    z_real = w + c_real * r
    c0, c1 = swap(c_real, c_sim, v)
    z0, z1 = swap(z_real, z_sim, v)
    return (t0_g, t0_h, t1_g, t1_h), (c0, c1), (z0, z1)


def verify_bit(A, B, proof):
    """True when the proof shows (A, B) encrypts 0 or 1."""
    (t0_g, t0_h, t1_g, t1_h), (c0, c1), (z0, z1) = proof
    transcript = Transcript(b"or-proof example")
    statement(transcript, A, B)
    for label, T in ((b"T0G", t0_g), (b"T0H", t0_h), (b"T1G", t1_g), (b"T1H", t1_h)):
        transcript.append_point(label, T)
    if c0 + c1 != transcript.challenge_scalar(b"c"):
        return False
    Y = [B, B - G]
    return all(z * G == t_g + c * A and z * H == t_h + c * y
               for z, c, t_g, t_h, y in ((z0, c0, t0_g, t0_h, Y[0]), (z1, c1, t1_g, t1_h, Y[1])))


if __name__ == "__main__":
    for vote in (0, 1):
        A, B, r = encrypt_vote(vote)
        assert verify_bit(A, B, prove_bit(A, B, vote, r))
    A, B, r = encrypt_vote(2)  # not a bit: no honest proof exists, and the best try fails
    assert not verify_bit(A, B, prove_bit(A, B, 1, r))
    print("ok: votes 0 and 1 proven, a vote of 2 refused")
