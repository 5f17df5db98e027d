"""Give & Take's public picture: each player in the ring with their give and take piles (backs,
counted) and their duet turned (their take card, the give card on their right), then the
leftovers turned in a fight."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Pile, Place, drawable


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
        label = f"{_short(names[seat])} \u00b7 give {p['give']} \u00b7 take {p['take']}"
        places: list[Place] = [_pile(p["give"]), _pile(p["take"]), None, None]
        marked: frozenset[int] = frozenset()
        if d is not None:
            label += f" \u00b7 duet {d['difference']}"
            places[2:] = [d["take"], d["give"]]
            marked = frozenset({2, 3}) if seat in tied | {capturer} else marked
        lines.append(Line(label, tuple(places), marked))
    down, turned = view["face_down"], view["leftovers"]
    if turned:  # the leftovers turned face up in a fight (those never turned: counted)
        places = [_pile(down), *turned] if down else turned
        lines.append(Line(f"Leftovers \u00b7 {down + len(turned)}", tuple(places)))
    if view["over"]:
        caption = "Game over"
    elif view["phase"] == "pile":
        caption = f"{_short(names[capturer])} takes {view['capture_size']}"
    elif view["fight"]:
        caption = f"Fight! {view['at_stake']} at stake"
    else:
        caption = f"Turn {view['turn']}" + (
            f" \u00b7 {down} left over" if down and not turned else ""
        )
    return Picture(tuple(lines), caption)
