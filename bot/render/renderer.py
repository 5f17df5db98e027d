"""The renderer proper: what a table's public message shows, and when it is brought up to date.

A change asks for an edit after a short debounce and at most one per ``interval``; the table
waiting for its turn keeps only its newest state, so a burst of changes costs one edit. Before an
edit goes out, the screen is compared with what the message shows (a fingerprint per screen), and
an edit that would change nothing is not sent. A table without a message finds it again or is
posted anew; an older copy of it is retired.

:class:`Renderer` is put together here from its parts: the private views (private.py), the
threads (threads.py), the notices for a channel that refuses the bot (notices.py), what was
shown, across restarts (restarts.py), and the spectators' play-by-play threads (playbyplay.py),
over the memory they share (core.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable

import discord
from discord.http import handle_message_parameters

from bot.i18n import SPEAKERS, speaking
from bot.render.budgets import EDIT_ROUTE, POST_ROUTE, TOKEN_LIFE, EditToken
from bot.render.core import (
    THREAD_ARCHIVED,
    THREAD_IS_LOCKED,
    UNKNOWN_CHANNEL,
    RendererCore,
    Shown,
)
from bot.render.notices import Notices
from bot.render.playbyplay import PlayByPlay
from bot.render.private import PrivateViews
from bot.render.restarts import ENDED, Restarts
from bot.render.threads import Threads
from bot.tables import Change, Table
from bot.ui.common import Screen, moved_screen

log = logging.getLogger(__name__)


class Renderer(PrivateViews, Threads, Notices, Restarts, PlayByPlay, RendererCore):
    """Keeps every table's public message and its players' private views in step with the
    table, within Discord's rate limits (the package's docstring says how)."""

    def on_change(self, change: Change) -> None:
        table = change.table
        if self.stats.measure:
            self._note_change(table)
        self.request(table)
        self.refresh_private(table)
        self.follow(table)

    def request(self, table: Table, *, at_once: bool = False, after: float = 0.0) -> None:
        """Bring the table's public message up to date soon (after the debounce; ``after``:
        not before that many seconds)."""
        self._tables[table.id] = table
        now = asyncio.get_running_loop().time()
        due = now + max(after, 0.0 if at_once else self.debounce)
        due = max(due, self._last_edit.get(table.id, -1e9) + self.interval)
        queued = self._due.get(table.id)
        self._due[table.id] = due if queued is None else min(queued, due)
        task = self._table_tasks.get(table.id)
        if task is None or task.done():
            self._table_tasks[table.id] = asyncio.create_task(self._table_loop(table.id))

    def redraw(self, table: Table) -> None:
        """Draw the table's message again soon, though the table did not change (how its cards
        look did: ``/settings images``)."""
        self._drawn.pop(table.id, None)
        shown = self._shown.get(table.id)
        if shown is not None:
            shown.version = -1
        self.request(table)

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
        if screen.public and version == table.version and fp != self.draw(table).fingerprint():
            version = -1  # it went out without the picture it wants (not drawn yet): not current
        self._shown[table.id] = Shown(message_id, fp, version, screen.text_fingerprint())
        # "the end is up" only for a screen drawn from the ended table: one drawn before the
        # end that lands after it is stored as what it is (the end screen follows it)
        ended = table.status == "ended" and version >= table.version
        self._to_store[table.id] = ENDED if ended else fp
        self._store_soon()
        if self.stats.measure:
            self._note_landed(table.id, version, fp)

    async def _table_loop(self, table_id: int) -> None:
        loop = asyncio.get_running_loop()
        while (due := self._due.get(table_id)) is not None:
            if due > loop.time() and not self._turns.hurry.is_set():
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
        if (pause := self.picture_pause(table)) > 0:  # only its picture is behind: soon
            self.request(table, after=pause)
            return
        if tok is None:  # counted once it is sent (below): the writer may make it wait
            await self._channel(table.row.channel_id).gate(
                "PATCH", EDIT_ROUTE, spend=False, message_id=table.row.message_id
            )
        else:
            await tok.gate()
        await self.draw_picture(table)  # in the drawing process, before the writer is taken
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
            wanted, screen = fp, self.dress(table, screen)
            sent: discord.Message | discord.WebhookMessage
            try:
                if tok is not None:
                    sent = await self._sent(table, message_id, tok.edit(self.client, screen))
                    self.unhide(table, sent)
                else:
                    # no wait here but in the rare case that a new table's post took the room
                    await self._channel(table.row.channel_id).gate(
                        "PATCH", EDIT_ROUTE, message_id=message_id
                    )
                    channel = self.client.get_partial_messageable(table.row.channel_id)
                    edit = channel.get_partial_message(message_id).edit(**screen.kwargs())
                    sent = await self._sent(table, message_id, edit)
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
            if screen.shot is not None and screen.shot.png is not None:
                self._pictured_at[table.id] = self._last_edit[table.id]
            self.landed(table, message_id, screen, version)
        if table.version > version or screen.fingerprint() != wanted:
            self.request(table)  # newer, or its picture is still being drawn
        else:
            self._settle(table)

    async def _sent(
        self,
        table: Table,
        message_id: int,
        edit: Awaitable[discord.Message | discord.WebhookMessage],
    ) -> discord.Message | discord.WebhookMessage:
        """Send an edit of the table's message and note the picture Discord says it carries
        (:meth:`wrote`); an edit whose outcome nobody answered (the connection failed, a
        server error) may have landed (:meth:`unheard`)."""
        try:
            sent = await edit
        except discord.HTTPException as err:
            if err.status >= 500:
                self.unheard(table, message_id)
            raise
        except BaseException:
            self.unheard(table, message_id)
            raise
        self.wrote(table, sent)
        return sent

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
            for d in (
                self._tokens,
                self._drawn,
                self._shown,
                self._last_edit,
                self._table_tasks,
                self._wanted,
                self._on_message,
                self._pictured_at,
            ):
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
                screen = self.dress(table, self.draw(table))  # with its picture, if drawn
                channel = self.client.get_partial_messageable(table.row.channel_id)
                try:
                    sent = await channel.send(**screen.kwargs(new=True))
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
                self.wrote(table, sent)
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
            with speaking(SPEAKERS.table(table.row.guild_id)):  # a public message
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
