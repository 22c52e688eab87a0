#!/usr/bin/env bash
# Builds the documentation site, docs/_build/html, and checks it renders:
#   1. installs the `docs` extra of pyproject.toml into .venv (Sphinx, furo, MyST, mypy, matplotlib) and Debian's
#      chromium where it is missing (run ./scripts/setup.sh first: it makes .venv with pyristretto in it);
#   2. draws the benchmark plots the performance page shows into docs/_generated/ (ignored by git):
#      `python -m pyristretto bench --quick --plot` (its tables too) and `--scaling` from 2^10 to 2^14 points;
#   3. runs Sphinx from scratch (-E) with warnings as errors (-W --keep-going);
#   4. screenshots the index and an API page with headless Chromium into docs/_build/screenshots/ and checks them:
#      the pages link furo's stylesheet and the file is there, each PNG is a real picture (not blank), and furo's
#      sidebar colour is on it (an unstyled page is white throughout).
# The code examples of the pages run in the test suite (tests/test_doc_examples.py), not here.
#   DOCS_PLOTS=0 ./scripts/docs.sh   # keep the plots already in docs/_generated (faster, for editing the text)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
[ -x "$PY" ] || { echo "error: no .venv: run ./scripts/setup.sh first" >&2; exit 1; }
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

mapfile -t requirements < <("$PY" - <<'EOF'
try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib
with open("pyproject.toml", "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["docs"]))
EOF
)
"$PY" -m pip install -q "${requirements[@]}"
if ! command -v chromium >/dev/null; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

mkdir -p docs/_generated
if [ "${DOCS_PLOTS:-1}" != 0 ] || [ ! -f docs/_generated/msm.png ]; then
    echo "docs: the benchmark plots (quick mode)"
    "$PY" -m pyristretto bench --quick --plot docs/_generated/msm.png >docs/_generated/bench-quick.md.tmp \
        2>docs/_generated/bench-quick.log || { cat docs/_generated/bench-quick.log >&2; exit 1; }
    mv docs/_generated/bench-quick.md.tmp docs/_generated/bench-quick.md
    "$PY" -m pyristretto bench --scaling --min-log2 10 --max-log2 14 --plot docs/_generated/scaling.png \
        >/dev/null 2>docs/_generated/scaling.log || { cat docs/_generated/scaling.log >&2; exit 1; }
fi

echo "docs: sphinx-build -W --keep-going"
rm -rf docs/_build/html
"$PY" -m sphinx -b html -E -W --keep-going -q -d docs/_build/doctrees docs docs/_build/html

echo "docs: screenshots with headless Chromium"
shots=docs/_build/screenshots
mkdir -p "$shots"
screenshot() {  # PAGE PNG: a 1280x1000 window; chromium prints dbus noise on stderr, kept out of sight
    rm -f "$2"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1000 \
        --screenshot="$2" "file://$PWD/docs/_build/html/$1" >"$shots/chromium.log" 2>&1 \
        || { cat "$shots/chromium.log" >&2; exit 1; }
}
screenshot index.html "$shots/index.png"
screenshot api/pyristretto.html "$shots/api.png"
"$PY" - "$shots" <<'EOF'
import re
import sys
from pathlib import Path

import numpy as np
from PIL import Image

html, shots = Path("docs/_build/html"), Path(sys.argv[1])
for page, png in [("index.html", "index.png"), ("api/pyristretto.html", "api.png")]:
    text = (html / page).read_text()
    css = re.search(r'href="([^"?]*styles/furo\.css)[^"]*"', text)
    assert css, f"{page} does not link furo's stylesheet"
    css_file = (html / page).parent / css.group(1)
    assert css_file.is_file() and css_file.stat().st_size > 10_000, f"{css_file} is missing or empty"
    path = shots / png
    assert path.is_file() and path.stat().st_size > 20_000, f"{path}: no screenshot, or a trivial one"
    image = Image.open(path).convert("RGB")
    assert image.size == (1280, 1000), f"{path}: size {image.size}"
    pixels = np.asarray(image).reshape(-1, 3)
    white = float(np.all(pixels == 255, axis=1).mean())
    assert white < 0.95, f"{path}: {white:.1%} white, the page did not render"
    colours = len(np.unique(pixels, axis=0))
    assert colours > 50, f"{path}: {colours} colours, the page did not render"
    # furo's sidebar background (--color-background-secondary, #f8f9fb) fills the left of the window
    left = np.asarray(image.crop((0, 0, 60, 1000))).reshape(-1, 3)
    sidebar = float(np.all(left == (248, 249, 251), axis=1).mean())
    assert sidebar > 0.9, f"{path}: furo's sidebar colour covers {sidebar:.0%} of the left edge: no styles?"
    print(f"docs: {path}: {image.size[0]}x{image.size[1]}, {1 - white:.0%} not white, sidebar styled; "
          f"{page} links {css.group(1)}")
EOF
echo "docs: built docs/_build/html"
