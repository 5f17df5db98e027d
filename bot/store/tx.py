"""The store's statements, the same for every backend: :class:`Tx`.

The SQL is written once for both backends: ``?`` and ``:name`` parameters, upserts with
``ON CONFLICT``, and the few phrases that differ (a JSON list of ids as rows, a lock per
player) asked of the store's :class:`~bot.store.trip.Dialect`. How the statements reach the
database is :class:`~bot.store.trip.TxCore`'s; the statements are grouped by subject in
bot/store/statements/.
"""

from __future__ import annotations

from bot.store.statements.games import GameStatements
from bot.store.statements.messages import MessageStatements
from bot.store.statements.party import PartyStatements
from bot.store.statements.records import RecordStatements
from bot.store.statements.tally import DRINK_COLUMNS, LEADERBOARD_ORDER, TallyStatements
from bot.store.trip import (
    COMMITTED,
    SQLITE,
    Backend,
    Check,
    Dialect,
    Expect,
    Params,
    Query,
    Statement,
    Trip,
)


class Tx(GameStatements, MessageStatements, TallyStatements, PartyStatements, RecordStatements):
    """One transaction (or block of reads) on a store, with every statement the bot runs.

    Writes are collected, not run: they go to the database with the next read or at the end of
    the block (so an error in one surfaces there). Reads are one trip each. Checks
    (``check_*``) are collected like writes and run in order with them: one that refuses
    raises there and undoes the transaction, so a transaction checked that way holds the store
    for no round trip of its own."""


__all__ = [
    "COMMITTED",
    "DRINK_COLUMNS",
    "LEADERBOARD_ORDER",
    "SQLITE",
    "Backend",
    "Check",
    "Dialect",
    "Expect",
    "Params",
    "Query",
    "Statement",
    "Trip",
    "Tx",
]
