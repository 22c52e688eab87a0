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
