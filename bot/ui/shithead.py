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
from collections import Counter
from itertools import groupby
from typing import Any

import discord

from bot.engines.base import MSG
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
from bot.i18n import current, game_title, render, tr
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, SelectOption, button, countdown, say, select
from bot.ui.components import Select, custom_id

SPECIAL = {0: "Fool", 12: "Hanged Man", 15: "Devil"}
FACE_DOWN = "\U0001f0a0"
LOG_LINES = 3
# engine log lines the table already shows (the choose step's ✅, the face-up cards, the turn)
SHOWN_ABOVE = ("shithead-has-chosen", "shithead-lays-up", "shithead-starts", "shithead-new-pile")
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
    """A place: ``1st`` (``1:a``)."""
    return tr("shithead-place", n=n)


def shown_above(line: str) -> bool:
    """Whether an engine log line says what the table already shows (by its message key)."""
    return line.startswith(MSG) and line[1:].partition(MSG)[0] in SHOWN_ABOVE


def _due(due: str) -> str:
    """A clock for a message's ``$due``: the countdown, or ``none`` while it is being reset."""
    return due or "none"


# -- the pile and the players -------------------------------------------------------------------


def pile_line(v: dict[str, Any]) -> str:
    if not v["pile_size"]:
        return "\U0001f0cf " + tr("shithead-pile-empty")
    recent = v["pile_recent"]
    top = recent[-1]
    card: TarotCard = top["card"]
    below = " ".join(short(x["card"]) for x in recent[-3:-1])
    value = v["pile_value"]
    power = {HANGED_CODE: "lower", DEVIL_CODE: "devil", TWO: "two"}.get(value, "none")
    text = tr(
        "shithead-pile-top",
        card=card.label,
        a=render(value_name(top["as_value"])) if top["as_value"] is not None else "none",
        power=power,
        run=v["run"] if v["run"] >= 2 else 0,
    )
    cards = f"{below} {text}" if below else text
    return "\U0001f0cf " + tr("shithead-pile", n=v["pile_size"], cards=cards)


def stock_text(v: dict[str, Any]) -> str:
    parts = ["\U0001f4e6 " + tr("shithead-draw-pile", n=v["draw_pile"])]
    if v["burned"]:
        parts.append("\U0001f525 " + tr("shithead-burned-count", n=v["burned"]))
    return " · ".join(parts)


def player_line(table: Table, v: dict[str, Any], p: dict[str, Any]) -> str:
    seat = p["seat"]
    who = common.name(table, seat)
    if p["left"]:
        return "\U0001f6aa " + tr("shithead-left-game", who=who)
    if p["out"]:
        gone = "yes" if table.user_at(seat).left_at is not None else "no"
        return "\U0001f3c1 " + tr("shithead-out-line", who=who, n=p["place"], gone=gone)
    parts = []
    if p["hand"]:
        parts.append(tr("shithead-part-hand", n=p["hand"]))
    if p["up"]:
        parts.append(tr("shithead-part-up", cards=cards_text([c["card"] for c in p["up"]])))
    if p["down"]:
        parts.append(tr("shithead-part-down", n=p["down"]))
    mark = "\U0001f449 " if v["turn"] == seat else ""
    return f"{mark}{who} · " + " · ".join(parts or [tr("shithead-no-cards")])


def turn_line(table: Table, v: dict[str, Any]) -> str:
    seat = v["turn"]
    who = common.name(table, seat)
    due = countdown(table.deadline(v["clock"]))
    me = v["players"][seat]
    if v["turned"] is not None:
        doing = "fool"
    elif me["hand"]:
        doing = "hand"
    elif me["up"]:
        doing = "up"
    else:
        doing = "down"
    line = tr("shithead-turn", who=who, doing=doing, button=tr("shithead-my-hand"), due=_due(due))
    return f"\u23f1\ufe0f {line} · {stock_text(v)}"


def options_text(v: dict[str, Any]) -> str:
    o = v["options"]
    on = [
        tr("shithead-house", rule=key)
        for key in ("find_shithead", "pickup_sip", "shithead_finishes")
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
        button = tr("shithead-my-hand")
        desc.append("\U0001f0cf " + tr("shithead-everyone-choose", button=button, due=_due(due)))
        for p in v["players"]:
            who = common.name(table, p["seat"])
            if p["left"]:
                desc.append("\U0001f6aa " + tr("shithead-left-game", who=who))
            elif p["chosen"]:
                desc.append("\u2705 " + tr("shithead-chosen", who=who))
            else:
                desc.append("\u23f3 " + tr("shithead-choosing", who=who))
    else:
        desc += [pile_line(v), turn_line(table, v)]
        desc += [player_line(table, v, p) for p in v["players"]]
    title = tr("shithead-title", game=game_title(current(), "shithead"), table=str(table.id))
    embed = discord.Embed(title=title, description="\n".join(desc), colour=common.GOLD)
    news = [line for line in table.row.log if not shown_above(line)]
    footer = tr("shithead-footer", hash=table.seed_hash[:16], seconds=v["seconds"])
    embed.set_footer(text=footer + options_text(v))
    common.latest_field(table, embed, news, LOG_LINES)
    return Screen(embed, [common.table_buttons(table, tr("shithead-my-hand"))])


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
        lines.append(tr("shithead-ended-out", places=" · ".join(places)))
    holding = [p["seat"] for p in players if not p["out"] and not p["left"]]
    if holding and not (over and v["options"]["find_shithead"]):
        held = (f"{common.name(table, seat)} {ENGINE.held(st, seat)}" for seat in holding)
        lines.append(tr("shithead-ended-held", held=" · ".join(held)))
    left = [common.name(table, p["seat"]) for p in players if p["left"]]
    if left:
        lines.append("\U0001f6aa " + tr("shithead-ended-left", who=", ".join(left)))
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
        desc.append("\U0001f3c1 " + tr("shithead-you-are-out", n=me["place"]))
        rows.append([common.platform(table, "leave", tr("shithead-leave-table"))])
    elif v["choosing"]:
        desc.append(tr("shithead-pick-up-three", due=_due(due)))
        desc.append(tr("shithead-your-six", cards=cards_text(hand)))
        options = [
            SelectOption(
                label=h["card"].label,
                value=str(h["id"]),
                emoji=common.card_emoji(table, seat, h["card"]),
            )
            for h in v["hand"]
        ]
        rows.append(select(table, ChooseUp, "cards", options, tr("shithead-choose-select"), 3, 3))
    elif v["phase"] == "choose":
        desc += _my_cards(v, me, set())
        desc.append(tr("shithead-wait-choose", due=_due(due)))
    else:
        playable = {_card(v, i) for i in v["playable"]}
        desc.append(pile_line(v))
        desc += _my_cards(v, me, playable)
        if v["my_turn"]:
            moves = _moves(table, v)
            desc.append(_your_turn(v, due, moves))
            rows += moves
        else:
            desc.append(tr("shithead-wait-for", who=common.name(table, v["turn"]), due=_due(due)))
    game = game_title(current(), "shithead")
    embed = discord.Embed(
        title="\U0001f0cf " + tr("shithead-hand-title", game=game, table=str(table.id)),
        description="\n".join(desc),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("shithead-hand-footer"))
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
        lines.append(tr("shithead-my-hand-line", n=len(hand), cards=cards_text(hand, playable)))
    if up:
        up_text = cards_text(up, playable if not hand else set())
        lines.append(tr("shithead-my-up-line", cards=up_text))
    if me["down"]:
        lines.append(tr("shithead-my-down-line", cards=FACE_DOWN * me["down"]))
    return lines


def _your_turn(v: dict[str, Any], due: str, moves: list[common.Row]) -> str:
    if v["must_name"]:
        what = "fool"
    elif v["blind"]:
        what = "blind"
    elif v["can_pick_up"]:
        what = "pick-up"
    elif v["playable"] == [FOOL_ID]:
        what = "only-fool"
    elif not any(isinstance(row, list) for row in moves):  # menus only (a big hand)
        what = "menu"
    else:
        what = "up" if v["source"] == "up" else "card"
    top = render(value_name(v["pile_value"])) if v["can_pick_up"] else ""  # "a King", "an 8"
    return "\U0001f449 " + tr("shithead-your-turn", what=what, top=top, due=_due(due))


def _moves(table: Table, v: dict[str, Any]) -> list[common.Row]:
    seat = v["seat"]
    if v["must_name"]:
        return _fool_selects(table, v)
    if v["blind"]:
        back = common.card_emoji(table, seat, None, tarot=True) or FACE_DOWN
        slots = [
            button(
                table, Blind(slot), tr("shithead-down-button", n=slot + 1), "primary", emoji=back
            )
            for slot in v["blind"]
        ]
        return [slots]
    if v["can_pick_up"]:
        label = tr("shithead-pick-up-button", n=v["pile_size"])
        return [[button(table, PickUp(), label, "danger")]]
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
    what = tr("shithead-several-select", least=least)
    out = []
    for i, pack in enumerate(p for p in packs if p or fool):
        options = [
            SelectOption(
                label=c.label,
                value=str(ids[c]),
                description=tr("shithead-fool-with-set") if ids[c] == FOOL_ID else None,
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
            out.append(button(table, Play(with_fool, rank), f"{label} + {SPECIAL[0]}", "success"))
    return out


def _fool_selects(table: Table, v: dict[str, Any]) -> list[common.Row]:
    """Play (or name) the Drunken Fool as one of its legal identities: one or two selects."""
    names = [(f["as_value"], f["label"]) for f in v["fool_as"]]
    if len(names) <= OPTIONS:
        return [_fool_select(table, names, tr("shithead-fool-select", kind="any"), "")]
    minors = [n for n in names if n[0] < MAJOR]
    majors = [n for n in names if n[0] >= MAJOR]
    return [
        _fool_select(table, minors, tr("shithead-fool-select", kind="minor"), ""),
        _fool_select(table, majors, tr("shithead-fool-select", kind="major"), "0"),
    ]


def _fool_select(table: Table, names: list[tuple[int, str]], placeholder: str, zero: str) -> Select:
    options = [
        SelectOption(
            label=tr("shithead-fool-as", a=render(value_name(value)))[:100],
            value=str(value),
            description=_power(value),
        )
        for value, _ in names[:OPTIONS]
    ]
    if not zero:
        return select(table, Play, "as_value", options, placeholder, cards=[FOOL_ID])
    # the same action and field as the first select: the custom id must differ (see above)
    arg = zero + Play.arg_with("as_value", cards=[FOOL_ID])
    return Select(custom_id(table.row.game, table.id, Play.verb, arg), tuple(options), placeholder)


def _power(value: int) -> str | None:
    power = {TEN: "ten", TWO: "two", HANGED_CODE: "hanged", DEVIL_CODE: "devil"}.get(value)
    return tr("shithead-power", power=power) if power else None


def _chunks(buttons: list[Button]) -> list[common.Row]:
    return [buttons[i : i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
