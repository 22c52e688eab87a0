"""Argument readers shared by the parts of pyristretto.sr25519 (signing, batch, vrf): a public key argument as a
Point, a key pair's secret and public parts, exact-length bytes. The parts read key objects by their attributes
(``PublicKey.point``, ``Keypair.secret`` / ``.public``), so that none of them imports the keys module, which
imports them."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

from pyristretto import _group as grp
from pyristretto._group import InvalidPointError, Point, SrSecret
from pyristretto.sr25519.errors import SignatureError

BYTES = (bytes, bytearray, memoryview)


def is_bytes(value: Any) -> bool:
    """Whether value is bytes-like (bytes, bytearray, memoryview; not a str)."""
    return isinstance(value, BYTES)


def public_point(value: Any, name: str = "public_key", index: Optional[int] = None) -> Point:
    """A public key argument as a Point: a PublicKey (its point), a Point, or 32 bytes (validated:
    InvalidPointError naming `name`, or `name[index]`); TypeError for anything else."""
    if type(value) is Point:
        return value
    if is_bytes(value):
        size = memoryview(value).nbytes
        if size != 32:
            raise InvalidPointError(f"{_name(name, index)}: expected 32 bytes, got {size}")
        point = grp.sr25519_public_point(value)
        if point is None:
            raise InvalidPointError(f"{_name(name, index)}: not a valid Ristretto255 encoding")
        return point
    point = getattr(value, "point", None)  # a PublicKey
    if type(point) is not Point or not hasattr(value, "to_ss58"):
        raise TypeError(f"{_name(name, index)}: expected a PublicKey, a Point or 32 bytes, got {type(value).__name__}")
    return point


def _name(name: str, index: Optional[int]) -> str:
    return name if index is None else f"{name}[{index}]"


def keypair_parts(keypair: Any, name: str = "keypair") -> Tuple[SrSecret, Point]:
    """(the secret key's C holder, the public key's Point) of a Keypair; TypeError for anything else."""
    secret = getattr(getattr(keypair, "secret", None), "_secret", None)
    public = getattr(getattr(keypair, "public", None), "point", None)
    if type(secret) is not SrSecret or type(public) is not Point:
        raise TypeError(f"{name}: expected a Keypair, got {type(keypair).__name__}")
    return secret, public


def flag(value: Any, name: str) -> bool:
    """A bool argument (malleable, kusama, vartime): a bool, TypeError naming `name` for anything else (a truthy
    "no" must not switch a mode on)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name}: expected a bool, got {type(value).__name__}")
    return value


def sequence(values: Any, name: str) -> List[Any]:
    """A sequence argument (signatures, messages, public keys, in/out pairs) as a list: any iterable but a str, a
    bytes-like object or a Point (one item where many are expected); TypeError naming `name` otherwise."""
    if isinstance(values, (str, Point) + BYTES) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name}: expected a sequence, got {type(values).__name__}")
    return list(values)


def exact_bytes(data: Any, length: int, name: str) -> memoryview:
    """data as a memoryview of bytes, exactly `length` long (TypeError / SignatureError with reason "length")."""
    if not is_bytes(data):
        raise TypeError(f"{name}: expected {length} bytes, got {type(data).__name__}")
    view = memoryview(data).cast("B")
    if view.nbytes != length:
        raise SignatureError(f"{name}: expected {length} bytes, got {view.nbytes}", "length")
    return view
