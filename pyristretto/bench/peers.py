"""Benchmark workloads and the adapters that run them on pyristretto and its peer libraries.

This is the one implementation of every workload, shared by ``benchmarks/`` (pytest-benchmark) and by
``python -m pyristretto bench``. Each adapter ("peer") exposes one method per workload name taking an
:class:`Inputs`; :func:`reference` computes the same workloads with raw libsodium calls (ctypes on the
system libsodium) so that :func:`check` can reject any result that is not exactly right.

PyNaCl has no ristretto255: its adapter runs the ed25519 equivalents (same curve, no ristretto
encoding) and is labelled so everywhere. Imports of peer libraries are lazy: a missing library gives an
adapter whose ``error`` says "not installed", never an exception at import time.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import hashlib
import importlib.metadata
import random
from dataclasses import dataclass
from typing import Callable, List, Optional

Q = 2**252 + 27742317777372353535851937790883648493  # group order of ristretto255 (and of ed25519's subgroup)

N = 512  # operations per round of the single-operation workloads
MSM_N = 128  # terms of the multi-scalar multiplication workloads
GENERATORS_N = 64  # generators derived per round
DOMAIN = b"pyristretto-bench"  # prefix hashed by Hs / Hp / derive_generators
H_SEED = b"Ristretto255:H"  # pyristretto's H = Hp(H_SEED)

RISTRETTO = "ristretto255"
ED25519 = "ed25519"


@dataclass(frozen=True)
class Workload:
    """A benchmark workload: ``size`` operations of kind ``op`` per round."""

    name: str
    size: int
    op: str
    description: str


WORKLOADS = {
    w.name: w
    for w in (
        Workload("base_mul", N, "call", f"s·G for {N} random scalars"),
        Workload("point_mul", N, "call", f"s·P for {N} random (s, P)"),
        Workload("point_add", N, "call", f"P + Q for {N} pairs"),
        Workload("point_sub", N, "call", f"P − Q for {N} pairs"),
        Workload("point_sum", N, "point", f"sum of {N} points (peers: loop of add)"),
        Workload(
            "derive_generators",
            GENERATORS_N,
            "generator",
            f"{GENERATORS_N} generators Hp(domain, i) (peers: BLAKE2b-512 + one-way map per index)",
        ),
        Workload("pedersen_commit", N, "call", f"a·G + b·H for {N} (a, b) (peers: base + scalarmult + add)"),
        Workload("msm", MSM_N, "term", f"one {MSM_N}-term MSM (peers: loop of scalarmult + add)"),
        Workload("msm_vartime", MSM_N, "term", f"one {MSM_N}-term MSM, public scalars (peers: same loop)"),
        Workload("Hs", N, "call", f"BLAKE2b-512(domain ‖ P) mod q for {N} points"),
        Workload("Hp", N, "call", f"one-way map of BLAKE2b-512(domain ‖ P) for {N} points"),
        Workload("is_valid_point", N, "call", f"validate {N} encodings (1 in 4 invalid)"),
        Workload("assert_valid_point", N, "call", f"validate {N} valid points, raising on failure"),
    )
}

# MSM scaling series: (label, peer key, workload); the naive loops are the peers' `msm` workload.
SCALING_SERIES = (
    ("pyristretto msm", "pyristretto", "msm"),
    ("pyristretto msm_vartime", "pyristretto", "msm_vartime"),
    ("naive loop: pysodium", "pysodium", "msm"),
    ("naive loop: PyNaCl (ed25519 equivalent)", "pynacl", "msm"),
)
SCALING_N = (1, 2, 4, 8, 16, 64, 128, 256, 512, 1024, 4096)


# --------------------------------------------------------------------------------------------------
# Raw libsodium through ctypes: reference results, input generation, and the "raw call" baseline.


@functools.lru_cache(maxsize=None)
def system_sodium() -> ctypes.CDLL:
    """The system libsodium loaded with ctypes (initialised once); ImportError (name "libsodium") where there is none.

    A binary wheel's own libsodium is linked into its extension modules with its symbols hidden: it cannot stand in
    (`python -m pyristretto` then prints no speed table)."""
    path = ctypes.util.find_library("sodium")
    try:
        lib = ctypes.CDLL(path) if path else None
    except OSError:  # listed by ldconfig but not loadable
        lib = None
    if lib is None:
        raise ImportError("libsodium shared library not found", name="libsodium")
    if lib.sodium_init() < 0:
        raise RuntimeError("sodium_init() failed")
    lib.sodium_version_string.restype = ctypes.c_char_p
    return lib


def system_sodium_version() -> str:
    """Version string of the system libsodium that ctypes loads."""
    return system_sodium().sodium_version_string().decode()


class SodiumGroup:
    """Raw libsodium group operations for ``group`` (``ristretto255`` or ``ed25519``), one C call each."""

    def __init__(self, group: str):
        lib = system_sodium()
        self.group = group
        if group == RISTRETTO:
            self.c_base = lib.crypto_scalarmult_ristretto255_base
            self.c_mul = lib.crypto_scalarmult_ristretto255
            self.c_add = lib.crypto_core_ristretto255_add
            self.c_sub = lib.crypto_core_ristretto255_sub
            self.c_is_valid = lib.crypto_core_ristretto255_is_valid_point
            self.c_map = lib.crypto_core_ristretto255_from_hash
            self.map_bytes = 64
        elif group == ED25519:
            self.c_base = lib.crypto_scalarmult_ed25519_base_noclamp
            self.c_mul = lib.crypto_scalarmult_ed25519_noclamp
            self.c_add = lib.crypto_core_ed25519_add
            self.c_sub = lib.crypto_core_ed25519_sub
            self.c_is_valid = lib.crypto_core_ed25519_is_valid_point
            self.c_map = lib.crypto_core_ed25519_from_uniform
            self.map_bytes = 32
        else:
            raise ValueError(f"unknown group {group!r}")

    @staticmethod
    def call_out(fn: Callable, *args: bytes) -> bytes:
        """Call ``fn(out, *args)`` with a fresh 32-byte output buffer; raise if libsodium reports failure
        (a ``void`` function, declared with ``restype = None``, returns None: never a failure)."""
        out = ctypes.create_string_buffer(32)
        if fn(out, *args) not in (0, None):
            raise ValueError(f"{fn.__name__} failed")
        return out.raw

    def base(self, s: bytes) -> bytes:
        """s·G."""
        return self.call_out(self.c_base, s)

    def mul(self, s: bytes, p: bytes) -> bytes:
        """s·P."""
        return self.call_out(self.c_mul, s, p)

    def add(self, p: bytes, q: bytes) -> bytes:
        """P + Q."""
        return self.call_out(self.c_add, p, q)

    def sub(self, p: bytes, q: bytes) -> bytes:
        """P − Q."""
        return self.call_out(self.c_sub, p, q)

    def is_valid(self, p: bytes) -> bool:
        """libsodium's validity check of an encoding."""
        return self.c_is_valid(p) == 1

    def hash_to_point(self, digest64: bytes) -> bytes:
        """The group's map from a 64-byte digest (ed25519: from_uniform of its first 32 bytes)."""
        return self.call_out(self.c_map, digest64[: self.map_bytes])

    def invalid_variant(self, p: bytes) -> bytes:
        """An encoding that must be rejected (ristretto255: negative s; ed25519: a small-order point)."""
        return bytes([p[0] | 1]) + p[1:] if self.group == RISTRETTO else bytes(32)


def blake2b_512(data: bytes) -> bytes:
    """BLAKE2b-512 digest with Python's hashlib."""
    return hashlib.blake2b(data).digest()


# --------------------------------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True)
class Inputs:
    """Deterministic inputs of size ``n`` for one group; scalars both as ints and as 32-byte LE encodings."""

    group: str
    n: int
    scalars: List[int]
    scalar_bytes: List[bytes]
    amounts: List[int]
    amount_bytes: List[bytes]
    blindings: List[int]
    blinding_bytes: List[bytes]
    points: List[bytes]
    others: List[bytes]
    candidates: List[bytes]
    expected_valid: List[bool]
    H: bytes


@functools.lru_cache(maxsize=None)
def make_inputs(group: str, n: int, seed: int = 9496) -> Inputs:
    """Inputs for ``n`` operations in ``group``, the same on every run (not for cryptographic use)."""
    rng = random.Random(f"{seed}/{n}")
    sodium = SodiumGroup(group)

    def scalars(low: int, high: int):
        values = [rng.randrange(low, high) for _ in range(n)]
        return values, [v.to_bytes(32, "little") for v in values]

    def points(tag: bytes) -> List[bytes]:
        return [sodium.hash_to_point(blake2b_512(tag + rng.randbytes(16))) for _ in range(n)]

    s, s_bytes = scalars(1, Q)
    a, a_bytes = scalars(0, 2**64)
    b, b_bytes = scalars(1, Q)
    pts = points(b"P")
    expected = [i % 4 != 3 for i in range(n)]
    candidates = [p if ok else sodium.invalid_variant(p) for p, ok in zip(pts, expected)]
    return Inputs(
        group,
        n,
        s,
        s_bytes,
        a,
        a_bytes,
        b,
        b_bytes,
        pts,
        points(b"Q"),
        candidates,
        expected,
        sodium.hash_to_point(blake2b_512(H_SEED)),
    )


# --------------------------------------------------------------------------------------------------
# Adapters


class Peer:
    """A library under test: ``label`` for tables, ``group`` it computes in, one method per workload."""

    key = ""
    label = ""
    dist = ""  # PyPI distribution name, for the version
    group = RISTRETTO
    unsupported: frozenset = frozenset()  # workloads the library has no functions for

    def __init__(self):
        self.error: Optional[str] = None
        try:
            self._load()
        except (ImportError, AttributeError) as exc:
            self.error = f"not installed ({exc})"
        except Exception as exc:  # e.g. a bundled shared library that fails to load
            self.error = f"unavailable ({type(exc).__name__}: {exc})"

    def _load(self) -> None:
        """Import the library and bind its functions; raise ImportError when it is missing."""
        raise NotImplementedError

    @property
    def available(self) -> bool:
        """True when the library imported and bound."""
        return self.error is None

    @property
    def version(self) -> str:
        """Installed version of the distribution, or '' when missing."""
        try:
            return importlib.metadata.version(self.dist)
        except importlib.metadata.PackageNotFoundError:
            return ""

    @property
    def backend(self) -> str:
        """What does the arithmetic (for the libraries table)."""
        return ""

    def status(self, workload: str) -> Optional[str]:
        """None when ``workload`` can run here, else why not ('not installed ...' or 'n/a ...')."""
        if self.error:
            return self.error
        if workload in self.unsupported:
            return "n/a (no such function)"
        return None

    def task(self, workload: str, inputs: Inputs) -> Callable[[], object]:
        """A zero-argument callable running one round of ``workload`` on ``inputs``."""
        return functools.partial(getattr(self, workload), inputs)


class PrimitivePeer(Peer):
    """A peer built from single-point primitives; multi-point workloads are Python loops over them.

    Subclasses bind ``base, mul, add, sub, is_valid, hash_to_point, blake2b`` in ``_load``.
    """

    base: Callable[[bytes], bytes]
    mul: Callable[[bytes, bytes], bytes]
    add: Callable[[bytes, bytes], bytes]
    sub: Callable[[bytes, bytes], bytes]
    is_valid: Callable[[bytes], bool]
    hash_to_point: Callable[[bytes], bytes]
    blake2b: Callable[[bytes], bytes] = staticmethod(blake2b_512)

    def base_mul(self, d: Inputs) -> List[bytes]:
        """[s·G]."""
        base = self.base
        return [base(s) for s in d.scalar_bytes]

    def point_mul(self, d: Inputs) -> List[bytes]:
        """[s·P]."""
        mul = self.mul
        return [mul(s, p) for s, p in zip(d.scalar_bytes, d.points)]

    def point_add(self, d: Inputs) -> List[bytes]:
        """[P + Q]."""
        add = self.add
        return [add(p, q) for p, q in zip(d.points, d.others)]

    def point_sub(self, d: Inputs) -> List[bytes]:
        """[P − Q]."""
        sub = self.sub
        return [sub(p, q) for p, q in zip(d.points, d.others)]

    def point_sum(self, d: Inputs) -> bytes:
        """ΣP as a loop of additions."""
        return functools.reduce(self.add, d.points)

    def derive_generators(self, d: Inputs) -> List[bytes]:
        """[map(BLAKE2b-512(DOMAIN ‖ i as 4 bytes LE))] for i < n."""
        h2p, h = self.hash_to_point, self.blake2b
        return [h2p(h(DOMAIN + i.to_bytes(4, "little"))) for i in range(d.n)]

    def pedersen_commit(self, d: Inputs) -> List[bytes]:
        """[a·G + b·H]."""
        add, base, mul, h = self.add, self.base, self.mul, d.H
        return [add(base(a), mul(b, h)) for a, b in zip(d.amount_bytes, d.blinding_bytes)]

    def msm(self, d: Inputs) -> bytes:
        """Σ sᵢ·Pᵢ as a loop of scalarmult + add."""
        add, mul = self.add, self.mul
        terms = zip(d.scalar_bytes, d.points)
        s, p = next(terms)
        acc = mul(s, p)
        for s, p in terms:
            acc = add(acc, mul(s, p))
        return acc

    msm_vartime = msm

    def Hs(self, d: Inputs) -> List[int]:
        """[BLAKE2b-512(DOMAIN ‖ P) read LE mod q]."""
        h = self.blake2b
        return [int.from_bytes(h(DOMAIN + p), "little") % Q for p in d.points]

    def Hp(self, d: Inputs) -> List[bytes]:
        """[map(BLAKE2b-512(DOMAIN ‖ P))]."""
        h2p, h = self.hash_to_point, self.blake2b
        return [h2p(h(DOMAIN + p)) for p in d.points]

    def is_valid_point(self, d: Inputs) -> List[bool]:
        """[is_valid(c)] over valid and invalid candidates."""
        valid = self.is_valid
        return [bool(valid(c)) for c in d.candidates]

    def assert_valid_point(self, d: Inputs) -> int:
        """Validate every point, raising on an invalid one; returns the count."""
        valid = self.is_valid
        for p in d.points:
            if not valid(p):
                raise ValueError("invalid point")
        return len(d.points)


class ReferencePeer(PrimitivePeer):
    """Raw libsodium via ctypes (this harness's own calls): the reference every result must equal."""

    key = "reference"

    def __init__(self, group: str):
        self.group = group
        self.label = f"libsodium {group} (ctypes reference)"
        super().__init__()

    def _load(self) -> None:
        sodium = SodiumGroup(self.group)
        self.base, self.mul, self.add, self.sub = sodium.base, sodium.mul, sodium.add, sodium.sub
        self.is_valid, self.hash_to_point = sodium.is_valid, sodium.hash_to_point


class PyristrettoPeer(Peer):
    """pyristretto itself: every workload is its public function."""

    key = "pyristretto"
    label = "pyristretto"
    dist = "pyristretto"

    def _load(self) -> None:
        import pyristretto

        for name in (*WORKLOADS, "sodium_version"):  # AttributeError (-> "not installed"): not built
            getattr(pyristretto, name)
        self.lib = pyristretto

    @property
    def version(self) -> str:
        return getattr(self.lib, "__version__", "") if self.available else ""

    @property
    def backend(self) -> str:
        return f"C++17 core + libsodium {self.lib.sodium_version()} (Cython)" if self.available else ""

    def base_mul(self, d: Inputs) -> List[bytes]:
        """[base_mul(s)]."""
        f = self.lib.base_mul
        return [f(s) for s in d.scalars]

    def point_mul(self, d: Inputs) -> List[bytes]:
        """[point_mul(s, P)]."""
        f = self.lib.point_mul
        return [f(s, p) for s, p in zip(d.scalars, d.points)]

    def point_add(self, d: Inputs) -> List[bytes]:
        """[point_add(P, Q)]."""
        f = self.lib.point_add
        return [f(p, q) for p, q in zip(d.points, d.others)]

    def point_sub(self, d: Inputs) -> List[bytes]:
        """[point_sub(P, Q)]."""
        f = self.lib.point_sub
        return [f(p, q) for p, q in zip(d.points, d.others)]

    def point_sum(self, d: Inputs) -> bytes:
        """point_sum(points)."""
        return self.lib.point_sum(d.points)

    def derive_generators(self, d: Inputs) -> List[bytes]:
        """derive_generators(DOMAIN, n)."""
        return self.lib.derive_generators(DOMAIN, d.n)

    def pedersen_commit(self, d: Inputs) -> List[bytes]:
        """[pedersen_commit(a, b)]."""
        f = self.lib.pedersen_commit
        return [f(a, b) for a, b in zip(d.amounts, d.blindings)]

    def msm(self, d: Inputs) -> bytes:
        """msm(scalars, points)."""
        return self.lib.msm(d.scalars, d.points)

    def msm_vartime(self, d: Inputs) -> bytes:
        """msm_vartime(scalars, points)."""
        return self.lib.msm_vartime(d.scalars, d.points)

    def Hs(self, d: Inputs) -> List[int]:
        """[Hs(DOMAIN, P)]."""
        f = self.lib.Hs
        return [f(DOMAIN, p) for p in d.points]

    def Hp(self, d: Inputs) -> List[bytes]:
        """[Hp(DOMAIN, P)]."""
        f = self.lib.Hp
        return [f(DOMAIN, p) for p in d.points]

    def is_valid_point(self, d: Inputs) -> List[bool]:
        """[is_valid_point(c)]."""
        f = self.lib.is_valid_point
        return [f(c) for c in d.candidates]

    def assert_valid_point(self, d: Inputs) -> int:
        """assert_valid_point on every point; returns the count."""
        f = self.lib.assert_valid_point
        for p in d.points:
            f("P", p)
        return len(d.points)


class PysodiumPeer(PrimitivePeer):
    """pysodium: ristretto255 functions of the system libsodium through ctypes."""

    key = "pysodium"
    label = "pysodium"
    dist = "pysodium"

    def _load(self) -> None:
        import pysodium as ps

        self.base, self.mul = ps.crypto_scalarmult_ristretto255_base, ps.crypto_scalarmult_ristretto255
        self.add, self.sub = ps.crypto_core_ristretto255_add, ps.crypto_core_ristretto255_sub
        self.is_valid = ps.crypto_core_ristretto255_is_valid_point
        self.hash_to_point = ps.crypto_core_ristretto255_from_hash
        self.blake2b = functools.partial(ps.crypto_generichash, outlen=64)

    @property
    def backend(self) -> str:
        return f"system libsodium {system_sodium_version()} via ctypes"


class PyNaClPeer(PrimitivePeer):
    """PyNaCl has no ristretto255: the ed25519 low-level bindings (noclamp scalarmult, core add/sub)."""

    key = "pynacl"
    label = "PyNaCl (ed25519 equivalent)"
    dist = "PyNaCl"
    group = ED25519

    def _load(self) -> None:
        import nacl.bindings as nb

        self.base, self.mul = nb.crypto_scalarmult_ed25519_base_noclamp, nb.crypto_scalarmult_ed25519_noclamp
        self.add, self.sub = nb.crypto_core_ed25519_add, nb.crypto_core_ed25519_sub
        self.is_valid = nb.crypto_core_ed25519_is_valid_point
        self._from_uniform = nb.crypto_core_ed25519_from_uniform
        self.blake2b = functools.partial(nb.crypto_generichash_blake2b_salt_personal, digest_size=64)

    def hash_to_point(self, digest64: bytes) -> bytes:
        """ed25519 from_uniform of the digest's first 32 bytes (the ed25519 stand-in for from_hash)."""
        return self._from_uniform(digest64[:32])

    @property
    def backend(self) -> str:
        return "bundled libsodium via cffi; ed25519 (no ristretto255)"


class RbclPeer(PrimitivePeer):
    """rbcl: ristretto255 functions of its bundled libsodium; BLAKE2b from hashlib (rbcl has none)."""

    key = "rbcl"
    label = "rbcl"
    dist = "rbcl"

    def _load(self) -> None:
        import rbcl

        self.base, self.mul = rbcl.crypto_scalarmult_ristretto255_base, rbcl.crypto_scalarmult_ristretto255
        self.add, self.sub = rbcl.crypto_core_ristretto255_add, rbcl.crypto_core_ristretto255_sub
        self.is_valid = rbcl.crypto_core_ristretto255_is_valid_point
        self.hash_to_point = rbcl.crypto_core_ristretto255_from_hash
        self._lib = rbcl.rbcl._sodium

    @property
    def backend(self) -> str:
        self._lib.sodium_version_string.restype = ctypes.c_char_p
        return f"bundled libsodium {self._lib.sodium_version_string().decode()} via ctypes"


class ObliviousPeer(PrimitivePeer):
    """oblivious.ristretto.sodium (libsodium via ctypes, or rbcl); no point validation function."""

    key = "oblivious"
    label = "oblivious"
    dist = "oblivious"
    unsupported = frozenset({"is_valid_point", "assert_valid_point"})

    def _load(self) -> None:
        from oblivious.ristretto import sodium

        if sodium is None:
            raise ImportError("oblivious.ristretto.sodium is None (no libsodium, no rbcl)")
        self._sodium = sodium
        self.base, self.mul, self.add, self.sub = sodium.bas, sodium.mul, sodium.add, sodium.sub
        self.hash_to_point = sodium.pnt

    @property
    def backend(self) -> str:
        lib = self._sodium._lib
        via = "rbcl" if getattr(lib, "__name__", "").startswith("rbcl") else "system libsodium via ctypes"
        return f"oblivious.ristretto.sodium: {via}; BLAKE2b from hashlib"


PEER_CLASSES = (PyristrettoPeer, PysodiumPeer, PyNaClPeer, RbclPeer, ObliviousPeer)
PEER_KEYS = tuple(cls.key for cls in PEER_CLASSES)


@functools.lru_cache(maxsize=None)
def peer(key: str) -> Peer:
    """The (cached) adapter for ``key``; check ``.available`` / ``.status()`` before use."""
    return {cls.key: cls for cls in PEER_CLASSES}[key]()


def peers() -> List[Peer]:
    """All adapters, installed or not, pyristretto first."""
    return [peer(key) for key in PEER_KEYS]


@functools.lru_cache(maxsize=None)
def reference_peer(group: str) -> ReferencePeer:
    """The cached raw-libsodium reference adapter for ``group``."""
    return ReferencePeer(group)


@functools.lru_cache(maxsize=None)
def reference(group: str, workload: str, n: int):
    """Exact expected result of ``workload`` on ``make_inputs(group, n)``, from raw libsodium calls."""
    inputs = make_inputs(group, n)
    if workload == "msm_vartime":
        return reference(group, "msm", n)
    if workload == "is_valid_point":
        return inputs.expected_valid
    return reference_peer(group).task(workload, inputs)()


def check(p: Peer, workload: str, inputs: Inputs, result) -> None:
    """Raise AssertionError unless ``result`` is exactly the reference result for these inputs."""
    expected = reference(inputs.group, workload, inputs.n)
    if result != expected:
        raise AssertionError(f"{p.label}: wrong result for {workload} (n={inputs.n})")
