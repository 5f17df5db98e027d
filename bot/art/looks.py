"""How cards look where: pictures on or off, and the four-colour deck, per server and per player.

A server's choice (``/settings images``) sets its public pictures and, by default, its players'
private screens; a player's own (``/limits``) sets what they see privately, wherever they play.
The choices are kept in memory (few servers and players change them; the store holds them and
:meth:`Looks.load` reads them at start), so a screen drawn on the event loop asks without a query.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    """One server's or player's choice: ``None`` leaves it to the server (or the default)."""

    images: bool | None = None
    four_colour: bool | None = None


class Looks:
    """Every server's and player's :class:`Look`, in memory."""

    def __init__(self) -> None:
        self.guilds: dict[int, Look] = {}
        self.players: dict[int, Look] = {}

    def load(self, guilds: dict[int, Look], players: dict[int, Look]) -> None:
        self.guilds = dict(guilds)
        self.players = dict(players)

    def set_guild(self, guild_id: int, look: Look) -> None:
        self.guilds[guild_id] = look

    def set_player(self, user_id: int, look: Look) -> None:
        self.players[user_id] = look

    def images(self, guild_id: int | None, user_id: int | None = None) -> bool:
        """Whether pictures (the table's image, card emoji) show: for the public
        (``user_id`` None) the server's choice, for a player their own, else the server's."""
        own = self.players.get(user_id) if user_id is not None else None
        if own is not None and own.images is not None:
            return own.images
        guild = self.guilds.get(guild_id) if guild_id is not None else None
        return True if guild is None or guild.images is None else guild.images

    def four_colour(self, guild_id: int | None, user_id: int | None = None) -> bool:
        """Whether cards are drawn in the four-colour deck (diamonds blue, clubs green)."""
        own = self.players.get(user_id) if user_id is not None else None
        if own is not None and own.four_colour is not None:
            return own.four_colour
        guild = self.guilds.get(guild_id) if guild_id is not None else None
        return False if guild is None or guild.four_colour is None else guild.four_colour


LOOKS = Looks()  # the bot's one copy: the settings commands change it, screens read it
