"""Model-based tests of every engine: Hypothesis state machines that play any game at random.

One :class:`hypothesis.stateful.RuleBasedStateMachine` per game in ``ENGINES``. A run deals a
table (players, seed and options drawn), logs what ``opening`` says as the table does, and then
drives it as the table service does: a seat makes one of its legal moves, a clock that is due
fires its ``Timeout`` with ``seat=None``, a seat leaves, or a stretch of random play goes by;
and someone sends moves, mostly ones not legal for them (another seat's move, a legal move with
a field changed, any move of the game with its fields drawn at random, a stopped clock, a
player's move from the table or the table's clock from a player).
After every step:

- cards are conserved: the cards in the state are exactly the deck(s) dealt (:data:`CARDS` says
  where each game keeps them), a card is never duplicated or lost;
- only legal moves are accepted: each legal move is, and each illegal one is refused with a
  ``GameError`` that leaves the state as it was (:func:`verdict` says which moves a game must
  accept: the legal ones, and the few other forms a game accepts by design);
- no view (each seat's, and the public one) holds a card ``hidden`` keeps from its viewer;
- a state survives its JSON round trip (the same state, moves and clocks);
- and at the end of a run the table replays from its seed, options and action log to the same
  state, also from a stored state read back halfway.

CI runs a few deterministic examples (``derandomize``: it can't flake; no shrinking, which can
take minutes on runs this long). For a long search, with shrinking::

    HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest tests/engines/test_models.py

(500 examples of up to 100 steps per game, drawn at random each time: a failure prints the
``@seed`` and the steps that reproduce it).
"""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from bot.engines import ENGINES, records
from bot.engines.base import Action, Engine, Event, GameError, Leave, Timeout
from bot.engines.blackdeath import SetForfeit, black_death_deck
from bot.engines.cards import TAROT, french_deck
from bot.engines.spit import own_deck
from tests.engines.contract import (
    check_action_forms,
    check_views,
    dumped,
    moves,
    replay,
    replay_from,
    walk,
)

# -- profiles ---------------------------------------------------------------------------------

_COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
# CI: no shrinking (it can take minutes on these long runs); a failure still prints its steps,
# and the same steps every time (derandomize).
settings.register_profile(
    "models",
    max_examples=12,
    stateful_step_count=40,
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    **_COMMON,
)
settings.register_profile(
    "thorough", max_examples=500, stateful_step_count=100, derandomize=False, **_COMMON
)
PROFILE = "thorough" if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else "models"

# -- where each game keeps its cards -----------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """Where a game's state keeps its cards.

    ``decks(state)``: each deck in play with the state's fields that hold it, all of it at every
    moment. ``copies``: fields that repeat cards held in those (the last trick, the recent
    moves): they hold only cards of the decks. Any other field holds no card at all.
    """

    decks: Callable[[Any], list[tuple[list[Any], tuple[str, ...]]]]
    copies: tuple[str, ...] = ()


FRENCH = french_deck()


def _pyramid_decks(state: Any) -> list[tuple[list[Any], tuple[str, ...]]]:
    # the explorer's pyramid is a second deck, freshly shuffled (rules/pyramid.md, exploration)
    main = (FRENCH, ("pyramid", "undealt", "hands", "laid"))
    second = (FRENCH, ("ex_pyramid", "stock", "discard"))
    return [main, second] if state.ex_pyramid else [main]


CARDS: dict[str, Cards] = {
    "blackdeath": Cards(lambda s: [(black_death_deck(), ("hands", "discarded"))]),
    "giveandtake": Cards(
        lambda s: [(FRENCH, ("give", "take", "leftovers", "face_down", "rounds"))]
    ),
    "pyramid": Cards(_pyramid_decks),
    "shithead": Cards(
        lambda s: [
            (
                list(TAROT),
                ("hands", "up", "down", "draw", "pile", "burned", "removed", "turned"),
            )
        ]
    ),
    "spit": Cards(
        lambda s: [(own_deck(0) + own_deck(1), ("decks", "layouts", "centre"))],
        copies=("recent",),
    ),
    "tarok": Cards(
        lambda s: [(list(TAROT), ("hands", "pile", "trick", "taken", "out", "discards"))],
        copies=("last_trick",),
    ),
    "war": Cards(lambda s: [(FRENCH, ("piles", "turned", "save", "discard"))]),
}


class _Bag(list):  # type: ignore[type-arg]
    """A multiset for :func:`contract.walk`, which collects cards with ``add``."""

    add = list.append


def cards_in(value: Any) -> Counter[Any]:
    bag = _Bag()
    walk(value, bag, set())  # type: ignore[arg-type]
    return Counter(bag)


def check_cards(name: str, state: Any) -> None:
    """The cards in the state are the decks dealt: none lost, none made up, none twice."""
    spec = CARDS[name]
    fields = {f.name for f in dataclasses.fields(state)}
    held: Counter[Any] = Counter()
    named: set[str] = set(spec.copies)
    for deck, where in spec.decks(state):
        assert set(where) <= fields, f"{name} has no field {sorted(set(where) - fields)}"
        here: Counter[Any] = Counter()
        for f in where:
            here += cards_in(getattr(state, f))
        assert here == Counter(deck), (
            f"{name}: {'+'.join(where)} holds {sorted(c.code for c in (here - Counter(deck)))}"
            f" too many, misses {sorted(c.code for c in (Counter(deck) - here))}"
        )
        held += here
        named |= set(where)
    for f in spec.copies:
        extra = cards_in(getattr(state, f)) - held
        assert not extra, f"{name}.{f} repeats cards no deck holds: {sorted(extra)}"
    for f in fields - named:
        stray = cards_in(getattr(state, f))
        assert not stray, f"{name}.{f} holds cards outside the decks: {sorted(stray)}"


# -- illegal moves ----------------------------------------------------------------------------


def key(action: Action) -> str:
    return repr(action)  # actions hold lists (unhashable): compare them by their repr


def _changed(value: Any) -> list[Any]:
    """Wrong values for one field of a legal move."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 10**6]
    if isinstance(value, str):
        return ["", "x" * 1000]
    if isinstance(value, list | tuple) and all(isinstance(v, int) for v in value):
        kind = type(value)
        out = [kind(), kind([*value, *value[:1]]), kind([*value, 10**6])]
        if value:
            out += [kind(value[:-1]), kind([value[0] + 1, *value[1:]])]
        return out
    return []


def mutations(action: Action) -> list[Action]:
    """``action`` with one field changed to a value no table should accept as it is."""
    out = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is None:
            continue  # a field left out means the default or a stored action's old form
        for wrong in _changed(value):
            try:
                out.append(dataclasses.replace(action, **{f.name: wrong}))
            except (TypeError, ValueError):
                continue
    return out


# Stamps: a field naming the decision a button was made for (the hand, the turn, the card).
# Left out (``None``) it means the decision now, as actions stored before the field read; so a
# move with its stamp left out and the same move stamped with the decision now are one move.
STAMPS: dict[tuple[str, str, str], Callable[[Any], int]] = {
    ("war", "flip", "hand"): lambda s: s.hands_played + 1,
    ("giveandtake", "go", "turn"): lambda s: s.turns + 1,
    ("giveandtake", "pile", "turn"): lambda s: s.turns,
    ("pyramid", "lay", "on"): lambda s: s.index,
    ("pyramid", "pass", "on"): lambda s: s.index,
}


def same_moves(name: str, state: Any, action: Action) -> list[Action]:
    """``action`` and its other forms that are the same move (stamped or not, card ids in
    any order)."""
    out = [action]
    if isinstance(action, Leave) and action.timeouts is not None:
        out.append(Leave())  # the table's removal after that many timeouts in a row: a leave
    for (game, verb, f), now in STAMPS.items():
        if game == name and verb == action.verb:
            value = getattr(action, f)
            if value is None:
                out.append(dataclasses.replace(action, **{f: now(state)}))
            elif value == now(state):
                out.append(dataclasses.replace(action, **{f: None}))
    if name == "shithead" and action.verb in ("play", "choose"):
        out += [dataclasses.replace(a, cards=sorted(a.cards)) for a in list(out)]  # type: ignore[attr-defined]
    return out


def verdict(engine: Engine[Any], state: Any, seat: int | None, action: Action) -> bool | None:
    """Whether the game must accept ``action`` from ``seat`` now; ``None``: a form from a select
    or a form that ``legal_actions`` lists by example only, not judged here.

    Accepted: a Timeout of a running clock from the table; a move ``legal_actions`` lists for
    the seat (in any of its :func:`same_moves` forms). And by design, outside that list:

    - a host move (``host_actions``) from a seat out of the game: the host keeps the table's
      powers there (``Engine.apply``; the table checks who the host is). It is accepted when
      it is a legal move of the players still in (giveandtake.py: Go and LastCall; pyramid.py:
      Ask);
    - Pyramid's auto-pass switched during the look (listed only once cards are turned);
    - Black Death's forfeit is free text from a form: ``legal_actions`` offers an example text,
      and any 1-200 characters after stripping are accepted (blackdeath.py's docstring).

    Not judged: Pyramid's several cards laid at once (``Lay.slots``) and its gives other than
    one listed (``Give`` with a ``split``, a ``share`` or no ``sips``), Shithead's Fool played
    with minors without naming it: ``legal_actions`` shows one form each.
    Everything else must be refused.
    """
    name = engine.name
    if seat is None:
        return isinstance(action, Timeout) and action.key in {t.key for t in engine.timers(state)}
    if isinstance(action, Timeout) or not 0 <= seat < engine.players(state):
        return False
    legal = {key(a) for a in engine.legal_actions(state, seat)}
    if any(key(a) in legal for a in same_moves(name, state, action)):
        return True
    if engine.is_over(state):
        return False
    if type(action) in engine.host_actions and not engine.is_active(state, seat):
        return any(
            key(a) in {key(b) for b in engine.legal_actions(state, s)}
            for s in range(engine.players(state))
            if engine.is_active(state, s)
            for a in same_moves(name, state, action)
        )
    if isinstance(action, SetForfeit):
        offered = any(isinstance(a, SetForfeit) for a in engine.legal_actions(state, seat))
        return offered and 1 <= len(action.text.strip()) <= 200
    if name == "pyramid" and action.verb == "lay" and action.slots is not None:  # type: ignore[attr-defined]
        return None
    if (
        name == "pyramid"
        and action.verb == "give"
        and (
            action.split is not None or action.share is not None or action.sips is None  # type: ignore[attr-defined]
        )
    ):
        return None
    if name == "shithead" and action.verb == "play" and action.as_value is None:  # type: ignore[attr-defined]
        return None
    if name == "pyramid" and action.verb == "auto" and state.phase == "peek":
        # auto-pass may be switched during the look, though legal_actions lists it only once
        # cards are turned (pyramid.py: "never the only move there")
        on = action.on  # type: ignore[attr-defined]
        return (
            engine.is_active(state, seat)
            and isinstance(on, bool)
            and on != (seat in state.autopass)
        )
    return False


INTS = [-1, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 13, 14, 20, 21, 30, 51, 55, 56, 77, 78, 10**6]
TEXTS = ["", "   ", "Sing", "x" * 201]


def any_value(tp: Any, pick: Callable[[list[Any]], Any]) -> Any:
    """A value of a move's field type, from a small domain that covers every game's range."""
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if type(None) in typing.get_args(tp) and pick([True, False]):
        return None
    if len(args) == 1 and typing.get_origin(tp) not in (list, tuple, dict):
        tp = args[0]
    origin = typing.get_origin(tp)
    if tp is bool:
        return pick([True, False])
    if tp is int:
        return pick(INTS + list(range(0, 80)))
    if tp is str:
        return pick(TEXTS)
    if origin in (list, tuple):
        n = pick([0, 1, 2, 3, 4])
        return origin(pick(list(range(-1, 80))) for _ in range(n))
    if origin is dict:
        return {pick(list(range(-1, 11))): pick([0, 1, 2, 5]) for _ in range(pick([0, 1, 2]))}
    raise TypeError(tp)


def any_move(engine: Engine[Any], pick: Callable[[list[Any]], Any]) -> Action:
    """Any move of the game's verbs (Leave included), its fields drawn at random."""
    verb = pick([*engine.actions, Leave])
    hints = records._hints(verb)
    return verb(**{f.name: any_value(hints[f.name], pick) for f in records.record_fields(verb)})


# -- the machine ------------------------------------------------------------------------------


def option_values(engine: Engine[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Any valid options: each option on or off, or anywhere in its range."""
    return st.fixed_dictionaries(
        {
            o.name: st.booleans()
            if isinstance(o.default, bool)
            else st.integers(o.minimum, o.maximum)
            for o in engine.options
        }
    )


class EngineModel(RuleBasedStateMachine):
    """Plays one game (``name``) as the table service does, checking the invariants."""

    name: str = ""

    def __init__(self) -> None:
        super().__init__()
        self.engine: Engine[Any] = ENGINES[self.name]
        self.state: Any = None
        self.log: list[tuple[int | None, dict[str, Any]]] = []
        self.keys_seen: set[str] = set()

    # -- helpers --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.engine.is_over(self.state)

    def apply(self, seat: int | None, action: Action) -> None:
        """A move the game must accept, applied as the table applies it (and logged)."""
        engine = self.engine
        before = dumped(engine, self.state)
        new, events = engine.apply(self.state, seat, action)  # a GameError here fails the run
        assert dumped(engine, self.state) == before, f"apply mutated its input ({action})"
        assert all(isinstance(e, Event) for e in events), events
        self.state = new
        self.log.append((seat, action.to_json()))
        self.keys_seen |= {t.key for t in engine.timers(new)}

    def step_checks(self, views: bool = True) -> None:
        check_cards(self.name, self.state)
        if views:
            check_views(self.engine, self.state)

    def seats_with_moves(self) -> dict[int, list[Action]]:
        choices = moves(self.engine, self.state)  # the contract's checks of the moves, too
        out: dict[int, list[Action]] = {}
        for seat, action in choices:
            if seat is not None and not isinstance(action, Leave):
                out.setdefault(seat, []).append(action)
        return out

    # -- the deal ---------------------------------------------------------------------------
    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        engine = self.engine
        self.players = data.draw(
            st.integers(engine.min_players, engine.max_players), label="players"
        )
        self.seed = f"model-{data.draw(st.integers(0, 10**6), label='seed')}"
        self.options = data.draw(option_values(engine), label="options")
        # a seat may leave once this many moves are logged (never, for most runs' length)
        self.leave_from = data.draw(st.integers(0, 150), label="leaves from move")
        self.state = engine.new_game(self.players, self.seed, self.options)
        before = dumped(engine, self.state)
        self.opening = engine.opening(self.state)  # the table logs it at the start
        assert dumped(engine, self.state) == before, "opening changed the state"
        assert all(isinstance(e, Event) for e in self.opening)
        self.keys_seen = {t.key for t in engine.timers(self.state)}
        self.step_checks()

    # -- rules ------------------------------------------------------------------------------
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        """A seat makes one of its legal moves (a leave aside)."""
        if self.over:
            return self.after_the_end(data)
        choices = self.seats_with_moves()
        if not choices:
            note("nobody can move but to leave: waiting for a clock")
            return
        seat = data.draw(st.sampled_from(sorted(choices)), label="seat")
        action = data.draw(st.sampled_from(choices[seat]), label="move")
        check_action_forms(self.engine, action)
        self.apply(seat, action)

    @precondition(lambda self: self.over or bool(self.engine.timers(self.state)))
    @rule(data=st.data())
    def clock(self, data: st.DataObject) -> None:
        """A clock the game declares runs out: the table applies its Timeout, seat None."""
        if self.over:
            return self.after_the_end(data)
        timer = data.draw(st.sampled_from(self.engine.timers(self.state)), label="clock")
        self.apply(None, timer.action)

    @precondition(lambda self: self.over or len(self.log) >= self.leave_from)
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        if self.over:
            return self.after_the_end(data)
        engine = self.engine
        seats = [s for s in range(self.players) if engine.is_active(self.state, s)]
        seat = data.draw(st.sampled_from(seats), label="leaver")
        self.apply(seat, Leave())

    @rule(rnd=st.randoms(use_true_random=False), n=st.integers(1, 40))
    def play_on(self, rnd: Any, n: int) -> None:
        """A stretch of random play (no leaves), checked at every move: reaches deep states."""
        for i in range(n):
            if self.over:
                return
            plays = [(s, a) for s, acts in self.seats_with_moves().items() for a in acts]
            clocks = [(None, t.action) for t in self.engine.timers(self.state)]
            if clocks and (not plays or rnd.random() < 0.2):
                seat, action = rnd.choice(clocks)
            else:
                seat, action = rnd.choice(plays)
            if i % 2 == 0:
                self.judge(*self.a_try(rnd.choice))
            self.apply(seat, action)
            self.step_checks(views=i % 3 == 2)  # every view after the rule, too

    def after_the_end(self, data: st.DataObject) -> None:
        """Once the game is over, every move is refused: a leave, or a move made before."""
        seat, action = data.draw(
            st.sampled_from([(s, Leave()) for s in range(self.players)] + self.log),
            label="a move after the end",
        )
        before = dumped(self.engine, self.state)
        try:
            self.engine.apply(self.state, seat, action)
        except GameError:
            pass
        else:
            raise AssertionError(f"the game is over, yet seat {seat} could {action}")
        assert dumped(self.engine, self.state) == before

    def a_try(self, pick: Callable[[list[Any]], Any]) -> tuple[int | None, Action]:
        """A move someone might send now, most often one not legal for them: another seat's
        move, a legal move with a field changed, any move of the game, a player's move sent by
        the table, the table's clock sent by a player, a clock that has stopped."""
        engine, state = self.engine, self.state
        seats = list(range(self.players))
        legal = {s: engine.legal_actions(state, s) for s in seats}
        movers = [s for s in seats if legal[s]]
        kind = pick(["another's", "changed", "any", "table"] if movers else ["any", "table"])
        if kind == "another's":
            return pick(seats), pick(legal[pick(movers)])
        if kind == "changed":
            action = pick(legal[pick(movers)])
            return pick(seats), pick(mutations(action) or [action])
        if kind == "any":
            return pick(seats), any_move(engine, pick)
        live = sorted(t.key for t in engine.timers(state))
        stale = sorted(self.keys_seen - set(live)) + ["no-such-clock"]
        tries: list[tuple[int | None, Action]] = [(None, Timeout(k)) for k in stale]
        tries += [(s, Timeout(k)) for s in seats for k in live]
        tries += [(None, a) for s in movers for a in legal[s]]
        tries.append((None, any_move(engine, pick)))
        return pick(tries)

    def judge(self, seat: int | None, action: Action) -> None:
        """The game refuses a move it must refuse with a GameError, leaving the state as it
        was, and accepts one it must accept (:func:`verdict`)."""
        engine, state = self.engine, self.state
        must = verdict(engine, state, seat, action)
        by = " by the table" if seat is None else ""
        event(
            f"{'refused' if must is False else 'accepted' if must else 'not judged'}: "
            f"{type(action).__name__}{by}"
        )
        if must is None:
            return
        before = dumped(engine, state)
        try:
            engine.apply(state, seat, action)
        except GameError as err:
            assert not must, f"seat {seat} may {action}, and the game refused it: {err}"
            note(f"refused: seat {seat} {action}: {err}")
        else:
            assert must, f"seat {seat} may not {action}, and the game accepted it"
        assert dumped(engine, state) == before, f"apply({action}) changed its input"

    @rule(data=st.data())
    def tries(self, data: st.DataObject) -> None:
        """Someone sends moves, mostly ones not legal for them."""

        def pick(seq: list[Any]) -> Any:
            return data.draw(st.sampled_from(seq))

        for _ in range(data.draw(st.integers(1, 8), label="tries")):
            self.judge(*self.a_try(pick))

    # -- invariants -------------------------------------------------------------------------
    @invariant()
    def cards_and_views(self) -> None:
        if self.state is not None:
            self.step_checks()

    @invariant()
    def round_trip(self) -> None:
        if self.state is None:
            return
        engine, state = self.engine, self.state
        again = engine.from_dict(json.loads(dumped(engine, state)))
        assert dumped(engine, again) == dumped(engine, state)
        assert engine.copy(state) is not state and dumped(engine, engine.copy(state)) == dumped(
            engine, state
        )
        for seat in range(self.players):
            assert [key(a) for a in engine.legal_actions(again, seat)] == [
                key(a) for a in engine.legal_actions(state, seat)
            ]
        assert engine.timers(again) == engine.timers(state)

    def teardown(self) -> None:
        """The table replays from its seed, options and stored log to the same state."""
        if self.state is None:
            return
        engine = self.engine
        event(f"game over: {self.over}")
        event(f"moves logged: {len(self.log) // 50 * 50}+")
        stored = json.loads(json.dumps(self.log))
        again = replay(engine, self.players, self.seed, self.options, stored)
        assert dumped(engine, again) == dumped(engine, self.state), "the replay differs"
        fresh = engine.new_game(self.players, self.seed, self.options)
        assert engine.opening(fresh) == self.opening, "the opening differs on a replay"
        mid = len(stored) // 2
        half = replay(engine, self.players, self.seed, self.options, stored[:mid])
        half = engine.from_dict(json.loads(dumped(engine, half)))
        rest = replay_from(engine, half, stored[mid:])
        assert dumped(engine, rest) == dumped(engine, self.state), "a stored state's future differs"


def _machine(name: str) -> type[EngineModel]:
    cls = type(f"{name.capitalize()}Model", (EngineModel,), {"name": name})
    return cls


for _name in sorted(ENGINES):
    _test = _machine(_name).TestCase
    _test.settings = settings.get_profile(PROFILE)
    globals()[f"Test{_name.capitalize()}Model"] = _test
del _name, _test


def test_every_engine_has_a_card_map():
    assert set(CARDS) == set(ENGINES), "say where a new game keeps its cards in CARDS"
