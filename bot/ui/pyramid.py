"""Pyramid on screen: the public table, a player's private view, the end screen."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import discord

from bot.engines.base import plural
from bot.engines.pyramid import Answer, Ask, Explore, Give, Lay, Pass, Peek, Refuse, question_for
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say, select

QUESTIONS = Path(__file__).resolve().parents[2] / "data" / "pyramid_questions.json"
QUESTION_MARK = re.compile(r"\{q:(\d+):(\d+)\}")
STATUS = {
    "waiting": "\u23f3",
    "laid": "\u2705",
    "passed": "\u23ed\ufe0f",
    "barred": "\u274c",
    "left": "\U0001f6aa",
}
ROW_LABELS = {"6": "6-row", "5": "5-row", "4": "4-row", "3": "3-row", "2": "2-row", "top": "top"}
FACE_DOWN = "\u2591\u2591\u2591"  # a face-down card in the drawing


@cache
def bank() -> dict[str, list[str]]:
    return json.loads(QUESTIONS.read_text(encoding="utf-8"))


def question(table: Table, index: int, n: int) -> str:
    """The ``n``-th question of the turned pyramid card at ``index`` (read from the view)."""
    card = next(c["card"] for r in table.view()["rows"] for c in r["cards"] if c["index"] == index)
    return question_for(bank(), card.rank, table.row.seed, n)


def text(template: str, table: Table) -> str:
    """An engine line with names and questions filled in."""
    filled = QUESTION_MARK.sub(
        lambda m: f"\u201c{question(table, int(m[1]), int(m[2]))}\u201d", template
    )
    return say(filled, table)


def _name(table: Table, seat: int) -> str:
    return say(f"{{p{seat}}}", table)


def _drawing(rows: list[dict[str, Any]], current: int | None, key: str = "cards") -> str:
    """The pyramid, top first, in a code block so the rows line up."""
    lines = []
    for row in reversed(rows):
        cells = []
        for c in row[key]:
            face = FACE_DOWN if c.get("face_down", False) else c["card"]
            cells.append(f"[{face:>3}]" if c.get("index") == current else f" {face:>3} ")
        pad = " " * (2 * (6 - len(row[key])))
        lines.append(f"{ROW_LABELS[row['row']]:>5} {row['value']:>2} | {pad}{''.join(cells)}")
    return "```\n" + "\n".join(lines) + "\n```"


def _explore_rows(ex: dict[str, Any]) -> list[dict[str, Any]]:
    """The explorer's pyramid in the drawing's shape (turned cards face up)."""
    rows = []
    for r in ex["rows"]:
        cells = {p: {"index": p, "face_down": True} for p in r["face_down"]}
        cells.update({t["pos"]: {"index": t["pos"], "card": t["card"]} for t in r["turned"]})
        rows.append(
            {"row": r["row"], "value": r["value"], "cards": [cells[p] for p in sorted(cells)]}
        )
    return rows


def _slots(slots: list[dict[str, Any]], faces: bool = False) -> str:
    out = []
    for s in slots:
        if s["state"] == "empty":
            out.append(f"`{s['slot']}` \u2014")
        elif s["state"] == "revealed" or (faces and "card" in s):
            out.append(f"`{s['slot']}` **{s['card']}**")
        else:
            out.append(f"`{s['slot']}` \U0001f0a0")
    return "  ".join(out) or "no cards"


def _players(table: Table, v: dict[str, Any]) -> str:
    lines = []
    for s in v["seats"]:
        mark = "left" if not s["active"] else (s["claim"] or "")
        icon = STATUS.get(mark, "")
        looked = ""
        if v["phase"] == "peek":
            looked = (
                " \U0001f440 looking"
                if s["peeking"]
                else (" \u2714\ufe0f looked" if s["looked"] else "")
            )
        lines.append(
            f"{icon} {_name(table, s['seat'])}: {_slots(s['slots']) if s['active'] else 'left the game'}"
            f" · gave {s['given']} · took {_took(table, s['seat'], s['taken'])}{looked}"
        )
    return "\n".join(lines)


def _took(table: Table, seat: int, taken: int) -> str:
    """The sips a player took, with those counted as water or points said so (common.drinks)."""
    shown = common.drinks(table, seat, taken)
    return str(taken) if shown == plural(taken, "sip") else shown


def _pending(table: Table, v: dict[str, Any]) -> list[str]:
    lines = []
    for g in v["gives"]:
        due = countdown(table.deadline(g["clock"]))
        lines.append(
            f"\U0001f381 {_name(table, g['giver'])} has **{g['left']}** to give for the {g['card']} ({due})"
        )
    for a in v["answers"]:
        due = countdown(table.deadline(a["clock"]))
        q = question(table, a["index"], a["index"])
        lines.append(
            f"\u2753 {_name(table, a['target'])}: answer \u201c{q}\u201d and drink {a['sips']}, "
            f"or drink {a['double']} ({due})"
        )
    return lines


def _lay_row(table: Table, slots: int) -> list[Button]:
    row = [button(table, Lay(slot=n), f"Lay card {n}", "primary") for n in range(1, slots + 1)]
    row.append(button(table, Pass(), "Pass"))
    return row


def _explore_rows_buttons(table: Table, ex: dict[str, Any]) -> list[common.Row]:
    row = next(r for r in ex["rows"] if r["row"] == ex["row"])
    positions = sorted([p["pos"] for p in row["turned"]] + row["face_down"])
    buttons = [
        button(table, Explore(pos=p), f"Card {k + 1}", "primary")
        for k, p in enumerate(positions)
        if p in row["face_down"]
    ]
    return [buttons[:5], buttons[5:]] if len(buttons) > 5 else [buttons]


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["phase"] == "over":
        return ended(table, v)
    desc: list[str] = []
    rows: list[common.Row] = []
    if v["phase"] == "peek":
        desc.append(_drawing(v["rows"], None))
        if v["clock"]:
            due = countdown(table.deadline(v["clock"]))
            desc.append(
                "\U0001f440 Everyone gets **one** look at their cards, for 15 seconds. Memorise "
                "them: you won't see them again! The first card is turned when every look is "
                f"over. Looks close {due}."
            )
            rows.append([_peek_button(table)])
        else:
            desc.append(
                "\U0001f440 Looks are closed: the first card turns when the last look ends."
            )
    elif v["phase"] == "claim":
        desc.append(_drawing(v["rows"], v["index"]))
        if v["window_open"]:
            due = countdown(table.deadline(v["clock"]))
            card = v["card"]
            desc.append(
                f"Turned: **{card}** ({plural(v['row_value'], 'sip')}). "
                f"Got {_a(card.rank_label)}? Lay it by its number, or pass. Closes {due}."
            )
            most = max((len(s["slots"]) for s in v["seats"] if s["active"]), default=0)
            rows.append(_lay_row(table, most))
        else:
            desc.append(f"Turned: **{v['card']}**. Waiting for the sips to be given.")
    elif v["phase"] == "explore":
        ex = v["explore"]
        who = _name(table, ex["explorer"])
        desc.append(_drawing(_explore_rows(ex), None))
        due = countdown(table.deadline(ex["clock"]))
        desc.append(
            f"\U0001f9ed {who} has the most cards left and must **explore** a fresh pyramid: one card per "
            f"row from the bottom. A J, Q, K or A costs the row's sips and back to the start! Now: the "
            f"{ROW_LABELS[ex['row']]} ({ex['row_value']}). Pick {due} or the dealer does."
        )
        rows += _explore_rows_buttons(table, ex)
    desc += _pending(table, v)
    embed = discord.Embed(
        title=f"\U0001f53a Pyramid · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.add_field(name="Players", value=_players(table, v)[:1024], inline=False)
    recent = table.row.log[-6:]
    if recent:
        embed.add_field(
            name="Latest", value="\n".join(text(t, table) for t in recent)[:1024], inline=False
        )
    mode = "convo mode" if v["convo"] else "rows give 1-2-4-6-8-10 sips"
    embed.set_footer(text=f"Seed SHA-256 {table.seed_hash[:16]}… · {mode}")
    rows.append(common.table_buttons(table, "My cards"))
    return Screen(embed, rows[:5])


def _a(rank: str) -> str:
    """``"an A"``, ``"an 8"``, ``"a 7"``: the article a rank takes when read aloud."""
    return f"an {rank}" if rank in ("A", "8") else f"a {rank}"


def _peek_button(table: Table) -> Button:
    return button(table, Peek(), "Look at my cards", "success", emoji="\U0001f440")


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        results = table.results()
        lines += [text(s, table) for s in results.summary]
        won = [o.seat for o in results.outcomes if o.result == "won"]
        if won and table.row.end_reason == "game over":
            names = ", ".join(_name(table, s) for s in won)
            lines.append(
                f"\U0001f3c6 {names} {'wins' if len(won) == 1 else 'win'}: fewest sips taken."
            )
    return common.ended_screen(table, lines)


def private(table: Table, seat: int) -> Screen:
    v = table.view(seat)
    if table.status == "ended" or v["phase"] == "over":
        return ended(table, v)
    me = v["me"]
    types = {a.verb for a in v["legal"]}
    desc: list[str] = common.notes(table, seat, text)
    rows: list[common.Row] = []
    if me["peeking"]:
        due = countdown(table.deadline(me["peek_clock"]))
        desc.append(f"\U0001f440 **Memorise these!** They turn face down {due}.")
        desc.append(_slots(me["slots"], faces=True))
    else:
        desc.append("Your cards, face down (numbers never change):")
        desc.append(_slots(me["slots"]))
        if "peek" in types:
            rows.append([_peek_button(table)])
    others = [s["seat"] for s in v["seats"] if s["active"] and s["seat"] != seat]
    mine = [gv for gv in v["gives"] if gv["giver"] == seat]
    if "answer" in types:
        a = next(a for a in v["answers"] if a["target"] == seat)
        q = question(table, a["index"], a["index"])
        desc.append(
            f"\u2753 **{q}**\nAnswer it and drink {a['sips']}, or refuse and drink {a['double']}."
        )
        rows.append(
            [
                button(table, Answer(), f"I'll answer (drink {a['sips']})", "success"),
                button(table, Refuse(), f"Refuse (drink {a['double']})", "danger"),
            ]
        )
    if mine:
        left, card = mine[0]["left"], mine[0]["card"]
        due = countdown(table.deadline(mine[0]["clock"]))
        options = tuple(
            SelectOption(label=table.user_at(o).name[:100], value=str(o)) for o in others
        )
        if v["convo"]:
            desc.append(
                f"\U0001f381 Right! Name one player to drink all **{left}** and answer the {card}'s question ({due})."
            )
            rows.append(select(table, Give, "to", options, f"Who drinks {left}?"))
        else:
            desc.append(
                f"\U0001f381 Right! You have **{plural(left, 'sip')}** to give for the {card}: "
                f"split them as you like ({due})."
            )
            plus = [
                button(table, Give(to=o, sips=1), f"+1 {table.user_at(o).name[:70]}", "primary")
                for o in others
            ]
            rows += [plus[i : i + 5] for i in range(0, min(len(plus), 10), 5)]
            rows.append(select(table, Give, "to", options, f"Give all {left} to…"))
    filled = [x["slot"] for x in me["slots"] if x["state"] != "empty"]
    if len(filled) > 1 and v["phase"] == "claim":  # stable while cards turn: few edits
        # laying one card, passing and exploring are on the table message; this view only
        # changes when something changes for this player, which keeps edits few
        several = tuple(SelectOption(label=f"Card {n}", value=str(n)) for n in filled)
        rows.append(
            select(table, Lay, "slots", several, "Lay several cards at once…", 2, len(filled))
        )
    if "ask" in types and table.row.host_id == table.user_at(seat).user_id:
        for who in v["askable"][:2]:
            turned = [c for r in v["rows"] for c in r["cards"] if not c["face_down"]][-25:]
            opts = tuple(
                SelectOption(label=f"The {c['card']}", value=str(c["index"])) for c in turned
            )
            ask = f"Ask {table.user_at(who).name[:60]} a question…"
            rows.append(select(table, Ask, "card", opts, ask, seat=who))
    embed = discord.Embed(
        title=f"Your seat at Pyramid · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this.")
    return Screen(embed, rows[:5])
