"""The screen of /help: what Barkeep does and how to begin, on one phone screen."""

from __future__ import annotations

import discord

from bot.ui import common
from bot.ui.common import Screen

BEER = "\U0001f37a"


def help_screen(games: list[tuple[str, str, str]], off: set[str], in_server: bool) -> Screen:
    """``games``: (slash name, title, players) of every game, in menu order (the first is the
    example); ``off``: the names switched off where /help was asked (shown as such);
    ``in_server``: asked in a server (games are played in server channels only)."""
    lines = [
        f"`/{name}` {title} \u00b7 {players}" + (" \u00b7 *off here*" if name in off else "")
        for name, title, players in games
    ]
    start = (
        f"Open a table with `/<game> start` (say `/{games[0][0]} start`): friends press **Join**, "
        "the host presses **Start**. Your cards come to you privately. I keep the bar tab."
    )
    if not in_server:
        start = "Games are played in server channels: " + start[0].lower() + start[1:]
    embed = discord.Embed(title=f"{BEER} Barkeep", description=start, colour=common.GOLD)
    embed.add_field(name="Games", value="\n".join(lines), inline=False)
    embed.add_field(
        name="More",
        value="`/rules` \u00b7 `/table` \u00b7 `/tally` \u00b7 `/history` \u00b7 `/limits` \u00b7 `/settings` (admins)",
        inline=False,
    )
    return Screen(embed)
