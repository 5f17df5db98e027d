"""Spit on screen: a real-time game for two, played from each player's own control panel.

Public table (fits a phone: 12 lines, 600 characters with 12-character names; no turns): each
player's face-up layout and deck count, the two centre pile tops (``left`` and ``right``, the
engine's pile 1 and pile 2) with their sizes, the last few plays, and what is due: "play!" with
the idle clock, or a spit (the opening one, a stalemate, or a lone spit) with **Spit!** buttons
and its clock; under it the latest log lines (the spits and what they turned, empty decks), as
many as fit (at most three). The decks are never shown: only their counts. Last row: the
platform's buttons ("My panel" opens the private view).

Private view (the control panel, one per player): the pile tops and deck counts, then a 4x2 grid
of buttons, one row per layout card with one button per centre pile ("7♥ → left",
"7♥ → right"); a button is enabled exactly when the view's ``fits`` says the card fits that pile
now (the others stay, disabled, so the grid never jumps under a thumb). A fifth row holds the
**Spit!** buttons while a spit is due. A click in the panel is answered with the new panel in the
same response (the platform's update of a private view); a play that lost the race is refused
"Too slow! ..." by the engine, and the platform shows the refusal on top of the fresh panel.

Decisions:
- Piles are called "left" and "right" everywhere in the UI (short on a button).
- A play button is built from the engine's own ``Play`` in the view's ``moves`` when enabled, so
  its stamp (card number, pile size) is exactly what the engine expects; a disabled button gets
  the same shape with the current stamp (never sent: Discord does not deliver disabled clicks).
- An empty layout space shows "—" with disabled buttons (its ids use card number 0; a real card
  in that space would make the button a different one).
- Spitting alone: the lone spitter gets "Spit onto left" / "Spit onto right"; the other player a
  plain "Spit!" (ready). Public buttons carry all of them (the engine refuses the wrong one).
- The last plays show at most four cards, newest first, to stay short; a player's plays in a
  row are named once ("**Ana** 8♥→left, 7♠→left").
- The log leaves out what the status line says: the opening's "Say spit when you're ready"
  and a stalemate's "Both players are stuck: spit!" (the spit's own line follows it). The
  engine's "pile 1" and "pile 2" of a lone spit are called left and right there too.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engines.spit import Play, Spit, number
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, button, countdown, say

PILE = ("left", "right")
RECENT = 4
LOG_LINES = 3
STUCK = "Both players are stuck: spit!"  # the engine's lines the status line says
OPENING = "Four cards each are laid out."


def _card(card: Any) -> str:
    return card.label if card is not None else "—"


def _layout(v: dict, seat: int) -> str:
    return " ".join(_card(c) for c in v["seats"][seat]["layout"])


def _seat_line(table: Table, v: dict, seat: int) -> str:
    s = v["seats"][seat]
    gone = " (left)" if s["left"] else ""
    said = " · said **Spit!**" if s["said_spit"] and v["phase"] == "spit" else ""
    return f"{common.name(table, seat)}{gone}: {_layout(v, seat)} · deck {s['deck']}{said}"


def _centre(v: dict) -> str:
    parts = []
    for c, pile in enumerate(v["centre"]):
        top = f"**{pile['top'].label}**" if pile["top"] is not None else "empty"
        parts.append(f"{PILE[c]} {top} ({pile['cards']})")
    return "Centre: " + " · ".join(parts)


def _recent(table: Table, v: dict) -> str | None:
    moves = [m for m in v["recent"] if not m["spit"]][-RECENT:]
    if not moves:
        return None
    runs: list[tuple[int, list[str]]] = []  # newest first, a player's plays in a row together
    for m in reversed(moves):
        play = f"{m['card'].label}→{PILE[m['centre']]}"
        if runs and runs[-1][0] == m["seat"]:
            runs[-1][1].append(play)
        else:
            runs.append((m["seat"], [play]))
    return "Last: " + " · ".join(
        f"{common.name(table, seat)} {', '.join(plays)}" for seat, plays in runs
    )


def _status(table: Table, v: dict, seat: int | None = None) -> str:
    due = countdown(table.deadline(v["clock"])) if v["clock"] else ""
    spit = v["spit"]
    if spit is not None:
        alone = spit["alone"]
        if spit["opening"]:
            head = "Ready? Both press **Spit!** to start"
        elif alone is not None and seat is not None and seat != alone:  # my deck is empty
            who = common.name(table, alone)
            head = f"Stalemate! Your deck is empty: press **Spit!** while {who} chooses the pile"
        elif alone is not None and seat == alone:
            head = "Stalemate! Only you can spit: choose the pile"
        elif alone is not None:
            head = f"Stalemate! {common.name(table, alone)} spits alone: choose the pile"
        else:
            head = "Stalemate! Nobody can play: both press **Spit!**"
        if seat is not None and seat in spit["said"]:
            head += " (you did)"
        return f"\U0001f4a5 {head}. It spits by itself {due}."
    return f"\u26a1 No turns: play as fast as you can! Nobody playing ends it {due}."


def _spit_buttons(table: Table, v: dict, seat: int | None) -> list[Button]:
    spit = v["spit"]
    if spit is None:
        return []
    n, alone = spit["n"], spit["alone"]
    # on the table, in a lone stalemate, each button says whose it is
    whose = alone is not None and seat is None
    out: list[Button] = []
    if seat is None or seat != alone:
        if seat is None or seat not in spit["said"]:
            label = f"Spit! ({table.user_at(1 - alone).name})" if whose else "Spit!"
            out.append(button(table, Spit(n), label[:80], "danger", emoji="\U0001f4a5"))
    if alone is not None and (seat is None or seat == alone) and alone not in spit["said"]:
        who = f"{table.user_at(alone).name}: s" if whose else "S"
        out += [
            button(table, Spit(n, c), f"{who}pit onto {PILE[c]}"[:80], "danger") for c in (0, 1)
        ]
    return out


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    desc = [_seat_line(table, v, 0), _centre(v), _seat_line(table, v, 1)]
    recent = _recent(table, v)
    if recent:
        desc.append(recent)
    desc.append(_status(table, v))
    embed = discord.Embed(
        title=f"\U0001f4a5 Spit · table #{table.id}",
        description="\n".join(desc),
        colour=common.GOLD,
    )
    news = [
        x.replace(" onto pile 1.", " onto the left pile.").replace(
            " onto pile 2.", " onto the right pile."
        )
        for x in table.row.log
        if x != STUCK and not x.startswith(OPENING)
    ]
    embed.set_footer(text=f"Seed SHA-256 {table.seed_hash[:16]}… · open My panel to play")
    common.latest_field(table, embed, news, LOG_LINES)
    rows: list[common.Row] = []
    spit = _spit_buttons(table, v, None)
    if spit:
        rows.append(spit)
    rows.append(common.table_buttons(table, "My panel"))
    return Screen(embed, rows)


def ended(table: Table, v: dict | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        lines.append(_centre(v))
        lines.append("")
        lines += [say(s, table) for s in table.results().summary]
        return common.ended_screen(table, lines, counted=False)
    return common.ended_screen(table, lines)


def _grid(table: Table, v: dict) -> list[common.Row]:
    plays = {(a.pile, a.centre): a for a in v["moves"] if isinstance(a, Play)}
    rows: list[common.Row] = []
    seat = v["seat"]
    for pile, card in enumerate(v["seats"][seat]["layout"]):
        row: list[Button] = []
        face = common.card_emoji(table, seat, card) if card is not None else None
        for c in (0, 1):
            live = plays.get((pile, c))
            if live is not None:
                label = f"{card.label} → {PILE[c]}"
                row.append(button(table, live, label, "primary", emoji=face))
                continue
            stamp = Play(pile, c, number(card) if card is not None else 0, v["centre"][c]["cards"])
            label = f"{_card(card)} → {PILE[c]}"
            row.append(button(table, stamp, label, emoji=face, disabled=True))
        rows.append(row)
    return rows


def private(table: Table, seat: int) -> Screen:
    """The control panel: pile tops, your layout as a 4x2 grid of play buttons, Spit! when due."""
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    me, other = v["seats"][seat], v["seats"][1 - seat]
    lines = [
        *common.notes(table, seat),
        _centre(v),
        f"Your deck {me['deck']} · {common.name(table, 1 - seat)}: "
        f"{_layout(v, 1 - seat)} · deck {other['deck']}",
        _status(table, v, seat),
    ]
    rows = _grid(table, v)
    spit = _spit_buttons(table, v, seat)
    if spit:
        rows.append(spit)
    embed = discord.Embed(
        title=f"Your Spit panel · table #{table.id}",
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text="Only you can see this. Tap a card → pile; first come, first served.")
    return Screen(embed, rows)
