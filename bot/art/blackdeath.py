"""Black Death's public picture: every hand as a fan of backs (the loser's lone Death face up,
as the rules make it known), the last pair thrown, and, with many players, the hands of those
not offering or taking as counted piles, five to a line."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.engines.cards import DEATH, major
from bot.i18n import tr

TAROT = Back(tarot=True)
FULL = 6  # hands with cards up to this: a line each
ROW = 5  # counted piles to a line beyond it


def _short(name: str) -> str:
    return drawable(name)[:10].rstrip()  # what the font draws, shortened


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat."""
    loser, offerer, taker = view["loser"], view["offerer"], view["taker"]
    holders = [s["seat"] for s in view["seats"] if s["cards"]]
    cards = {s["seat"]: s["cards"] for s in view["seats"]}
    lines = []
    if view["discarded"]:
        last = view["discarded"][-1]
        label = tr("blackdeath-art-last-pair", who=_short(names[last["seat"]]))
        lines.append(Line(label, tuple(last["cards"])))
    full = holders if len(holders) <= FULL else [s for s in holders if s in (offerer, taker)]
    for seat in full:
        fan: tuple[Place, ...] = (TAROT,) * cards[seat]
        name = _short(names[seat])  # short labels: a fan of one card is a narrow line
        role = "offers" if seat == offerer else "takes" if seat == taker else "holds"
        label = tr("blackdeath-art-hand", who=name, n=cards[seat], role=role)
        if seat == loser and cards[seat] == 1:  # Death, known to all (the caption says so)
            fan, label = (major(DEATH),), name
        lines.append(Line(label, fan))
    rest = [s for s in holders if s not in full]
    for i in range(0, len(rest), ROW):
        row = rest[i : i + ROW]
        label = ", ".join(_short(names[s]) for s in row)
        lines.append(Line(label, tuple(Pile(TAROT, cards[s]) for s in row)))
    if not lines:
        return None
    if view["over"]:
        caption = tr("blackdeath-art-over")
    elif view["phase"] == "take" and offerer is not None and taker is not None:
        who, offers = _short(names[taker]), _short(names[offerer])
        caption = tr("blackdeath-art-takes", who=who, offerer=offers)
    elif loser is not None:
        caption = tr("blackdeath-art-death", who=_short(names[loser]))
    else:
        caption = ""
    return Picture(tuple(lines), caption)
