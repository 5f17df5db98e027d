"""The table service: lobby rules, the action path, clocks, strikes, restarts, replay."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import time

import pytest

from bot.engines import ENGINES
from bot.engines.base import GameError
from bot.i18n import english
from bot.store import GameRule, Store, Tx
from bot.tables import (
    ALIVE_EVERY,
    DISCORD_EPOCH_MS,
    JUST_NOW,
    RETRY_FIRST,
    AlreadyMoved,
    NextGameOpen,
    TableError,
    TableService,
)
from tests.harness import Trips
from tests.refusals import refusal
from tests.seeds import fixed_seeds

G, C = 1, 2  # guild, channel
ANA, BO, CY = 10, 11, 12


async def open_as(service, host, name, game="war", guild=G, seated=True, **options):
    return await service.open_table(
        game,
        guild_id=guild,
        channel_id=C,
        host_id=host,
        host_name=name,
        options=options,
        seat_host=seated,
    )


async def war_table(service, start=True, **options):
    t = await open_as(service, ANA, "Ana", **options)
    await service.join(t.id, BO, "Bo")
    if start:
        await service.start(t.id, ANA)
    return t


async def test_lobby_rules(service):
    t = await war_table(service, start=False)
    with refusal(TableError, "already at this table"):
        await service.join(t.id, BO, "Bo")
    with refusal(TableError, "full"):
        await service.join(t.id, CY, "Cy")
    with refusal(TableError, "Only the host"):
        await service.start(t.id, BO)
    # one seat per player per server: Ana cannot open a second seated table
    with refusal(TableError, "already seated at table #"):
        await open_as(service, ANA, "Ana")
    # ... but may in another server, and many tables can share one channel
    other = await open_as(service, ANA, "Ana", game="war", guild=99)
    second = await open_as(service, CY, "Cy")
    assert len({t.id, other.id, second.id}) == 3


async def test_start_needs_enough_players_and_host_passes_on(service):
    t = await open_as(service, ANA, "Ana")
    with refusal(TableError, "needs at least 2 players: waiting for 1 more"):
        await service.start(t.id, ANA)
    await service.join(t.id, BO, "Bo")
    await service.leave(t.id, ANA)
    assert t.row.host_id == BO
    await service.leave(t.id, BO)
    assert t.status == "ended" and t.row.end_reason == "everyone left"
    with refusal(TableError, "has ended"):
        await service.join(t.id, CY, "Cy")


async def test_a_host_who_sits_down_late_is_still_seat_0_the_dealer(service, store, clock):
    """A host who had to accept the rules first sits down after the others joined; the game
    still deals them seat 0 (Black Death: the host deals, the player on their left offers first),
    and the lobby lists them first."""
    t = await open_as(service, ANA, "Ana", game="blackdeath", seated=False)
    await service.join(t.id, BO, "Bo")
    await service.join(t.id, CY, "Cy")
    await service.join(t.id, ANA, "Ana")  # once Ana has accepted the rules
    assert [s.name for s in t.seated()] == ["Ana", "Bo", "Cy"]
    await service.start(t.id, ANA)
    assert [t.seat_of(u) for u in (ANA, BO, CY)] == [0, 1, 2]
    assert t.state.offerer == 1  # the player on the dealer's left
    again = await TableService(store, ENGINES, clock).get(t.id)  # as after a restart
    assert again is not None and [again.seat_of(u) for u in (ANA, BO, CY)] == [0, 1, 2]


async def test_memory_keeps_a_games_state_once_and_the_store_keeps_it_whole(service, store, clock):
    """A table in memory keeps its engine's state only: the stored JSON, decoded, was a second
    copy (5 KB of a War table's 10). Writes that leave the game as it is (a host passing on, an
    end) leave the stored state as it is."""
    t = await war_table(service)
    await service.act(t.id, ANA, {"type": "flip"})
    assert t.row.state is None
    loaded = TableService(store, ENGINES, clock)
    assert await loaded.load() == 1
    again = await loaded.get(t.id)
    assert again is not None and again.row.state is None
    assert again.engine.to_dict(again.state) == t.engine.to_dict(t.state)
    await service.end(t.id, ANA, can_manage=False)
    async with store.reading() as q:
        row = await q.table(t.id)
    assert row.status == "ended" and row.state == t.engine.to_dict(t.state)


async def test_bad_options_are_refused_plainly(service):
    with refusal(GameError, "social_sips must be at most 5"):
        await open_as(service, ANA, "Ana", social_sips=9)


async def test_actions_are_checked_and_logged(service, store):
    t = await war_table(service)
    with refusal(TableError, "not playing"):
        await service.act(t.id, CY, {"type": "flip"})
    await service.act(t.id, ANA, {"type": "flip"}, interaction_id=1001)
    async with store.reading() as q:
        assert await q.actions(t.id) == [(0, {"type": "flip"})]
        row = await q.table(t.id)
    assert row.seq == 1 and row.state == t.engine.to_dict(t.state)
    # the same interaction delivered twice changes nothing
    again = await service.act(t.id, ANA, {"type": "flip"}, interaction_id=1001)
    assert again.duplicate
    async with store.reading() as q:
        assert len(await q.actions(t.id)) == 1


async def test_clock_fires_default_and_three_timeouts_remove_a_player(service, clock, store):
    t = await war_table(service, choice_seconds=10)
    # the dealer flips on the clock (nobody's strike); one player lets their choice run out
    losers = []
    while t.status == "playing" and len(losers) < 3:
        v = t.engine.view(t.state, None)
        if v["phase"] == "flip":
            clock.advance(10)
            assert await service.fire_due() == 1
            continue
        loser = v["loser"]
        if losers and loser != losers[-1]:
            await service.act(t.id, t.user_at(loser).user_id, {"type": "drink"})
            continue
        losers.append(loser)
        assert t.deadline(v["choice_key"]) == pytest.approx(clock.now() + 10)
        clock.advance(10)
        assert await service.fire_due() == 1
    assert len(losers) == 3
    out = t.user_at(losers[0])
    assert out.left_at is not None and out.strikes == 3
    assert t.status == "ended"  # War cannot go on with one player
    async with store.reading() as q:
        drinks = await q.table_drinks(t.id)
        results = await q._all("SELECT user_id, outcome FROM results WHERE table_id = ?", (t.id,))
    timeouts = [d for d in drinks if d.user_id == out.user_id and d.kind == "drink"]
    assert len(timeouts) >= 3
    assert dict((r[0], r[1]) for r in results)[out.user_id] == "left"


async def test_a_refusal_after_the_players_own_move_or_clock_says_so(service, clock):
    """A double tap, or a tap as the player's time ran out, is refused by saying what
    happened, not by the rules' refusal (which blames a race they did not lose); a moment
    later, and for anybody else, the rules' own words."""
    t = await war_table(service, choice_seconds=10)
    while t.engine.view(t.state, None)["phase"] == "flip":
        hand = t.engine.view(t.state, None)["hand"]
        await service.act(t.id, ANA, {"type": "flip", "hand": hand})
    with refusal(AlreadyMoved, "^Already done: your first tap counted.$"):
        await service.act(t.id, ANA, {"type": "flip", "hand": hand})
    with refusal(GameError, "already turned") as refused:
        await service.act(t.id, BO, {"type": "flip", "hand": hand})
    assert not isinstance(refused.value, AlreadyMoved)
    loser = t.user_at(t.engine.view(t.state, None)["loser"]).user_id
    clock.advance(10)
    assert await service.fire_due() == 1  # the loser's time ran out: the base drink
    with refusal(AlreadyMoved, "^Time ran out a moment ago: the clock already"):
        await service.act(t.id, loser, {"type": "double"})
    clock.advance(JUST_NOW + 0.1)
    with pytest.raises(GameError) as refused:
        await service.act(t.id, loser, {"type": "double"})
    assert not isinstance(refused.value, AlreadyMoved)


async def test_a_player_acting_resets_their_strikes(service, clock):
    t = await war_table(service, choice_seconds=10)
    clock.advance(10)  # the dealer flips: nobody's fault
    await service.fire_due()
    assert all(s.strikes == 0 for s in t.seats)
    v = t.engine.view(t.state, None)
    if v["phase"] == "choice":
        clock.advance(10)
        await service.fire_due()
        assert t.user_at(v["loser"]).strikes == 1
        await service.act(t.id, t.user_at(v["loser"]).user_id, {"type": "flip"})
        assert t.user_at(v["loser"]).strikes == 0


async def test_restart_resumes_tables_and_clocks(tmp_path, clock):
    path = tmp_path / "b.db"
    store = await Store.open(path)
    svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    t = await war_table(svc)
    await svc.act(t.id, ANA, {"type": "flip"})
    while t.engine.view(t.state, None)["phase"] != "choice":  # a tie: flip again
        await svc.act(t.id, ANA, {"type": "flip"})
    before = t.engine.to_dict(t.state)
    due = dict((k, v.due_at) for k, v in t.timers.items())
    await store.close()  # the process dies here

    store = await Store.open(path)
    svc2 = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    assert await svc2.load() == 1
    t2 = await svc2.get(t.id)
    assert t2.engine.to_dict(t2.state) == before
    assert {k: v.due_at for k, v in t2.timers.items()} == due
    assert t2.engine.to_dict(await svc2.replay(t.id)) == before
    clock.advance(3600)  # overdue clocks fire at once after a restart
    assert await svc2.fire_due() == 1
    assert t2.engine.view(t2.state, None)["phase"] == "flip"
    await store.close()


async def test_clocks_stand_still_while_the_bot_is_away(tmp_path, clock):
    """A stop, then a crash: each time, a running clock keeps the time it had left when the
    clocks last ran (a crash: at most ALIVE_EVERY seconds more)."""
    path = tmp_path / "b.db"
    store = await Store.open(path)
    svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    assert await svc.resume_clocks() == 0  # the first start
    t = await war_table(svc)
    await svc.act(t.id, ANA, {"type": "flip"})
    while t.engine.view(t.state, None)["phase"] != "choice":  # a tie: flip again
        await svc.act(t.id, ANA, {"type": "flip"})
    (left,) = [v.due_at - clock.now() for v in t.timers.values()]
    svc.start_clocks()
    await svc.stop_clocks()  # a clean stop marks when the clocks stopped
    await store.close()

    clock.advance(3600)  # away for an hour
    store = await Store.open(path)
    svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    assert await svc.resume_clocks() == 3600
    await svc.load()
    t = await svc.get(t.id)
    assert [v.due_at - clock.now() for v in t.timers.values()] == [left]
    assert await svc.fire_due() == 0

    svc.start_clocks()  # marks at once, then every ALIVE_EVERY seconds
    clock.advance(ALIVE_EVERY + 1)
    marked = clock.now()
    for _ in range(200):
        async with store.reading() as q:
            if await q.get_meta("clocks_ran_at") == repr(marked):
                break
        await asyncio.sleep(0.005)
    else:
        raise AssertionError("the clock loop never marked that it ran")
    svc._scheduler.cancel()  # the process dies: no mark at the end
    clock.advance(2)
    await store.close()

    clock.advance(600)
    store = await Store.open(path)
    svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    assert await svc.resume_clocks() == 602
    await svc.load()
    t = await svc.get(t.id)
    assert [v.due_at - clock.now() for v in t.timers.values()] == [left - ALIVE_EVERY - 1]
    clock.advance(left)
    assert await svc.fire_due() == 1
    assert t.engine.view(t.state, None)["phase"] == "flip"
    await store.close()


async def test_whole_game_replays_from_seed_and_log(service, store):
    t = await war_table(service, social_sips=2)
    while t.status == "playing":
        v = t.engine.view(t.state, None)
        if v["phase"] == "flip":
            await service.act(t.id, BO, {"type": "flip"})
        else:
            who = t.user_at(v["loser"]).user_id
            await service.act(t.id, who, {"type": "double"} if v["hand"] % 2 else {"type": "drink"})
    async with store.reading() as q:
        row = await q.table(t.id)
        drinks = await q.table_drinks(t.id)
        board = await q.leaderboard(G, 0)
    assert row.status == "ended" and row.end_reason == "game over"
    assert t.engine.to_dict(await service.replay(t.id)) == row.state
    final = t.engine.view(t.state, None)
    by_user = {t.user_at(s).user_id: final["sips"][s] for s in (0, 1)}
    assert {r["user_id"]: r["sips"] for r in board} == by_user
    assert sum(d.amount for d in drinks) == sum(by_user.values())
    assert {r["user_id"]: r["played"] for r in board} == {ANA: 1, BO: 1}


async def test_end_by_host_or_manager_only(service):
    t = await war_table(service)
    with refusal(TableError, "Only the host"):
        await service.end(t.id, BO, can_manage=False)
    await service.end(t.id, BO, can_manage=True)
    assert t.status == "ended" and t.row.end_reason == "ended by Bo"
    assert not t.timers
    with refusal(TableError, "has ended"):
        await service.act(t.id, ANA, {"type": "flip"})
    assert await service.table_of(G, ANA) is None  # free to sit down elsewhere


async def test_scheduler_loop_fires_due_clocks(service, clock):
    import asyncio

    t = await war_table(service, choice_seconds=10)
    fired = asyncio.Event()
    service.listeners.append(lambda ch: fired.set() if ch.seat is None else None)
    service.start_clocks()
    clock.advance(10)
    await asyncio.wait_for(fired.wait(), 2)
    assert t.engine.view(t.state, None)["hand"] >= 1
    assert t.row.seq == 1


async def test_an_unstarted_table_closes_after_30_minutes_and_frees_its_seats(service, clock):
    t = await war_table(service, start=False)
    assert t.deadline("lobby") == clock.now() + 30 * 60
    clock.advance(30 * 60)
    assert await service.fire_due() == 1
    assert t.status == "ended" and t.row.end_reason == "nobody started it within 30 minutes"
    assert await service.table_of(G, ANA) is None and await service.table_of(G, BO) is None


async def test_starting_stops_the_lobby_clock(service, clock):
    t = await war_table(service)
    assert "lobby" not in t.timers
    async with service.store.reading() as q:
        assert all(r.key != "lobby" for r in await q.timers(t.id))


async def test_the_host_role_passes_on_when_the_host_leaves_mid_game(service):
    t = await open_as(service, ANA, "Ana", game="pyramid")
    await service.join(t.id, BO, "Bo")
    await service.join(t.id, CY, "Cy")
    await service.start(t.id, ANA)
    await service.leave(t.id, ANA)
    assert t.row.host_id == BO and "{p1} is the host now." in map(english, t.row.log)
    await service.end(t.id, BO, can_manage=False)  # Bo has the host's powers now


async def test_already_seated_points_to_the_other_table(service):
    t = await war_table(service, start=False)
    await service.set_message(t.id, 555)
    with refusal(TableError, rf"https://discord.com/channels/{G}/{C}/555"):
        await open_as(service, BO, "Bo", game="pyramid")


async def test_opening_and_joining_are_one_trip_each_refusals_included(service, store):
    """The lobby checks (one seat, one lobby per host, the server's channel rules) run on the
    connection's thread with the writes. A check read first would hold the store for a round
    trip, and every other table's action would wait behind it (issue 7)."""
    async with store.transaction() as tx:
        await tx.set_game_rule(GameRule(G, C, "war", False))  # War switched off here
    trips = Trips(store)
    with refusal(TableError, "War is switched off in this channel"):
        await open_as(service, ANA, "Ana")
    assert trips.n == 1
    async with store.transaction() as tx:
        await tx.set_game_rule(GameRule(G, C, "war", True))
    trips.n = 0
    t = await open_as(service, ANA, "Ana")
    assert trips.n == 1 and t.seated()[0].name == "Ana" and t.row.status == "lobby"
    trips.n = 0
    await service.join(t.id, BO, "Bo")
    assert trips.n == 1
    with refusal(TableError, "already seated at table #"):
        await open_as(service, BO, "Bo", game="pyramid")
    with refusal(TableError, "already seated at table #"):
        await service.join((await open_as(service, CY, "Cy")).id, BO, "Bo")
    unseated = dict(guild_id=G, channel_id=C, host_id=13, host_name="Di", options={})
    lobby = await service.open_table("war", seat_host=False, **unseated)
    trips.n = 0
    with refusal(TableError, "one open table per host"):
        await service.open_table("pyramid", seat_host=False, **unseated)
    assert trips.n == 1
    async with store.reading() as q:  # refused: nothing written
        assert [r.id for r in await q.open_lobbies(G, 13)] == [lobby.id]
        assert await q.table(t.id) == t.row and await q.seats(t.id) == t.seats


async def test_a_failed_write_changes_nothing_and_the_table_reloads(service, store, monkeypatch):
    t = await war_table(service)
    before = (t.row.seq, t.engine.to_dict(t.state))

    async def disk_full(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("bot.store.Tx.add_action", disk_full)
    with pytest.raises(OSError):
        await service.act(t.id, ANA, {"type": "flip"})
    monkeypatch.undo()
    again = await service.get(t.id)  # reloaded from the store
    assert again is not t and (again.row.seq, again.engine.to_dict(again.state)) == before
    assert again.timers.keys() == t.timers.keys()
    await service.act(t.id, ANA, {"type": "flip"})  # and play goes on
    assert again.row.seq == before[0] + 1


async def test_a_private_line_reaches_only_its_seat_and_is_read_when_they_act(service, store):
    t = await open_as(service, ANA, "Ana", game="pyramid")
    await service.join(t.id, BO, "Bo")
    await service.start(t.id, ANA)
    await service.act(t.id, ANA, {"type": "peek"})
    ana, bo = t.seat_row(ANA), t.seat_row(BO)
    assert [english(n) for n in ana.notes] == ["You take your one look (15 seconds)."]
    assert bo.notes == []
    async with store.reading() as q:  # kept with the seat, so a restart shows it too
        assert [s.notes for s in await q.seats(t.id)] == [ana.notes, []]
    await service.act(t.id, BO, {"type": "peek"})
    assert t.seat_row(BO).notes and t.seat_row(ANA).notes  # Bo's move leaves Ana's line
    await service.act(t.id, ANA, {"type": "leave"})
    assert t.seat_row(ANA).notes == []  # Ana acted: she has read it


@pytest.mark.sqlite  # SQLite's own connection (its trace, its thread, its errors)
async def test_an_action_is_one_trip_that_writes_only_the_seats_it_changed(service, store):
    players = list(range(100, 110))  # ten at a Pyramid table
    t = await open_as(service, players[0], "p0", game="pyramid")
    for u in players[1:]:
        await service.join(t.id, u, f"p{u}")
    await service.start(t.id, players[0])
    statements: list[str] = []
    await store._db.set_trace_callback(statements.append)
    trips = Trips(store)
    await service.act(t.id, players[3], {"type": "peek"}, interaction_id=2001)
    assert trips.n == 1  # the interaction check, the writes and the COMMIT
    await store._db.set_trace_callback(None)
    assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
    assert "interaction_id = 2001" in statements[1]
    seats = [s for s in statements if s.startswith("UPDATE seats")]
    assert len(seats) == 1 and seats[0].endswith(f"user_id = {players[3]}")  # their look's line
    async with store.reading() as q:  # what is stored is what the table holds
        stored = {s.user_id: s for s in await q.seats(t.id)}
    assert all(stored[s.user_id] == s for s in t.seats)


@pytest.mark.sqlite  # SQLite's own connection (its trace, its thread, its errors)
async def test_clocks_and_moves_write_the_seats_whose_strikes_or_notes_changed(
    service, store, clock
):
    t = await war_table(service, choice_seconds=10)
    rnd = random.Random(5)
    statements: list[str] = []
    await store._db.set_trace_callback(statements.append)
    trips = Trips(store)
    seen = []
    iid = 4000
    while t.status == "playing" and len(seen) < 40:
        before = {s.user_id: (s.left_at, s.strikes, tuple(s.notes)) for s in t.seats}
        statements.clear()
        trips.n = 0
        v = t.engine.view(t.state, None)
        if v["phase"] == "choice" and rnd.random() < 0.5:  # the loser lets the clock run out
            clock.advance(10)
            assert await service.fire_due() == 1
        else:
            iid += 1
            who = t.user_at(v["loser"]).user_id if v["phase"] == "choice" else ANA
            await service.act(t.id, who, {"type": "flip" if v["phase"] == "flip" else "drink"}, iid)
        assert trips.n == 1
        after = {s.user_id: (s.left_at, s.strikes, tuple(s.notes)) for s in t.seats}
        changed = {u for u in after if after[u] != before[u]}
        written = {
            int(s.rsplit("user_id = ", 1)[1]) for s in statements if s.startswith("UPDATE seats")
        }
        assert written == changed
        seen.append(len(changed))
    assert 0 in seen and any(seen)  # moves that changed no seat, and strikes given or reset
    await store._db.set_trace_callback(None)
    async with store.reading() as q:  # and what is stored is what the table holds
        stored = {s.user_id: s for s in await q.seats(t.id)}
    assert all(stored[s.user_id] == s for s in t.seats)


async def test_an_interaction_in_the_log_is_not_applied_even_if_memory_missed_it(service, store):
    t = await war_table(service)
    async with store.transaction() as tx:  # the log has it (say, from before a crash)
        await tx.add_action(t.id, 99, 0, ANA, {"type": "flip"}, 3001, 1.0)
    before = (t.row.seq, t.engine.to_dict(t.state))
    trips = Trips(store)
    again = await service.act(t.id, ANA, {"type": "flip"}, interaction_id=3001)  # a legal move
    assert again.duplicate and trips.n >= 1
    table = await service.get(t.id)  # reloaded: nothing of the attempt stayed in memory
    assert (table.row.seq, table.engine.to_dict(table.state)) == before
    async with store.reading() as q:
        assert len(await q.actions(t.id)) == 1
    await service.act(t.id, ANA, {"type": "flip"}, interaction_id=3002)  # play goes on
    assert table.row.seq == before[0] + 1


async def test_start_up_reads_tables_seats_clocks_and_tabs_a_chunk_at_a_time(store, clock):
    svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    war = await war_table(svc)
    pyramid = await open_as(svc, CY, "Cy", game="pyramid", guild=7)
    await svc.join(pyramid.id, ANA, "Ana")
    await svc.join(pyramid.id, BO, "Bo")
    await svc.leave(pyramid.id, ANA)
    await svc.join(pyramid.id, ANA, "Ana")  # back, and last in join order
    ended = await open_as(svc, 13, "Dee", guild=8)
    await svc.end(ended.id, 13, can_manage=False)

    svc2 = TableService(store, ENGINES, clock, seeds=fixed_seeds())  # as after a restart
    trips = Trips(store)
    # one chunk (up to 200 tables): tables, seats, clocks, tabs; then the empty next chunk
    assert await svc2.load() == 2 and trips.n == 5
    for t in (war, pyramid):
        again = svc2._tables[t.id]
        assert again is not t and again.seats == t.seats
    assert [s.name for s in svc2._tables[pyramid.id].seats] == ["Cy", "Bo", "Ana"]
    assert ended.id not in svc2._tables


@pytest.mark.sqlite  # SQLite's own connection (its trace, its thread, its errors)
async def test_a_screen_drawn_while_an_action_commits_shows_the_old_table_whole(service, store):
    """The log, clocks and notes move on together with the state, once committed."""
    t = await war_table(service)
    before = (t.row.log, dict(t.timers), t.row.seq, t.engine.to_dict(t.state))
    seen = []
    real = store._submit

    async def slow(trip):
        await asyncio.sleep(0)  # the loop runs on while the commit is under way
        seen.append((t.row.log, dict(t.timers), t.row.seq, t.engine.to_dict(t.state)))
        return await trip

    def slow_commit(fn, *args):
        return asyncio.ensure_future(slow(real(fn, *args)))

    store._submit = slow_commit
    await service.act(t.id, ANA, {"type": "flip"})
    store._submit = real
    assert seen and all(s == before for s in seen)  # during the trip: the old table, all of it
    assert t.row.seq == before[2] + 1 and t.row.log != before[0]


async def test_a_loser_who_leaves_the_table_before_choosing_still_drinks(service, store):
    """Issue 8: a drink already owed is never lost. The War loser who walks away from the table
    (the Leave button) is charged the clock's default, the base drink, before the game ends."""
    t = await war_table(service)
    while t.engine.view(t.state, None)["phase"] != "choice":
        await service.act(t.id, BO, {"type": "flip"})
    view = t.engine.view(t.state, None)
    loser = t.user_at(view["loser"]).user_id
    before = view["sips"][view["loser"]]
    await service.leave(t.id, loser)
    assert t.status == "ended"
    async with store.reading() as q:
        drinks = await q.table_drinks(t.id)
    owed = sum(d.amount for d in drinks if d.user_id == loser)
    assert owed > before and owed == t.engine.view(t.state, None)["sips"][view["loser"]]


def snowflake(at: float) -> int:
    """A Discord id created at ``at`` (wall clock), as Discord makes interaction ids."""
    return (int(at * 1000) - DISCORD_EPOCH_MS) << 22


async def test_a_refused_click_is_looked_up_only_if_an_earlier_run_could_have_applied_it(
    service, store, clock
):
    """Issue 7: under load many clicks are refused (another player was quicker). Whether a
    refused one repeats an applied move is known in memory at a table this process opened, or
    for an interaction created after it read the table; only older ones are looked up."""
    t = await war_table(service)
    now = time.time()
    flip = snowflake(now)
    await service.act(t.id, ANA, {"type": "flip"}, interaction_id=flip)
    n = 0
    while t.engine.view(t.state, None)["phase"] != "choice":  # a tie: flip on
        n += 1
        await service.act(t.id, ANA, {"type": "flip"}, interaction_id=flip + n)
    winner = t.user_at(1 - t.engine.view(t.state, None)["loser"]).user_id
    trips = Trips(store)
    with pytest.raises(GameError):  # a new click, refused: nothing to look up
        await service.act(t.id, winner, {"type": "drink"}, interaction_id=snowflake(now) + 100)
    assert trips.n == 0
    again = await service.act(t.id, ANA, {"type": "flip"}, interaction_id=flip)  # delivered twice
    assert again.duplicate and trips.n == 0

    later = TableService(
        store, ENGINES, clock, seeds=fixed_seeds()
    )  # a restart: the table is read from the store
    assert await later.load() == 1
    trips.n = 0
    again = await later.act(t.id, ANA, {"type": "flip"}, interaction_id=flip)  # the log has it
    assert again.duplicate and trips.n == 1
    with pytest.raises(GameError):  # from before this run took the table on: looked up
        await later.act(t.id, winner, {"type": "drink"}, interaction_id=snowflake(now) + 200)
    assert trips.n == 2
    with pytest.raises(GameError):  # made well after: this run would know it
        await later.act(t.id, winner, {"type": "drink"}, interaction_id=snowflake(now + 120))
    assert trips.n == 2


async def test_play_again_opens_one_next_game_even_across_a_restart(tmp_path, clock):
    """The lobby a finished table's Play again opened is stored with it: a second press, by
    anyone, before or after a restart, is refused pointing to that lobby (in the transaction
    that would have opened another, before the presser's own lobby rules); once the next game
    is dealt, Play again opens another."""
    again = dict(guild_id=G, channel_id=C, options={}, seat_host=True)
    async with contextlib.AsyncExitStack() as stack:
        store = await Store.open(tmp_path / "b.db")
        stack.push_async_callback(store.close)
        svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
        old = await war_table(svc)
        await svc.end(old.id, ANA, can_manage=False)
        again["rematch_of"] = old.id
        nxt = await svc.open_table("war", host_id=BO, host_name="Bo*", **again)
        with pytest.raises(NextGameOpen) as refused:
            await svc.open_table("war", host_id=BO, host_name="Bo*", **again)  # a double press
        assert (refused.value.lobby.id, refused.value.host) == (nxt.id, "Bo*")

    async with contextlib.AsyncExitStack() as stack:  # a restart
        store = await Store.open(tmp_path / "b.db")
        stack.push_async_callback(store.close)
        svc = TableService(store, ENGINES, clock, seeds=fixed_seeds())
        stack.push_async_callback(svc.stop_clocks)
        await svc.load()
        await open_as(svc, CY, "Cy")  # Cy hosts a lobby of his own: the next game comes first
        trips = Trips(store)
        with pytest.raises(NextGameOpen) as refused:
            await svc.open_table("war", host_id=CY, host_name="Cy", **again)
        assert refused.value.lobby.id == nxt.id and trips.n == 1
        await svc.join(nxt.id, ANA, "Ana")
        await svc.start(nxt.id, BO)  # dealt: no longer a lobby to point to
        third = await svc.open_table("war", host_id=13, host_name="Dee", **again)
        assert third.id > nxt.id


async def test_a_read_that_ends_after_the_start_up_load_never_replaces_its_copy(
    service, store, clock, monkeypatch
):
    """A click reads a table while the start-up load puts the same table in memory, and a
    clock fires on the loaded copy before the click's read returns. The read used to replace
    the loaded copy with its older one, and the click's move then took a move number the
    clock had used (UNIQUE constraint failed: the click got the apology)."""
    t = await war_table(service)
    fresh = TableService(store, ENGINES, clock)  # a new process: nothing in memory
    reading, gate = asyncio.Event(), asyncio.Event()
    table_read = Tx.table

    async def slow(self, table_id):
        row = await table_read(self, table_id)
        reading.set()
        await gate.wait()
        return row

    monkeypatch.setattr(Tx, "table", slow)
    click = asyncio.create_task(fresh.get(t.id))
    await reading.wait()
    monkeypatch.undo()
    assert await fresh.load() == 1
    loaded = fresh.in_memory(t.id)
    await fresh.act(t.id, ANA, {"type": "flip"})  # the loaded copy moves on
    gate.set()
    assert await click is loaded and fresh.in_memory(t.id) is loaded


async def test_a_shared_clock_strikes_only_those_it_still_waits_on(service, store, clock):
    """Shithead's choosing clock runs for everyone still choosing: Ana and Bo choose in time,
    Cy lets it run out. Only Cy gets a strike (three in a row put a player out), here and
    after a restart (the clock's seats are stored as they shrink)."""
    from bot.engines.shithead import ChooseUp

    t = await open_as(service, ANA, "Ana", game="shithead")
    await service.join(t.id, BO, "Bo")
    await service.join(t.id, CY, "Cy")
    await service.start(t.id, ANA)
    for user in (ANA, BO):
        hand = t.view(t.seat_of(user))["hand"]
        await service.act(t.id, user, ChooseUp([h["id"] for h in hand[:3]]))
    assert t.timers["choose"].seats == [t.seat_of(CY)]
    again = TableService(store, ENGINES, clock)
    await again.load()
    assert (await again.get(t.id)).timers["choose"].seats == [t.seat_of(CY)]
    clock.advance(t.timers["choose"].due_at - clock.now())
    await service.fire_due()
    assert {s.user_id: s.strikes for s in t.seats} == {ANA: 0, BO: 0, CY: 1}


async def test_clocks_that_run_out_in_one_absence_strike_once(service, clock):
    """Three right cards laid together in Pyramid start three 30 s give clocks. A player away
    for those 30 s missed one decision (the private view gives everything with one choice),
    but each clock counted as a timeout in a row: three, and they were put out (the rules
    audit). Clocks that were running together strike once; the next decision's clock counts."""
    from tests.engines.test_pyramid import arrange

    t = await open_as(service, ANA, "Ana", game="pyramid")
    await service.join(t.id, BO, "Bo")
    await service.join(t.id, CY, "Cy")
    await service.start(t.id, ANA)
    t.state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "7S", "2C"]})
    await service.act(t.id, ANA, {"type": "lay", "slots": [1, 2, 3]})
    assert len([k for k in t.timers if k.startswith("give:")]) == 3
    for seat in (1, 2):
        await service.act(t.id, t.user_at(seat).user_id, {"type": "pass"})
    clock.advance(30)
    assert await service.fire_due() == 3  # each give goes to someone chosen by the table
    ana = t.seat_row(ANA)
    assert ana.left_at is None and ana.strikes == 1  # one absence, one timeout
    assert t.state.gives == [] and t.state.taken[1] + t.state.taken[2] == 3


async def test_clocks_of_one_absence_strike_once_across_a_restart(service, store, clock):
    """The same absence, with the bot restarted between its clocks: Ana lays three right cards
    ten seconds apart and walks away. The first give clock strikes her; the bot restarts; the
    other two were running when it struck, so they add nothing (they did while the rule was
    kept in memory only)."""
    from tests.engines.test_pyramid import arrange

    t = await open_as(service, ANA, "Ana", game="pyramid")
    await service.join(t.id, BO, "Bo")
    await service.join(t.id, CY, "Cy")
    await service.start(t.id, ANA)
    t.state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "7S", "2C"]})
    for slot in (1, 2, 3):
        await service.act(t.id, ANA, {"type": "lay", "slots": [slot]})
        clock.advance(10)
    for seat in (1, 2):
        await service.act(t.id, t.user_at(seat).user_id, {"type": "pass"})
    clock.advance(0.5)
    assert await service.fire_due() == 1
    assert t.seat_row(ANA).strikes == 1
    again = TableService(store, ENGINES, clock)
    await again.load()
    clock.advance(20)
    assert await again.fire_due() == 2
    ana = (await again.get(t.id)).seat_row(ANA)
    assert ana.left_at is None and ana.strikes == 1
    await again.stop_clocks()


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE tables SET game = 'retired' WHERE id = ?",  # a game this bot no longer deals
        "UPDATE tables SET state = '{\"nonsense\": 1}' WHERE id = ?",  # an engine changed
    ],
    ids=["game-retired", "state-unreadable"],
)
async def test_a_table_that_cannot_be_loaded_is_closed_and_frees_its_players(
    tmp_path, clock, damage
):
    """A table an updated bot can't build was logged and skipped at start-up but stayed open
    in the store: its players were 'already seated' there for good, and its Leave answered
    'I can't find that table' or an apology (lifecycle audit). It is now closed as End does:
    the game counts as ended for each player, and they may sit down again."""
    path = tmp_path / "barkeep.db"
    store = await Store.open(path)
    service = TableService(store, ENGINES, clock, seeds=fixed_seeds())
    t = await open_as(service, ANA, "Ana")
    await service.join(t.id, BO, "Bo")
    await service.start(t.id, ANA)
    await store.close()
    con = sqlite3.connect(path)  # what an update of the bot leaves behind
    con.execute(damage, (t.id,))
    con.commit()
    con.close()
    store = await Store.open(path)
    try:
        service = TableService(store, ENGINES, clock, seeds=fixed_seeds())
        assert await service.load() == 0
        assert await service.get(t.id) is None  # an old button: "I can't find that table"
        async with store.reading() as q:
            row = await q.table(t.id)
            assert (row.status, row.end_reason) == ("ended", "closed: it could not be loaded")
            assert await q.timers(t.id) == []
        con = sqlite3.connect(path)
        results = con.execute("SELECT user_id, outcome FROM results WHERE table_id = ?", (t.id,))
        assert sorted(results.fetchall()) == [(ANA, "ended"), (BO, "ended")]
        con.close()
        again = await open_as(service, ANA, "Ana")  # free to sit down again
        await service.join(again.id, BO, "Bo")
    finally:
        await store.close()


async def test_a_clock_whose_write_failed_fires_once_the_store_works(service, clock, monkeypatch):
    """A clock ran out and its write failed (the disk full, a lock held past the store's
    wait): the table was forgotten, and only a click read it again, so its clocks stood still
    for good (storage-fault audit). The clock loop now reads it again after a wait, doubled
    while the store keeps failing, and the overdue clock fires; its version goes on."""
    from tests.faults import FULL, Fault

    fault = Fault(monkeypatch)
    t = await war_table(service, choice_seconds=10)
    await service.act(t.id, ANA, {"type": "flip"})
    while t.engine.view(t.state, None)["phase"] == "flip":
        await service.act(t.id, ANA, {"type": "flip"})
    version, seq = t.version, t.row.seq
    fault.full(match="INSERT INTO actions", times=2)
    clock.advance(10)
    with pytest.raises(FULL):
        await service.fire_due()
    assert service.in_memory(t.id) is None
    assert service.next_due() == clock.now() + RETRY_FIRST
    clock.advance(RETRY_FIRST)
    with pytest.raises(FULL):  # read again, and fails again
        await service.fire_due()
    assert service.next_due() == clock.now() + 2 * RETRY_FIRST
    clock.advance(RETRY_FIRST)
    assert await service.fire_due() == 0  # its wait is not over
    clock.advance(RETRY_FIRST)
    assert await service.fire_due() == 1  # the store works: the clock fires
    again = service.in_memory(t.id)
    assert again is not None and again is not t
    assert again.row.seq == seq + 1 and again.version > version
    assert service.next_due() == min(x.due_at for x in again.timers.values())


async def test_a_lobby_leave_whose_write_failed_can_be_pressed_again(service, monkeypatch):
    """Leave, Remove, a finished player's stand-up, End and the lobby's close changed the
    table in memory before their write: when it failed, the player was told nothing changed,
    but memory said they had left while the store kept them seated, so pressing again said
    'You're not at this table' and every other table refused them (storage-fault audit)."""
    from tests.faults import FULL, Fault

    fault = Fault(monkeypatch)
    t = await war_table(service, start=False)
    fault.full(times=1)
    with pytest.raises(FULL):
        await service.leave(t.id, BO)
    await service.leave(t.id, BO)  # pressed again: it counts
    again = service.in_memory(t.id)
    assert again is not None and again.seat_row(BO) is None
    fault.full(times=1)
    with pytest.raises(FULL):
        await service.end(t.id, ANA, can_manage=False)
    assert (await service.get(t.id)).status == "lobby"  # the store's: still open
    await service.join(t.id, BO, "Bo")
    fault.full(times=1)
    with pytest.raises(FULL):
        await service.remove(t.id, ANA, BO, can_manage=False)
    assert (await service.get(t.id)).seat_row(BO).left_at is None  # as the store has it
