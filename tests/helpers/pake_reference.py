"""Independent references for OPAQUE (RFC 9807) and CPace (draft-irtf-cfrg-cpace), written from the texts' pseudo-code
on tests/helpers/reference.py (libsodium through pysodium for ristretto255 and X25519, hashlib, hmac): nothing here
imports pyristretto. Values are bytes and ints; every intermediate the RFC's vectors list comes back in a dict, so
the reference is checked against the vectors before the library is checked against it on random inputs.
"""

from __future__ import annotations

import hashlib
import hmac

import pysodium

import reference as ref

Q = ref.Q
OPRF_CONTEXT = b"OPRFV1-\x00-ristretto255-SHA512"
Nn = Nseed = 32
Nh = 64


def lp(b: bytes) -> bytes:
    return len(b).to_bytes(2, "big") + b


def hkdf_extract(salt: bytes, ikm: bytes) -> bytes:
    return hmac.new(salt or bytes(64), ikm, hashlib.sha512).digest()


def hkdf_expand(prk: bytes, info: bytes, length: int) -> bytes:
    out, t, i = b"", b"", 1
    while len(out) < length:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha512).digest()
        out += t
        i += 1
    return out[:length]


def hmac512(key: bytes, msg: bytes) -> bytes:
    return hmac.new(key, msg, hashlib.sha512).digest()


def sha512(msg: bytes) -> bytes:
    return hashlib.sha512(msg).digest()


# ---- RFC 9497, mode OPRF ------------------------------------------------------------------------------
def derive_key_pair(seed: bytes, info: bytes) -> tuple[int, bytes]:
    dst = b"DeriveKeyPair" + OPRF_CONTEXT
    for counter in range(256):
        sk = ref.hash_to_scalar(seed + lp(info) + bytes([counter]), dst)
        if sk:
            return sk, ref.base_mul(sk)
    raise AssertionError("DeriveKeyPairError")


def oprf_blind(password: bytes, blind: int) -> bytes:
    return ref.point_mul(blind, ref.hash_to_group(password, b"HashToGroup-" + OPRF_CONTEXT))


def oprf_finalize(password: bytes, blind: int, evaluated: bytes) -> bytes:
    unblinded = ref.point_mul(pow(blind, -1, Q), evaluated)
    return sha512(lp(password) + lp(unblinded) + b"Finalize")


# ---- the AKE groups ----------------------------------------------------------------------------------
class Ristretto:
    @staticmethod
    def derive(seed: bytes) -> tuple[int, bytes]:
        return derive_key_pair(seed, b"OPAQUE-DeriveDiffieHellmanKeyPair")

    @staticmethod
    def dh(sk: int, pk: bytes) -> bytes:
        return ref.point_mul(sk, pk)


class X25519:
    @staticmethod
    def derive(seed: bytes) -> tuple[bytes, bytes]:
        return seed, pysodium.crypto_scalarmult_curve25519_base(seed)

    @staticmethod
    def dh(sk: bytes, pk: bytes) -> bytes:
        return pysodium.crypto_scalarmult_curve25519(sk, pk)


GROUPS = {"ristretto255": Ristretto, "curve25519": X25519}


# ---- OPAQUE ------------------------------------------------------------------------------------------
def oprf_key(oprf_seed: bytes, credential_identifier: bytes) -> int:
    return derive_key_pair(hkdf_expand(oprf_seed, credential_identifier + b"OprfKey", 32), b"OPAQUE-DeriveKeyPair")[0]


def credentials(server_pk, client_pk, server_identity, client_identity):
    sid = server_identity if server_identity is not None else server_pk
    cid = client_identity if client_identity is not None else client_pk
    return server_pk + lp(sid) + lp(cid), sid, cid


def store(group, rwd, server_pk, nonce, server_identity, client_identity):
    masking_key = hkdf_expand(rwd, b"MaskingKey", Nh)
    auth_key = hkdf_expand(rwd, nonce + b"AuthKey", Nh)
    export_key = hkdf_expand(rwd, nonce + b"ExportKey", Nh)
    seed = hkdf_expand(rwd, nonce + b"PrivateKey", Nseed)
    client_sk, client_pk = GROUPS[group].derive(seed)
    creds = credentials(server_pk, client_pk, server_identity, client_identity)[0]
    envelope = nonce + hmac512(auth_key, nonce + creds)
    return dict(
        envelope=envelope,
        client_public_key=client_pk,
        client_private_key=client_sk,
        masking_key=masking_key,
        export_key=export_key,
        auth_key=auth_key,
    )


def expand_label(secret: bytes, label: bytes, context: bytes, length: int) -> bytes:
    full = b"OPAQUE-" + label
    return hkdf_expand(
        secret, length.to_bytes(2, "big") + bytes([len(full)]) + full + bytes([len(context)]) + context, length
    )


def derive_keys(ikm: bytes, preamble: bytes):
    prk = hkdf_extract(b"", ikm)
    handshake = expand_label(prk, b"HandshakeSecret", sha512(preamble), 64)
    session = expand_label(prk, b"SessionKey", sha512(preamble), 64)
    return (
        expand_label(handshake, b"ServerMAC", b"", 64),
        expand_label(handshake, b"ClientMAC", b"", 64),
        session,
        handshake,
    )


def registration(
    group, ksf, password, blind, oprf_seed, cid, server_pk, nonce, server_identity=None, client_identity=None
):
    """The whole registration: every message and intermediate, keyed by the vectors' names."""
    k = oprf_key(oprf_seed, cid)
    request = oprf_blind(password, blind)
    response = ref.point_mul(k, request) + server_pk
    y = oprf_finalize(password, blind, response[:32])
    rwd = hkdf_extract(b"", y + ksf(y))
    s = store(group, rwd, server_pk, nonce, server_identity, client_identity)
    upload = s["client_public_key"] + s["masking_key"] + s["envelope"]
    return dict(
        s,
        oprf_key=k,
        registration_request=request,
        registration_response=response,
        randomized_password=rwd,
        registration_upload=upload,
    )


def login(
    group,
    ksf,
    password,
    record,
    oprf_seed,
    cid,
    server_sk,
    server_pk,
    blind,
    client_nonce,
    client_keyshare_seed,
    masking_nonce,
    server_nonce,
    server_keyshare_seed,
    context,
    server_identity=None,
    client_identity=None,
    client_view_identities=None,
):
    """KE1, KE2 (server side, with ``record``) and, if the client can open the envelope, KE3, session and export
    keys (client side); the key schedule's intermediates. ``record``: client_public_key || masking_key || envelope."""
    G = GROUPS[group]
    client_pk, masking_key, envelope = record[:32], record[32:96], record[96:]
    # client: KE1
    e_c, E_c = G.derive(client_keyshare_seed)
    ke1 = oprf_blind(password, blind) + client_nonce + E_c
    # server: KE2
    k = oprf_key(oprf_seed, cid)
    evaluated = ref.point_mul(k, ke1[:32])
    pad = hkdf_expand(masking_key, masking_nonce + b"CredentialResponsePad", 128)
    masked = bytes(a ^ b for a, b in zip(pad, server_pk + envelope))
    cred_response = evaluated + masking_nonce + masked
    e_s, E_s = G.derive(server_keyshare_seed)
    _, sid, cid_ = credentials(server_pk, client_pk, server_identity, client_identity)
    preamble = b"OPAQUEv1-" + lp(context) + lp(cid_) + ke1 + lp(sid) + cred_response + server_nonce + E_s
    ikm = G.dh(e_s, E_c) + G.dh(server_sk, E_c) + G.dh(e_s, client_pk)
    km2, km3, session, handshake = derive_keys(ikm, preamble)
    server_mac = hmac512(km2, sha512(preamble))
    ke2 = cred_response + server_nonce + E_s + server_mac
    out = dict(
        KE1=ke1,
        KE2=ke2,
        server_session_key=session,
        expected_client_mac=hmac512(km3, sha512(preamble + server_mac)),
        handshake_secret=handshake,
        server_mac_key=km2,
        client_mac_key=km3,
    )
    # client: KE3
    y = oprf_finalize(password, blind, evaluated)
    rwd = hkdf_extract(b"", y + ksf(y))
    client_masking_key = hkdf_expand(rwd, b"MaskingKey", Nh)
    pad = hkdf_expand(client_masking_key, masking_nonce + b"CredentialResponsePad", 128)
    clear = bytes(a ^ b for a, b in zip(pad, masked))
    spk, env_nonce, tag = clear[:32], clear[32:64], clear[64:]
    ids = client_view_identities or (server_identity, client_identity)
    s = store(group, rwd, spk, env_nonce, *ids)
    if not hmac.compare_digest(s["envelope"][32:], tag):
        return dict(out, envelope_ok=False)
    _, sid, cid_ = credentials(spk, s["client_public_key"], *ids)
    preamble_c = b"OPAQUEv1-" + lp(context) + lp(cid_) + ke1 + lp(sid) + cred_response + server_nonce + E_s
    ikm_c = G.dh(e_c, E_s) + G.dh(e_c, spk) + G.dh(s["client_private_key"], E_s)
    km2c, km3c, session_c, _ = derive_keys(ikm_c, preamble_c)
    if not hmac.compare_digest(hmac512(km2c, sha512(preamble_c)), server_mac):
        return dict(out, envelope_ok=True, server_mac_ok=False)
    return dict(
        out,
        envelope_ok=True,
        server_mac_ok=True,
        KE3=hmac512(km3c, sha512(preamble_c + server_mac)),
        session_key=session_c,
        export_key=s["export_key"],
    )


# ---- CPace (CPACE-RISTR255-SHA512) ------------------------------------------------------------------------
def leb128_prepend(b: bytes) -> bytes:
    n, out = len(b), b""
    while True:
        out += bytes([(n & 0x7F) | (0x80 if n >= 128 else 0)])
        n >>= 7
        if n == 0:
            return out + b


def lv(*args: bytes) -> bytes:
    return b"".join(leb128_prepend(a) for a in args)


def cpace_generator(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    dsi = b"CPaceRistretto255"
    zpad = max(0, 128 - 1 - len(leb128_prepend(prs)) - len(leb128_prepend(dsi)))
    return ref.from_hash(sha512(lv(dsi, prs, bytes(zpad), ci, sid)))


def cpace_isk(sid: bytes, K: bytes, ya: bytes, ada: bytes, yb: bytes, adb: bytes, symmetric: bool) -> bytes:
    a, b = lv(ya, ada), lv(yb, adb)
    transcript = (b"oc" + max(a, b) + min(a, b)) if symmetric else a + b
    return sha512(lv(b"CPaceRistretto255_ISK", sid, K) + transcript)
