"""Sigma proofs for ristretto255: zero-knowledge statements in a few lines.

- `Statement`: linear relations between public points and secret scalars (``"A = x * B, G = x * H"``), proved,
  verified and batch-verified on Merlin transcripts with the layout of dalek's zkp crate (compact and batchable
  proofs: the crate's proofs verify here and ours there); composed with ``&`` (AND, equality of secrets by name),
  ``|`` (OR, Cramer-Damgard-Schoenmakers) and `Threshold` (k of n).
- Ready-made statements (`pyristretto.sigma.library`): DLOG, DLEQ, representation, ElGamal bit, range by bits.
- ElGamal on the group (`pyristretto.sigma.elgamal`): keys, encryption of points and of small ints, re-randomisation,
  homomorphic sums, threshold decryption with DLEQ proofs; small discrete logs (`pyristretto.sigma.dlog`) by
  baby-step giant-step; Lizard and the Elligator inverse (`pyristretto.sigma.lizard`).

Each proof, verification or batch verification is one call into the C++ core. ``import pyristretto`` does not
import this package.
"""

from pyristretto.sigma.statements import And, Or, Statement, StatementError, Threshold
from pyristretto.sigma.proofs import (
    DEFAULT_TRANSCRIPT_LABEL,
    BatchableProof,
    CompactProof,
    InvalidProofError,
    SigmaError,
)

__all__ = [
    "And",
    "BatchableProof",
    "CompactProof",
    "DEFAULT_TRANSCRIPT_LABEL",
    "InvalidProofError",
    "Or",
    "SigmaError",
    "Statement",
    "StatementError",
    "Threshold",
]
