"""A finished game's replay on screen: a private stepper through every move, every hand shown,
and the /history list it starts from.

The replay is rebuilt from the game's record (bot/replay.py: seed and moves; the seed is public
once the game is over, so every hand may be shown). One screen per step: what that move did (the
game's own log lines for it), who drank what then, each player's hand as it was (the cards they
saw that the table did not), the table's picture as it was, and the controls: first, back,
forward, last, and a jump to any part of the game.
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.engines import ENGINES
from bot.engines.base import Drink, Log, plural
from bot.replay import Replayed, holder_names
from bot.store import TableRow
from bot.ui import common
from bot.ui.common import Button, Row, Screen, Select, SelectOption, escape, say_names
from bot.ui.components import custom_id

REPLAY = "replay"  # the custom ids' first part: replay:<table>:<verb>[:<arg>] (cogs/history.py)
JUMPS = 20  # places of the game the jump menu offers (Discord allows 25 options)
HAND_CHARS = 100  # of one player's hand line


def step_id(table_id: int, step: int) -> str:
    return custom_id(REPLAY, table_id, "step", str(step))


def replay_buttons(table_id: int) -> list[Button]:
    """An end screen's **Replay** and **Record**."""
    return [
        Button("Replay", step_id(table_id, 0), "secondary", emoji="\u23ea"),
        Button("Record", custom_id(REPLAY, table_id, "record"), "secondary", emoji="\U0001f4c4"),
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
                out.append(f"\U0001fa91 **{who}** takes **{whose}**'s seat.")
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


def _totals(replayed: Replayed, step: int, names: dict[str, str]) -> str:
    sips: dict[int, int] = {}
    for events in replayed.events_by_step[: step + 1]:
        for d in events:
            if isinstance(d, Drink):
                sips[d.seat] = sips.get(d.seat, 0) + d.sips
    if not sips:
        return "No drinks yet."
    return " · ".join(f"{say_names(f'{{p{s}}}', names)} {n}" for s, n in sorted(sips.items()))


def _jumps(replayed: Replayed, table_id: int, record: dict[str, Any]) -> Select | None:
    total = len(replayed.steps)
    if total < 3:
        return None
    marks = sorted({round(i * total / (JUMPS - 1)) for i in range(JUMPS)})
    options = []
    for step in marks:
        logs = [e.text for e in replayed.events_by_step[step] if isinstance(e, Log)]
        label = f"Move {step}" if step else "The deal"
        text = _plain(say_names(logs[0], _names(record, step))) if logs else ""
        options.append(SelectOption(label, str(step), text[:100] or None))
    return Select(custom_id(REPLAY, table_id, "jump"), tuple(options), "Jump to a move…")


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
        f"\U0001f37a {say_names(f'{{p{d.seat}}}', names)}: {plural(d.sips, 'sip')} ({d.reason})"
        for d in events
        if isinstance(d, Drink)
    ]
    where = "The deal" if step == 0 else f"Move {step} of {total}"
    top = [f"**{where}**" + (" · the end" if step == total else ""), *said[:2], *drank[:2]]
    totals = f"**Drinks so far:** {_totals(replayed, step, names)}"
    hands = _hands(replayed, step, names)[: common.BODY_LINES - len(top) - 2]
    footer = f"Seed {record['seed']} · only you see this replay"
    # a phone's screen: the hands that fit (each player's line, as many as the room allows)
    while hands and len("\n".join([*top, "", *hands, totals, footer])) > common.BODY_CHARS:
        hands.pop()
    lines = [*top, *([""] + hands if hands else []), totals]
    game = ENGINES[record["game"]]
    embed = discord.Embed(
        title=f"\u23ea Replay · {game.title} · table #{table_id}",
        description="\n".join(lines)[:4000],
        colour=common.GREY,
    )
    embed.set_footer(text=footer)
    first, back = step_id(table_id, 0), step_id(table_id, max(0, step - 1))
    forward, last = step_id(table_id, min(total, step + 1)), step_id(table_id, total)
    controls: Row = [
        Button("First", f"{first}.f", disabled=step == 0, emoji="\u23ee\ufe0f"),
        Button("Back", back, "primary", disabled=step == 0, emoji="\u25c0\ufe0f"),
        Button("Next", forward, "primary", disabled=step == total, emoji="\u25b6\ufe0f"),
        Button("Last", f"{last}.l", disabled=step == total, emoji="\u23ed\ufe0f"),
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

    def line(t: TableRow) -> str:
        ago = _ago(now - (t.ended_at or now))
        return f"#{t.id} {ENGINES[t.game].title if t.game in ENGINES else t.game} · {ago}"

    lines = ["**Your last games here**"]
    lines += [line(t) for t in mine] or ["None yet: start one with a game's `/… start`."]
    lines += ["", "**Lately in this server**"]
    lines += [line(t) for t in recent] or ["No game has ended here yet."]
    embed = discord.Embed(
        title=f"\U0001f4dc Games in {guild_name}", description="\n".join(lines), colour=common.GOLD
    )
    embed.set_footer(text="Replays show every hand: the seed is public once a game is over.")
    seen: dict[int, TableRow] = {t.id: t for t in [*mine, *recent] if t.game in ENGINES}
    rows: list[Row] = []
    if seen:
        options = tuple(
            SelectOption(f"#{t.id} {ENGINES[t.game].title}"[:100], str(t.id)) for t in seen.values()
        )
        rows.append(Select(custom_id(REPLAY, 0, "pick"), options[:25], "Replay a game…"))
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
        return "just now" if minutes < 1 else f"{plural(minutes, 'minute')} ago"
    hours = minutes // 60
    if hours < 48:
        return f"{plural(hours, 'hour')} ago"
    return f"{plural(hours // 24, 'day')} ago"
