"""What the parts of the renderer share: its settings and memory, the screens drawn once per
version, the writer locks, and the tasks it runs.

The renderer is one object whose parts (one module each; bot/render/renderer.py puts them
together) read and change the same memory: what each message shows, its tokens, its pending
writes. So each part is a mixin of :class:`RendererCore`, which holds that memory and the
services every part uses, and declares the few calls one part makes into another.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
import weakref
from collections.abc import Callable, Coroutine, Hashable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.art.tables import Wanted
from bot.art.worker import render_apart
from bot.i18n import SPEAKERS, speaking
from bot.render.budgets import OLD_EDITS, OLD_MESSAGE, TOKEN_BUDGET, Budget, EditToken
from bot.render.turns import Turns
from bot.render.writers import ChannelWriter, Writer
from bot.tables import Change, Table, TableService, made_at
from bot.ui.common import Screen, Shot, key_of

PACE = 2.5  # seconds between two messages in one play-by-play thread (playbyplay.py)


@dataclass
class Follow:
    """A table whose play-by-play this process posts: its newest copy, its thread, the last
    step posted, and the game replayed as far as its lines are worked out."""

    table: Table
    thread_id: int | None = None  # None: being started
    step: int = -1  # the last step posted (-1: none yet; 0: the deal)
    state: Any = None  # the game after step ``computed`` (None: not replayed in this process)
    computed: int = -1
    pending: list[tuple[int, list[str]]] = field(default_factory=list)  # worked out, not posted
    part: int = 0  # lines of the first pending step posted already (a step split in two)
    last_post: float = float("-inf")  # loop time of the last message


log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003  # Discord's error codes: the channel (or thread) is gone,
THREAD_ARCHIVED = 50083  # the message's thread is archived (its messages can't be edited)
THREAD_IS_LOCKED = 160005  # a moderator locked the thread: only Manage Threads may write there
UNKNOWN_WEBHOOK = 10015  # an interaction token that was never answered

PublicFn = Callable[[Table], Screen]
PrivateFn = Callable[[Table, int], Screen]
# a table's public picture now (None: none, or pictures are off there)
PictureFn = Callable[[Table], Wanted | None]

# a table's picture is uploaded at most this often (seconds): when only the picture is behind
# (a click's answer showed the text), a burst of moves costs one upload, not one each
PICTURE_EVERY = 1.5
PNG_KEPT = 64  # pictures drawn lately, kept for the edits that upload them (~20-60 KB each)


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


@dataclass
class Shown:
    """What a table's public message shows: which message, which screen, from which version."""

    message_id: int
    fingerprint: str
    version: int
    text: str = ""  # the fingerprint of its text alone (its picture aside)


@dataclass
class Stats:
    """Counters for benchmarks and tests."""

    edits: int = 0  # public-message edits sent (both ways)
    channel_edits: int = 0  # ... of which channel requests (the channel's budget)
    posts: int = 0  # tables posted anew
    lag: list[float] = field(default_factory=list)  # seconds a public message lagged the store
    measure: bool = False  # collect ``lag`` (draws the public screen at every change)


def _picture_in(
    message: discord.Message | discord.WebhookMessage,
) -> tuple[str, discord.Attachment] | None:
    """The table picture a message carries: its key and attachment."""
    for att in message.attachments:
        key = key_of(att.filename)
        if key is not None:
            return key, att
    return None


class RendererCore:
    """The renderer's settings and memory, and what every part of it uses: drawing a screen
    (once per version), a message's writer, a channel's writer, the turns background writes
    take, and the tasks that :meth:`flush` waits for."""

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
        picture: PictureFn | None = None,
    ) -> None:
        self.client = client
        self.picture_for = picture  # None: tables show no pictures
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
        self._channels: dict[int, ChannelWriter] = {}
        self._turns = Turns(client)  # when background writes go, and the flush's hurry
        self._private_tasks: set[asyncio.Task[None]] = set()
        # the screens drawn lately, each with what it was drawn from (:func:`_basis`)
        self._drawn: dict[int, tuple[Basis, Screen]] = {}
        self._drawn_private: dict[tuple[int, int], tuple[Basis, Screen]] = {}
        # the public messages (renderer.py)
        self._shown: dict[int, Shown] = {}
        # pictures: the one each table wants now, the PNGs drawn lately (by key, newest last),
        # the picture each table's message carries (its key and attachment; None: none, or
        # none to keep) as the bot's writes left it (no entry: not known), and pictures that
        # failed to draw
        self._wanted: dict[int, Wanted] = {}
        self._png: dict[str, bytes] = {}
        self._on_message: dict[int, tuple[int, tuple[str, discord.Attachment] | None]] = {}
        self._broken: set[str] = set()
        self._pictured_at: dict[int, float] = {}  # table -> when its last picture went up
        self._tables: dict[int, Table] = {}  # tables with a public write pending
        self._due: dict[int, float] = {}  # table -> when to bring its message up to date
        self._table_tasks: dict[int, asyncio.Task[None]] = {}
        self._tokens: dict[int, EditToken] = {}  # table -> the freshest token of its message
        self._last_edit: dict[int, float] = {}
        # opening tokens whose @original answered 404 -> when they were given (they expire)
        self._dead_tokens: dict[str, float] = {}
        self._waiting_since: dict[int, list[tuple[int, float, str]]] = {}  # lag measurement
        # the private views (private.py)
        self._views_read: set[int] = set()  # tables whose private views are all in memory
        self._private_seen: dict[tuple[int, int], str] = {}  # (table, user) -> fingerprint
        self._view_tokens: dict[int, dict[int, EditToken]] = {}  # table -> user -> token
        self._private_dirty: dict[tuple[int, int], Table] = {}
        self._view_tasks: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._expiries: dict[tuple[int, int], asyncio.TimerHandle] = {}  # see _set_view_token
        # what the messages show, stored for the next start (restarts.py)
        self._to_store: dict[int, str] = {}
        self._to_store_private: dict[tuple[int, int, str], str] = {}
        # private views that a click's younger token edits now: (table, user, stored token)
        # -> (application, younger token, when): stored with what they show, so that after a
        # restart a view kept alive by clicks is still edited (its first token expires)
        self._to_store_tokens: dict[tuple[int, int, str], tuple[int, str, float]] = {}
        self._store_task: asyncio.Task[None] | None = None
        self._resync_task: asyncio.Task[None] | None = None
        # threads (threads.py)
        self._reopened: dict[int, float] = {}  # thread -> when the bot last reopened it
        # threads the bot joined (or asked to) since it started: the latest JOINED_KEPT
        self._joined: dict[int, None] = {}
        self._unlisted: dict[int, discord.Thread] = {}  # see seen_in
        # play-by-play threads (playbyplay.py): when each server switched them on (None: off)
        self.thread_since: Callable[[int], float | None] = lambda guild_id: None
        self.thread_pace = PACE  # seconds between two messages in one thread
        self._follows: dict[int, Follow] = {}  # table -> its thread, followed
        self._no_thread: set[int] = set()  # playing tables known to have none
        self._threads_loaded = False  # the last run's threads are read (resume_threads)
        self._follow_later: dict[int, Table] = {}  # tables changed before that
        # channels that refuse the bot (notices.py)
        self._refused: dict[int, tuple[str, ...]] = {}  # table -> what its channel lacks (told)
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
        if self.picture_for is not None:
            with speaking(SPEAKERS.table(table.row.guild_id)):  # its captions: the server's
                wanted = self.picture_for(table)
            if wanted is None or wanted.key in self._broken:
                self._wanted.pop(table.id, None)
                screen = screen.pictured(None)
            else:
                self._wanted[table.id] = wanted
                screen = screen.pictured(Shot(wanted.key))
        self._drawn[table.id] = (_basis(table), screen)
        return screen

    # -- pictures -------------------------------------------------------------------------
    def dress(
        self,
        table: Table,
        screen: Screen,
        clicked: discord.Message | None = None,
    ) -> Screen:
        """``screen`` (the table's, drawn by :meth:`draw`) as it can go out now: with the
        picture it wants if that is drawn (uploaded) or on the message already (kept), else
        with the picture the message has (until the new one is drawn: :meth:`draw_picture`).
        ``clicked``: the table's message as a click brought it: an answer never uploads (a
        file would slow it), it keeps what the message shows."""
        shot = screen.shot
        if not screen.public or shot is None:
            return screen
        if clicked is not None and clicked.id != table.row.message_id:
            return screen.pictured(None)  # another message (a private one) shows this screen
        on = self._picture_on(table, clicked)
        if on is not None and on[0] == shot.key:
            return screen.pictured(Shot(shot.key, keep=on[1]))
        png = self._png.get(shot.key)
        if png is not None and clicked is None:
            return screen.pictured(Shot(shot.key, png=png))
        if on is not None:
            return screen.pictured(Shot(on[0], keep=on[1]))
        return screen.pictured(None)

    def _picture_on(
        self, table: Table, clicked: discord.Message | None
    ) -> tuple[str, discord.Attachment] | None:
        """The picture the table's message carries (its key and attachment; None: none, or
        none that may be listed), as far as known: as the bot's last write of it left it, else
        (nothing known: after a start) as the message a click brought has it.

        The bot's own writes come first: a click carries the message as it was when clicked,
        and an edit of the bot's may have replaced or removed its picture since (every write
        of the message holds its writer, so none lands between the last one and the answer
        that reads this)."""
        known = self._on_message.get(table.id)
        if known is not None and known[0] == table.row.message_id:
            return known[1]
        if clicked is not None and clicked.id == table.row.message_id:
            return _picture_in(clicked)
        return None

    def wrote(self, table: Table, message: discord.Message | discord.WebhookMessage) -> None:
        """The bot wrote the table's message and Discord answered with it: note its picture
        (none too: a click that comes with the picture it had is not to keep it)."""
        self._on_message[table.id] = (message.id, _picture_in(message))

    def kept(self, table: Table, message_id: int, screen: Screen) -> None:
        """A click's answer (``screen``, dressed by :meth:`dress`) landed on the table's
        message: the message carries what it listed, the picture it kept or none (an answer
        uploads nothing, and Discord took the edit). After a start this is how the renderer
        learns the picture its message has, and keeps it until the new one is drawn."""
        if not screen.public:
            return  # it left the message's attachments as they were
        shot = screen.shot
        kept = (shot.key, shot.keep) if shot is not None and shot.keep is not None else None
        self._on_message[table.id] = (message_id, kept)

    def unheard(self, table: Table, message_id: int) -> None:
        """An edit of the table's message got no answer that says whether it landed (the
        connection failed, a server error): the message carries its picture or the one before,
        and a click may bring either. Answers keep none until the next write says (Discord
        takes that whatever the message has), and the renderer uploads the picture anew."""
        self._on_message[table.id] = (message_id, None)

    def picture_pause(self, table: Table) -> float:
        """Seconds to wait before the table's message is edited for its picture alone: the
        text it shows is the table's (an answer showed it) and a picture went up less than
        :data:`PICTURE_EVERY` ago. 0: edit now (the text is behind too, or a flush hurries)."""
        last = self._pictured_at.get(table.id)
        shown = self._shown.get(table.id)
        if last is None or shown is None or self._turns.hurry.is_set():
            return 0.0
        if shown.message_id != table.row.message_id or table.status == "ended":
            return 0.0
        drawn = self.draw(table)
        if shown.text != drawn.text_fingerprint() or shown.fingerprint == drawn.fingerprint():
            return 0.0  # its text is behind too, or nothing is
        return max(0.0, last + PICTURE_EVERY - asyncio.get_running_loop().time())

    async def draw_picture(self, table: Table) -> None:
        """Draw the picture the table wants now, if it is not drawn or on its message already:
        in the drawing process (bot/art/picture.py), off the event loop, before the edit that
        uploads it."""
        wanted = self._wanted.get(table.id)
        if wanted is None:
            return
        key = wanted.key
        on = self._picture_on(table, None)
        if key in self._png or key in self._broken or (on is not None and on[0] == key):
            return
        try:
            png = await render_apart(wanted.picture, four_colour=wanted.four_colour)
        except Exception:
            log.exception("table #%s: its picture could not be drawn; text only", table.id)
            self._broken.add(key)
            self._drawn.pop(table.id, None)
            return
        self._png[key] = png
        while len(self._png) > PNG_KEPT:
            del self._png[next(iter(self._png))]

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

    # -- when background writes go (bot/render/turns.py) --------------------------------
    async def _after_answers(self) -> None:
        """Wait for the clicks being answered, and for this write's turn
        (:meth:`Turns.after_answers`)."""
        await self._turns.after_answers()

    async def _sleep(self, delay: float) -> None:
        """Sleep, unless :meth:`flush` hurries everything (:meth:`Turns.sleep`)."""
        await self._turns.sleep(delay)

    # -- the tasks it runs ----------------------------------------------------------------
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
        self._turns.hurry.set()
        self._turns.wake_all()
        try:
            while tasks := self._running():
                for c in self._channels.values():
                    c.hurry()
                await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            self._turns.hurry.clear()
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

    # -- what one part calls in another: declared here so that each part type-checks on its
    # own; the module named at the right defines it (and wins: it comes first in Renderer's MRO)
    def on_change(self, change: Change) -> None:  # renderer.py
        raise NotImplementedError

    def request(self, table: Table, *, at_once: bool = False) -> None:  # renderer.py
        raise NotImplementedError

    def _settle(self, table: Table) -> None:  # renderer.py
        raise NotImplementedError

    def _forget_table(self, table: Table) -> None:  # renderer.py
        raise NotImplementedError

    def refresh_private(self, table: Table) -> None:  # private.py
        raise NotImplementedError

    def _view_screen(self, table: Table, user_id: int) -> Screen | None:  # private.py
        raise NotImplementedError

    async def _read_views(self, table_id: int) -> bool:  # private.py
        raise NotImplementedError

    async def _reopen(self, table: Table) -> bool:  # threads.py
        raise NotImplementedError

    def _tell_privately(self, table_id: int, text: str) -> None:  # notices.py
        raise NotImplementedError

    def _tell_pending(self, table_id: int, app_id: int, token: str) -> None:  # notices.py
        raise NotImplementedError

    def _store_soon(self) -> None:  # restarts.py
        raise NotImplementedError

    async def store_shown(self) -> None:  # restarts.py
        raise NotImplementedError
