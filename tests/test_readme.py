"""The README's example and the objects page's example run verbatim, and their results are checked independently
(every other block of the README and of docs/ runs in tests/test_doc_examples.py)."""

import re

from readme_blocks import README, run_python_block


def test_readme_example_runs_verbatim():
    text = README.read_text()
    example = re.search(r"## Example\s+```python\n(.*?)```", text, re.S).group(1)
    assert "pedersen_commit(amount=42" in example
    namespace = {}
    exec(compile(example, str(README), "exec"), namespace)
    import pyristretto

    assert pyristretto.is_valid_point(namespace["C"]) and len(namespace["Gs"]) == 64
    assert namespace["R"] == pyristretto.point_add(
        pyristretto.point_add(
            pyristretto.point_mul(namespace["a"], namespace["P"]), pyristretto.point_mul(namespace["b"], namespace["Q"])
        ),
        pyristretto.point_mul(7, namespace["H2"]),
    )


def test_docs_objects_example_runs_verbatim():
    namespace = run_python_block("# The objects", "docs/objects.md")
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


def test_docs_inner_product_argument_runs_verbatim():
    """The toolkit page's inner-product argument (issue 20): proves, verifies, rejects a wrong commitment."""
    ns = run_python_block("# The zero-knowledge toolkit", "docs/toolkit.md")
    assert ns["verify"](ns["P"], ns["proof"]) and len(ns["proof"][0]) == 6
