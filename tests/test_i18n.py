"""The message catalogs (bot/i18n): every message used exists in every catalog, every message in
a catalog is used, the slash commands Discord receives carry their Swedish, within Discord's
limits, and the languages are chosen as promised."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.i18n import ENGLISH, LANGUAGES, catalog, language_of, t

ROOT = Path(__file__).resolve().parents[1]
COMMAND_KEY = re.compile(r"(cmd|opt|choice)-")
CALLED = re.compile(r'\bt\(\s*[\w.\[\]]+,\s*["\']([a-z0-9-]+)["\']')  # t(lang, "key", ...)
LITERAL = re.compile(r'(?<![\w])["\']([a-z][a-z0-9-]*)["\']')  # "a-key", anywhere
FAMILY = re.compile(r'\bf"([a-z][a-z0-9-]*)\{[^}"]*\}([a-z0-9-]*)"')  # f"game-{name}-title"


def code_text() -> str:
    return "\n".join(
        path.read_text(encoding="utf-8")
        for folder in ("bot", "cogs")
        for path in sorted((ROOT / folder).rglob("*.py"))
    )


def called_keys() -> set[str]:
    """Messages the code asks for by a literal key: each must be in the English catalog."""
    return set(CALLED.findall(code_text()))


def used_keys(catalog_keys: set[str]) -> set[str]:
    """The catalog's messages the code names: a literal key, or one of a family built with an
    f-string (``f"game-{game}-title"`` uses every ``game-...-title``)."""
    text = code_text()
    used = set(LITERAL.findall(text)) & catalog_keys
    for head, tail in FAMILY.findall(text):
        family = re.compile(re.escape(head) + r"[a-z0-9_]+" + re.escape(tail))
        used |= {k for k in catalog_keys if family.fullmatch(k)}
    return used


def test_every_catalog_has_every_message_of_the_english_one_and_no_other():
    english = {k for k in catalog(ENGLISH).ids if not COMMAND_KEY.match(k)}
    for code in LANGUAGES:
        own = {k for k in catalog(code).ids if not COMMAND_KEY.match(k)}
        assert own - english == set(), f"{code}.ftl has messages en.ftl lacks"
        assert english - own == set(), f"{code}.ftl lacks messages of en.ftl"


def test_every_message_used_exists_and_every_message_is_used():
    english = {k for k in catalog(ENGLISH).ids if not COMMAND_KEY.match(k)}
    assert called_keys() - english == set(), "used in the code, missing from en.ftl"
    assert english - used_keys(english) == set(), "in en.ftl, used nowhere"


def test_plurals_and_arguments_follow_each_language():
    assert t("en", "tally-sips", n=1) == "1 sip"
    assert t("en", "tally-sips", n=3) == "3 sips"
    assert t("sv", "tally-sips", n=1) == "1 klunk"
    assert t("sv", "tally-sips", n=3) == "3 klunkar"


def test_a_discord_locale_picks_its_language_and_english_is_the_rest():
    assert language_of(discord.Locale.swedish) == "sv"
    assert language_of("sv-SE") == "sv"
    assert language_of(discord.Locale.american_english) == "en"
    assert language_of(discord.Locale.german) == "en"
    assert language_of(None) == "en"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_catalog_parses_whole(code: str):
    assert catalog(code).ids
