"""What every table shows: screens (embeds + buttons), persistent buttons, the lobby."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.tables import Table

GOLD = discord.Colour.from_rgb(0xE8, 0xA3, 0x3D)  # lager
GREEN = discord.Colour.from_rgb(0x4C, 0xAF, 0x50)
GREY = discord.Colour.from_rgb(0x80, 0x80, 0x80)

# <game>:<table>:<verb>[:<arg>] - at most 100 characters (Discord's limit for custom ids).
CUSTOM_ID = r"(?P<game>[a-z]+):(?P<table>\d+):(?P<verb>[a-z_]+)(?::(?P<arg>[A-Za-z0-9_.,=-]*))?"
CUSTOM_ID_RE = re.compile(CUSTOM_ID)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def custom_id(game: str, table_id: int, verb: str, arg: str | None = None) -> str:
    cid = f"{game}:{table_id}:{verb}" + (f":{arg}" if arg is not None else "")
    if len(cid) > 100 or not CUSTOM_ID_RE.fullmatch(cid):
        raise ValueError(f"bad custom id {cid!r}")
    return cid


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"
    disabled: bool = False
    emoji: str | None = None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class Select:
    custom_id: str
    options: tuple[SelectOption, ...]
    placeholder: str = ""
    min_values: int = 1
    max_values: int = 1


Row = list[Button] | Select


@dataclass
class Screen:
    """One message's worth: an embed and up to five rows of components."""

    embed: discord.Embed
    rows: list[Row] = field(default_factory=list)
    content: str | None = None

    def view(self) -> discord.ui.View | None:
        from bot.ui.components import GameItem, build  # discord.ui subclasses

        if not self.rows:
            return None
        view = discord.ui.View(timeout=None)
        for i, row in enumerate(self.rows[:5]):
            for spec in [row] if isinstance(row, Select) else row[:5]:
                view.add_item(GameItem(build(spec, i)))
        return view

    def kwargs(self) -> dict[str, Any]:
        """Keyword arguments for send_message / edit_message."""
        return {
            "content": self.content,
            "embed": self.embed,
            "view": self.view() or discord.ui.View(),
        }

    def fingerprint(self) -> str:
        data = {"e": self.embed.to_dict(), "r": [repr(r) for r in self.rows], "c": self.content}
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def say(template: str, table: Table) -> str:
    """Fill ``{p0}``... in an engine log line with the players' names."""
    out = template
    for key, name in table.names().items():
        out = out.replace("{" + key + "}", f"**{discord.utils.escape_markdown(name)}**")
    return out


def countdown(due: float | None) -> str:
    """A live countdown: Discord renders ``<t:..:R>`` as "in 20 seconds" and keeps it ticking."""
    return f"<t:{int(due + 0.999)}:R>" if due else ""


def lobby_rows(table: Table) -> list[Row]:
    g, t = table.row.game, table.id
    return [
        [
            Button("Join", custom_id(g, t, "join"), "success", emoji="\U0001f37a"),
            Button("Leave", custom_id(g, t, "leave"), "secondary"),
            Button("Start", custom_id(g, t, "start"), "primary"),
            Button("Rules", custom_id(g, t, "rules"), "secondary", emoji="\U0001f4dc"),
            Button("End", custom_id(g, t, "end"), "danger"),
        ]
    ]


def options_line(table: Table) -> str:
    parts = []
    for opt in table.engine.options:
        value = table.row.options.get(opt.name, opt.default)
        if isinstance(opt.default, bool):
            parts.append(f"{opt.help or opt.name}: {'on' if value else 'off'}")
        else:
            parts.append(f"{opt.help or opt.name}: {value}")
    return " · ".join(parts)


def lobby_screen(table: Table) -> Screen:
    e = table.engine
    players = table.seated()
    lines = [
        f"{i + 1}. {discord.utils.escape_markdown(s.name)}"
        + (" (host)" if s.user_id == table.row.host_id else "")
        for i, s in enumerate(players)
    ] or ["Nobody yet."]
    count = (
        f"{e.min_players}" if e.min_players == e.max_players else f"{e.min_players}-{e.max_players}"
    )
    embed = discord.Embed(
        title=f"\U0001f37b {e.title} · table #{table.id}",
        description=(
            f"Press **Join** to take a seat ({count} players). "
            "The host presses **Start** when everyone is in. "
            f"Unstarted, the table closes {countdown(table.deadline('lobby'))}."
        ),
        colour=GOLD,
    )
    embed.add_field(
        name=f"Players ({len(players)}/{e.max_players})", value="\n".join(lines), inline=False
    )
    if e.options:
        embed.add_field(name="Table options", value=options_line(table), inline=False)
    embed.set_footer(text="Drink responsibly. Water counts as a sip if you say so.")
    return Screen(embed, lobby_rows(table))


def ended_screen(table: Table, lines: list[str]) -> Screen:
    """The last state of a table: results, the seed, and no buttons."""
    embed = discord.Embed(
        title=f"\U0001f3c1 {table.engine.title} · table #{table.id} is over",
        description="\n".join(lines) or "The table closed.",
        colour=GREY,
    )
    reason = table.row.end_reason or ""
    if table.row.started_at is not None:
        embed.add_field(name="Seed (re-deal and check)", value=f"`{table.row.seed}`", inline=False)
    embed.set_footer(
        text=(reason.capitalize() + " · " if reason else "") + "See /tally for the leaderboard."
    )
    return Screen(embed, [])


def log_field(table: Table, embed: discord.Embed, lines: int = 6) -> None:
    recent = table.row.log[-lines:]
    if recent:
        embed.add_field(
            name="Latest", value="\n".join(say(t, table) for t in recent)[:1024], inline=False
        )


def rules_embed(title: str, text: str) -> discord.Embed:
    return discord.Embed(
        title=f"\U0001f4dc {title}: the rules", description=text[:4096], colour=GOLD
    )
