"""Pyramid on screen: the public table, a player's private view, the end screen.

Every word comes from the catalog (bot/i18n/<lang>.ftl, its pyramid- messages) in the language of the screen
being drawn, and so do the convo mode's questions: one bank a language
(``data/pyramid_questions.json``, ``data/pyramid_questions.<lang>.json``), each the same
questions in the same order, so that a stored line asks the same question in every language.
"""

from __future__ import annotations

import json
import re
import textwrap
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import discord

from bot.engines.pyramid import (
    PEEK_SECONDS,
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
    row_title,
)
from bot.engines.words import key_of
from bot.i18n import ENGLISH, current, render, tr
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say, select

DATA = Path(__file__).resolve().parents[2] / "data"
QUESTION_MARK = re.compile(r"\{q:(\d+):(\d+)\}")
FACE_DOWN = "##"  # a face-down card in the drawing (ASCII: one column per character everywhere)
LOG_SHOWN = 3  # log lines on the public table, at most (fewer when the phone's screen is full)
FULL_LIST = 5  # up to this many players, the table lists everyone's cards left
# A phone: about 40 characters to a line of an embed, and the public table's description fits
# in about 12 lines and 600 characters.
PHONE_COLUMNS = 40
PHONE_LINES = common.BODY_LINES
PHONE_CHARS = common.BODY_CHARS
FOOTER_LINES = 1  # the footer: the seed's hash, and the rows' sips or convo mode
COUNTDOWN = re.compile(r"<t:\d+:R>")
# Log lines the public table leaves out: what the description already says (the turned card,
# the explorer), and what no longer matters once it is over (looks, the claim clock).
QUIET = frozenset(
    {
        "pyramid-takes-look",
        "pyramid-look-ended",
        "pyramid-look-up",
        "pyramid-first-all-looked",
        "pyramid-first-looks-over",
        "pyramid-card-turned",
        "pyramid-time-up",
        "pyramid-most-cards",
        "pyramid-question-line",
    }
)
# the same, in a table's log stored before the lines were messages (English)
OLD_QUIET = re.compile(
    r"takes their look$|'s look is over$|^Time to look is up|the first card is |^Card \d+ of \d+: "
    r"|^Time is up on the |must explore the pyramid$|^\u2753 \{p\d+\}: \{q:"
)
PASSES = re.compile(r"^\{p(\d+)\} passes$")  # a table's log from before passes went unlogged


@cache
def bank(lang: str = ENGLISH) -> dict[str, list[str]]:
    """The convo mode's questions in ``lang`` (English where it has none)."""
    own = DATA / f"pyramid_questions.{lang}.json"
    path = own if lang != ENGLISH and own.exists() else DATA / "pyramid_questions.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def question(table: Table, index: int, n: int) -> str:
    """The ``n``-th question of the turned pyramid card at ``index`` (read from the view), in
    the language of the screen being drawn."""
    card = next(c["card"] for r in table.view()["rows"] for c in r["cards"] if c["index"] == index)
    return question_for(bank(current()), card.rank, table.row.seed, n)


def text(template: str, table: Table) -> str:
    """An engine line worded in the screen's language, with names and questions filled in."""
    filled = QUESTION_MARK.sub(
        lambda m: tr("pyramid-quoted", q=question(table, int(m[1]), int(m[2]))), render(template)
    )
    return say(filled, table)


def quiet(line: str) -> bool:
    """Whether the public table leaves a log line out (:data:`QUIET`)."""
    key = key_of(line)
    return key in QUIET if key is not None else bool(OLD_QUIET.search(line))


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
    return "  ".join(out) or tr("pyramid-no-cards")


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
        if not queue:
            return []
        line = tr("pyramid-next-explorers", who=", ".join(queue))
        if phone_lines(line) > 1:
            line = tr("pyramid-next-explorer-more", who=queue[0], n=len(queue) - 1)
        return [line]
    if v["phase"] == "peek":
        looking = [_short(table, s["seat"]) for s in seats if s["peeking"]]
        looked = sum(1 for s in seats if s["looked"])
        line = tr("pyramid-looked", n=looked, of=len(seats))
        if looking:
            now = tr("pyramid-looked-looking", n=looked, of=len(seats), who=", ".join(looking))
            many = tr("pyramid-looked-many", n=looked, of=len(seats), looking=len(looking))
            line = now if phone_lines(now) == 1 else many
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
            variants.append([tr("pyramid-cards", cards=" \u00b7 ".join(parts))])
    else:
        waits: list[str] = [""]
        if waiting:  # names where they fit one line of a phone, else how many
            names = ", ".join(_short(table, s) for s in sorted(waiting))
            line = tr("pyramid-waiting-for", who=names)
            many = tr("pyramid-waiting-many", n=len(waiting))
            waits = [line, many] if phone_lines(line) == 1 else [many]
        most = max(s["cards_left"] for s in seats)
        top = [_short(table, s["seat"]) for s in seats if s["cards_left"] == most]
        line = tr("pyramid-most", most=most, who=", ".join(top))
        if len(top) == len(seats):
            line = tr("pyramid-most-each", most=most)
        elif phone_lines(line) > 1:
            line = tr("pyramid-most-many", most=most, n=len(top))
        hands = [line]
        if any(seen.values()):
            hands = []
            for short in (9, 5):
                shown = [f"{_short(table, k, short)} {', '.join(c)}" for k, c in seen.items() if c]
                hands += [
                    tr("pyramid-most-face-up", most=line, cards=", ".join(shown)),
                    tr("pyramid-face-up", cards=", ".join(shown)),
                ]
            cards = [card for shown_cards in seen.values() for card in shown_cards]
            hands.append(tr("pyramid-face-up", cards=", ".join(cards)))
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
        and len(text) + _footer_chars() <= PHONE_CHARS
    )


def _footer(seed_hash: str, convo: bool) -> str:
    mode = tr("pyramid-footer-convo") if convo else tr("pyramid-footer-rows")
    return tr("pyramid-footer", hash=seed_hash[:16], mode=mode)


@cache
def _footer_chars_in(lang: str) -> int:
    return max(len(_footer("0" * 16, convo)) for convo in (False, True)) + 1  # a line break


def _footer_chars() -> int:
    """The footer's characters at most, in the language being drawn."""
    return _footer_chars_in(current())


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
            lines.append(tr("pyramid-old-passes", who=", ".join(passed), n=len(passed)))
            passed = []
        if not quiet(t):
            lines.append(t)
    if passed:
        lines.append(tr("pyramid-old-passes", who=", ".join(passed), n=len(passed)))
    return [text(t, table) for t in common.fold(lines)[-LOG_SHOWN:]]


def _pending(table: Table, v: dict[str, Any]) -> list[str]:
    """Whose sips or answer the next card waits for: one line for every giver (each with all
    they have to give, however many cards they laid), one per awaited answer."""
    lines = []
    givers: dict[int, int] = {}
    for g in v["gives"]:
        givers[g["giver"]] = givers.get(g["giver"], 0) + g["left"]
    if givers:
        who = ", ".join(f"{_short(table, g)} {n}" for g, n in givers.items())
        lines.append(tr("pyramid-naming" if v["convo"] else "pyramid-giving", who=who))
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
        lines.append(tr("pyramid-awaiting", who=who, q=q, n=sips, double=2 * sips, due=due))
    return lines


def _lay_rows(table: Table, v: dict[str, Any]) -> list[common.Row]:
    """Lay card 1 to N (N the hand size: 4, or 3 with 8 or more players) and Pass; with two or
    more cards in some hand, a select to lay several."""
    slots = max((len(s["slots"]) for s in v["seats"] if s["active"]), default=0)
    on = v["index"]  # a press that arrives after this card's window is refused, never moved on
    row: list[Button] = [
        button(table, Lay(slot=n, on=on), tr("pyramid-lay-card", n=n), "primary")
        for n in range(1, slots + 1)
    ]
    row.append(button(table, Pass(on=on), tr("pyramid-pass")))
    rows: list[common.Row] = [row]
    if any(s["active"] and s["cards_left"] > 1 for s in v["seats"]):
        several = tuple(
            SelectOption(label=tr("pyramid-card", n=n), value=str(n)) for n in range(1, slots + 1)
        )
        several_at_once = tr("pyramid-lay-several")
        rows.append(select(table, Lay, "slots", several, several_at_once, 2, slots, on=on))
    return rows


def _explore_rows_buttons(table: Table, ex: dict[str, Any]) -> list[common.Row]:
    row = next(r for r in ex["rows"] if r["row"] == ex["row"])
    positions = sorted([p["pos"] for p in row["turned"]] + row["face_down"])
    buttons = [
        button(table, Explore(pos=p), tr("pyramid-card", n=k + 1), "primary")
        for k, p in enumerate(positions)
        if p in row["face_down"]
    ]
    return [buttons[:5], buttons[5:]] if len(buttons) > 5 else [buttons]


def _claim_line(table: Table, v: dict[str, Any]) -> str:
    card = v["card"]
    if not v["window_open"]:
        answers = v["answers"] and not v["gives"]
        return tr("pyramid-done-answers" if answers else "pyramid-done-sips", card=card.label)
    clock = v["clock"]
    waiting = [s for s in v["seats"] if s["active"] and s["claim"] == "waiting" and s["cards_left"]]
    if v["quick"] not in (None, "over") and waiting and all(s["auto"] for s in waiting):
        clock = v["quick"]  # only auto-passers left: the card closes with their clock
    due = countdown(table.deadline(clock))
    if v["index"] == 0:  # the first card says it all; the next ones fit a phone's line
        return tr("pyramid-claim-first", card=card.label, rank=card.rank, n=v["row_value"], due=due)
    return tr("pyramid-claim", card=card.label, rank=card.rank, due=due)


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
            desc.append(tr("pyramid-look-now", seconds=PEEK_SECONDS, due=due))
            rows.append([_peek_button(table)])
        else:
            desc.append(tr("pyramid-looks-closed"))
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
        row = render(row_title(ex["row_number"]))
        desc.append(tr("pyramid-exploring", who=who, row=row, due=due))
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
        title=tr("pyramid-title", id=table.id),
        description="\n".join(desc)[:4096],
        colour=common.GOLD,
    )
    embed.set_footer(text=_footer(table.seed_hash, v["convo"]))
    rows.append(common.table_buttons(table, tr("pyramid-my-cards")))
    return Screen(embed, rows[:5])


def _peek_button(table: Table) -> Button:
    return button(table, Peek(), tr("pyramid-look-button"), "success", emoji="\U0001f440")


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        # the results' summary (each player's "gave N, took M") is left to the platform's
        # payoff: the drinks as counted (water, points) with what each gave, within a phone
        # screen at 10 players
        won = [o.seat for o in table.results().outcomes if o.result == "won"]
        if won and table.row.end_reason == "game over":
            names = ", ".join(_name(table, s) for s in won)
            lines.append(tr("pyramid-winners", who=names, n=len(won)))
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
        line = tr("pyramid-name-one", n=left, card=card.label, more=len(mine) - 1, due=due)
        return [line], [select(table, Give, "to", options, tr("pyramid-who-drinks", n=left))]
    total = sum(g["left"] for g in mine)
    rows: list[common.Row] = []
    how = False
    if total == 1:  # a tap on who drinks it
        one = [
            button(
                table,
                Give(to=o, sips=1),
                tr("pyramid-give-to", n=1, who=_label(table, o)),
                "success",
            )
            for o in others
        ]
        rows += [one[i : i + 5] for i in range(0, min(len(one), 10), 5)]
    elif len(others) == 1:
        label = tr("pyramid-give-to", n=total, who=_label(table, others[0]))
        rows.append([button(table, Give(share=others), label, "success")])
    else:  # one choice shares it all; +1 buttons for any other split
        most = min(total, len(others))
        rows.append(select(table, Give, "share", options, tr("pyramid-give-all", n=total), 1, most))
        how = True
        plus = [
            button(table, Give(to=o, sips=1), f"+1 {table.user_at(o).name[:70]}") for o in others
        ]
        rows += [plus[i : i + 5] for i in range(0, min(len(plus), 10), 5)]
    key = "pyramid-to-give-split" if how else "pyramid-to-give"
    return [tr(key, n=total, due=due)], rows


def _label(table: Table, seat: int) -> str:
    """A name on a button, short enough for its label."""
    return table.user_at(seat).name[:60]


def _auto_row(table: Table, v: dict[str, Any]) -> tuple[str, common.Row]:
    if v["me"]["auto"]:
        return (
            tr("pyramid-auto-is-on", seconds=v["autopass_seconds"]),
            [button(table, Auto(on=False), tr("pyramid-auto-turn-off"))],
        )
    return (
        tr("pyramid-auto-is-off"),
        [button(table, Auto(on=True), tr("pyramid-auto-turn-on"), "primary")],
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
        desc.append(tr("pyramid-memorise", due=due))
        desc.append(_slots(me["slots"], faces=True))
    else:
        desc.append(tr("pyramid-your-cards"))
        desc.append(_slots(me["slots"]))
        if "peek" in types:
            rows.append([_peek_button(table)])
    # what this player owes comes first: it has a clock, and the rows are limited to five
    if "answer" in types:
        a = next(a for a in v["answers"] if a["target"] == seat)
        q = question(table, a["index"], a["index"])
        due = countdown(table.deadline(a["clock"]))
        desc.append(tr("pyramid-your-question", q=q, n=a["sips"], double=a["double"], due=due))
        rows.append(
            [
                button(table, Answer(), tr("pyramid-answer-button", n=a["sips"]), "success"),
                button(table, Refuse(), tr("pyramid-refuse-button", n=a["double"]), "danger"),
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
    took = common.drinks(table, seat, mine["taken"])
    desc.append(tr("pyramid-gave-took", given=mine["given"], took=took))
    if "ask" in types and table.row.host_id == table.user_at(seat).user_id:
        for who in v["askable"][:2]:
            turned = [c for r in v["rows"] for c in r["cards"] if not c["face_down"]][-25:]
            opts = tuple(
                SelectOption(
                    label=tr("pyramid-ask-option", card=c["card"].label),
                    value=str(c["index"]),
                    emoji=common.card_emoji(table, seat, c["card"]),
                )
                for c in turned
            )
            ask = tr("pyramid-ask-placeholder", who=_label(table, who))
            rows.append(select(table, Ask, "card", opts, ask, seat=who))
    embed = discord.Embed(
        title=tr("pyramid-private-title", id=table.id),
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("pyramid-private-footer"))
    return Screen(embed, rows[:5])
