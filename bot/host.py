"""What the game cogs and their answers use of the bot, as a type.

``bot.app`` builds the bot (:class:`bot.app.Barkeep`) from the cogs, so the cogs' modules
cannot import it back, not even for their annotations, without an import cycle: they name
:class:`Host` instead, which ``Barkeep`` fits (``bot.app`` says so to mypy). Annotations only:
nothing here runs.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.burst import Burst
from bot.party import Party
from bot.render import Renderer
from bot.store import Store
from bot.tables import TableService


class Host(Protocol):
    store: Store
    service: TableService
    renderer: Renderer
    party: Party
    openings: Burst  # tables each person opened lately (/<game> start)

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    async def add_cog(self, cog: commands.Cog, /) -> None: ...

    def begin_answer(self, interaction_id: int) -> bool:
        """The current task answers this interaction (False: another task already does)."""
        ...

    def end_answer(self, interaction_id: int) -> None: ...
