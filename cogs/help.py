"""/help: what Barkeep does, the games it deals and how to begin (only the asker sees it).

Built from the registered games (a new game shows up by itself), each marked if the server's
settings switched it off where /help was asked.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import safety
from bot.answer import Reply, answer
from bot.games import GAMES
from bot.i18n import language_of
from bot.ui.help import help_screen


class Help(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play: the games and the commands")
    async def help(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            off: set[str] = set()
            guild_id = interaction.guild_id
            if guild_id is not None:
                channel = interaction.channel
                parent = channel.parent_id if isinstance(channel, discord.Thread) else None
                rules = await self.bot.party.game_rules(guild_id)
                for name in GAMES:
                    pairs = [(r.channel_id, r.enabled) for r in rules if r.game == name]
                    if not safety.game_allowed(pairs, interaction.channel_id or 0, parent):
                        off.add(name)
            games = [(g.name, g.players) for g in GAMES.values()]
            own = language_of(interaction.locale)  # a private answer: the asker's language
            return Reply("private", help_screen(own, games, off, guild_id is not None))

        await answer(interaction, work)


async def setup(bot: Any) -> None:
    await bot.add_cog(Help(bot))
