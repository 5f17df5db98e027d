"""Party-safety settings as people change them: a player's cap and mode (``/limits``), a server's
settings (``/settings``), and erasing a player's history in a server. The rules that use them are
in bot/safety.py; the ledger applies them in the table service's transaction.

Decisions:
- A server-wide game rule (``/settings game`` without a channel) replaces that game's channel
  rules: "off" switches it off everywhere (then switch it on channel by channel), "on" clears
  every rule. A channel rule changes that channel only. Tables already open carry on.
- Erasing is refused while an unfinished table in the server holds the player's seat (even one
  they left: the game still deals with it). Their cap, mode and accepted rules (consents) are
  not the server's history and stay; ``/limits`` clears the cap.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from bot import i18n, safety
from bot.art.looks import LOOKS, Look
from bot.engines.base import msg
from bot.store import Erased, GameRule, GuildSettings, PlayerSettings, Store, Tab
from bot.tables import TableError

CAP_RANGE = msg("table-cap-range", n=safety.MAX_CAP)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Standing:
    """Where a player stands tonight: their settings, the cap that applies and their drinks."""

    player: PlayerSettings
    server_cap: int | None
    tonight: Tab

    @property
    def cap(self) -> int | None:
        return safety.cap_of(self.player, self.server_cap)[0]

    @property
    def own_cap(self) -> bool:
        return safety.cap_of(self.player, self.server_cap)[1]

    @property
    def alcohol_free(self) -> bool:
        return self.player.mode == safety.ALCOHOL_FREE

    @property
    def left(self) -> int | None:
        """Sips left before drinks count as water (``None``: no cap)."""
        return None if self.cap is None else max(self.cap - self.tonight.sips, 0)


class Party:
    def __init__(self, store: Store, clock: Any) -> None:
        self.store = store
        self.clock = clock
        self._guilds: dict[int, GuildSettings] = {}
        self._house: dict[tuple[int, str], dict[str, Any]] = {}  # bot/house.py

    async def load(self) -> None:
        """Keep every server's settings in memory, for what is shown without a query."""
        async with self.store.reading() as q:
            self._guilds = {g.guild_id: g for g in await q.all_guild_settings()}
            i18n.SPEAKERS.load({g: s.language for g, s in self._guilds.items() if s.language})
            players = await q.looks()
            self._house = await q.house_rules()
        LOOKS.load(
            {g.guild_id: Look(g.images, g.four_colour) for g in self._guilds.values()},
            {p.user_id: Look(p.images, p.four_colour) for p in players},
        )

    def guild(self, guild_id: int) -> GuildSettings:
        return self._guilds.get(guild_id) or GuildSettings(guild_id)

    def language(self, guild_id: int | None, locale: Any = None) -> str:
        """The language a server's public screens speak: its ``/settings language``, else its
        own ``locale`` (the guild's preferred locale) when Barkeep speaks it, else English."""
        i18n.SPEAKERS.guild_locale(guild_id, locale)
        return i18n.SPEAKERS.table(guild_id)

    # -- players -----------------------------------------------------------------------------
    async def standing(self, guild_id: int, user_id: int) -> Standing:
        since = self.clock.now() - safety.TONIGHT
        async with self.store.reading() as q:
            player = await q.player_settings(user_id)
            tonight = await q.tonight(user_id, since)
        return Standing(player, self.guild(guild_id).default_cap, tonight)

    async def set_player(
        self,
        guild_id: int,
        user_id: int,
        *,
        cap: int | None = None,
        clear_cap: bool = False,
        mode: str | None = None,
        images: bool | None = None,
        four_colour: bool | None = None,
    ) -> Standing:
        """Change a player's own settings; ``None`` leaves one as it is."""
        if cap is not None and not 1 <= cap <= safety.MAX_CAP:
            raise TableError(CAP_RANGE)
        if cap is not None and clear_cap:
            raise TableError(msg("table-cap-both"))
        if mode is not None and mode not in safety.MODES:
            raise TableError(msg("table-mode"))
        async with self.store.transaction() as tx:
            player = await tx.player_settings(user_id)
            if cap is not None:
                player = replace(player, cap=cap)
            if clear_cap:
                player = replace(player, cap=None)
            if mode is not None:
                player = replace(player, mode=mode)
            if images is not None:
                player = replace(player, images=images)
            if four_colour is not None:
                player = replace(player, four_colour=four_colour)
            await tx.save_player_settings(player, self.clock.now())
        LOOKS.set_player(user_id, Look(player.images, player.four_colour))
        return await self.standing(guild_id, user_id)

    # -- servers -----------------------------------------------------------------------------
    async def set_guild(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some of a server's settings (``default_cap``, ``water_every``, ``min_age``,
        ``turn_pings``, ``images``, ``four_colour``, ``thread_since``); ``None`` turns a number or the
        text off."""
        cap, every = changes.get("default_cap"), changes.get("water_every")
        if cap is not None and not 1 <= cap <= safety.MAX_CAP:
            raise TableError(CAP_RANGE)
        if every is not None and not 1 <= every <= safety.MAX_WATER_EVERY:
            raise TableError(msg("table-water-range", n=safety.MAX_WATER_EVERY))
        if changes.get("language") not in (None, *i18n.LANGUAGES):
            raise TableError(msg("table-language-unknown"))
        if "min_age" in changes:
            text = " ".join((changes["min_age"] or "").split())
            if len(text) > safety.MIN_AGE_LENGTH:
                raise TableError(msg("table-age-long", n=safety.MIN_AGE_LENGTH))
            changes["min_age"] = text or None
        async with self.store.transaction() as tx:
            settings = replace(await tx.guild_settings(guild_id), **changes)
            await tx.save_guild_settings(settings, self.clock.now())
        self._guilds[guild_id] = settings
        i18n.SPEAKERS.choose(guild_id, settings.language)
        LOOKS.set_guild(guild_id, Look(settings.images, settings.four_colour))
        return settings

    async def set_threads(self, guild_id: int, on: bool) -> GuildSettings:
        """``/settings thread``: tables started from now on open a play-by-play thread (on
        again while on: since when it was first switched on), or none (off)."""
        since = self.guild(guild_id).thread_since if on else None
        if on and since is None:
            since = self.clock.now()
        return await self.set_guild(guild_id, thread_since=since)

    # -- house rules (bot/house.py) -----------------------------------------------------------
    def house(self, guild_id: int, game: str) -> dict[str, Any]:
        """A server's house rules for a game: the options its tables start with."""
        return dict(self._house.get((guild_id, game), {}))

    def all_house(self, guild_id: int) -> dict[str, dict[str, Any]]:
        return {g: dict(o) for (gid, g), o in sorted(self._house.items()) if gid == guild_id}

    async def set_house(self, guild_id: int, game: str, options: dict[str, Any]) -> None:
        """Set (``{}``: clear) a server's house rules for a game, checked by the caller."""
        async with self.store.transaction() as tx:
            await tx.save_house_rules(guild_id, game, options, self.clock.now())
        if options:
            self._house[(guild_id, game)] = dict(options)
        else:
            self._house.pop((guild_id, game), None)

    async def game_rules(self, guild_id: int) -> list[GameRule]:
        async with self.store.reading() as q:
            return await q.game_rules(guild_id)

    async def set_game(
        self, guild_id: int, game: str, enabled: bool, channel_id: int | None
    ) -> list[GameRule]:
        async with self.store.transaction() as tx:
            if channel_id is None:
                await tx.clear_game_rules(guild_id, game)
                if not enabled:
                    await tx.set_game_rule(GameRule(guild_id, 0, game, False))
            else:
                await tx.set_game_rule(GameRule(guild_id, channel_id, game, enabled))
            return await tx.game_rules(guild_id)

    # -- erasing -----------------------------------------------------------------------------
    async def erase(self, guild_id: int, user_id: int) -> Erased:
        async with self.store.transaction() as tx:
            table = await tx.active_seat(guild_id, user_id)
            if table is not None:
                raise TableError(msg("table-erase-playing", id=str(table)))
            erased = await tx.erase_player(guild_id, user_id)
        log.info("erased a player's history in server %s: %s", guild_id, erased)
        return erased
