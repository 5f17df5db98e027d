"""Spectators' play-by-play through the fake Discord: with ``/settings thread on``, a table
that starts a game opens a public thread on its message, posts there what its log says (names
filled in, drinks noted as party safety counted them), in order, and ends with the end screen;
off by default; a restart in the middle neither loses nor repeats a line; and where Barkeep
may not start threads there is none, the host is told once, and the game plays on."""

from __future__ import annotations

from typing import Any

from bot.tables import Change
from bot.ui.common import fold, say
from tests.e2e.conftest import Harness
from tests.e2e.test_war_e2e import open_war
from tests.fakediscord.server import P_CREATE_PUBLIC_THREADS

HEADER = "Play-by-play of table #"


def listen(h: Harness, tid: int) -> list[str]:
    """The public lines the table's log gains from the deal on, as the table writes them (the
    answer path's events, names filled in): what the thread is to say."""
    said: list[str] = []

    def heard(change: Change) -> None:
        table = change.table
        if table.id == tid and table.status != "lobby" and not change.duplicate:
            texts = [e.text for e in change.events if type(e).__name__ == "Log"]
            said.extend(say(t, table) for t in fold(texts) if not t.endswith("is the host now."))

    h.service.listeners.append(heard)
    return said


async def play_war(h: Harness, msg: Any, ana: Any, bo: Any, tid: int, hands: int = 10**6) -> int:
    """Play War on ``msg`` until it ends (or ``hands`` flips): returns the flips made."""
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    flips = 0
    while flips < hands and ("flip" in h.verbs(msg) or "drink" in h.verbs(msg)):
        if "flip" in h.verbs(msg):
            res = await h.click(bo if flips % 2 else ana, msg, "flip")
            flips += 1
            if not res.in_place:
                await h.bot.renderer.flush()
            continue
        v = table.engine.view(table.state, None)
        loser = users[table.user_at(v["loser"]).user_id]
        res = await h.click(loser, msg, "double" if flips % 3 == 0 else "drink")
        if not res.in_place:  # a private heads-up opened the player's view: the table follows
            await h.bot.renderer.flush()
    return flips


def thread_lines(h: Harness, msg: Any) -> tuple[list[str], list[Any]]:
    """The thread started from the table's message: its text lines (the header first), and
    its messages."""
    thread = h.fake.thread_of(msg)
    assert thread is not None, "no thread on the table's message"
    posted = h.fake.channel_messages(thread)
    text = [line for m in posted if m.content for line in m.content.split("\n")]
    return text, posted


async def thread_on(h: Harness) -> None:
    boss = h.fake.add_user("Boss", manage_guild=True)
    res = await h.slash(boss, "settings", "thread", on=True)
    assert res.ephemeral and "Play-by-play threads on" in res.message.text
    assert "Play-by-play threads (`/settings thread`)\non" in res.message.text


async def test_a_whole_game_posts_its_play_by_play_in_a_thread_in_order_with_drinks(
    harness: Harness,
):
    h, fake = harness, harness.fake
    await thread_on(h)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await h.slash(ana, "limits", cap=3)  # past 3 sips Ana's drinks are water
    await h.slash(bo, "limits", mode="alcohol-free")  # Bo's are points
    msg, tid = await open_war(h, ana, bo)
    said = listen(h, tid)
    await h.click(ana, msg, "start")
    await play_war(h, msg, ana, bo, tid)
    await h.bot.renderer.flush()
    lines, posted = thread_lines(h, msg)
    thread = fake.thread_of(msg)
    assert thread.name == f"Table #{tid} \u00b7 Double-or-Nothing War" and thread.type == 11
    assert thread.auto_archive == 60  # Discord archives it an hour after the game
    assert lines[0].startswith(f"\U0001f37f **{HEADER}{tid}**") and "**Ana** and **Bo**" in lines[0]
    assert lines[1:] == said  # every line of the table's log, in order, once
    assert lines[1] == "Cards dealt."
    assert any("\U0001f4a7 water" in line for line in lines)  # Ana's over her cap
    assert any("\u2b50" in line and "point" in line for line in lines)  # Bo's points
    # the end screen closes it, as the table shows it: who won, the drinks, the seed
    table = await h.service.get(tid)
    end = posted[-1]
    assert not end.content and "is over" in end.text and table.row.seed in end.text
    assert end.custom_ids() == []
    assert all(len(m.content) <= 2000 for m in posted)
    assert len(posted) < len(lines)  # lines are gathered, several to a message
    h.assert_clean()


async def test_no_thread_by_default_and_none_for_a_table_in_a_thread(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await play_war(h, msg, ana, bo, tid, hands=3)
    await h.bot.renderer.flush()
    assert fake.thread_of(msg) is None
    assert fake.count("POST", "/channels/{channel_id}/messages/{message_id}/threads") == 0
    await h.confirmed(ana, msg, "end")
    # on, a table opened inside a thread gets none (Discord has no threads in threads)
    await thread_on(h)
    room = fake.add_thread("after-work")
    cy, di = fake.add_user("Cy"), fake.add_user("Di")
    res = await h.slash(cy, "war", "start", channel=room)
    inner = res.message
    await h.click(cy, await res.followup(), "consent")
    await h.join(di, inner)
    await h.rendered(lambda: "Di" in inner.text)
    start = await h.click(cy, inner, "start")
    assert not start.followups  # nothing to tell the host: no thread is due there
    await h.bot.renderer.flush()
    assert fake.thread_of(inner) is None
    assert fake.count("POST", "/channels/{channel_id}/messages/{message_id}/threads") == 0
    h.assert_clean()


async def started_war(h: Harness) -> tuple[Any, Any, Any, int, list[str]]:
    """Threads on, Ana and Bo at a War table just started: the players, the
    table's message and id, and the lines its log gains (:func:`listen`)."""
    await thread_on(h)
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    said = listen(h, tid)
    await h.click(ana, msg, "start")
    return ana, bo, msg, tid, said


async def test_a_restart_in_the_middle_neither_loses_nor_repeats_a_line(harness: Harness):
    h = harness
    ana, bo, msg, tid, said = await started_war(h)
    await play_war(h, msg, ana, bo, tid, hands=5)
    await h.bot.renderer.flush()
    before, _ = thread_lines(h, msg)
    assert before[1:] == said and len(before) > 3
    await h.stop_bot()
    await h.start_bot()
    later = listen(h, tid)  # the new bot's listeners: the lines from here on
    await play_war(h, msg, ana, bo, tid)
    await h.bot.renderer.flush()
    lines, posted = thread_lines(h, msg)
    assert lines[: len(before)] == before
    assert lines[1:] == said + later  # nothing lost, nothing twice
    assert sum(HEADER in line for line in lines) == 1
    assert "is over" in posted[-1].text
    h.assert_clean()


async def test_moves_the_last_run_never_posted_reach_the_thread_after_a_restart(
    harness: Harness,
):
    """The thread follows the action log, not the answers: moves the last run committed but
    never posted (it died first) are posted by the next run, after what was posted."""
    h, fake = harness, harness.fake
    ana, bo, msg, tid, said = await started_war(h)
    await h.bot.renderer.flush()
    thread = fake.thread_of(msg)
    h.bot.renderer.thread_pace = 3600.0  # the next message waits an hour
    await play_war(h, msg, ana, bo, tid, hands=4)
    h.bot.renderer._channels[thread.id].jobs.clear()  # and never goes: as if killed
    before, _ = thread_lines(h, msg)
    assert before[1:] == said[: len(before) - 1] and len(before) - 1 < len(said)
    await h.stop_bot()
    assert thread_lines(h, msg)[0] == before
    await h.start_bot()
    await h.bot.renderer.flush()
    lines, _ = thread_lines(h, msg)
    assert lines[1:] == said
    h.assert_clean()


async def test_without_create_public_threads_no_thread_one_notice_and_the_game_goes_on(
    harness: Harness,
):
    h, fake = harness, harness.fake
    await thread_on(h)
    await fake.set_bot_permissions(deny=P_CREATE_PUBLIC_THREADS)
    boss = fake.add_user("Boss2", manage_guild=True)
    res = await h.slash(boss, "settings", "thread", on=True)
    assert "missing **Create Public Threads**" in res.message.text
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    start = await h.click(ana, msg, "start")
    notice = await start.followup()
    assert notice.ephemeral and notice.audience == ana.id
    assert f"No play-by-play thread for table #{tid}" in notice.text
    assert "**Create Public Threads**" in notice.text and "game goes on" in notice.text
    flips = await play_war(h, msg, ana, bo, tid)
    await h.bot.renderer.flush()
    assert flips > 3 and "is over" in msg.text  # played to its end
    assert fake.thread_of(msg) is None
    # no request Discord would refuse (each counts toward its invalid-request limit)
    assert fake.count("POST", "/channels/{channel_id}/messages/{message_id}/threads") == 0
    assert not [m for m in fake.visible_to(ana) if "No play-by-play" in m.text and m != notice]
    h.assert_clean()
