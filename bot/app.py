"""The bot: wires the store, the table service, the renderer and the cogs together."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import eager
from bot.answer import APOLOGY, STALE, answer, reply_text
from bot.art import emoji
from bot.art.tables import table_picture
from bot.burst import Burst
from bot.clock import SystemClock
from bot.config import ConfigError, invite_url
from bot.engines import ENGINES
from bot.engines.base import msg
from bot.gamecog import OPENINGS, GameCog
from bot.host import Host
from bot.i18n import SPEAKERS, language_of
from bot.i18n.commands import CommandTranslator
from bot.party import Party
from bot.pings import PING_AFTER, TurnPings
from bot.render import PACE, TOKEN_BUDGET, Renderer
from bot.slash import Tree, error_text, odd_ids
from bot.store import PostgresStore, Store, TableRow
from bot.tables import CHANNEL_DELETED, REMOVED, THREAD_DELETED, THREAD_LOCKED, TableService
from bot.ui.components import Ref, submitted_values

log = logging.getLogger(__name__)

# answers to a click (words as data: worded in the clicker's language by bot.answer)
NO_GAME = msg("table-no-game")
ODD = msg("slash-odd")  # a click whose payload the bot can't read

RECORDS_PRUNED_EVERY = 86400.0  # seconds
RECORDS_FIRST_PRUNED = 600.0  # seconds after a start: not while the open tables load

ANSWERS_AT_CLOSE = 3.0  # seconds a stop waits for answers under way
# seconds a stop gives pending table edits (the next start redraws what is left): with the
# answers, well inside the 10 s that Docker and systemd wait after SIGTERM before SIGKILL
EDITS_AT_CLOSE = 4.0
EXTENSIONS = (
    "cogs.games",
    "cogs.tally",
    "cogs.table",
    "cogs.limits",
    "cogs.settings",
    "cogs.help",
    "cogs.history",
)

# A click on a component whose custom id starts with a name other than a game's (``limits:...``)
ComponentHandler = Callable[[discord.Interaction, Ref, list[str] | None], Awaitable[None]]


_FROZEN = False


def keep_out_of_gc() -> None:
    """Everything alive once the bot has started (modules, discord.py's caches, the tables
    loaded) stays alive: leave it out of the cyclic garbage collector's full scans. A full
    scan of all of it stops the event loop for tens of milliseconds, and on a busy bot often
    enough to show in answer times; frozen, the scans cover only what came later. Objects are
    still freed as ever when nothing refers to them. Once per process (tests start many bots
    in one)."""
    global _FROZEN
    if not _FROZEN:
        _FROZEN = True
        gc.collect()
        gc.freeze()


class Barkeep(commands.Bot):
    def __init__(
        self,
        database_path: Path | str,
        *,
        dev_guild_id: int | None = None,
        clock: Any = None,
        render_interval: float = 0.5,
        render_debounce: float = 0.25,
        edit_budget: tuple[int, float] = (5, 5.0),
        token_budget: tuple[int, float] = TOKEN_BUDGET,
        ping_after: float = PING_AFTER,
        thread_pace: float = PACE,
        seeds: Any = None,
        shards: tuple[int, tuple[int, ...]] | None = None,
    ) -> None:
        """``shards``: (SHARD_COUNT, the shards served here) for a :class:`ShardedBarkeep`."""
        sharding: dict[str, Any] = {}  # AutoShardedBot's options (ShardedBarkeep)
        if shards is not None:
            sharding.update(shard_count=shards[0], shard_ids=list(shards[1]))
        intents = discord.Intents.none()
        intents.guilds = True  # channels and permissions; no privileged intents needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=Tree,
            # installed in servers only: were User Install switched on in the Developer Portal,
            # its commands would show in servers the bot is not in (tally, settings there)
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            allowed_mentions=discord.AllowedMentions.none(),
            **sharding,
        )
        self.database_path = database_path
        self.shard_plan = shards  # the shards this copy serves, for the store (None: all)
        self.claims_lost = False  # the database no longer holds this copy's shards for it
        self.dev_guild_id = dev_guild_id
        self.clock = clock or SystemClock()
        self.render_interval = render_interval
        self.render_debounce = render_debounce
        self.edit_budget = edit_budget
        self.token_budget = token_budget
        self.ping_after = ping_after
        self.thread_pace = thread_pace
        self.seeds = seeds
        self.openings = Burst(*OPENINGS)  # tables each person opened lately (/<game> start)
        # interaction id -> the task answering it, while it does (see bot.answer.answer); ``quiet``
        # is set while there is none: the renderer's background writes go after the answers
        self.answering: dict[int, asyncio.Task[Any]] = {}
        self.quiet = asyncio.Event()
        self.quiet.set()
        self.games: dict[str, GameCog] = {}
        self._stopped: asyncio.Future[None] | None = None  # see close
        self.component_handlers: dict[str, ComponentHandler] = {}  # filled by cogs (limits)

    async def open_store(self) -> None:
        """Open the database (once): ``python -m bot`` does it before logging in, so that a
        database it can't use is said at once, whatever Discord answers."""
        if not hasattr(self, "store"):
            self.store = await Store.open(self.database_path, shards=self.shard_plan)
            if isinstance(self.store, PostgresStore):
                self.store.on_claims_lost = self.lost_claims

    def lost_claims(self) -> None:
        """The database let go of this copy's shards (its connection to the server was cut):
        another copy may take them now, so this one stops at once, writing nothing more, and
        ``python -m bot`` exits 1 for the service manager to start it again."""
        log.critical("this copy no longer owns its shards: stopping")
        self.claims_lost = True
        asyncio.ensure_future(self.close())

    async def setup_hook(self) -> None:
        eager.install(asyncio.get_running_loop())  # answers on the socket at once (3.11)
        await self.open_store()
        self.service = TableService(self.store, ENGINES, self.clock, self.seeds)
        await self.service.resume_clocks()  # before any table is read
        self.renderer = Renderer(
            self,
            self.service,
            public=lambda game: self.games[game].screen,
            private=lambda game: self.games[game].private,
            interval=self.render_interval,
            debounce=self.render_debounce,
            budget=self.edit_budget,
            token_budget=self.token_budget,
            picture=table_picture,
        )
        self.party = Party(self.store, self.clock)  # party safety: /limits, /settings
        await self.party.load()
        # the spectators' play-by-play threads, where a server switched them on
        self.renderer.thread_since = lambda guild_id: self.party.guild(guild_id).thread_since
        self.renderer.thread_pace = self.thread_pace
        self.pings = TurnPings(self, self.service, self.party, self.ping_after)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.tree.set_translator(CommandTranslator())  # the commands in every language
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        for cog in self.cogs.values():
            if isinstance(cog, GameCog):
                self.games[cog.game] = cog
        await self.sync_commands()
        # The open tables load while the bot already answers (a table needed first is read on
        # demand): with thousands stored, the first answer does not wait for all of them.
        self.loading = asyncio.create_task(self.load_tables(), name="barkeep-load")
        self.pruning = asyncio.create_task(self.prune_records(), name="barkeep-prune")
        # the card emoji the application lacks are uploaded meanwhile (bot/art/emoji.py)
        self.emoji_sync = asyncio.create_task(emoji.sync(self), name="barkeep-emoji")

    async def prune_records(self) -> None:
        """Once a day, old games' records go (which: bot/store/statements/records.py)."""
        await asyncio.sleep(RECORDS_FIRST_PRUNED)
        while True:
            try:
                async with self.store.transaction() as tx:
                    await tx.prune_records(self.clock.now())
            except Exception:
                log.exception("could not prune old game records; tomorrow tries again")
            await asyncio.sleep(RECORDS_PRUNED_EVERY)

    async def load_tables(self) -> None:
        """Load the open tables, then run their clocks and bring their messages in line."""
        tables = await self.service.load()
        # a clock that ran on while the bot was away (a look at one's cards) and ran out has
        # fired before any message is brought in line: never redraw what it has ended
        try:
            await self.service.fire_due()
        except Exception:  # the clock loop tries again
            log.exception("could not fire the clocks that ran out while the bot was away")
        self.service.start_clocks()
        self.renderer.start_resync()  # what the messages show, in line with the store
        await self.renderer.resume_threads()  # the play-by-play threads go on
        await self.pings.resume()
        keep_out_of_gc()
        log.info("ready to deal: %d open tables loaded", tables)

    # -- a table's channel or server gone: its tables close, their players are free again ----
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.close_tables(lambda row: row.channel_id == channel.id, CHANNEL_DELETED)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread deleted, or gone with its channel (discord.py reports each of those too)."""
        await self.close_tables(lambda row: row.channel_id == payload.thread_id, THREAD_DELETED)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A moderator locked a table's thread (closed or not): its tables close rather than
        play on by their clocks (drinks charged, players struck out, turn pings nobody can
        answer). Discord's client disables the buttons in a locked thread for everyone, and
        without Manage Threads the bot may not write there either: nobody can play on, whatever
        the bot's permissions. A thread only archived reopens when the table next changes."""
        meta = payload.data.get("thread_metadata") or {}
        if meta.get("locked"):
            await self.close_tables(lambda row: row.channel_id == payload.thread_id, THREAD_LOCKED)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        SPEAKERS.guild_locale(after.id, after.preferred_locale)  # a new primary language

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (kicked, or the server deleted); not an outage, which discord.py
        reports as the server being unavailable."""
        await self.close_tables(lambda row: row.guild_id == guild.id, REMOVED)

    async def tables_loaded(self) -> None:
        """Every open table is in memory (the start-up load is done)."""
        if not self.loading.done():
            await asyncio.shield(self.loading)

    async def close_tables(self, where: Callable[[TableRow], bool], why: str) -> None:
        await self.tables_loaded()
        closed = await self.service.close_where(where, why)
        for change in closed:
            log.info("table #%s closed: %s", change.table.id, why)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every click and form submission, routed by its custom id (see bot/ui/components.py).
        Any interaction, slash commands too, tells the renderer which thread it came from (one
        Discord does not announce to the bot is known by its interactions alone)."""
        self.renderer.seen_in(interaction.channel)
        SPEAKERS.heard(interaction.user.id, interaction.locale)  # their screens in their language
        SPEAKERS.guild_locale(interaction.guild_id, interaction.guild_locale)
        if interaction.type not in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            return
        data: dict[str, Any] = dict(interaction.data or {})
        ref = Ref.parse(data.get("custom_id"))
        if ref is None:
            await answer(interaction, reply_text(STALE))
            return
        if odd_ids(interaction):
            await answer(interaction, reply_text(ODD))
            return
        await self.route_component(interaction, ref, submitted_values(data))

    async def route_component(
        self, interaction: discord.Interaction, ref: Ref, values: list[str] | None
    ) -> None:
        handler = self.component_handlers.get(ref.game)
        if handler is not None:
            await handler(interaction, ref, values)
            return
        cog = self.games.get(ref.game)
        if cog is None:
            await answer(interaction, reply_text(NO_GAME))
            return
        await cog.on_component(interaction, ref, values)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A slash command that failed before (or outside) its own handling still gets an answer:
        a payload it cannot take a plain one (bot/slash.py), anything else an apology."""
        text = error_text(error, language_of(interaction.locale))
        if text is None:
            log.error("slash command failed", exc_info=error)
            text = APOLOGY
        else:
            log.info("slash command refused: %s", error)
        if not interaction.response.is_done():
            await answer(interaction, reply_text(text))

    async def sync_commands(self) -> None:
        """Guild sync at every start with DEV_GUILD_ID; else global, only when the commands (or
        the application) changed. A server's copies from an earlier DEV_GUILD_ID are removed
        once it is changed or emptied (else that server lists every command twice)."""
        async with self.store.reading() as q:
            known = await q.get_meta("commands_hash")
            earlier = await q.get_meta("dev_guild_id")
        if earlier and earlier != str(self.dev_guild_id or ""):
            await self.clear_guild_commands(int(earlier))
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.Forbidden as err:
                if err.code != 50001:  # Missing Access: not in that server, or no commands scope
                    raise
                raise ConfigError(self.cannot_sync(self.dev_guild_id)) from None
            if earlier != str(self.dev_guild_id):
                async with self.store.transaction() as tx:
                    await tx.set_meta("dev_guild_id", str(self.dev_guild_id))
            log.info("synced %d commands to server %s", len(synced), self.dev_guild_id)
            return
        translator = self.tree.translator
        assert translator is not None
        payload = {  # another application on this database has none of them yet
            "application": self.application_id,
            "commands": [  # with their translations: a new one is a change to sync
                await c.get_translated_payload(self.tree, translator)
                for c in self.tree.get_commands()
            ],
        }
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        if known == digest:
            log.info("slash commands unchanged: not syncing")
            return
        synced = await self.tree.sync()
        async with self.store.transaction() as tx:
            await tx.set_meta("commands_hash", digest)
        log.info("synced %d global commands (they can take a while to appear)", len(synced))

    async def clear_guild_commands(self, guild_id: int) -> None:
        """Remove the commands synced to a server as DEV_GUILD_ID before (best effort: a server
        that removed the bot has none to show)."""
        guild = discord.Object(guild_id)
        self.tree.clear_commands(guild=guild)
        try:
            await self.tree.sync(guild=guild)
        except discord.HTTPException as err:
            log.info("commands of server %s (DEV_GUILD_ID before) not removed: %s", guild_id, err)
        else:
            log.info("removed the commands of server %s (DEV_GUILD_ID before)", guild_id)
        async with self.store.transaction() as tx:
            await tx.set_meta("dev_guild_id", "")

    def cannot_sync(self, guild_id: int) -> str:
        """Advice for a DEV_GUILD_ID whose server refused the slash commands (403, 50001)."""
        return (
            f"Discord refused the slash commands for DEV_GUILD_ID={guild_id} (Missing Access): "
            "Barkeep is not in that server, or it was invited without the applications.commands "
            "scope. Invite it (again) with this link, which adds what is missing:\n"
            f"  {invite_url(self.application_id or 0, guild_id)}\n"
            "Or check the id (Discord: Developer Mode on, right-click the server, Copy Server ID), "
            "or leave DEV_GUILD_ID empty in .env."
        )

    # -- Discord's connection down: no click can come in, so the clocks stand still ----------
    async def on_disconnect(self) -> None:
        if self._stopped is not None or not hasattr(self, "service"):
            return  # stopping: the clocks stop with the rest
        await self.service.pause_clocks()
        if hasattr(self, "pings"):
            self.pings.pause()

    async def on_connect(self) -> None:  # a new session (READY)
        await self.service.unpause_clocks()

    async def on_resumed(self) -> None:
        await self.service.unpause_clocks()

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
        )
        if not self.guilds:  # a newcomer's first start: say how to add the bot to a server
            log.warning(
                "Barkeep is in no server yet. Open this link to add it to yours:\n  %s",
                invite_url(self.application_id or 0),
            )
        await self.close_tables_of_servers_left()

    async def close_tables_of_servers_left(self) -> None:
        """At each new session: the servers Discord lists are all the bot is in, so an open
        table in a server missing from the list is in one that removed the bot while it was
        away (no event ever says so): it closes, as a removal seen live does. Only when the
        bot is the one that stored these tables (its user id is kept): a bot started with
        another token must not close every table."""
        if self.user is None:
            return
        await self.tables_loaded()
        async with self.store.reading() as q:
            known = await q.get_meta("bot_user_id")
        if known != str(self.user.id):
            if known is not None:
                log.warning(
                    "this token is another bot (%s) than the one that stored these tables (%s): "
                    "tables in servers it is not in are left open",
                    self.user.id,
                    known,
                )
                return
            async with self.store.transaction() as tx:
                await tx.set_meta("bot_user_id", str(self.user.id))
        present = {g.id for g in self.guilds}
        await self.close_tables(lambda row: row.guild_id not in present, REMOVED)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server's channels are in the cache (at every connection, and after an outage): a
        channel deleted or a thread locked while the bot was away sent it no event. The
        channels of the server's open tables that are not in the cache are looked up (a thread
        archived meanwhile is not in it, but still there); the tables of those Discord no
        longer knows close, and those of a locked thread, as when the lock is announced. The
        turn pings Discord refused to delete there go now (:meth:`TurnPings.retry`). A server
        missing altogether is one that removed the bot: see
        :meth:`close_tables_of_servers_left`."""
        SPEAKERS.guild_locale(guild.id, guild.preferred_locale)  # its tables' language
        await self.tables_loaded()
        self.pings.retry(guild.id)
        places = {
            t.row.channel_id for t in self.service.open_tables() if t.row.guild_id == guild.id
        }
        gone, locked = set(), set()
        for channel_id in sorted(places):
            channel: object = guild.get_channel_or_thread(channel_id)
            if channel is None:
                try:
                    channel = await self.fetch_channel(channel_id)
                except discord.NotFound:
                    gone.add(channel_id)
                except discord.HTTPException as err:  # hidden from the bot, say: still there
                    log.info("channel %s of open tables can't be looked up: %s", channel_id, err)
            if isinstance(channel, discord.Thread) and channel.locked:
                locked.add(channel_id)
        if gone:
            await self.close_tables(lambda row: row.channel_id in gone, CHANNEL_DELETED)
        if locked:
            await self.close_tables(lambda row: row.channel_id in locked, THREAD_LOCKED)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server (again, maybe: the turn pings Discord refused to delete while the
        bot was out go now)."""
        log.info("added to server %s (%s)", guild.name, guild.id)
        SPEAKERS.guild_locale(guild.id, guild.preferred_locale)
        await self.tables_loaded()
        self.pings.retry(guild.id)

    def begin_answer(self, interaction_id: int) -> bool:
        """The current task answers this interaction (False: another task already does)."""
        task = asyncio.current_task()
        if task is None or self.answering.setdefault(interaction_id, task) is not task:
            return False
        self.quiet.clear()
        return True

    def end_answer(self, interaction_id: int) -> None:
        del self.answering[interaction_id]
        if not self.answering:
            self.quiet.set()

    async def answered(self, interaction_id: int) -> None:
        """Wait until the answer to this interaction is done, edits after a deferral included."""
        task = self.answering.get(interaction_id)
        if task is not None and task is not asyncio.current_task():
            await asyncio.wait({task})

    async def close(self) -> None:
        """Stop: answers under way go out, pending edits get a few seconds, then the gateway
        and the store close. A second call (SIGTERM, then the run's own exit) waits for the
        first."""
        if self._stopped is not None:
            await asyncio.shield(self._stopped)
            return
        self._stopped = asyncio.get_running_loop().create_future()
        try:
            await self._close()
        finally:
            self._stopped.set_result(None)

    async def _close(self) -> None:
        if hasattr(self, "loading") and not self.loading.done():
            self.loading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.loading
        if hasattr(self, "pruning"):
            self.pruning.cancel()
        if hasattr(self, "emoji_sync"):  # uploads under way stop: the next start goes on
            self.emoji_sync.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.emoji_sync
        if hasattr(self, "service"):
            await self.service.stop_clocks()
        if self.answering:  # answers under way go out (an acknowledged click's edit, say)
            await asyncio.wait(set(self.answering.values()), timeout=ANSWERS_AT_CLOSE)
        if hasattr(self, "renderer"):
            await self.renderer.stop_resync()
            self.renderer.stop_expiries()
            try:
                await asyncio.wait_for(self.renderer.flush(), EDITS_AT_CLOSE)
            except TimeoutError:
                log.warning("stopping with table edits still pending: the next start redraws")
        if hasattr(self, "pings"):
            self.pings.stop_waiting()  # nudges not yet due are dropped, pings under way finish
            await self.pings.flush()
        # discord.py's close leaves its wait for the servers' GUILD_CREATEs running: stopped
        # within a few seconds of connecting, that task would then dispatch "ready" on a closed
        # client and log an AttributeError. Cancelled, it ends quietly.
        ready = getattr(self._connection, "_ready_task", None)
        if ready is not None:
            ready.cancel()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


# bot/answer.py, bot/gamecog.py and the cogs know the bot as a Host (they cannot import this
# module back): mypy checks here that a Barkeep is one.
_HOST: type[Host] = Barkeep


class ShardedBarkeep(Barkeep, commands.AutoShardedBot):
    """Barkeep serving ``shard_ids`` of ``shard_count`` shards (SHARD_COUNT, SHARD_IDS): one
    gateway connection per shard, the servers of those shards only. Without SHARD_COUNT the
    bot is a plain :class:`Barkeep` on one connection."""


def make_bot(
    database_path: Path | str, shards: tuple[int, tuple[int, ...]] | None = None, **options: Any
) -> Barkeep:
    """The bot for these settings: sharded when SHARD_COUNT is set."""
    bot_class = Barkeep if shards is None else ShardedBarkeep
    return bot_class(database_path, shards=shards, **options)
