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

from bot.engines.base import plural
from bot.engines.blackdeath import (
    EXAMPLE_FORFEIT,
    FORFEIT_MAX,
    TAKE_SECONDS,
    Finish,
    Forfeit,
    SetForfeit,
    Take,
)
from bot.engines.cards import TarotCard
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
        return f"\U0001f6aa {who} left"
    if s["status"] == "loser":
        return f"{SKULL} {who} holds Death"
    if s["status"] == "safe":
        return f"\u2705 {who} safe" + (" (left)" if s["left"] else "")
    if len(v["seats"]) > COMPACT_OVER:  # who takes from whom is on the turn line already
        return f"{who} {BACK}{s['cards']}"
    role = ""
    if v["phase"] == "take" and s["seat"] == v["offerer"]:
        role = " · offering"
    elif v["phase"] == "take" and s["seat"] == v["taker"]:
        role = " · taking"
    return f"{who} {_fan(s['cards'])}{role}"


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
        options = tuple(SelectOption(label=f"Card {p}", value=str(p)) for p in range(1, n + 1))
        return [common.select(table, Take, "pos", options[:25], f"Take a card (1-{n})…")]
    keys = [button(table, Take(p), str(p), "primary") for p in range(1, n + 1)]
    return [keys[i : i + 5] for i in range(0, n, 5)]


def _choice_row(table: Table) -> list[Button]:
    return [
        button(table, Finish(), "Finish my drink", "success", emoji="\U0001f37a"),
        button(table, Forfeit(), "Forfeit", "danger", emoji="\U0001f3b2"),
    ]


def _write_button(table: Table) -> Button:
    return common.form_button(table, SetForfeit, "Write the forfeit", emoji="\u270d\ufe0f")


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
    latest = ["Latest", "\n".join(news)] if news else []
    # the lines since first (a leaver's cards passed on): the deal makes room for them
    texts = ("\n".join(x) for x in tries)
    text = next((t for t in texts if common.fits(embed, "The deal", t, *latest)), None)
    if text is not None:
        embed.add_field(name="The deal", value=text[:1024], inline=False)
    common.latest_field(table, embed, since, _log_shown(v))


DEATH_FOUND = "Only Death is left, and "  # the engine's line naming the loser


def _log_shown(v: dict[str, Any]) -> int:
    return LOG_SHOWN if len(v["seats"]) <= COMPACT_OVER else LOG_SHOWN - 1


def _due(table: Table, v: dict[str, Any]) -> str:
    return countdown(table.deadline(v["clock"])) if v["clock"] else ""


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
        turn = (
            f"\U0001f449 {taker}, take one of {offerer}'s {n} face-down cards below "
            f"(or I pick one {due})."
            if n > 1
            else f"\U0001f449 {taker}, take {offerer}'s last card: press 1 (or I take it {due})."
        )
        rows += _take_rows(table, n)
    elif v["phase"] == "choose":
        loser = _name(table, v["loser"])
        turn = (
            f"{SKULL} Only Death is left, and {loser} holds it! {loser}: **finish your drink** "
            f"or take a **forfeit**? Decide {due}, or you finish your drink."
        )
        rows.append(_choice_row(table))
    else:  # "forfeit"
        loser, writer = _name(table, v["loser"]), _name(table, v["writer"])
        turn = (
            f"\u270d\ufe0f {loser} takes a forfeit. {writer}, press **Write the forfeit** "
            f"{due}; if none comes, {loser} finishes their drink."
        )
        rows.append([_write_button(table)])
    lines = [turn, ""] + _seat_lines(table, v)
    embed = discord.Embed(
        title=f"{SKULL} Black Death · table #{table.id}",
        description="\n".join(lines),
        colour=common.GOLD,
    )
    taking = f" · {TAKE_SECONDS} s to take a card" if v["phase"] == "take" else ""
    embed.set_footer(
        text=f"Seed SHA-256 {table.seed_hash[:16]}… · {plural(v['pairs'], 'pair')} thrown{taking}"
    )
    if v["phase"] == "take" and not v["last"] and v["deal_log"]:
        _deal_fields(table, v, embed)
    else:  # the loser's line is the turn line above: not again in Latest
        log = [t for t in table.row.log if not t.startswith(DEATH_FOUND)]
        common.latest_field(table, embed, log, _log_shown(v))
    rows.append(common.table_buttons(table, "My hand"))
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
                lines.append("Still holding cards: " + " · ".join(held))
            safe = [x["seat"] for x in seats if x["status"] == "safe"]
            gone = [x["seat"] for x in seats if x["status"] == "left"]
        if safe:  # a safe player who left keeps their win: among the safe, noted
            went = {x["seat"] for x in v["seats"] if x["left"]}
            named = [_name(table, s) + (" (left)" if s in went else "") for s in safe]
            lines.append("\U0001f37b Safe: " + ", ".join(named))
        if gone:
            lines.append("\U0001f6aa Left: " + ", ".join(_name(table, s) for s in gone))
    return common.ended_screen(table, lines)


# -- a player's hand ----------------------------------------------------------------------


def private(table: Table, seat: int) -> Screen:
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    hand: list[TarotCard] = v["hand"]
    lines = common.notes(table, seat)
    if hand:
        lines.append(f"Your hand, pairs thrown away ({plural(len(hand), 'card')}):")
        lines.append(" · ".join(_card(c) for c in hand))
    elif seat != v["loser"]:
        lines.append("\u2705 No cards left: you're safe from Death!")
    rows: list[common.Row] = []
    due = _due(table, v)
    phase = v["phase"]
    if phase == "take":
        if seat == v["taker"]:
            offerer = _name(table, v["offerer"])
            n = _positions(v)
            lines.append(
                f"\U0001f449 **Your turn**: take one of {offerer}'s {n} face-down cards by its "
                f"number, here or on the table, {due}."
                if n > 1
                else f"\U0001f449 **Your turn**: take {offerer}'s last card (1), here or on the "
                f"table, {due}."
            )
            rows += _take_rows(table, n)
        elif seat == v["offerer"]:
            lines.append(f"{_name(table, v['taker'])} is taking a card from your hand.")
        elif hand:
            taker, offerer = _name(table, v["taker"]), _name(table, v["offerer"])
            lines.append(f"{taker} is taking a card from {offerer}.")
    elif phase == "choose":
        if seat == v["loser"]:
            lines.append(
                f"{SKULL} You hold Death! **Finish your drink**, or take a **forfeit** that "
                f"another player writes. Decide {due}, or you finish your drink."
            )
            rows.append(_choice_row(table))
        else:
            lines.append(f"{SKULL} {_name(table, v['loser'])} holds Death and is choosing.")
    else:  # "forfeit"
        loser = _name(table, v["loser"])
        if seat == v["writer"]:
            lines.append(
                f"\u270d\ufe0f You write {loser}'s forfeit ({FORFEIT_MAX} characters at most): "
                f"press **Write the forfeit** {due}."
            )
            rows.append([_write_button(table)])
        elif seat == v["loser"]:
            lines.append(f"{_name(table, v['writer'])} is writing your forfeit.")
        else:
            lines.append(f"{_name(table, v['writer'])} is writing {loser}'s forfeit.")
    embed = discord.Embed(
        title=f"\U0001f0cf Your hand · Black Death · table #{table.id}",
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this.")
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
        f"A forfeit for {loser}"[:45],
        "What must they do?",
        min_length=1,
        max_length=FORFEIT_MAX,
        placeholder=EXAMPLE_FORFEIT,
    )
