"""Drunken Shithead (``/shithead``): shared/rules/shithead.md.

Shithead with the 78-card Alcohol Tarot for 2-6 players. Everyone gets 3 blind face-down cards
and picks 3 face-up cards from 6; in turn players lay a card (or a set of one value) equal to or
higher than the pile, or pick the pile up. 10s and four of a kind burn the pile, 2s reset it,
the Hanged Man makes the next card go lower, no 2 goes on the Devil, and the Drunken Fool is
wild. Hand first, then face-up cards, then face-down cards blind: the first player out wins.

Decisions (where the rules file is silent):
- A card is named in a move by its **card id**, its index in :func:`tarot_deck`'s fixed order:
  0-13 beers 1..King, 14-27 lagers, 28-41 wines, 42-55 spirits, 56-77 the Majors 0 (the Fool)
  ..XXI. A button or select built from it stays valid however the hand changes; a stale one
  naming a card no longer held is refused.
- What a card counts as (its **value code**): a minor's rank 1-14, a Major's 100 + its number
  (the Devil is 115). The rules' order is the order of these codes, so every Major is above
  every minor. ``Play.as_value`` names the Fool's identity with the same codes: 1-14 or 101-121
  (the Fool cannot name itself). It is needed only when the Fool is played alone; played with
  minors of one rank it can only be that rank, and ``as_value`` may be left out.
- Choosing: ``ChooseUp(cards)`` names exactly 3 of the seat's 6 cards by id; a choice is final.
  Face-up cards stay private until everyone has chosen, then are shown all at once. The choice
  has one clock of the turn length (default 60 s) for everyone still choosing; on timeout each
  of them lays up their three highest cards by the rules' order (the Fool counts as Major 0
  there: above every minor, below every other Major).
- The dealer is the host, seat 0; seat 1 (the dealer's left) starts. Cards are dealt one at a
  time from seat 1: 3 face down each, then 6 each.
- Picking up the pile is allowed only when no play is legal (the rules: "a player who cannot
  play picks up the pile"). A picked-up Fool forgets its identity.
- Blind play: ``Blind(slot)`` turns face-down slot 0-2 (slots keep their place, so a stale
  button can't turn a second card). A blind Fool is always playable (as a 10 at worst): it is
  shown to all and the same player then names it with ``Play([56], as_value)`` on a new clock.
- Four in a row counts the cards of one minor rank on top of the pile, however many players
  laid them and including a Fool named as that rank; four or more burn.
- A 1 follows the ordinary order (so goes only on an empty pile, a 1 or the Hanged Man); a 2 or
  a 10 on the Hanged Man works as usual. A Fool named as the Hanged Man or the Devil has its
  powers.
- The turn clock (``turn_seconds``, 60 s, 15-300) runs for every decision, with a fresh key
  ``turn:<n>``. On timeout: a pending blind Fool is named as its lowest legal identity; in the
  blind phase the first face-down slot is turned; otherwise the lowest legal single card by the
  rules' order is played (the Fool as its lowest legal identity), or the pile is picked up.
- Burned cards (all seen face up when laid) leave the game and are not hidden; the view shows
  only their number. A leaver's cards leave the game face down.
- The game ends when the first player is out; with "find the shithead" it goes on until one
  player alone holds cards (the shithead). It also ends when fewer than two players still play
  (the rest left). Guard against an endless game (picking up can cycle the same cards forever):
  after 1,000 decisions (plays, pick-ups, blind turns) in a row without anyone going out it is
  **last orders**: the game ends and the players still holding cards are ranked by how many
  cards they hold, fewest first (ties: who would play sooner). So a game lasts at most
  1,000 decisions per player who can go out, plus the choice. (Played well, a game takes a few
  hundred; random play often cycles.)
- Results: without "find the shithead", the first out (or, at last orders, the best ranked)
  "won" with place 1 and everyone else still seated "lost". With it, every seated player gets a
  place in the order they went out; place 1 "won", the shithead (last) "lost", the others
  "draw". Leavers "left". A lone remaining player after everyone else left wins if nobody went
  out yet, else is the shithead.
- "Pick-up sip": ``Drink(kind=drink)`` of 1 sip per 5 cards picked up (rounded up), the blind
  card included. "Shithead finishes" (only with "find the shithead"): the shithead records a
  finish (``Drink(kind=finish, sips=1)``); without "find the shithead" it does nothing.
- A seat that went out is no longer active (no moves, not even leave).
- State layout: ``draw[0]`` is the top of the draw pile, ``pile[-1]`` the top of the pile; hands
  are kept sorted by the rules' order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

from .base import (
    DRINK,
    FINISH,
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
    HANGED_MAN,
    ROMAN,
    TAROT,
    TarotCard,
    deal,
    major,
    tarot_number,
)
from .cards import shuffled as _shuffled

CHOOSE = "choose"
PLAY = "play"
OVER = "over"

DECK = TAROT
FOOL_CARD = major(FOOL)
FOOL_ID = tarot_number(FOOL_CARD)

MAJOR = 100  # value code of a Major: 100 + its number
TWO, TEN = 2, 10
HANGED_CODE = MAJOR + HANGED_MAN
DEVIL_CODE = MAJOR + DEVIL
IDENTITIES = (*range(1, 15), *range(MAJOR + 1, MAJOR + 22))  # what the Fool may stand for

HAND = 3  # cards in hand, face up, face down
MAX_TURNS = 1000  # last orders: decisions without anyone going out (the endless-game guard)

HAND_SOURCE, UP_SOURCE, DOWN_SOURCE = "hand", "up", "down"


card_id = tarot_number  # what moves name: a card's number in the fixed 78-card order


def code(card: TarotCard) -> int:
    """The card's value code: a minor's rank, 100 + a Major's number."""
    return MAJOR + card.rank if card.is_major else card.rank


def order(card: TarotCard) -> tuple[int, int]:
    """The rules' order, low to high (suits only to keep a sort stable)."""
    return (code(card), card.suit.order)


def value_label(value: int) -> str:
    """``"7"``, ``"Page"``, ``"The Devil (XV)"`` (never a card's label: a value is no card), as
    words (``msg``): ``"riddare"`` in Swedish."""
    if value >= MAJOR:
        n = value - MAJOR
        return msg("shithead-major", card=msg("card-major", n=n), roman=ROMAN[n])
    return msg("shithead-value", v=value)


def value_name(value: int) -> str:
    """In a sentence: ``"a 7"``, ``"an 8"``, ``"a Page"``, ``"The Devil (XV)"`` (``"en sjua"``)."""
    if value >= MAJOR:
        return value_label(value)
    return msg("shithead-a", v=value)


def value_plural(value: int) -> str:
    """``"7s"``, ``"Pages"`` (``"sjuor"``, ``"pager"``): a minor rank, several of it."""
    return msg("shithead-ranks", v=value)


def can_go_on(value: int, top: int | None) -> bool:
    """Whether a card counting as ``value`` may be laid on a pile whose top counts as ``top``."""
    if top is None or value == TEN:
        return True
    if value == TWO:
        return top != DEVIL_CODE
    if top == HANGED_CODE:
        return value < HANGED_CODE
    if top >= MAJOR:
        return value > top
    return value >= top


def why_not(value: int, top: int) -> str:
    """The sentence a player reads when ``value`` can't go on ``top``."""
    if value == TWO and top == DEVIL_CODE:
        return msg("shithead-no-two-on-devil")
    if top == HANGED_CODE:
        return msg("shithead-after-hanged")
    if top == DEVIL_CODE:
        return msg("shithead-on-devil", top=value_label(top))
    if top >= MAJOR:
        return msg("shithead-on-major", top=value_label(top))
    if value == 1:
        return msg("shithead-one-low")
    return msg("shithead-play-higher", top=value_name(top))


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def _and(labels: list[str]) -> str:
    """Cards' labels in a sentence: ``"7🍺, 7🍷 and 7🥃"`` (``och`` in Swedish)."""
    if len(labels) == 1:
        return labels[0]
    return msg("shithead-and", rest=", ".join(labels[:-1]), last=labels[-1])


# -- moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseUp(Action, verb="choose"):
    """Lay these 3 of your 6 cards face up (card ids)."""

    cards: list[int]


@dataclass(frozen=True)
class Play(Action, verb="play"):
    """Play one card or several of one value (card ids); ``as_value`` names a lone Fool."""

    cards: list[int]
    as_value: int | None = None


@dataclass(frozen=True)
class PickUp(Action, verb="pickup"):
    """Pick up the pile (only when nothing can be played)."""


@dataclass(frozen=True)
class Blind(Action, verb="blind"):
    """Turn face-down card ``slot`` (0-2) and play it blind."""

    slot: int


# -- state ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Laid:
    """A card on the pile; ``as_value`` is the Fool's named identity (value code)."""

    card: TarotCard
    as_value: int | None = None

    @property
    def value(self) -> int:
        return self.as_value if self.as_value is not None else code(self.card)


@dataclass
class ShitheadState:
    seed: str
    players: int
    hands: list[list[TarotCard]]  # per seat, sorted by the rules' order (6 while choosing)
    up: list[list[TarotCard]]  # face-up cards per seat (empty until chosen)
    down: list[list[TarotCard | None]]  # face-down slots per seat, None once played
    draw: list[TarotCard]  # the draw pile, index 0 on top
    pile: list[Laid] = field(default_factory=list)  # the discard pile, last on top
    burned: list[TarotCard] = field(default_factory=list)
    removed: list[TarotCard] = field(default_factory=list)  # leavers' cards, face down
    turned: TarotCard | None = None  # a blind Fool waiting to be named by ``current``
    phase: str = CHOOSE
    current: int = 1  # whose turn it is (in play)
    turn_no: int = 0  # decisions so far: names the turn clock
    out_at: int = 0  # turn_no when a player last went out (the last-orders guard)
    finished: list[int] = field(default_factory=list)  # seats in the order they went out
    left: list[bool] = field(default_factory=list)
    last_orders: bool = False  # ended by the guard
    turn_seconds: int = 60
    find_shithead: bool = False
    pickup_sip: bool = False
    shithead_finishes: bool = False


# -- the engine -------------------------------------------------------------------------------


class ShitheadEngine(Engine[ShitheadState]):
    name = "shithead"
    title = "Drunken Shithead"
    blurb = "Shithead with the tarot: get rid of your cards first"
    min_players = 2
    max_players = 6
    options = (
        Option(
            "turn_seconds",
            60,
            15,
            300,
            "Seconds per turn",
            "Seconds each player has to play (and to choose face-up cards)",
        ),
        Option(
            "find_shithead",
            False,
            label="Find the shithead",
            describe="Play on until one player is left holding cards",
        ),
        Option(
            "pickup_sip",
            False,
            label="Pick-up sip",
            describe="Picking up the pile costs 1 sip per 5 cards, rounded up",
        ),
        Option(
            "shithead_finishes",
            False,
            label="Shithead finishes",
            describe="With find the shithead, the shithead finishes their drink",
        ),
    )
    actions = (ChooseUp, Play, PickUp, Blind)
    scoring = "sips"

    @classmethod
    def drinks_with(cls, options: dict[str, Any]) -> bool:
        """Only the house rules drink: the pick-up sip, or the shithead's finish."""
        opts = {o.name: options.get(o.name, o.default) for o in cls.options}
        return bool(opts["pickup_sip"] or (opts["find_shithead"] and opts["shithead_finishes"]))

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> ShitheadState:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(msg("shithead-players"))
        opts = check_options(self.options, options)
        deck = _shuffled(DECK, rng(seed, "deal"))
        first = 1 % players
        down = deal(deck, players, HAND, first=first)
        rest = deck[players * HAND :]
        hands = deal(rest, players, 2 * HAND, first=first)
        return ShitheadState(
            seed=seed,
            players=players,
            hands=[sorted(h, key=order) for h in hands],
            up=[[] for _ in range(players)],
            down=[_slots(d) for d in down],
            draw=list(rest[players * 2 * HAND :]),
            current=first,
            left=[False] * players,
            turn_seconds=opts["turn_seconds"],
            find_shithead=opts["find_shithead"],
            pickup_sip=opts["pickup_sip"],
            shithead_finishes=opts["shithead_finishes"],
        )

    # ------------------------------------------------------------------ reading the state

    def is_active(self, state: ShitheadState, seat: int) -> bool:
        return not state.left[seat] and seat not in state.finished

    def is_over(self, state: ShitheadState) -> bool:
        return state.phase == OVER

    def _top(self, s: ShitheadState) -> int | None:
        return s.pile[-1].value if s.pile else None

    def _run(self, s: ShitheadState) -> int:
        """How many cards of the top's minor rank lie on top of the pile in a row."""
        if not s.pile or s.pile[-1].value >= MAJOR:
            return 0
        top = s.pile[-1].value
        n = 0
        for laid in reversed(s.pile):
            if laid.value != top:
                break
            n += 1
        return n

    def held(self, s: ShitheadState, seat: int) -> int:
        """How many cards ``seat`` still holds: hand, face up, face down (a count, no cards)."""
        down = sum(1 for c in s.down[seat] if c is not None)
        turned = 1 if s.turned is not None and seat == s.current else 0
        return len(s.hands[seat]) + len(s.up[seat]) + down + turned

    def _source(self, s: ShitheadState, seat: int) -> str | None:
        if s.hands[seat]:
            return HAND_SOURCE
        if s.up[seat]:
            return UP_SOURCE
        if any(c is not None for c in s.down[seat]):
            return DOWN_SOURCE
        return None

    def _source_cards(self, s: ShitheadState, seat: int) -> list[TarotCard]:
        src = self._source(s, seat)
        if src == HAND_SOURCE:
            return s.hands[seat]
        if src == UP_SOURCE:
            return s.up[seat]
        return []

    def _choosing(self, s: ShitheadState) -> list[int]:
        if s.phase != CHOOSE:
            return []
        return [i for i in range(s.players) if self.is_active(s, i) and not s.up[i]]

    def _playing(self, s: ShitheadState) -> list[int]:
        return [i for i in range(s.players) if self.is_active(s, i)]

    def _next(self, s: ShitheadState, seat: int) -> int:
        for step in range(1, s.players + 1):
            nxt = (seat + step) % s.players
            if self.is_active(s, nxt):
                return nxt
        return seat

    def fool_identities(self, top: int | None) -> list[int]:
        return [v for v in IDENTITIES if can_go_on(v, top)]

    def _plays(self, s: ShitheadState, seat: int) -> list[Play]:
        """Every legal Play for the seat on turn (one per set of card ids and identity)."""
        top = self._top(s)
        if s.turned is not None:
            return [Play([FOOL_ID], v) for v in self.fool_identities(top)]
        cards = self._source_cards(s, seat)
        fool = FOOL_CARD in cards
        by_rank: dict[int, list[int]] = {}
        majors: list[int] = []
        for card in cards:
            if card == FOOL_CARD:
                continue
            if card.is_major:
                if can_go_on(code(card), top):
                    majors.append(card_id(card))
            elif can_go_on(card.rank, top):
                by_rank.setdefault(card.rank, []).append(card_id(card))
        out: list[Play] = []
        for rank in sorted(by_rank):
            ids = sorted(by_rank[rank])
            for k in range(1, len(ids) + 1):
                out += [Play(list(combo)) for combo in combinations(ids, k)]
            if fool:
                for k in range(1, len(ids) + 1):
                    out += [Play(sorted([*combo, FOOL_ID]), rank) for combo in combinations(ids, k)]
        out += [Play([i]) for i in sorted(majors)]
        if fool:
            out += [Play([FOOL_ID], v) for v in self.fool_identities(top)]
        return out

    def legal_actions(self, state: ShitheadState, seat: int) -> list[Action]:
        s = state
        if s.phase == OVER or not self.is_active(s, seat):
            return []
        if s.phase == CHOOSE:
            if seat not in self._choosing(s):
                return [Leave()]
            ids = sorted(card_id(c) for c in s.hands[seat])
            choices: list[Action] = [ChooseUp(list(c)) for c in combinations(ids, HAND)]
            return [*choices, Leave()]
        if seat != s.current:
            return [Leave()]
        if s.turned is None and self._source(s, seat) == DOWN_SOURCE:
            slots = [i for i, c in enumerate(s.down[seat]) if c is not None]
            return [*(Blind(i) for i in slots), Leave()]
        plays: list[Action] = list(self._plays(s, seat))
        if not plays:
            plays = [PickUp()]
        return [*plays, Leave()]

    # ------------------------------------------------------------------ clocks

    def _clock_key(self, s: ShitheadState) -> str | None:
        if s.phase == CHOOSE:
            return "choose"
        if s.phase == PLAY:
            return f"turn:{s.turn_no}"
        return None

    def timers(self, state: ShitheadState) -> list[Timer]:
        key = self._clock_key(state)
        if key is None:
            return []
        seats = tuple(self._choosing(state)) if state.phase == CHOOSE else (state.current,)
        return [Timer(key, state.turn_seconds, seats)]

    # ------------------------------------------------------------------ moves

    def play(
        self, state: ShitheadState, seat: int | None, action: Action, events: list[Event]
    ) -> None:
        s = state
        if isinstance(action, Timeout):
            self._timeout(s, events)
        else:
            assert seat is not None
            if isinstance(action, Leave):
                self._leave(s, seat, events)
                return
            if isinstance(action, ChooseUp):
                self._choose(s, seat, action.cards, events)
                return
            if s.phase != PLAY:
                raise IllegalAction(msg("shithead-still-choosing"))
            if seat != s.current:
                raise NotYourTurn(msg("shithead-not-your-turn"))
            if isinstance(action, Play):
                self._play(s, seat, action, events)
            elif isinstance(action, PickUp):
                self._pick_up(s, seat, events)
            elif isinstance(action, Blind):
                self._blind(s, seat, action.slot, events)
        if s.phase == PLAY and s.turned is None and s.turn_no - s.out_at >= MAX_TURNS:
            s.last_orders = True
            events.append(Log(msg("shithead-last-orders-now", n=MAX_TURNS)))
            self._end(s, events)

    def _timeout(self, s: ShitheadState, events: list[Event]) -> None:
        if s.phase == CHOOSE:
            for seat in self._choosing(s):
                best = sorted(s.hands[seat], key=order)[-HAND:]
                events.append(Log(msg("shithead-time-choose", who=_p(seat))))
                self._choose(s, seat, [card_id(c) for c in best], events)
            return
        seat = s.current
        events.append(Log(msg("shithead-time-up", who=_p(seat))))
        top = self._top(s)
        if s.turned is not None:
            self._play(s, seat, Play([FOOL_ID], self.fool_identities(top)[0]), events)
            return
        if self._source(s, seat) == DOWN_SOURCE:
            slot = next(i for i, c in enumerate(s.down[seat]) if c is not None)
            self._blind(s, seat, slot, events)
            return
        legal = [
            c for c in self._source_cards(s, seat) if c == FOOL_CARD or can_go_on(code(c), top)
        ]
        if not legal:
            self._pick_up(s, seat, events)
            return
        card = min(legal, key=order)
        as_value = self.fool_identities(top)[0] if card == FOOL_CARD else None
        self._play(s, seat, Play([card_id(card)], as_value), events)

    # choosing -----------------------------------------------------------------------------

    def _choose(self, s: ShitheadState, seat: int, ids: list[int], events: list[Event]) -> None:
        if s.phase != CHOOSE:
            raise IllegalAction(msg("shithead-chosen-already"))
        if s.up[seat]:
            raise IllegalAction(msg("shithead-you-chose"))
        if len(ids) != HAND or len(set(ids)) != HAND:
            raise IllegalAction(msg("shithead-choose-three"))
        held = {card_id(c): c for c in s.hands[seat]}
        if any(i not in held for i in ids):
            raise IllegalAction(msg("shithead-choose-own"))
        s.up[seat] = sorted((held[i] for i in ids), key=order)
        s.hands[seat] = [c for c in s.hands[seat] if card_id(c) not in ids]
        events.append(Log(msg("shithead-has-chosen", who=_p(seat))))
        if not self._choosing(s):
            self._start(s, events)

    def _start(self, s: ShitheadState, events: list[Event]) -> None:
        s.phase = PLAY
        for seat in self._playing(s):
            labels = ", ".join(c.label for c in s.up[seat])
            events.append(Log(msg("shithead-lays-up", who=_p(seat), cards=labels)))
        if not self.is_active(s, s.current):
            s.current = self._next(s, s.current)
        events.append(Log(msg("shithead-starts", who=_p(s.current))))

    # playing ------------------------------------------------------------------------------

    def _play(self, s: ShitheadState, seat: int, action: Play, events: list[Event]) -> None:
        ids = list(action.cards)
        if not ids:
            raise IllegalAction(msg("shithead-choose-a-card"))
        if len(set(ids)) != len(ids):
            raise IllegalAction(msg("shithead-once"))
        if any(not 0 <= i < len(DECK) for i in ids):
            raise IllegalAction(msg("shithead-no-such-card"))
        top = self._top(s)
        if s.turned is not None:
            if ids != [FOOL_ID]:
                raise IllegalAction(msg("shithead-name-turned"))
            value = self._fool_value(action.as_value, top)
            s.turned = None
            self._lay(s, seat, [Laid(FOOL_CARD, value)], DOWN_SOURCE, events)
            return
        src = self._source(s, seat)
        if src == DOWN_SOURCE:
            raise IllegalAction(msg("shithead-turn-down"))
        cards = [DECK[i] for i in ids]
        pool = self._source_cards(s, seat)
        if any(c not in pool for c in cards):
            if src == HAND_SOURCE and any(c in s.up[seat] for c in cards):
                raise IllegalAction(msg("shithead-hand-first"))
            raise IllegalAction(msg("shithead-not-held"))
        others = [c for c in cards if c != FOOL_CARD]
        has_fool = len(others) < len(cards)
        if any(c.is_major for c in others):
            if len(cards) > 1:
                raise IllegalAction(msg("shithead-major-alone"))
            value = code(others[0])
        elif others:
            rank = others[0].rank
            if any(c.rank != rank for c in others):
                raise IllegalAction(msg("shithead-same-value"))
            if has_fool and action.as_value not in (None, rank):
                raise IllegalAction(
                    msg("shithead-fool-with", ranks=value_plural(rank), a=value_name(rank))
                )
            value = rank
        else:
            value = self._fool_value(action.as_value, top)
        if action.as_value is not None and not has_fool:
            raise IllegalAction(msg("shithead-only-fool"))
        if top is not None and not can_go_on(value, top):
            raise IllegalAction(why_not(value, top))
        for c in cards:
            pool.remove(c)
        laid = [Laid(c, value if c == FOOL_CARD else None) for c in sorted(cards, key=order)]
        self._lay(s, seat, laid, src or HAND_SOURCE, events)

    def _fool_value(self, as_value: int | None, top: int | None) -> int:
        if as_value is None:
            raise IllegalAction(msg("shithead-name-fool"))
        if as_value not in IDENTITIES:
            raise IllegalAction(msg("shithead-fool-range"))
        if not can_go_on(as_value, top):
            assert top is not None
            raise IllegalAction(why_not(as_value, top))
        return as_value

    def _lay(
        self, s: ShitheadState, seat: int, laid: list[Laid], src: str, events: list[Event]
    ) -> None:
        """Put cards on the pile and carry out what they do; then the next decision."""
        s.pile.extend(laid)
        value = laid[-1].value
        fool = any(x.card == FOOL_CARD for x in laid)
        how = ("alone" if len(laid) == 1 else "with") if fool else "plain"
        cards = _and([x.card.label for x in laid])
        named = value_name(value) if fool else ""
        events.append(
            Log(msg("shithead-plays", who=_p(seat), src=src, how=how, cards=cards, a=named))
        )
        self._draw_up(s, seat, events)
        burn = None
        if value == TEN:
            burn = "ten"
        elif self._run(s) >= 4:
            burn = "four"
        ranks = value_plural(value) if burn == "four" else ""
        if burn is not None:
            s.burned.extend(x.card for x in s.pile)
            s.pile = []
        s.turn_no += 1
        if self.held(s, seat) == 0:
            if burn is not None:
                events.append(
                    Log(msg("shithead-burned", why=burn, ranks=ranks, then="out", who=""))
                )
            self._go_out(s, seat, events)
            if s.phase == OVER:
                return
            s.current = self._next(s, seat)
            if burn is not None:
                events.append(Log(msg("shithead-new-pile", who=_p(s.current))))
            else:
                self._effect(s, value, events)
            return
        if burn is not None:
            events.append(
                Log(msg("shithead-burned", why=burn, ranks=ranks, then="again", who=_p(seat)))
            )
            return
        s.current = self._next(s, seat)
        self._effect(s, value, events)

    def _effect(self, s: ShitheadState, value: int, events: list[Event]) -> None:
        if value == HANGED_CODE:
            events.append(Log(msg("shithead-hanged", who=_p(s.current))))
        elif value == DEVIL_CODE:
            events.append(Log(msg("shithead-devil")))
        elif value == TWO:
            events.append(Log(msg("shithead-two")))

    def _draw_up(self, s: ShitheadState, seat: int, events: list[Event]) -> None:
        hand = s.hands[seat]
        drawn: list[TarotCard] = []
        while len(hand) < HAND and s.draw:
            drawn.append(s.draw.pop(0))
            hand.append(drawn[-1])
        if drawn:
            hand.sort(key=order)
            events.append(
                Private(seat, msg("shithead-you-draw", cards=_and([c.label for c in drawn])))
            )

    def _pick_up(
        self, s: ShitheadState, seat: int, events: list[Event], blind: bool = False
    ) -> None:
        if not blind:
            if s.turned is not None:
                raise IllegalAction(msg("shithead-name-turned"))
            if self._source(s, seat) == DOWN_SOURCE:
                raise IllegalAction(msg("shithead-turn-first"))
            if self._plays(s, seat):
                raise IllegalAction(msg("shithead-can-play"))
        cards = [x.card for x in s.pile]
        s.pile = []
        s.hands[seat].extend(cards)
        s.hands[seat].sort(key=order)
        n = len(cards)
        events.append(Log(msg("shithead-picks-up", who=_p(seat), n=n)))
        if s.pickup_sip:
            owed = -(-n // 5)
            events.append(Drink(seat, owed, DRINK, msg("shithead-picked-up", n=n)))
            events.append(Log(msg("shithead-pickup-sip", who=_p(seat), n=owed)))
        s.turn_no += 1
        s.current = self._next(s, seat)

    def _blind(self, s: ShitheadState, seat: int, slot: int, events: list[Event]) -> None:
        if s.turned is not None:
            raise IllegalAction(msg("shithead-name-turned"))
        if self._source(s, seat) != DOWN_SOURCE:
            raise IllegalAction(msg("shithead-down-last"))
        if not 0 <= slot < len(s.down[seat]) or s.down[seat][slot] is None:
            raise IllegalAction(msg("shithead-down-gone"))
        card = s.down[seat][slot]
        assert card is not None
        s.down[seat][slot] = None
        top = self._top(s)
        if card == FOOL_CARD:
            s.turned = card
            s.turn_no += 1
            events.append(Log(msg("shithead-turns-fool", who=_p(seat), card=card.label)))
            return
        if can_go_on(code(card), top):
            self._lay(s, seat, [Laid(card)], DOWN_SOURCE, events)
            return
        assert top is not None
        events.append(
            Log(msg("shithead-turns-no", who=_p(seat), card=card.label, top=value_name(top)))
        )
        s.pile.append(Laid(card))
        self._pick_up(s, seat, events, blind=True)

    # going out, leaving, the end ----------------------------------------------------------

    def _go_out(self, s: ShitheadState, seat: int, events: list[Event]) -> None:
        s.finished.append(seat)
        s.out_at = s.turn_no
        if not s.find_shithead:
            events.append(Log(msg("shithead-out-wins", who=_p(seat))))
            self._end(s, events)
            return
        place = len(s.finished)
        events.append(Log(msg("shithead-out", who=_p(seat), n=place)))
        if len(self._playing(s)) <= 1:
            self._end(s, events)

    def _leave(self, s: ShitheadState, seat: int, events: list[Event]) -> None:
        s.left[seat] = True
        mine = [*s.hands[seat], *s.up[seat], *(c for c in s.down[seat] if c is not None)]
        s.hands[seat], s.up[seat] = [], []
        s.down[seat] = [None] * len(s.down[seat])
        if s.phase == PLAY and seat == s.current:
            if s.turned is not None:
                mine.append(s.turned)
                s.turned = None
            s.current = self._next(s, seat)
            s.turn_no += 1  # a new turn (its clock's key), but not a move towards last orders
            s.out_at += 1
        s.removed.extend(mine)
        events.append(Log(msg("shithead-leaves", who=_p(seat))))
        if len(self._playing(s)) <= 1:
            self._end(s, events)
        elif s.phase == CHOOSE and not self._choosing(s):
            self._start(s, events)

    def _end(self, s: ShitheadState, events: list[Event]) -> None:
        s.phase = OVER
        res = self.results(s)
        shithead = self._shithead(s)
        if shithead is not None and s.shithead_finishes:
            events.append(Drink(shithead, 1, FINISH, msg("shithead-the-shithead")))
        events.extend(Log(line) for line in res.summary)

    def marks(
        self, states: Sequence[ShitheadState], events: Sequence[Sequence[Event]]
    ) -> list[Mark]:
        """What the rules count: the start of play, each new pile (after a burn or a pick-up,
        "Pile 4"), the draw pile running out, and each player going out. The piles belong to
        the part the last of the others began (``Mark.part``)."""
        out: list[Mark] = []
        piles, part = 1, None
        for step, (before, after) in enumerate(pairwise(states), start=1):
            if before.pile and not after.pile:
                piles += 1
            label = None
            if len(after.finished) > len(before.finished):
                label = part = msg("shithead-mark-out", who=_p(after.finished[-1]))
            elif before.draw and not after.draw:
                label = part = msg("shithead-mark-draw")
            elif before.phase == CHOOSE and after.phase == PLAY:
                label = part = msg("shithead-mark-play")
            elif before.pile and not after.pile and after.phase == PLAY:
                label = msg("shithead-mark-pile", n=piles)
            if label is not None:
                out.append(Mark(step, label, part))
        return out

    def _standing(self, s: ShitheadState) -> list[int]:
        """Seated players best first: those out in order, then the rest by cards held."""
        rest = [i for i in self._playing(s)]
        rest.sort(key=lambda i: (self.held(s, i), (i - s.current) % s.players))
        return [*s.finished, *rest]

    def _shithead(self, s: ShitheadState) -> int | None:
        if s.phase != OVER or not s.find_shithead:
            return None
        standing = self._standing(s)
        return standing[-1] if len(standing) > 1 else None

    def results(self, state: ShitheadState) -> Results:
        s = state
        standing = self._standing(s)
        outcomes = [Outcome(i, "left") for i in range(s.players) if s.left[i]]
        lines: list[str] = []
        if not standing:
            return Results(outcomes, lines)
        if s.find_shithead:
            last = len(standing) - 1
            for place, seat in enumerate(standing, 1):
                result = "won" if place == 1 else "lost" if place - 1 == last else "draw"
                outcomes.append(Outcome(seat, result, place=place))
                lines.append(msg("shithead-standing", n=place, who=_p(seat)))
            if last > 0:
                lines.append(msg("shithead-is-shithead", who=_p(standing[-1])))
                if s.shithead_finishes:
                    lines.append(msg("shithead-finishes", who=_p(standing[-1])))
        else:
            outcomes.append(Outcome(standing[0], "won", place=1))
            outcomes += [Outcome(seat, "lost") for seat in standing[1:]]
            lines.append(msg("shithead-wins", who=_p(standing[0])))
        if s.last_orders:
            lines.append(msg("shithead-last-orders"))
        outcomes.sort(key=lambda o: o.seat)
        return Results(outcomes, lines)

    # ------------------------------------------------------------------ views

    def view(self, state: ShitheadState, seat: int | None) -> dict[str, Any]:
        s = state
        top = self._top(s)
        over = s.phase == OVER
        seats = []
        for i in range(s.players):
            show_up = s.phase != CHOOSE or i == seat
            seats.append(
                {
                    "seat": i,
                    "hand": len(s.hands[i]),
                    "up": [{"id": card_id(c), "card": c} for c in s.up[i]] if show_up else [],
                    "down": sum(1 for c in s.down[i] if c is not None),
                    "down_slots": [c is not None for c in s.down[i]],
                    "chosen": s.phase != CHOOSE or bool(s.up[i]),
                    "out": i in s.finished,
                    "place": s.finished.index(i) + 1 if i in s.finished else None,
                    "left": s.left[i],
                }
            )
        data: dict[str, Any] = {
            "game": self.name,
            "phase": s.phase,
            "turn": s.current if s.phase == PLAY else None,
            "turn_no": s.turn_no,
            "clock": self._clock_key(s),
            "seconds": s.turn_seconds,
            "pile_top": s.pile[-1].card if s.pile else None,
            "pile_value": top,
            "pile_value_label": value_label(top) if top is not None else None,
            "hanged": top == HANGED_CODE,
            "devil": top == DEVIL_CODE,
            "run": self._run(s),
            "pile_recent": [{"card": x.card, "as_value": x.as_value} for x in s.pile[-4:]],
            "pile_size": len(s.pile),
            "draw_pile": len(s.draw),
            "burned": len(s.burned),
            "turned": s.turned,
            "players": seats,
            "options": {
                "find_shithead": s.find_shithead,
                "pickup_sip": s.pickup_sip,
                "shithead_finishes": s.shithead_finishes,
            },
            "over": over,
            "last_orders": s.last_orders,
            "winner": self._standing(s)[0] if over and self._standing(s) else None,
            "shithead": self._shithead(s),
            "summary": self.results(s).summary if over else [],
        }
        if seat is not None:
            data.update(self._own_view(s, seat))
        return data

    def _own_view(self, s: ShitheadState, seat: int) -> dict[str, Any]:
        my_turn = s.phase == PLAY and seat == s.current and self.is_active(s, seat)
        plays = self._plays(s, seat) if my_turn and s.turned is None else []
        playable = sorted({i for p in plays for i in p.cards})
        fool_as: list[int] = []
        if my_turn and (s.turned is not None or FOOL_ID in playable):
            fool_as = self.fool_identities(self._top(s))
        src = self._source(s, seat) if self.is_active(s, seat) else None
        legal = self.legal_actions(s, seat) if my_turn or s.phase == CHOOSE else []
        return {
            "seat": seat,
            "hand": [
                {"id": card_id(c), "card": c, "playable": card_id(c) in playable}
                for c in s.hands[seat]
            ],
            "choosing": seat in self._choosing(s),
            "my_turn": my_turn,
            "source": src,
            "playable": playable,
            "fool_as": [{"as_value": v, "label": value_label(v)} for v in fool_as],
            "must_name": my_turn and s.turned is not None,
            "can_pick_up": any(isinstance(a, PickUp) for a in legal),
            "blind": [a.slot for a in legal if isinstance(a, Blind)],
        }

    def hidden(self, state: ShitheadState, viewer: int | None) -> Collection[TarotCard]:
        s = state
        out: list[TarotCard] = [*s.draw, *s.removed]
        for i in range(s.players):
            out += [c for c in s.down[i] if c is not None]
            if i != viewer:
                out += s.hands[i]
                if s.phase == CHOOSE:
                    out += s.up[i]
        return out


def _slots(cards: list[TarotCard]) -> list[TarotCard | None]:
    return [*cards]


ENGINE = ShitheadEngine()
