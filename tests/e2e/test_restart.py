"""Nothing is lost: a killed bot comes back, tables carry on, old buttons work, clocks fire."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import sqlite3

import pytest

from bot.render import Renderer
from bot.tables import TableService
from tests.backends import run_sql
from tests.e2e.conftest import Harness, open_table, spawn_bot
from tests.e2e.test_platform import (
    ends,
    kicked_with_a_ping_up,
    new_thread,
    ping_gone,
    war_in_a_room,
)
from tests.e2e.test_war_e2e import open_war


async def dealt_war(h: Harness):
    """Ana and Bo at a War table, dealt: (ana, bo, the table message, the table id)."""
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    return ana, bo, msg, tid


async def to_choice(h: Harness, msg, flipper):
    while "drink" not in h.verbs(msg):
        await h.click(flipper, msg, "flip")


EDIT = "/channels/{channel_id}/messages/{message_id}"
TOKEN_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


class ChildBot:
    """The shipped bot as a child process on ``db``, which a test kills and starts again: a
    harness (``.h``) drives the fake only. Whatever happens, it is stopped at the end."""

    def __init__(self, fake, db) -> None:
        self.fake, self.db, self.proc = fake, db, None
        self.h = Harness(fake, db, None)

    async def start(self) -> None:
        self.proc = await spawn_bot(self.fake, self.db)
        await self.fake.wait_ready(timeout=30)

    async def kill(self) -> int:
        """SIGKILL: no clean-up of any kind. Returns the exit status."""
        self.proc.kill()
        status = await self.proc.wait()
        await self.fake.wait_disconnected()
        return status

    async def __aenter__(self) -> ChildBot:
        await self.start()
        return self

    async def __aexit__(self, *exc) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


@contextlib.asynccontextmanager
async def bot_process(fake, db, **kwargs):
    """The shipped bot in its own process (``spawn_bot``'s arguments), killed at the end if a
    test left it running."""
    proc = await spawn_bot(fake, db, **kwargs)
    try:
        yield proc
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def stored_message_id(db, table_id: int) -> int | None:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT message_id FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
    finally:
        con.close()


async def test_clocks_stand_still_while_the_bot_is_down_and_old_buttons_work(harness: Harness):
    """The bot's outage is not the players' inaction: a clock that would have run out while
    the bot was down still has the time it had left when it stopped."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo, choice_seconds=20)
    await h.click(ana, msg, "start")
    await to_choice(h, msg, ana)
    table = await h.service.get(tid)
    v = table.engine.view(table.state, None)
    loser_seat, base, seq = v["loser"], v["base"], table.row.seq
    before = v["sips"][loser_seat]  # earlier tied hands may have cost a social drink
    h.clock.advance(5)
    left = min(t.due_at for t in table.timers.values()) - h.clock.now()
    assert 0 < left <= 15
    await h.stop_bot()

    h.clock.advance(60)  # longer than the loser's clock: the bot is down meanwhile
    await h.start_bot()
    table = await h.service.get(tid)
    assert min(t.due_at for t in table.timers.values()) - h.clock.now() == left
    await h.bot.renderer.flush()
    assert table.row.seq == seq and "drink" in h.verbs(msg)  # nothing fired at the start
    h.clock.advance(left)
    await h.rendered(
        lambda: table.row.seq == seq + 1 and "flip" in h.verbs(msg), "the loser's clock to fire"
    )
    assert table.engine.view(table.state, None)["sips"][loser_seat] == before + base
    assert "ran out of time" in msg.text
    res = await h.click(bo, msg, "flip")  # a button sent before the restart
    assert res.in_place
    h.assert_clean()


async def test_sigkill_mid_hand_loses_nothing(fake, tmp_path):
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        assert fake.command_puts == 1  # first start: the commands are synced once
        h = child.h
        ana, bo, msg, tid = await dealt_war(h)
        await to_choice(h, msg, ana)
        before = msg.text
        assert await child.kill() == -signal.SIGKILL

        con = sqlite3.connect(db)
        actions = con.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (tid,)).fetchone()[
            0
        ]
        con.close()
        assert actions >= 1  # everything answered was already on disk

        await child.start()
        assert fake.command_puts == 1  # unchanged commands are not synced again
        assert msg.text == before
        # the loser presses the button sent before the kill
        loser = None
        for who in (ana, bo):
            res = await h.click(who, msg, "drink")
            if res.in_place:
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


async def test_sigterm_stops_the_bot_as_ctrl_c_does(fake, tmp_path):
    """docker stop, systemd and kill send SIGTERM. The answer under way is still sent, the
    database is closed cleanly (its write-ahead log folded in) and the process exits 0. Before,
    SIGTERM ended the process on the spot, whatever it was doing."""
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo, msg, tid = await dealt_war(h)
        fake.stall("POST", CALLBACK, apply=True)  # Discord has the answer; the bot waits to hear
        res = await h.click(ana, msg, "flip")
        assert res.in_place and "Hand 1" in msg.text
        await fake.wait_for(lambda: len(fake.stalled) == 1, what="the answer to be under way")
        child.proc.send_signal(signal.SIGTERM)
        fake.release()
        assert await child.proc.wait() == 0
        await fake.wait_disconnected()
    assert not (tmp_path / "barkeep.db-wal").exists()
    con = sqlite3.connect(db)
    try:
        flips = con.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (tid,))
        assert flips.fetchone()[0] >= 1  # the flip is stored
    finally:
        con.close()
    assert not fake.failures


async def test_sigterm_stops_the_bot_at_once_while_discord_is_out_of_reach(fake, tmp_path):
    """With Discord out of reach, discord.py waits longer and longer between its tries (up to
    17 minutes) and looks whether it was closed only once it wakes. A SIGTERM then closed the
    database, but the process waited out that pause: killed by systemd or docker 10 s later."""
    db = tmp_path / "barkeep.db"
    async with bot_process(fake, db, stderr=asyncio.subprocess.PIPE) as proc:
        await fake.wait_ready(timeout=30)
        await fake.stop()  # Discord is gone: the gateway and the API refuse connections
        pause = 0.0
        while pause < 4:  # tries spaced at random, each pause up to twice the one before
            line = await asyncio.wait_for(proc.stderr.readline(), 60)
            assert line, "the bot ended on its own"
            if m := re.search(rb"Attempting a reconnect in ([0-9.]+)s", line):
                pause = float(m[1])
        proc.send_signal(signal.SIGTERM)  # at the start of a pause of 4 s or more
        assert await asyncio.wait_for(proc.wait(), 3) == 0
    assert not (tmp_path / "barkeep.db-wal").exists()  # the database was closed cleanly


async def test_a_token_discord_rejects_stops_the_bot_with_advice(fake, tmp_path):
    wrong = "MTk5OTk5OTk5OTk5OTk5OTk5.GxYzAb.wrongwrongwrongwrongwrongwrongwrong00"
    proc = await spawn_bot(
        fake, tmp_path / "barkeep.db", token=wrong, stderr=asyncio.subprocess.PIPE
    )
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 2  # stopped with advice: make run accepts it
    text = err.decode()
    assert "Discord rejected DISCORD_TOKEN" in text and "Reset Token" in text
    assert wrong not in text and "Traceback" not in text


async def test_a_second_copy_on_the_same_database_stops_with_advice(fake, tmp_path):
    """One copy per database: a second one started by mistake (a second terminal, a service
    and a manual start) says so and stops before it reaches the gateway; the first plays on."""
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        msg, _ = await open_war(h, ana, bo)
        second = await spawn_bot(fake, db, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(second.communicate(), 60)
        assert second.returncode == 2  # stopped with advice: make run accepts it
        text = err.decode()
        assert f"another copy of Barkeep is already using {db} (process {child.proc.pid})" in text
        assert "DATABASE_URL" in text and "Traceback" not in text
        assert len(fake.identify_payloads) == 1  # the second never connected
        res = await h.click(ana, msg, "start")
        assert res.in_place and "flip" in h.verbs(msg)
        h.assert_clean()


async def test_a_dropped_gateway_connection_resumes_and_play_goes_on(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, msg, tid = await dealt_war(h)
    await fake.drop_connection()
    await fake.wait_ready()
    res = await h.click(bo, msg, "flip")
    assert res.in_place and "Hand 1" in msg.text
    h.assert_clean()


async def test_after_a_kill_the_table_message_and_private_views_show_the_store(fake, tmp_path):
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo, msg, tid = await dealt_war(h)
        views = {u.id: (await h.click(u, msg, "seat")).message for u in (ana, bo)}
        # from here, edits of the table message (either way) and of private views never reach
        # Discord
        fake.stall("PATCH", EDIT)
        fake.stall("PATCH", TOKEN_EDIT)
        res = await h.click(ana, views[ana.id], "flip")  # committed and answered: hand 1
        assert res.in_place and "Hand 1" in views[ana.id].text
        await fake.wait_for(lambda: len(fake.stalled) >= 2, what="both edits to be on their way")
        await child.kill()
        fake.release()
        assert "Hand 1" not in msg.text and "Hand 1" not in views[bo.id].text
        await child.start()
        await fake.wait_for(
            lambda: "Hand 1" in msg.text and "Hand 1" in views[bo.id].text,
            timeout=10,
            what="the table message and Bo's private view to be redrawn",
        )
        h.assert_clean()


async def test_a_table_ended_while_its_last_edit_waited_shows_its_end_after_a_kill(fake, tmp_path):
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        old, tid = await open_war(h, ana, bo)
        await h.click(ana, old, "start")
        end = h.custom_id(old, "end")
        live = (await h.slash(bo, "table")).message
        await fake.wait_for(lambda: old.custom_ids() == [], what="the old copy to be retired")
        fake.stall("PATCH", EDIT)  # edits of the live copy never reach Discord, either way
        fake.stall("PATCH", TOKEN_EDIT)
        res = await fake.click(ana, old, end, stale=True)  # End pressed on the old copy...
        assert res.ok and res.ephemeral and "moved down here" in old.text
        res = await h.click(ana, res.message, "confirm")  # ... and confirmed
        assert res.ok
        await fake.wait_for(lambda: fake.stalled, what="the live copy's edit to be on its way")
        await child.kill()
        fake.release()
        assert "is over" not in live.text
        await child.start()
        await fake.wait_for(lambda: "is over" in live.text, timeout=10, what="the end")
        assert live.custom_ids() == [
            f"war:{tid}:again",
            f"replay:{tid}:step:0",
            f"replay:{tid}:record",
        ]
        h.assert_clean()


async def test_an_edit_drawn_before_the_end_that_lands_after_it_is_not_stored_as_the_end(
    harness: Harness,
):
    """Race audit: the table's edit of hand 1 was on its way when the host ended the table; it
    landed after the end, and the bot stored "the end screen is up" for it. Had the bot died
    before the real end screen landed, the message would have shown the game in play for good
    (a restart checks only the ended tables not stored as shown). Only a screen drawn from the
    ended table is stored as the end."""
    h, fake = harness, harness.fake
    ana, bo, msg, tid = await dealt_war(h)
    view = (await h.click(ana, msg, "seat")).message
    fake.stall("PATCH", EDIT, apply=True)  # Discord applies the table's edit, answers later
    fake.stall("PATCH", TOKEN_EDIT, apply=True)
    assert (await h.click(ana, view, "flip")).ok  # from her view: the renderer edits the table
    [hand] = await fake.wait_for(lambda: fake.stalled, what="the table's edit, held")
    ask = await h.click(ana, msg, "end")  # the host ends the table meanwhile
    assert (await h.click(ana, ask.message, "confirm")).ok
    fake.release()
    fake.stall("PATCH", EDIT)  # the end screen's edit never reaches Discord
    fake.stall("PATCH", TOKEN_EDIT)
    await fake.wait_for(
        lambda: [r for r in fake.stalled if r is not hand], what="the end screen's edit, held"
    )
    assert "flip" in h.verbs(msg) or "drink" in h.verbs(msg)  # Discord shows the game in play
    await h.bot.renderer.store_shown()
    async with h.bot.store.reading() as q:
        assert tid in await q.unsettled_ended(0.0)  # checked again at the next start
    fake.release()


async def test_a_table_whose_message_id_was_never_stored_finds_its_message_again(fake, tmp_path):
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
        # the table is posted, but the bot dies before it hears back (and stores the message id)
        fake.stall("POST", CALLBACK, apply=True)
        res = await fake.slash(ana, "war", "start")
        msg = res.message
        await fake.wait_for(lambda: fake.stalled, what="the answer to be held")
        await child.kill()
        fake.release()
        tid = int(h.custom_id(msg, "join").split(":")[1])
        assert stored_message_id(db, tid) is None
        await child.start()
        await fake.wait_for(
            lambda: fake.count("GET", TOKEN_EDIT), what="the bot to look its message up"
        )
        await h.join(bo, msg)  # joins show on the table, not privately
        await fake.wait_for(lambda: "Bo" in msg.text, what="Bo on the table")
        assert stored_message_id(db, tid) == msg.id
        await h.join(ana, msg)
        res = await h.click(ana, msg, "start")  # Start shows the game on the table message
        assert res.in_place and not res.ephemeral and "flip" in h.verbs(msg)
        h.assert_clean()


async def restart_with_its_message_lost(h: Harness, table_id: int) -> None:
    """Stop the bot; forget the table's message id, as if the bot had died before storing it
    (the answer was posted); let the interaction token that posted it die (16 minutes); start
    again, the messages brought in line with the store."""
    await h.stop_bot()
    run_sql(h.db_path, "UPDATE tables SET message_id = NULL WHERE id = ?", table_id)
    h.clock.advance(16 * 60)
    h.fake.advance(16 * 60)
    await h.start_bot()
    await h.bot.renderer.resynced()
    await h.bot.renderer.flush()


async def test_a_table_whose_message_is_lost_for_good_is_posted_anew(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    orphan = (await h.slash(ana, "war", "start")).message
    tid = int(h.custom_id(orphan, "join").split(":")[1])
    await restart_with_its_message_lost(h, tid)
    table = await h.service.get(tid)
    assert table.row.message_id not in (None, orphan.id)
    posted = fake.message(table.row.message_id)
    assert not posted.ephemeral and "join" in h.verbs(posted) and f"table #{tid}" in posted.text
    bo = fake.add_user("Bo")
    await h.service.give_consent(bo.id, "war")
    res = await h.click(bo, orphan, "join")  # a join on the orphan copy counts...
    assert res.in_place and "moved down here" in orphan.text and orphan.custom_ids() == []
    await h.rendered(lambda: "Bo" in posted.text, "Bo on the live copy")  # ... and shows there
    h.assert_clean()


async def test_a_click_on_the_old_copy_while_the_table_is_posted_anew_leaves_one_live_copy(
    harness: Harness,
):
    """Race audit: a table whose message id was lost is posted anew after a restart. While that
    post was on its way, Bo joined from the old copy, which made it the table's message again;
    the post then landed and took the table over, and the join's answer, waiting its turn,
    still drew the live table on the old copy: two live copies. The answer now sees which copy
    is the table's when its turn comes, and the old one points to it."""
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    orphan = (await h.slash(ana, "war", "start")).message
    tid = int(h.custom_id(orphan, "join").split(":")[1])
    await h.stop_bot()
    run_sql(h.db_path, "UPDATE tables SET message_id = NULL WHERE id = ?", tid)
    h.clock.advance(16 * 60)  # the token that posted it is dead: the table is posted anew
    fake.advance(16 * 60)
    fake.stall("POST", "/channels/{channel_id}/messages", apply=True)  # answered later
    await h.start_bot()
    await h.bot.renderer.resynced()
    await fake.wait_for(lambda: fake.stalled, what="the new post, held")
    table = await h.service.get(tid)
    bo = fake.add_user("Bo")
    await h.service.give_consent(bo.id, "war")
    join = asyncio.ensure_future(fake.click(bo, orphan, h.custom_id(orphan, "join")))
    await fake.wait_for(lambda: table.row.message_id == orphan.id, what="the old copy adopted")
    fake.release()
    await h.answered(await join)
    await h.bot.renderer.flush()
    live = [m.id for m in fake.channel_messages() if f"war:{tid}:join" in m.custom_ids()]
    assert live == [table.row.message_id] and orphan.id not in live
    assert table.seat_row(bo.id) is not None  # his join counts
    h.assert_clean()


async def test_the_bot_answers_while_the_open_tables_still_load(harness: Harness, monkeypatch):
    h = harness
    ana, bo, msg, tid = await dealt_war(h)
    await h.stop_bot()
    gate = asyncio.Event()
    load = TableService.load

    async def slow_load(self, chunk=200):  # thousands of tables take a while
        await gate.wait()
        return await load(self, chunk)

    monkeypatch.setattr(TableService, "load", slow_load)
    await h.start_bot(wait_loaded=False)
    assert not h.bot.loading.done()
    res = await h.click(bo, msg, "flip")  # the table is read when it is needed
    assert res.in_place and "Hand 1" in msg.text
    table = await h.service.get(tid)
    gate.set()
    await h.bot.loading
    assert [t for t in h.service.open_tables() if t.id == tid] == [table]  # not replaced
    res = await h.click(ana, msg, "drink" if "drink" in h.verbs(msg) else "flip")
    assert res.type in (4, 7)
    assert (await h.service.replay(tid)) == table.state  # the log and the state agree
    h.assert_clean()


async def test_a_stop_during_the_start_up_redraw_ends_it_cleanly(
    harness: Harness, monkeypatch, caplog
):
    """Stopped at once after a start (a deploy, say), while the redraw after loading still reads:
    the redraw is dropped (the next start does it), never left reading a closed store."""
    h = harness
    ana, bo, msg, _ = await dealt_war(h)
    await h.stop_bot()
    gate, reading = asyncio.Event(), asyncio.Event()
    resync = Renderer._resync

    async def slow_resync(self):  # thousands of tables to compare
        reading.set()
        await gate.wait()
        return await resync(self)

    monkeypatch.setattr(Renderer, "_resync", slow_resync)
    await h.start_bot()
    await reading.wait()
    task = h.bot.renderer._resync_task
    await h.stop_bot()
    assert task is not None and task.cancelled()
    gate.set()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await h.start_bot()  # the next start redraws: the table plays on
    res = await h.click(bo, msg, "flip")
    assert res.in_place and "Hand 1" in msg.text
    h.assert_clean()


async def test_a_table_in_a_thread_carries_on_there_after_a_restart(harness: Harness):
    """The thread comes back with the server (GUILD_CREATE's threads): an old button works, and
    a table whose message was lost for good is posted anew in the thread, not its channel."""
    h, fake = harness, harness.fake
    thread = await new_thread(h, "war night")
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    msg, _ = await open_table(h, "war", ana, [bo], channel=thread)
    lobby = (await h.slash(cy, "pyramid", "start", channel=thread)).message
    lost = int(h.custom_id(lobby, "join").split(":")[1])
    await restart_with_its_message_lost(h, lost)
    assert h.bot.get_channel(thread.id) is not None
    res = await h.click(ana, msg, "start")  # a button sent before the restart
    assert res.in_place and "flip" in h.verbs(msg)
    again = (await h.service.get(lost)).row.message_id
    assert again not in (None, lobby.id) and fake.message(again).channel_id == thread.id
    assert not fake.channel_messages()  # nothing went to #games
    h.assert_clean()


async def test_a_table_whose_channel_was_deleted_while_the_bot_was_down_closes(
    harness: Harness,
):
    """No CHANNEL_DELETE reaches a bot that is down: once connected again, it looks up the
    channels of its open tables that are not in its cache, and closes the tables of those
    Discord no longer knows. Their players are free again."""
    h, fake = harness, harness.fake
    room, tid, (_, bo) = await war_in_a_room(h)
    await h.stop_bot()
    await fake.delete_channel(room)
    await h.start_bot()
    closed = ends(h, tid)  # listening before looking: the close can't slip by
    if (await h.service.get(tid)).status != "ended":
        await asyncio.wait_for(closed.wait(), 5)
    table = await h.service.get(tid)
    assert table.row.end_reason == "closed: its channel was deleted"
    res = await h.slash(bo, "war", "start")
    assert not res.ephemeral, res.message.text
    h.assert_clean()


async def test_a_ping_left_while_the_bot_was_out_goes_at_the_next_start(harness: Harness):
    """Kicked mid-game, the bot may not delete the closed table's turn ping; stopped, and added
    back meanwhile: the next start deletes the ping its record still names."""
    h, fake = harness, harness.fake
    await h.bot.wait_until_ready()
    ping, table = await kicked_with_a_ping_up(h)
    assert not ping.deleted
    await h.stop_bot()
    await fake.add_bot_back()
    await h.start_bot()
    await ping_gone(h, ping)
    assert not fake.violations and not fake.unknown_routes


async def test_a_private_view_sent_just_before_a_kill_is_kept_in_line(fake, tmp_path):
    """Ana opens her view (My seat) and the bot dies as Discord shows it, before it learns
    so: the view was stored after its answer, so the next start did not know it, and it kept
    showing the past (in Pyramid, a look's cards after the look). It is stored before now."""
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo, msg, tid = await dealt_war(h)
        fake.stall("POST", CALLBACK, apply=True)  # shown, but the bot never hears back
        clicked = asyncio.ensure_future(fake.click(ana, msg, h.custom_id(msg, "seat")))
        await fake.wait_for(lambda: fake.stalled, what="Ana's view to be on its way")
        await child.kill()
        fake.release()
        view = (await clicked).message
        assert view.ephemeral and "Waiting for a flip" in view.text
        await child.start()
        await h.click(bo, msg, "flip")
        await fake.wait_for(
            lambda: "Hand 1" in view.text, timeout=10, what="Ana's view to show the flip"
        )
        h.assert_clean()


async def test_a_private_view_lost_on_its_way_as_the_bot_died_leaves_the_older_one_current(
    fake, tmp_path
):
    """Ana has her view open and opens it again; the bot stores the new one and dies before
    Discord gets it. The next start finds that the new one never arrived (Discord: Unknown
    Webhook) and keeps her older view, the one on her screen, in line instead."""
    db = tmp_path / "barkeep.db"
    async with ChildBot(fake, db) as child:
        h = child.h
        ana, bo, msg, tid = await dealt_war(h)
        older = (await h.click(ana, msg, "seat")).message
        assert older.ephemeral and "Waiting for a flip" in older.text
        fake.stall("POST", CALLBACK)  # lost on the way: Discord never shows it
        clicked = asyncio.ensure_future(fake.click(ana, msg, h.custom_id(msg, "seat")))
        await fake.wait_for(lambda: fake.stalled, what="Ana's second view to be on its way")
        await child.kill()
        fake.release()
        with pytest.raises(AssertionError, match="never answered"):
            await clicked  # Discord never showed it
        await child.start()
        await h.click(bo, msg, "flip")
        await fake.wait_for(
            lambda: "Hand 1" in older.text, timeout=10, what="Ana's older view to show the flip"
        )
    # the lost answer, and the one try of its token that told the bot so
    kinds = sorted(f.kind for f in fake.failures)
    assert kinds == ["unanswered", "webhook_before_ack"], fake.failures
    assert not fake.violations and not fake.unknown_routes


async def test_clocks_stand_still_while_discords_gateway_is_down(harness: Harness, monkeypatch):
    """With the process up but Discord's gateway down (an outage, the host's network), no
    click can reach the bot, yet its clocks ran on: the game was played out by timeouts,
    drinks charged and players struck out while nobody could act (lifecycle audit). The clocks
    now stand still from the disconnect until the session is back, and the clock that was
    running gets the time back."""
    h, fake = harness, harness.fake
    paused, back = asyncio.Event(), asyncio.Event()
    pause, unpause = h.service.pause_clocks, h.service.unpause_clocks

    async def pausing() -> None:
        await pause()
        paused.set()

    async def unpausing():
        moved = await unpause()
        back.set()
        return moved

    monkeypatch.setattr(h.service, "pause_clocks", pausing)
    monkeypatch.setattr(h.service, "unpause_clocks", unpausing)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo, choice_seconds=20)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    while table.engine.view(table.state, None)["phase"] == "flip":
        await h.click(ana, msg, "flip")
    key = table.engine.view(table.state, None)["choice_key"]
    due, seq = table.timers[key].due_at, table.row.seq
    await fake.gateway_outage()
    await asyncio.wait_for(paused.wait(), 10)
    h.clock.advance(20 * 60)  # twenty minutes in which nobody can press anything
    await fake.gateway_back()
    await asyncio.wait_for(back.wait(), 10)
    assert table.row.seq == seq and all(s.strikes == 0 for s in table.seats)
    assert table.timers[key].due_at == due + 20 * 60  # the choice keeps its 20 s
    async with h.bot.store.reading() as q:
        assert {t.key: t.due_at for t in await q.timers(tid)}[key] == due + 20 * 60
    h.clock.advance(20)  # and runs out as it should
    await fake.wait_for(lambda: "ran out of time" in msg.text, what="the clock to run out")
    assert table.row.seq == seq + 1


@pytest.mark.parametrize("attempt", range(3))
async def test_ctrl_c_as_the_bot_connects_stops_it(fake, tmp_path, attempt):
    """Ctrl+C the instant Discord has sent READY. Before, about half of these were lost:
    discord.py was cancelled while it awaited its connection with asyncio.wait_for, which can
    swallow a cancellation that arrives as what it waits for finishes, and the bot ran on."""
    async with bot_process(fake, tmp_path / "barkeep.db") as proc:
        await fake.wait_ready(timeout=30)
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), 10) == 0
    assert not (tmp_path / "barkeep.db-wal").exists()  # the database was closed cleanly


async def test_a_second_ctrl_c_stops_the_bot_without_waiting_for_answers(fake, tmp_path):
    """The first Ctrl+C waits up to 3 s for answers under way and says so; a second one stops
    at once, as people expect of a program in a terminal. Before, it raised KeyboardInterrupt,
    and the process then waited for ever for the database's thread."""
    db = tmp_path / "barkeep.db"
    info = {"env_extra": {"LOG_LEVEL": "INFO"}, "stderr": asyncio.subprocess.PIPE}
    async with bot_process(fake, db, **info) as proc:
        await fake.wait_ready(timeout=30)
        h = Harness(fake, db, None)
        ana, _bo, msg, _tid = await dealt_war(h)
        fake.stall("POST", CALLBACK, apply=True)  # Discord has the answer; the bot waits to hear
        await h.click(ana, msg, "flip")
        await fake.wait_for(lambda: len(fake.stalled) == 1, what="the answer to be under way")
        proc.send_signal(signal.SIGINT)
        said = b""
        while b"Ctrl-C again" not in said:
            said = await asyncio.wait_for(proc.stderr.readline(), 10)
            assert said, "the bot ended without saying it was stopping"
        proc.send_signal(signal.SIGINT)
        # the answer is still held: the first Ctrl+C alone would wait for it 3 s
        assert await asyncio.wait_for(proc.wait(), 2) == 0
        assert len(fake.stalled) == 1
        fake.release()
