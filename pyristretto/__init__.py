"""pyristretto: Ristretto255 group operations for Python, on a C++17 core and libsodium.

See README.md for a tour; the contract is documented function by function in the docstrings.
"""
import os as _os

from pyristretto._core import (
    G,
    H,
    IDENTITY,
    Hp,
    Hs,
    InvalidPointError,
    assert_valid_point,
    backend,
    base_mul,
    derive_generators,
    from_bytes32,
    hash_to_group,
    hash_to_scalar,
    is_valid_point,
    msm,
    msm_vartime,
    pedersen_commit,
    point_add,
    point_mul,
    point_neg,
    point_sub,
    point_sum,
    q,
    sc_add,
    sc_inv,
    sc_mul,
    sc_neg,
    sc_rand,
    sc_reduce,
    sc_sub,
    sodium_version,
    to_bytes32,
)

__version__ = "0.2.0"

__all__ = [
    "G", "H", "IDENTITY", "Hp", "Hs", "InvalidPointError", "assert_valid_point", "backend", "base_mul",
    "derive_generators", "from_bytes32", "get_include", "hash_to_group", "hash_to_scalar", "is_valid_point",
    "msm", "msm_vartime", "pedersen_commit", "point_add", "point_mul", "point_neg", "point_sub", "point_sum",
    "q", "sc_add", "sc_inv", "sc_mul", "sc_neg", "sc_rand", "sc_reduce", "sc_sub", "sodium_version",
    "to_bytes32",
]


def get_include():
    """Include directories for a downstream extension that cimports pyristretto.

    The first holds the package's .pxd files (for Cython's include path), the second the C++ headers
    (for the C++ compiler). libsodium's own include directory is not added: it is usually a default
    one; otherwise add `pkg-config --cflags libsodium`."""
    package = _os.path.dirname(_os.path.abspath(__file__))
    headers = _os.path.join(package, "include")
    if not _os.path.isdir(headers):  # an in-place or editable build: the headers are in the source tree
        headers = _os.path.join(_os.path.dirname(package), "cpp", "include")
    return [_os.path.dirname(package), headers]
