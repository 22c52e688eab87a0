from pyristretto._group import Transcript
from typing import Any, Sequence

__all__ = ["verify_batch", "verify_each"]

Bytes = bytes | bytearray | memoryview
Prepared = tuple[list[Any], list[Any], list[Any], Transcript | list[Transcript]]

def verify_batch(
    signatures: Sequence[Bytes], messages: Sequence[Any], public_keys: Sequence[Any], context: Any = ...
) -> bool: ...
def verify_each(
    signatures: Sequence[Bytes], messages: Sequence[Any], public_keys: Sequence[Any], context: Any = ...
) -> list[bool]: ...
