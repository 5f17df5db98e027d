"""What the messages show, remembered across restarts.

A fingerprint of the screen each public message and private view last showed is written to the
store in batches, after it landed: a kill can then only make the bot redraw once too often,
never too rarely. After loading, :meth:`Restarts.resync` redraws every open table's message and
every live private view that does not show what the store holds, and a table without a message
finds it again or is posted anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.render.budgets import TOKEN_LIFE
from bot.render.core import RendererCore, Shown

log = logging.getLogger(__name__)

ENDED = "ended"  # stored as the fingerprint of a finished table's last screen
RECENTLY_ENDED = 24 * 3600  # finished tables whose last screen is checked after a restart


class Restarts(RendererCore):
    """The renderer's part that stores what the messages show, and brings them in line after a
    start."""

    def _store_soon(self) -> None:
        if self._store_task is None or self._store_task.done():
            self._store_task = asyncio.create_task(self._store_later())

    async def _store_later(self) -> None:
        await asyncio.sleep(self.store_every)
        await self.store_shown()

    async def store_shown(self) -> None:
        """Write what the messages now show (one transaction for everything pending)."""
        await self._after_answers()
        public, self._to_store = self._to_store, {}
        private, self._to_store_private = self._to_store_private, {}
        tokens, self._to_store_tokens = self._to_store_tokens, {}
        if not public and not private and not tokens:
            return
        try:
            async with self.service.store.transaction() as tx:
                await tx.set_view_tokens([(*k, *new) for k, new in tokens.items()])
                await tx.set_shown(list(public.items()), [(*k, fp) for k, fp in private.items()])
        except Exception:
            log.exception("could not record what the table messages show")

    async def resync(self) -> None:
        """After loading: redraw every public message and live private view that does not
        show what the store holds; find or re-post tables that have no message."""
        try:
            await self._resync()
        except Exception:
            log.exception("could not bring the table messages in line after loading")

    async def _resync(self) -> None:
        now = self.service.clock.now()
        async with self.service.store.reading() as q:
            shown = await q.shown_public()
            views = await q.live_private_views(now - TOKEN_LIFE)
            ended = await q.unsettled_ended(now - RECENTLY_ENDED)
        redrawn = 0
        for n, table in enumerate(self.service.open_tables()):
            if n % 50 == 49:
                await asyncio.sleep(0)  # let interactions in: this runs alongside them
            mid = table.row.message_id
            if mid is None:
                self.request(table, at_once=True)
                redrawn += 1
                continue
            fp = self.public_for(table.row.game)(table).fingerprint()  # not kept: idle tables
            if table.id not in self._shown:  # version -1: older than anything in memory
                self._shown[table.id] = Shown(mid, shown.get(table.id) or "", -1)
            if shown.get(table.id) == fp:
                self._shown[table.id].version = table.version
            else:
                self.request(table)
                redrawn += 1
        for table_id in ended:
            finished = await self.service.get(table_id)
            if finished is not None and finished.row.message_id is not None:
                self.request(finished)
                redrawn += 1
        private = 0
        for n, (table_id, user_id, _app, _token, _opened, was) in enumerate(views):
            if n % 50 == 49:
                await asyncio.sleep(0)
            viewed = await self.service.get(table_id)
            seat = viewed.seat_of(user_id) if viewed is not None else None
            if viewed is None:
                continue
            if seat is None:  # left, or put out: its last screen, if not shown yet
                drawn = self._view_screen(viewed, user_id)
                if drawn is not None and drawn.fingerprint() != was:
                    self.refresh_private(viewed)
                continue
            now_fp = self.private_for(viewed.row.game)(viewed, seat).fingerprint()
            if now_fp == was:
                self._private_seen[(table_id, user_id)] = now_fp
                # known, so that it says it stops updating when its token is about to die
                await self._read_views(table_id)
                continue
            self._private_seen.pop((table_id, user_id), None)
            self.refresh_private(viewed)
            private += 1
        log.info(
            "after loading: %d table messages and %d private views to redraw", redrawn, private
        )

    def start_resync(self) -> None:
        self._resync_task = asyncio.create_task(self.resync(), name="barkeep-resync")

    async def stop_resync(self) -> None:
        """Shutting down: drop the start-up redraw if it is still reading (the next start does
        it again), so that it never reads a store that is closing. What it queued is flushed."""
        task = self._resync_task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def resynced(self) -> None:
        """Wait for the start-up redraw to be queued (tests)."""
        if self._resync_task is not None:
            await self._resync_task
