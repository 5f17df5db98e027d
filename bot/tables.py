"""The table service: lobbies, seats, the one path every action takes, and the clocks.

Every change goes: take the table's lock, apply the engine, write the action, the new state,
the ledger rows and the clocks in one transaction, update the in-memory copy, then tell the
listeners (which render). Nothing is shown to anybody before it is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from bot import safety
from bot.clock import SystemClock
from bot.engines.base import (
    Action,
    Drink,
    Engine,
    Event,
    GameError,
    IllegalAction,
    Leave,
    Log,
    Private,
    Results,
    StateError,
    check_options,
    seed_hash,
)
from bot.store import (
    AlreadyApplied,
    DrinkRow,
    GameRule,
    GuildSettings,
    PlayerSettings,
    ResultRow,
    SeatRow,
    Store,
    Tab,
    TableRow,
    TimerRow,
    Tx,
)

log = logging.getLogger(__name__)

LOG_LINES = 8  # public log lines kept with a table
NOTE_LINES = 3  # private lines kept per seat
LOBBY_SECONDS = 30 * 60  # a table nobody starts closes after this, freeing its seats
LOBBY_CLOCK = "lobby"
ALIVE_EVERY = 5.0  # seconds between the clock loop's "still running" marks (resume_clocks)
ALIVE_META = "clocks_ran_at"
CHANNEL_DELETED = "its channel was deleted"  # why a table closed (see close_where)
THREAD_LOCKED = "its thread was locked"
REMOVED = "Barkeep was removed from the server"
LOBBIES_PER_HOST = 1  # open (unstarted) tables one person may host per server
STRIKES_OUT = 3  # timeouts in a row that remove a player
DISCORD_EPOCH_MS = 1_420_070_400_000  # the time Discord ids count from (2015-01-01)
CLOCK_SKEW = 60.0  # seconds our clock and Discord's may differ, for interaction ids' times
JUST_NOW = 5.0  # seconds in which a refused move is put down to the player's own last one
RETRY_FIRST = 2.0  # seconds before a table forgotten after a failed write is read again
RETRY_AT_MOST = 60.0  # the longest wait between such reads (doubled each failure)
DOUBLE_TAP = "Already done: your first tap counted."
CLOCK_MOVED = "Time ran out a moment ago: the clock already moved for you."


class TableError(GameError):
    """A lobby or table rule refused the request (message fit for the player)."""


class AlreadyMoved(TableError):
    """A move refused because the player's own tap, or their clock, made a move a moment
    before: says so, instead of the rules' refusal, which would blame them for a race they
    did not lose (a double tap, a tap as their time ran out)."""


class Elsewhere(TableError):
    """Refused for ``table``, another of the player's tables in this server: ``verb`` (its
    Leave, or its host's End) frees them from here (``GameCog.find_table``)."""

    def __init__(self, message: str, table: TableRow, verb: str) -> None:
        super().__init__(message)
        self.table, self.verb = table, verb


class NextGameOpen(TableError):
    """Play again was pressed on a finished table whose next game is already open: ``lobby``,
    hosted by ``host`` (their name as seated; None if the host has no seat there yet)."""

    def __init__(self, lobby: TableRow, host: str | None) -> None:
        super().__init__(f"The next game is already open: table #{lobby.id}.")
        self.lobby, self.host = lobby, host


@dataclass
class Table:
    row: TableRow
    seats: list[SeatRow]  # everybody who sat down, in join order (left ones included)
    engine: Engine[Any]
    state: Any | None = None
    timers: dict[str, TimerRow] = field(default_factory=dict)
    version: int = 0  # bumped on every committed change; renderers compare it
    tabs: dict[int, Tab] = field(default_factory=dict)  # user -> their drinks here, as counted
    ledger: list[DrinkRow] = field(default_factory=list)  # every drink here, once it has ended
    # each seat as the store has it, so that a write sends only the seats that changed
    _saved: dict[int, tuple[Any, ...]] = field(default_factory=dict, repr=False)
    # the interactions this process applied here; when (wall clock) it read the table from
    # the store (None: it opened the table, so its whole action log is this process's)
    applied: set[int] = field(default_factory=set, repr=False)
    # per seat, its last move (None: their clock's), when, and the version it made, in this
    # process (AlreadyMoved)
    moved: dict[int, tuple[Action | None, float, int]] = field(default_factory=dict, repr=False)
    held_since: float | None = field(default_factory=time.time, repr=False)

    def __post_init__(self) -> None:
        self.saved(self.seats)  # built from what the store holds

    def may_have_applied(self, interaction_id: int) -> bool:
        """Whether the action log may hold this interaction, as far as memory can tell without
        reading it: it does if this process applied it here; it may if the interaction is
        older than this process's copy of the table (an earlier run of the bot could have
        applied it). An interaction created after that (Discord ids carry their creation
        time) can only have been applied by this process, which would know."""
        if interaction_id in self.applied:
            return True
        if self.held_since is None:
            return False
        return made_at(interaction_id) < self.held_since + CLOCK_SKEW

    def saved(self, seats: list[SeatRow]) -> None:
        """These seats are in the store as they are now."""
        for s in seats:
            self._saved[s.user_id] = _seat_key(s)

    def is_unsaved(self, seat: SeatRow) -> bool:
        """Whether this seat differs from the store's copy (a write sends only those)."""
        return self._saved.get(seat.user_id) != _seat_key(seat)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def seed_hash(self) -> str:
        return seed_hash(self.row.seed)

    def seated(self) -> list[SeatRow]:
        """Players still at the table: the host first (they opened it, even if they sat down
        only once they had accepted the rules), then in join order. The game's seats are
        dealt in this order, so a seated host is seat 0: the dealer, where a game has one."""
        host = self.row.host_id
        return sorted((s for s in self.seats if s.left_at is None), key=lambda s: s.user_id != host)

    def seat_row(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def dealt_row(self, user_id: int) -> SeatRow | None:
        """The seat row of someone dealt into the game (playing on, or gone since), or ``None``
        (never dealt in: a lobby's leaver, a table that never started)."""
        s = self.seat_row(user_id)
        return s if s is not None and s.seat is not None else None

    def seat_of(self, user_id: int) -> int | None:
        """The engine seat of a player still playing, or ``None``."""
        s = self.seat_row(user_id)
        return s.seat if s and s.left_at is None else None

    def in_game(self, user_id: int) -> bool:
        """Whether the player still plays in the game now (leaving would change it): not in
        the lobby, not out of the game already (safe, finished)."""
        s = self.seat_row(user_id)
        return (
            self.status == "playing"
            and s is not None
            and s.left_at is None
            and s.seat is not None
            and self.engine.is_active(self.state, s.seat)
        )

    def user_at(self, seat: int) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    def seat_at(self, seat: int) -> SeatRow | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def view(self, seat: int | None = None) -> Any:
        """What ``seat`` (``None``: everyone) may see of the game now."""
        return self.engine.view(self.state, seat)

    def results(self) -> Results:
        return self.engine.results(self.state)

    def names(self) -> dict[str, str]:
        """``{"p0": "Ana", ...}`` for formatting :class:`Log` lines."""
        return {f"p{s.seat}": s.name for s in self.seats if s.seat is not None}

    def deadline(self, key: str) -> float | None:
        t = self.timers.get(key)
        return t.due_at if t else None


def one_lobby(mine: list[TableRow]) -> None:
    """One open lobby per host and server: a host who never takes a seat (never presses I'm
    in) is not held by the one-seat rule, so this is what keeps them to one. Checked in the
    transaction that opens the new one."""
    if len(mine) >= LOBBIES_PER_HOST:
        row = mine[0]
        raise Elsewhere(
            f"You already have an open table here, #{row.id} ({row.game}){message_link(row)}. "
            "Start it or End it first: one open table per host.",
            row,
            "end",
        )


def check_may_end(table: Table, user_id: int, can_manage: bool) -> None:
    """Only the host, or a moderator (Manage Server, or Manage Messages there), may end a
    table."""
    if user_id != table.row.host_id and not can_manage:
        raise TableError("Only the host (or a moderator) can end the table.")


def check_may_remove(table: Table, user_id: int, can_manage: bool) -> None:
    """Only the host, or a moderator, may remove a player, and only from a
    lobby (in a game, three missed turns in a row put a player out)."""
    if user_id != table.row.host_id and not can_manage:
        raise TableError("Only the host (or a moderator) can remove players.")
    if table.status != "lobby":
        raise TableError(
            "The game has started. In a game, a player who misses three turns in a row is out."
        )


def check_may_send(table: Table, user_id: int, action: Action) -> None:
    """Only the host may send the game's :attr:`Engine.host_actions`."""
    if type(action) in table.engine.host_actions and user_id != table.row.host_id:
        raise TableError("Only the host can do that.")


def made_at(snowflake: int) -> float:
    """When Discord made what this id names (its ids carry their creation time)."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def _seconds(text: str | None) -> float | None:
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


def message_link(row: TableRow) -> str:
    """``": https://discord.com/channels/..."``: where a table's message is, or nothing."""
    if row.message_id is None:
        return ""
    return f": https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.message_id}"


def _seat_key(s: SeatRow) -> tuple[Any, ...]:
    return (s.name, s.seat, s.left_at, s.strikes, tuple(s.notes), s.removed, tuple(s.lapse))


@dataclass
class Change:
    """What one committed change did, handed to the listeners."""

    table: Table
    events: list[Event] = field(default_factory=list)
    seat: int | None = None  # acting seat (None: the table, a clock)
    duplicate: bool = False  # an interaction seen before: nothing was applied


Listener = Callable[[Change], None]


class TableService:
    def __init__(
        self,
        store: Store,
        engines: dict[str, Engine[Any]],
        clock: Any = None,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        self.store = store
        self.engines = engines
        self.clock = clock or SystemClock()
        self.seeds = seeds or (lambda: secrets.token_hex(16))  # tests pass fixed seeds
        self.listeners: list[Listener] = []
        # called, while an action's write is being committed, with a copy of its table as it
        # will be once it is (the same row, state and clocks; its version one up): to get
        # ready what the answer needs (its screen). Nothing may show it before the commit.
        self.previewers: list[Callable[[Table], None]] = []
        self._tables: dict[int, Table] = {}
        # a table's lock lives while someone holds or awaits it: a long-running bot sees many
        # tables come and go, and keeps no lock for each
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._consents: set[tuple[int, str]] = set()  # (user, game) known to have consented
        self._wake = asyncio.Event()
        self._scheduler: asyncio.Task[None] | None = None
        # tables forgotten after a failed write (see :meth:`_forget`): id -> (their version
        # then, when the clock loop reads them again); and the wait before that, doubled
        # while their writes keep failing
        self._forgotten: dict[int, tuple[int, float]] = {}
        self._waits: dict[int, float] = {}
        self._clocks_on = False  # the clock loop should run (started, not stopped)
        # while Discord can't reach the bot (:meth:`pause_clocks`): when that began, and the
        # clocks then running with their due times
        self._paused_at: float | None = None
        self._paused: dict[tuple[int, str], float] = {}
        self._pausing = asyncio.Lock()
        self._firing = asyncio.Lock()  # held by the clock loop while it fires clocks

    # -- loading ---------------------------------------------------------------------------
    async def load(self, chunk: int = 200) -> int:
        """Load every active table and its clocks (at start-up). Returns how many.

        In chunks, so that it can run alongside interactions (the bot answers while it loads):
        a table an interaction needs first is read by :meth:`get`, and a chunk never replaces a
        table already in memory. Between a chunk's read and its tables going into memory there
        is no ``await``, so no change can slip in between.
        """
        loaded, after = 0, 0
        while True:
            async with self.store.reading() as q:
                rows, seats, timers = await q.active_chunk(after, chunk)
                tabs = await q.tabs(r.id for r in rows)
            if not rows:
                break
            after = rows[-1].id
            broken = []
            for row in rows:
                if row.id in self._tables:
                    continue
                try:
                    self._tables[row.id] = self._build(row, seats.get(row.id, []), timers)
                    self._tables[row.id].tabs = tabs.get(row.id, {})
                    loaded += 1
                except (StateError, KeyError) as err:
                    log.error(
                        "table #%s (%s) can't be loaded, so it is closed: %s", row.id, row.game, err
                    )
                    broken.append(row)
            for row in broken:
                try:
                    await self._close_unloadable(row, seats.get(row.id, []))
                except Exception:  # the next start tries again
                    log.exception("could not close table #%s", row.id)
            self._wake.set()
            await asyncio.sleep(0)  # let interactions in between chunks
        self._wake.set()
        return loaded

    async def _close_unloadable(self, row: TableRow, seats: list[SeatRow]) -> None:
        """End a stored table this bot can't build any more (a game it no longer deals, a state
        an updated engine can't read), as End would: otherwise its players stayed seated there
        for good, refused every other table in that server, and its Leave could not find it."""
        async with self.lock(row.id), self.store.transaction() as tx:
            await self._close_in(tx, row, seats, "closed: it could not be loaded", self.clock.now())

    def _build(
        self, row: TableRow, seats: list[SeatRow], timers: dict[int, dict[str, TimerRow]]
    ) -> Table:
        engine = self.engines[row.game]  # KeyError: a game this bot no longer deals
        state = engine.from_dict(row.state) if row.state is not None else None
        row.state = None  # kept once, as the engine's (Tx.save_table leaves the stored one)
        return Table(row, seats, engine, state, timers.get(row.id, {}))

    async def get(self, table_id: int) -> Table | None:
        """An active table from memory, or a finished one from the store (read only)."""
        if table_id in self._tables:
            return self._tables[table_id]
        async with self.store.reading() as q:
            row = await q.table(table_id)
            if row is None or row.game not in self.engines:
                return None
            clocks = {table_id: {t.key: t for t in await q.timers(table_id)}}
            try:
                table = self._build(row, await q.seats(table_id), clocks)
            except StateError as err:  # closed at start-up (:meth:`_close_unloadable`)
                log.info("table #%s (%s) can't be read: %s", table_id, row.game, err)
                return None
            table.tabs = (await q.tabs([table_id])).get(table_id, {})
            if table.status == "ended":
                table.ledger = await q.table_drinks(table_id)
        if table_id in self._tables:
            # another reader (the start-up load, a click at the same moment) put it in memory
            # while this one read: that copy may have changed since (a clock fired); this
            # read must never replace it, or two copies would write the same move numbers
            return self._tables[table_id]
        forgot = self._forgotten.pop(table_id, None)
        if forgot is not None:  # a renderer compares versions: they never go back
            table.version = forgot[0] + 1
        if table.status != "ended":  # reloaded after a failed write; keep it from now on
            self._tables[table_id] = table
            self._wake.set()
        return table

    def in_memory(self, table_id: int) -> Table | None:
        """The table if it is in memory (every open one is), without reading the store."""
        return self._tables.get(table_id)

    def lock(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def _require(self, table_id: int) -> Table:
        table = await self.get(table_id)
        if table is None:
            raise TableError("I can't find that table any more.")
        if table.status == "ended":
            raise TableError(
                "This table has ended. Start a new one with /" + table.row.game + " start."
            )
        return table

    # -- lobby -----------------------------------------------------------------------------
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
                    raise TableError(safety.not_here(engine.title, pairs))

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
        self._notify(Change(table, [Log(f"Table #{row.id} is open.")]))
        return table

    def _check_free(self, tx: Tx, guild_id: int, user_id: int) -> None:
        """One seat per player and server, checked in the transaction that seats them."""

        def refuse(other: TableRow) -> TableError:
            return Elsewhere(
                f"You're already seated at table #{other.id} ({other.game}) in this server"
                f"{message_link(other)}. "
                "Leave it first: one seat at a time.",
                other,
                "leave",
            )

        tx.check_seat_free(guild_id, user_id, refuse)

    async def set_message(self, table_id: int, message_id: int) -> int | None:
        """The table's public message is ``message_id`` from now on; returns the one before."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table is None:
                raise TableError("I can't find that table any more.")
            old = table.row.message_id
            if old != message_id:
                async with self.store.transaction() as tx:
                    await tx.set_message(table_id, message_id)
                table.row.message_id = message_id
            return old

    def open_tables(self) -> list[Table]:
        """Every table not yet ended (all of them are kept in memory)."""
        return list(self._tables.values())

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        async with self.lock(table_id):
            table = await self._require(table_id)
            old = table.seat_row(user_id)
            if old is not None and old.left_at is None:
                raise TableError("You're already at this table.")
            if old is not None and old.removed:
                raise TableError("The host removed you from this table.")
            if table.status != "lobby":
                raise TableError("This game has already started. Catch the next one!")
            if len(table.seated()) >= table.engine.max_players:
                raise TableError(f"The table is full ({table.engine.max_players} players).")
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
                raise TableError("Only the host can start the game.")
            if table.status != "lobby":
                raise TableError("The game has already started.")
            players = table.seated()
            engine = table.engine
            if engine.host_plays and table.seat_row(user_id) not in players:
                raise TableError(
                    f"In {engine.title} the host deals: press **Join** to take your seat, "
                    "then Start."
                )
            if len(players) < engine.min_players:
                need = engine.min_players - len(players)
                raise TableError(
                    f"{engine.title} needs at least {engine.min_players} players: "
                    f"waiting for {need} more."
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
            events: list[Event] = [Log("Cards dealt.")]
            events += engine.opening(state)
            return await self._commit(table, state, events, None, None, None)

    async def leave(self, table_id: int, user_id: int) -> Change:
        async with self.lock(table_id):
            table = await self._require(table_id)
            seat = table.seat_row(user_id)
            if seat is None or seat.left_at is not None:
                raise TableError("You're not at this table.")
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
                raise TableError("They're not at this table any more.")
            if user_id == by:
                raise TableError("To leave the table yourself, press Leave.")
            now = self.clock.now()
            seat.left_at, seat.removed = now, True
            events: list[Event] = [Log(f"{seat.name} was removed from the table.")]
            async with self._or_forget(table), self.store.transaction() as tx:
                await tx.save_seat(seat)
                await self._lobby_after_exit(tx, table, seat, events, now)
            table.saved([seat])
            return self._changed(table, events, None)

    async def _stand_up(self, table: Table, seat: SeatRow) -> Change:
        """A player who is already out of the game (safe, finished) leaves the table: the game
        itself does not change, so nothing goes into its action log."""
        seat.left_at = self.clock.now()
        line = f"{{p{seat.seat}}} leaves the table."
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
            events: list[Event] = [Log(f"{seat.name} left.")]
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
            events.append(Log(f"{table.seated()[0].name} is the host now."))
            await tx.save_table(table.row)

    async def end(self, table_id: int, user_id: int, *, can_manage: bool) -> Change:
        async with self.lock(table_id):
            table = await self._require(table_id)
            check_may_end(table, user_id, can_manage)
            who = "the host" if user_id == table.row.host_id else "a moderator"  # unseated
            by = next((s.name for s in table.seats if s.user_id == user_id), who)
            return await self._end(table, f"ended by {by}", f"The table was ended by {by}.")

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
                    changes.append(await self._end(table, f"closed: {why}", f"Closed: {why}."))
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

    @contextlib.asynccontextmanager
    async def _or_forget(self, table: Table) -> AsyncIterator[None]:
        """A write whose changes to the table in memory may be made before it commits: if it
        fails, the table is forgotten (:meth:`_forget`)."""
        try:
            yield
        except BaseException:
            self._forget(table)
            raise
        self._waits.pop(table.id, None)

    def _forget(self, table: Table) -> None:
        """A write failed (a full disk, another process holding the store) with the table in
        memory maybe half-changed: forget it, the store has its last good state. Whoever needs
        it next reads it again, and so does the clock loop after a wait (doubling while it keeps
        failing), so that its clocks run on with nobody clicking; read again, its version goes
        on from this one's."""
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
        self._retry(table.id, table.version)

    def _retry(self, table_id: int, version: int) -> None:
        wait = self._waits[table_id] = min(
            RETRY_AT_MOST, self._waits.get(table_id, RETRY_FIRST / 2) * 2
        )
        self._forgotten[table_id] = (version, self.clock.now() + wait)
        self._wake.set()

    async def _read_forgotten(self, now: float) -> None:
        """The clock loop reads again the tables forgotten after a failed write whose wait is
        over: back in memory, their clocks run again."""
        for table_id, (version, at) in list(self._forgotten.items()):
            if at > now:
                continue
            if table_id in self._tables:  # read again meanwhile (a click)
                self._forgotten.pop(table_id, None)
                continue
            try:
                async with self.lock(table_id):
                    await self.get(table_id)
            except Exception:
                log.exception("could not read table #%s again", table_id)
                self._retry(table_id, version)

    async def _close_in(
        self, tx: Tx, row: TableRow, seats: list[SeatRow], reason: str, now: float
    ) -> bool:
        """Write in ``tx`` that the table ``row`` has ended for ``reason``, as End does: a game
        under way counts as ended for each player still at the table, and its clocks go. The
        table leaves memory (its players are free). Returns whether a game was under way."""
        playing = row.status == "playing"
        if playing:
            outcomes: dict[int, str | ResultRow] = {
                s.user_id: "ended" for s in seats if s.left_at is None
            }
            await tx.add_results(row.id, row.guild_id, row.game, outcomes, now)
        row.status, row.end_reason, row.ended_at = "ended", reason, now
        self._tables.pop(row.id, None)
        await tx.save_table(row)
        await tx.delete_timers(row.id)
        return playing

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

    # -- actions ---------------------------------------------------------------------------
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
            try:
                table = await self._require(table_id)
                if table.status != "playing":
                    raise TableError("The game hasn't started yet.")
                seat = table.seat_of(user_id)
                if seat is None:
                    raise TableError("You're not playing at this table.")
                action = table.engine.parse(action)
                check_may_send(table, user_id, action)
                try:
                    return await self._apply(
                        table, seat, user_id, action, interaction_id, name=name
                    )
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
        state, events = engine.apply(table.state, seat, action)
        extra: list[tuple[int | None, int | None, Action]] = []
        if seat is not None:
            mover = table.user_at(seat)
            mover.strikes, mover.lapse = 0, []
            if name:
                mover.name = name
            if isinstance(action, Leave):
                mover.left_at = self.clock.now()
        elif timer is not None:
            for s in timer.seats:
                row = table.user_at(s)
                if row.left_at is not None:
                    continue
                # One absence strikes once: three right cards laid together in Pyramid start
                # three give clocks, and one lapse used to count as three timeouts in a row.
                # The clocks already running now are this same absence, unless they move.
                if timer.key not in row.lapse:
                    row.strikes += 1
                    if row.strikes >= STRIKES_OUT:
                        extra.append((s, row.user_id, Leave(timeouts=row.strikes)))
                row.lapse = [t.key for t in running if t.key != timer.key and s in t.seats]
        change = await self._commit(
            table, state, events, seat, user_id, action, interaction_id, timer, extra
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
    ) -> Change:
        """Write the action(s), state, drinks, clocks and results in one transaction."""
        engine, row = table.engine, table.row
        now = self.clock.now()
        steps = [(seat, user_id, action, interaction_id, events)] if action is not None else []
        for xs, xu, xa in extra or []:  # removals for three timeouts in a row
            try:
                state, xevents = engine.apply(state, xs, xa)
            except GameError:
                continue
            table.user_at(xs).left_at = now  # type: ignore[arg-type]
            xevents = [Log(f"{{p{xs}}} timed out three times in a row and is out."), *xevents]
            steps.append((xs, xu, xa, None, xevents))
            events = [*events, *xevents]
        over = engine.is_over(state)
        host = table.seat_row(row.host_id)
        if not over and host is not None and host.left_at is not None and table.seated():
            heir = table.seated()[0]  # the host's powers pass on in seat order
            row.host_id = heir.user_id
            events = [*events, Log(f"{{p{heir.seat}}} is the host now.")]
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
                await tx.delete_timer(table.id, fired.key)
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
                outcomes: dict[int, str | ResultRow] = {
                    table.user_at(o.seat).user_id: ResultRow(o.result, o.place, o.points)
                    for o in results.outcomes
                }
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
            await tx.save_table(row)
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

    def _changed(self, table: Table, events: list[Event], seat: int | None) -> Change:
        table.version += 1
        change = Change(table, events, seat)
        self._notify(change)
        return change

    def _preview(self, ahead: Table) -> None:
        for previewer in self.previewers:
            previewer(ahead)

    def _notify(self, change: Change) -> None:
        for listener in self.listeners:
            try:
                listener(change)
            except Exception:
                log.exception("table listener failed")

    # -- clocks ----------------------------------------------------------------------------
    async def fire_due(self) -> int:
        """Apply every clock that is due now. Returns how many fired."""
        now = self.clock.now()
        if self._forgotten:
            await self._read_forgotten(now)
        due = sorted(
            (
                t
                for table in list(self._tables.values())
                for t in table.timers.values()
                if t.due_at <= now
            ),
            key=lambda t: t.due_at,
        )
        fired = 0
        for timer in due:
            async with self.lock(timer.table_id):
                table = self._tables.get(timer.table_id)
                if table is None or table.timers.get(timer.key) is not timer:
                    continue
                try:
                    if timer.key == LOBBY_CLOCK:
                        await self._close_lobby(table)
                    else:
                        await self._apply(table, None, None, timer.action, None, timer)
                    fired += 1
                except GameError as err:  # superseded: just drop the clock
                    log.info("clock %s on table %s no longer applies: %s", timer.key, table.id, err)
                    async with self.store.transaction() as tx:
                        await tx.delete_timer(table.id, timer.key)
                    table.timers.pop(timer.key, None)
        return fired

    async def _close_lobby(self, table: Table) -> None:
        minutes = LOBBY_SECONDS // 60
        why = f"nobody started it within {minutes} minutes"
        async with self._or_forget(table), self.store.transaction() as tx:
            await self._close_in(tx, table.row, table.seats, why, self.clock.now())
        table.timers.clear()
        self._changed(table, [Log(f"Nobody started the game within {minutes} minutes.")], None)

    def next_due(self) -> float | None:
        dues = [t.due_at for table in self._tables.values() for t in table.timers.values()]
        dues += [at for _, at in self._forgotten.values()]
        return min(dues) if dues else None

    async def resume_clocks(self) -> float:
        """At start-up, before any table is read: the clocks stood still while the bot was
        away. Each clock still running when the clock loop last ran gets that time back, so a
        player is not timed out (struck, made to drink, a Spit game ended) for the bot's own
        outage. When the loop last ran is marked every :data:`ALIVE_EVERY` seconds and when it
        stops (:meth:`_mark_alive`): after a crash a clock gains at most that much extra.
        Returns the seconds the bot was away (0 on the first start)."""
        now = self.clock.now()
        async with self.store.transaction() as tx:
            stopped = _seconds(await tx.get_meta(ALIVE_META))
            away = max(0.0, now - stopped) if stopped is not None else 0.0
            if stopped is not None and away > 0:
                await tx.pause_timers(stopped, now)
            await tx.set_meta(ALIVE_META, repr(now))
        if away > 0:
            log.info("away for %.1f s: running clocks get that time back", away)
        return away

    async def _mark_alive(self) -> None:
        async with self.store.transaction() as tx:
            await tx.set_meta(ALIVE_META, repr(self.clock.now()))

    async def run_clocks(self) -> None:
        """Sleep until the earliest clock, fire it, repeat. Overdue clocks fire at once. Marks
        that the clocks run every :data:`ALIVE_EVERY` seconds (see :meth:`resume_clocks`)."""
        alive_at = self.clock.now()
        while True:
            self._wake.clear()
            due = self.next_due()
            try:
                now = self.clock.now()
                if now >= alive_at:
                    await self._mark_alive()
                    alive_at = now + ALIVE_EVERY
                elif due is None or due > now:
                    until = alive_at if due is None else min(due, alive_at)
                    await self.clock.sleep(until - now, self._wake)
                else:
                    async with self._firing:
                        await self.fire_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the clock loop hit an error; carrying on")
                await asyncio.sleep(0.5)

    def start_clocks(self) -> None:
        self._clocks_on = True
        if self._paused_at is not None:  # :meth:`unpause_clocks` starts them
            return
        if self._scheduler is None or self._scheduler.done():
            self._scheduler = asyncio.create_task(self.run_clocks(), name="barkeep-clocks")

    async def stop_clocks(self) -> None:
        """Stop the clock loop, marking when (the clocks stand still from here until
        :meth:`resume_clocks` at the next start)."""
        self._clocks_on = False
        await self._stop_loop()

    async def pause_clocks(self) -> None:
        """Discord can't reach the bot (its gateway connection is down): no click can come in,
        so the clocks stand still, as they do while the bot is away, until
        :meth:`unpause_clocks`. Nobody is timed out (made to drink, struck, a game played out
        by its clocks) for an outage they could do nothing about."""
        async with self._pausing:
            if self._paused_at is not None:
                return
            self._paused_at = self.clock.now()
            self._paused = {
                (table.id, key): t.due_at
                for table in self._tables.values()
                for key, t in table.timers.items()
                if t.pauses
            }
            await self._stop_loop()  # marks when: a restart meanwhile gives this time back
        log.info("Discord's connection is down: the clocks stand still")

    async def unpause_clocks(self) -> list[Table]:
        """Discord reaches the bot again: each clock that was running when the connection went
        down gets the time it was down back, and the clocks run again. Returns the tables
        whose clocks moved (their screens show the new times once told)."""
        async with self._pausing:
            since = self._paused_at
            if since is None:
                return []
            away, moved = max(0.0, self.clock.now() - since), []
            for table in list(self._tables.values()) if away > 0 else []:
                async with self.lock(table.id):
                    if self._tables.get(table.id) is not table:
                        continue
                    later = {
                        key: dataclasses.replace(t, due_at=t.due_at + away)
                        for key, t in table.timers.items()
                        if self._paused.get((table.id, key)) == t.due_at
                    }
                    if not later:
                        continue
                    try:
                        async with self._or_forget(table), self.store.transaction() as tx:
                            for t in later.values():
                                await tx.move_timer(table.id, t.key, t.due_at)
                    except Exception:  # forgotten: the clock loop reads it again
                        log.exception("could not give table #%s its clocks' time", table.id)
                        continue
                    table.timers = {**table.timers, **later}
                    moved.append(table)
            self._paused_at, self._paused = None, {}
            if self._clocks_on:
                self.start_clocks()
        log.info("Discord's connection is back after %.1f s: the clocks run again", away)
        for table in moved:
            self._changed(table, [], None)
        return moved

    async def _stop_loop(self) -> None:
        if self._scheduler is not None:
            async with self._firing:  # never in the middle of a clock's write
                self._scheduler.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._scheduler
            self._scheduler = None
            try:
                await self._mark_alive()
            except Exception:  # the store failed: the next start counts from the last mark
                log.exception("couldn't mark when the clocks stopped")

    # -- checking --------------------------------------------------------------------------
    async def replay(self, table_id: int) -> Any:
        """Rebuild a table's state from its seed, options and action log."""
        async with self.store.reading() as q:
            row = await q.table(table_id)
            actions = await q.actions(table_id)
            seats = await q.seats(table_id)
        if row is None:
            raise IllegalAction("no such table")
        engine = self.engines[row.game]
        players = len([s for s in seats if s.seat is not None])
        state = engine.new_game(players, row.seed, row.options)
        for seat, action in actions:
            state, _ = engine.apply(state, seat, action)
        return state
