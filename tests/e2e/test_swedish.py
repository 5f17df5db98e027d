"""A whole game of each game in Swedish through the fake Discord (issue 46): a Swedish server,
Swedish players, every message they were shown (the table at every step, the lobby, the rules
before the first game, every private view and answer) read back with no English word left but
what the cards show in every language (tests/english.py)."""

from __future__ import annotations

import hashlib

import pytest

from bot.engines.blackdeath import EXAMPLE_FORFEIT
from bot.games import GAMES
from tests.e2e.conftest import Harness
from tests.e2e.test_replays import play_watched
from tests.english import english_in


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_in_swedish_shows_no_english(harness: Harness, game: str):
    h, fake = harness, harness.fake
    await h.stop_bot()
    fake.guild.locale = "sv-SE"  # the server's primary language: its tables speak Swedish
    await h.start_bot()
    # a seed as Barkeep makes them (hex: the end screen shows it; a test's own names it in words)
    h.service.seeds = lambda: hashlib.sha256(game.encode()).hexdigest()[:32]
    users, msg, table, _ = await play_watched(h, game, locale="sv-SE", views=True)
    assert table.status == "ended"
    shown = [text for _, text in fake.everything_shown()]
    # what players wrote stands as written: the forfeit the random game sets (the engine's
    # example, typed into the form as it is)
    typed = [EXAMPLE_FORFEIT]
    left = english_in(shown, [u.name for u in users] + [fake.guild.name] + typed)
    assert not left, "\n".join(f"{word!r} in: {line}" for word, line in left[:15])
