"""Playing cards: the French 52-card deck, and the one place a card is formatted."""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "CDHS"  # clubs, diamonds, hearts, spades
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_CODES = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"}
CODE_RANKS = {**{str(r): r for r in range(2, 10)}, **{v: k for k, v in RANK_CODES.items()}}


@dataclass(frozen=True, order=True)
class Card:
    """A French card. ``rank`` is 2-14 (J 11, Q 12, K 13, A 14)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14 or self.suit not in SUITS:
            raise ValueError(f"no such card: {self.rank}{self.suit}")

    @property
    def code(self) -> str:
        """Two characters for storage: ``"TH"``, ``"AS"``, ``"7C"``."""
        return RANK_CODES.get(self.rank, str(self.rank)) + self.suit

    @classmethod
    def from_code(cls, code: str) -> Card:
        if len(code) != 2 or code[0] not in CODE_RANKS:
            raise ValueError(f"bad card code {code!r}")
        return cls(CODE_RANKS[code[0]], code[1])

    @property
    def rank_label(self) -> str:
        return RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def label(self) -> str:
        """For buttons and embeds: ``"10♥"``, ``"A♠"``."""
        return self.rank_label + SUIT_SYMBOLS[self.suit]

    @property
    def is_royal(self) -> bool:
        """J, Q, K or A (Pyramid's exploration)."""
        return self.rank >= 11

    def __str__(self) -> str:
        return self.label


def french_deck() -> list[Card]:
    """The 52 cards in a fixed order (shuffle with the table's generator)."""
    return [Card(rank, suit) for suit in SUITS for rank in range(2, 15)]
