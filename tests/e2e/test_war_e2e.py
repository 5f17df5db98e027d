"""Two players play a whole War game through the fake Discord, then check /tally."""

from __future__ import annotations

import asyncio

from bot.engines.base import plural
from bot.i18n import english
from bot.tables import DOUBLE_TAP
from bot.ui import war as ui
from bot.ui.common import BODY_CHARS, BODY_LINES, size
from tests.e2e.conftest import Harness
from tests.fakediscord.server import iter_components


def final_sips(table) -> list[int]:
    return table.engine.view(table.state, None)["sips"]


async def open_war(h: Harness, host, guest, **options):
    res = await h.slash(host, "war", "start", **options)
    assert res.type == 4 and not res.ephemeral
    table_msg = res.message
    assert "Double-or-Nothing War" in table_msg.text and "table #" in table_msg.text
    # the host has never played: the rules come privately, with an "I'm in" button
    rules = await res.followup()
    assert rules.ephemeral and rules.audience == host.id
    assert "legal drinking age" in rules.text
    ok = await h.click(host, rules, "consent")
    assert ok.ephemeral and "You're in" in ok.message.text
    await h.join(guest, table_msg)
    await h.rendered(lambda: guest.name in table_msg.text and host.name in table_msg.text)
    table_id = int(h.custom_id(table_msg, "join").split(":")[1])
    return table_msg, table_id


async def test_two_players_play_a_whole_game_and_tally_shows_it(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    table_msg, tid = await open_war(h, ana, bo, social_sips=2)

    # only the host can start
    res = await h.click(bo, table_msg, "start")
    assert res.ephemeral and "Only the host can start" in res.message.text
    res = await h.click(ana, table_msg, "start")
    assert res.in_place and "flip" in h.verbs(table_msg)
    assert "Seed SHA-256" in table_msg.text

    # a private view is ephemeral and only for its owner
    seat = await h.click(bo, table_msg, "seat")
    assert seat.ephemeral and seat.message.audience == bo.id and "Your seat" in seat.message.text

    # someone who is not playing gets a plain answer
    res = await h.click(cy, table_msg, "flip")
    assert res.ephemeral and "not playing at this table" in res.message.text

    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    hands = doubles = 0
    while "flip" in h.verbs(table_msg) or "drink" in h.verbs(table_msg):
        if "flip" in h.verbs(table_msg):
            res = await h.click(bo if hands % 2 else ana, table_msg, "flip")
            assert res.in_place
            hands += 1
            if hands == 6:  # mid-game: no message has ever shown a card still in a pile
                await h.bot.renderer.flush()
                face_down = {c.label for pile in table.state.piles for c in pile}
                shown = [text for _, text in fake.everything_shown()]
                assert not [lab for lab in face_down for text in shown if lab in text]
            continue
        v = table.engine.view(table.state, None)
        loser = users[table.user_at(v["loser"]).user_id]
        winner = ana if loser is bo else bo
        res = await h.click(winner, table_msg, "drink")  # not theirs to choose
        assert res.ephemeral and res.message.text == "Only the loser of this hand can choose."
        verb = "double" if hands % 3 == 0 else "drink"
        doubles += verb == "double"
        res = await h.click(loser, table_msg, verb)
        assert res.in_place
    assert hands >= 13 and doubles >= 1
    assert table.status == "ended"
    assert "is over" in table_msg.text and "Seed (re-deal and check)" in table_msg.text
    assert table.row.seed in table_msg.text  # the seed is revealed at the end
    # the end screen is a payoff: who won, each player's drinks, the best moments, and one
    # buttons left, Play again, its replay and its record; all on a phone screen
    assert table_msg.custom_ids() == [
        f"war:{tid}:again",
        f"replay:{tid}:step:0",
        f"replay:{tid}:record",
    ]
    assert "wins: " in table_msg.text or "A draw" in table_msg.text
    assert f"**Ana**: {plural(final_sips(table)[0], 'sip')}" in table_msg.text
    assert "Biggest drink: " in table_msg.text and "went double or nothing" in table_msg.text
    lines, chars = size(ui.public(table))
    assert lines <= BODY_LINES and chars <= BODY_CHARS, (lines, chars)
    # nothing is held for a finished table: discord.py keeps none of the bot's views (clicks are
    # routed by custom id), and no turn-ping nudge waits on its clocks
    assert h.bot._connection._view_store._views == {}
    assert h.bot.pings.waiting == 0
    assert not [t for t in asyncio.all_tasks() if "TurnPings" in t.get_coro().__qualname__]
    await h.bot.renderer.flush()  # and, once its last screen is up, no lock, writer or task
    assert tid not in h.service._locks and tid not in h.bot.renderer._table_tasks
    assert not [
        k for k in h.bot.renderer._writers if tid in (k, k[0] if isinstance(k, tuple) else k)
    ]

    # the old private view lost its buttons with the end; a press that was already on its way
    # is answered politely
    await h.bot.renderer.flush_private()
    assert seat.message.custom_ids() == []
    flip = next(
        c["custom_id"]
        for v in seat.message.versions
        for c in iter_components(v.get("components"))
        if ":flip" in c.get("custom_id", "")
    )
    res = await fake.click(bo, seat.message, flip, stale=True)
    assert res.ephemeral and "Too late: this table has ended" in res.message.text

    final = table.engine.view(table.state, None)
    sips = {table.user_at(s).user_id: final["sips"][s] for s in (0, 1)}
    tally = await h.slash(cy, "tally")
    assert not tally.ephemeral
    text = tally.message.text
    for user in (ana, bo):
        assert f"{user.name}: **{sips[user.id]} sip" in text
    assert "1 game" in text
    breakdown = await h.slash(cy, "tally", options={"user": ana})
    assert "War" in breakdown.message.text and f"{sips[ana.id]} sip" in breakdown.message.text
    h.assert_clean()


async def test_double_click_and_unknown_tables_get_clear_answers(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    table = await h.service.get(tid)
    while "drink" not in h.verbs(table_msg):
        await h.click(ana, table_msg, "flip")
    loser = (
        ana
        if table.user_at(table.engine.view(table.state, None)["loser"]).user_id == ana.id
        else bo
    )
    seq = table.row.seq
    cid = h.custom_id(table_msg, "drink")
    # a double click: two interactions for the same button, delivered together
    first, second = await asyncio.gather(
        fake.click(loser, table_msg, cid), fake.click(loser, table_msg, cid)
    )
    answers = sorted([first, second], key=lambda r: r.type)
    assert [r.type for r in answers] == [4, 7]
    # the second is refused by saying what happened (not "Nothing to choose right now.")
    assert answers[0].ephemeral and answers[0].message.text == english(DOUBLE_TAP)
    assert table.row.seq == seq + 1  # applied once
    # a button whose table the bot never heard of
    ghost = await fake.post_message(
        "an old table",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": "Flip", "custom_id": "war:987654:flip"}
                ],
            }
        ],
    )
    res = await fake.click(bo, ghost, "war:987654:flip")
    assert res.ephemeral and "can't find that table" in res.message.text
    h.assert_clean()


async def test_rules_and_unknown_tables(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await h.slash(ana, "rules", game="war")
    assert res.ephemeral and "Double-or-Nothing War: the rules" in res.message.text
    assert "Aces are high" in res.message.text
    h.assert_clean()


async def test_the_rules_at_join_are_short_and_the_tables_with_a_full_rules_button(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await h.slash(ana, "war", "start", social_sips=4, choice_seconds=45)
    table_msg, rules = res.message, await res.followup()
    short = rules.current["embeds"][0]["description"]
    assert len(short) <= 600 and "Double-or-Nothing War, in short" in rules.text
    assert "you both drink 4 sips" in short and "The loser has 45 s" in short
    assert "Aces are high" not in rules.text  # the full rules wait behind their button
    assert h.verbs(rules) == ["consent", "rules"]
    full = await h.click(ana, rules, "rules")
    assert full.ephemeral and "Double-or-Nothing War: the rules" in full.message.text
    assert "Aces are high (2 up to 10, J 11, Q 12, K 13, A 14)" in full.message.text
    assert "## In short" not in full.message.text
    # the table's Rules button: the same short text, filled from this table's options
    again = await h.click(ana, table_msg, "rules")
    assert again.ephemeral and again.message.current["embeds"][0]["description"] == short
    h.assert_clean()
