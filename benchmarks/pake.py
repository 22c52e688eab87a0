"""What OPAQUE (pyristretto.opaque) and CPace (pyristretto.cpace) cost each side, in CPU time, on one thread::

    taskset -c 1 python benchmarks/pake.py [--rounds R] [--logins N] [--argon2-logins M]

Rows, each the best of R rounds (a round: the mean over N runs of the protocol, every message checked):

- OPAQUE with the Identity KSF (the RFC's vectors; ristretto255 3DH): the server's CPU per registration
  (``registration_response``) and per login (KE1 -> KE2 with ``login``, then the KE3 check with ``finish``), the
  client's per registration (the request, then ``finish``) and per login (KE1, then KE3). Only the side being
  timed is on the clock: the other side's steps run between the timed segments.
- Side by side with opaque-ke-py (facebook/opaque-ke through PyO3) on the same Argon2id parameters (m = 19456 KiB,
  t = 2, p = 1, 16 zero bytes of salt, 64 bytes): a whole login (client start, server start, client finish,
  server finish) with each library, alternating, and one Argon2id stretch alone (argon2-cffi), which both pay once
  per login on the client.
- CPace (CPACE-RISTR255-SHA512): one side's whole exchange, its message (generator, scalar, ``y*g``) and the
  ISK from the peer's message.

CPU time is ``time.process_time_ns`` (the process's CPU; one thread: ``set_threads(1)``), so a busy machine costs
wall time but inflates CPU time less; still, the machine is shared: read the ratios of rows measured in one run.
"""

import argparse
import os
import sys
import time

from pyristretto import backend, cpace, opaque, set_threads

PASSWORD = b"correct horse battery staple"
USER = b"alice@example.com"


def best(rounds, run, n):
    """The best over ``rounds`` rounds of ``run(n)``'s per-run mean(s) in microseconds; ``run(n)`` returns the
    CPU nanoseconds of its segments (a tuple)."""
    results = [run(n) for _ in range(rounds)]
    return tuple(min(r[k] for r in results) / n / 1e3 for k in range(len(results[0])))


def opaque_identity_rows(rounds, n):
    config = opaque.Configuration(opaque.Identity())
    server = opaque.Server.generate(config)
    clock = time.process_time_ns

    def registration(n):
        client_ns = server_ns = 0
        for _ in range(n):
            t0 = clock()
            reg = opaque.ClientRegistration(config, PASSWORD)
            t1 = clock()
            response = server.registration_response(reg.request, USER)
            t2 = clock()
            record = reg.finish(response).record
            t3 = clock()
            client_ns += (t1 - t0) + (t3 - t2)
            server_ns += t2 - t1
            assert len(record) == 192
        return client_ns, server_ns

    reg = opaque.ClientRegistration(config, PASSWORD)
    record = reg.finish(server.registration_response(reg.request, USER)).record

    def login(n):
        client_ns = server_ns = 0
        for _ in range(n):
            t0 = clock()
            client = opaque.ClientLogin(config, PASSWORD)
            t1 = clock()
            server_login = server.login(client.ke1, record, USER)
            t2 = clock()
            ke3, session_key, _ = client.finish(server_login.ke2)
            t3 = clock()
            server_key = server_login.finish(ke3)
            t4 = clock()
            client_ns += (t1 - t0) + (t3 - t2)
            server_ns += (t2 - t1) + (t4 - t3)
            assert server_key == session_key
        return client_ns, server_ns

    reg_client, reg_server = best(rounds, registration, n)
    login_client, login_server = best(rounds, login, n)
    return [
        ("OPAQUE registration, server (Identity KSF)", reg_server, 150),
        ("OPAQUE registration, client (Identity KSF)", reg_client, 150),
        ("OPAQUE login, server: KE1 -> KE2, KE3 check (Identity KSF)", login_server, 150),
        ("OPAQUE login, client: KE1, KE2 -> KE3 (Identity KSF)", login_client, 150),
    ]


def client_floor_rows(rounds, n):
    """What the client's login cannot do without, measured alone: its group operations (the same calls
    ``ClientLogin`` makes, in the same order) and its fifteen HMAC-SHA-512 computations through ``hmac.digest``."""
    import hmac

    from pyristretto import _group as grp
    from pyristretto.opaque.ake import OPRF_GROUP_DST, derive_scalar

    clock = time.process_time_ns
    server = opaque.Server.generate(opaque.Configuration(opaque.Identity()))
    encodings = [bytes(grp.Point.random()) for _ in range(3)]
    info = b"OPAQUE-DeriveDiffieHellmanKeyPair"

    def group_work(n):
        total = 0
        for _ in range(n):
            seed = os.urandom(32)
            t0 = clock()
            H = grp.hash_to_group(PASSWORD, OPRF_GROUP_DST)  # KE1: Blind and the key share
            r, e = grp.scalar_random(), derive_scalar(seed, info)
            grp.mul_encode([r, e], [H, None])
            Z, Y = grp.decode_elements(encodings[:2], ["Z", "Y"], ValueError)  # KE3: unblind, then 3DH
            grp.mul_encode([grp.scalar_inverse(r)], [Z])
            c = derive_scalar(seed, info)
            [S] = grp.decode_elements(encodings[2:], ["S"], ValueError)
            grp.mul_encode([c, e, e, c], [None, Y, S, Y])
            total += clock() - t0
        return (total,)

    def hmacs(n):
        total = 0
        key, msg = os.urandom(64), os.urandom(100)
        for _ in range(n):
            t0 = clock()
            for _ in range(15):
                hmac.digest(key, msg, "sha512")
            total += clock() - t0
        return (total,)

    del server
    (group_us,) = best(rounds, group_work, n)
    (hmac_us,) = best(rounds, hmacs, n)
    return [
        ("  of which: the client's group operations alone", group_us, None),
        ("  of which: 15 HMAC-SHA-512 through hmac.digest", hmac_us, None),
    ]


def argon2_rows(rounds, n):
    """A whole login with each library (Argon2id m=19456, t=2, p=1) in alternation, and Argon2id alone."""
    import opaque_ke_py as ok
    from argon2.low_level import Type, hash_secret_raw

    clock = time.process_time_ns
    config = opaque.Configuration(opaque.Argon2id())
    ours = opaque.Server.generate(config)
    reg = opaque.ClientRegistration(config, PASSWORD)
    our_record = reg.finish(ours.registration_response(reg.request, USER)).record
    setup = ok.server_setup()
    started = ok.client_registration_start(PASSWORD)
    finished = ok.client_registration_finish(
        PASSWORD, started.get_state(), ok.server_registration_start(setup, started.get_message(), USER).get_message()
    )
    their_file = ok.server_registration_finish(finished.get_message()).get_password_file()

    def logins(n):
        ours_ns = theirs_ns = argon_ns = 0
        for _ in range(n):
            t0 = clock()
            client = opaque.ClientLogin(config, PASSWORD)
            server_login = ours.login(client.ke1, our_record, USER)
            ke3, key, _ = client.finish(server_login.ke2)
            assert server_login.finish(ke3) == key
            t1 = clock()
            c = ok.client_login_start(PASSWORD)
            s = ok.server_login_start(setup, their_file, c.get_message(), USER)
            f = ok.client_login_finish(PASSWORD, c.get_state(), s.get_message())
            assert ok.server_login_finish(s.get_state(), f.get_message()).get_session_key() == f.get_session_key()
            t2 = clock()
            hash_secret_raw(PASSWORD * 2, bytes(16), 2, 19456, 1, 64, Type.ID, 19)
            t3 = clock()
            ours_ns += t1 - t0
            theirs_ns += t2 - t1
            argon_ns += t3 - t2
        return ours_ns, theirs_ns, argon_ns

    ours_us, theirs_us, argon_us = best(rounds, logins, n)
    return [
        ("whole login, pyristretto.opaque (Argon2id)", ours_us, None),
        ("whole login, opaque-ke-py 0.1 (Argon2id)", theirs_us, None),
        ("  Argon2id alone (argon2-cffi), in both", argon_us, None),
    ], ours_us / theirs_us


def cpace_rows(rounds, n):
    clock = time.process_time_ns
    sid = os.urandom(16)
    peer = cpace.CPace(PASSWORD, ci=b"A|B", sid=sid, ad=b"B", role=cpace.RESPONDER)

    def exchange(n):
        total = 0
        for _ in range(n):
            t0 = clock()
            party = cpace.CPace(PASSWORD, ci=b"A|B", sid=sid, ad=b"A", role=cpace.INITIATOR)
            isk = party.finish(peer.message, b"B")
            total += clock() - t0
            assert len(isk) == 64
        return (total,)

    (us,) = best(rounds, exchange, n)
    return [("CPace, one side's whole exchange (message, then ISK)", us, 60)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--logins", type=int, default=300, help="runs per round (Identity KSF, CPace)")
    parser.add_argument("--argon2-logins", type=int, default=10, help="logins per round with Argon2id")
    args = parser.parse_args()
    set_threads(1)
    affinity = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(
        f"backend {backend()}, CPUs {affinity}, Python {sys.version.split()[0]}; CPU time per run, best of "
        f"{args.rounds} rounds"
    )
    rows = (
        opaque_identity_rows(args.rounds, args.logins)
        + client_floor_rows(args.rounds, args.logins)
        + cpace_rows(args.rounds, args.logins)
    )
    argon, ratio = argon2_rows(args.rounds, args.argon2_logins)
    rows += argon
    width = max(len(name) for name, _, _ in rows)
    print(f"| {'what':<{width}} | {'us':>9} | target |")
    print(f"|{'-' * (width + 2)}|{'-' * 11}|--------|")
    for name, us, target in rows:
        print(f"| {name:<{width}} | {us:9.1f} | {'<= %d' % target if target else '':>6} |")
    print(f"whole login with Argon2id, pyristretto.opaque / opaque-ke-py: {ratio:.3f}")


if __name__ == "__main__":
    main()
