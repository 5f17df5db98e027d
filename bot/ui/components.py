"""Persistent components: one DynamicItem class for buttons and one for selects.

Their custom ids carry the game, the table and the verb, so a click on a message sent before
a restart still finds its table. Clicks are routed to the game's cog.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.common import CUSTOM_ID, STYLES, Button, Select


class Ref:
    """A parsed custom id."""

    __slots__ = ("game", "table_id", "verb", "arg")

    def __init__(self, game: str, table_id: int, verb: str, arg: str | None) -> None:
        self.game, self.table_id, self.verb, self.arg = game, table_id, verb, arg

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Ref:
        return cls(match["game"], int(match["table"]), match["verb"], match["arg"])


async def _route(interaction: discord.Interaction[Any], ref: Ref, values: list[str] | None) -> None:
    router = getattr(interaction.client, "route_component", None)
    if router is not None:
        await router(interaction, ref, values)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID):
    def __init__(self, spec: Button, row_index: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                custom_id=spec.custom_id,
                style=STYLES[spec.style],
                disabled=spec.disabled,
                emoji=spec.emoji,
                row=row_index,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        self = cls(Button(label="?", custom_id=match.string))
        self.ref = Ref.from_match(match)
        return self

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _route(interaction, self.ref, None)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=CUSTOM_ID):
    def __init__(self, spec: Select, row_index: int | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=spec.custom_id,
                placeholder=spec.placeholder or None,
                min_values=spec.min_values,
                max_values=spec.max_values,
                options=[
                    discord.SelectOption(label=o.label, value=o.value, description=o.description)
                    for o in spec.options
                ],
                row=row_index,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameSelect:
        spec = Select(custom_id=match.string, options=())
        self = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(self, discord.ui.Select(custom_id=spec.custom_id))
        self.ref = Ref.from_match(match)
        return self

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await _route(interaction, self.ref, values)
