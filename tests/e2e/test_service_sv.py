"""The table service's words in each reader's language, through the fake Discord (issue 46):
answers and refusals in the clicker's own language, whatever the server speaks; a click never
changes what a public screen says; the table's own lines (stored as words as data) read in the
language of the screen they are shown on."""

from __future__ import annotations

from bot.engines.base import msg
from bot.i18n import english, render
from tests.e2e.conftest import Harness
from tests.english import english_in


async def test_a_swedish_player_is_answered_in_swedish_and_an_english_one_in_english(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana", locale="sv-SE")
    bo = fake.add_user("Bo")
    res = await h.slash(ana, "war", "start")
    table_msg = res.message
    rules = await res.followup()
    ok = await h.click(ana, rules, "consent")
    assert ok.message.text == "Du är med vid bord #1. Ha kul, och drick vatten också!"
    await h.join(bo, table_msg)
    await h.rendered(lambda: "Bo" in table_msg.text)
    shown = table_msg.text
    again = await h.click(ana, table_msg, "join")
    assert again.ephemeral and again.message.text == "Du sitter redan vid det här bordet."
    again = await h.click(bo, table_msg, "join")
    assert again.ephemeral and again.message.text == "You're already at this table."
    assert table_msg.text == shown  # the refusals went privately: the table is as it was
    # a second table: refused, with the way out (the first table's Leave) in her words too
    res = await h.slash(ana, "war", "start")
    text = res.message.text
    assert res.ephemeral and text.startswith(
        "Du sitter redan vid bord #1 (Kvitt eller dubbelt-krig) på den här servern: https://"
    )
    assert "Lämna det först: en plats i taget." in text and "Lämna bord #1" in text
    res = await h.click(bo, table_msg, "start")  # only the host starts
    assert res.ephemeral and res.message.text == "Only the host can start the game."
    said = [r.message.text for r in h.results if r.ephemeral and r.user.id == ana.id]
    assert said and not english_in(said, ["Ana", "Bo"])
    h.assert_clean()


def test_a_tables_line_reads_in_the_language_it_is_shown_in():
    """One stored line, two readers: each reads it in their own words, names filled later."""
    line = msg("table-seat-opened", who="{p1}", how="timeouts")
    assert english(line) == (
        "🪑 {p1} timed out three times in a row and is out: their seat is open to take over."
    )
    assert render(line, "sv") == (
        "🪑 {p1} lät tiden gå ut tre gånger i rad och är ute: platsen är ledig att ta över."
    )
