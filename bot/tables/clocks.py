"""The clocks: one loop sleeps until the earliest due clock and fires it through the action path
(a lobby's clock closes the lobby). The clocks stand still while the bot is away or Discord can't
reach it, and each running clock gets that time back."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from bot.engines.base import Engine, GameError, Log, msg
from bot.store import Stale, Store, Tx
from bot.tables.offers import CLOCK as TAKE_BACK_CLOCK
from bot.tables.table import LOBBY_CLOCK, LOBBY_SECONDS, Table
from bot.tables.takeback import TakeBacks

log = logging.getLogger(__name__)

ALIVE_EVERY = 5.0  # seconds between the clock loop's "still running" marks (resume_clocks)
ALIVE_META = "clocks_ran_at"


def _alive_key(count: int, shard: int) -> str:
    return f"{ALIVE_META}:{count}:{shard}"


def _seconds(text: str | None) -> float | None:
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


class Clocks(TakeBacks):
    """The clock loop and its pauses. A clock fires under its table's lock, as a click would,
    and is deleted in the transaction that applies it."""

    def __init__(
        self,
        store: Store,
        engines: dict[str, Engine[Any]],
        clock: Any = None,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(store, engines, clock, seeds)
        self._scheduler: asyncio.Task[None] | None = None
        self._clocks_on = False  # the clock loop should run (started, not stopped)
        # while Discord can't reach the bot (:meth:`pause_clocks`): when that began, and the
        # clocks then running with their due times
        self._paused_at: float | None = None
        self._paused: dict[tuple[int, str], float] = {}
        self._pausing = asyncio.Lock()
        self._firing = asyncio.Lock()  # held by the clock loop while it fires clocks

    async def fire_due(self) -> int:
        """Apply every clock that is due now. Returns how many fired."""
        now = self.clock.now()
        if self._forgotten:
            await self._read_forgotten(now)
        self._end_offers(now)  # take-backs no longer offered: their button goes
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
                    elif timer.key == TAKE_BACK_CLOCK:
                        await self._expire_take_back(table, timer)
                    else:
                        await self._apply(table, None, None, timer.action, None, timer)
                    fired += 1
                except Stale:  # another copy fired it or moved the table: read it again later
                    log.info("clock %s on table %s: the table moved elsewhere", timer.key, table.id)
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
        self._changed(table, [Log(msg("table-lobby-timeout", n=minutes))], None)

    def next_due(self) -> float | None:
        dues = [t.due_at for table in self._tables.values() for t in table.timers.values()]
        dues += [at for _, at in self._forgotten.values()]
        if (offers := self._offers_due()) is not None:
            dues.append(offers)
        return min(dues) if dues else None

    async def resume_clocks(self) -> float:
        """At start-up, before any table is read: the clocks stood still while the bot was
        away. Each clock still running when the clock loop last ran gets that time back, so a
        player is not timed out (struck, made to drink, a Spit game ended) for the bot's own
        outage. When the loop last ran is marked every :data:`ALIVE_EVERY` seconds and when it
        stops (:meth:`_mark_alive`): after a crash a clock gains at most that much extra.
        Returns the seconds the bot was away (0 on the first start)."""
        now = self.clock.now()
        away = 0.0
        async with self.store.transaction() as tx:
            marks = {k: _seconds(v) for k, v in (await tx.meta_like(ALIVE_META)).items()}
            # Any mark, when this copy has none of its own: the shards were laid out anew (a
            # reshard, or copies merged into one), and the bot as a whole ran until the last
            # mark any copy left. Later than a shard's own stop at worst: never a clock cut short.
            latest = max((m for m in marks.values() if m is not None), default=None)
            shards = self.store.shards
            if shards is None:
                whole = marks.get(ALIVE_META) or latest
                if whole is not None and now > whole:
                    away = now - whole
                    await tx.pause_timers(whole, now)
            else:  # each shard's clocks stood still while the copy that served it was away
                count, ids = shards
                for shard in ids:
                    stopped = marks.get(_alive_key(count, shard)) or latest
                    if stopped is not None and now > stopped:
                        away = max(away, now - stopped)
                        await tx.pause_timers(stopped, now, (count, shard))
            await self._write_alive(tx, now)
        if away > 0:
            log.info("away for %.1f s: running clocks get that time back", away)
        return away

    async def _write_alive(self, tx: Tx, now: float) -> None:
        """Mark that the clocks of this copy's shards run (one mark per shard when the shards
        are split between copies: each copy marks its own)."""
        shards = self.store.shards
        if shards is None:
            await tx.set_meta(ALIVE_META, repr(now))
            return
        for shard in shards[1]:
            await tx.set_meta(_alive_key(shards[0], shard), repr(now))

    async def _mark_alive(self) -> None:
        async with self.store.transaction() as tx:
            await self._write_alive(tx, self.clock.now())

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
