"""Turn pings: a table that waits on particular players mentions them in a short message of its
own, unless the server switched pings off (``/settings pings``).

Edits notify nobody, so a ping must be a new message. Decisions:
- A ping is a nudge: it goes out when a clock that waits on named players (an engine ``Timer``
  with seats: a War loser's choice, a Tarok turn) has run for ``PING_AFTER`` seconds (at most
  half the time it had left) and still waits. A player who acts at once is never pinged, so a lively table
  makes no pings at all. The player who just acted is not pinged: they are at the table
  already. A clock nobody in particular owns (the dealer's flip) pings nobody.
- One ping per table at a time: the previous one is deleted when the next goes out and when the
  table ends, so a channel holds at most one ping per table. Which one it is is stored, so a
  restart keeps that (and the next start nudges those the open tables still wait on). The
  record goes only once Discord deleted the ping or no longer has it (404): a delete it
  refuses (the bot kicked mid-game, the channel hidden from it) is tried again with the next
  ping, or, the table ended, when the server is back (:meth:`TurnPings.retry`) and at the next
  start.
- The message mentions exactly those players (no one else is named in it; allowed mentions
  permit users only) and links the table.
- On by default (whose move it is must reach the player's phone); a server that finds them
  noisy turns them off with ``/settings pings``.
- Not sent where the bot knows it may not post (no Send Messages there, or Send Messages in
  Threads in a thread): Discord would refuse each one, and refusals count toward its limit on
  invalid requests.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

import discord

from bot.i18n import SPEAKERS, game_title, t
from bot.render import may_post
from bot.tables import Change, Table, TableService, message_link

log = logging.getLogger(__name__)


PING_AFTER = 10.0  # seconds a clock waits on a player before they are pinged
REFUSED_FOR = 600.0  # seconds a channel that refused a ping gets none (see _ping)


class TurnPings:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        party: Any,
        after: float = PING_AFTER,
    ) -> None:
        self.client = client
        self.party = party
        self.after = after
        self.clock = service.clock
        self.service = service
        self._waiting: dict[int, set[str]] = {}  # table -> clocks seen that wait on players
        self._last: dict[int, int] = {}  # table -> its ping's message id
        # ended table -> (server, channel, message) of its ping, whose delete Discord refused
        self._leftover: dict[int, tuple[int | None, int, int]] = {}
        self._refused: dict[int, float] = {}  # channel -> until when it gets no ping (loop time)
        # a table's ping lock lives while a ping holds or awaits it, as the table service's do
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._tasks: set[asyncio.Task[None]] = set()
        # table -> clock -> its nudge not yet due: a timer, not a sleeping task, dropped as soon
        # as the clock stops waiting (a lively table acts long before its nudges are due)
        self._nudges: dict[int, dict[str, asyncio.TimerHandle]] = {}
        service.listeners.append(self.on_change)

    async def resume(self) -> None:
        """At start-up, once the open tables are loaded: take over the pings the last run left
        (an open table's is deleted when its next goes out; an ended one's now), and nudge the
        players the open tables wait on, as if their clocks had just started."""
        store = self.service.store
        async with store.reading() as q:
            left = await q.pings()
        for table_id, channel_id, message_id, ended in left:
            if not ended:
                self._last[table_id] = message_id
                continue
            self._spawn(self._retire(table_id, channel_id, message_id))
        now = self.clock.now()
        for table in self.service.open_tables():
            overdue = any(t.due_at <= now for t in table.timers.values())
            if table.status == "playing" and not overdue:  # (an overdue clock fires at once)
                self.on_change(Change(table, [], None))

    def retry(self, guild_id: int) -> None:
        """A server is back (the bot added again, or after an outage): delete the pings of its
        ended tables that Discord refused to delete before."""
        for table_id, (where, channel_id, message_id) in list(self._leftover.items()):
            if where == guild_id:
                del self._leftover[table_id]
                self._spawn(self._retire(table_id, channel_id, message_id, where))

    async def _retire(
        self, table_id: int, channel_id: int, message_id: int, guild_id: int | None = None
    ) -> None:
        """Delete the ping of a table that has ended (one the last run left, or one Discord
        refused to delete before); refused again, it is kept for :meth:`retry`."""
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            if await self._delete(table_id, channel_id, message_id):
                await self._record(table_id, channel_id, None)
                return
            if guild_id is None:
                table = await self.service.get(table_id)
                guild_id = table.row.guild_id if table is not None else None
            self._leftover[table_id] = (guild_id, channel_id, message_id)

    async def _delete(self, table_id: int, channel_id: int, message_id: int) -> bool:
        """Delete a table's ping: whether it is gone (deleted, or Discord no longer has it or
        its channel: 404). False: refused (403: the bot kicked, the channel hidden from it;
        the channel then gets no ping for a while, as after a refused ping) or failed, and
        still there."""
        try:
            channel = self.client.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            return True
        except discord.HTTPException as err:
            log.info("turn ping of table #%s not deleted: %s", table_id, err)
            if isinstance(err, discord.Forbidden):
                self._refused[channel_id] = asyncio.get_running_loop().time() + REFUSED_FOR
            return False
        self._refused.pop(channel_id, None)  # the channel takes the bot's requests again
        return True

    async def _record(self, table_id: int, channel_id: int, message_id: int | None) -> None:
        try:
            async with self.service.store.transaction() as tx:
                await tx.set_ping(table_id, channel_id, message_id)
        except Exception:
            log.exception("could not record the turn ping of table #%s", table_id)

    def on_change(self, change: Change) -> None:
        table = change.table
        if table.status == "ended":
            self._waiting.pop(table.id, None)
            self._drop_all_but(table.id, set())
            # its last ping, or one on its way (taken off the record while it is sent)
            if table.id in self._last or table.id in self._locks:
                self._spawn(self._ping(table, []))
            return
        keys = {k for k, t in table.timers.items() if t.seats}
        new = keys - self._waiting.get(table.id, set())
        self._waiting[table.id] = keys
        self._drop_all_but(table.id, keys)
        if not new or not self.party.guild(table.row.guild_id).turn_pings:
            return
        actor = table.seat_at(change.seat) if change.seat is not None else None
        for key in sorted(new):
            timer = table.timers[key]
            users: list[int] = []
            for seat in timer.seats:
                row = table.seat_at(seat)
                if row is None or row.left_at is not None or row is actor:
                    continue
                if row.user_id not in users:
                    users.append(row.user_id)
            if users:
                left = max(0.0, timer.due_at - self.clock.now())
                self._nudge(table, key, users, min(self.after, left / 2))

    def _nudge(self, table: Table, key: str, users: list[int], delay: float) -> None:
        """Ping ``users`` if the clock ``key`` still waits on them after ``delay`` seconds."""
        if delay <= 0:
            self._spawn(self._ping(table, users))
            return
        loop = asyncio.get_running_loop()
        handle = loop.call_later(delay, self._due, table, key, users)
        self._nudges.setdefault(table.id, {})[key] = handle

    def _due(self, table: Table, key: str, users: list[int]) -> None:
        self._drop(table.id, key)
        if table.status != "ended" and key in table.timers:
            # only those the clock still waits on (others may have acted since, as everyone
            # choosing at once does)
            seats = table.timers[key].seats
            users = [u for u in users if (seat := table.seat_of(u)) is not None and seat in seats]
            if users:
                self._spawn(self._ping(table, users))

    def _drop(self, table_id: int, key: str) -> None:
        nudges = self._nudges.get(table_id, {})
        handle = nudges.pop(key, None)
        if handle is not None:
            handle.cancel()
        if not nudges:
            self._nudges.pop(table_id, None)

    def _drop_all_but(self, table_id: int, waiting: set[str]) -> None:
        """Drop the table's nudges for clocks that no longer wait (not in ``waiting``)."""
        for key in [k for k in self._nudges.get(table_id, ()) if k not in waiting]:
            self._drop(table_id, key)

    @property
    def waiting(self) -> int:
        """How many nudges are not yet due."""
        return sum(map(len, self._nudges.values()))

    def pause(self) -> None:
        """Discord can't reach the bot: nobody is nudged to play meanwhile. Once the clocks
        run again, the tables they wait on nudge as if those had just started."""
        self.stop_waiting()
        self._waiting.clear()

    def stop_waiting(self) -> None:
        """Drop the nudges not yet due (the bot is closing)."""
        for nudges in self._nudges.values():
            for handle in nudges.values():
                handle.cancel()
        self._nudges.clear()

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ping(self, table: Table, users: list[int]) -> None:
        """Send a ping to ``users`` (none: only retire the last one)."""
        async with self._locks.setdefault(table.id, asyncio.Lock()):
            channel = self.client.get_partial_messageable(table.row.channel_id)
            old = self._last.pop(table.id, None)
            now = asyncio.get_running_loop().time()
            try:
                if users and (
                    may_post(self.client, table.row.channel_id) is False
                    or self._refused.get(table.row.channel_id, now) > now
                ):
                    # Discord would refuse it (403), and refusals count toward its limit on
                    # invalid requests: the table itself still shows whose move it is. The
                    # cache can't tell for a channel it doesn't know (a private thread the bot
                    # is not in): a refusal there is believed for a while
                    log.info("turn ping at table #%s: may not post there", table.id)
                elif users:
                    mentions = " ".join(f"<@{u}>" for u in users)
                    lang = SPEAKERS.table(table.row.guild_id)  # a public line: the server's
                    text = t(
                        lang,
                        "table-ping",
                        mentions=mentions,
                        id=str(table.id),
                        game=game_title(lang, table.row.game),
                        link=message_link(table.row),
                    )
                    # the text mentions only them, so "the users it mentions" is exactly them
                    # (a list of ids would be sent as numbers, which the API spec forbids)
                    message = await channel.send(
                        text,
                        allowed_mentions=discord.AllowedMentions(
                            users=True, everyone=False, roles=False, replied_user=False
                        ),
                    )
                    self._last[table.id] = message.id
                    await self._record(table.id, table.row.channel_id, message.id)
            except discord.HTTPException as err:
                log.info("turn ping at table #%s: %s", table.id, err)
                if isinstance(err, discord.Forbidden):
                    self._refused[table.row.channel_id] = now + REFUSED_FOR
            if old is not None:
                await self._drop_ping(table, old, now)

    async def _drop_ping(self, table: Table, message_id: int, now: float) -> None:
        """Delete the table's previous ping. Refused, it stays the table's recorded ping: the
        next ping tries again (not while the channel refuses the bot: each refusal counts),
        or, the table ended, :meth:`retry` and the next start."""
        refused = self._refused.get(table.row.channel_id, now) > now
        if table.status != "ended" and refused and table.id not in self._last:
            self._last[table.id] = message_id
            return
        if await self._delete(table.id, table.row.channel_id, message_id):
            if table.id not in self._last:
                await self._record(table.id, table.row.channel_id, None)
        elif table.id in self._last:  # a new ping took its place in the record
            log.warning("turn ping %s of table #%s is left in its channel", message_id, table.id)
        elif table.status == "ended":
            self._leftover[table.id] = (table.row.guild_id, table.row.channel_id, message_id)
        else:
            self._last[table.id] = message_id

    async def flush(self) -> None:
        while tasks := list(self._tasks):
            await asyncio.gather(*tasks, return_exceptions=True)
