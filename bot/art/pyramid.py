"""Pyramid's public picture: the pyramid top row first, face-down cards as backs and the card
just turned raised; while someone explores, the explorer's fresh pyramid instead. Its words are
the catalog's, in the language of the screen being drawn (bot/i18n)."""

from __future__ import annotations

from typing import Any

from bot.art.picture import Back, Line, Picture, Place, drawable
from bot.i18n import tr


def _short(name: str) -> str:
    return drawable(name)[:12].rstrip()  # what the font draws, shortened


def _line(row: dict[str, Any], places: list[Place], marked: frozenset[int], now: bool) -> Line:
    key = "pyramid-art-row-now" if now else "pyramid-art-row"
    return Line(tr(key, row=row["row"], n=row["value"]), tuple(places), marked)


def picture(view: dict[str, Any], names: list[str]) -> Picture | None:
    """The table's public picture, from the engine's public view and the names by seat."""
    ex = view.get("explore")
    lines: list[Line] = []
    if ex is not None:  # the explorer's pyramid: turned cards by position, the rest face down
        for n, row in reversed(list(enumerate(ex["rows"]))):
            cells: dict[int, Place] = {p: Back() for p in row["face_down"]}
            cells.update({t["pos"]: t["card"] for t in row["turned"]})
            places = [cells[p] for p in sorted(cells)]
            lines.append(_line(row, places, frozenset(), n == ex["row_number"]))
        return Picture(tuple(lines), tr("pyramid-art-explores", who=_short(names[ex["explorer"]])))
    for row in reversed(view["rows"]):
        places = [Back() if c["face_down"] else c["card"] for c in row["cards"]]
        marked = frozenset(i for i, c in enumerate(row["cards"]) if c["index"] == view["index"])
        lines.append(_line(row, places, marked, False))
    turned = sum(1 for r in view["rows"] for c in r["cards"] if not c["face_down"])
    caption = tr("pyramid-art-card", n=turned) if turned else tr("pyramid-art-look")
    return Picture(tuple(lines), tr("pyramid-art-over") if view["phase"] == "over" else caption)
