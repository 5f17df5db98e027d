"""The threads and channels tables live in: joined, reopened when archived, and the tables
closed where Discord won't let them go on.

Discord lets only a thread's members reopen it by editing it, so the bot joins a table's thread.
An archived thread is reopened (a clock does not keep it open as a click does); a locked one, or
one Discord won't let the bot reopen, closes its tables rather than let their clocks play on
where nobody can see or answer them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.config import PERMISSIONS
from bot.i18n import SPEAKERS, speaking, tr
from bot.render.core import RendererCore
from bot.render.permissions import THREAD_SEND, bot_permissions, named
from bot.tables import CHANNEL_DELETED, THREAD_LOCKED, THREAD_SHUT, Table

log = logging.getLogger(__name__)

REOPEN_EVERY = 60.0  # seconds: a thread archived again this soon is left to the next change
UNLISTED_KEPT = 100  # threads known only by their interactions (see Threads.seen_in)
JOINED_KEPT = 1000  # threads remembered as joined (one forgotten is asked to join again)


class Threads(RendererCore):
    """The renderer's part that looks after the threads and channels its tables are in."""

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
        number = str(table_id)
        cant_join = "\U0001f512 " + tr(
            "screens-cant-join", table=number, me=me, view=named([PERMISSIONS["view_channel"]])
        )
        if not isinstance(thread, discord.Thread):
            return cant_join
        parent, member = thread.parent, thread.guild.me
        perms = (
            bot_permissions(parent, member) if parent is not None and member is not None else None
        )
        if perms is not None and perms.view_channel:
            if thread.type == discord.ChannelType.private_thread:
                return "\U0001f512 " + tr("screens-not-in-thread", table=number, me=me)
            return cant_join
        what = [PERMISSIONS["view_channel"]]
        if perms is not None and not perms.send_messages_in_threads:
            what.append(PERMISSIONS[THREAD_SEND])
        return "\U0001f512 " + tr(
            "screens-hidden-parent", table=number, parent=f"<#{thread.parent_id}>", what=named(what)
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
                with speaking(SPEAKERS.table(table.row.guild_id)):  # the thread's public
                    reopened = "\U0001f513 " + tr("screens-reopened", table=str(table.id))
                await thread.send(reopened, silent=True)
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
        me = thread.guild.me if thread is not None else None
        missing = []
        if thread is not None and me is not None:
            perms = bot_permissions(thread, me)
            missing = [
                PERMISSIONS[a] for a in ("view_channel", THREAD_SEND) if not getattr(perms, a)
            ]
        closed = await self.service.close_where(
            lambda row: row.channel_id == channel_id, THREAD_SHUT
        )
        for change in closed:
            # told in the server's language: whoever clicks next on the table reads it
            with speaking(SPEAKERS.table(change.table.row.guild_id)):
                remedy = (
                    " "
                    + tr(
                        "screens-shut-remedy",
                        parent=f"<#{thread.parent_id}>",
                        missing=named(missing),
                    )
                    if missing and thread is not None
                    else ""
                )
                text = "\U0001f5c4\ufe0f " + tr(
                    "screens-shut", table=str(change.table.id), remedy=remedy
                )
            self._tell_privately(change.table.id, text)

    async def _channel_gone(self, table: Table) -> None:
        """Discord no longer knows the table's channel: the table closes (if the deletion's
        event has not closed it already), and nothing more is sent there."""
        log.info("table #%s: its channel is gone", table.id)
        if table.status == "ended":  # its end screen can't land: nothing more to show
            self._forget_table(table)
            return
        await self.service.close_where(lambda row: row.id == table.id, CHANNEL_DELETED)
