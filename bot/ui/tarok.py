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

from bot.engines.cards import TarotCard
from bot.engines.tarok import SUIT_WORDS, THE_FOOL, Play, card_id, card_points
from bot.engines.words import key_of, msg
from bot.i18n import tr
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
PLAYED = "tarok-plays"  # a card played (not by the clock): on the table
TAKEN = ("tarok-takes-trick", "tarok-trick-out")  # a trick's outcome
# "+35 = 105" in a hand's summary (its scores are names and numbers, the same in the line's
# data as in any language): the total is on its player's line
TOTALS = re.compile(r" = \d+")
PILE_EMPTY = msg("tarok-pile-empty")


def _name(table: Table, seat: int) -> str:
    return common.name(table, seat)


def _suit(word: str) -> str:
    """``"🍺 beers"``: the suit led, with its symbol."""
    return f"{SUIT_OF[word].symbol} {tr('tarok-suit', suit=word)}"


def _cards(table: Table, trick: list[dict[str, Any]], winner: int | None = None) -> str:
    """``**Bo** 7🍺 · **Cy** Q🍺 🏆``: who played what, the trick's taker marked."""
    return " · ".join(
        f"{_name(table, e['seat'])} {e['card'].label}"
        + (f" {TROPHY}" if e["seat"] == winner else "")
        for e in trick
    )


def _trick_points(trick: list[dict[str, Any]]) -> int:
    cards: list[TarotCard] = [e["card"] for e in trick]
    return sum(card_points(c) for c in cards)


def _trick_lines(table: Table, v: dict[str, Any]) -> list[str]:
    """The trick in progress, or the last one and who took it (nothing before the first)."""
    if v["trick"]:
        leader = _name(table, v["trick"][0]["seat"])
        cards = _cards(table, v["trick"])
        return [
            f"\U0001f0cf {tr('tarok-trick', suit=_suit(v['led_suit']), leader=leader, cards=cards)}"
        ]
    if v["last_trick"]:
        points = _trick_points(v["last_trick"])
        cards = _cards(table, v["last_trick"], v["last_winner"])
        return [tr("tarok-last-trick", points=points, cards=cards)]
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
    timed = "yes" if clock else "no"
    parts = []
    if v["trick"]:
        leader = _name(table, v["trick"][0]["seat"])
        parts.append(f"\U0001f0cf {tr('tarok-led', suit=_suit(v['led_suit']), leader=leader)}")
        what = "tarok-to-play"
    else:
        if v["last_trick"]:
            points = _trick_points(v["last_trick"])
            taker = _name(table, v["last_winner"])
            if v["last_out"]:
                parts.append(f"\U0001f6aa {tr('tarok-last-out', who=taker, points=points)}")
            else:
                parts.append(f"{TROPHY} {tr('tarok-took-last', who=taker, points=points)}")
        what = "tarok-to-lead"
    # where the cards are (**My hand**): the table has no card buttons
    parts.append(f"{POINTER} {tr(what, who=who, timed=timed, clock=clock)}")
    return " · ".join(parts)


def _player_line(table: Table, v: dict[str, Any], seat: int) -> str:
    """``👉 **Ana**: 14 · **105** (+35) · 7🍺``: cards in hand, total points, points this
    hand, and their card in the trick (between tricks: in the last one, 🏆 on the taker's)."""
    who = _name(table, seat)
    if not v["active"][seat]:
        return tr("tarok-player-left", who=who, total=v["totals"][seat])
    mark = f"{POINTER} " if seat == v["turn"] else ""
    line = f"{mark}{who}: {v['hand_sizes'][seat]} · **{v['totals'][seat]}** (+{v['points'][seat]})"
    trick, taker = (v["trick"], None) if v["trick"] else (v["last_trick"], v["last_winner"])
    card = next((e["card"] for e in trick if e["seat"] == seat), None)
    if card is not None:
        line += f" · {card.label}" + (f" {TROPHY}" if seat == taker else "")
    return line


def _header(table: Table, v: dict[str, Any]) -> str:
    dealer = _name(table, v["dealer"])
    return tr("tarok-header", hand=v["hand_no"], dealer=dealer, pile=v["pile"], target=v["target"])


def _just_dealt(v: dict[str, Any]) -> bool:
    """A new hand (not the first) whose first card is still to come."""
    return bool(v["last_hand"]) and not v["trick"] and not v["last_trick"]


def _this_hand_log(table: Table, v: dict[str, Any]) -> list[str]:
    """This hand's log lines, newest last: from the last hand's summary on (the summary itself
    only once it has left the description), never a line about a card of an earlier hand, and
    none that the table above already says (see the module's decisions). Lines are recognized
    by their message keys (bot/engines/words.py), in no language."""
    log = list(table.row.log)
    ends = [i for i, line in enumerate(log) if v["last_hand"] and line == v["last_hand"]]
    if ends and _just_dealt(v):
        # until the next card, the hand's last trick (who took it, with what) stays in view:
        # the summary above adds it up
        end, before = ends[-1], v["hand_no"] - 1
        taken = [line for line in log[max(0, end - 2) : end] if key_of(line) in TAKEN]
        last = [msg("tarok-hands-last-trick", hand=before, line=line) for line in taken[-1:]]
        log = last + log[end + 1 :]
    elif ends:
        log = log[ends[-1] :]
    shown = {PILE_EMPTY}
    if not v["trick"] and v["last_trick"]:
        shown.add(_taken_line(v))
    return [
        TOTALS.sub("", line) if line == v["last_hand"] else line
        for line in log
        if line not in shown and key_of(line) != PLAYED
    ]


def _taken_line(v: dict[str, Any]) -> str:
    """The engine's line for the last trick's taker (the trick line shows it)."""
    winner = v["last_winner"]
    won = next(e["card"] for e in v["last_trick"] if e["seat"] == winner)
    points = _trick_points(v["last_trick"])
    return msg("tarok-takes-trick", who=f"{{p{winner}}}", card=won.said, points=points)


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    desc = [_header(table, v)]
    if _just_dealt(v):
        desc.append(f"\U0001f4cb {say(TOTALS.sub('', v['last_hand']), table)}")
    desc.append(_turn_line(table, v))
    desc.append(tr("tarok-legend"))
    desc += [_player_line(table, v, seat) for seat in range(len(v["totals"]))]
    embed = discord.Embed(
        title=f"{DEVIL} {tr('tarok-table', id=table.id)}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("tarok-footer", seconds=v["seconds"], hash=table.seed_hash[:16]))
    common.latest_field(table, embed, _this_hand_log(table, v), LOG_LINES)
    return Screen(embed, [common.table_buttons(table, tr("tarok-my-hand"))])


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    """The final scoreboard: the last hand's line, then everyone by total points. A table
    ended in the middle of a hand says so instead: its points count that hand's tricks so
    far, which the last finished hand's line would contradict."""
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        if not v["over"] and (v["trick"] or v["last_trick"]):
            lines += [tr("tarok-cut-short", hand=v["hand_no"]), ""]
        elif v["last_hand"]:
            lines += [say(v["last_hand"], table), ""]
        # players still seated by points, then those who left (they keep points, can't win)
        outcomes = sorted(
            table.results().outcomes, key=lambda o: (o.result == "left", -(o.points or 0))
        )
        seated = [o.points or 0 for o in outcomes if o.result != "left"]
        for o in outcomes:
            who, points = _name(table, o.seat), o.points or 0
            if o.result == "left":
                lines.append(f"\U0001f6aa {tr('tarok-result-left', who=who, points=points)}")
                continue
            place = sum(p > points for p in seated)  # ties share a place
            mark = MEDALS[place] if place < len(MEDALS) and v["over"] else f"{place + 1}."
            won = f" {TROPHY}" if o.result == "won" else ""
            lines.append(f"{mark} {tr('tarok-result', who=who, points=points)}{won}")
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
        rows.append(select(table, Play, "card", options[:25], tr("tarok-more-cards")))
    return rows


def private(table: Table, seat: int) -> Screen:
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    my_turn = v["turn"] == seat
    desc = common.notes(table, seat)
    clock = _clock(table, v)
    # a timeout plays the lowest legal card: the Fool (0) first, the card that takes the trick
    fool = any(h["card"] == THE_FOOL for h in v["hand"])
    hint = tr(
        "tarok-timeout-hint",
        timed="yes" if clock else "no",
        clock=clock,
        fool="yes" if fool else "no",
    )
    if my_turn and v["trick"]:
        desc += _trick_lines(table, v)
        desc.append(f"{POINTER} {tr('tarok-your-turn', suit=_suit(v['led_suit']), hint=hint)}")
    elif my_turn:
        desc += _trick_lines(table, v)
        desc.append(f"{POINTER} {tr('tarok-your-lead', hint=hint)}")
    else:
        desc.append(f"\u23f3 {tr('tarok-wait')}")
    desc.append(
        tr("tarok-you", points=v["totals"][seat], gained=v["points"][seat], hand=v["hand_no"])
    )
    embed = discord.Embed(
        title=tr("tarok-hand-title", id=table.id),
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("tarok-hand-footer"))
    return Screen(embed, _card_rows(table, seat, v["hand"], my_turn))
