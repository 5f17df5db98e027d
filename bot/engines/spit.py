"""Spit (``/spit``): the real-time game for two (shared/rules/spit.md).

Each player has their own 52-card deck and lays its top four cards face up as their layout. After
the opening "spit!" there are no turns: both play layout cards at once onto two centre piles, a
card fitting when it is one rank above or below the top (K-A-2 wraps), and a played card is
replaced at once from the deck. When both are stuck they spit again; the first to play their last
card with an empty deck wins, and if both decks run out and both are stuck, fewest cards wins.

Decisions (where the rules file is silent):
- Cards carry their deck (:class:`SpitCard`, ``deck`` = the seat that owns it, like a deck's
  back), so the two copies of a card are different cards: what is hidden (the decks) can be told
  apart from its face-up twin. They are shown like any other card; stored as ``"TH0"``, ``"TH1"``.
- Layout positions are 0-3, left to right. A played position is refilled in place from the deck's
  top; once the deck is empty it stays empty (``None``), so the other cards keep their places.
  This variant has no face-down layout cards: a player's face-down cards are their deck.
- Centre pile ``c`` is the one seat ``c`` started with the opening spit (the left and the right
  pile in text, as the UI calls them). Piles are never cleared; the last card of a pile is its top.
- The opening "spit!" uses the same mechanism as a stalemate's: each player says spit
  (``Spit(0)``), and the spit happens when both have, or when the start clock runs out (30 s,
  option ``start_seconds``), so nobody starts before both can see their layout.
- A play names what its button was made for: ``Play(pile, centre, card, on)``, ``card`` being
  the layout card's number (:func:`number`, 0-51) and ``on`` the centre pile's size. If that card
  is no longer in that position, or anything landed on that pile since (a play or a spit), the
  play lost the race and is refused "Too slow! ..." even when the card would fit the new top. A
  play on the other pile does not make the button stale. Piles only grow, so a play naming a
  pile taller than it is was never a button: "That play isn't from this game". Plays are
  applied in the order received.
- ``Spit(n, centre)`` names the spit it answers (``n`` = spits so far, the opening spit is 0): a
  Spit from an earlier stalemate is refused "Too slow!", one numbered past the spit due (no
  button is) "That spit isn't from this game". Saying spit twice is refused.
- A spit clock (5 s, the rules'; option ``spit_seconds``) is nobody's timeout: it counts against
  no one for the three-timeouts rule, as the rules make it the normal way to spit.
- Spitting alone: the lone spitter's Spit carries the pile (``Spit(n, 0)`` or ``Spit(n, 1)``);
  the other player says ``Spit(n)`` to show they are ready. If the clock comes first and the lone
  spitter has not chosen, they spit onto their own pile (the one they started).
- If both are still stuck after a spit, another spit is due at once (a new clock).
- Nobody moving: plays have no turn clock, but a play clock (30 s, option ``idle_seconds``) runs
  whenever a play is possible and restarts with every card that lands in the centre. If it runs
  out, the game ends there: a player who could have played and didn't loses to one who couldn't;
  if both could, fewest cards (deck + layout) wins and equal is a draw. So the game always ends:
  every play or spit puts one of the 104 cards in the centre for good, and every phase has a
  clock that either spits (at least one card) or ends the game.
- "Cards left" at the end are the layout and deck together (the deck is empty at a normal end).
- The rules give no drinks: no Drink events; the table records the winner (or a draw).
- Plays are not logged one by one (they would push everything else out of the table's short log):
  the view's ``recent`` holds the last six cards put in the centre. Log lines are the opening,
  stalemates, spits, an emptied deck, a leaver and the end.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

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
    Option,
    Outcome,
    Results,
    Timeout,
    Timer,
    check_options,
    msg,
    rng,
)
from .cards import SUITS, Card, french_deck, shuffled

SPIT = "spit"  # waiting for a spit: the opening one, or both players are stuck
PLAY = "play"
OVER = "over"

LAYOUT = 4  # layout positions
CENTRE = 2  # centre piles
RECENT = 6  # moves kept for the view

# how a game ended
OUT = "out"  # a player played their last card
STUCK = "stuck"  # both decks empty and both stuck
IDLE = "idle"  # the play clock ran out
GONE = "left"  # a player left


@dataclass(frozen=True, order=True)
class SpitCard(Card):
    """A card of one player's own deck: ``deck`` is the seat it belongs to (its back)."""

    deck: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.deck not in (0, 1):
            raise ValueError(f"no such deck: {self.deck}")

    def to_json(self) -> str:
        return f"{self.code}{self.deck}"

    @classmethod
    def from_json(cls, data: object) -> SpitCard:
        if not isinstance(data, str) or len(data) != 3 or data[2] not in "01":
            raise ValueError(f"bad card code {data!r}")
        face = Card.from_code(data[:2])
        return cls(face.rank, face.suit, int(data[2]))


def number(card: Card) -> int:
    """The card's number within its deck, 0-51 (a play's ``card`` field)."""
    return SUITS.index(card.suit) * 13 + card.rank - 2


def fits(card: Card, top: Card) -> bool:
    """One rank above or below, suit aside; the ace is high or low (K-A-2)."""
    return (card.rank - top.rank) % 13 in (1, 12)


def own_deck(seat: int) -> list[SpitCard]:
    return [SpitCard(c.rank, c.suit, seat) for c in french_deck()]


# -- verbs ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action, verb="play"):
    """Play the layout card at ``pile`` (0-3) onto centre pile ``centre`` (0-1).

    ``card`` (the card's :func:`number`) and ``on`` (the centre pile's size) are what the button
    was made for: if either changed, the play lost the race.
    """

    pile: int
    centre: int
    card: int
    on: int


@dataclass(frozen=True)
class Spit(Action, verb="spit"):
    """Say spit for spit number ``n``; the lone spitter names the ``centre`` pile (0-1)."""

    n: int
    centre: int | None = None


# -- state ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A card put in the centre: by ``seat``, onto pile ``centre``; ``spit`` if it was spat."""

    seat: int
    card: SpitCard
    centre: int
    spit: bool = False


@dataclass
class SpitState:
    seed: str
    players: int
    decks: list[list[SpitCard]]  # per seat, face down, index 0 = top
    layouts: list[list[SpitCard | None]]  # per seat, positions 0-3, None = empty space
    centre: list[list[SpitCard]] = field(default_factory=lambda: [[], []])  # last = top
    phase: str = SPIT
    spits: int = 0  # spits done; while a spit is due, also its number (the opening spit is 0)
    said: list[int] = field(default_factory=list)  # seats that said spit for the due spit
    alone: int | None = None  # the pile the lone spitter chose
    moved: int = 0  # cards put in the centre so far (the play clock's key)
    recent: list[Move] = field(default_factory=list)  # the last few, oldest first
    winner: int | None = None
    leaver: int | None = None
    ending: str | None = None  # OUT, STUCK, IDLE or GONE once over
    idler: int | None = None  # IDLE: the one player who could have played and didn't
    spit_seconds: int = 5
    start_seconds: int = 30
    idle_seconds: int = 30


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


# -- the engine -------------------------------------------------------------------------------


class SpitEngine(Engine[SpitState]):
    name = "spit"
    title = "Spit"
    blurb = "The real-time card race for two: no turns, fastest hands win"
    min_players = 2
    max_players = 2
    takebacks = False  # real time: both play at once, no move waits for the other
    options = (
        Option(
            "spit_seconds", 5, 3, 15, "Seconds to spit", "Seconds before a stalemate's spit comes"
        ),
        Option("start_seconds", 30, 10, 120, "Seconds to start", "Seconds before the opening spit"),
        Option(
            "idle_seconds",
            30,
            10,
            300,
            "Seconds without a play",
            "Seconds without a play (when one is possible) before the game ends",
        ),
    )
    actions = (Play, Spit)
    scoring = "sips"
    drinks = False  # the rules have no drinks in this one
    seat_takeover = False  # a player who leaves ends the game: the other player wins

    # ----------------------------------------------------------------- setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> SpitState:
        if players != 2:
            raise IllegalAction(msg("spit-two-players"))
        opts = check_options(self.options, options)
        decks = [shuffled(own_deck(seat), rng(seed, "deck", seat)) for seat in (0, 1)]
        layouts: list[list[SpitCard | None]] = [list(d[:LAYOUT]) for d in decks]
        return SpitState(
            seed=seed,
            players=2,
            decks=[d[LAYOUT:] for d in decks],
            layouts=layouts,
            spit_seconds=opts["spit_seconds"],
            start_seconds=opts["start_seconds"],
            idle_seconds=opts["idle_seconds"],
        )

    def opening(self, state: SpitState) -> list[Event]:
        return [Log(msg("spit-opening", seconds=state.start_seconds))]

    # ----------------------------------------------------------------- reading helpers

    def plays(self, state: SpitState, seat: int) -> list[Play]:
        """Every play ``seat`` may make now."""
        if state.phase != PLAY:
            return []
        out = []
        for pile, card in enumerate(state.layouts[seat]):
            if card is None:
                continue
            for c, centre in enumerate(state.centre):
                if centre and fits(card, centre[-1]):
                    out.append(Play(pile, c, number(card), len(centre)))
        return out

    def stuck(self, state: SpitState, seat: int) -> bool:
        """No layout card of ``seat`` fits either pile (False before the opening spit)."""
        if not all(state.centre):
            return False
        tops = [pile[-1] for pile in state.centre]
        return not any(c is not None and fits(c, t) for c in state.layouts[seat] for t in tops)

    def cards_left(self, state: SpitState, seat: int) -> int:
        return len(state.decks[seat]) + sum(c is not None for c in state.layouts[seat])

    def spitters(self, state: SpitState) -> list[int]:
        """The seats with deck cards: who spits next."""
        return [seat for seat in (0, 1) if state.decks[seat]]

    def lone_spitter(self, state: SpitState) -> int | None:
        who = self.spitters(state)
        return who[0] if len(who) == 1 else None

    # ----------------------------------------------------------------- moves

    def play(self, state: SpitState, seat: int | None, action: Action, events: list[Event]) -> None:
        if isinstance(action, Timeout):
            if action.key.startswith("idle:"):
                self._idle(state, events)
            else:
                self._spit(state, events, clock=True)
            return
        assert seat is not None
        if isinstance(action, Leave):
            state.leaver = seat
            events.append(Log(msg("spit-left", who=_p(seat))))
            self._end(state, events, GONE, 1 - seat)
        elif isinstance(action, Play):
            self._play(state, seat, action, events)
        elif isinstance(action, Spit):
            self._say_spit(state, seat, action, events)
        else:  # pragma: no cover - parse() lets no other verb through
            raise IllegalAction(msg("spit-not-a-move"))

    def _play(self, state: SpitState, seat: int, action: Play, events: list[Event]) -> None:
        if not (0 <= action.pile < LAYOUT and 0 <= action.centre < CENTRE):
            raise IllegalAction(msg("spit-no-pile"))
        if not all(state.centre):
            raise IllegalAction(msg("spit-wait"))
        card = state.layouts[seat][action.pile]
        if card is None or number(card) != action.card:
            raise IllegalAction(msg("spit-slow-card"))
        pile = state.centre[action.centre]
        if action.on > len(pile):  # piles only grow: no button, however old, says that
            raise IllegalAction(msg("spit-not-a-play"))
        if len(pile) != action.on:
            raise IllegalAction(msg("spit-slow-pile"))
        if not fits(card, pile[-1]):
            raise IllegalAction(msg("spit-no-fit", card=card.label, top=pile[-1].label))
        pile.append(card)
        self._moved(state, Move(seat, card, action.centre))
        deck = state.decks[seat]
        if deck:
            state.layouts[seat][action.pile] = deck.pop(0)
            if not deck:
                events.append(Log(msg("spit-deck-empty", who=_p(seat))))
        else:
            state.layouts[seat][action.pile] = None
        if self.cards_left(state, seat) == 0:
            events.append(Log(msg("spit-last-card", who=_p(seat))))
            self._end(state, events, OUT, seat)
            return
        self._settle(state, events)

    def _say_spit(self, state: SpitState, seat: int, action: Spit, events: list[Event]) -> None:
        if not 0 <= action.n <= state.spits:  # a spit to come: no button says that
            raise IllegalAction(msg("spit-not-a-spit"))
        if state.phase != SPIT or action.n != state.spits:
            if action.n < state.spits:
                raise IllegalAction(msg("spit-slow-spit"))
            raise IllegalAction(msg("spit-keep-playing"))
        if seat in state.said:
            raise IllegalAction(msg("spit-said-already"))
        if seat == self.lone_spitter(state):
            if action.centre is None or not 0 <= action.centre < CENTRE:
                raise IllegalAction(msg("spit-choose-pile"))
            state.alone = action.centre
        elif action.centre is not None:
            lone = self.lone_spitter(state)
            if lone is None:
                raise IllegalAction(msg("spit-own-pile"))
            raise IllegalAction(msg("spit-other-chooses"))
        state.said.append(seat)
        if len(state.said) == 2:
            self._spit(state, events, clock=False)

    def _spit(self, state: SpitState, events: list[Event], clock: bool) -> None:
        """Each player with deck cards spits (onto their own pile, or the lone one's choice)."""
        spitters = self.spitters(state)
        lone = self.lone_spitter(state)
        spat: list[Move] = []
        for seat in spitters:
            centre = seat
            if lone is not None:
                centre = state.alone if state.alone is not None else seat
            card = state.decks[seat].pop(0)
            state.centre[centre].append(card)
            spat.append(Move(seat, card, centre, spit=True))
        for move in spat:
            self._moved(state, move)
        when = "clock" if clock else "said"  # the clock spat, or both said spit
        if lone is not None:
            m = spat[0]
            line = msg("spit-alone", when=when, who=_p(m.seat), card=m.card.label, pile=m.centre)
        else:
            a, b = spat
            line = msg(
                "spit-spat", when=when, a=_p(a.seat), ca=a.card.label, b=_p(b.seat), cb=b.card.label
            )
        events.append(Log(line))
        for seat in spitters:
            if not state.decks[seat]:
                events.append(Log(msg("spit-deck-empty", who=_p(seat))))
        state.spits += 1
        state.said = []
        state.alone = None
        self._settle(state, events)

    def _moved(self, state: SpitState, move: Move) -> None:
        state.moved += 1
        state.recent = [*state.recent, move][-RECENT:]

    def _settle(self, state: SpitState, events: list[Event]) -> None:
        """After a card lands: play on, or a stalemate (a spit, or the end with empty decks)."""
        if not (self.stuck(state, 0) and self.stuck(state, 1)):
            state.phase = PLAY
            return
        if not self.spitters(state):
            self._end_by_count(state, events, STUCK)
            return
        state.phase = SPIT
        events.append(Log(msg("spit-stuck")))

    def _idle(self, state: SpitState, events: list[Event]) -> None:
        able = [seat for seat in (0, 1) if self.plays(state, seat)]
        if len(able) == 1:  # (else the result's line says why it ended)
            events.append(Log(msg("spit-idle", seconds=state.idle_seconds)))
            state.idler = able[0]
            self._end(state, events, IDLE, 1 - able[0])
        else:
            self._end_by_count(state, events, IDLE)

    def _end_by_count(self, state: SpitState, events: list[Event], how: str) -> None:
        left = [self.cards_left(state, seat) for seat in (0, 1)]
        winner = None if left[0] == left[1] else (0 if left[0] < left[1] else 1)
        self._end(state, events, how, winner)

    def _end(self, state: SpitState, events: list[Event], how: str, winner: int | None) -> None:
        state.phase = OVER
        state.ending = how
        state.winner = winner
        state.said = []
        state.alone = None
        events.extend(Log(line) for line in self.results(state).summary)

    # ----------------------------------------------------------------- the contract's readers

    def legal_actions(self, state: SpitState, seat: int) -> list[Action]:
        if state.phase == OVER or seat == state.leaver or seat not in (0, 1):
            return []
        out: list[Action] = []
        if state.phase == SPIT and seat not in state.said:
            if seat == self.lone_spitter(state):
                out += [Spit(state.spits, c) for c in range(CENTRE)]
            else:
                out.append(Spit(state.spits))
        out += self.plays(state, seat)
        out.append(Leave())
        return out

    def clock(self, state: SpitState) -> Timer | None:
        """The one running clock: the due spit's, or the play clock."""
        if state.phase == SPIT:
            seconds = state.start_seconds if state.spits == 0 else state.spit_seconds
            return Timer(f"spit:{state.spits}", seconds, ())
        if state.phase == PLAY:
            able = tuple(seat for seat in (0, 1) if self.plays(state, seat))
            return Timer(f"idle:{state.moved}", state.idle_seconds, able)
        return None

    def timers(self, state: SpitState) -> list[Timer]:
        timer = self.clock(state)
        return [timer] if timer else []

    def marks(self, states: Sequence[SpitState], events: Sequence[Sequence[Event]]) -> list[Mark]:
        """Each spit, the opening one first ("Spit 1", "Spit 2"...), and each deck running out
        ("{p0}'s deck runs out") when no spit emptied it (words.msg)."""
        out: list[Mark] = []
        for step, (before, after) in enumerate(pairwise(states), start=1):
            emptied = [s for s in (0, 1) if before.decks[s] and not after.decks[s]]
            if after.spits != before.spits:
                out.append(Mark(step, msg("spit-mark-spit", n=after.spits)))
            elif emptied:
                out.append(Mark(step, msg("spit-mark-deck-out", who=_p(emptied[0]))))
        return out

    def is_over(self, state: SpitState) -> bool:
        return state.phase == OVER

    def is_active(self, state: SpitState, seat: int) -> bool:
        return seat != state.leaver

    def view(self, state: SpitState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` (``None``: anyone) sees it.

        Public keys: ``phase`` ("spit": a spit is due, "play", "over"); ``centre``: per pile
        ``{"top": card or None before the first spit, "cards": count}``; ``seats``: per seat
        ``{"seat", "layout": 4 cards or None (empty space), "deck": count, "cards": deck +
        layout, "stuck", "said_spit", "left"}``; ``recent``: the last cards put in the centre,
        oldest first, ``{"seat", "card", "centre", "spit"}``; ``spit``: while a spit is due,
        ``{"n", "opening", "spitters", "alone" (the lone spitter or None), "said"}``, else None;
        ``stalemate`` (both stuck, a spit due); ``spits`` (done so far); ``clock`` (the running
        timer's key: "spit:<n>" or "idle:<k>") and ``seconds``; ``over``, ``winner``,
        ``leaver``, ``ending`` ("out", "stuck", "idle", "left") and ``summary``.
        A seat's view adds ``seat``; ``fits``: per layout position, the centre piles its card
        fits now; ``moves``: the Play and Spit actions that seat may send now (a panel enables
        exactly these).
        """
        timer = self.clock(state)
        due = state.phase == SPIT
        over = state.phase == OVER
        data: dict[str, Any] = {
            "game": self.name,
            "phase": state.phase,
            "centre": [
                {"top": pile[-1] if pile else None, "cards": len(pile)} for pile in state.centre
            ],
            "seats": [
                {
                    "seat": s,
                    "layout": list(state.layouts[s]),
                    "deck": len(state.decks[s]),
                    "cards": self.cards_left(state, s),
                    "stuck": self.stuck(state, s),
                    "said_spit": s in state.said,
                    "left": s == state.leaver,
                }
                for s in (0, 1)
            ],
            "recent": [
                {"seat": m.seat, "card": m.card, "centre": m.centre, "spit": m.spit}
                for m in state.recent
            ],
            "spit": {
                "n": state.spits,
                "opening": state.spits == 0,
                "spitters": self.spitters(state),
                "alone": self.lone_spitter(state),
                "said": list(state.said),
            }
            if due
            else None,
            "stalemate": due and state.spits > 0,
            "spits": state.spits,
            "clock": timer.key if timer else None,
            "seconds": timer.seconds if timer else None,
            "over": over,
            "winner": state.winner,
            "leaver": state.leaver,
            "ending": state.ending,
            "summary": self.results(state).summary if over else [],
        }
        if seat is not None:
            data["seat"] = seat
            fitting: list[list[int]] = [[] for _ in range(LAYOUT)]
            for play in self.plays(state, seat):
                fitting[play.pile].append(play.centre)
            data["fits"] = fitting
            data["moves"] = [a for a in self.legal_actions(state, seat) if not isinstance(a, Leave)]
        return data

    def hidden(self, state: SpitState, viewer: int | None) -> Collection[SpitCard]:
        """Both decks, for everyone (their owners too): the layouts and piles are face up."""
        return [card for deck in state.decks for card in deck]

    def holdings(self, state: SpitState) -> Sequence[Sequence[SpitCard]]:
        """Each deck, its top card first (face down to everyone during the game; a finished
        game's replay shows them)."""
        return [list(deck) for deck in state.decks]

    def results(self, state: SpitState) -> Results:
        lines = [msg("spit-cards-left", who=_p(s), n=self.cards_left(state, s)) for s in (0, 1)]
        w = state.winner
        if state.ending == GONE and state.leaver is not None:
            lines.append(msg("spit-left-wins", who=_p(state.leaver), other=_p(1 - state.leaver)))
        elif state.ending == OUT and w is not None:
            lines.append(msg("spit-out-wins", who=_p(w)))
        elif state.ending == IDLE and state.idler is not None:
            lines.append(msg("spit-idler-loses", who=_p(state.idler), other=_p(1 - state.idler)))
        elif state.ending is not None:
            # why it was counted (both stuck with empty decks, or nobody played), then who won
            if state.ending == IDLE:
                why = msg("spit-why-idle", seconds=state.idle_seconds)
            else:
                why = msg("spit-why-stuck")
            if w is not None:
                lines.append(msg("spit-fewest-wins", why=why, who=_p(w)))
            else:
                lines.append(msg("spit-equal-draw", why=why))
        outcomes = []
        for s in (0, 1):
            if state.phase != OVER:
                result = DRAW
            elif s == state.leaver:
                result = LEFT
            elif w is None:
                result = DRAW
            else:
                result = WON if s == w else LOST
            outcomes.append(Outcome(s, result))
        return Results(outcomes, lines)


ENGINE = SpitEngine()
