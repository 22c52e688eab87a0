"""The known-answer files of tests/vectors/ (provenance: tests/vectors/README.md), loaded by name as
pyca/cryptography's tests load theirs: a missing file is an error, so the suite fails and never skips."""

import json
from pathlib import Path

VECTORS_DIR = Path(__file__).resolve().parents[1] / "vectors"


def vector_path(name: str) -> Path:
    """The path of tests/vectors/<name>; FileNotFoundError when it is missing."""
    path = VECTORS_DIR / name
    if not path.is_file():
        raise FileNotFoundError(f"known-answer vectors not found at {path} (they ship with the repository)")
    return path


def load_json(name: str):
    """The parsed JSON of tests/vectors/<name>."""
    with open(vector_path(name), encoding="utf-8") as f:
        return json.load(f)
