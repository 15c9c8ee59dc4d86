"""The README's test command spreads the suite over every core with pytest-xdist's
``--dist loadgroup``: tests marked ``xdist_group(NAME)`` run on one worker, so a
costly session fixture they share (``reference_fives``: every five-card hand
rated by the reference, ~37 s) is computed once.  xdist carries the group to its
scheduler as a suffix of the test id; when that suffix is lost (pytest 9.2's
structured test ids with pytest-xdist 3.8, pytest-dev/pytest-xdist#1386) the
tests are spread as if unmarked and every worker computes the fixture."""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("reference_fives")
def test_the_group_reaches_the_scheduler(request):
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not an xdist worker under --dist loadgroup")
    assert request.node.nodeid.endswith("@reference_fives"), (
        f"{request.node.nodeid}: xdist dropped the group, so --dist loadgroup spreads "
        "grouped tests over every worker (see the pytest pin in pyproject.toml)")
