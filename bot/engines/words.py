"""Words as data: what an engine says to players, in no language yet.

Engines are pure and know no language. A text of theirs that a player reads (a :class:`Log` or
:class:`Private` line, a drink's reason, a refusal, a card named in a sentence) is written with
:func:`msg`: the catalog's message key and its arguments in one string, worded in each reader's
language when it is shown (:func:`bot.i18n.render`), and stored as it is (a table's log, the
ledger's reasons), so a line reads in the language of whoever reads it, later too.
"""

from __future__ import annotations

import json

MSG = "\x1f"  # starts a message written as data; no text a player writes holds it


def msg(key: str, /, **args: str | int) -> str:
    """The catalog's message ``key`` (bot/i18n/<lang>.ftl) with ``args``, as data. An argument
    may be a message of its own (``msg("war-lost", card=card.said)``); ``{p0}``... stand for the
    players' names as ever. A line is one message: compose with arguments, never glue two."""
    return f"{MSG}{key}{MSG}{json.dumps(args, ensure_ascii=False, sort_keys=True)}"


def key_of(text: str) -> str | None:
    """The message key of a line written with :func:`msg` (``None`` for a plain line): how a
    UI recognizes an engine line, in no language (never by its English words)."""
    if not text.startswith(MSG):
        return None
    return text[1:].partition(MSG)[0]


def unpack(text: str) -> tuple[str, dict[str, str | int]] | None:
    """A message written as data as its key and arguments (``None``: plain text, not one)."""
    if not text.startswith(MSG):
        return None
    key, _, raw = text[1:].partition(MSG)
    args: dict[str, str | int] = json.loads(raw) if raw else {}
    return key, args
