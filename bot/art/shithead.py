"""Drunken Shithead's public picture: the draw pile and the pile (its top, counted), then each
player's hand as a counted pile of backs, their face-up cards and their face-down cards."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.engines.cards import ROMAN
from bot.engines.shithead import FOOL_CARD, MAJOR, value_label
from bot.i18n import render, tr

TAROT = Back(tarot=True)
UP = 3  # face-up cards each


def _short(name: str) -> str:
    return drawable(name)[:12].rstrip()  # what the font draws, shortened


def _player(p: dict[str, Any], name: str) -> Line:
    """The hand, the three face-up places (empty once played: the columns stay), the face-down."""
    places: list[Place] = [Pile(TAROT if p["hand"] else None, p["hand"])]
    places += [u["card"] for u in p["up"]] + [None] * (UP - len(p["up"]))
    places.append(Pile(TAROT if p["down"] else None, p["down"]))
    place = p["place"] if p["out"] else 0
    return Line(tr("shithead-art-player", name=name, hand=p["hand"], n=place), tuple(places))


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat."""
    if view["phase"] == "choose":
        return None  # every card still face down, or private while chosen
    centre: list[Place] = [
        Pile(TAROT if view["draw_pile"] else None, view["draw_pile"]),
        Pile(view["pile_top"], view["pile_size"]),
    ]
    if view["turned"] is not None:  # a blind Fool turned, waiting to be named
        centre.append(view["turned"])
    fool = "none"
    if view["pile_top"] == FOOL_CARD:  # what the Fool stands for, short: "as 7", "as XV"
        value = view["pile_value"]
        fool = ROMAN[value - MAJOR] if value >= MAJOR else render(value_label(value))
    label = tr("shithead-art-centre", fool=fool, burned=view["burned"])
    marked = frozenset({2}) if view["turned"] is not None else frozenset()
    lines = [Line(label, tuple(centre), marked)]
    lines += [_player(p, _short(names[p["seat"]])) for p in view["players"] if not p["left"]]
    if view["over"]:
        caption = tr("shithead-art-over")
    else:
        caption = tr("shithead-art-turn", name=_short(names[view["turn"]]))
    return Picture(tuple(lines), caption)
