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

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

from babel import Locale
from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser, ast


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
    """One language's messages. A catalog that does not parse whole is refused at once."""

    def __init__(self, code: str, text: str) -> None:
        self.code = code
        body = FluentParser().parse(text).body
        junk = [entry for entry in body if isinstance(entry, ast.Junk)]
        if junk:
            raise ValueError(
                f"bot/i18n/{code}.ftl does not parse: {(junk[0].content or '')[:80]!r}"
            )
        self.ids = frozenset(e.id.name for e in body if isinstance(e, ast.Message))
        self.bundle = FluentBundle([code], use_isolating=False)  # no bidi marks in Discord text
        self.bundle.add_resource(FluentResource(text))

    def has(self, key: str) -> bool:
        return key in self.ids

    def format(self, key: str, args: dict[str, Any]) -> str:
        message = self.bundle.get_message(key)
        if message.value is None:
            raise KeyError(f"{key} has no value in bot/i18n/{self.code}.ftl")
        text, errors = self.bundle.format_pattern(message.value, args)
        if errors:
            raise ValueError(f"{key} ({self.code}): {errors[0]}")
        return str(text)


@functools.cache
def catalog(code: str) -> Catalog:
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
