"""House rules through the fake Discord: /settings house keeps a server's defaults for a game's
options, /<game> start begins with them and its own options win, bad rules get a plain answer
that loses nothing, and a restart keeps them."""

from __future__ import annotations

from tests.e2e.conftest import Harness


async def test_a_servers_house_rules_start_its_tables_and_a_typed_option_wins(harness: Harness):
    h, fake = harness, harness.fake
    boss = fake.add_user("Boss", manage_guild=True)
    res = await h.slash(
        boss, "settings", "house", game="pyramid", rules="claim_seconds=30, convo=on"
    )
    assert res.ephemeral and "Pyramid starts with claim_seconds 30 · convo on" in res.message.text
    assert "House rules" in res.message.text
    # a restart keeps them (they are stored)
    await h.stop_bot()
    await h.start_bot()
    res = await h.slash(boss, "pyramid", "start")
    table = await h.service.get(int(h.custom_id(res.message, "join").split(":")[1]))
    assert table.row.options["claim_seconds"] == 30 and table.row.options["convo"] is True
    await h.click(boss, res.message, "end")
    ana = fake.add_user("Ana")
    res = await h.slash(ana, "pyramid", "start", claim_seconds=15)
    table = await h.service.get(int(h.custom_id(res.message, "join").split(":")[1]))
    assert table.row.options["claim_seconds"] == 15 and table.row.options["convo"] is True
    h.assert_clean()


async def test_bad_house_rules_are_refused_plainly_and_the_old_ones_stay(harness: Harness):
    h, fake = harness, harness.fake
    boss = fake.add_user("Boss", manage_guild=True)
    await h.slash(boss, "settings", "house", game="war", rules="social_sips=3")
    res = await h.slash(boss, "settings", "house", game="war", rules="social_sips=9")
    assert res.ephemeral and "social_sips must be at most 5." in res.message.text
    res = await h.slash(boss, "settings", "house", game="war", rules="speed=fast")
    assert "has no option speed" in res.message.text and "social_sips (1-5)" in res.message.text
    assert h.bot.party.house(fake.guild.id, "war") == {"social_sips": 3}
    res = await h.slash(boss, "settings", "house", game="war")  # empty: the defaults again
    assert "the game's own defaults again" in res.message.text
    assert h.bot.party.house(fake.guild.id, "war") == {}
    h.assert_clean()


async def test_house_rules_in_swedish_take_the_swedish_names_and_pa_av(harness: Harness):
    """A Swedish host writes house rules as /settings house's Swedish example says
    (läggtid=30 frågeläge=på): stored by the options' own names, said back in Swedish, and a
    bad one refused in Swedish, naming the option as the Swedish host knows it."""
    h, fake = harness, harness.fake
    boss = fake.add_user("Boss", manage_guild=True, locale="sv-SE")
    res = await h.slash(boss, "settings", "house", game="pyramid", rules="läggtid=30 frågeläge=på")
    assert h.bot.party.house(fake.guild.id, "pyramid") == {"claim_seconds": 30, "convo": True}
    assert res.ephemeral and "Pyramid börjar med läggtid 30 · frågeläge på" in res.message.text
    res = await h.slash(boss, "settings", "house", game="pyramid", rules="läggtid=5")
    assert res.ephemeral and "läggtid ska vara minst 10." in res.message.text
    res = await h.slash(boss, "settings", "house", game="war", rules="fart=snabb")
    text = res.message.text
    assert "Kvitt eller dubbelt-krig har ingen inställning som heter fart" in text
    assert "skålklunkar (1-5)" in text and "social_sips" not in text
    res = await h.slash(boss, "settings", "house", game="pyramid", rules="frågeläge=kanske")
    assert "frågeläge är på eller av." in res.message.text
    assert h.bot.party.house(fake.guild.id, "pyramid") == {"claim_seconds": 30, "convo": True}
    h.assert_clean()
