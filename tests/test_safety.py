"""Party safety's rules on their own (bot/safety.py): caps at their edges, alcohol-free points,
the heads-ups, the notes on the table's lines, and where a game may be started."""

from __future__ import annotations

from bot import safety
from bot.engines.base import Drink, Log, Private
from bot.i18n import english
from bot.safety import Counting, Drinker, count
from bot.store import DrinkRow, GuildSettings, PlayerSettings, Tab

ANA, BO = 10, 11


def row(user=ANA, amount=1, kind="drink"):
    return DrinkRow(1, user, "war", 7, 1, amount, kind, None, "test", 100.0)


def counted(rows):
    return [(r.user_id, r.amount, r.counted_as) for r in rows]


def test_without_a_cap_every_drink_is_sips():
    out = count([row(amount=5), row(amount=3, kind="social")], {ANA: Drinker(ANA)}, None)
    assert counted(out.rows) == [(ANA, 5, "sips"), (ANA, 3, "sips")]
    assert out.countings == [Counting(), Counting()] and out.notices == []


def test_a_drink_that_ends_exactly_at_the_cap_is_sips_and_the_next_is_water():
    ana = Drinker(ANA, cap=10, tonight=6)
    out = count([row(amount=4), row(amount=1)], {ANA: ana}, None)
    assert counted(out.rows) == [(ANA, 4, "sips"), (ANA, 1, "capped")]
    assert out.countings == [Counting(), Counting(water=1)]


def test_a_drink_that_crosses_the_cap_is_split_at_it():
    out = count([row(amount=5)], {ANA: Drinker(ANA, cap=10, tonight=7)}, None)
    assert counted(out.rows) == [(ANA, 3, "sips"), (ANA, 2, "capped")]
    assert out.countings == [Counting(water=2, whole=False)]
    assert sum(r.amount for r in out.rows) == 5  # the game's amount, all of it recorded


def test_a_cap_lowered_below_what_was_drunk_makes_every_later_drink_water():
    out = count(
        [row(amount=2), row(amount=1, kind="social")], {ANA: Drinker(ANA, cap=5, tonight=9)}, None
    )
    assert counted(out.rows) == [(ANA, 2, "capped"), (ANA, 1, "capped")]
    assert out.notices == []  # nothing crossed: /limits already said so when it was lowered


def test_the_server_default_cap_applies_only_to_players_without_their_own():
    guild = GuildSettings(1, default_cap=6)
    people = safety.drinkers(
        guild,
        {ANA: PlayerSettings(ANA), BO: PlayerSettings(BO, cap=20)},
        {ANA: 5, BO: 5},
    )
    assert people[ANA] == Drinker(ANA, cap=6, own_cap=False, tonight=5)
    assert people[BO] == Drinker(BO, cap=20, own_cap=True, tonight=5)
    out = count([row(ANA, 3), row(BO, 3)], people, None)
    assert counted(out.rows) == [(ANA, 1, "sips"), (ANA, 2, "capped"), (BO, 3, "sips")]
    assert "this server's cap" in english(out.notices[0][1])


def test_alcohol_free_drinks_are_points_and_never_count_toward_anything():
    free = Drinker(ANA, mode="alcohol-free", cap=2, tonight=0)
    rows = [row(amount=4), row(amount=1, kind="finish"), row(amount=1, kind="forfeit")]
    out = count(rows, {ANA: free}, water_every=1)
    assert counted(out.rows) == [(ANA, 4, "points"), (ANA, 1, "points"), (ANA, 1, "sips")]
    assert out.countings[:2] == [Counting(points=4), Counting(points=1, finish=True)]
    assert out.notices == []


def test_a_finish_is_water_only_once_the_cap_is_reached_and_a_forfeit_never():
    under = count([row(kind="finish")], {ANA: Drinker(ANA, cap=10, tonight=9)}, None)
    at = count(
        [row(kind="finish"), row(kind="forfeit")], {ANA: Drinker(ANA, cap=10, tonight=10)}, None
    )
    assert counted(under.rows) == [(ANA, 1, "sips")]
    assert counted(at.rows) == [(ANA, 1, "capped"), (ANA, 1, "sips")]
    assert at.countings[0] == Counting(water=1, finish=True)


def test_the_heads_up_comes_at_80_percent_once_and_the_cap_line_when_reached():
    def lines(before, amount, cap=20):
        return [
            english(t)
            for _, t in count(
                [row(amount=amount)], {ANA: Drinker(ANA, cap=cap, tonight=before)}, None
            ).notices
        ]

    assert lines(14, 1) == []  # 15 of 20: not yet
    assert lines(15, 1)[0].startswith("Heads-up: 16 of 20 sips tonight (your cap)")
    assert lines(16, 1) == []  # past 16 already: once is enough
    assert "That's 20 sips tonight, your cap" in lines(19, 1)[0]
    reached = lines(10, 12)  # past both in one drink: the cap line only
    assert len(reached) == 1 and "count as water" in reached[0]
    assert lines(20, 3) == []  # already there: the table's note says water
    assert safety.warn_at(1) is None and safety.warn_at(5) == 4


def test_the_water_reminder_comes_each_time_a_multiple_is_passed():
    def lines(before, amount):
        out = count([row(amount=amount)], {ANA: Drinker(ANA, tonight=before)}, water_every=6)
        return [english(t) for _, t in out.notices]

    assert lines(4, 1) == []
    assert lines(5, 1) == ["\U0001f4a7 6 sips tonight: a good moment for a glass of water."]
    assert lines(6, 5) == []
    assert len(lines(11, 2)) == 1


def test_two_drinks_of_one_action_are_counted_in_order():
    out = count([row(amount=3), row(amount=3)], {ANA: Drinker(ANA, cap=4)}, None)
    assert counted(out.rows) == [(ANA, 3, "sips"), (ANA, 1, "sips"), (ANA, 2, "capped")]


def test_notes_go_on_the_line_naming_the_drinker_without_shaming():
    bo_drinks = Drink(1, 4, "drink", "2 against 6")
    flip = Log("{p0} turns 2♠, {p1} turns 6♦")
    said = Log("{p1} drinks 4: 2 against 6")
    events = safety.annotate(
        [flip, bo_drinks, said], [(bo_drinks, Counting(water=4))], [Private(1, "hi")]
    )
    assert [Log(english(e.text)) if isinstance(e, Log) else e for e in events] == [
        flip,
        bo_drinks,
        Log("{p1} drinks 4: 2 against 6 · \U0001f4a7 water"),
        Private(1, "hi"),
    ]
    text = " ".join(english(e.text) for e in events if isinstance(e, Log)).lower()
    assert "cap" not in text and "limit" not in text


def test_a_note_on_a_line_naming_others_or_nobody_names_the_drinker():
    a, b = Drink(0, 1, "social", "social drink"), Drink(1, 1, "social", "social drink")
    both = Log("Both turn 7s: a social drink for both (1 sip each).")
    events = safety.annotate(
        [a, b, both], [(a, Counting(points=1)), (b, Counting(water=1, whole=False))], []
    )
    assert english(events[2].text) == (
        "Both turn 7s: a social drink for both (1 sip each). · {p0}: ⭐ 1 point; {p1}: 💧 1 as water"
    )
    alone = Drink(0, 2, "drink", "x")
    events = safety.annotate([Log("{p0} goes first"), alone], [(alone, Counting(points=2))], [])
    assert isinstance(events[-1], Log)  # no line after it: a line of its own
    assert english(events[-1].text) == "{p0}: ⭐ 2 points"


def test_literal_braces_are_not_names():
    d = Drink(1, 1, "drink", "x")
    events = safety.annotate([d, Log("{{p1}} is just text")], [(d, Counting(water=1))], [])
    assert english(events[1].text) == "{{p1}} is just text · {p1}: 💧 water"


def test_a_seats_total_says_what_was_water_or_points():
    assert safety.tab_text(None, 12) is None
    assert safety.tab_text(Tab(sips=12), 12) is None
    assert safety.tab_text(Tab(sips=8, water=4), 12) == "8 sips · 💧 4 water"
    assert safety.tab_text(Tab(points=12), 12) == "⭐ 12 points"
    assert safety.tab_text(Tab(water=1), 1) == "💧 1 water"


def test_a_game_is_on_unless_a_channel_or_server_rule_says_otherwise():
    assert safety.game_allowed([], 5)
    assert not safety.game_allowed([(0, False)], 5)
    assert safety.game_allowed([(0, False), (5, True)], 5)
    assert not safety.game_allowed([(5, False)], 5) and safety.game_allowed([(5, False)], 6)
    # a thread (9, in channel 7) follows its channel's rule, unless it has one of its own
    assert safety.game_allowed([(0, False), (7, True)], 9, parent_id=7)
    assert not safety.game_allowed([(7, False)], 9, parent_id=7)
    assert safety.game_allowed([(7, False), (9, True)], 9, parent_id=7)
    assert "It's on in <#5>." in english(safety.not_here("War", [(0, False), (5, True)]))
    assert "whole server" in english(safety.not_here("War", [(0, False)]))
    assert "another channel" in english(safety.not_here("War", [(6, False)]))


def test_the_tally_shows_sips_first_then_water_and_points_apart():
    from bot.ui.tally import _stats

    base = {"social": 0, "finishes": 0, "forfeits": 0, "given": 0, "played": 1, "won": 0}
    assert _stats("en", {**base, "sips": 0, "water": 0, "points": 0}).startswith(
        "**0 sips** · 1 game"
    )
    assert _stats("en", {**base, "sips": 5, "water": 7, "points": 0}).startswith(
        "**5 sips** · 💧 7 water · 1 game"
    )
    assert _stats("en", {**base, "sips": 0, "water": 0, "points": 12}).startswith(
        "**⭐ 12 points (alcohol-free)** · 1 game"
    )
    assert _stats("en", {**base, "sips": 0, "water": 3, "points": 0}).startswith("**💧 3 water**")
