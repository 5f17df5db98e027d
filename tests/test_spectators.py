"""Spectators never see a card the rules keep hidden: over random whole games of every game
(seeded, at the fewest, a middling and the most players), everything the public can see at each
step holds no card that ``Engine.hidden(state, None)`` keeps from the public then: the
play-by-play thread's lines for that step (built from the stored action log as the thread builds
them), the public table's text and its picture's faces. A card once shown to all may be named
again (a line about a card played earlier, on a table where it has since been picked up).

Cards are spotted in text as the other hidden-card checks spot them
(tests/engines/contract.py ``named_in``: a card's label, a Major's short form, its emoji)."""

from __future__ import annotations

import pytest

from bot.art.tables import picture_of
from bot.engines import ENGINES
from bot.engines.base import Log, Private
from bot.replay import deal, play
from bot.tables import TableService
from bot.ui import playbyplay
from bot.ui.common import say_names
from tests.engines.contract import named_in, walk
from tests.phone import table_text
from tests.test_screens import NAMES, play_at_random

SEEDS = 2  # random games per player count
# games whose private lines name cards the public may not see (your hand's cards, in Shithead)
PRIVATE_CARDS = {"shithead"}


def counts(game: str) -> list[int]:
    engine = ENGINES[game]
    low, high = engine.min_players, engine.max_players
    return sorted({low, (low + high) // 2, high})


@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_spectators_never_see_a_hidden_card(store, clock, game):
    engine = ENGINES[game]
    checked = teeth = 0
    for players in counts(game):
        for n in range(SEEDS):
            seed = f"spectators-{game}-{players}-{n}"
            service = TableService(store, ENGINES, clock, seeds=lambda s=seed: s)
            seen: dict[int, list[tuple[str, frozenset]]] = {}  # step -> (table text, faces)

            def look(table, seen=seen) -> None:
                names = {s.seat: s.name for s in table.seats if s.seat is not None}
                pic = picture_of(table.row.game, table.view(), names, len(names))
                faces = frozenset(pic.faces()) if pic is not None else frozenset()
                seen.setdefault(table.row.seq, []).append((table_text(table), faces))

            table = await play_at_random(service, game, players, 7 * players + n, NAMES, look)
            async with store.reading() as q:
                moves = await q.actions_with_seq(table.id)
                rows = await q.table_drinks(table.id)
            state, opening = deal(engine, players, table.row.seed, table.row.options)
            states, steps = [state], [(0, None, None, opening)]
            for seq, seat, action, after, events in play(engine, state, moves):
                states.append(after)
                steps.append((seq, seat, action, events))
            thread = dict(playbyplay.steps_lines(steps, rows, playbyplay.users(table)))
            assert states[-1] == table.state  # the thread's replay is the table's game
            public: set = set()  # every card shown to all so far
            for step, state in enumerate(states):
                walk(engine.view(state, None), public, set())
                hidden = set(engine.hidden(state, None))
                events = steps[step][3]
                # what the step's public log tells (a card turned, then shuffled away) is
                # shown to all; what it told one player alone (Private) is not
                for e in events:
                    if isinstance(e, Log):
                        public |= named_in(e.text, hidden - public)
                # a hidden card that looks like one on show (two decks: Spit's, Pyramid's
                # exploration) can't be told apart from it on screen: not counted
                shown = {c.label for c in public}
                secret = {c for c in hidden - public if c.label not in shown}
                for e in events:
                    if isinstance(e, Private) and named_in(e.text, secret):
                        teeth += 1  # a private line the check would catch, were it shown
                said = [say_names(line, table.names()) for line in thread[step]]
                for text, faces in [*((line, frozenset()) for line in said), *seen.get(step, [])]:
                    leaked = named_in(text, secret)
                    where = f"{players} players, seed {seed}, step {step}"
                    assert not leaked, f"{where}: {sorted(map(str, leaked))} in {text!r}"
                    assert not faces & hidden, f"{where}: the picture shows {faces & hidden}"
                    checked += 1
    assert checked > 50
    if game in PRIVATE_CARDS:  # the check would see a private line's card
        assert teeth > 0


def test_a_message_holds_whole_steps_and_only_a_step_too_long_for_one_is_split():
    names = {"p0": "Ana"}
    line = "{p0} " + "x" * 600  # 609 characters once named
    steps = [(1, [line, line]), (2, [line, line]), (3, [line] * 5)]
    out = playbyplay.messages(steps, names, "Header")
    # step 2 does not fit after step 1: it starts the next message, whole
    assert [(done, part) for _, done, part in out] == [(1, 0), (2, 0), (2, 3), (3, 0)]
    assert all(len(text) <= playbyplay.MESSAGE_CHARS for text, _, _ in out)
    assert out[0][0].startswith("Header\n**Ana** x") and out[0][0].count("\n") == 2
    assert out[2][0].count("**Ana**") == 3 and out[3][0].count("**Ana**") == 2
    # after the first part of step 3 went out, only its rest is left to post
    rest = playbyplay.messages([(3, [line] * 5)], names, skip=3)
    assert rest == [(out[3][0], 3, 0)]
