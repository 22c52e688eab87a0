"""``python -m pyristretto``: versions, a self-check against RFC 9496, and a short speed table.

``python -m pyristretto bench [--quick | --scaling] [--json FILE] [--plot FILE.png]`` runs the benchmark report
against peer libraries (:mod:`pyristretto.bench`).
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import sys
from typing import Callable, List, Optional, Sequence, Tuple

import pyristretto as pr

# RFC 9496 Appendix A.1: encodings of k·G for k = 0..15, as published.
RFC9496_MULTIPLES = (
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
)

# RFC 9496 Appendix A.2: a selection of the published invalid encodings, plus G with bit 255 set
# (which libsodium 1.0.18 wrongly accepts and pyristretto must reject).
RFC9496_INVALID = (
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",  # non-canonical field encoding
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0100000000000000000000000000000000000000000000000000000000000000",  # negative field element
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",  # non-square x^2
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",  # negative xy value
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # s = -1, y = 0
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2df6",  # G with bit 255 set
)

# Operations in the speed table (workload names of pyristretto.bench.peers).
SPEED_WORKLOADS = (
    "base_mul",
    "point_mul",
    "point_add",
    "pedersen_commit",
    "msm",
    "msm_vartime",
    "Hs",
    "Hp",
    "is_valid_point",
)

Check = Tuple[str, Callable[[], bool]]


def _rejects(encoding: bytes) -> bool:
    """True when ``encoding`` is invalid for is_valid_point and assert_valid_point (naming the argument)."""
    try:
        pr.assert_valid_point("P", encoding)
    except pr.InvalidPointError as exc:
        return "P" in str(exc) and not pr.is_valid_point(encoding)
    return False


def _blake2b_mod_q(data: bytes) -> int:
    """BLAKE2b-512 of ``data`` read little-endian mod q (Hs computed independently with hashlib)."""
    return int.from_bytes(hashlib.blake2b(data).digest(), "little") % pr.q


def vector_checks() -> List[Check]:
    """RFC 9496 A.1 (k·G by base_mul and point_mul) and A.2 (invalid encodings rejected)."""
    checks: List[Check] = []
    for k, hexstr in enumerate(RFC9496_MULTIPLES):
        want = bytes.fromhex(hexstr)
        checks.append((f"A.1 base_mul({k})", lambda k=k, w=want: pr.base_mul(k) == w))
        checks.append((f"A.1 point_mul({k}, G)", lambda k=k, w=want: pr.point_mul(k, pr.G) == w))
    for hexstr in RFC9496_INVALID:
        checks.append((f"A.2 rejects {hexstr[:16]}…", lambda h=hexstr: _rejects(bytes.fromhex(h))))
    return checks


def api_checks() -> List[Check]:
    """Identities of the public API that a working build satisfies."""
    P = pr.base_mul(7)
    minus_P = pr.point_sub(pr.IDENTITY, P)
    return [
        ("G is RFC 9496 generator", lambda: pr.G == bytes.fromhex(RFC9496_MULTIPLES[1])),
        ("IDENTITY == bytes(32)", lambda: pr.IDENTITY == bytes(32)),
        ("base_mul(q) == IDENTITY", lambda: pr.base_mul(pr.q) == pr.IDENTITY),
        ("point_mul(-1, P) == IDENTITY - P", lambda: pr.point_mul(-1, P) == minus_P),
        ("point_mul(0, P) == IDENTITY", lambda: pr.point_mul(0, P) == pr.IDENTITY),
        ("point_mul(2**1000, P) reduces mod q", lambda: pr.point_mul(2**1000, P) == pr.point_mul(2**1000 % pr.q, P)),
        ("P + (-P) == IDENTITY", lambda: pr.point_add(P, minus_P) == pr.IDENTITY),
        ("point_sum([P, P, P]) == 3·P", lambda: pr.point_sum([P, P, P]) == pr.point_mul(3, P)),
        ("point_sum([]) == IDENTITY", lambda: pr.point_sum([]) == pr.IDENTITY),
        ("msm == 2·G + 3·P", lambda: pr.msm([2, 3], [pr.G, P]) == pr.point_add(pr.base_mul(2), pr.point_mul(3, P))),
        ("msm_vartime == msm", lambda: pr.msm_vartime([2, 0, 3], [pr.G, P, P]) == pr.msm([2, 3], [pr.G, P])),
        (
            "pedersen_commit == a·G + b·H",
            lambda: pr.pedersen_commit(5, 11) == pr.point_add(pr.base_mul(5), pr.point_mul(11, pr.H)),
        ),
        ("Hs == BLAKE2b-512 mod q", lambda: pr.Hs(b"abc", 1) == _blake2b_mod_q(b"abc" + pr.to_bytes32(1))),
        ("H == Hp(b'Ristretto255:H')", lambda: pr.H == pr.Hp(b"Ristretto255:H")),
        (
            "derive_generators[i] == Hp(domain, i)",
            lambda: pr.derive_generators(b"d", 3)[2] == pr.Hp(b"d", (2).to_bytes(4, "little")),
        ),
    ]


def object_checks() -> List[Check]:
    """The object layer (Point, Scalar, FixedBase) agrees with the functional API."""
    P = pr.Point.base_mul(7)
    s = pr.Scalar(-3)
    return [
        (
            "Point.generator() == Point(G)",
            lambda: pr.Point.generator() == pr.Point(pr.G) and bytes(pr.Point(pr.G)) == pr.G,
        ),
        (
            "Point: k·G matches A.1",
            lambda: all(bytes(k * pr.Point.generator()) == bytes.fromhex(h) for k, h in enumerate(RFC9496_MULTIPLES)),
        ),
        ("Point rejects A.2", lambda: all(_point_rejects(bytes.fromhex(h)) for h in RFC9496_INVALID)),
        (
            "P + Q, P - Q, -P match point_add/sub/neg",
            lambda: (
                (bytes(P + pr.Point(pr.H)), bytes(P - pr.Point(pr.H)), bytes(-P))
                == (pr.point_add(bytes(P), pr.H), pr.point_sub(bytes(P), pr.H), pr.point_neg(bytes(P)))
            ),
        ),
        ("(P + H) - H == P (Ristretto equality)", lambda: (P + pr.Point(pr.H)) - pr.Point(pr.H) == P),
        ("Scalar(-3) * P == point_mul(-3, P)", lambda: bytes(s * P) == pr.point_mul(-3, bytes(P))),
        ("Scalar arithmetic == sc_*", lambda: int(s * s + s - 1) == pr.sc_sub(pr.sc_add(pr.sc_mul(-3, -3), -3), 1)),
        ("Scalar.invert", lambda: s * s.invert() == 1 and int(s.invert()) == pr.sc_inv(-3)),
        ("FixedBase(H) * s == point_mul(s, H)", lambda: bytes(pr.FixedBase(pr.H) * s) == pr.point_mul(-3, pr.H)),
    ]


def vector_object_checks() -> List[Check]:
    """PointVector and MSMTable agree with the functional API (both of MSMTable's algorithms: 2 and 300 bases)."""
    gens = pr.derive_generators(b"self-check", 300)
    scalars = [pr.sc_neg(k * k + 1) for k in range(300)]
    V = pr.PointVector(gens)
    return [
        (
            "PointVector.derive_generators == derive_generators",
            lambda: pr.PointVector.derive_generators(b"self-check", 300).to_bytes() == b"".join(gens),
        ),
        ("PointVector rejects A.2", lambda: all(_vector_rejects(bytes.fromhex(h)) for h in RFC9496_INVALID)),
        (
            "PointVector msm, msm_vartime, sum, scale match the functional API",
            lambda: (
                (bytes(V.msm(scalars)), bytes(V.msm_vartime(scalars)), bytes(V.sum()), bytes(V[:3].scale(scalars[:3])))
                == (
                    pr.msm(scalars, gens),
                    pr.msm(scalars, gens),
                    pr.point_sum(gens),
                    b"".join(map(pr.point_mul, scalars[:3], gens[:3])),
                )
            ),
        ),
        (
            "MSMTable msm, msm_vartime match msm (2 and 300 bases, fewer scalars)",
            lambda: all(
                bytes(getattr(pr.MSMTable(V[:n]), f)(scalars[:m])) == pr.msm(scalars[:m], gens[:m])
                for n, m in ((2, 2), (300, 300), (300, 7))
                for f in ("msm", "msm_vartime")
            ),
        ),
    ]


def _vector_rejects(encoding: bytes) -> bool:
    try:
        pr.PointVector([pr.G, encoding])
    except pr.InvalidPointError as exc:
        return "points[1]" in str(exc)
    return False


def _point_rejects(encoding: bytes) -> bool:
    try:
        pr.Point(encoding)
    except pr.InvalidPointError:
        return True
    return False


def run_checks(checks: List[Check]) -> List[str]:
    """Names (with the exception, if any) of the checks that failed."""
    failed = []
    for name, check in checks:
        try:
            ok = check()
        except Exception as exc:  # a crash is a failure to report, not a traceback
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if not ok:
            failed.append(name)
    return failed


def self_check() -> bool:
    """Run and print the self-check; True when every check passed."""
    print("self-check:")
    all_ok = True
    for title, checks in (
        ("RFC 9496 test vectors (A.1, A.2)", vector_checks()),
        ("API identities", api_checks()),
        ("objects (Point, Scalar, FixedBase)", object_checks()),
        ("objects (PointVector, MSMTable)", vector_object_checks()),
    ):
        failed = run_checks(checks)
        print(f"  {title}: {len(checks) - len(failed)}/{len(checks)} ok")
        for failure in failed:
            print(f"    FAIL {failure}")
        all_ok = all_ok and not failed
    print("PASS" if all_ok else "FAIL")
    return all_ok


def speed_table() -> Tuple[str, bool]:
    """Markdown table of pyristretto's operations per second for the main operations (a few seconds),
    and whether every timed result matched the libsodium reference."""
    from .bench import peers as _peers, report as bench
    from .bench.tables import md_table

    mode = bench.Mode("main", repeats=3, min_time=0.1, scaling_n=())
    me = _peers.peer("pyristretto")
    rows, all_ok = [], True
    for name in SPEED_WORKLOADS:
        size = bench.workload_size(name, mode)
        result = bench.run_one(me, name, size, mode)
        all_ok = all_ok and result["status"] == "ok"
        rows.append(
            [
                name,
                f"{size} {_peers.WORKLOADS[name].op}s",
                bench.cell(result, lambda r: bench.fmt_rate(r["ops_per_second"])),
                bench.cell(result, lambda r, s=size: f"{r['seconds'] / s * 1e6:.3g}"),
            ]
        )
    return md_table(["operation", "round", "ops/s", "µs/op"], rows), all_ok


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of ``python -m pyristretto``; dispatches ``bench`` to :mod:`pyristretto.bench.report`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:
        from .bench import report

        return report.main(argv[1:])
    argparse.ArgumentParser(
        prog="python -m pyristretto",
        description="Print versions, self-check against RFC 9496, and show pyristretto's speed.",
        epilog="python -m pyristretto bench [--quick | --scaling] [--json FILE] [--plot FILE.png]: "
        "benchmark report against peer libraries (see 'python -m pyristretto bench -h').",
    ).parse_args(argv)
    print(
        f"pyristretto {pr.__version__}, libsodium {pr.sodium_version()}, "
        f"{platform.python_implementation()} {platform.python_version()}, backend {pr.backend()}"
    )
    if not self_check():
        return 1
    try:
        table, timed_ok = speed_table()
    except ImportError as missing:
        if missing.name != "libsodium":
            raise
        print(
            "\nNo speed table: its inputs and reference results come from a libsodium shared library, and none "
            "is installed (the wheel's copy is inside its modules, hidden)."
        )
        return 0
    print()
    print(table)
    return 0 if timed_ok else 1


if __name__ == "__main__":
    sys.exit(main())
