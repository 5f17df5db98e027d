"""A finished game's replay on screen: a private stepper through every move, every hand shown,
and the /history list it starts from.

The replay is rebuilt from the game's record (bot/replay.py: seed and moves; the seed is public
once the game is over, so every hand may be shown). One screen per step: where it is ("Hand 3 ·
step 41 of 180"), what that move did (the game's own log lines for it), who drank what then,
each player's hand as it was (the cards they saw that the table did not), the table's picture
as it was, and the controls: first, back, forward, last, and a jump to any part of the game.

The jump menu lists the deal, each part of the game its rules count (the engine's
:meth:`~bot.engines.base.Engine.marks`: "Hand 3", "Hand 2, trick 5", "6-row, card 3", "Spit
4"...) and the end. A select holds 25 options: when there are more marks than the 23 between
the deal and the end, each larger part ("Hand 2") keeps a place and the rest of the room goes to
the parts with the most marks, each part's marks in even runs shown as one place ("Hand 2,
trick 5-8", the first of them being where it jumps); with more parts than room, runs of whole
parts ("Hand 3-5"). A game without marks offers evenly spaced steps.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
import time
from collections.abc import Sequence
from typing import Any

import discord

from bot.engines import ENGINES
from bot.engines.base import Drink, Log, Mark
from bot.i18n import current, game_title, render, tr
from bot.replay import Replayed, holder_names
from bot.store import TableRow
from bot.ui import common
from bot.ui.common import Button, Row, Screen, Select, SelectOption, escape, say_names
from bot.ui.components import custom_id

REPLAY = "replay"  # the custom ids' first part: replay:<table>:<verb>[:<arg>] (cogs/history.py)
JUMPS = 20  # evenly spaced places the jump menu offers for a game without marks
OPTIONS = 25  # the most options a select holds (Discord's limit)
HAND_CHARS = 100  # of one player's hand line


def step_id(table_id: int, step: int) -> str:
    return custom_id(REPLAY, table_id, "step", str(step))


def replay_buttons(table_id: int) -> list[Button]:
    """An end screen's **Replay** and **Record**."""
    return [
        Button(tr("replay-button"), step_id(table_id, 0), "secondary", emoji="\u23ea"),
        Button(
            tr("replay-record-button"),
            custom_id(REPLAY, table_id, "record"),
            "secondary",
            emoji="\U0001f4c4",
        ),
    ]


def _names(record: dict[str, Any], step: int) -> dict[str, str]:
    """Who sat in each seat at ``step`` (a seat taken over names that move's holder)."""
    return {f"p{seat}": name for seat, name in holder_names(record, step).items()}


def _takeovers(record: dict[str, Any], step: int) -> list[str]:
    """The seats taken over just before move ``step``: "🪑 **Cy** takes **Bo**'s seat."."""
    out = []
    for p in record["players"]:
        held = p.get("holders", [])
        for before, h in zip(held, held[1:], strict=False):
            if h["from"] + 1 == step:
                who, whose = escape(h["name"]), escape(before["name"])
                out.append("\U0001fa91 " + tr("replay-takeover", who=who, whose=whose))
    return out


def _hands(replayed: Replayed, step: int, names: dict[str, str]) -> list[str]:
    """Each player's cards that the table could not see: what they held at that step (the
    engine's :meth:`~bot.engines.base.Engine.holdings`, else what each one saw)."""
    engine, state = replayed.engine, replayed.states[step]
    held = engine.holdings(state)
    public = set(engine.hidden(state, None))
    lines = []
    for seat in range(engine.players(state)):
        if held is not None:
            mine = list(held[seat])
        else:
            mine = sorted(public - set(engine.hidden(state, seat)), key=_order)
        if mine:
            cards = " ".join(c.label for c in mine)
            line = f"{say_names(f'{{p{seat}}}', names)}: {cards}"
            lines.append(line if len(line) <= HAND_CHARS else line[: HAND_CHARS - 1] + "\u2026")
    return lines


def _order(card: Any) -> tuple[int, int]:
    return card.sort_key if hasattr(card, "sort_key") else (ord(card.suit), card.rank)


def _fitted(
    head: str, said: list[str], drank: list[str], hands: list[str], totals: list[str], footer: str
) -> list[str]:
    """The stepper's lines, fitted to a phone with the footer below them. ``totals``: the
    drinks so far, then the same with names cut short (empty: a game where nobody drinks).
    What gives way first: the names in the totals, then the hands (the last one first), a
    second drink of the step (the totals count it), the step's second log line, the rest of
    the first cut short (a log line naming six players with long names); last, a cut "…"."""
    said, drank, hands = list(said), list(drank), list(hands)
    total = [tr("replay-drinks-so-far", totals=totals[0])] if totals else []
    while True:
        lines = [head, *said, *drank, *([""] + hands if hands else []), *total]
        text = "\n".join([*lines, footer])
        if text.count("\n") < common.BODY_LINES and len(text) <= common.BODY_CHARS:
            return lines
        if total and totals[1] not in total[0]:
            total = [tr("replay-drinks-so-far", totals=totals[1])]
        elif hands:
            hands.pop()
        elif len(drank) > 1:
            drank.pop()
        elif len(said) > 1:
            said.pop()
        elif said and not said[0].endswith("\u2026"):  # cut short, as plain text
            plain = _plain(said[0])
            said = [_cut(plain, max(len(plain) - (len(text) - common.BODY_CHARS), 40))]
        else:
            room = common.BODY_CHARS - len(footer) - 2
            return ["\n".join(lines)[:room] + "\u2026"]


def _short(names: dict[str, str], n: int = 10) -> dict[str, str]:
    return {k: v if len(v) <= n else v[: n - 1] + "\u2026" for k, v in names.items()}


def _totals(replayed: Replayed, step: int, names: dict[str, str]) -> str:
    sips: dict[int, int] = {}
    for events in replayed.events_by_step[: step + 1]:
        for d in events:
            if isinstance(d, Drink):
                sips[d.seat] = sips.get(d.seat, 0) + d.sips
    if not sips:
        return tr("replay-no-drinks")
    return " · ".join(f"{say_names(f'{{p{s}}}', names)} {n}" for s, n in sorted(sips.items()))


def jump_places(marks: Sequence[Mark], total: int) -> list[tuple[int, str]]:
    """The jump menu's places, (step, label) in step order: the deal, the marks (shared out as
    the module says when they don't all fit) and the end; for a game without marks,
    :data:`JUMPS` evenly spaced steps. Labels in the language drawn."""
    marks = [_worded(m) for m in marks]
    inner = [m for m in marks if 0 < m.step < total]
    if not marks:
        steps = sorted({round(i * total / (JUMPS - 1)) for i in range(JUMPS)} - {0, total})
        inner = [Mark(step, tr("replay-step", step=step)) for step in steps]
    last = next((m.label for m in marks if m.step == total), None)
    end = tr("replay-place-end", place=last) if last is not None else tr("replay-end")
    return [(0, tr("replay-deal")), *_places(inner), *([(total, end)] if total > 0 else [])]


def _worded(mark: Mark) -> Mark:
    """A mark with its label and part in the language drawn (an engine's are data)."""
    part = render(mark.part) if mark.part is not None else None
    return dataclasses.replace(mark, label=render(mark.label), part=part)


def _places(marks: list[Mark], room: int = OPTIONS - 2) -> list[tuple[int, str]]:
    """``marks`` as at most ``room`` places, each a run of consecutive marks: (its first step,
    its name)."""
    if len(marks) <= room:
        return [(m.step, m.label) for m in marks]
    parts: list[list[Mark]] = []
    for m in marks:
        if parts and m.part is not None and parts[-1][0].part == m.part:
            parts[-1].append(m)
        else:
            parts.append([m])
    if len(parts) > room:  # runs of whole parts, named by the parts
        return [
            (
                run[0][0].step,
                span(run[0][0].part or run[0][0].label, run[-1][-1].part or run[-1][-1].label),
            )
            for run in _even(parts, room)
        ]
    shares = [1] * len(parts)  # a place for each part, the rest where the most marks share one
    for _ in range(room - len(parts)):
        i = max(range(len(parts)), key=lambda i: len(parts[i]) / shares[i])
        shares[i] += 1
    return [
        (run[0].step, span(run[0].label, run[-1].label))
        for part, n in zip(parts, shares, strict=True)
        for run in _even(part, n)
    ]


def _even(items: list[Any], n: int) -> list[list[Any]]:
    """``items`` cut into ``min(n, len(items))`` consecutive runs of sizes that differ by one at
    most."""
    n = min(n, len(items))
    cuts = [round(i * len(items) / n) for i in range(n + 1)]
    return [items[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]


_NUMBER = re.compile(r"(\d+)")


def span(first: str, last: str) -> str:
    """One label for a run of places: ``"Hand 3-5"`` from "Hand 3" to "Hand 5", ``"Hand 2,
    trick 5-8"``; where the two don't differ first in a number after the same words,
    ``"Pile 12 – The draw pile runs out"``."""
    if first == last:
        return first
    a, b = _NUMBER.split(first), _NUMBER.split(last)  # words, number, words, number...
    i = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    if i is not None and i % 2 == 1 and "".join(a[:i]).strip():
        return f"{''.join(a[:i])}{a[i]}-{b[i]}"
    return f"{first} \u2013 {last}"


def where(replayed: Replayed, step: int) -> str | None:
    """The part of the game ``step`` is in: the last mark at or before it; the deal at step 0;
    ``None`` before the first mark."""
    marks = replayed.marks
    i = bisect.bisect_right([m.step for m in marks], step)
    return render(marks[i - 1].label) if i else (tr("replay-deal") if step == 0 else None)


def heading(replayed: Replayed, step: int, names: dict[str, str]) -> str:
    """The stepper's first line: "**Hand 3** · step 41 of 180", "**Step 2 of 180**" before the
    first mark, and "· the end" at the last step."""
    total = len(replayed.steps)
    here = where(replayed, step)
    end = "yes" if step == total else "no"
    if here is None:
        return tr("replay-heading-step", step=step, total=total, end=end)
    # the place in bold, its names too (not bold within bold)
    place = say_names(here, names).replace("**", "")
    return tr("replay-heading", place=place, step=step, total=total, end=end)


def _jumps(replayed: Replayed, table_id: int, record: dict[str, Any]) -> Select | None:
    total = len(replayed.steps)
    if total < 1:
        return None
    options = []
    for step, label in jump_places(replayed.marks, total):
        # each line worded alone: lines written as messages are never glued as data
        logs = [render(e.text) for e in replayed.events_by_step[step] if isinstance(e, Log)]
        names = _names(record, step)  # who held each seat then
        text = _plain(" · ".join(say_names(line, names) for line in logs))  # each a message
        name = _plain(say_names(label, names))
        options.append(SelectOption(_cut(name, 100), str(step), _cut(text, 100) or None))
    return Select(custom_id(REPLAY, table_id, "jump"), tuple(options), tr("replay-jump"))


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def stepper(record: dict[str, Any], replayed: Replayed, step: int) -> Screen:
    """The replay at ``step`` (0: the deal, ``len(steps)``: the end)."""
    total = len(replayed.steps)
    step = max(0, min(step, total))
    names = _names(record, step)
    table_id = int(record["table"])
    events = replayed.events_by_step[step]
    said = _takeovers(record, step) + [
        say_names(e.text, names) for e in events if isinstance(e, Log)
    ]
    drank = [
        "\U0001f37a "
        + tr(
            "replay-drank",
            who=say_names(f"{{p{d.seat}}}", names),
            amount=tr("sips", n=d.sips),
            why=say_names(d.reason, names),
        )
        for d in events
        if isinstance(d, Drink)
    ]
    game = ENGINES[record["game"]]
    drinks = bool(replayed.ledger) or game.drinks_with(record["options"])
    footer = tr("replay-footer", seed=str(record["seed"]))
    lines = _fitted(
        heading(replayed, step, names),
        said[:2],
        drank[:2],
        _hands(replayed, step, names),
        [_totals(replayed, step, names), _totals(replayed, step, _short(names))] if drinks else [],
        footer,
    )
    embed = discord.Embed(
        title="\u23ea "
        + tr("replay-title", game=game_title(current(), record["game"]), table=str(table_id)),
        description="\n".join(lines),
        colour=common.GREY,
    )
    embed.set_footer(text=footer)
    first, back = step_id(table_id, 0), step_id(table_id, max(0, step - 1))
    forward, last = step_id(table_id, min(total, step + 1)), step_id(table_id, total)
    controls: Row = [
        Button(tr("replay-first"), f"{first}.f", disabled=step == 0, emoji="\u23ee\ufe0f"),
        Button(tr("replay-back"), back, "primary", disabled=step == 0, emoji="\u25c0\ufe0f"),
        Button(tr("replay-next"), forward, "primary", disabled=step == total, emoji="\u25b6\ufe0f"),
        Button(tr("replay-last"), f"{last}.l", disabled=step == total, emoji="\u23ed\ufe0f"),
    ]
    rows: list[Row] = [controls]
    if (jump := _jumps(replayed, table_id, record)) is not None:
        rows.append(jump)
    return Screen(embed, rows)


def history_screen(
    guild_name: str, mine: list[TableRow], recent: list[TableRow], now: float | None = None
) -> Screen:
    """/history: the player's last games in this server and the server's, each one a replay
    away (the menu)."""
    now = time.time() if now is None else now

    def title(t: TableRow) -> str:
        return game_title(current(), t.game) if t.game in ENGINES else t.game

    def line(t: TableRow) -> str:
        ago = _ago(now - (t.ended_at or now))
        return f"#{t.id} {title(t)} · {ago}"

    lines = [tr("history-mine")]
    lines += [line(t) for t in mine] or [tr("history-mine-none")]
    lines += ["", tr("history-server")]
    lines += [line(t) for t in recent] or [tr("history-server-none")]
    embed = discord.Embed(
        title="\U0001f4dc " + tr("history-title", guild=guild_name),
        description="\n".join(lines),
        colour=common.GOLD,
    )
    embed.set_footer(text=tr("history-footer"))
    seen: dict[int, TableRow] = {t.id: t for t in [*mine, *recent] if t.game in ENGINES}
    rows: list[Row] = []
    if seen:
        options = tuple(SelectOption(f"#{t.id} {title(t)}"[:100], str(t.id)) for t in seen.values())
        rows.append(Select(custom_id(REPLAY, 0, "pick"), options[:25], tr("history-pick")))
    return Screen(embed, rows)


def _plain(text: str) -> str:
    """A line for a select's description (no Markdown there): bold and escapes taken off."""
    return text.replace("**", "").replace("\\", "")


def step_of(arg: str | None) -> int:
    """The step a stepper's button goes to (``"12"``, ``"0.f"``: the First button's)."""
    head = (arg or "0").split(".")[0]
    return int(head) if head.isdigit() else 0


def _ago(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 60:
        return tr("history-just-now") if minutes < 1 else tr("history-minutes-ago", n=minutes)
    hours = minutes // 60
    if hours < 48:
        return tr("history-hours-ago", n=hours)
    return tr("history-days-ago", n=hours // 24)
