"""Slash payloads checked against the commands as this bot registers them, before they run.

Discord's client only sends what the registered commands allow, but a payload can still be off:
a client that loaded an older version of a command, a value outside the declared choices, a
user it could not resolve, a command used in a DM. discord.py passes most of these through (an
unknown option is ignored, an unresolved user becomes a bare ``Object``), and the command then
fails with a traceback. Here each gets a plain answer (``Malformed``'s text) and runs nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import AppCommandOptionType, app_commands
from discord.app_commands import AppCommandError

from bot.ui.common import escape

log = logging.getLogger(__name__)

CHANGED = (
    "That command has changed since Discord showed it to you: type it again "
    "(if it still looks old, restart Discord). Nothing was done."
)
IN_A_SERVER = "This works in a server channel, not in direct messages."
NO_PLAYER = "I can't find that player: pick them from the list Discord offers. Nothing was done."
ODD = "That request didn't look right, so nothing was done."

MAX_SNOWFLAKE = 2**63 - 1  # Discord's ids are positive 64-bit integers below 2^63 (SQLite's too)

KINDS = {
    AppCommandOptionType.string: "a text",
    AppCommandOptionType.integer: "a whole number",
    AppCommandOptionType.boolean: "on or off",
    AppCommandOptionType.user: "a player",
    AppCommandOptionType.number: "a number",
}


class Malformed(AppCommandError):
    """A slash payload this bot's commands cannot take; the text is the answer."""


class Tree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.type is discord.InteractionType.application_command:
            check(self, interaction)
        elif interaction.type is discord.InteractionType.autocomplete and not _completes(
            self, interaction
        ):
            # no option of ours completes as you type: a client that loaded an older command,
            # or a forged payload, gets no suggestions (discord.py would log an error, and the
            # client would show "Loading options failed")
            try:
                await interaction.response.autocomplete([])
            except discord.HTTPException:
                log.info("could not answer autocomplete %s", interaction.id)
            return False
        return True


def _completes(tree: app_commands.CommandTree[Any], interaction: discord.Interaction[Any]) -> bool:
    """Whether the option being typed in has suggestions to offer (an autocomplete callback)."""
    try:
        command, options = tree._get_app_command_options(dict(interaction.data or {}))  # type: ignore[arg-type]
        focused = next(o["name"] for o in options if isinstance(o, dict) and o.get("focused"))
        params = {p.display_name: p for p in command.parameters}
        return bool(params[focused].autocomplete)  # Parameter.autocomplete: whether it has one
    except Exception:  # an unknown command or option, no focused option: nothing to offer
        return False


def check(tree: app_commands.CommandTree[Any], interaction: discord.Interaction[Any]) -> None:
    """Raise :class:`Malformed` (or discord.py's CommandNotFound / CommandSignatureMismatch /
    NoPrivateMessage) for a payload the command as registered now cannot take."""
    if odd_ids(interaction):
        raise Malformed(ODD)
    data: dict[str, Any] = dict(interaction.data or {})
    if data.get("type", 1) != 1:
        return  # context menus: discord.py checks their shape itself
    command, options = tree._get_app_command_options(data)  # type: ignore[arg-type]
    root = command.root_parent or command
    if (root.guild_only or command.guild_only) and interaction.guild_id is None:
        raise app_commands.NoPrivateMessage(IN_A_SERVER)
    params = {p.display_name: p for p in command.parameters}
    given = {o.get("name"): o for o in options if isinstance(o, dict)}
    if len(given) != len(options):  # an option given twice, or not an option at all
        raise Malformed(ODD)
    if set(given) - set(params):
        raise Malformed(CHANGED)
    if any(p.required and name not in given for name, p in params.items()):
        raise Malformed(CHANGED)
    resolved = data.get("resolved") or {}
    for name, option in given.items():
        param = params[name]
        value = option.get("value")
        if param.type is AppCommandOptionType.user:
            users = resolved.get("users") or {}
            if option.get("type") != param.type.value or str(value) not in users:
                raise Malformed(NO_PLAYER)
            if not _snowflake(value):
                raise Malformed(ODD)
            continue
        if option.get("type") != param.type.value or not _of_type(param.type, value):
            kind = KINDS.get(param.type, "something else")
            raise Malformed(f"`{name}` takes {kind}: type the command again. Nothing was done.")
        if param.choices and value not in [c.value for c in param.choices]:
            shown = escape(str(value))[:50]
            raise Malformed(
                f"“{shown}” isn't one of its choices for `{name}`: pick one from the list. "
                "Nothing was done."
            )
        low, high = param.min_value, param.max_value
        if isinstance(value, int | float) and not isinstance(value, bool):
            if (low is not None and value < low) or (high is not None and value > high):
                raise Malformed(
                    f"`{name}` goes from {low} to {high}: type the command again. Nothing was done."
                )


def odd_ids(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction has, or names its user, server or channel by, an id Discord
    cannot have given (a forged payload): such ids fit no database column (an interaction's id
    is stored with the move it made), and nothing is done for them."""
    ids = (interaction.id, interaction.user.id, interaction.guild_id, interaction.channel_id)
    return not all(i is None or _snowflake(i) for i in ids)


def _snowflake(value: Any) -> bool:
    try:
        return 0 < int(value) <= MAX_SNOWFLAKE
    except (TypeError, ValueError):
        return False


def _of_type(kind: AppCommandOptionType, value: Any) -> bool:
    if kind is AppCommandOptionType.string:
        return isinstance(value, str)
    if kind is AppCommandOptionType.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is AppCommandOptionType.number:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is AppCommandOptionType.boolean:
        return isinstance(value, bool)
    return True


def error_text(error: AppCommandError) -> str | None:
    """The plain answer for a slash command refused before it ran; None: an unexpected error."""
    if isinstance(error, Malformed):
        return str(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return IN_A_SERVER
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return CHANGED
    if isinstance(error, app_commands.TransformerError):
        return "I couldn't read one of the values: type the command again. Nothing was done."
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use that command here."
    return None
