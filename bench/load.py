"""Load: N concurrent War and Pyramid tables in one channel, through the fake Discord.

    python bench/load.py                      # N = 1, 10, 30, 50; 60 s each
    python bench/load.py --tables 30 --seconds 120
    python bench/load.py --tables 1,30 --seconds 40 --rounds 5   # pooled: issue 7's ratio

The bot is the shipped one (``python -m bot``'s main, bench/botproc.py) in its own process,
with the real discord.py client, its production settings and durable writes (every action on
disk before its answer). The fake Discord announces Discord's message buckets (5 sends, 5 edits per 5
s per channel, with X-RateLimit headers; ``FakeDiscord.discord_rate_limits``). Two thirds of the
tables are War (2 players), one third Pyramid (4 players); scripted players act as fast as the
rules allow, reading only what Discord shows them: War players flip on the table and from their
private view by turns, and the loser chooses in their private view; Pyramid players take their
look, lay a face-down card now and then (else pass), give away what they won with the +1
buttons, and explore. A finished table is opened again by the same players.

Measured once every table is open (the first, simultaneous openings are left out), for the
given time. Printed per N: interactions per second, answer time p50/p99 (dispatch to callback, measured by
the fake), the p99 again without the first 5 s (every table deals and its players make their
first moves in the same moment then: a stampede that a channel does not see in normal play), HTTP 429s, REST calls per interaction, how long public messages lagged the store
(from each committed change that altered a table's screen until a write showing it landed; p50
and max), bot CPU seconds per 1,000 interactions and the bot's peak memory (RSS). ``--think 1`` gives every player about a second before each
click (closer to people at a bar); ``--fsync-ms 2`` makes every commit in the bot 2 ms slower (a
slower disk than this machine's); ``--trace`` adds a line on where the bot's answers wait after
the first 5 s (store trips, the database thread's wait for a CPU core, garbage collection:
bench/tracing.py); ``--phases`` a table of where each answer's time went, from the fake's
dispatch to its receipt of the callback (bench/phases.py); ``BENCH_BOTPROC=path`` starts another
launcher (profiling). While it measures, the harness's own heap (every request the fake saw) is
kept out of its garbage collector (``harness_heap_frozen``): its full collections stopped the fake
for up to 180 ms at 30 tables, and that pause was counted as the bot's answer time.

``--database postgres`` runs the bot on PostgreSQL: a throwaway durable server on loopback
(tests/pgcluster.py, fsync and synchronous_commit on, as in production) for the run, a fresh
database each round (``DATABASE_URL``). ``--compare`` plays SQLite and PostgreSQL by turns in
the same run (same tables, same seconds, each round both) and adds a table of both: answers
after the first 5 s, pooled per backend, p50 and p99, PostgreSQL's p50 over SQLite's (with a
90% interval over resamples), interactions/s, bot CPU per 1,000 interactions, the server's own
CPU per 1,000, 429s. ``--processes 2`` (PostgreSQL): two bot processes, SHARD_COUNT=2 and
SHARD_IDS 0 and 1, the tables spread over two guilds, one on each shard; interactions/s and
CPU summed over both, and a check, by the requests' peer ports, that no channel was written to
by both. ``--bot-root DIR`` runs the bot's code from another checkout (a git worktree of an
older commit), the fake Discord and the players staying this one's: before/after comparisons.

``--rounds R`` plays every N R times, by turns (1, 30, 1, 30...), and adds a table of each N's
answers after the first 5 s of every round, pooled, with its p99 as a multiple of the smallest
N's, and that ratio's 90% interval over resamples of the same answers. One table answers
about 6 times a second, so one round's p99 rests on its few slowest answers, and this
machine's speed drifts from one minute to the next: the same code gave a
one-table p99 of 5.6 to 21.5 ms in 25 s rounds, and a 30-table p99 of 15.8 to 42.5 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import harness_heap_frozen, pct, stop_process  # noqa: E402
from bench.phases import answered, table  # noqa: E402
from bench.tracing import describe  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMessage, FakeUser  # noqa: E402
from tests.harness import TOKEN, Harness, spawn_bot  # noqa: E402
from tests.pgcluster import Cluster  # noqa: E402

FACE_DOWN = "\U0001f0a0"
STAMPEDE = 5.0  # seconds after the openings in which every table deals at the same moment


def verbs(msg: FakeMessage | None) -> list[str]:
    return [c.split(":", 2)[2] for c in msg.custom_ids()] if msg is not None else []


def over(msg: FakeMessage) -> bool:
    """The table's message shows its end (the end screen's title)."""
    embeds = msg.current.get("embeds") or [{}]
    return "is over" in (embeds[0].get("title") or "")


class Players:
    """What every scripted player shares: the fake, the results, the stop signal."""

    def __init__(self, fake: FakeDiscord, stop: asyncio.Event, think: float = 0.0) -> None:
        self.fake = fake
        self.stop = stop
        self.stopped = asyncio.ensure_future(stop.wait())  # wakes every waiting player
        self.think = think  # seconds a player takes before each click (0: none)
        self.opened = 0  # tables opened so far (the measurement starts once all are)
        self.all_open = asyncio.Event()
        self.tables = 0
        self.h = Harness(fake, None, None)
        self.errors: list[str] = []
        self.rng = random.Random(7)

    async def click(self, user: FakeUser, msg: FakeMessage, cid: str) -> Any:
        """Press ``cid`` if it is still on the message (it may have changed meanwhile)."""
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        if cid not in msg.custom_ids():
            return None
        try:
            res = await self.fake.click(user, msg, cid)
        except AssertionError as err:  # unanswered, or the button went away in between
            if "never answered" in str(err):
                self.errors.append(str(err))
            return None
        self.h.results.append(res)
        return res

    @staticmethod
    def refused(res: Any) -> bool:
        """A plain private notice ("The cards are already turned."): the click was refused,
        because the screen the player pressed on was behind the table. A person reads it and
        waits for the table to move; pressing again at once would only hear it again."""
        return bool(
            res is not None and res.type == 4 and res.ephemeral and not res.message.custom_ids()
        )

    async def press(self, user: FakeUser, msg: FakeMessage, verb: str) -> Any:
        """Press the control of ``verb`` (with its argument, "lay:3", or without: "flip")."""
        ids = [
            c
            for c in msg.custom_ids()
            if verb in (c.split(":", 2)[2], c.split(":")[2])
            or c.split(":", 2)[2].startswith(f"{verb}.")  # lay:3 is lay:3..0 (on card 0)
        ]
        return await self.click(user, msg, ids[0]) if ids else None

    async def changed(self, *msgs: FakeMessage | None, timeout: float = 2.0) -> None:
        """Until one of the messages is edited (or ``timeout``)."""
        if not self.stop.is_set():
            await self.fake.wait_edited(
                *(m for m in msgs if m is not None), timeout=timeout, until=self.stopped
            )

    async def open(
        self,
        game: str,
        host: FakeUser,
        guests: list[FakeUser],
        where: FakeGuild | None = None,
        **options: Any,
    ):
        """``where``: the guild whose channel the table opens in (None: the default one)."""
        res = await self.fake.slash(host, game, "start", channel=where, **options)
        self.h.results.append(res)
        if res.ephemeral:
            raise RuntimeError(f"could not open {game}: {res.message.text}")
        msg = res.message
        if "consent" not in str(msg.custom_ids()):
            try:
                rules = await res.followup(timeout=1.0)
                await self.press(host, rules, "consent")
            except AssertionError:
                pass  # the host had accepted the rules before: seated at once
        for g in guests:
            joined = await self.press(g, msg, "join")
            if joined is not None and joined.ephemeral and "consent" in verbs(joined.message):
                await self.press(g, joined.message, "consent")
        await self.press(host, msg, "start")
        self.opened += 1
        if self.opened >= self.tables:
            self.all_open.set()
        return msg

    # -- War ---------------------------------------------------------------------------------
    async def war_table(self, a: FakeUser, b: FakeUser, where: FakeGuild | None = None) -> None:
        while not self.stop.is_set():
            msg = await self.open("war", a, [b], where)
            views = {}
            for u in (a, b):
                res = await self.press(u, msg, "seat")
                views[u.id] = res.message if res is not None else None
            await asyncio.gather(
                self.war_seat(a, msg, views[a.id], True), self.war_seat(b, msg, views[b.id], False)
            )

    async def war_seat(
        self, user: FakeUser, msg: FakeMessage, view: FakeMessage | None, first: bool
    ) -> None:
        double = False
        while not self.stop.is_set() and not over(msg):
            acted = None
            if view is not None and "drink" in verbs(view):  # I lost: choose, privately
                acted = await self.press(user, view, "double" if double else "drink")
                double = not double
            elif any(v.startswith("flip") for v in verbs(msg)):
                m = re.search(r"flips hand (\d+)", msg.text)
                hand = int(m[1]) if m else 1
                if (hand % 2 == 1) == first:  # by turns: on the table, or in my private view
                    where = msg if first or view is None else view
                    acted = await self.press(user, where, "flip")
            if acted is None or self.refused(acted):
                await self.changed(msg, view)

    # -- Pyramid -----------------------------------------------------------------------------
    async def pyramid_table(self, players: list[FakeUser], where: FakeGuild | None = None) -> None:
        while not self.stop.is_set():
            msg = await self.open(
                "pyramid", players[0], players[1:], where, claim_seconds=10, look_seconds=30
            )
            await asyncio.gather(*(self.pyramid_seat(p, msg) for p in players))

    async def pyramid_seat(self, user: FakeUser, msg: FakeMessage) -> None:
        view: FakeMessage | None = None
        looked = False
        tried: tuple[int, int] | None = None
        while not self.stop.is_set() and not over(msg):
            acted = None
            mine = next((ln for ln in msg.text.splitlines() if f"**{user.name}**:" in ln), "")
            gives = [
                c for c in (view.custom_ids() if view else []) if ":give:" in c and "_" not in c
            ]
            snap = (len(msg.versions), len(view.versions) if view else 0)
            if gives:
                acted = await self.click(user, view, gives[0])  # type: ignore[arg-type]
            elif "peek" in verbs(msg) and not looked:
                res = await self.press(user, msg, "peek")
                looked = res is not None
                acted = res
            elif "pass" in verbs(msg) and mine.startswith("\u23f3"):  # waiting on me
                slots = re.findall(rf"`(\d+)` {FACE_DOWN}", mine)
                if slots and self.rng.random() < 0.35:
                    acted = await self.press(user, msg, f"lay:{self.rng.choice(slots)}")
                    if acted is not None and acted.ephemeral and acted.message.custom_ids():
                        view = acted.message  # a right card: my private view, to give
                else:
                    acted = await self.press(user, msg, "pass")
            elif any(v.startswith("explore") for v in verbs(msg)) and tried != snap:
                tried = snap
                explore = [c for c in msg.custom_ids() if ":explore:" in c]
                acted = await self.click(user, msg, self.rng.choice(explore))
                if acted is not None and acted.ephemeral:
                    acted = None  # not the explorer
            if acted is None or self.refused(acted):
                await self.changed(msg, view)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Origins:
    """Which bot process sent each write the fake Discord received, for ``--processes 2``.

    The fake does not record a request's origin, but every request comes on a TCP connection
    whose peer port is the sending process's own: wrapped around the fake's REST handler
    (before ``fake.start()`` routes to it), this reads the peer port, finds the process that
    holds the socket (``/proc/net/tcp``, then the processes' ``/proc/<pid>/fd``) once per
    connection, and notes which processes wrote to each channel: directly
    (``/channels/<id>/...``, the per-channel budget), or through an interaction's callback or
    token (``/interactions/<id>/<token>/...``, ``/webhooks/<app>/<token>/...``: the per-token
    budget; the channel is the interaction's, as the fake knows it)."""

    WRITES = ("POST", "PATCH", "PUT", "DELETE")

    def __init__(self, fake: FakeDiscord) -> None:
        self.pids: list[int] = []
        self._of_port: dict[int, int | None] = {}
        self._fake = fake
        self.writes: dict[int, int] = {}  # pid -> writes
        self.channels: dict[int, set[int]] = {}  # channel id -> the pids that wrote to it
        self.tokens: dict[str, set[int]] = {}  # interaction token -> the pids that used it
        self.unattributed = 0
        handler = fake._rest_handler

        async def traced(request: Any) -> Any:
            self.note(request)
            return await handler(request)

        fake._rest_handler = traced  # type: ignore[method-assign]

    def note(self, request: Any) -> None:
        if request.method not in self.WRITES:
            return
        peer = request.transport.get_extra_info("peername") if request.transport else None
        port = peer[1] if peer else None
        if port is not None and port not in self._of_port:
            self._of_port[port] = self._owner(port)
        pid = self._of_port.get(port) if port is not None else None
        if pid is None:
            self.unattributed += 1
            return
        self.writes[pid] = self.writes.get(pid, 0) + 1
        path = request.path
        channel = None
        if m := re.search(r"/channels/(\d+)/", path):
            channel = int(m[1])
        elif m := re.search(r"/(?:webhooks/\d+|interactions/\d+)/([^/]+)/", path):
            self.tokens.setdefault(m[1], set()).add(pid)
            inter = self._fake._by_token.get(m[1])
            channel = inter.channel_id if inter is not None else None
        if channel is not None:
            self.channels.setdefault(channel, set()).add(pid)

    def _owner(self, port: int) -> int | None:
        """The bot process holding the TCP socket whose local port is ``port``."""
        inodes = set()
        for sockets in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(OSError):
                for line in Path(sockets).read_text().splitlines()[1:]:
                    fields = line.split()
                    if int(fields[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(f"socket:[{fields[9]}]")
        for pid in self.pids:
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                            return pid
        return None

    def shared(self) -> tuple[int, int]:
        """(channels, interaction tokens) written to by more than one process."""
        return (
            sum(len(p) > 1 for p in self.channels.values()),
            sum(len(p) > 1 for p in self.tokens.values()),
        )


def server_cpu_seconds(cluster: Cluster) -> float:
    """CPU seconds used by the PostgreSQL server so far: its postmaster (with the children it
    has reaped) and its live processes (the bots' connections' backends, the WAL writer...)."""
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == postmaster or int(fields[1]) == postmaster:
            total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


_DATABASES = itertools.count(1)


async def run(
    n: int,
    seconds: float,
    think: float = 0.0,
    fsync_ms: float = 0.0,
    trace: bool = False,
    phases: bool = False,
    backend: str = "sqlite",
    processes: int = 1,
    cluster: Cluster | None = None,
    bot_root: Path | None = None,
) -> dict[str, Any]:
    """One round of ``n`` tables. ``backend`` "postgres": a fresh database on ``cluster`` for
    this round (dropped after it); ``processes`` 2: two bot processes, SHARD_COUNT=2, one
    shard each, the tables spread over two guilds, one on each shard. ``bot_root``: the bot's
    code from that checkout (PYTHONPATH of the bot's process; default: this one)."""
    database = None
    if backend == "postgres":
        assert cluster is not None
        database = f"bench{os.getpid()}_{next(_DATABASES)}"
        cluster.admin(f"CREATE DATABASE {database}")
    fake = FakeDiscord(token=TOKEN, validate=False)  # the e2e tests validate; here: speed
    origins = Origins(fake) if processes > 1 else None
    await fake.start()
    fake.discord_rate_limits()
    # Why two processes never share a channel, so that each keeps to Discord's per-channel
    # budget (5 edits per 5 s) on its own: a channel belongs to one guild, a guild to one shard
    # ((guild_id >> 22) % SHARD_COUNT), and a shard to one process, which alone receives that
    # guild's interactions and alone writes to its channels. Each process's per-channel budget
    # is therefore the channel's whole budget, not a share of it (and an interaction's token,
    # with its own bucket, is only ever used by the process that received the interaction).
    # Origins checks it in the run: no channel (nor token) written to by both processes.
    guilds: list[FakeGuild | None] = (
        [fake.add_guild(shard, processes) for shard in range(processes)]
        if processes > 1
        else [None]
    )
    stop = asyncio.Event()
    players = Players(fake, stop, think)
    wars = max(1, math.ceil(2 * n / 3)) if n > 1 else 1
    pyramids = n - wars
    with tempfile.TemporaryDirectory() as tmp:
        common = (
            ({"BENCH_FSYNC_MS": str(fsync_ms)} if fsync_ms else {})
            | ({"BENCH_TRACE": "1"} if trace else {})
            | ({"BENCH_PHASES": "1"} if phases else {})
            | ({"DATABASE_URL": cluster.url(database)} if cluster and database else {})
            | ({"PYTHONPATH": str(bot_root)} if bot_root else {})
        )
        stats_paths = [Path(tmp) / f"stats{i}.json" for i in range(processes)]
        procs = []
        for i in range(processes):
            shards = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(i)} if processes > 1 else {}
            procs.append(
                await spawn_bot(
                    fake,
                    Path(tmp) / "barkeep.db",
                    script=Path(os.environ.get("BENCH_BOTPROC", ROOT / "bench" / "botproc.py")),
                    env_extra={"BENCH_STATS": str(stats_paths[i])} | common | shards,
                )
            )
        if origins is not None:
            origins.pids = [p.pid for p in procs]
        try:
            if processes > 1:
                for i in range(processes):
                    await fake.wait_ready(timeout=60, shard=(i, processes))
            else:
                await fake.wait_ready(timeout=60)
            users = [fake.add_user(f"P{i}") for i in range(2 * wars + 4 * pyramids)]
            players.tables = n
            tasks = [
                asyncio.create_task(
                    players.war_table(users[2 * i], users[2 * i + 1], guilds[i % len(guilds)])
                )
                for i in range(wars)
            ]
            base = 2 * wars
            tasks += [
                asyncio.create_task(
                    players.pyramid_table(
                        users[base + 4 * i : base + 4 * i + 4], guilds[(wars + i) % len(guilds)]
                    )
                )
                for i in range(pyramids)
            ]
            # warm-up: every table opened at the same moment is not normal play
            await asyncio.wait_for(players.all_open.wait(), 120)
            cpu0, t0, requests0 = (
                sum(cpu_seconds(p.pid) for p in procs),
                time.monotonic(),
                len(fake.requests),
            )
            server0 = server_cpu_seconds(cluster) if cluster and database else 0.0
            settled = fake.now() + STAMPEDE
            if trace:  # the trace covers the same time as the p99 after the first 5 s
                asyncio.get_running_loop().call_later(
                    STAMPEDE, procs[0].send_signal, signal.SIGUSR1
                )
            driver0, results0 = time.process_time(), len(players.h.results)
            await asyncio.sleep(seconds)
            wall = time.monotonic() - t0
            cpu = sum(cpu_seconds(p.pid) for p in procs) - cpu0
            server = server_cpu_seconds(cluster) - server0 if cluster and database else None
            driver = time.process_time() - driver0
            requests = len(fake.requests) - requests0
            results1 = len(players.h.results)
            stop.set()
            done, pending = await asyncio.wait(tasks, timeout=15)
            for t in pending:
                t.cancel()
            for t in done:
                if t.exception() is not None:
                    players.errors.append(repr(t.exception()))
            peak = max(peak_rss_mb(p.pid) for p in procs)
        finally:
            for p in procs:
                await stop_process(p)
        every = [json.loads(f.read_text()) if f.exists() else {} for f in stats_paths]
        stats = every[0]
        lag = [x for st in every for x in st.get("lag", [])]
        records = [x for st in every for x in st.get("phases", [])]
    await fake.stop()
    if cluster and database:
        cluster.admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    results = players.h.results[results0:results1]
    lat = [r.latency * 1000 for r in results]
    after = [r.latency * 1000 for r in results if r.dispatched_at >= settled]
    return {
        "tables": n,
        "war": wars,
        "pyramid": pyramids,
        "backend": backend,
        "processes": processes,
        "interactions": len(results),
        "wall_s": wall,
        "bot_cpu_s": cpu,
        "server_cpu_s": server,
        "per_second": len(results) / wall,
        "p50_ms": statistics.median(lat) if lat else 0.0,
        "p99_ms": pct(lat, 99) if lat else 0.0,
        "p99_settled_ms": pct(after, 99) if after else 0.0,
        "http_429": len(fake.rate_limited),
        "rest_per_interaction": requests / max(1, len(results)),
        "lag_p50_s": statistics.median(lag) if lag else 0.0,
        "lag_max_s": max(lag) if lag else 0.0,
        "cpu_per_1000": cpu / max(1, len(results)) * 1000,
        "peak_mb": peak,
        "driver_cpu_share": driver / wall,
        "bot_cpu_share": cpu / wall,
        "refused": sum(players.refused(r) for r in results),
        "unanswered": len(fake.failures) + len(players.errors),
        "errors": players.errors[:3] + [str(f) for f in fake.failures[:3]],
        "trace": stats.get("trace"),
        "phases": table(records, answered(fake.requests, results, settled))
        if any("phases" in st for st in every)
        else None,
        "settled_ms": after,
        "origins": origins,
    }


def row(r: dict[str, Any]) -> str:
    how = []  # nothing for the default (SQLite, one process): its rows as they always were
    if r["backend"] == "postgres":
        how.append("PostgreSQL")
    if r["processes"] > 1:
        how.append(f"{r['processes']} processes, a guild each")
    how_text = f"; {', '.join(how)}" if how else ""
    return (
        f"| {r['tables']} ({r['war']} War, {r['pyramid']} Pyramid{how_text}) "
        f"| {r['per_second']:.1f} "
        f"| {r['p50_ms']:.1f} / {r['p99_ms']:.1f} ms | {r['p99_settled_ms']:.1f} ms "
        f"| {r['http_429']} "
        f"| {r['rest_per_interaction']:.2f} | {r['lag_p50_s']:.2f} / {r['lag_max_s']:.2f} s "
        f"| {r['cpu_per_1000']:.2f} s | {r['peak_mb']:.0f} MB | {r['unanswered']} |"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1,10,30,50", help="comma-separated N values")
    parser.add_argument("--seconds", type=float, default=60.0, help="play time per N")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds each player takes before a click (about; 0: as fast as the rules allow)",
    )
    parser.add_argument(
        "--fsync-ms",
        type=float,
        default=0.0,
        help="every commit in the bot takes this much longer to reach the disk (bench/measure.py)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="also print where the bot's answers wait after the first 5 s (bench/tracing.py)",
    )
    parser.add_argument(
        "--phases",
        action="store_true",
        help="also print where each answer's time went after the first 5 s (bench/phases.py)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="play every N this many times, by turns, and pool each N's answer times",
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="the bot's database: its SQLite file (the default), or PostgreSQL: a throwaway "
        "durable server on loopback for the run (fsync and synchronous_commit on, as in "
        "production), a fresh database each round",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="play SQLite and PostgreSQL by turns (same tables, same seconds, each round both) "
        "and print a table of both, with PostgreSQL's p50 as a multiple of SQLite's",
    )
    parser.add_argument(
        "--processes",
        type=int,
        choices=(1, 2),
        default=1,
        help="2 (PostgreSQL only): two bot processes, SHARD_COUNT=2, one shard each, the tables "
        "spread over two guilds, one on each shard; figures summed over both processes",
    )
    parser.add_argument(
        "--bot-root",
        type=Path,
        default=None,
        help="the bot's code from this checkout (a git worktree of another commit, for a "
        "before/after comparison); the fake Discord and the players stay this checkout's",
    )
    args = parser.parse_args()
    if args.processes > 1 and (args.database != "postgres" or args.compare):
        parser.error("--processes 2 needs --database postgres: one SQLite file serves one process")
    if args.processes > 1 and args.trace:
        parser.error("--trace follows one process: not with --processes 2")
    backends = ["sqlite", "postgres"] if args.compare else [args.database]
    print(
        "| tables in one channel | interactions/s | answer p50 / p99 "
        f"| p99 after the first {STAMPEDE:.0f} s | HTTP 429s "
        "| REST calls per interaction | public message lag p50 / max | bot CPU per 1,000 "
        "interactions | bot peak memory | unanswered |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    sizes = [int(x) for x in args.tables.split(",")]
    pooled: dict[int, list[list[float]]] = {n: [] for n in sizes}
    compared: dict[tuple[str, int], list[dict[str, Any]]] = {}
    cluster = Cluster(durable=True).start() if "postgres" in backends else None
    try:
        for _ in range(args.rounds):
            for n in sizes:
                for backend in backends:  # by turns: SQLite, PostgreSQL, SQLite...
                    async with harness_heap_frozen():  # the fake's pauses are not the bot's
                        r = await run(
                            n,
                            args.seconds,
                            args.think,
                            args.fsync_ms,
                            args.trace,
                            args.phases,
                            backend=backend,
                            processes=args.processes,
                            cluster=cluster,
                            bot_root=args.bot_root,
                        )
                    pooled[n].append(r["settled_ms"])
                    compared.setdefault((backend, n), []).append(r)
                    report(r)
    finally:
        if cluster is not None:
            cluster.stop()
    if args.compare:
        print(compare_table(compared, args.seconds))
    elif args.rounds > 1:
        print(pooled_table(pooled, args.seconds))


def compare_table(compared: dict[tuple[str, int], list[dict[str, Any]]], seconds: float) -> str:
    """SQLite and PostgreSQL side by side, each (backend, N) pooled over its rounds: answer
    p50 and p99 after the first 5 s of every round, PostgreSQL's p50 over SQLite's at the same
    N (with its 90% interval over resamples of the same answers), interactions per second and
    bot CPU per 1,000 interactions over all its rounds, the PostgreSQL server's own CPU per
    1,000 (work SQLite does inside the bot's process), and HTTP 429s."""
    rounds = max(len(v) for v in compared.values())
    lines = [
        f"\nSQLite and PostgreSQL by turns, {rounds} round(s) of {seconds:.0f} s each (answers "
        f"after the first {STAMPEDE:.0f} s of each round, pooled):",
        "| backend | tables | answers | p50 | p99 | p50 over SQLite's (90% interval) "
        "| p50 of each round | interactions/s | bot CPU per 1,000 interactions "
        "| PostgreSQL server CPU per 1,000 | HTTP 429s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (backend, n), runs in compared.items():
        times = [x for r in runs for x in r["settled_ms"]]
        base = [r["settled_ms"] for r in compared.get(("sqlite", n), [])]
        if not times or not base or not any(base):
            continue
        ratio = pct(times, 50) / pct(sum(base, []), 50)
        low, high = (
            ratio_interval([r["settled_ms"] for r in runs], base, p=50)
            if backend != "sqlite"
            else (1.0, 1.0)
        )
        interactions = sum(r["interactions"] for r in runs)
        server = [r["server_cpu_s"] for r in runs if r["server_cpu_s"] is not None]
        each = ", ".join(f"{pct(r['settled_ms'], 50):.2f}" for r in runs if r["settled_ms"])
        lines.append(
            f"| {'PostgreSQL' if backend == 'postgres' else 'SQLite'} | {n} | {len(times)} "
            f"| {pct(times, 50):.2f} ms | {pct(times, 99):.2f} ms "
            f"| {ratio:.2f}x ({low:.2f}-{high:.2f}x) "
            f"| {each} "
            f"| {interactions / sum(r['wall_s'] for r in runs):.1f} "
            f"| {sum(r['bot_cpu_s'] for r in runs) / max(1, interactions) * 1000:.2f} s "
            f"| {f'{sum(server) / max(1, interactions) * 1000:.2f} s' if server else '-'} "
            f"| {sum(r['http_429'] for r in runs)} |"
        )
    return "\n".join(lines)


def pooled_table(pooled: dict[int, list[list[float]]], seconds: float) -> str:
    """Each N's answer times after the first 5 s of every round, pooled: the p99 of one round
    of a table or two rests on a few hundred answers, and this machine's speed drifts between
    rounds; taken by turns and pooled, every N sees the same drift. Beside each ratio, its
    90% interval: what the ratio does over resamples of the same answers (each round's drawn
    anew, with replacement, from its own). One table's p99 rests on its few slowest answers,
    so the interval says whether a pool can tell a ratio from 2x at all; it does not cover the
    drift from one round to the next, which only more rounds show."""
    base = min(pooled)
    base_p99 = pct(sum(pooled[base], []), 99)
    lines = [
        f"\nPooled over {len(pooled[base])} rounds of {seconds:.0f} s (answers after the first "
        f"{STAMPEDE:.0f} s of each):",
        f"| tables | answers | p50 | p99 | p99 of each round | p99 over {base} table(s)'s "
        "| 90% interval |",
        "|---|---|---|---|---|---|---|",
    ]
    for n, rounds in pooled.items():
        times = sum(rounds, [])
        each = ", ".join(f"{pct(t, 99):.1f}" for t in rounds if t)
        low, high = ratio_interval(rounds, pooled[base]) if n != base else (1.0, 1.0)
        lines.append(
            f"| {n} | {len(times)} | {pct(times, 50):.1f} ms | {pct(times, 99):.1f} ms "
            f"| {each} | {pct(times, 99) / base_p99:.2f}x | {low:.2f}-{high:.2f}x |"
        )
    return "\n".join(lines)


def ratio_interval(
    rounds: list[list[float]], base: list[list[float]], draws: int = 400, p: float = 99
) -> tuple[float, float]:
    """The 5th and 95th percentiles of pct(rounds, p) / pct(base, p) (default: the p99s) over
    ``draws`` resamples, each round resampled from its own answers (seeded: the same answers
    give the same interval)."""
    rng = random.Random(99)
    ratios = []
    for _ in range(draws):
        mine = [x for r in rounds for x in rng.choices(r, k=len(r))]
        theirs = [x for r in base for x in rng.choices(r, k=len(r))]
        if mine and theirs:
            ratios.append(pct(mine, p) / pct(theirs, p))
    if not ratios:
        return 0.0, 0.0
    return pct(ratios, 5), pct(ratios, 95)


def report(r: dict[str, Any]) -> None:
    """One run's row, and what went to standard error beside it."""
    print(row(r), flush=True)
    print(
        f"   (bot used {r['bot_cpu_share']:.0%} of a core, the fake Discord and the players "
        f"{r['driver_cpu_share']:.0%}; {r['refused']} clicks refused)",
        file=sys.stderr,
    )
    if r["server_cpu_s"] is not None:
        print(
            f"   (the PostgreSQL server used {r['server_cpu_s'] / r['wall_s']:.0%} of a core, "
            f"{r['server_cpu_s'] / max(1, r['interactions']) * 1000:.2f} s per 1,000 "
            "interactions, beside the bot's)",
            file=sys.stderr,
        )
    if r["origins"] is not None:
        o = r["origins"]
        channels, tokens = o.shared()
        per = ", ".join(
            f"pid {pid} {o.writes.get(pid, 0)} writes to "
            f"{sum(pid in ps for ps in o.channels.values())} channel(s)"
            for pid in o.pids
        )
        print(
            f"   (origins, by the requests' peer ports: {per}; channels written to by both "
            f"processes: {channels}; interaction tokens used by both: {tokens}; writes of "
            f"unknown origin: {o.unattributed})",
            file=sys.stderr,
        )
    if r["trace"]:
        print(describe(r["trace"]), file=sys.stderr)
    if r["phases"]:
        print(r["phases"], file=sys.stderr)
    if r["errors"]:
        print("   problems:", *r["errors"], sep="\n   ", file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(main())
