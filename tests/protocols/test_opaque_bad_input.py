"""OPAQUE on bad input, at every message: truncated and extended messages, invalid points and the identity (every
RFC 9496 invalid encoding), replayed KE1, swapped messages, tampered fields, wrong types; a wrong password and an
unknown user fail the same way; one-shot states, no pickling, no secret in a repr."""

import copy
import pickle

import pytest

import reference as ref
from pyristretto import opaque
from pyristretto._group import X25519PrivateKey

IDENTITY = bytes(32)
INVALID = [b for _, b in ref.invalid_encodings(ref.load_vectors())]
GROUPS = [opaque.RISTRETTO255, opaque.CURVE25519]
CONFIGS = {g: opaque.Configuration(opaque.Identity(), group=g) for g in GROUPS}
WRONG_TYPES = ["a string", 12, None, [1, 2], 3.5]


@pytest.fixture(params=GROUPS)
def setup(request):
    """(config, server, record) with the user b"alice" registered with the password b"pw"."""
    config = CONFIGS[request.param]
    server = opaque.Server.generate(config)
    reg = opaque.ClientRegistration(config, b"pw")
    record = reg.finish(server.registration_response(reg.request, b"alice")).record
    return config, server, record


def _lengths(message):
    """The message truncated, extended, emptied."""
    return [message[:-1], message + b"\x00", b"", message[: len(message) // 2]]


def _replace(message, at, value):
    return message[:at] + value + message[at + len(value) :]


def test_invalid_encodings_are_there():
    assert len(INVALID) >= 10 and IDENTITY not in INVALID


# ---- registration ---------------------------------------------------------------------------------------
def test_registration_request(setup):
    config, server, _ = setup
    request = opaque.ClientRegistration(config, b"pw").request
    for bad in _lengths(request):
        with pytest.raises(opaque.DeserializeError, match="request: expected 32 bytes"):
            server.registration_response(bad, b"alice")
    for bad in INVALID + [IDENTITY]:
        with pytest.raises(opaque.DeserializeError, match="request.blinded_message"):
            server.registration_response(bad, b"alice")
    for bad in WRONG_TYPES:
        with pytest.raises(TypeError, match="request"):
            server.registration_response(bad, b"alice")
        with pytest.raises(TypeError, match="credential_identifier"):
            server.registration_response(request, bad)
    assert len(server.registration_response(bytearray(request), memoryview(b"alice"))) == 64


def test_registration_response(setup):
    config, server, _ = setup
    reg = opaque.ClientRegistration(config, b"pw")
    response = server.registration_response(reg.request, b"alice")
    for bad in _lengths(response):
        with pytest.raises(opaque.DeserializeError, match="response: expected 64 bytes"):
            reg.finish(bad)
    for bad in INVALID + [IDENTITY]:
        with pytest.raises(opaque.DeserializeError, match="response.evaluated_message"):
            reg.finish(bad + response[32:])
    bad_keys = [IDENTITY] + (INVALID if config.group == opaque.RISTRETTO255 else [])
    for bad in bad_keys:
        with pytest.raises(opaque.DeserializeError, match="response.server_public_key"):
            reg.finish(response[:32] + bad)
    for bad in WRONG_TYPES:
        with pytest.raises(TypeError, match="response"):
            reg.finish(bad)
    with pytest.raises(ValueError, match="server_identity"):
        reg.finish(response, server_identity=b"")
    with pytest.raises(TypeError, match="client_identity"):
        reg.finish(response, client_identity="alice")
    # none of the errors above finished the run
    record, export_key = reg.finish(response)
    with pytest.raises(ValueError, match="finished"):
        reg.finish(response)


def test_registration_record(setup):
    config, server, record = setup
    assert opaque.RegistrationRecord.from_bytes(record, config=config).to_bytes() == record
    for bad in _lengths(record):
        with pytest.raises(opaque.DeserializeError, match="RegistrationRecord: expected 192 bytes"):
            opaque.RegistrationRecord.from_bytes(bad, config=config)
    for bad in [IDENTITY] + (INVALID if config.group == opaque.RISTRETTO255 else []):
        with pytest.raises(opaque.DeserializeError, match="client_public_key"):
            opaque.RegistrationRecord.from_bytes(bad + record[32:], config=config)
        ke1 = opaque.ClientLogin(config, b"pw").ke1
        with pytest.raises(opaque.DeserializeError, match="record.client_public_key"):
            server.login(ke1, bad + record[32:], b"alice")
    with pytest.raises(TypeError, match="record"):
        server.login(opaque.ClientLogin(config, b"pw").ke1, "record", b"alice")


# ---- login ----------------------------------------------------------------------------------------------
def test_ke1(setup):
    config, server, record = setup
    ke1 = opaque.ClientLogin(config, b"pw").ke1
    for bad in _lengths(ke1):
        with pytest.raises(opaque.DeserializeError, match="ke1: expected 96 bytes"):
            server.login(bad, record, b"alice")
    for bad in INVALID + [IDENTITY]:
        with pytest.raises(opaque.DeserializeError, match="KE1.blinded_message"):
            server.login(_replace(ke1, 0, bad), record, b"alice")
    for bad in [IDENTITY] + (INVALID if config.group == opaque.RISTRETTO255 else []):
        with pytest.raises(opaque.DeserializeError, match="KE1.client_public_keyshare"):
            server.login(_replace(ke1, 64, bad), record, b"alice")
    for bad in WRONG_TYPES:
        with pytest.raises(TypeError, match="ke1"):
            server.login(bad, record, b"alice")


def test_low_order_x25519_keyshare():
    # curve25519: a low-order public key share makes the shared secret zero (RFC 7748 section 6.1): refused
    config, server = CONFIGS[opaque.CURVE25519], opaque.Server.generate(CONFIGS[opaque.CURVE25519])
    low_order = bytes([1] + [0] * 31)  # u = 1, of order 4
    ke1 = opaque.ClientLogin(config, b"pw").ke1
    with pytest.raises(opaque.DeserializeError, match="KE1.client_public_keyshare: a low-order"):
        server.login(_replace(ke1, 64, low_order), None, b"alice")


def test_ke2(setup):
    config, server, record = setup
    login = opaque.ClientLogin(config, b"pw")
    ke2 = server.login(login.ke1, record, b"alice").ke2
    for bad in _lengths(ke2):
        with pytest.raises(opaque.DeserializeError, match="ke2: expected 320 bytes"):
            login.finish(bad)
    for bad in INVALID + [IDENTITY]:
        with pytest.raises(opaque.DeserializeError, match="KE2.evaluated_message"):
            login.finish(_replace(ke2, 0, bad))
    for bad in [IDENTITY] + (INVALID if config.group == opaque.RISTRETTO255 else []):
        with pytest.raises(opaque.DeserializeError, match="KE2.server_public_keyshare"):
            login.finish(_replace(ke2, 224, bad))
    for bad in WRONG_TYPES:
        with pytest.raises(TypeError, match="ke2"):
            login.finish(bad)
    # the errors above left the login open: the genuine KE2 still completes it
    ke3, session_key, _ = login.finish(ke2)
    assert len(ke3) == 64


@pytest.mark.parametrize(
    "field, at, error",
    [
        ("evaluated_message", 0, opaque.EnvelopeRecoveryError),
        ("masking_nonce", 32, opaque.EnvelopeRecoveryError),
        ("masked_response (server key)", 64, opaque.EnvelopeRecoveryError),
        ("masked_response (envelope)", 100, opaque.EnvelopeRecoveryError),
        ("server_nonce", 192, opaque.ServerAuthenticationError),
        ("server_public_keyshare", 224, opaque.ServerAuthenticationError),
        ("server_mac", 256, opaque.ServerAuthenticationError),
    ],
)
def test_tampered_ke2(setup, field, at, error):
    config, server, record = setup
    login = opaque.ClientLogin(config, b"pw")
    ke2 = server.login(login.ke1, record, b"alice").ke2
    if at in (0, 224):  # elements: another valid element, so that the change passes the decoding
        other = opaque.ClientLogin(config, b"other").ke1
        tampered = _replace(ke2, at, other[0:32] if at == 0 else other[64:96])
    else:
        tampered = _replace(ke2, at, bytes([ke2[at] ^ 1]))
    with pytest.raises(error, match="^authentication failed$"):
        login.finish(tampered)
    with pytest.raises(ValueError, match="finished"):
        login.finish(ke2)


def test_ke3(setup):
    config, server, record = setup
    login = opaque.ClientLogin(config, b"pw")
    server_login = server.login(login.ke1, record, b"alice")
    ke3, session_key, _ = login.finish(server_login.ke2)
    for bad in _lengths(ke3):
        server_login = server.login(login.ke1, record, b"alice")
        with pytest.raises(opaque.DeserializeError, match="ke3: expected 64 bytes"):
            server_login.finish(bad)
    server_login = server.login(login.ke1, record, b"alice")
    with pytest.raises(TypeError, match="ke3"):
        server_login.finish("ke3")
    server_login = server.login(login.ke1, record, b"alice")
    with pytest.raises(opaque.ClientAuthenticationError, match="^authentication failed$"):
        server_login.finish(bytes([ke3[0] ^ 1]) + ke3[1:])
    with pytest.raises(ValueError, match="finished"):  # one attempt per login, even after a failure
        server_login.finish(ke3)


def test_replayed_ke1(setup):
    # an attacker replaying a recorded KE1 (and KE3) gets a fresh KE2 and cannot finish: the old KE3 fails
    config, server, record = setup
    login = opaque.ClientLogin(config, b"pw")
    first = server.login(login.ke1, record, b"alice")
    ke3, session_key, _ = login.finish(first.ke2)
    assert first.finish(ke3) == session_key
    replay = server.login(login.ke1, record, b"alice")
    assert replay.ke2 != first.ke2
    with pytest.raises(opaque.ClientAuthenticationError):
        replay.finish(ke3)
    # a recorded KE2 replayed to a new login: its blind differs, the envelope does not open
    with pytest.raises(opaque.EnvelopeRecoveryError):
        opaque.ClientLogin(config, b"pw").finish(first.ke2)


def test_swapped_messages(setup):
    config, server, record = setup
    reg = opaque.ClientRegistration(config, b"pw")
    response = server.registration_response(reg.request, b"alice")
    login = opaque.ClientLogin(config, b"pw")
    server_login = server.login(login.ke1, record, b"alice")
    with pytest.raises(opaque.DeserializeError, match="request"):
        server.registration_response(login.ke1, b"alice")  # KE1 where a registration request goes
    with pytest.raises(opaque.DeserializeError, match="ke1"):
        server.login(reg.request, record, b"alice")  # a registration request as KE1
    with pytest.raises(opaque.DeserializeError, match="ke1"):
        server.login(server_login.ke2, record, b"alice")  # KE2 back to the server
    with pytest.raises(opaque.DeserializeError, match="ke2"):
        login.finish(response)  # a registration response as KE2
    with pytest.raises(opaque.DeserializeError, match="response"):
        reg.finish(server_login.ke2)  # KE2 as a registration response
    with pytest.raises(opaque.DeserializeError, match="record"):
        server.login(login.ke1, login.ke1, b"alice")  # KE1 as the record
    ke3 = login.finish(server_login.ke2).ke3
    with pytest.raises(opaque.DeserializeError, match="ke3"):
        server_login.finish(login.ke1)  # KE1 as KE3
    assert len(ke3) == 64


# ---- what an attacker can tell ----------------------------------------------------------------------------
def test_wrong_password_and_unknown_user_fail_alike(setup):
    config, server, record = setup
    failures = []
    for password, user_record, user in (
        (b"wrong", record, b"alice"),
        (b"pw", None, b"mallory"),
        (b"pw", None, b"alice"),
    ):
        login = opaque.ClientLogin(config, password)
        server_login = server.login(login.ke1, user_record, user)
        assert len(server_login.ke2) == 320
        with pytest.raises(opaque.AuthenticationError) as info:
            login.finish(server_login.ke2)
        failures.append((type(info.value), str(info.value)))
    assert failures == [(opaque.EnvelopeRecoveryError, "authentication failed")] * 3


def test_fake_record_is_stable(setup):
    # the same unknown user gets replies built on the same fake record (a real user's record does not change
    # either), and a restored server keeps it
    config, server, _ = setup
    restored = opaque.Server.from_bytes(server.to_bytes(), config)
    login = opaque.ClientLogin(config, b"pw")
    kw = dict(_test_masking_nonce=bytes(32), _test_server_nonce=bytes(32), _test_server_keyshare_seed=bytes(32))
    assert server.login(login.ke1, None, b"eve", **kw).ke2 == restored.login(login.ke1, None, b"eve", **kw).ke2


# ---- arguments, state, secrets -----------------------------------------------------------------------------
def test_arguments(setup):
    config, server, record = setup
    with pytest.raises(TypeError, match="config"):
        opaque.ClientLogin("config", b"pw")
    with pytest.raises(TypeError, match="password"):
        opaque.ClientLogin(config, "pw")
    with pytest.raises(ValueError, match="password: at most 65535"):
        opaque.ClientRegistration(config, bytes(65536))
    with pytest.raises(TypeError, match="ksf"):
        opaque.Configuration("argon2")
    with pytest.raises(ValueError, match="group"):
        opaque.Configuration(opaque.Identity(), group="p256")
    with pytest.raises(TypeError, match="context"):
        opaque.Configuration(opaque.Identity(), context="ctx")
    with pytest.raises(ValueError, match="oprf_seed: expected 64 bytes"):
        opaque.Server(config, bytes(32), 1 if config.group == opaque.RISTRETTO255 else bytes(32))
    with pytest.raises(ValueError, match="data: expected 288 bytes"):
        opaque.Server.from_bytes(server.to_bytes()[:-1], config)
    with pytest.raises(ValueError, match="client_identity"):
        server.login(opaque.ClientLogin(config, b"pw").ke1, record, b"alice", client_identity=b"")
    with pytest.raises(ValueError, match="memory_cost"):
        opaque.Argon2id(memory_cost=0)
    with pytest.raises(ValueError, match="power of 2"):
        opaque.Scrypt(n=1000)
    with pytest.raises(AttributeError):
        config.context = b"x"
    if config.group == opaque.RISTRETTO255:
        with pytest.raises(ValueError, match="private_key: must not be zero"):
            opaque.Server(config, bytes(64), 0)
        with pytest.raises(TypeError, match="private_key"):
            opaque.Server(config, bytes(64), "key")
    else:
        with pytest.raises(ValueError, match="seed: expected 32 bytes"):
            opaque.Server(config, bytes(64), bytes(31))


def test_secrets_stay_put(setup):
    config, server, record = setup
    reg = opaque.ClientRegistration(config, b"hunter2")
    login = opaque.ClientLogin(config, b"hunter2")
    server_login = server.login(login.ke1, record, b"alice")
    for obj in (reg, login, server_login, server, X25519PrivateKey(bytes(32))):
        with pytest.raises(TypeError):
            pickle.dumps(obj)
        assert "hunter2" not in repr(obj) and server.to_bytes()[:8].hex() not in repr(obj)
    with pytest.raises(TypeError):
        copy.deepcopy(X25519PrivateKey(bytes(32)))
    parsed = opaque.RegistrationRecord.from_bytes(record)
    assert parsed.masking_key.hex() not in repr(parsed) and "<secret>" in repr(parsed)
    assert parsed == opaque.RegistrationRecord.from_bytes(bytearray(record)) and bytes(parsed) == record


def _calls(fn):
    """The sequence of Python and C functions ``fn()`` calls (sys.setprofile), by name."""
    import sys

    seen = []

    def profile(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_name)
        elif event == "c_call":
            seen.append(getattr(arg, "__qualname__", repr(arg)))

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return seen


def test_unknown_user_runs_the_same_code(setup):
    # the fake record goes through exactly the calls a stored record does (the same work, RFC 9807 section
    # 6.3.2.2): the call sequences of a login for a registered user and for an unknown one are equal
    config, server, record = setup
    ke1 = opaque.ClientLogin(config, b"pw").ke1
    real = _calls(lambda: server.login(ke1, record, b"alice"))
    fake = _calls(lambda: server.login(ke1, None, b"nobody"))
    assert len(real) > 40 and real == fake
