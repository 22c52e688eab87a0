"""Issue 20's toolkit: ScalarVector against Python-int arithmetic mod q, its laws, ScalarVector as the scalars of
every MSM entry point, Scalar ** e, the PointVector additions (concat, V * s, scale_vartime, fold_vartime,
hash_to_group), random_weights, select / swap, the OPRF servers' evaluate_batch, and 8-thread sharing."""

import copy
import json
import os
import pickle
import secrets
import threading

import pytest
from hypothesis import given, settings, strategies as st

import pyristretto as pr
from pyristretto import Point, PointVector, Scalar, ScalarVector
from pyristretto.oprf import InvalidInputError, OPRFServer, POPRFServer
from vectors import load_json

Q = 2**252 + 27742317777372353535851937790883648493
EDGES = [0, 1, 2, Q - 1, Q - 2, 2**128, Q // 2]
VECTORS = load_json("ristretto255.json")


def rand_ints(n):
    return [secrets.randbelow(Q) for _ in range(n)]


def mixed(n):
    """Random values with the edge values in front."""
    return (EDGES + rand_ints(n))[:n]


scalars = st.integers(min_value=0, max_value=Q - 1)
vectors = st.integers(min_value=0, max_value=12).flatmap(
    lambda n: st.tuples(*[st.lists(scalars, min_size=n, max_size=n)] * 3)
)


# ---- ScalarVector against ints --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 7, 64, 65, 200])
def test_elementwise_and_reductions_match_ints(n):
    a, b = mixed(n), rand_ints(n)[::-1]
    A, B = ScalarVector(a), ScalarVector(b)
    assert [int(x) for x in A] == a and len(A) == n
    assert A + B == [(x + y) % Q for x, y in zip(a, b)]
    assert A - B == [(x - y) % Q for x, y in zip(a, b)]
    assert A * B == [(x * y) % Q for x, y in zip(a, b)]
    assert -A == [(-x) % Q for x in a]
    assert int(A.inner(B)) == sum(x * y for x, y in zip(a, b)) % Q
    assert int(A.inner(b)) == int(A.inner(B))
    assert int(A.sum()) == sum(a) % Q
    for s in (0, 1, Q - 1, secrets.randbelow(Q)):
        expected = [(x * s) % Q for x in a]
        assert A * s == expected and s * A == expected and Scalar(s) * A == expected and A * Scalar(s) == expected


# Lengths around the lazy-reduction block (64 products per reduction) and the 1024 of the benchmarks; every value
# an edge one (0, 1, q-1, ...) or the worst case for the unreduced sums (all q - 1).
@pytest.mark.parametrize("n", [*range(1, 41), 63, 64, 65, 127, 128, 129, 1023, 1024, 1025])
def test_every_op_at_block_boundaries(n):
    for a, b in ((mixed(n), (EDGES[::-1] + rand_ints(n))[:n]), ([Q - 1] * n, [Q - 1] * n), ([0] * n, [1] * n)):
        A, B = ScalarVector(a), ScalarVector(b)
        x, y = b[0], a[-1]
        assert A + B == [(u + v) % Q for u, v in zip(a, b)]
        assert A - B == [(u - v) % Q for u, v in zip(a, b)]
        assert A * B == [u * v % Q for u, v in zip(a, b)]
        assert A * x == [u * x % Q for u in a]
        assert int(A.inner(B)) == sum(u * v for u, v in zip(a, b)) % Q
        assert int(A.sum()) == sum(a) % Q
        h = n // 2
        assert ScalarVector(a[: 2 * h]).fold(x, y) == [(a[i] * x + a[h + i] * y) % Q for i in range(h)]
        assert ScalarVector.powers(x, n) == [pow(x, i, Q) for i in range(n)]
        nonzero = [u or 1 for u in a]
        expected = [pow(u, -1, Q) for u in nonzero]
        C = ScalarVector(nonzero)
        assert C.batch_invert() == expected and C.batch_invert_vartime() == expected


def test_inputs_are_reduced_and_mixed_forms_accepted():
    values = [-1, Q, Q + 5, 2**300, Scalar(7), 3]
    assert ScalarVector(values) == [Q - 1, 0, 5, 2**300 % Q, 7, 3]
    raw = b"".join(v.to_bytes(32, "little") for v in [Q, 2**256 - 1, 9])
    assert ScalarVector(raw) == [0, (2**256 - 1) % Q, 9]  # a buffer: reduced, as msm's scalars
    assert ScalarVector(ScalarVector([1, 2])) == [1, 2]
    with pytest.raises(ValueError, match=r"b\[0\]"):
        ScalarVector.from_bytes(raw)  # from_bytes: canonical only
    with pytest.raises(ValueError, match=r"b\[1\]"):
        ScalarVector.from_bytes(bytes(32) + raw[:32])
    with pytest.raises(ValueError):
        ScalarVector.from_bytes(b"x" * 33)
    with pytest.raises(TypeError):
        ScalarVector([1, "2"])


@pytest.mark.parametrize("n", [0, 2, 10, 128])
def test_fold_and_powers(n):
    a = mixed(n)
    x, y = secrets.randbelow(Q), secrets.randbelow(Q)
    h = n // 2
    assert ScalarVector(a).fold(x, y) == [(a[i] * x + a[h + i] * y) % Q for i in range(h)]
    assert ScalarVector.powers(x, n) == [pow(x, i, Q) for i in range(n)]
    assert ScalarVector.powers(0, 3) == [1, 0, 0]


def test_length_mismatches_and_odd_fold_raise():
    A, B = ScalarVector([1, 2, 3]), ScalarVector([1, 2])
    for op in (lambda: A + B, lambda: A - B, lambda: A * B, lambda: A.inner(B), lambda: A.fold(1, 2)):
        with pytest.raises(ValueError):
            op()
    # + is element-wise, with a list too (issue 44), never a concatenation
    assert len(A + [1, 2, 3]) == 3 and A + [1, 2, 3] == [2, 4, 6] and [1, 2, 3] + A == [2, 4, 6]


def test_batch_invert():
    a = [1, Q - 1] + rand_ints(100)
    expected = [pow(x, -1, Q) for x in a]
    assert ScalarVector(a).batch_invert() == expected
    assert ScalarVector(a).batch_invert_vartime() == expected
    assert ScalarVector([]).batch_invert() == []
    z = ScalarVector(a[:5] + [0] + a[5:])
    with pytest.raises(ZeroDivisionError) as ct_error:
        z.batch_invert()
    assert "[5]" not in str(ct_error.value)  # constant-time: the index is not told
    with pytest.raises(ZeroDivisionError, match=r"\[5\]"):
        z.batch_invert_vartime()


def test_sequence_bytes_equality_pickle():
    a = mixed(9)
    A = ScalarVector(a)
    assert isinstance(A[0], Scalar) and A[-1] == a[-1] and A[2:7:2] == a[2:7:2]
    with pytest.raises(IndexError):
        A[9]
    assert ScalarVector.concat(A[:4], A[4:], [5]) == a + [5] and ScalarVector.concat() == []
    assert A.to_bytes() == b"".join(x.to_bytes(32, "little") for x in a) == bytes(A)
    assert ScalarVector.from_bytes(A.to_bytes()) == A
    assert A == tuple(a) and A != a[:-1] and A != a[:-1] + [a[-1] + 1] and A != [1.5] * 9
    assert (A == "x") is False
    with pytest.raises(TypeError):
        hash(A)
    assert pickle.loads(pickle.dumps(A)) == A and copy.copy(A) is A and copy.deepcopy(A) is A
    assert "hidden" in repr(A) and str(a[3]) not in repr(A)
    before = A.to_bytes()
    A.__init__([1])  # built in __cinit__, as Scalar: a second __init__ changes nothing (others may share A)
    assert A.to_bytes() == before and len(A) != 1


@settings(max_examples=40, deadline=None)
@given(vectors, scalars, scalars)
def test_laws(abc, x, y):
    a, b, c = (ScalarVector(v) for v in abc)
    assert (a + b) + c == a + (b + c) and (a * b) * c == a * (b * c)
    assert a * (b + c) == a * b + a * c and a + b == b + a and a * b == b * a
    assert a.inner(b) == (a * b).sum() and (a - b) + b == a
    assert (a * x).inner(b) == a.inner(b) * x
    if len(a) % 2 == 0:
        h = len(a) // 2
        assert a.fold(x, y) == a[:h] * x + a[h:] * y
    if all(abc[0]):
        assert a.batch_invert() * a == [1] * len(a)


@settings(max_examples=25, deadline=None)
@given(scalars, st.integers(min_value=-300, max_value=600))
def test_scalar_pow(s, e):
    if s == 0 and e < 0:
        with pytest.raises(ZeroDivisionError):
            Scalar(s) ** e
    else:
        assert int(Scalar(s) ** e) == pow(s, e, Q)


def test_scalar_pow_edges():
    s = Scalar(secrets.randbelow(Q - 1) + 1)
    assert s ** (Q - 1) == 1 and s**-1 == s.invert() and Scalar(0) ** 0 == 1 and s**2**300 == pow(int(s), 2**300, Q)
    with pytest.raises(TypeError):
        pow(s, 2, 5)
    with pytest.raises(TypeError):
        s**1.5


# ---- ScalarVector as the scalars of every MSM entry point ---------------------------------------------
@pytest.mark.parametrize("n", [1, 5, 64])
def test_scalar_vector_in_every_msm(n):
    s = mixed(n)
    S = ScalarVector(s)
    P = PointVector.derive_generators(b"toolkit", n)
    T = pr.MSMTable(P)
    assert pr.msm(S, P) == pr.msm(s, P) and pr.msm_vartime(S, list(P)) == pr.msm_vartime(s, list(P))
    assert P.msm(S) == P.msm(s) and P.msm_vartime(S) == P.msm_vartime(s)
    assert T.msm(S) == T.msm(s) and T.msm_vartime(S) == T.msm_vartime(s) and T.msm(S[:1]) == T.msm(s[:1])
    assert P.scale(S) == P.scale(s) and P.scale_vartime(S) == P.scale(s)


# ---- PointVector additions ------------------------------------------------------------------------------
# A scalar whose 52-bit limbs (2^52 - 2^26 + 1, and 2^44 - 1 on top) give products with both halves near 2^52: seven
# halves per lane column and group of eight in the IFMA inner product's accumulators, q - 1 (limbs q0..q2, 0, 2^44)
# fewer than two.
WIDE_LIMBS = sum((2**52 - 2**26 + 1) << (52 * i) for i in range(4)) + ((2**44 - 1) << 208)


def outputs_on_portable_and_default(code, stdin=None, **env):
    """The standard output of a child interpreter running `code`, on the portable backend and on the default one
    (the IFMA lanes where the CPU has them), with `env` added to the environment."""
    import subprocess
    import sys

    outputs = []
    for backend in ("portable", None):
        child = {k: v for k, v in os.environ.items() if k != "PYRISTRETTO_BACKEND"}
        child.update(env)
        if backend:
            child["PYRISTRETTO_BACKEND"] = backend
        outputs.append(
            subprocess.run(
                [sys.executable, "-c", code], env=child, input=stdin, capture_output=True, text=True, check=True
            ).stdout
        )
    return outputs


# The products on the IFMA backend's eight lanes (ifma/scalar8.cpp, from 8 elements) against the portable
# backend's, byte for byte, in child processes: lengths around the lanes, the 1024 of the benchmarks and 4099 (the
# inner product reduces its unreduced lane columns once per 1024 elements); all q - 1, WIDE_LIMBS, 0, 1 and random
# vectors and challenges.
def test_scalar_vector_products_match_the_portable_backend():
    lengths = [*range(1, 41), 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 4099]
    rng = secrets.SystemRandom()
    cases = [(n, [v] * (2 * n), [v] * n, v, v) for n in lengths for v in (Q - 1, WIDE_LIMBS, 0, 1)]
    cases += [
        (
            n,
            [rng.randrange(Q) for _ in range(2 * n)],
            [rng.randrange(Q) for _ in range(n)],
            rng.randrange(Q),
            rng.randrange(Q),
        )
        for n in lengths
    ]
    code = (
        "import sys, hashlib, json; from pyristretto import ScalarVector as V\n"
        "for n, a, b, x, y in json.load(sys.stdin):\n"
        "    A, B = V(a[:n]), V(b)\n"
        "    out = [A * B, A * x, V(a).fold(x, y), V.powers(x, n), A.inner(B)]\n"
        "    sys.stdout.write(hashlib.sha256(b''.join(v.to_bytes() for v in out)).hexdigest() + '\\n')\n"
    )
    outputs = outputs_on_portable_and_default(code, json.dumps(cases))
    assert outputs[0] == outputs[1] and outputs[0].count("\n") == len(cases)
    # and the portable outputs against ints (the same products, computed here)
    import hashlib

    want = []
    for n, a, b, x, y in cases:
        vals = (
            [u * v % Q for u, v in zip(a, b)]
            + [u * x % Q for u in a[:n]]
            + [(a[i] * x + a[n + i] * y) % Q for i in range(n)]
            + [pow(x, i, Q) for i in range(n)]
            + [sum(u * v for u, v in zip(a, b)) % Q]
        )
        want.append(hashlib.sha256(b"".join(v.to_bytes(32, "little") for v in vals)).hexdigest())
    assert outputs[0].split() == want


# The inner product split over three threads (PYRISTRETTO_THREADS=3: chunks of ~16Ki elements, each past the
# lanes' once-per-1024 reduction 16 times, uneven at n = 49157; a chunk's columns unreduced would overflow with
# WIDE_LIMBS), all q - 1, all WIDE_LIMBS and hashed pseudo-random values, on both backends in child processes,
# against ints.
def test_scalar_vector_inner_on_threads_matches_ints():
    import hashlib

    n = 49157
    code = (
        "import hashlib; from pyristretto import ScalarVector as V\n"
        "n, Q, W = %d, %d, %d\n"
        "h = lambda t, i: int.from_bytes(hashlib.sha512(b'%%s%%d' %% (t, i)).digest(), 'little') %% Q\n"
        "A, B = V([Q - 1] * n), V([W] * n)\n"
        "print(A.inner(A).to_bytes().hex(), B.inner(B).to_bytes().hex(), V([h(b'a', i) for i in range(n)])"
        ".inner(V([h(b'b', i) for i in range(n)])).to_bytes().hex())\n" % (n, Q, WIDE_LIMBS)
    )
    outputs = [out.split() for out in outputs_on_portable_and_default(code, PYRISTRETTO_THREADS="3")]
    h = lambda t, i: int.from_bytes(hashlib.sha512(b"%s%d" % (t, i)).digest(), "little") % Q  # noqa: E731
    want = [n * (Q - 1) ** 2 % Q, n * WIDE_LIMBS**2 % Q, sum(h(b"a", i) * h(b"b", i) for i in range(n)) % Q]
    assert outputs[0] == outputs[1] == [v.to_bytes(32, "little").hex() for v in want]


# Pair counts around the IFMA kernel's eight lanes (and its chunks per thread); challenges with few or no nonzero
# digits and the widest ones. Checked against the constant-time scale + add and, in a child process, the portable
# backend (the kernel runs on IFMA only).
FOLD_PAIRS = [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25, 63, 64, 65]
FOLD_CHALLENGES = [(0, 0), (1, 0), (0, Q - 1), (Q - 1, 2**252), (2**128 + 1, 3), (Q - 2, Q // 3)]


@pytest.mark.parametrize("h", FOLD_PAIRS)
def test_fold_vartime_lane_boundaries(h):
    G = PointVector.derive_generators(b"fold lanes", 2 * h)
    for x, y in FOLD_CHALLENGES + [(secrets.randbelow(Q), secrets.randbelow(Q))]:
        assert G.fold_vartime(x, y) == G[:h].scale([x] * h) + G[h:].scale([y] * h), (x, y)


def test_fold_vartime_matches_the_portable_backend():
    code = (
        "import sys, pyristretto as pr; from pyristretto import PointVector as V\n"
        "for h in %r:\n"
        "    G = V.derive_generators(b'fold lanes', 2 * h)\n"
        "    for x, y in %r: sys.stdout.write(G.fold_vartime(x, y).to_bytes().hex() + '\\n')\n"
        % (FOLD_PAIRS, FOLD_CHALLENGES)
    )
    outputs = outputs_on_portable_and_default(code)
    assert outputs[0] == outputs[1] and outputs[0].count("\n") == len(FOLD_PAIRS) * len(FOLD_CHALLENGES)


@pytest.mark.parametrize("n", [0, 2, 18, 130])
def test_fold_scale_vartime_mul_concat(n):
    G = PointVector.derive_generators(b"fold", n)
    x, y = secrets.randbelow(Q), secrets.randbelow(Q)
    h = n // 2
    assert G.fold_vartime(x, y) == G[:h].scale([x] * h) + G[h:].scale([y] * h)
    assert G.fold_vartime(Scalar(0), 1) == G[h:]
    s = mixed(n)
    assert G.scale_vartime(s) == G.scale(s)
    assert G * x == G.scale([x] * n) == x * G == Scalar(x) * G
    assert PointVector.concat(G[:3], list(G[3:])) == G and len(PointVector.concat()) == 0
    with pytest.raises(ValueError):
        PointVector.derive_generators(b"f", 3).fold_vartime(1, 2)
    with pytest.raises(ValueError):
        G.scale_vartime(s + [1])


def test_hash_to_group_batch():
    cases = VECTORS["rfc9497_hash_to_group_ristretto255_sha512"]["cases"]
    from reference import decode_dst  # tests/helpers/reference.py

    for case in cases:
        dst = decode_dst(case["dst"])
        V = PointVector.hash_to_group([bytes.fromhex(case["msg_hex"])] * 2, dst)
        assert V == [bytes.fromhex(case["output"])] * 2
    msgs = [secrets.token_bytes(i % 50) for i in range(300)]
    assert PointVector.hash_to_group(msgs, b"D") == [pr.hash_to_group(m, b"D") for m in msgs]
    assert len(PointVector.hash_to_group([], b"D")) == 0
    with pytest.raises(TypeError, match=r"msgs\[1\]"):
        PointVector.hash_to_group([b"a", "b"], b"D")
    with pytest.raises(ValueError):
        PointVector.hash_to_group([b"a"], b"")


# PointVector.hash_to_group and derive_generators map eight inputs at a time on the IFMA lanes
# (ifma/one_way_map.cpp) in blocks of 64 per thread: every length around the passes and the blocks, on the portable
# and the default backend, at thread counts up to 48 (each thread's share ends in its own tail), against the single
# calls (the portable maps) and, for a sample, the pure-Python RFC 9380 reference.
def test_batch_maps_match_the_portable_backend_at_every_length():
    from reference import derive_generators, hash_to_group  # tests/helpers/reference.py

    lengths = [*range(0, 41), 63, 64, 65, 127, 128, 129, 1000, 4099]
    messages = {n: [b"%d-%d" % (n, i) * (i % 7) for i in range(n)] for n in lengths}
    code = (
        "import pyristretto as pr\n"
        f"for n in {lengths}:\n"
        "    msgs = [b'%d-%d' % (n, i) * (i % 7) for i in range(n)]\n"
        "    print(pr.PointVector.hash_to_group(msgs, b'DST').to_bytes().hex(),\n"
        "          pr.PointVector.derive_generators(b'dom', n).to_bytes().hex())\n"
    )
    want = [
        (
            b"".join(pr.hash_to_group(m, b"DST") for m in messages[n]).hex(),
            b"".join(pr.derive_generators(b"dom", n)).hex(),
        )
        for n in lengths
    ]
    for n in (5, 9, 17):
        assert want[lengths.index(n)] == (
            b"".join(hash_to_group(m, b"DST") for m in messages[n]).hex(),
            b"".join(derive_generators(b"dom", n)).hex(),
        )
    for threads in ("1", "3", "24", "48"):
        for output in outputs_on_portable_and_default(code, PYRISTRETTO_THREADS=threads):
            assert [tuple(line.split(" ")) for line in output.splitlines()] == want, threads


# ---- batch helpers ----------------------------------------------------------------------------------------
def test_random_weights():
    for bits in (1, 8, 128, 252):
        w = pr.random_weights(200, bits)
        assert len(w) == 200 and all(0 <= int(v) < 2**bits for v in w)
    assert max(int(v) for v in pr.random_weights(200)) >= 2**120  # uses the top bits
    assert len(ScalarVector.random(5)) == 5 and all(ScalarVector.random(50))
    for bad in (0, 253):
        with pytest.raises(ValueError):
            pr.random_weights(3, bad)
    with pytest.raises(ValueError):
        pr.random_weights(-1)


def test_select_swap():
    a, b = Scalar(5), Scalar(9)
    P, R = Point.generator(), Point.generator() + Point.generator()
    assert pr.select(a, b, 0) == 5 and pr.select(a, b, 1) == 9 and pr.select(a, b, True) == 9
    assert pr.select(P, R, 0) == P and pr.select(P, R, 1) == R and pr.select(P, R, 0) is not P
    assert pr.swap(a, b, 0) == (5, 9) and pr.swap(a, b, 1) == (9, 5)
    assert pr.swap(P, R, 1) == (R, P) and pr.swap(P, R, 0) == (P, R)
    for bad in (2, -1):
        with pytest.raises(ValueError):
            pr.select(a, b, bad)
    with pytest.raises(TypeError):
        pr.select(a, P, 0)
    with pytest.raises(TypeError):
        pr.swap(5, 6, 0)
    with pytest.raises(TypeError):
        pr.select(a, b, "1")


def test_evaluate_batch_matches_evaluate():
    inputs = [secrets.token_bytes(i) for i in range(40)]
    server = OPRFServer.generate()
    assert server.evaluate_batch(inputs) == [server.evaluate(x) for x in inputs]
    assert server.evaluate_batch([]) == []
    poprf = POPRFServer.generate()
    assert poprf.evaluate_batch(inputs, b"info") == [poprf.evaluate(x, b"info") for x in inputs]
    with pytest.raises(TypeError, match=r"inputs\[1\]"):
        server.evaluate_batch([b"a", "b"])
    with pytest.raises(InvalidInputError, match=r"inputs\[1\]"):
        poprf.evaluate_batch([b"a", bytes(70000)], b"info")


def test_evaluate_batch_input_hashing_to_identity_is_invalid_input(monkeypatch):
    """hash_to_group hits the identity with probability 2^-252: a stand-in for PointVector.hash_to_group puts it at
    index 2 of the batch, which must be reported by index (the batch checks the products k * P, k never zero)."""
    import types
    from pyristretto import oprf

    real = PointVector.hash_to_group

    def with_identity(msgs, dst):
        points = list(real(msgs, dst))
        points[2] = Point.identity()
        return PointVector(points)

    monkeypatch.setattr(oprf.grp, "PointVector", types.SimpleNamespace(hash_to_group=with_identity))
    for evaluate in (
        OPRFServer.generate().evaluate_batch,
        lambda inputs: POPRFServer.generate().evaluate_batch(inputs, b"info"),
    ):
        with pytest.raises(InvalidInputError, match=r"inputs\[2\]: hashes to the identity"):
            evaluate([b"a", b"b", b"c", b"d"])


def test_evaluate_batch_rfc9497_vectors():
    """The RFC 9497 test vectors' outputs through evaluate_batch (their keys derived from the seed)."""
    suites = load_json("rfc9497-ristretto255-sha512.json")
    checked = 0
    for suite in suites:
        if suite["mode"] == 1:
            continue  # VOPRF's evaluate is the OPRF one (same class layout), checked through mode 0
        cls = OPRFServer if suite["mode"] == 0 else POPRFServer
        server = cls(bytes.fromhex(suite["skSm"]))
        for v in suite["vectors"]:
            inputs = [bytes.fromhex(x) for x in v["Input"].split(",")]
            outputs = [bytes.fromhex(x) for x in v["Output"].split(",")]
            got = (
                server.evaluate_batch(inputs)
                if suite["mode"] == 0
                else server.evaluate_batch(inputs, bytes.fromhex(v["Info"]))
            )
            assert got == outputs
            checked += 1
    assert checked >= 4


def test_evaluate_batch_against_the_voprf_package():
    """evaluate_batch against voprf (PyPI: an independent RFC 9497 implementation in Rust, on curve25519-dalek):
    its VOPRF Evaluator's evaluate_known_input with the key derived from the same seed and info."""
    voprf = pytest.importorskip("voprf.ristretto")
    from pyristretto.oprf import VOPRFServer

    seed, info = secrets.token_bytes(32), b"test key info"
    inputs = [b"", b"a", secrets.token_bytes(40), bytes(300)]
    evaluator = voprf.Evaluator.from_seed(seed, info)
    assert VOPRFServer.derive(seed, info).evaluate_batch(inputs) == [
        bytes(evaluator.evaluate_known_input(x)) for x in inputs
    ]


# ---- 8 threads sharing the objects --------------------------------------------------------------------------
def test_eight_threads_share_vectors():
    a, b = rand_ints(300), rand_ints(300)
    A, B = ScalarVector(a), ScalarVector(b)
    G = PointVector.derive_generators(b"threads", 300)
    x, y = secrets.randbelow(Q), secrets.randbelow(Q)

    def work():
        return (
            A * B + A,
            A.inner(B),
            A.fold(x, y),
            A.batch_invert(),
            G.fold_vartime(x, y),
            G.msm(A),
            G * x,
            PointVector.hash_to_group([bytes(A[:2])], b"T"),
        )

    expected = work()
    results, errors = [], []

    def worker():
        try:
            for _ in range(3):
                results.append(work())
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 24
    assert all(r == expected for r in results)


# ---- issue 44: element-wise operators with lists and tuples --------------------------------------
def test_elementwise_operators_take_lists_and_tuples():
    values = [secrets.randbelow(Q) for _ in range(5)]
    other = [secrets.randbelow(Q) for _ in range(4)] + [Scalar(3)]
    others = [int(x) for x in other]
    v = ScalarVector(values)
    for form in (list, tuple):
        o = form(other)
        assert v + o == [(x + y) % Q for x, y in zip(values, others)] == o + v
        assert v - o == [(x - y) % Q for x, y in zip(values, others)]
        assert o - v == [(y - x) % Q for x, y in zip(values, others)]
        assert v * o == [x * y % Q for x, y in zip(values, others)] == o * v
        assert type(v + o) is ScalarVector and type(o - v) is ScalarVector and type(o * v) is ScalarVector


@pytest.mark.parametrize(
    "bad, error",
    [
        ([1, 2], ValueError),
        ([1, 2, "3"], TypeError),
        ([1, None, 3], TypeError),
        ([1.0, 2, 3], TypeError),
        ([b"\x01", 2, 3], TypeError),
    ],
)
def test_elementwise_operators_refuse_bad_lists(bad, error):
    v = ScalarVector([1, 2, 3])
    for op in (lambda: v + bad, lambda: bad + v, lambda: v - bad, lambda: bad - v, lambda: v * bad, lambda: bad * v):
        with pytest.raises(error):
            op()


@pytest.mark.parametrize("other", [b"\x01" * 96, bytearray(96), "abc", 1.5, None, {1, 2, 3}])
def test_elementwise_operators_refuse_other_types(other):
    v = ScalarVector([1, 2, 3])
    for op in (lambda: v + other, lambda: other + v, lambda: v - other, lambda: other - v):
        with pytest.raises(TypeError):
            op()


# ---- issue 44: Point * ScalarVector, FixedBase * ScalarVector ------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2, 5, 6, 7, 8, 23, 24, 33, 100])  # around the table thresholds: 6, 8, 24
def test_point_and_fixed_base_times_scalar_vector(n):
    import reference as ref

    P = Point.hash_to_group(n.to_bytes(2, "little"), b"issue-44")
    values = [secrets.randbelow(Q) for _ in range(n)]
    if n > 2:
        values[:3] = [0, 1, Q - 1]
    v = ScalarVector(values)
    expected = [ref.point_mul(x, bytes(P)) for x in values]  # libsodium, one at a time
    B = pr.FixedBase(P)
    for result in (P * v, v * P, B * v, v * B):
        assert type(result) is PointVector and len(result) == n
        assert result.to_bytes() == b"".join(expected)
    G = pr.FixedBase(Point.generator())  # the shared table of G
    assert (G * v).to_bytes() == b"".join(ref.base_mul(x) for x in values)


def test_times_scalar_vector_refuses_lists():
    P = Point.generator()
    for bad in ([1, 2], (1, 2), ScalarVector([1]).to_bytes()):
        with pytest.raises(TypeError):
            P * bad
        with pytest.raises(TypeError):
            pr.FixedBase(P) * bad
