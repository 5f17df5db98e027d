"""Two copies of the bot on one PostgreSQL database, at the level of their table services: each
holds a store that claims its own shard, and both hold the same table in memory (as they do for
a moment while a shard moves from one copy to another). What must hold (bot/store/postgres.py):

- a move is applied once: the copy that is behind is refused (Stale), reads the table again and
  judges its click on the new state;
- a clock fires once, whichever copies see it due;
- a repeated interaction id applies nothing, on either copy;
- a player's cap holds when two copies count drinks for them at the same moment;
- two copies may not claim one shard, nor two SHARD_COUNTs share a database.
"""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from bot.clock import ManualClock
from bot.engines import ENGINES
from bot.engines.base import GameError
from bot.i18n import english
from bot.store import PlayerSettings, ShardTaken, Store
from bot.tables import DISCORD_EPOCH_MS, TableService
from tests.seeds import fixed_seeds
from tests.shardcheck import audit, one

pytestmark = pytest.mark.postgres

GUILD0, GUILD1 = 4 << 22, 5 << 22  # on shard 0 and shard 1 of 2
ANA, BO, CY = 10, 11, 12


def snowflake(n: int) -> int:
    """A Discord id made now (its time matters: bot/tables/table.py may_have_applied)."""
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) + n


class Pair:
    """Two copies' stores and table services on one database: ``s[0]`` serves shard 0 of 2,
    ``s[1]`` shard 1; one manual clock."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clock = ManualClock()
        self.stores: list[Store] = []
        self.s: list[TableService] = []

    async def open(self) -> Pair:
        for shard in (0, 1):
            store = await Store.open(self.url, shards=(2, (shard,)))
            self.stores.append(store)
            self.s.append(TableService(store, ENGINES, self.clock, seeds=fixed_seeds()))
        return self

    async def close(self) -> None:
        for svc in self.s:
            await svc.stop_clocks()
        for store in self.stores:
            await store.close()


@pytest.fixture
async def pair(pg_cluster):
    url = pg_cluster.new_database()
    p = await Pair(url).open()
    try:
        yield p
    finally:
        await p.close()
        pg_cluster.drop_database(url)


async def war(svc: TableService, guild: int, host: int, guest: int, **options):
    t = await svc.open_table(
        "war",
        guild_id=guild,
        channel_id=guild + 1,
        host_id=host,
        host_name=f"P{host}",
        options=options,
        seat_host=True,
    )
    await svc.join(t.id, guest, f"P{guest}")
    await svc.start(t.id, host)
    return t.id


def view(table) -> dict:
    return table.engine.view(table.state, None)


async def stored_seq(url: str, table_id: int) -> int:
    return (await one(url, "SELECT seq FROM tables WHERE id = $1", table_id))[0]["seq"]


async def clean(url: str) -> None:
    report = await audit(url)
    assert not report.problems, report.problems
    assert all(n == 1 for n in report.interactions.values())


async def test_the_copy_that_is_behind_reads_the_table_again_and_is_judged_on_it(pair, caplog):
    """Both copies hold the table at hand 1; copy 0 flips it. Copy 1's flip of hand 1 is then
    refused by the store (Stale), and, read again, by the rules: hand 1 is already turned.
    Its next click (hand 2, or the loser's choice) goes through on the table as stored."""
    caplog.set_level(logging.INFO, logger="bot.tables")
    a, b = pair.s
    tid = await war(a, GUILD0, ANA, BO)
    old = await b.get(tid)  # copy 1 holds it too, as stored now
    assert old is not None and old is not a.in_memory(tid) and old.row.seq == 0
    await a.act(tid, ANA, {"type": "flip", "hand": 1}, interaction_id=snowflake(1))
    assert await stored_seq(pair.url, tid) == 1 and old.row.seq == 0  # copy 1 is behind

    with pytest.raises(GameError, match="war-already-turned"):
        await b.act(tid, BO, {"type": "flip", "hand": 1}, interaction_id=snowflake(2))
    assert "moved elsewhere first" in caplog.text  # refused by the store first, then re-read
    fresh = b.in_memory(tid)
    assert fresh is not old and fresh.row.seq == 1  # the stale copy was dropped, never written
    assert fresh.state == a.in_memory(tid).state
    v = view(fresh)
    if v["phase"] == "flip":
        move, who = {"type": "flip", "hand": 2}, BO
    else:
        move, who = {"type": "drink"}, fresh.user_at(v["loser"]).user_id
    await b.act(tid, who, move, interaction_id=snowflake(3))
    assert await stored_seq(pair.url, tid) == 2
    await clean(pair.url)


async def test_two_copies_flipping_at_once_apply_one_flip(pair):
    """The same race, both writes on their way at once: one flip of hand 1 is applied."""
    a, b = pair.s
    for n in range(4):  # a few tables, so that either copy may win some
        tid = await war(a, GUILD0, 100 + 2 * n, 101 + 2 * n)
        await b.get(tid)
        got = await asyncio.gather(
            a.act(tid, 100 + 2 * n, {"type": "flip", "hand": 1}, interaction_id=snowflake(10 + n)),
            b.act(tid, 101 + 2 * n, {"type": "flip", "hand": 1}, interaction_id=snowflake(20 + n)),
            return_exceptions=True,
        )
        applied = [g for g in got if not isinstance(g, BaseException)]
        refused = [g for g in got if isinstance(g, BaseException)]
        assert len(applied) == 1 and len(refused) == 1, got
        assert isinstance(refused[0], GameError) and "already turned" in english(str(refused[0]))
        assert await stored_seq(pair.url, tid) == 1
    await clean(pair.url)


async def test_a_clock_fires_once_across_copies(pair):
    """Both copies hold a table whose loser's clock runs out: it fires once (the copy that
    comes second finds its row gone, or the table moved), and each copy then agrees."""
    a, b = pair.s
    fired_total = 0
    for n in range(4):
        ana, bo = 200 + 2 * n, 201 + 2 * n
        tid = await war(a, GUILD0, ana, bo, choice_seconds=10)
        table = a.in_memory(tid)
        while view(table)["phase"] != "choice":  # a tie ends the hand at once
            await a.act(tid, ana, {"type": "flip", "hand": view(table)["hand"]})
        seq = table.row.seq
        held = await b.get(tid)
        assert (
            held is not None and held.row.seq == seq and held.timers.keys() == table.timers.keys()
        )
        pair.clock.advance(11)
        counts = await asyncio.gather(a.fire_due(), b.fire_due())
        fired_total += sum(counts)
        assert await stored_seq(pair.url, tid) == seq + 1, counts
        logged = await one(
            pair.url, "SELECT seat FROM actions WHERE table_id = $1 AND seq > $2", tid, seq
        )
        assert [r["seat"] for r in logged] == [None]  # one clock's action
        # copy 1 learns of it when it next reads the table
        assert (await b.get(tid)).row.seq == seq + 1 or b.in_memory(tid) is None
    # earlier tables' flip clocks (due later) fired too while the clock moved on: never twice
    assert fired_total >= 4
    await clean(pair.url)


async def test_a_repeated_interaction_applies_once_on_either_copy(pair):
    a, b = pair.s
    tid = await war(a, GUILD0, ANA, BO)
    await b.get(tid)
    iid = snowflake(30)
    first = await a.act(tid, ANA, {"type": "flip", "hand": 1}, interaction_id=iid)
    again = await b.act(tid, ANA, {"type": "flip", "hand": 1}, interaction_id=iid)
    assert not first.duplicate and again.duplicate
    assert again.table.row.seq == 1
    # both copies at once, the same delivery twice (a move that is legal on both)
    table = a.in_memory(tid)
    if view(table)["phase"] == "flip":
        move, who = {"type": "flip", "hand": view(table)["hand"]}, ANA
    else:
        move, who = {"type": "drink"}, table.user_at(view(table)["loser"]).user_id
    await b.get(tid)
    iid = snowflake(31)
    got = await asyncio.gather(
        a.act(tid, who, move, interaction_id=iid), b.act(tid, who, move, interaction_id=iid)
    )
    assert sorted(c.duplicate for c in got) == [False, True]
    assert await stored_seq(pair.url, tid) == 2
    rows = await one(pair.url, "SELECT seq FROM actions WHERE interaction_id = $1", iid)
    assert [r["seq"] for r in rows] == [2]
    await clean(pair.url)


async def losing(svc: TableService, tid: int, user: int) -> int:
    """Play the table on until ``user`` has lost a hand and must choose; returns the base."""
    table = svc.in_memory(tid)
    while True:
        v = view(table)
        assert v["phase"] != "over"
        if v["phase"] == "flip":
            await svc.act(tid, table.user_at(0).user_id, {"type": "flip", "hand": v["hand"]})
        elif table.user_at(v["loser"]).user_id == user:
            return v["base"]
        else:
            await svc.act(tid, table.user_at(v["loser"]).user_id, {"type": "drink"})


async def tonight(url: str, user: int) -> tuple[int, int]:
    """The player's sips and water in the ledger."""
    rows = await one(
        url,
        "SELECT counted_as, COALESCE(SUM(amount), 0) AS n FROM drinks WHERE user_id = $1"
        " GROUP BY counted_as",
        user,
    )
    got = {r["counted_as"]: int(r["n"]) for r in rows}
    return got.get("sips", 0), got.get("capped", 0)


async def test_a_cap_holds_when_two_copies_count_one_players_drinks_at_once(pair):
    """Cy plays in a server on each shard. Both tables wait for Cy to drink; her cap leaves
    room for one of those drinks. Both copies write their drink at the same moment: the
    ledger has exactly her cap in sips and the rest as water, never more than the cap."""
    a, b = pair.s
    for n in range(3):
        cy = CY + 100 * n
        t0 = await war(a, GUILD0, 300 + n, cy)
        t1 = await war(b, GUILD1, 400 + n, cy)  # one seat per server: Cy sits at both
        base0, base1 = await losing(a, t0, cy), await losing(b, t1, cy)
        had, water = await tonight(pair.url, cy)  # ties may have poured social drinks
        cap = had + max(base0, base1)  # room for the bigger of the two, not for both
        async with a.store.transaction() as tx:
            await tx.save_player_settings(PlayerSettings(cy, cap, "sips"), pair.clock.now())
        await asyncio.gather(a.act(t0, cy, {"type": "drink"}), b.act(t1, cy, {"type": "drink"}))
        sips, water_after = await tonight(pair.url, cy)
        assert sips == cap, (sips, cap)  # exactly the cap, whichever drink came first
        assert sips + water_after - water == had + base0 + base1
    await clean(pair.url)


async def test_two_copies_cannot_claim_one_shard_nor_differ_on_the_count(pair):
    with pytest.raises(ShardTaken, match="shard 1 of 2 is already served by another copy"):
        await Store.open(pair.url, shards=(2, (1,)))
    with pytest.raises(ShardTaken, match=r"SHARD_COUNT=2 \(not 4\)"):
        await Store.open(pair.url, shards=(4, (2,)))
    with pytest.raises(ShardTaken, match="this database is already served"):
        await Store.open(pair.url)  # one copy for every shard, beside copies that split them
    # the copy of shard 1 stops: its shard is free for another
    await pair.stores[1].close()
    taken = await Store.open(pair.url, shards=(2, (1,)))
    await taken.close()


@pytest.mark.parametrize(
    "after",
    [
        pytest.param((2, (0,)), id="same-count"),
        pytest.param((4, (0, 1)), id="reshard"),
        pytest.param(None, id="merged into one copy"),
    ],
)
async def test_running_clocks_get_the_time_the_bot_was_away(pair, after):
    """The copies stop, the bot is down 100 s, a copy starts (with the same SHARD_COUNT, or
    resharded: GUILD0 is on shard 0 of 2 and of 4): the table's clocks get those 100 s back."""
    a = pair.s[0]
    tid = await war(a, GUILD0, ANA, BO, choice_seconds=10)
    due = {k: t.due_at for k, t in a.in_memory(tid).timers.items()}
    a.start_clocks()
    await asyncio.sleep(0.05)
    await a.stop_clocks()  # marking when
    await pair.close()
    pair.clock.advance(100)
    store = await Store.open(pair.url, shards=after)
    try:
        svc = TableService(store, ENGINES, pair.clock)
        assert await svc.resume_clocks() == pytest.approx(100)
        rows = await one(pair.url, "SELECT key, due_at FROM timers WHERE table_id = $1", tid)
        assert {r["key"]: r["due_at"] for r in rows} == {k: d + 100 for k, d in due.items()}
    finally:
        await store.close()
