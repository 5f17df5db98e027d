"""One live private view per player per table (issue 8).

A player's controls live in their newest private message. When a new one opens (a right card in
Pyramid opens the give panel), the older one is deleted, and a tap on a button it had a moment
before (its deletion on the way) is answered there with one line, without acting.
"""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import t
from tests.e2e.conftest import Harness, seeded_harness
from tests.fakediscord import iter_components
from tests.harness import open_table

SEED = "e2e-1"  # Bo holds the 3♥ for the first turned card, the 3♣


harness = seeded_harness(SEED)


async def bo_lays_right(h: Harness, fake):
    """Bo's look at his cards is his private view; then he lays a right card from the table,
    which opens his give panel, his newest private view. Returns the table, his older view,
    the game controls it had, and the answer with the newest."""
    ana, bo, cy = (fake.add_user(n) for n in ("Ana", "Bo", "Cy"))
    msg, table_id = await open_table(h, "pyramid", ana, [bo, cy])
    await h.click(ana, msg, "start")
    table = await h.service.get(table_id)
    look = (await h.click(bo, msg, "peek")).message
    for p in (ana, cy):
        await h.click(p, msg, "peek")
    h.clock.advance(15)
    await h.service.fire_due()
    await h.rendered(lambda: "Lay card 1" in msg.text, "the first card to be turned")
    await h.bot.renderer.flush()
    old_lay = [c for c in look.custom_ids() if ":lay:" in c or ":auto:" in c]
    assert old_lay, look.custom_ids()  # Bo's view has a game control (auto-pass)
    seat = table.seat_of(bo.id)
    rank = table.state.pyramid[table.state.index].rank
    slot = next(n + 1 for n, c in enumerate(table.state.hands[seat]) if c and c.rank == rank)
    give = await h.click(bo, msg, f"lay:{slot}")
    assert give.ephemeral and "Right!" in give.message.text  # the newest private view
    return table, bo, look, old_lay, give


async def bos_war_view(h: Harness, fake):
    """A started War table (Ana hosts, Bo plays) and Bo's private view with its Flip."""
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, table_id = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    view = (await h.click(bo, msg, "seat")).message
    return ana, bo, msg, table_id, view, h.custom_id(view, "flip")


async def test_a_new_private_view_deletes_the_older_one(harness: Harness):
    """A game that opens many private views (each right lay here, each Black Death take)
    leaves no trail of old ones in the player's channel."""
    h, fake = harness, harness.fake
    table, bo, look, _, give = await bo_lays_right(h, fake)
    await h.rendered(lambda: look.deleted, "the older view deleted")
    others = [s.user_id for s in table.seated() if s.user_id != bo.id]
    res = await h.click(bo, give.message, f"give:{table.seat_of(others[0])}.1")
    assert res.in_place  # the newest view works
    h.assert_clean()


async def test_an_older_view_still_there_points_to_the_newest_and_plays_nothing(
    harness: Harness,
):
    """A tap on the older view before its deletion lands is answered there with one line
    that points to the newest, and plays nothing."""
    h, fake = harness, harness.fake
    fake.stall("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    table, bo, look, old_lay, _ = await bo_lays_right(h, fake)
    await fake.wait_for(lambda: fake.stalled, what="the older view's deletion")
    version = table.version
    if old_lay[0].endswith("_"):  # a select of several slots
        res = await fake.select(bo, look, old_lay[0], ["1", "2"])
    else:
        res = await fake.click(bo, look, old_lay[0])
    assert res.in_place and t("en", "screens-view-retired") in look.text and not look.custom_ids()
    assert table.version == version
    fake.release()
    await h.rendered(lambda: look.deleted, "the older view deleted")
    assert not fake.violations and not fake.unknown_routes


async def test_a_tap_in_a_private_view_after_the_table_ended_shows_the_end_there(
    harness: Harness,
):
    """The other player's last move (here: the host ends the table) ends the game a moment
    before a tap in a private view: that view shows the end screen with the refusal on top,
    no new message, and no Play again (a public button) on a private message."""
    h, fake = harness, harness.fake
    ana, bo, msg, table_id, mine, flip = await bos_war_view(h, fake)
    await h.confirmed(ana, msg, "end")
    table = await h.service.get(table_id)
    assert table.status == "ended"
    res = await fake.click(bo, mine, flip, stale=flip not in mine.custom_ids())
    assert res.in_place and res.message.id == mine.id
    assert "is over" in mine.text and "\u26a0\ufe0f" in mine.text
    assert "again" not in h.verbs(mine)
    h.assert_clean()


async def test_a_view_kept_alive_by_clicks_still_follows_the_table_after_a_restart(
    harness: Harness,
):
    """Ana and Bo play Tarok from the views they opened 16 minutes ago: each click's younger
    token edits the view. The bot restarts: the views still follow the table (before, the
    store knew only the first token, expired by then, so they froze on "Not your turn")."""
    from bot.engines.tarok import card_id

    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "tarok", ana, [bo], play_seconds=300)
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    views = {u.id: (await h.click(u, msg, "seat")).message for u in (ana, bo)}

    async def play_from_view() -> None:
        seat = table.state.turn
        user = table.user_at(seat).user_id
        card = table.engine.legal_cards(table.state, seat)[0]
        await h.click(
            next(u for u in (ana, bo) if u.id == user), views[user], f"play:{card_id(card)}"
        )
        await h.bot.renderer.flush()  # the other view shows it is their turn

    for _ in range(4):
        h.clock.advance(240)
        fake.advance(240)
        await play_from_view()
    await h.bot.renderer.flush()
    await h.stop_bot()
    await h.start_bot()
    await h.bot.renderer.resynced()
    table = await h.service.get(tid)
    await play_from_view()
    await h.bot.renderer.flush()

    def playable(view) -> set[str]:  # the card buttons enabled on a view
        return {
            c["custom_id"].split(":")[3]
            for c in iter_components(view.current.get("components"))
            if c.get("custom_id", "").split(":")[2:3] == ["play"] and not c.get("disabled")
        }

    seat = table.state.turn
    legal = {str(card_id(c)) for c in table.engine.legal_cards(table.state, seat)}
    mover, other = table.user_at(seat).user_id, table.user_at(1 - seat).user_id
    await fake.wait_for(
        lambda: playable(views[mover]) == legal, timeout=5, what="the view to say whose turn it is"
    )
    assert playable(views[other]) == set()
    h.assert_clean()


async def test_a_view_whose_token_is_about_to_die_says_so_and_offers_refresh(harness: Harness):
    """Discord lets a bot edit a private view for 15 minutes. Just before that, the view says
    it has stopped updating and offers Refresh (before, it sat there showing the past); it is
    not edited again, and Refresh opens a fresh view."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    view = (await h.click(ana, msg, "seat")).message
    renderer = h.bot.renderer
    key = (tid, ana.id)
    assert key in renderer._expiries  # due when the token has 30 s left
    renderer._expire(key, renderer._view_token(key))  # that moment comes now
    await renderer.flush_private()
    assert "stopped updating" in view.text and h.verbs(view) == ["seat"]
    edits = len(view.versions)
    await h.click(bo, msg, "flip")
    await renderer.flush()
    assert len(view.versions) == edits  # never edited again
    fresh = await h.click(ana, view, "seat")
    assert fresh.ephemeral and fresh.message.id != view.id and "Hand 1" in fresh.message.text
    h.assert_clean()


async def test_a_view_found_up_to_date_after_a_restart_still_says_when_it_stops(harness: Harness):
    """After a restart, a private view that already shows the table as stored is not redrawn;
    it is still known, so that it says it has stopped updating when its token is about to die
    (before, only views that needed a redraw, or whose table changed, were)."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, tid = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    view = (await h.click(ana, msg, "seat")).message
    await h.bot.renderer.flush()  # what the view shows is stored
    edits = len(view.versions)
    await h.stop_bot()
    await h.start_bot()
    renderer = h.bot.renderer
    await renderer.resynced()
    await renderer.flush()
    key = (tid, ana.id)
    assert len(view.versions) == edits  # up to date: not redrawn
    assert key in renderer._expiries  # due when the token has 30 s left
    renderer._expire(key, renderer._view_token(key))  # that moment comes now
    await renderer.flush_private()
    assert "stopped updating" in view.text and h.verbs(view) == ["seat"]
    h.assert_clean()


async def test_a_player_who_leaves_or_is_put_out_sees_it_on_their_private_view(harness: Harness):
    """A player's open view does not go on looking live once they are out of the game: it
    says they left (or missed three turns in a row), with no buttons, and is not edited
    again. Before, a Tarok player who left still saw "Your lead" with every card lit."""
    h, fake = harness, harness.fake
    ana, bo, cy, dee = (fake.add_user(n) for n in ("Ana", "Bo", "Cy", "Dee"))
    msg, tid = await open_table(h, "tarok", ana, [bo, cy, dee])
    await h.click(ana, msg, "start")
    table = await h.service.get(tid)
    views = {u.id: (await h.click(u, msg, "seat")).message for u in (ana, bo, cy, dee)}
    await h.confirmed(dee, msg, "leave")
    await h.bot.renderer.flush()
    left = views[dee.id]
    assert left.text == f"\U0001f44b You left table #{tid}. Thanks for playing!"
    assert left.custom_ids() == []
    edits = len(left.versions)
    # nobody plays: the clocks strike whoever is to play, until one is out
    while all(table.user_at(s).left_at is None for s in range(3)):
        h.clock.advance(table.row.options.get("play_seconds", 60) + 1)
        await h.service.fire_due()
    await h.bot.renderer.flush()
    [out] = [u for u in (ana, bo, cy) if table.seat_row(u.id).left_at is not None]
    text = views[out.id].text
    assert text == f"\u23f0 You're out of table #{tid}: you missed three turns in a row."
    assert views[out.id].custom_ids() == [] and len(left.versions) == edits
    h.assert_clean()


async def bos_view_edit_held(h: Harness, fake):
    """A started War table (Ana hosts, Bo plays), Bo's private view (the click's result), and
    Ana's flip, whose edit of that view Discord has taken but not yet answered (held)."""
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, table_id = await open_table(h, "war", ana, [bo])
    # the stall below holds every edit through a token, the table's own too: no picture to
    # follow the answers (its edit would hold the table's writer, and the clicks' answers)
    await h.bot.party.set_guild(fake.guild.id, images=False)
    await h.click(ana, msg, "start")
    view = await h.click(bo, msg, "seat")
    fake.stall("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", apply=True)
    await h.click(ana, msg, "flip")
    await fake.wait_for(
        lambda: any(view.token in r.path for r in fake.stalled), what="the edit of Bo's view, held"
    )
    return ana, bo, msg, table_id, view


async def test_a_player_put_out_while_their_view_is_being_edited_still_sees_it(harness: Harness):
    """Under load, the last edit of Bo's view showed his hand, not that he had left: the edit
    of the flip before was on its way when he left, and when it landed the bot, seeing him
    gone, took that screen for his last one and never edited the view again. The decision
    goes with the drawing now."""
    h, fake = harness, harness.fake
    _, bo, msg, _, view = await bos_view_edit_held(h, fake)
    ask = await h.click(bo, msg, "leave")
    await h.click(bo, ask.message, "confirm")
    fake.release()
    await h.bot.renderer.flush()
    assert view.message.text.startswith("\U0001f44b You left table")
    assert view.message.custom_ids() == []
    h.assert_clean()


async def test_a_view_told_it_stopped_updating_is_not_edited_back_to_live(harness: Harness):
    """Race audit: Bo's view was told it stops updating (its token about to die) while an edit
    of it waited for its writer; that edit then went through the old token and put a live
    hand back over the notice, never to be edited again. A forgotten view is not edited."""
    h, fake = harness, harness.fake
    ana, bo, msg, tid, view = await bos_view_edit_held(h, fake)
    table = await h.service.get(tid)
    renderer, key = h.bot.renderer, (tid, bo.id)
    tok = renderer._view_token(key)  # the one the held edit goes through
    version = table.version
    for who in (bo, ana):  # the loser drinks: Bo's view is behind again, its edit waits
        if (await h.click(who, msg, "drink")).ok and table.version > version:
            break
    assert table.version > version
    renderer._expire(key, tok)  # its token is about to die: the notice waits for the writer
    fake.release()
    await renderer.flush()
    assert "stopped updating" in view.message.text
    assert h.verbs(view.message) == ["seat"]
    h.assert_clean()


async def test_a_view_sent_while_the_table_changes_catches_up(harness: Harness):
    """Bo opens his view; Discord has it, but before the bot hears back (Discord's latency),
    Ana flips. The view was drawn before the flip and the bot did not know it yet when the flip
    changed the table: it is brought up to date once the bot learns of it."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, table_id = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    table = await h.service.get(table_id)
    version = table.version
    fake.stall("POST", "/interactions/{interaction_id}/{interaction_token}/callback", apply=True)
    opening = asyncio.ensure_future(fake.click(bo, msg, h.custom_id(msg, "seat")))
    await fake.wait_for(lambda: fake.stalled, what="Bo's view on its way back")
    # Ana's flip is carried out (Discord has it); its answer is held too
    await fake.click(ana, msg, h.custom_id(msg, "flip"))
    await fake.wait_for(lambda: table.version > version and len(fake.stalled) == 2, what="the flip")
    mine = (await opening).message  # Discord shows it
    assert "Waiting for a flip" in mine.text  # drawn before the flip
    fake.release()
    await h.bot.renderer.flush()
    want = h.bot.renderer.draw_private(table, table.seat_of(bo.id)).embed.description
    assert mine.current["embeds"][0]["description"] == want
    h.assert_clean()


async def test_a_view_that_never_reached_discord_is_not_used_after_its_404(harness: Harness):
    """The crash audit: Bo pressed My cards and the bot, which stores a view before sending it,
    died before sending it. After the restart its edit through that token got 404 Unknown
    Webhook, and with no older view to fall back to the bot kept using the token: an edit per
    table change, then a delete when Bo opened a newer view. Discord says a webhook that
    answered 404 must not be used again: after the first 404 it is forgotten."""
    h, fake = harness, harness.fake
    ana, bo = fake.add_user("Ana"), fake.add_user("Bo")
    msg, table_id = await open_table(h, "war", ana, [bo])
    await h.click(ana, msg, "start")
    data = {"custom_id": f"war:{table_id}:seat", "component_type": 2}
    lost = fake._new_interaction(3, bo, msg.channel_id, data, msg, "Bo's My cards (never sent)")
    lost.dispatched_at = fake.now()  # the bot got it and died before answering
    async with h.bot.store.transaction() as tx:  # what the bot stores just before sending
        await tx.set_private_view(
            table_id, bo.id, fake.application_id, lost.token, h.clock.now(), None, True
        )
    await h.stop_bot()
    await h.start_bot()
    await h.bot.renderer.resynced()
    await h.bot.renderer.flush_private()

    def dead_uses() -> int:
        return sum(f.interaction_id == lost.id for f in fake.failures)

    assert dead_uses() == 1  # the one try that tells the view never reached Discord
    for who in (ana, bo):  # the table changes twice
        verb = next(v for v in ("flip", "drink", "double") if v in h.verbs(msg))
        assert (await h.click(who, msg, verb)).ok
        await h.bot.renderer.flush()
    res = await h.click(bo, msg, "seat")  # a newer view: nothing to delete
    assert res.ephemeral and "Your seat" in res.message.text
    await h.bot.renderer.flush()
    assert dead_uses() == 1


async def test_a_move_whose_view_is_retired_while_it_commits_is_answered_quietly(
    harness: Harness, caplog
):
    """The crash audit: Bo taps Flip in his view A; while the flip commits he opens view B,
    which deletes A. The flip's answer, deferred while A's writer was busy, then edited the
    deleted A: 404, logged as an ERROR with a traceback. The flip counts, B shows it, and the
    tap was acknowledged: nothing is wrong, and nothing is logged as an error."""
    h, fake = harness, harness.fake
    ana, bo, msg, table_id, view_a, flip = await bos_war_view(h, fake)
    service = h.service
    act, committed, go_on = service.act, asyncio.Event(), asyncio.Event()

    async def act_then_wait(*args, **kwargs):
        change = await act(*args, **kwargs)
        committed.set()  # stored; its answer goes out once the test lets it
        await go_on.wait()
        return change

    service.act = act_then_wait
    pressed = asyncio.ensure_future(fake.click(bo, view_a, flip))
    await committed.wait()
    service.act = act
    fake.stall("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", apply=True)
    view_b = (await h.click(bo, msg, "seat")).message  # retires A, holding A's writer
    await fake.wait_for(lambda: fake.stalled, what="view A's deletion")
    assert view_a.deleted
    go_on.set()
    res = await pressed  # A's writer is busy: the answer is a defer
    assert res.ok and res.type == 6
    fake.release()
    await h.bot.renderer.flush()
    table = await service.get(table_id)
    assert table.row.seq == 1  # the flip counts
    want = h.bot.renderer.draw_private(table, table.seat_of(bo.id))
    await h.rendered(lambda: view_b.current["embeds"][0] == want.embed.to_dict(), "B shows it")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_refusal_on_a_private_view_is_not_wiped_by_the_refresh_its_move_made_due(
    harness: Harness,
):
    """The loser of a hand taps Drink in their view twice: the first drinks, the second is told
    so on the view (the refusal on top of the table as it is). The refresh of every private view
    that the drink made due then finds that view current and leaves the line be; it wiped it a
    moment after it was shown (seen once faster commits let the second tap's answer land
    before the refresh)."""
    from bot.i18n import english
    from bot.tables import DOUBLE_TAP

    h, fake = harness, harness.fake
    ana, bo, msg, table_id, bos, _ = await bos_war_view(h, fake)
    views = {bo.id: bos, ana.id: (await h.click(ana, msg, "seat")).message}
    h.bot.renderer.debounce = 30.0  # the refreshes a move makes due wait until flushed
    await h.click(ana, msg, "flip")
    await h.bot.renderer.flush()
    table = await h.service.get(table_id)
    loser = table.user_at(table.engine.view(table.state, None)["loser"]).user_id
    user, view = (ana if loser == ana.id else bo), views[loser]
    drink = h.custom_id(view, "drink")
    first = await fake.click(user, view, drink)
    assert first.in_place and "\u26a0\ufe0f" not in view.text
    second = await fake.click(user, view, drink, stale=drink not in view.custom_ids())
    assert second.in_place and f"\u26a0\ufe0f {english(DOUBLE_TAP)}" in view.text
    await h.bot.renderer.flush()
    assert f"\u26a0\ufe0f {english(DOUBLE_TAP)}" in view.text
    h.assert_clean()
