"""/help: the games and how to begin, privately, on one phone screen."""

from __future__ import annotations

import discord

from bot.games import GAMES
from bot.ui.common import body_text
from tests.e2e.conftest import Harness
from tests.e2e.test_inputs import slash_data
from tests.phone import assert_fits_phone


def shown(res) -> str:
    return body_text(discord.Embed.from_dict(res.message.current["embeds"][0]))


async def test_help_lists_every_game_and_how_to_begin_on_one_phone_screen(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await h.slash(ana, "help")
    assert res.ok and res.ephemeral and res.message.audience == ana.id
    text = shown(res)
    for game in GAMES.values():
        assert f"`/{game.name}` {game.title} \u00b7 {game.players}" in text
    assert f"`/{next(iter(GAMES))} start`" in text and "**Join**" in text and "**Start**" in text
    assert "off here" not in text
    for command in ("rules", "table", "tally", "limits", "settings"):
        assert f"`/{command}`" in text
    assert_fits_phone([text], "/help")
    h.assert_clean()


async def test_help_marks_the_games_switched_off_where_it_is_asked(harness: Harness):
    h, fake = harness, harness.fake
    ana, boss = fake.add_user("Ana"), fake.add_user("Boss", manage_guild=True)
    den = fake.add_channel("war-den")
    await h.slash(boss, "settings", "game", game="war", enabled=False)
    await h.slash(boss, "settings", "game", game="war", enabled=True, options={"channel": den})
    lines = shown(await h.slash(ana, "help")).splitlines()
    assert [line for line in lines if "off here" in line] == [
        next(line for line in lines if line.startswith("`/war`"))
    ]
    text = shown(await h.slash(ana, "help", channel=den))
    assert "off here" not in text
    thread = fake.add_thread("rematch", den)  # a thread follows its channel
    assert "off here" not in shown(await h.slash(ana, "help", channel=thread))
    h.assert_clean()


async def test_help_in_a_dm_says_games_are_played_in_servers(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await fake.interact(ana, 2, slash_data(fake, "help", []), channel=fake.dm_channel(ana))
    assert res.ok and res.ephemeral
    assert "Games are played in server channels" in shown(res)
    h.assert_clean()
