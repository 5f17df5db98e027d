"""What a table's play-by-play thread says: its name, its first line, each step's public lines
as the table's log tells them, and the messages they are posted in.

Pure functions of the action log: a step's lines come from the engine's events for that move
(bot/replay.py plays the log again), with the platform's own lines the table writes around
them and each drink's note as party safety counted it (read back from the ledger rows), so the
thread says what the table's log said, and the same again after a restart.

Decisions:
- The deal (step 0) says "Cards dealt." and the deal's own lines; a removal for three timeouts
  in a row says so before the game's line for it, folded as the table folds it
  (:func:`bot.ui.common.fold`, applied to each step's lines).
- The host's powers passing on ("**Bo** is the host now.") is not in the thread: who hosts is
  not part of the game, and the record does not say (the table's own message shows it).
- Lines are posted as plain text, several to a message, at most :data:`MESSAGE_CHARS` each;
  the end screen follows as the table shows it (an embed: who won, the drinks, the seed).
"""

from __future__ import annotations

from typing import Any

from bot import safety
from bot.engines.base import Action, Drink, Event, Leave, Log
from bot.i18n import current, game_title, tr
from bot.store import DrinkRow
from bot.tables import DEALT, Table, timed_out
from bot.ui.common import fold, say_names

NAME_CHARS = 100  # Discord's longest thread name
MESSAGE_CHARS = 2000  # Discord's longest message content
LINE_CHARS = 1000  # one line at most (an engine's line is far shorter; a forfeit's text is not)


def thread_name(table: Table) -> str:
    """The thread's name: "Table #12 · Pyramid" (in the language drawn)."""
    game = game_title(current(), table.row.game)
    return tr("playbyplay-thread", table=str(table.id), game=game)[:NAME_CHARS]


def header(table: Table) -> str:
    """The thread's first line: who plays, and what the thread is."""
    names = [say_names(f"{{p{s.seat}}}", table.names()) for s in _dealt(table)]
    who = (
        names[0]
        if len(names) < 2
        else tr("screens-and", rest=", ".join(names[:-1]), last=names[-1])
    )
    game = game_title(current(), table.row.game)
    return "\U0001f37f " + tr("playbyplay-header", table=str(table.id), game=game, who=who)


def _dealt(table: Table) -> list[Any]:
    return sorted((s for s in table.seats if s.seat is not None), key=lambda s: s.seat)


def players(table: Table) -> int:
    """How many seats the game was dealt."""
    return len(_dealt(table))


def users(table: Table) -> dict[int, int]:
    """Each dealt seat's player (an erased one's anonymous id)."""
    return {s.seat: s.user_id for s in _dealt(table)}


def step_lines(
    step: int,
    seat: int | None,
    action: Action | None,
    events: list[Event],
    rows: list[DrinkRow],
    user_of: dict[int, int],
) -> list[str]:
    """The public lines of one step (0: the deal; else move ``step``, by ``seat``), as the
    table's log has them: engine lines with ``{p0}``... for the names, each drink counted as
    water or points noted as the table notes it (``rows``: that move's ledger rows)."""
    if step == 0:
        events = [Log(DEALT), *events]
    elif isinstance(action, Leave) and action.timeouts and seat is not None:
        events = [Log(timed_out(seat)), *events]
    drinks = [e for e in events if isinstance(e, Drink)]
    counted = safety.countings(drinks, rows, user_of)
    noted = safety.annotate(events, list(zip(drinks, counted, strict=True)), [])
    return fold([e.text for e in noted if isinstance(e, Log)])


def steps_lines(
    moves: list[tuple[int, int | None, Action, list[Event]]],
    rows: list[DrinkRow],
    user_of: dict[int, int],
) -> list[tuple[int, list[str]]]:
    """:func:`step_lines` for each of ``moves`` ((seq, seat, action, events) in order), with
    each one's ledger rows picked from ``rows``."""
    by_seq: dict[int, list[DrinkRow]] = {}
    for r in rows:
        by_seq.setdefault(r.seq, []).append(r)
    return [
        (seq, step_lines(seq, seat, action, events, by_seq.get(seq, []), user_of))
        for seq, seat, action, events in moves
    ]


def messages(
    steps: list[tuple[int, list[str]]],
    names: dict[str, str],
    first: str | None = None,
    skip: int = 0,
) -> list[tuple[str, int, int]]:
    """The steps' lines (names filled in) as messages of at most :data:`MESSAGE_CHARS`
    characters, in order: ``(text, done, part)``, ``done`` the last step whose lines are all
    in that message or before it, ``part`` how many lines of the step after it are. A step's
    lines stay in one message, unless they alone are longer than one (then that step is split,
    and ``part`` says how far it got). ``first``: a line to start with; ``skip``: lines of the
    first step posted already (a split step's)."""
    out: list[tuple[str, int, int]] = []
    text: list[str] = [first] if first else []
    done = -1  # the last step fully in ``text`` (or already out)
    for n, (step, lines) in enumerate(steps):
        said = [_line(say_names(line, names)) for line in lines[skip if n == 0 else 0 :]]
        if text and len("\n".join([*text, *said])) > MESSAGE_CHARS:
            out.append(("\n".join(text), done, 0))  # the step starts the next message
            text = []
        part = skip if n == 0 else 0
        for line in said:
            if text and len("\n".join([*text, line])) > MESSAGE_CHARS:  # a step too long
                out.append(("\n".join(text), done, part))
                text = []
            text.append(line)
            part += 1
        done = step
    if text:
        out.append(("\n".join(text), done, 0))
    return out


def _line(said: str) -> str:
    return said if len(said) <= LINE_CHARS else said[: LINE_CHARS - 1] + "\u2026"
