# Makes `cimport pyristretto` work; the declarations live in pyristretto/_core.pxd (the exported nogil
# entry points) and pyristretto/cpp.pxd (the C++ core), e.g. `from pyristretto._core cimport msm_vartime_raw`.
