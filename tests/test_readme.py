"""The README's example runs verbatim."""
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_runs_verbatim():
    text = README.read_text()
    example = re.search(r"## Example\s+```python\n(.*?)```", text, re.S).group(1)
    assert "pedersen_commit(amount=42" in example
    namespace = {}
    exec(compile(example, str(README), "exec"), namespace)
    import pyristretto
    assert pyristretto.is_valid_point(namespace["C"]) and len(namespace["Gs"]) == 64
    assert namespace["R"] == pyristretto.point_add(
        pyristretto.point_add(pyristretto.point_mul(namespace["a"], namespace["P"]),
                              pyristretto.point_mul(namespace["b"], namespace["Q"])),
        pyristretto.point_mul(7, namespace["H2"]))


def test_readme_objects_example_runs_verbatim():
    text = README.read_text()
    example = re.search(r"## Objects: `Point`, `Scalar`, `FixedBase`.*?```python\n(.*?)```", text, re.S).group(1)
    namespace = {}
    exec(compile(example, str(README), "exec"), namespace)
    import pyristretto
    from pyristretto import Point
    # the proof verifies with the functional API too, and the commitment opens to its values independently
    X, R, z, c = namespace["X"], namespace["R"], namespace["z"], namespace["c"]
    assert pyristretto.base_mul(int(z)) == pyristretto.point_add(R, pyristretto.point_mul(int(c), X))
    values, r = [3, 1, 4, 1], int(namespace["r"])
    expected = pyristretto.point_mul(r, pyristretto.H)
    for i, v in enumerate(values):
        base = pyristretto.hash_to_group(i.to_bytes(4, "little"), b"pyristretto-README-bases")
        expected = pyristretto.point_add(expected, pyristretto.point_mul(v, base))
    assert type(namespace["C"]) is Point and bytes(namespace["C"]) == expected


def test_readme_inner_product_argument_runs_verbatim():
    """The toolkit section's inner-product argument (issue 20): proves, verifies, rejects a wrong commitment."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from readme_blocks import run_python_block
    ns = run_python_block("## Zero-knowledge toolkit")
    assert ns["verify"](ns["P"], ns["proof"]) and len(ns["proof"][0]) == 6
