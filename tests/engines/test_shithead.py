"""Drunken Shithead: every rule and "Decided" line of shared/rules/shithead.md, plus random
playouts for 2-6 players (cards conserved, every game ends)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.engines.base import (
    DRINK,
    FINISH,
    Drink,
    IllegalAction,
    Leave,
    Log,
    Mark,
    NotYourTurn,
    Outcome,
    Private,
    rng,
)
from bot.engines.cards import TarotCard, major, tarot_deck
from bot.engines.shithead import (
    ENGINE,
    FOOL_ID,
    MAX_TURNS,
    Blind,
    ChooseUp,
    Laid,
    PickUp,
    Play,
    ShitheadState,
    can_go_on,
    card_id,
    order,
)
from bot.i18n import english
from tests.engines.contract import check_views, marked_game
from tests.refusals import refusal

DECK = tarot_deck()
FOOL = "M0"
HANGED = "M12"
DEVIL = "M15"


def C(code: str) -> TarotCard:
    return TarotCard.from_code(code)


def ids(*codes: str) -> list[int]:
    return sorted(card_id(C(x)) for x in codes)


def make(
    hands: list[list[str]],
    up: list[list[str]] | None = None,
    down: list[list[str]] | None = None,
    pile: tuple[str | tuple[str, int], ...] | list[str | tuple[str, int]] = (),
    draw: tuple[str, ...] | list[str] = (),
    current: int = 0,
    **options: object,
) -> ShitheadState:
    """A game in play with these cards; every other card is burned, so all 78 are there.

    ``down`` left out gives each seat three face-down cards from the rest (so nobody goes out
    by accident); a pile entry ``(code, value)`` is a Fool named as ``value``.
    """
    n = len(hands)
    state = ENGINE.new_game(n, "test", dict(options))
    used = [x for h in hands for x in h] + [x for u in up or [] for x in u]
    used += [x for d in down or [] for x in d] + list(draw)
    used += [p if isinstance(p, str) else p[0] for p in pile]
    assert len(used) == len(set(used)), "a card used twice"
    rest = [c for c in DECK if c.code not in used]
    state.hands = [sorted((C(x) for x in h), key=order) for h in hands]
    state.up = [[C(x) for x in u] for u in up] if up else [[] for _ in range(n)]
    if down is None:
        state.down = [list(rest[3 * i : 3 * i + 3]) for i in range(n)]
        rest = rest[3 * n :]
    else:
        state.down = [[C(x) for x in d] for d in down]
    state.draw = [C(x) for x in draw]
    state.pile = [Laid(C(p)) if isinstance(p, str) else Laid(C(p[0]), p[1]) for p in pile]
    state.burned = rest
    state.phase = "play"
    state.current = current
    return state


def every_card(s: ShitheadState) -> Counter[TarotCard]:
    cards = [*s.draw, *s.burned, *s.removed, *(x.card for x in s.pile)]
    for i in range(s.players):
        cards += [*s.hands[i], *s.up[i], *(c for c in s.down[i] if c is not None)]
    if s.turned is not None:
        cards.append(s.turned)
    return Counter(cards)


def count_cards(s: ShitheadState) -> int:
    n = len(s.draw) + len(s.burned) + len(s.removed) + len(s.pile) + (s.turned is not None)
    for i in range(s.players):
        n += len(s.hands[i]) + len(s.up[i]) + sum(c is not None for c in s.down[i])
    return n


def logs(events) -> list[str]:
    return [english(e.text) for e in events if isinstance(e, Log)]


def privates(events) -> list[Private]:
    return [Private(e.seat, english(e.text)) for e in events if isinstance(e, Private)]


def drinks(events) -> list[Drink]:
    """The drinks, their reasons in English."""
    return [
        Drink(e.seat, e.sips, e.kind, english(e.reason)) for e in events if isinstance(e, Drink)
    ]


def refused(pattern: str) -> Any:
    """The move is refused with a line that reads ``pattern`` in English."""
    return refusal(IllegalAction, pattern)


def play(state, *moves):
    """Apply (seat, action) pairs; return the final state and all events."""
    events = []
    for seat, action in moves:
        state, evs = ENGINE.apply(state, seat, action)
        events.extend(evs)
    return state, events


def lay(state, seat, *codes, as_value=None):
    return play(state, (seat, Play(ids(*codes), as_value)))


def timeout(state):
    (timer,) = ENGINE.timers(state)
    return ENGINE.apply(state, None, timer.action)


def hand(state, seat) -> list[str]:
    return [c.code for c in state.hands[seat]]


def legal_plays(state, seat) -> list[Play]:
    return [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Play)]


def fool_values(state, seat) -> list[int]:
    return [p.as_value for p in legal_plays(state, seat) if p.cards == [FOOL_ID]]


# ------------------------------------------------------------------ setup and options


def test_engine_metadata_and_options():
    assert (ENGINE.name, ENGINE.title, ENGINE.scoring) == ("shithead", "Drunken Shithead", "sips")
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    opts = {o.name: o for o in ENGINE.options}
    clock = opts["turn_seconds"]
    assert (clock.default, clock.minimum, clock.maximum) == (60, 15, 300)
    for name in ("find_shithead", "pickup_sip", "shithead_finishes"):
        assert opts[name].default is False


def test_turn_clock_is_an_option_from_15_to_300_seconds():
    for bad in (14, 301, "60", True):
        with pytest.raises(IllegalAction):
            ENGINE.new_game(2, "s", {"turn_seconds": bad})
    state = ENGINE.new_game(3, "s", {"turn_seconds": 15})
    assert ENGINE.timers(state)[0].seconds == 15
    state = make([["B5"], ["B6"]], turn_seconds=300)
    assert ENGINE.timers(state)[0].seconds == 300


def test_two_to_six_players():
    for n in (1, 7):
        with pytest.raises(IllegalAction):
            ENGINE.new_game(n, "s", {})


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_three_face_down_and_six_to_choose_from_the_rest_is_the_draw_pile(players):
    state = ENGINE.new_game(players, "deal", {})
    assert all(len(d) == 3 and None not in d for d in state.down)
    assert all(len(h) == 6 for h in state.hands)
    assert all(u == [] for u in state.up)
    assert len(state.draw) == 78 - 9 * players
    assert every_card(state) == Counter(DECK)
    assert state.phase == "choose"


def test_the_deal_replays_from_the_seed():
    a, b = ENGINE.new_game(4, "same", {}), ENGINE.new_game(4, "same", {})
    assert ENGINE.to_dict(a) == ENGINE.to_dict(b)
    assert ENGINE.to_dict(a) != ENGINE.to_dict(ENGINE.new_game(4, "other", {}))


# ------------------------------------------------------------------ choosing face-up cards


def choose_all(state, picks=None):
    for seat in range(state.players):
        chosen = (picks or {}).get(seat) or [card_id(c) for c in state.hands[seat][:3]]
        state, _ = ENGINE.apply(state, seat, ChooseUp(chosen))
    return state


def test_each_player_privately_chooses_three_of_six_and_play_starts_when_all_have():
    state = ENGINE.new_game(3, "choose", {})
    six = list(state.hands[0])
    picked = [card_id(c) for c in six[3:]]
    state, events = ENGINE.apply(state, 0, ChooseUp(picked))
    assert logs(events) == ["{p0} has chosen."]
    assert state.up[0] == six[3:] and state.hands[0] == six[:3]
    assert state.phase == "choose"
    # The choice stays private until everyone has chosen.
    assert set(six[3:]) <= set(ENGINE.hidden(state, 1))
    assert ENGINE.view(state, 1)["players"][0]["up"] == []
    assert [e["card"] for e in ENGINE.view(state, 0)["players"][0]["up"]] == six[3:]
    check_views(ENGINE, state)
    with refused("still choosing"):
        ENGINE.apply(state, 1, Play([card_id(state.hands[1][0])]))
    state, _ = ENGINE.apply(state, 1, ChooseUp([card_id(c) for c in state.hands[1][:3]]))
    state, events = ENGINE.apply(state, 2, ChooseUp([card_id(c) for c in state.hands[2][:3]]))
    assert state.phase == "play"
    assert any(line.startswith("{p0} lays up") for line in logs(events))
    assert not set(six[3:]) & set(ENGINE.hidden(state, 1))


def test_choice_names_exactly_three_of_ones_own_six_cards_once():
    state = ENGINE.new_game(2, "choose", {})
    mine = [card_id(c) for c in state.hands[0]]
    theirs = [card_id(c) for c in state.hands[1]]
    for bad in (mine[:2], mine[:4], [mine[0], mine[0], mine[1]], [*mine[:2], theirs[0]]):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, 0, ChooseUp(bad))
    state, _ = ENGINE.apply(state, 0, ChooseUp(mine[:3]))
    with refused("already chosen"):
        ENGINE.apply(state, 0, ChooseUp(mine[3:]))
    assert ENGINE.legal_actions(state, 0) == [Leave()]
    assert len(ENGINE.legal_actions(state, 1)) == 20 + 1  # 6 choose 3, and leave


def test_choosing_has_one_clock_and_timeout_lays_up_the_three_highest():
    state = ENGINE.new_game(3, "clock", {})
    state, _ = ENGINE.apply(state, 1, ChooseUp([card_id(c) for c in state.hands[1][:3]]))
    (timer,) = ENGINE.timers(state)
    assert (timer.key, timer.seconds, timer.seats) == ("choose", 60, (0, 2))
    best = {seat: sorted(state.hands[seat], key=order)[3:] for seat in (0, 2)}
    state, events = timeout(state)
    assert state.phase == "play"
    assert state.up[0] == best[0] and state.up[2] == best[2]
    assert "Time's up: {p0} lays up their three highest cards." in logs(events)


def test_the_player_left_of_the_dealer_starts_and_play_goes_left():
    state = choose_all(ENGINE.new_game(4, "start", {}))
    assert state.current == 1
    view = ENGINE.view(state, None)
    assert (view["turn"], view["clock"]) == (1, "turn:0")
    state, _ = timeout(state)
    assert state.current == 2 or state.pile == []  # a burn keeps the turn


# ------------------------------------------------------------------ the order


def test_every_major_ranks_above_every_minor_and_majors_compare_by_number():
    assert can_go_on(101, 14)  # the Magician on a King
    assert not can_go_on(14, 101)  # no King on the Magician
    assert can_go_on(121, 120) and not can_go_on(120, 121)
    ranked = sorted(DECK, key=order)
    assert ranked[-1] == major(21) and all(not c.is_major for c in ranked[:56])


def test_minors_compare_by_order_value_page_knight_queen_king():
    state = make([["B11"], ["B12", "L10"]], pile=["W13"], current=1)
    with refused("a Queen or higher"):
        lay(state, 1, "B12")  # a Knight on a Queen
    state = make([["B9"], ["B14"]], pile=["W13"], current=1)
    state, _ = lay(state, 1, "B14")  # a King on a Queen
    assert state.pile[-1].card == C("B14")


def test_play_equal_or_higher_and_lower_is_refused():
    state = make([["B7", "B5"], ["L9"]], pile=["W7"])
    with refused("a 7 or higher"):
        lay(state, 0, "B5")
    state, events = lay(state, 0, "B7")
    assert logs(events) == ["{p0} plays 7\U0001f37a."]
    assert state.current == 1


def test_only_the_player_on_turn_may_play():
    state = make([["B7"], ["L9"]])
    with pytest.raises(NotYourTurn):
        lay(state, 1, "L9")
    assert ENGINE.legal_actions(state, 1) == [Leave()]


# ------------------------------------------------------------------ sets of one value


def test_several_cards_of_the_same_minor_rank_may_be_played_together():
    state = make([["B8", "L8", "W3"], ["S9"]], pile=["W5"])
    state, events = lay(state, 0, "B8", "L8")
    assert "{p0} plays 8\U0001f37a and 8\U0001f37b." in logs(events)
    assert [x.card.code for x in state.pile] == ["W5", "B8", "L8"]


def test_cards_of_different_values_cannot_be_played_together():
    state = make([["B8", "L9"], ["S9"]])
    with refused("same value"):
        lay(state, 0, "B8", "L9")


def test_a_major_is_a_single_card_and_never_matches_a_minor_of_its_number():
    state = make([["B7", "M7", "M8"], ["S9"]])
    with refused("on its own"):
        lay(state, 0, "B7", "M7")
    with refused("on its own"):
        lay(state, 0, "M7", "M8")
    sets = [p.cards for p in legal_plays(state, 0)]
    assert ids("B7", "M7") not in sets and ids("M7", "M8") not in sets


def test_legal_actions_list_every_set_of_one_value():
    state = make([["B8", "L8", "W8"], ["S9"]], pile=["W5"])
    sets = sorted(tuple(p.cards) for p in legal_plays(state, 0))
    assert len(sets) == 7  # every non-empty subset of three 8s
    assert PickUp() not in ENGINE.legal_actions(state, 0)


# ------------------------------------------------------------------ drawing and picking up


def test_after_playing_a_player_draws_back_up_to_three_while_the_draw_pile_lasts():
    state = make([["B5", "B6", "B7"], ["S9"]], draw=["L2", "L3", "L4"])
    state, events = lay(state, 0, "B5")
    assert hand(state, 0) == ["L2", "B6", "B7"]
    assert Private(0, "You draw 2\U0001f37b.") in privates(events)
    assert [c.code for c in state.draw] == ["L3", "L4"]


def test_a_player_holding_three_or_more_after_playing_does_not_draw():
    state = make([["B5", "B6", "B7", "B8", "B9"], ["S9"]], draw=["L2"])
    state, events = lay(state, 0, "B5")
    assert len(state.hands[0]) == 4 and len(state.draw) == 1
    assert not [e for e in events if isinstance(e, Private)]


def test_a_player_who_cannot_play_picks_up_the_pile_and_their_turn_ends():
    state = make([["B5", "B6"], ["S9"]], pile=["W3", "W9"])
    assert ENGINE.legal_actions(state, 0) == [PickUp(), Leave()]
    state, events = play(state, (0, PickUp()))
    assert logs(events) == ["{p0} picks up the pile (2 cards)."]
    assert hand(state, 0) == ["W3", "B5", "B6", "W9"]
    assert state.pile == [] and state.current == 1
    assert not drinks(events)


def test_picking_up_is_refused_while_something_can_be_played():
    state = make([["B5", "B10"], ["S9"]], pile=["W9"])
    with refused("can play"):
        play(state, (0, PickUp()))


def test_a_player_plays_from_picked_up_cards_until_back_down_to_three():
    state = make([["B5", "B6", "B7", "B8"], ["S9"]], draw=["L2", "L3"])
    state, _ = lay(state, 0, "B5")
    assert len(state.hands[0]) == 3 and len(state.draw) == 2  # down to three: no draw yet
    state = make([["B5", "B6", "B7"], ["S9"]], draw=["L2", "L3"])
    state, _ = lay(state, 0, "B5")
    assert len(state.hands[0]) == 3 and len(state.draw) == 1


# ------------------------------------------------------------------ 2s


def test_a_2_goes_on_anything_but_the_devil_and_resets_the_pile_to_2():
    for top in ("W14", "M21", HANGED, "B1"):
        state = make([["B2"], ["S3", "S1"]], pile=[top])
        state, events = lay(state, 0, "B2")
        assert "A 2: the pile is back to 2." in logs(events)
        assert ENGINE.view(state, None)["pile_value"] == 2
        assert ids("S3") in [p.cards for p in legal_plays(state, 1)]
        assert ids("S1") not in [p.cards for p in legal_plays(state, 1)]


def test_no_2_may_be_played_on_the_devil():
    state = make([["B2", "B5"], ["S3"]], pile=[DEVIL])
    with refused("No 2 may be played on the Devil"):
        lay(state, 0, "B2")
    assert ENGINE.legal_actions(state, 0) == [PickUp(), Leave()]
    # and the refusal of any other card does not suggest a 2 (it said "a 10 or a 2")
    for pile in ([DEVIL], [(FOOL, 115)]):  # the Devil, or the Fool named as the Devil
        with pytest.raises(IllegalAction) as err:
            lay(make([["B5"], ["S3"]], pile=pile), 0, "B5")
        assert english(str(err.value)) == (
            "On The Devil (XV) only a higher Major or a 10 may be played (never a 2)."
        )


def test_playing_the_devil_says_no_2s():
    state = make([[DEVIL], ["S3"]], pile=["B9"])
    state, events = lay(state, 0, DEVIL)
    assert "The Devil: no 2 may be played on it." in logs(events)


# ------------------------------------------------------------------ 10s and burning


def test_a_10_burns_the_pile_and_the_same_player_goes_again():
    state = make([["B10", "B5", "B6"], ["S9"]], pile=["W3", "M20"])
    state, events = lay(state, 0, "B10")
    assert "Burned by a 10: {p0} goes again." in logs(events)
    assert state.pile == [] and state.current == 0
    assert {C("W3"), C("M20"), C("B10")} <= set(state.burned)


def test_a_10_may_be_played_on_the_devil():
    state = make([["B10", "B5"], ["S9"]], pile=[DEVIL])
    state, events = lay(state, 0, "B10")
    assert "Burned by a 10: {p0} goes again." in logs(events)


def test_a_10_goes_on_the_hanged_man_as_usual():
    state = make([["B10", "B5"], ["S9"]], pile=[HANGED])
    state, _ = lay(state, 0, "B10")
    assert state.pile == [] and state.current == 0


def test_after_a_burn_the_player_draws_up_to_three_then_plays_any_card():
    state = make([["B10", "B5", "B6"], ["S9"]], pile=["M21"], draw=["M3", "L4"])
    state, events = lay(state, 0, "B10")
    assert hand(state, 0) == ["B5", "B6", "M3"]
    assert Private(0, "You draw III The Empress.") in privates(events)
    assert logs(events)[-1] == "Burned by a 10: {p0} goes again."
    assert state.current == 0 and state.pile == []
    assert len(legal_plays(state, 0)) == 3  # anything goes on the empty pile
    assert ENGINE.timers(state)[0].key == "turn:1"  # a fresh decision, a fresh clock
    state, _ = lay(state, 0, "B5")
    assert state.current == 1


def test_four_of_one_value_in_a_row_burn_and_the_player_who_laid_the_fourth_goes_again():
    state = make([["B7", "W7", "B12"], ["L7", "L12"], ["S7", "S12"]], pile=["W4"])
    state, _ = lay(state, 0, "B7", "W7")
    state, _ = lay(state, 1, "L7")
    assert ENGINE.view(state, None)["run"] == 3
    state, events = lay(state, 2, "S7")
    assert "Four 7s in a row: burned: {p2} goes again." in logs(events)
    assert state.pile == [] and state.current == 2
    assert {C("B7"), C("W7"), C("L7"), C("S7"), C("W4")} <= set(state.burned)


def test_four_of_one_value_laid_at_once_burn():
    state = make([["B7", "W7", "L7", "S7", "B3"], ["L9"]], pile=["W4"])
    state, events = lay(state, 0, "B7", "W7", "L7", "S7")
    assert "Four 7s in a row: burned: {p0} goes again." in logs(events)
    assert state.pile == [] and state.current == 0


def test_four_in_a_row_counts_only_cards_in_a_row():
    state = make([["S7", "B3"], ["L9"]], pile=["B7", "W7", "W8", "L7"])
    state, events = lay(state, 0, "S7")
    assert state.pile and state.current == 1


def test_four_in_a_row_with_the_fool_named_as_the_value():
    state = make([["S7", "B3"], ["L9"]], pile=["B7", "W7", (FOOL, 7)])
    state, events = lay(state, 0, "S7")
    assert "Four 7s in a row: burned: {p0} goes again." in logs(events)
    state = make([["S7", FOOL, "B3"], ["L9"]], pile=["B7", "W7"])
    state, events = lay(state, 0, "S7", FOOL)  # the Fool counts as a 7 with 7s
    assert "Four 7s in a row: burned: {p0} goes again." in logs(events)
    assert C(FOOL) in state.burned


def test_four_1s_in_a_row_burn():
    state = make([["S1", "B3"], ["L9"]], pile=["B1", "W1", "L1"])
    state, events = lay(state, 0, "S1")
    assert "Four 1s in a row: burned: {p0} goes again." in logs(events)


def test_burning_with_the_last_card_puts_the_player_out_and_the_next_starts_the_new_pile():
    state = make(
        [["B10"], ["S9"], ["L5"]],
        up=[[], [], []],
        down=[[], ["B3"], ["B4"]],
        pile=["W3"],
        find_shithead=True,
    )
    state, events = lay(state, 0, "B10")
    assert logs(events)[1:] == [
        "Burned by a 10!",
        "{p0} is out of cards (1st).",
        "{p1} starts the new pile.",
    ]
    assert state.finished == [0] and state.current == 1 and state.pile == []
    assert ENGINE.legal_actions(state, 0) == [] and not ENGINE.is_active(state, 0)


# ------------------------------------------------------------------ the Hanged Man


def test_after_the_hanged_man_the_next_player_must_play_lower():
    state = make([[HANGED, "B3"], ["S13", "M11", "M13", "B1"]], pile=["B9"])
    state, events = lay(state, 0, HANGED)
    assert "Hanged Man: play lower, {p1}." in logs(events)
    assert ENGINE.view(state, None)["hanged"] is True
    with refused("play lower"):
        lay(state, 1, "M13")
    legal = [p.cards for p in legal_plays(state, 1)]
    assert ids("S13") in legal and ids("M11") in legal and ids("B1") in legal
    assert ids("M13") not in legal


def test_after_the_hanged_man_lower_means_any_minor_or_a_major_0_to_11():
    for value in [*range(1, 15), *range(100, 112)]:
        assert can_go_on(value, 112)
    for value in range(112, 122):
        assert not can_go_on(value, 112)


def test_after_the_hanged_man_play_returns_to_equal_or_higher():
    state = make([["B3"], ["S5", "L4"]], pile=[HANGED], current=1)
    state, _ = lay(state, 1, "S5")
    with refused("a 5 or higher"):
        lay(state, 0, "B3")


def test_on_a_major_only_a_higher_major_a_10_or_a_2():
    state = make([["M4", "M6", "B14", "B10", "B2", "B1"], ["S9"]], pile=["M5"])
    legal = [p.cards for p in legal_plays(state, 0)]
    assert legal == [ids("B2"), ids("B10"), ids("M6")]
    with refused("only a higher Major"):
        lay(state, 0, "B14")
    with refused("only a higher Major"):
        lay(state, 0, "M4")


def test_a_1_goes_only_on_an_empty_pile_a_1_or_the_hanged_man():
    for pile, ok in (
        ([], True),
        (["W1"], True),
        ([HANGED], True),
        (["W2"], False),
        (["M3"], False),
    ):
        state = make([["B1", "B14"], ["S9"]], pile=pile)
        assert (ids("B1") in [p.cards for p in legal_plays(state, 0)]) is ok


# ------------------------------------------------------------------ the Drunken Fool


def test_the_fool_is_wild_and_names_what_it_stands_for():
    state = make([[FOOL, "B3"], ["S9"]], pile=["W9"])
    state, events = lay(state, 0, FOOL, as_value=13)
    assert logs(events) == ["{p0} plays 0 The Drunken Fool as a Queen."]
    assert state.pile[-1] == Laid(C(FOOL), 13)
    view = ENGINE.view(state, None)
    assert (view["pile_value"], english(view["pile_value_label"])) == (13, "Queen")


def test_the_fool_must_be_named_and_only_as_something_legal_there():
    state = make([[FOOL, "B3"], ["S9"]], pile=["W9"])
    with refused("Name what"):
        lay(state, 0, FOOL)
    with refused("a 9 or higher"):
        lay(state, 0, FOOL, as_value=5)
    for bad in (0, 15, 100, 122):
        with refused("can stand for"):
            lay(state, 0, FOOL, as_value=bad)


def test_legal_actions_list_only_the_fool_identities_legal_there():
    state = make([[FOOL], ["S9"]], pile=["W9"])
    assert fool_values(state, 0) == [2, 9, 10, 11, 12, 13, 14, *range(101, 122)]
    state = make([[FOOL], ["S9"]], pile=[DEVIL])
    assert fool_values(state, 0) == [10, *range(116, 122)]
    state = make([[FOOL], ["S9"]], pile=[HANGED])
    assert fool_values(state, 0) == [*range(1, 15), *range(101, 112)]
    state = make([[FOOL], ["S9"]])
    assert fool_values(state, 0) == [*range(1, 15), *range(101, 122)]
    own = ENGINE.view(state, 0)
    assert [x["as_value"] for x in own["fool_as"]] == fool_values(state, 0)
    assert english(own["fool_as"][-1]["label"]) == "The World (XXI)"


def test_the_fool_obeys_what_it_imitates():
    state = make([[FOOL, "B3"], ["S9"]], pile=[DEVIL])
    with refused("No 2"):
        lay(state, 0, FOOL, as_value=2)  # a Fool named as a 2 can't go on the Devil
    state, events = lay(state, 0, FOOL, as_value=10)  # as a 10 it burns
    assert "Burned by a 10: {p0} goes again." in logs(events)
    state = make([[FOOL, "B3"], ["S9", "M13", "L2"]], pile=["W9"])
    state, events = lay(state, 0, FOOL, as_value=112)  # as the Hanged Man: play lower
    assert "Hanged Man: play lower, {p1}." in logs(events)
    assert ids("M13") not in [p.cards for p in legal_plays(state, 1)]
    state = make([[FOOL, "B3"], ["S9", "L2"]], pile=["W9"])
    state, _ = lay(state, 0, FOOL, as_value=115)  # as the Devil: no 2 on it
    assert ENGINE.legal_actions(state, 1) == [PickUp(), Leave()]


def test_the_fool_may_stand_in_for_one_card_of_a_set():
    state = make([[FOOL, "B8", "L8", "B3"], ["S9"]], pile=["W5"])
    sets = [(p.cards, p.as_value) for p in legal_plays(state, 0)]
    assert (ids("B8", FOOL), 8) in sets and (ids("B8", "L8", FOOL), 8) in sets
    state, events = lay(state, 0, "B8", FOOL)  # its identity follows the set
    assert logs(events) == ["{p0} plays 8\U0001f37a and 0 The Drunken Fool (the Fool as an 8)."]
    assert state.pile[-1] == Laid(C(FOOL), 8)
    state = make([[FOOL, "B8", "B3"], ["S9"]], pile=["W5"])
    with refused("can only be an 8"):
        lay(state, 0, "B8", FOOL, as_value=9)
    with refused("on its own"):
        lay(make([[FOOL, "M8"], ["S9"]]), 0, "M8", FOOL, as_value=108)


def test_the_fools_identity_is_forgotten_when_the_pile_is_picked_up():
    state = make([["B3"], ["S9"]], pile=[(FOOL, 14)])
    state, _ = play(state, (0, PickUp()))
    assert C(FOOL) in state.hands[0]
    state = make([[FOOL, "B3"], ["S9"]], pile=["M21"], current=1)
    assert fool_values(state, 0) == []  # not seat 0's turn yet
    state.current = 0
    assert fool_values(state, 0) == [2, 10]


def test_the_fools_identity_is_forgotten_when_the_pile_is_burned():
    state = make([["B10", "B3"], ["S9"]], pile=[(FOOL, 14)])
    state, _ = lay(state, 0, "B10")
    assert C(FOOL) in state.burned and not state.pile


def test_only_the_fool_takes_a_name():
    with refused("Only the Drunken Fool"):
        lay(make([["B8", "B3"], ["S9"]]), 0, "B8", as_value=9)


# ------------------------------------------------------------------ face up, then blind


def test_face_up_cards_are_played_when_the_hand_and_draw_pile_are_gone():
    state = make([["B4"], ["S9"]], up=[["B6", "L6", "M3"], ["L3"]], draw=["S2"])
    with refused("hand first"):
        lay(state, 0, "B6")
    state = make([[], ["S9"]], up=[["B6", "L6", "M3"], ["L3"]])
    assert ENGINE.view(state, 0)["source"] == "up"
    sets = [p.cards for p in legal_plays(state, 0)]
    assert ids("B6", "L6") in sets  # several equal face-up cards together
    state, events = lay(state, 0, "B6", "L6")
    assert logs(events)[0] == "{p0} plays from face up 6\U0001f37a and 6\U0001f37b."
    assert state.up[0] == [C("M3")]


def test_face_up_cards_are_not_mixed_with_hand_cards():
    state = make([["B6"], ["S9"]], up=[["L6", "M3", "W2"], ["L3"]])
    with refused("hand first"):
        lay(state, 0, "B6", "L6")
    assert ids("B6", "L6") not in [p.cards for p in legal_plays(state, 0)]


def test_a_face_up_card_that_cannot_be_played_means_picking_up_the_pile():
    state = make([[], ["S9"]], up=[["B3", "B4"], []], pile=["W9"])
    state, _ = play(state, (0, PickUp()))
    assert hand(state, 0) == ["W9"] and len(state.up[0]) == 2


def test_face_down_cards_are_played_blind_and_revealed_publicly():
    state = make([[], ["S9"]], up=[[], []], down=[["B9", "B3", "M4"], ["L3"]], pile=["W5"])
    assert ENGINE.legal_actions(state, 0) == [Blind(0), Blind(1), Blind(2), Leave()]
    assert C("B9") in ENGINE.hidden(state, 0)  # not even its owner has seen it
    with refused("face-down card"):
        lay(state, 0, "B9")
    state, events = play(state, (0, Blind(0)))
    assert logs(events)[0] == "{p0} plays blind 9\U0001f37a."
    assert state.pile[-1].card == C("B9") and state.down[0] == [None, C("B3"), C("M4")]
    view = ENGINE.view(state, None)
    assert view["players"][0]["down"] == 2 and view["players"][0]["down_slots"] == [
        False,
        True,
        True,
    ]
    with refused("already been played"):
        state.current = 0
        play(state, (0, Blind(0)))


def test_a_blind_card_that_cannot_be_played_is_picked_up_with_the_pile():
    state = make([[], ["S9"]], up=[[], []], down=[["B3", "B4"], ["L3"]], pile=["W5", "W9"])
    state, events = play(state, (0, Blind(0)))
    assert logs(events) == [
        "{p0} turns 3\U0001f37a blind: it can't go on a 9.",
        "{p0} picks up the pile (3 cards).",
    ]
    assert hand(state, 0) == ["B3", "W5", "W9"] and state.current == 1
    # The hand is played down to empty before the next blind card is tried.
    state, _ = lay(state, 1, "S9")
    assert all(not isinstance(a, Blind) for a in ENGINE.legal_actions(state, 0))


def test_a_blind_fool_is_shown_and_then_named():
    state = make([[], ["S9"]], up=[[], []], down=[[FOOL, "B4"], ["L3"]], pile=["W9"])
    state, events = play(state, (0, Blind(0)))
    assert logs(events) == ["{p0} turns 0 The Drunken Fool blind: wild! What does it stand for?"]
    assert state.turned == C(FOOL) and state.current == 0
    assert ENGINE.view(state, 1)["turned"] == C(FOOL)
    assert ENGINE.view(state, 0)["must_name"] is True
    assert fool_values(state, 0) == [2, 9, 10, 11, 12, 13, 14, *range(101, 122)]
    assert ENGINE.timers(state)[0].key == "turn:1"
    with refused("Name what"):
        play(state, (0, Blind(1)))
    state, events = lay(state, 0, FOOL, as_value=14)
    assert logs(events)[0] == "{p0} plays blind 0 The Drunken Fool as a King."
    assert state.turned is None and state.pile[-1] == Laid(C(FOOL), 14)


def test_a_blind_fool_left_to_the_clock_takes_its_lowest_legal_identity():
    state = make([[], ["S9"]], up=[[], []], down=[[FOOL, "B4"], ["L3"]], pile=["W9"])
    state, _ = play(state, (0, Blind(0)))
    state, _ = timeout(state)
    assert state.pile[-1] == Laid(C(FOOL), 2)


# ------------------------------------------------------------------ the turn clock


def test_every_decision_has_its_own_turn_clock():
    state = make([["B5", "B6"], ["S9", "S10"]])
    (timer,) = ENGINE.timers(state)
    assert (timer.key, timer.seconds, timer.seats) == ("turn:0", 60, (0,))
    state, _ = lay(state, 0, "B5")
    assert [(t.key, t.seats) for t in ENGINE.timers(state)] == [("turn:1", (1,))]


def test_on_timeout_the_player_plays_their_lowest_legal_card():
    state = make([["B14", "B8", "W8", "M3", "B2"], ["S9"]], pile=["W7"])
    state, events = timeout(state)
    assert logs(events)[:2] == ["Time's up for {p0}.", "{p0} plays 2\U0001f37a."]
    state = make([["B14", "B8", "M3"], ["S9"]], pile=["W7"])
    state, _ = timeout(state)
    assert state.pile[-1].card == C("B8")


def test_on_timeout_the_fool_plays_as_its_lowest_legal_identity():
    state = make([[FOOL, "M20"], ["S9"]], pile=["M18"])
    state, _ = timeout(state)
    assert state.pile[-1] == Laid(C(FOOL), 2)


def test_on_timeout_with_nothing_legal_the_player_picks_up():
    state = make([["B3"], ["S9"]], pile=["W9"])
    state, events = timeout(state)
    assert "{p0} picks up the pile (1 card)." in logs(events)


def test_on_timeout_in_the_blind_phase_the_first_face_down_card_is_turned():
    state = make([[], ["S9"]], up=[[], []], down=[["B9"], ["L3"]], pile=["W5"])
    state.down[0] = [None, C("B9")]
    assert ENGINE.legal_actions(state, 0) == [Blind(1), Leave()]
    state, _ = timeout(state)
    assert state.pile[-1].card == C("B9")


# ------------------------------------------------------------------ the end


def test_the_first_player_out_wins():
    state = make([["B9"], ["S3"], ["L3"]], up=[[], [], []], down=[[], ["B3"], ["B4"]])
    state, events = lay(state, 0, "B9")
    assert ENGINE.is_over(state)
    assert "{p0} is out of cards and wins!" in logs(events)
    assert ENGINE.results(state).outcomes == [
        Outcome(0, "won", place=1),
        Outcome(1, "lost"),
        Outcome(2, "lost"),
    ]
    assert ENGINE.timers(state) == [] and ENGINE.legal_actions(state, 1) == []


def test_find_the_shithead_plays_on_until_one_player_holds_cards():
    state = make(
        [["B9"], ["S10"], ["L3"]],
        up=[[], [], []],
        down=[[], [], ["B4"]],
        find_shithead=True,
        shithead_finishes=True,
    )
    state, events = lay(state, 0, "B9")
    assert not ENGINE.is_over(state) and state.current == 1
    assert "{p0} is out of cards (1st)." in logs(events)
    state, events = lay(state, 1, "S10")
    assert ENGINE.is_over(state)
    assert "{p2} is the shithead!" in logs(events)
    assert drinks(events) == [Drink(2, 1, FINISH, "the shithead")]
    assert ENGINE.results(state).outcomes == [
        Outcome(0, "won", place=1),
        Outcome(1, "draw", place=2),
        Outcome(2, "lost", place=3),
    ]
    assert ENGINE.view(state, None)["shithead"] == 2


def test_shithead_finishes_needs_find_the_shithead():
    state = make([["B9"], ["S3"]], up=[[], []], down=[[], ["B3"]], shithead_finishes=True)
    state, events = lay(state, 0, "B9")
    assert ENGINE.is_over(state) and not drinks(events)


def test_pick_up_sip_costs_a_sip_per_five_cards_rounded_up():
    for size, owed in ((1, 1), (5, 1), (6, 2), (11, 3)):
        pile = [f"W{r}" for r in range(14 - size + 1, 15)]
        state = make([["B3"], ["S9"]], pile=pile, pickup_sip=True)
        state, events = play(state, (0, PickUp()))
        assert drinks(events) == [Drink(0, owed, DRINK, f"picked up {size} card{'s' * (size > 1)}")]


def test_pick_up_sip_counts_the_blind_card():
    pile = ["W5", "W6", "W7", "W8", "W9"]
    state = make([[], ["S9"]], up=[[], []], down=[["B3"], ["L3"]], pile=pile, pickup_sip=True)
    state, events = play(state, (0, Blind(0)))
    assert drinks(events) == [Drink(0, 2, DRINK, "picked up 6 cards")]


def test_no_pick_up_sip_without_the_house_rule():
    state = make([["B3"], ["S9"]], pile=["W9"])
    state, events = play(state, (0, PickUp()))
    assert not drinks(events)


def test_a_player_who_leaves_takes_all_their_cards_out_of_the_game():
    state = make([["B3", "B4"], ["S9"], ["L9"]], up=[["W2"], [], []])
    before = every_card(state)
    state, events = play(state, (0, Leave()))
    assert "{p0} leaves the game; their cards go with them." in logs(events)
    assert every_card(state) == before
    assert {C("B3"), C("B4"), C("W2")} <= set(state.removed)
    assert state.current == 1 and not ENGINE.is_active(state, 0)
    assert ENGINE.timers(state)[0].key == "turn:1"
    state, _ = play(state, (2, Leave()))
    assert ENGINE.is_over(state)
    outcomes = ENGINE.results(state).outcomes
    assert outcomes == [Outcome(0, "left"), Outcome(1, "won", place=1), Outcome(2, "left")]


def test_leaving_while_choosing_starts_play_when_the_rest_have_chosen():
    state = ENGINE.new_game(3, "leave", {})
    state, _ = ENGINE.apply(state, 0, ChooseUp([card_id(c) for c in state.hands[0][:3]]))
    state, _ = ENGINE.apply(state, 2, ChooseUp([card_id(c) for c in state.hands[2][:3]]))
    state, _ = ENGINE.apply(state, 1, Leave())
    assert state.phase == "play" and state.current == 2


def test_last_orders_ends_an_endless_game_ranking_by_cards_held():
    state = make([["B3", "B4"], ["S9"], ["L9", "L8", "L7"]], find_shithead=True)
    state.turn_no = MAX_TURNS - 1
    state, events = lay(state, 0, "B3")
    assert ENGINE.is_over(state) and state.last_orders
    assert f"Last orders: {MAX_TURNS} turns without anyone going out." in logs(events)
    places = [(o.seat, o.result, o.place) for o in ENGINE.results(state).outcomes]
    assert places == [(0, "draw", 2), (1, "won", 1), (2, "lost", 3)]


def test_going_out_resets_the_last_orders_count():
    state = make(
        [["B9"], ["S3"], ["L3"]], up=[[], [], []], down=[[], ["B3"], ["B4"]], find_shithead=True
    )
    state.turn_no = MAX_TURNS - 1
    state, _ = lay(state, 0, "B9")
    assert not ENGINE.is_over(state) and state.out_at == MAX_TURNS


def test_a_leave_is_not_one_of_the_moves_before_last_orders():
    """/rules counts plays, pick-ups and blind cards towards last orders; the leave of the
    player on turn passed the turn and counted too (the Shithead referee audit)."""
    state = make([["B5", "B6", "B7"], ["L5", "L6", "L7"], ["W5", "W6", "W7"]])
    state.turn_no = MAX_TURNS - 2
    state, _ = ENGINE.apply(state, 0, Leave())  # not a move
    state, _ = lay(state, 1, "L5")  # the 999th move
    assert not state.last_orders and not ENGINE.is_over(state)
    state, _ = lay(state, 2, "W5")  # the 1,000th
    assert state.last_orders and ENGINE.is_over(state)


# ------------------------------------------------------------------ views


def test_views_show_the_table_and_a_seat_adds_its_sorted_hand_and_legal_plays():
    state = make([["M9", "B7", "W2", "B10"], ["S9"]], up=[["L3"], ["L4"]], pile=["W5"], draw=["S2"])
    public = ENGINE.view(state, None)
    assert public["pile_top"] == C("W5") and public["pile_value"] == 5
    assert (public["pile_size"], public["draw_pile"], public["turn"]) == (1, 1, 0)
    assert public["clock"] == "turn:0" and public["phase"] == "play"
    assert [(p["hand"], p["down"]) for p in public["players"]] == [(4, 3), (1, 3)]
    assert public["players"][1]["up"] == [{"id": card_id(C("L4")), "card": C("L4")}]
    assert "hand" not in public and "playable" not in public
    own = ENGINE.view(state, 0)
    assert [e["card"].code for e in own["hand"]] == ["W2", "B7", "B10", "M9"]
    assert [e["playable"] for e in own["hand"]] == [True, True, True, True]
    assert own["playable"] == ids("W2", "B7", "B10", "M9")
    assert own["source"] == "hand" and own["my_turn"] and not own["can_pick_up"]
    check_views(ENGINE, state)


def test_hidden_cards_are_other_hands_every_face_down_card_and_the_draw_pile():
    state = make([["B7"], ["S9"]], up=[["L3"], ["L4"]], pile=["W5"], draw=["S2"])
    hidden = set(ENGINE.hidden(state, 0))
    assert C("S9") in hidden and C("B7") not in hidden and C("S2") in hidden
    assert all(c in hidden for d in state.down for c in d if c is not None)
    assert C("L3") not in hidden and C("W5") not in hidden


# ------------------------------------------------------------------ random playouts


TIMEOUT_CHANCE = 0.5


def random_game(players: int, seed: str, options: dict[str, object]) -> tuple[ShitheadState, int]:
    """A random game (random plays, timeouts, the odd leaver), checking 78 cards at every step."""
    rnd = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    full = Counter(DECK)
    steps = 0
    while not ENGINE.is_over(state):
        steps += 1
        roll = rnd.random()
        if roll < TIMEOUT_CHANCE:
            (timer,) = ENGINE.timers(state)
            seat, action = None, timer.action
        else:
            seats = [i for i in range(players) if ENGINE.is_active(state, i)]
            if state.phase == "play":
                seat = state.current if roll > 0.002 else rnd.choice(seats)
            else:
                seat = rnd.choice(seats)
            legal = ENGINE.legal_actions(state, seat)
            moves = [a for a in legal if not isinstance(a, Leave)] or legal
            action = rnd.choice(legal if roll < 0.002 else moves)
        ENGINE.play(state, seat, action, [])  # apply() without the copy, for speed
        assert count_cards(state) == 78
        if steps % 20 == 0:
            assert every_card(state) == full
    assert every_card(state) == full
    return state, steps


@pytest.mark.parametrize("players", range(2, 7))
def test_random_playouts_conserve_78_cards_and_always_end(players):
    for n in range(50):
        options = {"find_shithead": n % 2 == 1, "pickup_sip": n % 3 == 0}
        state, steps = random_game(players, f"playout-{players}-{n}", options)
        # The guard: at most MAX_TURNS decisions between two players going out.
        assert steps <= 3 * players + players * MAX_TURNS
        results = ENGINE.results(state)
        assert sorted(o.seat for o in results.outcomes) == list(range(players))
        assert sum(o.result == "won" for o in results.outcomes) == 1


@pytest.mark.parametrize("players", range(2, 7))
def test_the_deal_gives_three_face_down_first_then_six_more_when_dealt_from_the_shuffled_deck(
    players,
):
    """shithead.md: "Deal 3 cards face down to each player, then 6 more. [...] The rest is the
    draw pile." -- one at a time from the dealer's left (seat 1; seat 0 deals)."""
    state = ENGINE.new_game(players, "deal-order", {})
    deck = tarot_deck()
    rng("deal-order", "deal").shuffle(deck)
    n = players
    for seat in range(n):
        k = (seat - 1) % n  # the dealer's left gets the first card of each round
        assert state.down[seat] == deck[k : 3 * n : n], seat
        assert sorted(state.hands[seat], key=order) == sorted(
            deck[3 * n + k : 9 * n : n], key=order
        ), seat
    assert state.draw == deck[9 * n :]


def test_the_cards_of_a_player_who_left_stay_hidden_from_every_viewer_when_they_leave():
    """shithead.md: "A player who leaves: all their cards leave the game." -- face down: the
    leaver's hand, face-up and face-down cards are hidden from everyone, the public included."""
    state = make(
        [["B3", "B4"], ["S9"], ["L9"], ["L10"]],
        up=[["W2", "W7"], [], [], []],
        down=[["S3", "S4", "S5"], ["L2", "L3", "L4"], ["B8", "B9", "B11"], ["W8", "W9", "W11"]],
    )
    state, _ = play(state, (1, Leave()))  # not their turn: seat 0 keeps playing
    state, _ = play(state, (0, Leave()))
    gone = {C(x) for x in ("B3", "B4", "W2", "W7", "S3", "S4", "S5", "S9", "L2", "L3", "L4")}
    assert set(state.removed) == gone
    assert not ENGINE.is_over(state)
    for viewer in (None, 0, 1, 2, 3):
        assert gone <= set(ENGINE.hidden(state, viewer)), viewer
    check_views(ENGINE, state)


def test_the_start_each_new_pile_the_draw_pile_running_out_and_each_player_out_are_marked():
    options = {"find_shithead": True}
    states, events, marks = marked_game(ENGINE, 3, "marks-1", options=options, timeout_chance=0)
    marks = [Mark(m.step, english(m.label), m.part and english(m.part)) for m in marks]
    labels = [m.label for m in marks]
    assert labels[0] == "Play starts" and states[marks[0].step - 1].phase == "choose"
    assert labels.count("The draw pile runs out") == 1
    out = [m.label for m in marks if m.label.endswith(" is out")]
    assert out == [f"{{p{s}}} is out" for s in states[-1].finished]
    new_piles = 0  # burned or picked up: the next card starts a new pile
    for step, said in enumerate(events):
        text = " ".join(english(e.text).lower() for e in said if isinstance(e, Log))
        new_piles += "burned" in text or "picks up the pile" in text
        mark = next((m for m in marks if m.step == step), None)
        if mark is not None and mark.label.startswith("Pile "):
            assert mark.label == f"Pile {new_piles + 1}" and states[step].pile == []
        if mark is not None and mark.label == "The draw pile runs out":
            assert not states[step].draw and states[step - 1].draw
    assert sum(label.startswith("Pile ") for label in labels) > 3
    parts = {m.part for m in marks}  # the piles belong to the part they are played in
    assert parts == {"Play starts", "The draw pile runs out", *out}
