"""The timing loop of the scripts that compare the two backends, each in a fresh interpreter
(frost_batch_cpu.py, backends.py): best CPU time and best wall-clock time per call."""

import time


class Inline:
    """An expression timed in the loop's own frame, as timeit does, with its names bound as locals: a
    sub-microsecond operation (P + Q) is then timed without a lambda call per iteration (~40 ns, a quarter of
    P + Q on its own). Calling it evaluates the expression once (its result, for the scripts' checks)."""

    def __init__(self, expression, **names):
        self.expression, self.names = expression, names
        params = "".join(f", {name}={name}" for name in names)
        scope = dict(names)
        exec(f"def run(_n{params}):\n    for _ in range(_n):\n        {expression}\n", scope)
        self.run = scope["run"]

    def __call__(self):
        return eval(self.expression, dict(self.names))


def _calls(op):
    def run(n):
        for _ in range(n):
            op()

    return run


def best_times(op, repeats):
    """(CPU seconds, wall seconds) per call of op (a callable or an Inline), each the best of `repeats` loops of
    ~0.2 s. CPU time is time.process_time: every thread of the process, so a threaded call is not flattered by a
    free second core."""
    run = op.run if isinstance(op, Inline) else _calls(op)
    start = time.process_time()
    loops = 0
    while time.process_time() - start < 0.05:
        run(1)
        loops += 1
    loops = max(1, 4 * loops)
    best_cpu = best_wall = float("inf")
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        run(loops)
        best_cpu = min(best_cpu, (time.process_time() - c0) / loops)
        best_wall = min(best_wall, (time.perf_counter() - w0) / loops)
    return best_cpu, best_wall
