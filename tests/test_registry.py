"""Every game is declared once; what lists games reads the registry or is checked against it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord import app_commands

from bot.engines import ENGINES
from bot.gamecog import GameCog
from bot.games import GAMES, start_hints
from bot.ui.components import PLATFORM_VERBS
from cogs.tally import GAME_CHOICES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_engine_is_a_game_with_a_ui_and_rules():
    assert set(GAMES) == set(ENGINES)
    for name, game in GAMES.items():
        assert callable(game.ui.public) and callable(game.ui.private), name
        assert 50 < len(game.rules_text) <= 4096, name  # /rules shows it in one embed
        assert (ROOT / "data" / "rules" / f"{name}.md").exists()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_readme_lists_the_game_its_players_and_options(name):
    game = GAMES[name]
    row = re.search(rf"^\| `/{name} start` \| (.+?) \| (.+?) \|$", README, re.M)
    assert row, f"README's games table has no row for /{name} start"
    assert row[1].startswith(game.title), row[1]
    assert row[2] == game.players
    for opt in game.engine.options:
        assert f"`{opt.name}`" in README, f"README does not explain /{name} start {opt.name}"
        if opt.minimum is not None:
            assert f"{opt.minimum}-{opt.maximum}" in README


def test_rules_choices_and_start_hints_come_from_the_registry():
    assert [c.value for c in GAME_CHOICES] == list(GAMES)
    assert [c.name for c in GAME_CHOICES] == [g.title for g in GAMES.values()]
    for name in GAMES:
        assert f"`/{name} start`" in start_hints()


def test_game_verbs_leave_the_platform_verbs_alone():
    for game in GAMES.values():
        assert not (set(game.engine.verbs) & PLATFORM_VERBS) - {"leave"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_start_command_is_the_engines_options(name):
    class FakeBot:
        service = None

    cog = GameCog(FakeBot(), GAMES[name])  # type: ignore[arg-type]
    start = cog.group.get_command("start")
    assert isinstance(start, app_commands.Command)
    params = {p.name: p for p in start.parameters}
    assert list(params) == [o.name for o in GAMES[name].engine.options]
    for opt in GAMES[name].engine.options:
        p = params[opt.name]
        # left out: the server's house rule (/settings house), else the game's default
        assert not p.required and p.default is None
        assert p.description == opt.help[:100]
        if not isinstance(opt.default, bool):
            assert (p.min_value, p.max_value) == (opt.minimum, opt.maximum)
