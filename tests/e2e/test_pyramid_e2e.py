"""Three players play a whole Pyramid game through the fake Discord."""

from __future__ import annotations

import pytest

from bot.tables import TableError
from tests.e2e.conftest import Harness

SEED = "e2e-1"  # Bo holds the 3♥ for the first turned card, the 3♣


@pytest.fixture
async def harness(fake, tmp_path):
    from bot.clock import ManualClock

    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot(seeds=lambda: SEED)
    yield h
    await h.stop_bot()


async def open_pyramid(h: Harness, names=("Ana", "Bo", "Cy"), **options):
    fake = h.fake
    players = [fake.add_user(n) for n in names]
    res = await h.slash(players[0], "pyramid", "start", **options)
    msg = res.message
    rules = await res.followup()
    await h.click(players[0], rules, "consent")
    for p in players[1:]:
        await h.join(p, msg)
    await h.rendered(lambda: all(p.name in msg.text for p in players))
    res = await h.click(players[0], msg, "start")
    assert res.type == 7 and "Look at my cards" in msg.text
    table = await h.service.get(int(h.custom_id(msg, "start" if False else "peek").split(":")[1]))
    return players, msg, table


def labels(codes) -> set[str]:
    return {c.label for c in codes if c}


async def everyone_looks(h: Harness, players, msg, table) -> dict[int, object]:
    peeks = {}
    for p in players:
        res = await h.click(p, msg, "peek")
        assert res.ephemeral and "Memorise these!" in res.message.text
        hand = labels(table.state.hands[table.seat_of(p.id)])
        assert all(lab in res.message.text for lab in hand)  # faces shown, privately
        peeks[p.id] = res.message
    h.clock.advance(15)
    await h.service.fire_due()
    await h.bot.renderer.flush()
    for p in players:
        m = peeks[p.id]
        assert "Memorise" not in m.text  # the look is over: edited to face-down slots
        assert not labels(table.state.hands[table.seat_of(p.id)]) & set(m.text.split())
    await h.rendered(lambda: "Lay card 1" in msg.text, "the first card to be turned")
    return peeks


def hidden_leaks(h: Harness, table, hands_at_deal) -> list[str]:
    """Hand cards never laid or revealed that some message showed outside its owner's look."""
    st = table.state
    exposed = {c for pile in st.laid for _, c in pile}
    for seat, row in enumerate(st.revealed):
        exposed |= {hands_at_deal[seat][i] for i, r in enumerate(row) if r}
    leaks = []
    for audience, text in h.fake.everything_shown():
        for seat, hand in enumerate(hands_at_deal):
            owner = table.user_at(seat).user_id
            for code in hand:
                if code in exposed:
                    continue
                lab = code.label
                if lab in text and not (audience == owner and "Memorise these!" in text):
                    leaks.append(f"{lab} of seat {seat} shown to {audience or 'everyone'}")
    return leaks


async def test_three_players_play_a_whole_game(harness: Harness):
    h = harness
    players, msg, table = await open_pyramid(h)
    by_seat = {table.seat_of(p.id): p for p in players}
    hands_at_deal = [list(hand) for hand in table.state.hands]
    await everyone_looks(h, players, msg, table)

    right = wrong = splits = 0
    while table.state.phase == "claim":
        st = table.state
        i = st.index
        rank = st.pyramid[i].rank
        for seat, p in by_seat.items():
            hand = table.state.hands[seat]
            match = [n + 1 for n, c in enumerate(hand) if c and c.rank == rank]
            if match:
                res = await h.click(p, msg, f"lay:{match[0]}")
                assert res.ephemeral and "Right!" in res.message.text  # the give is private
                give = res.message
                left = table.engine.view(table.state, None)["gives"][0]["left"]
                others = [s for s in by_seat if s != seat]
                # split: one sip to the first other player, the rest to the second
                res = await h.click(p, give, f"give:{others[0]}.1")
                assert res.type == 7
                if left > 1:
                    res = await h.select(p, give, "give:_", [str(others[1])])
                    assert res.type == 7, res.message.text
                    splits += 1
                right += 1
            elif not wrong and any(hand):
                n = next(n + 1 for n, c in enumerate(hand) if c)
                res = await h.click(p, msg, f"lay:{n}")
                assert res.type == 7 and "wrong, drinks" in msg.text
                again = await h.click(p, msg, f"lay:{n}")  # barred from this card now
                assert again.ephemeral and again.message.text
                wrong += 1
        for seat, p in by_seat.items():
            if table.state.phase == "claim" and table.state.index == i and table.state.window_open:
                if table.state.claims[seat] in ("waiting", "laid"):
                    await h.click(p, msg, "pass")
        assert table.state.index > i or table.state.phase != "claim"
        await h.bot.renderer.flush()
    assert right >= 1 and wrong == 1 and splits >= 1

    # before anyone explores, no message ever showed a card the rules keep hidden
    assert hidden_leaks(h, table, hands_at_deal) == []
    assert table.state.phase == "explore"
    explorer = by_seat[table.state.explorer]
    await h.rendered(lambda: "must **explore**" in msg.text)
    clicks = 0
    while table.state.phase == "explore":
        p = by_seat[table.state.explorer]
        others = [q for q in players if q is not p]
        if clicks == 0:
            res = await h.click(others[0], msg, "explore")
            assert res.ephemeral and "not your turn to explore" in res.message.text
        res = await h.click(p, msg, "explore")
        assert res.type == 7
        clicks += 1
        assert clicks < 200
    assert table.status == "ended" and "is over" in msg.text
    assert "gave" in msg.text and "took" in msg.text
    assert explorer is not None

    # the tally adds up: every sip given, taken and penalised is in the ledger
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(table.id)
    final = table.engine.view(table.state, None)["seats"]
    tally = await h.slash(players[0], "tally")
    for s in final:
        p = by_seat[s["seat"]]
        taken = sum(d.amount for d in drinks if d.user_id == p.id)
        given = sum(d.amount for d in drinks if d.giver_id == p.id)
        assert (taken, given) == (s["taken"], s["given"])
        line = next(line for line in tally.message.text.splitlines() if f"{p.name}:" in line)
        assert f"**{taken} sip" in line
        if given:
            assert f"gave {given}" in line
    h.assert_clean()


async def test_restart_in_a_claim_window_keeps_its_deadline_and_claims(harness: Harness):
    h = harness
    players, msg, table = await open_pyramid(h)
    await everyone_looks(h, players, msg, table)
    ana, bo, cy = players
    key = f"claim:{table.state.index}"
    due = table.deadline(key)
    await h.click(cy, msg, "pass")
    res = await h.click(bo, msg, "lay:4")  # the 3♥ on the 3♣
    assert res.ephemeral and "Right!" in res.message.text
    claims = list(table.state.claims)
    await h.stop_bot()

    h.clock.advance(5)  # down for five seconds: the window is still open
    await h.start_bot(seeds=lambda: SEED)
    table = await h.service.get(table.id)
    assert table.deadline(key) == due
    assert list(table.state.claims) == claims
    assert table.engine.view(table.state, None)["gives"][0]["left"] == 1
    res = await h.click(ana, msg, "pass")  # an old button, after the restart
    assert res.type == 7
    h.clock.advance(due - h.clock.now())  # the window closes on time
    await h.service.fire_due()
    h.clock.advance(30)  # Bo never gave his sip: the table's generator picks who drinks it
    await h.service.fire_due()
    assert table.state.index == 1
    h.assert_clean()


async def test_convo_mode_no_split_answer_or_double_and_the_hosts_question(fake, tmp_path):
    from bot.clock import ManualClock
    from bot.ui.pyramid import bank

    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot(seeds=lambda: "convo-1")  # Cy holds the 9♠ and 9♦ for the 9♣
    try:
        players, msg, table = await open_pyramid(h, convo=True)
        ana, bo, cy = players
        await everyone_looks(h, players, msg, table)
        mine = (await h.click(cy, msg, "seat")).message
        res = await h.select(cy, mine, "lay:._", ["2", "3"])  # both 9s at once
        assert res.type == 7 and "Name one player" in mine.text
        assert "+1" not in mine.text  # convo mode: no splitting
        await h.select(cy, mine, "give:_", [str(table.seat_of(ana.id))])
        await h.select(cy, mine, "give:_", [str(table.seat_of(bo.id))])
        await h.rendered(lambda: "\u2753 **Ana**: answer" in msg.text)
        nines = bank()["9"]
        assert any(q in msg.text for q in nines)  # the matched card's question, shown to all

        ana_view = (await h.click(ana, msg, "seat")).message
        assert "Refuse (drink 2)" in ana_view.text
        await h.click(ana, ana_view, "refuse")
        bo_view = (await h.click(bo, msg, "seat")).message
        await h.click(bo, bo_view, "answer")

        # two cards on one pyramid card: the host may ask Cy any turned card's question
        cy_view = (await h.click(cy, msg, "seat")).message
        assert "Ask " not in cy_view.text  # not for Cy: only the host asks
        with pytest.raises(TableError, match="Only the host can do that"):
            await h.service.act(table.id, bo.id, {"type": "ask", "seat": 2, "card": 0})
        ana_view = (await h.click(ana, msg, "seat")).message
        res = await h.select(ana, ana_view, "ask", ["0"])
        assert res.type == 7
        await h.rendered(lambda: "**Cy**, from the host" in msg.text)
        async with h.bot.store.reading() as q:
            drinks = await q.table_drinks(table.id)
        got = {(d.user_id, d.amount, d.kind, d.giver_id) for d in drinks}
        assert (ana.id, 2, "assigned", cy.id) in got  # refused: double
        assert (bo.id, 1, "assigned", cy.id) in got  # answered: the row value
        h.assert_clean()
    finally:
        await h.stop_bot()
