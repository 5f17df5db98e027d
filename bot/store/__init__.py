"""Barkeep's database: tables, seats, the action log, the drink ledger, clocks, settings.

- :mod:`bot.store.tx`: :class:`Tx`, every statement the bot runs, written once for all backends.
- :mod:`bot.store.base`: :class:`Store`, what the backends share (the transaction blocks).
- :mod:`bot.store.sqlite`: the embedded default, one SQLite file claimed by one process.
- :mod:`bot.store.postgres`: PostgreSQL (asyncpg), for several processes that split the shards.
- :mod:`bot.store.rows`, :mod:`bot.store.errors`: what is read and written, what goes wrong.

``await Store.open(where)`` opens either: a path (or ``sqlite:///`` URL) or a
``postgresql://`` URL.
"""

from __future__ import annotations

from bot.store.base import Store
from bot.store.errors import (
    AlreadyApplied,
    DatabaseInUse,
    DatabaseUnusable,
    Newer,
    NotOurs,
    ShardTaken,
    Stale,
)
from bot.store.postgres import PostgresStore
from bot.store.rows import (
    DrinkRow,
    Erased,
    GameRule,
    GuildSettings,
    PlayerSettings,
    PrivateView,
    ResultRow,
    SeatRow,
    Tab,
    TableRow,
    TimerRow,
)
from bot.store.sqlite import SqliteStore
from bot.store.tx import COMMITTED, DRINK_COLUMNS, LEADERBOARD_ORDER, Tx

Store.backends.update(sqlite=SqliteStore, postgresql=PostgresStore)

__all__ = [
    "COMMITTED",
    "DRINK_COLUMNS",
    "LEADERBOARD_ORDER",
    "AlreadyApplied",
    "DatabaseInUse",
    "DatabaseUnusable",
    "DrinkRow",
    "Erased",
    "GameRule",
    "GuildSettings",
    "Newer",
    "NotOurs",
    "PlayerSettings",
    "PostgresStore",
    "PrivateView",
    "ResultRow",
    "SeatRow",
    "ShardTaken",
    "SqliteStore",
    "Stale",
    "Store",
    "Tab",
    "TableRow",
    "TimerRow",
    "Tx",
]
