"""A finished table's game record, and the offline re-deal that checks it.

Every table shows the SHA-256 of its seed from the deal on, and the engines are pure: the seed,
the options and the action log decide every card and every drink. :func:`make_record` writes
what the store holds of an ended table as one small JSON-able dict (a file a player can keep or
post); :func:`replay_record` deals the game again from it, plays every move, and checks that the
seed is the one whose hash was published, that every move is legal, and that the drinks and the
results are the ones the game gives. ``python -m bot.replay FILE`` does that from a shell, with
no Discord and no database, and says what it found (exit 0), or why the record is refused
(:class:`RecordRefused`, exit 1), or that the file can't be read as JSON (exit 2).

The record (version :data:`RECORD_VERSION`)::

    {"barkeep_record": 1, "game": "war", "table": 12,
     "players": [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Seat 2", "erased": true},
                 {"seat": 2, "name": "Cy", "holders": [{"name": "Bo", "from": 0},
                                                       {"name": "Cy", "from": 7}]}],
     "seed": "...", "seed_sha256": "...", "options": {...},
     "actions": [{"seq": 1, "seat": 0, "action": {"type": "flip"}}, ...],
     "ledger": [{"seq": 3, "seat": 0, "kind": "drink", "sips": 2}, ...],
     "end_reason": "game over", "ended_at": 1700000000.0,
     "results": [{"seat": 0, "result": "won"}, {"seat": 1, "result": "lost", "place": 2}]}

Decisions:
- Drinks are numbered as the table service numbers them (bot/tables/actions.py ``_write``):
  each drink row carries the ``seq`` of the logged action whose events held it, and a removal
  for three timeouts in a row is an action of its own (``leave`` with ``timeouts``), with its
  own number and its own drinks. The deal is no action: the service writes no drink row for the
  deal's opening events (no engine has any today), so the replay keeps such drinks in
  ``drinks_by_step[0]`` but leaves them out of its ledger, as the store does.
- The ledger is summed per (seq, seat, kind): party safety may write one engine drink as two
  rows (sips up to a cap, then water), which sum to the engine's sips; how a drink was counted
  (sips, water, points) is the drinker's business and not the game's, so it is not in the record,
  nor is the giver or the reason (both follow from the moves).
- A player who erased their history has no drink rows left and an anonymous seat (``Seat N``,
  a negative user id: bot/store/statements/party.py ``erase_player``). The record marks that seat
  ``"erased": true`` and has no ledger entries for it; the replay compares only the other seats'
  drinks (a record with an entry for an erased seat does not match). Their moves stay in the
  log (the store keeps them too), so the results, which follow from the moves, name every seat.
- A seat taken over (bot/tables/seats.py) is one player entry, named for who ended in it, with
  ``holders``: each one who held it and the moves played before they took it (``from``). Its
  drinks are the seat's, whoever drank them (the ledger names the seat, as the game does); the
  stepper names each move's holder. A seat one of whose holders erased their history is
  ``erased`` as a whole: its other holders' drinks alone would not match the game's.
- Results: for a game played to its end, every seat's outcome from ``engine.results`` on the
  stored state (the same outcomes the store wrote); for a table ended early (End, a closed
  channel), ``"ended"`` for each seat still at the table, as the store writes them, and the
  replay checks that the game was indeed not over (who had stood up is not part of the game).
- The record carries no hash of the final state: a state's JSON form gains fields as the code
  changes, and an old record should still check. The drinks and results are what a player can
  read and dispute; a changed move shows up as an illegal move or as drinks or results that no
  longer match.
- Moves are numbered 1, 2, ... with no gap, as the service writes them; a gap is a removed move.
- A take-back is a move of its own (``{"type": "take_back", "seq": N}``, the asker's seat):
  the replay returns to the state before move N (bot/engines/takeback.py ``replay``), shows it
  as its own step, and refuses one that takes back anything but the move just before it, by
  its own mover, that may be taken back (a move that poured a drink or showed a card).
- What the game does not decide is not checked: the players' names, the table's number, when
  and why it ended are shown as the record says (printed as plain text, control characters
  replaced). A record is as good as the seed hash its players saw at the deal; it carries no
  signature (the seed is secret until the end, so only the published hash ties the two).
- Size: about 40-60 bytes a move, no indentation; the largest record over random whole games is
  measured by tests/test_replay.py (far below Discord's 8 MB attachment limit).
- :func:`replay_record` keeps every state after every step (``states[0]`` is the deal). Each is
  its own snapshot, a few KB; fine up to a few thousand steps, which is more than a long game
  takes. :func:`states_at` replays to one step and keeps nothing else.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.engines import ENGINES, takeback
from bot.engines.base import Action, Drink, Engine, Event, Mark, plural, seed_hash
from bot.store.rows import DrinkRow, SeatRow, TableRow

RECORD_VERSION = 1
MARK = "barkeep_record"  # the key that says what the file is, holding the version

CHANGED = "This record was changed: "
NOT_A_RECORD = "This isn't a Barkeep game record."
SEED_CHANGED = CHANGED + "its seed doesn't match the hash published at the deal."
DRINKS_CHANGED = CHANGED + "the drinks don't match the game."
RESULTS_CHANGED = CHANGED + "the results don't match the game."
ENDED = "ended"  # the outcome the store writes for a table ended before the game was over

LedgerKey = tuple[int, int, str]  # (seq, seat, kind)


class RecordRefused(Exception):
    """A record that does not check out. ``str(err)`` is one plain sentence for a player."""


@dataclass(frozen=True)
class Replayed:
    """A record dealt and played again.

    ``states[i]`` is the state after ``i`` steps (``states[0]``: the deal); ``steps[i]`` is the
    (seat, action) that led from ``states[i]`` to ``states[i + 1]``; ``events_by_step[i]`` the
    engine's events that came with ``states[i]`` (``[0]``: the deal's opening events), and
    ``drinks_by_step[i]`` its drinks (none at the deal in any game today). ``ledger``: the
    game's drinks as the record's ledger form, erased seats included; ``results``: the
    engine's results in the record's form; ``marks``: where each hand, round, trick or row
    begins (:meth:`~bot.engines.base.Engine.marks`), at most one a step, in step order."""

    states: list[Any]
    steps: list[tuple[int | None, Action]]
    events_by_step: list[list[Event]]
    final_state: Any
    ledger: list[dict[str, Any]]
    results: list[dict[str, Any]]
    engine: Engine[Any]
    seqs: list[int] = field(default_factory=list)  # each step's move number
    marks: list[Mark] = field(default_factory=list)

    @property
    def drinks_by_step(self) -> list[list[Drink]]:
        return [[e for e in events if isinstance(e, Drink)] for events in self.events_by_step]


# -- writing -------------------------------------------------------------------------------


def make_record(
    row: TableRow,
    seats: list[SeatRow],
    actions: list[tuple[int, int | None, dict[str, Any]]],
    drinks: list[DrinkRow],
) -> dict[str, Any]:
    """The game record of an ended table, from what the store holds: its row, its seats
    (``Tx.seats``), its action log with each move's number (``Tx.actions_with_seq``) and its
    drinks (``Tx.table_drinks``). Raises ValueError for a table not ended, never dealt, of a game
    this bot doesn't deal, or whose stored state can't be read."""
    if row.status != "ended":
        raise ValueError(f"table #{row.id} has not ended")
    if row.state is None:
        raise ValueError(f"table #{row.id} was never dealt")
    engine = ENGINES.get(row.game)
    if engine is None:
        raise ValueError(f"table #{row.id} is a game of {row.game!r}, which this bot doesn't deal")
    try:
        state = engine.from_dict(row.state)
    except ValueError as err:  # StateError
        raise ValueError(f"table #{row.id}'s state can't be read: {err}") from err
    # a seat taken over has several rows, in the order they took it (bot/tables/seats.py)
    dealt = sorted((s for s in seats if s.seat is not None), key=lambda s: s.seat or 0)
    holders: dict[int, list[SeatRow]] = {}
    for s in dealt:
        holders.setdefault(s.seat or 0, []).append(s)
    players: list[dict[str, Any]] = []
    erased: set[int] = set()
    for seat, rows in holders.items():
        entry: dict[str, Any] = {"seat": seat, "name": rows[-1].name}
        if any(_erased(r) for r in rows):  # their drinks are gone: the seat's aren't compared
            entry["erased"] = True
            erased.add(seat)
        if len(rows) > 1:
            entry["holders"] = [{"name": r.name, "from": r.held_from} for r in rows]
        players.append(entry)
    seat_of = {s.user_id: s.seat for s in dealt if s.seat is not None and s.seat not in erased}
    sums: dict[LedgerKey, int] = {}
    for d in drinks:
        at = seat_of.get(d.user_id)
        if at is None:  # not a player here any more (erased): left out
            continue
        key = (d.seq, at, d.kind)
        sums[key] = sums.get(key, 0) + d.amount
    if engine.is_over(state):
        results = _outcomes(engine, state)
    else:  # ended early: the store wrote "ended" for each seat still at the table
        results = [{"seat": s.seat, "result": ENDED} for s in dealt if s.left_at is None]
    return {
        MARK: RECORD_VERSION,
        "game": row.game,
        "table": row.id,
        "players": players,
        "seed": row.seed,
        "seed_sha256": seed_hash(row.seed),
        "options": row.options,
        "actions": [{"seq": seq, "seat": seat, "action": action} for seq, seat, action in actions],
        "ledger": _ledger_list(sums),
        "end_reason": row.end_reason,
        "ended_at": row.ended_at,
        "results": results,
    }


def dumps(record: dict[str, Any]) -> str:
    """The record as the file holds it: compact JSON, one line."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def _erased(seat: SeatRow) -> bool:
    return seat.user_id < 0  # erase_player's anonymous seat: -(seat + 1)


def _outcomes(engine: Engine[Any], state: Any) -> list[dict[str, Any]]:
    out = []
    for o in sorted(engine.results(state).outcomes, key=lambda o: o.seat):
        entry: dict[str, Any] = {"seat": o.seat, "result": o.result}
        if o.place is not None:
            entry["place"] = o.place
        if o.points is not None:
            entry["points"] = o.points
        out.append(entry)
    return out


def _ledger_list(sums: dict[LedgerKey, int]) -> list[dict[str, Any]]:
    return [
        {"seq": seq, "seat": seat, "kind": kind, "sips": n}
        for (seq, seat, kind), n in sorted(sums.items())
    ]


# -- reading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Record:
    """A record whose shape, version, game and seed have been checked."""

    engine: Engine[Any]
    players: int
    erased: frozenset[int]
    seed: str
    options: dict[str, Any]
    actions: list[tuple[int, int | None, dict[str, Any]]]
    ledger: dict[LedgerKey, int]
    results: list[dict[str, Any]]


def _damaged(what: str) -> RecordRefused:
    return RecordRefused(f"This record is damaged: {what}.")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read(record: Any) -> _Record:
    """Check what can be checked without playing: the shape, the version, the game, the seed."""
    if not isinstance(record, dict) or MARK not in record:
        raise RecordRefused(NOT_A_RECORD)
    version = record[MARK]
    if version != RECORD_VERSION or not _is_int(version):
        shown = version if _is_int(version) else "unknown"
        raise RecordRefused(
            f"This is a version {shown} game record; this Barkeep reads version {RECORD_VERSION}."
        )
    game = record.get("game")
    if not isinstance(game, str):
        raise _damaged("it names no game")
    engine = ENGINES.get(game)
    if engine is None:
        shown = game if len(game) <= 40 else game[:40] + "..."
        raise RecordRefused(f"This record is for a game this Barkeep doesn't deal: {shown}.")
    seed, published = record.get("seed"), record.get("seed_sha256")
    if not isinstance(seed, str) or not isinstance(published, str):
        raise _damaged("its seed or the seed's hash is missing")
    if seed_hash(seed) != published.lower():
        raise RecordRefused(SEED_CHANGED)
    options = record.get("options")
    if not isinstance(options, dict):
        raise _damaged("its options are missing")
    players = record.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, dict) and _is_int(p.get("seat")) and isinstance(p.get("name"), str)
        for p in players
    ):
        raise _damaged("its players are missing")
    if sorted(p["seat"] for p in players) != list(range(len(players))):
        raise _damaged("its players' seats are not 1 to the number of players")
    if not all(_holders_ok(p.get("holders", [])) for p in players):
        raise _damaged("who held a seat is unreadable")
    if not engine.min_players <= len(players) <= engine.max_players:
        players_text = plural(len(players), "player")
        raise RecordRefused(CHANGED + f"{engine.title} is not played by {players_text}.")
    erased = frozenset(p["seat"] for p in players if p.get("erased") is True)
    return _Record(
        engine,
        len(players),
        erased,
        seed,
        options,
        _read_actions(record.get("actions")),
        _read_ledger(record.get("ledger")),
        _read_results(record.get("results")),
    )


def _holders_ok(holders: Any) -> bool:
    """A seat's ``holders`` (taken over): each a name and the moves played before they took
    it, in order."""
    if not isinstance(holders, list) or not all(
        isinstance(h, dict) and isinstance(h.get("name"), str) and _is_int(h.get("from"))
        for h in holders
    ):
        return False
    starts = [h["from"] for h in holders]
    return starts == sorted(starts)


def holder_names(record: dict[str, Any], step: int) -> dict[int, str]:
    """Who sat in each seat at move ``step`` (0: the deal): a seat taken over names the
    player who held it for that move."""
    out = {}
    for p in record["players"]:
        name = p["name"]
        for h in p.get("holders", []):
            if h["from"] < max(step, 1):
                name = h["name"]
        out[p["seat"]] = name
    return out


def _read_actions(actions: Any) -> list[tuple[int, int | None, dict[str, Any]]]:
    if not isinstance(actions, list):
        raise _damaged("its moves are missing")
    out: list[tuple[int, int | None, dict[str, Any]]] = []
    for i, a in enumerate(actions, start=1):
        if not isinstance(a, dict) or not _is_int(a.get("seq")):
            raise _damaged(f"move {i} has no number")
        seq, seat, action = a["seq"], a.get("seat"), a.get("action")
        if seq != i:  # the service numbers moves 1, 2, ... with no gap
            missing = f"move {i} is missing" if seq > i else f"move {seq} is out of order"
            raise RecordRefused(CHANGED + missing + ".")
        if not (seat is None or _is_int(seat)) or not isinstance(action, dict):
            raise RecordRefused(CHANGED + f"move {seq} is not a legal move.")
        out.append((seq, seat, action))
    return out


def _read_ledger(ledger: Any) -> dict[LedgerKey, int]:
    if not isinstance(ledger, list):
        raise _damaged("its drinks are missing")
    sums: dict[LedgerKey, int] = {}
    for e in ledger:
        if not (
            isinstance(e, dict)
            and _is_int(e.get("seq"))
            and _is_int(e.get("seat"))
            and isinstance(e.get("kind"), str)
            and _is_int(e.get("sips"))
        ):
            raise RecordRefused(DRINKS_CHANGED)
        key = (e["seq"], e["seat"], e["kind"])
        sums[key] = sums.get(key, 0) + e["sips"]
    return sums


def _read_results(results: Any) -> list[dict[str, Any]]:
    if not isinstance(results, list) or not all(
        isinstance(r, dict) and _is_int(r.get("seat")) for r in results
    ):
        raise _damaged("its results are missing")
    return sorted(results, key=lambda r: int(r["seat"]))


def _check_results(rec: _Record, state: Any) -> list[dict[str, Any]]:
    """The game's results, if the record's are the same. A game played to its end: the
    engine's outcomes. A table ended early: the game must not be over, and each result is
    "ended" for a distinct seat (who was still at the table is not part of the game)."""
    engine = rec.engine
    if engine.is_over(state):
        results = _outcomes(engine, state)
        if rec.results != results:
            raise RecordRefused(RESULTS_CHANGED)
        return results
    seats = [r["seat"] for r in rec.results]
    if (
        any(r != {"seat": r["seat"], "result": ENDED} for r in rec.results)
        or len(set(seats)) != len(seats)
        or not set(seats) <= set(range(rec.players))
    ):
        raise RecordRefused(RESULTS_CHANGED)
    return rec.results


def deal(
    engine: Engine[Any], players: int, seed: str, options: dict[str, Any]
) -> tuple[Any, list[Event]]:
    """The deal of a game from its seed and options: the state, and the deal's own events."""
    try:
        state = engine.new_game(players, seed, options)
        return state, engine.opening(state)
    except Exception as err:  # a GameError for options the game doesn't take, or worse
        raise RecordRefused(CHANGED + "its options aren't ones this game takes.") from err


def play(
    engine: Engine[Any], state: Any, actions: list[tuple[int, int | None, dict[str, Any]]]
) -> Iterator[tuple[int, int | None, Action, Any, list[Event]]]:
    """Each move of ``actions`` (seq, seat, action as logged) played in order from ``state``:
    (seq, seat, action, the state after it, its events). A take-back is a move of its own
    (bot/engines/takeback.py), which returns the state before the move it takes back: that
    move must be among ``actions``. A live table's play-by-play thread follows its action log
    this way too (bot/render/playbyplay.py)."""
    first = actions[0][0] if actions else 1
    steps = takeback.replay(engine, state, [(seat, data) for _, seat, data in actions], first)
    for seq, _, data in actions:
        try:
            step = next(steps)
        except Exception as err:  # a GameError, or a move so wrong the rules trip on it
            if takeback.is_take_back(data):
                raise RecordRefused(
                    CHANGED + f"move {seq} takes back a move that can't be."
                ) from err
            raise RecordRefused(CHANGED + f"move {seq} is not a legal move.") from err
        yield seq, step.seat, step.action, step.state, step.events


def _deal(rec: _Record) -> tuple[Any, list[Event]]:
    return deal(rec.engine, rec.players, rec.seed, rec.options)


def _play(rec: _Record, state: Any) -> Iterator[tuple[int, int | None, Action, Any, list[Event]]]:
    return play(rec.engine, state, rec.actions)


def replay_record(record: Any) -> Replayed:
    """Deal ``record``'s game again and play every move; check the seed against its published
    hash, every move against the rules, and the drinks and results against the game's. Returns
    the replay; raises :class:`RecordRefused` saying plainly what does not check out.

    The drinks compared are those of every seat but the erased ones (see the module's notes):
    an erased player's drinks are gone from the store, so the record can't hold them; their
    moves are still checked like everyone's."""
    rec = _read(record)
    engine = rec.engine
    dealt, opening = _deal(rec)
    state = dealt
    states = [dealt]
    steps: list[tuple[int | None, Action]] = []
    events_by_step: list[list[Event]] = [list(opening)]
    seqs: list[int] = []
    sums: dict[LedgerKey, int] = {}
    for seq, seat, action, after, events in _play(rec, dealt):
        state = after
        drinks = [e for e in events if isinstance(e, Drink)]
        for d in drinks:
            key = (seq, d.seat, d.kind)
            sums[key] = sums.get(key, 0) + d.sips
        states.append(state)
        steps.append((seat, action))
        events_by_step.append(events)
        seqs.append(seq)
    compared = {k: n for k, n in sums.items() if k[1] not in rec.erased}
    if compared != rec.ledger:
        raise RecordRefused(DRINKS_CHANGED)
    results = _check_results(rec, state)
    return Replayed(
        states=states,
        steps=steps,
        events_by_step=events_by_step,
        final_state=state,
        ledger=_ledger_list(sums),
        results=results,
        engine=engine,
        seqs=seqs,
        marks=_marks(engine.marks(states, events_by_step), len(steps)),
    )


def _marks(marks: list[Mark], total: int) -> list[Mark]:
    """An engine's marks as the contract has them: steps 1 to ``total`` in order, one a step
    (of two at one step, the later)."""
    by_step = {m.step: m for m in marks if 0 < m.step <= total}
    return [by_step[step] for step in sorted(by_step)]


def states_at(record: Any, step: int) -> Any:
    """The state after ``step`` moves (0: the deal), replaying only that far and keeping no
    other state. Checks the shape, the seed and those moves, not the drinks or results (the
    game is not played to its end). Raises ValueError for a step the record doesn't have."""
    rec = _read(record)
    if not 0 <= step <= len(rec.actions):
        raise ValueError(f"the record has {len(rec.actions)} moves, not {step}")
    state, _ = _deal(rec)
    if step == 0:
        return state
    for n, (_, _, _, after, _) in enumerate(_play(rec, state), start=1):
        if n == step:
            return after
    raise AssertionError("unreachable: the step was checked")


# -- the command ---------------------------------------------------------------------------


def _plain(value: Any) -> str:
    """Text from the file as one printable line: no control characters reach the terminal."""
    return "".join(c if c.isprintable() else "?" for c in str(value))


def _names(record: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: _plain(p["name"]) for p in record["players"]}


def _when(at: Any) -> str | None:
    if not isinstance(at, int | float) or isinstance(at, bool):
        return None
    try:
        return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return None


def _place(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def report(record: dict[str, Any], replayed: Replayed) -> list[str]:
    """What ``python -m bot.replay`` prints for a record that checks out."""
    engine = replayed.engine
    names = _names(record)
    erased = {p["seat"] for p in record["players"] if p.get("erased") is True}
    head = f"{engine.title}, table #{_plain(record.get('table'))}"
    when = []
    if (ended := _when(record.get("ended_at"))) is not None:
        when.append(f"ended {ended}")
    if isinstance(record.get("end_reason"), str):
        when.append(_plain(record["end_reason"]))
    if when:
        head += f" ({', '.join(when)})"
    lines = [head, "Players: " + ", ".join(names[s] for s in sorted(names))]
    for p in record["players"]:
        if len(p.get("holders", [])) > 1:
            taken = ", then ".join(
                _plain(h["name"]) + (f" from move {h['from'] + 1}" if h["from"] else "")
                for h in p["holders"]
            )
            lines.append(f"Seat {p['seat'] + 1} taken over: {taken}.")
    lines.append(f"Seed SHA-256 {seed_hash(record['seed'])} matches the seed.")
    backs = sum(isinstance(a, takeback.TakeBack) for _, a in replayed.steps)
    taken = f" ({plural(backs, 'take-back')})" if backs else ""
    lines.append(
        f"{len(replayed.steps)} moves{taken} re-dealt and replayed: every move legal, "
        "the drinks and results match."
    )
    results = []
    for r in replayed.results:
        extra = []
        if r.get("place") is not None:
            extra.append(_place(r["place"]))
        if r.get("points") is not None:
            extra.append(f"{r['points']} points")
        more = f" ({', '.join(extra)})" if extra else ""
        results.append(f"{names[r['seat']]} {r['result']}{more}")
    lines.append("Results: " + ("; ".join(results) if results else "none"))
    if not replayed.ledger and not engine.drinks_with(record.get("options") or {}):
        lines.append("Ledger: nobody drinks in this game.")
        return lines
    lines.append("Ledger:")
    totals: dict[int, dict[str, int]] = {s: {} for s in names}
    for e in replayed.ledger:
        kinds = totals[e["seat"]]
        kinds[e["kind"]] = kinds.get(e["kind"], 0) + e["sips"]
    for seat in sorted(names):
        if seat in erased:
            lines.append(f"  {names[seat]}: history erased, drinks not in the record")
            continue
        kinds = totals[seat]
        shown = ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items())) or "nothing"
        lines.append(f"  {names[seat]}: {shown}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """``python -m bot.replay FILE``: 0 the record checks out, 1 refused, 2 not readable."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("Usage: python -m bot.replay FILE (a Barkeep game record)", file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as err:
        print(f"Can't read {path}: {err.strerror or err}.", file=sys.stderr)
        return 2
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested past reading
        print(f"{path} isn't a game record: it isn't JSON.", file=sys.stderr)
        return 2
    try:
        replayed = replay_record(record)
    except RecordRefused as err:
        print(err, file=sys.stderr)
        return 1
    print("\n".join(report(record, replayed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
