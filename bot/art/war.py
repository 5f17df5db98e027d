"""Double-or-Nothing War's public picture: each player's pile with the card they turned and
their save-throw card, the winning cards raised."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.engines.cards import Card
from bot.i18n import tr


def _short(name: str) -> str:
    return drawable(name)[:12].rstrip()  # what the font draws, shortened


def _winner(cards: list[Card], save: bool) -> int | None:
    """The seat whose card wins (spades trump on a save throw), None on equal ranks."""
    a, b = cards
    if a.rank == b.rank:
        return None
    if save and (a.suit == "S") != (b.suit == "S"):
        return 0 if a.suit == "S" else 1
    return 0 if a.rank > b.rank else 1


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat, in the
    language being drawn (bot.i18n.speaking)."""
    turned = [t["card"] for t in view["turned"]]
    save = [t["card"] for t in view["save"]]
    if not turned:
        return None  # before the first flip: two face-down piles
    won = _winner(turned, save=False)
    saved = _winner(save, save=True) if save else None
    lines = []
    for seat in (0, 1):
        left = view["piles"][seat]
        places: list[Place] = [Pile(Back() if left else None, left), turned[seat]]
        marked = {1} if won == seat else set()
        if save:
            places.append(save[seat])
            marked |= {2} if saved == seat else set()
        label = tr("war-art-seat", who=_short(names[seat]), n=view["sips"][seat])
        lines.append(Line(label, tuple(places), frozenset(marked)))
    caption = tr("war-art-caption", n=view["turned_hand"], save="yes" if save else "no")
    return Picture(tuple(lines), caption)
