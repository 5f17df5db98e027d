"""The screen of /help: what Barkeep does and how to begin, on one phone screen, in the asker's
language."""

from __future__ import annotations

import discord

from bot.i18n import command, game_title, t
from bot.ui import common
from bot.ui.common import Screen

BEER = "\U0001f37a"
MORE = ("rules", "table", "tally", "history", "limits")  # the other commands, in this order


def help_screen(lang: str, games: list[tuple[str, str]], off: set[str], in_server: bool) -> Screen:
    """``games``: (slash name, players) of every game, in menu order (the first is the
    example); ``off``: the names switched off where /help was asked (shown as such);
    ``in_server``: asked in a server (games are played in server channels only)."""
    lines = [
        f"`{command(lang, name)}` {game_title(lang, name)} \u00b7 {players}"
        + (f" \u00b7 *{t(lang, 'help-off-here')}*" if name in off else "")
        for name, players in games
    ]
    start = t(
        lang,
        "help-start" if in_server else "help-start-no-server",
        example=command(lang, f"{games[0][0]} start"),
    )
    embed = discord.Embed(title=f"{BEER} Barkeep", description=start, colour=common.GOLD)
    embed.add_field(name=t(lang, "help-games"), value="\n".join(lines), inline=False)
    more = [f"`{command(lang, name)}`" for name in MORE]
    more.append(t(lang, "help-admins", settings=command(lang, "settings")))
    embed.add_field(name=t(lang, "help-more"), value=" \u00b7 ".join(more), inline=False)
    return Screen(embed)
