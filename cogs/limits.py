"""/limits: a player's cap for tonight and alcohol-free mode, and erasing their history here.

Everything here is private (ephemeral). The buttons on the /limits screen (``limits:0:<verb>``)
are routed here by ``Barkeep.component_handlers``; they act for whoever clicks, in the server
where they click, so a copied custom id can only ever change the clicker's own settings.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import safety
from bot.answer import STALE, Reply, answer
from bot.i18n import ENGLISH, language_of, on_off, t
from bot.party import Standing
from bot.tables import TableError
from bot.ui import party as screens
from bot.ui.components import Ref

# the commands' English; other languages' are the catalogs' choice-<value> (bot/i18n/commands.py)
MODE_CHOICES = [
    app_commands.Choice(name=t(ENGLISH, "limits-choice-sips"), value=safety.SIPS),
    app_commands.Choice(name=t(ENGLISH, "limits-choice-free"), value=safety.ALCOHOL_FREE),
]


class Limits(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.component_handlers[screens.LIMITS] = self.on_component

    async def cog_unload(self) -> None:
        self.bot.component_handlers.pop(screens.LIMITS, None)

    @app_commands.command(
        name="limits",
        description="Your cap, alcohol-free mode and how your cards look (only you see it)",
    )
    @app_commands.describe(
        cap=f"Sips in any 12 hours; after that your drinks count as water (1-{safety.MAX_CAP})",
        clear_cap="Remove your own cap",
        mode="sips, or alcohol-free: your drinks become points (remembered)",
        pictures="Card emoji in your own hands (off: text only); the server's choice if unset",
        four_colour="The four-colour deck for your cards: diamonds blue, clubs green",
    )
    @app_commands.choices(mode=MODE_CHOICES)
    @app_commands.guild_only()
    async def limits(
        self,
        interaction: discord.Interaction,
        cap: app_commands.Range[int, 1, safety.MAX_CAP] | None = None,
        clear_cap: bool = False,
        mode: app_commands.Choice[str] | None = None,
        pictures: bool | None = None,
        four_colour: bool | None = None,
    ) -> None:
        party, guild_id, user_id = self.bot.party, interaction.guild_id, interaction.user.id
        lang = language_of(interaction.locale)  # all of /limits is private: the player's own

        async def work() -> Reply:
            looks = (pictures, four_colour)
            if cap is None and not clear_cap and mode is None and looks == (None, None):
                standing = await party.standing(guild_id, user_id)
                return Reply("private", screens.limits_screen(lang, standing))
            value = mode.value if mode else None
            standing = await party.set_player(
                guild_id,
                user_id,
                cap=cap,
                clear_cap=clear_cap,
                mode=value,
                images=pictures,
                four_colour=four_colour,
            )
            note = changed(lang, standing, cap, clear_cap, value)
            if pictures is not None:
                note += "\n" + t(lang, "limits-emoji-set", on=on_off(pictures))
            if four_colour is not None:
                note += "\n" + t(lang, "limits-four-colour-set", on=on_off(four_colour))
            note = note.strip()
            return Reply("private", screens.limits_screen(lang, standing, note))

        await answer(interaction, work)

    async def on_component(
        self, interaction: discord.Interaction, ref: Ref, values: list[str] | None
    ) -> None:
        party, guild_id, user_id = self.bot.party, interaction.guild_id, interaction.user.id
        lang = language_of(interaction.locale)
        guild_name = interaction.guild.name if interaction.guild else t(lang, "tally-this-server")

        async def work() -> Reply:
            if guild_id is None:
                raise TableError(STALE)
            verb = ref.verb
            if verb in ("free", "sips"):
                mode = safety.ALCOHOL_FREE if verb == "free" else safety.SIPS
                standing = await party.set_player(guild_id, user_id, mode=mode)
                note = changed(lang, standing, None, False, mode)
            elif verb == "clear":
                standing = await party.set_player(guild_id, user_id, clear_cap=True)
                note = changed(lang, standing, None, True, None)
            elif verb == "erase":
                return Reply("update", screens.erase_screen(lang, guild_name))
            elif verb == "erase_yes":
                erased = await party.erase(guild_id, user_id)
                return Reply("update", screens.erased_screen(lang, guild_name, erased))
            elif verb == "keep":
                standing = await party.standing(guild_id, user_id)
                note = t(lang, "erase-kept")
            else:
                raise TableError(STALE)
            return Reply("update", screens.limits_screen(lang, standing, note))

        await answer(interaction, work)


def changed(
    lang: str, standing: Standing, cap: int | None, clear_cap: bool, mode: str | None
) -> str:
    """What /limits (or a button on it) just did, in a line or two."""
    lines = []
    if mode == safety.ALCOHOL_FREE:
        lines.append(t(lang, "limits-now-free"))
    elif mode == safety.SIPS:
        lines.append(t(lang, "limits-now-sips"))
    if clear_cap:
        lines.append(t(lang, "limits-cap-cleared"))
    if cap is not None:
        if standing.left == 0:
            lines.append(t(lang, "limits-cap-set-reached", n=cap, tonight=standing.tonight.sips))
        else:
            lines.append(t(lang, "limits-cap-set", n=cap))
    return "\n".join(lines)


async def setup(bot: Any) -> None:
    await bot.add_cog(Limits(bot))
