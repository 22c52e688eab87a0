"""One process, two private libsodiums: PyNaCl's (linked into nacl._sodium) and the wheel's pyristretto's.

Run by check_dist.sh in the fresh virtualenv of a wheel (the bench extra brings PyNaCl). Imports PyNaCl first, so
its libsodium is loaded when pyristretto's modules load: were either copy's symbols exported, the dynamic linker
could bind one library's calls to the other's code. Then both are used and checked against each other where
they compute the same thing: the scalar field of ristretto255 is Ed25519's (integers modulo the group order L,
32 bytes little-endian), so pyristretto's sc_mul, sc_add and sc_inv must agree with libsodium's
crypto_core_ed25519_scalar_mul, _add and _invert as PyNaCl calls them; and an Ed25519 signature made and checked by
PyNaCl between pyristretto calls must verify.
"""

import sys

import nacl.bindings
import nacl.signing

import pyristretto


def to_bytes(x):
    return x.to_bytes(32, "little")


failures = []
for _ in range(200):
    a, b = pyristretto.sc_rand(), pyristretto.sc_rand()
    if to_bytes(pyristretto.sc_mul(a, b)) != nacl.bindings.crypto_core_ed25519_scalar_mul(to_bytes(a), to_bytes(b)):
        failures.append(f"sc_mul({a}, {b})")
    if to_bytes(pyristretto.sc_add(a, b)) != nacl.bindings.crypto_core_ed25519_scalar_add(to_bytes(a), to_bytes(b)):
        failures.append(f"sc_add({a}, {b})")
    if to_bytes(pyristretto.sc_inv(a)) != nacl.bindings.crypto_core_ed25519_scalar_invert(to_bytes(a)):
        failures.append(f"sc_inv({a})")
key = nacl.signing.SigningKey.generate()
signed = key.sign(pyristretto.base_mul(pyristretto.sc_rand()))
key.verify_key.verify(signed)  # raises BadSignatureError if PyNaCl's libsodium misbehaves
if pyristretto.sodium_version() != "1.0.20":
    failures.append(f"pyristretto.sodium_version() = {pyristretto.sodium_version()}")
if failures:
    sys.exit("pyristretto beside PyNaCl FAILED: " + "; ".join(failures[:5]))
print(
    f"pyristretto (libsodium {pyristretto.sodium_version()}) and PyNaCl {nacl.__version__} in one process: "
    "600 scalar operations agree, an Ed25519 signature verifies"
)
