"""Drunken Shithead on screen: the public table, a player's private hand, the end screen.

Where things are shown:
- The public table (one message that fits a phone: 12 lines, 600 characters with six players
  and 12-character names): the pile (its last cards, the top in full and what it counts as: a
  Fool "as a 7", "play lower" after the Hanged Man, "no 2 on it" on the Devil, how many of a
  rank lie in a row), whose turn it is with the clock, the draw pile and the burned count on
  one line, and one compact line per player: cards in hand, face-up cards, face-down count (or
  their place once out). The engine's latest log lines say why ("Burned by a 10", "Hanged Man:
  play lower"), as many as fit (at most three), without those the table already shows: who
  has chosen, the face-up cards laid at the start (on the player lines), who starts (the turn
  line). While everyone chooses, it tells them to open **My hand**.
- A player's private view (**My hand**): their notes (cards drawn), their hand and face-up and
  face-down cards, the pile, and their moves.

Decisions:
- Every move is made in the private view, even the public ones (face-up and blind cards): one
  place to play from, which the renderer keeps fresh for the whole game.
- Choosing: one select of the six cards, exactly three to pick (min = max = 3).
- Playing: one button per playable card (one tap plays it) and, per rank held more than once,
  a button that plays all of them (with the Fool as one more of that rank, if held). If that
  does not fit in the rows left, one multi-select replaces the buttons: "one card, or several of
  one value" (the lowest 25 playable cards).
- The Drunken Fool played alone is named in the same tap: a select "Play the Drunken Fool
  as…" offering only the identities legal on the pile. More than 25 (an empty pile has 35):
  two selects, minors and Majors. A blind Fool is named with the same select(s).
- Two selects that fill the same field of the same action would have the same custom id, which
  Discord refuses; the Majors select writes the Fool's card id with a leading zero (``056``),
  which the action codec reads as the same number.
- On the public table a Major is written short (``✨XV Devil``); buttons and the pile's top
  card use the full label (``XV The Devil``).
- A player who went out sees their place and a Leave button (the platform lets them stand up
  without an engine move); a player who left shows as such on the table.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import groupby
from typing import Any

import discord

from bot.engines.base import plural
from bot.engines.cards import ROMAN, TarotCard
from bot.engines.shithead import (
    DEVIL_CODE,
    ENGINE,
    FOOL_ID,
    HANGED_CODE,
    MAJOR,
    TEN,
    TWO,
    Blind,
    ChooseUp,
    PickUp,
    Play,
    code,
    value_name,
)
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say, select
from bot.ui.components import Select, custom_id

TITLE = "\U0001f4a9 Drunken Shithead"
SPECIAL = {0: "Fool", 12: "Hanged Man", 15: "Devil"}
FACE_DOWN = "\U0001f0a0"
LOG_LINES = 3
# engine log lines the table already shows (the choose step's ✅, the face-up cards, the turn)
SHOWN_ABOVE = re.compile(r"\{p\d+\} (has chosen|lays up .*|starts( the new pile)?)\.$")
ROWS = 5
PER_ROW = 5
OPTIONS = 25


def short(card: TarotCard) -> str:
    """A card in a line of cards: ``7🍺``, ``P🍷``, ``✨XX``, ``✨XV Devil``."""
    if not card.is_major:
        return card.label
    extra = SPECIAL.get(card.rank)
    return f"\u2728{ROMAN[card.rank]}" + (f" {extra}" if extra else "")


def cards_text(cards: list[TarotCard], bold: set[TarotCard] | None = None) -> str:
    marked = bold or set()
    return " ".join(f"**{short(c)}**" if c in marked else short(c) for c in cards)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- the pile and the players -------------------------------------------------------------------


def pile_line(v: dict[str, Any]) -> str:
    if not v["pile_size"]:
        return "\U0001f0cf **Pile**: empty, any card goes."
    recent = v["pile_recent"]
    top = recent[-1]
    card: TarotCard = top["card"]
    below = " ".join(short(x["card"]) for x in recent[-3:-1])
    text = f"**{card.label}**"
    if top["as_value"] is not None:
        text += f" as {value_name(top['as_value'])}"
    value = v["pile_value"]
    if value == HANGED_CODE:
        text += ": **play lower**"
    elif value == DEVIL_CODE:
        text += ": no 2 on it"
    elif value == TWO:
        text += ": back to 2"
    if v["run"] >= 2:
        text += f" · {v['run']} in a row"
    return f"\U0001f0cf **Pile** ({v['pile_size']}): " + (f"{below} " if below else "") + text


def stock_text(v: dict[str, Any]) -> str:
    parts = [f"\U0001f4e6 draw pile {v['draw_pile']}"]
    if v["burned"]:
        parts.append(f"\U0001f525 burned {v['burned']}")
    return " · ".join(parts)


def player_line(table: Table, v: dict[str, Any], p: dict[str, Any]) -> str:
    seat = p["seat"]
    who = common.name(table, seat)
    if p["left"]:
        return f"\U0001f6aa {who} left the game"
    if p["out"]:
        gone = ", left the table" if table.user_at(seat).left_at is not None else ""
        return f"\U0001f3c1 {who} is out: {ordinal(p['place'])}{gone}"
    parts = []
    if p["hand"]:
        parts.append(f"hand {p['hand']}")
    if p["up"]:
        parts.append("up " + cards_text([c["card"] for c in p["up"]]))
    if p["down"]:
        parts.append(f"down {p['down']}")
    mark = "\U0001f449 " if v["turn"] == seat else ""
    return f"{mark}{who} · " + " · ".join(parts or ["no cards"])


def turn_line(table: Table, v: dict[str, Any]) -> str:
    seat = v["turn"]
    who = common.name(table, seat)
    due = countdown(table.deadline(v["clock"]))
    me = v["players"][seat]
    if v["turned"] is not None:
        doing = "names the Drunken Fool they turned"
    elif me["hand"]:
        doing = "to play"
    elif me["up"]:
        doing = "to play a face-up card"
    else:
        doing = "to play a face-down card, blind"
    clock = f", time's up {due}" if due else ""
    return f"\u23f1\ufe0f {who} {doing} (**My hand**){clock} · {stock_text(v)}"


def options_text(v: dict[str, Any]) -> str:
    o = v["options"]
    on = [
        label
        for key, label in (
            ("find_shithead", "find the shithead"),
            ("pickup_sip", "pick-up sip"),
            ("shithead_finishes", "shithead finishes"),
        )
        if o[key] and (key != "shithead_finishes" or o["find_shithead"])
    ]
    return "".join(f" · {x}" for x in on)


# -- the public table --------------------------------------------------------------------------


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table)
    desc: list[str] = []
    if v["phase"] == "choose":
        due = countdown(table.deadline(v["clock"]))
        desc.append(
            "\U0001f0cf Everyone: press **My hand** and pick 3 of your 6 cards to lay face up. "
            f"{_times_up(due)}: then your three highest go up."
        )
        for p in v["players"]:
            who = common.name(table, p["seat"])
            if p["left"]:
                desc.append(f"\U0001f6aa {who} left the game")
            else:
                desc.append(f"\u2705 {who} has chosen" if p["chosen"] else f"\u23f3 {who} choosing")
    else:
        desc += [pile_line(v), turn_line(table, v)]
        desc += [player_line(table, v, p) for p in v["players"]]
    embed = discord.Embed(
        title=f"{TITLE} · table #{table.id}", description="\n".join(desc), colour=common.GOLD
    )
    news = [line for line in table.row.log if not SHOWN_ABOVE.match(line)]
    embed.set_footer(
        text=f"Seed SHA-256 {table.seed_hash[:16]}… · {v['seconds']} s a turn{options_text(v)}"
    )
    common.latest_field(table, embed, news, LOG_LINES)
    return Screen(embed, [common.table_buttons(table, "My hand")])


def ended(table: Table) -> Screen:
    """The result, or for a table ended before the game was (End, everyone left): no winner,
    no shithead, nothing to finish, as End promised. Then the cards each player still held
    (unless the standings list everyone), and who left."""
    lines: list[str] = []
    st = table.state
    if st is None:
        return common.ended_screen(table, lines)
    v = table.view()
    over = v["over"]
    if over:  # else the platform says it ended early, with no winner
        lines = [say(line, table) for line in table.results().summary]
    players = v["players"]
    out = sorted((p for p in players if p["out"]), key=lambda p: p["place"])
    if out and not over:
        places = (f"{common.name(table, p['seat'])} {ordinal(p['place'])}" for p in out)
        lines.append("Out: " + " · ".join(places))
    holding = [p["seat"] for p in players if not p["out"] and not p["left"]]
    if holding and not (over and v["options"]["find_shithead"]):
        held = (f"{common.name(table, seat)} {ENGINE.held(st, seat)}" for seat in holding)
        lines.append("Cards still held: " + " · ".join(held))
    left = [common.name(table, p["seat"]) for p in players if p["left"]]
    if left:
        lines.append(f"\U0001f6aa Left: {', '.join(left)}")
    return common.ended_screen(table, lines)


# -- a player's private view -------------------------------------------------------------------


def private(table: Table, seat: int) -> Screen:
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table)
    me = v["players"][seat]
    desc = common.notes(table, seat)
    rows: list[common.Row] = []
    due = countdown(table.deadline(v["clock"]))
    hand = [h["card"] for h in v["hand"]]
    if me["out"]:
        desc.append(
            f"\U0001f3c1 You're out of cards: **{ordinal(me['place'])}**! Watch the rest, "
            "or leave the table."
        )
        rows.append([common.platform(table, "leave", "Leave the table")])
    elif v["choosing"]:
        desc.append(
            "Pick the **3 cards to lay face up** on your 3 face-down ones; the other 3 are your "
            "hand. Everyone sees face-up cards; you play them once your hand and the draw pile "
            f"are gone. {_times_up(due)}: then your three highest go up."
        )
        desc.append(f"Your six: {cards_text(hand)}")
        options = [
            SelectOption(
                label=h["card"].label,
                value=str(h["id"]),
                emoji=common.card_emoji(table, seat, h["card"]),
            )
            for h in v["hand"]
        ]
        rows.append(
            select(table, ChooseUp, "cards", options, "Choose 3 cards to lay face up…", 3, 3)
        )
    elif v["phase"] == "choose":
        desc += _my_cards(v, me, set())
        desc.append(f"Waiting for the others to choose{_paren(due)}.")
    else:
        playable = {_card(v, i) for i in v["playable"]}
        desc.append(pile_line(v))
        desc += _my_cards(v, me, playable)
        if v["my_turn"]:
            moves = _moves(table, v)
            desc.append(_your_turn(v, due, moves))
            rows += moves
        else:
            desc.append(f"Waiting for {common.name(table, v['turn'])}{_paren(due)}.")
    embed = discord.Embed(
        title=f"\U0001f0cf Your hand · Drunken Shithead · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this. Your face-down cards: not even you.")
    return Screen(embed, rows[:ROWS])


def _card(v: dict[str, Any], card_id: int) -> TarotCard:
    for h in v["hand"]:
        if h["id"] == card_id:
            card: TarotCard = h["card"]
            return card
    for u in v["players"][v["seat"]]["up"]:
        if u["id"] == card_id:
            card = u["card"]
            return card
    raise KeyError(card_id)


def _my_cards(v: dict[str, Any], me: dict[str, Any], playable: set[TarotCard]) -> list[str]:
    hand = [h["card"] for h in v["hand"]]
    up = [u["card"] for u in me["up"]]
    lines = []
    if hand:
        lines.append(f"**Hand** ({len(hand)}): {cards_text(hand, playable)}")
    if up:
        lines.append(f"**Face up**: {cards_text(up, playable if not hand else set())}")
    if me["down"]:
        lines.append(f"**Face down**: {FACE_DOWN * me['down']}")
    return lines


def _times_up(due: str) -> str:
    """``Time's up in 45 seconds`` (or ``When time's up`` while the clock is being reset)."""
    return f"Time's up {due}" if due else "When time's up"


def _paren(due: str) -> str:
    return f" (time's up {due})" if due else ""


def _your_turn(v: dict[str, Any], due: str, moves: list[common.Row]) -> str:
    if v["must_name"]:
        fool = "**the Drunken Fool**"
        return f"\U0001f449 You turned {fool}: wild! Name what it stands for{_paren(due)}."
    if v["blind"]:
        return f"\U0001f449 Your turn: turn a face-down card and play it blind{_paren(due)}."
    if v["can_pick_up"]:
        top = value_name(v["pile_value"])  # "a King", "an 8"
        return f"\U0001f449 Nothing you can play goes on {top}: pick up the pile{_paren(due)}."
    if v["playable"] == [FOOL_ID]:
        return (
            "\U0001f449 Only **the Drunken Fool** fits: choose what it stands for below"
            f"{_paren(due)}."
        )
    if not any(isinstance(row, list) for row in moves):  # menus only (a big hand)
        return f"\U0001f449 Your turn: pick your card(s) from the menu below{_paren(due)}."
    where = "a face-up card" if v["source"] == "up" else "a card"
    return f"\U0001f449 Your turn: tap {where} to play it{_paren(due)}."


def _moves(table: Table, v: dict[str, Any]) -> list[common.Row]:
    seat = v["seat"]
    if v["must_name"]:
        return _fool_selects(table, v)
    if v["blind"]:
        back = common.card_emoji(table, seat, None, tarot=True) or FACE_DOWN
        slots = [
            button(table, Blind(slot), f"Face-down card {slot + 1}", "primary", emoji=back)
            for slot in v["blind"]
        ]
        return [slots]
    if v["can_pick_up"]:
        n = plural(v["pile_size"], "card")
        return [[button(table, PickUp(), f"Pick up the pile ({n})", "danger")]]
    fool = FOOL_ID in v["playable"]
    naming: list[common.Row] = _fool_selects(table, v) if fool else []
    cards = sorted((_card(v, i) for i in v["playable"] if i != FOOL_ID), key=lambda c: (code(c), c))
    ids = {c: i for i in v["playable"] for c in [_card(v, i)]}
    singles = [_single(table, seat, c, ids) for c in cards]
    sets = _set_buttons(table, cards, ids, fool)
    room = ROWS - len(naming)
    fool_card = [_card(v, FOOL_ID)] if fool else []
    ranks = Counter(c.rank for c in cards if not c.is_major)
    several = [c for c in cards if not c.is_major and ranks[c.rank] + len(fool_card) > 1]
    chooser = _several(table, seat, [*several, *fool_card], ids, 2) if several else []
    # Part of a value's cards (two of three 7s; one 7 and the Fool while holding two): no button
    # plays that, so the multi-select goes along whenever a hand has such a set.
    partial = any(n + len(fool_card) >= 3 for n in ranks.values())
    if _rows(singles) + _rows(sets) + (1 if partial else 0) <= room:
        return [*_chunks(singles), *_chunks(sets), *(chooser if partial else []), *naming]
    if _rows(singles) + 1 > room:  # one button per value, not per card
        per_value = {code(c): c for c in reversed(cards)}
        singles = [
            _single(table, seat, c, ids)
            for c in sorted(per_value.values(), key=lambda c: (code(c), c))
        ]
    if _rows(singles) + 1 <= room:  # the sets from one multi-select
        return [*_chunks(singles), *chooser, *naming]
    return [*_several(table, seat, [*cards, *fool_card], ids, 1, room), *naming]


def _single(table: Table, seat: int, card: TarotCard, ids: dict[TarotCard, int]) -> Button:
    """The button that plays this one card, its face beside the label."""
    emoji = common.card_emoji(table, seat, card)
    return button(table, Play([ids[card]]), card.label, "primary", emoji=emoji)


def _rows(buttons: list[Button]) -> int:
    return math.ceil(len(buttons) / PER_ROW)


def _several(
    table: Table,
    seat: int,
    cards: list[TarotCard],
    ids: dict[TarotCard, int],
    least: int,
    most: int = 1,
) -> list[Select]:
    """Multi-selects: one card or several of one value (``least`` 1), or only several (2).

    A value goes into one select whole (the Fool into each): every value listed can be played
    in any number. Past :data:`OPTIONS` cards a second select takes the values that did not
    fit, if ``most`` allows (a hand of 26 or more cards, after a big pile was picked up);
    past that, the highest values wait until the hand is smaller."""
    fool = [c for c in cards if ids[c] == FOOL_ID]
    packs: list[list[TarotCard]] = [[]]
    for _, group in groupby((c for c in cards if ids[c] != FOOL_ID), key=code):
        same = list(group)
        if len(fool) + len(packs[-1]) + len(same) > OPTIONS:
            if len(packs) == min(most, 2):
                break
            packs.append([])
        packs[-1] += same
    what = "Play several of one value…"
    if least == 1:
        what = "Play one card, or several of one value…"
    out = []
    for i, pack in enumerate(p for p in packs if p or fool):
        options = [
            SelectOption(
                label=c.label,
                value=str(ids[c]),
                description="with cards of one rank: one more of it" if ids[c] == FOOL_ID else None,
                emoji=common.card_emoji(table, seat, c),
            )
            for c in [*pack, *fool]
        ]
        # a second select of the same action needs a custom id of its own: "_." reads as "_"
        arg = Play.arg_with("cards") + "." * i
        cid = custom_id(table.row.game, table.id, Play.verb, arg)
        out.append(Select(cid, tuple(options), what, least, min(len(options), 5)))
    return out


def _set_buttons(
    table: Table, cards: list[TarotCard], ids: dict[TarotCard, int], fool: bool
) -> list[Button]:
    by_rank: dict[int, list[TarotCard]] = {}
    for c in cards:
        if not c.is_major:
            by_rank.setdefault(c.rank, []).append(c)
    out = []
    for rank, group in by_rank.items():
        label = " + ".join(c.label for c in group)
        chosen = sorted(ids[c] for c in group)
        if len(group) > 1:
            out.append(button(table, Play(chosen), label, "success"))
        if fool:
            with_fool = sorted([*chosen, FOOL_ID])
            out.append(button(table, Play(with_fool, rank), f"{label} + Fool", "success"))
    return out


def _fool_selects(table: Table, v: dict[str, Any]) -> list[common.Row]:
    """Play (or name) the Drunken Fool as one of its legal identities: one or two selects."""
    names = [(f["as_value"], f["label"]) for f in v["fool_as"]]
    if len(names) <= OPTIONS:
        return [_fool_select(table, names, "Play the Drunken Fool as…", "")]
    minors = [n for n in names if n[0] < MAJOR]
    majors = [n for n in names if n[0] >= MAJOR]
    return [
        _fool_select(table, minors, "Play the Drunken Fool as a minor card…", ""),
        _fool_select(table, majors, "Play the Drunken Fool as a Major…", "0"),
    ]


def _fool_select(table: Table, names: list[tuple[int, str]], placeholder: str, zero: str) -> Select:
    options = [
        SelectOption(label=f"as {value_name(value)}", value=str(value), description=_power(value))
        for value, _ in names[:OPTIONS]
    ]
    if not zero:
        return select(table, Play, "as_value", options, placeholder, cards=[FOOL_ID])
    # the same action and field as the first select: the custom id must differ (see above)
    arg = zero + Play.arg_with("as_value", cards=[FOOL_ID])
    return Select(custom_id(table.row.game, table.id, Play.verb, arg), tuple(options), placeholder)


def _power(value: int) -> str | None:
    return {
        TEN: "burns the pile: you go again",
        TWO: "the pile restarts from 2",
        HANGED_CODE: "the next card must go lower",
        DEVIL_CODE: "no 2 may go on it",
    }.get(value)


def _chunks(buttons: list[Button]) -> list[common.Row]:
    return [buttons[i : i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
