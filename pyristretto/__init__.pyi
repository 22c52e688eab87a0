from typing import List, SupportsIndex

from pyristretto._objects import (
    G as G, H as H, IDENTITY as IDENTITY, Hp as Hp, Hs as Hs, InvalidPointError as InvalidPointError,
    assert_valid_point as assert_valid_point, backend as backend, base_mul as base_mul,
    derive_generators as derive_generators, expand_message_xmd as expand_message_xmd,
    from_bytes32 as from_bytes32, hash_to_group as hash_to_group, hash_to_scalar as hash_to_scalar,
    is_valid_point as is_valid_point, msm as msm, msm_vartime as msm_vartime, pedersen_commit as pedersen_commit,
    point_add as point_add, point_mul as point_mul, point_neg as point_neg, point_sub as point_sub,
    point_sum as point_sum, q as q, sc_add as sc_add, sc_inv as sc_inv, sc_mul as sc_mul, sc_neg as sc_neg,
    sc_rand as sc_rand, sc_reduce as sc_reduce, sc_sub as sc_sub, sodium_version as sodium_version,
    to_bytes32 as to_bytes32,
    FixedBase as FixedBase, MSMTable as MSMTable, Point as Point, PointVector as PointVector, Scalar as Scalar,
    ScalarVector as ScalarVector, random_weights as random_weights, select as select, swap as swap,
)
from pyristretto._objects import (
    Transcript as Transcript, TranscriptRng as TranscriptRng, TranscriptRngBuilder as TranscriptRngBuilder,
)

__version__: str
__all__ = [
    "FixedBase", "MSMTable", "Point", "PointVector", "Scalar", "ScalarVector", "Transcript", "TranscriptRng",
    "TranscriptRngBuilder", "random_weights", "select", "swap",
    "G", "H", "IDENTITY", "Hp", "Hs", "InvalidPointError", "assert_valid_point", "backend", "base_mul",
    "derive_generators", "expand_message_xmd", "from_bytes32", "get_include", "get_threads", "hash_to_group",
    "hash_to_scalar", "is_valid_point", "msm", "msm_vartime", "pedersen_commit", "point_add", "point_mul",
    "point_neg", "point_sub", "point_sum", "q", "sc_add", "sc_inv", "sc_mul", "sc_neg", "sc_rand", "sc_reduce",
    "sc_sub", "set_threads", "sodium_version", "to_bytes32",
]

def get_include() -> List[str]: ...
def set_threads(k: SupportsIndex) -> None: ...
def get_threads() -> int: ...
