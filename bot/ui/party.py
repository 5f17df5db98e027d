"""The screens of /limits (a player's cap and mode, privately) and /settings (a server's)."""

from __future__ import annotations

from typing import Any

import discord

from bot import safety
from bot.engines.base import plural
from bot.house import said
from bot.i18n import ENGLISH, LANGUAGES, game_title, ordinal, t
from bot.party import Standing
from bot.store import Erased, GameRule, GuildSettings
from bot.ui import common
from bot.ui.common import Button, Screen
from bot.ui.components import custom_id

LIMITS = "limits"  # /limits' buttons: limits:0:<verb>, acting in the server they are clicked in
SHIELD, GEAR = "\U0001f6e1\ufe0f", "\u2699\ufe0f"


def _button(verb: str, label: str, style: str = "secondary") -> Button:
    return Button(label, custom_id(LIMITS, 0, verb), style)


def tonight_text(standing: Standing) -> str:
    t = standing.tonight
    return safety.tab_text(t, t.total) or plural(t.sips, "sip")


def limits_screen(standing: Standing, note: str = "") -> Screen:
    lines = [note, ""] if note else []
    if standing.alcohol_free:
        lines.append(
            "**Mode: alcohol-free.** Your drinks are recorded and shown as points, everywhere "
            "you play. The games play the same."
        )
    else:
        lines.append("**Mode: sips.**")
    cap = standing.cap
    if cap is None:
        lines.append("**Cap:** none. Set one with `/limits cap:`.")
    else:
        whose = "yours" if standing.own_cap else "this server's default"
        lines.append(f"**Cap:** {plural(cap, 'sip')} in any 12 hours ({whose}).")
    lines.append(f"**Tonight** (the last 12 hours, every server): {tonight_text(standing)}.")
    p = standing.player
    if p.images is not None or p.four_colour is not None:
        looks = "text only" if p.images is False else "card emoji"
        if p.images is not False and p.four_colour:
            looks += ", four-colour deck"
        lines.append(f"**Your cards:** {looks} (`/limits pictures:`, `four_colour:`).")
    left = standing.left
    if left is not None and not standing.alcohol_free:
        if left:
            lines.append(f"{plural(left, 'sip')} to go before your drinks count as water.")
        else:
            lines.append(
                f"{safety.WATER} Your cap is reached: your drinks count as water for now, and "
                "the games go on as usual."
            )
    embed = discord.Embed(
        title=f"{SHIELD} Your limits", description="\n".join(lines), colour=common.GREEN
    )
    embed.set_footer(text="Only you can see this. 24 sips is about a beer. Water is free.")
    row = [
        _button("sips", "Back to sips")
        if standing.alcohol_free
        else _button("free", "Alcohol-free mode", "success")
    ]
    if standing.own_cap:
        row.append(_button("clear", "Clear my cap"))
    row.append(_button("erase", "Erase my history here…", "danger"))
    return Screen(embed, [row])


def erase_screen(guild_name: str) -> Screen:
    embed = discord.Embed(
        title=f"Erase your history in {guild_name}?",
        description=(
            "This removes every drink and result of yours in this server (so `/tally` forgets "
            "you here), and your name and account from its finished tables: the games' action "
            "logs keep only an anonymous seat. It can't be undone.\n\n"
            "Other servers keep their own history, and your cap, your mode and the rules you've "
            "accepted stay (they're yours, not the server's)."
        ),
        colour=common.GREY,
    )
    return Screen(
        embed,
        [
            [
                _button("erase_yes", "Yes, erase it", "danger"),
                _button("keep", "Keep it"),
            ]
        ],
    )


def erased_screen(guild_name: str, erased: Erased) -> Screen:
    embed = discord.Embed(
        description=(
            f"Done: your history in {guild_name} is erased ({plural(erased.drinks, 'drink')} "
            f"and {plural(erased.results, 'result')} removed, "
            f"{plural(erased.seats, 'seat')} made anonymous)."
        ),
        colour=common.GREEN,
    )
    return Screen(embed)


def _rules_text(lang: str, rules: list[GameRule]) -> str:
    if not rules:
        return t(lang, "settings-games-all")
    lines = []
    for game in sorted({r.game for r in rules}, key=lambda g: game_title(lang, g)):
        parts = []
        for r in (r for r in rules if r.game == game):
            where = t(lang, "settings-whole-server") if r.channel_id == 0 else f"<#{r.channel_id}>"
            on = "on" if r.enabled else "off"
            parts.append(t(lang, "settings-games-rule", on=on, where=where))
        lines.append(f"{game_title(lang, game)}: " + ", ".join(parts))
    return "\n".join(lines)


def settings_screen(
    lang: str,
    g: GuildSettings,
    rules: list[GameRule],
    guild_name: str,
    note: str = "",
    house_rules: dict[str, dict[str, Any]] | None = None,
    speaks: str = ENGLISH,
) -> Screen:
    """A server's settings, in ``lang`` (the asker's); ``speaks``: the tables' language."""
    cap = t(lang, "settings-cap-value", n=g.default_cap) if g.default_cap else t(lang, "none")
    every = g.water_every
    water = (
        t(lang, "settings-water-value", n=every, ordinal=ordinal(lang, every))
        if every
        else t(lang, "off")
    )
    age = f"\u201c{common.escape(g.min_age)}\u201d" if g.min_age else t(lang, "none")
    embed = discord.Embed(
        title=t(lang, "settings-title", gear=GEAR, guild=guild_name),
        description=note or None,
        colour=common.GOLD,
    )

    def field(key: str, value: str) -> None:
        embed.add_field(name=t(lang, key), value=value[:1024], inline=False)

    field("settings-cap", cap)
    field("settings-water", water)
    field("settings-age", age)
    field("settings-pings", t(lang, "on" if g.turn_pings else "off"))
    pictures = "off" if g.images is False else "four-colour" if g.four_colour else "standard"
    field("settings-images", t(lang, "settings-images-value", pictures=pictures))
    how = t(lang, "settings-language-value-auto") if g.language is None else ""
    field("settings-language", f"{LANGUAGES[speaks].name}{how}")
    house_lines = [f"{game_title(lang, g)}: {said(o)}" for g, o in (house_rules or {}).items()]
    field("settings-house", "\n".join(house_lines) or t(lang, "settings-house-none"))
    field("settings-games", _rules_text(lang, rules))
    embed.set_footer(text=t(lang, "settings-managers-only"))
    return Screen(embed)
