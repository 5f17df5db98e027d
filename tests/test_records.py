"""Game records kept and pruned (bot/store/statements/records.py), on either backend: every
ended table's moves for 30 days, beyond that the last 100 ended tables of each server; pruning
leaves the tables, their results and drinks (the tally) alone."""

from __future__ import annotations

import dataclasses

from bot.store import DrinkRow
from bot.store.statements.records import KEEP_DAYS, KEEP_LAST

DAY = 86400.0
NOW = 1_000 * DAY


async def ended(store, guild: int, ended_at: float, user: int = 7) -> int:
    """An ended table of ``guild`` with one move and one drink, ended at ``ended_at``."""
    async with store.transaction() as tx:
        row = await tx.create_table(
            game="war", guild_id=guild, channel_id=1, host_id=user, options={}, seed="s", at=0.0
        )
        seat = await tx.add_seat(row.id, guild, user, "Ana", 0.0)
        await tx.save_seat(dataclasses.replace(seat, seat=0))
        await tx.add_action(row.id, 1, 0, user, {"verb": "flip"}, None, ended_at)
        await tx.add_drinks(
            [DrinkRow(guild, user, "war", row.id, 1, 2, "drink", None, "lost", ended_at)]
        )
        done = dataclasses.replace(
            row, status="ended", seq=1, started_at=0.0, ended_at=ended_at, end_reason="over"
        )
        await tx.save_table(done, was=0)
    return row.id


async def kept(store, table_id: int) -> bool:
    async with store.reading() as q:
        return await q.has_record(table_id)


async def test_records_younger_than_30_days_are_all_kept(store):
    young = [await ended(store, 5, NOW - (KEEP_DAYS - 1) * DAY + i) for i in range(KEEP_LAST + 3)]
    async with store.transaction() as tx:
        await tx.prune_records(NOW)
    assert all([await kept(store, t) for t in young])


async def test_older_records_beyond_a_servers_last_100_are_pruned_and_the_tally_stays(store):
    old = [await ended(store, 5, NOW - 40 * DAY + i) for i in range(KEEP_LAST + 2)]
    other = await ended(store, 6, NOW - 400 * DAY)  # another server's only game
    async with store.transaction() as tx:
        await tx.prune_records(NOW)
    # the two oldest of server 5 go; its last 100 and server 6's only one stay
    assert [await kept(store, t) for t in old[:2]] == [False, False]
    assert all([await kept(store, t) for t in old[2:]])
    assert await kept(store, other)
    async with store.reading() as q:
        assert (await q.table(old[0])).status == "ended"  # the table itself stays
        assert len(await q.table_drinks(old[0])) == 1  # and its drinks: /tally counts them


async def test_a_servers_history_lists_its_ended_games_newest_first(store):
    first = await ended(store, 5, NOW - 3 * DAY, user=7)
    second = await ended(store, 5, NOW - 2 * DAY, user=8)
    await ended(store, 6, NOW - DAY)  # another server's
    async with store.reading() as q:
        assert [t.id for t in await q.ended_tables(5)] == [second, first]
        assert [t.id for t in await q.ended_tables(5, user_id=7)] == [first]
