"""The screens of /limits (a player's cap and mode, privately) and /settings (a server's)."""

from __future__ import annotations

from typing import Any

import discord

from bot import safety
from bot.house import said
from bot.i18n import ENGLISH, LANGUAGES, game_title, on_off, ordinal, t
from bot.party import Standing
from bot.store import Erased, GameRule, GuildSettings
from bot.ui import common
from bot.ui.common import Button, Screen
from bot.ui.components import custom_id

LIMITS = "limits"  # /limits' buttons: limits:0:<verb>, acting in the server they are clicked in
SHIELD, GEAR = "\U0001f6e1\ufe0f", "\u2699\ufe0f"


def _button(verb: str, label: str, style: str = "secondary") -> Button:
    return Button(label, custom_id(LIMITS, 0, verb), style)


def tonight_text(lang: str, standing: Standing) -> str:
    tab = standing.tonight
    return safety.tab_text(tab, tab.total, lang) or t(lang, "sips", n=tab.sips)


def limits_screen(lang: str, standing: Standing, note: str = "") -> Screen:
    """A player's own limits, privately, in their ``lang``."""
    lines = [note, ""] if note else []
    lines.append(t(lang, "limits-mode-free" if standing.alcohol_free else "limits-mode-sips"))
    cap = standing.cap
    if cap is None:
        lines.append(t(lang, "limits-cap-none"))
    else:
        whose = "own" if standing.own_cap else "server"
        lines.append(t(lang, "limits-cap", n=cap, whose=whose))
    lines.append(t(lang, "limits-tonight", tab=tonight_text(lang, standing)))
    p = standing.player
    if p.images is not None or p.four_colour is not None:
        looks = "text" if p.images is False else "four-colour" if p.four_colour else "emoji"
        lines.append(t(lang, "limits-looks", looks=looks))
    left = standing.left
    if left is not None and not standing.alcohol_free:
        if left:
            lines.append(t(lang, "limits-left", n=left))
        else:
            lines.append(t(lang, "limits-reached", water=safety.WATER))
    embed = discord.Embed(
        title=t(lang, "limits-title", shield=SHIELD),
        description="\n".join(lines),
        colour=common.GREEN,
    )
    embed.set_footer(text=t(lang, "limits-footer"))
    row = [
        _button("sips", t(lang, "limits-button-sips"))
        if standing.alcohol_free
        else _button("free", t(lang, "limits-button-free"), "success")
    ]
    if standing.own_cap:
        row.append(_button("clear", t(lang, "limits-button-clear")))
    row.append(_button("erase", t(lang, "limits-button-erase"), "danger"))
    return Screen(embed, [row])


def erase_screen(lang: str, guild_name: str) -> Screen:
    embed = discord.Embed(
        title=t(lang, "erase-title", guild=guild_name),
        description=t(lang, "erase-text"),
        colour=common.GREY,
    )
    yes = _button("erase_yes", t(lang, "erase-yes"), "danger")
    return Screen(embed, [[yes, _button("keep", t(lang, "erase-keep"))]])


def erased_screen(lang: str, guild_name: str, erased: Erased) -> Screen:
    text = t(
        lang,
        "erase-done",
        guild=guild_name,
        drinks=erased.drinks,
        results=erased.results,
        seats=erased.seats,
    )
    return Screen(discord.Embed(description=text, colour=common.GREEN))


def _rules_text(lang: str, rules: list[GameRule]) -> str:
    if not rules:
        return t(lang, "settings-games-all")
    lines = []
    for game in sorted({r.game for r in rules}, key=lambda g: game_title(lang, g)):
        parts = []
        for r in (r for r in rules if r.game == game):
            where = t(lang, "settings-whole-server") if r.channel_id == 0 else f"<#{r.channel_id}>"
            on = on_off(r.enabled)
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
    field("settings-pings", t(lang, on_off(g.turn_pings)))
    field("settings-thread", t(lang, "settings-thread-value", on=on_off(g.threads)))
    pictures = "off" if g.images is False else "four-colour" if g.four_colour else "standard"
    field("settings-images", t(lang, "settings-images-value", pictures=pictures))
    how = t(lang, "settings-language-value-auto") if g.language is None else ""
    field("settings-language", f"{LANGUAGES[speaks].name}{how}")
    house_lines = [f"{game_title(lang, g)}: {said(o)}" for g, o in (house_rules or {}).items()]
    field("settings-house", "\n".join(house_lines) or t(lang, "settings-house-none"))
    field("settings-games", _rules_text(lang, rules))
    embed.set_footer(text=t(lang, "settings-managers-only"))
    return Screen(embed)
