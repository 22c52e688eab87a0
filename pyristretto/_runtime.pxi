# The core's run-time settings: the thread count and the arithmetic backend. Included into _objects.pyx.


def _set_threads(k):
    """Sets the C++ thread setting: k >= 1 threads at most, 0 automatic (internal: pyristretto.set_threads
    validates k and calls this)."""
    cpp.set_msm_max_threads(k)


def _get_threads():
    """The C++ thread setting as set (0: automatic)."""
    return cpp.get_msm_max_threads()


def _max_threads():
    """At most this many threads are used: the setting, or available_cpus() when automatic; 64 at most."""
    cdef unsigned k = cpp.get_msm_max_threads()
    if k == 0:
        k = cpp.available_cpus()
    return min(k, cpp.kMaxThreadsCap)


def _available_cpus():
    """The CPUs this process may run on, as the C++ core counts them once: the sched_getaffinity mask, limited
    by a cgroup CPU quota (v2 cpu.max, else v1 cpu.cfs_quota_us); std::thread::hardware_concurrency() if unknown."""
    return cpp.available_cpus()


def _cpu_max_limit(text):
    """CPUs allowed by the text of a cgroup v2 cpu.max file (0: no limit); exposed for the tests."""
    return cpp.cpu_max_limit(as_bytes(text, "text"))


def _worker_count(n):
    """The threads the core would use for n points now (for the tests)."""
    return cpp.worker_count(n)


def _decode_work(n):
    """The point count worker_count gets for n points of work dominated by decoding (for the tests)."""
    return cpp.decode_work(n)


def _sum_work(n):
    """The point count worker_count gets for a plain sum of n decoded points (for the tests)."""
    return cpp.sum_work(n)


def backend():
    """The arithmetic backend in use: ``"ifma"`` (AVX-512 IFMA), ``"avx2"`` (AVX2, on x86-64 CPUs without IFMA),
    both chosen at run time on CPUs that have them, or ``"portable"``. Set ``PYRISTRETTO_BACKEND=portable`` (or
    ``avx2``, ``ifma``) before the first call to force one (a vector backend the CPU lacks falls back); the choice is
    made once per process."""
    return cpp.backend_name().decode("ascii")
