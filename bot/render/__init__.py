"""Keeps what players see in step with the tables, under Discord's rate limits.

Public table messages:

- **One writer per message.** Everything that writes a table's public message (the renderer's
  edits, an interaction answer that shows the table on the clicked message, ``/table`` moving
  it) holds that table's writer lock and draws the screen *while holding it*, from the table as
  it is then. So the last write to land is always the newest state: an older screen can never
  land after a newer one.
- **Edits through the message's own interaction token.** The interaction that posted a table
  (``/…start``, ``/table``) and every click answered on the message itself can edit that
  message for 15 minutes (``@original``), each token with a bucket of its own. The renderer
  keeps the freshest one per table and edits through it, paced per token (:data:`TOKEN_BUDGET`).
- **A per-channel budget otherwise.** Without a live token (a table nobody touched for 15
  minutes, a clock firing on it), edits are channel requests, counted per channel by Discord.
  One :class:`ChannelWriter` per channel sends them one at a time, at most ``limit`` in any
  ``per`` seconds, and never while discord.py's copy of Discord's bucket for the route (read
  from the X-RateLimit headers) says the request would be answered 429. So no edit waits inside
  discord.py holding an old screen, and the bot does not earn 429s. A table waiting for its
  turn keeps only its newest state; a burst of ten actions costs one edit.
- **Remembered across restarts.** A fingerprint of the screen each public message and private
  view last showed is written to the store (in batches, after it landed: a kill can only make
  the bot redraw once too often, never too rarely). :meth:`Renderer.resync` runs after loading:
  every open table's message and every live private view that does not show what the store
  holds is redrawn, and a table without a message finds it again through the interaction that
  opened it (its token lives 15 minutes) or is posted anew.

Private views (ephemeral messages, editable only through the interaction token that made them,
for 15 minutes) follow their table the same way: one writer per view, the newest screen drawn
when the edit goes out, paced per token.

A channel that refuses the bot (403: Missing Access without View Channel, Missing Permissions
without Send Messages or Embed Links) gets no retry loop: the log names the permissions Barkeep
lacks there (from the channel's overwrites and the bot's roles, as the gateway announced them),
and the table's players are told once, in a plain message in the channel if the bot may post
there, else privately through the interaction token of the latest click on the table (or at
the next one). The next change tries again; a channel write that lands clears the state.

A table's thread that Discord archived is reopened by the bot (:meth:`Renderer._reopen`). A
locked one, or one Discord won't let the bot reopen, closes its tables rather than let their
clocks play on where nobody can see or answer them.

The modules, one job each:

- ``renderer.py``: :class:`Renderer`, the public messages (debounce, fingerprints, edits, posts),
  put together from the parts below;
- ``private.py``: the private views; ``threads.py``: the threads and channels tables live in;
  ``notices.py``: telling the players when a channel refuses the bot; ``restarts.py``: what the
  messages show, stored and brought in line after a start; ``playbyplay.py``: the spectators'
  play-by-play threads, kept from the action log;
- ``core.py``: the memory and services those parts share (drawing once per version, the writer
  locks, the tasks a flush waits for);
- ``writers.py``: a message's :class:`Writer` and a channel's :class:`ChannelWriter`;
  ``turns.py``: when background writes go (after the answers, one per turn of the event loop);
  ``budgets.py``: the per-channel and per-token budgets; ``permissions.py``: what the bot may
  do in a channel, and the words for what it lacks.
"""

from __future__ import annotations

from bot.render.budgets import (
    EDIT_ROUTE,
    OLD_EDITS,
    OLD_MESSAGE,
    POST_ROUTE,
    TOKEN_BUDGET,
    TOKEN_LIFE,
    Budget,
    EditToken,
    discord_bucket_delay,
)
from bot.render.core import (
    ANSWERING,
    PACE,
    THREAD_ARCHIVED,
    THREAD_IS_LOCKED,
    UNKNOWN_CHANNEL,
    UNKNOWN_WEBHOOK,
    Basis,
    PrivateFn,
    PublicFn,
    RendererCore,
    Shown,
    Stats,
)
from bot.render.permissions import (
    POSTING,
    THREAD_SEND,
    bot_permissions,
    lacking,
    may_post,
    missing_permissions,
    refused_text,
    start_warning,
)
from bot.render.renderer import Renderer
from bot.render.restarts import ENDED, RECENTLY_ENDED
from bot.render.threads import (
    JOINED_KEPT,
    REOPEN_EVERY,
    THREAD_SHUT,
    UNLISTED_KEPT,
)
from bot.render.turns import YIELD_AT_MOST, Turns
from bot.render.writers import ChannelWriter, Job, Writer

__all__ = [
    "ANSWERING",
    "EDIT_ROUTE",
    "ENDED",
    "JOINED_KEPT",
    "OLD_EDITS",
    "PACE",
    "OLD_MESSAGE",
    "POSTING",
    "POST_ROUTE",
    "RECENTLY_ENDED",
    "REOPEN_EVERY",
    "THREAD_ARCHIVED",
    "THREAD_IS_LOCKED",
    "THREAD_SEND",
    "THREAD_SHUT",
    "TOKEN_BUDGET",
    "TOKEN_LIFE",
    "UNKNOWN_CHANNEL",
    "UNKNOWN_WEBHOOK",
    "UNLISTED_KEPT",
    "YIELD_AT_MOST",
    "Basis",
    "Budget",
    "ChannelWriter",
    "EditToken",
    "Job",
    "PrivateFn",
    "PublicFn",
    "Renderer",
    "RendererCore",
    "Shown",
    "Stats",
    "Turns",
    "Writer",
    "bot_permissions",
    "discord_bucket_delay",
    "lacking",
    "may_post",
    "missing_permissions",
    "refused_text",
    "start_warning",
]
