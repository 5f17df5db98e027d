"""Slash payloads checked against the commands as this bot registers them, before they run.

Discord's client only sends what the registered commands allow, but a payload can still be off:
a client that loaded an older version of a command, a value outside the declared choices, a
user it could not resolve, a command used in a DM. discord.py passes most of these through (an
unknown option is ignored, an unresolved user becomes a bare ``Object``), and the command then
fails with a traceback. Here each gets a plain answer (``Malformed``'s text) and runs nothing.

Some payloads discord.py cannot even read: an option of a channel, user, role... type whose
value is no snowflake (``channel: "hello"``), resolved data that is not what Discord sends,
options that are not a list of options. discord.py raises on them (``int("hello")`` in its
``Namespace``, a ``KeyError`` looking the command up) outside of any command, so its error
handlers never see them and nobody answers. :meth:`Tree.interaction_check` runs before all of
that: it reads the payload the way discord.py will, and answers itself (through the tree's
``on_error``) anything it could not read, with :data:`ODD`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import AppCommandOptionType, AppCommandType, app_commands
from discord.app_commands import AppCommandError

from bot.i18n import ENGLISH, t
from bot.ui.common import escape

log = logging.getLogger(__name__)

# the answers' catalog keys (bot/i18n); ODD in English for the answers that know no language
CHANGED = "slash-changed"
IN_A_SERVER = "slash-in-a-server"
NO_PLAYER = "slash-no-player"
ODD = t(ENGLISH, "slash-odd")

MAX_SNOWFLAKE = 2**63 - 1  # Discord's ids are positive 64-bit integers below 2^63 (SQLite's too)

KINDS = {  # what an option takes, as slash-takes says it
    AppCommandOptionType.string: "text",
    AppCommandOptionType.integer: "integer",
    AppCommandOptionType.boolean: "boolean",
    AppCommandOptionType.user: "user",
    AppCommandOptionType.number: "number",
    AppCommandOptionType.channel: "channel",
    AppCommandOptionType.role: "role",
}


# where the resolved data has what an option of these types names
RESOLVED_IN = {
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.mentionable: ("users", "roles"),
    AppCommandOptionType.attachment: ("attachments",),
}


class Malformed(AppCommandError):
    """A slash payload this bot's commands cannot take: the answer is the catalog's message
    ``key`` with ``fields`` (``str()``: in English, for the log)."""

    def __init__(self, key: str = "slash-odd", **fields: Any) -> None:
        super().__init__(t(ENGLISH, key, **fields))
        self.key, self.fields = key, fields

    def text(self, lang: str) -> str:
        return t(lang, self.key, **self.fields)


class Tree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Refuse, with a plain answer, any slash payload the command cannot take, before
        discord.py reads it. The answer goes out from here (the tree's ``on_error``), never
        by raising: discord.py would first look the command up again in the payload, and a
        payload garbled enough makes that raise outside of every error handler."""
        if interaction.type is discord.InteractionType.application_command:
            try:
                check(self, interaction)
            except AppCommandError as error:
                refused: AppCommandError = error
            except Exception as error:  # a payload too garbled to be read at all
                log.info("interaction %s: unreadable payload (%r)", interaction.id, error)
                refused = Malformed()
            else:
                return True
            await self.on_error(interaction, refused)
            return False
        if interaction.type is discord.InteractionType.autocomplete and not (
            _completes(self, interaction) and _readable(interaction)
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
        raise Malformed()
    data: dict[str, Any] = dict(interaction.data or {})
    if not isinstance(data.get("name"), str) or not isinstance(data.get("options", []), list):
        raise Malformed()
    kind = data.get("type", 1)
    if kind != 1:  # a context menu (Barkeep has none): discord.py checks the rest of its shape
        if kind not in (AppCommandType.user.value, AppCommandType.message.value):
            raise Malformed()
        menu, guild_id = AppCommandType(kind), data.get("guild_id") or ""
        guild = discord.Object(int(guild_id)) if _id_text(guild_id) else None
        if guild is not None and tree.get_command(data["name"], guild=guild, type=menu):
            return
        if tree.get_command(data["name"], type=menu) is None:
            raise Malformed(CHANGED)
        return
    command, options = tree._get_app_command_options(data)  # type: ignore[arg-type]
    root = command.root_parent or command
    if (root.guild_only or command.guild_only) and interaction.guild_id is None:
        raise app_commands.NoPrivateMessage(t(ENGLISH, IN_A_SERVER))
    params = {p.display_name: p for p in command.parameters}
    given = {o.get("name"): o for o in options if isinstance(o, dict)}
    if len(given) != len(options):  # an option given twice, or not an option at all
        raise Malformed()
    if set(given) - set(params):
        raise Malformed(CHANGED)
    if any(p.required and name not in given for name, p in params.items()):
        raise Malformed(CHANGED)
    resolved = data.get("resolved") or {}
    if not isinstance(resolved, dict):
        raise Malformed()
    for name, option in given.items():
        param = params[name]
        value = option.get("value")
        if param.type is AppCommandOptionType.user:
            users = resolved.get("users") or {}
            if option.get("type") != param.type.value or str(value) not in users:
                raise Malformed(NO_PLAYER)
            if not _id_text(value):
                raise Malformed()
            continue
        if param.type is AppCommandOptionType.channel and option.get("type") == param.type.value:
            _check_channel(param, value, resolved.get("channels") or {})
            continue
        if param.type in RESOLVED_IN and option.get("type") == param.type.value:
            # a role, a mentionable, a file (Barkeep takes none yet): one Discord resolved
            places = [resolved.get(place) or {} for place in RESOLVED_IN[param.type]]
            if not _id_text(value) or not any(value in place for place in places):
                raise Malformed()
            continue
        if option.get("type") != param.type.value or not _of_type(param.type, value):
            raise Malformed("slash-takes", name=name, kind=KINDS.get(param.type, "other"))
        if param.choices and value not in [c.value for c in param.choices]:
            raise Malformed("slash-not-a-choice", value=escape(str(value))[:50], name=name)
        low, high = param.min_value, param.max_value
        if isinstance(value, int | float) and not isinstance(value, bool):
            if (low is not None and value < low) or (high is not None and value > high):
                raise Malformed("slash-out-of-range", name=name, low=low, high=high)
    if not _readable(interaction):
        raise Malformed()


def _check_channel(param: app_commands.Parameter, value: Any, channels: dict[str, Any]) -> None:
    """A channel option: a channel Discord resolved, of a kind the option takes."""
    if not _id_text(value):
        raise Malformed()
    channel = channels.get(value)
    if channel is None:
        raise Malformed("slash-no-channel")
    if not isinstance(channel, dict) or not isinstance(channel.get("type"), int):
        raise Malformed()
    kinds = [k.value for k in param.channel_types]
    if kinds and channel["type"] not in kinds:
        raise Malformed("slash-wrong-channel", name=param.display_name)


def _readable(interaction: discord.Interaction[Any]) -> bool:
    """Whether discord.py can read the options and the resolved data (users, members, roles,
    channels... all of them, the options' or not) into the command's namespace: it reads
    them the same way before running the command, where a failure reaches no error handler.
    (``interaction.namespace`` is kept; discord.py builds its own again.)"""
    try:
        _ = interaction.namespace  # the reading is the check
    except Exception:
        log.info("interaction %s: options or resolved data unreadable", interaction.id)
        return False
    return True


def odd_ids(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction has, or names its user, server or channel by, an id Discord
    cannot have given (a forged payload): such ids fit no database column (an interaction's id
    is stored with the move it made), and nothing is done for them."""
    ids = (interaction.id, interaction.user.id, interaction.guild_id, interaction.channel_id)
    return not all(i is None or _snowflake(i) for i in ids)


def _id_text(value: Any) -> bool:
    """An id as Discord writes it in a payload's options and resolved data: a string of digits
    (discord.py looks an option's value up in the resolved data as it is written)."""
    return isinstance(value, str) and value.isascii() and value.isdigit() and _snowflake(value)


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


def error_text(error: AppCommandError, lang: str = ENGLISH) -> str | None:
    """The plain answer for a slash command refused before it ran, in ``lang``; None: an
    unexpected error."""
    if isinstance(error, Malformed):
        return error.text(lang)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(lang, IN_A_SERVER)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return t(lang, CHANGED)
    if isinstance(error, app_commands.TransformerError):
        return t(lang, "slash-unreadable")
    if isinstance(error, app_commands.CheckFailure):
        return t(lang, "slash-not-here")
    return None
