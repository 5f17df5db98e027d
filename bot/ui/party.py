"""The screens of /limits (a player's cap and mode, privately) and /settings (a server's)."""

from __future__ import annotations

from typing import Any

import discord

from bot import safety
from bot.engines.base import plural
from bot.house import said
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


def _rules_text(rules: list[GameRule], titles: dict[str, str]) -> str:
    if not rules:
        return "Every game, in every channel."
    lines = []
    for game in sorted({r.game for r in rules}, key=lambda g: titles.get(g, g)):
        mine = [r for r in rules if r.game == game]
        parts = []
        for r in mine:
            where = "the whole server" if r.channel_id == 0 else f"<#{r.channel_id}>"
            parts.append(f"{'on' if r.enabled else 'off'} in {where}")
        lines.append(f"{titles.get(game, game)}: " + ", ".join(parts))
    return "\n".join(lines)


def settings_screen(
    g: GuildSettings,
    rules: list[GameRule],
    titles: dict[str, str],
    guild_name: str,
    note: str = "",
    house_rules: dict[str, dict[str, Any]] | None = None,
) -> Screen:
    cap = (
        f"{plural(g.default_cap, 'sip')} in any 12 hours, for players without their own"
        if g.default_cap
        else "none"
    )
    water = f"every {plural(g.water_every, 'sip')}" if g.water_every else "off"
    age = f"\u201c{common.escape(g.min_age)}\u201d" if g.min_age else "none"
    embed = discord.Embed(
        title=f"{GEAR} Barkeep's settings in {guild_name}",
        description=note or None,
        colour=common.GOLD,
    )
    embed.add_field(name="Default cap (`/settings cap`)", value=cap, inline=False)
    embed.add_field(name="Water reminder (`/settings water`)", value=water, inline=False)
    embed.add_field(name="Minimum-age line at consent (`/settings age`)", value=age, inline=False)
    embed.add_field(
        name="Turn pings (`/settings pings`)", value="on" if g.turn_pings else "off", inline=False
    )
    embed.add_field(
        name="Play-by-play threads (`/settings thread`)",
        value="on: each game opens one for spectators" if g.threads else "off",
        inline=False,
    )
    pictures = "off (text only)" if g.images is False else "on"
    if g.images is not False:
        pictures += ", four-colour deck" if g.four_colour else ", standard colours"
    embed.add_field(name="Card pictures (`/settings images`)", value=pictures, inline=False)
    house_lines = [f"{titles.get(g, g)}: {said(o)}" for g, o in (house_rules or {}).items()]
    embed.add_field(
        name="House rules (`/settings house`)",
        value="\n".join(house_lines)[:1024] or "none: each game's own defaults",
        inline=False,
    )
    embed.add_field(
        name="Games (`/settings game`)", value=_rules_text(rules, titles)[:1024], inline=False
    )
    embed.set_footer(text="Only people with Manage Server can change these.")
    return Screen(embed)
