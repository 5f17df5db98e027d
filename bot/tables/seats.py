"""Open seats: what the action path does when a player leaves a game that lets someone take
their seat over (the service's side, asking and allowing, is :mod:`bot.tables.takeover`).

A player who leaves a game under way (Leave, or three timeouts in a row) is out at once: their
seat row is left (they may sit down elsewhere), and the host's powers pass on if they were the
host's. In a game whose rules allow it (:attr:`Engine.seat_takeover`,
:meth:`Engine.may_take_over`) their seat stays in the game, its cards in play, *open*: someone
in the channel may take it over, with its cards and place. The rules' :class:`Leave` for the
seat is applied (its cards leave play as the rules say) only when the seat's wait ends: when a
clock that waits on it runs out (first the seat's Leave, then the clock's timeout for whoever
else it waited on, if that still stands), when nobody else is left in the game, or when the host
closes it. So no default move is ever made for nobody.

Decisions:
- The engine never knows who sits in a seat. Who held each seat from which move on is in the
  seat rows: several rows of a table may share one engine seat, each with ``held_from`` (the
  moves played before they took it) and in the order they took it; the last one holds it now
  (:meth:`Table.user_at`). The action log holds only the game's moves, so every replay of it
  (the store's, a record's, the contract's) reads it as before.
- A drink owed when the seat opens stays its leaver's: the timeout of every clock that runs on a
  debt of that seat (:attr:`Timer.owes`) is applied at once, as the table's own moves, as a Leave
  would first. Drinks other players pour on an open seat while it waits are its leaver's (it is
  still their seat until someone takes it): the ledger names the seat's latest holder.
- While a seat is open no strike counts for it (its row is left).
- The seat's log lines name players by seat (``{p1}``): when a seat is taken over, the lines
  already on the table that name it are written with its leaver's name, so that their drinks
  are not shown as the newcomer's.
"""

from __future__ import annotations

import re
from typing import Any

from bot.engines.base import Action, Engine, Event, GameError, Leave, Log, Results, literal, msg
from bot.engines.words import unpack
from bot.store import ResultRow
from bot.tables.table import Table

# one move the action path writes: (seat, user, action, interaction id, its events)
Step = tuple[int | None, int | None, Action, int | None, list[Event]]

SEAT_MARK = re.compile(r"\{\{|\}\}|\{p(\d{1,2})\}")
DEBTS_AT_MOST = 100  # a debt's timeout may open the next one (as Engine._settle_debts)


def may_open(engine: Engine[Any], state: Any, seat: int) -> bool:
    """Whether ``seat``, left now, stays open for someone to take over."""
    return (
        engine.seat_takeover
        and not engine.is_over(state)
        and engine.is_active(state, seat)
        and engine.may_take_over(state, seat)
    )


def vacate(
    engine: Engine[Any], table: Table, state: Any, seat: int, timeouts: int | None, now: float
) -> tuple[Any, list[Step], list[Event]]:
    """``seat``'s holder is out (left, or put out after ``timeouts`` timeouts in a row) and the
    seat opens. Returns the state, the moves made (the debts' timeouts) and the events."""
    steps: list[Step] = []
    events: list[Event] = []
    for _ in range(DEBTS_AT_MOST):
        owed = [t for t in engine.timers(state) if t.owes and t.seats == (seat,)]
        if not owed or engine.is_over(state):
            break
        state, evs = engine.apply(state, None, owed[0].action)
        steps.append((None, None, owed[0].action, None, evs))
        events += evs
    row = table.user_at(seat)
    row.left_at, row.lapse, row.notes = now, [], []  # their lines are read: they acted
    row.asker_id, row.asker_name = None, None
    who, how = f"{{p{seat}}}", "timeouts" if timeouts else "leaves"
    if engine.is_over(state) or not engine.is_active(state, seat):
        row.opened = None  # a debt's timeout ended it: nothing left to take over
        events.append(Log(msg("table-seat-left", who=who, how=how)))
    else:
        row.opened = timeouts or 0
        events.append(Log(msg("table-seat-opened", who=who, how=how)))
    return state, steps, events


def close(
    engine: Engine[Any], table: Table, state: Any, seat: int, why: str
) -> tuple[Any, list[Step], list[Event]]:
    """The open ``seat``'s wait ends (``why``: the log line's message, ``$who`` the seat): the
    rules' Leave for it, as its leaver's move (``timeouts`` kept, for a player put out)."""
    row = table.user_at(seat)
    action = Leave(timeouts=row.opened or None)
    row.opened, row.asker_id, row.asker_name = None, None, None
    if engine.is_over(state) or not engine.is_active(state, seat):
        return state, [], []  # knocked out meanwhile: no Leave to apply
    try:
        state, evs = engine.apply(state, seat, action)
    except GameError:
        return state, [], []
    events: list[Event] = [Log(msg(why, who=f"{{p{seat}}}")), *evs]
    return state, [(seat, row.user_id, action, None, evs)], events


def close_waited(
    engine: Engine[Any], table: Table, state: Any, waited: list[int]
) -> tuple[Any, list[Step], list[Event]]:
    """A clock that waits on ``waited`` ran out: the open ones among them close first."""
    steps: list[Step] = []
    events: list[Event] = []
    for row in table.open_seats():
        if row.seat in waited:
            state, more, evs = close(engine, table, state, row.seat, CLOCK_CLOSED)
            steps += more
            events += evs
    return state, steps, events


CLOCK_CLOSED = "table-seat-closed-clock"  # the messages of an open seat's closing
HOST_CLOSED = "table-seat-closed-host"
ALONE_CLOSED = "table-seat-closed-alone"


def close_if_alone(
    engine: Engine[Any], table: Table, state: Any
) -> tuple[Any, list[Step], list[Event]]:
    """When nobody is left in the game but open seats, they close (their Leaves end it as
    the rules say)."""
    opened = table.open_seats()
    if not opened or engine.is_over(state):
        return state, [], []
    playing = [
        s
        for s in table.seats
        if s.left_at is None
        and s.seat is not None
        and table.user_at(s.seat) is s
        and engine.is_active(state, s.seat)
    ]
    if playing:
        return state, [], []
    steps: list[Step] = []
    events: list[Event] = []
    for row in opened:
        assert row.seat is not None
        state, more, evs = close(engine, table, state, row.seat, ALONE_CLOSED)
        steps += more
        events += evs
    return state, steps, events


def outcomes(table: Table, results: Results) -> dict[int, str | ResultRow]:
    """Each player's result at the game's end: the seat's result is its latest holder's; who
    held a seat before (and the leaver of a seat still open) left."""
    out: dict[int, str | ResultRow] = {}
    for s in table.seats:
        if s.seat is not None:
            out[s.user_id] = ResultRow("left")
    for o in results.outcomes:
        holder = table.user_at(o.seat)
        if holder.opened is None:
            out[holder.user_id] = ResultRow(o.result, o.place, o.points)
    return out


def pin_name(line: str, seat: int, name: str) -> str:
    """``line`` with ``seat``'s mark (``{p1}``) written as ``name``, as the screens show it
    (in a message written as data: in its arguments)."""
    data = unpack(line)
    if data is not None:
        key, args = data
        pinned = {k: pin_name(v, seat, name) if isinstance(v, str) else v for k, v in args.items()}
        return msg(key, **pinned)

    def fill(m: re.Match[str]) -> str:
        return f"**{literal(name)}**" if m[1] is not None and int(m[1]) == seat else m[0]

    return SEAT_MARK.sub(fill, line)
