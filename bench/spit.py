"""Spit at full speed: two scripted players racing through whole games from their own panels.

Through the fake Discord on loopback with the real discord.py client and a real clock (the spit
and play clocks fire by themselves), the production renderer settings. Each player acts on what
their OWN panel shows: they press an enabled play button at once (a random one), else Spit! when
it is offered, else wait for their panel to change (after 2 s without a change they open a fresh
panel from the table, as a person would). So some clicks are stale: the other player's card
landed first, and the answer is "Too slow!" with a fresh panel.

Prints, over all games: click-to-answer median and p99 (from the fake's dispatch of the click to
the bot's callback), how many answers were "Too slow!", how long the public table lagged the
store (the renderer's own measurement, as bench/load.py reads it), HTTP 429 answers, and failed
or unanswered clicks (an answer that is not the panel updated in place counts as failed).

    python bench/spit.py [--games 3] [--think 0.15]

``--think``: seconds each player takes before a click (0.5-1.5 times it), a human's reaction;
with it the panels change under the players' thumbs and stale clicks show.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import pct  # noqa: E402
from bot.clock import SystemClock  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.server import FakeMessage, FakeUser, iter_components  # noqa: E402
from tests.harness import TOKEN, Harness, open_table  # noqa: E402


def enabled(msg: FakeMessage, verb: str) -> list[str]:
    return [
        c["custom_id"]
        for c in iter_components(msg.components)
        if c.get("type") == 2 and f":{verb}:" in c.get("custom_id", "") and not c.get("disabled")
    ]


class Run:
    def __init__(self, h: Harness, think: float) -> None:
        self.h = h
        self.think = think
        self.latency: list[float] = []
        self.slow = 0
        self.after_end = 0
        self.failed: list[str] = []
        self.rng = random.Random(7)

    async def click(self, user: FakeUser, panel: FakeMessage, cid: str) -> None:
        if self.think:  # a reaction time: the panel may change under the thumb meanwhile
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        comp = panel.find_component(cid)
        if comp is not None and comp.get("disabled"):
            return  # Discord delivers no click on a disabled button
        try:
            res = await self.h.fake.click(user, panel, cid, stale=comp is None)
        except AssertionError as err:  # unanswered (or a fake-side refusal)
            self.failed.append(str(err))
            return
        self.latency.append(res.latency)
        if res.ok and res.type == 4 and res.message and "has ended" in res.message.text:
            self.after_end += 1  # a tap that crossed the game's last card: "Too late: ..."
        elif not res.ok or res.type != 7 or res.message is None or res.message.id != panel.id:
            self.failed.append(f"{res!r}: {res.message.text if res.message else ''}")
        elif "Too slow" in str(res.data.get("embeds")):  # this answer, not the message now
            self.slow += 1

    async def player(self, user: FakeUser, msg: FakeMessage, table: Any) -> None:
        fake = self.h.fake
        res = await fake.click(user, msg, Harness.custom_id(msg, "seat"))
        panel = res.message
        while table.status == "playing":
            ids = enabled(panel, "play") or enabled(panel, "spit")
            if ids:
                await self.click(user, panel, self.rng.choice(ids))
                continue
            seen = len(panel.versions)
            try:
                await fake.wait_for(
                    lambda p=panel, n=seen: table.status != "playing" or len(p.versions) != n,
                    timeout=2.0,
                )
            except (AssertionError, TimeoutError):
                if table.status == "playing":  # "My panel" again
                    res = await fake.click(user, msg, Harness.custom_id(msg, "seat"))
                    panel = res.message

    async def game(self, n: int) -> int:
        h = self.h
        a, b = h.fake.add_user(f"Ana{n}"), h.fake.add_user(f"Bo{n}")
        msg, tid = await open_table(h, "spit", a, [b])
        await h.click(a, msg, "start")
        table = await h.service.get(tid)
        await asyncio.gather(self.player(a, msg, table), self.player(b, msg, table))
        return sum(len(p) for p in table.state.centre)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--think", type=float, default=0.0, help="seconds of reaction per click")
    args = ap.parse_args()
    fake = FakeDiscord(token=TOKEN, validate=False)  # the e2e tests validate; here: speed
    await fake.start()
    fake.patch_discord()
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(fake, Path(tmp) / "bench.db", SystemClock())
        # the production renderer settings (the harness defaults are the tests' quick ones)
        await h.start_bot(render_interval=0.5, render_debounce=0.25)
        h.bot.renderer.stats.measure = True
        run = Run(h, args.think)
        started = time.monotonic()
        cards = [await run.game(n) for n in range(args.games)]
        took = time.monotonic() - started
        await h.bot.renderer.flush()
        lag = list(h.bot.renderer.stats.lag)
        edits = (h.bot.renderer.stats.edits, h.bot.renderer.stats.channel_edits)
        await h.stop_bot()
    await fake.stop()
    ms = [x * 1000 for x in run.latency]
    unanswered = len(fake.failures)
    print(
        f"Spit, {args.games} whole games, reaction {args.think * 1000:.0f} ms ({sum(cards)} cards played, {took:.1f} s), two players "
        f"clicking as fast as their own panels allow: {len(ms)} clicks"
    )
    print(
        f"  click to answer: median {statistics.median(ms):.1f} ms, p99 {pct(ms, 99):.1f} ms, "
        f"max {max(ms):.1f} ms; 'Too slow!' answers {run.slow} ({100 * run.slow / len(ms):.0f}%)"
    )
    if lag:
        print(
            f"  public table behind the store: median {statistics.median(lag):.2f} s, "
            f"p99 {pct(lag, 99):.2f} s, max {max(lag):.2f} s ({len(lag)} changes, {edits[0]} table edits, {edits[1]} of them channel edits)"
        )
    print(
        f"  HTTP 429 answers: {len(fake.rate_limited)}; failed or unanswered clicks: "
        f"{len(run.failed) + unanswered} (answered 'Too late: this table has ended': "
        f"{run.after_end})"
    )
    for f in (run.failed + [str(x) for x in fake.failures])[:5]:
        print("   ", f)


if __name__ == "__main__":
    asyncio.run(main())
