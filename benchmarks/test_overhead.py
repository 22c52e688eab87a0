"""Python-call overhead: every public pyristretto operation next to the raw call(s) it wraps.

The baseline is libsodium called through ctypes on the system libsodium.so with pre-encoded 32-byte
scalars, or plain Python (hashlib, int) where libsodium has no such function. Each pair shares a
benchmark group, so the table reads as a ratio (the aim: each single operation within 10 % of its raw
libsodium call); the run ends with a summary of the ratios::

    pytest benchmarks/test_overhead.py --benchmark-group-by=group
"""

from __future__ import annotations

import functools
import hashlib
import math
from dataclasses import dataclass
from typing import Callable

import pytest

import pyristretto as pr
from pyristretto.bench import peers as _peers

LIBSODIUM = "libsodium (ctypes)"
PYTHON = "Python (hashlib / int)"
MIXED = "hashlib + libsodium (ctypes)"
MSG, DST = b"pyristretto overhead", b"pyristretto-bench-V01-CS01-with-ristretto255_XMD:SHA-512_R255MAP_RO_"


def le(data: bytes) -> int:
    """Bytes read little-endian."""
    return int.from_bytes(data, "little")


def expand_message_xmd(msg: bytes, dst: bytes, length: int) -> bytes:
    """RFC 9380 expand_message_xmd with SHA-512, in plain Python (the baseline of hash_to_*)."""
    if len(dst) > 255:
        dst = hashlib.sha512(b"H2C-OVERSIZE-DST-" + dst).digest()
    dst_prime = dst + bytes([len(dst)])
    b0 = hashlib.sha512(bytes(128) + msg + length.to_bytes(2, "big") + b"\x00" + dst_prime).digest()
    blocks = [hashlib.sha512(b0 + b"\x01" + dst_prime).digest()]
    for i in range(2, math.ceil(length / 64) + 1):
        mixed = bytes(x ^ y for x, y in zip(b0, blocks[-1]))
        blocks.append(hashlib.sha512(mixed + bytes([i]) + dst_prime).digest())
    return b"".join(blocks)[:length]


@dataclass(frozen=True)
class Case:
    """One pyristretto call, its baseline, and how to tell that their results agree."""

    name: str
    mine: Callable[[], object]
    base_label: str
    base: Callable[[], object]
    agrees: Callable[[object, object], bool] = lambda mine, base: mine == base


def same_scalar(mine: int, base: bytes) -> bool:
    """pyristretto's int equals libsodium's 32-byte little-endian scalar."""
    return mine == le(base)


def build_cases():
    """The overhead cases, on fixed inputs from :func:`pyristretto.bench.peers.make_inputs`."""
    lib, raw = _peers.system_sodium(), _peers.SodiumGroup(_peers.RISTRETTO)
    ref = _peers.reference_peer(_peers.RISTRETTO)
    d = _peers.make_inputs(_peers.RISTRETTO, 16)
    a, b, a32, b32 = d.scalars[0], d.scalars[1], d.scalar_bytes[0], d.scalar_bytes[1]
    P, R, wide = d.points[0], d.others[0], d.scalar_bytes[0] + d.scalar_bytes[1]

    def sodium_scalar(name: str, *args: bytes) -> Callable[[], bytes]:
        """A zero-argument raw call of libsodium's ``crypto_core_ristretto255_<name>`` (void function)."""
        fn = getattr(lib, f"crypto_core_ristretto255_{name}")
        fn.restype = None if name != "scalar_invert" else fn.restype
        return functools.partial(raw.call_out, fn, *args)

    return [
        Case(
            "sc_rand",
            pr.sc_rand,
            LIBSODIUM,
            sodium_scalar("scalar_random"),
            lambda mine, base: 0 < mine < pr.q and 0 < le(base) < pr.q,
        ),
        Case("sc_add", lambda: pr.sc_add(a, b), LIBSODIUM, sodium_scalar("scalar_add", a32, b32), same_scalar),
        Case("sc_sub", lambda: pr.sc_sub(a, b), LIBSODIUM, sodium_scalar("scalar_sub", a32, b32), same_scalar),
        Case("sc_mul", lambda: pr.sc_mul(a, b), LIBSODIUM, sodium_scalar("scalar_mul", a32, b32), same_scalar),
        Case("sc_neg", lambda: pr.sc_neg(a), LIBSODIUM, sodium_scalar("scalar_negate", a32), same_scalar),
        Case("sc_inv", lambda: pr.sc_inv(a), LIBSODIUM, sodium_scalar("scalar_invert", a32), same_scalar),
        Case("sc_reduce", lambda: pr.sc_reduce(wide), LIBSODIUM, sodium_scalar("scalar_reduce", wide), same_scalar),
        Case("from_bytes32", lambda: pr.from_bytes32(a32), PYTHON, lambda: le(a32) % pr.q),
        Case("to_bytes32", lambda: pr.to_bytes32(a), PYTHON, lambda: (a % pr.q).to_bytes(32, "little")),
        Case("base_mul", lambda: pr.base_mul(a), LIBSODIUM, lambda: raw.base(a32)),
        Case("point_mul", lambda: pr.point_mul(a, P), LIBSODIUM, lambda: raw.mul(a32, P)),
        Case("point_add", lambda: pr.point_add(P, R), LIBSODIUM, lambda: raw.add(P, R)),
        Case("point_sub", lambda: pr.point_sub(P, R), LIBSODIUM, lambda: raw.sub(P, R)),
        Case("point_neg", lambda: pr.point_neg(P), LIBSODIUM, lambda: raw.sub(pr.IDENTITY, P)),
        Case("point_sum (16)", lambda: pr.point_sum(d.points), LIBSODIUM, lambda: ref.point_sum(d)),
        Case("is_valid_point", lambda: pr.is_valid_point(P), LIBSODIUM, lambda: raw.is_valid(P)),
        Case(
            "assert_valid_point",
            lambda: pr.assert_valid_point("P", P),
            LIBSODIUM,
            lambda: raw.is_valid(P),
            lambda mine, base: mine is None and base is True,
        ),
        Case(
            "Hs",
            lambda: pr.Hs(_peers.DOMAIN, P),
            PYTHON,
            lambda: le(hashlib.blake2b(_peers.DOMAIN + P).digest()) % pr.q,
        ),
        Case(
            "Hp",
            lambda: pr.Hp(_peers.DOMAIN, P),
            MIXED,
            lambda: raw.hash_to_point(hashlib.blake2b(_peers.DOMAIN + P).digest()),
        ),
        Case(
            "derive_generators (16)",
            lambda: pr.derive_generators(_peers.DOMAIN, 16),
            MIXED,
            lambda: ref.derive_generators(d),
        ),
        Case(
            "hash_to_group",
            lambda: pr.hash_to_group(MSG, DST),
            MIXED,
            lambda: raw.hash_to_point(expand_message_xmd(MSG, DST, 64)),
        ),
        Case(
            "hash_to_scalar",
            lambda: pr.hash_to_scalar(MSG, DST),
            PYTHON,
            lambda: le(expand_message_xmd(MSG, DST, 64)) % pr.q,
        ),
        Case(
            "pedersen_commit",
            lambda: pr.pedersen_commit(d.amounts[0], b),
            LIBSODIUM,
            lambda: raw.add(raw.base(d.amount_bytes[0]), raw.mul(b32, d.H)),
        ),
        Case("msm (16)", lambda: pr.msm(d.scalars, d.points), LIBSODIUM, lambda: ref.msm(d)),
        Case("msm_vartime (16)", lambda: pr.msm_vartime(d.scalars, d.points), LIBSODIUM, lambda: ref.msm(d)),
    ]


CASES = build_cases()


@pytest.mark.parametrize("impl", ["pyristretto", "baseline"])
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_overhead(benchmark, record_best, case, impl):
    """Time one call of pyristretto or of its baseline; check it agrees with the other."""
    label = "pyristretto" if impl == "pyristretto" else case.base_label
    benchmark.group = f"overhead: {case.name}"
    benchmark.extra_info["implementation"] = label
    if impl == "pyristretto":
        assert case.agrees(benchmark(case.mine), case.base())
    else:
        assert case.agrees(case.mine(), benchmark(case.base))
    record_best(label)
