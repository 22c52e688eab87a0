"""Issue 17 item 2: crashes and bypasses in the Python layer.

- Every extension (cdef) class of the package, found by walking the compiled modules, created with ``X.__new__(X)``
  (``__init__`` never ran) and given every method, property and common dunder: each raises a Python exception
  (a segfault fails the test: the probes run in a subprocess). Point and Scalar are the exception: their
  ``__cinit__`` builds them (the identity, 0), so ``__new__`` gives a valid object.
- ``frost.SigningNonces`` refuses copy.copy, copy.deepcopy and pickling (a copy signed a second time).
- RFC 9591's ``2 <= MIN_PARTICIPANTS <= MAX_PARTICIPANTS < 2^16`` in every function taking them; ``sign`` and
  ``aggregate`` refuse fewer signers than the threshold.
- ``_group.schnorr_verify_batch`` refuses identity keys however given, checks the keys of an empty batch, and
  checks that ``table`` is ``[G, *keys]``.
- The dealer's shares are Scalars by default.
"""

import copy
import hashlib
import importlib
import importlib.machinery
import json
import pickle
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import pyristretto
from pyristretto import frost
from pyristretto import _group as grp
from pyristretto._objects import MSMTable, Point, Scalar

if __name__ == "__main__":  # run as the probe script (below): conftest.py has not put the helpers on sys.path
    sys.path.insert(0, str(Path(__file__).resolve().parent / "helpers"))
import reference as ref  # noqa: E402

Q = ref.Q
_HEAPTYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: classes written in Python have it, static extension types do not


def _extension_classes():
    """{qualified name: class} for every extension type defined in a compiled module of the package."""
    found = {}
    for info in pkgutil.iter_modules(pyristretto.__path__):
        spec = importlib.util.find_spec(f"pyristretto.{info.name}")
        if not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            continue
        module = importlib.import_module(spec.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == spec.name and not value.__flags__ & _HEAPTYPE:
                found[f"{spec.name}.{value.__name__}"] = value
    return found


EXTENSION_CLASSES = _extension_classes()
# Built in __cinit__, so __new__ alone gives a valid object: its value.
BUILT_BY_NEW = {
    "pyristretto._objects.Point": Point.identity(),
    "pyristretto._objects.Scalar": Scalar(0),
    "pyristretto._objects.ScalarVector": pyristretto.ScalarVector([]),
}
# Cython's automatic pickling of a class with C members (no __reduce__ of its own): it raises its own TypeError.
_CYTHON_PICKLE = "__reduce_cython__"


def test_the_walk_finds_the_known_classes():
    names = {name.rsplit(".", 1)[1] for name in EXTENSION_CLASSES}
    assert {"Point", "Scalar", "FixedBase", "PointVector", "MSMTable"} <= names


# ---- the probes (run in a subprocess: python this_file module class) -------------------------------------------
def _probes(x, cls):
    """(name, own, call) for every operation to try on x: own tells whether the class defines the method itself
    (then it must raise on an uninitialised object), else Python's or object's default answers."""
    own = set(vars(cls))
    G = Point.generator()

    def defined(*names):
        return any(n in own for n in names)

    pickled = defined("__reduce__", "__reduce_ex__", "__getstate__", _CYTHON_PICKLE)
    probes = [
        ("repr", defined("__repr__"), lambda: repr(x)),
        ("str", defined("__str__", "__repr__"), lambda: str(x)),
        ("hash", defined("__hash__"), lambda: hash(x)),
        ("==", defined("__eq__"), lambda: x == x),
        ("!=", defined("__ne__", "__eq__"), lambda: x != x),
        ("== G", defined("__eq__"), lambda: x == G),
        ("bool", defined("__bool__", "__len__"), lambda: bool(x)),
        ("len", defined("__len__"), lambda: len(x)),
        ("iter", defined("__iter__"), lambda: list(x)),
        ("x[0]", defined("__getitem__"), lambda: x[0]),
        ("x[:1]", defined("__getitem__"), lambda: x[:1]),
        ("bytes", defined("__bytes__"), lambda: bytes(x)),
        ("int", defined("__int__", "__index__"), lambda: int(x)),
        ("copy", defined("__copy__") or pickled, lambda: copy.copy(x)),
        ("deepcopy", defined("__deepcopy__") or pickled, lambda: copy.deepcopy(x)),
        ("x + x", defined("__add__"), lambda: x + x),
        ("x - x", defined("__sub__"), lambda: x - x),
        ("x * 2", defined("__mul__"), lambda: x * 2),
        ("2 * x", defined("__rmul__", "__mul__"), lambda: 2 * x),
        ("x * x", defined("__mul__"), lambda: x * x),
        ("x * G", defined("__mul__"), lambda: x * G),
        ("-x", defined("__neg__"), lambda: -x),
        # the functions of the package that take such objects
        ("point_sum(x)", False, lambda: pyristretto.point_sum(x)),
        ("msm([1], x)", False, lambda: pyristretto.msm([1], x)),
        ("msm_vartime([1], x)", False, lambda: pyristretto.msm_vartime([1], x)),
        ("PointVector(x)", False, lambda: pyristretto.PointVector(x)),
        ("MSMTable(x)", False, lambda: MSMTable(x)),
        ("schnorr_verify_batch(table=x)", False, lambda: grp.schnorr_verify_batch(b"p", [], [], [], [], x)),
    ]
    probes += [
        (f"pickle protocol {p}", pickled, lambda p=p: pickle.dumps(x, protocol=p))
        for p in range(pickle.HIGHEST_PROTOCOL + 1)
    ]
    for name, attribute in sorted(vars(cls).items()):
        if name.startswith("_") or isinstance(attribute, (staticmethod, classmethod)):
            continue  # dunders are probed above; static methods do not read an instance
        if not callable(attribute):  # a property or a member
            probes.append((f".{name}", True, lambda name=name: getattr(x, name)))
            continue
        for label, args in [
            ("()", ()),
            ("(1)", (1,)),
            ("([1])", ([1],)),
            ("([Scalar(1)])", ([Scalar(1)],)),
            ("(G)", (G,)),
            ("([G])", ([G],)),
            ("(x)", (x,)),
            ("(1, 2)", (1, 2)),
        ]:
            probes.append((f".{name}{label}", True, lambda name=name, args=args: getattr(x, name)(*args)))
    return probes


def _run_probes(module_name, class_name):
    """Prints one JSON line per probe (before it runs: the last line names the culprit of a crash)."""
    cls = getattr(importlib.import_module(module_name), class_name)
    try:
        x = cls.__new__(cls)
    except TypeError as e:  # the class cannot exist uninitialised (its __cinit__ needs its arguments): safe
        print(json.dumps({"refused": str(e)}), flush=True)
        return
    print(json.dumps({"new": repr(type(x))}), flush=True)
    for name, own, call in _probes(x, cls):
        print(json.dumps({"start": name}), flush=True)
        try:
            result = call()
        except Exception as e:  # what must happen: a Python exception
            outcome = {"probe": name, "own": own, "raised": type(e).__name__, "message": str(e)}
        else:
            outcome = {"probe": name, "own": own, "returned": repr(result)[:100]}
        print(json.dumps(outcome), flush=True)


def _probe_in_subprocess(qualified):
    module_name, class_name = qualified.rsplit(".", 1)
    done = subprocess.run(
        [sys.executable, __file__, module_name, class_name], capture_output=True, text=True, timeout=120
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode == 0 and any("refused" in line for line in lines):
        return None
    if done.returncode != 0:
        last = next((line["start"] for line in reversed(lines) if "start" in line), "creating the object")
        pytest.fail(
            f"{qualified}.__new__: the probe process died (exit code {done.returncode}) during {last!r}:\n"
            f"{done.stderr[-2000:]}"
        )
    return [line for line in lines if "probe" in line]


@pytest.mark.parametrize("qualified", sorted(EXTENSION_CLASSES))
def test_uninitialised_objects_raise(qualified):
    """X.__new__(X), then every method, property and common dunder: a Python exception, never a crash (FixedBase's
    pickle read its missing point: a segfault) nor an answer about state that was never set (an uninitialised
    PointVector passed for an empty one). Point and Scalar are built by __new__ (identity, 0): no crash there."""
    outcomes = _probe_in_subprocess(qualified)
    if outcomes is None:  # X.__new__(X) raised TypeError: no uninitialised object can be made
        with pytest.raises(TypeError):
            EXTENSION_CLASSES[qualified].__new__(EXTENSION_CLASSES[qualified])
        return
    assert len(outcomes) >= 30
    if qualified in BUILT_BY_NEW:
        cls = EXTENSION_CLASSES[qualified]
        assert cls.__new__(cls) == BUILT_BY_NEW[qualified]
        return
    answered = [o for o in outcomes if o["own"] and "returned" in o]
    assert not answered, f"{qualified}.__new__: returned instead of raising: {answered}"
    # the class's own methods say why (Cython's automatic pickling has its own message)
    unexplained = {
        o["probe"]
        for o in outcomes
        if o["own"]
        and "not initialised" not in o["message"]
        and not o["probe"].startswith(("pickle", "copy", "deepcopy"))
    }
    explained = {o["probe"] for o in outcomes if o["own"] and "not initialised" in o["message"]}
    for probe in unexplained:  # a method with the wrong arguments raises TypeError: another call explains it
        if probe.startswith("."):
            assert any(e.startswith(probe.split("(")[0] + "(") for e in explained), (qualified, probe)


def test_fixed_base_failed_init_then_copy():
    """The review's reproducer: a FixedBase whose __init__ raised, then copy.copy / pickle (a segfault)."""
    code = (
        "import copy, pickle, pyristretto as pr\n"
        "B = pr.FixedBase.__new__(pr.FixedBase)\n"
        "try:\n    B.__init__(b'\\xff' * 32)\nexcept pr.InvalidPointError:\n    pass\n"
        "for f in (copy.copy, copy.deepcopy, pickle.dumps, repr):\n"
        "    try:\n        f(B)\n    except ValueError as e:\n        assert 'not initialised' in str(e), e\n"
        "    else:\n        raise AssertionError(f)\n"
        "try:\n    B.point\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('point')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


# ---- single-use secrets ------------------------------------------------------------------------------------
def test_signing_nonces_cannot_be_copied_or_pickled():
    """copy.copy(nonces) had its own _used = False: the same nonces signed twice (three signatures with one nonce
    pair reveal the signing share). Every way of copying is refused."""
    shares, group_pk, _ = frost.trusted_dealer_keygen(5, 3, 2)
    sk = dict(shares)
    nonces, commitments = frost.commit(sk[1])
    other = frost.commit(sk[2])[1]
    session = [(1, *commitments), (2, *other)]
    for attempt in [copy.copy, copy.deepcopy] + [
        lambda n, p=p: pickle.dumps(n, protocol=p) for p in range(pickle.HIGHEST_PROTOCOL + 1)
    ]:
        with pytest.raises(TypeError, match="SigningNonces cannot be (copied|pickled)"):
            attempt(nonces)
    with pytest.raises(TypeError, match="cannot be copied"):
        copy.deepcopy({"nonces": [nonces]})  # inside a container too
    frost.sign(1, sk[1], group_pk, nonces, b"m", session)
    with pytest.raises(frost.NonceReuseError):
        frost.sign(1, sk[1], group_pk, nonces, b"m", session)


# ---- RFC 9591 participant bounds ------------------------------------------------------------------------------
def test_secret_share_shard_needs_a_threshold_of_two():
    """secret_share_shard(12345, [], 3) gave every participant the secret itself."""
    with pytest.raises(frost.InvalidParameterError, match="min_participants"):
        frost.secret_share_shard(12345, [], 3)
    with pytest.raises(frost.InvalidParameterError, match="2\\^16"):
        frost.secret_share_shard(12345, [1], 2**16)
    with pytest.raises(frost.InvalidParameterError, match="exceeds"):
        frost.secret_share_shard(12345, [1, 2], 2)
    with pytest.raises(TypeError):
        frost.secret_share_shard(12345, [1], True)
    shares = frost.secret_share_shard(12345, [7], 2**16 - 1, as_scalar=False)[:3]  # the largest allowed
    assert shares == [(i, (12345 + 7 * i) % Q) for i in (1, 2, 3)]


@pytest.mark.parametrize(
    "max_participants, min_participants", [(3, 1), (3, 0), (3, -1), (2, 3), (2**16, 2), (2**17, 3)]
)
def test_thresholds_outside_rfc_9591_are_refused(max_participants, min_participants):
    with pytest.raises(frost.InvalidParameterError):
        frost.trusted_dealer_keygen(5, max_participants, min_participants)
    with pytest.raises(frost.InvalidParameterError):
        frost.derive_group_info(max_participants, min_participants, [ref.base_mul(5), ref.base_mul(6)])


def test_vss_commitment_of_one_is_refused():
    """A one-element VSS commitment is a threshold of 1: the share is the secret."""
    with pytest.raises(frost.InvalidParameterError, match="threshold"):
        frost.vss_verify((1, 5), [ref.base_mul(5)])
    with pytest.raises(frost.InvalidParameterError, match="min_participants"):
        frost.derive_group_info(3, 1, [ref.base_mul(5)])  # refused as a threshold of 1 first


@pytest.fixture(scope="module")
def three_of_four():
    shares, group_pk, vss = frost.trusted_dealer_keygen(None, 4, 3)
    return dict(shares), group_pk, frost.derive_group_info(4, 3, vss)[1]


def _session(sk, signers):
    round_one = {i: frost.commit(sk[i]) for i in signers}
    return round_one, [(i, *round_one[i][1]) for i in signers]


def test_sign_and_aggregate_refuse_fewer_signers_than_the_threshold(three_of_four):
    """Two signers of a 3-of-4 key: sign and aggregate raised nothing, only verify failed later."""
    sk, group_pk, public_shares = three_of_four
    msg = b"two of three"
    round_one, commitment_list = _session(sk, [1, 2])
    for i in (1, 2):
        with pytest.raises(frost.InvalidParameterError, match="fewer than min_participants = 3"):
            frost.sign(i, sk[i], group_pk, round_one[i][0], msg, commitment_list, min_participants=3)
        assert not round_one[i][0]._used  # refused before the nonces were consumed
    shares = [frost.sign(i, sk[i], group_pk, round_one[i][0], msg, commitment_list, min_participants=2) for i in (1, 2)]
    with pytest.raises(frost.InvalidParameterError, match="fewer than min_participants = 3"):
        frost.aggregate(commitment_list, msg, group_pk, shares, min_participants=3)
    # the threshold not given: every share is valid on its own, but the signature does not verify
    with pytest.raises(frost.AggregateError, match="does not verify"):
        frost.aggregate(commitment_list, msg, group_pk, shares)
    with pytest.raises(frost.AggregateError):
        frost.aggregate(commitment_list, msg, group_pk, shares, public_shares=public_shares)
    for bad in (1, 0, 2**16, True, "3"):
        with pytest.raises((frost.InvalidParameterError, TypeError)):
            frost.aggregate(commitment_list, msg, group_pk, shares, min_participants=bad)


def test_one_signer_is_refused_without_the_threshold(three_of_four):
    """RFC 9591's least threshold is 2: a session of one signer is refused by sign and aggregate even when they
    are not told the threshold."""
    sk, group_pk, _ = three_of_four
    round_one, commitment_list = _session(sk, [1])
    with pytest.raises(frost.InvalidParameterError, match="fewer than 2"):
        frost.sign(1, sk[1], group_pk, round_one[1][0], b"m", commitment_list)
    with pytest.raises(frost.InvalidParameterError, match="fewer than 2"):
        frost.aggregate(commitment_list, b"m", group_pk, [1])


def _ref_verify(msg, signature, pk):
    """RFC 9591's verification in pure Python (tests/helpers/reference.py's group law, hashlib's SHA-512)."""
    R, z = signature[:32], int.from_bytes(signature[32:], "little")
    c = int.from_bytes(hashlib.sha512(frost.CONTEXT_STRING + b"chal" + R + bytes(pk) + msg).digest(), "little") % Q
    return z < Q and ref.base_mul(z) == ref.point_add(R, ref.point_mul(c, pk))


def test_enough_signers_still_sign(three_of_four):
    sk, group_pk, public_shares = three_of_four
    msg = b"three of four"
    round_one, commitment_list = _session(sk, [1, 3, 4])
    shares = [
        frost.sign(i, sk[i], group_pk, round_one[i][0], msg, commitment_list, min_participants=3) for i in (1, 3, 4)
    ]
    for kwargs in ({}, {"min_participants": 3}, {"public_shares": public_shares}):
        signature = frost.aggregate(commitment_list, msg, group_pk, shares, **kwargs)
        assert _ref_verify(msg, signature, group_pk)


# ---- schnorr_verify_batch --------------------------------------------------------------------------------------
def _forgery():
    """A "signature" R || z with R = z*G: valid under the identity key for any message."""
    z = 12345
    return ref.base_mul(z) + z.to_bytes(32, "little")


def test_schnorr_verify_batch_refuses_identity_keys():
    """An identity key given as a Point verified any R = z*G."""
    prefix = frost.CONTEXT_STRING + b"chal"
    for key in (Point.identity(), bytes(32), bytearray(32)):
        with pytest.raises(grp.InvalidPointError, match=r"keys\[0\] is the identity"):
            grp.schnorr_verify_batch(prefix, [b"any message"], [_forgery()], [0], [key])
        with pytest.raises(grp.InvalidPointError, match=r"keys\[1\] is the identity"):
            grp.schnorr_verify_batch(prefix, [], [], [], [Point.generator(), key])  # an empty batch too
    table = MSMTable([Point.generator(), Point.identity()])
    with pytest.raises(grp.InvalidPointError, match="identity"):
        grp.schnorr_verify_batch(prefix, [b"m"], [_forgery()], [0], [Point.identity()], table)
    with pytest.raises(frost.InvalidCommitmentError):
        frost.verify_batch([b"m"], [_forgery()], [Point.identity()])


def test_schnorr_verify_batch_checks_the_keys_of_an_empty_batch():
    with pytest.raises(grp.InvalidPointError, match=r"keys\[0\]"):
        grp.schnorr_verify_batch(b"p", [], [], [], [b"\xff" * 32])
    with pytest.raises(grp.InvalidPointError, match=r"keys\[1\]"):
        grp.schnorr_verify_batch(b"p", [], [], [], [bytes(Point.generator()), b"\x01" * 31])
    assert grp.schnorr_verify_batch(b"p", [], [], [], [bytes(Point.generator())]) is True
    assert grp.schnorr_verify_batch(b"p", [], [], [], []) is True


def test_schnorr_verify_batch_checks_its_table():
    """table was trusted to be [G, *keys]: a table over other bases gave answers about other keys."""
    shares, group_pk, _ = frost.trusted_dealer_keygen(None, 2, 2)
    round_one, commitment_list = _session(dict(shares), [1, 2])
    msg = b"table"
    signature = frost.aggregate(
        commitment_list,
        msg,
        group_pk,
        [frost.sign(i, sk_i, group_pk, round_one[i][0], msg, commitment_list) for i, sk_i in shares],
    )
    key, other = Point(group_pk), Point.base_mul(99)
    prefix = frost.CONTEXT_STRING + b"chal"
    assert grp.schnorr_verify_batch(prefix, [msg], [signature], [0], [key], MSMTable([Point.generator(), key]))
    for bases in ([Point.generator(), other], [other, key], [key, Point.generator()]):
        with pytest.raises(ValueError, match="table"):
            grp.schnorr_verify_batch(prefix, [msg], [signature], [0], [key], MSMTable(bases))
        with pytest.raises(ValueError, match="table"):
            grp.schnorr_verify_batch(prefix, [], [], [], [key], MSMTable(bases))


# ---- the dealer's shares -----------------------------------------------------------------------------------
def test_dealer_shares_are_scalars_by_default():
    """They were Python ints by default, which can never be wiped."""
    shares, group_pk, vss = frost.trusted_dealer_keygen(7, 3, 2)
    assert all(type(sk_i) is Scalar for _, sk_i in shares)
    assert all(frost.vss_verify(share, vss) for share in shares)
    coefficient = (int(shares[0][1]) - 7) % Q
    assert [(i, int(x)) for i, x in shares] == [(i, (7 + coefficient * i) % Q) for i in (1, 2, 3)]
    assert all(type(x) is Scalar for _, x in frost.secret_share_shard(7, [coefficient], 3))
    assert frost.secret_share_shard(7, [coefficient], 3, as_scalar=False) == [(i, int(x)) for i, x in shares]
    ints, _, _ = frost.trusted_dealer_keygen(7, 3, 2, as_scalar=False, _test_coefficients=[coefficient])
    assert all(type(x) is int for _, x in ints) and ints == [(i, int(x)) for i, x in shares]


if __name__ == "__main__":
    _run_probes(sys.argv[1], sys.argv[2])
