"""The Devil's Tarok through the fake Discord: a whole game to 666, hand after hand."""

from __future__ import annotations

import asyncio
import re
import statistics
import time
from collections import Counter

import pytest

from bot.engines.base import Leave
from bot.engines.cards import TarotCard
from bot.engines.tarok import ENGINE, Play, card_id
from bot.i18n import english, speaking
from bot.tables import DOUBLE_TAP
from bot.ui.common import body_text
from tests.e2e.conftest import seeded_harness
from tests.engines.test_tarok import cards, make, play
from tests.fakediscord import FakeMessage, iter_components
from tests.harness import Harness, open_table
from tests.phone import assert_fits_phone, long_named_table, table_text

SEED = "tarok-e2e-4"  # four players, first playable card each time: three hands to 666
SECONDS = 30


harness = seeded_harness(SEED)


async def ready(h: Harness) -> None:
    """Wait for discord.py's on_ready (dispatched up to 2 s after the gateway's READY): a bot
    stopped before it leaves an unstarted ``_run_event`` coroutine behind (a RuntimeWarning)."""
    if h.bot is not None:
        await h.bot.wait_until_ready()


async def open_tarok(h: Harness, names, **options):
    """Everyone sits down through the UI (rules consent on the first join); the host starts."""
    players = [h.fake.add_user(n) for n in names]
    msg, tid = await open_table(h, "tarok", players[0], players[1:], **options)
    assert "The Devil's Tarok" in msg.text and "Seconds per card" in msg.text
    res = await h.click(players[0], msg, "start")
    assert res.in_place and "My hand" in msg.text
    table = await h.service.get(tid)
    return players, msg, table


def playable(msg: FakeMessage) -> list[str]:
    """The card ids of the enabled card buttons on a private view, in button order."""
    out = []
    for c in iter_components(msg.components):
        parts = c.get("custom_id", "").split(":")
        if parts[2:3] == ["play"] and not c.get("disabled"):
            out.append(parts[3])
    return out


def card_buttons(msg: FakeMessage) -> list[str]:
    return [cid.split(":")[3] for cid in msg.custom_ids() if cid.split(":")[2] == "play"]


def marks(card: TarotCard) -> list[str]:
    """How a card can be written on a message. A Major's bare name ("The Devil") is also in
    the game's title and the rules, so Majors are looked for by their label ("XV The Devil")."""
    return [card.label] if card.is_major else [card.label, card.name]


def leaks(h: Harness, table, since: Counter, held: dict[int, list[TarotCard]] | None = None):
    """Cards hidden from a viewer now that a message shown to them this hand named.

    Only this hand's messages count: every card is shuffled again at the next deal. ``held``:
    the hands players had when they left (out of play now, but they saw them).
    """
    found = []
    shown = Counter(h.fake.everything_shown()) - since
    hidden_for: dict[int | None, list[tuple[TarotCard, str]]] = {}
    for audience, text in shown:
        row = None if audience is None else table.seat_row(audience)
        viewer = None if row is None else row.seat
        if viewer not in hidden_for:
            hidden = set(table.engine.hidden(table.state, viewer))
            hidden -= set((held or {}).get(viewer, []))
            hidden_for[viewer] = [(c, m) for c in hidden for m in marks(c)]
        found += [
            f"{m} shown to {audience or 'everyone'}" for c, m in hidden_for[viewer] if m in text
        ]
    return found


def longest_table(msg: FakeMessage) -> tuple[int, int]:
    """The most lines and characters any in-play version of the table's description had."""
    sizes = [(0, 0)]
    for version in msg.versions:
        embeds = version.get("embeds") or [{}]
        desc = embeds[0].get("description", "")
        if "My hand" in str(version.get("components")):  # in play
            sizes.append((len(desc.splitlines()), len(desc)))
    return max(s[0] for s in sizes), max(s[1] for s in sizes)


async def test_four_players_play_a_whole_game_to_666_with_a_restart(harness: Harness):
    h, fake = harness, harness.fake
    started = time.monotonic()
    players, msg, table = await open_tarok(h, ("Ana", "Bo", "Cy", "Dee"), play_seconds=SECONDS)
    tid = table.id
    by_seat = {table.seat_of(p.id): p for p in players}
    v = table.view()
    assert f"dealer **{table.user_at(v['dealer']).name}**" in msg.text
    assert "draw pile 18 cards" in msg.text  # 78 - 4 x 15
    leader = table.user_at(v["turn"]).name
    assert re.search(
        rf"\*\*{leader}\*\* leads the next trick from \*\*My hand\*\*, time runs out <t:\d+:R>",
        msg.text,
    )
    assert "**Ana**: 15 · **0** (+0)" in msg.text and "first to 666 wins" in msg.text

    # everyone opens their hand: sorted, only for them, playable cards enabled on their turn
    views: dict[int, FakeMessage] = {}
    for seat, p in by_seat.items():
        res = await h.click(p, msg, "seat")
        assert res.ephemeral and res.message.audience == p.id
        views[seat] = res.message
        hand = table.view(seat)["hand"]
        assert card_buttons(res.message) == [str(x["id"]) for x in hand]
        assert [x["card"] for x in hand] == sorted(x["card"] for x in hand)
        expect = [str(x["id"]) for x in hand] if seat == v["turn"] else []
        assert playable(res.message) == expect
    lead = views[v["turn"]].text
    assert "**Your lead**" in lead and re.search(r"Time runs out <t:\d+:R>, then", lead)
    assert leaks(h, table, Counter()) == []  # every message so far
    hand_start = Counter(fake.everything_shown())  # later checks look at what came after

    latencies: list[float] = []
    timeouts = checks = actions = must_follow = 0
    restarted_at: int | None = None
    hands_seen = {1}

    async def acted(v: dict, before: Counter | None) -> None:
        """After a card: if it ended the hand, the next dealer deals and the table says so."""
        nonlocal hand_start
        new = table.view()
        if table.status == "playing" and new["hand_no"] != v["hand_no"]:
            assert before is not None  # foreseen
            hands_seen.add(new["hand_no"])
            assert new["dealer"] == (v["dealer"] + 1) % 4 and new["pile"] == 18
            dealer = table.user_at(new["dealer"]).name
            await h.rendered(
                lambda: f"Hand {v['hand_no']}: " in msg.text and f"dealer **{dealer}**" in msg.text,
                "the hand's summary and the new dealer on the table",
            )
            hand_start = before

    while table.status == "playing":
        v = table.view()
        seat, p = v["turn"], by_seat[v["turn"]]
        mine = views[seat]
        legal = [str(card_id(c)) for c in table.engine.legal_cards(table.state, seat)]
        others = [views[s] for s in views if s != seat]
        await h.rendered(
            lambda: playable(mine) == legal and not any(playable(o) for o in others),  # noqa: B023
            f"{p.name}'s playable cards to light up, and nobody else's",
        )
        must_follow += len(legal) < len(card_buttons(mine))  # some cards greyed out
        # before the card that ends a hand (the pile gone, a trick's last card, someone's last
        # card), check this hand and remember what was shown: the next hand's check starts there
        ends_hand = (
            v["pile"] == 0
            and len(v["trick"]) == sum(v["active"]) - 1
            and any(v["hand_sizes"][s] - (s == seat) == 0 for s in by_seat if v["active"][s])
        )
        before = None
        if ends_hand:
            await h.bot.renderer.flush()
            assert leaks(h, table, hand_start) == []
            checks += 1
            before = Counter(fake.everything_shown())
        hand_no = v["hand_no"]
        actions += 1
        if actions in (7, 90):  # nobody plays: the clock plays the lowest card
            due = table.deadline(v["clock"])
            h.clock.advance(due - h.clock.now())
            await h.service.fire_due()
            timeouts += 1
            await h.rendered(lambda: "ran out of time" in msg.text, "the timeout on the table")
            await acted(v, before)
            continue
        res = await h.click(p, mine, f"play:{legal[0]}")
        latencies.append(res.latency)
        assert res.in_place and res.message is mine  # the answer is their updated hand
        if table.status == "ended":
            assert "is over" in mine.text  # the last card: their hand becomes the scoreboard
            break
        if table.status == "playing" and table.view()["hand_no"] == hand_no:
            assert legal[0] not in card_buttons(mine)
        await acted(v, before)
        if actions % 40 == 0:
            await h.bot.renderer.flush()
            assert leaks(h, table, hand_start) == []
            checks += 1
        if restarted_at is None and table.view()["hand_no"] == 2 and len(table.view()["trick"]):
            # mid-hand, mid-trick: the bot goes down and comes back; old buttons still work
            await h.bot.renderer.flush()
            await ready(h)
            await h.stop_bot()
            await h.start_bot(seeds=lambda: SEED)
            table = await h.service.get(tid)
            assert table is not None and table.status == "playing"
            restarted_at = actions
            assert leaks(h, table, hand_start) == []
            # the table's old "My hand" button opens a fresh view, used from now on
            waiting = next(s for s in by_seat if s != table.view()["turn"])
            res = await h.click(by_seat[waiting], msg, "seat")
            assert res.ephemeral and "Not your turn yet" in res.message.text
            views[waiting] = res.message

    elapsed = time.monotonic() - started
    assert restarted_at is not None and timeouts == 2 and checks >= 6 and must_follow > 20
    assert len(hands_seen) >= 3, hands_seen  # several hands, dealt by the next dealer
    st = table.state
    assert table.status == "ended" and st.over and max(st.totals) >= 666
    winner = table.user_at(st.winner)
    await h.rendered(lambda: "is over" in msg.text, "the final scoreboard")
    assert msg.custom_ids() == [
        f"tarok:{table.id}:again",
        f"replay:{table.id}:step:0",
        f"replay:{table.id}:record",
    ]  # only Play again is left
    assert f"\U0001f947 **{winner.name}**: {st.totals[st.winner]} points \U0001f3c6" in msg.text
    for seat, p in by_seat.items():
        assert f"**{p.name}**: {st.totals[seat]} points" in msg.text
    assert table.row.seed in msg.text  # the seed is revealed at the end
    await h.bot.renderer.flush()
    for view in views.values():  # every open hand now shows the result
        assert "is over" in view.text and card_buttons(view) == []
    assert leaks(h, table, hand_start) == []

    # the tally: one game each, the winner's win, and the best score in the breakdown
    tally = await h.slash(players[0], "tally")
    text = tally.message.text
    for p in players:
        line = next(line for line in text.splitlines() if f"{p.name}:" in line)
        assert "1 game" in line
        assert ("1 win" in line) == (p.id == winner.user_id)
    mine = await h.slash(players[0], "tally", options={"user": fake.user(winner.user_id)})
    assert "The Devil's Tarok" in mine.message.text
    assert f"best score {st.totals[st.winner]} points" in mine.message.text
    h.assert_clean()

    longest = longest_table(msg)
    assert longest[0] <= 12 and longest[1] <= 600, longest  # fits a phone screen
    latencies.sort()
    median = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"\ntarok e2e: {len(hands_seen)} hands, {actions} cards ({len(latencies)} clicked, "
        f"{timeouts} timed out), {checks} hidden-card checks, restart after card "
        f"{restarted_at}; card answer median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {latencies[-1] * 1000:.1f} ms; longest table {longest[0]} lines, "
        f"{longest[1]} chars; {elapsed:.1f} s"
    )


LONG_NAMES = (
    "Bartholomew the Thirsty",
    "Cordelia Nightcap",
    "Maximilian Stout",
    "Philippa Sommelier",
    "Wilhelmina Rye",
)


async def test_five_players_double_clicks_a_leaver_and_timeouts_on_a_phone_sized_table(
    harness: Harness,
):
    h, fake = harness, harness.fake
    players, msg, table = await open_tarok(h, LONG_NAMES, play_seconds=15)
    by_seat = {table.seat_of(p.id): p for p in players}
    views = {seat: (await h.click(p, msg, "seat")).message for seat, p in by_seat.items()}
    start = Counter(fake.everything_shown())

    # a double click on a card: played once, and the second gets a plain answer
    v = table.view()
    seat = v["turn"]
    first = str(card_id(table.engine.legal_cards(table.state, seat)[0]))
    cid = h.custom_id(views[seat], f"play:{first}")
    a, b = await asyncio.gather(
        fake.click(by_seat[seat], views[seat], cid), fake.click(by_seat[seat], views[seat], cid)
    )
    # both update the view in place: the refused one with the refusal on top (no new message)
    await h.answered(a, b)
    assert a.in_place and b.in_place
    tops = [r.shown["embeds"][0]["description"].split("\n")[0] for r in (a, b)]
    assert tops.count(f"\u26a0\ufe0f {english(DOUBLE_TAP)}") == 1  # not "It's not your turn."
    assert len(table.state.trick) == 1

    # the next player leaves mid-trick from the table: their hand goes out of play unseen
    held = {s: list(hand) for s, hand in enumerate(table.state.hands)}  # seen by their holders
    leaver = by_seat[table.view()["turn"]]
    res = await h.confirmed(leaver, msg, "leave")
    assert res.in_place
    # their seat waits for someone to take it over (issue 48); nobody does: when its clock
    # runs out the rules' leave takes the hand out of play
    await h.rendered(lambda: f"\U0001fa91 **{leaver.name}**'s seat is open" in msg.text)
    h.clock.advance(table.deadline(table.view()["clock"]) - h.clock.now())
    await h.service.fire_due()
    await h.rendered(lambda: f"**{leaver.name}**: left ·" in msg.text, "the leaver on the table")
    assert leaks(h, table, start, held) == []

    # nobody plays any more: the clock plays for them, and three timeouts in a row is out: their
    # seat opens for someone to take over (issue 48)
    while not table.open_seats():
        for s, hand in enumerate(table.state.hands):
            held[s] += hand
        h.clock.advance(table.deadline(table.view()["clock"]) - h.clock.now())
        await h.service.fire_due()
    await h.rendered(lambda: "timed out three times" in msg.text, "a player out on timeouts")
    # the others play on, nobody takes the seat: when its clock runs out, the rules' leave
    while sum(table.view()["active"]) == 4:
        for s, hand in enumerate(table.state.hands):
            held[s] += hand
        turn = table.view()["turn"]
        if table.user_at(turn).left_at is not None:
            h.clock.advance(table.deadline(table.view()["clock"]) - h.clock.now())
            await h.service.fire_due()
        else:
            card = table.engine.legal_cards(table.state, turn)[0]
            await h.service.act(table.id, table.user_at(turn).user_id, Play(card_id(card)))
    await h.rendered(lambda: msg.text.count(": left ·") == 2, "a player out on timeouts")
    await h.bot.renderer.flush()
    assert leaks(h, table, start, held) == []

    # the host ends the table: the scores so far, and no buttons
    host = fake.user(table.row.host_id)
    res = await h.confirmed(host, msg, "end")
    assert res.in_place and "is over" in msg.text
    assert msg.custom_ids() == [
        f"tarok:{table.id}:again",
        f"replay:{table.id}:step:0",
        f"replay:{table.id}:record",
    ]
    assert "Ended by" in msg.text and msg.text.count(" (left)") == 2
    lines, chars = longest_table(msg)
    assert lines <= 12 and chars <= 600, (lines, chars)
    print(f"\nfive players, long names: longest table {lines} lines, {chars} chars")
    h.assert_clean()


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_the_public_table_fits_a_phone_over_a_whole_game(store, clock, players, lang):
    """At most 12 lines and 600 characters with 12-character names (issue 8), in English and in
    Swedish, measured after every card of a whole game to 666 (and the hand of the player whose
    card it is): a random legal card each time, and every 37th card from the 5th the clock
    plays instead."""
    import random

    from bot.ui import tarok as ui

    seed = f"phone-{players}"
    service, t = await long_named_table(store, clock, "tarok", players, seed)
    rng = random.Random(seed)
    with speaking(lang):
        shown = [table_text(t)]
        hands = [body_text(ui.private(t, t.view()["turn"]).embed)]
        await play_out(service, t, clock, rng, shown, hands)
    assert t.state.over and max(t.state.totals) >= 666
    what = f"Tarok ({lang}), {players} players: {t.view()['hand_no']} hands"
    assert_fits_phone(shown, what)
    assert_fits_phone(hands, f"{what}, the hand whose card it is")


async def play_out(service, t, clock, rng, shown: list[str], hands: list[str]) -> None:
    """Play ``t`` to its end, a random legal card each time and every 37th card from the 5th
    by the clock, the table's text after each card in ``shown``, the hand to play in ``hands``."""
    from bot.ui import tarok as ui

    cards, timeouts = 0, 0
    while t.status == "playing":
        cards += 1
        assert cards < 3000
        v = t.view()
        if cards % 37 == 5:
            timeouts += 1
            clock.advance(t.deadline(v["clock"]) - clock.now())
            await service.fire_due()
        else:
            card = rng.choice(t.engine.legal_cards(t.state, v["turn"]))
            await service.act(t.id, 100 + v["turn"], Play(card_id(card)))
        if t.status == "playing":
            shown.append(table_text(t))
            hands.append(body_text(ui.private(t, t.view()["turn"]).embed))
    assert timeouts >= 2


async def test_a_trick_a_leaver_took_shows_as_out_of_play_not_as_theirs(store, clock):
    service, t = await long_named_table(store, clock, "tarok", 3, "leaver-trick")
    state = make([["B9", "L9"], ["B2", "L2"], ["B3", "L3"]], ("W1", "W2", "W3"))
    state, _ = play(state, (0, "B9"))
    state, _ = ENGINE.apply(state, 0, Leave())
    t.state, _ = play(state, (1, "B2"), (2, "B3"))
    text = table_text(t)
    p0 = t.user_at(0).name
    assert f"\U0001f6aa **{p0}** left: the last trick (" in text and "is out of play" in text
    assert "took the last trick" not in text


async def test_a_new_hand_shows_who_took_the_last_trick_of_the_hand_before(store, clock):
    """The hand's last trick is scored and the next hand dealt in one move: until the first
    card of the new hand, the table still says who took that trick, with what."""
    service, t = await long_named_table(store, clock, "tarok", 3, "last-trick")
    t.state = make([["B5"], ["B6", "B2"], ["B9", "B3"]], dealer=2, leader=0)
    for seat, code in ((0, "B5"), (1, "B6"), (2, "B9")):
        await service.act(t.id, 100 + seat, Play(card_id(cards(code)[0])))
    assert t.view()["hand_no"] == 2 and not t.view()["trick"]
    text = table_text(t)
    p2 = t.user_at(2).name
    assert f"Hand 1's last trick: **{p2}** takes the trick with the 9 of Beers" in text, text
    first = t.view()["turn"]
    await service.act(t.id, 100 + first, Play(card_id(t.state.hands[first][0])))
    assert "takes the trick with the 9 of Beers" not in table_text(t)  # that hand is done


async def test_a_hand_holding_the_fool_is_told_a_timeout_plays_it(store, clock):
    """The clock plays the lowest legal card, and the Fool counts 0: a timeout spends the card
    that beats everything. The hand that holds it is told so, not "your lowest card"."""
    from bot.ui import tarok as ui

    service, t = await long_named_table(store, clock, "tarok", 3, "fool-timeout")
    t.state = make([["B5", "M0"], ["B6", "B2"], ["B9", "B3"]], leader=0)
    mine = ui.private(t, 0).embed.description
    assert "**Your lead**" in mine and "your Fool is played." in mine
    t.state, _ = play(t.state, (0, "B5"))
    theirs = ui.private(t, 1).embed.description
    assert "**Your turn**" in theirs and "your lowest card is played." in theirs
