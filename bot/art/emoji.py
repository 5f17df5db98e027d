"""Card faces as Discord application emoji: the bot uploads them itself and the private screens
show them beside the card labels (bot/ui/common.py ``card_emoji``).

A bot application may own up to 2,000 emoji of its own, usable in any server without the
server's emoji slots or the Use External Emojis permission. :func:`sync` runs once per start, in
the background after login: it lists the application's emoji, uploads the ones
:func:`bot.art.cards.all_emoji` names that are missing, and fills the registry (emoji name ->
id, one per process) that :func:`card_emoji` and :func:`back_emoji` read. A card without an
emoji (not uploaded yet, refused, or a sync that failed) is shown as its text label alone: the
label never changes, so nothing depends on the emoji being there.

Decisions:
- Sequential uploads, one at a time, each after the answers under way (``client.quiet``):
  Discord limits emoji creation on a bucket of its own, and discord.py waits out a 429 by
  itself; uploading in parallel would only meet the limit sooner, and would share the bot's
  connections and its global request budget with the answers players wait for.
- The PNGs are drawn in a worker thread (about 5 ms each with Pillow), never on the event loop;
  :func:`bot.art.cards.emoji_png` keeps them, so a process draws each once.
- Names are the identity: an emoji whose name is listed is taken as it is (a picture redrawn
  needs a new name to be uploaded again). Emoji of ours (``bk_``, ``bk4_``) that the code no
  longer names are left alone, not deleted: an older copy of the bot still running (a rolling
  update, another shard's process) may show them, and 2,000 is room enough for both.
- The registry changes at two moments only: at the listing (what exists already: every start
  after the first has all of them at once) and when the uploads end. A hand is never shown
  half with emoji and half without while they trickle in.
- A refusal of one emoji's own form (400 50035: its name or its image) skips that one; any
  other (the application's limit, 30008; a 403; Discord failing) stops the uploads, said in one
  warning line; the next start tries again. A name refused as taken is most likely another copy
  of the bot (a shard's process) uploading at the same time: the list is read again at the end.
- The registry belongs to one application: a sync for another one (another token; a test's new
  fake Discord) starts it afresh.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.engines.base import AnyCard

log = logging.getLogger(__name__)

PREFIXES = ("bk_", "bk4_")  # our emoji's names start with one of these
MAX_BYTES = 256 * 1024  # Discord's limit on an emoji's image
FORM_INVALID = 50035  # Invalid Form Body: the emoji's name or image
TOO_MANY = 30008  # Maximum number of emojis reached
TEXT_ONLY = "cards without an emoji show as text only"

_application: int | None = None  # whose emoji the registry holds
_emoji: dict[str, discord.PartialEmoji] = {}  # name -> the uploaded emoji


def card_emoji(card: AnyCard, *, four_colour: bool = False) -> discord.PartialEmoji | None:
    """The uploaded emoji of a card's face (a Spit card's deck does not matter for its face), or
    ``None`` when it is not (yet) uploaded: the caller shows the label alone."""
    if not _emoji:
        return None
    from bot.art.cards import emoji_name

    return _emoji.get(emoji_name(card, four_colour=four_colour))


def back_emoji(deck: int = 0, tarot: bool = False) -> discord.PartialEmoji | None:
    """The uploaded emoji of a card's back (Spit's ``deck`` 1, the tarot's), or ``None``."""
    if not _emoji:
        return None
    from bot.art.cards import emoji_name

    return _emoji.get(emoji_name(None, deck=deck, tarot=tarot))


def ready() -> dict[str, int]:
    """The registry: name -> emoji id of every emoji the screens may show now."""
    return {name: e.id for name, e in _emoji.items() if e.id is not None}


def reset() -> None:
    """Forget every emoji (tests; a sync for another application does it by itself)."""
    global _application, _emoji
    _application = None
    _emoji = {}


def _publish(application_id: int, ids: dict[str, int], *, listed: bool = False) -> None:
    """Make ``ids`` the emoji shown: all of them if ``listed`` (what Discord listed), else more
    of them (what was uploaded). In one step: no screen is drawn with a part."""
    global _application, _emoji
    _application = application_id
    new = {n: discord.PartialEmoji(name=n, id=i) for n, i in ids.items()}
    _emoji = new if listed else {**_emoji, **new}


async def sync(client: discord.Client) -> None:
    """Upload the card emoji the application lacks and fill the registry (see the module's
    docstring). Never raises, but for cancellation: a failure is a warning line, and cards then
    show as text."""
    started = time.monotonic()
    try:
        await _sync(client, started)
    except asyncio.CancelledError:
        raise
    except Exception as err:  # never the bot's start or its answers
        log.warning("card emoji: not synced (%s: %s); %s", type(err).__name__, err, TEXT_ONLY)


async def _sync(client: discord.Client, started: float) -> None:
    from bot.art.cards import all_emoji

    application_id = client.application_id
    if application_id is None:
        log.warning("card emoji: the application id is not known; %s", TEXT_ONLY)
        return
    if application_id != _application:
        reset()
    wanted = all_emoji()
    names = {name for name, _ in wanted}
    try:
        have = {e.name: e.id for e in await client.fetch_application_emojis()}
    except discord.HTTPException as err:
        log.warning(
            "card emoji: Discord refused the list of the application's emoji (%s, code %s: %s); "
            "%s, the next start tries again",
            err.status,
            err.code,
            err.text,
            TEXT_ONLY,
        )
        return
    known = {n: i for n, i in have.items() if n in names}
    _publish(application_id, known, listed=True)
    unused = sum(n.startswith(PREFIXES) and n not in names for n in have)  # left alone
    missing = [(n, draw) for n, draw in wanted if n not in known]
    uploaded: dict[str, int] = {}
    taken: list[tuple[str, discord.HTTPException]] = []  # refused 50035: maybe another copy's
    refused = 0
    try:
        for i, (name, draw) in enumerate(missing):
            outcome = await _upload(client, name, draw, len(missing) - i - 1)
            if isinstance(outcome, int):
                uploaded[name] = outcome
            elif outcome is None:
                refused += 1
            elif _own_form(outcome):
                taken.append((name, outcome))
            else:
                refused += len(missing) - i
                break
        if taken:  # uploaded meanwhile by another copy of the bot, or refused for good
            again = {e.name: e.id for e in await client.fetch_application_emojis()}
            uploaded.update({n: again[n] for n, _ in taken if n in again})
            still = [(n, err) for n, err in taken if n not in again]
            if still:
                refused += len(still)
                name, why = still[0]
                log.warning(
                    "card emoji: Discord refused emoji %s (%s, code %s: %s)%s: Discord will not "
                    "take its name or image; %s",
                    name,
                    why.status,
                    why.code,
                    why.text,
                    f" and {len(still) - 1} more the same way" if len(still) > 1 else "",
                    TEXT_ONLY,
                )
    finally:
        _publish(application_id, uploaded)
    log.info(
        "card emoji: %d ready, %d uploaded%s%s (%.1f s)",
        len(known) + len(uploaded),
        len(uploaded),
        f", {refused} not uploaded" if refused else "",
        f", {unused} of ours no longer used (left alone)" if unused else "",
        time.monotonic() - started,
    )


async def _upload(
    client: discord.Client, name: str, draw: Callable[[], bytes], after: int
) -> int | discord.HTTPException | None:
    """Upload one emoji: its id; the refusal of its form (50035, said later: see ``_sync``) or
    one that stops the uploads (said here); ``None``: skipped (said here)."""
    quiet: Any = getattr(client, "quiet", None)  # Barkeep's: set while no answer is under way
    if isinstance(quiet, asyncio.Event):
        await quiet.wait()
    png = await asyncio.to_thread(draw)
    if len(png) > MAX_BYTES:
        log.warning(
            "card emoji: %s not uploaded: its picture is %d KB, over Discord's 256 KB; %s",
            name,
            len(png) // 1024,
            TEXT_ONLY,
        )
        return None
    try:
        return (await client.create_application_emoji(name=name, image=png)).id
    except discord.HTTPException as err:
        if _own_form(err):
            return err
        log.warning(
            "card emoji: Discord refused emoji %s (%s, code %s: %s): %s; stopped uploading, "
            "%d more not tried; %s",
            name,
            err.status,
            err.code,
            err.text or "no text",
            _meaning(err),
            after,
            TEXT_ONLY,
        )
        return err


def _own_form(err: discord.HTTPException) -> bool:
    """A refusal of this one emoji's name or image (400 50035), not of uploads as such."""
    return err.status == 400 and err.code == FORM_INVALID


def _meaning(err: discord.HTTPException) -> str:
    """What a refusal that stops the uploads means, for the one warning line."""
    if err.code == TOO_MANY:
        return (
            "the application already has as many emoji as Discord allows (2,000); remove some "
            "in the Developer Portal (your application, Emojis) to make room"
        )
    if err.status in (401, 403):
        return "Discord does not let this bot upload emoji to its application"
    if err.status >= 500:
        return "Discord failed to take it; the next start tries again"
    return "Discord would not take it; the next start tries again"
