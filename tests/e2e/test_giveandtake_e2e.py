"""Four players play a whole Give & Take game through the fake Discord, with a restart mid-fight."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from bot.clock import ManualClock
from bot.engines.giveandtake import ENGINE, Go
from bot.i18n import english, speaking
from bot.tables import DOUBLE_TAP, Change, TableError
from bot.ui import giveandtake as ui
from tests.e2e.conftest import Harness, open_table, seeded_harness
from tests.engines.test_giveandtake import make
from tests.phone import assert_fits_phone, long_named_table, table_text

# With this seed and every capture put under the smaller pile (the give pile when equal): Cy
# captures turn 1; turn 4 is a fight between Bo and Cy, which Bo wins on turn 5; Ana (the host)
# and Cy run out on turn 6 and share 3rd; Ana still cues from outside the ring (the table on
# every other turn, letting its clock run out); Di can't play on in the
# fight of turn 38 and is 2nd; Bo is the last one standing.
SEED = "gt-25"
CARD = re.compile(r"(?:10|[2-9JQKA])[\u2663\u2666\u2665\u2660]")


harness = seeded_harness(SEED)


class Watch:
    """Every card that has lain face up (turned or a leftover), seen after every change, and
    the check that no message ever showed a pile card that had not."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.exposed: set[str] = set()
        self.checked: set[tuple[int | None, str]] = set()
        self.attach()

    def attach(self) -> None:  # again after a restart: a new bot has a new service
        self.h.service.listeners.append(self.seen)

    def seen(self, change: Change) -> None:
        table = change.table
        if table.state is None:
            return
        v = table.engine.view(table.state, None)
        self.exposed |= {c.label for c in v["leftovers"]}
        for flip in v["rounds"]:
            self.exposed |= {d[k].label for d in flip for k in ("take", "give")}

    async def leaks(self, table) -> list[str]:
        await self.h.bot.renderer.flush()
        never_turned = {c.label for c in table.engine.hidden(table.state, None)} - self.exposed
        found = []
        for audience, text in self.h.fake.everything_shown():
            if (audience, text) in self.checked:
                continue
            self.checked.add((audience, text))
            found += [f"{c} shown to {audience or 'everyone'}" for c in CARD.findall(text)]
        return [f for f in found if f.split()[0] in never_turned]


async def seat_players(h: Harness, names: tuple[str, ...]):
    players = [h.fake.add_user(n) for n in names]
    msg, tid = await open_table(h, "giveandtake", players[0], players[1:])
    assert "Give & Take" in msg.text
    return players, msg, tid


def smaller_is_take(v) -> bool:
    me = v["players"][v["capturer"]]
    return me["take"] < me["give"]


async def test_four_players_play_to_the_end_with_a_restart_mid_fight(harness: Harness):
    h, fake = harness, harness.fake
    watch = Watch(h)
    (ana, bo, cy, di), msg, tid = await seat_players(h, ("Ana", "Bo", "Cy", "Di"))
    eve = fake.add_user("Eve")
    res = await h.click(bo, msg, "start")
    assert res.ephemeral and "Only the host can start" in res.message.text
    res = await h.click(ana, msg, "start")
    assert res.in_place and "go" in h.verbs(msg)
    table = await h.service.get(tid)
    by_seat = {table.seat_of(p.id): p for p in (ana, bo, cy, di)}
    assert [by_seat[s] for s in range(4)] == [ana, bo, cy, di]  # the ring is the join order
    assert msg.text.count("give 6 · take 6") == 4
    spares = table.state.face_down  # the deal's spares: in the centre, face down, only counted
    assert len(spares) == 4 and "Leftovers: 4 face down" in msg.text
    assert not any(card.label in json.dumps(msg.current, ensure_ascii=False) for card in spares)
    assert "**Ana** cues turn 1: **Go!**" in msg.text
    assert await watch.leaks(table) == []

    # the director cues: only the host; somebody not playing gets a plain answer too
    res = await h.click(bo, msg, "go")
    assert res.ephemeral and res.message.text == "Only the host can do that."
    res = await h.click(eve, msg, "go")
    assert res.ephemeral and "not playing at this table" in res.message.text
    res = await h.click(ana, msg, "go")
    assert res.in_place and "**Cy** captures **12 cards**" in msg.text
    assert "J\u2666\u2013Q\u2666 = **1** \u2b50" in msg.text  # Cy's duet: her J, Bo's Q
    assert "pile" in h.verbs(msg) and "go" not in h.verbs(msg)
    res = await h.click(bo, msg, "pile:0")  # not his capture
    assert res.ephemeral and res.message.text == "Only the capturer chooses the pile."

    seat_view = None
    timed_out = restarted = False
    steps = 0
    while table.status == "playing":
        steps += 1
        assert steps < 200
        v = table.view()
        if v["phase"] == "pile":
            who = by_seat[v["capturer"]]
            if v["turn"] == 9 and not timed_out:  # let one pile clock run out
                due = table.deadline(v["clock"])
                h.clock.advance(due - h.clock.now())
                await h.service.fire_due()
                timed_out = True
                await h.rendered(lambda: "ran out of time" in msg.text, "the pile timeout")
            elif v["turn"] == 5 and seat_view is not None:  # Bo chooses in his own view
                view = seat_view
                await h.rendered(lambda view=view: "You capture **16 cards**" in view.text)
                res = await h.click(bo, view, "pile:0")
                assert res.in_place and "pile" not in h.verbs(view)
            else:
                res = await h.click(who, msg, f"pile:{int(smaller_is_take(v))}")
                assert res.in_place
        elif table.seat_of(ana.id) in v["ring"]:
            res = await h.click(ana, msg, "go")
            assert res.in_place
        else:  # the host is out of the ring and still directs (or the table after 10 s)
            assert "go" in h.verbs(msg) and "**Ana** cues turn" in msg.text
            if v["turn"] % 2:
                res = await h.click(ana, msg, "go")
                assert res.in_place
            else:
                h.clock.advance(table.deadline(v["clock"]) - h.clock.now())
                await h.service.fire_due()
        v = table.view()
        if v["fight"] and v["turn"] == 4 and not restarted:
            assert "\u2694\ufe0f **Fight!** A tie at 1" in msg.text
            assert "everyone turns again for it all (8 cards so far)" in msg.text
            tied = [line for line in msg.text.splitlines() if line.endswith("\u2694\ufe0f")]
            assert [line.split()[0] for line in tied] == ["**Bo**", "**Cy**"]
            seat_view = (await h.click(bo, msg, "seat")).message
            assert seat_view.ephemeral and "Your duet: 7\u2665\u20136\u2660 = **1**" in (
                seat_view.text
            )
            assert await watch.leaks(table) == []  # (this flushes the renderer too)
            await h.bot.wait_until_ready()  # else discord.py's delayed "ready" outlives the bot
            await h.stop_bot()
            h.clock.advance(3)  # down for three seconds: the cue clock still runs
            await h.start_bot(seeds=lambda: SEED)
            watch.attach()
            restarted = True
            table = await h.service.get(tid)
            assert table.view()["fight"] and "go" in h.verbs(msg)  # old buttons: next loop
        if v["turn"] == 6 and v["phase"] == "cue" and not v["fight"]:
            assert "\u2716\ufe0f Out: **Ana** 3rd · **Cy** 3rd" in msg.text
            assert "**Ana** and **Cy** ran out of a pile and are out, sharing 3rd." in msg.text
            mine = (await h.click(ana, msg, "seat")).message
            assert "You're out: **3rd place**" in mine.text  # and still the host:
            assert h.verbs(mine) == ["go", "last_call"] and "You cue turn 7" in mine.text
        assert await watch.leaks(table) == [], v["turn"]
    assert restarted and timed_out

    assert table.status == "ended" and "is over" in msg.text
    assert msg.custom_ids() == [
        f"giveandtake:{table.id}:again",
        f"replay:{table.id}:step:0",
        f"replay:{table.id}:record",
    ]
    for line in (
        "**Bo** is the last one standing and wins!",
        "1st: **Bo** (last one standing)",
        "2nd: **Di** (out on turn 38)",
        "3rd: **Ana** (out on turn 6)",
        "3rd: **Cy** (out on turn 6)",
        "Played 38 turns.",
    ):
        assert line in msg.text
    assert SEED in msg.text  # the seed at the end
    assert await watch.leaks(table) == []

    # /tally: the win on the board (by wins: nobody drank), the places in a breakdown
    board = (await h.slash(eve, "tally")).message.text
    assert "1. Bo: 0 sips · 1 game, **1 win**" in board and "By wins." in board
    assert "Ana: 0 sips · 1 game, **0 wins**" in board
    for who, best in ((bo, "1st, average 1.0"), (di, "2nd, average 2.0"), (cy, "3rd")):
        text = (await h.slash(eve, "tally", options={"user": who})).message.text
        assert "Give & Take" in text and f"best place {best}" in text
    h.assert_clean()


async def test_the_host_calls_last_call_from_their_seat(harness: Harness):
    h = harness
    watch = Watch(h)
    (ana, bo, cy), msg, tid = await seat_players(h, ("Ana", "Bo", "Cy"))
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    res = await h.click(ana, msg, "go")
    v = table.view()
    assert v["phase"] == "pile"
    who = {table.seat_of(p.id): p for p in (ana, bo, cy)}[v["capturer"]]
    await h.click(who, msg, f"pile:{int(smaller_is_take(v))}")
    # only the host sees Last call, in their own view; the table refuses anybody else
    bo_view = (await h.click(bo, msg, "seat")).message
    assert "last_call" not in h.verbs(bo_view) and "go" not in h.verbs(bo_view)
    with pytest.raises(TableError, match="table-host-only"):
        await h.service.act(tid, bo.id, {"type": "last_call"})
    ana_view = (await h.click(ana, msg, "seat")).message
    assert "Last call" in ana_view.text and "go" in h.verbs(ana_view)
    # one tap away from Go! and it ends the game for everyone: the table asks first
    res = await h.click(ana, ana_view, "last_call")
    assert res.ephemeral and not res.in_place and table.status == "playing"
    question = res.message
    assert "Call last call? The game ends now" in question.text
    assert question.custom_ids() == [f"giveandtake:{tid}:confirm:last_call"]
    res = await h.click(ana, question, "confirm")
    assert res.in_place and res.message.text == "Done: last call."
    await h.rendered(lambda: "is over" in msg.text and "is over" in ana_view.text)
    assert "The host called last call: most cards wins." in msg.text
    final = table.results()
    for o in final.outcomes:
        name = table.user_at(o.seat).name
        assert re.search(rf"\d(st|nd|rd|th): \*\*{name}\*\* \(\d+ cards\)", msg.text)
    assert await watch.leaks(table) == []
    first = next(o for o in final.outcomes if o.place == 1)
    winner = table.user_at(first.seat)
    text = (await h.slash(ana, "tally", options={"user": h.fake.user(winner.user_id)})).message.text
    assert "best place 1st" in text
    h.assert_clean()


async def test_everyone_out_at_once_most_cards_wins_and_equal_most_is_a_draw(fake, tmp_path):
    # gt-79: on turn 6 nobody can turn again; Bo and Cy hold 16 cards each, Ana 12, Di 8
    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot(seeds=lambda: "gt-79")
    try:
        watch = Watch(h)
        players, msg, tid = await seat_players(h, ("Ana", "Bo", "Cy", "Di"))
        await h.click(players[0], msg, "start")
        table = await h.service.get(tid)
        while table.status == "playing":
            v = table.view()
            if v["phase"] == "pile":
                who = players[v["capturer"]]
                await h.click(who, msg, f"pile:{int(smaller_is_take(v))}")
            else:
                await h.click(players[0], msg, "go")
            assert await watch.leaks(table) == []
        assert "is over" in msg.text
        for line in (
            "On turn 6 everyone still in had an empty pile at once: most cards wins. "
            "A draw between **Bo** and **Cy**.",
            "1st: **Bo** (16 cards)",
            "1st: **Cy** (16 cards)",
            "3rd: **Ana** (12 cards)",
            "4th: **Di** (8 cards)",
        ):
            assert line in msg.text
        text = (await h.slash(players[0], "tally", options={"user": players[2]})).message.text
        assert "best place 1st" in text and "0 wins" in text  # a shared first is a draw
        h.assert_clean()
    finally:
        await h.stop_bot()


FIGHT_SEED = "fight-4"  # three players: turn 1 is a fight (Ana and Cy), and so is turn 2


async def test_a_double_tap_on_go_in_a_fight_flips_once_and_the_second_press_is_refused(
    fake, tmp_path
):
    """Two clicks on Go! at once (a double tap: two interactions) cue one flip; the second is
    told plainly, and privately, that the turn is already cued."""
    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot(seeds=lambda: FIGHT_SEED)
    try:
        (ana, bo, cy), msg, tid = await seat_players(h, ("Ana", "Bo", "Cy"))
        await h.click(ana, msg, "start")
        table = await h.service.get(tid)
        res = await h.click(ana, msg, "go")
        assert res.in_place and table.view()["fight"] and table.view()["turn"] == 1
        go = h.custom_id(msg, "go")
        assert go == f"giveandtake:{tid}:go:2"  # the flip this Go! cues
        mine = (await h.click(ana, msg, "seat")).message
        assert h.custom_id(mine, "go") == go  # her own view's Go! cues the same flip
        a, b = await asyncio.gather(fake.click(ana, msg, go), fake.click(ana, msg, go))
        a, b = await h.record(a), await h.record(b)
        assert table.view()["turn"] == 2 and table.view()["fight"]  # one flip, still a fight
        log = [english(line) for line in table.row.log]
        assert [line.split(":")[0] for line in log if line.startswith("Turn ")] == [
            "Turn 1",
            "Turn 2, fight flip 2",
        ]
        flipped, refused = sorted((a, b), key=lambda r: r.ephemeral)
        assert flipped.in_place and "**Ana** cues turn 3" in msg.text
        # her own first tap did it: said so (the engine's words, "Turn 2 is already cued.",
        # are for a press whose flip somebody else's cue or the clock made)
        assert refused.ephemeral and refused.message.text == english(DOUBLE_TAP)
        assert h.custom_id(msg, "go") == f"giveandtake:{tid}:go:3"
        h.assert_clean()
    finally:
        await h.stop_bot()


async def play_whole_game(store, clock, players: int, seed: str) -> tuple[list[str], int, int]:
    """A whole game with 12-character names: the host cues, capturers choose a pile at random,
    and on every 11th move from the 3rd a clock runs out instead (a cue, or a pile: a strike). Returns the public
    table's text after every move in play, the turns played and the timeouts."""
    import random

    from bot.engines.giveandtake import Go, Pile

    service, t = await long_named_table(store, clock, "giveandtake", players, seed)
    rng = random.Random(seed)
    shown, steps, timeouts = [table_text(t)], 0, 0
    while t.status == "playing":
        steps += 1
        assert steps < 1000
        v = t.view()
        if steps % 11 == 3 or (v["phase"] == "cue" and 0 not in v["ring"]):
            timeouts += steps % 11 == 3
            clock.advance(t.deadline(v["clock"]) - clock.now())
            await service.fire_due()
        elif v["phase"] == "pile":
            await service.act(t.id, 100 + v["capturer"], Pile(take=rng.random() < 0.5))
        else:
            await service.act(t.id, 100, Go())
        if t.status == "playing":
            shown.append(table_text(t))
    assert t.view()["over"]
    return shown, t.view()["turn"], timeouts


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
async def test_the_public_table_fits_a_phone_over_whole_games(store, clock, players, lang):
    """At most 12 lines and 600 characters with 12-character names (issue 8), in English and in
    Swedish, measured after every move of whole games (several, where games are short), clocks
    running out now and then."""

    shown: list[str] = []
    turns = timeouts = 0
    seeds = [f"phone-{players}-{n}" for n in range(1 if players == 2 else 4)]
    with speaking(lang):
        for seed in seeds:
            texts, n, out = await play_whole_game(store, clock, players, seed)
            shown += texts
            turns += n
            timeouts += out
    assert timeouts >= 1
    assert_fits_phone(
        shown,
        f"Give & Take ({lang}), {players} players: {len(seeds)} games, {turns} turns, "
        f"{timeouts} timeouts",
    )


async def test_a_pile_choice_that_would_put_the_capturer_out_says_so(store, clock):
    """Ana turns her last give card and captures: under her take pile, her give pile stays
    empty and she is out at the next turn. That button says so (one tap decided it, unwarned);
    the safe one does not."""
    service, t = await long_named_table(store, clock, "giveandtake", 2, "out-warning")
    t.state = make(give=["5D", "9S 4C"], take=["5H 2C 3C", "KH 7C"])
    t.state, _ = ENGINE.apply(t.state, 0, Go())  # Ana's 5♥–9♠ = 4 beats Bo's K♥–5♦ = 8
    assert t.state.phase == "pile" and t.state.capturer == 0 and not t.state.give[0]
    for screen, warning in ((ui.public(t), "out!"), (ui.private(t, 0), "you go out!")):
        labels = [b.label for row in screen.rows if isinstance(row, list) for b in row]
        assert "Under give pile (0)" in labels[0] or "Under my give pile (0)" in labels[0]
        assert labels[1].endswith(f"take pile (2): {warning}"), labels
