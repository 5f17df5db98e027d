"""Replays and game records through the fake Discord: for every game, a finished random game's
**Replay** steps from the deal to the end (Next, First, Last, the jump menu), each step showing
what the table showed then (its message's picture, the lines it logged) and the drinks the
ledger held; **Record** gives a JSON file that re-deals offline, and one with a move or a drink
changed is refused in one plain sentence; /history lists the game and opens its replay."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass

import pytest

from bot.engines.base import GameError, Leave, Timeout
from bot.engines.giveandtake import LastCall
from bot.engines.shithead import Play as ShitheadPlay
from bot.engines.tarok import Play as TarokPlay
from bot.engines.tarok import card_of
from bot.games import GAMES
from bot.replay import RecordRefused, main, replay_record
from bot.tables import LOG_LINES
from bot.ui.common import key_of, say_names
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


@dataclass
class Shown:
    """What a table showed after a step: its message's picture, its public log's new lines."""

    key: str | None
    said: list[str] | None  # None: a clock fired more than one move at once


def table_key(msg) -> str | None:
    keys = [key_of(att["filename"]) for att in msg.attachments]
    return next((k for k in keys if k is not None), None)


def new_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines a step added to the table's public log (the last LOG_LINES kept)."""
    for n in range(len(after) + 1):
        if (before + after[len(after) - n :])[-LOG_LINES:] == after:
            return after[len(after) - n :]
    raise AssertionError((before, after))


def choose(game: str, moves: list, rnd: random.Random):
    """A random move, but short games: Shithead lays its most and lowest cards, the Tarok's
    first seat its highest card and the others their lowest (a winner in a hand or two)."""
    if game == "shithead":
        plays = [m for m in moves if isinstance(m[1], ShitheadPlay)]
        if plays:
            return min(plays, key=lambda m: (-len(m[1].cards), m[1].as_value or 0, m[1].cards))
    if game == "tarok":
        plays = [m for m in moves if isinstance(m[1], TarokPlay)]
        best = max if plays[0][2] == 0 else min
        return best(plays, key=lambda m: (card_of(m[1].card).rank, m[1].card))
    return rnd.choice(moves)


PLAYERS = {"blackdeath": 3}  # 2 for every other game
LAST_CALL = 40  # Give & Take: the host calls last call after that many moves


async def play_watched(h: Harness, game: str, locale: str = "en-US", views: bool = False):
    """A whole random game of ``game`` through the table service, the table's message brought
    up to date (text and picture) after every change: (its players, the table message, the
    table, what it showed after each step by move number; 0: the deal). Clocks run out now and
    then, and whenever nobody can move (in Spit only then: its idle clock ends the game).
    ``locale``: the players' Discord language; ``views``: each opens their private view at the
    deal (kept up to date by the bot from then on)."""
    fake, engine = h.fake, GAMES[game].engine
    names = ["Ana", "Bo", "Cy"][: PLAYERS.get(game, 2)]
    users = [fake.add_user(name, locale=locale) for name in names]
    msg, tid = await open_table(h, game, users[0], users[1:])
    await h.click(users[0], msg, "start")
    if views:
        for user in users:
            await h.click(user, msg, "seat")
    await h.bot.renderer.flush()
    table = await h.service.get(tid)
    shown = {0: Shown(table_key(msg), [])}
    rnd = random.Random(game)
    while table.status == "playing":
        log, seq = list(table.row.log), table.row.seq
        moves = [
            (s.user_id, a, s.seat)
            for s in table.seated()
            if s.seat is not None
            for a in engine.legal_actions(table.state, s.seat)
            if not isinstance(a, Leave | Timeout) and type(a) not in engine.ask_first
        ]
        if game == "giveandtake" and seq >= LAST_CALL:
            await h.service.act(tid, users[0].id, LastCall())
        elif moves and (not table.timers or rnd.random() < 0.9 or game == "spit"):
            user, action, _ = choose(game, moves, rnd)
            with contextlib.suppress(GameError):  # a host's move by another, say
                await h.service.act(tid, user, action)
        else:
            due = min(t.due_at for t in table.timers.values())
            h.clock.advance(max(due - h.clock.now(), 0))
            await h.service.fire_due()
        if table.row.seq != seq:
            await h.bot.renderer.flush()
            # a clock may fire more than one move at once: the table showed only the last
            one = table.row.seq == seq + 1
            said = new_lines(log, table.row.log) if one else None
            shown[table.row.seq] = Shown(table_key(msg), said)
    await h.bot.renderer.flush()
    return users, msg, table, shown


def drinks_line(text: str) -> dict[str, int] | None:
    """The stepper's "Drinks so far" line: each name's sips (None: no such line, a game where
    nobody drinks)."""
    line = next((x for x in text.splitlines() if x.startswith("**Drinks so far:**")), None)
    if line is None:
        return None
    line = line.removeprefix("**Drinks so far:** ")
    if line == "No drinks yet.":
        return {}
    return {p.rsplit(" ", 1)[0].strip("* "): int(p.rsplit(" ", 1)[1]) for p in line.split(" · ")}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_replay_steps_from_the_deal_to_the_end_as_the_table_showed_it(
    harness: Harness, game: str, tmp_path, capsys
):
    """Each game, played to its end at random: its end screen's Replay steps with Next from
    the deal to the end, then First, Last and a jump, and every step shows the picture the
    table's message carried then, the lines the table logged, and the drinks the ledger held;
    its Record, with a move or a drink changed, is refused in one plain sentence."""
    h, fake = harness, harness.fake
    users, msg, table, shown = await play_watched(h, game)
    tid, viewer, engine = table.id, users[1], GAMES[game].engine
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(tid)
    res = await h.click(viewer, msg, "record")
    record = json.loads(fake.upload_of(res.message.attachments[0]))
    names = {f"p{p['seat']}": p["name"] for p in record["players"]}
    name_of = {u.id: u.name for u in users}
    total = len(record["actions"])
    assert total == table.row.seq and len(shown) > total // 2  # most steps were shown alone

    def check(view, step: int) -> list[str]:
        lines = view.embeds[0]["description"].splitlines()
        assert f"tep {step} of {total}" in lines[0], (step, lines[0])
        sips: dict[str, int] = {}
        for d in drinks:
            if d.seq <= step:
                sips[name_of[d.user_id]] = sips.get(name_of[d.user_id], 0) + d.amount
        drank = drinks_line(view.embeds[0]["description"])
        assert drank == (sips if engine.drinks_with(record["options"]) else None), step
        seen = shown.get(step)
        if seen is not None:
            assert table_key(view) == seen.key, step  # the table's picture, as it was
        if seen is not None and seen.said is not None:
            said = [say_names(line, names) for line in seen.said[:2]]
            assert lines[1 : 1 + len(said)] == said, (step, lines, said)
        return lines

    res = await h.click(viewer, msg, "step")  # Replay
    view = res.message
    assert res.ephemeral and view.audience == viewer.id
    lines = check(view, 0)
    assert lines[0].startswith("**The deal**")
    for step in range(1, total + 1):
        await h.record(await fake.click(viewer, view, f"replay:{tid}:step:{step}"))
        check(view, step)
    assert check(view, total)[0].endswith(" · the end")
    await h.record(await fake.click(viewer, view, f"replay:{tid}:step:0.f"))  # First
    check(view, 0)
    await h.record(await fake.click(viewer, view, f"replay:{tid}:step:{total}.l"))  # Last
    check(view, total)
    (jump,) = [c for c in view.custom_ids() if c.endswith(":jump")]
    options = view.find_component(jump)["options"]
    assert options[0]["label"] == "The deal" and options[-1]["label"].endswith("he end")
    assert len(options) <= 25 and len(options) > 2, [o["label"] for o in options]
    place = options[len(options) // 2]
    await h.record(await fake.select(viewer, view, jump, [place["value"]]))
    here = check(view, int(place["value"]))[0]
    assert place["label"].startswith(here.split(" · ")[0].replace("**", "")), (place, here)
    h.assert_clean()

    # the record, with a move or a drink changed, is refused in one plain sentence
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 0
    capsys.readouterr()
    last = record["actions"][-1]
    moved = {
        **record,
        "actions": [*record["actions"][:-1], {**last, "seat": 0, "action": {"type": "leave"}}],
    }
    drunk = {
        **record,
        "ledger": [*record["ledger"], {"seq": 1, "seat": 0, "kind": "drink", "sips": 2}],
    }
    for tampered in (moved, drunk):
        path.write_text(json.dumps(tampered))
        assert main([str(path)]) == 1
        said = capsys.readouterr().err.strip()
        assert said.startswith("This record was changed: ") and said.count(".") == 1, said
        assert "\n" not in said and said.endswith("."), said


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
