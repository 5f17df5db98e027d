"""Playing cards: the French 52-card deck and the 78-card Alcohol Tarot (rules/tarot-deck.md).

Cards are small frozen dataclasses, stored as short codes (``"TH"``, ``"L12"``) and shown in one
way everywhere: ``label`` fits a button or a select option, ``name`` reads in a sentence, and
``str(card)`` is the label. Shuffling and dealing use the table's generator only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import TypeVar

from bot.engines.words import msg

C = TypeVar("C")

# -- French ---------------------------------------------------------------------------------

SUITS = "CDHS"  # clubs, diamonds, hearts, spades
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_CODES = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
CODE_RANKS = {**{str(r): r for r in range(2, 10)}, **{v: k for k, v in RANK_CODES.items()}}


_FRENCH: dict[str, Card] = {}  # code -> the one Card object for it


@dataclass(frozen=True, order=True)
class Card:
    """A French card. ``rank`` is 2-14 (J 11, Q 12, K 13, A 14)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14 or self.suit not in SUITS:
            raise ValueError(f"no such card: {self.rank}{self.suit}")

    @cached_property  # written with the state at every move
    def code(self) -> str:
        """Two characters for storage: ``"TH"``, ``"AS"``, ``"7C"``."""
        return RANK_CODES.get(self.rank, str(self.rank)) + self.suit

    @classmethod
    def from_code(cls, code: str) -> Card:
        # Cards are frozen: one object per code is shared by every table (a stored War table
        # holds 52 of them; thousands are loaded at start-up).
        card = _FRENCH.get(code) if isinstance(code, str) else None
        if card is not None and type(card) is cls:
            return card
        if not isinstance(code, str) or len(code) != 2 or code[0] not in CODE_RANKS:
            raise ValueError(f"bad card code {code!r}")
        card = cls(CODE_RANKS[code[0]], code[1])
        _FRENCH[code] = card
        return card

    def to_json(self) -> str:
        return self.code

    @classmethod
    def from_json(cls, data: object) -> Card:
        if not isinstance(data, str):
            raise ValueError(f"bad card code {data!r}")
        return cls.from_code(data)

    @property
    def rank_label(self) -> str:
        return RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def label(self) -> str:
        """For buttons and embeds: ``"10♥"``, ``"A♠"``."""
        return self.rank_label + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """In a sentence, in English: ``"10 of hearts"``, ``"Ace of spades"``."""
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    @property
    def said(self) -> str:
        """In a sentence, in the reader's language (``words.msg``): "10 of hearts"."""
        return msg("card-french", rank=self.rank, suit=self.suit)

    @property
    def is_royal(self) -> bool:
        """J, Q, K or A (Pyramid's exploration)."""
        return self.rank >= 11

    def __str__(self) -> str:
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)


def french_deck() -> list[Card]:
    """The 52 cards in a fixed order (shuffle with the table's generator)."""
    return [Card(rank, suit) for suit in SUITS for rank in range(2, 15)]


# -- Alcohol Tarot ----------------------------------------------------------------------------


class Suit(Enum):
    """The four minor suits and the Majors, in the rules' order (beers < ... < Majors)."""

    BEERS = "B"
    LAGERS = "L"
    WINES = "W"
    SPIRITS = "S"
    MAJORS = "M"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()


_SYMBOLS = {
    Suit.BEERS: "\U0001f37a",  # 🍺
    Suit.LAGERS: "\U0001f37b",  # 🍻
    Suit.WINES: "\U0001f377",  # 🍷
    Suit.SPIRITS: "\U0001f943",  # 🥃
    Suit.MAJORS: "\u2728",  # ✨
}
_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}
MINOR_SUITS = (Suit.BEERS, Suit.LAGERS, Suit.WINES, Suit.SPIRITS)

PAGE, KNIGHT, QUEEN, KING = 11, 12, 13, 14
COURT_SHORT = {PAGE: "P", KNIGHT: "Kn", QUEEN: "Q", KING: "K"}
COURT_NAMES = {PAGE: "Page", KNIGHT: "Knight", QUEEN: "Queen", KING: "King"}

FOOL, HANGED_MAN, DEATH, DEVIL = 0, 12, 13, 15
MAJOR_NAMES = (
    "The Drunken Fool",
    "The Magician",
    "The High Priestess",
    "The Empress",
    "The Emperor",
    "The Hierophant",
    "The Lovers",
    "The Chariot",
    "Strength",
    "The Hermit",
    "The Wheel of Fortune",
    "Justice",
    "The Hanged Man",
    "Death",
    "Temperance",
    "The Devil",
    "The Tower",
    "The Star",
    "The Moon",
    "The Sun",
    'Judgement ("Last Call")',
    "The World",
)
ROMAN = "0 I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI".split()


@dataclass(frozen=True)
class TarotCard:
    """A card of the Alcohol Tarot. Minors: ``rank`` 1-14 (Page 11 ... King 14); Majors: 0-21.

    ``value`` is the rules' order value: a minor's rank, a Major's number. Cards sort by suit
    (beers, lagers, wines, spirits, Majors), then rank.
    """

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        top = 21 if self.suit is Suit.MAJORS else 14
        low = 0 if self.suit is Suit.MAJORS else 1
        if not isinstance(self.suit, Suit) or not low <= self.rank <= top:
            raise ValueError(f"no such tarot card: {self.suit} {self.rank}")

    @property
    def is_major(self) -> bool:
        return self.suit is Suit.MAJORS

    @property
    def value(self) -> int:
        return self.rank

    @cached_property
    def code(self) -> str:
        """For storage: ``"B7"``, ``"L13"`` (Queen of lagers), ``"M15"`` (the Devil)."""
        return f"{self.suit.value}{self.rank}"

    @classmethod
    def from_code(cls, code: str) -> TarotCard:
        if (
            not isinstance(code, str)
            or len(code) < 2
            or not code[1:].isascii()
            or not code[1:].isdigit()
        ):
            raise ValueError(f"bad tarot card code {code!r}")
        try:
            suit = Suit(code[0])
        except ValueError:
            raise ValueError(f"bad tarot card code {code!r}") from None
        return cls(suit, int(code[1:]))

    def to_json(self) -> str:
        return self.code

    @classmethod
    def from_json(cls, data: object) -> TarotCard:
        if not isinstance(data, str):
            raise ValueError(f"bad tarot card code {data!r}")
        return cls.from_code(data)

    @property
    def rank_label(self) -> str:
        if self.is_major:
            return ROMAN[self.rank]
        return COURT_SHORT.get(self.rank, str(self.rank))

    @property
    def label(self) -> str:
        """Short, for buttons and select options: ``"Q🍷"``, ``"7🍺"``, ``"XV The Devil"``."""
        if self.is_major:
            return f"{ROMAN[self.rank]} {MAJOR_NAMES[self.rank]}"
        return self.rank_label + self.suit.symbol

    @property
    def name(self) -> str:
        """In a sentence, in English: ``"the Queen of Wines"``, ``"the 7 of Beers"``, ``"The
        Devil"``."""
        if self.is_major:
            return MAJOR_NAMES[self.rank]
        return f"the {COURT_NAMES.get(self.rank, str(self.rank))} of {self.suit.title}"

    @property
    def said(self) -> str:
        """In a sentence, in the reader's language (``words.msg``): "the Queen of Wines"."""
        if self.is_major:
            return msg("card-major", n=self.rank)
        return msg("card-tarot", rank=self.rank, suit=self.suit.value)

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.suit.order, self.rank)

    def __lt__(self, other: TarotCard) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)


def tarot_deck() -> list[TarotCard]:
    """The 78 cards in a fixed order (shuffle with the table's generator)."""
    minors = [TarotCard(s, r) for s in MINOR_SUITS for r in range(1, 15)]
    return minors + [TarotCard(Suit.MAJORS, n) for n in range(22)]


def major(number: int) -> TarotCard:
    return TarotCard(Suit.MAJORS, number)


TAROT = tuple(tarot_deck())  # the fixed order that numbers the cards
_TAROT_NUMBERS = {card: n for n, card in enumerate(TAROT)}


def tarot_number(card: TarotCard) -> int:
    """A card's stable number (0-77): its place in :func:`tarot_deck`, suit by suit, the
    Majors last. Short enough for a custom id, and it sorts a hand by suit and rank."""
    return _TAROT_NUMBERS[card]


def tarot_card(number: int) -> TarotCard:
    """The card with this :func:`tarot_number`."""
    return TAROT[number]


# -- dealing ----------------------------------------------------------------------------------


def shuffled(cards: Sequence[C], rnd: random.Random) -> list[C]:
    """A shuffled copy, drawn from the table's generator (see ``base.rng``)."""
    out = list(cards)
    rnd.shuffle(out)
    return out


def deal(cards: Sequence[C], hands: int, each: int | None = None, first: int = 0) -> list[list[C]]:
    """Deal one card at a time round the table, starting with seat ``first``.

    ``each`` cards per hand, or every card (hands may then be uneven). Index 0 of ``cards`` is
    dealt first; what is not dealt is left out (take it with ``cards[hands * each:]``).
    """
    out: list[list[C]] = [[] for _ in range(hands)]
    count = len(cards) if each is None else hands * each
    if count > len(cards):
        raise ValueError(f"can't deal {count} cards from {len(cards)}")
    for i in range(count):
        out[(first + i) % hands].append(cards[i])
    return out
