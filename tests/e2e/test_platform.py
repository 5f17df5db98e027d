"""Platform promises seen from Discord: coalesced edits, answers in time, errors, moderation."""

from __future__ import annotations

import asyncio
import logging
import time

import bot.gamecog
from tests.e2e.conftest import Harness
from tests.e2e.test_war_e2e import open_war
from tests.harness import realistic_budgets

EDIT = "/channels/{channel_id}/messages/{message_id}"


def table_edits(fake, message_id: int) -> int:
    """Edits of one message: channel requests, and edits through an interaction token."""
    return sum(
        1
        for r in fake.requests
        if r.method == "PATCH"
        and r.status == 200
        and (
            (r.route_template == EDIT and str(message_id) in r.path)
            or (
                (r.route_template or "").startswith("/webhooks/")
                and isinstance(r.response, dict)
                and r.response.get("id") == str(message_id)
            )
        )
    )


async def test_a_burst_of_private_actions_costs_few_table_edits_even_rate_limited(harness: Harness):
    h, fake = harness, harness.fake
    h.bot.renderer.interval = 0.5
    realistic_budgets(h)
    fake.rate_limit(EDIT, 1, headers=False)  # Discord's shared limits: the client meets real 429s
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    views = {
        ana.id: (await h.click(ana, msg, "seat")).message,
        bo.id: (await h.click(bo, msg, "seat")).message,
    }
    start_edits = table_edits(fake, msg.id)
    started = time.monotonic()
    actions = 0
    while actions < 12 and table.status == "playing":
        v = table.engine.view(table.state, None)
        await (
            h.bot.renderer.flush_private()
        )  # a person reads their (refreshed) view before clicking
        if v["phase"] == "flip":
            res = await h.click(ana, views[ana.id], "flip")
        else:
            loser = table.user_at(v["loser"]).user_id
            res = await h.click(ana if loser == ana.id else bo, views[loser], "drink")
        assert res.type == 7 and res.ephemeral  # the private view is updated in place
        actions += 1
    # the other player's private view follows too (edited through its interaction token)
    await h.bot.renderer.flush()
    hand = table.engine.view(table.state, None)["hand"]
    await h.rendered(lambda: f"hand {hand}" in msg.text.lower() or f"Hand {hand}" in msg.text)
    elapsed = time.monotonic() - started
    edits = table_edits(fake, msg.id) - start_edits
    # coalesced: at most one edit per interval (plus the first and the last), far fewer than
    # one per action, however slow the machine
    assert 1 <= edits <= 2 + elapsed / h.bot.renderer.interval, (edits, elapsed)
    assert edits <= actions // 2, (edits, actions)
    h.assert_clean()


async def test_slow_work_is_deferred_in_time_and_then_answered(harness: Harness, monkeypatch):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    monkeypatch.setattr(bot.gamecog, "DEFER_AFTER", 0.05)
    gate = asyncio.Event()
    real_act = h.service.act

    async def slow_act(*args, **kwargs):
        await gate.wait()  # e.g. a disk stall
        return await real_act(*args, **kwargs)

    monkeypatch.setattr(h.service, "act", slow_act)
    res = await fake.click(ana, msg, h.custom_id(msg, "flip"))
    assert res.type == 6 and res.ok  # deferred within the limit
    gate.set()
    edited = await res.followup()
    assert edited.id == msg.id and "Hand 1" in msg.text
    h.assert_clean()


async def test_an_unexpected_error_gets_an_apology_and_a_traceback_in_the_log(
    harness: Harness, monkeypatch, caplog
):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")

    def broken(ref, values):
        raise RuntimeError("boom")

    monkeypatch.setattr(h.bot.games["war"], "action_for", broken)
    with caplog.at_level(logging.ERROR, logger="bot.gamecog"):
        res = await h.click(ana, msg, "flip")
    assert res.ephemeral and res.message.text == bot.gamecog.APOLOGY
    assert any(r.exc_info and "boom" in str(r.exc_info[1]) for r in caplog.records)
    h.assert_clean()


async def test_leaving_mid_game_ends_war_and_the_other_player_wins(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await h.click(ana, msg, "flip")
    res = await h.click(bo, msg, "leave")
    assert (
        res.type == 7 and "is over" in msg.text and "Bo** left the game: **Ana** wins" in msg.text
    )
    board = await h.slash(ana, "tally", period="all")
    assert "Ana: **0 sips** · 1 game, 1 win" in board.message.text or "1 win" in board.message.text
    h.assert_clean()


async def test_only_host_or_manage_server_can_end(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, mod = (
        fake.add_user("Ana"),
        fake.add_user("Bo"),
        fake.add_user("Mod", manage_guild=True),
    )
    msg, tid = await open_war(h, ana, bo)
    res = await h.click(bo, msg, "end")
    assert res.ephemeral and "Only the host (or someone with Manage Server)" in res.message.text
    res = await h.click(mod, msg, "end")
    assert res.type == 7 and "is over" in msg.text and "Ended by a moderator" in msg.text
    assert msg.custom_ids() == []
    h.assert_clean()


async def test_one_seat_per_server_is_explained(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await open_war(h, ana, bo)
    res = await h.slash(bo, "war", "start")
    assert res.ephemeral and "You're already seated at table #1 (war)" in res.message.text
    h.assert_clean()


async def test_dev_guild_commands_sync_at_every_start(harness: Harness):
    h, fake = harness, harness.fake
    await h.stop_bot()
    await h.start_bot(dev_guild_id=fake.guild_id)
    names = {c["name"] for c in fake.guild_commands[fake.guild_id]}
    assert {"war", "tally", "rules"} <= names
    h.assert_clean()


async def test_a_slash_command_that_blows_up_still_gets_an_apology(harness: Harness, monkeypatch):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")

    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(h.bot.games["war"], "open_table", broken)
    res = await h.slash(ana, "war", "start")
    assert res.ephemeral and res.message.text == bot.gamecog.APOLOGY
    h.assert_clean()


async def test_table_command_brings_the_table_back_down_and_retires_the_old_message(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    res = await h.slash(cy, "table")
    assert res.ephemeral and "not at a table" in res.message.text
    res = await h.slash(bo, "table")
    new = res.message
    assert not res.ephemeral and new.id != msg.id and "flip" in h.verbs(new)
    await h.rendered(lambda: "moved down here" in msg.text and msg.custom_ids() == [])
    await h.click(ana, new, "flip")
    assert "Hand 1" in new.text  # the new message is the table now
    other = fake.add_channel("elsewhere")
    res = await h.slash(ana, "table", channel=other)
    assert res.ephemeral and f"<#{fake.channel_id}>" in res.message.text
    h.assert_clean()
