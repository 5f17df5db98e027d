"""The contract every game engine keeps.

Engines are pure and synchronous: no discord, no asyncio, no I/O, no clock. A table replays
exactly from its seed, its options and its action log. Time enters only as actions: an engine
declares the clocks it wants with :meth:`Engine.timers`, and the table service applies the
clock's action when the deadline passes.

Actions are small JSON-able dicts with a ``"type"`` key. ``seat`` is the acting seat (0-based,
join order), or ``None`` for the table itself (a clock firing). Every engine accepts
``{"type": "leave"}`` from any seated player at any time.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

Action = dict[str, Any]
State = TypeVar("State")

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
    pass


class IllegalAction(GameError):
    pass


class GameOver(GameError):
    def __init__(self, message: str = "This game is over.") -> None:
        super().__init__(message)


@dataclass(frozen=True)
class Drink:
    """One ledger entry: ``seat`` drinks ``sips`` (for kind ``finish``, ``sips`` is 1)."""

    seat: int
    sips: int
    kind: str
    reason: str
    giver: int | None = None  # the seat that gave it, for kind ``assigned``


@dataclass(frozen=True)
class Log:
    """A public log line. ``{p0}``..``{p9}`` stand for the players' names, e.g. ``"{p1} drinks 7"``."""

    text: str


@dataclass(frozen=True)
class Private:
    """A line only ``seat`` may see (e.g. which card they were dealt)."""

    seat: int
    text: str


Event = Drink | Log | Private


@dataclass(frozen=True)
class Timer:
    """A clock the engine wants running.

    ``key`` names one decision and is never reused in a game; the table service starts the
    clock when a key first appears in :meth:`Engine.timers` and cancels it when the key
    disappears. On expiry the service applies ``action`` with ``seat=None``. ``seats`` are the
    players whose inaction this is: a timeout counts against them for the three-in-a-row rule.
    """

    key: str
    seconds: float
    action: Action
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Option:
    """A table option the host may set at start."""

    name: str
    default: int | bool
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def check(self, value: Any) -> int | bool:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise IllegalAction(f"{self.name} must be on or off.")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(f"{self.name} must be a whole number.")
        if self.minimum is not None and value < self.minimum:
            raise IllegalAction(f"{self.name} must be at least {self.minimum}.")
        if self.maximum is not None and value > self.maximum:
            raise IllegalAction(f"{self.name} must be at most {self.maximum}.")
        return value


@dataclass(frozen=True)
class Outcome:
    """How a seat finished: ``"won"``, ``"lost"``, ``"draw"`` or ``"left"``."""

    seat: int
    result: str


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


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def check_options(options_spec: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Fill defaults and validate; unknown names are refused."""
    known = {o.name: o for o in options_spec}
    for name in given:
        if name not in known:
            raise IllegalAction(f"Unknown option {name}.")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in options_spec}


class Engine(Generic[State]):
    """One game's rules. Subclasses are stateless; the state is passed in and returned."""

    name: ClassVar[str]  # "war": the slash command and the custom-id prefix
    title: ClassVar[str]  # "Double-or-Nothing War"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    host_actions: ClassVar[frozenset[str]] = frozenset()  # action types only the host may send

    def new_game(self, players: int, seed: str, options: dict[str, Any]) -> State:
        raise NotImplementedError

    def apply(self, state: State, seat: int | None, action: Action) -> tuple[State, list[Event]]:
        """Return the new state and what happened. Never mutates ``state``.

        Raises a :class:`GameError` for a move the rules refuse.
        """
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the public). Never holds a card hidden from them."""
        raise NotImplementedError

    def timers(self, state: State) -> list[Timer]:
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def results(self, state: State) -> Results:
        raise NotImplementedError

    def to_dict(self, state: State) -> dict[str, Any]:
        raise NotImplementedError

    def from_dict(self, data: dict[str, Any]) -> State:
        raise NotImplementedError
