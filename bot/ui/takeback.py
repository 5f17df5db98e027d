"""Take-backs on the screens, for every game alike (bot/tables/takeback.py decides them).

- **↩ Take back** goes to the mover, for as long as the move may be taken back: on their
  private view, and on the table's message with their name on it (a move is made on either,
  depending on the game). One tap asks.
- An open request goes on the table's message: one line on top ("↩ Ana asks to take back the
  last move: ... Bo, Cy: agree?") with **Agree** and **No**; the mover's private view says
  whom it waits for.
- The buttons go below the game's own, so that none of those moves under a thumb for the ten
  seconds they show; with five rows already, they share the last one if it has room, else take
  its place meanwhile. The line makes room on a phone screen by leaving out the table's log
  first (it tells the same move), then the fields below, then the last lines.
"""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.i18n import tr
from bot.tables import Table
from bot.tables.offers import Offer, Request, others, request_of, shown
from bot.ui import common
from bot.ui.common import Button, Row, Screen
from bot.ui.components import custom_id

VERB = "takeback"  # a platform verb: takeback:ask.<seq>, takeback:yes.<seq>, takeback:no.<seq>
ROWS = 5  # the most action rows a Discord message may have
ROW_BUTTONS = 5
ARROW = "\u21a9"


def _button(table: Table, what: str, seq: int, label: str, style: str) -> Button:
    return Button(label, custom_id(table.row.game, table.id, VERB, f"{what}.{seq}"), style)


def ask_button(table: Table, offer: Offer, public: bool) -> Button:
    label = f"{ARROW} {tr('takeback-button')}"
    if public:  # the table's message: whose it is
        label = f"{ARROW} {tr('takeback-button-whose', who=table.user_at(offer.seat).name)}"
    return _button(table, "ask", offer.seq, label[:80], "secondary")


def _with_row(rows: list[Row], buttons: list[Button]) -> list[Row]:
    if len(rows) < ROWS:
        return [*rows, buttons]
    last = rows[-1]
    if isinstance(last, list) and len(last) + len(buttons) <= ROW_BUTTONS:
        return [*rows[:-1], [*last, *buttons]]
    return [*rows[:-1], buttons]


def _with_line(embed: discord.Embed, line: str) -> discord.Embed:
    """``embed`` with ``line`` on top, made to fit a phone (see the module's notes)."""
    out = discord.Embed.from_dict(embed.to_dict())
    body = out.description or ""
    out.description = f"{line}\n{body}" if body else line
    fields = [(f.name, f.value, f.inline) for f in out.fields]
    latest = common.latest_title()
    while not common.fits(out) and fields:
        gone = next((i for i, f in enumerate(fields) if f[0] == latest), len(fields) - 1)
        del fields[gone]
        out.clear_fields()
        for name, value, inline in fields:
            out.add_field(name=name, value=value, inline=inline)
    lines = (out.description or "").split("\n")
    while not common.fits(out) and len(lines) > 1:
        lines = [*lines[:-2], "\u2026"] if len(lines) > 2 else lines[:1]
        out.description = "\n".join(lines)
    return out


def _names(table: Table, seats: list[int]) -> str:
    names = [common.name(table, s) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return tr("screens-and", rest=", ".join(names[:-1]), last=names[-1])


def request_line(table: Table, asked: Request) -> str:
    waiting = [s for s in others(table, asked.seat) if s not in asked.agreed]
    move = common.say(asked.line, table).rstrip(".!")
    return f"{ARROW} " + tr(
        "takeback-asked",
        who=common.name(table, asked.seat),
        move=move,
        how="aside" if move.startswith("(") else "said",
        waiting=_names(table, waiting),
        agree="yes" if waiting else "no",
        clock=common.countdown(asked.due_at),
    )


def public(table: Table, screen: Screen, now: float) -> Screen:
    """The table's message with the take-back on it, if there is one to show."""
    if table.status != "playing":
        return screen
    asked = request_of(table)
    if asked is not None:
        buttons = [
            _button(table, "yes", asked.seq, tr("takeback-agree"), "success"),
            _button(table, "no", asked.seq, tr("screens-no"), "danger"),
        ]
        embed = _with_line(screen.embed, request_line(table, asked))
        return replace(screen, embed=embed, rows=_with_row(screen.rows, buttons))
    offer = shown(table, now)
    if offer is None:
        return screen
    return replace(screen, rows=_with_row(screen.rows, [ask_button(table, offer, True)]))


def private(table: Table, seat: int, screen: Screen, now: float) -> Screen:
    """``seat``'s private view with its take-back: the button, or whom its request waits on."""
    asked = request_of(table)
    if asked is not None and asked.seat == seat:
        waiting = [s for s in others(table, seat) if s not in asked.agreed]
        line = f"{ARROW} " + tr("takeback-waiting", waiting=_names(table, waiting))
        return replace(screen, embed=_with_line(screen.embed, line))
    offer = shown(table, now)
    if offer is None or offer.seat != seat:
        return screen
    return replace(screen, rows=_with_row(screen.rows, [ask_button(table, offer, False)]))
