"""The slash commands as Discord receives them at the sync: every command, option and choice
carries its name and description in every language of bot/i18n, within Discord's limits, and
every command text of a catalog belongs to a command."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from discord import app_commands

from bot.i18n import ENGLISH, LANGUAGES, catalog
from bot.i18n.commands import key_of
from tests.e2e.conftest import Harness

COMMAND_KEY = re.compile(r"(cmd|opt|choice)-")


def localized(cmds: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every part of the commands that has a name (commands, options, choices), with its path."""
    for c in cmds:
        yield c["name"], c
        yield from _options(c["name"], c.get("options") or [])


def _options(path: str, options: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    for o in options:
        yield f"{path} {o['name']}", o
        for ch in o.get("choices") or []:
            yield f"{path} {o['name']}={ch['value']}", ch
        yield from _options(f"{path} {o['name']}", o.get("options") or [])


def is_command_name(text: str) -> bool:
    """Discord's rule for names: 1-32 letters, digits, - or _, lowercase where a letter has case."""
    return (
        1 <= len(text) <= 32
        and all(ch.isalnum() or ch in "-_" for ch in text)
        and text == text.lower()
    )


def numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


async def test_every_command_option_and_choice_reaches_discord_in_swedish(harness: Harness):
    cmds = harness.fake.commands
    assert cmds, "no commands were synced"
    for path, part in localized(cmds):
        names = part.get("name_localizations") or {}
        assert names.get("sv-SE"), f"{path}: no Swedish name"
        if "value" in part:  # a choice: any text up to 100 characters
            assert len(names["sv-SE"]) <= 100
        else:
            assert is_command_name(names["sv-SE"]), f"{path}: {names['sv-SE']!r}"
        if part.get("description"):
            sv = (part.get("description_localizations") or {}).get("sv-SE")
            assert sv and len(sv) <= 100, f"{path}: no Swedish description"
            assert numbers(sv) == numbers(part["description"]), f"{path}: numbers differ"
        assert set(names) == {
            loc for lang in LANGUAGES.values() if lang.code != ENGLISH for loc in lang.locales
        }
    # Discord refuses two options of one command with the same name, in any language
    for c in cmds:
        for opts in _option_lists(c):
            sv = [(o.get("name_localizations") or {}).get("sv-SE") for o in opts]
            assert len(set(sv)) == len(sv), f"/{c['name']}: two options named alike in Swedish"


def _option_lists(c: dict[str, Any]) -> Iterator[list[dict[str, Any]]]:
    opts = c.get("options") or []
    yield [o for o in opts if o.get("type") not in (1, 2)]
    for o in opts:
        if o.get("type") in (1, 2):
            yield from _option_lists(o)


async def test_every_swedish_command_message_is_used(harness: Harness):
    class Keys(app_commands.Translator):
        def __init__(self) -> None:
            self.keys: set[str] = set()

        async def translate(self, string, locale, context):  # type: ignore[no-untyped-def]
            key = key_of(context)
            if key:
                self.keys.add(key)
            return None

    keys = Keys()
    assert harness.bot is not None
    for command in harness.bot.tree.get_commands():
        await command.get_translated_payload(harness.bot.tree, keys)  # type: ignore[union-attr]
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        in_catalog = {k for k in catalog(code).ids if COMMAND_KEY.match(k)}
        assert keys.keys - in_catalog == set(), f"{code}.ftl lacks these commands' texts"
        assert in_catalog - keys.keys == set(), f"{code}.ftl has texts of no command"
