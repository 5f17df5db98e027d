"""Three players play a whole Pyramid game through the fake Discord."""

from __future__ import annotations

import json
import random
import re
import statistics
import textwrap
from dataclasses import dataclass, field

import pytest

from bot.i18n import speaking
from bot.tables import TableError
from bot.ui.common import size
from tests.e2e.conftest import Harness, seeded_harness

SEED = "e2e-1"  # Bo holds the 3♥ for the first turned card, the 3♣


harness = seeded_harness(SEED)


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
    assert res.in_place and "Look at my cards" in msg.text
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
    ana = players[0]
    by_seat = {table.seat_of(p.id): p for p in players}
    hands_at_deal = [list(hand) for hand in table.state.hands]
    looks = await everyone_looks(h, players, msg, table)
    # Ana switches auto-pass on in her private view, once: she never taps Pass
    res = await h.click(ana, looks[ana.id], "auto")
    assert res.in_place and "Auto-pass is **on**" in res.message.text
    auto = table.seat_of(ana.id)

    right = wrong = shared = passes = 0
    while table.state.phase == "claim":
        st = table.state
        i = st.index
        rank = st.pyramid[i].rank
        for seat, p in by_seat.items():
            hand = table.state.hands[seat]
            match = [n + 1 for n, c in enumerate(hand) if c and c.rank == rank]
            if match:
                if len(match) > 1:  # two or more: one choice on the table lays them all
                    res = await h.select(p, msg, "lay:._", [str(n) for n in match])
                else:
                    res = await h.click(p, msg, f"lay:{match[0]}")
                assert res.ephemeral and "Right!" in res.message.text  # the give is private
                give = res.message
                left = sum(g.left for g in table.state.gives if g.giver == seat)
                assert f"{left} sip" in give.text
                others = [s for s in by_seat if s != seat]
                # one choice gives it all: both others share it, or a tap gives the one sip
                if left > 1:
                    res = await h.select(p, give, "give:..._", [str(s) for s in others])
                    shared += 1
                else:
                    res = await h.click(p, give, f"give:{others[0]}.1")
                assert res.in_place, res.message.text
                assert not [g for g in table.state.gives if g.giver == seat]
                right += 1
            elif not wrong and any(hand):
                n = next(n + 1 for n, c in enumerate(hand) if c)
                res = await h.click(p, msg, f"lay:{n}")
                assert res.in_place and "wrong, drinks" in msg.text
                again = await h.click(p, msg, f"lay:{n}")  # barred from this card now
                assert again.ephemeral and again.message.text
                wrong += 1
        for seat, p in by_seat.items():
            if table.state.phase == "claim" and table.state.index == i and table.state.window_open:
                if table.state.claims[seat] == "waiting" and seat != auto:
                    await h.click(p, msg, "pass")
                    passes += 1
        if table.state.phase == "claim" and table.state.index == i:  # Ana's auto-pass clock
            assert table.state.window_open and table.state.claims[auto] == "waiting"
            h.clock.advance(8)
            await h.service.fire_due()
        assert table.state.index > i or table.state.phase != "claim"
        await h.bot.renderer.flush()
    assert right >= 1 and wrong == 1 and shared >= 1 and passes > 0

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
        assert res.in_place
        clicks += 1
        assert clicks < 200
    assert table.status == "ended" and "is over" in msg.text
    # the payoff: each player's drinks as counted with what they gave, and who gave the most,
    # not the engine's "gave N, took M" lines (a phone screen at ten players)
    assert "Most given:" in msg.text and "took" not in msg.text
    assert all(f"{p.name}**:" in msg.text for p in players)
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
        # the end screen: each player's sips taken and given, as the rules file asks
        assert f"{p.name}**: {taken} sip" in msg.text
        assert f"{p.name}**: {taken} sip{'s' if taken != 1 else ''} (gave {given})" in msg.text
    h.assert_clean()


async def test_restart_in_a_claim_window_keeps_its_time_left_and_claims(harness: Harness):
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

    h.clock.advance(5)  # down for five seconds: the window stood still meanwhile
    await h.start_bot(seeds=lambda: SEED)
    table = await h.service.get(table.id)
    due += 5
    assert table.deadline(key) == due
    await h.rendered(lambda: f"<t:{int(due + 0.999)}:R>" in msg.text, "the new countdown")
    assert list(table.state.claims) == claims
    assert table.engine.view(table.state, None)["gives"][0]["left"] == 1
    res = await h.click(ana, msg, "pass")  # an old button, after the restart
    assert res.in_place
    h.clock.advance(due - h.clock.now())  # the window closes on time
    await h.service.fire_due()
    h.clock.advance(30)  # Bo never gave his sip: the table's generator picks who drinks it
    await h.service.fire_due()
    assert table.state.index == 1
    h.assert_clean()


async def test_a_look_runs_on_while_the_bot_is_away(harness: Harness):
    """pyramid.md: "look at their own cards for 15 seconds ... then never again". The cards
    stay on Ana's screen while the bot is away, so her look runs on: back after 60 s, the bot
    ends it at once and never sends her cards again, while the clock for who has not looked
    yet got the outage back (nobody could press Look meanwhile)."""
    h = harness
    players, msg, table = await open_pyramid(h)
    ana = players[0]
    look = (await h.click(ana, msg, "peek")).message
    hand = labels(table.state.hands[table.seat_of(ana.id)])
    assert all(lab in look.text for lab in hand)
    lobby_due = table.deadline("look")
    assert lobby_due is not None
    h.clock.advance(5)
    await h.stop_bot()
    seen = len(look.versions)

    h.clock.advance(60)
    await h.start_bot(seeds=lambda: SEED)
    await h.bot.renderer.resynced()
    await h.bot.renderer.flush()
    table = await h.service.get(table.id)
    assert not table.state.peeking[table.seat_of(ana.id)]  # the look ended on its time
    assert table.deadline("look") == lobby_due + 60  # the others' time to look stood still
    sent = look.versions[seen:]
    assert sent and not any(lab in json.dumps(v, ensure_ascii=False) for v in sent for lab in hand)
    assert "Memorise" not in look.text
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
        ana_look = (await h.click(ana, msg, "seat")).message  # Ana's view, opened early
        res = await h.select(cy, msg, "lay:._", ["2", "3"])  # both 9s at once, on the table
        assert res.ephemeral and "Name one player" in res.message.text
        mine = res.message
        assert "+1" not in mine.text  # convo mode: no splitting
        assert "1 more after this one" in mine.text  # two cards: two players to name
        await h.select(cy, mine, "give:_", [str(table.seat_of(ana.id))])
        assert "1 more after this one" not in mine.text
        await h.select(cy, mine, "give:_", [str(table.seat_of(bo.id))])
        # the table says whose answers it waits for, and where their buttons are
        await h.rendered(lambda: "\u2753 **Ana**, **Bo**: \u201c" in msg.text)
        assert "Answer and drink 1, or drink 2" in msg.text and "**My cards**" in msg.text
        nines = bank()["9"]
        assert any(q in msg.text for q in nines)  # the matched card's question, shown to all
        # the view Ana had open shows her buttons, and so does a fresh one
        await h.rendered(lambda: "Refuse (drink 2)" in ana_look.text, "Ana's open view")
        ana_view = (await h.click(ana, msg, "seat")).message
        assert "Refuse (drink 2)" in ana_view.text
        await h.click(ana, ana_view, "refuse")
        bo_view = (await h.click(bo, msg, "seat")).message
        await h.click(bo, bo_view, "answer")

        # two cards on one pyramid card: the host may ask Cy any turned card's question
        cy_view = (await h.click(cy, msg, "seat")).message
        assert "Ask " not in cy_view.text  # not for Cy: only the host asks
        with pytest.raises(TableError, match="table-host-only"):
            await h.service.act(table.id, bo.id, {"type": "ask", "seat": 2, "card": 0})
        ana_view = (await h.click(ana, msg, "seat")).message
        res = await h.select(ana, ana_view, "ask", ["0"])
        assert res.in_place
        await h.rendered(lambda: "**Cy**, from the host" in msg.text)
        async with h.bot.store.reading() as q:
            drinks = await q.table_drinks(table.id)
        got = {(d.user_id, d.amount, d.kind, d.giver_id) for d in drinks}
        assert (ana.id, 2, "assigned", cy.id) in got  # refused: double
        assert (bo.id, 1, "assigned", cy.id) in got  # answered: the row value
        h.assert_clean()
    finally:
        await h.stop_bot()


# ---------------------------------------------------------------- on a phone (issue 8)

WORST: list | None = None  # [lines, text] of the tallest screen, when set (to look at it)
PHONE_NAMES = ("Ana", "Bo", "Charlie", "Dee", "Eli", "Fatima", "Gus", "Hannah", "Ivy", "Jonathan")
LONG_NAMES = tuple(f"{n}{n.lower()}{n.lower()}"[:12] for n in PHONE_NAMES)  # 12 characters
COUNTDOWN = re.compile(r"<t:\d+:R>")


def columns(line: str) -> int:
    """Monospace columns on a phone: a ♥ or ♦ (or any other non-ASCII sign) may take two."""
    return sum(1 if ord(ch) < 0x80 else 2 for ch in line)


def drawing_width(text: str) -> int:
    """The widest line of the code block(s) in ``text``."""
    blocks = text.split("```")[1::2]
    return max((columns(line) for b in blocks for line in b.split("\n")), default=0)


def phone_lines(text: str, width: int = 40) -> int:
    """Lines on a phone: a line of a code block is one; other text wraps at ``width``
    characters (an emoji as two, a live countdown as "in 20 seconds", bold marks as nothing).
    The fences of a code block show no line of their own."""
    total, code = 0, False
    for line in text.split("\n"):
        if line.startswith("```"):
            code = not code
        elif code:
            total += 1
        else:
            shown = COUNTDOWN.sub("in 20 seconds", line.replace("**", ""))
            wide = "".join(ch * (2 if ord(ch) >= 0x2100 else 1) for ch in shown)
            total += max(1, len(textwrap.wrap(wide, width)))
    return total


@dataclass
class Measured:
    chars: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # on a phone: wrapped, no fences
    written: list[int] = field(default_factory=list)  # as written: the code fences too
    size: list[tuple[int, int]] = field(default_factory=list)  # common.size(): with the footer
    drawing: int = 0
    answers_awaited: int = 0  # screens drawn while someone owed an answer (convo)


async def scripted_game(
    service, clock, players: int, convo: bool, seed: str, names: tuple[str, ...] = PHONE_NAMES
) -> Measured:
    """A whole game at the table service, played the way people play it: everyone looks, half
    the table switches auto-pass on, a player lays what they hold (sometimes they forget, now
    and then they lay a wrong card), gives with one choice, and the rest pass or let the clock
    run; convo answers and refusals; the explorer turns cards. The public table is drawn and
    measured after every change, and each private view of a player who owes an answer."""
    from bot.engines.pyramid import Answer, Auto, Explore, Give, Lay, Pass, Peek, Refuse
    from bot.ui import pyramid as ui

    rnd = random.Random(seed)
    service.seeds = lambda: seed  # the same deal every time
    users = list(range(500, 500 + players))
    table = await service.open_table(
        "pyramid",
        guild_id=1,
        channel_id=2,
        host_id=users[0],
        host_name=names[0],
        options={"convo": convo},
        seat_host=True,
    )
    for u, name in zip(users[1:], names[1:], strict=False):
        await service.join(table.id, u, name)
    await service.start(table.id, users[0])
    seat_user = {table.seat_of(u): u for u in users}
    out = Measured()

    def measure() -> None:
        if table.status != "playing":
            return  # the end screen is the platform's (tests/test_screens.py)
        text = ui.public(table).embed.description or ""
        out.chars.append(len(text))
        out.lines.append(phone_lines(text))
        out.written.append(text.count("\n") + 1)
        out.size.append(size(ui.public(table)))
        if WORST is not None and out.lines[-1] >= WORST[0]:
            WORST[:] = [out.lines[-1], text]
        out.drawing = max(out.drawing, drawing_width(text))
        view = table.view()
        for a in view.get("answers", []):
            out.answers_awaited += 1
            asked = [line for line in text.split("\n") if line.startswith("\u2753")]
            assert any(ui._name(table, a["target"]) in line for line in asked)  # whose answer
            mine = ui.private(table, a["target"])
            verbs = {c.custom_id.split(":")[2] for r in mine.rows if isinstance(r, list) for c in r}
            assert {"answer", "refuse"} <= verbs, mine.rows  # in their current private view

    async def do(seat: int, action) -> None:
        if table.user_at(seat).left_at is not None:
            # put out on timeouts, their seat open for a take-over (issue 48): nobody moves
            # for it, its clocks run out instead
            await tick()
            return
        await service.act(table.id, seat_user[seat], action)
        measure()

    async def tick() -> None:  # the next clock runs out
        due = min(t.due_at for t in table.timers.values())
        clock.advance(max(0.0, due - clock.now()))
        await service.fire_due()
        measure()

    measure()
    for seat in range(players):
        await do(seat, Peek())
        if seat % 2 == 0:
            await do(seat, Auto(on=True))
    while table.state.phase == "peek":
        await tick()
    while table.state.phase == "claim":
        st, index = table.state, table.state.index
        rank = st.pyramid[index].rank
        for seat in rnd.sample(range(players), players):
            st = table.state
            if st.phase != "claim" or st.index != index or not st.window_open:
                break
            if st.claims[seat] != "waiting" or not st.active[seat]:
                continue
            hand = st.hands[seat]
            match = [n + 1 for n, c in enumerate(hand) if c is not None and c.rank == rank]
            held = [n + 1 for n, c in enumerate(hand) if c is not None]
            if match and rnd.random() < 0.9:
                await do(seat, Lay(slots=match) if len(match) > 1 else Lay(slot=match[0]))
            elif held and rnd.random() < 0.05:
                await do(seat, Lay(slot=rnd.choice(held)))  # a wrong one
            elif seat not in st.autopass and rnd.random() < 0.7:
                await do(seat, Pass())
        # gives and answers, then the clocks for whoever let them run
        while table.state.phase == "claim" and table.state.index == index:
            st = table.state
            if st.gives and rnd.random() < 0.9:
                g = st.gives[0]
                others = [s for s in range(players) if st.active[s] and s != g.giver]
                if convo:
                    await do(g.giver, Give(to=rnd.choice(others)))
                else:
                    left = sum(x.left for x in st.gives if x.giver == g.giver)
                    k = rnd.randint(1, min(3, len(others), left))
                    await do(g.giver, Give(share=rnd.sample(others, k)))
            elif st.answers and rnd.random() < 0.9:
                a = st.answers[0]
                await do(a.target, Answer() if rnd.random() < 0.5 else Refuse())
            else:
                await tick()
    while table.state.phase == "explore":
        st = table.state
        if rnd.random() < 0.9:
            face_down = [p for p in ui_row(st) if not st.ex_turned[p]]
            await do(st.explorer, Explore(pos=rnd.choice(face_down)))
        else:
            await tick()
    assert table.status == "ended"
    return out


def ui_row(st) -> range:
    from bot.engines.pyramid import row_range

    return row_range(st.ex_row)


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("names", [PHONE_NAMES, LONG_NAMES], ids=["names", "long-names"])
@pytest.mark.parametrize("convo", [False, True], ids=["plain", "convo"])
async def test_the_public_table_fits_a_phone_in_whole_games(service, clock, convo, names, lang):
    """Issue 8: the drawing is at most 28 columns (a ♥ or ♦ counted as two); in play, the
    public table's description takes at most 12 lines on a phone (wrapped at 40 characters),
    and with its footer at most 12 lines as written and 600 characters (``common.size``), for
    2 to 10 players over whole games. In convo mode an awaited question may take 3 lines
    more on a phone (as written, the line of what the hands hold gives way to it). In English
    and in Swedish (issue 46)."""
    m = Measured()
    for players in range(2, 11):
        with speaking(lang):
            game = await scripted_game(
                service, clock, players, convo, f"phone-{players}-{convo}", names
            )
        m.chars += game.chars
        m.lines += game.lines
        m.size += game.size
        m.drawing = max(m.drawing, game.drawing)
        m.answers_awaited += game.answers_awaited
    assert 20 <= m.drawing <= 28
    written = [lines for lines, _ in m.size]
    assert max(chars for _, chars in m.size) <= 600
    assert max(m.lines) <= (15 if convo else 12), max(m.lines)
    assert max(written) <= 12, max(written)
    assert statistics.median(m.lines) <= 11 and statistics.median(m.chars) <= 340
    assert not convo or m.answers_awaited > 10  # the convo games did wait for answers


def control_verbs(screen) -> list[str]:
    ids = [c.custom_id for r in screen.rows for c in ([r] if not isinstance(r, list) else r)]
    return [
        cid.split(":")[2] + (":" + cid.split(":")[3] if cid.count(":") > 2 else "") for cid in ids
    ]


async def test_small_things_players_noticed(service, clock):
    """Issue 8: "got an 8?", "lays an 8♦"; one line for one player's double lay; laying
    several cards is offered only while a card is open."""
    from bot.engines.pyramid import Give, Lay, Pass, Peek
    from bot.ui import pyramid as ui
    from tests.engines.test_pyramid import put

    table = await service.open_table(
        "pyramid",
        guild_id=1,
        channel_id=2,
        host_id=500,
        host_name="Ana",
        options={},
        seat_host=True,
    )
    await service.join(table.id, 501, "Bo")
    await service.join(table.id, 502, "Cy")
    await service.start(table.id, 500)
    for code, where in (("8C", ("pyr", 0)), ("AC", ("pyr", 1)), ("8D", ("hand", 0, 1))):
        put(table.state, code, where)
    put(table.state, "8H", ("hand", 0, 2))
    ana, bo, cy = (table.seat_of(u) for u in (500, 501, 502))
    assert ana == 0
    for screen in (ui.public(table), ui.private(table, ana)):  # no card turned yet
        assert not [v for v in control_verbs(screen) if v.startswith("lay")]
    for u in (500, 501, 502):
        await service.act(table.id, u, Peek())
    clock.advance(15)
    await service.fire_due()
    text = ui.public(table).embed.description
    assert "**8\u2663** (1 sip): got an 8?" in text
    assert "lay:._.0" in control_verbs(ui.public(table))  # open: lay one, or several at once
    await service.act(table.id, 500, Lay(slots=[1, 2]))
    text = ui.public(table).embed.description
    assert [line for line in text.split("\n") if "\U0001f381" in line] == [
        "\U0001f381 Giving: **Ana** 2"
    ]
    assert ui._log(table)[-2:] == [
        "**Ana** lays an 8\u2666 on the 8\u2663: right!",
        "**Ana** lays an 8\u2665 on the 8\u2663: right!",
    ]
    for u in (501, 502):
        await service.act(table.id, u, Pass())
    assert not table.state.window_open  # closed, waiting for Ana's sips: nothing to lay
    for screen in (ui.public(table), ui.private(table, ana), ui.private(table, bo)):
        assert not [v for v in control_verbs(screen) if v.startswith("lay")]
    await service.act(table.id, 500, Give(share=[bo, cy]))
    text = ui.public(table).embed.description
    assert "**A\u2663**: got an ace?" in text
    assert "**Ana** gives 2 sips: **Bo** 1, **Cy** 1" in text


async def test_a_lay_pressed_as_the_cards_window_closed_is_too_late_not_laid_on_the_next(
    harness: Harness,
):
    """Bo taps Lay for the turned card just as its clock runs out and the next is turned:
    Discord delivers the click with the message as it is now, whose Lay buttons look the
    same. The button names the card it was for, so the tap is refused, not laid (and shown,
    and drunk for) on the new card."""
    h = harness
    players, msg, table = await open_pyramid(h)
    bo = players[1]
    await everyone_looks(h, players, msg, table)
    st, seat = table.state, table.seat_of(bo.id)
    first = st.index
    cid = h.custom_id(msg, "lay:1")
    hand = list(st.hands[seat])
    h.clock.advance(table.deadline(f"claim:{first}") - h.clock.now())
    await h.service.fire_due()
    assert table.state.index == first + 1
    res = await h.fake.click(bo, msg, cid)
    assert res.ephemeral and "Too late" in res.message.text, res.message.text
    assert table.state.hands[seat] == hand
    h.assert_clean()


async def test_once_auto_pass_has_passed_a_tap_on_lay_is_refused_in_plain_words(
    harness: Harness,
):
    """Audit §1: the rules say an auto-passer counts as passed after the first 8 seconds of a
    card. Ana's Lay tap after them is refused, in words she can act on, and lays nothing."""
    h = harness
    players, msg, table = await open_pyramid(h)
    ana = players[0]
    looks = await everyone_looks(h, players, msg, table)
    res = await h.click(ana, looks[ana.id], "auto")
    assert res.in_place and "Auto-pass is **on**" in res.message.text
    seat, first = table.seat_of(ana.id), table.state.index
    hand = list(table.state.hands[seat])
    h.clock.advance(8)
    await h.service.fire_due()
    assert table.state.index == first and table.state.window_open  # Bo and Cy hold the card
    res = await h.click(ana, msg, "lay:1")
    assert res.ephemeral, res.message.text
    assert res.message.text == (
        "Auto-pass passed for you on this card. Switch it off in My cards to lay on the next one."
    )
    assert table.state.hands[seat] == hand and table.state.laid[first] == []
    h.assert_clean()
