"""Time from an interaction's arrival to the bot's answer, over whole War games.

Runs the real bot against the fake Discord on loopback, with the real SQLite file (WAL,
synchronous=FULL: every action is on disk before the answer). Prints median and 99th percentile.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.clock import SystemClock  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.harness import TOKEN, Harness, open_table  # noqa: E402

GAMES = 5


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


async def play(h: Harness, n: int) -> None:
    fake = h.fake
    a, b = fake.add_user(f"Ana{n}"), fake.add_user(f"Bo{n}")
    msg, tid = await open_table(h, "war", a, [b])
    await h.click(a, msg, "start")
    table = await h.service.get(tid)
    users = {a.id: a, b.id: b}
    hands = 0
    while table.status == "playing":
        if "flip" in h.verbs(msg):
            await h.click(a, msg, "flip")
            hands += 1
        else:
            v = table.engine.view(table.state, None)
            loser = users[table.user_at(v["loser"]).user_id]
            await h.click(loser, msg, "double" if hands % 2 else "drink")
    await h.slash(a, "tally")


async def main() -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    fake.patch_discord()
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(fake, Path(tmp) / "bench.db", SystemClock())
        await h.start_bot()
        started = time.perf_counter()
        for n in range(GAMES):
            await play(h, n)
        wall = time.perf_counter() - started
        await h.stop_bot()
    await fake.stop()
    h.assert_clean()
    lat = [r.latency * 1000 for r in h.results]
    print(
        f"answer time over {GAMES} whole War games through the fake Discord ({len(lat)} interactions, "
        f"{wall:.1f} s): median {statistics.median(lat):.1f} ms, p99 {pct(lat, 99):.1f} ms, "
        f"max {max(lat):.1f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
