"""Type stubs for pyristretto._core: it has no Python-level names, only the cdef entry points of _core.pxd
(through its C-API, for cimport)."""
