"""Taking over a seat (issue 48), through the table service: a player who leaves mid-game, or
is put out for three timeouts in a row, leaves their seat open; someone takes it with the host's
OK and plays it with its cards; the drinks before stay with the leaver; the seat's clock, the
host or nobody else being left closes it with the rules' Leave; a restart keeps it all; and the
record of a game with a take-over replays offline to the same ledger."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engines import ENGINES
from bot.engines.base import Leave
from bot.engines.pyramid import CLAIM, Lay, Peek
from bot.games import GAMES
from bot.i18n import english
from bot.replay import make_record, replay_record, report
from bot.store import DrinkRow
from bot.tables import Elsewhere, Table, TableError, TableService
from bot.ui.common import body_text, table_buttons, with_seats
from bot.ui.replay import stepper
from tests.phone import HOST, assert_fits_phone, long_named_table
from tests.refusals import refusal
from tests.seeds import fixed_seeds

G, C = 1, 2
ANA, BO, CY, DEE, EVE = 10, 11, 12, 13, 14


async def started(service: TableService, game: str, names: dict[int, str]) -> Table:
    (host, host_name), *rest = names.items()
    t = await service.open_table(
        game,
        guild_id=G,
        channel_id=C,
        host_id=host,
        host_name=host_name,
        options={},
        seat_host=True,
    )
    for user, name in rest:
        await service.join(t.id, user, name)
    await service.start(t.id, host)
    return t


async def to_claim(service: TableService, clock: Any, t: Table) -> None:
    """Every player looks at their cards, and the first card turns."""
    for s in t.seated():
        await service.act(t.id, s.user_id, Peek())
    while t.state.phase != CLAIM or not t.state.window_open:
        clock.advance(16)
        await service.fire_due()


def wrong_slot(t: Table, seat: int) -> int:
    st = t.state
    turned = st.pyramid[st.index]
    return next(
        n for n, c in enumerate(st.hands[seat], 1) if c is not None and c.rank != turned.rank
    )


async def next_card(service: TableService, clock: Any, t: Table) -> None:
    """Let the turned card's window close and the next one turn."""
    index = t.state.index
    while t.state.index == index or not t.state.window_open:
        clock.advance(31)
        await service.fire_due()


async def drinks(service: TableService, t: Table) -> list[DrinkRow]:
    async with service.store.reading() as q:
        return await q.table_drinks(t.id)


async def actions(service: TableService, t: Table) -> list[tuple[int, int | None, dict[str, Any]]]:
    async with service.store.reading() as q:
        return await q.actions_with_seq(t.id)


async def record_of(service: TableService, t: Table) -> dict[str, Any]:
    async with service.store.reading() as q:
        row = await q.table(t.id)
        seats = await q.seats(t.id)
        acts = await q.actions_with_seq(t.id)
        ledger = await q.table_drinks(t.id)
    assert row is not None
    return make_record(row, seats, acts, ledger)


async def test_a_leavers_seat_is_taken_with_the_hosts_ok_and_played_with_its_cards(service, clock):
    t = await started(service, "pyramid", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    await to_claim(service, clock, t)
    await service.act(t.id, BO, Lay(slot=wrong_slot(t, 1)))  # a wrong card: Bo drinks
    bo_drank = [d for d in await drinks(service, t) if d.user_id == BO]
    assert bo_drank
    hand = list(t.state.hands[1])
    moves = len(await actions(service, t))

    await service.leave(t.id, BO)
    bo = t.seat_row(BO)
    assert bo is not None and bo.left_at is not None and bo.opened == 0
    assert t.open_seats() == [bo] and t.engine.is_active(t.state, 1)
    assert t.state.hands[1] == hand  # the seat keeps its cards while it waits
    assert len(await actions(service, t)) == moves  # no Leave yet: the seat is open
    assert t.seat_of(BO) is None
    assert "\U0001fa91 {p1} leaves: their seat is open to take over." in [
        english(x) for x in t.row.log
    ]

    change = await service.ask_seat(t.id, DEE, "Dee", 1)
    assert change.seat is None and bo.asker_id == DEE and bo.asker_name == "Dee"
    with refusal(TableError, "Only the host"):
        await service.answer_seat(t.id, CY, 1, DEE, allow=True)
    with refusal(TableError, "asked for that seat first"):
        await service.ask_seat(t.id, EVE, "Eve", 1)
    await service.answer_seat(t.id, ANA, 1, DEE, allow=True)
    dee = t.seat_row(DEE)
    assert dee is not None and dee.seat == 1 and dee.held_from == t.row.seq
    assert t.seat_of(DEE) == 1 and t.user_at(1) is dee and t.open_seats() == []
    assert t.names()["p1"] == "Dee" and t.state.hands[1] == hand
    assert "\U0001fa91 {p1} takes **Bo**'s seat." in [english(x) for x in t.row.log]
    # the lines already on the table keep naming Bo for what Bo did
    assert any("**Bo**" in english(x) and "{p1}" not in english(x) for x in t.row.log[:-1])

    await next_card(service, clock, t)
    await service.act(t.id, DEE, Lay(slot=wrong_slot(t, 1)))  # Dee plays the seat's cards
    ledger = await drinks(service, t)
    assert [d for d in ledger if d.user_id == BO] == bo_drank  # Bo's drinks stay Bo's
    dee_drank = [d for d in ledger if d.user_id == DEE]
    assert dee_drank and all(d.seq > dee.held_from for d in dee_drank)
    assert t.tabs[BO].total == sum(d.amount for d in bo_drank)

    assert await service.replay(t.id) == t.state  # the store's own replay of the log
    await service.end(t.id, ANA, can_manage=False)
    record = await record_of(service, t)
    seat1 = record["players"][1]
    assert seat1["name"] == "Dee"
    assert seat1["holders"] == [{"name": "Bo", "from": 0}, {"name": "Dee", "from": dee.held_from}]
    replayed = replay_record(record)  # the offline check: the same ledger, seat by seat
    assert sum(e["sips"] for e in replayed.ledger if e["seat"] == 1) == sum(
        d.amount for d in ledger if d.user_id in (BO, DEE)
    )
    assert any("Seat 2 taken over: Bo, then Dee" in line for line in report(record, replayed))
    # the stepper names each move's holder, and says when the seat was taken
    before = stepper(record, replayed, dee.held_from).embed.description or ""
    after = stepper(record, replayed, dee.held_from + 1).embed.description or ""
    assert "**Dee** takes **Bo**'s seat" in after and "takes" not in before


async def test_the_leaver_takes_their_own_seat_back_with_no_ok(service, clock):
    t = await started(service, "tarok", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    await service.leave(t.id, BO)
    assert t.open_seats()
    change = await service.ask_seat(t.id, BO, "Bo", 1)
    assert change.seat == 1 and t.seat_of(BO) == 1 and t.open_seats() == []
    assert "\U0001fa91 {p1} is back in their seat." in [english(x) for x in t.row.log]
    async with service.store.reading() as q:
        bo = next(s for s in await q.seats(t.id) if s.user_id == BO)
    assert bo.left_at is None and bo.opened is None


async def test_refusals(service, clock):
    t = await service.open_table(
        "tarok", guild_id=G, channel_id=C, host_id=ANA, host_name="Ana", options={}, seat_host=True
    )
    for user, name in ((BO, "Bo"), (CY, "Cy"), (EVE, "Eve")):
        await service.join(t.id, user, name)
    await service.remove(t.id, ANA, EVE, can_manage=False)
    await service.start(t.id, ANA)
    with refusal(TableError, "no longer open"):
        await service.ask_seat(t.id, DEE, "Dee", 1)
    await service.leave(t.id, BO)
    with refusal(TableError, "already at this table"):
        await service.ask_seat(t.id, CY, "Cy", 1)
    with refusal(TableError, "removed you"):
        await service.ask_seat(t.id, EVE, "Eve", 1)
    other = await service.open_table(
        "war", guild_id=G, channel_id=C, host_id=DEE, host_name="Dee", options={}, seat_host=True
    )
    with refusal(Elsewhere, f"already seated at table #{other.id}"):
        await service.ask_seat(t.id, DEE, "Dee", 1)
    assert t.open_seats()[0].asker_id is None  # nothing was asked
    await service.leave(other.id, DEE)
    await service.ask_seat(t.id, DEE, "Dee", 1)
    with refusal(TableError, "asked already"):
        await service.ask_seat(t.id, DEE, "Dee", 1)
    await service.answer_seat(t.id, ANA, 1, DEE, allow=False)
    assert t.open_seats()[0].asker_id is None and "The host said no to **Dee**." in [
        english(x) for x in t.row.log
    ]
    with refusal(TableError, "already answered"):
        await service.answer_seat(t.id, ANA, 1, DEE, allow=True)
    # Cy leaves too, then wants Bo's seat: only their own was theirs
    await service.leave(t.id, CY)
    with refusal(TableError, "only that one was yours"):
        await service.ask_seat(t.id, CY, "Cy", 1)


async def test_war_and_spit_have_no_taking_over(service, clock):
    for game in ("war", "spit"):
        assert not ENGINES[game].seat_takeover
        t = await started(service, game, {ANA: "Ana", BO: "Bo"})
        await service.leave(t.id, BO)
        assert t.status == "ended" and t.open_seats() == []
        acts = await actions(service, t)
        assert acts[-1][1:] == (1, Leave().to_json())


async def test_three_timeouts_open_the_seat_and_its_clock_applies_the_rules_leave(service, clock):
    t = await started(service, "tarok", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    engine = t.engine

    async def step() -> None:
        turn = t.state.turn
        if turn == 1 and t.seat_of(BO) is not None or t.user_at(turn).left_at is not None:
            clock.advance(61)
            await service.fire_due()
            return
        move = next(a for a in engine.legal_actions(t.state, turn) if not isinstance(a, Leave))
        await service.act(t.id, t.user_at(turn).user_id, move)

    bo = t.seat_row(BO)
    assert bo is not None
    while bo.opened is None:
        await step()
    assert bo.opened == 3 and bo.left_at is not None and engine.is_active(t.state, 1)
    assert any(
        "timed out three times in a row and is out: their seat" in x
        for x in [english(x) for x in t.row.log]
    )
    acts = await actions(service, t)
    assert not any(a["type"] == "leave" for _, _, a in acts)
    # Bo's turn comes round: its clock runs out, and the rules' Leave is applied first
    while engine.is_active(t.state, 1):
        await step()
    acts = await actions(service, t)
    leave = [(seat, a) for _, seat, a in acts if a["type"] == "leave"]
    assert leave == [(1, Leave(timeouts=3).to_json())]
    assert "Nobody took {p1}'s seat in time." in [english(x) for x in t.row.log]
    assert t.open_seats() == [] and bo.strikes == 3  # their view says they timed out


async def test_when_nobody_else_is_left_the_open_seats_close(service, clock):
    t = await started(service, "tarok", {ANA: "Ana", BO: "Bo"})
    await service.leave(t.id, BO)
    assert t.status == "playing" and t.open_seats()
    await service.leave(t.id, ANA)
    assert t.status == "ended" and t.row.end_reason == "game over"
    acts = await actions(service, t)
    assert acts[-1][1:] == (0, Leave().to_json())  # the first Leave ended it (one player left)
    assert "Nobody else is left: {p0}'s seat closes." in [english(x) for x in t.row.log]


async def test_the_host_closes_a_seat(service, clock):
    t = await started(service, "giveandtake", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    await service.leave(t.id, CY)
    with refusal(TableError, "Only the host"):
        await service.close_seat(t.id, BO, 2)
    await service.close_seat(t.id, ANA, 2)
    assert not t.engine.is_active(t.state, 2) and t.open_seats() == []
    assert "The host closed {p2}'s seat." in [english(x) for x in t.row.log]


async def test_a_restart_keeps_the_open_seat_and_the_request(store, clock):
    first = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    t = await started(first, "tarok", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    await first.leave(t.id, BO)
    await first.ask_seat(t.id, DEE, "Dee", 1)
    again = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    await again.load()
    t2 = again.in_memory(t.id)
    assert t2 is not None and [s.user_id for s in t2.open_seats()] == [BO]
    assert t2.open_seats()[0].asker_id == DEE
    await again.answer_seat(t.id, ANA, 1, DEE, allow=True)
    third = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    await third.load()
    t3 = third.in_memory(t.id)
    assert t3 is not None and t3.seat_of(DEE) == 1 and t3.user_at(1).user_id == DEE
    assert t3.names()["p1"] == "Dee" and t3.seat_of(BO) is None
    # the next move of the seat is Dee's
    turn = t3.state.turn
    if turn == 1:
        move = next(a for a in t3.engine.legal_actions(t3.state, 1) if not isinstance(a, Leave))
        await third.act(t.id, DEE, move)
    await third.stop_clocks()
    await again.stop_clocks()
    await first.stop_clocks()


async def test_a_black_death_loser_who_leaves_still_drinks_at_once(service, clock):
    """Once Death is found the seat owes only its drink: no taking over, the Leave at once."""
    engine = ENGINES["blackdeath"]
    t = await started(service, "blackdeath", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    while t.state.phase == "take":
        taker = t.state.taker
        move = next(a for a in engine.legal_actions(t.state, taker) if not isinstance(a, Leave))
        await service.act(t.id, t.user_at(taker).user_id, move)
    loser = t.state.loser
    assert not engine.may_take_over(t.state, loser)
    await service.leave(t.id, t.user_at(loser).user_id)
    assert t.open_seats() == []
    assert [d.user_id for d in await drinks(service, t) if d.kind == "finish"] == [
        t.user_at(loser).user_id
    ]


async def test_a_seats_holders_may_both_erase_their_history(service, clock):
    """Erasing makes a seat anonymous ("Seat 2", a negative id): two holders of one seat get
    two ids, and the record marks the seat erased (its drinks are no longer all there)."""
    t = await started(service, "tarok", {ANA: "Ana", BO: "Bo", CY: "Cy"})
    await service.leave(t.id, BO)
    await service.ask_seat(t.id, DEE, "Dee", 1)
    await service.answer_seat(t.id, ANA, 1, DEE, allow=True)
    await service.end(t.id, ANA, can_manage=False)
    for user in (BO, DEE):
        async with service.store.transaction() as tx:
            await tx.erase_player(G, user)
    async with service.store.reading() as q:
        ids = sorted(s.user_id for s in await q.seats(t.id) if s.seat == 1)
    assert ids == [-102, -2]
    record = await record_of(service, t)
    assert record["players"][1]["erased"] is True
    replay_record(record)


@pytest.mark.parametrize("game", ["blackdeath", "giveandtake", "pyramid", "shithead", "tarok"])
async def test_open_seats_on_the_table_fit_a_phone(store, clock, game):
    """The open seats' lines go on top of the game's own table, which gives way (its oldest
    latest lines first) so that the whole still fits a phone: two seats open, one of them asked
    for, at the largest table of long names."""
    engine = ENGINES[game]
    players = engine.max_players
    service, t = await long_named_table(store, clock, game, players, f"seats-{game}")
    await service.leave(t.id, HOST + players - 1)
    await service.leave(t.id, HOST + players - 2)
    assert len(t.open_seats()) == 2
    await service.ask_seat(t.id, HOST + 50, "Newcomerxxxx", t.open_seats()[0].seat)
    screen = GAMES[game].ui.public(t)
    shown = with_seats(t, screen)
    text = body_text(shown.embed)
    assert "wants" in text and "seat is open" in text
    assert_fits_phone([text], f"{game} with two open seats")
    assert {b.custom_id.split(":")[2] for b in table_buttons(t)} >= {"allow_seat", "deny_seat"}
