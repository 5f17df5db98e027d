"""The tables' pictures: what drawing them costs, and what they cost the answers.

Two parts, each printing its figures:

- **Drawing**: for every game, random whole games played by the engine alone; at every step the
  public picture is made from the public view (``bot/art/<game>.py``) and drawn to PNG
  (``bot.art.picture.render``, as the renderer's worker thread does). Prints per game the mean
  and p99 milliseconds per picture and the biggest PNG. Budget: 30 ms and 150 KB.
- **Answers**: whole War games (2 players) and a Pyramid game (10 players) through the fake
  Discord, in rounds that alternate a server with pictures on and one with them off (so a machine
  that gets busier part-way weighs on both alike), the bot with Discord's real edit budgets.
  Prints each side's answer p50/p99 (from the fake's dispatch of a click to the bot's callback),
  the ratio on/off, the pictures uploaded and the 429s the fake answered. Budget: p50 within 5%.

- **Answers, the bot in its own process** (``python -m bot`` as shipped): the same War games,
  so that the fake's handling of the uploads (in the benchmark's process) is not counted.

Run: ``python bench/pictures.py`` (``--rounds N``, ``--games N``, ``--steps N``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.answer_times import play_war, war_process_round  # noqa: E402
from bench.measure import pct  # noqa: E402
from bench.pyramid_game import play_pyramid  # noqa: E402
from bot.art.cards import all_emoji  # noqa: E402
from bot.art.looks import LOOKS, Look  # noqa: E402
from bot.art.picture import render  # noqa: E402
from bot.art.tables import art_of  # noqa: E402
from bot.clock import ManualClock, SystemClock  # noqa: E402
from bot.engines import ENGINES  # noqa: E402
from bot.engines.base import Leave  # noqa: E402
from bot.store import GuildSettings, SqliteStore  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.harness import TOKEN, Harness, realistic_budgets  # noqa: E402


def drawing(steps: int, seed: int = 7) -> None:
    print(f"Drawing: every game's public picture, {steps} random steps per player count")
    print(f"{'game':<12} {'pictures':>8} {'mean ms':>8} {'p99 ms':>7} {'max KB':>7}")
    for name, engine in ENGINES.items():
        art = art_of(name)
        if art is None:
            print(f"{name:<12} no pictures")
            continue
        rnd = random.Random(seed)
        times: list[float] = []
        sizes: list[int] = []
        for players in range(engine.min_players, engine.max_players + 1):
            state = engine.new_game(players, f"bench-{name}-{players}", {})
            names = [f"Player {s + 1}" for s in range(players)]
            for _ in range(steps):
                picture = art.picture(engine.view(state, None), names)
                if picture is not None:
                    start = time.perf_counter()
                    png = render(picture)
                    times.append((time.perf_counter() - start) * 1000)
                    sizes.append(len(png))
                if engine.is_over(state):
                    break
                moves: list[tuple[int | None, Any]] = [
                    (s, a)
                    for s in range(players)
                    for a in engine.legal_actions(state, s)
                    if not isinstance(a, Leave)
                ]
                if not moves:
                    timers = engine.timers(state)
                    if not timers:
                        break
                    from bot.engines.base import Timeout

                    moves = [(None, Timeout(rnd.choice(timers).key))]
                seat, action = rnd.choice(moves)
                state, _ = engine.apply(state, seat, action)
        if times:
            mean = sum(times) / len(times)
            print(
                f"{name:<12} {len(times):>8} {mean:>8.1f} {pct(times, 99):>7.1f}"
                f" {max(sizes) / 1024:>7.1f}"
            )


async def answers(rounds: int, games: int) -> None:
    print(
        f"\nAnswers: {rounds} rounds, each {games} War games and one 10-player Pyramid game,"
        " pictures on and off"
    )
    fake = FakeDiscord()
    for name, _ in all_emoji():  # uploaded by an earlier start: the sync only lists them
        fake.add_app_emoji(name)
    await fake.start()
    fake.patch_discord()
    fake.discord_rate_limits()
    sides: dict[bool, list[float]] = {True: [], False: []}
    uploads = {True: 0, False: 0}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for r in range(rounds):
                for on in (True, False) if r % 2 == 0 else (False, True):
                    before = len(fake.uploads)
                    for game in ("war", "pyramid"):
                        clock: Any = SystemClock() if game == "war" else ManualClock()
                        h = Harness(fake, Path(tmp) / f"{game}-{r}-{on}.db", clock)
                        await h.start_bot()
                        realistic_budgets(h)
                        assert h.bot is not None
                        for guild in fake.guilds.values():
                            LOOKS.set_guild(guild.id, Look(images=on))
                        for g in range(games if game == "war" else 1):
                            tag = f"{r}{on}{g}"
                            if game == "war":
                                first = await play_war(h, tag)
                            else:
                                first = (await play_pyramid(h, tag))[0]
                            sides[on] += [res.latency * 1000 for res in h.results[first:]]
                            del h.results[:]
                        await h.bot.renderer.flush()
                        await h.stop_bot()
                    uploads[on] += len(fake.uploads) - before
    finally:
        await fake.stop()
    report(sides, uploads, fake)


async def processes(rounds: int, games: int, think: float = 0.4) -> None:
    """The bot as shipped, in its own process (the fake's work on the uploads out of its way),
    War games, pictures on and off in alternating rounds; players take about ``think`` seconds
    a click, so that the pictures change as often as people play."""
    print(
        f"\nAnswers, the bot in its own process: {rounds} rounds of {games} War games each way,"
        f" about {think} s between clicks"
    )
    fake = FakeDiscord(token=TOKEN)
    for name, _ in all_emoji():
        fake.add_app_emoji(name)
    await fake.start()
    fake.discord_rate_limits()
    sides: dict[bool, list[float]] = {True: [], False: []}
    uploads = {True: 0, False: 0}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            n = 0
            for r in range(rounds):
                for on in (True, False) if r % 2 == 0 else (False, True):
                    n += 1
                    if not on:  # the server's /settings images on:False, stored before the start
                        store = await SqliteStore.open(Path(tmp) / f"war-processes{n}.db")
                        async with store.transaction() as tx:
                            await tx.save_guild_settings(
                                GuildSettings(fake.guild.id, images=False), 0.0
                            )
                        await store.close()
                    before = len(fake.uploads)
                    sides[on] += await war_process_round(fake, Path(tmp), n, games, think)
                    uploads[on] += len(fake.uploads) - before
    finally:
        await fake.stop()
    report(sides, uploads, fake)


def report(sides: dict[bool, list[float]], uploads: dict[bool, int], fake: FakeDiscord) -> None:
    """Each side's answers, the ratio of the p50s, the 429s."""
    for on in (True, False):
        t = sides[on]
        print(
            f"pictures {'on ' if on else 'off'}: {len(t)} clicks, p50 {pct(t, 50):.2f} ms,"
            f" p99 {pct(t, 99):.2f} ms, {uploads[on]} pictures uploaded"
        )
    print(f"p50 on/off: {pct(sides[True], 50) / pct(sides[False], 50):.3f} (budget: at most 1.05)")
    print(f"429s answered by the fake: {len(fake.rate_limited)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=150, help="random steps per player count")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=3, help="War games per round")
    args = parser.parse_args()
    drawing(args.steps)
    asyncio.run(answers(args.rounds, args.games))
    asyncio.run(processes(args.rounds, args.games))


if __name__ == "__main__":
    main()
