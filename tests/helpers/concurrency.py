"""Running a function in many threads at once (for test_threads.py and test_concurrency.py)."""

import contextlib
import threading


def run_concurrently(target, n_threads, timeout=300):
    """Runs target(k) for k in range(n_threads), released together by a barrier; re-raises the first error."""
    barrier = threading.Barrier(n_threads)
    errors = []

    def body(k):
        try:
            barrier.wait()
            target(k)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the calling thread
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(k,)) for k in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
        assert not t.is_alive(), "a thread hung"
    if errors:
        raise errors[0]


@contextlib.contextmanager
def thread_setting(k):
    """pyristretto.set_threads(k) for the duration, then the previous setting again: with k >= 2 the C++ core's
    threaded split (from 128 points, at least 64 points per thread) is reached whatever the machine's CPU count."""
    import pyristretto

    before = pyristretto._objects._get_threads()
    pyristretto.set_threads(k)
    try:
        yield
    finally:
        pyristretto.set_threads(before)
