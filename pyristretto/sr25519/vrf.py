"""schnorrkel's VRF (``vrf.rs``) with the Kusama transcript layout, as Substrate's BABE and sp-core use it.

- Input: the signing transcript of (message, context) (or a ``Transcript`` given in the message's place), with
  ``append_message(b"vrf-nm-pk", A)`` unless ``malleable``; ``H = from_uniform_bytes(challenge_bytes(b"VRFHash",
  64))`` (RFC 9496's one-way map). Pre-output ``O = key H``.
- Proof: a DLEQ proof that ``log_G A = log_H O`` on the ``extra`` transcript (default ``Transcript(b"VRF")``):
  ``(b"proto-name", b"DLEQProof")``, ``(b"vrf:h", H)``; the witness ``r`` from the RNG keyed with the secret
  nonce (label ``b"proving\\x000"``) and fresh randomness; ``(b"vrf:R=g^r", r G)``, ``(b"vrf:h^r", r H)``;
  ``(b"vrf:pk", A)`` here with ``kusama=True`` (the default, ``KUSAMA_VRF``), right after ``vrf:h`` otherwise;
  ``(b"vrf:h^sk", O)``; ``c = challenge_scalar(b"prove")``; ``s = r - c key``. The proof is ``c || s`` (64 bytes);
  the batchable proof ``R || Hr || s`` (96 bytes) can be verified in a batch (``vrf_verify_batch``).
- Output bytes: ``VRFInOut.make_bytes(context, n)``: Merlin ``"VRFResult"``, ``(b"", context)``, ``(b"vrf-in",
  H)``, ``(b"vrf-out", O)``, ``challenge_bytes(b"", n)``.

Signing is constant-time in the key, the nonce and the witness; ``rng=`` supplies the 32 random bytes (tests only).
A verification returns its result or raises ``SignatureError``; a batch raises ``BatchVerificationError`` naming
the first failing item.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple, Union

from pyristretto import _group as grp
from pyristretto._group import InvalidPointError, Point, PointVector, Scalar, Transcript
from pyristretto.sr25519._args import exact_bytes, flag, keypair_parts, public_point, sequence
from pyristretto.sr25519.context import SUBSTRATE, transcript_of
from pyristretto.sr25519.errors import BatchVerificationError, SignatureError, error_for

__all__ = [
    "KUSAMA_VRF",
    "VRF_PREOUT_LENGTH",
    "VRF_PROOF_LENGTH",
    "VRF_PROOF_BATCHABLE_LENGTH",
    "VRFInOut",
    "vrf_hash",
    "vrf_create_hash",
    "vrf_sign",
    "vrf_verify",
    "attach_input_hash",
    "dleq_prove",
    "dleq_verify",
    "shorten_dleq",
    "vrfs_merge",
    "vrfs_sign",
    "vrfs_verify",
    "vrf_verify_batch",
    "dleq_verify_batch",
]

KUSAMA_VRF = True
VRF_PREOUT_LENGTH = 32
VRF_PROOF_LENGTH = 64
VRF_PROOF_BATCHABLE_LENGTH = 96

Bytes = Union[bytes, bytearray, memoryview]


class VRFInOut:
    """A VRF input point and its output (schnorrkel's ``VRFInOut``): ``input`` H and ``output`` O = key H, both
    Points (``Point``). ``preout`` (``to_preout()``) is O's 32-byte encoding, what a VRF signature carries."""

    __slots__ = ("input", "output")

    input: Point
    output: Point

    def __init__(self, input: Point, output: Point) -> None:
        if type(input) is not Point or type(output) is not Point:
            raise TypeError("input, output: expected Points")
        self.input = input
        self.output = output

    @property
    def preout(self) -> bytes:
        """The pre-output: the output's 32-byte encoding."""
        return bytes(self.output)

    def to_preout(self) -> bytes:
        """The pre-output (``VRFInOut::to_preout``)."""
        return bytes(self.output)

    def commit(self, t: Transcript) -> None:
        """Appends ``(b"vrf-in", H)`` and ``(b"vrf-out", O)`` to the transcript t (``VRFInOut::commit``)."""
        if type(t) is not Transcript:
            raise TypeError(f"t: expected a Transcript, got {type(t).__name__}")
        t.append_message(b"vrf-in", bytes(self.input))
        t.append_message(b"vrf-out", bytes(self.output))

    def make_bytes(self, context: Bytes, n: int = 32) -> bytes:
        """n output bytes for `context` (``VRFInOut::make_bytes``): Merlin ``"VRFResult"``, ``(b"", context)``,
        the in/out pair, ``challenge_bytes(b"", n)``."""
        if not isinstance(context, (bytes, bytearray, memoryview)):
            raise TypeError(f"context: expected a bytes-like object, got {type(context).__name__}")
        t = Transcript(b"VRFResult")
        t.append_message(b"", context)
        self.commit(t)
        return t.challenge_bytes(b"", n)

    def __eq__(self, other: object) -> bool:
        if type(other) is not VRFInOut:
            return NotImplemented
        return self.input == other.input and self.output == other.output

    def __hash__(self) -> int:
        return hash((bytes(self.input), bytes(self.output)))

    def __repr__(self) -> str:
        return f"VRFInOut(input={bytes(self.input).hex()}, output={bytes(self.output).hex()})"


def _extra(extra: Optional[Transcript]) -> Transcript:
    if extra is None:
        return Transcript(b"VRF")
    if type(extra) is not Transcript:
        raise TypeError(f"extra: expected a Transcript or None, got {type(extra).__name__}")
    return extra


def _inout(inout: Any, name: str = "inout") -> VRFInOut:
    if type(inout) is not VRFInOut:
        raise TypeError(f"{name}: expected a VRFInOut, got {type(inout).__name__}")
    return inout


def vrf_hash(public_key: Any, message: Any, context: Any = SUBSTRATE, *, malleable: bool = False) -> Point:
    """The VRF input point H of (message, context) for `public_key` (``PublicKey::vrf_hash``; ``malleable=True``
    leaves the public key out, as the crate's ``Malleable``)."""
    point = public_point(public_key)
    return grp.sr25519_vrf_hash(point, transcript_of(message, context), flag(malleable, "malleable"))


def vrf_create_hash(keypair: Any, message: Any, context: Any = SUBSTRATE, *, malleable: bool = False) -> VRFInOut:
    """The in/out pair (H, key H) without a proof (``Keypair::vrf_create_hash``)."""
    secret, public = keypair_parts(keypair)
    h = grp.sr25519_vrf_hash(public, transcript_of(message, context), flag(malleable, "malleable"))
    return VRFInOut(h, grp.sr25519_vrf_output(secret, h))


def vrf_sign(
    keypair: Any,
    message: Any,
    context: Any = SUBSTRATE,
    *,
    extra: Optional[Transcript] = None,
    malleable: bool = False,
    kusama: bool = True,
    rng: Any = None,
) -> Tuple[VRFInOut, bytes, bytes]:
    """The VRF of (message, context) by `keypair` (``Keypair::vrf_sign_extra``, Kusama layout by default): (the
    ``VRFInOut``, the 64-byte proof ``c || s``, the 96-byte batchable proof ``R || Hr || s``). `extra`: the DLEQ
    transcript (default ``Transcript(b"VRF")``; not changed)."""
    secret, public = keypair_parts(keypair)
    h, o, proof, batchable = grp.sr25519_vrf_sign(
        secret,
        public,
        transcript_of(message, context),
        _extra(extra),
        flag(kusama, "kusama"),
        flag(malleable, "malleable"),
        rng,
    )
    return VRFInOut(h, o), proof, batchable


def attach_input_hash(
    public_key: Any, preout: Bytes, message: Any, context: Any = SUBSTRATE, *, malleable: bool = False
) -> VRFInOut:
    """The in/out pair of a pre-output for (message, context) (``VRFPreOut::attach_input_hash``): the pre-output
    must be a valid encoding other than the identity (``SignatureError``, reason ``"point_decompression"``)."""
    point = public_point(public_key)
    output = _preout_point(preout)
    h = grp.sr25519_vrf_hash(point, transcript_of(message, context), flag(malleable, "malleable"))
    return VRFInOut(h, output)


def _preout_point(preout: Bytes, name: str = "preout") -> Point:
    exact_bytes(preout, VRF_PREOUT_LENGTH, name)
    try:
        point = Point(preout)
    except InvalidPointError:
        raise SignatureError(f"{name}: not a valid Ristretto255 encoding", "point_decompression") from None
    if point.is_identity():
        raise SignatureError(f"{name}: the identity is not a VRF output", "point_decompression")
    return point


def _named(name: str, function: Any, *args: Any) -> Any:
    """function(*args), a TypeError about its message argument renamed to `name` (an item of a sequence)."""
    try:
        return function(*args)
    except TypeError as exc:
        raise TypeError(str(exc).replace("message:", f"{name}:", 1)) from None


def _attach(key: Point, preout: Any, message: Any, context: Any, i: int) -> VRFInOut:
    """attach_input_hash of item i of a sequence, its errors naming preouts[i] and messages[i]."""
    output = _preout_point(preout, f"preouts[{i}]")
    return VRFInOut(
        _named(
            f"messages[{i}]",
            grp.sr25519_vrf_hash,
            key,
            _named(f"messages[{i}]", transcript_of, message, context),
            False,
        ),
        output,
    )


def dleq_prove(
    keypair: Any, inout: VRFInOut, extra: Optional[Transcript] = None, *, kusama: bool = True, rng: Any = None
) -> Tuple[bytes, bytes]:
    """(proof, batchable proof) that inout.output = key inout.input (``Keypair::dleq_proove``) on `extra`."""
    secret, public = keypair_parts(keypair)
    io = _inout(inout)
    return grp.sr25519_dleq_prove(secret, public, _extra(extra), io.input, io.output, flag(kusama, "kusama"), rng)


def dleq_verify(
    public_key: Any, inout: VRFInOut, proof: Bytes, extra: Optional[Transcript] = None, *, kusama: bool = True
) -> bytes:
    """The 96-byte batchable form of a valid DLEQ proof (``PublicKey::dleq_verify``); ``SignatureError`` otherwise
    (reason ``"scalar_format"`` for non-canonical c or s, ``"equation"`` when the challenge differs)."""
    point = public_point(public_key)
    io = _inout(inout)
    exact_bytes(proof, VRF_PROOF_LENGTH, "proof")
    kusama = flag(kusama, "kusama")
    code, batchable = grp.sr25519_dleq_verify(point, _extra(extra), io.input, io.output, proof, kusama)
    if code != grp.SR_VALID:
        raise error_for(code, "proof")
    return batchable


def vrf_verify(
    public_key: Any,
    message: Any,
    preout: Bytes,
    proof: Bytes,
    context: Any = SUBSTRATE,
    *,
    extra: Optional[Transcript] = None,
    malleable: bool = False,
    kusama: bool = True,
) -> Tuple[VRFInOut, bytes]:
    """(VRFInOut, 96-byte batchable proof) when `proof` (64 bytes) shows `preout` is `public_key`'s VRF output for
    (message, context) (``PublicKey::vrf_verify_extra``); ``SignatureError`` otherwise. Never returns False."""
    io = attach_input_hash(public_key, preout, message, context, malleable=malleable)
    return io, dleq_verify(public_key, io, proof, extra, kusama=kusama)


def shorten_dleq(
    public_key: Any, inout: VRFInOut, batchable: Bytes, extra: Optional[Transcript] = None, *, kusama: bool = True
) -> bytes:
    """The 64-byte proof ``c || s`` of a batchable proof (``VRFProofBatchable::shorten_dleq``)."""
    point = public_point(public_key)
    io = _inout(inout)
    exact_bytes(batchable, VRF_PROOF_BATCHABLE_LENGTH, "batchable")
    c = grp.sr25519_dleq_challenge(point, _extra(extra), io.input, io.output, batchable, flag(kusama, "kusama"))
    if c is None:
        raise SignatureError("batchable: s is not a canonical scalar", "scalar_format")
    return c.to_bytes() + bytes(memoryview(batchable)[64:])


def vrfs_merge(public_key: Any, inouts: Sequence[VRFInOut], vartime: bool = True) -> VRFInOut:
    """Several in/out pairs merged into one (``PublicKey::vrfs_merge``): Merlin ``"MergeVRFs"`` with
    ``(b"vrf:pk", A)`` and every pair committed; pair i's weight is the 128-bit ``challenge_bytes(b"", 16)`` of a
    copy with pair i committed once more; the sums of the weighted inputs and outputs. (Public weights: the
    result is the same with ``vartime`` either way.)"""
    point = public_point(public_key)
    flag(vartime, "vartime")
    ios = [_inout(p, f"inouts[{i}]") for i, p in enumerate(sequence(inouts, "inouts"))]
    if not ios:
        raise ValueError("inouts: at least one VRFInOut is needed")
    t = Transcript(b"MergeVRFs")
    t.append_message(b"vrf:pk", bytes(point))
    for p in ios:
        p.commit(t)
    weights = []
    for p in ios:
        t0 = t.clone()
        p.commit(t0)
        weights.append(int.from_bytes(t0.challenge_bytes(b"", 16), "little"))
    inputs = PointVector([p.input for p in ios])
    outputs = PointVector([p.output for p in ios])
    return VRFInOut(inputs.msm_vartime(weights), outputs.msm_vartime(weights))


def vrfs_sign(
    keypair: Any,
    messages: Sequence[Any],
    context: Any = SUBSTRATE,
    *,
    extra: Optional[Transcript] = None,
    rng: Any = None,
) -> Tuple[List[VRFInOut], bytes, bytes]:
    """Several VRF outputs under one proof (``Keypair::vrfs_sign_extra``): the in/out pairs of the messages, and the
    DLEQ proof (Kusama layout) of their merge (``vrfs_merge``)."""
    _, public = keypair_parts(keypair)
    ios = [
        _named(f"messages[{i}]", vrf_create_hash, keypair, m, context)
        for i, m in enumerate(sequence(messages, "messages"))
    ]
    proof, batchable = dleq_prove(keypair, vrfs_merge(public, ios), extra, rng=rng)
    return ios, proof, batchable


def vrfs_verify(
    public_key: Any,
    messages: Sequence[Any],
    preouts: Sequence[Bytes],
    proof: Bytes,
    context: Any = SUBSTRATE,
    *,
    extra: Optional[Transcript] = None,
) -> Tuple[List[VRFInOut], bytes]:
    """(in/out pairs, batchable proof) when `proof` covers every pre-output (``PublicKey::vrfs_verify_extra``);
    ``SignatureError`` otherwise; ValueError when the counts differ."""
    key = public_point(public_key)
    messages, preouts = sequence(messages, "messages"), sequence(preouts, "preouts")
    if len(messages) != len(preouts):
        raise ValueError(f"messages, preouts: {len(messages)} messages but {len(preouts)} pre-outputs")
    ios = [_attach(key, o, m, context, i) for i, (m, o) in enumerate(zip(messages, preouts))]
    return ios, dleq_verify(key, vrfs_merge(key, ios), proof, extra)


def dleq_verify_batch(
    inouts: Sequence[VRFInOut], proofs: Sequence[Bytes], public_keys: Sequence[Any], *, kusama: bool = True
) -> bool:
    """True when every batchable DLEQ proof (96 bytes, on the default transcript ``Transcript(b"VRF")``) is valid
    (schnorrkel's ``dleq_verify_batch``): for fresh 128-bit weights z_i and w_i from the CSPRNG, one multi-scalar
    multiplication checks ``sum z_i (c_i A_i + s_i G - R_i) + w_i (c_i O_i + s_i H_i - Hr_i) == 0``.
    ``BatchVerificationError`` naming the first failing item otherwise."""
    flag(kusama, "kusama")
    ios = [_inout(p, f"inouts[{i}]") for i, p in enumerate(sequence(inouts, "inouts"))]
    proofs = sequence(proofs, "proofs")
    keys = [public_point(k, "public_keys", i) for i, k in enumerate(sequence(public_keys, "public_keys"))]
    n = len(ios)
    if len(proofs) != n or len(keys) != n:
        raise ValueError(
            f"inouts, proofs, public_keys: the sequences must have equal lengths ({n}, {len(proofs)}, {len(keys)})"
        )
    for i, p in enumerate(proofs):
        exact_bytes(p, VRF_PROOF_BATCHABLE_LENGTH, f"proofs[{i}]")
    if _dleq_batch_holds(ios, proofs, keys, list(range(n)), kusama):
        return True
    index = _first_failure(lambda idx: _dleq_batch_holds(ios, proofs, keys, idx, kusama), n)
    raise BatchVerificationError(
        "a DLEQ proof of the batch is invalid" + ("" if index is None else f": item {index}"), "equation", index
    )


def _dleq_batch_holds(
    ios: List[VRFInOut], proofs: List[Bytes], keys: List[Point], idx: List[int], kusama: bool
) -> bool:
    """Whether the batch equation holds for the items idx (an item with a malformed proof makes it fail)."""
    if not idx:
        return True
    t0 = Transcript(b"VRF")
    z = grp.random_weights(len(idx))
    w = grp.random_weights(len(idx))
    points: List[Any] = [grp.GENERATOR]
    scalars: List[Any] = [Scalar(0)]
    for j, i in enumerate(idx):
        c = grp.sr25519_dleq_challenge(keys[i], t0, ios[i].input, ios[i].output, proofs[i], kusama)
        if c is None:
            return False
        view = memoryview(proofs[i])
        s = Scalar.from_bytes(view[64:96])
        zj, wj = z[j], w[j]
        scalars[0] = scalars[0] + zj * s
        try:
            r, hr = Point(view[:32]), Point(view[32:64])
        except InvalidPointError:
            return False
        points += [keys[i], r, ios[i].output, hr, ios[i].input]
        scalars += [zj * c, -zj, wj * c, -wj, wj * s]
    return grp.msm_public(scalars, points).is_identity()


def _first_failure(holds: Any, n: int) -> Optional[int]:
    """The lowest index i < n whose item fails, bisecting with holds(list of indices) (a batch check)."""
    lo, hi = 0, n
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if not holds(list(range(lo, mid))):
            hi = mid
        elif not holds(list(range(mid, hi))):
            lo = mid
        else:
            return None  # every part passes: only possible with probability 2^-128
    return lo if not holds([lo]) else None


def vrf_verify_batch(
    messages: Sequence[Any],
    preouts: Sequence[Bytes],
    proofs: Sequence[Bytes],
    public_keys: Sequence[Any],
    context: Any = SUBSTRATE,
    *,
    kusama: bool = True,
) -> List[VRFInOut]:
    """The in/out pairs when every VRF (batchable 96-byte proof, default extra transcript) verifies
    (``vrf_verify_batch``); ``BatchVerificationError`` naming the first failing item otherwise (a malformed
    pre-output included)."""
    flag(kusama, "kusama")
    messages, preouts = sequence(messages, "messages"), sequence(preouts, "preouts")
    keys = [public_point(k, "public_keys", i) for i, k in enumerate(sequence(public_keys, "public_keys"))]
    if not len(messages) == len(preouts) == len(keys):
        raise ValueError(
            f"messages, preouts, public_keys: the sequences must have equal lengths "
            f"({len(messages)}, {len(preouts)}, {len(keys)})"
        )
    ios = []
    for i, (m, o, k) in enumerate(zip(messages, preouts, keys)):
        try:
            ios.append(_attach(k, o, m, context, i))
        except SignatureError as exc:
            raise BatchVerificationError(f"item {i}: {exc}", exc.reason, i) from None
    dleq_verify_batch(ios, proofs, keys, kusama=kusama)
    return ios
