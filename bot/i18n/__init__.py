"""Barkeep's words in every language it speaks: one Project Fluent catalog a language
(``bot/i18n/<code>.ftl``), and which language each screen speaks.

- **Public screens** (tables, end screens, announcements) speak the server's language: the one
  set with ``/settings language``, else the server's own locale (its Community "primary
  language") when Barkeep speaks it, else English. A click never changes it.
- **Private screens and answers** speak the clicking player's own Discord language
  (``interaction.locale``) when Barkeep speaks it, else English.
- **Slash commands** (names, descriptions, options, choices) are localized by
  :class:`bot.i18n.commands.CommandTranslator` from the ``cmd-...`` and ``choice-...`` messages.

A message is looked up by its id with named arguments (``t(lang, "tally-sips", n=3)``); plurals
and word order are the catalog's business (Fluent's select expressions, CLDR plural categories),
never sentences glued together in code. A message missing from a catalog falls back to English,
and tests/test_i18n.py fails on any message used but missing, or present but unused.

Adding a language: write ``bot/i18n/<code>.ftl`` with every message of ``en.ftl``, and add its
line to :data:`LANGUAGES`.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections import Counter
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import resources
from typing import Any

from babel import Locale
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle
from fluent.runtime.types import fluent_number
from fluent.syntax import FluentParser, ast

from bot.engines.words import MSG


@dataclass(frozen=True)
class Language:
    code: str  # the catalog's file name and Fluent's locale: "sv"
    name: str  # in its own words, as /settings language lists it: "Svenska"
    locales: tuple[str, ...]  # the Discord locales that speak it: ("sv-SE",)


ENGLISH = "en"
LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", ("en-US", "en-GB")),
    "sv": Language("sv", "Svenska", ("sv-SE",)),
}


def language_of(locale: Any) -> str:
    """The language Barkeep speaks for a Discord locale (``discord.Locale`` or its value, such
    as ``"sv-SE"``): English for every locale it has no catalog for, and for none."""
    value = str(getattr(locale, "value", locale) or "")
    for lang in LANGUAGES.values():
        if value in lang.locales or value == lang.code:
            return lang.code
    return ENGLISH


class Catalog:
    """One language's messages (``bot/i18n/<code>.ftl``). A catalog that does not parse whole,
    or that writes a message twice, is refused at once."""

    def __init__(self, code: str, text: str) -> None:
        self.code = code
        name = f"bot/i18n/{code}.ftl"
        resource = FluentParser().parse(text)  # what fluent.runtime's FluentResource(text) does
        body = resource.body
        junk = [entry for entry in body if isinstance(entry, ast.Junk)]
        if junk:
            raise ValueError(f"{name} does not parse: {(junk[0].content or '')[:80]!r}")
        ids = [e.id.name for e in body if isinstance(e, ast.Message)]
        twice = sorted(i for i, n in Counter(ids).items() if n > 1)
        if twice:
            raise ValueError(f"{name} says again: {twice[:5]}")
        self.ids = frozenset(ids)
        self.bundle = FluentBundle([code], use_isolating=False)  # no bidi marks in Discord text
        self.bundle.add_resource(resource)

    def has(self, key: str) -> bool:
        return key in self.ids

    def format(self, key: str, args: dict[str, Any]) -> str:
        message = self.bundle.get_message(key)
        if message.value is None:
            raise KeyError(f"{key} has no value in bot/i18n/{self.code}.ftl")
        # whole numbers as they are written in the games ("1086 points", never "1,086"), their
        # plural forms still chosen by the language's rules
        args = {
            k: fluent_number(v, useGrouping=False)
            if isinstance(v, int) and not isinstance(v, bool)
            else v
            for k, v in args.items()
        }
        text, errors = self.bundle.format_pattern(message.value, args)
        if errors:
            raise ValueError(f"{key} ({self.code}): {errors[0]}")
        return str(text)


@functools.cache
def catalog(code: str) -> Catalog:
    """A language's catalog: ``bot/i18n/<code>.ftl``."""
    text = resources.files("bot.i18n").joinpath(f"{code}.ftl").read_text(encoding="utf-8")
    return Catalog(code, text)


def t(lang: str, key: str, /, **args: Any) -> str:
    """Message ``key`` in language ``lang`` (English where that catalog lacks it)."""
    own = catalog(lang if lang in LANGUAGES else ENGLISH)
    if own.has(key):
        return own.format(key, args)
    return catalog(ENGLISH).format(key, args)


def has(lang: str, key: str) -> bool:
    return lang in LANGUAGES and catalog(lang).has(key)


# -- words built from messages ---------------------------------------------------------------


def ordinal(lang: str, n: int) -> str:
    """``1st``, ``2nd`` (``1:a``, ``3:e``): the catalog says each ordinal form's ending, Babel
    (CLDR) which form a number takes."""
    form = Locale.parse(lang if lang in LANGUAGES else ENGLISH).ordinal_form(n)
    return t(lang, "ordinal", n=n, form=form)


def on_off(on: bool) -> str:
    """The word a message selects on for a switch: ``"on"`` or ``"off"`` (the catalogs' ``on``
    and ``off`` messages, and every message with an ``$on`` selector)."""
    return "on" if on else "off"


def decimal(lang: str, x: float) -> str:
    """``2.5`` (``2,5``): one decimal, as the language writes it."""
    return format_decimal(x, format="0.0", locale=lang if lang in LANGUAGES else ENGLISH)


def game_title(lang: str, game: str) -> str:
    """A game's name in ``lang`` (``game-<name>-title``)."""
    return t(lang, f"game-{game}-title")


def or_list(lang: str, items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) < 2:
        return "".join(items)
    return t(lang, "list-or", rest=", ".join(items[:-1]), last=items[-1])


def command(lang: str, path: str) -> str:
    """A slash command as a person types it in ``lang``: ``/pyramid start`` (``/pyramid
    starta``), from the command texts the commands' translator uses."""
    parts = path.split()
    words = []
    for i, word in enumerate(parts):
        key = "cmd-" + "-".join(parts[: i + 1])
        words.append(catalog(lang).format(key, {}) if has(lang, key) else word)
    return t(lang, "command", name=" ".join(words))


# -- the language a screen is drawn in ---------------------------------------------------------
#
# A screen is drawn in one language: the table's for its public message, the reader's for a
# private view or an answer. Whoever draws a screen says which (``with speaking(lang):``); the
# UI modules then ask for their words with :func:`tr`, and engine lines (:func:`render`) come out
# in that language, without a language passed through every function.

_speaking: ContextVar[str] = ContextVar("barkeep_language", default=ENGLISH)


def current() -> str:
    """The language of the screen being drawn now (English where nobody said)."""
    return _speaking.get()


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw what is inside in ``lang``."""
    token = _speaking.set(lang if lang in LANGUAGES else ENGLISH)
    try:
        yield
    finally:
        _speaking.reset(token)


def tr(key: str, /, **args: Any) -> str:
    """Message ``key`` in the language of the screen being drawn (:func:`speaking`)."""
    return t(current(), key, **args)


# -- engine lines: messages written as data ------------------------------------------------------
#
# Engines are pure and know no language: a line of theirs (a Log, a Private, a drink's reason, a
# refusal) is a message written as data, ``bot.engines.base.msg(key, **args)``: the key and its
# arguments in one string, decoded here in the reader's language. An argument may itself be such
# a message (a card's name, a reason inside a line); a line is one message (compose with
# arguments, never by gluing two). A plain string (a line stored before, a player's own words)
# is shown as it is.


def render(text: str, lang: str | None = None) -> str:
    """``text`` in ``lang`` (default: :func:`current`): a message written as data decoded and
    worded; anything else as it is. ``{p0}`` and friends are left for the names."""
    if not text.startswith(MSG):
        return text
    return _worded(text, lang or current())


@functools.lru_cache(maxsize=8192)
def _worded(text: str, lang: str) -> str:
    """A message written as data, worded (the same line is drawn again at every edit of its
    table, and the catalogs never change while Barkeep runs: worded once, about 30 µs)."""
    key, _, raw = text[1:].partition(MSG)
    args = json.loads(raw) if raw else {}
    worded = {
        k: render(v, lang) if isinstance(v, str) and v.startswith(MSG) else v
        for k, v in args.items()
    }
    return t(lang, key, **worded)


def english(text: str) -> str:
    """An engine line in English (tests, logs)."""
    return render(text, ENGLISH)


# -- who speaks what -------------------------------------------------------------------------------


class Speakers:
    """Who speaks what, for the screens drawn away from any click (a table's message, a
    player's private view kept up to date): a server's chosen language (``/settings language``),
    its own locale (as Discord says it), and each player's (the locale of their latest
    interaction; until they click, their server's)."""

    def __init__(self) -> None:
        self.chosen: dict[int, str] = {}
        self.locales: dict[int, str] = {}
        self.users: dict[int, str] = {}

    def load(self, chosen: dict[int, str]) -> None:
        self.chosen = {g: lang for g, lang in chosen.items() if lang in LANGUAGES}

    def choose(self, guild_id: int, lang: str | None) -> None:
        if lang in LANGUAGES:
            self.chosen[guild_id] = lang
        else:
            self.chosen.pop(guild_id, None)

    def guild_locale(self, guild_id: int | None, locale: Any) -> None:
        if guild_id is not None and locale is not None:
            self.locales[guild_id] = language_of(locale)

    def heard(self, user_id: int, locale: Any) -> None:
        if locale is not None:
            self.users[user_id] = language_of(locale)

    def table(self, guild_id: int | None) -> str:
        """A server's public language: its choice, else its own locale's, else English."""
        if guild_id is None:
            return ENGLISH
        return self.chosen.get(guild_id) or self.locales.get(guild_id, ENGLISH)

    def reader(self, user_id: int | None, guild_id: int | None) -> str:
        """A player's own language, as their latest interaction said it (else their server's)."""
        own = self.users.get(user_id) if user_id is not None else None
        return own or self.table(guild_id)


SPEAKERS = Speakers()
