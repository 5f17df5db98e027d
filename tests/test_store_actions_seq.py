"""The store's action log read with each move's number (``Tx.actions_with_seq``), on either
backend: what a game record (bot/replay.py) needs to tie drinks to their moves."""

from __future__ import annotations

from bot.store import Store


async def _table(store: Store) -> int:
    async with store.transaction() as tx:
        row = await tx.create_table(
            game="war", guild_id=1, channel_id=2, host_id=10, options={}, seed="s", at=100.0
        )
    return row.id


async def test_actions_with_seq_are_in_order_with_their_numbers(store):
    tid, other = await _table(store), await _table(store)
    async with store.transaction() as tx:  # written out of order: read back by number
        await tx.add_action(tid, 2, None, None, {"type": "timeout", "key": "flip-1"}, None, 2.0)
        await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 77, 1.0)
        await tx.add_action(other, 1, 1, 11, {"type": "flip"}, None, 1.0)
        await tx.add_action(tid, 3, 1, 11, {"type": "leave", "timeouts": 3}, None, 3.0)
    async with store.reading() as q:
        got = await q.actions_with_seq(tid)
        plain = await q.actions(tid)
        none = await q.actions_with_seq(other + 1)
    assert got == [
        (1, 0, {"type": "flip"}),
        (2, None, {"type": "timeout", "key": "flip-1"}),
        (3, 1, {"type": "leave", "timeouts": 3}),
    ]
    assert [(seat, action) for _, seat, action in got] == plain
    assert none == []
