"""/history, and the replays and game records of finished tables.

A finished table's end screen has **Replay** and **Record**; ``/history`` lists the player's last
games in the server and the server's, with a menu that opens any one's replay. The replay is a
private stepper (bot/ui/replay.py) rebuilt from the game's record, which is read from the store
and checked (bot/replay.py) each time a table's replay is first asked for; the record itself
comes as a JSON file that ``python -m bot.replay FILE`` re-deals offline.

Who may see them: anyone in the server where the game was played (the seed is public at the
end, and the table was public all along). Records are kept 30 days, and beyond that the last 100
games of a server (bot/store/statements/records.py); an older one says so.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answer import STALE, Reply, answer
from bot.art.looks import LOOKS
from bot.art.tables import picture_of
from bot.art.worker import render_apart
from bot.i18n import tr
from bot.replay import (
    RecordRefused,
    Replayed,
    dumps,
    holder_names,
    make_record,
    replay_record,
)
from bot.tables import TableError
from bot.ui import replay as screens
from bot.ui.common import GREY, Screen, filename
from bot.ui.components import Ref

log = logging.getLogger(__name__)

KEPT = 8  # replays kept in memory (players step through one at a time)


class History(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._replays: OrderedDict[int, tuple[dict[str, Any], Replayed]] = OrderedDict()

    async def cog_load(self) -> None:
        self.bot.component_handlers[screens.REPLAY] = self.on_component

    async def cog_unload(self) -> None:
        self.bot.component_handlers.pop(screens.REPLAY, None)

    @app_commands.command(
        name="history", description="Your last games here and the server's, with their replays"
    )
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        guild_id, user_id = interaction.guild_id, interaction.user.id
        guild = interaction.guild

        async def work() -> Reply:
            if guild_id is None:
                return Reply.text(tr("history-no-server"))
            name = guild.name if guild else tr("history-this-server")
            async with self.bot.store.reading() as q:
                mine = await q.ended_tables(guild_id, user_id)
                recent = await q.ended_tables(guild_id)
            return Reply("private", screens.history_screen(name, mine, recent))

        await answer(interaction, work)

    async def replayed(
        self, table_id: int, guild_id: int | None
    ) -> tuple[dict[str, Any], Replayed]:
        """The table's record and its replay (checked), or a TableError saying why not."""
        hit = self._replays.get(table_id)
        if hit is not None:
            self._replays.move_to_end(table_id)
            return hit
        async with self.bot.store.reading() as q:
            row = await q.table(table_id)
            if row is None or row.guild_id != guild_id:
                raise TableError(tr("history-unknown"))
            if row.status != "ended":
                raise TableError(tr("history-not-over"))
            if row.state is None:
                raise TableError(tr("history-never-dealt"))
            if not await q.has_record(table_id):
                raise TableError(tr("history-pruned"))
            seats = await q.seats(table_id)
            actions = await q.actions_with_seq(table_id)
            drinks = await q.table_drinks(table_id)
        try:
            record = make_record(row, seats, actions, drinks)
            replayed = replay_record(record)
        except (ValueError, RecordRefused) as err:
            log.warning("table #%s: its record does not replay: %s", table_id, err)
            raise TableError(tr("history-broken")) from None
        self._replays[table_id] = (record, replayed)
        while len(self._replays) > KEPT:
            self._replays.popitem(last=False)
        return record, replayed

    async def _picture(
        self, record: dict[str, Any], replayed: Replayed, step: int, guild_id: int, user_id: int
    ) -> tuple[str, bytes] | None:
        """The table's picture at ``step`` for this viewer: its attachment name (the one the
        table's message gave the same picture, bot/ui/common.py ``filename``) and its PNG; None:
        no art, or pictures off."""
        if not LOOKS.images(guild_id, user_id):
            return None
        state, engine = replayed.states[step], replayed.engine
        names = holder_names(record, step)
        picture = picture_of(record["game"], engine.view(state, None), names, engine.players(state))
        if picture is None:
            return None
        four_colour = LOOKS.four_colour(guild_id, user_id)
        try:
            png = await render_apart(picture, four_colour=four_colour)
        except Exception:
            log.exception("replay of table #%s: its picture could not be drawn", record["table"])
            return None
        return filename(picture.key(four_colour)), png

    async def on_component(
        self, interaction: discord.Interaction, ref: Ref, values: list[str] | None
    ) -> None:
        guild_id, user_id = interaction.guild_id, interaction.user.id
        message = interaction.message
        private = message is not None and message.flags.ephemeral

        async def work() -> Reply:
            table_id, verb = ref.table_id, ref.verb
            if verb == "pick":
                table_id = int(values[0]) if values and values[0].isdigit() else 0
                step = 0
            elif verb == "jump":
                step = screens.step_of(values[0] if values else None)
            elif verb == "step":
                step = screens.step_of(ref.arg)
            elif verb != "record":
                raise TableError(STALE)
            record, replayed = await self.replayed(table_id, guild_id)
            if verb == "record":
                name = f"barkeep-{record['game']}-table-{table_id}.json"
                text = "\U0001f4c4 " + tr("history-record", table=str(table_id))
                screen = Screen(
                    discord.Embed(description=text, colour=GREY),
                    files=((name, dumps(record).encode()),),
                )
                return Reply("private", screen)
            step = max(0, min(step, len(replayed.steps)))
            drawn = await self._picture(record, replayed, step, guild_id or 0, user_id)
            screen = screens.stepper(record, replayed, step)
            if drawn is not None:
                screen.embed.set_image(url=f"attachment://{drawn[0]}")
            screen.files = (drawn,) if drawn is not None else ()
            return Reply("update" if private else "private", screen)

        await answer(interaction, work)


async def setup(bot: Any) -> None:
    await bot.add_cog(History(bot))
