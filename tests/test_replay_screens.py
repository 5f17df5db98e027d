"""The replay stepper (bot/ui/replay.py) for every game: every step of a whole random game
draws, fits a phone, its controls go where they say, and the picture it shows at a step is that
step's public table."""

from __future__ import annotations

import pytest

from bot import replay
from bot.engines import ENGINES
from bot.ui import replay as screens
from bot.ui.common import BODY_CHARS, BODY_LINES, size
from bot.ui.components import CUSTOM_ID_RE, Ref
from tests.test_replay import play, stored


@pytest.mark.parametrize("game", sorted(ENGINES))
async def test_every_step_of_a_whole_game_draws_and_fits_a_phone(store, service, game):
    engine = ENGINES[game]
    table = await play(service, game, min(engine.max_players, 4), 3)
    record = replay.make_record(*(await stored(store, table.id)))
    replayed = replay.replay_record(record)
    total = len(replayed.steps)
    for step in sorted({*range(0, total + 1, max(1, total // 40)), total}):
        screen = screens.stepper(record, replayed, step)
        lines, chars = size(screen)
        assert lines <= BODY_LINES and chars <= BODY_CHARS, (game, step, lines, chars)
        ids = [b.custom_id for row in screen.rows for b in (row if isinstance(row, list) else [])]
        assert len(ids) == len(set(ids)) and all(CUSTOM_ID_RE.fullmatch(c) for c in ids)
        back, forward = (screens.step_of(Ref.parse(c).arg) for c in ids[1:3])
        assert (back, forward) == (max(0, step - 1), min(total, step + 1))
        head = screen.embed.description.splitlines()[0]
        assert head == screens.heading(replayed, step, screens._names(record)), (game, step)
        assert f"tep {step} of {total}" in head and head.endswith(" · the end") == (step == total)
