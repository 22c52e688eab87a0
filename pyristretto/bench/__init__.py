"""The benchmark tool: ``python -m pyristretto bench`` (also ``python -m pyristretto.bench``).

Kept apart from the library: nothing in pyristretto imports it, and it alone imports the peer libraries.

- :mod:`pyristretto.bench.peers`: the workloads and one adapter per peer library (pysodium, PyNaCl, rbcl,
  oblivious, a pure-Python reference), each result checked against libsodium;
- :mod:`pyristretto.bench.report`: the command line, the comparison report, its tables, JSON and plots;
- :mod:`pyristretto.bench.scaling`: the large-input series (time and peak memory per point, fresh processes);
- :mod:`pyristretto.bench.vectors`: the PointVector and MSMTable rows;
- :mod:`pyristretto.bench.tables`: Markdown tables.
"""
