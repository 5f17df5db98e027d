"""Self-tests of the fake Discord's sharding, driven by the real discord.py client: bots that run
``AutoShardedBot(shard_count=2, shard_ids=[...])`` in one process each, as a bot sharded across
processes does, and raw gateway clients for what discord.py does not show (the READY payload,
close codes, RESUME, two sessions of one shard).

What Discord does, from its gateway docs ("Sharding", "Get Gateway Bot", close codes): a
session gets the guilds with ``(guild_id >> 22) % num_shards == shard_id`` and their events;
events without a guild go to shard 0; several sessions may be one shard (each gets the
events); 4010 Invalid shard, 4011 Sharding required."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeGuild, checked


class ShardBot(commands.AutoShardedBot):
    """One process of a bot sharded across processes: ``shard_ids`` of ``shard_count``."""

    def __init__(self, shard_ids: list[int] | None, shard_count: int | None = 2) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            shard_count=shard_count,
            shard_ids=shard_ids,
            guild_ready_timeout=0.05,
        )
        self.heard: list[int | None] = []  # guild of every interaction it got
        self.messages: list[discord.Message] = []  # users' messages

        @self.tree.command(name="where", description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            self.heard.append(interaction.guild_id)
            shard = interaction.guild.shard_id if interaction.guild else None
            await interaction.response.send_message(f"shard {shard} of {self.shard_count}")

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:  # its own answers come back as MESSAGE_CREATE too
            self.messages.append(message)


async def start(fake: FakeDiscord, bot: commands.Bot, shard: tuple[int, int]) -> asyncio.Task:
    task = asyncio.create_task(bot.start(fake.token))
    await fake.wait_ready(shard=shard)
    await asyncio.wait_for(bot.wait_until_ready(), 5)
    return task


async def stop(fake: FakeDiscord, bot: commands.Bot, task: asyncio.Task, shard) -> None:
    await bot.close()
    await asyncio.wait_for(task, 5)
    await fake.wait_disconnected(shard=shard)


async def eventually(predicate: Callable[[], Any], what: Any, timeout: float = 5.0) -> None:
    """Bot-side state (the fake's wait_for re-checks on the fake's own activity only)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, (
            f"timed out waiting for {what() if callable(what) else what}"
        )
        await asyncio.sleep(0.01)


def on_shard(fake: FakeDiscord, shard: int, of: int = 2) -> set[int]:
    return {g.id for g in fake.guilds.values() if g.shard(of) == shard}


class Raw:
    """A bare gateway client: what goes over the wire, unhidden."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.seq: int | None = None
        self.session_id = ""

    async def open(self) -> None:
        if self.http is not None:
            await self.http.close()  # a RESUME comes on a new connection
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(self.fake.gateway_url + "?v=10&encoding=json")
        assert (await self.ws.receive_json())["op"] == 10

    async def identify(self, shard: list[int] | None, intents: int = 513) -> dict[str, Any]:
        """IDENTIFY; returns READY's ``d`` (or raises if the fake closes the connection)."""
        await self.open()
        d: dict[str, Any] = {
            "token": self.fake.token,
            "intents": intents,
            "properties": {"os": "linux", "browser": "raw", "device": "raw"},
        }
        if shard is not None:
            d["shard"] = shard
        await self.ws.send_json({"op": 2, "d": d})
        ready = await self.next()
        assert ready["t"] == "READY", ready
        self.session_id = ready["d"]["session_id"]
        return ready["d"]

    async def resume(self) -> None:
        await self.open()
        d = {"token": self.fake.token, "session_id": self.session_id, "seq": self.seq}
        await self.ws.send_json({"op": 6, "d": d})

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        msg = await asyncio.wait_for(self.ws.receive(), timeout)
        if msg.type != aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"gateway closed: {self.ws.close_code}")
        frame = msg.json()
        if frame.get("s") is not None:
            self.seq = frame["s"]
        return frame

    async def until(self, event: str) -> dict[str, Any]:
        while True:
            frame = await self.next()
            if frame.get("t") == event:
                return frame["d"]

    async def closed_with(self) -> int | None:
        msg = await asyncio.wait_for(self.ws.receive(), 5)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), msg
        return self.ws.close_code

    async def close(self, code: int = 1000) -> None:
        if self.ws is not None:
            await self.ws.close(code=code)
        if self.http is not None:
            await self.http.close()


async def answer(fake: FakeDiscord, d: dict[str, Any], content: str) -> int:
    url = f"{fake.base_url}/interactions/{d['id']}/{d['token']}/callback"
    async with aiohttp.ClientSession() as s:
        async with s.post(url, json={"type": 4, "data": {"content": content}}) as r:
            return r.status


@pytest.fixture
async def fake():
    async with checked() as f:
        yield f


# --------------------------------------------------------------------------------------------


def test_add_guild_lands_on_the_shard_asked_for(fake):
    for of in (1, 2, 3, 16):
        for shard in range(of):
            g = fake.add_guild(shard=shard, of=of)
            assert isinstance(g, FakeGuild) and (g.id >> 22) % of == shard == g.shard(of)
            assert g.channel is not None and g.channel.guild_id == g.id
            assert g.everyone_role_id == g.id and g.bot_role_id in fake.bot_user.role_ids
    ids = list(fake.guilds)
    assert ids == sorted(ids) and ids[0] == fake.guild_id  # snowflakes still grow
    with pytest.raises(ValueError):
        fake.add_guild(shard=2, of=2)


async def test_two_processes_split_the_guilds_their_events_and_interactions(fake):
    g0, g1 = fake.add_guild(shard=0, of=2), fake.add_guild(shard=1, of=2)
    alice = fake.add_user("Alice")
    b0, b1 = ShardBot([0]), ShardBot([1])
    t0 = await start(fake, b0, (0, 2))
    t1 = await start(fake, b1, (1, 2))
    try:
        assert sorted(fake.connected_shards) == [(0, 2), (1, 2)]
        assert {g.id for g in b0.guilds} == on_shard(fake, 0) and g0.id in on_shard(fake, 0)
        assert {g.id for g in b1.guilds} == on_shard(fake, 1) and g1.id in on_shard(fake, 1)
        there = b1.get_guild(g1.id)
        assert there.shard_id == 1 and there.owner_id == fake.owner.id
        assert there.get_channel(g1.channel_id).name == "games"
        assert there.me.guild_permissions.send_messages  # the bot's role in that guild
        assert b0.get_guild(g1.id) is None

        res = await fake.slash(alice, "where", channel=g1)  # a guild stands for its channel
        assert res.ok and res.delivered and res.content == "shard 1 of 2"
        assert res.message.channel_id == g1.channel_id
        assert b1.heard == [g1.id] and b0.heard == []
        res = await fake.slash(alice, "where", channel=g0.channel)
        assert res.ok and res.content == "shard 0 of 2" and b0.heard == [g0.id]

        # guild events go to the guild's shard only; events without a guild to shard 0
        side = fake.add_channel("side", guild=g0)
        await fake.say(alice, "in g1", channel=g1)
        await fake.say(alice, "psst", channel=fake.dm_channel(alice))
        await eventually(
            lambda: len(b1.messages) == 1 and len(b0.messages) == 1,
            lambda: f"messages {b0.messages} {b1.messages}",
        )
        assert b1.messages[0].guild.id == g1.id and b0.messages[0].guild is None
        assert b0.get_channel(side.id) is not None and b1.get_channel(side.id) is None

        # the process of shard 1 is gone: Discord has nobody to give its interactions to
        await stop(fake, b1, t1, (1, 2))
        assert fake.connected_shards == [(0, 2)]
        began = time.monotonic()
        res = await fake.slash(alice, "where", channel=g1)
        assert not res.delivered and not res.ok and res.type is None and res.status == 0
        assert time.monotonic() - began < fake.answer_limit  # no session: lost at once
        assert "not delivered" in repr(res)
        assert [f.kind for f in fake.failures] == ["undelivered"]
        assert "This interaction failed" in fake.failures[0].detail
        fake.failures.clear()
        assert b1.heard == [g1.id] and b0.heard == [g0.id]
        res = await fake.slash(alice, "where", channel=g0)  # shard 0 plays on
        assert res.ok and res.content == "shard 0 of 2"

        # shard 1 moves to the remaining process's side: a new process takes it over
        b1 = ShardBot([1])
        t1 = await start(fake, b1, (1, 2))
        res = await fake.slash(alice, "where", channel=g1)
        assert res.ok and res.content == "shard 1 of 2" and b1.heard == [g1.id]
    finally:
        await stop(fake, b0, t0, (0, 2))
        if not t1.done():
            await stop(fake, b1, t1, (1, 2))


async def test_ready_lists_the_shards_guilds_and_a_lost_connection_keeps_its_session(fake):
    """A connection lost without a 1000/1001 close (a killed process) leaves its session to be
    resumed: an interaction meanwhile waits in it, fails after the answer limit if nobody
    resumes, and is delivered if the session is resumed in time."""
    fake.add_guild(shard=1, of=2)
    g1 = fake.add_guild(shard=1, of=2)
    fake.add_guild(shard=0, of=2)
    alice = fake.add_user("Alice")
    zero, one = Raw(fake), Raw(fake)
    try:
        ready = await zero.identify([0, 2])
        assert ready["shard"] == [0, 2]
        assert {int(g["id"]) for g in ready["guilds"]} == on_shard(fake, 0)
        ready = await one.identify([1, 2])
        assert ready["shard"] == [1, 2] and all(g["unavailable"] for g in ready["guilds"])
        listed = [int(g["id"]) for g in ready["guilds"]]
        assert set(listed) == on_shard(fake, 1) and len(listed) >= 2
        created = [int((await one.until("GUILD_CREATE"))["id"]) for _ in listed]
        assert created == listed
        await fake.wait_ready(shard=(1, 2))

        await one.ws.close(code=4000)  # not 1000/1001: the session stays resumable
        await fake.wait_disconnected(shard=(1, 2))
        fake.answer_limit = 0.3
        res = await fake.slash(alice, "where", channel=g1)
        assert not res.delivered and not res.ok
        assert [f.kind for f in fake.failures] == ["undelivered"]
        assert "resumed in time" in fake.failures[0].detail
        fake.failures.clear()

        fake.answer_limit = 3.0
        waiting = asyncio.create_task(fake.slash(alice, "where", channel=g1))
        await fake.wait_for(lambda: len(fake.interactions) == 2)
        await one.resume()
        want = fake.interactions[-1]["id"]
        while (d := await one.until("INTERACTION_CREATE"))["id"] != want:
            pass  # the one that failed comes first: it waited in the session too
        assert await answer(fake, d, "resumed in time") == 204
        res = await waiting
        assert res.ok and res.delivered and res.content == "resumed in time"
    finally:
        await zero.close()
        await one.close()


async def test_two_sessions_of_one_shard_both_get_events_and_interactions(fake):
    """The gateway docs: "You can establish multiple sessions with the same [shard_id,
    num_shards]"; each gets the shard's traffic. Two copies of a bot then race to answer the
    same interaction: the second answer is refused 40060."""
    g1 = fake.add_guild(shard=1, of=2)
    alice = fake.add_user("Alice")
    first, second = Raw(fake), Raw(fake)
    try:
        await first.identify([1, 2], intents=513 | (1 << 15))
        await second.identify([1, 2], intents=513)
        assert fake.connected_shards == [(1, 2), (1, 2)]
        await fake.say(alice, "hello", channel=g1)
        seen = [await r.until("MESSAGE_CREATE") for r in (first, second)]
        assert [m["content"] for m in seen] == ["hello", ""]  # each by its own intents
        task = asyncio.create_task(fake.slash(alice, "where", channel=g1))
        a, b = [await r.until("INTERACTION_CREATE") for r in (first, second)]
        assert a["id"] == b["id"]
        assert await answer(fake, a, "first") == 204
        assert await answer(fake, b, "second") == 400
        res = await task
        assert res.ok and res.content == "first"
        assert [f.kind for f in fake.failures] == ["double_ack"]
        fake.failures.clear()
    finally:
        await first.close()
        await second.close()


async def test_a_shard_outside_the_count_is_refused_4010(fake):
    bot = ShardBot([2])  # shard 2 of 2
    with pytest.raises(discord.ConnectionClosed) as closed:
        await asyncio.wait_for(bot.start(fake.token), 10)
    assert closed.value.code == 4010
    await bot.close()
    for shard in ([0, 0], [-1, 2], [1], "0,1"):
        raw = Raw(fake)
        try:
            await raw.open()
            d = {"token": fake.token, "intents": 513, "properties": {}, "shard": shard}
            await raw.ws.send_json({"op": 2, "d": d})
            assert await raw.closed_with() == 4010, shard
        finally:
            await raw.close()
    assert not fake.connected and fake.session_starts == 0


async def test_a_session_with_too_many_guilds_is_refused_4011(fake):
    fake.add_guild(shard=0, of=2)
    fake.add_guild(shard=1, of=2)
    fake.max_guilds_per_shard = 2  # Discord: 2500
    raw = Raw(fake)
    try:
        await raw.open()
        await raw.ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 513}})
        assert await raw.closed_with() == 4011  # three guilds in one session
    finally:
        await raw.close()
    if fake.guild.shard(2) == 0:
        fake.add_guild(shard=1, of=2)  # both shards hold two guilds
    else:
        fake.add_guild(shard=0, of=2)
    for shard in (0, 1):
        raw = Raw(fake)
        try:
            ready = await raw.identify([shard, 2])
            assert len(ready["guilds"]) == 2
        finally:
            await raw.close()


async def test_gateway_bot_answers_the_shard_count_and_session_start_limit(fake):
    fake.recommended_shards, fake.max_concurrency = 4, 2
    client = discord.AutoShardedClient(intents=discord.Intents.default())
    await client.login(fake.token)
    try:
        limits = await client.fetch_session_start_limits()
        assert (limits.total, limits.remaining, limits.max_concurrency) == (1000, 1000, 2)
        assert limits.reset_after > 0
        shards, url, _ = await client.http.get_bot_gateway()
        assert (shards, url) == (4, fake.gateway_url)
    finally:
        await client.close()
    raw = Raw(fake)
    try:
        await raw.identify(None)
    finally:
        await raw.close()
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=auth) as s:
        async with s.get(fake.base_url + "/gateway/bot") as r:
            body = await r.json()
    assert r.status == 200 and r.headers["Content-Type"] == "application/json"
    assert body == {
        "url": fake.gateway_url,
        "shards": 4,
        "session_start_limit": {
            "total": 1000,
            "remaining": 999,
            "reset_after": 14400000,
            "max_concurrency": 2,
        },
    }
    # (the fixture asserts the fake's answers matched the OpenAPI description)


async def test_an_unsharded_bot_gets_every_guild(fake):
    g0, g1 = fake.add_guild(shard=0, of=2), fake.add_guild(shard=1, of=2)
    alice = fake.add_user("Alice")
    bot = commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.default(),
        guild_ready_timeout=0.05,
    )
    heard: list[int | None] = []

    @bot.tree.command(name="where", description="Which shard answers")
    async def where(interaction: discord.Interaction) -> None:
        heard.append(interaction.guild_id)
        await interaction.response.send_message("here")

    task = await start(fake, bot, (0, 1))
    try:
        assert fake.connected_shards == [(0, 1)]
        assert {g.id for g in bot.guilds} == {fake.guild_id, g0.id, g1.id}
        for g in (fake.guild, g0, g1):
            res = await fake.slash(alice, "where", channel=g)
            assert res.ok and res.content == "here"
        assert heard == [fake.guild_id, g0.id, g1.id]
        g2 = fake.add_guild(shard=1, of=2, name="Late Bar")  # joined while connected
        await eventually(lambda: bot.get_guild(g2.id) is not None, "the new guild")
        assert bot.get_guild(g2.id).name == "Late Bar"
    finally:
        await stop(fake, bot, task, (0, 1))
