"""Spectators' play-by-play: where a server switched it on (``/settings thread``), a table that
starts a game opens a public thread on its message and posts its public log there, the drinks
as the table shows them, and at the end the end screen (who won, the drinks, the seed).

The thread's content is a function of the action log: each batch reads the moves made since the
last one from the store, plays them on a copy of the game (bot/replay.py) and writes their lines
(bot/ui/playbyplay.py), never from what a click's answer showed. The thread's id and the last
step posted there are stored after each post lands, so a restart goes on from the next step: a
kill between a post and its record may post that one message again, never lose one.

Decisions:
- Only tables started since the server switched it on get a thread (stored as the time it was
  switched on), so a restart knows which playing tables should have one; switching it off stops
  new threads, while the threads of tables under way go on to their end.
- Background only: nothing here runs on a click's answer path. A batch goes after the clicks
  being answered, through the thread's channel writer (its budget and Discord's bucket), at
  most one message every :data:`bot.render.core.PACE` seconds per thread, each holding as many whole lines as
  fit in 2000 characters; lines that wait for their turn are gathered into one message.
- The thread is Discord's "Start Thread from Message" on the table's message (so it sits under
  the table, and shares the message's id), auto-archived an hour after its last message: left
  open at the end for the after-game chat, archived by Discord, which needs no Manage Threads.
  A message sent to an archived thread reopens it.
- No thread where Discord has none: a table in a thread or forum post (no threads in threads),
  or in a voice channel's chat. Where Barkeep lacks Create Public Threads or Send Messages in
  Threads, no request is made (a refusal counts toward Discord's invalid-request limit): the log
  says why once, the host is told once when they press Start (:meth:`PlayByPlay.start_notice`,
  from the permissions Discord sends with the click), and the game goes on.
- A thread Discord no longer takes messages in (deleted, locked) is given up, as is one whose
  table has ended once its end is posted; the record stays, so neither is tried again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

import discord

from bot.config import PERMISSIONS, THREAD_PERMISSIONS
from bot.engines import takeback
from bot.i18n import SPEAKERS, speaking, tr
from bot.render.budgets import POST_ROUTE
from bot.render.core import (
    THREAD_ARCHIVED,
    THREAD_IS_LOCKED,
    UNKNOWN_CHANNEL,
    Follow,
    RendererCore,
)
from bot.render.permissions import THREAD_SEND, bot_permissions, named
from bot.replay import RecordRefused, deal, play
from bot.tables import Table
from bot.ui import playbyplay as lines

log = logging.getLogger(__name__)

ARCHIVE_AFTER: Literal[60] = 60  # minutes without a message before Discord archives the thread
THREAD_ROUTE = "/channels/{channel_id}/messages/{message_id}/threads"
THREAD_EXISTS = 160004  # "A thread has already been created for this message"
# what the bot needs in the table's channel for a thread (by discord.Permissions' names)
NEEDED = {
    "view_channel": PERMISSIONS["view_channel"],
    **THREAD_PERMISSIONS,
    THREAD_SEND: PERMISSIONS[THREAD_SEND],
}


def thread_lacks(perms: discord.Permissions) -> list[str]:
    """Of what a play-by-play thread needs, what ``perms`` (the bot's in a channel) lack."""
    return [name for attr, name in NEEDED.items() if not getattr(perms, attr)]


def no_thread_text(table_id: int, channel_id: int, missing: list[str]) -> str:
    """What the host reads when their table gets no play-by-play thread for want of a
    permission (in the language drawn)."""
    return "\u26a0\ufe0f " + tr(
        "screens-no-thread", table=str(table_id), missing=named(missing), channel=str(channel_id)
    )


def has_threads(channel: object) -> bool:
    """Whether Discord lets a thread start from a message in ``channel``: a text or
    announcement channel (not a thread, a forum post, or a voice channel's chat)."""
    return isinstance(channel, discord.TextChannel)


class PlayByPlay(RendererCore):
    """The renderer's part that keeps each table's play-by-play thread."""

    def thread_wanted(self, table: Table) -> bool:
        """Whether ``table`` should have a play-by-play thread: started (not a lobby) since its
        server switched them on."""
        since = self.thread_since(table.row.guild_id)
        started = table.row.started_at
        return since is not None and started is not None and started >= since

    def start_notice(self, table: Table, channel: object, perms: discord.Permissions) -> str | None:
        """For the host who just pressed Start: why this table gets no thread, if it should
        have one and Barkeep lacks a permission for it there (``perms``: the bot's, as Discord
        sent them with the click); else None."""
        if not self.thread_wanted(table) or not has_threads(channel):
            return None
        missing = thread_lacks(perms)
        if not missing:
            return None
        with speaking(SPEAKERS.reader(table.row.host_id, table.row.guild_id)):  # the host's
            return no_thread_text(table.id, table.row.channel_id, missing)

    # -- following the tables -------------------------------------------------------------
    def follow(self, table: Table) -> None:
        """A table changed: its thread (if it has one) gets the new lines soon; a game that just
        started opens one, if it should."""
        if not self._threads_loaded:
            self._follow_later[table.id] = table  # :meth:`resume_threads` sees to it
            return
        f = self._follows.get(table.id)
        if f is not None:
            f.table = table
            if f.thread_id is not None:
                self._post_soon(f)
            return
        if table.status != "playing" or table.id in self._no_thread:
            if table.status == "ended":
                self._no_thread.discard(table.id)
            return
        if not self.thread_wanted(table):
            self._no_thread.add(table.id)
            return
        if table.row.message_id is None:
            return  # its message is being posted: the next change starts the thread
        f = self._follows[table.id] = Follow(table)
        loop = asyncio.get_running_loop()
        self._channel(table.row.channel_id).add(
            ("thread", table.id), loop.time(), lambda: self._start_thread(f)
        )

    async def resume_threads(self) -> None:
        """At start-up, once the open tables are loaded: go on with every thread the last run
        left (from the step after the last one posted), and start those the playing tables
        should have."""
        try:
            async with self.service.store.reading() as q:
                rows = await q.play_threads()
        except Exception:
            log.exception("could not read the play-by-play threads; none go on in this run")
            rows = []
        known: set[int] = set()
        for table_id, thread_id, step, done in rows:
            known.add(table_id)
            if done or thread_id is None:
                self._no_thread.add(table_id)
                continue
            table = self.service.in_memory(table_id) or await self.service.get(table_id)
            if table is None:
                continue
            f = self._follows[table_id] = Follow(table, thread_id, step)
            self._post_soon(f)
        self._threads_loaded = True
        early, self._follow_later = self._follow_later, {}
        for table in self.service.open_tables():
            if table.id not in known:
                self.follow(early.pop(table.id, table))
        for table in early.values():
            self.follow(table)

    def _post_soon(self, f: Follow) -> None:
        """Post the thread's next message when its turn comes (``thread_pace`` after the last)."""
        assert f.thread_id is not None
        loop = asyncio.get_running_loop()
        due = max(loop.time() + self.debounce, f.last_post + self.thread_pace)
        self._channel(f.thread_id).add(("play", f.table.id), due, lambda: self._post(f))

    def _unfollow(self, f: Follow) -> None:
        if self._follows.get(f.table.id) is f:
            del self._follows[f.table.id]
        self._no_thread.add(f.table.id)
        if f.table.status == "ended":
            self._no_thread.discard(f.table.id)

    async def _record(self, table_id: int, thread_id: int | None, step: int, done: bool) -> None:
        try:
            async with self.service.store.transaction() as tx:
                await tx.set_play_thread(table_id, thread_id, step, done)
        except Exception:
            log.exception("could not record the play-by-play thread of table #%s", table_id)

    # -- the thread -----------------------------------------------------------------------
    async def _start_thread(self, f: Follow) -> None:
        """Start the table's thread on its message (called by its channel's writer)."""
        table = f.table
        channel = self.client.get_channel(table.row.channel_id)
        message_id = table.row.message_id
        if message_id is None or table.status == "ended":
            # its message lost meanwhile (found or posted anew at the next change), or a game
            # over before its thread could start: none
            self._follows.pop(table.id, None)
            if table.status == "ended":
                await self._record(table.id, None, -1, True)
            return
        if not has_threads(channel):
            log.info("table #%s: no play-by-play thread (its channel can't have threads)", table.id)
            await self._no_thread_here(f)
            return
        assert isinstance(channel, discord.TextChannel)
        missing = thread_lacks(bot_permissions(channel, channel.guild.me))
        if missing:
            log.warning(
                "table #%s: no play-by-play thread: Barkeep lacks %s in channel %s",
                table.id,
                ", ".join(missing),
                channel.id,
            )
            await self._no_thread_here(f)
            return
        writer = self._channel(channel.id)
        await self._after_answers()
        await writer.gate("POST", THREAD_ROUTE, message_id=message_id)
        try:
            with speaking(SPEAKERS.table(table.row.guild_id)):
                name = lines.thread_name(table)
            thread = await channel.get_partial_message(message_id).create_thread(
                name=name, auto_archive_duration=ARCHIVE_AFTER
            )
            thread_id = thread.id
        except discord.HTTPException as err:
            if err.code == THREAD_EXISTS:  # started by the last run, which died before its record
                thread_id = message_id
            elif isinstance(err, discord.NotFound) and err.code != UNKNOWN_CHANNEL:
                log.info("table #%s: its message is gone; the thread waits for the next", table.id)
                self._follows.pop(table.id, None)
                return
            else:
                log.warning("table #%s: no play-by-play thread: %s", table.id, err)
                if isinstance(err, discord.Forbidden):
                    with speaking(SPEAKERS.table(table.row.guild_id)):  # whoever clicks next
                        text = no_thread_text(table.id, channel.id, list(NEEDED.values()))
                    self._tell_privately(table.id, text)
                await self._no_thread_here(f)
                return
        f.thread_id = thread_id
        await self._record(table.id, thread_id, -1, False)
        log.info("table #%s: play-by-play in thread %s", table.id, thread_id)
        self._post_soon(f)

    async def _no_thread_here(self, f: Follow) -> None:
        self._unfollow(f)
        await self._record(f.table.id, None, -1, True)

    async def _post(self, f: Follow) -> None:
        """Post the thread's next message: the lines of the moves since the last one, as many
        as fit, or, once they are all out and the table has ended, its end screen."""
        if self._follows.get(f.table.id) is not f or f.thread_id is None:
            return
        await self._after_answers()
        table = f.table
        try:
            await self._work_out(f)
        except Exception:
            log.exception("table #%s: its play-by-play can't be worked out; stopped", table.id)
            self._unfollow(f)
            return
        with speaking(SPEAKERS.table(table.row.guild_id)):  # the thread is public
            first = lines.header(table) if f.step < 0 else None
            out = lines.messages(f.pending, table.names(), first, f.part)
        if not out and f.pending:  # steps with no public line: nothing to post for them
            f.step, f.part = f.pending[-1][0], 0
            f.pending.clear()
        writer = self._channel(f.thread_id)
        thread = self.client.get_partial_messageable(f.thread_id)
        ended = table.status == "ended" and not f.pending and f.computed >= table.row.seq
        if not out and not ended:
            return
        await writer.gate("POST", POST_ROUTE)
        try:
            if out:
                text, upto, part = out[0]
                await thread.send(content=text)
            else:
                upto = f.step
                with speaking(SPEAKERS.table(table.row.guild_id)):
                    screen = self.public_for(table.row.game)(table)
                await thread.send(embed=screen.embed)
        except discord.HTTPException as err:
            await self._refused_thread(f, err)
            return
        f.last_post = asyncio.get_running_loop().time()
        if out:
            f.step, f.part = max(f.step, upto), part
            f.pending = [(s, ls) for s, ls in f.pending if s > upto]
        await self._record(table.id, f.thread_id, f.step, not out)
        if not out:
            log.info("table #%s: its play-by-play is over", table.id)
            self._unfollow(f)
            return
        if f.pending or table.status == "ended" or f.computed < table.row.seq:
            self._post_soon(f)

    async def _refused_thread(self, f: Follow, err: discord.HTTPException) -> None:
        """Discord did not take a message in the thread: given up where it never will (the
        thread deleted or locked, the bot without access), else tried at the next change."""
        table_id = f.table.id
        if err.code in (UNKNOWN_CHANNEL, THREAD_IS_LOCKED, THREAD_ARCHIVED) or isinstance(
            err, discord.Forbidden
        ):
            log.warning(
                "table #%s: its play-by-play thread refuses it (%s); stopped", table_id, err
            )
            self._unfollow(f)
            await self._record(table_id, f.thread_id, f.step, True)
            return
        log.info(
            "table #%s: play-by-play message not posted (%s); tried again later", table_id, err
        )

    async def _work_out(self, f: Follow) -> None:
        """Read the moves made since the last step worked out, play them on the game's copy,
        and add their lines to those waiting (bot/ui/playbyplay.py)."""
        table = f.table
        if f.state is not None and f.computed >= table.row.seq:
            return
        engine = table.engine
        start = max(f.step, 0) if f.state is None else f.computed
        newest = max(f.step, f.computed)  # the last step whose lines are posted or waiting
        async with self.service.store.reading() as q:
            moves = await q.actions_with_seq(table.id, 0 if f.state is None else f.computed)
            if f.state is not None and moves and takeback.is_take_back(moves[0][2]):
                # it takes back the move worked out last time, whose state before is gone
                # here: the game is played again from the deal (take-backs are rare)
                f.state = None
                moves = await q.actions_with_seq(table.id, 0)
            rows = await q.table_drinks_after(table.id, start)
        user_of = lines.users(table)
        done: list[tuple[int, int | None, Any, list[Any]]] = []
        if f.state is None:  # not replayed in this process yet (or again): from the deal
            state, opening = deal(engine, lines.players(table), table.row.seed, table.row.options)
            if f.step < 0:
                done.append((0, None, None, opening))
            f.state, f.computed = state, 0
        try:
            for seq, seat, action, state, events in play(engine, f.state, moves):
                f.state, f.computed = state, seq
                if seq > newest:
                    done.append((seq, seat, action, events))
        except RecordRefused as err:
            raise RuntimeError(f"its action log does not replay: {err}") from err
        f.pending += lines.steps_lines(done, rows, user_of)
