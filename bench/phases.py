"""Where each answer's time goes, for ``bench/load.py --phases``: installed in the bot's process by
bench/botproc.py when ``BENCH_PHASES`` is set.

For every interaction, from the fake Discord's dispatch to its receipt of the bot's callback, the
moments in between as the bot saw them, on ``time.monotonic`` (the fake's clock too), give:

- **to the bot**: until the event's bytes reached the bot's event loop (the fake sending, the
  kernel, and the loop busy with other work meanwhile);
- **reading**: until discord.py had parsed the event and called ``Barkeep.on_interaction``;
- **before the store**: routing, the engine, the transaction built, to its trip's queueing;
- **the store**: from the trip's queueing to its result on the event loop (bench/tracing.py
  says where that waits);
- **after the store**: the answer drawn and its request built;
- **sending**: from aiohttp's send to the fake's receipt (before bot/eager.py, on Python 3.11,
  the request waited there for the loop's next turn);
- **the fake**: from its receipt to the callback handled.

Diagnostics only: the hooks wrap discord.py's, aiohttp's and the bot's methods and cost a few
microseconds each.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp.client_proto
import aiohttp.client_reqrep
from discord.gateway import DiscordWebSocket
from discord.state import ConnectionState
from discord.webhook import async_ as webhook

import bot.app
import bot.store
from bench.measure import pct

# the moments recorded in the bot, in order (see :func:`install`)
MOMENTS = ("data", "frame", "parse", "handler", "queued", "stored", "answer", "send")
PHASES = (
    ("to the bot", None, "data"),
    ("reading", "data", "handler"),
    ("before the store", "handler", "queued"),
    ("the store", "queued", "stored"),
    ("after the store", "stored", "answer"),
    ("sending", "send", "received"),
    ("the fake", "received", "answered"),
)


def _interaction_of(url: str) -> int | None:
    """The interaction id of a callback's URL (``.../interactions/<id>/<token>/callback``)."""
    if "/interactions/" not in url or "/callback" not in url:
        return None
    try:
        return int(url.split("/interactions/", 1)[1].split("/", 1)[0])
    except ValueError:
        return None


class Phases:
    def __init__(self) -> None:
        self.seen: dict[int, dict[str, float]] = {}
        self.bots: list[bot.app.Barkeep] = []
        self._data = 0.0  # the latest bytes any of the bot's connections received
        self._frame = (0.0, 0.0)  # (its bytes' arrival, its reading) of the frame being read

    def answering(self) -> dict[str, float] | None:
        """The record of the interaction the current task answers."""
        task = asyncio.current_task()
        for b in self.bots:
            for iid, t in b.answering.items():
                if t is task:
                    return self.seen.get(iid)
        return None

    def records(self) -> list[list[float | int]]:
        return [
            [iid, *(r.get(m, 0.0) for m in MOMENTS)]
            for iid, r in self.seen.items()
            if "send" in r and "handler" in r
        ]


def install() -> Phases:
    ph = Phases()
    now = time.monotonic

    data_received = aiohttp.client_proto.ResponseHandler.data_received

    def on_data(self: Any, data: bytes) -> None:
        ph._data = now()
        data_received(self, data)

    received_message = DiscordWebSocket.received_message

    async def on_frame(self: Any, msg: Any, /) -> None:
        ph._frame = (ph._data, now())
        await received_message(self, msg)

    parse = ConnectionState.parse_interaction_create

    def on_parse(self: Any, data: Any) -> None:
        with_id = isinstance(data, dict) and str(data.get("id", "")).isdigit()
        if with_id:
            arrived, read = ph._frame
            ph.seen[int(data["id"])] = {"data": arrived, "frame": read, "parse": now()}
        parse(self, data)

    handler = bot.app.Barkeep.on_interaction

    async def on_interaction(self: Any, interaction: Any) -> None:
        record = ph.seen.get(interaction.id)
        if record is not None:
            record["handler"] = now()
        await handler(self, interaction)

    init = bot.app.Barkeep.__init__

    def on_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        ph.bots.append(self)

    submit = bot.store.SqliteStore._submit

    def on_submit(self: Any, fn: Any, *args: Any) -> Any:
        future = submit(self, fn, *args)
        record = ph.answering()
        if record is not None and "queued" not in record:
            record["queued"] = now()
            future.add_done_callback(lambda _: record.setdefault("stored", now()))
        return future

    request = webhook.AsyncWebhookAdapter.request

    async def on_request(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        iid = _interaction_of(str(route.url))
        record = ph.seen.get(iid) if iid is not None else None
        if record is not None:
            record.setdefault("answer", now())
        return await request(self, route, *args, **kwargs)

    send = aiohttp.client_reqrep.ClientRequest.send

    async def on_send(self: Any, conn: Any) -> Any:
        iid = _interaction_of(str(self.url))
        record = ph.seen.get(iid) if iid is not None else None
        if record is not None:
            record.setdefault("send", now())
        return await send(self, conn)

    aiohttp.client_proto.ResponseHandler.data_received = on_data  # type: ignore[method-assign]
    DiscordWebSocket.received_message = on_frame  # type: ignore[method-assign]
    ConnectionState.parse_interaction_create = on_parse  # type: ignore[method-assign]
    bot.app.Barkeep.on_interaction = on_interaction  # type: ignore[method-assign]
    bot.app.Barkeep.__init__ = on_init  # type: ignore[method-assign]
    bot.store.SqliteStore._submit = on_submit  # type: ignore[method-assign]
    webhook.AsyncWebhookAdapter.request = on_request  # type: ignore[method-assign]
    aiohttp.client_reqrep.ClientRequest.send = on_send  # type: ignore[method-assign]
    return ph


def table(records: list[list[float | int]], fake: dict[int, tuple[float, float, float]]) -> str:
    """Lines for load.py: each phase's p50, p90 and p99 (ms), and its mean in the slowest 1% of
    answers. ``fake``: interaction id -> (dispatched, callback received, callback handled), the
    fake's moments, for the answers measured."""
    rows = []
    for rec in records:
        iid, *moments = rec
        if int(iid) not in fake:
            continue
        at = dict(zip(MOMENTS, moments, strict=True))
        dispatched, received, answered = fake[int(iid)]
        at |= {"received": received, "answered": answered}
        if not all(at[m] for m in ("data", "handler", "answer", "send")):
            continue
        row = {"the answer": answered - dispatched}
        for name, start, end in PHASES:
            begin = dispatched if start is None else at[start]
            if at.get(end) and begin:
                row[name] = at[end] - begin
        rows.append(row)
    if not rows:
        return "   phases: no answer measured"
    rows.sort(key=lambda r: r["the answer"])
    slowest = rows[-max(1, len(rows) // 100) :]
    lines = [
        f"   where the answers' time went ({len(rows)} answers after the first 5 s; ms):",
        "   | phase | p50 | p90 | p99 | mean of the slowest 1% |",
        "   |---|---|---|---|---|",
    ]
    for name in ["the answer", *(p[0] for p in PHASES)]:
        v = [r[name] * 1000 for r in rows if name in r]
        s = [r[name] * 1000 for r in slowest if name in r]
        if v:
            lines.append(
                f"   | {name} | {pct(v, 50):.2f} | {pct(v, 90):.2f} | {pct(v, 99):.2f} "
                f"| {sum(s) / max(1, len(s)):.2f} |"
            )
    return "\n".join(lines)


def answered(
    requests: list[Any], results: list[Any], since: float
) -> dict[int, tuple[float, float, float]]:
    """For :func:`table`: the fake's moments of each answer measured after ``since`` (its
    requests and the players' results), as (dispatched, callback received, callback handled)."""
    received = {
        iid: req.at
        for req in requests
        if req.method == "POST" and (iid := _interaction_of(req.path)) is not None
    }
    return {
        r.interaction_id: (r.dispatched_at, received[r.interaction_id], r.dispatched_at + r.latency)
        for r in results
        if r.dispatched_at >= since and r.interaction_id in received
    }
