"""Pictures of single cards: the faces of French and Alcohol Tarot cards, the backs, and the same
as 128 px PNGs for Discord application emoji. Everything is drawn here, with Pillow.

Decisions: a card is 72 x 100 px at scale 1 (ratio 0.72), drawn at 3x and shrunk with LANCZOS
for smooth edges. Suits and drinks are shapes made of polygons (the font has no suit glyphs);
the only font is the shipped Aileron Regular (bot/art/fonts). Faces keep it simple so they read
small: a big index (rank over suit) top left and, turned, bottom right, one large pip or drink
in the middle (courts: a framed letter over it); the four-colour deck changes only diamonds
(blue) and clubs (green). Tarot minors are cream with a frame in the suit's colour; Majors are
purple and gold with the numeral big and the name small. Drawn pictures are cached per card,
colours and scale: callers paste them and must not change them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from bot.engines.cards import (
    COURT_SHORT,
    MAJOR_NAMES,
    ROMAN,
    Card,
    Suit,
    TarotCard,
    french_deck,
    tarot_deck,
)

CARD_W, CARD_H = 72, 100  # a card's size in pixels at scale 1
EMOJI_SIZE = 128  # Discord shows application emoji from a 128 px square
SS = 3  # drawn this many times larger, then shrunk: the anti-aliasing

FONT_PATH = Path(__file__).parent / "fonts" / "Aileron-Regular.otf"

RGBA = tuple[int, int, int, int]
Pt = tuple[float, float]

# -- colours ----------------------------------------------------------------------------------

WHITE: RGBA = (255, 255, 255, 255)
CREAM: RGBA = (251, 246, 232, 255)
EDGE: RGBA = (150, 150, 150, 255)  # the card's thin grey border
RED: RGBA = (204, 20, 40, 255)
BLACK: RGBA = (28, 28, 32, 255)
BLUE: RGBA = (22, 88, 196, 255)
GREEN: RGBA = (22, 130, 58, 255)

STANDARD = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}
FOUR_COLOUR = {"C": GREEN, "D": BLUE, "H": RED, "S": BLACK}

# Tarot minors: ``ink`` (rank, outlines, frame), and the drink's colours.
TAROT_INK: dict[Suit, RGBA] = {
    Suit.BEERS: (122, 62, 18, 255),  # brown ale
    Suit.LAGERS: (168, 118, 0, 255),  # deep gold
    Suit.WINES: (140, 24, 62, 255),  # burgundy
    Suit.SPIRITS: (40, 84, 120, 255),  # slate glass
}
PALETTE: dict[str, RGBA] = {
    "ale": (170, 88, 24, 255),
    "lager": (246, 190, 40, 255),
    "wine": (176, 28, 70, 255),
    "spirit": (222, 142, 30, 255),
    "foam": (255, 252, 240, 255),
    "ice": (226, 242, 252, 255),
    "shine": (255, 255, 255, 150),
    "glass": (255, 255, 255, 0),
}

MAJOR_BG: RGBA = (58, 30, 94, 255)
MAJOR_DEEP: RGBA = (40, 18, 68, 255)
GOLD: RGBA = (230, 184, 70, 255)
PALE_GOLD: RGBA = (250, 230, 170, 255)

BACKS: dict[str, tuple[RGBA, RGBA]] = {  # field, pattern
    "red": ((122, 16, 32, 255), (170, 52, 68, 255)),
    "blue": ((20, 50, 118, 255), (62, 100, 172, 255)),
    "tarot": ((20, 74, 56, 255), (46, 112, 88, 255)),
}

# -- fonts and small geometry -----------------------------------------------------------------


@lru_cache(maxsize=64)
def font(px: int) -> ImageFont.FreeTypeFont:
    """The shipped Aileron Regular at ``px`` pixels (never a system font)."""
    return ImageFont.truetype(str(FONT_PATH), max(1, px))


def _arc(cx: float, cy: float, rx: float, ry: float, t0: float, t1: float, n: int) -> list[Pt]:
    """Points on an ellipse from angle t0 to t1 (radians; y points down)."""
    return [
        (cx + rx * math.cos(t0 + (t1 - t0) * i / n), cy + ry * math.sin(t0 + (t1 - t0) * i / n))
        for i in range(n + 1)
    ]


def _circle(cx: float, cy: float, r: float, n: int = 36) -> list[Pt]:
    return _arc(cx, cy, r, r, 0, 2 * math.pi, n)[:-1]


def _rrect(x0: float, y0: float, x1: float, y1: float, r: float) -> list[Pt]:
    """A rounded rectangle as one polygon."""
    pts: list[Pt] = []
    half = math.pi / 2
    for cx, cy, t in ((x1 - r, y0 + r, -half), (x1 - r, y1 - r, 0.0)):
        pts += _arc(cx, cy, r, r, t, t + half, 6)
    for cx, cy, t in ((x0 + r, y1 - r, half), (x0 + r, y0 + r, math.pi)):
        pts += _arc(cx, cy, r, r, t, t + half, 6)
    return pts


def _star(
    cx: float, cy: float, outer: float, inner: float, points: int, turn: float = 0
) -> list[Pt]:
    out: list[Pt] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        t = turn - math.pi / 2 + math.pi * i / points
        out.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return out


# -- shapes: lists of drawing steps in a unit box (-0.5..0.5), y down -------------------------

# A step: ("poly", colour, points) fills a polygon; ("line", colour, points, width) strokes a
# polyline (width in units of the box). Colours are keys: "ink" is the suit's colour, the
# others are PALETTE's.
Step = tuple[str, str, list[Pt]] | tuple[str, str, list[Pt], float]
Shape = list[Step]


def _tangent(c: Pt, r: float, p: Pt, outer_left: bool) -> Pt:
    """The point where a line from ``p`` touches the circle (c, r), on the outer side."""
    dx, dy = p[0] - c[0], p[1] - c[1]
    dist = math.hypot(dx, dy)
    phi = math.atan2(dy, dx)
    cands = [phi + s * math.acos(r / dist) for s in (1, -1)]
    pts = [(c[0] + r * math.cos(t), c[1] + r * math.sin(t)) for t in cands]
    return min(pts) if outer_left else max(pts)


def _heart(a: float, r: float, cy: float, tip_y: float) -> Shape:
    """Two circles (radius ``r``) at (+-a, cy) and the point at (0, tip_y): a heart (the tip
    below) or, with the tip above, a spade's blade."""
    left, right = (-a, cy), (a, cy)
    tip = (0.0, tip_y)
    tl = _tangent(left, r, tip, True)
    tr = _tangent(right, r, tip, False)
    return [
        ("poly", "ink", _circle(*left, r)),
        ("poly", "ink", _circle(*right, r)),
        ("poly", "ink", [tl, left, (0.0, cy), right, tr, tip]),
    ]


_STEM: list[Pt] = [
    (-0.035, 0.1),
    (0.035, 0.1),
    (0.07, 0.36),
    (0.2, 0.5),
    (-0.2, 0.5),
    (-0.07, 0.36),
]

PIPS: dict[str, Shape] = {
    "H": _heart(0.25, 0.26, -0.24, 0.5),
    "S": _heart(0.25, 0.25, 0.08, -0.5) + [("poly", "ink", _STEM)],
    "D": [("poly", "ink", [(0.0, -0.5), (0.39, 0.0), (0.0, 0.5), (-0.39, 0.0)])],
    "C": [
        ("poly", "ink", _circle(0.0, -0.26, 0.235)),
        ("poly", "ink", _circle(-0.265, 0.08, 0.235)),
        ("poly", "ink", _circle(0.265, 0.08, 0.235)),
        ("poly", "ink", _circle(0.0, 0.0, 0.16)),
        ("poly", "ink", _STEM),
    ],
}


def _mug(liquid: str) -> Shape:
    """A beer mug, handle on the right, a head of foam."""
    body = _rrect(-0.34, -0.22, 0.2, 0.5, 0.07)
    inner = _rrect(-0.27, -0.16, 0.13, 0.43, 0.04)
    foam = [(-0.26, -0.25, 0.13), (-0.09, -0.3, 0.15), (0.09, -0.26, 0.13), (-0.17, -0.38, 0.12)]
    foam += [(0.02, -0.4, 0.1)]
    handle = _arc(0.2, 0.13, 0.19, 0.2, -math.pi / 2, math.pi / 2, 12)
    shape: Shape = [("line", "ink", handle, 0.09), ("poly", "ink", body), ("poly", liquid, inner)]
    shape += [("line", "shine", [(-0.19, -0.05), (-0.19, 0.34)], 0.05)]
    shape += [("line", "shine", [(0.04, -0.05), (0.04, 0.34)], 0.04)]
    shape += [("poly", "ink", _circle(x, y, r + 0.045)) for x, y, r in foam]
    shape += [("poly", "foam", _circle(x, y, r)) for x, y, r in foam]
    return shape


def _transform(shape: Shape, k: float, dx: float, dy: float, turn: float, mirror: bool) -> Shape:
    """Mirrored (x -> -x), turned by ``turn`` radians, scaled by ``k``, moved by (dx, dy)."""
    cos, sin = math.cos(turn), math.sin(turn)

    def f(p: Pt) -> Pt:
        x, y = (-p[0] if mirror else p[0]), p[1]
        return (dx + k * (x * cos - y * sin), dy + k * (x * sin + y * cos))

    out: Shape = []
    for step in shape:
        pts = [f(p) for p in step[2]]
        if len(step) == 4:
            out.append((step[0], step[1], pts, step[3] * k))
        else:
            out.append((step[0], step[1], pts))
    return out


def _wine() -> Shape:
    """A wine glass, half full."""
    bowl = [(0.3, -0.5)] + _arc(0.0, -0.44, 0.3, 0.5, 0.0, math.pi, 20) + [(-0.3, -0.5)]
    level = -0.2
    t0 = math.asin((level + 0.44) / 0.5)
    wine = _arc(0.0, -0.44, 0.27, 0.46, t0, math.pi - t0, 16)
    return [
        ("poly", "glass", bowl),
        ("poly", "wine", wine),
        ("line", "ink", bowl + [bowl[0]], 0.06),
        ("line", "shine", _arc(0.0, -0.44, 0.2, 0.36, 2.1, 2.6, 4), 0.04),
        ("line", "ink", [(0.0, 0.04), (0.0, 0.44)], 0.07),
        ("poly", "ink", _arc(0.0, 0.45, 0.23, 0.055, 0, 2 * math.pi, 24)),
    ]


def _tumbler() -> Shape:
    """A short glass of a spirit with an ice cube."""
    glass = [(-0.38, -0.34), (0.38, -0.34), (0.31, 0.46), (-0.31, 0.46)]
    drink = [(-0.345, 0.02), (0.345, 0.02), (0.31, 0.38), (-0.31, 0.38)]
    base = [(-0.315, 0.36), (0.315, 0.36), (0.31, 0.46), (-0.31, 0.46)]
    return [
        ("poly", "glass", glass),
        ("poly", "spirit", drink),
        ("poly", "ink", _star(0.1, 0.0, 0.17, 0.17 * math.sqrt(0.5), 2, 0.35)),
        ("poly", "ice", _star(0.1, 0.0, 0.12, 0.12 * math.sqrt(0.5), 2, 0.35)),
        ("poly", "ink", base),
        ("line", "ink", glass + [glass[0]], 0.06),
        ("line", "shine", [(-0.25, -0.24), (-0.21, 0.28)], 0.045),
    ]


def _lagers() -> Shape:
    """Two mugs clinking (the 🍻 of the rules' symbols)."""
    left = _transform(_mug("lager"), 0.64, -0.2, 0.1, 0.26, True)
    right = _transform(_mug("lager"), 0.64, 0.2, 0.1, -0.26, False)
    splash: Shape = [("poly", "ink", _circle(x, y, r + 0.03)) for x, y, r in _DROPS]
    splash += [("poly", "foam", _circle(x, y, r)) for x, y, r in _DROPS]
    return left + right + splash


_DROPS = [(0.0, -0.36, 0.05), (-0.11, -0.42, 0.035), (0.11, -0.42, 0.035)]

DRINKS: dict[Suit, Shape] = {
    Suit.BEERS: _mug("ale"),
    Suit.LAGERS: _lagers(),
    Suit.WINES: _wine(),
    Suit.SPIRITS: _tumbler(),
}

SPARKLE: Shape = [  # the Majors' mark (the rules' ✨)
    ("poly", "ink", _star(-0.08, 0.08, 0.42, 0.1, 4)),
    ("poly", "ink", _star(0.3, -0.3, 0.18, 0.05, 4)),
    ("poly", "ink", _star(0.32, 0.32, 0.12, 0.035, 4)),
]


class _Canvas:
    """A card-sized picture drawn at SS times its size, in card units (scale 1 pixels)."""

    def __init__(self, scale: float, w: float = CARD_W, h: float = CARD_H) -> None:
        self.size = (max(1, round(w * scale)), max(1, round(h * scale)))
        self.u = scale * SS
        self.im = Image.new("RGBA", (self.size[0] * SS, self.size[1] * SS), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.im)
        # Card units scaled to the canvas, so the edges land on its edges exactly.
        self.ux = self.im.width / w
        self.uy = self.im.height / h

    def xy(self, p: Pt) -> Pt:
        return (p[0] * self.ux, p[1] * self.uy)

    def px(self, v: float) -> int:
        return max(1, round(v * self.u))

    def poly(self, pts: Sequence[Pt], fill: RGBA) -> None:
        self.draw.polygon([self.xy(p) for p in pts], fill=fill)

    def line(self, pts: Sequence[Pt], fill: RGBA, width: float) -> None:
        self.draw.line([self.xy(p) for p in pts], fill=fill, width=self.px(width), joint="curve")

    def rrect(
        self,
        box: tuple[float, float, float, float],
        r: float,
        fill: RGBA | None = None,
        outline: RGBA | None = None,
        width: float = 1.0,
    ) -> None:
        x0, y0 = self.xy(box[:2])
        x1, y1 = self.xy(box[2:])
        self.draw.rounded_rectangle(
            (x0, y0, x1 - 1, y1 - 1),
            radius=r * self.u,
            fill=fill,
            outline=outline,
            width=self.px(width) if outline else 0,
        )

    def shape(self, shape: Shape, cx: float, cy: float, size: float, ink: RGBA) -> None:
        """Draw a unit-box shape centred on (cx, cy), ``size`` card units tall."""
        for step in shape:
            colour = ink if step[1] == "ink" else PALETTE[step[1]]
            if colour[3] == 0:
                continue
            pts = [self.xy((cx + x * size, cy + y * size)) for x, y in step[2]]
            if step[0] == "poly":
                self.draw.polygon(pts, fill=colour)
            else:
                assert len(step) == 4
                w = max(1, round(step[3] * size * self.u))
                if colour[3] < 255:  # a translucent stroke: blend it in, don't overwrite
                    layer = Image.new("RGBA", self.im.size, (0, 0, 0, 0))
                    ImageDraw.Draw(layer).line(pts, fill=colour, width=w, joint="curve")
                    self.im.alpha_composite(layer)
                else:
                    self.draw.line(pts, fill=colour, width=w, joint="curve")
                    for end in (pts[0], pts[-1]):
                        x, y, r = end[0], end[1], w / 2 - 0.5
                        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)

    def text(
        self,
        xy: Pt,
        s: str,
        size: float,
        fill: RGBA,
        anchor: str = "mm",
        max_w: float | None = None,
        bold: float = 0.0,
    ) -> None:
        """Text of ``size`` card units, shrunk to fit ``max_w``; ``bold`` thickens it."""
        px = self.px(size)
        f = font(px)
        if max_w is not None:
            length = f.getlength(s)
            if length > max_w * self.u:
                px = max(1, int(px * max_w * self.u / length))
                f = font(px)
        stroke = round(bold * self.u)
        self.draw.text(
            self.xy(xy), s, font=f, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill
        )

    def done(self) -> Image.Image:
        return self.im.resize(self.size, Image.Resampling.LANCZOS)


# -- faces -------------------------------------------------------------------------------------

_INDEX_X = 10.5  # the centre of the corner index's column
_RADIUS = 6.0


def _blank(c: _Canvas, fill: RGBA) -> None:
    c.rrect((0, 0, CARD_W, CARD_H), _RADIUS, fill=fill, outline=EDGE, width=1.0)


def _index(scale: float, rank: str, pip: Shape, ink: RGBA, pip_size: float) -> Image.Image:
    """The corner index (rank over suit), on a transparent card-sized layer, top left."""
    c = _Canvas(scale)
    c.text((_INDEX_X, 4.0), rank, 23, ink, anchor="mt", max_w=17, bold=0.4)
    c.shape(pip, _INDEX_X, 32, pip_size, ink)
    return c.im


def _corners(c: _Canvas, index: Image.Image) -> None:
    c.im.alpha_composite(index)
    c.im.alpha_composite(index.rotate(180))


def _court_panel(c: _Canvas, ink: RGBA, fill: RGBA) -> None:
    tint = tuple(round(a * 0.1 + b * 0.9) for a, b in zip(ink, fill, strict=True))
    c.rrect((20, 11, 52, 89), 3, fill=(tint[0], tint[1], tint[2], 255), outline=ink, width=1.0)
    c.rrect((22.5, 13.5, 49.5, 86.5), 2, outline=ink, width=0.5)


def _french(card: Card, four_colour: bool, scale: float) -> Image.Image:
    ink = (FOUR_COLOUR if four_colour else STANDARD)[card.suit]
    pip = PIPS[card.suit]
    c = _Canvas(scale)
    _blank(c, WHITE)
    _corners(c, _index(scale, card.rank_label, pip, ink, 12))
    cx, cy = CARD_W / 2, CARD_H / 2
    if card.rank == 14:
        c.shape(pip, cx, cy, 36, ink)
    elif card.rank >= 11:
        _court_panel(c, ink, WHITE)
        c.text((cx, cy - 8), card.rank_label, 34, ink, bold=0.6)
        c.shape(pip, cx, cy + 20, 15, ink)
    else:
        c.shape(pip, cx, cy, 27, ink)
    return c.done()


def _minor(card: TarotCard, scale: float) -> Image.Image:
    ink = TAROT_INK[card.suit]
    drink = DRINKS[card.suit]
    c = _Canvas(scale)
    _blank(c, CREAM)
    c.rrect((2.5, 2.5, CARD_W - 2.5, CARD_H - 2.5), 4, outline=ink, width=0.8)
    _corners(c, _index(scale, card.rank_label, drink, ink, 16))
    cx, cy = CARD_W / 2, CARD_H / 2
    if card.rank == 1:
        c.shape(drink, cx, cy, 38, ink)
    elif card.rank >= 11:
        _court_panel(c, ink, CREAM)
        c.text((cx, cy - 9), COURT_SHORT[card.rank], 30, ink, max_w=28, bold=0.6)
        c.shape(drink, cx, cy + 19, 19, ink)
    else:
        c.shape(drink, cx, cy, 30, ink)
    return c.done()


def _wrap(words: list[str], f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and f.getlength(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _major(card: TarotCard, scale: float) -> Image.Image:
    c = _Canvas(scale)
    _blank(c, MAJOR_BG)
    c.rrect((3, 3, CARD_W - 3, CARD_H - 3), 4, outline=GOLD, width=1.0)
    c.rrect((5, 5, CARD_W - 5, CARD_H - 5), 3, outline=GOLD, width=0.4)
    cx = CARD_W / 2
    c.text((cx, 21), ROMAN[card.rank], 25, GOLD, max_w=56, bold=0.5)
    c.shape(SPARKLE, cx, 49.5, 27, PALE_GOLD)
    # The name, wrapped in the band at the bottom: 10 units tall lines, smaller if it must.
    c.rrect((8, 66, CARD_W - 8, CARD_H - 8), 2, fill=MAJOR_DEEP)
    words = MAJOR_NAMES[card.rank].split()
    size = 10.0
    while True:
        f = font(c.px(size))
        lines = _wrap(words, f, 52 * c.u)
        if (len(lines) <= 2 and all(f.getlength(x) <= 52 * c.u for x in lines)) or size <= 6:
            break
        size -= 0.5
    top = 66 + (26 - size * 1.1 * len(lines)) / 2
    for i, line in enumerate(lines):
        c.text((cx, top + size * 1.1 * (i + 0.5)), line, size, PALE_GOLD, bold=0.15)
    return c.done()


@lru_cache(maxsize=1024)
def _face(kind: str, code: str, four_colour: bool, scale: float) -> Image.Image:
    if kind == "french":
        return _french(Card.from_code(code), four_colour, scale)
    card = TarotCard.from_code(code)
    return _major(card, scale) if card.is_major else _minor(card, scale)


def face(card: Card | TarotCard, *, four_colour: bool = False, scale: float = 1.0) -> Image.Image:
    """The card's face, RGBA, ``round(CARD_W * scale)`` x ``round(CARD_H * scale)``.

    A :class:`Card` (a SpitCard too: its deck shows only on its back) or a :class:`TarotCard`;
    ``four_colour`` changes French diamonds and clubs only. The picture is cached and shared:
    paste or copy it, never draw on it.
    """
    if isinstance(card, Card):
        return _face("french", card.code, four_colour, scale)
    if isinstance(card, TarotCard):
        return _face("tarot", card.code, False, scale)
    raise TypeError(f"not a card: {card!r}")


# -- backs -------------------------------------------------------------------------------------


def _back(style: Literal["red", "blue", "tarot"], scale: float) -> Image.Image:
    field, pattern = BACKS[style]
    c = _Canvas(scale)
    _blank(c, WHITE)
    x0, y0, x1, y1 = 4.0, 4.0, CARD_W - 4.0, CARD_H - 4.0
    # The pattern is drawn on its own layer and cut to the inner panel.
    art = _Canvas(scale)
    art.rrect((x0, y0, x1, y1), 3.5, fill=field)
    line = 0.8
    if style == "tarot":
        for row in range(13):
            for col in range(10):
                x, y = x0 + 3 + col * 7 + (3.5 if row % 2 else 0), y0 + 2 + row * 7.5
                art.poly(_star(x, y, 1.6, 0.6, 4), pattern)
    else:
        step = 7.0
        for i in range(-16, 16):
            a = x0 + i * step
            art.line([(a, y0), (a + (y1 - y0), y1)], pattern, line)
            art.line([(a, y1), (a + (y1 - y0), y0)], pattern, line)
    mask = Image.new("L", art.im.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (*art.xy((x0, y0)), art.xy((x1, y1))[0] - 1, art.xy((x1, y1))[1] - 1),
        radius=3.5 * art.u,
        fill=255,
    )
    c.im.paste(art.im, (0, 0), mask)
    light = PALE_GOLD if style == "tarot" else (250, 238, 230, 255)
    c.rrect((x0 + 2, y0 + 2, x1 - 2, y1 - 2), 2.5, outline=light, width=0.6)
    cx, cy = CARD_W / 2, CARD_H / 2
    if style == "tarot":
        c.poly(_circle(cx, cy, 19, 48), field)
        ring = _circle(cx, cy, 17.5, 48)
        c.line([*ring, ring[0]], GOLD, 1.0)
        c.poly(_star(cx, cy, 15, 6, 8), GOLD)
        c.poly(_star(cx, cy, 8, 3.2, 8, math.pi / 8), PALE_GOLD)
    else:
        c.poly([(cx, cy - 26), (cx + 19, cy), (cx, cy + 26), (cx - 19, cy)], field)
        frame = [(cx, cy - 23), (cx + 16.5, cy), (cx, cy + 23), (cx - 16.5, cy)]
        c.line([*frame, frame[0]], light, 1.0)
        for suit, (dx, dy) in zip("SHCD", ((0, -9), (7, 0), (0, 9), (-7, 0)), strict=True):
            c.shape(PIPS[suit], cx + dx, cy + dy, 7, light)
    return c.done()


@lru_cache(maxsize=64)
def _back_cached(style: Literal["red", "blue", "tarot"], scale: float) -> Image.Image:
    return _back(style, scale)


def back(*, deck: int = 0, tarot: bool = False, scale: float = 1.0) -> Image.Image:
    """A card's back, RGBA, the size of a face: French deck 0 red, deck 1 (Spit's second player)
    blue, the tarot green with a gold star. Cached and shared like :func:`face`."""
    if tarot:
        return _back_cached("tarot", scale)
    if deck not in (0, 1):
        raise ValueError(f"no such deck: {deck}")
    return _back_cached("blue" if deck else "red", scale)


# -- emoji -------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _emoji_png(kind: str, code: str, four_colour: bool, deck: int, tarot: bool) -> bytes:
    scale = EMOJI_SIZE / CARD_H
    if kind == "back":
        im = back(deck=deck, tarot=tarot, scale=scale)
    else:
        im = _face(kind, code, four_colour, scale)
    square = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    square.paste(im, ((EMOJI_SIZE - im.width) // 2, (EMOJI_SIZE - im.height) // 2))
    out = io.BytesIO()
    square.save(out, "PNG")  # optimize=True saves 3% for twice the time
    return out.getvalue()


def _key(
    card: Card | TarotCard | None, four_colour: bool, deck: int, tarot: bool
) -> tuple[str, str, bool, int, bool]:
    """What the picture depends on (and nothing else, so equal pictures share one key)."""
    if card is None:
        return ("back", "", False, 0 if tarot else deck, tarot)
    if isinstance(card, Card):
        return ("french", card.code, four_colour, 0, False)
    if isinstance(card, TarotCard):
        return ("tarot", card.code, False, 0, True)
    raise TypeError(f"not a card: {card!r}")


def emoji_png(
    card_or_none: Card | TarotCard | None,
    *,
    four_colour: bool = False,
    deck: int = 0,
    tarot: bool = False,
) -> bytes:
    """A 128 x 128 PNG for a Discord application emoji: the face (``None``: the back of ``deck``,
    or the tarot's back) centred on a transparent square. A few KB, far under the 256 KB limit."""
    if card_or_none is None and not tarot and deck not in (0, 1):
        raise ValueError(f"no such deck: {deck}")
    return _emoji_png(*_key(card_or_none, four_colour, deck, tarot))


def emoji_name(
    card_or_none: Card | TarotCard | None,
    *,
    deck: int = 0,
    tarot: bool = False,
    four_colour: bool = False,
) -> str:
    """The emoji's name, stable and one per picture: ``bk_TH``, ``bk4_TH`` (four-colour French),
    ``bk_L13``, ``bk_M15``; backs ``bk_back``, ``bk_back1`` (deck 1), ``bk_tback``."""
    kind, code, four, deck, tarot = _key(card_or_none, four_colour, deck, tarot)
    if kind == "back":
        return "bk_tback" if tarot else ("bk_back1" if deck else "bk_back")
    return ("bk4_" if four else "bk_") + code


def all_emoji() -> list[tuple[str, Callable[[], bytes]]]:
    """Every emoji the bot uses, as (name, a function drawing its PNG): the 52 French cards, the
    52 in four colours, the 78 tarot cards and the three backs. Listing names draws nothing."""
    out: list[tuple[str, Callable[[], bytes]]] = []
    for four in (False, True):
        for card in french_deck():
            out.append(
                (emoji_name(card, four_colour=four), partial(emoji_png, card, four_colour=four))
            )
    for tcard in tarot_deck():
        out.append((emoji_name(tcard), partial(emoji_png, tcard)))
    for deck, tarot in ((0, False), (1, False), (0, True)):
        out.append(
            (
                emoji_name(None, deck=deck, tarot=tarot),
                partial(emoji_png, None, deck=deck, tarot=tarot),
            )
        )
    return out


__all__ = [
    "CARD_W",
    "CARD_H",
    "face",
    "back",
    "emoji_png",
    "emoji_name",
    "all_emoji",
]
