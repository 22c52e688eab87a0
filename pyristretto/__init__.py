"""pyristretto: Ristretto255 group operations for Python, on a C++17 core and libsodium.

The documentation (docs/, built by scripts/docs.sh) has a tour; the contract is documented function by function in
the docstrings.
"""

import operator as _operator
import os as _os
import warnings as _warnings

from pyristretto import _objects

from pyristretto._objects import (
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
    expand_message_xmd,
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
    FixedBase,
    MSMTable,
    Point,
    PointVector,
    Scalar,
    Transcript,
    TranscriptRng,
    TranscriptRngBuilder,
    ScalarVector,
    random_weights,
    select,
    swap,
)

__version__ = "0.2.0"

__all__ = [
    "FixedBase",
    "MSMTable",
    "Point",
    "PointVector",
    "Scalar",
    "ScalarVector",
    "Transcript",
    "TranscriptRng",
    "TranscriptRngBuilder",
    "G",
    "H",
    "IDENTITY",
    "Hp",
    "Hs",
    "InvalidPointError",
    "assert_valid_point",
    "backend",
    "base_mul",
    "derive_generators",
    "expand_message_xmd",
    "from_bytes32",
    "get_include",
    "get_threads",
    "hash_to_group",
    "hash_to_scalar",
    "is_valid_point",
    "msm",
    "msm_vartime",
    "pedersen_commit",
    "point_add",
    "point_mul",
    "point_neg",
    "point_sub",
    "point_sum",
    "q",
    "random_weights",
    "select",
    "swap",
    "sc_add",
    "sc_inv",
    "sc_mul",
    "sc_neg",
    "sc_rand",
    "sc_reduce",
    "sc_sub",
    "set_threads",
    "sodium_version",
    "to_bytes32",
]

# The backend is chosen on first use from PYRISTRETTO_BACKEND: choose it now, at import, as documented.
_objects.backend()
_THREADS_ENV = "PYRISTRETTO_THREADS"


def _threads_arg(k):
    if isinstance(k, bool):
        raise TypeError("k: expected an int, got bool")
    try:
        k = _operator.index(k)
    except TypeError:
        raise TypeError(f"k: expected an int, got {type(k).__name__}") from None
    if not 0 <= k < 2**32:
        raise ValueError(f"k: expected 0 (automatic) or a number of threads >= 1, got {k}")
    return k


def set_threads(k):
    """Sets the maximum number of threads msm, msm_vartime and point_sum use for large inputs.

    k >= 1 threads at most (1 turns threading off; more than 64 act as 64); 0 restores the default,
    automatic: the CPUs this process may run on (its CPU affinity, limited by a cgroup CPU quota such as a
    container's), not the machine's. Threads start only from 128 points, with at least 64 points each.
    The environment variable PYRISTRETTO_THREADS, read at import, sets the initial value the same way.
    TypeError for a non-int, ValueError for a negative k. Process-wide; threads already running keep the
    count they started with."""
    _objects._set_threads(_threads_arg(k))


def get_threads():
    """The maximum number of threads msm, msm_vartime and point_sum use: the value set (set_threads or
    PYRISTRETTO_THREADS), or when automatic the CPUs this process may run on; at most 64."""
    return _objects._max_threads()


def _threads_from_environment():
    value = _os.environ.get(_THREADS_ENV, "").strip()
    if not value:
        return
    try:
        set_threads(int(value))
    except ValueError:  # int() of text, or a negative count: warn rather than make the package unimportable
        _warnings.warn(
            f"{_THREADS_ENV}={value!r} is not a thread count (0 or more); using the default (automatic)",
            RuntimeWarning,
            stacklevel=2,
        )


_threads_from_environment()


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
