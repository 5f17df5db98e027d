"""Which picture a table shows: its game's art module (``bot/art/<game>.py``) drawn from the
table's public view, where the server has pictures on, in the server's language (the table's)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any, NamedTuple

from bot.art.looks import LOOKS
from bot.art.picture import Picture
from bot.i18n import SPEAKERS, speaking
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


class Wanted(NamedTuple):
    """The picture a table's message is to show: its key, the picture, in which colours."""

    key: str
    picture: Picture
    four_colour: bool


def picture_of(game: str, view: Any, names: Mapping[int, str], players: int) -> Picture | None:
    """A game's public picture from its public view, the players named by seat (a seat
    without a name: "Player N"); ``None`` for a game without art, or nothing to picture."""
    art = art_of(game)
    if art is None:
        return None
    seats = [names.get(s, f"Player {s + 1}") for s in range(players)]
    picture: Picture | None = art.picture(view, seats)
    return picture


def table_picture(table: Table) -> Wanted | None:
    """The table's public picture now, or ``None``: no game dealt yet, a game without art, or
    pictures off in the table's server (``/settings images``)."""
    if table.state is None or not LOOKS.images(table.row.guild_id):
        return None
    names = {s.seat: s.name for s in table.seats if s.seat is not None}
    with speaking(SPEAKERS.table(table.row.guild_id)):  # public: the server's language
        picture = picture_of(table.row.game, table.view(), names, table.engine.players(table.state))
    if picture is None:
        return None
    four = LOOKS.four_colour(table.row.guild_id)
    return Wanted(picture.key(four), picture, four)
