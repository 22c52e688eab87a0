"""Running a README code block verbatim (for the protocol tests)."""
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def run_python_block(heading):
    """Executes the first ```python block after the README heading that starts with `heading`; returns its
    namespace. A missing heading or block fails the test."""
    match = re.search(re.escape(heading) + r".*?```python\n(.*?)```", README.read_text(), re.S)
    assert match, f"no python block under {heading!r} in README.md"
    namespace = {}
    exec(compile(match.group(1), str(README), "exec"), namespace)
    return namespace
