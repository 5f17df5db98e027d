"""A channel that refuses the bot: the log says why, and the table's players are told once.

No retry loop: the next change tries again, and a channel write that lands clears the state.
The players read a plain message in the channel if the bot may post there, else a private one
through the token of the latest click on the table (or at the next click).
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.config import PERMISSIONS
from bot.i18n import SPEAKERS, speaking
from bot.render.budgets import POST_ROUTE, TOKEN_LIFE
from bot.render.core import RendererCore
from bot.render.permissions import may_post, missing_permissions, refused_text
from bot.tables import Table

log = logging.getLogger(__name__)


class Notices(RendererCore):
    """The renderer's part that tells a table's players what stops their table's updates."""

    def refused(self, table: Table, why: str, doing: str) -> None:
        """Discord refused to let the bot ``doing`` ("edit", "post") the table's message in its
        channel (``why``: Discord's answer): log which permissions the bot lacks there, and
        tell the players once."""
        channel_id = table.row.channel_id
        if table.status == "ended" and self.client.get_guild(table.row.guild_id) is None:
            # the bot was removed from the server (which closed the table): not a missing
            # permission, and nothing more to show there
            log.info("table #%s: its server removed Barkeep (%s)", table.id, why)
            self._forget_table(table)
            return
        missing = missing_permissions(self.client, channel_id)
        known = tuple(missing or ())
        if self._refused.get(table.id) == known:
            log.info("table #%s: still refused in channel %s (%s)", table.id, channel_id, why)
            return
        self._refused[table.id] = known
        lacks = (
            f"Barkeep lacks {', '.join(missing)} there"
            if missing
            else f"Barkeep needs {', '.join(PERMISSIONS.values())} there (which is off: unknown)"
        )
        log.warning(
            "table #%s: Discord refused to %s its message in channel %s (%s). %s.",
            table.id,
            doing,
            channel_id,
            why,
            lacks,
        )
        # posted in the channel or told to whoever clicks next: in the server's language
        with speaking(SPEAKERS.table(table.row.guild_id)):
            text = refused_text(table.id, channel_id, missing)
        if may_post(self.client, channel_id):
            self._post_notice(table, text)
        else:
            self._tell_privately(table.id, text)

    def _post_notice(self, table: Table, text: str) -> None:
        """Post ``text`` in the table's channel, as a plain message (no embed needs no Embed
        Links); if that is refused too, tell the players privately instead."""
        channel_id = table.row.channel_id

        async def job() -> None:
            await self._channel(channel_id).gate("POST", POST_ROUTE)
            channel = self.client.get_partial_messageable(channel_id)
            try:
                await channel.send(content=text)
            except discord.HTTPException as err:
                log.info("table #%s: the notice could not be posted either (%s)", table.id, err)
                self._tell_privately(table.id, text)

        loop = asyncio.get_running_loop()
        self._channel(channel_id).add(("notice", table.id), loop.time(), job)

    def _tell_privately(self, table_id: int, text: str) -> None:
        """Send ``text`` to whoever clicked on the table last, if their click's token still
        lives; else to whoever clicks on it next."""
        now = self.service.clock.now()
        tokens = [self._tokens.get(table_id), *self._view_tokens.get(table_id, {}).values()]
        live = [t for t in tokens if t is not None and now - t.at <= TOKEN_LIFE]
        self._to_tell[table_id] = text
        if live:
            freshest = max(live, key=lambda t: t.at)
            self._tell_pending(table_id, freshest.app_id, freshest.token)

    def _tell_pending(self, table_id: int, app_id: int, token: str) -> None:
        """A player just clicked on the table (``token``): give them a notice it has waiting."""
        text = self._to_tell.pop(table_id, None)
        if text is None:
            return

        async def send() -> None:
            hook = discord.Webhook.from_state(
                {"id": app_id, "type": 3, "token": token}, self.client._connection
            )
            try:
                await hook.send(content=text, ephemeral=True)
            except discord.HTTPException as err:
                log.info("table #%s: the notice could not be sent privately (%s)", table_id, err)

        self._spawn_private(send())
