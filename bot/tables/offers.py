"""A take-back as a table holds it (bot/tables/takeback.py asks and answers it): the offer to
its mover (in memory) and the request to the others (stored, as the table's clock ``takeback``).

- The offer: a player's move just committed that may be taken back for :data:`SECONDS` (the
  rules: bot/engines/takeback.py). Noted by the action path as it commits the move
  (:func:`noted`), so that the answer to the move, drawn while its commit runs, already shows
  **Take back**. Whether it showed a card is worked out when first drawn, not on the move's
  path. It lives in memory only: after a restart, **Take back** is no longer shown, but a
  tap on one left on a screen is still judged, from the stored action log.
- The request: a clock row of the table (:data:`CLOCK`), due when the others' time to agree
  runs out, whose action holds the move's number, who asked and who agreed so far. Stored in
  one statement, it survives a restart; a clock stands still while the bot is away, as every
  clock does; and any other move on the table deletes it with the move's own clocks (the
  engine never declares it), which is what ends a request when the game moves on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engines.base import Action, Drink, Event, Leave, Log, Timeout, msg
from bot.engines.takeback import SECONDS, TakeBack
from bot.tables.table import Offer, Table

__all__ = ["CLOCK", "SECONDS", "Offer", "Request", "noted", "others", "request_of", "shown"]

CLOCK = "takeback"  # the key of a take-back request's clock (no engine uses it)
MOVED_ON = msg("table-takeback-off")


@dataclass(frozen=True)
class Request:
    """A take-back asked and not yet answered by all: move ``seq``, by ``seat`` (``user_id``),
    told as ``line`` (the log's words, ``{p0}`` for names), due ``due_at``; ``agreed``: the
    seats that said yes so far."""

    seq: int
    seat: int
    user_id: int
    line: str
    due_at: float
    agreed: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The clock row's action."""
        return {
            "type": TakeBack.verb,
            "seq": self.seq,
            "seat": self.seat,
            "user": self.user_id,
            "line": self.line,
            "agreed": list(self.agreed),
        }


def request_of(table: Table) -> Request | None:
    """The take-back asked at ``table`` and still open, if any."""
    timer = table.timers.get(CLOCK)
    if timer is None:
        return None
    a = timer.action
    return Request(
        int(a["seq"]),
        int(a["seat"]),
        int(a["user"]),
        str(a.get("line", "")),
        timer.due_at,
        tuple(int(s) for s in a.get("agreed", [])),
    )


def others(table: Table, seat: int) -> list[int]:
    """The seats that must agree to take back ``seat``'s move: every other player still in the
    game (not those out of it: safe, finished, left)."""
    return [
        s.seat
        for s in table.seated()
        if s.seat is not None and s.seat != seat and table.in_game(s.user_id)
    ]


def noted(
    table: Table,
    state: Any,
    events: list[Event],
    steps: list[tuple[int | None, int | None, Action, int | None, list[Event]]],
    over: bool,
    now: float,
) -> list[Event]:
    """The action path, about to write ``steps`` (leading from ``table.state`` to ``state``):
    note the offer of a take-back to the mover of a single move that may qualify (its
    ``seq`` is the one it is about to get), and say in the log that an open request is off
    now that the game moved on. Returns the events to write."""
    table.offer = None
    if len(steps) == 1 and not over and table.engine.takebacks:
        seat, user_id, action, _, own = steps[0]
        if (
            seat is not None
            and user_id is not None
            and not isinstance(action, Leave | Timeout | TakeBack)
            and not any(isinstance(e, Drink) for e in own)
        ):
            seq = table.row.seq + 1
            table.offer = Offer(seq, seat, user_id, now, table.state, state, action, own)
    asked = request_of(table)
    if asked is not None and not (steps and isinstance(steps[0][2], TakeBack)):
        return [*events, Log(MOVED_ON)]
    return events


def shown(table: Table, now: float) -> Offer | None:
    """The offer to show its mover now: the table's last move, within its time, possible, with
    somebody to agree, and no request open."""
    offer = table.offer
    if (
        offer is None
        or table.status != "playing"
        or offer.seq != table.row.seq
        or now >= offer.at + SECONDS
        or CLOCK in table.timers
        or not others(table, offer.seat)
    ):
        return None
    return offer if offer.possible(table) else None
