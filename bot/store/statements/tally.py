"""The leaderboard's sums (/tally) and a player's own (tonight, each table's tab)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.store.trip import TxCore

# A player's drinks in /tally, from the ledger: sips, social sips, finished drinks and forfeits
# as taken, and the sips counted as water (over a cap) or points (alcohol-free). A finish
# counted as water or points is not a finished drink: it is counted apart.
_DRINK_SUMS = """
    SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') AND counted_as = 'sips'
        THEN amount ELSE 0 END) AS sips,
    SUM(CASE WHEN kind = 'social' AND counted_as = 'sips' THEN amount ELSE 0 END) AS social,
    SUM(CASE WHEN kind = 'finish' AND counted_as = 'sips' THEN amount ELSE 0 END) AS finishes,
    SUM(CASE WHEN kind = 'finish' AND counted_as = 'capped' THEN amount ELSE 0 END)
        AS finishes_water,
    SUM(CASE WHEN kind = 'finish' AND counted_as = 'points' THEN amount ELSE 0 END)
        AS finishes_points,
    SUM(CASE WHEN kind = 'forfeit' THEN amount ELSE 0 END) AS forfeits,
    SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') AND counted_as = 'capped'
        THEN amount ELSE 0 END) AS water,
    SUM(CASE WHEN kind NOT IN ('finish', 'forfeit') AND counted_as = 'points'
        THEN amount ELSE 0 END) AS points
"""
# the sums above by name: each row of /tally has them (0 for a player with no drinks)
DRINK_COLUMNS = (
    "sips",
    "social",
    "finishes",
    "finishes_water",
    "finishes_points",
    "forfeits",
    "water",
    "points",
)
_DRINK_COLUMNS = ", ".join(f"COALESCE(d.{c}, 0) AS {c}" for c in DRINK_COLUMNS)

# /tally's orders (fixed texts: the only SQL a leaderboard query takes from its caller). Ties:
# by sips, more finished drinks and forfeits first; by wins, the same wins in fewer games first.
LEADERBOARD_ORDER = {
    "sips": "sips DESC, finishes + forfeits DESC, won DESC",
    "wins": "won DESC, played ASC",
    "games": "played DESC, won DESC",
}


class TallyStatements(TxCore):
    """/tally's leaderboard and breakdown, names, tonight's tab."""

    # -- the tally -------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int, since: float, sort: str = "sips"
    ) -> list[dict[str, Any]]:
        """Per player: sips taken, social sips, finishes, forfeits, sips counted as water (over
        a cap) and as points (alcohol-free), sips given, games played and won; ordered by
        ``sort`` (a key of :data:`LEADERBOARD_ORDER`)."""
        order = LEADERBOARD_ORDER[sort]
        rows = await self._all(
            f"""
            WITH d AS (
                SELECT user_id, {_DRINK_SUMS}
                FROM drinks WHERE guild_id = :g AND at >= :since GROUP BY user_id
            ), gv AS (
                SELECT giver_id AS user_id, SUM(amount) AS given
                FROM drinks WHERE guild_id = :g AND at >= :since AND giver_id IS NOT NULL
                GROUP BY giver_id
            ), r AS (
                SELECT user_id, COUNT(*) AS played,
                       SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS won,
                       MIN(place) AS best_place,
                       CAST(AVG(place) AS DOUBLE PRECISION) AS avg_place,
                       MAX(points) AS best_points
                FROM results WHERE guild_id = :g AND at >= :since GROUP BY user_id
            ), u AS (
                SELECT user_id FROM d UNION SELECT user_id FROM gv UNION SELECT user_id FROM r
            )
            SELECT u.user_id AS user_id, {_DRINK_COLUMNS},
                   COALESCE(gv.given, 0) AS given, COALESCE(r.played, 0) AS played,
                   COALESCE(r.won, 0) AS won
            FROM u LEFT JOIN d USING (user_id) LEFT JOIN gv USING (user_id)
                   LEFT JOIN r USING (user_id)
            ORDER BY {order}, user_id
            """,
            {"g": guild_id, "since": since},
        )
        return [dict(r) for r in rows]

    async def player_breakdown(
        self, guild_id: int, user_id: int, since: float
    ) -> list[dict[str, Any]]:
        """One player's sums per game."""
        rows = await self._all(
            f"""
            WITH d AS (
                SELECT game, {_DRINK_SUMS}
                FROM drinks WHERE guild_id = :g AND user_id = :u AND at >= :since GROUP BY game
            ), gv AS (
                SELECT game, SUM(amount) AS given FROM drinks
                WHERE guild_id = :g AND giver_id = :u AND at >= :since GROUP BY game
            ), r AS (
                SELECT game, COUNT(*) AS played,
                       SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS won,
                       MIN(place) AS best_place,
                       CAST(AVG(place) AS DOUBLE PRECISION) AS avg_place,
                       MAX(points) AS best_points
                FROM results WHERE guild_id = :g AND user_id = :u AND at >= :since GROUP BY game
            ), g AS (SELECT game FROM d UNION SELECT game FROM gv UNION SELECT game FROM r)
            SELECT g.game AS game, {_DRINK_COLUMNS},
                   COALESCE(gv.given, 0) AS given,
                   COALESCE(r.played, 0) AS played, COALESCE(r.won, 0) AS won,
                   r.best_place AS best_place, r.avg_place AS avg_place,
                   r.best_points AS best_points
            FROM g LEFT JOIN d USING (game) LEFT JOIN gv USING (game) LEFT JOIN r USING (game)
            ORDER BY sips DESC, game
            """,
            {"g": guild_id, "u": user_id, "since": since},
        )
        return [dict(r) for r in rows]

    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The name each player had at their latest seat in this server."""
        ids = list(user_ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self._all(
            f"SELECT user_id, name FROM seats WHERE guild_id = ? AND user_id IN ({marks})"
            " ORDER BY joined_at",
            (guild_id, *ids),
        )
        return {r[0]: r[1] for r in rows}
