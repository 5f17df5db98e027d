"""The Devil's Tarok: every rule and decision of shared/rules/devils-tarok.md, plus playouts."""

from __future__ import annotations

import json
import random

import pytest

from bot.engines.base import (
    GameError,
    IllegalAction,
    Leave,
    Log,
    NotYourTurn,
    Outcome,
    Private,
    Timeout,
    rng,
)
from bot.engines.cards import TarotCard, tarot_deck
from bot.engines.tarok import (
    ENGINE,
    Play,
    Played,
    TarokEngine,
    TarokState,
    card_id,
    card_of,
    card_points,
)
from bot.i18n import english
from tests.engines.contract import check_views, marked_game, playout

ALL_IDS = list(range(78))


def c(code: str) -> TarotCard:
    """``"B7"`` 7 of beers, ``"W14"`` King of wines, ``"M0"`` the Fool, ``"M15"`` the Devil."""
    return TarotCard.from_code(code)


def cards(*codes: str) -> list[TarotCard]:
    return [c(code) for code in codes]


def make(
    hands: list[list[str]],
    pile: tuple[str, ...] = (),
    *,
    trick: tuple[tuple[int, str], ...] = (),
    leader: int = 0,
    turn: int | None = None,
    dealer: int | None = None,
    totals: list[int] | None = None,
    seed: str = "test",
) -> TarokState:
    """A hand in progress with the given hands, draw pile and trick."""
    n = len(hands)
    if turn is None:
        turn = (leader + len(trick)) % n
    return TarokState(
        seed=seed,
        players=n,
        play_seconds=60,
        dealer=(leader - 1) % n if dealer is None else dealer,
        hands=[cards(*h) for h in hands],
        pile=cards(*pile),
        leader=leader,
        turn=turn,
        trick=[Played(seat, c(code)) for seat, code in trick],
        taken=[[] for _ in range(n)],
        points=[0] * n,
        totals=list(totals) if totals else [0] * n,
        active=[True] * n,
    )


def play(state, *moves):
    """Apply (seat, card code) pairs; return the final state and all events."""
    events = []
    for seat, code in moves:
        state, evs = ENGINE.apply(state, seat, Play(card_id(c(code))))
        events.extend(evs)
    return state, events


def legal(state, seat) -> list[str]:
    return [card_of(a.card).code for a in ENGINE.legal_actions(state, seat) if isinstance(a, Play)]


def logs(events) -> list[str]:
    """The log lines, in English."""
    return [english(e.text) for e in events if isinstance(e, Log)]


def timeout(state):
    (timer,) = ENGINE.timers(state)
    return ENGINE.apply(state, None, timer.action)


def every_card(state: TarokState) -> list[TarotCard]:
    return [
        *(card for hand in state.hands for card in hand),
        *state.pile,
        *(e.card for e in state.trick),
        *(card for won in state.taken for card in won),
        *state.out,
        *state.discards,
    ]


# ------------------------------------------------------------------ the table


def test_engine_metadata_and_play_clock_option():
    assert isinstance(ENGINE, TarokEngine)
    assert (ENGINE.name, ENGINE.title, ENGINE.scoring) == ("tarok", "The Devil's Tarok", "points")
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 5)
    (opt,) = ENGINE.options
    assert (opt.name, opt.default, opt.minimum, opt.maximum) == ("play_seconds", 60, 15, 300)
    for bad in (14, 301, "60", True):
        with pytest.raises(IllegalAction):
            ENGINE.new_game(3, "s", {"play_seconds": bad})
    for good in (15, 300):
        (timer,) = ENGINE.timers(ENGINE.new_game(3, "s", {"play_seconds": good}))
        assert timer.seconds == good
    (timer,) = ENGINE.timers(ENGINE.new_game(3, "s", {}))
    assert timer.seconds == 60


def test_only_two_to_five_players():
    for n in (1, 6):
        with pytest.raises(GameError):
            ENGINE.new_game(n, "s", {})


def test_card_id_is_the_index_in_the_fixed_tarot_deck_order():
    deck = tarot_deck()
    assert [card_id(card) for card in deck] == list(range(78))
    assert card_of(0) == c("B1") and card_of(13) == c("B14") and card_of(14) == c("L1")
    assert card_of(56) == c("M0") and card_of(71) == c("M15") and card_of(77) == c("M21")
    action = Play(card_id(c("M15")))
    assert action.to_arg() == "71" and Play.from_arg("71") == action
    assert ENGINE.parse({"type": "play", "card": 71}) == action


def test_a_card_id_outside_the_deck_is_refused():
    state = make([["B1"], ["B2"]])
    for bad in (-1, 78):
        with pytest.raises(IllegalAction, match="tarok-no-such-card"):
            ENGINE.apply(state, 0, Play(bad))


def test_deal_fifteen_each_one_at_a_time_from_the_dealers_left_and_the_rest_is_the_pile():
    for n in range(2, 6):
        state = ENGINE.new_game(n, "deal", {})
        dealer = rng("deal", "dealer").randrange(n)
        assert state.dealer == dealer
        deck = tarot_deck()
        rng("deal", "deal", 1).shuffle(deck)
        for i in range(n):
            seat = (dealer + 1 + i) % n
            assert state.hands[seat] == deck[i : 15 * n : n]
        assert state.pile == deck[15 * n :] and len(state.pile) == 78 - 15 * n
        assert state.leader == state.turn == (dealer + 1) % n


def test_the_first_dealer_comes_from_the_tables_generator():
    dealers = {ENGINE.new_game(4, f"seed-{i}", {}).dealer for i in range(30)}
    assert dealers == {0, 1, 2, 3}


def test_play_goes_to_the_left():
    state = make([["B1"], ["B2"], ["B3"]], ("L1", "L2", "L3"), leader=1)
    assert state.turn == 1
    state, _ = play(state, (1, "B2"))
    assert state.turn == 2
    state, _ = play(state, (2, "B3"))
    assert state.turn == 0


def test_only_the_player_whose_turn_it_is_may_play():
    state = make([["B1"], ["B2"]])
    with pytest.raises(NotYourTurn, match="tarok-not-your-turn"):
        ENGINE.apply(state, 1, Play(card_id(c("B2"))))
    assert ENGINE.legal_actions(state, 1) == [Leave()]


def test_a_card_not_in_hand_is_refused():
    state = make([["B1"], ["B2"]])
    with pytest.raises(IllegalAction, match="tarok-not-held"):
        ENGINE.apply(state, 0, Play(card_id(c("B5"))))


# ------------------------------------------------------------------ following suit


def test_the_leader_may_play_any_card():
    state = make([["B1", "W14", "M3"], ["B2"]])
    assert legal(state, 0) == ["B1", "W14", "M3"]


def test_a_player_must_follow_the_suit_led():
    state = make([["B5"], ["B2", "W14", "B9", "M21"]])
    state, _ = play(state, (0, "B5"))
    assert legal(state, 1) == ["B2", "B9"]
    with pytest.raises(IllegalAction, match="tarok-follow-suit"):
        ENGINE.apply(state, 1, Play(card_id(c("W14"))))


def test_a_player_who_cannot_follow_may_play_any_card():
    state = make([["L5"], ["B2", "W14", "M21"]])
    state, _ = play(state, (0, "L5"))
    assert legal(state, 1) == ["B2", "W14", "M21"]


def test_majors_are_a_suit_that_must_be_followed():
    state = make([["M4"], ["B2", "M1", "M20"]])
    state, _ = play(state, (0, "M4"))
    assert legal(state, 1) == ["M1", "M20"]


# ------------------------------------------------------------------ who wins the trick


def test_the_highest_card_of_the_suit_led_wins():
    state = make([["W12", "B1"], ["W13", "B2"], ["W11", "B3"]], ("L1", "L2", "L3"))
    state, events = play(state, (0, "W12"), (1, "W13"), (2, "W11"))
    assert state.last_winner == 1 and state.leader == state.turn == 1
    assert "{p1} takes the trick with the Queen of Wines: 45 points." in logs(events)


def test_minor_ranks_king_queen_knight_page_ten_down_to_one():
    order = ["S1", "S2", "S9", "S10", "S11", "S12", "S13", "S14"]
    for low, high in zip(order, order[1:], strict=False):
        assert ENGINE.trick_winner([Played(0, c(low)), Played(1, c(high))]) == 1
        assert ENGINE.trick_winner([Played(0, c(high)), Played(1, c(low))]) == 0


def test_majors_the_higher_number_wins():
    assert ENGINE.trick_winner([Played(0, c("M14")), Played(1, c("M15"))]) == 1
    assert ENGINE.trick_winner([Played(0, c("M21")), Played(1, c("M1"))]) == 0


def test_an_off_suit_card_never_wins_the_trick():
    # a Major on a beer lead, and a King of another suit: the 2 of beers still wins
    trick = [Played(0, c("B2")), Played(1, c("M21")), Played(2, c("W14")), Played(3, c("M15"))]
    assert ENGINE.trick_winner(trick) == 0
    state = make([["B2", "L1"], ["M21", "L2"], ["W14", "L3"]], ("L4", "L5", "L6"))
    state, _ = play(state, (0, "B2"), (1, "M21"), (2, "W14"))
    assert state.last_winner == 0 and state.points == [57, 0, 0]


def test_the_fool_may_be_played_even_by_a_player_who_could_follow_suit():
    state = make([["W3", "B2"], ["W5", "W9", "M0", "B1"]])
    state, _ = play(state, (0, "W3"))
    assert legal(state, 1) == ["W5", "W9", "M0"]
    state, _ = play(state, (1, "M0"))
    assert state.last_winner == 1


def test_the_fool_beats_every_card_of_every_suit():
    for led in ("B14", "L13", "W1", "S14", "M21", "M15"):
        assert ENGINE.trick_winner([Played(0, c(led)), Played(1, c("M0"))]) == 1
    trick = [Played(0, c("M21")), Played(1, c("M0")), Played(2, c("M20"))]
    assert ENGINE.trick_winner(trick) == 1


def test_the_fool_led_wins_and_the_others_must_play_a_major():
    state = make([["M0", "B1"], ["B14", "M1", "M21"], ["S3", "W14"]], ("L1", "L2", "L3"))
    state, _ = play(state, (0, "M0"))
    assert ENGINE.view(state, None)["led_suit"] == "majors"
    assert legal(state, 1) == ["M1", "M21"]
    assert legal(state, 2) == []  # not their turn yet
    state, _ = play(state, (1, "M21"))
    assert legal(state, 2) == ["W14", "S3"]  # no Major: any card
    state, _ = play(state, (2, "W14"))
    assert state.last_winner == 0 and state.points == [55, 0, 0]


def test_a_fool_that_is_ones_only_major_must_follow_a_major_lead():
    """devils-tarok.md: "must follow the suit led if they can", the Majors are a suit, and the
    Fool is Major 0 (tarot-deck.md): who holds it holds a Major. The engine once let its holder
    play any card (the rules audit)."""
    state = make([["M5"], ["M0", "B1", "W2"]])
    state, _ = play(state, (0, "M5"))
    assert legal(state, 1) == ["M0"]
    with pytest.raises(IllegalAction):
        play(state, (1, "B1"))
    state = make([["M5"], ["M0", "M3", "B1"]])  # with another Major: either Major
    state, _ = play(state, (0, "M5"))
    assert legal(state, 1) == ["M0", "M3"]


def test_the_fool_may_be_played_on_any_trick_by_a_player_who_cannot_follow():
    state = make([["L14"], ["M0", "B1"]])
    state, _ = play(state, (0, "L14"))
    assert legal(state, 1) == ["B1", "M0"]


# ------------------------------------------------------------------ scoring


def test_card_points_and_the_deck_holds_1150():
    assert sum(card_points(card) for card in tarot_deck()) == 1150
    assert card_points(c("M0")) == 0 and card_points(c("M15")) == 50
    assert {card_points(c(f"M{n}")) for n in range(1, 22) if n != 15} == {30}
    for suit in "BLWS":
        assert [card_points(c(f"{suit}{r}")) for r in range(1, 15)] == [
            *range(1, 11),
            10,
            15,
            20,
            25,
        ]


def test_the_winner_scores_the_cards_of_the_trick():
    state = make([["M15", "B1"], ["M1", "B2"]], ("L1", "L2"))
    state, _ = play(state, (0, "M15"), (1, "M1"))
    assert state.points == [80, 0] and state.totals == [80, 0]
    assert sorted(state.taken[0]) == cards("M1", "M15")


# ------------------------------------------------------------------ drawing


def test_after_a_trick_each_player_draws_from_the_trick_leader_going_left():
    state = make([["B5", "B1"], ["B6", "B2"], ["B7", "B3"]], ("L1", "L2", "L3", "L4"), leader=1)
    state, events = play(state, (1, "B6"), (2, "B7"), (0, "B5"))
    # the leader (1) draws first, then 2, then 0; the winner (2) leads next
    assert [h[-1] for h in state.hands] == cards("L3", "L1", "L2")
    assert state.pile == cards("L4")
    assert [(e.seat, english(e.text)) for e in events if isinstance(e, Private)] == [
        (1, "You draw the 1 of Lagers."),
        (2, "You draw the 2 of Lagers."),
        (0, "You draw the 3 of Lagers."),
    ]
    assert state.leader == state.turn == 2


def test_when_the_pile_runs_short_the_first_players_from_the_leader_draw_while_it_lasts():
    state = make([["B5", "B1"], ["B6", "B2"], ["B7", "B3"], ["B8", "B4"]], ("L1", "L2"), leader=2)
    state, events = play(state, (2, "B7"), (3, "B8"), (0, "B5"), (1, "B6"))
    assert state.pile == []
    assert state.hands == [cards("B1"), cards("B2"), cards("B3", "L1"), cards("B4", "L2")]
    assert "The draw pile is empty." in logs(events)


def test_play_goes_on_after_the_pile_is_empty_until_someone_is_out_of_cards():
    state = make([["B5", "B1"], ["B6", "B2", "B9"]])
    state, _ = play(state, (0, "B5"), (1, "B6"))
    assert state.hand_no == 1 and state.turn == 1  # both still hold cards


# ------------------------------------------------------------------ the end of a hand


def test_the_hand_ends_when_a_player_has_no_card_at_the_start_of_a_trick():
    state = make([["B5"], ["B6", "B2"], ["B7", "B3"]], dealer=2, leader=0, totals=[10, 20, 30])
    state, events = play(state, (0, "B5"), (1, "B6"), (2, "B7"))
    assert state.hand_no == 2
    # cards left in hands score nothing; the next dealer is left of the last dealer
    assert state.totals == [10, 20, 48] and state.dealer == 0
    assert logs(events)[-1] == (
        "Hand 1: {p0} +0 = 10, {p1} +0 = 20, {p2} +18 = 48. {p0} deals hand 2."
    )
    assert english(state.last_hand) == logs(events)[-1]


def test_the_next_hand_is_shuffled_and_dealt_by_the_next_dealer():
    state = make([["B5"], ["B6", "B2"], ["B7", "B3"]], dealer=1, leader=2, seed="next")
    state, _ = play(state, (2, "B7"), (0, "B5"), (1, "B6"))
    assert (state.dealer, state.hand_no) == (2, 2)
    deck = tarot_deck()
    rng("next", "deal", 2).shuffle(deck)
    assert state.hands == [deck[0:45:3], deck[1:45:3], deck[2:45:3]]
    assert state.pile == deck[45:]
    assert state.leader == state.turn == 0
    assert state.points == [0, 0, 0] and state.trick == [] and state.last_trick == []
    assert sorted(every_card(state)) == sorted(tarot_deck())


def test_the_dealer_passes_left_hand_after_hand():
    state = ENGINE.new_game(3, "rotation", {})
    first = state.dealer
    for hand in range(1, 5):
        assert state.hand_no == hand and state.dealer == (first + hand - 1) % 3
        assert state.leader == (state.dealer + 1) % 3
        # cut the hand short: the leader holds one card, so the hand ends after this trick
        state.hands[state.leader] = state.hands[state.leader][:1]
        state.pile = []
        for _ in range(3):
            state, _ = ENGINE.apply(state, state.turn, ENGINE.legal_actions(state, state.turn)[0])


def test_the_game_does_not_end_during_a_hand():
    state = make([["M15", "B1"], ["M1", "B2"]], ("L1",), totals=[650, 0])
    state, _ = play(state, (0, "M15"), (1, "M1"))
    assert state.totals == [730, 0] and not ENGINE.is_over(state)


def test_the_game_ends_at_the_end_of_a_hand_in_which_a_player_has_666():
    state = make([["M15"], ["M1", "B2"]], totals=[600, 300])
    state, events = play(state, (0, "M15"), (1, "M1"))
    assert ENGINE.is_over(state) and state.winner == 0
    assert logs(events)[-1] == "Hand 1: {p0} +80 = 680, {p1} +0 = 300. {p0} wins with 680 points!"
    res = ENGINE.results(state)
    assert res.outcomes == [Outcome(0, "won", points=680), Outcome(1, "lost", points=300)]
    assert [english(line) for line in res.summary] == [
        "{p0}: 680 points",
        "{p1}: 300 points",
        "{p0} wins",
    ]
    assert ENGINE.timers(state) == [] and ENGINE.legal_actions(state, 0) == []


def test_several_players_past_666_the_highest_total_wins():
    state = make([["B5"], ["B6", "B1"], ["B7", "B2"]], totals=[700, 690, 650])
    state, _ = play(state, (0, "B5"), (1, "B6"), (2, "B7"))
    assert state.totals == [700, 690, 668]
    assert ENGINE.is_over(state) and state.winner == 0
    results = [o.result for o in ENGINE.results(state).outcomes]
    assert results == ["won", "lost", "lost"]


def test_an_exact_tie_at_the_top_plays_another_hand():
    state = make([["B5"], ["B9", "B1"], ["B7", "B2"]], totals=[700, 679, 500])
    state, events = play(state, (0, "B5"), (1, "B9"), (2, "B7"))
    assert state.totals == [700, 700, 500]
    assert not ENGINE.is_over(state) and state.hand_no == 2
    assert "A tie at the top: play on." in logs(events)[-1]


def test_a_tie_below_the_top_does_not_stop_the_winner():
    state = make([["B5"], ["B6", "B1"], ["B7", "B2"]], totals=[700, 650, 668])
    state, _ = play(state, (0, "B5"), (1, "B6"), (2, "B7"))
    assert state.totals == [700, 650, 686] and state.winner == 0


# ------------------------------------------------------------------ the clock


def test_each_card_has_its_own_clock_against_the_player_to_play():
    state = make([["B1", "B9"], ["B2", "B8"]], ("L1", "L2"))
    (first,) = ENGINE.timers(state)
    assert first.seats == (0,) and first.seconds == 60
    assert ENGINE.view(state, None)["clock"] == first.key
    state, _ = play(state, (0, "B1"))
    (second,) = ENGINE.timers(state)
    assert second.seats == (1,) and second.key != first.key


def test_on_timeout_the_lowest_value_legal_card_is_played():
    state = make([["W9", "W3", "B7", "W12", "B4"], ["B2", "L1"]], leader=1)
    state, _ = play(state, (1, "B2"))
    state, events = timeout(state)  # must follow beers: the 4, not the 3 of wines
    assert state.last_trick == [Played(1, c("B2")), Played(0, c("B4"))]
    state = make([["W9", "W3", "L4", "W12"], ["B2", "L1"]], leader=1)
    state, _ = play(state, (1, "B2"))
    state, events = timeout(state)  # cannot follow: the lowest card of all
    assert state.last_trick[-1] == Played(0, c("W3"))
    assert "{p0} ran out of time and plays the 3 of Wines." in logs(events)


def test_on_timeout_ties_go_to_the_lowest_suit_beers_lagers_wines_spirits_majors():
    for hand, expected in (
        (["M5", "S5", "W5", "L5", "B5"], "B5"),
        (["M5", "S5", "W5", "L5"], "L5"),
        (["M5", "S5", "W5"], "W5"),
        (["M5", "S5"], "S5"),
        (["M5", "S9"], "M5"),
    ):
        state = make([hand, ["B2"]])
        state, _ = timeout(state)
        assert state.trick == [Played(0, c(expected))]


def test_on_timeout_the_fool_is_the_lowest_value_card():
    state = make([["B1", "M0", "L1"], ["B2"]])
    state, _ = timeout(state)
    assert state.trick == [Played(0, c("M0"))]


def test_only_the_tables_clock_may_time_out():
    state = make([["B1"], ["B2"]])
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, Timeout(ENGINE.timers(state)[0].key))


# ------------------------------------------------------------------ leaving


def test_a_player_who_leaves_their_hand_goes_out_of_play_and_the_game_continues():
    state = make([["B1"], ["B2", "B3"], ["B4", "B5"]], ("L1",))
    state, events = ENGINE.apply(state, 1, Leave())
    assert state.hands[1] == [] and state.out == cards("B2", "B3")
    assert not ENGINE.is_active(state, 1) and ENGINE.legal_actions(state, 1) == []
    assert "{p1} leaves the game: their hand goes out of play." in logs(events)
    state, _ = play(state, (0, "B1"))
    assert state.turn == 2  # the leaver is skipped
    state, _ = play(state, (2, "B4"))
    assert state.last_winner == 2 and state.hands == [cards("L1"), [], cards("B5")]


def test_a_player_who_leaves_on_their_turn_passes_it_and_may_complete_the_trick():
    state = make([["B1", "B9"], ["B2", "B3"], ["B4", "B5"]], ("L1", "L2", "L3"))
    state, _ = play(state, (0, "B1"), (1, "B2"))
    state, _ = ENGINE.apply(state, 2, Leave())
    assert state.last_winner == 1 and state.turn == 1  # trick done between the two left
    assert state.points == [0, 3, 0]


def test_a_leader_who_leaves_before_leading_passes_the_lead_left():
    state = make([["B1"], ["B2"], ["B3"]], ("L1",), leader=1)
    key = ENGINE.timers(state)[0].key
    state, _ = ENGINE.apply(state, 1, Leave())
    assert state.leader == state.turn == 2
    assert ENGINE.timers(state)[0].key != key


def test_a_trick_taken_by_a_leavers_card_goes_out_of_play_and_the_lead_passes_left():
    state = make([["B9", "L9"], ["B2", "L2"], ["B3", "L3"]], ("W1", "W2", "W3"))
    state, _ = play(state, (0, "B9"))
    state, _ = ENGINE.apply(state, 0, Leave())
    state, events = play(state, (1, "B2"), (2, "B3"))
    assert state.last_winner == 0 and state.points == [0, 0, 0]
    assert state.discards == cards("B9", "B2", "B3")
    assert state.leader == state.turn == 1
    assert state.hands[1] == cards("L2", "W1") and state.hands[2] == cards("L3", "W2")
    assert "{p0} has left: the trick they took with the 9 of Beers is out of play." in logs(events)
    assert ENGINE.view(state, None)["last_out"]  # the table says so, not "took the last trick"
    taken, _ = play(make([["B9"], ["B2"], ["B3"]], ("W1", "W2", "W3")), (0, "B9"), (1, "B2"))
    taken, _ = play(taken, (2, "B3"))
    assert not ENGINE.view(taken, None)["last_out"]


def test_the_last_player_seated_wins():
    state = make([["B1"], ["B2"], ["B3"]], totals=[100, 400, 0])
    state, _ = ENGINE.apply(state, 1, Leave())
    state, events = ENGINE.apply(state, 0, Leave(timeouts=3))
    assert ENGINE.is_over(state) and state.winner == 2
    assert "{p0} is out after 3 timeouts in a row: their hand goes out of play." in logs(events)
    assert [o.result for o in ENGINE.results(state).outcomes] == ["left", "left", "won"]
    assert [o.points for o in ENGINE.results(state).outcomes] == [100, 400, 0]


def test_a_new_hand_is_dealt_only_to_the_players_still_seated():
    state = make([["B5"], ["B6", "B1"], ["B7", "B2"], ["B8", "B3"]], dealer=3)
    state, _ = ENGINE.apply(state, 1, Leave())
    state, _ = play(state, (0, "B5"), (2, "B7"), (3, "B8"))
    assert state.hand_no == 2 and state.dealer == 0  # left of the last dealer
    assert [len(h) for h in state.hands] == [15, 0, 15, 15] and len(state.pile) == 33
    assert state.leader == 2  # the seated player left of the dealer


# ------------------------------------------------------------------ views


def test_the_public_view_shows_the_table_but_no_hand():
    state = make([["W3", "B1"], ["W5", "B2"], ["L1", "L2"]], ("S1", "S2"), dealer=2)
    state, _ = play(state, (0, "W3"))
    view = ENGINE.view(state, None)
    assert view["trick"] == [{"seat": 0, "card": c("W3")}]
    assert (view["leader"], view["turn"], view["dealer"]) == (0, 1, 2)
    assert view["led_suit"] == "wines" and view["pile"] == 2
    assert view["hand_sizes"] == [1, 2, 2]
    assert view["points"] == [0, 0, 0] and view["totals"] == [0, 0, 0]
    assert view["clock"] == ENGINE.timers(state)[0].key and view["seconds"] == 60
    assert "hand" not in view
    assert set(ENGINE.hidden(state, None)) == set(cards("B1", "W5", "B2", "L1", "L2", "S1", "S2"))
    check_views(ENGINE, state)


def test_a_seats_view_adds_its_hand_sorted_with_the_legal_cards():
    state = make([["W3"], ["M2", "W14", "B9", "M0", "W5"]])
    state, _ = play(state, (0, "W3"))
    view = ENGINE.view(state, 1)
    assert [(e["card"].code, e["id"], e["legal"]) for e in view["hand"]] == [
        ("B9", 8, False),
        ("W5", 32, True),
        ("W14", 41, True),
        ("M0", 56, True),
        ("M2", 58, False),
    ]
    assert all(not e["legal"] for e in ENGINE.view(state, 0)["hand"])
    assert set(ENGINE.hidden(state, 1)) == set()
    assert set(ENGINE.hidden(state, 0)) == set(cards("M2", "W14", "B9", "M0", "W5"))


def test_a_view_survives_json():
    state = ENGINE.new_game(4, "json", {})
    again = ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(state))))
    assert again == state


# ------------------------------------------------------------------ random playouts


def random_game(players: int, seed: int) -> TarokState:
    """A random game to the end, by ``apply``, checking conservation at every step."""
    rnd = random.Random(seed)
    state = ENGINE.new_game(players, f"play-{seed}", {})
    for _ in range(5000):
        assert sorted(map(card_id, every_card(state))) == ALL_IDS
        if ENGINE.is_over(state):
            return state
        roll = rnd.random()
        if roll < 0.001:
            seat = rnd.choice([s for s in range(players) if state.active[s]])
            state, _ = ENGINE.apply(state, seat, Leave())
        elif roll < 0.1:
            state, _ = timeout(state)
        else:
            moves = [a for a in ENGINE.legal_actions(state, state.turn) if isinstance(a, Play)]
            state, _ = ENGINE.apply(state, state.turn, rnd.choice(moves))
    raise AssertionError(f"no end ({players} players, seed {seed})")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_conserve_the_78_cards_and_always_end(players):
    for seed in range(100):
        state = random_game(players, seed)
        assert state.points == [sum(map(card_points, won)) for won in state.taken]
        seated = [s for s in range(players) if state.active[s]]
        assert state.winner in seated
        if len(seated) > 1:
            assert state.totals[state.winner] >= 666
            assert all(
                state.totals[s] < state.totals[state.winner] for s in seated if s != state.winner
            )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_the_contract(players):
    for n in range(20):
        seed = f"tarok-{players}-{n}"
        state, _ = playout(ENGINE, players, seed, random.Random(seed), deep=False)
        assert ENGINE.is_over(state)
        assert sorted(map(card_id, every_card(state))) == ALL_IDS


def test_the_game_ends_when_a_player_reaches_exactly_666_at_the_end_of_a_hand():
    """devils-tarok.md: "The game ends at the end of a hand in which a player has at least
    666" -- so a total of exactly 666 wins, and 665 plays on."""
    state = make([["M15"], ["M1", "B2"]], totals=[586, 300])
    state, events = play(state, (0, "M15"), (1, "M1"))
    assert state.totals == [666, 300]
    assert ENGINE.is_over(state) and state.winner == 0
    assert logs(events)[-1] == "Hand 1: {p0} +80 = 666, {p1} +0 = 300. {p0} wins with 666 points!"
    # one point short plays on
    short = make([["M15"], ["M1", "B2"]], totals=[585, 300])
    short, _ = play(short, (0, "M15"), (1, "M1"))
    assert short.totals == [665, 300]
    assert not ENGINE.is_over(short) and short.hand_no == 2


def test_the_hand_of_a_player_who_left_is_hidden_from_every_viewer_when_they_leave():
    """devils-tarok.md: "A player who leaves: their hand goes out of play" (face down, the
    engine's decision) -- nobody may see those cards, the leaver and the public included."""
    state = make([["B1", "W2"], ["B2", "B3", "M15"], ["B4", "B5"]], ("L1",))
    state, _ = ENGINE.apply(state, 1, Leave())
    gone = set(cards("B2", "B3", "M15"))
    assert set(state.out) == gone
    for viewer in (None, 0, 1, 2):
        assert gone <= set(ENGINE.hidden(state, viewer)), viewer
    check_views(ENGINE, state)


def test_each_trick_is_marked_at_its_first_card_counted_within_its_hand():
    states, events, marks = marked_game(ENGINE, 3, "marks")
    hands = sorted({s.hand_no for s in states})
    assert len(hands) >= 2  # the count starts again with each hand
    for hand in hands:
        mine = [m for m in marks if english(m.part or "") == f"Hand {hand}"]
        assert [english(m.label) for m in mine] == [
            f"Hand {hand}, trick {n}" for n in range(1, len(mine) + 1)
        ]
    for m in marks:
        assert states[m.step - 1].trick == [] and len(states[m.step].trick) == 1
        assert english(m.part or "") == f"Hand {states[m.step].hand_no}"
    taken = [
        e for said in events for e in said if isinstance(e, Log) and "the trick" in english(e.text)
    ]
    assert len(marks) == len(taken)  # every trick marked once, the game ending with a whole hand
