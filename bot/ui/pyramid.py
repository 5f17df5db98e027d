"""Pyramid on screen: the public table, a player's private view, the end screen."""

from __future__ import annotations

import json
import re
import textwrap
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import discord

from bot.engines.base import plural
from bot.engines.pyramid import (
    Answer,
    Ask,
    Auto,
    Explore,
    Give,
    Lay,
    Pass,
    Peek,
    Refuse,
    question_for,
)
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say, select

QUESTIONS = Path(__file__).resolve().parents[2] / "data" / "pyramid_questions.json"
GAVE_TOOK = re.compile(r": gave \d+, took \d+( \(left\))?$")
QUESTION_MARK = re.compile(r"\{q:(\d+):(\d+)\}")
ROW_LABELS = {"6": "6-row", "5": "5-row", "4": "4-row", "3": "3-row", "2": "2-row", "top": "top"}
FACE_DOWN = "##"  # a face-down card in the drawing (ASCII: one column per character everywhere)
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
LOG_SHOWN = 3  # log lines on the public table, at most (fewer when the phone's screen is full)
FULL_LIST = 5  # up to this many players, the table lists everyone's cards left
# A phone: about 40 characters to a line of an embed, and the public table's description fits
# in about 12 lines and 600 characters.
PHONE_COLUMNS = 40
PHONE_LINES = common.BODY_LINES
PHONE_CHARS = common.BODY_CHARS
FOOTER = "Seed SHA-256 {}\u2026 \u00b7 {}"  # the seed's hash, and the rows' sips or convo mode
FOOTER_LINES = 1
FOOTER_CHARS = len(FOOTER.format("0" * 16, "rows give 1-2-4-6-8-10 sips")) + 1  # a line break
COUNTDOWN = re.compile(r"<t:\d+:R>")
# Log lines the public table leaves out: what the description already says (the turned card,
# the explorer), and what no longer matters once it is over (looks, the claim clock).
QUIET = re.compile(
    r"takes their look$|'s look is over$|^Time to look is up|the first card is |^Card \d+ of \d+: "
    r"|^Time is up on the |must explore the pyramid$|^\u2753 \{p\d+\}: \{q:"
)
PASSES = re.compile(r"^\{p(\d+)\} passes$")  # a table's log from before passes went unlogged


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


def _drawing(rows: list[dict[str, Any]], current: int | None = None, row: int | None = None) -> str:
    """The pyramid, top first, in a code block so the rows line up: ranks only (suits don't
    matter in Pyramid), ``[ 7]`` the card just turned, ``##`` face down, each row's sips on the
    left and ``>`` at the row being explored. At most 27 columns, all ASCII, so it never wraps
    on a phone."""
    lines = []
    for r in reversed(rows):
        cells = []
        for c in r["cards"]:
            face = FACE_DOWN if c.get("face_down", False) else c["card"].rank_label
            cells.append(f"[{face:>2}]" if c.get("index") == current else f" {face:>2} ")
        pad = " " * (2 * (6 - len(r["cards"])))
        mark = ">" if row is not None and r["row"] == rows[row]["row"] else " "
        lines.append(f"{r['value']:>2}{mark}{pad}{''.join(cells)}".rstrip())
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


def _a(rank: str) -> str:
    """A rank as read aloud, with its article: "a 7", "an 8", "a jack", "an ace"."""
    word = RANK_WORDS.get(rank, rank)
    return f"an {word}" if word[:1] in ("8", "a", "e", "i", "o", "u") else f"a {word}"


def _players(table: Table, v: dict[str, Any], above: list[str]) -> list[str]:
    """Who the table waits for (\u23f3), and what everyone may know of the hands: cards left (who
    is heading to explore) and the cards everyone has seen (a wrong card goes back face up).

    Below the lines ``above``, on a phone's screen (:func:`fits`) where it can: with more than
    :data:`FULL_LIST` players only the most cards left, and the less room, the shorter the
    names, the fewer the lines.
    """
    seats = [s for s in v["seats"] if s["active"]]
    if v["phase"] == "explore":  # the hands are done with: who explores after this one
        queue = [_name(table, s) for s in v["explore"]["queue"]]
        line = f"Next to explore: {', '.join(queue)}"
        if phone_lines(line) > 1:
            line = f"Next to explore: {queue[0]}, then {len(queue) - 1} more"
        return [line] if queue else []
    if v["phase"] == "peek":
        looking = [_short(table, s["seat"]) for s in seats if s["peeking"]]
        looked = sum(1 for s in seats if s["looked"])
        line = f"\u2714\ufe0f {looked} of {len(seats)} have looked"
        if looking:
            now = f"{line}, looking now: {', '.join(looking)}"
            line = now if phone_lines(now) == 1 else f"{line}, {len(looking)} looking now"
        return [line]
    waiting: set[int] = set()
    if v["phase"] == "claim" and v["window_open"]:  # auto-passers don't hold the card up
        waiting = {
            s["seat"]
            for s in seats
            if s["claim"] == "waiting" and s["cards_left"] and not (s["auto"] and v["quick"])
        }
    seen = {
        s["seat"]: [x["card"].label for x in s["slots"] if x["state"] == "revealed"] for s in seats
    }
    variants: list[list[str]] = []
    if len(seats) <= FULL_LIST:
        for most in (100, 9, 5):
            parts = [
                ("\u23f3" if s["seat"] in waiting else "")
                + f"{_short(table, s['seat'], most)} {s['cards_left']}"
                + (f" ({', '.join(seen[s['seat']])})" if seen[s["seat"]] else "")
                for s in seats
            ]
            variants.append(["Cards: " + " \u00b7 ".join(parts)])
    else:
        waits: list[str] = [""]
        if waiting:  # names where they fit one line of a phone, else how many
            names = ", ".join(_short(table, s) for s in sorted(waiting))
            line = f"\u23f3 Waiting for {names}"
            many = f"\u23f3 {plural(len(waiting), 'player')} to lay or pass"
            waits = [line, many] if phone_lines(line) == 1 else [many]
        most = max(s["cards_left"] for s in seats)
        top = [_short(table, s["seat"]) for s in seats if s["cards_left"] == most]
        line = f"Most cards: {most}, {', '.join(top)}"
        if len(top) == len(seats):
            line = f"Cards left: {most} each"
        elif phone_lines(line) > 1:
            line = f"Most cards: {most}, {len(top)} players"
        hands = [line]
        if any(seen.values()):
            hands = []
            for short in (9, 5):
                shown = [f"{_short(table, k, short)} {', '.join(c)}" for k, c in seen.items() if c]
                hands += [
                    f"{line} \u00b7 face up: {', '.join(shown)}",
                    f"Face up: {', '.join(shown)}",
                ]
            cards = [card for shown_cards in seen.values() for card in shown_cards]
            hands.append(f"Face up: {', '.join(cards)}")
        for hand in hands:
            for wait in waits:  # on two lines, or on one
                variants += [
                    [wait, hand] if wait else [hand],
                    [f"{wait} \u00b7 {hand}"] if wait else [],
                ]
        variants = [x for x in variants if x] + [[wait] for wait in waits if wait]
    # a question pending on a tight screen: the line gives way (who the card waits for stays
    # if it fits) until the question is answered
    variants.append([])
    return next(x for x in variants if fits([*above, *x]) or not x)


def fits(lines: list[str]) -> bool:
    """Whether a description fits a phone's screen above the footer: at most
    :data:`PHONE_LINES` lines as a phone shows them (:func:`phone_lines`), and with the footer
    at most as many lines as written (a code block's fences too) and :data:`PHONE_CHARS`
    characters (``common.size``)."""
    text = "\n".join(lines)
    return (
        phone_lines(text) <= PHONE_LINES
        and text.count("\n") + 1 + FOOTER_LINES <= PHONE_LINES
        and len(text) + FOOTER_CHARS <= PHONE_CHARS
    )


def _short(table: Table, seat: int, most: int = 9) -> str:
    """A name in a list that must stay short: its first ``most`` characters."""
    name = table.user_at(seat).name
    if len(name) > most:
        name = name[: most - 1] + "\u2026"
    return f"**{common.escape(name)}**"


def _log(table: Table) -> list[str]:
    """The latest lines that matter (drinks, cards laid and shown, who is out), passes folded
    into one line, and nothing the description above already says."""
    lines: list[str] = []
    passed: list[str] = []
    for t in table.row.log:
        m = PASSES.match(t)
        if m:
            passed.append(f"{{p{m[1]}}}")
            continue
        if passed:
            lines.append(f"{', '.join(passed)} {'passes' if len(passed) == 1 else 'pass'}")
            passed = []
        if not QUIET.search(t):
            lines.append(t)
    if passed:
        lines.append(f"{', '.join(passed)} {'passes' if len(passed) == 1 else 'pass'}")
    return [text(t, table) for t in common.fold(lines)[-LOG_SHOWN:]]


def _pending(table: Table, v: dict[str, Any]) -> list[str]:
    """Whose sips or answer the next card waits for: one line for every giver (each with all
    they have to give, however many cards they laid), one per awaited answer."""
    lines = []
    givers: dict[int, int] = {}
    for g in v["gives"]:
        givers[g["giver"]] = givers.get(g["giver"], 0) + g["left"]
    if givers:
        verb = "Naming who drinks" if v["convo"] else "Giving"
        who = ", ".join(f"{_short(table, g)} {n}" for g, n in givers.items())
        lines.append(f"\U0001f381 {verb}: {who}")
    cards: dict[tuple[int, int], list[dict[str, Any]]] = {}  # one question per card and value
    for a in v["answers"]:
        cards.setdefault((a["index"], a["sips"]), []).append(a)
    for (index, sips), answers in cards.items():
        due = countdown(
            min((d for a in answers if (d := table.deadline(a["clock"]))), default=None)
        )
        q = question(table, index, index)
        counts: dict[int, int] = {}
        for a in answers:
            counts[a["target"]] = counts.get(a["target"], 0) + 1
        who = ", ".join(
            _name(table, t) + (f" \u00d7{n}" if n > 1 else "") for t, n in counts.items()
        )
        lines.append(
            f"\u2753 {who}: \u201c{q}\u201d Answer and drink {sips}, or drink {2 * sips} "
            f"({due}, **My cards**)."
        )
    return lines


def _lay_rows(table: Table, v: dict[str, Any]) -> list[common.Row]:
    """Lay card 1 to N (N the hand size: 4, or 3 with 8 or more players) and Pass; with two or
    more cards in some hand, a select to lay several."""
    slots = max((len(s["slots"]) for s in v["seats"] if s["active"]), default=0)
    on = v["index"]  # a press that arrives after this card's window is refused, never moved on
    row: list[Button] = [
        button(table, Lay(slot=n, on=on), f"Lay card {n}", "primary") for n in range(1, slots + 1)
    ]
    row.append(button(table, Pass(on=on), "Pass"))
    rows: list[common.Row] = [row]
    if any(s["active"] and s["cards_left"] > 1 for s in v["seats"]):
        several = tuple(SelectOption(label=f"Card {n}", value=str(n)) for n in range(1, slots + 1))
        rows.append(
            select(table, Lay, "slots", several, "Lay two or more at once\u2026", 2, slots, on=on)
        )
    return rows


def _explore_rows_buttons(table: Table, ex: dict[str, Any]) -> list[common.Row]:
    row = next(r for r in ex["rows"] if r["row"] == ex["row"])
    positions = sorted([p["pos"] for p in row["turned"]] + row["face_down"])
    buttons = [
        button(table, Explore(pos=p), f"Card {k + 1}", "primary")
        for k, p in enumerate(positions)
        if p in row["face_down"]
    ]
    return [buttons[:5], buttons[5:]] if len(buttons) > 5 else [buttons]


def _claim_line(table: Table, v: dict[str, Any]) -> str:
    card = v["card"]
    if not v["window_open"]:
        what = "the answers" if v["answers"] and not v["gives"] else "the sips"
        return f"**{card}** is done: waiting for {what}."
    clock = v["clock"]
    waiting = [s for s in v["seats"] if s["active"] and s["claim"] == "waiting" and s["cards_left"]]
    if v["quick"] not in (None, "over") and waiting and all(s["auto"] for s in waiting):
        clock = v["quick"]  # only auto-passers left: the card closes with their clock
    due = countdown(table.deadline(clock))
    if v["index"] == 0:  # the first card says it all; the next ones fit a phone's line
        return (
            f"**{card}** ({plural(v['row_value'], 'sip')}): got {_a(card.rank_label)}? "
            f"Lay it by number or pass. Closes {due}."
        )
    return f"**{card}**: got {_a(card.rank_label)}? Closes {due}."


def phone_lines(text: str) -> int:
    """About how many lines ``text`` takes in an embed on a phone: :data:`PHONE_COLUMNS` to a
    line, an emoji as two, a live countdown as its words; a code block line (the drawing) as
    one."""
    total, code = 0, False
    for line in text.split("\n"):
        if line.startswith("```"):
            code = not code
            continue
        if code:
            total += 1
            continue
        total += _wrapped_lines(line)
    return total


@lru_cache(maxsize=4096)  # a screen is measured line by line, its variants share most lines
def _wrapped_lines(line: str) -> int:
    shown = COUNTDOWN.sub("in 20 seconds", line.replace("**", ""))
    wide = "".join(ch + ("_" if ord(ch) >= 0x2100 else "") for ch in shown)
    return max(1, len(textwrap.wrap(wide, PHONE_COLUMNS)))


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["phase"] == "over":
        return ended(table, v)
    desc: list[str] = []
    rows: list[common.Row] = []
    if v["phase"] == "peek":
        desc.append(_drawing(v["rows"]))
        if v["clock"]:
            due = countdown(table.deadline(v["clock"]))
            desc.append(
                "\U0001f440 Press **Look at my cards**: once, for 15 seconds. "
                f"Looks close {due}. On the left: each row's sips."
            )
            rows.append([_peek_button(table)])
        else:
            desc.append("\U0001f440 Looks are closed: the first card turns after the last one.")
    elif v["phase"] == "claim":
        desc.append(_drawing(v["rows"], v["index"]))
        desc.append(_claim_line(table, v))
        if v["window_open"]:
            rows += _lay_rows(table, v)
    elif v["phase"] == "explore":
        ex = v["explore"]
        who = _name(table, ex["explorer"])
        desc.append(_drawing(_explore_rows(ex), row=ex["row_number"]))
        due = countdown(table.deadline(ex["clock"]))
        desc.append(
            f"\U0001f9ed {who} must **explore**: a card per row from the bottom. A J, Q, K or A "
            f"costs the row's sips and starts again. Now the {ROW_LABELS[ex['row']]}: pick {due}."
        )
        rows += _explore_rows_buttons(table, ex)
    desc += _pending(table, v)
    desc += _players(table, v, desc)
    latest: list[str] = []  # the latest log lines, as many as fit a phone's screen
    for line in reversed(_log(table)):
        if not fits([*desc, line, *latest]):
            break
        latest.insert(0, line)
    desc += latest
    embed = discord.Embed(
        title=f"\U0001f53a Pyramid \u00b7 table #{table.id}",
        description="\n".join(desc)[:4096],
        colour=common.GOLD,
    )
    mode = "convo mode" if v["convo"] else "rows give 1-2-4-6-8-10 sips"
    embed.set_footer(text=FOOTER.format(table.seed_hash[:16], mode))
    rows.append(common.table_buttons(table, "My cards"))
    return Screen(embed, rows[:5])


def _peek_button(table: Table) -> Button:
    return button(table, Peek(), "Look at my cards", "success", emoji="\U0001f440")


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        results = table.results()
        # each player's "gave N, took M" is left to the platform's payoff: the drinks as
        # counted (water, points) with what each gave, within a phone screen at 10 players
        lines += [text(s, table) for s in results.summary if not GAVE_TOOK.search(s)]
        won = [o.seat for o in results.outcomes if o.result == "won"]
        if won and table.row.end_reason == "game over":
            names = ", ".join(_name(table, s) for s in won)
            lines.append(
                f"\U0001f3c6 {names} {'wins' if len(won) == 1 else 'win'}: fewest sips taken."
            )
    return common.ended_screen(table, lines)


def _give_panel(table: Table, v: dict[str, Any], seat: int) -> tuple[list[str], list[common.Row]]:
    """What ``seat`` has to give, and one choice that gives it all."""
    mine = [g for g in v["gives"] if g["giver"] == seat]
    if not mine:
        return [], []
    others = [s["seat"] for s in v["seats"] if s["active"] and s["seat"] != seat]
    due = countdown(min((d for g in mine if (d := table.deadline(g["clock"]))), default=None))
    card = mine[0]["card"]
    options = tuple(SelectOption(label=table.user_at(o).name[:100], value=str(o)) for o in others)
    if v["convo"]:
        left = mine[0]["left"]
        more = f" ({len(mine) - 1} more after this one)" if len(mine) > 1 else ""
        return (
            [
                f"\U0001f381 Name one player to drink all **{left}** and answer the "
                f"{card}'s question{more} ({due})."
            ],
            [select(table, Give, "to", options, f"Who drinks {left}?")],
        )
    total = sum(g["left"] for g in mine)
    rows: list[common.Row] = []
    how = ""
    if total == 1:  # a tap on who drinks it
        one = [
            button(table, Give(to=o, sips=1), f"Give 1 to {table.user_at(o).name[:60]}", "success")
            for o in others
        ]
        rows += [one[i : i + 5] for i in range(0, min(len(one), 10), 5)]
    elif len(others) == 1:
        name = table.user_at(others[0]).name[:60]
        rows.append([button(table, Give(share=others), f"Give {total} to {name}", "success")])
    else:  # one choice shares it all; +1 buttons for any other split
        most = min(total, len(others))
        rows.append(select(table, Give, "share", options, f"Give all {total} to\u2026", 1, most))
        how = " Pick one or more in the menu: they share them evenly. **+1** for any other split."
        plus = [
            button(table, Give(to=o, sips=1), f"+1 {table.user_at(o).name[:70]}") for o in others
        ]
        rows += [plus[i : i + 5] for i in range(0, min(len(plus), 10), 5)]
    return [f"\U0001f381 You have **{plural(total, 'sip')}** to give ({due}).{how}"], rows


def _auto_row(table: Table, v: dict[str, Any]) -> tuple[str, common.Row]:
    if v["me"]["auto"]:
        return (
            f"\u23ed\ufe0f Auto-pass is **on**: on each card you have {v['autopass_seconds']} "
            "seconds to lay, then you pass by yourself.",
            [button(table, Auto(on=False), "Turn auto-pass off")],
        )
    return (
        "\u23ed\ufe0f Auto-pass is off: a card waits for your Lay or Pass (or its clock).",
        [button(table, Auto(on=True), "Turn auto-pass on", "primary")],
    )


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
    # what this player owes comes first: it has a clock, and the rows are limited to five
    if "answer" in types:
        a = next(a for a in v["answers"] if a["target"] == seat)
        q = question(table, a["index"], a["index"])
        due = countdown(table.deadline(a["clock"]))
        desc.append(
            f"\u2753 **{q}**\nAnswer it and drink {a['sips']}, or refuse and drink "
            f"{a['double']} ({due})."
        )
        rows.append(
            [
                button(table, Answer(), f"I'll answer (drink {a['sips']})", "success"),
                button(table, Refuse(), f"Refuse (drink {a['double']})", "danger"),
            ]
        )
    lines, give_rows = _give_panel(table, v, seat)
    desc += lines
    rows += give_rows
    mine = next(s for s in v["seats"] if s["seat"] == seat)
    # from the look on (legal_actions lists it once cards turn: see the engine)
    if mine["active"] and v["phase"] in ("peek", "claim"):
        line, row = _auto_row(table, v)
        desc.append(line)
        rows.append(row)
    desc.append(f"You gave {mine['given']}, took {common.drinks(table, seat, mine['taken'])}.")
    if "ask" in types and table.row.host_id == table.user_at(seat).user_id:
        for who in v["askable"][:2]:
            turned = [c for r in v["rows"] for c in r["cards"] if not c["face_down"]][-25:]
            opts = tuple(
                SelectOption(
                    label=f"The {c['card']}",
                    value=str(c["index"]),
                    emoji=common.card_emoji(table, seat, c["card"]),
                )
                for c in turned
            )
            ask = f"Ask {table.user_at(who).name[:60]} a question\u2026"
            rows.append(select(table, Ask, "card", opts, ask, seat=who))
    embed = discord.Embed(
        title=f"Your seat at Pyramid \u00b7 table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this.")
    return Screen(embed, rows[:5])
