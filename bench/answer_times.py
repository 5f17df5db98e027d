"""Barkeep's answer times as a ratio to a bot that stores nothing, measured in the same run.

Runs, in the same process and through the same fake Discord (request validation off, so the
fake's own checking does not weigh on either side), in rounds so that a machine that gets busier
part-way weighs on every side alike:

- the toy (bench/toy.py): answers each click by editing the message and keeps nothing;
- Barkeep's War, 2 players, whole games (every action on disk, synchronous=FULL, first);
- Barkeep's Pyramid, 10 players, a whole game.

Answer time: from the fake's dispatch of the interaction to the bot's callback. Barkeep's figures
are its in-game clicks (lobby and slash commands left out). Prints p50 and p99 of each, the ratios
to the toy, and the trips to the database thread per action (counted in the table service alone,
and per in-game click through the whole bot, its renderer included).

``--breakdown`` adds sides that show where the rest of the gap goes: the toy answering with a
message as big as Barkeep's War table; that toy storing each click first (one durable commit
on the loop's thread, no game: the floor for any bot that shows a table and keeps Barkeep's promise);
Barkeep with ``synchronous=OFF`` (no fsync: what the disk
costs); and Barkeep with its store's calls run on the event loop's own thread, without fsync
(no hand-off either: what is left is the bot's own work, storage aside). These are diagnostics,
not settings anyone should ship.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiosqlite  # noqa: E402

import bot.store  # noqa: E402
from bench.load import Players, over, verbs  # noqa: E402
from bench.measure import pct, stop_process  # noqa: E402
from bench.pyramid_game import play_pyramid  # noqa: E402
from bench.toy import click_toy, run_toy, toy_message_components  # noqa: E402
from bot.clock import ManualClock, SystemClock  # noqa: E402
from bot.engines import ENGINES  # noqa: E402
from bot.store import SqliteStore as Store  # noqa: E402
from bot.tables import TableService  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.harness import TOKEN, Harness, Trips, open_table, spawn_bot  # noqa: E402


async def play_war(h: Harness, tag: str) -> int:
    """One whole War game; returns the index in ``h.results`` of its first in-game click."""
    fake = h.fake
    a, b = fake.add_user(f"Ana{tag}"), fake.add_user(f"Bo{tag}")
    msg, tid = await open_table(h, "war", a, [b])
    await h.click(a, msg, "start")
    first = len(h.results)
    table = await h.service.get(tid)
    users = {a.id: a, b.id: b}
    hands = 0
    while table.status == "playing":
        if "flip" in h.verbs(msg):
            await h.click(a, msg, "flip")
            hands += 1
        else:
            v = table.engine.view(table.state, None)
            loser = users[table.user_at(v["loser"]).user_id]
            await h.click(loser, msg, "double" if hands % 2 else "drink")
    return first


class Side:
    def __init__(self, name: str, game: str = "toy", games: int = 0, variant: str = "") -> None:
        self.name, self.game, self.games, self.variant = name, game, games, variant
        self.times: list[float] = []
        self.rounds: list[tuple[float, float]] = []  # (p50, p99) of each round
        self.trips = 0
        self.clicks = 0

    def add(self, times: list[float]) -> None:
        self.times += times
        self.rounds.append((pct(times, 50), pct(times, 99)))


@contextlib.contextmanager
def store_on_the_loop() -> Iterator[None]:
    """Diagnostic: the store's calls run on the event loop's thread (no hand-off)."""
    connect, submit = aiosqlite.connect, Store._submit

    def inline(self: Store, fn: Any, *args: Any) -> asyncio.Future[Any]:
        done = asyncio.get_running_loop().create_future()
        try:
            done.set_result(fn(self._db._conn, *args))
        except Exception as err:
            done.set_exception(err)
        return done

    bot.store.aiosqlite.connect = lambda *a, **k: connect(*a, check_same_thread=False, **k)  # type: ignore[assignment]
    Store._submit = inline  # type: ignore[method-assign]
    try:
        yield
    finally:
        bot.store.aiosqlite.connect = connect  # type: ignore[assignment]
        Store._submit = submit  # type: ignore[method-assign]


async def barkeep_round(fake: FakeDiscord, tmp: Path, n: int, side: Side) -> dict[str, Any]:
    """One round of ``side``'s games; returns the biggest table message seen (for the toy)."""
    game = side.game
    clock: Any = SystemClock() if game == "war" else ManualClock()
    h = Harness(fake, tmp / f"{game}{n}{side.variant}.db", clock)
    biggest: dict[str, Any] = {}
    with store_on_the_loop() if side.variant == "loop" else contextlib.nullcontext():
        if game == "war":
            await h.start_bot()
        else:
            await h.start_bot(render_interval=1.0, render_debounce=0.25, seeds=lambda: "bench-10")
        await asyncio.wait_for(h.bot.wait_until_ready(), 20)  # as the toy: past discord.py's start
        if side.variant in ("nosync", "loop"):
            async with h.bot.store.reading() as q:
                await q._one("PRAGMA synchronous = OFF")
        trips = Trips(h.bot.store)
        times: list[float] = []
        for g in range(side.games):
            tag = f"{n}.{g}{side.variant}"
            before = trips.n
            first = await play_war(h, tag) if game == "war" else (await play_pyramid(h, tag))[0]
            clicks = h.results[first:]
            side.trips += trips.n - before  # the lobby's few writes are in; they are a handful
            side.clicks += len(clicks)
            times += [r.latency * 1000 for r in clicks]
            del h.results[:]
            if game == "war":
                shown = [  # War's messages only (the fake keeps every round's, Pyramid's too)
                    m.current
                    for m in fake.messages.values()
                    if any(c.startswith("war:") for c in m.custom_ids())
                ]
                biggest = max(shown, key=lambda m: len(json.dumps(m)), default={})
        await h.stop_bot()
    side.add(times)
    return biggest


async def service_trips(game: str, players: int, seed: int) -> tuple[int, int]:
    """Trips to the database thread per call of the table service's action path, a random
    walk through one whole game without Discord. Returns (trips, actions)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "t.db")
        clock = ManualClock()
        svc = TableService(store, ENGINES, clock, seeds=lambda: f"trips-{seed}")
        rnd = random.Random(seed)
        users = list(range(100, 100 + players))
        t = await svc.open_table(
            game, guild_id=1, channel_id=2, host_id=users[0], host_name="p0", options={},
            seat_host=True,
        )  # fmt: skip
        for u in users[1:]:
            await svc.join(t.id, u, f"p{u}")
        await svc.start(t.id, users[0])
        trips = Trips(store)
        acts, iid = 0, 10_000
        while t.status == "playing":
            moves = [
                (s.user_id, a)
                for s in t.seated()
                if s.seat is not None
                for a in t.engine.legal_actions(t.state, s.seat)
                if a.verb != "leave"
            ]
            if not moves:
                clock.advance(max(0.0, (svc.next_due() or clock.now()) - clock.now()))
                acts += await svc.fire_due()
                continue
            user, action = rnd.choice(moves)
            iid += 1
            await svc.act(t.id, user, action, iid)
            acts += 1
        n = trips.n
        await store.close()
    return n, acts


async def toy_process_round(fake: FakeDiscord, tmp: Path, clicks: int) -> list[float]:
    """The toy in a process of its own: ``clicks`` answer times (ms)."""
    proc = await spawn_bot(fake, tmp / "toy.db", script=ROOT / "bench" / "toy.py")
    try:
        await fake.wait_ready(timeout=30)
        user = fake.add_user(f"Toyer{len(fake.users)}")
        msg = await fake.post_message("Click me", components=toy_message_components())
        times = await click_toy(fake, user, msg, clicks)
    finally:
        await stop_process(proc)
    await fake.wait_disconnected()
    return times


async def war_process_round(
    fake: FakeDiscord, tmp: Path, n: int, games: int, think: float = 0.0
) -> list[float]:
    """Barkeep as shipped (``python -m bot``'s main, its own process, durable writes): ``games``
    whole War games played from the public message; the answer times (ms) of the accepted
    in-game clicks (a choice tried by the winner first is refused and left out). ``think``:
    about that many seconds before each click."""
    proc = await spawn_bot(fake, tmp / f"war-processes{n}.db")
    players = Players(fake, asyncio.Event(), think)
    times: list[float] = []
    try:
        await fake.wait_ready(timeout=30)
        for g in range(games):
            a, b = fake.add_user(f"Ana{n}p{g}"), fake.add_user(f"Bo{n}p{g}")
            msg = await players.open("war", a, [b])
            hands = 0
            while not over(msg):
                if any(v.startswith("flip") for v in verbs(msg)):
                    tries = [(a, "flip")]
                    hands += 1
                elif "drink" in verbs(msg):
                    choice = "double" if hands % 2 else "drink"
                    tries = [(a, choice), (b, choice)]
                else:
                    await players.changed(msg)
                    continue
                for user, verb in tries:
                    res = await players.press(user, msg, verb)
                    if res is not None and not res.ephemeral:
                        times.append(res.latency * 1000)
                        break
    finally:
        await stop_process(proc)
    await fake.wait_disconnected()
    return times


def fsync_times(directory: Path, n: int = 300) -> list[float]:
    """Milliseconds each of ``n`` fdatasyncs takes after a 4 KiB page is written over (the
    cheapest case: the file does not grow), in ``directory``, where the benchmark's databases
    are: what one durable COMMIT costs at the very least, SQL and the WAL's growth aside."""
    path = directory / "fsync.bin"
    times = []
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        os.write(fd, b"x" * 4096 * 16)
        os.fsync(fd)
        for i in range(n):
            os.pwrite(fd, b"y" * 4096, 4096 * (i % 16))
            start = time.perf_counter()
            os.fdatasync(fd)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        os.close(fd)
        path.unlink()
    return times


def row(side: Side, toy: Side) -> str:
    s50, s99 = pct(side.times, 50), pct(side.times, 99)
    t50, t99 = pct(toy.times, 50), pct(toy.times, 99)
    rounds = ", ".join(f"{a:.2f}/{b:.2f}" for a, b in side.rounds)
    ratio = "" if side is toy else f"{s50 / t50:6.2f} {s99 / t99:6.2f}"
    return (
        f"  {side.name:40} {len(side.times):6} {s50:7.2f} {s99:7.2f} {ratio:13}"
        f"  (p50/p99 by round: {rounds})"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--toy-clicks", type=int, default=200, help="per round")
    parser.add_argument("--war-games", type=int, default=5, help="per round")
    parser.add_argument("--pyramid-games", type=int, default=1, help="per round")
    parser.add_argument("--breakdown", action="store_true", help="add the diagnostic sides")
    parser.add_argument(
        "--processes",
        action="store_true",
        help="also the toy and Barkeep (War) each in a process of its own, as shipped",
    )
    args = parser.parse_args()

    toy = Side("toy")
    war = Side("War, 2 players", "war", args.war_games)
    pyr = Side("Pyramid, 10 players", "pyramid", args.pyramid_games)
    big = Side("toy, War-sized message")
    stored = Side("toy, War-sized, each click stored")
    extra = []
    if args.breakdown:
        for game, name, n in (("war", "War", args.war_games), ("pyramid", "Pyramid", 1)):
            extra += [
                Side(f"{name}, synchronous=OFF", game, n, "nosync"),
                Side(f"{name}, OFF, store on the loop thread", game, n, "loop"),
            ]
    alone_toy, alone_war = Side("toy, its own process"), Side("War, 2 players, its own process")
    fake = FakeDiscord(token=TOKEN, validate=False)
    await fake.start()
    if args.processes:  # before patch_discord: the bots' processes are pointed at the fake
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(args.rounds):
                alone_toy.add(await toy_process_round(fake, Path(tmp), args.toy_clicks))
                alone_war.add(await war_process_round(fake, Path(tmp), n, args.war_games))
                alone_toy.add(await toy_process_round(fake, Path(tmp), args.toy_clicks))
    fake.patch_discord()
    fsyncs: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        fsyncs += fsync_times(Path(tmp))
        for n in range(args.rounds):
            toy.add(await run_toy(fake, args.toy_clicks))
            biggest = await barkeep_round(fake, Path(tmp), n, war)
            if args.breakdown:
                big.add(await run_toy(fake, args.toy_clicks, like=biggest))
                db = Path(tmp) / f"toy{n}.db"
                stored.add(await run_toy(fake, args.toy_clicks, like=biggest, store=db))
            toy.add(await run_toy(fake, args.toy_clicks))
            await barkeep_round(fake, Path(tmp), n, pyr)
            for side in extra:
                await barkeep_round(fake, Path(tmp), n, side)
            if extra:
                toy.add(await run_toy(fake, args.toy_clicks))
    await fake.stop()
    assert not fake.failures, "\n".join(map(str, fake.failures[:10]))
    assert not fake.unknown_routes, fake.unknown_routes[:5]

    print(
        f"answer time through the fake Discord, {args.rounds} rounds (validation off); "
        "ratios are Barkeep over the toy in the same run"
    )
    print(f"  {'':40} {'clicks':>6} {'p50 ms':>7} {'p99 ms':>7} {'p50 x':>6} {'p99 x':>6}")
    for side in [toy, war, pyr, *([big, stored] if args.breakdown else []), *extra]:
        print(row(side, toy))
    if args.processes:
        for side in (alone_toy, alone_war):
            print(row(side, alone_toy))
    t50 = pct(toy.times, 50)
    print(
        f"  one fdatasync on this disk (a 4 KiB page written over): p50 {pct(fsyncs, 50):.3f} ms, that is"
        f" {pct(fsyncs, 50) / t50:.2f}x the toy's p50 on its own; the goal of 1.2x leaves"
        f" {0.2 * t50:.3f} ms for all of Barkeep's work, its durable COMMIT included"
    )
    for side in (war, pyr):
        print(
            f"  trips to the database thread per in-game click, whole bot ({side.name}): "
            f"{side.trips / side.clicks:.2f}"
        )
    for game, players in (("war", 2), ("pyramid", 10)):
        trips, acts = await service_trips(game, players, seed=7)
        print(
            f"  trips per action in the table service ({game}, {players} players, "
            f"{acts} actions and clocks): {trips / acts:.2f}"
        )


if __name__ == "__main__":
    asyncio.run(main())
