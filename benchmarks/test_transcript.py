"""Merlin transcripts (issue 20): ``Transcript.challenge_scalar`` after one ``append_message`` of 32 bytes, the
issue's figure (at most 3 us), on a running transcript, on a fork of one (``clone``) and on a new one; and the
transcript RNG's ``random_scalar``. Each result is checked against challenge_bytes(64) reduced mod q first::

    pytest benchmarks/test_transcript.py --benchmark-group-by=group
"""

import pytest

from pyristretto import Scalar, Transcript

MESSAGE = bytes(range(32))


def running():
    t = Transcript(b"bench")
    return lambda: (t.append_message(b"m", MESSAGE), t.challenge_scalar(b"c"))[1]


def forked():
    base = Transcript(b"bench")

    def task():
        t = base.clone()
        t.append_message(b"m", MESSAGE)
        return t.challenge_scalar(b"c")

    return task


def new():
    def task():
        t = Transcript(b"bench")
        t.append_message(b"m", MESSAGE)
        return t.challenge_scalar(b"c")

    return task


def rng():
    g = Transcript(b"bench").build_rng().rekey_with_witness_bytes(b"w", MESSAGE).finalize()
    return g.random_scalar


CASES = {
    "append_message + challenge_scalar": running,
    "clone + append_message + challenge_scalar": forked,
    "Transcript() + append_message + challenge_scalar": new,
    "TranscriptRng.random_scalar": rng,
}


def expected_first():
    t = Transcript(b"bench")
    t.append_message(b"m", MESSAGE)
    return Scalar.from_bytes_mod_order(t.challenge_bytes(b"c", 64))


@pytest.mark.parametrize("name", list(CASES))
def test_transcript(benchmark, record_best, name):
    task = CASES[name]()
    first = task()
    assert type(first) is Scalar
    if name != "TranscriptRng.random_scalar":
        assert first == expected_first()
    benchmark.group = "transcript"
    benchmark(task)
    record_best(name)
