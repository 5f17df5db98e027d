"""Give & Take on screen: the ring on the public table, a player's seat, the end screen.

What is shown where:
- The public table is the game, and fits a phone (12 lines, 600 characters with six players
  and 12-character names): one line per player still in, in seat order (the ring), with their
  give and take pile sizes and, while cards are turned, their duet (their take card and the
  give card of the player above them still in) with its difference; a ⭐ marks the capture, ⚔️
  the players tied in a fight. The players who are out share one line, with their places.
  Then the leftovers (those never turned only counted), a fight banner with the cards at stake, and one 👉 line naming
  whose move it is with its live clock; under it the latest log lines that say something the
  lines above don't (captures, timeouts, who is out), as many as fit (at most 3). Its buttons
  are the public moves: **3, 2, 1, Go!** while waiting for the cue, **Under give pile (n)** /
  **Under take pile (n)** while the capturer chooses.
- **My seat** (private) repeats your piles and duet, says what you are waiting for, and holds
  your buttons: Go! (host), the two piles (capturer) and **Last call** (host).
- The end screen is the engine's ranking (places), the number of turns and the seed.

Decisions:
- Go! and the pile buttons sit on the public table for everybody; the table service lets only
  the host cue and the engine only the capturer choose, and anybody else gets their plain
  answer privately. A host out of the ring still cues (the rules: the host directs); with no
  host at the table there is no Go! button: the table cues by itself every 10 seconds,
  and the 👉 line says so.
- Go! carries the turn it cues and the pile buttons the turn of the capture they put away:
  a second press for the same cue (a double tap, or the table's clock cued first) or a late
  pile press is refused privately by the engine, never a second flip or a later capture's pile.
- Last call ends the game for everyone, so it is not on the shared message, where a stray tap
  costs a whole game: it is in the host's own view (My seat, then Last call).
- Only the newest flip's duets are drawn (only they count); a fight's earlier flips are the
  banner's cards at stake, and their ties the "Fight!" lines under "Latest".
- Pile cards are never shown (not even to their owner); turned cards are face up and shown,
  in the leftovers too, where the cards never turned (the deal's spares, the piles of those
  out) are only counted: "Leftovers (6): 4 face down, 7♦ 3♣". A long row of turned leftovers
  is cut after 8 cards ("and 9 more") to fit a phone.
- The log leaves out what the lines above already show: the cues ("3, 2, 1, Go!", also when
  the table cued), each flip's cards (the ring shows the newest flip; a fight's earlier flips
  are only counted, in the banner), the capture's question and the fight in progress. What
  was settled last (the pile a capture went under) is the newest log line, not repeated above.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engines.giveandtake import Go, LastCall, Pile
from bot.engines.words import key_of
from bot.i18n import current, ordinal, tr
from bot.tables import Table
from bot.ui import common
from bot.ui.common import Button, Screen, button, countdown, name, say

HANDSHAKE = "\U0001f91d"
POINTER = "\U0001f449"
LEFTOVERS_SHOWN = 8
LOG_LINES = 3
# engine log lines the table already shows (by their message keys): the cues, each flip's cards
# ("Turn 3: ..."), and a capture's question (the 👉 line asks it, then the pile is the news)
SHOWN_ABOVE = frozenset(
    {"giveandtake-go", "giveandtake-table-cues", "giveandtake-flip", "giveandtake-captures-ask"}
)


def _host_seat(table: Table) -> int | None:
    return table.seat_of(table.row.host_id)


def _duet(d: dict[str, Any]) -> str:
    return f"{d['take'].label}\u2013{d['give'].label} = **{d['difference']}**"


def _player(table: Table, v: dict[str, Any], p: dict[str, Any]) -> str:
    seat = p["seat"]
    line = tr("giveandtake-piles", who=name(table, seat), give=p["give"], take=p["take"])
    duet = next((d for d in v["duets"] if d["seat"] == seat), None)
    if duet is not None:
        line += f" · {_duet(duet)}"
        if v["capturer"] == seat:
            line += " \u2b50"
        elif v["fight"] and seat in v["lowest"]:
            line += " \u2694\ufe0f"
    return line


def _place(place: int) -> str:
    return ordinal(current(), place)


def _out(table: Table, v: dict[str, Any]) -> str | None:
    """``✖️ Out: **Cy** 3rd · **Ana** 4th (left)``: everyone out, best place first."""
    out = sorted((p for p in v["players"] if p["out"]), key=lambda p: p["place"])
    if not out:
        return None
    who = " · ".join(
        tr(
            "giveandtake-out-one",
            who=name(table, p["seat"]),
            place=_place(p["place"]),
            left="yes" if p["left"] else "no",
        )
        for p in out
    )
    return f"\u2716\ufe0f {tr('giveandtake-out-line', who=who)}"


def _leftovers(v: dict[str, Any]) -> str | None:
    cards, down = v["leftovers"], v["face_down"]
    if not cards:
        return tr("giveandtake-leftovers-down", down=down) if down else None
    more = len(cards) - LEFTOVERS_SHOWN
    shown = " ".join(c.label for c in cards[:LEFTOVERS_SHOWN])
    if more > 0:
        shown = tr("giveandtake-and-more", cards=shown, more=more)
    return tr("giveandtake-leftovers", n=len(cards) + down, down=down, cards=shown)


def _fight(v: dict[str, Any]) -> str:
    """The tied players are marked ⚔️ on their lines: the banner needn't name them."""
    low = min(d["difference"] for d in v["duets"])
    return f"\u2694\ufe0f {tr('giveandtake-fight-banner', low=low, cards=v['at_stake'])}"


def _prompt(table: Table, v: dict[str, Any]) -> str:
    due = countdown(table.deadline(v["clock"])) if v["clock"] else ""
    turn = v["turn"] + 1
    if v["phase"] == "pile":
        who = name(table, v["capturer"])
        line = tr("giveandtake-prompt-pile", who=who, cards=v["capture_size"], due=due)
    elif (host := _host_seat(table)) is not None:  # the host directs, in the ring or out of it
        line = tr("giveandtake-prompt-host", who=name(table, host), turn=turn, due=due)
    else:
        line = tr("giveandtake-prompt-table", turn=turn, due=due)
    return f"{POINTER} {line}"


def _news(v: dict[str, Any], log: list[str]) -> list[str]:
    """The engine's log lines that say something the table above doesn't."""
    return [
        line
        for line in log
        if key_of(line) not in SHOWN_ABOVE
        and not (v["fight"] and line == v["last"])  # the fight banner
    ]


def _go(table: Table, v: dict[str, Any]) -> Button:
    """Go! cues the next flip, and says which: a second press for it is refused, not a cue."""
    return button(table, Go(v["turn"] + 1), tr("giveandtake-go"), "success", emoji="\U0001f3ac")


def _piles(table: Table, v: dict[str, Any], mine: bool = False) -> list[Button]:
    p = v["players"][v["capturer"]]
    # a pile left empty puts its owner out at the next turn: the button that leaves one says so
    empties = {False: p["take"] == 0, True: p["give"] == 0}  # choice -> the other pile is empty
    warn = empties[False] != empties[True]
    turn = v["turn"]  # the turn of this capture: a late press can't land on a later one
    out = []
    for take, pile in ((False, "give"), (True, "take")):
        danger = warn and empties[take]
        label = tr(
            "giveandtake-under",
            pile=pile,
            n=p[pile],
            mine="yes" if mine else "no",
            out="yes" if danger else "no",
        )
        out.append(button(table, Pile(take, turn), label, "danger" if danger else "primary"))
    return out


def _footer(table: Table) -> str:
    return tr("giveandtake-footer", hash=table.seed_hash[:16])


def public(table: Table) -> Screen:
    v = table.view()
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    lines = [_player(table, v, p) for p in v["players"] if not p["out"]]
    lines += [x for x in (_out(table, v), _leftovers(v)) if x]
    if v["fight"]:
        lines.append(_fight(v))
    lines.append(_prompt(table, v))
    embed = discord.Embed(
        title=f"{HANDSHAKE} {tr('giveandtake-table', id=table.id)}",
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text=_footer(table))
    common.latest_field(table, embed, _news(v, table.row.log), LOG_LINES)
    rows: list[common.Row] = []
    if v["phase"] == "cue" and _host_seat(table) is not None:
        rows.append([_go(table, v)])
    elif v["phase"] == "pile":
        rows.append(_piles(table, v))
    rows.append(common.table_buttons(table))
    return Screen(embed, rows)


def ended(table: Table, v: dict[str, Any] | None = None) -> Screen:
    lines: list[str] = []
    if table.state is not None:
        v = v or table.view()
        lines += [say(line, table) for line in table.results().summary]
        lines.append(tr("giveandtake-played", turns=v["turn"]))
    return common.ended_screen(table, lines)


def private(table: Table, seat: int) -> Screen:
    """Your piles and duet, what you wait for, and your own buttons (Go!, piles, Last call)."""
    v = table.view(seat)
    if table.status == "ended" or v["over"]:
        return ended(table, v)
    me = v["players"][seat]
    host_seat = _host_seat(table)
    host = host_seat == seat
    lines = common.notes(table, seat)
    rows: list[common.Row] = []
    if me["out"]:
        left = "yes" if me["left"] else "no"
        lines.append(tr("giveandtake-you-out", left=left, place=_place(me["place"])))
    else:
        lines.append(
            tr("giveandtake-your-piles", give=me["give"], take=me["take"], cards=me["cards"])
        )
        duet = next((d for d in v["duets"] if d["seat"] == seat), None)
        if duet is not None:
            giver = name(table, duet["giver"])
            lines.append(tr("giveandtake-your-duet", duet=_duet(duet), giver=giver))
    if v["fight"]:
        lines.append(f"\u2694\ufe0f {tr('giveandtake-fight-note')}")
    due = countdown(table.deadline(v["clock"])) if v["clock"] else ""
    if v["phase"] == "pile" and v["capturer"] == seat:
        lines.append(f"\u2b50 {tr('giveandtake-you-capture', cards=v['capture_size'], due=due)}")
        rows.append(_piles(table, v, mine=True))
    elif v["phase"] == "pile":
        lines.append(tr("giveandtake-choosing", who=name(table, v["capturer"]), due=due))
    elif host:
        lines.append(tr("giveandtake-you-cue", turn=v["turn"] + 1, due=due))
        rows.append([_go(table, v)])
    elif host_seat is not None:
        lines.append(tr("giveandtake-waiting-cue", who=name(table, host_seat), due=due))
    else:
        lines.append(tr("giveandtake-table-cues-next", due=due))
    if host:
        lines.append(tr("giveandtake-host-may-call"))
        label = tr("giveandtake-last-call")
        rows.append([button(table, LastCall(), label, "danger", emoji="\U0001f514")])
    embed = discord.Embed(
        title=tr("giveandtake-seat-title", id=table.id),
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("giveandtake-only-you"))
    return Screen(embed, rows)
