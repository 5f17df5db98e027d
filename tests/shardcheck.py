"""Checks of a PostgreSQL database that several copies of the bot wrote (tests/e2e/test_shards.py,
tests/e2e/test_chaos_shards.py, tests/test_postgres.py): read with plain asyncpg, so that they may
run while bots hold the shards' claims.

- :func:`audit`: for every table, its action log numbered 1..n without a gap, its stored state
  equal to the replay of that log (seed, options, each logged action applied in order), and its
  ledger equal to the Drink events that replay gives (per action: user, kind, amount; a drink
  split at a cap into sips and water is one drink of the game).
- :func:`peek`: a store that reads without claiming any shard (for drawing a table's screen as
  the store has it while bots run).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from bot.engines import ENGINES, takeback
from bot.engines.base import Drink
from bot.store import PostgresStore


@dataclass
class Audit:
    tables: int = 0
    actions: int = 0
    drinks: int = 0
    # interaction id -> how many times the action log has it (the UNIQUE key says at most once)
    interactions: Counter[int] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    by_table: dict[int, int] = field(default_factory=dict)  # table id -> actions logged


def _players(seats: list[asyncpg.Record]) -> int:
    return len([s for s in seats if s["seat"] is not None])


async def audit(url: str) -> Audit:
    """Everything a table's action log implies, compared with what the store holds."""
    out = Audit()
    con = await asyncpg.connect(url)
    try:
        tables = await con.fetch(
            "SELECT id, game, seed, options, state, status FROM tables ORDER BY id"
        )
        for t in tables:
            out.tables += 1
            tid, engine = t["id"], ENGINES[t["game"]]
            actions = await con.fetch(
                "SELECT seq, seat, user_id, action, interaction_id FROM actions"
                " WHERE table_id = $1 ORDER BY seq",
                tid,
            )
            out.actions += len(actions)
            out.by_table[tid] = len(actions)
            seqs = [a["seq"] for a in actions]
            if seqs != list(range(1, len(seqs) + 1)):
                out.problems.append(f"table #{tid}: action numbers {seqs} have a gap")
            for a in actions:
                if a["interaction_id"] is not None:
                    out.interactions[a["interaction_id"]] += 1
            seats = await con.fetch("SELECT seat FROM seats WHERE table_id = $1", tid)
            ledger: Counter[tuple[int, int, str]] = Counter()
            for d in await con.fetch(
                "SELECT seq, user_id, kind, amount FROM drinks WHERE table_id = $1", tid
            ):
                ledger[(d["seq"], d["user_id"], d["kind"])] += d["amount"]
                out.drinks += 1
            if t["state"] is None:
                if actions:
                    out.problems.append(f"table #{tid}: actions logged but no state")
                continue
            users = {s: u for s, u in await _seat_users(con, tid)}
            state = engine.new_game(_players(seats), t["seed"], json.loads(t["options"]))
            implied: Counter[tuple[int, int, str]] = Counter()
            log = [(a["seat"], json.loads(a["action"])) for a in actions]
            for a, step in zip(actions, takeback.replay(engine, state, log), strict=True):
                state = step.state
                for e in step.events:
                    if isinstance(e, Drink):
                        implied[(a["seq"], users[e.seat], e.kind)] += e.sips
            stored = json.loads(t["state"])
            replayed = json.loads(json.dumps(engine.to_dict(state)))
            if stored != replayed:
                out.problems.append(f"table #{tid}: stored state differs from its replay")
            if +ledger != +implied:
                out.problems.append(
                    f"table #{tid}: ledger {sorted(ledger.items())} but the log implies "
                    f"{sorted(implied.items())}"
                )
    finally:
        await con.close()
    return out


async def _seat_users(con: asyncpg.Connection, table_id: int) -> list[tuple[int, int]]:
    rows = await con.fetch(
        "SELECT seat, user_id FROM seats WHERE table_id = $1 AND seat IS NOT NULL", table_id
    )
    return [(r["seat"], r["user_id"]) for r in rows]


def peek(url: str) -> PostgresStore:
    """A store on ``url`` that claims nothing: for reads only, beside the bots that hold the
    shards (``PostgresStore.open`` would claim the whole database). Close it when done."""
    return PostgresStore(url, None)


async def one(url: str, sql: str, *args: Any) -> Any:
    con = await asyncpg.connect(url)
    try:
        return await con.fetch(sql, *args)
    finally:
        await con.close()
