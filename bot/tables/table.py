"""A table as this process holds it in memory, the change a commit hands to the listeners, and
the errors a player can cause at a table (each with a message fit for them)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot import i18n
from bot.engines import takeback
from bot.engines.base import (
    Action,
    Engine,
    Event,
    GameError,
    IllegalAction,
    Results,
    msg,
    seed_hash,
)
from bot.store import DrinkRow, SeatRow, Tab, TableRow, TimerRow

LOG_LINES = 8  # public log lines kept with a table
NOTE_LINES = 3  # private lines kept per seat
LOBBY_SECONDS = 30 * 60  # a table nobody starts closes after this, freeing its seats
LOBBY_CLOCK = "lobby"
DISCORD_EPOCH_MS = 1_420_070_400_000  # the time Discord ids count from (2015-01-01)
CLOCK_SKEW = 60.0  # seconds our clock and Discord's may differ, for interaction ids' times


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
        super().__init__(msg("table-next-open", id=str(lobby.id)))
        self.lobby, self.host = lobby, host


@dataclass
class Offer:
    """Move ``seq`` by ``seat`` (``user_id``), made ``at``: its mover may ask to take it back
    until ``at`` + :data:`SECONDS`, if it showed no card (:meth:`possible`, worked out once)."""

    seq: int
    seat: int
    user_id: int
    at: float
    before: Any = field(repr=False)
    after: Any = field(repr=False)
    action: Action
    events: list[Event] = field(repr=False)
    _possible: bool | None = field(default=None, repr=False)

    def possible(self, table: Table) -> bool:
        if self._possible is None:
            try:
                takeback.check(
                    table.engine, self.before, self.seat, self.action, self.after, self.events
                )
                self._possible = True
            except IllegalAction:
                self._possible = False
        return self._possible


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
    # the last move, while its mover may still ask to take it back (bot/tables/takeback.py)
    offer: Offer | None = field(default=None, repr=False)

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
        """Who holds the engine seat now: its latest holder (a seat taken over has several
        rows, in the order they took it; the last one holds it, or left it open)."""
        return next(s for s in reversed(self.seats) if s.seat == seat)

    def seat_at(self, seat: int) -> SeatRow | None:
        return next((s for s in reversed(self.seats) if s.seat == seat), None)

    def open_seats(self) -> list[SeatRow]:
        """The seats left open for someone to take over (bot/tables/seats.py), in seat order:
        each one's row is its leaver's."""
        rows = [s for s in self.seats if s.opened is not None and s.seat is not None]
        return sorted(
            (s for s in rows if self.user_at(s.seat or 0) is s), key=lambda s: s.seat or 0
        )

    def view(self, seat: int | None = None) -> Any:
        """What ``seat`` (``None``: everyone) may see of the game now."""
        return self.engine.view(self.state, seat)

    def results(self) -> Results:
        return self.engine.results(self.state)

    def names(self) -> dict[str, str]:
        """``{"p0": "Ana", ...}`` for formatting :class:`Log` lines (each seat's latest
        holder: the seats are in the order they were taken)."""
        return {f"p{s.seat}": s.name for s in self.seats if s.seat is not None}

    def deadline(self, key: str) -> float | None:
        t = self.timers.get(key)
        return t.due_at if t else None


def made_at(snowflake: int) -> float:
    """When Discord made what this id names (its ids carry their creation time)."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def titled(game: str, title: str | None = None) -> str:
    """A game's name as words as data (``game-<name>-title``), for a line about a table; a
    game the catalogs don't name (a test's) goes by ``title``, else its name."""
    key = f"game-{game}-title"
    return msg(key) if i18n.has(i18n.ENGLISH, key) else title or game


def message_link(row: TableRow) -> str:
    """``": https://discord.com/channels/..."``: where a table's message is, or nothing."""
    if row.message_id is None:
        return ""
    return f": https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.message_id}"


def _seat_key(s: SeatRow) -> tuple[Any, ...]:
    return (
        s.name,
        s.seat,
        s.left_at,
        s.strikes,
        tuple(s.notes),
        s.removed,
        tuple(s.lapse),
        s.held_from,
        s.opened,
        s.asker_id,
        s.asker_name,
    )


@dataclass
class Change:
    """What one committed change did, handed to the listeners."""

    table: Table
    events: list[Event] = field(default_factory=list)
    seat: int | None = None  # acting seat (None: the table, a clock)
    duplicate: bool = False  # an interaction seen before: nothing was applied


Listener = Callable[[Change], None]
