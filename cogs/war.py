"""/war: Double-or-Nothing War."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engines.war import ENGINE
from bot.gamecog import STALE, GameCog
from bot.tables import TableError
from bot.ui import war as war_ui
from bot.ui.components import Ref


@app_commands.guild_only()
class War(
    GameCog, commands.GroupCog, group_name="war", group_description="Double-or-Nothing War, for two"
):
    engine = ENGINE
    ui = war_ui

    def action_for(self, ref: Ref, values: list[str] | None) -> dict[str, Any]:
        if ref.verb in ("flip", "drink", "double"):
            return {"type": ref.verb}
        raise TableError(STALE)

    @app_commands.command(name="start", description="Open a War table in this channel")
    @app_commands.describe(
        social_sips="Sips each player drinks on a tie (1-5, default 1)",
        choice_seconds="Seconds the loser has to choose (10-120, default 30)",
    )
    async def start(
        self,
        interaction: discord.Interaction,
        social_sips: app_commands.Range[int, 1, 5] = 1,
        choice_seconds: app_commands.Range[int, 10, 120] = 30,
    ) -> None:
        await self.open_table(
            interaction, {"social_sips": social_sips, "choice_seconds": choice_seconds}
        )


async def setup(bot: Any) -> None:
    await bot.add_cog(War(bot))
