"""Party safety's settings and sums (bot/safety.py), the games switched on or off where, and
erasing a player's history in a server."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.store.rows import (
    Erased,
    GameRule,
    GuildSettings,
    PlayerSettings,
    Tab,
    _guild_settings,
    _player_settings,
    _rule,
)
from bot.store.statements.games import _GAME_RULES
from bot.store.trip import TxCore


def _int(flag: bool | None) -> int | None:
    return None if flag is None else int(flag)


class PartyStatements(TxCore):
    """Players' and servers' settings, channel rules, erasing a player."""

    # -- party safety (bot/safety.py) -------------------------------------------------------
    async def party(
        self, guild_id: int, user_ids: Iterable[int], since: float
    ) -> tuple[GuildSettings, dict[int, PlayerSettings], dict[int, int]]:
        """In one query: the server's settings, and for each player their settings and the sips
        they have had since ``since`` in every server (counted as sips: not water, not points)."""
        ids = json.dumps(sorted(set(user_ids)))
        if self._store.dialect.lock_players is not None:  # two writers: one player at a time
            self._write(self._store.dialect.lock_players, (ids,))
        rows = await self._all(
            f"""
            SELECT p.value AS user_id, s.cap AS cap, COALESCE(s.mode, 'sips') AS mode,
                   (SELECT COALESCE(SUM(d.amount), 0) FROM drinks d
                    WHERE d.user_id = p.value AND d.at >= :since AND d.counted_as = 'sips'
                      AND d.kind NOT IN ('finish', 'forfeit')) AS tonight,
                   g.default_cap AS default_cap, g.water_every AS water_every,
                   g.min_age AS min_age, COALESCE(g.pings, 1) AS turn_pings
            FROM {self._store.dialect.ids.format(":ids")} p
            LEFT JOIN player_settings s ON s.user_id = p.value
            LEFT JOIN guild_settings g ON g.guild_id = :g
            """,
            {"ids": ids, "since": since, "g": guild_id},
        )
        guild = GuildSettings(guild_id)
        players: dict[int, PlayerSettings] = {}
        tonight: dict[int, int] = {}
        for r in rows:
            guild = GuildSettings(
                guild_id, r["default_cap"], r["water_every"], r["min_age"], bool(r["turn_pings"])
            )
            players[r["user_id"]] = PlayerSettings(r["user_id"], r["cap"], r["mode"])
            tonight[r["user_id"]] = r["tonight"]
        return guild, players, tonight

    async def safety_ids(self) -> tuple[set[int], set[int]]:
        """Who has party-safety settings: the players with a cap or alcohol-free, the servers
        with a default cap or water reminders."""
        players = await self._all(
            "SELECT user_id FROM player_settings WHERE cap IS NOT NULL OR mode != 'sips'"
        )
        guilds = await self._all(
            "SELECT guild_id FROM guild_settings"
            " WHERE default_cap IS NOT NULL OR water_every IS NOT NULL"
        )
        return {r[0] for r in players}, {r[0] for r in guilds}

    async def player_settings(self, user_id: int) -> PlayerSettings:
        row = await self._one("SELECT * FROM player_settings WHERE user_id = ?", (user_id,))
        return _player_settings(row) if row else PlayerSettings(user_id)

    async def looks(self) -> list[PlayerSettings]:
        """The players who chose how their cards look (pictures, the four-colour deck)."""
        rows = await self._all(
            "SELECT * FROM player_settings WHERE images IS NOT NULL OR four_colour IS NOT NULL"
        )
        return [_player_settings(r) for r in rows]

    async def save_player_settings(self, p: PlayerSettings, at: float) -> None:
        self._write(
            "INSERT INTO player_settings (user_id, cap, mode, images, four_colour, updated_at)"
            " VALUES (?,?,?,?,?,?) ON CONFLICT (user_id) DO UPDATE SET cap = excluded.cap,"
            " mode = excluded.mode, images = excluded.images,"
            " four_colour = excluded.four_colour, updated_at = excluded.updated_at",
            (p.user_id, p.cap, p.mode, _int(p.images), _int(p.four_colour), at),
        )
        self._after.append(lambda: self._store._note_safety(player=p))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return _guild_settings(row) if row else GuildSettings(guild_id)

    async def all_guild_settings(self) -> list[GuildSettings]:
        return [_guild_settings(r) for r in await self._all("SELECT * FROM guild_settings")]

    async def save_guild_settings(self, g: GuildSettings, at: float) -> None:
        self._write(
            "INSERT INTO guild_settings (guild_id, default_cap, water_every, min_age,"
            " turn_pings, pings, images, four_colour, thread_since, language, updated_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (guild_id) DO UPDATE SET"
            " default_cap = excluded.default_cap, water_every = excluded.water_every,"
            " min_age = excluded.min_age, turn_pings = excluded.turn_pings,"
            " pings = excluded.pings, images = excluded.images,"
            " four_colour = excluded.four_colour, thread_since = excluded.thread_since,"
            " language = excluded.language,"
            " updated_at = excluded.updated_at",
            (
                g.guild_id,
                g.default_cap,
                g.water_every,
                g.min_age,
                0,
                int(g.turn_pings),
                _int(g.images),
                _int(g.four_colour),
                g.thread_since,
                g.language,
                at,
            ),
        )
        self._after.append(lambda: self._store._note_safety(guild=g))

    # -- house rules (bot/house.py) ----------------------------------------------------------
    async def house_rules(self) -> dict[tuple[int, str], dict[str, Any]]:
        """Every server's house rules: (server, game) -> options."""
        rows = await self._all("SELECT guild_id, game, options FROM house_rules")
        return {(r[0], r[1]): json.loads(r[2]) for r in rows}

    async def save_house_rules(
        self, guild_id: int, game: str, options: dict[str, Any], at: float
    ) -> None:
        """Set a server's house rules for a game (none: back to the game's defaults)."""
        if not options:
            self._write("DELETE FROM house_rules WHERE guild_id = ? AND game = ?", (guild_id, game))
            return
        self._write(
            "INSERT INTO house_rules (guild_id, game, options, updated_at) VALUES (?,?,?,?)"
            " ON CONFLICT (guild_id, game) DO UPDATE SET options = excluded.options,"
            " updated_at = excluded.updated_at",
            (guild_id, game, json.dumps(options, sort_keys=True), at),
        )

    async def game_rules(self, guild_id: int, game: str | None = None) -> list[GameRule]:
        rows = await self._all(_GAME_RULES, (guild_id, game, game))
        return [_rule(r) for r in rows]

    async def set_game_rule(self, rule: GameRule) -> None:
        self._write(
            "INSERT INTO game_channels (guild_id, channel_id, game, enabled) VALUES (?,?,?,?)"
            " ON CONFLICT (guild_id, game, channel_id) DO UPDATE SET enabled = excluded.enabled",
            (rule.guild_id, rule.channel_id, rule.game, int(rule.enabled)),
        )

    async def clear_game_rules(self, guild_id: int, game: str) -> None:
        self._write("DELETE FROM game_channels WHERE guild_id = ? AND game = ?", (guild_id, game))

    async def tonight(self, user_id: int, since: float) -> Tab:
        """One player's sips, water and points since ``since``, in every server."""
        row = await self._one(
            "SELECT"
            " COALESCE(SUM(CASE WHEN counted_as = 'sips' THEN amount END), 0),"
            " COALESCE(SUM(CASE WHEN counted_as = 'capped' THEN amount END), 0),"
            " COALESCE(SUM(CASE WHEN counted_as = 'points' THEN amount END), 0)"
            " FROM drinks WHERE user_id = ? AND at >= ? AND kind NOT IN ('finish', 'forfeit')",
            (user_id, since),
        )
        assert row is not None
        return Tab(row[0], row[1], row[2])

    async def tabs(self, table_ids: Iterable[int]) -> dict[int, dict[int, Tab]]:
        """Per table, per player: what their drinks there were counted as."""
        ids = sorted(set(table_ids))
        if not ids:
            return {}
        rows = await self._all(
            "SELECT table_id, user_id,"
            " SUM(CASE WHEN counted_as = 'sips' THEN amount ELSE 0 END),"
            " SUM(CASE WHEN counted_as = 'capped' THEN amount ELSE 0 END),"
            " SUM(CASE WHEN counted_as = 'points' THEN amount ELSE 0 END)"
            f" FROM drinks WHERE table_id IN {self._store.dialect.ids.format('?')}"
            " AND kind NOT IN ('finish', 'forfeit') GROUP BY table_id, user_id",
            (json.dumps(ids),),
        )
        out: dict[int, dict[int, Tab]] = {}
        for r in rows:
            out.setdefault(r[0], {})[r[1]] = Tab(r[2], r[3], r[4])
        return out

    async def active_seat(self, guild_id: int, user_id: int) -> int | None:
        """An unfinished table of this server that holds a seat of this player, even one they
        left (the game still refers to it), or that they host (a host who never sat down
        still holds its Start)."""
        row = await self._one(
            "SELECT t.id FROM tables t WHERE t.guild_id = :g AND t.status != 'ended' AND"
            " (t.host_id = :u OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id"
            " AND s.user_id = :u)) ORDER BY t.id LIMIT 1",
            {"g": guild_id, "u": user_id},
        )
        return row[0] if row else None

    async def erase_player(self, guild_id: int, user_id: int) -> Erased:
        """Remove a player's history in one server: their drinks (and their name as a giver),
        results and private views; their seats become ``Seat N`` with no user (a seat that was
        never dealt goes), tables they hosted lose the host, and "ended by Ana" loses the name
        (log lines name players through their seat, ``{pN}``). The action logs stay as they are,
        tied to the anonymous seat. Call only when no unfinished table holds their seat."""
        # "gone": the seat's holders made anonymous before (a seat taken over has several)
        seats = await self._all(
            "SELECT table_id, seat, name, (SELECT COUNT(*) FROM seats o WHERE o.table_id ="
            " s.table_id AND o.seat = s.seat AND o.user_id < 0) AS gone FROM seats s"
            " WHERE s.guild_id = ? AND s.user_id = ?",
            (guild_id, user_id),
        )
        tables = sorted({r["table_id"] for r in seats})
        names = {r["name"] for r in seats}
        counts = await self._one(
            "SELECT (SELECT COUNT(*) FROM drinks WHERE guild_id = :g AND user_id = :u),"
            " (SELECT COUNT(*) FROM results WHERE guild_id = :g AND user_id = :u)",
            {"g": guild_id, "u": user_id},
        )
        assert counts is not None
        drinks, results = counts[0], counts[1]
        self._write("DELETE FROM drinks WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        self._write(
            "UPDATE drinks SET giver_id = NULL WHERE guild_id = ? AND giver_id = ?",
            (guild_id, user_id),
        )
        self._write("DELETE FROM results WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        self._write(
            "UPDATE tables SET host_id = 0 WHERE guild_id = ? AND host_id = ? AND status = 'ended'",
            (guild_id, user_id),
        )
        for r in seats:
            tid = r["table_id"]
            self._write(
                "DELETE FROM private_views WHERE table_id = ? AND user_id = ?", (tid, user_id)
            )
            self._write(
                "UPDATE actions SET user_id = NULL WHERE table_id = ? AND user_id = ?",
                (tid, user_id),
            )
            if r["seat"] is None:
                self._write("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (tid, user_id))
            else:
                self._write(
                    "UPDATE seats SET user_id = ?, name = ?, notes = '[]'"
                    " WHERE table_id = ? AND user_id = ?",
                    (-(r["seat"] + 1) - 100 * r["gone"], f"Seat {r['seat'] + 1}", tid, user_id),
                )
        for tid in tables:
            self._write(
                "UPDATE tables SET end_reason = 'ended by a former player'"
                " WHERE id = ? AND end_reason IN"
                f" (SELECT 'ended by ' || value FROM {self._store.dialect.texts.format('?')} n)",
                (tid, json.dumps(sorted(names))),
            )
        return Erased(drinks, results, len(seats))
