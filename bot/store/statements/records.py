"""Ended tables' game records (their action logs): which are kept, the history lists, pruning.

Kept: every ended table's record for :data:`KEEP_DAYS` days, and beyond that the last
:data:`KEEP_LAST` ended tables of each server. Pruning deletes only the older records' actions:
the table itself, its seats, results and drinks stay (``/tally`` counts them). A table whose
record was pruned says so when its replay or record is asked for (:meth:`RecordStatements.has_record`).
"""

from __future__ import annotations

from bot.store.rows import TableRow, _table
from bot.store.trip import TxCore

KEEP_DAYS = 30
KEEP_LAST = 100  # per server


class RecordStatements(TxCore):
    """The records of ended tables."""

    async def prune_records(self, now: float) -> None:
        """Delete the actions of ended tables older than :data:`KEEP_DAYS` days that are not
        among the last :data:`KEEP_LAST` ended tables of their server."""
        self._write(
            "DELETE FROM actions WHERE table_id IN ("
            " SELECT id FROM ("
            "  SELECT id, ended_at, ROW_NUMBER() OVER"
            "   (PARTITION BY guild_id ORDER BY ended_at DESC, id DESC) AS n"
            "  FROM tables WHERE status = 'ended'"
            f"{self._store.owned('guild_id')}"
            " ) AS ranked WHERE n > ? AND ended_at < ?)",
            (KEEP_LAST, now - KEEP_DAYS * 86400),
        )

    async def has_record(self, table_id: int) -> bool:
        """Whether an ended table's moves are still kept (its record not pruned)."""
        row = await self._one("SELECT 1 FROM actions WHERE table_id = ? LIMIT 1", (table_id,))
        return row is not None

    async def ended_tables(
        self, guild_id: int, user_id: int | None = None, limit: int = 5
    ) -> list[TableRow]:
        """A server's last ended games that were played (dealt), newest first; with ``user_id``
        only those the player sat at."""
        if user_id is None:
            rows = await self._all(
                "SELECT * FROM tables WHERE guild_id = ? AND status = 'ended'"
                " AND started_at IS NOT NULL ORDER BY ended_at DESC, id DESC LIMIT ?",
                (guild_id, limit),
            )
        else:
            rows = await self._all(
                "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
                " WHERE t.guild_id = ? AND s.user_id = ? AND t.status = 'ended'"
                " AND t.started_at IS NOT NULL AND s.seat IS NOT NULL"
                " ORDER BY t.ended_at DESC, t.id DESC LIMIT ?",
                (guild_id, user_id, limit),
            )
        return [_table(r) for r in rows]
