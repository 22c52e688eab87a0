"""The licence travels with every copy: the installed metadata names MIT and carries LICENSE (sdist and wheels
alike; scripts/check_wheels.sh also checks each wheel's files)."""

import importlib.metadata


def test_installed_metadata_carries_the_mit_licence():
    # Run from a source checkout, the build's pyristretto.egg-info sits beside the installed dist-info: every copy
    # of the metadata must name the licence, and the installed one must carry the file.
    dists = list(importlib.metadata.distributions(name="pyristretto"))
    assert dists
    for dist in dists:
        assert dist.metadata["License-Expression"] == "MIT"
        assert dist.metadata.get_all("License-File") == ["LICENSE"]
    texts = [t for t in (d.read_text("licenses/LICENSE") for d in dists) if t is not None]
    assert texts, "LICENSE is in no installed dist-info/licenses/"
    for text in texts:
        assert text.startswith("MIT License") and "Permission is hereby granted, free of charge" in text
