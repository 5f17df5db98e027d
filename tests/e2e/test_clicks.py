"""Clicks that must still be answered, and inputs that must get a plain answer (issue 7)."""

from __future__ import annotations

import asyncio
import logging
import re

import discord
import pytest

import bot.answer
import bot.gamecog
from bot.i18n import english
from bot.ui.components import submitted_values
from tests.e2e.conftest import Harness
from tests.e2e.test_war_e2e import open_war
from tests.harness import from_another_server, open_table

EDIT = "/channels/{channel_id}/messages/{message_id}"


def button_row(*buttons: tuple[str, str]) -> list[dict]:
    return [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "label": label, "custom_id": cid} for label, cid in buttons
            ],
        }
    ]


async def to_choice(h: Harness, msg, flipper) -> None:
    while "drink" not in h.verbs(msg):
        await h.click(flipper, msg, "flip")


async def loser_of(h: Harness, tid: int, users: dict):
    table = await h.service.get(tid)
    return users[table.user_at(table.engine.view(table.state, None)["loser"]).user_id]


async def test_a_button_an_edit_removed_is_answered_too_late_in_plain_words(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    flip = h.custom_id(msg, "flip")
    await to_choice(h, msg, ana)  # Ana's flip replaced Flip with Drink / Double
    assert flip not in msg.custom_ids()
    table = await h.service.get(tid)
    seq = table.row.seq
    res = await fake.click(bo, msg, flip, stale=True)  # Bo taps Flip a moment too late
    assert res.ok and res.type == 4 and res.ephemeral
    assert res.message.text == "Too late: the cards are already turned."
    assert table.row.seq == seq and "drink" in h.verbs(msg)  # nothing changed
    h.assert_clean()


async def test_a_flip_meant_for_a_hand_already_turned_never_turns_the_next(harness: Harness):
    """Flip names its hand: a press meant for hand 1, arriving once hand 1 is turned and
    settled (both players pressed at once, or a slow phone), is refused, and the next hand
    waits for a press of its own. Without the hand in the button, both presses turned one
    hand each."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    flip = h.custom_id(msg, "flip")
    await to_choice(h, msg, ana)
    loser = await loser_of(h, tid, {ana.id: ana, bo.id: bo})
    view = (await h.click(loser, msg, "seat")).message
    await h.click(loser, view, "drink")  # hand 1 is settled: hand 2 is due
    await h.bot.renderer.flush()
    assert "flip" in h.verbs(msg) and flip not in msg.custom_ids()
    table = await h.service.get(tid)
    seq = table.row.seq
    res = await fake.click(bo, msg, flip, stale=True)  # Bo's press for hand 1, late
    assert res.ephemeral and res.message.text == "Too late: hand 1 is already turned."
    assert table.row.seq == seq and "Either player flips hand 2" in msg.text
    res = await h.click(bo, msg, "flip")  # the button on the table now: hand 2
    assert res.in_place and table.row.seq == seq + 1
    assert f"Hand {table.engine.view(table.state, None)['turned_hand']}" in msg.text
    await h.bot.renderer.flush()
    h.assert_clean()


async def test_a_click_on_an_old_table_copy_never_puts_a_private_screen_on_a_public_message(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    old, tid = await open_war(h, ana, bo)
    await h.click(ana, old, "start")
    seat, flip = h.custom_id(old, "seat"), h.custom_id(old, "flip")
    new = (await h.slash(bo, "table")).message
    await h.rendered(lambda: "moved down here" in old.text and old.custom_ids() == [])
    # the old copy lost its buttons; players who had it on screen still press them
    res = await fake.click(ana, old, seat, stale=True)
    assert res.ok and res.ephemeral and res.message is not old and "Your seat" in res.message.text
    res = await fake.click(bo, old, flip, stale=True)
    assert res.ok and res.in_place and "moved down here" in old.text  # it stays an old copy
    await h.rendered(lambda: "Hand 1" in new.text, "the live copy to show the flip")
    for m in fake.channel_messages():  # no public message ever showed a private screen
        for v in m.versions:
            text = str(v)
            assert "Your seat" not in text and "Only you can see this" not in text
    h.assert_clean()


async def test_a_name_that_looks_like_a_placeholder_is_shown_as_written(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("{p1}"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    await h.click(ana, msg, "flip")
    text = msg.text
    assert "Hand 1: **{p1}** " in text and " · **Bo** " in text
    assert "**{p1}**: 25 cards left" in text and "**Bo**: 25 cards left" in text
    # the log: each line names its own player ({p1} is not filled with Bo's name)
    while "drink" not in h.verbs(msg):  # a tie names nobody: on to a hand someone loses
        await h.click(ana, msg, "flip")
    table = await h.service.get(tid)
    loser = table.user_at(table.state.loser).name
    assert re.search(rf"\*\*{re.escape(loser)}\*\* loses the hand", msg.text), msg.text
    h.assert_clean()


async def deal_and_flip(h: Harness, host, guest):
    """A War table for two players whose names the bot cleans (``open_table`` waits for the
    names as given), dealt, and its first hand flipped: the table message and its id."""
    res = await h.slash(host, "war", "start")
    msg, tid = res.message, int(h.custom_id(res.message, "join").split(":")[1])
    await h.click(host, await res.followup(), "consent")
    await h.join(guest, msg)
    await h.click(host, msg, "start")
    assert (await h.click(host, msg, "flip")).in_place
    return msg, tid


async def test_a_lone_surrogate_in_a_name_or_a_form_is_dropped_not_stored(harness: Harness):
    """Half a UTF-16 pair is no character: JSON can carry one ("\\ud800"), UTF-8 cannot, so
    SQLite refused the seat of a player named with one and the click got an apology. Discord
    never sends one; a forged event is played with the name (or the words) without it."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("An\ud800a"), fake.add_user("\udfffBo \U0001f37a")
    msg, tid = await deal_and_flip(h, ana, bo)
    table = await h.service.get(tid)
    assert [s.name for s in table.seats] == ["Ana", "Bo \U0001f37a"]  # a whole pair stays
    assert "**Ana**" in msg.text and "**Bo \U0001f37a**" in msg.text
    form = {"components": [{"type": 1, "components": [{"type": 4, "value": "Sing\ud800!"}]}]}
    assert submitted_values(form) == ["Sing!"]
    assert submitted_values({"values": ["1\udc00"]}) == ["1"]
    h.assert_clean()


async def test_invisible_characters_in_names_turn_no_text_around_and_hide_no_one(
    harness: Harness,
):
    """A right-to-left override in a display name would turn the rest of each table line
    around it; a name of zero-width spaces would show nobody. Both are cleaned when the player
    sits down (the second one goes by their username), for the table and the tally alike."""
    h, fake = harness, harness.fake
    ana, ghost = fake.add_user("\u202eAna\u202c"), fake.add_user("\u200b\u200b")
    msg, tid = await deal_and_flip(h, ana, ghost)
    table = await h.service.get(tid)
    ghost_name = table.seat_row(ghost.id).name
    assert (
        table.seat_row(ana.id).name == "Ana" and ghost_name.strip() and "\u200b" not in ghost_name
    )
    for text in (msg.text, (await h.slash(ana, "tally")).message.text):
        assert not re.search("[\u200b-\u200f\u202a-\u202e\u2066-\u2069]", text), repr(text)
    assert "**Ana**: 25 cards left" in msg.text and f"**{ghost_name}**: 25 cards left" in msg.text
    h.assert_clean()


async def test_names_with_markdown_or_mentions_are_shown_literally(harness: Harness):
    h, fake = harness, harness.fake
    names = ["**Bold**", "`tick`", "||spoiler||", "@everyone", "<@123456789012345678>"]
    names += ["<t:0:R>", "<:kek:123456789012345678>", "</limits:123456789012345678>"]
    users = [fake.add_user(n) for n in names]
    res = await h.slash(users[0], "pyramid", "start")
    msg = res.message
    await h.click(users[0], await res.followup(), "consent")
    for u in users[1:]:
        await h.join(u, msg)
    escaped = [
        r"\*\*Bold\*\*",
        r"\`tick\`",
        r"\|\|spoiler\|\|",
        "@\u200beveryone",
        "\\<@\u200b123456789012345678>",
        "\\<t:0:R>",
        "\\<:kek:123456789012345678>",
        "\\</limits:123456789012345678>",
    ]
    await h.rendered(lambda: all(e in msg.text for e in escaped), "the escaped names")
    shown = "\n".join(text for _, text in fake.everything_shown())
    for raw in names[:3]:
        assert f" {raw}" not in shown and f"{raw} " not in shown
    assert "@everyone" not in shown and "<@123456789012345678>" not in shown
    assert not re.search(r"(?<!\\)<(t:0:R|:kek:|/limits:)", shown)
    res = await h.click(users[0], msg, "start")  # and nothing else changes: the game runs
    assert res.in_place and "Look at my cards" in msg.text
    board = await h.slash(users[1], "tally", options={"user": users[1]})
    assert r"\`tick\`" in board.message.text
    h.assert_clean()


async def test_numbers_in_custom_ids_are_ascii_and_bounded(harness: Harness, caplog):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await h.slash(ana, "pyramid", "start")
    tid = int(h.custom_id(res.message, "join").split(":")[1])
    huge = f"war:{2**63}:flip"  # would overflow a 64-bit integer
    big = f"war:{10**18 - 1}:flip"  # in range, but no such table
    arabic = "war:\u0661:flip"  # a non-ASCII digit
    ghost = await fake.post_message(
        "old buttons", components=button_row(("a", huge), ("b", big), ("c", arabic))
    )
    picker = await fake.post_message(
        "an old select",
        components=[
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": f"pyramid:{tid}:lay:_",
                        "options": [
                            {"label": "two", "value": "\u00b2"},
                            {"label": "one", "value": "\u00b9"},
                        ],
                    }
                ],
            }
        ],
    )
    with caplog.at_level(logging.ERROR):
        for cid in (huge, arabic):
            res = await fake.click(ana, ghost, cid)
            assert res.ephemeral and res.message.text == english(bot.answer.STALE)
        res = await fake.click(ana, ghost, big)
        assert res.ephemeral and "can't find that table" in res.message.text
        for value in ("\u00b2", "\u00b9"):
            res = await fake.select(ana, picker, f"pyramid:{tid}:lay:_", [value])
            assert res.ephemeral and res.message.text == english(bot.answer.STALE)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    h.assert_clean()


async def test_clicks_are_checked_against_the_tables_server_and_channel(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    mod = fake.add_user("Mod", manage_guild=True)
    msg, tid = await open_war(h, ana, bo)
    end = h.custom_id(msg, "end")
    data = {"custom_id": end, "component_type": 2}

    res = await fake.interact(mod, 3, data, message=msg, edit=from_another_server)  # forged
    assert res.ok and res.ephemeral and res.message.text == english(bot.gamecog.ELSEWHERE)
    elsewhere = fake.add_channel("elsewhere")
    res = await fake.interact(mod, 3, data, message=msg, channel=elsewhere)
    assert res.ok and res.ephemeral and res.message.text == english(bot.gamecog.ELSEWHERE)
    table = await h.service.get(tid)
    assert table.status == "lobby" and "join" in h.verbs(msg)  # nothing changed
    res = await h.click(mod, msg, "end")  # from here, Manage Server may end it
    assert res.in_place and table.status == "ended"
    h.assert_clean()


async def test_a_forged_private_press_on_the_table_is_answered_privately(harness: Harness):
    """The answers to Yes, leave / Yes, end it / the rules' consent belong on the private
    message that asked: pressed on the public table (only a forged click can), they come
    privately and the table stays on its message."""
    h, fake = harness, harness.fake
    ana, bo, cy, eve = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Eve"))
    msg, tid = await open_table(h, "giveandtake", ana, [bo, cy])
    data = {"custom_id": f"giveandtake:{tid}:consent", "component_type": 2}
    res = await fake.interact(eve, 3, data, message=msg)
    assert res.ephemeral and f"You're in at table #{tid}" in res.message.text
    await h.rendered(lambda: "Eve" in msg.text)  # the lobby shows her, as a join does
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    shown = msg.text
    for user, verb, said in (
        (fake.add_user("Zed"), "confirm:leave", f"You're not playing at table #{tid}."),
        (bo, "confirm:end", "Only the host (or a moderator) can end the table."),
    ):
        data = {"custom_id": f"giveandtake:{tid}:{verb}", "component_type": 2}
        res = await fake.interact(user, 3, data, message=msg)
        assert res.ok and res.ephemeral and said in res.message.text, (verb, res)
        assert msg.text == shown and table.status == "playing"
    # the same for the buttons of /limits, which act for whoever presses them
    data = {"custom_id": "limits:0:free", "component_type": 2}
    res = await fake.interact(bo, 3, data, message=msg)
    assert res.ok and res.ephemeral and "Alcohol-free it is" in res.message.text
    assert msg.text == shown
    h.assert_clean()


async def test_a_private_view_sent_after_a_deferral_never_lands_on_the_table(
    harness: Harness, monkeypatch
):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    cog = h.bot.games["war"]
    monkeypatch.setattr(bot.answer, "DEFER_AFTER", 0.05)
    gate = asyncio.Event()
    handle = cog.handle

    async def slow_handle(*args, **kwargs):
        await gate.wait()  # e.g. a disk stall
        return await handle(*args, **kwargs)

    monkeypatch.setattr(cog, "handle", slow_handle)
    answered = await fake.click(bo, msg, h.custom_id(msg, "seat"))
    assert answered.type == 6  # deferred: the private view will come as a follow-up
    gate.set()
    view = await answered.followup()
    assert view.ephemeral and "Your seat" in view.text
    monkeypatch.setattr(cog, "handle", handle)
    await h.click(ana, msg, "flip")  # a change: Bo's private view is kept fresh...
    await h.bot.renderer.flush()
    assert "Hand 1" in view.text  # ... through its own message id
    for v in msg.versions:  # and the table never showed a private screen
        assert "Your seat" not in str(v)
    h.assert_clean()


async def test_players_clicking_one_table_together_are_answered_at_once(
    harness: Harness, monkeypatch
):
    """While one answer's edit of the table is on its way, the other clicks on that table are
    acknowledged at once (not queued a round trip each behind it), then the newest screen
    follows, once: the table ends showing every player who joined."""
    h, fake = harness, harness.fake
    host = fake.add_user("Host")
    guests = [fake.add_user(f"Guest{i}") for i in range(5)]
    msg, tid = await open_table(h, "pyramid", host, [])
    for g in guests:
        await h.service.give_consent(g.id, "pyramid")
    first_edit, go_on = asyncio.Event(), asyncio.Event()
    real = discord.InteractionResponse.edit_message

    async def slow_first(self, **kwargs):
        if not first_edit.is_set():
            first_edit.set()
            await go_on.wait()  # the first answer's round trip takes a while
        return await real(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", slow_first)
    join = h.custom_id(msg, "join")
    clicks = [asyncio.ensure_future(fake.click(g, msg, join)) for g in guests]
    await asyncio.wait_for(first_edit.wait(), 5)
    for _ in range(20):  # the others, answered while the first waits (at most 2 s)
        if sum(c.done() for c in clicks) == 4:
            break
        await asyncio.wait([c for c in clicks if not c.done()], timeout=0.1)
    assert sum(c.done() for c in clicks) == 4
    assert all(c.result().type == 6 for c in clicks if c.done())  # acknowledged at once
    go_on.set()
    results = await asyncio.gather(*clicks)
    await h.answered(*results)
    assert all(r.in_place and not r.ephemeral for r in results)
    table = await h.service.get(tid)
    assert len(table.seated()) == 6
    assert all(g.name in msg.text for g in guests)
    # the newest screen went out once, not once per acknowledged click
    assert sum(len(r.followups) for r in results) == 1
    h.assert_clean()


@pytest.mark.parametrize("game", ["war", "pyramid"])
async def test_start_and_leave_pressed_at_once_both_get_plain_answers(harness: Harness, game):
    """The host presses Start while a guest presses Leave on the lobby, at the same moment:
    each gets an answer, never the apology. Leave was read outside the table's
    lock while Start's write was on its way, and saw a game in play with no state yet."""
    h, fake = harness, harness.fake
    host, guest = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, game, host, [guest])
    start, leave = h.custom_id(msg, "start"), h.custom_id(msg, "leave")
    res = await asyncio.gather(fake.click(host, msg, start), fake.click(guest, msg, leave))
    await h.answered(*res)
    for r in res:
        assert r.ok and english(bot.answer.APOLOGY) not in r.message.text, r.message.text
    table = await h.service.get(tid)
    assert table.status in ("playing", "lobby")
    h.assert_clean()


async def test_a_press_of_one_table_sent_from_another_tables_message_leaves_it_alone(
    harness: Harness,
):
    """A press of table A's button delivered with table B's message (only a forged click
    can: the custom id is not on B) acts on A, and is answered privately: B's message keeps
    B's screen and buttons, and A's message shows the change."""
    h, fake = harness, harness.fake
    ana, bo, cy, dee, eve = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Dee", "Eve"))
    msg_a, tid_a = await open_table(h, "pyramid", ana, [bo])
    msg_b, tid_b = await open_table(h, "war", cy, [dee])
    await h.join(eve, msg_a)
    await h.rendered(lambda: "Eve" in msg_a.text)
    shown_b, buttons_b = msg_b.text, msg_b.custom_ids()
    data = {"custom_id": f"pyramid:{tid_a}:leave", "component_type": 2}
    res = await fake.interact(eve, 3, data, message=msg_b)
    assert res.ok and res.ephemeral, res
    await h.rendered(lambda: "Eve" not in msg_a.text)
    await h.bot.renderer.flush()
    assert msg_b.text == shown_b and msg_b.custom_ids() == buttons_b
    assert f"table #{tid_b}" in msg_b.text
    h.assert_clean()


async def test_the_tables_own_message_is_public_whatever_its_flags_say(harness: Harness):
    """Whether a click is public is decided by the message's ephemeral flag, and the table's
    own message is public even in a payload that flags it ephemeral: a player's hand never
    goes onto it."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "tarok", ana, [bo])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    turn = table.state.turn
    player = (ana, bo)[[ana.id, bo.id].index(table.user_at(turn).user_id)]
    card = next(c for c in table.view(turn)["hand"] if c["legal"])["id"]

    def flagged(payload):
        payload["message"]["flags"] = 64

    data = {"custom_id": f"tarok:{tid}:play:{card}", "component_type": 2}
    res = await fake.interact(player, 3, data, message=msg, edit=flagged)
    assert res.ok, res
    await h.bot.renderer.flush()
    assert not any("Your hand" in text for _, text in fake.everything_shown() if _ is None)
    assert "Your hand" not in msg.text
    h.assert_clean()


async def test_a_live_button_on_an_ended_tables_message_puts_the_end_there(harness: Harness):
    """A table that ended while its channel refused the edit (Embed Links switched off, no
    click for 15 minutes) kept a live-looking message: a press of one of its buttons, once
    the channel allows it again, is answered by putting the end screen on the message."""
    from tests.e2e.test_platform import fire_the_next_clock
    from tests.fakediscord.server import P_EMBED_LINKS

    h, fake = harness, harness.fake
    h.service.seeds = lambda: "archived-thread"
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    await h.bot.renderer.flush()
    h.bot.renderer._tokens.clear()  # 15 minutes after the last click: edits go by the channel
    await fake.set_bot_permissions(deny=P_EMBED_LINKS)
    await h.slash(ana, "rules", game="war")  # the bot has read the change
    while table.status == "playing":
        await fire_the_next_clock(h, table)
    await h.bot.renderer.flush()
    assert "flip" in h.verbs(msg) or "drink" in h.verbs(msg)  # the end never landed
    await fake.set_bot_permissions()
    res = await h.click(bo, msg, h.verbs(msg)[0])
    assert res.ok and not res.ephemeral, res
    assert h.verbs(msg) == ["again", "step", "record"], h.verbs(msg)
