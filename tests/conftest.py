import os
import random
import sys

import pytest

# the test helpers (tests/helpers: references, argument forms, builds) import as top-level modules
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "helpers"))

import reference  # noqa: E402


def pytest_report_header(config):
    # The suite runs on the backend in use; PYRISTRETTO_BACKEND=portable runs it on the portable code (CI does both).
    import pyristretto

    return (
        f"pyristretto backend: {pyristretto.backend()} (PYRISTRETTO_BACKEND={os.environ.get('PYRISTRETTO_BACKEND')!r})"
    )


@pytest.fixture(scope="session")
def vectors():
    # load_vectors raises (never skips) when the vectors file is missing
    return reference.load_vectors()


@pytest.fixture(scope="session")
def ref():
    return reference


@pytest.fixture
def rng(request):
    # one reproducible stream per test
    return random.Random(f"pyristretto:{request.node.nodeid}")


@pytest.fixture
def fast_switching():
    """The GIL changes hands as often as possible, so threads interleave between the nogil sections."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


@pytest.fixture(scope="session")
def pool():
    """Points with known discrete logs (see reference.KnownLogPool)."""
    return reference.KnownLogPool(random.Random(20240611), 512)
