"""Whole Pyramid games through the fake Discord: taps, answer times and REST calls.

Players take their look and switch auto-pass on in it (one tap each, for the whole game), lay
every card they hold a match for (two or more with the table's select), give with one choice
(shared by the next two players at the table, or a tap for one sip), lay one wrong card each,
and never tap Pass: a card closes by itself once the auto-pass clock has run out. Then the
explorer turns cards. The renderer runs with the production settings (at most one table edit a
second). Also the public table's size on a phone over whole scripted games of 2-10 players
(tests/e2e/test_pyramid_e2e.py plays them).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import pct  # noqa: E402
from bot.clock import ManualClock  # noqa: E402
from bot.engines.pyramid import AUTOPASS_SECONDS  # noqa: E402
from tests.e2e.test_pyramid_e2e import Measured  # noqa: E402
from tests.fakediscord import FakeDiscord, Request  # noqa: E402
from tests.harness import TOKEN, Harness, open_table  # noqa: E402

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
TURNED = 21  # cards turned in the claim phase


@dataclass
class Taps:
    """In-game interactions, by what they did."""

    kinds: Counter[str] = field(default_factory=Counter)
    gives: int = 0  # right lays that opened a give panel
    waited: float = 0.0  # seconds of auto-pass clock the cards waited
    private: float = 0.0  # new private messages per player in the game

    def per_card(self) -> float:
        return sum(self.kinds.values()) / TURNED


async def play_pyramid(
    h: Harness, tag: str = "", players: int = 10, taps: Taps | None = None
) -> tuple[int, list[Request]]:
    """One whole game of ``players`` on ``h``'s bot (clock: a ManualClock).

    Returns the index in ``h.results`` of the first in-game click (the looks; the lobby and
    the start are before it) and the REST requests of the claim phase; ``taps`` counts the
    players' in-game interactions (looks and the explorer's cards left out)."""
    fake = h.fake
    taps = taps if taps is not None else Taps()
    people = [fake.add_user(n + tag) for n in NAMES[:players]]
    msg, tid = await open_table(h, "pyramid", people[0], people[1:])
    await h.click(people[0], msg, "start")
    table = await h.service.get(tid)
    by_seat = {table.seat_of(p.id): p for p in people}
    first = len(h.results)
    for p in people:  # everyone takes their look, and switches auto-pass on in it
        look = (await h.click(p, msg, "peek")).message
        await h.click(p, look, "auto")
        taps.kinds["auto-pass"] += 1
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
                if len(match) > 1:
                    res = await h.select(p, msg, "lay:._", [str(n) for n in match])
                    taps.kinds["lay several"] += 1
                else:
                    res = await h.click(p, msg, f"lay:{match[0]}")
                    taps.kinds["lay"] += 1
                give = res.message
                taps.gives += 1
                left = sum(g.left for g in table.state.gives if g.giver == seat)
                others = [(seat + k) % players for k in (1, 2)]
                if left == 1:
                    await h.click(p, give, f"give:{others[0]}.1")
                else:
                    await h.select(p, give, "give:..._", [str(s) for s in others])
                taps.kinds["give"] += 1
            elif seat not in wrong and any(hand) and seat % 3 == i % 3:
                await h.click(p, msg, f"lay:{next(n + 1 for n, c in enumerate(hand) if c)}")
                taps.kinds["lay"] += 1
                wrong.add(seat)
        if table.state.phase == "claim" and table.state.index == i:  # the auto-pass clock
            h.clock.advance(AUTOPASS_SECONDS)
            taps.waited += AUTOPASS_SECONDS
            await h.service.fire_due()
        assert table.state.index > i or table.state.phase != "claim"
        await h.bot.renderer.flush()
    claim_requests = fake.requests[start:]
    while table.state.phase == "explore":
        await h.click(by_seat[table.state.explorer], msg, "explore")
    await h.bot.renderer.flush()
    return first, claim_requests


async def games(sizes: tuple[int, ...]) -> list[tuple[Taps, list[float], list[Request], int]]:
    """One game of each size on one bot: the taps, the answer times (ms), the claim phase's
    REST requests and the table-message edits of each."""
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    fake.patch_discord()
    out = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            h = Harness(fake, Path(tmp) / "bench.db", ManualClock())
            await h.start_bot(render_interval=1.0, render_debounce=0.25, seeds=lambda: "bench")
            for k, players in enumerate(sizes):
                taps = Taps()
                edits0, first = h.bot.renderer.stats.edits, len(h.results)
                _, claim = await play_pyramid(h, tag=f"-{k}", players=players, taps=taps)
                mine = h.results[first:]
                lat = [r.latency * 1000 for r in mine]
                # private messages: answers that were a new ephemeral message (a look, a give
                # panel, a refusal), not updates of one
                taps.private = sum(1 for r in mine if r.ephemeral and r.type == 4) / players
                out.append((taps, lat, claim, h.bot.renderer.stats.edits - edits0))
            await h.stop_bot()
    finally:
        await fake.stop()
    h.assert_clean()
    return out


async def screens() -> dict[str, Measured]:
    """The public table in play over scripted whole games of 2-10 players (the test's games),
    with names of 3-8 characters and of 12."""
    from bot.engines import ENGINES
    from bot.store import Store
    from bot.tables import TableService
    from tests.e2e.test_pyramid_e2e import LONG_NAMES, PHONE_NAMES, scripted_game

    out: dict[str, Measured] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "screens.db")
        clock = ManualClock()
        try:
            service = TableService(store, ENGINES, clock)
            for label, names in (("names of 2-8 letters", PHONE_NAMES), ("of 12", LONG_NAMES)):
                for convo in (False, True):
                    m = out.setdefault(f"{label}{', convo' if convo else ''}", Measured())
                    for players in range(2, 11):
                        seed = f"phone-{players}-{convo}"
                        game = await scripted_game(service, clock, players, convo, seed, names)
                        m.lines += game.lines
                        m.size += game.size
                        m.drawing = max(m.drawing, game.drawing)
        finally:
            await store.close()
    return out


async def main() -> None:
    sizes = (3, 10)
    for players, (taps, lat, claim_requests, edits) in zip(sizes, await games(sizes), strict=True):
        kinds = ", ".join(f"{k} {n / TURNED:.2f}" for k, n in sorted(taps.kinds.items()))
        print(
            f"{players} players: taps per turned card {taps.per_card():.2f} ({kinds}; "
            f"Pass 0.00); taps per give {taps.kinds['give'] / max(1, taps.gives):.2f}; "
            f"cards waited {taps.waited / TURNED:.1f} s each for the auto-pass clock; "
            f"{taps.private:.1f} private messages per player"
        )
        print(
            f"  {len(lat)} interactions, answer time median {statistics.median(lat):.1f} ms, "
            f"p99 {pct(lat, 99):.1f} ms, max {max(lat):.1f} ms"
        )
        if players == 10:
            routes = Counter(f"{r.method} {r.route_template}" for r in claim_requests)
            print(
                f"  REST calls per turned card: {len(claim_requests) / TURNED:.1f} in all "
                f"({edits / TURNED:.2f} table-message edits); by route:"
            )
            for route, n in routes.most_common():
                print(f"    {n / TURNED:6.2f}  {route}")
    print("Public table in play, scripted whole games of 2-10 players (tests/e2e):")
    for label, m in (await screens()).items():
        written = [lines for lines, _ in m.size]
        chars = [chars for _, chars in m.size]
        print(
            f"  {label}: {len(m.lines)} screens; on a phone at most {max(m.lines)} lines "
            f"(median {statistics.median(m.lines):.0f}); with the footer at most "
            f"{max(written)} lines as written (median {statistics.median(written):.0f}) and "
            f"{max(chars)} characters (median {statistics.median(chars):.0f}); drawing "
            f"{m.drawing} columns"
        )


if __name__ == "__main__":
    asyncio.run(main())
