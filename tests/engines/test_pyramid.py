"""Pyramid: every rule and decision of shared/rules/pyramid.md, plus random playouts."""

from __future__ import annotations

import collections
import json
import random
from pathlib import Path

import pytest

from bot.engines.base import (
    ASSIGNED,
    PENALTY,
    Drink,
    GameError,
    GameOver,
    IllegalAction,
    Log,
    NotYourTurn,
    Outcome,
)
from bot.engines.cards import Card, french_deck
from bot.engines.pyramid import (
    ENGINE,
    PyramidEngine,
    PyramidState,
    Question,
    hand_size,
    question_for,
    row_value,
)

ALL_CODES = sorted(c.code for c in french_deck())
BANK_PATH = Path(__file__).resolve().parents[2] / "data" / "pyramid_questions.json"


# ---------------------------------------------------------------- helpers


def new(players: int = 3, seed: str = "test", **options) -> PyramidState:
    return ENGINE.new_game(players, seed, options)


def act(state, who, /, **action):
    return ENGINE.apply(state, who, action)


def fire(state, key):
    return ENGINE.apply(state, None, {"type": "timeout", "key": key})


def keys(state) -> list[str]:
    return [t.key for t in ENGINE.timers(state)]


def timer(state, key):
    return next(t for t in ENGINE.timers(state) if t.key == key)


def drinks(events) -> list[Drink]:
    return [e for e in events if isinstance(e, Drink)]


def logs(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Log)]


def questions(events) -> list[Question]:
    return [e for e in events if isinstance(e, Question)]


def label(code: str) -> str:
    return Card.from_code(code).label


def put(state: PyramidState, code: str, where: tuple) -> None:
    """Swap ``code`` into ``where`` (("pyr", i) or ("hand", seat, slot)); keeps all 52 cards."""
    places: list[tuple[list, int]] = [(state.pyramid, i) for i in range(21)]
    places += [(state.undealt, i) for i in range(len(state.undealt))]
    for hand in state.hands:
        places += [(hand, i) for i in range(len(hand))]
    src = next((lst, i) for lst, i in places if lst[i] == code)
    dst = (state.pyramid, where[1]) if where[0] == "pyr" else (state.hands[where[1]], where[2] - 1)
    src[0][src[1]], dst[0][dst[1]] = dst[0][dst[1]], src[0][src[1]]


def arrange(players=3, seed="test", pyramid=None, hands=None, look=True, **options):
    """A new game with chosen pyramid cards ({index: code}) and hands ({seat: [codes]}).

    With ``look`` the look deadline fires, so the first card is turned.
    """
    state = new(players, seed, **options)
    for i, code in (pyramid or {}).items():
        put(state, code, ("pyr", i))
    for seat, codes in (hands or {}).items():
        for slot, code in enumerate(codes, start=1):
            put(state, code, ("hand", seat, slot))
    # a hand card that was swapped into the pyramid must not undo an earlier placement
    for i, code in (pyramid or {}).items():
        assert state.pyramid[i] == code
    for seat, codes in (hands or {}).items():
        assert state.hands[seat][: len(codes)] == list(codes)
    if look:
        state, _ = fire(state, "look")
    return state


def advance_to(state, index):
    """Let the claim clock run out on every card until ``index`` is turned."""
    while state.index < index:
        state, _ = fire(state, f"claim:{state.index}")
    assert state.index == index and state.phase == "claim"
    return state


def to_explore(state):
    """Run the clock to the end of the pyramid (nobody lays)."""
    while state.phase == "claim":
        state, _ = fire(state, f"claim:{state.index}")
    return state


def main_cards(state) -> list[str]:
    cards = list(state.pyramid) + list(state.undealt)
    cards += [c for hand in state.hands for c in hand if c is not None]
    cards += [c for pile in state.laid for _, c in pile]
    return cards


def check_conservation(state) -> None:
    cards = main_cards(state)
    assert len(cards) == 52 and sorted(cards) == ALL_CODES
    if state.ex_pyramid:
        ex = state.ex_pyramid + state.stock + state.discard
        assert len(ex) == 52 and sorted(ex) == ALL_CODES


LABELS = {c.code: c.label for c in french_deck()}


def strings(obj, out: set[str]) -> set[str]:
    """Every string (dict keys too) in ``obj``; fails on anything that is not JSON data."""
    if type(obj) is dict:
        out.update(obj)
        values = obj.values()
    else:
        values = obj
    for v in values:
        kind = type(v)
        if kind is str:
            out.add(v)
        elif kind is dict or kind is list:
            strings(v, out)
        elif v is not None and kind is not int and kind is not bool and kind is not float:
            raise AssertionError(f"not JSON data: {v!r}")  # (a plain raise: this loop is hot)
    return out


def leaked(obj, codes) -> list[str]:
    """The cards among ``codes`` whose code or label appears as a string in ``obj``."""
    tokens = strings([obj], set())
    return [c for c in codes if c in tokens or LABELS[c] in tokens]


def in_json(view, codes) -> list[str]:
    """The cards among ``codes`` whose code or label occurs anywhere in ``json.dumps(view)``."""
    text = json.dumps(view, ensure_ascii=False)
    return [c for c in codes if c in text or LABELS[c] in text]


def hidden_hand_cards(state, seat_allowed=None) -> list[str]:
    out = []
    for s, hand in enumerate(state.hands):
        if s == seat_allowed and state.peeking[s]:
            continue
        out += [c for n, c in enumerate(hand) if c is not None and not state.revealed[s][n]]
    return out


def hidden_main(state, seat=None) -> list[str]:
    face_down = [state.pyramid[i] for i in range(21) if i > state.index]
    return face_down + list(state.undealt) + hidden_hand_cards(state, seat)


def hidden_explore(state) -> list[str]:
    if not state.ex_pyramid:
        return []
    return [c for c, t in zip(state.ex_pyramid, state.ex_turned, strict=True) if not t] + list(
        state.stock
    )


def check_view(state, seat) -> None:
    """The view is JSON and shows no hidden card (each part checked against its own deck)."""
    view = ENGINE.view(state, seat)
    json.dumps(view)
    explore = view.pop("explore")
    assert not leaked(view, hidden_main(state, seat))
    assert not leaked(explore, hidden_explore(state))


def roundtrip(state, full: bool = True) -> None:
    data = ENGINE.to_dict(state)
    assert ENGINE.from_dict(data) == state
    text = json.dumps(data)
    if full:
        assert ENGINE.from_dict(json.loads(text)) == state


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("players,k", [(2, 4), (3, 4), (7, 4), (8, 3), (10, 3)])
def test_deal_sizes(players, k):
    state = new(players)
    assert hand_size(players) == k
    assert len(state.pyramid) == 21
    assert [len(h) for h in state.hands] == [k] * players
    check_conservation(state)
    view = ENGINE.view(state, None)
    for seat in view["seats"]:
        assert [s["slot"] for s in seat["slots"]] == list(range(1, k + 1))
        assert seat["cards_left"] == k


def test_engine_identity_and_options():
    assert ENGINE.name == "pyramid" and ENGINE.title == "Pyramid"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 10)
    assert PyramidEngine.host_actions == frozenset({"ask"})
    state = new(3)
    assert (state.claim_seconds, state.convo, state.look_seconds) == (20, False, 60)
    state = new(3, claim_seconds=60, convo=True, look_seconds=30)
    assert (state.claim_seconds, state.convo, state.look_seconds) == (60, True, 30)
    for bad in ({"claim_seconds": 9}, {"claim_seconds": 61}, {"look_seconds": 301}, {"x": 1}):
        with pytest.raises(IllegalAction):
            new(3, **bad)
    for players in (1, 11):
        with pytest.raises(IllegalAction):
            new(players)


def test_same_seed_same_deal():
    assert new(5, "abc") == new(5, "abc")
    assert new(5, "abc").pyramid != new(5, "abd").pyramid


def test_row_values():
    assert [row_value(i) for i in range(21)] == [1] * 6 + [2] * 5 + [4] * 4 + [6] * 3 + [8] * 2 + [
        10
    ]
    rows = ENGINE.view(new(3), None)["rows"]
    assert [r["row"] for r in rows] == ["6", "5", "4", "3", "2", "top"]
    assert [r["value"] for r in rows] == [1, 2, 4, 6, 8, 10]
    assert [[c["index"] for c in r["cards"]] for r in rows] == [
        [0, 1, 2, 3, 4, 5],
        [6, 7, 8, 9, 10],
        [11, 12, 13, 14],
        [15, 16, 17],
        [18, 19],
        [20],
    ]


def test_turning_order_one_at_a_time_bottom_to_top():
    state = arrange(3)
    seen = [state.index]
    while state.phase == "claim":
        view = ENGINE.view(state, None)
        flat = [c for r in view["rows"] for c in r["cards"]]
        assert [c["face_down"] for c in flat] == [i > state.index for i in range(21)]
        assert view["row_value"] == row_value(state.index)
        assert view["card"] == label(state.pyramid[state.index])
        state, ev = fire(state, f"claim:{state.index}")
        if state.phase == "claim":
            seen.append(state.index)
            assert any(label(state.pyramid[state.index]) in t for t in logs(ev))
    assert seen == list(range(21))
    assert state.phase == "explore"


# ---------------------------------------------------------------- the peek


def test_peek_shows_faces_only_during_the_peek():
    state = new(3)
    codes0 = list(state.hands[0])
    assert not in_json(ENGINE.view(state, 0), codes0)  # no look taken yet
    state, ev = act(state, 0, type="peek")
    assert "{p0} takes their look" in logs(ev)
    me = ENGINE.view(state, 0)["me"]
    assert [s["code"] for s in me["slots"]] == codes0
    assert [s["card"] for s in me["slots"]] == [label(c) for c in codes0]
    assert not in_json(ENGINE.view(state, None), codes0)
    assert not in_json(ENGINE.view(state, 1), codes0)
    peek = timer(state, "peek:0")
    assert peek.seconds == 15 and peek.seats == () and peek.action["key"] == "peek:0"
    state, _ = fire(state, "peek:0")
    assert not in_json(ENGINE.view(state, 0), codes0)
    state, _ = fire(state, "look")
    for seat in (None, 0, 1, 2):
        assert not in_json(ENGINE.view(state, seat), codes0)


def test_second_peek_refused():
    state, _ = act(new(3), 0, type="peek")
    with pytest.raises(GameError, match="You have already had your look."):
        act(state, 0, type="peek")
    state, _ = fire(state, "peek:0")
    with pytest.raises(GameError, match="You have already had your look."):
        act(state, 0, type="peek")
    assert {"type": "peek"} not in ENGINE.legal_actions(state, 0)
    assert {"type": "peek"} in ENGINE.legal_actions(state, 1)


def test_first_card_turned_when_everyone_has_looked():
    state = new(3)
    for seat in range(3):
        state, _ = act(state, seat, type="peek")
    assert state.phase == "peek"
    state, _ = fire(state, "peek:0")
    state, _ = fire(state, "peek:1")
    assert state.phase == "peek" and state.index == -1
    state, ev = fire(state, "peek:2")
    assert state.phase == "claim" and state.index == 0
    assert f"Everyone has looked: the first card is {label(state.pyramid[0])}" in logs(ev)[-1]
    assert "look" not in keys(state)


def test_look_deadline_ends_every_peek_and_turns_the_first_card():
    state = new(3, look_seconds=90)
    look = timer(state, "look")
    assert look.seconds == 90 and look.seats == ()
    state, _ = act(state, 0, type="peek")
    codes0 = list(state.hands[0])
    state, ev = fire(state, "look")
    assert state.phase == "claim" and state.index == 0
    assert state.peeking == [False, False, False]
    assert "peek:0" not in keys(state)
    assert not in_json(ENGINE.view(state, 0), codes0)
    with pytest.raises(GameError):
        fire(state, "peek:0")
    with pytest.raises(GameError):  # who never looked has lost the chance
        act(state, 1, type="peek")
    assert {"type": "peek"} not in ENGINE.legal_actions(state, 1)


def test_leaver_does_not_hold_up_the_look():
    state = new(3)
    state, _ = act(state, 0, type="peek")
    state, _ = act(state, 1, type="peek")
    state, _ = fire(state, "peek:0")
    state, _ = fire(state, "peek:1")
    state, _ = act(state, 2, type="leave")
    assert state.phase == "claim" and state.index == 0


# ---------------------------------------------------------------- laying


def test_lay_right_card():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "9S", "KH", "2C"]})
    state, ev = act(state, 0, type="lay", slot=1)
    assert state.hands[0] == [None, "9S", "KH", "2C"]
    assert state.laid[0] == [[0, "7D"]]
    assert state.gives == [{"id": 1, "giver": 0, "left": 1, "index": 0}]
    assert "{p0} lays a 7♦ on the 7♣: right! {p0} gives 1 sip" in logs(ev)
    assert not drinks(ev)
    view = ENGINE.view(state, None)
    assert view["rows"][0]["cards"][0]["laid"] == [{"seat": 0, "card": "7♦", "code": "7D"}]
    assert view["seats"][0]["slots"][0] == {"slot": 1, "state": "empty"}
    assert view["seats"][0]["claim"] == "laid"
    check_conservation(state)


def test_lay_wrong_card_is_shown_drunk_and_bars():
    state = arrange(3, pyramid={0: "QH"}, hands={0: ["9D", "QS", "KH", "2C"]})
    state, ev = act(state, 0, type="lay", slot=1)
    assert state.hands[0][0] == "9D" and state.revealed[0][0]
    assert drinks(ev) == [Drink(seat=0, sips=1, kind=PENALTY, reason="a wrong card on the Q♥")]
    assert "{p0} lays a 9♦ on the Q♥: wrong, drinks 1" in logs(ev)
    assert state.claims[0] == "barred"
    assert ENGINE.view(state, None)["seats"][0]["slots"][0] == {
        "slot": 1,
        "state": "revealed",
        "card": "9♦",
        "code": "9D",
    }
    with pytest.raises(GameError, match="no more cards"):
        act(state, 0, type="lay", slot=2)  # even the right one
    with pytest.raises(GameError):
        act(state, 0, type="pass")
    assert [a["type"] for a in ENGINE.legal_actions(state, 0)] == ["leave"]


def test_wrong_card_stays_public_until_laid():
    state = arrange(3, pyramid={0: "QH", 1: "9C"}, hands={0: ["9D", "QS", "KH", "2C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state = advance_to(state, 1)
    assert ENGINE.view(state, 1)["seats"][0]["slots"][0]["card"] == "9♦"
    assert ENGINE.view(state, 0)["me"]["slots"][0]["card"] == "9♦"
    state, _ = act(state, 0, type="lay", slot=1)  # now it is right
    assert state.hands[0][0] is None and not state.revealed[0][0]


def test_one_player_lays_several_cards_on_one_card():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "KH", "2C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 0, type="lay", slot=2)
    assert state.laid[0] == [[0, "7D"], [0, "7H"]]
    assert [g["left"] for g in state.gives] == [1, 1]  # each right card earns a full row value
    assert state.window_open


def test_several_players_lay_on_one_card_and_suits_do_not_matter():
    state = arrange(
        3,
        pyramid={0: "7C"},
        hands={0: ["7D", "2D", "3D", "4D"], 1: ["7H", "2H", "3H", "4H"], 2: ["7S", "2S", "3S"]},
    )
    for seat in range(3):
        state, _ = act(state, seat, type="lay", slot=1)
    assert state.laid[0] == [[0, "7D"], [1, "7H"], [2, "7S"]]
    assert [g["giver"] for g in state.gives] == [0, 1, 2]


def test_slots_are_never_renumbered():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["2D", "7D", "3D", "4D"]})
    state, _ = act(state, 0, type="lay", slot=2)
    lays = [a["slot"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "lay"]
    assert lays == [1, 3, 4]
    slots = ENGINE.view(state, None)["seats"][0]["slots"]
    assert [(s["slot"], s["state"]) for s in slots] == [
        (1, "hidden"),
        (2, "empty"),
        (3, "hidden"),
        (4, "hidden"),
    ]
    with pytest.raises(GameError, match="Your card 2 is already laid"):
        act(state, 0, type="lay", slot=2)
    state, ev = act(state, 0, type="lay", slot=3)  # slot 3 is still the 3♦
    assert "3♦" in logs(ev)[0]


def test_lay_refusals():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["2D", "7D", "3D", "4D"]}, look=False)
    with pytest.raises(GameError):  # wrong phase
        act(state, 0, type="lay", slot=1)
    state, _ = fire(state, "look")
    for slot in (0, 5, "1", None, True):
        with pytest.raises(GameError):
            act(state, 0, type="lay", slot=slot)
    state, _ = act(state, 1, type="pass")
    with pytest.raises(GameError, match="passed"):
        act(state, 1, type="lay", slot=1)
    state, _ = act(state, 2, type="leave")
    with pytest.raises(GameError, match="left"):
        act(state, 2, type="lay", slot=1)
    with pytest.raises(GameError):
        act(state, 0, type="fly")
    with pytest.raises(GameError):
        act(state, 7, type="pass")
    with pytest.raises(GameError):
        ENGINE.apply(state, None, {"type": "pass"})


def test_window_closes_early_when_all_passed_or_barred():
    state = arrange(3, pyramid={0: "7C"}, hands={1: ["9D", "2D", "3D", "4D"]})
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="lay", slot=1)  # wrong: barred
    assert state.index == 0 and state.window_open
    state, ev = act(state, 2, type="pass")
    assert state.index == 1 and state.window_open
    assert state.claims == ["waiting"] * 3
    assert any(t.startswith("Card 2 of 21") for t in logs(ev))


def test_window_closes_early_once_everyone_laid_or_passed():
    # pyramid.md: "It closes early once every player has laid or passed."
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "2D", "3D", "4D"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 1, type="pass")
    assert state.window_open  # seat 2 has not answered yet: seat 0 may still lay more
    state, _ = act(state, 2, type="pass")
    assert not state.window_open and state.index == 0  # closed; waiting for the give
    state, _ = act(state, 0, type="give", to=1, sips=1)
    assert state.index == 1


def test_one_player_lays_several_cards_at_once():
    state = arrange(2, pyramid={0: "7C"}, hands={0: ["7D", "2D", "7H", "4D"]})
    state, events = act(state, 0, type="lay", slots=[1, 3])
    assert [c for _, c in state.laid[0]] == ["7D", "7H"]
    assert [g["left"] for g in state.gives] == [1, 1]  # one full row value per right card
    assert state.hands[0] == [None, "2D", None, "4D"]
    with pytest.raises(GameError, match="already laid"):
        act(state, 0, type="lay", slots=[2, 3])
    with pytest.raises(GameError, match="each once"):
        act(state, 0, type="lay", slots=[2, 2])


def test_a_wrong_card_stops_the_rest_of_a_several_card_lay():
    state = arrange(2, pyramid={0: "7C"}, hands={0: ["2D", "7D", "3D", "4D"]})
    state, _ = act(state, 0, type="lay", slots=[1, 2])
    assert state.claims[0] == "barred" and state.hands[0][1] == "7D"  # never laid


def test_claim_timeout_is_a_pass_without_strike():
    state = arrange(3, claim_seconds=45)
    claim = timer(state, "claim:0")
    assert claim.seconds == 45 and claim.seats == ()
    assert claim.action == {"type": "timeout", "key": "claim:0"}
    state, ev = fire(state, "claim:0")
    assert not drinks(ev)
    assert state.index == 1
    assert f"Time is up on the {label(ENGINE.from_dict(ENGINE.to_dict(state)).pyramid[0])}" in logs(
        ev
    )


def test_empty_hand_is_passed_automatically():
    state = arrange(
        2,
        pyramid={0: "2C", 1: "3C", 2: "4C", 3: "5C"},
        hands={0: ["2D", "3D", "4D", "5D"], 1: ["2H", "3H", "4H", "5H"]},
    )
    for i in range(4):
        assert state.index == i
        for seat in (0, 1):
            state, _ = act(state, seat, type="lay", slot=i + 1)
            state, _ = act(state, seat, type="give", to=1 - seat)
    # every hand is empty: the rest of the pyramid turns by itself and nobody explores
    assert state.phase == "over" and state.index == 20


def test_next_card_waits_for_pending_gives():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "2D", "3D", "4D"]})
    state, _ = act(state, 0, type="lay", slot=1)
    for seat in range(3):
        state, _ = act(state, seat, type="pass")
    assert not state.window_open and state.index == 0
    assert keys(state) == ["give:1"]
    with pytest.raises(GameError):
        act(state, 0, type="lay", slot=2)
    state, _ = act(state, 0, type="give", to=2, sips=1)
    assert state.index == 1 and state.window_open


# ---------------------------------------------------------------- giving


def four_row(players=3, **options):
    """Seat 0 has laid a right card on pyramid card 11 (row value 4)."""
    state = arrange(players, pyramid={11: "8C"}, hands={0: ["8D", "8H", "3D", "4D"]}, **options)
    state = advance_to(state, 11)
    state, _ = act(state, 0, type="lay", slot=1)
    assert state.gives[0]["left"] == 4
    return state


def test_give_split_sums_to_the_row_value():
    state = four_row()
    state, ev = act(state, 0, type="give", split={"1": 1, "2": 3})
    assert drinks(ev) == [
        Drink(seat=1, sips=1, kind=ASSIGNED, reason="a matched 8", giver=0),
        Drink(seat=2, sips=3, kind=ASSIGNED, reason="a matched 8", giver=0),
    ]
    assert "{p0} gives {p2} 3 sips" in logs(ev)
    assert state.gives == [] and state.given == [4, 0, 0] and state.taken == [0, 1, 3]


def test_give_in_parts_and_the_rest():
    state = four_row()
    state, _ = act(state, 0, type="give", to=1, sips=1)
    assert state.gives[0]["left"] == 3
    assert ENGINE.view(state, None)["gives"][0]["left"] == 3
    state, ev = act(state, 0, type="give", to=2)  # no sips: all that is left
    assert [d.sips for d in drinks(ev)] == [3] and state.gives == []


def test_give_refusals():
    state = four_row()
    bad = [
        {"to": 0, "sips": 1},  # to self
        {"to": 1, "sips": 5},  # more than left
        {"to": 1, "sips": 0},
        {"to": 1, "sips": -1},
        {"to": 1, "sips": 1.5},
        {"to": 1, "sips": True},
        {"to": 9, "sips": 1},
        {"to": None},
        {"split": {"1": 2, "2": 3}},  # 5 > 4
        {"split": {"0": 1}},
        {"split": {}},
        {"split": {"1": 1, 1: 1}},  # the same player twice
        {"split": [1, 2]},
    ]
    for extra in bad:
        with pytest.raises(GameError):
            act(state, 0, type="give", **extra)
    with pytest.raises(GameError, match="yourself"):
        act(state, 0, type="give", to=0, sips=1)
    with pytest.raises(GameError, match="no sips"):
        act(state, 1, type="give", to=2, sips=1)
    state, _ = act(state, 2, type="leave")
    with pytest.raises(GameError, match="left"):
        act(state, 0, type="give", to=2, sips=1)
    targets = {a["to"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "give"}
    assert targets == {1}


def test_give_clock_and_timeout_to_a_generator_chosen_other_player():
    targets = set()
    for n in range(12):
        state = four_row(4, seed=f"give{n}")
        state, _ = act(state, 0, type="give", to=1, sips=1)
        give = timer(state, "give:1")
        assert give.seconds == 30 and give.seats == (0,)
        restored = ENGINE.from_dict(ENGINE.to_dict(state))
        state, ev = fire(state, "give:1")
        (d,) = drinks(ev)
        assert d.sips == 3 and d.giver == 0 and d.kind == ASSIGNED and d.seat in (1, 2, 3)
        assert drinks(fire(restored, "give:1")[1]) == [d]  # the same draw after a restore
        targets.add(d.seat)
    assert len(targets) > 1


def test_give_timeout_never_picks_a_leaver():
    for n in range(10):
        state = four_row(3, seed=f"leave{n}")
        state, _ = act(state, 1, type="leave")
        state, ev = fire(state, "give:1")
        assert drinks(ev)[0].seat == 2


def test_gives_apply_to_the_oldest_first():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "KH", "2C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 0, type="lay", slot=2)
    assert [g["id"] for g in state.gives] == [1, 2]
    assert keys(state) == ["claim:0", "give:1", "give:2"]
    state, _ = act(state, 0, type="give", to=1, sips=1)
    assert [g["id"] for g in state.gives] == [2]


def test_gives_while_the_window_is_open():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "KH", "2C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 0, type="give", to=1, sips=1)
    assert state.window_open and state.index == 0
    state, _ = act(state, 0, type="lay", slot=2)
    assert state.gives[0]["left"] == 1


# ---------------------------------------------------------------- convo mode


def test_convo_no_split():
    state = four_row(convo=True)
    with pytest.raises(GameError, match="convo"):
        act(state, 0, type="give", split={"1": 2, "2": 2})
    with pytest.raises(GameError, match="convo"):
        act(state, 0, type="give", to=1, sips=2)
    gives = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "give"]
    assert gives == [{"type": "give", "to": 1}, {"type": "give", "to": 2}]
    state, ev = act(state, 0, type="give", to=1, sips=4)
    assert not drinks(ev)
    assert state.answers == [{"id": 2, "giver": 0, "target": 1, "sips": 4, "index": 11}]
    assert questions(ev) == [Question(seat=1, rank=8, index=11)]


def test_convo_answer():
    state = four_row(convo=True)
    state, _ = act(state, 0, type="give", to=1)
    answer = timer(state, "answer:2")
    assert answer.seconds == 30 and answer.seats == (1,)
    assert [a["type"] for a in ENGINE.legal_actions(state, 1)][-3:] == ["answer", "refuse", "leave"]
    with pytest.raises(GameError):
        act(state, 2, type="answer")
    state, ev = act(state, 1, type="answer")
    assert drinks(ev) == [Drink(1, 4, ASSIGNED, "answered the 8's question", 0)]
    assert "{p1} answers the question of the 8♣ and drinks 4" in logs(ev)
    assert state.answers == [] and state.given[0] == 4


def test_convo_refuse_drinks_double():
    state = four_row(convo=True)
    state, _ = act(state, 0, type="give", to=2)
    state, ev = act(state, 2, type="refuse")
    assert drinks(ev) == [Drink(2, 8, ASSIGNED, "refused the 8's question", 0)]
    assert state.taken[2] == 8


def test_convo_answer_timeout_counts_as_answering():
    state = four_row(convo=True)
    state, _ = act(state, 0, type="give", to=1)
    state, ev = fire(state, "answer:2")
    assert [d.sips for d in drinks(ev)] == [4]


def test_convo_give_timeout_names_a_player_who_must_answer():
    state = four_row(convo=True)
    state, ev = fire(state, "give:1")
    assert not drinks(ev)
    (q,) = questions(ev)
    assert q.seat in (1, 2) and q.rank == 8 and q.index == 11
    assert state.answers[0]["target"] == q.seat


def test_convo_answer_holds_the_next_card():
    state = four_row(convo=True)
    state, _ = act(state, 0, type="give", to=1)
    for seat in range(3):
        state, _ = act(state, seat, type="pass")
    assert state.index == 11 and not state.window_open
    state, _ = act(state, 1, type="answer")
    assert state.index == 12


def test_host_ask_rules():
    state = arrange(3, pyramid={0: "7C", 1: "5S"}, hands={0: ["7D", "7H", "2C", "3C"]}, convo=True)
    with pytest.raises(GameError):  # nobody laid two cards yet
        act(state, 1, type="ask", seat=0, card=0)
    state, _ = act(state, 0, type="lay", slot=1)
    with pytest.raises(GameError):  # one card is not enough
        act(state, 1, type="ask", seat=0, card=0)
    state, _ = act(state, 0, type="lay", slot=2)
    assert {"type": "ask", "seat": 0, "card": 0} in ENGINE.legal_actions(state, 1)
    with pytest.raises(GameError):  # a face-down card has no question yet
        act(state, 1, type="ask", seat=0, card=1)
    with pytest.raises(GameError):  # seat 2 laid nothing
        act(state, 1, type="ask", seat=2, card=0)
    state = ENGINE.from_dict(ENGINE.to_dict(state))
    state, _ = act(state, 0, type="give", to=1)
    state, _ = act(state, 1, type="answer")
    state, _ = act(state, 0, type="give", to=2)
    state, _ = act(state, 2, type="answer")
    state = advance_to(state, 1)
    assert ENGINE.view(state, None)["askable"] == [0]
    state, ev = act(state, 1, type="ask", seat=0, card=1)  # any turned card
    assert questions(ev) == [Question(seat=0, rank=5, index=1)]
    assert "{p1} asks {p0} the question of the 5♠" in logs(ev)
    assert not drinks(ev)
    with pytest.raises(GameError):  # one question per pile of two or more
        act(state, 1, type="ask", seat=0, card=0)
    assert not [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "ask"]


def test_host_ask_refused_without_convo():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "2C", "3C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 0, type="lay", slot=2)
    with pytest.raises(GameError, match="convo"):
        act(state, 1, type="ask", seat=0, card=0)
    assert not [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "ask"]


def test_question_bank_file():
    bank = json.loads(BANK_PATH.read_text(encoding="utf-8"))
    ranks = [str(r) for r in range(2, 11)] + ["J", "Q", "K", "A"]
    assert sorted(bank) == sorted(ranks)
    every = [q for r in ranks for q in bank[r]]
    assert all(len(bank[r]) >= 4 for r in ranks)
    assert all(isinstance(q, str) and q.strip() for q in every)
    assert len(set(every)) == len(every)


def test_question_for_is_deterministic():
    bank = json.loads(BANK_PATH.read_text(encoding="utf-8"))
    for rank, key in ((2, "2"), (10, "10"), (11, "J"), (14, "A")):
        picks = [question_for(bank, rank, "seed", n) for n in range(20)]
        assert all(p in bank[key] for p in picks)
        assert picks == [question_for(bank, rank, "seed", n) for n in range(20)]
        assert len(set(picks)) > 1
    with pytest.raises(KeyError):
        question_for({}, 7, "seed", 0)


# ---------------------------------------------------------------- exploring


def ex_put(state, code, pos):
    """Swap ``code`` into the exploration pyramid at ``pos`` (from the pyramid or the stock)."""
    lists = [state.ex_pyramid, state.stock, state.discard]
    src = next((lst, lst.index(code)) for lst in lists if code in lst)
    src[0][src[1]], state.ex_pyramid[pos] = state.ex_pyramid[pos], code


def safe_climb(state):
    """Make the explorer's leftmost path non-royal and climb it by hand."""
    for n, pos in enumerate((0, 6, 11, 15, 18, 20)):
        ex_put(state, f"{n + 2}D", pos)
    events = []
    for pos in (0, 6, 11, 15, 18, 20):
        state, ev = act(state, state.explorer, type="explore", pos=pos)
        events += ev
    return state, events


def test_explorers_are_the_most_cards_left():
    state = arrange(
        3, pyramid={0: "7C"}, hands={0: ["7D", "7H", "2C", "3C"], 1: ["7S", "2D", "3D", "4D"]}
    )
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 0, type="lay", slot=2)
    state, _ = act(state, 1, type="lay", slot=1)
    for seat in (0, 0, 1):
        state, _ = act(state, seat, type="give", to=2)
    state = to_explore(state)
    assert state.phase == "explore" and state.explorer == 2 and state.explorers == []
    view = ENGINE.view(state, None)
    assert view["explore"]["explorer"] == 2 and view["explore"]["stock"] == 31
    assert [s["cards_left"] for s in view["seats"]] == [2, 3, 4]


def test_tied_players_explore_one_after_another_each_with_a_fresh_pyramid():
    state = to_explore(arrange(3))
    assert state.explorer == 0 and state.explorers == [1, 2]
    assert len(state.ex_pyramid) == 21 and len(state.stock) == 31
    check_conservation(state)
    first = list(state.ex_pyramid)
    state, ev = safe_climb(state)
    assert "{p0} has explored the whole pyramid" in logs(ev)
    assert state.explorer == 1 and state.explorers == [2]
    assert state.ex_pyramid != first and not any(state.ex_turned) and state.ex_row == 0
    assert len(state.stock) == 31 and state.discard == []
    state, _ = safe_climb(state)
    assert state.explorer == 2
    state, ev = safe_climb(state)
    assert state.phase == "over" and "The game is over" in logs(ev)


def test_nobody_explores_when_the_most_is_zero():
    state = arrange(
        2,
        pyramid={0: "2C", 1: "3C", 2: "4C", 3: "5C"},
        hands={0: ["2D", "3D", "4D", "5D"], 1: ["2H", "3H", "4H", "5H"]},
    )
    events = []
    for i in range(4):
        for seat in (0, 1):
            state, ev = act(state, seat, type="lay", slot=i + 1)
            events += ev
            state, ev = act(state, seat, type="give", to=1 - seat)
            events += ev
    assert state.phase == "over" and state.explorer is None
    assert "Nobody has cards left: nobody explores the pyramid" in logs(events)


def test_explore_climbs_a_row_per_card():
    state = to_explore(arrange(3))
    ex_put(state, "2D", 3)
    state, ev = act(state, 0, type="explore", pos=3)
    assert state.ex_row == 1 and state.ex_turned[3]
    assert "{p0} explores: turns 2♦ in the 6-row" in logs(ev)
    assert not drinks(ev)
    rows = ENGINE.view(state, None)["explore"]["rows"]
    assert rows[0]["turned"] == [{"pos": 3, "card": "2♦", "code": "2D"}]
    assert rows[0]["face_down"] == [0, 1, 2, 4, 5]
    assert [a["pos"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "explore"] == list(
        range(6, 11)
    )


def test_royal_restarts_and_replaces_every_turned_card():
    state = to_explore(arrange(3))
    ex_put(state, "2D", 0)
    ex_put(state, "3D", 6)
    ex_put(state, "KS", 11)
    state, _ = act(state, 0, type="explore", pos=0)
    state, _ = act(state, 0, type="explore", pos=6)
    top_of_stock = state.stock[:3]
    state, ev = act(state, 0, type="explore", pos=11)
    assert drinks(ev) == [Drink(0, 4, PENALTY, "K♠ exploring the 4-row")]
    assert "{p0} explores: turns K♠ in the 4-row, drinks 4 and starts again" in logs(ev)
    assert state.ex_row == 0 and not any(state.ex_turned)
    assert [state.ex_pyramid[p] for p in (0, 6, 11)] == top_of_stock
    assert state.discard == ["2D", "3D", "KS"] and len(state.stock) == 28
    assert state.explorer == 0
    check_conservation(state)


def test_stock_is_reshuffled_when_empty():
    state = to_explore(arrange(3))
    ex_put(state, "2D", 0)
    ex_put(state, "AS", 6)
    state, _ = act(state, 0, type="explore", pos=0)
    # pathological: the stock has one card left, the rest already turned and discarded
    state.discard, state.stock = state.stock[1:], state.stock[:1]
    last = state.stock[0]
    state, ev = act(state, 0, type="explore", pos=6)
    assert any("stock is empty" in t for t in logs(ev))
    assert state.ex_pyramid[0] == last
    assert len(state.stock) == 31 and state.discard == []  # 30 + 2 turned, minus 1 drawn
    check_conservation(state)
    restored = ENGINE.from_dict(ENGINE.to_dict(state))
    assert restored == state


def test_explore_clock_and_timeout_turns_the_leftmost_card():
    state = to_explore(arrange(3))
    (clock,) = ENGINE.timers(state)
    assert clock.seconds == 20 and clock.seats == (0,) and clock.key.startswith("explore:")
    ex_put(state, "2D", 0)
    ex_put(state, "3D", 6)
    state, _ = fire(state, clock.key)
    assert state.ex_turned[0] and state.ex_row == 1
    (clock2,) = ENGINE.timers(state)
    assert clock2.key != clock.key
    state, _ = fire(state, clock2.key)
    assert state.ex_turned[6] and state.ex_row == 2
    with pytest.raises(GameError):
        fire(state, clock.key)


def test_explore_refusals():
    state = arrange(3)
    with pytest.raises(GameError):
        act(state, 0, type="explore", pos=0)
    state = to_explore(state)
    ex_put(state, "2D", 0)
    with pytest.raises(NotYourTurn):
        act(state, 1, type="explore", pos=0)
    for pos in (6, 20, -1, 21, "0", None):
        with pytest.raises(GameError):
            act(state, 0, type="explore", pos=pos)
    state, _ = act(state, 0, type="explore", pos=0)
    with pytest.raises(GameError):  # the 6-row is done, and the card is turned
        act(state, 0, type="explore", pos=0)
    with pytest.raises(GameError):
        act(state, 0, type="explore", pos=1)


def test_royal_at_the_top_starts_again():
    state = to_explore(arrange(3))
    for n, pos in enumerate((0, 6, 11, 15, 18)):
        ex_put(state, f"{n + 2}D", pos)
    ex_put(state, "AH", 20)
    for pos in (0, 6, 11, 15, 18):
        state, _ = act(state, 0, type="explore", pos=pos)
    state, ev = act(state, 0, type="explore", pos=20)
    assert [d.sips for d in drinks(ev)] == [10]
    assert state.ex_row == 0 and state.explorer == 0 and len(state.discard) == 6


# ---------------------------------------------------------------- leaving


def test_leaving_removes_the_hand_from_play():
    state = arrange(
        3, pyramid={0: "7C"}, hands={0: ["7D", "2C", "3C", "4C"], 1: ["7H", "2D", "3D", "4D"]}
    )
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 1, type="lay", slot=1)
    state, _ = act(state, 0, type="give", to=1)
    state, _ = act(state, 1, type="give", to=0)
    state, ev = act(state, 2, type="leave")  # seat 2 has the most cards, but has left
    assert "{p2} leaves the game: their hand is out of play" in logs(ev)
    view = ENGINE.view(state, None)
    assert view["seats"][2]["slots"] == [] and view["seats"][2]["cards_left"] == 0
    assert view["seats"][2]["claim"] == "left"
    assert ENGINE.legal_actions(state, 2) == []
    check_conservation(state)
    state = to_explore(state)
    assert state.explorer == 0 and state.explorers == [1]
    with pytest.raises(GameError):
        act(state, 2, type="leave")


def test_leaving_drops_pending_gives_and_frees_the_next_card():
    state = arrange(3, pyramid={0: "7C"}, hands={0: ["7D", "2C", "3C", "4C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    state, _ = act(state, 1, type="pass")
    state, _ = act(state, 2, type="pass")
    assert state.index == 0 and not state.window_open  # the give holds the next card
    state, _ = act(state, 0, type="leave")
    assert state.gives == [] and state.index == 1


def test_leaving_with_an_open_question_returns_the_sips_to_the_giver():
    state = four_row(convo=True)
    state, _ = act(state, 0, type="give", to=1)
    state, _ = act(state, 1, type="leave")
    assert state.answers == [] and state.gives[0]["giver"] == 0 and state.gives[0]["left"] == 4
    state, ev = act(state, 0, type="give", to=2)
    assert questions(ev)[0].seat == 2


def test_game_ends_below_two_players():
    state = arrange(2)
    state, ev = act(state, 1, type="leave")
    assert state.phase == "over" and ENGINE.is_over(state)
    assert ENGINE.timers(state) == [] and ENGINE.legal_actions(state, 0) == []
    assert ENGINE.results(state).outcomes == [Outcome(0, "won"), Outcome(1, "left")]
    with pytest.raises(GameOver):
        act(state, 0, type="pass")
    with pytest.raises(GameOver):
        act(state, 0, type="leave")


def test_game_ends_below_two_players_during_the_peek():
    state, _ = act(new(3), 0, type="leave")
    state, _ = act(state, 1, type="leave")
    assert state.phase == "over"


def test_leaving_explorer_ends_their_exploration():
    state = to_explore(arrange(3))
    assert state.explorer == 0
    state, ev = act(state, 0, type="leave")
    assert state.explorer == 1 and state.explorers == [2] and not any(state.ex_turned)
    state, _ = act(state, 2, type="leave")  # a queued explorer leaves: too few players anyway
    assert state.phase == "over"


def test_queued_explorer_who_leaves_is_skipped():
    state = to_explore(arrange(4))
    state, _ = act(state, 1, type="leave")
    assert state.explorers == [2, 3]
    state, _ = safe_climb(state)
    assert state.explorer == 2


# ---------------------------------------------------------------- clocks, results, state


def test_timeout_refusals():
    state = arrange(3)
    with pytest.raises(GameError):
        fire(state, "claim:5")
    with pytest.raises(GameError):
        fire(state, "look")
    with pytest.raises(GameError):
        fire(state, None)
    with pytest.raises(GameError):
        act(state, 0, type="timeout", key="claim:0")


def test_results_fewest_sips_win_and_summary():
    state = four_row()
    state, _ = act(state, 0, type="give", split={"1": 1, "2": 3})
    res = ENGINE.results(state)
    assert res.outcomes == [Outcome(0, "won"), Outcome(1, "lost"), Outcome(2, "lost")]
    assert res.summary == ["{p0}: gave 4, took 0", "{p1}: gave 0, took 1", "{p2}: gave 0, took 3"]


def test_results_all_tied_is_a_draw():
    state = arrange(3)
    assert [o.result for o in ENGINE.results(state).outcomes] == ["draw"] * 3
    state, _ = act(state, 2, type="leave")
    assert [o.result for o in ENGINE.results(state).outcomes] == ["draw", "draw", "left"]
    assert ENGINE.results(state).summary[2] == "{p2}: gave 0, took 0 (left)"


def test_state_roundtrip_and_apply_never_mutates():
    state = four_row(convo=True)
    before = ENGINE.to_dict(state)
    roundtrip(state)
    ENGINE.apply(state, 0, {"type": "give", "to": 1})
    ENGINE.apply(state, None, {"type": "timeout", "key": "claim:11"})
    assert ENGINE.to_dict(state) == before
    assert json.dumps(before)


def test_views_are_json_and_hide_cards():
    state = arrange(3, pyramid={0: "QH"}, hands={0: ["9D", "QS", "KH", "2C"]})
    state, _ = act(state, 0, type="lay", slot=1)
    for seat in (None, 0, 1, 2):
        check_view(state, seat)
    view = ENGINE.view(state, 0)
    assert view["me"]["slots"] == view["seats"][0]["slots"]
    assert view["legal"] == ENGINE.legal_actions(state, 0)


def test_ledger_kinds():
    """Wrong cards and royals are penalties; gives, answers and refusals are assigned."""
    state = arrange(
        3, pyramid={0: "7C", 1: "9C"}, hands={0: ["7D", "2C", "3C", "4C"], 1: ["8D"]}, convo=True
    )
    ledger = []
    for who, action in [
        (1, {"type": "lay", "slot": 1}),  # wrong
        (0, {"type": "lay", "slot": 1}),  # right
        (0, {"type": "give", "to": 2}),
        (2, {"type": "refuse"}),
    ]:
        state, ev = ENGINE.apply(state, who, action)
        ledger += drinks(ev)
    assert [(d.seat, d.kind, d.giver, d.sips) for d in ledger] == [
        (1, PENALTY, None, 1),
        (2, ASSIGNED, 0, 2),
    ]
    state = to_explore(state)
    ex_put(state, "QD", 0)
    state, ev = act(state, state.explorer, type="explore", pos=0)
    assert [(d.kind, d.giver) for d in drinks(ev)] == [(PENALTY, None)]


# ---------------------------------------------------------------- random playouts


def random_action(rnd: random.Random, state, seat, action):
    """Sometimes turn a legal give into a random split (not listed, but legal)."""
    if action["type"] == "give" and not state.convo and rnd.random() < 0.3:
        left = next(g for g in state.gives if g["giver"] == seat)["left"]
        others = [s for s in range(state.players) if state.active[s] and s != seat]
        split: dict[str, int] = {}
        for to in rnd.sample(others, min(len(others), rnd.randint(1, 3))):
            if left:
                n = rnd.randint(1, left)
                split[str(to)] = n
                left -= n
        return {"type": "give", "split": split}
    return action


PUBLIC_PART = ("me", "legal", "explore")


def check_step(state, rnd: random.Random, step: int) -> list[list[dict]]:
    """Every invariant; returns each seat's legal actions."""
    check_conservation(state)
    roundtrip(state, full=step % 20 == 0)
    timers = ENGINE.timers(state)
    legal = [ENGINE.legal_actions(state, s) for s in range(state.players)]
    if ENGINE.is_over(state):
        assert timers == [] and legal == [[]] * state.players
        check_view(state, None)
        return legal
    # a clock always runs while the game is on, so the table can never stall
    assert timers and len({t.key for t in timers}) == len(timers)
    for t in timers:
        assert t.action == {"type": "timeout", "key": t.key}
        assert all(state.active[s] for s in t.seats)
    for s in range(state.players):
        assert (legal[s][-1] == {"type": "leave"}) if state.active[s] else legal[s] == []
    # one seat's view, whose public part must equal the public view, checked for leaks
    peekers = [s for s, p in enumerate(state.peeking) if p]
    seat = rnd.choice(peekers) if peekers and rnd.random() < 0.5 else rnd.randrange(state.players)
    view = ENGINE.view(state, seat)
    assert view["legal"] == legal[seat]
    explore = view.pop("explore")
    assert not leaked(view, hidden_main(state, seat))
    assert not leaked(explore, hidden_explore(state))
    # the seat view is the public view plus "me" and "legal": compare often, and always
    # check the public view itself while the seat's own cards are allowed in its view
    if state.peeking[seat] or step % 3 == 0:
        public = ENGINE.view(state, None)
        assert public.pop("explore") == explore
        assert {k: v for k, v in view.items() if k not in PUBLIC_PART} == public
        if state.peeking[seat]:  # otherwise the walk above has covered the public part
            assert not leaked(public, hidden_main(state, None))
    return legal


def smart_explore(state):
    """A non-royal card of the explorer's row, if there is one (the playout sees every card)."""
    if state.phase != "explore":
        return None
    for pos in ENGINE.legal_actions(state, state.explorer):
        if pos["type"] == "explore" and not Card.from_code(state.ex_pyramid[pos["pos"]]).is_royal:
            return state.explorer, pos
    return None


def right_lay(state, legal):
    """A lay of a right card, if any seat can make one (the playout knows every hand)."""
    if state.phase != "claim":
        return None
    rank = Card.from_code(state.pyramid[state.index]).rank
    for s, actions in enumerate(legal):
        for a in actions:
            if a["type"] == "lay":
                code = state.hands[s][a["slot"] - 1]
                if Card.from_code(code).rank == rank:
                    return s, a
    return None


SEEN = {
    "right": ": right!",
    "wrong": ": wrong,",
    "given": " gives {p",
    "claim clock": "Time is up on the",
    "give clock": "Time is up: ",
    "explorer": "freshly shuffled",
    "royal": "starts again",
    "explored": "has explored the whole pyramid",
    "left": "leaves the game",
}


def playout(players: int, n: int, seen: collections.Counter | None = None) -> PyramidState:
    """One random game, every invariant checked at every step; ``seen`` counts what happened."""
    rnd = random.Random(f"playout:{players}:{n}")
    convo = n % 2 == 1
    leaver = rnd.random() < 0.2
    state = ENGINE.new_game(players, f"seed-{players}-{n}", {"convo": convo})
    for step in range(3000):
        legal = check_step(state, rnd, step)
        if ENGINE.is_over(state):
            return state
        choices = [(s, a) for s, acts in enumerate(legal) for a in acts if a["type"] != "leave"]
        # the playout sees every card: it often lays a right card and explores safely when
        # it can (a royal still comes up whenever a row has no other card, or on a clock),
        # so that games end in a reasonable number of steps
        exploring = state.phase == "explore"
        smart = smart_explore(state) if exploring else right_lay(state, legal)
        if leaver and rnd.random() < 0.01:
            active = [s for s in range(players) if state.active[s]]
            seat, action = rnd.choice(active), {"type": "leave"}
        elif smart and rnd.random() < (0.9 if exploring else 0.5):
            seat, action = smart
        elif not choices or rnd.random() < (0.5 if exploring else 0.6):
            seat, action = None, rnd.choice(ENGINE.timers(state)).action
        else:
            seat, action = rnd.choice(choices)
            action = random_action(rnd, state, seat, action)
        state, events = ENGINE.apply(state, seat, action)
        for e in events:
            assert isinstance(e, (Drink, Log, Question)) or e.seat == seat
            if seen is not None and isinstance(e, Log):
                seen.update(k for k, text in SEEN.items() if text in e.text)
            if isinstance(e, Drink):
                assert e.sips > 0 and e.kind in (PENALTY, ASSIGNED)
                assert (e.giver is not None) == (e.kind == ASSIGNED)
    raise AssertionError(f"no end after 3000 steps in phase {state.phase}")


@pytest.mark.parametrize("players", [2, 3, 7, 8, 10])
def test_random_playouts(players):
    seen: collections.Counter = collections.Counter()
    for n in range(100):
        state = playout(players, n, seen)
        assert ENGINE.is_over(state)
    assert set(seen) == set(SEEN), seen  # the games really went everywhere
