"""The leaderboard and one player's breakdown.

Sips are what was drunk as sips; drinks over a player's cap show apart as water, and an
alcohol-free player's as points (bot/safety.py). A player with only water or points shows those
instead of "0 sips". Games and wins come right after the drinks, so they fit the first line on a
phone; nobody gets a medal for drinking the most (ranks are plain numbers, whatever the order).
"""

from __future__ import annotations

import discord

from bot.engines import ENGINES
from bot.engines.base import plural
from bot.safety import STAR, WATER
from bot.store import DRINK_COLUMNS
from bot.ui import common

PERIODS = {
    "tonight": ("tonight (last 12 hours)", 12 * 3600),
    "week": ("this week", 7 * 86400),
    "all": ("all time", None),
}
# How the leaderboard can be ordered: the store's ORDER BY (bot/store/statements/tally.py), and
# the word shown.
SORTS = {"sips": "sips", "wins": "wins", "games": "games"}
SHOWN = 20  # players listed; the rest are counted


_s = plural


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _drinks(r: dict, bold: bool) -> list[str]:
    """Sips, then water and points apart; the first of them bold when the board is by sips."""
    water, points = r.get("water", 0), r.get("points", 0)
    parts = [_s(r["sips"], "sip")] if r["sips"] or not (water or points) else []
    if water:
        parts.append(f"{WATER} {water} water")
    if points:
        parts.append(f"{STAR} {_s(points, 'point')} (alcohol-free)")
    if bold:
        parts[0] = f"**{parts[0]}**"
    return parts


def _stats(r: dict, scoring: str = "sips", sort: str = "sips", board: bool = False) -> str:
    """One player's figures: drinks, games and wins, then what stood out. ``board``: a
    leaderboard line (no social sips, which the breakdown shows, to keep it short)."""
    games, wins = _s(r["played"], "game"), _s(r["won"], "win")
    if sort == "games":
        games = f"**{games}**"
    elif sort == "wins":
        wins = f"**{wins}**"
    parts = _drinks(r, bold=sort == "sips")
    parts.append(f"{games}, {wins}")
    if r["social"] and not board:
        parts.append(f"{r['social']} social")
    if r["finishes"]:
        parts.append(_s(r["finishes"], "finished drink"))
    if r.get("finishes_water"):
        parts.append(f"{WATER} {_s(r['finishes_water'], 'finish')} as water")
    if r.get("finishes_points"):
        parts.append(f"{STAR} {_s(r['finishes_points'], 'finish')} alcohol-free")
    if r.get("forfeits"):
        parts.append(_s(r["forfeits"], "forfeit"))
    if r["given"]:
        parts.append(f"gave {r['given']}")
    if scoring == "places" and r.get("best_place"):
        parts.append(f"best place {_ordinal(r['best_place'])}, average {r['avg_place']:.1f}")
    if scoring == "points" and r.get("best_points") is not None:
        parts.append(f"best score {_s(r['best_points'], 'point')}")
    return " · ".join(parts)


def _key(r: dict, sort: str) -> int:
    return {"sips": r["sips"], "wins": r["won"], "games": r["played"]}[sort]


def nobody_drank(rows: list[dict]) -> bool:
    """A night of games without drinks (Spit, Tarok, Give & Take): a board by sips would
    rank everyone first with 0 sips."""
    return not any(r[k] for r in rows for k in DRINK_COLUMNS)


def leaderboard(
    rows: list[dict],
    names: dict[int, str],
    period: str,
    guild_name: str,
    hints: str,
    sort: str = "sips",
) -> discord.Embed:
    """``rows`` come ordered by ``sort`` (the store's leaderboard). Equal figures share a rank."""
    label = PERIODS[period][0]
    embed = discord.Embed(
        title=f"\U0001f37b The tally at {guild_name}: {label}", colour=common.GOLD
    )
    if not rows:
        embed.description = f"Nobody has played or drunk a thing. Start a game: {hints}."
        return embed
    lines = []
    rank = 0
    for i, r in enumerate(rows[:SHOWN]):
        if i == 0 or _key(r, sort) != _key(rows[i - 1], sort):
            rank = i + 1
        name = common.escape(names.get(r["user_id"], f"<@{r['user_id']}>"))
        lines.append(f"{rank}. {name}: {_stats(r, sort=sort, board=True)}")
    if len(rows) > SHOWN:
        lines.append(f"…and {len(rows) - SHOWN} more.")
    embed.description = "\n".join(lines)
    total = sum(r["sips"] for r in rows)
    water, points = sum(r.get("water", 0) for r in rows), sum(r.get("points", 0) for r in rows)
    also = (f", {water} as water" if water else "") + (f", {_s(points, 'point')}" if points else "")
    embed.set_footer(
        text=f"By {SORTS[sort]}. {_s(total, 'sip')} in all{also}. "
        "24 sips is about a beer. Water is free."
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
    keys = (*DRINK_COLUMNS, "given", "played", "won")
    total = {k: sum(r[k] for r in rows) for k in keys}
    embed.description = "All games: " + _stats(total)
    return embed
