"""Spit's public picture: each player's layout beside their deck (backs of their own deck,
counted), and the two centre piles between them, the one last played on raised."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.i18n import tr


def _short(name: str) -> str:
    return drawable(name)[:12].rstrip()  # what the font draws, shortened


def _seat(view: dict[str, Any], names: list[str], seat: int) -> Line:
    s = view["seats"][seat]
    places: list[Place] = [*s["layout"], Pile(Back(deck=seat) if s["deck"] else None, s["deck"])]
    return Line(tr("spit-art-seat", who=_short(names[seat]), n=s["cards"]), tuple(places))


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat, in the
    language being drawn (bot.i18n.speaking)."""
    centre = tuple(Pile(c["top"], c["cards"]) for c in view["centre"])
    last = frozenset({view["recent"][-1]["centre"]}) if view["recent"] else frozenset()
    lines = (
        _seat(view, names, 0),
        Line(tr("spit-art-centre"), centre, last),
        _seat(view, names, 1),
    )
    if view["over"]:
        phase = "over"
    elif view["phase"] == "spit":
        phase = "spit" if view["spits"] else "start"
    else:
        phase = "play"
    return Picture(lines, tr("spit-art-caption", phase=phase))
