"""RFC 9591 FROST threshold Schnorr signatures, ciphersuite ``FROST(ristretto255, SHA-512)``.

``t`` of ``n`` participants holding shares of one group key produce a Schnorr signature that verifies under the
group public key, in two rounds::

    shares, group_pk, vss_commitment = trusted_dealer_keygen(secret_key, 3, 2)   # or a random secret_key
    signers = shares[:2]                                                          # any 2 of the 3
    round_one = {i: commit(sk_i) for i, sk_i in signers}                          # (nonces, commitments)
    commitment_list = [(i, *round_one[i][1]) for i, _ in signers]                 # sorted by identifier
    sig_shares = [sign(i, sk_i, group_pk, round_one[i][0], msg, commitment_list) for i, sk_i in signers]
    signature = aggregate(commitment_list, msg, group_pk, sig_shares)             # 64 bytes
    verify(msg, signature, group_pk)                                              # True, or InvalidSignatureError

Identifiers are ints in [1, q) (the dealer uses 1..n; any ``operator.index`` value, numpy integers too). Inputs:
an element is a ``Point`` or its 32-byte encoding (any other type is a ``TypeError``); a scalar is a ``Scalar``, an
int in [0, q) or its 32-byte canonical encoding. Outputs follow the object layer: group elements (commitments,
group and public keys, VSS commitments, the group commitment) are ``Point`` objects, scalars (nonces, secret
shares, signature shares, binding factors, challenges, Lagrange coefficients, ``H1``..``H3``) ``Scalar`` objects
(``as_scalar=False`` still gives the dealer's shares as ints), and the signature, what goes on the wire, 64 bytes.
The verifiers (``verify``, ``verify_batch``, ``Verifier``'s, ``verify_signature_share``, ``vss_verify``) return
``True`` or raise: ``InvalidSignatureError`` (with the ``index`` of a failing signature for a batch),
``InvalidSignatureShareError``, ``InvalidShareError``; they never return False. RFC 9591's
bounds hold everywhere: ``2 <= MIN_PARTICIPANTS <= MAX_PARTICIPANTS < 2^16``; ``sign`` and ``aggregate`` refuse a
commitment list with fewer than ``min_participants`` signers (when they are not told the threshold: fewer than 2,
and ``aggregate`` verifies the signature before returning it). A ``SigningNonces`` cannot be copied or pickled
(a copy could sign a second time). A commitment list is a sequence of
``(identifier, hiding_nonce_commitment, binding_nonce_commitment)`` sorted by identifier, without duplicates.
Signatures are ``SerializeElement(R) || SerializeScalar(z)``. The randomness (nonces, dealer coefficients) comes
from libsodium's CSPRNG; the keyword arguments starting with ``_test_`` exist only to replay the RFC's test vector.

Secrets: the signing key and shares, the polynomial coefficients and the nonces are ``Scalar`` objects inside this
module (wiped when freed) and only meet constant-time code: ``Point.base_mul`` (the C++ core, checked by valgrind),
``Scalar`` arithmetic (libsodium), and nonce generation, whose SHA-512 (libsodium) reads the secret share from
the ``Scalar``'s C buffer, in one C++ call that wipes its random bytes, hash state and digest
(``pyristretto._group.hash_to_scalar_with_secret``). Verification (shares, signatures, batches) works on public
values and uses ``msm_vartime``; ``verify`` and ``verify_batch`` take ``Point`` public keys, which skips their
decoding, and ``Verifier`` keeps precomputed tables for a fixed set of keys. ``verify_batch`` does the whole batch
(parsing, challenges, weights, decoding and one MSM) in one C++ call.
"""

from __future__ import annotations

import collections.abc
import hashlib
import threading
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, SupportsIndex, Tuple, Union

from pyristretto import _group as grp
from pyristretto._group import MSMTable, Point, PointVector, Scalar

Bytes = Union[bytes, bytearray, memoryview]
ScalarLike = Union[Scalar, SupportsIndex, Bytes]  # a Scalar, an int in [0, q) or its canonical 32-byte encoding
ElementLike = Union[Point, Bytes]  # a Point or its 32-byte encoding
Commitment = Tuple[SupportsIndex, ElementLike, ElementLike]  # (identifier, hiding commitment, binding commitment)
Share = Tuple[int, Union[Scalar, int]]  # (identifier, secret share): a Scalar unless as_scalar=False

__all__ = [
    "CONTEXT_STRING",
    "FROSTError",
    "InvalidParameterError",
    "InvalidCommitmentError",
    "InvalidShareError",
    "InvalidSignatureError",
    "InvalidSignatureShareError",
    "AggregateError",
    "NonceReuseError",
    "SigningNonces",
    "H1",
    "H2",
    "H3",
    "H4",
    "H5",
    "nonce_generate",
    "commit",
    "encode_group_commitment_list",
    "compute_binding_factors",
    "compute_group_commitment",
    "compute_challenge",
    "derive_interpolating_value",
    "sign",
    "verify_signature_share",
    "aggregate",
    "verify",
    "verify_batch",
    "Verifier",
    "trusted_dealer_keygen",
    "secret_share_shard",
    "polynomial_evaluate",
    "vss_commit",
    "vss_verify",
    "derive_group_info",
]

CONTEXT_STRING = b"FROST-RISTRETTO255-SHA512-v1"
SIGNATURE_SIZE = grp.ELEMENT_SIZE + grp.SCALAR_SIZE
_NONCE_PREFIX = CONTEXT_STRING + b"nonce"  # H3's prefix
_CHALLENGE_PREFIX = CONTEXT_STRING + b"chal"  # H2's prefix


class FROSTError(ValueError):
    """Base class of the errors of this module."""


class InvalidParameterError(FROSTError):
    """An identifier is 0, unknown or repeated, a commitment list is unsorted, thresholds are outside RFC 9591's
    ``2 <= min_participants <= max_participants < 2^16``, or a session has fewer signers than the threshold."""


class InvalidCommitmentError(FROSTError):
    """A commitment or public key is not a valid non-identity element."""


class InvalidShareError(FROSTError):
    """A secret share does not match the dealer's VSS commitment."""


class InvalidSignatureError(FROSTError):
    """A signature does not verify, or is malformed (wrong length, R the identity, z not below q); ``index`` is the
    position of a failing signature in a batch (None for ``verify``)."""

    def __init__(self, message: str, index: Optional[int] = None) -> None:
        super().__init__(message if index is None else f"signatures[{index}]: {message}")
        self.index = index


class InvalidSignatureShareError(FROSTError):
    """A signature share does not verify; ``identifier`` names the participant who sent it."""

    def __init__(self, identifier: int, message: str) -> None:
        super().__init__(message)
        self.identifier = identifier


class AggregateError(FROSTError):
    """``aggregate``, not told the threshold (``min_participants``), made a signature that does not verify under the
    group key: fewer signers than the threshold, or an invalid signature share (``public_shares`` names it)."""


class NonceReuseError(FROSTError):
    """A ``SigningNonces`` was passed to ``sign`` a second time (reusing nonces reveals the signing share)."""


# ---- hashes (RFC 9591 section 6.2) -------------------------------------------------------------------
def _h(tag, m):
    return hashlib.sha512(CONTEXT_STRING + tag + (m if type(m) is bytes else _bytes(m, "m"))).digest()


def _h1(m):
    return grp.scalar_from_wide(_h(b"rho", m))


def _h2(m):
    return grp.scalar_from_wide(_h(b"chal", m))


def H1(m: Bytes) -> Scalar:
    """``SHA-512(contextString || "rho" || m)`` mod q (binding factors; public), a Scalar."""
    return _h1(m)


def H2(m: Bytes) -> Scalar:
    """``SHA-512(contextString || "chal" || m)`` mod q (the challenge; public), a Scalar."""
    return _h2(m)


def H3(m: Bytes) -> Scalar:
    """``SHA-512(contextString || "nonce" || m)`` mod q (nonce generation: a secret, a Scalar)."""
    return grp.scalar_from_wide(_h(b"nonce", m))


def H4(m: Bytes) -> bytes:
    """``SHA-512(contextString || "msg" || m)``, 64 bytes (the message hash)."""
    return _h(b"msg", m)


def H5(m: Bytes) -> bytes:
    """``SHA-512(contextString || "com" || m)``, 64 bytes (the commitment list hash)."""
    return _h(b"com", m)


# ---- argument checks ---------------------------------------------------------------------------------
def _bytes(value, name) -> bytes:
    if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name}: expected a bytes-like object, got {type(value).__name__}")
    return bytes(value)


def _items(values, name) -> list:
    """A sequence argument's items as a list: TypeError for a str, a bytes-like object or a Point (whose list() would
    be small ints, or an error that does not name the argument) and for what is not iterable."""
    if isinstance(values, (str, bytes, bytearray, memoryview, Point, Scalar)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name}: expected a list or tuple, got {type(values).__name__}")
    return list(values)


def _encoding(value, name):
    """An element argument's 32 bytes as given (a Point's cached encoding), unvalidated."""
    return bytes(value) if type(value) is Point else _bytes(value, name)


def _element(value, name):
    """A Point or an encoding as a Point: InvalidCommitmentError when invalid or the identity."""
    return grp.element_argument(value, name, InvalidCommitmentError, "a Point or a bytes-like object")


_scalar = grp.scalar_argument  # a Scalar, an int-like in [0, q) or a canonical 32-byte encoding, as a Scalar


def _identifier(value, name="identifier"):
    i = grp.count_argument(value, name)
    if not 0 < i < grp.ORDER:
        raise InvalidParameterError(f"{name}: must be in [1, q), got {i}")
    return i


_MAX_PARTICIPANTS_BOUND = 2**16  # RFC 9591: MAX_PARTICIPANTS < 2^16 (identifiers of the dealer fit in 16 bits)


_count = grp.count_argument  # an operator.index value (numpy integers too), not a bool: TypeError naming it


def _min_participants(value) -> int:
    """The threshold as an int, InvalidParameterError unless 2 <= it < 2^16 (RFC 9591: a threshold of 1 or 0
    makes every share the secret itself)."""
    min_participants = _count(value, "min_participants")
    if not 2 <= min_participants < _MAX_PARTICIPANTS_BOUND:
        raise InvalidParameterError(f"min_participants: must be in [2, 2^16) (RFC 9591), got {min_participants}")
    return min_participants


def _thresholds(max_participants, min_participants) -> Tuple[int, int]:
    """``(max_participants, min_participants)`` as ints, InvalidParameterError unless RFC 9591's
    ``2 <= MIN_PARTICIPANTS <= MAX_PARTICIPANTS < 2^16`` holds."""
    min_participants = _min_participants(min_participants)
    max_participants = _count(max_participants, "max_participants")
    if not min_participants <= max_participants < _MAX_PARTICIPANTS_BOUND:
        raise InvalidParameterError(
            f"need min_participants <= max_participants < 2^16 (RFC 9591), got "
            f"min_participants = {min_participants}, max_participants = {max_participants}"
        )
    return max_participants, min_participants


def _enough_signers(session, min_participants):
    """InvalidParameterError when the session has fewer signers than ``min_participants`` (when None: than RFC
    9591's least threshold, 2) or more than MAX_PARTICIPANTS can be; returns whether the threshold was given."""
    count = len(session.identifiers)
    given = min_participants is not None
    floor = _min_participants(min_participants) if given else 2
    if count < floor:
        raise InvalidParameterError(
            f"commitment_list: {count} signer(s), fewer than "
            + (f"min_participants = {floor}" if given else "2, the least threshold RFC 9591 allows")
        )
    if count >= _MAX_PARTICIPANTS_BOUND:
        raise InvalidParameterError(f"commitment_list: {count} signers, RFC 9591 allows fewer than 2^16")
    return given


def _commitment_list(commitment_list):
    """Validated ``[(identifier, hiding, binding)]``: sorted, no duplicates, no identity commitments."""
    checked = []
    for k, entry in enumerate(_items(commitment_list, "commitment_list")):
        try:
            identifier, hiding, binding = entry
        except (TypeError, ValueError):
            raise TypeError(f"commitment_list[{k}]: expected (identifier, hiding, binding)") from None
        identifier = _identifier(identifier, f"commitment_list[{k}] identifier")
        if checked and identifier <= checked[-1][0]:
            raise InvalidParameterError(
                "commitment_list: identifiers must be sorted ascending without duplicates "
                f"({identifier} after {checked[-1][0]})"
            )
        checked.append(
            (
                identifier,
                _element(hiding, f"commitment_list[{k}] hiding commitment"),
                _element(binding, f"commitment_list[{k}] binding commitment"),
            )
        )
    if not checked:
        raise InvalidParameterError("commitment_list: empty")
    return checked


def _participant(identifier, commitment_list):
    identifier = _identifier(identifier)
    for entry in commitment_list:
        if entry[0] == identifier:
            return identifier, entry
    raise InvalidParameterError(f"identifier {identifier} is not in the commitment list")


# ---- round one ---------------------------------------------------------------------------------------
def nonce_generate(secret: ScalarLike, *, _test_random_bytes: Optional[Bytes] = None) -> Scalar:
    """RFC 9591 nonce_generate: ``H3(random_bytes(32) || SerializeScalar(secret))``.
    ``_test_random_bytes`` replays a test vector; never use it otherwise."""
    secret = _scalar(secret, "secret")
    if _test_random_bytes is not None:
        _test_random_bytes = _bytes(_test_random_bytes, "_test_random_bytes")
        if len(_test_random_bytes) != 32:
            raise ValueError("_test_random_bytes: expected 32 bytes")
    # None: the 32 random bytes come from libsodium's CSPRNG inside the call, and are wiped there
    return grp.hash_to_scalar_with_secret(_NONCE_PREFIX, _test_random_bytes, secret)


class SigningNonces:
    """A participant's secret ``(hiding, binding)`` nonce pair (``Scalar`` objects) from ``commit``, good for one
    ``sign`` only; ``commitments`` is the public pair ``(hiding*G, binding*G)`` as Points."""

    __slots__ = ("hiding", "binding", "commitments", "_used", "_lock")

    def __init__(self, hiding: ScalarLike, binding: ScalarLike) -> None:
        self.hiding = _scalar(hiding, "hiding")
        self.binding = _scalar(binding, "binding")
        self.commitments = (grp.base_mul(self.hiding), grp.base_mul(self.binding))
        self._used = False
        self._lock = threading.Lock()

    def _consume(self):
        with self._lock:
            if self._used:
                raise NonceReuseError("these nonces have already been used to sign")
            self._used = True

    def __repr__(self):
        return "SigningNonces(<secret>)"

    # A copy (or an unpickled one) would have its own _used flag: the same nonces could sign twice, and two
    # signature shares with one nonce pair reveal the signing share. So neither is possible.
    def __copy__(self):
        raise TypeError(_NOT_COPIED)

    def __deepcopy__(self, memo):
        raise TypeError(_NOT_COPIED)

    def __reduce_ex__(self, protocol):
        raise TypeError(_NOT_PICKLED)

    def __reduce__(self):
        raise TypeError(_NOT_PICKLED)


_NOT_COPIED = "SigningNonces cannot be copied: they sign once (run commit again for new nonces)"
_NOT_PICKLED = "SigningNonces cannot be pickled: they sign once, and a stored copy could sign again"


def commit(
    sk_i: ScalarLike, *, _test_random_bytes: Optional[Tuple[Bytes, Bytes]] = None
) -> Tuple[SigningNonces, Tuple[Point, Point]]:
    """RFC 9591 commit (round one): ``(nonces, (hiding_nonce_commitment, binding_nonce_commitment))``, the
    commitments as Points.
    Publish the commitments; keep ``nonces`` secret and pass it to ``sign`` once.
    ``_test_random_bytes`` = (hiding randomness, binding randomness) replays a test vector."""
    hiding_random, binding_random = (None, None) if _test_random_bytes is None else _test_random_bytes
    sk_i = _scalar(sk_i, "sk_i")  # converted once for both nonces
    nonces = SigningNonces(
        nonce_generate(sk_i, _test_random_bytes=hiding_random), nonce_generate(sk_i, _test_random_bytes=binding_random)
    )
    return nonces, nonces.commitments


# ---- binding factors, group commitment, challenge ----------------------------------------------------
def encode_group_commitment_list(commitment_list: Iterable[Commitment]) -> bytes:
    """``SerializeScalar(id) || hiding || binding`` for each entry, concatenated."""
    return _encode_commitments(_commitment_list(commitment_list))


def _encode_commitments(commitment_list):
    return b"".join(grp.serialize_scalar(i) + bytes(h) + bytes(b) for i, h, b in commitment_list)


def _binding_factors(group_public_key, commitment_list, msg):
    """``[(identifier, binding factor as a Scalar)]``."""
    prefix = bytes(group_public_key) + H4(msg) + H5(_encode_commitments(commitment_list))
    return [(i, _h1(prefix + grp.serialize_scalar(i))) for i, _, _ in commitment_list]


def compute_binding_factors(
    group_public_key: ElementLike, commitment_list: Iterable[Commitment], msg: Bytes
) -> List[Tuple[int, Scalar]]:
    """RFC 9591 compute_binding_factors: ``[(identifier, binding_factor)]`` in commitment-list order, the factors
    as Scalars."""
    return _binding_factors(
        _element(group_public_key, "group_public_key"), _commitment_list(commitment_list), _bytes(msg, "msg")
    )


def _group_commitment(commitment_list, binding_factors):
    # public values: the commitments and the binding factors (hashes of public data)
    scalars, points = [], []
    for (_, hiding, binding), (_, factor) in zip(commitment_list, binding_factors):
        scalars += [grp.ONE, factor]
        points += [hiding, binding]
    return grp.msm_public(scalars, points)


def compute_group_commitment(
    commitment_list: Iterable[Commitment], binding_factor_list: Iterable[Tuple[SupportsIndex, ScalarLike]]
) -> Point:
    """RFC 9591 compute_group_commitment: ``sum(hiding_i + binding_factor_i * binding_i)`` as a Point."""
    commitment_list = _commitment_list(commitment_list)
    factors = []
    for k, entry in enumerate(_items(binding_factor_list, "binding_factor_list")):
        try:
            i, f = entry
        except (TypeError, ValueError):
            raise TypeError(f"binding_factor_list[{k}]: expected (identifier, binding_factor)") from None
        factors.append(
            (
                _identifier(i, f"binding_factor_list[{k}] identifier"),
                _scalar(f, f"binding_factor_list[{k}] binding factor"),
            )
        )
    if [i for i, _ in factors] != [i for i, _, _ in commitment_list]:
        raise InvalidParameterError("binding_factor_list: identifiers differ from the commitment list")
    return _group_commitment(commitment_list, factors)


def compute_challenge(group_commitment: ElementLike, group_public_key: ElementLike, msg: Bytes) -> Scalar:
    """RFC 9591 compute_challenge: ``H2(group_commitment || group_public_key || msg)``, a Scalar (both elements
    validated: InvalidCommitmentError for an invalid encoding or the identity)."""
    R = _element(group_commitment, "group_commitment")
    return _h2(bytes(R) + bytes(_element(group_public_key, "group_public_key")) + _bytes(msg, "msg"))


def derive_interpolating_value(identifiers: Iterable[SupportsIndex], x_i: SupportsIndex) -> Scalar:
    """RFC 9591 derive_interpolating_value: the Lagrange coefficient of ``x_i`` at 0 over ``identifiers``
    (public values), a Scalar. InvalidParameterError if ``x_i`` is absent or an identifier repeats."""
    return Scalar(_lagrange(identifiers, x_i))


def _lagrange(identifiers, x_i) -> int:
    """derive_interpolating_value as an int (public identifiers: Python ints)."""
    xs = [_identifier(x, f"identifiers[{k}]") for k, x in enumerate(_items(identifiers, "identifiers"))]
    x = _identifier(x_i, "x_i")
    if x not in xs:
        raise InvalidParameterError(f"identifier {x} is not among the participants")
    if len(set(xs)) != len(xs):
        raise InvalidParameterError("identifiers: duplicates")
    numerator, denominator = 1, 1
    for x_j in xs:
        if x_j != x:
            numerator = numerator * x_j % grp.ORDER
            denominator = denominator * (x_j - x) % grp.ORDER
    return numerator * pow(denominator, -1, grp.ORDER) % grp.ORDER


class _Session:
    """What every participant and the coordinator derive from (commitment list, message, group key)."""

    __slots__ = ("commitments", "factors", "group_commitment", "challenge", "identifiers", "group_public_key")

    def __init__(self, group_public_key, commitment_list, msg):
        self.group_public_key = group_public_key = _element(group_public_key, "group_public_key")
        msg = _bytes(msg, "msg")
        self.commitments = _commitment_list(commitment_list)
        self.factors = _binding_factors(group_public_key, self.commitments, msg)
        self.group_commitment = _group_commitment(self.commitments, self.factors)
        if grp.is_identity(self.group_commitment):
            raise InvalidCommitmentError("the group commitment is the identity")
        self.challenge = _h2(bytes(self.group_commitment) + bytes(group_public_key) + msg)
        self.identifiers = [i for i, _, _ in self.commitments]

    def factor(self, identifier):
        return dict(self.factors)[identifier]


# ---- round two, share verification, aggregation --------------------------------------------------------
def sign(
    identifier: SupportsIndex,
    sk_i: ScalarLike,
    group_public_key: ElementLike,
    nonces: SigningNonces,
    msg: Bytes,
    commitment_list: Iterable[Commitment],
    *,
    min_participants: Optional[SupportsIndex] = None,
) -> Scalar:
    """RFC 9591 sign (round two): participant ``identifier``'s signature share (a Scalar), using its secret share
    ``sk_i``, its ``SigningNonces`` from ``commit`` (consumed: a second use raises NonceReuseError), and the
    coordinator's commitment list, which must contain this participant's commitments.

    ``min_participants`` (the threshold, from the key generation): InvalidParameterError, before the nonces are
    consumed, when the commitment list has fewer signers, whose shares could never make a valid signature.
    Without it ``sign`` cannot know the threshold (nothing it is given holds it) and only refuses fewer than 2
    signers, RFC 9591's least threshold: pass it."""
    if not isinstance(nonces, SigningNonces):
        raise TypeError("nonces: expected the SigningNonces returned by commit")
    session = _Session(group_public_key, commitment_list, msg)
    _enough_signers(session, min_participants)
    participant, (_, hiding, binding) = _participant(identifier, session.commitments)
    if not (grp.elements_equal(hiding, nonces.commitments[0]) and grp.elements_equal(binding, nonces.commitments[1])):
        raise InvalidParameterError(f"commitment_list: the commitments of {participant} are not those of these nonces")
    secret_share = _scalar(sk_i, "sk_i")
    lambda_i = _lagrange(session.identifiers, participant)
    nonces._consume()
    key_part = session.challenge * lambda_i * secret_share
    nonce_part = nonces.hiding + nonces.binding * session.factor(participant)
    return nonce_part + key_part  # the share is sent to the coordinator: public


def _share_ok(session, identifier, public_share, sig_share):
    participant, (_, hiding, binding) = _participant(identifier, session.commitments)
    lambda_i = _lagrange(session.identifiers, participant)
    # sig_share*G == hiding + factor*binding + challenge*lambda_i*PK_i, all public
    check = grp.msm_public(
        [sig_share, -grp.ONE, -session.factor(participant), -(session.challenge * lambda_i)],
        [grp.GENERATOR, hiding, binding, public_share],
    )
    return grp.is_identity(check)


def verify_signature_share(
    identifier: SupportsIndex,
    public_share: ElementLike,
    sig_share: ScalarLike,
    commitment_list: Iterable[Commitment],
    group_public_key: ElementLike,
    msg: Bytes,
) -> bool:
    """RFC 9591 verify_signature_share: True when ``sig_share`` (a Scalar, an int or 32 bytes) is participant
    ``identifier``'s valid share for this signing session, against its public verification share ``public_share``
    (``sk_i*G``); InvalidSignatureShareError (naming the participant in ``identifier``) otherwise. The participant's
    commitments are looked up in ``commitment_list``."""
    session = _Session(group_public_key, commitment_list, msg)
    participant = _identifier(identifier)
    if not _share_ok(session, participant, _element(public_share, "public_share"), _scalar(sig_share, "sig_share")):
        raise InvalidSignatureShareError(participant, f"the signature share of {participant} is invalid")
    return True


def aggregate(
    commitment_list: Iterable[Commitment],
    msg: Bytes,
    group_public_key: ElementLike,
    sig_shares: Sequence[ScalarLike],
    *,
    public_shares: Optional[Mapping[int, ElementLike]] = None,
    min_participants: Optional[SupportsIndex] = None,
) -> bytes:
    """RFC 9591 aggregate: the 64-byte signature from the shares (a sequence in commitment-list order).

    With ``public_shares`` (a mapping identifier -> ``sk_i*G``, e.g. from ``derive_group_info``) every share is
    verified first, and the first invalid one raises InvalidSignatureShareError naming its participant.
    ``min_participants`` (the threshold): InvalidParameterError when the commitment list has fewer signers.
    Without it the threshold is unknown here (the group key does not tell it), so after refusing fewer than 2
    signers ``aggregate`` verifies the signature under ``group_public_key`` and raises AggregateError when it
    fails (fewer signers than the threshold, or an invalid share): it never returns a signature that does not
    verify. With ``min_participants`` that last check is left out (the caller's ``verify``, or ``public_shares``)."""
    session = _Session(group_public_key, commitment_list, msg)
    threshold_given = _enough_signers(session, min_participants)
    shares = [_scalar(s, f"sig_shares[{k}]") for k, s in enumerate(_items(sig_shares, "sig_shares"))]
    if len(shares) != len(session.identifiers):
        raise InvalidParameterError("sig_shares: one share per commitment-list entry, in the same order")
    if public_shares is not None:
        if not isinstance(public_shares, collections.abc.Mapping):
            raise TypeError(
                f"public_shares: expected a mapping identifier -> public share, got {type(public_shares).__name__}"
            )
        for identifier, share in zip(session.identifiers, shares):
            if identifier not in public_shares:
                raise InvalidParameterError(f"public_shares: no verification share for {identifier}")
            public_share = _element(public_shares[identifier], f"public_shares[{identifier}]")
            if not _share_ok(session, identifier, public_share, share):
                raise InvalidSignatureShareError(identifier, f"the signature share of {identifier} is invalid")
    z = grp.ZERO
    for share in shares:
        z = z + share
    signature = bytes(session.group_commitment) + grp.serialize_scalar(z)
    if not threshold_given and not _signature_ok(_bytes(msg, "msg"), signature, session.group_public_key):
        raise AggregateError(
            "the aggregated signature does not verify under group_public_key: fewer signers than "
            "the threshold, or an invalid signature share (public_shares finds it)"
        )
    return signature


# ---- verification ------------------------------------------------------------------------------------
_IDENTITY_ENCODING = bytes(grp.ELEMENT_SIZE)


def _parse_signature(signature):
    """``(R, z)``, R the encoding (bytes) and z a Scalar, or None when the signature is malformed: wrong
    length, R the identity or z >= q. Whether R is a valid encoding is left to the caller (one decode)."""
    signature = _bytes(signature, "signature")
    if len(signature) != SIGNATURE_SIZE:
        return None
    R, z = signature[:32], grp.deserialize_scalar(signature[32:])
    return None if z is None or R == _IDENTITY_ENCODING else (R, z)


def verify(msg: Bytes, signature: Bytes, group_public_key: ElementLike) -> bool:
    """Schnorr verification of a FROST signature, ``z*G == R + H2(R || PK || msg)*PK``: True, or
    InvalidSignatureError for a wrong or malformed signature; InvalidCommitmentError for an invalid public key. A
    ``Point`` key is not decoded again (keep the key of a verifier that checks many signatures as a Point)."""
    msg = _bytes(msg, "msg")
    public_key = _element(group_public_key, "group_public_key")
    if not _signature_ok(msg, signature, public_key):
        raise InvalidSignatureError("the signature does not verify")
    return True


def _signature_ok(msg, signature, public_key):
    """Whether the signature is valid for msg (bytes) under the Point public_key (False when malformed)."""
    parsed = _parse_signature(signature)
    if parsed is None:
        return False
    R, z = parsed
    c = _h2(R + bytes(public_key) + msg)
    expected = grp.msm_public([z, -c], [grp.GENERATOR, public_key])
    # z*G - c*PK encodes canonically: it can only equal R if R is a valid encoding too
    return bytes(expected) == R


def verify_batch(messages: Iterable[Bytes], signatures: Iterable[Bytes], public_keys: Iterable[ElementLike]) -> bool:
    """Verifies every ``signatures[i]`` for ``messages[i]`` under ``public_keys[i]`` in one MSM: True (an empty batch
    too), or InvalidSignatureError whose ``index`` is the position of an invalid or malformed signature (the first,
    found by verifying them one by one once the batch failed); InvalidCommitmentError for an invalid public key.

    Checks ``sum(w_i*R_i) + sum_PK(sum(w_i*c_i))*PK - sum(w_i*z_i)*G == 0`` with independent random 128-bit
    weights ``w_i`` from libsodium's CSPRNG (signatures under the same key share its term): a batch with an invalid
    signature passes with probability at most 2^-128. The work after the keys are sorted out runs in one C++ call
    (``pyristretto._group.schnorr_verify_batch``): parsing, challenges, weights and their products, one batch
    decoding of every encoded key with the R's, and the MSM. Keys given as ``Point`` objects are not decoded again.
    A verifier with a fixed set of keys does better with ``Verifier``, which keeps tables for them."""
    msgs, sigs, pks = _batch_arguments(messages, signatures, public_keys)
    key_index: Dict[bytes, int] = {}  # encoding -> position in keys
    keys: List[
        ElementLike
    ] = []  # each distinct key once: a Point (not decoded again) or its encoding (decoded with the R's)
    slots = []
    for k, public_key in enumerate(pks):
        encoding = public_key if type(public_key) is bytes else _encoding(public_key, f"public_keys[{k}]")
        slot = key_index.get(encoding)
        if slot is None:
            if len(encoding) != grp.ELEMENT_SIZE or encoding == _IDENTITY_ENCODING:
                _element(public_key, f"public_keys[{k}]")  # raises InvalidCommitmentError
            slot = key_index[encoding] = len(keys)
            keys.append(public_key if type(public_key) is Point else encoding)
        slots.append(slot)
    try:
        ok = grp.schnorr_verify_batch(_CHALLENGE_PREFIX, msgs, sigs, slots, keys)
    except grp.InvalidPointError:  # an invalid key is the caller's error (an invalid R fails the batch)
        for slot, key in enumerate(keys):
            _element(key, f"public_keys[{slots.index(slot)}]")
        raise
    return ok or _first_failure(msgs, sigs, [keys[slot] for slot in slots])


def _first_failure(msgs, sigs, keys) -> bool:
    """After a batch failed: InvalidSignatureError with the index of the first signature that does not verify."""
    for k, (msg, signature, key) in enumerate(zip(msgs, sigs, keys)):
        if not _signature_ok(msg, signature, key if type(key) is Point else Point(key)):
            raise InvalidSignatureError("the signature does not verify", k)
    raise InvalidSignatureError("the batch does not verify, but every signature does alone")  # pragma: no cover


def _batch_arguments(messages, signatures, public_keys) -> Tuple[List[bytes], List[Bytes], List[ElementLike]]:
    messages = [
        m if type(m) is bytes else _bytes(m, f"messages[{k}]") for k, m in enumerate(_items(messages, "messages"))
    ]
    signatures, public_keys = _items(signatures, "signatures"), _items(public_keys, "public_keys")
    if not len(messages) == len(signatures) == len(public_keys):
        raise ValueError("messages, signatures, public_keys: the sequences must have equal lengths")
    for k, signature in enumerate(signatures):
        if type(signature) is not bytes:
            _bytes(signature, f"signatures[{k}]")  # TypeError for what is not bytes-like
    return messages, signatures, public_keys


class Verifier:
    """Signature verification under a fixed set of group public keys (Points or encodings), decoded once, with
    precomputed tables (an ``MSMTable`` of G and the keys) for batches: ``verify_batch`` then costs one table
    MSM over the keys plus one MSM over the signatures' R's (128-bit weights). Immutable: threads may share it."""

    __slots__ = ("_keys", "_index", "_table")

    def __init__(self, public_keys: Iterable[ElementLike]) -> None:
        keys = [_element(pk, f"public_keys[{k}]") for k, pk in enumerate(_items(public_keys, "public_keys"))]
        self._index: Dict[bytes, int] = {}
        self._keys: List[Point] = []
        for key in keys:
            if self._index.setdefault(bytes(key), len(self._keys)) == len(self._keys):
                self._keys.append(key)
        self._table = MSMTable([grp.GENERATOR, *self._keys])

    def __len__(self) -> int:
        return len(self._keys)

    def _slot(self, public_key, name):
        slot = self._index.get(_encoding(public_key, name))
        if slot is None:
            raise InvalidParameterError(f"{name}: not one of this verifier's keys")
        return slot

    def verify(self, msg: Bytes, signature: Bytes, public_key: ElementLike) -> bool:
        """``verify(msg, signature, public_key)`` for one of this verifier's keys (InvalidParameterError
        otherwise), without decoding the key: True, or InvalidSignatureError."""
        return verify(msg, signature, self._keys[self._slot(public_key, "public_key")])

    def verify_batch(
        self, messages: Iterable[Bytes], signatures: Iterable[Bytes], public_keys: Iterable[ElementLike]
    ) -> bool:
        """``verify_batch`` for signatures under this verifier's keys (InvalidParameterError for another key): True,
        or InvalidSignatureError with the ``index`` of a failing signature."""
        msgs, sigs, pks = _batch_arguments(messages, signatures, public_keys)
        slots = [self._slot(pk, f"public_keys[{k}]") for k, pk in enumerate(pks)]
        ok = grp.schnorr_verify_batch(_CHALLENGE_PREFIX, msgs, sigs, slots, self._keys, self._table)
        return ok or _first_failure(msgs, sigs, [self._keys[slot] for slot in slots])


# ---- trusted dealer key generation and verifiable secret sharing (RFC 9591 appendix C) -----------------
def polynomial_evaluate(x: ScalarLike, coeffs: Iterable[ScalarLike]) -> Scalar:
    """``coeffs[0] + coeffs[1]*x + ...`` mod q by Horner's rule (constant-time ``Scalar`` arithmetic), a Scalar."""
    coeffs = [_scalar(c, f"coeffs[{k}]") for k, c in enumerate(_items(coeffs, "coeffs"))]
    return _polynomial_evaluate(_scalar(x, "x"), coeffs)


def _polynomial_evaluate(x, coeffs):
    value = grp.ZERO
    for coeff in reversed(coeffs):
        value = value * x + coeff
    return value


def secret_share_shard(
    s: ScalarLike, coefficients: Iterable[ScalarLike], max_participants: SupportsIndex, *, as_scalar: bool = True
) -> List[Share]:
    """RFC 9591 secret_share_shard: ``[(i, f(i)) for i in 1..max_participants]`` where ``f`` has constant term
    ``s`` and the other ``coefficients``, so any ``len(coefficients) + 1`` shares recover ``s``. The threshold
    ``len(coefficients) + 1`` and ``max_participants`` must satisfy RFC 9591's ``2 <= MIN_PARTICIPANTS <=
    MAX_PARTICIPANTS < 2^16`` (InvalidParameterError: with no coefficient every share would be ``s``). The shares
    are ``Scalar`` objects (wiped when freed), or ints with ``as_scalar=False``, which can never be wiped."""
    coeffs = [_scalar(s, "s")] + [
        _scalar(c, f"coefficients[{k}]") for k, c in enumerate(_items(coefficients, "coefficients"))
    ]
    max_participants = _count(max_participants, "max_participants")
    if len(coeffs) > max_participants:
        raise InvalidParameterError("the threshold (len(coefficients) + 1) exceeds max_participants")
    _thresholds(max_participants, len(coeffs))  # the threshold >= 2, max_participants < 2^16
    if not isinstance(as_scalar, bool):  # a truthy "no" would keep Scalars: refused
        raise TypeError(f"as_scalar: expected a bool, got {type(as_scalar).__name__}")
    convert = (lambda share: share) if as_scalar else int
    return [(i, convert(_polynomial_evaluate(Scalar(i), coeffs))) for i in range(1, max_participants + 1)]


def vss_commit(coeffs: Iterable[ScalarLike]) -> List[Point]:
    """RFC 9591 vss_commit: ``[a_j*G]`` (Points) for the polynomial's coefficients (the first is the group key)."""
    return [grp.base_mul(_scalar(c, f"coeffs[{k}]")) for k, c in enumerate(_items(coeffs, "coeffs"))]


def _vss_public_share(identifier, vss_commitment):
    """``sum(identifier^j * C_j)`` (public values) for the commitment as a PointVector."""
    powers, power = [], 1
    for _ in range(len(vss_commitment)):
        powers.append(power)
        power = power * identifier % grp.ORDER
    return grp.msm_public(powers, vss_commitment)


def _vss_commitment(vss_commitment):
    """The commitment as a PointVector; its length is the threshold, so InvalidParameterError unless it is in
    [2, 2^16) (RFC 9591's MIN_PARTICIPANTS bounds)."""
    commitment = PointVector(
        [_element(c, f"vss_commitment[{k}]") for k, c in enumerate(_items(vss_commitment, "vss_commitment"))]
    )
    if not 2 <= len(commitment) < _MAX_PARTICIPANTS_BOUND:
        raise InvalidParameterError(
            f"vss_commitment: {len(commitment)} commitments, but the threshold (its length) "
            "must be in [2, 2^16) (RFC 9591)"
        )
    return commitment


def vss_verify(share_i: Tuple[SupportsIndex, ScalarLike], vss_commitment: Iterable[ElementLike]) -> bool:
    """RFC 9591 vss_verify: True when the share ``(i, sk_i)`` lies on the committed polynomial, else
    InvalidShareError."""
    if not isinstance(share_i, (tuple, list)) or len(share_i) != 2:
        raise TypeError(f"share_i: expected (identifier, sk_i), got {type(share_i).__name__}")
    identifier, sk_i = share_i
    identifier = _identifier(identifier, "share_i identifier")
    commitment = _vss_commitment(vss_commitment)
    if not grp.elements_equal(grp.base_mul(_scalar(sk_i, "share_i sk_i")), _vss_public_share(identifier, commitment)):
        raise InvalidShareError(f"the share of {identifier} does not match the VSS commitment")
    return True


def derive_group_info(
    max_participants: SupportsIndex, min_participants: SupportsIndex, vss_commitment: Iterable[ElementLike]
) -> Tuple[Point, Dict[int, Point]]:
    """RFC 9591 derive_group_info: ``(group_public_key, {i: PK_i for i in 1..max_participants})``, Points;
    InvalidParameterError unless ``2 <= min_participants <= max_participants < 2^16``."""
    max_participants, min_participants = _thresholds(max_participants, min_participants)
    commitment = _vss_commitment(vss_commitment)
    if len(commitment) != min_participants:
        raise InvalidParameterError("vss_commitment: expected min_participants commitments")
    return commitment[0], {i: _vss_public_share(i, commitment) for i in range(1, max_participants + 1)}


def trusted_dealer_keygen(
    secret_key: Optional[ScalarLike],
    max_participants: SupportsIndex,
    min_participants: SupportsIndex,
    *,
    as_scalar: bool = True,
    _test_coefficients: Optional[Iterable[ScalarLike]] = None,
) -> Tuple[List[Share], Point, List[Point]]:
    """RFC 9591 trusted_dealer_keygen: ``(shares, group_public_key, vss_commitment)`` where ``shares`` is
    ``[(i, sk_i)]`` for ``i`` in 1..max_participants, any ``min_participants`` of which can sign.
    ``secret_key`` None draws a random one. Each participant checks its share with ``vss_verify``. The shares
    are ``Scalar`` objects (wiped when freed), or ints with ``as_scalar=False``; the group key and commitments are
    Points. InvalidParameterError unless ``2 <= min_participants <= max_participants < 2^16`` (RFC 9591).
    ``_test_coefficients`` replays a test vector; never use it otherwise."""
    max_participants, min_participants = _thresholds(max_participants, min_participants)
    secret_key = grp.scalar_random() if secret_key is None else _scalar(secret_key, "secret_key")
    if grp.scalar_is_zero(secret_key):
        raise ValueError("secret_key: must not be zero")
    if _test_coefficients is None:
        coefficients = [grp.scalar_random() for _ in range(min_participants - 1)]
    else:
        coefficients = [_scalar(c, "_test_coefficients") for c in _items(_test_coefficients, "_test_coefficients")]
        if len(coefficients) != min_participants - 1:
            raise ValueError("_test_coefficients: expected min_participants - 1 coefficients")
    shares = secret_share_shard(secret_key, coefficients, max_participants, as_scalar=as_scalar)
    vss_commitment = vss_commit([secret_key] + coefficients)
    return shares, vss_commitment[0], vss_commitment
