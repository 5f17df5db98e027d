"""Double-or-Nothing War (``/war``): shared/rules/war.md.

Two players, 26 face-down cards each. A hand: both turn their top card; equal ranks are a social
drink for both, otherwise the lower card loses the hand and owes the difference (the base drink).
The loser drinks it or goes double or nothing: a save throw on the next pair of cards, where
spades trump. The game ends when the piles are empty.

Cards are stored as two-character codes (``"AS"``); index 0 of a pile is its top card. The cards
of a hand stay on the table (``turned``, ``save``) until the next flip clears them to ``discard``,
so the last hand can still be shown while waiting for the next flip.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .base import (
    DRINK,
    SOCIAL,
    Action,
    Drink,
    Engine,
    Event,
    IllegalAction,
    Leave,
    Log,
    Mark,
    NotYourTurn,
    Option,
    Outcome,
    Results,
    Timeout,
    Timer,
    check_options,
    msg,
    rng,
)
from .cards import Card, deal, french_deck, shuffled

FLIP = "flip"
CHOICE = "choice"
OVER = "over"

SOCIAL_DRINK = msg("war-reason-social")  # Drink reasons (data: worded when shown): a tie...
SAVED = msg("war-reason-saved")  # ... after double or nothing: the loser won it...
DOUBLED = msg("war-reason-doubled")  # ... or lost it

HAND_CAP = 12  # the most one hand can cost
DOUBLE_CAP = 24  # ... after double or nothing


@dataclass(frozen=True)
class Flip(Action, verb="flip"):
    """Turn the next hand (either player). ``hand``: the hand the button turns; a press meant
    for a hand the other player turned a moment before is refused, not a turn of the next one
    (``None``: the next hand, as actions stored before this field read)."""

    hand: int | None = None


@dataclass(frozen=True)
class TakeDrink(Action, verb="drink"):
    """The loser drinks the base drink."""


@dataclass(frozen=True)
class Double(Action, verb="double"):
    """The loser goes double or nothing."""


@dataclass
class WarState:
    seed: str
    social_sips: int
    choice_seconds: int
    piles: list[list[Card]]  # per seat, index 0 = top card, face down
    phase: str = FLIP
    hands_played: int = 0  # hands fully resolved
    turned: list[Card] = field(default_factory=list)  # this (or the last) hand's first flip
    save: list[Card] = field(default_factory=list)  # its save throw, per seat, if any
    discard: list[Card] = field(default_factory=list)  # cleared cards, face up
    base: int | None = None  # base drink of the hand awaiting a choice
    loser: int | None = None  # seat that must choose
    sips: list[int] = field(default_factory=lambda: [0, 0])  # drink + social sips this game
    last_result: str = ""  # the last finished hand's log line (words.msg), {pN} names
    leaver: int | None = None
    players: int = 2


def _names(seat: int) -> str:
    return f"{{p{seat}}}"


def _save_winner(c0: Card, c1: Card) -> int:
    """Seat winning a save throw with distinct ranks: exactly one spade wins, else higher rank."""
    s0, s1 = c0.suit == "S", c1.suit == "S"
    if s0 != s1:
        return 0 if s0 else 1
    return 0 if c0.rank > c1.rank else 1


class WarEngine(Engine[WarState]):
    name = "war"
    title = "Double-or-Nothing War"
    min_players = 2
    max_players = 2
    blurb = "Double-or-Nothing War, for two"
    options = (
        Option(
            "social_sips", 1, 1, 5, "Social drink (sips each)", "Sips each player drinks on a tie"
        ),
        Option(
            "choice_seconds", 30, 10, 120, "Seconds to choose", "Seconds the loser has to choose"
        ),
    )
    actions = (Flip, TakeDrink, Double)
    seat_takeover = False  # a player who leaves ends the game: the other player wins

    # ----------------------------------------------------------------- setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> WarState:
        if players != 2:
            raise IllegalAction(msg("war-two-players"))
        opts = check_options(self.options, options)
        piles = deal(shuffled(french_deck(), rng(seed, "deal")), 2)
        return WarState(
            seed=seed,
            social_sips=opts["social_sips"],
            choice_seconds=opts["choice_seconds"],
            piles=piles,
        )

    # ----------------------------------------------------------------- clocks

    def _hand_no(self, state: WarState) -> int:
        """The hand being played (or about to be turned)."""
        return state.hands_played + 1

    def _clock_key(self, state: WarState) -> str | None:
        if state.phase == FLIP:
            return f"flip:{self._hand_no(state)}"
        if state.phase == CHOICE:
            return f"choice:{self._hand_no(state)}"
        return None

    def timers(self, state: WarState) -> list[Timer]:
        key = self._clock_key(state)
        if key is None:
            return []
        if state.phase == FLIP:
            # The dealer flips: nobody's inaction.
            return [Timer(key=key, seconds=state.choice_seconds, seats=())]
        assert state.loser is not None
        return [Timer(key=key, seconds=state.choice_seconds, seats=(state.loser,), owes=True)]

    # ----------------------------------------------------------------- moves

    def legal_actions(self, state: WarState, seat: int) -> list[Action]:
        if state.phase == OVER or seat not in (0, 1):
            return []
        if state.phase == FLIP:
            return [Flip(self._hand_no(state)), Leave()]
        if seat == state.loser:
            return [TakeDrink(), Double(), Leave()]
        return [Leave()]

    def play(self, s: WarState, seat: int | None, action: Action, events: list[Event]) -> None:
        if isinstance(action, Timeout):
            if s.phase == FLIP:
                events.append(Log(msg("war-dealer-flips")))
                self._flip(s, events)
            else:
                assert s.loser is not None
                events.append(Log(msg("war-out-of-time", who=_names(s.loser))))
                self._drink_base(s, events)
            return
        assert seat is not None
        if isinstance(action, Leave):
            other = 1 - seat
            s.phase = OVER
            s.leaver = seat
            s.base = None
            s.loser = None
            s.last_result = msg("war-left", who=_names(seat), other=_names(other))
            events.append(Log(s.last_result))
            return
        if isinstance(action, Flip):
            if s.phase != FLIP:
                raise IllegalAction(msg("war-already-turned"))
            if action.hand is not None and action.hand != self._hand_no(s):
                raise IllegalAction(msg("war-hand-turned", n=action.hand))
            self._flip(s, events)
            return
        # drink / double
        if s.phase != CHOICE:
            raise IllegalAction(msg("war-nothing-to-choose"))
        if seat != s.loser:
            raise NotYourTurn(msg("war-only-loser"))
        if isinstance(action, TakeDrink):
            self._drink_base(s, events)
        else:
            self._double(s, events)

    # ----------------------------------------------------------------- hand logic

    def _flip(self, s: WarState, events: list[Event]) -> None:
        s.discard.extend(s.turned)
        s.discard.extend(s.save)
        s.save = []
        s.turned = [s.piles[0].pop(0), s.piles[1].pop(0)]
        c0, c1 = s.turned
        events.append(Log(msg("war-flip", a="{p0}", ca=c0.label, b="{p1}", cb=c1.label)))
        if c0.rank == c1.rank:
            self._social(s, events, msg("war-tie", rank=c0.rank_label, n=s.social_sips))
            self._end_hand(s, events)
            return
        loser = 0 if c0.rank < c1.rank else 1
        s.loser = loser
        s.base = abs(c0.rank - c1.rank)
        if not s.piles[0]:
            events.append(Log(msg("war-last-cards")))
            self._drink_base(s, events)
            return
        s.phase = CHOICE
        events.append(Log(msg("war-lost-hand", who=_names(loser), n=s.base)))

    def _versus(self, s: WarState) -> str:
        """``"2 against 9"`` (words.msg): the loser's rank against the winner's, from the first
        flip."""
        assert s.loser is not None
        lo, hi = s.turned[s.loser], s.turned[1 - s.loser]
        return msg("war-versus", lo=lo.rank_label, hi=hi.rank_label)

    def _give(self, s: WarState, events: list[Event], drink: Drink) -> None:
        s.sips[drink.seat] += drink.sips
        events.append(drink)

    def _social(self, s: WarState, events: list[Event], line: str) -> None:
        """A social drink for both; ``line`` says why (a tie, or a tied save throw)."""
        for seat in (0, 1):
            self._give(s, events, Drink(seat, s.social_sips, SOCIAL, SOCIAL_DRINK))
        s.last_result = line
        events.append(Log(s.last_result))

    def _drink_base(self, s: WarState, events: list[Event]) -> None:
        assert s.loser is not None and s.base is not None
        versus = self._versus(s)
        self._give(s, events, Drink(s.loser, s.base, DRINK, versus))
        s.last_result = msg("war-drinks", who=_names(s.loser), n=s.base, versus=versus)
        events.append(Log(s.last_result))
        self._end_hand(s, events)

    def _double(self, s: WarState, events: list[Event]) -> None:
        assert s.loser is not None and s.base is not None
        loser, other, base = s.loser, 1 - s.loser, s.base
        events.append(Log(msg("war-goes-double", who=_names(loser), n=base)))
        s.save = [s.piles[0].pop(0), s.piles[1].pop(0)]
        c0, c1 = s.save
        events.append(Log(msg("war-save-flip", a="{p0}", ca=c0.label, b="{p1}", cb=c1.label)))
        if c0.rank == c1.rank:
            self._social(s, events, msg("war-save-tie", rank=c0.rank_label, n=s.social_sips))
        elif _save_winner(c0, c1) == loser:
            self._give(s, events, Drink(other, base, DRINK, SAVED))
            s.last_result = msg("war-saved", who=_names(loser), other=_names(other), n=base)
            events.append(Log(s.last_result))
        else:
            self._give(s, events, Drink(loser, 2 * base, DRINK, DOUBLED))
            s.last_result = msg("war-doubled", who=_names(loser), n=2 * base)
            events.append(Log(s.last_result))
        self._end_hand(s, events)

    def _end_hand(self, s: WarState, events: list[Event]) -> None:
        s.hands_played += 1
        s.base = None
        s.loser = None
        if s.piles[0]:
            s.phase = FLIP
            return
        s.phase = OVER
        events.append(Log(msg("war-piles-empty")))
        events.extend(Log(line) for line in self.results(s).summary)

    # ----------------------------------------------------------------- reading

    def _card_view(self, cards: list[Card]) -> list[dict[str, Any]]:
        return [{"seat": seat, "card": card} for seat, card in enumerate(cards)]

    def _winner(self, state: WarState) -> int | None:
        if state.phase != OVER:
            return None
        if state.leaver is not None:
            return 1 - state.leaver
        a, b = state.sips
        if a == b:
            return None
        return 0 if a < b else 1

    def is_active(self, state: WarState, seat: int) -> bool:
        return state.leaver != seat

    def view(self, state: WarState, seat: int | None) -> dict[str, Any]:
        over = state.phase == OVER
        # Nothing is hidden from one player but shown to the other: both see the public view.
        data: dict[str, Any] = {
            "game": self.name,
            "phase": state.phase,
            "hand": state.hands_played if over else self._hand_no(state),
            "hands_played": state.hands_played,
            "piles": [len(p) for p in state.piles],
            "discarded": len(state.discard),
            # The hand whose cards lie on the table: the current one in "choice", else the last.
            "turned_hand": (
                (self._hand_no(state) if state.phase == CHOICE else state.hands_played)
                if state.turned
                else None
            ),
            "turned": self._card_view(state.turned),
            "save": self._card_view(state.save),
            "base": state.base,
            "loser": state.loser,
            "clock_key": self._clock_key(state),
            "choice_key": self._clock_key(state) if state.phase == CHOICE else None,
            "seconds": state.choice_seconds,
            "social_sips": state.social_sips,
            "sips": list(state.sips),
            "last_result": state.last_result,
            "over": over,
            "winner": self._winner(state),
            "leaver": state.leaver,
            "summary": self.results(state).summary if over else [],
        }
        if seat is not None:
            data["seat"] = seat
        return data

    def is_over(self, state: WarState) -> bool:
        return state.phase == OVER

    def results(self, state: WarState) -> Results:
        """Final standings (while the game runs: the standings so far)."""
        lines = [msg("war-standing", who=_names(seat), n=n) for seat, n in enumerate(state.sips)]
        if state.leaver is not None:
            other = 1 - state.leaver
            outcomes = [Outcome(seat, "left" if seat == state.leaver else "won") for seat in (0, 1)]
            lines.append(msg("war-left-wins", who=_names(state.leaver), other=_names(other)))
            return Results(outcomes, lines)
        a, b = state.sips
        if a == b:
            return Results([Outcome(0, "draw"), Outcome(1, "draw")], [*lines, msg("war-draw")])
        winner = 0 if a < b else 1
        outcomes = [Outcome(seat, "won" if seat == winner else "lost") for seat in (0, 1)]
        return Results(outcomes, [*lines, msg("war-wins", who=_names(winner))])

    def highlights(self, state: WarState, drinks: list[Drink]) -> list[str]:
        """Who went double or nothing and how it went, the boldest first (from the drinks: a
        tied save throw, which cancels the drink, is not counted)."""
        won, lost = [0, 0], [0, 0]
        for d in drinks:
            if d.reason == SAVED:
                won[1 - d.seat] += 1
            elif d.reason == DOUBLED:
                lost[d.seat] += 1
        bold = sorted((s for s in (0, 1) if won[s] + lost[s]), key=lambda s: -(won[s] + lost[s]))
        return [msg("war-highlight", who=_names(s), won=won[s], lost=lost[s]) for s in bold]

    def marks(self, states: Sequence[WarState], events: Sequence[Sequence[Event]]) -> list[Mark]:
        """Each hand begins at the step that turns its first cards ("Hand 3")."""
        return [
            Mark(step, msg("war-mark-hand", n=before.hands_played + 1))
            for step, (before, after) in enumerate(pairwise(states), start=1)
            if before.phase == FLIP and after.leaver is None
        ]

    def hidden(self, state: WarState, viewer: int | None) -> Collection[Card]:
        """Nobody sees a pile, not even its owner."""
        return [card for pile in state.piles for card in pile]

    def holdings(self, state: WarState) -> Sequence[Sequence[Card]]:
        """Each pile, its next card first (nobody sees them during the game)."""
        return [list(pile) for pile in state.piles]


ENGINE = WarEngine()
