"""An interaction Discord delivers twice (a resumed session replaying it, or two copies of the
bot while a shard moves): the move counts once, the first answer stands, and the second
answer Discord refuses (40060) is no error in the log."""

from __future__ import annotations

import logging

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
