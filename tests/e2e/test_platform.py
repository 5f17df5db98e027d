"""Platform promises seen from Discord: coalesced edits, answers in time, errors, moderation."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

import pytest

import bot.answer
import bot.gamecog
import bot.games
from bot.engines import ENGINES
from bot.i18n import english
from bot.store import Store
from tests.e2e.conftest import Harness, open_table
from tests.e2e.test_safety_e2e import play_war, play_war_step
from tests.e2e.test_war_e2e import open_war
from tests.fakediscord.server import (
    P_MANAGE_MESSAGES,
    P_MANAGE_THREADS,
    P_SEND_MESSAGES,
    P_SEND_MESSAGES_IN_THREADS,
    P_VIEW_CHANNEL,
)
from tests.harness import from_another_server, realistic_budgets

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
        assert res.in_place and res.ephemeral  # the private view is updated in place
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
    monkeypatch.setattr(bot.answer, "DEFER_AFTER", 0.05)
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
    with caplog.at_level(logging.ERROR, logger="bot.answer"):
        res = await h.click(ana, msg, "flip")
    assert res.ephemeral and res.message.text == english(bot.answer.APOLOGY)
    assert any(r.exc_info and "boom" in str(r.exc_info[1]) for r in caplog.records)
    h.assert_clean()


async def test_an_error_after_the_move_was_stored_says_it_counts(harness: Harness, monkeypatch):
    """The apology's "Nothing was changed" only when nothing was: an error while drawing the
    answer to a stored move says the move counts (pressing again would play the next one)."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    before, shown = table.row.seq, h.verbs(msg)

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(h.bot.games["war"], "reply_for", broken)
    res = await h.click(ana, msg, "flip")
    assert res.ephemeral and res.message.text == english(bot.answer.APOLOGY_DONE)
    assert table.row.seq == before + 1  # the flip was stored
    await h.bot.renderer.flush()
    assert h.verbs(msg) != shown  # and the table shows it: the loser's choice
    h.assert_clean()


async def ask(h: Harness, user, msg, verb: str):
    """Press Leave or End during play: a private question with one button, the confirm."""
    res = await h.click(user, msg, verb)
    assert res.type == 4 and res.ephemeral and res.message.audience == user.id, res
    assert h.verbs(res.message) == ["confirm"]
    return res.message


async def test_leaving_mid_game_asks_first_then_war_ends_and_the_other_player_wins(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await h.click(ana, msg, "flip")
    table = await h.service.get(tid)
    question = await ask(h, bo, msg, "leave")
    assert f"Leave table #{tid}?" in question.text and "Yes, leave" in question.text
    assert table.status == "playing" and table.seat_of(bo.id) is not None  # nothing happened
    res = await h.click(bo, question, "confirm")
    assert res.in_place and f"You left table #{tid}" in question.text
    assert question.custom_ids() == []
    await h.rendered(lambda: "is over" in msg.text)
    # the leave is said once, and the last hand is not numbered as if it had been counted
    assert "\U0001f6aa **Bo** left: **Ana** wins." in msg.text and "left the game" not in msg.text
    assert "Last hand: " in msg.text and "Hand 0" not in msg.text
    board = await h.slash(ana, "tally", period="all")
    assert "Ana: **0 sips** · 1 game, 1 win" in board.message.text or "1 win" in board.message.text
    h.assert_clean()


async def test_leave_and_end_ask_during_play_and_a_late_confirm_gets_a_plain_answer(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo, cy, dee = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Dee"))
    msg, tid = await open_table(h, "blackdeath", ana, [bo, cy, dee])
    # in the lobby, Leave is one tap
    res = await h.click(dee, msg, "leave")
    assert res.in_place and res.message.id == msg.id and "Dee" not in msg.text
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    # two questions open at once: the first confirm acts, the second finds Cy gone
    first, second = await ask(h, cy, msg, "leave"), await ask(h, cy, msg, "leave")
    assert table.seat_of(cy.id) is not None
    res = await h.click(cy, first, "confirm")
    assert res.in_place and f"You left table #{tid}" in first.text
    assert table.status == "playing" and table.seat_of(cy.id) is None
    res = await h.click(cy, second, "confirm")
    assert res.in_place and second.text == f"You already left table #{tid}."
    # End: the host is asked; anyone else is told plainly, without a question
    res = await h.click(bo, msg, "end")
    assert res.ephemeral and "Only the host (or a moderator)" in res.message.text
    first, second = await ask(h, ana, msg, "end"), await ask(h, ana, msg, "end")
    assert f"End table #{tid} for everyone?" in first.text and table.status == "playing"
    res = await h.click(ana, first, "confirm")
    assert res.in_place and f"You ended table #{tid}" in first.text
    await h.rendered(lambda: "is over" in msg.text and "Ended by Ana" in msg.text)
    res = await h.click(ana, second, "confirm")
    assert res.in_place and second.text == f"Table #{tid} has already ended."
    h.assert_clean()


@pytest.mark.parametrize("moderator", ["manage_guild", "manage_messages"])
async def test_only_the_host_or_a_moderator_can_end(harness: Harness, moderator):
    """A moderator: Manage Server, or Manage Messages in the table's channel (a channel's
    moderators could otherwise only delete the table, which the bot posts again)."""
    h, fake = harness, harness.fake
    ana, bo, mod = (
        fake.add_user("Ana"),
        fake.add_user("Bo"),
        fake.add_user("Mod", **{moderator: True}),
    )
    msg, tid = await open_war(h, ana, bo)
    res = await h.click(bo, msg, "end")
    assert res.ephemeral and "Only the host (or a moderator)" in res.message.text
    res = await h.click(mod, msg, "end")
    assert res.in_place and "is over" in msg.text and "Ended by a moderator" in msg.text
    assert msg.custom_ids() == []
    h.assert_clean()


async def test_moderating_a_table_goes_by_the_permissions_in_its_channel(harness: Harness):
    """Discord gives an interaction the member's permissions in its channel, overwrites
    included: Manage Messages given in this channel alone makes a moderator here, and a
    Moderator role denied it here is not one."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    here, barred = fake.add_user("Here"), fake.add_user("Barred", manage_messages=True)
    msg, tid = await open_war(h, ana, bo)
    fake.channels[msg.channel_id].overwrites = [
        {"id": str(here.id), "type": 1, "allow": str(P_MANAGE_MESSAGES), "deny": "0"},
        {"id": str(barred.id), "type": 1, "allow": "0", "deny": str(P_MANAGE_MESSAGES)},
    ]
    res = await h.click(barred, msg, "end")
    assert res.ephemeral and "Only the host (or a moderator)" in res.message.text
    res = await h.click(here, msg, "end")
    assert res.in_place and "Ended by a moderator" in msg.text
    h.assert_clean()


async def test_the_host_removes_a_lobby_squatter_who_cannot_come_back(harness: Harness):
    """A lobby's host (or a moderator) removes someone who joined and is not wanted: picked in
    a private list, off the table, and refused if they press Join again, after a restart too.
    Only from a lobby: in a game, three missed turns put a player out."""
    h, fake = harness, harness.fake
    ana, bo, eve = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Eve")
    mod = fake.add_user("Mod", manage_guild=True)
    msg, tid = await open_table(h, "pyramid", ana, [])
    assert "remove" not in h.verbs(msg)  # nobody to remove but the host
    for user in (bo, eve):
        await h.join(user, msg)
    await h.rendered(lambda: "remove" in h.verbs(msg) and "Eve" in msg.text)
    res = await h.click(bo, msg, "remove")
    assert res.ephemeral and "Only the host (or a moderator)" in res.message.text
    ask = (await h.click(ana, msg, "remove")).message
    again = (await h.click(ana, msg, "remove")).message  # a second list, used late below
    assert ask.flags & 64 and "can't join this table again" in ask.text
    [picker] = [c for c in ask.components[0]["components"]]
    assert [o["label"] for o in picker["options"]] == ["Bo", "Eve"]  # not the host
    res = await h.select(ana, ask, "remove", [str(eve.id)])
    assert res.in_place and ask.text == f"Eve is off table #{tid}."
    await h.rendered(lambda: "Eve" not in msg.text)
    res = await h.select(ana, again, "remove", [str(eve.id)])
    assert "They're not at this table any more." in res.message.text
    res = await h.click(eve, msg, "join")
    assert res.ephemeral and res.message.text == "The host removed you from this table."
    await h.stop_bot()
    await h.start_bot()
    res = await h.click(eve, msg, "join")  # the bar is stored
    assert res.ephemeral and res.message.text == "The host removed you from this table."
    other, _ = await open_war(h, eve, fake.add_user("Cy"))  # free to play elsewhere
    assert "Eve" in other.text
    # a moderator may remove too; not once the game has started
    res = await h.select(mod, (await h.click(mod, msg, "remove")).message, "remove", [str(bo.id)])
    assert res.in_place and "Bo is off table" in res.message.text
    await h.join(fake.add_user("Dee"), msg)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    assert table.status == "playing" and [s.name for s in table.seated()] == ["Ana", "Dee"]
    res = await fake.interact(
        ana, 3, {"custom_id": f"pyramid:{tid}:remove", "component_type": 2}, message=msg
    )
    assert res.ephemeral and "the game has started. In a game" in res.message.text
    h.assert_clean()


async def test_one_seat_per_server_is_explained(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await open_war(h, ana, bo)
    res = await h.slash(bo, "war", "start")
    assert (
        res.ephemeral
        and "You're already seated at table #1 (Double-or-Nothing War)" in res.message.text
    )
    h.assert_clean()


async def test_the_one_seat_refusal_offers_leave_from_wherever_it_is_read(harness: Harness):
    """A player seated at a table in another channel (or thread) is refused a second seat with
    that table's Leave at hand: one tap in the lobby, the usual question during play. Nothing
    else of that table works from here, and no other server's click leaves it."""
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    msg, tid = await open_war(h, ana, bo)
    den = fake.add_channel("war-den")
    res = await h.slash(bo, "pyramid", "start", channel=den)
    assert (
        res.ephemeral
        and f"You're already seated at table #{tid} (Double-or-Nothing War)" in res.message.text
    )
    refusal = res.message
    assert refusal.custom_ids() == [f"war:{tid}:leave"]
    assert refusal.find_component(f"war:{tid}:leave")["label"] == f"Leave table #{tid}"

    data = {"custom_id": h.custom_id(refusal, "leave"), "component_type": 2}
    res = await fake.interact(bo, 3, data, message=refusal, edit=from_another_server)
    assert res.ephemeral and res.message.text == english(bot.gamecog.ELSEWHERE)
    data = {"custom_id": h.custom_id(msg, "start"), "component_type": 2}
    res = await fake.interact(ana, 3, data, message=msg, channel=den)
    assert res.ephemeral and res.message.text == english(bot.gamecog.ELSEWHERE)  # only leaving
    # in the lobby: one tap, and Bo may open a table here
    res = await h.click(bo, refusal, "leave")
    assert res.in_place and refusal.text == f"You left table #{tid}. Thanks for playing!"
    await h.rendered(lambda: "Bo" not in msg.text)
    res = await h.slash(bo, "pyramid", "start", channel=den)
    assert res.type == 4 and not res.ephemeral and "Pyramid" in res.message.text
    # during play: the question first, then Yes, leave ends Ana's War (Cy is the other player)
    await h.join(cy, msg)
    await h.click(ana, msg, "start")
    res = await h.slash(ana, "war", "start", channel=den)
    res = await h.click(ana, res.message, "leave")
    assert res.type == 4 and res.ephemeral and h.verbs(res.message) == ["confirm"]
    res = await h.click(ana, res.message, "confirm")
    assert res.in_place and "You left table #" in res.message.text
    table = await h.service.get(tid)
    assert table.status == "ended" and table.seat_row(ana.id).left_at is not None
    h.assert_clean()


async def test_a_host_seated_elsewhere_is_refused_before_anything_is_posted(harness: Harness):
    """Even before accepting a game's rules (which would seat them), a host seated at another
    table gets a private answer, and no empty table appears in the channel."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await open_war(h, ana, bo)
    posted = len(fake.channel_messages())
    res = await h.slash(ana, "pyramid", "start")
    assert res.type == 4 and res.ephemeral
    assert "You're already seated at table #1 (Double-or-Nothing War)" in res.message.text
    assert len(fake.channel_messages()) == posted and len(h.service.open_tables()) == 1
    h.assert_clean()


async def test_play_again_opens_a_new_table_with_the_same_options_and_players_invited(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    msg, first = await open_war(h, ana, bo, social_sips=3)
    await h.click(ana, msg, "start")
    question = await ask(h, ana, msg, "end")
    await h.click(ana, question, "confirm")
    await h.rendered(lambda: h.verbs(msg) == ["again", "step", "record"])
    # the rules still hold, with plain answers and nothing posted: Ana sits at Cy's table...
    lobby = (await h.slash(cy, "war", "start")).message
    await h.join(ana, lobby)
    posted = len(fake.channel_messages())
    res = await h.click(ana, msg, "again")
    assert (
        res.ephemeral
        and "You're already seated at table #2 (Double-or-Nothing War)" in res.message.text
    )
    # ... and Cy never played at this table: its next game is its players' to open
    res = await h.click(cy, msg, "again")
    assert res.ephemeral and res.message.text == (
        f"Only the players of table #{first} can open its next game. "
        "`/war start` opens one of your own."
    )
    assert len(fake.channel_messages()) == posted
    # Bo presses it: a new table below, Bo hosting and seated, Ana invited, same options
    res = await h.click(bo, msg, "again")
    assert res.type == 4 and not res.ephemeral and res.message.id != msg.id
    new = res.message
    again = await h.service.get(3)
    assert [s.name for s in again.seated()] == ["Bo"] and "Bo (host)" in new.text
    assert f"Again from table #{first}: **Ana**, press **Join**." in new.text
    assert "Social drink (sips each): 3" in new.text
    assert len(fake.channel_messages()) == posted + 1
    # an invited player presses Join; the renderer keeps the new message up to date, and
    # only that one (a change that is no click on it: Ana stands up and sits down again)
    await h.click(ana, lobby, "leave")
    await h.join(ana, new)
    assert "2. Ana" in new.text
    finished = msg.text
    await h.service.leave(3, ana.id)
    await h.rendered(lambda: "2. Ana" not in new.text, "the new table to show Ana gone")
    assert msg.text == finished and h.verbs(msg) == ["again", "step", "record"]
    await h.join(ana, new)
    # a second press finds the new table rather than opening another (Cy, who never played
    # here, is pointed to it too)
    for presser in (ana, cy):
        res = await h.click(presser, msg, "again")
        assert res.ephemeral and "Bo already opened the next game: table #3" in res.message.text
    assert len(fake.channel_messages()) == posted + 1
    # the game deals with the old table's options
    res = await h.click(bo, new, "start")
    assert res.in_place and "flip" in h.verbs(new) and "social drink 3 sips" in new.text
    assert "Again from table" not in new.text  # the invitation is done with
    h.assert_clean()


async def finished_war(h: Harness):
    """Ana and Bo's War table, ended by Ana: its message shows Play again."""
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, _ = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await h.click(ana, await ask(h, ana, msg, "end"), "confirm")
    await h.rendered(lambda: h.verbs(msg) == ["again", "step", "record"])
    return ana, bo, msg


async def test_play_again_pressed_by_both_players_at_once_opens_one_table(harness: Harness):
    """Two presses of one finished table's Play again, sent together: one new table, and the
    other player is pointed to it (the store checks in the transaction that would open it)."""
    h, fake = harness, harness.fake
    ana, bo, msg = await finished_war(h)
    posted = len(fake.channel_messages())
    cid = h.custom_id(msg, "again")
    both = await asyncio.gather(fake.click(ana, msg, cid), fake.click(bo, msg, cid))
    opened = [r for r in both if not r.ephemeral]
    refused = [r for r in both if r.ephemeral]
    assert len(opened) == 1 and len(refused) == 1, both
    assert "already opened the next game: table #2" in refused[0].message.text
    assert len(fake.channel_messages()) == posted + 1
    h.assert_clean()


async def test_a_slow_play_again_is_a_new_message_and_a_slow_refusal_leaves_none(
    harness: Harness, monkeypatch
):
    """Deferred, Play again shows a new "thinking" message that becomes the table, never an
    edit of the finished table it was pressed on; a refusal deletes that message again."""
    h, fake = harness, harness.fake
    ana, bo, msg = await finished_war(h)
    finished = msg.text
    monkeypatch.setattr(bot.answer, "DEFER_AFTER", 0.05)
    gate = asyncio.Event()
    real_open = h.service.open_table

    async def slow_open(*args, **kwargs):
        await gate.wait()
        return await real_open(*args, **kwargs)

    monkeypatch.setattr(h.service, "open_table", slow_open)
    res = await fake.click(bo, msg, h.custom_id(msg, "again"))
    assert res.type == 5 and res.ok and not res.ephemeral and res.message.id != msg.id
    gate.set()
    new = await res.followup()
    assert new.id == res.message.id and "table #2" in new.text and "join" in h.verbs(new)
    assert msg.text == finished  # the finished table is left as it was
    gate.clear()
    real_get = h.service.get

    async def slow_get(*args, **kwargs):
        await gate.wait()
        return await real_get(*args, **kwargs)

    monkeypatch.setattr(h.service, "get", slow_get)
    res = await fake.click(ana, msg, h.custom_id(msg, "again"))  # refused: Bo's is open
    assert res.type == 5 and res.ok
    gate.set()
    refusal = await res.followup()
    await fake.wait_for(lambda: res.message.deleted, what="the thinking message to go")
    assert refusal.ephemeral and "Bo already opened the next game" in refusal.text
    assert msg.text == finished
    h.assert_clean()


async def test_dev_guild_commands_sync_at_every_start(harness: Harness):
    h, fake = harness, harness.fake
    await h.stop_bot()
    await h.start_bot(dev_guild_id=fake.guild_id)
    names = {c["name"] for c in fake.guild_commands[fake.guild_id]}
    assert {"war", "tally", "rules"} <= names
    h.assert_clean()


async def test_a_table_opened_where_the_bot_lacks_a_permission_warns_its_host(
    harness: Harness,
):
    """Discord tells the bot, with every interaction, what it may do there: a table opened
    where it may not post warns its host privately (turn pings can't show, and the table stops
    updating by itself after 15 quiet minutes), naming the permission; elsewhere, no warning."""
    from tests.fakediscord.server import P_SEND_MESSAGES

    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await fake.set_bot_permissions(deny=P_SEND_MESSAGES)
    res = await h.slash(ana, "war", "start")
    assert not res.ephemeral and "table #1" in res.message.text
    await res.followup()  # the rules, for Ana to accept
    warning = await res.followup()
    assert warning.ephemeral and warning.audience == ana.id
    assert warning.text.startswith("\u26a0\ufe0f Heads up: I'm missing **Send Messages** in <#")
    assert "turn pings can't show" in warning.text
    await fake.set_bot_permissions()
    res = await h.slash(bo, "pyramid", "start")
    await res.followup()
    await h.bot.renderer.flush()
    assert len(res.followups) == 1  # the rules only
    h.assert_clean()


async def test_commands_are_for_servers_even_with_user_install_switched_on(harness: Harness):
    """With User Install also switched on in the Developer Portal, a command that names no
    installation context of its own would show in every server of whoever installed it,
    servers the bot is not in included: every command says servers only."""
    h, fake = harness, harness.fake
    puts = [r.json for r in fake.requests if r.method == "PUT" and "/commands" in r.path]
    assert puts and all(c["integration_types"] == [0] for body in puts for c in body)
    h.assert_clean()


async def test_a_dev_guild_emptied_again_takes_its_copies_of_the_commands_away(
    harness: Harness,
):
    """Commands synced to DEV_GUILD_ID's server stayed there once it was emptied, and that
    server listed every command twice (its copy and the global one)."""
    h, fake = harness, harness.fake
    await h.stop_bot()
    await h.start_bot(dev_guild_id=fake.guild_id)
    assert fake.guild_commands[fake.guild_id]
    await h.stop_bot()
    await h.start_bot()
    assert fake.guild_commands[fake.guild_id] == [] and fake.commands
    puts = fake.command_puts
    await h.stop_bot()
    await h.start_bot()
    assert fake.command_puts == puts  # nothing left to remove, nothing changed
    h.assert_clean()


async def test_another_application_on_the_same_database_gets_its_commands(harness: Harness):
    """Global commands are synced only when they changed; a new application (a test bot, then
    the real one) on the same database has none yet, and was never given them."""
    h, fake = harness, harness.fake
    await h.stop_bot()
    puts = fake.command_puts
    fake.application_id += 1  # the token of another application
    await h.start_bot()
    assert fake.command_puts == puts + 1
    h.assert_clean()


async def test_a_slash_command_that_blows_up_still_gets_an_apology(harness: Harness, monkeypatch):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")

    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(h.bot.games["war"], "open_table", broken)
    res = await h.slash(ana, "war", "start")
    assert res.ephemeral and res.message.text == english(bot.answer.APOLOGY)
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
    assert h.verbs(res.message) == ["leave"]  # and a way out from here: the usual question
    res = await h.click(ana, res.message, "leave")
    assert res.ephemeral and h.verbs(res.message) == ["confirm"]
    h.assert_clean()


async def told_privately(h: Harness, user, words: str):
    """The one message ``user`` can see that says ``words``: private (ephemeral)."""
    await h.bot.renderer.flush_private()
    (told,) = [m for m in h.fake.visible_to(user) if words in m.text]
    assert told.ephemeral
    return told


async def new_thread(h: Harness, name: str, parent=None):
    """A thread in ``parent`` (default #games), once the bot has it in its cache
    (THREAD_CREATE handled)."""
    created = asyncio.ensure_future(h.bot.wait_for("thread_create", timeout=5))
    thread = h.fake.add_thread(name, parent)
    assert (await created).id == thread.id
    return thread


async def test_a_table_in_a_thread_is_played_there_and_turn_pings_go_there(harness: Harness):
    """A thread is a channel like any other: the table, its edits and its turn pings are in
    the thread, the parent channel's overwrites apply, and the game plays to its end."""
    h, fake = harness, harness.fake
    thread = await new_thread(h, "war night")
    h.bot.pings.after = 0  # nudge at once (10 s of waiting on Discord)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    assert msg.channel_id == thread.id and not fake.channel_messages()  # nothing in #games
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    while not [m for m in fake.channel_messages(thread) if f"<@{bo.id}>" in m.content]:
        await play_war_step(h, table, msg, users)  # until Bo is the loser, and pinged
        await h.bot.pings.flush()
    await play_war(h, msg, tid, users)
    await h.rendered(lambda: h.verbs(msg) == ["again", "step", "record"])
    assert not fake.channel_messages()
    h.assert_clean()


async def test_a_thread_where_the_bot_may_not_post_still_plays_and_nothing_is_refused(
    harness: Harness,
):
    """Without Send Messages in Threads (denied on the parent channel, as Discord applies it),
    the table still plays through its interactions: the bot sends no post Discord would
    refuse there (no turn pings), and the answers need no permission."""
    h, fake = harness, harness.fake
    thread = await new_thread(h, "quiet war")
    await fake.set_bot_permissions(allow=P_SEND_MESSAGES, deny=P_SEND_MESSAGES_IN_THREADS)
    h.bot.pings.after = 0
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    while table.status == "playing":
        await play_war_step(h, table, msg, users)
        await h.bot.pings.flush()
    await h.rendered(lambda: h.verbs(msg) == ["again", "step", "record"])
    assert fake.channel_messages(thread) == [msg]  # the table, and no ping
    assert not [r for r in fake.requests if r.status == 403]
    h.assert_clean()


async def test_a_private_thread_the_bot_is_not_in_plays_and_the_host_learns_how_to_add_it(
    harness: Harness,
):
    """Discord shows a private thread only to its members (and those with Manage Threads):
    the bot hears nothing of it, may not join it by itself, and its requests there are
    refused. The table still plays through its interactions; the host is told privately how to
    add the bot, and a turn ping Discord refused there is not tried again at every turn (each
    refusal counts toward Discord's limit on invalid requests)."""
    h, fake = harness, harness.fake
    thread = fake.add_thread("secret war", private=True)
    h.bot.pings.after = 0
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    told = await told_privately(h, ana, "private thread")
    assert f"<@{fake.bot_user.id}>" in told.text
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    choices = 0
    while table.status == "playing" and choices < 3:
        choices += table.engine.view(table.state, None)["phase"] == "choice"
        await play_war_step(h, table, msg, users)
        await h.bot.pings.flush()
    assert choices == 3
    refused = [r for r in fake.requests if r.status == 403]
    assert [(r.method, r.route_template) for r in refused] == [
        ("PUT", "/channels/{channel_id}/thread-members/@me"),  # the join, at the start
        ("POST", "/channels/{channel_id}/messages"),  # the first ping, and no other
    ]
    h.bot.renderer._tokens.clear()  # 15 minutes after the last click: the channel's way
    await fire_the_next_clock(h, table)  # refused: the next to click learns why, and what to do
    await h.click(bo, msg, "seat")
    await h.bot.renderer.flush_private()
    (notice,) = [m for m in fake.visible_to(bo) if "can't see" in m.text]
    assert "In a private thread, add me to it" in notice.text
    assert not fake.violations and not fake.unknown_routes


async def test_a_thread_in_a_channel_hidden_from_the_bot_is_advised_view_channel_there(
    harness: Harness,
):
    """A public thread in a channel that denies Barkeep View Channel: Discord announces no
    thread the bot may not view, refuses its join (403), and still sends its members'
    interactions. The table plays; the host is told to allow View Channel (and Send Messages
    in Threads, off too) for Barkeep in that channel, named: the private thread's advice
    (mention the bot in it) can't work there."""
    h, fake = harness, harness.fake
    created = asyncio.ensure_future(h.bot.wait_for("guild_channel_create", timeout=5))
    staff = fake.add_channel("staff")
    await created
    await fake.set_bot_permissions(staff, deny=P_VIEW_CHANNEL | P_SEND_MESSAGES_IN_THREADS)
    thread = fake.add_thread("war night", staff)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    assert h.bot.get_channel(thread.id) is None  # never announced
    told = await told_privately(h, ana, "join this thread")
    assert told.text == (
        f"🔒 I can't see <#{staff.id}>, so I can't join this thread: I can't ping whose turn it "
        f"is, and table #{tid} stops updating by itself (when a clock runs out) 15 minutes after "
        f"the last click. Someone who manages <#{staff.id}> can allow me **View Channel** and "
        "**Send Messages in Threads** there, in the channel's settings (Permissions)."
    )
    await h.click(ana, msg, "start")
    assert (await h.service.get(tid)).status == "playing"
    refused = [r for r in fake.requests if r.status == 403]
    assert [(r.method, r.route_template) for r in refused] == [
        ("PUT", "/channels/{channel_id}/thread-members/@me"),
    ]
    h.assert_clean()


async def test_a_thread_follows_its_channels_game_rules(harness: Harness):
    """War switched off in the server but on in #war-den: a table opens in a thread of
    #war-den, and not in a thread of #games."""
    h, fake = harness, harness.fake
    boss = fake.add_user("Boss", manage_guild=True)
    den = fake.add_channel("war-den")
    await h.slash(boss, "settings", "game", game="war", enabled=False)
    await h.slash(boss, "settings", "game", game="war", enabled=True, options={"channel": den})
    in_games, in_den = await new_thread(h, "games night"), await new_thread(h, "den night", den)
    res = await h.slash(boss, "war", "start", channel=in_games)
    assert res.ephemeral and "War is switched off in this channel" in res.message.text
    res = await h.slash(boss, "war", "start", channel=in_den)
    assert not res.ephemeral and "table #" in res.message.text
    assert res.message.channel_id == in_den.id
    h.assert_clean()


def ends(h: Harness, *tids: int) -> asyncio.Event:
    """Set once every table in ``tids`` has ended."""
    done, left = asyncio.Event(), set(tids)

    def listen(change) -> None:
        if change.table.status == "ended":
            left.discard(change.table.id)
            if not left:
                done.set()

    h.service.listeners.append(listen)
    return done


async def test_deleting_a_tables_channel_or_thread_closes_it_and_frees_its_players(
    harness: Harness,
):
    """A moderator deletes the channel (or the thread) a table plays in: the table closes as
    End would close it (each seated player's game counted as ended, its clocks stopped), its
    players may sit down elsewhere, and the bot does not keep writing to a channel that is
    gone."""
    h, fake = harness, harness.fake
    created = asyncio.ensure_future(h.bot.wait_for("guild_channel_create", timeout=5))
    room = fake.add_channel("war-room")
    await created
    thread = await new_thread(h, "war night")
    inner = await new_thread(h, "war room talk", room)  # goes with its channel
    ana, bo, cy, di, ed = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Di", "Ed"))
    msg, tid = await open_table(h, "war", ana, [bo], channel=room)
    await h.click(ana, msg, "start")
    view = (await h.click(ana, msg, "seat")).message
    lobby_msg, lobby = await open_table(h, "war", cy, [di], channel=thread)
    inner_msg = (await h.slash(ed, "pyramid", "start", channel=inner)).message
    in_inner = int(h.custom_id(inner_msg, "join").split(":")[1])
    playing = await h.service.get(tid)
    assert playing.timers  # the dealer's clock runs
    await h.bot.renderer.flush()
    sent_before = len(fake.requests)

    closed = ends(h, tid, lobby, in_inner)
    await fake.delete_channel(room)
    await fake.delete_channel(thread)
    await asyncio.wait_for(closed.wait(), 5)

    table, other = await h.service.get(tid), await h.service.get(lobby)
    assert table.row.end_reason == "closed: its channel was deleted"
    assert other.row.end_reason == "closed: its thread was deleted"
    assert (await h.service.get(in_inner)).row.end_reason == "closed: its thread was deleted"
    assert not table.timers and h.service.next_due() is None
    async with h.bot.store.reading() as q:
        games = await q.player_breakdown(fake.guild_id, ana.id, since=0.0)
    assert [(g["game"], g["played"], g["won"]) for g in games] == [("war", 1, 0)]
    for who in (ana, bo, cy):  # free to play elsewhere: no "already seated" refusal
        res = await h.slash(who, "war", "start")
        assert not res.ephemeral, res.message.text
        await h.click(who, res.message, "end")
    await h.bot.renderer.flush()
    await h.bot.renderer.flush_private()
    gone = {str(room.id), str(thread.id), str(inner.id)}
    tries = [r for r in fake.requests[sent_before:] if any(g in r.path for g in gone)]
    assert len(tries) <= 6, [(r.method, r.path, r.status) for r in tries]  # no retry loop
    assert view.deleted and msg.deleted and lobby_msg.deleted and inner_msg.deleted
    h.assert_clean()


async def test_a_bot_removed_from_its_server_closes_the_tables_there(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    closed = ends(h, tid)
    await fake.remove_bot()
    await asyncio.wait_for(closed.wait(), 5)
    table = await h.service.get(tid)
    assert table.row.end_reason == "closed: Barkeep was removed from the server"
    assert h.service.open_tables() == [] and h.service.next_due() is None
    await h.bot.renderer.flush()
    refused = [r for r in fake.requests if r.status == 403]
    assert len(refused) <= 2, [(r.method, r.path) for r in refused]


async def kicked_with_a_ping_up(h: Harness):
    """Ana and Bo at a War table with a turn ping in #games; then the bot is removed from the
    server, which closes the table. Returns the ping and the table."""
    h.bot.pings.after = 0
    h.service.seeds = lambda: "archived-thread"
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    while not (pings := [m for m in h.fake.channel_messages() if "your turn" in m.content]):
        await play_war_step(h, table, msg, users)
        await h.bot.pings.flush()
    closed = ends(h, tid)
    await h.fake.remove_bot()
    await asyncio.wait_for(closed.wait(), 5)
    await h.bot.pings.flush()
    return pings[0], table


async def ping_gone(h: Harness, ping) -> None:
    """Wait until the turn ping is deleted; its record goes with it."""
    await h.fake.wait_for(lambda: ping.deleted, what="the ping to go")
    await h.bot.pings.flush()
    async with h.bot.store.reading() as q:
        assert await q.pings() == []


async def test_a_ping_discord_refuses_to_delete_while_the_bot_is_out_goes_when_it_is_back(
    harness: Harness,
):
    """Kicked mid-game: the table closes and its turn ping is to go, but Discord refuses the
    bot's delete (403) while it is out. The ping stays recorded, and goes when the bot is
    added back (before, its record was cleared first, and the ping, naming a closed table,
    stayed in the channel for good)."""
    h, fake = harness, harness.fake
    await h.bot.wait_until_ready()
    ping, table = await kicked_with_a_ping_up(h)
    assert not ping.deleted
    assert [(r.method, r.status) for r in fake.requests if r.status == 403] == [("DELETE", 403)]
    async with h.bot.store.reading() as q:
        assert await q.pings() == [(table.id, ping.channel_id, ping.id, True)]
    await fake.add_bot_back()
    await ping_gone(h, ping)
    assert not fake.violations and not fake.unknown_routes


async def test_a_bot_removed_while_it_was_away_closes_the_tables_there_when_it_is_back(
    harness: Harness,
):
    """No event says a server removed the bot while it was offline: READY simply does not list
    it. Its tables close then (before, they played on unseen, charging drinks that counted in
    /tally). Not if the token is another bot's than the one that stored them."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    await h.stop_bot()
    fake.in_guild = False  # kicked meanwhile
    async with _store(h.db_path) as store:
        async with store.transaction() as tx:
            await tx.set_meta("bot_user_id", "42")  # stored by another bot
    await h.start_bot()
    await h.bot.wait_until_ready()
    assert (await h.service.get(tid)).status == "playing"  # another bot's tables: left alone
    await h.stop_bot()
    async with _store(h.db_path) as store:
        async with store.transaction() as tx:
            await tx.set_meta("bot_user_id", str(fake.bot_user.id))
    await h.start_bot()
    await h.bot.wait_until_ready()
    table = await h.service.get(tid)
    await fake.wait_for(lambda: table.status == "ended", what="the table to close")
    assert table.row.end_reason == "closed: Barkeep was removed from the server"
    assert h.service.open_tables() == []


async def fire_the_next_clock(h: Harness, table) -> None:
    h.clock.advance(min(t.due_at for t in table.timers.values()) - h.clock.now())
    assert await h.service.fire_due() == 1
    await h.bot.renderer.flush()


async def war_in_a_thread(h: Harness):
    """Ana and Bo at a started War table in a new thread, with a fixed deal whose first hand
    has a loser. Returns the thread, the players, the table message and the table."""
    h.service.seeds = lambda: "archived-thread"
    thread = await new_thread(h, "war night")
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    await h.bot.renderer.flush()
    return thread, ana, bo, msg, table


async def test_a_table_whose_thread_was_archived_reopens_it_and_carries_on(harness: Harness):
    """A thread archives itself after a while without a new message, and a game only edits
    its one message: a clock that fires then must still show on the table. The bot reopens
    the thread (as a member's message would) and the edit lands; a click there works too (a
    member's click reopens it). A locked thread stays shut: one try, a warning, no loop."""
    h, fake = harness, harness.fake
    thread, ana, bo, msg, table = await war_in_a_thread(h)
    assert thread.joined  # only a member may reopen a thread by editing it

    await fake.archive_thread(thread)
    await fire_the_next_clock(h, table)  # the dealer flips
    assert not thread.archived
    assert "drink" in h.verbs(msg) and "lost by" in msg.text  # the flip shows
    await fake.archive_thread(thread)
    loser = {0: ana, 1: bo}[table.engine.view(table.state, None)["loser"]]
    res = await h.click(loser, msg, "drink")
    assert res.ok and res.in_place and not thread.archived and "flip" in h.verbs(msg)

    await h.bot.renderer.flush()
    shown = msg.text
    await fake.archive_thread(thread, locked=True)
    sent = len(fake.requests)
    await fire_the_next_clock(h, table)
    assert thread.archived and msg.text == shown  # Discord keeps it shut: nothing to do
    tries = fake.requests[sent:]
    assert len(tries) <= 4, [(r.method, r.path, r.status) for r in tries]
    assert not fake.violations and not fake.unknown_routes


async def test_a_thread_the_bot_is_not_in_is_reopened_by_a_silent_message(harness: Harness):
    """A table opened before the bot joined its threads (or whose join was refused): Discord
    refuses the bot's edit that would reopen the thread, so the bot reopens it as a member
    would, with a message (silent: nobody is notified), and joins it; the next time an edit
    does it, with no message."""
    h, fake = harness, harness.fake
    thread, ana, bo, msg, table = await war_in_a_thread(h)
    thread.joined = False  # as for a table opened before this bot joined threads
    h.bot.renderer._joined.clear()

    await fake.archive_thread(thread)
    await fire_the_next_clock(h, table)  # the dealer flips
    await h.bot.renderer.flush()
    assert not thread.archived and "drink" in h.verbs(msg)  # the flip shows
    (said,) = [m for m in fake.channel_messages(thread) if m is not msg]
    assert said.text == f"🔓 Table #{table.id} is still on, so I reopened this thread."
    assert said.current["flags"] & 4096  # SUPPRESS_NOTIFICATIONS
    assert thread.joined

    h.bot.renderer._reopened.clear()  # an hour later, say (a minute's retries are skipped)
    await fake.archive_thread(thread)
    await fire_the_next_clock(h, table)  # the loser's clock: they drink
    assert not thread.archived and "flip" in h.verbs(msg)
    assert len(fake.channel_messages(thread)) == 2  # reopened by an edit this time
    h.assert_clean()


async def test_a_thread_the_bot_may_not_reopen_closes_its_tables_and_says_so(harness: Harness):
    """Discord lets a thread's member reopen it by editing it, with no other permission (the
    threads topic); a bot that is not one of its members reopens it with a message, which
    takes Send Messages in Threads. Without both, Discord refuses either way: before, the
    table played on by its clocks (drinks charged, players struck out) while its message
    stayed frozen, and nobody was told. Now its tables close, as a locked thread's do; the
    last to click is told privately why, and what would let the bot reopen it; a click there
    (which reopens the thread) shows the end. No slash command comes from an archived thread."""
    h, fake = harness, harness.fake
    thread, ana, bo, msg, table = await war_in_a_thread(h)
    await fake.set_bot_permissions(allow=P_SEND_MESSAGES, deny=P_SEND_MESSAGES_IN_THREADS)
    await fake.archive_thread(thread)
    with pytest.raises(AssertionError, match="archived"):  # Discord's client sends none
        await fake.slash(ana, "tally", channel=thread)
    await fire_the_next_clock(h, table)  # the dealer flips: a member, the bot's edit reopens it
    assert not thread.archived and "drink" in h.verbs(msg)

    thread.joined = False  # as for a table opened before this bot joined threads
    h.bot.renderer._joined.clear()
    h.bot.renderer._reopened.clear()  # an hour later, say
    await fake.archive_thread(thread)
    shown = msg.text
    await fire_the_next_clock(h, table)  # the loser's clock: neither an edit nor a message
    await h.rendered(lambda: table.status == "ended" and not table.timers)
    assert table.row.end_reason == "closed: its thread was archived, and Barkeep may not reopen it"
    assert thread.archived and msg.text == shown
    told = await told_privately(h, ana, "archived")
    assert told.text == (
        f"🗄️ This thread was archived, and Discord won't let me reopen it: I closed table "
        f"#{table.id} rather than let its clocks play on where nobody sees them. So that the "
        f"next table here carries on, someone who manages <#{fake.channel_id}> can allow me "
        "**Send Messages in Threads** there, in the channel's settings (Permissions)."
    )
    assert not [m for m in fake.visible_to(bo) if "archived" in m.text]  # told once
    res = await h.click(bo, msg, "drink")  # a member's click reopens it: the end shows
    assert res.in_place and h.verbs(msg) == ["again", "step", "record"] and not thread.archived
    assert "Closed: its thread was archived" in msg.text
    assert not fake.violations and not fake.unknown_routes


async def test_a_thread_archived_while_the_bot_was_away_keeps_its_table(harness: Harness):
    """Discord announces only active threads when the bot connects: an archived thread is not
    in its cache, which is also what a deleted one looks like. It is looked up, found, and its
    table plays on (the first change reopens it)."""
    h, fake = harness, harness.fake
    thread, ana, bo, msg, table = await war_in_a_thread(h)
    await h.stop_bot()
    await fake.archive_thread(thread)
    await h.start_bot()
    await h.bot.wait_until_ready()
    await fake.wait_for(
        lambda: any(r.path.endswith(f"/channels/{thread.id}") for r in fake.requests),
        what="the archived thread to be looked up",
    )
    await h.bot.renderer.flush()
    table = await h.service.get(table.id)
    assert table.status == "playing"
    res = await h.click(ana, msg, "flip")
    assert res.in_place and not thread.archived and "flip" not in h.verbs(msg)
    h.assert_clean()


async def test_a_private_view_in_an_archived_thread_reopens_it_too(harness: Harness):
    """Discord refuses edits of any message in an archived thread, a player's private view
    (an interaction's ephemeral message) too. A view whose edit comes before the table's
    (the table's waits for its turn in the channel's budget) reopens the thread itself and
    lands; before, it was dropped until the next change."""
    h, fake = harness, harness.fake
    thread = await new_thread(h, "war night")
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    await h.click(ana, msg, "start")
    view = (await h.click(bo, msg, "seat")).message
    table = await h.service.get(tid)
    await h.bot.renderer.flush()
    await fake.archive_thread(thread)
    # Bo's view is behind the table (as after a change whose table edit is still queued):
    # only the view is edited
    h.bot.renderer._private_seen[(tid, bo.id)] = "an older screen"
    edits = len(view.versions)
    h.bot.renderer.refresh_private(table)
    await h.bot.renderer.flush_private()
    assert not thread.archived and len(view.versions) == edits + 1  # reopened, and it landed
    assert "Waiting for a flip" in view.text
    assert not fake.violations and not fake.unknown_routes


async def test_a_ping_on_its_way_when_the_table_ends_is_deleted_all_the_same(harness: Harness):
    """Race audit: the ping's record is taken off before it is sent, so a table that ended
    while Discord was posting it found no ping to delete, and the ping stayed in the channel
    (until the next restart). An end now also retires a ping that is on its way."""
    h, fake = harness, harness.fake
    h.bot.pings.after = 0  # nudge at once
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    fake.stall("POST", "/channels/{channel_id}/messages", apply=True)  # posted, answered later
    while not fake.stalled:  # Ana flips until Bo loses a hand: his choice, and his ping
        await play_war_step(h, table, msg, users)
        if (v := table.engine.view(table.state, None))["phase"] == "choice" and v["loser"] == 1:
            await fake.wait_for(lambda: fake.stalled, what="Bo's ping, held")
    [ping] = [m for m in fake.channel_messages() if f"<@{bo.id}>" in m.content]
    await h.confirmed(ana, msg, "end")  # the host ends the table meanwhile
    fake.release()
    await h.bot.pings.flush()
    assert ping.deleted
    h.assert_clean()


async def test_a_shared_clocks_ping_names_only_those_it_still_waits_on(harness: Harness):
    """Shithead's choosing clock waits on everyone at first; Ana and Bo choose before its
    nudge is due, so the ping mentions Cy alone."""
    from bot.engines.shithead import ChooseUp

    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    msg, tid = await open_table(h, "shithead", ana, [bo, cy])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    assert set(h.bot.pings._nudges[tid]) == {"choose"}  # waiting on all three (10 s)
    for user in (ana, bo):
        hand = table.view(table.seat_of(user.id))["hand"]
        await h.service.act(tid, user.id, ChooseUp([c["id"] for c in hand[:3]]))
    h.bot.pings._due(table, "choose", [ana.id, bo.id, cy.id])  # the nudge comes due now
    await h.bot.pings.flush()
    pings = [m for m in fake.channel_messages() if m is not msg]
    assert len(pings) == 1 and f"<@{cy.id}>" in pings[0].content, [p.content for p in pings]
    assert f"<@{ana.id}>" not in pings[0].content and f"<@{bo.id}>" not in pings[0].content
    h.assert_clean()


async def test_a_table_whose_thread_a_moderator_locks_closes_instead_of_playing_on_unseen(
    harness: Harness,
):
    """A locked, archived thread can't be reopened or edited: before, the table's clocks went
    on firing where nobody could see them (drinks charged, players struck out, a result
    recorded). Now its tables close when the lock is announced; a thread only archived is
    reopened (see above)."""
    h, fake = harness, harness.fake
    thread = await new_thread(h, "war night")
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=thread)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    closed = asyncio.ensure_future(h.bot.wait_for("raw_thread_update", timeout=5))
    await fake.archive_thread(thread, locked=True)
    await closed
    await h.rendered(lambda: table.status == "ended" and not table.timers)
    assert table.row.end_reason == "closed: its thread was locked"
    assert h.service.open_tables() == []
    h.assert_clean()


async def test_a_thread_locked_but_left_open_closes_its_tables_even_if_the_bot_manages_threads(
    harness: Harness,
):
    """Since 2023 a moderator can lock a thread without closing it; then only members with
    Manage Threads may write there, and Discord refuses the bot's edits (160005). Discord's
    client also disables every button in a locked thread, for everyone: nobody can play on,
    so its tables close when the lock is announced, or, for a lock made while the bot was
    away, at the first refused edit. A bot that has Manage Threads there may still write, but
    nobody can click: its tables close all the same (before, the clocks played the game out,
    charging drinks and pinging players who could not answer), when the lock is announced or
    when the bot is back."""
    h, fake = harness, harness.fake
    h.bot.pings.after = 0

    async def war_in_a_new_thread(name: str, host: str, guest: str):
        thread = await new_thread(h, name)
        user = fake.add_user(host)
        msg, tid = await open_table(h, "war", user, [fake.add_user(guest)], channel=thread)
        await h.click(user, msg, "start")
        return thread, user, msg, tid

    thread, _, msg, tid = await war_in_a_new_thread("war night", "Ana", "Bo")
    table = await h.service.get(tid)
    announced = asyncio.ensure_future(h.bot.wait_for("raw_thread_update", timeout=5))
    await fake.lock_thread(thread)
    await announced
    await h.rendered(lambda: table.status == "ended" and not table.timers)
    assert table.row.end_reason == "closed: its thread was locked"

    # locked while the bot was down: the next edit is refused, and the tables close then
    other, _, msg, tid = await war_in_a_new_thread("war night 2", "Cy", "Dee")
    await h.stop_bot()
    await fake.lock_thread(other)
    await h.start_bot()
    table = await h.service.get(tid)
    h.clock.advance(60)  # the dealer's clock flips: the table changes, its edit is refused
    await h.service.fire_due()
    await h.rendered(lambda: table.status == "ended")
    assert table.row.end_reason == "closed: its thread was locked"

    # with Manage Threads, the bot may still write there, but nobody can click: it closes too,
    # and its end shows
    await fake.set_bot_permissions(allow=P_MANAGE_THREADS)
    third, eve, msg, tid = await war_in_a_new_thread("war night 3", "Eve", "Fay")
    table = await h.service.get(tid)
    announced = asyncio.ensure_future(h.bot.wait_for("raw_thread_update", timeout=5))
    await fake.lock_thread(third)
    await announced
    await h.rendered(lambda: table.status == "ended" and not table.timers)
    assert table.row.end_reason == "closed: its thread was locked"
    await h.bot.pings.flush()
    assert (
        h.verbs(msg) == ["again", "step", "record"] and "Closed: its thread was locked" in msg.text
    )
    assert not [m for m in fake.channel_messages(third) if "your turn" in m.content]
    with pytest.raises(AssertionError, match="locked thread"):  # Discord's client: disabled
        await h.click(eve, msg, "again")
    # a moderator may still send a command there: no table opens where nobody could press it
    data = {"name": "war", "type": 1, "options": [{"name": "start", "type": 1}]}
    res = await fake.interact(fake.add_user("Mod"), 2, data, channel=third)
    assert res.ephemeral and res.message.text.startswith("This thread is locked")
    assert [m.id for m in fake.channel_messages(third) if "table #" in m.text] == [msg.id]

    # and locked while the bot was down: it closes when the bot is back
    fourth, _, msg, tid = await war_in_a_new_thread("war night 4", "Gus", "Hal")
    await h.stop_bot()
    await fake.lock_thread(fourth)
    await h.start_bot()
    table = await h.service.get(tid)
    await h.rendered(lambda: table.status == "ended" and not table.timers)
    assert table.row.end_reason == "closed: its thread was locked"
    h.assert_clean()


@pytest.mark.parametrize("game", sorted(bot.games.GAMES))
async def test_the_consent_says_this_is_a_drinking_game_only_where_someone_drinks(
    harness: Harness, game: str
):
    """Spit, Tarok and Give & Take have no drinks: their consent said "This is a drinking
    game" just under "No drinks in this one". Shithead drinks only by a house rule: without
    one, nobody drinks (and its lobby has no "Drink responsibly" line)."""
    h, fake = harness, harness.fake
    cases = [{}, {"pickup_sip": True}] if game == "shithead" else [{}]
    for options in cases:
        res = await h.slash(fake.add_user("Ana"), game, "start", **options)
        rules = await res.followup()
        drinks = ENGINES[game].drinks if game != "shithead" else bool(options)
        assert ENGINES[game].drinks_with(options) is drinks
        assert ("This is a drinking game" in rules.text) is drinks
        assert ("Nobody drinks in this one" in rules.text) is not drinks
        assert not ("No drinks in this one" in rules.text and drinks)
        assert "I'm in" in rules.text
        assert ("Drink responsibly" in res.message.text) is drinks  # the lobby
        # rules README: "Before the first deal the table publishes the SHA-256 of its seed"
        table = await h.service.get(int(h.custom_id(res.message, "join").split(":")[1]))
        assert f"Seed SHA-256 {table.seed_hash} " in res.message.text
        assert table.row.seed not in json.dumps(res.message.current)
    h.assert_clean()


@contextlib.asynccontextmanager
async def _store(path):
    store = await Store.open(path)
    try:
        yield store
    finally:
        await store.close()


async def test_a_table_whose_embed_a_moderator_hides_shows_again(harness: Harness):
    """Someone with Manage Messages removes the table's "embed" (the table itself): Discord
    then serves the message with its buttons only. The bot, its author, shows it again at the
    next change, whether a click (its answer comes with the message as it is), an edit through
    a click's token or a channel edit, and posts no notice about permissions, which are fine."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    await h.bot.renderer.flush()

    def shown() -> bool:
        return not msg.current["flags"] & 4 and f"table #{tid}" in msg.text

    await fake.suppress_embeds(msg)
    assert not shown()
    await h.click(ana, msg, "flip")  # a click on the hidden table
    await h.rendered(shown, "the table shown again after a click")

    await fake.suppress_embeds(msg)
    await fire_the_next_clock(h, table)  # an edit through the last click's token
    await h.rendered(shown, "the table shown again after a token's edit")

    h.bot.renderer._tokens.clear()  # 15 minutes on: edits go through the channel
    await fake.suppress_embeds(msg)
    await fire_the_next_clock(h, table)
    await h.rendered(shown, "the table shown again after a channel edit")
    assert fake.channel_messages() == [msg]  # no "I'm missing a permission" notice
    h.assert_clean()


async def test_a_nickname_changed_mid_game_shows_from_that_players_next_move(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    ana.nick = "Captain {p1}"  # a moderator renames her; a name is shown, never filled in
    res = await h.click(ana, msg, "flip")
    assert res.in_place
    assert "Captain {p1}" in msg.text and "Ana" not in msg.text
    table = await h.service.get(tid)
    assert table.seat_row(ana.id).name == "Captain {p1}"
    async with h.service.store.reading() as q:  # stored with the move, kept after a restart
        assert [s.name for s in await q.seats(tid)] == ["Captain {p1}", "Bo"]


async def war_in_a_room(h: Harness) -> tuple[Any, int, tuple[Any, Any]]:
    """A channel of its own (the bot told of it), and a War table of Ana and Bo started
    there: the channel, the table's id, and the two players."""
    created = asyncio.ensure_future(h.bot.wait_for("guild_channel_create", timeout=5))
    room = h.fake.add_channel("war-room")
    await created
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo], channel=room)
    await h.click(ana, msg, "start")
    return room, tid, (ana, bo)


def renderer_keeps(h: Harness, tid: int) -> dict[str, bool]:
    r = h.bot.renderer
    return {
        name: tid in d
        for name, d in (("tables", r._tables), ("shown", r._shown), ("drawn", r._drawn))
    }


async def test_a_table_closed_by_its_channels_deletion_is_forgotten(harness: Harness):
    """A finished table is forgotten once its end screen lands; one whose channel is gone
    never lands it, so its table, screens and records stayed in memory for the life of the
    process (lifecycle audit)."""
    h, fake = harness, harness.fake
    room, tid, _ = await war_in_a_room(h)
    await h.bot.renderer.flush()
    closed = ends(h, tid)
    await fake.delete_channel(room)
    await asyncio.wait_for(closed.wait(), 5)
    await h.bot.renderer.flush()
    assert not any(renderer_keeps(h, tid).values()), renderer_keeps(h, tid)


async def test_a_table_closed_by_a_kick_tells_nobody_of_missing_permissions(harness: Harness):
    """Removed from the server, the bot took the refused edit of the closed table's end for a
    missing channel permission: once added back, the first player to press the old message
    was told 'I can't update table #1 ... allow me View Channel', which was false."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    await h.bot.renderer.flush()
    h.clock.advance(20 * 60)  # no live token on the table: its end is a channel edit
    fake.advance(20 * 60)
    closed = ends(h, tid)
    await fake.remove_bot()
    await asyncio.wait_for(closed.wait(), 5)
    await h.bot.renderer.flush()
    assert not any(renderer_keeps(h, tid).values()), renderer_keeps(h, tid)
    await fake.add_bot_back()
    res = await h.click(bo, msg, "flip")  # the old message, still showing a live game
    await h.bot.renderer.flush()
    await h.bot.renderer.flush_private()
    assert res.ok and "is over" in msg.text, msg.text
    told = [m.text for m in fake.messages.values() if "can't update" in m.text]
    assert told == [], told
