"""One cog per registered game (bot/engines/<game>.py), built from its declaration.

A game needs no cog file of its own: its engine declares the slash command's options and the
verbs its buttons send, and bot/gamecog.py turns them into ``/<game> start`` and click routing.
"""

from __future__ import annotations

from typing import Any

from bot.gamecog import GAMES, setup_game


async def setup(bot: Any) -> None:
    for name in GAMES:
        await setup_game(bot, name)
