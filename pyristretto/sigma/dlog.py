"""Small discrete logarithms base G: v with ``v * G == P`` and ``0 <= v < bound``, by baby-step giant-step with a
reusable table (exponential ElGamal's decryption, a tally's total). Variable time: for public values only (a tally,
a decrypted sum everybody may learn), never for secrets.

A table of m baby steps answers ``bound <= m`` with one encoding and one lookup, and a larger bound with one giant
step per m values more (encoded in batches, one inversion per 256 points). ``DiscreteLogTable(2**20)`` takes a
24 MiB table and decodes any value below 2^20 (a tally of a million yes/no votes) in tens of microseconds.
"""

from __future__ import annotations

import threading
from typing import Dict, List, Optional

from pyristretto import _group as grp
from pyristretto._group import Point, PointVector

__all__ = ["DiscreteLogError", "DiscreteLogTable", "discrete_log"]


class DiscreteLogError(ValueError):
    """No v in [0, bound) has v * G == P."""


class DiscreteLogTable:
    """A baby-step giant-step table of `size` baby steps (1 <= size <= 2^30; 24 bytes of memory per step), built
    once (with the GIL released) and shared by any number of threads: ``solve(P, bound)`` finds v in
    [0, bound) with v * G == P in about bound / size giant steps. Public values only (variable time)."""

    __slots__ = ("_table",)

    def __init__(self, size: int = 1 << 16) -> None:
        self._table = grp.DlogTable(grp.int_argument(size, "size", 1, 1 << 30))

    @property
    def size(self) -> int:
        """The number of baby steps."""
        return self._table.size

    @property
    def nbytes(self) -> int:
        """Bytes of memory the table holds."""
        return self._table.nbytes

    def solve(self, P, bound: int) -> int:
        """v in [0, bound) with v * G == P (P: a Point or its 32-byte encoding); DiscreteLogError when there is
        none. bound <= 2^62."""
        [v] = self.solve_many([_point(P, "P")], bound)
        if v is None:
            raise DiscreteLogError(f"P: no discrete log in [0, {bound})")
        return v

    def solve_many(self, points, bound: int) -> List[Optional[int]]:
        """[v or None] for each point (Points, encodings or a PointVector), all first giant steps encoded at once."""
        bound = grp.int_argument(bound, "bound", 0, 1 << 62)
        if type(points) is not PointVector:
            if isinstance(points, (str, bytes, bytearray, memoryview)) or not hasattr(points, "__iter__"):
                raise TypeError(f"points: expected a sequence of points, got {type(points).__name__}")
            points = PointVector([_point(P, f"points[{i}]") for i, P in enumerate(points)])
        return self._table.solve_many(points, bound)

    def __repr__(self) -> str:
        return f"DiscreteLogTable({self.size})"


def _point(P, name) -> Point:
    if not grp.is_element_argument(P):
        raise TypeError(f"{name}: expected a Point or 32 bytes, got {type(P).__name__}")
    try:
        return P if type(P) is Point else Point(P)
    except grp.InvalidPointError:
        raise grp.InvalidPointError(f"{name}: not a valid ristretto255 point encoding") from None


_TABLES: Dict[int, DiscreteLogTable] = {}
_LOCK = threading.Lock()


def _default_table(bound: int) -> DiscreteLogTable:
    """A shared table for bound: about sqrt(bound) steps, a power of two between 2^8 and 2^20."""
    size = 1 << max(8, min(20, (max(bound, 1) - 1).bit_length() // 2 + 1))
    with _LOCK:
        table = _TABLES.get(size)
        if table is None:
            table = _TABLES[size] = DiscreteLogTable(size)
    return table


def discrete_log(P, bound: int, table: Optional[DiscreteLogTable] = None) -> int:
    """v in [0, bound) with v * G == P, DiscreteLogError when there is none. table: a DiscreteLogTable to use (by
    default a table shared by the calls, of about sqrt(bound) baby steps up to 2^20, built on first use).
    Variable time: for public values only."""
    bound = grp.int_argument(bound, "bound", 0, 1 << 62)
    if table is None:
        table = _default_table(bound)
    elif not isinstance(table, DiscreteLogTable):
        raise TypeError(f"table: expected a DiscreteLogTable, got {type(table).__name__}")
    return table.solve(P, bound)
