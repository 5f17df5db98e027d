"""Keeps what players see in step with the tables, under Discord's rate limits.

Public table messages:

- **One writer per message.** Everything that writes a table's public message (the renderer's
  edits, an interaction answer that shows the table on the clicked message, ``/table`` moving
  it) holds that table's writer lock and draws the screen *while holding it*, from the table as
  it is then. So the last write to land is always the newest state: an older screen can never
  land after a newer one.
- **Edits through the message's own interaction token.** The interaction that posted a table
  (``/…start``, ``/table``) and every click answered on the message itself can edit that
  message for 15 minutes (``@original``), each token with a bucket of its own. The renderer
  keeps the freshest one per table and edits through it, paced per token (:data:`TOKEN_BUDGET`).
- **A per-channel budget otherwise.** Without a live token (a table nobody touched for 15
  minutes, a clock firing on it), edits are channel requests, counted per channel by Discord.
  One :class:`ChannelWriter` per channel sends them one at a time, at most ``limit`` in any
  ``per`` seconds, and never while discord.py's copy of Discord's bucket for the route (read
  from the X-RateLimit headers) says the request would be answered 429. So no edit waits inside
  discord.py holding an old screen, and the bot does not earn 429s. A table waiting for its
  turn keeps only its newest state; a burst of ten actions costs one edit.
- **Remembered across restarts.** A fingerprint of the screen each public message and private
  view last showed is written to the store (in batches, after it landed: a kill can only make
  the bot redraw once too often, never too rarely). :meth:`Renderer.resync` runs after loading:
  every open table's message and every live private view that does not show what the store
  holds is redrawn, and a table without a message finds it again through the interaction that
  opened it (its token lives 15 minutes) or is posted anew.

Private views (ephemeral messages, editable only through the interaction token that made them,
for 15 minutes) follow their table the same way: one writer per view, the newest screen drawn
when the edit goes out, paced per token.

A channel that refuses the bot (403: Missing Access without View Channel, Missing Permissions
without Send Messages or Embed Links) gets no retry loop: the log names the permissions Barkeep
lacks there (from the channel's overwrites and the bot's roles, as the gateway announced them),
and the table's players are told once, in a plain message in the channel if the bot may post
there, else privately through the interaction token of the latest click on the table (or at
the next one). The next change tries again; a channel write that lands clears the state.

A table's thread that Discord archived is reopened by the bot (:meth:`Renderer._reopen`). A
locked one, or one Discord won't let the bot reopen, closes its tables rather than let their
clocks play on where nobody can see or answer them.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route, handle_message_parameters

from bot.config import PERMISSIONS
from bot.tables import (
    CHANNEL_DELETED,
    STRIKES_OUT,
    THREAD_LOCKED,
    Change,
    Table,
    TableService,
    made_at,
)
from bot.ui.common import (
    Screen,
    expired_view_screen,
    left_view_screen,
    moved_screen,
)

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60 - 30  # seconds an interaction token may still be used, with a margin
TOKEN_BUDGET = (4, 2.0)  # edits through one interaction token: at most 4 in any 2 s
YIELD_AT_MOST = 0.25  # seconds a background write waits for the clicks being answered
EDIT_ROUTE = "/channels/{channel_id}/messages/{message_id}"
POST_ROUTE = "/channels/{channel_id}/messages"
UNKNOWN_CHANNEL = 10003  # Discord's error codes: the channel (or thread) is gone,
THREAD_ARCHIVED = 50083  # the message's thread is archived (its messages can't be edited)
THREAD_IS_LOCKED = 160005  # a moderator locked the thread: only Manage Threads may write there
UNKNOWN_WEBHOOK = 10015  # an interaction token that was never answered
# Discord answers 429 (code 30046, "Maximum number of edits to messages older than 1 hour
# reached") beyond a limit of its own on edits of old messages, announced by no header: 3 per
# 6 s per channel (the unofficial discord-userdoccers; Discord's docs give the code, not the
# figure). A table's message outlives an hour in any long game.
OLD_MESSAGE = 3600.0
OLD_EDITS = (3, 6.0)
REOPEN_EVERY = 60.0  # seconds: a thread archived again this soon is left to the next change
REOPENED = "🔓 Table #{id} is still on, so I reopened this thread."
NOT_IN_THREAD = (  # a table opened in a private thread the bot may not join
    "🔒 I'm not in this private thread: I can't ping whose turn it is, and table #{id} stops "
    "updating by itself (when a clock runs out) 15 minutes after the last click. Add me to the "
    "thread: mention {me} in it."
)
HIDDEN_PARENT = (  # a public thread or forum post in a channel hidden from the bot
    "🔒 I can't see {parent}, so I can't join this thread: I can't ping whose turn it is, and "
    "table #{id} stops updating by itself (when a clock runs out) 15 minutes after the last "
    "click. Someone who manages {parent} can allow me {what} there, in the channel's settings "
    "(Permissions)."
)
CANT_JOIN = (  # a thread the bot may not join, and knows nothing more of
    "🔒 I can't join this thread: I can't ping whose turn it is, and table #{id} stops "
    "updating by itself (when a clock runs out) 15 minutes after the last click. In a private "
    "thread, add me to it: mention {me} in it; elsewhere, someone who manages the channel can "
    "allow me **View Channel** in its settings (Permissions)."
)
UNLISTED_KEPT = 100  # threads known only by their interactions (see Renderer.seen_in)
JOINED_KEPT = 1000  # threads remembered as joined (one forgotten is asked to join again)
THREAD_SHUT = "its thread was archived, and Barkeep may not reopen it"  # why its tables close
SHUT = (  # the players of a table whose archived thread the bot may not reopen
    "🗄️ This thread was archived, and Discord won't let me reopen it: I closed table #{id} "
    "rather than let its clocks play on where nobody sees them.{remedy}"
)
ENDED = "ended"  # stored as the fingerprint of a finished table's last screen
RECENTLY_ENDED = 24 * 3600  # finished tables whose last screen is checked after a restart

THREAD_SEND = "send_messages_in_threads"


def bot_permissions(channel: Any, member: Any) -> discord.Permissions:
    """``member``'s permissions in ``channel`` as Discord decides them: the roles, then the
    channel's overwrites (@everyone, the roles together, the member). Unlike discord.py's
    ``permissions_for``, a missing Send Messages does not also hide Embed Links (Discord still
    lets the bot edit its messages' embeds), so what is reported missing is what to switch on.
    A thread takes its parent's overwrites."""
    guild = channel.guild
    if guild.owner_id == member.id:
        return discord.Permissions.all()
    perms = discord.Permissions(guild.default_role.permissions.value)
    for role in member.roles:
        perms.value |= role.permissions.value
    if perms.administrator:
        return discord.Permissions.all()
    where = channel.parent if isinstance(channel, discord.Thread) else channel
    if where is None:
        return perms
    allow, deny = where.overwrites_for(guild.default_role).pair()
    perms.handle_overwrite(allow=allow.value, deny=deny.value)
    allow_all = deny_all = 0
    for role in member.roles:
        if role != guild.default_role:
            allow, deny = where.overwrites_for(role).pair()
            allow_all, deny_all = allow_all | allow.value, deny_all | deny.value
    perms.handle_overwrite(allow=allow_all, deny=deny_all)
    allow, deny = where.overwrites_for(member).pair()
    perms.handle_overwrite(allow=allow.value, deny=deny.value)
    return perms


def missing_permissions(client: discord.Client, channel_id: int) -> list[str] | None:
    """The permissions Barkeep needs in a channel (bot/config.py) that it lacks there, by their
    names in the channel's settings; None if the channel or the bot's member isn't known."""
    channel = client.get_channel(channel_id)
    guild = getattr(channel, "guild", None)
    me = guild.me if guild is not None else None
    if channel is None or me is None:
        return None
    return lacking(bot_permissions(channel, me), isinstance(channel, discord.Thread))


def lacking(perms: discord.Permissions, thread: bool) -> list[str]:
    """Of the permissions Barkeep needs, those ``perms`` (the bot's, in a channel or, with
    ``thread``, a thread) lack, by their names in the channel's settings."""
    if not perms.view_channel:
        return [PERMISSIONS["view_channel"]]  # nothing else counts until it can see the channel
    skip = "send_messages" if thread else THREAD_SEND
    return [name for attr, name in PERMISSIONS.items() if attr != skip and not getattr(perms, attr)]


def _named(permissions: list[str]) -> str:
    """Permissions as the player reads them: "**View Channel** and **Embed Links**"."""
    return " and ".join(f"**{p}**" for p in permissions)


def start_warning(table_id: int, channel_id: int, missing: list[str]) -> str:
    """What the host reads, privately, on opening a table where the bot lacks permissions:
    the game plays (interaction answers need none), but not all of it works."""
    return (
        f"\u26a0\ufe0f Heads up: I'm missing {_named(missing)} in <#{channel_id}>. Table #{table_id} "
        "plays, but turn pings can't show, and it stops updating by itself (when a clock runs "
        "out) 15 minutes after the last click. Someone who manages the channel can allow it "
        "for Barkeep in the channel's settings (Permissions)."
    )


POSTING = {PERMISSIONS["view_channel"], PERMISSIONS["send_messages"], PERMISSIONS[THREAD_SEND]}


def may_post(client: discord.Client, channel_id: int) -> bool | None:
    """Whether the bot may post a plain message in the channel (in a thread: Send Messages in
    Threads), as far as its cache knows; None if it doesn't know the channel."""
    missing = missing_permissions(client, channel_id)
    return None if missing is None else not POSTING & set(missing)


def refused_text(table_id: int, channel_id: int, missing: list[str] | None) -> str:
    """What the players read when the bot can't post or edit their table in its channel."""
    if missing is None:  # a channel the bot doesn't see at all
        return (
            f"\u26a0\ufe0f I can't update table #{table_id}: I can't see <#{channel_id}>. In a "
            "private thread, add me to it (mention me there); elsewhere, someone who manages "
            "the channel can allow me View Channel in its settings (Permissions). Then a tap "
            "on one of its buttons, or `/table`, brings the table back."
        )
    if missing:
        lacks = f"I'm missing {_named(missing)} in <#{channel_id}>"
    else:
        needed = ", ".join(PERMISSIONS[a] for a in PERMISSIONS if a != THREAD_SEND)
        lacks = f"I'm missing a permission in <#{channel_id}> ({needed})"
    return (
        f"\u26a0\ufe0f I can't update table #{table_id}: {lacks}. Someone who manages the "
        "channel can allow it for Barkeep in the channel's settings (Permissions); then a tap "
        "on one of its buttons, or `/table`, brings the table back."
    )


PublicFn = Callable[[Table], Screen]
PrivateFn = Callable[[Table, int], Screen]


# (user, whether the message clicked is public) while a click is being answered: which screen
# answers it, so that it can be drawn while the action commits (:meth:`Renderer.preview`)
ANSWERING: contextvars.ContextVar[tuple[int, bool] | None] = contextvars.ContextVar(
    "answering", default=None
)

Basis = tuple[object, object, object, int]


def _basis(table: Table) -> Basis:
    """What a screen is drawn from: the table's row, state and clocks, which every committed
    action replaces (so the copy :meth:`Renderer.preview` drew from is known by them, and a
    table read again from the store is not), and its version, which every change bumps."""
    return (table.row, table.state, table.timers, table.version)


def _same(basis: Basis, table: Table) -> bool:
    row, state, timers, version = basis
    return (
        version == table.version
        and row is table.row
        and state is table.state
        and timers is table.timers
    )


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


@dataclass
class Shown:
    """What a table's public message shows: which message, which screen, from which version."""

    message_id: int
    fingerprint: str
    version: int


@dataclass
class Stats:
    """Counters for benchmarks and tests."""

    edits: int = 0  # public-message edits sent (both ways)
    channel_edits: int = 0  # ... of which channel requests (the channel's budget)
    posts: int = 0  # tables posted anew
    lag: list[float] = field(default_factory=list)  # seconds a public message lagged the store
    measure: bool = False  # collect ``lag`` (draws the public screen at every change)


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


Job = Callable[[], Awaitable[None]]


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():
        woken.set_result(None)


class ChannelWriter:
    """Sends one channel's public-message writes, one at a time, within the channel's budget.

    Jobs are keyed (one per table, one per message to retire): asking again for a queued job
    only brings it forward, and the job reads the table when it runs, so the newest state wins.
    """

    def __init__(self, renderer: Renderer, channel_id: int) -> None:
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


class Renderer:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        public: Callable[[str], PublicFn],
        private: Callable[[str], PrivateFn],
        interval: float = 1.0,
        debounce: float = 0.25,
        budget: tuple[int, float] = (5, 5.0),
        store_every: float = 1.0,
        token_budget: tuple[int, float] = TOKEN_BUDGET,
    ) -> None:
        self.client = client
        self.service = service
        self.public_for = public
        self.private_for = private
        self.interval = interval  # seconds between two edits of one table's message
        self.debounce = debounce  # wait this long after a change before editing
        self.budget = budget  # (limit, per seconds) of public writes per channel
        # (limit, per seconds) of channel edits of messages older than an hour, per channel
        self.old_budget = OLD_EDITS
        self.wall: Callable[[], float] = time.time  # the real date (a message's age)
        self.token_budget = token_budget  # (limit, per seconds) of edits per interaction token
        self.store_every = store_every
        self.use_tokens = True  # edit through the message's interaction token when there is one
        self.posting: set[int] = set()  # tables whose opening answer is being sent
        self.stats = Stats()
        # a message's writer lives while someone holds or awaits it (forgotten with its table)
        self._writers: weakref.WeakValueDictionary[Hashable, Writer] = weakref.WeakValueDictionary()
        # the screens drawn lately, each with what it was drawn from (:func:`_basis`)
        self._drawn: dict[int, tuple[Basis, Screen]] = {}
        self._drawn_private: dict[tuple[int, int], tuple[Basis, Screen]] = {}
        self._views_read: set[int] = set()  # tables whose private views are all in memory
        self._shown: dict[int, Shown] = {}
        self._tables: dict[int, Table] = {}  # tables with a public write pending
        self._due: dict[int, float] = {}  # table -> when to bring its message up to date
        self._table_tasks: dict[int, asyncio.Task[None]] = {}
        self._tokens: dict[int, EditToken] = {}  # table -> the freshest token of its message
        self._last_edit: dict[int, float] = {}
        self._channels: dict[int, ChannelWriter] = {}
        self._hurry = asyncio.Event()
        self._sleepers: set[asyncio.Future[None]] = set()  # see _sleep
        # held by a background write for one turn of the event loop (see _after_answers)
        self._turn = Writer()
        self._waiting_since: dict[int, list[tuple[int, float, str]]] = {}  # lag measurement
        self._private_seen: dict[tuple[int, int], str] = {}  # (table, user) -> fingerprint
        self._view_tokens: dict[int, dict[int, EditToken]] = {}  # table -> user -> token
        self._private_dirty: dict[tuple[int, int], Table] = {}
        self._view_tasks: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._private_tasks: set[asyncio.Task[None]] = set()
        self._to_store: dict[int, str] = {}
        self._to_store_private: dict[tuple[int, int, str], str] = {}
        self._expiries: dict[tuple[int, int], asyncio.TimerHandle] = {}  # see _set_view_token
        # private views that a click's younger token edits now: (table, user, stored token)
        # -> (application, younger token, when): stored with what they show, so that after a
        # restart a view kept alive by clicks is still edited (its first token expires)
        self._to_store_tokens: dict[tuple[int, int, str], tuple[int, str, float]] = {}
        self._store_task: asyncio.Task[None] | None = None
        self._resync_task: asyncio.Task[None] | None = None
        self._refused: dict[int, tuple[str, ...]] = {}  # table -> what its channel lacks (told)
        self._reopened: dict[int, float] = {}  # thread -> when the bot last reopened it
        # threads the bot joined (or asked to) since it started: the latest JOINED_KEPT
        self._joined: dict[int, None] = {}
        self._unlisted: dict[int, discord.Thread] = {}  # see seen_in
        # opening tokens whose @original answered 404 -> when they were given (they expire)
        self._dead_tokens: dict[str, float] = {}
        self._to_tell: dict[int, str] = {}  # table -> a notice for its next click
        service.listeners.append(self.on_change)
        service.previewers.append(self.preview)

    @property
    def edits(self) -> int:
        return self.stats.edits

    def is_old(self, message_id: int | None) -> bool:
        """Whether a message is older than an hour (Discord limits edits of those apart)."""
        if message_id is None:
            return False
        return self.wall() - made_at(message_id) > OLD_MESSAGE

    def draw(self, table: Table) -> Screen:
        """The table's public screen now (drawn once per version). Its fingerprint is worked
        out only when asked for (:meth:`Screen.fingerprint`, once): an answer goes out first."""
        hit = self._drawn.get(table.id)
        if hit is not None and _same(hit[0], table):
            return hit[1]
        screen = self.public_for(table.row.game)(table)
        self._drawn[table.id] = (_basis(table), screen)
        return screen

    def preview(self, ahead: Table) -> None:
        """While an action's write commits (the fsync, a thread away): draw the screen that
        will answer the click (:data:`ANSWERING`), the table's or the player's own, from the
        table as it will be, and build its buttons, so that the answer, which waits for the
        commit, finds them ready. :meth:`draw` and :meth:`draw_private` hand such a screen out
        once the table is what ``ahead`` shows, never before."""
        answering = ANSWERING.get()
        if answering is None:  # a clock: no click waits on a screen
            return
        user_id, public = answering
        if public or self.stats.measure:  # measuring lag draws the table at every change
            screen = self.draw(ahead)
        if not public:
            seat = ahead.seat_of(user_id)
            if seat is None:
                return
            screen = self.draw_private(ahead, seat)
        screen.kwargs()

    def draw_private(self, table: Table, seat: int) -> Screen:
        """A seat's private screen now (drawn once per version; see :meth:`draw`)."""
        key = (table.id, seat)
        hit = self._drawn_private.get(key)
        if hit is not None and _same(hit[0], table):
            return hit[1]
        screen = self.private_for(table.row.game)(table, seat)
        self._drawn_private[key] = (_basis(table), screen)
        return screen

    def writer(self, key: Hashable) -> Writer:
        """The lock every write of one message holds: ``table_id`` for a table's public
        message, ``(table_id, user_id)`` for a player's private view."""
        lock = self._writers.get(key)
        if lock is None:
            lock = self._writers[key] = Writer()
        return lock

    def _channel(self, channel_id: int) -> ChannelWriter:
        ch = self._channels.get(channel_id)
        if ch is None:
            ch = self._channels[channel_id] = ChannelWriter(self, channel_id)
        return ch

    def _token_budget(self) -> Budget:
        return Budget(*self.token_budget)

    # -- public --------------------------------------------------------------------------
    def on_change(self, change: Change) -> None:
        table = change.table
        if self.stats.measure:
            self._note_change(table)
        self.request(table)
        self.refresh_private(table)

    def request(self, table: Table, *, at_once: bool = False) -> None:
        """Bring the table's public message up to date soon (after the debounce)."""
        self._tables[table.id] = table
        now = asyncio.get_running_loop().time()
        due = now + (0.0 if at_once else self.debounce)
        due = max(due, self._last_edit.get(table.id, -1e9) + self.interval)
        queued = self._due.get(table.id)
        self._due[table.id] = due if queued is None else min(queued, due)
        task = self._table_tasks.get(table.id)
        if task is None or task.done():
            self._table_tasks[table.id] = asyncio.create_task(self._table_loop(table.id))

    def shows_table(self, table: Table, message_id: int | None) -> bool:
        return message_id is not None and message_id == table.row.message_id

    def shows_newest(self, table: Table, message_id: int) -> bool:
        """Whether ``message_id`` is the table's message and already shows the table as it is
        now (:meth:`_current`)."""
        return self.shows_table(table, message_id) and self._current(table)

    def clicked(self, table: Table, message_id: int, app_id: int, token: str) -> None:
        """An interaction whose original response is the table's message (it posted it, or a
        click on it was answered there): its token can edit the message for 15 minutes."""
        self._tokens[table.id] = EditToken(
            app_id, token, self.service.clock.now(), message_id, budget=self._token_budget()
        )
        self._tell_pending(table.id, app_id, token)

    def _token(self, table: Table) -> EditToken | None:
        tok = self._tokens.get(table.id)
        if tok is None or tok.message_id != table.row.message_id:
            return None
        if self.service.clock.now() - tok.at > TOKEN_LIFE:
            del self._tokens[table.id]
            return None
        return tok

    def landed(self, table: Table, message_id: int, screen: Screen, version: int) -> None:
        """``screen`` (drawn from ``table`` at ``version``) is now on ``message_id``."""
        fp = screen.fingerprint()
        self._shown[table.id] = Shown(message_id, fp, version)
        # "the end is up" only for a screen drawn from the ended table: one drawn before the
        # end that lands after it is stored as what it is (the end screen follows it)
        ended = table.status == "ended" and version >= table.version
        self._to_store[table.id] = ENDED if ended else fp
        self._store_soon()
        if self.stats.measure:
            self._note_landed(table.id, version, fp)

    async def _after_answers(self) -> None:
        """Background writes go after the clicks being answered: wait until none is (at most
        :data:`YIELD_AT_MOST`). The bot has one thread for both; a burst of clicks at busy
        tables would otherwise queue behind edits that have seconds to spare.

        And one background write starts per turn of the event loop: the loop reads what has
        arrived between turns, so a click that arrives while writes wait finds at most one
        of them ahead of it, not every write that the same moment let go (timers due
        together, or the last answer of a burst setting ``quiet`` for all who waited)."""
        quiet: asyncio.Event | None = getattr(self.client, "quiet", None)
        if quiet is None or self._hurry.is_set():
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + YIELD_AT_MOST
        while True:
            if not quiet.is_set():
                try:
                    async with asyncio.timeout_at(deadline):
                        await quiet.wait()
                except TimeoutError:
                    return
            try:
                async with asyncio.timeout_at(deadline):
                    await self._turn.acquire()
            except TimeoutError:
                return
            if quiet.is_set() or self._hurry.is_set():
                loop.call_soon(self._turn.release)  # the next starts in the loop's next turn
                return
            self._turn.release()  # a click arrived while it waited: its answer goes first

    async def _sleep(self, delay: float) -> None:
        """Sleep, unless :meth:`flush` hurries everything. A future and a timer, no task: this
        runs for every table and view that changes (wait_for made a task of each wait)."""
        if self._hurry.is_set():
            return
        woken = asyncio.get_running_loop().create_future()
        timer = woken.get_loop().call_later(delay, _wake, woken)
        self._sleepers.add(woken)
        try:
            await woken
        finally:
            timer.cancel()
            self._sleepers.discard(woken)

    async def _table_loop(self, table_id: int) -> None:
        loop = asyncio.get_running_loop()
        while (due := self._due.get(table_id)) is not None:
            if due > loop.time() and not self._hurry.is_set():
                await self._sleep(due - loop.time())
                continue
            del self._due[table_id]
            table = self._tables.get(table_id)
            if table is None:
                return
            try:
                await self._bring_up(table)
            except Exception:
                log.exception("could not update the table message of #%s", table_id)

    async def _bring_up(self, table: Table) -> None:
        if table.row.message_id is None:
            await self._recover(table)
        elif self._current(table):
            self._settle(table)
        elif self.use_tokens and (tok := self._token(table)) is not None:
            await self._edit(table.id, tok)
        else:  # a channel request: the channel's writer sends it within the channel's budget
            now = asyncio.get_running_loop().time()
            self._channel(table.row.channel_id).add(
                table.id, now, lambda: self._edit(table.id, None)
            )

    async def _edit(self, table_id: int, tok: EditToken | None) -> None:
        """Edit the table's message: through ``tok`` (its own bucket) or, without one, as a
        channel request (called by the channel's writer)."""
        table = self._tables.get(table_id)
        if table is None or table.row.message_id is None:
            return
        if self._current(table):
            self._settle(table)
            return
        if tok is None:  # counted once it is sent (below): the writer may make it wait
            await self._channel(table.row.channel_id).gate(
                "PATCH", EDIT_ROUTE, spend=False, message_id=table.row.message_id
            )
        else:
            await tok.gate()
        await self._after_answers()
        async with self.writer(table.id):
            message_id = table.row.message_id
            if message_id is None or (tok is not None and tok.message_id != message_id):
                self.request(table, at_once=True)  # moved meanwhile: think again
                return
            version = table.version
            screen = self.draw(table)  # the table as it is now (drawn once per version)
            fp = screen.fingerprint()
            shown = self._shown.get(table.id)
            if shown and shown.message_id == message_id and shown.fingerprint == fp:
                self._settle(table)
                return
            try:
                if tok is not None:
                    self.unhide(table, await tok.edit(self.client, screen))
                else:
                    # no wait here but in the rare case that a new table's post took the room
                    await self._channel(table.row.channel_id).gate(
                        "PATCH", EDIT_ROUTE, message_id=message_id
                    )
                    channel = self.client.get_partial_messageable(table.row.channel_id)
                    sent = await channel.get_partial_message(message_id).edit(**screen.kwargs())
                    if sent.flags.suppress_embeds:
                        self.unhide(table, sent)
                    elif not sent.embeds:  # Discord kept the buttons, dropped the table itself
                        self.refused(table, "the edit landed without its embed", "edit")
                        return  # not what the screen is: the next change tries again
            except discord.HTTPException as err:
                if err.code == THREAD_ARCHIVED:
                    if await self._reopen(table):
                        self.request(table, at_once=True)
                    return
                if err.code == THREAD_IS_LOCKED:  # locked while the bot was away
                    await self._locked(table.row.channel_id)
                    return
                if tok is not None:  # the token no longer works: the channel way, then
                    log.info("table #%s: its edit token failed (%s)", table.id, err)
                    if self._tokens.get(table.id) is tok:
                        del self._tokens[table.id]
                elif isinstance(err, discord.NotFound) and err.code == UNKNOWN_CHANNEL:
                    await self._channel_gone(table)
                    return
                elif isinstance(err, discord.NotFound):
                    log.warning("table #%s: its message is gone; posting it anew", table.id)
                    table.row.message_id = None
                elif isinstance(err, discord.Forbidden):
                    self.refused(table, str(err), "edit")  # no retry: the next change tries again
                    return
                else:
                    raise
                self.request(table, at_once=True)
                return
            self.stats.edits += 1
            self.stats.channel_edits += tok is None
            if tok is None:
                self._refused.pop(table.id, None)  # the channel takes the bot's writes again
            self._last_edit[table.id] = asyncio.get_running_loop().time()
            self.landed(table, message_id, screen, version)
        if table.version > version:
            self.request(table)
        else:
            self._settle(table)

    def join_thread(
        self,
        channel_id: int,
        table_id: int | None = None,
        tell: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        """A table opened in thread ``channel_id``: the bot joins the thread (once), while it
        is open. Discord lets only a thread's members reopen it by editing it (:meth:`_reopen`);
        joining posts nothing in the thread. A private thread is joined only by invitation, and
        no thread in a channel hidden from the bot: refused, ``tell`` (the host, privately)
        how to let the bot in (:meth:`not_in_thread`)."""
        thread = self.client.get_channel(channel_id)
        if channel_id in self._joined or (
            isinstance(thread, discord.Thread) and thread.me is not None
        ):
            return
        self._joined[channel_id] = None
        if len(self._joined) > JOINED_KEPT:
            del self._joined[next(iter(self._joined))]
        self._spawn_private(self._join(channel_id, table_id, tell))

    async def _join(
        self,
        channel_id: int,
        table_id: int | None,
        tell: Callable[[str], Awaitable[None]] | None,
    ) -> None:
        try:
            await self.client.http.join_thread(channel_id)
        except discord.HTTPException as err:
            log.info("couldn't join thread %s (%s)", channel_id, err)
            self._joined.pop(channel_id, None)  # a later table there tries again
            if isinstance(err, discord.Forbidden) and tell is not None:
                with contextlib.suppress(discord.HTTPException):
                    await tell(self.not_in_thread(channel_id, table_id))

    def seen_in(self, channel: object) -> None:
        """An interaction came from ``channel``. Discord announces no thread the bot may not
        view (a private one it is not in, one in a channel hidden from it): its interactions
        alone say what it is (the latest :data:`UNLISTED_KEPT` are kept, for
        :meth:`not_in_thread`)."""
        if isinstance(channel, discord.Thread) and self.client.get_channel(channel.id) is None:
            self._unlisted.pop(channel.id, None)
            self._unlisted[channel.id] = channel
            if len(self._unlisted) > UNLISTED_KEPT:
                del self._unlisted[next(iter(self._unlisted))]

    def not_in_thread(self, channel_id: int, table_id: int | None) -> str:
        """How to let the bot into a thread it may not join, by the thread's type and its
        channel's permissions: a private thread (in a channel the bot sees) takes a mention;
        any thread in a channel hidden from the bot (a public thread, a forum post) takes View
        Channel there (and Send Messages in Threads, if that is off too)."""
        me = self.client.user.mention if self.client.user else "Barkeep"
        thread = self.client.get_channel(channel_id) or self._unlisted.get(channel_id)
        if not isinstance(thread, discord.Thread):
            return CANT_JOIN.format(id=table_id, me=me)
        parent, member = thread.parent, thread.guild.me
        perms = (
            bot_permissions(parent, member) if parent is not None and member is not None else None
        )
        if perms is not None and perms.view_channel:
            if thread.type == discord.ChannelType.private_thread:
                return NOT_IN_THREAD.format(id=table_id, me=me)
            return CANT_JOIN.format(id=table_id, me=me)
        what = [PERMISSIONS["view_channel"]]
        if perms is not None and not perms.send_messages_in_threads:
            what.append(PERMISSIONS[THREAD_SEND])
        return HIDDEN_PARENT.format(
            id=table_id,
            parent=f"<#{thread.parent_id}>",
            what=_named(what),
        )

    async def _reopen(self, table: Table) -> bool:
        """The table's thread is archived: by a moderator, or after a while without a new
        message (a game edits its one message, and a member's click reopens it, but a clock
        does not). Reopen it, so that the table carries on: by editing it, which Discord allows
        a member of the thread; else (a table opened before the bot joined its threads, a join
        refused) as a member would, with a message, silent, that says why. False if Discord
        refuses (then its tables close: :meth:`_shut`) or it was reopened a moment ago. A
        locked thread is a moderator's word: it is never reopened, and its tables close."""
        channel_id = table.row.channel_id
        now = asyncio.get_running_loop().time()
        if now - self._reopened.get(channel_id, -REOPEN_EVERY) < REOPEN_EVERY:
            log.warning("table #%s: its thread %s is archived again", table.id, channel_id)
            return False
        for stale in [c for c, at in self._reopened.items() if now - at >= REOPEN_EVERY]:
            del self._reopened[stale]
        self._reopened[channel_id] = now
        thread: object = None
        try:
            thread = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                channel_id
            )
            if not isinstance(thread, discord.Thread):
                return False
            if thread.locked:  # locked while the bot was away (else its event closed them)
                await self._locked(channel_id)
                return False
            try:
                await thread.edit(archived=False)
            except discord.Forbidden:  # not one of its members: a message reopens it too
                await thread.send(REOPENED.format(id=table.id), silent=True)
                self._joined.pop(channel_id, None)
                self.join_thread(channel_id)  # the next time, an edit does
        except discord.HTTPException as err:
            log.warning(
                "table #%s: its thread %s is archived and can't be reopened (%s)",
                table.id,
                channel_id,
                err,
            )
            if isinstance(err, discord.Forbidden):  # not a failure that passes: refused
                await self._shut(channel_id, thread if isinstance(thread, discord.Thread) else None)
            return False
        log.info("table #%s: its thread %s was archived; reopened it", table.id, channel_id)
        return True

    async def _locked(self, channel_id: int) -> None:
        """A moderator locked the thread: its tables close, as when the lock is announced."""
        await self.service.close_where(lambda row: row.channel_id == channel_id, THREAD_LOCKED)

    async def _shut(self, channel_id: int, thread: discord.Thread | None) -> None:
        """Discord refuses to let the bot reopen the archived thread (by an edit or by a
        message): its tables close, as a locked thread's do, rather than play on by their
        clocks (drinks charged, players struck out) on a message nobody sees change. Their
        players are told once: whoever clicked last, if their click's token still lives, else
        whoever clicks next (whose click, reopening the thread, also shows the table's end);
        with what would let the bot reopen it (``thread``, if known: what it lacks there)."""
        remedy = ""
        me = thread.guild.me if thread is not None else None
        if thread is not None and me is not None:
            perms = bot_permissions(thread, me)
            missing = [
                PERMISSIONS[a] for a in ("view_channel", THREAD_SEND) if not getattr(perms, a)
            ]
            if missing:
                remedy = (
                    " So that the next table here carries on, someone who manages "
                    f"<#{thread.parent_id}> can allow me {_named(missing)} there, in the "
                    "channel's settings (Permissions)."
                )
        closed = await self.service.close_where(
            lambda row: row.channel_id == channel_id, THREAD_SHUT
        )
        for change in closed:
            self._tell_privately(change.table.id, SHUT.format(id=change.table.id, remedy=remedy))

    async def _channel_gone(self, table: Table) -> None:
        """Discord no longer knows the table's channel: the table closes (if the deletion's
        event has not closed it already), and nothing more is sent there."""
        log.info("table #%s: its channel is gone", table.id)
        if table.status == "ended":  # its end screen can't land: nothing more to show
            self._forget_table(table)
            return
        await self.service.close_where(lambda row: row.id == table.id, CHANNEL_DELETED)

    def _current(self, table: Table) -> bool:
        """Does the table's message show the table as it is now?"""
        shown = self._shown.get(table.id)
        if shown is None or shown.message_id != table.row.message_id:
            return False
        if shown.version >= table.version:
            return True
        fp = self.draw(table).fingerprint()
        if fp == shown.fingerprint:  # the change did not alter the public screen
            shown.version = table.version
            if self.stats.measure:
                self._note_landed(table.id, table.version, fp)
            return True
        return False

    def _settle(self, table: Table) -> None:
        """The table's message shows it as it is: its drawn screen need not be kept (an idle
        table costs no screen in memory); a finished table is forgotten altogether (a
        long-running bot sees many tables come and go)."""
        if table.id not in self._due:
            self._drawn.pop(table.id, None)
        if (
            table.status == "ended"
            and self._tables.get(table.id) is table
            and table.id not in self._due
            and not self._views_pending(table.id)
        ):
            self._forget_table(table)

    def _forget_table(self, table: Table) -> None:
        """Nothing more is shown of this finished table: forget it altogether."""
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
            tid = table.id
            for d in (self._tokens, self._drawn, self._shown, self._last_edit, self._table_tasks):
                d.pop(tid, None)
            self._waiting_since.pop(tid, None)
            self._view_tokens.pop(tid, None)
            self._refused.pop(tid, None)
            self._to_tell.pop(tid, None)
            self._views_read.discard(tid)
            for seat in table.seats:
                if seat.seat is not None:
                    self._drawn_private.pop((tid, seat.seat), None)
                self._private_seen.pop((tid, seat.user_id), None)
                self._view_tasks.pop((tid, seat.user_id), None)
                self._cancel_expiry((tid, seat.user_id))

    async def _recover(self, table: Table) -> None:
        """A table without a message: find the message its opening answer posted (the token
        lives 15 minutes), else post the table anew in its channel."""
        if table.id in self.posting:
            return  # its opening answer is on its way: :meth:`posted` takes over
        message_id = None
        async with self.service.store.reading() as q:
            origin = await q.table_origin(table.id)
        if (
            origin is not None
            and self.service.clock.now() - origin[2] < TOKEN_LIFE
            and origin[1] not in self._dead_tokens
        ):
            app_id, token, _ = origin
            try:
                hook = discord.Webhook.partial(app_id, token, client=self.client)
                message_id = (await hook.fetch_message("@original")).id  # type: ignore[arg-type]
            except discord.HTTPException as err:
                log.info("table #%s: its opening message can't be found: %s", table.id, err)
                if isinstance(err, discord.NotFound):
                    # Discord: a webhook that answered 404 must not be used again (repeated
                    # tries earn a temporary restriction)
                    now = self.service.clock.now()
                    for old in [t for t, at in self._dead_tokens.items() if now - at >= TOKEN_LIFE]:
                        del self._dead_tokens[old]  # too old to be tried anyway
                    self._dead_tokens[token] = origin[2]
        if message_id is None:  # the channel's budget is waited for before taking the writer:
            # an answer waiting for the writer must not wait for the budget too
            await self._channel(table.row.channel_id).gate("POST", POST_ROUTE)
        async with self.writer(table.id):
            if table.row.message_id is not None:  # found meanwhile (a click adopted one)
                self.request(table)
                return
            if message_id is None:
                version = table.version
                screen = self.public_for(table.row.game)(table)
                channel = self.client.get_partial_messageable(table.row.channel_id)
                try:
                    sent = await channel.send(**screen.kwargs())
                except discord.Forbidden as err:
                    self.refused(table, str(err), "post")
                    return
                except discord.HTTPException as err:
                    if isinstance(err, discord.NotFound) and err.code == UNKNOWN_CHANNEL:
                        await self._channel_gone(table)
                    else:
                        log.warning("table #%s could not be posted anew: %s", table.id, err)
                    return
                self.stats.posts += 1
                self._refused.pop(table.id, None)
                await self.service.set_message(table.id, sent.id)
                self.landed(table, sent.id, screen, version)
                log.info("table #%s posted anew as message %s", table.id, sent.id)
            else:
                await self.service.set_message(table.id, message_id)
                log.info("table #%s found its message %s again", table.id, message_id)
        self.request(table, at_once=True)

    async def posted(
        self,
        table: Table,
        message_id: int,
        screen: Screen,
        version: int,
        token: tuple[int, str] | None = None,
    ) -> None:
        """An interaction answer posted ``table`` as a new public message: it is the table's
        message from now on (``token``: the interaction's, which can edit it); an earlier one
        is retired (its buttons removed, a link left)."""
        async with self.writer(table.id):
            old = await self.service.set_message(table.id, message_id)
            self.landed(table, message_id, screen, version)
            if token is not None:
                self.clicked(table, message_id, *token)
        if old is not None and old != message_id:
            self.retire(table, old)
        if table.version > version:
            self.request(table)

    def posting_done(self, table: Table) -> None:
        """The answer that was to post ``table`` is sent, or failed: without a message now, the
        table finds its message or is posted anew."""
        self.posting.discard(table.id)
        if table.row.message_id is None:
            self.request(table, at_once=True)

    def retire(self, table: Table, message_id: int) -> None:
        """Replace an old copy of ``table`` with a link to where it is now."""

        async def job() -> None:
            screen = moved_screen(table)
            writer = self._channel(table.row.channel_id)
            await writer.gate("PATCH", EDIT_ROUTE, message_id=message_id)
            msg = self.client.get_partial_messageable(table.row.channel_id).get_partial_message(
                message_id
            )
            try:
                await msg.edit(**screen.kwargs())
            except discord.HTTPException as err:  # deleted by a moderator, most likely
                log.info("old message of table #%s not retired: %s", table.id, err)

        loop = asyncio.get_running_loop()
        self._channel(table.row.channel_id).add(("retire", message_id), loop.time(), job)

    def unhide(self, table: Table, message: discord.Message | discord.WebhookMessage) -> None:
        """A table message that came back with its embeds suppressed (someone with Manage
        Messages removed the "embed", the table itself, leaving its buttons): show it again.
        The bot is its author, and Discord lets the author undo that; a table nobody can read
        is no use to anyone (End stops a table)."""
        if not message.flags.suppress_embeds or message.id != table.row.message_id:
            return
        message_id, channel_id = message.id, table.row.channel_id
        log.info("table #%s: its embed was hidden; showing it again", table.id)

        async def job() -> None:
            await self._channel(channel_id).gate("PATCH", EDIT_ROUTE, message_id=message_id)
            with handle_message_parameters(flags=discord.MessageFlags()) as params:
                try:
                    await self.client.http.edit_message(channel_id, message_id, params=params)
                except discord.HTTPException as err:
                    log.info("table #%s: its embed stays hidden (%s)", table.id, err)

        loop = asyncio.get_running_loop()
        self._channel(channel_id).add(("unhide", message_id), loop.time(), job)

    # -- a channel that refuses the bot ---------------------------------------------------
    def refused(self, table: Table, why: str, doing: str) -> None:
        """Discord refused to let the bot ``doing`` ("edit", "post") the table's message in its
        channel (``why``: Discord's answer): log which permissions the bot lacks there, and
        tell the players once."""
        channel_id = table.row.channel_id
        if table.status == "ended" and self.client.get_guild(table.row.guild_id) is None:
            # the bot was removed from the server (which closed the table): not a missing
            # permission, and nothing more to show there
            log.info("table #%s: its server removed Barkeep (%s)", table.id, why)
            self._forget_table(table)
            return
        missing = missing_permissions(self.client, channel_id)
        known = tuple(missing or ())
        if self._refused.get(table.id) == known:
            log.info("table #%s: still refused in channel %s (%s)", table.id, channel_id, why)
            return
        self._refused[table.id] = known
        lacks = (
            f"Barkeep lacks {', '.join(missing)} there"
            if missing
            else f"Barkeep needs {', '.join(PERMISSIONS.values())} there (which is off: unknown)"
        )
        log.warning(
            "table #%s: Discord refused to %s its message in channel %s (%s). %s.",
            table.id,
            doing,
            channel_id,
            why,
            lacks,
        )
        text = refused_text(table.id, channel_id, missing)
        if may_post(self.client, channel_id):
            self._post_notice(table, text)
        else:
            self._tell_privately(table.id, text)

    def _post_notice(self, table: Table, text: str) -> None:
        """Post ``text`` in the table's channel, as a plain message (no embed needs no Embed
        Links); if that is refused too, tell the players privately instead."""
        channel_id = table.row.channel_id

        async def job() -> None:
            await self._channel(channel_id).gate("POST", POST_ROUTE)
            channel = self.client.get_partial_messageable(channel_id)
            try:
                await channel.send(content=text)
            except discord.HTTPException as err:
                log.info("table #%s: the notice could not be posted either (%s)", table.id, err)
                self._tell_privately(table.id, text)

        loop = asyncio.get_running_loop()
        self._channel(channel_id).add(("notice", table.id), loop.time(), job)

    def _tell_privately(self, table_id: int, text: str) -> None:
        """Send ``text`` to whoever clicked on the table last, if their click's token still
        lives; else to whoever clicks on it next."""
        now = self.service.clock.now()
        tokens = [self._tokens.get(table_id), *self._view_tokens.get(table_id, {}).values()]
        live = [t for t in tokens if t is not None and now - t.at <= TOKEN_LIFE]
        self._to_tell[table_id] = text
        if live:
            freshest = max(live, key=lambda t: t.at)
            self._tell_pending(table_id, freshest.app_id, freshest.token)

    def _tell_pending(self, table_id: int, app_id: int, token: str) -> None:
        """A player just clicked on the table (``token``): give them a notice it has waiting."""
        text = self._to_tell.pop(table_id, None)
        if text is None:
            return

        async def send() -> None:
            hook = discord.Webhook.from_state(
                {"id": app_id, "type": 3, "token": token}, self.client._connection
            )
            try:
                await hook.send(content=text, ephemeral=True)
            except discord.HTTPException as err:
                log.info("table #%s: the notice could not be sent privately (%s)", table_id, err)

        self._spawn_private(send())

    def _spawn_private(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` (a private view's edit, a private notice) as a task that flushes and
        shutdown wait for."""
        task = asyncio.create_task(work)
        self._private_tasks.add(task)
        task.add_done_callback(self._private_tasks.discard)

    def _running(self) -> list[asyncio.Task[None]]:
        tasks = [t for t in self._table_tasks.values() if not t.done()]
        tasks += [c.task for c in self._channels.values() if c.task and not c.task.done()]
        tasks += [t for t in self._view_tasks.values() if not t.done()]
        return tasks + list(self._private_tasks)

    async def flush(self) -> None:
        """Do every pending write now and wait for it (shutdown, tests)."""
        self._hurry.set()
        for woken in list(self._sleepers):
            _wake(woken)
        try:
            while tasks := self._running():
                for c in self._channels.values():
                    c.hurry()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            self._hurry.clear()
        await self.store_shown()

    async def flush_private(self) -> None:
        """Wait for pending private-view edits only."""
        while tasks := [t for t in self._view_tasks.values() if not t.done()] + list(
            self._private_tasks
        ):
            await asyncio.gather(*tasks, return_exceptions=True)

    def pending(self) -> bool:
        """Is any write waiting or under way?"""
        return bool(self._running())

    # -- lag measurement (benchmarks) ----------------------------------------------------
    def _note_change(self, table: Table) -> None:
        fp = self.draw(table).fingerprint()
        waiting = self._waiting_since.setdefault(table.id, [])
        shown = self._shown.get(table.id)
        last = waiting[-1][2] if waiting else (shown.fingerprint if shown else None)
        if fp != last:
            waiting.append((table.version, time.monotonic(), fp))

    def _note_landed(self, table_id: int, version: int, fp: str) -> None:
        waiting = self._waiting_since.get(table_id)
        if not waiting:
            return
        now = time.monotonic()
        keep = []
        for v, since, want in waiting:
            if v <= version or want == fp:
                self.stats.lag.append(now - since)
            else:
                keep.append((v, since, want))
        self._waiting_since[table_id] = keep

    # -- what was shown, across restarts -------------------------------------------------
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

    # -- private -------------------------------------------------------------------------
    def opened_private(
        self,
        table: Table,
        user_id: int,
        token: tuple[int, str, int | None],
        message_id: int | None,
        screen: Screen,
    ) -> None:
        """A private view was sent: ``token`` (application, token, follow-up id or None for the
        original response) edits it from now on."""
        key = (table.id, user_id)
        app_id, tok, followup = token
        fp = screen.fingerprint()
        now = self.service.clock.now()
        old = self._view_token(key)
        if old is not None and old.row != tok and now - old.at < TOKEN_LIFE:
            self._retire_view(key, old)
        self._set_view_token(
            key,
            EditToken(
                app_id,
                tok,
                now,
                message_id,
                followup is not None,
                row=tok,
                budget=self._token_budget(),
            ),
        )
        self._private_seen[key] = fp
        self._to_store_private[(table.id, user_id, tok)] = fp
        self._store_soon()
        self._tell_pending(table.id, app_id, tok)
        # drawn before it was sent: a change while it was on its way (Discord's latency) went
        # to no view or the older one, so it is compared with the table now (edited if behind)
        self._mark_view(key, self.service.in_memory(table.id) or table)

    def _retire_view(self, key: tuple[int, int], old: EditToken) -> None:
        """One live private view per player per table: the older message is deleted, so that
        a game's many new views (a Black Death take, a Pyramid right lay) leave nothing behind
        in the player's channel (a click on an older view still there, its deletion on the way
        or refused, gets one line that points to the newest: see GameCog.on_component)."""

        async def job() -> None:
            await old.gate()
            async with self.writer(key):  # after any edit of it already under way
                try:
                    await old.delete(self.client)
                except discord.HTTPException as err:  # 404: the player dismissed it already
                    log.info("old private view of %s at #%s not deleted: %s", key[1], key[0], err)

        self._spawn_private(job())

    def live_view(self, key: tuple[int, int]) -> int | None:
        """The message id of the player's live private view at a table, when known."""
        tok = self._view_token(key)
        return tok.message_id if tok is not None else None

    def private_answered(
        self, key: tuple[int, int], message_id: int, app_id: int, token: str, screen: Screen
    ) -> None:
        """A click in a private view was answered on it: if it is the view kept fresh, it shows
        ``screen`` now, and the click's (younger) token edits it from now on."""
        self._tell_pending(key[0], app_id, token)
        tok = self._view_token(key)
        if tok is None or tok.message_id != message_id:
            return
        now = self.service.clock.now()
        if token != tok.row:  # the stored row follows (with what the view shows, below)
            self._to_store_tokens[(key[0], key[1], tok.row)] = (app_id, token, now)
        self._set_view_token(
            key, EditToken(app_id, token, now, message_id, row=token, budget=self._token_budget())
        )
        fp = screen.fingerprint()
        self._private_seen[key] = fp
        self._to_store_private[(key[0], key[1], token)] = fp
        self._store_soon()

    def _view_screen(self, table: Table, user_id: int) -> Screen | None:
        """What a player's private view should show now: their view of the game, or, once they
        have left it (or were put out), one last line saying so. None for someone never dealt
        in."""
        seat = table.seat_of(user_id)
        if seat is not None:
            return self.draw_private(table, seat)
        row = table.dealt_row(user_id)
        return None if row is None else left_view_screen(table, row.strikes >= STRIKES_OUT)

    def _forget_view(self, key: tuple[int, int]) -> None:
        """The player's view is not edited again (its last screen is up)."""
        self._view_tokens.get(key[0], {}).pop(key[1], None)
        self._cancel_expiry(key)

    def _cancel_expiry(self, key: tuple[int, int]) -> None:
        handle = self._expiries.pop(key, None)
        if handle is not None:
            handle.cancel()

    def _view_token(self, key: tuple[int, int]) -> EditToken | None:
        return self._view_tokens.get(key[0], {}).get(key[1])

    def _set_view_token(self, key: tuple[int, int], tok: EditToken) -> None:
        self._view_tokens.setdefault(key[0], {})[key[1]] = tok
        # just before its token dies, the view says it stops updating (else it would sit there
        # showing the past: "Not your turn yet" on the player's turn)
        self._cancel_expiry(key)
        left = tok.at + TOKEN_LIFE - self.service.clock.now()
        if left > 0:
            loop = asyncio.get_running_loop()
            self._expiries[key] = loop.call_later(left, self._expire, key, tok)

    def _expire(self, key: tuple[int, int], tok: EditToken) -> None:
        """``tok``'s last moments: if it still edits the player's view, that view says it has
        stopped updating and offers **Refresh**; it is not edited again."""
        self._expiries.pop(key, None)
        table = self.service.in_memory(key[0])
        if self._view_token(key) is not tok or table is None or table.status == "ended":
            return

        async def job() -> None:
            async with self.writer(key):  # after any edit of it already under way
                if self._view_token(key) is not tok:
                    return  # a click brought a younger token meanwhile
                self._forget_view(key)
                self._private_seen.pop(key, None)
                try:
                    await tok.edit(self.client, expired_view_screen(table))
                except discord.HTTPException as err:
                    log.info("private view of %s at #%s not closed: %s", key[1], key[0], err)

        self._spawn_private(job())

    def stop_expiries(self) -> None:
        """Shutting down: views are not told they stop (the next start keeps them in line)."""
        for handle in self._expiries.values():
            handle.cancel()
        self._expiries.clear()

    def refresh_private(self, table: Table) -> None:
        if table.id in self._views_read and not self._view_tokens.get(table.id):
            return  # no private view of this table is known: nothing to do (most changes)
        self._spawn_private(self._refresh_private(table))

    async def _refresh_private(self, table: Table) -> None:
        """Mark the table's live private views for an update; one loop per view sends it.

        The views are read from the store once per table (after a start); views opened since
        are known from :meth:`opened_private`."""
        if not await self._read_views(table.id):
            return
        now = self.service.clock.now()
        for user_id, tok in list(self._view_tokens.get(table.id, {}).items()):
            key = (table.id, user_id)
            # whether _view_screen has a screen for them, without drawing it here: this runs
            # at every change, while the click that made it waits for its answer to go out
            if table.dealt_row(user_id) is None or now - tok.at > TOKEN_LIFE:
                continue
            self._mark_view(key, table)

    def _mark_view(self, key: tuple[int, int], table: Table) -> None:
        """The view may be behind ``table``: its loop compares and edits it if so."""
        self._private_dirty[key] = table
        task = self._view_tasks.get(key)
        if task is None or task.done():
            self._view_tasks[key] = asyncio.create_task(self._view_loop(key))

    async def _read_views(self, table_id: int) -> bool:
        """Know the table's private views from the store, once per start (each one's token, and
        its expiry notice due). False if the store could not be read."""
        if table_id in self._views_read:
            return True
        try:
            async with self.service.store.reading() as q:
                views = await q.private_views(table_id)
        except Exception:
            log.exception("could not read the private views of table #%s", table_id)
            return False
        self._views_read.add(table_id)
        for view in views:
            key = (table_id, view.user_id)
            tok = self._view_token(key)
            if tok is None or (tok.row != view.token and view.opened_at > tok.at):
                fallback = view.fallback and self._stored_view(*view.fallback)
                stored = self._stored_view(
                    view.app_id, view.token, view.opened_at, view.message_id, fallback
                )
                self._set_view_token(key, stored)
        return True

    def _stored_view(
        self,
        app_id: int,
        token: str,
        opened_at: float,
        followup: int | None,
        fallback: EditToken | None = None,
    ) -> EditToken:
        return EditToken(
            app_id,
            token,
            opened_at,
            followup,
            followup is not None,
            token,
            self._token_budget(),
            fallback,
        )

    async def _fall_back(self, key: tuple[int, int], tok: EditToken) -> bool:
        """``tok``'s view never reached Discord (the bot died as it was sent): the view it
        replaced becomes the one kept in line, if its token still lives."""
        older = tok.fallback
        tok.fallback = None
        if older is None or self.service.clock.now() - older.at > TOKEN_LIFE:
            return False
        if self._view_token(key) is tok:
            self._set_view_token(key, older)
        try:
            async with self.service.store.transaction() as tx:
                await tx.fall_back_private_view(key[0], key[1], tok.row)
        except Exception:
            log.exception("could not record the private view of %s at #%s", key[1], key[0])
        return True

    def _views_pending(self, table_id: int) -> bool:
        """Whether a private view of this table still waits for an edit (other than the
        caller's own loop): a finished table is forgotten only once they have all landed."""
        me = asyncio.current_task()
        return any(k[0] == table_id for k in self._private_dirty) or any(
            k[0] == table_id and not t.done() and t is not me for k, t in self._view_tasks.items()
        )

    async def _view_loop(self, key: tuple[int, int]) -> None:
        try:
            await self._view_edits(key)
        finally:
            table = self._tables.get(key[0])
            if table is not None and table.status == "ended":
                self._settle(table)  # the last view of a finished table has landed

    async def _view_edits(self, key: tuple[int, int]) -> None:
        # After the debounce: a click in this very view is answered on it first (and then
        # there is nothing left to edit), and a burst of changes costs one edit.
        await self._sleep(self.debounce)
        while (table := self._private_dirty.pop(key, None)) is not None:
            tok = self._view_token(key)
            drawn = self._view_screen(table, key[1])
            if tok is None or drawn is None or self._private_seen.get(key) == drawn.fingerprint():
                continue
            await tok.gate()
            await self._after_answers()
            # One writer per view: the screen is drawn while holding it, so the newest lands last.
            async with self.writer(key):
                tok = self._view_token(key)  # a click may have brought a younger one
                if tok is None:  # forgotten meanwhile (told it stops updating, a 404): left be
                    continue
                screen = self._view_screen(table, key[1])
                if screen is None or self._private_seen.get(key) == (fp := screen.fingerprint()):
                    continue
                # decided with the drawing: the table may move on while the edit is on its way
                # (a player put out meanwhile still needs the screen saying so)
                last = table.seat_of(key[1]) is None
                try:
                    await tok.edit(self.client, screen)
                except discord.HTTPException as err:
                    if (err.code == THREAD_ARCHIVED and await self._reopen(table)) or (
                        err.code == UNKNOWN_WEBHOOK and await self._fall_back(key, tok)
                    ):
                        self._private_dirty.setdefault(key, table)  # once more, reopened or older
                        continue
                    log.info("private view of %s at #%s not updated: %s", key[1], key[0], err)
                    if err.code == UNKNOWN_WEBHOOK and self._view_token(key) is tok:
                        # it never reached Discord and nothing older is left: a webhook that
                        # answered 404 is not used again (not edited, nor deleted by a newer view)
                        self._forget_view(key)
                    continue
                except Exception:
                    log.exception("private view of %s at #%s not updated", key[1], key[0])
                    continue
                if self._view_token(key) is not tok:  # a newer view opened as this landed
                    continue  # (it is the one kept in line: opened_private marked it)
                self._private_seen[key] = fp
                self._to_store_private[(key[0], key[1], tok.row)] = fp
                self._store_soon()
                if last:  # its last screen: never edited again
                    self._forget_view(key)
