"""The card pictures (bot/art/cards.py): every card draws, at its size, and no two look alike;
the emoji are valid for Discord; and a few pictures match the goldens in tests/art/golden/.

Goldens are compared with a tolerance (so a Pillow or FreeType patch release that moves an
anti-aliased edge does not fail them), but a real change of the art does. After changing the art
on purpose, rewrite them and look at them before committing:

    BARKEEP_UPDATE_GOLDEN=1 .venv/bin/pytest tests/art
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.art import cards as art
from bot.art.cards import CARD_H, CARD_W, all_emoji, back, emoji_name, emoji_png, face
from bot.engines.cards import Card, TarotCard, french_deck, tarot_deck
from bot.engines.spit import SpitCard

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("BARKEEP_UPDATE_GOLDEN") == "1"
MEAN_TOLERANCE = 2.0  # mean absolute difference per channel, 0-255
FAR = 64  # a pixel this far off in a channel is a changed pixel, not a moved edge
FAR_SHARE = 0.01  # ... and more than this share of such pixels is a changed picture


def pixels(im: Image.Image) -> bytes:
    return im.tobytes()


@pytest.mark.parametrize("scale", [1.0, 0.6])  # 1.28: the emoji
def test_every_card_draws_at_its_size(scale: float) -> None:
    size = (round(CARD_W * scale), round(CARD_H * scale))
    cards: list[Card | TarotCard] = [*french_deck(), *tarot_deck()]
    for card in cards:
        for four in (False, True):
            im = face(card, four_colour=four, scale=scale)
            assert im.mode == "RGBA" and im.size == size, card
    for kwargs in ({}, {"deck": 1}, {"tarot": True}):
        im = back(scale=scale, **kwargs)  # type: ignore[arg-type]
        assert im.mode == "RGBA" and im.size == size


def test_corners_are_transparent_and_the_middle_is_not() -> None:
    for im in (face(Card.from_code("AS")), face(TarotCard.from_code("M0")), back(tarot=True)):
        # (LANCZOS may leave an alpha of 1 or 2 there: invisible.)
        assert im.getpixel((0, 0))[3] < 4  # type: ignore[index]
        assert im.getpixel((CARD_W - 1, CARD_H - 1))[3] < 4  # type: ignore[index]
        assert im.getpixel((CARD_W // 2, CARD_H // 2))[3] == 255  # type: ignore[index]


def test_no_two_faces_alike() -> None:
    french = {pixels(face(card)) for card in french_deck()}
    assert len(french) == 52
    four = {pixels(face(card, four_colour=True)) for card in french_deck()}
    assert len(four) == 52
    tarot = {pixels(face(card)) for card in tarot_deck()}
    assert len(tarot) == 78
    backs = {pixels(back()), pixels(back(deck=1)), pixels(back(tarot=True))}
    assert len(backs) == 3 and not backs & (french | tarot)


def test_four_colour_changes_diamonds_and_clubs_only() -> None:
    for card in french_deck():
        same = pixels(face(card)) == pixels(face(card, four_colour=True))
        assert same == (card.suit in "HS"), card
    # Tarot cards have no four-colour version.
    card = TarotCard.from_code("W7")
    assert pixels(face(card)) == pixels(face(card, four_colour=True))


def test_spit_cards_look_like_their_card_and_the_decks_backs_differ() -> None:
    for code in ("AS", "TH", "2C", "QD"):
        plain = Card.from_code(code)
        for deck in (0, 1):
            spit = SpitCard(plain.rank, plain.suit, deck)
            assert pixels(face(spit)) == pixels(face(plain))
            assert emoji_name(spit) == emoji_name(plain)
    assert pixels(back(deck=0)) != pixels(back(deck=1))
    assert emoji_png(None, deck=0) != emoji_png(None, deck=1)


def test_pictures_are_cached() -> None:
    card = Card.from_code("7H")
    assert face(card) is face(card)
    assert back(deck=1) is back(deck=1)


def test_bad_input() -> None:
    with pytest.raises(TypeError):
        face("AS")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        back(deck=2)


def test_emoji_pngs() -> None:
    for name, make in all_emoji():
        data = make()
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), name
        assert len(data) < 256 * 1024, name  # Discord's limit for an emoji
        im = Image.open(io.BytesIO(data))
        im.load()
        assert im.format == "PNG" and im.size == (128, 128), name
        assert im.mode == "RGBA"
        assert im.getpixel((0, 0))[3] == 0  # type: ignore[index]  # transparent around the card
        assert im.getpixel((64, 64))[3] == 255  # type: ignore[index]


def test_emoji_names() -> None:
    names = [name for name, _ in all_emoji()]
    assert len(names) == 52 + 52 + 78 + 3
    assert len(set(names)) == len(names)
    for name in names:
        assert re.fullmatch(r"[A-Za-z0-9_]{2,32}", name), name
    assert emoji_name(Card.from_code("TH")) == "bk_TH"
    assert emoji_name(Card.from_code("TH"), four_colour=True) == "bk4_TH"
    assert emoji_name(TarotCard.from_code("L13")) == "bk_L13"
    assert emoji_name(TarotCard.from_code("M15"), four_colour=True) == "bk_M15"
    assert emoji_name(None) == "bk_back"
    assert emoji_name(None, deck=1) == "bk_back1"
    assert emoji_name(None, tarot=True) == emoji_name(None, deck=1, tarot=True) == "bk_tback"
    # The name says which picture: the PNG under a name is the card's.
    by_name = dict(all_emoji())
    assert by_name["bk_AS"]() == emoji_png(Card.from_code("AS"))
    assert by_name["bk4_QD"]() == emoji_png(Card.from_code("QD"), four_colour=True)
    assert by_name["bk_back1"]() == emoji_png(None, deck=1)


def test_fonts_come_from_the_shipped_file() -> None:
    f = art.font(20)
    assert Path(str(f.path)) == art.FONT_PATH and art.FONT_PATH.is_file()
    assert f.getname() == ("Aileron", "Regular")
    assert (art.FONT_PATH.parent / "LICENSE.txt").is_file()


# -- goldens -----------------------------------------------------------------------------------


def _emoji(card: Card) -> Image.Image:
    return Image.open(io.BytesIO(emoji_png(card))).convert("RGBA")


GOLDENS = {
    "AS": lambda: face(Card.from_code("AS")),
    "TH_four": lambda: face(Card.from_code("TH"), four_colour=True),
    "QD_four": lambda: face(Card.from_code("QD"), four_colour=True),
    "L13": lambda: face(TarotCard.from_code("L13")),
    "W1": lambda: face(TarotCard.from_code("W1")),
    "M15": lambda: face(TarotCard.from_code("M15")),
    "back": lambda: back(),
    "back1": lambda: back(deck=1),
    "tback": lambda: back(tarot=True),
    "emoji_KC": lambda: _emoji(Card.from_code("KC")),
}


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, share of pixels off by more than FAR), comparing
    the pictures laid on grey (the colour of a transparent pixel does not count) and their
    alpha."""
    grey = Image.new("RGBA", a.size, (128, 128, 128, 255))
    flat = [Image.alpha_composite(grey, im).convert("RGB") for im in (a, b)]
    diff = ImageChops.difference(*flat)
    alpha = ImageChops.difference(a.getchannel("A"), b.getchannel("A"))
    mean = max(sum(ImageStat.Stat(diff).mean) / 3, ImageStat.Stat(alpha).mean[0])
    worst = ImageChops.lighter(diff.convert("L").point(lambda _: 0), alpha)  # alpha's, to start
    for band in diff.split():
        worst = ImageChops.lighter(worst, band)
    far = worst.point(lambda v: 255 if v > FAR else 0).histogram()[255]
    return mean, far / (a.width * a.height)


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden(name: str) -> None:
    im = GOLDENS[name]()
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        im.save(path)
        return
    assert path.is_file(), f"no golden {path}: run BARKEEP_UPDATE_GOLDEN=1 pytest tests/art"
    with Image.open(path) as stored:
        want = stored.convert("RGBA")
    assert want.size == im.size
    mean, far = difference(im, want)
    assert mean <= MEAN_TOLERANCE and far <= FAR_SHARE, (
        f"{name} differs from its golden (mean {mean:.2f} > {MEAN_TOLERANCE} or "
        f"{far:.1%} of pixels changed > {FAR_SHARE:.0%}); if the art changed on purpose, "
        "run BARKEEP_UPDATE_GOLDEN=1 pytest tests/art and look at the new goldens"
    )


def test_the_golden_check_sees_a_change() -> None:
    """The tolerance lets an edge move but not a card change: a 10 is not a 9 of hearts."""
    ten, nine = face(Card.from_code("TH")), face(Card.from_code("9H"))
    assert difference(ten, ten.copy()) == (0.0, 0.0)
    mean, far = difference(ten, nine)
    assert mean > MEAN_TOLERANCE or far > FAR_SHARE
