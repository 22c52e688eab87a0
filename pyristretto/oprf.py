"""RFC 9497 oblivious pseudorandom functions, suite ``ristretto255-SHA512``: OPRF, VOPRF and POPRF.

A client learns ``F(k, input)`` from a server holding the key ``k`` without the server learning ``input``:
the client blinds the hashed input, the server multiplies it by its key, the client unblinds and hashes.
In VOPRF mode the server also proves (a DLEQ proof) that it used the key behind its public key; POPRF adds a
public ``info`` string that tweaks the key. The classes follow the RFC's roles::

    server = VOPRFServer.derive(seed, b"key info")          # or VOPRFServer(private_key)
    client = VOPRFClient(server.public_key)
    blind, blinded = client.blind(b"input")
    evaluated, proof = server.blind_evaluate(blinded)
    output = client.finalize(b"input", blind, evaluated, blinded, proof)   # 64 bytes
    assert output == server.evaluate(b"input")

Inputs: an element is a ``Point`` or its 32-byte encoding (any bytes-like; any other type is a ``TypeError``); a
scalar (a private key, a blind) is a ``Scalar``, an int in [1, q) or its 32-byte canonical encoding. Outputs follow
the object layer: elements (blinded and evaluated elements, public keys, tweaked keys, composites) are ``Point``
objects (``bytes(P)`` is the 32-byte encoding for the wire), scalars (blinds, private keys, ``derive_key_pair``'s
and ``generate_key_pair``'s keys) ``Scalar`` objects; proofs are the 64 bytes ``SerializeScalar(c) ||
SerializeScalar(s)`` and outputs 64 bytes. ``verify_proof`` returns True or raises ``VerifyError``. The randomness
(blinds, proof nonces) comes from libsodium's CSPRNG; the keyword arguments starting with ``_test_`` exist only to
replay the RFC's test vectors and must not be used otherwise.

Secrets: the private key, the POPRF tweaked key ``t``, blinds and proof nonces are ``Scalar`` objects (wiped when
freed) and only meet constant-time code: ``Point`` multiplication and ``Point.base_mul`` (the C++ core, checked
by valgrind) and ``Scalar`` arithmetic and inversion (libsodium), through ``pyristretto._group``. Proof
verification uses ``msm_vartime`` on public values only.
"""

from __future__ import annotations

import hashlib
from typing import Iterable, List, Optional, SupportsIndex, Tuple, Type, TypeVar, Union

from pyristretto import _group as grp
from pyristretto._group import Point, Scalar

Bytes = Union[bytes, bytearray, memoryview]
ScalarLike = Union[Scalar, SupportsIndex, Bytes]  # a Scalar, an int in [1, q) or its canonical 32-byte encoding
ElementLike = Union[Point, Bytes]  # a Point or its 32-byte encoding
_K = TypeVar("_K", bound="_KeyHolder")

__all__ = [
    "MODE_OPRF",
    "MODE_VOPRF",
    "MODE_POPRF",
    "IDENTIFIER",
    "OPRFError",
    "InvalidInputError",
    "DeserializeError",
    "VerifyError",
    "InverseError",
    "DeriveKeyPairError",
    "context_string",
    "derive_key_pair",
    "generate_key_pair",
    "compute_composites",
    "compute_composites_fast",
    "generate_proof",
    "verify_proof",
    "OPRFClient",
    "OPRFServer",
    "VOPRFClient",
    "VOPRFServer",
    "POPRFClient",
    "POPRFServer",
]

MODE_OPRF = 0
MODE_VOPRF = 1
MODE_POPRF = 2
IDENTIFIER = b"ristretto255-SHA512"
PROOF_SIZE = 2 * grp.SCALAR_SIZE
_MAX_LENGTH = 0xFFFF  # lengths are encoded in two bytes


class OPRFError(ValueError):
    """Base class of the errors RFC 9497 names."""


class InvalidInputError(OPRFError):
    """An input hashes to the identity, the POPRF tweaked key is the identity, or an input is too long."""


class DeserializeError(OPRFError):
    """A received element is not a valid non-identity encoding, or a proof or scalar is malformed."""


class VerifyError(OPRFError):
    """The server's proof does not verify."""


class InverseError(OPRFError):
    """POPRF: the tweaked private key ``k + HashToScalar(info)`` is zero."""


class DeriveKeyPairError(OPRFError):
    """DeriveKeyPair found no non-zero key in 256 attempts (probability about 2^-64000)."""


def context_string(mode: SupportsIndex) -> bytes:
    """``"OPRFV1-" || I2OSP(mode, 1) || "-" || "ristretto255-SHA512"``."""
    return b"OPRFV1-" + bytes([_check_mode(mode)]) + b"-" + IDENTIFIER


class _Suite:
    """The domain separation tags of one mode."""

    __slots__ = ("mode", "context", "group_dst", "scalar_dst", "seed_dst", "derive_dst")

    def __init__(self, mode):
        self.mode = mode
        self.context = b"OPRFV1-" + bytes([mode]) + b"-" + IDENTIFIER
        self.group_dst = b"HashToGroup-" + self.context
        self.scalar_dst = b"HashToScalar-" + self.context
        self.seed_dst = b"Seed-" + self.context
        self.derive_dst = b"DeriveKeyPair" + self.context


_SUITES = {mode: _Suite(mode) for mode in (MODE_OPRF, MODE_VOPRF, MODE_POPRF)}


def _check_mode(mode):
    """The mode as an int: any operator.index value (numpy integers too; not a bool), TypeError otherwise; ValueError
    unless 0, 1 or 2."""
    mode = grp.count_argument(mode, "mode")
    if mode not in _SUITES:
        raise ValueError(f"mode: expected 0 (OPRF), 1 (VOPRF) or 2 (POPRF), got {mode!r}")
    return mode


# ---- encodings and argument checks ------------------------------------------------------------------
def _data(value, name):
    """A bytes-like argument as bytes, at most 2^16 - 1 long (its length is encoded in two bytes)."""
    if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name}: expected a bytes-like object, got {type(value).__name__}")
    value = bytes(value)
    if len(value) > _MAX_LENGTH:
        raise InvalidInputError(f"{name}: at most {_MAX_LENGTH} bytes, got {len(value)}")
    return value


def _lp(data):
    """``I2OSP(len(data), 2) || data`` for bytes, or for a Point's (cached) encoding."""
    if type(data) is Point:
        data = bytes(data)
    return len(data).to_bytes(2, "big") + data


def _element(value, name):
    """DeserializeElement: a Point (or the Point of an encoding) that is not the identity, else DeserializeError."""
    return grp.element_argument(value, name, DeserializeError, "a Point or 32 bytes")


class _Elements:
    """Received elements after DeserializeElement: ``vector`` (a PointVector, decoded in one call) and
    ``encodings`` (their 32-byte canonical encodings, for the transcripts)."""

    __slots__ = ("vector", "encodings")

    def __init__(self, vector, encodings=None):
        self.vector = vector
        if encodings is None:
            flat = vector.to_bytes()
            encodings = [flat[i : i + grp.ELEMENT_SIZE] for i in range(0, len(flat), grp.ELEMENT_SIZE)]
        self.encodings = encodings

    def __len__(self):
        return len(self.encodings)


_IDENTITY_ENCODING = bytes(grp.ELEMENT_SIZE)


def _label(name, i, single):
    """How errors name item i of the batch argument ``name`` (plural: ``blinded_elements[i]``); for a single call
    (``blind_evaluate``, ``finalize``) the argument the caller passed, the singular (``blinded_element``)."""
    return name[:-1] if single else f"{name}[{i}]"


def _elements(values, name, single=False):
    """DeserializeElement on each of a non-empty sequence of elements, decoded in one PointVector (errors name
    ``_label(name, i, single)``)."""
    values = _sequence(values, name)
    if not values:
        raise ValueError(f"{name}: expected at least one element")
    for i, value in enumerate(values):
        if not grp.is_element_argument(value):
            raise TypeError(f"{_label(name, i, single)}: expected a Point or 32 bytes, got {type(value).__name__}")
    try:
        elements = _Elements(grp.PointVector(values))
    except grp.InvalidPointError:
        elements = None
    for i, encoding in enumerate(elements.encodings if elements is not None else values):
        if elements is None or encoding == _IDENTITY_ENCODING:  # public values; the identity's encoding is unique
            _element(values[i], _label(name, i, single))  # raises DeserializeError naming the culprit
    return elements


def _evaluate_received(k, values, name, single=False):
    """``(elements, products)`` for received elements: both ``_Elements``, the products ``k*E`` computed in one
    constant-time call (``PointVector.scale``)."""
    elements = _elements(values, name, single)
    return elements, _Elements(elements.vector.scale([k] * len(elements)))


def _scalar(value, name):
    """A non-zero scalar argument (a Scalar, an int-like, or 32 canonical bytes) as a Scalar."""
    s = grp.scalar_argument(value, name, DeserializeError)
    if grp.scalar_is_zero(s):
        raise ValueError(f"{name}: must not be zero")
    return s


def _sequence(values, name):
    """A sequence argument's items as a list: TypeError naming it for a str, a bytes-like object, a Point or a
    Scalar (whose list() would be small ints, or an error that does not name the argument), or a non-iterable."""
    if isinstance(values, (str, Point, Scalar, bytes, bytearray, memoryview)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name}: expected a list or tuple, got {type(values).__name__}")
    return list(values)


def _same_length(name, *sequences):
    if len({len(s) for s in sequences}) != 1:
        raise ValueError(f"{name}: the sequences must have equal lengths")


# ---- keys -------------------------------------------------------------------------------------------
def derive_key_pair(seed: Bytes, info: Bytes, mode: SupportsIndex) -> Tuple[Scalar, Point]:
    """RFC 9497 DeriveKeyPair: a deterministic key pair ``(skS, pkS)`` (a Scalar and a Point) from a 32-byte secret
    seed; ``ServerClass.derive(seed, info)`` derives the same key into a server."""
    return _derive_key_pair(seed, info, mode)


def _derive_key_pair(seed, info, mode):
    suite = _SUITES[_check_mode(mode)]
    if isinstance(seed, str) or not isinstance(seed, (bytes, bytearray, memoryview)):
        raise TypeError(f"seed: expected a bytes-like object, got {type(seed).__name__}")
    if memoryview(seed).nbytes != 32:  # its length, without copying the secret
        raise InvalidInputError(f"seed: expected 32 bytes, got {memoryview(seed).nbytes}")
    # The seed goes into a C buffer only (wiped), not into Python bytes concatenations.
    sk = grp.derive_key_scalar(seed, _data(info, "info"), suite.derive_dst)
    if sk is None:
        raise DeriveKeyPairError("DeriveKeyPair: no non-zero scalar in 256 attempts")
    return sk, grp.base_mul(sk)


def generate_key_pair() -> Tuple[Scalar, Point]:
    """A random key pair ``(skS, pkS)`` (a Scalar and a Point) from the CSPRNG (the same for every mode);
    ``ServerClass.generate()`` draws one into a server."""
    sk = grp.scalar_random()
    return sk, grp.base_mul(sk)


# ---- DLEQ proofs -------------------------------------------------------------------------------------
def _composite_weights(suite, B, C, D):
    """The d_i of ComputeComposites: hashes of the public transcript, so public values."""
    seed = hashlib.sha512(_lp(B) + _lp(suite.seed_dst)).digest()
    prefix = _lp(seed)
    return [
        grp.hash_to_scalar(prefix + i.to_bytes(2, "big") + _lp(c) + _lp(d) + b"Composite", suite.scalar_dst)
        for i, (c, d) in enumerate(zip(C.encodings, D.encodings))
    ]


def _check_proof_inputs(B, C, D):
    C, D = _sequence(C, "C"), _sequence(D, "D")
    _same_length("C, D", C, D)
    if len(C) > _MAX_LENGTH:  # the composites encode the index in two bytes
        raise InvalidInputError(f"at most {_MAX_LENGTH} elements per proof")
    return _element(B, "B"), _elements(C, "C"), _elements(D, "D")


def compute_composites(
    B: ElementLike, C: Iterable[ElementLike], D: Iterable[ElementLike], mode: SupportsIndex
) -> Tuple[Point, Point]:
    """RFC 9497 ComputeComposites (verifier side): ``(M, Z) = (sum d_i*C_i, sum d_i*D_i)`` as Points, two MSMs over
    public values (variable time)."""
    suite = _SUITES[_check_mode(mode)]
    B, C, D = _check_proof_inputs(B, C, D)
    return _composites(suite, B, C, D)


def _composites(suite, B, C, D):
    d = _composite_weights(suite, B, C, D)
    return grp.msm_public(d, C.vector), grp.msm_public(d, D.vector)


def compute_composites_fast(
    k: ScalarLike, B: ElementLike, C: Iterable[ElementLike], D: Iterable[ElementLike], mode: SupportsIndex
) -> Tuple[Point, Point]:
    """RFC 9497 ComputeCompositesFast (prover side, knows ``k`` with ``D_i = k*C_i``): ``M = sum d_i*C_i``
    (one MSM; the weights and elements are public) and ``Z = k*M`` (constant-time in ``k``), as Points."""
    suite = _SUITES[_check_mode(mode)]
    k = _scalar(k, "k")
    B, C, D = _check_proof_inputs(B, C, D)
    return _composites_fast(suite, k, B, C, D)


def _composites_fast(suite, k, B, C, D):
    M = grp.msm_public(_composite_weights(suite, B, C, D), C.vector)
    return M, grp.mul(k, M)


def _challenge(suite, B, M, Z, t2, t3):
    transcript = _lp(B) + _lp(M) + _lp(Z) + _lp(t2) + _lp(t3) + b"Challenge"
    return grp.hash_to_scalar(transcript, suite.scalar_dst)


def generate_proof(
    k: ScalarLike,
    A: ElementLike,
    B: ElementLike,
    C: Iterable[ElementLike],
    D: Iterable[ElementLike],
    mode: SupportsIndex,
    *,
    _test_proof_nonce: Optional[ScalarLike] = None,
) -> bytes:
    """RFC 9497 GenerateProof: a 64-byte proof that ``B = k*A`` and ``D_i = k*C_i`` for every i.

    Costs one MSM (the composite M), ``Z = k*M`` and two scalar multiplications by the nonce, whatever the
    number of elements. ``_test_proof_nonce`` replays a test vector's nonce ``r``; never use it otherwise."""
    suite = _SUITES[_check_mode(mode)]
    k = _scalar(k, "k")
    A = _element(A, "A")
    B, C, D = _check_proof_inputs(B, C, D)
    return _generate_proof(suite, k, A, B, C, D, _test_proof_nonce)


def _generate_proof(suite, k, A, B, C, D, test_nonce):
    M, Z = _composites_fast(suite, k, B, C, D)
    r = grp.scalar_random() if test_nonce is None else _scalar(test_nonce, "_test_proof_nonce")
    t2 = grp.base_mul(r) if A == grp.GENERATOR else grp.mul(r, A)
    t3 = grp.mul(r, M)
    c = _challenge(suite, B, M, Z, t2, t3)
    s = r - c * k
    return grp.serialize_scalar(c) + grp.serialize_scalar(s)


def verify_proof(
    A: ElementLike,
    B: ElementLike,
    C: Iterable[ElementLike],
    D: Iterable[ElementLike],
    proof: Bytes,
    mode: SupportsIndex,
) -> bool:
    """RFC 9497 VerifyProof: True when ``proof`` shows ``B = k*A`` and ``D_i = k*C_i``, VerifyError when it does
    not (it never returns False); a malformed proof (not 64 bytes, or a scalar not below q) raises
    DeserializeError."""
    suite = _SUITES[_check_mode(mode)]
    A = _element(A, "A")
    B, C, D = _check_proof_inputs(B, C, D)
    if not _verify_proof(suite, A, B, C, D, proof):
        raise VerifyError("the proof does not verify")
    return True


def _verify_proof(suite, A, B, C, D, proof):
    if isinstance(proof, str) or not isinstance(proof, (bytes, bytearray, memoryview)):
        raise TypeError(f"proof: expected {PROOF_SIZE} bytes, got {type(proof).__name__}")
    proof = bytes(proof)
    c = grp.deserialize_scalar(proof[:32]) if len(proof) == PROOF_SIZE else None
    s = grp.deserialize_scalar(proof[32:]) if c is not None else None
    if s is None:
        raise DeserializeError(f"proof: expected two canonical 32-byte scalars ({PROOF_SIZE} bytes)")
    M, Z = _composites(suite, B, C, D)
    t2 = grp.msm_public([s, c], [A, B])
    t3 = grp.msm_public([s, c], [M, Z])
    return _challenge(suite, B, M, Z, t2, t3) == c


# ---- shared pieces of the protocols -------------------------------------------------------------------
def _input_element(suite, data):
    element = grp.hash_to_group(data, suite.group_dst)
    if grp.is_identity(element):
        raise InvalidInputError("input: hashes to the identity element")  # probability 2^-252
    return element


def _batch_inputs(inputs):
    """A batch's inputs as a list of bytes; errors name ``inputs[i]``."""
    return [_data(x, f"inputs[{i}]") for i, x in enumerate(_sequence(inputs, "inputs"))]


def _evaluate_batch(suite, k, data, info=None):
    """Evaluate for each input of ``data`` (from ``_batch_inputs``) with the key scalar ``k``: the inputs hashed to
    the group in one C++ call (``PointVector.hash_to_group``), multiplied by ``k`` in one constant-time
    call (``V * k``).
    ``k`` is never zero (a private key, or the inverse of a nonzero tweaked key), so ``k*P`` is the identity exactly
    when ``P`` is: the check reads the products' encodings and the hashed points need none of their own."""
    flat = (grp.PointVector.hash_to_group(data, suite.group_dst) * k).to_bytes()
    for i in range(len(data)):
        if flat[32 * i : 32 * i + 32] == _IDENTITY_ENCODING:  # public: probability 2^-252
            raise InvalidInputError(f"inputs[{i}]: hashes to the identity element")
    return [_output(x, flat[32 * i : 32 * i + 32], info) for i, x in enumerate(data)]


def _blind(suite, data, test_blind):
    blind = grp.scalar_random() if test_blind is None else _scalar(test_blind, "_test_blind")
    return blind, grp.mul(blind, _input_element(suite, data))


def _blind_batch(suite, inputs, test_blinds):
    inputs = _batch_inputs(inputs)
    if test_blinds is None:
        test_blinds = [None] * len(inputs)
    test_blinds = list(test_blinds)
    _same_length("inputs, _test_blinds", inputs, test_blinds)
    pairs = [_blind(suite, x, b) for x, b in zip(inputs, test_blinds)]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def _finalize_outputs(inputs, blinds, evaluated, info=None):
    """The outputs of a checked batch: the unblinding ``(1/blind_i)*E_i`` in one constant-time call."""
    unblinded = _Elements(evaluated.vector.scale([grp.scalar_inverse(b) for b in blinds]))
    return [_output(x, u, info) for x, u in zip(inputs, unblinded.encodings)]


def _output(data, unblinded, info=None):
    """SHA-512 of the Finalize transcript (with ``info`` in POPRF mode)."""
    framed_info = b"" if info is None else _lp(info)
    return hashlib.sha512(_lp(data) + framed_info + _lp(unblinded) + b"Finalize").digest()


def _finalize_inputs(inputs, blinds, evaluated, single=False):
    inputs = [_data(x, _label("inputs", i, single)) for i, x in enumerate(_sequence(inputs, "inputs"))]
    blinds = [_scalar(b, _label("blinds", i, single)) for i, b in enumerate(_sequence(blinds, "blinds"))]
    evaluated = _elements(evaluated, "evaluated_elements", single)
    _same_length("inputs, blinds, evaluated_elements", inputs, blinds, evaluated)
    return inputs, blinds, evaluated


def _private_key(value):
    return _scalar(value, "private_key")


# ---- the roles ------------------------------------------------------------------------------------------
class _BlindingClient:
    """``blind`` and ``blind_batch`` of the OPRF and VOPRF clients."""

    _suite = _SUITES[MODE_OPRF]

    def blind(self, input: Bytes, *, _test_blind: Optional[ScalarLike] = None) -> Tuple[Scalar, Point]:
        """``(blind, blinded_element)`` (a Scalar and a Point) for ``input``; keep ``blind`` secret for ``finalize``.
        ``_test_blind`` replays a test vector; never use it otherwise."""
        return _blind(self._suite, _data(input, "input"), _test_blind)

    def blind_batch(
        self, inputs: Iterable[Bytes], *, _test_blinds: Optional[Iterable[ScalarLike]] = None
    ) -> Tuple[List[Scalar], List[Point]]:
        """``(blinds, blinded_elements)`` for several inputs (lists of Scalars and Points in the same order)."""
        return _blind_batch(self._suite, inputs, _test_blinds)


class _PublicKey:
    """The server's public key ``pkS``, kept as a Point in ``_pk``."""

    _pk: Point

    @property
    def public_key(self) -> Point:
        """``pkS = skS*G`` as a Point (``bytes(server.public_key)`` for its 32-byte encoding)."""
        return self._pk

    @property
    def public_key_point(self) -> Point:
        """``public_key``, under its name of before issue 44 (when ``public_key`` was bytes)."""
        return self._pk


class _KeyHolder(_PublicKey):
    """A server's key pair: the private key is a Scalar, an int in [1, q) or its 32-byte encoding, kept as a
    Scalar; the public key is kept as a Point."""

    _suite = _SUITES[MODE_OPRF]

    def __init__(self, private_key: ScalarLike) -> None:
        self._sk = _private_key(private_key)
        self._pk = grp.base_mul(self._sk)

    @classmethod
    def derive(cls: Type[_K], seed: Bytes, info: Bytes) -> _K:
        """A server with the key of ``derive_key_pair(seed, info, mode)`` for this class's mode."""
        return cls(_derive_key_pair(seed, info, cls._suite.mode)[0])

    @classmethod
    def generate(cls: Type[_K]) -> _K:
        """A server with a fresh random key."""
        return cls(grp.scalar_random())

    @property
    def private_key(self) -> Scalar:
        """The private key as a Scalar; keep it secret."""
        return self._sk

    def private_key_bytes(self) -> bytes:
        """The private key's 32-byte encoding, to store it; keep it secret."""
        return grp.serialize_scalar(self._sk)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(public_key={bytes(self._pk).hex()!r})"


class _VerifyingClient(_PublicKey):
    """The VOPRF and POPRF clients' copy of the server's public key."""

    def __init__(self, public_key: ElementLike) -> None:
        self._pk = _element(public_key, "public_key")


class _PlainEvaluation(_KeyHolder):
    """``evaluate`` of the OPRF and VOPRF servers."""

    def evaluate(self, input: Bytes) -> bytes:
        """Evaluate: the PRF output for ``input`` computed directly with the key (what a client finalizes)."""
        data = _data(input, "input")
        return _output(data, grp.mul(self._sk, _input_element(self._suite, data)))

    def evaluate_batch(self, inputs: Iterable[Bytes]) -> List[bytes]:
        """``evaluate`` for each input of a batch, as a list of outputs: the same checks and errors (naming
        ``inputs[i]``), with the hashing and the key multiplication done once for the whole batch."""
        return _evaluate_batch(self._suite, self._sk, _batch_inputs(inputs))


# ---- OPRF ---------------------------------------------------------------------------------------------
class OPRFClient(_BlindingClient):
    """RFC 9497 OPRF client (mode 0): ``blind`` an input, send the blinded element, ``finalize`` the reply."""

    _suite = _SUITES[MODE_OPRF]

    def finalize(self, input: Bytes, blind: ScalarLike, evaluated_element: ElementLike) -> bytes:
        """The 64-byte PRF output from the server's ``evaluated_element`` (DeserializeError if invalid)."""
        return self._finalize_batch([input], [blind], [evaluated_element], True)[0]

    def finalize_batch(
        self, inputs: Iterable[Bytes], blinds: Iterable[ScalarLike], evaluated_elements: Iterable[ElementLike]
    ) -> List[bytes]:
        """``finalize`` for each (input, blind, evaluated element) of a batch, as a list of outputs."""
        return self._finalize_batch(inputs, blinds, evaluated_elements)

    def _finalize_batch(self, inputs, blinds, evaluated_elements, single=False):
        """finalize_batch; ``single``: a call from ``finalize``, whose errors name its own arguments."""
        inputs, blinds, evaluated = _finalize_inputs(inputs, blinds, evaluated_elements, single)
        return _finalize_outputs(inputs, blinds, evaluated)


class OPRFServer(_PlainEvaluation):
    """RFC 9497 OPRF server (mode 0) holding a private key (a Scalar, an int in [1, q) or its 32-byte encoding).

    A server holds no mutable state: one instance can serve many threads at once."""

    _suite = _SUITES[MODE_OPRF]

    def blind_evaluate(self, blinded_element: ElementLike) -> Point:
        """BlindEvaluate: ``skS * blinded_element`` as a Point (DeserializeError for an invalid or identity
        element)."""
        return _evaluate_received(self._sk, [blinded_element], "blinded_elements", True)[1].vector[0]

    def blind_evaluate_batch(self, blinded_elements: Iterable[ElementLike]) -> List[Point]:
        """BlindEvaluate for each element of a batch: a list of Points."""
        return list(_evaluate_received(self._sk, blinded_elements, "blinded_elements")[1].vector)


# ---- VOPRF --------------------------------------------------------------------------------------------
class VOPRFClient(_BlindingClient, _VerifyingClient):
    """RFC 9497 VOPRF client (mode 1): ``finalize`` verifies the server's proof against ``public_key``."""

    _suite = _SUITES[MODE_VOPRF]

    def finalize(
        self,
        input: Bytes,
        blind: ScalarLike,
        evaluated_element: ElementLike,
        blinded_element: ElementLike,
        proof: Bytes,
    ) -> bytes:
        """The 64-byte output; VerifyError if ``proof`` does not show the key behind ``public_key`` was used."""
        return self._finalize_batch([input], [blind], [evaluated_element], [blinded_element], proof, True)[0]

    def finalize_batch(
        self,
        inputs: Iterable[Bytes],
        blinds: Iterable[ScalarLike],
        evaluated_elements: Iterable[ElementLike],
        blinded_elements: Iterable[ElementLike],
        proof: Bytes,
    ) -> List[bytes]:
        """Finalize a batch evaluated under one proof (``VOPRFServer.blind_evaluate_batch``)."""
        return self._finalize_batch(inputs, blinds, evaluated_elements, blinded_elements, proof)

    def _finalize_batch(self, inputs, blinds, evaluated_elements, blinded_elements, proof, single=False):
        """finalize_batch; ``single``: a call from ``finalize``, whose errors name its own arguments."""
        inputs, blinds, evaluated = _finalize_inputs(inputs, blinds, evaluated_elements, single)
        blinded = _elements(blinded_elements, "blinded_elements", single)
        _same_length("inputs, blinded_elements", inputs, blinded)
        if not _verify_proof(self._suite, grp.GENERATOR, self._pk, blinded, evaluated, proof):
            raise VerifyError("the server's proof does not verify")
        return _finalize_outputs(inputs, blinds, evaluated)


class VOPRFServer(_PlainEvaluation):
    """RFC 9497 VOPRF server (mode 1): evaluations come with a DLEQ proof for ``public_key``.

    A server holds no mutable state: one instance can serve many threads at once."""

    _suite = _SUITES[MODE_VOPRF]

    def blind_evaluate(
        self, blinded_element: ElementLike, *, _test_proof_nonce: Optional[ScalarLike] = None
    ) -> Tuple[Point, bytes]:
        """``(evaluated_element, proof)``: a Point and 64 bytes. ``_test_proof_nonce`` replays a test vector; never
        use it otherwise."""
        evaluated, proof = self._blind_evaluate_batch([blinded_element], _test_proof_nonce, True)
        return evaluated[0], proof

    def blind_evaluate_batch(
        self, blinded_elements: Iterable[ElementLike], *, _test_proof_nonce: Optional[ScalarLike] = None
    ) -> Tuple[List[Point], bytes]:
        """``(evaluated_elements, proof)``: a list of Points and one proof for the whole batch, costing one MSM and
        three scalar multiplications however long the batch."""
        return self._blind_evaluate_batch(blinded_elements, _test_proof_nonce)

    def _blind_evaluate_batch(self, blinded_elements, _test_proof_nonce, single=False):
        """blind_evaluate_batch; ``single``: a call from ``blind_evaluate`` (errors name ``blinded_element``)."""
        blinded, evaluated = _evaluate_received(self._sk, blinded_elements, "blinded_elements", single)
        proof = _generate_proof(self._suite, self._sk, grp.GENERATOR, self._pk, blinded, evaluated, _test_proof_nonce)
        return list(evaluated.vector), proof


# ---- POPRF --------------------------------------------------------------------------------------------
def _info_scalar(suite, info):
    """``HashToScalar("Info" || I2OSP(len(info), 2) || info)``, the public tweak of POPRF."""
    return grp.hash_to_scalar(b"Info" + _lp(info), suite.scalar_dst)


class POPRFClient(_VerifyingClient):
    """RFC 9497 POPRF client (mode 2): the evaluation is bound to a public ``info`` string."""

    _suite = _SUITES[MODE_POPRF]

    def tweaked_key(self, info: Bytes) -> Point:
        """``HashToScalar(framed info)*G + pkS`` as a Point: the key the proof is checked against (InvalidInputError
        if it is the identity)."""
        return self._tweaked_key(info)

    def _tweaked_key(self, info):
        tweaked = grp.base_mul(_info_scalar(self._suite, _data(info, "info"))) + self._pk
        if grp.is_identity(tweaked):
            raise InvalidInputError("info: the tweaked public key is the identity")
        return tweaked

    def blind(
        self, input: Bytes, info: Bytes, *, _test_blind: Optional[ScalarLike] = None
    ) -> Tuple[Scalar, Point, Point]:
        """``(blind, blinded_element, tweaked_key)`` for ``input`` under ``info``: a Scalar and two Points.
        ``_test_blind`` replays a test vector; never use it otherwise."""
        tweaked = self.tweaked_key(info)
        blind, blinded = _blind(self._suite, _data(input, "input"), _test_blind)
        return blind, blinded, tweaked

    def blind_batch(
        self, inputs: Iterable[Bytes], info: Bytes, *, _test_blinds: Optional[Iterable[ScalarLike]] = None
    ) -> Tuple[List[Scalar], List[Point], Point]:
        """``(blinds, blinded_elements, tweaked_key)`` for several inputs under one ``info``."""
        tweaked = self.tweaked_key(info)
        blinds, blinded = _blind_batch(self._suite, inputs, _test_blinds)
        return blinds, blinded, tweaked

    def finalize(
        self,
        input: Bytes,
        blind: ScalarLike,
        evaluated_element: ElementLike,
        blinded_element: ElementLike,
        proof: Bytes,
        info: Bytes,
        tweaked_key: Optional[ElementLike] = None,
    ) -> bytes:
        """The 64-byte output; VerifyError if the proof fails. ``tweaked_key`` (from ``blind``) is recomputed
        from ``info`` when omitted."""
        return self._finalize_batch(
            [input], [blind], [evaluated_element], [blinded_element], proof, info, tweaked_key, True
        )[0]

    def finalize_batch(
        self,
        inputs: Iterable[Bytes],
        blinds: Iterable[ScalarLike],
        evaluated_elements: Iterable[ElementLike],
        blinded_elements: Iterable[ElementLike],
        proof: Bytes,
        info: Bytes,
        tweaked_key: Optional[ElementLike] = None,
    ) -> List[bytes]:
        """Finalize a batch evaluated under one proof (``POPRFServer.blind_evaluate_batch``)."""
        return self._finalize_batch(inputs, blinds, evaluated_elements, blinded_elements, proof, info, tweaked_key)

    def _finalize_batch(
        self, inputs, blinds, evaluated_elements, blinded_elements, proof, info, tweaked_key, single=False
    ):
        """finalize_batch; ``single``: a call from ``finalize``, whose errors name its own arguments."""
        info = _data(info, "info")
        tweaked = self._tweaked_key(info) if tweaked_key is None else _element(tweaked_key, "tweaked_key")
        inputs, blinds, evaluated = _finalize_inputs(inputs, blinds, evaluated_elements, single)
        blinded = _elements(blinded_elements, "blinded_elements", single)
        _same_length("inputs, blinded_elements", inputs, blinded)
        if not _verify_proof(self._suite, grp.GENERATOR, tweaked, evaluated, blinded, proof):
            raise VerifyError("the server's proof does not verify")
        return _finalize_outputs(inputs, blinds, evaluated, info)


class POPRFServer(_KeyHolder):
    """RFC 9497 POPRF server (mode 2): the key is tweaked by the public ``info`` of each request.

    A server holds no mutable state: one instance can serve many threads at once."""

    _suite = _SUITES[MODE_POPRF]

    def _tweak(self, info):
        t = self._sk + _info_scalar(self._suite, info)
        if grp.scalar_is_zero(t):
            raise InverseError("info: the tweaked private key is zero")
        return t

    def blind_evaluate(
        self, blinded_element: ElementLike, info: Bytes, *, _test_proof_nonce: Optional[ScalarLike] = None
    ) -> Tuple[Point, bytes]:
        """``(evaluated_element, proof)`` under ``info``: a Point and 64 bytes.
        ``_test_proof_nonce`` replays a test vector; never use it otherwise."""
        evaluated, proof = self._blind_evaluate_batch([blinded_element], info, _test_proof_nonce, True)
        return evaluated[0], proof

    def blind_evaluate_batch(
        self, blinded_elements: Iterable[ElementLike], info: Bytes, *, _test_proof_nonce: Optional[ScalarLike] = None
    ) -> Tuple[List[Point], bytes]:
        """``(evaluated_elements, proof)`` for a batch under one ``info``: a list of Points and one proof."""
        return self._blind_evaluate_batch(blinded_elements, info, _test_proof_nonce)

    def _blind_evaluate_batch(self, blinded_elements, info, _test_proof_nonce, single=False):
        """blind_evaluate_batch; ``single``: a call from ``blind_evaluate`` (errors name ``blinded_element``)."""
        t = self._tweak(_data(info, "info"))
        blinded, evaluated = _evaluate_received(grp.scalar_inverse(t), blinded_elements, "blinded_elements", single)
        proof = _generate_proof(self._suite, t, grp.GENERATOR, grp.base_mul(t), evaluated, blinded, _test_proof_nonce)
        return list(evaluated.vector), proof

    def evaluate(self, input: Bytes, info: Bytes) -> bytes:
        """Evaluate: the PRF output for ``input`` under ``info``, computed directly with the key."""
        data, info = _data(input, "input"), _data(info, "info")
        t = self._tweak(info)
        return _output(data, grp.mul(grp.scalar_inverse(t), _input_element(self._suite, data)), info)

    def evaluate_batch(self, inputs: Iterable[Bytes], info: Bytes) -> List[bytes]:
        """``evaluate`` under one ``info`` for each input of a batch, as a list of outputs: the same checks and
        errors (naming ``inputs[i]``), with the hashing and the key multiplication done once for the whole batch."""
        data = _batch_inputs(inputs)
        info = _data(info, "info")
        return _evaluate_batch(self._suite, grp.scalar_inverse(self._tweak(info)), data, info)
