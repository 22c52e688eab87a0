"""OPAQUE against an independent implementation: opaque-ke-py (PyPI; facebook/opaque-ke through PyO3), whose one
configuration is the ristretto255 OPRF, TripleDh<Ristretto255, Sha512>, Argon2id (m = 19456 KiB, t = 2, p = 1,
16 zero bytes of salt, 64 bytes of output: ``opaque.Argon2id()``'s defaults) and an empty context. Our client
registers and logs in at its server and its client at ours: the session and export keys agree, the messages have
the RFC's sizes, and a wrong password fails on both sides."""

import opaque_ke_py as ok  # in the test extra: a missing package fails the suite, never skips it
import pytest

from pyristretto import opaque

CONFIG = opaque.Configuration(opaque.Argon2id())


def test_our_client_at_its_server():
    setup = ok.server_setup()
    reg = opaque.ClientRegistration(CONFIG, b"correct horse")
    response = ok.server_registration_start(setup, reg.request, b"alice").get_message()
    assert len(response) == 64
    record, export_key = reg.finish(response)
    password_file = ok.server_registration_finish(record).get_password_file()
    assert password_file == record  # opaque-ke stores the RFC's RegistrationRecord as it is

    login = opaque.ClientLogin(CONFIG, b"correct horse")
    started = ok.server_login_start(setup, password_file, login.ke1, b"alice")
    assert len(started.get_message()) == 320
    ke3, session_key, login_export_key = login.finish(started.get_message())
    assert ok.server_login_finish(started.get_state(), ke3).get_session_key() == session_key
    assert login_export_key == export_key

    # a wrong password: our client cannot open the envelope; its server rejects a KE3 it did not expect
    login = opaque.ClientLogin(CONFIG, b"wrong horse")
    started = ok.server_login_start(setup, password_file, login.ke1, b"alice")
    with pytest.raises(opaque.EnvelopeRecoveryError):
        login.finish(started.get_message())
    with pytest.raises(ValueError):
        ok.server_login_finish(started.get_state(), ke3)


def test_its_client_at_our_server():
    server = opaque.Server.generate(CONFIG)
    started = ok.client_registration_start(b"correct horse")
    response = server.registration_response(started.get_message(), b"bob")
    finished = ok.client_registration_finish(b"correct horse", started.get_state(), response)
    record = opaque.RegistrationRecord.from_bytes(finished.get_message(), config=CONFIG)

    login = ok.client_login_start(b"correct horse")
    server_login = server.login(login.get_message(), record, b"bob")
    done = ok.client_login_finish(b"correct horse", login.get_state(), server_login.ke2)
    assert server_login.finish(done.get_message()) == done.get_session_key()
    assert done.get_export_key() == finished.get_export_key()

    # a wrong password: its client fails at the envelope; our server fails a forged KE3
    login = ok.client_login_start(b"wrong horse")
    server_login = server.login(login.get_message(), record, b"bob")
    with pytest.raises(ValueError):
        ok.client_login_finish(b"wrong horse", login.get_state(), server_login.ke2)
    with pytest.raises(opaque.ClientAuthenticationError):
        server_login.finish(done.get_message())


def test_its_client_and_our_fake_record():
    # an unknown user at our server looks to its client exactly like a wrong password: the login fails
    server = opaque.Server.generate(CONFIG)
    login = ok.client_login_start(b"correct horse")
    server_login = server.login(login.get_message(), None, b"nobody")
    assert len(server_login.ke2) == 320
    with pytest.raises(ValueError):
        ok.client_login_finish(b"correct horse", login.get_state(), server_login.ke2)
