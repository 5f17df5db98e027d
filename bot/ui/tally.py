"""The leaderboard and one player's breakdown, in the language they are shown in.

Sips are what was drunk as sips; drinks over a player's cap show apart as water, and an
alcohol-free player's as points (bot/safety.py). A player with only water or points shows those
instead of "0 sips". Games and wins come right after the drinks, so they fit the first line on a
phone; nobody gets a medal for drinking the most (ranks are plain numbers, whatever the order).
"""

from __future__ import annotations

import discord

from bot.engines import ENGINES
from bot.i18n import decimal, game_title, ordinal, t
from bot.safety import STAR, WATER
from bot.store import DRINK_COLUMNS
from bot.ui import common

# the periods a tally counts, in seconds back from now (None: all time); their words are the
# catalog's tally-period-<key>
PERIODS = {"tonight": 12 * 3600, "week": 7 * 86400, "all": None}
# How the leaderboard can be ordered: the store's ORDER BY (bot/store/statements/tally.py); the
# word shown is the catalog's tally-sort-<key>.
SORTS = ("sips", "wins", "games")
SHOWN = 20  # players listed; the rest are counted


def period_word(lang: str, period: str) -> str:
    return t(lang, f"tally-period-{period}")


def _drinks(lang: str, r: dict, bold: bool) -> list[str]:
    """Sips, then water and points apart; the first of them bold when the board is by sips."""
    water, points = r.get("water", 0), r.get("points", 0)
    parts = [t(lang, "tally-sips", n=r["sips"])] if r["sips"] or not (water or points) else []
    if water:
        parts.append(t(lang, "tally-water", water=WATER, n=water))
    if points:
        parts.append(t(lang, "tally-points", star=STAR, n=points))
    if bold:
        parts[0] = f"**{parts[0]}**"
    return parts


def _stats(
    lang: str, r: dict, scoring: str = "sips", sort: str = "sips", board: bool = False
) -> str:
    """One player's figures: drinks, games and wins, then what stood out. ``board``: a
    leaderboard line (no social sips, which the breakdown shows, to keep it short)."""
    games, wins = t(lang, "tally-games", n=r["played"]), t(lang, "tally-wins", n=r["won"])
    if sort == "games":
        games = f"**{games}**"
    elif sort == "wins":
        wins = f"**{wins}**"
    parts = _drinks(lang, r, bold=sort == "sips")
    parts.append(f"{games}, {wins}")
    if r["social"] and not board:
        parts.append(t(lang, "tally-social", n=r["social"]))
    if r["finishes"]:
        parts.append(t(lang, "tally-finishes", n=r["finishes"]))
    if r.get("finishes_water"):
        parts.append(t(lang, "tally-finishes-water", water=WATER, n=r["finishes_water"]))
    if r.get("finishes_points"):
        parts.append(t(lang, "tally-finishes-points", star=STAR, n=r["finishes_points"]))
    if r.get("forfeits"):
        parts.append(t(lang, "tally-forfeits", n=r["forfeits"]))
    if r["given"]:
        parts.append(t(lang, "tally-given", n=r["given"]))
    if scoring == "places" and r.get("best_place"):
        place, average = ordinal(lang, r["best_place"]), decimal(lang, r["avg_place"])
        parts.append(t(lang, "tally-best-place", ordinal=place, average=average))
    if scoring == "points" and r.get("best_points") is not None:
        parts.append(t(lang, "tally-best-score", n=r["best_points"]))
    return " · ".join(parts)


def _key(r: dict, sort: str) -> int:
    return {"sips": r["sips"], "wins": r["won"], "games": r["played"]}[sort]


def nobody_drank(rows: list[dict]) -> bool:
    """A night of games without drinks (Spit, Tarok, Give & Take): a board by sips would
    rank everyone first with 0 sips."""
    return not any(r[k] for r in rows for k in DRINK_COLUMNS)


def leaderboard(
    lang: str,
    rows: list[dict],
    names: dict[int, str],
    period: str,
    guild_name: str | None,
    hints: str,
    sort: str = "sips",
) -> discord.Embed:
    """``rows`` come ordered by ``sort`` (the store's leaderboard). Equal figures share a rank."""
    embed = discord.Embed(
        title=t(
            lang,
            "tally-title",
            guild=guild_name or t(lang, "tally-this-server"),
            period=period_word(lang, period),
        ),
        colour=common.GOLD,
    )
    if not rows:
        embed.description = t(lang, "tally-empty", hints=hints)
        return embed
    lines = []
    rank = 0
    for i, r in enumerate(rows[:SHOWN]):
        if i == 0 or _key(r, sort) != _key(rows[i - 1], sort):
            rank = i + 1
        name = common.escape(names.get(r["user_id"], f"<@{r['user_id']}>"))
        lines.append(f"{rank}. {name}: {_stats(lang, r, sort=sort, board=True)}")
    if len(rows) > SHOWN:
        lines.append(t(lang, "tally-more", n=len(rows) - SHOWN))
    embed.description = "\n".join(lines)
    total = sum(r["sips"] for r in rows)
    water, points = sum(r.get("water", 0) for r in rows), sum(r.get("points", 0) for r in rows)
    also = (t(lang, "tally-footer-water", n=water) if water else "") + (
        t(lang, "tally-footer-points", n=points) if points else ""
    )
    embed.set_footer(
        text=t(lang, "tally-footer", sort=t(lang, f"tally-sort-{sort}"), n=total, also=also)
    )
    return embed


def breakdown(lang: str, rows: list[dict], name: str, period: str) -> discord.Embed:
    embed = discord.Embed(
        title=t(
            lang,
            "tally-breakdown-title",
            name=common.escape(name),
            period=period_word(lang, period),
        ),
        colour=common.GOLD,
    )
    if not rows:
        embed.description = t(lang, "tally-breakdown-empty")
        return embed
    for r in rows:
        engine = ENGINES.get(r["game"])
        title = game_title(lang, r["game"]) if engine else r["game"].capitalize()
        scoring = engine.scoring if engine else "sips"
        embed.add_field(name=title, value=_stats(lang, r, scoring), inline=False)
    keys = (*DRINK_COLUMNS, "given", "played", "won")
    total = {k: sum(r[k] for r in rows) for k in keys}
    embed.description = t(lang, "tally-all-games", stats=_stats(lang, total))
    return embed
