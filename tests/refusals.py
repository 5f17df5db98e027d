"""A refusal's words, read in English: refusals are words as data (bot/engines/words.py), so a
test that expects a refusal matches what an English reader is shown."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.engines.words import MSG
from bot.i18n import english


@contextlib.contextmanager
def refusal(kind: type[BaseException], match: str) -> Iterator[Any]:
    """``pytest.raises(kind, match=...)``, the message matched as an English reader reads it
    (``match`` may be words as data itself: then its English, word for word)."""
    if match.startswith(MSG):
        match = re.escape(english(match))
    with pytest.raises(kind) as info:
        yield info
    said = english(str(info.value))
    assert re.search(match, said), f"{match!r} not in {said!r}"
