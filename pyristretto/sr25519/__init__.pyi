from pyristretto.sr25519.batch import verify_batch as verify_batch, verify_each as verify_each
from pyristretto.sr25519.compat import (convert_secret_key_to_ed25519 as convert_secret_key_to_ed25519,
                                        derive_keypair as derive_keypair, derive_pubkey as derive_pubkey,
                                        hard_derive_keypair as hard_derive_keypair,
                                        pair_from_ed25519_secret_key as pair_from_ed25519_secret_key,
                                        pair_from_seed as pair_from_seed,
                                        public_from_secret_key as public_from_secret_key, sign as sign,
                                        verify as verify)
from pyristretto.sr25519.context import (SUBSTRATE as SUBSTRATE, SigningContext as SigningContext,
                                         signing_context as signing_context)
from pyristretto.sr25519.derivation import (CHAIN_CODE_LENGTH as CHAIN_CODE_LENGTH, DEV_ADDRESS as DEV_ADDRESS,
                                            DEV_PHRASE as DEV_PHRASE, DeriveJunction as DeriveJunction,
                                            mnemonic_to_entropy as mnemonic_to_entropy, parse_suri as parse_suri)
from pyristretto.sr25519.errors import (BatchVerificationError as BatchVerificationError,
                                        SecretStringError as SecretStringError, SignatureError as SignatureError)
from pyristretto.sr25519.keys import (ExpansionMode as ExpansionMode, KEYPAIR_LENGTH as KEYPAIR_LENGTH,
                                      Keypair as Keypair, MINI_SECRET_KEY_LENGTH as MINI_SECRET_KEY_LENGTH,
                                      MiniSecretKey as MiniSecretKey, PUBLIC_KEY_LENGTH as PUBLIC_KEY_LENGTH,
                                      PublicKey as PublicKey, SECRET_KEY_LENGTH as SECRET_KEY_LENGTH,
                                      SecretKey as SecretKey, derive_public as derive_public,
                                      keypair_from_uri as keypair_from_uri,
                                      mini_secret_from_entropy as mini_secret_from_entropy,
                                      mini_secret_from_mnemonic as mini_secret_from_mnemonic,
                                      ss58_decode as ss58_decode, ss58_encode as ss58_encode)
from pyristretto.sr25519.signing import SIGNATURE_LENGTH as SIGNATURE_LENGTH
from pyristretto.sr25519.vrf import (KUSAMA_VRF as KUSAMA_VRF, VRFInOut as VRFInOut,
                                     VRF_PREOUT_LENGTH as VRF_PREOUT_LENGTH,
                                     VRF_PROOF_BATCHABLE_LENGTH as VRF_PROOF_BATCHABLE_LENGTH,
                                     VRF_PROOF_LENGTH as VRF_PROOF_LENGTH, attach_input_hash as attach_input_hash,
                                     dleq_prove as dleq_prove, dleq_verify as dleq_verify,
                                     dleq_verify_batch as dleq_verify_batch, shorten_dleq as shorten_dleq,
                                     vrf_create_hash as vrf_create_hash, vrf_hash as vrf_hash, vrf_sign as vrf_sign,
                                     vrf_verify as vrf_verify, vrf_verify_batch as vrf_verify_batch,
                                     vrfs_merge as vrfs_merge, vrfs_sign as vrfs_sign, vrfs_verify as vrfs_verify)

__all__ = ['BatchVerificationError', 'SecretStringError', 'SignatureError', 'SUBSTRATE', 'SigningContext',
           'signing_context', 'KEYPAIR_LENGTH', 'MINI_SECRET_KEY_LENGTH', 'PUBLIC_KEY_LENGTH', 'SECRET_KEY_LENGTH',
           'ExpansionMode', 'Keypair', 'MiniSecretKey', 'PublicKey', 'SecretKey', 'derive_public', 'keypair_from_uri',
           'mini_secret_from_entropy', 'mini_secret_from_mnemonic', 'ss58_decode', 'ss58_encode', 'SIGNATURE_LENGTH',
           'verify_batch', 'verify_each', 'CHAIN_CODE_LENGTH', 'DEV_ADDRESS', 'DEV_PHRASE', 'DeriveJunction',
           'mnemonic_to_entropy', 'parse_suri', 'KUSAMA_VRF', 'VRF_PREOUT_LENGTH', 'VRF_PROOF_BATCHABLE_LENGTH',
           'VRF_PROOF_LENGTH', 'VRFInOut', 'attach_input_hash', 'dleq_prove', 'dleq_verify', 'dleq_verify_batch',
           'shorten_dleq', 'vrf_create_hash', 'vrf_hash', 'vrf_sign', 'vrf_verify', 'vrf_verify_batch', 'vrfs_merge',
           'vrfs_sign', 'vrfs_verify', 'convert_secret_key_to_ed25519', 'derive_keypair', 'derive_pubkey',
           'hard_derive_keypair', 'pair_from_ed25519_secret_key', 'pair_from_seed', 'public_from_secret_key', 'sign',
           'verify']
