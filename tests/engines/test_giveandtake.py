"""Give & Take: every rule and decision of shared/rules/give-and-take.md, plus random playouts."""

from __future__ import annotations

import random

import pytest

from bot.engines.base import GameOver, IllegalAction, Leave, Log, NotYourTurn, Timeout, Timer
from bot.engines.cards import Card, french_deck
from bot.engines.giveandtake import (
    ENGINE,
    TURN_LIMIT,
    GiveAndTakeEngine,
    GiveAndTakeState,
    Go,
    LastCall,
    Pile,
    Played,
    difference,
)
from bot.i18n import english
from tests.engines.contract import check_engine, check_views, marked_game
from tests.refusals import refusal


def cards(codes: str) -> list[Card]:
    return [Card.from_code(c) for c in codes.split()]


def make(
    give: list[str], take: list[str], leftovers: str = "", face_down: str = "", **fields
) -> GiveAndTakeState:
    """A game with the given piles (top card first) and leftovers (turned ones face up, the
    others face down), waiting for the first cue."""
    n = len(give)
    state = GiveAndTakeState(
        seed="test",
        players=n,
        give=[cards(g) for g in give],
        take=[cards(t) for t in take],
        leftovers=cards(leftovers),
        face_down=cards(face_down),
        out_turn=[None] * n,
        place=[None] * n,
        left=[False] * n,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def play(state, *moves):
    """Apply (seat, action) pairs (seat None: the clock that is running); return state, logs."""
    logs = []
    for seat, action in moves:
        if seat is None:
            (timer,) = ENGINE.timers(state)
            action = timer.action
        state, events = ENGINE.apply(state, seat, action)
        logs += [english(e.text) for e in events if isinstance(e, Log)]
    return state, logs


refused = refusal  # the move is refused with ``kind``, its message in English matching a pattern


def summary_of(state) -> list[str]:
    """The results' summary, in English."""
    return [english(line) for line in ENGINE.results(state).summary]


def go(state):
    return play(state, (0, Go()))[0]


def places(state) -> dict[int, tuple[str, int | None]]:
    return {o.seat: (o.result, o.place) for o in ENGINE.results(state).outcomes}


def every_card(state) -> list[Card]:
    return (
        [c for p in state.give for c in p]
        + [c for p in state.take for c in p]
        + state.leftovers
        + state.face_down
        + ENGINE.table_cards(state)
    )


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_each_player_gets_two_piles_of_52_over_2n_and_the_rest_are_leftovers(players):
    state = ENGINE.new_game(players, "deal", {})
    size = 52 // (2 * players)
    assert [len(p) for p in state.give] == [size] * players
    assert [len(p) for p in state.take] == [size] * players
    # the rules put the spare cards in the centre and never turn them: face down
    assert len(state.face_down) == 52 - 2 * players * size and state.leftovers == []
    assert set(state.face_down) <= set(ENGINE.hidden(state, None))
    assert set(state.face_down) <= set(ENGINE.hidden(state, 0))
    assert ENGINE.view(state, None)["face_down"] == len(state.face_down)
    assert sorted(every_card(state)) == sorted(french_deck())


def test_two_to_six_players_only():
    for bad in (1, 7):
        with refused(IllegalAction, "2 to 6"):
            ENGINE.new_game(bad, "x", {})


def test_the_deal_is_seeded():
    assert ENGINE.to_dict(ENGINE.new_game(4, "a", {})) == ENGINE.to_dict(
        ENGINE.new_game(4, "a", {})
    )
    assert ENGINE.new_game(4, "a", {}).give != ENGINE.new_game(4, "b", {}).give


# -- values and duets -------------------------------------------------------------------------


def test_an_ace_is_1_or_14_whichever_gives_the_smaller_difference():
    ace, two, king, seven, eight = cards("AS 2H KD 7C 8C")
    assert difference(ace, two) == 1  # ace as 1
    assert difference(ace, king) == 1  # ace as 14
    assert difference(king, ace) == 1
    assert difference(ace, seven) == 6  # 7 - 1
    assert difference(ace, eight) == 6  # 14 - 8
    assert difference(ace, Card(14, "H")) == 0


def test_face_cards_count_jack_11_queen_12_king_13():
    jack, queen, king, ten = cards("JS QS KS TS")
    assert difference(jack, ten) == 1
    assert difference(queen, ten) == 2
    assert difference(king, ten) == 3


def test_with_two_players_each_duet_pairs_ones_take_card_with_the_others_give_card():
    # seat 0's duet: its take 7 with seat 1's give 9 (2); seat 1's: its take 3 with seat 0's give K
    state = go(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]))
    view = ENGINE.view(state, None)
    assert view["duets"] == [
        {"seat": 0, "take": Card(7, "H"), "giver": 1, "give": Card(9, "S"), "difference": 2},
        {"seat": 1, "take": Card(3, "S"), "giver": 0, "give": Card(13, "H"), "difference": 10},
    ]
    assert state.capturer == 0


def test_a_duet_is_ones_take_card_with_the_give_card_of_the_player_on_the_right():
    # four players, as the source's second example: the duet of seat i uses seat i-1's give card
    state = make(
        give=["7C 2C", "3C 2D", "7D 2H", "TC 2S"],
        take=["7S 3D", "AS 3H", "9S 3S", "8S 4C"],
    )
    state = go(state)
    diffs = {d["seat"]: (d["giver"], d["difference"]) for d in ENGINE.view(state, None)["duets"]}
    assert diffs == {0: (3, 3), 1: (0, 6), 2: (1, 6), 3: (2, 1)}
    assert state.capturer == 3


# -- a turn and a capture ---------------------------------------------------------------------


def test_a_turn_turns_the_top_card_of_both_piles_of_every_player():
    state = go(make(give=["KH 2C", "9S 2D", "5C 6C"], take=["7H 3C", "3S 4D", "8D 9D"]))
    assert [(p.seat, p.give, p.take) for p in state.rounds[0]] == [
        (0, Card(13, "H"), Card(7, "H")),
        (1, Card(9, "S"), Card(3, "S")),
        (2, Card(5, "C"), Card(8, "D")),
    ]
    assert [len(p) for p in state.give] == [1, 1, 1]
    assert state.turns == 1


def test_the_unique_lowest_difference_captures_the_turn_and_the_leftovers_under_the_chosen_pile():
    state = go(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"], leftovers="JD QD"))
    assert state.phase == "pile" and state.capturer == 0
    assert ENGINE.view(state, None)["capture_size"] == 6
    state, logs = play(state, (0, Pile(take=True)))
    assert state.take[0][0] == Card(3, "C")  # the old pile stays on top
    assert sorted(state.take[0][1:]) == sorted(cards("KH 7H 9S 3S JD QD"))
    assert state.give[0] == cards("2C")
    assert state.leftovers == [] and state.rounds == []
    assert state.phase == "cue"
    assert "{p0} put 6 cards under their take pile." in logs


def test_the_capturer_may_choose_the_give_pile():
    state = go(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]))
    state, _ = play(state, (0, Pile(take=False)))
    assert len(state.give[0]) == 5 and len(state.take[0]) == 1


def test_captured_cards_go_under_the_pile_in_a_seeded_shuffled_order():
    start = make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"], leftovers="JD QD TD")
    a, _ = play(go(start), (0, Pile(take=True)))
    b, _ = play(go(start), (0, Pile(take=True)))
    assert a.take[0] == b.take[0]
    other = make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"], leftovers="JD QD TD")
    other.seed = "another seed"
    orders = {tuple(play(go(other), (0, Pile(take=True)))[0].take[0])}
    orders.add(tuple(a.take[0]))
    assert len(orders) == 2  # another seed, another order


def test_only_the_capturer_chooses_the_pile():
    state = go(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]))
    with pytest.raises(NotYourTurn):
        play(state, (1, Pile(take=True)))
    assert not any(isinstance(a, Pile) for a in ENGINE.legal_actions(state, 1))
    assert {Pile(True, 1), Pile(False, 1)} <= set(ENGINE.legal_actions(state, 0))


def test_nobody_cues_while_the_capturer_chooses():
    state = go(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]))
    with refused(IllegalAction, "choosing a pile"):
        play(state, (0, Go()))
    assert not any(isinstance(a, Go) for a in ENGINE.legal_actions(state, 0))


def test_no_pile_to_choose_before_a_capture():
    with refused(IllegalAction, "no capture"):
        play(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]), (0, Pile(take=True)))


def test_the_capturer_has_20_seconds_then_the_cards_go_under_the_smaller_pile():
    state = go(make(give=["KH 2C 5C", "9S 2D"], take=["7H 3C", "3S 4D"]))
    (timer,) = ENGINE.timers(state)
    assert timer == Timer(timer.key, 20, (0,))  # a strike for the capturer
    assert timer.key.startswith("pile:")
    state, logs = play(state, (None, None))
    assert len(state.take[0]) == 1 + 4 and len(state.give[0]) == 2
    assert "{p0} ran out of time: the cards go under the smaller pile." in logs


def test_on_timeout_equal_piles_take_the_give_pile():
    state, _ = play(go(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"])), (None, None))
    assert len(state.give[0]) == 5 and len(state.take[0]) == 1


# -- the director -----------------------------------------------------------------------------


def test_the_director_cues_with_go_and_only_the_host_may_send_it():
    assert Go in ENGINE.host_actions and LastCall in ENGINE.host_actions
    state = make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"])
    assert Go(1) in ENGINE.legal_actions(state, 0)  # the flip it cues
    state, logs = play(state, (0, Go()))
    assert logs[0] == "3, 2, 1, Go!" and state.turns == 1


def test_if_nobody_cues_the_table_cues_after_10_seconds_with_no_strike():
    state = make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"])
    (timer,) = ENGINE.timers(state)
    assert timer.seconds == 10 and timer.seats == () and timer.key.startswith("go:")
    state, logs = play(state, (None, None))
    assert state.turns == 1 and logs[0] == "Nobody cued: the table calls 3, 2, 1, Go!"


def test_clock_keys_are_never_reused():
    rnd = random.Random(1)
    for n in range(30):
        state = ENGINE.new_game(2 + n % 5, f"keys{n}", {})
        seen: list[str] = []
        while not ENGINE.is_over(state):
            (timer,) = ENGINE.timers(state)
            if not seen or seen[-1] != timer.key:
                assert timer.key not in seen
                seen.append(timer.key)
            move = rnd.choice(
                [(None, timer.action)]
                + [
                    (seat, a)
                    for seat in ENGINE.ring(state)
                    for a in ENGINE.legal_actions(state, seat)
                    if isinstance(a, Go | Pile) or (isinstance(a, Leave) and rnd.random() < 0.05)
                ]
            )
            state, _ = ENGINE.apply(state, *move)


# -- fights -----------------------------------------------------------------------------------

# seat 0: take 5 with seat 1's give 5 (0); seat 1: take 9 with seat 0's give 9 (0): a fight.
TIE = {"give": ["9C 2C 4C", "5H 3H 4H"], "take": ["5C KC QC", "9H 3D 8H"]}


def test_a_tie_for_lowest_is_a_fight_the_cards_stay_and_everyone_turns_again_on_top():
    state, logs = play(make(**TIE), (0, Go()))
    assert "Fight! {p0} and {p1} tie at 0." in logs
    assert state.phase == "cue" and state.capturer is None
    view = ENGINE.view(state, None)
    assert view["fight"] is True and view["lowest"] == [0, 1]
    state = go(state)
    assert len(state.rounds) == 2
    assert [d["difference"] for d in ENGINE.view(state, None)["duets"]] == [10, 1]  # K/3, 3/2


def test_in_a_fight_only_the_newest_cards_are_compared_and_the_winner_takes_the_whole_fight():
    state = go(go(make(**TIE, leftovers="AD")))
    assert state.capturer == 1  # 3 against 2 on the newest flip; the tied flip doesn't count
    assert ENGINE.view(state, None)["capture_size"] == 9  # two flips of four cards + leftovers
    state, _ = play(state, (1, Pile(take=True)))
    assert len(state.take[1]) == 1 + 9


def test_every_fight_flip_is_a_turn():
    state = go(go(make(**TIE)))
    assert state.turns == 2


def test_every_player_turns_in_a_fight_not_only_the_tied_ones():
    # seats 1 and 2 tie at 0 (5/5, 9/9); seat 0 (2 against 7: 5) turns again too
    state = make(
        give=["5C 2C", "9H 3H", "7D 4D"],
        take=["2S 8C", "5D 4S", "9S 6S"],
    )
    state = go(state)
    assert ENGINE.view(state, None)["lowest"] == [1, 2]
    state = go(state)
    assert [p.seat for p in state.rounds[-1]] == [0, 1, 2]


def test_a_player_who_cannot_play_on_in_a_fight_is_out_and_the_fight_is_looked_at_again():
    # seats 0 and 2 tie at 0 (K/K, 2/2); seat 2 has no cards to turn again: out, and its cards
    # (piles and the two it turned) join the leftovers. The ring closes to seats 0 and 1:
    # seat 0's K against seat 1's give 2 (11), seat 1's 6 against seat 0's give 5 (1).
    state = make(give=["5C 3C", "2D 3D", "KS"], take=["KC 4C", "6D 4D", "2S"], leftovers="AH")
    state, logs = play(state, (0, Go()))
    assert "Fight! {p0} and {p2} tie at 0." in logs
    assert "{p2} can't play on in the fight and is out, 3rd." in logs
    assert state.capturer == 1
    assert sorted(state.leftovers) == sorted(cards("AH KS 2S"))
    assert [p.seat for p in state.rounds[0]] == [0, 1]
    assert ENGINE.view(state, None)["duets"][0]["difference"] == 11
    state, _ = play(state, (1, Pile(take=True)))
    assert places(state)[2] == ("lost", 3)
    assert len(state.take[1]) == 1 + 4 + 3


def test_a_fight_can_go_on_after_the_ring_closes():
    # seats 0 and 2 tie at 0 (K/K, Q/Q), seat 2 is out; on the closed ring seats 0 and 1 tie
    # again at 1 (K against seat 1's Q, 6 against seat 0's 5)
    state = make(give=["5C 3C", "QD 3D", "KS"], take=["KC 4C", "6D 4D", "QH"])
    state = go(state)
    assert state.out_turn[2] == 1
    assert state.phase == "cue" and ENGINE.view(state, None)["fight"]
    assert ENGINE.view(state, None)["lowest"] == [0, 1]


def test_the_last_player_standing_mid_fight_wins_and_the_fight_cards_stay_on_the_table():
    state = make(give=["9C 2C", "5H"], take=["5C KC", "9H"])
    state, logs = play(state, (0, Go()))
    assert state.phase == "over" and state.ending == "standing"
    assert places(state) == {0: ("won", 1), 1: ("lost", 2)}
    assert len(ENGINE.table_cards(state)) == 2


# -- one press, one move ----------------------------------------------------------------------

# Two flips that tie (5/5 and 9/9, then 7/7 and 8/8), then seat 1 captures (3 against 2).
TWO_TIES = {"give": ["9C 8C 2C 4C", "5H 7H 3H 4H"], "take": ["5C 7C KC QC", "9H 8D 3D 8H"]}
# Seat 0 captures turn 1 (7 against 9: 2) and turn 2 (3 against 2: 1).
TWO_CAPTURES = {"give": ["KH 2C 5C", "9S 2D 6D"], "take": ["7H 3C 4C", "3S 4D 9D"]}


def test_a_double_tap_on_go_in_a_fight_flips_once_and_the_second_press_is_refused():
    state, _ = play(make(**TWO_TIES), (0, Go(1)))
    assert ENGINE.view(state, None)["fight"] and state.turns == 1
    assert Go(2) in ENGINE.legal_actions(state, 0)
    state, _ = play(state, (0, Go(2)))  # the first press: the fight's next flip, a tie again
    assert ENGINE.view(state, None)["fight"] and state.turns == 2
    with refused(IllegalAction, r"^Turn 2 is already cued\.$"):
        play(state, (0, Go(2)))  # the second press of the same tap
    assert state.turns == 2 and len(state.rounds) == 2


def test_a_go_that_lands_after_the_clock_cued_is_refused():
    state, _ = play(make(**TWO_TIES), (0, Go(1)))  # a fight: the next flip is turn 2
    state, logs = play(state, (None, None))  # the table cues it first
    assert logs[0] == "Nobody cued: the table calls 3, 2, 1, Go!" and state.turns == 2
    with refused(IllegalAction, r"^Turn 2 is already cued\.$"):
        play(state, (0, Go(2)))  # the host's press, meant for the same flip
    assert state.turns == 2 and state.phase == "cue"


def test_a_second_go_after_a_capture_says_the_turn_is_cued_not_that_a_pile_is_chosen():
    state, _ = play(make(**TWO_CAPTURES), (0, Go(1)))
    assert state.phase == "pile"
    with refused(IllegalAction, r"^Turn 1 is already cued\.$"):
        play(state, (0, Go(1)))


def test_a_pile_press_for_an_earlier_capture_cannot_land_on_a_later_one():
    state, _ = play(make(**TWO_CAPTURES), (0, Go(1)), (0, Pile(True, 1)))
    assert state.phase == "cue" and len(state.take[0]) == 2 + 4
    with refused(IllegalAction, r"^Turn 1's capture is already put away\.$"):
        play(state, (0, Pile(True, 1)))  # a double tap on the pile
    state, _ = play(state, (0, Go(2)))
    assert state.phase == "pile" and state.capturer == 0 and state.turns == 2
    assert Pile(False, 2) in ENGINE.legal_actions(state, 0)
    with refused(IllegalAction, r"^Turn 1's capture is already put away\.$"):
        play(state, (0, Pile(False, 1)))  # the late press, meant for turn 1's capture
    assert state.phase == "pile" and state.capturer == 0  # turn 2's capture still waits
    state, _ = play(state, (0, Pile(False, 2)))
    assert state.phase == "cue" and len(state.give[0]) == 1 + 4


def test_a_go_or_pile_for_a_turn_not_yet_reached_is_refused():
    state = make(**TWO_CAPTURES)
    with refused(IllegalAction, r"^Turn 2 isn't up yet\.$"):
        play(state, (0, Go(2)))
    state = go(state)
    with refused(IllegalAction, r"^Turn 2 has no capture to put away\.$"):
        play(state, (0, Pile(True, 2)))


def test_go_and_pile_without_a_turn_as_stored_before_it_still_play():
    """Action logs written before the stamp: ``go`` is the next flip, ``pile`` the capture
    waiting."""
    state, _ = play(make(**TWO_CAPTURES), (0, {"type": "go"}), (0, {"type": "pile", "take": True}))
    state, _ = play(state, (0, Go()))
    assert state.turns == 2 and state.phase == "pile" and state.capturer == 0
    state, _ = play(state, (0, Pile(take=False)))
    assert state.phase == "cue" and len(state.give[0]) == 1 + 4 and len(state.take[0]) == 1 + 4
    assert Go(3).to_json() == {"type": "go", "turn": 3} and Go().to_json() == {"type": "go"}
    assert Pile(True, 3).to_arg() == "1.3" and Go.from_arg(None) == Go()


# -- going out, the ring, places --------------------------------------------------------------


def test_a_player_with_an_empty_pile_at_the_start_of_a_turn_is_out_and_the_other_pile_is_left_over():
    # 7/5 (2), 8/K (5), A/9 (5): seat 0 captures; seat 1 turned its last give card: it is out,
    # its take pile left over
    state = make(give=["KH 2C 4C", "9S", "5C 6C"], take=["7H 3C", "8S 4D", "AD 9D"])
    state, logs = play(state, (0, Go()), (0, Pile(take=True)))
    assert "{p1} ran out of a pile and is out, 3rd." in logs
    assert state.face_down == cards("4D") and state.leftovers == []  # never turned: face down
    assert ENGINE.ring(state) == [0, 2]
    assert not ENGINE.is_active(state, 1) and ENGINE.legal_actions(state, 1) == []


def test_a_player_who_is_out_cannot_play_but_a_host_who_is_out_still_directs():
    """Go and Last call are the host's powers, not a seat's moves: the engine takes them from a
    seat that is out (the table lets only the host send them), so an out host still cues and
    may call last call "at any time"."""
    state = make(give=["KH 2C 4C", "9S", "5C 6C"], take=["7H 3C", "8S 4D", "AD 9D"])
    state, _ = play(state, (0, Go()), (0, Pile(take=True)))  # seat 1 is out
    cued, logs = play(state, (1, Go()))  # seat 1 as the host: seat 0 captures
    assert "3, 2, 1, Go!" in logs and cued.phase == "pile" and cued.capturer == 0
    with pytest.raises(IllegalAction, match="table-no-longer-playing"):
        play(cued, (1, Pile(take=True)))
    called, logs = play(cued, (1, LastCall()))
    assert "Last call! The host ends the game." in logs and ENGINE.is_over(called)


def test_when_a_player_goes_out_the_ring_closes():
    # seat 1 is out: seat 2 now pairs its take card with seat 0's give card
    state = make(give=["KH 2C 4C", "9S", "5C 6C"], take=["7H 3C", "8S 4D", "AD 9D"])
    state, _ = play(state, (0, Go()), (0, Pile(take=True)), (0, Go()))
    duets = ENGINE.view(state, None)["duets"]
    assert [(d["seat"], d["giver"]) for d in duets] == [(0, 2), (2, 0)]


def test_the_last_player_standing_wins_and_the_rest_are_placed_by_the_order_they_went_out():
    state = make(give=["KH 2C 4C", "9S", "5C 6C"], take=["7H 3C", "8S 4D", "AD 9D"])
    state, _ = play(state, (0, Go()), (0, Pile(take=True)))  # seat 1 out: 3rd
    state, logs = play(state, (0, Go()))  # 3/6 (3) against 9/2 (7): seat 0 captures
    state, logs = play(state, (0, Pile(take=True)))  # seat 2's give pile is empty
    assert state.phase == "over" and state.ending == "standing"
    assert places(state) == {0: ("won", 1), 1: ("lost", 3), 2: ("lost", 2)}
    summary = summary_of(state)
    assert summary[0] == "{p0} is the last one standing and wins!"
    assert summary[1:] == [
        "1st: {p0} (last one standing)",
        "2nd: {p2} (out on turn 2)",
        "3rd: {p1} (out on turn 1)",
    ]


def test_players_going_out_on_the_same_turn_share_a_place():
    state = make(
        give=["KH 2C", "9S", "5C", "4H 4S"],
        take=["7H 3C", "8S", "AD", "6D 6H"],
    )
    # 7/4 (3), 8/K (5), A/9 (5), 6/5 (1): seat 3 captures; seats 1 and 2 are empty
    state, logs = play(state, (0, Go()), (3, Pile(take=True)))
    assert "{p1} and {p2} ran out of a pile and are out, sharing 3rd." in logs
    assert state.place[1] == state.place[2] == 3


def test_a_player_who_leaves_in_a_turn_shares_the_place_of_those_out_in_it():
    """Rules: a leaver is out "as if their piles were empty", and players going out in the
    same turn share a place. Seat 1 leaves while seat 0 chooses its pile; seat 2 runs out in
    that turn's out check: both are 2nd (before, the leaver was 3rd behind seat 2)."""
    state = make(give=["KH 2C", "9S", "5C"], take=["7H 3C", "8S 4D", "AD 9D"])
    state, logs = play(state, (0, Go()), (1, Leave()), (0, Pile(take=True)))
    assert state.place[1] == state.place[2] == 2
    assert "{p2} ran out of a pile and is out, sharing 2nd with {p1}." in logs
    assert state.out_turn[1] == state.out_turn[2] == 1


# -- everyone out at once ---------------------------------------------------------------------


def test_when_everyone_goes_out_at_once_the_most_cards_in_the_piles_wins():
    # 2 players: seat 0 captures 4 cards + 2 leftovers under its take pile, but its give pile
    # is empty; seat 1's give pile is empty too: both out at once, 7 cards against 1.
    state = make(give=["KH", "9S"], take=["7H 3C", "8S 4D"], leftovers="2H 2S")
    state, logs = play(state, (0, Go()), (0, Pile(take=True)))
    assert "Everyone still in goes out at once: the most cards wins." in logs
    assert state.ending == "all_out"
    assert places(state) == {0: ("won", 1), 1: ("lost", 2)}
    assert summary_of(state)[1:] == ["1st: {p0} (7 cards)", "2nd: {p1} (1 card)"]


def test_when_everyone_goes_out_at_once_equal_most_cards_is_a_draw():
    # 7/5 (2), 8/K (5), A/9 (5): every give pile is empty after one turn. Seat 0 puts 6 cards
    # under its take pile (1 + 6 = 7), seat 1 holds 7, seat 2 holds 2: seats 0 and 1 draw
    state = make(
        give=["KH", "9S", "5C"],
        take=["7H 3C", "8S 2D 3D 4D 5D 6D 7D 8D", "AD 9D 9H"],
    )
    state, _ = play(state, (0, Go()), (0, Pile(take=True)))
    assert state.ending == "all_out"
    assert places(state) == {0: ("draw", 1), 1: ("draw", 1), 2: ("lost", 3)}


def test_with_two_players_a_shared_first_place_when_both_go_out_is_a_draw():
    # 7/9 (2) for seat 0, 8/K (5) for seat 1: seat 0 takes 4 under its give pile, its take pile
    # is empty (4 cards); seat 1's give is empty, 4 cards left in its take pile: a draw
    state = make(give=["KH", "9S"], take=["7H", "8S 2D 3D 4D 5D"])
    state, logs = play(state, (0, Go()), (0, Pile(take=False)))
    assert state.ending == "all_out"
    assert places(state) == {0: ("draw", 1), 1: ("draw", 1)}
    assert "A draw between {p0} and {p1}." in summary_of(state)[0]


def test_everyone_out_during_a_fight_ignores_the_table_and_leftovers_and_counts_the_piles():
    # a tie at 0 and nobody can turn again: seat 1 holds more cards in its piles
    state = make(give=["9C", "5H"], take=["5C", "9H 2D 3D"], leftovers="KS KD KH")
    state, logs = play(state, (0, Go()))
    assert state.ending == "all_out"
    assert places(state) == {0: ("lost", 2), 1: ("won", 1)}
    assert len(state.leftovers) == 3 and len(ENGINE.table_cards(state)) == 4


# -- last call --------------------------------------------------------------------------------


def test_last_call_after_300_turns_ranks_by_cards_held_with_shared_places():
    state = make(
        give=["KH 2C 2H", "9S 3S 3H", "5C 6C 7C"],
        take=["7H 3C", "8S 4D 5D 6D", "AD 9D 9H"],
        turns=TURN_LIMIT - 1,
    )
    # 7/5 (2), 8/K (5), A/9 (5): seat 0 captures 6 and has 2 + 7 = 9 cards; seat 1 has 5,
    # seat 2 has 4
    state, logs = play(state, (0, Go()), (0, Pile(take=True)))
    assert f"Last call: {TURN_LIMIT} turns have been played." in logs
    assert state.turns == TURN_LIMIT and state.ending == "limit"
    assert places(state) == {0: ("won", 1), 1: ("lost", 2), 2: ("lost", 3)}


def test_equal_cards_at_last_call_share_a_place():
    state = make(give=["KH 2C 2H", "9S 3S", "5C 6C"], take=["7H 3C", "8S 4D", "AD 9D"])
    state, _ = play(state, (1, LastCall()))
    assert state.ending == "host"
    assert places(state) == {0: ("won", 1), 1: ("lost", 2), 2: ("lost", 2)}


def test_a_draw_at_last_call_when_the_most_cards_are_shared():
    state, _ = play(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]), (0, LastCall()))
    assert places(state) == {0: ("draw", 1), 1: ("draw", 1)}


def test_last_call_comes_after_a_fight_flip_and_ignores_the_table():
    state = make(**TIE, turns=TURN_LIMIT - 1)
    state, _ = play(state, (0, Go()))
    assert state.ending == "limit" and len(ENGINE.table_cards(state)) == 4
    assert places(state) == {0: ("draw", 1), 1: ("draw", 1)}  # 4 cards each in the piles


def test_the_host_may_call_last_call_during_a_pile_choice_and_the_capture_counts():
    state = go(make(give=["KH 2C 5C", "9S 2D"], take=["7H 3C", "3S 4D"]))
    state, logs = play(state, (0, LastCall()))
    assert "Last call! The host ends the game." in logs
    assert len(state.take[0]) == 5  # under the smaller pile, as on a timeout
    assert places(state) == {0: ("won", 1), 1: ("lost", 2)}
    assert summary_of(state)[0] == "The host called last call: most cards wins. {p0} wins."


def test_last_call_comes_after_the_out_check():
    # seat 1's give pile empties on turn 300: it is out (3rd) before last call ranks the others,
    # though it holds more cards (4) than seat 2 (2)
    state = make(
        give=["KH 2C", "9S", "5C 6C"],
        take=["7H 3C", "8S 4D 5D 6D 7D", "AD 9D"],
        turns=TURN_LIMIT - 1,
    )
    state, _ = play(state, (0, Go()), (0, Pile(take=True)))
    assert places(state)[1] == ("lost", 3)


def test_the_hosts_last_call_during_a_pile_choice_has_the_same_effect_as_the_turn_limit():
    """give-and-take.md: "The host may call last call at any time with the same effect." Seat 1
    turns its last give card; seat 0 captures. At the turn limit the capture is put away, seat 1
    is out and seat 0 stands alone. The host's last call at that moment ranked seat 1, with its
    empty give pile, by cards held: 7 to 6, a win (the rules audit)."""
    spec = dict(give=["KH 2C", "9S"], take=["7H 3C", "8S 4D 5D 6D 7D 8D 9D TD"])
    at_limit, _ = play(make(**spec, turns=TURN_LIMIT - 1), (0, Go()), (None, None))
    host = go(make(**spec, turns=TURN_LIMIT - 1))
    assert host.phase == "pile" and host.give[1] == []
    host, logs = play(host, (0, LastCall()))
    assert "{p1} ran out of a pile and is out, 2nd." in logs
    assert places(host) == places(at_limit) == {0: ("won", 1), 1: ("lost", 2)}
    # three players: the emptied player is out (3rd) before the last call ranks the others
    spec = dict(give=["KH 2C 4C", "9S", "5C 6C"], take=["7H 3C", "8S 4D 5D 6D 7D 8D", "AD 9D"])
    state, _ = play(make(**spec), (0, Go()), (0, LastCall()))
    assert places(state) == {0: ("won", 1), 2: ("lost", 2), 1: ("lost", 3)}


# -- leaving ----------------------------------------------------------------------------------


def test_a_player_who_leaves_is_out_at_once_and_their_piles_join_the_leftovers():
    state = make(give=["KH 2C", "9S 2D", "5C 6C"], take=["7H 3C", "3S 4D", "8D 9D"])
    state, logs = play(state, (1, Leave()))
    assert "{p1} leaves the game and is out, 3rd." in logs
    # never turned, they join the leftovers face down
    assert sorted(state.face_down) == sorted(cards("9S 2D 3S 4D")) and state.leftovers == []
    assert set(state.face_down) <= set(ENGINE.hidden(state, None))
    check_views(ENGINE, state)
    assert ENGINE.ring(state) == [0, 2] and not ENGINE.is_active(state, 1)
    state, _ = play(state, (0, LastCall()))
    assert places(state)[1] == ("left", 3)


def test_a_player_removed_for_timeouts_is_out_like_a_leaver():
    state = make(give=["KH 2C", "9S 2D", "5C 6C"], take=["7H 3C", "3S 4D", "8D 9D"])
    state, logs = play(state, (1, Leave(timeouts=3)))
    assert "{p1} missed too many clocks and is out, 3rd." in logs


def test_when_all_but_one_leave_the_last_one_wins():
    state = make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"])
    state, _ = play(state, (0, Leave()))
    assert places(state) == {0: ("left", 2), 1: ("won", 1)}
    with pytest.raises(GameOver):
        play(state, (1, Go()))
    assert ENGINE.legal_actions(state, 1) == [] and ENGINE.timers(state) == []


def test_a_capturer_who_leaves_before_choosing_forfeits_the_capture_to_the_leftovers():
    # 7/5 (2), 3/K (10), 8/9 (1): seat 2 captures, and leaves
    state = go(make(give=["KH 2C", "9S 2D", "5C 6C"], take=["7H 3C", "3S 4D", "8D 9D"]))
    assert state.capturer == 2
    state, logs = play(state, (2, Leave()))
    assert "{p2} forfeits the capture: the cards join the leftovers." in logs
    assert state.phase == "cue" and state.rounds == []
    assert len(state.leftovers) == 6  # the turn's cards, face up
    assert sorted(state.face_down) == sorted(cards("9D 6C"))  # seat 2's piles, face down


def test_a_player_who_leaves_during_a_pile_choice_leaves_the_capture_alone():
    state = go(make(give=["KH 2C", "9S 2D", "5C 6C"], take=["7H 3C", "3S 4D", "8D 9D"]))
    duets_before = ENGINE.view(state, None)["duets"]
    state, _ = play(state, (1, Leave()))
    assert state.phase == "pile" and state.capturer == 2
    assert ENGINE.view(state, None)["duets"] == duets_before  # still on the table, captured
    state, _ = play(state, (2, Pile(take=True)))
    assert len(state.take[2]) == 1 + 6 + 2  # the turn, and seat 1's piles from the leftovers


def test_leaving_during_a_fight_puts_ones_fight_cards_in_the_leftovers_and_reviews_the_fight():
    # seats 0 and 2 tie at 0; seat 2 leaves: on the closed ring seat 1 captures
    state = make(give=["5C 3C", "2D 3D", "KS 4S"], take=["KC 4C", "6D 4D", "2S 5S"])
    state = go(state)
    assert ENGINE.view(state, None)["fight"] and ENGINE.view(state, None)["lowest"] == [0, 2]
    state, logs = play(state, (2, Leave()))
    assert "The ring closes: the last flip is looked at again." in logs
    assert state.capturer == 1
    assert sorted(state.leftovers) == sorted(cards("KS 2S"))  # turned in the fight: face up
    assert sorted(state.face_down) == sorted(cards("4S 5S"))  # its piles: face down
    state, _ = play(state, (1, Pile(take=True)))
    assert state.leftovers == state.face_down == []  # the capture took them all
    assert set(cards("KS 2S 4S 5S")) <= set(state.take[1])


# -- what players see -------------------------------------------------------------------------


def test_every_face_down_card_is_hidden_and_nothing_else():
    state = make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"], leftovers="JD", face_down="QC")
    state = go(state)
    hidden = set(ENGINE.hidden(state, 0))
    assert hidden == set(cards("2C 3C 2D 4D QC"))
    assert ENGINE.view(state, None)["leftovers"] == cards("JD")
    assert ENGINE.hidden(state, None) == ENGINE.hidden(state, 1)
    check_views(ENGINE, state)


def test_the_view_shows_piles_duets_leftovers_fight_outs_pending_decision_and_clock():
    # 7/5 (2), 3/K (10), 8/9 (1): seat 2 captures; seat 1 has turned its last give card
    state = go(make(give=["KH 2C", "9S", "5C 6C"], take=["7H 3C", "3S 4D", "8D 9D"]))
    view = ENGINE.view(state, 2)
    assert view["seat"] == 2
    assert view["players"][0] == {
        "seat": 0,
        "give": 1,
        "take": 1,
        "cards": 2,
        "out": False,
        "out_turn": None,
        "left": False,
        "place": None,
    }
    assert view["ring"] == [0, 1, 2]
    assert view["rounds"] == [view["duets"]]
    assert view["waiting_for"] == "pile" and view["capturer"] == 2 and view["capture_size"] == 6
    assert view["clock"] == ENGINE.timers(state)[0].key and view["clock_seconds"] == 20
    assert view["leftovers"] == [] and view["fight"] is False
    state, _ = play(state, (2, Pile(take=True)))
    view = ENGINE.view(state, None)
    assert view["players"][1]["out"] and view["players"][1]["place"] == 3
    assert view["players"][1]["out_turn"] == 1
    assert view["waiting_for"] == "go" and view["clock_seconds"] == 10
    assert view["leftovers"] == [] and view["face_down"] == 1  # seat 1's last card, unturned
    assert view["ring"] == [0, 2]


def test_a_finished_view_holds_the_summary():
    state, _ = play(make(give=["KH 2C", "9S 2D"], take=["7H 3C", "3S 4D"]), (1, Leave()))
    view = ENGINE.view(state, None)
    assert view["over"] and view["ending"] == "standing"
    assert view["summary"] == ENGINE.results(state).summary
    assert view["clock"] is None


def test_a_state_survives_storage_mid_fight():
    state = go(make(**TIE, leftovers="AD"))
    again = ENGINE.from_dict(ENGINE.to_dict(state))
    assert again == state
    assert again.rounds[0][0] == Played(0, Card(9, "C"), Card(5, "C"))


# -- random playouts --------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_random_playouts_keep_all_52_cards_and_end_within_the_last_call_limit(players):
    """200 seeds per player count: random cues, clocks, pile choices and the odd leave."""
    for n in range(200):
        rnd = random.Random(n)
        state = ENGINE.new_game(players, f"playout-{players}-{n}", {})
        for _ in range(3 * TURN_LIMIT + 20):
            if ENGINE.is_over(state):
                break
            (timer,) = ENGINE.timers(state)
            moves = [(None, timer.action)]
            for seat in ENGINE.ring(state):
                for a in ENGINE.legal_actions(state, seat):
                    if isinstance(a, LastCall) or (isinstance(a, Leave) and rnd.random() > 0.01):
                        continue
                    moves.append((seat, a))
            seat, action = rnd.choice(moves)
            ENGINE.play(state, seat, action, [])  # in place: apply's copy is the contract's
            assert len(set(every_card(state))) == len(every_card(state)) == 52
            assert state.turns <= TURN_LIMIT
        assert ENGINE.is_over(state)
        outcomes = ENGINE.results(state).outcomes
        assert sorted(o.seat for o in outcomes) == list(range(players))
        assert all(o.place is not None and 1 <= o.place <= players for o in outcomes)
        assert min(o.place for o in outcomes if o.place is not None) == 1


def test_a_long_game_ends_at_last_call():
    """A seed where the capturer always feeds the shorter pile and nobody ever goes out."""
    state = ENGINE.new_game(2, "long189", {})
    while not ENGINE.is_over(state):
        if state.phase == "pile":
            assert state.capturer is not None
            # the capture goes under the shorter pile, keeping both alive as long as possible
            take = len(state.take[state.capturer]) < len(state.give[state.capturer])
            state, _ = ENGINE.apply(state, state.capturer, Pile(take=take))
        else:
            state, _ = ENGINE.apply(state, None, Timeout(ENGINE.timers(state)[0].key))
    assert state.turns == TURN_LIMIT and state.ending == "limit"
    assert summary_of(state)[0].startswith(f"Last call after {TURN_LIMIT} turns")


class WithoutLastCall(GiveAndTakeEngine):
    """The engine with the host's last call left out of the legal moves, so that random
    playouts (which would pick it half the time) reach fights, outs and real endings."""

    def legal_actions(self, state, seat):
        return [a for a in super().legal_actions(state, seat) if not isinstance(a, LastCall)]


def test_the_engine_keeps_the_contract_in_long_random_games():
    check_engine(WithoutLastCall(), seeds=10)


def test_each_flip_is_marked_as_the_log_names_it():
    states, events, marks = marked_game(ENGINE, 3, "marks", avoid=(LastCall,))
    flips = [
        (step, english(e.text).split(":")[0])
        for step, said in enumerate(events)
        for e in said
        if isinstance(e, Log) and english(e.text).startswith("Turn ")
    ]
    assert [(m.step, english(m.label)) for m in marks] == flips
    assert len(marks) == states[-1].turns
    assert any(", fight flip 2" in english(m.label) for m in marks)  # a fight's flips, counted
