"""Take-backs by consent through the table service: asked by the mover within 10 s, agreed by
every other player still in the game, refused by one No, run out, ended by any other move; never
after a drink, a card shown, in Spit, by anyone but the mover; a restart keeps the request; the
log, the ledger and the game record stay consistent."""

from __future__ import annotations

import json

import pytest

from bot.engines import ENGINES
from bot.engines.base import Drink
from bot.engines.takeback import POURED, SEEN, TakeBack
from bot.games import GAMES
from bot.i18n import english
from bot.replay import RecordRefused, make_record, replay_record
from bot.tables import TableError, TableService
from bot.tables.offers import CLOCK, request_of, shown
from bot.tables.takeback import ASKED, ENDED, MOVED_ON, TOO_LATE, YOURS
from bot.ui import takeback as screens_ui
from bot.ui.common import body_text, size
from tests.phone import HOST, long_named_table
from tests.refusals import refusal
from tests.seeds import fixed_seeds
from tests.test_tables import ANA, BO, CY, open_as, war_table

DAN = 13


async def pyramid_claims(service, clock, names=(("Ana", ANA), ("Bo", BO), ("Cy", CY))):
    """A Pyramid table of ``names``, played by its clocks to the first turned card."""
    t = await open_as(service, ANA, "Ana", game="pyramid")
    for name, uid in names[1:]:
        await service.join(t.id, uid, name)
    await service.start(t.id, ANA)
    while not (t.state.phase == "claim" and t.state.window_open):
        clock.advance(max(0.0, min(x.due_at for x in t.timers.values()) - clock.now()))
        await service.fire_due()
    return t


def pass_of(t, user):
    seat = t.seat_of(user)
    return next(a for a in t.engine.legal_actions(t.state, seat) if a.verb == "pass")


async def passed(service, t, user=ANA):
    """``user`` passes on the turned card, a move that may be taken back: (before, seq)."""
    before = t.engine.to_dict(t.state)
    await service.act(t.id, user, pass_of(t, user), interaction_id=None)
    return before, t.row.seq


async def test_taken_back_when_everyone_agrees(service, clock):
    t = await pyramid_claims(service, clock)
    before, seq = await passed(service, t)
    assert shown(t, clock.now()) is not None  # Ana sees Take back
    clock.advance(3)
    change = await service.ask_take_back(t.id, ANA, seq)
    asked = request_of(change.table)
    assert asked is not None and asked.seq == seq and english(asked.line) == "(pass)"
    assert shown(t, clock.now()) is None  # asked: the button gives way to the request
    with refusal(TableError, YOURS):
        await service.answer_take_back(t.id, ANA, seq, True, 901)
    await service.answer_take_back(t.id, BO, seq, True, 902)
    assert request_of(t).agreed == (t.seat_of(BO),)
    again = await service.answer_take_back(t.id, BO, seq, True, 903)  # a double tap
    assert again.duplicate and t.row.seq == seq
    await service.answer_take_back(t.id, CY, seq, True, 904)

    assert t.engine.to_dict(t.state) == before  # exactly as before the pass
    assert t.row.seq == seq + 1 and CLOCK not in t.timers
    assert english(t.row.log[-1]) == f"\u21a9 {{p{t.seat_of(ANA)}}} took back a move (pass)."
    assert t.engine.to_dict(await service.replay(t.id)) == before
    async with service.store.reading() as q:
        last = await q.last_action(t.id)
    assert last is not None
    assert last[:4] == (seq + 1, t.seat_of(ANA), ANA, {"type": "take_back", "seq": seq})
    # the restored state's clocks run: Ana may pass again, and that may be taken back too
    assert {k for k in t.timers} == {x.key for x in t.engine.timers(t.state)}
    # the last tap delivered again: answered from what happened, nothing taken back twice
    repeat = await service.answer_take_back(t.id, CY, seq, True, 904)
    assert repeat.duplicate and t.row.seq == seq + 1
    with refusal(TableError, ENDED):
        await service.answer_take_back(t.id, BO, seq, True, 905)
    # a take-back is never taken back
    with refusal(TableError, "own move"):
        await service.ask_take_back(t.id, ANA, seq + 1)


async def test_one_no_ends_the_request(service, clock):
    t = await pyramid_claims(service, clock)
    before, seq = await passed(service, t)
    after = t.engine.to_dict(t.state)
    assert before != after
    await service.ask_take_back(t.id, ANA, seq)
    again = await service.ask_take_back(t.id, ANA, seq)  # a double tap
    assert again.duplicate
    await service.answer_take_back(t.id, BO, seq, True, 911)
    await service.answer_take_back(t.id, CY, seq, False, 912)
    assert request_of(t) is None and t.row.seq == seq and shown(t, clock.now()) is None
    assert t.engine.to_dict(t.state) == after
    assert (
        english(t.row.log[-1])
        == f"\u21a9 {{p{t.seat_of(CY)}}} said no to the take-back: the move stands."
    )
    with refusal(TableError, ENDED):
        await service.answer_take_back(t.id, BO, seq, True, 913)
    with refusal(TableError, TOO_LATE):  # asked again, after 10 s
        clock.advance(10.5)
        await service.ask_take_back(t.id, ANA, seq)


async def test_a_request_runs_out_after_ten_seconds(service, clock):
    t = await pyramid_claims(service, clock)
    _, seq = await passed(service, t)
    await service.ask_take_back(t.id, ANA, seq)
    await service.answer_take_back(t.id, BO, seq, True, 921)
    clock.advance(9.9)
    await service.fire_due()
    assert request_of(t) is not None
    clock.advance(0.1)
    await service.fire_due()
    assert request_of(t) is None and t.row.seq == seq
    assert (
        english(t.row.log[-1]) == "\u21a9 Nobody answered the take-back in time: the move stands."
    )
    with refusal(TableError, ENDED):
        await service.answer_take_back(t.id, CY, seq, True, 922)


async def test_the_button_goes_after_ten_seconds(service, clock):
    t = await pyramid_claims(service, clock)
    _, seq = await passed(service, t)
    version = t.version
    clock.advance(9.5)
    await service.fire_due()
    assert shown(t, clock.now()) is not None and t.version == version
    clock.advance(0.5)
    await service.fire_due()  # drawn again, without the button
    assert shown(t, clock.now()) is None and t.offer is None and t.version == version + 1
    with refusal(TableError, TOO_LATE):
        await service.ask_take_back(t.id, ANA, seq)


async def test_any_other_move_ends_the_request(service, clock):
    t = await pyramid_claims(service, clock)
    _, seq = await passed(service, t)
    await service.ask_take_back(t.id, ANA, seq)
    with refusal(TableError, ASKED):  # one request at a time
        await service.ask_take_back(t.id, BO, seq)
    await service.act(t.id, BO, pass_of(t, BO), interaction_id=None)  # Bo plays on
    assert request_of(t) is None
    assert "\u21a9 The take-back is off: the game moved on." in [english(x) for x in t.row.log]
    with refusal(TableError, ENDED):
        await service.answer_take_back(t.id, CY, seq, True, 931)
    with refusal(TableError, MOVED_ON):  # Ana's old button
        await service.ask_take_back(t.id, ANA, seq)
    async with service.store.reading() as q:
        assert CLOCK not in {x.key for x in await q.timers(t.id)}


async def test_only_the_mover_may_ask_and_only_with_someone_to_agree(service, clock):
    t = await pyramid_claims(service, clock, names=(("Ana", ANA), ("Bo", BO)))
    _, seq = await passed(service, t)
    with refusal(TableError, "Only Ana can take back"):
        await service.ask_take_back(t.id, BO, seq)
    with refusal(TableError, "not playing"):
        await service.ask_take_back(t.id, DAN, seq)
    await service.leave(t.id, BO)  # a move too: and nobody is left to agree
    assert t.status == "ended" or request_of(t) is None


async def test_no_take_back_after_a_drink_or_a_card_shown(service, clock):
    t = await war_table(service)
    refused = set()
    while len(refused) < 2 and t.status == "playing":
        seat = next(
            s.seat
            for s in t.seated()
            if any(a.verb != "leave" for a in t.engine.legal_actions(t.state, s.seat))
        )
        user = t.user_at(seat).user_id
        move = next(a for a in t.engine.legal_actions(t.state, seat) if a.verb != "leave")
        change = await service.act(t.id, user, move, interaction_id=None)
        poured = any(isinstance(e, Drink) for e in change.events)
        assert shown(t, clock.now()) is None  # never offered
        with pytest.raises(TableError) as err:
            await service.ask_take_back(t.id, user, t.row.seq)
        assert str(err.value) == (POURED if poured else SEEN)
        refused.add(str(err.value))
    assert refused == {POURED, SEEN}


async def test_no_take_backs_in_spit(service, clock):
    t = await open_as(service, ANA, "Ana", game="spit")
    await service.join(t.id, BO, "Bo")
    await service.start(t.id, ANA)
    with refusal(TableError, "no take-backs in this game"):
        await service.ask_take_back(t.id, ANA, t.row.seq)


async def test_a_restart_keeps_the_request_and_agreeing_works(store, clock):
    service = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    t = await pyramid_claims(service, clock)
    before, seq = await passed(service, t)
    await service.ask_take_back(t.id, ANA, seq)
    await service.answer_take_back(t.id, BO, seq, True, 941)

    again = TableService(store, ENGINES, clock, seeds=fixed_seeds())  # the bot started anew
    await again.resume_clocks()
    assert await again.load() == 1
    t2 = again.in_memory(t.id)
    asked = request_of(t2)
    assert asked is not None and asked.seq == seq and asked.agreed == (t2.seat_of(BO),)
    await again.answer_take_back(t2.id, CY, seq, True, 942)
    assert t2.engine.to_dict(t2.state) == before and t2.row.seq == seq + 1


async def test_a_record_with_a_take_back_replays_and_a_forged_one_is_refused(service, clock):
    t = await pyramid_claims(service, clock)
    _, seq = await passed(service, t)
    await service.ask_take_back(t.id, ANA, seq)
    await service.answer_take_back(t.id, BO, seq, True, 951)
    await service.answer_take_back(t.id, CY, seq, True, 952)
    await service.act(t.id, ANA, pass_of(t, ANA), interaction_id=None)  # she passes again
    await service.end(t.id, ANA, can_manage=False)
    async with service.store.reading() as q:
        row = await q.table(t.id)
        record = make_record(
            row, await q.seats(t.id), await q.actions_with_seq(t.id), await q.table_drinks(t.id)
        )
    replayed = replay_record(json.loads(json.dumps(record)))
    steps = [a for _, a in replayed.steps]
    assert steps[seq] == TakeBack(seq)  # its own step, and the state before the pass
    engine = ENGINES["pyramid"]
    assert engine.to_dict(replayed.states[seq + 1]) == engine.to_dict(replayed.states[seq - 1])

    def forged(change):
        bad = json.loads(json.dumps(record))
        change(bad["actions"])
        return bad

    def of_an_earlier_move(actions):
        actions[seq]["action"]["seq"] = seq - 1

    def by_another_seat(actions):
        actions[seq]["seat"] = (actions[seq]["seat"] + 1) % 3

    def of_a_clock(actions):  # the move before it made into a take-back of the deal's clock
        actions.insert(seq, {"seq": seq + 1, "seat": 0, "action": {"type": "take_back", "seq": 1}})
        for n, a in enumerate(actions, start=1):
            a["seq"] = n

    for change in (of_an_earlier_move, by_another_seat, of_a_clock):
        with pytest.raises(RecordRefused, match="takes back a move"):
            replay_record(forged(change))


async def test_a_forged_take_back_of_a_move_that_poured_is_refused(service, clock):
    t = await war_table(service)
    while t.status == "playing":
        seat = next(
            s.seat
            for s in t.seated()
            if any(a.verb != "leave" for a in t.engine.legal_actions(t.state, s.seat))
        )
        move = next(a for a in t.engine.legal_actions(t.state, seat) if a.verb != "leave")
        change = await service.act(t.id, t.user_at(seat).user_id, move, interaction_id=None)
        if any(isinstance(e, Drink) for e in change.events):
            break
    poured, seat = t.row.seq, seat
    await service.end(t.id, ANA, can_manage=False)
    async with service.store.reading() as q:
        record = make_record(
            await q.table(t.id),
            await q.seats(t.id),
            await q.actions_with_seq(t.id),
            await q.table_drinks(t.id),
        )
    record["actions"].append(
        {"seq": poured + 1, "seat": seat, "action": {"type": "take_back", "seq": poured}}
    )
    with pytest.raises(RecordRefused, match=f"move {poured + 1} takes back a move"):
        replay_record(record)


async def test_the_take_back_fits_a_phone_and_discord_s_rows(store, clock):
    """Ten players with 12-character names: the table with Take back, and with the request
    (its line on top, Agree and No), still fits a phone; no message gets a sixth row."""
    service, t = await long_named_table(store, clock, "pyramid", 10, "takeback-phone")
    while not (t.state.phase == "claim" and t.state.window_open):
        clock.advance(max(0.0, min(x.due_at for x in t.timers.values()) - clock.now()))
        await service.fire_due()
    ui = GAMES["pyramid"].ui
    _, seq = await passed(service, t, HOST)
    screens = [screens_ui.public(t, ui.public(t), clock.now())]
    screens.append(screens_ui.private(t, 0, ui.private(t, 0), clock.now()))
    await service.ask_take_back(t.id, HOST, seq)
    screens.append(screens_ui.public(t, ui.public(t), clock.now()))
    screens.append(screens_ui.private(t, 0, ui.private(t, 0), clock.now()))
    verbs = [
        [c.custom_id.split(":", 2)[2] for row in s.rows if isinstance(row, list) for c in row]
        for s in screens
    ]
    assert f"takeback:ask.{seq}" in verbs[0] and f"takeback:ask.{seq}" in verbs[1]
    assert {f"takeback:yes.{seq}", f"takeback:no.{seq}"} <= set(
        verbs[2]
    ) and "asks to take back" in (screens[2].embed.description or "")
    assert "waiting for" in (screens[3].embed.description or "")
    for s in screens:
        lines, chars = size(s)
        assert lines <= 12 and chars <= 600, body_text(s.embed)
        assert len(s.rows) <= 5 and all(len(r) <= 5 for r in s.rows if isinstance(r, list))
