"""Batch verification of sr25519 signatures (schnorrkel's ``batch.rs``), in one call into the C++ core.

``verify_batch`` checks ``sum z_i (R_i + k_i A_i - s_i G) == 0`` for independent uniform 128-bit weights ``z_i``
drawn from libsodium's CSPRNG for every call (never the caller's: a forged batch then passes with probability at
most 2^-128), as one multi-scalar multiplication: the challenges (one Merlin transcript per signature), the
weights, one batch decode of the R's and of the distinct public keys, and the MSM all run in C++ with the GIL
released, on threads for large batches (``pyristretto.set_threads``). Each item may have its own context (a list
of contexts), or be a whole signing transcript (a ``Transcript`` in its message's place).

``verify_batch`` returns True or raises ``BatchVerificationError`` whose ``index`` is the first failing signature
(found by bisection: the batch first, then halves); ``verify_each`` gives one bool per signature the same way.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple, Union

from pyristretto import _group as grp
from pyristretto._group import Point, Transcript
from pyristretto.sr25519._args import is_bytes, public_point, sequence
from pyristretto.sr25519.context import SUBSTRATE, SigningContext, resolve, signing_context
from pyristretto.sr25519.errors import BatchVerificationError, error_for

__all__ = ["verify_batch", "verify_each"]

Bytes = Union[bytes, bytearray, memoryview]
_BYTES = (bytes, bytearray, memoryview)
Prepared = Tuple[List[Any], List[Any], List[Any], Union[Transcript, List[Transcript]]]


def _prepare(
    signatures: Sequence[Bytes], messages: Sequence[Any], public_keys: Sequence[Any], context: Any
) -> Prepared:
    """The lists sr25519_batch_check takes: signatures, messages (None for a whole transcript), keys (Points or
    encodings), and one context Transcript or one per item."""
    sigs, msgs = sequence(signatures, "signatures"), sequence(messages, "messages")
    keys = sequence(public_keys, "public_keys")
    n = len(sigs)
    if len(msgs) != n or len(keys) != n:
        raise ValueError(
            f"signatures, messages, public_keys: the sequences must have equal lengths ({n}, {len(msgs)}, {len(keys)})"
        )
    for i, m in enumerate(msgs):
        if m is None:  # the C++ call reads None as "the context is the whole transcript": only resolve() says so
            raise TypeError(f"messages[{i}]: expected a bytes-like object or a Transcript, got NoneType")
    # encodings go to the C++ call as they are (decoded there, once per distinct key); PublicKeys as their Points
    keys = [k if type(k) is Point or is_bytes(k) else public_point(k, "public_keys", i) for i, k in enumerate(keys)]
    per_item = not isinstance(context, _BYTES) and type(context) not in (SigningContext, Transcript)
    if per_item:
        if isinstance(context, str) or not isinstance(context, (list, tuple)):
            raise TypeError(
                f"context: expected bytes, a SigningContext, a Transcript or a list of them, got "
                f"{type(context).__name__}"
            )
        if len(context) != n:
            raise ValueError(f"context: expected one per signature ({n}), got {len(context)}")
        contexts: List[Transcript] = []
        for i in range(n):
            try:
                t, msgs[i] = resolve(msgs[i], context[i])
            except TypeError as exc:
                raise TypeError(f"context[{i}]: {exc}") from None
            contexts.append(t)
        return sigs, msgs, keys, contexts
    if not any(type(m) is Transcript for m in msgs):
        t, _ = resolve(b"", context)
        return sigs, msgs, keys, t
    contexts = []
    for i in range(n):
        t, msgs[i] = resolve(msgs[i], context)
        contexts.append(t)
    return sigs, msgs, keys, contexts


def _check(prepared: Prepared, idx: Optional[List[int]] = None) -> Tuple[int, int]:
    """(code, index) of sr25519_batch_check on the items idx (all when None); index is relative to idx."""
    sigs, msgs, keys, contexts = prepared
    if idx is None:
        return grp.sr25519_batch_check(sigs, msgs, keys, contexts)
    ctx = contexts if type(contexts) is Transcript else [contexts[i] for i in idx]
    return grp.sr25519_batch_check([sigs[i] for i in idx], [msgs[i] for i in idx], [keys[i] for i in idx], ctx)


def verify_batch(
    signatures: Sequence[Bytes], messages: Sequence[Any], public_keys: Sequence[Any], context: Any = SUBSTRATE
) -> bool:
    """True when every signature verifies: ``signatures[i]`` (64 bytes) signs ``messages[i]`` (bytes-like, or a
    ``Transcript``: the whole signing transcript) for ``public_keys[i]`` (a ``PublicKey``, a ``Point`` or 32 bytes;
    equal keys are decoded once) under `context` (bytes, a ``SigningContext`` or a ``Transcript`` for all, or a
    list or tuple with one per signature). An empty batch is True. Otherwise ``BatchVerificationError`` with the
    ``index`` of the first failing signature and its ``reason`` (a malformed signature: ``"length"``,
    ``"not_marked"``, ``"scalar_format"``; an invalid public key encoding: ``"point_decompression"``; else
    ``"equation"``). TypeError / ValueError for wrong types and unequal lengths."""
    prepared = _prepare(signatures, messages, public_keys, context)
    code, _ = _check(prepared)
    if code == grp.SR_VALID:
        return True
    index = _first_failure(prepared, len(prepared[0]))
    if index is None:  # pragma: no cover - probability 2^-128
        raise BatchVerificationError("the batch is invalid, but no single signature could be named", "equation")
    code, _ = _check(prepared, [index])
    what = f"public_keys[{index}]" if code == grp.SR_POINT_DECOMPRESSION else f"signatures[{index}]"
    base = error_for(code if code != grp.SR_VALID else grp.SR_EQUATION_FALSE, what)
    raise BatchVerificationError(str(base), base.reason, index)


def _first_failure(prepared: Prepared, n: int) -> Optional[int]:
    """The lowest failing index of a failing batch: bisection, each step one batch check of a half."""
    lo, hi = 0, n
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _check(prepared, list(range(lo, mid)))[0] != grp.SR_VALID:
            hi = mid
        elif _check(prepared, list(range(mid, hi)))[0] != grp.SR_VALID:
            lo = mid
        else:
            return None
    return lo if _check(prepared, [lo])[0] != grp.SR_VALID else None


def verify_each(
    signatures: Sequence[Bytes], messages: Sequence[Any], public_keys: Sequence[Any], context: Any = SUBSTRATE
) -> List[bool]:
    """One bool per signature (arguments as for ``verify_batch``): the whole batch is checked first, and a failing
    part is split in halves until each failing signature stands alone (a malformed signature or invalid key, which
    the check names directly, is set aside without splitting). Costs one batch when all verify, about
    ``2 f log2(n / f)`` smaller batches for f failures. Wrong types and unequal lengths still raise."""
    prepared = _prepare(signatures, messages, public_keys, context)
    result = [True] * len(prepared[0])
    pending: List[List[int]] = [list(range(len(result)))]
    while pending:
        idx = pending.pop()
        if not idx:
            continue
        code, at = _check(prepared, idx)
        if code == grp.SR_VALID:
            continue
        if len(idx) == 1:
            result[idx[0]] = False
        elif at >= 0:
            result[idx[at]] = False
            pending += [idx[:at], idx[at + 1 :]]
        else:
            mid = len(idx) // 2
            pending += [idx[:mid], idx[mid:]]
    return result


def _context_for_all(context: Any) -> Transcript:
    """The Transcript of one context for all items (used by pyristretto.dask)."""
    if type(context) is Transcript:
        return context
    return signing_context(context)._transcript  # type: ignore[arg-type]
