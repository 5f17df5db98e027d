"""Taking over an open seat (bot/tables/seats.py says how a seat opens and closes): someone in
the channel asks for it, the host allows it (or says no), and the newcomer plays on with the
seat's cards and place. The leaver takes their own seat back with no one's OK, and the host may
close a seat rather than wait for its clock.

Decisions:
- One request per open seat at a time, first come first served; it is stored on the seat's row
  (``asker_id``), so a restart keeps it and the host's old **Allow** still works. An **Allow**
  names the asker: pressed after another asked, it admits nobody.
- Refused plainly: a seat no longer open, someone already in this game, someone who played
  another seat here (one seat row per person and table), someone the host removed, someone
  seated at another unfinished table in this server (the one-seat rule, checked again in the
  transaction that seats them).
- The host asks no one: a host with no seat in the game takes an open seat at once.
- The take-over is no move of the game: nothing goes into the action log. The newcomer's seat
  row says from which move on the seat is theirs (``held_from``).
"""

from __future__ import annotations

import dataclasses

from bot.engines.base import Log, literal, msg
from bot.store import SeatRow
from bot.tables import seats
from bot.tables.lobby import Lobby
from bot.tables.table import LOG_LINES, Change, Elsewhere, Table, TableError, titled

NOT_OPEN = msg("table-seat-not-open")


def no_takeover(game: str) -> str:
    """The refusal of a seat in a game where a player who leaves ends it."""
    return msg("table-no-takeover", game=titled(game))


class Seats(Lobby):
    """Asking for an open seat, the host's answer, taking it over, and closing it."""

    async def ask_seat(self, table_id: int, user_id: int, name: str, seat: int) -> Change:
        """``user_id`` asks for the open ``seat``. Their own seat back, or a seat for the host,
        is taken at once; anyone else's request waits for the host (``Change.seat`` is None
        then, the seat's number once taken)."""
        async with self.lock(table_id):
            table = await self._require(table_id)
            holder = self._open_seat(table, seat)
            mine = table.seat_row(user_id)
            if mine is not None and mine is not holder:
                if mine.removed:
                    raise TableError(msg("table-removed-you"))
                if mine.left_at is None:
                    raise TableError(msg("table-already-in"))
                raise TableError(msg("table-other-seat"))
            if mine is holder or user_id == table.row.host_id:
                return await self._take(table, holder, user_id, name)
            if holder.asker_id == user_id:
                raise TableError(msg("table-asked-already"))
            if holder.asker_id is not None:
                first = literal(holder.asker_name) if holder.asker_name else msg("table-someone")
                raise TableError(msg("table-asked-first", name=first))
            asked = dataclasses.replace(holder, asker_id=user_id, asker_name=name)
            async with self.store.transaction() as tx:  # refused: nothing in memory changed
                self._check_free(tx, table.row.guild_id, user_id)
                await tx.save_seat(asked)
            holder.asker_id, holder.asker_name = user_id, name
            table.saved([holder])
            return self._changed(table, [], None)

    async def answer_seat(
        self, table_id: int, by: int, seat: int, asker: int, *, allow: bool
    ) -> Change:
        """The host's **Allow** (``allow``) or **No** to ``asker``'s request for ``seat``."""
        async with self.lock(table_id):
            table = await self._require(table_id)
            if by != table.row.host_id:
                raise TableError(msg("table-seat-host-decides"))
            holder = self._open_seat(table, seat)
            if holder.asker_id != asker:
                raise TableError(msg("table-request-answered"))
            name = holder.asker_name or "Player"
            if allow:
                try:
                    return await self._take(table, holder, asker, name)
                except Elsewhere:  # they sat down at another table meanwhile
                    line = msg("table-request-elsewhere", name=literal(name))
                    return await self._drop_request(table, holder, line, refused=True)
            return await self._drop_request(
                table, holder, msg("table-request-refused", name=literal(name))
            )

    async def close_seat(self, table_id: int, by: int, seat: int) -> Change:
        """The host closes an open seat rather than wait for its clock: the rules' Leave."""
        async with self.lock(table_id):
            table = await self._require(table_id)
            if by != table.row.host_id:
                raise TableError(msg("table-close-host-only"))
            self._open_seat(table, seat)
            state, steps, events = seats.close(
                table.engine, table, table.state, seat, seats.HOST_CLOSED
            )
            return await self._commit(table, state, [], None, None, None, pre=(steps, events))

    # -- the parts -------------------------------------------------------------------------
    def _open_seat(self, table: Table, seat: int) -> SeatRow:
        if table.status != "playing":
            raise TableError(NOT_OPEN)
        if not table.engine.seat_takeover:
            raise TableError(no_takeover(table.engine.name))
        holder = table.seat_at(seat)
        if holder is None or holder.opened is None:
            raise TableError(NOT_OPEN)
        return holder

    async def _take(self, table: Table, holder: SeatRow, user_id: int, name: str) -> Change:
        """``user_id`` takes the open seat ``holder`` left: theirs again, or a newcomer's from
        the next move on. Checked against the one-seat rule in the same transaction; memory
        changes only once that is committed (a refusal leaves the table as it was)."""
        assert holder.seat is not None
        seat, row, now = holder.seat, table.row, self.clock.now()
        back = holder.user_id == user_id
        kept = dataclasses.replace(holder, opened=None, asker_id=None, asker_name=None)
        if back:
            kept.left_at, kept.name, kept.strikes = None, name, 0
            line = msg("table-seat-back", who=f"{{p{seat}}}")
            log = row.log
        else:
            line = msg("table-seat-taken", who=f"{{p{seat}}}", name=literal(holder.name))
            log = [seats.pin_name(t, seat, holder.name) for t in row.log]
        log = [*log, line][-LOG_LINES:]
        new: SeatRow | None = None
        async with self.store.transaction() as tx:
            self._check_free(tx, row.guild_id, user_id)
            await tx.save_seat(kept)
            if not back:
                new = await tx.add_seat(table.id, row.guild_id, user_id, name, now)
                new.seat, new.held_from = seat, row.seq
                await tx.save_seat(new)
            await tx.save_table(dataclasses.replace(row, log=log))
        for f in ("opened", "asker_id", "asker_name", "left_at", "name", "strikes"):
            setattr(holder, f, getattr(kept, f))
        row.log = log
        if new is not None:
            table.seats.append(new)  # the seat's latest holder: last, as the store orders them
        table.saved([holder, *([new] if new else [])])
        return self._changed(table, [Log(line)], seat)

    async def _drop_request(
        self, table: Table, holder: SeatRow, line: str, *, refused: bool = False
    ) -> Change:
        holder.asker_id, holder.asker_name = None, None
        table.row.log = [*table.row.log, line][-LOG_LINES:]
        async with self._or_forget(table), self.store.transaction() as tx:
            await tx.save_seat(holder)
            await tx.save_table(table.row)
        table.saved([holder])
        change = self._changed(table, [Log(line)], None)
        if refused:
            raise TableError(msg("table-seat-still-open", line=line))
        return change
