"""Nothing is lost: a killed bot comes back, tables carry on, old buttons work, clocks fire."""

from __future__ import annotations

import asyncio
import signal
import sqlite3

from tests.e2e.conftest import Harness, spawn_bot
from tests.e2e.test_war_e2e import open_war


async def to_choice(h: Harness, msg, flipper):
    while "drink" not in h.verbs(msg):
        await h.click(flipper, msg, "flip")


async def test_clock_that_ran_out_while_down_fires_at_start_and_old_buttons_work(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo, choice_seconds=20)
    await h.click(ana, msg, "start")
    await to_choice(h, msg, ana)
    table = await h.service.get(tid)
    v = table.engine.view(table.state, None)
    loser_seat, base, seq = v["loser"], v["base"], table.row.seq
    before = v["sips"][loser_seat]  # earlier tied hands may have cost a social drink
    await h.stop_bot()

    h.clock.advance(60)  # the loser's clock runs out while the bot is down
    await h.start_bot()
    table = await h.service.get(tid)
    await h.rendered(
        lambda: table.row.seq == seq + 1 and "flip" in h.verbs(msg), "the overdue clock to fire"
    )
    assert table.engine.view(table.state, None)["sips"][loser_seat] == before + base
    assert "ran out of time" in msg.text
    res = await h.click(bo, msg, "flip")  # a button sent before the restart
    assert res.type == 7
    h.assert_clean()


async def test_sigkill_mid_hand_loses_nothing(fake, tmp_path):
    db = tmp_path / "barkeep.db"
    proc = await spawn_bot(fake, db)
    try:
        await fake.wait_ready(timeout=30)
        assert fake.command_puts == 1  # first start: the commands are synced once
        h = Harness(fake, db, None)  # drives the fake only; the bot is the child process
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        msg, tid = await open_war(h, ana, bo)
        await h.click(ana, msg, "start")
        await to_choice(h, msg, ana)
        before = msg.text
        proc.kill()  # SIGKILL: no clean-up of any kind
        assert await proc.wait() == -signal.SIGKILL
        await fake.wait_disconnected()

        con = sqlite3.connect(db)
        actions = con.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (tid,)).fetchone()[
            0
        ]
        con.close()
        assert actions >= 1  # everything answered was already on disk

        proc = await spawn_bot(fake, db)
        await fake.wait_ready(timeout=30)
        assert fake.command_puts == 1  # unchanged commands are not synced again
        assert msg.text == before
        # the loser presses the button sent before the kill
        loser = None
        for who in (ana, bo):
            res = await h.click(who, msg, "drink")
            if res.type == 7:
                loser = who
                break
            assert "Only the loser" in res.message.text
        assert loser is not None and "drinks" in msg.text
        con = sqlite3.connect(db)
        drinks = con.execute(
            "SELECT SUM(amount) FROM drinks WHERE table_id = ?", (tid,)
        ).fetchone()[0]
        after = con.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (tid,)).fetchone()[0]
        con.close()
        assert after == actions + 1 and drinks >= 1
        h.assert_clean()
    finally:
        if proc.returncode is None:
            proc.terminate()
            await proc.wait()


async def test_a_token_discord_rejects_stops_the_bot_with_advice(fake, tmp_path):
    wrong = "MTk5OTk5OTk5OTk5OTk5OTk5.GxYzAb.wrongwrongwrongwrongwrongwrongwrong00"
    proc = await spawn_bot(
        fake, tmp_path / "barkeep.db", token=wrong, stderr=asyncio.subprocess.PIPE
    )
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 1
    text = err.decode()
    assert "Discord rejected DISCORD_TOKEN" in text and "Reset Token" in text
    assert wrong not in text and "Traceback" not in text


async def test_a_dropped_gateway_connection_resumes_and_play_goes_on(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await fake.drop_connection()
    await fake.wait_ready()
    res = await h.click(bo, msg, "flip")
    assert res.type == 7 and "Hand 1" in msg.text
    h.assert_clean()
