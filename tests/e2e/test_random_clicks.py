"""Every game survives players pressing anything they can see, in any order, with clocks running
out and the bot restarting now and then: each click is answered in plain words, nothing reaches
an internal error, and the store, its action log and the table message agree at the end."""

from __future__ import annotations

import logging
import random

import pytest

from bot.answer import APOLOGY
from bot.games import GAMES
from bot.i18n import english
from tests.e2e.conftest import Harness, open_table, seeded_harness
from tests.fakediscord.server import iter_components

SEED = "random-clicks"  # every registered game is played: a new one needs nothing here
STEPS = 400
RARE = ("end", "leave", "confirm")  # pressed now and then, or every game would end at once

harness = seeded_harness(SEED)


def controls(msg) -> list[dict]:
    return [
        c for c in iter_components(msg.components) if "custom_id" in c and not c.get("disabled")
    ]


async def press(h: Harness, rnd: random.Random, user, msg, c: dict):
    """Press button ``c`` on ``msg``, or pick a random allowed set of options in select ``c``."""
    if c["type"] == 2:
        res = await h.fake.click(user, msg, c["custom_id"])
    else:
        options = [o["value"] for o in c.get("options", [])]
        low, high = c.get("min_values", 1), min(c.get("max_values", 1), len(options))
        values = rnd.sample(options, rnd.randint(low, high))
        res = await h.fake.select(user, msg, c["custom_id"], values)
    return await h.record(res)


def players(game: str) -> int:
    """Three at the table, where the game allows it."""
    engine = GAMES[game].engine
    return min(engine.max_players, max(engine.min_players, 3))


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_random_clicks_by_everyone_with_clocks_and_restarts(
    harness: Harness, game: str, caplog
):
    h, fake = harness, harness.fake
    caplog.set_level(logging.WARNING)
    rnd = random.Random(f"{SEED}-{game}")
    users = [fake.add_user(f"P{i}") for i in range(players(game))]
    stranger = fake.add_user("Stranger")
    msg, tid = await open_table(h, game, users[0], users[1:])
    tables = {tid}
    seen: dict[int, list] = {u.id: [] for u in [*users, stranger]}  # their private messages
    for _ in range(STEPS):
        r = rnd.random()
        if r < 0.05:  # a clock may run out
            h.clock.advance(rnd.choice([5, 30, 120]))
            await h.service.fire_due()
        elif r < 0.06:
            await h.stop_bot()
            await h.start_bot(seeds=lambda: SEED)
            await h.bot.renderer.resynced()
        else:
            user = rnd.choice([*users, *([stranger] if rnd.random() < 0.1 else [])])
            where = rnd.choice([msg, *[m for m in seen[user.id][-4:] if not m.deleted]])
            found = controls(where)
            if not found:
                continue
            weights = [0.03 if c["custom_id"].split(":")[2] in RARE else 1.0 for c in found]
            res = await press(h, rnd, user, where, rnd.choices(found, weights)[0])
            assert res.ok, res
            answers = [m for m in [res.message, *res.followups] if m is not None]
            for m in answers:
                assert english(APOLOGY) not in m.text, m.text
                if m.ephemeral:
                    seen[user.id].append(m)
                elif m.id != msg.id and f"{game}:" in " ".join(m.custom_ids()):
                    msg = m  # Play again opened the next table
                    tables.add(int(m.custom_ids()[0].split(":")[1]))
        await h.bot.renderer.flush()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    h.assert_clean()
    for table_id in tables:  # the store and its action log agree
        table = await h.service.get(table_id)
        if table is not None and table.state is not None:
            assert await h.service.replay(table_id) == table.state
    last = await h.service.get(max(tables))  # the table message shows the store
    assert last is not None
    shown = fake.message(msg).current["embeds"][0]["description"]
    assert shown == h.bot.renderer.draw(last).embed.description


FORGED_ARGS = ["", "0", "-1", "99", "9" * 30, "\u00b2", "a", "1:2", "%", "0,1", "x" * 90]


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_forged_custom_ids_get_a_plain_answer(harness: Harness, game: str, caplog):
    """A hostile client sends this game's verbs with arguments no button carries (and verbs it
    has not got), as buttons and as selects: each gets a plain answer, nothing an error."""
    h, fake = harness, harness.fake
    caplog.set_level(logging.WARNING)
    users = [fake.add_user(f"P{i}") for i in range(players(game))]
    msg, tid = await open_table(h, game, users[0], users[1:])
    await h.click(users[0], msg, "start")
    await h.bot.renderer.flush()
    verbs = {"zzz", "play", "take", "give"} | {
        c.split(":")[2]
        for m in fake.messages.values()
        for c in m.custom_ids()
        if c.startswith(f"{game}:")
    }
    for verb in sorted(verbs):
        for arg in FORGED_ARGS:
            cid = f"{game}:{tid}:{verb}" + (f":{arg}" if arg else "")
            for data in (
                {"custom_id": cid[:100], "component_type": 2},
                {"custom_id": cid[:100], "component_type": 3, "values": [arg, "1"]},
            ):
                res = await h.record(await fake.interact(users[1], 3, data, message=msg))
                for m in [res.message, *res.followups]:
                    assert m is None or english(APOLOGY) not in m.text, (cid, m.text)
    await h.bot.renderer.flush()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    h.assert_clean()
    table = await h.service.get(tid)
    assert table is not None and await h.service.replay(tid) == table.state
