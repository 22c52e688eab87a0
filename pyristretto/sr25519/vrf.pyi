from pyristretto._group import Point, Transcript
from typing import Any, Sequence

__all__ = [
    "KUSAMA_VRF",
    "VRF_PREOUT_LENGTH",
    "VRF_PROOF_LENGTH",
    "VRF_PROOF_BATCHABLE_LENGTH",
    "VRFInOut",
    "vrf_hash",
    "vrf_create_hash",
    "vrf_sign",
    "attach_input_hash",
    "dleq_prove",
    "dleq_verify",
    "vrf_verify",
    "shorten_dleq",
    "vrfs_merge",
    "vrfs_sign",
    "vrfs_verify",
    "dleq_verify_batch",
    "vrf_verify_batch",
]

KUSAMA_VRF: bool
VRF_PREOUT_LENGTH: int
VRF_PROOF_LENGTH: int
VRF_PROOF_BATCHABLE_LENGTH: int
Bytes = bytes | bytearray | memoryview

class VRFInOut:
    input: Point
    output: Point
    def __init__(self, input: Point, output: Point) -> None: ...
    @property
    def preout(self) -> bytes: ...
    def to_preout(self) -> bytes: ...
    def commit(self, t: Transcript) -> None: ...
    def make_bytes(self, context: Bytes, n: int = 32) -> bytes: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def vrf_hash(public_key: Any, message: Any, context: Any = ..., *, malleable: bool = False) -> Point: ...
def vrf_create_hash(keypair: Any, message: Any, context: Any = ..., *, malleable: bool = False) -> VRFInOut: ...
def vrf_sign(
    keypair: Any,
    message: Any,
    context: Any = ...,
    *,
    extra: Transcript | None = None,
    malleable: bool = False,
    kusama: bool = True,
    rng: Any = None,
) -> tuple[VRFInOut, bytes, bytes]: ...
def attach_input_hash(
    public_key: Any, preout: Bytes, message: Any, context: Any = ..., *, malleable: bool = False
) -> VRFInOut: ...
def dleq_prove(
    keypair: Any, inout: VRFInOut, extra: Transcript | None = None, *, kusama: bool = True, rng: Any = None
) -> tuple[bytes, bytes]: ...
def dleq_verify(
    public_key: Any, inout: VRFInOut, proof: Bytes, extra: Transcript | None = None, *, kusama: bool = True
) -> bytes: ...
def vrf_verify(
    public_key: Any,
    message: Any,
    preout: Bytes,
    proof: Bytes,
    context: Any = ...,
    *,
    extra: Transcript | None = None,
    malleable: bool = False,
    kusama: bool = True,
) -> tuple[VRFInOut, bytes]: ...
def shorten_dleq(
    public_key: Any, inout: VRFInOut, batchable: Bytes, extra: Transcript | None = None, *, kusama: bool = True
) -> bytes: ...
def vrfs_merge(public_key: Any, inouts: Sequence[VRFInOut], vartime: bool = True) -> VRFInOut: ...
def vrfs_sign(
    keypair: Any, messages: Sequence[Any], context: Any = ..., *, extra: Transcript | None = None, rng: Any = None
) -> tuple[list[VRFInOut], bytes, bytes]: ...
def vrfs_verify(
    public_key: Any,
    messages: Sequence[Any],
    preouts: Sequence[Bytes],
    proof: Bytes,
    context: Any = ...,
    *,
    extra: Transcript | None = None,
) -> tuple[list[VRFInOut], bytes]: ...
def dleq_verify_batch(
    inouts: Sequence[VRFInOut], proofs: Sequence[Bytes], public_keys: Sequence[Any], *, kusama: bool = True
) -> bool: ...
def vrf_verify_batch(
    messages: Sequence[Any],
    preouts: Sequence[Bytes],
    proofs: Sequence[Bytes],
    public_keys: Sequence[Any],
    context: Any = ...,
    *,
    kusama: bool = True,
) -> list[VRFInOut]: ...
