"""Persistent components: one DynamicItem for every Barkeep button and select.

Custom ids carry the game, the table and the verb, so a click on a message sent before a
restart still finds its table. discord.py keys dynamic items by their template, so one class
serves buttons and selects alike: it wraps whichever component was clicked.
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


def build(spec: Button | Select, row: int) -> discord.ui.Item[Any]:
    if isinstance(spec, Select):
        return discord.ui.Select(
            custom_id=spec.custom_id,
            placeholder=spec.placeholder or None,
            min_values=spec.min_values,
            max_values=spec.max_values,
            options=[
                discord.SelectOption(label=o.label, value=o.value, description=o.description)
                for o in spec.options
            ],
            row=row,
        )
    return discord.ui.Button(
        label=spec.label,
        custom_id=spec.custom_id,
        style=STYLES[spec.style],
        disabled=spec.disabled,
        emoji=spec.emoji,
        row=row,
    )


class GameItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=CUSTOM_ID):
    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)  # type: ignore[arg-type]
        match = re.fullmatch(CUSTOM_ID, item.custom_id)  # type: ignore[attr-defined]
        assert match is not None
        self.ref = Ref.from_match(match)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameItem:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = None
        if isinstance(self.item, discord.ui.Select):
            values = list(self.item.values)
        router = getattr(interaction.client, "route_component", None)
        if router is not None:
            await router(interaction, self.ref, values)
