"""Card emoji (bot/art/emoji.py) through the fake Discord: the bot uploads the application emoji it
lacks at start, once; a refusal is one warning and the cards stay text; a player's private hand
shows each card's emoji beside its label, unless they turned pictures off.

Every test waits on events (the sync task, the fake's state), never on sleeps; every request is
checked against Discord's API description, responses too (``tests.fakediscord.checked``).
"""

from __future__ import annotations

import asyncio
import base64
import io
import logging
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest
from PIL import Image

from bot.art import cards, emoji
from bot.art.looks import LOOKS, Look
from bot.clock import ManualClock
from bot.engines.cards import Card, french_deck, tarot_deck
from bot.tables import Table
from bot.ui import common
from bot.ui.components import Button, controls
from tests.fakediscord import FakeDiscord, FakeMessage, checked, iter_components
from tests.fakediscord.server import EMOJIS_TEMPLATE
from tests.harness import TOKEN, Harness, open_table

ALL = len(cards.all_emoji())  # 185: 52 French, 52 four-colour, 78 tarot, 3 backs
# every card face's emoji name -> its label (what the button says beside it)
LABELS = {cards.emoji_name(c): c.label for c in [*french_deck(), *tarot_deck()]} | {
    cards.emoji_name(c, four_colour=True): c.label for c in french_deck()
}


class Lines(logging.Handler):
    """bot.art.emoji's log records."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def at(self, level: int) -> list[str]:
        return [r.getMessage() for r in self.records if r.levelno == level]


@pytest.fixture
def lines() -> Iterator[Lines]:
    handler = Lines()
    logger = logging.getLogger("bot.art.emoji")
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(old)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    emoji.reset()  # what an earlier test's bot uploaded to its own fake
    async with checked() as f:
        f.token = TOKEN
        yield f
    emoji.reset()


@pytest.fixture
async def h(fake: FakeDiscord, database: Any) -> AsyncIterator[Harness]:
    harness = Harness(fake, database, ManualClock())
    yield harness
    await harness.stop_bot()
    LOOKS.players.clear()


async def synced(h: Harness) -> float:
    """Start the bot, wait for its emoji sync to end; the sync's seconds."""
    started = time.monotonic()
    bot = await h.start_bot()
    await bot.emoji_sync
    return time.monotonic() - started


def posts(fake: FakeDiscord) -> int:
    return fake.count("POST", EMOJIS_TEMPLATE)


# -- (a) uploaded once ------------------------------------------------------------------------


async def test_a_first_start_uploads_every_emoji_and_a_second_start_none(
    h: Harness, lines: Lines
) -> None:
    fake = h.fake
    took = await synced(h)
    assert fake.emoji_uploads == posts(fake) == ALL == 185
    names = {e["name"] for e in fake.app_emojis.values()}
    assert names == {name for name, _ in cards.all_emoji()}
    assert emoji.ready() == {e["name"]: int(e["id"]) for e in fake.app_emojis.values()}
    for eid, png in fake.emoji_images.items():  # what Discord got: 128 px PNGs, far under 256 KB
        assert len(png) < 256 * 1024
        assert Image.open(io.BytesIO(png)).size == (128, 128), fake.app_emojis[eid]["name"]
    assert lines.at(logging.INFO)[-1].startswith(f"card emoji: {ALL} ready, {ALL} uploaded (")
    print(f"\nfirst sync against the fake: {ALL} uploads in {took:.2f} s")

    await h.stop_bot()
    emoji.reset()  # a new process: the registry is filled by the listing alone
    await synced(h)
    assert fake.emoji_uploads == posts(fake) == ALL  # nothing uploaded again
    assert fake.count("GET", EMOJIS_TEMPLATE) == 2  # one listing per start
    assert len(emoji.ready()) == ALL
    assert lines.at(logging.INFO)[-1].startswith(f"card emoji: {ALL} ready, 0 uploaded (")
    assert not lines.at(logging.WARNING)


async def test_a_emoji_not_ours_or_no_longer_named_are_left_alone(h: Harness, lines: Lines) -> None:
    fake = h.fake
    old = fake.add_app_emoji("bk_joker")  # ours by its prefix, no longer drawn
    theirs = fake.add_app_emoji("party_parrot")
    already = fake.add_app_emoji("bk_TH")
    await synced(h)
    assert fake.emoji_uploads == posts(fake) == ALL - 1  # bk_TH was there already
    assert {old, theirs, already} <= set(fake.app_emojis)
    assert not fake.count("DELETE", EMOJIS_TEMPLATE)
    assert emoji.ready()["bk_TH"] == already and "bk_joker" not in emoji.ready()
    assert str(emoji.card_emoji(Card(10, "H"))) == f"<:bk_TH:{already}>"
    assert "1 of ours no longer used (left alone)" in lines.at(logging.INFO)[-1]


async def test_a_two_copies_uploading_at_once_make_no_duplicates(h: Harness, lines: Lines) -> None:
    """Two processes of a sharded bot start together: each lists none, both upload; Discord
    refuses the second of each name (50035), which the copy then finds in a second listing."""
    fake = h.fake
    bot = await h.start_bot()
    await bot.emoji_sync
    fake.app_emojis.clear()  # as if none had been uploaded yet
    emoji.reset()
    before = fake.emoji_uploads
    await asyncio.gather(emoji.sync(bot), emoji.sync(bot))
    assert fake.emoji_uploads - before == ALL  # one of each name
    assert len({e["name"] for e in fake.app_emojis.values()}) == len(fake.app_emojis) == ALL
    assert len(emoji.ready()) == ALL
    assert not lines.at(logging.WARNING)


async def test_a_a_stop_during_the_sync_cancels_it(h: Harness, lines: Lines) -> None:
    fake = h.fake
    bot = await h.start_bot(wait_loaded=False)
    await fake.wait_for(lambda: fake.emoji_uploads >= 3, what="some uploads")
    task = bot.emoji_sync
    await h.stop_bot()
    assert task.cancelled()
    assert not lines.at(logging.WARNING) and not lines.at(logging.INFO)
    # what landed before the stop is shown (one upload may have been on its way)
    assert len(fake.app_emojis) - 1 <= len(emoji.ready()) <= len(fake.app_emojis) < ALL


# -- (b) refused ------------------------------------------------------------------------------


async def test_b_the_limit_reached_is_one_warning_and_cards_stay_text(
    h: Harness, lines: Lines
) -> None:
    fake = h.fake
    fake.emoji_limit = 10  # the application is nearly full
    await synced(h)
    assert fake.emoji_uploads == 10
    assert posts(fake) == 11  # the refused one, and no other tried after it
    [warning] = lines.at(logging.WARNING)
    assert "30008" in warning and "Maximum number of emojis reached" in warning
    assert "2,000" in warning and "text only" in warning
    assert f"{ALL - 11} more not tried" in warning
    assert lines.at(logging.INFO)[-1].startswith(f"card emoji: 10 ready, 10 uploaded, {ALL - 10}")
    assert len(emoji.ready()) == 10

    # the bot plays on: every card of a private hand is there as text, emoji or not
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "tarok", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    table = await h.service.get(tid)
    hand = (await h.click(ana, msg, "seat")).message
    labels = [c["label"] for c in play_controls(hand)]
    assert labels == [x["card"].label for x in table.view(table.seat_of(ana.id))["hand"]]
    for c in play_controls(hand):
        if "emoji" in c:
            assert c["emoji"]["name"] in emoji.ready()
    assert emoji.card_emoji(tarot_deck()[-1]) is None  # the last one drawn was not uploaded


async def test_b_no_room_at_all(h: Harness, lines: Lines) -> None:
    fake = h.fake
    fake.emoji_limit = 0
    await synced(h)
    assert fake.emoji_uploads == 0 and posts(fake) == 1
    assert len(lines.at(logging.WARNING)) == 1 and not emoji.ready()
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, _ = await open_table(h, "shithead", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    hand = (await h.click(ana, msg, "seat")).message
    [choose] = [c for c in iter_components(hand.components) if c.get("options")]
    assert len(choose["options"]) == 6
    assert all(o["label"] and "emoji" not in o for o in choose["options"])


async def test_b_a_forbidden_upload_stops_the_rest(h: Harness, lines: Lines) -> None:
    fake = h.fake
    fake.refuse_emoji_uploads = (403, 50013, "Missing Permissions")
    await synced(h)
    assert fake.emoji_uploads == 0 and posts(fake) == 1
    [warning] = lines.at(logging.WARNING)
    assert "403, code 50013: Missing Permissions" in warning
    assert "does not let this bot upload emoji" in warning and "text only" in warning


# -- (c) shown beside the labels ------------------------------------------------------------


def play_controls(msg: FakeMessage) -> list[dict[str, Any]]:
    """The card buttons (``play``) of a private view, in order."""
    return [
        c
        for c in iter_components(msg.components)
        if c.get("type") == 2 and c.get("custom_id", "").split(":")[2:3] == ["play"]
    ]


def assert_faces(fake: FakeDiscord, controls: list[dict[str, Any]], four: bool = False) -> None:
    """Each control carries the emoji of the card its label names, as the fake has it."""
    ids = {e["name"]: e["id"] for e in fake.app_emojis.values()}
    assert controls
    for c in controls:
        e = c.get("emoji")
        assert e is not None, c
        assert e["id"] == ids[e["name"]] and not e.get("animated")
        assert c["label"].startswith(LABELS[e["name"]]), (c["label"], e)
        assert e["name"].startswith("bk4_" if four else "bk_")


async def test_c_a_private_hand_carries_the_emoji_unless_pictures_are_off(h: Harness) -> None:
    fake = h.fake
    await synced(h)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    LOOKS.set_player(bo.id, Look(images=False))  # Bo's /limits: no pictures
    msg, tid = await open_table(h, "tarok", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    table = await h.service.get(tid)

    hand = (await h.click(ana, msg, "seat")).message
    assert_faces(fake, play_controls(hand))
    seat = table.seat_of(ana.id)
    first = table.view(seat)["hand"][0]["card"]
    eid = emoji.ready()[cards.emoji_name(first)]
    assert common.card_emoji(table, seat, first) == f"<:{cards.emoji_name(first)}:{eid}>"

    theirs = (await h.click(bo, msg, "seat")).message
    assert play_controls(theirs) and not [c for c in play_controls(theirs) if "emoji" in c]
    assert [c["label"] for c in play_controls(theirs)] == [
        x["card"].label for x in table.view(table.seat_of(bo.id))["hand"]
    ]
    # nothing on the public table: its buttons are the platform's
    assert not [c for c in iter_components(msg.components) if "bk_" in str(c.get("emoji"))]


async def test_c_select_options_carry_the_emoji(h: Harness) -> None:
    fake = h.fake
    await synced(h)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "shithead", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    hand = (await h.click(ana, msg, "seat")).message
    [choose] = [c for c in iter_components(hand.components) if c.get("options")]
    assert len(choose["options"]) == 6
    assert_faces(fake, choose["options"])


async def test_c_the_four_colour_deck_and_the_server_without_pictures(h: Harness) -> None:
    fake = h.fake
    await synced(h)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    LOOKS.set_player(ana.id, Look(four_colour=True))
    msg, tid = await open_table(h, "spit", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    panel = (await h.click(ana, msg, "seat")).message
    grid = play_controls(panel)
    assert len(grid) == 8  # the layout's four cards, two piles each, disabled before the spit
    assert_faces(fake, grid, four=True)
    assert_faces(fake, play_controls((await h.click(bo, msg, "seat")).message))

    LOOKS.set_guild(fake.guild_id, Look(images=False))  # the server's /settings: none
    try:
        table = await h.service.get(tid)
        seat = table.seat_of(bo.id)
        card = table.view(seat)["seats"][seat]["layout"][0]
        assert common.card_emoji(table, seat, card) is None
        LOOKS.set_player(bo.id, Look(images=True))  # a player's own choice wins
        assert common.card_emoji(table, seat, card) is not None
    finally:
        LOOKS.guilds.pop(fake.guild_id, None)


async def test_c_no_emoji_before_the_sync(h: Harness) -> None:
    fake = h.fake
    fake.stall("GET", EMOJIS_TEMPLATE)  # the listing never comes back
    bot = await h.start_bot()
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, _ = await open_table(h, "tarok", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    hand = (await h.click(ana, msg, "seat")).message
    assert play_controls(hand) and not [c for c in play_controls(hand) if "emoji" in c]
    assert not bot.emoji_sync.done()
    fake.release()


def backs(table: Table, seat: int) -> tuple[str | None, str | None]:
    return (
        common.card_emoji(table, seat, None),
        common.card_emoji(table, seat, None, tarot=True),
    )


async def test_c_backs(h: Harness) -> None:
    fake = h.fake
    await synced(h)
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "shithead", ana, [bo])
    assert (await h.click(ana, msg, "start")).in_place
    table = await h.service.get(tid)
    ids = emoji.ready()
    assert backs(table, 0) == (f"<:bk_back:{ids['bk_back']}>", f"<:bk_tback:{ids['bk_tback']}>")
    assert str(emoji.back_emoji(deck=1)) == f"<:bk_back1:{ids['bk_back1']}>"


# -- (d) the fake's routes, against the API description --------------------------------------


async def test_d_the_fake_answers_the_emoji_routes_as_discord(h: Harness) -> None:
    fake = h.fake
    bot = await h.start_bot()
    await bot.emoji_sync
    png = cards.emoji_png(None)
    made = await bot.create_application_emoji(name="bk_test", image=png)
    assert made.is_application_owned() and made.name == "bk_test"
    got = await bot.fetch_application_emoji(made.id)
    assert got.id == made.id
    renamed = await got.edit(name="bk_test2")
    assert renamed.name == "bk_test2"
    uri = "data:image/png;base64,"
    for name, image, field in (
        ("bk_test2", uri + base64.b64encode(png).decode(), "name"),  # the name is taken
        ("b", uri + base64.b64encode(png).decode(), "name"),  # too short
        ("bk-dash", uri + base64.b64encode(png).decode(), "name"),  # a letter, digit or _ only
        ("bk_big", uri + base64.b64encode(png + bytes(256 * 1024)).decode(), "image"),
        ("bk_gif", uri + base64.b64encode(b"GIF89a" + bytes(9)).decode(), "image"),  # no PNG
        ("bk_url", "https://cdn.example/bk.png", "image"),  # not a data URI
        ("bk_b64", uri + "no base64!", "image"),
    ):
        with pytest.raises(discord.HTTPException) as err:
            await bot.http.create_application_emoji(fake.application_id, name, image)
        assert err.value.status == 400 and err.value.code == 50035, (name, err.value)
        assert f"In {field}:" in str(err.value), (name, err.value)
    # the one the API description itself rules out (minLength 2) is a violation, as it should
    assert [(v.kind, v.message) for v in fake.violations] == [
        ("request", "$.name: string of length 1 breaks minLength 2")
    ]
    fake.violations.clear()
    await renamed.delete()
    with pytest.raises(discord.NotFound) as gone:
        await bot.fetch_application_emoji(made.id)
    assert gone.value.code == 10014
    assert len(await bot.fetch_application_emojis()) == ALL
    routes = {
        (r.method, r.route_template)
        for r in fake.requests
        if r.route_template and "emojis" in r.route_template
    }
    assert routes == {
        ("GET", EMOJIS_TEMPLATE),
        ("POST", EMOJIS_TEMPLATE),
        ("GET", EMOJIS_TEMPLATE + "/{emoji_id}"),
        ("PATCH", EMOJIS_TEMPLATE + "/{emoji_id}"),
        ("DELETE", EMOJIS_TEMPLATE + "/{emoji_id}"),
    }
    assert not fake.violations  # every other request and response as the description has it


async def test_d_a_button_with_an_unknown_emoji_is_refused(h: Harness) -> None:
    fake = h.fake
    bot = await h.start_bot()
    await bot.emoji_sync
    channel = bot.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    known = emoji.ready()["bk_TH"]
    ok = Button("10\u2665", "war:1:flip", emoji=f"<:bk_TH:{known}>")
    sent = await channel.send("a card", view=controls([[ok]]))
    assert fake.message(sent.id).components[0]["components"][0]["emoji"]["id"] == str(known)
    stale = Button("10\u2665", "war:1:flip", emoji="<:bk_TH:123456789012345678>")
    with pytest.raises(discord.HTTPException) as err:
        await channel.send("a card", view=controls([[stale]]))
    assert err.value.code == 50035 and "Invalid emoji" in str(err.value)
    assert [v.kind for v in fake.violations] == ["rule"]
    fake.violations.clear()  # the refusal asked for
