"""Inputs that must get a plain answer and change nothing: malformed slash payloads, a second
lobby from the same host (issue 7)."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

import bot.answer
import bot.gamecog
import bot.slash
from bot.i18n import english
from tests.backends import run_sql, table_names
from tests.e2e.conftest import Harness
from tests.e2e.test_war_e2e import open_war
from tests.harness import from_another_server


def command(fake, name: str) -> dict:
    return next(c for c in fake.commands if c["name"] == name)


def slash_data(fake, name: str, options: list[dict], resolved: dict | None = None) -> dict:
    data = {"id": command(fake, name)["id"], "name": name, "type": 1, "options": options}
    if resolved is not None:
        data["resolved"] = resolved
    return data


def stored(h: Harness) -> tuple[int, int, int]:
    return tuple(
        run_sql(h.db_path, f"SELECT COUNT(*) FROM {t}")[0][0]
        for t in ("tables", "seats", "actions")
    )  # type: ignore[return-value]


MALFORMED = {
    "a choice outside the choices": (
        "tally",
        [{"name": "period", "type": 3, "value": "forever"}],
        None,
        "isn't one of its choices",
    ),
    "a /tally sort outside the choices": (
        "tally",
        [{"name": "sort", "type": 3, "value": "beers"}],
        None,
        "isn't one of its choices",
    ),
    "a /rules game outside the choices": (
        "rules",
        [{"name": "game", "type": 3, "value": "poker"}],
        None,
        "isn't one of its choices",
    ),
    "an unresolved user": (
        "tally",
        [{"name": "user", "type": 6, "value": "123456789012345678"}],
        {},
        "can't find that player",
    ),
    "a user option that is no user": (
        "tally",
        [{"name": "user", "type": 3, "value": "somebody"}],
        None,
        "can't find that player",
    ),
    "a subcommand that no longer exists": (
        "war",
        [{"name": "begin", "type": 1, "options": []}],
        None,
        "has changed",
    ),
    "an option that no longer exists": (
        "war",
        [{"name": "start", "type": 1, "options": [{"name": "rounds", "type": 4, "value": 3}]}],
        None,
        "has changed",
    ),
    "an option of another type": (
        "war",
        [
            {
                "name": "start",
                "type": 1,
                "options": [{"name": "social_sips", "type": 3, "value": "lots"}],
            }
        ],
        None,
        "social_sips",
    ),
    "a number out of range": (
        "war",
        [
            {
                "name": "start",
                "type": 1,
                "options": [{"name": "social_sips", "type": 4, "value": 99}],
            }
        ],
        None,
        "social_sips",
    ),
    "a group called without a subcommand": ("war", [], None, "has changed"),
    "an option /help never had": (
        "help",
        [{"name": "game", "type": 3, "value": "war"}],
        None,
        "has changed",
    ),
    "an option given twice": (
        "war",
        [
            {
                "name": "start",
                "type": 1,
                "options": [
                    {"name": "social_sips", "type": 4, "value": 1},
                    {"name": "social_sips", "type": 4, "value": 5},
                ],
            }
        ],
        None,
        "didn't look right",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
async def test_a_malformed_slash_payload_gets_a_plain_answer_and_changes_nothing(
    harness: Harness, case: str, caplog
):
    h, fake = harness, harness.fake
    name, options, resolved, says = MALFORMED[case]
    ana = fake.add_user("Ana")
    before = stored(h)
    with caplog.at_level(logging.ERROR):
        res = await fake.interact(ana, 2, slash_data(fake, name, options, resolved))
    assert res.ok and res.ephemeral, res
    text = res.message.text
    assert says in text and text != english(bot.answer.APOLOGY), text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert stored(h) == before
    h.assert_clean()


async def test_typing_in_an_option_with_no_suggestions_gets_none_and_no_error(
    harness: Harness, caplog
):
    """No option of ours suggests as you type: an autocomplete request (a client that loaded an
    older command, or a forged one) is answered with no suggestions, not left to fail."""
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    data = slash_data(fake, "tally", [{"name": "period", "type": 3, "value": "t", "focused": True}])
    with caplog.at_level(logging.ERROR):
        res = await fake.interact(ana, 4, data)
    assert res.ok and res.type == 8 and res.data["choices"] == [], res
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    h.assert_clean()


async def test_tally_in_a_dm_is_answered_plainly(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await fake.interact(ana, 2, slash_data(fake, "tally", []), channel=fake.dm_channel(ana))
    assert res.ok and res.ephemeral and "server" in res.message.text
    assert "No drinks" not in res.message.text
    h.assert_clean()


async def test_a_table_is_not_opened_from_a_server_the_bot_does_not_know(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    before = stored(h)

    data = slash_data(fake, "war", [{"name": "start", "type": 1, "options": []}])
    res = await fake.interact(ana, 2, data, edit=from_another_server)
    assert res.ok and res.ephemeral and res.message.text == english(bot.gamecog.NOT_HERE)
    assert stored(h) == before
    h.assert_clean()


def from_an_impossible_user(payload: dict) -> None:
    """An ``edit`` for ``FakeDiscord.interact``: the clicker's id is one Discord cannot give
    (ids are below 2^63; SQLite's integers too)."""
    payload["member"]["user"]["id"] = str(2**63 + 5)


async def test_ids_discord_cannot_have_given_get_a_plain_answer_and_change_nothing(
    harness: Harness, caplog
):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    before, shown = stored(h), msg.current
    start = slash_data(fake, "war", [{"name": "start", "type": 1, "options": []}])
    huge = str(2**64)
    tally = slash_data(
        fake,
        "tally",
        [{"name": "user", "type": 6, "value": huge}],
        {"users": {huge: {"id": huge, "username": "x", "discriminator": "0"}}},
    )
    with caplog.at_level(logging.ERROR):
        answers = [
            await fake.interact(ana, 2, start, edit=from_an_impossible_user),
            await fake.interact(ana, 2, tally),
            await fake.interact(
                ana,
                3,
                {"custom_id": f"war:{tid}:start", "component_type": 2},
                message=msg,
                edit=from_an_impossible_user,
            ),
        ]
    for res in answers:
        assert res.ok and res.ephemeral and res.message.text == bot.slash.ODD, res
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert stored(h) == before and msg.current == shown
    h.assert_clean()


def test_an_interaction_id_discord_cannot_give_is_odd_too():
    """The interaction's own id is stored with the move it makes (a forged one above 2^63 made
    the action's INSERT fail). The fake answers by the id it dealt, so this one is checked
    here, without it."""
    good = SimpleNamespace(id=2**62, user=SimpleNamespace(id=5), guild_id=1, channel_id=None)
    assert not bot.slash.odd_ids(good)  # type: ignore[arg-type]
    for bad in (
        {"id": 2**63},
        {"guild_id": 0},
        {"channel_id": -3},
        {"user": SimpleNamespace(id=2**64)},
    ):
        odd = SimpleNamespace(**{**vars(good), **bad})
        assert bot.slash.odd_ids(odd), bad  # type: ignore[arg-type]


async def test_a_form_sent_from_no_message_is_answered_privately(harness: Harness):
    """An update needs a message to update: a form submitted without one (Discord sends one
    for every form a button opened; a forged one need not) gets its screen privately."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_war(h, ana, bo)
    await h.click(ana, msg, "start")
    text = {"type": 1, "components": [{"type": 4, "custom_id": "text", "value": "hi"}]}
    res = await fake.interact(ana, 5, {"custom_id": f"war:{tid}:flip", "components": [text]})
    assert res.ok and res.type == 4 and res.ephemeral and "Your seat" in res.message.text
    h.assert_clean()


async def test_one_open_lobby_per_host_and_server(harness: Harness):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana")
    res = await h.slash(ana, "war", "start")  # Ana never presses I'm in: she is not seated
    first = res.message
    before = stored(h)
    for game in ("war", "pyramid"):
        res = await h.slash(ana, game, "start")
        assert (
            res.ephemeral
            and "You already have an open table here, #1 (Double-or-Nothing War)"
            in res.message.text
        )
        assert "one open table per host" in res.message.text
    assert stored(h) == before
    # the refusal, read in another channel, carries that table's End: the host's alone
    den = fake.add_channel("den")
    res = await h.slash(ana, "pyramid", "start", channel=den)
    refusal = res.message
    assert refusal.custom_ids() == ["war:1:end"]
    assert refusal.find_component("war:1:end")["label"] == "End table #1"
    bo = fake.add_user("Bo", manage_guild=True)
    data = {"custom_id": "war:1:end", "component_type": 2}
    res = await fake.interact(bo, 3, data, message=refusal, channel=den)
    assert res.ephemeral and res.message.text == english(
        bot.gamecog.ELSEWHERE
    )  # a moderator: not here
    assert (await h.service.get(1)).status == "lobby"
    res = await h.click(ana, refusal, "end")
    assert res.in_place and refusal.text == "You ended table #1."
    assert (await h.service.get(1)).status == "ended"
    await h.rendered(lambda: "Ended by the host" in first.text and h.verbs(first) == [])
    res = await h.slash(ana, "pyramid", "start")  # once it is closed, another one
    assert not res.ephemeral and "Pyramid" in res.message.text
    h.assert_clean()


async def test_one_person_opens_at_most_three_tables_a_minute(harness: Harness):
    """Lobbies opened and ended one after another would flood the channel: a fourth in a
    minute is refused, with when the next may open, and nothing is stored."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    for game in ("war", "pyramid", "spit"):
        res = await h.slash(ana, game, "start")
        assert not res.ephemeral, res
        await h.click(ana, res.message, "end")
        h.clock.advance(10)
    before = stored(h)
    res = await h.slash(ana, "tarok", "start")
    assert (
        res.ephemeral and "Easy there: you opened 3 tables in the last minute" in res.message.text
    )
    assert f"<t:{int(h.clock.now()) + 30}:R>" in res.message.text  # the first, 60 s on
    assert stored(h) == before
    res = await h.slash(bo, "tarok", "start")  # somebody else may
    assert not res.ephemeral
    h.clock.advance(29)
    res = await h.slash(ana, "war", "start")
    assert res.ephemeral and "Easy there" in res.message.text
    h.clock.advance(1)
    res = await h.slash(ana, "war", "start")
    assert not res.ephemeral and "War" in res.message.text
    h.assert_clean()


async def test_a_seated_host_is_told_about_their_seat_first(harness: Harness):
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await open_war(h, ana, bo)
    res = await h.slash(ana, "war", "start")
    assert res.ephemeral and "You're already seated at table #1" in res.message.text
    h.assert_clean()


async def test_a_form_sent_after_the_game_moved_on_says_why_and_gives_the_words_back(
    harness: Harness,
):
    """Black Death's forfeit: a text the game refuses while it is still the writer's to write
    offers **Write it again**; one sent once their clock ran out (the loser finished their
    drink) says it came too late and shows what they wrote, with nothing to press."""
    from bot.engines.blackdeath import ENGINE, Take
    from tests.harness import open_table

    h, fake = harness, harness.fake
    ana, bo, cy = (fake.add_user(n) for n in ("Ana", "Bo", "Cy"))
    msg, tid = await open_table(h, "blackdeath", ana, [bo, cy])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    while table.state.phase == "take":
        await h.service.act(tid, table.user_at(table.state.taker).user_id, Take(1))
    users = {u.id: u for u in (ana, bo, cy)}
    loser = users[table.user_at(table.state.loser).user_id]
    await h.rendered(lambda: "forfeit" in h.verbs(msg))
    await h.click(loser, msg, "forfeit")
    writer = users[table.user_at(ENGINE.forfeit_writer(table.state)).user_id]
    await h.rendered(lambda: "form" in h.verbs(msg))
    form = (await h.click(writer, msg, "form")).data["custom_id"]
    res = await fake.submit_modal(writer, form, {"text": "   "})
    assert res.ephemeral and res.message.custom_ids() == [f"blackdeath:{tid}:form:set_forfeit"], res
    again = await h.click(writer, res.message, "form")  # Write it again: the form again
    assert again.type == 9 and again.data["custom_id"] == form
    h.clock.advance(121)
    assert await h.service.fire_due() == 1 and table.status == "ended"
    res = await fake.submit_modal(writer, form, {"text": "Sing **loud**"})
    assert res.ephemeral and res.message.custom_ids() == []
    assert res.message.text == (
        "Too late: this table has ended. Start a new one with /blackdeath start.\n"
        "You wrote: Sing \\*\\*loud\\*\\*"
    )
    h.assert_clean()


# -- payloads too garbled for discord.py itself (its Namespace, its command lookup) -------------
# Found by random interactions: ``/settings game`` with ``channel: "hello"`` made discord.py's
# Namespace raise (int("hello")) before any code of Barkeep's ran, and nobody answered.


def everything(h: Harness) -> dict[str, list[tuple]]:
    """Every row of every table in the database: "nothing was changed" means this is the same."""
    return {
        n: sorted(map(repr, run_sql(h.db_path, f"SELECT * FROM {n}")))
        for n in table_names(h.db_path)
    }


def settings_game(channel: dict | None) -> list[dict]:
    """``/settings game game:war enabled:off channel:...`` as options (a server-wide rule, a
    channel's rule, each a row in game_channels once it goes through)."""
    options: list[dict] = [
        {"name": "game", "type": 3, "value": "war"},
        {"name": "enabled", "type": 5, "value": False},
    ]
    if channel is not None:
        options.append({"name": "channel", **channel})
    return [{"name": "game", "type": 1, "options": options}]


def settings(sub: str, **option: dict) -> list[dict]:
    return [{"name": sub, "type": 1, "options": [{"name": k, **v} for k, v in option.items()]}]


def channel_json(cid: str, kind: int = 0) -> dict:
    return {
        "id": cid,
        "name": "general",
        "type": kind,
        "permissions": "0",
        "parent_id": None,
        "flags": 0,
    }


def user_json(uid: str) -> dict:
    return {"id": uid, "username": "x", "discriminator": "0", "global_name": None, "avatar": None}


UID = "123456789012345678"
ODD = bot.slash.ODD

# name: (command, options, resolved, what the answer says, more of the payload's data)
Garbled = tuple[str, object, object, str, dict]


def garbled(here: str) -> dict[str, Garbled]:
    """The garbled payloads, ``here`` the id of the channel they are sent in."""
    return {
        "a channel that is no snowflake": (
            "settings",
            settings_game({"type": 7, "value": "hello"}),
            {"channels": {"hello": channel_json("hello")}},
            ODD,
            {},
        ),
        "a channel that is no snowflake, unresolved": (
            "settings",
            settings_game({"type": 7, "value": "hello"}),
            None,
            ODD,
            {},
        ),
        "a channel that is not resolved": (
            "settings",
            settings_game({"type": 7, "value": here}),
            None,
            "can't find that channel",
            {},
        ),
        "a channel given as a number": (
            "settings",
            settings_game({"type": 7, "value": int(here)}),
            {"channels": {here: channel_json(here)}},
            ODD,
            {},
        ),
        "a channel of a kind it does not take (a category)": (
            "settings",
            settings_game({"type": 7, "value": here}),
            {"channels": {here: channel_json(here, kind=4)}},
            "kind of channel",
            {},
        ),
        "a channel resolved as junk": (
            "settings",
            settings_game({"type": 7, "value": here}),
            {"channels": {here: {"id": here}}},
            ODD,
            {},
        ),
        "a user resolved as junk": (
            "tally",
            [{"name": "user", "type": 6, "value": UID}],
            {"users": {UID: {"id": UID}}},
            ODD,
            {},
        ),
        "a member resolved as junk": (
            "tally",
            [{"name": "user", "type": 6, "value": UID}],
            {"users": {UID: user_json(UID)}, "members": {UID: "junk"}},
            ODD,
            {},
        ),
        "a user given as a number": (
            "tally",
            [{"name": "user", "type": 6, "value": int(UID)}],
            {"users": {UID: user_json(UID)}},
            ODD,
            {},
        ),
        "a role resolved as junk, for no option": ("tally", [], {"roles": {"x": "junk"}}, ODD, {}),
        "resolved data that is no object": (
            "tally",
            [{"name": "user", "type": 6, "value": UID}],
            "junk",
            ODD,
            {},
        ),
        "options that are no list": ("tally", "junk", None, ODD, {}),
        "an option that is no object": ("tally", [5], None, ODD, {}),
        "an option named by a list": (
            "tally",
            [{"name": ["user"], "type": 6, "value": UID}],
            None,
            ODD,
            {},
        ),
        "a subcommand with no name": ("settings", [{"type": 1, "options": []}], None, ODD, {}),
        # (Discord always names the command; the fake, too, needs a name to answer with)
        "a command named by a list": ("tally", [], None, ODD, {"name": ["tally"]}),
        "a command type that is no type": ("tally", [], None, ODD, {"type": "x"}),
        # kinds of malformed value that got a plain answer before too (kept with the rest)
        "a whole number given as text": (
            "settings",
            settings("cap", sips={"type": 4, "value": "abc"}),
            None,
            "`sips` takes a whole number",
            {},
        ),
        "a whole number given with a fraction": (
            "settings",
            settings("cap", sips={"type": 4, "value": 2.5}),
            None,
            "`sips` takes a whole number",
            {},
        ),
        "a number that is no number": (
            "settings",
            settings("cap", sips={"type": 10, "value": "x"}),
            None,
            "`sips` takes a whole number",
            {},
        ),
        "a boolean that is maybe": (
            "settings",
            settings("pings", on={"type": 5, "value": "maybe"}),
            None,
            "`on` takes on or off",
            {},
        ),
        "a role for the channel option": (
            "settings",
            settings_game({"type": 8, "value": "x"}),
            {"roles": {}},
            "`channel` takes a channel",
            {},
        ),
        "a mentionable for the user option": (
            "tally",
            [{"name": "user", "type": 9, "value": "x"}],
            None,
            "can't find that player",
            {},
        ),
        "a user option that is no snowflake": (
            "tally",
            [{"name": "user", "type": 6, "value": "x"}],
            {"users": {"x": user_json("x")}},
            ODD,
            {},
        ),
        "a user context menu the bot does not have": (
            "tally",
            None,
            {"users": {UID: user_json(UID)}},
            "has changed",
            {"type": 2, "target_id": UID},
        ),
    }


def garbled_data(fake, case: str) -> dict:
    name, options, resolved, _, more = garbled(str(fake.channel_id))[case]
    data: dict = {"id": command(fake, name)["id"], "name": name, "type": 1}
    if options is not None:
        data["options"] = options
    if resolved is not None:
        data["resolved"] = resolved
    data.update(more)
    return {k: v for k, v in data.items() if v is not None}


@pytest.mark.parametrize("case", list(garbled("1")))
async def test_a_garbled_slash_payload_gets_a_plain_answer_in_time_and_changes_nothing(
    harness: Harness, case: str, caplog
):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana", manage_guild=True)  # she may change the settings, were it sound
    data = garbled_data(fake, case)
    says = garbled(str(fake.channel_id))[case][3]
    before = everything(h)
    with caplog.at_level(logging.INFO):
        res = await fake.interact(ana, 2, data, timeout=fake.answer_limit + 0.5)
    assert res.ok and res.type == 4 and res.ephemeral, res
    assert res.latency < fake.answer_limit
    text = res.message.text
    assert says in text and text != english(bot.answer.APOLOGY), text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], [
        r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
    ]
    assert everything(h) == before
    # and the command itself, sent as Discord sends it, still works
    res = await h.slash(ana, "settings", "game", game="war", enabled=False)
    assert res.ephemeral and "War: off in the whole server" in res.message.text, res.message.text
    h.assert_clean()


GARBLED_TYPING: dict[str, dict] = {
    "a channel that is no snowflake": {
        "name": "settings",
        "type": 1,
        "options": settings_game({"type": 7, "value": "hello", "focused": True}),
    },
    "a whole number given as text": {
        "name": "settings",
        "type": 1,
        "options": settings("cap", sips={"type": 4, "value": "abc", "focused": True}),
    },
    "options that are no list": {"name": "tally", "type": 1, "options": "junk"},
    "no focused option": {
        "name": "tally",
        "type": 1,
        "options": [{"name": "period", "type": 3, "value": "t"}],
    },
    "a command that does not exist": {"name": "poker", "type": 1, "options": []},
    "resolved junk": {
        "name": "tally",
        "type": 1,
        "options": [{"name": "user", "type": 6, "value": "x", "focused": True}],
        "resolved": {"users": {"x": "junk"}},
    },
}


@pytest.mark.parametrize("case", list(GARBLED_TYPING))
async def test_garbled_typing_in_an_option_gets_no_suggestions_and_no_error(
    harness: Harness, case: str, caplog
):
    h, fake = harness, harness.fake
    ana = fake.add_user("Ana", manage_guild=True)
    data = dict(GARBLED_TYPING[case])
    if data["name"] != "poker":
        data["id"] = command(fake, data["name"])["id"]
    before = everything(h)
    with caplog.at_level(logging.INFO):
        res = await fake.interact(ana, 4, data, timeout=fake.answer_limit + 0.5)
    assert res.ok and res.type == 8 and res.data["choices"] == [], res
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert everything(h) == before
    h.assert_clean()
