"""Double-or-Nothing War: every rule and decision of shared/rules/war.md, plus random playouts.

The generic checks every engine keeps (apply never mutates, a JSON round trip has the same
future, a table replays from seed and log, views hide what ``hidden`` says) are
tests/engines/test_contract.py's; the playouts here check War's own invariants.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bot.engines.base import (
    DRINK,
    SOCIAL,
    Drink,
    GameError,
    GameOver,
    IllegalAction,
    Leave,
    Log,
    NotYourTurn,
    Outcome,
    StateError,
    Timeout,
    Timer,
    rng,
)
from bot.engines.cards import Card, french_deck
from bot.engines.war import ENGINE, Double, Flip, TakeDrink, WarEngine, WarState
from bot.engines.words import key_of
from bot.i18n import english
from tests.engines.contract import marked_game, walk

ALL_CARDS = sorted(french_deck())
ALL_CODES = sorted(c.code for c in ALL_CARDS)


def cards(*codes: str) -> list[Card]:
    return [Card.from_code(c) for c in codes]


def make(
    p0: tuple[str, ...] | list[str] = (),
    p1: tuple[str, ...] | list[str] = (),
    size: int = 26,
    seed: str = "test",
    **options,
) -> WarState:
    """A fresh game whose piles start with the given cards (codes) and hold ``size`` cards each.

    Cards that do not fit go to the discard, so the 52 cards are still all accounted for.
    """
    state = ENGINE.new_game(2, seed, options)
    rest = [c for c in ALL_CODES if c not in p0 and c not in p1]
    random.Random(seed).shuffle(rest)
    pile0 = list(p0) + rest[: size - len(p0)]
    rest = rest[size - len(p0) :]
    pile1 = list(p1) + rest[: size - len(p1)]
    rest = rest[size - len(p1) :]
    state.piles = [cards(*pile0), cards(*pile1)]
    state.discard = cards(*rest)
    return state


def drinks(events) -> list[Drink]:
    """The drinks, their reasons in English."""
    return [
        dataclasses.replace(e, reason=english(e.reason)) for e in events if isinstance(e, Drink)
    ]


def logs(events) -> list[str]:
    """The log lines, in English."""
    return [english(e.text) for e in events if isinstance(e, Log)]


def play(state, *moves):
    """Apply (seat, action) pairs; return the final state and all events."""
    events = []
    for seat, action in moves:
        state, evs = ENGINE.apply(state, seat, action)
        events.extend(evs)
    return state, events


FLIP = Flip()
DRINK_A = TakeDrink()
DOUBLE = Double()
LEAVE = Leave()


def timeout(state):
    (timer,) = ENGINE.timers(state)
    return ENGINE.apply(state, None, timer.action)


def all_cards(state: WarState) -> list[Card]:
    return state.piles[0] + state.piles[1] + state.turned + state.save + state.discard


def view_cards(view) -> tuple[set[Card], set[str]]:
    """The card objects and the strings anywhere in a view."""
    found: set[Card] = set()
    words: set[str] = set()
    walk(view, found, words)
    return found, words


# ------------------------------------------------------------------ setup


def test_engine_metadata():
    assert isinstance(ENGINE, WarEngine)
    assert (ENGINE.name, ENGINE.title) == ("war", "Double-or-Nothing War")
    assert ENGINE.min_players == ENGINE.max_players == 2
    opts = {o.name: o for o in ENGINE.options}
    assert (opts["social_sips"].default, opts["social_sips"].minimum) == (1, 1)
    assert opts["social_sips"].maximum == 5
    assert (opts["choice_seconds"].default, opts["choice_seconds"].minimum) == (30, 10)
    assert opts["choice_seconds"].maximum == 120


def test_deal_26_each_alternately_from_seeded_shuffle():
    state = ENGINE.new_game(2, "seed-1", {})
    deck = french_deck()
    rng("seed-1", "deal").shuffle(deck)
    assert state.piles == [deck[0::2], deck[1::2]]
    assert [len(p) for p in state.piles] == [26, 26]
    assert sorted(all_cards(state)) == ALL_CARDS
    assert state.phase == "flip" and state.sips == [0, 0]
    assert ENGINE.new_game(2, "seed-1", {}) == state
    assert ENGINE.new_game(2, "seed-2", {}).piles != state.piles


def test_only_two_players():
    for n in (1, 3):
        with pytest.raises(GameError):
            ENGINE.new_game(n, "s", {})


def test_social_sips_option_range():
    for bad in (0, 6, "2", 2.0, True):
        with pytest.raises(IllegalAction):
            ENGINE.new_game(2, "s", {"social_sips": bad})
    assert ENGINE.new_game(2, "s", {"social_sips": 1}).social_sips == 1
    assert ENGINE.new_game(2, "s", {"social_sips": 5}).social_sips == 5
    assert ENGINE.new_game(2, "s", {}).social_sips == 1
    with pytest.raises(IllegalAction):
        ENGINE.new_game(2, "s", {"house_rule": 1})


def test_choice_seconds_option_range():
    for bad in (9, 121):
        with pytest.raises(IllegalAction):
            ENGINE.new_game(2, "s", {"choice_seconds": bad})
    for good in (10, 120):
        state = make(["2H"], ["9S"], choice_seconds=good)
        assert ENGINE.timers(state)[0].seconds == good
        state, _ = play(state, (0, FLIP))
        assert ENGINE.timers(state)[0].seconds == good
    assert ENGINE.new_game(2, "s", {}).choice_seconds == 30


# ------------------------------------------------------------------ the first flip


def test_flip_logs_both_cards_with_labels():
    state, events = play(make(["9S"], ["2H"]), (1, FLIP))
    assert logs(events)[0] == "{p0} turns 9\u2660, {p1} turns 2\u2665"
    view = ENGINE.view(state, None)
    assert view["turned"] == [{"seat": 0, "card": Card(9, "S")}, {"seat": 1, "card": Card(2, "H")}]
    assert [c["card"].label for c in view["turned"]] == ["9\u2660", "2\u2665"]


def test_either_player_may_flip():
    for seat in (0, 1):
        state, _ = play(make(["2H"], ["9S"]), (seat, FLIP))
        assert state.turned == cards("2H", "9S") and state.phase == "choice"


def test_aces_high_ace_against_seven_gives_seven():
    state, _ = play(make(["AH"], ["7C"]), (0, FLIP))
    assert (state.base, state.loser) == (7, 1)


def test_aces_high_two_against_ace_gives_twelve():
    state, _ = play(make(["2D"], ["AC"]), (0, FLIP))
    assert (state.base, state.loser) == (12, 0)


def test_base_is_difference_and_lower_card_loses():
    state, _ = play(make(["5C"], ["2D"]), (0, FLIP))
    assert (state.base, state.loser, state.phase) == (3, 1, "choice")


def test_equal_ranks_social_drink_for_both_and_hand_ends():
    state, events = play(make(["JH"], ["JS"]), (0, FLIP))
    assert drinks(events) == [
        Drink(0, 1, SOCIAL, "social drink"),
        Drink(1, 1, SOCIAL, "social drink"),
    ]
    assert state.phase == "flip" and state.hands_played == 1
    assert state.sips == [1, 1] and state.loser is None and state.base is None


def test_social_drink_amount_is_the_option():
    state, events = play(make(["4H"], ["4D"], social_sips=4), (1, FLIP))
    assert [(d.seat, d.sips, d.kind) for d in drinks(events)] == [(0, 4, SOCIAL), (1, 4, SOCIAL)]
    assert state.sips == [4, 4]


def test_spades_do_not_trump_on_the_first_flip():
    state, _ = play(make(["2S"], ["5H"]), (0, FLIP))
    assert (state.loser, state.base) == (0, 3)


def test_cannot_flip_while_loser_chooses():
    state, _ = play(make(["2S"], ["5H"]), (0, FLIP))
    for seat in (0, 1):
        with pytest.raises(IllegalAction, match="war-already-turned"):
            ENGINE.apply(state, seat, FLIP)


# ------------------------------------------------------------------ the loser's choice


def test_only_the_loser_may_choose():
    state, _ = play(make(["2H"], ["9S"]), (0, FLIP))
    for action in (DRINK_A, DOUBLE):
        with pytest.raises(NotYourTurn, match="war-only-loser"):
            ENGINE.apply(state, 1, action)
    assert ENGINE.legal_actions(state, 0) == [DRINK_A, DOUBLE, LEAVE]
    assert ENGINE.legal_actions(state, 1) == [LEAVE]


def test_nothing_to_choose_before_the_flip():
    state = make(["2H"], ["9S"])
    for action in (DRINK_A, DOUBLE):
        with pytest.raises(IllegalAction, match="war-nothing-to-choose"):
            ENGINE.apply(state, 0, action)
    assert ENGINE.legal_actions(state, 0) == [Flip(1), LEAVE] == ENGINE.legal_actions(state, 1)


def test_a_flip_names_its_hand_and_a_late_one_never_turns_the_next():
    """Both players press Flip for hand 1 at once: the first turns it, the second is refused
    (it turned hand 2 when Flip carried no hand). A Flip without a hand (stored before) still
    turns the next hand."""
    state = make(["2H", "5C", "7D"], ["2S", "9D", "8C"])  # hand 1 ties: hand 2 is due at once
    state, _ = play(state, (0, Flip(1)))
    with pytest.raises(IllegalAction, match="war-hand-turned") as refused:
        ENGINE.apply(state, 1, Flip(1))
    assert english(str(refused.value)) == "Hand 1 is already turned."
    assert ENGINE.legal_actions(state, 1) == [Flip(2), LEAVE]
    turned, _ = play(state, (1, FLIP))
    assert ENGINE.view(turned, None)["turned_hand"] == 2


def test_loser_drinks_the_base_drink():
    state, events = play(make(["2H"], ["9S"]), (1, FLIP), (0, DRINK_A))
    assert drinks(events) == [Drink(0, 7, DRINK, "2 against 9")]
    assert "{p0} drinks 7: 2 against 9" in logs(events)
    assert state.sips == [7, 0] and state.phase == "flip" and state.hands_played == 1
    assert english(state.last_result) == "{p0} drinks 7: 2 against 9"


def test_reason_uses_face_letters():
    _, events = play(make(["AH"], ["7C"]), (0, FLIP), (1, DRINK_A))
    assert drinks(events) == [Drink(1, 7, DRINK, "7 against A")]


def test_double_loser_wins_save_throw_base_transferred():
    state = make(["2H", "9D"], ["7S", "4C"])
    state, events = play(state, (0, FLIP), (0, DOUBLE))
    assert drinks(events) == [Drink(1, 5, DRINK, "lost a save throw")]
    assert "{p0} won the save throw: {p1} drinks 5" in logs(events)
    assert state.sips == [0, 5] and state.save == cards("9D", "4C")


def test_double_loser_loses_save_throw_drinks_double():
    state = make(["2H", "3D"], ["9S", "4C"])
    state, events = play(state, (0, FLIP), (0, DOUBLE))
    assert drinks(events) == [Drink(0, 14, DRINK, "doubled and lost")]
    assert "{p0} doubled and lost: 14" in logs(events)
    assert state.sips == [14, 0]


def test_save_throw_spade_trumps_for_the_loser():
    # Source example 3: 5 of hearts against 2 of spades, the spade wins.
    state = make(["3H", "2S"], ["8D", "5H"])
    state, events = play(state, (1, FLIP), (0, DOUBLE))
    assert drinks(events) == [Drink(1, 5, DRINK, "lost a save throw")]


def test_save_throw_spade_trumps_against_the_loser():
    state = make(["3H", "KH"], ["8D", "2S"])
    state, events = play(state, (1, FLIP), (0, DOUBLE))
    assert drinks(events) == [Drink(0, 10, DRINK, "doubled and lost")]


def test_save_throw_both_spades_higher_wins():
    state = make(["3H", "4S"], ["8D", "QS"])
    _, events = play(state, (1, FLIP), (0, DOUBLE))
    assert drinks(events) == [Drink(0, 10, DRINK, "doubled and lost")]
    state = make(["3H", "QS"], ["8D", "4S"])
    _, events = play(state, (1, FLIP), (0, DOUBLE))
    assert drinks(events) == [Drink(1, 5, DRINK, "lost a save throw")]


def test_save_throw_neither_spade_higher_wins():
    state = make(["KC", "JD"], ["3H", "TH"])
    _, events = play(state, (0, FLIP), (1, DOUBLE))
    assert drinks(events) == [Drink(1, 20, DRINK, "doubled and lost")]


def test_save_throw_tie_is_social_and_cancels_base_checked_before_spades():
    # Source example 4: jack of hearts against jack of spades.
    state = make(["3H", "JH"], ["8D", "JS"], social_sips=2)
    state, events = play(state, (1, FLIP), (0, DOUBLE))
    assert [(d.seat, d.sips, d.kind) for d in drinks(events)] == [(0, 2, SOCIAL), (1, 2, SOCIAL)]
    assert state.sips == [2, 2] and state.phase == "flip"


def test_no_redoubling():
    state = make(["3H", "5D", "9C"], ["8D", "KH", "TC"])
    state, _ = play(state, (0, FLIP), (0, DOUBLE))
    assert state.phase == "flip" and state.hands_played == 1
    for seat in (0, 1):
        assert DOUBLE not in ENGINE.legal_actions(state, seat)
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, seat, DOUBLE)


def test_last_cards_no_double_offered_loser_drinks():
    state = make(["2H"], ["9S"], size=1)
    state, events = play(state, (1, FLIP))
    assert drinks(events) == [Drink(0, 7, DRINK, "2 against 9")]
    assert state.phase == "over" and ENGINE.is_over(state)
    assert state.piles == [[], []]


def test_double_still_offered_with_one_card_left_each():
    state = make(["2H", "5S"], ["9S", "AD"], size=2)
    state, _ = play(state, (1, FLIP))
    assert state.phase == "choice"
    state, events = play(state, (0, DOUBLE))
    assert drinks(events) == [Drink(1, 7, DRINK, "lost a save throw")]
    assert ENGINE.is_over(state)


def test_cards_cleared_at_next_flip():
    state = make(["2H", "5S"], ["9S", "AD"])
    state, _ = play(state, (1, FLIP), (0, DRINK_A))
    assert state.turned == cards("2H", "9S")  # still shown until the next hand
    view = ENGINE.view(state, None)
    assert (view["hand"], view["turned_hand"]) == (2, 1)
    state, _ = play(state, (0, FLIP))
    assert state.turned == cards("5S", "AD") and state.discard[-2:] == cards("2H", "9S")


# ------------------------------------------------------------------ clocks


def test_flip_clock_dealer_flips_no_strike():
    state = make(["2H"], ["9S"], choice_seconds=45)
    assert ENGINE.timers(state) == [Timer("flip:1", 45, ())]
    assert ENGINE.timers(state)[0].action == Timeout("flip:1")
    state, _ = timeout(state)
    assert state.phase == "choice" and state.turned == cards("2H", "9S")


def test_choice_timeout_loser_drinks_base():
    state, _ = play(make(["2H"], ["9S"]), (0, FLIP))
    assert ENGINE.timers(state) == [Timer("choice:1", 30, (0,), owes=True)]
    assert ENGINE.timers(state)[0].action == Timeout("choice:1")
    assert ENGINE.view(state, None)["choice_key"] == "choice:1"
    state, events = timeout(state)
    assert drinks(events) == [Drink(0, 7, DRINK, "2 against 9")]
    assert ENGINE.timers(state)[0].key == "flip:2"


def test_clock_keys_never_reused():
    state = ENGINE.new_game(2, "keys", {})
    seen = set()
    while not ENGINE.is_over(state):
        (timer,) = ENGINE.timers(state)
        assert timer.key not in seen
        seen.add(timer.key)
        state, _ = ENGINE.apply(state, None, timer.action)
    assert ENGINE.timers(state) == []


def test_stale_timeout_refused():
    state = make(["2H"], ["9S"])
    old = ENGINE.timers(state)[0].action
    state, _ = play(state, (0, FLIP))
    with pytest.raises(IllegalAction, match="table-clock-stopped"):
        ENGINE.apply(state, None, old)
    with pytest.raises(IllegalAction, match="table-clock-stopped"):
        ENGINE.apply(state, None, {"type": "timeout", "key": "choice:7"})
    with pytest.raises(IllegalAction, match="table-not-a-move"):
        ENGINE.apply(state, None, {"type": "timeout"})
    choice = ENGINE.timers(state)[0].action
    with pytest.raises(IllegalAction, match="table-clock-only"):
        ENGINE.apply(state, 1, choice)
    state, _ = play(state, (0, DRINK_A))
    with pytest.raises(IllegalAction, match="table-clock-stopped"):
        ENGINE.apply(state, None, choice)


# ------------------------------------------------------------------ errors, leaving, the end


def test_unknown_action_refused():
    state = make()
    for action in ({"type": "peek"}, {}, {"type": None}, {"type": "flip", "card": "AS"}):
        with pytest.raises(IllegalAction, match="table-not-a-move"):
            ENGINE.apply(state, 0, action)
    with pytest.raises(IllegalAction, match="table-not-seated"):
        ENGINE.apply(state, 2, FLIP)
    with pytest.raises(IllegalAction, match="table-player-only"):
        ENGINE.apply(state, None, FLIP)


def test_stored_action_forms_still_read():
    """Action logs stored before the typed actions hold these JSON forms."""
    for data, action in (
        ({"type": "flip"}, FLIP),
        ({"type": "drink"}, DRINK_A),
        ({"type": "double"}, DOUBLE),
        ({"type": "leave"}, LEAVE),
        ({"type": "timeout", "key": "flip:1"}, Timeout("flip:1")),
    ):
        assert ENGINE.parse(data) == action and action.to_json() == data
    state = make(["2H"], ["9S"])
    by_object = play(state, (0, FLIP), (0, DOUBLE))
    by_json = play(state, (0, {"type": "flip"}), (0, {"type": "double"}))
    assert by_json == by_object


@pytest.mark.parametrize("in_choice", [False, True])
@pytest.mark.parametrize("leaver", [0, 1])
def test_leave_ends_game_other_player_wins(leaver, in_choice):
    state = make(["2H"], ["9S"])
    if in_choice:
        state, _ = play(state, (0, FLIP))
    state, events = play(state, (leaver, LEAVE))
    # a loser who leaves before choosing is charged the clock's default first (the base drink)
    owed = [Drink(0, 7, DRINK, "2 against 9")] if in_choice and leaver == 0 else []
    assert ENGINE.is_over(state) and drinks(events) == owed
    outcomes = ENGINE.results(state).outcomes
    assert outcomes[leaver] == Outcome(leaver, "left")
    assert outcomes[1 - leaver] == Outcome(1 - leaver, "won")
    assert ENGINE.view(state, None)["winner"] == 1 - leaver
    assert ENGINE.timers(state) == [] and ENGINE.legal_actions(state, 0) == []


def test_no_moves_after_game_over():
    state, _ = play(make(), (0, LEAVE))
    for seat, action in ((0, FLIP), (1, LEAVE), (1, DRINK_A), (None, Timeout("flip:1"))):
        with pytest.raises(GameOver, match="table-game-over"):
            ENGINE.apply(state, seat, action)


def test_fewer_sips_wins_the_game():
    state = make(["2H"], ["9S"], size=1)
    state, events = play(state, (0, FLIP))
    results = ENGINE.results(state)
    assert results.outcomes == [Outcome(0, "lost"), Outcome(1, "won")]
    summary = [english(line) for line in results.summary]
    assert summary == ["{p0}: 7 sips", "{p1}: 0 sips", "{p1} wins"]
    assert logs(events)[-3:] == summary
    assert ENGINE.view(state, None)["winner"] == 1


def test_equal_sips_is_a_draw():
    state = make(["2H", "9C"], ["9S", "2C"], size=2)
    state, _ = play(state, (0, FLIP), (0, DRINK_A), (0, FLIP))  # last cards: no choice
    assert state.sips == [7, 7] and ENGINE.is_over(state)
    results = ENGINE.results(state)
    assert results.outcomes == [Outcome(0, "draw"), Outcome(1, "draw")]
    assert english(results.summary[-1]) == "A draw"
    assert ENGINE.view(state, None)["winner"] is None


def test_sips_count_social_and_drink():
    state = make(["5H", "2C", "3D"], ["5S", "9C", "4D"], size=3, social_sips=3)
    state, _ = play(state, (0, FLIP), (0, FLIP), (0, DRINK_A), (0, FLIP))
    assert state.sips == [3 + 7 + 1, 3]
    summary = [english(line) for line in ENGINE.results(state).summary]
    assert summary == ["{p0}: 11 sips", "{p1}: 3 sips", "{p1} wins"]


def test_piles_stay_equal_and_games_last_13_to_26_hands():
    # No pair of first-flip cards ties here, so always doubling takes 13 hands, always drinking 26.
    ranks = "23456789TJQKA"
    pile0 = [r + s for s in "CD" for r in ranks]
    pile1 = [ranks[(i + 1) % 13] + s for s in "HS" for i in range(13)]  # codes for make()
    for choice, hands in ((DOUBLE, 13), (DRINK_A, 26)):
        state = make(pile0, pile1)
        while not ENGINE.is_over(state):
            assert len(state.piles[0]) == len(state.piles[1])
            if state.phase == "flip":
                state, _ = ENGINE.apply(state, 0, FLIP)
            else:
                state, _ = ENGINE.apply(state, state.loser, choice)
        assert state.hands_played == hands and state.piles == [[], []]


def test_hand_caps_12_and_24():
    _, events = play(make(["2H"], ["AS"]), (0, FLIP), (0, DRINK_A))
    assert sum(d.sips for d in drinks(events)) == 12
    _, events = play(make(["2H", "3H"], ["AD", "4H"]), (0, FLIP), (0, DOUBLE))
    assert sum(d.sips for d in drinks(events)) == 24


# ------------------------------------------------------------------ views and storage


def test_view_shows_no_pile_card_and_seat_view_is_public_plus_seat():
    state, _ = play(make(["2H", "3H"], ["9S", "4H"]), (0, FLIP))
    public = ENGINE.view(state, None)
    shown, words = view_cards(public)
    assert shown == set(cards("2H", "9S"))
    for card in state.piles[0] + state.piles[1]:
        assert card not in shown and card.code not in words and card.label not in words
    for seat in (0, 1):
        assert ENGINE.view(state, seat) == {**public, "seat": seat}
    assert public["piles"] == [25, 25] and public["base"] == 7 and public["loser"] == 0
    assert public["phase"] == "choice" and public["hand"] == 1 and public["sips"] == [0, 0]


def test_round_trip_stores_card_codes():
    state, _ = play(make(["2H", "3H"], ["9S", "4H"]), (0, FLIP))
    data = json.loads(json.dumps(ENGINE.to_dict(state)))
    assert data["turned"] == ["2H", "9S"]  # the stored form of a card is its code
    assert data["piles"][0][0] == "3H" and data["piles"][1][0] == "4H"
    assert ENGINE.from_dict(data) == state
    with pytest.raises(StateError):
        ENGINE.from_dict({**data, "bogus": 1})
    with pytest.raises(StateError):
        ENGINE.from_dict({**data, "turned": ["2H", "ZZ"]})


# ------------------------------------------------------------------ random playouts


def check_invariants(state: WarState) -> None:
    """War's own invariants (test_contract.py checks round trips, views and mutation)."""
    every = all_cards(state)
    assert len(every) == 52 and sorted(every) == ALL_CARDS
    assert len(state.piles[0]) == len(state.piles[1])
    for seat in (0, 1):
        assert bool(ENGINE.legal_actions(state, seat)) != ENGINE.is_over(state)
    assert state.hands_played <= 26
    assert bool(ENGINE.timers(state)) != ENGINE.is_over(state)


def test_random_playouts():
    for n in range(300):
        seed = f"playout-{n}"
        chooser = random.Random(n)
        options = {"social_sips": chooser.randint(1, 5), "choice_seconds": 10}
        state = ENGINE.new_game(2, seed, options)
        check_invariants(state)
        steps = 0
        while not ENGINE.is_over(state):
            steps += 1
            assert steps <= 60
            roll = chooser.random()
            if roll < 0.002:
                seat = chooser.randrange(2)
                action = LEAVE
            elif roll < 0.2:
                seat, action = None, ENGINE.timers(state)[0].action
            else:
                seat = chooser.randrange(2)
                choices = [a for a in ENGINE.legal_actions(state, seat) if a != LEAVE]
                if not choices:
                    seat = 1 - seat
                    choices = [a for a in ENGINE.legal_actions(state, seat) if a != LEAVE]
                action = chooser.choice(choices)
            if chooser.random() < 0.05:
                with pytest.raises(GameError):
                    ENGINE.apply(state, None, {"type": "timeout", "key": "flip:0"})
            sips_before = list(state.sips)
            hands_before = state.hands_played
            state, events = ENGINE.apply(state, seat, action)
            total = sum(d.sips for d in drinks(events))
            assert total <= (24 if action == DOUBLE else 12)
            if action != LEAVE:
                assert state.hands_played - hands_before in (0, 1)
                if state.hands_played == hands_before:
                    assert total == 0
            assert [b - a for a, b in zip(sips_before, state.sips, strict=True)] == [
                sum(d.sips for d in drinks(events) if d.seat == s) for s in (0, 1)
            ]
            assert all(d.kind in (DRINK, SOCIAL) and d.sips > 0 for d in drinks(events))
            check_invariants(state)
        if state.leaver is None:
            assert 13 <= state.hands_played <= 26
            assert state.piles == [[], []]
        results = ENGINE.results(state)
        assert sorted(o.seat for o in results.outcomes) == [0, 1]


def test_the_hidden_cards_are_both_whole_piles_for_every_viewer_when_a_hand_is_on_the_table():
    """war.md: "deal 26 cards face down to each player. Nobody sees their pile." -- both
    piles are hidden from the public and from each player, their own pile included; the
    turned cards are not."""
    state, _ = play(make(["2H", "3H"], ["9S", "4H"]), (0, FLIP))
    piles = set(state.piles[0]) | set(state.piles[1])
    assert len(piles) == 50
    for viewer in (None, 0, 1):
        hidden = ENGINE.hidden(state, viewer)
        assert set(hidden) == piles, viewer
        assert set(state.piles[0]) <= set(hidden) and set(state.piles[1]) <= set(hidden)
        assert not set(cards("2H", "9S")) & set(hidden)


def test_each_hand_is_marked_where_its_first_cards_are_turned():
    states, events, marks = marked_game(ENGINE, 2, "marks", timeout_chance=0.3)
    assert [english(m.label) for m in marks] == [f"Hand {n}" for n in range(1, len(marks) + 1)]
    assert len(marks) == states[-1].hands_played
    for m in marks:
        said = [key_of(e.text) for e in events[m.step] if isinstance(e, Log)]
        assert "war-flip" in said  # the hand's first flip
        assert "war-save-flip" not in said
        assert states[m.step - 1].phase == "flip" and m.part is None
