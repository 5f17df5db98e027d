"""Party safety through the fake Discord: a capped player plays War past the cap, an alcohol-free
player sees points, a game switched off in a channel, /limits and erasing one's history, the
age line at consent and turn pings."""

from __future__ import annotations

import re

import pytest

from bot.i18n import english
from bot.store import Store
from tests.e2e.conftest import Harness, open_table
from tests.e2e.test_war_e2e import open_war
from tests.fakediscord.server import InteractionResult

WATER, STAR = "\U0001f4a7", "\u2b50"
SEED = "party-safety-e2e"  # a fixed deal, so the game is the same at every run


async def play_war(h: Harness, table_msg, tid, users):
    """Play a started War table to its end by its public buttons (the loser drinks)."""
    table = await h.service.get(tid)
    while table.status == "playing":
        await play_war_step(h, table, table_msg, users)
    await h.bot.renderer.flush()
    return table


async def play_war_step(h: Harness, table, table_msg, users) -> InteractionResult:
    """One click on the public table: the first player flips, or the loser drinks. A click
    that brings a private line answers privately, so wait for the table to be redrawn.
    Returns the click's answer."""
    if table.engine.view(table.state, None)["phase"] == "flip":
        res = await h.click(next(iter(users.values())), table_msg, "flip")
    else:
        loser = table.user_at(table.engine.view(table.state, None)["loser"]).user_id
        res = await h.click(users[loser], table_msg, "drink")
    assert res.ok
    await h.bot.renderer.flush()
    return res


def seat_line(text: str, name: str) -> str:
    """The table's line for one player ("**Ana**: 20 cards left · 12 sips")."""
    return next(line for line in text.splitlines() if line.startswith(f"**{name}**:"))


async def test_a_capped_player_plays_war_to_past_the_cap(harness: Harness):
    h, fake = harness, harness.fake
    h.service.seeds = lambda: SEED
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    res = await h.slash(ana, "limits", cap=5)
    assert res.ephemeral and "Your cap is 5 sips in any 12 hours." in res.message.text
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    view = await h.click(ana, table_msg, "seat")  # Ana keeps her private view open
    table = await play_war(h, table_msg, tid, {ana.id: ana, bo.id: bo})

    assert table.status == "ended" and "is over" in table_msg.text  # the cap blocked nothing
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(tid)
    ana_sips = sum(d.amount for d in drinks if d.user_id == ana.id and d.counted_as == "sips")
    ana_water = sum(d.amount for d in drinks if d.user_id == ana.id and d.counted_as == "capped")
    game_sips = table.engine.view(table.state, None)["sips"][table.seat_of(ana.id) or 0]
    assert ana_sips == 5 and ana_water == game_sips - 5 > 0  # exactly the cap, the rest water
    assert not any(d.counted_as != "sips" for d in drinks if d.user_id == bo.id)

    shown = fake.everything_shown()
    told = [text for who, text in shown if "That's 5 sips tonight, your cap" in text]
    assert told and all(who == ana.id for who, t in shown if "5 sips tonight" in t)
    assert view.message.audience == ana.id
    public = [text for who, text in shown if who is None]
    assert any(f"{WATER} water" in t for t in public)  # the table says water...
    for text in public:  # ...once: a result line is not shown again without its note
        lines = text.splitlines()
        noted = [x.split(" \u00b7 ")[0] for x in lines if f"{WATER} water" in x]
        assert not any(x in lines for x in noted if x), text
    assert not any("sips tonight" in t or "Heads-up" in t for t in public)  # ...and no more
    assert not any("cap" in line or "limit" in line for line in table.row.log)
    assert f"**Ana**: 5 sips · {WATER} {ana_water} water" in table_msg.text  # the end screen

    tally = await h.slash(cy, "tally")
    assert f"Ana: **5 sips** · {WATER} {ana_water} water" in tally.message.text
    h.assert_clean()


async def test_an_alcohol_free_player_sees_points_not_sips(harness: Harness):
    h, fake = harness, harness.fake
    h.service.seeds = lambda: SEED
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    res = await h.slash(bo, "limits", mode="alcohol-free")
    assert res.ephemeral and "Mode: alcohol-free" in res.message.text
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    while not table.tabs.get(bo.id):  # until Bo has drunk something
        await play_war_step(h, table, table_msg, users)
    await h.bot.renderer.flush()
    line = seat_line(table_msg.text, "Bo")
    assert f"{STAR} " in line and "point" in line and "sip" not in line
    assert "sip" in seat_line(table_msg.text, "Ana")  # Ana still drinks sips
    mine = await h.click(bo, table_msg, "seat")
    line = seat_line(mine.message.text, "Bo")
    assert f"{STAR} " in line and "sip" not in line
    assert any(f"{STAR} " in english(x) for x in table.row.log)  # the log line says points

    await play_war(h, table_msg, tid, users)
    line = seat_line(table_msg.text, "Bo")  # the end screen
    assert line.startswith(f"**Bo**: {STAR} ") and "sip" not in line
    tally = await h.slash(bo, "tally")
    bo_line = next(x for x in tally.message.text.splitlines() if "Bo:" in x)
    assert "points (alcohol-free)" in bo_line and "sip" not in bo_line.split("·")[0]
    h.assert_clean()


async def test_a_game_can_be_switched_for_any_place_a_table_plays(harness: Harness):
    """/settings game's channel can be a text or announcement channel, a voice or stage
    channel's chat, or a forum (its posts follow it): Discord's picker offers only the
    channel types the option declares."""
    fake = harness.fake
    settings = next(c for c in fake.commands if c["name"] == "settings")
    game = next(o for o in settings["options"] if o["name"] == "game")
    channel = next(o for o in game["options"] if o["name"] == "channel")
    assert {0, 2, 5, 13, 15} <= set(channel["channel_types"])


async def test_a_game_switched_off_in_a_channel_gets_a_clear_private_answer(harness: Harness):
    h, fake = harness, harness.fake
    ana, boss = fake.add_user("Ana"), fake.add_user("Boss", manage_guild=True)
    den = fake.add_channel("war-den")
    with pytest.raises(AssertionError, match="default_member_permissions"):
        await h.slash(ana, "settings", "show")  # hidden from members without Manage Server
    res = await h.slash(boss, "settings", "game", game="war", enabled=False)
    assert res.ephemeral and "War: off in the whole server" in res.message.text
    res = await h.slash(
        boss, "settings", "game", game="war", enabled=True, options={"channel": den}
    )
    assert f"on in <#{den.id}>" in res.message.text

    before = len(fake.channel_messages())
    res = await h.slash(ana, "war", "start")
    assert res.ephemeral and res.message.audience == ana.id
    assert "Double-or-Nothing War is switched off in this channel" in res.message.text
    assert f"It's on in <#{den.id}>" in res.message.text
    assert len(fake.channel_messages()) == before  # no table was opened
    res = await h.slash(ana, "pyramid", "start")  # other games are untouched
    assert not res.ephemeral and "Pyramid" in res.message.text
    res = await h.slash(boss, "war", "start", channel=den)
    assert not res.ephemeral and "table #" in res.message.text

    fake.enforce_command_permissions = False  # a server could grant /settings to anyone
    res = await h.slash(ana, "settings", "pings", on=False)
    assert res.ephemeral and "Only people with Manage Server" in res.message.text
    assert h.bot.party.guild(fake.guild_id).turn_pings  # on unless a server turns them off
    h.assert_clean()


async def test_limits_buttons_and_erasing_ones_history_with_a_confirmation(harness: Harness):
    h, fake = harness, harness.fake
    h.service.seeds = lambda: SEED
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    res = await h.slash(ana, "limits")
    panel = res.message
    assert res.ephemeral and "Mode: sips" in panel.text and "Cap:** none" in panel.text
    res = await h.click(ana, panel, "erase")
    res = await h.click(ana, res.message, "erase_yes")  # her table is still being played
    assert res.ephemeral and f"Table #{tid} isn't over yet" in res.message.text
    await play_war(h, table_msg, tid, {ana.id: ana, bo.id: bo})

    res = await h.slash(ana, "limits", cap=200)
    assert "Clear my cap" in res.message.text and "Tonight" in res.message.text
    res = await h.click(ana, res.message, "free")
    assert res.in_place and "Mode: alcohol-free" in res.message.text
    res = await h.click(ana, res.message, "erase")
    assert res.in_place and "can't be undone" in res.message.text
    res = await h.click(ana, res.message, "keep")
    assert "Nothing was erased" in res.message.text
    res = await h.click(ana, res.message, "erase")
    res = await h.click(ana, res.message, "erase_yes")
    assert res.in_place and "your history in Test Bar is erased" in res.message.text

    tally = await h.slash(bo, "tally")
    assert "Ana" not in tally.message.text and "Bo:" in tally.message.text
    async with h.bot.store.reading() as q:
        seats = await q.seats(tid)
        settings = await q.player_settings(ana.id)
    assert ana.id not in [s.user_id for s in seats] and "Ana" not in [s.name for s in seats]
    assert settings.cap == 200 and settings.mode == "alcohol-free"  # hers, not history
    h.assert_clean()


async def test_the_servers_age_line_is_shown_at_consent(harness: Harness):
    h, fake = harness, harness.fake
    ana, owner = fake.add_user("Ana"), fake.owner
    res = await h.slash(owner, "settings", "age", text="You must be 21 or older to play here.")
    assert "You must be 21 or older" in res.message.text
    res = await h.slash(ana, "war", "start")
    rules = await res.followup()
    assert rules.audience == ana.id and "You must be 21 or older to play here." in rules.text
    assert "legal drinking age" in rules.text
    h.assert_clean()


async def test_turn_pings_are_on_and_mention_only_whoever_must_act_one_at_a_time(harness: Harness):
    h, fake = harness, harness.fake
    h.service.seeds = lambda: SEED
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    h.bot.pings.after = 0  # nudge at once (10 s of waiting on Discord)
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    pinged: set[int] = set()
    for _ in range(12):
        await play_war_step(h, table, table_msg, users)
        await h.bot.pings.flush()
        pings = [m for m in fake.channel_messages() if "your turn at table" in m.content]
        assert len(pings) <= 1  # one ping per table at a time
        posts = [
            r.json
            for r in fake.requests
            if r.method == "POST" and r.route_template == "/channels/{channel_id}/messages"
        ]
        for body in posts:
            assert body["allowed_mentions"]["parse"] == ["users"]  # no @everyone, no roles
            mentioned = re.findall(r"<@(\d+)>", body["content"])
            assert len(mentioned) == 1 and body["content"].startswith(f"<@{mentioned[0]}> ")
            pinged.add(int(mentioned[0]))
    assert pinged == {bo.id}  # Ana flips: she is at the table, only Bo ever needs a ping
    await play_war(h, table_msg, tid, users)
    await h.bot.pings.flush()
    assert not [m for m in fake.channel_messages() if "your turn at table" in m.content]
    h.assert_clean()


async def test_a_restart_keeps_one_ping_per_table_and_nudges_whoever_it_still_waits_on(
    harness: Harness,
):
    """Which ping a table has is stored: after a restart, the next ping replaces it (and the
    table, still waiting on Bo, nudges him again); a table that ended as the bot went down
    has its ping deleted at the next start."""
    h, fake = harness, harness.fake
    h.service.seeds = lambda: SEED
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    h.bot.pings.after = 0

    def pings() -> list:
        return [m for m in fake.channel_messages() if "your turn at table" in m.content]

    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}
    while not pings():
        await play_war_step(h, table, table_msg, users)
        await h.bot.pings.flush()
    [before] = pings()
    await h.stop_bot()
    await h.start_bot(ping_after=0.0)
    await h.bot.pings.flush()
    [after] = pings()  # one, and a fresh one: Bo is still the one to choose
    assert after.id != before.id and f"<@{bo.id}>" in after.content
    # the table ends just as the bot goes down, its ping not yet deleted
    await h.stop_bot()
    store = await Store.open(h.db_path)
    async with store.transaction() as tx:
        tx._write("UPDATE tables SET status = 'ended' WHERE id = ?", (tid,))
    await store.close()
    await h.start_bot()
    await h.bot.pings.flush()
    assert pings() == []
    async with h.bot.store.reading() as q:
        assert await q.pings() == []
    h.assert_clean()


async def test_a_server_turns_pings_off_and_a_player_who_acts_in_time_is_never_pinged(
    harness: Harness,
):
    h, fake = harness, harness.fake
    h.service.seeds = lambda: SEED
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    table_msg, tid = await open_war(h, ana, bo)
    await h.click(ana, table_msg, "start")
    table = await h.service.get(tid)
    users = {ana.id: ana, bo.id: bo}

    def pings() -> list:
        return [m for m in fake.channel_messages() if "your turn at table" in m.content]

    # the nudge waits (10 s on Discord): a loser who chooses before it is not pinged
    h.bot.pings.after = 3600
    for _ in range(4):
        await play_war_step(h, table, table_msg, users)
    h.bot.pings.stop_waiting()
    await h.bot.pings.flush()
    assert pings() == []

    res = await h.slash(fake.owner, "settings", "pings", on=False)
    assert res.ephemeral and not h.bot.party.guild(fake.guild_id).turn_pings
    h.bot.pings.after = 0
    for _ in range(6):
        await play_war_step(h, table, table_msg, users)
        await h.bot.pings.flush()
    assert pings() == []
    h.assert_clean()


async def test_an_alcohol_free_finish_is_shown_as_such_on_the_end_screen_and_the_tally(
    harness: Harness,
):
    """Black Death's loser, alcohol-free, finishes their drink: the ledger records points, and
    the end screen and /tally say so. Before, both said a real finished drink."""
    h, fake = harness, harness.fake
    players = [fake.add_user(n) for n in ("Ana", "Bo", "Cy")]
    for p in players:
        await h.slash(p, "limits", mode="alcohol-free")
    msg, tid = await open_table(h, "blackdeath", players[0], players[1:])
    await h.click(players[0], msg, "start")
    table = await h.service.get(tid)
    by = {table.seat_of(p.id): p for p in players}
    while table.state.phase == "take":
        await h.click(by[table.state.taker], msg, "take:1")
    loser = by[table.state.loser]
    await h.bot.renderer.flush()
    await h.click(loser, msg, "finish")
    await h.rendered(lambda: "is over" in msg.text)
    assert f"**{loser.name}**: \u2b50 finish alcohol-free" in msg.text
    tally = (await h.slash(players[0], "tally", options={"user": loser})).message.text
    assert "\u2b50 1 finish alcohol-free" in tally and "finished drink" not in tally
    h.assert_clean()


async def test_the_war_end_screen_says_a_draw_and_the_last_drink_as_they_were_counted(
    harness: Harness,
):
    """The tally audit: at a drawn game where Ana's cap turned 37 of her 47 into water and Bo
    is alcohol-free (47 points), the end screen said "A draw: 47 sips each.", and it repeated
    Ana's last drink, water in the ledger, without the table's "· 💧 water" note."""
    h, fake = harness, harness.fake
    h.service.seeds = lambda: "draw-77"  # both players end on 47
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await h.slash(bo, "limits", mode="alcohol-free")
    await h.slash(ana, "limits", cap=10)
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    await play_war(h, msg, tid, {ana.id: ana, bo.id: bo})
    async with h.bot.store.reading() as q:
        drinks = await q.table_drinks(tid)
    assert sum(d.amount for d in drinks if d.user_id == bo.id and d.counted_as == "points") == 47
    assert drinks[-1].user_id == ana.id and drinks[-1].counted_as == "capped"
    text = fake.message(msg).text
    assert "\U0001f91d A draw: 47 each." in text.splitlines()
    assert (
        "**Ana**: 10 sips \u00b7 \U0001f4a7 37 water" in text and "**Bo**: \u2b50 47 points" in text
    )
    last = next(line for line in text.splitlines() if line.startswith("**Ana** drinks"))
    assert last.endswith("\u00b7 \U0001f4a7 water"), last
    h.assert_clean()
