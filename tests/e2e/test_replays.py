"""Replays and game records through the fake Discord: a finished War game's **Replay** steps from
the deal to the end, every step matching the game as it was played (the hands, the drinks, the
table's picture); **Record** gives a JSON file that re-deals offline to the same ledger, and a
tampered one is refused plainly; /history lists the game and opens its replay."""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest
from PIL import Image

from bot.art.tables import art_of
from bot.engines.base import GameError, Leave, Timeout
from bot.games import GAMES
from bot.replay import RecordRefused, main, make_record, replay_record
from bot.ui.common import key_of
from tests.e2e.conftest import Harness, open_table
from tests.e2e.test_war_e2e import open_war


async def finished_war(h: Harness):
    fake = h.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    while table.status == "playing":
        if "flip" in h.verbs(msg):
            await h.click(ana, msg, "flip")
        else:
            v = table.engine.view(table.state, None)
            await h.click(users[table.user_at(v["loser"]).user_id], msg, "drink")
    await h.bot.renderer.flush()
    return ana, bo, msg, table


def sips_in_text(text: str, name: str) -> int:
    line = next(x for x in text.splitlines() if x.startswith("**Drinks so far:**"))
    part = next(p for p in line.split("·") if name in p)
    return int(part.split()[-1])


async def test_a_finished_games_replay_steps_from_the_deal_to_the_end(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo, msg, table = await finished_war(h)
    res = await h.click(bo, msg, "step")  # Replay, on the end screen
    view = res.message
    assert res.ephemeral and view.audience == bo.id
    assert "Replay" in view.text and "The deal" in view.text
    total = len(await _moves(h, table.id))
    # every hand is shown: at the deal, both War piles, which nobody saw during the game
    assert "**Ana**:" in view.text and "**Bo**:" in view.text
    # step forward: the first flip, as the log told it, with the table's picture as it was
    res = await fake.click(bo, view, f"replay:{table.id}:step:1")
    await h.record(res)
    assert "**Hand 1** · step 1 of" in view.text and "**Ana** turns" in view.text
    assert not fake.loose_attachments(view)
    (att,) = view.attachments
    assert view.embeds[0]["image"]["url"] == "attachment://replay.png"
    assert Image.open(io.BytesIO(fake.upload_of(att))).format == "PNG"
    # the last step: the end, the drinks as the ledger holds them
    res = await fake.click(bo, view, f"replay:{table.id}:step:{total}.l")
    await h.record(res)
    assert f"** · step {total} of {total} · the end" in view.text
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(table.id)
    for user in (ana, bo):
        assert sips_in_text(view.text, user.name) == sum(
            d.amount for d in drinks if d.user_id == user.id
        )
    # a jump to any part of the game
    jump = next(c for c in view.custom_ids() if c.endswith(":jump"))
    await h.record(await fake.select(bo, view, jump, ["5"]))
    assert "· step 5 of" in view.text
    h.assert_clean()


async def _moves(h: Harness, table_id: int) -> list:
    async with h.bot.store.reading() as q:
        return await q.actions(table_id)


async def test_the_record_re_deals_offline_and_a_tampered_one_is_refused(
    harness: Harness, tmp_path, capsys
):
    h, fake = harness, harness.fake
    ana, _, msg, table = await finished_war(h)
    res = await h.click(ana, msg, "record")
    assert res.ephemeral
    (att,) = res.message.attachments
    assert att["filename"] == f"barkeep-war-table-{table.id}.json"
    record = json.loads(fake.upload_of(att))
    replayed = replay_record(record)
    async with h.bot.store.reading() as q:
        stored = await q.table(table.id)
    assert replayed.engine.to_dict(replayed.final_state) == stored.state
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 0
    assert "matches" in capsys.readouterr().out
    record["actions"][3]["action"] = {"verb": "double"}  # a move the game would not take
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 1
    assert "This record was changed" in capsys.readouterr().err
    try:
        replay_record(record)
    except RecordRefused as err:
        assert str(err).startswith("This record was changed")
    h.assert_clean()


async def test_history_lists_the_game_and_opens_its_replay(harness: Harness):
    h = harness
    ana, _, _, table = await finished_war(h)
    res = await h.slash(ana, "history")
    assert res.ephemeral and f"#{table.id} Double-or-Nothing War" in res.message.text
    res = await h.select(ana, res.message, "pick", [str(table.id)])
    assert "Replay" in res.message.text and "The deal" in res.message.text
    h.assert_clean()


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_replay_shows_every_table_picture_the_game_showed(harness: Harness, game: str):
    """Each game, played to its end through the table service while the bot shows it on the
    fake Discord: every picture the table's message carried is one the replay draws at some
    step (the replay rebuilds the states the players saw)."""
    h, fake = harness, harness.fake
    engine = GAMES[game].engine
    users = [fake.add_user(f"P{i}") for i in range(min(engine.max_players, 3))]
    msg, tid = await open_table(h, game, users[0], users[1:])
    await h.click(users[0], msg, "start")
    table = await h.service.get(tid)
    rnd = random.Random(game)
    for n in range(400):
        if table.status != "playing":
            break
        moves = [
            (s.user_id, a)
            for s in table.seated()
            if s.seat is not None
            for a in engine.legal_actions(table.state, s.seat)
            if not isinstance(a, Leave | Timeout) and type(a) not in engine.ask_first
        ]
        if moves and (not table.timers or rnd.random() < 0.9):
            user, action = rnd.choice(moves)
            with contextlib.suppress(GameError):
                await h.service.act(tid, user, action)
        elif table.timers:
            due = min(t.due_at for t in table.timers.values())
            h.clock.advance(max(due - h.clock.now(), 0))
            await h.service.fire_due()
        if n % 4 == 0:
            await h.bot.renderer.flush()  # the table's message catches up: a picture now
    if table.status == "playing":
        await h.service.end(tid, users[0].id, can_manage=True)
    await h.bot.renderer.flush()
    shown = {
        key
        for version in fake.message(msg).versions
        for att in version.get("attachments") or []
        if (key := key_of(att["filename"])) is not None
    }
    assert shown, "the table never showed a picture"
    async with h.bot.store.reading() as q:
        record = make_record(
            await q.table(tid),
            await q.seats(tid),
            await q.actions_with_seq(tid),
            await q.table_drinks(tid),
        )
    replayed = replay_record(record)
    names = [p["name"] for p in record["players"]]
    art = art_of(game)
    drawn = {
        picture.key()
        for state in replayed.states
        if (picture := art.picture(engine.view(state, None), names)) is not None
    }
    assert shown <= drawn, sorted(shown - drawn)
    h.assert_clean()
