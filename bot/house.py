"""A server's house rules: its defaults for a game's table options, written as a host says
them (``claim_seconds=30 convo=on``), checked against the game's options.

``/settings house`` stores them (bot/party.py keeps them in memory); ``/<game> start`` begins
with them, and the options typed with it win for that table. Play again keeps the finished
table's options, as it always has.
"""

from __future__ import annotations

import re
from typing import Any

from bot.engines.base import Engine, GameError, Option

ON = {"on", "yes", "true", "1"}
OFF = {"off", "no", "false", "0"}
_PAIR = re.compile(r"([a-z_]+)\s*[=:]\s*([a-z0-9]+)")
_WHOLE = re.compile(r"\s*(?:[a-z_]+\s*[=:]\s*[a-z0-9]+[\s,;]*)+")


def described(option: Option) -> str:
    """``claim_seconds (10-60)`` or ``convo (on/off)``: what a house rule may say."""
    if isinstance(option.default, bool):
        return f"{option.name} (on/off)"
    return f"{option.name} ({option.minimum}-{option.maximum})"


def parse(engine: Engine[Any], text: str) -> dict[str, int | bool]:
    """The options ``text`` sets (``"claim_seconds=30, convo=on"``); a GameError whose text says
    what is wrong and what the game takes."""
    known = {o.name: o for o in engine.options}
    takes = ", ".join(described(o) for o in engine.options)
    if not known:
        raise GameError(f"{engine.title} has no options to set.")
    if not _WHOLE.fullmatch(text.lower()):
        raise GameError(f"Write each rule as name=value, e.g. {_example(engine)}.")
    out: dict[str, int | bool] = {}
    for name, raw in _PAIR.findall(text.lower()):
        option = known.get(name)
        if option is None:
            raise GameError(f"{engine.title} has no option {name}: it takes {takes}.")
        value: int | bool
        if isinstance(option.default, bool):
            if raw not in ON | OFF:
                raise GameError(f"{name} is on or off.")
            value = raw in ON
        elif raw.isdigit():
            value = int(raw)
        else:
            raise GameError(f"{name} is a whole number: {described(option)}.")
        out[name] = option.check(value)
    return out


def _example(engine: Engine[Any]) -> str:
    o = engine.options[0]
    value = "on" if isinstance(o.default, bool) else str(o.default)
    return f"{o.name}={value}"


def said(options: dict[str, Any]) -> str:
    """House rules as a line: ``claim_seconds 30 · convo on``."""
    return " · ".join(
        f"{k} {('on' if v else 'off') if isinstance(v, bool) else v}" for k, v in options.items()
    )
