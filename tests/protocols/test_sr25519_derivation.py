"""sr25519 derivation: soft and hard HDKD against py-sr25519-bindings, Substrate's secret URIs, junctions and
mnemonics against sr25519-substrate.json (sp-core's tests and subkey's development accounts), BIP-39 entropy against
Trezor's ``mnemonic`` package, SS58 addresses, and the parser's refusals (sp-core's address_uri tests)."""

import hashlib

import pytest
import sr25519 as theirs
from mnemonic import Mnemonic

from pyristretto.sr25519 import (
    DEV_PHRASE,
    DeriveJunction,
    Keypair,
    MiniSecretKey,
    PublicKey,
    SecretStringError,
    derive_public,
    keypair_from_uri,
    mini_secret_from_entropy,
    mini_secret_from_mnemonic,
    mnemonic_to_entropy,
    parse_suri,
    ss58_decode,
    ss58_encode,
)
from pyristretto.sr25519.derivation import scale_compact
from vectors import load_json

SUBSTRATE = load_json("sr25519-substrate.json")
ALICE = "d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d"


def h(s):
    return bytes.fromhex(s)


def test_alice():
    kp = Keypair.from_uri("//Alice")
    assert kp.public.to_bytes().hex() == ALICE
    assert kp.public.to_ss58() == "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"
    assert Keypair.from_uri(DEV_PHRASE + "//Alice").public.to_bytes().hex() == ALICE


def test_dev_accounts():
    for case in SUBSTRATE["dev_accounts"]:
        kp = keypair_from_uri(case["suri"])
        assert kp.public.to_bytes().hex() == case["public_key"], case["suri"]
        if "ss58_address" in case:
            assert kp.public.to_ss58(case["ss58_prefix"]) == case["ss58_address"]
            assert ss58_decode(case["ss58_address"]) == (h(case["public_key"]), case["ss58_prefix"])
        _, junctions, _ = parse_suri(case["suri"])
        assert [(j.chain_code.hex(), j.hard) for j in junctions] == [
            (j["chain_code"], j["hard"]) for j in case["junctions"]
        ]
        if "secret_key" in case:  # only hard junctions: the secret key is deterministic
            assert all(j["hard"] for j in case["junctions"])
            assert kp.secret.to_bytes().hex() == case["secret_key"]
            mini, last = _hard_path(case["phrase"], case["junctions"])
            assert last.public == kp.public
            if "derived_mini_secret" in case:  # subkey's "secret seed"
                assert mini.to_bytes().hex() == case["derived_mini_secret"]
        else:  # a soft junction somewhere: its nonce is random, the key scalar is not
            assert kp.secret.to_bytes()[:32].hex() == case["secret_key_scalar"]


def _hard_path(phrase, junctions):
    kp, mini = mini_secret_from_mnemonic(phrase).expand_to_keypair(), None
    for j in junctions:
        mini, _ = kp.hard_derive_mini_secret_key(h(j["chain_code"]), b"")
        kp = mini.expand_to_keypair()
    return mini, kp


def test_sp_core_uri_cases():
    for case in SUBSTRATE["sp_core_tests"]:
        if case["kind"] == "suri_derivation":
            kp = Keypair.from_uri(case["suri"])
            assert kp.public.to_bytes().hex() == case["public_key"], case["test"]
            assert (
                mini_secret_from_mnemonic(case["phrase"], case["password"] or "").to_bytes().hex()
                == case["mini_secret"]
            )
            if "secret_key" in case:
                assert kp.secret.to_bytes().hex() == case["secret_key"]
            if "secret_key_scalar" in case:
                assert kp.secret.to_bytes()[:32].hex() == case["secret_key_scalar"]
        elif case["kind"] == "phrase_to_public":
            kp = Keypair.from_uri(case["suri"])
            assert kp.public.to_bytes().hex() == case["public_key"]
            assert kp.secret.to_bytes().hex() == case["secret_key"]
            assert kp.public.to_ss58() == case["ss58_address"]
        elif case["kind"] == "seed_junction_derivation":
            j = case["junction"]
            kp = Keypair.from_seed(h(case["seed"]))
            assert kp.public.to_bytes().hex() == case["parent_public_key"]
            junction = DeriveJunction.parse(("/" if j["hard"] else "") + j["junction"])
            assert junction.chain_code.hex() == j["chain_code"]
            child = kp.derive([junction])
            assert child.public.to_bytes().hex() == case["public_key"]
            if j["hard"]:
                assert child.secret.to_bytes().hex() == case["secret_key"]
            else:
                assert child.secret.to_bytes()[:32].hex() == case["secret_key_scalar"]
                assert kp.public.derive([junction]).to_bytes().hex() == case["public_key"]


def test_password_and_password_override():
    with_password = Keypair.from_uri("//Alice///password")
    case = next(c for c in SUBSTRATE["sp_core_tests"] if c["test"] == "default_phrase_should_be_used")
    assert with_password.public.to_bytes().hex() == case["public_key"]
    assert Keypair.from_uri("//Alice", password="password").public == with_password.public
    assert Keypair.from_uri("//Alice///other", password="password").public == with_password.public
    assert Keypair.from_uri("//Alice///").public.to_bytes().hex() == ALICE  # an empty password is none


def test_phrase_derivations_match_theirs():
    case = next(c for c in SUBSTRATE["py_sr25519_bindings_tests"] if c["kind"] == "phrase_soft_and_hard_derivation")
    mini = mini_secret_from_mnemonic(case["phrase"])
    assert mini.to_bytes().hex() == case["mini_secret"]
    kp = mini.expand_to_keypair()
    assert kp.public.to_bytes().hex() == case["public_key"]
    cc, index = h(case["chain_code"]), h(case["index"])
    child, child_cc = kp.derived_key_simple(cc, index)
    assert child_cc.hex() == case["soft_child_chain_code"]
    assert (child_cc, child.public.to_bytes()) == theirs.derive_pubkey((cc, kp.public.to_bytes()), index)
    hard_cc, hard_pub, hard_sec = theirs.hard_derive_keypair((cc, kp.public.to_bytes(), kp.secret.to_bytes()), index)
    mini_child, cc2 = kp.hard_derive_mini_secret_key(cc, index)
    assert cc2 == hard_cc and mini_child.expand_to_keypair().secret.to_bytes() == hard_sec


def test_hex_seed_uri():
    seed = "e5be9a5092b81bca64be81d212e7f2f9eba183bb7a90954f7b76361f6edb5c0a"  # //Alice's derived seed
    assert Keypair.from_uri("0x" + seed).public.to_bytes().hex() == ALICE
    assert Keypair.from_uri("0x" + seed.upper()).public.to_bytes().hex() == ALICE
    assert Keypair.from_uri("0x" + seed + "///ignored").public.to_bytes().hex() == ALICE  # no password for a seed
    assert Keypair.from_uri("0x" + seed + "//x").public == Keypair.from_seed(h(seed)).derive("//x").public
    for bad in ["0x" + seed[:-2], "0x" + seed + "00", "0x" + seed[:-1] + "g", "0x", "0x" + seed[:30] + " " + seed[31:]]:
        with pytest.raises(SecretStringError):
            Keypair.from_uri(bad)


# sp-core's address_uri tests: (uri, (phrase, paths, password)) or an error
ADDRESS_URI_CASES = [
    ("///", (None, [], "")),
    ("////////", (None, [], "/////")),
    ("sdasd///asda", ("sdasd", [], "asda")),
    ("sdasd//asda", ("sdasd", ["/asda"], None)),
    ("sdasd//a", ("sdasd", ["/a"], None)),
    ("sdasd//", None),
    ("sdasd/xx//asda", ("sdasd", ["xx", "/asda"], None)),
    ("sdasd/xx//a/b//c///pass", ("sdasd", ["xx", "/a", "b", "/c"], "pass")),
    ("sdasd/xx//", None),
    ("sdasd/asda", ("sdasd", ["asda"], None)),
    ("sdasd/", None),
    ("sdasd", ("sdasd", [], None)),
    ("sd.asd", None),
    ("sd.asd/asd.a", None),
    ("sdasd/asd.a", ("sdasd", ["asd.a"], None)),
    ("sdasd//asd.a", ("sdasd", ["/asd.a"], None)),
    ("///\n", None),
    ("///a\n", None),
    ("sd.asd///asd.a\n", None),
    ("hello world//1/DOT///password", ("hello world", ["/1", "DOT"], "password")),
]


@pytest.mark.parametrize("uri,expected", ADDRESS_URI_CASES)
def test_parse_suri_as_sp_core(uri, expected):
    if expected is None:
        with pytest.raises(SecretStringError):
            parse_suri(uri)
        return
    phrase, paths, password = expected
    got = parse_suri(uri)
    assert got == (phrase, [DeriveJunction.parse(p) for p in paths], password)


def test_junction_encoding():
    # sp-core: a u64 as 8 bytes LE, a string SCALE-encoded, longer than 32 bytes hashed with BLAKE2b-256
    assert DeriveJunction.parse("1").chain_code == (1).to_bytes(8, "little") + bytes(24)
    assert DeriveJunction.parse("+7") == DeriveJunction.parse("7") == DeriveJunction.parse("007")
    assert DeriveJunction.parse(str(2**64 - 1)).chain_code == b"\xff" * 8 + bytes(24)
    assert DeriveJunction.parse(str(2**64)).chain_code == _scale_str(str(2**64))
    assert DeriveJunction.parse("-1").chain_code == _scale_str("-1")
    assert DeriveJunction.parse("Alice").chain_code == b"\x14Alice" + bytes(26)
    long = "x" * 40
    assert DeriveJunction.parse(long).chain_code == hashlib.blake2b(b"\xa0" + long.encode(), digest_size=32).digest()
    assert DeriveJunction.parse("/Alice").hard and not DeriveJunction.parse("Alice").hard
    assert DeriveJunction.soft(1) == DeriveJunction.parse("1")
    assert DeriveJunction.hard_of("Alice") == DeriveJunction.parse("/Alice")
    assert DeriveJunction.soft(b"ab").chain_code == b"\x08ab" + bytes(29)
    for bad in [-1, 2**64, 1.0, None, [1], True]:
        with pytest.raises((TypeError, ValueError)):
            DeriveJunction.soft(bad)
    with pytest.raises(ValueError):
        DeriveJunction(bytes(31))
    with pytest.raises(TypeError):
        DeriveJunction("x" * 32)


def _scale_str(s):
    raw = s.encode()
    enc = scale_compact(len(raw)) + raw
    return enc + bytes(32 - len(enc)) if len(enc) <= 32 else hashlib.blake2b(enc, digest_size=32).digest()


def test_scale_compact():
    # SCALE's compact modes (parity-scale-codec): single byte, two, four, big-integer
    assert scale_compact(0) == b"\x00" and scale_compact(63) == b"\xfc"
    assert scale_compact(64) == b"\x01\x01" and scale_compact(16383) == b"\xfd\xff"
    assert scale_compact(16384) == b"\x02\x00\x01\x00" and scale_compact(2**30 - 1) == b"\xfe\xff\xff\xff"
    assert scale_compact(2**30) == b"\x03\x00\x00\x00\x40"
    assert scale_compact(2**64 - 1) == b"\x13" + b"\xff" * 8


def test_mnemonic_entropy_against_trezor(rng):
    trezor = Mnemonic("english")
    for strength in (128, 160, 192, 224, 256):
        for _ in range(40):
            entropy = bytes(rng.getrandbits(8) for _ in range(strength // 8))
            phrase = trezor.to_mnemonic(entropy)
            assert mnemonic_to_entropy(phrase) == entropy
            expected = hashlib.pbkdf2_hmac("sha512", entropy, b"mnemonicpw", 2048)[:32]
            assert mini_secret_from_mnemonic(phrase, "pw").to_bytes() == expected
            assert mini_secret_from_entropy(entropy, "pw").to_bytes() == expected


def test_bad_mnemonics(rng):
    trezor = Mnemonic("english")
    phrase = trezor.to_mnemonic(bytes(16))
    words = phrase.split()
    for bad in [
        " ".join(words[:11]),
        " ".join(words + ["abandon"]),
        " ".join(words[:-1] + ["zoo"]),
        " ".join(words[:-1] + ["notaword"]),
        phrase.upper(),
        "",
    ]:
        with pytest.raises(SecretStringError):
            mnemonic_to_entropy(bad)
        with pytest.raises(SecretStringError):
            Keypair.from_uri(bad + "//Alice" if bad else "x//Alice")
    assert mnemonic_to_entropy("  " + "   ".join(words) + " ") == bytes(16)  # any whitespace between words
    for bad in [None, 5, b"abandon"]:
        with pytest.raises(TypeError):
            mnemonic_to_entropy(bad)
    for bad in [bytes(15), bytes(17), bytes(36)]:
        with pytest.raises(SecretStringError):
            mini_secret_from_entropy(bad)


def test_soft_paths_on_public_keys_and_hard_refused():
    kp = Keypair.from_uri("//Alice")
    child = kp.derive("/soft/1")
    assert kp.public.derive("/soft/1") == child.public
    assert derive_public(kp.public.to_bytes(), "/soft/1") == child.public
    with pytest.raises(SecretStringError):
        kp.public.derive("//hard")
    with pytest.raises(SecretStringError):
        kp.derive("phrase//x")
    with pytest.raises(TypeError):
        kp.derive(5)
    with pytest.raises(TypeError):
        kp.derive(["//x"])


def test_soft_derivation_nonce_random_key_deterministic():
    kp = Keypair.from_uri("//Alice")
    a, cc_a = kp.derived_key_simple(bytes(32), b"i")
    b, cc_b = kp.derived_key_simple(bytes(32), b"i")
    assert cc_a == cc_b and a.public == b.public
    assert a.secret.to_bytes()[:32] == b.secret.to_bytes()[:32]
    assert a.secret.to_bytes()[32:] != b.secret.to_bytes()[32:]
    c, _ = kp.derived_key_simple(bytes(32), b"i", rng=bytes(32))
    d, _ = kp.derived_key_simple(bytes(32), b"i", rng=bytes(32))
    assert c.secret.to_bytes() == d.secret.to_bytes()  # injected randomness: deterministic


def test_hard_derivation_without_chain_code_and_uniform_mode():
    mini = MiniSecretKey(bytes(range(32)))
    a, cc = mini.hard_derive_mini_secret_key(None, b"x")
    b, cc2 = mini.expand().hard_derive_mini_secret_key(None, b"x")
    assert a == b and cc == cc2
    c, _ = mini.expand().hard_derive_mini_secret_key(bytes(32), b"x")
    assert c != a  # the chain code enters the transcript when given


def test_ss58(rng):
    for prefix in (0, 2, 42, 63, 64, 255, 16383):
        key = bytes(rng.getrandbits(8) for _ in range(32))
        address = ss58_encode(key, prefix)
        assert ss58_decode(address) == (key, prefix)
    address = ss58_encode(bytes.fromhex(ALICE))
    with pytest.raises(ValueError):
        ss58_decode(address[:-1] + ("2" if address[-1] != "2" else "3"))
    for bad in ["0OIl", "", "1" * 10]:
        with pytest.raises(ValueError):
            ss58_decode(bad)
    with pytest.raises(ValueError):
        ss58_encode(bytes(32), 16384)
    with pytest.raises(TypeError):
        ss58_encode("x" * 32)
    assert PublicKey.from_ss58(address).to_bytes().hex() == ALICE


def test_uri_bad_types():
    for bad in [None, b"//Alice", 5]:
        with pytest.raises(TypeError):
            Keypair.from_uri(bad)
    with pytest.raises(TypeError):
        Keypair.from_uri("//Alice", password=b"pw")


def test_random_soft_hard_paths_match_theirs(rng):
    # a path of random junctions: ours (Keypair.derive) and the bindings step by step agree on the public key
    for _ in range(50):
        kp = Keypair.from_seed(bytes(rng.getrandbits(8) for _ in range(32)))
        pub, sec = kp.public.to_bytes(), kp.secret.to_bytes()
        path = []
        for _ in range(rng.randrange(1, 5)):
            j = DeriveJunction.parse(("/" if rng.random() < 0.5 else "") + rng.choice(["0", "1", "Alice", "x" * 40]))
            path.append(j)
            if j.hard:
                _, pub, sec = theirs.hard_derive_keypair((j.chain_code, pub, sec), b"")
            else:
                _, pub, sec = theirs.derive_keypair((j.chain_code, pub, sec), b"")
        assert kp.derive(path).public.to_bytes() == pub
