"""The Devil's Tarok (``/tarok``): shared/rules/devils-tarok.md.

A trick-taking game for 2-5 players with the 78-card Alcohol Tarot, whose Major Arcana form a
fifth suit. Players must follow the suit led; the highest card of the suit led takes the trick,
except that the Drunken Fool beats everything. After each trick everyone draws from the pile
while it lasts; a hand ends when someone starts a trick empty-handed, and the first player to
666 points at the end of a hand wins.

Decisions (where the rules file is silent):
- A card is named in a move by its **card id**: its index in :func:`tarot_deck`'s fixed order,
  0-13 beers 1..King, 14-27 lagers, 28-41 wines, 42-55 spirits, 56-77 the Majors 0 (the Fool)
  ..XXI. A button's custom id (``play.<id>``) so stays valid however the hand changes.
- The Fool is Major 0 (tarot-deck.md), so it follows a Major lead: a player whose only Major
  is the Fool must play it when Majors are led ("must play a Major if they hold one"). On any
  other lead it stays playable, as always, by one who could follow suit too.
- The timeout card's "value" is the order value of tarot-deck.md (a minor's rank, a Major's
  number), so a timed-out player holding the Fool (value 0) plays it: it is always legal.
- A hand is dealt only to the players still seated, starting left of the dealer; the dealer
  and the next dealer are the next seated players to the left. The first leader of a hand is the
  seated player to the dealer's left.
- The draw after a trick starts with the player who led it (the next seated player to the left
  if the leader has left) and skips players who have left.
- A player who leaves: their hand goes out of play face down. A card they already put on the
  trick in progress stays there and plays as usual; if it takes the trick, the trick goes out of
  play face up (nobody scores it) and the next seated player to the leaver's left leads.
- When fewer than 2 players remain, the game ends at once and the last one seated wins.
- Ties at the top are judged among the players still seated; points stay with a leaver, who
  cannot win.
- Outcome.points is each player's game total; the winner is "won", the others "lost", leavers
  "left".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .base import (
    Action,
    Engine,
    Event,
    IllegalAction,
    Leave,
    Log,
    Mark,
    NotYourTurn,
    Option,
    Outcome,
    Private,
    Results,
    Timeout,
    Timer,
    check_options,
    msg,
    rng,
)
from .cards import (
    DEVIL,
    FOOL,
    KING,
    KNIGHT,
    PAGE,
    QUEEN,
    TAROT,
    Suit,
    TarotCard,
    major,
    tarot_card,
    tarot_number,
)

TARGET = 666
HAND_SIZE = 15
DECK = TAROT
THE_FOOL = major(FOOL)
SUIT_WORDS = {
    Suit.BEERS: "beers",
    Suit.LAGERS: "lagers",
    Suit.WINES: "wines",
    Suit.SPIRITS: "spirits",
    Suit.MAJORS: "majors",
}
COURT_POINTS = {PAGE: 10, KNIGHT: 15, QUEEN: 20, KING: 25}


card_id = tarot_number  # a card's id in a Play: its number in the fixed 78-card order
card_of = tarot_card


def in_order(hand: list[TarotCard]) -> list[TarotCard]:
    """Sorted by suit (beers, lagers, wines, spirits, Majors), then rank: the card id order."""
    return sorted(hand, key=tarot_number)


def card_points(card: TarotCard) -> int:
    """Majors 30 (the Devil 50, the Fool 0); King 25, Queen 20, Knight 15, Page 10; 1-10 face."""
    if card.is_major:
        return 0 if card.rank == FOOL else 50 if card.rank == DEVIL else 30
    return COURT_POINTS.get(card.rank, card.rank)


def timeout_key(card: TarotCard) -> tuple[int, int]:
    """Lowest value first, then the lowest suit (beers, lagers, wines, spirits, Majors)."""
    return (card.value, card.suit.order)


@dataclass(frozen=True)
class Play(Action, verb="play"):
    """Play a card from your hand; ``card`` is its card id (see :func:`card_id`)."""

    card: int


@dataclass(frozen=True)
class Played:
    seat: int
    card: TarotCard


@dataclass
class TarokState:
    seed: str
    players: int
    play_seconds: int
    dealer: int
    hands: list[list[TarotCard]]
    pile: list[TarotCard]  # face down, index 0 = top
    hand_no: int = 1
    leader: int = 0  # who leads the trick in progress
    turn: int = 0  # whose card it is
    turn_no: int = 1  # counts turns over the game: the clock key
    trick: list[Played] = field(default_factory=list)
    taken: list[list[TarotCard]] = field(default_factory=list)  # won this hand, per seat
    out: list[TarotCard] = field(default_factory=list)  # leavers' hands, face down
    discards: list[TarotCard] = field(default_factory=list)  # tricks taken by a leaver
    last_trick: list[Played] = field(default_factory=list)
    last_winner: int | None = None
    points: list[int] = field(default_factory=list)  # this hand
    totals: list[int] = field(default_factory=list)  # this game, this hand included
    active: list[bool] = field(default_factory=list)
    last_hand: str = ""  # the last finished hand in one line (words.msg data), {pN} names
    over: bool = False
    winner: int | None = None


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


class TarokEngine(Engine[TarokState]):
    name = "tarok"
    title = "The Devil's Tarok"
    blurb = "Trick-taking with the Alcohol Tarot, first to 666 points, for 2-5"
    min_players = 2
    max_players = 5
    options = (
        Option(
            "play_seconds",
            60,
            15,
            300,
            "Seconds per card",
            "Seconds each player has to play a card",
        ),
    )
    actions = (Play,)
    scoring = "points"
    drinks = False  # the rules have no drinks in this one

    # ----------------------------------------------------------------- setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> TarokState:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(msg("tarok-players", least=self.min_players, most=self.max_players))
        opts = check_options(self.options, options)
        dealer = rng(seed, "dealer").randrange(players)
        state = TarokState(
            seed=seed,
            players=players,
            play_seconds=opts["play_seconds"],
            dealer=dealer,
            hands=[[] for _ in range(players)],
            pile=[],
            totals=[0] * players,
            active=[True] * players,
        )
        self._deal(state)
        return state

    def _next_active(self, s: TarokState, seat: int) -> int:
        """The next seated player to the left of ``seat`` (not ``seat`` itself)."""
        for step in range(1, s.players + 1):
            other = (seat + step) % s.players
            if s.active[other] and other != seat:
                return other
        return seat

    def _seated_from(self, s: TarokState, first: int) -> list[int]:
        """The seated players, going left from ``first`` (included when seated)."""
        order = [(first + i) % s.players for i in range(s.players)]
        return [seat for seat in order if s.active[seat]]

    def _deal(self, s: TarokState) -> None:
        """Shuffle all 78 cards and deal 15 each, one at a time, from the dealer's left."""
        deck = list(DECK)
        rng(s.seed, "deal", s.hand_no).shuffle(deck)
        order = self._seated_from(s, s.dealer + 1)
        s.hands = [[] for _ in range(s.players)]
        count = HAND_SIZE * len(order)
        for i in range(count):
            s.hands[order[i % len(order)]].append(deck[i])
        s.pile = deck[count:]
        s.out = []
        s.discards = []
        s.trick = []
        s.last_trick = []
        s.last_winner = None
        s.taken = [[] for _ in range(s.players)]
        s.points = [0] * s.players
        s.leader = s.turn = order[0]

    # ----------------------------------------------------------------- reading the table

    def led_suit(self, s: TarokState) -> Suit | None:
        """The suit led: the first card's suit, the Majors when the Fool was led."""
        if not s.trick:
            return None
        return s.trick[0].card.suit

    def legal_cards(self, s: TarokState, seat: int) -> list[TarotCard]:
        """The cards ``seat`` may play now, in hand order (empty when it is not their turn)."""
        if s.over or not s.active[seat] or seat != s.turn:
            return []
        hand = in_order(s.hands[seat])
        suit = self.led_suit(s)
        if suit is None:
            return hand
        follow = [c for c in hand if c.suit is suit]  # the Fool follows Majors: it is one
        if not follow:
            return hand
        if THE_FOOL in hand and THE_FOOL not in follow:  # it may always be played
            follow = in_order([*follow, THE_FOOL])
        return follow

    def trick_winner(self, trick: list[Played]) -> int:
        """The Fool wins; otherwise the highest card of the suit led (off-suit cards never win)."""
        for entry in trick:
            if entry.card == THE_FOOL:
                return entry.seat
        suit = trick[0].card.suit
        best = max((e for e in trick if e.card.suit is suit), key=lambda e: e.card.rank)
        return best.seat

    # ----------------------------------------------------------------- clocks

    def _clock_key(self, s: TarokState) -> str | None:
        return None if s.over else f"play:{s.turn_no}"

    def timers(self, state: TarokState) -> list[Timer]:
        key = self._clock_key(state)
        if key is None:
            return []
        return [Timer(key, state.play_seconds, (state.turn,))]

    # ----------------------------------------------------------------- moves

    def legal_actions(self, state: TarokState, seat: int) -> list[Action]:
        if state.over or not state.active[seat]:
            return []
        plays: list[Action] = [Play(card_id(c)) for c in self.legal_cards(state, seat)]
        return [*plays, Leave()]

    def play(self, s: TarokState, seat: int | None, action: Action, events: list[Event]) -> None:
        if isinstance(action, Timeout):
            card = min(self.legal_cards(s, s.turn), key=timeout_key)
            events.append(Log(msg("tarok-timeout-plays", who=_p(s.turn), card=card.said)))
            self._play_card(s, s.turn, card, events)
            return
        assert seat is not None
        if isinstance(action, Leave):
            self._leave(s, seat, action, events)
            return
        assert isinstance(action, Play)
        if not 0 <= action.card < len(DECK):
            raise IllegalAction(msg("tarok-no-such-card"))
        if seat != s.turn:
            raise NotYourTurn(msg("tarok-not-your-turn"))
        card = card_of(action.card)
        if card not in s.hands[seat]:
            raise IllegalAction(msg("tarok-not-held"))
        if card not in self.legal_cards(s, seat):
            suit = self.led_suit(s)
            assert suit is not None
            raise IllegalAction(msg("tarok-follow-suit", suit=SUIT_WORDS[suit]))
        events.append(Log(msg("tarok-plays", who=_p(seat), card=card.said)))
        self._play_card(s, seat, card, events)

    def _play_card(self, s: TarokState, seat: int, card: TarotCard, events: list[Event]) -> None:
        s.hands[seat].remove(card)
        s.trick.append(Played(seat, card))
        self._advance(s, events)

    def _advance(self, s: TarokState, events: list[Event]) -> None:
        """Pass the turn on, or finish the trick when every seated player has played."""
        played = {e.seat for e in s.trick}
        waiting = [seat for seat in self._seated_from(s, s.leader) if seat not in played]
        s.turn_no += 1
        if waiting:
            s.turn = waiting[0]
            return
        self._finish_trick(s, events)

    def _finish_trick(self, s: TarokState, events: list[Event]) -> None:
        winner = self.trick_winner(s.trick)
        cards = [e.card for e in s.trick]
        won = next(e.card for e in s.trick if e.seat == winner)
        points = sum(card_points(c) for c in cards)
        if s.active[winner]:
            s.taken[winner].extend(cards)
            s.points[winner] += points
            s.totals[winner] += points
            events.append(
                Log(msg("tarok-takes-trick", who=_p(winner), card=won.said, points=points))
            )
            next_leader = winner
        else:
            s.discards.extend(cards)
            events.append(Log(msg("tarok-trick-out", who=_p(winner), card=won.said)))
            next_leader = self._next_active(s, winner)
        s.last_trick, s.last_winner = s.trick, winner
        s.trick = []
        # the draw: from the trick's leader, going left, while the pile lasts
        for seat in self._seated_from(s, s.leader):
            if not s.pile:
                break
            card = s.pile.pop(0)
            s.hands[seat].append(card)
            events.append(Private(seat, msg("tarok-draw", card=card.said)))
            if not s.pile:
                events.append(Log(msg("tarok-pile-empty")))
        if any(s.active[seat] and not s.hands[seat] for seat in range(s.players)):
            self._end_hand(s, events)
            return
        s.leader = s.turn = next_leader

    def _end_hand(self, s: TarokState, events: list[Event]) -> None:
        seated = self._seated_from(s, 0)
        # "{p0} +35 = 105, {p1} +20 = 80": names and numbers only, the same in every language
        scores = ", ".join(f"{_p(seat)} +{s.points[seat]} = {s.totals[seat]}" for seat in seated)
        top = max(s.totals[seat] for seat in seated)
        leaders = [seat for seat in seated if s.totals[seat] == top]
        if top >= TARGET and len(leaders) == 1:
            s.over, s.winner = True, leaders[0]
            s.last_hand = msg(
                "tarok-hand-won", hand=s.hand_no, scores=scores, who=_p(s.winner), points=top
            )
            events.append(Log(s.last_hand))
            return
        s.dealer = self._next_active(s, s.dealer)
        s.hand_no += 1
        s.last_hand = msg(
            "tarok-hand-over",
            hand=s.hand_no - 1,
            scores=scores,
            tie="yes" if top >= TARGET else "no",
            who=_p(s.dealer),
            next=s.hand_no,
        )
        events.append(Log(s.last_hand))
        self._deal(s)

    def _leave(self, s: TarokState, seat: int, action: Leave, events: list[Event]) -> None:
        s.active[seat] = False
        s.out.extend(s.hands[seat])
        s.hands[seat] = []
        # timeouts 0: left by choice
        events.append(Log(msg("tarok-left", who=_p(seat), timeouts=action.timeouts or 0)))
        seated = self._seated_from(s, 0)
        if len(seated) < 2:
            s.over, s.winner = True, seated[0]
            events.append(Log(msg("tarok-last-seated", who=_p(s.winner))))
            return
        if not s.trick and seat == s.leader:
            s.leader = s.turn = self._next_active(s, seat)
            s.turn_no += 1
        elif seat == s.turn:
            self._advance(s, events)

    # ----------------------------------------------------------------- views

    def _trick_view(self, trick: list[Played]) -> list[dict[str, Any]]:
        return [{"seat": e.seat, "card": e.card} for e in trick]

    def view(self, state: TarokState, seat: int | None) -> dict[str, Any]:
        s = state
        suit = self.led_suit(s)
        data: dict[str, Any] = {
            "game": self.name,
            "hand_no": s.hand_no,
            "dealer": s.dealer,
            "leader": None if s.over else s.leader,
            "turn": None if s.over else s.turn,
            "led_suit": SUIT_WORDS[suit] if suit is not None else None,
            "trick": self._trick_view(s.trick),
            "last_trick": self._trick_view(s.last_trick),
            "last_winner": s.last_winner,
            # the last trick went out of play (its taker had left), not to its taker
            "last_out": bool(s.last_trick) and s.last_trick[0].card in s.discards,
            "pile": len(s.pile),
            "hand_sizes": [len(h) for h in s.hands],
            "points": list(s.points),
            "totals": list(s.totals),
            "active": list(s.active),
            "target": TARGET,
            "clock": self._clock_key(s),
            "seconds": s.play_seconds,
            "last_hand": s.last_hand,
            "over": s.over,
            "winner": s.winner,
            "summary": self.results(s).summary if s.over else [],
        }
        if seat is not None:
            legal = set(self.legal_cards(s, seat))
            data["seat"] = seat
            data["hand"] = [
                {"card": c, "id": card_id(c), "legal": c in legal} for c in in_order(s.hands[seat])
            ]
        return data

    def hidden(self, state: TarokState, viewer: int | None) -> Collection[TarotCard]:
        """Other players' hands (every hand for the public), the draw pile, leavers' hands."""
        cards = [c for seat, hand in enumerate(state.hands) if seat != viewer for c in hand]
        return cards + state.pile + state.out

    def is_active(self, state: TarokState, seat: int) -> bool:
        return state.active[seat]

    def marks(self, states: Sequence[TarokState], events: Sequence[Sequence[Event]]) -> list[Mark]:
        """Each trick begins with its first card, counted within its hand as the rules count
        hands ("Hand 2, trick 5")."""
        out: list[Mark] = []
        hand, trick = 0, 0
        for step, (before, after) in enumerate(pairwise(states), start=1):
            if before.trick or not after.trick:
                continue
            if after.hand_no != hand:
                hand, trick = after.hand_no, 0
            trick += 1
            label = msg("tarok-mark-trick", hand=hand, trick=trick)
            out.append(Mark(step, label, msg("tarok-mark-hand", hand=hand)))
        return out

    def is_over(self, state: TarokState) -> bool:
        return state.over

    def results(self, state: TarokState) -> Results:
        s = state
        outcomes = []
        for seat in range(s.players):
            result = "left" if not s.active[seat] else "won" if seat == s.winner else "lost"
            outcomes.append(Outcome(seat, result, points=s.totals[seat]))
        lines = [
            msg("tarok-result", who=_p(seat), points=s.totals[seat]) for seat in range(s.players)
        ]
        if s.winner is not None:
            lines.append(msg("tarok-result-wins", who=_p(s.winner)))
        return Results(outcomes, lines)


ENGINE = TarokEngine()
