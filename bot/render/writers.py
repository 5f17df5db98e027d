"""Who writes a message, and in what order: one lock per message, one queue per channel.

Every write of a message holds its :class:`Writer` and draws its screen while holding it, so the
last write to land always shows the newest state. A channel's requests go out one at a time
through its :class:`ChannelWriter`, each within the channel's budget (bot/render/budgets.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Protocol

import discord

from bot.render.budgets import Budget, discord_bucket_delay

log = logging.getLogger(__name__)


class Writer:
    """The lock every write of one message holds. First come, first served, and handed straight
    to the next waiter on release, so :meth:`busy` is exact: whether taking it now would wait.
    (``asyncio.Lock.locked()`` is False right after a release with a waiter not yet woken, yet
    ``acquire()`` then queues behind that waiter.)"""

    def __init__(self) -> None:
        self._held = False
        self._queue: deque[asyncio.Future[None]] = deque()

    def busy(self) -> bool:
        return self._held or bool(self._queue)

    async def acquire(self) -> None:
        if not self.busy():
            self._held = True
            return
        turn = asyncio.get_running_loop().create_future()
        self._queue.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # it was handed over as we were cancelled: pass it on
            else:
                with contextlib.suppress(ValueError):
                    self._queue.remove(turn)
            raise

    def release(self) -> None:
        while self._queue:
            turn = self._queue.popleft()
            if not turn.done():
                turn.set_result(None)  # still held: now by that waiter
                return
        self._held = False

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


Job = Callable[[], Awaitable[None]]


class Owner(Protocol):
    """What a channel's writer reads from the renderer that owns it: the budgets it starts
    with, the client it sends through, and which messages are old."""

    client: discord.Client
    budget: tuple[int, float]  # (limit, per seconds) of public writes per channel
    old_budget: tuple[int, float]  # ... of edits of messages older than an hour

    def is_old(self, message_id: int | None) -> bool: ...


class ChannelWriter:
    """Sends one channel's public-message writes, one at a time, within the channel's budget.

    Jobs are keyed (one per table, one per message to retire): asking again for a queued job
    only brings it forward, and the job reads the table when it runs, so the newest state wins.
    """

    def __init__(self, renderer: Owner, channel_id: int) -> None:
        self.renderer = renderer
        self.channel_id = channel_id
        self.budget = Budget(*renderer.budget)
        self.old_budget = Budget(*renderer.old_budget)  # edits of its old messages
        self.jobs: dict[Hashable, tuple[float, Job]] = {}
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.busy = False

    def add(self, key: Hashable, due: float, job: Job) -> None:
        queued = self.jobs.get(key)
        self.jobs[key] = (min(due, queued[0]) if queued else due, job)
        self.wake.set()
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name=f"barkeep-channel-{self.channel_id}")

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.jobs:
            key, (due, job) = min(self.jobs.items(), key=lambda kv: kv[1][0])
            delay = due - loop.time()
            if delay > 0:
                self.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), delay)
                continue
            del self.jobs[key]
            self.busy = True
            try:
                await job()
            except Exception:
                log.exception("a public write in channel %s failed", self.channel_id)
            finally:
                self.busy = False

    async def gate(self, method: str, path: str, *, spend: bool = True, **params: Any) -> None:
        """Wait until one more request of this channel fits the budget, then count it. An
        edit of a message older than an hour also fits the channel's budget for those
        (:data:`OLD_EDITS`).

        ``spend=False`` only waits: for a write that waits for something else before it is
        sent (its message's writer, the clicks being answered). It gates again, counting,
        right before sending: Discord counts a request when it arrives, so a request counted
        when it was allowed and sent a quarter of a second later could be one too many in
        Discord's window."""
        loop = asyncio.get_running_loop()
        http = self.renderer.client.http
        old = method == "PATCH" and self.renderer.is_old(params.get("message_id"))
        while True:
            now = loop.time()
            delay = max(
                self.budget.delay(now),
                self.old_budget.delay(now) if old else 0.0,
                discord_bucket_delay(http, method, path, channel_id=self.channel_id, **params),
            )
            if delay <= 0:
                if spend:
                    self.budget.spend(now)
                    if old:
                        self.old_budget.spend(now)
                return
            await asyncio.sleep(delay)

    def hurry(self) -> None:
        """Run every queued job now (shutdown)."""
        now = asyncio.get_running_loop().time()
        for key, (_, job) in list(self.jobs.items()):
            self.jobs[key] = (now, job)
        self.wake.set()

    @property
    def idle(self) -> bool:
        return not self.jobs and not self.busy
