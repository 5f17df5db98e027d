"""/table: bring your table's message back to the bottom of the channel.

One live copy of a table at a time: the new message becomes the table's message and the old
one is retired (its buttons removed, a link left; bot/render/renderer.py). Several ``/table`` at once
for one table post it once: the others are answered with a link to the copy just posted, and
so is a ``/table`` within REPOST_EVERY seconds of the last (each post leaves a retired copy
behind in the channel: a burst of them would flood it).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answer import Reply, answer, from_here
from bot.burst import Burst
from bot.gamecog import NOT_IN_SERVER
from bot.games import start_hints
from bot.i18n import command, current, tr

log = logging.getLogger(__name__)

REPOST_EVERY = 30.0  # seconds: a table is posted again by /table at most this often


class TableCommand(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        # a table's lock lives while a /table for it holds or awaits it
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._posted = Burst(1, REPOST_EVERY)  # tables /table posted

    @app_commands.command(
        name="table", description="Post your table again at the bottom of this channel"
    )
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        service = self.bot.service
        held: list[asyncio.Lock] = []  # this table's /table lock, once taken below

        async def work() -> Reply:
            if interaction.guild_id is None:
                return Reply.text(NOT_IN_SERVER)
            table_id = await service.table_of(interaction.guild_id, interaction.user.id)
            table = await service.get(table_id) if table_id is not None else None
            if table is None:
                return Reply.text(tr("table-none-here", hints=start_hints(current())))
            if table.row.channel_id != interaction.channel_id:
                return Reply.text(
                    tr(
                        "table-in-other-channel",
                        id=str(table.id),
                        channel=f"<#{table.row.channel_id}>",
                        command=command(current(), "table"),
                    ),
                    from_here(table.row),
                )
            seen = table.row.message_id
            lock = self._locks.setdefault(table.id, asyncio.Lock())
            if lock.locked():  # another /table for this table is posting it right now
                async with lock:
                    pass
            now = service.clock.now()
            recent = self._posted.next_at(table.id, now) is not None
            if table.row.message_id is not None and (table.row.message_id != seen or recent):
                link = (
                    f"https://discord.com/channels/{table.row.guild_id}/{table.row.channel_id}/"
                    f"{table.row.message_id}"
                )
                return Reply.text(tr("table-just-posted", id=str(table.id), link=link))
            self._posted.add(table.id, now)
            reply = Reply(
                "public",
                self.bot.games[table.row.game].screen(table),
                table_message=table,
                version=table.version,
            )
            await lock.acquire()  # released once the new message is the table's (below)
            held.append(lock)
            return reply

        try:
            await answer(interaction, work, public=True)
        finally:
            for lock in held:
                lock.release()


async def setup(bot: Any) -> None:
    await bot.add_cog(TableCommand(bot))
