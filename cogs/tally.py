"""/tally (the leaderboard from the drink ledger) and /rules."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answer import Reply, answer
from bot.burst import Burst
from bot.games import GAMES, start_hints
from bot.i18n import ENGLISH, language_of, t
from bot.ui import common, tally
from bot.ui.common import Screen

# the commands' English; other languages' are the catalogs' choice-<value> (bot/i18n/commands.py)
PERIOD_CHOICES = [
    app_commands.Choice(name=t(ENGLISH, f"tally-period-{p}"), value=p) for p in tally.PERIODS
]
SORT_CHOICES = [
    app_commands.Choice(name=t(ENGLISH, f"tally-sort-{s}"), value=s) for s in tally.SORTS
]
GAME_CHOICES = [app_commands.Choice(name=g.title, value=name) for name, g in GAMES.items()]

BOARD_EVERY = 60.0  # seconds: the same board is posted in a channel at most this often


class Tally(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._boards = Burst(1, BOARD_EVERY)  # (channel, period, order) of boards posted

    @app_commands.command(name="tally", description="The bar tab: who drank what in this server")
    @app_commands.describe(
        period="Which drinks to count (default: tonight)",
        user="One player's breakdown by game (just for you, unless it's you)",
        sort="Order the board by sips, wins or games (default: sips; wins if nobody drank)",
    )
    @app_commands.choices(period=PERIOD_CHOICES, sort=SORT_CHOICES)
    @app_commands.guild_only()
    async def tally(
        self,
        interaction: discord.Interaction,
        period: app_commands.Choice[str] | None = None,
        user: discord.User | None = None,
        sort: app_commands.Choice[str] | None = None,
    ) -> None:
        key = period.value if period else "tonight"
        order = sort.value if sort else "sips"
        # Someone else's breakdown is answered privately: asking about a player is not posting
        # their drinking for the channel to read. The board and your own breakdown are public.
        public = user is None or user.id == interaction.user.id

        async def work() -> Reply:
            seconds = tally.PERIODS[key]
            since = self.bot.service.clock.now() - seconds if seconds else 0.0
            guild_id = interaction.guild_id
            guild = interaction.guild
            # a public board speaks the server's language; a private answer, the asker's
            lang = self.bot.party.language(guild_id, guild and guild.preferred_locale)
            own = language_of(interaction.locale)
            async with self.bot.store.reading() as q:
                if user is not None:
                    rows = await q.player_breakdown(guild_id, user.id, since)
                    name = common.player_name(user)
                    screen = Screen(tally.breakdown(lang if public else own, rows, name, key))
                    return Reply("public" if public else "private", screen)
                board_order = order
                rows = await q.leaderboard(guild_id, since, order)
                if sort is None and rows and tally.nobody_drank(rows):
                    board_order = "wins"  # else everyone would be first, with 0 sips
                    rows = await q.leaderboard(guild_id, since, board_order)
                names = await q.names(guild_id, [r["user_id"] for r in rows])
            guild_name = guild.name if guild else None
            board = tally.leaderboard(
                lang, rows, names, key, guild_name, start_hints(lang), board_order
            )
            now = self.bot.service.clock.now()
            asked = (interaction.channel_id, key, board_order)
            if self._boards.next_at(asked, now) is not None:
                # the same board is on screen a moment up the channel: a burst of /tally
                # would flood it
                again = tally.leaderboard(
                    own, rows, names, key, guild_name, start_hints(own), board_order
                )
                return Reply("private", Screen(again, content=t(own, "tally-just-posted")))
            self._boards.add(asked, now)
            return Reply("public", Screen(board))

        await answer(interaction, work, public=public)

    @app_commands.command(name="rules", description="A game's rules, just for you")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        cog = self.bot.games.get(game.value)
        own = language_of(interaction.locale)  # a private answer: the asker's language

        async def work() -> Reply:
            if cog is None:
                known = ", ".join(sorted(self.bot.games))
                return Reply.text(t(own, "rules-unknown-game", game=repr(game.value), known=known))
            full = cog.game_spec.rules_in(own)[0]
            return Reply("private", Screen(common.rules_embed(own, game.value, full)))

        await answer(interaction, work)


async def setup(bot: Any) -> None:
    await bot.add_cog(Tally(bot))
