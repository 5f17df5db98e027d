"""The table service's own words (the table- messages of bot/i18n/{en,sv}.ftl): every Swedish message reads
with no English word left, whatever its arguments choose, and a refusal or a line worded as
data reads in each reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.engines.base import msg
from bot.i18n import catalog, render, t
from bot.tables import BUSY, DOUBLE_TAP
from tests.english import english_in

NUMBERS = {"n", "at", "need"}  # the arguments that count something


def table_messages() -> list[str]:
    return sorted(k for k in catalog("sv").ids if k.startswith("table-"))


def variants(key: str) -> list[dict[str, object]]:
    """Arguments for ``key``: every variable filled (``n`` too, for a shared ``{ sips }``),
    each selector's every choice tried."""
    source = open_source("sv", key)
    names = set(re.findall(r"\$(\w+)", source)) | {"n"}
    choices = {m[0]: set() for m in re.findall(r"\{ \$(\w+) ->", source)}
    for var in choices:
        choices[var] = set(re.findall(r"\[(\w[\w-]*)\]", source))
    base: dict[str, object] = {v: 3 if v in NUMBERS else "x" for v in names}
    out = [base]
    for var, options in choices.items():
        out += [{**base, var: option} for option in sorted(options)]
    return out


def open_source(lang: str, key: str) -> str:
    """The message's text in ``bot/i18n/<lang>.ftl``, up to the next message."""
    folder = Path(__file__).resolve().parents[1] / "bot" / "i18n"
    text = (folder / f"{lang}.ftl").read_text(encoding="utf-8")
    found = re.search(rf"^{re.escape(key)} =(.*?)(?=^[a-z#]|\Z)", text, re.M | re.S)
    assert found, key
    return found[1]


@pytest.mark.parametrize("key", table_messages())
def test_every_swedish_table_message_reads_with_no_english_left(key: str):
    for args in variants(key):
        said = t("sv", key, **args)
        assert not english_in([said], ["x"]), said


def test_a_refusal_reads_in_the_readers_language():
    assert render(DOUBLE_TAP, "sv") == "Redan gjort: ditt första tryck räknades."
    assert render(DOUBLE_TAP, "en") == "Already done: your first tap counted."
    assert render(BUSY, "sv").startswith("Bordet är upptaget")
    line = msg("table-took-back", who="{p0}", move=msg("table-new-host", who="{p1}"))
    assert render(line, "sv") == "↩ {p0} ångrade: {p1} är värd nu."
    assert render(line, "en") == "↩ {p0} took back: {p1} is the host now."
