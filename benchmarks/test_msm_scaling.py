"""MSM scaling: pyristretto msm / msm_vartime against the naive loop of scalarmult + add, n = 1..4096.

    pytest benchmarks/test_msm_scaling.py
"""
import pytest

from pyristretto import _peers

SLOW_N = 1024  # from this size on, a few fixed rounds (the naive loop at 4096 takes ~0.4 s a round)


@pytest.mark.parametrize("series", _peers.SCALING_SERIES, ids=[label for label, _, _ in _peers.SCALING_SERIES])
@pytest.mark.parametrize("n", _peers.SCALING_N)
def test_msm_scaling(run_workload, n, series):
    """One MSM of ``n`` terms by one implementation."""
    label, peer_key, workload = series
    run_workload(peer_key, workload, n, group=f"msm n={n:04d}", rounds=3 if n >= SLOW_N else None, impl=label)
