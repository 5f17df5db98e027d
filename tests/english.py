"""Finding English left in what a Swedish player was shown (issue 46's check).

A word counts as English when it is one of :data:`ENGLISH`: common English words that are not
Swedish words too ("drink", "last", "press", "trick", "hand" and "given", the deal, are Swedish as
well, and are not listed). A word is all its letters, å, ä and ö too ("tvåor" holds no "or").
What the cards show in every language (labels such as "Q🍷", the tarot's Major names such as
"The Devil", printed on the cards) is removed first, and so are the players' names, Discord
mentions, emoji and commands as typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.engines.cards import MAJOR_NAMES, french_deck, tarot_deck

ENGLISH = frozenset(
    """
    the you your you're yours with drinks sips sip wins won winner press presses cards card
    seat seats table tables game games player players waiting wait waits takes take gives give
    pile piles nobody everyone next first left out draws drew draw plays played play
    open opens closed round rounds time seconds only can't don't isn't it's this that there
    here who what when their them they have has not yet of to it an or are was were will
    would can could should must no yes now again over ends ended end starts started start's
    host hosts join joined leave leaves look looks looked choose chose choice chooses
    until after before each every all some any more less than which while done nothing
    something lost lose loses loser higher lower highest lowest high low double nothing
    """.split()
)
WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|')*")  # letters in a row (any alphabet's), and '
MENTION = re.compile(r"<[@#:!&a-zA-Z0-9_]*>|`[^`]*`")  # mentions, emoji, commands as typed
SEED = re.compile(r"\b[0-9a-f]{16,}\b")
FILE = re.compile(r"\S+\.(?:png|json|txt)\b")  # an attachment's file name (table-<key>.png)


def card_names() -> list[str]:
    """What the cards show in every language (their labels, the tarot's Major names), longest
    first."""
    names = {c.label for c in [*french_deck(), *tarot_deck()]} | set(MAJOR_NAMES)
    return sorted(names, key=len, reverse=True)


def english_in(texts: Iterable[str], names: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(the English word, the line it is in) for every English word left in ``texts``."""
    cards = card_names()
    found: list[tuple[str, str]] = []
    for text in texts:
        for line in text.splitlines():
            clean = MENTION.sub(" ", SEED.sub(" ", FILE.sub(" ", line)))
            for name in [*names, *cards]:
                clean = clean.replace(name, " ")
            for word in WORD.findall(clean):
                if word.lower() in ENGLISH:
                    found.append((word, line))
    return found
