"""Take-backs by consent through the fake Discord: the mover's **↩ Take back** for 10 s, the
others' **Agree** / **No** on the table message, the game back exactly as before the move, the
log and the Replay showing it; refused by a No, run out, refused for drinks, cards, in Spit,
to anyone but the mover; and a restart in the middle of a request."""

from __future__ import annotations

import json

from bot.replay import make_record, replay_record
from bot.ui.replay import stepper
from tests.e2e.conftest import Harness, open_table, seeded_harness
from tests.e2e.test_pyramid_e2e import SEED, everyone_looks, open_pyramid
from tests.e2e.test_war_e2e import open_war

harness = seeded_harness(SEED)

ASK, YES, NO = "takeback:ask", "takeback:yes", "takeback:no"


async def ana_passed(h: Harness):
    """Ana, Bo and Cy at a Pyramid table, the first card turned, and Ana passed on it on the
    table's message: (players, the table message, the table, the state before the pass)."""
    players, msg, table = await open_pyramid(h)
    await everyone_looks(h, players, msg, table)
    ana = players[0]
    before = table.engine.to_dict(table.state)
    res = await h.click(ana, msg, "pass")
    assert res.in_place
    await h.rendered(lambda: "Take back (Ana)" in msg.text, "Ana's Take back")
    return players, msg, table, before


async def asked(h: Harness, ana, msg) -> None:
    res = await h.click(ana, msg, ASK)
    assert res.in_place, res.message.text
    await h.rendered(lambda: "Ana** asks to take back the last move (pass)" in msg.text)
    assert "**Bo** and **Cy**: agree?" in msg.text
    assert "Take back (Ana)" not in msg.text and {"Agree", "No"} <= set(msg.text.split())


async def test_everyone_agrees_and_the_move_is_taken_back(harness: Harness):
    h = harness
    (ana, bo, cy), msg, table, before = await ana_passed(h)
    res = await h.click(bo, msg, ASK)  # not Bo's move
    assert res.ephemeral and "Only Ana can take back their move." in res.message.text
    await asked(h, ana, msg)
    res = await h.click(ana, msg, YES)
    assert res.ephemeral and "the others decide" in res.message.text
    res = await h.click(bo, msg, YES)
    assert res.in_place
    await h.rendered(lambda: "**Cy**: agree?" in msg.text and "**Bo** and" not in msg.text)
    seq = table.row.seq
    res = await h.click(cy, msg, YES)
    assert res.in_place
    await h.rendered(lambda: "took back a move (pass)" in msg.text, "the take-back in the log")
    assert table.engine.to_dict(table.state) == before and table.row.seq == seq + 1
    assert "Agree" not in msg.text and "Take back" not in msg.text
    assert table.engine.to_dict(await h.service.replay(table.id)) == before
    # the Replay shows it as a step of its own, and the record checks out offline
    await h.click(ana, msg, "pass")
    await h.confirmed(ana, msg, "end")
    async with h.bot.store.reading() as q:
        record = make_record(
            await q.table(table.id),
            await q.seats(table.id),
            await q.actions_with_seq(table.id),
            await q.table_drinks(table.id),
        )
    record = json.loads(json.dumps(record))
    replayed = replay_record(record)
    screen = stepper(record, replayed, seq + 1)
    assert "took back a move (pass)" in screen.embed.description
    h.assert_clean()


async def test_one_no_and_the_move_stands(harness: Harness):
    h = harness
    (ana, bo, cy), msg, table, _ = await ana_passed(h)
    after = table.engine.to_dict(table.state)
    await asked(h, ana, msg)
    await h.click(bo, msg, YES)
    res = await h.click(cy, msg, NO)
    assert res.in_place
    await h.rendered(lambda: "**Cy** said no to the take-back" in msg.text)
    assert table.engine.to_dict(table.state) == after and "Agree" not in msg.text
    h.assert_clean()


async def test_nobody_answers_in_ten_seconds(harness: Harness):
    h = harness
    (ana, bo, _), msg, table, _ = await ana_passed(h)
    seq = table.row.seq
    await asked(h, ana, msg)
    agree = h.custom_id(msg, YES)
    h.clock.advance(10)
    await h.rendered(lambda: "Nobody answered the take-back in time" in msg.text)
    assert "Agree" not in msg.text and table.row.seq == seq
    res = await h.fake.click(bo, msg, agree, stale=True)  # a tap as it went
    assert res.ephemeral and "take-back request has ended" in res.message.text
    h.assert_clean()


async def test_the_button_goes_after_ten_seconds_and_a_late_tap_is_told(harness: Harness):
    h = harness
    (ana, *_), msg, table, _ = await ana_passed(h)
    ask = h.custom_id(msg, ASK)
    h.clock.advance(10)
    await h.rendered(lambda: "Take back" not in msg.text, "the button to go")
    res = await h.fake.click(ana, msg, ask, stale=True)
    assert res.ephemeral and res.message.text == "Too late: a move can be taken back for 10 s."
    h.assert_clean()


async def test_another_move_ends_the_request(harness: Harness):
    h = harness
    (ana, bo, cy), msg, table, _ = await ana_passed(h)
    await asked(h, ana, msg)
    agree = h.custom_id(msg, YES)
    await h.click(bo, msg, "pass")  # Bo plays on
    await h.rendered(lambda: "The take-back is off: the game moved on" in msg.text)
    res = await h.fake.click(cy, msg, agree, stale=True)
    assert res.ephemeral and "take-back request has ended" in res.message.text
    h.assert_clean()


async def test_a_restart_in_the_middle_keeps_the_request_and_its_buttons(harness: Harness):
    h = harness
    (ana, bo, cy), msg, table, before = await ana_passed(h)
    await asked(h, ana, msg)
    await h.click(bo, msg, YES)
    await h.rendered(lambda: "**Cy**: agree?" in msg.text)
    await h.stop_bot()
    h.clock.advance(30)  # the bot is down: the request's clock stands still meanwhile
    await h.start_bot()
    await h.bot.renderer.flush()
    assert "**Cy**: agree?" in msg.text
    res = await h.click(cy, msg, YES)  # a button sent before the restart
    assert res.in_place
    await h.rendered(lambda: "took back a move (pass)" in msg.text)
    table = await h.service.get(table.id)
    assert table.engine.to_dict(table.state) == before
    h.assert_clean()


async def test_never_offered_for_a_card_turned_or_a_drink(harness: Harness):
    """In War every move turns a card or pours a drink: Take back never shows (the service's
    refusals are in tests/test_takeback.py)."""
    h = harness
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    seen = set()
    for _ in range(8):
        if "flip" in h.verbs(msg):
            res = await h.click(ana, msg, "flip")
            seen.add("flip")
        else:
            loser = table.engine.view(table.state, None)["loser"]
            res = await h.click(ana if table.seat_of(ana.id) == loser else bo, msg, "drink")
            seen.add("drink")
        assert res.in_place and "takeback" not in h.verbs(msg)
        await h.bot.renderer.flush()
        assert "takeback" not in h.verbs(msg)
    assert seen == {"flip", "drink"}
    h.assert_clean()


async def test_never_offered_in_spit(harness: Harness):
    h = harness
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    msg, tid = await open_table(h, "spit", ana, [bo])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    for user in (ana, bo, ana):  # the opening spit (both), then Ana's first move
        seat = table.seat_of(user.id)
        moves = [a for a in table.engine.legal_actions(table.state, seat) if a.verb != "leave"]
        await h.service.act(tid, user.id, moves[0], interaction_id=None)
        await h.bot.renderer.flush()
        assert table.offer is None and "takeback" not in h.verbs(msg)
    h.assert_clean()
