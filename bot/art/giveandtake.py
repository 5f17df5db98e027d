"""Give & Take's public picture: each player in the ring with their give and take piles (backs,
counted) and their duet turned (their take card, the give card on their right), then the
leftovers turned in a fight."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable
from bot.i18n import tr


def _short(name: str) -> str:
    return drawable(name)[:12].rstrip()  # what the font draws, shortened


def _pile(n: int) -> Pile:
    return Pile(Back() if n else None, n)


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat."""
    if not view["turn"]:
        return None  # before the first flip: nothing turned yet
    duets = {d["seat"]: d for d in view["duets"]}
    capturer = view["capturer"]
    tied = set(view["lowest"]) if view["fight"] else set()
    lines = []
    for seat in sorted(set(view["ring"]) | set(duets)):  # at the end, the last flip's too
        p, d = view["players"][seat], duets.get(seat)
        label = tr("giveandtake-piles", who=_short(names[seat]), give=p["give"], take=p["take"])
        places: list[Place] = [_pile(p["give"]), _pile(p["take"]), None, None]
        marked: frozenset[int] = frozenset()
        if d is not None:
            label = tr("giveandtake-art-duet", piles=label, difference=d["difference"])
            places[2:] = [d["take"], d["give"]]
            marked = frozenset({2, 3}) if seat in tied | {capturer} else marked
        lines.append(Line(label, tuple(places), marked))
    down, turned = view["face_down"], view["leftovers"]
    if turned:  # the leftovers turned face up in a fight (those never turned: counted)
        places = [_pile(down), *turned] if down else turned
        lines.append(Line(tr("giveandtake-art-leftovers", n=down + len(turned)), tuple(places)))
    if view["over"]:
        caption = tr("giveandtake-art-over")
    elif view["phase"] == "pile":
        caption = tr("giveandtake-art-takes", who=_short(names[capturer]), n=view["capture_size"])
    elif view["fight"]:
        caption = tr("giveandtake-art-fight", n=view["at_stake"])
    else:
        left_over = down if down and not turned else 0
        caption = tr("giveandtake-art-turn", turn=view["turn"], down=left_over)
    return Picture(tuple(lines), caption)
