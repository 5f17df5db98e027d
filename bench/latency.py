"""Every game under Discord's latency: are screens still the truth, and answers in time?

Through the fake Discord on loopback, with the real discord.py client, the production renderer
settings and Discord's rate limits, each REST request takes a latency each way (20-150 ms, and
300-800 ms one time in 20: ``FakeDiscord.latency``), so requests overlap and land in any order
the bot allows. Per game, a table of three (two for War and Spit) plays for ``--seconds`` with
every player pressing, every 0-0.4 s, a random enabled control on the table or on one of their
own latest private messages, as people tapping on phones would.

Prints per game: interactions answered, answer p50 / p99 (the fake's dispatch to the bot's
callback, latency included), and every problem found: a click not answered within 3 s, an
apology, an error in the log, an HTTP 429, the store disagreeing with its action log, and, once
play stops and the renderer is flushed, a table message or a player's newest private view that
does not show the store.

    .venv/bin/python bench/latency.py [--games war,pyramid] [--seconds 20] [--seeds a,b]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import pct  # noqa: E402
from bot.answer import APOLOGY  # noqa: E402
from bot.clock import SystemClock  # noqa: E402
from bot.games import GAMES  # noqa: E402
from bot.i18n import english  # noqa: E402
from bot.ui.common import WARNING  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.server import FakeMessage, FakeUser, iter_components  # noqa: E402
from tests.harness import TOKEN, Harness, open_table, realistic_budgets  # noqa: E402

RARE = ("end", "leave", "confirm", "again")  # pressed now and then, or every game ends at once


def controls(msg: FakeMessage) -> list[dict[str, Any]]:
    return [
        c for c in iter_components(msg.components) if "custom_id" in c and not c.get("disabled")
    ]


class Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "voice will NOT be supported" not in record.getMessage():
            self.records.append(record)


def shows(embed: dict[str, Any], want: str | None) -> bool:
    """Whether a private view's embed shows ``want``: the same, or with a refused tap's warning
    on top (``Screen.warned``: it stays until the game moves on, so the player reads it)."""
    shown = embed.get("description")
    if shown is None or want is None:
        return shown == want
    return shown == want or (shown.startswith(f"{WARNING} ") and shown.endswith(f"\n{want}"))


def latency(rnd: random.Random) -> tuple[float, float]:
    def way() -> float:
        return rnd.uniform(0.3, 0.8) if rnd.random() < 0.05 else rnd.uniform(0.02, 0.15)

    return way(), way()


async def play(game: str, seconds: float, seed: str) -> tuple[list[float], list[str]]:
    rnd, problems, times = random.Random(seed), [], []
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    fake.patch_discord()
    fake.discord_rate_limits()
    warnings = Warnings()
    logging.getLogger().addHandler(warnings)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            h = Harness(fake, Path(tmp) / "bench.db", SystemClock())
            await h.start_bot(render_interval=0.5, render_debounce=0.25, edit_budget=(5, 5.0))
            realistic_budgets(h)
            engine = GAMES[game].engine
            users = [
                fake.add_user(f"P{i}")
                for i in range(min(engine.max_players, max(engine.min_players, 3)))
            ]
            msg, tid = await open_table(h, game, users[0], users[1:])
            lag_rnd = random.Random(f"{seed}-latency")
            fake.latency = lambda: latency(lag_rnd)
            await h.click(users[0], msg, "start")
            views: dict[int, list[FakeMessage]] = {u.id: [] for u in users}
            stop = time.monotonic() + seconds

            async def player(user: FakeUser) -> None:
                while time.monotonic() < stop:
                    await asyncio.sleep(rnd.uniform(0.0, 0.4))
                    where = rnd.choice([msg, *[m for m in views[user.id][-2:] if not m.deleted]])
                    found = controls(where)
                    if not found:
                        continue
                    weights = [0.02 if c["custom_id"].split(":")[2] in RARE else 1.0 for c in found]
                    c = rnd.choices(found, weights)[0]
                    try:
                        if c["type"] == 2:
                            res = await fake.click(user, where, c["custom_id"])
                        else:
                            options = [o["value"] for o in c.get("options", [])]
                            low = c.get("min_values", 1)
                            high = min(c.get("max_values", 1), len(options))
                            picked = rnd.sample(options, rnd.randint(low, high))
                            res = await fake.select(user, where, c["custom_id"], picked)
                        await h.answered(res)
                    except AssertionError as err:  # gone under the thumb: Discord sends nothing
                        if "never answered" in str(err):
                            problems.append(str(err)[:200])
                        continue
                    times.append(res.latency * 1000)
                    if not res.ok or res.latency > 3.0:
                        problems.append(f"answered late or not at all: {res!r}")
                    for m in [res.message, *res.followups]:
                        if m is None:
                            continue
                        if english(APOLOGY) in m.text:
                            problems.append(f"an apology: {m.text[:150]}")
                        if m.ephemeral and m.audience == user.id and m not in views[user.id]:
                            views[user.id].append(m)

            await asyncio.gather(*(player(u) for u in users))
            fake.latency = None
            await asyncio.sleep(1.0)  # the last requests land
            await h.bot.renderer.flush()
            table = await h.service.get(tid)
            assert table is not None
            if table.state is not None and await h.service.replay(tid) != table.state:
                problems.append("the store and its action log disagree")
            shown = fake.message(msg).current["embeds"][0]["description"]
            if shown != h.bot.renderer.draw(table).embed.description:
                problems.append(f"the table message is behind the store: {shown[:150]!r}")
            for user in users:
                seat = table.seat_of(user.id)
                live = [m for m in views[user.id] if not m.deleted]
                if table.status != "playing" or seat is None or not live:
                    continue
                embed = (live[-1].current.get("embeds") or [{}])[0]
                want = h.bot.renderer.draw_private(table, seat).embed.description
                if "Your" in (embed.get("title") or "") and not shows(embed, want):
                    problems.append(f"{user.name}'s private view is behind the store")
            problems += [f"log: {r.getMessage()[:150]}" for r in warnings.records]
            if fake.rate_limited:
                problems.append(f"HTTP 429s: {len(fake.rate_limited)}")
            await h.stop_bot()
    finally:
        logging.getLogger().removeHandler(warnings)
        await fake.stop()
    return times, problems


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", default=",".join(sorted(GAMES)))
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seeds", default="a")
    args = parser.parse_args()
    total = 0
    for game in args.games.split(","):
        for seed in args.seeds.split(","):
            times, problems = await play(game, args.seconds, f"{game}-{seed}")
            total += len(problems)
            print(
                f"{game:12} seed {seed}: {len(times)} answered, p50 {pct(times, 50):.0f} ms, "
                f"p99 {pct(times, 99):.0f} ms, {len(problems)} problems",
                flush=True,
            )
            for p in problems[:5]:
                print(f"    {p}")
    print(f"problems in all: {total}")


if __name__ == "__main__":
    asyncio.run(main())
