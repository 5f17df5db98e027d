"""Which language where (issue 46), through the fake Discord: a public screen speaks the
server's language (/settings language, else the server's own locale, else English), a private
answer the asker's own Discord language; a restart keeps the server's choice."""

from __future__ import annotations

from tests.e2e.conftest import Harness
from tests.e2e.test_tally_e2e import war


async def test_the_board_speaks_the_servers_language_and_a_private_copy_the_askers(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    sven = fake.add_user("Sven", locale="sv-SE")
    boss = fake.add_user("Boss", manage_guild=True, locale="sv-SE")
    await war(h, set(), ana, sven, leaver=sven, hands=1)

    board = await h.slash(sven, "tally")  # an English server: the public board is English
    assert not board.ephemeral
    assert "The tally at Test Bar: tonight" in board.message.text
    again = await h.slash(sven, "tally")  # a copy just for Sven: his own language
    assert again.ephemeral
    assert "Den här listan lades upp här alldeles nyss" in again.message.text
    assert "Notan på Test Bar: i kväll" in again.message.text
    assert "1 vinst" in again.message.text

    shown = await h.slash(boss, "settings", "language", language="sv")
    assert shown.ephemeral  # the settings answer the asker in their language
    assert "Borden här talar nu Svenska." in shown.message.text
    assert "Bordens språk" in shown.message.text
    board = await h.slash(ana, "tally", period="week")  # the server speaks Swedish now
    assert "Notan på Test Bar: den här veckan" in board.message.text
    assert "24 klunkar är ungefär en öl" in board.message.text

    await h.stop_bot()  # the server's choice is stored
    await h.start_bot()
    board = await h.slash(ana, "tally", period="all")
    assert "Notan på Test Bar: genom tiderna" in board.message.text

    english = fake.add_user("Em", manage_guild=True)
    shown = await h.slash(english, "settings", "language", language="auto")
    assert "Tables here now speak the server's own language" in shown.message.text
    assert "English (the server's own)" in shown.message.text


async def test_a_swedish_server_speaks_swedish_until_it_chooses_otherwise(harness: Harness):
    h, fake = harness, harness.fake
    await h.stop_bot()
    fake.guild.locale = "sv-SE"  # the server's primary language, as Discord reports it
    await h.start_bot()
    ana = fake.add_user("Ana")
    board = await h.slash(ana, "tally")
    assert "Ingen har spelat eller druckit något än. Starta ett spel:" in board.message.text
    assert "`/krig starta`" in board.message.text  # the commands as a Swedish app shows them
    boss = fake.add_user("Boss", manage_guild=True)
    await h.slash(boss, "settings", "language", language="en")
    board = await h.slash(ana, "tally", period="week")
    assert "Nobody has played or drunk a thing" in board.message.text


async def test_only_managers_change_it_and_are_told_so_in_their_language(harness: Harness):
    h, fake = harness, harness.fake
    fake.enforce_command_permissions = False  # a server may grant /settings to anyone
    sven = fake.add_user("Sven", locale="sv-SE")
    res = await h.slash(sven, "settings", "language", language="sv")
    assert res.ephemeral
    assert res.message.text.startswith("Bara personer med Hantera server")
    assert h.bot.party.guild(fake.guild_id).language is None


async def test_help_and_the_rules_answer_in_the_askers_own_language(harness: Harness):
    h, fake = harness, harness.fake
    sven = fake.add_user("Sven", locale="sv-SE")
    res = await h.slash(sven, "help")
    assert res.ephemeral
    text = res.message.text
    assert "`/svartadöden starta`" in text and "`/krig` Kvitt eller dubbelt-krig · 2" in text
    assert "`/notan`" in text and "`/inställningar` (admins)" in text
    res = await h.slash(fake.add_user("Em"), "help")
    assert "`/blackdeath start`" in res.message.text and "Double-or-Nothing War" in res.message.text
    rules = await h.slash(sven, "rules", game="war")
    assert rules.ephemeral
    assert rules.message.text.startswith("📜 Kvitt eller dubbelt-krig: reglerna")
    assert "**Två spelare, en kortlek.**" in rules.message.text


async def test_limits_speak_the_players_language(harness: Harness):
    h, fake = harness, harness.fake
    sven = fake.add_user("Sven", locale="sv-SE")
    res = await h.slash(sven, "limits", cap=10)
    assert res.ephemeral
    text = res.message.text
    assert "Dina gränser" in text and "Ditt tak är 10 klunkar under 12 timmar." in text
    assert "**Tak:** 10 klunkar under 12 timmar (ditt eget)." in text
    res = await fake.click(sven, res.message, "limits:0:free")
    assert "Alkoholfritt blir det" in res.message.text
    assert res.message.find_component("limits:0:sips")["label"] == "Tillbaka till klunkar"
