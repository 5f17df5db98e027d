"""The Devil's Tarok on screen: the public table, a player's hand, the final scoreboard.

What is shown where:
- The public table (fits a phone: 12 lines, 600 characters with five players and 12-character
  names): the hand number, the dealer, the draw pile and the target; one line for the trick
  in progress (the suit led and who led it) or, between tricks, who took the last one and for
  how many points, with whose card it is and the clock; one line per player (cards in hand,
  total points, points this hand, and the card they have on the table); the latest log lines
  of this hand that the lines above don't already say, as many as fit (at most three). Only
  cards already on the table are ever named there. Its one row of buttons: **My hand**, Rules,
  Leave, End.
- A player's hand (ephemeral): their Private lines (the cards they drew), their points, and
  their cards as buttons sorted by suit and rank (the engine's order). On their turn it also
  shows the trick so far and the clock, and the cards they may play are blue and enabled, the
  others grey and disabled, so playing is one tap. The click's answer is their updated hand;
  the renderer edits the table.
- The end: the final hand's line, then the players still seated by total points (ties share a
  place; the winner has the trophy), then those who left.

Decisions:
- A hand holds at most 15 cards, which is three rows of five buttons; up to four rows are used
  before the rest (never met in play) goes into a select of the playable ones.
- The one-line summary of the last hand (each player's points that hand; the totals are on
  the player lines) is in the description until the new hand's first card, then the first of
  the "Latest" lines until newer ones push it out. "Latest" shows only this hand's log, so a
  card named there is never one shuffled into someone's new hand since, with one exception:
  until the new hand's first card, who took the last hand's last trick, labelled with that
  hand's number (the hand ends and the next is dealt in the same move, so it would otherwise
  never be seen).
- A line per player reads ``Ana: 14 · 105 (+35) · 7🍺`` under a legend line, not in words, and
  each card of the trick sits on its player's line (play goes left from the leader, so the
  order needs no more): a name is written once, and five players with long names fit a phone.
- Between tricks the last trick's cards stay on the player lines, its taker's marked with a
  trophy, until the next trick's first card.
- "Latest" leaves out what the table shows: the cards played (on the player lines), the last
  trick's taker and points while that line shows them, and the empty draw pile (in the
  header). A card the clock played stays: it is a strike.
- A hand that is waiting does not show the trick or whose turn it is (the table does): it
  changes only when the player's turn comes, when they draw and when they score, so each open
  hand costs about two edits a trick rather than one for every card played.
- Nothing is public to press: every move is a card from a hidden hand.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.engines.base import plural
from bot.engines.cards import TarotCard
from bot.engines.tarok import SUIT_WORDS, THE_FOOL, Play, card_id, card_points
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say, select

DEVIL = "\U0001f608"
POINTER = "\U0001f449"
SUIT_OF = {word: suit for suit, word in SUIT_WORDS.items()}  # the view names the suit led
TROPHY = "\U0001f3c6"
MEDALS = ["\U0001f947", "\U0001f948", "\U0001f949"]
CARD_ROWS = 4  # rows of card buttons before the rest goes into a select
LOG_LINES = 3
PLAYS = re.compile(r"\{p\d+\} plays ")  # a card played (not by the clock): on the table
TOTALS = re.compile(r" = \d+")  # "+35 = 105" in a hand's summary: the total is on its line
PILE_EMPTY = "The draw pile is empty."
TAKEN = re.compile(r"\{p\d+\} (takes the trick|has left: the trick)")  # a trick's outcome


def _name(table: Table, seat: int) -> str:
    return common.name(table, seat)


def _suit(word: str) -> str:
    """``"🍺 beers"``: the suit led, with its symbol."""
    return f"{SUIT_OF[word].symbol} {word}"


def _cards(table: Table, trick: list[dict[str, Any]], winner: int | None = None) -> str:
    """``**Bo** 7🍺 · **Cy** Q🍺 🏆``: who played what, the trick's taker marked."""
    return " · ".join(
        f"{_name(table, e['seat'])} {e['card'].label}"
        + (f" {TROPHY}" if e["seat"] == winner else "")
        for e in trick
    )


def _trick_lines(table: Table, v: dict[str, Any]) -> list[str]:
    """The trick in progress, or the last one and who took it (nothing before the first)."""
    if v["trick"]:
        leader = v["trick"][0]["seat"]
        led = f"{_suit(v['led_suit'])} led by {_name(table, leader)}"
        return [f"\U0001f0cf Trick, {led}: {_cards(table, v['trick'])}"]
    if v["last_trick"]:
        cards: list[TarotCard] = [e["card"] for e in v["last_trick"]]
        points = plural(sum(card_points(c) for c in cards), "point")
        return [f"Last trick, {points}: {_cards(table, v['last_trick'], v['last_winner'])}"]
    return []


def _clock(table: Table, v: dict[str, Any]) -> str:
    """``"<t:…:R>"``: Discord shows "in 25 seconds" and keeps it ticking ("" if no clock)."""
    due = table.deadline(v["clock"]) if v["clock"] else None
    return countdown(due) if due else ""


def _turn_line(table: Table, v: dict[str, Any]) -> str:
    """What the table waits for: the trick so far (its suit, its leader) or the last trick's
    taker, then whose card it is with the clock."""
    who = _name(table, v["turn"])
    clock = _clock(table, v)
    if v["trick"]:
        leader = _name(table, v["trick"][0]["seat"])
        head = f"\U0001f0cf {_suit(v['led_suit'])} led by {leader} · "
        what = "to play"
    else:
        head = ""
        if v["last_trick"]:
            cards: list[TarotCard] = [e["card"] for e in v["last_trick"]]
            points = plural(sum(card_points(c) for c in cards), "point")
            taker = _name(table, v["last_winner"])
            head = f"{TROPHY} {taker} took the last trick, {points} · "
            if v["last_out"]:
                head = f"\U0001f6aa {taker} left: the last trick ({points}) is out of play · "
        what = "leads the next trick"
    where = " from **My hand**"  # where the cards are: the table has no card buttons
    return f"{head}{POINTER} {who} {what}{where}" + (f", time runs out {clock}." if clock else ".")


def _player_line(table: Table, v: dict[str, Any], seat: int) -> str:
    """``👉 **Ana**: 14 · **105** (+35) · 7🍺``: cards in hand, total points, points this
    hand, and their card in the trick (between tricks: in the last one, 🏆 on the taker's)."""
    who = _name(table, seat)
    if not v["active"][seat]:
        return f"{who}: left · {v['totals'][seat]}"
    mark = f"{POINTER} " if seat == v["turn"] else ""
    line = f"{mark}{who}: {v['hand_sizes'][seat]} · **{v['totals'][seat]}** (+{v['points'][seat]})"
    trick, taker = (v["trick"], None) if v["trick"] else (v["last_trick"], v["last_winner"])
    card = next((e["card"] for e in trick if e["seat"] == seat), None)
    if card is not None:
        line += f" · {card.label}" + (f" {TROPHY}" if seat == taker else "")
    return line


def _header(table: Table, v: dict[str, Any]) -> str:
    return (
        f"Hand {v['hand_no']} · dealer {_name(table, v['dealer'])} · "
        f"draw pile {plural(v['pile'], 'card') if v['pile'] else 'empty'} · "
        f"first to {v['target']} wins"
    )


def _just_dealt(v: dict[str, Any]) -> bool:
    """A new hand (not the first) whose first card is still to come."""
    return bool(v["last_hand"]) and not v["trick"] and not v["last_trick"]


def _this_hand_log(table: Table, v: dict[str, Any]) -> list[str]:
    """This hand's log lines, newest last: from the last hand's summary on (the summary itself
    only once it has left the description), never a line about a card of an earlier hand, and
    none that the table above already says (see the module's decisions)."""
    log = list(table.row.log)
    ends = [i for i, line in enumerate(log) if v["last_hand"] and line == v["last_hand"]]
    if ends and _just_dealt(v):
        # until the next card, the hand's last trick (who took it, with what) stays in view:
        # the summary above adds it up
        end, before = ends[-1], v["hand_no"] - 1
        taken = [line for line in log[max(0, end - 2) : end] if TAKEN.match(line)]
        log = [f"Hand {before}'s last trick: {line}" for line in taken[-1:]] + log[end + 1 :]
    elif ends:
        log = log[ends[-1] :]
    shown = {PILE_EMPTY}
    if not v["trick"] and v["last_trick"]:
        shown.add(_taken_line(v))
    return [
        TOTALS.sub("", line) if line == v["last_hand"] else line
        for line in log
        if line not in shown and not PLAYS.match(line)
    ]


def _taken_line(v: dict[str, Any]) -> str:
    """The engine's line for the last trick's taker (the trick line shows it)."""
    winner = v["last_winner"]
    won = next(e["card"] for e in v["last_trick"] if e["seat"] == winner)
    points = sum(card_points(e["card"]) for e in v["last_trick"])
    return f"{{p{winner}}} takes the trick with {won.name}: {plural(points, 'point')}."


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    desc = [_header(table, v)]
    if _just_dealt(v):
        desc.append(f"\U0001f4cb {say(TOTALS.sub('', v['last_hand']), table)}")
    desc.append(_turn_line(table, v))
    desc.append("Cards · points (+ this hand):")
    desc += [_player_line(table, v, seat) for seat in range(len(v["totals"]))]
    embed = discord.Embed(
        title=f"{DEVIL} The Devil's Tarok · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text=f"{v['seconds']} s per card · seed SHA-256 {table.seed_hash[:16]}…")
    common.latest_field(table, embed, _this_hand_log(table, v), LOG_LINES)
    return Screen(embed, [common.table_buttons(table, "My hand")])


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    """The final scoreboard: the last hand's line, then everyone by total points. A table
    ended in the middle of a hand says so instead: its points count that hand's tricks so
    far, which the last finished hand's line would contradict."""
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        if not v["over"] and (v["trick"] or v["last_trick"]):
            lines += [f"Hand {v['hand_no']} was cut short: its tricks so far count below.", ""]
        elif v["last_hand"]:
            lines += [say(v["last_hand"], table), ""]
        # players still seated by points, then those who left (they keep points, can't win)
        outcomes = sorted(
            table.results().outcomes, key=lambda o: (o.result == "left", -(o.points or 0))
        )
        seated = [o.points or 0 for o in outcomes if o.result != "left"]
        for o in outcomes:
            points = plural(o.points or 0, "point")
            if o.result == "left":
                lines.append(f"\U0001f6aa {_name(table, o.seat)}: {points} (left)")
                continue
            place = sum(p > (o.points or 0) for p in seated)  # ties share a place
            mark = MEDALS[place] if place < len(MEDALS) and v["over"] else f"{place + 1}."
            won = f" {TROPHY}" if o.result == "won" else ""
            lines.append(f"{mark} {_name(table, o.seat)}: {points}{won}")
    return common.ended_screen(table, lines)


def _card_rows(
    table: Table, seat: int, hand: list[dict[str, Any]], my_turn: bool
) -> list[common.Row]:
    """The hand as buttons, five a row, playable ones enabled; any overflow as a select."""
    buttons: list[Button] = [
        button(
            table,
            Play(h["id"]),
            h["card"].label,
            "primary" if my_turn and h["legal"] else "secondary",
            emoji=common.card_emoji(table, seat, h["card"]),
            disabled=not (my_turn and h["legal"]),
        )
        for h in hand
    ]
    shown = CARD_ROWS * 5
    rows: list[common.Row] = [buttons[i : i + 5] for i in range(0, min(len(buttons), shown), 5)]
    rest = [h for h in hand[shown:] if my_turn and h["legal"]]
    if rest:
        options = tuple(
            SelectOption(
                h["card"].label,
                str(card_id(h["card"])),
                emoji=common.card_emoji(table, seat, h["card"]),
            )
            for h in rest
        )
        rows.append(select(table, Play, "card", options[:25], "More cards…"))
    return rows


def private(table: Table, seat: int) -> Screen:
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    my_turn = v["turn"] == seat
    desc = common.notes(table, seat)
    clock = _clock(table, v)
    then = f"Time runs out {clock}, then" if clock else "If time runs out,"
    # a timeout plays the lowest legal card: the Fool (0) first, the card that takes the trick
    fool = any(h["card"] == THE_FOOL for h in v["hand"])
    lowest = "your Fool is played" if fool else "your lowest card is played"
    if my_turn and v["trick"]:
        desc += _trick_lines(table, v)
        desc.append(
            f"{POINTER} **Your turn**: follow {_suit(v['led_suit'])} if you can (the Fool always "
            f"may). {then} {lowest}."
        )
    elif my_turn:
        desc += _trick_lines(table, v)
        desc.append(f"{POINTER} **Your lead**: play any card. {then} {lowest}.")
    else:
        desc.append("\u23f3 Not your turn yet: your cards light up when it is.")
    desc.append(
        f"You: **{plural(v['totals'][seat], 'point')}** (+{v['points'][seat]} this hand) · "
        f"hand {v['hand_no']}"
    )
    embed = discord.Embed(
        title=f"Your hand · The Devil's Tarok · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(
        text="Only you can see this. Majors 30, the Devil 50, the Fool 0 · "
        "K 25, Q 20, Kn 15, P 10, 1-10 face value"
    )
    return Screen(embed, _card_rows(table, seat, v["hand"], my_turn))
