"""Taking over a seat (issue 48) through the fake Discord: a leaver's seat stays open on the
table; a newcomer presses **Take seat**, accepts the rules, the host presses **Allow** (a
restart in between), and the newcomer plays the seat's cards while the leaver's drinks stay
theirs; the game's record replays offline with the take-over in it. The leaver takes their own
seat back with no OK; the seat's clock closes it with the rules' leave (a restart while it
waits); refusals are private; War and Spit say there is no taking over."""

from __future__ import annotations

import json

from bot.engines.pyramid import CLAIM, Lay
from bot.replay import replay_record
from bot.ui.components import custom_id
from tests.fakediscord import FakeMessage
from tests.harness import Harness, open_table
from tests.phone import assert_fits_phone

TAKE = "\U0001fa91"


def wrong_slot(table, seat: int) -> int:
    st = table.state
    turned = st.pyramid[st.index]
    return next(
        n for n, c in enumerate(st.hands[seat], 1) if c is not None and c.rank != turned.rank
    )


async def lay_wrong(h: Harness, user, msg: FakeMessage, table, seat: int) -> None:
    lay = Lay(slot=wrong_slot(table, seat), on=table.state.index)
    res = await h.fake.click(user, msg, custom_id("pyramid", table.id, "lay", lay.to_arg()))
    await h.record(res)


async def to_claim(h: Harness, table) -> None:
    while table.state.phase != CLAIM or not table.state.window_open:
        h.clock.advance(16)
        await h.service.fire_due()


async def next_card(h: Harness, table) -> None:
    index = table.state.index
    while table.state.index == index or not table.state.window_open:
        h.clock.advance(31)
        await h.service.fire_due()


async def drinks_of(h: Harness, table_id: int, user_id: int) -> list:
    async with h.bot.store.reading() as q:
        return [d for d in await q.table_drinks(table_id) if d.user_id == user_id]


def open_text(msg: FakeMessage) -> str:
    return msg.embeds[0].get("description", "") if msg.embeds else ""


async def test_a_newcomer_takes_a_leavers_seat_with_the_hosts_ok_across_a_restart(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo, cy = (fake.add_user(n) for n in ("Ana", "Bo", "Cy"))
    dee = fake.add_user("Dee")
    msg, tid = await open_table(h, "pyramid", ana, [bo, cy])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    for p in (ana, bo, cy):
        await h.click(p, msg, "peek")
    await to_claim(h, table)
    await h.bot.renderer.flush()
    await lay_wrong(h, bo, msg, table, 1)  # Bo drinks for a wrong card
    bo_drank = await drinks_of(h, tid, bo.id)
    assert bo_drank
    hand = list(table.state.hands[1])

    res = await h.click(bo, msg, "leave")
    assert "Your seat stays open for someone to take over" in res.message.text
    res = await h.click(bo, res.message, "confirm")
    assert "Your seat is open" in res.message.text
    await h.bot.renderer.flush()
    await h.rendered(lambda: f"{TAKE} **Bo**'s seat is open: **Take seat**" in msg.text)
    assert "take_seat" in h.verbs(msg) and table.state.hands[1] == hand

    # refusals, privately: someone already playing
    res = await h.click(cy, msg, "take_seat")
    assert res.ephemeral and "You're already at this table." in res.message.text
    # Dee has never played Pyramid: the rules first, then the request
    res = await h.click(dee, msg, "take_seat")
    assert res.ephemeral and "consent" in h.verbs(res.message)
    res = await h.click(dee, res.message, "consent")
    assert "Asked: the host decides" in res.message.text
    await h.rendered(
        lambda: "**Dee** wants **Bo**'s seat: **Ana**, **Allow** or **No**?" in msg.text
    )
    assert {"allow_seat", "deny_seat"} <= set(h.verbs(msg))
    res = await h.click(cy, msg, "allow_seat")
    assert res.ephemeral and "Only the host decides" in res.message.text
    assert_fits_phone([open_text(msg)], "a table with a request for a seat")

    await h.stop_bot()  # a restart with the request pending: the host's Allow still works
    await h.start_bot()
    table = await h.service.get(tid)
    assert table.open_seats()[0].asker_id == dee.id
    res = await h.click(ana, msg, "allow_seat")  # the button sent before the restart
    assert res.ok
    await h.bot.renderer.flush()
    await h.rendered(lambda: f"{TAKE} **Dee** takes **Bo**'s seat." in msg.text)
    assert "take_seat" not in h.verbs(msg)
    assert table.seat_of(dee.id) == 1 and table.state.hands[1] == hand

    # Dee's cards are the seat's, shown to Dee alone
    res = await h.click(dee, msg, "seat")
    assert res.ephemeral and res.message.audience == dee.id
    await next_card(h, table)
    await h.bot.renderer.flush()
    await lay_wrong(h, dee, msg, table, 1)
    assert await drinks_of(h, tid, bo.id) == bo_drank  # Bo's drinks stay with Bo
    dee_drank = await drinks_of(h, tid, dee.id)
    assert dee_drank

    # the end: the record names who held the seat, and replays offline to the same ledger
    await h.confirmed(ana, msg, "end")
    await h.rendered(lambda: "is over" in msg.text)
    end = msg.text
    assert "**Dee**:" in end and "**Bo**:" in end  # each one's own drinks
    res = await h.click(ana, msg, "record")
    (att,) = res.message.attachments
    record = json.loads(fake.upload_of(att))
    assert record["players"][1]["name"] == "Dee"
    assert [x["name"] for x in record["players"][1]["holders"]] == ["Bo", "Dee"]
    replayed = replay_record(record)
    seat1 = sum(e["sips"] for e in replayed.ledger if e["seat"] == 1)
    assert seat1 == sum(d.amount for d in bo_drank + dee_drank)
    h.assert_clean()


async def test_the_leaver_takes_their_seat_back_and_a_clock_closes_an_open_seat(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo, cy = (fake.add_user(n) for n in ("Ana", "Bo", "Cy"))
    msg, tid = await open_table(h, "tarok", ana, [bo, cy])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    turn = table.state.turn
    user = {table.seat_of(p.id): p for p in (ana, bo, cy)}[turn]
    await h.confirmed(user, msg, "leave")
    await h.rendered(lambda: f"**{user.name}**'s seat is open" in msg.text)
    # the leaver presses Take seat: back at once, no OK needed
    res = await h.click(user, msg, "take_seat")
    assert res.ok
    await h.rendered(lambda: f"{TAKE} **{user.name}** is back in their seat." in msg.text)
    assert table.seat_of(user.id) == turn

    # they leave again; a restart while the seat waits; its clock runs out after it
    await h.confirmed(user, msg, "leave")
    await h.rendered(lambda: f"**{user.name}**'s seat is open" in msg.text)
    await h.stop_bot()
    await h.start_bot()
    table = await h.service.get(tid)
    assert [s.user_id for s in table.open_seats()] == [user.id]
    h.clock.advance(table.deadline(table.view()["clock"]) - h.clock.now())
    await h.service.fire_due()
    await h.rendered(lambda: f"Nobody took **{user.name}**'s seat in time." in msg.text)
    assert not table.engine.is_active(table.state, turn) and "take_seat" not in h.verbs(msg)
    async with h.bot.store.reading() as q:
        acts = await q.actions_with_seq(tid)
    assert [a[1:] for a in acts] == [(turn, {"type": "leave"})]  # the one move: its Leave
    h.assert_clean()


async def test_war_says_there_is_no_taking_over(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, cy = (fake.add_user(n) for n in ("Ana", "Bo", "Cy"))
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    res = await h.click(bo, msg, "leave")
    assert "Nobody takes over a seat in this game." in res.message.text
    data = {"custom_id": custom_id("war", tid, "take_seat"), "component_type": 2}
    res = await h.record(await fake.interact(cy, 3, data, message=msg))  # forged
    assert res.ephemeral and "there is no taking over a seat" in res.message.text
    res = await h.slash(cy, "rules", game="war")
    assert "nobody takes over" in res.message.text.lower()
    h.assert_clean()
