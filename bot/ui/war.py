"""Double-or-Nothing War on screen."""

from __future__ import annotations

import discord

from bot.engines.war import Double, Flip, TakeDrink
from bot.engines.words import key_of
from bot.i18n import render, tr
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, button, countdown, say

LATEST = 3  # log lines shown under the hand on the table
# the engine's lines that give the cards of a flip and of a save throw (war.WarEngine): the
# table shows the hand on the table's cards above, and earlier hands' results name their ranks
TURNS = frozenset({"war-flip", "war-save-flip"})


def _line(table: Table, v: dict, seat: int) -> str:
    gone = "yes" if table.user_at(seat).left_at is not None else "no"
    drinks = common.drinks(table, seat, v["sips"][seat])
    name = common.name(table, seat)
    return tr("war-seat", who=name, gone=gone, n=v["piles"][seat], drinks=drinks)


def _hand(table: Table, v: dict, last: bool = False) -> list[str]:
    """The cards on the table: the hand's first flip (``last``: called "Last hand" rather than
    "Hand N") and its save throw."""
    lines = []
    p0, p1 = say("{p0}", table), say("{p1}", table)
    if v["turned"]:
        a, b = v["turned"]
        cards = {"a": p0, "ca": str(a["card"]), "b": p1, "cb": str(b["card"])}
        if last:
            lines.append(tr("war-last-hand-cards", **cards))
        else:
            lines.append(tr("war-hand-cards", n=v["turned_hand"], **cards))
    if v["save"]:
        a, b = v["save"]
        lines.append(tr("war-save-cards", a=p0, ca=str(a["card"]), b=p1, cb=str(b["card"])))
    return lines


def _latest(table: Table, v: dict) -> list[str]:
    """The log's latest lines that the description does not show already: not the cards
    turned (the hand on the table is above), nor the hand's result when it is above too (the
    log's lines as they are: the platform words them)."""
    shown = v["last_result"] if v["phase"] == "flip" else None
    lines: list[str] = []
    for line in reversed(table.row.log):
        if len(lines) == LATEST:
            break
        if key_of(line) not in TURNS and not _same(line, shown):
            lines.append(line)
    return lines[::-1]


def _as_logged(table: Table, result: str) -> str:
    """A hand's result as the log has it: with its party-safety note ("· 💧 water"), if any."""
    logged = next((t for t in reversed(table.row.log) if _same(t, result)), result)
    return say(logged, table)


def _same(line: str, shown: str | None) -> bool:
    """The log's copy of a line shown above, with or without a party-safety note ("· 💧 water"),
    compared as worded (a note may be added to a line written as data)."""
    if shown is None:
        return False
    if line == shown:
        return True
    worded, result = render(line), render(shown)
    return worded == result or worded.startswith(result + " ")


def _flip(table: Table, hand: int) -> Button:
    return button(table, Flip(hand), tr("war-button-flip"), "primary", emoji="\U0001f0cf")


def _choice(table: Table, base: int) -> list[Button]:
    return [
        button(table, TakeDrink(), tr("war-button-drink", n=base), emoji="\U0001f37a"),
        button(table, Double(), tr("war-button-double"), "danger", emoji="\U0001f3b2"),
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
        desc.append(tr("war-choice", who=loser, n=v["base"], due=due))
    elif v["phase"] == "flip":
        if v["last_result"]:
            desc.append(_as_logged(table, v["last_result"]))
        due = countdown(table.deadline(v["clock_key"]))
        desc.append(tr("war-flip-due", n=v["hand"], due=due))
    embed = discord.Embed(
        title=tr("war-title", table=str(table.id)),
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(
        text=tr(
            "war-footer",
            hash=table.seed_hash[:16],
            n=v["social_sips"],
            seconds=v["seconds"],
        )
    )
    common.latest_field(table, embed, _latest(table, v), LATEST)
    return Screen(embed, _rows(table, v))


def ended(table: Table, v: dict | None = None) -> Screen:
    """Who won (or why nobody did) and the last hand; the platform adds each player's drinks
    and the best moments. The last hand is called "Last hand": a leave can come in the middle
    of one, before it is counted."""
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        if v["leaver"] is not None:
            who, winner = say(f"{{p{v['leaver']}}}", table), say(f"{{p{v['winner']}}}", table)
            lines.append(tr("war-end-left", who=who, other=winner))
        elif v["over"] and v["winner"] is not None:
            won, lost = v["sips"][v["winner"]], v["sips"][1 - v["winner"]]
            who = say(f"{{p{v['winner']}}}", table)
            lines.append(tr("war-end-wins", who=who, won=won, lost=lost))
        elif v["over"]:  # unitless, like the win: each player's line says how it was counted
            lines.append(tr("war-end-draw", n=v["sips"][0]))
        lines += _hand(table, v, last=True)
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
        due = countdown(table.deadline(v["choice_key"]))
        lines.append(tr("war-you-lost", n=v["base"], double=2 * v["base"], due=due))
        rows.append(_choice(table, v["base"]))
    elif v["phase"] == "flip":
        lines.append(tr("war-waiting"))
        rows.append([_flip(table, v["hand"])])
    else:
        lines.append(tr("war-choosing", who=common.name(table, v["loser"])))
    embed = discord.Embed(
        title=tr("war-private-title", table=str(table.id)),
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("war-private-footer"))
    return Screen(embed, rows)
