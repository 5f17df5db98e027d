"""Spit: every rule and decision of shared/rules/spit.md, plus random playouts.

The generic checks every engine keeps (apply never mutates, a JSON round trip has the same
future, a table replays from seed and log, views hide what ``hidden`` says) are
tests/engines/test_contract.py's; the playouts here check Spit's own invariants: the 104 cards
are all there at every step, the race refuses only with "Too slow!", and every game ends.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from bot.engines.base import (
    DRAW,
    LEFT,
    LOST,
    WON,
    Drink,
    GameError,
    IllegalAction,
    Leave,
    Log,
    Outcome,
    Timeout,
    Timer,
)
from bot.engines.cards import Card
from bot.engines.spit import (
    ENGINE,
    PLAY,
    SPIT,
    Move,
    Play,
    Spit,
    SpitCard,
    SpitState,
    fits,
    number,
    own_deck,
)
from bot.engines.words import key_of
from bot.i18n import english
from tests.engines.contract import check_engine, check_views, marked_game, playout, walk

EVERY_CARD = Counter(own_deck(0) + own_deck(1))


def card(code: str, deck: int = 0) -> SpitCard:
    face = Card.from_code(code)
    return SpitCard(face.rank, face.suit, deck)


def make(
    l0: list[str | None],
    l1: list[str | None],
    tops: tuple[str, str] = ("7H", "KS"),
    d0: tuple[str, ...] = ("2C", "2D"),
    d1: tuple[str, ...] = ("2H", "2S"),
    **kw,
) -> SpitState:
    """A game under way: layouts (codes, None = empty space, padded to four), centre tops, decks.

    The centre piles hold one card each (pile 0 from deck 0, pile 1 from deck 1), so ``on`` is 1.
    """
    layouts = [
        [card(x, s) if x else None for x in [*lay, *[None] * (4 - len(lay))]]
        for s, lay in enumerate((l0, l1))
    ]
    kw.setdefault("phase", PLAY)
    kw.setdefault("spits", 1)
    kw.setdefault("moved", 2)
    return SpitState(
        seed="test",
        players=2,
        decks=[[card(x, 0) for x in d0], [card(x, 1) for x in d1]],
        layouts=layouts,
        centre=[[card(tops[0], 0)], [card(tops[1], 1)]],
        **kw,
    )


def play_of(state: SpitState, seat: int, pile: int, centre: int) -> Play:
    """The button ``seat`` sees for this card and pile, made from ``state``."""
    c = state.layouts[seat][pile]
    assert c is not None
    return Play(pile, centre, number(c), len(state.centre[centre]))


def act(state, *moves):
    """Apply (seat, action) pairs; return the final state and all events."""
    events = []
    for seat, action in moves:
        state, evs = ENGINE.apply(state, seat, action)
        events.extend(evs)
    return state, events


def logs(events) -> list[str]:
    """The log lines, in English."""
    return [english(e.text) for e in events if isinstance(e, Log)]


def top(state: SpitState, centre: int) -> SpitCard:
    return state.centre[centre][-1]


def all_cards(state: SpitState) -> Counter[SpitCard]:
    cards = [c for d in state.decks for c in d] + [c for p in state.centre for c in p]
    return Counter(cards + [c for lay in state.layouts for c in lay if c is not None])


# -- the deal and the opening spit ------------------------------------------------------------


def test_each_player_has_their_own_shuffled_52_card_deck_and_lays_out_its_top_four():
    state = ENGINE.new_game(2, "deal", {})
    for seat in (0, 1):
        mine = [*state.layouts[seat], *state.decks[seat]]
        assert sorted(mine) == sorted(own_deck(seat))
        assert len(state.layouts[seat]) == 4 and None not in state.layouts[seat]
        assert len(state.decks[seat]) == 48
    assert state.centre == [[], []]
    assert all_cards(state) == EVERY_CARD
    assert state.layouts != ENGINE.new_game(2, "another deal", {}).layouts


def test_the_two_copies_of_a_card_are_different_cards_stored_with_their_deck():
    a, b = card("TH", 0), card("TH", 1)
    assert a != b and a.label == b.label == "10♥" and a.code == b.code == "TH"
    assert (a.to_json(), b.to_json()) == ("TH0", "TH1")
    assert SpitCard.from_json("TH1") == b
    for bad in ("TH", "TH2", "XX0", 7):
        with pytest.raises(ValueError):
            SpitCard.from_json(bad)


def test_the_game_opens_when_both_say_spit_each_turning_their_deck_top_into_the_middle():
    state = ENGINE.new_game(2, "open", {})
    assert state.phase == SPIT and state.spits == 0
    assert ENGINE.legal_actions(state, 0) == [Spit(0), Leave()]
    assert ENGINE.timers(state) == [Timer("spit:0", 30, ())]
    firsts = [state.decks[0][0], state.decks[1][0]]
    state, events = act(state, (0, Spit(0)))
    assert state.centre == [[], []] and not events
    assert ENGINE.legal_actions(state, 0) == [Leave()]
    state, events = act(state, (1, Spit(0)))
    assert [pile for pile in state.centre] == [[firsts[0]], [firsts[1]]]
    assert [len(d) for d in state.decks] == [47, 47]
    assert state.spits == 1
    assert logs(events)[0].startswith("Spit! {p0} turns the ")


def test_the_opening_spit_comes_by_itself_when_the_start_clock_runs_out():
    state = ENGINE.new_game(2, "clock", {"start_seconds": 45})
    assert ENGINE.timers(state) == [Timer("spit:0", 45, ())]
    state, events = act(state, (0, Spit(0)), (None, Timeout("spit:0")))
    assert all(len(p) == 1 for p in state.centre)
    assert logs(events)[0].startswith("Time's up: spit!")


def test_nothing_can_be_played_before_the_first_spit():
    state = ENGINE.new_game(2, "early", {})
    with pytest.raises(IllegalAction, match="spit-wait"):
        act(state, (0, Play(0, 0, number(state.layouts[0][0]), 0)))


def test_the_deal_tells_the_table_to_say_spit():
    state = ENGINE.new_game(2, "hello", {})
    (line,) = logs(ENGINE.opening(state))
    assert "Say spit" in line and "30 s" in line


# -- what fits --------------------------------------------------------------------------------


def test_a_card_fits_one_rank_above_or_below_the_top_whatever_its_suit():
    seven = card("7H")
    assert fits(card("8C"), seven) and fits(card("6S"), seven) and fits(card("6H"), seven)
    assert not fits(card("7C"), seven) and not fits(card("9H"), seven)
    assert not fits(card("5D"), seven)


def test_ranks_wrap_king_ace_two():
    ace, king, two = card("AS"), card("KH"), card("2D")
    assert fits(ace, king) and fits(king, ace)
    assert fits(two, ace) and fits(ace, two)
    assert not fits(two, king) and not fits(king, two)
    assert not fits(card("QC"), ace) and not fits(card("3C"), ace)


def test_an_ace_goes_on_a_king_and_a_two_on_the_ace():
    state = make(["AS", "2D", "9C"], ["5C"], tops=("KH", "9S"))
    state, _ = act(state, (0, play_of(state, 0, 0, 0)))
    assert top(state, 0) == card("AS")
    state, _ = act(state, (0, play_of(state, 0, 1, 0)))
    assert top(state, 0) == card("2D")


def test_a_card_that_does_not_fit_is_refused_and_stays():
    state = make(["5C", "8D"], ["3C"])
    with pytest.raises(IllegalAction, match="spit-no-fit") as refused:
        act(state, (0, play_of(state, 0, 0, 0)))
    assert english(str(refused.value)) == "The 5♣ doesn't fit on the 7♥."


def test_only_layout_cards_can_be_played_not_the_deck():
    state = make(["8C"], ["3C"])
    assert all(isinstance(a, Play) and 0 <= a.pile < 4 for a in ENGINE.plays(state, 0))
    for bad in (Play(4, 0, 0, 1), Play(-1, 0, 0, 1), Play(0, 2, 0, 1)):
        with pytest.raises(IllegalAction, match="spit-no-pile"):
            act(state, (0, bad))


# -- the layout refill ------------------------------------------------------------------------


def test_a_played_card_is_replaced_at_once_in_place_from_the_deck_top():
    state = make(["5C", "8D", "JC", "QC"], ["3C"], d0=("4H", "9S"))
    state, _ = act(state, (0, play_of(state, 0, 1, 0)))
    assert state.layouts[0] == [card("5C"), card("4H"), card("JC"), card("QC")]
    assert state.decks[0] == [card("9S")]


def test_with_an_empty_deck_the_space_stays_empty_and_the_layout_never_grows():
    state = make(["5C", "8D", "JC", "QC"], ["3C"], d0=("9S",))
    state, events = act(state, (0, play_of(state, 0, 1, 0)))
    assert "{p0}'s deck is empty: they play on with their layout." in logs(events)
    state, _ = act(state, (0, play_of(state, 0, 1, 0)))  # the 9 on the 8
    assert state.layouts[0] == [card("5C"), None, card("JC"), card("QC")]
    assert len(state.layouts[0]) == 4


# -- the race ---------------------------------------------------------------------------------


def test_of_two_plays_on_one_top_the_first_counts_and_the_second_is_too_slow():
    state = make(["8C", "2C"], ["6D", "2H"])
    mine, theirs = play_of(state, 0, 0, 0), play_of(state, 1, 0, 0)
    state, _ = act(state, (0, mine))
    with pytest.raises(IllegalAction, match="spit-slow-pile"):
        act(state, (1, theirs))
    assert state.layouts[1][0] == card("6D", 1) and top(state, 0) == card("8C")


def test_a_play_on_a_pile_taller_than_it_is_is_no_play_of_this_game():
    """Piles only grow in a game of Spit, so no button, however old, names a taller one."""
    state = make(["8C", "2C"], ["6D", "2H"])
    forged = dataclasses.replace(play_of(state, 0, 0, 0), on=2)
    with pytest.raises(IllegalAction, match="spit-not-a-play"):
        act(state, (0, forged))
    state, _ = act(state, (0, play_of(state, 0, 0, 0)))  # the real button still works
    assert top(state, 0) == card("8C")


def test_a_button_made_before_the_pile_changed_is_too_slow_even_if_the_card_fits_again():
    state = make(["8C", "9C", "2C"], ["8D", "2H"], d0=("3D",))
    stale = play_of(state, 1, 0, 0)  # the 8 on the 7
    state, _ = act(state, (0, play_of(state, 0, 0, 0)))
    state, _ = act(state, (0, play_of(state, 0, 1, 0)))
    assert top(state, 0) == card("9C") and fits(card("8D", 1), top(state, 0))
    with pytest.raises(IllegalAction, match="spit-slow-"):
        act(state, (1, stale))
    state, _ = act(state, (1, play_of(state, 1, 0, 0)))  # a fresh button: the 8 on the 9
    assert top(state, 0) == card("8D", 1)


def test_a_spit_onto_the_pile_also_makes_its_buttons_stale():
    state = make(["5C"], ["4D"], d0=("9C", "TC"), d1=("9D", "TD"), phase=SPIT)
    assert ENGINE.stuck(state, 0) and ENGINE.stuck(state, 1)
    old = Play(0, 0, number(card("5C")), 1)  # a button from before, when it fit
    state, _ = act(state, (0, Spit(1)), (1, Spit(1)))
    with pytest.raises(IllegalAction, match="spit-slow-"):
        act(state, (0, old))


def test_a_double_click_is_too_slow_even_when_the_new_card_fits():
    state = make(["8C", "2C"], ["3D"], d0=("8S",))
    click = play_of(state, 0, 0, 0)
    state, _ = act(state, (0, click))
    assert state.layouts[0][0] == card("8S")
    with pytest.raises(IllegalAction, match="spit-slow-card"):
        act(state, (0, click))


def test_a_play_on_the_other_pile_leaves_a_button_valid():
    state = make(["8C", "2C"], ["QD", "2H"])
    mine = play_of(state, 0, 0, 0)
    state, _ = act(state, (1, play_of(state, 1, 0, 1)))  # the Q on the K
    state, _ = act(state, (0, mine))
    assert top(state, 0) == card("8C") and top(state, 1) == card("QD", 1)


# -- stuck, stalemate and spit ----------------------------------------------------------------


def test_one_stuck_player_waits_while_the_other_plays_on():
    state = make(["8C", "3C"], ["5D", "JH"])
    assert ENGINE.stuck(state, 1) and not ENGINE.stuck(state, 0)
    assert ENGINE.legal_actions(state, 1) == [Leave()]
    assert state.phase == PLAY and ENGINE.view(state, None)["seats"][1]["stuck"]


def test_when_both_are_stuck_each_says_spit_onto_the_pile_they_started():
    state = make(["8C", "3C"], ["5D", "JH"], d0=("9C", "4C", "6C"), d1=("4D", "2H"))
    state, events = act(state, (0, play_of(state, 0, 0, 0)))  # 8 on 7; the 9 refills
    state, events = act(state, (0, play_of(state, 0, 0, 0)))  # 9 on 8; the 4 refills
    assert state.phase == SPIT and "Both players are stuck: spit!" in logs(events)
    assert ENGINE.legal_actions(state, 0) == [Spit(1), Leave()]
    assert ENGINE.legal_actions(state, 1) == [Spit(1), Leave()]
    view = ENGINE.view(state, None)
    assert view["stalemate"] and view["spit"]["spitters"] == [0, 1]
    heights = [len(p) for p in state.centre]
    state, events = act(state, (1, Spit(1)), (0, Spit(1)))
    assert top(state, 0) == card("6C") and top(state, 1) == card("4D", 1)
    assert [len(p) for p in state.centre] == [h + 1 for h in heights]  # not cleared
    assert state.spits == 2 and state.phase == PLAY


def test_the_spit_comes_five_seconds_after_the_stalemate_if_not_both_said_spit():
    state = make(["5C"], ["4D"], d0=("3C",), d1=("JD",), phase=SPIT)
    assert ENGINE.timers(state) == [Timer("spit:1", 5, ())]
    state, events = act(state, (1, Spit(1)), (None, Timeout("spit:1")))
    assert top(state, 0) == card("3C") and top(state, 1) == card("JD", 1)
    assert logs(events)[0] == "Time's up: spit! {p0} turns the 3♣, {p1} the J♦."


def test_the_spit_clock_can_be_set_by_the_host():
    state = make(["5C"], ["4D"], phase=SPIT, spit_seconds=10)
    assert ENGINE.timers(state) == [Timer("spit:1", 10, ())]
    with pytest.raises(IllegalAction):
        ENGINE.new_game(2, "x", {"spit_seconds": 100})


def test_still_stuck_after_a_spit_means_another_spit_with_a_new_clock():
    state = make(["5C"], ["9D"], d0=("3C", "4C"), d1=("JD", "TD"), phase=SPIT)
    state, events = act(state, (0, Spit(1)), (1, Spit(1)))  # 3 and J: the 5 and 9 still stuck
    assert state.phase == SPIT and state.spits == 2
    assert ENGINE.timers(state) == [Timer("spit:2", 5, ())]
    assert "Both players are stuck: spit!" in logs(events)


def test_a_spit_from_an_earlier_stalemate_is_too_slow_and_spit_needs_a_stalemate():
    state = make(["5C"], ["9D"], d0=("3C",), d1=("TD",), phase=SPIT)
    state, _ = act(state, (0, Spit(1)), (1, Spit(1)))  # 3 and 10: the 9 fits the 10
    assert state.phase == PLAY
    with pytest.raises(IllegalAction, match="spit-slow-spit"):
        act(state, (0, Spit(1)))
    with pytest.raises(IllegalAction, match="spit-keep-playing"):
        act(state, (0, Spit(2)))


def test_a_spit_numbered_past_this_one_is_no_spit_of_this_game():
    """Only a forged button names a spit still to come: it is not told "Nobody is stuck" while
    both players are."""
    state = make(["5C"], ["9D"], d0=("3C", "4C"), d1=("JD", "TD"), phase=SPIT, spits=1)
    for n in (2, 7, -1):
        with pytest.raises(IllegalAction, match="spit-not-a-spit"):
            act(state, (0, Spit(n)))
    state, _ = act(state, (0, Spit(1)))  # the spit due still counts
    assert state.said == [0]


def test_saying_spit_twice_is_refused():
    state = make(["5C"], ["9D"], phase=SPIT)
    state, _ = act(state, (0, Spit(1)))
    with pytest.raises(IllegalAction, match="spit-said-already"):
        act(state, (0, Spit(1)))


def test_a_player_with_a_deck_spits_onto_their_own_pile_and_names_none():
    state = make(["5C"], ["9D"], phase=SPIT)
    with pytest.raises(IllegalAction, match="spit-own-pile"):
        act(state, (0, Spit(1, 1)))


# -- empty decks and spitting alone -----------------------------------------------------------


def test_a_player_whose_deck_is_empty_plays_on_and_has_nothing_to_spit():
    state = make(["5C", "JC"], ["9H"], d0=(), d1=("3D", "9D"), phase=SPIT)
    assert ENGINE.spitters(state) == [1] and ENGINE.lone_spitter(state) == 1
    assert ENGINE.legal_actions(state, 0) == [Spit(1), Leave()]
    assert ENGINE.legal_actions(state, 1) == [Spit(1, 0), Spit(1, 1), Leave()]
    with pytest.raises(IllegalAction, match="spit-other-chooses"):
        act(state, (0, Spit(1, 0)))


def test_spitting_alone_goes_onto_the_pile_of_the_spitters_choice():
    state = make(["5C", "JC"], ["9H"], d0=(), d1=("3D", "9D"), phase=SPIT)
    with pytest.raises(IllegalAction, match="spit-choose-pile"):
        act(state, (1, Spit(1)))
    state, events = act(state, (1, Spit(1, 0)), (0, Spit(1)))
    assert top(state, 0) == card("3D", 1) and state.decks[1] == [card("9D", 1)]
    assert logs(events)[0] == "Spit! {p1} spits the 3♦ alone onto the left pile."
    assert state.decks[0] == [] and len(state.centre[1]) == 1


def test_spitting_alone_on_the_clock_keeps_the_choice_or_goes_onto_the_own_pile():
    state = make(["5C", "JC"], ["9H"], d0=(), d1=("3D", "9D"), phase=SPIT)
    chose, _ = act(state, (1, Spit(1, 0)), (None, Timeout("spit:1")))
    assert top(chose, 0) == card("3D", 1)
    silent, _ = act(state, (None, Timeout("spit:1")))
    assert top(silent, 1) == card("3D", 1) and len(silent.centre[0]) == 1


def test_spitting_the_last_deck_card_announces_the_empty_deck():
    state = make(["5C"], ["9H"], d0=("3C",), d1=("AD", "2D"), phase=SPIT)
    state, events = act(state, (0, Spit(1)), (1, Spit(1)))
    assert "{p0}'s deck is empty: they play on with their layout." in logs(events)


# -- the end ----------------------------------------------------------------------------------


def test_the_player_who_plays_their_last_card_after_the_deck_is_empty_wins():
    state = make(["8C"], ["5D", "JH"], d0=())
    state, events = act(state, (0, play_of(state, 0, 0, 0)))
    assert ENGINE.is_over(state) and state.winner == 0 and state.ending == "out"
    assert ENGINE.results(state).outcomes == [Outcome(0, WON), Outcome(1, LOST)]
    assert "{p0} is out of cards and wins!" in logs(events)
    assert ENGINE.timers(state) == [] and ENGINE.legal_actions(state, 0) == []


def test_both_decks_empty_and_both_stuck_the_fewest_cards_win():
    state = make(["8C", "3C"], ["5D", "TH", "4S"], d0=(), d1=())
    state, events = act(state, (0, play_of(state, 0, 0, 0)))
    assert ENGINE.is_over(state) and state.ending == "stuck" and state.winner == 0
    assert ENGINE.results(state).outcomes == [Outcome(0, WON), Outcome(1, LOST)]
    assert logs(events) == [
        "{p0}: 1 card left",
        "{p1}: 3 cards left",
        "Both decks are used up and nobody can play. Fewest cards left: {p0} wins.",
    ]


def test_equal_fewest_cards_is_a_draw():
    state = make(["8C", "3C"], ["5D"], d0=(), d1=())
    state, events = act(state, (0, play_of(state, 0, 0, 0)))
    assert ENGINE.is_over(state) and state.winner is None
    assert ENGINE.results(state).outcomes == [Outcome(0, DRAW), Outcome(1, DRAW)]
    assert "Both decks are used up and nobody can play. Equal cards left: a draw." in logs(events)


def test_with_one_deck_left_a_stalemate_is_a_spit_not_the_end():
    state = make(["8C", "3C"], ["5D"], d0=(), d1=("9H",))
    state, _ = act(state, (0, play_of(state, 0, 0, 0)))
    assert state.phase == SPIT and ENGINE.lone_spitter(state) == 1


def test_a_player_who_leaves_ends_the_game_and_the_other_wins():
    for state in (ENGINE.new_game(2, "bye", {}), make(["8C"], ["5D"])):
        over, events = act(state, (1, Leave()))
        assert ENGINE.is_over(over) and over.winner == 0 and over.ending == "left"
        assert ENGINE.results(over).outcomes == [Outcome(0, WON), Outcome(1, LEFT)]
        assert logs(events)[0] == "{p1} left the game." and "{p1} left: {p0} wins." in logs(events)
        assert not ENGINE.is_active(over, 1) and ENGINE.timers(over) == []


def test_the_rules_give_no_drinks():
    state = make(["8C"], ["5D"], d0=())
    _, events = act(state, (0, play_of(state, 0, 0, 0)))
    assert not [e for e in events if isinstance(e, Drink)]


# -- nobody moving ----------------------------------------------------------------------------


def test_a_play_clock_runs_whenever_a_play_is_possible_and_restarts_with_every_card():
    state = make(["8C", "2C"], ["QD", "3H"], d0=("5S",))
    assert ENGINE.timers(state) == [Timer("idle:2", 30, (0, 1))]
    state, _ = act(state, (1, play_of(state, 1, 0, 1)))
    assert [t.key for t in ENGINE.timers(state)] == ["idle:3"]


def test_when_the_play_clock_runs_out_the_one_who_could_play_and_didnt_loses():
    state = make(["8C", "2C"], ["5D", "JH", "3S", "4S"], d0=("9C", "TC"))  # 1 is stuck
    assert ENGINE.timers(state) == [Timer("idle:2", 30, (0,))]
    state, events = act(state, (None, Timeout("idle:2")))
    assert ENGINE.is_over(state) and state.winner == 1 and state.ending == "idle"
    assert logs(events)[0] == "Nobody played for 30 s: the game ends."
    assert "{p0} could play and didn't: {p1} wins." in logs(events)


def test_when_the_play_clock_runs_out_and_both_could_play_the_fewest_cards_win_or_draw():
    state = make(["8C", "2C"], ["QD", "3H"], d0=("5S",), d1=("5H",))
    over, events = act(state, (None, Timeout("idle:2")))
    said = "Nobody played for 30 s. Equal cards left: a draw."
    assert over.winner is None and said in logs(events)
    state.decks[1].append(card("6H", 1))
    over, events = act(state, (None, Timeout("idle:2")))
    said = "Nobody played for 30 s. Fewest cards left: {p0} wins."
    assert over.winner == 0 and said in logs(events)


def test_the_idle_clock_can_be_set_by_the_host():
    state = ENGINE.new_game(2, "idle", {"idle_seconds": 90})
    state, _ = act(state, (0, Spit(0)), (1, Spit(0)))
    assert all(t.seconds == 90 for t in ENGINE.timers(state) if t.key.startswith("idle"))


# -- what each player sees --------------------------------------------------------------------


def test_the_public_view_shows_tops_layouts_counts_and_recent_plays_but_no_deck():
    state = make(["8C", "9C"], ["QD", "3H"], d0=("5S", "9S"), d1=("5H",))
    state, _ = act(state, (0, play_of(state, 0, 0, 0)))
    view = ENGINE.view(state, None)
    assert view["phase"] == "play" and view["clock"] == "idle:3" and view["seconds"] == 30
    assert view["centre"] == [{"top": card("8C"), "cards": 2}, {"top": card("KS", 1), "cards": 1}]
    assert view["seats"][0] == {
        "seat": 0,
        "layout": [card("5S"), card("9C"), None, None],
        "deck": 1,
        "cards": 3,
        "stuck": False,
        "said_spit": False,
        "left": False,
    }
    assert view["recent"][-1] == {"seat": 0, "card": card("8C"), "centre": 0, "spit": False}
    assert view["spit"] is None and not view["stalemate"] and not view["over"]
    assert "seat" not in view and "moves" not in view
    cards: set = set()
    walk(view, cards, set())
    assert not cards & {card("9S"), card("5H", 1)}
    check_views(ENGINE, state)


def test_a_seats_view_lists_which_layout_card_fits_which_pile_and_the_moves():
    state = make(["8C", "2C", "QC", "6H"], ["QD", "3H"], tops=("7H", "KS"))
    view = ENGINE.view(state, 0)
    assert view["seat"] == 0
    assert view["fits"] == [[0], [], [1], [0]]
    assert view["moves"] == [a for a in ENGINE.legal_actions(state, 0) if not isinstance(a, Leave)]
    assert Play(0, 0, number(card("8C")), 1) in view["moves"]


def test_the_view_shows_a_due_spit_and_who_said_it():
    state = make(["5C", "JC"], ["9H"], d0=(), d1=("3D",), phase=SPIT)
    state, _ = act(state, (0, Spit(1)))
    view = ENGINE.view(state, 1)
    assert view["spit"] == {"n": 1, "opening": False, "spitters": [1], "alone": 1, "said": [0]}
    assert view["stalemate"] and view["clock"] == "spit:1" and view["seconds"] == 5
    assert view["seats"][0]["said_spit"] and view["seats"][0]["stuck"]
    assert view["moves"] == [Spit(1, 0), Spit(1, 1)] and view["fits"] == [[], [], [], []]


def test_hidden_cards_are_both_decks_for_everyone():
    state = make(["8C"], ["QD"], d0=("5S",), d1=("5H",))
    for viewer in (None, 0, 1):
        assert sorted(ENGINE.hidden(state, viewer)) == sorted([card("5S"), card("5H", 1)])


def test_a_play_button_fits_in_a_custom_id():
    action = Play(3, 1, 51, 104)
    assert action.to_arg() == "3.1.51.104"
    assert Play.from_arg("3.1.51.104") == action
    assert Spit.from_arg(Spit(7, 1).to_arg()) == Spit(7, 1)


def test_a_state_survives_its_json_form():
    state = make(["8C", None, "2C"], ["QD"], recent=[Move(1, card("KS", 1), 1, True)])
    again = ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(state))))
    assert again == state


# -- random playouts --------------------------------------------------------------------------


def conserved(state: SpitState) -> bool:
    """The 104 cards, each once (104 distinct cards of two decks are all of them): fast."""
    cards = [c for d in state.decks for c in d] + [c for p in state.centre for c in p]
    cards += [c for lay in state.layouts for c in lay if c is not None]
    return len(cards) == 104 and len({(c.rank, c.suit, c.deck) for c in cards}) == 104


def check_invariants(state: SpitState) -> None:
    assert conserved(state)
    for seat in (0, 1):
        assert len(state.layouts[seat]) == 4
        if None in state.layouts[seat]:
            assert state.decks[seat] == []  # a space stays empty only with an empty deck
    if state.phase == PLAY:
        assert not (ENGINE.stuck(state, 0) and ENGINE.stuck(state, 1))
    if state.phase == SPIT and state.spits > 0:
        assert ENGINE.stuck(state, 0) and ENGINE.stuck(state, 1) and ENGINE.spitters(state)


def racing_game(seed: str, rnd: random.Random, idle_chance: float) -> tuple[SpitState, int]:
    """Both players click at random, often on buttons from a few states back (stale panels)."""
    state = ENGINE.new_game(2, seed, {})
    panels: list[list[tuple[int, object]]] = []  # the moves offered in recent states
    refused = 0
    for _step in range(1000):
        check_invariants(state)
        if ENGINE.is_over(state):
            return state, refused
        offered = [(s, a) for s in (0, 1) for a in ENGINE.legal_actions(state, s)]
        panels = [*panels, [(s, a) for s, a in offered if not isinstance(a, Leave)]][-4:]
        timers = ENGINE.timers(state)
        progress = (state.moved, len(state.said))
        roll = rnd.random()
        stale = [m for panel in panels[:-1] for m in panel]
        if stale and roll < 0.3:
            seat, action = rnd.choice(stale)
            try:
                state, events = ENGINE.apply(state, seat, action)
            except GameError as err:
                said = key_of(str(err)) == "spit-said-already"
                assert english(str(err)).startswith("Too slow!") or said
                refused += 1
                continue
        else:
            moves = [(s, a) for s, a in offered if not isinstance(a, Leave)]
            if not moves or roll > 1 - idle_chance:
                seat, action = None, timers[0].action
            elif roll > 1 - 2 * idle_chance:
                seat, action = rnd.choice([(0, Leave()), (1, Leave())])
            else:
                seat, action = rnd.choice(moves)
            state, events = ENGINE.apply(state, seat, action)
        assert not [e for e in events if isinstance(e, Drink)]
        # why every game ends: each accepted move ends it, puts one of the 104 cards in the
        # centre for good, or says spit (at most twice before a spit puts cards in the centre)
        assert ENGINE.is_over(state) or state.moved > progress[0] or len(state.said) > progress[1]
    raise AssertionError(f"no end after 1000 actions (seed {seed})")


def test_random_races_conserve_104_cards_refuse_only_as_too_slow_and_always_progress_to_the_end():
    endings: Counter[str | None] = Counter()
    refused = 0
    for n in range(150):
        rnd = random.Random(n)
        state, r = racing_game(f"race-{n}", rnd, idle_chance=0.0 if n < 100 else 0.01)
        endings[state.ending] += 1
        refused += r
        results = ENGINE.results(state).outcomes
        assert sorted(o.seat for o in results) == [0, 1]
        if state.ending == "out":
            assert results[state.winner].result == WON
            assert ENGINE.cards_left(state, state.winner) == 0
    assert endings["out"] and endings["stuck"] and endings["idle"] and endings["left"]
    assert refused > 1000


def test_random_playouts_with_clocks_and_leavers_always_end_with_104_cards():
    for n in range(200):
        state, log = playout(
            ENGINE,
            2,
            f"playout-{n}",
            random.Random(n),
            timeout_chance=0.0 if n < 100 else 0.02,
            leave_chance=0.0 if n < 100 else 0.005,
            deep=False,
        )
        assert ENGINE.is_over(state) and all_cards(state) == EVERY_CARD
        assert len(log) < 500
        if n < 100:
            assert state.ending in ("out", "stuck")


def test_spit_keeps_the_contract_over_more_seeds_and_whole_games_without_clocks():
    check_engine(ENGINE, seeds=12)  # its playouts often end on the play clock
    for n in range(3):  # every step checked deeply, played to a natural end
        state, _ = playout(ENGINE, 2, f"deep-{n}", random.Random(n), timeout_chance=0.0)
        assert state.ending in ("out", "stuck", "left")


STALEMATE_SEED = "stale-1"  # its opening spit leaves both players stuck


def opened(seed: str, **options):
    """A game from ENGINE.new_game after its opening spit (both said spit)."""
    state = ENGINE.new_game(2, seed, dict(options))
    state, events = act(state, (0, Spit(0)), (1, Spit(0)))
    return state, events


def test_the_spit_clock_after_a_stalemate_is_five_seconds_when_the_game_comes_from_new_game():
    """spit.md: "When both are stuck, each gets a "Spit!" button; the spit happens when both
    have pressed it or 5 s after the bot detected the stalemate, whichever is first."
    -- the table's default, not make()'s."""
    state, events = opened(STALEMATE_SEED)
    assert ENGINE.stuck(state, 0) and ENGINE.stuck(state, 1)
    assert state.phase == SPIT and "Both players are stuck: spit!" in logs(events)
    assert ENGINE.timers(state) == [Timer("spit:1", 5, ())]
    assert ENGINE.view(state, None)["seconds"] == 5


def test_the_spit_clock_after_a_stalemate_is_the_hosts_option_when_the_game_comes_from_new_game():
    """spit.md: the spit comes "5 s after the bot detected the stalemate" -- a table option
    (3-15 s): the host's spit_seconds=10 gives a 10 s clock."""
    state, _ = opened("stale-100", spit_seconds=10)  # stuck after the opening spit and the next
    assert state.phase == SPIT
    assert ENGINE.timers(state) == [Timer("spit:1", 10, ())]
    state, _ = act(state, (0, Spit(1)), (1, Spit(1)))
    assert state.phase == SPIT
    assert ENGINE.timers(state) == [Timer("spit:2", 10, ())]


def test_the_play_clock_is_thirty_seconds_when_the_game_comes_from_new_game():
    """The idle clock: "Seconds without a play (when one is possible) before the game ends",
    30 s by default (table option 10-300 s)."""
    state, _ = opened("idle-d")
    assert state.phase == PLAY
    (timer,) = ENGINE.timers(state)
    assert timer.key.startswith("idle:") and timer.seconds == 30
    assert ENGINE.view(state, None)["seconds"] == 30


def test_each_spit_and_each_deck_running_out_are_marked():
    found = False
    for n in range(10):
        states, events, marks = marked_game(ENGINE, 2, f"marks-{n}", timeout_chance=0.02)
        spits = [m for m in marks if english(m.label).startswith("Spit ")]
        assert [english(m.label) for m in spits] == [f"Spit {k}" for k in range(1, len(spits) + 1)]
        assert len(spits) == states[-1].spits
        for m in spits:
            said = [key_of(e.text) for e in events[m.step] if isinstance(e, Log)]
            assert {"spit-spat", "spit-alone"} & set(said), said
        for m in marks:
            if key_of(m.label) != "spit-mark-spit":
                seat = int(english(m.label)[2])
                assert english(m.label) == f"{{p{seat}}}'s deck runs out"
                assert states[m.step - 1].decks[seat] and not states[m.step].decks[seat]
                found = True
        if found and len(spits) > 2:
            return
    raise AssertionError("no game with a deck running out between spits")
