"""Signing contexts (schnorrkel's ``context.rs``): the Merlin transcript a signature or VRF is bound to.

``SigningContext(ctx)`` is Merlin ``Transcript(b"SigningContext")`` with ``append_message(b"", ctx)``; a message is
signed on a copy with ``append_message(b"sign-bytes", message)`` (``bytes(message)``). Substrate, Polkadot and
Bittensor sign under ``b"substrate"`` (``SUBSTRATE``). Every function of this package that takes ``(message,
context)`` also takes a whole signing transcript instead of the message: a ``Transcript`` in the message's place is
signed as it is (schnorrkel's ``sign(t)``), and ``context`` is then not used.
"""

from __future__ import annotations

import threading
from typing import Dict, Optional, Tuple, Union

from pyristretto._group import Transcript

__all__ = ["SUBSTRATE", "SigningContext", "signing_context"]

#: Substrate's signing context (sp-core's ``SIGNING_CTX``), the default everywhere in this package.
SUBSTRATE = b"substrate"

Bytes = Union[bytes, bytearray, memoryview]
ContextLike = Union[Bytes, "SigningContext", Transcript]
MessageLike = Union[Bytes, Transcript]


class SigningContext:
    """schnorrkel's ``SigningContext``: ``Transcript(b"SigningContext")`` with ``append_message(b"", context)``.

    ``context``: the context string (bytes-like; a ``str`` is a TypeError: no encoding is guessed). Immutable and
    hashable; it holds no secret, so it pickles (as its context string)."""

    __slots__ = ("_context", "_transcript")

    def __init__(self, context: Bytes = SUBSTRATE) -> None:
        if isinstance(context, (bytearray, memoryview)):
            context = bytes(memoryview(context).cast("B"))
        elif not isinstance(context, bytes):
            raise TypeError(f"context: expected bytes, got {type(context).__name__}")
        t = Transcript(b"SigningContext")
        t.append_message(b"", context)
        self._context = bytes(context)
        self._transcript = t

    @property
    def context(self) -> bytes:
        """The context string."""
        return self._context

    def bytes(self, message: Bytes) -> Transcript:
        """The signing transcript of `message` (schnorrkel's ``SigningContext::bytes``): a copy of the context's
        transcript with ``append_message(b"sign-bytes", message)``."""
        t = self._transcript.clone()
        t.append_message(b"sign-bytes", message)
        return t

    def transcript(self) -> Transcript:
        """A copy of the context's transcript (before any message)."""
        return self._transcript.clone()

    def __eq__(self, other: object) -> bool:
        if type(other) is not SigningContext:
            return NotImplemented
        return self._context == other._context

    def __hash__(self) -> int:
        return hash((SigningContext, self._context))

    def __repr__(self) -> str:
        return f"SigningContext({self._context!r})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return SigningContext, (self._context,)


_CACHE: Dict[bytes, SigningContext] = {}
_CACHE_MAX = 64
_CACHE_LOCK = threading.Lock()


def signing_context(context: Union[Bytes, SigningContext] = SUBSTRATE) -> SigningContext:
    """The ``SigningContext`` of a context string (schnorrkel's ``signing_context``), built once per string for
    the most recent 64 strings; a ``SigningContext`` is returned as it is."""
    if type(context) is SigningContext:
        return context
    if type(context) is bytes:
        found = _CACHE.get(context)
        if found is not None:
            return found
    made = SigningContext(context)  # type: ignore[arg-type]
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[made.context] = made
    return made


_SUBSTRATE_TRANSCRIPT = signing_context(SUBSTRATE)._transcript


def resolve(message: MessageLike, context: Optional[ContextLike]) -> Tuple[Transcript, Optional[MessageLike]]:
    """(transcript, message) for the C++ calls: a Transcript in the message's place is the whole signing transcript
    (message None); otherwise the context's transcript (a SigningContext's, a context string's, or a Transcript
    given as the context, to which the message is appended as ``sign-bytes``) and the message (checked there:
    bytes-like only)."""
    if context is SUBSTRATE and type(message) is not Transcript and message is not None:  # the default, first
        return _SUBSTRATE_TRANSCRIPT, message
    if type(message) is Transcript:
        return message, None
    if message is None:
        raise TypeError("message: expected a bytes-like object or a Transcript, got NoneType")
    if type(context) is SigningContext:
        return context._transcript, message
    if type(context) is Transcript:
        return context, message
    if isinstance(context, (bytes, bytearray, memoryview)):
        return signing_context(context)._transcript, message
    raise TypeError(f"context: expected bytes, a SigningContext or a Transcript, got {type(context).__name__}")


def transcript_of(message: MessageLike, context: Optional[ContextLike]) -> Transcript:
    """The signing transcript of (message, context) as one Transcript (a copy: the VRF's input)."""
    t, m = resolve(message, context)
    if m is None:
        return t
    t = t.clone()
    t.append_message(b"sign-bytes", m)
    return t
