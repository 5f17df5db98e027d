"""What the bot remembers of the messages it shows: private views, what each table message
shows, the interaction that opened a table; consents and the small key/value store."""

from __future__ import annotations

from bot.store.rows import (
    PrivateView,
)
from bot.store.trip import TxCore


class MessageStatements(TxCore):
    """Consents, private views, table messages and meta."""

    # -- consents, private views, meta ------------------------------------------------------
    async def has_consent(self, user_id: int, game: str) -> bool:
        row = await self._one(
            "SELECT 1 FROM consents WHERE user_id = ? AND game = ?", (user_id, game)
        )
        return row is not None

    async def add_consent(self, user_id: int, game: str, at: float) -> None:
        self._write(
            "INSERT INTO consents (user_id, game, at) VALUES (?,?,?) ON CONFLICT DO NOTHING",
            (user_id, game, at),
        )

    async def set_private_view(
        self,
        table_id: int,
        user_id: int,
        app_id: int,
        token: str,
        at: float,
        message_id: int | None = None,
        unsent: bool = False,
    ) -> None:
        """The latest private view a player opened: the interaction's original response, or
        the follow-up ``message_id`` (after a deferral). ``unsent``: stored before it is sent,
        so the view it replaces is kept as its fallback until it is known to show (see
        :meth:`private_views`)."""
        keep = 1 if unsent else 0
        self._write(
            "INSERT INTO private_views"
            " (table_id, user_id, app_id, token, opened_at, message_id) VALUES (?,?,?,?,?,?)"
            " ON CONFLICT (table_id, user_id) DO UPDATE SET"
            f" prev_app_id = CASE WHEN {keep} = 1 THEN private_views.app_id END,"
            f" prev_token = CASE WHEN {keep} = 1 THEN private_views.token END,"
            f" prev_opened_at = CASE WHEN {keep} = 1 THEN private_views.opened_at END,"
            f" prev_message_id = CASE WHEN {keep} = 1 THEN private_views.message_id END,"
            " app_id = excluded.app_id, token = excluded.token,"
            " opened_at = excluded.opened_at, message_id = excluded.message_id, shown = NULL",
            (table_id, user_id, app_id, token, at, message_id),
        )

    async def private_views(self, table_id: int) -> list[PrivateView]:
        """The table's private views, each with its fallback: the view it replaced, while
        nothing says the newer one ever reached Discord (what it shows not yet recorded)."""
        rows = await self._all(
            "SELECT user_id, app_id, token, opened_at, message_id,"
            " CASE WHEN shown IS NULL THEN prev_token END,"
            " prev_app_id, prev_opened_at, prev_message_id FROM private_views"
            " WHERE table_id = ? ORDER BY rowid",
            (table_id,),
        )
        return [
            PrivateView(
                r[0], r[1], r[2], r[3], r[4], None if r[5] is None else (r[6], r[5], r[7], r[8])
            )
            for r in rows
        ]

    async def set_view_tokens(self, moved: list[tuple[int, int, str, int, str, float]]) -> None:
        """Private views now edited by a click's younger token: ``(table, user, stored token,
        application, younger token, when)``, in the order they moved. The click's token edits
        the message it was clicked on as its original response, and the view showed it."""
        self._write(
            "UPDATE private_views SET app_id = ?, token = ?, opened_at = ?, message_id = NULL,"
            " prev_app_id = NULL, prev_token = NULL, prev_opened_at = NULL,"
            " prev_message_id = NULL WHERE table_id = ? AND user_id = ? AND token = ?",
            [(app, new, at, t, u, old) for t, u, old, app, new, at in moved],
            many=True,
        )

    async def fall_back_private_view(self, table_id: int, user_id: int, token: str) -> None:
        """The view stored under ``token`` never reached Discord: its fallback is the view."""
        self._write(
            "UPDATE private_views SET app_id = prev_app_id, token = prev_token,"
            " opened_at = prev_opened_at, message_id = prev_message_id, shown = NULL,"
            " prev_app_id = NULL, prev_token = NULL, prev_opened_at = NULL,"
            " prev_message_id = NULL"
            " WHERE table_id = ? AND user_id = ? AND token = ? AND prev_token IS NOT NULL",
            (table_id, user_id, token),
        )

    # -- play-by-play threads (bot/render/playbyplay.py) ---------------------------------
    async def set_play_thread(
        self, table_id: int, thread_id: int | None, step: int, done: bool = False
    ) -> None:
        """The table's play-by-play thread (None: it has none) and the last step posted there
        (-1: none yet); ``done``: its end is posted too (or there is no thread)."""
        self._write(
            "INSERT INTO play_threads (table_id, thread_id, step, done) VALUES (?,?,?,?)"
            " ON CONFLICT (table_id) DO UPDATE SET thread_id = excluded.thread_id,"
            " step = excluded.step, done = excluded.done",
            (table_id, thread_id, step, int(done)),
        )

    async def play_threads(self) -> list[tuple[int, int | None, int, bool]]:
        """The play-by-play threads still followed or decided: (table, thread, last step
        posted, done) of every open table that has a row, and of every ended one whose end
        is not posted yet."""
        rows = await self._all(
            "SELECT p.table_id, p.thread_id, p.step, p.done FROM play_threads p"
            " JOIN tables t ON t.id = p.table_id"
            f" WHERE (t.status != 'ended' OR p.done = 0){self._store.owned('t.guild_id')}"
            " ORDER BY p.table_id"
        )
        return [(r[0], r[1], r[2], bool(r[3])) for r in rows]

    # -- what the table messages show (bot/render) ---------------------------------------
    async def set_origin(self, table_id: int, app_id: int, token: str, at: float) -> None:
        """The interaction that opened the table: its token finds the message it posted."""
        self._write(
            "INSERT INTO table_messages (table_id, app_id, token, token_at) VALUES (?,?,?,?)"
            " ON CONFLICT (table_id) DO UPDATE SET app_id = excluded.app_id,"
            " token = excluded.token, token_at = excluded.token_at",
            (table_id, app_id, token, at),
        )

    async def table_origin(self, table_id: int) -> tuple[int, str, float] | None:
        row = await self._one(
            "SELECT app_id, token, token_at FROM table_messages WHERE table_id = ?"
            " AND token IS NOT NULL",
            (table_id,),
        )
        return (row[0], row[1], row[2]) if row else None

    async def set_shown(
        self, public: list[tuple[int, str]], private: list[tuple[int, int, str, str]]
    ) -> None:
        """Fingerprints of what public messages ``(table, fp)`` and private views ``(table,
        user, token, fp)`` show now."""
        self._write(
            "INSERT INTO table_messages (table_id, shown) VALUES (?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET shown = excluded.shown",
            public,
            many=True,
        )
        self._write(
            "UPDATE private_views SET shown = ? WHERE table_id = ? AND user_id = ? AND token = ?",
            [(fp, t, u, token) for t, u, token, fp in private],
            many=True,
        )

    async def shown_public(self) -> dict[int, str]:
        """What each open table's message showed last, as far as the store knows."""
        rows = await self._all(
            "SELECT m.table_id, m.shown FROM table_messages m JOIN tables t ON t.id = m.table_id"
            f" WHERE t.status != 'ended' AND m.shown IS NOT NULL{self._store.owned('t.guild_id')}"
        )
        return {r[0]: r[1] for r in rows}

    async def unsettled_ended(self, since: float) -> list[int]:
        """Tables finished since ``since`` whose message may not show their last screen."""
        rows = await self._all(
            "SELECT t.id FROM tables t LEFT JOIN table_messages m ON m.table_id = t.id"
            " WHERE t.status = 'ended' AND t.ended_at >= ? AND t.message_id IS NOT NULL"
            f"{self._store.owned('t.guild_id')}"
            " AND (m.shown IS NULL OR m.shown != 'ended') ORDER BY t.id",
            (since,),
        )
        return [r[0] for r in rows]

    async def live_private_views(
        self, since: float
    ) -> list[tuple[int, int, int, str, float, str | None]]:
        """Private views of open tables opened since ``since``: (table, user, app, token,
        opened at, fingerprint shown)."""
        rows = await self._all(
            "SELECT v.table_id, v.user_id, v.app_id, v.token, v.opened_at, v.shown"
            " FROM private_views v JOIN tables t ON t.id = v.table_id"
            f" WHERE t.status != 'ended' AND v.opened_at >= ?{self._store.owned('t.guild_id')}"
            " ORDER BY v.table_id",
            (since,),
        )
        return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def meta_like(self, prefix: str) -> dict[str, str]:
        """Every meta key that starts with ``prefix`` (letters, digits, ``_`` and ``:`` only),
        with its value."""
        rows = await self._all("SELECT key, value FROM meta WHERE key LIKE ?", (prefix + "%",))
        return {r[0]: r[1] for r in rows}

    async def set_meta(self, key: str, value: str) -> None:
        self._write(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
