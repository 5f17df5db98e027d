"""What every game's cog shares: the lobby, the routing of clicks, and answering in time.

A game needs no cog code of its own: ``cogs/<game>.py`` calls :func:`setup_game`, which builds a
:class:`GameCog` from the game's engine (name, title, options, verbs), its UI module
``bot/ui/<game>.py`` (``public(table)``, ``private(table, seat)``, optionally ``form(table, seat,
verb)``) and its rules text ``data/rules/<game>.md``. ``/<game> start`` is generated from the
engine's options, and a click is decoded into the engine's action by the action's own codec.

Every interaction is answered within Discord's 3 seconds: the work runs, and if it is not done
after ``DEFER_AFTER`` seconds the interaction is deferred and the reply follows when ready.
Errors a player can cause get their message privately; anything else is logged and the player
gets an apology.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engines import ENGINES
from bot.engines.base import Action, Engine, GameError, Private, literal
from bot.host import Host
from bot.render import ANSWERING, Writer, lacking, start_warning
from bot.store import COMMITTED, Stale, TableRow
from bot.tables import (
    BUSY,
    AlreadyMoved,
    Change,
    Elsewhere,
    NextGameOpen,
    Table,
    TableError,
    check_may_end,
    check_may_remove,
    check_may_send,
    made_at,
)
from bot.ui import common
from bot.ui.common import Screen
from bot.ui.components import PLATFORM_VERBS, Form, Ref, custom_id, modal

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds of work before we defer (Discord allows 3)
LATE_AT_MOST = 1.0  # seconds of delivery delay taken off DEFER_AFTER, at most (see defer_after)
APOLOGY = "Sorry, something went wrong on my side. Nothing was changed; please try again."
APOLOGY_DONE = (  # the error came after the move (or join...) was stored
    "Sorry, something went wrong on my side after that was done: it counts, so don't press "
    "again. /table shows the table as it is."
)
STALE = "That button does nothing any more."
OPENINGS = (3, 60.0)  # tables one person may open with /<game> start per server, per seconds
ELSEWHERE = "That button belongs to a table in another channel."
THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)
# the presses (verb, arg) that work from any channel of a table's server (GameCog.find_table)
LEAVING = {("leave", None), ("confirm", "leave")}  # anyone's: they free only the presser
ENDING = {("end", None), ("confirm", "end")}  # the host's alone
NOT_HERE = (
    "I can't deal here: I don't know this server. Ask a moderator to invite me again "
    "(see the README), then try once more."
)


@dataclass
class Reply:
    """How to answer: ``update`` the clicked message, send a ``private`` or ``public`` one,
    or open a ``form``."""

    kind: str
    screen: Screen
    form: Form | None = None
    remember_view: tuple[Table, int] | None = None  # (table, user): a private view to keep fresh
    table: Table | None = None  # the table whose public message this reply shows
    table_message: Table | None = None  # a public reply that becomes this table's message
    version: int = 0  # the table's version ``screen`` was drawn from
    # An update of a message that has one writer (render.py): the writer's key, and how to draw
    # the screen again while holding it, so that the newest state is what lands.
    writes: Hashable | None = None
    redraw: Callable[[], Screen] | None = None
    public_ok: bool = False  # an update that shows no table, yet is fit for a public message

    def private_only(self, message: discord.Message | None) -> bool:
        """An update meant for a private message, while the press came from a public one (or
        from none): only a forged press (a private question's button sent from the table) does
        that. Such a screen never replaces what a public message shows."""
        if self.kind != "update":
            return False
        if message is None:
            return True
        return not (message.flags.ephemeral or self.table is not None or self.public_ok)

    @classmethod
    def text(cls, message: str, *buttons: common.Button) -> Reply:
        embed = discord.Embed(description=message, colour=common.GREY)
        return cls("private", Screen(embed, [list(buttons)] if buttons else []))


def from_here(table: TableRow, verb: str = "leave") -> common.Button:
    """``table``'s Leave (or End), for a private answer in another channel of its server:
    :meth:`GameCog.find_table` lets them through from anywhere there."""
    label = f"{verb.capitalize()} table #{table.id}"
    return common.Button(label, custom_id(table.game, table.id, verb), "danger")


Work = Callable[[], Awaitable[Reply]]


async def _run(work: Work) -> Reply:
    mark = COMMITTED.set(False)
    try:
        return await work()
    except Elsewhere as err:  # with a way out from here: the other table's Leave or End
        return Reply.text(str(err), from_here(err.table, err.verb))
    except GameError as err:
        return Reply.text(str(err))
    except Stale as err:  # another copy of the bot moved the table first: nothing was written
        log.info("an interaction met a table moved elsewhere: %s", err)
        return Reply.text(BUSY)
    except Exception:
        log.exception("an interaction failed")
        return Reply.text(APOLOGY_DONE if COMMITTED.get() else APOLOGY)
    finally:
        COMMITTED.reset(mark)


def too_late(text: str) -> str:
    """A refusal for a click on a button that an edit had already removed."""
    if text[:1].isupper() and text[1:2].islower():
        text = text[0].lower() + text[1:]
    return f"Too late: {text}"


async def answer(
    interaction: discord.Interaction[Any], work: Work, *, public: bool = False
) -> Reply:
    """Run ``work`` and send its reply, deferring first if it takes too long.

    ``public``: the answer is meant to be a new public message (a table opened by a command or
    by **Play again**): a deferral then shows as a new message, "thinking", never as an update
    of the clicked one, and is deleted if the answer turns out private (a refusal)."""
    client: Host = interaction.client
    mine = client.begin_answer(interaction.id)
    try:
        return await _answer(interaction, work, public)
    finally:
        if mine:
            client.end_answer(interaction.id)


def defer_after(interaction_id: int, now: float) -> float:
    """Seconds of work before deferring an interaction: Discord's 3 seconds run from when it
    made the interaction (its id's time), so time it took to reach the bot (a busy gateway,
    a loop behind) is taken off, up to :data:`LATE_AT_MOST`: a host clock that is off by
    seconds then costs, at worst, a deferral sooner than needed."""
    return DEFER_AFTER - min(max(now - made_at(interaction_id), 0.0), LATE_AT_MOST)


async def _answer(interaction: discord.Interaction[Any], work: Work, public: bool) -> Reply:
    loop = asyncio.get_running_loop()
    deferring: asyncio.Task[bool] | None = None

    def late() -> None:  # the work is slow: defer while it goes on
        nonlocal deferring
        deferring = asyncio.ensure_future(_defer(interaction, public=public))

    # The work runs in this task, a timer watching it: no task and no asyncio.wait per answer.
    timer = loop.call_later(defer_after(interaction.id, time.time()), late)
    try:
        reply = await _run(work)
        if reply.remember_view is not None and reply.kind == "private" and deferring is None:
            # stored before it is sent, and in the timer's watch (a store held by another
            # process is slow): a bot killed right after sending it still finds this view (the
            # player's newest) at start-up and keeps it in line (a look's cards hidden again);
            # if it never arrived, the view it replaces is kept in line instead
            await _remember(interaction, reply, None, unsent=True)
    finally:
        timer.cancel()
    deferred = deferring is not None and await deferring
    try:
        if deferred and public and reply.kind == "private":
            await interaction.delete_original_response()  # the public "thinking" message
        await _send(interaction, reply, deferred)
    except discord.HTTPException:
        log.exception("could not answer interaction %s", interaction.id)
    return reply


async def _defer(interaction: discord.Interaction[Any], *, public: bool = False) -> bool:
    """Acknowledge now, answer later. Returns whether it is deferred (False if Discord refused)."""
    try:
        if interaction.type == discord.InteractionType.component and not public:
            await interaction.response.defer()  # "working on it", the clicked message as it is
        else:
            await interaction.response.defer(thinking=True, ephemeral=not public)
    except discord.HTTPException:
        log.exception("could not defer interaction %s", interaction.id)
        return False
    return True


async def _writer(interaction: discord.Interaction[Any], lock: Writer, deferred: bool) -> bool:
    """Take a message's writer. If another write of that message is under way (players
    clicking one table together, the renderer's edit), acknowledge first: the click is answered
    at once instead of waiting a round trip per write ahead of it, and its edit follows, with the
    newest screen, unless a write ahead of it already showed that. Returns whether the
    interaction is now deferred."""
    if lock.busy() and not deferred:
        deferred = await _defer(interaction)
    await lock.acquire()
    return deferred


async def _update(interaction: discord.Interaction[Any], reply: Reply, deferred: bool) -> None:
    """Answer by editing the clicked message; for a message with one writer, hold it and draw
    the screen from the table as it is at that moment."""
    client: Host = interaction.client
    lock = client.renderer.writer(reply.writes) if reply.writes is not None else None
    if lock is not None:
        deferred = await _writer(interaction, lock, deferred)
    try:
        msg = interaction.message
        if (
            deferred
            and reply.table is not None
            and msg is not None
            and client.renderer.shows_newest(reply.table, msg.id)
        ):
            return  # a write ahead of this one already showed the table as it is now
        version = reply.table.version if reply.table is not None else reply.version
        screen = reply.redraw() if reply.redraw is not None else reply.screen
        if (
            reply.table is not None
            and msg is not None
            and not msg.flags.ephemeral
            and reply.table.row.message_id not in (None, msg.id)
        ):  # another copy became the table's message while this waited: this one points to it
            screen = common.moved_screen(reply.table)
        if deferred:
            try:
                await interaction.edit_original_response(**screen.kwargs())
            except discord.NotFound:
                if not isinstance(reply.writes, tuple):
                    raise
                # the private view went while this waited for its writer (a newer view of the
                # player's retired it, or they dismissed it): the click is acknowledged, the
                # move stored, and the player's live view follows the table
                log.info("interaction %s: its private view is gone", interaction.id)
                return
        else:
            await interaction.response.edit_message(**screen.kwargs())
        if reply.table is not None and msg is not None:
            if client.renderer.shows_table(reply.table, msg.id):
                client.renderer.landed(reply.table, msg.id, screen, version)
                client.renderer.unhide(reply.table, msg)  # the click came with it hidden
                # this interaction's original response is the table's message: its token can
                # edit it for the next 15 minutes
                client.renderer.clicked(
                    reply.table, msg.id, interaction.application_id, interaction.token
                )
        elif isinstance(reply.writes, tuple) and msg is not None:
            client.renderer.private_answered(
                reply.writes, msg.id, interaction.application_id, interaction.token, screen
            )
    finally:
        if lock is not None:
            lock.release()


async def _send(interaction: discord.Interaction[Any], reply: Reply, deferred: bool) -> None:
    if reply.private_only(interaction.message):
        # nothing to update (a form sent from no message; Discord refuses the update), or a
        # public message a private screen must not replace: the same screen goes privately
        reply = Reply("private", reply.redraw() if reply.redraw is not None else reply.screen)
    if reply.kind == "update":  # drawn, and its components built, once: in _update
        await _update(interaction, reply, deferred)
        return
    kwargs = reply.screen.kwargs()
    client: Host = interaction.client
    message_id: int | None = None
    followup: int | None = None
    if reply.kind == "form" and reply.form is not None:
        if deferred:  # a form can only be the first answer
            await interaction.followup.send(ephemeral=True, **kwargs)
        else:
            await interaction.response.send_modal(modal(reply.form))
        return
    if reply.kind == "public":
        if deferred:
            message_id = (await interaction.edit_original_response(**kwargs)).id
        else:
            result = await interaction.response.send_message(**kwargs)
            message_id = int(result.message_id) if result.message_id else None
    else:
        # A follow-up (after a deferral) is not the interaction's original response: a private
        # view kept fresh later is edited by its message id, never as "@original" (which, for a
        # deferred click, is the clicked message: maybe the public table).
        if deferred:
            sent = await interaction.followup.send(ephemeral=True, wait=True, **kwargs)
            followup = sent.id
        else:
            result = await interaction.response.send_message(ephemeral=True, **kwargs)
            message_id = int(result.message_id) if result.message_id else None
    if reply.table_message is not None and message_id is not None:
        await client.renderer.posted(
            reply.table_message,
            message_id,
            reply.screen,
            reply.version,
            (interaction.application_id, interaction.token),
        )
    if reply.remember_view is not None:
        table, user_id = reply.remember_view
        if deferred:  # a follow-up: its id is known only now (the window stays open here)
            await _remember(interaction, reply, followup)
        client.renderer.opened_private(
            table,
            user_id,
            (interaction.application_id, interaction.token, followup),
            followup or message_id,
            reply.screen,
        )


async def _remember(
    interaction: discord.Interaction[Any], reply: Reply, followup: int | None, unsent: bool = False
) -> None:
    """Store the private view ``reply`` opens. Only bookkeeping (it keeps the view in line
    after a restart): a store that fails here (a full disk) is logged, and the view still
    goes to the player."""
    assert reply.remember_view is not None
    client: Host = interaction.client
    table, user_id = reply.remember_view
    try:
        async with client.store.transaction() as tx:
            await tx.set_private_view(
                table.id,
                user_id,
                interaction.application_id,
                interaction.token,
                client.service.clock.now(),
                followup,
                unsent,
            )
    except Exception:
        log.exception("could not store the private view of table #%s", table.id)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server (or Administrator): the server's settings are theirs."""
    perms = interaction.permissions
    return bool(perms and (perms.manage_guild or perms.administrator))


def can_moderate(interaction: discord.Interaction[Any]) -> bool:
    """A moderator where the interaction was made: Manage Server, or Manage Messages in that
    channel (Discord's ``permissions`` of an interaction are the member's in its channel,
    overwrites included). Ending a noisy table, removing a lobby squatter is theirs too (else
    a channel's moderators could only delete the table, which the bot posts again)."""
    perms = interaction.permissions
    return can_manage(interaction) or bool(perms and perms.manage_messages)


RULES = Path(__file__).resolve().parent.parent / "data" / "rules"
IN_SHORT = "## In short"  # the heading of a rules file's last section: what you need to play


@dataclass(frozen=True)
class Game:
    """One game as the bot deals it: its engine, its UI module and the rules players read:
    ``rules_text`` in full (``/rules``, **Full rules**), ``short_rules`` at the table (a
    template filled from the table's options, :func:`bot.ui.common.fill_rules`)."""

    engine: Engine[Any]
    ui: ModuleType
    rules_text: str
    short_rules: str

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def players(self) -> str:
        e = self.engine
        return (
            str(e.min_players)
            if e.min_players == e.max_players
            else (f"{e.min_players}-{e.max_players}")
        )

    @property
    def start_hint(self) -> str:
        return f"`/{self.name} start`"


def _load_games() -> dict[str, Game]:
    games = {}
    for name, engine in ENGINES.items():
        clash = (set(engine.verbs) & PLATFORM_VERBS) - {"leave"}
        if clash:
            raise ValueError(f"{name}: verbs {sorted(clash)} are the platform's")
        ui = importlib.import_module(f"bot.ui.{name}")
        full, short = split_rules((RULES / f"{name}.md").read_text(encoding="utf-8"))
        games[name] = Game(engine, ui, full, short)
    return games


def split_rules(text: str) -> tuple[str, str]:
    """A rules file's full rules and its short section (the one headed ``## In short``)."""
    full, heading, short = text.partition(f"\n{IN_SHORT}\n")
    if not heading:
        raise ValueError(f"a rules file needs a last section headed {IN_SHORT!r}")
    return full.strip(), short.strip()


GAMES: dict[str, Game] = _load_games()


def start_hints() -> str:
    """``/black start``, ``/pyramid start`` or ``/war start``: every game, for "start one" hints."""
    hints = [g.start_hint for g in GAMES.values()]
    return hints[0] if len(hints) == 1 else ", ".join(hints[:-1]) + " or " + hints[-1]


class GameCog(commands.Cog):
    """One game's slash commands and clicks. Built from the game's declaration, not subclassed."""

    def __init__(self, bot: Host, game: Game) -> None:
        self.bot = bot
        self.service = bot.service
        self.game_spec = game
        self.engine = game.engine
        self.ui = game.ui
        self.rules_text = game.rules_text
        self.short_rules = game.short_rules
        self.group = app_commands.Group(
            name=game.name, description=game.engine.blurb[:100], guild_only=True
        )
        self.group.add_command(self._start_command())

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    def _start_command(self) -> app_commands.Command[Any, ..., None]:
        """``/<game> start`` with one parameter per engine option, ranges and help included."""
        engine = self.engine

        async def start(interaction: discord.Interaction[Any], **options: Any) -> None:
            await self.open_table(interaction, options)

        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        params = [inspect.Parameter("interaction", kind, annotation=discord.Interaction)]
        for opt in engine.options:
            if isinstance(opt.default, bool):
                annotation: Any = bool
            else:
                annotation = app_commands.Range[int, opt.minimum, opt.maximum]
            params.append(
                inspect.Parameter(opt.name, kind, default=opt.default, annotation=annotation)
            )
        start.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        start.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
            o.name: o.help[:100] for o in engine.options
        }
        return app_commands.Command(
            name="start",
            description=f"Open a {engine.title} table in this channel"[:100],
            callback=start,
        )

    @property
    def game(self) -> str:
        return self.engine.name

    def public(self, table: Table) -> Screen:
        screen: Screen = self.ui.public(table)
        return screen

    def private(self, table: Table, seat: int) -> Screen:
        screen: Screen = self.ui.private(table, seat)
        return screen

    def screen(self, table: Table) -> Screen:
        """The public table message as it should look now. A game that was dealt ends with
        a **Play again** button (the game's own end screen, the platform's button)."""
        if table.status == "lobby":
            return common.lobby_screen(table)
        if table.state is None:  # ended before the deal
            return common.ended_screen(table, ["The table closed before the cards were dealt."])
        screen = self.public(table)
        if table.status == "ended":
            screen = Screen(screen.embed, [[common.again_button(table)]], screen.content)
        return screen

    def action_for(self, ref: Ref, values: list[str] | None) -> Action:
        """The engine action a click or form sends, read by the action's own codec."""
        cls = self.engine.verbs.get(ref.verb)
        if cls is None:
            raise TableError(STALE)
        try:
            return cls.from_arg(ref.arg, values)
        except ValueError:
            raise TableError(STALE) from None

    def reply_for(self, change: Change, clicked_public: bool, user_id: int) -> Reply:
        """After a game action: show the new table where the click was.

        A line for the actor's eyes only (a :class:`Private` event: the cards of their look,
        the sips a right card gives them) opens their private view instead of the table.
        """
        table = change.table
        seat = table.seat_of(user_id)
        if table.status == "ended" or seat is None:
            return self.table_reply(table)  # the end screen (public, so fine on any message)
        if clicked_public:
            if any(isinstance(e, Private) and e.seat == seat for e in change.events):
                return Reply("private", self.private(table, seat), remember_view=(table, user_id))
            return self.table_reply(table)
        return self.private_reply(table, seat, user_id)

    def table_reply(self, table: Table) -> Reply:
        """Show the table as it is now on the clicked message."""
        return Reply(
            "update",
            self.bot.renderer.draw(table),  # drawn once per version, kept by the renderer
            table=table,
            version=table.version,
            writes=table.id,
            redraw=lambda: self.bot.renderer.draw(table),  # drawn once per version
        )

    def private_reply(self, table: Table, seat: int, user_id: int) -> Reply:
        """Show the player's private view as it is now on the clicked (private) message."""
        return Reply(
            "update",
            self.bot.renderer.draw_private(table, seat),
            version=table.version,
            writes=(table.id, user_id),
            redraw=lambda: self.bot.renderer.draw_private(table, seat),
        )

    def refused_in_view(
        self,
        table: Table,
        interaction: discord.Interaction[Any],
        clicked_public: bool,
        text: str,
    ) -> Reply | None:
        """A refused click in the player's own private view (a stale button, a lost race):
        answer by updating that view, the refusal on top of the fresh screen, so that error
        answers do not pile up as new messages. A table that ended meanwhile (the other
        player's last card) shows its end screen there, the refusal on top."""
        seat = table.seat_of(interaction.user.id)
        if (
            clicked_public
            or interaction.message is None
            or interaction.type != discord.InteractionType.component
        ):
            return None
        if table.status == "ended":  # the end screen, without Play again (a public button)
            end = self.screen(table).warned(text)
            return Reply("update", Screen(end.embed, [], end.content))
        if table.status != "playing" or seat is None:
            return None
        reply = self.private_reply(table, seat, interaction.user.id)
        draw = reply.redraw
        assert draw is not None
        reply.redraw = lambda: draw().warned(text)
        reply.screen = reply.screen.warned(text)
        return reply

    # -- slash commands ----------------------------------------------------------------------
    async def open_table(
        self,
        interaction: discord.Interaction[Any],
        options: dict[str, Any],
        again: int | None = None,
    ) -> None:
        """Open a table from ``/<game> start``'s options, or (``again``: a finished table's id,
        from its **Play again** button) with that table's options and its players invited."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await answer(
                interaction, reply_text("Tables live in server channels: try this in a server.")
            )
            return
        if self.bot.get_guild(interaction.guild_id) is None:  # a server the bot is not in
            await answer(interaction, reply_text(NOT_HERE))
            return
        user = interaction.user
        channel = interaction.channel  # a thread follows its channel's game rules
        if isinstance(channel, discord.Thread) and channel.locked:  # a moderator's command
            await answer(
                interaction,
                reply_text(
                    "This thread is locked: Discord lets nobody press a table's buttons here. "
                    "Open one in an open thread or channel."
                ),
            )
            return
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        consented = False

        async def open_it(options: dict[str, Any], old: Table | None) -> Table:
            nonlocal consented
            consented = await self.service.has_consent(user.id, self.game)
            return await self.service.open_table(
                self.game,
                guild_id=interaction.guild_id,  # type: ignore[arg-type]
                channel_id=interaction.channel_id,  # type: ignore[arg-type]
                host_id=user.id,
                host_name=common.player_name(user),
                options=options,
                seat_host=consented,
                origin=(interaction.application_id, interaction.token),
                note=common.invite_note(old, user.id) if old is not None else None,
                rematch_of=old.id if old is not None else None,
                parent_id=parent_id,
            )

        async def work() -> Reply:
            if again is None:
                # lobbies opened and ended one after another would flood the channel
                key, now = (interaction.guild_id, user.id), self.service.clock.now()
                at = self.bot.openings.next_at(key, now)
                if at is not None:
                    raise TableError(
                        f"Easy there: you opened {OPENINGS[0]} tables in the last minute. "
                        f"You can open another {common.countdown(at)}."
                    )
                table = await open_it(options, None)
                self.bot.openings.add(key, now)
            else:
                # Two presses, at once or either side of a restart, open one table: the store
                # checks for the open next game in the transaction that would open another.
                old = await self.finished_table(interaction, again)
                try:
                    table = await open_it(old.row.options, old)
                except NextGameOpen as taken:
                    raise TableError(common.next_game_text(taken.lobby, taken.host)) from None
            reply = Reply("public", self.screen(table), table_message=table, version=table.version)
            self.bot.renderer.posting.add(table.id)  # this answer posts its message
            return reply

        reply = await answer(interaction, work, public=True)
        if reply.table_message is None:
            return
        table = reply.table_message
        self.bot.renderer.posting_done(table)
        if not consented:
            try:
                await interaction.followup.send(
                    ephemeral=True, **self.consent_screen(table).kwargs()
                )
            except discord.HTTPException:
                log.exception("could not send the rules to the host")
        in_thread = getattr(channel, "type", None) in THREADS
        missing = lacking(interaction.app_permissions, in_thread)
        if missing:  # Discord says, with every interaction, what the bot may do there
            warning = start_warning(table.id, table.row.channel_id, missing)
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(warning, ephemeral=True)
        if in_thread:

            async def not_in(text: str) -> None:
                await interaction.followup.send(text, ephemeral=True)

            self.bot.renderer.join_thread(table.row.channel_id, table.id, not_in)

    async def find_table(
        self, interaction: discord.Interaction[Any], table_id: int, ref: Ref | None = None
    ) -> Table:
        """The table a click names: one of this game's, in the channel clicked in. Leaving
        (``ref``: Leave, or its **Yes, leave**), and the host's End, work from anywhere in the
        table's server: the refusals of a second seat or lobby offer them, and a table's
        channel may be out of the player's reach (a locked thread, a channel hidden from
        them). Anyone else's End stays in the table's channel."""
        table = await self.service.get(table_id)
        if table is None or table.row.game != self.game:
            raise TableError("I can't find that table any more.")
        press = (ref.verb, ref.arg) if ref is not None else None
        freeing = press in LEAVING or (press in ENDING and interaction.user.id == table.row.host_id)
        if interaction.guild_id != table.row.guild_id or (
            interaction.channel_id != table.row.channel_id and not freeing
        ):
            raise TableError(ELSEWHERE)
        return table

    async def finished_table(self, interaction: discord.Interaction[Any], table_id: int) -> Table:
        """The finished table whose **Play again** was pressed, if a new one may open from it."""
        table = await self.find_table(interaction, table_id)
        if table.status != "ended" or table.row.started_at is None:
            raise TableError(STALE)
        played = table.seat_row(interaction.user.id)
        if interaction.user.id != table.row.host_id and (played is None or played.seat is None):
            # the players' rematch is theirs: a passer-by hosting it would hold its Start.
            # They are pointed to the next game if it is open (rare: a read of its own)
            async with self.bot.store.reading() as q:
                lobby = await q.open_rematch(table.id)
            if lobby is not None:
                raise TableError(common.next_game_text(*lobby))
            raise TableError(
                f"Only the players of table #{table.id} can open its next game. "
                f"`/{self.game} start` opens one of your own."
            )
        return table

    def rules_screen(self, table: Table) -> Screen:
        """The short rules, filled from the table's options, with a **Full rules** button."""
        short = common.fill_rules(self.short_rules, table.row.options)
        return common.rules_screen(table, short)

    def consent_screen(self, table: Table) -> Screen:
        screen = self.rules_screen(table)
        embed = screen.embed
        age = self.bot.party.guild(table.row.guild_id).min_age  # /settings age
        if age:
            embed.add_field(
                name="This server", value=f"\U0001f51e {common.escape(age)}", inline=False
            )
        if self.engine.drinks_with(table.row.options):
            before = (
                "This is a drinking game. Play only if you're of legal drinking age, know your "
                "limits, and swap in water whenever you like (`/limits` sets a cap for tonight, "
                "or alcohol-free mode: points instead of sips)."
            )
        else:
            before = "Nobody drinks in this one: it's all about the game."
        embed.add_field(
            name="Before you play",
            value=f"{before} Read the rules above, then press **I'm in** to take your seat.",
            inline=False,
        )
        consent = common.platform(table, "consent", "I'm in", "success")
        return Screen(embed, [[consent, common.full_rules_button(table)]])

    # -- clicks ------------------------------------------------------------------------------
    async def on_component(
        self, interaction: discord.Interaction[Any], ref: Ref, values: list[str] | None
    ) -> None:
        msg = interaction.message
        # Decided by the message's ephemeral flag, not by its id: a click on any public copy of
        # a table is public, and a private screen never goes onto a public message.
        clicked_public = msg is not None and not msg.flags.ephemeral
        # Discord delivers a click with the message as it is now: a button an edit removed a
        # moment before is no longer on it. Such a click is still answered ("Too late: ...").
        stale = (
            interaction.type == discord.InteractionType.component
            and msg is not None
            and not _on_message(msg, dict(interaction.data or {}).get("custom_id"))
        )

        async def work() -> Reply:
            nonlocal clicked_public
            table = await self.find_table(interaction, ref.table_id, ref)
            # the flag alone is not trusted: the table's own message is public whatever it says
            clicked_public = clicked_public or (msg is not None and msg.id == table.row.message_id)
            ANSWERING.set((interaction.user.id, clicked_public))  # this task's own context
            if not clicked_public and msg is not None and ref.verb in self.engine.verbs:
                # One live private view per player: an older one's buttons point to the newest.
                # Older by snowflake: a view just sent may not be registered yet.
                live = self.bot.renderer.live_view((table.id, interaction.user.id))
                if live is not None and msg.id < live:
                    return Reply("update", common.retired_view_screen())
            try:
                reply = await self.handle(interaction, table, ref, values, clicked_public)
            except GameError as err:
                fresh = await self.service.get(table.id) or table
                if interaction.type == discord.InteractionType.modal_submit:
                    return self.form_refused(fresh, interaction.user.id, ref.verb, values, err)
                if (
                    fresh.status == "ended"
                    and not stale
                    and interaction.type == discord.InteractionType.component
                    and msg is not None
                    and msg.id == fresh.row.message_id
                ):
                    # a live button on an ended table's message: its last screen never landed
                    # (the channel refused the edit); the click's answer puts the end there
                    return self.table_reply(fresh)
                said = too_late(str(err)) if stale and fresh.status == "ended" else str(err)
                refused = self.refused_in_view(fresh, interaction, clicked_public, said)
                if refused is not None:
                    return refused
                if stale and not isinstance(err, AlreadyMoved):
                    raise TableError(too_late(str(err))) from None
                raise
            if reply.table is not None and clicked_public and msg is not None:
                if _anothers(msg, self.game, reply.table.id):
                    # a forged press: another table's message is never written over with
                    # this table's screen; the answer goes privately
                    return Reply("private", reply.redraw() if reply.redraw else reply.screen)
                if reply.table.row.message_id is None:  # its message was lost: this is it now
                    await self.service.set_message(reply.table.id, msg.id)
                elif msg.id != reply.table.row.message_id:
                    # an old copy: one live copy of a table at a time, this one points to it
                    return Reply("update", common.moved_screen(reply.table), public_ok=True)
            return reply

        if ref.verb == "again":  # a new public message, like /<game> start
            await self.open_table(interaction, {}, again=ref.table_id)
            return
        await answer(interaction, work)

    def form_refused(
        self, table: Table, user_id: int, verb: str, values: list[str] | None, err: GameError
    ) -> Reply:
        """A form's text refused: **Write it again** while the move is still the writer's to
        make (a text too long...); once the game moved on (their clock ran out, the table
        ended), why, and their words back, so that nothing they typed is lost unseen."""
        seat = table.seat_of(user_id)
        if table.status == "playing" and seat is not None and table.state is not None:
            legal = self.engine.legal_actions(table.state, seat)
            if any(a.verb == verb for a in legal):
                cid = custom_id(self.game, table.id, "form", verb)
                again = common.Button("Write it again", cid, "primary")
                return Reply("private", Screen(_embed(str(err), common.GREY), [[again]]))
        wrote = " ".join(values or []).strip()
        said = too_late(str(err)) + (f"\nYou wrote: {common.escape(wrote)}" if wrote else "")
        return Reply.text(said[:4000])

    async def handle(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        ref: Ref,
        values: list[str] | None,
        clicked_public: bool,
    ) -> Reply:
        """One click on one of this game's tables: the lobby verbs, or a game action."""
        user, verb = interaction.user, ref.verb
        if verb == "rules":
            if ref.arg == "full":
                embed = common.rules_embed(self.engine.title, self.rules_text)
                return Reply("private", Screen(embed))
            return Reply("private", self.rules_screen(table))
        if verb == "confirm":
            return await self.confirmed(interaction, table, ref.arg)
        if table.status == "ended":
            raise TableError(f"This table has ended. Start a new one with /{self.game} start.")
        if verb == "join":
            if not await self.service.has_consent(user.id, self.game):
                return Reply("private", self.consent_screen(table))
            table = await self.service.join(table.id, user.id, common.player_name(user))
            if clicked_public:
                return self.table_reply(table)
            return Reply.text(f"You're in at table #{table.id}.")
        if verb == "consent":
            await self.service.give_consent(user.id, self.game)
            seat = table.seat_row(user.id)
            if seat is None or seat.left_at is not None:
                await self.service.join(table.id, user.id, common.player_name(user))
            return Reply(
                "update", _screen(f"You're in at table #{table.id}. Have fun, and drink water too!")
            )
        if verb == "leave":
            if table.in_game(user.id):  # leaving changes the game: ask first
                return Reply("private", common.confirm_screen(table, "leave"))
            change = await self.service.leave(table.id, user.id)
            if clicked_public:
                return self.table_reply(change.table)
            return Reply("update", _screen(f"You left table #{table.id}. Thanks for playing!"))
        if verb == "start":
            change = await self.service.start(table.id, user.id)
            return self.reply_for(change, clicked_public, user.id)
        if verb == "end":
            manage = can_moderate(interaction)
            if table.status == "playing":  # ending a game in play: ask first
                check_may_end(table, user.id, manage)
                return Reply("private", common.confirm_screen(table, "end"))
            change = await self.service.end(table.id, user.id, can_manage=manage)
            if interaction.channel_id != table.row.channel_id:  # from a refusal elsewhere
                return Reply("update", _screen(f"You ended table #{table.id}."))
            return self.reply_for(change, clicked_public, user.id)
        if verb == "remove":
            return await self.remove(interaction, table, ref.arg, values)
        if verb in ("seat", "form"):
            seat_no = table.seat_of(user.id)
            if seat_no is None or table.status != "playing":
                raise TableError("You're not playing at this table.")
            if verb == "form":
                maker = getattr(self.ui, "form", None)
                spec = maker(table, seat_no, ref.arg) if maker is not None else None
                if spec is None:
                    raise TableError("There is nothing to write now.")
                return Reply("form", Screen(_embed("", common.GREY)), form=spec)
            return Reply("private", self.private(table, seat_no), remember_view=(table, user.id))
        action = self.action_for(ref, values)
        if type(action) in self.engine.ask_first:  # a move for everyone at one tap: ask first
            check_may_send(table, user.id, action)
            return Reply("private", common.confirm_screen(table, action.verb))
        change = await self.service.act(
            table.id, user.id, action, interaction.id, name=common.player_name(user)
        )
        return self.reply_for(change, clicked_public, user.id)

    async def remove(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        arg: str | None,
        values: list[str] | None,
    ) -> Reply:
        """**Remove a player** on a lobby: the host's private pick of whom, then the removal."""
        user, manage = interaction.user, can_moderate(interaction)
        if arg is None:  # the lobby's button: ask whom
            check_may_remove(table, user.id, manage)
            return Reply("private", common.remove_screen(table, user.id))
        who = values[0] if values and len(values) == 1 else ""
        if arg != "pick" or not who.isascii() or not who.isdigit() or len(who) > 20:
            raise TableError(STALE)
        seat = table.seat_row(int(who))
        change = await self.service.remove(table.id, user.id, int(who), can_manage=manage)
        name = literal(seat.name) if seat is not None else "They"
        return Reply("update", _screen(f"{name} is off table #{change.table.id}."))

    async def confirmed(
        self, interaction: discord.Interaction[Any], table: Table, what: str | None
    ) -> Reply:
        """**Yes, leave** / **Yes, end it** on the private question Leave or End asked during
        play. A table that ended meanwhile, or a player who already left, gets a plain answer
        in place of the question."""
        user = interaction.user
        asked = self.engine.asked(what)
        if what not in ("leave", "end") and asked is None:
            raise TableError(STALE)
        if table.status == "ended":
            return Reply("update", _plain(f"Table #{table.id} has already ended."))
        if asked is not None:  # the game's move it asked about
            try:
                await self.service.act(
                    table.id, user.id, asked(), interaction.id, name=common.player_name(user)
                )
            except GameError as err:  # it changed under the question
                return Reply("update", _plain(str(err)))
            label = self.engine.ask_first[asked][1]
            return Reply("update", _screen(f"Done: {label.removeprefix('Yes, ')}."))
        try:
            if what == "leave":
                seat = table.seat_row(user.id)
                if seat is None:  # never sat here (a forged or borrowed question)
                    return Reply("update", _plain(f"You're not playing at table #{table.id}."))
                if seat.left_at is not None:
                    return Reply("update", _plain(f"You already left table #{table.id}."))
                await self.service.leave(table.id, user.id)
                return Reply("update", _screen(f"You left table #{table.id}. Thanks for playing!"))
            await self.service.end(table.id, user.id, can_manage=can_moderate(interaction))
        except TableError as err:  # it changed under the question (ended, left)
            return Reply("update", _plain(str(err)))
        return Reply("update", _screen(f"You ended table #{table.id}."))


def _custom_ids(msg: discord.Message) -> Iterator[Any]:
    """The custom ids of the components on the message (as Discord delivered it)."""
    for row in msg.components:
        for item in getattr(row, "children", [row]):
            yield getattr(item, "custom_id", None)


def _on_message(msg: discord.Message, cid: Any) -> bool:
    """Is a component with this custom id on the message?"""
    return cid in _custom_ids(msg)


def _anothers(msg: discord.Message, game: str, table_id: int) -> bool:
    """Does ``msg`` show another table: does a component on it name one? (An old copy of this
    table, pointing to its live copy, has no buttons left.)"""
    refs = (Ref.parse(cid) for cid in _custom_ids(msg))
    return any(r is not None and (r.game, r.table_id) != (game, table_id) for r in refs)


def _embed(message: str, colour: discord.Colour) -> discord.Embed:
    return discord.Embed(description=message or None, colour=colour)


def _screen(message: str) -> Screen:
    return Screen(_embed(message, common.GREEN))


def _plain(message: str) -> Screen:
    return Screen(_embed(message, common.GREY))


async def setup_game(bot: Host, name: str) -> None:
    """What ``cogs/<game>.py`` does: add the game's cog, built from its declaration."""
    cls = type(f"{name.capitalize()}Cog", (GameCog,), {})  # discord.py names a cog by its class
    await bot.add_cog(cls(bot, GAMES[name]))


def reply_text(message: str) -> Work:
    async def work() -> Reply:
        return Reply.text(message)

    return work
