"""The drawing process: the same PNG as drawing in the bot's own process, a worker that died is
started again, and a picture that can't be drawn comes back as an error, not a hang."""

from __future__ import annotations

import pytest

from bot.art.picture import Back, Line, Picture, Pile, render
from bot.art.worker import Drawer
from bot.engines.cards import Card, TarotCard, tarot_card

PICTURE = Picture(
    (
        Line(
            "Ana · 3 cards", (Card(14, "S"), Back(), Pile(Back(deck=1), 12), None), frozenset({0})
        ),
        Line("Zoë", (tarot_card(5), TarotCard.from_code("M15"), Back(tarot=True))),
    ),
    caption="Ana to play",
)


@pytest.fixture
def drawer():
    d = Drawer()
    yield d
    if d._proc is not None:
        d._proc.kill()
        d._proc.wait()


def test_the_drawing_process_draws_the_same_png_as_the_bot_would(drawer):
    assert drawer.draw(PICTURE, False) == render(PICTURE)
    assert drawer.draw(PICTURE, True) == render(PICTURE, four_colour=True)


def test_a_drawing_process_that_died_is_started_again(drawer):
    drawer.draw(PICTURE, False)
    first = drawer._proc
    assert first is not None
    first.kill()
    first.wait()
    assert drawer.draw(PICTURE, False) == render(PICTURE)
    assert drawer._proc is not first and drawer._proc.poll() is None


def test_a_picture_that_cannot_be_drawn_comes_back_as_an_error(drawer):
    broken = Picture((Line("x", ("not a card",)),))  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="Error"):
        drawer.draw(broken, False)
    assert drawer.draw(PICTURE, False) == render(PICTURE)  # and it draws on
