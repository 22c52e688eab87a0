#!/usr/bin/env python3
"""Structure-aware atheris fuzzer for pyristretto's whole public API.

Every input drives one to four calls of public functions with arguments built from
atheris.FuzzedDataProvider: scalars of any sign and size (and objects that are not scalars), byte strings
of any length biased toward 32/64 bytes and toward valid and near-valid point encodings, bytes-like objects
of several kinds, iterables and buffers of points of mixed validity, and wrong types.  Each call is checked:

* a returned value must equal an independent reference (libsodium 1.0.18 through pysodium, hashlib and
  Python integers), with libsodium's quirks handled: bit 255 set is rejected here first, and an identity
  result (an error in libsodium) is IDENTITY;
* a raised exception must be one that one of the arguments justifies (TypeError for a wrong type,
  ValueError / InvalidPointError for a wrong value, ZeroDivisionError for sc_inv(0)), and must be one the
  contract allows at all.  Anything else, or a crash, is a finding.

Run (CI):   python tests/fuzz/fuzz_api.py -max_total_time=60
Longer:     see tests/fuzz/README.md.  `one_input(data)` replays one input (tests/test_fuzz_regressions.py).
"""

import array
import hashlib
import os
import sys

import atheris

HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import pyristretto  # noqa: F401  (an installed pyristretto, or one already on sys.path)
except ImportError:  # `python tests/fuzz/fuzz_api.py` in a checkout with an in-place build
    sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
with atheris.instrument_imports():
    import pyristretto as pr

import pysodium

try:
    import numpy as np
except ImportError:  # the fuzzer still runs without numpy, with fewer buffer kinds
    np = None

CORPUS = os.path.join(HERE, "corpus")

Q = 2**252 + 27742317777372353535851937790883648493
P25519 = 2**255 - 19
IDENTITY = bytes(32)
CONTRACT_EXCEPTIONS = (TypeError, ValueError, ZeroDivisionError)


class Finding(AssertionError):
    """A result or exception the contract does not allow."""


# ---------------------------------------------------------------------------------------------------
# The reference (independent of pyristretto)
# ---------------------------------------------------------------------------------------------------


def ref_valid(raw):
    return len(raw) == 32 and not raw[31] & 0x80 and pysodium.crypto_core_ristretto255_is_valid_point(bytes(raw))


def ref_base_mul(s):
    try:
        return pysodium.crypto_scalarmult_ristretto255_base((s % Q).to_bytes(32, "little"))
    except ValueError:  # libsodium reports an identity result as an error
        return IDENTITY


def ref_point_mul(s, p):
    try:
        return pysodium.crypto_scalarmult_ristretto255((s % Q).to_bytes(32, "little"), p)
    except ValueError:  # identity result (p was validated)
        return IDENTITY


def ref_add(p, q):
    return pysodium.crypto_core_ristretto255_add(p, q)


def ref_sub(p, q):
    return pysodium.crypto_core_ristretto255_sub(p, q)


def ref_from_hash(h):
    return pysodium.crypto_core_ristretto255_from_hash(h)


def ref_item_bytes(item):
    return item if isinstance(item, bytes) else (item % Q).to_bytes(32, "little")


def ref_concat_digest(items):
    h = hashlib.blake2b(digest_size=64)
    for item in items:
        h.update(ref_item_bytes(item))
    return h.digest()


def ref_expand_message_xmd(msg, dst, length=64):
    if len(dst) > 255:
        dst = hashlib.sha512(b"H2C-OVERSIZE-DST-" + dst).digest()
    dst_prime = dst + bytes([len(dst)])
    b0 = hashlib.sha512(bytes(128) + msg + length.to_bytes(2, "big") + b"\0" + dst_prime).digest()
    blocks = [hashlib.sha512(b0 + b"\1" + dst_prime).digest()]
    for i in range(2, -(-length // 64) + 1):
        blocks.append(hashlib.sha512(bytes(x ^ y for x, y in zip(b0, blocks[-1])) + bytes([i]) + dst_prime).digest())
    return b"".join(blocks)[:length]


REF_H = ref_from_hash(hashlib.blake2b(b"Ristretto255:H", digest_size=64).digest())
POOL = [IDENTITY, ref_base_mul(1), REF_H, ref_base_mul(Q - 1), ref_base_mul(2), ref_base_mul(2**200 + 12345)]


# ---------------------------------------------------------------------------------------------------
# Arguments: obj is what the call gets; if ok, ref is the value the contract reads from it; errs are the
# exceptions it may cause.  An argument can be both ok and erring where the contract leaves a choice
# (a non-contiguous buffer, a buffer of 16-bit items).
# ---------------------------------------------------------------------------------------------------


class Arg:
    __slots__ = ("obj", "ok", "ref", "errs", "desc")

    def __init__(self, obj, ok, ref=None, errs=(), desc=""):
        self.obj, self.ok, self.ref, self.errs, self.desc = obj, ok, ref, tuple(errs), desc

    def __repr__(self):
        return f"<{self.desc} {self.obj!r}>"


class Index:
    """An object with __index__ only."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v

    def __repr__(self):
        return f"Index({self.v})"


NOT_SCALARS = [None, "1", "", 1.0, 0.0, float("nan"), b"\x01", bytearray(1), {}, [], (1,), 1j, object()]


def big_int(fdp):
    n = fdp.ConsumeIntInRange(0, 160)
    v = int.from_bytes(fdp.ConsumeBytes(n), "little")
    return -v if fdp.ConsumeBool() else v


def gen_int(fdp):
    """An int of any sign and size, biased to the edges of [0, q) and 2^k."""
    kind = fdp.ConsumeIntInRange(0, 7)
    if kind == 0:
        return fdp.ConsumeIntInRange(-3, 3)
    if kind == 1:
        return fdp.ConsumeIntInRange(-4, 4) * Q + fdp.ConsumeIntInRange(-3, 3)
    if kind == 2:
        return (1 << fdp.ConsumeIntInRange(0, 1100)) + fdp.ConsumeIntInRange(-2, 2)
    if kind == 3:
        return -(1 << fdp.ConsumeIntInRange(0, 1100)) + fdp.ConsumeIntInRange(-2, 2)
    if kind == 4:
        return int.from_bytes(fdp.ConsumeBytes(32), "little")
    return big_int(fdp)


def gen_scalar(fdp, allow_bad=True):
    kind = fdp.ConsumeIntInRange(0, 12)
    if kind <= 7 or (kind >= 11 and not allow_bad):
        v = gen_int(fdp)
        return Arg(v, True, v % Q, desc="int")
    if kind == 8:
        b = fdp.ConsumeBool()
        return Arg(b, True, int(b), desc="bool")
    if kind == 9 and np is not None:
        v = fdp.ConsumeIntInRange(-(2**63), 2**63 - 1)
        t = fdp.PickValueInList([np.int64, np.int32, np.uint8, np.uint64])
        info = np.iinfo(t)
        v = min(max(v, int(info.min)), int(info.max))
        return Arg(t(v), True, v % Q, desc="numpy int")
    if kind == 10:
        v = gen_int(fdp)
        return Arg(Index(v), True, v % Q, desc="__index__")
    return Arg(fdp.PickValueInList(NOT_SCALARS), False, errs=(TypeError,), desc="not a scalar")


def near_valid(fdp, raw):
    """Invalid encodings close to a valid one."""
    kind = fdp.ConsumeIntInRange(0, 4)
    b = bytearray(raw)
    if kind == 0:  # bit 255 set (libsodium 1.0.18 accepts it)
        b[31] |= 0x80
    elif kind == 1:  # s >= p: a non-canonical field element
        return (P25519 + fdp.ConsumeIntInRange(0, 18)).to_bytes(32, "little")
    elif kind == 2:  # s + p when that still fits in 255 bits
        s = int.from_bytes(raw, "little") + P25519
        return (s % 2**256).to_bytes(32, "little")
    elif kind == 3:  # negative s (odd): -s mod p
        s = int.from_bytes(raw, "little")
        return ((P25519 - s) % P25519).to_bytes(32, "little")
    else:  # one bit flipped
        bit = fdp.ConsumeIntInRange(0, 255)
        b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


def gen_raw32(fdp):
    """32 bytes: valid (pool, base_mul of a fuzzed scalar, one-way map), near-valid, or random."""
    kind = fdp.ConsumeIntInRange(0, 6)
    if kind == 0:
        return fdp.PickValueInList(POOL)
    if kind == 1:
        return ref_base_mul(gen_int(fdp))
    if kind == 2:
        return ref_from_hash(fdp.ConsumeBytes(64).ljust(64, b"\0"))
    if kind in (3, 4):
        return near_valid(fdp, gen_raw32(fdp) if kind == 3 else fdp.PickValueInList(POOL))
    return fdp.ConsumeBytes(32).ljust(32, b"\0")


def gen_raw(fdp, preferred=32):
    """Bytes of any length, mostly `preferred` long."""
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind < 6:
        return gen_raw32(fdp) if preferred == 32 else fdp.ConsumeBytes(preferred).ljust(preferred, b"\x07")
    if kind == 6:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 200))
    n = fdp.PickValueInList([0, 1, 31, 33, 63, 64, 65, 96])
    return fdp.ConsumeBytes(n).ljust(n, b"\x01")


def wrap_bytes(fdp, raw, contiguous_only=False):
    """raw as some bytes-like object.  Returns (obj, exact) where exact is False for the kinds whose
    handling the contract leaves open (non-contiguous, items wider than a byte)."""
    kind = fdp.ConsumeIntInRange(0, 9 if not contiguous_only else 6)
    if kind <= 2:
        return bytes(raw), True
    if kind == 3:
        return bytearray(raw), True
    if kind == 4:
        return memoryview(bytes(raw)), True
    if kind == 5:
        return array.array("B", raw), True
    if kind == 6 and np is not None:
        return np.frombuffer(bytes(raw), dtype=np.uint8).copy(), True
    if kind == 7:  # strided view of the same bytes
        doubled = bytes(x for b in raw for x in (b, 0xEE))
        return memoryview(doubled)[::2], False
    if kind == 8 and np is not None and len(raw) % 2 == 0:
        return np.frombuffer(bytes(raw), dtype=np.uint16).copy(), False
    if kind == 9 and np is not None and len(raw) % 32 == 0 and raw:
        return np.frombuffer(bytes(raw), dtype=np.uint8).reshape(-1, 32).copy(), True
    return bytes(raw), True


NOT_BYTES = [None, "x" * 32, "", 0, 1.5, {}, [0] * 32, (1, 2), object(), True]


def gen_point(fdp, name="P", allow_bad=True):
    """A point argument: its obj, and .ref the valid 32 bytes when ok."""
    if allow_bad and fdp.ConsumeIntInRange(0, 15) == 0:
        return Arg(fdp.PickValueInList(NOT_BYTES), False, errs=(TypeError,), desc="not bytes-like")
    raw = gen_raw(fdp, 32)
    if not allow_bad:
        raw = raw if ref_valid(raw) else fdp.PickValueInList(POOL)
    obj, exact = wrap_bytes(fdp, raw)
    valid = ref_valid(raw)
    if exact:
        return Arg(
            obj,
            valid,
            bytes(raw) if valid else None,
            () if valid else (pr.InvalidPointError,),
            desc="valid" if valid else "invalid",
        )
    return Arg(obj, valid, bytes(raw) if valid else None, (TypeError, ValueError), desc="ambiguous buffer")


def gen_bytes_arg(fdp, preferred):
    """A bytes-like argument of any length (sc_reduce, from_bytes32, messages)."""
    if fdp.ConsumeIntInRange(0, 15) == 0:
        return Arg(fdp.PickValueInList(NOT_BYTES), False, errs=(TypeError,), desc="not bytes-like")
    raw = gen_raw(fdp, preferred)
    obj, exact = wrap_bytes(fdp, raw)
    return Arg(obj, True, bytes(raw), () if exact else (TypeError, ValueError), desc="bytes")


# ---------------------------------------------------------------------------------------------------
# Calling and checking
# ---------------------------------------------------------------------------------------------------


def check_call(label, fn, args, expected, extra_errs=(), check_exc=None):
    """Calls fn(*objs). When every Arg is ok the call may return and must return `expected()`; any
    exception must be justified by some Arg (or extra_errs) and be one the contract allows."""
    objs = [a.obj for a in args]
    allowed = tuple(e for a in args for e in a.errs) + tuple(extra_errs)
    all_ok = all(a.ok for a in args) and not extra_errs
    try:
        result = fn(*objs)
    except CONTRACT_EXCEPTIONS as exc:
        if not allowed or not isinstance(exc, allowed):
            raise Finding(
                f"{label}{tuple(args)} raised {type(exc).__name__}: {exc}; allowed: {[e.__name__ for e in allowed]}"
            ) from exc
        if check_exc:
            check_exc(exc)
        return None
    except Exception as exc:  # noqa: BLE001 - anything else breaks the contract
        raise Finding(f"{label}{tuple(args)} raised {type(exc).__name__} (not in the contract): {exc}") from exc
    if not all_ok:
        raise Finding(f"{label}{tuple(args)} returned {result!r}; expected one of {[e.__name__ for e in allowed]}")
    want = expected()
    if type(result) is not type(want) or result != want:
        raise Finding(f"{label}{tuple(args)} returned {result!r}, reference {want!r}")
    return result


def op_scalar_binary(fdp):
    name, fn, ref = fdp.PickValueInList(
        [
            ("sc_add", pr.sc_add, lambda a, b: (a + b) % Q),
            ("sc_sub", pr.sc_sub, lambda a, b: (a - b) % Q),
            ("sc_mul", pr.sc_mul, lambda a, b: (a * b) % Q),
        ]
    )
    a, b = gen_scalar(fdp), gen_scalar(fdp)
    # a second opinion from libsodium on reduced inputs
    if a.ok and b.ok:
        sod = {
            "sc_add": pysodium.crypto_core_ristretto255_scalar_add,
            "sc_sub": pysodium.crypto_core_ristretto255_scalar_sub,
            "sc_mul": pysodium.crypto_core_ristretto255_scalar_mul,
        }[name]
        x = int.from_bytes(sod(a.ref.to_bytes(32, "little"), b.ref.to_bytes(32, "little")), "little")
        if x != ref(a.ref, b.ref):
            raise Finding(f"reference disagreement in {name}: libsodium {x}")
    check_call(name, fn, [a, b], lambda: ref(a.ref, b.ref))


def op_scalar_unary(fdp):
    a = gen_scalar(fdp)
    which = fdp.ConsumeIntInRange(0, 2)
    if which == 0:
        check_call("sc_neg", pr.sc_neg, [a], lambda: (-a.ref) % Q)
    elif which == 1:
        zero = a.ok and a.ref == 0
        check_call(
            "sc_inv", pr.sc_inv, [a], lambda: pow(a.ref, Q - 2, Q), extra_errs=(ZeroDivisionError,) if zero else ()
        )
    else:
        check_call("to_bytes32", pr.to_bytes32, [a], lambda: a.ref.to_bytes(32, "little"))


def op_bytes_scalar(fdp):
    if fdp.ConsumeBool():
        b = gen_bytes_arg(fdp, 64)
        bad_len = (ValueError,) if b.ok and len(b.ref) != 64 else ()
        check_call(
            "sc_reduce",
            pr.sc_reduce,
            [b],
            lambda: int.from_bytes(pysodium.crypto_core_ristretto255_scalar_reduce(b.ref), "little"),
            extra_errs=bad_len,
        )
    else:
        b = gen_bytes_arg(fdp, 32)
        bad_len = (ValueError,) if b.ok and len(b.ref) != 32 else ()
        check_call(
            "from_bytes32", pr.from_bytes32, [b], lambda: int.from_bytes(b.ref, "little") % Q, extra_errs=bad_len
        )


def op_sc_rand(fdp):
    x = pr.sc_rand()
    if type(x) is not int or not 1 <= x < Q:
        raise Finding(f"sc_rand() returned {x!r}")


def op_base_mul(fdp):
    s = gen_scalar(fdp)
    check_call("base_mul", pr.base_mul, [s], lambda: ref_base_mul(s.ref))


def op_point_mul(fdp):
    s, p = gen_scalar(fdp), gen_point(fdp)
    check_call("point_mul", pr.point_mul, [s, p], lambda: ref_point_mul(s.ref, p.ref))


def op_point_binary(fdp):
    p, q = gen_point(fdp, "P"), gen_point(fdp, "Q")
    if fdp.ConsumeBool():
        check_call("point_add", pr.point_add, [p, q], lambda: ref_add(p.ref, q.ref))
    else:
        check_call("point_sub", pr.point_sub, [p, q], lambda: ref_sub(p.ref, q.ref))


def op_point_neg(fdp):
    p = gen_point(fdp)
    check_call("point_neg", pr.point_neg, [p], lambda: ref_sub(IDENTITY, p.ref))


def op_validity(fdp):
    p = gen_point(fdp)
    if fdp.ConsumeBool():
        # is_valid_point: False (never an exception) for any C-contiguous bytes-like
        as_value = Arg(
            p.obj, p.desc != "not bytes-like", None, [e for e in p.errs if e is not pr.InvalidPointError], p.desc
        )
        check_call("is_valid_point", pr.is_valid_point, [as_value], lambda: bool(p.ok))
    else:
        name = fdp.PickValueInList(["P", "Point S", "", "commitment[3]", 7, None, b"x"])

        def names_it(exc):
            if isinstance(exc, pr.InvalidPointError):
                if not isinstance(exc, AssertionError) or str(name) not in str(exc):
                    raise Finding(f"assert_valid_point({name!r}, {p!r}): message {exc} does not name it")

        check_call("assert_valid_point", pr.assert_valid_point, [Arg(name, True), p], lambda: None, check_exc=names_it)


# --- sequences --------------------------------------------------------------------------------------


def gen_point_sequence(fdp, n):
    """(Arg for the points argument, list of bad indices).  The Arg's ref is the list of valid points."""
    form = fdp.ConsumeIntInRange(0, 11)
    if form <= 5:  # an iterable of point objects
        items = [gen_point(fdp, allow_bad=fdp.ConsumeIntInRange(0, 3) == 0) for _ in range(n)]
        bad = [i for i, a in enumerate(items) if not a.ok]
        objs = [a.obj for a in items]
        container = fdp.ConsumeIntInRange(0, 3)
        if container == 0:
            obj = objs
        elif container == 1:
            obj = tuple(objs)
        elif container == 2:
            obj = (o for o in objs)
        else:
            obj = iter(objs)
        errs = tuple(e for a in items for e in a.errs)
        ok = all(a.ok for a in items)
        return Arg(obj, ok, [a.ref for a in items] if ok else None, errs, "points iterable"), bad
    raws = [gen_raw32(fdp) if fdp.ConsumeIntInRange(0, 3) == 0 else ref_base_mul(gen_int(fdp)) for _ in range(n)]
    bad = [i for i, r in enumerate(raws) if not ref_valid(r)]
    flat = b"".join(raws)
    ok = not bad
    ref = raws if ok else None
    errs = (pr.InvalidPointError,) if bad else ()
    if form <= 7:
        obj = flat if form == 6 else bytearray(flat)
    elif form == 8 and np is not None:
        obj = np.frombuffer(flat, dtype=np.uint8).reshape(n, 32).copy()
    elif form == 9 and np is not None:
        obj = np.frombuffer(flat, dtype=np.uint8).copy()
    elif form == 10:  # a buffer of the wrong shape or length
        bad_kind = fdp.ConsumeIntInRange(0, 3)
        if bad_kind == 0 or np is None:
            obj = flat + fdp.ConsumeBytes(fdp.ConsumeIntInRange(1, 31)).ljust(1, b"\0")
        elif bad_kind == 1:
            obj = np.zeros((n + 1, 64), dtype=np.uint8)
        elif bad_kind == 2:
            obj = np.zeros((n + 2, 64), dtype=np.uint8)[:, :32]  # (n+2, 32) but not C-contiguous
        else:
            obj = np.zeros((1, n + 1, 32), dtype=np.uint8)
        return Arg(obj, False, None, (ValueError,), "bad buffer"), []
    else:
        obj = memoryview(flat)
    return Arg(obj, ok, ref, errs, "points buffer"), bad


def gen_scalar_sequence(fdp, n):
    form = fdp.ConsumeIntInRange(0, 6)
    if form == 5:  # one buffer of 32-byte little-endian scalars (any bytes, reduced mod q); or of a bad length
        flat = fdp.ConsumeBytes(32 * n).ljust(32 * n, b"\xff")
        ref = [int.from_bytes(flat[32 * i : 32 * i + 32], "little") % Q for i in range(n)]
        kind = fdp.ConsumeIntInRange(0, 4)
        if kind == 4:
            return Arg(flat + b"\x05", False, None, (ValueError,), desc="scalars buffer, bad length")
        obj = (
            flat
            if kind == 0
            else bytearray(flat)
            if kind == 1
            else memoryview(flat)
            if kind == 2 or np is None
            else np.frombuffer(flat, dtype=np.uint8).reshape(n, 32)
        )
        return Arg(obj, True, ref, desc="scalars buffer")
    if form == 6 and np is not None:
        vals = [fdp.ConsumeIntInRange(-(2**63), 2**63 - 1) for _ in range(n)]
        return Arg(np.array(vals, dtype=np.int64), True, [v % Q for v in vals], desc="scalars numpy")
    items = [gen_scalar(fdp, allow_bad=fdp.ConsumeIntInRange(0, 7) == 0) for _ in range(n)]
    objs = [a.obj for a in items]
    obj = objs if form <= 1 else tuple(objs) if form == 2 else (o for o in objs)
    ok = all(a.ok for a in items)
    return Arg(obj, ok, [a.ref for a in items] if ok else None, tuple(e for a in items for e in a.errs), "scalars")


def index_named(bad, label):
    def check(exc):
        if isinstance(exc, pr.InvalidPointError) and bad:
            if not any(f"points[{i}]" in str(exc) for i in bad):
                raise Finding(f"{label}: message {exc!r} names none of the invalid indices {bad}")

    return check


def op_msm(fdp):
    n = fdp.ConsumeIntInRange(0, 8)
    m = n if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeIntInRange(0, 8)
    scalars = gen_scalar_sequence(fdp, n)
    points, bad = gen_point_sequence(fdp, m)
    name, fn = fdp.PickValueInList([("msm", pr.msm), ("msm_vartime", pr.msm_vartime)])

    def expected():
        acc = IDENTITY
        for s, p in zip(scalars.ref, points.ref):
            acc = ref_add(acc, ref_point_mul(s, p))
        return acc

    mismatch = (ValueError,) if n != m else ()
    check_call(
        name,
        fn,
        [scalars, points],
        expected,
        extra_errs=mismatch,
        check_exc=None if (mismatch or not scalars.ok) else index_named(bad, name),
    )


def op_point_sum(fdp):
    n = fdp.ConsumeIntInRange(0, 10)
    points, bad = gen_point_sequence(fdp, n)

    def expected():
        acc = IDENTITY
        for p in points.ref:
            acc = ref_add(acc, p)
        return acc

    check_call("point_sum", pr.point_sum, [points], expected, check_exc=index_named(bad, "point_sum"))


def op_pedersen(fdp):
    a, b = gen_scalar(fdp), gen_scalar(fdp)
    check_call(
        "pedersen_commit", pr.pedersen_commit, [a, b], lambda: ref_add(ref_base_mul(a.ref), ref_point_mul(b.ref, REF_H))
    )


# --- hashing ----------------------------------------------------------------------------------------


def gen_item(fdp):
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind <= 3:
        raw = fdp.ConsumeBytes(fdp.PickValueInList([0, 1, 3, 32, 32, 64, fdp.ConsumeIntInRange(0, 300)]))
        obj, _ = wrap_bytes(fdp, raw)
        if np is not None and isinstance(obj, np.ndarray) and obj.dtype != np.uint8:
            obj = bytearray(raw)  # a buffer of 16-bit items would hash its raw bytes: leave it out
        return Arg(obj, True, bytes(raw), desc="bytes item")
    if kind <= 7:
        s = gen_scalar(fdp, allow_bad=False)
        return Arg(s.obj, True, s.ref, desc="int item")
    if kind == 8 and np is not None:
        v = fdp.ConsumeIntInRange(-(2**31), 2**31)
        return Arg(np.int64(v), True, v % Q, desc="numpy int item")
    return Arg(fdp.PickValueInList([None, "abc", 1.5, {}, [1, 2], object()]), False, errs=(TypeError,), desc="bad item")


def op_hs_hp(fdp):
    items = [gen_item(fdp) for _ in range(fdp.ConsumeIntInRange(0, 5))]
    if fdp.ConsumeBool():
        check_call("Hs", pr.Hs, items, lambda: int.from_bytes(ref_concat_digest([a.ref for a in items]), "little") % Q)
    else:
        check_call("Hp", pr.Hp, items, lambda: ref_from_hash(ref_concat_digest([a.ref for a in items])))


def op_derive_generators(fdp):
    domain = gen_bytes_arg(fdp, fdp.ConsumeIntInRange(0, 40))
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind <= 5:
        n = Arg(fdp.ConsumeIntInRange(0, 6), True)
    elif kind == 6:
        n = Arg(fdp.PickValueInList([-1, -(2**40), 2**32, 2**32 + 1, 2**64, 2**200]), False, errs=(ValueError,))
    elif kind == 7 and np is not None:
        n = Arg(np.int32(fdp.ConsumeIntInRange(0, 4)), True)
    elif kind == 8:
        n = Arg(Index(fdp.ConsumeIntInRange(0, 4)), True)
    else:
        n = Arg(fdp.PickValueInList([None, 2.0, "3", b"3"]), False, errs=(TypeError,))
    if n.ok:
        n.ref = int(n.obj.__index__())

    def expected():
        h = hashlib.blake2b(digest_size=64)
        h.update(domain.ref)
        out = []
        for i in range(n.ref):
            hi = h.copy()
            hi.update(i.to_bytes(4, "little"))
            out.append(ref_from_hash(hi.digest()))
        return out

    check_call("derive_generators", pr.derive_generators, [domain, n], expected)


def op_hash_to(fdp):
    msg = gen_bytes_arg(fdp, fdp.PickValueInList([0, 3, 32, fdp.ConsumeIntInRange(0, 400)]))
    dst_len = fdp.PickValueInList([0, 1, 16, 255, 256, fdp.ConsumeIntInRange(0, 600)])
    dst = gen_bytes_arg(fdp, dst_len)
    empty_dst = (ValueError,) if dst.ok and len(dst.ref) == 0 else ()
    if fdp.ConsumeBool():
        check_call(
            "hash_to_group",
            pr.hash_to_group,
            [msg, dst],
            lambda: ref_from_hash(ref_expand_message_xmd(msg.ref, dst.ref)),
            extra_errs=empty_dst,
        )
    else:
        check_call(
            "hash_to_scalar",
            pr.hash_to_scalar,
            [msg, dst],
            lambda: int.from_bytes(ref_expand_message_xmd(msg.ref, dst.ref), "little") % Q,
            extra_errs=empty_dst,
        )


OPS = [
    op_scalar_binary,
    op_scalar_unary,
    op_bytes_scalar,
    op_sc_rand,
    op_base_mul,
    op_point_mul,
    op_point_binary,
    op_point_neg,
    op_validity,
    op_msm,
    op_point_sum,
    op_pedersen,
    op_hs_hp,
    op_derive_generators,
    op_hash_to,
]


def check_constants():
    if pr.G != ref_base_mul(1) or pr.H != REF_H or pr.IDENTITY != IDENTITY or pr.q != Q:
        raise Finding("module constants disagree with the reference")


@atheris.instrument_func
def one_input(data):
    """Runs one fuzz input: one to four checked calls.  Raises Finding on a contract violation."""
    fdp = atheris.FuzzedDataProvider(data)
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        OPS[fdp.ConsumeIntInRange(0, len(OPS) - 1)](fdp)


# Coverage of the harness's own branches (which operation, which kind of argument) guides the fuzzer; the
# compiled extension itself is not instrumented (that needs clang's -fsanitize=fuzzer-no-link).
for _fn in list(globals().values()):
    if (
        callable(_fn)
        and getattr(_fn, "__module__", None) == __name__
        and _fn.__name__.startswith(("op_", "gen_", "wrap_", "near_"))
    ):
        globals()[_fn.__name__] = atheris.instrument_func(_fn)
OPS = [globals()[f.__name__] for f in OPS]


def main(argv):
    check_constants()
    args = list(argv[1:])
    # Without a corpus directory, seed from the checked-in corpus without writing to it.
    if not any(not a.startswith("-") for a in args) and not any(a.startswith("-seed_inputs") for a in args):
        seeds = sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS)) if os.path.isdir(CORPUS) else []
        if seeds:
            args.append("-seed_inputs=" + ",".join(seeds))
    atheris.Setup([argv[0]] + args, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
