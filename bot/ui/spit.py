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
- Piles are called "left" and "right" everywhere in the UI (short on a button; "vänster" and
  "höger" in Swedish).
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
  and a stalemate's "Both players are stuck: spit!" (the spit's own line follows it), known by
  their message keys. The engine's lines call the piles left and right too (the catalogs word
  its pile 0 and 1 so: the spit- messages of bot/i18n/<lang>.ftl).
- Every word comes from the catalogs (``spit-...``), in the language being drawn: the table's
  in the server's, a panel in its player's.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engines.spit import Play, Spit, number
from bot.engines.words import key_of
from bot.i18n import tr
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, button, countdown, say

RECENT = 4
LOG_LINES = 3
QUIET = frozenset({"spit-stuck", "spit-opening"})  # the engine's lines the status line says


def _pile(c: int) -> str:
    """A centre pile's name: "left" (0) or "right" (1)."""
    return tr("spit-pile", pile=c)


def _card(card: Any) -> str:
    return card.label if card is not None else "—"


def _layout(v: dict, seat: int) -> str:
    return " ".join(_card(c) for c in v["seats"][seat]["layout"])


def _seat_line(table: Table, v: dict, seat: int) -> str:
    s = v["seats"][seat]
    said = "yes" if s["said_spit"] and v["phase"] == "spit" else "no"
    gone = "yes" if s["left"] else "no"
    who = common.name(table, seat)
    return tr("spit-seat", who=who, gone=gone, layout=_layout(v, seat), deck=s["deck"], said=said)


def _centre(v: dict) -> str:
    parts = []
    for c, pile in enumerate(v["centre"]):
        top = pile["top"].label if pile["top"] is not None else None
        if top is None:
            parts.append(tr("spit-centre-empty", pile=c, n=pile["cards"]))
        else:
            parts.append(tr("spit-centre-pile", pile=c, top=top, n=pile["cards"]))
    return tr("spit-centre", piles=" · ".join(parts))


def _recent(table: Table, v: dict) -> str | None:
    moves = [m for m in v["recent"] if not m["spit"]][-RECENT:]
    if not moves:
        return None
    runs: list[tuple[int, list[str]]] = []  # newest first, a player's plays in a row together
    for m in reversed(moves):
        play = f"{m['card'].label}→{_pile(m['centre'])}"
        if runs and runs[-1][0] == m["seat"]:
            runs[-1][1].append(play)
        else:
            runs.append((m["seat"], [play]))
    plays = " · ".join(f"{common.name(table, seat)} {', '.join(plays)}" for seat, plays in runs)
    return tr("spit-last", plays=plays)


def _status(table: Table, v: dict, seat: int | None = None) -> str:
    due = countdown(table.deadline(v["clock"])) if v["clock"] else ""
    spit = v["spit"]
    if spit is None:
        return tr("spit-status-play", due=due)
    alone = spit["alone"]
    if spit["opening"]:
        why = "opening"
    elif alone is not None and seat is not None and seat != alone:  # my deck is empty
        why = "wait"
    elif alone is not None and seat == alone:
        why = "choose"
    elif alone is not None:
        why = "alone"
    else:
        why = "both"
    did = "yes" if seat is not None and seat in spit["said"] else "no"
    who = common.name(table, alone) if alone is not None else ""
    return tr("spit-status-spit", why=why, who=who, did=did, due=due)


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
            if whose:
                label = tr("spit-button-ready", who=table.user_at(1 - alone).name)
            else:
                label = tr("spit-button")
            out.append(button(table, Spit(n), label[:80], "danger", emoji="\U0001f4a5"))
    if alone is not None and (seat is None or seat == alone) and alone not in spit["said"]:
        for c in (0, 1):
            if whose:
                label = tr("spit-button-onto-whose", who=table.user_at(alone).name, pile=c)
            else:
                label = tr("spit-button-onto", pile=c)
            out.append(button(table, Spit(n, c), label[:80], "danger"))
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
        title=tr("spit-title", table=str(table.id)),
        description="\n".join(desc),
        colour=common.GOLD,
    )
    news = [x for x in table.row.log if key_of(x) not in QUIET]
    panel = tr("spit-my-panel")
    embed.set_footer(text=tr("spit-footer", hash=table.seed_hash[:16], panel=panel))
    common.latest_field(table, embed, news, LOG_LINES)
    rows: list[common.Row] = []
    spit = _spit_buttons(table, v, None)
    if spit:
        rows.append(spit)
    rows.append(common.table_buttons(table, panel))
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
            label = tr("spit-button-play", card=_card(card), pile=c)
            live = plays.get((pile, c))
            if live is not None:
                row.append(button(table, live, label, "primary", emoji=face))
                continue
            stamp = Play(pile, c, number(card) if card is not None else 0, v["centre"][c]["cards"])
            row.append(button(table, stamp, label, emoji=face, disabled=True))
        rows.append(row)
    return rows


def private(table: Table, seat: int) -> Screen:
    """The control panel: pile tops, your layout as a 4x2 grid of play buttons, Spit! when due."""
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    me, other = v["seats"][seat], v["seats"][1 - seat]
    decks = tr(
        "spit-decks",
        mine=me["deck"],
        who=common.name(table, 1 - seat),
        layout=_layout(v, 1 - seat),
        theirs=other["deck"],
    )
    lines = [*common.notes(table, seat), _centre(v), decks, _status(table, v, seat)]
    rows = _grid(table, v)
    spit = _spit_buttons(table, v, seat)
    if spit:
        rows.append(spit)
    embed = discord.Embed(
        title=tr("spit-private-title", table=str(table.id)),
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("spit-private-footer"))
    return Screen(embed, rows)
