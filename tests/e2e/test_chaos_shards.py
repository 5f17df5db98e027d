"""Chaos across shards: players in six servers (four shards' worth of ids) click what their War
tables show, at random and all at once, while copies of the bot (child processes, one
PostgreSQL database) are SIGKILLed and started again, a shard moves from one copy to the
other, Discord delivers some interactions twice, and the bot is resharded from 2 shards to 4.
One player with a cap plays in two servers served by different copies.

Afterwards, with every copy stopped: each table's stored state is the replay of its action
log, its ledger is what that log's drinks imply, every click that was acknowledged with a move
is in the log exactly once (0 lost, 0 twice), nothing else is in it, and the capped player had
exactly her cap in sips. A one-line summary is printed (``-s``)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import pytest

from tests.e2e.conftest import Harness
from tests.e2e.test_shards import Copy, copies, open_war_in
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionResult
from tests.fakediscord.server import iter_components
from tests.shardcheck import audit

pytestmark = pytest.mark.postgres

SEED = "chaos-shards"
SHARDS_OF_4 = (0, 1, 2, 3, 0, 3)  # the servers' shards (of 4): of 2, that is 0 1 0 1 0 1
TESS_IN = (0, 3)  # the servers (by index) the capped player plays in: shards 0 and 1 of 2
CAP = 4
MOVES = ("flip", "drink", "double")  # the game's verbs: a click of one may be a move
TWICE = 0.08  # the share of interactions Discord delivers twice at once
LATER = 0.04  # the share of clicks after which an earlier one of the table is delivered again
STALE = 0.08  # the share of clicks on a button an edit already removed
PHASE = 9.0  # seconds of clicking between two blows
# what the fake says of a click on a message that changed as it was made
UNDER_A_CLICK = ("has no component", "still loading", "does not exist", "would not be stale")


@dataclass
class Click:
    res: InteractionResult
    verb: str
    table_id: int
    message_id: int


@dataclass
class Server:
    """One server's table and its two players, clicking."""

    index: int
    guild: Any
    host: Any
    guest: Any
    clicks: list[Click] = field(default_factory=list)
    opened: int = 0
    skipped: int = 0
    lost: int = 0  # clicks nobody answered (a copy killed with them on its way)


def controls(msg: FakeMessage) -> list[dict]:
    return [
        c for c in iter_components(msg.components) if "custom_id" in c and not c.get("disabled")
    ]


def gone_controls(msg: FakeMessage) -> list[str]:
    """Custom ids an earlier version of the message showed and this one does not."""
    now = set(msg.custom_ids())
    seen = {
        c["custom_id"]
        for v in msg.versions[-6:]
        for c in iter_components(v.get("components"))
        if "custom_id" in c
    }
    return sorted(seen - now)


def move_acknowledged(c: Click) -> bool:
    """The player was shown their move: the table redrawn on the clicked message (at once, or
    acknowledged first and edited through the token), or their seat's private view (a move that
    brings them a private line, a cap's heads-up). A refusal is a private text instead."""
    res = c.res
    if c.verb not in MOVES or not res.ok:
        return False
    if res.type == 7:
        return True
    answers = [m for m in [res.message, *res.followups] if m is not None]
    if res.type == 6 and any(m.id == c.message_id for m in res.followups):
        return True
    return any(m.ephemeral and m.text.startswith("Your seat") for m in answers)


class Chaos:
    def __init__(self, fake: FakeDiscord, url: str, pool: asyncpg.Pool) -> None:
        self.fake, self.url, self.pool = fake, url, pool
        self.h = Harness(fake, url, None)
        self.rnd = random.Random(SEED)
        self.running = True
        self.kills: list[tuple[float, tuple[int, ...], int]] = []  # (when, shards, count)
        self.redelivered_later = 0

    async def newest(self, server: Server) -> asyncpg.Record | None:
        return await self.pool.fetchrow(
            "SELECT id, status, message_id FROM tables WHERE channel_id = $1"
            " ORDER BY id DESC LIMIT 1",
            server.guild.channel_id,
        )

    async def seated(self, table_id: int) -> set[int]:
        rows = await self.pool.fetch(
            "SELECT user_id FROM seats WHERE table_id = $1 AND left_at IS NULL", table_id
        )
        return {r["user_id"] for r in rows}

    async def interact(self, server: Server, coro) -> InteractionResult | None:
        """An interaction; None if nobody answered it (its copy killed, or down)."""
        try:
            res = await coro
        except AssertionError as err:
            if "never answered" in str(err):
                server.lost += 1
                return None
            if "no bot is connected" in str(err):  # every copy down a moment
                await asyncio.sleep(0.3)
                return None
            if any(w in str(err) for w in UNDER_A_CLICK):
                server.skipped += 1  # the message changed as the click was made
                return None
            raise
        if not res.delivered:
            await asyncio.sleep(0.3)  # the shard is down a moment: no need to hammer it
        return res

    async def tick(self, server: Server) -> None:
        """One thing a player of this server does, as the table stands in the store."""
        fake, rnd = self.fake, self.rnd
        row = await self.newest(server)
        if row is None or row["status"] == "ended":
            res = await self.interact(
                server, fake.slash(server.host, "war", "start", channel=server.guild)
            )
            server.opened += res is not None and res.ok
            return
        msg = fake.messages.get(row["message_id"] or 0)
        if msg is None or msg.deleted:
            await asyncio.sleep(0.1)
            return
        if row["status"] == "lobby":
            seated = await self.seated(row["id"])
            who, verb = (
                (server.guest, "join") if server.guest.id not in seated else (server.host, "start")
            )
            if verb in self.h.verbs(msg):
                await self.interact(
                    server, fake.click(who, msg, self.h.custom_id(msg, verb), timeout=6)
                )
            else:
                await asyncio.sleep(0.1)
            return
        who = server.host if rnd.random() < 0.5 else server.guest
        gone = [c for c in gone_controls(msg) if c.split(":")[2] in MOVES]
        if gone and rnd.random() < STALE:
            cid, stale = rnd.choice(gone), True
        else:
            found = [c for c in controls(msg) if c["custom_id"].split(":")[2] in (*MOVES, "seat")]
            if not found:
                await asyncio.sleep(0.1)
                return
            weights = [1.0 if c["custom_id"].split(":")[2] in MOVES else 0.1 for c in found]
            cid, stale = rnd.choices(found, weights)[0]["custom_id"], False
        res = await self.interact(server, fake.click(who, msg, cid, stale=stale, timeout=6))
        if res is None:
            return
        server.clicks.append(Click(res, cid.split(":")[2], row["id"], msg.id))
        if server.clicks and rnd.random() < LATER:  # Discord sends an earlier click again
            earlier = rnd.choice(server.clicks[-30:])
            self.redelivered_later += 1
            await fake.redeliver(earlier.res.interaction_id)

    async def play(self, server: Server) -> None:
        while self.running:
            await self.tick(server)
            await asyncio.sleep(self.rnd.uniform(0.02, 0.15))

    async def kill(self, copy: Copy) -> None:
        self.kills.append((self.fake.now(), copy.ids, copy.count))
        await copy.kill()


async def test_chaos_two_to_four_shards(fake, pg_cluster, tmp_path):
    began = time.monotonic()
    url = pg_cluster.new_database()
    pool = await asyncpg.create_pool(url, min_size=1, max_size=4)
    chaos = Chaos(fake, url, pool)
    rnd = chaos.rnd
    fake.deliver_twice = lambda payload: payload["type"] == 3 and rnd.random() < TWICE
    guilds = [fake.add_guild(shard=s, of=4) for s in SHARDS_OF_4]
    tess = fake.add_user("Tess")
    servers: list[Server] = []
    for i, g in enumerate(guilds):
        host = tess if i in TESS_IN[:1] else fake.add_user(f"Host{i}")
        guest = tess if i in TESS_IN[1:] else fake.add_user(f"Guest{i}")
        servers.append(Server(i, g, host, guest))
    tasks: list[asyncio.Task] = []
    try:
        async with copies() as made:

            def copy(count: int, ids: list[int]) -> Copy:
                c = Copy(fake, url, count, ids)
                made.append(c)
                return c

            a, b = copy(2, [0]), copy(2, [1])
            await asyncio.gather(a.start(), b.start())
            res = await chaos.h.slash(tess, "limits", channel=guilds[TESS_IN[1]], cap=CAP)
            assert res.ok and f"Your cap is {CAP} sips" in res.message.text
            for s in servers:  # the first tables, everyone agreeing to the rules once
                msg, _ = await open_war_in(chaos.h, s.guild, s.host, s.guest, choice_seconds=10)
                s.opened += 1
            tasks = [asyncio.create_task(chaos.play(s)) for s in servers]

            # 1. the copy of shard 0 is killed and comes back
            await asyncio.sleep(PHASE)
            await chaos.kill(a)
            await asyncio.sleep(1)
            a = await copy(2, [0]).start()
            # 2. the copy of shard 1 is killed; its shard moves to the other copy
            await asyncio.sleep(PHASE)
            await chaos.kill(b)
            assert await a.stop() == 0, a.text
            both = await copy(2, [0, 1]).start()
            # 3. that copy is killed; two copies again, one shard each
            await asyncio.sleep(PHASE)
            await chaos.kill(both)
            a, b = copy(2, [0]), copy(2, [1])
            await asyncio.gather(a.start(), b.start())
            # 4. reshard: both stop (one killed, one cleanly), two copies of 4 shards start
            await asyncio.sleep(PHASE)
            await chaos.kill(a)
            assert await b.stop() == 0, b.text
            c, d = copy(4, [0, 1]), copy(4, [2, 3])
            await asyncio.gather(c.start(), d.start())
            assert sorted(fake.connected_shards) == [(0, 4), (1, 4), (2, 4), (3, 4)]
            # 5. a copy of the new layout is killed and comes back
            await asyncio.sleep(PHASE)
            await chaos.kill(d)
            d = await copy(4, [2, 3]).start()
            await asyncio.sleep(PHASE)
            chaos.running = False
            await asyncio.gather(*tasks)
            # Discord sends some earlier clicks again, to copies that never saw them
            for s in servers:
                for earlier in rnd.sample(s.clicks, min(5, len(s.clicks))):
                    chaos.redelivered_later += 1
                    await fake.redeliver(earlier.res.interaction_id)
            await asyncio.sleep(0.5)  # answers and edits under way
            for live in (c, d):
                assert await live.stop() == 0, live.text
            logs = "".join(x.text for x in made)
    finally:
        chaos.running = False
        for t in tasks:
            t.cancel()
        await pool.close()

    (tmp_path / "bots.log").write_text(logs)  # the copies' stderr, for a look after a failure
    report = await audit(url)
    clicks = [c for s in servers for c in s.clicks]
    acked = [c for c in clicks if move_acknowledged(c)]
    acked_ids = Counter(c.res.interaction_id for c in acked)
    made_by_fake = {int(p["id"]): p for p in fake.interactions}
    lost = [i for i in acked_ids if i not in report.interactions]
    twice = [i for i, n in report.interactions.items() if n != 1]
    phantom = [i for i in report.interactions if i not in made_by_fake]
    failures = Counter(f.kind for f in fake.failures)
    tracebacks = len(re.findall(r"^Traceback", logs, re.M))
    print(
        f"\nchaos: {len(clicks)} clicks ({len(acked)} acknowledged moves), "
        f"{len(fake.redelivered)} duplicate deliveries ({chaos.redelivered_later} later), "
        f"{len(chaos.kills)} SIGKILLs, 1 shard move, reshard 2->4, "
        f"{report.tables} tables, {report.actions} actions, {report.drinks} ledger rows; "
        f"lost {len(lost)}, applied twice {len(twice)}; "
        f"fake: {dict(failures)}; {sum(s.lost for s in servers)} clicks unanswered; "
        f"{tracebacks} tracebacks in the bots' logs; {time.monotonic() - began:.0f} s"
    )
    assert not report.problems, report.problems
    assert not lost and not twice and not phantom, (lost, twice, phantom)
    assert len(acked) > 100 and report.tables > len(servers)  # the chaos did play
    assert fake.redelivered and len(chaos.kills) == 5
    for iid in report.interactions:  # each logged move is the click's own player's
        assert int(made_by_fake[iid]["member"]["user"]["id"]) in {
            u.id for s in servers for u in (s.host, s.guest)
        }
    assert not fake.violations, fake.violations[:5]
    # a click nobody answered was on its way to a copy as it was killed (its deadline, 3 s
    # after it was sent, falls within a few seconds of a kill); none otherwise
    kills = [k for k, _, _ in chaos.kills]
    unanswered = [f for f in fake.failures if f.kind == "unanswered"]
    assert all(any(f.at - 8 <= k <= f.at for k in kills) for f in unanswered), [
        (str(f), f.at, kills) for f in unanswered
    ]
    # the copies logged no error and no traceback: their answers to a second delivery of one
    # interaction (40060: answered once already) are info lines, and an answer that came after
    # Discord's 3 s (10062) a warning
    errors = [line for line in logs.splitlines() if re.search(r" (ERROR|CRITICAL) ", line)]
    assert not errors and not tracebacks, errors[:10]
    # an answer Discord no longer took (after its 3 s) was to a click sent again later, or on
    # its way to a copy as it was killed; none otherwise
    late = [f for f in fake.failures if f.kind == "late_callback"]
    assert all(
        f.interaction_id in fake.redelivered or any(f.at - 8 <= k <= f.at for k in kills)
        for f in late
    ), [(str(f), f.at, kills) for f in late]
    unexpected = set(failures) - {"undelivered", "unanswered", "double_ack", "late_callback"}
    assert not unexpected, [str(f) for f in fake.failures if f.kind in unexpected][:5]

    # the capped player: exactly her cap in sips, whichever copies poured for her
    con = await asyncpg.connect(url)
    try:
        rows = await con.fetch(
            "SELECT amount, kind, counted_as FROM drinks WHERE user_id = $1", tess.id
        )
    finally:
        await con.close()
    pg_cluster.drop_database(url)
    sips = sum(r["amount"] for r in rows if r["counted_as"] == "sips")
    poured = sum(r["amount"] for r in rows)
    assert sips == min(CAP, poured) and poured > CAP, (sips, poured)
