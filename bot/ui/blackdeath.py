"""Black Death on screen: the public table, a player's hand (private), the forfeit form.

What is shown where:
- The public table names who takes a card from whom (with the clock), lists every player with
  their hand as a fan of card backs and a count (or safe, left, holding Death; a safe player
  who left is "safe (left)", on the end screen too: they keep their win), and the latest
  log lines. Before the first take the deal comes first ("The deal": every player's thrown
  pairs), since the table's short log can't hold ten players' lines: as much of it as fits a
  phone with the lines since (a leaver's cards passed on), which come first.
- The taker's position buttons (1..n, five to a row; a select if a hand ever had more than 20
  cards, which the rules can't produce: a hand without pairs holds at most 15) are on the public
  table: positions in a freshly shuffled face-down hand reveal nothing, so one tap on the table
  is the whole move. Only the taker may press them; anyone else gets the engine's plain answer.
  The drawn card is a Private line, so the taker's click opens their private view with it.
  The same buttons are in the taker's private view too, for a player who keeps it open.
- The loser's **Finish my drink** / **Forfeit** and the writer's **Write the forfeit** (a form
  button) are on the public table as well (Death is no secret once it is the last card), and in
  their private views. A form button answers anyone with the form they may fill: ``form``
  returns one only to the writer, so anybody else is told "There is nothing to write now."
- The private view ("My hand"): the player's notes (what they drew, what was taken from them),
  their hand sorted with its pairs already gone, and what they must do now. It changes only when
  something changes for that player (their hand, their turn, their notes, the end), so it costs
  few edits; other players' turns are on the public table.
- No card in a hand is ever on a public message. The forfeit's text is posted on the table's
  log and its end screen.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engines.base import MSG
from bot.engines.blackdeath import (
    DEATH_FOUND,
    FORFEIT_MAX,
    TAKE_SECONDS,
    Finish,
    Forfeit,
    SetForfeit,
    Take,
)
from bot.engines.cards import TarotCard
from bot.i18n import current, game_title, tr
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say

BACK = "\U0001f0a0"  # 🂠 a face-down card
SKULL = "\U0001f480"
FAN = 10  # card backs drawn at most; the count says the rest
BUTTON_POSITIONS = 20  # four rows of five; more positions go in a select
LOG_SHOWN = 4
COMPACT_OVER = 4  # more players than this: the compact table (two players to a line)


def _name(table: Table, seat: int) -> str:
    return common.name(table, seat)


def _card(card: TarotCard) -> str:
    return f"**{card.label}** {SKULL}" if card.is_major else card.label


def _fan(n: int) -> str:
    return BACK * min(n, FAN) + ("+" if n > FAN else "") + f" {n}"


def _seat_line(table: Table, v: dict[str, Any], s: dict[str, Any]) -> str:
    who = _name(table, s["seat"])
    if s["status"] == "left":
        return "\U0001f6aa " + tr("blackdeath-seat-left", who=who)
    if s["status"] == "loser":
        return f"{SKULL} " + tr("blackdeath-seat-death", who=who)
    if s["status"] == "safe":
        return "\u2705 " + tr("blackdeath-seat-safe", who=who, left="yes" if s["left"] else "no")
    if len(v["seats"]) > COMPACT_OVER:  # who takes from whom is on the turn line already
        return f"{who} {BACK}{s['cards']}"
    role = "none"
    if v["phase"] == "take" and s["seat"] == v["offerer"]:
        role = "offering"
    elif v["phase"] == "take" and s["seat"] == v["taker"]:
        role = "taking"
    return tr("blackdeath-seat", who=who, fan=_fan(s["cards"]), role=role)


def _seat_lines(table: Table, v: dict[str, Any]) -> list[str]:
    """One line per player; past four players, two to a line without the fans (a phone screen)."""
    lines = [_seat_line(table, v, s) for s in v["seats"]]
    if len(lines) <= COMPACT_OVER:
        return lines
    return [" · ".join(lines[i : i + 2]) for i in range(0, len(lines), 2)]


def _positions(v: dict[str, Any]) -> int:
    offerer = v["offerer"]
    return int(v["seats"][offerer]["cards"]) if offerer is not None else 0


def _take_rows(table: Table, n: int) -> list[common.Row]:
    """One button per face-down position, or a select when they would not fit in four rows."""
    if n > BUTTON_POSITIONS:
        options = tuple(
            SelectOption(label=tr("blackdeath-card-n", n=p), value=str(p)) for p in range(1, n + 1)
        )
        return [common.select(table, Take, "pos", options[:25], tr("blackdeath-take-select", n=n))]
    keys = [button(table, Take(p), str(p), "primary") for p in range(1, n + 1)]
    return [keys[i : i + 5] for i in range(0, n, 5)]


def _choice_row(table: Table) -> list[Button]:
    return [
        button(table, Finish(), tr("blackdeath-finish-button"), "success", emoji="\U0001f37a"),
        button(table, Forfeit(), tr("blackdeath-forfeit-button"), "danger", emoji="\U0001f3b2"),
    ]


def _write_button(table: Table) -> Button:
    label = tr("blackdeath-write-button")
    return common.form_button(table, SetForfeit, label, emoji="\u270d\ufe0f")


def _deal_fields(table: Table, v: dict[str, Any], embed: discord.Embed) -> None:
    """Before the first take: every pair the deal threw, then anything since (a leaver). The
    deal is two players to a line when one each does not fit the phone with the lines since,
    cut short with "…" if even that does not, and left out if nothing of it fits."""
    deal: list[str] = v["deal_log"]
    log = table.row.log
    since = log[len(log) - log[::-1].index(deal[-1]) :] if deal[-1] in log else log
    lines = [say(t, table) for t in deal]
    pairs = [" \u00b7 ".join(lines[i : i + 2]) for i in range(0, len(lines), 2)]
    tries = [pairs] if len(lines) > COMPACT_OVER else [lines, pairs]
    tries += [[*pairs[:n], "\u2026"] for n in range(len(pairs) - 1, 0, -1)]
    news = common.latest_lines(table, since, _log_shown(v))
    latest = ["Latest", "\n".join(news)] if news else []  # its room (the platform names it)
    # the lines since first (a leaver's cards passed on): the deal makes room for them
    texts = ("\n".join(x) for x in tries)
    name = tr("blackdeath-the-deal")
    text = next((t for t in texts if common.fits(embed, name, t, *latest)), None)
    if text is not None:
        embed.add_field(name=name, value=text[:1024], inline=False)
    common.latest_field(table, embed, since, _log_shown(v))


def _death_found(line: str) -> bool:
    """Whether an engine log line is the one naming the loser (by its message key)."""
    return line.startswith(MSG) and line[1:].partition(MSG)[0] == DEATH_FOUND


def _log_shown(v: dict[str, Any]) -> int:
    return LOG_SHOWN if len(v["seats"]) <= COMPACT_OVER else LOG_SHOWN - 1


def _due(table: Table, v: dict[str, Any]) -> str:
    """The running clock for a message's ``$due``, or ``none``."""
    return (countdown(table.deadline(v["clock"])) if v["clock"] else "") or "none"


# -- the public table ---------------------------------------------------------------------


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    due = _due(table, v)
    rows: list[common.Row] = []
    if v["phase"] == "take":
        taker, offerer = _name(table, v["taker"]), _name(table, v["offerer"])
        n = _positions(v)
        turn = "\U0001f449 " + tr(
            "blackdeath-turn-take", taker=taker, offerer=offerer, n=n, due=due
        )
        rows += _take_rows(table, n)
    elif v["phase"] == "choose":
        loser = _name(table, v["loser"])
        turn = f"{SKULL} " + tr("blackdeath-turn-choose", loser=loser, due=due)
        rows.append(_choice_row(table))
    else:  # "forfeit"
        loser, writer = _name(table, v["loser"]), _name(table, v["writer"])
        button = tr("blackdeath-write-button")
        turn = "\u270d\ufe0f " + tr(
            "blackdeath-turn-write", loser=loser, writer=writer, button=button, due=due
        )
        rows.append([_write_button(table)])
    lines = [turn, ""] + _seat_lines(table, v)
    game = game_title(current(), "blackdeath")
    embed = discord.Embed(
        title=f"{SKULL} " + tr("blackdeath-title", game=game, table=str(table.id)),
        description="\n".join(lines),
        colour=common.GOLD,
    )
    seconds = TAKE_SECONDS if v["phase"] == "take" else 0
    footer = tr("blackdeath-footer", hash=table.seed_hash[:16], n=v["pairs"], seconds=seconds)
    embed.set_footer(text=footer)
    if v["phase"] == "take" and not v["last"] and v["deal_log"]:
        _deal_fields(table, v, embed)
    else:  # the loser's line is the turn line above: not again in Latest
        log = [t for t in table.row.log if not _death_found(t)]
        common.latest_field(table, embed, log, _log_shown(v))
    rows.append(common.table_buttons(table, tr("blackdeath-my-hand")))
    return Screen(embed, rows[:5])


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        results = table.results()
        lines += [say(s, table) for s in results.summary]
        if v["over"]:  # the result: who was safe (won), who left holding cards
            safe = [o.seat for o in results.outcomes if o.result == "won"]
            gone = [o.seat for o in results.outcomes if o.result == "left"]
        else:  # ended early (the platform says so): how the taking stood
            seats = v["seats"]
            held = [f"{_name(table, x['seat'])} {x['cards']}" for x in seats if x["cards"]]
            if held:
                lines.append(tr("blackdeath-still-holding", held=" · ".join(held)))
            safe = [x["seat"] for x in seats if x["status"] == "safe"]
            gone = [x["seat"] for x in seats if x["status"] == "left"]
        if safe:  # a safe player who left keeps their win: among the safe, noted
            went = {x["seat"] for x in v["seats"] if x["left"]}
            named = [
                tr("blackdeath-safe-name", who=_name(table, s), left="yes" if s in went else "no")
                for s in safe
            ]
            lines.append("\U0001f37b " + tr("blackdeath-ended-safe", who=", ".join(named)))
        if gone:
            who = ", ".join(_name(table, s) for s in gone)
            lines.append("\U0001f6aa " + tr("blackdeath-ended-left", who=who))
    return common.ended_screen(table, lines)


# -- a player's hand ----------------------------------------------------------------------


def private(table: Table, seat: int) -> Screen:
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    hand: list[TarotCard] = v["hand"]
    lines = common.notes(table, seat)
    if hand:
        lines.append(tr("blackdeath-your-hand", n=len(hand)))
        lines.append(" · ".join(_card(c) for c in hand))
    elif seat != v["loser"]:
        lines.append("\u2705 " + tr("blackdeath-you-are-safe"))
    rows: list[common.Row] = []
    due = _due(table, v)
    phase = v["phase"]
    if phase == "take":
        if seat == v["taker"]:
            offerer = _name(table, v["offerer"])
            n = _positions(v)
            lines.append("\U0001f449 " + tr("blackdeath-your-turn", offerer=offerer, n=n, due=due))
            rows += _take_rows(table, n)
        elif seat == v["offerer"]:
            lines.append(tr("blackdeath-taking-yours", who=_name(table, v["taker"])))
        elif hand:
            taker, offerer = _name(table, v["taker"]), _name(table, v["offerer"])
            lines.append(tr("blackdeath-taking", who=taker, offerer=offerer))
    elif phase == "choose":
        if seat == v["loser"]:
            lines.append(f"{SKULL} " + tr("blackdeath-you-hold-death", due=due))
            rows.append(_choice_row(table))
        else:
            lines.append(f"{SKULL} " + tr("blackdeath-is-choosing", who=_name(table, v["loser"])))
    else:  # "forfeit"
        loser = _name(table, v["loser"])
        if seat == v["writer"]:
            button = tr("blackdeath-write-button")
            text = tr("blackdeath-you-write", loser=loser, most=FORFEIT_MAX, button=button, due=due)
            lines.append("\u270d\ufe0f " + text)
            rows.append([_write_button(table)])
        elif seat == v["loser"]:
            lines.append(tr("blackdeath-writing-yours", who=_name(table, v["writer"])))
        else:
            lines.append(tr("blackdeath-writing", who=_name(table, v["writer"]), loser=loser))
    game = game_title(current(), "blackdeath")
    embed = discord.Embed(
        title="\U0001f0cf " + tr("blackdeath-hand-title", game=game, table=str(table.id)),
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("blackdeath-hand-footer"))
    return Screen(embed, rows[:5])


# -- the forfeit form ---------------------------------------------------------------------


def form(table: Table, seat: int, verb: str | None) -> common.Form | None:
    """The forfeit form, for its writer only (anyone else: "There is nothing to write now.")."""
    v = table.view(seat)
    if verb != SetForfeit.verb or v["phase"] != "forfeit" or v["writer"] != seat:
        return None
    loser = table.user_at(v["loser"]).name
    return common.form(
        table,
        SetForfeit,
        "text",
        tr("blackdeath-form-title", who=loser)[:45],
        tr("blackdeath-form-label"),
        min_length=1,
        max_length=FORFEIT_MAX,
        placeholder=tr("blackdeath-form-example"),
    )
