"""What every game's cog shares: the lobby, the routing of clicks, and answering in time.

A cog turns a slash command or a click into one call on the table service and one reply.
Every interaction is answered within Discord's 3 seconds: the work runs, and if it is not done
after ``DEFER_AFTER`` seconds the interaction is deferred and the reply follows when ready.
Errors a player can cause get their message privately; anything else is logged and the player
gets an apology.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from bot.engines.base import Engine, GameError
from bot.tables import Change, Table, TableError
from bot.ui import common
from bot.ui.common import Screen
from bot.ui.components import Ref

if TYPE_CHECKING:
    from bot.app import Barkeep

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds of work before we defer (Discord allows 3)
APOLOGY = "Sorry, something went wrong on my side. Nothing was changed; please try again."
STALE = "That button does nothing any more."


@dataclass
class Reply:
    """How to answer: ``update`` the clicked message, send a ``private`` or ``public`` one."""

    kind: str
    screen: Screen
    remember_view: tuple[Table, int] | None = None  # (table, user): a private view to keep fresh
    table: Table | None = None  # the table whose public message this reply shows
    table_message: Table | None = None  # a public reply that becomes this table's message

    @classmethod
    def text(cls, message: str) -> Reply:
        return cls("private", Screen(discord.Embed(description=message, colour=common.GREY)))


Work = Callable[[], Awaitable[Reply]]


async def _run(work: Work) -> Reply:
    try:
        return await work()
    except GameError as err:
        return Reply.text(str(err))
    except Exception:
        log.exception("an interaction failed")
        return Reply.text(APOLOGY)


async def answer(
    interaction: discord.Interaction[Any], work: Work, *, public: bool = False
) -> Reply:
    """Run ``work`` and send its reply, deferring first if it takes too long."""
    task = asyncio.ensure_future(_run(work))
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    deferred = not done
    if deferred:
        try:
            if interaction.type == discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(thinking=True, ephemeral=not public)
        except discord.HTTPException:
            log.exception("could not defer interaction %s", interaction.id)
    reply = await task
    try:
        await _send(interaction, reply, deferred)
    except discord.HTTPException:
        log.exception("could not answer interaction %s", interaction.id)
    return reply


async def _send(interaction: discord.Interaction[Any], reply: Reply, deferred: bool) -> None:
    kwargs = reply.screen.kwargs()
    client: Barkeep = interaction.client  # type: ignore[assignment]
    message_id: int | None = None
    if reply.kind == "update":
        if deferred:
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
    elif reply.kind == "public":
        if deferred:
            message_id = (await interaction.edit_original_response(**kwargs)).id
        else:
            result = await interaction.response.send_message(**kwargs)
            message_id = int(result.message_id) if result.message_id else None
    else:
        if deferred:
            await interaction.followup.send(ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(ephemeral=True, **kwargs)
    if reply.table_message is not None and message_id is not None:
        await client.service.set_message(reply.table_message.id, message_id)
    if reply.remember_view is not None:
        table, user_id = reply.remember_view
        async with client.store.transaction() as tx:
            await tx.set_private_view(
                table.id,
                user_id,
                interaction.application_id,
                interaction.token,
                client.service.clock.now(),
            )
        client.renderer.opened_private(table, user_id, reply.screen)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and (perms.manage_guild or perms.administrator))


RULES = Path(__file__).resolve().parent.parent / "data" / "rules"


class GameCog(commands.Cog):
    """Base for one game's cog. Subclasses set ``engine`` and ``ui`` and map verbs to actions.

    ``ui`` is the game's module in bot/ui with ``public(table)`` and ``private(table, seat)``;
    the rules players read are ``data/rules/<game>.md``.
    """

    engine: ClassVar[Engine[Any]]
    ui: ClassVar[ModuleType]

    def __init__(self, bot: Barkeep) -> None:
        self.bot = bot
        self.service = bot.service
        self.rules_text = (RULES / f"{self.engine.name}.md").read_text(encoding="utf-8")

    @property
    def game(self) -> str:
        return self.engine.name

    def public(self, table: Table) -> Screen:
        return self.ui.public(table)

    def private(self, table: Table, seat: int) -> Screen:
        return self.ui.private(table, seat)

    def screen(self, table: Table) -> Screen:
        """The public table message as it should look now."""
        if table.status == "lobby":
            return common.lobby_screen(table)
        if table.state is None:  # ended before the deal
            return common.ended_screen(table, ["The table closed before the cards were dealt."])
        return self.public(table)

    def action_for(self, ref: Ref, values: list[str] | None) -> dict[str, Any]:
        """Map a clicked game verb to an engine action."""
        raise TableError(STALE)

    def reply_for(
        self, change: Change, clicked_public: bool, user_id: int, action: dict[str, Any]
    ) -> Reply:
        """After a game action: show the new table where the click was."""
        table = change.table
        seat = table.seat_of(user_id)
        if clicked_public or seat is None or table.status == "ended":
            return self.table_reply(table)
        return Reply("update", self.private(table, seat))

    def table_reply(self, table: Table) -> Reply:
        """Show the table as it is now on the clicked message."""
        return Reply("update", self.screen(table), table=table)

    # -- slash commands ----------------------------------------------------------------------
    async def open_table(
        self, interaction: discord.Interaction[Any], options: dict[str, Any]
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await answer(
                interaction, reply_text("Tables live in server channels: try this in a server.")
            )
            return
        user = interaction.user
        consented = False

        async def work() -> Reply:
            nonlocal consented
            consented = await self.service.has_consent(user.id, self.game)
            table = await self.service.open_table(
                self.game,
                guild_id=interaction.guild_id,  # type: ignore[arg-type]
                channel_id=interaction.channel_id,  # type: ignore[arg-type]
                host_id=user.id,
                host_name=user.display_name,
                options=options,
                seat_host=consented,
            )
            return Reply("public", self.screen(table), table_message=table)

        reply = await answer(interaction, work, public=True)
        if reply.table_message is not None and not consented:
            try:
                await interaction.followup.send(
                    ephemeral=True, **self.consent_screen(reply.table_message).kwargs()
                )
            except discord.HTTPException:
                log.exception("could not send the rules to the host")

    def consent_screen(self, table: Table) -> Screen:
        embed = common.rules_embed(self.engine.title, self.rules_text)
        embed.add_field(
            name="Before you play",
            value="This is a drinking game. Play only if you're of legal drinking age, know your "
            "limits, and swap in water whenever you like. Read the rules above, then press "
            "**I'm in** to take your seat.",
            inline=False,
        )
        rows = [
            [common.Button("I'm in", common.custom_id(self.game, table.id, "consent"), "success")]
        ]
        return Screen(embed, rows)

    # -- clicks ------------------------------------------------------------------------------
    async def on_component(
        self, interaction: discord.Interaction[Any], ref: Ref, values: list[str] | None
    ) -> None:
        msg = interaction.message

        async def work() -> Reply:
            table = await self.service.get(ref.table_id)
            if table is None or table.row.game != self.game:
                raise TableError("I can't find that table any more.")
            clicked_public = msg is not None and msg.id == table.row.message_id
            reply = await self.handle(interaction, table, ref, values, clicked_public)
            if clicked_public and reply.kind == "update" and reply.table is not None:
                # the reply puts the table on its own message: the renderer need not edit it
                self.bot.renderer.shown(reply.table)
            return reply

        await answer(interaction, work)

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
            return Reply("private", Screen(common.rules_embed(self.engine.title, self.rules_text)))
        if table.status == "ended":
            raise TableError(f"This table has ended. Start a new one with /{self.game} start.")
        if verb == "join":
            if not await self.service.has_consent(user.id, self.game):
                return Reply("private", self.consent_screen(table))
            table = await self.service.join(table.id, user.id, user.display_name)
            if clicked_public:
                return self.table_reply(table)
            return Reply.text(f"You're in at table #{table.id}.")
        if verb == "consent":
            await self.service.give_consent(user.id, self.game)
            seat = table.seat_row(user.id)
            if seat is None or seat.left_at is not None:
                await self.service.join(table.id, user.id, user.display_name)
            return Reply(
                "update", _screen(f"You're in at table #{table.id}. Have fun, and drink water too!")
            )
        if verb == "leave":
            change = await self.service.leave(table.id, user.id)
            if clicked_public:
                return self.table_reply(change.table)
            return Reply("update", _screen(f"You left table #{table.id}."))
        if verb == "start":
            change = await self.service.start(table.id, user.id)
            return self.reply_for(change, clicked_public, user.id, {})
        if verb == "end":
            change = await self.service.end(table.id, user.id, can_manage=can_manage(interaction))
            return self.reply_for(change, clicked_public, user.id, {})
        if verb == "seat":
            seat_no = table.seat_of(user.id)
            if seat_no is None or table.status != "playing":
                raise TableError("You're not playing at this table.")
            return Reply("private", self.private(table, seat_no), remember_view=(table, user.id))
        action = self.action_for(ref, values)
        change = await self.service.act(table.id, user.id, action, interaction.id)
        return self.reply_for(change, clicked_public, user.id, action)


def _screen(message: str) -> Screen:
    return Screen(discord.Embed(description=message, colour=common.GREEN))


def reply_text(message: str) -> Work:
    async def work() -> Reply:
        return Reply.text(message)

    return work
