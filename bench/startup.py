"""Time from process start to the first answered interaction, with 100 tables stored.

Fills a database with 100 War tables in the middle of a game (each with a running clock), then
starts the real bot as a fresh process (``python -m bot``'s main, pointed at the fake Discord)
and clicks a button on one of the stored tables as soon as the bot is connected.
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
from bot.engines import ENGINES  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables import TableService  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.harness import TOKEN, spawn_bot  # noqa: E402

TABLES = 100
RUNS = 3


async def fill(
    db: Path, guild_id: int, channel_id: int, message_id: int, users: list[int]
) -> list[int]:
    store = await Store.open(db)
    svc = TableService(store, ENGINES, SystemClock())
    ids = []
    for i in range(TABLES):
        a, b = users[2 * i], users[2 * i + 1]
        t = await svc.open_table(
            "war",
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=a,
            host_name=f"P{2 * i}",
            options={"choice_seconds": 120},
            seat_host=True,
        )
        await svc.join(t.id, b, f"P{2 * i + 1}")
        await svc.start(t.id, a)
        await svc.set_message(t.id, message_id)
        for _ in range(3):
            if t.engine.view(t.state, None)["phase"] == "flip":
                await svc.act(t.id, a, {"type": "flip"})
        ids.append(t.id)
    await store.close()
    return ids


async def once(fake: FakeDiscord, db: Path, msg, user, table_id: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    proc = await spawn_bot(fake, db)
    try:
        await fake.wait_ready(timeout=60)
        ready = time.perf_counter() - t0
        res = await fake.click(user, msg, f"war:{table_id}:seat")
        assert res.ok and res.ephemeral, res
        return ready, time.perf_counter() - t0
    finally:
        proc.kill()
        await proc.wait()
        await fake.wait_disconnected()


async def main() -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    users = [fake.add_user(f"P{i}") for i in range(2 * TABLES)]
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
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "barkeep.db"
        ids = await fill(db, fake.guild_id, fake.channel_id, msg.id, [u.id for u in users])
        runs = [await once(fake, db, msg, users[0], ids[0]) for _ in range(RUNS)]
    await fake.stop()
    assert not fake.violations and not fake.failures, (fake.violations, fake.failures)
    ready = statistics.median(r[0] for r in runs)
    first = statistics.median(r[1] for r in runs)
    print(
        f"start-up with {TABLES} tables stored (median of {RUNS} fresh processes): connected after "
        f"{ready * 1000:.0f} ms, first interaction answered after {first * 1000:.0f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
