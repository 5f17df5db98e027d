"""A table's game record (bot/replay.py): written from what the store holds of whole games
played through the table service, re-dealt offline to the same state and drinks, and refused,
in one plain sentence, once anything in it was changed."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

import pytest

from bot import replay
from bot.engines import ENGINES
from bot.engines.base import GameError, Leave, Timeout
from bot.replay import RecordRefused, make_record, replay_record, states_at
from bot.store import PlayerSettings

DISCORD_LIMIT = 8 * 1024 * 1024  # an attachment, in bytes
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
HOST = 1000
# the house rules that make Drunken Shithead drink (its rules alone don't)
OPTIONS: dict[str, dict[str, Any]] = {
    "shithead": {"find_shithead": True, "pickup_sip": True, "shithead_finishes": True}
}
SIZES: dict[str, int] = {}  # the largest record per game, printed by the size test


async def play(service, game: str, players: int, seed: int, *, end_after: int | None = None):
    """A whole game through the table service: random legal moves, now and then a player
    leaving, clocks running out (three in a row remove a player: a logged move of its own);
    a move that ends the game at one tap (``ask_first``: last call) seldom.
    ``end_after``: the host ends the table after that many changes instead."""
    guild = seed
    table = await service.open_table(
        game,
        guild_id=guild,
        channel_id=2,
        host_id=HOST,
        host_name=NAMES[0],
        options=OPTIONS.get(game, {}),
        seat_host=True,
    )
    for i in range(1, players):
        await service.join(table.id, HOST + i, NAMES[i])
    await service.start(table.id, HOST)
    rnd = random.Random(f"{game}-{seed}")
    rare = (Leave, *table.engine.ask_first)
    for n in range(20_000):
        if table.status != "playing":
            return table
        if end_after is not None and n >= end_after:
            await service.end(table.id, HOST, can_manage=True)
            return table
        moves = [
            (s.user_id, a)
            for s in table.seated()
            if s.seat is not None
            for a in table.engine.legal_actions(table.state, s.seat)
            if not isinstance(a, Timeout) and (not isinstance(a, rare) or rnd.random() < 0.003)
        ]
        if moves and (not table.timers or rnd.random() < 0.9):
            user, action = rnd.choice(moves)
            with contextlib.suppress(GameError):  # the host's moves, for one
                await service.act(table.id, user, action)
        elif table.timers:
            due = min(t.due_at for t in table.timers.values())
            service.clock.advance(max(due - service.clock.now(), 0))
            await service.fire_due()
    raise AssertionError(f"{game} did not end")


async def stored(store, table_id: int):
    async with store.reading() as q:
        row = await q.table(table_id)
        seats = await q.seats(table_id)
        actions = await q.actions_with_seq(table_id)
        drinks = await q.table_drinks(table_id)
    return row, seats, actions, drinks


def ledger_of(seats, drinks) -> dict[tuple[int, int, str], int]:
    """The stored drinks summed per (move, seat, kind), the way a test sees them."""
    seat_of = {s.user_id: s.seat for s in seats}
    out: dict[tuple[int, int, str], int] = {}
    for d in drinks:
        key = (d.seq, seat_of[d.user_id], d.kind)
        out[key] = out.get(key, 0) + d.amount
    return out


def check_record(row, seats, actions, drinks, record) -> replay.Replayed:
    engine = ENGINES[row.game]
    text = replay.dumps(record)
    assert json.loads(text) == record
    SIZES[row.game] = max(SIZES.get(row.game, 0), len(text.encode()))
    assert len(text.encode()) < DISCORD_LIMIT
    got = replay_record(json.loads(text))
    assert engine.to_dict(got.final_state) == row.state
    assert engine.to_dict(got.states[-1]) == row.state and len(got.states) == len(actions) + 1
    assert [(s, a.to_json()) for s, a in got.steps] == [(s, a) for _, s, a in actions]
    erased = {p["seat"] for p in record["players"] if p.get("erased")}
    mine = {
        (e["seq"], e["seat"], e["kind"]): e["sips"] for e in got.ledger if e["seat"] not in erased
    }
    assert mine == ledger_of(seats, drinks)
    assert sum(e["sips"] for e in got.ledger) == sum(
        d.sips for step in got.drinks_by_step for d in step
    )
    return got


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_a_whole_games_record_replays_to_the_stored_state_and_drinks(
    store, service, tmp_path, capsys, game
):
    engine = ENGINES[game]
    # a cap for one player: their drinks past it are stored as two rows, sips then water
    async with store.transaction() as tx:
        await tx.save_player_settings(PlayerSettings(HOST + 1, cap=3), service.clock.now())
    counts = sorted({engine.min_players, min(engine.max_players, 4)})
    for n, players in enumerate(counts, start=1):
        table = await play(service, game, players, seed=n)
        row, seats, actions, drinks = await stored(store, table.id)
        assert row.status == "ended" and row.end_reason == "game over"
        record = make_record(row, seats, actions, drinks)
        assert record["seed_sha256"] == table.seed_hash  # the hash every screen shows
        got = check_record(row, seats, actions, drinks, record)
        assert got.results == record["results"] and len(got.results) == players
        mid = len(actions) // 2
        assert engine.to_dict(states_at(record, mid)) == engine.to_dict(got.states[mid])
        if players == counts[-1]:  # the file, through the command
            path = tmp_path / f"{game}.json"
            path.write_text(replay.dumps(record), encoding="utf-8")
            assert replay.main([str(path)]) == 0
            out = capsys.readouterr().out
            assert out.startswith(f"{engine.title}, table #{row.id} (ended ")
            assert f"Seed SHA-256 {record['seed_sha256']} matches" in out
            assert f"{len(actions)} moves re-dealt and replayed" in out
            assert "Results: " in out and "Ledger:" in out and NAMES[0] in out
            assert len(out.splitlines()) <= 6 + players


async def test_an_erased_players_drinks_are_left_out_and_not_compared(store, service):
    table = await play(service, "pyramid", 3, seed=7)
    before = await stored(store, table.id)
    gone = HOST + 1
    assert any(d.user_id == gone for d in before[3]), "pick a seed where Bo drinks"
    async with store.transaction() as tx:
        await tx.erase_player(7, gone)
    row, seats, actions, drinks = await stored(store, table.id)
    record = make_record(row, seats, actions, drinks)
    seat = next(s.seat for s in before[1] if s.user_id == gone)
    assert {"seat": seat, "name": f"Seat {seat + 1}", "erased": True} in record["players"]
    assert all(e["seat"] != seat for e in record["ledger"]) and record["ledger"]
    got = check_record(row, seats, actions, drinks, record)
    assert any(e["seat"] == seat for e in got.ledger)  # the game still knows what they drank
    assert "Seat 2: history erased" in "\n".join(replay.report(record, got))
    # an entry for the erased seat is not what the store would hold
    bad = copy.deepcopy(record)
    bad["ledger"].append({"seq": 1, "seat": seat, "kind": "drink", "sips": 1})
    with pytest.raises(RecordRefused, match="the drinks don't match"):
        replay_record(bad)


async def test_a_table_ended_early_has_ended_results(store, service):
    table = await play(service, "shithead", 3, seed=9, end_after=12)
    row, seats, actions, drinks = await stored(store, table.id)
    assert row.status == "ended" and row.end_reason.startswith("ended by")
    record = make_record(row, seats, actions, drinks)
    assert {r["result"] for r in record["results"]} == {"ended"}
    got = check_record(row, seats, actions, drinks, record)
    assert not got.engine.is_over(got.final_state)
    claimed = copy.deepcopy(record)
    claimed["results"] = [{"seat": 0, "result": "won"}]
    with pytest.raises(RecordRefused, match="the results don't match"):
        replay_record(claimed)


async def test_only_an_ended_dealt_table_has_a_record(store, service):
    table = await service.open_table(
        "war", guild_id=3, channel_id=2, host_id=HOST, host_name="Ana", options={}, seat_host=True
    )
    await service.join(table.id, HOST + 1, "Bo")
    row, seats, actions, drinks = await stored(store, table.id)
    with pytest.raises(ValueError, match="has not ended"):
        make_record(row, seats, actions, drinks)
    await service.end(table.id, HOST, can_manage=True)
    row, seats, actions, drinks = await stored(store, table.id)
    with pytest.raises(ValueError, match="never dealt"):
        make_record(row, seats, actions, drinks)


# -- tampering -----------------------------------------------------------------------------


@pytest.fixture
async def record(store, service) -> dict[str, Any]:
    table = await play(service, "war", 2, seed=5)
    return make_record(*await stored(store, table.id))


def refused(record: Any) -> str:
    with pytest.raises(RecordRefused) as err:
        replay_record(record)
    return str(err.value)


async def test_a_changed_seed_or_seed_hash_is_refused(record):
    sentence = "This record was changed: its seed doesn't match the hash published at the deal."
    assert refused({**record, "seed": record["seed"] + "x"}) == sentence
    assert refused({**record, "seed_sha256": "0" * 64}) == sentence
    assert replay_record({**record, "seed_sha256": record["seed_sha256"].upper()})


async def test_a_changed_or_removed_move_is_refused(record):
    engine = ENGINES["war"]
    for i, a in enumerate(record["actions"]):  # a move by the wrong seat: illegal
        if a["seat"] is not None:
            bad = copy.deepcopy(record)
            bad["actions"][i]["seat"] = 1 - a["seat"]
            try:
                engine.apply(states_at(record, i), 1 - a["seat"], a["action"])
            except GameError:
                break
    assert refused(bad) == f"This record was changed: move {i + 1} is not a legal move."
    bad = copy.deepcopy(record)
    bad["actions"][3]["action"] = {"type": "no such move"}
    assert refused(bad) == "This record was changed: move 4 is not a legal move."
    bad = copy.deepcopy(record)
    del bad["actions"][3]
    assert refused(bad) == "This record was changed: move 4 is missing."
    bad = copy.deepcopy(record)  # removed and the rest renumbered: the game goes otherwise
    del bad["actions"][3]
    for n, a in enumerate(bad["actions"], start=1):
        a["seq"] = n
    assert refused(bad).startswith("This record was changed: ")
    bad = copy.deepcopy(record)  # one move too few at the end: the game is not over
    bad["actions"].pop()
    assert refused(bad).startswith("This record was changed: ")


async def test_a_changed_ledger_entry_is_refused(record):
    sentence = "This record was changed: the drinks don't match the game."
    bad = copy.deepcopy(record)
    bad["ledger"][0]["sips"] += 1
    assert refused(bad) == sentence
    bad = copy.deepcopy(record)
    bad["ledger"][0]["seat"] = 1 - bad["ledger"][0]["seat"]
    assert refused(bad) == sentence
    bad = copy.deepcopy(record)
    del bad["ledger"][-1]
    assert refused(bad) == sentence
    bad = copy.deepcopy(record)  # an entry split in two still sums the same
    first = bad["ledger"][0]
    if first["sips"] > 1:
        bad["ledger"].append({**first, "sips": 1})
        first["sips"] -= 1
        assert replay_record(bad).ledger == replay_record(record).ledger


async def test_other_files_are_refused_plainly(record, tmp_path, capsys):
    assert refused({**record, "barkeep_record": 2}) == (
        "This is a version 2 game record; this Barkeep reads version 1."
    )
    assert refused({**record, "barkeep_record": True}).startswith("This is a version unknown")
    assert refused([record]) == "This isn't a Barkeep game record."
    assert refused("war") == "This isn't a Barkeep game record."
    assert refused({"game": "war"}) == "This isn't a Barkeep game record."
    assert refused({**record, "game": "poker"}) == (
        "This record is for a game this Barkeep doesn't deal: poker."
    )
    assert refused({**record, "actions": None}) == "This record is damaged: its moves are missing."
    assert refused({**record, "options": {"social_sips": "lots"}}) == (
        "This record was changed: its options aren't ones this game takes."
    )
    assert refused({**record, "players": record["players"][:1]}) == (
        "This record was changed: Double-or-Nothing War is not played by 1 player."
    )
    files = {
        "list.json": (json.dumps([record]), 1, "This isn't a Barkeep game record."),
        "changed.json": (
            json.dumps({**record, "seed": "x"}),
            1,
            "This record was changed: its seed doesn't match",
        ),
        "torn.json": (replay.dumps(record)[:-10], 2, "isn't a game record: it isn't JSON."),
        "binary.json": (None, 2, "isn't JSON"),
    }
    for name, (text, code, said) in files.items():
        path = tmp_path / name
        if text is None:
            path.write_bytes(b"\xff\xfe\x00garbage")
        else:
            path.write_text(text, encoding="utf-8")
        assert replay.main([str(path)]) == code, name
        captured = capsys.readouterr()
        assert captured.out == "" and said in captured.err and captured.err.count("\n") == 1
    assert replay.main([str(tmp_path / "nowhere.json")]) == 2
    assert "Can't read" in capsys.readouterr().err
    assert replay.main([]) == 2
    assert "Usage" in capsys.readouterr().err


def test_the_largest_records_fit_an_attachment():
    """Printed with -s: the largest record per game over the whole games above."""
    for game, size in sorted(SIZES.items()):
        print(f"{game}: largest record {size} bytes")
    assert all(size < DISCORD_LIMIT for size in SIZES.values())
