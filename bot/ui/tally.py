"""The leaderboard and one player's breakdown."""

from __future__ import annotations

import discord

from bot.ui import common

PERIODS = {
    "tonight": ("tonight (last 12 hours)", 12 * 3600),
    "week": ("this week", 7 * 86400),
    "all": ("all time", None),
}
MEDALS = ["\U0001f947", "\U0001f948", "\U0001f949"]


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _stats(r: dict) -> str:
    parts = [f"**{_s(r['sips'], 'sip')}**"]
    if r["social"]:
        parts.append(f"{r['social']} social")
    if r["finishes"]:
        parts.append(_s(r["finishes"], "finished drink"))
    if r["given"]:
        parts.append(f"gave {r['given']}")
    parts.append(f"{_s(r['played'], 'game')}, {_s(r['won'], 'win')}")
    return " · ".join(parts)


def leaderboard(
    rows: list[dict], names: dict[int, str], period: str, guild_name: str
) -> discord.Embed:
    label = PERIODS[period][0]
    embed = discord.Embed(
        title=f"\U0001f37b The tally at {guild_name}: {label}", colour=common.GOLD
    )
    if not rows:
        embed.description = (
            "Nobody has drunk a thing. Start a game: `/war start` or `/pyramid start`."
        )
        return embed
    lines = []
    for i, r in enumerate(rows[:20]):
        mark = MEDALS[i] if i < 3 else f"{i + 1}."
        name = discord.utils.escape_markdown(names.get(r["user_id"], f"<@{r['user_id']}>"))
        lines.append(f"{mark} {name}: {_stats(r)}")
    if len(rows) > 20:
        lines.append(f"…and {len(rows) - 20} more.")
    embed.description = "\n".join(lines)
    total = sum(r["sips"] for r in rows)
    embed.set_footer(text=f"{_s(total, 'sip')} in all. 24 sips is about a beer. Water is free.")
    return embed


def breakdown(rows: list[dict], name: str, period: str) -> discord.Embed:
    label = PERIODS[period][0]
    embed = discord.Embed(title=f"\U0001f37a {name}: {label}", colour=common.GOLD)
    if not rows:
        embed.description = "No drinks and no games in this period."
        return embed
    for r in rows:
        embed.add_field(name=r["game"].capitalize(), value=_stats(r), inline=False)
    total = {
        k: sum(r[k] for r in rows) for k in ("sips", "social", "finishes", "given", "played", "won")
    }
    embed.description = "All games: " + _stats(total)
    return embed
