"""A disjunctive Chaum-Pedersen proof (a Sigma-protocol OR proof) with a Merlin transcript: an ElGamal-encrypted
vote is 0 or 1, and the proof says which of the two it is to nobody.

The vote v in {0, 1} is encrypted as (A, B) = (r*G, r*H + v*G). pyristretto.sigma's ready-made ElGamal bit
statement is the OR of two Chaum-Pedersen statements: branch 0 is A = r*G and B = r*H, branch 1 is A = r*G and
C = r*H for C = B - G. The prover answers the true branch and simulates the other (Cramer-Damgard-Schoenmakers);
the branches' challenges sum to the transcript's. Which branch is true (`known=v`) is read in constant time: the
simulation and the true answer are chosen with masks in the C++ core, never with a branch on v.

Run it: python examples/or_proof.py
"""

import pyristretto as pr
from pyristretto import Point, Scalar, Transcript
from pyristretto.sigma import InvalidProofError, library

G = Point.generator()
H = Point(pr.H)  # a second generator whose discrete log to G nobody knows
BIT = library.elgamal_bit(public_key=H)  # "any of ([A = r * G; B = r * K] | [A = r * G; C = r * K])", K = H


def encrypt_vote(v):
    """(A, B, r): the encryption of the bit v and its randomness r (secret)."""
    r = Scalar.random()
    return r * G, r * H + v * G, r


def public_points(A, B):
    return {"A": A, "B": B, "C": B - G}


def prove_bit(A, B, v, r):
    """A proof that (A, B) encrypts 0 or 1 (v, r: the vote and its randomness)."""
    return BIT.prove({"r": r}, public_points(A, B), Transcript(b"or-proof example"), known=v)


def verify_bit(A, B, proof):
    """True when the proof shows (A, B) encrypts 0 or 1; InvalidProofError otherwise."""
    return BIT.verify(proof, public_points(A, B), Transcript(b"or-proof example"))


if __name__ == "__main__":
    for vote in (0, 1):
        A, B, r = encrypt_vote(vote)
        assert verify_bit(A, B, prove_bit(A, B, vote, r))
    A, B, r = encrypt_vote(2)  # not a bit: no honest proof exists, and the best try fails
    try:
        verify_bit(A, B, prove_bit(A, B, 1, r))
        raise SystemExit("a vote of 2 was proven")
    except InvalidProofError:
        pass
    print("ok: votes 0 and 1 proven, a vote of 2 refused")
