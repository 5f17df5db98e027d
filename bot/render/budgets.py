"""How often Barkeep may write to Discord: the per-channel and per-token budgets, and the
interaction tokens that carry one.

Discord counts requests in windows of its own and answers 429 past them, and it restricts a bot
that earns too many 429s; discord.py, meanwhile, waits out a 429 holding the screen it was
given. So a write waits here until it fits, before it is built, never inside discord.py.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route

from bot.ui.common import Screen

TOKEN_LIFE = 15 * 60 - 30  # seconds an interaction token may still be used, with a margin
TOKEN_BUDGET = (4, 2.0)  # edits through one interaction token: at most 4 in any 2 s
EDIT_ROUTE = "/channels/{channel_id}/messages/{message_id}"
POST_ROUTE = "/channels/{channel_id}/messages"
# Discord answers 429 (code 30046, "Maximum number of edits to messages older than 1 hour
# reached") beyond a limit of its own on edits of old messages, announced by no header: 3 per
# 6 s per channel (the unofficial discord-userdoccers; Discord's docs give the code, not the
# figure). A table's message outlives an hour in any long game.
OLD_MESSAGE = 3600.0
OLD_EDITS = (3, 6.0)


class Budget:
    """One channel's write budget: at most ``limit`` requests in any ``per`` seconds.

    A sliding window, so it never exceeds a fixed window Discord may count in either. On top,
    :meth:`wait` asks discord.py's bucket for the route (X-RateLimit-Remaining and -Reset-After
    of the last answer): when it says 0 left, the request waits here until the bucket resets.
    """

    def __init__(self, limit: int, per: float, margin: float = 0.05) -> None:
        self.limit = limit
        self.per = per
        self.margin = margin
        self._sent: deque[float] = deque()

    def delay(self, now: float) -> float:
        while self._sent and now - self._sent[0] >= self.per + self.margin:
            self._sent.popleft()
        if len(self._sent) < self.limit:
            return 0.0
        return self._sent[0] + self.per + self.margin - now

    def spend(self, now: float) -> None:
        self._sent.append(now)


@dataclass
class EditToken:
    """An interaction token that can edit a message (``@original``) until it expires."""

    app_id: int
    token: str
    at: float  # when the interaction arrived (the service's clock)
    message_id: int | None = None  # the message it edits (None: not known)
    followup: bool = False  # the message is a follow-up: edited by its id, not "@original"
    row: str = ""  # a private view: the token its stored row is known by
    budget: Budget = field(default_factory=lambda: Budget(*TOKEN_BUDGET))
    # a private view read from the store that may never have reached Discord: the view it
    # replaced, still on the player's screen if so
    fallback: EditToken | None = None

    def _message(self, client: discord.Client) -> tuple[discord.Webhook, Any]:
        """The token's webhook, and how it names the message: a follow-up by its id, else
        ``@original``."""
        hook = discord.Webhook.partial(self.app_id, self.token, client=client)
        return hook, self.message_id if self.followup else "@original"

    async def edit(self, client: discord.Client, screen: Screen) -> discord.WebhookMessage:
        hook, target = self._message(client)
        return await hook.edit_message(target, **screen.kwargs())

    async def delete(self, client: discord.Client) -> None:
        hook, target = self._message(client)
        await hook.delete_message(target)

    async def gate(self) -> None:
        """Wait until one more edit fits this token's bucket, then count it."""
        loop = asyncio.get_running_loop()
        while (delay := self.budget.delay(loop.time())) > 0:
            await asyncio.sleep(delay)
        self.budget.spend(loop.time())


def discord_bucket_delay(http: Any, method: str, path: str, **params: Any) -> float:
    """Seconds until discord.py's bucket for this request has room again (0: it has now).

    discord.py keeps one bucket per route and major parameter (the channel), learnt from the
    X-RateLimit headers of Discord's answers; a request sent while it is empty waits inside
    discord.py, holding the body it was built with.
    """
    try:
        route = Route(method, path, **params)
        bucket_hash = http._bucket_hashes.get(route.key)
        key = f"{bucket_hash or route.key}:{route.major_parameters}"
        bucket = http._buckets.get(key)
    except AttributeError:  # another discord.py: rely on our own budget
        return 0.0
    if bucket is None or bucket.expires is None or bucket.is_expired():
        return 0.0
    if bucket.remaining - bucket.outgoing > 0:
        return 0.0
    return max(0.0, bucket.expires - bucket._loop.time()) + 0.01
