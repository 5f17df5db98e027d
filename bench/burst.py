"""Players pressing one table at the same moment: how long the first and the last wait.

    python bench/burst.py                 # 10 players, 40 tables
    python bench/burst.py --players 4 --tables 100

At the deal of a Pyramid table every player presses **Look** at once. This opens N-player
tables through the table service with the real store (a file, WAL: every move on disk before
its answer), deals, and has every player look at the same instant. Printed:
the median time until the first and until the last of the N moves is answered (committed), and
the slowest last. The table service alone, no Discord: what is measured is how moves on one
table wait for each other (issue 7), not the client or the network. Moves on one table are
worked out and committed one after another; letting the next move start before the previous
one's commit was measured with this and bench/load.py and left out (docs/performance.md).

``--fsync-ms N`` makes every commit take N ms longer to reach the disk (bench/measure.py:
slow_commits), as on a disk slower than this machine's (about 0.25 ms per sync), such as network
storage or an SD card.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import slow_commits  # noqa: E402
from bot.engines import ENGINES  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables import TableService  # noqa: E402


async def burst(service: TableService, guild: int, players: int) -> list[float]:
    """One table dealt to ``players``, all of whom look at once: each move's time (ms)."""
    host = guild * 1000
    table = await service.open_table(
        "pyramid",
        guild_id=guild,
        channel_id=1,
        host_id=host,
        host_name="P0",
        options={},
        seat_host=True,
    )
    for i in range(1, players):
        await service.join(table.id, host + i, f"P{i}")
    await service.start(table.id, host)
    start = time.perf_counter()

    async def look(user: int) -> float:
        await service.act(table.id, user, {"type": "peek"})
        return (time.perf_counter() - start) * 1000

    return list(await asyncio.gather(*(look(host + i) for i in range(players))))


async def run(players: int, tables: int, fsync_ms: float) -> None:
    if fsync_ms:
        slow_commits(fsync_ms)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "burst.db")
        service = TableService(store, ENGINES)
        try:
            times = [await burst(service, g + 1, players) for g in range(tables)]
        finally:
            await store.close()
    first = statistics.median(min(t) for t in times)
    last = [max(t) for t in times]
    print(
        f"{players} players pressing one table at once, {tables} tables"
        + (f", commits {fsync_ms:g} ms slower" if fsync_ms else "")
        + ": first answer median "
        f"{first:.2f} ms, last answer median {statistics.median(last):.2f} ms, "
        f"slowest last {max(last):.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--fsync-ms", type=float, default=0.0)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.tables, args.fsync_ms))


if __name__ == "__main__":
    main()
