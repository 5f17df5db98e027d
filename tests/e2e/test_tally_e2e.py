"""/tally (issue 8): wins beside sips, no medals for drinking the most, a sort: choice, and
someone else's breakdown answered privately."""

from __future__ import annotations

import re

from tests.e2e.conftest import Harness
from tests.e2e.test_safety_e2e import play_war_step
from tests.e2e.test_war_e2e import open_war

MEDALS = ("\U0001f947", "\U0001f948", "\U0001f949", "\U0001f3c5")
PHONE = 48  # characters a leaderboard line may take (a phone shows about this many per line)


async def war(h: Harness, seen: set[int], host, guest, leaver, hands: int) -> None:
    """One War table: ``hands`` hands played by the public buttons (each hand's loser drinks),
    then ``leaver`` leaves and the other player wins. ``seen``: who has accepted the rules."""
    if host.id in seen:
        msg = (await h.slash(host, "war", "start")).message
        await h.join(guest, msg)
        await h.rendered(lambda: guest.name in msg.text)
    else:
        msg, _ = await open_war(h, host, guest)
    seen.update((host.id, guest.id))
    tid = int(h.custom_id(msg, "join").split(":")[1])
    await h.click(host, msg, "start")
    table = await h.service.get(tid)
    users = {host.id: host, guest.id: guest}
    for _ in range(hands):
        await play_war_step(h, table, msg, users)  # flip
        await play_war_step(h, table, msg, users)  # the loser drinks
    res = await h.confirmed(leaver, msg, "leave")
    assert res.ok and table.status == "ended"
    await h.bot.renderer.flush()


def board_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\d+\. ", line)]


async def test_the_board_shows_wins_beside_sips_sorts_three_ways_and_fits_a_phone(
    harness: Harness,
):
    h, fake = harness, harness.fake
    h.service.seeds = lambda: "tally-e2e"
    seen: set[int] = set()
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    await war(h, seen, ana, bo, leaver=bo, hands=0)  # Ana wins
    await war(h, seen, ana, cy, leaver=cy, hands=0)  # Ana wins
    await war(h, seen, bo, cy, leaver=cy, hands=1)  # Bo wins
    await war(h, seen, cy, bo, leaver=bo, hands=3)  # Cy wins, sips for Bo and Cy
    await war(h, seen, bo, cy, leaver=cy, hands=0)  # Bo wins
    async with h.bot.store.reading() as q:
        rows = {r["user_id"]: r for r in await q.leaderboard(fake.guild_id, 0.0)}
    names = {ana.id: "Ana", bo.id: "Bo", cy.id: "Cy"}
    games = {names[u]: (r["played"], r["won"]) for u, r in rows.items()}
    assert games == {"Ana": (2, 2), "Bo": (4, 2), "Cy": (4, 1)}
    sips = {names[u]: r["sips"] for u, r in rows.items()}

    def order(text: str) -> list[str]:
        return [line.split(". ", 1)[1].split(":", 1)[0] for line in board_lines(text)]

    # by sips (the default): the most sips first, but no medal for it
    res = await h.slash(ana, "tally")
    assert not res.ephemeral
    text = res.message.text
    assert sips["Cy"] > sips["Bo"] > sips["Ana"] == 0, sips
    assert order(text) == ["Cy", "Bo", "Ana"]  # three different orders: sips, wins, games
    assert not any(m in text for m in MEDALS), text
    for line in board_lines(text):
        name = order(line)[0]
        played, won = games[name]
        plays = f"{played} game{'s' * (played != 1)}, {won} win{'s' * (won != 1)}"
        # the wins come right after the drinks, on the first (short) line
        assert f"{name}: **{sips[name]} sip{'s' * (sips[name] != 1)}** · {plays}" in line, line
        assert len(line.replace("**", "")) <= PHONE, line
    assert "By sips." in text

    # by wins: Ana's two wins in two games before Bo's two in four; shared ranks for equal wins
    text = (await h.slash(ana, "tally", sort="wins")).message.text
    assert order(text) == ["Ana", "Bo", "Cy"]
    assert [line.split(".")[0] for line in board_lines(text)] == ["1", "1", "3"]
    assert "Ana: 0 sips · 2 games, **2 wins**" in text and "By wins." in text
    assert not any(m in text for m in MEDALS)

    # by games
    text = (await h.slash(ana, "tally", sort="games", period="all")).message.text
    assert order(text) == ["Bo", "Cy", "Ana"]
    assert "Cy: " in text and "**4 games**, 1 win" in text and "all time" in text


async def test_someone_elses_breakdown_is_private_and_your_own_public(harness: Harness):
    h, fake = harness, harness.fake
    seen: set[int] = set()
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    await war(h, seen, ana, bo, leaver=bo, hands=1)
    before = len(fake.channel_messages())

    theirs = await h.slash(ana, "tally", options={"user": bo})
    assert theirs.ephemeral and theirs.message.audience == ana.id
    assert "Bo" in theirs.message.text and "War" in theirs.message.text
    assert "1 game, 0 wins" in theirs.message.text
    assert len(fake.channel_messages()) == before  # nothing posted for the channel

    mine = await h.slash(ana, "tally", options={"user": ana}, period="week")
    assert not mine.ephemeral and "Ana: this week" in mine.message.text
    assert "1 game, 1 win" in mine.message.text

    board = await h.slash(bo, "tally")  # the board stays public
    assert not board.ephemeral and "1. " in board.message.text
    h.assert_clean()


async def test_an_empty_board_says_how_to_start(harness: Harness):
    h, fake = harness, harness.fake
    res = await h.slash(fake.add_user("Ana"), "tally", sort="wins")
    assert not res.ephemeral and "Nobody has played or drunk a thing" in res.message.text
    assert "/war start" in res.message.text
    h.assert_clean()


async def test_the_same_board_asked_again_within_a_minute_is_answered_privately(
    harness: Harness,
):
    """A burst of /tally would flood the channel with the same board: within a minute of it,
    the same board in the same channel comes privately, saying why. Another period or order
    is a board of its own."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    assert not (await h.slash(ana, "tally")).ephemeral
    h.clock.advance(30)
    res = await h.slash(bo, "tally")
    assert res.ephemeral and "posted here a moment ago" in res.message.text
    assert "Nobody has played or drunk a thing" in res.message.text
    assert not (await h.slash(bo, "tally", sort="wins")).ephemeral
    h.clock.advance(31)
    assert not (await h.slash(bo, "tally")).ephemeral
    assert len(fake.channel_messages()) == 3
    h.assert_clean()


async def test_a_night_without_drinks_is_ranked_by_wins(harness: Harness):
    """After games with no drinks, a board by sips would show everyone "1." with 0 sips: the
    default board is by wins then. Asked for by sips, it is by sips."""
    h, fake = harness, harness.fake
    h.service.seeds = lambda: "tally-e2e"
    seen: set[int] = set()
    ana, bo, cy = fake.add_user("Ana"), fake.add_user("Bo"), fake.add_user("Cy")
    await war(h, seen, ana, bo, leaver=bo, hands=0)  # Ana wins, nobody drinks
    await war(h, seen, cy, ana, leaver=ana, hands=0)  # Cy wins
    await war(h, seen, cy, bo, leaver=bo, hands=0)  # Cy wins
    res = await h.slash(ana, "tally", period="all")
    assert [line.split(":")[0] for line in board_lines(res.message.text)] == [
        "1. Cy",
        "2. Ana",
        "3. Bo",
    ], res.message.text
    assert "By wins." in res.message.text
    res = await h.slash(bo, "tally", period="all", sort="sips")
    assert "By sips." in res.message.text
    h.assert_clean()
