"""The games Barkeep deals, by command name: every module here with an ``ENGINE``.

Adding a game adds a module; nothing here changes. The order is by title, as players see them.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.engines.base import Engine


def _discover() -> dict[str, Engine[Any]]:
    found: list[Engine[Any]] = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            if engine.name != info.name:
                raise ValueError(f"bot/engines/{info.name}.py declares the game {engine.name!r}")
            found.append(engine)
    return {e.name: e for e in sorted(found, key=lambda e: e.title.lower())}


ENGINES: dict[str, Engine[Any]] = _discover()
