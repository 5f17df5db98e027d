"""Three players play a whole Drunken Shithead game through the fake Discord, from their hands."""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import combinations

import pytest

from bot.clock import ManualClock
from bot.engines import takeback
from bot.engines.base import Leave, Log
from bot.engines.cards import TarotCard
from bot.engines.shithead import (
    DECK,
    ENGINE,
    FOOL_ID,
    Blind,
    ChooseUp,
    PickUp,
    Play,
    code,
    order,
)
from bot.i18n import english, speaking
from bot.tables import Table
from bot.ui import shithead as ui
from bot.ui.components import Ref, Select, custom_id
from tests.e2e.conftest import Harness, open_table, seeded_harness
from tests.engines.contract import named_in
from tests.engines.test_shithead import make
from tests.fakediscord import FakeMessage
from tests.phone import HOST, assert_fits_phone, long_named_table, table_text

# With these options, each player playing the Fool at once and otherwise their lowest card (all
# of its rank), and Cy letting the choosing clock lay up his three highest: 155 decisions, where
# the Fool is named, 10s and four in a row burn, the Hanged Man and the Devil are played, a blind
# card can't go and is picked up with the pile; Cy goes out first and Bo is the shithead.
SEED = "e2e-273"
OPTIONS = {"find_shithead": True, "pickup_sip": True, "shithead_finishes": True}
RESTART_AT = 40  # decisions into play
WHY = {
    "Burned by a 10",
    "in a row: burned",
    "Hanged Man: play lower",
    "The Devil: no 2",
    "plays blind",
    "can't go on",
}
FOOL = "the Fool as named"
FOOL_AS = re.compile(r"\*\*0 The Drunken Fool\*\* as an? ")


harness = seeded_harness(SEED)


def strategy(v: dict, fool_named: bool):
    """What a player does from their own view: the engine's action, or None (not their turn)."""
    if v["choosing"]:
        six = sorted((h["card"] for h in v["hand"]), key=order)
        return ChooseUp(sorted(DECK.index(c) for c in six[-3:]))
    if not v["my_turn"]:
        return None
    if v["must_name"]:
        return Play([FOOL_ID], v["fool_as"][0]["as_value"])
    if v["blind"]:
        return Blind(v["blind"][0])
    if v["can_pick_up"]:
        return PickUp()
    ids = [i for i in v["playable"] if i != FOOL_ID]
    if FOOL_ID in v["playable"] and (not fool_named or not ids):
        return Play([FOOL_ID], v["fool_as"][0]["as_value"])
    low = DECK[min(ids, key=lambda i: order(DECK[i]))]
    if low.is_major:
        return Play([DECK.index(low)])
    return Play(sorted(i for i in ids if not DECK[i].is_major and DECK[i].rank == low.rank))


async def act(h: Harness, user, msg: FakeMessage, tid: int, action) -> None:
    """Send ``action`` from the player's private view: its button, or the select that sends it."""
    cid = custom_id("shithead", tid, action.verb, action.to_arg())
    if cid in msg.custom_ids():
        res = await h.fake.click(user, msg, cid)
    elif isinstance(action, Play) and action.cards == [FOOL_ID]:
        fool = [c for c in msg.custom_ids() if re.search(rf":play:0?{FOOL_ID}\._$", c)]
        value = str(action.as_value)
        cid = next(c for c in fool if value in _options(msg, c))
        res = await h.fake.select(user, msg, cid, [value])
    else:
        cid = custom_id("shithead", tid, "play", "_")
        assert cid in msg.custom_ids(), (action, msg.custom_ids())
        res = await h.fake.select(user, msg, cid, [str(i) for i in action.cards])
    h.results.append(res)
    assert res.in_place, res.message.text  # the private view is updated in place


def _options(msg: FakeMessage, cid: str) -> list[str]:
    comp = msg.find_component(cid)
    assert comp is not None
    return [o["value"] for o in comp["options"]]


async def leaks(h: Harness, table) -> list[str]:
    """Cards the rules keep from someone (hidden(state, viewer)) that a message showed them.

    A card once shown to all (laid, laid up, turned: named in a public log line) may be named
    again; every other card hidden now must never have been on anyone's screen but its holder's.
    """
    async with h.bot.store.reading() as q:
        actions = await q.actions(table.id)
    state = ENGINE.new_game(table.state.players, table.row.seed, table.row.options)
    public: set[TarotCard] = set()
    for step in takeback.replay(ENGINE, state, actions):
        state = step.state
        lines = [english(e.text) for e in step.events if isinstance(e, Log)]
        public |= {c for line in lines for c in named_in(line, DECK)}
    assert state == table.state
    seats = {s.user_id: s.seat for s in table.seats}
    found = []
    for audience, text in h.fake.everything_shown():
        viewer = seats.get(audience) if audience is not None else None
        for card in set(ENGINE.hidden(table.state, viewer)) - public:
            if named_in(text, {card}):
                found.append(f"{card.label} shown to {audience or 'everyone'}")
    return found


async def test_three_players_play_to_the_shithead_and_tally_shows_it(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, cy = players = [fake.add_user(n) for n in ("Ana", "Bo", "Cy")]
    msg, tid = await open_table(h, "shithead", ana, [bo, cy], **OPTIONS)
    assert "Find the shithead: on" in msg.text
    res = await h.click(ana, msg, "start")
    assert res.in_place and "press **My hand** and pick 3 of your 6 cards" in msg.text
    table = await h.service.get(tid)
    by_seat = {table.seat_of(p.id): p for p in players}

    # everyone opens their hand: a select of their six cards, exactly three to choose
    views: dict[int, FakeMessage] = {}
    for p in players:
        res = await h.click(p, msg, "seat")
        assert res.ephemeral and res.message.audience == p.id
        views[p.id] = res.message
        comp = res.message.find_component(h.custom_id(res.message, "choose"))
        assert comp and comp["min_values"] == comp["max_values"] == 3
        assert len(comp["options"]) == 6
    for p in (ana, bo):
        seat = table.seat_of(p.id)
        choice = strategy(table.view(seat), False)
        res = await h.select(p, views[p.id], "choose:_", [str(i) for i in choice.cards])
        assert res.in_place and "Waiting for the others to choose" in res.message.text
    await h.rendered(lambda: "\u2705 **Bo** has chosen" in msg.text and "\u23f3 **Cy**" in msg.text)
    cy_six = sorted((x["card"] for x in table.view(2)["hand"]), key=order)
    h.clock.advance(60)  # Cy never chooses: his three highest go up
    await h.service.fire_due()
    assert table.state.up[2] == cy_six[-3:]
    assert "Time's up: {p2} lays up their three highest cards." in map(english, table.row.log)
    await h.rendered(lambda: "**Bo** to play" in msg.text and "**Cy** lays up" in msg.text)
    assert await leaks(h, table) == []

    fool_named = restarted = left = False
    seen: set[str] = set()
    steps = 0
    while table.status == "playing":
        seat = table.state.current
        p = by_seat[seat]
        await h.bot.renderer.flush_private()
        view = table.view(seat)
        action = strategy(view, fool_named)
        if isinstance(action, Play) and action.cards == [FOOL_ID]:
            assert "Play the Drunken Fool as" in views[p.id].text
            fool_named = True
        await act(h, p, views[p.id], tid, action)
        steps += 1
        # the table says why: wait for each kind of reason the first time (the table message
        # shows the newest state only, so a fast game could skip one)
        said = {w for w in WHY - seen for line in table.row.log[-3:] if w in english(line)}
        if said:
            await h.rendered(lambda said=said: all(w in msg.text for w in said), f"{said} shown")
            seen |= said
        top = table.state.pile[-1] if table.state.pile else None
        if top is not None and top.card == DECK[FOOL_ID] and FOOL not in seen:
            await h.rendered(lambda: FOOL_AS.search(msg.text), "the Fool as named on the pile")
            seen.add(FOOL)
        if steps == RESTART_AT:
            await h.bot.renderer.flush()
            assert await leaks(h, table) == []
            await h.bot.wait_until_ready()  # else its late "ready" lands on a closed client
            await h.stop_bot()
            await h.start_bot(seeds=lambda: SEED)
            table = await h.service.get(tid)  # the old views' buttons carry on below
            restarted = True
        if table.state.finished and table.status == "playing" and not left:
            # the first one out stands up from the table: no move of the game, the game goes on
            winner = by_seat[table.state.finished[0]]
            await h.bot.renderer.flush()
            assert "You're out of cards: **1st**" in views[winner.id].text
            res = await h.click(winner, msg, "leave")
            assert res.in_place and table.status == "playing"
            await h.rendered(lambda: "left the table" in msg.text)
            res = await h.click(winner, msg, "seat")
            assert res.ephemeral and "not playing at this table" in res.message.text
            left = True
        assert steps < 300
    assert fool_named and restarted and left

    # the end: the shithead is named, and every house-rule drink is in the ledger
    await h.rendered(lambda: "is over" in msg.text)
    results = table.results()
    place = {by_seat[o.seat].id: o.place for o in results.outcomes}
    shithead = next(p for p in players if place[p.id] == 3)
    assert f"**{shithead.name}** is the shithead!" in msg.text
    assert msg.custom_ids() == [
        f"shithead:{table.id}:again",
        f"replay:{table.id}:step:0",
        f"replay:{table.id}:record",
    ]
    assert await leaks(h, table) == []
    await h.bot.renderer.flush()
    for p in players:  # the open hands of those still seated turned into the end screen
        assert ("is over" in views[p.id].text) == (p is not winner)
    assert seen == {*WHY, FOOL}  # the table said why the pile went, what the specials ask
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(tid)
    assert any(d.kind == "drink" and "picked up" in english(d.reason) for d in drinks)
    assert [(d.user_id, d.kind) for d in drinks if d.kind == "finish"] == [(shithead.id, "finish")]

    tally = await h.slash(cy, "tally")
    for p in players:
        sips = sum(d.amount for d in drinks if d.user_id == p.id and d.kind == "drink")
        line = next(x for x in tally.message.text.splitlines() if f"{p.name}:" in x)
        assert f"**{sips} sip" in line and "1 game" in line
        assert ("1 win" in line) == (place[p.id] == 1)
        assert ("1 finished drink" in line) == (p is shithead)
    h.assert_clean()


async def test_six_players_fit_a_phone_and_the_fool_names_a_major(fake, tmp_path):
    """The public table stays within 12 lines and 600 characters of description with six
    players; the Fool's 35 identities on an empty pile come in two selects, minors and Majors."""
    from bot.ui import shithead as ui

    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot(seeds=lambda: "six-6")  # the Fool is playable on an empty pile at once
    try:
        names = ("Alexandra", "Bartholomew", "Cornelius", "Desdemona", "Evangeline", "Frederick")
        players = [fake.add_user(n) for n in names]
        msg, tid = await open_table(h, "shithead", players[0], players[1:], **OPTIONS)
        await h.click(players[0], msg, "start")
        table = await h.service.get(tid)
        longest, majors = 0, False
        for _ in range(120):
            text = ui.public(table).embed.description or ""
            assert len(text) <= 600 and text.count("\n") < 12, text
            longest = max(longest, len(text))
            seat = table.state.current if table.state.phase == "play" else None
            if seat is not None and not majors:
                v = table.view(seat)
                if FOOL_ID in v["playable"] and len(v["fool_as"]) > 25:
                    p = next(p for p in players if table.seat_of(p.id) == seat)
                    hand = (await h.click(p, msg, "seat")).message
                    assert "Play the Drunken Fool as a minor card" in hand.text
                    majors_select = f"play:0{FOOL_ID}\\._"  # the second select's custom id
                    major = _options(hand, h.custom_id(hand, majors_select))[-1]  # The World
                    res = await h.select(p, hand, majors_select, [major])
                    assert res.in_place
                    assert "plays 0 The Drunken Fool as The World (XXI)" in english(
                        table.row.log[-1]
                    )
                    majors = True
                    continue
            for p in players:
                action = strategy(table.view(table.seat_of(p.id)), True)
                if action is not None:
                    await h.service.act(tid, p.id, action)
                    break
        assert longest > 350  # six players with face-up cards: a real test of the width
        assert majors
        h.assert_clean()
    finally:
        await h.stop_bot()


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
async def test_the_public_table_fits_a_phone_over_whole_games(store, clock, players, lang):
    """At most 12 lines and 600 characters with 12-character names (issue 8), in English and in
    Swedish, measured after every move of a whole game with every house rule on (played until
    the shithead is found): everyone plays their lowest cards (the Fool at once), and every 23rd
    move from the 2nd the clock runs out instead (the first of them while choosing)."""

    def text(t: Table) -> str:
        with speaking(lang):
            return table_text(t)

    seed = f"phone-{players}"
    service, t = await long_named_table(store, clock, "shithead", players, seed, OPTIONS)
    shown, moves, timeouts = [text(t)], 0, 0
    while t.status == "playing":
        moves += 1
        assert moves < 2000
        if moves % 23 == 2:
            timeouts += 1
            clock.advance(t.deadline(t.view()["clock"]) - clock.now())
            await service.fire_due()
        else:
            for seat in range(players):
                action = strategy(t.view(seat), True)
                if action is not None:
                    await service.act(t.id, 100 + seat, action)
                    break
        if t.status == "playing":
            shown.append(text(t))
    assert t.view()["over"] and timeouts >= 2
    what = f"Shithead ({lang}), {players} players: {moves} moves, {timeouts} timeouts"
    assert_fits_phone(shown, what)


def _reachable(screen, tid: int) -> set[tuple[int, ...]]:
    """Every Play the private view can send, as the values of its cards (the suit of a minor
    card changes nothing in this game), each custom id read back by the action's own codec."""
    out: set[tuple[int, ...]] = set()
    for row in screen.rows:
        for item in row if isinstance(row, list) else [row]:
            ref = Ref.parse(item.custom_id)
            if ref is None or ref.verb != "play":
                continue
            assert ref.table_id == tid
            picks: list[list[str] | None] = [None]
            if isinstance(item, Select):
                values = [o.value for o in item.options]
                sizes = range(item.min_values, item.max_values + 1)
                picks = [list(c) for k in sizes for c in combinations(values, k)]
            for pick in picks:
                play = Play.from_arg(ref.arg, pick)
                out.add(tuple(sorted(code(DECK[i]) for i in play.cards)))
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
async def test_every_legal_play_can_be_made_from_the_private_view(store, clock, players):
    """Whatever the hand (two of three 7s, one 7 with the Fool while holding two, a hand of 30
    cards after a big pick-up), each legal play of the engine is on a button or in a select of
    the player's view: random whole games, every turn."""
    service, t = await long_named_table(store, clock, "shithead", players, f"reach-{players}")
    rng = random.Random(players)
    turns = partial = 0
    while not ENGINE.is_over(t.state):
        st = t.state
        seat = rng.choice(ENGINE._choosing(st)) if st.phase == "choose" else st.current
        acts = [a for a in ENGINE.legal_actions(st, seat) if not isinstance(a, Leave)]
        plays = [a for a in acts if isinstance(a, Play)]
        if st.phase == "play" and st.turned is None and plays:
            turns += 1
            legal = {tuple(sorted(code(DECK[i]) for i in a.cards)) for a in plays}
            assert not legal - _reachable(ui.private(t, seat), t.id), turns
            partial += any(  # a set of two or more that a bigger legal set contains
                len(a) > 1 and any(len(b) > len(a) and not Counter(a) - Counter(b) for b in legal)
                for a in legal
            )
        t.state, _ = ENGINE.apply(st, seat, rng.choice(acts))
    assert turns > 100 and partial > 0, (turns, partial)


@pytest.mark.parametrize("fool", [False, True])
async def test_a_hand_of_forty_cards_can_still_play_every_set(store, clock, fool):
    """After a big pick-up: 42 cards in hand, all playable on an empty pile (too many for one
    select of 25): every value, alone or in any number, can still be played."""
    service, t = await long_named_table(store, clock, "shithead", 2, "big-hand")
    hand = [f"{s}{r}" for s in "BLW" for r in range(2, 12)] + [f"M{m}" for m in range(1, 13)]
    t.state = make([hand + (["M0"] if fool else []), ["S9"]])
    plays = [a for a in ENGINE.legal_actions(t.state, 0) if isinstance(a, Play)]
    legal = {tuple(sorted(code(DECK[i]) for i in a.cards)) for a in plays}
    assert len(legal) >= 42  # 10 values in ones, twos and threes, 12 Majors (and the Fool)
    screen = ui.private(t, 0)
    assert not legal - _reachable(screen, t.id)
    assert "pick your card(s) from the menu below" in (screen.embed.description or "")


async def test_when_only_the_fool_fits_the_turn_line_says_so(store, clock):
    """Not "tap a card": there is no card button, only the menu naming the Fool."""
    service, t = await long_named_table(store, clock, "shithead", 2, "fool-only")
    t.state = make([["M0", "B3"], ["S9"]], pile=["B9"])
    text = ui.private(t, 0).embed.description or ""
    assert "Only **the Drunken Fool** fits: choose what it stands for below" in text
    assert "tap a card" not in text
    for top, said in (("B14", "a King"), ("B8", "an 8")):  # with its article
        t.state = make([["B3"], ["S9"]], pile=[top])
        text = ui.private(t, 0).embed.description or ""
        assert f"Nothing you can play goes on {said}: pick up the pile" in text


async def test_a_table_ended_early_names_no_winner_no_shithead_and_no_drink(store, clock):
    """End promises "the game stops here with no winner": the end screen said who won, who was
    the shithead and that they finished their drink. Now: no winner, the cards each player
    still held, who left."""
    opts = {"find_shithead": True, "shithead_finishes": True}
    service, t = await long_named_table(store, clock, "shithead", 3, "shend2", opts)
    for _ in range(8):
        seat = next(s for s in range(3) if strategy(t.view(s), True) is not None)
        await service.act(t.id, HOST + seat, strategy(t.view(seat), True))
    await service.leave(t.id, HOST + 2)
    await service.end(t.id, HOST, can_manage=False)
    text = table_text(t)
    assert "Ended early: no winner." in text and "Cards still held: **Player0" in text
    # Player2 left; their seat was still open for a take-over when the table ended (issue 48)
    assert "\U0001fa91 Left, their seat still open: **Player2" in text
    for said in ("wins", "shithead", "finishes their drink", "1st"):
        assert said not in text, said
    async with store.reading() as q:
        assert not [d for d in await q.table_drinks(t.id) if d.kind == "finish"]
