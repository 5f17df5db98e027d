"""The games the bot deals: each one's engine, UI module and rules text.

:data:`GAMES` is built at import from every engine in :data:`bot.engines.ENGINES`, its UI
module ``bot/ui/<game>.py`` (``public(table)``, ``private(table, seat)``, optionally
``form(table, seat, verb)``) and its rules file ``data/rules/<game>.md``, whose last section,
headed ``## In short``, is what the table shows.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from bot import i18n
from bot.engines import ENGINES
from bot.engines.base import Engine
from bot.i18n import ENGLISH
from bot.ui.components import PLATFORM_VERBS

RULES = Path(__file__).resolve().parent.parent / "data" / "rules"
IN_SHORT = "## In short"  # the heading of a rules file's last section: what you need to play


@dataclass(frozen=True)
class Game:
    """One game as the bot deals it: its engine, its UI module and the rules players read:
    ``rules_text`` in full (``/rules``, **Full rules**), ``short_rules`` at the table (a
    template filled from the table's options, :func:`bot.ui.common.fill_rules`)."""

    engine: Engine[Any]
    ui: ModuleType
    rules_text: str
    short_rules: str

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def players(self) -> str:
        e = self.engine
        return (
            str(e.min_players)
            if e.min_players == e.max_players
            else (f"{e.min_players}-{e.max_players}")
        )

    def start_hint(self, lang: str = ENGLISH) -> str:
        return f"`{i18n.command(lang, f'{self.name} start')}`"


def _load_games() -> dict[str, Game]:
    games = {}
    for name, engine in ENGINES.items():
        clash = (set(engine.verbs) & PLATFORM_VERBS) - {"leave"}
        if clash:
            raise ValueError(f"{name}: verbs {sorted(clash)} are the platform's")
        ui = importlib.import_module(f"bot.ui.{name}")
        full, short = split_rules((RULES / f"{name}.md").read_text(encoding="utf-8"))
        games[name] = Game(engine, ui, full, short)
    return games


def split_rules(text: str) -> tuple[str, str]:
    """A rules file's full rules and its short section (the one headed ``## In short``)."""
    full, heading, short = text.partition(f"\n{IN_SHORT}\n")
    if not heading:
        raise ValueError(f"a rules file needs a last section headed {IN_SHORT!r}")
    return full.strip(), short.strip()


GAMES: dict[str, Game] = _load_games()


def start_hints(lang: str = ENGLISH) -> str:
    """``/black start``, ``/pyramid start`` or ``/war start``: every game, for "start one" hints,
    as a person types them in ``lang``."""
    return i18n.or_list(lang, [g.start_hint(lang) for g in GAMES.values()])
