"""Drunken Shithead's public picture: the draw pile and the pile (its top, counted), then each
player's hand as a counted pile of backs, their face-up cards and their face-down cards."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.engines.cards import ROMAN
from bot.engines.shithead import FOOL_CARD, MAJOR, value_label

TAROT = Back(tarot=True)
UP = 3  # face-up cards each


def _short(name: str) -> str:
    return drawable(name)[:12].rstrip()  # what the font draws, shortened


def _player(p: dict[str, Any], name: str) -> Line:
    """The hand, the three face-up places (empty once played: the columns stay), the face-down."""
    places: list[Place] = [Pile(TAROT if p["hand"] else None, p["hand"])]
    places += [u["card"] for u in p["up"]] + [None] * (UP - len(p["up"]))
    places.append(Pile(TAROT if p["down"] else None, p["down"]))
    place = f" \u00b7 out, {p['place']}{_th(p['place'])}" if p["out"] else ""
    return Line(f"{name} \u00b7 {p['hand']} in hand{place}", tuple(places))


def _th(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")


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
    label = "Draw \u00b7 pile"
    if view["pile_top"] == FOOL_CARD:  # what the Fool stands for, short: "as 7", "as XV"
        value = view["pile_value"]
        label += f" \u00b7 Fool as {ROMAN[value - MAJOR] if value >= MAJOR else value_label(value)}"
    if view["burned"]:
        label += f" \u00b7 {view['burned']} burned"
    marked = frozenset({2}) if view["turned"] is not None else frozenset()
    lines = [Line(label, tuple(centre), marked)]
    lines += [_player(p, _short(names[p["seat"]])) for p in view["players"] if not p["left"]]
    if view["over"]:
        caption = "Game over"
    else:
        caption = f"{_short(names[view['turn']])} to play"
    return Picture(tuple(lines), caption)
