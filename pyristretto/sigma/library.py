"""Ready-made statements: DLOG (Schnorr), DLEQ (Chaum-Pedersen), representation (a Pedersen opening), an ElGamal
bit and a small range by bits. Each function returns a `Statement`; bases given as points are bound into it
(fixed: multiplied on fixed-base combs, summed once in a batch), bases given as None are public points of the
statement, passed to prove and verify under their names.

The names (what a witness and a public mapping use):

- `dlog`: ``A = x * B``
- `dleq`: ``A = x * G, B = x * H``
- `representation`: ``C = x0 * G0 + x1 * G1 + ...``; `pedersen_opening`: ``C = v * G + r * H``
- `elgamal_bit`: the ciphertext ``(A, B) = (r G, r K + b G)`` under the key ``K`` encrypts a bit ``b``: branch 0
  ``A = r * G, B = r * K``, branch 1 ``A = r * G, C = r * K`` with ``C = B - G`` (pyristretto.sigma.elgamal's
  prove_bit computes C, and its verify_bit computes it again)
- `range_by_bits`: n ElGamal bits ``A0, B0, C0, ..., A(n-1), B(n-1), C(n-1)`` with secrets ``r0 .. r(n-1)``
"""

from __future__ import annotations

import operator
from typing import Optional

from pyristretto import _group as grp
from pyristretto.sigma.statements import And, Or, Statement, StatementError

__all__ = [
    "GENERATOR",
    "PEDERSEN_H",
    "dlog",
    "dleq",
    "representation",
    "pedersen_opening",
    "elgamal_bit",
    "range_by_bits",
]

GENERATOR = grp.GENERATOR
PEDERSEN_H = grp.PEDERSEN_H  # pyristretto.H as a Point: the second generator, whose log to G nobody knows
LABEL_PREFIX = "pyristretto.sigma/"


def _fixed(**bases):
    return {name: P for name, P in bases.items() if P is not None}


def dlog(base: Optional[object] = GENERATOR, *, label=LABEL_PREFIX + "dlog") -> Statement:
    """Knowledge of x with ``A = x * B`` (a Schnorr proof): B fixed to `base` (G by default), or a public point of
    the statement when base is None."""
    return Statement(label, "A = x * B", fixed=_fixed(B=base))


def dleq(
    base1: Optional[object] = GENERATOR, base2: Optional[object] = None, *, label=LABEL_PREFIX + "dleq"
) -> Statement:
    """Equality of discrete logs (Chaum-Pedersen): x with ``A = x * G`` and ``B = x * H``; G fixed to `base1` and H
    to `base2` where given, else public points."""
    return Statement(label, "A = x * G, B = x * H", fixed=_fixed(G=base1, H=base2))


def representation(bases, *, label=LABEL_PREFIX + "representation") -> Statement:
    """Knowledge of x0, x1, ... with ``C = x0 * G0 + x1 * G1 + ...``. bases: the number of terms (all bases then
    public points G0, G1, ...) or a sequence of points or None (fixed where a point)."""
    if isinstance(bases, (bytes, bytearray, memoryview, str)):
        raise TypeError(f"bases: expected an int or a sequence of points, got {type(bases).__name__}")
    if hasattr(bases, "__iter__"):
        given = list(bases)
    else:
        try:
            given = [None] * operator.index(bases)
        except TypeError:
            raise TypeError(f"bases: expected an int or a sequence of points, got {type(bases).__name__}") from None
    if not given:
        raise StatementError("bases: at least one")
    rhs = " + ".join(f"x{i} * G{i}" for i in range(len(given)))
    return Statement(label, f"C = {rhs}", fixed=_fixed(**{f"G{i}": P for i, P in enumerate(given)}))


def pedersen_opening(
    G: Optional[object] = GENERATOR, H: Optional[object] = PEDERSEN_H, *, label=LABEL_PREFIX + "pedersen-opening"
) -> Statement:
    """Knowledge of the opening (v, r) of a Pedersen commitment ``C = v * G + r * H`` (pyristretto.pedersen_commit's
    G and H by default)."""
    return Statement(label, "C = v * G + r * H", fixed=_fixed(G=G, H=H))


def elgamal_bit(public_key: Optional[object] = None, *, label=LABEL_PREFIX + "elgamal-bit") -> Statement:
    """The ElGamal ciphertext ``(A, B)`` under the key K encrypts 0 or 1 (``B = r K + b G``), as the OR of
    ``A = r * G, B = r * K`` (b = 0) and ``A = r * G, C = r * K`` (b = 1, C = B - G). public_key: fixes K (a Point
    or an ElGamal PublicKey), else K is a public point. G is the generator."""
    K = getattr(public_key, "point", public_key)
    zero = Statement(label + "/0", "A = r * G, B = r * K", fixed=_fixed(G=GENERATOR, K=K))
    one = Statement(label + "/1", "A = r * G, C = r * K", fixed=_fixed(G=GENERATOR, K=K))
    return Or(zero, one, label=label)


def range_by_bits(bits: int, public_key: Optional[object] = None, *, label=LABEL_PREFIX + "elgamal-range") -> Statement:
    """A value in [0, 2^bits) by its bits: the AND of `bits` ElGamal bit statements, bit i on the points Ai, Bi, Ci
    with the secret ri (each an OR group: the proof's `known` is the list of the bits). The value's ciphertext is
    the sum of 2^i (Ai, Bi), which the verifier checks itself (pyristretto.sigma.elgamal.verify_range)."""
    try:
        n = operator.index(bits)
    except TypeError:
        raise TypeError(f"bits: expected an int, got {type(bits).__name__}") from None
    if not 1 <= n <= 64:
        raise StatementError(f"bits: expected 1 <= bits <= 64, got {n}")
    bit = elgamal_bit(public_key, label=label + "/bit")
    parts = [bit.rename(A=f"A{i}", B=f"B{i}", C=f"C{i}", r=f"r{i}") for i in range(n)]
    if n == 1:
        return Statement._make(
            label.encode() if isinstance(label, str) else bytes(label),
            None,
            parts[0]._groups,
            list(parts[0]._points),
            dict(parts[0]._fixed),
        )
    return And(*parts, label=label)
