"""Take-backs: the rules of taking a move back by consent, pure, for every game alike.

A player's last move may be taken back when every other player agrees (the table service asks
them: bot/tables/takeback.py). Taken back, the game is exactly as it was before the move. The
take-back is itself an entry of the action log, ``{"type": "take_back", "seq": N}`` at number
``N + 1`` with the asker's seat, so that every replay of a log goes through it: :func:`replay`
is the one way to play a log, used by the table service, the game records (bot/replay.py) and
the tests.

Decisions:
- Which move: the log's last entry, a player's own move (not a clock's ``Timeout``, not a
  ``Leave`` or a removal, not another take-back), taken back by that player's seat, in a game
  whose engine allows it (:attr:`Engine.takebacks`: not Spit, played in real time), and not a
  move that ended the game.
- No move that poured a drink: the ledger has it the moment it is poured and the table has
  announced it, so it is confirmed; the tab is never rewritten.
- No move that showed anybody a card they had not seen (:func:`revealed`): as on Board Game
  Arena, no undo once hidden information or chance came out. Every card a move shows comes
  from the seed's deck, so the same move would show the same card again anyway. Cards the
  mover shows others from their own hand count too: once taken back, that card would be
  hidden again while the table's log still names it.
- The state after a take-back is the state the log had before the move, found by playing the
  log again (never by an engine's own undo); only the previous state is kept while playing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.engines.base import (
    Action,
    Drink,
    Engine,
    Event,
    IllegalAction,
    Leave,
    Log,
    StateError,
    Timeout,
    msg,
)
from bot.engines.cards import Card, TarotCard

SECONDS = 10.0  # how long after a move it may be asked back, and how long the others have
NO_TAKEBACKS = msg("table-takeback-none")
NOT_A_MOVE = msg("table-takeback-not-a-move")
POURED = msg("table-takeback-poured")
SEEN = msg("table-takeback-seen")
OVER = msg("table-game-over")


@dataclass(frozen=True)
class TakeBack(Action, verb="take_back"):
    """The action log's entry for move ``seq`` taken back (written by the table service with
    the asker's seat; no engine knows this verb)."""

    seq: int


def is_take_back(data: Any) -> bool:
    """Whether an action log entry (an action or its JSON form) is a take-back."""
    if isinstance(data, dict):
        return data.get("type") == TakeBack.verb
    return isinstance(data, TakeBack)


def parse(data: Any) -> TakeBack:
    """A take-back from its JSON form. Raises :class:`IllegalAction` for a malformed one."""
    if isinstance(data, TakeBack):
        return data
    try:
        back = TakeBack.from_json(data)
    except (StateError, TypeError, AttributeError) as err:
        raise IllegalAction(msg("table-takeback-bad")) from err
    if not isinstance(back, TakeBack) or isinstance(back.seq, bool) or type(back.seq) is not int:
        raise IllegalAction(msg("table-takeback-bad"))
    return back


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
    elif isinstance(view, Card | TarotCard):
        cards.add(view)
    elif isinstance(view, Action):
        return  # moves carry numbers and words, never cards
    elif dataclasses.is_dataclass(view) and not isinstance(view, type):
        for f in dataclasses.fields(view):
            walk(getattr(view, f.name), cards, strings)
    elif isinstance(view, Enum):
        strings.add(str(view.value))


def revealed(engine: Engine[Any], before: Any, after: Any) -> bool:
    """Whether going from ``before`` to ``after`` showed anybody (a seat, or the public) a card
    they had not seen: hidden from them before, in their view now. A card that left play
    (hidden from them still, or in no view) shows nobody anything."""
    for viewer in [None, *range(engine.players(after))]:
        newly = set(engine.hidden(before, viewer)) - set(engine.hidden(after, viewer))
        if newly:
            cards: set[Any] = set()
            walk(engine.view(after, viewer), cards, set())
            if newly & cards:
                return True
    return False


def check(
    engine: Engine[Any],
    before: Any,
    seat: int | None,
    action: Action,
    after: Any,
    events: list[Event],
) -> None:
    """Raise :class:`IllegalAction` (in words for the player) unless ``seat``'s ``action``,
    which led from ``before`` to ``after`` with ``events``, may be taken back."""
    if not engine.takebacks:
        raise IllegalAction(NO_TAKEBACKS)
    if seat is None or isinstance(action, Leave | Timeout | TakeBack):
        raise IllegalAction(NOT_A_MOVE)
    if engine.is_over(after):
        raise IllegalAction(OVER)
    if any(isinstance(e, Drink) for e in events):
        raise IllegalAction(POURED)
    if revealed(engine, before, after):
        raise IllegalAction(SEEN)


def line(action: Action, events: list[Event]) -> str:
    """The move as the table's log told it (its first line, ``{p0}`` for names), or its verb
    in brackets for a move the log keeps quiet about (a pass): words as data."""
    said = next((e.text for e in events if isinstance(e, Log)), None)
    return said if said is not None else msg("table-quiet-move", verb=_verb(action))


def _verb(action: Action) -> str:
    return action.verb.replace("_", " ")


def took_back(seat: int, action: Action, events: list[Event]) -> Log:
    """The log line of a take-back of ``action`` (with its ``events``) by ``seat``."""
    said = next((e.text for e in events if isinstance(e, Log)), None)
    who = f"{{p{seat}}}"
    if said is None:
        return Log(msg("table-took-back-quiet", who=who, verb=_verb(action)))
    return Log(msg("table-took-back", who=who, move=said))


@dataclass(frozen=True)
class Step:
    """One log entry played: who, what (a :class:`TakeBack` for a take-back), the state after
    it, and its events (a take-back's: its log line)."""

    seat: int | None
    action: Action
    state: Any
    events: list[Event]


Entry = tuple[int | None, Action | dict[str, Any]]  # (seat, action) of the action log


def replay(engine: Engine[Any], state: Any, log: Iterable[Entry], first: int = 1) -> Iterator[Step]:
    """Play an action log (``(seat, action)`` in order, numbered from ``first``: 1 from the
    deal) from ``state``, take-backs included: each entry's :class:`Step`. Raises
    :class:`GameError` for a move the rules refuse, and :class:`IllegalAction` for a take-back
    of anything but a move that may be taken back, just before it, by its own seat."""
    last: tuple[int, int | None, Action, Any, Step] | None = None  # the previous move
    for n, (seat, data) in enumerate(log, start=first):
        if is_take_back(data):
            back = parse(data)
            if last is None or last[0] != back.seq or back.seq != n - 1 or last[1] != seat:
                raise IllegalAction(msg("table-takeback-just-before"))
            _, mover, action, before, step = last
            check(engine, before, mover, action, step.state, step.events)
            assert mover is not None  # check() refuses a clock's move
            out = Step(seat, back, before, [took_back(mover, action, step.events)])
            last = None  # a take-back is never taken back, nor the move before it
        else:
            action = engine.parse(data)
            after, events = engine.apply(state, seat, action)
            out = Step(seat, action, after, events)
            last = (n, seat, action, state, out)
        state = out.state
        yield out


def replayed(engine: Engine[Any], state: Any, log: Iterable[Entry], first: int = 1) -> Any:
    """The state after playing the whole ``log`` from ``state`` (see :func:`replay`)."""
    for step in replay(engine, state, log, first):
        state = step.state
    return state
