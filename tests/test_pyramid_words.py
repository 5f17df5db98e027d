"""Pyramid in every language Barkeep speaks (issue 46): every message its engine, table and
picture ask for is in every catalog, and the convo mode's questions are asked in each language,
the same question in the same place of every bank."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.engines.pyramid import question_for
from bot.i18n import LANGUAGES, catalog, speaking
from bot.ui import pyramid as ui

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("bot/engines/pyramid.py", "bot/ui/pyramid.py", "bot/art/pyramid.py")
KEY = re.compile(r'"(pyramid-[a-z0-9-]+)"')


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_message_pyramid_asks_for_is_in_every_catalog(code: str):
    asked = {k for src in SOURCES for k in KEY.findall((ROOT / src).read_text(encoding="utf-8"))}
    assert len(asked) > 100
    assert asked - catalog(code).ids == set()


def test_every_language_asks_the_same_questions_in_its_own_words():
    english = json.loads((ROOT / "data" / "pyramid_questions.json").read_text(encoding="utf-8"))
    for code in LANGUAGES:
        bank = ui.bank(code)
        assert {k: len(v) for k, v in bank.items()} == {k: len(v) for k, v in english.items()}
        if code != "en":
            mine = [q for qs in bank.values() for q in qs]
            assert not set(mine) & {q for qs in english.values() for q in qs}
            assert len(set(mine)) == len(mine)
    # a stored line's question: the same draw in every language
    sv = ui.bank("sv")
    for rank, label in ((2, "2"), (12, "Q"), (14, "A")):
        for n in range(5):
            asked = english[label].index(question_for(english, rank, "seed", n))
            assert question_for(sv, rank, "seed", n) == sv[label][asked]


def test_the_picture_speaks_the_language_of_the_screen():
    from bot.art.pyramid import picture
    from bot.engines.pyramid import ENGINE

    state = ENGINE.new_game(3, "picture", {})
    view = ENGINE.view(state, None)
    with speaking("sv"):
        pic = picture(view, ["Ana", "Bo", "Cy"])
    assert pic is not None
    assert pic.caption == "Kolla dina kort"
    assert [line.label for line in pic.lines][:2] == ["Toppen · 10 klunkar", "2-raden · 8 klunkar"]
