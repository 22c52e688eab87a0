# Makes `cimport pyristretto` work; the declarations live in pyristretto/_core.pxd (the exported nogil entry
# points on encodings, which call their twins in _objects through its C-API), pyristretto/_objects.pxd (the
# Point, Scalar and FixedBase classes with their C++ members, and nogil functions on decoded points) and
# pyristretto/cpp.pxd (the C++ core),
# e.g. `from pyristretto._core cimport msm_vartime_raw` or `from pyristretto._objects cimport Point`.
