"""The contract every game engine keeps.

Engines are pure and synchronous: no discord, no asyncio, no I/O, no clock. A table replays
exactly from its seed, its options and its action log. Time enters only as actions: an engine
declares the clocks it wants with :meth:`Engine.timers`, and the table service applies the
clock's :class:`Timeout` when the deadline passes.

A game is one :class:`Engine` subclass in its own module of ``bot/engines`` with a module-level
``ENGINE``; ``bot.engines.ENGINES`` finds it there. It declares its name, players, options and
verbs (:class:`Action` subclasses) once, and writes only the rules: :meth:`Engine.new_game`,
:meth:`Engine.play` (on a private copy of the state), :meth:`Engine.legal_actions`,
:meth:`Engine.view`, :meth:`Engine.hidden`, :meth:`Engine.timers`, :meth:`Engine.is_over` and
:meth:`Engine.results`. The base class carries the plumbing: parsing and checking the action and
the acting seat, copying the state, and storing it (``bot/engines/records.py``).

Decisions:
- An action is a frozen dataclass with a verb; its JSON form is ``{"type": verb, **fields}``
  (fields that are ``None`` left out), the form stored in every action log since the first
  version. Its custom-id form is the verb plus its fields joined by ``.``; a select or a form
  fills one field (marked ``_``) from what the player chose or wrote. One codec does both ways.
- Every engine accepts :class:`Leave` from any seated player at any time, and :class:`Timeout`
  from the table (``seat=None``) for a clock it currently declares.
- A view holds cards only as card objects, never as code strings, so the contract test can find
  every card in it and compare it with what :meth:`Engine.hidden` says the viewer may not see.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar, get_args, get_origin

from bot.engines import records
from bot.engines.cards import Card, TarotCard
from bot.engines.records import StateError
from bot.engines.words import MSG, msg

__all__ = ["MSG", "StateError", "msg"]

S = TypeVar("S")
AnyCard = Card | TarotCard

# Ledger kinds (shared/rules/README.md).
DRINK = "drink"
SOCIAL = "social"
PENALTY = "penalty"
ASSIGNED = "assigned"
FINISH = "finish"
FORFEIT = "forfeit"


class GameError(Exception):
    """A move the rules refuse. ``str(err)`` is a short sentence shown privately to the player."""


class NotYourTurn(GameError):
    def __init__(self, message: str = msg("table-not-your-turn")) -> None:
        super().__init__(message)


class IllegalAction(GameError):
    pass


class GameOver(GameError):
    def __init__(self, message: str = msg("table-game-over")) -> None:
        super().__init__(message)


# -- actions ----------------------------------------------------------------------------------

_ARG_TEXT = re.compile(r"[A-Za-z0-9_-]*")
_ARG_INT = re.compile(r"-?[0-9]{1,9}")
FILL = "_"  # in a custom id: this field comes from the select's values or the form's text


@dataclass(frozen=True)
class Action:
    """A move. Declare one per verb: ``@dataclass(frozen=True) class Lay(Action, verb="lay")``."""

    verb: ClassVar[str] = ""

    def __init_subclass__(cls, verb: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if verb:
            if not re.fullmatch(r"[a-z_]+", verb):
                raise ValueError(f"bad verb {verb!r}")
            cls.verb = verb

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.verb}
        for f in records.record_fields(type(self)):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = records.dump(value)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        body = {k: v for k, v in data.items() if k != "type"}
        return records.load_record(cls, body)

    # the custom-id form ---------------------------------------------------------------------
    def to_arg(self, fill: str | None = None) -> str | None:
        """The fields for a custom id: ``"3"``, ``"2.5"``, ``"1,4"``; ``fill`` is written ``_``."""
        parts = []
        for f in records.record_fields(type(self)):
            if f.name == fill:
                parts.append(FILL)
                continue
            parts.append(_encode(getattr(self, f.name), f.name))
        while parts and parts[-1] == "":
            parts.pop()
        return ".".join(parts) if parts else None

    @classmethod
    def arg_with(cls, fill: str, **known: Any) -> str:
        """The custom-id form of a select or form: ``known`` fields, and ``fill`` chosen later."""
        names = [f.name for f in records.record_fields(cls)]
        if fill not in names or not set(known) <= set(names) - {fill}:
            raise ValueError(f"{cls.__name__} has no field {fill!r} to fill")
        parts = [FILL if n == fill else _encode(known.get(n), n) for n in names]
        while parts and parts[-1] == "":
            parts.pop()
        return ".".join(parts)

    @classmethod
    def from_arg(cls, arg: str | None, values: list[str] | None = None) -> Action:
        """Read :meth:`to_arg`'s form back; ``values`` fill the ``_`` field. Raises ValueError."""
        fields_ = records.record_fields(cls)
        parts = arg.split(".") if arg else []
        if len(parts) > len(fields_):
            raise ValueError("too many fields")
        hints = records._hints(cls)
        kwargs: dict[str, Any] = {}
        for f, part in zip(fields_, parts, strict=False):
            tp = hints[f.name]
            if part == FILL:
                if values is None:
                    raise ValueError("nothing chosen")
                kwargs[f.name] = _decode_values(tp, values)
            elif part != "":
                kwargs[f.name] = _decode(tp, part)
        try:
            return cls(**kwargs)
        except TypeError as err:
            raise ValueError(str(err)) from None


def _base(tp: Any) -> Any:
    """``int | None`` -> ``int``."""
    args = [a for a in get_args(tp) if a is not type(None)]
    return args[0] if get_origin(tp) is not list and len(args) == 1 else tp


def _encode(value: Any, name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and _ARG_TEXT.fullmatch(value) and value != FILL:
        return value
    if isinstance(value, list | tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return ",".join(map(str, value))
    raise ValueError(f"field {name}={value!r} can't go in a custom id")


def _int(text: str) -> int:
    """ASCII digits only, and never a number no table could use."""
    if not _ARG_INT.fullmatch(text):
        raise ValueError(f"not a number: {text!r}")
    return int(text)


def _decode(tp: Any, text: str) -> Any:
    tp = _base(tp)
    if tp is bool:
        if text not in ("0", "1"):
            raise ValueError(f"not on/off: {text!r}")
        return text == "1"
    if tp is int:
        return _int(text)
    if tp is str:
        if not _ARG_TEXT.fullmatch(text):
            raise ValueError(f"bad text {text!r}")
        return text
    if get_origin(tp) in (list, tuple):
        items = [_int(t) for t in text.split(",")] if text else []
        return items if get_origin(tp) is list else tuple(items)
    raise ValueError(f"can't read {tp!r} from a custom id")


def _decode_values(tp: Any, values: list[str]) -> Any:
    tp = _base(tp)
    if get_origin(tp) in (list, tuple):
        items = [_int(v) for v in values]
        if len(set(items)) != len(items):
            raise ValueError("the same choice twice")
        return items if get_origin(tp) is list else tuple(items)
    if len(values) != 1:
        raise ValueError("choose one")
    if tp is str:
        return values[0]  # a form's text: the game checks it
    return _decode(tp, values[0])


@dataclass(frozen=True)
class Leave(Action, verb="leave"):
    """Leave the game (``timeouts``: removed by the table after that many timeouts in a row)."""

    timeouts: int | None = None


@dataclass(frozen=True)
class Timeout(Action, verb="timeout"):
    """A clock ran out; only the table (``seat=None``) sends it."""

    key: str


# -- events -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drink:
    """One ledger entry: ``seat`` drinks ``sips`` (for kinds ``finish``/``forfeit``, ``sips`` is 1)."""

    seat: int
    sips: int
    kind: str
    reason: str
    giver: int | None = None  # the seat that gave it, for kind ``assigned``


@dataclass(frozen=True)
class Log:
    """A public log line. ``{p0}``..``{p9}`` stand for the players' names, e.g. ``"{p1} drinks 7"``.

    Text a player wrote goes in through :func:`literal`, so it is shown as written.
    """

    text: str


_MARKDOWN = re.compile(r"([\\*_~|`>#\[\]])")
_LINE_BREAKS = re.compile(r"[\r\n\v\f\x85\u2028\u2029]+")


def literal(text: str) -> str:
    """A player's own words inside a :class:`Log` or :class:`Private` line, shown as written:
    on one line, braces doubled (``{p1}`` stays ``{p1}`` instead of becoming a name),
    Markdown escaped (a masked link ``[text](address)`` shows its address; a heading or
    subtext needs a line of its own), and ``@`` followed by a zero-width space (no mention)."""
    text = _MARKDOWN.sub(r"\\\1", _LINE_BREAKS.sub(" ", text)).replace("@", "@\u200b")
    return text.replace("{", "{{").replace("}", "}}")


@dataclass(frozen=True)
class Private:
    """A line only ``seat`` may see ("you drew the 7 of Lagers"), shown in their private view."""

    seat: int
    text: str


Event = Drink | Log | Private


@dataclass(frozen=True)
class Mark:
    """Where a part of the game begins (:meth:`Engine.marks`): ``states[step]`` is its first
    state. ``label`` names it in the words of the game's rules, ``{p0}``... for names ("Hand 3",
    "Hand 2, trick 5", "{p1} explores"); ``part``, the larger part it belongs to ("Hand 2"),
    the same for consecutive marks, lets a menu with no room for every mark share its room out
    between the parts."""

    step: int
    label: str
    part: str | None = None


@dataclass(frozen=True)
class Timer:
    """A clock the engine wants running.

    ``key`` names one decision and is never reused in a game; the table service starts the
    clock when a key first appears in :meth:`Engine.timers` and cancels it when the key
    disappears. On expiry the service applies ``Timeout(key)`` with ``seat=None``. ``seats`` are
    the players whose inaction this is: a timeout counts against them for the three-in-a-row rule.

    ``owes``: the clock runs on a debt of its one seat (a loser's choice of drink, sips to give,
    an answer or a double drink). A player who leaves while such a clock runs for them is first
    charged what its timeout does, so that a drink already owed is never lost to a leave.

    ``pauses``: while the bot is away its clocks stand still, so that nobody is timed out for
    the bot's outage. A clock that measures what players get whatever the bot does (a look at
    one's cards, which stay on their screen while the bot is away) says False: it runs on, and
    one that ran out meanwhile fires as soon as the bot is back.
    """

    key: str
    seconds: float
    seats: tuple[int, ...] = ()
    owes: bool = False
    pauses: bool = True

    @property
    def action(self) -> Timeout:
        return Timeout(self.key)


@dataclass(frozen=True)
class Option:
    """A table option the host may set at start: ``/<game> start <name>:<value>``.

    ``label`` is the short form on the table ("Seconds to choose"); ``describe`` the slash
    command's help ("Seconds the loser has to choose"), to which the range and default are added.
    """

    name: str
    default: int | bool
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    describe: str = ""

    def check(self, value: Any) -> int | bool:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise IllegalAction(msg("table-option-on-off", name=self.name))
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(msg("table-option-whole", name=self.name))
        if self.minimum is not None and value < self.minimum:
            raise IllegalAction(msg("table-option-min", name=self.name, n=self.minimum))
        if self.maximum is not None and value > self.maximum:
            raise IllegalAction(msg("table-option-max", name=self.name, n=self.maximum))
        return value

    @property
    def help(self) -> str:
        """The slash command's description of this option, with its range and default."""
        text = self.describe or self.label or self.name
        if isinstance(self.default, bool):
            return f"{text} (default {'on' if self.default else 'off'})"
        return f"{text} ({self.minimum}-{self.maximum}, default {self.default})"


WON, LOST, DRAW, LEFT = "won", "lost", "draw", "left"


@dataclass(frozen=True)
class Outcome:
    """How a seat finished: ``"won"``, ``"lost"``, ``"draw"`` or ``"left"``.

    Games that rank every player give ``place`` (1 = first); games scored in points give
    ``points``. Both are stored with the result and shown by /tally.
    """

    seat: int
    result: str
    place: int | None = None
    points: int | None = None


@dataclass
class Results:
    outcomes: list[Outcome] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)  # public end-screen lines, {pN} names


def rng(seed: str, *salt: object) -> random.Random:
    """A generator derived from the table seed and a salt (e.g. a shuffle counter).

    Engines keep the counter in their state, so a state restored with ``from_dict`` draws
    exactly what the original would have drawn, and no generator state needs storing.
    """
    material = ":".join([seed, *map(str, salt)]).encode()
    return random.Random(int.from_bytes(hashlib.sha256(material).digest(), "big"))


@functools.lru_cache(maxsize=1024)  # every screen of a table shows it
def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def check_options(options_spec: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Fill defaults and validate; unknown names are refused."""
    known = {o.name: o for o in options_spec}
    for name in given:
        if name not in known:
            raise IllegalAction(msg("table-option-unknown", name=name))
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in options_spec}


def and_list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 sip"``, ``"2 sips"``, ``"3 cards"``: the one plural helper."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def sips(n: int) -> str:
    return plural(n, "sip")


# -- the engine -------------------------------------------------------------------------------

SCORING = ("sips", "places", "points")


class Engine(Generic[S]):
    """One game's rules. Subclasses are stateless; the state is passed in and returned.

    ``state_type`` is taken from ``Engine[MyState]``; the state is a dataclass with a
    ``players`` field (the number of seats).
    """

    name: ClassVar[str]  # "war": the slash command group and the custom-id prefix
    title: ClassVar[str]  # "Double-or-Nothing War"
    blurb: ClassVar[str]  # one line for the slash group and the README: "for two"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    actions: ClassVar[tuple[type[Action], ...]] = ()  # the game's verbs (Leave, Timeout: always)
    host_actions: ClassVar[frozenset[type[Action]]] = frozenset()  # only the host may send these
    # the rules make the host a player with a part of their own (Black Death: the dealer is the
    # host, and writes the forfeit): the game starts only with the host seated (seat 0)
    host_plays: ClassVar[bool] = False
    # moves the table asks about first, privately: (the question, its Yes button's label); for
    # actions without fields that end or change the game for everyone at one tap
    ask_first: ClassVar[dict[type[Action], tuple[str, str]]] = {}
    # a player who leaves mid-game leaves their seat open for someone else to take over, with
    # its cards and place (bot/tables/seats.py); False where the rules make that impossible
    # (leaving ends the game): their Leave is applied at once
    seat_takeover: ClassVar[bool] = True

    @classmethod
    def asked(cls, verb: str | None) -> type[Action] | None:
        """The move of :attr:`ask_first` that ``verb`` names, if any."""
        return next((a for a in cls.ask_first if a.verb == verb), None)

    scoring: ClassVar[str] = "sips"  # what /tally shows besides wins: "sips", "places", "points"
    # a player's last move may be taken back by consent (bot/engines/takeback.py); False for
    # a game played in real time, where there is no "last move" to wait on (Spit)
    takebacks: ClassVar[bool] = True
    drinks: ClassVar[bool] = True  # False: nobody drinks in this game (the consent says so)

    @classmethod
    def drinks_with(cls, options: dict[str, Any]) -> bool:
        """Whether anyone may drink at a table with these options (the consent and the lobby
        say so): :attr:`drinks`, unless a game drinks only by a house rule."""
        return cls.drinks

    state_type: ClassVar[type[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is Engine:
                (cls.state_type,) = get_args(base)
        if cls.scoring not in SCORING:
            raise ValueError(f"{cls.__name__}.scoring must be one of {SCORING}")

    # -- verbs ----------------------------------------------------------------------------
    @cached_property
    def verbs(self) -> dict[str, type[Action]]:
        every: tuple[type[Action], ...] = (*self.actions, Leave, Timeout)
        out = {cls.verb: cls for cls in every}
        if len(out) != len(self.actions) + 2:
            raise ValueError(f"{self.name}: two actions share a verb")
        return out

    def parse(self, action: Action | dict[str, Any]) -> Action:
        """An :class:`Action` of this game from itself or its JSON form (a stored log)."""
        if isinstance(action, Action):
            if self.verbs.get(action.verb) is not type(action):
                raise IllegalAction(msg("table-not-a-move"))
            return action
        if not isinstance(action, dict):
            raise IllegalAction(msg("table-not-a-move"))
        cls = self.verbs.get(action.get("type"))  # type: ignore[arg-type]
        if cls is None:
            raise IllegalAction(msg("table-not-a-move"))
        try:
            return cls.from_json(action)
        except StateError as err:
            raise IllegalAction(msg("table-not-a-move")) from err

    # -- the one way in -------------------------------------------------------------------
    def apply(
        self, state: S, seat: int | None, action: Action | dict[str, Any]
    ) -> tuple[S, list[Event]]:
        """Return the new state and what happened. Never mutates ``state``.

        Raises a :class:`GameError` for a move the rules refuse.
        """
        act = self.parse(action)
        if self.is_over(state):
            raise GameOver()
        if isinstance(act, Timeout):
            if seat is not None:
                raise IllegalAction(msg("table-clock-only"))
            if act.key not in {t.key for t in self.timers(state)}:
                raise IllegalAction(msg("table-clock-stopped"))
        else:
            if seat is None:
                raise IllegalAction(msg("table-player-only"))
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise IllegalAction(msg("table-not-seated"))
            if not 0 <= seat < self.players(state):
                raise IllegalAction(msg("table-not-seated"))
            if not self.is_active(state, seat) and type(act) not in self.host_actions:
                # a host out of the game keeps the table's powers (the table checks the host)
                raise IllegalAction(msg("table-no-longer-playing"))
        new = records.copy(state)
        events: list[Event] = []
        if isinstance(act, Leave):
            self._settle_debts(new, seat, events)
            if self.is_over(new):
                return new, events
        self.play(new, seat, act, events)
        return new, events

    def _settle_debts(self, state: S, seat: int | None, events: list[Event]) -> None:
        """Before ``seat`` leaves: the timeout of every clock that runs on a debt of theirs."""
        for _ in range(100):  # a debt's timeout may open the next one (a double to choose...)
            owed = [t for t in self.timers(state) if t.owes and t.seats == (seat,)]
            if not owed or self.is_over(state):
                return
            self.play(state, None, owed[0].action, events)

    def play(self, state: S, seat: int | None, action: Action, events: list[Event]) -> None:
        """Carry out ``action`` on ``state`` (a private copy: change it in place)."""
        raise NotImplementedError

    # -- the rules ------------------------------------------------------------------------
    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> S:
        raise NotImplementedError

    def opening(self, state: S) -> list[Event]:
        """What the deal itself tells the table (pairs thrown at the deal...): logged at start."""
        return []

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every move ``seat`` may make now (Leave included while the game runs)."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> Any:
        """What ``seat`` may see (``None``: the public). Cards appear only as card objects."""
        raise NotImplementedError

    def hidden(self, state: S, viewer: int | None) -> Collection[AnyCard]:
        """The cards ``viewer`` (``None``: the public) may not see now."""
        raise NotImplementedError

    def holdings(self, state: S) -> Sequence[Sequence[AnyCard]] | None:
        """Optional: every card each seat holds that the table can't see, in order (a finished
        game's replay shows them). ``None``: what each seat sees that the table does not."""
        return None

    def marks(self, states: Sequence[S], events: Sequence[Sequence[Event]]) -> list[Mark]:
        """Optional: where each hand, round, trick or row of a game begins, as its rules count
        them, for a replay's jump menu. ``states[i]`` is the state after ``i`` steps
        (``states[0]``: the deal), ``events[i]`` the events of step ``i``. At most one mark a
        step, in step order, none at step 0 (the deal is always a place to jump to). Read from
        the states and events alone: nothing is kept in the state for it. Default: none (the
        menu offers evenly spaced steps)."""
        return []

    def timers(self, state: S) -> list[Timer]:
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def results(self, state: S) -> Results:
        raise NotImplementedError

    def highlights(self, state: S, drinks: list[Drink]) -> list[str]:
        """Optional: the end screen's best moments that only the game knows, most telling
        first, ``{p0}``... for names ("{p1} went double or nothing: won 2, lost 1"). ``drinks``
        are this game's drinks as the ledger holds them (one per drink, in order; a player who
        erased their history is missing), so a highlight needs no history kept in the state.
        The platform adds its own from the ledger (the biggest drink, who gave the most)."""
        return []

    def players(self, state: S) -> int:
        return int(state.players)  # type: ignore[attr-defined]

    def is_active(self, state: S, seat: int) -> bool:
        """Whether ``seat`` still plays (has not left or been knocked out)."""
        return True

    def may_take_over(self, state: S, seat: int) -> bool:
        """Whether ``seat``, left now, may wait for someone to take it over
        (:attr:`seat_takeover`); False: its Leave is applied at once (a seat that only owes
        the end of the game, such as Black Death's loser)."""
        return self.seat_takeover

    # -- storage --------------------------------------------------------------------------
    def to_dict(self, state: S) -> dict[str, Any]:
        data: dict[str, Any] = records.dump(state)
        return data

    def from_dict(self, data: dict[str, Any]) -> S:
        """Raises :class:`StateError` when the stored state can't be read."""
        state: S = records.load_record(self.state_type, data)
        return state

    def copy(self, state: S) -> S:
        return records.copy(state)
