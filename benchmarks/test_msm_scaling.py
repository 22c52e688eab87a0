"""MSM scaling: pyristretto msm / msm_vartime against the naive loop of scalarmult + add, n = 1..4096; and the
large-input series (time per point, peak extra memory) from 2^10 to 2^22 points.

    pytest benchmarks/test_msm_scaling.py
    pytest benchmarks/test_msm_scaling.py -k large_inputs    # the large-input series only (minutes)
"""

import pytest

from pyristretto.bench import peers as _peers

SLOW_N = 1024  # from this size on, a few fixed rounds (the naive loop at 4096 takes ~0.4 s a round)


@pytest.mark.parametrize("series", _peers.SCALING_SERIES, ids=[label for label, _, _ in _peers.SCALING_SERIES])
@pytest.mark.parametrize("n", _peers.SCALING_N)
def test_msm_scaling(run_workload, n, series):
    """One MSM of ``n`` terms by one implementation."""
    label, peer_key, workload = series
    run_workload(peer_key, workload, n, group=f"msm n={n:04d}", rounds=3 if n >= SLOW_N else None, impl=label)


# ---- large inputs: time per point and peak extra memory, n = 2^10 .. 2^22 ------------------------------------
# Each size runs in a fresh process (pyristretto.bench.scaling, as `python -m pyristretto bench --scaling`), so the
# memory figure is the call's own: the peak RSS growth during the call, inputs excluded. The benchmark times that
# subprocess's best call (pedantic, one round: the figure is the child's own timing, in extra_info) and asserts
# the memory bound: at most 64 MiB besides the Python wrapper's copies of the arguments (64 bytes per point).

LARGE_N = [2**k for k in range(10, 23)]
WRAPPER_BYTES_PER_POINT = 64  # the 32-byte copies of each scalar and point made while holding the GIL
CORE_BOUND_MIB = 64


# Constant-time msm up to 2^20 only (beyond, minutes per call on a shared 2-core machine; 2^20 shows the bound).
LARGE_CASES = [(fn, n) for fn in ("msm_vartime", "point_sum", "msm") for n in LARGE_N if fn != "msm" or n <= 2**20]


@pytest.mark.parametrize("fn, n", LARGE_CASES, ids=[f"{fn}-2^{n.bit_length() - 1}" for fn, n in LARGE_CASES])
def test_msm_large_inputs(benchmark, n, fn):
    """One size of the large-input series: µs per point and extra MiB in extra_info, memory bounded."""
    from pyristretto.bench import scaling as _scaling

    result = benchmark.pedantic(lambda: _scaling.measure(fn, n, 1), rounds=1, iterations=1)
    assert result["status"] == "ok", result["status"]
    benchmark.extra_info.update(n=n, us_per_point=result["seconds"] / n * 1e6, extra_mib=result["extra_mib"])
    if result["extra_mib"] is not None:
        core_mib = result["extra_mib"] - n * WRAPPER_BYTES_PER_POINT / 2**20
        assert core_mib <= CORE_BOUND_MIB, f"{fn} n={n}: {core_mib:.1f} MiB besides the argument copies"
