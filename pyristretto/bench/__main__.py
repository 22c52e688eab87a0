"""``python -m pyristretto.bench``: the same as ``python -m pyristretto bench``."""

import sys

from pyristretto.bench.report import main

sys.exit(main(prog="python -m pyristretto.bench"))
