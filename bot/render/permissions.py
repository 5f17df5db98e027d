"""What Barkeep may do in a channel, and the words that tell people what it lacks there.

Worked out from the channel's overwrites and the bot's roles as the gateway announced them, with
no request to Discord, so a refusal can be explained the moment it comes.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.config import PERMISSIONS, THREAD_PERMISSIONS
from bot.i18n import command, current, tr

THREAD_SEND = "send_messages_in_threads"


def bot_permissions(channel: Any, member: Any) -> discord.Permissions:
    """``member``'s permissions in ``channel`` as Discord decides them: the roles, then the
    channel's overwrites (@everyone, the roles together, the member). Unlike discord.py's
    ``permissions_for``, a missing Send Messages does not also hide Embed Links (Discord still
    lets the bot edit its messages' embeds), so what is reported missing is what to switch on.
    A thread takes its parent's overwrites."""
    guild = channel.guild
    if guild.owner_id == member.id:
        return discord.Permissions.all()
    perms = discord.Permissions(guild.default_role.permissions.value)
    for role in member.roles:
        perms.value |= role.permissions.value
    if perms.administrator:
        return discord.Permissions.all()
    where = channel.parent if isinstance(channel, discord.Thread) else channel
    if where is None:
        return perms
    allow, deny = where.overwrites_for(guild.default_role).pair()
    perms.handle_overwrite(allow=allow.value, deny=deny.value)
    allow_all = deny_all = 0
    for role in member.roles:
        if role != guild.default_role:
            allow, deny = where.overwrites_for(role).pair()
            allow_all, deny_all = allow_all | allow.value, deny_all | deny.value
    perms.handle_overwrite(allow=allow_all, deny=deny_all)
    allow, deny = where.overwrites_for(member).pair()
    perms.handle_overwrite(allow=allow.value, deny=deny.value)
    return perms


def missing_permissions(client: discord.Client, channel_id: int) -> list[str] | None:
    """The permissions Barkeep needs in a channel (bot/config.py) that it lacks there, by their
    names in the channel's settings; None if the channel or the bot's member isn't known."""
    channel = client.get_channel(channel_id)
    guild = getattr(channel, "guild", None)
    me = guild.me if guild is not None else None
    if channel is None or me is None:
        return None
    return lacking(bot_permissions(channel, me), isinstance(channel, discord.Thread))


def lacking(perms: discord.Permissions, thread: bool) -> list[str]:
    """Of the permissions Barkeep needs, those ``perms`` (the bot's, in a channel or, with
    ``thread``, a thread) lack, by their names in the channel's settings."""
    if not perms.view_channel:
        return [PERMISSIONS["view_channel"]]  # nothing else counts until it can see the channel
    skip = "send_messages" if thread else THREAD_SEND
    return [name for attr, name in PERMISSIONS.items() if attr != skip and not getattr(perms, attr)]


_ATTRIBUTES = {name: attr for attr, name in {**PERMISSIONS, **THREAD_PERMISSIONS}.items()}


def named(permissions: list[str]) -> str:
    """Permissions as the player reads them, as their Discord names them in the language
    drawn: "**View Channel** and **Embed Links**" ("**Visa kanal** och **Bädda in länkar**")."""
    names = [f"**{permission_name(p)}**" for p in permissions]
    if len(names) < 2:
        return "".join(names)
    return tr("screens-and", rest=", ".join(names[:-1]), last=names[-1])


def permission_name(name: str) -> str:
    """A permission's name in a channel's settings (its English name, bot/config.py), in the
    language drawn."""
    attr = _ATTRIBUTES.get(name)
    return tr(f"screens-perm-{attr}") if attr is not None else name


def start_warning(table_id: int, channel_id: int, missing: list[str]) -> str:
    """What the host reads, privately, on opening a table where the bot lacks permissions:
    the game plays (interaction answers need none), but not all of it works."""
    return "\u26a0\ufe0f " + tr(
        "screens-start-warning",
        missing=named(missing),
        channel=str(channel_id),
        table=str(table_id),
    )


POSTING = {PERMISSIONS["view_channel"], PERMISSIONS["send_messages"], PERMISSIONS[THREAD_SEND]}


def may_post(client: discord.Client, channel_id: int) -> bool | None:
    """Whether the bot may post a plain message in the channel (in a thread: Send Messages in
    Threads), as far as its cache knows; None if it doesn't know the channel."""
    missing = missing_permissions(client, channel_id)
    return None if missing is None else not POSTING & set(missing)


def refused_text(table_id: int, channel_id: int, missing: list[str] | None) -> str:
    """What the players read when the bot can't post or edit their table in its channel."""
    typed = command(current(), "table")
    if missing is None:  # a channel the bot doesn't see at all
        return "\u26a0\ufe0f " + tr(
            "screens-refused-unseen",
            table=str(table_id),
            channel=str(channel_id),
            view=permission_name(PERMISSIONS["view_channel"]),
            command=typed,
        )
    if missing:
        lacks = tr("screens-missing", missing=named(missing), channel=str(channel_id))
    else:
        needed = ", ".join(permission_name(PERMISSIONS[a]) for a in PERMISSIONS if a != THREAD_SEND)
        lacks = tr("screens-missing-one", needed=needed, channel=str(channel_id))
    return "\u26a0\ufe0f " + tr("screens-refused", table=str(table_id), lacks=lacks, command=typed)
