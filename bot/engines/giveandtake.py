"""Give & Take (``/giveandtake``): shared/rules/give-and-take.md, a War-like game for 2-6.

Every player has two face-down piles, a give pile and a take pile. On each cue everyone turns the
top card of both; a player's *duet* is their take card with the give card of the player to their
right, and the unique lowest difference captures the table (plus the leftovers) under one of
their piles. Ties are fights; a player who runs out of either pile is out; last one standing wins.

Piles are lists with index 0 the top card. ``rounds`` holds the flips of the current turn (two or
more during a fight), each as the cards every player in the ring turned.

Decisions, where the rules file is silent:
- Every flip is a turn, the first of a turn and each flip of a fight alike: each one is cued
  (``Go``, host only, or the table after 10 s with no strike) and each counts towards the
  300-turn last call. In a fight every player still in turns again, not only the tied ones.
- The engine does not know the host, so :meth:`GiveAndTakeEngine.legal_actions` lists ``Go``
  and ``LastCall`` for every active seat; the table service lets only the host send
  :attr:`GiveAndTakeEngine.host_actions`. A host who is out of the ring is still the host:
  the director cues (``Go``) and may call last call "at any time"; the engine takes host actions
  from a seat that is out (:meth:`Engine.apply`), though ``legal_actions`` lists none for it.
  Only a host who is not seated (never sat down) leaves the cueing to the table clock.
- One press is one move: ``Go`` carries the flip it cues and ``Pile`` the turn whose capture
  it puts away, so a double tap on Go!, a Go! that lands just after the table's clock cued, or
  a pile press meant for an earlier capture is refused ("Turn 3 is already cued.", "Turn 3's
  capture is already put away."), never applied to the next flip or capture. Without the
  number (actions stored before it existed) they mean the next flip and the capture waiting.
- Pile cards are face down to everyone, their owner included. Leftovers keep the side they
  had: the deal's spare cards and the piles of a player who goes out stay face down in the
  centre (counted, never shown: the rules and their source put them in the centre and never
  turn them), while cards turned in a fight and left behind lie face up and are shown. A
  capture takes them all.
- "Out at the start of a turn" is checked as soon as a turn is settled (the capture put under
  a pile), so the game ends without waiting for another cue. During a fight, the players who
  could not turn again are out as soon as the fight flip ties (before the next cue); then the
  ring closes and the newest flip is looked at again without them.
- The pile choice defaults (20 s, a strike) to the smaller pile; equal piles: the give pile.
  The captured cards go under it in an order shuffled from the seed and the turn number.
- Places use shared ranks ("1, 2, 2, 4"): players going out in the same turn (a fight flip is
  a turn of its own), a leaver among them, share the place behind everyone still in. When
  everyone still in goes out at once, or at last call, those players are ranked by the cards
  in their piles (cards on the table are ignored). A shared first place is a draw for those
  players; everyone else has lost (or left).
- Last call (after turn 300, or the host's ``LastCall`` at any time) comes after the out check.
  A capture still waiting for its pile goes under the capturer's smaller pile first.
- A player who leaves is out at once (result "left"), sharing the place of anyone else out in
  that turn: their piles, and in a fight the cards they turned in it, go to the leftovers, and
  a fight is looked at again. A capturer who leaves before choosing forfeits the capture: the
  turn's cards join the leftovers.
- When one player is left standing mid-fight, the fight's cards stay on the table.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, ClassVar

from .base import (
    DRAW,
    LEFT,
    LOST,
    WON,
    Action,
    Engine,
    Event,
    IllegalAction,
    Leave,
    Log,
    Mark,
    NotYourTurn,
    Outcome,
    Results,
    Timeout,
    Timer,
    check_options,
    msg,
    rng,
)
from .cards import Card, deal, french_deck, shuffled

CUE = "cue"  # waiting for the director's "Go!"
PILE = "pile"  # the capturer chooses a pile
OVER = "over"

CUE_SECONDS = 10
PILE_SECONDS = 20
TURN_LIMIT = 300

# how the game ended
STANDING = "standing"  # one player left
ALL_OUT = "all_out"  # everyone still in went out at once
LIMIT = "limit"  # last call after TURN_LIMIT turns
HOST = "host"  # the host's last call

ACE = 14


@dataclass(frozen=True)
class Go(Action, verb="go"):
    """The director cues the turn: "3, 2, 1, Go!" (host only). ``turn``: the flip this press
    cues; a press meant for a flip already made (a double tap, or the table's clock cued first)
    is refused, not a cue of the next one (``None``: the next flip, as actions stored before
    this field read)."""

    turn: int | None = None


@dataclass(frozen=True)
class Pile(Action, verb="pile"):
    """The capturer puts the capture under their take pile (``take``) or their give pile.
    ``turn``: the turn whose capture it puts away; a press meant for a capture already put away
    is refused, not put on a later capture (``None``: the capture waiting, as actions stored
    before this field read)."""

    take: bool
    turn: int | None = None


@dataclass(frozen=True)
class LastCall(Action, verb="last_call"):
    """The host ends the game now: players still in are ranked by cards held (host only)."""


@dataclass(frozen=True)
class Played:
    """The two cards one player turned in one flip."""

    seat: int
    give: Card
    take: Card


@dataclass(frozen=True)
class Duet:
    """``seat``'s take card with the give card of ``giver``, the player to its right."""

    seat: int
    take: Card
    giver: int
    give: Card
    difference: int


@dataclass
class GiveAndTakeState:
    seed: str
    players: int
    give: list[list[Card]]  # per seat, index 0 = top card, face down
    take: list[list[Card]]
    leftovers: list[Card] = field(default_factory=list)  # turned cards, face up in the centre
    # leftovers never turned (the deal's spare cards, the piles of players who went out): face
    # down in the centre, captured with the rest
    face_down: list[Card] = field(default_factory=list)
    rounds: list[list[Played]] = field(default_factory=list)  # this turn's flips, oldest first
    phase: str = CUE
    turns: int = 0  # flips made
    clock: int = 1  # numbers the decision being waited for (clock keys)
    capturer: int | None = None
    out_turn: list[int | None] = field(default_factory=list)  # the turn each seat went out
    place: list[int | None] = field(default_factory=list)  # per seat, once known
    left: list[bool] = field(default_factory=list)
    ending: str = ""
    final: list[int] = field(default_factory=list)  # the seats still in at the end
    last: str = ""  # public text of the last thing settled, {pN} names, no cards


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def _names(seats: list[int]) -> str:
    """``{p0}``, or ``{p0}, {p1} and {p2}`` as a message (the "and" in each language)."""
    if len(seats) == 1:
        return _p(seats[0])
    return msg("giveandtake-and", rest=", ".join(_p(s) for s in seats[:-1]), last=_p(seats[-1]))


def _turn(turn: int, flips: int) -> str:
    """``Turn 5``, or ``Turn 6, fight flip 2``: a flip as the log and the replay name it."""
    return msg("giveandtake-turn", turn=turn, flip=flips if flips > 1 else 0)


def _values(card: Card) -> tuple[int, ...]:
    return (1, ACE) if card.rank == ACE else (card.rank,)


def difference(a: Card, b: Card) -> int:
    """A duet's difference; an ace is 1 or 14, whichever makes it smaller."""
    return min(abs(x - y) for x in _values(a) for y in _values(b))


def duets(flip: list[Played]) -> list[Duet]:
    """The duets of one flip: each player's take card with the give card on their right.

    The ring is the players who turned in that flip, in seat order, so it closes round a player
    who is out.
    """
    out = []
    for i, played in enumerate(flip):
        right = flip[i - 1]
        out.append(
            Duet(
                played.seat,
                played.take,
                right.seat,
                right.give,
                difference(played.take, right.give),
            )
        )
    return out


def _ranks(counts: dict[int, int]) -> dict[int, int]:
    """Shared places by most cards: seat -> 1 + how many hold strictly more."""
    return {s: 1 + sum(1 for n in counts.values() if n > c) for s, c in counts.items()}


class GiveAndTakeEngine(Engine[GiveAndTakeState]):
    name = "giveandtake"
    title = "Give & Take"
    blurb = "Give & Take, the ring of duets, for 2-6"
    min_players = 2
    max_players = 6
    actions = (Go, Pile, LastCall)
    host_actions: ClassVar[frozenset[type[Action]]] = frozenset({Go, LastCall})
    ask_first: ClassVar[dict[type[Action], tuple[str, str]]] = {
        LastCall: (
            msg("giveandtake-ask-last-call"),
            msg("giveandtake-yes-last-call"),
        )
    }
    scoring = "places"
    drinks = False  # the rules have no drinks in this one

    # ----------------------------------------------------------------- setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> GiveAndTakeState:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                msg("giveandtake-players", least=self.min_players, most=self.max_players)
            )
        check_options(self.options, options)
        deck = shuffled(french_deck(), rng(seed, "deal"))
        size = len(deck) // (2 * players)
        piles = deal(deck, 2 * players, size)
        return GiveAndTakeState(
            seed=seed,
            players=players,
            give=[piles[2 * seat] for seat in range(players)],
            take=[piles[2 * seat + 1] for seat in range(players)],
            face_down=deck[2 * players * size :],
            out_turn=[None] * players,
            place=[None] * players,
            left=[False] * players,
        )

    # ----------------------------------------------------------------- reading helpers

    def ring(self, s: GiveAndTakeState) -> list[int]:
        """The seats still in, in seat order."""
        return [seat for seat in range(s.players) if s.out_turn[seat] is None]

    def held(self, s: GiveAndTakeState, seat: int) -> int:
        return len(s.give[seat]) + len(s.take[seat])

    def is_active(self, state: GiveAndTakeState, seat: int) -> bool:
        return state.out_turn[seat] is None

    def marks(
        self, states: Sequence[GiveAndTakeState], events: Sequence[Sequence[Event]]
    ) -> list[Mark]:
        """Every cue turns a flip, a turn of its own ("Turn 5"; in a fight "Turn 6, fight flip
        2", counting the turn's flips as the log does)."""
        return [
            Mark(step, _turn(after.turns, len(before.rounds) + 1))
            for step, (before, after) in enumerate(pairwise(states), start=1)
            if after.turns != before.turns
        ]

    def is_over(self, state: GiveAndTakeState) -> bool:
        return state.phase == OVER

    def _clock_key(self, s: GiveAndTakeState) -> str | None:
        if s.phase == CUE:
            return f"go:{s.clock}"
        if s.phase == PILE:
            return f"pile:{s.clock}"
        return None

    def timers(self, state: GiveAndTakeState) -> list[Timer]:
        key = self._clock_key(state)
        if key is None:
            return []
        if state.phase == CUE:
            return [Timer(key, CUE_SECONDS, ())]  # the director's cue: nobody's strike
        assert state.capturer is not None
        return [Timer(key, PILE_SECONDS, (state.capturer,))]

    def legal_actions(self, state: GiveAndTakeState, seat: int) -> list[Action]:
        if state.phase == OVER or not self.is_active(state, seat):
            return []
        acts: list[Action] = []
        if state.phase == CUE:
            acts.append(Go(state.turns + 1))
        if state.phase == PILE and seat == state.capturer:
            acts += [Pile(take=False, turn=state.turns), Pile(take=True, turn=state.turns)]
        return [*acts, LastCall(), Leave()]

    # ----------------------------------------------------------------- moves

    def play(
        self, s: GiveAndTakeState, seat: int | None, action: Action, events: list[Event]
    ) -> None:
        if isinstance(action, Timeout):
            if s.phase == CUE:
                events.append(Log(msg("giveandtake-table-cues")))
                self._flip(s, events)
            else:
                assert s.capturer is not None
                take = self._smaller_is_take(s, s.capturer)
                events.append(Log(msg("giveandtake-pile-timeout", who=_p(s.capturer))))
                self._capture(s, take, events)
            return
        assert seat is not None
        if isinstance(action, Leave):
            self._leave(s, seat, action, events)
        elif isinstance(action, LastCall):
            events.append(Log(msg("giveandtake-host-last-call")))
            self._last_call(s, HOST, events)
        elif isinstance(action, Go):
            # the stamp first: a press meant for a flip that ended in a capture says so too
            if action.turn is not None and action.turn <= s.turns:
                raise IllegalAction(msg("giveandtake-cued-already", turn=action.turn))
            if action.turn is not None and action.turn > s.turns + 1:
                raise IllegalAction(msg("giveandtake-not-up-yet", turn=action.turn))
            if s.phase != CUE:
                raise IllegalAction(msg("giveandtake-still-choosing"))
            events.append(Log(msg("giveandtake-go")))
            self._flip(s, events)
        elif isinstance(action, Pile):
            if action.turn is not None and (
                action.turn < s.turns or (action.turn == s.turns and s.phase != PILE)
            ):
                raise IllegalAction(msg("giveandtake-put-away-already", turn=action.turn))
            if action.turn is not None and action.turn != s.turns:
                raise IllegalAction(msg("giveandtake-no-capture-then", turn=action.turn))
            if s.phase != PILE:
                raise IllegalAction(msg("giveandtake-no-capture"))
            if seat != s.capturer:
                raise NotYourTurn(msg("giveandtake-capturer-only"))
            self._capture(s, action.take, events)

    # ----------------------------------------------------------------- a turn

    def _flip(self, s: GiveAndTakeState, events: list[Event]) -> None:
        s.turns += 1
        flip = [Played(p, s.give[p].pop(0), s.take[p].pop(0)) for p in self.ring(s)]
        s.rounds.append(flip)
        shown = " \u00b7 ".join(
            f"{_p(d.seat)} {d.take.label}/{d.give.label} ({d.difference})" for d in duets(flip)
        )
        events.append(Log(msg("giveandtake-flip", turn=_turn(s.turns, len(s.rounds)), duets=shown)))
        self._evaluate(s, events)

    def table_cards(self, s: GiveAndTakeState) -> list[Card]:
        """Every card turned this turn and still on the table."""
        return [c for flip in s.rounds for played in flip for c in (played.give, played.take)]

    def at_stake(self, s: GiveAndTakeState) -> int:
        """How many cards a capture takes now: the table's and every leftover."""
        return len(self.table_cards(s)) + len(s.leftovers) + len(s.face_down)

    def _evaluate(self, s: GiveAndTakeState, events: list[Event]) -> None:
        """Look at the newest flip: a capture, or a fight that goes on (or knocks players out)."""
        ds = duets(s.rounds[-1])
        low = min(d.difference for d in ds)
        lowest = [d.seat for d in ds if d.difference == low]
        if len(lowest) == 1:
            s.capturer = lowest[0]
            s.phase = PILE
            s.clock += 1
            n = self.at_stake(s)
            s.last = msg("giveandtake-captures", who=_p(s.capturer), cards=n, low=low)
            events.append(
                Log(msg("giveandtake-captures-ask", who=_p(s.capturer), cards=n, low=low))
            )
            return
        s.last = msg("giveandtake-fight", who=_names(lowest), low=low)
        events.append(Log(s.last))
        ring = self.ring(s)
        stuck = [p for p in ring if not s.give[p] or not s.take[p]]
        if stuck and len(stuck) == len(ring):
            self._all_out(s, stuck, events)
            return
        if stuck:
            for p in stuck:
                self._clear(s, p)
            self._knock_out(s, stuck, "fight", events)
            if len(self.ring(s)) == 1:
                self._end(s, STANDING, events)
                return
            events.append(Log(msg("giveandtake-ring-closes")))
            self._evaluate(s, events)
            return
        self._wait_for_cue(s, events)

    def _clear(self, s: GiveAndTakeState, seat: int, *, table: bool = True) -> None:
        """``seat``'s piles (face down), and (``table``) the cards it turned this turn (face up),
        go to the leftovers."""
        if table:
            for flip in s.rounds:
                for played in flip:
                    if played.seat == seat:
                        s.leftovers += [played.give, played.take]
            s.rounds = [[pl for pl in flip if pl.seat != seat] for flip in s.rounds]
        s.face_down += s.give[seat] + s.take[seat]
        s.give[seat] = []
        s.take[seat] = []

    def _smaller_is_take(self, s: GiveAndTakeState, seat: int) -> bool:
        return len(s.take[seat]) < len(s.give[seat])

    def _put_under(self, s: GiveAndTakeState, take: bool) -> None:
        seat = s.capturer
        assert seat is not None
        cards = self.table_cards(s) + s.leftovers + s.face_down
        cards = shuffled(cards, rng(s.seed, "capture", s.turns))
        (s.take if take else s.give)[seat].extend(cards)
        s.rounds = []
        s.leftovers = []
        s.face_down = []
        s.capturer = None
        pile = "take" if take else "give"
        s.last = msg("giveandtake-put-under", who=_p(seat), cards=len(cards), pile=pile)

    def _capture(self, s: GiveAndTakeState, take: bool, events: list[Event]) -> None:
        self._put_under(s, take)
        events.append(Log(s.last))
        self._settle(s, events)

    def _settle(self, s: GiveAndTakeState, events: list[Event]) -> None:
        """The turn is over: whoever can't play the next one is out; then the next cue."""
        if not self._out_check(s, events):
            self._wait_for_cue(s, events)

    def _out_check(self, s: GiveAndTakeState, events: list[Event]) -> bool:
        """Whoever has an empty pile for the next turn is out. True if that ended the game."""
        ring = self.ring(s)
        stuck = [p for p in ring if not s.give[p] or not s.take[p]]
        if stuck and len(stuck) == len(ring):
            self._all_out(s, stuck, events)
            return True
        if stuck:
            for p in stuck:
                self._clear(s, p)
            self._knock_out(s, stuck, "pile", events)
            if len(self.ring(s)) == 1:
                self._end(s, STANDING, events)
                return True
        return False

    def _wait_for_cue(self, s: GiveAndTakeState, events: list[Event]) -> None:
        if s.turns >= TURN_LIMIT:
            events.append(Log(msg("giveandtake-turn-limit", turns=TURN_LIMIT)))
            self._last_call(s, LIMIT, events)
            return
        s.phase = CUE
        s.clock += 1

    # ----------------------------------------------------------------- going out, the end

    def _knock_out(
        self, s: GiveAndTakeState, seats: list[int], why: str, events: list[Event]
    ) -> None:
        """``seats`` go out together. Everyone out in the same turn (a player who left
        earlier in it, too) shares the place behind everyone still in."""
        earlier = [p for p in range(s.players) if s.out_turn[p] == s.turns and p not in seats]
        for p in seats:
            s.out_turn[p] = s.turns
        place = len(self.ring(s)) + 1
        for p in [*earlier, *seats]:
            s.place[p] = place
        shared = "no" if len(seats) == 1 and not earlier else "with" if earlier else "yes"
        line = msg(
            "giveandtake-out",
            who=_names(seats),
            n=len(seats),
            why=why,
            place=place,
            shared=shared,
            others=_names(earlier) if earlier else "",
        )
        events.append(Log(line))

    def _all_out(self, s: GiveAndTakeState, seats: list[int], events: list[Event]) -> None:
        events.append(Log(msg("giveandtake-all-out")))
        for p in seats:
            s.out_turn[p] = s.turns
        self._rank(s, seats)
        self._finish(s, ALL_OUT, seats, events)

    def _rank(self, s: GiveAndTakeState, seats: list[int]) -> None:
        for seat, place in _ranks({p: self.held(s, p) for p in seats}).items():
            s.place[seat] = place

    def _last_call(self, s: GiveAndTakeState, how: str, events: list[Event]) -> None:
        """Rank the ring by cards held. The host's last call may come while a capture waits
        for its pile: it goes under the smaller pile and the turn is settled first, out check
        included, as at the turn limit ("the same effect")."""
        if s.capturer is not None:  # a capture waiting for its pile
            self._put_under(s, self._smaller_is_take(s, s.capturer))
            events.append(Log(s.last))
            if self._out_check(s, events):
                return
        self._rank(s, self.ring(s))
        self._finish(s, how, self.ring(s), events)

    def _end(self, s: GiveAndTakeState, how: str, events: list[Event]) -> None:
        (winner,) = self.ring(s)
        s.place[winner] = 1
        self._finish(s, how, [winner], events)

    def _finish(self, s: GiveAndTakeState, how: str, final: list[int], events: list[Event]) -> None:
        s.final = final
        s.phase = OVER
        s.ending = how
        s.capturer = None
        summary = self.results(s).summary
        s.last = summary[0]
        events.extend(Log(line) for line in summary)

    def _leave(self, s: GiveAndTakeState, seat: int, action: Leave, events: list[Event]) -> None:
        s.left[seat] = True
        why = "left" if action.timeouts is None else "clocks"
        forfeit = s.phase == PILE and s.capturer == seat
        fight = s.phase == CUE and bool(s.rounds)
        if forfeit:
            s.leftovers += self.table_cards(s)
            s.rounds = []
            s.capturer = None
            events.append(Log(msg("giveandtake-forfeits", who=_p(seat))))
        # while another player's capture waits, the leaver's turned cards are part of it
        self._clear(s, seat, table=s.phase != PILE)
        self._knock_out(s, [seat], why, events)
        if len(self.ring(s)) == 1:
            self._end(s, STANDING, events)
        elif forfeit:
            self._settle(s, events)
        elif fight:
            events.append(Log(msg("giveandtake-ring-closes")))
            self._evaluate(s, events)

    # ----------------------------------------------------------------- views

    def _places(self, s: GiveAndTakeState) -> list[int]:
        """Every seat's place: final once over, else with the players still in ranked by cards."""
        places = list(s.place)
        ring = self.ring(s)
        if s.phase != OVER:
            for seat, place in _ranks({p: self.held(s, p) for p in ring}).items():
                places[seat] = place
        return [p if p is not None else 1 for p in places]

    def results(self, state: GiveAndTakeState) -> Results:
        s = state
        places = self._places(s)
        firsts = [seat for seat in range(s.players) if places[seat] == 1]
        outcomes = []
        for seat in range(s.players):
            if s.left[seat]:
                result = LEFT
            elif places[seat] == 1:
                result = WON if len(firsts) == 1 else DRAW
            else:
                result = LOST
            outcomes.append(Outcome(seat, result, place=places[seat]))
        # one line: how it ended, and who won (or drew); {p0}... and numbers as arguments
        if s.ending == STANDING:
            head = msg("giveandtake-end-standing", who=_p(firsts[0]))
        else:
            head = msg(
                "giveandtake-end",
                how=s.ending or "none",
                turn=s.out_turn[firsts[0]] or 0,
                turns=TURN_LIMIT,
                result="draw" if len(firsts) > 1 else "none" if not s.ending else "win",
                who=_names(firsts),
            )
        lines = [head]
        final = s.final if s.phase == OVER else self.ring(s)
        for seat in sorted(range(s.players), key=lambda p: (places[p], p)):
            if s.left[seat]:
                how, n = "left", s.out_turn[seat] or 0
            elif seat not in final:
                how, n = "out", s.out_turn[seat] or 0
            elif s.ending == STANDING:
                how, n = "standing", 0
            else:
                how, n = "cards", self.held(s, seat)
            lines.append(msg("giveandtake-place", place=places[seat], who=_p(seat), how=how, n=n))
        return Results(outcomes, lines)

    def view(self, state: GiveAndTakeState, seat: int | None) -> dict[str, Any]:
        s = state
        over = s.phase == OVER
        fight = s.phase == CUE and bool(s.rounds)
        newest = duets(s.rounds[-1]) if s.rounds else []
        low = min((d.difference for d in newest), default=None)
        key = self._clock_key(s)
        stake = self.at_stake(s)
        data: dict[str, Any] = {
            "game": self.name,
            "phase": s.phase,
            "turn": s.turns,  # flips made so far
            "turn_limit": TURN_LIMIT,
            "players": [
                {
                    "seat": p,
                    "give": len(s.give[p]),
                    "take": len(s.take[p]),
                    "cards": self.held(s, p),
                    "out": s.out_turn[p] is not None,
                    "out_turn": s.out_turn[p],
                    "left": s.left[p],
                    "place": s.place[p],
                }
                for p in range(s.players)
            ],
            "ring": self.ring(s),
            "rounds": [[self._duet_view(d) for d in duets(flip)] for flip in s.rounds],
            "duets": [self._duet_view(d) for d in newest],
            "lowest": [d.seat for d in newest if d.difference == low],
            "fight": fight,
            "leftovers": list(s.leftovers),
            "face_down": len(s.face_down),
            "capturer": s.capturer,
            "at_stake": stake,  # what a capture would take now
            "capture_size": stake if s.phase == PILE else 0,
            "waiting_for": {CUE: "go", PILE: "pile"}.get(s.phase),
            "clock": key,
            "clock_seconds": {CUE: CUE_SECONDS, PILE: PILE_SECONDS}.get(s.phase),
            "last": s.last,
            "over": over,
            "ending": s.ending or None,
            "summary": self.results(s).summary if over else [],
        }
        if seat is not None:
            data["seat"] = seat
        return data

    def _duet_view(self, d: Duet) -> dict[str, Any]:
        return {
            "seat": d.seat,
            "take": d.take,
            "giver": d.giver,
            "give": d.give,
            "difference": d.difference,
        }

    def hidden(self, state: GiveAndTakeState, viewer: int | None) -> Collection[Card]:
        """Every pile card is face down, to its owner too, and so are the leftovers that were
        never turned; table cards and turned leftovers are not."""
        piles = [c for p in range(state.players) for c in state.give[p] + state.take[p]]
        return piles + state.face_down

    def holdings(self, state: GiveAndTakeState) -> Sequence[Sequence[Card]]:
        """Each seat's give pile then its take pile, top cards first (face down to everyone
        during the game; a finished game's replay shows them)."""
        return [state.give[p] + state.take[p] for p in range(state.players)]


ENGINE = GiveAndTakeEngine()
