"""/table: bring your table's message back to the bottom of the channel."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.gamecog import Reply, answer, start_hints
from bot.ui import common

log = logging.getLogger(__name__)


def moved_screen(new_id: int, table_id: int, guild_id: int, channel_id: int) -> common.Screen:
    link = f"https://discord.com/channels/{guild_id}/{channel_id}/{new_id}"
    embed = discord.Embed(
        description=f"Table #{table_id} moved down here: {link}", colour=common.GREY
    )
    return common.Screen(embed, [])


class TableCommand(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(
        name="table", description="Post your table again at the bottom of this channel"
    )
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction) -> None:
        service = self.bot.service
        old: tuple[int, int] | None = None  # (table, message) to retire once the new one is up

        async def work() -> Reply:
            nonlocal old
            table_id = await service.seated_at(interaction.guild_id, interaction.user.id)
            table = await service.get(table_id) if table_id is not None else None
            if table is None:
                return Reply.text(
                    f"You're not at a table in this server. Start one with {start_hints()}."
                )
            if table.row.channel_id != interaction.channel_id:
                return Reply.text(
                    f"Your table #{table.id} is in <#{table.row.channel_id}>: use `/table` there."
                )
            if table.row.message_id is not None:
                old = (table.id, table.row.message_id)
            return Reply(
                "public", self.bot.games[table.row.game].screen(table), table_message=table
            )

        await answer(interaction, work, public=True)
        if old is None:
            return
        table = await service.get(old[0])
        if table is None or table.row.message_id in (None, old[1]):
            return
        screen = moved_screen(
            table.row.message_id, table.id, table.row.guild_id, table.row.channel_id
        )
        try:
            message = self.bot.get_partial_messageable(table.row.channel_id).get_partial_message(
                old[1]
            )
            await message.edit(**screen.kwargs())
        except discord.HTTPException as err:  # deleted by a moderator, most likely
            log.info("old message of table #%s not retired: %s", table.id, err)


async def setup(bot: Any) -> None:
    await bot.add_cog(TableCommand(bot))
