"""What the screens fit on a phone: the short rules, War's table over whole games, every game's
end screen, and the end screen's payoff (drinks, the best moments, the engine's highlights)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import random
import re
import statistics

import pytest

from bot.engines import ENGINES
from bot.engines.base import Drink, GameError, Leave, Timeout
from bot.engines.war import ENGINE as WAR
from bot.games import GAMES, in_short, split_rules
from bot.i18n import LANGUAGES, english, game_title, speaking, t
from bot.store import DrinkRow, Tab
from bot.ui import war as war_ui
from bot.ui.common import BODY_CHARS, BODY_LINES, fill_rules, invite_note, moments, say, size
from tests.engines.test_war import DOUBLE, FLIP, make, play
from tests.phone import HOST, long_named_table, table_text
from tests.test_tables import open_as

SHORT_RULES = 600
NAMES = ["Alexandra", "Bartholomew", "Cy", "Desdemona", "Ed", "Fay", "Gus", "Hal", "Ida", "Jo"]
ONE_MANY = re.compile(r"\b1 (cards|sips|points|turns|hands|pairs|seconds|players)\b")


def option_sets(name: str):
    """Every combination of each option's minimum, default and maximum (on and off)."""
    opts = GAMES[name].engine.options
    values = [
        [False, True] if isinstance(o.default, bool) else [o.minimum, o.default, o.maximum]
        for o in opts
    ]
    for combo in itertools.product(*values):
        yield {o.name: v for o, v in zip(opts, combo, strict=True)}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_short_rules_fit_a_phone_with_any_options(name, lang):
    assert lang in GAMES[name].rules, f"{name} has no rules in {lang} (data/rules/{lang}/)"
    full, short = GAMES[name].rules_in(lang)
    longest = 0
    for options in option_sets(name):
        text = fill_rules(short, options, lang)
        assert 100 < len(text) <= SHORT_RULES, (name, options, len(text))
        assert len(text.splitlines()) <= BODY_LINES, (name, options)
        assert "{" not in text and not re.search(r"^\[", text, re.M), text  # all filled in
        assert not ONE_MANY.search(text), text
        longest = max(longest, len(text))
    print(f"{name} ({lang}): short rules at most {longest} characters")
    assert in_short(lang) not in full  # the full rules are the rest
    assert 50 < len(full) <= 4096, name  # /rules shows it in one embed


def test_short_rules_say_the_tables_options():
    war = GAMES["war"].short_rules
    assert "you both drink 1 sip." in fill_rules(war, {"social_sips": 1, "choice_seconds": 30})
    text = fill_rules(war, {"social_sips": 3, "choice_seconds": 90})
    assert "you both drink 3 sips." in text and "The loser has 90 s" in text
    pyramid = GAMES["pyramid"].short_rules
    plain = fill_rules(pyramid, {"claim_seconds": 15, "convo": False, "look_seconds": 45})
    convo = fill_rules(pyramid, {"claim_seconds": 15, "convo": True, "look_seconds": 45})
    assert "give the sips away" in plain and "answers a question" not in plain
    assert "answers a question" in convo and "give the sips away" not in convo
    assert "within 15 s" in plain and "after 45 s" in plain
    house = {"turn_seconds": 60, "find_shithead": False, "pickup_sip": False}
    shithead = GAMES["shithead"].short_rules
    assert "finishes their drink" not in fill_rules(shithead, {**house, "shithead_finishes": True})
    both = {**house, "find_shithead": True, "shithead_finishes": True}
    assert "The shithead finishes their drink." in fill_rules(shithead, both)
    with pytest.raises(KeyError):
        fill_rules("{nope} s", {})
    with pytest.raises(ValueError, match="In short"):
        split_rules("**Rules** without a short section.")


async def play_war(service, seed: int, host=100):
    """A whole War game through the table service, the loser choosing at random; yields the
    table after every change."""
    table = await open_as(service, host, NAMES[0])
    await service.join(table.id, host + 1, NAMES[1])
    await service.start(table.id, host)
    rnd = random.Random(seed)
    yield table
    while table.status == "playing":
        v = table.view()
        if v["phase"] == "flip":
            await service.act(table.id, host + rnd.randint(0, 1), {"type": "flip"})
        else:
            verb = rnd.choice(["drink", "double"])
            await service.act(table.id, host + v["loser"], {"type": verb})
        yield table


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
async def test_wars_table_fits_a_phone_over_whole_games(store, clock, lang):
    """Every screen of eight whole games, in each language: at most 12 lines and 600
    characters, the seed's hash once, no hand 0, no "1 cards"."""
    from bot.tables import TableService

    sizes = []
    for seed in range(8):
        service = TableService(store, ENGINES, clock, seeds=lambda seed=seed: f"war-{seed}")
        async for table in play_war(service, seed, host=100 + 10 * seed):
            with speaking(lang):
                screen = war_ui.public(table)
            lines, chars = size(screen)
            sizes.append((lines, chars))
            text = "\n".join([screen.embed.description or "", screen.embed.footer.text or ""])
            text += "".join(f"\n{f.name}\n{f.value}" for f in screen.embed.fields)
            assert lines <= BODY_LINES and chars <= BODY_CHARS, text
            if table.status == "playing":
                assert text.count(table.seed_hash[:16]) == 1, text
            assert "Hand 0" not in text and "Giv 0" not in text, text
            assert not ONE_MANY.search(text) and not re.search(r"(?<!\d)1 klunkar", text), text
    lines, chars = zip(*sizes, strict=True)
    print(
        f"War's table ({lang}), {len(sizes)} screens of 8 games: lines max {max(lines)} median "
        f"{statistics.median(lines)}, characters max {max(chars)} median "
        f"{statistics.median(chars)}"
    )


async def play_at_random(
    service, name: str, players: int, seed: int, names=NAMES, each=None, **options
):
    """A whole game of ``name`` through the table service: random legal moves (no leaving),
    now and then a clock running out; ``each(table)`` after every change, the first deal
    included. Returns the finished table."""
    table = await open_as(service, 1000, names[0], game=name, guild=seed, **options)
    for i in range(1, players):
        await service.join(table.id, 1000 + i, names[i])
    await service.start(table.id, 1000)
    rnd = random.Random(seed)
    for _ in range(5000):
        if each is not None:
            each(table)
        if table.status != "playing":
            return table
        moves = [
            (s.user_id, a)
            for s in table.seated()
            if s.seat is not None
            for a in table.engine.legal_actions(table.state, s.seat)
            if not isinstance(a, Leave | Timeout)
        ]
        if moves and rnd.random() < 0.9:
            user, action = rnd.choice(moves)
            with contextlib.suppress(GameError):  # the host's moves, for one
                await service.act(table.id, user, action)
        elif table.timers:
            service.clock.advance(min(t.due_at for t in table.timers.values()) - clock_now(service))
            await service.fire_due()
    raise AssertionError(f"{name} did not end")


def clock_now(service) -> float:
    return service.clock.now()


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("name", sorted(ENGINES))
async def test_every_games_end_screen_fits_a_phone(store, clock, name, lang):
    from bot.tables import TableService

    engine = ENGINES[name]
    for players, seed in ((engine.min_players, 1), (engine.max_players, 2)):
        service = TableService(store, ENGINES, clock, seeds=lambda n=players: f"{name}-{n}")
        table = await play_at_random(service, name, players, seed)
        with speaking(lang):
            screen = GAMES[name].ui.public(table)
        lines, chars = size(screen)
        assert lines <= BODY_LINES and chars <= BODY_CHARS, (name, players, screen.embed)
        over = t(lang, "screens-ended-title", game=game_title(lang, name), table=str(table.id))
        assert over in (screen.embed.title or "")
        seeded = t(lang, "screens-ended-seed", seed=table.row.seed, rest="")
        assert seeded in (screen.embed.footer.text or "")


async def test_the_end_screen_shows_drinks_and_the_best_moments(service):
    """The biggest single drink (a drink split at a cap is one drink, shown as counted), who
    gave the most, and the engine's own highlights."""
    table = await open_as(service, 1, "Ana")
    await service.join(table.id, 2, "Bo")
    await service.start(table.id, 1)
    await service.end(table.id, 1, can_manage=False)

    def row(user, seq, amount, reason, giver=None, counted="sips"):
        kind = "assigned" if giver else "drink"
        return DrinkRow(1, user, "war", table.id, seq, amount, kind, giver, reason, 0.0, counted)

    table.ledger = [
        row(1, 3, 6, "a wrong card"),
        row(2, 5, 4, "doubled and lost"),  # ... split at Bo's cap: 4 sips, then 3 as water
        row(2, 5, 3, "doubled and lost", counted="capped"),
        row(2, 7, 2, "a matched 7", giver=1),
        row(1, 8, 1, "a matched 9", giver=2),
        row(2, 9, 1, "a matched 9", giver=1),
    ]
    table.tabs = {1: Tab(sips=7), 2: Tab(sips=7, water=3)}
    lines = moments(table)
    assert (
        lines[0]
        == "\U0001f947 Biggest drink: **Bo**, 4 sips · \U0001f4a7 3 water (doubled and lost)"
    )
    assert lines[1] == "\U0001f381 Most given: **Ana**, 3 sips"
    # given to an alcohol-free player, they were points, not sips (the tally audit)
    table.ledger = [
        dataclasses.replace(r, counted_as="points") if r.giver_id == 1 else r for r in table.ledger
    ]
    assert moments(table)[1] == "\U0001f381 Most given: **Ana**, \u2b50 3 points"
    text = war_ui.public(table).embed.description or ""
    # each player's drinks as counted, and (drinks were given here) what each gave
    assert "**Ana**: 7 sips (gave 3)\n**Bo**: 7 sips · \U0001f4a7 3 water (gave 1)" in text
    assert text.startswith("Ended early: no winner.") and lines[0] in text


def test_war_tells_who_went_double_or_nothing_from_the_drinks():
    # Ana doubles three times: loses twice, then wins; Bo doubles once and loses to a spade
    p0 = ["2H", "3D", "2C", "3C", "KD", "AS", "4H", "9C"]
    p1 = ["9S", "4C", "9H", "4D", "5D", "2D", "8C", "6H"]
    moves = [(0, FLIP), (0, DOUBLE), (0, FLIP), (0, DOUBLE), (0, FLIP), (1, DOUBLE)]
    state, events = play(make(p0, p1), *moves, (0, FLIP), (0, DOUBLE))
    drinks = [e for e in events if isinstance(e, Drink)]
    assert [english(h) for h in WAR.highlights(state, drinks)] == [
        "{p0} went double or nothing: won 1, lost 2",
        "{p1} went double or nothing: won 0, lost 1",
    ]
    assert WAR.highlights(state, []) == []


async def test_more_than_four_players_share_one_drinks_line_and_all_are_invited(service):
    table = await open_as(service, 1, "Ana", game="blackdeath")
    for user, name in ((2, "Bo"), (3, "{p1}"), (4, "Dee"), (5, "[Eve](https://x.co/a)")):
        await service.join(table.id, user, name)
    await service.start(table.id, 1)
    await service.end(table.id, 1, can_manage=False)
    table.tabs = {1: Tab(sips=2), 3: Tab(points=4)}
    lines = ui_lines(table)
    assert "\U0001f37a **Ana** 2 sips · **Bo** 0 sips · **{p1}** \u2b50 4 points" in lines
    assert english(invite_note(table, 2) or "") == (
        "\U0001f501 Again from table #1: **Ana**, **{{p1}}**, **Dee** and "
        "**\\[Eve\\](https://x.co/a)**, press **Join**."  # a name is never a link
    )
    assert say(invite_note(table, 2) or "", table).count("{p1}") == 1  # shown as written


def ui_lines(table) -> str:
    return GAMES[table.row.game].ui.public(table).embed.description or ""


LONG_NAMES = [(n + "_the_Magnificent")[:32] for n in NAMES]  # Discord's longest display names


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_every_games_screens_fit_a_phone_through_whole_games(store, clock, name):
    """Every public table and every player's private view after every change of whole random
    games, at the most and the fewest players, with random options: at most 12 lines and 600
    characters; with 32-character names, still at most 12 lines (the characters grow with the
    names)."""
    from bot.tables import TableService

    engine, ui = ENGINES[name], GAMES[name].ui
    worst = [0, 0]

    def check(table, count_chars: bool) -> None:
        screens = [("table", ui.public(table))]
        if table.status == "playing":
            screens += [(f"seat {s.seat}", ui.private(table, s.seat)) for s in table.seated()]
        for who, screen in screens:
            lines, chars = size(screen)
            worst[:] = max(worst[0], lines), max(worst[1], chars if count_chars else 0)
            e = screen.embed
            shown = (e.description, [(f.name, f.value) for f in e.fields], e.footer.text)
            where = (name, len(table.seated()), who)
            assert lines <= BODY_LINES, (*where, lines, shown)
            assert chars <= BODY_CHARS or not count_chars, (*where, chars, shown)

    every = list(option_sets(name))
    runs = [
        (engine.max_players, NAMES, True),
        (engine.max_players, LONG_NAMES, False),
        (engine.min_players, NAMES, True),
    ]
    for seed, (players, names, count_chars) in enumerate(runs, start=1):
        service = TableService(store, ENGINES, clock, seeds=lambda s=seed: f"{name}-fit-{s}")
        options = random.Random(seed).choice(every)
        each = functools.partial(check, count_chars=count_chars)
        await play_at_random(service, name, players, 100 * seed, names, each, **options)
    print(f"{name}: screens at most {worst[0]} lines and {worst[1]} characters")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_table_ended_early_says_so_and_names_no_winner(store, clock, game):
    """End promises "the game stops here with no winner": every game's end screen, for a table
    ended mid-game, starts by saying so and shows how it stood, never who won (Shithead named
    a winner and a shithead; Tarok handed out medals; Black Death said only "The table
    closed.")."""
    engine = ENGINES[game]
    players = min(3, engine.max_players)
    service, t = await long_named_table(store, clock, game, players, "early")
    rnd = random.Random(game)
    for _ in range(6):
        moves = [
            (seat, a)
            for seat in range(players)
            for a in engine.legal_actions(t.state, seat)
            if not isinstance(a, Leave)
        ]
        if not moves or engine.is_over(t.state):
            break
        seat, action = rnd.choice(moves)
        with contextlib.suppress(GameError):
            await service.act(t.id, HOST + seat, action)
    assert t.status == "playing", "the game ended by itself: pick another seed"
    await service.end(t.id, HOST, can_manage=False)
    text = table_text(t)
    assert text.startswith("Ended early: no winner."), text
    for said in ("wins", "\U0001f3c6", "\U0001f947", "shithead!", "finishes their drink"):
        assert said not in text.split("\n\n")[0], (said, text)


async def test_a_tarok_table_ended_mid_hand_says_the_hand_was_cut_short(store, clock):
    """Its points count the unfinished hand's tricks: the last finished hand's line ("Hand 1:
    Bo +355 = 355") would contradict them (Bo: 708 points), so the screen says the hand was cut
    short instead."""
    engine = ENGINES["tarok"]
    service, t = await long_named_table(store, clock, "tarok", 3, "cut short")
    rnd = random.Random(3)
    while t.state.hand_no < 2 or not (t.view()["trick"] or t.view()["last_trick"]):
        moves = [(s, a) for s in range(3) for a in engine.legal_actions(t.state, s)]
        seat, action = rnd.choice([m for m in moves if not isinstance(m[1], Leave)])
        await service.act(t.id, HOST + seat, action)
    assert t.status == "playing"
    await service.end(t.id, HOST, can_manage=False)
    text = table_text(t)
    assert "Hand 2 was cut short: its tricks so far count below." in text, text
    assert "Hand 1:" not in text
