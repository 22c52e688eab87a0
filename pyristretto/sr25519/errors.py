"""sr25519's errors: why a signature, VRF proof, key or secret URI was refused."""

from __future__ import annotations

from typing import Optional

from pyristretto import _group as grp

__all__ = ["SignatureError", "BatchVerificationError", "SecretStringError"]


class SignatureError(ValueError):
    """An sr25519 signature, VRF proof or secret key was refused. ``reason`` says why, as schnorrkel's
    ``SignatureError`` does: ``"equation"`` (well formed, but the verification equation fails),
    ``"not_marked"`` (a signature without schnorrkel's marker, bit 7 of byte 63), ``"scalar_format"`` (a scalar
    that is not canonical), ``"point_decompression"`` (a point that is not a valid encoding, or a VRF output that is
    the identity), ``"invalid_key"`` (an Ed25519-form secret key whose scalar is out of range) or ``"length"``."""

    def __init__(self, message: str, reason: str = "equation") -> None:
        super().__init__(message)
        self.reason = reason


class BatchVerificationError(SignatureError):
    """A batch verification failed; ``index`` is the position of the first failing item (the lowest), found by
    bisecting the batch, or None if none could be named (probability at most 2^-128)."""

    def __init__(self, message: str, reason: str = "equation", index: Optional[int] = None) -> None:
        super().__init__(message, reason)
        self.index = index


class SecretStringError(ValueError):
    """A secret URI, mnemonic phrase, hex seed or derivation path was refused (sp-core's ``SecretStringError``);
    the message says which part."""


_REASONS = {
    grp.SR_EQUATION_FALSE: ("equation", "the verification equation fails"),
    grp.SR_NOT_MARKED: ("not_marked", "not marked as a schnorrkel signature (bit 7 of byte 63 is clear)"),
    grp.SR_SCALAR_FORMAT: ("scalar_format", "a scalar is not canonical"),
    grp.SR_POINT_DECOMPRESSION: ("point_decompression", "a point is not a valid Ristretto255 encoding"),
    grp.SR_LENGTH: ("length", "expected 64 bytes"),
}


def error_for(code: int, what: str) -> SignatureError:
    """The SignatureError of a verification code (grp.SR_*) about `what` (e.g. "signature")."""
    reason, text = _REASONS[code]
    return SignatureError(f"{what}: {text}", reason)
