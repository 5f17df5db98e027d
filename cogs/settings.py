"""/settings: a server's party-safety settings, its tables' pictures and play-by-play threads,
for people with Manage Server.

The group is hidden from members without Manage Server (Discord's default_member_permissions),
and every subcommand checks the permission itself too, since a server can grant the command to
anyone in its integration settings. Answers are private; each shows every setting after the
change. A setting left empty turns that setting off.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import house, safety
from bot.answer import Reply, answer, can_manage
from bot.games import GAMES
from bot.i18n import ENGLISH, LANGUAGES, game_title, language_of, on_off, ordinal, t
from bot.render.permissions import named
from bot.render.playbyplay import has_threads, thread_lacks
from bot.ui import party as screens
from cogs.tally import GAME_CHOICES

AUTO = "auto"  # /settings language: the server's own Discord language
LANGUAGE_CHOICES = [
    app_commands.Choice(name=lang.name, value=code) for code, lang in LANGUAGES.items()
] + [app_commands.Choice(name=t(ENGLISH, "settings-language-choice-auto"), value=AUTO)]


Change = Callable[[], Awaitable[str]]  # makes a change, returns a line saying what it did


class Place(app_commands.Transformer):
    """A channel a table can be played in, for Discord's picker: a text or announcement
    channel, a voice or stage channel's chat, or a forum (its posts follow it). (discord.py's
    ForumChannel would also declare media channels, which Discord's API description lacks.)"""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        kinds = discord.ChannelType
        return [kinds.text, kinds.news, kinds.voice, kinds.stage_voice, kinds.forum]

    async def transform(self, interaction: discord.Interaction, value: Any) -> Any:
        return value


class Settings(commands.Cog):
    settings = app_commands.Group(
        name="settings",
        description="Barkeep's party-safety settings for this server (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def _show(self, interaction: discord.Interaction, change: Change | None = None) -> None:
        """Answer privately with every setting, after ``change()`` if the user may change them."""
        party = self.bot.party
        guild_id = interaction.guild_id
        lang = language_of(interaction.locale)  # a private answer: the person's own language
        guild = interaction.guild
        guild_name = guild.name if guild else t(lang, "tally-this-server")

        async def work() -> Reply:
            if not can_manage(interaction):
                return Reply.text(t(lang, "settings-managers-only"))
            note = await change() if change is not None else ""
            rules = await party.game_rules(guild_id)
            screen = screens.settings_screen(
                lang,
                party.guild(guild_id),
                rules,
                guild_name,
                note,
                party.all_house(guild_id),
                party.language(guild_id, guild and guild.preferred_locale),
            )
            return Reply("private", screen)

        await answer(interaction, work)

    def _set(self, interaction: discord.Interaction, note: str, **changes: Any) -> Change:
        async def change() -> str:
            await self.bot.party.set_guild(interaction.guild_id, **changes)
            return note

        return change

    def _redrawing(self, interaction: discord.Interaction, note: str, **changes: Any) -> Change:
        """:meth:`_set` for what the tables show: the server's open tables are redrawn at once,
        not at their next move."""
        change = self._set(interaction, note, **changes)

        async def and_redraw() -> str:
            said = await change()
            for table in self.bot.service.open_tables():
                if table.row.guild_id == interaction.guild_id:
                    self.bot.renderer.redraw(table)
            return said

        return and_redraw

    @settings.command(name="show", description="Every party-safety setting of this server")
    async def show(self, interaction: discord.Interaction) -> None:
        await self._show(interaction)

    @settings.command(name="cap", description="A default cap for players who set none")
    @app_commands.describe(
        sips=f"Sips in any 12 hours before drinks count as water (1-{safety.MAX_CAP}); "
        "empty: no default cap"
    )
    async def cap(
        self,
        interaction: discord.Interaction,
        sips: app_commands.Range[int, 1, safety.MAX_CAP] | None = None,
    ) -> None:
        lang = language_of(interaction.locale)
        note = t(lang, "settings-cap-set", n=sips) if sips else t(lang, "settings-cap-none")
        await self._show(interaction, self._set(interaction, note, default_cap=sips))

    @settings.command(name="water", description="A private water reminder every N sips")
    @app_commands.describe(
        every=f"Remind a player each time they pass this many sips (1-{safety.MAX_WATER_EVERY}); "
        "empty: off"
    )
    async def water(
        self,
        interaction: discord.Interaction,
        every: app_commands.Range[int, 1, safety.MAX_WATER_EVERY] | None = None,
    ) -> None:
        lang = language_of(interaction.locale)
        note = (
            t(lang, "settings-water-set", n=every, ordinal=ordinal(lang, every))
            if every
            else t(lang, "settings-water-off")
        )
        await self._show(interaction, self._set(interaction, note, water_every=every))

    @settings.command(name="age", description="A minimum-age line shown when players consent")
    @app_commands.describe(text="E.g. 'You must be 18 or older to play here.'; empty: none")
    async def age(
        self,
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, safety.MIN_AGE_LENGTH] | None = None,
    ) -> None:
        lang = language_of(interaction.locale)
        note = t(lang, "settings-age-set") if text else t(lang, "settings-age-none")
        await self._show(interaction, self._set(interaction, note, min_age=text))

    @settings.command(name="pings", description="Mention a player when a table waits on them")
    @app_commands.describe(on="On: a short message mentions whoever must act (on by default)")
    async def pings(self, interaction: discord.Interaction, on: bool) -> None:
        note = t(language_of(interaction.locale), "settings-pings-set", on=on_off(on))
        await self._show(interaction, self._set(interaction, note, turn_pings=on))

    @settings.command(name="thread", description="A thread with each table's play-by-play")
    @app_commands.describe(
        on="On: each game opens a public thread with its moves and drinks, for spectators "
        "(off by default)"
    )
    async def thread(self, interaction: discord.Interaction, on: bool) -> None:
        lang = language_of(interaction.locale)

        async def change() -> str:
            await self.bot.party.set_threads(interaction.guild_id, on)
            if not on:
                return t(lang, "settings-thread-off")
            note = t(lang, "settings-thread-on")
            here = interaction.channel
            if not has_threads(here):
                return f"{note} {t(lang, 'settings-thread-nowhere')}"
            missing = thread_lacks(interaction.app_permissions)
            if missing:
                where = getattr(here, "mention", None) or t(lang, "settings-this-channel")
                note += "\n" + t(
                    lang, "settings-thread-missing", where=where, missing=named(missing)
                )
            return note

        await self._show(interaction, change)

    @settings.command(name="images", description="Pictures of the cards on the tables")
    @app_commands.describe(
        on="On: each table shows a picture, hands show card emoji (on by default); off: text only",
        four_colour="The four-colour deck: diamonds blue, clubs green (off by default)",
    )
    async def images(
        self, interaction: discord.Interaction, on: bool, four_colour: bool | None = None
    ) -> None:
        lang = language_of(interaction.locale)
        note = t(lang, "settings-images-set", on=on_off(on))
        if four_colour is not None:
            note += " " + t(lang, "settings-four-colour-set", on=on_off(four_colour))
        changes: dict[str, Any] = {"images": on}
        if four_colour is not None:
            changes["four_colour"] = four_colour
        await self._show(interaction, self._redrawing(interaction, note, **changes))

    @settings.command(
        name="house", description="House rules: a game's options for every table here"
    )
    @app_commands.describe(
        game="Which game",
        rules="E.g. claim_seconds=30 convo=on; empty: the game's own defaults again",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def house(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        rules: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        lang = language_of(interaction.locale)
        title = game_title(lang, game.value)

        async def change() -> str:
            engine = GAMES[game.value].engine
            options = house.parse(engine, rules) if rules else {}
            await self.bot.party.set_house(interaction.guild_id, game.value, options)
            if not options:
                return t(lang, "settings-house-cleared", game=title)
            return t(
                lang, "settings-house-set", game=title, rules=house.said(options, engine, lang)
            )

        await self._show(interaction, change)

    @settings.command(name="game", description="Switch a game on or off, here or everywhere")
    @app_commands.describe(
        game="Which game",
        enabled="On or off",
        channel="Only in this channel (empty: the whole server, replacing channel rules)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def game(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        enabled: bool,
        channel: app_commands.Transform[discord.abc.GuildChannel, Place] | None = None,
    ) -> None:
        lang = language_of(interaction.locale)
        where = channel.mention if channel else t(lang, "settings-whole-server")
        title = game_title(lang, game.value)
        note = t(lang, "settings-game-set", game=title, on=on_off(enabled), where=where)

        async def change() -> str:
            await self.bot.party.set_game(
                interaction.guild_id, game.value, enabled, channel.id if channel else None
            )
            return note

        await self._show(interaction, change)

    @settings.command(
        name="language", description="The language of this server's tables and announcements"
    )
    @app_commands.describe(
        language="Tables, end screens, announcements; each player's own answers follow their app"
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self, interaction: discord.Interaction, language: app_commands.Choice[str]
    ) -> None:
        lang = language_of(interaction.locale)
        chosen = None if language.value == AUTO else language.value
        if chosen is None:
            note = t(lang, "settings-language-auto")
        else:
            note = t(lang, "settings-language-set", language=LANGUAGES[chosen].name)
        await self._show(interaction, self._redrawing(interaction, note, language=chosen))


async def setup(bot: Any) -> None:
    await bot.add_cog(Settings(bot))
