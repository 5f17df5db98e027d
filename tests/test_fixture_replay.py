"""A database written by the code before the game contract (tests/fixtures/v1_tables.db, made at
commit ab5aea1 by tests/fixtures/make_v1_tables.py.txt) still works: it migrates, every stored
action log replays to the stored state, and the tables in play carry on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from bot.clock import ManualClock
from bot.engines import ENGINES
from bot.i18n import english
from bot.store import Store
from bot.tables import TableService
from tests.seeds import fixed_seeds

FIXTURE = Path(__file__).parent / "fixtures" / "v1_tables.db"


def worded(data: Any) -> Any:
    """A state's JSON with its words in English: a line stored then is English text, the same
    line replayed now is words as data (bot/engines/words.py)."""
    if isinstance(data, str):
        return english(data)
    if isinstance(data, list):
        return [worded(x) for x in data]
    if isinstance(data, dict):
        return {k: worded(v) for k, v in data.items()}
    return data


async def _open(tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    store = await Store.open(db)
    return store, TableService(store, ENGINES, ManualClock(1_900_000_000.0), seeds=fixed_seeds())


async def test_old_action_logs_replay_to_the_stored_states(tmp_path):
    store, service = await _open(tmp_path)
    try:
        async with store.reading() as q:
            rows = await q._all("SELECT id, game, status, state FROM tables ORDER BY id")
        replayed = 0
        for r in rows:
            if r["state"] is None:
                continue
            engine = ENGINES[r["game"]]
            state = await service.replay(r["id"])
            stored = engine.from_dict(json.loads(r["state"]))
            same = worded(engine.to_dict(state)) == worded(engine.to_dict(stored))
            assert same, f"table #{r['id']}"
            old = json.loads(r["state"])  # the same JSON as written then, plus new fields
            assert {k: v for k, v in engine.to_dict(stored).items() if k in old} == old
            replayed += 1
        games = {r["game"] for r in rows if r["state"] is not None}
        assert replayed >= 9 and games == {"war", "pyramid"}
    finally:
        await store.close()


async def test_old_tables_in_play_carry_on(tmp_path):
    store, service = await _open(tmp_path)
    try:
        assert await service.load() == 4  # 3 playing, 1 lobby
        playing = [t for t in service._tables.values() if t.status == "playing"]
        assert {t.row.game for t in playing} == {"war", "pyramid"}
        for table in playing:
            seq = table.row.seq
            seat = next(s for s in table.seated() if table.engine.is_active(table.state, s.seat))
            legal = [
                a for a in table.engine.legal_actions(table.state, seat.seat) if a.verb != "leave"
            ]
            if legal:
                await service.act(table.id, seat.user_id, legal[0])
            else:  # nothing to do but wait: the clock moves the game on
                service.clock.advance(3600)
                await service.fire_due()
            assert table.row.seq > seq
            assert table.engine.to_dict(await service.replay(table.id)) == table.engine.to_dict(
                table.state
            )
    finally:
        await store.close()
