"""The contract every engine keeps, checked on any registered engine without per-game code.

Like OpenSpiel's random-simulation test: random playouts (seeded) that check at every step that
``apply`` never mutates its input, that a state survives a JSON round trip with the same future,
that a table replays from seed plus log, that every active seat has a legal move unless the game
is over (and each legal move is accepted and survives its JSON and custom-id forms), that every
clock names a distinct decision, that no view shows a card its viewer may not see, and that the
game ends.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from bot.engines import records, takeback
from bot.engines.base import Action, Drink, Engine, Event, IllegalAction, Leave, Mark, Timeout
from bot.engines.cards import ROMAN, Card, TarotCard
from bot.engines.takeback import TakeBack, walk

CARD_TYPES = (Card, TarotCard)


def card_patterns(card: Any) -> list[re.Pattern[str]]:
    """How a card can appear in a message's text: its label ("10♥", "Q🍷", "XV The Devil"),
    a tarot Major also in a table's short form (✨ and its numeral), and its emoji's name
    (``<:bk_TH:...>``)."""
    if isinstance(card, TarotCard) and card.is_major:
        found = [
            re.compile(rf"(?<![IVX0-9]){re.escape(card.label)}"),
            re.compile(rf"\u2728{ROMAN[card.rank]}(?![IVX])"),
        ]
    else:
        found = [re.compile(rf"(?<![0-9A-Za-z]){re.escape(card.label)}")]
    return [*found, re.compile(rf"\bbk4?_{re.escape(card.code)}:")]


def named_in(text: str, cards: set[Any]) -> set[Any]:
    """The ``cards`` that ``text`` names (:func:`card_patterns`)."""
    return {c for c in cards if any(p.search(text) for p in card_patterns(c))}


def check_views(engine: Engine[Any], state: Any) -> None:
    """No view holds a card hidden from its viewer, as an object or as its code or label."""
    for viewer in [None, *range(engine.players(state))]:
        cards: set[Any] = set()
        strings: set[str] = set()
        walk(engine.view(state, viewer), cards, strings)
        hidden = set(engine.hidden(state, viewer))
        shown = hidden & cards
        assert not shown, f"view for {viewer} shows hidden {sorted(c.label for c in shown)}"
        words = {c.code for c in hidden} | {c.label for c in hidden}
        leaked = words & strings
        assert not leaked, f"view for {viewer} names hidden {sorted(leaked)}"


def check_action_forms(engine: Engine[Any], action: Action) -> None:
    """An action reads back from its JSON form, and from its custom-id form if it has one."""
    data = json.loads(json.dumps(action.to_json()))
    assert engine.parse(data) == action, (data, action)
    try:
        arg = action.to_arg()
    except ValueError:
        return  # a field a button can't carry (a split of sips): sent by selects or forms only
    assert type(action).from_arg(arg) == action, (arg, action)


def check_debts(engine: Engine[Any], state: Any) -> None:
    """A drink already owed is never lost: a seat that leaves while a clock runs on its debt
    (``Timer.owes``) drinks at least what that clock's timeout would have charged it."""
    for timer in engine.timers(state):
        if not timer.owes:
            continue
        assert len(timer.seats) == 1, f"a debt clock is one seat's: {timer}"
        (seat,) = timer.seats
        _, by_clock = engine.apply(state, None, timer.action)
        _, by_leave = engine.apply(state, seat, Leave())
        owed = sorted((e.seat, e.sips, e.kind) for e in by_clock if isinstance(e, Drink))
        paid = sorted((e.seat, e.sips, e.kind) for e in by_leave if isinstance(e, Drink))
        assert not (Counter(owed) - Counter(paid)), f"leaving lost {owed} ({timer.key})"


def dumped(engine: Engine[Any], state: Any) -> str:
    return json.dumps(engine.to_dict(state), sort_keys=True)


def moves(engine: Engine[Any], state: Any) -> list[tuple[int | None, Action]]:
    out: list[tuple[int | None, Action]] = []
    for seat in range(engine.players(state)):
        legal = engine.legal_actions(state, seat)
        if engine.is_over(state) or not engine.is_active(state, seat):
            assert legal == [], f"seat {seat} has moves but can't play: {legal}"
            continue
        assert legal, f"seat {seat} has no legal move and the game is not over"
        assert any(isinstance(a, Leave) for a in legal), f"seat {seat} can't leave"
        out += [(seat, a) for a in legal]
    keys = [t.key for t in engine.timers(state)]
    assert len(keys) == len(set(keys)), f"two clocks share a key: {keys}"
    if engine.is_over(state):
        assert not keys, f"clocks still run after the end: {keys}"
    out += [(None, Timeout(k)) for k in keys]
    return out


def playout(
    engine: Engine[Any],
    players: int,
    seed: str,
    rnd: random.Random,
    *,
    options: dict[str, Any] | None = None,
    max_steps: int = 20_000,
    leave_chance: float = 0.002,
    timeout_chance: float = 0.2,
    deep: bool = True,
    takeback_chance: float = 0.0,
) -> tuple[Any, list[tuple[int | None, dict[str, Any]]]]:
    """Play at random to the end, checking the contract at every step. Returns (state, log).
    ``takeback_chance``: how often a player's move that may be taken back
    (bot/engines/takeback.py) is taken back at once, a take-back entry in the log."""
    state = engine.new_game(players, seed, options or {})
    log: list[tuple[int | None, dict[str, Any]]] = []
    seen_keys: set[str] = set()
    for step in range(max_steps):
        if deep:
            check_views(engine, state)
        choices = moves(engine, state)
        if engine.is_over(state):
            return state, log
        for key in {t.key for t in engine.timers(state)} - {
            a.key for s, a in choices if isinstance(a, Timeout) and s is None
        }:
            raise AssertionError(key)
        clocks = [c for c in choices if c[0] is None]
        leaves = [c for c in choices if isinstance(c[1], Leave)]
        plays = [c for c in choices if c[0] is not None and not isinstance(c[1], Leave)]
        roll = rnd.random()
        if clocks and (not plays or roll < timeout_chance):
            seat, action = rnd.choice(clocks)
        elif leaves and (not plays or roll > 1 - leave_chance):
            seat, action = rnd.choice(leaves)
        else:
            seat, action = rnd.choice(plays)
        if deep:
            check_action_forms(engine, action)
            check_debts(engine, state)
        sample = deep or step % 25 == 0  # the deep playout checks every step, the others a sample
        before = dumped(engine, state) if sample else ""
        new, events = engine.apply(state, seat, action)
        if sample:
            assert dumped(engine, state) == before, f"apply mutated the state ({action})"
        if deep:  # a JSON round trip gives the same state, and so the same future
            again = engine.from_dict(json.loads(dumped(engine, new)))
            assert dumped(engine, again) == dumped(engine, new)
            assert records.dump(engine.view(again, None)) == records.dump(engine.view(new, None))
        for t in engine.timers(state):
            seen_keys.add(t.key)
        log.append((seat, action.to_json()))
        if (
            takeback_chance
            and rnd.random() < takeback_chance
            and may_take_back(engine, state, seat, action, new, events)
        ):
            log.append((seat, TakeBack(len(log)).to_json()))
            continue  # the state is as it was before the move
        state = new
    raise AssertionError(f"no end after {max_steps} actions ({players} players, seed {seed})")


def may_take_back(
    engine: Engine[Any], before: Any, seat: int | None, action: Action, after: Any, events: Any
) -> bool:
    try:
        takeback.check(engine, before, seat, action, after, events)
    except IllegalAction:
        return False
    return True


def replay(engine: Engine[Any], players: int, seed: str, options: dict[str, Any], log: Any) -> Any:
    return takeback.replayed(engine, engine.new_game(players, seed, options), log)


def check_engine(
    engine: Engine[Any], seeds: int = 4, *, options: dict[str, Any] | None = None
) -> None:
    """The whole contract over ``seeds`` playouts for every player count."""
    for players in range(engine.min_players, engine.max_players + 1):
        for n in range(seeds):
            seed = f"contract-{engine.name}-{players}-{n}"
            rnd = random.Random(seed)
            state, log = playout(
                engine, players, seed, rnd, options=options, deep=n == 0, takeback_chance=0.3
            )
            # determinism: the same seed and log give the same game, from the stored JSON log
            # (take-backs included: each returns the game to the state before its move)
            stored = json.loads(json.dumps(log))
            again = replay(engine, players, seed, options or {}, stored)
            assert dumped(engine, again) == dumped(engine, state)
            # a state read back mid-game has the same future (read back between two moves,
            # not between a move and its take-back: memory of the move before goes with it)
            mid = len(log) // 2
            while mid < len(log) and takeback.is_take_back(stored[mid][1]):
                mid += 1
            half = replay(engine, players, seed, options or {}, stored[:mid])
            half = engine.from_dict(json.loads(dumped(engine, half)))
            rest = replay_from(engine, half, stored[mid:], first=mid + 1)
            assert dumped(engine, rest) == dumped(engine, state)
            results = engine.results(state)
            assert sorted(o.seat for o in results.outcomes) == list(range(players))


def replay_from(engine: Engine[Any], state: Any, log: Any, first: int = 1) -> Any:
    """The state after ``log``, whose first entry is move number ``first``, from ``state``."""
    return takeback.replayed(engine, state, log, first=first)


def marked_game(
    engine: Engine[Any],
    players: int,
    seed: str,
    *,
    options: dict[str, Any] | None = None,
    avoid: tuple[type[Action], ...] = (),
    timeout_chance: float = 0.1,
) -> tuple[list[Any], list[list[Event]], list[Mark]]:
    """A whole random game where nobody leaves and no move of ``avoid`` is made: every state
    (``[0]`` the deal), every step's events, and the engine's marks over them, checked against
    :meth:`Engine.marks`'s contract (steps 1 to the last, in order, one a step)."""
    rnd = random.Random(seed)
    state = engine.new_game(players, seed, options or {})
    states, events = [state], [engine.opening(state)]
    for _ in range(20_000):
        if engine.is_over(state):
            break
        choices = [
            (seat, a) for seat, a in moves(engine, state) if not isinstance(a, (Leave, *avoid))
        ]
        plays = [c for c in choices if c[0] is not None]
        clocks = [c for c in choices if c[0] is None]
        pick = clocks if clocks and (not plays or rnd.random() < timeout_chance) else plays
        seat, action = rnd.choice(pick)
        state, said = engine.apply(state, seat, action)
        states.append(state)
        events.append(said)
    assert engine.is_over(state), f"{engine.name} did not end"
    marks = engine.marks(states, events)
    steps = [m.step for m in marks]
    assert steps == sorted(set(steps)) and all(0 < n < len(states) for n in steps), steps
    return states, events, marks
