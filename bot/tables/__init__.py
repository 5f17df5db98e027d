"""The table service: lobbies, seats, the one path every action takes, and the clocks.

Every change goes: take the table's lock, apply the engine, write the action, the new state,
the ledger rows and the clocks in one transaction, update the in-memory copy, then tell the
listeners (which render). Nothing is shown to anybody before it is committed.

- :mod:`bot.tables.table`: a table in memory (:class:`Table`), a committed :class:`Change`,
  the errors a player can cause.
- :mod:`bot.tables.memory`: the tables this process holds: loading, locks, forgetting a table
  whose write failed.
- :mod:`bot.tables.actions`: the action path (act, apply, commit, the one transaction, the
  ledger under each player's caps).
- :mod:`bot.tables.lobby`: opening, joining, starting, leaving, removing, ending; consents.
- :mod:`bot.tables.takeback`: taking a move back by consent (asked, agreed, run out);
  :mod:`bot.tables.offers`: the offer and the request as a table holds them.
- :mod:`bot.tables.seats`: a seat left open mid-game, and how it closes (the action path's part);
  :mod:`bot.tables.takeover`: asking for it, the host's Allow, taking it over.
- :mod:`bot.tables.clocks`: the clock loop, and the clocks standing still while nobody can click.
- :mod:`bot.tables.service`: :class:`TableService`, the parts put together.
"""

from bot.tables.actions import (
    BUSY,
    CLOCK_MOVED,
    DOUBLE_TAP,
    JUST_NOW,
    STRIKES_OUT,
    ActionPath,
    check_may_send,
    timed_out,
)
from bot.tables.clocks import ALIVE_EVERY, ALIVE_META, Clocks
from bot.tables.lobby import (
    CHANNEL_DELETED,
    DEALT,
    LOBBIES_PER_HOST,
    REMOVED,
    THREAD_DELETED,
    THREAD_LOCKED,
    THREAD_SHUT,
    Lobby,
    check_may_end,
    check_may_remove,
    one_lobby,
)
from bot.tables.memory import RETRY_AT_MOST, RETRY_FIRST, TableMemory
from bot.tables.service import TableService
from bot.tables.table import (
    CLOCK_SKEW,
    DISCORD_EPOCH_MS,
    LOBBY_CLOCK,
    LOBBY_SECONDS,
    LOG_LINES,
    NOTE_LINES,
    AlreadyMoved,
    Change,
    Elsewhere,
    Listener,
    NextGameOpen,
    Table,
    TableError,
    made_at,
    message_link,
)
from bot.tables.takeover import NOT_OPEN, Seats, no_takeover

__all__ = [
    "BUSY",
    "ALIVE_EVERY",
    "ALIVE_META",
    "CHANNEL_DELETED",
    "DEALT",
    "CLOCK_MOVED",
    "CLOCK_SKEW",
    "DISCORD_EPOCH_MS",
    "DOUBLE_TAP",
    "JUST_NOW",
    "LOBBIES_PER_HOST",
    "LOBBY_CLOCK",
    "LOBBY_SECONDS",
    "LOG_LINES",
    "no_takeover",
    "NOT_OPEN",
    "NOTE_LINES",
    "REMOVED",
    "Seats",
    "RETRY_AT_MOST",
    "RETRY_FIRST",
    "STRIKES_OUT",
    "THREAD_DELETED",
    "THREAD_LOCKED",
    "THREAD_SHUT",
    "ActionPath",
    "AlreadyMoved",
    "Change",
    "Clocks",
    "Elsewhere",
    "Listener",
    "Lobby",
    "NextGameOpen",
    "Table",
    "TableError",
    "TableMemory",
    "TableService",
    "check_may_end",
    "check_may_remove",
    "check_may_send",
    "timed_out",
    "made_at",
    "message_link",
    "one_lobby",
]
