"""The contract every engine keeps, checked on any registered engine without per-game code.

Like OpenSpiel's random-simulation test: random playouts (seeded) that check at every step that
``apply`` never mutates its input, that a state survives a JSON round trip with the same future,
that a table replays from seed plus log, that every active seat has a legal move unless the game
is over (and each legal move is accepted and survives its JSON and custom-id forms), that every
clock names a distinct decision, that no view shows a card its viewer may not see, and that the
game ends.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from enum import Enum
from typing import Any

from bot.engines import records
from bot.engines.base import Action, Drink, Engine, Event, Leave, Mark, Timeout
from bot.engines.cards import Card, TarotCard

CARD_TYPES = (Card, TarotCard)


def walk(view: Any, cards: set[Any], strings: set[str]) -> None:
    """Collect every card object and every string anywhere in a view."""
    kind = type(view)
    if kind is str:
        strings.add(view)
    elif kind in (int, float, bool) or view is None:
        return
    elif kind is dict:
        for k, v in view.items():
            walk(k, cards, strings)
            walk(v, cards, strings)
    elif kind in (list, tuple, set, frozenset):
        for v in view:
            walk(v, cards, strings)
    elif isinstance(view, CARD_TYPES):
        cards.add(view)
    elif isinstance(view, Action):
        return  # moves carry numbers and words, never cards
    elif dataclasses.is_dataclass(view) and not isinstance(view, type):
        for f in dataclasses.fields(view):
            walk(getattr(view, f.name), cards, strings)
    elif isinstance(view, Enum):
        strings.add(str(view.value))


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
) -> tuple[Any, list[tuple[int | None, dict[str, Any]]]]:
    """Play at random to the end, checking the contract at every step. Returns (state, log)."""
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
        new, _events = engine.apply(state, seat, action)
        if sample:
            assert dumped(engine, state) == before, f"apply mutated the state ({action})"
        if deep:  # a JSON round trip gives the same state, and so the same future
            again = engine.from_dict(json.loads(dumped(engine, new)))
            assert dumped(engine, again) == dumped(engine, new)
            assert records.dump(engine.view(again, None)) == records.dump(engine.view(new, None))
        for t in engine.timers(state):
            seen_keys.add(t.key)
        log.append((seat, action.to_json()))
        state = new
    raise AssertionError(f"no end after {max_steps} actions ({players} players, seed {seed})")


def replay(engine: Engine[Any], players: int, seed: str, options: dict[str, Any], log: Any) -> Any:
    state = engine.new_game(players, seed, options)
    for seat, action in log:
        state, _ = engine.apply(state, seat, action)
    return state


def check_engine(
    engine: Engine[Any], seeds: int = 4, *, options: dict[str, Any] | None = None
) -> None:
    """The whole contract over ``seeds`` playouts for every player count."""
    for players in range(engine.min_players, engine.max_players + 1):
        for n in range(seeds):
            seed = f"contract-{engine.name}-{players}-{n}"
            rnd = random.Random(seed)
            state, log = playout(engine, players, seed, rnd, options=options, deep=n == 0)
            # determinism: the same seed and log give the same game, from the stored JSON log
            stored = json.loads(json.dumps(log))
            again = replay(engine, players, seed, options or {}, stored)
            assert dumped(engine, again) == dumped(engine, state)
            # a state read back mid-game has the same future
            mid = len(log) // 2
            half = replay(engine, players, seed, options or {}, stored[:mid])
            half = engine.from_dict(json.loads(dumped(engine, half)))
            rest = replay_from(engine, half, stored[mid:])
            assert dumped(engine, rest) == dumped(engine, state)
            results = engine.results(state)
            assert sorted(o.seat for o in results.outcomes) == list(range(players))


def replay_from(engine: Engine[Any], state: Any, log: Any) -> Any:
    for seat, action in log:
        state, _ = engine.apply(state, seat, action)
    return state


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
