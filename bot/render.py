"""Keeps what players see in step with the tables, under Discord's rate limits.

Public table messages: one task per table keeps only the newest state and edits at most once
per ``interval`` seconds, so a burst of ten actions costs one edit and a 429 (which discord.py
waits out) never piles up work. Private views (ephemeral messages, editable only through the
interaction token that made them, for 15 minutes) are edited as soon as what they show changes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.tables import Change, Table, TableService
from bot.ui.common import Screen

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60 - 30  # seconds an interaction token may still be used, with a margin

PublicFn = Callable[[Table], Screen]
PrivateFn = Callable[[Table, int], Screen]


class Renderer:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        public: Callable[[str], PublicFn],
        private: Callable[[str], PrivateFn],
        interval: float = 1.0,
        debounce: float = 0.25,
    ) -> None:
        self.client = client
        self.service = service
        self.public_for = public
        self.private_for = private
        self.interval = interval
        self.debounce = debounce
        self._rendered: dict[int, int] = {}  # table -> version shown on its public message
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._private_seen: dict[tuple[int, int], str] = {}  # (table, user) -> fingerprint
        self._private_tasks: set[asyncio.Task[None]] = set()
        self._private_locks: dict[int, asyncio.Lock] = {}
        self.edits = 0  # public edits sent (for benchmarks)
        service.listeners.append(self.on_change)

    # -- public --------------------------------------------------------------------------
    def on_change(self, change: Change) -> None:
        self.request(change.table)  # skipped if the caller shows the table itself (shown())
        self.refresh_private(change.table)

    def shown(self, table: Table) -> None:
        """The caller has put ``table`` as it is now on its public message itself."""
        self._rendered[table.id] = max(self._rendered.get(table.id, 0), table.version)

    def request(self, table: Table) -> None:
        task = self._tasks.get(table.id)
        if task is None or task.done():
            self._tasks[table.id] = asyncio.create_task(self._edit_loop(table))

    async def _edit_loop(self, table: Table) -> None:
        await asyncio.sleep(self.debounce)
        while self._rendered.get(table.id, 0) < table.version:
            version = table.version
            try:
                await self._edit_public(table)
            except Exception:
                log.exception("could not update the table message of #%s", table.id)
                return
            self._rendered[table.id] = max(self._rendered.get(table.id, 0), version)
            self.edits += 1
            if self._rendered[table.id] < table.version:
                await asyncio.sleep(self.interval)

    async def _edit_public(self, table: Table) -> None:
        if table.row.message_id is None:
            return
        screen = self.public_for(table.row.game)(table)
        channel = self.client.get_partial_messageable(table.row.channel_id)
        msg = channel.get_partial_message(table.row.message_id)
        try:
            await msg.edit(**screen.kwargs())
        except discord.NotFound:
            log.warning("table #%s: its message is gone", table.id)

    async def flush(self) -> None:
        """Wait for every pending edit (shutdown, tests)."""
        while tasks := [t for t in self._tasks.values() if not t.done()] + list(
            self._private_tasks
        ):
            await asyncio.gather(*tasks, return_exceptions=True)

    async def flush_private(self) -> None:
        """Wait for pending private-view edits only."""
        while tasks := list(self._private_tasks):
            await asyncio.gather(*tasks, return_exceptions=True)

    # -- private -------------------------------------------------------------------------
    def opened_private(self, table: Table, user_id: int, screen: Screen) -> None:
        self._private_seen[(table.id, user_id)] = screen.fingerprint()

    def refresh_private(self, table: Table) -> None:
        task = asyncio.create_task(self._refresh_private(table))
        self._private_tasks.add(task)
        task.add_done_callback(self._private_tasks.discard)

    async def _refresh_private(self, table: Table) -> None:
        # One refresh per table at a time, so edits reach Discord in order.
        async with self._private_locks.setdefault(table.id, asyncio.Lock()):
            try:
                await self._refresh_private_now(table)
            except Exception:
                log.exception("could not refresh the private views of table #%s", table.id)

    async def _refresh_private_now(self, table: Table) -> None:
        async with self.service.store.reading() as q:
            views = await q.private_views(table.id)
        now = self.service.clock.now()
        render = self.private_for(table.row.game)
        for user_id, app_id, token, opened_at in views:
            if now - opened_at > TOKEN_LIFE:
                continue
            seat = table.seat_of(user_id)
            screen = render(table, seat) if seat is not None else None
            if screen is None:
                continue
            key = (table.id, user_id)
            fp = screen.fingerprint()
            if self._private_seen.get(key) == fp:
                continue
            self._private_seen[key] = fp
            try:
                hook = discord.Webhook.partial(app_id, token, client=self.client)
                await hook.edit_message("@original", **screen.kwargs())  # type: ignore[call-overload]
            except discord.HTTPException as err:
                log.info("private view of %s at #%s not updated: %s", user_id, table.id, err)
