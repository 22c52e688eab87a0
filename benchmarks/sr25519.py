"""pyristretto.sr25519 side by side with py-sr25519-bindings (the schnorrkel crate through PyO3), in one run per
backend, one thread, CPU time (``time.process_time``). Run pinned::

    taskset -c 1 python benchmarks/sr25519.py [--repeats R] [--backends ifma,portable]

Each backend runs in a fresh interpreter (``PYRISTRETTO_BACKEND``); both libraries are timed there, operation by
operation, on the same keys and messages, through their drop-in functions (``pyristretto.sr25519`` as ``sr25519``)
and through the objects (``Keypair.sign``, ``PublicKey.verify``). The drop-in functions remember public keys they
decoded; the rows marked "fresh key" give each call a key not seen before. ``verify_batch`` of 1024 signatures
(1024 distinct keys) is compared with 1024 single verifications, in throughput, on one and two threads (the
bindings have no batch verification): one thread in CPU time, like the singles; two threads in wall-clock time, the
child given a second core for them. Each figure is the best of R loops of ~0.2 s; every result is checked. On a
loaded machine the wall-clock figures are the first to suffer."""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
sys.path.insert(0, HERE)
from _cpu_timing import best_times  # noqa: E402

# This file's own name would shadow py-sr25519-bindings' module (`import sr25519`): drop its folder from the path.
sys.path[:] = [p for p in sys.path if p not in (HERE, "")]

BATCH = 1024


def child(repeats):
    import sr25519 as theirs

    import pyristretto
    import pyristretto.sr25519 as ours
    from pyristretto.sr25519 import Keypair, PublicKey, verify_batch

    out = {"backend": pyristretto.backend()}
    seed = bytes(range(32))
    pub, sec = theirs.pair_from_seed(seed)
    msg = b"a transfer of 10 DOT to 5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY" * 2
    sig = theirs.sign((pub, sec), msg)
    cc = bytes(range(32, 64))
    kp = Keypair.from_seed(seed)
    pk = PublicKey(pub)
    fresh = [theirs.pair_from_seed(os.urandom(32)) for _ in range(4096)]
    fresh_sigs = [theirs.sign(p, msg) for p in fresh]
    counter = [0]

    def next_fresh():
        counter[0] = (counter[0] + 1) % len(fresh)
        return counter[0]

    rows = {
        "sign": (lambda: theirs.sign((pub, sec), msg), lambda: ours.sign((pub, sec), msg)),
        "sign (fresh key)": (
            lambda: theirs.sign(fresh[next_fresh()], msg),
            lambda: ours.sign(fresh[next_fresh()], msg),
        ),
        "sign (Keypair.sign)": (lambda: theirs.sign((pub, sec), msg), lambda: kp.sign(msg)),
        "verify": (lambda: theirs.verify(sig, msg, pub), lambda: ours.verify(sig, msg, pub)),
        "verify (fresh key)": (
            lambda: (lambda i: theirs.verify(fresh_sigs[i], msg, fresh[i][0]))(next_fresh()),
            lambda: (lambda i: ours.verify(fresh_sigs[i], msg, fresh[i][0]))(next_fresh()),
        ),
        "verify (PublicKey.verify)": (lambda: theirs.verify(sig, msg, pub), lambda: pk.verify(msg, sig)),
        "pair_from_seed": (lambda: theirs.pair_from_seed(seed), lambda: ours.pair_from_seed(seed)),
        "derive_pubkey": (
            lambda: theirs.derive_pubkey((cc, pub), b"//1"),
            lambda: ours.derive_pubkey((cc, pub), b"//1"),
        ),
        "derive_pubkey (fresh key)": (
            lambda: theirs.derive_pubkey((cc, fresh[next_fresh()][0]), b"//1"),
            lambda: ours.derive_pubkey((cc, fresh[next_fresh()][0]), b"//1"),
        ),
        "derive_keypair": (
            lambda: theirs.derive_keypair((cc, pub, sec), b"//1"),
            lambda: ours.derive_keypair((cc, pub, sec), b"//1"),
        ),
        "hard_derive_keypair": (
            lambda: theirs.hard_derive_keypair((cc, pub, sec), b"//1"),
            lambda: ours.hard_derive_keypair((cc, pub, sec), b"//1"),
        ),
    }
    for name, (t_op, o_op) in rows.items():
        assert o_op() is not None and t_op() is not None
        t_cpu = best_times(t_op, repeats)[0]
        o_cpu = best_times(o_op, repeats)[0]
        out[name] = (t_cpu, o_cpu)
    assert ours.verify(ours.sign((pub, sec), msg), msg, pub) and theirs.verify(ours.sign((pub, sec), msg), msg, pub)

    # verify_batch of 1024 against 1024 single verifications (ours; and the bindings' singles for reference)
    pairs = [theirs.pair_from_seed(os.urandom(32)) for _ in range(BATCH)]
    msgs = [os.urandom(64) for _ in range(BATCH)]
    sigs = [theirs.sign(p, m) for p, m in zip(pairs, msgs)]
    keys = [p[0] for p in pairs]
    public_keys = [PublicKey(k) for k in keys]
    singles = lambda: all([ours.verify(s, m, k) for s, m, k in zip(sigs, msgs, keys)])  # noqa: E731
    theirs_singles = lambda: all([theirs.verify(s, m, k) for s, m, k in zip(sigs, msgs, keys)])  # noqa: E731
    assert singles() and theirs_singles()
    out["1024 singles (theirs)"] = best_times(theirs_singles, repeats)[0]
    out["1024 singles (ours)"] = best_times(singles, repeats)[0]
    pinned = os.sched_getaffinity(0)
    for threads in (1, 2):
        pyristretto.set_threads(threads)
        if threads == 2 and len(pinned) < 2:  # the run is pinned to one core: the second thread gets another
            os.sched_setaffinity(0, set(range(min(2, os.cpu_count() or 1))))
        batch = lambda: verify_batch(sigs, msgs, keys)  # noqa: E731
        batch_objects = lambda: verify_batch(sigs, msgs, public_keys)  # noqa: E731
        assert batch() and batch_objects()
        out[f"verify_batch 1024, {threads} thread(s)"] = best_times(batch, repeats)  # (cpu, wall)
        out[f"verify_batch 1024 (PublicKeys), {threads} thread(s)"] = best_times(batch_objects, repeats)
    os.sched_setaffinity(0, pinned)
    pyristretto.set_threads(0)
    print(json.dumps(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--backends", default="default,portable")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.repeats)
    for backend in args.backends.split(","):
        env = dict(os.environ)
        if backend != "default":
            env["PYRISTRETTO_BACKEND"] = backend
        proc = subprocess.run(
            [sys.executable, __file__, "--child", "--repeats", str(args.repeats)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        out = json.loads(proc.stdout.strip().splitlines()[-1])
        print(f"\nbackend {out.pop('backend')} (CPU time per call, best of {args.repeats}):")
        print("| operation | py-sr25519-bindings | pyristretto.sr25519 | ratio |")
        print("|---|---:|---:|---:|")
        for name, value in out.items():
            if (
                isinstance(value, list)
                and len(value) == 2
                and name.startswith(("sign", "verify (", "verify", "pair", "derive", "hard"))
                and not name.startswith("verify_batch")
            ):
                t, o = value
                print(f"| {name} | {t * 1e6:.1f} us | {o * 1e6:.1f} us | {o / t:.2f}x |")
        single = out["1024 singles (ours)"]
        print(
            f"\n1024 single verifications: bindings {out['1024 singles (theirs)'] * 1e3:.2f} ms, "
            f"ours {single * 1e3:.2f} ms"
        )
        for name, value in out.items():
            if name.startswith("verify_batch"):  # one thread: CPU time as the singles; two: wall-clock time
                cpu, wall = value
                t = cpu if "1 thread" in name else wall
                print(
                    f"{name}: {cpu * 1e3:.2f} ms CPU, {wall * 1e3:.2f} ms wall: {single / t:.2f}x the throughput "
                    f"of our single verifications ({'CPU' if t is cpu else 'wall'}), "
                    f"{out['1024 singles (theirs)'] / t:.2f}x the bindings'"
                )


if __name__ == "__main__":
    main()
