"""A newcomer's first hour (issue 8): a DEV_GUILD_ID that refuses the commands, a DATABASE_URL
that can't be used, a bot in no server yet, and a channel that refuses the bot's writes
(Discord's 403s, from the fake)."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import ConfigError, invite_permissions
from tests.e2e.conftest import Harness, spawn_bot
from tests.e2e.test_war_e2e import open_war
from tests.fakediscord.server import (
    P_ALL,
    P_EMBED_LINKS,
    P_SEND_MESSAGES,
    P_VIEW_CHANNEL,
)

TOKEN_LIFE = 16 * 60  # past an interaction token's 15 minutes


def invite_in(text: str, fake) -> str:
    """The invite link in ``text``; checks its application, permissions and scopes."""
    m = re.search(r"https://discord\.com/oauth2/authorize\?\S+", text)
    assert m, text
    url = m.group(0)
    assert f"client_id={fake.application_id}" in url
    assert f"permissions={invite_permissions().value}" in url
    assert "scope=bot+applications.commands" in url
    return url


class Lines(logging.Handler):
    """Log records as they come, and an event to wait for one that says something."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []
        self.waiting: list[tuple[str, asyncio.Event]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        for words, event in self.waiting:
            if words in record.getMessage():
                event.set()

    async def said(self, words: str, timeout: float = 5) -> logging.LogRecord:
        event = asyncio.Event()
        self.waiting.append((words, event))
        if not any(words in r.getMessage() for r in self.records):
            await asyncio.wait_for(event.wait(), timeout)
        return next(r for r in self.records if words in r.getMessage())

    def warnings(self) -> list[str]:
        return [r.getMessage() for r in self.records if r.levelno >= logging.WARNING]


@pytest.fixture
def lines():
    handler = Lines()
    logger = logging.getLogger("bot")
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(old)


# -- DEV_GUILD_ID and the invite ------------------------------------------------------------


async def test_a_dev_guild_the_bot_is_not_in_stops_python_m_bot_with_advice(fake, tmp_path):
    other = fake.guild_id + 12345
    proc = await spawn_bot(
        fake,
        tmp_path / "barkeep.db",
        env_extra={"DEV_GUILD_ID": str(other)},
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    text = err.decode()
    assert proc.returncode == 2, text  # handled: `make run` accepts it
    assert "Barkeep can't start:" in text and f"DEV_GUILD_ID={other}" in text
    assert "applications.commands" in text and "leave DEV_GUILD_ID empty" in text
    url = invite_in(text, fake)
    assert f"guild_id={other}" in url
    assert "Traceback" not in text and fake.token not in text


@pytest.mark.parametrize(
    "case, said",
    [
        ("a folder", "it is a folder; name a file in it, such as"),
        ("under a file", "a file stands where one of its folders should be"),
        (
            "not sqlite",
            "the file is not a SQLite database, or is damaged (file is not a database). Restore a backup",
        ),
    ],
)
async def test_a_database_url_that_cant_be_used_stops_python_m_bot_with_advice(
    fake, tmp_path, case, said
):
    """Before, a folder gave a traceback, a path under a file "can't reach Discord", and a
    file that is not SQLite a traceback and a process that never ended. It is said before
    logging in (before, only once Discord had accepted the token: with no network, only "can't
    reach Discord" showed), and no lock file is left next to the path."""
    if case == "a folder":
        db = tmp_path / "games"
        db.mkdir()
    elif case == "under a file":
        (tmp_path / "data").write_text("not a folder")
        db = tmp_path / "data" / "barkeep.db"
    else:
        db = tmp_path / "barkeep.db"
        db.write_bytes(b"my notes, not a database\n" * 100)
    proc = await spawn_bot(
        fake,
        tmp_path / "unused.db",
        env_extra={"DATABASE_URL": f"sqlite:///{db}"},
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    text = err.decode()
    assert proc.returncode == 2, text  # handled: `make run` accepts it
    assert f"Barkeep can't start: can't use the database {db}: {said}" in text, text
    assert "DATABASE_URL" in text and "Traceback" not in text and fake.token not in text
    assert not fake.identify_payloads  # it stopped before the gateway
    assert not fake.requests  # and before logging in: said whatever Discord would answer
    assert not Path(f"{db}.lock").exists()  # nothing left behind
    if case == "not sqlite":
        assert db.read_bytes().startswith(b"my notes")  # left as it was


async def test_a_bot_invited_without_the_commands_scope_is_told_so(fake, tmp_path):
    fake.commands_scope = False  # in the server, but Discord answers 403 50001 to the sync
    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    with pytest.raises(ConfigError) as refused:
        await h.start_bot(dev_guild_id=fake.guild_id)
    assert h.bot is not None
    await h.bot.close()  # the store it opened is closed again
    text = str(refused.value)
    assert "Missing Access" in text and "invited without the applications.commands" in text
    assert f"guild_id={fake.guild_id}" in invite_in(text, fake)
    puts = [r for r in fake.requests if r.method == "PUT"]
    assert [r.status for r in puts] == [403]


async def test_a_bot_in_no_server_prints_its_invite_link(fake, tmp_path, lines):
    fake.in_guild = False
    h = Harness(fake, tmp_path / "barkeep.db", ManualClock())
    await h.start_bot()
    try:
        record = await lines.said("in no server yet")
        assert record.levelno == logging.WARNING  # shown even with LOG_LEVEL=WARNING
        url = invite_in(record.getMessage(), fake)
        assert "guild_id" not in url
        assert fake.commands  # the global commands were synced all the same
        h.assert_clean()
    finally:
        await h.stop_bot()


async def test_a_bot_in_a_server_prints_no_invite(harness: Harness, lines):
    await harness.bot.wait_until_ready()
    await harness.slash(harness.fake.add_user("Ana"), "tally")  # on_ready has run by now
    assert not any("no server" in r.getMessage() for r in lines.records)


# -- a channel that refuses the bot ---------------------------------------------------------


async def seen_by_bot(h: Harness, user) -> None:
    """A round trip through the gateway: the bot has read every event sent before it (the
    permission changes the fake announced)."""
    res = await h.slash(user, "rules", game="war")
    assert res.ok


async def war_idle(h: Harness):
    """Ana and Bo at a started War table whose clicks are all older than 15 minutes (the bot's
    edits of the table now go as channel requests); the dealer has flipped by the clock."""
    fake = h.fake
    h.service.seeds = lambda: "newcomer"
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    flips = fake.count("PATCH", "/channels/")
    h.clock.advance(TOKEN_LIFE)
    fake.advance(TOKEN_LIFE)
    await h.rendered(lambda: fake.count("PATCH", "/channels/") > flips, "a channel edit")
    await h.bot.renderer.flush()
    assert table.view()["phase"] == "choice" and "choose" in msg.text.lower()
    return ana, bo, msg, table


def refusals(fake) -> list:
    return [r for r in fake.requests if r.status == 403]


@pytest.mark.parametrize("discord_does", ["refuse", "drop"])
async def test_missing_embed_links_is_said_in_the_channel_once_and_logged(
    harness, lines, discord_does
):
    """Without Embed Links, Discord refuses an edit with embeds (403 50013), or lets it land
    with its embed dropped: either way the bot tells the channel and the log."""
    h, fake = harness, harness.fake
    fake.embeds_without_permission = discord_does
    ana, bo, msg, table = await war_idle(h)
    await fake.set_bot_permissions(deny=P_EMBED_LINKS)
    await seen_by_bot(h, bo)
    before = msg.text

    def edits() -> int:
        return fake.count("PATCH", "/channels/")

    h.clock.advance(30)  # the loser's clock runs out: a change nobody clicked
    await h.rendered(lambda: any("can't update" in m.text for m in fake.channel_messages()))
    await h.bot.renderer.flush()
    notice = next(m for m in fake.channel_messages() if "can't update" in m.text)
    assert not notice.embeds and notice.audience is None  # plain text: needs no Embed Links
    assert f"table #{table.id}" in notice.content and "**Embed Links**" in notice.content
    assert "`/table`" in notice.content
    said = [w for w in lines.warnings() if "refused" in w]
    assert len(said) == 1 and "lacks Embed Links there" in said[0], said
    if discord_does == "refuse":
        assert [(r.method, r.response["code"]) for r in refusals(fake)] == [("PATCH", 50013)]
        assert msg.text == before  # the table could not be edited
    else:
        assert refusals(fake) == [] and not msg.embeds  # the buttons stayed, the table went

    seen = edits()
    h.clock.advance(30)  # refused again: no second notice, no second warning
    await h.rendered(lambda: edits() > seen, "a second edit")
    await h.bot.renderer.flush()
    assert sum("can't update" in m.text for m in fake.channel_messages()) == 1
    assert len([w for w in lines.warnings() if "refused" in w]) == 1

    await fake.set_bot_permissions()  # someone allows it again: the next change lands
    await seen_by_bot(h, bo)
    h.clock.advance(30)
    await h.rendered(lambda: msg.embeds and msg.text != before, "the table to be back")
    assert "table #" in msg.text
    h.assert_clean()


async def test_no_view_channel_is_told_privately_to_whoever_clicked(harness, lines):
    h, fake = harness, harness.fake
    ana, bo, msg, table = await war_idle(h)
    view = await h.click(ana, msg, "seat")  # Ana's private view: a live token of the table
    assert view.ephemeral
    await fake.set_bot_permissions(deny=P_VIEW_CHANNEL)
    await seen_by_bot(h, bo)
    h.clock.advance(30)

    def told():
        return [m for m in fake.visible_to(ana) if m.ephemeral and "can't update" in m.text]

    await h.rendered(told, "Ana to be told")
    await h.bot.renderer.flush()
    (note,) = told()
    assert note.audience == ana.id and "**View Channel**" in note.text
    assert not any("can't update" in m.text for m in fake.channel_messages())
    assert [r.response["code"] for r in refusals(fake)] == [50001]
    said = [w for w in lines.warnings() if "refused" in w]
    assert len(said) == 1 and "lacks View Channel there" in said[0], said
    h.assert_clean()


async def test_no_send_messages_for_a_lost_table_is_told_at_the_next_click(harness, lines):
    h, fake = harness, harness.fake
    ana, bo, msg, table = await war_idle(h)
    await fake.set_bot_permissions(deny=P_SEND_MESSAGES)
    await fake.delete_message(msg)  # a moderator deletes the table; it can't be posted anew
    await seen_by_bot(h, bo)
    h.clock.advance(30)
    await h.rendered(lambda: any(r.method == "POST" for r in refusals(fake)), "a refused post")
    await h.bot.renderer.flush()
    said = [w for w in lines.warnings() if "refused" in w]
    assert len(said) == 1 and "to post" in said[0] and "lacks Send Messages there" in said[0]
    assert "Embed Links" not in said[0]  # allowed: only what is off is named
    assert not [m for m in fake.messages.values() if "can't update" in m.text]  # nobody to tell

    res = await h.slash(ana, "table")  # the next click on the table: /table posts it back
    assert res.ok and not res.ephemeral and "table #" in res.message.text
    note = await res.followup()
    assert note.ephemeral and note.audience == ana.id
    assert "**Send Messages**" in note.text and f"table #{table.id}" in note.text
    h.assert_clean()


async def test_the_invite_permissions_are_enough(harness, lines):
    """With exactly the invite's permissions in the channel (no Read Message History, nothing
    else), a table is edited without a click and posted anew after a moderator deleted it."""
    h, fake = harness, harness.fake
    invite = invite_permissions().value
    await fake.set_bot_permissions(allow=invite, deny=P_ALL & ~invite)
    ana, bo, msg, table = await war_idle(h)  # the clock's flip: a channel edit
    await fake.delete_message(msg)
    posts = fake.count("POST", "/channels/")
    h.clock.advance(30)
    await h.rendered(lambda: fake.count("POST", "/channels/") > posts, "the table posted anew")
    await h.bot.renderer.flush()
    new = fake.message(table.row.message_id)
    assert new.id != msg.id and f"table #{table.id}" in new.text and not new.deleted
    assert refusals(fake) == [] and not [w for w in lines.warnings() if "refused" in w]
    h.assert_clean()


async def test_an_opening_token_that_answered_404_is_not_asked_again(harness, lines):
    """A table whose message a moderator deleted in its first 15 minutes, where the bot may
    not post it anew: the opening answer's token is asked for its message once. Discord: "If a
    webhook returns a 404 status you should not attempt to use it again"."""
    h, fake = harness, harness.fake
    h.service.seeds = lambda: "newcomer"
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    h.bot.renderer.use_tokens = False  # the table's edits go as channel requests
    await fake.set_bot_permissions(deny=P_SEND_MESSAGES)
    await fake.delete_message(msg)
    await seen_by_bot(h, bo)
    for _ in range(3):  # three changes, each finding the table without a message
        h.clock.advance(min(t.due_at for t in table.timers.values()) - h.clock.now())
        assert await h.service.fire_due() == 1
        await h.bot.renderer.flush()
    asks = [r for r in fake.requests if r.method == "GET" and r.path.endswith("/@original")]
    assert [r.status for r in asks] == [404]
    assert len(h.bot.renderer._dead_tokens) == 1
    assert not fake.violations and not fake.unknown_routes


@pytest.mark.parametrize("blocked", ["discord", "its gateway"])
async def test_discord_out_of_reach_stops_python_m_bot_with_advice(fake, tmp_path, blocked):
    """No network, or a firewall that lets Discord's website through but not its live
    connection (before: discord.py's retry failed on an AttributeError, with a traceback and
    exit 1). Exit 3, so that a service tries again later."""
    closed = "127.0.0.1:9"  # the discard port: nothing listens there
    where = (
        {"FAKE_DISCORD_API": f"http://{closed}/api/v10"}
        if blocked == "discord"
        else {"FAKE_DISCORD_GATEWAY": f"ws://{closed}/"}
    )
    proc = await spawn_bot(
        fake, tmp_path / "barkeep.db", env_extra=where, stderr=asyncio.subprocess.PIPE
    )
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    text = err.decode()
    assert proc.returncode == 3, text
    assert "Barkeep can't reach Discord" in text and "internet connection" in text, text
    assert text.rstrip().splitlines()[-1].startswith("Barkeep can't reach Discord"), text
    assert "AttributeError" not in text and fake.token not in text
