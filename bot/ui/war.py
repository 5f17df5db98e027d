"""Double-or-Nothing War on screen."""

from __future__ import annotations

import discord

from bot.engines.base import plural, sips
from bot.engines.war import Double, Flip, TakeDrink
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, button, countdown, say


def _line(table: Table, v: dict, seat: int) -> str:
    gone = " (left)" if table.user_at(seat).left_at is not None else ""
    left = plural(v["piles"][seat], "card")
    return f"{common.name(table, seat)}{gone}: {left} left · {common.drinks(table, seat, v['sips'][seat])}"


def _hand(table: Table, v: dict) -> list[str]:
    lines = []
    if v["turned"]:
        a, b = v["turned"]
        lines.append(
            f"Hand {v['turned_hand']}: {say('{p0}', table)} **{a['card']}** · "
            f"{say('{p1}', table)} **{b['card']}**"
        )
    if v["save"]:
        a, b = v["save"]
        lines.append(
            f"Save throw: {say('{p0}', table)} {a['card']} · {say('{p1}', table)} {b['card']}"
        )
    return lines


def _flip(table: Table) -> Button:
    return button(table, Flip(), "Flip the next hand", "primary", emoji="\U0001f0cf")


def _choice(table: Table, base: int) -> list[Button]:
    return [
        button(table, TakeDrink(), f"Drink {base}", emoji="\U0001f37a"),
        button(table, Double(), "Double or nothing", "danger", emoji="\U0001f3b2"),
    ]


def _rows(table: Table, v: dict) -> list[common.Row]:
    main: list[Button] = []
    if v["phase"] == "flip":
        main.append(_flip(table))
    elif v["phase"] == "choice":
        main += _choice(table, v["base"])
    extra = common.table_buttons(table)
    return [main, extra] if main else [extra]


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    desc = [_line(table, v, 0), _line(table, v, 1), ""]
    desc += _hand(table, v)
    if v["phase"] == "choice":
        loser = say(f"{{p{v['loser']}}}", table)
        due = countdown(table.deadline(v["choice_key"]))
        desc.append(
            f"\U0001f449 {loser} lost by **{v['base']}**: drink {v['base']}, or go **double or "
            f"nothing**? Only {loser} can choose. Time runs out {due} (then: drink {v['base']})."
        )
    elif v["phase"] == "flip":
        if v["last_result"]:
            desc.append(say(v["last_result"], table))
        due = countdown(table.deadline(v["clock_key"]))
        desc.append(f"Either player flips hand {v['hand']}. The dealer flips {due}.")
    embed = discord.Embed(
        title=f"\u2694\ufe0f Double-or-Nothing War · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    common.log_field(table, embed)
    embed.set_footer(
        text=f"Seed SHA-256 {table.seed_hash[:16]}… · social drink {sips(v['social_sips'])}"
        f" · {v['seconds']} s to choose"
    )
    return Screen(embed, _rows(table, v))


def ended(table: Table, v: dict | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        lines += _hand(table, v)
        if v["last_result"]:
            lines.append(say(v["last_result"], table))
        lines.append("")
        # each player's drinks as they were counted (water, points), then who won
        summary = table.results().summary
        lines += [
            f"{common.name(table, seat)}: {common.drinks(table, seat, v['sips'][seat])}"
            for seat in (0, 1)
        ]
        lines += [say(s, table) for s in summary[2:]]
        return common.ended_screen(table, lines, counted=False)
    return common.ended_screen(table, lines)


def private(table: Table, seat: int) -> Screen:
    """War hides nothing from one player that the other sees: your seat, your sips, your choice."""
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    lines = [*common.notes(table, seat), _line(table, v, seat), ""]
    lines += _hand(table, v)
    rows: list[common.Row] = []
    if v["phase"] == "choice" and v["loser"] == seat:
        lines.append(
            f"You lost by **{v['base']}**. Drink {v['base']}, or double or nothing "
            f"(win the save throw and the other player drinks {v['base']}; lose it and you drink "
            f"{2 * v['base']}). Decide {countdown(table.deadline(v['choice_key']))}."
        )
        rows.append(_choice(table, v["base"]))
    elif v["phase"] == "flip":
        lines.append("Waiting for a flip.")
        rows.append([_flip(table)])
    else:
        lines.append("The other player is choosing.")
    embed = discord.Embed(
        title=f"Your seat at War · table #{table.id}",
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this. Nobody sees their pile in War: no peeking!")
    return Screen(embed, rows)
