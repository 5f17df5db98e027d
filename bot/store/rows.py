"""What the store reads and writes, as plain dataclasses, and how a database row becomes one.

A row here is whatever the backend's driver gives (``Row``, ``asyncpg.Record``): both
are read by column name and by position, which is all these converters use.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

Row = Any  # Row or asyncpg.Record: row["name"], row[0], row.keys()


@dataclass
class TableRow:
    id: int
    game: str
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    seed: str
    state: dict[str, Any] | None
    seq: int
    log: list[str]
    end_reason: str | None
    created_at: float
    started_at: float | None
    ended_at: float | None


@dataclass
class SeatRow:
    table_id: int
    user_id: int
    guild_id: int
    name: str
    seat: int | None
    joined_at: float
    left_at: float | None
    strikes: int
    notes: list[str] = field(default_factory=list)  # latest lines only this player may see
    removed: bool = False  # removed from the lobby by its host: may not join this table again
    # The clocks that were already running for this player when a clock last timed them out,
    # with no move of theirs since: the same absence, so they strike nothing.
    lapse: list[str] = field(default_factory=list)
    # Take over a seat (bot/tables/seats.py): the moves played before this player took the
    # seat (0: dealt in); the seat this player left is open (None: not), 0 they left, N they
    # were put out after N timeouts in a row; who asks the host to take it.
    held_from: int = 0
    opened: int | None = None
    asker_id: int | None = None
    asker_name: str | None = None


@dataclass
class TimerRow:
    table_id: int
    key: str
    due_at: float
    action: dict[str, Any]
    seats: list[int]
    pauses: bool = True  # stands still while the bot is away (Timer.pauses)


@dataclass(frozen=True)
class PrivateView:
    """A player's latest private view of a table: the token that edits it, and the message
    (a follow-up's id; None: the interaction's original response)."""

    user_id: int
    app_id: int
    token: str
    opened_at: float
    message_id: int | None
    # the view it replaced, (app, token, opened at, message id), while nothing says the newer
    # one ever reached Discord
    fallback: tuple[int, str, float, int | None] | None = None


@dataclass(frozen=True)
class ResultRow:
    outcome: str
    place: int | None = None
    points: int | None = None


@dataclass
class DrinkRow:
    guild_id: int
    user_id: int
    game: str
    table_id: int
    seq: int
    amount: int
    kind: str
    giver_id: int | None
    reason: str
    at: float
    counted_as: str = "sips"  # "sips", "capped" (water: over the cap) or "points" (alcohol-free)


@dataclass(frozen=True)
class Tab:
    """What one player's drinks at one table were counted as (finishes and forfeits aside)."""

    sips: int = 0
    water: int = 0
    points: int = 0

    @property
    def total(self) -> int:
        """The game's own count: sips, water and points alike."""
        return self.sips + self.water + self.points

    def __add__(self, other: Tab) -> Tab:
        return Tab(self.sips + other.sips, self.water + other.water, self.points + other.points)


@dataclass(frozen=True)
class PlayerSettings:
    """A player's own cap (sips in any 12 hours) and mode, the same in every server."""

    user_id: int
    cap: int | None = None
    mode: str = "sips"  # or "alcohol-free"
    images: bool | None = None  # card pictures on their own screens (None: the server's)
    four_colour: bool | None = None


@dataclass(frozen=True)
class GuildSettings:
    """A server's party-safety settings (bot/safety.py)."""

    guild_id: int
    default_cap: int | None = None
    water_every: int | None = None
    min_age: str | None = None
    turn_pings: bool = True  # mention whoever must act (bot/pings.py)
    images: bool | None = None  # the tables' pictures and card emoji (None: on)
    four_colour: bool | None = None  # the four-colour deck (None: off)
    language: str | None = None  # public screens' language (bot/i18n; None: the server's own)
    # when /settings thread was switched on (None: off): tables started since then open a
    # play-by-play thread (bot/render/playbyplay.py)
    thread_since: float | None = None

    @property
    def threads(self) -> bool:
        return self.thread_since is not None


@dataclass(frozen=True)
class GameRule:
    """A game switched on or off in one channel (``channel_id`` 0: the whole server)."""

    guild_id: int
    channel_id: int
    game: str
    enabled: bool


@dataclass(frozen=True)
class Erased:
    """What erasing a player's history in a server removed or anonymised."""

    drinks: int
    results: int
    seats: int


def _table(row: Row) -> TableRow:
    return TableRow(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        status=row["status"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=json.loads(row["state"]) if row["state"] else None,
        seq=row["seq"],
        log=json.loads(row["log"]),
        end_reason=row["end_reason"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


def _rule(row: Row) -> GameRule:
    return GameRule(row[0], row[1], row[2], bool(row[3]))


def _timer(row: Row) -> TimerRow:
    return TimerRow(
        row["table_id"],
        row["key"],
        row["due_at"],
        json.loads(row["action"]),
        json.loads(row["seats"]),
        bool(row["pauses"]),
    )


_SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(SeatRow))


def _seat(row: Row) -> SeatRow:
    data = {k: row[k] for k in _SEAT_FIELDS}
    data["notes"] = json.loads(data["notes"])
    data["lapse"] = json.loads(data["lapse"])
    data["removed"] = bool(data["removed"])
    return SeatRow(**data)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _guild_settings(row: Row) -> GuildSettings:
    return GuildSettings(
        row["guild_id"],
        row["default_cap"],
        row["water_every"],
        row["min_age"],
        row["pings"] is None or bool(row["pings"]),  # not set: on
        _flag(row["images"]),
        _flag(row["four_colour"]),
        language=row["language"],
        thread_since=row["thread_since"],
    )


def _flag(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _player_settings(row: Row) -> PlayerSettings:
    return PlayerSettings(
        row["user_id"], row["cap"], row["mode"], _flag(row["images"]), _flag(row["four_colour"])
    )
