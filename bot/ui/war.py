"""Double-or-Nothing War on screen."""

from __future__ import annotations

import discord

from bot.engines.base import plural, sips
from bot.engines.war import Double, Flip, TakeDrink
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, button, countdown, say

LATEST = 3  # log lines shown under the hand on the table
# how the engine's log gives the cards of a flip and of a save throw (war.WarEngine): the
# table shows the hand on the table's cards above, and earlier hands' results name their ranks
TURNS = ("{p0} turns ", "Save throw: {p0} turns ")


def _line(table: Table, v: dict, seat: int) -> str:
    gone = " (left)" if table.user_at(seat).left_at is not None else ""
    left = plural(v["piles"][seat], "card")
    return f"{common.name(table, seat)}{gone}: {left} left · {common.drinks(table, seat, v['sips'][seat])}"


def _hand(table: Table, v: dict, label: str | None = None) -> list[str]:
    """The cards on the table: the hand's first flip (``label``: instead of "Hand N") and its
    save throw."""
    lines = []
    if v["turned"]:
        a, b = v["turned"]
        lines.append(
            f"{label or 'Hand ' + str(v['turned_hand'])}: {say('{p0}', table)} **{a['card']}** · "
            f"{say('{p1}', table)} **{b['card']}**"
        )
    if v["save"]:
        a, b = v["save"]
        lines.append(
            f"Save throw: {say('{p0}', table)} {a['card']} · {say('{p1}', table)} {b['card']}"
        )
    return lines


def _latest(table: Table, v: dict) -> list[str]:
    """The log's latest lines that the description does not show already: not the cards
    turned (the hand on the table is above), nor the hand's result when it is above too."""
    shown = v["last_result"] if v["phase"] == "flip" else None
    lines = [t for t in table.row.log if not t.startswith(TURNS) and not _same(t, shown)]
    return [say(t, table) for t in lines[-LATEST:]]


def _as_logged(table: Table, result: str) -> str:
    """A hand's result as the log has it: with its party-safety note ("· 💧 water"), if any."""
    logged = [t for t in table.row.log if _same(t, result)]
    return say(logged[-1] if logged else result, table)


def _same(line: str, shown: str | None) -> bool:
    """The log's copy of a line shown above, with or without a party-safety note ("· 💧 water")."""
    return shown is not None and (line == shown or line.startswith(shown + " \u00b7 "))


def _flip(table: Table, hand: int) -> Button:
    return button(table, Flip(hand), "Flip the next hand", "primary", emoji="\U0001f0cf")


def _choice(table: Table, base: int) -> list[Button]:
    return [
        button(table, TakeDrink(), f"Drink {base}", emoji="\U0001f37a"),
        button(table, Double(), "Double or nothing", "danger", emoji="\U0001f3b2"),
    ]


def _rows(table: Table, v: dict) -> list[common.Row]:
    main: list[Button] = []
    if v["phase"] == "flip":
        main.append(_flip(table, v["hand"]))
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
        base = v["base"]
        desc.append(
            f"\U0001f449 {loser} lost by **{base}**: drink {base} or **double or nothing**? "
            f"{loser} chooses {due} (or drinks {base})."
        )
    elif v["phase"] == "flip":
        if v["last_result"]:
            desc.append(_as_logged(table, v["last_result"]))
        due = countdown(table.deadline(v["clock_key"]))
        desc.append(f"Either player flips hand {v['hand']}; the dealer flips {due}.")
    embed = discord.Embed(
        title=f"\u2694\ufe0f Double-or-Nothing War · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    if latest := _latest(table, v):
        embed.add_field(name="Latest", value="\n".join(latest)[:1024], inline=False)
    embed.set_footer(
        text=f"Seed SHA-256 {table.seed_hash[:16]}… · social drink {sips(v['social_sips'])}"
        f" · {v['seconds']} s to choose"
    )
    return Screen(embed, _rows(table, v))


def ended(table: Table, v: dict | None = None) -> Screen:
    """Who won (or why nobody did) and the last hand; the platform adds each player's drinks
    and the best moments. The last hand is called "Last hand": a leave can come in the middle
    of one, before it is counted."""
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        if v["leaver"] is not None:
            lines.append(
                say(f"\U0001f6aa {{p{v['leaver']}}} left: {{p{v['winner']}}} wins.", table)
            )
        elif v["over"] and v["winner"] is not None:
            won, lost = v["sips"][v["winner"]], v["sips"][1 - v["winner"]]
            lines.append(say(f"\U0001f3c6 {{p{v['winner']}}} wins: {won} to {lost}.", table))
        elif v["over"]:  # unitless, like the win: each player's line says how it was counted
            lines.append(f"\U0001f91d A draw: {v['sips'][0]} each.")
        lines += _hand(table, v, "Last hand")
        if v["last_result"] and v["leaver"] is None:
            lines.append(_as_logged(table, v["last_result"]))
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
        rows.append([_flip(table, v["hand"])])
    else:
        lines.append(f"{common.name(table, v['loser'])} is choosing: drink, or double or nothing.")
    embed = discord.Embed(
        title=f"Your seat at War · table #{table.id}",
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this. Nobody sees their pile in War: no peeking!")
    return Screen(embed, rows)
