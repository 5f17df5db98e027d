"""The table's picture on its message, through the fake Discord: uploaded by the renderer after
the answer, kept by every edit that does not change it, replaced (never appended) when it does,
removed when a server turns pictures off; and never showing a card the rules keep hidden."""

from __future__ import annotations

import io

from PIL import Image

from bot.art.looks import LOOKS
from bot.render.core import PICTURE_EVERY
from bot.ui.common import key_of
from tests.e2e.conftest import Harness
from tests.e2e.test_war_e2e import open_war


def picture_of(fake, msg) -> tuple[str, Image.Image] | None:
    """The table picture a message shows (its key and image), checking how it is shown: one
    attachment, shown as the embed's image (none loose under the message)."""
    assert not fake.loose_attachments(msg), msg.attachments
    if not msg.attachments:
        assert not any((e.get("image") or {}).get("url") for e in msg.embeds)
        return None
    (att,) = msg.attachments
    key = key_of(att["filename"])
    assert key is not None, att
    assert msg.embeds[0]["image"]["url"] == f"attachment://{att['filename']}"
    data = fake.upload_of(att)
    assert len(data) <= 150 * 1024
    return key, Image.open(io.BytesIO(data))


async def first_hand(h: Harness):
    """A War table, started, its first hand flipped and everything shown: (Ana, Bo, its
    message, its id)."""
    ana, bo = h.fake.add_user("Ana"), h.fake.add_user("Bo")
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    await h.click(ana, table_msg, "flip")
    await h.bot.renderer.flush()
    return ana, bo, table_msg, tid


async def test_a_war_table_shows_its_picture_and_replaces_it_as_the_game_goes(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    await h.bot.renderer.flush()
    assert picture_of(fake, table_msg) is None  # no card turned yet: nothing to picture

    res = await h.click(ana, table_msg, "flip")
    assert res.in_place
    # the answer went out with the text at once; the picture follows from the renderer
    await h.bot.renderer.flush()
    first = picture_of(fake, table_msg)
    assert first is not None
    key, img = first
    assert img.format == "PNG" and img.width <= 720
    table = await h.service.get(tid)
    v = table.view()
    turned = {t["card"] for t in v["turned"]}
    assert turned and key == h.bot.renderer._wanted[tid][0]
    assert set(h.bot.renderer._wanted[tid][1].faces()) >= turned

    uploads = len(fake.uploads)
    # a click that changes the picture: replaced, never appended (one attachment stays)
    for _ in range(3):
        if "flip" not in h.verbs(table_msg):
            await h.click(ana if table.view()["loser"] == 0 else bo, table_msg, "drink")
        else:
            await h.click(bo, table_msg, "flip")
        await h.bot.renderer.flush()
        shown = picture_of(fake, table_msg)
        assert shown is not None and shown[0] == h.bot.renderer._wanted[tid][0]
    assert len(fake.uploads) > uploads
    h.assert_clean()


async def test_pictures_off_in_a_server_leaves_text_only_and_removes_the_picture(
    harness: Harness,
):
    h, fake = harness, harness.fake
    ana, bo, table_msg, tid = await first_hand(h)
    assert picture_of(fake, table_msg) is not None
    table = await h.service.get(tid)
    await h.bot.party.set_guild(table.row.guild_id, images=False)
    try:
        h.bot.renderer.redraw(table)
        await h.bot.renderer.flush()
        assert picture_of(fake, table_msg) is None
        before = len(fake.uploads)
        await h.click(bo, table_msg, "flip" if "flip" in h.verbs(table_msg) else "drink")
        await h.bot.renderer.flush()
        assert picture_of(fake, table_msg) is None and len(fake.uploads) == before
    finally:
        await h.bot.party.set_guild(table.row.guild_id, images=None)
    assert LOOKS.images(table.row.guild_id)
    h.assert_clean()


async def test_a_burst_of_moves_waits_for_one_picture_and_a_flush_does_not(harness: Harness):
    """Only the picture behind (an answer showed the text): the next upload waits until
    PICTURE_EVERY after the last one, so a burst of moves costs one; a flush does not wait."""
    h, fake = harness, harness.fake
    ana, bo, table_msg, tid = await first_hand(h)
    table = await h.service.get(tid)
    assert h.bot.renderer.picture_pause(table) == 0  # the message is current
    if "flip" not in h.verbs(table_msg):
        await h.click(ana if table.view()["loser"] == 0 else bo, table_msg, "drink")
    await h.click(bo, table_msg, "flip")  # its answer shows the text; the picture is behind
    assert 0 < h.bot.renderer.picture_pause(table) <= PICTURE_EVERY
    await h.bot.renderer.flush()
    shown = picture_of(fake, table_msg)
    assert shown is not None and shown[0] == h.bot.renderer._wanted[tid][0]
    h.assert_clean()
