"""A whole 10-player Pyramid game through the fake Discord: answer times and REST calls.

Players lay every card they hold a match for (giving the sips away with the split buttons),
one wrong card per player, pass otherwise, then explore. The renderer runs with the
production settings (at most one table edit a second).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import pct  # noqa: E402
from bot.clock import ManualClock  # noqa: E402
from tests.fakediscord import FakeDiscord, Request  # noqa: E402
from tests.harness import TOKEN, Harness, open_table  # noqa: E402

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
TURNED = 21  # cards turned in the claim phase


async def play_pyramid(h: Harness, tag: str = "") -> tuple[int, list[Request]]:
    """One whole 10-player game on ``h``'s bot (clock: a ManualClock).

    Returns the index in ``h.results`` of the first in-game click (the looks; the lobby and
    the start are before it) and the REST requests of the claim phase."""
    fake = h.fake
    players = [fake.add_user(n + tag) for n in NAMES]
    msg, tid = await open_table(h, "pyramid", players[0], players[1:])
    await h.click(players[0], msg, "start")
    table = await h.service.get(tid)
    by_seat = {table.seat_of(p.id): p for p in players}
    first = len(h.results)
    for p in players:  # everyone takes their look, then the looks run out
        await h.click(p, msg, "peek")
    h.clock.advance(15)
    await h.service.fire_due()
    await h.rendered(lambda: "Lay card 1" in msg.text, "the first card to be turned")
    start = len(fake.requests)
    wrong: set[int] = set()
    while table.state.phase == "claim":
        i, rank = table.state.index, table.state.pyramid[table.state.index].rank
        for seat, p in by_seat.items():
            hand = table.state.hands[seat]
            match = [n + 1 for n, c in enumerate(hand) if c and c.rank == rank]
            if match:
                res = await h.click(p, msg, f"lay:{match[0]}")
                give = res.message
                others = [s for s in by_seat if s != seat]
                await h.click(p, give, f"give:{others[0]}.1")
                if any(g["giver"] == seat for g in table.engine.view(table.state, None)["gives"]):
                    await h.select(p, give, "give:_", [str(others[1])])
            elif seat not in wrong and any(hand) and seat % 3 == i % 3:
                await h.click(p, msg, f"lay:{next(n + 1 for n, c in enumerate(hand) if c)}")
                wrong.add(seat)
            elif table.state.window_open and table.state.index == i:
                await h.click(p, msg, "pass")
        await h.bot.renderer.flush()
    claim_requests = fake.requests[start:]
    while table.state.phase == "explore":
        await h.click(by_seat[table.state.explorer], msg, "explore")
    await h.bot.renderer.flush()
    return first, claim_requests


async def main() -> None:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    fake.patch_discord()
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(fake, Path(tmp) / "bench.db", ManualClock())
        await h.start_bot(render_interval=1.0, render_debounce=0.25, seeds=lambda: "bench-10")
        edits0 = h.bot.renderer.stats.edits
        _, claim_requests = await play_pyramid(h)
        table_edits = h.bot.renderer.stats.edits - edits0  # includes the explore phase
        await h.stop_bot()
    await fake.stop()
    h.assert_clean()
    lat = [r.latency * 1000 for r in h.results]
    kinds = Counter(f"{r.method} {r.route_template}" for r in claim_requests)
    edits = table_edits  # through the message's interaction token or the channel
    print(
        f"10-player Pyramid through the fake Discord: {len(lat)} interactions, answer time median "
        f"{statistics.median(lat):.1f} ms, p99 {pct(lat, 99):.1f} ms, max {max(lat):.1f} ms"
    )
    print(
        f"REST calls per turned card: {len(claim_requests) / TURNED:.1f} in all "
        f"({edits / TURNED:.2f} table-message edits); by route:"
    )
    for route, n in kinds.most_common():
        print(f"  {n / TURNED:6.2f}  {route}")


if __name__ == "__main__":
    asyncio.run(main())
