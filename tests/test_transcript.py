"""Merlin transcripts (issue 20): pyristretto.Transcript, TranscriptRngBuilder and TranscriptRng, and the STROBE-128
layer beneath them, against every known answer of tests/vectors/merlin-strobe-vectors.json (dalek merlin's and its
ports' test suites, STROBE reference state traces); properties of the challenges; bad inputs; leaks and threads."""

import copy
import os
import pickle
from array import array

import pytest

import cpp_build
import pyristretto as pr
import test_constant_time
import test_vector_leaks
from concurrency import run_concurrently
from readme_blocks import run_python_block
from pyristretto import InvalidPointError, Point, Scalar, Transcript, TranscriptRng, TranscriptRngBuilder
from pyristretto._objects import _set_transcript_max_length, _Strobe128
from vectors import load_json

Q = pr.q
VECTORS = load_json("merlin-strobe-vectors.json")


def unhex(text):
    return bytes.fromhex(text)


def pattern_bytes(spec, saved, definitions=None):
    """A message or data field of the file (its `conventions.message_patterns`): hex, a repeated byte, a saved
    value, or a named definition."""
    if isinstance(spec, str):
        return definitions[spec]
    if "ref" in spec:
        return saved[spec["ref"]]
    return unhex(spec["repeat_byte_hex"]) * spec["length"]


# ---------------------------------------------------------------------------------------------------
# Merlin transcripts
# ---------------------------------------------------------------------------------------------------


def run_merlin(operations, state, challenges):
    """Replays a merlin_transcript_kats operation list; state["t"] is the transcript, state holds the saved
    values; every challenge computed is appended to challenges and checked where the file gives it."""
    for op in operations:
        kind = op["op"]
        if kind == "new":
            state["t"] = Transcript(unhex(op["label_hex"]))
        elif kind == "append_message":
            message = unhex(op["message_hex"]) if "message_hex" in op else pattern_bytes(op["message"], state)
            state["t"].append_message(unhex(op["label_hex"]), message)
        elif kind == "append_u64":
            state["t"].append_u64(unhex(op["label_hex"]), op["value"])
        elif kind == "challenge_bytes":
            got = state["t"].challenge_bytes(unhex(op["label_hex"]), op["length"])
            assert len(got) == op["length"]
            if "expected_hex" in op:
                assert got.hex() == op["expected_hex"], op["label"]
            if "expected_prefix_hex" in op:
                assert got.hex().startswith(op["expected_prefix_hex"]), op["label"]
            if "save_as" in op:
                state[op["save_as"]] = got
            challenges.append(got.hex())
        elif kind == "loop":
            for _ in range(op["count"]):
                run_merlin(op["body"], state, challenges)
        else:
            raise AssertionError(f"unknown operation {kind}")


@pytest.mark.parametrize("kat", VECTORS["merlin_transcript_kats"], ids=lambda k: k["id"])
def test_merlin_transcript_kats(kat):
    challenges = []
    run_merlin(kat["operations"], {}, challenges)
    assert challenges, "the case checks at least one challenge"
    if "expected_challenges_by_iteration" in kat:
        assert challenges == kat["expected_challenges_by_iteration"]
    if "expected_final_challenge_hex" in kat:
        assert challenges[-1] == kat["expected_final_challenge_hex"]


def test_merlin_transcript_kat_sets():
    [kat_set] = VECTORS["merlin_transcript_kat_sets"]
    label, message_label, challenge_label = (
        unhex(kat_set[k]["label_hex"]) for k in ("label", "message_label", "challenge_label")
    )
    assert len(kat_set["cases"]) == 217
    for i, case in enumerate(kat_set["cases"]):
        t = Transcript(label)
        t.append_message(message_label, unhex(case["message_hex"]))
        got = t.challenge_bytes(challenge_label, case["challenge_length"])
        assert got.hex() == case["expected_challenge_hex"], f"case {i}"


RNG_KATS = VECTORS["merlin_transcript_rng_kats"]


def rng_builder(case):
    t = Transcript(unhex(RNG_KATS["transcript_label"]["label_hex"]))
    t.append_message(unhex(RNG_KATS["transcript_message_label"]["label_hex"]), unhex(case["transcript_message_hex"]))
    builder = t.build_rng()
    for w in case["witnesses_hex"]:
        assert builder.rekey_with_witness_bytes(unhex(RNG_KATS["witness_label"]["label_hex"]), unhex(w)) is builder
    return builder


@pytest.mark.parametrize("index", range(len(RNG_KATS["cases"])))
def test_merlin_transcript_rng_kats(index):
    case = RNG_KATS["cases"][index]
    external = unhex(case["external_rng_bytes_hex"])
    rng = rng_builder(case).finalize(external)
    assert rng.fill_bytes(32).hex() == case["expected_fill_bytes_32_hex"]
    # the same with the external RNG as a callable, which is asked for exactly 32 bytes
    asked = []
    rng = rng_builder(case).finalize(lambda n: asked.append(n) or bytearray(external))
    assert asked == [32]
    assert rng.fill_bytes(32).hex() == case["expected_fill_bytes_32_hex"]


# ---------------------------------------------------------------------------------------------------
# STROBE-128
# ---------------------------------------------------------------------------------------------------


def run_strobe(kat):
    definitions = {"data": bytes(i & 0xFF for i in range(1024))} if "data_definition" in kat else {}
    assert kat.get("data_definition", "bytes(i & 0xff for i in range(1024))") == "bytes(i & 0xff for i in range(1024))"
    saved, strobes, checked = {}, {}, 0
    s = None
    for op in kat["operations"]:
        kind = op["op"]
        if kind == "init":
            s = _Strobe128(unhex(op["protocol_label_hex"]))
            continue
        if kind == "clone":
            strobes[op["save_as"]] = s.clone()
            continue
        target = strobes[op["on"]] if "on" in op else s
        if kind == "prf":
            got = target.prf(op["length"], op["more"])
            assert got.hex() == op["expected_hex"], op
            checked += 1
            if "save_as" in op:
                saved[op["save_as"]] = got
            continue
        data = unhex(op["data_hex"]) if "data_hex" in op else pattern_bytes(op["data"], saved, definitions)
        getattr(target, kind)(data, op["more"])
    if "expected_state_after_hex" in kat:
        assert s.state().hex() == kat["expected_state_after_hex"]
        checked += 1
    return checked


@pytest.mark.parametrize("kat", VECTORS["strobe128_kats"], ids=lambda k: k["id"])
def test_strobe128_kats(kat):
    assert run_strobe(kat) >= 1


@pytest.mark.parametrize("kat", VECTORS["strobe_reference_kat_files"]["files"], ids=lambda k: k["id"])
def test_strobe_reference_kat_files(kat):
    """Each file's operations in Merlin's subset (init, KEY, AD, meta-AD, PRF: the first
    merlin_subset_prefix_length), the full 200-byte state compared after every one, and the PRF outputs."""
    assert kat["security"] == 128
    ops = kat["operations"]
    prefix = kat["merlin_subset_prefix_length"]
    assert all(op["in_merlin_subset"] for op in ops[:prefix])
    assert prefix == len(ops) or not ops[prefix]["in_merlin_subset"]
    s = None
    for i, op in enumerate(ops[:prefix]):
        kind, data = op["op"], unhex(op["input_hex"])
        if kind == "init":
            assert not data and i == 0
            s = _Strobe128(unhex(kat["protocol_label_hex"]))
        elif kind == "PRF":
            assert data == bytes(len(data)) and not op["meta"]
            assert s.prf(len(data), op["more"]).hex() == op["expected_output_hex"], i
        elif kind == "KEY":
            assert not op["meta"]
            s.key(data, op["more"])
        elif kind == "AD":
            (s.meta_ad if op["meta"] else s.ad)(data, op["more"])
        else:
            raise AssertionError(f"unexpected operation {kind}")
        assert s.state().hex() == op["expected_state_after_hex"], f"state after operation {i} ({kind})"


def test_strobe_more_must_keep_the_flags():
    s = _Strobe128(b"p")
    s.ad(b"x")
    s.ad(b"y", True)  # continuing AD: fine
    before = s.state()
    with pytest.raises(ValueError, match="different flags"):
        s.meta_ad(b"z", True)
    with pytest.raises(ValueError, match="different flags"):
        s.prf(4, True)
    assert s.state() == before


# ---------------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------------


def challenge(label=b"proto", messages=((b"m", b"data"),), challenge_label=b"c", n=32):
    t = Transcript(label)
    for lab, msg in messages:
        t.append_message(lab, msg)
    return t.challenge_bytes(challenge_label, n)


def test_same_inputs_same_challenge():
    assert challenge() == challenge()
    assert challenge(messages=[(b"a", b"x" * 1000)] * 3) == challenge(messages=[(b"a", b"x" * 1000)] * 3)


def test_every_input_changes_the_challenge():
    base = challenge()
    variants = [
        challenge(label=b"proto2"),
        challenge(messages=[(b"n", b"data")]),
        challenge(messages=[(b"m", b"datb")]),
        challenge(messages=[]),
        challenge(messages=[(b"m", b"data"), (b"m", b"")]),
        challenge(challenge_label=b"d"),
        challenge(n=33)[:32],  # the length is framed: not a prefix of a longer challenge
        challenge(n=64)[:32],
    ]
    assert len({base, *variants}) == len(variants) + 1


def test_order_and_framing_matter():
    a, b = (b"a", b"first"), (b"b", b"second")
    assert challenge(messages=[a, b]) != challenge(messages=[b, a])
    # the same bytes split differently between messages, or between label and message
    assert challenge(messages=[(b"m", b"abc")]) != challenge(messages=[(b"m", b"ab"), (b"m", b"c")])
    assert challenge(messages=[(b"ma", b"bc")]) != challenge(messages=[(b"m", b"abc")])
    assert challenge(label=b"pro", messages=[(b"to", b"data")]) != challenge(label=b"proto", messages=[(b"", b"data")])


def test_challenge_after_challenge_differs():
    t = Transcript(b"proto")
    seen = {t.challenge_bytes(b"c", 32) for _ in range(50)}
    assert len(seen) == 50
    assert t.challenge_scalar(b"c") != t.challenge_scalar(b"c")


def test_challenge_lengths_cross_the_rate():
    """Lengths around STROBE's 166-byte rate: each a different stream, and the first byte changes the state."""
    outputs = [challenge(n=n) for n in (0, 1, 165, 166, 167, 332, 1000)]
    assert [len(o) for o in outputs] == [0, 1, 165, 166, 167, 332, 1000]
    assert len({o[:1] for o in outputs[1:]}) > 1


def test_challenge_scalar_is_64_bytes_reduced():
    t = Transcript(b"proto")
    t.append_message(b"m", bytes(range(32)))
    twin = t.clone()
    wide = twin.challenge_bytes(b"x", 64)
    s = t.challenge_scalar(b"x")
    assert type(s) is Scalar and int(s) == int.from_bytes(wide, "little") % Q
    assert t.challenge_bytes(b"next", 16) == twin.challenge_bytes(b"next", 16)


def test_typed_appends_are_their_messages():
    p = pr.base_mul(7)
    big = Q * 3 + 5
    cases = [
        (lambda t: t.append_u64(b"n", 64), lambda t: t.append_message(b"n", (64).to_bytes(8, "little"))),
        (lambda t: t.append_u64(b"n", 2**64 - 1), lambda t: t.append_message(b"n", b"\xff" * 8)),
        (lambda t: t.append_point(b"P", p), lambda t: t.append_message(b"P", p)),
        (lambda t: t.append_point(b"P", Point(p)), lambda t: t.append_message(b"P", p)),
        (lambda t: t.append_point(b"P", bytearray(p)), lambda t: t.append_message(b"P", p)),
        (lambda t: t.append_scalar(b"s", big), lambda t: t.append_message(b"s", (big % Q).to_bytes(32, "little"))),
        (lambda t: t.append_scalar(b"s", -1), lambda t: t.append_message(b"s", (Q - 1).to_bytes(32, "little"))),
        (lambda t: t.append_scalar(b"s", Scalar(9)), lambda t: t.append_message(b"s", (9).to_bytes(32, "little"))),
    ]
    for typed, plain in cases:
        t1, t2 = Transcript(b"proto"), Transcript(b"proto")
        typed(t1)
        plain(t2)
        assert t1.challenge_bytes(b"c", 32) == t2.challenge_bytes(b"c", 32)


def test_bytes_like_forms_agree():
    data = bytes(range(200))
    strided = memoryview(bytes(range(256)) * 2)[::2][:200]  # 0, 2, 4, ...: not contiguous
    expected = challenge(label=b"proto", messages=[(b"m", data)])
    for form in (bytearray(data), memoryview(data), array("B", data)):
        assert challenge(label=bytearray(b"proto"), messages=[(memoryview(b"m"), form)]) == expected
    assert challenge(messages=[(b"m", strided)]) == challenge(messages=[(b"m", strided.tobytes())])


def test_clone_and_copy_are_independent():
    t = Transcript(b"proto")
    t.append_message(b"m", b"shared")
    copies = [t.clone(), copy.copy(t), copy.deepcopy(t)]
    for k, c in enumerate(copies):
        assert type(c) is Transcript and c is not t
        c.append_message(b"only the copy", bytes([k]))
    expected = challenge(messages=[(b"m", b"shared")])
    assert t.challenge_bytes(b"c", 32) == expected
    outs = [c.challenge_bytes(b"c", 32) for c in copies]
    assert len(set(outs)) == 3 and expected not in outs


def test_transcript_rng_is_bound_to_transcript_witnesses_and_randomness():
    """As merlin's transcript_rng_is_bound_to_transcript_and_witnesses: change any one input, get another output."""

    def output(label=b"proto", witness=b"witness", random=b"\x07" * 32, extra=None):
        t = Transcript(label)
        t.append_message(b"m", b"commitment")
        b = t.build_rng().rekey_with_witness_bytes(b"w", witness)
        if extra:
            b.rekey_with_witness_bytes(b"w2", extra)
        return b.finalize(random).fill_bytes(32)

    base = output()
    assert output() == base  # deterministic in fixed inputs
    variants = [output(label=b"proto2"), output(witness=b"witnesS"), output(random=b"\x08" * 32), output(extra=b"x")]
    assert len({base, *variants}) == 5
    t = Transcript(b"proto")
    fresh = {t.build_rng().rekey_with_witness_bytes(b"w", b"witness").finalize().fill_bytes(32) for _ in range(8)}
    assert len(fresh) == 8  # libsodium's randomness: a fresh stream every time


def test_scalar_witness_is_its_encoding():
    x = Scalar(Q - 5)
    outs = {
        Transcript(b"p").build_rng().rekey_with_witness_bytes(b"x", w).finalize(bytes(32)).fill_bytes(32)
        for w in (x, x.to_bytes(), bytearray(x.to_bytes()))
    }
    assert len(outs) == 1


def test_build_rng_leaves_the_transcript_alone():
    t = Transcript(b"proto")
    t.append_message(b"m", b"data")
    rng = t.build_rng().rekey_with_witness_bytes(b"w", b"secret").finalize(bytes(32))
    rng.fill_bytes(100)
    assert t.challenge_bytes(b"c", 32) == challenge(messages=[(b"m", b"data")])


def test_rng_outputs():
    def rng():
        return Transcript(b"p").build_rng().finalize(bytes(range(32)))

    a, b = rng(), rng()
    wide = a.fill_bytes(64)
    s = b.random_scalar()
    assert type(s) is Scalar and int(s) == int.from_bytes(wide, "little") % Q
    assert a.fill_bytes(0) == b"" and a.fill_bytes(0) == b""
    outs = [a.fill_bytes(n) for n in (1, 166, 167, 400)]
    assert [len(o) for o in outs] == [1, 166, 167, 400]
    assert a.fill_bytes(32) != b.fill_bytes(32)  # a read more than b: the streams differ by now
    assert len({int(a.random_scalar()) for _ in range(20)}) == 20


def test_finalize_consumes_the_builder():
    b = Transcript(b"p").build_rng()
    b.finalize()
    for call in (lambda: b.finalize(), lambda: b.rekey_with_witness_bytes(b"w", b"x")):
        with pytest.raises(ValueError, match="finalized"):
            call()


def test_finalize_rng_that_finalizes_the_builder_itself():
    b = Transcript(b"p").build_rng()
    with pytest.raises(ValueError, match="finalized"):
        b.finalize(lambda n: (b.finalize(bytes(32)), bytes(32))[1])


# ---------------------------------------------------------------------------------------------------
# Bad inputs
# ---------------------------------------------------------------------------------------------------


@pytest.fixture
def max_length_4():
    previous = _set_transcript_max_length(4)
    try:
        yield
    finally:
        _set_transcript_max_length(previous)


def test_length_limit(max_length_4):
    """The 2^32 - 1 byte limit of Merlin's 4-byte length framing, lowered to 4 bytes by the test hook."""
    t = Transcript(b"p")
    t.append_message(b"label longer than four bytes is fine: labels are not length-framed", b"1234")
    assert len(t.challenge_bytes(b"c", 4)) == 4
    builder = t.build_rng().rekey_with_witness_bytes(b"w", b"1234")
    rng = builder.finalize(bytes(32))
    assert len(rng.fill_bytes(4)) == 4
    calls = [
        lambda: t.append_message(b"m", b"12345"),
        lambda: t.append_message(b"m", bytearray(5)),
        lambda: t.challenge_bytes(b"c", 5),
        lambda: t.challenge_bytes(b"c", 2**70),
        lambda: t.build_rng().rekey_with_witness_bytes(b"w", b"12345"),
        lambda: rng.fill_bytes(5),
        lambda: Transcript(b"12345"),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="at most 4 bytes"):
            call()


def test_max_length_hook_bounds():
    assert _set_transcript_max_length(2**32 - 1) == 2**32 - 1  # the default: Merlin's
    for bad in (-1, 2**32):
        with pytest.raises(ValueError):
            _set_transcript_max_length(bad)


@pytest.mark.parametrize("bad", ["text", 5, None, 1.5, [1, 2], array("I", [1, 2])])
def test_non_bytes_labels_and_messages(bad):
    t = Transcript(b"p")
    calls = {
        "label": [
            lambda: Transcript(bad),
            lambda: t.append_message(bad, b"m"),
            lambda: t.append_u64(bad, 1),
            lambda: t.append_point(bad, pr.G),
            lambda: t.append_scalar(bad, 1),
            lambda: t.challenge_bytes(bad, 1),
            lambda: t.challenge_scalar(bad),
            lambda: t.build_rng().rekey_with_witness_bytes(bad, b"w"),
        ],
        "message": [lambda: t.append_message(b"m", bad)],
        "witness": [lambda: t.build_rng().rekey_with_witness_bytes(b"w", bad)],
    }
    for name, group in calls.items():
        for call in group:
            with pytest.raises(TypeError, match=name if type(bad) is not array else "item size"):
                call()
    assert t.challenge_bytes(b"c", 8) == challenge(label=b"p", messages=[], n=8)  # nothing reached the state


def test_bad_lengths():
    t = Transcript(b"p")
    rng = t.build_rng().finalize(bytes(32))
    for call in (lambda n: t.challenge_bytes(b"c", n), rng.fill_bytes):
        for n, error in (
            (-1, ValueError),
            (-(2**70), ValueError),
            (2**64, ValueError),
            (1.0, TypeError),
            ("4", TypeError),
            (None, TypeError),
        ):
            with pytest.raises(error, match="n: "):
                call(n)


def test_bad_u64():
    t = Transcript(b"p")
    for v in (-1, 2**64, 2**200):
        with pytest.raises(ValueError, match="2\\*\\*64"):
            t.append_u64(b"v", v)
    for v in (1.0, "1", None, b"\x01"):
        with pytest.raises(TypeError, match="value"):
            t.append_u64(b"v", v)


def test_bad_points_and_scalars():
    t = Transcript(b"p")
    bad = bytes.fromhex("f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")  # not canonical
    for point in (bad, pr.G[:31], pr.G + b"\x00", bytes([pr.G[0]]) + pr.G[1:31] + bytes([pr.G[31] | 0x80])):
        with pytest.raises(InvalidPointError, match="point"):
            t.append_point(b"P", point)
    with pytest.raises(TypeError):
        t.append_point(b"P", 5)
    for scalar in ("1", None, 1.5, b"\x01" * 32):
        with pytest.raises(TypeError, match="scalar"):
            t.append_scalar(b"s", scalar)
    assert t.challenge_bytes(b"c", 8) == challenge(label=b"p", messages=[], n=8)  # nothing reached the state


def test_bad_external_randomness():
    for rng, error in (
        (b"short", ValueError),
        (bytes(33), ValueError),
        (lambda n: b"x" * 31, ValueError),
        (lambda n: "x" * 32, TypeError),
        (123, TypeError),
        ("x" * 32, TypeError),
    ):
        b = Transcript(b"p").build_rng()
        with pytest.raises(error, match="rng"):
            b.finalize(rng)
        assert len(b.finalize(bytes(32)).fill_bytes(8)) == 8  # a failed finalize leaves the builder usable


def test_constructors_and_uninitialised_objects():
    with pytest.raises(TypeError, match="protocol label"):
        Transcript()
    with pytest.raises(TypeError, match="protocol label"):
        Transcript(b"a", b"b")
    with pytest.raises(TypeError):
        Transcript(label=b"a")
    with pytest.raises(TypeError, match="build_rng"):
        TranscriptRngBuilder()
    with pytest.raises(TypeError, match="build_rng"):
        TranscriptRng()
    t = Transcript.__new__(Transcript)
    for call in (
        lambda: t.append_message(b"l", b"m"),
        lambda: t.challenge_bytes(b"c", 1),
        t.build_rng,
        t.clone,
        lambda: t.challenge_scalar(b"c"),
    ):
        with pytest.raises(ValueError, match="not initialised"):
            call()
    b = TranscriptRngBuilder.__new__(TranscriptRngBuilder)
    with pytest.raises(ValueError, match="not initialised"):
        b.rekey_with_witness_bytes(b"w", b"x")
    with pytest.raises(ValueError, match="not initialised"):
        b.finalize(bytes(32))
    r = TranscriptRng.__new__(TranscriptRng)
    for call in (lambda: r.fill_bytes(1), r.random_scalar):
        with pytest.raises(ValueError, match="not initialised"):
            call()


def test_init_again_does_not_reset():
    t = Transcript(b"p")
    t.append_message(b"m", b"data")
    t.__init__(b"other")
    assert t.challenge_bytes(b"c", 32) == challenge(label=b"p", messages=[(b"m", b"data")])


def test_secret_holders_refuse_copy_and_pickle():
    builder = Transcript(b"p").build_rng().rekey_with_witness_bytes(b"w", b"secret")
    rng = Transcript(b"p").build_rng().finalize()
    for obj in (builder, rng):
        for call in (copy.copy, copy.deepcopy, pickle.dumps):
            with pytest.raises(TypeError, match="cannot be copied or pickled"):
                call(obj)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(Transcript(b"p"))
    assert "secret" not in repr(builder) and repr(Transcript(b"p")) == "<Transcript>"


# ---------------------------------------------------------------------------------------------------
# Leaks and threads
# ---------------------------------------------------------------------------------------------------

SHARED = Transcript(b"leaks")
WITNESS = bytearray(b"w" * 40)


def transcript_round():
    t = SHARED.clone()
    t.append_message(b"m", b"x" * 40)
    t.append_message(b"m", WITNESS)
    t.append_u64(b"n", 5)
    t.append_point(b"P", pr.G)
    t.append_scalar(b"s", -3)
    return t.challenge_bytes(b"c", 64), t.challenge_scalar(b"c"), copy.copy(t)


def rng_round():
    rng = SHARED.build_rng().rekey_with_witness_bytes(b"w", WITNESS).rekey_with_witness_bytes(b"w", b"x").finalize()
    return rng.fill_bytes(64), rng.random_scalar(), SHARED.build_rng().finalize(bytes(32))


LEAK_CASES = {
    "Transcript": (transcript_round, lambda: SHARED.clone().append_message(b"m", array("I", [1]))),
    "Transcript_invalid_point": (lambda: Transcript(bytearray(b"label")), lambda: SHARED.append_point(b"P", b"x" * 32)),
    "TranscriptRng": (rng_round, lambda: SHARED.build_rng().rekey_with_witness_bytes(b"w", WITNESS).finalize(b"x")),
    "TranscriptRng_bad_length": (
        lambda: SHARED.build_rng().finalize(lambda n: bytes(n)).fill_bytes(10),
        lambda: SHARED.build_rng().finalize().fill_bytes(-1),
    ),
}


@pytest.mark.parametrize("name", list(LEAK_CASES))
def test_memory_stays_flat(name, monkeypatch):
    """test_vector_leaks.py's check (100,000 calls, valid and invalid alternating) on the transcript objects."""
    monkeypatch.setitem(test_vector_leaks.CASES, name, LEAK_CASES[name])
    test_vector_leaks.test_memory_stays_flat(name)


def test_threads_share_transcripts(fast_switching):
    """8 threads: each forks a shared transcript (and its shared prefix state) and derives challenges and RNG output,
    getting exactly the serial results; then all draw at once from one shared TranscriptRng and one shared
    Transcript, whose states are never torn (every output is distinct)."""
    prefix = Transcript(b"threads")
    prefix.append_message(b"setup", b"x" * 300)
    shared = prefix.clone()  # drawn from by all threads at once, while they fork prefix

    def job(k):
        t = prefix.clone()
        out = []
        for i in range(30):
            t.append_message(b"m", bytes([k, i]) * 50)
            t.append_u64(b"i", i)
            out.append(t.challenge_bytes(b"c", 48))
            out.append(t.challenge_scalar(b"s").to_bytes())
        rng = t.build_rng().rekey_with_witness_bytes(b"w", bytes([k]) * 32).finalize(bytes(32))
        out.append(rng.fill_bytes(200))
        return out

    serial = [job(k) for k in range(8)]
    results = [None] * 8
    rng = shared.build_rng().finalize()
    drawn = [[] for _ in range(8)]

    def work(k):
        results[k] = job(k)
        for _ in range(200):
            drawn[k].append(rng.fill_bytes(24))
            drawn[k].append(shared.challenge_bytes(b"shared", 24))

    run_concurrently(work, 8)
    assert results == serial
    everything = [x for d in drawn for x in d]
    assert len(set(everything)) == len(everything) == 8 * 400


def test_docs_example_runs_verbatim():
    namespace = run_python_block("# Merlin transcripts", "docs/protocols/transcript.md")
    X, R, z = namespace["X"], namespace["R"], namespace["z"]
    # the challenge recomputed independently: challenge_bytes(64) of the same transcript, reduced by Python ints
    t = Transcript(b"pyristretto-README-schnorr")
    t.append_message(b"X", bytes(X))
    t.append_message(b"R", bytes(R))
    c = int.from_bytes(t.challenge_bytes(b"c", 64), "little") % Q
    assert pr.base_mul(int(z)) == pr.point_add(bytes(R), pr.point_mul(c, bytes(X)))


@pytest.mark.skipif(
    bool(os.environ.get("PYRISTRETTO_SANITIZED")),
    reason="valgrind cannot run under the sanitizer build's preloaded ASan runtime (the normal passes run it)",
)
@pytest.mark.parametrize("cxx", test_constant_time.COMPILERS)
def test_transcript_rng_is_constant_time(tmp_path, cxx):
    """cpp/tests/ct_transcript.cpp under valgrind memcheck: no branch and no address depends on the witnesses or
    the external random bytes keyed into a TranscriptRng (test_constant_time.py's technique, compilers and flags;
    its leaky control proves the check can fail)."""
    exe = cpp_build.build("ct_transcript.cpp", tmp_path, cxx=cxx)
    rc, out = test_constant_time._memcheck(exe)
    assert rc == 0, out[-4000:]
    assert "7 runs, 0 failed" in out and "ERROR SUMMARY: 0 errors" in out, out[-4000:]
