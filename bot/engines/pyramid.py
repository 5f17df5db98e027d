"""Pyramid: a memory drinking game for 2-10 players (rules: shared/rules/pyramid.md).

21 cards lie face down as a pyramid of rows 6-5-4-3-2-1; every player gets 4 cards (3 with
8 or more players), may look at them once for 15 seconds, and then lays them blind on the
matching pyramid cards as these are turned. The player left with the most cards explores a
fresh pyramid at the end.

Decisions (where the rules file is silent):

- A seat with no cards left in hand is passed automatically on every turned card; the claim
  window closes as soon as no active seat can still lay (all passed, barred or empty-handed).
- Auto-pass (so that a window can close early without everyone tapping Pass): a seat may switch
  on a standing pass, "pass unless I lay". It is public. While any seat has it on, each turned
  card also runs a short clock (:data:`AUTOPASS_SECONDS`, from the turn, or from the moment the
  first seat switches it on during the window); until it runs out an auto-passer may lay as
  usual. When it runs out, auto-pass passes for every auto-passer who could still lay (one who
  switches it on later in that window is passed at once): they may not lay or pass on that card
  any more, even those who laid a card in time, and switching auto-pass off does not undo it
  (only the next card is theirs again). Whether the window closes early depends only on who
  acted and on this public setting, never on the cards held.
  A pass is not logged: the table shows whom it still waits for while the window is open.
  Auto-pass may be switched during the look too, but is listed among the legal moves only
  once cards turn: after the looks it would be the only move, and a table driven by legal
  moves (a random walk that waits for the clocks only when nobody can move) would never wait.
- Several cards laid at once (``slots``) are laid one by one in slot order, whatever order they
  come in, as if laid alone: the first wrong one is shown, drunk for and bars the seat from the
  card, so the chosen cards after it are not laid and stay face down. Which of them are not laid
  depends only on the slots before them, never on their own faces: judging every chosen card
  and laying only the right ones plus one wrong one would tell a player, for one drink, that
  each card left in the hand is wrong, without its being shown as the rules show a wrong card.
- ``{"type": "give", "share": [seats]}`` gives everything the seat still has to give (all its
  pending gives) in one move, shared as evenly as possible; the sips that don't divide go
  one each to the chosen seats nearest after the giver, in seat order.
- The next pyramid card waits for every pending give *and* every pending convo answer.
- Each pending give has its own 30 s clock, started when the card was laid; give actions of a
  seat apply to its oldest pending give. ``{"type": "give", "to": t}`` without ``sips`` gives
  everything that is left.
- Convo mode: the question to answer is announced (a :class:`Question` event) when the target
  is named, so the target can choose; answering drinks the row value, refusing drinks double,
  both as ``assigned`` drinks from the giver (the giver's "given" total counts what was drunk).
- Host questions (convo mode): each pyramid card on which a seat has laid two or more cards
  entitles the host to one question for that seat, on any turned pyramid card; no clock and no
  drink (answering is the whole point). The engine does not know the host, so
  :meth:`PyramidEngine.legal_actions` lists ``ask`` for every seat; the table service lets only
  the host send :attr:`PyramidEngine.host_actions`.
- Leaving: the hand is out of play, the leaver's pending gives are dropped. An answer the
  leaver still owed is settled first, as its clock would settle it (a drink owed is never lost
  to a leave, ``Timer.owes``): they answer and drink the row value, assigned by the giver.
  (``_leave`` would hand it back to its giver as a fresh give, but through ``apply`` nothing
  is left to hand back.) An answer the leaver was owed stays. An explorer who leaves ends
  their exploration.
- Results: the active seat(s) with the fewest sips taken win; if all active seats tie, draw;
  a lone remaining player (everyone else left) wins. Unlaid hand cards stay hidden even at the
  end (a finished game's replay shows them: :meth:`PyramidEngine.holdings`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, ClassVar

from bot.engines.base import (
    ASSIGNED,
    PENALTY,
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
from bot.engines.cards import Card, french_deck

PYRAMID_SIZE = 21
ROW_NAMES = ("6", "5", "4", "3", "2", "top")
ROW_STARTS = (0, 6, 11, 15, 18, 20)
ROW_SIZES = (6, 5, 4, 3, 2, 1)
ROW_VALUES = (1, 2, 4, 6, 8, 10)
PEEK_SECONDS = 15
GIVE_SECONDS = 30
AUTOPASS_SECONDS = 8  # an auto-passer's time to lay on each turned card
ANSWER_SECONDS = 30
EXPLORE_SECONDS = 20

# Phases.
PEEK = "peek"
CLAIM = "claim"
EXPLORE = "explore"
OVER = "over"

# Claim status of a seat on the current pyramid card.
WAITING = "waiting"
LAID = "laid"
PASSED = "passed"
BARRED = "barred"
LEFT = "left"


@dataclass(frozen=True)
class Question(Private):
    """``seat`` is to answer the question of ``rank`` (the card at pyramid ``index``).

    The engine does not read the question bank: ``text`` holds a :func:`question_mark` that the
    UI fills in with :func:`question_for`.
    """

    rank: int = 0
    index: int = 0


# -- verbs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Peek(Action, verb="peek"):
    """Take the one look at your cards."""


@dataclass(frozen=True)
class Lay(Action, verb="lay"):
    """Lay hand card ``slot`` (1-based) on the turned card, or several ``slots`` at once (judged
    whatever their order: see :meth:`PyramidEngine._lay`). ``on``: the pyramid card the button
    was for; a press that reaches the table after that card's window closed (and the next was
    turned) is refused, not laid on the next one (``None``: the card turned now, as actions
    stored before this field read)."""

    slot: int | None = None
    slots: list[int] | None = None
    on: int | None = None


@dataclass(frozen=True)
class Pass(Action, verb="pass"):
    """Pass on the turned card (``on``: as :class:`Lay`'s)."""

    on: int | None = None


@dataclass(frozen=True)
class Give(Action, verb="give"):
    """Give ``sips`` (default: all that is left) to seat ``to``, or a ``split`` {seat: sips},
    or ``share`` everything left to give (every pending give of the seat) evenly among seats."""

    to: int | None = None
    sips: int | None = None
    split: dict[int, int] | None = None
    share: list[int] | None = None


@dataclass(frozen=True)
class Auto(Action, verb="auto"):
    """Switch auto-pass on or off: pass on every turned card unless I lay in time."""

    on: bool


@dataclass(frozen=True)
class Answer(Action, verb="answer"):
    pass


@dataclass(frozen=True)
class Refuse(Action, verb="refuse"):
    pass


@dataclass(frozen=True)
class Ask(Action, verb="ask"):
    """The host asks ``seat`` the question of turned pyramid card ``card`` (convo mode)."""

    seat: int
    card: int


@dataclass(frozen=True)
class Explore(Action, verb="explore"):
    pos: int


@dataclass
class PendingGive:
    id: int
    giver: int
    left: int
    index: int  # the pyramid card matched


@dataclass(frozen=True)
class PendingAnswer:
    id: int
    giver: int
    target: int
    sips: int
    index: int


def row_of(index: int) -> int:
    """0 for the 6-row ... 5 for the top."""
    for r in range(5, -1, -1):
        if index >= ROW_STARTS[r]:
            return r
    raise ValueError(f"no pyramid position {index}")


def row_range(row: int) -> range:
    return range(ROW_STARTS[row], ROW_STARTS[row] + ROW_SIZES[row])


def row_value(index: int) -> int:
    return ROW_VALUES[row_of(index)]


def row_title(row: int) -> str:
    """A row in a sentence, as data ("the 6-row" ... "the top")."""
    return msg("pyramid-row", row=row)


def hand_size(players: int) -> int:
    return 4 if players < 8 else 3


def rank_key(rank: int) -> str:
    """The question bank's key for a rank: "2".."10", "J", "Q", "K", "A"."""
    return Card(rank, "S").rank_label


def question_for(bank: dict[str, list[str]], rank: int, seed: str, n: int) -> str:
    """Pick the ``n``-th question for ``rank`` deterministically from the table's seed."""
    items = bank.get(rank_key(rank)) or []
    if not items:
        raise KeyError(f"no questions for rank {rank_key(rank)}")
    return rng(seed, "question", rank, n).choice(items)


def question_mark(index: int, n: int) -> str:
    """A placeholder in a log line for the ``n``-th question of the card at ``index``.

    The UI fills it in with :func:`question_for`, so the engine stays free of the bank and a
    stored log line always shows the same question.
    """
    return f"{{q:{index}:{n}}}"


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (as data: worded in the reader's language)."""
    if len(items) == 1:
        return items[0]
    return msg("pyramid-and", rest=", ".join(items[:-1]), last=items[-1])


def share_out(total: int, giver: int, to: Collection[int], players: int) -> list[tuple[int, int]]:
    """``total`` sips shared as evenly as possible among ``to``, in seat order after ``giver``;
    the sips that don't divide go one each to the first of them."""
    order = sorted(to, key=lambda s: (s - giver) % players)
    each, extra = divmod(total, len(order))
    return [(s, each + (1 if k < extra else 0)) for k, s in enumerate(order)]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class PyramidState:
    seed: str
    players: int
    claim_seconds: int
    convo: bool
    look_seconds: int
    pyramid: list[Card]  # 21 cards in turning order
    undealt: list[Card]  # the rest of the deck, never used
    hands: list[list[Card | None]]  # per seat, slot n at [n - 1]; None = empty slot
    revealed: list[list[bool]]  # per seat and slot: shown to everyone (a wrong card)
    laid: list[list[tuple[int, Card]]] = field(default_factory=list)  # per pyramid card
    active: list[bool] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    peeking: list[bool] = field(default_factory=list)
    phase: str = PEEK
    index: int = -1  # the last turned pyramid card
    window_open: bool = False
    claims: list[str] = field(default_factory=list)
    gives: list[PendingGive] = field(default_factory=list)
    answers: list[PendingAnswer] = field(default_factory=list)
    next_id: int = 1
    given: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    asked: list[tuple[int, int]] = field(default_factory=list)  # (seat, pyramid index) asked
    draws: int = 0  # rng counter
    explorers: list[int] = field(default_factory=list)  # still to explore, in seat order
    explorer: int | None = None
    ex_pyramid: list[Card] = field(default_factory=list)
    ex_turned: list[bool] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    ex_row: int = 0
    ex_n: int = 0  # numbers the explorer's clocks
    look_closed: bool = False  # the look window has ended: no new looks
    autopass: list[int] = field(default_factory=list)  # seats with auto-pass on, sorted
    quick_armed: int = -1  # the card whose auto-pass clock has started
    quick_done: int = -1  # the card whose auto-pass clock has run out
    autopassed: list[int] = field(default_factory=list)  # seats auto-pass passed on this card


class PyramidEngine(Engine[PyramidState]):
    name = "pyramid"
    title = "Pyramid"
    min_players = 2
    max_players = 10
    blurb = "Pyramid: remember your cards, give sips"
    options = (
        Option(
            "claim_seconds",
            20,
            10,
            60,
            "Seconds to lay a card",
            "Seconds to lay a card on each turned card",
        ),
        Option(
            "convo",
            False,
            label="Convo mode",
            describe="Convo mode: matched sips go to one player, who answers a question or drinks double",
        ),
        Option(
            "look_seconds",
            60,
            30,
            300,
            "Seconds to take your look",
            "Seconds everyone has to take their one look",
        ),
    )
    actions = (Peek, Lay, Pass, Give, Answer, Refuse, Ask, Explore, Auto)
    host_actions: ClassVar[frozenset[type[Action]]] = frozenset({Ask})

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> PyramidState:
        if not _is_int(players) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                msg("pyramid-needs-players", min=self.min_players, max=self.max_players)
            )
        opts = check_options(self.options, options or {})
        deck = french_deck()
        rng(seed, "pyramid", 0).shuffle(deck)
        k = hand_size(players)
        pyramid = deck[:PYRAMID_SIZE]
        rest = deck[PYRAMID_SIZE:]
        hands: list[list[Card | None]] = [
            [rest[s + players * n] for n in range(k)] for s in range(players)
        ]
        undealt = rest[players * k :]
        return PyramidState(
            seed=seed,
            players=players,
            claim_seconds=int(opts["claim_seconds"]),
            convo=bool(opts["convo"]),
            look_seconds=int(opts["look_seconds"]),
            pyramid=pyramid,
            undealt=undealt,
            hands=hands,
            revealed=[[False] * k for _ in range(players)],
            laid=[[] for _ in range(PYRAMID_SIZE)],
            active=[True] * players,
            looked=[False] * players,
            peeking=[False] * players,
            claims=[WAITING] * players,
            given=[0] * players,
            taken=[0] * players,
            draws=1,
        )

    def _rng(self, st: PyramidState) -> random.Random:
        r = rng(st.seed, "pyramid", st.draws)
        st.draws += 1
        return r

    # ------------------------------------------------------------------ apply

    def play(self, st: PyramidState, seat: int | None, action: Action, events: list[Event]) -> None:
        if isinstance(action, Timeout):
            self._timeout(st, action.key, events)
        else:
            assert seat is not None
            if isinstance(action, Peek):
                self._peek(st, seat, events)
            elif isinstance(action, Lay):
                self._lay(st, seat, action, events)
            elif isinstance(action, Pass):
                self._pass(st, seat, action, events)
            elif isinstance(action, Give):
                self._give(st, seat, action, events)
            elif isinstance(action, Answer | Refuse):
                self._answer(st, seat, isinstance(action, Answer), events)
            elif isinstance(action, Ask):
                self._ask(st, seat, action, events)
            elif isinstance(action, Explore):
                self._explore(st, seat, action, events)
            elif isinstance(action, Auto):
                self._auto(st, seat, action, events)
            elif isinstance(action, Leave):
                self._leave(st, seat, events)
        self._settle(st, events)

    def is_active(self, state: PyramidState, seat: int) -> bool:
        return state.active[seat]

    # peek ---------------------------------------------------------------

    def _peek(self, st: PyramidState, seat: int, ev: list[Event]) -> None:
        if st.looked[seat]:
            raise IllegalAction(msg("pyramid-looked-already"))
        if st.phase != PEEK or st.look_closed:
            raise IllegalAction(msg("pyramid-look-over"))
        st.looked[seat] = True
        st.peeking[seat] = True
        ev.append(Log(msg("pyramid-takes-look", who=f"{{p{seat}}}")))
        ev.append(Private(seat, msg("pyramid-you-look", seconds=PEEK_SECONDS)))

    # claim --------------------------------------------------------------

    def _can_lay(self, st: PyramidState, seat: int) -> bool:
        return self._open_to(st, seat) and not self._passes_by_itself(st, seat)

    def _open_to(self, st: PyramidState, seat: int) -> bool:
        """Whether ``seat`` could lay on the open card, auto-pass aside."""
        return (
            st.phase == CLAIM
            and st.window_open
            and st.active[seat]
            and st.claims[seat] in (WAITING, LAID)
            and any(c is not None for c in st.hands[seat])
        )

    def _check_claim(self, st: PyramidState, seat: int, on: int | None) -> None:
        if st.phase != CLAIM:
            raise IllegalAction(msg("pyramid-nothing-to-lay-on"))
        if not st.window_open or (on is not None and on != st.index):
            raise IllegalAction(msg("pyramid-too-late"))
        if st.claims[seat] == PASSED and all(c is None for c in st.hands[seat]):
            raise IllegalAction(msg("pyramid-no-cards-left"))  # passed for them
        if st.claims[seat] == BARRED:
            raise IllegalAction(msg("pyramid-barred"))
        if self._passes_by_itself(st, seat):
            if seat in st.autopass:
                raise IllegalAction(msg("pyramid-autopassed-switch"))
            raise IllegalAction(msg("pyramid-autopassed"))
        if st.claims[seat] == PASSED:
            raise IllegalAction(msg("pyramid-passed"))

    def _lay(self, st: PyramidState, seat: int, action: Lay, ev: list[Event]) -> None:
        """Lay one card (``slot``) or several at once (``slots``).

        Laying counts as responding (the window closes once every player has laid or
        passed), so a player with two matching cards lays them together. Several cards are
        laid in slot order, each as if alone, up to and including the first wrong one (it is
        shown, drunk for and bars the seat, as the rules say of a wrong card); the chosen cards
        after it stay in the hand face down.
        """
        self._check_claim(st, seat, action.on)
        if (action.slot is None) == (action.slots is None):
            raise IllegalAction(msg("pyramid-choose-cards"))
        slots = [action.slot] if action.slot is not None else list(action.slots or [])
        hand = st.hands[seat]
        if not slots or len(set(slots)) != len(slots):
            raise IllegalAction(msg("pyramid-choose-cards"))
        for slot in slots:
            if not 1 <= slot <= len(hand):
                raise IllegalAction(msg("pyramid-no-card", slot=slot))
            if hand[slot - 1] is None:
                raise IllegalAction(msg("pyramid-card-laid", slot=slot))
        order = sorted(slots)
        for n, slot in enumerate(order):
            self._lay_one(st, seat, slot, ev)
            if st.claims[seat] == BARRED and n + 1 < len(order):  # a wrong card ends the lay
                rest = order[n + 1 :]
                cards = and_list([str(r) for r in rest])
                ev.append(Private(seat, msg("pyramid-rest-stay", n=len(rest), cards=cards)))
                break
        self._check_window(st)

    def _lay_one(self, st: PyramidState, seat: int, slot: int, ev: list[Event]) -> None:
        hand = st.hands[seat]
        card = hand[slot - 1]
        assert card is not None
        i = st.index
        target = st.pyramid[i]
        value = row_value(i)
        on = target.label
        if card.rank == target.rank:
            hand[slot - 1] = None
            st.revealed[seat][slot - 1] = False
            st.laid[i].append((seat, card))
            st.claims[seat] = LAID
            gid = st.next_id
            st.next_id += 1
            st.gives.append(PendingGive(gid, seat, value, i))
            # only the layer's eyes: it opens their private view, with what they have to give
            ev.append(Private(seat, msg("pyramid-right", card=card.label, on=on)))
            # what is to give shows on the table while it is pending, and each give is logged
            who = f"{{p{seat}}}"
            ev.append(
                Log(msg("pyramid-lays-right", who=who, rank=card.rank, card=card.label, on=on))
            )
        else:
            st.revealed[seat][slot - 1] = True
            st.claims[seat] = BARRED
            self._pour(st, seat, value, PENALTY, msg("pyramid-reason-wrong", on=on), None, ev)
            lays = msg(
                "pyramid-lays-wrong",
                who=f"{{p{seat}}}",
                rank=card.rank,
                card=card.label,
                on=on,
                n=value,
            )
            ev.append(Log(lays))

    def _pass(self, st: PyramidState, seat: int, action: Pass, ev: list[Event]) -> None:
        self._check_claim(st, seat, action.on)
        st.claims[seat] = PASSED  # not logged: the table shows whom it still waits for
        self._check_window(st)

    def _auto(self, st: PyramidState, seat: int, action: Auto, ev: list[Event]) -> None:
        if st.phase not in (PEEK, CLAIM):
            raise IllegalAction(msg("pyramid-auto-over"))
        if not isinstance(action.on, bool):
            raise IllegalAction(msg("pyramid-auto-switch"))
        if action.on == (seat in st.autopass):
            raise IllegalAction(msg("pyramid-auto-on" if action.on else "pyramid-auto-off"))
        if action.on:
            st.autopass = sorted([*st.autopass, seat])
            if st.phase == CLAIM and st.window_open and st.quick_armed != st.index:
                st.quick_armed = st.index  # its clock starts now
            if st.phase == CLAIM and st.window_open and st.quick_done == st.index:
                self._autopass(st, [seat])  # this card's auto-pass time is over: a pass now
            self._check_window(st)
        else:  # what auto-pass already passed on this card stays passed
            st.autopass = [s for s in st.autopass if s != seat]

    def _autopass(self, st: PyramidState, seats: Collection[int]) -> None:
        """Auto-pass passes for ``seats`` on the open card: those who could still lay are done
        with it (a seat still waiting counts as passed), until the next card is turned."""
        for s in seats:
            if self._open_to(st, s) and s not in st.autopassed:
                st.autopassed = sorted([*st.autopassed, s])
                if st.claims[s] == WAITING:
                    st.claims[s] = PASSED

    def _passes_by_itself(self, st: PyramidState, seat: int) -> bool:
        """Whether auto-pass has passed for ``seat`` on the open card (its clock has run out).

        The second test reads a state stored before ``autopassed`` was kept, where an
        auto-passer stayed waiting after the clock."""
        if seat in st.autopassed:
            return True
        late = seat in st.autopass and st.quick_done == st.index
        return late and st.phase == CLAIM and st.claims[seat] == WAITING

    def _check_window(self, st: PyramidState) -> None:
        """Close early once every player has laid, passed, been barred or has no cards (auto-pass
        passes for its seats once the card's auto-pass clock has run out)."""
        undecided = (
            st.active[s]
            and st.claims[s] == WAITING
            and any(c is not None for c in st.hands[s])
            and not self._passes_by_itself(st, s)
            for s in range(st.players)
        )
        if st.window_open and not any(undecided):
            self._close_window(st)

    def _close_window(self, st: PyramidState) -> None:
        st.window_open = False
        st.claims = [PASSED if c == WAITING else c for c in st.claims]

    def _turn(self, st: PyramidState, i: int, ev: list[Event], intro: str | None = None) -> None:
        """Turn pyramid card ``i``; ``intro``: the first card's message key (why it turns)."""
        st.phase = CLAIM
        st.index = i
        st.window_open = True
        st.autopassed = []
        if st.autopass:
            st.quick_armed = i
        st.claims = [
            (WAITING if any(c is not None for c in st.hands[s]) else PASSED)
            if st.active[s]
            else LEFT
            for s in range(st.players)
        ]
        card, r = st.pyramid[i].label, row_of(i)
        where: dict[str, str | int] = {"card": card, "row": row_title(r), "n": ROW_VALUES[r]}
        if intro:
            ev.append(Log(msg(intro, **where)))
        else:
            ev.append(Log(msg("pyramid-card-turned", i=i + 1, of=PYRAMID_SIZE, **where)))
        self._check_window(st)

    # giving -------------------------------------------------------------

    def _pour(
        self,
        st: PyramidState,
        seat: int,
        sips: int,
        kind: str,
        reason: str,
        giver: int | None,
        ev: list[Event],
    ) -> None:
        ev.append(Drink(seat=seat, sips=sips, kind=kind, reason=reason, giver=giver))
        st.taken[seat] += sips
        if giver is not None:
            st.given[giver] += sips

    def _target(self, st: PyramidState, giver: int, to: int | None) -> int:
        if to is None:
            raise IllegalAction(msg("pyramid-name-drinker"))
        if not 0 <= to < st.players:
            raise IllegalAction(msg("pyramid-no-such-player"))
        if to == giver:
            raise IllegalAction(msg("pyramid-not-yourself"))
        if not st.active[to]:
            raise IllegalAction(msg("pyramid-player-left"))
        return to

    def _give(self, st: PyramidState, seat: int, action: Give, ev: list[Event]) -> None:
        mine = [g for g in st.gives if g.giver == seat]
        if not mine:
            raise IllegalAction(msg("pyramid-no-sips"))
        g = mine[0]
        left = g.left
        rank = st.pyramid[g.index].rank
        if action.share is not None:
            if action.to is not None or action.sips is not None or action.split is not None:
                raise IllegalAction(msg("pyramid-one-or-share"))
            if st.convo and len(action.share) != 1:
                raise IllegalAction(msg("pyramid-convo-one"))
            if not st.convo:
                self._share(st, seat, mine, action.share, ev)
                return
            action = Give(to=action.share[0])
        if st.convo:
            if action.split is not None:
                raise IllegalAction(msg("pyramid-convo-one"))
            to = self._target(st, seat, action.to)
            if action.sips is not None and action.sips != left:
                raise IllegalAction(msg("pyramid-convo-all", n=left))
            st.gives.remove(g)
            self._ask_answer(st, g, to, ev)
            return
        alloc: list[tuple[int, int]] = []
        if action.split is not None:
            if action.to is not None or not action.split:
                raise IllegalAction(msg("pyramid-one-or-split"))
            for key, n in action.split.items():
                alloc.append((self._target(st, seat, key), n))
        else:
            sips = left if action.sips is None else action.sips
            alloc.append((self._target(st, seat, action.to), sips))
        for _, n in alloc:
            if n < 1:
                raise IllegalAction(msg("pyramid-whole-sips"))
        total = sum(n for _, n in alloc)
        if total > left:
            raise IllegalAction(msg("pyramid-only-left", n=left))
        self._hand_out(st, seat, alloc, msg("pyramid-reason-matched", rank=rank_key(rank)), ev)
        g.left = left - total
        if g.left == 0:
            st.gives.remove(g)

    def _share(
        self, st: PyramidState, seat: int, mine: list[PendingGive], to: list[int], ev: list[Event]
    ) -> None:
        """Everything ``seat`` has to give, shared evenly among ``to`` (:func:`share_out`)."""
        if not to or len(set(to)) != len(to):
            raise IllegalAction(msg("pyramid-choose-players"))
        for s in to:
            self._target(st, seat, s)
        total = sum(g.left for g in mine)
        if len(to) > total:
            raise IllegalAction(msg("pyramid-at-most", n=total))
        ranks = {rank_key(st.pyramid[g.index].rank) for g in mine}
        reason = (
            msg("pyramid-reason-matched", rank=next(iter(ranks)))
            if len(ranks) == 1
            else msg("pyramid-reason-matched-cards")
        )
        self._hand_out(st, seat, share_out(total, seat, to, st.players), reason, ev)
        st.gives = [g for g in st.gives if g.giver != seat]

    def _hand_out(
        self,
        st: PyramidState,
        seat: int,
        alloc: list[tuple[int, int]],
        reason: str,
        ev: list[Event],
    ) -> None:
        """Pour each (seat, sips) of ``alloc`` as given by ``seat``, and say it in one line."""
        for to, n in alloc:
            self._pour(st, to, n, ASSIGNED, reason, seat, ev)
        who = f"{{p{seat}}}"
        if len(alloc) == 1:
            to, n = alloc[0]
            ev.append(Log(msg("pyramid-gives", who=who, to=f"{{p{to}}}", n=n)))
        else:
            parts = ", ".join(f"{{p{to}}} {n}" for to, n in alloc)
            total = sum(n for _, n in alloc)
            ev.append(Log(msg("pyramid-gives-split", who=who, n=total, parts=parts)))

    def _ask_answer(self, st: PyramidState, g: PendingGive, to: int, ev: list[Event]) -> None:
        aid = st.next_id
        st.next_id += 1
        i, giver, sips = g.index, g.giver, g.left
        st.answers.append(PendingAnswer(aid, giver, to, sips, i))
        named = msg(
            "pyramid-names",
            giver=f"{{p{giver}}}",
            to=f"{{p{to}}}",
            card=st.pyramid[i].label,
            n=sips,
            double=2 * sips,
        )
        ev.append(Log(named))
        mark = question_mark(i, i)
        ev.append(Question(to, msg("pyramid-question", q=mark), rank=st.pyramid[i].rank, index=i))
        ev.append(Log(msg("pyramid-question-line", who=f"{{p{to}}}", q=mark)))

    def _answer(self, st: PyramidState, seat: int, answered: bool, ev: list[Event]) -> None:
        mine = [a for a in st.answers if a.target == seat]
        if not mine:
            raise IllegalAction(msg("pyramid-no-question"))
        self._settle_answer(st, mine[0], answered, ev)

    def _settle_answer(
        self,
        st: PyramidState,
        a: PendingAnswer,
        answered: bool,
        ev: list[Event],
        late: bool = False,
        how: str | None = None,
    ) -> None:
        """``how``: the line's message key when the answer is not chosen (the game ends)."""
        st.answers.remove(a)
        seat, giver, sips, i = a.target, a.giver, a.sips, a.index
        card = st.pyramid[i]
        rank, who = rank_key(card.rank), f"{{p{seat}}}"
        if answered:
            reason = msg("pyramid-reason-answered", rank=rank)
            self._pour(st, seat, sips, ASSIGNED, reason, giver, ev)
            how = how or ("pyramid-answers-late" if late else "pyramid-answers")
            ev.append(Log(msg(how, who=who, card=card.label, n=sips)))
        else:
            reason = msg("pyramid-reason-refused", rank=rank)
            self._pour(st, seat, 2 * sips, ASSIGNED, reason, giver, ev)
            ev.append(Log(msg("pyramid-refuses", who=who, card=card.label, n=2 * sips)))

    # host question --------------------------------------------------------

    def _askable(self, st: PyramidState, asked: bool = False) -> dict[int, list[int]]:
        """Per active seat: the pyramid cards on which it laid 2+ cards, not yet asked about
        (with ``asked``: those already asked about too)."""
        out: dict[int, list[int]] = {}
        if not st.convo:
            return out
        for i, pile in enumerate(st.laid):
            if len(pile) < 2:
                continue
            counts: dict[int, int] = {}
            for s, _ in pile:
                counts[s] = counts.get(s, 0) + 1
            for s, n in counts.items():
                if n >= 2 and st.active[s] and (asked or (s, i) not in st.asked):
                    out.setdefault(s, []).append(i)
        return out

    def _ask(self, st: PyramidState, seat: int, action: Ask, ev: list[Event]) -> None:
        if not st.convo:
            raise IllegalAction(msg("pyramid-ask-convo-only"))
        if st.phase not in (CLAIM, EXPLORE):
            raise IllegalAction(msg("pyramid-ask-not-now"))
        if not st.active[seat]:  # "the host, if playing": one who left asks no more
            raise IllegalAction(msg("pyramid-ask-host-left"))
        who, card = action.seat, action.card
        if not 0 <= who < st.players or not st.active[who]:
            raise IllegalAction(msg("pyramid-ask-whom"))
        if not 0 <= card <= st.index:
            raise IllegalAction(msg("pyramid-ask-card"))
        piles = self._askable(st).get(who)
        if not piles:
            if self._askable(st, asked=True).get(who):
                raise IllegalAction(msg("pyramid-asked-already"))
            raise IllegalAction(msg("pyramid-not-askable"))
        st.asked.append((who, piles[0]))
        turned = st.pyramid[card]
        # "the question on" that card: the one its matches answer, whoever is asked
        mark = question_mark(card, card)
        host, asked = f"{{p{seat}}}", f"{{p{who}}}"
        ev.append(Log(msg("pyramid-asks", host=host, who=asked, card=turned.label)))
        q = msg("pyramid-host-question", q=mark)
        ev.append(Question(who, q, rank=turned.rank, index=card))
        ev.append(Log(msg("pyramid-host-question-line", who=asked, q=mark)))

    # exploring ------------------------------------------------------------

    def _start_explore(self, st: PyramidState, ev: list[Event]) -> None:
        counts = {
            s: sum(1 for c in st.hands[s] if c is not None)
            for s in range(st.players)
            if st.active[s]
        }
        most = max(counts.values())
        st.window_open = False
        if most == 0:
            ev.append(Log(msg("pyramid-nobody-explores")))
            self._end(st, ev)
            return
        st.phase = EXPLORE
        st.explorers = [s for s in sorted(counts) if counts[s] == most]
        names = and_list([f"{{p{s}}}" for s in st.explorers])
        ev.append(Log(msg("pyramid-most-cards", who=names, n=len(st.explorers), most=most)))
        self._next_explorer(st, ev)

    def _next_explorer(self, st: PyramidState, ev: list[Event]) -> None:
        st.explorers = [s for s in st.explorers if st.active[s]]
        if not st.explorers:
            st.explorer = None
            self._end(st, ev)
            return
        e = st.explorers.pop(0)
        deck = french_deck()
        self._rng(st).shuffle(deck)
        st.explorer = e
        st.ex_pyramid = deck[:PYRAMID_SIZE]
        st.stock = deck[PYRAMID_SIZE:]
        st.discard = []
        st.ex_turned = [False] * PYRAMID_SIZE
        st.ex_row = 0
        st.ex_n += 1
        ev.append(Log(msg("pyramid-explores-fresh", who=f"{{p{e}}}")))

    def _explore(self, st: PyramidState, seat: int, action: Explore, ev: list[Event]) -> None:
        if st.phase != EXPLORE or st.explorer is None:
            raise IllegalAction(msg("pyramid-nobody-exploring"))
        if seat != st.explorer:
            raise NotYourTurn(msg("pyramid-not-your-explore"))
        pos = action.pos
        if pos not in row_range(st.ex_row):
            raise IllegalAction(msg("pyramid-turn-in-row", row=row_title(st.ex_row)))
        if st.ex_turned[pos]:
            raise IllegalAction(msg("pyramid-already-turned"))
        self._explore_turn(st, pos, ev)

    def _explore_turn(self, st: PyramidState, pos: int, ev: list[Event]) -> None:
        e = st.explorer
        assert e is not None
        st.ex_turned[pos] = True
        st.ex_n += 1
        card = st.ex_pyramid[pos]
        r = st.ex_row
        value = ROW_VALUES[r]
        turns = {"who": f"{{p{e}}}", "card": card.label, "row": row_title(r)}
        if card.is_royal:
            reason = msg("pyramid-reason-explore", card=card.label, row=row_title(r))
            self._pour(st, e, value, PENALTY, reason, None, ev)
            ev.append(Log(msg("pyramid-explore-royal", n=value, **turns)))
            for p in range(PYRAMID_SIZE):
                if st.ex_turned[p]:
                    st.discard.append(st.ex_pyramid[p])
                    if not st.stock:
                        st.stock = st.discard
                        st.discard = []
                        self._rng(st).shuffle(st.stock)
                        ev.append(Log(msg("pyramid-stock-empty")))
                    st.ex_pyramid[p] = st.stock.pop(0)
                    st.ex_turned[p] = False
            st.ex_row = 0
        else:
            ev.append(Log(msg("pyramid-explore-turns", **turns)))
            st.ex_row += 1
            if st.ex_row == len(ROW_VALUES):
                ev.append(Log(msg("pyramid-explored", who=f"{{p{e}}}")))
                self._next_explorer(st, ev)

    # leaving and the end ------------------------------------------------------

    def _settle_debts(self, state: PyramidState, seat: int | None, events: list[Event]) -> None:
        """A leaver's hand counts for nobody from the moment they leave, also while what they
        owe is settled first: their last give, paid as its timeout pays it, may let the game
        move on to exploring, which must not count their cards (else a leaver with the most
        cards, owing a give on the top card, would be made the only explorer, and their leave
        would end the game with nobody exploring)."""
        if seat is not None:
            state.active[seat] = False
        super()._settle_debts(state, seat, events)

    def _leave(self, st: PyramidState, seat: int, ev: list[Event]) -> None:
        st.active[seat] = False
        st.peeking[seat] = False
        st.autopass = [s for s in st.autopass if s != seat]
        ev.append(Log(msg("pyramid-leaves", who=f"{{p{seat}}}")))
        st.gives = [g for g in st.gives if g.giver != seat]
        owed = [a for a in st.answers if a.target == seat]
        for a in owed:
            st.answers.remove(a)
            if st.active[a.giver]:
                gid = st.next_id
                st.next_id += 1
                st.gives.append(PendingGive(gid, a.giver, a.sips, a.index))
                ev.append(Log(msg("pyramid-names-else", giver=f"{{p{a.giver}}}", n=a.sips)))
        if st.phase == CLAIM:
            st.claims[seat] = LEFT
        remaining = [s for s in range(st.players) if st.active[s]]
        if len(remaining) < self.min_players:
            ev.append(Log(msg("pyramid-too-few")))
            self._end(st, ev)
            return
        if st.phase == CLAIM:
            self._check_window(st)
        if st.phase == EXPLORE:
            st.explorers = [s for s in st.explorers if s != seat]
            if st.explorer == seat:
                self._next_explorer(st, ev)

    def _end(self, st: PyramidState, ev: list[Event]) -> None:
        for a in list(st.answers):  # named to drink: still at the table, they still drink it
            if st.active[a.target]:  # (as their clock would have it: silence answers)
                self._settle_answer(st, a, True, ev, how="pyramid-answers-still")
        st.phase = OVER
        st.window_open = False
        st.gives = []
        st.answers = []
        st.explorer = None
        st.explorers = []
        st.peeking = [False] * st.players
        ev.append(Log(msg("pyramid-over")))

    def _settle(self, st: PyramidState, ev: list[Event]) -> None:
        """Move the game on once nothing holds it: the first card, the next card, exploring."""
        if st.phase == PEEK and not any(st.peeking):
            if all(not st.active[s] or st.looked[s] for s in range(st.players)):
                self._turn(st, 0, ev, intro="pyramid-first-all-looked")
            elif st.look_closed:
                self._turn(st, 0, ev, intro="pyramid-first-looks-over")
        while st.phase == CLAIM and not st.window_open and not st.gives and not st.answers:
            if st.index < PYRAMID_SIZE - 1:
                self._turn(st, st.index + 1, ev)
            else:
                self._start_explore(st, ev)

    # clocks -------------------------------------------------------------------

    def _timeout(self, st: PyramidState, key: str, ev: list[Event]) -> None:
        what, _, arg = key.partition(":")
        if what == "look":
            st.look_closed = True
            ev.append(Log(msg("pyramid-look-up")))
        elif what == "peek":
            st.peeking[int(arg)] = False
            ev.append(Log(msg("pyramid-look-ended", who=f"{{p{arg}}}")))
        elif what == "quick":
            st.quick_done = st.index
            self._autopass(st, st.autopass)
            self._check_window(st)
        elif what == "claim":
            ev.append(Log(msg("pyramid-time-up", card=st.pyramid[st.index].label)))
            self._close_window(st)
        elif what == "give":
            g = next(g for g in st.gives if g.id == int(arg))
            giver = g.giver
            others = [s for s in range(st.players) if st.active[s] and s != giver]
            to = self._rng(st).choice(others)
            st.gives.remove(g)
            if st.convo:
                names = msg("pyramid-table-names", to=f"{{p{to}}}", giver=f"{{p{giver}}}")
                ev.append(Log(names))
                self._ask_answer(st, g, to, ev)
            else:
                rank = st.pyramid[g.index].rank
                reason = msg("pyramid-reason-matched", rank=rank_key(rank))
                self._pour(st, to, g.left, ASSIGNED, reason, giver, ev)
                last = msg("pyramid-last-sips", giver=f"{{p{giver}}}", n=g.left, to=f"{{p{to}}}")
                ev.append(Log(last))
        elif what == "answer":
            a = next(a for a in st.answers if a.id == int(arg))
            self._settle_answer(st, a, True, ev, late=True)
        elif what == "explore":
            first = next(p for p in row_range(st.ex_row) if not st.ex_turned[p])
            self._explore_turn(st, first, ev)

    def timers(self, state: PyramidState) -> list[Timer]:
        st = state
        out: list[Timer] = []
        if st.phase == PEEK:
            if not st.look_closed:
                out.append(Timer("look", st.look_seconds))
            # a look runs on while the bot is away: the cards stay on the player's screen
            out += [
                Timer(f"peek:{s}", PEEK_SECONDS, pauses=False)
                for s in range(st.players)
                if st.peeking[s]
            ]
        elif st.phase == CLAIM and st.window_open:
            out.append(Timer(f"claim:{st.index}", st.claim_seconds))
            if st.quick_armed == st.index and st.quick_done != st.index:
                out.append(Timer(f"quick:{st.index}", AUTOPASS_SECONDS))
        if st.phase != OVER:
            out += [Timer(f"give:{g.id}", GIVE_SECONDS, (g.giver,), owes=True) for g in st.gives]
            out += [Timer(f"answer:{a.id}", ANSWER_SECONDS, (a.target,), True) for a in st.answers]
        if st.phase == EXPLORE and st.explorer is not None:
            out.append(Timer(f"explore:{st.ex_n}", EXPLORE_SECONDS, (st.explorer,)))
        return out

    # queries ------------------------------------------------------------------

    def legal_actions(self, state: PyramidState, seat: int) -> list[Action]:
        st = state
        if st.phase == OVER or not 0 <= seat < st.players or not st.active[seat]:
            return []
        acts: list[Action] = []
        if st.phase == PEEK and not st.looked[seat] and not st.look_closed:
            acts.append(Peek())
        if self._can_lay(st, seat):
            for n, card in enumerate(st.hands[seat], start=1):
                if card is not None:
                    acts.append(Lay(slot=n))
            acts.append(Pass())
        if st.phase == CLAIM:  # accepted during the look too, but never the only move there
            acts.append(Auto(on=seat not in st.autopass))
        mine = [g for g in st.gives if g.giver == seat]
        if mine:
            others = [s for s in range(st.players) if st.active[s] and s != seat]
            for to in others:
                if st.convo:
                    acts.append(Give(to=to))
                else:
                    for n in range(1, mine[0].left + 1):
                        acts.append(Give(to=to, sips=n))
            total = sum(g.left for g in mine)
            if not st.convo and total >= 2 and len(others) >= 2:
                acts.append(Give(share=others[: min(total, len(others))]))
        if any(a.target == seat for a in st.answers):
            acts += [Answer(), Refuse()]
        if st.phase == EXPLORE and st.explorer == seat:
            for p in row_range(st.ex_row):
                if not st.ex_turned[p]:
                    acts.append(Explore(pos=p))
        if st.convo and st.phase in (CLAIM, EXPLORE):
            for who in sorted(self._askable(st)):
                for i in range(st.index + 1):
                    acts.append(Ask(seat=who, card=i))
        acts.append(Leave())
        return acts

    def hidden(self, state: PyramidState, viewer: int | None) -> Collection[Card]:
        """Unturned pyramid cards, unused cards, and every hand card not shown to ``viewer``.

        A player sees their own hand only while peeking. The explorer's pyramid is a second
        deck; while it is out, a hidden card that equals a visible one of the other deck can't be
        told apart from it on screen, so only the cards of neither deck's visible set count.
        """
        st = state
        out = set(st.pyramid[st.index + 1 :]) | set(st.undealt)
        for s in range(st.players):
            if viewer == s and st.peeking[s]:
                continue
            for n, card in enumerate(st.hands[s]):
                if card is not None and not (st.revealed[s][n] and st.active[s]):
                    out.add(card)
        if st.phase == EXPLORE:
            shown = set(st.pyramid[: st.index + 1]) | {c for _, c in sum(st.laid, [])}
            shown |= {
                c
                for s in range(st.players)
                for n, c in enumerate(st.hands[s])
                if c is not None and st.revealed[s][n] and st.active[s]
            }
            shown |= {c for p, c in enumerate(st.ex_pyramid) if st.ex_turned[p]}
            second = {c for p, c in enumerate(st.ex_pyramid) if not st.ex_turned[p]}
            out = (out | second | set(st.stock)) - shown
        return out

    def holdings(self, state: PyramidState) -> Sequence[Sequence[Card]]:
        """Each hand in slot order, but for a wrong card shown to everyone: after the look
        nobody sees them, their owner included (a finished game's replay shows them)."""
        return [
            [c for c, shown in zip(hand, rev, strict=True) if c is not None and not shown]
            for hand, rev in zip(state.hands, state.revealed, strict=True)
        ]

    def _slots(self, st: PyramidState, seat: int, faces: bool) -> list[dict[str, Any]]:
        if not st.active[seat]:
            return []
        out: list[dict[str, Any]] = []
        for n, card in enumerate(st.hands[seat], start=1):
            if card is None:
                out.append({"slot": n, "state": "empty"})
            elif st.revealed[seat][n - 1]:
                out.append({"slot": n, "state": "revealed", "card": card})
            elif faces:
                out.append({"slot": n, "state": "hidden", "peek": True, "card": card})
            else:
                out.append({"slot": n, "state": "hidden"})
        return out

    def view(self, state: PyramidState, seat: int | None) -> dict[str, Any]:
        st = state
        rows = []
        for r in range(len(ROW_VALUES)):
            cards: list[dict[str, Any]] = []
            for i in row_range(r):
                if i > st.index:
                    cards.append({"index": i, "face_down": True})
                else:
                    laid = [{"seat": s, "card": c} for s, c in st.laid[i]]
                    cards.append(
                        {"index": i, "face_down": False, "card": st.pyramid[i], "laid": laid}
                    )
            rows.append({"row": ROW_NAMES[r], "value": ROW_VALUES[r], "cards": cards})
        current = st.index if st.phase == CLAIM else None
        seats = []
        for s in range(st.players):
            seats.append(
                {
                    "seat": s,
                    "name": f"{{p{s}}}",
                    "active": st.active[s],
                    "looked": st.looked[s],
                    "peeking": st.peeking[s],
                    "claim": st.claims[s] if st.phase == CLAIM else None,
                    "slots": self._slots(st, s, faces=False),
                    "cards_left": sum(1 for c in st.hands[s] if c is not None)
                    if st.active[s]
                    else 0,
                    "given": st.given[s],
                    "taken": st.taken[s],
                    "auto": s in st.autopass,
                }
            )
        explore = None
        if st.phase == EXPLORE and st.explorer is not None:
            ex_rows = []
            for r in range(len(ROW_VALUES)):
                turned = [
                    {"pos": p, "card": st.ex_pyramid[p]} for p in row_range(r) if st.ex_turned[p]
                ]
                down = [p for p in row_range(r) if not st.ex_turned[p]]
                ex_rows.append(
                    {
                        "row": ROW_NAMES[r],
                        "value": ROW_VALUES[r],
                        "turned": turned,
                        "face_down": down,
                    }
                )
            explore = {
                "explorer": st.explorer,
                "queue": list(st.explorers),
                "row": ROW_NAMES[st.ex_row],
                "row_number": st.ex_row,
                "row_value": ROW_VALUES[st.ex_row],
                "rows": ex_rows,
                "stock": len(st.stock),
                "discard": len(st.discard),
                "clock": f"explore:{st.ex_n}",
            }
        clock = None
        if st.phase == PEEK and not st.look_closed:
            clock = "look"
        elif st.phase == CLAIM and st.window_open:
            clock = f"claim:{st.index}"
        quick = None
        if st.phase == CLAIM and st.window_open and st.quick_armed == st.index:
            quick = f"quick:{st.index}" if st.quick_done != st.index else "over"
        out: dict[str, Any] = {
            "phase": st.phase,
            "players": st.players,
            "convo": st.convo,
            "rows": rows,
            "index": current,
            "card": st.pyramid[current] if current is not None else None,
            "row_value": row_value(current) if current is not None else None,
            "window_open": st.window_open,
            "look_closed": st.look_closed,
            "clock": clock,
            "quick": quick,  # the auto-pass clock of the open card: its key, or "over"
            "autopass_seconds": AUTOPASS_SECONDS,
            "gives": [
                {
                    "id": g.id,
                    "giver": g.giver,
                    "left": g.left,
                    "index": g.index,
                    "card": st.pyramid[g.index],
                    "clock": f"give:{g.id}",
                }
                for g in st.gives
            ],
            "answers": [
                {
                    "id": a.id,
                    "giver": a.giver,
                    "target": a.target,
                    "sips": a.sips,
                    "double": 2 * a.sips,
                    "index": a.index,
                    "card": st.pyramid[a.index],
                    "question": question_mark(a.index, a.index),
                    "clock": f"answer:{a.id}",
                }
                for a in st.answers
            ],
            "askable": sorted(self._askable(st))
            if st.convo and st.phase in (CLAIM, EXPLORE)
            else [],
            "seats": seats,
            "explore": explore,
        }
        if seat is not None:
            if not _is_int(seat) or not 0 <= seat < st.players:
                raise IllegalAction(msg("pyramid-not-seated"))
            out["me"] = {
                "seat": seat,
                "peeking": st.peeking[seat],
                "peek_clock": f"peek:{seat}" if st.peeking[seat] else None,
                "slots": self._slots(st, seat, faces=st.peeking[seat]),
                "auto": seat in st.autopass,
            }
            out["legal"] = self.legal_actions(st, seat)
        return out

    def is_over(self, state: PyramidState) -> bool:
        return state.phase == OVER

    def marks(
        self, states: Sequence[PyramidState], events: Sequence[Sequence[Event]]
    ) -> list[Mark]:
        """Each pyramid card as it is turned, in its row ("6-row, card 3", "The top card"),
        then each exploration ("{p1} explores") and each fresh start after a royal ("{p1}
        explores, try 2")."""
        out: list[Mark] = []
        tries = 0
        for step, (before, after) in enumerate(pairwise(states), start=1):
            if after.index != before.index:
                r = row_of(after.index)
                if r == len(ROW_NAMES) - 1:
                    out.append(Mark(step, msg("pyramid-mark-top"), msg("pyramid-part-top")))
                else:
                    n = after.index - ROW_STARTS[r] + 1
                    row = msg("pyramid-part-row", row=ROW_NAMES[r])
                    out.append(Mark(step, msg("pyramid-mark-card", row=ROW_NAMES[r], n=n), row))
            elif after.explorer is not None and after.explorer != before.explorer:
                tries = 1
                part = msg("pyramid-mark-explores", who=f"{{p{after.explorer}}}")
                out.append(Mark(step, part, part))
            elif (
                after.explorer is not None
                and after.explorer == before.explorer
                and after.ex_n != before.ex_n
                and after.ex_row == 0
                and not any(after.ex_turned)
            ):
                tries += 1
                who = f"{{p{after.explorer}}}"
                part = msg("pyramid-mark-explores", who=who)
                out.append(Mark(step, msg("pyramid-mark-try", who=who, n=tries), part))
        return out

    def results(self, state: PyramidState) -> Results:
        st = state
        stay = [s for s in range(st.players) if st.active[s]]
        low = min((st.taken[s] for s in stay), default=0)
        tied = len(stay) > 1 and all(st.taken[s] == low for s in stay)
        outcomes = []
        for s in range(st.players):
            if not st.active[s]:
                result = "left"
            elif tied:
                result = "draw"
            else:
                result = "won" if st.taken[s] == low else "lost"
            outcomes.append(Outcome(s, result))
        summary = [
            msg(
                "pyramid-summary" if st.active[s] else "pyramid-summary-left",
                who=f"{{p{s}}}",
                given=st.given[s],
                taken=st.taken[s],
            )
            for s in range(st.players)
        ]
        return Results(outcomes=outcomes, summary=summary)


ENGINE = PyramidEngine()
