"""Answering an interaction within Discord's 3 seconds.

:func:`answer` runs the work that decides a :class:`Reply`, and if it is not done after
``DEFER_AFTER`` seconds (less the time the interaction took to reach the bot) it defers the
interaction and the reply follows when ready. The reply then goes the way its kind says: an
update of the clicked message (holding that message's writer, so that the newest screen is what
lands), a private or public message, or a form. Errors a player can cause get their message
privately; anything else is logged and the player gets an apology.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

from bot.engines.base import GameError, msg
from bot.engines.words import unpack
from bot.host import Host
from bot.i18n import language_of, render, speaking, tr
from bot.render import Writer
from bot.store import COMMITTED, Stale, TableRow
from bot.tables import BUSY, Elsewhere, Table, made_at
from bot.ui import common
from bot.ui.common import Screen
from bot.ui.components import Form, custom_id, modal

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds of work before we defer (Discord allows 3)
LATE_AT_MOST = 1.0  # seconds of delivery delay taken off DEFER_AFTER, at most (see defer_after)
# words as data (bot/engines/words.py), worded in the clicker's language as they are shown
APOLOGY = msg("table-apology")
APOLOGY_DONE = msg("table-apology-done")  # the error came after the move (or join...) was stored
STALE = msg("table-stale")
LATE_ALREADY = {"table-takeback-too-late", "table-takeback-moved-on"}  # refusals that say so


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
    # An update of a message that has one writer (bot/render): the writer's key, and how to draw
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
        """A private answer of a few words: plain text, or words as data worded in the
        language of the answer under way (bot.answer.answer: the clicker's)."""
        embed = discord.Embed(description=render(message), colour=common.GREY)
        return cls("private", Screen(embed, [list(buttons)] if buttons else []))


def from_here(table: TableRow, verb: str = "leave") -> common.Button:
    """``table``'s Leave (or End), for a private answer in another channel of its server:
    :meth:`bot.gamecog.GameCog.find_table` lets them through from anywhere there."""
    label = tr("table-from-here", verb=verb, id=str(table.id))
    return common.Button(label, custom_id(table.game, table.id, verb), "danger")


Work = Callable[[], Awaitable[Reply]]


async def _run(work: Work) -> Reply:
    mark = COMMITTED.set(False)
    try:
        return await work()
    except Elsewhere as err:  # with a way out from here: the other table's Leave or End
        return Reply.text(str(err), from_here(err.table, err.verb))
    except GameError as err:  # a refusal: in the clicker's language (Reply.text words it)
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
    """A refusal (plain, or words as data) for a click on a button that an edit had already
    removed, worded in the language of the answer under way."""
    said = render(text)
    data = unpack(text)
    if data is not None and data[0] in LATE_ALREADY:  # the refusal says so already
        return said
    if said[:1].isupper() and said[1:2].islower():
        said = said[0].lower() + said[1:]
    return tr("table-too-late", what=said)


async def answer(
    interaction: discord.Interaction[Any], work: Work, *, public: bool = False
) -> Reply:
    """Run ``work`` and send its reply, deferring first if it takes too long.

    ``public``: the answer is meant to be a new public message (a table opened by a command or
    by **Play again**): a deferral then shows as a new message, "thinking", never as an update
    of the clicked one, and is deleted if the answer turns out private (a refusal)."""
    client: Host = interaction.client
    mine = client.begin_answer(interaction.id)
    # what is drawn for this answer speaks the clicker's language (a table's screen says its own)
    try:
        with speaking(language_of(interaction.locale)):
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
    except discord.HTTPException as err:
        _failed("answer", interaction, err)
    except CUT_OFF as err:
        _cut_off("answer", interaction, err)
    return reply


async def _defer(interaction: discord.Interaction[Any], *, public: bool = False) -> bool:
    """Acknowledge now, answer later. Returns whether it is deferred (False if Discord refused)."""
    try:
        if interaction.type == discord.InteractionType.component and not public:
            await interaction.response.defer()  # "working on it", the clicked message as it is
        else:
            await interaction.response.defer(thinking=True, ephemeral=not public)
    except discord.HTTPException as err:
        _failed("defer", interaction, err)
        return False
    except CUT_OFF as err:
        _cut_off("defer", interaction, err)
        return False
    return True


ANSWERED_ALREADY = 40060  # Discord: "Interaction has already been acknowledged"
# the connection to Discord failed while an answer was on its way (reset, closed, timed out)
CUT_OFF = (aiohttp.ClientError, OSError, asyncio.TimeoutError)


def _cut_off(what: str, interaction: discord.Interaction[Any], err: BaseException) -> None:
    """The answer's request never got a reply: nothing on the bot's side to trace, and what was
    stored before it stands (the table's message is brought in line by the renderer)."""
    log.warning(
        "could not %s interaction %s: the connection to Discord failed (%s)",
        what,
        interaction.id,
        err or type(err).__name__,
    )


UNKNOWN_INTERACTION = 10062  # Discord: its 3 s to answer are over (or it never knew it)


def _failed(what: str, interaction: discord.Interaction[Any], err: discord.HTTPException) -> None:
    """Log an answer Discord refused. One it had already (the same interaction delivered
    twice: Discord again, or to two copies of the bot while a shard moves) is no fault: the
    first answer stands, and this one had nothing more to say. One Discord no longer knows came
    after its 3 s: a warning, since a player saw "This interaction failed" (an interaction
    replayed to the bot late, after a lost connection, or a bot too slow), with nothing of
    the bot's own to trace."""
    if err.code == ANSWERED_ALREADY:
        log.info("interaction %s was answered already: not answered again", interaction.id)
        return
    if err.code == UNKNOWN_INTERACTION:
        log.warning("interaction %s: Discord's 3 s to answer it were over", interaction.id)
        return
    log.exception("could not %s interaction %s", what, interaction.id)


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
        elif reply.table is not None and msg is not None:
            # the table's picture as the message has it (an answer uploads none)
            screen = client.renderer.dress(reply.table, screen, msg)
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
                client.renderer.kept(reply.table, msg.id, screen)
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
    client: Host = interaction.client
    if reply.screen.public:  # a table posted anew: with no picture yet (the renderer adds it)
        reply.screen = reply.screen.pictured(None)
    kwargs = reply.screen.kwargs(new=True)  # every answer from here sends a message
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


def reply_text(message: str) -> Work:
    async def work() -> Reply:
        return Reply.text(message)

    return work
