"""When the database misbehaves (a full disk, another process holding its write lock, a
write that fails once), every interaction still gets an answer in time, a refused press loses
nothing and can be pressed again, and the tables carry on once the store works (storage-fault
audit)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

import bot.answer
from bot.i18n import english
from tests.e2e.test_rendering import private_moves, shows_the_store
from tests.e2e.test_safety_e2e import play_war_step
from tests.e2e.test_war_e2e import open_war
from tests.faults import Fault
from tests.harness import Harness


async def test_opening_a_private_view_while_the_disk_is_full_gets_an_answer(
    harness: Harness, monkeypatch
):
    """The view is stored before it is sent; that write failing left the press unanswered
    ('This interaction failed'). It is bookkeeping: logged, and the view still goes."""
    h, fake = harness, harness.fake
    fault = Fault(monkeypatch)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, _ = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    fault.full()
    res = await h.click(bo, msg, "seat")
    fault.clear()
    assert fault.hits == 1
    assert res.ok and res.ephemeral and "Your seat" in res.message.text, res
    assert not fake.failures, fake.failures


@pytest.mark.sqlite  # SQLite's own file lock, held by another program
async def test_opening_a_private_view_while_another_process_holds_the_store_is_deferred(
    harness: Harness,
):
    """A write lock held for 3.5 s (a backup, sqlite3 in a shell; the store waits up to 5 s):
    the view's write ran after the deferral's watch had ended, so the answer came after
    Discord's 3 s. It is now deferred in time, and the view follows."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, _ = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    other = sqlite3.connect(h.db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    released = asyncio.Event()

    def release() -> None:
        other.rollback()
        released.set()

    asyncio.get_running_loop().call_later(3.5, release)
    try:
        res = await h.click(bo, msg, "seat")
        await released.wait()
    finally:
        other.close()
    assert res.ok and res.latency < 3.0, (res, fake.failures)
    view = await res.followup()
    assert view.ephemeral and "Your seat" in view.text, view.text
    assert not fake.failures, fake.failures


async def test_the_table_message_follows_moves_made_elsewhere_after_a_failed_write(
    harness: Harness, monkeypatch
):
    """After a failed write the table is read again from the store. Its version started again
    at 0, below the one its message last showed, so the renderer took the message for current
    and left it frozen while moves were made from private views (or by clocks) for as many
    changes as it had shown. Versions now go on from the forgotten table's."""
    h, fake = harness, harness.fake
    fault = Fault(monkeypatch)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    users = {ana.id: ana, bo.id: bo}
    for _ in range(8):
        assert (await play_war_step(h, await h.service.get(tid), msg, users)).in_place
    await h.bot.renderer.flush()
    fault.full(times=1)
    res = await play_war_step(h, await h.service.get(tid), msg, users)
    assert res.ephemeral and res.message.text == english(bot.answer.APOLOGY), res
    views = {u.id: (await h.click(u, msg, "seat")).message for u in (ana, bo)}
    await private_moves(h, tid, views, users, 3)
    await h.bot.renderer.flush()
    assert await shows_the_store(h, msg, tid)
