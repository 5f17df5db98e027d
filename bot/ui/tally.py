"""The leaderboard and one player's breakdown.

Sips are what was drunk as sips; drinks over a player's cap show apart as water, and an
alcohol-free player's as points (bot/safety.py). A player with only water or points shows those
instead of "0 sips".
"""

from __future__ import annotations

import discord

from bot.engines import ENGINES
from bot.engines.base import plural
from bot.safety import STAR, WATER
from bot.ui import common

PERIODS = {
    "tonight": ("tonight (last 12 hours)", 12 * 3600),
    "week": ("this week", 7 * 86400),
    "all": ("all time", None),
}
MEDALS = ["\U0001f947", "\U0001f948", "\U0001f949"]


_s = plural


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _stats(r: dict, scoring: str = "sips") -> str:
    water, points = r.get("water", 0), r.get("points", 0)
    parts = [_s(r["sips"], "sip")] if r["sips"] or not (water or points) else []
    if water:
        parts.append(f"{WATER} {water} water")
    if points:
        parts.append(f"{STAR} {_s(points, 'point')} (alcohol-free)")
    parts[0] = f"**{parts[0]}**"  # the first of sips, water, points stands out
    if r["social"]:
        parts.append(f"{r['social']} social")
    if r["finishes"]:
        parts.append(_s(r["finishes"], "finished drink"))
    if r.get("forfeits"):
        parts.append(_s(r["forfeits"], "forfeit"))
    if r["given"]:
        parts.append(f"gave {r['given']}")
    parts.append(f"{_s(r['played'], 'game')}, {_s(r['won'], 'win')}")
    if scoring == "places" and r.get("best_place"):
        parts.append(f"best place {_ordinal(r['best_place'])}, average {r['avg_place']:.1f}")
    if scoring == "points" and r.get("best_points") is not None:
        parts.append(f"best score {_s(r['best_points'], 'point')}")
    return " · ".join(parts)


def leaderboard(
    rows: list[dict], names: dict[int, str], period: str, guild_name: str, hints: str
) -> discord.Embed:
    label = PERIODS[period][0]
    embed = discord.Embed(
        title=f"\U0001f37b The tally at {guild_name}: {label}", colour=common.GOLD
    )
    if not rows:
        embed.description = f"Nobody has drunk a thing. Start a game: {hints}."
        return embed
    lines = []
    for i, r in enumerate(rows[:20]):
        mark = MEDALS[i] if i < 3 else f"{i + 1}."
        name = common.escape(names.get(r["user_id"], f"<@{r['user_id']}>"))
        lines.append(f"{mark} {name}: {_stats(r)}")
    if len(rows) > 20:
        lines.append(f"…and {len(rows) - 20} more.")
    embed.description = "\n".join(lines)
    total = sum(r["sips"] for r in rows)
    water, points = sum(r.get("water", 0) for r in rows), sum(r.get("points", 0) for r in rows)
    also = (f", {water} as water" if water else "") + (f", {_s(points, 'point')}" if points else "")
    embed.set_footer(
        text=f"{_s(total, 'sip')} in all{also}. 24 sips is about a beer. Water is free."
    )
    return embed


def breakdown(rows: list[dict], name: str, period: str) -> discord.Embed:
    label = PERIODS[period][0]
    embed = discord.Embed(title=f"\U0001f37a {common.escape(name)}: {label}", colour=common.GOLD)
    if not rows:
        embed.description = "No drinks and no games in this period."
        return embed
    for r in rows:
        engine = ENGINES.get(r["game"])
        title = engine.title if engine else r["game"].capitalize()
        scoring = engine.scoring if engine else "sips"
        embed.add_field(name=title, value=_stats(r, scoring), inline=False)
    keys = ("sips", "social", "finishes", "forfeits", "water", "points", "given", "played", "won")
    total = {k: sum(r[k] for r in rows) for k in keys}
    embed.description = "All games: " + _stats(total)
    return embed
