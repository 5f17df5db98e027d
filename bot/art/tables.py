"""Which picture a table shows: its game's art module (``bot/art/<game>.py``) drawn from the
table's public view, where the server has pictures on."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from bot.art.looks import LOOKS
from bot.art.picture import Picture
from bot.tables import Table


@cache
def art_of(game: str) -> ModuleType | None:
    """The game's art module, or ``None`` for a game that has none (it shows text only)."""
    try:
        return importlib.import_module(f"bot.art.{game}")
    except ModuleNotFoundError as err:
        if err.name != f"bot.art.{game}":
            raise
        return None


def table_picture(table: Table) -> tuple[str, Picture] | None:
    """The table's public picture now and its key, or ``None``: no game dealt yet, a game
    without art, or pictures off in the table's server (``/settings images``)."""
    art = art_of(table.row.game)
    if art is None or table.state is None or not LOOKS.images(table.row.guild_id):
        return None
    names = table.names()
    seats = [
        names.get(f"p{s}", f"Player {s + 1}") for s in range(table.engine.players(table.state))
    ]
    picture: Picture | None = art.picture(table.view(), seats)
    if picture is None:
        return None
    return picture.key(LOOKS.four_colour(table.row.guild_id)), picture
