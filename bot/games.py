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
# the rules texts: data/rules/<game>.md in English, data/rules/<language>/<game>.md in another;
# a file's last section, headed with the catalog's rules-short-heading ("## In short"), is what
# you need to play


def in_short(lang: str) -> str:
    heading = i18n.t(lang, "rules-short-heading")
    return f"## {heading}"


@dataclass(frozen=True)
class Game:
    """One game as the bot deals it: its engine, its UI module and the rules players read:
    in full (``/rules``, **Full rules**) and in short at the table (a template filled from the
    table's options, :func:`bot.ui.common.fill_rules`), in each language that has them:
    ``rules[lang] == (full, short)``; English always."""

    engine: Engine[Any]
    ui: ModuleType
    rules: dict[str, tuple[str, str]]

    def rules_in(self, lang: str) -> tuple[str, str]:
        """The rules (full, short) in ``lang``, else in English."""
        return self.rules.get(lang) or self.rules[ENGLISH]

    @property
    def rules_text(self) -> str:
        return self.rules[ENGLISH][0]

    @property
    def short_rules(self) -> str:
        return self.rules[ENGLISH][1]

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
        rules = {}
        for lang in i18n.LANGUAGES:
            path = RULES / f"{name}.md" if lang == ENGLISH else RULES / lang / f"{name}.md"
            if path.exists():
                rules[lang] = split_rules(path.read_text(encoding="utf-8"), lang)
        games[name] = Game(engine, ui, rules)
    return games


def split_rules(text: str, lang: str = ENGLISH) -> tuple[str, str]:
    """A rules file's full rules and its short section (the one headed ``## In short``)."""
    heading = in_short(lang)
    full, found, short = text.partition(f"\n{heading}\n")
    if not found:
        raise ValueError(f"a rules file needs a last section headed {heading!r}")
    return full.strip(), short.strip()


GAMES: dict[str, Game] = _load_games()


def start_hints(lang: str = ENGLISH) -> str:
    """``/black start``, ``/pyramid start`` or ``/war start``: every game, for "start one" hints,
    as a person types them in ``lang``."""
    return i18n.or_list(lang, [g.start_hint(lang) for g in GAMES.values()])
