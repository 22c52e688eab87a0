"""CPace, the CFRG's balanced password-authenticated key exchange (draft-irtf-cfrg-cpace), cipher suite
``CPACE-RISTR255-SHA512``: ristretto255 and SHA-512.

Two parties sharing a password-related string ``PRS`` (and a channel identifier ``ci``, a session identifier
``sid``) each send one message, ``Y`` (32 bytes) with their associated data ``AD``, and derive the same
intermediate session key ``ISK`` (64 bytes) if and only if their inputs match::

    a = CPace(b"password", ci=b"A|B", sid=sid, ad=b"ADa", role=INITIATOR)
    b = CPace(b"password", ci=b"A|B", sid=sid, ad=b"ADb", role=RESPONDER)
    isk_b = b.finish(a.message, b"ADa")     # B receives (Ya, ADa)
    isk_a = a.finish(b.message, b"ADb")     # A receives (Yb, ADb)
    assert isk_a == isk_b

``role``: ``INITIATOR`` or ``RESPONDER`` (the transcript ``transcript_ir``: A's message first), or ``SYMMETRIC``
(``transcript_oc``, the ordered concatenation: either side may speak first). A received ``Y`` that is not a valid
encoding, or is the identity, aborts with ``CPaceError`` (``scalar_mult_vfy`` returning ``G.I``). The draft
recommends deriving keys from ``ISK`` with a KDF before use, and adding key confirmation where forward security
against active attackers matters.

Secrets: the generator ``g`` (it depends on the password) and the scalar ``y`` are kept as a ``Point`` and a
``Scalar``; ``g`` comes from the RFC 9496 one-way map (constant time) of the SHA-512 of the generator string, and
``y*g``, ``y*Y`` are the core's constant-time multiplications (``pyristretto._group.mul_encode``). ``K`` never
leaves the object; ``ISK`` is returned as bytes.
"""

from __future__ import annotations

import hashlib
from typing import Optional, SupportsIndex, Union

from pyristretto import _group as grp
from pyristretto._group import Point, Scalar

__all__ = [
    "DSI",
    "DSI_ISK",
    "S_IN_BYTES",
    "INITIATOR",
    "RESPONDER",
    "SYMMETRIC",
    "CPaceError",
    "prepend_len",
    "lv_cat",
    "generator_string",
    "calculate_generator",
    "o_cat",
    "transcript_ir",
    "transcript_oc",
    "scalar_mult_vfy",
    "sid_output",
    "CPace",
]

Bytes = Union[bytes, bytearray, memoryview]
ScalarLike = Union[Scalar, SupportsIndex, Bytes]

DSI = b"CPaceRistretto255"  # G_Ristretto255.DSI
DSI_ISK = DSI + b"_ISK"
S_IN_BYTES = 128  # SHA-512's input block size (H.s_in_bytes)
INITIATOR = "initiator"
RESPONDER = "responder"
SYMMETRIC = "symmetric"
_IDENTITY = bytes(32)


class CPaceError(ValueError):
    """A received message is invalid (not a ristretto255 encoding, or the identity): the run aborts."""


def _data(value, name) -> bytes:
    if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name}: expected a bytes-like object, got {type(value).__name__}")
    return bytes(value)


def prepend_len(data: Bytes, _name: str = "data") -> bytes:
    """``prepend_len``: the LEB128 encoding of ``len(data)``, then ``data``."""
    data = _data(data, _name)
    if len(data) < 128:  # one length byte
        return bytes((len(data),)) + data
    length, out = len(data), bytearray()
    while True:
        byte = length & 0x7F
        length >>= 7
        out.append(byte | 0x80 if length else byte)
        if not length:
            return bytes(out) + data


def lv_cat(*args: Bytes) -> bytes:
    """``lv_cat``: the length-value concatenation of the arguments."""
    return b"".join(prepend_len(a, f"args[{i}]") for i, a in enumerate(args))


def generator_string(dsi: Bytes, prs: Bytes, ci: Bytes, sid: Bytes, s_in_bytes: int = S_IN_BYTES) -> bytes:
    """``lv_cat(DSI, PRS, zero_bytes(len_zpad), CI, sid)``, the zero padding filling the first hash block."""
    dsi, prs = _data(dsi, "dsi"), _data(prs, "prs")
    len_zpad = max(0, grp.count_argument(s_in_bytes, "s_in_bytes") - 1 - len(prepend_len(prs)) - len(prepend_len(dsi)))
    return lv_cat(dsi, prs, bytes(len_zpad), _data(ci, "ci"), _data(sid, "sid"))


def calculate_generator(prs: Bytes, ci: Bytes = b"", sid: Bytes = b"") -> Point:
    """``G.calculate_generator(H, PRS, CI, sid)``: the one-way map of ``SHA-512(generator_string(...))``, as a
    Point (secret: it depends on the password)."""
    return grp.from_uniform_bytes(hashlib.sha512(generator_string(DSI, prs, ci, sid)).digest())


def o_cat(bytes1: Bytes, bytes2: Bytes) -> bytes:
    """``o_cat``: ``"oc"``, then the lexicographically larger of the two, then the other."""
    a, b = _data(bytes1, "bytes1"), _data(bytes2, "bytes2")
    return b"oc" + a + b if a > b else b"oc" + b + a


def transcript_ir(ya: Bytes, ada: Bytes, yb: Bytes, adb: Bytes) -> bytes:
    """``transcript_ir``: ``lv_cat(Ya, ADa) || lv_cat(Yb, ADb)`` (initiator-responder)."""
    return _lv_pairs(ya, ada, yb, adb)[0]


def transcript_oc(ya: Bytes, ada: Bytes, yb: Bytes, adb: Bytes) -> bytes:
    """``transcript_oc``: ``o_cat(lv_cat(Ya, ADa), lv_cat(Yb, ADb))`` (symmetric)."""
    return o_cat(*_lv_pairs(ya, ada, yb, adb)[1:])


def _lv_pairs(ya, ada, yb, adb):
    """``(lv_cat(Ya, ADa) || lv_cat(Yb, ADb), lv_cat(Ya, ADa), lv_cat(Yb, ADb))``, errors naming the arguments."""
    a = prepend_len(ya, "ya") + prepend_len(ada, "ada")
    b = prepend_len(yb, "yb") + prepend_len(adb, "adb")
    return a + b, a, b


def sid_output(transcript: Bytes) -> bytes:
    """``H.hash("CPaceSidOutput" || transcript)``: a public session identifier for runs without a ``sid``."""
    return hashlib.sha512(b"CPaceSidOutput" + _data(transcript, "transcript")).digest()


def _scalar(value, name) -> Scalar:
    s = grp.scalar_argument(value, name)
    if grp.scalar_is_zero(s):
        raise ValueError(f"{name}: must not be zero")
    return s


def _received(value, name) -> Optional[Point]:
    """The Point of a received encoding, or None when it is not a valid encoding or is the identity."""
    if type(value) is Point:
        return None if grp.is_identity(value) else value
    if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name}: expected 32 bytes or a Point, got {type(value).__name__}")
    value = bytes(value)
    if len(value) != grp.ELEMENT_SIZE:
        return None
    try:  # the batch decoder (a PointVector of one): on the IFMA lanes, faster than a lone decode
        return grp.decode_elements([value], [name], CPaceError)[0]
    except CPaceError:
        return None


def scalar_mult_vfy(y: ScalarLike, X: Bytes) -> bytes:
    """``G.scalar_mult_vfy(y, X)``: the encoding of ``y * decode(X)``, or ``G.I`` (32 zero bytes) when ``X`` does not
    decode (the identity's encoding decodes, and its product is ``G.I``). Constant-time in ``y``."""
    s = grp.scalar_argument(y, "y")
    P = _received(X, "X")
    return _IDENTITY if P is None else grp.mul_encode([s], [P])


class CPace:
    """One party of a CPace run: ``message`` (its ``Y``, 32 bytes) goes to the peer with this party's ``ad``;
    ``finish(peer_message, peer_ad)`` returns the 64-byte ISK, once.

    ``prs``: the password-related string; ``ci`` (channel identifier), ``sid`` (session identifier) and ``ad``
    (this party's associated data, sent in clear) default to empty. ``role``: ``INITIATOR`` (party A),
    ``RESPONDER`` (party B) or ``SYMMETRIC``. ``_test_scalar`` replays a test vector's ``y``; never use it
    otherwise."""

    __slots__ = ("message", "ad", "role", "_sid", "_y", "_transcript")
    message: bytes
    ad: bytes
    role: str

    def __init__(
        self,
        prs: Bytes,
        *,
        ci: Bytes = b"",
        sid: Bytes = b"",
        ad: Bytes = b"",
        role: str = INITIATOR,
        _test_scalar: Optional[ScalarLike] = None,
    ) -> None:
        if role not in (INITIATOR, RESPONDER, SYMMETRIC):
            raise ValueError(f"role: expected {INITIATOR!r}, {RESPONDER!r} or {SYMMETRIC!r}, got {role!r}")
        self.role = role
        self.ad = _data(ad, "ad")
        self._sid = _data(sid, "sid")
        g = calculate_generator(prs, ci, self._sid)
        self._y: Optional[Scalar] = (
            grp.scalar_random() if _test_scalar is None else _scalar(_test_scalar, "_test_scalar")
        )
        self.message = grp.mul_encode([self._y], [g])
        self._transcript: Optional[bytes] = None

    @property
    def sid_output(self) -> Optional[bytes]:
        """After ``finish``: ``H("CPaceSidOutput" || transcript)``, a public session identifier both parties share
        (for runs without a ``sid``); None before."""
        return None if self._transcript is None else sid_output(self._transcript)

    def finish(self, peer_message: Bytes, peer_ad: Bytes = b"") -> bytes:
        """The ISK: ``SHA-512(lv_cat(DSI || "_ISK", sid, K) || transcript)`` with ``K = y * Y_peer``. CPaceError
        when ``peer_message`` is not a valid encoding or is the identity (then K would be ``G.I``: abort); a wrong
        length is a CPaceError too. The run is finished either way (a second call raises ValueError); afterwards
        ``sid_output`` holds ``H("CPaceSidOutput" || transcript)``."""
        peer_ad = _data(peer_ad, "peer_ad")
        P = _received(peer_message, "peer_message")
        if self._y is None:
            raise ValueError("this CPace run is finished: start a new one")
        y, self._y = self._y, None
        if P is None:
            raise CPaceError("peer_message: not a valid ristretto255 encoding, or the identity: abort")
        K = grp.mul_encode([y], [P])
        if K == _IDENTITY:  # unreachable for a non-identity P of the prime-order group and y != 0; kept as the draft
            raise CPaceError("peer_message: the shared point is the identity: abort")
        peer = bytes(P)
        if self.role == INITIATOR:
            transcript = transcript_ir(self.message, self.ad, peer, peer_ad)
        elif self.role == RESPONDER:
            transcript = transcript_ir(peer, peer_ad, self.message, self.ad)
        else:
            transcript = transcript_oc(self.message, self.ad, peer, peer_ad)
        self._transcript = transcript
        return hashlib.sha512(lv_cat(DSI_ISK, self._sid, K) + transcript).digest()

    def __repr__(self) -> str:
        return f"CPace({self.role}, message={self.message.hex()!r}, {'finished' if self._y is None else 'started'})"

    def __reduce__(self):
        raise TypeError("a CPace run holds secrets and cannot be pickled")
