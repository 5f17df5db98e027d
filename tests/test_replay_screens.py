"""The replay stepper (bot/ui/replay.py) for every game: every step of a whole random game
draws, fits a phone, says where it is, and its controls go where they say; the jump menu lists
the places the game's marks name, in even runs when they don't all fit."""

from __future__ import annotations

import pytest

from bot import replay
from bot.engines import ENGINES
from bot.engines.base import Mark
from bot.i18n import LANGUAGES, speaking, t
from bot.ui import replay as screens
from bot.ui.common import BODY_CHARS, BODY_LINES, size
from bot.ui.components import CUSTOM_ID_RE, Ref
from tests.test_replay import play, stored


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_every_step_of_a_whole_game_draws_and_fits_a_phone(store, service, game, lang):
    engine = ENGINES[game]
    table = await play(service, game, min(engine.max_players, 4), 3)
    record = replay.make_record(*(await stored(store, table.id)))
    replayed = replay.replay_record(record)
    total = len(replayed.steps)
    for step in sorted({*range(0, total + 1, max(1, total // 40)), total}):
        with speaking(lang):
            screen = screens.stepper(record, replayed, step)
            head = screen.embed.description.splitlines()[0]
            assert head == screens.heading(replayed, step, screens._names(record, step))
        lines, chars = size(screen)
        assert lines <= BODY_LINES and chars <= BODY_CHARS, (game, step, lines, chars)
        ids = [b.custom_id for row in screen.rows for b in (row if isinstance(row, list) else [])]
        assert len(ids) == len(set(ids)) and all(CUSTOM_ID_RE.fullmatch(c) for c in ids)
        back, forward = (screens.step_of(Ref.parse(c).arg) for c in ids[1:3])
        assert (back, forward) == (max(0, step - 1), min(total, step + 1))
        ended = t(lang, "replay-place-end", place="")
        grouped = head.replace("\xa0", "")  # 1 020 steps, as Swedish writes it
        assert f" {step} " in grouped and head.endswith(ended) == (step == total), (game, step)
        (jump,) = [row for row in screen.rows if not isinstance(row, list)]
        values = [int(o.value) for o in jump.options]
        assert values == sorted(set(values)) and values[0] == 0 and values[-1] == total
        assert len(values) <= 25 and all(len(o.label) <= 100 for o in jump.options)


def marks(*labels: str, part: str | None = None, start: int = 1) -> list[Mark]:
    return [Mark(start + i, label, part) for i, label in enumerate(labels)]


def test_a_run_of_places_is_named_by_its_first_and_last():
    assert screens.span("Hand 3", "Hand 3") == "Hand 3"
    assert screens.span("Hand 3", "Hand 5") == "Hand 3-5"
    assert screens.span("Hand 2, trick 5", "Hand 2, trick 8") == "Hand 2, trick 5-8"
    assert screens.span("Pair 12 of 28", "Pair 15 of 28") == "Pair 12-15"
    assert screens.span("Turn 6, fight flip 2", "Turn 9") == "Turn 6-9"
    assert screens.span("6-row, card 6", "5-row, card 2") == "6-row, card 6 \u2013 5-row, card 2"
    assert (
        screens.span("Pile 8", "The draw pile runs out") == "Pile 8 \u2013 The draw pile runs out"
    )


def test_the_jump_menu_lists_every_mark_that_fits_between_the_deal_and_the_end():
    hands = marks(*(f"Hand {n}" for n in range(1, 24)), start=2)
    places = screens.jump_places(hands, 50)
    assert places == [(0, "The deal"), *((m.step, m.label) for m in hands), (50, "The end")]
    # a mark at the last step is the end
    assert screens.jump_places(hands[:3], 4)[-1] == (4, "Hand 3 · the end")


def test_more_marks_than_fit_are_shown_in_even_runs():
    hands = marks(*(f"Hand {n}" for n in range(1, 27)))  # War's 26 hands
    places = screens.jump_places(hands, 60)
    assert len(places) == 25 and places[0] == (0, "The deal") and places[-1] == (60, "The end")
    runs = [label.removeprefix("Hand ").split("-") for _, label in places[1:-1]]
    covered = [n for run in runs for n in range(int(run[0]), int(run[-1]) + 1)]
    assert covered == list(range(1, 27)) and {len(run) for run in runs} == {1, 2}
    assert [step for step, _ in places[1:-1]] == [int(run[0]) for run in runs]  # its first


def test_each_larger_part_keeps_a_place_and_the_rest_go_where_most_marks_share_one():
    tricks = [
        *marks(*(f"Hand 1, trick {n}" for n in range(1, 40)), part="Hand 1"),
        *marks(*(f"Hand 2, trick {n}" for n in range(1, 40)), part="Hand 2", start=40),
        *marks("Hand 3, trick 1", part="Hand 3", start=79),
    ]
    places = screens.jump_places(tricks, 80)
    labels = [label for _, label in places[1:-1]]
    assert len(labels) == 23 and labels[-1] == "Hand 3, trick 1"
    assert labels[0] == "Hand 1, trick 1-4" and "Hand 2, trick 1-4" in labels  # no run crosses
    assert sum(x.startswith("Hand 1,") for x in labels) == 11  # a hand starts
    assert sum(x.startswith("Hand 2,") for x in labels) == 11
    # more parts than room: runs of whole parts
    many = [m for h in range(1, 31) for m in marks(f"Hand {h}, trick 1", part=f"Hand {h}")]
    many = [Mark(i + 1, m.label, m.part) for i, m in enumerate(many)]
    labels = [label for _, label in screens.jump_places(many, 40)[1:-1]]
    assert len(labels) == 23 and labels[:2] == ["Hand 1", "Hand 2-3"]


def test_a_game_without_marks_offers_evenly_spaced_steps():
    places = screens.jump_places([], 100)
    assert len(places) == 20 and places[1] == (5, "Step 5") and places[-1] == (100, "The end")


@pytest.mark.parametrize("game", ["pyramid", "blackdeath"])
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
async def test_a_full_table_of_the_longest_names_still_fits_a_phone(store, service, game, lang):
    """Ten players of 32 characters: the totals' names are cut short first, then hands give
    way, then a log line, never leaving bold text open."""
    table = await play(service, game, 10, 7)
    record = replay.make_record(*(await stored(store, table.id)))
    for p in record["players"]:
        p["name"] = f"Player{p['seat']}".ljust(32, "x")
    replayed = replay.replay_record(record)
    for step in range(0, len(replayed.steps) + 1, 3):
        with speaking(lang):
            screen = screens.stepper(record, replayed, step)
        lines, chars = size(screen)
        assert lines <= BODY_LINES and chars <= BODY_CHARS, (step, lines, chars)
        assert screen.embed.description.count("**") % 2 == 0, screen.embed.description
