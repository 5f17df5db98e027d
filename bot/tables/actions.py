"""The one path every move takes: lock, engine apply, one transaction (the action log, the new
state, the ledger counted under each player's caps, the clocks, the seats), then the listeners.
A move the rules refuse is checked against the player's own last one and against the action
log, so that a double tap or a repeated delivery is answered from what was stored."""

from __future__ import annotations

import copy
import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from bot import safety
from bot.engines.base import Action, Drink, Engine, Event, GameError, Leave, Log, Private, msg
from bot.store import (
    AlreadyApplied,
    DrinkRow,
    GuildSettings,
    PlayerSettings,
    Stale,
    Store,
    Tab,
    TimerRow,
    Tx,
)
from bot.tables import seats as opened
from bot.tables.memory import TableMemory
from bot.tables.offers import noted
from bot.tables.table import (
    LOG_LINES,
    NOTE_LINES,
    AlreadyMoved,
    Change,
    Table,
    TableError,
)

log = logging.getLogger(__name__)

STRIKES_OUT = 3  # timeouts in a row that remove a player
JUST_NOW = 5.0  # seconds in which a refused move is put down to the player's own last one
DOUBLE_TAP = msg("table-double-tap")
CLOCK_MOVED = msg("table-clock-moved")
STALE_TRIES = 2  # reads of a table another copy moved first, before a move gives up
BUSY = msg("table-busy")


def timed_out(seat: int | None) -> str:
    """The table's line for a player put out for missing three turns in a row (the removal is
    an action of its own: ``Leave(timeouts=...)``)."""
    return msg("table-timed-out", who=f"{{p{seat}}}")


def check_may_send(table: Table, user_id: int, action: Action) -> None:
    """Only the host may send the game's :attr:`Engine.host_actions`."""
    if type(action) in table.engine.host_actions and user_id != table.row.host_id:
        raise TableError(msg("table-host-only"))


class ActionPath(TableMemory):
    """Moves, whether a player's or a clock's: :meth:`act` checks and applies one,
    :meth:`_apply` runs the engine and the strikes, :meth:`_commit` settles what follows from
    it (removals, the host passing on), :meth:`_write` is its one transaction."""

    def __init__(
        self,
        store: Store,
        engines: dict[str, Engine[Any]],
        clock: Any = None,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(store, engines, clock, seeds)
        # called, while an action's write is being committed, with a copy of its table as it
        # will be once it is (the same row, state and clocks; its version one up): to get
        # ready what the answer needs (its screen). Nothing may show it before the commit.
        self.previewers: list[Callable[[Table], None]] = []

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action | dict[str, Any],
        interaction_id: int | None = None,
        name: str | None = None,
    ) -> Change:
        """A player's move. Raises :class:`GameError` (with a message for them) if refused.
        ``name``: the name they go by now; a seat takes it with the move (a nickname changed
        since they sat down), written in the same trip.

        An interaction seen before is not applied again: the write checks the action log for its
        id in the same trip (and writes nothing if it is there); a move refused by the rules
        looks its id up before saying no, since a repeat of an applied move is mostly refused.
        Either way the answer is the table as stored (``Change.duplicate``)."""
        async with self.lock(table_id):
            for attempt in range(STALE_TRIES):
                try:
                    return await self._act(table_id, user_id, action, interaction_id, name)
                except Stale:
                    # another copy of the bot moved this table first (shards moving): the
                    # table was forgotten, so the next try reads it as stored and judges the
                    # move on that, as if this click had come second
                    log.info("table #%s moved elsewhere first (try %d)", table_id, attempt + 1)
            raise TableError(BUSY)

    async def _act(
        self,
        table_id: int,
        user_id: int,
        action: Action | dict[str, Any],
        interaction_id: int | None,
        name: str | None,
    ) -> Change:
        try:
            table = await self._require(table_id)
            if table.status != "playing":
                raise TableError(msg("table-not-started"))
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(msg("table-not-playing"))
            action = table.engine.parse(action)
            check_may_send(table, user_id, action)
            try:
                return await self._apply(table, seat, user_id, action, interaction_id, name=name)
            except GameError:
                self._check_just_moved(table, seat, action)
                raise
        except AlreadyApplied:
            return await self._duplicate(table_id)
        except GameError:
            if interaction_id is not None and await self._seen(table_id, interaction_id):
                return await self._duplicate(table_id)
            raise

    def _check_just_moved(self, table: Table, seat: int, action: Action) -> None:
        """Raise :class:`AlreadyMoved` for a refused ``action`` that the seat's own last move,
        or their clock, made pointless a moment ago, with nothing else changed since (else
        the rules' refusal says what did)."""
        last = table.moved.get(seat)
        if last is None or self.clock.now() - last[1] > JUST_NOW or last[2] != table.version:
            return
        if last[0] is None:
            raise AlreadyMoved(CLOCK_MOVED)
        if last[0] == action:
            raise AlreadyMoved(DOUBLE_TAP)

    async def _seen(self, table_id: int, interaction_id: int) -> bool:
        """Whether a refused interaction is in the action log. Memory answers when it can
        (:meth:`Table.may_have_applied`): under load a refused click is common (another player
        was quicker), and each read would hold the table meanwhile."""
        table = self._tables.get(table_id)
        if table is not None:
            if interaction_id in table.applied:
                return True
            if not table.may_have_applied(interaction_id):
                return False
        async with self.store.reading() as q:
            return await q.action_for(interaction_id) is not None

    async def _duplicate(self, table_id: int) -> Change:
        table = await self.get(table_id)
        assert table is not None
        return Change(table, duplicate=True)

    async def _apply(
        self,
        table: Table,
        seat: int | None,
        user_id: int | None,
        action: Action | dict[str, Any],
        interaction_id: int | None,
        timer: TimerRow | None = None,
        name: str | None = None,
    ) -> Change:
        engine = table.engine
        action = engine.parse(action)
        running = engine.timers(table.state) if timer is not None else []
        state, steps, done = table.state, list[opened.Step](), list[Event]()
        if timer is not None:  # the open seats it waits on close first (bot/tables/seats.py)
            state, steps, done = opened.close_waited(engine, table, state, timer.seats)
        made: Action | None = action
        events: list[Event] = []
        if seat is not None and isinstance(action, Leave) and opened.may_open(engine, state, seat):
            state, steps, done = opened.vacate(engine, table, state, seat, None, self.clock.now())
            made = None  # the seat opens: no Leave yet
        else:
            try:
                state, events = engine.apply(state, seat, action)
            except GameError:
                if not steps:
                    raise
                made = None  # the seat's Leave ended what the clock waited for
        extra: list[tuple[int | None, int | None, Action]] = []
        if seat is not None:
            mover = table.user_at(seat)
            mover.strikes, mover.lapse = 0, []
            if name:
                mover.name = name
            if isinstance(action, Leave):
                mover.left_at = self.clock.now()
        elif timer is not None and made is not None:
            for s in timer.seats:
                row = table.user_at(s)
                if row.left_at is not None:
                    continue
                # One absence strikes once: a move can start several clocks waiting on the
                # same player (three right cards laid together in Pyramid start three give
                # clocks), and letting them run out is one lapse, not three timeouts in a
                # row. The clocks still running now are this same absence, unless they move.
                if timer.key not in row.lapse:
                    row.strikes += 1
                    if row.strikes >= STRIKES_OUT:
                        extra.append((s, row.user_id, Leave(timeouts=row.strikes)))
                row.lapse = [t.key for t in running if t.key != timer.key and s in t.seats]
        change = await self._commit(
            table, state, events, seat, user_id, made, interaction_id, timer, extra, (steps, done)
        )
        now = self.clock.now()
        for s in [seat] if seat is not None else timer.seats if timer is not None else []:
            table.moved[s] = (action if seat is not None else None, now, table.version)
        return change

    async def _commit(
        self,
        table: Table,
        state: Any,
        events: list[Event],
        seat: int | None,
        user_id: int | None,
        action: Action | None,
        interaction_id: int | None = None,
        fired: TimerRow | None = None,
        extra: list[tuple[int | None, int | None, Action]] | None = None,
        pre: tuple[list[opened.Step], list[Event]] = ([], []),
    ) -> Change:
        """Write the action(s), state, drinks, clocks and results in one transaction. ``pre``:
        (the moves, the events) of seats opened or closed before ``action``
        (bot/tables/seats.py)."""
        engine, row = table.engine, table.row
        now = self.clock.now()
        steps: list[opened.Step] = list(pre[0])
        if action is not None:
            steps.append((seat, user_id, action, interaction_id, events))
        events = [*pre[1], *events]
        for xs, xu, xa in extra or []:  # removals for three timeouts in a row
            if isinstance(xa, Leave) and xs is not None and opened.may_open(engine, state, xs):
                state, xsteps, xevents = opened.vacate(engine, table, state, xs, xa.timeouts, now)
                steps += xsteps
                events = [*events, *xevents]
                continue
            try:
                state, xevents = engine.apply(state, xs, xa)
            except GameError:
                continue
            table.user_at(xs).left_at = now  # type: ignore[arg-type]
            xevents = [Log(timed_out(xs)), *xevents]
            steps.append((xs, xu, xa, None, xevents))
            events = [*events, *xevents]
        state, xsteps, xevents = opened.close_if_alone(engine, table, state)
        steps += xsteps
        events = [*events, *xevents]
        over = engine.is_over(state)
        host = table.seat_row(row.host_id)
        if not over and host is not None and host.left_at is not None and table.seated():
            heir = table.seated()[0]  # the host's powers pass on in seat order
            row.host_id = heir.user_id
            events = [*events, Log(msg("table-new-host", who=f"{{p{heir.seat}}}"))]
        events = noted(table, state, events, steps, over, now)  # take-backs
        async with self._or_forget(table):
            await self._write(table, state, events, steps, over, now, fired)
        table.state = state
        if over:
            table.timers.clear()
        self._wake.set()
        return self._changed(table, events, seat)

    async def _write(
        self,
        table: Table,
        state: Any,
        events: list[Event],
        steps: list[tuple[int | None, int | None, Action, int | None, list[Event]]],
        over: bool,
        now: float,
        fired: TimerRow | None,
    ) -> None:
        """One trip: the action(s), drinks, clocks, seats and table. The table in memory takes
        the new log, clocks and notes only once that is committed, together with the new state
        (:meth:`_commit`), so a screen drawn meanwhile never mixes the old with the new."""
        engine = table.engine
        row = dataclasses.replace(table.row)  # written, then put in place after the commit
        timers = dict(table.timers)
        notes: dict[int, list[str]] = {}  # the seats whose private lines change
        unseen = next((iid for _, _, _, iid, _ in steps if iid is not None), None)
        ledger: Callable[[], list[DrinkRow]] = list
        async with self.store.transaction(unseen=unseen) as tx:  # one trip to the database
            drinks: list[DrinkRow] = []
            for st, u, a, iid, evs in steps:
                row.seq += 1
                await tx.add_action(table.id, row.seq, st, u, a.to_json(), iid, now)
                drinks += [
                    self._ledger(table, d, row.seq, now) for d in evs if isinstance(d, Drink)
                ]
            counted: list[DrinkRow] = []
            if drinks:
                counted = await self._party_safety(tx, table, steps, drinks, events, now)
                await tx.add_drinks(counted)
            row.state = engine.to_dict(state)
            row.log = (row.log + [e.text for e in events if isinstance(e, Log)])[-LOG_LINES:]
            for step in steps:  # a player has read their notes once they act
                if step[0] is not None and (actor := table.seat_at(step[0])) is not None:
                    notes[actor.user_id] = []
            for e in events:
                if isinstance(e, Private) and (who := table.seat_at(e.seat)) is not None:
                    lines = notes.get(who.user_id, who.notes)
                    notes[who.user_id] = [*lines, e.text][-NOTE_LINES:]
            wanted = {t.key: t for t in engine.timers(state)} if not over else {}
            if fired is not None:
                await tx.delete_timer(table.id, fired.key, claim=True)  # fires once
                timers.pop(fired.key, None)
            for key in list(timers):
                if key not in wanted:
                    await tx.delete_timer(table.id, key)
                    del timers[key]
            for key, t in wanted.items():
                if key not in timers and (fired is None or key != fired.key):
                    tr = TimerRow(
                        table.id, key, now + t.seconds, t.action.to_json(), list(t.seats), t.pauses
                    )
                    await tx.add_timer(tr)
                    timers[key] = tr
                elif key in timers and timers[key].seats != list(t.seats):
                    # the same clock runs on, waiting on fewer players (one who chose in time
                    # is neither struck nor pinged when it runs out)
                    timers[key] = dataclasses.replace(timers[key], seats=list(t.seats))
                    await tx.set_timer_seats(table.id, key, list(t.seats))
            if over:
                results = engine.results(state)
                outcomes = opened.outcomes(table, results)
                await tx.add_results(table.id, row.guild_id, row.game, outcomes, now)
                row.status, row.end_reason, row.ended_at = "ended", "game over", now
                # the end screen's best moments, read with the COMMIT: still one trip
                ledger = tx.table_drinks_when_committed(table.id)
            seats = [  # as they will be: a copy of each seat whose lines change
                dataclasses.replace(s, notes=notes[s.user_id]) if s.user_id in notes else s
                for s in table.seats
            ]
            changed = [s for s in seats if table.is_unsaved(s)]
            for s in changed:
                await tx.save_seat(s)
            await tx.save_table(row, was=table.row.seq)  # refused if another moved it
            tabs: dict[int, Tab] = {}  # the tabs these drinks change, as they will be
            for r in counted:
                tabs[r.user_id] = safety.add_to_tab(
                    tabs.get(r.user_id, table.tabs.get(r.user_id)), r
                )
            if self.previewers and not over:
                ahead = copy.copy(table)  # shallow, and none of its own is touched
                ahead.row, ahead.seats, ahead.state, ahead.timers = row, seats, state, timers
                ahead.version, ahead.tabs = table.version + 1, {**table.tabs, **tabs}
                tx.meanwhile(lambda: self._preview(ahead))
        # committed: the table in memory moves on in one go (no await from here on)
        row.state = None  # written: the engine's state (table.state) is the one kept
        table.row, table.timers = row, timers
        table.applied.update(iid for _, _, _, iid, _ in steps if iid is not None)
        for seat in table.seats:
            if seat.user_id in notes:
                seat.notes = notes[seat.user_id]
        table.saved(changed)
        table.tabs.update(tabs)
        if over:
            table.ledger = ledger()
            self._tables.pop(table.id, None)

    def _ledger(self, table: Table, d: Drink, seq: int, now: float) -> DrinkRow:
        giver = table.user_at(d.giver).user_id if d.giver is not None else None
        return DrinkRow(
            table.row.guild_id,
            table.user_at(d.seat).user_id,
            table.row.game,
            table.id,
            seq,
            d.sips,
            d.kind,
            giver,
            d.reason,
            now,
        )

    async def _party_safety(
        self,
        tx: Tx,
        table: Table,
        steps: list[tuple[int | None, int | None, Action, int | None, list[Event]]],
        drinks: list[DrinkRow],
        events: list[Event],
        now: float,
    ) -> list[DrinkRow]:
        """Count each drink as sips, water (over the drinker's cap) or points (alcohol-free),
        with the caps and tonight's sips read in this transaction (bot/safety.py). Notes the
        log lines and adds the private heads-ups to ``events`` in place; the game is untouched.
        Returns the rows for the ledger."""
        who = {d.user_id for d in drinks}
        if self.store.counts_plainly(table.row.guild_id, who):  # no read: still one trip
            guild = GuildSettings(table.row.guild_id)
            players = {u: PlayerSettings(u) for u in who}
            tonight: dict[int, int] = {}
        else:
            guild, players, tonight = await tx.party(table.row.guild_id, who, now - safety.TONIGHT)
        counted = safety.count(drinks, safety.drinkers(guild, players, tonight), guild.water_every)
        given = [e for *_, evs in steps for e in evs if isinstance(e, Drink)]
        lines = [
            Private(seat, text)
            for uid, text in counted.notices
            if (seat := table.seat_of(uid)) is not None
        ]
        events[:] = safety.annotate(events, list(zip(given, counted.countings, strict=True)), lines)
        return counted.rows

    def _preview(self, ahead: Table) -> None:
        for previewer in self.previewers:
            previewer(ahead)
