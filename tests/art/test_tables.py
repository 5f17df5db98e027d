"""Each game's public picture (bot/art/<game>.py): never a hidden card, exactly the cards the
public view shows, a small PNG drawn fast, a key that follows the cards, labels that fit.

Random games are played as tests/engines/contract.py's ``playout`` plays them (its ``moves``
lists every legal move and clock), leaning towards plays: a clock is let run out now and then
(Spit's play clock ends the game), a player leaves rarely, and a move that ends the game for
everyone at one tap (Give & Take's last call) is left to the end."""

from __future__ import annotations

import dataclasses
import importlib
import io
import random
import time
from collections import Counter
from collections.abc import Iterator
from functools import cache
from types import ModuleType
from typing import Any

import pytest
from PIL import Image, ImageFont

from bot.art import picture as art
from bot.art.picture import Picture, drawable
from bot.engines import ENGINES
from bot.engines.base import Leave
from bot.engines.cards import DEATH, Card, TarotCard, major
from bot.engines.spit import SpitCard
from tests.engines.contract import moves

GAMES = sorted(ENGINES)
SEEDS = 3  # random games per player count for the hidden-card check
NAMES = ["Ana", "Bartholomew Longname", "Cy", "Dee", "Zo\u00eb \U0001f37a", "Finn", "Gus"]
NAMES += ["Hal", "Ivy", "Jo"]


def art_of(game: str) -> ModuleType:
    return importlib.import_module(f"bot.art.{game}")


def states(game: str, players: int, seed: str) -> Iterator[Any]:
    """Every state of one random game, the end included."""
    engine = ENGINES[game]
    rnd = random.Random(seed)
    state = engine.new_game(players, seed, {})
    while True:
        yield state
        if engine.is_over(state):
            return
        choices = moves(engine, state)
        clocks = [c for c in choices if c[0] is None]
        leaves = [c for c in choices if isinstance(c[1], Leave)]
        plays = [
            c
            for c in choices
            if c[0] is not None
            and not isinstance(c[1], Leave)
            and type(c[1]) not in engine.ask_first
        ]
        roll = rnd.random()
        if clocks and (not plays or roll < 0.01):
            seat, action = rnd.choice(clocks)
        elif leaves and (not plays or roll > 0.998):
            seat, action = rnd.choice(leaves)
        else:
            seat, action = rnd.choice(plays)
        state, _ = engine.apply(state, seat, action)


def picture_of(game: str, state: Any) -> Picture | None:
    engine = ENGINES[game]
    return art_of(game).picture(engine.view(state, None), NAMES[: engine.players(state)])


@cache
def samples(game: str) -> list[tuple[Any, Picture]]:
    """Pictures at several points of a random game with the fewest and with the most players
    (the different ones, in order)."""
    engine = ENGINES[game]
    out: list[tuple[Any, Picture]] = []
    seen: set[str] = set()
    for players in sorted({engine.min_players, engine.max_players}):
        every = list(states(game, players, f"samples-{game}-{players}"))
        for n in range(12):
            state = every[min(len(every) - 1, n * len(every) // 11)]
            pic = picture_of(game, state)
            if pic is not None and pic.key() not in seen:
                seen.add(pic.key())
                out.append((state, pic))
    return out


# -- 1. never a hidden card ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_no_hidden_card_ever_appears_in_a_public_picture(game):
    engine = ENGINES[game]
    pictures = 0
    for players in range(engine.min_players, engine.max_players + 1):
        for n in range(SEEDS):
            for state in states(game, players, f"hidden-{game}-{players}-{n}"):
                pic = picture_of(game, state)
                if pic is None:
                    continue
                pictures += 1
                shown = set(pic.faces()) & set(engine.hidden(state, None))
                assert not shown, f"{players} players: shows hidden {sorted(map(str, shown))}"
    assert pictures > 20


# -- 2. exactly the cards the view shows --------------------------------------------------------


def _faces(game: str, v: dict[str, Any]) -> list[Any]:
    """The face-up cards of the public view that the game's picture shows, read from the view
    as the text screens read it."""
    if game == "pyramid":
        if v["explore"] is not None:
            return [t["card"] for r in v["explore"]["rows"] for t in r["turned"]]
        return [c["card"] for r in v["rows"] for c in r["cards"] if not c["face_down"]]
    if game == "war":
        return [t["card"] for t in v["turned"] + v["save"]]
    if game == "giveandtake":
        return [c for d in v["duets"] for c in (d["take"], d["give"])] + v["leftovers"]
    if game == "spit":
        layouts = [c for s in v["seats"] for c in s["layout"] if c is not None]
        return layouts + [c["top"] for c in v["centre"] if c["top"] is not None]
    if game == "tarok":
        return [e["card"] for e in v["trick"] or v["last_trick"]]
    if game == "shithead":
        up = [u["card"] for p in v["players"] if not p["left"] for u in p["up"]]
        return up + [c for c in (v["pile_top"], v["turned"]) if c is not None]
    if game == "blackdeath":
        pair = v["discarded"][-1]["cards"] if v["discarded"] else []
        loser = v["loser"]
        death = [major(DEATH)] if loser is not None and v["seats"][loser]["cards"] == 1 else []
        return [*pair, *death]
    raise AssertionError(game)


@pytest.mark.parametrize("game", GAMES)
def test_the_pictures_faces_are_what_the_public_view_shows(game):
    engine = ENGINES[game]
    checked = 0
    for players in sorted({engine.min_players, engine.max_players}):
        for state in states(game, players, f"faces-{game}-{players}"):
            pic = picture_of(game, state)
            if pic is None:
                continue
            expected = _faces(game, engine.view(state, None))
            assert Counter(pic.faces()) == Counter(expected)
            checked += bool(expected)
    assert checked > 3


def test_the_pyramid_reads_top_row_first_with_the_current_card_marked():
    for state in states("pyramid", 4, "pyramid-shape"):
        v = ENGINES["pyramid"].view(state, None)
        pic = picture_of("pyramid", state)
        assert pic is not None
        assert [len(line.places) for line in pic.lines] == [1, 2, 3, 4, 5, 6]
        if v["explore"] is None:
            marked = [(n, i) for n, line in enumerate(pic.lines) for i in line.marked]
            current = v["index"]
            assert marked == ([] if current is None else [_position(current)])
            downs = sum(1 for r in v["rows"] for c in r["cards"] if c["face_down"])
            backs = sum(1 for line in pic.lines for p in line.places if isinstance(p, art.Back))
            assert backs == downs


def _position(index: int) -> tuple[int, int]:
    """Pyramid card ``index`` (0-5 the 6-row, ..., 20 the top) as (line, place), top first."""
    start = 0
    for row, size in enumerate((6, 5, 4, 3, 2, 1)):
        if index < start + size:
            return 5 - row, index - start
        start += size
    raise AssertionError(index)


def test_war_labels_each_players_cards_with_their_name():
    for state in states("war", 2, "war-names"):
        pic = picture_of("war", state)
        v = ENGINES["war"].view(state, None)
        if pic is None:
            assert not v["turned"]
            continue
        for seat, line in enumerate(pic.lines):
            assert line.label.startswith(NAMES[seat][:8])
            assert line.places[1] == v["turned"][seat]["card"]
            if v["save"]:
                assert line.places[2] == v["save"][seat]["card"]


def test_spit_shows_each_deck_with_its_own_back_and_count():
    for state in states("spit", 2, "spit-decks"):
        pic = picture_of("spit", state)
        v = ENGINES["spit"].view(state, None)
        assert pic is not None
        for seat, line in zip((0, 1), (pic.lines[0], pic.lines[-1]), strict=True):
            deck = line.places[-1]
            assert isinstance(deck, art.Pile) and deck.count == v["seats"][seat]["deck"]
            assert deck.top == (art.Back(deck=seat) if deck.count else None)
            assert all(c is None or c.deck == seat for c in line.places[:-1])
        centre = pic.lines[1].places
        assert [p.count for p in centre] == [c["cards"] for c in v["centre"]]


def test_tarok_puts_each_trick_card_under_its_players_hand_and_marks_the_taker():
    engine = ENGINES["tarok"]
    taken = 0
    for state in states("tarok", 3, "tarok-taker"):
        v = engine.view(state, None)
        pic = picture_of("tarok", state)
        assert pic is not None
        hands = pic.lines[0].places
        assert all(isinstance(p, art.Pile) and p.top in (None, art.Back(tarot=True)) for p in hands)
        assert [p.count for p in hands] == v["hand_sizes"]
        trick = v["trick"] or v["last_trick"]
        if not trick:
            assert len(pic.lines) == 1
            continue
        line = pic.lines[1]
        assert line.places == tuple(
            next((e["card"] for e in trick if e["seat"] == s), None) for s in range(3)
        )
        if not v["trick"]:
            assert line.marked == {v["last_winner"]}
            taken += 1
    assert taken


def test_shithead_and_black_death_show_tarot_backs():
    for game in ("shithead", "blackdeath"):
        for _, pic in samples(game):
            for line in pic.lines:
                for place in line.places:
                    top = place.top if isinstance(place, art.Pile) else place
                    assert not isinstance(top, art.Back) or top.tarot


# -- 3. a small PNG, drawn fast ----------------------------------------------------------------


def test_each_games_picture_renders_small_and_fast():
    pictures = [(game, pic) for game in GAMES for _, pic in samples(game)]
    art.render(pictures[0][1])  # warm-up: the font, the first card images
    spent: list[float] = []
    for game, pic in pictures:
        t = time.perf_counter()
        png = art.render(pic)
        spent.append(time.perf_counter() - t)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) <= 150_000, f"{game}: {len(png)} bytes"
    mean = sum(spent) / len(spent)
    assert mean <= 0.030, f"{1000 * mean:.1f} ms a picture"


# -- 4. the key follows the cards --------------------------------------------------------------


def _other(card: Any) -> Any:
    """A different card of the same kind (Spit: of the same deck)."""
    if isinstance(card, SpitCard):
        return SpitCard(card.rank % 13 + 2, card.suit, card.deck)
    if isinstance(card, Card):
        return Card(card.rank % 13 + 2, card.suit)
    assert isinstance(card, TarotCard)
    top = 21 if card.is_major else 14
    return dataclasses.replace(card, rank=card.rank + 1 if card.rank < top else card.rank - 1)


def _swap(view: Any, old: Any, new: Any) -> Any:
    """The view with every ``old`` card replaced by ``new``."""
    if isinstance(view, dict):
        return {k: _swap(v, old, new) for k, v in view.items()}
    if isinstance(view, list | tuple):
        return type(view)(_swap(v, old, new) for v in view)
    return new if type(view) is type(old) and view == old else view


@pytest.mark.parametrize("game", GAMES)
def test_the_key_is_the_same_for_the_same_view_and_changes_with_a_card(game):
    engine = ENGINES[game]
    changed = 0
    for state, pic in samples(game):
        names = NAMES[: engine.players(state)]
        view = engine.view(state, None)
        again = art_of(game).picture(engine.view(state, None), names)
        assert again is not None and again.key() == pic.key() and again == pic
        assert pic.key(four_colour=True) != pic.key()
        if pic.faces():
            old = pic.faces()[0]
            other = art_of(game).picture(_swap(view, old, _other(old)), names)
            assert other is not None and other.key() != pic.key()
            changed += 1
    assert changed


# -- labels fit a phone -----------------------------------------------------------------------


def _overflow(pic: Picture) -> list[str]:
    """The labels and caption that run past the picture's edge (the layout of ``render``)."""
    from bot.art.cards import CARD_W

    font = ImageFont.truetype(str(art.FONT), art.LABEL)
    widest = max((len(line.places) for line in pic.lines), default=0)
    full = (CARD_W + (CARD_W + art.GAP) * (widest - 1) if widest else 0) + 2 * art.PAD
    width = max(min(full, art.MAX_WIDTH), 240)
    room = width - 2 * art.PAD
    out = []
    for line in pic.lines:
        n = len(line.places)
        step = CARD_W + art.GAP
        if n > 1 and CARD_W + step * (n - 1) > room:
            step = max(12, (room - CARD_W) // (n - 1))
        x = art.PAD + (room - (CARD_W + step * (n - 1) if n else 0)) // 2
        if x + font.getlength(drawable(line.label)) > width - art.PAD // 2:
            out.append(line.label)
    if art.PAD + font.getlength(drawable(pic.caption, 80)) > width - art.PAD // 2:
        out.append(pic.caption)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_labels_fit_the_picture_and_it_stays_short(game):
    for _, pic in samples(game):
        assert not _overflow(pic)
        assert len(pic.lines) <= 8


def save_pictures(folder: str = "/tmp/pictures") -> None:
    """One picture per game, mid-game, to look at: ``python -c 'from tests.art.test_tables
    import save_pictures; save_pictures()'``."""
    import pathlib

    path = pathlib.Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        pics = samples(game)
        png = art.render(pics[len(pics) // 2][1])
        (path / f"{game}.png").write_bytes(png)
        print(game, Image.open(io.BytesIO(png)).size, len(png))
