"""The Devil's Tarok's public picture: every hand as a counted pile of backs, and under each the
card its player put on the trick (between tricks: on the last one), the card taking it raised."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.engines.tarok import ENGINE, Played
from bot.i18n import tr


def _short(name: str, most: int) -> str:
    return drawable(name)[:most].rstrip()  # what the font draws, shortened


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat."""
    seats = range(len(view["hand_sizes"]))
    most = 10 if len(seats) <= 3 else 7  # the names share one label
    who = [
        _short(names[s], most)
        if view["active"][s]
        else tr("tarok-art-left", who=_short(names[s], most))
        for s in seats
    ]
    hands = tuple(Pile(Back(tarot=True) if n else None, n) for n in view["hand_sizes"])
    lines = [Line(" \u00b7 ".join(who), hands)]
    trick, last = view["trick"], False
    if not trick and view["last_trick"]:
        trick, last = view["last_trick"], True
    if trick:
        played = {e["seat"]: e["card"] for e in trick}
        head = tr("tarok-art-last-trick" if last else "tarok-art-trick")
        if not last:  # the card taking it so far
            taker = ENGINE.trick_winner([Played(e["seat"], e["card"]) for e in trick])
        else:
            taker = view["last_winner"]
        cards: tuple[Place, ...] = tuple(played.get(s) for s in seats)
        lines.append(Line(head, cards, frozenset({taker})))
    if view["over"]:
        caption = tr("tarok-art-over")
    else:
        turn = _short(names[view["turn"]], most)
        caption = tr("tarok-art-caption", pile=view["pile"], who=turn)
    return Picture(tuple(lines), caption)
