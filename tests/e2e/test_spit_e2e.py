"""Two players play a whole Spit game at once from their control panels, through the fake Discord."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from bot.engines.spit import SpitEngine
from bot.i18n import LANGUAGES, english, speaking
from bot.tables import DOUBLE_TAP
from bot.ui import common
from bot.ui import spit as ui
from bot.ui.common import body_text
from tests.e2e.conftest import Harness, open_table, seeded_harness
from tests.engines.test_spit import make
from tests.fakediscord.server import iter_components
from tests.phone import assert_fits_phone, long_named_table, table_text

SEED = "spit-e2e-1"
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[♣♦♥♠]")


harness = seeded_harness(SEED)


def enabled(msg, verb: str) -> list[str]:
    """The enabled buttons of ``verb`` on a message (as it is now)."""
    return [
        c["custom_id"]
        for c in iter_components(msg.components)
        if c.get("type") == 2 and f":{verb}:" in c.get("custom_id", "") and not c.get("disabled")
    ]


def face_up(table) -> set[str]:
    """Every card label the rules show: the layouts and the centre piles."""
    st = table.state
    cards = [c for layout in st.layouts for c in layout if c is not None]
    cards += [c for pile in st.centre for c in pile]
    return {c.label for c in cards}


def leaks(h: Harness, table) -> list[str]:
    """Cards some message shows that are in no layout and no centre pile: a deck card."""
    seen = face_up(table)
    out = []
    for audience, text in h.fake.everything_shown():
        out += [
            f"{lab} to {audience or 'everyone'}" for lab in CARD.findall(text) if lab not in seen
        ]
    return out


async def test_two_players_race_through_a_whole_game(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    msg, tid = await open_table(h, "spit", ana, [bo])
    res = await h.click(ana, msg, "start")
    assert res.in_place and "Spit" in msg.text
    table = await h.service.get(tid)
    assert isinstance(table.engine, SpitEngine)
    assert not leaks(h, table)

    panels = {}
    for p in (ana, bo):
        res = await h.click(p, msg, "seat")
        assert (
            res.ephemeral and res.message.audience == p.id and "Your Spit panel" in res.message.text
        )
        panels[p.id] = res.message
    # before the opening spit nothing fits: the grid is there, all disabled
    assert not enabled(panels[ana.id], "play") and len(enabled(panels[ana.id], "spit")) == 1

    rng = random.Random(7)
    stats = {"plays": 0, "slow": 0, "stale": 0, "idle": 0, "restarted": False}
    old_ids: dict[int, list[str]] = {ana.id: [], bo.id: []}

    async def act(p):
        panel = panels[p.id]
        ids = enabled(panel, "play") or enabled(panel, "spit")
        if not ids:
            return None
        cid = rng.choice(ids)
        old_ids[p.id].append(cid)
        res = await fake.click(p, panel, cid)
        h.results.append(res)
        # always answered by the new panel, in place: a lost race too
        assert res.in_place and res.message.id == panel.id, res
        if "Too slow" in res.message.text:
            assert res.message.current["embeds"][0]["description"].startswith("⚠️ Too slow!")
            stats["slow"] += 1
        elif ":play:" in cid:
            stats["plays"] += 1
        return res

    rounds = 0
    while table.status == "playing":
        rounds += 1
        assert rounds < 600, "the game does not end"
        done = await asyncio.gather(act(ana), act(bo))
        if rounds == 25:
            assert not leaks(h, table)
            # a restart mid-game: the panels' old buttons still work
            await h.stop_bot()
            await h.start_bot(seeds=lambda: SEED)
            table = await h.service.get(tid)
            stats["restarted"] = True
        if rounds == 12:
            # a button the other player's play made stale and that an edit removed
            for p in (ana, bo):
                await h.bot.renderer.flush_private()
                gone = [c for c in old_ids[p.id] if c not in panels[p.id].custom_ids()]
                if gone and table.status == "playing":
                    res = await fake.click(p, panels[p.id], gone[0], stale=True)
                    h.results.append(res)
                    assert res.in_place, res
                    assert res.message.current["embeds"][0]["description"].startswith("⚠️")
                    assert "Your Spit panel" in res.message.text
                    stats["stale"] += 1
        if any(done):
            continue
        # neither panel offers anything yet: a player who can move opens a fresh panel from
        # the table ("My panel") rather than wait for the renderer's paced edit; else the clock
        reopened = False
        for p in (ana, bo):
            if table.status == "playing" and table.view(table.seat_of(p.id))["moves"]:
                res = await h.click(p, msg, "seat")
                assert res.ephemeral and "Your Spit panel" in res.message.text
                panels[p.id] = res.message
                old_ids[p.id] = []  # buttons of the old panel
                reopened = True
        if not reopened and table.status == "playing":
            stats["idle"] += 1
            h.clock.advance(6)
            await h.service.fire_due()

    assert stats["restarted"] and stats["stale"] >= 1 and stats["plays"] >= 40, stats
    await h.bot.renderer.flush()
    await h.bot.renderer.flush_private()
    assert "is over" in msg.text and msg.custom_ids() == [
        f"spit:{table.id}:again",
        f"replay:{table.id}:step:0",
        f"replay:{table.id}:record",
    ]
    assert not leaks(h, table)
    # a press on an ended table's panel is answered politely
    panel = panels[ana.id]
    assert panel.custom_ids() == []
    if old_ids[ana.id]:
        res = await fake.click(ana, panel, old_ids[ana.id][-1], stale=True)
        assert res.ephemeral and "Too late" in res.message.text

    # the ledger has the result
    results = table.results()
    tally = await h.slash(cy, "tally")
    assert not tally.ephemeral and "1 game" in tally.message.text, tally.message.text
    assert results.summary
    h.assert_clean()


async def test_the_public_table_is_short_and_has_spit(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "spit", ana, [bo])
    await h.click(ana, msg, "start")
    assert "spit" in h.verbs(msg)
    # a refused click in a player's own panel updates that panel, the refusal on top (the
    # platform's answer for any game): a double click on Spit!
    panel = (await h.click(ana, msg, "seat")).message
    cid = h.custom_id(panel, "spit")
    a, b = await asyncio.gather(fake.click(ana, panel, cid), fake.click(ana, panel, cid))
    await h.answered(a, b)
    assert a.in_place and b.in_place and a.message.id == b.message.id == panel.id
    tops = [r.shown["embeds"][0]["description"].split("\n")[0] for r in (a, b)]
    assert tops.count(f"\u26a0\ufe0f {english(DOUBLE_TAP)}") == 1, tops
    assert "spit" not in h.verbs(panel)  # the fresh panel: already said
    # on the public table, a refusal is still a private answer of its own
    res = await h.click(ana, msg, "spit")
    assert res.type == 4 and res.ephemeral and res.message.text == english(DOUBLE_TAP)
    await h.click(bo, msg, "spit")
    await h.rendered(lambda: "No turns" in msg.text, "the game to start")
    desc = msg.current["embeds"][0]["description"]
    assert len(desc) <= 600 and desc.count("\n") < 12, desc
    assert "Centre: left" in desc
    h.assert_clean()


def seen(t) -> list[str]:
    """The table and both panels, as a phone shows them."""
    return [table_text(t), *(body_text(ui.private(t, seat).embed) for seat in (0, 1))]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("seed", ["phone-1", "phone-2"])
async def test_the_public_table_fits_a_phone_over_whole_games(store, clock, seed, lang):
    """At most 12 lines and 600 characters with 12-character names (issue 8), in each language,
    the table and both panels measured after every move of a whole game: a random move of
    either player each time (a play, or Spit! when due), and every third spit the clock spits
    instead."""

    service, t = await long_named_table(store, clock, "spit", 2, seed)
    rng = random.Random(seed)
    with speaking(lang):
        shown, moves, timeouts = seen(t), 0, 0
    while t.status == "playing":
        moves += 1
        assert moves < 3000
        v = t.view()
        options = [(seat, a) for seat in (0, 1) for a in t.view(seat)["moves"]]
        if v["phase"] == "spit" and v["spits"] % 3 == 2 or not options:
            timeouts += 1
            clock.advance(t.deadline(v["clock"]) - clock.now())
            await service.fire_due()
        else:
            seat, action = rng.choice(options)
            await service.act(t.id, 100 + seat, action)
        if t.status == "playing":
            with speaking(lang):
                shown += seen(t)
    with speaking(lang):
        shown.append(table_text(t))  # the end screen
    assert t.view()["over"] and t.view()["ending"] in ("out", "stuck") and timeouts >= 2
    what = f"Spit ({seed}, {lang}): {moves} moves, {timeouts} spat by the clock"
    assert_fits_phone(shown, what)


async def test_in_a_lone_stalemate_each_panel_says_what_its_player_does(store, clock):
    """Only Bo has deck cards left: Bo's panel asks him for the pile, Ana's for Spit! (her deck
    is empty: the piles are not hers to choose), and the table names who chooses and whose
    each button is."""
    service, t = await long_named_table(store, clock, "spit", 2, "lone")
    t.state = make(["5C", "JC"], ["9H"], d0=(), d1=("3D", "9D"), phase="spit")
    bo = common.name(t, 1)
    desc = {
        who: screen.embed.description
        for who, screen in (("public", ui.public(t)), (0, ui.private(t, 0)), (1, ui.private(t, 1)))
    }
    assert f"Your deck is empty: press **Spit!** while {bo} chooses the pile" in desc[0]
    assert "choose the pile" not in desc[0]
    assert "Stalemate! Only you can spit: choose the pile" in desc[1]
    assert f"{bo} spits alone" in desc["public"]
    ana_name, bo_name = t.user_at(0).name, t.user_at(1).name
    labels = [b.label for row in ui.public(t).rows if isinstance(row, list) for b in row]
    assert labels[:3] == [
        f"Spit! ({ana_name})",
        f"{bo_name}: spit onto left",
        f"{bo_name}: spit onto right",
    ]
