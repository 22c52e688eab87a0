"""pyristretto against pysodium, PyNaCl (ed25519 equivalent), rbcl and oblivious on the seed workloads.

Grouped by workload so pytest-benchmark's table puts the libraries side by side::

    pytest benchmarks/test_compare.py
"""

import pytest

from pyristretto.bench import peers as _peers


@pytest.mark.parametrize("peer_key", _peers.PEER_KEYS)
@pytest.mark.parametrize("workload", list(_peers.WORKLOADS))
def test_compare(run_workload, workload, peer_key):
    """One round of ``workload`` (its seed size) on one library."""
    run_workload(peer_key, workload, _peers.WORKLOADS[workload].size)
