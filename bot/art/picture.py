"""A table's public picture: what it shows, as plain data, and the PNG drawn from it.

A game's art module (``bot/art/<game>.py``) turns the table's *public* view into a
:class:`Picture`: lines of card places, each a face, a back, a pile or an empty place, with a short
label. The picture is data first so that it can be compared (:meth:`Picture.key`: an unchanged
picture is never drawn or uploaded again) and checked (:meth:`Picture.faces` lists every face it
shows, which the tests hold against the engine's ``hidden()``). :func:`render` draws it with
Pillow; it runs in a worker thread, never on the event loop.

Decisions: names are drawn in the one font the project ships, so a character it lacks is left out
(the embed above the picture names everyone in full); a line too wide for the picture fans its
cards (they overlap) rather than wrap, so a hand keeps its order on one line.
"""

from __future__ import annotations

import hashlib
import io
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.engines.base import AnyCard
from bot.engines.cards import Card, TarotCard

FOUR = "-4"  # a key's ending for the picture drawn in the four-colour deck


@dataclass(frozen=True)
class Back:
    """A card shown face down: ``deck`` 1 is Spit's second deck; ``tarot`` the tarot back."""

    deck: int = 0
    tarot: bool = False


@dataclass(frozen=True)
class Pile:
    """A stack: its top (a face, a back, or ``None`` when empty) and how many cards it holds."""

    top: AnyCard | Back | None
    count: int


Place = AnyCard | Back | Pile | None  # ``None``: an empty place, drawn as an outline


@dataclass(frozen=True)
class Line:
    """One row of the picture: a label above ``places``; ``marked`` are the indices drawn raised
    with a gold edge (the card just played, the trick's winner...)."""

    label: str
    places: tuple[Place, ...]
    marked: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Picture:
    """The whole public picture of a table, top to bottom."""

    lines: tuple[Line, ...]
    caption: str = ""  # under the lines, small (whose turn it is, a count)
    _key: list[str] = field(default_factory=list, compare=False, repr=False)

    def faces(self) -> list[AnyCard]:
        """Every card the picture shows face up."""
        out: list[AnyCard] = []
        for line in self.lines:
            for place in line.places:
                top = place.top if isinstance(place, Pile) else place
                if isinstance(top, Card | TarotCard):
                    out.append(top)
        return out

    def key(self, four_colour: bool = False) -> str:
        """A short hash of what the picture shows (and how): equal keys, equal PNGs."""
        if not self._key:
            text = repr((self.lines, self.caption))
            self._key.append(hashlib.sha256(text.encode()).hexdigest()[:20])
        return f"{self._key[0]}{FOUR if four_colour else ''}"


# -- drawing ------------------------------------------------------------------------------------

FELT = (28, 92, 58, 255)
FELT_DARK = (20, 70, 44, 255)
INK = (240, 236, 222, 255)
GOLD = (232, 186, 64, 255)
MAX_WIDTH = 720  # pixels: wide enough for seven cards side by side, narrow for a phone
PAD = 12
GAP = 8
LABEL = 15  # font size of a line's label
RAISE = 6  # how far a marked card is drawn raised


FONT = Path(__file__).resolve().parent / "fonts" / "Aileron-Regular.otf"


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT), size)


def drawable(text: str, limit: int = 48) -> str:
    """``text`` as the font can draw it: accents taken off ("Zoë" -> "Zoe"), what it has no
    letter for left out (emoji, scripts but Latin), Discord's Markdown escapes undone;
    shortened to ``limit`` characters."""
    text = unicodedata.normalize("NFKD", text.replace("\\", "").replace("\u00df", "ss"))
    kept = "".join(ch for ch in text if (" " <= ch < "\x7f") or ch in KEPT)
    kept = " ".join(kept.split())
    return kept if len(kept) <= limit else kept[: limit - 1].rstrip() + "\u2026"


KEPT = "\u00b7\u2026"  # the middle dot and the ellipsis: the font has them


def _image(place: Place, four_colour: bool, scale: float) -> Image.Image | None:
    from bot.art import cards

    top = place.top if isinstance(place, Pile) else place
    if top is None:
        return None
    if isinstance(top, Back):
        return cards.back(deck=top.deck, tarot=top.tarot, scale=scale)
    return cards.face(top, four_colour=four_colour, scale=scale)


def _line_width(n: int, card_w: int, step: int) -> int:
    return 0 if n == 0 else card_w + step * (n - 1)


def card_scale(lines: int) -> float:
    """How big the cards are drawn: smaller in a tall picture (a phone shows it whole)."""
    return 1.0 if lines <= 4 else 0.8


def render(picture: Picture, *, four_colour: bool = False) -> bytes:
    """The picture as a PNG (felt background, each line's label over its cards), in at most
    256 colours (cards are flat colours: a third of the bytes, and quicker to write)."""
    from bot.art.cards import CARD_H, CARD_W

    scale = card_scale(len(picture.lines))
    card_w, card_h = round(CARD_W * scale), round(CARD_H * scale)
    label_font = _font(LABEL)
    count_font = _font(13)
    widest = max((len(line.places) for line in picture.lines), default=0)
    full = _line_width(widest, card_w, card_w + GAP) + 2 * PAD
    width = max(min(full, MAX_WIDTH), 240)
    room = width - 2 * PAD
    line_h = LABEL + 6 + RAISE + card_h + GAP
    caption_h = LABEL + 8 if picture.caption else 0
    height = PAD + line_h * len(picture.lines) + caption_h + PAD - GAP
    img = Image.new("RGBA", (width, max(height, card_h + 2 * PAD)), FELT)
    draw = ImageDraw.Draw(img)
    y = PAD
    for line in picture.lines:
        n = len(line.places)
        step = card_w + GAP
        if n > 1 and _line_width(n, card_w, step) > room:
            step = max(12, (room - card_w) // (n - 1))  # fanned: the cards overlap
        x = PAD + (room - _line_width(n, card_w, step)) // 2
        if line.label:
            draw.text((x, y), drawable(line.label), font=label_font, fill=INK)
        top = y + LABEL + 6 + RAISE
        for i, place in enumerate(line.places):
            cy = top - RAISE if i in line.marked else top
            face = _image(place, four_colour, scale)
            if face is None:
                draw.rounded_rectangle(
                    (x, cy, x + card_w - 1, cy + card_h - 1), radius=7, outline=FELT_DARK, width=2
                )
            else:
                img.alpha_composite(face, (x, cy))
            if i in line.marked:
                draw.rounded_rectangle(
                    (x - 2, cy - 2, x + card_w + 1, cy + card_h + 1),
                    radius=8,
                    outline=GOLD,
                    width=3,
                )
            if isinstance(place, Pile):
                text = str(place.count)
                box = draw.textbbox((0, 0), text, font=count_font)
                w, h = box[2] - box[0] + 8, box[3] - box[1] + 6
                bx, by = x + card_w - w - 3, cy + card_h - h - 3
                draw.rounded_rectangle((bx, by, bx + w, by + h), radius=5, fill=(0, 0, 0, 200))
                draw.text((bx + 4, by + 2 - box[1]), text, font=count_font, fill=INK)
            x += step
        y += line_h
    if picture.caption:
        draw.text((PAD, y), drawable(picture.caption, 80), font=label_font, fill=INK)
    out = io.BytesIO()
    flat = img.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    flat.save(out, format="PNG", compress_level=6)
    return out.getvalue()
