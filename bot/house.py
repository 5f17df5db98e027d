"""A server's house rules: its defaults for a game's table options, written as a host says
them (``claim_seconds=30 convo=on``; in Swedish ``läggtid=30 frågeläge=på``: an option goes by
its name in any language ``/<game> start`` names it in, its ``opt-<game>-start-<name>``
message), checked against the game's options. Refusals name the options in the language of
the answer under way.

``/settings house`` stores them (bot/party.py keeps them in memory); ``/<game> start`` begins
with them, and the options typed with it win for that table. Play again keeps the finished
table's options, as it always has.
"""

from __future__ import annotations

import re
from typing import Any

from bot import i18n
from bot.engines.base import Engine, GameError, Option, msg

ON = {"on", "yes", "true", "1", "på", "ja"}
OFF = {"off", "no", "false", "0", "av", "nej"}
_NAME, _VALUE = r"[^\W\d]\w*", r"\w+"  # letters of any language (läggtid), then digits or _
_PAIR = re.compile(rf"({_NAME})\s*[=:]\s*({_VALUE})")
_WHOLE = re.compile(rf"\s*(?:{_NAME}\s*[=:]\s*{_VALUE}[\s,;]*)+")


def name_in(lang: str, game: str, option: Option) -> str:
    """An option's name as ``/<game> start`` names it in ``lang`` (``claim_seconds``,
    ``läggtid``)."""
    key = f"opt-{game}-start-{option.name}"
    return i18n.t(lang, key) if i18n.has(lang, key) else option.name


def _on_off(lang: str, on: bool) -> str:
    return i18n.t(lang, i18n.on_off(on))


def described(engine: Engine[Any], option: Option, lang: str) -> str:
    """``claim_seconds (10-60)`` or ``convo (on/off)``: what a house rule may say."""
    name = name_in(lang, engine.name, option)
    if isinstance(option.default, bool):
        return f"{name} ({_on_off(lang, True)}/{_on_off(lang, False)})"
    return f"{name} ({option.minimum}-{option.maximum})"


def parse(engine: Engine[Any], text: str) -> dict[str, int | bool]:
    """The options ``text`` sets (``"claim_seconds=30, convo=on"``, or by their names and
    on/off in any language Barkeep speaks); a GameError whose text says what is wrong and what
    the game takes, in the language of the answer under way."""
    lang = i18n.current()
    known = {o.name: o for o in engine.options}
    for o in engine.options:  # every language's name for it
        for code in i18n.LANGUAGES:
            known.setdefault(name_in(code, engine.name, o), o)
    takes = ", ".join(described(engine, o, lang) for o in engine.options)
    game = msg(f"game-{engine.name}-title")
    if not engine.options:
        raise GameError(msg("table-house-none", game=game))
    if not _WHOLE.fullmatch(text.lower()):
        raise GameError(msg("table-house-form", example=_example(engine, lang)))
    out: dict[str, int | bool] = {}
    for name, raw in _PAIR.findall(text.lower()):
        option = known.get(name)
        if option is None:
            raise GameError(msg("table-house-unknown", game=game, name=name, takes=takes))
        own = name_in(lang, engine.name, option)
        value: int | bool
        if isinstance(option.default, bool):
            if raw not in ON | OFF:
                raise GameError(msg("table-house-on-off", name=own))
            value = raw in ON
        elif raw.isascii() and raw.isdigit():
            value = int(raw)
            if option.minimum is not None and value < option.minimum:
                raise GameError(msg("table-option-min", name=own, n=option.minimum))
            if option.maximum is not None and value > option.maximum:
                raise GameError(msg("table-option-max", name=own, n=option.maximum))
        else:
            raise GameError(
                msg("table-house-whole", name=own, takes=described(engine, option, lang))
            )
        out[option.name] = option.check(value)
    return out


def _example(engine: Engine[Any], lang: str) -> str:
    o = engine.options[0]
    value = _on_off(lang, True) if isinstance(o.default, bool) else str(o.default)
    return f"{name_in(lang, engine.name, o)}={value}"


def said(
    options: dict[str, Any], engine: Engine[Any] | None = None, lang: str = i18n.ENGLISH
) -> str:
    """House rules as a line: ``claim_seconds 30 · convo on`` (``engine`` given: the options'
    names and on/off in ``lang``)."""
    spec = {o.name: o for o in engine.options} if engine is not None else {}
    parts = []
    for k, v in options.items():
        name = name_in(lang, engine.name, spec[k]) if engine is not None and k in spec else k
        if isinstance(v, bool):
            value = _on_off(lang, v) if engine is not None else i18n.on_off(v)
        else:
            value = str(v)
        parts.append(f"{name} {value}")
    return " · ".join(parts)
