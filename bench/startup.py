"""Start-up with many stored tables: time to the first answered interaction, memory per table.

    python bench/startup.py                 # 10,000 tables
    python bench/startup.py --tables 100

Fills a database with N War tables in the middle of a game (each with a running clock, its
message and the fingerprint of what that message shows, as a bot that ran before leaves them),
then starts the real bot as a fresh process (``python -m bot``'s main, pointed at the fake
Discord) and clicks a button on one of the stored tables as soon as the bot is connected.
Memory per idle table: the bot's resident memory once settled with N tables, minus with none,
divided by N.
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

from bot.clock import SystemClock  # noqa: E402
from bot.engines import ENGINES  # noqa: E402
from bot.games import GAMES  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables import TableService  # noqa: E402
from bot.ui import war as war_ui  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.harness import TOKEN, spawn_bot  # noqa: E402

RUNS = 3


async def fill(
    db: Path, tables: int, guild_id: int, channel_id: int, message_ids: tuple[int, int], user: int
):
    """One War table played to mid-game through the table service, then copied N-1 times. The
    first table's message is ``message_ids[0]``; the copies share ``message_ids[1]`` (a restart
    gives running clocks the time the bot was away, so every table is drawn again: the copies'
    screens must not land on the message the benchmark clicks)."""
    message_id, copies_message_id = message_ids
    store = await Store.open(db)
    await store._db.execute("PRAGMA synchronous = OFF")  # filling only: speed over safety
    svc = TableService(store, ENGINES, SystemClock())
    t = await svc.open_table(
        "war",
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=user,
        host_name="P0",
        options={"choice_seconds": 120},
        seat_host=True,
    )
    await svc.join(t.id, user + 1, "P1")
    await svc.start(t.id, user)
    await svc.set_message(t.id, message_id)
    for _ in range(3):
        if t.engine.view(t.state, None)["phase"] == "flip":
            await svc.act(t.id, user, {"type": "flip"})
    assert t.id == 1 and GAMES["war"]
    db_ = store._db
    await db_.execute("BEGIN")
    rows = [(i, user + 2 * i) for i in range(2, tables + 1)]
    await db_.executemany(
        "INSERT INTO tables (id, game, guild_id, channel_id, message_id, host_id, status, options,"
        " seed, state, seq, log, end_reason, created_at, started_at, ended_at)"
        " SELECT ?, game, guild_id, channel_id, ?, ?, status, options, seed, state, seq,"
        " log, end_reason, created_at, started_at, ended_at FROM tables WHERE id = 1",
        [(i, copies_message_id, u) for i, u in rows],
    )
    await db_.executemany(
        "INSERT INTO seats (table_id, user_id, guild_id, name, seat, joined_at, left_at, strikes,"
        " notes) SELECT ?, user_id - ? + ?, guild_id, name, seat, joined_at, left_at, strikes,"
        " notes FROM seats WHERE table_id = 1",
        [(i, user, u) for i, u in rows],
    )
    await db_.executemany(
        "INSERT INTO timers (table_id, key, due_at, action, seats)"
        " SELECT ?, key, due_at, action, seats FROM timers WHERE table_id = 1",
        [(i,) for i, _ in rows],
    )
    await db_.execute("COMMIT")
    # what each message shows (the bot that ran before recorded it)
    svc2 = TableService(store, ENGINES, SystemClock())
    await svc2.load()
    shown = [(tb.id, war_ui.public(tb).fingerprint()) for tb in svc2.open_tables()]
    async with store.transaction() as tx:
        await tx.set_shown(shown, [])
    await store.close()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


async def settled(pid: int) -> None:
    """Until the process has used no CPU for a second (its start-up work is done)."""
    last = cpu_ticks(pid)
    while True:
        await asyncio.sleep(1.0)
        now = cpu_ticks(pid)
        if now == last:
            return
        last = now


async def once(fake: FakeDiscord, db: Path, msg, user, table_id: int | None):
    t0 = time.perf_counter()
    proc = await spawn_bot(fake, db)
    try:
        await fake.wait_ready(timeout=120)
        ready = time.perf_counter() - t0
        first = ready
        if table_id is not None:
            res = await fake.click(user, msg, f"war:{table_id}:seat", timeout=30)
            assert res.ok and res.ephemeral, res
            first = time.perf_counter() - t0
        await settled(proc.pid)
        return ready, first, rss_mb(proc.pid)
    finally:
        proc.kill()
        await proc.wait()
        await fake.wait_disconnected()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    args = parser.parse_args()
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    ana = fake.add_user("P0")
    msg = await fake.post_message(
        "a stored table",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "label": "My seat", "custom_id": "war:1:seat"}
                ],
            }
        ],
    )
    copies = await fake.post_message("the other stored tables")
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.db"
        store = await Store.open(empty)
        await store.close()
        base = [await once(fake, empty, msg, ana, None) for _ in range(RUNS)]
        db = Path(tmp) / "barkeep.db"
        started = time.perf_counter()
        await fill(db, args.tables, fake.guild_id, fake.channel_id, (msg.id, copies.id), ana.id)
        filled = time.perf_counter() - started
        runs = [await once(fake, db, msg, ana, 1) for _ in range(RUNS)]
    await fake.stop()
    assert not fake.violations and not fake.failures, (fake.violations, fake.failures)
    ready = statistics.median(r[0] for r in runs)
    first = statistics.median(r[1] for r in runs)
    idle = statistics.median(r[2] for r in base)
    full = statistics.median(r[2] for r in runs)
    print(
        f"start-up with {args.tables:,} tables stored (filled in {filled:.0f} s; median of {RUNS} "
        f"fresh processes): connected after {ready * 1000:.0f} ms, first interaction answered "
        f"after {first * 1000:.0f} ms"
    )
    print(
        f"memory: {idle:.0f} MB with no table, {full:.0f} MB with {args.tables:,} open tables: "
        f"{(full - idle) * 1024 / args.tables:.1f} KB per idle table"
    )


if __name__ == "__main__":
    asyncio.run(main())
