"""Barkeep as several processes splitting Discord's shards over one PostgreSQL database, driven
through the fake Discord: the shipped bot (``python -m bot``) in child processes with
``SHARD_COUNT`` and ``SHARD_IDS``.

- Two copies, one shard each: games in a server on each shard; a player's cap set in the
  server of shard 0 holds for her drinks in the server of shard 1; the copy of shard 1 is
  killed mid-game and its shard moves to the other copy (restarted with ``SHARD_IDS=0,1``: a
  running copy can't take on a shard, its claims and its gateway connections are made at
  start); the old buttons work, both games finish, no move lost or applied twice, and every
  table message shows what the store holds.
- A second copy of a shard, or a copy with another SHARD_COUNT, stops at start with a clear
  message (exit 2), never a second writer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

import pytest

from bot.engines import ENGINES
from bot.gamecog import GameCog
from bot.games import GAMES
from bot.tables import TableService
from bot.ui.components import Select
from tests.e2e.conftest import Harness, spawn_bot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionResult
from tests.shardcheck import audit, one, peek

pytestmark = pytest.mark.postgres

CAP = 3


class Copy:
    """One copy of the shipped bot in a child process, serving ``ids`` of ``count`` shards.
    Its stderr is read all along (kept in ``.err``), so that the pipe never fills."""

    def __init__(self, fake: FakeDiscord, url: str, count: int, ids: Iterable[int]) -> None:
        self.fake, self.url, self.count, self.ids = fake, url, count, tuple(ids)
        self.proc: asyncio.subprocess.Process | None = None
        self.err = bytearray()
        self._reader: asyncio.Task[None] | None = None

    @property
    def env(self) -> dict[str, str]:
        return {"SHARD_COUNT": str(self.count), "SHARD_IDS": ",".join(map(str, self.ids))}

    async def spawn(self) -> asyncio.subprocess.Process:
        self.proc = await spawn_bot(
            self.fake, self.url, env_extra=self.env, stderr=asyncio.subprocess.PIPE
        )
        self._reader = asyncio.create_task(self._read(self.proc))
        return self.proc

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stderr is not None
        while chunk := await proc.stderr.read(65536):
            self.err += chunk

    async def start(self) -> Copy:
        """Start it and wait until each of its shards is connected."""
        proc = await self.spawn()
        for shard in self.ids:
            waiting = asyncio.ensure_future(
                self.fake.wait_ready(timeout=40, shard=(shard, self.count))
            )
            ended = asyncio.ensure_future(proc.wait())
            await asyncio.wait({waiting, ended}, return_when=asyncio.FIRST_COMPLETED)
            ended.cancel()
            if not waiting.done():
                waiting.cancel()
                raise AssertionError(f"copy {self.ids} ended at start: {self.text}")
            waiting.result()
        return self

    async def kill(self) -> int:
        """SIGKILL: no clean-up of any kind. Returns the exit status."""
        assert self.proc is not None
        self.proc.kill()
        return await self.ended()

    async def stop(self) -> int:
        """SIGTERM: a clean stop (exit 0)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return await self.ended()

    async def ended(self) -> int:
        assert self.proc is not None
        status = await asyncio.wait_for(self.proc.wait(), 30)
        if self._reader is not None:
            await self._reader
        for shard in self.ids:
            await self.fake.wait_disconnected(timeout=15, shard=(shard, self.count))
        return status

    @property
    def text(self) -> str:
        return self.err.decode(errors="replace")

    async def close(self) -> None:
        """Whatever happened: the process is gone at the end of the test."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await self._reader


@contextlib.asynccontextmanager
async def copies():
    """Copies started in the block are killed at its end if a test left them running."""
    made: list[Copy] = []
    try:
        yield made
    finally:
        for c in made:
            await c.close()


@pytest.fixture
def pg_url(pg_cluster):
    url = pg_cluster.new_database()
    yield url
    pg_cluster.drop_database(url)


# -- what the store says ---------------------------------------------------------------------
async def stored(url: str, table_id: int) -> tuple[str, Any, dict[int, int]]:
    """The table's status, its game state (the engine's) and its seats (seat -> user id)."""
    row = (await one(url, "SELECT game, status, state FROM tables WHERE id = $1", table_id))[0]
    seats = await one(
        url, "SELECT seat, user_id FROM seats WHERE table_id = $1 AND seat IS NOT NULL", table_id
    )
    engine = ENGINES[row["game"]]
    state = engine.from_dict(json.loads(row["state"])) if row["state"] else None
    return row["status"], state, {r["seat"]: r["user_id"] for r in seats}


async def store_screen(url: str, table_id: int) -> dict[str, Any]:
    """The table's public screen drawn from the store (as the bot draws it: GameCog.screen),
    by a reader that claims no shard: its description and its controls."""
    store = peek(url)
    try:
        table = await TableService(store, ENGINES).get(table_id)
    finally:
        await store.close()
    assert table is not None
    game = GAMES[table.row.game]
    cog = SimpleNamespace(public=game.ui.public)
    cog._screen = lambda t: GameCog._screen(cog, t)  # type: ignore[arg-type]
    screen = GameCog.screen(cog, table)  # type: ignore[arg-type]
    specs = [spec for row in screen.rows for spec in ([row] if isinstance(row, Select) else row)]
    ids = sorted(spec.custom_id for spec in specs)
    return {"description": screen.embed.description, "custom_ids": ids}


def shown(msg: FakeMessage) -> dict[str, Any]:
    cur = msg.current
    return {
        "description": (cur.get("embeds") or [{}])[0].get("description"),
        "custom_ids": sorted(msg.custom_ids()),
    }


async def shows_the_store(fake: FakeDiscord, url: str, msg: FakeMessage, table_id: int) -> None:
    """The table message comes to show exactly what the store holds (nothing moves meanwhile)."""
    want = await store_screen(url, table_id)
    await fake.wait_for(
        lambda: shown(msg) == want,
        timeout=15,
        what=f"table #{table_id}'s message to show the store: {want} (it shows {shown(msg)})",
    )


# -- playing War through the table message ----------------------------------------------------
async def open_war_in(h: Harness, where, host, guest, **options) -> tuple[FakeMessage, int]:
    res = await h.slash(host, "war", "start", channel=where, **options)
    assert res.ok and res.type == 4 and not res.ephemeral, res
    msg = res.message
    rules = await res.followup(timeout=10)
    ok = await h.click(host, rules, "consent")
    assert ok.ok and "You're in" in ok.message.text
    res = await h.click(guest, msg, "join")
    if res.ephemeral and "consent" in h.verbs(res.message):
        await h.click(guest, res.message, "consent")
    await h.fake.wait_for(lambda: guest.name in msg.text, timeout=10, what="the guest seated")
    tid = int(h.custom_id(msg, "join").split(":")[1])
    await h.fake.wait_for(lambda: "start" in h.verbs(msg), timeout=10, what="Start")
    res = await h.click(host, msg, "start")
    assert res.ok and res.in_place, res
    return msg, tid


class War:
    """One War table in play, clicked on its public message by its players as the store says:
    whoever may flip flips the hand the store is at, the loser drinks. Each click is recorded
    with what it should have done (``moves``: its interaction id, for the action log)."""

    def __init__(self, h: Harness, url: str, msg: FakeMessage, tid: int, users) -> None:
        self.h, self.url, self.msg, self.tid = h, url, msg, tid
        self.users = {u.id: u for u in users}
        self.moves: list[InteractionResult] = []
        self.over = False

    async def next_click(self) -> tuple[Any, str] | None:
        status, state, seats = await stored(self.url, self.tid)
        if status == "ended":
            self.over = True
            return None
        v = ENGINES["war"].view(state, None)
        if v["phase"] == "flip":
            return self.users[seats[0]], f"war:{self.tid}:flip:{v['hand']}"
        return self.users[seats[v["loser"]]], f"war:{self.tid}:drink"

    async def step(self) -> InteractionResult | None:
        """One move; None once the game is over."""
        nxt = await self.next_click()
        if nxt is None:
            return None
        who, cid = nxt
        fake = self.h.fake
        await fake.wait_for(
            lambda: cid in self.msg.custom_ids(),
            timeout=15,
            what=f"{cid} on the table message (it has {self.msg.custom_ids()})",
        )
        res = await fake.click(who, self.msg, cid, timeout=10)
        self.h.results.append(res)
        # answered on the table, or privately when the move brings the player a private line
        # (a cap's heads-up): their seat's view
        private = res.ok and res.ephemeral and "Your seat" in res.message.text
        assert res.in_place or private, (res, res.message and res.message.text)
        self.moves.append(res)
        if res.type == 6:  # acknowledged first: its edit follows
            await fake.wait_for(lambda: res.shown, timeout=10, what="the edit after the ack")
        return res

    async def play(self, moves: int | None = None) -> None:
        n = 0
        while moves is None or n < moves:
            if await self.step() is None:
                return
            n += 1


def drank(rows, user_id: int) -> tuple[int, int, int]:
    """(sips, water, everything the game poured) of a user's ledger rows."""
    sips = sum(r["amount"] for r in rows if r["user_id"] == user_id and r["counted_as"] == "sips")
    water = sum(
        r["amount"] for r in rows if r["user_id"] == user_id and r["counted_as"] == "capped"
    )
    return sips, water, sum(r["amount"] for r in rows if r["user_id"] == user_id)


# ---------------------------------------------------------------------------------------------


async def test_two_copies_two_shards_a_kill_and_the_shard_moves(fake, pg_url):
    url = pg_url
    g0, g1 = fake.add_guild(shard=0, of=2), fake.add_guild(shard=1, of=2)
    ana, bo, cy, dan = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Dan"))
    h = Harness(fake, url, None)
    async with copies() as made:
        zero, first = Copy(fake, url, 2, [0]), Copy(fake, url, 2, [1])
        made += [zero, first]
        await asyncio.gather(zero.start(), first.start())
        assert sorted(fake.connected_shards) == [(0, 2), (1, 2)]

        # Cy's cap, set in the server of shard 0 (the copy of shard 0 answers)
        res = await h.slash(cy, "limits", channel=g0, cap=CAP)
        assert res.ok and f"Your cap is {CAP} sips" in res.message.text, res
        # a War game in each server; Cy plays in the server of shard 1, clocks out of the way
        m0, t0 = await open_war_in(h, g0, ana, bo, choice_seconds=120)
        m1, t1 = await open_war_in(h, g1, cy, dan, choice_seconds=120)
        w0, w1 = War(h, url, m0, t0, [ana, bo]), War(h, url, m1, t1, [cy, dan])
        await w0.play(6)
        rows = await one(url, "SELECT * FROM drinks WHERE user_id = $1", cy.id)
        while drank(rows, cy.id)[2] <= CAP and not w1.over:  # until Cy is past her cap
            await w1.step()
            rows = await one(url, "SELECT * FROM drinks WHERE user_id = $1", cy.id)
        sips, water, poured = drank(rows, cy.id)
        assert poured > CAP and sips == CAP and water == poured - CAP  # counted under the cap
        await w1.play(3)  # mid-game
        assert not w1.over

        # the copy of shard 1 dies: its server's clicks reach nobody
        assert await first.kill() == -signal.SIGKILL
        assert fake.connected_shards == [(0, 2)]
        fake.answer_limit = 0.5  # Discord keeps the killed session's clicks for a RESUME
        nxt = await w1.next_click()
        assert nxt is not None
        lost = await fake.click(nxt[0], m1, nxt[1])
        assert not lost.delivered and not lost.ok
        assert [f.kind for f in fake.failures] == ["undelivered"]
        fake.failures.clear()
        fake.answer_limit = 3.0
        await w0.play(2)  # shard 0 plays on

        # shard 1 moves to the other copy: it restarts serving both
        assert await zero.stop() == 0, zero.text
        both = Copy(fake, url, 2, [0, 1])
        made.append(both)
        await both.start()
        await shows_the_store(fake, url, m1, t1)  # brought in line with the store at start
        await shows_the_store(fake, url, m0, t0)
        res = await w1.step()  # a button of the killed copy's message
        assert res is not None and res.in_place
        await asyncio.gather(w0.play(), w1.play())
        assert w0.over and w1.over

        # no move lost or applied twice: every acknowledged click once in the log, nothing else
        report = await audit(url)
        assert not report.problems, report.problems
        clicked = [r.interaction_id for r in [*w0.moves, *w1.moves]]
        assert len(set(clicked)) == len(clicked)
        assert sorted(report.interactions) == sorted(clicked)
        assert set(report.interactions.values()) == {1}
        assert lost.interaction_id not in report.interactions
        by_table = await one(
            url, "SELECT table_id, COUNT(*) AS n FROM actions GROUP BY table_id ORDER BY table_id"
        )
        assert {r["table_id"]: r["n"] for r in by_table} == {t0: len(w0.moves), t1: len(w1.moves)}
        # the cap held to the end in the other shard's server
        rows = await one(url, "SELECT * FROM drinks WHERE user_id = $1", cy.id)
        sips, water, poured = drank(rows, cy.id)
        assert sips == CAP and water == poured - CAP and {r["guild_id"] for r in rows} == {g1.id}
        # every screen equals the store: both end screens
        await shows_the_store(fake, url, m0, t0)
        await shows_the_store(fake, url, m1, t1)
        assert "is over" in m0.text and "is over" in m1.text
        assert await both.stop() == 0, both.text
    assert "Traceback" not in zero.text + both.text, zero.text + both.text
    h.assert_clean()


async def test_a_second_copy_of_a_shard_or_another_count_stops_with_advice(fake, pg_url):
    url = pg_url
    g1 = fake.add_guild(shard=1, of=2)
    ana = fake.add_user("Ana")
    h = Harness(fake, url, None)
    async with copies() as made:
        first = Copy(fake, url, 2, [1])
        made.append(first)
        await first.start()
        identified = len(fake.identify_payloads)
        for count, ids, said in (
            (2, [1], "shard 1 of 2 is already served by another copy of Barkeep"),
            (2, [0, 1], "shard 1 of 2 is already served by another copy of Barkeep"),
            (4, [1], "this database with SHARD_COUNT=2 (not 4) is already served"),
        ):
            second = Copy(fake, url, count, ids)
            made.append(second)
            proc = await second.spawn()
            assert await asyncio.wait_for(proc.wait(), 60) == 2, second.text
            await second.close()
            text = second.text
            assert said in text, text
            if count == 2:
                assert f"barkeep pid {first.proc.pid}" in text  # who holds it
            assert "SHARD_IDS" in text and "Traceback" not in text
        assert len(fake.identify_payloads) == identified  # none of them reached the gateway
        res = await h.slash(ana, "war", "start", channel=g1)  # the first copy serves on
        assert res.ok and not res.ephemeral
        assert await first.stop() == 0
    h.assert_clean()
