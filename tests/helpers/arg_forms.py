"""The forms in which the multi-point functions take their arguments (lists, tuples, generators, buffers, numpy
arrays, Point objects...), built from plain 32-byte encodings and int scalars, for the tests that run every form."""

import numpy as np

import pyristretto as pr
from reference import Q

SEQUENCE_FORMS = {"list": list, "tuple": tuple, "generator": lambda items: (x for x in items)}


def points_in_form(encodings, form):
    """The points (32-byte encodings) as the argument form named by `form`."""
    if form in SEQUENCE_FORMS:
        return SEQUENCE_FORMS[form](encodings)
    if form == "bytes":  # read in place, no copy
        return b"".join(encodings)
    if form == "bytearray":
        return bytearray(b"".join(encodings))
    if form == "memoryview":  # in place as well: the exporter is an immutable bytes
        return memoryview(b"".join(encodings))
    if form == "numpy":
        return np.frombuffer(b"".join(encodings), dtype=np.uint8).reshape(len(encodings), 32).copy()
    if form == "list_of_bytearray":
        return [bytearray(p) for p in encodings]
    if form == "list_of_numpy":
        return [np.frombuffer(p, dtype=np.uint8).copy() for p in encodings]
    if form == "mixed":  # Points, bytes and bytearrays
        return [pr.Point(p) if i % 3 == 0 else bytearray(p) if i % 3 == 1 else p for i, p in enumerate(encodings)]
    raise AssertionError(form)


def scalars_in_form(scalars, form):
    """The int scalars as the argument form named by `form`."""
    if form in SEQUENCE_FORMS:
        return SEQUENCE_FORMS[form](scalars)
    if form == "Scalars":
        return [pr.Scalar(s) if i % 2 else s for i, s in enumerate(scalars)]
    if form == "buffer":  # any 32 bytes: values >= q too (s + q for every fifth)
        return b"".join((s % Q + (Q if i % 5 == 0 else 0)).to_bytes(32, "little") for i, s in enumerate(scalars))
    if form == "numpy":  # the buffer form as an (n, 32) uint8 array
        return np.frombuffer(scalars_in_form(scalars, "buffer"), np.uint8).reshape(-1, 32).copy()
    if form == "numpy_int64":  # a 1-D integer array: only for scalars that fit; the caller checks
        return np.array(scalars, dtype=np.int64)
    raise AssertionError(form)
