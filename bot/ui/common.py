"""What every table shows: screens (embeds + components), buttons built from actions, the lobby."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import safety
from bot.engines.base import Action, plural, sips
from bot.tables import Table
from bot.ui.components import (
    Button,
    Form,
    Row,
    Select,
    SelectOption,
    controls,
    custom_id,
)

__all__ = ["Button", "Form", "Row", "Select", "SelectOption", "Screen", "custom_id"]

GOLD = discord.Colour.from_rgb(0xE8, 0xA3, 0x3D)  # lager
GREEN = discord.Colour.from_rgb(0x4C, 0xAF, 0x50)
GREY = discord.Colour.from_rgb(0x80, 0x80, 0x80)

NAME_MARK = re.compile(r"\{\{|\}\}|\{p(\d{1,2})\}")


@dataclass
class Screen:
    """One message's worth: an embed and up to five rows of components."""

    embed: discord.Embed
    rows: list[Row] = field(default_factory=list)
    content: str | None = None

    def kwargs(self) -> dict[str, Any]:
        """Keyword arguments for send_message / edit_message."""
        return {"content": self.content, "embed": self.embed, "view": controls(self.rows)}

    def fingerprint(self) -> str:
        data = {"e": self.embed.to_dict(), "r": [repr(r) for r in self.rows], "c": self.content}
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def button(
    table: Table,
    action: Action,
    label: str,
    style: str = "secondary",
    *,
    emoji: str | None = None,
    disabled: bool = False,
) -> Button:
    """A button that sends ``action`` at ``table``."""
    cid = custom_id(table.row.game, table.id, action.verb, action.to_arg())
    return Button(label, cid, style, disabled, emoji)


def select(
    table: Table,
    action: type[Action],
    fill: str,
    options: list[SelectOption] | tuple[SelectOption, ...],
    placeholder: str = "",
    min_values: int = 1,
    max_values: int = 1,
    **known: Any,
) -> Select:
    """A select that sends ``action(**known, <fill>=<what was chosen>)`` at ``table``."""
    arg = action.arg_with(fill, **known)
    cid = custom_id(table.row.game, table.id, action.verb, arg)
    return Select(cid, tuple(options), placeholder, min_values, max_values)


def form(table: Table, action: type[Action], fill: str, title: str, label: str, **kw: Any) -> Form:
    """A form (modal) whose text fills ``action``'s ``fill`` field."""
    cid = custom_id(table.row.game, table.id, action.verb, action.arg_with(fill))
    return Form(title, cid, label, **kw)


def platform(
    table: Table, verb: str, label: str, style: str = "secondary", emoji: str | None = None
) -> Button:
    """A button for one of the platform's verbs (join, seat, rules, leave, end...)."""
    return Button(label, custom_id(table.row.game, table.id, verb), style, emoji=emoji)


def form_button(
    table: Table, action: type[Action], label: str, style: str = "primary", emoji: str | None = None
) -> Button:
    """A button that opens the form for ``action`` (the UI module's ``form(table, seat, verb)``)."""
    return Button(
        label, custom_id(table.row.game, table.id, "form", action.verb), style, emoji=emoji
    )


def table_buttons(table: Table, seat_label: str = "My seat") -> list[Button]:
    """The row every running table has: open your private view, the rules, leave, end."""
    return [
        platform(table, "seat", seat_label, emoji="\U0001f0cf"),
        platform(table, "rules", "Rules"),
        platform(table, "leave", "Leave"),
        platform(table, "end", "End", "danger"),
    ]


def name(table: Table, seat: int) -> str:
    return say(f"{{p{seat}}}", table)


def say(template: str, table: Table) -> str:
    """Fill ``{p0}``... in an engine line with the players' names, in one pass.

    Names are data: a name that itself looks like ``{p1}`` or holds Markdown is shown as written.
    """
    names = table.names()

    def fill(m: re.Match[str]) -> str:
        if m[1] is None:  # a doubled brace: literal text (base.literal)
            return m[0][0]
        who = names.get(f"p{m[1]}")
        return f"**{escape(who)}**" if who is not None else m[0]

    return NAME_MARK.sub(fill, template)


def escape(text: str) -> str:
    """A player's name or words, shown literally: no Markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def notes(table: Table, seat: int, fmt: Any = None) -> list[str]:
    """The latest lines only ``seat`` may see (``Private`` events), newest last."""
    row = table.seat_at(seat)
    fill = fmt or say
    return [f"\U0001f4e9 {fill(n, table)}" for n in (row.notes if row else [])]


def countdown(due: float | None) -> str:
    """A live countdown: Discord renders ``<t:..:R>`` as "in 20 seconds" and keeps it ticking."""
    return f"<t:{int(due + 0.999)}:R>" if due else ""


def lobby_rows(table: Table) -> list[Row]:
    return [
        [
            platform(table, "join", "Join", "success", "\U0001f37a"),
            platform(table, "leave", "Leave"),
            platform(table, "start", "Start", "primary"),
            platform(table, "rules", "Rules", emoji="\U0001f4dc"),
            platform(table, "end", "End", "danger"),
        ]
    ]


def options_line(table: Table) -> str:
    parts = []
    for opt in table.engine.options:
        value = table.row.options.get(opt.name, opt.default)
        if isinstance(opt.default, bool):
            parts.append(f"{opt.label or opt.name}: {'on' if value else 'off'}")
        else:
            parts.append(f"{opt.label or opt.name}: {value}")
    return " · ".join(parts)


def lobby_screen(table: Table) -> Screen:
    e = table.engine
    players = table.seated()
    lines = [
        f"{i + 1}. {escape(s.name)}" + (" (host)" if s.user_id == table.row.host_id else "")
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
    embed.set_footer(
        text="Drink responsibly. /limits sets your cap for tonight, or alcohol-free mode."
    )
    return Screen(embed, lobby_rows(table))


def drinks(table: Table, seat: int, n: int) -> str:
    """A seat's ``n`` sips as the table shows them: "12 sips", or as they were counted when
    some were water (over the drinker's cap) or points (alcohol-free): "8 sips · 💧 4 water",
    "⭐ 12 points". ``n`` is the game's own count, water and points included."""
    row = table.seat_at(seat)
    shown = safety.tab_text(table.tabs.get(row.user_id), n) if row else None
    return shown or sips(n)


def counted_lines(table: Table) -> list[str]:
    """One line per player whose drinks here were not all sips, for the end screen."""
    lines = []
    for s in table.seats:
        tab = table.tabs.get(s.user_id)
        if s.seat is None or tab is None:
            continue
        who = name(table, s.seat)
        if tab.water:
            lines.append(f"{safety.WATER} {who}: {sips(tab.water)} as water")
        if tab.points:
            lines.append(f"{safety.STAR} {who}: {plural(tab.points, 'point')}, alcohol-free")
    return lines


def ended_screen(table: Table, lines: list[str], counted: bool = True) -> Screen:
    """The last state of a table: results, the seed, and no buttons. ``counted``: add a line
    for each player whose drinks were water or points (unless ``lines`` already say so)."""
    if counted and (extra := counted_lines(table)):
        lines = [*lines, "", *extra]
    embed = discord.Embed(
        title=f"\U0001f3c1 {table.engine.title} · table #{table.id} is over",
        description="\n".join(lines) or "The table closed.",
        colour=GREY,
    )
    reason = table.row.end_reason or ""
    if table.row.started_at is not None:
        embed.add_field(name="Seed (re-deal and check)", value=f"`{table.row.seed}`", inline=False)
    embed.set_footer(
        text=(reason[:1].upper() + reason[1:] + " · " if reason else "")
        + "See /tally for the leaderboard."
    )
    return Screen(embed, [])


def moved_screen(table: Table) -> Screen:
    """An old copy of a table's message: no buttons, a link to where the table is now."""
    row = table.row
    if row.message_id is None:
        text = f"Table #{table.id} moved: use `/table` to bring it back here."
    else:
        link = f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.message_id}"
        text = f"Table #{table.id} moved down here: {link}"
    return Screen(discord.Embed(description=text, colour=GREY), [])


RETIRED_VIEW = "\U0001f447 Your cards and buttons moved to your newest private message below."


def retired_view_screen() -> Screen:
    """A player's older private view: one line, no buttons (their newest view is the live one)."""
    return Screen(discord.Embed(description=RETIRED_VIEW, colour=GREY), [])


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
