"""Audit a ledger of Pedersen commitments on a Dask cluster with pyristretto.dask.

Each ledger entry is a commitment C_i = a_i·G + r_i·H to an amount a_i with a secret blinding r_i. The ledger's
operator publishes the totals A = Σ a_i and R = Σ r_i mod q; an auditor who holds only the commitments checks
Σ C_i == pedersen_commit(A, R): a wrong total, or a commitment to a different amount, makes the check fail.

The commitments are generated chunk by chunk in the workers (a Dask array of shape (n, 32), dtype uint8), can
be written to and read back from a folder of .npy files, and are summed by pyristretto.dask.point_sum.

    python examples/dask_ledger_audit.py                          # 10,000 entries, local cluster of 2 workers
    python examples/dask_ledger_audit.py --entries 1000000 --chunk 65536 --workers 4
    python examples/dask_ledger_audit.py --scheduler tcp://host:8786   # an existing cluster
    python examples/dask_ledger_audit.py --npy-dir /tmp/ledger    # through a folder of .npy files
    python examples/dask_ledger_audit.py --tamper 1234            # entry 1234 commits to another amount

Exit status: 0 when the audit passes, 1 when it fails.
"""

import argparse
import sys
import time

import dask
import dask.array as da
import numpy as np
from dask.distributed import Client, LocalCluster

import pyristretto as pr
import pyristretto.dask as prd


def ledger_chunk(seed, index, rows, tamper_row):
    """One chunk of the ledger, in a worker: (commitments (rows, 32) uint8, Σ amounts, Σ blindings mod q).

    Amounts are reproducible from the seed; blindings come from the CSPRNG, as real ones must. With
    tamper_row (an index inside this chunk), that entry commits to its amount + 1 while the totals keep the
    true amount: what a dishonest operator would publish."""
    amounts = np.random.default_rng([seed, index]).integers(0, 10**6, rows).tolist()
    blindings = [pr.sc_rand() for _ in range(rows)]
    committed = list(amounts)
    if tamper_row is not None:
        committed[tamper_row] += 1
    commitments = b"".join(pr.pedersen_commit(a, r) for a, r in zip(committed, blindings))
    return np.frombuffer(commitments, np.uint8).reshape(rows, 32), sum(amounts), sum(blindings) % pr.q


def sum_mod_q(values):
    return sum(values) % pr.q


def make_ledger(entries, chunk, seed, tamper):
    """The ledger, generated in the workers: (commitments as a Dask array, Σ amounts, Σ blindings mod q).

    Each chunk is generated exactly once (persisted before it is split into its three parts): generating it
    again would draw other blindings, and the commitments would no longer match the totals."""
    make = dask.delayed(ledger_chunk, pure=False)
    starts = range(0, entries, chunk)
    parts = dask.persist(
        *[
            make(
                seed,
                index,
                min(chunk, entries - start),
                tamper - start if tamper is not None and start <= tamper < start + chunk else None,
            )
            for index, start in enumerate(starts)
        ]
    )
    commitments = da.concatenate(
        [
            da.from_delayed(part[0], shape=(min(chunk, entries - start), 32), dtype=np.uint8)
            for part, start in zip(parts, starts)
        ]
    )
    total_amount = dask.delayed(sum)([part[1] for part in parts])
    total_blinding = dask.delayed(sum_mod_q)([part[2] for part in parts])
    return commitments, total_amount, total_blinding


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=10_000, help="ledger entries (default 10000)")
    parser.add_argument("--chunk", type=int, default=1000, help="entries per chunk (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="local cluster worker processes (default 2)")
    parser.add_argument("--scheduler", help="address of an existing Dask scheduler instead of a local cluster")
    parser.add_argument("--npy-dir", help="write the commitments to this folder (.npy files) and audit from it")
    parser.add_argument("--tamper", type=int, help="make this entry commit to a different amount")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    if args.entries < 1 or args.chunk < 1:
        parser.error("--entries and --chunk must be positive")

    if args.scheduler:
        client, cluster = Client(args.scheduler), None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=":0")
        client = Client(cluster)
    try:
        start = time.perf_counter()
        commitments, total_amount, total_blinding = make_ledger(args.entries, args.chunk, args.seed, args.tamper)
        # the commitments stay in the workers' memory; the operator's published totals come back
        commitments = commitments.persist()
        total_amount, total_blinding = dask.compute(total_amount, total_blinding)
        print(
            f"ledger: {args.entries} commitments in {commitments.numblocks[0]} chunks, "
            f"generated in {time.perf_counter() - start:.2f} s; published total amount {total_amount}"
        )
        if args.npy_dir:
            da.to_npy_stack(args.npy_dir, commitments)
            commitments = da.from_npy_stack(args.npy_dir)  # what an auditor reads back
            print(f"written to and read back from {args.npy_dir}")

        start = time.perf_counter()
        total = prd.point_sum(commitments)
        expected = pr.pedersen_commit(total_amount, total_blinding)
        seconds = time.perf_counter() - start
        ok = total == expected
        print(f"sum of commitments {total.hex()}")
        print(f"commit(totals)     {expected.hex()}")
        print(
            f"audit {'PASSED' if ok else 'FAILED'} in {seconds:.2f} s on {len(client.scheduler_info()['workers'])} "
            f"workers"
        )
        return 0 if ok else 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
