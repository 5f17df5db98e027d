"""Buttons, selects and forms: plain specs, their custom ids, and the discord.py objects.

A custom id is ``<game>:<table>:<verb>[:<arg>]`` (at most 100 characters). For a game action
the verb and arg are the action's own (``Action.to_arg``); the platform's verbs (join, seat,
end...) are listed in :data:`PLATFORM_VERBS`.

Decision: clicks are routed by the custom id in the interaction (``Barkeep.on_interaction``),
never through discord.py's view store. Discord delivers a click with the message as it is
*now*; when an edit removed the button a moment before, the view store finds no such item and
drops the click silently ("This interaction failed"). So the views sent here are never stored
(:class:`Controls`), and every click with a Barkeep custom id gets an answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

# <game>:<table>:<verb>[:<arg>]; ASCII only, a table id of at most 18 digits.
CUSTOM_ID = r"(?P<game>[a-z]{1,20}):(?P<table>[0-9]{1,18}):(?P<verb>[a-z_]{1,20})(?::(?P<arg>[A-Za-z0-9_.,-]{0,60}))?"
CUSTOM_ID_RE = re.compile(CUSTOM_ID, re.ASCII)

# The platform's verbs: the lobby (and the host's Remove a player), a player's private view,
# the rules, forms, confirmations (of Leave and End during play), Play again on a finished
# table, and taking over an open seat (asking, the host's answer, closing it).
PLATFORM_VERBS = frozenset(
    {
        "join",
        "leave",
        "start",
        "rules",
        "end",
        "seat",
        "consent",
        "form",
        "confirm",
        "takeback",  # take-backs: ask, agree, say no (bot/ui/takeback.py)
        "again",
        "remove",
        "take_seat",
        "allow_seat",
        "deny_seat",
        "close_seat",
    }
)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def custom_id(game: str, table_id: int, verb: str, arg: str | None = None) -> str:
    cid = f"{game}:{table_id}:{verb}" + (f":{arg}" if arg is not None else "")
    if len(cid) > 100 or not CUSTOM_ID_RE.fullmatch(cid):
        raise ValueError(f"bad custom id {cid!r}")
    return cid


@dataclass(frozen=True)
class Ref:
    """A parsed custom id."""

    game: str
    table_id: int
    verb: str
    arg: str | None

    @classmethod
    def parse(cls, cid: object) -> Ref | None:
        if not isinstance(cid, str):
            return None
        m = CUSTOM_ID_RE.fullmatch(cid)
        if m is None:
            return None
        return cls(m["game"], int(m["table"]), m["verb"], m["arg"])


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"
    disabled: bool = False
    emoji: str | None = None  # beside the label: a unicode emoji, or a custom one "<:name:id>"


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None
    emoji: str | None = None  # beside the label: a unicode emoji, or a custom one "<:name:id>"


@dataclass(frozen=True)
class Select:
    custom_id: str
    options: tuple[SelectOption, ...]
    placeholder: str = ""
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True)
class Form:
    """A modal with one text field; what the player writes fills the action's ``_`` field."""

    title: str
    custom_id: str
    label: str
    min_length: int = 1
    max_length: int = 200
    placeholder: str = ""
    long: bool = True


Row = list[Button] | Select


class Controls(discord.ui.View):
    """The components of one message. Never stored by discord.py: clicks are routed by id.

    discord.py keeps a view it sent unless the view says it is finished or not dispatchable,
    and ``InteractionResponse.send_message`` asks only the first: a public table posted that
    way stayed in its view store for good (its buttons a dead end for every click on it), and
    each private screen held a 15-minute timeout task. Both answers say "not for you"."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


def _item(spec: Button | Select, row: int) -> discord.ui.Item[Any]:
    if isinstance(spec, Select):
        return discord.ui.Select(
            custom_id=spec.custom_id,
            placeholder=spec.placeholder[:150] or None,
            min_values=spec.min_values,
            max_values=spec.max_values,
            options=[
                discord.SelectOption(
                    label=o.label[:100],
                    value=o.value,
                    description=o.description[:100] if o.description else None,
                    emoji=o.emoji,
                )
                for o in spec.options[:25]
            ],
            row=row,
        )
    return discord.ui.Button(
        label=spec.label[:80],
        custom_id=spec.custom_id,
        style=STYLES[spec.style],
        disabled=spec.disabled,
        emoji=spec.emoji,
        row=row,
    )


def controls(rows: list[Row]) -> Controls:
    view = Controls()
    for i, row in enumerate(rows[:5]):
        for spec in [row] if isinstance(row, Select) else row[:5]:
            view.add_item(_item(spec, i))
    return view


class _Modal(discord.ui.Modal):
    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the submission is routed by its custom id like a click."""


def modal(form: Form) -> discord.ui.Modal:
    m = _Modal(title=form.title[:45], custom_id=form.custom_id, timeout=15 * 60)
    m.add_item(
        discord.ui.TextInput(
            label=form.label[:45],
            custom_id="text",
            style=discord.TextStyle.paragraph if form.long else discord.TextStyle.short,
            min_length=form.min_length,
            max_length=form.max_length,
            placeholder=form.placeholder[:100] or None,
            required=form.min_length > 0,
        )
    )
    return m


# UTF-16 halves without their other half: JSON can carry one ("\\ud800"), Python keeps it, but
# it is no character, and UTF-8 (SQLite, Discord) cannot hold it. Discord never sends one; a
# forged event could, and the text it came in is kept without it.
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def submitted_values(data: Any) -> list[str] | None:
    """What a click or form submission chose: a select's values, or a form's texts."""
    if not isinstance(data, dict):
        return None
    values = data.get("values")
    if isinstance(values, list):
        return [LONE_SURROGATE.sub("", v) for v in values if isinstance(v, str)]
    texts: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("value"), str):
                texts.append(LONE_SURROGATE.sub("", node["value"]))
            for key in ("components", "component"):
                walk(node.get(key))
        elif isinstance(node, list):
            for n in node:
                walk(n)

    walk(data.get("components"))
    return texts if "components" in data else None
