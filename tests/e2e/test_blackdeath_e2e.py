"""Black Death through the fake Discord: four players to the end with a forfeit, a restart and
a clock, then three players with a leaver and a loser who lets the clock finish their drink."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.clock import ManualClock
from bot.engines.base import IllegalAction, msg
from bot.engines.blackdeath import DEATH_FOUND, ENGINE, SetForfeit, pairs_phrase
from bot.i18n import english, speaking
from bot.tables import Table
from bot.ui import blackdeath as ui
from bot.ui import common
from tests.e2e.conftest import Harness, open_table, seeded_harness
from tests.engines.test_blackdeath import losing
from tests.phone import long_named_table, table_text

SEED = "bd-e2e-2"


harness = seeded_harness(SEED)


async def start_game(h: Harness, names: tuple[str, ...]):
    """Everyone sits down through the UI (rules consent on the first join); the host starts."""
    players = [h.fake.add_user(n) for n in names]
    msg, tid = await open_table(h, "blackdeath", players[0], players[1:])
    assert "Black Death" in msg.text
    res = await h.click(players[0], msg, "start")
    assert res.in_place
    table = await h.service.get(tid)
    assert table is not None and table.status == "playing"
    return players, msg, table


class Known:
    """Every card each player has ever held: what they may see (the rest of the hands: never)."""

    def __init__(self, table: Table, players) -> None:
        self.table = table
        self.held: dict[int, set] = {p.id: set() for p in players}
        self.note()

    def note(self) -> None:
        for seat, hand in enumerate(self.table.state.hands):
            self.held[self.table.user_at(seat).user_id] |= set(hand)

    def leaks(self, h: Harness) -> list[str]:
        """Cards now in someone's hand that a message shown to anyone else ever named."""
        st, out = self.table.state, []
        for audience, text in h.fake.everything_shown():
            seat = self.table.seat_row(audience).seat if audience in self.held else None
            hidden = set(ENGINE.hidden(st, seat)) - self.held.get(audience, set())
            for card in hidden:
                words = [card.label] + ([] if card.is_major else [card.name.removeprefix("the ")])
                if any(w in text for w in words):
                    out.append(f"{card.label} shown to {audience or 'everyone'}: {text[:80]!r}")
        return out


def in_order(text: str, labels: list[str]) -> bool:
    at = [text.find(lab) for lab in labels]
    return all(i >= 0 for i in at) and at == sorted(at)


async def test_the_host_deals_so_black_death_starts_only_with_the_host_seated(harness: Harness):
    """black-death.md: "The dealer is the host", and the host writes the forfeit. A host who
    never sat down could start a game that seat 0 dealt and wrote the forfeit for, while the
    host could write nothing (the rules audit). Start now asks the host to sit down first."""
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    res = await h.slash(ana, "blackdeath", "start")  # Ana never presses I'm in
    msg = res.message
    for p in (bo, cy):
        await h.join(p, msg)
    await h.rendered(lambda: "Players (2/10)" in msg.text)
    res = await h.click(ana, msg, "start")
    assert res.ephemeral
    assert res.message.text == (
        "In Black Death the host deals: press **Join** to take your seat, then Start."
    )
    table = await h.service.get(int(h.custom_id(msg, "join").split(":")[1]))
    assert table.status == "lobby"
    await h.join(ana, msg)
    res = await h.click(ana, msg, "start")
    assert res.in_place and table.status == "playing"
    assert table.seat_of(ana.id) == 0  # the dealer, and the forfeit's writer
    h.assert_clean()


async def test_four_players_play_to_the_end_and_the_host_sets_a_forfeit(harness: Harness):
    h, fake = harness, harness.fake
    players, msg, table = await start_game(h, ("Ana", "Bo", "Cy", "Dee"))
    ana, bo, cy, dee = players
    eve = fake.add_user("Eve")
    users = {table.seat_of(p.id): p for p in players}
    known = Known(table, players)

    # the deal: every player's thrown pairs, publicly, and whose turn it is to take from whom
    st = table.state
    deal = [english(line) for line in st.deal_log]
    assert deal and all(line.count("discards") == 1 for line in deal)
    for line in deal:
        seat = int(line[2])
        assert f"**{users[seat].name}** discards " + line.split(" discards ")[1] in msg.text
    taker, offerer = users[st.taker], users[st.offerer]
    n = len(st.hands[st.offerer])
    assert f"**{taker.name}**, take one of **{offerer.name}**'s {n} face-down cards" in msg.text
    assert ui.BACK in msg.text and "<t:" in msg.text  # the fans, the clock
    for seat, hand in enumerate(st.hands):
        assert f"**{users[seat].name}** {ui._fan(len(hand))}" in msg.text
    assert h.verbs(msg).count("take") == len(st.hands[st.offerer])
    assert known.leaks(h) == []

    # a position that isn't yours to take, and a bystander: plain answers
    other = next(p for p in players if p not in (taker, offerer))
    res = await h.click(other, msg, "take:1")
    assert res.ephemeral and res.message.text == "It's not your turn to take a card."
    res = await h.click(eve, msg, "take:1")
    assert res.ephemeral and "not playing at this table" in res.message.text
    res = await h.click(eve, msg, "seat")
    assert res.ephemeral and "not playing at this table" in res.message.text

    step = timeouts = pairs_seen = 0
    offerer_view = None
    while table.state.phase == "take":
        st = table.state
        taker, offerer = users[st.taker], users[st.offerer]
        n = len(st.hands[st.offerer])
        pos = (3 * step) % n + 1
        card = st.hands[st.offerer][pos - 1]
        if step == 2:  # the offerer keeps their hand open: they'll learn what was taken
            res = await h.click(offerer, msg, "seat")
            offerer_view = (offerer, res.message)
            mine = [c.label for c in sorted(st.hands[st.offerer])]
            assert res.ephemeral and in_order(res.message.text, mine)  # sorted, pairs gone
            assert f"**{taker.name}** is taking a card from your hand" in res.message.text
        if step == 6:  # a restart mid-game: the old buttons still work
            await h.stop_bot()
            await h.start_bot(seeds=lambda: SEED)
            table = await h.service.get(table.id)
            known.table = table
        if step == 9:  # the taker lets the clock run out: a card is taken for them
            h.clock.advance(ui.TAKE_SECONDS)
            assert await h.service.fire_due() == 1
            timeouts += 1
            mine = (await h.click(taker, msg, "seat")).message
            drawn = [line for line in mine.text.splitlines() if "You drew" in line][-1]
            assert drawn.split("You drew ")[1] in {c.name for c in table.state.hands[st.taker]} | {
                c.name for p in table.state.discarded for c in p.cards
            }
        elif step == 4:  # the taker opens their hand and takes from there
            mine = (await h.click(taker, msg, "seat")).message
            assert "**Your turn**" in mine.text
            res = await h.click(taker, mine, f"take:{pos}")
            assert res.in_place and f"You drew {card.name}" in mine.text
        else:
            res = await h.click(taker, msg, f"take:{pos}")
            assert res.ephemeral and res.message.audience == taker.id, res
            assert f"You drew {card.name}" in res.message.text  # only for the taker
            hand = [c.label for c in sorted(table.state.hands[st.taker])]
            assert in_order(res.message.text, hand)
        known.note()
        await h.bot.renderer.flush()
        if "discards a pair of" in msg.text:
            pairs_seen += 1
        if offerer_view and offerer_view[0] is offerer and step == 2:
            assert f"**{taker.name}** took {card.name} from you" in offerer_view[1].text
        if step % 5 == 0:
            assert known.leaks(h) == [], known.leaks(h)
        step += 1
        assert step < 300
    assert step > 10 and timeouts == 1 and pairs_seen > 0
    assert known.leaks(h) == []

    # Death's holder chooses; only they may
    st = table.state
    assert st.phase == "choose"
    loser, writer = users[st.loser], users[ENGINE.forfeit_writer(st)]
    assert writer is ana  # the host writes it
    await h.rendered(lambda: f"Only Death is left, and **{loser.name}** holds it!" in msg.text)
    assert {"finish", "forfeit"} <= set(h.verbs(msg))
    bystander = next(p for p in players if p not in (loser, writer))
    res = await h.click(bystander, msg, "finish")
    assert res.ephemeral and res.message.text == "Only the player holding Death chooses."
    res = await h.click(loser, msg, "forfeit")
    assert res.in_place and "Write the forfeit" in msg.text
    assert f"**{ana.name}**, press **Write the forfeit**" in msg.text

    # the form: for the writer only
    res = await h.click(bystander, msg, "form")
    assert res.ephemeral and res.message.text == "There is nothing to write now."
    res = await h.click(eve, msg, "form")
    assert res.ephemeral and "not playing at this table" in res.message.text
    res = await h.click(writer, msg, "form")
    assert res.type == 9 and res.data["title"] == f"A forfeit for {loser.name}"
    form_id = res.data["custom_id"]
    # blank: a clear answer, and the form again
    res = await fake.submit_modal(writer, form_id, {"text": "   \n "})
    h.results.append(res)
    assert res.ephemeral and "can't be empty" in res.message.text
    res = await h.click(writer, res.message, "form")
    assert res.type == 9
    with pytest.raises(AssertionError, match="longer than 200"):  # Discord won't send 201
        await fake.submit_modal(writer, form_id, {"text": "x" * 201})
    with pytest.raises(IllegalAction, match="blackdeath-long-forfeit"):  # nor would we take it
        await h.service.act(table.id, writer.id, SetForfeit("x" * 201))
    forfeit = "Serenade {p1} with a *sea shanty*, standing on a chair"
    res = await fake.submit_modal(writer, form_id, {"text": forfeit})
    h.results.append(res)
    assert res.in_place and "is over" in res.message.text  # the writer's message: the end
    assert table.status == "ended"
    await h.rendered(lambda: "is over" in msg.text)
    shown = forfeit.replace("*", "\\*")  # written as typed: no name filled in, no Markdown
    assert f"**{loser.name}** held Death and took a forfeit: {shown}" in msg.text
    assert "Safe: " in msg.text and table.row.seed in msg.text
    assert msg.custom_ids() == [
        f"blackdeath:{table.id}:again",
        f"replay:{table.id}:step:0",
        f"replay:{table.id}:record",
    ]
    assert known.leaks(h) == []

    # the ledger: one forfeit for the loser, shown by /tally
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(table.id)
    assert [(d.user_id, d.kind, d.reason) for d in drinks] == [(loser.id, "forfeit", forfeit)]
    tally = await h.slash(eve, "tally")
    line = next(x for x in tally.message.text.splitlines() if f"{loser.name}:" in x)
    assert "1 forfeit" in line
    h.assert_clean()


async def test_a_leaver_passes_their_cards_on_and_the_clock_finishes_the_drink(fake, tmp_path):
    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot(seeds=lambda: "bd-e2e-leave")
    try:
        players, msg, table = await start_game(h, ("Ana", "Bo", "Cy"))
        users = {table.seat_of(p.id): p for p in players}
        known = Known(table, players)
        leaver = users[2]
        cards = len(table.state.hands[2])
        res = await h.confirmed(leaver, msg, "leave")
        assert res.in_place
        known.note()
        # the seat waits, its cards in play, for someone to take it over (issue 48)
        assert f"\U0001fa91 **{leaver.name}**'s seat is open" in msg.text
        assert table.state.hands[2] and "take_seat" in h.verbs(msg)
        h.clock.advance(30)  # nobody takes it: its clock runs out, and the rules' leave
        assert await h.service.fire_due() == 1
        await h.rendered(lambda: f"Nobody took **{leaver.name}**'s seat in time." in msg.text)
        known.note()
        assert f"**{leaver.name}**'s {cards} cards pass to" in msg.text or cards == 0
        assert f"\U0001f6aa **{leaver.name}** left" in msg.text
        while table.state.phase == "take":
            st = table.state
            res = await h.click(users[st.taker], msg, "take:1")
            assert res.ephemeral and "You drew" in res.message.text
            known.note()
            await h.bot.renderer.flush()
        assert known.leaks(h) == []
        loser = users[table.state.loser]
        mine = (await h.click(loser, msg, "seat")).message
        assert "You hold Death!" in mine.text and "finish" in h.verbs(mine)
        h.clock.advance(60)  # the loser doesn't choose: they finish their drink
        assert await h.service.fire_due() == 1
        await h.rendered(lambda: "finished their drink" in msg.text)
        tally = await h.slash(users[0], "tally")
        line = next(x for x in tally.message.text.splitlines() if f"{loser.name}:" in x)
        assert "1 finished drink" in line
        h.assert_clean()
    finally:
        await h.stop_bot()


async def test_a_safe_player_who_leaves_keeps_their_win(harness: Harness):
    """ "Run out of cards and you are out of the game, safe from Death": a safe player who then
    presses Leave (and confirms) is still among the safe at the end, and /tally counts their
    win (they used to be listed as Left, with no win)."""
    h = harness
    players, msg, table = await start_game(h, ("Ana", "Bo", "Cy", "Dee"))
    users = {table.seat_of(p.id): p for p in players}
    safe = None
    while table.state.phase == "take":
        st = table.state
        empty = [s for s in range(st.players) if not st.hands[s]]
        if empty and len(ENGINE.holders(st)) > 2:  # someone safe, and still cards to take
            safe = users[empty[0]]
            break
        res = await h.click(users[st.taker], msg, "take:1")
        assert res.ephemeral and "You drew" in res.message.text
    assert safe is not None, "nobody was safe while three still held cards: change the seed"
    await h.bot.renderer.flush()
    assert f"\u2705 **{safe.name}** safe" in msg.text
    res = await h.confirmed(safe, msg, "leave")
    assert "You left table" in res.message.text
    await h.rendered(lambda: f"\u2705 **{safe.name}** safe (left)" in msg.text)
    while table.state.phase == "take":
        res = await h.click(users[table.state.taker], msg, "take:1")
        assert res.ephemeral and "You drew" in res.message.text
    loser = users[table.state.loser]
    assert loser is not safe
    await h.rendered(lambda: "finish" in h.verbs(msg))
    res = await h.click(loser, msg, "finish")
    assert res.in_place and table.status == "ended"
    await h.rendered(lambda: "is over" in msg.text)
    safe_line = next(x for x in msg.text.splitlines() if x.startswith("\U0001f37b Safe: "))
    assert f"**{safe.name}** (left)" in safe_line
    assert "Left: " not in msg.text
    async with h.bot.store.reading() as q:
        rows = await q._all("SELECT user_id, outcome FROM results WHERE table_id = ?", (table.id,))
    outcomes = {r["user_id"]: r["outcome"] for r in rows}
    assert outcomes == {p.id: "lost" if p is loser else "won" for p in players}
    tally = await h.slash(safe, "tally", options={"user": safe})
    assert "1 game, 1 win" in tally.message.text
    h.assert_clean()


def test_positions_are_buttons_five_to_a_row_and_a_select_past_twenty():
    table = SimpleNamespace(id=7, row=SimpleNamespace(game="blackdeath"))
    rows = ui._take_rows(table, 15)  # a hand without pairs holds at most 15 cards
    assert [[b.label for b in row] for row in rows] == [
        [str(p) for p in range(k, k + 5)] for k in (1, 6, 11)
    ]
    assert rows[2][4].custom_id == "blackdeath:7:take:15"
    (select,) = ui._take_rows(table, 23)
    assert select.custom_id == "blackdeath:7:take:_"
    assert [o.value for o in select.options] == [str(p) for p in range(1, 24)]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("players", [3, 5, 6, 10])
async def test_the_public_table_fits_a_phone_over_whole_games(store, clock, players, lang):
    """At most 12 lines and 600 characters in play, in English and in Swedish, with
    12-character names, clocks playing every move (issue 8). Past five players the table is
    compact: two players to a line."""
    service, t = await long_named_table(store, clock, "blackdeath", players, f"phone-{players}")
    sizes = []
    while t.status == "playing":
        with speaking(lang):
            text = table_text(t)
        sizes.append((len(text.splitlines()), len(text)))
        clock.advance(100)
        await service.fire_due()
    assert len(sizes) > 5
    most = (max(lines for lines, _ in sizes), max(n for _, n in sizes))
    print(f"Black Death ({lang}), {players} players: at most {most[0]} lines, {most[1]} characters")
    assert most[0] <= 12 and most[1] <= 600, most


async def test_an_offer_of_one_card_says_last_card_not_1_cards(store, clock):
    service, t = await long_named_table(store, clock, "blackdeath", 4, "one-card")
    st = t.state
    st.hands[st.offerer] = st.hands[st.offerer][:1]  # the offerer's last card
    offerer, taker = common.name(t, st.offerer), common.name(t, st.taker)
    public = table_text(t)
    assert f"{taker}, take {offerer}'s last card: press 1" in public
    mine = ui.private(t, st.taker).embed.description or ""
    assert f"take {offerer}'s last card (1), here or on the table" in mine
    assert "1 face-down cards" not in public + mine


async def test_once_death_is_found_the_table_drops_the_take_clock_and_says_it_once(store, clock):
    service, t = await long_named_table(store, clock, "blackdeath", 3, "found")
    t.state = losing(3, 1)
    found = msg(DEATH_FOUND, who="{p1}")
    pair = msg("blackdeath-discards", who="{p0}", pairs=pairs_phrase([3]))
    t.row.log = [pair, found]  # as the engine logged it
    text = table_text(t)
    assert "to take a card" not in text  # the footer's take clock: over
    assert text.count("Only Death is left") == 1  # the turn line, not Latest again
