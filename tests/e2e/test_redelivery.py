"""An interaction Discord delivers twice (a resumed session replaying it, or two copies of the
bot while a shard moves): the move counts once, the first answer stands, and the second
answer Discord refuses (40060) is no error in the log."""

from __future__ import annotations

import logging

import pytest

from tests.backends import run_sql
from tests.e2e.test_war_e2e import open_war
from tests.harness import Harness


async def test_a_click_delivered_twice_moves_once_and_logs_no_error(harness: Harness, caplog):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    flip = await h.click(ana, table_msg, "flip")
    assert flip.in_place
    await h.bot.renderer.flush()  # the table's picture follows the answer
    shown = table_msg.text
    caplog.clear()
    with caplog.at_level(logging.INFO):
        assert await fake.redeliver(flip.interaction_id)
        await h.answered(flip)
        await h.bot.renderer.flush()
    logged = run_sql(
        h.db_path, "SELECT COUNT(*) FROM actions WHERE interaction_id = ?", flip.interaction_id
    )
    assert logged == [(1,)]  # applied once
    assert table_msg.text == shown  # the first answer stands
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert "answered already" in caplog.text
    assert [f.kind for f in fake.failures] == ["double_ack"]  # Discord refused the second
    fake.failures.clear()
    h.assert_clean()


async def test_an_answer_cut_off_on_its_way_is_a_warning_and_play_goes_on(
    harness: Harness, caplog, monkeypatch
):
    """The connection to Discord breaks while an answer is on its way (a reset, a closed
    keep-alive): no error with a traceback, and the next click is answered as ever."""
    import aiohttp

    import bot.answer

    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    table_msg, _ = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    real, cut = bot.answer._send, []

    async def cut_once(*args, **kwargs):
        if not cut:
            cut.append(1)
            raise aiohttp.ServerDisconnectedError()
        return await real(*args, **kwargs)

    monkeypatch.setattr(bot.answer, "_send", cut_once)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        with pytest.raises(AssertionError, match="never answered"):  # Discord never got it
            await fake.click(bo, table_msg, h.custom_id(table_msg, "seat"), timeout=1)
    assert cut and not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert "the connection to Discord failed" in caplog.text
    flip = await h.click(ana, table_msg, "flip")  # the bot carries on
    assert flip.in_place
    fake.failures.clear()  # the cut-off answer never reached the fake: unanswered there
