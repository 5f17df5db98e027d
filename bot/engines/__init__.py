"""The games Barkeep deals, by command name."""

from __future__ import annotations

from typing import Any

from bot.engines import pyramid, war
from bot.engines.base import Engine

ENGINES: dict[str, Engine[Any]] = {e.name: e for e in (war.ENGINE, pyramid.ENGINE)}
