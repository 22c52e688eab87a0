"""Multi-scalar multiplication and point sums over Dask arrays (``pip install "pyristretto[dask]"``).

Points and scalars travel as Dask arrays of shape ``(n, 32)`` and dtype ``uint8`` (one 32-byte encoding or
little-endian scalar per row), chunked along the first axis. Each chunk runs the single-machine function
(:func:`pyristretto.msm`, :func:`pyristretto.msm_vartime`, :func:`pyristretto.point_sum`) in a worker; the
partial points (32 bytes each) are added with :func:`pyristretto.point_sum` in a tree, each task adding at most
``split_every`` of them, so they never pile up in one place. The computation runs on the active Dask scheduler:
a ``dask.distributed.Client`` when one exists, else Dask's local threads (the functions release the GIL).

    import dask.array as da
    from dask.distributed import Client
    import pyristretto.dask as prd

    client = Client("scheduler-address:8786")
    points = da.from_npy_stack("ledger/commitments")      # (n, 32) uint8
    total = prd.point_sum(points)                          # 32 bytes, as pyristretto.point_sum gives

Only numpy arrays of bytes, 32-byte ``bytes`` and ints travel between processes: everything pickles.

:func:`sr25519_verify_batch` verifies millions of sr25519 signatures the same way: a batch verification per chunk
(:func:`pyristretto.sr25519.verify_batch`), the first failing row of the whole array named by its global index.

Secret scalars (:func:`msm`) travel to the workers like any other array (in the clear unless the cluster uses
TLS) and stay in their memory as Dask keeps it; only the single-machine function's own copies are wiped.
"""

from __future__ import annotations

import operator
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, cast

import dask.array as da
import numpy as np
from dask.base import tokenize
from dask.delayed import Delayed
from dask.highlevelgraph import HighLevelGraph

import pyristretto as _pr
from pyristretto import IDENTITY, InvalidPointError

__all__ = [
    "msm",
    "msm_vartime",
    "point_sum",
    "sr25519_verify_batch",
    "DEFAULT_CHUNK_ROWS",
    "DEFAULT_SPLIT_EVERY",
    "DEFAULT_SR25519_CHUNK_ROWS",
]

#: Rows per chunk when a numpy array has to be chunked here (2^16 rows = 2 MiB). A chunk should hold far more
#: work (~10 µs a row for msm_vartime) than a task costs the scheduler (~1 ms on a local cluster).
DEFAULT_CHUNK_ROWS = 1 << 16
#: Partial sums added by one task of the tree reduction.
DEFAULT_SPLIT_EVERY = 32

ArrayLike = Union[da.Array, np.ndarray]
# A chunk's partial result: its 32-byte sum, or the global index of its first invalid point.
Partial = Union[bytes, int]
# The 32-byte result, or with compute=False a dask.delayed object that computes to it.
Result = Union[bytes, Delayed]

_INVALID_INDEX = re.compile(r"^points\[(\d+)\]")


def _as_dask(array: ArrayLike, name: str, row_chunks: Optional[Tuple[int, ...]]) -> da.Array:
    """array as a Dask array of shape (n, 32), dtype uint8, one chunk across the 32 columns."""
    if not isinstance(array, (np.ndarray, da.Array)):
        raise TypeError(
            f"{name}: expected a dask or numpy array of shape (n, 32) and dtype uint8, "
            f"got {type(array).__name__} (the functions of pyristretto itself take lists)"
        )
    if array.dtype != np.uint8:
        raise TypeError(f"{name}: expected dtype uint8, got {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 32:
        raise ValueError(f"{name}: expected shape (n, 32), got {array.shape}")
    if isinstance(array, np.ndarray):
        result = da.from_array(array, chunks=(row_chunks or DEFAULT_CHUNK_ROWS, 32))
    else:
        result = array
    if any(np.isnan(c) for c in result.chunks[0]):
        raise ValueError(f"{name}: unknown chunk sizes; call {name}.compute_chunk_sizes() first")
    if len(result.chunks[1]) != 1:
        result = result.rechunk({1: 32})
    return result


def _offsets(chunks: Sequence[int]) -> List[int]:
    """The global index of the first row of each chunk."""
    return np.concatenate([[0], np.cumsum(chunks[:-1], dtype=np.int64)]).astype(int).tolist()


def _chunk_partial(function_name: str, offset: int, *blocks: np.ndarray) -> Partial:
    """Runs pyristretto.<function_name> on one chunk (in a worker).

    Returns the chunk's sum, or the global index of its first invalid point (the tree keeps the lowest,
    so the error names the first invalid point of the whole array, as the single-machine function does)."""
    function = getattr(_pr, function_name)
    try:
        return function(*(np.ascontiguousarray(b) for b in blocks))
    except InvalidPointError as exc:
        found = _INVALID_INDEX.match(str(exc))
        if found is None:  # not a message this module knows: let it through as it is
            raise
        return offset + int(found.group(1))


def _combine(partials: Sequence[Partial]) -> Partial:
    """Adds partial sums; an invalid index anywhere wins (the lowest one)."""
    invalid = [p for p in partials if isinstance(p, int)]
    if invalid:
        return min(invalid)
    return _pr.point_sum(b"".join(cast(Sequence[bytes], partials)))  # no int among them


def _finish(partial: Partial) -> bytes:
    if isinstance(partial, int):
        raise InvalidPointError(f"points[{partial}] is not a valid Ristretto255 point encoding")
    return partial


def _options(split_every: Optional[int], compute: bool) -> int:
    """The tree's fan-in (split_every: None for the default, else an int >= 2); TypeError for a compute that is not
    a bool (a truthy "no" would compute)."""
    if not isinstance(compute, (bool, np.bool_)):
        raise TypeError(f"compute: expected a bool, got {type(compute).__name__}")
    if isinstance(split_every, (bool, np.bool_)):
        raise TypeError("split_every: expected an int, got bool")
    try:
        split_every = DEFAULT_SPLIT_EVERY if split_every is None else operator.index(split_every)
    except TypeError:
        raise TypeError(f"split_every: expected an int, got {type(split_every).__name__}") from None
    if split_every < 2:
        raise ValueError(f"split_every: expected an int >= 2, got {split_every}")
    return split_every


def _reduce(function_name: str, arrays: List[da.Array], split_every: Optional[int], compute: bool) -> Result:
    """One task per non-empty chunk (_chunk_partial), then a tree of _combine tasks, then _finish.

    The graph is written out directly (one dict, in Dask's task-tuple form): building it through
    dask.delayed costs ~1 ms a chunk on the client, more than a chunk's task costs the cluster."""
    split_every = _options(split_every, compute)
    chunk_rows = arrays[-1].chunks[0]  # the points' chunks: every other array is aligned to them
    token = tokenize(function_name, split_every, *arrays)
    name = f"pyristretto-{function_name.replace('_', '-')}-{token}"
    graph: Dict[Any, Any] = {}
    level = []
    for i, (offset, rows) in enumerate(zip(_offsets(chunk_rows), chunk_rows)):
        if rows:  # an empty chunk adds nothing: no task
            graph[(name, 0, i)] = (_chunk_partial, function_name, offset, *((a.name, i, 0) for a in arrays))
            level.append((name, 0, i))
    depth = 0
    while len(level) > 1:  # the tree: split_every partial sums per task, level by level
        depth += 1
        groups = [level[i : i + split_every] for i in range(0, len(level), split_every)]
        level = []
        for j, group in enumerate(groups):
            graph[(name, depth, j)] = (_combine, list(group))
            level.append((name, depth, j))
    graph[name] = (_finish, level[0] if level else IDENTITY)
    result = Delayed(name, HighLevelGraph.from_collections(name, graph, dependencies=cast(Any, arrays)))
    return result.compute() if compute else result


def point_sum(points: ArrayLike, *, split_every: Optional[int] = None, compute: bool = True) -> Result:
    """The sum of the points (rows of a Dask or numpy array of shape (n, 32), dtype uint8) as 32 bytes.

    Equal to ``pyristretto.point_sum(points)``; ``IDENTITY`` when n is 0. Each chunk is summed in a worker,
    the partial sums are added ``split_every`` at a time (default 32). An invalid encoding raises
    ``InvalidPointError`` naming its global row (``points[123456]``): the first invalid row of the array.
    ``compute=False`` returns a ``dask.delayed`` object instead (to compute several results in one go)."""
    return _reduce("point_sum", [_as_dask(points, "points", None)], split_every, compute)


def _msm(
    function_name: str, scalars: ArrayLike, points: ArrayLike, split_every: Optional[int], compute: bool
) -> Result:
    dask_points = _as_dask(points, "points", None)
    dask_scalars = _as_dask(scalars, "scalars", None)
    if dask_scalars.shape[0] != dask_points.shape[0]:
        raise ValueError(f"{function_name}: {dask_scalars.shape[0]} scalars but {dask_points.shape[0]} points")
    # One chunking for both: a numpy side takes the other side's chunks, else the scalars are rechunked to
    # the points' chunks (moving the scalars only).
    if isinstance(points, np.ndarray) and not isinstance(scalars, np.ndarray):
        dask_points = _as_dask(points, "points", dask_scalars.chunks[0])
    elif isinstance(scalars, np.ndarray):
        dask_scalars = _as_dask(scalars, "scalars", dask_points.chunks[0])
    elif dask_scalars.chunks[0] != dask_points.chunks[0]:
        dask_scalars = dask_scalars.rechunk({0: dask_points.chunks[0]})
    return _reduce(function_name, [dask_scalars, dask_points], split_every, compute)


def msm(scalars: ArrayLike, points: ArrayLike, *, split_every: Optional[int] = None, compute: bool = True) -> Result:
    """``Σ scalars[i]·points[i]`` as 32 bytes, constant-time in the scalars within each worker.

    ``scalars`` and ``points`` are Dask (or numpy) arrays of shape (n, 32), dtype uint8: scalars are any 32
    little-endian bytes, reduced mod q; points are encodings. The scalars are rechunked to the points' chunks
    when they differ. Mismatched lengths raise ``ValueError``; an invalid point raises ``InvalidPointError``
    naming its global row. Equal to ``pyristretto.msm(scalars, points)``. See :func:`point_sum` for
    ``split_every`` and ``compute``, and the module docstring about secret scalars on a cluster."""
    return _msm("msm", scalars, points, split_every, compute)


def msm_vartime(
    scalars: ArrayLike, points: ArrayLike, *, split_every: Optional[int] = None, compute: bool = True
) -> Result:
    """``Σ scalars[i]·points[i]`` for PUBLIC scalars (time depends on them): as :func:`msm` otherwise.

    Equal to ``pyristretto.msm_vartime(scalars, points)``."""
    return _msm("msm_vartime", scalars, points, split_every, compute)


#: Rows per chunk for sr25519_verify_batch when numpy input has to be chunked here (a chunk's batch is ~5 us a
#: signature on one core: 2^14 rows, ~80 ms, far above a task's cost to the scheduler).
DEFAULT_SR25519_CHUNK_ROWS = 1 << 14


def _as_rows(
    array: Union[ArrayLike, Sequence[bytes]], name: str, width: Optional[int], row_chunks: Optional[Tuple[int, ...]]
) -> da.Array:
    """array as a Dask array of n rows: (n, width) uint8 when width is given, else (n, m) uint8 or (n,) of bytes
    objects (messages), chunked along the rows only."""
    if isinstance(array, (list, tuple)):
        items = np.empty(len(array), dtype=object)  # (n,) of bytes objects, whatever their lengths
        items[:] = list(array)
        array = items
    if not isinstance(array, (np.ndarray, da.Array)):
        raise TypeError(f"{name}: expected a dask or numpy array, got {type(array).__name__}")
    if width is not None or array.dtype != object:
        if array.dtype != np.uint8:
            raise TypeError(f"{name}: expected dtype uint8, got {array.dtype}")
        if array.ndim != 2 or (width is not None and array.shape[1] != width):
            raise ValueError(f"{name}: expected shape (n, {width if width is not None else 'm'}), got {array.shape}")
    elif array.ndim != 1:
        raise ValueError(f"{name}: an object array of messages must have shape (n,), got {array.shape}")
    if isinstance(array, np.ndarray):
        chunks = (row_chunks or DEFAULT_SR25519_CHUNK_ROWS,) + tuple(array.shape[1:])
        result = da.from_array(array, chunks=chunks)
    else:
        result = array
    if any(np.isnan(c) for c in result.chunks[0]):
        raise ValueError(f"{name}: unknown chunk sizes; call {name}.compute_chunk_sizes() first")
    if result.ndim == 2 and len(result.chunks[1]) != 1:
        result = result.rechunk({1: result.shape[1]})
    return result


def _sr25519_chunk(
    context: bytes, offset: int, signatures: np.ndarray, messages: np.ndarray, public_keys: np.ndarray
) -> Optional[int]:
    """One chunk's batch verification (in a worker): None when every signature verifies, else the global index of
    the chunk's first failing one."""
    from pyristretto import sr25519

    sigs = [row.tobytes() for row in np.ascontiguousarray(signatures)]
    keys = [row.tobytes() for row in np.ascontiguousarray(public_keys)]
    msgs = [row.tobytes() for row in messages] if messages.dtype == np.uint8 else list(messages)
    try:
        sr25519.verify_batch(sigs, msgs, keys, context)
    except sr25519.BatchVerificationError as exc:
        return offset + (exc.index if exc.index is not None else 0)
    return None


def _first_index(partials: Sequence[Optional[int]]) -> Optional[int]:
    found = [p for p in partials if p is not None]
    return min(found) if found else None


def _sr25519_finish(partial: Optional[int]) -> bool:
    from pyristretto import sr25519

    if partial is not None:
        raise sr25519.BatchVerificationError(f"signatures[{partial}] does not verify", "equation", partial)
    return True


def sr25519_verify_batch(
    signatures: ArrayLike,
    messages: Union[ArrayLike, Sequence[bytes]],
    public_keys: ArrayLike,
    context: bytes = b"substrate",
    *,
    split_every: Optional[int] = None,
    compute: bool = True,
) -> Union[bool, Delayed]:
    """True when every sr25519 signature verifies, chunk by chunk on the cluster: ``signatures`` (n, 64) and
    ``public_keys`` (n, 32) uint8 arrays (Dask or numpy), ``messages`` an (n, m) uint8 array of equal-length
    messages, a 1-D object array of bytes, or a list of bytes; one signing ``context`` (bytes) for all. Each chunk
    (the signatures' chunks; the other arrays are rechunked to them) is one
    :func:`pyristretto.sr25519.verify_batch` in a worker; otherwise ``BatchVerificationError`` naming the first
    failing row of the whole array by its global index (``exc.index``), as the single-machine function names it.
    ``compute=False`` returns a ``dask.delayed`` object; ``split_every`` as for :func:`point_sum`."""
    if not isinstance(context, bytes):
        raise TypeError(f"context: expected bytes, got {type(context).__name__}")
    split_every = _options(split_every, compute)
    sigs = _as_rows(signatures, "signatures", 64, None)
    keys = _as_rows(public_keys, "public_keys", 32, sigs.chunks[0])
    msgs = _as_rows(messages, "messages", None, sigs.chunks[0])
    n = sigs.shape[0]
    if keys.shape[0] != n or msgs.shape[0] != n:
        raise ValueError(f"signatures, messages, public_keys: {n}, {msgs.shape[0]} and {keys.shape[0]} rows")
    if keys.chunks[0] != sigs.chunks[0]:
        keys = keys.rechunk({0: sigs.chunks[0]})
    if msgs.chunks[0] != sigs.chunks[0]:
        msgs = msgs.rechunk({0: sigs.chunks[0]})
    token = tokenize("sr25519", context, split_every, sigs, msgs, keys)
    name = f"pyristretto-sr25519-verify-batch-{token}"
    graph: Dict[Any, Any] = {}
    level = []
    for i, (offset, rows) in enumerate(zip(_offsets(sigs.chunks[0]), sigs.chunks[0])):
        if rows:
            msg_key = (msgs.name, i, 0) if msgs.ndim == 2 else (msgs.name, i)
            graph[(name, 0, i)] = (_sr25519_chunk, context, offset, (sigs.name, i, 0), msg_key, (keys.name, i, 0))
            level.append((name, 0, i))
    depth = 0
    while len(level) > 1:
        depth += 1
        groups = [level[j : j + split_every] for j in range(0, len(level), split_every)]
        level = []
        for j, group in enumerate(groups):
            graph[(name, depth, j)] = (_first_index, list(group))
            level.append((name, depth, j))
    graph[name] = (_sr25519_finish, level[0] if level else None)
    result = Delayed(name, HighLevelGraph.from_collections(name, graph, dependencies=cast(Any, [sigs, msgs, keys])))
    return result.compute() if compute else result
