"""Black Death: every rule and decision of shared/rules/black-death.md, plus random playouts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.engines.base import (
    FINISH,
    FORFEIT,
    Drink,
    IllegalAction,
    Leave,
    Log,
    Mark,
    NotYourTurn,
    Outcome,
    Private,
    Timeout,
    Timer,
    rng,
)
from bot.engines.blackdeath import (
    DEATH_CARD,
    ENGINE,
    BlackDeathEngine,
    BlackDeathState,
    Finish,
    Forfeit,
    Pair,
    SetForfeit,
    Take,
    black_death_deck,
    discard_pairs,
    pairs_phrase,
)
from bot.engines.cards import TarotCard, deal, shuffled
from bot.i18n import english
from tests.engines.contract import marked_game
from tests.refusals import refusal

DEATH = "M13"


def cards(*codes: str) -> list[TarotCard]:
    return [TarotCard.from_code(code) for code in codes]


def make(*hands: list[str], offerer: int | None = 0, seed: str = "test", **kw) -> BlackDeathState:
    """A game in the taking phase with the given hands (index 0 of a hand is position 1)."""
    state = BlackDeathState(seed=seed, players=len(hands), hands=[cards(*h) for h in hands], **kw)
    if offerer is not None and state.phase == "take":
        state.offerer = offerer
        state.taker = ENGINE._next_holder(state, offerer)
        state.offers = 1
    return state


def losing(players: int, loser: int, **kw) -> BlackDeathState:
    """A game whose loser holds Death alone and must choose."""
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[loser] = [DEATH]
    return make(*hands, offerer=None, phase="choose", loser=loser, **kw)


def play(state, *moves):
    events = []
    for seat, action in moves:
        state, evs = ENGINE.apply(state, seat, action)
        events.extend(evs)
    return state, events


def logs(events) -> list[str]:
    return [english(e.text) for e in events if isinstance(e, Log)]


def drinks(events) -> list[Drink]:
    """The drinks, their reasons in English."""
    return [
        Drink(e.seat, e.sips, e.kind, english(e.reason)) for e in events if isinstance(e, Drink)
    ]


def privates(events) -> list[Private]:
    return [Private(e.seat, english(e.text)) for e in events if isinstance(e, Private)]


def summary(state: BlackDeathState) -> list[str]:
    return [english(line) for line in ENGINE.results(state).summary]


def refused(pattern: str, kind: type[Exception] = IllegalAction) -> Any:
    """The move is refused with a line that reads ``pattern`` in English."""
    return refusal(kind, pattern)


def timeout(state):
    (timer,) = ENGINE.timers(state)
    return ENGINE.apply(state, None, Timeout(timer.key))


# ------------------------------------------------------------------ the game and its deck


def test_engine_metadata():
    assert isinstance(ENGINE, BlackDeathEngine)
    assert (ENGINE.name, ENGINE.title, ENGINE.scoring) == ("blackdeath", "Black Death", "sips")
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 10)
    assert ENGINE.actions == (Take, Finish, Forfeit, SetForfeit)
    with pytest.raises(IllegalAction):
        ENGINE.new_game(1, "s", {})
    with pytest.raises(IllegalAction):
        ENGINE.new_game(11, "s", {})
    with pytest.raises(IllegalAction):
        ENGINE.new_game(3, "s", {"house_rule": True})


def test_the_deck_is_the_56_minors_and_death():
    deck = black_death_deck()
    assert len(deck) == len(set(deck)) == 57
    assert [c for c in deck if c.is_major] == [DEATH_CARD]
    assert DEATH_CARD.name == "Death"
    ranks = Counter(c.rank for c in deck if not c.is_major)
    assert ranks == {rank: 4 for rank in range(1, 15)}


# ------------------------------------------------------------------ the deal


@pytest.mark.parametrize("players", range(2, 11))
def test_every_card_is_dealt_one_at_a_time_starting_left_of_the_dealer(players):
    seed = f"deal-{players}"
    state = ENGINE.new_game(players, seed, {})
    dealt = deal(shuffled(black_death_deck(), rng(seed, "deal")), players, first=1)
    for seat in range(players):
        thrown = [c for p in state.discarded if p.seat == seat for c in p.cards]
        assert sorted(state.hands[seat] + thrown) == sorted(dealt[seat])
    # hands may be uneven: the dealer's left gets the first card, and so any extra one
    assert len(dealt[1]) == max(len(h) for h in dealt)
    assert sum(len(h) for h in dealt) == 57


@pytest.mark.parametrize("players", range(2, 11))
def test_after_the_deal_each_player_has_discarded_every_pair(players):
    for n in range(5):
        state = ENGINE.new_game(players, f"pairs-{players}-{n}", {})
        for hand in state.hands:
            minors = [c.rank for c in hand if not c.is_major]
            assert len(minors) == len(set(minors))
        for pair in state.discarded:
            a, b = pair.cards
            assert a.rank == b.rank and not a.is_major and a != b


def test_the_deal_pairs_are_announced_publicly_one_line_per_player():
    state = ENGINE.new_game(3, "seed-0", {})
    assert [english(line) for line in state.deal_log] == [
        "{p0} discards 5 pairs: 1s, 2s, 3s, 4s and 7s",
        "{p1} discards 5 pairs: 5s, 8s, 10s, Pages and Queens",
        "{p2} discards 6 pairs: 1s, 5s, 6s, 9s, Knights and Kings",
    ]
    assert ENGINE.view(state, None)["deal_log"] == state.deal_log
    assert ENGINE.view(state, None)["pairs"] == 16


def test_the_table_logs_the_deals_pairs_when_the_game_starts():
    state = ENGINE.new_game(3, "seed-0", {})
    assert ENGINE.opening(state) == [Log(line) for line in state.deal_log]
    assert logs(ENGINE.opening(state))[0] == "{p0} discards 5 pairs: 1s, 2s, 3s, 4s and 7s"
    lone = ENGINE.new_game(2, "seed-13353", {})  # the deal leaves Death alone: said at once
    assert logs(ENGINE.opening(lone))[-1].startswith("Only Death is left, and {p1} holds it!")


def test_pairs_are_named_by_rank():
    assert english(pairs_phrase([13])) == "a pair of Queens"
    assert english(pairs_phrase([7])) == "a pair of 7s"
    assert english(pairs_phrase([2, 13, 13])) == "3 pairs: 2s and Queens (two pairs)"
    assert english(pairs_phrase([11, 1, 12])) == "3 pairs: 1s, Pages and Knights"


def test_a_deal_that_leaves_only_death_makes_its_holder_lose_at_once():
    state = ENGINE.new_game(2, "seed-13353", {})  # every rank split evenly: 14 pairs each
    assert state.phase == "choose" and state.loser == 1
    assert state.hands == [[], [DEATH_CARD]]
    assert english(state.deal_log[-1]).startswith("Only Death is left, and {p1} holds it!")
    assert ENGINE.legal_actions(state, 1) == [Finish(), Forfeit(), Leave()]


# ------------------------------------------------------------------ pairs


def test_a_pair_is_two_cards_of_one_rank_in_any_suits():
    state = make(["B3", "W9", "S3", "L11"], offerer=None)
    assert discard_pairs(state, 0) == [3]
    assert state.hands[0] == cards("W9", "L11")
    assert state.discarded == [Pair(0, (cards("B3")[0], cards("S3")[0]))]


def test_death_never_pairs_with_a_queen():
    state = make([DEATH, "L13"], offerer=None)
    assert discard_pairs(state, 0) == []
    assert state.hands[0] == cards(DEATH, "L13")


def test_three_of_a_rank_discards_one_pair_and_keeps_one():
    state = make(["S5", "B5", "W5", "L2"], offerer=None)
    assert discard_pairs(state, 0) == [5]
    assert state.hands[0] == cards("S5", "L2")  # the two lower suits go
    assert state.discarded == [Pair(0, tuple(cards("B5", "W5")))]


def test_four_of_a_rank_discards_two_pairs():
    state = make(["S5", "B5", "W5", "L5", "B1"], offerer=None)
    assert discard_pairs(state, 0) == [5, 5]
    assert state.hands[0] == cards("B1")
    assert len(state.discarded) == 2


# ------------------------------------------------------------------ offering and taking


def test_the_player_left_of_the_dealer_offers_first_to_the_next_player():
    state = ENGINE.new_game(3, "seed-0", {})
    assert (state.offerer, state.taker) == (1, 2)
    two = ENGINE.new_game(2, "seed-0", {})
    assert (two.offerer, two.taker) == (1, 0)


def test_if_the_dealers_left_has_no_cards_the_next_player_with_cards_offers_first():
    state = ENGINE.new_game(10, "seed-1195", {})
    assert state.hands[1] == []
    assert (state.offerer, state.taker) == (2, 3)


def test_the_first_offer_is_shuffled_with_the_tables_generator():
    seed = "seed-0"
    state = ENGINE.new_game(3, seed, {})
    unshuffled = BlackDeathState(
        seed=seed,
        players=3,
        hands=deal(shuffled(black_death_deck(), rng(seed, "deal")), 3, first=1),
    )
    for seat in range(3):
        discard_pairs(unshuffled, seat)
    assert state.offers == 1
    assert state.hands[1] == shuffled(unshuffled.hands[1], rng(seed, "offer", 1))
    assert state.hands[0] == unshuffled.hands[0]


def test_the_taker_takes_the_card_at_the_chosen_position_and_both_learn_it_privately():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"])
    state, events = play(state, (1, Take(2)))
    assert TarotCard.from_code("W7") in state.hands[1]
    assert state.hands[0] == cards("B2")
    assert privates(events) == [
        Private(1, "You drew the 7 of Wines"),
        Private(0, "{p1} took the 7 of Wines from you"),
    ]
    assert logs(events)[0] == "{p1} takes a card from {p0}."
    assert not any("7" in line for line in logs(events))


def test_drawing_death_is_told_only_to_the_taker():
    state = make([DEATH, "W7"], ["S9"], ["L4", "B5"])
    state, events = play(state, (1, Take(1)))
    assert privates(events) == [
        Private(1, "You drew Death"),
        Private(0, "{p1} took Death from you"),
    ]
    assert not any("Death" in line for line in logs(events))


def test_a_drawn_card_that_makes_a_pair_is_discarded_and_announced():
    state = make(["L13", "B2"], ["W13", "S9"], [DEATH, "W2", "B9"])
    state, events = play(state, (1, Take(1)))
    assert state.hands[1] == cards("S9")
    assert state.discarded[-1] == Pair(1, tuple(cards("L13", "W13")))
    assert "{p1} discards a pair of Queens" in logs(events)
    assert ENGINE.view(state, None)["pairs"] == 1


def test_the_taker_offers_next_to_the_player_on_their_left():
    state = make(["L13", "B2"], ["W13", "S9"], [DEATH, "W2", "B9"])
    state, _ = play(state, (1, Take(2)))
    assert (state.offerer, state.taker) == (1, 2)
    state, _ = play(state, (2, Take(1)))
    assert (state.offerer, state.taker) == (2, 0)


def test_the_offering_hand_is_shuffled_before_every_offer():
    state = make(["L13", "B2"], ["W13", "S9", "B5"], [DEATH, "W2", "B9", "W5"], seed="shuf")
    state, _ = play(state, (1, Take(2)))  # seat 1 now holds W13 S9 B5 B2, in that order
    assert state.offers == 2
    assert state.hands[1] == shuffled(cards("W13", "S9", "B5", "B2"), rng("shuf", "offer", 2))


def test_the_taker_picks_a_position_from_1_to_n():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"])
    assert ENGINE.legal_actions(state, 1) == [Take(1), Take(2), Leave()]
    for pos in (0, 3, -1):
        with refused("Pick a card from 1 to 2"):
            ENGINE.apply(state, 1, Take(pos))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 1, {"type": "take", "pos": "1"})


def test_only_the_taker_may_take():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"])
    for seat in (0, 2):
        assert ENGINE.legal_actions(state, seat) == [Leave()]
        with refused("not your turn", NotYourTurn):
            ENGINE.apply(state, seat, Take(1))


def test_the_take_clock_is_30_seconds_and_counts_against_the_taker():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"])
    assert ENGINE.timers(state) == [Timer("take:1", 30, (1,))]
    view = ENGINE.view(state, None)
    assert (view["clock"], view["seconds"]) == ("take:1", 30)


def test_every_offer_has_its_own_clock():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"])
    keys = []
    for _ in range(4):
        keys.append(ENGINE.timers(state)[0].key)
        state, _ = timeout(state)
    assert keys == ["take:1", "take:2", "take:3", "take:4"]


def test_a_player_who_gives_their_last_card_is_safe_and_the_taker_offers_next():
    state = make(["B2"], ["S9"], [DEATH, "W2", "B9"])
    state, events = play(state, (1, Take(1)))
    assert "{p0} has no cards left: safe from Death!" in logs(events)
    assert (state.offerer, state.taker) == (1, 2)
    view = ENGINE.view(state, None)
    assert view["safe"] == [0] and view["seats"][0]["status"] == "safe"
    assert ENGINE.legal_actions(state, 0) == [Leave()]


def test_the_offer_skips_players_with_no_cards():
    state = make([], ["W5", DEATH], [], ["B5", "S3"], ["B3"], offerer=3)
    assert state.taker == 4
    state, _ = play(state, (4, Take(2)))  # pairs 3s: seat 4 is safe, seat 3 holds B5
    assert (state.offerer, state.taker) == (1, 3)


def test_a_taker_whose_last_card_pairs_is_safe_and_the_next_player_with_cards_offers():
    state = make(["B2", "B7"], ["W2"], [DEATH, "S7"])
    state, events = play(state, (1, Take(1)))
    assert state.hands[1] == []
    assert "{p1} has no cards left: safe from Death!" in logs(events)
    assert (state.offerer, state.taker) == (2, 0)


# ------------------------------------------------------------------ Death and the loser


def test_when_only_death_remains_its_holder_loses():
    state = make([DEATH, "B2"], ["W2"])
    state, events = play(state, (1, Take(2)))
    assert state.phase == "choose" and state.loser == 0
    assert state.hands == [[DEATH_CARD], []]
    assert "Only Death is left, and {p0} holds it! Finish your drink or take a forfeit?" in logs(
        events
    )
    view = ENGINE.view(state, None)
    assert (view["loser"], view["seats"][0]["status"], view["offerer"]) == (0, "loser", None)


def test_death_can_change_hands_before_the_end():
    state = make([DEATH, "B2"], ["W2"])
    state, _ = play(state, (1, Take(1)))
    assert state.phase == "take" and sorted(state.hands[1]) == sorted(cards("W2", DEATH))
    assert (state.offerer, state.taker) == (1, 0)


def test_the_loser_chooses_to_finish_their_drink_or_take_a_forfeit_in_60_seconds():
    state = losing(3, 1)
    assert ENGINE.legal_actions(state, 1) == [Finish(), Forfeit(), Leave()]
    assert ENGINE.legal_actions(state, 0) == [Leave()]
    assert ENGINE.timers(state) == [Timer("choose", 60, (1,))]  # a leave is charged by _leave
    for seat in (0, 2):
        with pytest.raises(NotYourTurn):
            ENGINE.apply(state, seat, Finish())
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 1, Take(1))


def test_finishing_the_drink_is_recorded_as_a_finish():
    state, events = play(losing(3, 1), (1, Finish()))
    assert drinks(events) == [Drink(1, 1, FINISH, "held Death")]
    assert ENGINE.is_over(state) and ENGINE.timers(state) == []
    assert ENGINE.results(state).outcomes == [
        Outcome(0, "won"),
        Outcome(1, "lost"),
        Outcome(2, "won"),
    ]
    assert summary(state) == ["{p1} held Death and finished their drink."]
    assert all(ENGINE.legal_actions(state, s) == [] for s in range(3))


def test_the_choice_times_out_to_finishing_the_drink():
    state, events = timeout(losing(3, 2))
    assert drinks(events) == [Drink(2, 1, FINISH, "held Death (time ran out)")]
    assert state.choice == "finish" and ENGINE.is_over(state)


def test_a_forfeit_is_written_by_the_host_and_recorded_as_a_forfeit():
    state, events = play(losing(3, 1), (1, Forfeit()))
    assert (state.phase, state.writer, state.choice) == ("forfeit", 0, "forfeit")
    assert "{p0} writes {p1}'s forfeit." in logs(events)
    assert ENGINE.timers(state) == [Timer("forfeit:1", 120, (0,))]
    assert ENGINE.legal_actions(state, 0) == [
        SetForfeit("Sing a song of the table's choosing"),
        Leave(),
    ]
    assert ENGINE.legal_actions(state, 1) == [Leave()]
    state, events = play(state, (0, SetForfeit("  Do ten push-ups  ")))
    assert drinks(events) == [Drink(1, 1, FORFEIT, "Do ten push-ups")]
    assert "{p1}'s forfeit, set by {p0}: Do ten push-ups" in logs(events)
    assert ENGINE.is_over(state) and state.forfeit == "Do ten push-ups"
    assert ENGINE.view(state, None)["forfeit"] == "Do ten push-ups"
    assert summary(state) == ["{p1} held Death and took a forfeit: Do ten push-ups"]


def test_a_forfeit_is_shown_as_written_never_as_a_link_a_heading_or_a_mention():
    """The forfeit is a player's own words on the public table: a masked link shows its
    address, line breaks can't start a heading or subtext, and nobody is mentioned."""
    state, _ = play(losing(3, 1), (1, Forfeit()))
    text = "[Free Nitro](https://x.example/a)\n# LOOK\n-# small @everyone {p0}"
    state, events = play(state, (0, SetForfeit(text)))
    shown = "\\[Free Nitro\\](https://x.example/a) \\# LOOK -\\# small @\u200beveryone {{p0}}"
    assert f"{{p1}}'s forfeit, set by {{p0}}: {shown}" in logs(events)
    assert summary(state) == [f"{{p1}} held Death and took a forfeit: {shown}"]


def test_when_the_host_loses_the_next_player_writes_the_forfeit():
    state, _ = play(losing(3, 0), (0, Forfeit()))
    assert state.writer == 1
    state, _ = play(losing(3, 0, left=[1]), (0, Forfeit()))
    assert state.writer == 2


def test_when_the_host_has_left_the_next_host_writes_the_forfeit():
    state, _ = play(losing(4, 3, left=[0]), (3, Forfeit()))
    assert state.writer == 1


def test_the_forfeit_is_1_to_200_characters_after_stripping():
    state, _ = play(losing(2, 1), (1, Forfeit()))
    for empty in ("", "   \n "):
        with refused("can't be empty"):
            ENGINE.apply(state, 0, SetForfeit(empty))
    with refused("at most 200 characters \\(this one has 201\\)"):
        ENGINE.apply(state, 0, SetForfeit("x" * 201))
    new, events = ENGINE.apply(state, 0, SetForfeit(" " + "x" * 200 + " "))
    assert drinks(events) == [Drink(1, 1, FORFEIT, "x" * 200)]


def test_a_forfeit_is_shown_as_written_even_with_braces_in_it():
    state, _ = play(losing(3, 1), (1, Forfeit()))
    state, events = play(state, (0, SetForfeit("Tell {p0} a secret {}")))
    assert "{p1}'s forfeit, set by {p0}: Tell {{p0}} a secret {{}}" in logs(events)
    assert drinks(events) == [Drink(1, 1, FORFEIT, "Tell {p0} a secret {}")]  # the ledger: raw
    assert state.forfeit == "Tell {p0} a secret {}"
    assert summary(state) == ["{p1} held Death and took a forfeit: Tell {{p0}} a secret {{}}"]


def test_only_the_writer_may_write_the_forfeit():
    state, _ = play(losing(3, 1), (1, Forfeit()))
    for seat in (1, 2):
        with pytest.raises(NotYourTurn):
            ENGINE.apply(state, seat, SetForfeit("Dance"))
    with refused("No forfeit"):
        ENGINE.apply(losing(3, 1), 0, SetForfeit("Dance"))


def test_an_unwritten_forfeit_times_out_and_the_loser_finishes_their_drink():
    state, _ = play(losing(3, 1), (1, Forfeit()))
    state, events = timeout(state)
    assert drinks(events) == [Drink(1, 1, FINISH, "held Death (no forfeit was set in time)")]
    assert "{p0} didn't set a forfeit in time." in logs(events)
    assert ENGINE.is_over(state)
    assert summary(state) == ["No forfeit was set: {p1} held Death and finished their drink."]


def test_a_writer_who_leaves_passes_the_forfeit_to_the_next_writer():
    state, _ = play(losing(3, 1), (1, Forfeit()))
    state, events = play(state, (0, Leave()))
    assert (state.phase, state.writer) == ("forfeit", 2)
    assert ENGINE.timers(state) == [Timer("forfeit:2", 120, (2,))]


def test_with_nobody_left_to_write_a_forfeit_the_loser_finishes_at_once():
    """Finishing is then the loser's one choice, and a game below two players ends: it used to
    wait out the loser's 60 s clock for the only move there was (the rules audit)."""
    state, events = play(losing(2, 1), (0, Leave()))
    assert drinks(events) == [Drink(1, 1, FINISH, "held Death (no forfeit was set)")]
    assert "Nobody is left to set a forfeit." in logs(events)
    assert ENGINE.is_over(state) and ENGINE.timers(state) == []
    # the leaver was safe: they keep their win
    assert ENGINE.results(state).outcomes == [Outcome(0, "won"), Outcome(1, "lost")]
    state, _ = play(losing(3, 1), (0, Leave()))  # someone is still there to write one
    assert state.phase == "choose" and Forfeit() in ENGINE.legal_actions(state, 1)


def test_a_writer_who_leaves_with_nobody_to_follow_makes_the_loser_finish():
    state, _ = play(losing(2, 1), (1, Forfeit()))
    state, events = play(state, (0, Leave()))
    assert drinks(events) == [Drink(1, 1, FINISH, "held Death (no forfeit was set)")]
    assert ENGINE.is_over(state)


@pytest.mark.parametrize("forfeit_first", [False, True])
def test_a_loser_who_leaves_before_drinking_is_charged_a_finish(forfeit_first):
    """A drink already owed is never lost to a leave: the rules' default (finish) is charged,
    whether the loser leaves while choosing or after choosing a forfeit, while it is written
    (choosing Forfeit and then leaving dodged the drink)."""
    state = losing(3, 1)
    if forfeit_first:
        state, _ = play(state, (1, Forfeit()))
    state, events = play(state, (1, Leave()))
    assert ENGINE.is_over(state)
    assert drinks(events) == [Drink(1, 1, FINISH, "held Death (left before drinking)")]
    said = logs(events)
    assert said[:2] == ["{p1} leaves the game.", "{p1} finishes their drink."]
    assert not any("ran out of time" in line for line in said)
    results = ENGINE.results(state)
    assert results.outcomes == [Outcome(0, "won"), Outcome(1, "lost"), Outcome(2, "won")]
    assert [english(line) for line in results.summary] == [
        "{p1} held Death and left: their drink is finished for them."
    ]


# ------------------------------------------------------------------ leaving


def test_a_leavers_cards_pass_to_the_next_player_with_cards_who_discards_new_pairs():
    state = make(["B2", "W9"], [], ["S2", DEATH, "W7"], ["B9", "L7"], offerer=0)
    assert state.taker == 2
    state, events = play(state, (3, Leave()))
    assert sorted(state.hands[0]) == sorted(cards("B2", "L7"))
    assert state.hands[3] == []
    assert logs(events)[1:3] == ["{p3}'s 2 cards pass to {p0}.", "{p0} discards a pair of 9s"]
    assert (state.offerer, state.taker, state.offers) == (0, 2, 2)  # the offered hand changed


def test_the_death_card_passes_on_with_a_leavers_cards():
    state = make(["B2", "S4"], ["W2", DEATH], ["L4"], offerer=0)
    state, _ = play(state, (1, Leave()))
    assert sorted(state.hands[2]) == sorted(cards("L4", "W2", DEATH))
    assert (state.offerer, state.taker, state.offers) == (0, 2, 2)


def test_a_leaving_offerer_hands_the_offer_on_with_their_cards():
    state = make(["B2", "S4"], ["W2", DEATH], ["L5"], offerer=0)
    state, _ = play(state, (0, Leave()))
    assert sorted(state.hands[1]) == sorted(cards("S4", DEATH))  # the pair of 2s went
    assert (state.offerer, state.taker) == (1, 2)


def test_a_safe_player_leaving_changes_no_offer():
    state = make(["B2", "S4"], ["W2", DEATH], ["L4"], [], offerer=0)
    new, _ = play(state, (3, Leave()))
    assert (new.offerer, new.taker, new.offers, new.hands) == (0, 1, 1, state.hands)
    assert ENGINE.view(new, None)["seats"][3] == {
        "seat": 3,
        "cards": 0,
        "status": "safe",
        "left": True,
    }
    assert ENGINE.legal_actions(new, 3) == []
    assert not ENGINE.is_active(new, 3)


def test_a_safe_player_who_leaves_keeps_their_win_and_a_leaver_with_cards_does_not():
    """black-death.md: "A player with no cards is out of the game, safe from Death." Leaving
    afterwards changes nothing of that: "won", listed among the safe (left used to lose it)."""
    state = make(["B2", "S4"], ["W2", DEATH], ["L4"], [], offerer=0)
    state, events = play(state, (3, Leave()), (2, Leave()))  # safe; then holding the L4
    assert logs(events)[:2] == ["{p3} leaves the game.", "{p2} leaves the game."]
    view = ENGINE.view(state, None)
    assert [(s["status"], s["left"]) for s in view["seats"]] == [
        ("playing", False),
        ("playing", False),
        ("left", True),
        ("safe", True),
    ]
    assert view["safe"] == [3]
    while state.phase == "take":
        state, _ = play(state, (state.taker, Take(1)))
    assert state.phase == "choose"
    loser = state.loser
    state, _ = play(state, (loser, Finish()))
    outcomes = {o.seat: o.result for o in ENGINE.results(state).outcomes}
    assert outcomes == {0: "won", 1: "won", 2: "left", 3: "won"} | {loser: "lost"}


def test_a_safe_leaver_counts_as_won_when_the_last_holder_wins_by_default():
    state = make([], ["B2"], ["W2", DEATH], offerer=1)
    state, events = play(state, (0, Leave()), (1, Leave()))
    assert ENGINE.is_over(state) and drinks(events) == []
    outcomes = ENGINE.results(state).outcomes
    assert outcomes == [Outcome(0, "won"), Outcome(1, "left"), Outcome(2, "won")]


def test_a_safe_host_who_left_before_death_was_found_writes_no_forfeit_and_keeps_their_win():
    state = make([], ["B2", DEATH], ["W2"], offerer=1)  # seat 0, the host, is safe
    state, _ = play(state, (0, Leave()))
    assert (state.offerer, state.taker, state.offers) == (1, 2, 1)  # the offer stands
    state, events = play(state, (2, Take(1)))  # the B2: 2s pair, seat 2 safe, seat 1 loses
    assert (state.phase, state.loser) == ("choose", 1)
    assert ENGINE.forfeit_writer(state) == 2  # not the host who left
    state, events = play(state, (1, Forfeit()))
    assert (state.phase, state.writer) == ("forfeit", 2)
    assert "{p2} writes {p1}'s forfeit." in logs(events)
    with pytest.raises(IllegalAction, match="table-no-longer-playing"):
        ENGINE.apply(state, 0, SetForfeit("Dance"))
    state, _ = play(state, (2, SetForfeit("Dance")))
    outcomes = ENGINE.results(state).outcomes
    assert outcomes == [Outcome(0, "won"), Outcome(1, "lost"), Outcome(2, "won")]


def test_a_safe_writer_who_leaves_passes_the_forfeit_on_and_keeps_their_win():
    state, _ = play(losing(3, 1), (1, Forfeit()))
    assert state.writer == 0
    state, events = play(state, (0, Leave()))
    assert (state.phase, state.writer) == ("forfeit", 2)
    assert logs(events) == ["{p0} leaves the game.", "{p2} writes {p1}'s forfeit."]
    state, _ = play(state, (2, SetForfeit("Dance")))
    outcomes = ENGINE.results(state).outcomes
    assert outcomes == [Outcome(0, "won"), Outcome(1, "lost"), Outcome(2, "won")]


def test_a_leave_that_leaves_one_player_with_cards_makes_them_the_loser():
    state = make([], ["B2", DEATH], ["W2"], offerer=1)
    state, events = play(state, (2, Leave()))
    assert state.phase == "choose" and state.loser == 1
    assert state.hands[1] == [DEATH_CARD]


def test_when_fewer_than_two_players_remain_the_last_one_wins():
    state = make(["B2"], ["W2", DEATH])
    state, events = play(state, (0, Leave()))
    assert ENGINE.is_over(state) and drinks(events) == []
    assert ENGINE.results(state).outcomes == [Outcome(0, "left"), Outcome(1, "won")]
    assert "Everyone else left: {p1} wins." in logs(events)


# ------------------------------------------------------------------ views and hidden cards


def test_the_public_view_shows_the_turn_counts_safety_pairs_and_clock():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"], [])
    state.discarded = [Pair(2, tuple(cards("B1", "W1")))]
    view = ENGINE.view(state, None)
    assert (view["phase"], view["offerer"], view["taker"]) == ("take", 0, 1)
    assert [s["cards"] for s in view["seats"]] == [2, 1, 2, 0]
    assert [s["status"] for s in view["seats"]] == ["playing", "playing", "playing", "safe"]
    assert view["safe"] == [3] and view["pairs"] == 1
    assert view["discarded"] == [{"seat": 2, "cards": cards("B1", "W1")}]
    assert (view["clock"], view["loser"], view["over"]) == ("take:1", None, False)
    assert "hand" not in view and "positions" not in view


def test_a_seats_view_adds_their_sorted_hand_and_the_takers_positions():
    state = make(["W7", "B2"], ["S9"], [DEATH, "S4"])
    assert ENGINE.view(state, 2)["hand"] == cards("S4", DEATH)
    assert ENGINE.view(state, 2)["positions"] is None
    assert ENGINE.view(state, 1)["positions"] == 2
    assert ENGINE.view(state, 0)["hand"] == cards("B2", "W7")  # sorted, not in offer order


def test_hidden_cards_are_every_card_in_another_hand():
    state = make(["B2", "W7"], ["S9"], [DEATH, "L4"])
    state.discarded = [Pair(2, tuple(cards("B1", "W1")))]
    assert sorted(ENGINE.hidden(state, None)) == sorted(cards("B2", "W7", "S9", DEATH, "L4"))
    assert sorted(ENGINE.hidden(state, 1)) == sorted(cards("B2", "W7", DEATH, "L4"))
    assert not set(cards("B1", "W1")) & set(ENGINE.hidden(state, None))  # pairs are public


def test_the_losers_death_is_no_longer_hidden():
    assert list(ENGINE.hidden(losing(3, 1), None)) == []


# ------------------------------------------------------------------ random playouts


DECK = frozenset(black_death_deck())


def check_invariants(state: BlackDeathState) -> None:
    held = [c for hand in state.hands for c in hand]
    thrown = [c for p in state.discarded for c in p.cards]
    assert len(held) + len(thrown) == 57 and set(held + thrown) == DECK  # 57 cards, each once
    assert len(held) % 2 == 1  # the count stays odd
    assert DEATH_CARD in held
    for seat, hand in enumerate(state.hands):
        if seat not in state.left:
            minors = [c.rank for c in hand if not c.is_major]
            assert len(minors) == len(set(minors)), f"seat {seat} keeps a pair"
    if state.loser is not None:  # Death is always the last card
        assert state.hands[state.loser] == [DEATH_CARD]
        assert all(
            not h for s, h in enumerate(state.hands) if s != state.loser and s not in state.left
        )
    if state.phase == "take":
        assert state.offerer != state.taker
        assert state.hands[state.offerer] and state.hands[state.taker]
        assert len(ENGINE.holders(state)) >= 2


def random_game(players: int, seed: str, leave_chance: float = 0.003) -> BlackDeathState:
    rnd = random.Random(seed)
    state = ENGINE.new_game(players, seed, {})
    for _ in range(5000):
        check_invariants(state)
        if ENGINE.is_over(state):
            return state
        timers = ENGINE.timers(state)
        staying = [s for s in range(players) if s not in state.left]
        roll = rnd.random()
        if roll < leave_chance:
            seat, action = rnd.choice(staying), Leave()
        elif roll < 0.15:
            seat, action = None, Timeout(timers[0].key)
        else:
            seat = {"take": state.taker, "choose": state.loser, "forfeit": state.writer}[
                state.phase
            ]
            choices = [a for a in ENGINE.legal_actions(state, seat) if not isinstance(a, Leave)]
            action = rnd.choice(choices)
        state, _ = ENGINE.apply(state, seat, action)
    raise AssertionError(f"no end: {players} players, seed {seed}")


@pytest.mark.parametrize("players", range(2, 11))
def test_random_games_conserve_57_cards_keep_the_count_odd_and_end_with_death_last(players):
    losers = 0
    for n in range(100):
        state = random_game(players, f"playout-{players}-{n}", leave_chance=0.0 if n < 60 else 0.01)
        assert ENGINE.is_over(state)
        if n < 60:  # nobody left: someone always ends holding Death alone
            assert state.loser is not None and state.hands[state.loser] == [DEATH_CARD]
            losers += 1
    assert losers == 60


@pytest.mark.parametrize("seed", ["t3", "pick-a"])  # the generator picks position 2, then 3
def test_the_take_timeout_takes_the_position_the_tables_generator_picks_when_it_is_not_the_first(
    seed,
):
    """black-death.md: "Take clock: 30 s; on timeout a position chosen by the table's
    generator." -- exactly rng(seed, "pick", offer) picks it, not a fixed position."""
    state = make(["B2", "W7", "B3"], ["S9"], [DEATH, "L4", "S5"], seed=seed)
    pos = rng(seed, "pick", state.offers).randrange(3) + 1
    assert pos != 1  # the seed is chosen so that a fixed first position would be caught
    card = state.hands[0][pos - 1]
    new, events = timeout(state)
    assert new.hands[1] == [TarotCard.from_code("S9"), card]
    assert new.hands[0] == [c for i, c in enumerate(state.hands[0]) if i != pos - 1]
    assert "{p1} ran out of time: a card is taken for them." in logs(events)
    assert Private(1, f"You drew {card.name}") in privates(events)
    assert Private(0, f"{{p1}} took {card.name} from you") in privates(events)


def test_each_pair_thrown_each_player_left_safe_and_death_found_are_marked():
    states, events, marks = marked_game(ENGINE, 4, "marks", avoid=(Forfeit,))
    marks = [Mark(m.step, english(m.label), m.part) for m in marks]
    *taking, last = marks
    assert last.label == f"{{p{states[-1].loser}}} holds Death"
    assert states[last.step - 1].loser is None and states[last.step].loser is not None
    for m in taking:
        said = " ".join(english(e.text) for e in events[m.step] if isinstance(e, Log))
        if m.label.startswith("Pair "):  # "Pair 12 of 28": the 12th pair of the game is out
            n, of = map(int, m.label.removeprefix("Pair ").split(" of "))
            assert of == 28 and len(states[m.step].discarded) == n and "discards" in said
        else:
            assert m.label.endswith(" is safe") and "safe from Death" in said, m.label
    assert any(m.label.endswith(" is safe") for m in taking)
    takes = [
        n
        for n, said in enumerate(events)
        if any(isinstance(e, Log) and "discards a pair" in english(e.text) for e in said)
    ]
    assert takes and set(takes) <= {m.step for m in marks}  # no pair thrown goes unmarked
