"""The store on a real SQLite file: migrations, the ledger sums, idempotent actions."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import sqlite3
import threading
from pathlib import Path

import aiosqlite
import pytest

from bot.store import AlreadyApplied, DatabaseInUse, DatabaseUnusable, DrinkRow, Store
from bot.ui import tally
from tests.backends import CONFLICT, INTEGRITY
from tests.harness import Trips

ROOT = Path(__file__).resolve().parents[1]


async def test_migrations_run_once_and_set_wal(tmp_path):
    path = tmp_path / "b.db"
    s = await Store.open(path)
    assert await s.migrate() == []  # already applied at open
    async with s.reading() as q:
        mode = await q._one("PRAGMA journal_mode")
        fk = await q._one("PRAGMA foreign_keys")
    assert mode[0] == "wal" and fk[0] == 1
    await s.close()
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    applied = [r[0] for r in con.execute("SELECT name FROM schema_migrations")]
    con.close()
    assert {
        "tables",
        "seats",
        "actions",
        "drinks",
        "results",
        "timers",
        "consents",
        "meta",
        "player_settings",
        "guild_settings",
        "game_channels",
    } <= names
    files = sorted(p.name for p in (ROOT / "bot" / "migrations").glob("*.sql"))
    assert applied == files and files[:2] == ["001_initial.sql", "002_results_and_notes.sql"]
    assert "003_table_messages.sql" in files and "004_party_safety.sql" in files


async def test_commits_overwrite_the_write_ahead_log_instead_of_lengthening_it(tmp_path):
    """A commit that lengthens the log syncs the file's size too (twice as slow): the store
    grows the log to its checkpoint size at open, then keeps synchronous FULL."""
    path = tmp_path / "b.db"
    s = await Store.open(path)
    try:
        wal = Path(f"{path}-wal")
        grown = wal.stat().st_size
        assert grown >= 1000 * 4096  # wal_autocheckpoint's pages
        for n in range(100):
            await _table(s, guild=n)
        assert wal.stat().st_size == grown
        async with s.reading() as q:
            assert (await q._one("PRAGMA synchronous"))[0] == 2  # FULL
            assert await q.get_meta("wal") is None  # the scratch row is gone
    finally:
        await s.close()


async def _table(store: Store, guild: int = 1) -> int:
    async with store.transaction() as tx:
        row = await tx.create_table(
            game="war", guild_id=guild, channel_id=2, host_id=10, options={}, seed="s", at=100.0
        )
    return row.id


def _drink(tid, user, amount, kind="drink", at=100.0, giver=None, guild=1, game="war"):
    return DrinkRow(guild, user, game, tid, 1, amount, kind, giver, "test", at)


async def test_ledger_sums_by_period_and_kind(store):
    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.add_seat(tid, 1, 10, "Ana", 100.0)
        await tx.add_seat(tid, 1, 11, "Bo", 100.0)
        await tx.add_drinks(
            [
                _drink(tid, 10, 7),
                _drink(tid, 10, 1, "social"),
                _drink(tid, 11, 1, "social"),
                _drink(tid, 11, 4, "assigned", giver=10),
                _drink(tid, 11, 1, "finish"),
                _drink(tid, 11, 1, "forfeit"),
                _drink(tid, 11, 3, at=10.0),  # too old for the period below
                _drink(tid, 12, 5, guild=2),  # another server
            ]
        )
        await tx.add_results(tid, 1, "war", {10: "lost", 11: "won"}, 100.0)
    async with store.reading() as q:
        board = await q.leaderboard(1, since=50.0)
        names = await q.names(1, [r["user_id"] for r in board])
        ana = await q.player_breakdown(1, 10, since=0.0)
    assert names == {10: "Ana", 11: "Bo"}
    by = {r["user_id"]: r for r in board}
    assert by[10] == {
        "user_id": 10,
        "sips": 8,
        "social": 1,
        "finishes": 0,
        "finishes_water": 0,
        "finishes_points": 0,
        "forfeits": 0,
        "water": 0,
        "points": 0,
        "given": 4,
        "played": 1,
        "won": 0,
    }
    assert by[11] == {
        "user_id": 11,
        "sips": 5,
        "social": 1,
        "finishes": 1,
        "finishes_water": 0,
        "finishes_points": 0,
        "forfeits": 1,
        "water": 0,
        "points": 0,
        "given": 0,
        "played": 1,
        "won": 1,
    }
    assert [r["user_id"] for r in board] == [10, 11]  # most sips first
    assert ana == [
        {
            "game": "war",
            "sips": 8,
            "social": 1,
            "finishes": 0,
            "finishes_water": 0,
            "finishes_points": 0,
            "forfeits": 0,
            "water": 0,
            "points": 0,
            "given": 4,
            "played": 1,
            "won": 0,
            "best_place": None,
            "avg_place": None,
            "best_points": None,
        }
    ]


async def test_a_finish_counted_as_water_or_points_is_not_a_finished_drink(store):
    """An alcohol-free player's "finish your drink" is recorded as points, and one over a cap
    as water: /tally counts them apart, never as a finished drink (nor as sips of water or
    points, which a finish is not)."""
    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.add_drinks(
            [
                dataclasses.replace(_drink(tid, 10, 1, "finish"), counted_as="points"),
                dataclasses.replace(_drink(tid, 10, 2), counted_as="points"),
                dataclasses.replace(_drink(tid, 11, 1, "finish"), counted_as="capped"),
                _drink(tid, 12, 1, "finish"),
            ]
        )
    async with store.reading() as q:
        by = {r["user_id"]: r for r in await q.leaderboard(1, since=0.0)}
    figures = ("finishes", "finishes_water", "finishes_points", "water", "points")
    assert [by[10][k] for k in figures] == [0, 0, 1, 0, 2]
    assert [by[11][k] for k in figures] == [0, 1, 0, 0, 0]
    assert [by[12][k] for k in figures] == [1, 0, 0, 0, 0]
    shown = [tally._stats("en", by[u]) for u in (10, 11, 12)]
    assert shown == [
        "**\u2b50 2 points (alcohol-free)** · 0 games, 0 wins · \u2b50 1 finish alcohol-free",
        "**0 sips** · 0 games, 0 wins · \U0001f4a7 1 finish as water",
        "**0 sips** · 0 games, 0 wins · 1 finished drink",
    ]


async def test_interaction_id_is_unique(store):
    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 555, 1.0)
    with pytest.raises(INTEGRITY):
        async with store.transaction() as tx:
            await tx.add_action(tid, 2, 0, 10, {"type": "flip"}, 555, 2.0)
    async with store.reading() as q:
        assert await q.action_for(555) == (tid, 1)
        assert len(await q.actions(tid)) == 1  # the failed transaction left nothing behind


async def test_ledger_refuses_unknown_kinds_and_empty_drinks(store):
    tid = await _table(store)
    for bad in (_drink(tid, 10, 1, "shot"), _drink(tid, 10, 0)):
        with pytest.raises(INTEGRITY):
            async with store.transaction() as tx:
                await tx.add_drinks([bad])


async def test_data_survives_reopen(tmp_path):
    path = tmp_path / "b.db"
    s = await Store.open(path)
    tid = await _table(s)
    async with s.transaction() as tx:
        await tx.add_consent(10, "war", 1.0)
        await tx.set_meta("k", "v")
    await s.close()
    s = await Store.open(path)
    async with s.reading() as q:
        assert (await q.table(tid)).game == "war"
        assert await q.has_consent(10, "war")
        assert not await q.has_consent(10, "pyramid")
        assert await q.get_meta("k") == "v"
    assert await _table(s) == tid + 1  # the store hands out table ids after those it holds
    await s.close()


async def test_a_check_refuses_its_transaction_on_the_thread(store):
    """A check runs with the writes, in order, in the same trip: what it refuses writes
    nothing, and what it lets through was checked inside the transaction."""
    tid = await _table(store)
    refused = ValueError("seated")
    with pytest.raises(ValueError, match="seated"):
        async with store.transaction() as tx:
            await tx.add_seat(tid, 1, 10, "Ana", 100.0)
            tx.check_seat_free(1, 10, lambda other: refused)  # sees the seat just added
    async with store.reading() as q:
        assert await q.seats(tid) == []
    async with store.transaction() as tx:
        tx.check_seat_free(1, 10, lambda other: refused)
        await tx.add_seat(tid, 1, 10, "Ana", 100.0)
    async with store.reading() as q:
        assert [s.name for s in await q.seats(tid)] == ["Ana"]
    with pytest.raises(ValueError, match="seated"):  # a refused opening gives its id back
        async with store.transaction() as tx:
            await tx.create_table(
                game="war", guild_id=1, channel_id=2, host_id=10, options={}, seed="s", at=1.0
            )
            tx.check_seat_free(1, 10, lambda other: refused)
    assert await _table(store) == tid + 1


async def test_places_and_points_are_stored_and_summed_per_game(store):
    from bot.store import ResultRow

    tids = [await _table(store) for _ in range(3)]
    async with store.transaction() as tx:
        await tx.add_seat(tids[0], 1, 10, "Ana", 100.0)
        await tx.add_results(tids[0], 1, "giveandtake", {10: ResultRow("won", place=1)}, 100.0)
        await tx.add_results(tids[1], 1, "giveandtake", {10: ResultRow("lost", place=3)}, 101.0)
        await tx.add_results(tids[2], 1, "tarok", {10: ResultRow("won", points=701)}, 102.0)
    async with store.reading() as q:
        rows = {r["game"]: r for r in await q.player_breakdown(1, 10, since=0.0)}
    assert rows["giveandtake"]["best_place"] == 1 and rows["giveandtake"]["avg_place"] == 2.0
    assert rows["giveandtake"]["played"] == 2 and rows["giveandtake"]["won"] == 1
    assert rows["tarok"]["best_points"] == 701 and rows["tarok"]["best_place"] is None


async def test_a_transaction_that_only_writes_is_one_trip(store):
    tid = await _table(store)
    trips = Trips(store)
    async with store.transaction() as tx:
        await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 555, 1.0)
        await tx.add_drinks([_drink(tid, 10, 2), _drink(tid, 11, 1)])
        await tx.add_consent(10, "war", 1.0)
    assert trips.n == 1
    async with store.transaction():  # nothing to write: no trip
        pass
    async with store.reading() as q:  # a read is one trip
        assert await q.action_for(555) == (tid, 1)
    assert trips.n == 2
    async with store.reading() as q:
        assert len(await q.table_drinks(tid)) == 2 and await q.has_consent(10, "war")


async def test_a_read_sees_the_writes_before_it_and_an_error_undoes_them_all(store):
    tid = await _table(store)
    trips = Trips(store)
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 555, 1.0)
            assert await tx.action_for(555) == (tid, 1)  # BEGIN, the write and the read: 1 trip
            await tx.add_consent(10, "war", 1.0)
            raise RuntimeError("the caller changed its mind")
    assert trips.n == 2  # and the ROLLBACK
    async with store.reading() as q:
        assert await q.action_for(555) is None and not await q.has_consent(10, "war")


async def test_a_failing_statement_at_commit_leaves_nothing(store):
    tid = await _table(store)
    with pytest.raises(INTEGRITY):
        async with store.transaction() as tx:
            await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 555, 1.0)
            await tx.add_drinks([_drink(tid, 10, 1, "shot")])
    async with store.transaction() as tx:  # the connection is usable: nothing was left open
        await tx.add_consent(10, "war", 1.0)
    async with store.reading() as q:
        assert await q.actions(tid) == [] and await q.has_consent(10, "war")


async def test_a_transaction_guarded_by_a_seen_interaction_writes_nothing(store):
    tid = await _table(store)
    async with store.transaction(unseen=555) as tx:
        await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 555, 1.0)
    trips = Trips(store)
    with pytest.raises(AlreadyApplied) as err:
        async with store.transaction(unseen=555) as tx:
            await tx.add_action(tid, 2, 0, 10, {"type": "flip"}, 556, 2.0)
            await tx.add_consent(10, "war", 2.0)
    assert (err.value.table_id, err.value.seq) == (tid, 1) and trips.n == 1
    async with store.reading() as q:
        assert len(await q.actions(tid)) == 1 and not await q.has_consent(10, "war")


async def test_a_transaction_that_failed_goes_no_further_even_if_the_error_is_caught(store):
    tid = await _table(store)
    with pytest.raises(RuntimeError, match="failed and was rolled back"):
        async with store.transaction() as tx:
            await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 555, 1.0)
            await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 556, 1.0)  # the same seq
            with pytest.raises(CONFLICT):
                await tx.action_for(555)  # the writes go with this read, and fail
            await tx.add_consent(10, "war", 1.0)  # not in autocommit after the rollback
    async with store.reading() as q:
        assert await q.actions(tid) == [] and not await q.has_consent(10, "war")


@pytest.mark.sqlite
async def test_work_meanwhile_runs_during_the_commit_and_only_if_the_writes_held(store, caplog):
    """Tx.meanwhile (issue 15): work on what is being written (the answer's screen) runs on the
    loop once the statements have run on the connection's thread, before the block returns; not
    at all if they failed. An error in it is logged and the transaction commits regardless."""
    tid = await _table(store)
    statements: list[str] = []
    await store._call(lambda con: con.set_trace_callback(statements.append))
    order: list[str] = []
    async with store.transaction(unseen=900) as tx:
        await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 900, 1.0)
        tx.meanwhile(lambda: order.append(f"meanwhile, {min(3, len(statements))} run"))
        assert order == []  # not while the block runs
    order.append("returned")
    # after the BEGIN, the interaction check and the INSERT (and the COMMIT maybe under way)
    assert order == ["meanwhile, 3 run", "returned"]
    assert [s.split()[0] for s in statements] == ["BEGIN", "SELECT", "INSERT", "COMMIT"]

    with pytest.raises(AlreadyApplied):  # the writes were refused: no work meanwhile
        async with store.transaction(unseen=900) as tx:
            await tx.add_action(tid, 2, 0, 10, {"type": "flip"}, 900, 2.0)
            tx.meanwhile(lambda: order.append("refused"))

    def boom() -> None:
        raise RuntimeError("boom")

    async with store.transaction() as tx:
        await tx.add_action(tid, 2, 0, 10, {"type": "flip"}, 901, 2.0)
        tx.meanwhile(boom)
    assert "refused" not in order
    assert any("committed failed" in r.message and r.exc_info for r in caplog.records)
    async with store.reading() as q:
        assert (await q.action_for(901))[1] == 2


async def test_turn_pings_are_on_unless_a_server_turned_them_off(tmp_path):
    """Migration 005: pings are on by default now; a server that had switched them on keeps
    them on, one that never chose gets them, and a server's "off" from now on is kept."""
    path = tmp_path / "b.db"
    await (await Store.open(path)).close()
    con = sqlite3.connect(path)  # back to the database as 004 left it
    con.execute("ALTER TABLE guild_settings DROP COLUMN pings")
    con.execute("DELETE FROM schema_migrations WHERE name = '005_turn_pings_on.sql'")
    con.executemany(
        "INSERT INTO guild_settings (guild_id, turn_pings, updated_at) VALUES (?, ?, 0)",
        [(1, 1), (2, 0)],
    )
    con.commit()
    con.close()
    store = await Store.open(path)
    async with store.reading() as q:
        before = {g.guild_id: g.turn_pings for g in await q.all_guild_settings()}
    assert before == {1: True, 2: True}
    off = dataclasses.replace(await _guild(store, 2), turn_pings=False)
    async with store.transaction() as tx:
        await tx.save_guild_settings(off, 1.0)
    async with store.reading() as q:
        after = {g.guild_id: g.turn_pings for g in await q.all_guild_settings()}
    assert after == {1: True, 2: False}
    await store.close()


async def _guild(store: Store, guild_id: int):
    async with store.reading() as q:
        return next(g for g in await q.all_guild_settings() if g.guild_id == guild_id)


async def test_a_read_never_lands_inside_another_tasks_transaction(store):
    """Reads take the store's lock only to run, not for their block; still, a read asked for
    while another task's transaction is open (between two of its trips) waits for it to end:
    it never sees writes that are then rolled back."""
    inside, go_on = asyncio.Event(), asyncio.Event()

    async def changes_its_mind() -> None:
        with pytest.raises(RuntimeError):
            async with store.transaction() as tx:
                await tx.add_consent(10, "war", 1.0)
                assert await tx.has_consent(10, "war")  # BEGIN, the write and this read
                inside.set()
                await go_on.wait()  # the transaction is open meanwhile
                raise RuntimeError("rolled back")

    other = asyncio.ensure_future(changes_its_mind())
    await inside.wait()

    async def read() -> bool:
        async with store.reading() as q:
            return await q.has_consent(10, "war")

    reader = asyncio.ensure_future(read())
    await asyncio.sleep(0)
    assert not reader.done()  # waiting for the transaction
    go_on.set()
    await other
    assert await reader is False


@pytest.mark.sqlite
async def test_a_transaction_lets_go_of_the_store_once_its_commit_is_under_way(store):
    """Issue 7: the next transaction's block runs while this one's COMMIT is still on its way
    (it is queued after it, so it commits after it); the block returns once committed."""
    tid = await _table(store)
    real, queued = store._submit, []

    def held_back(fn, *args):
        done = asyncio.get_running_loop().create_future()
        queued.append((done, fn, args))
        return done

    store._submit = held_back  # trips wait here, in order, until let through

    async def write(seq: int, iid: int) -> None:
        async with store.transaction() as tx:
            await tx.add_action(tid, seq, 0, 10, {"type": "flip"}, iid, 1.0)

    first = asyncio.ensure_future(write(1, 701))
    await asyncio.sleep(0)
    assert len(queued) == 1 and not first.done()  # its COMMIT is on its way
    second = asyncio.ensure_future(write(2, 702))
    await asyncio.sleep(0)
    assert len(queued) == 2  # the second did not wait for the first's round trip
    store._submit = real
    for done, fn, args in queued:  # the trips run in the order they were queued
        done.set_result(await real(fn, *args))
    await asyncio.gather(first, second)
    async with store.reading() as q:
        assert [s for _, s in [await q.action_for(701), await q.action_for(702)]] == [1, 2]


@pytest.mark.sqlite
async def test_whole_transactions_queued_together_share_one_commit(store):
    """Issue 7: many tables acting at once. Transactions queued while the connection's thread
    is busy commit together (one COMMIT, one fsync), each in a savepoint of its own: one that
    fails (an interaction seen before) undoes only itself, and each block returns only once the
    shared COMMIT is done."""
    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.add_action(tid, 1, 0, 10, {"type": "flip"}, 800, 1.0)
    statements: list[str] = []
    busy, go_on = threading.Event(), threading.Event()

    def hold(con):  # the thread is busy with something else (a slow fsync, say)
        con.set_trace_callback(statements.append)
        busy.set()
        go_on.wait(5)

    held = store._submit(hold)
    await asyncio.get_running_loop().run_in_executor(None, busy.wait, 5)

    meanwhile: list[int] = []

    async def write(seq: int, iid: int) -> None:
        async with store.transaction(unseen=iid) as tx:
            await tx.add_action(tid, seq, 0, 10, {"type": "flip"}, iid, 1.0)
            tx.meanwhile(lambda: meanwhile.append(iid))

    writes = [asyncio.ensure_future(write(s, i)) for s, i in ((2, 801), (3, 800), (4, 802))]
    for _ in range(100):  # let the three blocks run until their trips are queued
        if len(store._trips) == 3:
            break
        await asyncio.sleep(0)
    assert len(store._trips) == 3
    assert not any(w.done() for w in writes)  # queued behind the busy thread
    go_on.set()
    await held
    done = await asyncio.gather(*writes, return_exceptions=True)
    assert done[0] is None and isinstance(done[1], AlreadyApplied) and done[2] is None
    assert meanwhile == [801, 802]  # the work of each that held, none for the refused one
    assert statements.count("COMMIT") == 1 and statements.count("BEGIN IMMEDIATE") == 1
    async with store.reading() as q:
        assert [(await q.action_for(i))[1] for i in (800, 801, 802)] == [1, 2, 4]
        assert await q._one("SELECT 1 FROM actions WHERE table_id = ? AND seq = 3", (tid,)) is None


async def test_one_store_per_database_file(tmp_path):
    """The bot is its database's one writer: a second store on the same file (another copy of
    the bot) is refused, naming the process that holds it, until the first is closed."""
    path = tmp_path / "b.db"
    first = await Store.open(path)
    try:
        with pytest.raises(
            DatabaseInUse, match=rf"already using .*b\.db \(process {os.getpid()}\)"
        ):
            await Store.open(path)
        other = await Store.open(tmp_path / "other.db")  # another file is another matter
        await other.close()
    finally:
        await first.close()
    again = await Store.open(path)  # closed: free again
    await again.close()


async def test_a_database_that_cannot_be_opened_leaves_no_thread_behind(tmp_path):
    """aiosqlite stops its worker thread after a failed connect without waiting for it; the
    thread then reported its end to an event loop already closed, and a traceback followed the
    bot's advice about DATABASE_URL (now and then: a flaky test_newcomer). The store waits for
    that thread before it says the database can't be used."""
    before = set(threading.enumerate())
    loop = tmp_path / "games.db"
    loop.symlink_to(loop)  # no file SQLite can open, found out only as it connects
    with pytest.raises(DatabaseUnusable):
        await Store.open(loop)
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []
    assert os.listdir(tmp_path) == ["games.db"]  # its lock file was not left behind


async def test_a_database_this_user_may_only_read_is_refused_with_what_to_do(tmp_path, monkeypatch):
    """A file this user may only read (restored with sudo, say) opened and was read without a
    word, and the first write crashed the bot at start-up with a traceback. (Read-only as
    SQLite sees it: the tests run as root, who may write any file.)"""
    path = tmp_path / "b.db"
    store = await Store.open(path)
    await store.close()
    connect = aiosqlite.connect
    monkeypatch.setattr(
        aiosqlite, "connect", lambda db, **kw: connect(f"file:{db}?mode=ro", uri=True, **kw)
    )
    with pytest.raises(DatabaseUnusable, match="may not write there") as refused:
        await Store.open(path)
    assert f"sudo chown -R $USER {tmp_path}" in refused.value.fix


def write(path, sql: str) -> None:
    """A statement run on the file by another program (or an older or newer Barkeep)."""
    con = sqlite3.connect(path)
    con.execute(sql)
    con.commit()
    con.close()


async def test_a_database_from_a_newer_barkeep_is_refused_with_what_to_do(tmp_path):
    """A database a newer Barkeep migrated (an update rolled back, a copy from another
    machine) was used by older code on a schema it does not know, without a word."""
    path = tmp_path / "barkeep.db"
    store = await Store.open(path)
    await store.close()
    write(path, "INSERT INTO schema_migrations VALUES ('099_from_the_future.sql', 0)")
    with pytest.raises(DatabaseUnusable, match="a newer Barkeep has updated it") as refused:
        await Store.open(path)
    assert "099_from_the_future.sql" in str(refused.value)
    assert "restore the backup" in refused.value.fix


async def test_another_programs_database_is_left_as_it_is(tmp_path):
    """DATABASE_URL naming another program's SQLite file (a typo, a shared folder): Barkeep
    added its tables to it and ran."""
    path = tmp_path / "places.sqlite"
    write(path, "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    with pytest.raises(DatabaseUnusable, match="another program's database") as refused:
        await Store.open(path)
    assert "moz_places" in str(refused.value)
    con = sqlite3.connect(path)
    names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    con.close()
    assert names == ["moz_places"]
    assert not (tmp_path / "places.sqlite.lock").exists()


async def test_a_damaged_database_says_restore_a_backup(tmp_path):
    """A file cut short (a copy on a full disk) said 'database disk image is malformed. Set
    DATABASE_URL in .env to a file this user can write': advice about permissions."""
    path = tmp_path / "barkeep.db"
    store = await Store.open(path)
    await store.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(DatabaseUnusable, match="damaged") as refused:
        await Store.open(path)
    assert refused.value.fix.startswith("Restore a backup")
