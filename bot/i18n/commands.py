"""The slash commands in every language of :data:`bot.i18n.LANGUAGES`: discord.py asks this
translator for each name, description, option and choice of every command when it syncs them,
and Discord shows each person the commands in their own client's language.

English is the commands' own text in the code. Other languages find theirs by a key made from
where the text sits, so a command needs no key written beside it:

- ``cmd-<command path>`` and ``cmd-<command path>-desc``: a command's or group's name and
  description (``cmd-settings-cap``, ``cmd-pyramid-start-desc``);
- ``opt-<command path>-<option>`` and ``opt-<command path>-<option>-desc``: an option's;
- ``choice-<value>``: a choice's name, by its value (the same value reads the same everywhere).

A key the catalog lacks leaves Discord showing the English; tests/test_i18n.py fails on one.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, catalog, language_of

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def key_of(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog key of a command's text, from where it sits (``None``: not a command's)."""
    where, data = context.location, cast(Any, context.data)
    if where in (Where.command_name, Where.group_name):
        return f"cmd-{_path(data)}"
    if where in (Where.command_description, Where.group_description):
        return f"cmd-{_path(data)}-desc"
    if where is Where.parameter_name:
        return f"opt-{_path(data.command)}-{data.name}"
    if where is Where.parameter_description:
        return f"opt-{_path(data.command)}-{data.name}-desc"
    if where is Where.choice_name:
        return f"choice-{data.value}"
    return None


def _path(command: Any) -> str:
    return "-".join(command.qualified_name.split())


class CommandTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_of(locale)
        key = key_of(context)
        if lang == ENGLISH or key is None or not catalog(lang).has(key):
            return None
        return catalog(lang).format(key, {})
