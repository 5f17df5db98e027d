"""One cog per registered game (bot/engines/<game>.py), built from its declaration.

A game needs no cog file of its own: its engine declares the slash command's options and the
verbs its buttons send, and bot/gamecog.py turns them into ``/<game> start`` and click routing;
bot/games.py holds each game's declaration (engine, UI module, rules text).
"""

from __future__ import annotations

from typing import Any

from bot.gamecog import setup_game
from bot.games import GAMES


async def setup(bot: Any) -> None:
    for name in GAMES:
        await setup_game(bot, name)
