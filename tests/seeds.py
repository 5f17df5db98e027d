"""Seeds for the tests' deals."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable


def fixed_seeds() -> Callable[[], str]:
    """Deals that are the same on every run of a test: the running test's id (pytest sets
    ``PYTEST_CURRENT_TEST``) and a count. A random deal made a test that needs, say, a War
    hand with a loser fail once in a few dozen runs, on CI first."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "barkeep").rsplit(" (", 1)[0]
    count = itertools.count()
    return lambda: f"{current}#{next(count)}"
