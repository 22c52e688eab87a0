"""The timing loop of the scripts that compare the two backends, each in a fresh interpreter
(frost_batch_cpu.py, backends.py): best CPU time and best wall-clock time per call."""
import time


def best_times(op, repeats):
    """(CPU seconds, wall seconds) per call of op, each the best of `repeats` loops of ~0.2 s. CPU time is
    time.process_time: every thread of the process, so a threaded call is not flattered by a free second core."""
    start = time.process_time()
    loops = 0
    while time.process_time() - start < 0.05:
        op()
        loops += 1
    loops = max(1, 4 * loops)
    best_cpu = best_wall = float("inf")
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(loops):
            op()
        best_cpu = min(best_cpu, (time.process_time() - c0) / loops)
        best_wall = min(best_wall, (time.perf_counter() - w0) / loops)
    return best_cpu, best_wall
