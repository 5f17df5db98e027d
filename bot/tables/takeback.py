"""Take-backs by consent: the mover asks, every other player still in the game agrees in one
tap each, and the move is taken back (the rules: bot/engines/takeback.py; the offer and the
request as the table holds them: bot/tables/offers.py).

- Asking and taking back are judged from the store: the action log's last entry, and the state
  before it found by playing the log again from the seed (never an engine's own undo). So a
  tap on a button left from before a restart is judged as any other.
- The request is stored as the table's clock ``takeback`` (due when the others' 10 s run out),
  in one statement; each agreement updates it. One No, the clock, or any other move on the
  table (a player's or a clock's: its write deletes every clock the engine does not declare)
  ends it. The game's own clocks keep running meanwhile: a clock's timeout is a move like any
  other, and ends the request.
- Taken back: one commit through the action path, as any move: a ``take_back`` entry in the
  action log (the asker's seat and user, the last agreeing tap's interaction, so a repeated
  delivery of it is answered from what happened), the state before the move, the log line
  ("↩ Ana took back: ..."), and the clocks the restored state declares (a clock the move had
  stopped starts afresh; one that ran on through it keeps its deadline). No drink was poured
  by the move, so the ledger has nothing to undo.
- A refusal ("Bo said no", "nobody answered in time") is a line in the table's log, not an
  entry of its action log: the game did not change.
"""

from __future__ import annotations

import dataclasses
import logging

from bot.engines import takeback
from bot.engines.base import Event, IllegalAction, Log, msg
from bot.engines.takeback import SECONDS, TakeBack
from bot.store import AlreadyApplied, TimerRow
from bot.tables.actions import ActionPath
from bot.tables.offers import CLOCK, Request, others, request_of
from bot.tables.table import LOG_LINES, Change, Offer, Table, TableError

log = logging.getLogger(__name__)

TOO_LATE = msg("table-takeback-too-late", n=int(SECONDS))
MOVED_ON = msg("table-takeback-moved-on")
ASKED = msg("table-takeback-asked")
ENDED = msg("table-takeback-ended")
NOBODY = msg("table-takeback-nobody")
YOURS = msg("table-takeback-yours")
NOT_PLAYING = msg("table-not-playing")
NOT_IN = msg("table-takeback-not-in")
NO_TIME = msg("table-takeback-no-time")


class TakeBacks(ActionPath):
    """Asking to take a move back, the answers, and the request's clock running out."""

    async def ask_take_back(self, table_id: int, user_id: int, seq: int) -> Change:
        """``user_id`` asks to take back move ``seq``, their table's last. A repeat of their
        own open request is answered as it stands (``Change.duplicate``)."""
        async with self.lock(table_id):
            table = await self._playing(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(NOT_PLAYING)
            asked = request_of(table)
            if asked is not None:
                if asked.seq == seq and asked.user_id == user_id:
                    return Change(table, duplicate=True)
                raise TableError(ASKED)
            if not table.engine.takebacks:
                raise TableError(takeback.NO_TAKEBACKS)
            if table.row.seq != seq:
                raise TableError(MOVED_ON)
            offer = await self._last_move(table)
            if offer.user_id != user_id:
                if offer.seat is None:
                    raise TableError(takeback.NOT_A_MOVE)
                raise TableError(msg("table-takeback-only", name=table.user_at(offer.seat).name))
            now = self.clock.now()
            if now - offer.at >= SECONDS:
                raise TableError(TOO_LATE)
            try:
                takeback.check(
                    table.engine, offer.before, offer.seat, offer.action, offer.after, offer.events
                )
            except IllegalAction as err:
                raise TableError(str(err)) from None
            if not others(table, offer.seat):
                raise TableError(NOBODY)
            line = takeback.line(offer.action, offer.events)
            request = Request(seq, offer.seat, user_id, line, now + SECONDS)
            timer = TimerRow(table.id, CLOCK, request.due_at, request.to_json(), [])
            async with self._or_forget(table), self.store.transaction() as tx:
                await tx.add_timer(timer)
            table.timers = {**table.timers, CLOCK: timer}
            self._wake.set()
            return self._changed(table, [], seat)

    async def answer_take_back(
        self, table_id: int, user_id: int, seq: int, agree: bool, interaction_id: int | None
    ) -> Change:
        """``user_id`` agrees to take back move ``seq`` (``agree``), or says no. The last
        agreement takes it back. A tap seen before is answered from what happened."""
        async with self.lock(table_id):
            table = await self._playing(table_id)
            asked = request_of(table)
            if asked is None or asked.seq != seq:
                if interaction_id is not None and await self._seen(table_id, interaction_id):
                    return await self._duplicate(table_id)
                raise TableError(ENDED)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(NOT_PLAYING)
            if seat == asked.seat:
                raise TableError(YOURS)
            needed = others(table, asked.seat)
            if seat not in needed:
                raise TableError(NOT_IN)
            if not agree:
                said = msg("table-takeback-refused", who=f"{{p{seat}}}")
                return await self._close_request(table, said, None)
            if seat in asked.agreed:
                return Change(table, duplicate=True)  # a double tap
            agreed = (*asked.agreed, seat)
            if not set(needed) <= set(agreed):
                now_asked = dataclasses.replace(asked, agreed=agreed)
                timer = dataclasses.replace(table.timers[CLOCK], action=now_asked.to_json())
                async with self._or_forget(table), self.store.transaction() as tx:
                    await tx.set_timer_action(table.id, CLOCK, timer.action)
                table.timers = {**table.timers, CLOCK: timer}
                return self._changed(table, [], seat)
            return await self._take_back(table, asked, interaction_id)

    async def _take_back(self, table: Table, asked: Request, interaction_id: int | None) -> Change:
        """Everyone agreed: the state before move ``asked.seq``, committed as any move is."""
        offer = await self._last_move(table)
        if offer.seq != asked.seq:  # never: any move deletes the request
            raise TableError(MOVED_ON)
        events: list[Event] = [takeback.took_back(offer.seat, offer.action, offer.events)]
        action = TakeBack(asked.seq)
        try:
            return await self._commit(
                table, offer.before, events, asked.seat, asked.user_id, action, interaction_id
            )
        except AlreadyApplied:  # a repeated delivery of the tap that took it back
            return await self._duplicate(table.id)

    async def _playing(self, table_id: int) -> Table:
        table = await self._require(table_id)
        if table.status != "playing":
            raise TableError(msg("table-not-started"))
        return table

    async def _last_move(self, table: Table) -> Offer:
        """The table's last logged move as an offer, from the store: the state before it by
        playing the log again from the seed, and what it did by playing it once more."""
        async with self.store.reading() as q:
            last = await q.last_action(table.id)
            entries = await q.actions(table.id)
        if last is None or not entries:
            raise TableError(takeback.NOT_A_MOVE)
        seq, seat, user_id, data, at = last
        if seat is None or user_id is None or takeback.is_take_back(data):
            raise TableError(takeback.NOT_A_MOVE)
        engine = table.engine
        dealt = engine.new_game(engine.players(table.state), table.row.seed, table.row.options)
        before = takeback.replayed(engine, dealt, entries[:-1])
        action = engine.parse(data)
        after, events = engine.apply(before, seat, action)
        return Offer(seq, seat, user_id, at, before, after, action, events)

    async def _close_request(self, table: Table, line: str, fired: TimerRow | None) -> Change:
        """End the open request without taking anything back: ``line`` goes to the log."""
        row = dataclasses.replace(table.row)
        row.log = [*row.log, line][-LOG_LINES:]
        async with self._or_forget(table), self.store.transaction() as tx:
            await tx.delete_timer(table.id, CLOCK, claim=fired is not None)
            await tx.save_table(row)
        table.row = row
        table.timers = {k: t for k, t in table.timers.items() if k != CLOCK}
        table.offer = None  # the answer stands: Take back is not shown again for this move
        return self._changed(table, [Log(line)], None)

    async def _expire_take_back(self, table: Table, fired: TimerRow) -> None:
        """The request's clock ran out before everyone agreed (the clock loop, under the
        table's lock)."""
        await self._close_request(table, NO_TIME, fired)

    # -- the offer's time: the mover's button goes when it runs out ------------------------
    def _offers_due(self) -> float | None:
        dues = [t.offer.at + SECONDS for t in self._tables.values() if t.offer is not None]
        return min(dues) if dues else None

    def _end_offers(self, now: float) -> None:
        """Offers whose time ran out: the tables that showed one are drawn again without it."""
        for table in list(self._tables.values()):
            offer = table.offer
            if offer is not None and offer.at + SECONDS <= now:
                table.offer = None
                if (
                    offer.seq == table.row.seq
                    and table.status == "playing"
                    and offer.possible(table)  # else it was never shown
                ):
                    self._changed(table, [], None)
