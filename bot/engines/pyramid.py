"""Pyramid: a memory drinking game for 2-10 players (rules: shared/rules/pyramid.md).

21 cards lie face down as a pyramid of rows 6-5-4-3-2-1; every player gets 4 cards (3 with
8 or more players), may look at them once for 15 seconds, and then lays them blind on the
matching pyramid cards as these are turned. The player left with the most cards explores a
fresh pyramid at the end.

Decisions taken where the rules file is silent (the lead's brief, plus these):

- A seat with no cards left in hand is passed automatically on every turned card; the claim
  window closes as soon as no active seat can still lay (all passed, barred or empty-handed).
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
- Leaving: the hand is out of play, the leaver's pending gives are dropped, an answer the leaver
  still owed goes back to its giver as a fresh give (new clock). An answer the leaver was owed
  stays. An explorer who leaves ends their exploration.
- Results: the active seat(s) with the fewest sips taken win; if all active seats tie, draw;
  a lone remaining player (everyone else left) wins. Unlaid hand cards stay hidden even at the
  end.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from bot.engines.base import (
    ASSIGNED,
    PENALTY,
    Action,
    Drink,
    Engine,
    Event,
    GameError,
    GameOver,
    IllegalAction,
    Log,
    NotYourTurn,
    Option,
    Outcome,
    Private,
    Results,
    Timer,
    check_options,
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
class Question:
    """``seat`` is to answer the question of ``rank`` (the card at pyramid ``index``).

    The engine does not read the question bank; the service picks the text with
    :func:`question_for`.
    """

    seat: int
    rank: int
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
    return "the top" if row == 5 else f"the {ROW_NAMES[row]}-row"


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


_LABELS = {c.code: c.label for c in french_deck()}
_RANKS = {c.code: c.rank for c in french_deck()}


def _label(code: str) -> str:
    return _LABELS[code]


def _rank(code: str) -> int:
    return _RANKS[code]


def _sips(n: int) -> str:
    return "1 sip" if n == 1 else f"{n} sips"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class PyramidState:
    seed: str
    players: int
    claim_seconds: int
    convo: bool
    look_seconds: int
    pyramid: list[str]  # 21 codes in turning order
    undealt: list[str]  # the rest of the deck, never used
    hands: list[list[str | None]]  # per seat, slot n at [n - 1]; None = empty slot
    revealed: list[list[bool]]  # per seat and slot: shown to everyone (a wrong card)
    laid: list[list[list[Any]]] = field(default_factory=list)  # per pyramid card: [seat, code]
    active: list[bool] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    peeking: list[bool] = field(default_factory=list)
    phase: str = PEEK
    index: int = -1  # the last turned pyramid card
    window_open: bool = False
    claims: list[str] = field(default_factory=list)
    gives: list[dict[str, int]] = field(default_factory=list)  # id, giver, left, index
    answers: list[dict[str, int]] = field(default_factory=list)  # id, giver, target, sips, index
    next_id: int = 1
    given: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    asked: list[list[int]] = field(default_factory=list)  # [seat, pyramid index] used by asks
    draws: int = 0  # rng counter
    explorers: list[int] = field(default_factory=list)  # still to explore, in seat order
    explorer: int | None = None
    ex_pyramid: list[str] = field(default_factory=list)
    ex_turned: list[bool] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    ex_row: int = 0
    ex_n: int = 0  # numbers the explorer's clocks


_FIELDS = tuple(f.name for f in fields(PyramidState))
_LISTS_OF_LISTS = frozenset({"hands", "revealed", "asked"})
_LISTS_OF_DICTS = frozenset({"gives", "answers"})


def _dup(name: str, value: Any) -> Any:
    """A deep copy of one state field (plain JSON data), far faster than copy.deepcopy."""
    if not isinstance(value, list):
        return value
    if name in _LISTS_OF_LISTS:
        return [list(v) for v in value]
    if name in _LISTS_OF_DICTS:
        return [dict(v) for v in value]
    if name == "laid":
        return [[list(e) for e in pile] for pile in value]
    return list(value)


class PyramidEngine(Engine[PyramidState]):
    name = "pyramid"
    title = "Pyramid"
    min_players = 2
    max_players = 10
    options = (
        Option("claim_seconds", 20, 10, 60, "Seconds to lay a card"),
        Option("convo", False, label="Convo mode"),
        Option("look_seconds", 60, 30, 300, "Seconds to take your look"),
    )
    host_actions: ClassVar[frozenset[str]] = frozenset({"ask"})

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> PyramidState:
        if not _is_int(players) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(f"Pyramid needs {self.min_players} to {self.max_players} players.")
        opts = check_options(self.options, options or {})
        deck = [c.code for c in french_deck()]
        rng(seed, "pyramid", 0).shuffle(deck)
        k = hand_size(players)
        pyramid = deck[:PYRAMID_SIZE]
        rest = deck[PYRAMID_SIZE:]
        hands = [[rest[s + players * n] for n in range(k)] for s in range(players)]
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

    def _rng(self, st: PyramidState) -> Any:
        r = rng(st.seed, "pyramid", st.draws)
        st.draws += 1
        return r

    # ------------------------------------------------------------------ apply

    def apply(
        self, state: PyramidState, seat: int | None, action: Action
    ) -> tuple[PyramidState, list[Event]]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a move.")
        if state.phase == OVER:
            raise GameOver()
        st = PyramidState(**{n: _dup(n, getattr(state, n)) for n in _FIELDS})  # a deep copy
        events: list[Any] = []
        kind = action["type"]
        if kind == "timeout":
            if seat is not None:
                raise IllegalAction("Only the table's clock can do that.")
            self._timeout(st, action.get("key"), events)
        else:
            if seat is None:
                raise IllegalAction("A player must make that move.")
            if not _is_int(seat) or not 0 <= seat < st.players:
                raise IllegalAction("You are not seated at this table.")
            if not st.active[seat]:
                raise IllegalAction("You have left this game.")
            handler = {
                "peek": self._peek,
                "lay": self._lay,
                "pass": self._pass,
                "give": self._give,
                "answer": self._answer,
                "refuse": self._answer,
                "ask": self._ask,
                "explore": self._explore,
                "leave": self._leave,
            }.get(kind)
            if handler is None:
                raise IllegalAction("Pyramid has no such move.")
            handler(st, seat, action, events)
        self._settle(st, events)
        return st, events

    # peek ---------------------------------------------------------------

    def _peek(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        if st.looked[seat]:
            raise IllegalAction("You have already had your look.")
        if st.phase != PEEK:
            raise IllegalAction("The time to look is over.")
        st.looked[seat] = True
        st.peeking[seat] = True
        ev.append(Log(f"{{p{seat}}} takes their look"))
        ev.append(
            Private(seat, f"Memorise your cards: you may look for {PEEK_SECONDS} seconds, once.")
        )

    # claim --------------------------------------------------------------

    def _can_lay(self, st: PyramidState, seat: int) -> bool:
        return (
            st.phase == CLAIM
            and st.window_open
            and st.active[seat]
            and st.claims[seat] in (WAITING, LAID)
            and any(c is not None for c in st.hands[seat])
        )

    def _check_claim(self, st: PyramidState, seat: int) -> None:
        if st.phase != CLAIM:
            raise IllegalAction("There is no pyramid card to lay on now.")
        if not st.window_open:
            raise IllegalAction("The time to lay on this card is over.")
        if st.claims[seat] == PASSED:
            raise IllegalAction("You have passed on this card.")
        if st.claims[seat] == BARRED:
            raise IllegalAction("You laid a wrong card: no more cards on this one.")

    def _lay(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        """Lay one card (``slot``) or several at once (``slots``), in the order given.

        Laying counts as responding (the window closes once every player has laid or
        passed), so a player with two matching cards lays them together.
        """
        self._check_claim(st, seat)
        slots = action.get("slots", [action.get("slot")])
        hand = st.hands[seat]
        if not isinstance(slots, list) or not slots or len(set(map(str, slots))) != len(slots):
            raise IllegalAction("Choose the cards to lay, each once.")
        for slot in slots:
            if not _is_int(slot) or not 1 <= slot <= len(hand):
                raise IllegalAction(f"You have no card {slot}.")
            if hand[slot - 1] is None:
                raise IllegalAction(f"Your card {slot} is already laid.")
        for slot in slots:
            if st.claims[seat] == BARRED:  # a wrong card stops the rest
                break
            self._lay_one(st, seat, slot, ev)
        self._check_window(st)

    def _lay_one(self, st: PyramidState, seat: int, slot: int, ev: list[Any]) -> None:
        hand = st.hands[seat]
        code = hand[slot - 1]
        i = st.index
        target = st.pyramid[i]
        value = row_value(i)
        card, on = _label(code), _label(target)
        if _rank(code) == _rank(target):
            hand[slot - 1] = None
            st.revealed[seat][slot - 1] = False
            st.laid[i].append([seat, code])
            st.claims[seat] = LAID
            gid = st.next_id
            st.next_id += 1
            st.gives.append({"id": gid, "giver": seat, "left": value, "index": i})
            if st.convo:
                tail = f"{{p{seat}}} names who drinks {value} or answers"
            else:
                tail = f"{{p{seat}}} gives {_sips(value)}"
            ev.append(Log(f"{{p{seat}}} lays a {card} on the {on}: right! {tail}"))
        else:
            st.revealed[seat][slot - 1] = True
            st.claims[seat] = BARRED
            self._pour(st, seat, value, PENALTY, f"a wrong card on the {on}", None, ev)
            ev.append(Log(f"{{p{seat}}} lays a {card} on the {on}: wrong, drinks {value}"))

    def _pass(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        self._check_claim(st, seat)
        st.claims[seat] = PASSED
        ev.append(Log(f"{{p{seat}}} passes"))
        self._check_window(st)

    def _check_window(self, st: PyramidState) -> None:
        """Close early once every player has laid, passed, been barred or has no cards."""
        undecided = (
            st.active[s] and st.claims[s] == WAITING and any(c is not None for c in st.hands[s])
            for s in range(st.players)
        )
        if st.window_open and not any(undecided):
            self._close_window(st)

    def _close_window(self, st: PyramidState) -> None:
        st.window_open = False
        st.claims = [PASSED if c == WAITING else c for c in st.claims]

    def _turn(self, st: PyramidState, i: int, ev: list[Any], intro: str | None = None) -> None:
        st.phase = CLAIM
        st.index = i
        st.window_open = True
        st.claims = [
            (WAITING if any(c is not None for c in st.hands[s]) else PASSED)
            if st.active[s]
            else LEFT
            for s in range(st.players)
        ]
        card, r = _label(st.pyramid[i]), row_of(i)
        where = f"{row_title(r)}, {_sips(ROW_VALUES[r])}"
        if intro:
            ev.append(Log(f"{intro}: the first card is {card} ({where})"))
        else:
            ev.append(Log(f"Card {i + 1} of {PYRAMID_SIZE}: {card} ({where})"))
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
        ev: list[Any],
    ) -> None:
        ev.append(Drink(seat=seat, sips=sips, kind=kind, reason=reason, giver=giver))
        st.taken[seat] += sips
        if giver is not None:
            st.given[giver] += sips

    def _target(self, st: PyramidState, giver: int, to: Any) -> int:
        if isinstance(to, str) and to.isdigit():
            to = int(to)
        if not _is_int(to):
            raise IllegalAction("Name the player who drinks.")
        if not 0 <= to < st.players:
            raise IllegalAction("There is no such player.")
        if to == giver:
            raise IllegalAction("You can't give sips to yourself.")
        if not st.active[to]:
            raise IllegalAction("That player has left the game.")
        return to

    def _give(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        mine = [g for g in st.gives if g["giver"] == seat]
        if not mine:
            raise IllegalAction("You have no sips to give.")
        g = mine[0]
        left = g["left"]
        rank = _rank(st.pyramid[g["index"]])
        if st.convo:
            if "split" in action:
                raise IllegalAction("In convo mode one player drinks the whole row value.")
            to = self._target(st, seat, action.get("to"))
            sips = action.get("sips")
            if sips is not None and (not _is_int(sips) or sips != left):
                raise IllegalAction(f"In convo mode you give all {left} sips to one player.")
            st.gives.remove(g)
            self._ask_answer(st, g, to, ev)
            return
        alloc: list[tuple[int, int]] = []
        if "split" in action:
            split = action["split"]
            if "to" in action or not isinstance(split, dict) or not split:
                raise IllegalAction("Give to one player, or split among several.")
            for key, n in split.items():
                alloc.append((self._target(st, seat, key), n))
            if len({to for to, _ in alloc}) != len(alloc):
                raise IllegalAction("Name each player once.")
        else:
            alloc.append((self._target(st, seat, action.get("to")), action.get("sips", left)))
        for _, n in alloc:
            if not _is_int(n) or n < 1:
                raise IllegalAction("Give whole sips, at least 1.")
        total = sum(n for _, n in alloc)
        if total > left:
            raise IllegalAction(f"You have only {_sips(left)} left to give.")
        for to, n in alloc:
            self._pour(st, to, n, ASSIGNED, f"a matched {rank_key(rank)}", seat, ev)
            ev.append(Log(f"{{p{seat}}} gives {{p{to}}} {_sips(n)}"))
        g["left"] = left - total
        if g["left"] == 0:
            st.gives.remove(g)

    def _ask_answer(self, st: PyramidState, g: dict[str, int], to: int, ev: list[Any]) -> None:
        aid = st.next_id
        st.next_id += 1
        i, giver, sips = g["index"], g["giver"], g["left"]
        st.answers.append({"id": aid, "giver": giver, "target": to, "sips": sips, "index": i})
        ev.append(
            Log(
                f"{{p{giver}}} names {{p{to}}} for the {_label(st.pyramid[i])}: "
                f"answer its question and drink {sips}, or drink {2 * sips}"
            )
        )
        ev.append(Question(seat=to, rank=_rank(st.pyramid[i]), index=i))
        ev.append(Log(f"\u2753 {{p{to}}}: {question_mark(i, i)}"))

    def _answer(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        mine = [a for a in st.answers if a["target"] == seat]
        if not mine:
            raise IllegalAction("You have no question to answer.")
        self._settle_answer(st, mine[0], action["type"] == "answer", ev)

    def _settle_answer(
        self, st: PyramidState, a: dict[str, int], answered: bool, ev: list[Any], late: bool = False
    ) -> None:
        st.answers.remove(a)
        seat, giver, sips, i = a["target"], a["giver"], a["sips"], a["index"]
        code = st.pyramid[i]
        what = f"the {rank_key(_rank(code))}'s question"
        if answered:
            self._pour(st, seat, sips, ASSIGNED, f"answered {what}", giver, ev)
            how = "does not choose, so answers" if late else "answers"
            ev.append(
                Log(f"{{p{seat}}} {how} the question of the {_label(code)} and drinks {sips}")
            )
        else:
            self._pour(st, seat, 2 * sips, ASSIGNED, f"refused {what}", giver, ev)
            ev.append(
                Log(f"{{p{seat}}} refuses the question of the {_label(code)} and drinks {2 * sips}")
            )

    # host question --------------------------------------------------------

    def _askable(self, st: PyramidState) -> dict[int, list[int]]:
        """Per active seat: the pyramid cards on which it laid 2+ cards, not yet asked about."""
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
                if n >= 2 and st.active[s] and [s, i] not in st.asked:
                    out.setdefault(s, []).append(i)
        return out

    def _ask(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        if not st.convo:
            raise IllegalAction("Host questions are part of convo mode.")
        if st.phase not in (CLAIM, EXPLORE):
            raise IllegalAction("No questions now.")
        who, card = action.get("seat"), action.get("card")
        if not _is_int(who) or not 0 <= who < st.players or not st.active[who]:
            raise IllegalAction("Name a player in the game.")
        if not _is_int(card) or not 0 <= card <= st.index:
            raise IllegalAction("Choose a turned pyramid card.")
        piles = self._askable(st).get(who)
        if not piles:
            raise IllegalAction("That player has not laid two or more cards on one pyramid card.")
        st.asked.append([who, piles[0]])
        code = st.pyramid[card]
        ev.append(Log(f"{{p{seat}}} asks {{p{who}}} the question of the {_label(code)}"))
        ev.append(Question(seat=who, rank=_rank(code), index=card))
        ev.append(
            Log(f"\u2753 {{p{who}}}, from the host: {question_mark(card, 100 * (who + 1) + card)}")
        )

    # exploring ------------------------------------------------------------

    def _start_explore(self, st: PyramidState, ev: list[Any]) -> None:
        counts = {
            s: sum(1 for c in st.hands[s] if c is not None)
            for s in range(st.players)
            if st.active[s]
        }
        most = max(counts.values())
        st.window_open = False
        if most == 0:
            ev.append(Log("Nobody has cards left: nobody explores the pyramid"))
            self._end(st, ev)
            return
        st.phase = EXPLORE
        st.explorers = [s for s in sorted(counts) if counts[s] == most]
        names = ", ".join(f"{{p{s}}}" for s in st.explorers)
        verb = "has" if len(st.explorers) == 1 else "have"
        ev.append(Log(f"{names} {verb} the most cards left ({most}) and must explore the pyramid"))
        self._next_explorer(st, ev)

    def _next_explorer(self, st: PyramidState, ev: list[Any]) -> None:
        st.explorers = [s for s in st.explorers if st.active[s]]
        if not st.explorers:
            st.explorer = None
            self._end(st, ev)
            return
        e = st.explorers.pop(0)
        deck = [c.code for c in french_deck()]
        self._rng(st).shuffle(deck)
        st.explorer = e
        st.ex_pyramid = deck[:PYRAMID_SIZE]
        st.stock = deck[PYRAMID_SIZE:]
        st.discard = []
        st.ex_turned = [False] * PYRAMID_SIZE
        st.ex_row = 0
        st.ex_n += 1
        ev.append(Log(f"{{p{e}}} explores a freshly shuffled pyramid"))

    def _explore(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        if st.phase != EXPLORE or st.explorer is None:
            raise IllegalAction("Nobody is exploring now.")
        if seat != st.explorer:
            raise NotYourTurn("It is not your turn to explore.")
        pos = action.get("pos")
        if not _is_int(pos) or pos not in row_range(st.ex_row):
            raise IllegalAction(f"Turn a card in {row_title(st.ex_row)}.")
        if st.ex_turned[pos]:
            raise IllegalAction("That card is already turned.")
        self._explore_turn(st, pos, ev)

    def _explore_turn(self, st: PyramidState, pos: int, ev: list[Any]) -> None:
        e = st.explorer
        assert e is not None
        st.ex_turned[pos] = True
        st.ex_n += 1
        card = Card.from_code(st.ex_pyramid[pos])
        r = st.ex_row
        value = ROW_VALUES[r]
        if card.is_royal:
            self._pour(st, e, value, PENALTY, f"{card.label} exploring {row_title(r)}", None, ev)
            ev.append(
                Log(
                    f"{{p{e}}} explores: turns {card.label} in {row_title(r)}, "
                    f"drinks {value} and starts again"
                )
            )
            for p in range(PYRAMID_SIZE):
                if st.ex_turned[p]:
                    st.discard.append(st.ex_pyramid[p])
                    if not st.stock:
                        st.stock = st.discard
                        st.discard = []
                        self._rng(st).shuffle(st.stock)
                        ev.append(
                            Log("The stock is empty: the turned cards are shuffled into a new one")
                        )
                    st.ex_pyramid[p] = st.stock.pop(0)
                    st.ex_turned[p] = False
            st.ex_row = 0
        else:
            ev.append(Log(f"{{p{e}}} explores: turns {card.label} in {row_title(r)}"))
            st.ex_row += 1
            if st.ex_row == len(ROW_VALUES):
                ev.append(Log(f"{{p{e}}} has explored the whole pyramid"))
                self._next_explorer(st, ev)

    # leaving and the end ------------------------------------------------------

    def _leave(self, st: PyramidState, seat: int, action: Action, ev: list[Any]) -> None:
        st.active[seat] = False
        st.peeking[seat] = False
        ev.append(Log(f"{{p{seat}}} leaves the game: their hand is out of play"))
        st.gives = [g for g in st.gives if g["giver"] != seat]
        owed = [a for a in st.answers if a["target"] == seat]
        for a in owed:
            st.answers.remove(a)
            if st.active[a["giver"]]:
                gid = st.next_id
                st.next_id += 1
                st.gives.append(
                    {"id": gid, "giver": a["giver"], "left": a["sips"], "index": a["index"]}
                )
                ev.append(Log(f"{{p{a['giver']}}} names someone else to drink {a['sips']}"))
        if st.phase == CLAIM:
            st.claims[seat] = LEFT
        remaining = [s for s in range(st.players) if st.active[s]]
        if len(remaining) < self.min_players:
            ev.append(Log("Too few players are left: the game ends"))
            self._end(st, ev)
            return
        if st.phase == CLAIM:
            self._check_window(st)
        if st.phase == EXPLORE:
            st.explorers = [s for s in st.explorers if s != seat]
            if st.explorer == seat:
                self._next_explorer(st, ev)

    def _end(self, st: PyramidState, ev: list[Any]) -> None:
        st.phase = OVER
        st.window_open = False
        st.gives = []
        st.answers = []
        st.explorer = None
        st.explorers = []
        st.peeking = [False] * st.players
        ev.append(Log("The game is over"))

    def _settle(self, st: PyramidState, ev: list[Any]) -> None:
        """Move the game on once nothing holds it: the first card, the next card, exploring."""
        if st.phase == PEEK and all(
            not st.active[s] or (st.looked[s] and not st.peeking[s]) for s in range(st.players)
        ):
            self._turn(st, 0, ev, intro="Everyone has looked")
        while st.phase == CLAIM and not st.window_open and not st.gives and not st.answers:
            if st.index < PYRAMID_SIZE - 1:
                self._turn(st, st.index + 1, ev)
            else:
                self._start_explore(st, ev)

    # clocks -------------------------------------------------------------------

    def _timeout(self, st: PyramidState, key: Any, ev: list[Any]) -> None:
        if not isinstance(key, str) or key not in {t.key for t in self.timers(st)}:
            raise IllegalAction("That clock has already stopped.")
        what, _, arg = key.partition(":")
        if what == "look":
            st.peeking = [False] * st.players
            self._turn(st, 0, ev, intro="Time to look is up")
        elif what == "peek":
            st.peeking[int(arg)] = False
            ev.append(Log(f"{{p{arg}}}'s look is over"))
        elif what == "claim":
            ev.append(Log(f"Time is up on the {_label(st.pyramid[st.index])}"))
            self._close_window(st)
        elif what == "give":
            g = next(g for g in st.gives if g["id"] == int(arg))
            giver = g["giver"]
            others = [s for s in range(st.players) if st.active[s] and s != giver]
            to = self._rng(st).choice(others)
            st.gives.remove(g)
            if st.convo:
                ev.append(Log(f"Time is up: the table names {{p{to}}} for {{p{giver}}}"))
                self._ask_answer(st, g, to, ev)
            else:
                rank = _rank(st.pyramid[g["index"]])
                self._pour(st, to, g["left"], ASSIGNED, f"a matched {rank_key(rank)}", giver, ev)
                ev.append(
                    Log(f"Time is up: {{p{giver}}}'s last {_sips(g['left'])} go to {{p{to}}}")
                )
        elif what == "answer":
            a = next(a for a in st.answers if a["id"] == int(arg))
            self._settle_answer(st, a, True, ev, late=True)
        elif what == "explore":
            first = next(p for p in row_range(st.ex_row) if not st.ex_turned[p])
            self._explore_turn(st, first, ev)

    def timers(self, state: PyramidState) -> list[Timer]:
        st = state

        def t(key: str, seconds: float, seats: tuple[int, ...] = ()) -> Timer:
            return Timer(key, seconds, {"type": "timeout", "key": key}, seats)

        out: list[Timer] = []
        if st.phase == PEEK:
            out.append(t("look", st.look_seconds))
            out += [t(f"peek:{s}", PEEK_SECONDS) for s in range(st.players) if st.peeking[s]]
        elif st.phase == CLAIM and st.window_open:
            out.append(t(f"claim:{st.index}", st.claim_seconds))
        if st.phase != OVER:
            out += [t(f"give:{g['id']}", GIVE_SECONDS, (g["giver"],)) for g in st.gives]
            out += [t(f"answer:{a['id']}", ANSWER_SECONDS, (a["target"],)) for a in st.answers]
        if st.phase == EXPLORE and st.explorer is not None:
            out.append(t(f"explore:{st.ex_n}", EXPLORE_SECONDS, (st.explorer,)))
        return out

    # queries ------------------------------------------------------------------

    def legal_actions(self, state: PyramidState, seat: int) -> list[Action]:
        st = state
        if st.phase == OVER or not 0 <= seat < st.players or not st.active[seat]:
            return []
        acts: list[Action] = []
        if st.phase == PEEK and not st.looked[seat]:
            acts.append({"type": "peek"})
        if self._can_lay(st, seat):
            for n, code in enumerate(st.hands[seat], start=1):
                if code is not None:
                    acts.append({"type": "lay", "slot": n})
            acts.append({"type": "pass"})
        mine = [g for g in st.gives if g["giver"] == seat]
        if mine:
            others = [s for s in range(st.players) if st.active[s] and s != seat]
            for to in others:
                if st.convo:
                    acts.append({"type": "give", "to": to})
                else:
                    for n in range(1, mine[0]["left"] + 1):
                        acts.append({"type": "give", "to": to, "sips": n})
        if any(a["target"] == seat for a in st.answers):
            acts += [{"type": "answer"}, {"type": "refuse"}]
        if st.phase == EXPLORE and st.explorer == seat:
            for p in row_range(st.ex_row):
                if not st.ex_turned[p]:
                    acts.append({"type": "explore", "pos": p})
        if st.convo and st.phase in (CLAIM, EXPLORE):
            for who in sorted(self._askable(st)):
                for i in range(st.index + 1):
                    acts.append({"type": "ask", "seat": who, "card": i})
        acts.append({"type": "leave"})
        return acts

    def _slots(self, st: PyramidState, seat: int, faces: bool) -> list[dict[str, Any]]:
        if not st.active[seat]:
            return []
        out = []
        for n, code in enumerate(st.hands[seat], start=1):
            if code is None:
                out.append({"slot": n, "state": "empty"})
            elif st.revealed[seat][n - 1]:
                out.append({"slot": n, "state": "revealed", "card": _label(code), "code": code})
            elif faces:
                out.append(
                    {"slot": n, "state": "hidden", "peek": True, "card": _label(code), "code": code}
                )
            else:
                out.append({"slot": n, "state": "hidden"})
        return out

    def view(self, state: PyramidState, seat: int | None) -> dict[str, Any]:
        st = state
        rows = []
        for r in range(len(ROW_VALUES)):
            cards = []
            for i in row_range(r):
                if i > st.index:
                    cards.append({"index": i, "face_down": True})
                else:
                    code = st.pyramid[i]
                    laid = [{"seat": s, "card": _label(c), "code": c} for s, c in st.laid[i]]
                    cards.append(
                        {
                            "index": i,
                            "face_down": False,
                            "card": _label(code),
                            "code": code,
                            "laid": laid,
                        }
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
                }
            )
        explore = None
        if st.phase == EXPLORE and st.explorer is not None:
            ex_rows = []
            for r in range(len(ROW_VALUES)):
                turned = [
                    {"pos": p, "card": _label(st.ex_pyramid[p]), "code": st.ex_pyramid[p]}
                    for p in row_range(r)
                    if st.ex_turned[p]
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
            }
        out: dict[str, Any] = {
            "phase": st.phase,
            "players": st.players,
            "convo": st.convo,
            "rows": rows,
            "index": current,
            "card": _label(st.pyramid[current]) if current is not None else None,
            "row_value": row_value(current) if current is not None else None,
            "window_open": st.window_open,
            "gives": [
                {
                    "id": g["id"],
                    "giver": g["giver"],
                    "left": g["left"],
                    "index": g["index"],
                    "card": _label(st.pyramid[g["index"]]),
                }
                for g in st.gives
            ],
            "answers": [
                {
                    "id": a["id"],
                    "giver": a["giver"],
                    "target": a["target"],
                    "sips": a["sips"],
                    "double": 2 * a["sips"],
                    "index": a["index"],
                    "card": _label(st.pyramid[a["index"]]),
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
                raise IllegalAction("You are not seated at this table.")
            out["me"] = {
                "seat": seat,
                "peeking": st.peeking[seat],
                "slots": self._slots(st, seat, faces=st.peeking[seat]),
            }
            out["legal"] = self.legal_actions(st, seat)
        return out

    def is_over(self, state: PyramidState) -> bool:
        return state.phase == OVER

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
            f"{{p{s}}}: gave {st.given[s]}, took {st.taken[s]}"
            + ("" if st.active[s] else " (left)")
            for s in range(st.players)
        ]
        return Results(outcomes=outcomes, summary=summary)

    def to_dict(self, state: PyramidState) -> dict[str, Any]:
        return {name: _dup(name, getattr(state, name)) for name in _FIELDS}

    def from_dict(self, data: dict[str, Any]) -> PyramidState:
        try:
            return PyramidState(**{name: _dup(name, data[name]) for name in _FIELDS})
        except KeyError as err:
            raise GameError(f"This saved game is missing {err}.") from err


ENGINE = PyramidEngine()
