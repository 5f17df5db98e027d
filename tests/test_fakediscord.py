"""Self-tests of the fake Discord, driven by the real discord.py client and a tiny bot defined
here (not the project's bot).  They keep the fake honest: every request is validated against
Discord's OpenAPI description and so are the fake's own responses (validate_responses=True)."""

from __future__ import annotations

import asyncio
import io
import json

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import EPHEMERAL, FakeDiscord, checked, load_spec, text_of

# --------------------------------------------------------------------------------------------
# A minimal bot
# --------------------------------------------------------------------------------------------


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Join", custom_id="war:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.display_name} joined", view=None
        )

    @discord.ui.button(label="Deal", custom_id="war:deal")
    async def deal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6 for a component
        await interaction.edit_original_response(content="dealt", view=None)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="pick:card",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=f"Card {i}", value=str(i)) for i in (1, 2, 3)],
        placeholder="Pick cards",
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(
            content="picked " + ",".join(select.values), view=None
        )


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):  # noqa: ANN001
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class Feedback(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Your feedback", custom_id="fb:text", max_length=100)
    mood = discord.ui.Label(
        text="Mood",
        component=discord.ui.Select(
            custom_id="fb:mood",
            options=[discord.SelectOption(label=m, value=m) for m in ("happy", "tipsy")],
        ),
    )
    friend = discord.ui.Label(
        text="Drinking buddy",
        component=discord.ui.UserSelect(custom_id="fb:friend", required=False),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        friends = ",".join(u.display_name for u in self.friend.component.values)
        await interaction.response.send_message(
            f"thanks: {self.text.value} ({self.mood.component.values[0]}; {friends})",
            ephemeral=True,
        )


class MiniBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.guild_id = guild_id
        self.errors: list[tuple[int, int]] = []
        self.errored = asyncio.Event()
        self.go = asyncio.Event()
        self.seen_messages: list[discord.Message] = []
        self.build()

    def record(self, exc: discord.HTTPException) -> None:
        self.errors.append((exc.status, exc.code))
        self.errored.set()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)

    def build(self) -> None:
        tree = self.tree
        war = app_commands.Group(name="war", description="The war card game")

        @war.command(name="start", description="Start a game of war")
        @app_commands.describe(social_sips="Sips for everyone", rival="Who to challenge")
        async def war_start(
            interaction: discord.Interaction,
            social_sips: app_commands.Range[int, 0, 10] = 1,
            rival: discord.Member | None = None,
        ) -> None:
            who = f" vs {rival.display_name}" if rival else ""
            await interaction.response.send_message(
                f"War started with {social_sips} sips{who}", ephemeral=True, view=JoinView()
            )

        tree.add_command(war)

        @tree.command(name="announce", description="Public reply, then a channel message")
        async def announce(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message(f"Announcing: {text}")
            msg = await interaction.channel.send(
                "hello", embed=discord.Embed(title="Round 1", description=text)
            )
            await msg.edit(content="hello (edited)")

        @tree.command(name="slowpoke", description="Deferred reply")
        async def slowpoke(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.edit_original_response(content="done thinking")

        @tree.command(name="counter", description="Post a persistent counter")
        async def counter(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            await interaction.channel.send("count 0", view=view)
            await interaction.response.send_message("posted", ephemeral=True)

        @tree.command(name="pick", description="Select menu")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick some", view=PickView(), ephemeral=True)

        @tree.command(name="feedback", description="Modal")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Feedback())

        async def drink_names(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [
                app_commands.Choice(name=n, value=n)
                for n in ("beer", "bourbon", "wine")
                if n.startswith(current)
            ]

        @tree.command(name="drink", description="Autocomplete")
        @app_commands.autocomplete(name=drink_names)
        async def drink(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(f"one {name}")

        @tree.command(name="admin", description="Managers only")
        @app_commands.default_permissions(manage_guild=True)
        async def admin(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("admin ok", ephemeral=True)

        @tree.command(name="sleepy", description="Answers too late")
        async def sleepy(interaction: discord.Interaction) -> None:
            # The one deliberate sleep of the suite: longer than fake.answer_limit (0.2 s) in
            # test_late_callback_is_a_failure, standing in for a handler slower than 3 s.
            await asyncio.sleep(0.3)
            try:
                await interaction.response.send_message("too late")
            except discord.HTTPException as exc:
                self.record(exc)

        @tree.command(name="twice", description="Acknowledges twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            try:
                await interaction.response.send_message("again")  # discord.py refuses locally
            except discord.InteractionResponded:
                pass
            await interaction.followup.send("first follow-up replaces the thinking message")
            await interaction.followup.send("second follow-up", ephemeral=True)

        @tree.command(name="files", description="Attachments, follow-up edit and delete")
        async def files(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                "card", file=discord.File(io.BytesIO(b"A"), "ace.txt")
            )
            note = await interaction.followup.send(
                "note", wait=True, file=discord.File(io.BytesIO(b"K"), "king.txt")
            )
            await note.edit(content="note (edited)")
            await note.delete()
            await interaction.delete_original_response()

        @tree.command(name="later", description="Edits after waiting for the test")
        async def later(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            await self.go.wait()
            try:
                await interaction.edit_original_response(content="much later")
            except discord.HTTPException as exc:
                self.record(exc)

        @tree.command(name="spam", description="Three channel messages")
        async def spam(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            for i in range(3):
                await interaction.channel.send(f"spam {i}")
            await interaction.followup.send("spammed", ephemeral=True)

        @tree.command(name="toolong", description="Sends an invalid message")
        async def toolong(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message("x" * 2001)
            except discord.HTTPException as exc:
                self.record(exc)
                await interaction.response.send_message("sorry", ephemeral=True)


async def start_bot(fake: FakeDiscord) -> tuple[MiniBot, asyncio.Task]:
    bot = MiniBot(fake.guild_id)
    task = asyncio.create_task(bot.start(fake.token))
    await fake.wait_ready()
    return bot, task


async def stop_bot(fake: FakeDiscord, bot: MiniBot, task: asyncio.Task) -> None:
    await bot.close()
    await asyncio.wait_for(task, 5)
    await fake.wait_disconnected()


@pytest.fixture
async def fake():
    async with checked() as f:
        yield f


@pytest.fixture
async def bot(fake):
    b, task = await start_bot(fake)
    yield b
    await stop_bot(fake, b, task)


# --------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------


async def test_login_and_gateway(fake, bot):
    assert fake.count("GET", "/users/@me") == 1
    assert fake.count("GET", "/oauth2/applications/@me") == 1
    assert fake.count("GET", "/gateway") == 0  # a plain Bot goes straight to DEFAULT_GATEWAY
    assert fake.intents == discord.Intents.default().value
    assert fake.gateway_queries[0]["v"] == "10" and fake.gateway_queries[0]["encoding"] == "json"
    assert fake.gateway_queries[0].get("compress") == "zlib-stream"  # yet plain text frames work
    assert bot.user.id == fake.bot_user.id
    await asyncio.wait_for(bot.wait_until_ready(), 5)  # bot-side state: wait on the bot's event
    guild = bot.get_guild(fake.guild_id)
    assert guild.name == "Test Bar"
    assert guild.get_channel(fake.channel_id).name == "games"
    assert guild.me is not None and guild.owner_id == fake.owner.id


async def test_tree_sync_is_recorded_and_stable(fake, bot):
    await bot.tree.sync()
    assert fake.command_puts == 1
    names = {c["name"] for c in fake.commands}
    assert {"war", "announce", "slowpoke", "counter", "feedback"} <= names
    war = next(c for c in fake.commands if c["name"] == "war")
    assert war["options"][0]["type"] == 1 and war["options"][0]["name"] == "start"
    versions = {c["name"]: c["version"] for c in fake.commands}
    fetched = await bot.tree.fetch_commands()
    assert {c.name for c in fetched} == names
    await bot.tree.sync(guild=discord.Object(fake.guild_id))
    assert fake.guild_commands[fake.guild_id] == [] and fake.command_puts == 2
    await bot.tree.sync()
    assert {c["name"]: c["version"] for c in fake.commands} == versions  # unchanged -> same version
    assert fake.count("PUT", "/applications/") == 3


async def test_slash_ephemeral_with_button_then_click_edits(fake, bot):
    await bot.tree.sync()
    alice = fake.add_user("Alice")
    bob = fake.add_user("Bob")
    res = await fake.slash(alice, "war", "start", social_sips=2, rival=bob)
    assert res.type == 4 and res.status == 200 and res.ephemeral
    assert res.message.content == "War started with 2 sips vs Bob"
    assert res.message.ephemeral_for == alice.id and res.message.flags & EPHEMERAL
    assert res.message.custom_ids() == ["war:join", "war:deal"]
    assert 0 <= res.latency < 3
    req = next(
        r for r in fake.requests if r.route_template and r.route_template.endswith("/callback")
    )
    assert req.query == {"with_response": "1"}
    # Bob cannot see (or click) Alice's ephemeral message.
    assert res.message not in fake.visible_to(bob) and res.message in fake.visible_to(alice)
    with pytest.raises(AssertionError, match="cannot see"):
        await fake.click(bob, res.message, "war:join")
    with pytest.raises(AssertionError, match="no option"):
        await fake.slash(alice, "war", "start", sips=2)
    with pytest.raises(AssertionError, match="above max_value"):
        await fake.slash(alice, "war", "start", social_sips=11)

    click = await fake.click(alice, res.message, "war:join")
    assert click.type == 7 and click.message is res.message
    assert res.message.content == "Alice joined" and res.message.components == []
    assert len(res.message.versions) == 2 and res.message.versions[0]["content"].startswith(
        "War started"
    )
    assert fake.channel_messages() == []  # everything so far was ephemeral
    shown = fake.everything_shown()
    assert (alice.id, "Alice joined") in shown
    assert all(audience == alice.id for audience, _ in shown)


async def test_public_reply_then_channel_post_and_patch(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "announce", text="last call")
    assert res.type == 4 and not res.ephemeral
    assert res.message.content == "Announcing: last call"
    msg = await fake.wait_for(
        lambda: next(
            (
                m
                for m in fake.channel_messages()
                if m.content.startswith("hello") and m.edited_timestamp
            ),
            None,
        )
    )
    assert msg.content == "hello (edited)" and msg.embeds[0]["title"] == "Round 1"
    assert [v["content"] for v in msg.versions] == ["hello", "hello (edited)"]
    assert [m.content for m in fake.channel_messages()] == [
        "Announcing: last call",
        "hello (edited)",
    ]
    assert fake.count("POST", "/channels/{channel_id}/messages") == 1
    assert fake.count("PATCH", "/channels/{channel_id}/messages/{message_id}") == 1
    assert "Round 1\nlast call" in text_of(msg.to_json())
    # The bot also got MESSAGE_CREATE on the gateway (its own messages keep their content); the
    # event went out before the callback's HTTP answer, so the bot has long processed it.
    assert any(m.content == "Announcing: last call" for m in bot.seen_messages)
    # A user message reaches the bot without content (no message content intent).
    waiter = asyncio.ensure_future(
        bot.wait_for("message", check=lambda m: m.author.id == alice.id, timeout=2)
    )
    said = await fake.say(alice, "hi bot")
    seen = await waiter
    assert seen.id == said.id and seen.content == ""


async def test_wait_edited_wakes_on_a_new_version_only(fake, bot):
    """The load benchmark's players wait on their messages' edits: woken by a new version of
    one of them (True), not by other messages; False at the timeout or when ``until`` is done."""
    alice = fake.add_user("Alice")
    mine, other = await fake.say(alice, "mine"), await fake.say(alice, "other")
    assert not await fake.wait_edited(mine, timeout=0.05)
    waiting = asyncio.ensure_future(fake.wait_edited(mine, timeout=5))
    await fake.suppress_embeds(other)
    await asyncio.sleep(0)
    assert not waiting.done()
    await fake.suppress_embeds(mine)
    assert await asyncio.wait_for(waiting, 1) is True
    stopped = asyncio.get_running_loop().create_future()
    waiting = asyncio.ensure_future(fake.wait_edited(mine, timeout=5, until=stopped))
    await asyncio.sleep(0)
    stopped.set_result(None)
    assert await asyncio.wait_for(waiting, 1) is False
    assert not fake._edit_waiters  # nothing left behind


async def test_new_channel_and_user_after_connect(fake, bot):
    ch2 = fake.add_channel("second")
    carol = fake.add_user("Carol")
    res = await fake.slash(carol, "announce", text="over here", channel=ch2)
    assert res.message.channel_id == ch2.id
    await fake.wait_for(lambda: fake.count("PATCH", "/channels/") == 1)
    assert [m.content for m in fake.channel_messages(ch2)] == [
        "Announcing: over here",
        "hello (edited)",
    ]
    assert fake.channel_messages() == []
    assert (
        bot.get_channel(ch2.id).name == "second"
    )  # CHANNEL_CREATE went out before the interaction


async def test_deferred_reply_completed_by_edit_original(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "slowpoke")
    assert res.type == 5 and res.message is not None
    done = await res.followup()
    assert done is res.message and done.content == "done thinking" and not done.loading
    assert not done.ephemeral and done in fake.channel_messages()
    assert done.versions[0]["flags"] & 128 and done.versions[0]["content"] == ""


async def test_first_followup_replaces_thinking_message(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "twice")
    first = await res.followup()
    second = await res.followup()
    assert first is res.message and first.content.startswith("first follow-up")
    assert second is not first and second.ephemeral_for == alice.id
    assert fake.failures == []
    # discord.py refuses a second response locally; the fake refuses it on the wire too.
    async with aiohttp.ClientSession() as s:
        url = f"{fake.base_url}/interactions/{res.interaction_id}/{res.token}/callback"
        async with s.post(url, json={"type": 4, "data": {"content": "again"}}) as r:
            assert r.status == 400 and (await r.json())["code"] == 40060
    assert [f.kind for f in fake.failures] == ["double_ack"]
    fake.failures.clear()


async def test_persistent_dynamic_item_survives_restart(fake):
    bot, task = await start_bot(fake)
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "counter")
    assert res.message.content == "posted" and res.ephemeral
    posted = next(m for m in fake.channel_messages() if m.content == "count 0")
    await stop_bot(fake, bot, task)

    bot, task = await start_bot(fake)  # a fresh process: only add_dynamic_items remembers it
    assert fake.connections == 2
    click = await fake.click(alice, posted, "counter:0")
    assert click.type == 7 and posted.content == "count 1" and posted.custom_ids() == ["counter:1"]
    await fake.click(alice, posted.id, "counter:1")
    assert posted.content == "count 2"
    await stop_bot(fake, bot, task)


async def test_select_modal_and_autocomplete(fake, bot):
    await bot.tree.sync()
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "pick")
    with pytest.raises(AssertionError, match="no option"):
        await fake.select(alice, res.message, "pick:card", ["9"])
    sel = await fake.select(alice, res.message, "pick:card", ["1", "3"])
    assert sel.type == 7 and res.message.content == "picked 1,3"

    opened = await fake.slash(alice, "feedback")
    assert opened.type == 9 and opened.data["custom_id"]
    bob = fake.add_user("Bob")
    with pytest.raises(AssertionError, match="no options"):
        await fake.submit_modal(
            alice, opened.data["custom_id"], {"fb:text": "x", "fb:mood": ["sober"]}
        )
    sub = await fake.submit_modal(
        alice,
        opened.data["custom_id"],
        {"fb:text": "more ice", "fb:mood": ["tipsy"], "fb:friend": [bob]},
    )
    assert (
        sub.type == 4 and sub.message.content == "thanks: more ice (tipsy; Bob)" and sub.ephemeral
    )
    assert sub.message.interaction["triggering_interaction_metadata"]["type"] == 2
    with pytest.raises(AssertionError, match="no modal"):  # submitted modals close
        await fake.submit_modal(alice, opened.data["custom_id"], {"fb:text": "again"})
    assert (
        alice.id,
        "Feedback\nYour feedback\nMood\nhappy\ntipsy\nDrinking buddy",
    ) in fake.everything_shown()

    ac = await fake.autocomplete(alice, "drink", focused="name", name="b")
    assert ac.type == 8 and [c["name"] for c in ac.data["choices"]] == ["beer", "bourbon"]


async def test_default_member_permissions(fake, bot):
    await bot.tree.sync()
    alice = fake.add_user("Alice")
    boss = fake.add_user("Boss", manage_guild=True)
    with pytest.raises(AssertionError, match="cannot see the command"):
        await fake.slash(alice, "admin")
    res = await fake.slash(boss, "admin")
    assert res.message.content == "admin ok"


async def test_late_callback_is_a_failure(fake, bot):
    fake.answer_limit = 0.2  # stands in for Discord's 3 s
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "sleepy")
    assert res.status == 404 and res.error["code"] == 10062
    await asyncio.wait_for(bot.errored.wait(), 5)
    assert bot.errors == [(404, 10062)]
    kinds = sorted(f.kind for f in fake.failures)
    assert kinds == ["late_callback", "unanswered"]
    fake.failures.clear()


async def test_unanswered_interaction_times_out_clearly(fake, bot):
    fake.answer_limit = 0.1
    alice = fake.add_user("Alice")
    # A leftover message whose button no view or dynamic item knows: the bot ignores the click.
    orphan = await fake.post_message(
        "orphan",
        components=[
            {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": "Nobody", "custom_id": "orphan"}],
            }
        ],
    )
    with pytest.raises(AssertionError, match="never answered"):
        await fake.click(alice, orphan, "orphan", timeout=0.3)
    assert [f.kind for f in fake.failures] == ["unanswered"]
    # Using the token of an interaction that was never acknowledged fails like on Discord.
    token = fake.interactions[-1]["token"]
    async with aiohttp.ClientSession() as s:
        async with s.post(
            f"{fake.base_url}/webhooks/{fake.application_id}/{token}?wait=true",
            json={"content": "x"},
        ) as r:
            assert r.status == 404 and (await r.json())["code"] == 10015
    assert [f.kind for f in fake.failures] == ["unanswered", "webhook_before_ack"]
    fake.failures.clear()


async def test_token_expires_after_15_minutes(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "later")
    assert res.type == 5 and res.ephemeral
    fake.advance(16 * 60)
    bot.go.set()
    await asyncio.wait_for(bot.errored.wait(), 5)
    assert bot.errors == [(401, 50027)]
    assert [f.kind for f in fake.failures] == ["expired_token"]
    fake.failures.clear()


async def test_invalid_message_is_rejected_and_reported(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "toolong")
    assert res.status == 400 and res.error["code"] == 50035
    assert any("content" in v.message for v in fake.violations)
    await asyncio.wait_for(bot.errored.wait(), 5)
    assert bot.errors == [(400, 50035)]
    await fake.wait_for(lambda: any(m.content == "sorry" for m in fake.visible_to(alice)))
    fake.violations.clear()


@pytest.mark.parametrize("headers", [True, False])
async def test_rate_limit_is_honoured(fake, bot, headers):
    fake.rate_limit("/channels/{channel_id}/messages", 2, headers=headers)
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "spam")
    done = await res.followup(timeout=5)
    assert done.content == "spammed"
    assert [m.content for m in fake.channel_messages()] == ["spam 0", "spam 1", "spam 2"]
    limited = [r for r in fake.requests if r.status == 429]
    if headers:  # discord.py read X-RateLimit-Remaining: 0 and waited on its own
        assert not limited and fake.count("POST", "/channels/{channel_id}/messages") == 3
    else:  # it met a 429, slept retry_after and retried
        assert len(limited) == 1 and limited[0].response["retry_after"] > 0
        assert fake.count("POST", "/channels/{channel_id}/messages") == 4


async def test_component_defer_then_edit_original(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "war", "start")
    click = await fake.click(alice, res.message, "war:deal")
    assert click.type == 6 and click.message is res.message and click.ephemeral
    edited = await click.followup()
    assert edited is res.message and edited.content == "dealt" and edited.components == []


async def test_files_followup_edit_delete(fake, bot):
    alice = fake.add_user("Alice")
    res = await fake.slash(alice, "files")
    assert res.message.attachments[0]["filename"] == "ace.txt"
    note = await res.followup()
    assert note.attachments[0]["filename"] == "king.txt"
    await fake.wait_for(lambda: res.message.deleted)
    assert note.deleted and [v["content"] for v in note.versions] == ["note", "note (edited)"]
    assert fake.channel_messages() == []
    shown = [text for _, text in fake.everything_shown()]
    assert "card\nace.txt" in shown and "note (edited)\nking.txt" in shown
    cb = next(
        r for r in fake.requests if r.route_template and r.route_template.endswith("/callback")
    )
    assert cb.json["type"] == 4 and cb.json["data"]["attachments"][0]["filename"] == "ace.txt"


async def test_resume_after_dropped_connection(fake, bot):
    alice = fake.add_user("Alice")
    await fake.drop_connection()
    await fake.wait_ready(5)
    assert any(f.get("op") == 6 for f in fake.gateway_received)
    res = await fake.slash(alice, "war", "start")
    assert res.type == 4


async def test_unknown_route_and_spec_checks(fake):
    async with aiohttp.ClientSession() as s:
        async with s.get(
            fake.base_url + "/nope", headers={"Authorization": f"Bot {fake.token}"}
        ) as r:
            assert r.status == 404 and r.headers["Content-Type"] == "application/json"
            assert (await r.json())["message"] == "404: Not Found"
        async with s.get(fake.base_url + "/users/@me") as r:
            assert r.status == 401
    assert [r.path for r in fake.unknown_routes] == ["/api/v10/nope"]
    assert any(v.kind == "route" for v in fake.violations)
    fake.unknown_routes.clear()
    fake.violations.clear()

    spec = load_spec()
    tmpl, problems = spec.validate_request(
        "POST",
        "/channels/1/messages",
        {},
        {"content": "hi", "embeds": [{"title": "t" * 300}]},
        True,
    )
    assert tmpl == "/channels/{channel_id}/messages" and any(
        "embeds[0].title" in p for p in problems
    )
    tmpl, problems = spec.validate_request(
        "POST",
        "/interactions/1/tok/callback",
        {"with_response": "1"},
        {
            "type": 4,
            "data": {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "a"}
                        ],
                    }
                ]
            },
        },
        True,
    )
    assert any("label" in p for p in problems), problems
    _, problems = spec.validate_request(
        "POST", "/webhooks/1/tok", {"wait": "maybe", "bogus": "1"}, {"content": "x"}, True
    )
    assert len(problems) == 2
    tmpl, _ = spec.validate_request("GET", "/webhooks/1/tok/messages/@original", {}, None, False)
    assert tmpl.endswith("/messages/@original")
    json.dumps(fake.everything_shown())


async def test_misc_rest_routes_answer_spec_valid_json(fake):
    alice = fake.add_user("Alice")
    await fake.post_message("old news")
    auth = {"Authorization": f"Bot {fake.token}"}
    gid, cid = fake.guild_id, fake.channel_id
    async with aiohttp.ClientSession(base_url=fake.base_url + "/", headers=auth) as s:
        for path in (
            f"channels/{cid}",
            f"channels/{cid}/messages?limit=5",
            f"guilds/{gid}",
            f"guilds/{gid}/channels",
            f"guilds/{gid}/members/{alice.id}",
            f"users/{alice.id}",
            "gateway",
            "gateway/bot",
        ):
            async with s.get(path) as r:
                assert r.status == 200, (path, await r.text())
                assert r.headers["Content-Type"] == "application/json"
        async with s.post("users/@me/channels", json={"recipient_id": str(alice.id)}) as r:
            dm = await r.json()
            assert r.status == 200 and dm["type"] == 1
        async with s.post(
            f"channels/{dm['id']}/messages", json={"content": "your hand: A♠ K♥"}
        ) as r:
            assert r.status == 200
        async with s.post(f"channels/{cid}/messages", json={"content": ""}) as r:
            assert r.status == 400 and (await r.json())["code"] == 50006
        async with s.get(f"channels/{cid}/messages/123") as r:
            assert r.status == 404 and (await r.json())["code"] == 10008
    secret = next(m for m in fake.messages.values() if m.dm_recipient == alice.id)
    assert secret.audience == alice.id and secret in fake.visible_to(alice)
    assert (alice.id, "your hand: A♠ K♥") in fake.everything_shown()
    assert [m.content for m in fake.channel_messages()] == ["old news"]


async def test_a_stale_click_comes_with_the_message_as_it_is_now_and_discord_py_drops_it(fake, bot):
    fake.answer_limit = 0.1
    alice = fake.add_user("Alice")
    await fake.slash(alice, "counter")
    posted = next(m for m in fake.channel_messages() if m.content == "count 0")
    await fake.click(alice, posted, "counter:0")  # the edit replaces counter:0 by counter:1
    with pytest.raises(AssertionError, match="has no component 'counter:0'"):
        await fake.click(alice, posted, "counter:0")  # without stale=True: not on the message
    with pytest.raises(AssertionError, match="still has 'counter:1'"):
        await fake.click(alice, posted, "counter:1", stale=True)
    with pytest.raises(AssertionError, match="never answered"):
        # the click still arrives, with the message as it is now (counter:1 only): discord.py's
        # DynamicItem dispatch finds no counter:0 on it and drops it without a word
        await fake.click(alice, posted, "counter:0", stale=True, timeout=0.3)
    sent = fake.interactions[-1]
    assert sent["data"]["custom_id"] == "counter:0"
    assert [c["custom_id"] for c in sent["message"]["components"][0]["components"]] == ["counter:1"]
    assert [f.kind for f in fake.failures] == ["unanswered"]
    fake.failures.clear()


async def test_a_click_on_its_way_carries_the_message_as_it_was_when_pressed(fake, bot):
    alice = fake.add_user("Alice")
    await fake.slash(alice, "counter")
    posted = next(m for m in fake.channel_messages() if m.content == "count 0")
    late = fake.press(alice, posted, "counter:0")  # made now, delivered below
    await fake.click(alice, posted, "counter:0")  # meanwhile an edit lands: count 1
    assert posted.content == "count 1"
    res = await fake.deliver(late)
    assert res.ok and res.type == 7
    assert late.interaction.payload["message"]["content"] == "count 0"
    assert posted.content == "count 1"  # its answer: counter:0 pressed, so count 1 again
    # Discord's 3 seconds ran from the press: one on its way that long is answered too late
    fake.answer_limit = 0.2
    slow = fake.press(alice, posted, "counter:1")
    fake.advance(0.2)
    await fake.deliver(slow)
    await fake.wait_for(lambda: len(fake.failures) == 2, what="its answer, too late")
    assert sorted(f.kind for f in fake.failures) == ["late_callback", "unanswered"]
    fake.failures.clear()


async def test_a_bucket_opens_with_its_first_request_and_resets_after_its_window(fake):
    fake.rate_limit("/channels/{channel_id}/messages", 2, per=0.5, method="POST")
    url = f"{fake.base_url}/channels/{fake.channel_id}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as s:
        seen = []
        for _ in range(3):
            async with s.post(url, json={"content": "x"}) as r:
                seen.append((r.status, r.headers.get("X-RateLimit-Remaining")))
                after = float(r.headers["X-RateLimit-Reset-After"])
        assert seen == [(200, "1"), (200, "0"), (429, "0")]
        assert fake.rate_limited and 0 < after <= 0.5
        await asyncio.sleep(after)  # the window closes: the whole bucket is back
        async with s.post(url, json={"content": "x"}) as r:
            assert r.status == 200 and r.headers["X-RateLimit-Remaining"] == "1"
        async with s.patch(url + "/1", json={"content": "y"}) as r:  # another method: no limit
            assert "X-RateLimit-Limit" not in r.headers


@pytest.mark.parametrize("apply", [False, True])
async def test_a_stalled_request_is_held_and_carried_out_or_lost(fake, apply):
    fake.stall("POST", "/channels/{channel_id}/messages", apply=apply)
    url = f"{fake.base_url}/channels/{fake.channel_id}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as s:
        sent = asyncio.ensure_future(s.post(url, json={"content": "held"}))
        await fake.wait_for(lambda: fake.stalled)
        assert bool(fake.channel_messages()) is apply  # carried out at once, or not at all
        fake.release()
        async with await sent as r:
            assert r.status == (200 if apply else 503)
    assert not fake.stalled and bool(fake.channel_messages()) is apply


async def test_only_a_member_reopens_a_thread_by_editing_it_and_joins_only_an_open_one(fake):
    """As the threads topic says: setting ``archived`` to false takes being one of the
    thread's members (or Manage Threads), and Join Thread takes the thread open."""
    thread = fake.add_thread("war night")
    await fake.archive_thread(thread)
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(base_url=fake.base_url + "/", headers=auth) as s:
        async with s.patch(f"channels/{thread.id}", json={"archived": False}) as r:
            assert r.status == 403 and (await r.json())["code"] == 50013
        async with s.put(f"channels/{thread.id}/thread-members/@me") as r:
            assert r.status == 400 and (await r.json())["code"] == 50083
        async with s.post(f"channels/{thread.id}/messages", json={"content": "still on"}) as r:
            assert r.status == 200 and not thread.archived  # a message reopens it
        async with s.put(f"channels/{thread.id}/thread-members/@me") as r:
            assert r.status == 204 and thread.joined
        await fake.archive_thread(thread)
        async with s.patch(f"channels/{thread.id}", json={"archived": False}) as r:
            assert r.status == 200 and not thread.archived
    assert not fake.violations and not fake.unknown_routes
