"""Every registered game keeps the engine contract (tests/engines/contract.py)."""

from __future__ import annotations

import random

import pytest

from bot.engines import ENGINES
from bot.engines.base import GameOver, IllegalAction, StateError, Timeout
from tests.engines.contract import check_engine, playout


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_engine_keeps_the_contract(name):
    check_engine(ENGINES[name])


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_engine_refuses_what_no_game_accepts(name):
    engine = ENGINES[name]
    state = engine.new_game(engine.min_players, "refusals", {})
    for bad in ({"type": "nonsense"}, {"no": "type"}, "flip", None, 7):
        with pytest.raises(IllegalAction, match="table-not-a-move"):
            engine.apply(state, 0, bad)
    with pytest.raises(IllegalAction, match="table-not-seated"):
        engine.apply(state, engine.min_players, {"type": "leave"})
    with pytest.raises(IllegalAction, match="table-not-seated"):
        engine.apply(state, True, {"type": "leave"})
    with pytest.raises(IllegalAction, match="table-player-only"):
        engine.apply(state, None, {"type": "leave"})
    with pytest.raises(IllegalAction, match="table-clock-only"):
        engine.apply(state, 0, Timeout("x"))
    with pytest.raises(IllegalAction, match="table-clock-stopped"):
        engine.apply(state, None, Timeout("no-such-clock"))
    with pytest.raises(IllegalAction, match="table-not-a-move"):
        engine.apply(state, 0, {"type": "leave", "timeouts": "three"})


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_stored_state_that_cannot_be_read_raises_state_error(name):
    engine = ENGINES[name]
    data = engine.to_dict(engine.new_game(engine.min_players, "s", {}))
    for broken in ({**data, "surprise": 1}, {k: v for k, v in data.items() if k != "seed"}, []):
        with pytest.raises(StateError):
            engine.from_dict(broken)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_finished_game_refuses_every_move(name):
    engine = ENGINES[name]
    state = engine.new_game(engine.min_players, "over", {})
    while not engine.is_over(state):
        state, _ = (
            engine.apply(state, 0, {"type": "leave"})
            if engine.is_active(state, 0)
            else engine.apply(state, 1, {"type": "leave"})
        )
    with pytest.raises(GameOver):
        engine.apply(state, 0, {"type": "leave"})


def test_moves_are_taken_back_in_the_contract_playouts():
    """The contract's playouts take back moves where the rules allow it, and the replays of
    :func:`check_engine` go through them: in most games some moves qualify."""
    taken: dict[str, int] = {}
    for name, engine in ENGINES.items():
        for n in range(3):
            seed = f"takebacks-{name}-{n}"
            _, log = playout(
                engine,
                engine.min_players + 1 if engine.max_players > 2 else 2,
                seed,
                random.Random(seed),
                deep=False,
                takeback_chance=1.0,
            )
            taken[name] = taken.get(name, 0) + sum(a["type"] == "take_back" for _, a in log)
    # Spit has none; in War every move turns a card or pours a drink
    assert taken["spit"] == taken["war"] == 0
    assert {name for name, n in taken.items() if n} >= {"pyramid", "shithead", "tarok"}, taken
