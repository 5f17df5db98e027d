"""Black Death (``/blackdeath``): the Old Maid of the Alcohol Tarot (shared/rules/black-death.md).

The 56 minor cards and Death (XIII) are dealt out to 2-10 players, who throw away every pair
(two cards of one rank, any suits). In turn each player offers their hand face down to the next
player with cards, who takes one blind and throws away any pair it makes. Empty-handed players
are safe; whoever is left holding Death loses and finishes their drink or does a forfeit.

Decisions (where the rules file is silent):
- The dealer is the host, seat 0 (the table deals a seated host seat 0, whenever they sat down,
  and starts this game only with the host seated: ``host_plays``);
  the deal starts at seat 1 ("left" is the next seat). The first
  offer is made by the first seat from seat 1 on that still has cards after the deal's pairs go.
- Pairs thrown at the deal are announced by :meth:`BlackDeathEngine.opening` (the table logs
  its events at the start): one Log line per player who threw any ("{p1} discards 3 pairs: 2s,
  Queens and Kings"), one line each so ten players fill no more than ten lines. The same lines
  stay in the state's and the view's ``deal_log``, so a screen can still show the whole deal
  when the table's short log has scrolled past it. Later pairs are Log lines, one per discard
  ("{p2} discards a pair of Queens").
- Of three of a rank the two lower suits (beers, lagers, wines, spirits) go; four make two pairs.
  Only the deal can give three or four: after it, no hand holds two cards of one rank.
- A deal that leaves one player alone with cards (about 1 in 16,000 for two players) makes them
  the loser at once; that line is in ``deal_log`` too.
- The offering hand is shuffled with ``rng(seed, "offer", n)``, ``n`` counting offers in the
  state; a take clock's timeout picks ``rng(seed, "pick", n)``. Every offer has its own clock key
  ``take:<n>``, and a new offer (new shuffle, new key) is made whenever a leaver changes the
  offering hand, the offerer or the taker.
- A taker left with no cards (their last card paired) is safe: the offer passes to the next player
  with cards after them. The game ends as soon as one player alone holds cards: that is Death.
- The loser's choice: ``Finish()`` or ``Forfeit()``, 60 s, timeout finishes the drink. The forfeit
  is written by the host, taken as the lowest seat still in the game (the table passes the host's
  powers on in seat order when the host leaves); if that is the loser, by the next seat after the
  loser still in the game. It is sent as ``SetForfeit(text)`` from a form: 1-200 characters after
  stripping. The writer has 120 s; on timeout the loser finishes their drink instead (the other
  ending the rules allow), and the timeout counts against the writer. If the writer leaves, the
  next one in that order writes (a new clock); if nobody is left to write, the loser finishes.
  ``Forfeit()`` is refused when nobody else is left in the game. ``legal_actions`` offers the
  writer ``SetForfeit`` with an example text; the form fills the real one. The text is posted as
  a public Log line and is the forfeit ledger entry's reason. In Log lines and the results'
  summary it goes through ``literal``: a ``{p1}`` the writer typed is shown as typed.
- Safe (empty-handed) players are still in the game: they may write the forfeit and may leave.
  A safe player who leaves keeps their win ("won", listed among the safe, noted as left): the
  rules' "out of the game, safe from Death" is settled once their cards are gone. They no longer
  write the forfeit (the next one in order does). Every player but the loser is safe once Death
  is found, so anyone but the loser leaving then keeps their win too.
- Leaving while cards are being taken: the leaver's cards pass to the next player to the left with
  cards, who throws away any new pairs (Death passes on with them). If fewer than two players are
  left in the game, it ends at once without a loser: the last player wins and no cards move. If
  only one player then holds cards, they hold Death alone and lose as usual.
- A loser who leaves before their drink is recorded (choosing, or waiting for their forfeit) is
  charged a finish, as the choice's timeout would: a drink already owed is never lost to a leave,
  and choosing a forfeit first does not dodge it. The game ends; the loser "lost", everyone else
  "won" but those who left holding cards. Anyone else leaving then changes nothing (except the
  forfeit writer, see above).
- Results: the loser "lost", players who left holding cards "left", everyone else "won" (safe
  players who left too: ``safe_left``); no places.
- Once the loser is known their hand (Death alone) is no longer hidden; every other hand stays
  hidden, even at the end.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .base import (
    FINISH,
    FORFEIT,
    LEFT,
    LOST,
    WON,
    Action,
    Drink,
    Engine,
    Event,
    IllegalAction,
    Leave,
    Log,
    Mark,
    NotYourTurn,
    Outcome,
    Private,
    Results,
    Timeout,
    Timer,
    check_options,
    literal,
    msg,
    rng,
)
from .cards import DEATH, TarotCard, deal, major, shuffled, tarot_deck

TAKE = "take"
CHOOSE = "choose"
WRITE = "forfeit"
OVER = "over"

TAKE_SECONDS = 30
CHOOSE_SECONDS = 60
WRITE_SECONDS = 120
FORFEIT_MAX = 200
EXAMPLE_FORFEIT = "Sing a song of the table's choosing"

DEATH_CARD = major(DEATH)
DEATH_FOUND = "blackdeath-death-found"  # the line naming the loser (the table shows it above)


def black_death_deck() -> list[TarotCard]:
    """The 56 minors and Death, in a fixed order (57 cards)."""
    return [c for c in tarot_deck() if not c.is_major] + [DEATH_CARD]


# -- verbs ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take(Action, verb="take"):
    """Take the card at position ``pos`` (1..n) of the offered, face-down hand."""

    pos: int


@dataclass(frozen=True)
class Finish(Action, verb="finish"):
    """The loser finishes their drink."""


@dataclass(frozen=True)
class Forfeit(Action, verb="forfeit"):
    """The loser takes a forfeit instead, written by the host (or the next player)."""


@dataclass(frozen=True)
class SetForfeit(Action, verb="set_forfeit"):
    """The forfeit's text, written in a form by whoever sets it."""

    text: str


# -- state ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    """A discarded pair, face up: who threw it and its two cards."""

    seat: int
    cards: tuple[TarotCard, TarotCard]


@dataclass
class BlackDeathState:
    seed: str
    players: int
    hands: list[list[TarotCard]]  # per seat; the offerer's hand in its shuffled (secret) order
    discarded: list[Pair] = field(default_factory=list)
    deal_log: list[str] = field(default_factory=list)  # public lines: the deal's pairs
    phase: str = TAKE
    offerer: int | None = None
    taker: int | None = None
    offers: int = 0  # offers made: shuffle salt and take clock key
    left: list[int] = field(default_factory=list)  # seats that left, in order
    safe_left: list[int] = field(default_factory=list)  # of those, the ones safe (no cards) then
    loser: int | None = None
    choice: str | None = None  # "finish" or "forfeit", once the loser chose
    writer: int | None = None  # who writes the forfeit
    writers: int = 0  # writers asked so far: the write clock key
    forfeit: str | None = None  # the forfeit's text, once written
    last: str = ""  # the latest public line about a take, {pN} names


# -- helpers ----------------------------------------------------------------------------------


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def rank_plural(rank: int) -> str:
    """``"Queens"``, ``"7s"`` (``"drottningar"``, ``"sjuor"``), as data."""
    return msg("blackdeath-rank-plural", rank=rank)


def _and(items: list[str]) -> str:
    """Words in a list, as data: ``"2s, Queens and Kings"`` (``och`` in Swedish). Each item is a
    message of its own, so the list is built of messages too: a comma chain, then "and"."""
    if len(items) == 1:
        return items[0]
    return msg("blackdeath-and", rest=_commas(items[:-1]), last=items[-1])


def _commas(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return msg("blackdeath-comma", first=items[0], rest=_commas(items[1:]))


def pairs_phrase(ranks: list[int]) -> str:
    """``"a pair of Queens"``; ``"3 pairs: 2s, Queens (two pairs)"`` for several (as data)."""
    if len(ranks) == 1:
        return msg("blackdeath-a-pair", ranks=rank_plural(ranks[0]))
    items = [
        msg(
            "blackdeath-ranks",
            ranks=rank_plural(rank),
            two="yes" if ranks.count(rank) == 2 else "no",
        )
        for rank in sorted(set(ranks))
    ]
    return msg("blackdeath-pairs", n=len(ranks), ranks=_and(items))


def discard_pairs(state: BlackDeathState, seat: int) -> list[int]:
    """Throw away every pair in ``seat``'s hand; return the ranks thrown, one per pair.

    Of three of a rank the two lower suits go; of four, two pairs. Death never pairs.
    """
    hand = state.hands[seat]
    ranks: list[int] = []
    for rank in sorted({c.rank for c in hand if not c.is_major}):
        same = sorted(c for c in hand if not c.is_major and c.rank == rank)
        while len(same) >= 2:
            a, b = same.pop(0), same.pop(0)
            hand.remove(a)
            hand.remove(b)
            state.discarded.append(Pair(seat, (a, b)))
            ranks.append(rank)
    return ranks


# -- the engine -------------------------------------------------------------------------------


class BlackDeathEngine(Engine[BlackDeathState]):
    name = "blackdeath"
    title = "Black Death"
    blurb = "Old Maid with the Alcohol Tarot: don't get stuck with Death, for 2-10"
    min_players = 2
    max_players = 10
    options = ()
    actions = (Take, Finish, Forfeit, SetForfeit)
    host_plays = True  # "The dealer is the host", who writes the forfeit
    scoring = "sips"

    # ----------------------------------------------------------------- setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> BlackDeathState:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(msg("blackdeath-players"))
        check_options(self.options, options)
        deck = shuffled(black_death_deck(), rng(seed, "deal"))
        state = BlackDeathState(seed=seed, players=players, hands=deal(deck, players, first=1))
        for seat in range(players):
            ranks = discard_pairs(state, seat)
            if ranks:
                state.deal_log.append(
                    msg("blackdeath-discards", who=_p(seat), pairs=pairs_phrase(ranks))
                )
        holders = self.holders(state)
        if len(holders) == 1:  # about 1 deal in 16,000 for two players
            events: list[Event] = []
            self._lose(state, holders[0], events)
            state.deal_log += [e.text for e in events if isinstance(e, Log)]
        else:
            self._offer(state, self._next_holder(state, 0))
        return state

    def opening(self, state: BlackDeathState) -> list[Event]:
        """The deal's pairs, one public line per player who threw any (and a lone Death)."""
        return [Log(line) for line in state.deal_log]

    # ----------------------------------------------------------------- reading helpers

    def holders(self, state: BlackDeathState) -> list[int]:
        """Seats still holding cards (never a seat that left while cards were taken)."""
        return [s for s in range(state.players) if state.hands[s] and s not in state.left]

    def _next_holder(self, state: BlackDeathState, seat: int) -> int:
        """The next seat to the left of ``seat`` that holds cards (not ``seat`` itself)."""
        for i in range(1, state.players):
            nxt = (seat + i) % state.players
            if state.hands[nxt] and nxt not in state.left:
                return nxt
        raise AssertionError("nobody else holds cards")

    def _staying(self, state: BlackDeathState) -> list[int]:
        return [s for s in range(state.players) if s not in state.left]

    def forfeit_writer(self, state: BlackDeathState) -> int | None:
        """The host (lowest seat still in), or if that is the loser the next seat still in."""
        staying = self._staying(state)
        if state.loser is None or not staying:
            return None
        if staying[0] != state.loser:
            return staying[0]
        for i in range(1, state.players):
            nxt = (state.loser + i) % state.players
            if nxt in staying:
                return nxt
        return None

    # ----------------------------------------------------------------- transitions

    def _offer(self, state: BlackDeathState, offerer: int) -> None:
        """A fresh offer: ``offerer`` shuffles their hand for the next player with cards."""
        state.offers += 1
        state.offerer = offerer
        state.taker = self._next_holder(state, offerer)
        state.hands[offerer] = shuffled(
            state.hands[offerer], rng(state.seed, "offer", state.offers)
        )

    def _lose(self, state: BlackDeathState, loser: int, events: list[Event]) -> None:
        assert state.hands[loser] == [DEATH_CARD], state.hands[loser]
        state.phase = CHOOSE
        state.loser = loser
        state.offerer = state.taker = None
        events.append(Log(msg(DEATH_FOUND, who=_p(loser))))

    def _after_take(self, state: BlackDeathState, events: list[Event]) -> None:
        """The next offer, or the end when one player alone holds cards."""
        holders = self.holders(state)
        if len(holders) == 1:
            self._lose(state, holders[0], events)
            return
        taker = state.taker
        assert taker is not None
        self._offer(state, taker if state.hands[taker] else self._next_holder(state, taker))

    def _discard(self, state: BlackDeathState, seat: int, events: list[Event]) -> None:
        ranks = discard_pairs(state, seat)
        if ranks:
            events.append(Log(msg("blackdeath-discards", who=_p(seat), pairs=pairs_phrase(ranks))))

    def _safe(self, state: BlackDeathState, seat: int, events: list[Event]) -> None:
        if not state.hands[seat]:
            events.append(Log(msg("blackdeath-safe", who=_p(seat))))

    def _end(self, state: BlackDeathState, events: list[Event]) -> None:
        state.phase = OVER
        state.offerer = state.taker = state.writer = None
        events.extend(Log(line) for line in self.results(state).summary)

    def _finish(self, state: BlackDeathState, events: list[Event], why: str) -> None:
        assert state.loser is not None
        state.choice = "finish"
        events.append(Drink(state.loser, 1, FINISH, msg("blackdeath-held-death", why=why)))
        events.append(Log(msg("blackdeath-finishes", who=_p(state.loser))))
        self._end(state, events)

    def _ask_writer(self, state: BlackDeathState, events: list[Event]) -> None:
        """Ask the next forfeit writer, or finish the drink when nobody is left to write."""
        writer = self.forfeit_writer(state)
        if writer is None:
            events.append(Log(msg("blackdeath-no-writer")))
            self._finish(state, events, "none")
            return
        state.phase = WRITE
        state.writer = writer
        state.writers += 1
        events.append(Log(msg("blackdeath-writes", who=_p(writer), loser=_p(state.loser or 0))))

    # ----------------------------------------------------------------- moves

    def play(
        self, state: BlackDeathState, seat: int | None, action: Action, events: list[Event]
    ) -> None:
        if isinstance(action, Timeout):
            self._timeout(state, events)
            return
        assert seat is not None
        if isinstance(action, Leave):
            self._leave(state, seat, events)
        elif isinstance(action, Take):
            self._take(state, seat, action.pos, events)
        elif isinstance(action, Finish | Forfeit):
            if state.phase != CHOOSE:
                raise IllegalAction(msg("blackdeath-nothing-to-choose"))
            if seat != state.loser:
                raise NotYourTurn(msg("blackdeath-loser-chooses"))
            if isinstance(action, Finish):
                self._finish(state, events, "chose")
            elif self.forfeit_writer(state) is None:
                raise IllegalAction(msg("blackdeath-no-writer-finish"))
            else:
                state.choice = "forfeit"
                events.append(Log(msg("blackdeath-takes-forfeit", who=_p(seat))))
                self._ask_writer(state, events)
        elif isinstance(action, SetForfeit):
            self._write(state, seat, action.text, events)
        else:  # pragma: no cover - parse() lets no other verb through
            raise IllegalAction(msg("blackdeath-not-a-move"))

    def _take(self, state: BlackDeathState, seat: int, pos: int, events: list[Event]) -> None:
        if state.phase != TAKE:
            raise IllegalAction(msg("blackdeath-no-offer"))
        if seat != state.taker:
            raise NotYourTurn(msg("blackdeath-not-your-turn"))
        assert state.offerer is not None
        n = len(state.hands[state.offerer])
        if isinstance(pos, bool) or not isinstance(pos, int) or not 1 <= pos <= n:
            raise IllegalAction(msg("blackdeath-pick", n=n))
        self._take_at(state, pos, events)

    def _take_at(self, state: BlackDeathState, pos: int, events: list[Event]) -> None:
        offerer, taker = state.offerer, state.taker
        assert offerer is not None and taker is not None
        card = state.hands[offerer].pop(pos - 1)
        state.hands[taker].append(card)
        state.last = msg("blackdeath-takes", who=_p(taker), offerer=_p(offerer))
        events.append(Log(state.last))
        said = msg("blackdeath-death") if card == DEATH_CARD else card.said
        events.append(Private(taker, msg("blackdeath-you-drew", card=said)))
        events.append(Private(offerer, msg("blackdeath-took-yours", who=_p(taker), card=said)))
        self._discard(state, taker, events)
        self._safe(state, offerer, events)
        self._safe(state, taker, events)
        self._after_take(state, events)

    def _write(self, state: BlackDeathState, seat: int, text: str, events: list[Event]) -> None:
        if state.phase != WRITE:
            raise IllegalAction(msg("blackdeath-no-forfeit-wanted"))
        if seat != state.writer:
            raise NotYourTurn(msg("blackdeath-someone-else-writes"))
        text = text.strip() if isinstance(text, str) else ""
        if not text:
            raise IllegalAction(msg("blackdeath-empty-forfeit"))
        if len(text) > FORFEIT_MAX:
            raise IllegalAction(msg("blackdeath-long-forfeit", most=FORFEIT_MAX, n=len(text)))
        loser = state.loser
        assert loser is not None
        state.forfeit = text
        events.append(Drink(loser, 1, FORFEIT, text))
        events.append(
            Log(msg("blackdeath-forfeit-set", who=_p(loser), writer=_p(seat), text=literal(text)))
        )
        self._end(state, events)

    def _timeout(self, state: BlackDeathState, events: list[Event]) -> None:
        if state.phase == TAKE:
            assert state.offerer is not None and state.taker is not None
            n = len(state.hands[state.offerer])
            pos = rng(state.seed, "pick", state.offers).randrange(n) + 1
            events.append(Log(msg("blackdeath-time-take", who=_p(state.taker))))
            self._take_at(state, pos, events)
        elif state.phase == CHOOSE:
            events.append(Log(msg("blackdeath-time-choose", who=_p(state.loser or 0))))
            self._finish(state, events, "time")
        else:
            events.append(Log(msg("blackdeath-time-write", who=_p(state.writer or 0))))
            self._finish(state, events, "late")

    def _leave(self, state: BlackDeathState, seat: int, events: list[Event]) -> None:
        state.left.append(seat)
        if not state.hands[seat]:  # safe from Death (never the loser): they keep their win
            state.safe_left.append(seat)
        events.append(Log(msg("blackdeath-leaves", who=_p(seat))))
        if state.phase in (CHOOSE, WRITE):
            if seat == state.loser:  # a drink owed is not lost to a leave, forfeit chosen or not
                self._finish(state, events, "left")
            elif seat == state.writer:
                self._ask_writer(state, events)
            elif state.phase == CHOOSE and self.forfeit_writer(state) is None:
                # nobody left to write a forfeit: finishing is the loser's one choice, so the
                # game ends now rather than after their clock (a game below 2 players ends)
                events.append(Log(msg("blackdeath-no-writer")))
                self._finish(state, events, "none")
            return
        if len(self._staying(state)) < 2:
            self._end(state, events)
            return
        cards = state.hands[seat]
        if not cards:
            return  # a safe player: the offer stands
        state.hands[seat] = []
        heir = self._next_holder(state, seat)
        state.hands[heir].extend(cards)
        events.append(Log(msg("blackdeath-passed", who=_p(seat), n=len(cards), heir=_p(heir))))
        self._discard(state, heir, events)
        self._safe(state, heir, events)
        holders = self.holders(state)
        if len(holders) == 1:
            self._lose(state, holders[0], events)
            return
        offerer, taker = state.offerer, state.taker
        assert offerer is not None and taker is not None
        if seat == offerer or not state.hands[offerer]:
            self._offer(state, self._next_holder(state, seat))
        elif seat == taker or heir == offerer or not state.hands[taker]:
            self._offer(state, offerer)

    # ----------------------------------------------------------------- the contract's readers

    def legal_actions(self, state: BlackDeathState, seat: int) -> list[Action]:
        if state.phase == OVER or seat in state.left or not 0 <= seat < state.players:
            return []
        out: list[Action] = []
        if state.phase == TAKE and seat == state.taker:
            assert state.offerer is not None
            out += [Take(pos) for pos in range(1, len(state.hands[state.offerer]) + 1)]
        elif state.phase == CHOOSE and seat == state.loser:
            out.append(Finish())
            if self.forfeit_writer(state) is not None:
                out.append(Forfeit())
        elif state.phase == WRITE and seat == state.writer:
            out.append(SetForfeit(EXAMPLE_FORFEIT))
        out.append(Leave())
        return out

    def clock(self, state: BlackDeathState) -> Timer | None:
        """The one running clock, if any."""
        if state.phase == TAKE and state.taker is not None:
            return Timer(f"take:{state.offers}", TAKE_SECONDS, (state.taker,))
        if state.phase == CHOOSE and state.loser is not None:
            # not ``owes``: a loser who leaves is charged by :meth:`_leave`, in either phase
            return Timer("choose", CHOOSE_SECONDS, (state.loser,))
        if state.phase == WRITE and state.writer is not None:
            return Timer(f"forfeit:{state.writers}", WRITE_SECONDS, (state.writer,))
        return None

    def timers(self, state: BlackDeathState) -> list[Timer]:
        timer = self.clock(state)
        return [timer] if timer else []

    def marks(
        self, states: Sequence[BlackDeathState], events: Sequence[Sequence[Event]]
    ) -> list[Mark]:
        """After the deal, each pair thrown away ("Pair 12 of 28"), each player left safe with
        no cards ("{p2} is safe"), and Death found ("{p1} holds Death")."""
        pairs = len(black_death_deck()) // 2
        out: list[Mark] = []
        for step, (before, after) in enumerate(pairwise(states), start=1):
            emptied = [
                s
                for s in range(after.players)
                if before.hands[s] and not after.hands[s] and s not in after.left
            ]
            if after.loser is not None and before.loser is None:
                out.append(Mark(step, msg("blackdeath-mark-death", who=_p(after.loser))))
            elif emptied:
                out.append(Mark(step, msg("blackdeath-mark-safe", who=_p(emptied[0]))))
            elif len(after.discarded) > len(before.discarded):
                out.append(
                    Mark(step, msg("blackdeath-mark-pair", n=len(after.discarded), of=pairs))
                )
        return out

    def is_over(self, state: BlackDeathState) -> bool:
        return state.phase == OVER

    def is_active(self, state: BlackDeathState, seat: int) -> bool:
        return seat not in state.left

    def may_take_over(self, state: BlackDeathState, seat: int) -> bool:
        """A seat with cards to take and give, while they are taken. A safe seat (no cards)
        left stays safe, a win; once Death is found the game only waits on its loser's drink
        (and the forfeit): a seat left then is not taken over, and the drink stays theirs."""
        return state.phase == TAKE and bool(state.hands[seat])

    def _status(self, state: BlackDeathState, seat: int) -> str:
        if seat in state.safe_left:
            return "safe"
        if seat in state.left:
            return "left"
        if seat == state.loser:
            return "loser"
        return "playing" if state.hands[seat] else "safe"

    def view(self, state: BlackDeathState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` (``None``: anyone) sees it.

        Public keys: ``phase`` ("take", "choose", "forfeit", "over"); ``offerer`` and ``taker``
        (seats, in "take"); ``seats``: per seat ``{"seat", "cards" (count), "status", "left"}``
        with status "playing", "safe" (a safe player who left too: ``left`` says they left),
        "left" (left holding cards, or holding Death) or "loser"; ``safe`` (the safe seats);
        ``pairs`` (count) and ``discarded`` (every thrown pair, ``{"seat", "cards"}``);
        ``deal_log``; ``last``; ``loser``, ``choice``, ``writer``, ``forfeit`` (the text, once
        written); ``clock`` (the running timer's key) and ``seconds``; ``over`` and ``summary``.
        A seat's view adds ``seat``, ``hand`` (their cards, sorted) and ``positions`` (how many
        cards they may pick from, when taking).
        """
        timer = self.clock(state)
        over = state.phase == OVER
        data: dict[str, Any] = {
            "game": self.name,
            "phase": state.phase,
            "offerer": state.offerer,
            "taker": state.taker,
            "seats": [
                {
                    "seat": s,
                    "cards": len(state.hands[s]),
                    "status": self._status(state, s),
                    "left": s in state.left,
                }
                for s in range(state.players)
            ],
            "safe": [s for s in range(state.players) if self._status(state, s) == "safe"],
            "pairs": len(state.discarded),
            "discarded": [{"seat": p.seat, "cards": list(p.cards)} for p in state.discarded],
            "deal_log": list(state.deal_log),
            "last": state.last,
            "loser": state.loser,
            "choice": state.choice,
            "writer": state.writer,
            "forfeit": state.forfeit,
            "clock": timer.key if timer else None,
            "seconds": timer.seconds if timer else None,
            "over": over,
            "summary": self.results(state).summary if over else [],
        }
        if seat is not None:
            data["seat"] = seat
            data["hand"] = sorted(state.hands[seat])
            data["positions"] = (
                len(state.hands[state.offerer])
                if state.phase == TAKE and seat == state.taker and state.offerer is not None
                else None
            )
        return data

    def hidden(self, state: BlackDeathState, viewer: int | None) -> Collection[TarotCard]:
        """Every card in another's hand; the loser's lone Death is known to all."""
        return [
            card
            for s in range(state.players)
            if s != viewer and s != state.loser
            for card in state.hands[s]
        ]

    def results(self, state: BlackDeathState) -> Results:
        outcomes = []
        for s in range(state.players):
            if s == state.loser:  # held Death: lost, even if they left then
                outcomes.append(Outcome(s, LOST))
            elif s in state.left and s not in state.safe_left:  # left holding cards
                outcomes.append(Outcome(s, LEFT))
            else:
                outcomes.append(Outcome(s, WON))
        lines: list[str] = []
        loser = state.loser
        if loser is None:
            staying = self._staying(state)
            if len(staying) == 1:
                lines.append(msg("blackdeath-end-alone", who=_p(staying[0])))
        elif loser in state.left:
            lines.append(msg("blackdeath-end-left", who=_p(loser)))
        elif state.choice == "finish" and state.phase == OVER and state.writers:
            lines.append(msg("blackdeath-end-no-forfeit", who=_p(loser)))
        elif state.choice == "finish" and state.phase == OVER:
            lines.append(msg("blackdeath-end-finished", who=_p(loser)))
        elif state.forfeit is not None:
            lines.append(msg("blackdeath-end-forfeit", who=_p(loser), text=literal(state.forfeit)))
        else:
            lines.append(msg("blackdeath-end-holds", who=_p(loser)))
        return Results(outcomes, lines)


ENGINE = BlackDeathEngine()
