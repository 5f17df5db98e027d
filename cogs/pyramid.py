"""/pyramid: the memory game."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engines.pyramid import ENGINE
from bot.gamecog import STALE, GameCog, Reply
from bot.tables import Change, TableError
from bot.ui import pyramid as pyramid_ui
from bot.ui.components import Ref


def _int(text: str | None) -> int:
    if text is None or not text.isdigit():
        raise TableError(STALE)
    return int(text)


@app_commands.guild_only()
class Pyramid(
    GameCog,
    commands.GroupCog,
    group_name="pyramid",
    group_description="Pyramid: remember your cards, give sips",
):
    engine = ENGINE
    ui = pyramid_ui

    def action_for(self, ref: Ref, values: list[str] | None) -> dict[str, Any]:
        verb, arg = ref.verb, ref.arg
        if verb in ("peek", "pass", "answer", "refuse"):
            return {"type": verb}
        if verb == "lay":
            return {"type": "lay", "slot": _int(arg)}
        if verb == "laymany" and values:
            return {"type": "lay", "slots": [_int(v) for v in values]}
        if verb == "explore":
            return {"type": "explore", "pos": _int(arg)}
        if verb == "give":
            to, _, sips = (arg or "").partition(".")
            return {"type": "give", "to": _int(to), "sips": _int(sips)}
        if verb == "giveall" and values:
            return {"type": "give", "to": _int(values[0])}
        if verb == "ask" and values:
            return {"type": "ask", "seat": _int(arg), "card": _int(values[0])}
        raise TableError(STALE)

    def reply_for(
        self, change: Change, clicked_public: bool, user_id: int, action: dict[str, Any]
    ) -> Reply:
        table = change.table
        seat = table.seat_of(user_id)
        if seat is not None and table.status == "playing":
            giving = any(g["giver"] == seat for g in table.engine.view(table.state, None)["gives"])
            # the look, and the sips to give after a right card, are for the player's eyes only
            if action.get("type") == "peek" or (
                action.get("type") == "lay" and giving and clicked_public
            ):
                return Reply("private", self.private(table, seat), remember_view=(table, user_id))
        return super().reply_for(change, clicked_public, user_id, action)

    @app_commands.command(name="start", description="Open a Pyramid table in this channel")
    @app_commands.describe(
        claim_seconds="Seconds to lay a card on each turned card (10-60, default 20)",
        convo="Convo mode: matched sips go to one player, who answers a question or drinks double",
        look_seconds="Seconds everyone has to take their one look (30-300, default 60)",
    )
    async def start(
        self,
        interaction: discord.Interaction,
        claim_seconds: app_commands.Range[int, 10, 60] = 20,
        convo: bool = False,
        look_seconds: app_commands.Range[int, 30, 300] = 60,
    ) -> None:
        await self.open_table(
            interaction,
            {"claim_seconds": claim_seconds, "convo": convo, "look_seconds": look_seconds},
        )


async def setup(bot: Any) -> None:
    await bot.add_cog(Pyramid(bot))
