"""A table's life outside its game: opened, joined, started, left, a player removed, ended (by
its host, a moderator, or because its channel went), and the rules consent that a seat needs."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot import safety
from bot.engines.base import Engine, Event, Leave, Log, check_options, msg
from bot.store import DrinkRow, GameRule, SeatRow, Store, TableRow, TimerRow, Tx
from bot.tables.actions import ActionPath
from bot.tables.table import (
    LOBBY_CLOCK,
    LOBBY_SECONDS,
    LOG_LINES,
    Change,
    Elsewhere,
    NextGameOpen,
    Table,
    TableError,
    message_link,
    titled,
)

log = logging.getLogger(__name__)

CHANNEL_DELETED = "its channel was deleted"  # why a table closed (see close_where)
THREAD_DELETED = "its thread was deleted"
THREAD_LOCKED = "its thread was locked"
REMOVED = "Barkeep was removed from the server"
THREAD_SHUT = "its thread was archived, and Barkeep may not reopen it"
CLOSED = {  # the table's last line for each (the stored end reason stays as above)
    CHANNEL_DELETED: msg("table-closed-channel-deleted"),
    THREAD_DELETED: msg("table-closed-thread-deleted"),
    THREAD_LOCKED: msg("table-closed-thread-locked"),
    THREAD_SHUT: msg("table-closed-thread-shut"),
    REMOVED: msg("table-closed-removed"),
}
LOBBIES_PER_HOST = 1  # open (unstarted) tables one person may host per server
DEALT = msg("table-dealt")  # the table's first line, before the deal's own (Engine.opening)


def one_lobby(mine: list[TableRow]) -> None:
    """One open lobby per host and server: a host who never takes a seat (never presses I'm
    in) is not held by the one-seat rule, so this is what keeps them to one. Checked in the
    transaction that opens the new one."""
    if len(mine) >= LOBBIES_PER_HOST:
        row = mine[0]
        raise Elsewhere(
            msg("table-one-lobby", id=str(row.id), game=titled(row.game), link=message_link(row)),
            row,
            "end",
        )


def check_may_end(table: Table, user_id: int, can_manage: bool) -> None:
    """Only the host, or a moderator (Manage Server, or Manage Messages there), may end a
    table."""
    if user_id != table.row.host_id and not can_manage:
        raise TableError(msg("table-end-host-only"))


def check_may_remove(table: Table, user_id: int, can_manage: bool) -> None:
    """Only the host, or a moderator, may remove a player, and only from a
    lobby (in a game, three missed turns in a row put a player out)."""
    if user_id != table.row.host_id and not can_manage:
        raise TableError(msg("table-remove-host-only"))
    if table.status != "lobby":
        raise TableError(msg("table-remove-started"))


class Lobby(ActionPath):
    """Seats and the table's life around the game. Starting deals the game and commits it
    through the action path; a player leaving a game under way leaves by the game's
    :class:`Leave` action, so that the game goes on without them."""

    def __init__(
        self,
        store: Store,
        engines: dict[str, Engine[Any]],
        clock: Any = None,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(store, engines, clock, seeds)
        self._consents: set[tuple[int, str]] = set()  # (user, game) known to have consented

    async def open_table(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        seat_host: bool,
        origin: tuple[int, str] | None = None,
        note: str | None = None,
        rematch_of: int | None = None,
        parent_id: int | None = None,
    ) -> Table:
        """A new lobby. ``origin``: the (application id, token) of the interaction that opened
        it, kept so its message can be found again if the bot dies before storing it. ``note``:
        a line the lobby shows until the deal (who is invited to a game played again).
        ``rematch_of``: the finished table whose **Play again** opens it; refused, pointing to
        it, while the lobby a press of that button opened before is still open (stored, so a
        restart in between changes nothing; checked first, before the host's own rules).
        ``parent_id``: the channel of a thread the table opens in; its game rules hold there
        too, unless the thread has rules of its own.

        The host is checked against the one-seat rule even when they have not accepted the
        rules yet (``seat_host`` False): they would sit down once they do, so a host seated
        elsewhere is refused before anything is posted."""
        engine = self.engines[game]
        opts = check_options(engine.options, options)
        now = self.clock.now()
        async with self.store.transaction() as tx:  # one trip: the checks go with the writes

            def allowed(rules: list[GameRule]) -> None:
                pairs = [(r.channel_id, r.enabled) for r in rules]
                if not safety.game_allowed(pairs, channel_id, parent_id):
                    raise TableError(safety.not_here(titled(game, engine.title), pairs))

            if rematch_of is not None:
                tx.check_rematch(rematch_of, NextGameOpen)
            tx.check_game_rules(guild_id, game, allowed)
            self._check_free(tx, guild_id, host_id)
            tx.check_lobbies(guild_id, host_id, one_lobby)
            row = await tx.create_table(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                options=opts,
                seed=self.seeds(),
                at=now,
                rematch_of=rematch_of,
            )
            seats: list[SeatRow] = []
            if seat_host:
                seats.append(await tx.add_seat(row.id, guild_id, host_id, host_name, now))
            if origin is not None:
                await tx.set_origin(row.id, origin[0], origin[1], now)
            closing = TimerRow(row.id, LOBBY_CLOCK, now + LOBBY_SECONDS, {"type": "close"}, [])
            await tx.add_timer(closing)
            if note is not None:
                row.log = [note]
                await tx.save_table(row)
        table = Table(row, seats, engine, timers={LOBBY_CLOCK: closing}, held_since=None)
        self._tables[row.id] = table
        self._notify(Change(table, [Log(msg("table-open", id=str(row.id)))]))
        return table

    def _check_free(self, tx: Tx, guild_id: int, user_id: int) -> None:
        """One seat per player and server, checked in the transaction that seats them."""

        def refuse(other: TableRow) -> TableError:
            return Elsewhere(
                msg(
                    "table-one-seat",
                    id=str(other.id),
                    game=titled(other.game),
                    link=message_link(other),
                ),
                other,
                "leave",
            )

        tx.check_seat_free(guild_id, user_id, refuse)

    async def set_message(self, table_id: int, message_id: int) -> int | None:
        """The table's public message is ``message_id`` from now on; returns the one before."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table is None:
                raise TableError(msg("table-gone"))
            old = table.row.message_id
            if old != message_id:
                async with self.store.transaction() as tx:
                    await tx.set_message(table_id, message_id)
                table.row.message_id = message_id
            return old

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        async with self.lock(table_id):
            table = await self._require(table_id)
            old = table.seat_row(user_id)
            if old is not None and old.left_at is None:
                raise TableError(msg("table-already-in"))
            if old is not None and old.removed:
                raise TableError(msg("table-removed-you"))
            if table.status != "lobby":
                raise TableError(msg("table-join-started"))
            if len(table.seated()) >= table.engine.max_players:
                raise TableError(msg("table-full", n=table.engine.max_players))
            now = self.clock.now()
            guild_id = table.row.guild_id
            async with self.store.transaction() as tx:
                self._check_free(tx, guild_id, user_id)
                await tx.remove_seat(table_id, user_id)  # a left lobby seat, if any
                new = await tx.add_seat(table_id, guild_id, user_id, name, now)
            # as the store orders them (joined_at, then rowid): the new seat last
            table.seats = [s for s in table.seats if s.user_id != user_id] + [new]
            table.saved([new])
            self._changed(table, [], None)
            return table

    async def start(self, table_id: int, user_id: int) -> Change:
        async with self.lock(table_id):
            table = await self._require(table_id)
            if user_id != table.row.host_id:
                raise TableError(msg("table-start-host-only"))
            if table.status != "lobby":
                raise TableError(msg("table-started-already"))
            players = table.seated()
            engine = table.engine
            if engine.host_plays and table.seat_row(user_id) not in players:
                raise TableError(msg("table-host-deals", game=titled(engine.name, engine.title)))
            if len(players) < engine.min_players:
                need = engine.min_players - len(players)
                raise TableError(
                    msg(
                        "table-too-few",
                        game=titled(engine.name, engine.title),
                        n=engine.min_players,
                        need=need,
                    )
                )
            state = engine.new_game(len(players), table.row.seed, table.row.options)
            for i, s in enumerate(players):
                s.seat = i
            # a click read outside the lock meanwhile (Leave, My hand) sees a game with its
            # state, never "playing" without one (a failed write forgets this memory anyway)
            table.state = state
            row = table.row
            row.status, row.started_at = "playing", self.clock.now()
            row.log = []  # the lobby's note (who was invited) is done with
            # every table shows the seed's SHA-256 in its footer: the log need not say it again
            events: list[Event] = [Log(DEALT)]
            events += engine.opening(state)
            return await self._commit(table, state, events, None, None, None)

    async def leave(self, table_id: int, user_id: int) -> Change:
        async with self.lock(table_id):
            table = await self._require(table_id)
            seat = table.seat_row(user_id)
            if seat is None or seat.left_at is not None:
                raise TableError(msg("table-not-at"))
            if table.status == "lobby":
                return await self._leave_lobby(table, seat)
            if not table.in_game(user_id):
                return await self._stand_up(table, seat)
            assert seat.seat is not None
            return await self._apply(table, seat.seat, user_id, Leave(), None)

    async def remove(self, table_id: int, by: int, user_id: int, *, can_manage: bool) -> Change:
        """The host (or a moderator) removes a player from the lobby: one who
        joined and is not wanted, or not there. They may not join this table again."""
        async with self.lock(table_id):
            table = await self._require(table_id)
            check_may_remove(table, by, can_manage)
            seat = table.seat_row(user_id)
            if seat is None or seat.left_at is not None:
                raise TableError(msg("table-remove-gone"))
            if user_id == by:
                raise TableError(msg("table-remove-self"))
            now = self.clock.now()
            seat.left_at, seat.removed = now, True
            events: list[Event] = [Log(msg("table-removed", name=seat.name))]
            async with self._or_forget(table), self.store.transaction() as tx:
                await tx.save_seat(seat)
                await self._lobby_after_exit(tx, table, seat, events, now)
            table.saved([seat])
            return self._changed(table, events, None)

    async def _stand_up(self, table: Table, seat: SeatRow) -> Change:
        """A player who is already out of the game (safe, finished) leaves the table: the game
        itself does not change, so nothing goes into its action log."""
        seat.left_at = self.clock.now()
        line = msg("table-stands-up", who=f"{{p{seat.seat}}}")
        table.row.log = [*table.row.log, line][-LOG_LINES:]
        async with self._or_forget(table), self.store.transaction() as tx:
            await tx.save_seat(seat)
            await tx.save_table(table.row)
        table.saved([seat])
        return self._changed(table, [Log(line)], None)

    async def _leave_lobby(self, table: Table, seat: SeatRow) -> Change:
        now = self.clock.now()
        async with self._or_forget(table), self.store.transaction() as tx:
            await tx.remove_seat(table.id, seat.user_id)
            table.seats = [s for s in table.seats if s.user_id != seat.user_id]
            events: list[Event] = [Log(msg("table-left-lobby", name=seat.name))]
            await self._lobby_after_exit(tx, table, seat, events, now)
        return self._changed(table, events, None)

    async def _lobby_after_exit(
        self, tx: Tx, table: Table, seat: SeatRow, events: list[Event], now: float
    ) -> None:
        """A lobby someone left (or was removed from): closed if nobody is left, else the host's
        powers pass on if they were the host's."""
        if not table.seated():
            await self._close_in(tx, table.row, table.seats, "everyone left", now)
            table.timers.clear()
        elif table.row.host_id == seat.user_id:
            table.row.host_id = table.seated()[0].user_id
            events.append(Log(msg("table-new-host", who=table.seated()[0].name)))
            await tx.save_table(table.row)

    async def end(self, table_id: int, user_id: int, *, can_manage: bool) -> Change:
        async with self.lock(table_id):
            table = await self._require(table_id)
            check_may_end(table, user_id, can_manage)
            role = "the host" if user_id == table.row.host_id else "a moderator"  # unseated
            name = next((s.name for s in table.seats if s.user_id == user_id), None)
            if name is not None:
                line = msg("table-ended-by", name=name)
            else:
                line = msg("table-ended-by-role", host="yes" if role == "the host" else "no")
            return await self._end(table, f"ended by {name or role}", line)

    async def close_where(self, where: Callable[[TableRow], bool], why: str) -> list[Change]:
        """End every open table ``where`` holds, for a reason outside the game, ``why`` ("its
        channel was deleted"), as End does: every seated player's game is recorded as ended,
        and they are free to sit down elsewhere."""
        changes = []
        for table in self.open_tables():
            if not where(table.row):
                continue
            async with self.lock(table.id):
                if table.status != "ended" and self._tables.get(table.id) is table:
                    line = CLOSED.get(why) or msg("table-closed", why=why)  # said as given
                    changes.append(await self._end(table, f"closed: {why}", line))
        return changes

    async def _end(self, table: Table, reason: str, line: str) -> Change:
        now = self.clock.now()
        ledger: Callable[[], list[DrinkRow]] = list
        async with self._or_forget(table), self.store.transaction() as tx:
            if await self._close_in(tx, table.row, table.seats, reason, now):
                ledger = tx.table_drinks_when_committed(table.id)  # for the end screen
        table.timers.clear()
        table.ledger = ledger()
        return self._changed(table, [Log(line)], None)

    # -- consents --------------------------------------------------------------------------
    async def has_consent(self, user_id: int, game: str) -> bool:
        """Whether the player has accepted this game's rules. A consent is never taken back
        (erasing a player's history keeps it), so one seen is remembered: no read again."""
        if (user_id, game) in self._consents:
            return True
        async with self.store.reading() as q:
            given = await q.has_consent(user_id, game)
        if given:
            self._consents.add((user_id, game))
        return given

    async def give_consent(self, user_id: int, game: str) -> None:
        async with self.store.transaction() as tx:
            await tx.add_consent(user_id, game, self.clock.now())
        self._consents.add((user_id, game))

    async def table_of(self, guild_id: int, user_id: int) -> int | None:
        """The table /table posts for this person: where they sit, else one they host."""
        async with self.store.reading() as q:
            return await q.table_of(guild_id, user_id)
