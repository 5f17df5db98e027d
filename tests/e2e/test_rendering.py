"""Messages that must never show an older state than the store (issue 7): one writer per public
message, a per-channel edit budget, one live copy per table."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import sqlite3
import time

import discord
import pytest

import bot.answer
import bot.render
import bot.store
from bot.i18n import english
from tests.e2e.conftest import Harness
from tests.e2e.test_war_e2e import open_war
from tests.harness import realistic_budgets

EDIT = "/channels/{channel_id}/messages/{message_id}"
TOKEN_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"


@pytest.fixture(params=["token", "channel"])
def way(request, harness: Harness) -> str:
    """The renderer's two ways to edit a table message: through the interaction token of the
    message (the usual way: each token has its own bucket) or as a channel request (no live
    token: the channel's budget)."""
    harness.bot.renderer.use_tokens = request.param == "token"
    return request.param


def route(way: str) -> str:
    return TOKEN_EDIT if way == "token" else EDIT


async def shows_the_store(h: Harness, msg, table_id: int) -> bool:
    """The public message shows exactly the screen the bot would draw from the store now."""
    table = await h.service.get(table_id)
    screen = h.bot.games[table.row.game].screen(table)
    want = screen.embed.to_dict()
    got = msg.current["embeds"][0]
    return got.get("description") == want.get("description") and [
        f.get("value") for f in got.get("fields", [])
    ] == [f.get("value") for f in want.get("fields", [])]


async def private_moves(h: Harness, tid: int, views: dict, users: dict, moves: int) -> None:
    """Play ``moves`` actions of a War table from the players' private views only, so that
    every change of the table message is the renderer's edit."""
    table = await h.service.get(tid)
    for _ in range(moves):
        if table.status != "playing":
            return
        await h.bot.renderer.flush_private()  # a person reads their refreshed view first
        v = table.engine.view(table.state, None)
        if v["phase"] == "flip":
            who = next(iter(users.values()))
            verb = "flip"
        else:
            who = users[table.user_at(v["loser"]).user_id]
            verb = "drink"
        res = await h.click(who, views[who.id], verb)
        assert res.in_place and res.ephemeral


async def test_an_edit_held_by_a_429_never_lands_over_a_newer_screen(harness: Harness, way):
    h, fake = harness, harness.fake
    # Discord's shared limits: no headers announce them, so the client meets a 429 and waits
    # inside discord.py with the edit it built; the bot's own budget is too generous here.
    realistic_budgets(h)
    fake.rate_limit(route(way), 1, per=1.5, headers=False, method="PATCH")
    h.bot.renderer.budget = (10, 1.0)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    users = {ana.id: ana, bo.id: bo}
    views = {u.id: (await h.click(u, msg, "seat")).message for u in (ana, bo)}
    await private_moves(h, tid, views, users, 1)  # the renderer edits the table once...
    await h.rendered(lambda: "Hand 1" in msg.text)
    await private_moves(h, tid, views, users, 1)  # ... and again: this edit meets a 429
    await fake.wait_for(
        lambda: [r for r in fake.rate_limited if str(msg.id) in r.path or way == "token"],
        what="a 429 on the table edit",
    )
    res = await h.confirmed(ana, msg, "end")  # meanwhile the host ends the table
    assert res.ok and res.in_place
    await h.rendered(lambda: "is over" in msg.text, "the ended table")
    await h.bot.renderer.flush()
    await asyncio.sleep(1.6)  # longer than any retry the held edit could still make
    await h.bot.renderer.flush()
    assert "is over" in msg.text and msg.custom_ids() == [
        f"war:{tid}:again",
        f"replay:{tid}:step:0",
        f"replay:{tid}:record",
    ]  # the end stayed
    assert await shows_the_store(h, msg, tid)
    h.assert_clean()


async def busy_tables_earn_no_429(h: Harness, count: int) -> None:
    """``count`` War tables in one channel play through private views at once: no 429, and
    every table message ends showing the store."""
    fake = h.fake
    tables = []
    for n in range(count):
        a, b = fake.add_user(f"A{n}"), fake.add_user(f"B{n}")
        msg, tid = await open_war(h, a, b)
        await h.click(a, msg, "start")
        views = {u.id: (await h.click(u, msg, "seat")).message for u in (a, b)}
        tables.append((msg, tid, views, {a.id: a, b.id: b}))
    await asyncio.gather(*(private_moves(h, tid, v, u, 4) for _, tid, v, u in tables))
    await h.bot.renderer.flush()
    assert fake.rate_limited == []
    for msg, tid, _, _ in tables:
        assert await shows_the_store(h, msg, tid), msg.text
    h.assert_clean()


async def test_an_edit_that_waits_for_its_writer_is_counted_when_it_is_sent(harness: Harness):
    """Discord counts a request when it arrives. A table edit allowed by the channel's budget
    that then waits for the table's writer (a click's answer holding it, here for 0.3 s) is
    counted when it leaves: counted when it was allowed, the edits queued behind it would
    make one too many in Discord's window."""
    h, fake = harness, harness.fake
    realistic_budgets(h)
    h.bot.renderer.use_tokens = False  # every table edit a channel request
    fake.rate_limit(EDIT, 3, per=1.0, headers=False, method="PATCH")
    h.bot.renderer.budget = (3, 1.0)
    tables = []
    for n in range(4):
        a, b = fake.add_user(f"A{n}"), fake.add_user(f"B{n}")
        msg, tid = await open_war(h, a, b)
        await h.click(a, msg, "start")
        views = {u.id: (await h.click(u, msg, "seat")).message for u in (a, b)}
        tables.append((msg, tid, views, {a.id: a, b.id: b}))
    await h.bot.renderer.flush()
    await asyncio.sleep(1.1)  # the channel's window is empty again
    before = len(fake.rate_limited)
    first = h.bot.renderer.writer(tables[0][1])
    await first.acquire()  # as a click's answer on the first table would, while it is sent
    asyncio.get_running_loop().call_later(0.3, first.release)
    for _, tid, views, users in tables:  # four table edits queue in the channel, the first first
        await private_moves(h, tid, views, users, 1)
    await h.bot.renderer.flush()
    assert not first.busy()
    assert fake.rate_limited[before:] == []
    for msg, tid, _, _ in tables:
        assert await shows_the_store(h, msg, tid), msg.text
    h.assert_clean()


async def test_many_tables_in_one_channel_earn_no_429_and_end_as_the_store(harness: Harness, way):
    h, fake = harness, harness.fake
    # Discord's announced buckets (X-RateLimit headers): edits in a channel, edits through one
    # interaction token. The bot's own channel budget is set far too high, so only reading the
    # headers keeps it from 429s there.
    realistic_budgets(h)
    fake.rate_limit(EDIT, 3, per=1.0, method="PATCH")
    fake.rate_limit(TOKEN_EDIT, 5, per=2.0, method="PATCH")
    h.bot.renderer.budget = (100, 1.0)
    await busy_tables_earn_no_429(h, 4)


async def test_the_bots_own_budget_keeps_it_from_429s_when_no_header_announces_the_limit(
    harness: Harness, way
):
    h, fake = harness, harness.fake
    realistic_budgets(h)
    fake.rate_limit(EDIT, 3, per=1.0, headers=False, method="PATCH")
    fake.rate_limit(TOKEN_EDIT, 5, per=2.0, headers=False, method="PATCH")
    h.bot.renderer.budget = (3, 1.0)  # what the bot is configured to spend per channel
    await busy_tables_earn_no_429(h, 3)


async def test_edits_of_table_messages_older_than_an_hour_keep_to_their_own_budget(
    harness: Harness,
):
    """Discord limits edits of messages older than an hour apart, announced by no header
    (30046): a long game's table message is one. Three busy tables an hour old share the
    channel: no 429 (scaled down: 3 per 0.6 s on both sides, so the test need not wait)."""
    h, fake = harness, harness.fake
    now = discord.utils.time_snowflake(discord.utils.utcnow())
    assert not h.bot.renderer.is_old(now) and h.bot.renderer.is_old(now - (3601_000 << 22))
    realistic_budgets(h)
    h.bot.renderer.budget = (100, 1.0)  # the channel's usual budget is no help here
    h.bot.renderer.use_tokens = False
    fake.old_message_edits = (3, 0.6)
    h.bot.renderer.old_budget = (3, 0.6)
    fake.advance(3601)  # the fake's date: the tables' messages are an hour old...
    h.bot.renderer.wall = lambda: time.time() + 3601  # ... and the bot's
    await busy_tables_earn_no_429(h, 3)
    assert fake.count("PATCH", "/channels/") > 3  # more than one window holds


async def test_a_change_that_leaves_the_table_screen_alone_costs_no_edit(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await h.bot.renderer.flush()
    before = fake.count("PATCH", EDIT)
    table = await h.service.get(tid)
    h.bot.renderer.on_change(type("C", (), {"table": table})())  # a change nobody sees
    await h.bot.renderer.flush()
    assert fake.count("PATCH", EDIT) == before
    h.assert_clean()


async def test_table_ten_times_at_once_leaves_one_live_copy(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    first, tid = await open_war(h, ana, bo)
    await h.click(ana, first, "start")
    answers = await asyncio.gather(*(fake.slash(bo, "table") for _ in range(10)))
    posted = [r for r in answers if not r.ephemeral]
    assert len(posted) == 1
    new = posted[0].message
    for r in answers:
        if r.ephemeral:
            assert "was just posted again: https://discord.com/channels/" in r.message.text
            assert str(new.id) in r.message.text
    await h.bot.renderer.flush()
    assert not h.bot.get_cog("TableCommand")._locks  # each lock went with its last /table
    live = [m for m in fake.channel_messages() if m.custom_ids()]
    assert live == [new] and "moved down here" in first.text
    table = await h.service.get(tid)
    assert table.row.message_id == new.id
    await h.click(ana, new, "flip")
    assert "Hand 1" in new.text
    h.assert_clean()


async def test_a_slow_opening_answer_is_not_taken_for_a_lost_message(harness: Harness, monkeypatch):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    gate = asyncio.Event()
    send = bot.answer._send

    async def slow_send(interaction, reply, *args):
        if reply.table_message is not None:
            await gate.wait()  # the answer posting the table is slow to go out
        return await send(interaction, reply, *args)

    monkeypatch.setattr(bot.answer, "DEFER_AFTER", 10.0)
    monkeypatch.setattr(bot.answer, "_send", slow_send)
    opening = asyncio.ensure_future(fake.slash(ana, "war", "start"))
    await fake.wait_for(lambda: fake.interactions, what="the command to arrive")
    await asyncio.sleep(0.3)  # many debounces: the renderer has had every chance to act
    assert fake.count("POST", "/channels/{channel_id}/messages") == 0
    assert fake.count("GET", TOKEN_EDIT) == 0
    gate.set()
    res = await opening
    await res.followup()  # the rules for the host: sent once the table message is stored
    await h.bot.renderer.flush()
    assert [m for m in fake.channel_messages() if m.custom_ids()] == [res.message]
    table = await h.service.get(int(h.custom_id(res.message, "join").split(":")[1]))
    assert table.row.message_id == res.message.id
    h.assert_clean()


async def test_clicks_at_a_table_nobody_views_privately_start_no_private_view_work(
    harness: Harness,
):
    """Issue 15: once a table's private views are known (read once), a change at a table with
    none starts no task for them; the answer's screen is drawn once, its fingerprint reused."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await h.bot.renderer.flush()
    renderer = h.bot.renderer
    started: list[str] = []
    real = renderer._refresh_private

    async def counted(table):
        started.append("views")
        await real(table)

    renderer._refresh_private = counted
    fingerprints = 0
    screen_type = type(renderer.draw(await h.service.get(tid)))
    real_fp = screen_type.text_fingerprint

    def counting_fp(self):  # worked out (the screen's text hashed), not handed out again
        nonlocal fingerprints
        fingerprints += self._text_fp is None and self._base is None
        return real_fp(self)

    screen_type.text_fingerprint = counting_fp
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    try:
        for _ in range(3):
            v = table.engine.view(table.state, None)
            if v["phase"] == "flip":
                res = await h.click(ana, msg, "flip")
            else:
                res = await h.click(users[table.user_at(v["loser"]).user_id], msg, "drink")
            assert res.ok and res.in_place
    finally:
        screen_type.text_fingerprint = real_fp
    await renderer.flush()
    assert started == []
    assert fingerprints <= 3  # one per new screen: drawn once, the answer's reused
    h.assert_clean()


async def test_the_answer_is_drawn_while_its_move_commits_and_never_shown_before(
    harness: Harness, monkeypatch
):
    """Issue 15: the screen that answers a click, the table's or the player's own, is drawn
    (and its buttons built) while the action's COMMIT, its fsync, is under way: once per move,
    from the table as it will be. A commit that fails shows nothing of it."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    renderer = h.bot.renderer
    drawn: list[tuple[str, int, int]] = []  # (screen, version drawn, version in memory)
    public, private = renderer.public_for, renderer.private_for

    def spy_public(game):
        def draw(t):
            drawn.append(("table", t.version, table.version))
            return public(game)(t)

        return draw

    def spy_private(game):
        def draw(t, seat):
            drawn.append(("own", t.version, table.version))
            return private(game)(t, seat)

        return draw

    monkeypatch.setattr(renderer, "public_for", spy_public)
    monkeypatch.setattr(renderer, "private_for", spy_private)
    res = await h.click(ana, msg, "flip")  # on the table
    assert res.in_place
    assert drawn == [("table", table.version, table.version - 1)]
    sent = renderer.draw(table).kwargs()["view"].to_components()  # no draw: the one ahead
    assert [c["custom_id"] for row in sent for c in row["components"]] == msg.custom_ids()

    seat = (await h.click(bo, msg, "seat")).message  # Bo's own view
    users = {ana.id: ana, bo.id: bo}
    while "drink" in h.verbs(msg):  # the loser chooses, on the table
        loser = table.user_at(table.engine.view(table.state, None)["loser"]).user_id
        await h.click(users[loser], msg, "drink")
    await renderer.flush_private()
    assert "flip" in h.verbs(seat)
    del drawn[:]
    res = await h.click(bo, seat, "flip")  # in his own view: that is the screen drawn ahead
    assert res.in_place and res.message is seat
    assert drawn[0] == ("own", table.version, table.version - 1)

    # a screen drawn ahead is handed out for the very row, state and clocks it was drawn from,
    # never for another copy of the table at the same version (one read again from the store)
    ahead = copy.copy(table)
    ahead.version, ahead.state = table.version + 1, copy.deepcopy(table.state)
    token = bot.render.ANSWERING.set((ana.id, True))
    renderer.preview(ahead)
    bot.render.ANSWERING.reset(token)
    screen = renderer._drawn[tid][1]
    assert renderer.draw(copy.copy(ahead)) is screen
    reread = copy.copy(ahead)
    reread.row, reread.state = dataclasses.replace(table.row), copy.deepcopy(table.state)
    assert renderer.draw(reread) is not screen

    # the COMMIT fails after the answer was drawn: the click is refused, nothing is shown
    await renderer.flush()
    await renderer.flush_private()
    before, shown = table.row.seq, msg.current
    committing = bot.store.Tx._committing

    def failing(tx):
        wake = committing(tx)

        def fail() -> None:
            if wake is not None:
                wake()  # the answer is drawn...
            raise sqlite3.OperationalError("disk I/O error")  # ...and the COMMIT fails

        return fail

    monkeypatch.setattr(bot.store.Tx, "_committing", failing)
    del drawn[:]
    if "flip" in h.verbs(msg):
        res = await h.click(ana, msg, "flip")
    else:
        loser = table.user_at(table.engine.view(table.state, None)["loser"]).user_id
        res = await h.click(users[loser], msg, "drink")
    assert res.ephemeral and res.message.text == english(bot.answer.APOLOGY)
    assert drawn and drawn[0][1] == drawn[0][2] + 1  # it was drawn ahead
    monkeypatch.setattr(bot.store.Tx, "_committing", committing)
    stored = await h.service.get(tid)
    assert stored.row.seq == before and stored is not table  # read again from the store
    await renderer.flush()
    assert msg.current == shown and await shows_the_store(h, msg, tid)
    h.assert_clean()


async def test_table_one_after_another_posts_at_most_once_in_30_s(harness: Harness):
    """Each post of /table leaves a retired copy in the channel, so a burst would flood it:
    within 30 s of the last, /table answers privately with a link to the copy just posted."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    first, tid = await open_war(h, ana, bo)
    await h.click(ana, first, "start")
    posted = (await h.slash(bo, "table")).message
    for _ in range(3):
        h.clock.advance(9)
        res = await h.slash(bo, "table")
        assert res.ephemeral and str(posted.id) in res.message.text, res.message.text
    h.clock.advance(4)
    again = await h.slash(ana, "table")
    assert not again.ephemeral and again.message.id != posted.id
    assert len(fake.channel_messages()) == 3  # the first and one retired copy, and the live one
    h.assert_clean()


async def test_table_brings_back_the_table_of_a_host_who_never_sat_down(harness: Harness):
    """A host who never pressed I'm in hosts the table without a seat: /table posts it for
    them too (it said they were at no table)."""
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    res = await h.slash(ana, "giveandtake", "start")  # Ana never accepts the rules
    first = res.message
    for guest in (bo, cy):
        await h.join(guest, first)
    await h.click(ana, first, "start")
    again = await h.slash(ana, "table")
    assert not again.ephemeral and "Give & Take" in again.message.text
    await h.rendered(lambda: "moved down here" in first.text)
    res = await h.slash(fake.add_user("Dee"), "table")
    assert res.ephemeral and "You're not at a table in this server" in res.message.text
    h.assert_clean()
