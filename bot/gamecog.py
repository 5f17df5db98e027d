"""What every game's cog shares: the lobby, ``/<game> start`` and the routing of clicks.

A game needs no cog code of its own: ``cogs/<game>.py`` calls :func:`setup_game`, which builds a
:class:`GameCog` from the game's declaration in :data:`bot.games.GAMES` (engine, UI module,
rules text). ``/<game> start`` is generated from the engine's options, and a click is decoded
into the engine's action by the action's own codec; :func:`bot.answer.answer` answers it in
time.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answer import STALE, Reply, answer, can_moderate, reply_text, too_late
from bot.engines import words
from bot.engines.base import Action, GameError, Private, literal
from bot.games import GAMES, Game
from bot.host import Host
from bot.i18n import SPEAKERS, command, current, language_of, render, speaking, t, tr
from bot.render import ANSWERING, lacking, start_warning
from bot.tables import (
    AlreadyMoved,
    Change,
    NextGameOpen,
    Table,
    TableError,
    check_may_end,
    check_may_remove,
    check_may_send,
    no_takeover,
)
from bot.ui import common, takeback
from bot.ui.common import Screen
from bot.ui.components import Ref, custom_id
from bot.ui.replay import replay_buttons

log = logging.getLogger(__name__)

OPENINGS = (3, 60.0)  # tables one person may open with /<game> start per server, per seconds
ELSEWHERE = words.msg("table-elsewhere")
THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)
# the presses (verb, arg) that work from any channel of a table's server (GameCog.find_table)
LEAVING = {("leave", None), ("confirm", "leave")}  # anyone's: they free only the presser
ENDING = {("end", None), ("confirm", "end")}  # the host's alone
NOT_HERE = words.msg("table-not-here")
NOT_IN_SERVER = words.msg("table-not-in-server")


class GameCog(commands.Cog):
    """One game's slash commands and clicks. Built from the game's declaration, not subclassed."""

    def __init__(self, bot: Host, game: Game) -> None:
        self.bot = bot
        self.service = bot.service
        self.game_spec = game
        self.engine = game.engine
        self.ui = game.ui
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
            # the server's house rules, then what was typed (an option left out is None)
            given = {k: v for k, v in options.items() if v is not None}
            house = (
                self.bot.party.house(interaction.guild_id, self.game)
                if interaction.guild_id
                else {}
            )
            await self.open_table(interaction, {**house, **given})

        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        params = [inspect.Parameter("interaction", kind, annotation=discord.Interaction)]
        for opt in engine.options:
            if isinstance(opt.default, bool):
                annotation: Any = bool
            else:
                annotation = app_commands.Range[int, opt.minimum, opt.maximum]
            params.append(  # left out: the server's house rule, else the game's default
                inspect.Parameter(opt.name, kind, default=None, annotation=annotation | None)
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
        with speaking(SPEAKERS.table(table.row.guild_id)):  # the server's language
            screen: Screen = self.ui.public(table)
            return takeback.public(table, screen, self.service.clock.now())

    def private(self, table: Table, seat: int) -> Screen:
        reader = table.user_at(seat).user_id
        with speaking(SPEAKERS.reader(reader, table.row.guild_id)):  # the player's own
            screen: Screen = self.ui.private(table, seat)
            return takeback.private(table, seat, screen, self.service.clock.now())

    def screen(self, table: Table) -> Screen:
        """The public table message as it should look now, in the server's language. A game
        that was dealt ends with a **Play again** button (the game's own end screen, the
        platform's button)."""
        with speaking(SPEAKERS.table(table.row.guild_id)):
            return self._screen(table)

    def _screen(self, table: Table) -> Screen:
        if table.status == "lobby":
            return common.lobby_screen(table)
        if table.state is None:  # ended before the deal
            return common.ended_screen(table, [tr("table-closed-undealt")])
        screen = common.with_seats(table, self.public(table))  # open seats on top
        if table.status == "ended":
            buttons = [common.again_button(table), *replay_buttons(table.id)]
            screen = Screen(screen.embed, [buttons], screen.content)
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
            await answer(interaction, reply_text(NOT_IN_SERVER))
            return
        if self.bot.get_guild(interaction.guild_id) is None:  # a server the bot is not in
            await answer(interaction, reply_text(NOT_HERE))
            return
        user = interaction.user
        channel = interaction.channel  # a thread follows its channel's game rules
        if isinstance(channel, discord.Thread) and channel.locked:  # a moderator's command
            await answer(
                interaction,
                reply_text(words.msg("table-thread-locked")),
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
                    raise TableError(tr("table-easy", n=OPENINGS[0], when=common.countdown(at)))
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
                    ephemeral=True,
                    **self.consent_screen(table, language_of(interaction.locale)).kwargs(),
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
            raise TableError(words.msg("table-gone"))
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
            start = command(current(), f"{self.game} start")
            raise TableError(tr("table-again-players-only", id=str(table.id), command=start))
        return table

    def rules_screen(self, table: Table, lang: str) -> Screen:
        """The short rules, filled from the table's options, with a **Full rules** button."""
        short = common.fill_rules(self.game_spec.rules_in(lang)[1], table.row.options, lang)
        return common.rules_screen(table, short, lang)

    def consent_screen(self, table: Table, lang: str) -> Screen:
        """The short rules and what to know before playing, in the player's ``lang``."""
        screen = self.rules_screen(table, lang)
        embed = screen.embed
        age = self.bot.party.guild(table.row.guild_id).min_age  # /settings age
        if age:
            embed.add_field(
                name=t(lang, "consent-server"),
                value=f"\U0001f51e {common.escape(age)}",
                inline=False,
            )
        drinking = self.engine.drinks_with(table.row.options)
        button = t(lang, "consent-button")
        embed.add_field(
            name=t(lang, "consent-before"),
            value=t(lang, "consent-text", drinking=str(drinking).lower(), button=button),
            inline=False,
        )
        consent = common.platform(table, "consent", button, "success")
        return Screen(embed, [[consent, common.full_rules_button(table, lang)]])

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
                said = too_late(str(err)) if stale and fresh.status == "ended" else render(str(err))
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
        reply = await answer(interaction, work)
        if ref.verb == "start" and reply.table is not None:  # this press started the game
            # Discord says, with every interaction, what the bot may do there: a table that
            # should open a play-by-play thread and can't, says so to its host, once
            notice = self.bot.renderer.start_notice(
                reply.table, interaction.channel, interaction.app_permissions
            )
            if notice is not None:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.followup.send(notice, ephemeral=True)

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
                again = common.Button(tr("table-write-again"), cid, "primary")
                return Reply("private", Screen(_embed(render(str(err)), common.GREY), [[again]]))
        wrote = " ".join(values or []).strip()
        said = too_late(str(err))
        if wrote:
            said = tr("table-you-wrote", said=said, wrote=common.escape(wrote))
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
        own = language_of(interaction.locale)  # a private answer's language: the player's
        if verb == "rules":
            if ref.arg == "full":
                full = self.game_spec.rules_in(own)[0]
                return Reply("private", Screen(common.rules_embed(own, self.game, full)))
            return Reply("private", self.rules_screen(table, own))
        if verb == "confirm":
            return await self.confirmed(interaction, table, ref.arg)
        if table.status == "ended":
            start = command(current(), f"{self.game} start")
            raise TableError(words.msg("table-ended", command=start))
        if verb == "join":
            if not await self.service.has_consent(user.id, self.game):
                return Reply("private", self.consent_screen(table, own))
            table = await self.service.join(table.id, user.id, common.player_name(user))
            if clicked_public:
                return self.table_reply(table)
            return Reply.text(tr("table-in", id=str(table.id)))
        if verb == "consent":
            await self.service.give_consent(user.id, self.game)
            if ref.arg is not None:  # consented on the way to an open seat (take_seat)
                return await self.take_seat(interaction, table, ref.arg, True)
            seat = table.seat_row(user.id)
            if seat is None or seat.left_at is not None:
                await self.service.join(table.id, user.id, common.player_name(user))
            return Reply("update", _screen(tr("table-in-welcome", id=str(table.id))))
        if verb == "leave":
            if table.in_game(user.id):  # leaving changes the game: ask first
                mine = table.seat_of(user.id)
                return Reply("private", common.confirm_screen(table, "leave", mine))
            change = await self.service.leave(table.id, user.id)
            if clicked_public:
                return self.table_reply(change.table)
            return Reply("update", _screen(tr("table-you-left", id=str(table.id))))
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
                return Reply("update", _screen(tr("table-you-ended", id=str(table.id))))
            return self.reply_for(change, clicked_public, user.id)
        if verb == "remove":
            return await self.remove(interaction, table, ref.arg, values)
        if verb == takeback.VERB:
            return await self.take_back(interaction, table, ref.arg, clicked_public)
        if verb == "take_seat":
            return await self.take_seat(interaction, table, ref.arg, clicked_public)
        if verb in ("allow_seat", "deny_seat", "close_seat"):
            return await self.seat_answer(interaction, table, verb, ref.arg, clicked_public)
        if verb in ("seat", "form"):
            seat_no = table.seat_of(user.id)
            if seat_no is None or table.status != "playing":
                raise TableError(words.msg("table-not-playing"))
            if verb == "form":
                maker = getattr(self.ui, "form", None)
                spec = maker(table, seat_no, ref.arg) if maker is not None else None
                if spec is None:
                    raise TableError(words.msg("table-nothing-to-write"))
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
        name = literal(seat.name) if seat is not None else tr("table-someone")
        return Reply(
            "update", _screen(tr("table-removed-answer", name=name, id=str(change.table.id)))
        )

    async def take_back(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        arg: str | None,
        clicked_public: bool,
    ) -> Reply:
        """**↩ Take back** (``ask.<seq>``), and the others' **Agree** / **No** (``yes.<seq>``,
        ``no.<seq>``) on its request: the answer shows the table where the tap was."""
        what, _, number = (arg or "").partition(".")
        if what not in ("ask", "yes", "no") or not number.isdigit() or len(number) > 9:
            raise TableError(STALE)
        user, seq = interaction.user, int(number)
        if what == "ask":
            change = await self.service.ask_take_back(table.id, user.id, seq)
        else:
            change = await self.service.answer_take_back(
                table.id, user.id, seq, what == "yes", interaction.id
            )
        return self.reply_for(change, clicked_public, user.id)

    async def take_seat(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        arg: str | None,
        clicked_public: bool,
    ) -> Reply:
        """**Take seat**: the rules consent first (once per game), then the seat: taken at once
        (your own seat back; the host's), or asked of the host. Several seats open, or the
        host pressing: a private choice first (``arg``: "<seat>.go", that choice made)."""
        user = interaction.user
        if not self.engine.seat_takeover:
            raise TableError(no_takeover(self.game))
        opened = table.open_seats() if table.status == "playing" else []
        seat_no, chosen = _seat_arg(arg)
        if seat_no is None:
            if not opened:
                raise TableError(words.msg("table-no-open-seat"))
            host = user.id == table.row.host_id
            if host or len(opened) > 1:
                screen = common.seat_choice_screen(table, host, table.in_game(user.id))
                return Reply("private", screen)
            seat_no = opened[0].seat
        assert seat_no is not None
        if not await self.service.has_consent(user.id, self.game):
            own = language_of(interaction.locale)
            screen = self.consent_screen(table, own)
            label = t(own, "consent-button")
            ok = common.platform(table, "consent", label, "success", arg=f"{seat_no}.go")
            rules = common.full_rules_button(table, own)
            return Reply("private", Screen(screen.embed, [[ok, rules]]))
        change = await self.service.ask_seat(table.id, user.id, common.player_name(user), seat_no)
        if change.seat is None:  # asked: the table shows the host's Allow / No
            text = tr("table-seat-asked")
            if not clicked_public or chosen:
                return Reply("update", _screen(text))
            return Reply.text(text)
        if clicked_public and not chosen:
            return self.table_reply(change.table)
        return Reply("update", _screen(tr("table-seat-in", id=str(table.id))))

    async def seat_answer(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        verb: str,
        arg: str | None,
        clicked_public: bool,
    ) -> Reply:
        """The host's **Allow** / **No** to a request for a seat (``arg``: "<seat>.<asker>"),
        or **Close** of an open seat (``arg``: the seat)."""
        user = interaction.user
        parts = (arg or "").split(".")
        if not all(p.isascii() and p.isdigit() and len(p) <= 20 for p in parts) or (
            len(parts) != (1 if verb == "close_seat" else 2)
        ):
            raise TableError(STALE)
        seat_no = int(parts[0])
        if verb == "close_seat":
            change = await self.service.close_seat(table.id, user.id, seat_no)
            if not clicked_public:
                return Reply("update", _screen(tr("table-seat-closed-answer")))
        else:
            change = await self.service.answer_seat(
                table.id, user.id, seat_no, int(parts[1]), allow=verb == "allow_seat"
            )
        return self.table_reply(change.table)

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
            return Reply("update", _plain(tr("table-ended-already", id=str(table.id))))
        if asked is not None:  # the game's move it asked about
            try:
                await self.service.act(
                    table.id, user.id, asked(), interaction.id, name=common.player_name(user)
                )
            except GameError as err:  # it changed under the question
                return Reply("update", _plain(render(str(err))))
            label = render(self.engine.ask_first[asked][1])  # "Yes, last call"
            done = label.removeprefix(tr("table-yes")).lstrip(" ,")
            return Reply("update", _screen(tr("table-done", what=done)))
        try:
            if what == "leave":
                seat = table.seat_row(user.id)
                if seat is None:  # never sat here (a forged or borrowed question)
                    return Reply("update", _plain(tr("table-not-playing-at", id=str(table.id))))
                if seat.left_at is not None:
                    return Reply("update", _plain(tr("table-left-already", id=str(table.id))))
                change = await self.service.leave(table.id, user.id)
                if seat.opened is not None and change.table.status == "playing":
                    return Reply("update", _screen(tr("table-you-left-open", id=str(table.id))))
                return Reply("update", _screen(tr("table-you-left", id=str(table.id))))
            await self.service.end(table.id, user.id, can_manage=can_moderate(interaction))
        except TableError as err:  # it changed under the question (ended, left)
            return Reply("update", _plain(render(str(err))))
        return Reply("update", _screen(tr("table-you-ended", id=str(table.id))))


def _seat_arg(arg: str | None) -> tuple[int | None, bool]:
    """**Take seat**'s ``arg``: (the seat, whether it was chosen privately): ``None`` the
    table's button, "<seat>.go" a private choice."""
    if arg is None:
        return None, False
    head, _, tail = arg.partition(".")
    if not head.isascii() or not head.isdigit() or len(head) > 2 or tail not in ("", "go"):
        raise TableError(STALE)
    return int(head), tail == "go"


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
