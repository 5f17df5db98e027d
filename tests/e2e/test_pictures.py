"""The table's picture on its message, through the fake Discord: uploaded by the renderer after
the answer, kept by every edit that does not change it, replaced (never appended) when it does,
removed when a server turns pictures off; kept by an answer only while the message has it (a
click made before an edit changed it, after a restart too); and never showing a card the rules
keep hidden."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from bot.art.looks import LOOKS
from bot.art.worker import render_apart
from bot.render import core
from bot.render.budgets import EditToken
from bot.render.core import PICTURE_EVERY
from bot.ui.common import key_of
from tests.backends import run_sql
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


async def next_move(h: Harness, msg, ana, bo, tid: int):
    """Who makes the War table's next move on ``msg``, and its verb: a flip, else the loser's
    drink."""
    if "flip" in h.verbs(msg):
        return bo, "flip"
    table = await h.service.get(tid)
    return (ana if table.view()["loser"] == 0 else bo), "drink"


class SlowPictures:
    """Pictures that take a while to draw: ``drawing`` is set once one is asked for (its key
    in ``keys``), and each is drawn once ``drawn`` is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawing, self.drawn, self.keys = asyncio.Event(), asyncio.Event(), []

        async def slow(picture, four_colour=False):
            self.keys.append(picture.key(four_colour))
            self.drawing.set()
            await self.drawn.wait()
            return await render_apart(picture, four_colour=four_colour)

        monkeypatch.setattr(core, "render_apart", slow)


@pytest.mark.parametrize("how", ["clean", "redrawn"])
async def test_a_click_made_before_an_edit_changed_the_picture_keeps_what_the_message_has(
    harness: Harness, monkeypatch, how: str
):
    """Race audit: just after a restart the bot did not know which picture its table's message
    carried. Its first edit (the start-up redraw, or the one after a move) found the table moved
    on from the picture it had drawn and, knowing no picture to keep, took the old one off;
    a click made before that edit landed came with the old picture, and its answer kept it by
    id, though the message no longer had it (Discord refuses such an edit). An answer now
    keeps what the bot's last write left on the message; the renderer learns the picture
    from the first answer and keeps it until the newest is drawn, which follows."""
    h, fake = harness, harness.fake
    ana, bo, msg, tid = await first_hand(h)
    assert picture_of(fake, msg) is not None
    await h.stop_bot()
    if how != "clean":  # the bot stopped before it stored what the message showed
        run_sql(h.db_path, "UPDATE table_messages SET shown = NULL WHERE table_id = ?", tid)
    slow = SlowPictures(monkeypatch)
    restart = len(msg.versions)
    await h.start_bot()
    if how != "clean":
        await slow.drawing.wait()  # the start-up redraw is drawing the picture for its edit
    who, verb = await next_move(h, msg, ana, bo, tid)
    await h.click(who, msg, verb)  # answered at once, keeping the picture it came with
    if how == "clean":
        await slow.drawing.wait()  # the edit after that move is drawing its picture
        who, verb = await next_move(h, msg, ana, bo, tid)
        await h.click(who, msg, verb)
    # the edit will find the table moved on from the picture it is drawing
    newest = h.bot.renderer.picture_for(await h.service.get(tid))
    assert slow.keys and newest is not None and slow.keys[0] != newest.key
    who, verb = await next_move(h, msg, ana, bo, tid)
    pressed = fake.press(who, msg, h.custom_id(msg, verb))  # with the picture it has now
    edits = len(msg.versions)
    slow.drawn.set()
    await fake.wait_for(lambda: len(msg.versions) > edits, what="the renderer's edit")
    res = await h.record(await fake.deliver(pressed))  # the click arrives after it landed
    assert res.ok and res.in_place
    h.assert_clean()  # its answer kept an attachment the message has
    await h.bot.renderer.flush()
    shown = picture_of(fake, msg)
    assert shown is not None and shown[0] == h.bot.renderer._wanted[tid].key
    assert all(v["attachments"] for v in msg.versions[restart:])  # it kept one all along
    h.assert_clean()


async def test_a_click_made_before_an_edit_whose_answer_was_lost_keeps_no_picture(
    harness: Harness, monkeypatch
):
    """An edit that uploaded the table's new picture landed, but its answer was lost (the
    connection broke): the bot can't tell which picture the message has, nor can a click made
    before it landed. That click's answer keeps none (valid whatever the message has), and
    the renderer puts the newest picture up again."""
    import aiohttp

    h, fake = harness, harness.fake
    ana, bo, msg, tid = await first_hand(h)
    before = picture_of(fake, msg)
    assert before is not None
    real, lost = EditToken.edit, []

    async def edit_lost(self, client, screen):  # the first edit lands, its answer is lost
        sent = await real(self, client, screen)
        if not lost:
            lost.append(sent.id)
            raise aiohttp.ServerDisconnectedError()
        return sent

    monkeypatch.setattr(EditToken, "edit", edit_lost)
    slow = SlowPictures(monkeypatch)
    who, verb = await next_move(h, msg, ana, bo, tid)
    await h.click(who, msg, verb)  # answered at once; the edit after it draws the new picture
    await slow.drawing.wait()
    who, verb = await next_move(h, msg, ana, bo, tid)
    pressed = fake.press(who, msg, h.custom_id(msg, verb))  # with the picture it has now
    slow.drawn.set()
    await fake.wait_for(
        lambda: [a for a in msg.attachments if key_of(a["filename"]) != before[0]],
        what="the edit with the new picture to land",
    )
    res = await h.record(await fake.deliver(pressed))
    assert lost == [msg.id] and res.ok and res.in_place
    h.assert_clean()  # its answer listed no attachment the message lacks
    await h.bot.renderer.flush()
    shown = picture_of(fake, msg)
    newest = h.bot.renderer.picture_for(await h.service.get(tid))
    assert shown is not None and newest is not None and shown[0] == newest.key
    h.assert_clean()
