"""sr25519: schnorrkel 0.11's Schnorr signatures, key derivation and VRF over ristretto255 with Merlin transcripts,
byte-compatible with the ``schnorrkel`` crate, as Substrate, Polkadot, Kusama and Bittensor use them.

Objects (``pyristretto.sr25519``)::

    kp = Keypair.from_uri("//Alice")                   # or Keypair.from_seed(seed), MiniSecretKey(...), ...
    sig = kp.sign(b"message")                          # 64 bytes, signing context b"substrate"
    kp.public.verify(b"message", sig)                  # True, or SignatureError
    verify_batch(sigs, msgs, public_keys)              # one MSM; BatchVerificationError names the first bad one
    io, proof, batchable = kp.vrf_sign(b"slot 42")     # VRF (Kusama layout)

and the nine functions of py-sr25519-bindings under their names (``pair_from_seed``, ``sign``, ``verify``, ...),
so that ``import pyristretto.sr25519 as sr25519`` replaces ``import sr25519``.

The parts, one module each: ``keys`` (MiniSecretKey, SecretKey, PublicKey, Keypair, ExpansionMode, SS58; their
methods call the parts below), ``context`` (SigningContext), ``signing`` (sign, verify), ``batch`` (verify_batch,
verify_each), ``derivation`` (junctions, secret URIs, mnemonics), ``vrf``, ``compat`` (the drop-in functions),
``errors``; the parts read key objects by their attributes and do not import ``keys``, which imports them. Each
operation is one call into the C++ core (``cpp/src/sr25519.cpp``); secret keys stay in wiped C memory.
``import pyristretto`` does not import this package. Mnemonics need the BIP-39 word list:
``pip install "pyristretto[sr25519]"``.
"""

from pyristretto.sr25519.errors import BatchVerificationError, SecretStringError, SignatureError
from pyristretto.sr25519.context import SUBSTRATE, SigningContext, signing_context
from pyristretto.sr25519.keys import (
    KEYPAIR_LENGTH,
    MINI_SECRET_KEY_LENGTH,
    PUBLIC_KEY_LENGTH,
    SECRET_KEY_LENGTH,
    ExpansionMode,
    Keypair,
    MiniSecretKey,
    PublicKey,
    SecretKey,
    derive_public,
    keypair_from_uri,
    mini_secret_from_entropy,
    mini_secret_from_mnemonic,
    ss58_decode,
    ss58_encode,
)
from pyristretto.sr25519.signing import SIGNATURE_LENGTH
from pyristretto.sr25519.batch import verify_batch, verify_each
from pyristretto.sr25519.derivation import (
    CHAIN_CODE_LENGTH,
    DEV_ADDRESS,
    DEV_PHRASE,
    DeriveJunction,
    mnemonic_to_entropy,
    parse_suri,
)
from pyristretto.sr25519.vrf import (
    KUSAMA_VRF,
    VRF_PREOUT_LENGTH,
    VRF_PROOF_BATCHABLE_LENGTH,
    VRF_PROOF_LENGTH,
    VRFInOut,
    attach_input_hash,
    dleq_prove,
    dleq_verify,
    dleq_verify_batch,
    shorten_dleq,
    vrf_create_hash,
    vrf_hash,
    vrf_sign,
    vrf_verify,
    vrf_verify_batch,
    vrfs_merge,
    vrfs_sign,
    vrfs_verify,
)

# py-sr25519-bindings' nine functions, under their names (sign, verify and derive_keypair are theirs here: the
# object API's are the methods Keypair.sign, PublicKey.verify and Keypair.derive).
from pyristretto.sr25519.compat import (
    convert_secret_key_to_ed25519,
    derive_keypair,
    derive_pubkey,
    hard_derive_keypair,
    pair_from_ed25519_secret_key,
    pair_from_seed,
    public_from_secret_key,
    sign,
    verify,
)

__all__ = [
    # py-sr25519-bindings' functions
    "pair_from_seed",
    "pair_from_ed25519_secret_key",
    "sign",
    "verify",
    "public_from_secret_key",
    "convert_secret_key_to_ed25519",
    "derive_pubkey",
    "derive_keypair",
    "hard_derive_keypair",
    # keys, contexts, errors
    "ExpansionMode",
    "MiniSecretKey",
    "SecretKey",
    "PublicKey",
    "Keypair",
    "SigningContext",
    "signing_context",
    "SUBSTRATE",
    "SignatureError",
    "BatchVerificationError",
    "SecretStringError",
    "ss58_encode",
    "ss58_decode",
    "MINI_SECRET_KEY_LENGTH",
    "SECRET_KEY_LENGTH",
    "PUBLIC_KEY_LENGTH",
    "KEYPAIR_LENGTH",
    "SIGNATURE_LENGTH",
    # batches
    "verify_batch",
    "verify_each",
    # derivation
    "CHAIN_CODE_LENGTH",
    "DEV_PHRASE",
    "DEV_ADDRESS",
    "DeriveJunction",
    "derive_public",
    "keypair_from_uri",
    "parse_suri",
    "mnemonic_to_entropy",
    "mini_secret_from_entropy",
    "mini_secret_from_mnemonic",
    # VRF
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
