"""Issue 44: every public function and method of the object layer (pyristretto._objects' classes and the functions
beside them) and of the protocols (every public module or subpackage of pyristretto but the benchmark tool, found as
tests/test_layout.py finds them: oprf, frost, bulletproofs, opaque, cpace, sr25519, sigma... and dask) is fed each
wrong type for each of its arguments (ints, lists, str, None, floats, numpy arrays of the wrong dtype or shape,
wrong lengths) and must raise TypeError or ValueError (a protocol's own error is a ValueError) whose message names
the argument: never turn it into a valid-looking value (bytes(32) is the identity; list(b"..") small ints)
and never crash.

The callables are found by walking the classes and the modules' __all__, so a new public function cannot be
forgotten: it must get a row in SPECS, or be listed in NO_ARGUMENTS or NOT_COVERED with the reason."""

import importlib
import inspect
import pkgutil

import numpy as np
import pytest

import pyristretto as pr
from pyristretto import _objects, bulletproofs as bp, cpace, dask as prdask, frost, opaque, oprf, sigma, sr25519 as sr
from pyristretto import FixedBase, MSMTable, Point, PointVector, Scalar, ScalarVector, Transcript

G = Point.generator()
H = Point.hash_to_group(b"H", b"test_argument_types")


FRESH_SESSION = object()  # a valid argument tied to a fresh run, made for each call (frost.sign, opaque's login)


class Fresh:
    """A valid argument built anew for every call (objects a call consumes: nonces, RNG builders)."""

    def __init__(self, make):
        self.make = make


# ---- wrong values, by kind of argument ------------------------------------------------------------------------
NP_INT64_32 = np.zeros(32, dtype=np.int64)
NP_UINT8_2D = np.zeros((2, 16), dtype=np.uint8)
WRONG = {
    # a point: a Point or 32 bytes-like (32 as an int, or [0] * 32, was bytes(32): the identity)
    "point": [
        32,
        0,
        [0] * 32,
        (0,) * 32,
        "00" * 16,
        None,
        1.5,
        Scalar(1),
        NP_INT64_32,
        NP_UINT8_2D,
        bytes(31),
        bytes(33),
    ],
    # a scalar: a Scalar or an int-like (some take 32 canonical bytes too)
    "scalar": ["1", None, 1.5, [1], G, np.zeros(2, dtype=np.int64), bytes(31)],
    # a bytes-like message, label, seed...
    "data": [5, "text", None, [1, 2], 1.5, G],
    # a count, size, index or mode: an operator.index value
    "count": ["3", None, 1.5, [3], b"\x03", G],
    # a bool flag: a truthy "no" is refused
    "bool": ["no", None, 1.5],
    # a sequence of points: a list or tuple (a PointVector)
    "points": [5, "x", None, G, 1.5, [5], [None], ["00" * 16], [bytes(31)], b"\x00" * 64],
    # the object layer's points: an iterable of points or one buffer of 32*n bytes (so 64 bytes are two points)
    "point_buffer": [
        5,
        "x",
        None,
        G,
        1.5,
        [5],
        [None],
        ["00" * 16],
        [bytes(31)],
        b"\x00" * 63,
        np.zeros((2, 32), dtype=np.int64),
    ],
    # arguments for which None is valid (a default): every other wrong value of their kind
    "optional_count": ["3", 1.5, [3], b"\x03", G],
    "optional_scalar": ["1", 1.5, [1], G, np.zeros(2, dtype=np.int64), bytes(31)],
    "optional_point": [32, 0, [0] * 32, "00" * 16, 1.5, Scalar(1), NP_INT64_32, NP_UINT8_2D, bytes(31)],
    # a sequence of scalars
    "scalars": [5, "x", None, 1.5, [None], ["1"], [1.5], [G]],
    # a sequence of bytes-like messages
    "datas": [5, "x", None, [5], [None], ["text"], b"ab"],
    # a sequence of counts (identifiers)
    "counts": [5, "x", None, ["1"], [1.5], [None], b"\x01\x02"],
    "transcript": [b"label", None, 5, "label"],
    # a (n, 32) uint8 array (dask)
    "array": [
        [bytes(32)],
        b"\x00" * 64,
        5,
        None,
        np.zeros((2, 32), dtype=np.int64),
        np.zeros((2, 31), dtype=np.uint8),
        np.zeros(64, dtype=np.uint8),
    ],
    "commitment_list": [5, None, "x", b"\x01\x02\x03", [(1, 32, G), (2, G, G)], [(1.5, G, G), (2, G, G)], [(1, G)]],
    "binding_factor_list": [5, None, "x", [(1, "x"), (2, 1)], [(1.5, 1), (2, 1)], [1, 2]],
    "public_shares": [5, "x", [1, 2], {1: 32, 2: G}],
    "share": [5, None, (1,), (1.5, 1), (1, "x"), b"\x01\x02"],
    "nonces": [None, (1, 2), 5],
    "gens": [None, 5, "x", b"gens"],
    "ipp": [None, 5, b"\x00" * 64],
    "proof": [5, None, "x", [0] * 672, np.zeros(84, dtype=np.int64)],
    "items": [5, None, "x", [5], [(1, 2)]],
    "rng": [5, "x", [0] * 32, bytes(31)],
    "pair": [5, None, "x", 1.5],
    # a received encoding whose wrong length or value the draft maps to G.I (CPace's scalar_mult_vfy): types only
    "point_type": [32, [0] * 32, "00" * 16, None, 1.5, Scalar(1), NP_INT64_32],
    "choice": [5, None, "x", b"initiator"],  # a str naming one of a few choices (CPace's role, OPAQUE's group)
    "ksf": [5, None, "x", b"ksf"],
    "config": [5, None, "x", b"config"],
    "optional_config": [5, "x", b"config"],
    "optional_data": [5, "text", [1, 2], 1.5, G, b""],  # None is the default (OPAQUE's identities)
    "record": [5, "x", [0] * 192, bytes(191)],
    # sr25519 and sigma
    "sr_secret": [5, None, "x", bytes(64), G],  # a SecretKey object
    "mode": [5, None, "ed25519", b"uniform"],  # an ExpansionMode
    "text": [5, None, b"//Alice", 1.5, ["x"]],  # a str (a phrase, a secret URI, an address, a password)
    "optional_text": [5, b"pw", 1.5, ["x"]],
    "signature": [5, None, "x", [0] * 64, 1.5, G, np.zeros(64, dtype=np.int64), bytes(31)],  # fixed-length bytes
    "signatures": [5, "x", None, b"\x00" * 64, [5], [None], ["x"], [bytes(31)]],
    # verify_each's per-item inspection: a malformed item (a wrong length) is its False; the types still raise
    "signatures_type": [5, "x", None, b"\x00" * 64, [5], [None], ["x"]],
    "points_type": [5, "x", None, G, 1.5, [5], [None], ["00" * 16]],
    "path": [5, None, b"//a", ["//a"], [5], 1.5],  # a str of junctions or a list of DeriveJunctions
    "junction": [None, 1.5, [1], G, -1],  # an int, str or bytes index
    "point_object": [32, None, [0] * 32, "00" * 16, 1.5, Scalar(1)],  # a Point (VRFInOut's input and output)
    "keypair": [5, None, "x", bytes(96), G, (bytes(64), bytes(32))],
    "inout": [5, None, "x", bytes(32), G, (G, G)],
    "inouts": [5, None, "x", [5], [None], [(G, G)]],
    "optional_transcript": [b"label", 5, "label", 1.5],
    "optional_transcripts": [5, "x", b"t", [5], [b"t"]],  # [None]: each None is the default transcript
    # (the bindings' messages about a tuple's items, "Invalid PubKey", "at index 1", are test_sr25519_compat.py's)
    "compat_pair": [5, None, "x", [bytes(32), bytes(64)]],
    "label": [5, None, [1, 2], 1.5, G],  # a sigma label: str or bytes (the zkp crate's labels are str)
    "optional_label": [5, [1, 2], 1.5, G],
    "equations": [5, None, b"A = x * G", 1.5, G, [5], [("A", 5)]],
    "names": [5, "x", b"x", [5], [None], [b"x"]],
    "optional_names": [5, "x", b"x", [5], [None]],
    "name_mapping": [5, "x", [("x", "y")], {"x": 5}, {5: "y"}, {"x": b"y"}],
    "scalar_mapping": [5, None, "x", [7], {"x": "1"}, {"x": None}, {"x": 1.5}, {"x": G}, {"x": bytes(31)}, {5: 7}],
    "point_mapping": [
        5,
        "x",
        [G],
        {"A": 32, "B": H},
        {"A": [0] * 32, "B": H},
        {"A": "00" * 16, "B": H},
        {"A": None, "B": H},
        {"A": NP_INT64_32, "B": H},
        {"A": Scalar(1), "B": H},
        {5: G},
    ],
    "point_mappings": [5, None, "x", [5], [None], [{"A": 5, "B": H}]],
    "sigma_proof": [5, None, "x", [0] * 64, G],
    "sigma_proofs": [5, None, "x", [5], [None], [b"proof"]],
    "statement": [5, None, "A = x * G", G, b"s"],
    "dask_messages": [
        5,
        None,
        "x",
        [5],
        [None],
        ["text"],
        np.zeros((1, 3), dtype=np.int64),
        np.zeros((1, 2, 2), np.uint8),
    ],
}


# ---- valid values --------------------------------------------------------------------------------------------
def _sessions():
    """Valid protocol values, made once."""
    v = {}
    v["sk"] = Scalar(12345)
    v["pk"] = Point.base_mul(v["sk"])
    voprf_server = oprf.VOPRFServer(v["sk"])
    blind, blinded = oprf.VOPRFClient(v["pk"]).blind(b"in")
    evaluated, proof = voprf_server.blind_evaluate(blinded)
    v.update(blind=blind, blinded=blinded, evaluated=evaluated, voprf_proof=proof)
    poprf_server = oprf.POPRFServer(v["sk"])
    p_blind, p_blinded, tweak = oprf.POPRFClient(v["pk"]).blind(b"in", b"info")
    p_evaluated, p_proof = poprf_server.blind_evaluate(p_blinded, b"info")
    v.update(p_blind=p_blind, p_blinded=p_blinded, tweak=tweak, p_evaluated=p_evaluated, p_proof=p_proof)
    v["o_evaluated"] = oprf.OPRFServer(v["sk"]).blind_evaluate(blinded)
    shares, group_pk, vss = frost.trusted_dealer_keygen(Scalar(777), 3, 2)
    v.update(shares=dict(shares), group_pk=group_pk, vss=vss, public_shares=frost.derive_group_info(3, 2, vss)[1])
    return v


S = _sessions()


def _frost_session():
    """(nonces of participant 1, commitment list, signature shares, signature) of a fresh 2-of-3 signing."""
    round_one = {i: frost.commit(S["shares"][i]) for i in (1, 2)}
    cl = [(i, *round_one[i][1]) for i in (1, 2)]
    return round_one, cl


ROUND_ONE, CL = _frost_session()
SIG_SHARES = [frost.sign(i, S["shares"][i], S["group_pk"], ROUND_ONE[i][0], b"msg", CL) for i in (1, 2)]
SIGNATURE = frost.aggregate(CL, b"msg", S["group_pk"], SIG_SHARES)
FACTORS = frost.compute_binding_factors(S["group_pk"], CL, b"msg")


def _fresh_nonces():
    """Nonces of participant 1 whose commitments are in the list returned with them."""
    nonces, commitments = frost.commit(S["shares"][1])
    return nonces, [(1, *commitments), CL[1]]


def _sign(identifier, sk_i, group_public_key, nonces, msg, commitment_list, *, min_participants=None):
    fresh_nonces, fresh_list = _fresh_nonces()
    return frost.sign(
        identifier,
        sk_i,
        group_public_key,
        fresh_nonces if nonces is FRESH_SESSION else nonces,
        msg,
        fresh_list if commitment_list is FRESH_SESSION else commitment_list,
        min_participants=min_participants,
    )


BP_GENS, PC_GENS = bp.BulletproofGens(8, 2), bp.PedersenGens()
RANGE_PROOF, RANGE_V = bp.RangeProof.prove_single(BP_GENS, PC_GENS, Transcript(b"t"), 5, 6, 8)
IPP_G, IPP_H = BP_GENS.G(4, 1), BP_GENS.H(4, 1)
IPP_A, IPP_B = ScalarVector([1, 2, 3, 4]), ScalarVector([5, 6, 7, 8])
IPP_P = PointVector.concat(IPP_G, IPP_H, [H]).msm(ScalarVector.concat(IPP_A, IPP_B, [IPP_A.inner(IPP_B)]))
IPP = bp.InnerProductProof.create(Transcript(b"ipp"), H, [1] * 4, IPP_G, IPP_H, IPP_A, IPP_B)
OPAQUE_CONFIG = opaque.Configuration(opaque.Identity())
OPAQUE_SERVER = opaque.Server.generate(OPAQUE_CONFIG)
_REGISTRATION = opaque.ClientRegistration(OPAQUE_CONFIG, b"password")
OPAQUE_RESPONSE = OPAQUE_SERVER.registration_response(_REGISTRATION.request, b"alice")
OPAQUE_RECORD = _REGISTRATION.finish(OPAQUE_RESPONSE).record


def _opaque_login():
    """(client login, server login) of a fresh run for alice (each finishes once)."""
    login = opaque.ClientLogin(OPAQUE_CONFIG, b"password")
    return login, OPAQUE_SERVER.login(login.ke1, OPAQUE_RECORD, b"alice")


def _client_login_finish(ke2, *, server_identity=None, client_identity=None):
    """ClientLogin.finish of a fresh login, given the server's KE2 for it when ke2 is FRESH_SESSION."""
    login, server_login = _opaque_login()
    return login.finish(
        server_login.ke2 if ke2 is FRESH_SESSION else ke2,
        server_identity=server_identity,
        client_identity=client_identity,
    )


def _server_login_finish(ke3):
    """ServerLogin.finish of a fresh login, given the client's KE3 for it when ke3 is FRESH_SESSION."""
    login, server_login = _opaque_login()
    return server_login.finish(login.finish(server_login.ke2).ke3 if ke3 is FRESH_SESSION else ke3)


_LOGIN, _SERVER_LOGIN = _opaque_login()
OPAQUE_KE2 = _SERVER_LOGIN.ke2
OPAQUE_KE3 = _LOGIN.finish(OPAQUE_KE2).ke3
CPACE_PEER = cpace.CPace(b"password", role=cpace.RESPONDER).message
DASK_POINTS = np.frombuffer(G.to_bytes() + H.to_bytes(), dtype=np.uint8).reshape(2, 32)
DASK_SCALARS = np.frombuffer(Scalar(3).to_bytes() + Scalar(4).to_bytes(), dtype=np.uint8).reshape(2, 32)

SEED = bytes(range(32))
KP = sr.Keypair.from_seed(SEED)
MINI = sr.MiniSecretKey(SEED)
ED25519, UNIFORM = sr.ExpansionMode.ED25519, sr.ExpansionMode.UNIFORM
SR_SIG = KP.sign(b"m")
CHAIN_CODE = bytes(range(32, 64))
VRF_IO, VRF_PROOF, VRF_BATCHABLE = KP.vrf_sign(b"m", b"c")
VRFS_IOS, VRFS_PROOF, _ = KP.vrfs_sign([b"a", b"b"], b"c")
COMPAT_PUBLIC, COMPAT_SECRET = sr.pair_from_seed(SEED)
COMPAT_SIG = sr.sign((COMPAT_PUBLIC, COMPAT_SECRET), b"m")
DASK_SIGS = np.frombuffer(SR_SIG, dtype=np.uint8).reshape(1, 64)
DASK_KEYS = np.frombuffer(KP.public.to_bytes(), dtype=np.uint8).reshape(1, 32)
DLEQ = sigma.Statement("t/dleq", "A = x * G, B = x * H", fixed={"G": G, "H": H})
DLOG = sigma.Statement("t/dlog", "C = y * G", fixed={"G": G})
PUBLIC = {"A": Scalar(7) * G, "B": Scalar(7) * H}
COMPACT = DLEQ.prove({"x": 7}, PUBLIC, Transcript(b"s"))
BATCHABLE = DLEQ.prove_batchable({"x": 7}, PUBLIC, Transcript(b"s"))


def P(name, kind, value, keyword=False, label=None):
    """A row's argument: its name, its kind (the wrong values of WRONG[kind]), a valid value (or a Fresh one), whether
    it is passed by keyword, and what the error must name when not the argument's name (a message class's own)."""
    return (name, kind, value, keyword, label or name)


def _messages():
    """The rows of OPAQUE's message classes: each constructor's fields and from_bytes."""
    rows = {}
    for cls in (
        opaque.RegistrationRequest,
        opaque.RegistrationResponse,
        opaque.Envelope,
        opaque.RegistrationRecord,
        opaque.KE1,
        opaque.KE2,
        opaque.KE3,
    ):
        fields = [P(name, "data", bytes(size)) for name, size in cls.FIELDS]
        rows[f"opaque.{cls.__name__}"] = (cls, fields)
        rows[f"opaque.{cls.__name__}.from_bytes"] = (
            cls.from_bytes,
            [P("data", "data", bytes(cls.SIZE), label=cls.__name__)],
        )
    return rows


def _voprf_finalize(method):
    return [
        P(
            "input" if "batch" not in method else "inputs",
            "data" if "batch" not in method else "datas",
            b"in" if "batch" not in method else [b"in"],
        )
    ]


SPECS = {
    # ---- the object layer ----
    "Point": (Point, [P("data", "point", G.to_bytes())]),
    "Point.base_mul": (Point.base_mul, [P("s", "scalar", 5)]),
    "Point.from_uniform_bytes": (Point.from_uniform_bytes, [P("b", "data", bytes(64))]),
    "Point.hash_to_group": (Point.hash_to_group, [P("msg", "data", b"m"), P("dst", "data", b"d")]),
    "Scalar": (Scalar, [P("value", "scalar", 5)]),
    "Scalar.from_bytes": (Scalar.from_bytes, [P("b", "data", bytes(32))]),
    "Scalar.from_bytes_mod_order": (Scalar.from_bytes_mod_order, [P("b", "data", bytes(64))]),
    "Scalar.hash_to_scalar": (Scalar.hash_to_scalar, [P("msg", "data", b"m"), P("dst", "data", b"d")]),
    "ScalarVector": (ScalarVector, [P("values", "scalars", [1, 2])]),
    "ScalarVector.random": (ScalarVector.random, [P("n", "count", 3)]),
    "ScalarVector.powers": (ScalarVector.powers, [P("x", "scalar", 3), P("n", "count", 3)]),
    "ScalarVector.concat": (ScalarVector.concat, [P("vectors", "scalars", [1, 2])]),
    "ScalarVector.from_bytes": (ScalarVector.from_bytes, [P("b", "data", bytes(64))]),
    "ScalarVector.inner": (ScalarVector([1, 2]).inner, [P("other", "scalars", [3, 4])]),
    "ScalarVector.fold": (ScalarVector([1, 2]).fold, [P("lo_weight", "scalar", 3), P("hi_weight", "scalar", 4)]),
    "PointVector": (PointVector, [P("points", "point_buffer", [G, H])]),
    "PointVector.concat": (PointVector.concat, [P("vectors", "point_buffer", [G, H])]),
    "PointVector.derive_generators": (PointVector.derive_generators, [P("domain", "data", b"d"), P("n", "count", 2)]),
    "PointVector.hash_to_group": (PointVector.hash_to_group, [P("msgs", "datas", [b"a"]), P("dst", "data", b"d")]),
    "PointVector.fold_vartime": (PointVector([G, H]).fold_vartime, [P("x", "scalar", 1), P("y", "scalar", 2)]),
    "PointVector.msm": (PointVector([G, H]).msm, [P("scalars", "scalars", [1, 2])]),
    "PointVector.msm_vartime": (PointVector([G, H]).msm_vartime, [P("scalars", "scalars", [1, 2])]),
    "PointVector.scale": (PointVector([G, H]).scale, [P("scalars", "scalars", [1, 2])]),
    "PointVector.scale_vartime": (PointVector([G, H]).scale_vartime, [P("scalars", "scalars", [1, 2])]),
    "FixedBase": (FixedBase, [P("P", "point", H)]),
    "FixedBase.mul": (FixedBase(H).mul, [P("s", "scalar", 3)]),
    "MSMTable": (MSMTable, [P("points", "point_buffer", [G, H])]),
    "MSMTable.msm": (MSMTable([G, H]).msm, [P("scalars", "scalars", [1, 2])]),
    "MSMTable.msm_vartime": (MSMTable([G, H]).msm_vartime, [P("scalars", "scalars", [1, 2])]),
    "Transcript": (Transcript, [P("label", "data", b"l")]),
    "Transcript.append_message": (
        Transcript(b"t").append_message,
        [P("label", "data", b"l"), P("message", "data", b"m")],
    ),
    "Transcript.append_u64": (Transcript(b"t").append_u64, [P("label", "data", b"l"), P("value", "count", 5)]),
    "Transcript.append_point": (Transcript(b"t").append_point, [P("label", "data", b"l"), P("point", "point", G)]),
    "Transcript.append_scalar": (Transcript(b"t").append_scalar, [P("label", "data", b"l"), P("scalar", "scalar", 5)]),
    "Transcript.challenge_bytes": (Transcript(b"t").challenge_bytes, [P("label", "data", b"l"), P("n", "count", 8)]),
    "Transcript.challenge_scalar": (Transcript(b"t").challenge_scalar, [P("label", "data", b"l")]),
    "TranscriptRngBuilder.rekey_with_witness_bytes": (
        Fresh(lambda: Transcript(b"t").build_rng().rekey_with_witness_bytes),
        [P("label", "data", b"l"), P("witness", "data", b"w")],
    ),
    "TranscriptRngBuilder.finalize": (
        Fresh(lambda: Transcript(b"t").build_rng().finalize),
        [P("rng", "rng", bytes(32))],
    ),
    "TranscriptRng.fill_bytes": (Transcript(b"t").build_rng().finalize().fill_bytes, [P("n", "count", 4)]),
    "random_weights": (_objects.random_weights, [P("n", "count", 2), P("bits", "count", 64)]),
    "select": (_objects.select, [P("a", "pair", G), P("b", "pair", H), P("bit", "count", 1)]),
    "swap": (_objects.swap, [P("a", "pair", G), P("b", "pair", H), P("bit", "count", 1)]),
    # ---- pyristretto.oprf ----
    "oprf.context_string": (oprf.context_string, [P("mode", "count", 1)]),
    "oprf.derive_key_pair": (
        oprf.derive_key_pair,
        [P("seed", "data", bytes(32)), P("info", "data", b"i"), P("mode", "count", 1)],
    ),
    "oprf.compute_composites": (
        oprf.compute_composites,
        [
            P("B", "point", S["pk"]),
            P("C", "points", [S["blinded"]]),
            P("D", "points", [S["evaluated"]]),
            P("mode", "count", 1),
        ],
    ),
    "oprf.compute_composites_fast": (
        oprf.compute_composites_fast,
        [
            P("k", "scalar", S["sk"]),
            P("B", "point", S["pk"]),
            P("C", "points", [S["blinded"]]),
            P("D", "points", [S["evaluated"]]),
            P("mode", "count", 1),
        ],
    ),
    "oprf.generate_proof": (
        oprf.generate_proof,
        [
            P("k", "scalar", S["sk"]),
            P("A", "point", G),
            P("B", "point", S["pk"]),
            P("C", "points", [S["blinded"]]),
            P("D", "points", [S["evaluated"]]),
            P("mode", "count", 1),
        ],
    ),
    "oprf.verify_proof": (
        oprf.verify_proof,
        [
            P("A", "point", G),
            P("B", "point", S["pk"]),
            P("C", "points", [S["blinded"]]),
            P("D", "points", [S["evaluated"]]),
            P("proof", "data", S["voprf_proof"]),
            P("mode", "count", 1),
        ],
    ),
    "oprf.OPRFClient.blind": (oprf.OPRFClient().blind, [P("input", "data", b"in")]),
    "oprf.OPRFClient.blind_batch": (oprf.OPRFClient().blind_batch, [P("inputs", "datas", [b"in"])]),
    "oprf.OPRFClient.finalize": (
        oprf.OPRFClient().finalize,
        [
            P("input", "data", b"in"),
            P("blind", "scalar", S["blind"]),
            P("evaluated_element", "point", S["o_evaluated"]),
        ],
    ),
    "oprf.OPRFClient.finalize_batch": (
        oprf.OPRFClient().finalize_batch,
        [
            P("inputs", "datas", [b"in"]),
            P("blinds", "scalars", [S["blind"]]),
            P("evaluated_elements", "points", [S["o_evaluated"]]),
        ],
    ),
    "oprf.OPRFServer": (oprf.OPRFServer, [P("private_key", "scalar", S["sk"])]),
    "oprf.OPRFServer.derive": (oprf.OPRFServer.derive, [P("seed", "data", bytes(32)), P("info", "data", b"i")]),
    "oprf.OPRFServer.evaluate": (oprf.OPRFServer(S["sk"]).evaluate, [P("input", "data", b"in")]),
    "oprf.OPRFServer.evaluate_batch": (oprf.OPRFServer(S["sk"]).evaluate_batch, [P("inputs", "datas", [b"in"])]),
    "oprf.OPRFServer.blind_evaluate": (
        oprf.OPRFServer(S["sk"]).blind_evaluate,
        [P("blinded_element", "point", S["blinded"])],
    ),
    "oprf.OPRFServer.blind_evaluate_batch": (
        oprf.OPRFServer(S["sk"]).blind_evaluate_batch,
        [P("blinded_elements", "points", [S["blinded"]])],
    ),
    "oprf.VOPRFClient": (oprf.VOPRFClient, [P("public_key", "point", S["pk"])]),
    "oprf.VOPRFClient.blind": (oprf.VOPRFClient(S["pk"]).blind, [P("input", "data", b"in")]),
    "oprf.VOPRFClient.blind_batch": (oprf.VOPRFClient(S["pk"]).blind_batch, [P("inputs", "datas", [b"in"])]),
    "oprf.VOPRFClient.finalize": (
        oprf.VOPRFClient(S["pk"]).finalize,
        [
            P("input", "data", b"in"),
            P("blind", "scalar", S["blind"]),
            P("evaluated_element", "point", S["evaluated"]),
            P("blinded_element", "point", S["blinded"]),
            P("proof", "data", S["voprf_proof"]),
        ],
    ),
    "oprf.VOPRFClient.finalize_batch": (
        oprf.VOPRFClient(S["pk"]).finalize_batch,
        [
            P("inputs", "datas", [b"in"]),
            P("blinds", "scalars", [S["blind"]]),
            P("evaluated_elements", "points", [S["evaluated"]]),
            P("blinded_elements", "points", [S["blinded"]]),
            P("proof", "data", S["voprf_proof"]),
        ],
    ),
    "oprf.VOPRFServer": (oprf.VOPRFServer, [P("private_key", "scalar", S["sk"])]),
    "oprf.VOPRFServer.derive": (oprf.VOPRFServer.derive, [P("seed", "data", bytes(32)), P("info", "data", b"i")]),
    "oprf.VOPRFServer.evaluate": (oprf.VOPRFServer(S["sk"]).evaluate, [P("input", "data", b"in")]),
    "oprf.VOPRFServer.evaluate_batch": (oprf.VOPRFServer(S["sk"]).evaluate_batch, [P("inputs", "datas", [b"in"])]),
    "oprf.VOPRFServer.blind_evaluate": (
        oprf.VOPRFServer(S["sk"]).blind_evaluate,
        [P("blinded_element", "point", S["blinded"])],
    ),
    "oprf.VOPRFServer.blind_evaluate_batch": (
        oprf.VOPRFServer(S["sk"]).blind_evaluate_batch,
        [P("blinded_elements", "points", [S["blinded"]])],
    ),
    "oprf.POPRFClient": (oprf.POPRFClient, [P("public_key", "point", S["pk"])]),
    "oprf.POPRFClient.tweaked_key": (oprf.POPRFClient(S["pk"]).tweaked_key, [P("info", "data", b"info")]),
    "oprf.POPRFClient.blind": (
        oprf.POPRFClient(S["pk"]).blind,
        [P("input", "data", b"in"), P("info", "data", b"info")],
    ),
    "oprf.POPRFClient.blind_batch": (
        oprf.POPRFClient(S["pk"]).blind_batch,
        [P("inputs", "datas", [b"in"]), P("info", "data", b"info")],
    ),
    "oprf.POPRFClient.finalize": (
        oprf.POPRFClient(S["pk"]).finalize,
        [
            P("input", "data", b"in"),
            P("blind", "scalar", S["p_blind"]),
            P("evaluated_element", "point", S["p_evaluated"]),
            P("blinded_element", "point", S["p_blinded"]),
            P("proof", "data", S["p_proof"]),
            P("info", "data", b"info"),
            P("tweaked_key", "optional_point", S["tweak"]),
        ],
    ),
    "oprf.POPRFClient.finalize_batch": (
        oprf.POPRFClient(S["pk"]).finalize_batch,
        [
            P("inputs", "datas", [b"in"]),
            P("blinds", "scalars", [S["p_blind"]]),
            P("evaluated_elements", "points", [S["p_evaluated"]]),
            P("blinded_elements", "points", [S["p_blinded"]]),
            P("proof", "data", S["p_proof"]),
            P("info", "data", b"info"),
            P("tweaked_key", "optional_point", S["tweak"]),
        ],
    ),
    "oprf.POPRFServer": (oprf.POPRFServer, [P("private_key", "scalar", S["sk"])]),
    "oprf.POPRFServer.derive": (oprf.POPRFServer.derive, [P("seed", "data", bytes(32)), P("info", "data", b"i")]),
    "oprf.POPRFServer.evaluate": (
        oprf.POPRFServer(S["sk"]).evaluate,
        [P("input", "data", b"in"), P("info", "data", b"info")],
    ),
    "oprf.POPRFServer.evaluate_batch": (
        oprf.POPRFServer(S["sk"]).evaluate_batch,
        [P("inputs", "datas", [b"in"]), P("info", "data", b"info")],
    ),
    "oprf.POPRFServer.blind_evaluate": (
        oprf.POPRFServer(S["sk"]).blind_evaluate,
        [P("blinded_element", "point", S["p_blinded"]), P("info", "data", b"info")],
    ),
    "oprf.POPRFServer.blind_evaluate_batch": (
        oprf.POPRFServer(S["sk"]).blind_evaluate_batch,
        [P("blinded_elements", "points", [S["p_blinded"]]), P("info", "data", b"info")],
    ),
    # ---- pyristretto.frost ----
    **{f"frost.H{k}": (getattr(frost, f"H{k}"), [P("m", "data", b"m")]) for k in range(1, 6)},
    "frost.nonce_generate": (frost.nonce_generate, [P("secret", "scalar", 5)]),
    "frost.commit": (frost.commit, [P("sk_i", "scalar", 5)]),
    "frost.SigningNonces": (frost.SigningNonces, [P("hiding", "scalar", 5), P("binding", "scalar", 6)]),
    "frost.encode_group_commitment_list": (
        frost.encode_group_commitment_list,
        [P("commitment_list", "commitment_list", CL)],
    ),
    "frost.compute_binding_factors": (
        frost.compute_binding_factors,
        [
            P("group_public_key", "point", S["group_pk"]),
            P("commitment_list", "commitment_list", CL),
            P("msg", "data", b"msg"),
        ],
    ),
    "frost.compute_group_commitment": (
        frost.compute_group_commitment,
        [P("commitment_list", "commitment_list", CL), P("binding_factor_list", "binding_factor_list", FACTORS)],
    ),
    "frost.compute_challenge": (
        frost.compute_challenge,
        [
            P("group_commitment", "point", SIGNATURE[:32]),
            P("group_public_key", "point", S["group_pk"]),
            P("msg", "data", b"msg"),
        ],
    ),
    "frost.derive_interpolating_value": (
        frost.derive_interpolating_value,
        [P("identifiers", "counts", [1, 2]), P("x_i", "count", 1)],
    ),
    "frost.sign": (
        _sign,
        [
            P("identifier", "count", 1),
            P("sk_i", "scalar", S["shares"][1]),
            P("group_public_key", "point", S["group_pk"]),
            P("nonces", "nonces", FRESH_SESSION),
            P("msg", "data", b"msg"),
            P("commitment_list", "commitment_list", FRESH_SESSION),
            P("min_participants", "optional_count", 2, keyword=True),
        ],
    ),
    "frost.verify_signature_share": (
        frost.verify_signature_share,
        [
            P("identifier", "count", 2),
            P("public_share", "point", S["public_shares"][2]),
            P("sig_share", "scalar", SIG_SHARES[1]),
            P("commitment_list", "commitment_list", CL),
            P("group_public_key", "point", S["group_pk"]),
            P("msg", "data", b"msg"),
        ],
    ),
    "frost.aggregate": (
        frost.aggregate,
        [
            P("commitment_list", "commitment_list", CL),
            P("msg", "data", b"msg"),
            P("group_public_key", "point", S["group_pk"]),
            P("sig_shares", "scalars", SIG_SHARES),
            P("public_shares", "public_shares", S["public_shares"], keyword=True),
            P("min_participants", "optional_count", 2, keyword=True),
        ],
    ),
    "frost.verify": (
        frost.verify,
        [P("msg", "data", b"msg"), P("signature", "data", SIGNATURE), P("group_public_key", "point", S["group_pk"])],
    ),
    "frost.verify_batch": (
        frost.verify_batch,
        [
            P("messages", "datas", [b"msg"]),
            P("signatures", "datas", [SIGNATURE]),
            P("public_keys", "points", [S["group_pk"]]),
        ],
    ),
    "frost.Verifier": (frost.Verifier, [P("public_keys", "points", [S["group_pk"]])]),
    "frost.Verifier.verify": (
        frost.Verifier([S["group_pk"]]).verify,
        [P("msg", "data", b"msg"), P("signature", "data", SIGNATURE), P("public_key", "point", S["group_pk"])],
    ),
    "frost.Verifier.verify_batch": (
        frost.Verifier([S["group_pk"]]).verify_batch,
        [
            P("messages", "datas", [b"msg"]),
            P("signatures", "datas", [SIGNATURE]),
            P("public_keys", "points", [S["group_pk"]]),
        ],
    ),
    "frost.trusted_dealer_keygen": (
        frost.trusted_dealer_keygen,
        [
            P("secret_key", "optional_scalar", 5),
            P("max_participants", "count", 3),
            P("min_participants", "count", 2),
            P("as_scalar", "bool", True, keyword=True),
        ],
    ),
    "frost.secret_share_shard": (
        frost.secret_share_shard,
        [
            P("s", "scalar", 5),
            P("coefficients", "scalars", [6]),
            P("max_participants", "count", 3),
            P("as_scalar", "bool", False, keyword=True),
        ],
    ),
    "frost.polynomial_evaluate": (frost.polynomial_evaluate, [P("x", "scalar", 2), P("coeffs", "scalars", [1, 2])]),
    "frost.vss_commit": (frost.vss_commit, [P("coeffs", "scalars", [1, 2])]),
    "frost.vss_verify": (
        frost.vss_verify,
        [P("share_i", "share", (1, S["shares"][1])), P("vss_commitment", "points", S["vss"])],
    ),
    "frost.derive_group_info": (
        frost.derive_group_info,
        [P("max_participants", "count", 3), P("min_participants", "count", 2), P("vss_commitment", "points", S["vss"])],
    ),
    # ---- pyristretto.bulletproofs ----
    "bulletproofs.PedersenGens": (bp.PedersenGens, [P("B", "optional_point", G), P("B_blinding", "optional_point", H)]),
    "bulletproofs.PedersenGens.commit": (PC_GENS.commit, [P("value", "scalar", 5), P("blinding", "scalar", 6)]),
    "bulletproofs.BulletproofGens": (
        bp.BulletproofGens,
        [P("gens_capacity", "count", 4), P("party_capacity", "count", 1)],
    ),
    "bulletproofs.BulletproofGens.G": (BP_GENS.G, [P("n", "count", 4), P("m", "count", 1)]),
    "bulletproofs.BulletproofGens.H": (BP_GENS.H, [P("n", "count", 4), P("m", "count", 1)]),
    "bulletproofs.InnerProductProof": (
        bp.InnerProductProof,
        [
            P("L_vec", "points", IPP.L_vec),
            P("R_vec", "points", IPP.R_vec),
            P("a", "scalar", IPP.a),
            P("b", "scalar", IPP.b),
        ],
    ),
    "bulletproofs.InnerProductProof.from_bytes": (
        bp.InnerProductProof.from_bytes,
        [P("data", "proof", IPP.to_bytes())],
    ),
    "bulletproofs.InnerProductProof.create": (
        bp.InnerProductProof.create,
        [
            P("transcript", "transcript", Fresh(lambda: Transcript(b"ipp"))),
            P("Q", "point", H),
            P("H_factors", "scalars", [1] * 4),
            P("G", "points", IPP_G),
            P("H", "points", IPP_H),
            P("a_vec", "scalars", IPP_A),
            P("b_vec", "scalars", IPP_B),
        ],
    ),
    "bulletproofs.InnerProductProof.verify": (
        IPP.verify,
        [
            P("transcript", "transcript", Fresh(lambda: Transcript(b"ipp"))),
            P("P", "point", IPP_P),
            P("Q", "point", H),
            P("H_factors", "scalars", [1] * 4),
            P("G", "points", IPP_G),
            P("H", "points", IPP_H),
        ],
    ),
    "bulletproofs.InnerProductProof.verification_scalars": (
        IPP.verification_scalars,
        [P("n", "count", 4), P("transcript", "transcript", Fresh(lambda: Transcript(b"ipp")))],
    ),
    "bulletproofs.RangeProof": (
        bp.RangeProof,
        [
            P("A", "point", RANGE_PROOF.A),
            P("S", "point", RANGE_PROOF.S),
            P("T_1", "point", RANGE_PROOF.T_1),
            P("T_2", "point", RANGE_PROOF.T_2),
            P("t_x", "scalar", RANGE_PROOF.t_x),
            P("t_x_blinding", "scalar", RANGE_PROOF.t_x_blinding),
            P("e_blinding", "scalar", RANGE_PROOF.e_blinding),
            P("ipp_proof", "ipp", RANGE_PROOF.ipp_proof),
        ],
    ),
    "bulletproofs.RangeProof.from_bytes": (bp.RangeProof.from_bytes, [P("data", "proof", RANGE_PROOF.to_bytes())]),
    "bulletproofs.RangeProof.prove_single": (
        bp.RangeProof.prove_single,
        [
            P("bp_gens", "gens", BP_GENS),
            P("pc_gens", "gens", PC_GENS),
            P("transcript", "transcript", Fresh(lambda: Transcript(b"t"))),
            P("value", "scalar", 5),
            P("blinding", "scalar", 6),
            P("n", "count", 8),
        ],
    ),
    "bulletproofs.RangeProof.prove_multiple": (
        bp.RangeProof.prove_multiple,
        [
            P("bp_gens", "gens", BP_GENS),
            P("pc_gens", "gens", PC_GENS),
            P("transcript", "transcript", Fresh(lambda: Transcript(b"t"))),
            P("values", "scalars", [5]),
            P("blindings", "scalars", [6]),
            P("n", "count", 8),
        ],
    ),
    "bulletproofs.RangeProof.verify_single": (
        bp.RangeProof.verify_single,
        [
            P("bp_gens", "gens", BP_GENS),
            P("pc_gens", "gens", PC_GENS),
            P("transcript", "transcript", Fresh(lambda: Transcript(b"t"))),
            P("proof", "proof", RANGE_PROOF),
            P("commitment", "point", RANGE_V),
            P("n", "count", 8),
        ],
    ),
    "bulletproofs.RangeProof.verify_single on a proof": (
        RANGE_PROOF.verify_single,
        [
            P("bp_gens", "gens", BP_GENS),
            P("pc_gens", "gens", PC_GENS),
            P("transcript", "transcript", Fresh(lambda: Transcript(b"t"))),
            P("commitment", "point", RANGE_V),
            P("n", "count", 8),
        ],
    ),
    "bulletproofs.RangeProof.verify_multiple": (
        bp.RangeProof.verify_multiple,
        [
            P("bp_gens", "gens", BP_GENS),
            P("pc_gens", "gens", PC_GENS),
            P("transcript", "transcript", Fresh(lambda: Transcript(b"t"))),
            P("proof", "proof", RANGE_PROOF),
            P("commitments", "points", [RANGE_V]),
            P("n", "count", 8),
        ],
    ),
    "bulletproofs.RangeProof.verify_batch": (
        bp.RangeProof.verify_batch,
        [
            P("bp_gens", "gens", BP_GENS),
            P("pc_gens", "gens", PC_GENS),
            P("items", "items", Fresh(lambda: [(RANGE_PROOF, Transcript(b"t"), [RANGE_V], 8)])),
        ],
    ),
    # ---- pyristretto.cpace ----
    "cpace.prepend_len": (cpace.prepend_len, [P("data", "data", b"d")]),
    "cpace.lv_cat": (cpace.lv_cat, [P("args", "data", b"a")]),
    "cpace.generator_string": (
        cpace.generator_string,
        [
            P("dsi", "data", cpace.DSI),
            P("prs", "data", b"pw"),
            P("ci", "data", b"ci"),
            P("sid", "data", b"sid"),
            P("s_in_bytes", "count", 128),
        ],
    ),
    "cpace.calculate_generator": (
        cpace.calculate_generator,
        [P("prs", "data", b"pw"), P("ci", "data", b"ci"), P("sid", "data", b"sid")],
    ),
    "cpace.o_cat": (cpace.o_cat, [P("bytes1", "data", b"a"), P("bytes2", "data", b"b")]),
    **{
        f"cpace.{name}": (
            getattr(cpace, name),
            [P("ya", "data", CPACE_PEER), P("ada", "data", b"a"), P("yb", "data", CPACE_PEER), P("adb", "data", b"b")],
        )
        for name in ("transcript_ir", "transcript_oc")
    },
    "cpace.sid_output": (cpace.sid_output, [P("transcript", "data", b"t")]),
    "cpace.scalar_mult_vfy": (cpace.scalar_mult_vfy, [P("y", "scalar", 5), P("X", "point_type", CPACE_PEER)]),
    "cpace.CPace": (
        cpace.CPace,
        [
            P("prs", "data", b"pw"),
            P("ci", "data", b"ci", True),
            P("sid", "data", b"s", True),
            P("ad", "data", b"ad", True),
            P("role", "choice", cpace.INITIATOR, True),
        ],
    ),
    "cpace.CPace.finish": (
        Fresh(lambda: cpace.CPace(b"password").finish),
        [P("peer_message", "point", CPACE_PEER), P("peer_ad", "data", b"ad")],
    ),
    # ---- pyristretto.opaque ----
    "opaque.Configuration": (
        opaque.Configuration,
        [P("ksf", "ksf", opaque.Identity()), P("context", "data", b"ctx"), P("group", "choice", opaque.RISTRETTO255)],
    ),
    "opaque.Identity.stretch": (opaque.Identity().stretch, [P("msg", "data", b"m")]),
    "opaque.Scrypt": (
        opaque.Scrypt,
        [
            P("n", "count", 16),
            P("r", "count", 1),
            P("p", "count", 1),
            P("salt", "data", bytes(16)),
            P("length", "count", 64),
        ],
    ),
    "opaque.Scrypt.stretch": (opaque.Scrypt(n=16, r=1).stretch, [P("msg", "data", b"m")]),
    "opaque.Argon2id": (
        opaque.Argon2id,
        [
            P("memory_cost", "count", 8),
            P("time_cost", "count", 1),
            P("parallelism", "count", 1),
            P("salt", "data", bytes(16)),
            P("hash_len", "count", 64),
        ],
    ),
    "opaque.Argon2id.stretch": (opaque.Argon2id(memory_cost=8, time_cost=1).stretch, [P("msg", "data", b"m")]),
    **_messages(),
    "opaque.RegistrationRecord.from_bytes, config": (
        opaque.RegistrationRecord.from_bytes,
        [
            P("data", "data", bytes(OPAQUE_RECORD), label="RegistrationRecord"),
            P("config", "optional_config", OPAQUE_CONFIG, True),
        ],
    ),
    "opaque.ClientRegistration": (
        opaque.ClientRegistration,
        [P("config", "config", OPAQUE_CONFIG), P("password", "data", b"pw")],
    ),
    "opaque.ClientRegistration.finish": (
        Fresh(lambda: opaque.ClientRegistration(OPAQUE_CONFIG, b"pw").finish),
        [
            P("response", "data", OPAQUE_RESPONSE, label="response"),
            P("server_identity", "optional_data", b"server", True),
            P("client_identity", "optional_data", b"alice", True),
        ],
    ),
    "opaque.ClientLogin": (opaque.ClientLogin, [P("config", "config", OPAQUE_CONFIG), P("password", "data", b"pw")]),
    "opaque.ClientLogin.finish": (
        _client_login_finish,
        [
            P("ke2", "data", FRESH_SESSION, label="ke2"),
            P("server_identity", "optional_data", None, True),
            P("client_identity", "optional_data", None, True),
        ],
    ),
    "opaque.Server": (
        opaque.Server,
        [
            P("config", "config", OPAQUE_CONFIG),
            P("oprf_seed", "data", bytes(64)),
            P("private_key", "scalar", 5),
            P("fake_record", "record", None, True),
        ],
    ),
    "opaque.Server.generate": (opaque.Server.generate, [P("config", "config", OPAQUE_CONFIG)]),
    "opaque.Server.from_bytes": (
        opaque.Server.from_bytes,
        [P("data", "data", OPAQUE_SERVER.to_bytes()), P("config", "config", OPAQUE_CONFIG)],
    ),
    "opaque.Server.oprf_key": (OPAQUE_SERVER.oprf_key, [P("credential_identifier", "data", b"alice")]),
    "opaque.Server.registration_response": (
        OPAQUE_SERVER.registration_response,
        [P("request", "data", _REGISTRATION.request, label="request"), P("credential_identifier", "data", b"alice")],
    ),
    "opaque.Server.login": (
        OPAQUE_SERVER.login,
        [
            P("ke1", "data", Fresh(lambda: opaque.ClientLogin(OPAQUE_CONFIG, b"password").ke1)),
            P("record", "record", OPAQUE_RECORD),
            P("credential_identifier", "data", b"alice"),
            P("client_identity", "optional_data", None, True),
            P("server_identity", "optional_data", None, True),
        ],
    ),
    "opaque.ServerLogin": (
        opaque.ServerLogin,
        [
            P("ke2", "data", OPAQUE_KE2),
            P("expected_client_mac", "data", bytes(64)),
            P("session_key", "data", bytes(64)),
        ],
    ),
    "opaque.ServerLogin.finish": (_server_login_finish, [P("ke3", "data", FRESH_SESSION, label="ke3")]),
    # ---- pyristretto.sr25519 ----
    "sr25519.Keypair": (sr.Keypair, [P("secret", "sr_secret", KP.secret), P("public", "optional_point", KP.public)]),
    "sr25519.Keypair.from_seed": (sr.Keypair.from_seed, [P("seed", "data", SEED), P("mode", "mode", ED25519)]),
    "sr25519.Keypair.from_bytes": (sr.Keypair.from_bytes, [P("data", "data", KP.to_bytes())]),
    "sr25519.Keypair.from_half_ed25519_bytes": (
        sr.Keypair.from_half_ed25519_bytes,
        [P("data", "data", KP.to_half_ed25519_bytes())],
    ),
    "sr25519.Keypair.from_mnemonic": (
        sr.Keypair.from_mnemonic,
        [P("phrase", "text", sr.DEV_PHRASE), P("password", "text", "pw")],
    ),
    "sr25519.Keypair.from_uri": (
        sr.Keypair.from_uri,
        [P("suri", "text", "//Alice"), P("password", "optional_text", "pw")],
    ),
    "sr25519.Keypair.sign": (
        KP.sign,
        [P("message", "data", b"m"), P("context", "data", b"ctx"), P("rng", "rng", bytes(32), True)],
    ),
    "sr25519.Keypair.verify": (
        KP.verify,
        [P("message", "data", b"m"), P("signature", "signature", SR_SIG), P("context", "data", sr.SUBSTRATE)],
    ),
    "sr25519.Keypair.derived_key_simple": (
        KP.derived_key_simple,
        [P("chain_code", "data", CHAIN_CODE), P("index", "data", b"i"), P("rng", "rng", bytes(32), True)],
    ),
    "sr25519.Keypair.hard_derive_mini_secret_key": (
        KP.hard_derive_mini_secret_key,
        [P("chain_code", "optional_data", CHAIN_CODE), P("index", "data", b"i")],
    ),
    "sr25519.Keypair.derive": (KP.derive, [P("path", "path", "//hard/soft"), P("rng", "rng", bytes(32), True)]),
    "sr25519.Keypair.vrf_create_hash": (
        KP.vrf_create_hash,
        [P("message", "data", b"m"), P("context", "data", b"c"), P("malleable", "bool", False, True)],
    ),
    "sr25519.Keypair.vrf_sign": (
        KP.vrf_sign,
        [
            P("message", "data", b"m"),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
            P("malleable", "bool", False, True),
            P("kusama", "bool", True, True),
            P("rng", "rng", bytes(32), True),
        ],
    ),
    "sr25519.Keypair.vrfs_sign": (
        KP.vrfs_sign,
        [
            P("messages", "datas", [b"a", b"b"]),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
            P("rng", "rng", bytes(32), True),
        ],
    ),
    "sr25519.MiniSecretKey": (sr.MiniSecretKey, [P("seed", "data", SEED)]),
    "sr25519.MiniSecretKey.from_bytes": (sr.MiniSecretKey.from_bytes, [P("seed", "data", SEED)]),
    **{
        f"sr25519.MiniSecretKey.{name}": (getattr(MINI, name), [P("mode", "mode", UNIFORM)])
        for name in ("expand", "expand_to_keypair", "expand_to_public")
    },
    "sr25519.MiniSecretKey.hard_derive_mini_secret_key": (
        MINI.hard_derive_mini_secret_key,
        [P("chain_code", "optional_data", CHAIN_CODE), P("index", "data", b"i"), P("mode", "mode", ED25519)],
    ),
    "sr25519.SecretKey": (sr.SecretKey, [P("data", "data", KP.secret.to_bytes())]),
    "sr25519.SecretKey.from_bytes": (sr.SecretKey.from_bytes, [P("data", "data", KP.secret.to_bytes())]),
    "sr25519.SecretKey.from_ed25519_bytes": (
        sr.SecretKey.from_ed25519_bytes,
        [P("data", "data", KP.secret.to_ed25519_bytes())],
    ),
    "sr25519.SecretKey.sign": (
        KP.secret.sign,
        [
            P("message", "data", b"m"),
            P("public_key", "point", KP.public),
            P("context", "data", b"c"),
            P("rng", "rng", bytes(32), True),
        ],
    ),
    "sr25519.SecretKey.hard_derive_mini_secret_key": (
        KP.secret.hard_derive_mini_secret_key,
        [P("chain_code", "optional_data", CHAIN_CODE), P("index", "data", b"i")],
    ),
    "sr25519.PublicKey": (sr.PublicKey, [P("data", "point", KP.public.to_bytes())]),
    "sr25519.PublicKey.from_bytes": (sr.PublicKey.from_bytes, [P("data", "point", KP.public.to_bytes())]),
    "sr25519.PublicKey.from_ss58": (sr.PublicKey.from_ss58, [P("address", "text", sr.DEV_ADDRESS)]),
    "sr25519.PublicKey.to_ss58": (KP.public.to_ss58, [P("prefix", "count", 42)]),
    "sr25519.PublicKey.verify": (
        KP.public.verify,
        [P("message", "data", b"m"), P("signature", "signature", SR_SIG), P("context", "data", sr.SUBSTRATE)],
    ),
    "sr25519.PublicKey.derived_key_simple": (
        KP.public.derived_key_simple,
        [P("chain_code", "data", CHAIN_CODE), P("index", "data", b"i")],
    ),
    "sr25519.PublicKey.derive": (KP.public.derive, [P("path", "path", "/soft")]),
    "sr25519.PublicKey.vrf_hash": (
        KP.public.vrf_hash,
        [P("message", "data", b"m"), P("context", "data", b"c"), P("malleable", "bool", False, True)],
    ),
    "sr25519.PublicKey.vrf_verify": (
        KP.public.vrf_verify,
        [
            P("message", "data", b"m"),
            P("preout", "signature", VRF_IO.preout),
            P("proof", "signature", VRF_PROOF),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
            P("malleable", "bool", False, True),
            P("kusama", "bool", True, True),
        ],
    ),
    "sr25519.SigningContext": (sr.SigningContext, [P("context", "data", b"c")]),
    "sr25519.SigningContext.bytes": (sr.SigningContext(b"c").bytes, [P("message", "data", b"m")]),
    "sr25519.signing_context": (sr.signing_context, [P("context", "data", b"c")]),
    "sr25519.DeriveJunction": (sr.DeriveJunction, [P("chain_code", "data", CHAIN_CODE), P("hard", "bool", True)]),
    "sr25519.DeriveJunction.soft": (sr.DeriveJunction.soft, [P("index", "junction", 5)]),
    "sr25519.DeriveJunction.hard_of": (sr.DeriveJunction.hard_of, [P("index", "junction", 5)]),
    "sr25519.DeriveJunction.parse": (sr.DeriveJunction.parse, [P("text", "text", "//5")]),
    "sr25519.VRFInOut": (
        sr.VRFInOut,
        [P("input", "point_object", VRF_IO.input), P("output", "point_object", VRF_IO.output)],
    ),
    "sr25519.VRFInOut.commit": (VRF_IO.commit, [P("t", "transcript", Fresh(lambda: Transcript(b"t")))]),
    "sr25519.VRFInOut.make_bytes": (VRF_IO.make_bytes, [P("context", "data", b"c"), P("n", "count", 16)]),
    "sr25519.derive_public": (sr.derive_public, [P("public_key", "point", KP.public), P("path", "path", "/soft")]),
    "sr25519.keypair_from_uri": (
        sr.keypair_from_uri,
        [P("suri", "text", "//Alice"), P("password", "optional_text", None)],
    ),
    "sr25519.mini_secret_from_entropy": (
        sr.mini_secret_from_entropy,
        [P("entropy", "data", bytes(16)), P("password", "text", "")],
    ),
    "sr25519.mini_secret_from_mnemonic": (
        sr.mini_secret_from_mnemonic,
        [P("phrase", "text", sr.DEV_PHRASE), P("password", "text", "")],
    ),
    "sr25519.mnemonic_to_entropy": (sr.mnemonic_to_entropy, [P("phrase", "text", sr.DEV_PHRASE)]),
    "sr25519.parse_suri": (sr.parse_suri, [P("suri", "text", "//Alice")]),
    "sr25519.ss58_encode": (sr.ss58_encode, [P("public_key", "data", KP.public.to_bytes()), P("prefix", "count", 42)]),
    "sr25519.ss58_decode": (sr.ss58_decode, [P("address", "text", sr.DEV_ADDRESS)]),
    "sr25519.verify_batch": (
        sr.verify_batch,
        [
            P("signatures", "signatures", [SR_SIG]),
            P("messages", "datas", [b"m"]),
            P("public_keys", "points", [KP.public]),
            P("context", "data", sr.SUBSTRATE),
        ],
    ),
    "sr25519.verify_each": (
        sr.verify_each,
        [
            P("signatures", "signatures_type", [SR_SIG]),
            P("messages", "datas", [b"m"]),
            P("public_keys", "points_type", [KP.public]),
            P("context", "data", sr.SUBSTRATE),
        ],
    ),
    "sr25519.vrf_hash": (
        sr.vrf_hash,
        [
            P("public_key", "point", KP.public),
            P("message", "data", b"m"),
            P("context", "data", b"c"),
            P("malleable", "bool", False, True),
        ],
    ),
    "sr25519.vrf_create_hash": (
        sr.vrf_create_hash,
        [
            P("keypair", "keypair", KP),
            P("message", "data", b"m"),
            P("context", "data", b"c"),
            P("malleable", "bool", False, True),
        ],
    ),
    "sr25519.vrf_sign": (
        sr.vrf_sign,
        [
            P("keypair", "keypair", KP),
            P("message", "data", b"m"),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
            P("malleable", "bool", False, True),
            P("kusama", "bool", True, True),
            P("rng", "rng", bytes(32), True),
        ],
    ),
    "sr25519.vrf_verify": (
        sr.vrf_verify,
        [
            P("public_key", "point", KP.public),
            P("message", "data", b"m"),
            P("preout", "signature", VRF_IO.preout),
            P("proof", "signature", VRF_PROOF),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
            P("malleable", "bool", False, True),
            P("kusama", "bool", True, True),
        ],
    ),
    "sr25519.attach_input_hash": (
        sr.attach_input_hash,
        [
            P("public_key", "point", KP.public),
            P("preout", "signature", VRF_IO.preout),
            P("message", "data", b"m"),
            P("context", "data", b"c"),
            P("malleable", "bool", False, True),
        ],
    ),
    "sr25519.dleq_prove": (
        sr.dleq_prove,
        [
            P("keypair", "keypair", KP),
            P("inout", "inout", VRF_IO),
            P("extra", "optional_transcript", None),
            P("kusama", "bool", True, True),
            P("rng", "rng", bytes(32), True),
        ],
    ),
    "sr25519.dleq_verify": (
        sr.dleq_verify,
        [
            P("public_key", "point", KP.public),
            P("inout", "inout", VRF_IO),
            P("proof", "signature", VRF_PROOF),
            P("extra", "optional_transcript", None),
            P("kusama", "bool", True, True),
        ],
    ),
    "sr25519.shorten_dleq": (
        sr.shorten_dleq,
        [
            P("public_key", "point", KP.public),
            P("inout", "inout", VRF_IO),
            P("batchable", "signature", VRF_BATCHABLE),
            P("extra", "optional_transcript", None),
            P("kusama", "bool", True, True),
        ],
    ),
    "sr25519.vrfs_merge": (
        sr.vrfs_merge,
        [P("public_key", "point", KP.public), P("inouts", "inouts", [VRF_IO]), P("vartime", "bool", True)],
    ),
    "sr25519.vrfs_sign": (
        sr.vrfs_sign,
        [
            P("keypair", "keypair", KP),
            P("messages", "datas", [b"a", b"b"]),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
            P("rng", "rng", bytes(32), True),
        ],
    ),
    "sr25519.vrfs_verify": (
        sr.vrfs_verify,
        [
            P("public_key", "point", KP.public),
            P("messages", "datas", [b"a", b"b"]),
            P("preouts", "signatures", [io.preout for io in VRFS_IOS]),
            P("proof", "signature", VRFS_PROOF),
            P("context", "data", b"c"),
            P("extra", "optional_transcript", None, True),
        ],
    ),
    "sr25519.dleq_verify_batch": (
        sr.dleq_verify_batch,
        [
            P("inouts", "inouts", [VRF_IO]),
            P("proofs", "signatures", [VRF_BATCHABLE]),
            P("public_keys", "points", [KP.public]),
            P("kusama", "bool", True, True),
        ],
    ),
    "sr25519.vrf_verify_batch": (
        sr.vrf_verify_batch,
        [
            P("messages", "datas", [b"m"]),
            P("preouts", "signatures", [VRF_IO.preout]),
            P("proofs", "signatures", [VRF_BATCHABLE]),
            P("public_keys", "points", [KP.public]),
            P("context", "data", b"c"),
            P("kusama", "bool", True, True),
        ],
    ),
    # py-sr25519-bindings' drop-in functions raise the bindings' exceptions with the bindings' messages (documented in
    # docs/protocols/sr25519.md; test_sr25519_compat.py compares them with the bindings'): the label is the part of
    # that message which says what was wrong
    "sr25519.pair_from_seed": (sr.pair_from_seed, [P("seed", "data", SEED, label="Expected a bytestring")]),
    **{
        f"sr25519.{name}": (getattr(sr, name), [P("secret_key", "data", COMPAT_SECRET, label="64 byte secret key")])
        for name in ("public_from_secret_key", "convert_secret_key_to_ed25519")
    },
    "sr25519.pair_from_ed25519_secret_key": (
        sr.pair_from_ed25519_secret_key,
        [P("secret_key", "data", sr.convert_secret_key_to_ed25519(COMPAT_SECRET), label="64 byte secret key")],
    ),
    "sr25519.sign": (
        sr.sign,
        [
            P("keypair", "compat_pair", (COMPAT_PUBLIC, COMPAT_SECRET), label="Keypair"),
            P("message", "data", b"m", label="Expected bytes object"),
        ],
    ),
    "sr25519.verify": (
        sr.verify,
        [
            P("signature", "data", COMPAT_SIG, label="64 byte signature"),
            P("message", "data", b"m", label="Expected bytes object"),
            P("pubkey", "data", COMPAT_PUBLIC, label="PubKey"),
        ],
    ),
    "sr25519.derive_pubkey": (
        sr.derive_pubkey,
        [
            P("extended_pubkey", "compat_pair", (CHAIN_CODE, COMPAT_PUBLIC), label="Expected tuple"),
            P("id", "data", b"i", label="Expected bytes object"),
        ],
    ),
    **{
        f"sr25519.{name}": (
            getattr(sr, name),
            [
                P(
                    "extended_keypair",
                    "compat_pair",
                    (CHAIN_CODE, COMPAT_PUBLIC, COMPAT_SECRET),
                    label="Expected tuple",
                ),
                P("id", "data", b"i", label="Expected bytes object"),
            ],
        )
        for name in ("derive_keypair", "hard_derive_keypair")
    },
    # ---- pyristretto.sigma ----
    "sigma.Statement": (
        sigma.Statement,
        [
            P("label", "label", b"t/dleq"),
            P("equations", "equations", "A = x * G, B = x * H"),
            P("secrets", "names", ["x"], True),
            P("points", "names", ["A", "B", "G", "H"], True),
            P("fixed", "point_mapping", {"G": G, "H": H}, True),
        ],
    ),
    "sigma.Statement.rename": (DLEQ.rename, [P("mapping", "name_mapping", {"x": "y"})]),
    **{
        f"sigma.Statement.{name}": (
            getattr(DLEQ, name),
            [
                P("witness", "scalar_mapping", {"x": 7}),
                P("public", "point_mapping", PUBLIC),
                P("transcript", "optional_transcript", Fresh(lambda: Transcript(b"s"))),
                P("known", "optional_names", None, True),
                P("rng", "rng", bytes(32), True),
            ],
        )
        for name in ("prove", "prove_batchable")
    },
    "sigma.Statement.verify": (
        DLEQ.verify,
        [
            P("proof", "sigma_proof", COMPACT),
            P("public", "point_mapping", PUBLIC),
            P("transcript", "optional_transcript", Fresh(lambda: Transcript(b"s"))),
        ],
    ),
    "sigma.Statement.verify_batch": (
        DLEQ.verify_batch,
        [
            P("proofs", "sigma_proofs", [BATCHABLE]),
            P("publics", "point_mappings", [PUBLIC]),
            P("transcripts", "optional_transcripts", Fresh(lambda: [Transcript(b"s")])),
        ],
    ),
    "sigma.CompactProof": (
        sigma.CompactProof,
        [
            P("challenge", "scalar", COMPACT.challenge),
            P("responses", "scalars", COMPACT.responses),
            P("challenges", "scalars", ()),
        ],
    ),
    "sigma.CompactProof.from_bytes": (sigma.CompactProof.from_bytes, [P("data", "data", COMPACT.to_bytes())]),
    "sigma.BatchableProof": (
        sigma.BatchableProof,
        [
            P("commitments", "points", BATCHABLE.commitments),
            P("responses", "scalars", BATCHABLE.responses),
            P("challenges", "scalars", ()),
        ],
    ),
    "sigma.BatchableProof.from_bytes": (sigma.BatchableProof.from_bytes, [P("data", "data", BATCHABLE.to_bytes())]),
    **{
        f"sigma.{name}": (
            getattr(sigma, name),
            [
                P("first", "statement", DLEQ, label="statements"),
                P("second", "statement", DLOG, label="statements"),
                P("label", "optional_label", b"composed", True),
            ],
        )
        for name in ("And", "Or")
    },
    "sigma.Threshold": (
        sigma.Threshold,
        [
            P("k", "count", 1),
            P("first", "statement", DLEQ, label="statements"),
            P("second", "statement", DLOG, label="statements"),
            P("label", "optional_label", b"composed", True),
        ],
    ),
    # ---- pyristretto.dask ----
    "dask.point_sum": (
        prdask.point_sum,
        [
            P("points", "array", DASK_POINTS),
            P("split_every", "optional_count", 2, True),
            P("compute", "bool", True, True),
        ],
    ),
    "dask.msm": (
        prdask.msm,
        [
            P("scalars", "array", DASK_SCALARS),
            P("points", "array", DASK_POINTS),
            P("split_every", "optional_count", 2, True),
            P("compute", "bool", True, True),
        ],
    ),
    "dask.msm_vartime": (
        prdask.msm_vartime,
        [
            P("scalars", "array", DASK_SCALARS),
            P("points", "array", DASK_POINTS),
            P("split_every", "optional_count", 2, True),
            P("compute", "bool", True, True),
        ],
    ),
    "dask.sr25519_verify_batch": (
        prdask.sr25519_verify_batch,
        [
            P("signatures", "array", DASK_SIGS),
            P("messages", "dask_messages", [b"m"]),
            P("public_keys", "array", DASK_KEYS),
            P("context", "data", sr.SUBSTRATE),
            P("split_every", "optional_count", 2, True),
            P("compute", "bool", True, True),
        ],
    ),
}
# Callables that take no argument (nothing to get wrong).
NO_ARGUMENTS = {
    "Point.identity",
    "Point.generator",
    "Point.random",
    "Point.is_identity",
    "Point.to_bytes",
    "Scalar.random",
    "Scalar.invert",
    "Scalar.invert_vartime",
    "Scalar.to_bytes",
    "ScalarVector.batch_invert",
    "ScalarVector.batch_invert_vartime",
    "ScalarVector.sum",
    "ScalarVector.to_bytes",
    "PointVector.sum",
    "PointVector.to_bytes",
    "Transcript.build_rng",
    "Transcript.clone",
    "TranscriptRng.random_scalar",
    "oprf.generate_key_pair",
    "oprf.OPRFClient",
    "oprf.OPRFServer.generate",
    "oprf.OPRFServer.private_key_bytes",
    "oprf.VOPRFServer.generate",
    "oprf.VOPRFServer.private_key_bytes",
    "oprf.POPRFServer.generate",
    "oprf.POPRFServer.private_key_bytes",
    "bulletproofs.InnerProductProof.to_bytes",
    "bulletproofs.InnerProductProof.serialized_size",
    "bulletproofs.RangeProof.to_bytes",
    "opaque.Identity",
    "opaque.KSF",
    "opaque.Argon2id.rfc9807",
    "opaque.Server.to_bytes",
    *(
        f"opaque.{name}.to_bytes"
        for name in (
            "RegistrationRequest",
            "RegistrationResponse",
            "Envelope",
            "RegistrationRecord",
            "KE1",
            "KE2",
            "KE3",
        )
    ),
    *(
        f"sr25519.{name}"
        for name in (
            "Keypair.generate",
            "Keypair.to_bytes",
            "Keypair.to_half_ed25519_bytes",
            "MiniSecretKey.generate",
            "MiniSecretKey.to_bytes",
            "SecretKey.generate",
            "SecretKey.to_bytes",
            "SecretKey.to_ed25519_bytes",
            "SecretKey.to_keypair",
            "SecretKey.to_public",
            "PublicKey.to_bytes",
            "SigningContext.transcript",
            "VRFInOut.to_preout",
        )
    ),
    "sigma.Statement.plan",
    "sigma.CompactProof.to_bytes",
    "sigma.BatchableProof.to_bytes",
}
# Callables the table does not feed, and why.
NOT_COVERED = {
    "TranscriptRngBuilder": "cannot be created directly (a TypeError whatever the arguments: test_transcript.py)",
    "TranscriptRng": "cannot be created directly (a TypeError whatever the arguments: test_transcript.py)",
    "opaque.KSF.stretch": "the abstract key stretching function (NotImplementedError whatever the argument)",
    "opaque.LoginResult.count": "a NamedTuple's tuple.count",
    "opaque.LoginResult.index": "a NamedTuple's tuple.index",
    "opaque.RegistrationResult.count": "a NamedTuple's tuple.count",
    "opaque.RegistrationResult.index": "a NamedTuple's tuple.index",
    "opaque.LoginResult": "a NamedTuple of results (ke3, session_key, export_key), made by ClientLogin.finish",
    "opaque.RegistrationResult": "a NamedTuple of results (record, export_key), made by ClientRegistration.finish",
    "sr25519.ExpansionMode": "an enum.Enum (ExpansionMode(value) looks a member up: enum's own ValueError)",
}
# Arguments that are a function's other argument forms, fed through a row of their own above.
ALIASES = {
    "bulletproofs.RangeProof.verify_single on a proof": "bulletproofs.RangeProof.verify_single",
    "opaque.RegistrationRecord.from_bytes, config": "opaque.RegistrationRecord.from_bytes",
}


def _protocols():
    """The protocols (and dask), found in the package as tests/test_layout.py finds them: every public module or
    subpackage of pyristretto but the benchmark tool."""
    found = sorted(
        info.name
        for info in pkgutil.iter_modules(pr.__path__)
        if not info.name.startswith("_") and info.name != "bench"
    )
    assert {"oprf", "frost", "bulletproofs", "dask"} <= set(found), found  # the finder works
    return found


def _public_callables():
    """Qualified names of every public callable of the object layer and the protocols, found by walking them."""
    found = set()
    object_classes = [
        Point,
        Scalar,
        ScalarVector,
        PointVector,
        FixedBase,
        MSMTable,
        Transcript,
        _objects.TranscriptRngBuilder,
        _objects.TranscriptRng,
    ]
    for function in (_objects.random_weights, _objects.select, _objects.swap):
        found.add(function.__name__)

    def walk_class(prefix, cls):
        found.add(prefix)
        for name in dir(cls):
            if name.startswith("_") or isinstance(inspect.getattr_static(cls, name), property):
                continue
            if callable(getattr(cls, name)):
                found.add(f"{prefix}.{name}")

    for cls in object_classes:
        walk_class(cls.__name__, cls)
    for short in _protocols():
        module = importlib.import_module(f"pyristretto.{short}")
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value):
                if not issubclass(value, Exception):
                    walk_class(f"{short}.{name}", value)
            elif callable(value):
                found.add(f"{short}.{name}")
    return found


def test_every_public_callable_is_covered():
    found = _public_callables()
    covered = (set(SPECS) - set(ALIASES)) | NO_ARGUMENTS | set(NOT_COVERED)
    assert found - covered == set(), "public callables with no row in SPECS (or NO_ARGUMENTS / NOT_COVERED)"
    assert covered - found == set(), "rows for callables that are not public any more"
    assert pr.Point is Point and len(found) > 150


def _resolve(value):
    return value.make() if isinstance(value, Fresh) else value


def _call(spec, replace=None, wrong=None):
    target, params = spec
    function = _resolve(target)
    args, kwargs = [], {}
    for name, _, value, keyword, _ in params:
        value = wrong if name == replace else _resolve(value)
        if keyword:
            kwargs[name] = value
        else:
            args.append(value)
    return function(*args, **kwargs)


CASES = [
    (key, name, kind, index)
    for key, (_, params) in SPECS.items()
    for name, kind, _, _, _ in params
    for index in range(len(WRONG[kind]))
]


@pytest.mark.parametrize("key", sorted(SPECS))
def test_valid_arguments_are_accepted(key):
    # the rows' valid arguments work: each failure below is the wrong argument's
    _call(SPECS[key])


@pytest.mark.parametrize(
    "key, name, kind, index", CASES, ids=[f"{key}-{name}-{kind}{index}" for key, name, kind, index in CASES]
)
def test_wrong_types_raise_naming_the_argument(key, name, kind, index):
    wrong = WRONG[kind][index]
    with pytest.raises((TypeError, ValueError)) as caught:
        _call(SPECS[key], name, wrong)
    message = str(caught.value)
    label = next(label for pname, _, _, _, label in SPECS[key][1] if pname == name)
    assert label in message, f"{key}({name}={wrong!r}): {type(caught.value).__name__}: {message}"
