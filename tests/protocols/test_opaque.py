"""OPAQUE (RFC 9807, OPRF ristretto255-SHA512): every ristretto255 vector of Appendix C byte for byte (real and
fake-record, with and without identities, 3DH over ristretto255 and over curve25519) with the vectors' randomness
injected, every intermediate they list; an independent reference (tests/helpers/pake_reference.py: pysodium,
hashlib, hmac) checked against the same vectors and then against the library on random inputs; round trips with
each KSF, identities and contexts; persistence of the server; threads."""

import hashlib
import random

import pytest

import pake_reference as pref
from concurrency import run_concurrently
from pyristretto import opaque
from pyristretto.opaque import ake, envelope
from vectors import load_json

VECTORS = load_json("opaque-rfc9807-ristretto255.json")["vectors"]
REAL = [v for v in VECTORS if v["kind"] == "real"]
FAKE = [v for v in VECTORS if v["kind"] == "fake_record"]
GROUPS = [opaque.RISTRETTO255, opaque.CURVE25519]


def _hex(d):
    return {k: bytes.fromhex(v) for k, v in d.items()}


def _config(v):
    return opaque.Configuration(opaque.Identity(), context=bytes.fromhex(v["config"]["Context"]), group=v["ake_group"])


def _ids(i):
    return dict(client_identity=i.get("client_identity"), server_identity=i.get("server_identity"))


def test_the_vectors_are_all_there():
    # RFC 9807 Appendix C: four real vectors (C.1.1-C.1.4) and two fake-record vectors (C.2.1, C.2.2) use the
    # ristretto255 OPRF; each 3DH group and each identity setting is covered
    assert len(REAL) == 4 and len(FAKE) == 2
    assert {v["ake_group"] for v in REAL} == {v["ake_group"] for v in FAKE} == set(GROUPS)
    assert {"client_identity" in v["inputs"] for v in REAL} == {True, False}
    for v in VECTORS:
        c = v["config"]
        assert (c["OPRF"], c["Hash"], c["KSF"], c["KDF"], c["MAC"]) == (
            "ristretto255-SHA512",
            "SHA512",
            "Identity",
            "HKDF-SHA512",
            "HMAC-SHA512",
        )
        assert (c["Nh"], c["Npk"], c["Nsk"], c["Nm"], c["Nx"], c["Nok"]) == ("64", "32", "32", "64", "64", "32")


@pytest.mark.parametrize("v", REAL, ids=[v["section"] for v in REAL])
def test_real_vector(v):
    i, o, m = _hex(v["inputs"]), _hex(v["outputs"]), _hex(v["intermediates"])
    config = _config(v)
    server = opaque.Server(config, i["oprf_seed"], i["server_private_key"])
    assert server.public_key == i["server_public_key"]
    assert bytes(server.oprf_key(i["credential_identifier"])) == m["oprf_key"]

    registration = opaque.ClientRegistration(config, i["password"], _test_blind=i["blind_registration"])
    assert registration.request == o["registration_request"]
    response = server.registration_response(registration.request, i["credential_identifier"])
    assert response == o["registration_response"]
    record, export_key = registration.finish(response, _test_envelope_nonce=i["envelope_nonce"], **_ids(i))
    assert record == o["registration_upload"] and export_key == o["export_key"]
    parsed = opaque.RegistrationRecord.from_bytes(record, config=config)
    assert parsed.client_public_key == m["client_public_key"] and parsed.envelope == m["envelope"]
    assert parsed.masking_key == bytes.fromhex(v["extra_intermediates_from_poc_vectors_json"]["masking_key"])

    login = opaque.ClientLogin(
        config,
        i["password"],
        _test_blind=i["blind_login"],
        _test_client_nonce=i["client_nonce"],
        _test_client_keyshare_seed=i["client_keyshare_seed"],
    )
    assert login.ke1 == o["KE1"]
    server_login = server.login(
        login.ke1,
        record,
        i["credential_identifier"],
        _test_masking_nonce=i["masking_nonce"],
        _test_server_nonce=i["server_nonce"],
        _test_server_keyshare_seed=i["server_keyshare_seed"],
        **_ids(i),
    )
    assert server_login.ke2 == o["KE2"]
    ke3, session_key, export_key = login.finish(server_login.ke2, **_ids(i))
    assert (ke3, session_key, export_key) == (o["KE3"], o["session_key"], o["export_key"])
    assert server_login.finish(ke3) == o["session_key"]


@pytest.mark.parametrize("v", REAL, ids=[v["section"] for v in REAL])
def test_real_vector_intermediates(v):
    # the envelope and key-schedule functions on the vectors' own intermediates
    i, o, m = _hex(v["inputs"]), _hex(v["outputs"]), _hex(v["intermediates"])
    rwd = m["randomized_password"]
    auth_key, export_key, _ = envelope.envelope_keys(rwd, i["envelope_nonce"])
    assert (auth_key, export_key) == (m["auth_key"], o["export_key"])
    assert envelope.masking_key(rwd) == bytes.fromhex(v["extra_intermediates_from_poc_vectors_json"]["masking_key"])
    credentials = envelope.cleartext_credentials(
        i["server_public_key"], m["client_public_key"], i.get("server_identity"), i.get("client_identity")
    )[0]
    assert i["envelope_nonce"] + envelope.auth_tag(auth_key, i["envelope_nonce"], credentials) == m["envelope"]
    # Km2, Km3 and the session key from the reference's ikm and the library's preamble
    r = pref.login(
        v["ake_group"],
        lambda y: y,
        i["password"],
        o["registration_upload"],
        i["oprf_seed"],
        i["credential_identifier"],
        _server_sk(v, i),
        i["server_public_key"],
        int.from_bytes(i["blind_login"], "little"),
        i["client_nonce"],
        i["client_keyshare_seed"],
        i["masking_nonce"],
        i["server_nonce"],
        i["server_keyshare_seed"],
        bytes.fromhex(v["config"]["Context"]),
        i.get("server_identity"),
        i.get("client_identity"),
    )
    ke2 = opaque.KE2.from_bytes(o["KE2"])
    sid = i.get("server_identity", i["server_public_key"])
    cid = i.get("client_identity", m["client_public_key"])
    transcript = ake.preamble(
        bytes.fromhex(v["config"]["Context"]),
        cid,
        o["KE1"],
        sid,
        ke2.credential_response,
        ke2.server_nonce,
        ke2.server_public_keyshare,
    )
    ikm = _ikm(v, i, m)
    km2, km3, session_key = ake.derive_keys(ikm, hashlib.sha512(transcript).digest())
    assert (km2, km3, session_key) == (m["server_mac_key"], m["client_mac_key"], o["session_key"])
    assert r["handshake_secret"] == m["handshake_secret"]


def _server_sk(v, i):
    return (
        int.from_bytes(i["server_private_key"], "little")
        if v["ake_group"] == "ristretto255"
        else i["server_private_key"]
    )


def _ikm(v, i, m):
    """dh1 || dh2 || dh3 of the server, from the reference's group functions."""
    G = pref.GROUPS[v["ake_group"]]
    e_s, _ = G.derive(i["server_keyshare_seed"])
    _, E_c = G.derive(i["client_keyshare_seed"])
    return G.dh(e_s, E_c) + G.dh(_server_sk(v, i), E_c) + G.dh(e_s, m["client_public_key"])


@pytest.mark.parametrize("v", FAKE, ids=[v["section"] for v in FAKE])
def test_fake_record_vector(v):
    i, o = _hex(v["inputs"]), _hex(v["outputs"])
    config = _config(v)
    fake = i["client_public_key"] + i["masking_key"] + bytes(96)  # RFC 9807 section 6.3.2.2's fake record
    server = opaque.Server(config, i["oprf_seed"], i["server_private_key"], fake_record=fake)
    assert server.public_key == i["server_public_key"]
    # the fake record's public key is the listed private key's (the vector gives both)
    sk, pk = i["client_private_key"], i["client_public_key"]
    if v["ake_group"] == "ristretto255":
        assert pref.ref.base_mul(int.from_bytes(sk, "little")) == pk
    else:
        assert pref.X25519.derive(sk)[1] == pk
    server_login = server.login(
        i["KE1"],
        None,
        i["credential_identifier"],
        _test_masking_nonce=i["masking_nonce"],
        _test_server_nonce=i["server_nonce"],
        _test_server_keyshare_seed=i["server_keyshare_seed"],
        **_ids(i),
    )
    assert server_login.ke2 == o["KE2"]
    # the same bytes when the fake record is passed as the user's record
    again = server.login(
        i["KE1"],
        fake,
        i["credential_identifier"],
        _test_masking_nonce=i["masking_nonce"],
        _test_server_nonce=i["server_nonce"],
        _test_server_keyshare_seed=i["server_keyshare_seed"],
        **_ids(i),
    )
    assert again.ke2 == o["KE2"]


# ---- the reference against the vectors, then the library against the reference ------------------------------
@pytest.mark.parametrize("v", REAL, ids=[v["section"] for v in REAL])
def test_reference_reproduces_the_real_vectors(v):
    i, o, m = _hex(v["inputs"]), _hex(v["outputs"]), _hex(v["intermediates"])
    blind = int.from_bytes(i["blind_registration"], "little")
    reg = pref.registration(
        v["ake_group"],
        lambda y: y,
        i["password"],
        blind,
        i["oprf_seed"],
        i["credential_identifier"],
        i["server_public_key"],
        i["envelope_nonce"],
        i.get("server_identity"),
        i.get("client_identity"),
    )
    for name in ("registration_request", "registration_response", "registration_upload", "export_key"):
        assert reg[name] == o[name], name
    for name in ("client_public_key", "auth_key", "randomized_password", "envelope"):
        assert reg[name] == m[name], name
    assert reg["oprf_key"] == int.from_bytes(m["oprf_key"], "little")
    r = pref.login(
        v["ake_group"],
        lambda y: y,
        i["password"],
        reg["registration_upload"],
        i["oprf_seed"],
        i["credential_identifier"],
        _server_sk(v, i),
        i["server_public_key"],
        int.from_bytes(i["blind_login"], "little"),
        i["client_nonce"],
        i["client_keyshare_seed"],
        i["masking_nonce"],
        i["server_nonce"],
        i["server_keyshare_seed"],
        bytes.fromhex(v["config"]["Context"]),
        i.get("server_identity"),
        i.get("client_identity"),
    )
    for name in ("KE1", "KE2", "KE3", "session_key", "export_key"):
        assert r[name] == o[name], name
    for name in ("handshake_secret", "server_mac_key", "client_mac_key"):
        assert r[name] == m[name], name


def _random_case(rng, group):
    rb = rng.randbytes
    case = dict(
        password=rb(rng.choice([0, 1, 12, 100])),
        oprf_seed=rb(64),
        cid=rb(rng.choice([0, 5, 40])),
        blind_registration=rng.randrange(1, pref.Q),
        blind_login=rng.randrange(1, pref.Q),
        envelope_nonce=rb(32),
        client_nonce=rb(32),
        client_keyshare_seed=rb(32),
        server_nonce=rb(32),
        server_keyshare_seed=rb(32),
        masking_nonce=rb(32),
        context=rb(rng.choice([0, 3, 300])),
        client_identity=rng.choice([None, rb(1), rb(20)]),
        server_identity=rng.choice([None, rb(7)]),
    )
    if group == opaque.RISTRETTO255:
        case["server_sk"] = rng.randrange(1, pref.Q)
        case["server_pk"] = pref.ref.base_mul(case["server_sk"])
    else:
        case["server_sk"] = rb(32)
        case["server_pk"] = pref.X25519.derive(case["server_sk"])[1]
    return case


def _library_run(group, c, ksf=opaque.Identity()):
    config = opaque.Configuration(ksf, context=c["context"], group=group)
    sk = c["server_sk"]
    server = opaque.Server(config, c["oprf_seed"], sk)
    ids = dict(client_identity=c["client_identity"], server_identity=c["server_identity"])
    reg = opaque.ClientRegistration(config, c["password"], _test_blind=c["blind_registration"])
    response = server.registration_response(reg.request, c["cid"])
    record, export_key = reg.finish(response, _test_envelope_nonce=c["envelope_nonce"], **ids)
    login = opaque.ClientLogin(
        config,
        c["password"],
        _test_blind=c["blind_login"],
        _test_client_nonce=c["client_nonce"],
        _test_client_keyshare_seed=c["client_keyshare_seed"],
    )
    server_login = server.login(
        login.ke1,
        record,
        c["cid"],
        _test_masking_nonce=c["masking_nonce"],
        _test_server_nonce=c["server_nonce"],
        _test_server_keyshare_seed=c["server_keyshare_seed"],
        **ids,
    )
    ke3, session_key, login_export_key = login.finish(server_login.ke2, **ids)
    assert server_login.finish(ke3) == session_key and login_export_key == export_key
    return dict(
        registration_request=reg.request,
        registration_response=response,
        registration_upload=record,
        export_key=export_key,
        KE1=login.ke1,
        KE2=server_login.ke2,
        KE3=ke3,
        session_key=session_key,
    )


@pytest.mark.parametrize("group", GROUPS)
def test_library_matches_the_reference_on_random_inputs(group):
    rng = random.Random(f"opaque-diff-{group}")
    for _ in range(12):
        c = _random_case(rng, group)
        got = _library_run(group, c)
        reg = pref.registration(
            group,
            lambda y: y,
            c["password"],
            c["blind_registration"],
            c["oprf_seed"],
            c["cid"],
            c["server_pk"],
            c["envelope_nonce"],
            c["server_identity"],
            c["client_identity"],
        )
        r = pref.login(
            group,
            lambda y: y,
            c["password"],
            reg["registration_upload"],
            c["oprf_seed"],
            c["cid"],
            c["server_sk"],
            c["server_pk"],
            c["blind_login"],
            c["client_nonce"],
            c["client_keyshare_seed"],
            c["masking_nonce"],
            c["server_nonce"],
            c["server_keyshare_seed"],
            c["context"],
            c["server_identity"],
            c["client_identity"],
        )
        expected = dict(reg, **r)
        for name in got:
            assert got[name] == expected[name], name


# ---- round trips -----------------------------------------------------------------------------------------
KSFS = [opaque.Identity(), opaque.Scrypt(n=1024, r=8, p=1), opaque.Argon2id(memory_cost=256, time_cost=1)]


def _register_and_login(config, password, login_password=None, cid=b"alice", record_for=None, **ids):
    server = opaque.Server.generate(config)
    reg = opaque.ClientRegistration(config, password)
    record, export_key = reg.finish(server.registration_response(reg.request, cid), **ids)
    login = opaque.ClientLogin(config, password if login_password is None else login_password)
    server_login = server.login(login.ke1, record if record_for is None else record_for(record), cid, **ids)
    return server, record, export_key, login, server_login


@pytest.mark.parametrize("ksf", KSFS, ids=lambda k: type(k).__name__)
@pytest.mark.parametrize("group", GROUPS)
def test_round_trip(group, ksf):
    config = opaque.Configuration(ksf, context=b"app-v1", group=group)
    _, record, export_key, login, server_login = _register_and_login(config, b"correct horse")
    assert len(record) == 192 and len(login.ke1) == 96 and len(server_login.ke2) == 320
    ke3, session_key, login_export_key = login.finish(server_login.ke2)
    assert len(ke3) == 64 and len(session_key) == 64 and login_export_key == export_key
    assert server_login.finish(ke3) == session_key


def test_the_ksf_is_applied():
    # the same password, blind and nonce give another record under another KSF: the stretching reaches the
    # randomized password (the reference with the KSF's own function gives the same record)
    records = {}
    for ksf in KSFS:
        config = opaque.Configuration(ksf)
        server = opaque.Server(config, bytes(64), 5)
        reg = opaque.ClientRegistration(config, b"pw", _test_blind=7)
        records[type(ksf).__name__] = reg.finish(
            server.registration_response(reg.request, b"u"), _test_envelope_nonce=bytes(32)
        )[0]
        expected = pref.registration(
            "ristretto255",
            ksf.stretch if type(ksf) is not opaque.Identity else (lambda y: y),
            b"pw",
            7,
            bytes(64),
            b"u",
            server.public_key,
            bytes(32),
        )["registration_upload"]
        assert records[type(ksf).__name__] == expected
    assert len(set(records.values())) == len(KSFS)
    # scrypt and Argon2id against their definitions: hashlib.scrypt and argon2-cffi's raw Argon2id
    from argon2.low_level import Type, hash_secret_raw

    y = bytes(range(64))
    assert opaque.Scrypt(n=1024).stretch(y) == hashlib.scrypt(y, salt=bytes(16), n=1024, r=8, p=1, dklen=64)
    assert opaque.Argon2id().stretch(y) == hash_secret_raw(y, bytes(16), 2, 19456, 1, 64, Type.ID, 19)


@pytest.mark.parametrize("group", GROUPS)
def test_identities_and_context_must_match(group):
    config = opaque.Configuration(opaque.Identity(), context=b"ctx", group=group)
    ids = dict(client_identity=b"alice@example.com", server_identity=b"example.com")
    _, _, _, login, server_login = _register_and_login(config, b"pw", **ids)
    ke3, session_key, _ = login.finish(server_login.ke2, **ids)
    assert server_login.finish(ke3) == session_key
    # the login without the registration's identities: the envelope's credentials differ
    server, record, _, login, _ = _register_and_login(config, b"pw", **ids)
    with pytest.raises(opaque.EnvelopeRecoveryError):
        login.finish(server.login(login.ke1, record, b"alice", **ids).ke2)
    # another context on the server: the envelope opens, the server's MAC does not verify
    other = opaque.Server.from_bytes(
        server.to_bytes(), opaque.Configuration(opaque.Identity(), context=b"other", group=group)
    )
    login = opaque.ClientLogin(config, b"pw")
    with pytest.raises(opaque.ServerAuthenticationError):
        login.finish(other.login(login.ke1, record, b"alice", **ids).ke2, **ids)


@pytest.mark.parametrize("group", GROUPS)
def test_server_persistence(group):
    config = opaque.Configuration(opaque.Identity(), group=group)
    server, record, _, _, _ = _register_and_login(config, b"pw")
    data = server.to_bytes()
    assert len(data) == 288
    restored = opaque.Server.from_bytes(data, config)
    assert restored.public_key == server.public_key and restored.to_bytes() == data
    login = opaque.ClientLogin(config, b"pw")
    server_login = restored.login(login.ke1, record, b"alice")
    ke3, session_key, _ = login.finish(server_login.ke2)
    assert server_login.finish(ke3) == session_key
    assert opaque.Server.generate(config).to_bytes() != data


def test_oprf_is_rfc9497():
    # the OPRF inside OPAQUE is RFC 9497's mode OPRF: its output with the user's key is pyristretto.oprf's
    from pyristretto import oprf
    from pyristretto.opaque.client import _finalize
    from pyristretto._group import Point, Scalar

    config = opaque.Configuration(opaque.Identity())
    server = opaque.Server.generate(config)
    key = server.oprf_key(b"bob")
    reg = opaque.ClientRegistration(config, b"secret", _test_blind=12345)
    evaluated = server.registration_response(reg.request, b"bob")[:32]
    assert _finalize(b"secret", Scalar(12345), Point(evaluated)) == oprf.OPRFServer(key).evaluate(b"secret")


def test_server_shared_by_threads():
    config = opaque.Configuration(opaque.Identity())
    server = opaque.Server.generate(config)
    records = {}
    for user in (b"a", b"b", b"c", b"d"):
        reg = opaque.ClientRegistration(config, user * 3)
        records[user] = reg.finish(server.registration_response(reg.request, user)).record

    def one(k):
        user = b"abcd"[k % 4 : k % 4 + 1]
        login = opaque.ClientLogin(config, user * 3)
        server_login = server.login(login.ke1, records[user], user)
        ke3, session_key, _ = login.finish(server_login.ke2)
        assert server_login.finish(ke3) == session_key
        done.append(k)

    done = []
    run_concurrently(one, 16)
    assert sorted(done) == list(range(16))


# ---- the accelerator (_opaque.pxi through _group.py) -------------------------------------------------------
def test_mul_encode_against_libsodium():
    from pyristretto import _group as grp

    rng = random.Random("mul_encode")
    for n in (1, 2, 3, 5, 8, 9, 17):
        ks = [rng.randrange(pref.Q) for _ in range(n)]
        ks[0] = 0 if n > 2 else ks[0]  # a zero scalar: the identity's encoding
        ks[-1] = pref.Q - 1
        encodings = [pref.ref.random_point(rng) for _ in range(n)]
        points = [None if i % 3 == 1 else grp.Point(e) for i, e in enumerate(encodings)]  # None: the generator
        got = grp.mul_encode([grp.Scalar(k) for k in ks], points)
        want = b"".join(
            pref.ref.base_mul(k) if P is None else pref.ref.point_mul(k, e) for k, P, e in zip(ks, points, encodings)
        )
        assert got == want
    assert grp.mul_encode([], []) == b""
    with pytest.raises(TypeError, match=r"scalars\[0\]: expected a Scalar"):
        grp.mul_encode([5], [None])
    with pytest.raises(TypeError, match=r"points\[0\]: expected a Point or None"):
        grp.mul_encode([grp.Scalar(5)], [bytes(32)])
    with pytest.raises(ValueError, match="equal lengths"):
        grp.mul_encode([grp.Scalar(5)], [None, None])


def test_x25519_private_key_against_rfc7748():
    from pyristretto import _group as grp

    # RFC 7748 section 5.2's first X25519 test vector, and section 6.1's Alice and Bob
    k = bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
    u = bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
    assert grp.X25519PrivateKey(k).exchange(u) == bytes.fromhex(
        "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"
    )
    alice = grp.X25519PrivateKey(bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))
    bob = grp.X25519PrivateKey(bytes.fromhex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"))
    assert alice.public_key() == bytes.fromhex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    assert bob.public_key() == bytes.fromhex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    shared = bytes.fromhex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
    assert alice.exchange(bob.public_key()) == bob.exchange(alice.public_key()) == shared
    assert alice.private_bytes() == bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    with pytest.raises(ValueError, match="peer: a low-order"):
        alice.exchange(bytes(32))
    with pytest.raises(ValueError, match="seed: expected 32 bytes"):
        grp.X25519PrivateKey(bytes(31))
    with pytest.raises(TypeError, match="seed"):
        grp.X25519PrivateKey("key")
